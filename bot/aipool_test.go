package bot_test

import (
	"context"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/bot"
	"github.com/taflbot/taflbot/storage"
	"github.com/taflbot/taflbot/tafl"
)

// gateEngine plays policy moves; at the levels in slow it first waits
// until the gate opens (or the search is cancelled). It records how many
// searches of each level run at once.
type gateEngine struct {
	policy *policyEngine
	slow   map[string]bool
	gate   chan struct{}

	mu      sync.Mutex
	running map[string]int
	most    map[string]int
	calls   map[string]int
}

func newGateEngine(slow ...string) *gateEngine {
	e := &gateEngine{policy: newPolicyEngine(21), slow: map[string]bool{}, gate: make(chan struct{}),
		running: map[string]int{}, most: map[string]int{}, calls: map[string]int{}}
	for _, l := range slow {
		e.slow[l] = true
	}
	return e
}

func (e *gateEngine) Move(ctx context.Context, g *tafl.Game, level string, think time.Duration) (tafl.Move, error) {
	e.mu.Lock()
	e.calls[level]++
	e.running[level]++
	e.most[level] = max(e.most[level], e.running[level])
	e.mu.Unlock()
	defer func() { e.mu.Lock(); e.running[level]--; e.mu.Unlock() }()
	if e.slow[level] {
		select {
		case <-e.gate:
		case <-ctx.Done():
			return tafl.NoMove, ctx.Err()
		}
	}
	return e.policy.Move(ctx, g, level, think)
}

func (e *gateEngine) stats(level string) (calls, running, most int) {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.calls[level], e.running[level], e.most[level]
}

// engineBoards counts the boards with an engine move posted for game id.
func engineBoards(t *testing.T, h *harness, id storage.GameID) int {
	t.Helper()
	n := 0
	for _, rec := range h.fake.requests("/channels/" + channel + "/messages") {
		if rec.Method == "POST" && strings.Contains(decode(t, rec.Body).Content, "**Game "+id.String()+"**") &&
			strings.Contains(decode(t, rec.Body).Content, "taflbot played") {
			n++
		}
	}
	return n
}

// TestEngineFairAcrossUsers is the test: one user with ten games
// at level max (searches that do not end until the test opens their
// gate), another with one easy game. The easy game's engine move is
// played and posted while every max search is still thinking: one
// user's games never hold every worker, and the other user's job does
// not queue behind them — were it to, it would wait for the gate, never
// opened before the move is seen, and the test would time out. No
// wall-clock limit is needed (it had one of 2 s, which a busy machine
// could exceed); the time is logged.
func TestEngineFairAcrossUsers(t *testing.T) {
	eng := newGateEngine("max")
	h := newHarness(t, eng)
	for range 10 {
		if r, _ := h.slash(alice, "ai", opt("variant", "brandubh"), opt("side", "defenders"), opt("level", "max")); isEphemeral(r) {
			t.Fatal(r.Content)
		}
	}
	waitFor(t, "a max search", func() bool { _, running, _ := eng.stats("max"); return running > 0 })
	if r, _ := h.slash(bob, "ai", opt("variant", "brandubh"), opt("side", "defenders"), opt("level", "easy")); isEphemeral(r) {
		t.Fatal(r.Content)
	}
	// The engine's job is queued once the reply (drawing the first board,
	// a second on a busy machine under -race) is sent: time from there.
	start := time.Now()
	g := gameOf(t, h, bob)
	waitFor(t, "the easy game's engine move", func() bool { return gameOf(t, h, bob).Ply() == 1 })
	t.Logf("the easy game's engine move was played %v after the reply", time.Since(start).Round(time.Millisecond))
	waitFor(t, "the easy game's engine board", func() bool { return engineBoards(t, h, g.ID) == 1 })
	calls, running, most := eng.stats("max")
	if running == 0 || calls != running {
		t.Errorf("max: %d searches started, %d running: the easy move should come while they think", calls, running)
	}
	// Two workers: alice's searches use at most one of them.
	if most > 1 {
		t.Errorf("%d of alice's max searches ran at once on 2 workers, want at most 1", most)
	}
	close(eng.gate)
	for _, g := range aliceGames(t, h) {
		waitFor(t, "alice's engine moves", func() bool { return engineBoards(t, h, g.ID) == 1 })
	}
}

func aliceGames(t *testing.T, h *harness) []*storage.Game {
	t.Helper()
	games, err := h.store.GamesByPlayer(t.Context(), alice, storage.GameFilter{})
	if err != nil {
		t.Fatal(err)
	}
	return games
}

