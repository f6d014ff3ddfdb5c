package bot_test

import (
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/bot"
	"github.com/taflbot/taflbot/storage"
	"github.com/taflbot/taflbot/tafl"
)

// waitPly waits until alice's game has at least ply moves or is over.
func waitPly(t *testing.T, h *harness, ply int) *storage.Game {
	t.Helper()
	var g *storage.Game
	waitFor(t, "the engine's move", func() bool {
		g = gameOf(t, h, alice)
		return g.Ply() >= ply || !g.Active()
	})
	return g
}

func TestAIGameToTheEnd(t *testing.T) {
	h := newHarness(t, newPolicyEngine(3))
	r, rec := h.slash(alice, "ai", opt("variant", "brandubh"), opt("side", "defenders"), opt("level", "hard"))
	if isEphemeral(r) {
		t.Fatal(r.Content)
	}
	checkPNG(t, rec)
	rnd := rand.New(rand.NewPCG(4, 0))
	n := len(h.fake.requests("/channels/" + channel + "/messages"))
	g := waitPly(t, h, 1) // the engine attacks first
	for g.Active() {
		if g.Ply() > 300 {
			t.Fatal("the game does not end")
		}
		m := policyMove(g.Tafl(), rnd)
		r, rec := h.slash(alice, "move", opt("move", m.String()))
		if isEphemeral(r) {
			t.Fatalf("move %s refused: %s", m, r.Content)
		}
		checkPNG(t, rec)
		g = waitPly(t, h, g.Ply()+2)
	}
	if o := g.Outcome(); o.Reason != tafl.KingCaptured && o.Reason != tafl.KingEscaped {
		t.Fatalf("game ended by %v", o)
	}
	engineMoves := (g.Ply() + 1) / 2
	var boards int
	waitFor(t, "every engine board", func() bool {
		boards = 0
		for _, rec := range h.fake.requests("/channels/" + channel + "/messages")[n:] {
			if rec.Method == "POST" && strings.Contains(decode(t, rec.Body).Content, "taflbot played") {
				checkPNG(t, rec)
				boards++
			}
		}
		return boards >= engineMoves-1 // the engine's last move may be the human's last board's answer
	})
	p, err := h.store.GetPlayer(t.Context(), guild, alice)
	if err != nil || p.AIWins+p.AILosses != 1 {
		t.Errorf("alice's record vs the engine: %+v, %v", p, err)
	}
}

func TestAIMoveResumesAfterRestart(t *testing.T) {
	// The search waits for the gate, not a fixed 300 ms: on a busy
	// machine the restart could come after that, and find the move made.
	eng := newGateEngine("max")
	h := newHarness(t, eng)
	h.slash(alice, "ai", opt("variant", "brandubh"), opt("side", "attackers"), opt("level", "max"))
	m := gameOf(t, h, alice).Tafl().LegalMoves()[0]
	if r, _ := h.slash(alice, "move", opt("move", m.String())); isEphemeral(r) {
		t.Fatal(r.Content)
	}
	waitFor(t, "the engine thinking", func() bool { _, running, _ := eng.stats("max"); return running > 0 })
	h.restart() // mid-thought: the search is cancelled
	if g := gameOf(t, h, alice); g.Ply() != 1 {
		t.Fatalf("ply %d right after the restart, want 1 (engine interrupted)", g.Ply())
	}
	close(eng.gate)
	g := waitPly(t, h, 2)
	if g.Ply() != 2 {
		t.Fatalf("ply %d, want 2: the engine moves once after the restart", g.Ply())
	}
	time.Sleep(400 * time.Millisecond)
	if g := gameOf(t, h, alice); g.Ply() != 2 {
		t.Errorf("ply %d: the engine moved twice", g.Ply())
	}
}

