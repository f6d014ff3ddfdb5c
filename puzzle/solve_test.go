package puzzle_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/taflbot/taflbot/puzzle"
	"github.com/taflbot/taflbot/tafl"
)

// naiveWins lists the first moves with which the side to move in g forces
// a win within n of its moves, by plain minimax over tafl.Game (Clone and
// Play, the rules engine's checked path): an independent reference for
// the solver, far too slow for anything but small positions.
func naiveWins(t *testing.T, g *tafl.Game, n int) []tafl.Move {
	t.Helper()
	me := g.ToMove()
	var out []tafl.Move
	for _, m := range g.LegalMoves() {
		h := g.Clone()
		if _, err := h.Play(m); err != nil {
			t.Fatal(err)
		}
		if naiveForced(t, h, me, n-1) {
			out = append(out, m)
		}
	}
	return out
}

// naiveForced reports whether side w, whose opponent is to move in g (or
// the game is over), has won or forces a win within n more moves.
func naiveForced(t *testing.T, g *tafl.Game, w tafl.Side, n int) bool {
	if o := g.Outcome(); o.Over() {
		return o.Winner == w
	}
	if n == 0 {
		return false
	}
	for _, r := range g.LegalMoves() {
		h := g.Clone()
		if _, err := h.Play(r); err != nil {
			t.Fatal(err)
		}
		if o := h.Outcome(); o.Over() {
			if o.Winner != w {
				return false
			}
			continue
		}
		if len(naiveWins(t, h, n)) == 0 {
			return false
		}
	}
	return true
}

// endgames plays seeded random games of a variant and returns positions
// near their ends (few pieces, so the naive search stays quick).
func endgames(t *testing.T, variant string, count int, seed uint64) []*tafl.Game {
	t.Helper()
	v, err := tafl.Preset(variant, "")
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(seed, 7))
	var out []*tafl.Game
	for len(out) < count {
		g := tafl.NewGame(v)
		var hist []*tafl.Game
		for !g.Outcome().Over() && g.Len() < 300 {
			hist = append(hist, g.Clone())
			ms := g.LegalMoves()
			// Prefer captures and king moves a little, so that games end.
			if _, err := g.Play(ms[r.IntN(len(ms))]); err != nil {
				t.Fatal(err)
			}
		}
		if !g.Outcome().Over() || len(hist) < 4 {
			continue
		}
		// A position 1 to 6 plies before the end.
		out = append(out, hist[len(hist)-1-r.IntN(min(6, len(hist)))])
	}
	return out
}

// TestSolveMatchesNaiveMinimax compares Solve with plain minimax on
// positions near the end of random games: up to a quota of positions of
// each answer Solve gives (no win within 2, a win in 1, a win in 2), so
// that both lengths and the negative answer are checked every time.
func TestSolveMatchesNaiveMinimax(t *testing.T) {
	cases := []struct {
		variant string
		pool    int // random positions to choose from
		quota   int // positions compared per answer
	}{
		{"brandubh", 300, 8},
		{"ard-ri", 150, 4},
		{"tablut", 100, 3},
		{"copenhagen", 60, 2},
	}
	if testing.Short() {
		cases = cases[:2] // the small boards, where naive minimax is quick
		for i := range cases {
			cases[i].quota = (cases[i].quota + 2) / 3
		}
	}
	var compared [3]int // by the length of the win (0: none within 2)
	for _, c := range cases {
		var taken [3]int
		for i, g := range endgames(t, c.variant, c.pool, uint64(len(c.variant))) {
			sol, err := puzzle.Solve(t.Context(), g, 2, 0)
			if err != nil {
				t.Fatal(err)
			}
			if taken[sol.Moves] >= c.quota {
				continue
			}
			taken[sol.Moves]++
			compared[sol.Moves]++
			var want []tafl.Move
			wantN := 0
			for n := 1; n <= 2 && wantN == 0; n++ {
				if want = naiveWins(t, g, n); len(want) > 0 {
					wantN = n
				}
			}
			tafl.SortMoves(want)
			if sol.Moves != wantN || !slices.Equal(sol.Winning, want) {
				t.Errorf("%s #%d %v: Solve = win in %d by %v, naive minimax: win in %d by %v", c.variant, i, g.Position(), sol.Moves, sol.Winning, wantN, want)
			}
		}
	}
	if compared[1] == 0 || compared[2] == 0 || compared[0] == 0 {
		t.Errorf("positions compared by the length of their forced win (none, 1, 2): %v: the sample misses one", compared)
	}
	t.Logf("positions compared by the length of their forced win (none, 1, 2): %v", compared)
}

