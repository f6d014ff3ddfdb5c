package bot_test

import (
	"strings"
	"testing"
	"time"

	"github.com/taflbot/taflbot/storage"
)

// failEngineBoard makes alice move in her game against the engine while
// Discord fails every post in the channel for longer than a call's
// retries: the engine's move is stored, its board never reaches Discord.
func failEngineBoard(t *testing.T, h *harness) *storage.Game {
	t.Helper()
	g := engineGame(t, h)
	h.fake.inject("POST", "/channels/"+channel+"/messages", 500, 0, len(testWaits)+1)
	if r, _ := h.slash(alice, "move", opt("move", g.Tafl().LegalMoves()[0].String())); isEphemeral(r) {
		t.Fatalf("move refused: %s", r.Content)
	}
	h.settle()
	g = gameOf(t, h, alice)
	if g.Ply() != 2 || len(postedEngineBoards(t, h)) != 0 || len(h.logs.lines("posting a board")) != 1 {
		t.Fatalf("ply %d, %d engine boards posted, log %v: want 2, none, the failure logged", g.Ply(), len(postedEngineBoards(t, h)), h.logs.lines("posting a board"))
	}
	return g
}

// TestBoardPostedAfterDiscordRecovers: when Discord failed for longer
// than a call's retries, the board of the engine's move was logged and
// lost; nothing posted it later, and the player never learnt it was
// their move. The game now records that its latest board is due and the
// next clock sweep posts it, once, whichever of several processes sweep
// (and after a restart too); a game that moved on or ended meanwhile is
// left alone, its new board posted as usual.
func TestBoardPostedAfterDiscordRecovers(t *testing.T) {
	t.Run("sweep posts it once", func(t *testing.T) {
		h := newHarness(t, nil)
		g := failEngineBoard(t, h)
		// A second process on the same storage sweeps at the same time.
		sweepTwice(t, h)
		boards := postedEngineBoards(t, h)
		if len(boards) != 1 {
			t.Fatalf("%d boards of the engine's move posted by the sweeps, want 1", len(boards))
		}
		want := "taflbot played 1… " + g.Tafl().Plies()[1].Move.String()
		if !strings.Contains(boards[0].Content, want) || !strings.Contains(boards[0].Content, "<@"+alice+">") {
			t.Errorf("the board posted: %q; want %q and alice's mention", boards[0].Content, want)
		}
		got := gameOf(t, h, alice)
		if got.BoardDue || len(got.BoardMessages) == 0 || got.BoardMessages[len(got.BoardMessages)-1].ChannelID != channel {
			t.Errorf("after the sweep: due %v, boards %+v; want posted and remembered", got.BoardDue, got.BoardMessages)
		}
		h.bot.Sweep(t.Context())
		if n := len(postedEngineBoards(t, h)); n != 1 {
			t.Errorf("%d boards after another sweep, want 1", n)
		}
	})
	t.Run("still failing, then a restart", func(t *testing.T) {
		h := newHarness(t, nil)
		failEngineBoard(t, h)
		h.fake.inject("POST", "/channels/"+channel+"/messages", 500, 0, len(testWaits)+1)
		h.bot.Sweep(t.Context())
		if n := len(postedEngineBoards(t, h)); n != 0 || !gameOf(t, h, alice).BoardDue {
			t.Fatalf("%d boards posted while Discord still fails, due %v: want none, still due", n, gameOf(t, h, alice).BoardDue)
		}
		h.restart() // its start-up sweep posts it
		if n := len(postedEngineBoards(t, h)); n != 1 {
			t.Errorf("%d boards of the engine's move after the restart, want 1", n)
		}
	})
	t.Run("moved on or ended", func(t *testing.T) {
		h := newHarness(t, nil)
		g := failEngineBoard(t, h)
		if r, _ := h.slash(alice, "move", opt("move", g.Tafl().LegalMoves()[0].String())); isEphemeral(r) {
			t.Fatalf("move refused: %s", r.Content)
		}
		h.settle() // the engine answers; its board is posted
		h.bot.Sweep(t.Context())
		if n := len(postedEngineBoards(t, h)); n != 1 {
			t.Errorf("%d boards of the engine's moves, want 1 (its second move's): the first's is gone by", n)
		}
		h2 := newHarness(t, nil)
		ended := failEngineBoard(t, h2)
		r, _ := h2.slash(alice, "resign", opt("game", ended.ID.String()))
		if r, _ := h2.click(alice, customIDs(r.Components)["Yes, resign"], true); !strings.Contains(r.Content, "You resigned") {
			t.Fatalf("resigning: %q", r.Content)
		}
		h2.settle()
		h2.bot.Sweep(t.Context())
		if n := len(postedEngineBoards(t, h2)); n != 0 {
			t.Errorf("%d boards of the engine's move posted after alice resigned, want none", n)
		}
	})
	t.Run("refused", func(t *testing.T) {
		h := newHarness(t, nil)
		g := engineGame(t, h)
		h.fake.inject("POST", "/channels/"+channel+"/messages", 403, 50013, 1)
		h.slash(alice, "move", opt("move", g.Tafl().LegalMoves()[0].String()))
		h.settle()
		if got := gameOf(t, h, alice); got.BoardDue {
			t.Errorf("a board Discord refused (missing permission) is due: every sweep would be refused again")
		}
	})
}

