package bot_test

import (
	"strings"
	"testing"

	"github.com/taflbot/taflbot/storage"
)

// TestCasualChallenge: a casual game says so, counts in the players'
// records and changes no rating; a rated one does.
func TestCasualChallenge(t *testing.T) {
	h := newHarness(t, nil)
	for _, casual := range []bool{true, false} {
		r, _ := h.slash(alice, "challenge", opt("opponent", bob), opt("variant", "brandubh"), opt("casual", casual))
		want := "rated."
		if casual {
			want = "casual (no rating change)"
		}
		if !strings.Contains(r.Content, want) {
			t.Fatalf("casual %v: challenge %q does not say %q", casual, r.Content, want)
		}
		board, _ := h.click(bob, customIDs(r.Components)["Accept"], false)
		if got := strings.Contains(board.Content, "· casual"); got != casual {
			t.Errorf("casual %v: board %q", casual, board.Content)
		}
		confirm, _ := h.click(alice, customIDs(board.Components)["Resign"], false)
		h.click(alice, customIDs(confirm.Components)["Yes, resign"], true)
		games, err := h.store.GamesByPlayer(t.Context(), alice, storage.GameFilter{Limit: 1}) // the newest
		if err != nil || len(games) != 1 {
			t.Fatal(games, err)
		}
		g := games[0]
		if g.Active() || g.Casual != casual {
			t.Fatalf("game %d: active %v, casual %v", g.ID, g.Active(), g.Casual)
		}
		if (len(g.RatingChanges) == 0) != casual {
			t.Errorf("casual %v: rating changes %+v", casual, g.RatingChanges)
		}
	}
	p, err := h.store.GetPlayer(t.Context(), guild, bob)
	if err != nil {
		t.Fatal(err)
	}
	// Two wins in the record, one of them rated.
	if p.Wins != 2 || p.Variants["brandubh"].Wins != 1 || p.Variants["brandubh"].Games() != 1 {
		t.Errorf("bob's record %+v", p)
	}
}
