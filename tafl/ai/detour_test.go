package ai

import (
	"testing"

	"github.com/taflbot/taflbot/tafl"
)

// TestDetourCacheMatches checks the search's cache of the king's detour:
// over the children of positions from random copenhagen games, with one
// cache for all of them, kingDetourCached must give what kingDetour gives,
// and the cache must be hit (the children after a defender's move share
// the attackers and the king).
func TestDetourCacheMatches(t *testing.T) {
	v, err := tafl.Preset("copenhagen", "")
	if err != nil {
		t.Fatal(err)
	}
	in := infoFor(v)
	var dc detourCache
	checked, hits, nonzero := 0, 0, 0
	for seed := range uint64(8) {
		g := randomGame(t, "copenhagen", 10+int(seed)*8, seed)
		p := g.Position()
		var c tafl.Position
		for _, m := range p.GenerateMoves(nil) {
			p.MakeMove(m, &c)
			k := c.King()
			if c.Outcome().Over() || k == tafl.NoSquare {
				continue
			}
			b := in.boardOf(c)
			ps := in.pieceSumsOf(&b)
			want := in.kingDetour(&ps, k)
			key := (ps.akey ^ in.zob[k]*0x9e3779b97f4a7c15) &^ 0xff
			if dc[key>>52]&^0xff == key {
				hits++
			}
			if got := in.kingDetourCached(&ps, k, &dc); got != want {
				t.Fatalf("seed %d, after %s: cached detour %d, kingDetour %d\n%s", seed, m, got, want, c.Diagram())
			}
			checked++
			if want != 0 {
				nonzero++
			}
		}
	}
	if checked < 200 || hits < 20 || nonzero == 0 {
		t.Errorf("%d children checked, %d cache hits, %d with a detour: the test saw too little", checked, hits, nonzero)
	}
}
