package bot_test

import (
	"slices"
	"testing"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/bot"
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

// TestMenuDestinationsInBoardOrder: the destination menu lists squares by
// file and then by rank as a number (d7, d8, d9, d10), not by name, where
// d10 came before d7 on boards of ten ranks or more.
func TestMenuDestinationsInBoardOrder(t *testing.T) {
	h := newHarness(t, nil)
	h.slash(alice, "ai", opt("variant", "copenhagen"), opt("side", "attackers"), opt("level", "easy"))
	msg, _ := h.slash(alice, "board")
	r, _ := h.click(alice, customIDs(msg.Components)["Move"], false)
	r, _ = h.click(alice, customIDs(r.Components)["select"], true, "d11")
	var got []string
	for _, o := range r.Components[0].(*discordgo.ActionsRow).Components[0].(*discordgo.SelectMenu).Options {
		got = append(got, o.Value)
	}
	if want := []string{"b11", "c11", "d7", "d8", "d9", "d10"}; !slices.Equal(got, want) {
		t.Errorf("destinations of d11: %v, want %v", got, want)
	}
}

// TestBrokenMenuNamesMoveAsTheBoardShowsIt: a destination menu whose
// piece cannot be read told the player to press **Move** again in their
// own language, while the game's board shows the button in the game's
// (the server's): it names it as the board shows it.
func TestBrokenMenuNamesMoveAsTheBoardShowsIt(t *testing.T) {
	h := newHarness(t, nil)
	h.slash(alice, "settings", opt("server_language", "de"))
	r, _ := h.slash(alice, "ai", opt("variant", "brandubh"), opt("side", "attackers"), opt("level", "easy"))
	if _, ok := customIDs(r.Components)["Zug"]; !ok {
		t.Fatalf("the board's buttons: %v", customIDs(r.Components))
	}
	g := gameOf(t, h, alice)
	broken := bot.CustomID{Action: bot.ActPickTarget, ID: uint64(g.ID), Ply: g.Ply(), Arg: "zz"}.String()
	got, _ := h.click(alice, broken, true, "d2")
	if want := "That menu is broken; press **Zug** again."; got.Content != want {
		t.Errorf("a broken menu: %q, want %q", got.Content, want)
	}
}