func TestSolveBudgetAndCancel(t *testing.T) {
	v, _ := tafl.Preset("copenhagen", "")
	g := tafl.NewGame(v)
	if _, err := puzzle.Solve(t.Context(), g, 3, 1000); !errors.Is(err, puzzle.ErrBudget) {
		t.Errorf("Solve with a budget of 1000 positions from the start: err = %v, want ErrBudget", err)
	}
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if _, err := puzzle.Solve(ctx, g, 3, 0); !errors.Is(err, context.Canceled) {
		t.Errorf("Solve with a cancelled context: err = %v, want context.Canceled", err)
	}
	for _, n := range []int{0, puzzle.MaxMoves + 1} {
		if _, err := puzzle.Solve(t.Context(), g, n, 0); err == nil {
			t.Errorf("Solve(%d moves) did not fail", n)
		}
	}
}

// TestSolveRepetition: the game's history counts. After the defenders'
// and the attackers' pieces have gone back and forth, the attackers'
// move d3-d1 repeats a position for the third time, which in copenhagen
// loses for the defenders (a win in 1), in fetlar is a draw (no win) and
// in a custom copenhagen that forbids it is no move at all.
func TestSolveRepetition(t *testing.T) {
	line := []string{"k4-j4", "f4-i4", "d1-d3", "i4-f4", "d3-d1", "f4-i4", "d1-d3", "i4-f4"}
	d3d1 := tafl.NewMove(mustSquare(t, "d3"), mustSquare(t, "d1"))
	forbid, err := tafl.PresetRules("copenhagen", "")
	if err != nil {
		t.Fatal(err)
	}
	forbid.Name = "custom"
	forbid.Repetition = tafl.RepetitionForbidden
	fv, err := tafl.NewVariant(forbid)
	if err != nil {
		t.Fatal(err)
	}
	cv, _ := tafl.Preset("copenhagen", "")
	dv, _ := tafl.Preset("fetlar", "")
	for _, c := range []struct {
		name string
		v    *tafl.Variant
		wins bool
	}{{"copenhagen", cv, true}, {"fetlar", dv, false}, {"forbidden", fv, false}} {
		g := tafl.NewGame(c.v)
		for _, m := range line {
			if _, err := g.PlayText(m); err != nil {
				t.Fatalf("%s: %s: %v", c.name, m, err)
			}
		}
		sol, err := puzzle.Solve(t.Context(), g, 1, 0)
		if err != nil {
			t.Fatal(err)
		}
		if got := slices.Contains(sol.Winning, d3d1); got != c.wins {
			t.Errorf("%s: d3-d1 wins = %v, want %v (solution %+v)", c.name, got, c.wins, sol)
		}
		// Without the history the same position has no such win.
		fresh, err := puzzle.Solve(t.Context(), tafl.NewGameFrom(g.Position()), 1, 0)
		if err != nil {
			t.Fatal(err)
		}
		if slices.Contains(fresh.Winning, d3d1) {
			t.Errorf("%s: d3-d1 wins from the bare position, which has no history", c.name)
		}
	}
}

func mustSquare(t *testing.T, s string) tafl.Square {
	t.Helper()
	sq, err := tafl.ParseSquare(s)
	if err != nil {
		t.Fatal(err)
	}
	return sq
}

// TestSolveRepetitionKingCapture: under a rule that forbids a third
// occurrence (hnefatafl-9), a move that captures the king is never
// refused, though it brings a position back for the third time
// (VARIANTS.md §1: the king's capture is checked first): b2-b3 wins in 1.
func TestSolveRepetitionKingCapture(t *testing.T) {
	v, err := tafl.Preset("hnefatafl-9", "")
	if err != nil {
		t.Fatal(err)
	}
	p, err := v.ParsePosition("/9/9/1tKt5/9/9/9/6T2/t8/9/", tafl.Attackers)
	if err != nil {
		t.Fatal(err)
	}
	g := tafl.NewGameFrom(p)
	for _, m := range []string{"a8-a7", "g7-g6", "a7-a8", "g6-g7", "a8-a7", "g7-g6", "b3-b2", "g6-g7"} {
		if _, err := g.PlayText(m); err != nil {
			t.Fatalf("%s: %v", m, err)
		}
	}
	sol, err := puzzle.Solve(t.Context(), g, 1, 0)
	if err != nil {
		t.Fatal(err)
	}
	if b2b3 := tafl.NewMove(mustSquare(t, "b2"), mustSquare(t, "b3")); sol.Moves != 1 || !slices.Contains(sol.Winning, b2b3) {
		t.Errorf("solution %+v, want b2-b3 winning in 1", sol)
	}
}
