package ai

import (
	"context"
	"math/rand/v2"
	"runtime"
	"testing"
	"time"

	"github.com/taflbot/taflbot/tafl"
)

// randomGame plays n random legal moves from the start of variant name
// with the given seed, stopping early if the game ends.
func randomGame(t testing.TB, name string, n int, seed uint64) *tafl.Game {
	t.Helper()
	v, err := tafl.Preset(name, "")
	if err != nil {
		t.Fatal(err)
	}
	g := tafl.NewGame(v)
	r := rand.New(rand.NewPCG(seed, 1))
	for i := 0; i < n; i++ {
		moves := g.LegalMoves()
		if len(moves) == 0 || g.Outcome().Over() {
			break
		}
		// Avoid ending the game: prefer moves after which it goes on.
		m := moves[r.IntN(len(moves))]
		trial := g.Clone()
		if _, err := trial.Play(m); err != nil {
			t.Fatal(err)
		}
		if trial.Outcome().Over() {
			continue
		}
		g = trial
	}
	return g
}

// staticEval is the evaluation of a position, computed from its public
// API, for the reference minimax.
func staticEval(p tafl.Position) int32 {
	in := infoFor(p.Variant())
	b := in.boardOf(p)
	ps := in.pieceSumsOf(&b)
	return in.evaluateWith(&b, p.ToMove(), p.King(), &ps)
}

// minimax is a plain negamax over tafl.Game (which applies every rule,
// repetition and "no legal move" included) with the static evaluation at
// the leaves: the reference the search must agree with.
func minimax(g *tafl.Game, depth, ply int) int32 {
	if depth == 0 {
		return staticEval(g.Position())
	}
	best := int32(-infinity)
	for _, m := range g.LegalMoves() {
		c := g.Clone()
		if _, err := c.Play(m); err != nil {
			panic(err)
		}
		var v int32
		o := c.Outcome()
		switch {
		case o.Reason == tafl.NoMoves && depth == 1:
			// The search sees "no legal move" only when it searches
			// the position, not at its horizon.
			v = -staticEval(c.Position())
		case o.Over() && o.Winner == tafl.NoSide:
			v = 0
		case o.Over() && o.Winner == g.ToMove():
			v = WinScore - int32(ply+1)
		case o.Over():
			v = -WinScore + int32(ply+1)
		default:
			v = -minimax(c, depth-1, ply+1)
		}
		best = max(best, v)
	}
	return best
}

func TestSearchEqualsMinimax(t *testing.T) {
	cases := []struct {
		variant string
		depth   int
		n       int
	}{
		{"brandubh", 3, 2},
		{"ard-ri", 2, 2},
		{"tablut", 2, 2},
		{"copenhagen", 2, 1},
	}
	for _, c := range cases {
		if raceEnabled {
			c.n = 1
		}
		for i := 0; i < c.n; i++ {
			g := randomGame(t, c.variant, 6+7*i, uint64(100+i))
			want := minimax(g, c.depth, 0)
			for _, k := range []knobs{
				{noPrune: true, noQuiesce: true, noTT: true},
				{noPrune: true, noQuiesce: true, ttSameOnly: true},
			} {
				r, err := Search(context.Background(), g, Limits{Depth: c.depth, knobs: k})
				if err != nil {
					t.Fatal(err)
				}
				if int32(r.Score) != want {
					t.Errorf("%s game %d (%s, %s to move), depth %d, knobs %+v: search %d, minimax %d",
						c.variant, i, g.Position().Record(), g.ToMove(), c.depth, k, r.Score, want)
				}
			}
		}
	}
}

// TestTableKeepsResults checks that the transposition table does not
// change the value found at a fixed depth, quiescence included.
func TestTableKeepsResults(t *testing.T) {
	for i, name := range []string{"brandubh", "copenhagen", "tablut", "tawlbwrdd", "brandubh", "fetlar"} {
		g := randomGame(t, name, 10+3*i, uint64(7+i))
		depth := 3
		if name == "brandubh" {
			depth = 4
		}
		a, err := Search(context.Background(), g, Limits{Depth: depth, knobs: knobs{noPrune: true, noTT: true}})
		if err != nil {
			t.Fatal(err)
		}
		b, err := Search(context.Background(), g, Limits{Depth: depth, knobs: knobs{noPrune: true, ttSameOnly: true}})
		if err != nil {
			t.Fatal(err)
		}
		if a.Score != b.Score {
			t.Errorf("%s %s: score without table %d, with table %d", name, g.Position(), a.Score, b.Score)
		}
		if b.Nodes >= a.Nodes {
			t.Logf("%s: the table saved no nodes (%d vs %d)", name, b.Nodes, a.Nodes)
		}
	}
}

// TestSmallNodeBudget: the node budget was checked every pollEvery (1024)
// nodes, so a smaller one searched about 1024 (Nodes 200 reported 1025,
// and budgets of 100 and 900 played the same); a budget under pollEvery
// is checked at its own size.
func TestSmallNodeBudget(t *testing.T) {
	g := randomGame(t, "brandubh", 0, 1)
	got := map[int64]int64{}
	for _, n := range []int64{1, 100, 200, 900, 5000} {
		r, err := Search(context.Background(), g, Limits{Nodes: n})
		if err != nil || r.Move == tafl.NoMove {
			t.Fatalf("Nodes %d: %v, move %v", n, err, r.Move)
		}
		if n < pollEvery && r.Nodes > n+1 || r.Nodes > n+pollEvery {
			t.Errorf("Nodes %d: %d nodes searched", n, r.Nodes)
		}
		got[n] = r.Nodes
	}
	if got[100] == got[900] {
		t.Errorf("budgets of 100 and 900 nodes both searched %d", got[100])
	}
}

// TestInfoOfACollectedVariantGoes: the tables of a variant (over 100 KB)
// were kept for ever, keyed by the variant: a variant read from a rules
// string is a new one at every read (a custom game's every load in the
// bot, every game of a tafl otep process), so each engine move in a custom
// game, and each game of an OTEP session, kept another. They go with
// their variant.
func TestInfoOfACollectedVariantGoes(t *testing.T) {
	count := func() int {
		n := 0
		infoCache.Range(func(any, any) bool { n++; return true })
		return n
	}
	p, _ := tafl.Preset("brandubh", "")
	before := count()
	func() {
		for i := 0; i < 50; i++ {
			r, err := tafl.ParseRules(p.RulesString())
			if err != nil {
				t.Fatal(err)
			}
			v, err := tafl.NewVariant(r)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := Search(context.Background(), tafl.NewGame(v), Limits{Depth: 1}); err != nil {
				t.Fatal(err)
			}
		}
	}()
	for i := 0; i < 50 && count() > before+5; i++ {
		runtime.GC()
		time.Sleep(10 * time.Millisecond) // cleanups run after the collection
	}
	if n := count(); n > before+5 {
		t.Errorf("%d infos left after the 50 variants were collected, want about %d", n, before)
	}
}
