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
	if key < orderCapture && s.capMap[to] != 0 && s.capturesFrom(from, to) {
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

// buildCapMap records in s.capMap, for the side to move at ply, the
// directions in which a piece arriving on each empty square would close a
// sandwich on an enemy piece: bit i for an enemy on to+dirs[i] with a
// friend (or an empty special square) beyond it. A move that closes one
// probably captures (ignoring the king's arms and hostility details: it
// is only for ordering).
func (s *searcher) buildCapMap(ply int) {
	s.capMap = [cells]uint8{}
	b := &s.boards[ply]
	side := s.sides[ply&1]
	for _, n := range s.in.squares {
		victim := b[n]
		if victim != tafl.Attacker && victim != tafl.Defender || victim.Side() == side {
			continue
		}
		for i, d := range dirs {
			// A piece arriving on n-d with an anvil on n+d.
			to, a := n-d, n+d
			if b[to] != tafl.Empty {
				continue
			}
			if x := b[a]; (x == tafl.Attacker || x == tafl.Defender || x == tafl.King) && x.Side() == side || (x == tafl.Empty && s.in.special[a]) {
				s.capMap[to] |= 1 << i
			}
		}
	}
}

// capturesFrom reports whether a piece moving from → to closes one of the
// sandwiches capMap records for to (the moving piece cannot be its own
// anvil).
func (s *searcher) capturesFrom(from, to tafl.Square) bool {
	bits := s.capMap[to]
	for i, d := range dirs {
		if bits&(1<<i) != 0 && to+2*d != from {
			return true
		}
	}
	return false
}