// TestStartReadsOnlyActiveGames: at start-up the bot finds the engine's
// pending moves and the active-game count through storage indexes, so a
// database full of finished games is not read.
func TestStartReadsOnlyActiveGames(t *testing.T) {
	h := newHarness(t, newPolicyEngine(6))
	h.stop()
	st, err := storage.Open(h.path, storage.Options{NoSync: true, Now: h.clock.Now})
	if err != nil {
		t.Fatal(err)
	}
	ctx := t.Context()
	var pending storage.GameID
	for i := range 301 {
		g, err := storage.NewGame("brandubh", "")
		if err != nil {
			t.Fatal(err)
		}
		g.GuildID, g.ChannelID, g.Attackers, g.Defenders = guild, channel, storage.Human(alice), storage.Human(bob)
		if i == 150 {
			g.Defenders = storage.AI("easy")
		}
		if err := st.CreateGame(ctx, g); err != nil {
			t.Fatal(err)
		}
		m := g.Tafl().LegalMoves()[0]
		if _, err := st.UpdateGame(ctx, g.ID, 0, func(g *storage.Game) error { _, err := g.Tafl().Play(m); return err }); err != nil {
			t.Fatal(err)
		}
		if i == 150 {
			pending = g.ID // the engine is to move
			continue
		}
		if _, err := st.UpdateGame(ctx, g.ID, 1, func(g *storage.Game) error { return g.Tafl().Resign(tafl.Defenders) }); err != nil {
			t.Fatal(err)
		}
		// Mined for a puzzle when it ended, as the bot does: a game still
		// due is read at the start to be mined (TestMiningWaitingAtShutdownResumes).
		if err := st.MineDone(ctx, g.ID); err != nil {
			t.Fatal(err)
		}
	}
	st.Close()
	h.start()
	waitFor(t, "the pending engine move", func() bool {
		g, err := h.store.GetGame(ctx, pending)
		return err == nil && g.Ply() == 2
	})
	// The pending game is read a few times (resume, the engine's load and
	// commit, posting the board; the active-game count reads index keys
	// only); none of the 300 finished games is.
	if n := h.store.GameReads(); n > 12 {
		t.Errorf("start-up read %d game records with 1 active game among 301", n)
	}
}

// TestAIGameThreadAndClock: with threads on, an engine game gets its own
// thread and the engine's moves go there; the human has the days per move
// asked for, the engine no clock; letting the clock run out loses.
func TestAIGameThreadAndClock(t *testing.T) {
	h := newHarness(t, newPolicyEngine(7))
	if r, _ := h.slash(carol, "settings", opt("threads", true)); !strings.Contains(r.Content, "Saved") {
		t.Fatalf("settings: %q", r.Content)
	}
	r, _ := h.slash(alice, "ai", opt("variant", "brandubh"), opt("side", "defenders"), opt("level", "easy"), opt("days", 2.0))
	if isEphemeral(r) || !strings.Contains(r.Content, "level **easy**") {
		t.Fatalf("ai: %q", r.Content)
	}
	g := waitPly(t, h, 1) // the engine attacks first
	if !strings.HasPrefix(g.ThreadID, "thread-") {
		t.Fatalf("engine game thread %q", g.ThreadID)
	}
	var inThread int
	waitFor(t, "the engine's board in the thread", func() bool {
		inThread = 0
		for _, rec := range h.fake.requests("/channels/" + g.ThreadID + "/messages") {
			if rec.Method == "POST" && strings.Contains(decode(t, rec.Body).Content, "taflbot played") {
				checkPNG(t, rec)
				inThread++
			}
		}
		return inThread == 1
	})
	if g.MoveTime != 48*time.Hour || !g.Deadline.Equal(h.clock.Now().Add(48*time.Hour)) {
		t.Fatalf("after the engine's move: %v per move, deadline %v", g.MoveTime, g.Deadline)
	}
	m := g.Tafl().LegalMoves()[0]
	if r, _ := h.slash(alice, "move", opt("move", m.String())); isEphemeral(r) {
		t.Fatal(r.Content)
	}
	g = waitPly(t, h, 3)
	h.settle() // the sweep, not the engine's late write of its board, ends the game
	// Two days and a minute later alice has lost on time; the engine's
	// own thinking never had a deadline.
	h.clock.Advance(48*time.Hour + time.Minute)
	h.bot.Sweep(t.Context())
	g = gameOf(t, h, alice)
	if g.Outcome() != (tafl.Outcome{Winner: tafl.Attackers, Reason: tafl.Timeout}) {
		t.Fatalf("outcome %v, want a loss on time", g.Outcome())
	}
	if p, err := h.store.GetPlayer(t.Context(), guild, alice); err != nil || p.AILosses != 1 {
		t.Errorf("alice's record vs the engine: %+v, %v", p, err)
	}
	// A bad days value is refused and starts nothing.
	if r, _ := h.slash(bob, "ai", opt("days", 99.0)); !isEphemeral(r) || !strings.Contains(r.Content, "Days per move") {
		t.Errorf("days 99: %q", r.Content)
	}
	if games, _ := h.store.GamesByPlayer(t.Context(), bob, storage.GameFilter{}); len(games) != 0 {
		t.Errorf("bob has %d games after a refused /tafl ai", len(games))
	}
}

