package tafl

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestUnplayRestores checks the in-place make and unmake that perft uses
// at its leaves: for every legal move of positions from random games of
// every preset, play on the position itself must give what MakeMove gives
// into a child, report the same captures, and unplay must restore the
// position exactly (every used cell and every field).
func TestUnplayRestores(t *testing.T) {
	for _, pi := range Presets() {
		for _, layout := range pi.Layouts {
			t.Run(pi.Name+"/"+layout, func(t *testing.T) {
				v, err := Preset(pi.Name, layout)
				if err != nil {
					t.Fatal(err)
				}
				rng := rand.New(rand.NewPCG(7, uint64(pi.Size)))
				captures, moves := 0, 0
				for game := 0; game < 4; game++ {
					p := v.Start()
					for ply := 0; ply < 400 && p.end == NoEnd; ply++ {
						legal := p.GenerateMoves(nil)
						if len(legal) == 0 {
							break
						}
						for _, m := range legal {
							before := p
							var child Position
							var want []Square
							nwant := p.makeMove(m, &child, &want)
							var got []Square
							if n := p.play(m, &got); n != nwant || len(got) != len(want) {
								t.Fatalf("%s %s: play captured %d %v, MakeMove %d %v", p, m, n, got, nwant, want)
							}
							if !sameUsed(&p, &child) {
								t.Fatalf("%s %s: play gave %s, MakeMove %s", before, m, p, child)
							}
							p.unplay(m, before.hash, got)
							if !sameUsed(&p, &before) {
								t.Fatalf("%s: after %s and back: %s (outcome %v)", before, m, p, p.Outcome())
							}
							captures += len(got)
							moves++
						}
						var next Position
						p.MakeMove(legal[rng.IntN(len(legal))], &next)
						p = next
					}
				}
				if captures == 0 {
					t.Fatalf("%d moves tried, none captured: the test proves little", moves)
				}
			})
		}
	}
}

// sameUsed reports whether two positions of one variant are equal in
// every field and every cell their variant uses.
func sameUsed(a, b *Position) bool {
	n := a.v.used
	return a.v == b.v && slices.Equal(a.board[:n], b.board[:n]) &&
		a.hash == b.hash && a.king == b.king && a.toMove == b.toMove &&
		a.winner == b.winner && a.end == b.end && a.natt == b.natt && a.ndef == b.ndef
}
