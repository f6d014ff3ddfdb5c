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
// position exactly (every used cell and every field); so must
// MakeMoveOver, each move made over the one before.
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
						var over Position // each move made over the one before (MakeMoveOver)
						p.MakeNullMove(&over)
						var changed []Square
						for _, m := range legal {
							before := p
							var child Position
							var want []Square
							nwant := p.makeMove(m, &child, &want)
							if n := p.MakeMoveOver(m, &over, changed); n != nwant || !sameUsed(&over, &child) {
								t.Fatalf("%s %s: made over %v: %s (%d captured), MakeMove %s (%d)", p, m, changed, over, n, child, nwant)
							}
							changed = append(append(changed[:0], m.From(), m.To()), want...)
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

// TestPerftLeavesRepetition: at perft's last ply a move that would make
// the third occurrence of a position is not counted under
// RepetitionForbidden (tablut), and is counted (it ends the game there)
// under the other rules (copenhagen); a capture would make the earlier
// occurrences unreachable. The line is made up: the position after one
// leaf move stands four and eight plies back.
func TestPerftLeavesRepetition(t *testing.T) {
	for _, tc := range []struct {
		name      string
		forbidden bool
	}{{"tablut", true}, {"copenhagen", false}} {
		v, err := Preset(tc.name, "")
		if err != nil {
			t.Fatal(err)
		}
		p := v.Start()
		moves := p.GenerateMoves(nil)
		var c Position
		m := moves[len(moves)/2]
		if p.makeMove(m, &c, nil) != 0 {
			t.Fatal("the test move captures")
		}
		hist := make([]uint64, 9)
		for i := range hist {
			hist[i] = uint64(i + 1)
		}
		hist[8] = p.hash
		hist[5], hist[1] = c.hash, c.hash
		bufs := make([]Move, 0, 1024)
		leaf := new(leafScratch)
		want := uint64(len(moves))
		if tc.forbidden {
			want--
		}
		if got := perftLeaves(&p, hist, 0, bufs, leaf); got != want {
			t.Errorf("%s: %d leaves with the move's position twice in the line, want %d", tc.name, got, want)
		}
		// Once in the line since the last capture: no third occurrence.
		if got := perftLeaves(&p, hist, 2, bufs, leaf); got != uint64(len(moves)) {
			t.Errorf("%s: %d leaves with the move's position once in the line, want %d", tc.name, got, len(moves))
		}
		if p.hash != hist[8] {
			t.Errorf("%s: perftLeaves changed the position", tc.name)
		}
	}
}

// TestPerftRepetitionGameEnd: under RepetitionForbidden a move that ends
// the game (here b2-b3 captures the king) is never refused, even when it
// brings a position back for the third time (VARIANTS.md §1: the king's
// capture is checked first); perft counts it, at its leaves and above
// them, as Game.Play and Game.LegalMoves allow it (hnefatafl-9).
func TestPerftRepetitionGameEnd(t *testing.T) {
	v, err := Preset("hnefatafl-9", "")
	if err != nil {
		t.Fatal(err)
	}
	p, err := v.ParsePosition("/9/9/1tKt5/9/9/9/6T2/t8/9/", Attackers)
	if err != nil {
		t.Fatal(err)
	}
	g := NewGameFrom(p)
	for _, s := range []string{"a8-a7", "g7-g6", "a7-a8", "g6-g7", "a8-a7", "g7-g6", "b3-b2", "g6-g7"} {
		if _, err := g.PlayText(s); err != nil {
			t.Fatal(err)
		}
	}
	win := NewMove(mustSquare(t, "b2"), mustSquare(t, "b3"))
	if !slices.Contains(g.LegalMoves(), win) {
		t.Fatalf("b2-b3 is not among the legal moves %v", g.LegalMoves())
	}
	pos := g.Position()
	hist := g.History()
	bufs := make([][]Move, 2)
	for i := range bufs {
		bufs[i] = make([]Move, 0, 1024)
	}
	leaf := new(leafScratch)
	if got, want := perftLeaves(&pos, hist, 0, bufs[0], leaf), uint64(len(g.LegalMoves())); got != want {
		t.Errorf("perft counts %d leaves, Game.LegalMoves has %d moves", got, want)
	}
	var c Position
	if got := perftChild(&pos, win, &c, 2, hist, 0, bufs, leaf); got != 0 {
		t.Errorf("perftChild(b2-b3, depth 2) = %d, want 0 (a legal move that ends the game)", got)
	}
	if _, err := g.Play(win); err != nil || g.Outcome().Reason != KingCaptured {
		t.Errorf("b2-b3: %v, %v", err, g.Outcome())
	}
}

func mustSquare(t *testing.T, s string) Square {
	t.Helper()
	sq, err := ParseSquare(s)
	if err != nil {
		t.Fatal(err)
	}
	return sq
}
