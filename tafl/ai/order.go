package ai

import "github.com/taflbot/taflbot/tafl"

// Move ordering keys: the larger, the earlier the move is searched.
const (
	orderHash    = 1 << 30
	orderWin     = 1 << 29 // a king move to an escape square; an attacker beside the king
	orderCapture = 1 << 28 // the move probably captures
	orderKing    = 1 << 27 // any king move, and attackers onto the king's lines
	orderKiller  = 1 << 26
	// quiet moves are ordered by their history counts, below orderKiller
)

// scoreMove returns the ordering key of move m in the position at ply.
func (s *searcher) scoreMove(ply int, m tafl.Move, hashMove tafl.Move) int32 {
	if m == hashMove {
		return orderHash
	}
	b := &s.boards[ply]
	in := s.in
	from, to := m.From(), m.To()
	pc := b[from]
	k := s.kings[ply]
	var key int32
	switch {
	case pc == tafl.King:
		if in.escape[to] {
			return orderWin
		}
		key = orderKing
	case pc == tafl.Attacker && (to == k+1 || to == k-1 || to == k+stride || to == k-stride):
		key = orderWin
	}
	if key < orderCapture && s.likelyCapture(b, from, to, pc) {
		key = orderCapture
	}
	if key == 0 && pc == tafl.Attacker && sameLine(to, k) {
		key = orderKing
	}
	if key != 0 {
		return key
	}
	if ply <= maxPly && (m == s.killers[ply][0] || m == s.killers[ply][1]) {
		return orderKiller
	}
	side := 0
	if pc != tafl.Attacker {
		side = 1
	}
	return s.history[side*cells*cells+int(from)*cells+int(to)]
}

// likelyCapture reports whether piece pc moving from → to closes a
// sandwich on an enemy piece (ignoring the king's arms and hostility
// details: it is only for ordering).
func (s *searcher) likelyCapture(b *board, from, to tafl.Square, pc tafl.Piece) bool {
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
