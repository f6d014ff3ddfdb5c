package ai

import (
	"testing"

	"github.com/taflbot/taflbot/tafl"
)

// TestOffBoardIsTaflWall checks that the search reads a tafl.Position's
// cells as its board (see boardAt): every cell of the rows a board uses
// is the same as in info.empty, offBoard outside the board, or the piece
// on the square.
func TestOffBoardIsTaflWall(t *testing.T) {
	for _, name := range []string{"brandubh", "tablut", "copenhagen", "alea-evangelii"} {
		g := randomGame(t, name, 20, 1)
		in := infoFor(g.Variant())
		p := g.Position()
		b := (*board)(p.Cells())
		for i := range in.used {
			want := in.empty[i]
			if want != offBoard {
				want = p.At(tafl.Square(i))
			}
			if b[i] != want {
				t.Fatalf("%s: cell %d is %d, want %d", name, i, b[i], want)
			}
		}
	}
}