// TestMaxThinksLongerInCorrespondence: level max gets AIMaxThink in games
// with a clock, but long thinks use at most AIWorkers−1 workers; other
// levels keep their usual budget.
func TestMaxThinksLongerInCorrespondence(t *testing.T) {
	for _, tc := range []struct {
		workers int
		level   string
		want    time.Duration
	}{
		{2, "max", 45 * time.Second},
		{1, "max", 0}, // one worker: no long thinks, or quick moves would wait
		{2, "hard", 0},
	} {
		eng := newPolicyEngine(8)
		h := newHarness(t, eng)
		h.adjust = func(o *bot.Options) { o.AIWorkers, o.AIMaxThink = tc.workers, 45*time.Second }
		h.restart()
		h.slash(alice, "ai", opt("variant", "brandubh"), opt("side", "defenders"), opt("level", tc.level))
		waitPly(t, h, 1)
		eng.mu.Lock()
		got := slices.Clone(eng.think)
		eng.mu.Unlock()
		if len(got) != 1 || got[0] != tc.want {
			t.Errorf("%d workers, %s: think %v, want [%v]", tc.workers, tc.level, got, tc.want)
		}
	}
}

// TestBoardSaysHowLongTheEngineThinks: a board with the engine to move
// in a correspondence game said only "taflbot (max) to move", and the
// player waited up to ai_max_think (30 s by default) or an external
// engine's think (up to 10 minutes) not knowing for how long; it says
// how long the engine may think, max's ai_max_think only where a worker
// may think long, nothing for a level that answers at once.
func TestBoardSaysHowLongTheEngineThinks(t *testing.T) {
	for _, tc := range []struct {
		workers      int
		level, think string
	}{
		{2, "max", "taflbot (max) to move (attackers) · thinks for up to 45 s"},
		{1, "max", "taflbot (max) to move (attackers) · thinks for up to 5 s"}, // one worker: no long thinks
		{2, "hard", "taflbot (hard) to move (attackers) · thinks for up to 1 s"},
		{2, "medium", "taflbot (medium) to move (attackers)"},
	} {
		h := newHarness(t, newPolicyEngine(8))
		h.adjust = func(o *bot.Options) { o.AIWorkers, o.AIMaxThink = tc.workers, 45*time.Second }
		h.restart()
		r, _ := h.slash(alice, "ai", opt("variant", "brandubh"), opt("side", "defenders"), opt("level", tc.level))
		if !strings.HasSuffix(r.Content, tc.think) {
			t.Errorf("%d workers, %s: the first board %q, want it to end %q", tc.workers, tc.level, r.Content, tc.think)
		}
		waitPly(t, h, 1)
	}
	// An external engine's think, in minutes from one up, in the game's
	// language.
	h := newHarness(t, newPolicyEngine(8))
	h.adjust = func(o *bot.Options) {
		o.Engines = []bot.ExternalEngine{{Name: "slow", Command: []string{filepath.Join(t.TempDir(), "no-such-engine")}, Think: 90 * time.Second}}
	}
	h.restart()
	in := h.slashInteraction(alice, "ai", opt("variant", "brandubh"), opt("side", "defenders"), opt("engine", "slow"))
	in.Locale = discordgo.German
	h.bot.HandleGateway(t.Context(), in)
	r, _ := h.fake.callback(t, in.ID)
	if want := "⚙ slow ist am Zug (Angreifer) · denkt bis zu 2 Min nach"; !strings.Contains(r.Content, want) {
		t.Errorf("an external engine's first board %q, want %q", r.Content, want)
	}
}

