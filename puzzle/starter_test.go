package puzzle_test

import (
	"testing"

	"github.com/taflbot/taflbot/puzzle"
)

// TestStarterSet: the starter set decodes, holds at least 200 puzzles, 20
// or more in each of copenhagen, brandubh, tablut and tawlbwrdd, each
// position once.
func TestStarterSet(t *testing.T) {
	ps, err := puzzle.Starter()
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) < 200 {
		t.Errorf("%d puzzles, want at least 200", len(ps))
	}
	byVariant := map[string]int{}
	byMoves := map[int]int{}
	keys := map[string]bool{}
	for _, p := range ps {
		byVariant[p.Variant]++
		byMoves[p.Moves]++
		if keys[p.Key()] {
			t.Errorf("%s twice", p.Key())
		}
		keys[p.Key()] = true
		if p.Source == "" {
			t.Errorf("%s: no source", p.Key())
		}
	}
	for _, v := range []string{"copenhagen", "brandubh", "tablut", "tawlbwrdd"} {
		if byVariant[v] < 20 {
			t.Errorf("%d %s puzzles, want at least 20", byVariant[v], v)
		}
	}
	t.Logf("by variant %v, by length %v", byVariant, byMoves)
}

// TestStarterSample re-verifies a sample of the starter set from scratch
// with the exhaustive search: forced, shortest, unique first move, the
// line as stored. The sample takes puzzles spread over the file, some of
// every variant.
func TestStarterSample(t *testing.T) {
	ps, err := puzzle.Starter()
	if err != nil {
		t.Fatal(err)
	}
	per := 3
	if testing.Short() {
		per = 1
	}
	byVariant := map[string][]int{}
	for i, p := range ps {
		byVariant[p.Variant] = append(byVariant[p.Variant], i)
	}
	checked := 0
	for v, idx := range byVariant {
		for k := range per {
			i := idx[(2*k+1)*len(idx)/(2*per)]
			p := ps[i]
			if err := p.Verify(t.Context(), 50_000_000); err != nil {
				t.Errorf("%s puzzle %d (%s): %v", v, i+1, p.Source, err)
			}
			checked++
		}
	}
	if checked == 0 {
		t.Fatal("no puzzle checked")
	}
}
