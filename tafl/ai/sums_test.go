package ai

import (
	"context"
	"testing"

	"github.com/taflbot/taflbot/tafl"
)

// TestIncrementalSumsMatchScratch searches random positions of every
// preset with checkSums on: every evaluation compares the piece terms
// kept move by move (captures and shieldwalls included) with a count
// from scratch, and panics on a difference.
func TestIncrementalSumsMatchScratch(t *testing.T) {
	checkSums = true
	defer func() { checkSums = false }()
	evals := 0
	for _, pi := range tafl.Presets() {
		for seed := range uint64(4) {
			g := randomGame(t, pi.Name, 10+int(seed)*25, seed)
			if g.Outcome().Over() {
				continue
			}
			res, err := Search(context.Background(), g, Limits{Nodes: 20000, Seed: seed})
			if err != nil {
				t.Fatalf("%s seed %d: %v", pi.Name, seed, err)
			}
			evals += int(res.Nodes)
		}
	}
	if evals < 100000 {
		t.Errorf("only %d nodes searched: the check saw too little", evals)
	}
}

// TestSumsCatchADifference makes sure the check above can fail: a wrong
// piece sum is reported.
func TestSumsCatchADifference(t *testing.T) {
	g := randomGame(t, "copenhagen", 20, 1)
	s := newSearcher(&shared{tt: newTable(1)}, g, g.LegalMoves(), 0, Limits{})
	s.sums[0].hangA++
	checkSums = true
	defer func() { checkSums = false }()
	defer func() {
		if recover() == nil {
			t.Error("a wrong piece sum went unnoticed")
		}
	}()
	s.evaluate(0)
}