// TestNoDrawButtonAgainstTheEngine: every board of a game against the
// engine carried **Offer draw**, which could only be refused ("I don't
// agree to draws"); it has none, on the first board, the engine's and the
// finished one, while `/tafl draw` still says why and a game between
// people keeps its button.
func TestNoDrawButtonAgainstTheEngine(t *testing.T) {
	h := newHarness(t, nil)
	r, _ := h.slash(alice, "ai", opt("variant", "brandubh"), opt("side", "defenders"), opt("level", "easy"))
	if isEphemeral(r) {
		t.Fatal(r.Content)
	}
	boards := []*resp{r}
	posted := func(what string) *resp {
		var m *resp
		waitFor(t, what, func() bool {
			for _, rec := range h.fake.requests("/channels/" + channel + "/messages") {
				if m = decode(t, rec.Body); rec.Method == "POST" && strings.Contains(m.Content, what) {
					return true
				}
			}
			return false
		})
		return m
	}
	boards = append(boards, posted("taflbot played"))
	// Before both sides have moved the way out is an abort, not a
	// resignation (it said "play on, or resign").
	if r, _ := h.slash(alice, "draw"); !isEphemeral(r) || !strings.HasPrefix(r.Content, "I don't agree to draws: play on, or abort the game with") {
		t.Errorf("/tafl draw against the engine before both sides moved: %q", r.Content)
	}
	r, _ = h.slash(alice, "resign")
	h.click(alice, customIDs(r.Components)["Yes, abort"], true)
	boards = append(boards, posted("aborted the game"))
	for i, b := range boards {
		ids := customIDs(b.Components)
		if len(ids) == 0 {
			t.Fatalf("board %d has no buttons: %q", i, b.Content)
		}
		for label := range ids {
			if strings.Contains(label, "draw") {
				t.Errorf("board %d of a game against the engine has %q: %v", i, label, ids)
			}
		}
	}
	r, _ = h.slash(bob, "challenge", opt("opponent", carol), opt("variant", "brandubh"))
	r, _ = h.click(carol, customIDs(r.Components)["Accept"], false)
	if _, ok := customIDs(r.Components)["Offer draw"]; !ok {
		t.Errorf("a game between people lost its draw button: %v", customIDs(r.Components))
	}
}

