package ai

import (
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/taflbot/taflbot/tafl"
)

// TestCapMapMatchesMoveByMove compares the capture map with a direct,
// move-by-move test on random positions of every preset.
func TestCapMapMatchesMoveByMove(t *testing.T) {
	found := 0
	for _, pi := range tafl.Presets() {
		for seed := range uint64(6) {
			g := randomGame(t, pi.Name, 8+int(seed)*15, seed)
			s := newSearcher(&shared{tt: newTable(1)}, g, g.LegalMoves(), 0, Limits{})
			s.buildCapMap(0)
			b := s.boardAt(0)
			for _, m := range g.LegalMoves() {
				want := likelyCapture(s, b, m.From(), m.To(), b[m.From()])
				got := s.capMap[0][m.To()] != 0 && s.capturesFrom(0, m.From(), m.To())
				if got != want {
					t.Fatalf("%s seed %d, %s: capture map says %v, the direct test %v", pi.Name, seed, m, got, want)
				}
				if want {
					found++
				}
			}
		}
	}
	if found < 50 {
		t.Errorf("only %d capturing moves seen", found)
	}
}

// likelyCapture reports whether piece pc moving from → to closes a
// sandwich on an enemy piece (ignoring the king's arms and hostility
// details: it is only for ordering).
func likelyCapture(s *searcher, b *board, from, to tafl.Square, pc tafl.Piece) bool {
	side := pc.Side()
	for _, d := range dirs {
		n := to + d
		victim := b[n]
		if victim != tafl.Attacker && victim != tafl.Defender || victim.Side() == side {
			continue
		}
		a := n + d
		if a == from {
			continue
		}
		if x := b[a]; (x == tafl.Attacker || x == tafl.Defender || x == tafl.King) && x.Side() == side || (x == tafl.Empty && s.in.special[a]) {
			return true
		}
	}
	return false
}

// TestIsLegalMatchesGenerate checks the hash move's legality test against
// the generated moves: every pair of board squares, on random positions
// of every preset (a table move may come from another position).
func TestIsLegalMatchesGenerate(t *testing.T) {
	checked := 0
	for _, pi := range tafl.Presets() {
		for seed := range uint64(4) {
			g := randomGame(t, pi.Name, 6+int(seed)*17, seed)
			if g.Outcome().Over() {
				continue
			}
			legal := g.LegalMoves()
			s := newSearcher(&shared{tt: newTable(1)}, g, legal, 0, Limits{})
			want := map[tafl.Move]bool{}
			for _, m := range legal {
				want[m] = true
			}
			sq := g.Variant().Squares()
			for _, from := range sq {
				for _, to := range sq {
					m := tafl.NewMove(from, to)
					if got := s.isLegal(0, m); got != want[m] {
						t.Fatalf("%s seed %d, %s: isLegal says %v, the generated moves %v", pi.Name, seed, m, got, want[m])
					}
					checked++
				}
			}
		}
	}
	if checked < 10000 {
		t.Errorf("only %d moves checked", checked)
	}
}

// TestPickerHandsOutEveryMove checks the staged move picker on the
// children of random positions of every preset (so that the capture map
// of one ply is rebuilt over an older one): it hands out every legal move
// exactly once; the table's move first when it is legal here (it is
// skipped when it belongs to another position), then the tactical moves
// (key orderKing and above), best key first, then the legal killers, then
// the rest; and the keys are scoreMove's.
func TestPickerHandsOutEveryMove(t *testing.T) {
	tactical, killers := 0, 0
	for _, pi := range tafl.Presets() {
		for seed := range uint64(4) {
			g := randomGame(t, pi.Name, 6+int(seed)*17, seed)
			s := newSearcher(&shared{tt: newTable(1)}, g, g.LegalMoves(), 0, Limits{})
			for i, m0 := range g.LegalMoves() {
				if i%7 != 0 {
					continue
				}
				if _, _, over := s.enter(0, m0); over {
					continue
				}
				all := s.pos[1].GenerateMoves(nil)
				if len(all) == 0 {
					continue
				}
				hash := m0 // a move of another position: not legal here
				if i%2 == 0 {
					hash = all[len(all)/2]
				}
				// Killers: a legal move, and one of another position.
				s.killers[1] = [2]tafl.Move{all[len(all)-1], m0}
				s.buildCapMap(1)
				want := map[tafl.Move]int32{}
				for _, m := range all {
					want[m] = s.scoreMove(1, m, hash)
				}
				pk := picker{ply: 1, ttMove: hash}
				seen := map[tafl.Move]bool{}
				last := int32(orderHash)
				for {
					m, key := s.nextMove(&pk)
					if m == tafl.NoMove {
						break
					}
					w, ok := want[m]
					switch {
					case !ok:
						t.Fatalf("%s seed %d after %s: picker gave %s, not a legal move", pi.Name, seed, m0, m)
					case seen[m]:
						t.Fatalf("%s seed %d after %s: picker gave %s twice", pi.Name, seed, m0, m)
					case w != key:
						t.Fatalf("%s seed %d after %s: picker keyed %s %d, scoreMove %d", pi.Name, seed, m0, m, key, w)
					case key > last:
						t.Fatalf("%s seed %d after %s: %s (key %d) after a move keyed %d", pi.Name, seed, m0, m, key, last)
					case (m == hash) != (len(seen) == 0 && i%2 == 0):
						t.Fatalf("%s seed %d after %s: %s handed out as move %d, table's move %s", pi.Name, seed, m0, m, len(seen)+1, hash)
					}
					if key >= orderKing {
						tactical++
					} else if key == orderKiller {
						killers++
					}
					seen[m] = true
					last = min(last, key)
				}
				if len(seen) != len(want) {
					t.Fatalf("%s seed %d after %s: picker gave %d moves, %d legal", pi.Name, seed, m0, len(seen), len(want))
				}
			}
		}
	}
	if tactical < 100 || killers < 10 {
		t.Errorf("only %d tactical moves and %d killers seen", tactical, killers)
	}
}

