package ai

import (
	"math"
	"math/bits"

	"github.com/taflbot/taflbot/tafl"
)

// Move ordering keys: the larger, the earlier the move is searched.
const (
	orderHash    = 1 << 30
	orderWin     = 1 << 29 // a king move to an escape square; an attacker beside the king
	orderCapture = 1 << 28 // the move probably captures
	orderKing    = 1 << 27 // any king move, and attackers onto the king's lines
	orderKiller  = 1 << 26
	orderPlan    = 1 << 25 // a quiet attacker move that brings a corner's seal nearer (fitted families)
	// the other quiet moves are ordered by their history counts, below orderPlan
)

// scoreMove returns the ordering key of move m in the position at ply.
func (s *searcher) scoreMove(ply int, m tafl.Move, hashMove tafl.Move) int32 {
	if m == hashMove {
		return orderHash
	}
	b := s.boardAt(ply)
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
	if key < orderCapture && s.capMap[ply][to] != 0 && s.capturesFrom(ply, from, to) {
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
	if pc == tafl.Attacker && in.plan&planSeal != 0 {
		ps := &s.sums[ply] // up to date once the node's capture map is built
		if s.sumsOK[ply] == sumsNone {
			ps = s.ownSumsAt(ply)
		}
		if p := in.sealAt[to]; p.corner != 0 && sealImprove[ps.seal[p.corner-1]]&p.bit != 0 {
			return orderPlan
		}
	}
	side := 0
	if pc != tafl.Attacker {
		side = 1
	}
	return s.history[side*cells*cells+int(from)*cells+int(to)]
}

// buildCapMap records in s.capMap[ply], for the side to move at ply, the
// directions in which a piece arriving on each empty square would close a
// sandwich on an enemy piece: bit i for an enemy on to+dirs[i] with a
// friend (or an empty special square) beyond it. A move that closes one
// probably captures (ignoring the king's arms and hostility details: it
// is only for ordering). s.capSq[ply] lists the squares with bits.
func (s *searcher) buildCapMap(ply int) {
	if s.in.bits != nil {
		s.buildCapMapBits(ply)
		return
	}
	cm := &s.capMap[ply]
	targets := s.capSq[ply]
	for _, sq := range targets {
		cm[sq] = 0
	}
	targets = targets[:0]
	b := s.boardAt(ply)
	// The enemy pieces that can be sandwiched (never the king), and the
	// side to move's own pieces, the anvils.
	victim := tafl.Defender
	var friend [8]bool
	friend[tafl.Attacker] = true
	if s.sides[ply&1] == tafl.Defenders {
		victim = tafl.Attacker
		friend = [8]bool{tafl.Defender: true, tafl.King: true}
	}
	special := &s.in.special
	// The victims, in the order of the squares, found eight cells at a
	// time: the bytes of a word that equal victim.
	end := (s.in.size + 1) * stride // the first cell past the last rank
	pattern := uint64(victim) * 0x0101010101010101
	for base := stride; base < end; base += 8 {
		for found := zeroBytes(load8(b, base) ^ pattern); found != 0; found &= found - 1 {
			s.capTargets(cm, &targets, b, tafl.Square(base+bits.TrailingZeros64(found)>>3), &friend, special)
		}
	}
	s.capSq[ply] = targets
}

// capTargets adds to cm and targets the squares from which a piece of the
// side to move would close a sandwich on the victim on n (see buildCapMap).
func (s *searcher) capTargets(cm *[cells]uint8, targets *[]tafl.Square, b *board, n tafl.Square, friend *[8]bool, special *[cells]bool) {
	{
		for i, d := range dirs {
			// A piece arriving on n-d with an anvil on n+d.
			to, a := n-d, n+d
			if b[to] != tafl.Empty {
				continue
			}
			if x := b[a]; friend[x&7] || (x == tafl.Empty && special[a]) {
				if cm[to] == 0 {
					*targets = append(*targets, to)
				}
				cm[to] |= 1 << i
			}
		}
	}
}

// load8 returns the eight cells of b from i on, cell i in the low byte.
func load8(b *board, i int) uint64 {
	c := b[i : i+8 : i+8]
	return uint64(c[0]) | uint64(c[1])<<8 | uint64(c[2])<<16 | uint64(c[3])<<24 |
		uint64(c[4])<<32 | uint64(c[5])<<40 | uint64(c[6])<<48 | uint64(c[7])<<56
}

// zeroBytes returns x with the high bit of each zero byte set and every
// other bit clear.
func zeroBytes(x uint64) uint64 {
	const low7 = 0x7F7F7F7F7F7F7F7F
	y := (x & low7) + low7 // the high bit is set where the low seven bits are not all zero
	return ^(y | x | low7)
}

// capturesFrom reports whether a piece moving from → to closes one of the
// sandwiches capMap records for to at ply (the moving piece cannot be its
// own anvil).
func (s *searcher) capturesFrom(ply int, from, to tafl.Square) bool {
	bits := s.capMap[ply][to]
	for i, d := range dirs {
		if bits&(1<<i) != 0 && to+2*d != from {
			return true
		}
	}
	return false
}

// The stages in which a node's moves are tried (see nextMove).
const (
	stageHash     = iota // the transposition table's move, when legal here
	stageCollect         // (collects the tactical moves)
	stageTactical        // wins, captures and king moves, found from their squares
	stageKillers         // the two killer moves, when legal here
	stageQuiet           // all other moves, generated and sorted by history
	stageDone
)

// picker is the state of nextMove at one node. The zero value with ply
// and ttMove set starts at the hash move.
type picker struct {
	ply    int
	ttMove tafl.Move // the transposition table's move for the node (or NoMove)
	hash   tafl.Move // the hash move once handed out (NoMove: none was legal)
	stage  int8
	killer int8
	// prefetch: the children will probe the table (see table.prefetch)
	prefetch bool
	sel      int // tactical stage: moves[:sel] are in their final order
	i        int // next move of s.moves[ply] to hand out
	// tactical stage: how many of the moves keyed orderWin and
	// orderCapture are not picked yet (see pickTactical)
	wins, caps int16
}

// nextMove returns the next move to search at the picker's node, and its
// ordering key; NoMove when none is left. Moves come in the order of their
// keys (scoreMove), best first, in stages: the hash move before anything
// is generated (it often refutes the node alone); then the tactical moves
// (key orderKing and above), found from the squares they move to or from,
// without generating every move, because one of them often refutes the
// node; then the killers; only then are all moves generated, and the quiet
// ones sorted by history.
func (s *searcher) nextMove(pk *picker) (tafl.Move, int32) {
	ply := pk.ply
	for {
		switch pk.stage {
		case stageHash:
			pk.stage = stageCollect
			if m := pk.ttMove; m != tafl.NoMove && s.isLegal(ply, m) {
				pk.hash = m
				return m, orderHash
			}
		case stageCollect:
			s.collectTactical(pk)
			pk.stage = stageTactical
		case stageTactical:
			moves, order := s.moves[ply], s.order[ply]
			if i := pk.i; i < len(moves) {
				if i >= pk.sel {
					pk.pickTactical(moves, order, i)
				}
				if pk.prefetch && i+1 < len(moves) {
					// Pick the next move now (the keys do not change) and
					// start fetching its child's table bucket.
					pk.pickTactical(moves, order, i+1)
					pk.sel = i + 2
					s.sh.tt.prefetch(s.pos[ply].HashAfter(moves[i+1]))
				}
				pk.i++
				return moves[i], order[i]
			}
			pk.stage = stageKillers
		case stageKillers:
			for pk.killer < 2 {
				m := s.killers[ply][pk.killer]
				pk.killer++
				if m != tafl.NoMove && m != pk.hash && s.isLegal(ply, m) && s.scoreMove(ply, m, pk.hash) == orderKiller {
					return m, orderKiller
				}
			}
			s.quietMoves(ply, pk.hash)
			pk.i = 0
			pk.stage = stageQuiet
		case stageQuiet:
			moves, order := s.moves[ply], s.order[ply]
			i := pk.i
			if i >= len(moves) {
				pk.stage = stageDone
				return tafl.NoMove, 0
			}
			// The first sortAfter moves are in place already (quietMoves
			// selected them: a cut-off often comes before the rest is
			// needed).
			if i == sortAfter {
				s.sortRest(ply, moves[i:], order[i:])
			}
			if pk.prefetch && i >= sortAfter && i+1 < len(moves) {
				// The next move is known: start fetching its child's
				// table bucket while this one is searched.
				s.sh.tt.prefetch(s.pos[ply].HashAfter(moves[i+1]))
			}
			pk.i++
			return moves[i], order[i]
		default:
			return tafl.NoMove, 0
		}
	}
}

// quietMoves generates every move of the node at ply and keeps in
// s.moves[ply] (their keys in s.order[ply]) those scoreMove keys below
// orderKiller: all but the hash move, the tactical moves and the killers,
// which the earlier stages handed out. It is scoreMove for a whole node,
// with what depends only on the node looked up once.
func (s *searcher) quietMoves(ply int, hash tafl.Move) {
	moves := s.pos[ply].GenerateMoves(s.moves[ply])
	order := s.order[ply][:0]
	cm := &s.capMap[ply]
	k := s.kings[ply]
	kf, kr := k.File(), k.Rank() // -1 without a king: no square's
	k0, k1 := s.killers[ply][0], s.killers[ply][1]
	attackers := s.sides[ply&1] == tafl.Attackers
	history := s.history[cells*cells:]
	var seal *[4]uint16 // the corners' seals, when plan moves count
	if attackers {
		history = s.history[:cells*cells]
		if s.in.plan&planSeal != 0 {
			seal = &s.ownSumsAt(ply).seal
		}
	}
	sealAt := &s.in.sealAt
	n := 0
	var top topKeys
	for i := range top {
		top[i].key = math.MinInt32
	}
	for _, m := range moves {
		if m == hash || m == k0 || m == k1 {
			continue
		}
		from, to := m.From(), m.To()
		if cm[to] != 0 && s.capturesFrom(ply, from, to) {
			continue
		}
		var key int32
		if attackers {
			if to.File() == kf || to.Rank() == kr {
				continue // onto the king's lines (beside him: a win)
			}
			if p := sealAt[to]; seal != nil && p.corner != 0 && sealImprove[seal[p.corner-1]]&p.bit != 0 {
				key = orderPlan
			} else {
				key = history[int(from)*cells+int(to)]
			}
		} else {
			if from == k {
				continue
			}
			key = history[int(from)*cells+int(to)]
		}
		if key > top[sortAfter-1].key && n >= sortAfter {
			top.add(key, n)
		}
		moves[n] = m
		order = append(order, key)
		n++
	}
	s.moves[ply], s.order[ply] = moves[:n], order
	top.pickFirst(moves[:n], order)
}

// topKeys are the places of the sortAfter largest keys of a node's quiet
// moves after the first sortAfter, largest first (of equals, the first
// one), found while quietMoves generates them, so that the quiet stage's
// first selections need not scan every move.
type topKeys [sortAfter]struct {
	key   int32
	place int
}

// add puts the move at place with key among t, when its key is larger
// than the last of t's; places come in increasing order.
func (t *topKeys) add(key int32, place int) {
	i := sortAfter - 1
	for ; i > 0 && key > t[i-1].key; i-- {
		t[i] = t[i-1]
	}
	t[i].key, t[i].place = key, place
}

// pickFirst puts into places 0 to sortAfter-1 the moves selectBest would
// put there, called for each place in turn. Only the moves first there
// and those of t can be picked: any other move has a smaller key than
// each move of t, or an equal key and a later place, and selectBest's
// swaps move only picked moves and moves first at places 0 to
// sortAfter-1. So it runs selectBest's selections and swaps on these few.
func (t *topKeys) pickFirst(moves []tafl.Move, order []int32) {
	var at [2 * sortAfter]int // where the candidates are now
	c := 0
	for i := 0; i < sortAfter && i < len(moves); i++ {
		at[c] = i
		c++
	}
	for _, x := range t {
		if x.place >= sortAfter {
			at[c] = x.place
			c++
		}
	}
	for i := 0; i < sortAfter && i < len(moves); i++ {
		b := i
		for _, p := range at[:c] {
			if p > i && (order[p] > order[b] || order[p] == order[b] && p < b) {
				b = p
			}
		}
		moves[i], moves[b] = moves[b], moves[i]
		order[i], order[b] = order[b], order[i]
		for j, p := range at[:c] {
			switch p {
			case i:
				at[j] = b
			case b:
				at[j] = i
			}
		}
	}
}

// collectTactical puts into s.moves[ply] (and their keys into
// s.order[ply]) the tactical moves of the node at ply, every move whose key
// (scoreMove) is orderKing or more but the hash move (pk.hash; NoMove:
// none), without generating the others. It computes the keys itself from
// how it found each move (they are scoreMove's: orderWin, orderCapture or
// orderKing) and counts the first two in pk.wins and pk.caps for
// pickTactical.
func (s *searcher) collectTactical(pk *picker) {
	ply, hash := pk.ply, pk.hash
	s.buildCapMap(ply)
	p := &s.pos[ply]
	moves := s.moves[ply][:0]
	order := s.order[ply][:0]
	var buf [4]tafl.Move
	wins, caps := 0, 0
	add := func(m tafl.Move, key int32) {
		if m != hash {
			moves = append(moves, m)
			order = append(order, key)
			switch key {
			case orderWin:
				wins++
			case orderCapture:
				caps++
			}
		}
	}
	k := s.kings[ply]
	cm := &s.capMap[ply]
	if s.sides[ply&1] == tafl.Defenders {
		// Every king move; the other defenders' captures.
		if k != tafl.NoSquare {
			kingMoves := p.MovesFrom(k, moves)
			moves = moves[:0]
			escape := &s.in.escape
			for _, m := range kingMoves {
				// in place: add never overtakes the loop
				key := int32(orderKing)
				if to := m.To(); escape[to] {
					key = orderWin
				} else if cm[to] != 0 && s.capturesFrom(ply, k, to) {
					key = orderCapture
				}
				add(m, key)
			}
		}
		for _, to := range s.capSq[ply] {
			for _, m := range p.MovesTo(to, buf[:0]) {
				if m.From() != k && s.capturesFrom(ply, m.From(), to) {
					add(m, orderCapture)
				}
			}
		}
	} else {
		// Every move onto the king's rank or file (beside him: a win);
		// captures elsewhere.
		if k != tafl.NoSquare {
			lineMoves := p.MovesOntoLines(k, moves)
			moves = moves[:0]
			for _, m := range lineMoves {
				// in place: add never overtakes the loop
				key := int32(orderKing)
				if to := m.To(); to == k+1 || to == k-1 || to == k+stride || to == k-stride {
					key = orderWin
				} else if cm[to] != 0 && s.capturesFrom(ply, m.From(), to) {
					key = orderCapture
				}
				add(m, key)
			}
		}
		for _, to := range s.capSq[ply] {
			if k != tafl.NoSquare && sameLine(to, k) {
				continue // done above
			}
			for _, m := range p.MovesTo(to, buf[:0]) {
				if s.capturesFrom(ply, m.From(), to) {
					add(m, orderCapture)
				}
			}
		}
	}
	s.moves[ply], s.order[ply] = moves, order
	pk.wins, pk.caps = int16(wins), int16(caps)
}

// pickTactical swaps into place i of the tactical moves the first one of
// moves[i:] with the largest key, as selectBest would, but knows that
// key from the counts of pk (the keys are orderWin, orderCapture and
// orderKing only): it stops at the first move that has it instead of
// scanning them all.
func (pk *picker) pickTactical(moves []tafl.Move, order []int32, i int) {
	top := int32(orderKing)
	switch {
	case pk.wins > 0:
		top = orderWin
		pk.wins--
	case pk.caps > 0:
		top = orderCapture
		pk.caps--
	}
	j := i
	for order[j] != top {
		j++
	}
	moves[i], moves[j] = moves[j], moves[i]
	order[i], order[j] = order[j], order[i]
}

// selectBest swaps the move with the largest key among moves[i:] (the
// first of equals) into place i.
func selectBest(moves []tafl.Move, order []int32, i int) {
	bi := i
	for j := i + 1; j < len(moves); j++ {
		if order[j] > order[bi] {
			bi = j
		}
	}
	moves[i], moves[bi] = moves[bi], moves[i]
	order[i], order[bi] = order[bi], order[i]
}
