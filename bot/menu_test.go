package bot_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/bot"
	"github.com/taflbot/taflbot/storage"
	"github.com/taflbot/taflbot/tafl"
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

// TestMenuBackToThePiecesPage: on alea-evangelii's board, where the
// attackers' pieces fill two pages of the piece menu, Back from the
// destinations of a piece of the second page went to the first, and the
// player had to page on again; it goes to the page that lists the piece,
// in a game and in a puzzle. A piece with more destinations than a menu
// holds says which page of them is shown, as the piece menu does.
func TestMenuBackToThePiecesPage(t *testing.T) {
	h := newHarness(t, nil)
	h.slash(alice, "ai", opt("variant", "alea-evangelii"), opt("side", "attackers"), opt("level", "easy"))
	msg, _ := h.slash(alice, "board")
	r, _ := h.click(alice, customIDs(msg.Components)["Move"], false)
	r, _ = h.click(alice, customIDs(r.Components)["Next ▶"], true)
	if r.Content != "Game 1: pick the piece to move (page 2 of 2)." {
		t.Fatalf("Next: %q", r.Content)
	}
	r, _ = h.click(alice, customIDs(r.Components)["select"], true, "n3")
	if r.Content != "Game 1: move n3 to…" {
		t.Fatalf("n3: %q", r.Content)
	}
	r, _ = h.click(alice, customIDs(r.Components)["Back"], true)
	if r.Content != "Game 1: pick the piece to move (page 2 of 2)." {
		t.Errorf("Back from n3, on page 2: %q", r.Content)
	}
	r, _ = h.click(alice, customIDs(r.Components)["◀ Previous"], true)
	r, _ = h.click(alice, customIDs(r.Components)["select"], true, "a3")
	r, _ = h.click(alice, customIDs(r.Components)["Back"], true)
	if r.Content != "Game 1: pick the piece to move (page 1 of 2)." {
		t.Errorf("Back from a3, on page 1: %q", r.Content)
	}

	// A lone attacker in the middle of an empty 19×19 board has 26
	// destinations (the throne j10 aside).
	h.slash(bob, "ai", opt("variant", "dim:19 esc:c start:/19/19/19/19/19/19/19/19/9t9/19/9K9/19/19/19/19/19/19/19/19/"), opt("side", "attackers"), opt("level", "easy"))
	msg, _ = h.slash(bob, "board")
	r, _ = h.click(bob, customIDs(msg.Components)["Move"], false)
	r, _ = h.click(bob, customIDs(r.Components)["select"], true, "j9")
	if r.Content != "Game 2: move j9 to… (page 1 of 2)" {
		t.Errorf("j9: %q", r.Content)
	}
	r, _ = h.click(bob, customIDs(r.Components)["Next ▶"], true)
	if r.Content != "Game 2: move j9 to… (page 2 of 2)" {
		t.Errorf("j9, Next: %q", r.Content)
	}

	start := "/2t2t7t2t2/19/t4t7t4t/7t1t1t7/6t1T1T1t6/t1t2t7t2t1t/4t4T4t4/3t4T1T4t3/4T2T1T1T2T4/3t2T1TKT1T2t3/4T2T1T1T2T4/3t4T1T4t3/4t4T4t4/t1t2t7t2t1t/6t1T1T1t6/7t1t1t7/t4t7t4t/19/2t2t7t2t2/"
	sp := &storage.Puzzle{Variant: "alea-evangelii", Position: start, ToMove: tafl.Attackers, Moves: 2, Solution: []string{"a3-a4", "e11-d11", "a4-a3"},
		Source: "a test", Rating: storage.Rating{Rating: 1500, Deviation: 200, Volatility: 0.06}}
	if _, err := h.store.AddPuzzle(t.Context(), sp); err != nil {
		t.Fatal(err)
	}
	r, _ = h.slash(carol, "puzzle", opt("variant", "alea-evangelii"))
	r, _ = h.click(carol, customIDs(r.Components)["Move"], true)
	r, _ = h.click(carol, customIDs(r.Components)["Next ▶"], true)
	r, _ = h.click(carol, customIDs(r.Components)["select"], true, "q19")
	r, _ = h.click(carol, customIDs(r.Components)["Back"], true)
	if want := fmt.Sprintf("Puzzle %d: pick the piece to move (page 2 of 2).", sp.ID); r.Content != want {
		t.Errorf("the puzzle's Back from q19: %q, want %q", r.Content, want)
	}
}