// TestPlanMovesFirst: with the seal terms weighted, a quiet attacker move
// that brings a corner's seal nearer gets the plan key, before the other
// quiet moves; one that does not keeps its history key; with the seal
// terms at 0 no move gets it.
func TestPlanMovesFirst(t *testing.T) {
	v, _ := tafl.Preset("copenhagen", "")
	// d1 and a4 stand on a1's four-square diagonal: b3 and c2 complete it.
	g := tafl.NewGame(v)
	w, _ := DefaultWeights(v)
	x, y := w.Vector(), w.Vector()
	for i, n := range FeatureNames(v) {
		if n == "seal.0" {
			x[i] = 100
		}
		if strings.HasPrefix(n, "seal.") || strings.HasPrefix(n, "openCorner.") {
			y[i] = 0
		}
	}
	sealed, _ := w.WithVector(x)
	unsealed, _ := w.WithVector(y)
	for _, c := range []struct {
		w    *Weights
		move string
		plan bool
	}{
		{sealed, "b6-b3", true},    // b3: a1's diagonal a4 b3 c2 d1
		{sealed, "f2-c2", true},    // c2: the same
		{sealed, "h1-h3", false},   // h3: no triangle square that helps
		{unsealed, "b6-b3", false}, // seal terms at 0
	} {
		s := newSearcher(&shared{tt: newTable(1)}, g, g.LegalMoves(), 0, Limits{Weights: c.w})
		mt, err := tafl.ParseMove(c.move)
		if err != nil {
			t.Fatal(err)
		}
		got := s.scoreMove(0, mt.Move, tafl.NoMove) == orderPlan
		if got != c.plan {
			t.Errorf("%s with seal weight %v: plan key %v, want %v", c.move, c.w.w.seal[0], got, c.plan)
		}
	}
}

// TestSortRestIsAFullSort compares sortRest, which puts the moves with
// key 0 in order by their squares, with a plain sort by decreasing key,
// ties by decreasing move, on random move lists: many keys 0, several
// moves to the same square, lists longer than the scratch space's start.
func TestSortRestIsAFullSort(t *testing.T) {
	g := randomGame(t, "copenhagen", 0, 1)
	s := newSearcher(&shared{tt: newTable(1)}, g, g.LegalMoves(), 0, Limits{})
	rng := rand.New(rand.NewPCG(7, 8))
	squares := s.in.squares
	for trial := range 300 {
		n := 1 + rng.IntN(300)
		seen := map[tafl.Move]bool{}
		var moves []tafl.Move
		var order []int32
		for len(moves) < n {
			// Few destinations, so that lists of the same square form.
			to := squares[rng.IntN(8+trial%40)]
			m := tafl.NewMove(squares[rng.IntN(len(squares))], to)
			if m.From() == to || seen[m] {
				continue
			}
			seen[m] = true
			moves = append(moves, m)
			key := int32(0)
			if rng.IntN(4) == 0 {
				key = int32(rng.IntN(5)) // ties among keys too
			}
			order = append(order, key)
		}
		type pair struct {
			m   tafl.Move
			key int32
		}
		want := make([]pair, n)
		for i := range moves {
			want[i] = pair{moves[i], order[i]}
		}
		slices.SortFunc(want, func(a, b pair) int {
			if a.key != b.key {
				return int(b.key - a.key)
			}
			return int(int64(b.m) - int64(a.m))
		})
		s.sortRest(trial%maxPly, moves, order)
		for i := range want {
			if moves[i] != want[i].m || order[i] != want[i].key {
				t.Fatalf("trial %d (%d moves): place %d holds %v key %d, want %v key %d",
					trial, n, i, moves[i], order[i], want[i].m, want[i].key)
			}
		}
	}
}

// TestPickFirstIsSelectBest compares the quiet stage's first selections
// (topKeys.pickFirst) with selectBest called for each place in turn, on
// random keys with many ties.
func TestPickFirstIsSelectBest(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		n := r.IntN(12)
		moves := make([]tafl.Move, n)
		order := make([]int32, n)
		var top topKeys
		for i := range top {
			top[i].key = math.MinInt32
		}
		for i := range moves {
			moves[i] = tafl.Move(i + 1)
			order[i] = int32(r.IntN(4))
			if order[i] > top[sortAfter-1].key && i >= sortAfter {
				top.add(order[i], i)
			}
		}
		wantMoves, wantOrder := slices.Clone(moves), slices.Clone(order)
		for i := 0; i < sortAfter && i < n; i++ {
			selectBest(wantMoves, wantOrder, i)
		}
		top.pickFirst(moves, order)
		if !slices.Equal(moves, wantMoves) || !slices.Equal(order, wantOrder) {
			t.Fatalf("pickFirst gives %v %v, selectBest %v %v", moves, order, wantMoves, wantOrder)
		}
	}
}
