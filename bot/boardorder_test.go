package bot

import (
	"slices"
	"testing"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/locale"
	"github.com/taflbot/taflbot/storage"
	"github.com/taflbot/taflbot/tafl"
)

// TestMenusInCompareMovesOrder: the move menu's destinations and the move
// autocomplete (without help) list a piece's moves in tafl.CompareMoves'
// order, the board order tafl moves prints too: on every piece's full
// list of moves, on boards of 7, 11 and 19 squares (ranks 10 to 19 among
// them), the king's moves included.
func TestMenusInCompareMovesOrder(t *testing.T) {
	p := locale.For(locale.English)
	for _, c := range []struct {
		variant string
		moves   []string
	}{
		{"brandubh", []string{"b4-b6", "c4-c1"}},
		{"copenhagen", []string{"a4-a3", "e5-e2", "d11-d7"}},
		{"alea-evangelii", []string{"c6-c13", "k12-l12", "s3-p3"}},
	} {
		g, err := storage.NewGame(c.variant, "")
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range c.moves {
			if _, err := g.Tafl().PlayText(m); err != nil {
				t.Fatalf("%s: %s: %v", c.variant, m, err)
			}
		}
		ms := menuSpec{tg: g.Tafl(), p: p}
		from, moves := movable(g.Tafl())
		moves = slices.Clone(moves)
		slices.SortFunc(moves, tafl.CompareMoves)
		for _, sq := range from {
			var want []string
			for _, m := range moves {
				if m.From() == sq {
					want = append(want, m.String())
				}
			}
			var menu []string
			for page := 0; len(menu) < len(want); page++ {
				data := ms.targets(sq, page)
				for _, o := range data.Components[0].(discordgo.ActionsRow).Components[0].(discordgo.SelectMenu).Options {
					menu = append(menu, sq.String()+"-"+o.Value)
				}
				if page > 10 {
					t.Fatalf("%s: %v: the menu's pages never end", c.variant, sq)
				}
			}
			if !slices.Equal(menu, want) {
				t.Errorf("%s: the menu lists %v's moves %v, want %v", c.variant, sq, menu, want)
			}
			var choices []string
			for _, ch := range moveChoices(p, g, sq.String()+"-", false) {
				choices = append(choices, ch.Value.(string))
			}
			if n := min(25, len(want)); !slices.Equal(choices, want[:n]) {
				t.Errorf("%s: the autocomplete lists %v's moves %v, want %v", c.variant, sq, choices, want[:n])
			}
		}
	}
}

// TestPieceMenuInBoardOrder: the move menu's first step listed the pieces
// rank by rank (a1, b1, …, a2), where its destinations and the move
// autocomplete go by file, then rank (tafl.CompareMoves): it lists them as
// those do, across all its pages (ranks 10 to 19 as numbers).
func TestPieceMenuInBoardOrder(t *testing.T) {
	p := locale.For(locale.English)
	for _, c := range []struct {
		variant string
		moves   []string
	}{
		{"brandubh", []string{"b4-b6", "c4-c1"}},
		{"copenhagen", []string{"a4-a3", "e5-e2", "d11-d7"}},
		{"alea-evangelii", nil},
	} {
		g, err := storage.NewGame(c.variant, "")
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range c.moves {
			if _, err := g.Tafl().PlayText(m); err != nil {
				t.Fatalf("%s: %s: %v", c.variant, m, err)
			}
		}
		moves := slices.Clone(g.Tafl().LegalMoves())
		slices.SortFunc(moves, tafl.CompareMoves)
		var want []string
		for _, m := range moves {
			if sq := m.From().String(); !slices.Contains(want, sq) {
				want = append(want, sq)
			}
		}
		ms := menuSpec{tg: g.Tafl(), p: p}
		var menu []string
		for page := 0; len(menu) < len(want); page++ {
			data := ms.pieces(page)
			for _, o := range data.Components[0].(discordgo.ActionsRow).Components[0].(discordgo.SelectMenu).Options {
				menu = append(menu, o.Value)
			}
			if page > 10 {
				t.Fatalf("%s: the piece menu's pages never end", c.variant)
			}
		}
		if !slices.Equal(menu, want) {
			t.Errorf("%s: the piece menu lists %v, want %v", c.variant, menu, want)
		}
	}
}
