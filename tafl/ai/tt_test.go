package ai

import (
	"testing"

	"github.com/taflbot/taflbot/tafl"
)

// TestReusedTableIsEmpty: a table given back and taken again (as every
// search does) holds nothing from the earlier search, also when its
// generation number wraps around.
func TestReusedTableIsEmpty(t *testing.T) {
	m := tafl.NewMove(tafl.Square(23), tafl.Square(25))
	tb := getTable(1)
	for key := uint64(1); key < 5000; key++ {
		tb.store(hkey(key), m, 77, 5, boundExact)
	}
	if e, ok := tb.probe(hkey(3)); !ok || e.score != 77 || e.move != m || e.depth != 5 {
		t.Fatalf("stored entry not found: %+v %v", e, ok)
	}
	for round := range 300 { // past the 8-bit generation's wrap
		putTable(tb)
		tb2 := getTable(1)
		if tb2 != tb {
			// sync.Pool may drop a table (for instance at a GC): a new
			// one is empty too.
			tb = tb2
		}
		for key := uint64(1); key < 5000; key++ {
			if e, ok := tb.probe(hkey(key)); ok {
				t.Fatalf("round %d: key %d found in a reused table: %+v", round, key, e)
			}
		}
		// A stale entry is replaced even by a shallower result.
		tb.store(hkey(2), tafl.NoMove, -5, 1, boundUpper)
		if e, ok := tb.probe(hkey(2)); !ok || e.score != -5 || e.move != tafl.NoMove || e.depth != 1 {
			t.Fatalf("round %d: new entry %+v %v", round, e, ok)
		}
		for key := uint64(1); key < 5000; key++ {
			tb.store(hkey(key), m, 77, 5, boundExact)
		}
	}
}

// hkey spreads small numbers over the table like Zobrist keys.
func hkey(n uint64) uint64 { return n * 0x9e3779b97f4a7c15 }