// TestEngineDoesNotCongratulateItself: a game the engine won ended
// "Congratulations taflbot (easy)!", the bot congratulating itself before
// the player who lost; it says who won, in the game's language.
func TestEngineDoesNotCongratulateItself(t *testing.T) {
	for _, c := range []struct{ lang, want string }{
		{"", "**Defenders win** — resignation. taflbot (easy) wins."},
		{"de", "**Die Verteidiger gewinnen** — Aufgabe. taflbot (leicht) gewinnt."},
	} {
		h := newHarness(t, nil)
		if c.lang != "" {
			h.slash(alice, "settings", opt("server_language", c.lang))
		}
		r, _ := h.slash(alice, "ai", opt("variant", "brandubh"), opt("side", "attackers"), opt("level", "easy"))
		if isEphemeral(r) {
			t.Fatal(r.Content)
		}
		g := gameOf(t, h, alice)
		if r, _ := h.slash(alice, "move", opt("move", g.Tafl().LegalMoves()[0].String())); isEphemeral(r) {
			t.Fatal(r.Content)
		}
		waitPly(t, h, 2)
		r, _ = h.slash(alice, "resign")
		h.click(alice, customIDs(r.Components)["Yes, resign"], true)
		var board string
		waitFor(t, "the finished board", func() bool {
			for _, rec := range h.fake.requests("/channels/" + channel + "/messages") {
				if m := decode(t, rec.Body); rec.Method == "POST" && strings.Contains(m.Content, c.want[:strings.Index(c.want, ".")+1]) {
					board = m.Content
					return true
				}
			}
			return false
		})
		if !strings.Contains(board, c.want) {
			t.Errorf("the engine's win:\n%s\nwant %q in it", board, c.want)
		}
		for _, no := range []string{"Congratulations", "Glückwunsch"} {
			if strings.Contains(board, no) {
				t.Errorf("the engine's win says %q:\n%s", no, board)
			}
		}
	}
}

// TestRulesStringExamplePlays: asked for `variant:custom` or given a rules
// string it cannot play, the bot sent players to docs/notation.md, a file
// they cannot see; it gives an example rules string, which /tafl ai plays.
func TestRulesStringExamplePlays(t *testing.T) {
	h := newHarness(t, nil)
	for _, variant := range []string{"custom", "dim:7 start:/7/"} {
		r, _ := h.slash(alice, "ai", opt("variant", variant), opt("level", "easy"))
		if !isEphemeral(r) || strings.Contains(r.Content, "docs/") {
			t.Errorf("/tafl ai variant:%s: %q", variant, r.Content)
		}
		spans := strings.Split(r.Content, "`")
		if len(spans) < 3 {
			t.Fatalf("/tafl ai variant:%s gives no example: %q", variant, r.Content)
		}
		example := spans[len(spans)-2]
		if !strings.HasPrefix(example, "dim:") {
			t.Fatalf("/tafl ai variant:%s: the last code is %q, not a rules string: %q", variant, example, r.Content)
		}
		if r, _ := h.slash(bob, "ai", opt("variant", example), opt("level", "easy")); isEphemeral(r) {
			t.Errorf("the example %q is refused: %q", example, r.Content)
		}
	}
}

// TestDrawAgainstTheEngineAfterBothMoved: once both sides have moved
// the game can no longer be aborted, and /tafl draw against the engine
// says to play on or resign (before that it says to abort:
// TestNoDrawButtonAgainstTheEngine).
func TestDrawAgainstTheEngineAfterBothMoved(t *testing.T) {
	h := newHarness(t, nil)
	if r, _ := h.slash(alice, "ai", opt("variant", "brandubh"), opt("side", "attackers"), opt("level", "easy")); isEphemeral(r) {
		t.Fatal(r.Content)
	}
	if r, _ := h.slash(alice, "move", opt("move", "d2-f2")); isEphemeral(r) {
		t.Fatalf("the first move: %q", r.Content)
	}
	waitFor(t, "the engine's reply", func() bool {
		for _, rec := range h.fake.requests("/channels/" + channel + "/messages") {
			if m := decode(t, rec.Body); rec.Method == "POST" && strings.Contains(m.Content, "taflbot played") {
				return true
			}
		}
		return false
	})
	if r, _ := h.slash(alice, "draw"); !isEphemeral(r) || r.Content != "I don't agree to draws: play on, or resign." {
		t.Errorf("/tafl draw against the engine after both sides moved: %q", r.Content)
	}
}

