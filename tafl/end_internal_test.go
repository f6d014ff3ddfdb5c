package tafl

import (
	"math/rand/v2"
	"testing"
)

// TestEncircledAfterMatchesFullTest checks the quick encirclement test
// against the full flood from the edges, on random dense boards of every
// preset with the encirclement rule: after an attacker moves in a
// position that was not encircled, encircledAfter must say what encircled
// says. It runs again with reachesEdge's stack cut to one square, so that
// the fallback when the stack is full is checked too.
func TestEncircledAfterMatchesFullTest(t *testing.T) {
	defer func(l int) { edgeLimit = l }(edgeLimit)
	for _, limit := range []int{edgeStack, 1} {
		edgeLimit = limit
		checked, encircled := 0, 0
		for _, pi := range Presets() {
			v, err := Preset(pi.Name, "")
			if err != nil {
				t.Fatal(err)
			}
			if !v.rules.Encirclement {
				continue
			}
			rng := rand.New(rand.NewPCG(3, uint64(pi.Size)))
			for trial := 0; trial < 3000; trial++ {
				p := v.Start()
				// Defenders near the centre, a ring of attackers (with
				// gaps) around them, scattered attackers elsewhere.
				density := 0.1 + 0.3*rng.Float64()
				ring := 0.75 + 0.25*rng.Float64()
				radius := 2 + rng.IntN(pi.Size/2-2)
				var att []Square
				var empty []Square
				mid := pi.Size / 2
				for _, sq := range v.squares {
					p.board[sq] = Empty
					d := max(absDiff(sq.File(), mid), absDiff(sq.Rank(), mid))
					r := rng.Float64()
					switch {
					case d < radius && r < 0.3:
						p.board[sq] = Defender
					case d == radius && r < ring, d > radius && r < density:
						p.board[sq] = Attacker
						att = append(att, sq)
					default:
						empty = append(empty, sq)
					}
				}
				if len(att) == 0 || len(empty) == 0 || p.encircled() {
					continue
				}
				from, to := att[rng.IntN(len(att))], empty[rng.IntN(len(empty))]
				c := p
				c.board[from], c.board[to] = Empty, Attacker
				want := c.encircled()
				if got := c.encircledAfter(to); got != want {
					t.Fatalf("%s, stack limit %d: encircledAfter(%s) = %v, encircled = %v\n%s", pi.Name, limit, to, got, want, &c)
				}
				checked++
				if want {
					encircled++
				}
			}
		}
		t.Logf("limit %d: %d checked, %d encircled", limit, checked, encircled)
		if checked < 1000 || encircled < 20 {
			t.Errorf("stack limit %d: %d positions checked, %d of them encircled: too few", limit, checked, encircled)
		}
	}
}

func absDiff(a, b int) int {
	if a < b {
		return b - a
	}
	return a - b
}
