package bot_test

import (
	"context"
	"strings"
	"testing"

	"github.com/taflbot/taflbot/bot"
	"github.com/taflbot/taflbot/storage"
	"github.com/taflbot/taflbot/tafl"
)

// TestFinishedGameMined: a game whose end was a forced win becomes a
// puzzle of its server, naming the game, once it ends.
func TestFinishedGameMined(t *testing.T) {
	h := newHarness(t, nil)
	ctx := context.Background()
	g := forcedWinGame(t, h)
	mined := minedPuzzles(t, h)
	p := mined[0]
	if p.Moves != 2 || p.Solution[0] != "g5-g3" || p.Variant != "custom" || !strings.HasPrefix(p.Source, "game "+g.ID.String()+", before move 1") {
		t.Errorf("mined %+v", p)
	}
	if other, _ := h.store.Puzzles(ctx, "another-guild"); len(other) != len(mustStarter(t)) {
		t.Errorf("the mined puzzle is offered in another server")
	}
}

// forcedWinGame plays out, between alice and bob, a brandubh game from a
// position where the defenders win in 2 (g5-g3, then the king escapes),
// as a custom variant starting there, and returns it (over).
func forcedWinGame(t *testing.T, h *harness) *storage.Game {
	t.Helper()
	g := forcedWinStart(t, h)
	for _, m := range []struct{ user, move string }{{bob, "g5-g3"}, {alice, "a4-a2"}, {bob, "g3-g1"}} {
		if r, _ := h.slash(m.user, "move", opt("move", m.move), opt("game", g.ID.String())); isEphemeral(r) {
			t.Fatalf("%s: %s", m.move, r.Content)
		}
	}
	return g
}

// forcedWinStart stores forcedWinGame's game, not yet begun: bob
// (defenders, to move) wins with g5-g3 and, after any move of alice's,
// g3-g1.
func forcedWinStart(t *testing.T, h *harness) *storage.Game {
	t.Helper()
	r, err := tafl.PresetRules("brandubh", "")
	if err != nil {
		t.Fatal(err)
	}
	r.Start, r.First = "/1t1t3/6t/3T3/t1T4/4T1K/6t/3tT2/", tafl.Defenders
	v, err := tafl.NewVariant(r)
	if err != nil {
		t.Fatal(err)
	}
	g, err := storage.NewCustomGame(v.RulesString())
	if err != nil {
		t.Fatal(err)
	}
	g.GuildID, g.ChannelID = guild, channel
	g.Attackers, g.Defenders = storage.Human(alice), storage.Human(bob)
	if err := h.store.CreateGame(t.Context(), g); err != nil {
		t.Fatal(err)
	}
	return g
}

// minedPuzzles waits for a puzzle of the guild's own (one mined from its
// games) and returns those.
func minedPuzzles(t *testing.T, h *harness) []*storage.Puzzle {
	t.Helper()
	var mined []*storage.Puzzle
	waitFor(t, "the game to be mined", func() bool {
		all, _ := h.store.Puzzles(t.Context(), guild)
		mined = nil
		for _, p := range all {
			if p.GuildID == guild {
				mined = append(mined, p)
			}
		}
		return len(mined) > 0
	})
	return mined
}

// TestMiningWaitingAtShutdownResumes: a finished game whose search for a
// puzzle still waited for a worker when the bot shut down was dropped
// with the queue (only the process's memory had it), and its puzzle was
// never found; the game stays due in storage, the shutdown logs it, and
// the next start mines it.
func TestMiningWaitingAtShutdownResumes(t *testing.T) {
	eng := newGateEngine("hard")
	h := newHarness(t, eng)
	h.adjust = func(o *bot.Options) { o.AIWorkers = 1 }
	h.restart()
	// The one worker thinks about carol's game until the shutdown.
	holdWorker(t, h, eng, "hard")
	g := forcedWinGame(t, h)
	waitFor(t, "the mining queued", func() bool { return gauge(t, h, `taflbot_engine_tasks{state="waiting"}`) == 1 })
	h.restart()
	if lines := h.logs.lines("the next start mines it"); len(lines) != 1 || !strings.Contains(lines[0], `"game_id":`+g.ID.String()) {
		t.Errorf("the shutdown's log of the mining left: %v", lines)
	}
	close(eng.gate) // carol's engine move, resumed first, no longer holds the worker
	p := minedPuzzles(t, h)[0]
	if p.Moves != 2 || p.Solution[0] != "g5-g3" || !strings.HasPrefix(p.Source, "game "+g.ID.String()+", before move 1") {
		t.Errorf("mined %+v", p)
	}
	waitFor(t, "the game recorded as mined", func() bool {
		due, err := h.store.GamesToMine(t.Context())
		return err == nil && len(due) == 0
	})
	if lines := h.logs.lines("resumed mining finished games for puzzles"); len(lines) != 1 || !strings.Contains(lines[0], `"games":1`) {
		t.Errorf("the start's log of the mining resumed: %v", lines)
	}
}

// TestFrontEndStartResumesMining: a process without the engine role (a
// front end, which mines the games that end there) mines at its start the
// games whose search a shutdown cut short, as its log line then promised
// ("the next start mines it"); only processes with the engine role did,
// so behind front ends restarted often the games waited for the next
// start of an engine process.
func TestFrontEndStartResumesMining(t *testing.T) {
	h := newHarness(t, nil)
	h.stop()
	st, err := storage.Open(h.path, storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	r, _ := tafl.PresetRules("brandubh", "")
	r.Start, r.First = "/1t1t3/6t/3T3/t1T4/4T1K/6t/3tT2/", tafl.Defenders
	v, _ := tafl.NewVariant(r)
	g, err := storage.NewCustomGame(v.RulesString())
	if err != nil {
		t.Fatal(err)
	}
	g.GuildID, g.ChannelID = guild, channel
	g.Attackers, g.Defenders = storage.Human(alice), storage.Human(bob)
	if err := st.CreateGame(t.Context(), g); err != nil {
		t.Fatal(err)
	}
	// Won, and due to be mined: as a front end's shutdown left it.
	if _, err := st.UpdateGame(t.Context(), g.ID, 0, func(g *storage.Game) error {
		for _, m := range []string{"g5-g3", "a4-a2", "g3-g1"} {
			if _, err := g.Tafl().PlayText(m); err != nil {
				return err
			}
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	due, err := st.GamesToMine(t.Context())
	st.Close()
	if err != nil || len(due) != 1 {
		t.Fatalf("games due to be mined: %v, %v", due, err)
	}
	h.adjust = func(o *bot.Options) { o.Roles = bot.RoleInteractions }
	h.start()
	if p := minedPuzzles(t, h)[0]; p.Solution[0] != "g5-g3" {
		t.Errorf("mined %+v", p)
	}
	waitFor(t, "the game recorded as mined", func() bool {
		due, err := h.store.GamesToMine(t.Context())
		return err == nil && len(due) == 0
	})
}
