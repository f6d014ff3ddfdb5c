package ai

import (
	"testing"

	"github.com/taflbot/taflbot/tafl"
)

// TestCapMapMatchesMoveByMove compares the capture map with a direct,
// move-by-move test on random positions of every preset.
func TestCapMapMatchesMoveByMove(t *testing.T) {
	found := 0
	for _, pi := range tafl.Presets() {
		for seed := range uint64(6) {
			g := randomGame(t, pi.Name, 8+int(seed)*15, seed)
			s := newSearcher(&shared{tt: newTable(1)}, g, g.LegalMoves(), 0, Limits{})
			s.buildCapMap(0)
			b := &s.boards[0]
			for _, m := range g.LegalMoves() {
				want := likelyCapture(s, b, m.From(), m.To(), b[m.From()])
				got := s.capMap[m.To()] != 0 && s.capturesFrom(m.From(), m.To())
				if got != want {
					t.Fatalf("%s seed %d, %s: capture map says %v, the direct test %v", pi.Name, seed, m, got, want)
				}
				if want {
					found++
				}
			}
		}
	}
	if found < 50 {
		t.Errorf("only %d capturing moves seen", found)
	}
}

// likelyCapture reports whether piece pc moving from → to closes a
// sandwich on an enemy piece (ignoring the king's arms and hostility
// details: it is only for ordering).
func likelyCapture(s *searcher, b *board, from, to tafl.Square, pc tafl.Piece) bool {
	side := pc.Side()
	for _, d := range dirs {
		n := to + d
		victim := b[n]
		if victim != tafl.Attacker && victim != tafl.Defender || victim.Side() == side {
			continue
		}
		a := n + d
		if a == from {
			continue
		}
		if x := b[a]; (x == tafl.Attacker || x == tafl.Defender || x == tafl.King) && x.Side() == side || (x == tafl.Empty && s.in.special[a]) {
			return true
		}
	}
	return false
}