// TestEngineQueueOverflowIsRetried: when more engine moves are due than
// the queue holds, none is dropped: the ones refused stay due in storage
// and the retry timer submits them again, without a restart.
func TestEngineQueueOverflowIsRetried(t *testing.T) {
	eng := newGateEngine("easy")
	h := newHarness(t, eng)
	h.adjust = func(o *bot.Options) { o.EngineQueue, o.EngineRetry = 2, 50*time.Millisecond }
	h.restart()
	var ids []storage.GameID
	for _, user := range []string{alice, bob, carol, "444"} {
		for range 2 {
			if r, _ := h.slash(user, "ai", opt("variant", "brandubh"), opt("side", "defenders"), opt("level", "easy")); isEphemeral(r) {
				t.Fatal(r.Content)
			}
		}
		games, _ := h.store.GamesByPlayer(t.Context(), user, storage.GameFilter{})
		for _, g := range games {
			ids = append(ids, g.ID)
		}
	}
	if len(ids) != 8 {
		t.Fatalf("%d games", len(ids))
	}
	// Two run, two wait, four did not fit.
	waitFor(t, "the queue to fill", func() bool { _, running, _ := eng.stats("easy"); return running == 2 })
	close(eng.gate)
	for _, id := range ids {
		waitFor(t, "every engine move", func() bool {
			g, err := h.store.GetGame(t.Context(), id)
			return err == nil && g.Ply() == 1
		})
	}
	if lines := h.logs.lines("engine queue full"); len(lines) == 0 {
		t.Error("the overflow was not logged")
	}
	var metrics strings.Builder
	h.bot.Metrics().WriteTo(&metrics)
	if strings.Contains(metrics.String(), "taflbot_engine_overflow_total 0\n") {
		t.Error("the overflow was not counted in /metrics")
	}
}

// TestEngineGameLimits: a user may have AIGamesPerUser games against the
// engine at once and a server AIGamesPerServer; beyond that /tafl ai says
// why, privately, and starts nothing. A finished game frees its place.
func TestEngineGameLimits(t *testing.T) {
	h := newHarness(t, nil)
	h.adjust = func(o *bot.Options) { o.AIGamesPerUser, o.AIGamesPerServer = 2, 3 }
	h.restart()
	start := func(user string) *resp {
		r, _ := h.slash(user, "ai", opt("variant", "brandubh"), opt("side", "attackers"), opt("level", "easy"))
		return r
	}
	for range 2 {
		if r := start(alice); isEphemeral(r) {
			t.Fatal(r.Content)
		}
	}
	if r := start(alice); !isEphemeral(r) || !strings.Contains(r.Content, "You have 2 games against taflbot or another engine going") {
		t.Errorf("alice's third game: %q", r.Content)
	}
	if r := start(bob); isEphemeral(r) {
		t.Fatal(r.Content)
	}
	if r := start(carol); !isEphemeral(r) || !strings.Contains(r.Content, "This server has 3 games against taflbot or another engine going") {
		t.Errorf("the server's fourth game: %q", r.Content)
	}
	// A game between people does not count.
	startGame(t, h)
	if n := len(aliceGames(t, h)); n != 3 {
		t.Fatalf("alice has %d games, want 2 against the engine and 1 against bob", n)
	}
	if games, _ := h.store.GamesByPlayer(t.Context(), carol, storage.GameFilter{}); len(games) != 0 {
		t.Fatalf("carol has %d games after being refused", len(games))
	}
	// Alice ends one engine game (no move played: resigning aborts it):
	// she (and the server) may start one again.
	var engineGame *storage.Game
	for _, g := range aliceGames(t, h) {
		if g.Defenders.IsAI() {
			engineGame = g
		}
	}
	r, _ := h.slash(alice, "resign", opt("game", engineGame.ID.String()))
	h.click(alice, customIDs(r.Components)["Yes, abort"], true)
	if r := start(alice); isEphemeral(r) {
		t.Errorf("after resigning one: %q", r.Content)
	}
	// Rematch of the finished game counts too: alice has 2 going again.
	// Before, it started a third (and every finished game another).
	r, _ = h.click(alice, "t:rm:"+engineGame.ID.String()+":0", false)
	if !isEphemeral(r) || !strings.Contains(r.Content, "You have 2 games against taflbot or another engine going") {
		t.Errorf("a rematch beyond the limit: %q", r.Content)
	}
	if n := len(aliceGames(t, h)); n != 4 { // 2 against the engine, 1 against bob, the aborted one
		t.Errorf("alice has %d games after the refused rematch, want 4", n)
	}
}

