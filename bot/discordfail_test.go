package bot_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/storage"
)

// engineGame starts alice's brandubh game against the easy engine, alice
// attacking, and returns it once the reply's follow-up work is done.
func engineGame(t *testing.T, h *harness) *storage.Game {
	t.Helper()
	if r, _ := h.slash(alice, "ai", opt("variant", "brandubh"), opt("side", "attackers"), opt("level", "easy")); isEphemeral(r) {
		t.Fatalf("/tafl ai refused: %s", r.Content)
	}
	h.settle()
	return gameOf(t, h, alice)
}

// postedEngineBoards returns the boards posted in the channel that say the
// engine played.
func postedEngineBoards(t *testing.T, h *harness) []*resp {
	var out []*resp
	ps, _ := posts(t, h, channel)
	for _, p := range ps {
		if strings.Contains(p.Content, "taflbot played") {
			out = append(out, p)
		}
	}
	return out
}

// TestDiscordFailingOnceLosesNothing: a call that fails on Discord's
// side once — a 500, or the answer lost after Discord carried the call
// out — is made again, and what it carried arrives once. One 500 on the
// post of the engine's board lost that board: the player never saw the
// engine's move, nor that it was their turn.
func TestDiscordFailingOnceLosesNothing(t *testing.T) {
	t.Run("engine board 500", func(t *testing.T) {
		h := newHarness(t, nil)
		g := engineGame(t, h)
		h.fake.inject("POST", "/channels/"+channel+"/messages", 500, 0, 1)
		if r, _ := h.slash(alice, "move", opt("move", g.Tafl().LegalMoves()[0].String())); isEphemeral(r) {
			t.Fatalf("move refused: %s", r.Content)
		}
		h.settle()
		if got := gameOf(t, h, alice); got.Ply() != 2 {
			t.Fatalf("ply %d, want 2 (alice's move and the engine's)", got.Ply())
		}
		if boards := postedEngineBoards(t, h); len(boards) != 1 {
			t.Errorf("%d boards of the engine's move posted, want 1", len(boards))
		}
		if lines := h.logs.lines("posting a board"); len(lines) != 0 {
			t.Errorf("the board was posted in the end, yet: %v", lines)
		}
	})
	t.Run("engine board answer lost", func(t *testing.T) {
		h := newHarness(t, nil)
		g := engineGame(t, h)
		h.fake.inject("POST", "/channels/"+channel+"/messages", lostAnswer, 0, 1)
		h.slash(alice, "move", opt("move", g.Tafl().LegalMoves()[0].String()))
		h.settle()
		boards := postedEngineBoards(t, h)
		if len(boards) != 1 {
			t.Fatalf("%d boards of the engine's move posted, want exactly 1 (the nonce keeps the second attempt from posting again)", len(boards))
		}
		repeats := 0
		for _, rec := range h.fake.requests("/channels/" + channel + "/messages") {
			if rec.Repeat {
				repeats++
			}
		}
		if repeats != 1 {
			t.Errorf("the board was sent again %d times after its answer was lost, want 1", repeats)
		}
		got := gameOf(t, h, alice)
		if n := len(got.BoardMessages); n == 0 || got.BoardMessages[n-1].ChannelID != channel {
			t.Errorf("the engine's board is not remembered: %+v", got.BoardMessages)
		}
	})
	t.Run("move response answer lost", func(t *testing.T) {
		h := newHarness(t, nil)
		startGame(t, h)
		g := gameOf(t, h, alice)
		h.fake.inject("POST", "/callback", lostAnswer, 0, 1)
		in := h.slashInteraction(alice, "move", opt("move", g.Tafl().LegalMoves()[0].String()))
		h.bot.HandleGateway(t.Context(), in)
		if r, rec := h.fake.callback(t, in.ID); isEphemeral(r) || !strings.Contains(r.Content, "<@"+bob+"> to move") {
			t.Errorf("the move's board: %q", r.Content)
		} else {
			checkPNG(t, rec)
		}
		if lines := h.logs.lines("sending the interaction response failed"); len(lines) != 0 {
			t.Errorf("the response arrived (Discord refused the second as already acknowledged), yet: %v", lines)
		}
		h.settle()
		if got := gameOf(t, h, alice); got.Ply() != 1 {
			t.Errorf("ply %d, want 1", got.Ply())
		}
	})
	t.Run("thread answer lost", func(t *testing.T) {
		h := newHarness(t, nil)
		h.slash(carol, "settings", opt("threads", true))
		h.fake.inject("POST", "/threads", lostAnswer, 0, 1)
		startGame(t, h)
		h.settle()
		started := 0
		for _, rec := range h.fake.requests("/threads") {
			if rec.Status == 200 {
				started++
			}
		}
		g := gameOf(t, h, alice)
		if started != 1 || g.ThreadID == "" || g.ThreadID == channel {
			t.Errorf("%d threads started, the game's thread %q: want 1, and the game in it", started, g.ThreadID)
		}
		if lines := h.logs.lines("starting a game thread"); len(lines) != 0 {
			t.Errorf("the thread was started, yet: %v", lines)
		}
	})
	t.Run("http move edit 500", func(t *testing.T) {
		hb := newHTTPBot(t)
		in := hb.h.slashInteraction(alice, "ai", opt("variant", "brandubh"), opt("side", "attackers"), opt("level", "easy"))
		body, _ := json.Marshal(in)
		hb.post(t, body, hb.priv, hb.h.clock.Now())
		hb.edited(t, in.Token)
		g := gameOf(t, hb.h, alice)
		hb.h.fake.inject("PATCH", "/webhooks/", 500, 0, 1)
		in = hb.h.slashInteraction(alice, "move", opt("move", g.Tafl().LegalMoves()[0].String()))
		body, _ = json.Marshal(in)
		_, out := hb.post(t, body, hb.priv, hb.h.clock.Now())
		if r := decode(t, out); r.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource {
			t.Fatalf("HTTP reply type %d, want a deferral", r.Type)
		}
		base := "/api/v9/webhooks/555/" + in.Token + "/messages/@original"
		waitFor(t, "the move's board", func() bool {
			for _, rec := range hb.h.fake.requests(base) {
				if rec.Method == "PATCH" && rec.Status == 200 {
					return true
				}
			}
			return false
		})
		if lines := hb.h.logs.lines("delivering a deferred response"); len(lines) != 0 {
			t.Errorf("the board was delivered, yet: %v", lines)
		}
	})
}
