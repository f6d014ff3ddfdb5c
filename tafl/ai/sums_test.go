package ai

import (
	"context"
	"slices"
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

// TestBitConstants checks the constant masks of neighbourTerms against
// the tables newBitTables builds, and that countNear counts the diagonal
// neighbours of every square (the chain links).
func TestBitConstants(t *testing.T) {
	v, err := tafl.Preset("copenhagen", "")
	if err != nil {
		t.Fatal(err)
	}
	bt := infoFor(v).bits
	var fileA, fileK, innerFiles, innerRanks bb
	for sq, i := range bt.index {
		if i < 0 {
			continue
		}
		f, r := tafl.Square(sq).File(), tafl.Square(sq).Rank()
		switch {
		case f == 0:
			fileA.flip(i)
		case f == bitSize-1:
			fileK.flip(i)
		default:
			innerFiles.flip(i)
		}
		if r != 0 && r != bitSize-1 {
			innerRanks.flip(i)
		}
	}
	all := bb{^uint64(0), ^uint64(0)}
	for _, sq := range infoFor(v).squares {
		d := bt.own[sq].diag
		if d.count() < 1 || all.countNear(d) != d.count() {
			t.Errorf("%v: the diagonal neighbours %x do not suit countNear", sq, d)
		}
	}
	for _, c := range []struct {
		name      string
		got, want bb
	}{
		{"board", bb{^uint64(0), boardHi}, bt.all},
		{"file a", bb{fileALo, fileAHi}, fileA},
		{"file k", bb{fileKLo, fileKHi}, fileK},
		{"inner files", bb{innerFilesLo, innerFilesHi}, innerFiles},
		{"inner ranks", bb{innerRanksLo, innerRanksHi}, innerRanks},
		{"not file a", bb{^uint64(fileALo), boardHi &^ fileAHi}, bt.notA},
		{"not file k", bb{^uint64(fileKLo), boardHi &^ fileKHi}, bt.notK},
	} {
		if c.got != c.want {
			t.Errorf("%s: the constants give %x, the tables %x", c.name, c.got, c.want)
		}
	}
}

// TestCapMapBitsMatch compares the fitted families' capture map, built
// from the bit sets, with the one built cell by cell, after every move of
// random positions: the same squares with the same directions, listed in
// the same order.
func TestCapMapBitsMatch(t *testing.T) {
	checked := 0
	for _, name := range []string{"copenhagen", "fetlar"} {
		for seed := range uint64(6) {
			g := randomGame(t, name, 4+int(seed)*15, seed)
			if g.Outcome().Over() {
				continue
			}
			s := newSearcher(&shared{tt: newTable(1)}, g, g.LegalMoves(), 0, Limits{})
			cells := *s.in
			cells.bits = nil // buildCapMap's own walk
			for _, m := range g.LegalMoves() {
				if _, _, over := s.enter(0, m); over {
					continue
				}
				s.buildCapMapBits(1)
				want, wantSq := s.capMap[1], slices.Clone(s.capSq[1])
				bits := s.in
				s.in = &cells
				s.buildCapMap(1)
				s.in = bits
				if s.capMap[1] != want || !slices.Equal(s.capSq[1], wantSq) {
					t.Fatalf("%s seed %d after %s: from the bit sets %v, cell by cell %v", name, seed, m, wantSq, s.capSq[1])
				}
				checked++
			}
		}
	}
	if checked < 500 {
		t.Errorf("only %d positions checked", checked)
	}
}
