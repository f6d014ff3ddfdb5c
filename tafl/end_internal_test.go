package tafl

import (
	"math/rand/v2"
	"testing"
)

// TestEncircledAfterMatchesFullTest checks the quick encirclement test
// against the full flood from the edges, on random dense boards of every
// preset with the encirclement rule: after an attacker moves in a
// position that was not encircled, the cut test (cutGroups) and
// encircledAfter must say what encircled says. It runs again with
// reachesEdge's stack cut to one square, so that the fallback when the
// stack is full is checked too.
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
				// Defenders near the centre, a ring of attackers (with
				// gaps) around them, scattered attackers elsewhere.
				p, att, empty, _ := ringBoard(rng, v, pi.Size, ringShape{
					radius:  2 + rng.IntN(pi.Size/2-2),
					ring:    0.75 + 0.25*rng.Float64(),
					density: 0.1 + 0.3*rng.Float64(),
				})
				if len(att) == 0 || len(empty) == 0 || p.encircled() {
					continue
				}
				from, to := att[rng.IntN(len(att))], empty[rng.IntN(len(empty))]
				c := p
				c.board[from], c.board[to] = Empty, Attacker
				want := c.encircled()
				groups := cutGroups[c.around(to)] // as playPiece asks
				if got := groups != 0 && c.encircledAfter(to, groups); got != want {
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

// ringShape is a random board of ringBoard: defenders on three squares
// in ten inside the ring of the given radius (squares from the centre,
// counted as a king walks), attackers on that ring with probability ring
// and outside it with probability density, defenders outside it with
// probability outside.
type ringShape struct {
	radius                 int
	ring, density, outside float64
}

// ringBoard draws a board of shape s on variant v (size by size), and
// returns it with its attackers' squares, its empty squares and its empty
// squares inside the ring.
func ringBoard(rng *rand.Rand, v *Variant, size int, s ringShape) (p Position, att, empty, inner []Square) {
	p = v.Start()
	mid := size / 2
	for _, sq := range v.squares {
		p.board[sq] = Empty
		d := max(absDiff(sq.File(), mid), absDiff(sq.Rank(), mid))
		r := rng.Float64()
		switch {
		case d < s.radius && r < 0.3:
			p.board[sq] = Defender
			continue
		case d == s.radius && r < s.ring, d > s.radius && r < s.density:
			p.board[sq] = Attacker
			att = append(att, sq)
			continue
		case d > s.radius && r < s.density+s.outside:
			p.board[sq] = Defender
			continue
		case d < s.radius:
			inner = append(inner, sq)
		}
		empty = append(empty, sq)
	}
	return p, att, empty, inner
}

func absDiff(a, b int) int {
	if a < b {
		return b - a
	}
	return a - b
}

// TestEncircledMatchesFloodFromTheEdge checks encircled, which searches
// from the defenders and stops at the first edge square, against a flood
// from every edge square not held by an attacker that counts the
// defenders it reaches (the test as it was until 2026-11-27), on random
// boards of every preset with the encirclement rule: defenders and a king
// near the centre, a ring of attackers with gaps, attackers and defenders
// scattered outside it.
func TestEncircledMatchesFloodFromTheEdge(t *testing.T) {
	checked, encircled := 0, 0
	for _, pi := range Presets() {
		v, err := Preset(pi.Name, "")
		if err != nil {
			t.Fatal(err)
		}
		if !v.rules.Encirclement {
			continue
		}
		rng := rand.New(rand.NewPCG(7, uint64(pi.Size)))
		for trial := 0; trial < 4000; trial++ {
			// As above, with defenders outside the ring too, and the king
			// inside it three times in four.
			p, _, _, inner := ringBoard(rng, v, pi.Size, ringShape{
				radius:  1 + rng.IntN(pi.Size/2-1),
				ring:    0.7 + 0.3*rng.Float64(),
				density: 0.05 + 0.35*rng.Float64(),
				outside: 0.03 * rng.Float64(),
			})
			if len(inner) > 0 && rng.IntN(4) > 0 {
				p.board[inner[rng.IntN(len(inner))]] = King
			}
			want := floodFromTheEdge(&p)
			if got := p.encircled(); got != want {
				t.Fatalf("%s: encircled = %v, the flood from the edge says %v\n%s", pi.Name, got, want, &p)
			}
			checked++
			if want {
				encircled++
			}
		}
	}
	t.Logf("%d checked, %d encircled", checked, encircled)
	if encircled < checked/20 || encircled > checked*19/20 {
		t.Errorf("%d positions checked, %d of them encircled: the boards do not test both answers", checked, encircled)
	}
}

// floodFromTheEdge is encircled's reference: it floods from every edge
// square not held by an attacker through squares not held by attackers
// and reports whether no defender or king was reached.
func floodFromTheEdge(p *Position) bool {
	seen := map[Square]bool{}
	var queue []Square
	for _, sq := range p.v.squares {
		if p.v.kinds[sq]&sqEdge != 0 && p.board[sq] != Attacker {
			seen[sq] = true
			queue = append(queue, sq)
		}
	}
	for len(queue) > 0 {
		sq := queue[0]
		queue = queue[1:]
		if c := p.board[sq]; c == Defender || c == King {
			return false
		}
		for _, d := range dirs {
			if q := sq + d; !seen[q] && p.board[q] != Attacker && p.board[q] != wall {
				seen[q] = true
				queue = append(queue, q)
			}
		}
	}
	return true
}