// TestOwnMoveBoardDueWhenItsPostFails: when Discord failed both a
// player's /tafl move response and the post in the channel that replaces
// it, the board was logged and lost, and the opponent never learnt it
// was their move. The board is now due, and the next clock sweep posts
// it; not when Discord may have shown the response after all (no answer
// came, and whether it has it cannot be told): that would post it twice.
func TestOwnMoveBoardDueWhenItsPostFails(t *testing.T) {
	h := newHarness(t, nil)
	h.fake.mu.Lock()
	h.fake.strictWebhooks = true
	h.fake.mu.Unlock()
	startGame(t, h)
	h.settle()
	toBob := func() int { return boardsToMove(t, h, bob) }
	g := gameOf(t, h, alice)
	move := g.Tafl().LegalMoves()[0].String()
	in := h.slashInteraction(alice, "move", opt("move", move))
	h.fake.inject("POST", "/interactions/"+in.ID+"/", 500, 0, 3)
	h.fake.inject("POST", "/channels/"+channel+"/messages", 500, 0, len(testWaits)+1)
	h.bot.HandleGateway(t.Context(), in)
	h.settle()
	if g = gameOf(t, h, alice); g.Ply() != 1 || !g.BoardDue || toBob() != 0 {
		t.Fatalf("after the response and its post failed: ply %d, due %v, %d boards for bob; want 1, due, none", g.Ply(), g.BoardDue, toBob())
	}
	h.bot.Sweep(t.Context())
	if n := toBob(); n != 1 {
		t.Fatalf("%d boards telling bob it is his move after the sweep, want 1", n)
	}
	if ps, _ := posts(t, h, channel); !strings.Contains(ps[len(ps)-1].Content, "<@"+alice+"> played 1. "+move) {
		t.Errorf("the board posted by the sweep: %q, want it to say what alice played", ps[len(ps)-1].Content)
	}
	if g = gameOf(t, h, alice); g.BoardDue {
		t.Errorf("still due after the sweep posted it")
	}

	// Discord shows bob's response, its answer lost; whether it has it
	// cannot be told (it fails looking it up), and the post fails.
	in = h.slashInteraction(bob, "move", opt("move", g.Tafl().LegalMoves()[0].String()))
	h.fake.inject("POST", "/interactions/"+in.ID+"/", lostAnswer, 0, 1)
	h.fake.inject("POST", "/interactions/"+in.ID+"/", hangUp, 0, 2)
	h.fake.inject("GET", "/webhooks/555/"+in.Token+"/", 500, 0, len(testWaits)+1)
	h.fake.inject("POST", "/channels/"+channel+"/messages", 500, 0, len(testWaits)+1)
	h.bot.HandleGateway(t.Context(), in)
	h.settle()
	if g = gameOf(t, h, alice); g.Ply() != 2 || g.BoardDue {
		t.Errorf("a response Discord may have shown: ply %d, due %v; want 2, not due (a sweep would post the board twice)", g.Ply(), g.BoardDue)
	}
}

// TestLiveBoardPostedAgainSoon: in a live game, the board of a move that
// Discord did not take waited for the next clock sweep (up to a minute)
// while the player to move, who had not seen the move, had their clock
// running; it is posted again a few seconds later, without a sweep, once.
func TestLiveBoardPostedAgainSoon(t *testing.T) {
	h := newHarness(t, nil)
	h.fake.mu.Lock()
	h.fake.strictWebhooks = true
	h.fake.mu.Unlock()
	startLive(t, h, "3+2")
	toBob := func() int { return boardsToMove(t, h, bob) }
	move := gameOf(t, h, alice).Tafl().LegalMoves()[0].String()
	in := h.slashInteraction(alice, "move", opt("move", move))
	h.fake.inject("POST", "/interactions/"+in.ID+"/", 500, 0, 3)
	h.fake.inject("POST", "/channels/"+channel+"/messages", 500, 0, len(testWaits)+1)
	h.bot.HandleGateway(t.Context(), in)
	h.settle()
	if g := gameOf(t, h, alice); g.Ply() != 1 || !g.BoardDue || toBob() != 0 {
		t.Fatalf("after the response and its post failed: ply %d, due %v, %d boards for bob; want 1, due, none", g.Ply(), g.BoardDue, toBob())
	}
	h.clock.Advance(4 * time.Second)
	time.Sleep(3 * flagPollForTest)
	if n := toBob(); n != 0 {
		t.Fatalf("%d boards for bob 4 s after the failure, want none yet", n)
	}
	h.clock.Advance(time.Second)
	waitFor(t, "the board posted again", func() bool { return toBob() > 0 })
	if ps, _ := posts(t, h, channel); !strings.Contains(ps[len(ps)-1].Content, "<@"+alice+"> played 1. "+move) {
		t.Errorf("the board posted again: %q, want it to say what alice played", ps[len(ps)-1].Content)
	}
	if g := gameOf(t, h, alice); g.BoardDue {
		t.Error("still due after it was posted")
	}
	h.bot.Sweep(t.Context())
	if n := toBob(); n != 1 {
		t.Errorf("%d boards for bob after a sweep too, want 1", n)
	}
}

// boardsToMove counts the boards posted in the channel that name user
// to move.
func boardsToMove(t *testing.T, h *harness, user string) int {
	t.Helper()
	ps, _ := posts(t, h, channel)
	n := 0
	for _, p := range ps {
		if strings.Contains(p.Content, "<@"+user+"> to move") {
			n++
		}
	}
	return n
}
