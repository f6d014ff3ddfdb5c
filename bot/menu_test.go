package bot_test

import (
	"testing"

	"github.com/bwmarrin/discordgo"
)

func TestMenuPagesLargeArmies(t *testing.T) {
	h := newHarness(t, nil)
	h.slash(alice, "ai", opt("variant", "alea-evangelii"), opt("side", "attackers"), opt("level", "easy"))
	g := gameOf(t, h, alice)
	pieces := map[string]bool{}
	for _, m := range g.Tafl().LegalMoves() {
		pieces[m.From().String()] = true
	}
	if len(pieces) <= 25 {
		t.Fatalf("only %d movable pieces: the test needs more than 25", len(pieces))
	}
	msg, _ := h.slash(alice, "board")
	r, _ := h.click(alice, customIDs(msg.Components)["Move"], false)
	seen := map[string]bool{}
	for page := 0; ; page++ {
		sel := r.Components[0].(*discordgo.ActionsRow).Components[0].(*discordgo.SelectMenu)
		if len(sel.Options) > 25 {
			t.Fatalf("page %d has %d options", page, len(sel.Options))
		}
		for _, o := range sel.Options {
			if seen[o.Value] {
				t.Errorf("%s on two pages", o.Value)
			}
			seen[o.Value] = true
		}
		ids := customIDs(r.Components)
		if buttons(r.Components)["Next ▶"] {
			break // disabled: last page
		}
		r, _ = h.click(alice, ids["Next ▶"], true)
		if page > 10 {
			t.Fatal("too many pages")
		}
	}
	if len(seen) != len(pieces) {
		t.Errorf("pages list %d pieces, want %d", len(seen), len(pieces))
	}
}