// TestOnlookerOnAnEngineGameIsPointedToBothWays: someone pressing Move
// on another player's game against the engine was told that
// `/tafl challenge` starts a game of their own, though a game like the
// one they pressed is started with `/tafl ai`; the answer names both.
func TestOnlookerOnAnEngineGameIsPointedToBothWays(t *testing.T) {
	h := newHarness(t, nil)
	r, _ := h.slash(alice, "ai", opt("variant", "brandubh"), opt("side", "attackers"), opt("level", "easy"))
	if isEphemeral(r) {
		t.Fatal(r.Content)
	}
	move := customIDs(r.Components)["Move"]
	if move == "" {
		t.Fatalf("the board has no Move button: %v", customIDs(r.Components))
	}
	got, _ := h.click(bob, move, false)
	if !isEphemeral(got) || !strings.Contains(got.Content, "You are not playing in that game") ||
		!strings.Contains(got.Content, "`/tafl challenge`") || !strings.Contains(got.Content, "`/tafl ai`") {
		t.Errorf("bob pressing Move on alice's engine game: %q", got.Content)
	}
}

// TestGameEndedWhileTheEngineThinksLogsNoWarning: a game that ended while
// the engine thought about its move (the player resigned or aborted, a
// live game's flag fell) lost the engine its claim on the move, as it
// should (the search stops at the next renewal), but the log warned
// "the claim on the move was lost while thinking", which means that the
// process stalled; an ended game is no warning. A search that ended
// before the next renewal logged the error "engine: playing its move …
// not the engine's turn" (and counted an engine error in /metrics), as a
// restart's start-up sweep ending a live game on time while the resumed
// search ran did; that is no error either.
func TestGameEndedWhileTheEngineThinksLogsNoWarning(t *testing.T) {
	for _, tc := range []struct {
		lease, think time.Duration
	}{
		{300 * time.Millisecond, 10 * time.Second}, // a renewal finds the claim gone
		{time.Minute, time.Second},                 // the search ends first
	} {
		e := newPolicyEngine(3)
		e.delay = tc.think
		h := newHarness(t, e)
		h.adjust = func(o *bot.Options) { o.EngineLease = tc.lease }
		h.restart()
		h.slash(alice, "ai", opt("variant", "brandubh"), opt("side", "defenders"), opt("level", "hard"))
		waitFor(t, "the engine to think", func() bool { return e.begun.Load() == 1 })
		r, _ := h.slash(alice, "resign")
		h.click(alice, customIDs(r.Components)["Yes, abort"], true)
		if g := gameOf(t, h, alice); g.Active() {
			t.Fatal("the game was not aborted")
		}
		if !h.bot.Settle(5 * time.Second) {
			t.Fatal("the engine went on thinking about a game that had ended")
		}
		for _, l := range append(h.logs.lines(`"level":"WARN"`), h.logs.lines(`"level":"ERROR"`)...) {
			t.Errorf("lease %v, think %v: an aborted game's engine move logged %s", tc.lease, tc.think, l)
		}
	}
}

// A game that ends in this process while the engine thinks about it (the
// player aborts) stops the search at once, freeing its worker, not at the
// next renewal of the claim (a third of the 30 s lease later).
func TestGameEndedStopsItsSearchAtOnce(t *testing.T) {
	e := newPolicyEngine(3)
	e.delay = time.Minute
	h := newHarness(t, e)
	h.adjust = func(o *bot.Options) { o.EngineLease = 30 * time.Second }
	h.restart()
	h.slash(alice, "ai", opt("variant", "brandubh"), opt("side", "defenders"), opt("level", "max"))
	waitFor(t, "the engine to think", func() bool { return e.begun.Load() == 1 })
	r, _ := h.slash(alice, "resign")
	h.click(alice, customIDs(r.Components)["Yes, abort"], true)
	if g := gameOf(t, h, alice); g.Active() {
		t.Fatal("the game was not aborted")
	}
	if !h.bot.Settle(3 * time.Second) {
		t.Fatal("the engine went on thinking about the aborted game")
	}
	for _, l := range append(h.logs.lines(`"level":"WARN"`), h.logs.lines(`"level":"ERROR"`)...) {
		t.Errorf("the aborted game's engine move logged %s", l)
	}
}