// TestEngineGameLimitCountsOtherServers: the limit on a player's games
// against the engine counts their games in every server (and in our
// direct messages), but its refusal said "`/tafl games` lists them",
// which in a server lists only that server's: a player whose games were
// elsewhere found none there. It says not all of them are here and that
// /tafl games in a direct message lists them all.
func TestEngineGameLimitCountsOtherServers(t *testing.T) {
	h := newHarness(t, nil)
	h.adjust = func(o *bot.Options) { o.AIGamesPerUser = 2 }
	h.restart()
	start := func(user, guildID string) *resp {
		in := h.slashInteraction(user, "ai", opt("variant", "brandubh"), opt("side", "attackers"), opt("level", "easy"))
		in.GuildID = guildID
		h.bot.HandleGateway(t.Context(), in)
		r, _ := h.fake.callback(t, in.ID)
		return r
	}
	for range 2 {
		if r := start(bob, guild); isEphemeral(r) {
			t.Fatalf("bob's game: %q", r.Content)
		}
	}
	for _, g := range []string{"other", guild} {
		if r := start(alice, g); isEphemeral(r) {
			t.Fatalf("alice's game in server %s: %q", g, r.Content)
		}
	}
	for _, tc := range []struct{ user, guild, want string }{
		{alice, guild, "You have 2 games against taflbot or another engine going, the most one player may have at once, not all of them in this server. Finish or resign one first (`/tafl games` in a direct message with me lists them all)."},
		{alice, "third", "You have 2 games against taflbot or another engine going, the most one player may have at once, not all of them in this server. Finish or resign one first (`/tafl games` in a direct message with me lists them all)."},
		// Bob's are both here: /tafl games here lists them.
		{bob, guild, "You have 2 games against taflbot or another engine going, the most one player may have at once. Finish or resign one first (`/tafl games` lists them)."},
	} {
		if r := start(tc.user, tc.guild); !isEphemeral(r) || r.Content != tc.want {
			t.Errorf("%s's game in server %s: %q, want %q", tc.user, tc.guild, r.Content, tc.want)
		}
	}
	h.adjust = func(o *bot.Options) { o.AIGamesPerUser = 1 }
	h.restart()
	if r := start(carol, "other"); isEphemeral(r) {
		t.Fatal(r.Content)
	}
	want := "You have 1 game against taflbot or another engine going, the most one player may have at once, and it is not in this server. Finish or resign it first (`/tafl games` in a direct message with me lists it)."
	if r := start(carol, guild); !isEphemeral(r) || r.Content != want {
		t.Errorf("a limit of one, the game elsewhere: %q, want %q", r.Content, want)
	}
}

// gauge reads a gauge of the bot's /metrics, such as
// `taflbot_engine_tasks{state="waiting"}` (-1 when it is not there).
func gauge(t *testing.T, h *harness, series string) int {
	t.Helper()
	var buf strings.Builder
	if _, err := h.bot.Metrics().WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	for line := range strings.Lines(buf.String()) {
		if v, ok := strings.CutPrefix(line, series+" "); ok {
			n, err := strconv.Atoi(strings.TrimSpace(v))
			if err != nil {
				t.Fatalf("%s: %q", series, line)
			}
			return n
		}
	}
	return -1
}

// TestQueuedEngineWorkOnRestart: a hint still waiting for a worker when
// the bot shut down was dropped with the queue, and its "thinking…" reply
// was never answered. It now ends as a hint cut short does (interrupted,
// press Hint again, not counted). An engine move still waiting is made
// after the restart (the start-up sweep finds it due in storage).
func TestQueuedEngineWorkOnRestart(t *testing.T) {
	eng := newGateEngine("max")
	h := newHarness(t, eng)
	for _, user := range []string{alice, carol} { // both workers think until the gate opens
		if r, _ := h.slash(user, "ai", opt("variant", "brandubh"), opt("side", "defenders"), opt("level", "max")); isEphemeral(r) {
			t.Fatal(r.Content)
		}
	}
	waitFor(t, "both workers searching", func() bool { _, running, _ := eng.stats("max"); return running == 2 })
	const dave = "444"
	if r, _ := h.slash(dave, "ai", opt("variant", "brandubh"), opt("side", "defenders"), opt("level", "easy")); isEphemeral(r) {
		t.Fatal(r.Content)
	}
	waitFor(t, "dave's engine move queued", func() bool { return gauge(t, h, `taflbot_engine_jobs{state="waiting"}`) == 1 })
	r, _ := h.slash(bob, "ai", opt("variant", "brandubh"), opt("side", "attackers"), opt("level", "easy"))
	g := gameOf(t, h, bob)
	in := pressHint(h, bob, customIDs(r.Components)["Hint"], "")
	if first, _ := h.fake.callback(t, in.ID); first.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource {
		t.Fatalf("hint's first answer: type %d", first.Type)
	}
	waitFor(t, "the hint queued", func() bool { return gauge(t, h, `taflbot_engine_tasks{state="waiting"}`) == 1 })
	h.restart()
	final, _ := h.fake.final(t, in)
	if want := "The hint for game " + g.ID.String() + " was interrupted (the bot is restarting): press **Hint** again in a minute."; final.Content != want {
		t.Errorf("a hint queued at shutdown: %q, want %q", final.Content, want)
	}
	if g := gameOf(t, h, bob); g.Hints.Attackers != 0 {
		t.Errorf("an interrupted hint was counted: %+v", g.Hints)
	}
	close(eng.gate)
	d := gameOf(t, h, dave)
	waitFor(t, "dave's engine move after the restart", func() bool { return engineBoards(t, h, d.ID) == 1 })
	if d := gameOf(t, h, dave); d.Ply() != 1 {
		t.Errorf("dave's game at ply %d, want 1", d.Ply())
	}
}

