//go:build gentactics

package ai

import (
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/taflbot/taflbot/tafl"
)

// TestGenerateTactics finds candidate suite positions: random sparse
// positions classified by the brute-force solver. It is built only with
// the gentactics tag:
//
//	TAFL_GEN_TACTICS="brandubh tablut" go test -tags gentactics -run GenerateTactics ./tafl/ai/
//
// Its output was reviewed and frozen into
// testdata/tactics.txt.
func TestGenerateTactics(t *testing.T) {
	r := rand.New(rand.NewPCG(2026, 11))
	for _, name := range strings.Fields(os.Getenv("TAFL_GEN_TACTICS")) {
		v, err := tafl.Preset(name, "")
		if err != nil {
			t.Fatal(err)
		}
		found := map[string]int{}
		for try := 0; try < 4000 && len(found) < 12; try++ {
			p, ok := sparse(v, r)
			if !ok {
				continue
			}
			kind, n := classify(&p)
			if kind == "" {
				continue
			}
			key := fmt.Sprintf("%s%d-%s", kind, n, p.ToMove())
			if found[key] >= 2 {
				continue
			}
			found[key]++
			fmt.Printf("%s-%s-%d %s %s %s %d %s\n", name, key, found[key], name, p.ToMove(), kind, n, p.Record())
		}
	}
}

// sparse builds a random position of v with few pieces.
func sparse(v *tafl.Variant, r *rand.Rand) (tafl.Position, bool) {
	n := v.Size()
	var free []tafl.Square
	for _, sq := range v.Squares() {
		if !v.IsCorner(sq) && !v.IsThrone(sq) && !v.IsCamp(sq) && !v.IsEscape(sq) {
			free = append(free, sq)
		}
	}
	r.Shuffle(len(free), func(i, j int) { free[i], free[j] = free[j], free[i] })
	rows := make([][]byte, n)
	for i := range rows {
		rows[i] = []byte(strings.Repeat(".", n))
	}
	put := func(sq tafl.Square, c byte) { rows[sq.Rank()][sq.File()] = c }
	put(free[0], 'K')
	nd := 1 + r.IntN(3)
	na := 3 + r.IntN(5)
	for i := 1; i <= nd; i++ {
		put(free[i], 'T')
	}
	for i := nd + 1; i <= nd+na; i++ {
		put(free[i], 't')
	}
	var b strings.Builder
	b.WriteByte('/')
	for _, row := range rows {
		run := 0
		for _, c := range row {
			if c == '.' {
				run++
				continue
			}
			if run > 0 {
				b.WriteString(strconv.Itoa(run))
				run = 0
			}
			b.WriteByte(c)
		}
		if run > 0 {
			b.WriteString(strconv.Itoa(run))
		}
		b.WriteByte('/')
	}
	side := tafl.Attackers
	if r.IntN(2) == 0 {
		side = tafl.Defenders
	}
	p, err := v.ParsePosition(b.String(), side)
	if err != nil || p.Outcome().Over() || !p.HasMoves() {
		return p, false
	}
	return p, true
}

// classify returns "win", n for the fastest forced win within 3 moves, or
// "save", 1 when the opponent threatens a win in one that can be stopped.
func classify(p *tafl.Position) (string, int) {
	for n := 1; n <= 3; n++ {
		if wins(p, n) {
			if n == 1 {
				return "win", 1
			}
			return "win", n
		}
	}
	good, bad := 0, 0
	for _, m := range p.GenerateMoves(nil) {
		if moveSaves(p, m) {
			good++
		} else {
			bad++
		}
	}
	if good > 0 && bad > 0 && good <= 4 {
		return "save", 1
	}
	return "", 0
}
