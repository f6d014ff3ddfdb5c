package tafl_test

import (
	"testing"

	"github.com/taflbot/taflbot/tafl"
)

// TestHashAfter checks the search's guess of a child's hash: for every
// move of random positions it is the child's hash exactly when the move
// captures nothing (and differs when it captures).
func TestHashAfter(t *testing.T) {
	quiet, captures := 0, 0
	for _, name := range []string{"copenhagen", "tablut", "brandubh"} {
		v, err := tafl.Preset(name, "")
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range randomPositions(t, v, 3, 4, 5) {
			var child tafl.Position
			for _, m := range p.GenerateMoves(nil) {
				guess := p.HashAfter(m)
				caps := p.MakeMove(m, &child)
				switch {
				case caps == 0 && guess != child.Hash():
					t.Fatalf("%s %s: HashAfter %x, the child's hash %x", name, m, guess, child.Hash())
				case caps > 0 && guess == child.Hash():
					t.Fatalf("%s %s captures %d but HashAfter gives the child's hash", name, m, caps)
				}
				if caps == 0 {
					quiet++
				} else {
					captures++
				}
			}
		}
	}
	if quiet < 1000 || captures < 10 {
		t.Errorf("only %d quiet moves and %d captures checked", quiet, captures)
	}
}