// holdWorker starts carol's brandubh game against the engine at level
// (carol the defenders, so the engine moves first) and waits until the
// gate engine thinks about it: with one worker, the engine's work behind
// it waits until the gate opens or the bot stops.
func holdWorker(t *testing.T, h *harness, eng *gateEngine, level string) {
	t.Helper()
	h.slash(carol, "ai", opt("variant", "brandubh"), opt("side", "defenders"), opt("level", level))
	waitFor(t, "the engine thinking", func() bool { _, running, _ := eng.stats(level); return running > 0 })
}

// TestGameEndedWhileTheEngineThinksIsNoError: a game that ends while the
// engine thinks about its move — its player aborts it, or the engine's
// own flag falls on a live clock — drops the move found; nothing failed.
// It was logged as an error ("engine: playing its move … not the
// engine's turn") and counted among the engine's failures
// (taflbot_errors_total{kind="ai"}).
func TestGameEndedWhileTheEngineThinksIsNoError(t *testing.T) {
	for _, c := range []struct {
		name string
		end  func(t *testing.T, h *harness)
		want tafl.Outcome
	}{
		{"aborted", func(t *testing.T, h *harness) {
			r, _ := h.slash(alice, "resign") // before both sides moved: an abort
			if r, _ := h.click(alice, customIDs(r.Components)["Yes, abort"], true); !strings.Contains(r.Content, "You aborted") {
				t.Fatalf("abort: %q", r.Content)
			}
		}, tafl.Outcome{Winner: tafl.NoSide, Reason: tafl.Aborted}},
		{"the engine's flag", func(t *testing.T, h *harness) {
			h.clock.Advance(3*time.Minute + time.Second)
		}, tafl.Outcome{Winner: tafl.NoSide, Reason: tafl.Aborted}}, // the engine never moved
	} {
		t.Run(c.name, func(t *testing.T) {
			eng := newGateEngine("max")
			h := newHarness(t, eng)
			if r, _ := h.slash(alice, "ai", opt("variant", "brandubh"), opt("side", "attackers"), opt("level", "max"), opt("time", "3+2")); isEphemeral(r) {
				t.Fatal(r.Content)
			}
			if r, _ := h.slash(alice, "move", opt("move", gameOf(t, h, alice).Tafl().LegalMoves()[0].String())); isEphemeral(r) {
				t.Fatal(r.Content)
			}
			waitFor(t, "the engine to think", func() bool { _, running, _ := eng.stats("max"); return running == 1 })
			c.end(t, h)
			waitFor(t, "the game to end", func() bool { return !gameOf(t, h, alice).Active() })
			close(eng.gate) // the engine finds its move now
			waitFor(t, "the search to end", func() bool { _, running, _ := eng.stats("max"); return running == 0 })
			h.settle()
			if g := gameOf(t, h, alice); g.Outcome() != c.want || g.Ply() != 1 {
				t.Errorf("outcome %+v at ply %d, want %+v at 1", g.Outcome(), g.Ply(), c.want)
			}
			if lines := h.logs.lines(`"level":"ERROR"`); len(lines) != 0 {
				t.Errorf("logged as errors: %q", lines)
			}
			if n := h.bot.Metrics().Errors("ai"); n != 0 {
				t.Errorf("%d engine errors counted, want 0", n)
			}
		})
	}
}
