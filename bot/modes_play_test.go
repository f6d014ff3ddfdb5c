package bot_test

import (
	"strings"
	"testing"
)

// TestPlayModesInEveryMode runs a small tournament in a server whose
// manager chose Danish, on a live clock and casual, in the gateway, HTTP
// and console modes: the announcement, the buttons, the round's game
// (its clock and casual mark), the result and the final standings are
// Danish, the private replies of a player with no language English.
func TestPlayModesInEveryMode(t *testing.T) {
	eachMode(t, func(t *testing.T, d driver) {
		if v := d.do(t, "alice", "/tafl settings server_language:da"); !strings.Contains(v.text, "games and tournaments in: **Dansk**") {
			t.Fatalf("settings: %s", v.text)
		}
		ann := d.do(t, "alice", "/tafl tournament action:create name:Cup variant:brandubh format:round-robin time:3+2 casual:true")
		for _, want := range []string{"🏆 **Cup** (turnering 1)", "alle-mod-alle", "live, 3+2", "venskabelig", "Deltag", "Start nu"} {
			if !strings.Contains(ann.text, want) {
				t.Errorf("announcement lacks %q: %s", want, ann.text)
			}
		}
		d.do(t, "alice", "click Deltag")
		if v := d.do(t, "bob", "click Deltag"); !strings.Contains(v.text, "Spillere (2)") {
			t.Errorf("after two joined: %s", v.text)
		}
		d.do(t, "alice", "click Start nu")
		postedAnywhere(t, d, "Turnering **Cup**, runde 1") // in the tournament's thread, where the server has one
		g := activeGame(t, d, "alice")
		if g.Clock.IsZero() || !g.Casual || g.Language != "da" || g.TournamentID == 0 {
			t.Fatalf("the round's game: clock %v, casual %v, language %q, tournament %d", g.Clock.Control, g.Casual, g.Language, g.TournamentID)
		}
		board := d.do(t, "bob", "/tafl board")
		for _, want := range []string{"**Parti 1**", "venskabeligt", "Ur (3+2)"} {
			if !strings.Contains(board.text, want) {
				t.Errorf("board lacks %q: %s", want, board.text)
			}
		}
		if v := d.do(t, "bob", "/tafl resign"); !strings.Contains(v.text, "Resign game 1?") {
			t.Fatalf("resign (bob has no language: English): %s", v.text)
		}
		d.do(t, "bob", "click Yes, resign")
		postedAnywhere(t, d, "gav op")
		postedAnywhere(t, d, "**Cup** er slut. Tillykke")
	})
}

// postedAnywhere waits for a message the bot posted by itself in any
// channel or thread whose text contains s.
func postedAnywhere(t *testing.T, d driver, s string) {
	t.Helper()
	var f *fakeDiscord
	switch d := d.(type) {
	case *gatewayDriver:
		f = d.h.fake
	case *httpDriver:
		f = d.hb.h.fake
	default:
		d.posted(t, s)
		return
	}
	waitFor(t, "a posted message with "+s, func() bool {
		for _, rec := range f.requests("/channels/") {
			if rec.Method == "POST" && strings.Contains(string(rec.Body), s) {
				return true
			}
		}
		return false
	})
}
