package tafl_test

import (
	"testing"

	"github.com/taflbot/taflbot/tafl"
)

// TestOutcomeTextNoPiecesLeft: a game the defenders won or drew by
// capturing the attackers' last piece read "the attackers had no legal
// move", true but odd; Game.OutcomeText says they had no pieces left,
// the end reason staying NoMoves, and a side walled in still had no
// legal move.
func TestOutcomeTextNoPiecesLeft(t *testing.T) {
	for _, c := range []struct{ rules, move, want string }{
		{"dim:7 atkf:n start:/7/7/7/7/7/1T5/1t2K2/", "e7-c7", "Defenders win · the attackers had no pieces left"},
		{"dim:7 atkf:n tb-nomoves:draw start:/7/7/7/7/7/1T5/1t2K2/", "e7-c7", "Draw · the attackers had no pieces left"},
		{"dim:7 surf:n start:/1t5/7/3t3/2tKt2/3t3/7/7/", "b1-b2", "Attackers win · the defenders had no legal move"},
	} {
		v, err := tafl.VariantOf("custom", "", c.rules)
		if err != nil {
			t.Fatal(err)
		}
		g := tafl.NewGame(v)
		if _, err := g.PlayText(c.move); err != nil {
			t.Fatalf("%s: %s: %v", c.rules, c.move, err)
		}
		if got := g.OutcomeText(); got != c.want || g.Outcome().Reason != tafl.NoMoves {
			t.Errorf("%s after %s: %q (%v), want %q (no-moves)", c.rules, c.move, got, g.Outcome().Reason, c.want)
		}
	}
}
