package ai

import (
	"math"
	"math/bits"
	"slices"

	"github.com/taflbot/taflbot/tafl"
)

// The tree search: the root, the principal-variation search below it,
// game ends and repetition inside the tree. The quiescence search is in
// quiesce.go, move ordering in order.go.

// rootSearch searches every root move to depth and sorts the root moves
// by their scores. It returns the best score and move, and whether the
// iteration completed.
func (s *searcher) rootSearch(depth int, noisy bool) (int32, tafl.Move, bool) {
	alpha, beta := int32(-infinity), int32(infinity)
	best := tafl.NoMove
	bestScore := int32(-infinity)
	s.pvLen[0] = 0
	for i := range s.root {
		rm := &s.root[i]
		m := rm.move
		a := alpha
		if noisy && i > 0 {
			// Exact scores only for moves within the noise of the best.
			a = max(-infinity, bestScore-int32(s.noise)-1)
		}
		// Not quiet: root moves are never reduced.
		score, ok := s.tryMove(0, depth, m, i, false, true, a, beta)
		if s.sh.stop.Load() {
			return bestScore, best, false
		}
		if !ok { // forbidden (cannot happen: the root moves are legal)
			rm.score = -infinity
			continue
		}
		rm.score = score
		if score > bestScore {
			bestScore = score
			best = m
			s.updatePV(0, m)
			if score > alpha && !noisy {
				alpha = score
			}
		}
	}
	// Best first for the next iteration; ties keep their order.
	slices.SortStableFunc(s.root, func(a, b rootMove) int {
		switch {
		case a.score > b.score:
			return -1
		case a.score < b.score:
			return 1
		}
		return 0
	})
	return bestScore, best, true
}

// enter makes move m from the position at ply into ply+1. When the move
// ends the game, over is set and v is its score from terminal (forbidden
// for a move the repetition rule forbids); otherwise the child is pushed
// for searching. caps is the number of pieces the move captured.
func (s *searcher) enter(ply int, m tafl.Move) (caps int, v int32, over bool) {
	c := &s.pos[ply+1]
	if s.remake[ply+1] {
		caps = s.pos[ply].MakeMoveOver(m, c, s.changed[ply+1][:s.nchanged[ply+1]])
	} else {
		caps = s.pos[ply].MakeMove(m, c)
	}
	s.remake[ply+1] = false // until push records the cells m changed
	s.remake[ply+2] = false // the children at ply+2 are of another position
	if checkSums {
		s.checkChild(ply, m)
	}
	// Only a move that ends the game, or one whose position may have
	// occurred before (see hashBit), needs terminal.
	if c.Outcome().Over() || caps == 0 && s.hashBits[ply]&hashBit(c.Hash()) != 0 {
		if v, over = s.terminal(ply, c, caps); over {
			return caps, v, over
		}
	}
	s.push(ply, m, c, caps)
	return caps, 0, false
}

// checkChild checks that the child at ply+1, made by move m, is the
// position copy-make makes (tests only, see remake).
func (s *searcher) checkChild(ply int, m tafl.Move) {
	var c tafl.Position
	s.pos[ply].MakeMove(m, &c)
	if c != s.pos[ply+1] {
		panic("ai: the child made over its sibling is not the move's position")
	}
}

// forbidden is the score terminal returns for a move the repetition rule forbids.
const forbidden = -infinity - 1

// terminal scores the child c of the position at ply, from the point of
// view of the side that moved, when the move ended the game: a win, or a
// repetition under the variant's rule. It returns forbidden for a move
// that RepetitionForbidden makes illegal.
func (s *searcher) terminal(ply int, c *tafl.Position, caps int) (int32, bool) {
	if o := c.Outcome(); o.Over() {
		if o.Winner == tafl.NoSide {
			return 0, true
		}
		if o.Winner == s.sides[(ply+1)&1] {
			return -WinScore + int32(ply+1), true
		}
		return WinScore - int32(ply+1), true
	}
	h := c.Hash()
	rule := s.rules.Repetition
	if rule == tafl.RepetitionIgnore || caps > 0 || s.hashBits[ply]&hashBit(h) == 0 {
		return 0, false
	}
	n := 0
	for i := s.base + ply - 1; i >= s.irrev[ply]; i -= 2 {
		if s.hist[i] == h {
			n++
		}
	}
	if n < 2 {
		return 0, false
	}
	mover := s.sides[ply&1]
	switch rule {
	case tafl.RepetitionForbidden:
		return forbidden, true
	case tafl.RepetitionDraw:
		return 0, true
	case tafl.RepetitionDefendersLose:
		if mover == tafl.Attackers {
			return WinScore - int32(ply+1), true
		}
		return -WinScore + int32(ply+1), true
	case tafl.RepetitionMoverLoses:
		return -WinScore + int32(ply+1), true
	}
	return 0, false
}

// push records the child c at ply+1 (made by move m, which captured caps
// pieces) on the repetition stack, and the cells the move changed.
func (s *searcher) push(ply int, m tafl.Move, c *tafl.Position, caps int) {
	b := s.boardAt(ply + 1)
	from, to := m.From(), m.To()
	pc := b[to]
	k := s.kings[ply]
	if pc == tafl.King {
		k = to
	}
	s.kings[ply+1] = k
	changed := &s.changed[ply+1]
	changed[0], changed[1] = from, to
	nc := int8(2)
	if caps > 0 {
		found := 0
		side := pc.Side()
		parent := s.boardAt(ply)
		for _, d := range dirs {
			n := to + d
			if x := parent[n]; x == tafl.Attacker || x == tafl.Defender {
				if x.Side() != side && b[n] == tafl.Empty {
					changed[nc] = n
					nc++
					found++
				}
			}
		}
		if found < caps { // a shieldwall: many cells changed
			nc = -1
		}
	}
	s.nchanged[ply+1] = nc
	s.remake[ply+1] = nc >= 0
	s.sumsOK[ply+1] = sumsNone
	if nc == 2 && s.in.bits != nil && s.sumsOK[ply] != sumsNone {
		// Nearly every child is evaluated: the own terms of a move
		// that captured nothing follow it now, while it is at hand,
		// rather than in ownSumsAt (see evaluate).
		s.sums[ply+1] = s.sums[ply]
		s.in.moveTerms(pc, from, to, &s.sums[ply+1])
		s.sumsOK[ply+1] = sumsOwn
	}
	s.null[ply+1] = false

	i := s.base + ply + 1
	h := c.Hash()
	s.hist[i] = h
	if caps > 0 {
		s.irrev[ply+1] = i
		s.hashBits[ply+2] = hashBit(h)
	} else {
		s.irrev[ply+1] = s.irrev[ply]
		s.hashBits[ply+2] = s.hashBits[ply] | hashBit(h)
	}
}

// hashBit is the bit of hash h in searcher.hashBits: a position can occur
// again in the tree only where its bit is set in the filter of the
// positions with the same side to move since the last capture (the
// game's, then the path's). The filter holds one bit per hash, so most
// positions' bits are clear while fewer than a few dozen are in it.
func hashBit(h uint64) uint64 { return 1 << (h >> 58) }

func (s *searcher) updatePV(ply int, m tafl.Move) {
	s.pv[ply][0] = m
	n := 0
	if ply+1 <= maxPly {
		n = s.pvLen[ply+1]
		copy(s.pv[ply][1:], s.pv[ply+1][:n])
	}
	s.pvLen[ply] = n + 1
}

// search is the principal-variation search below the root.
func (s *searcher) search(ply, depth int, alpha, beta int32) int32 {
	s.pvLen[ply] = 0
	if depth <= 0 || ply >= maxPly-maxQDepth-2 {
		if s.knobs.noQuiesce {
			s.nodes++
			return s.evaluate(ply)
		}
		return s.quiesce(ply, alpha, beta, 0)
	}
	s.nodes++
	if s.nodes >= s.pollAt {
		s.poll()
	}
	if s.sh.stop.Load() {
		return 0
	}
	if ply > s.seldepth {
		s.seldepth = ply
	}
	pvNode := beta-alpha > 1
	// Mate distance pruning.
	alpha = max(alpha, -WinScore+int32(ply))
	beta = min(beta, WinScore-int32(ply)-1)
	if alpha >= beta {
		return alpha
	}
	p := &s.pos[ply]
	// The king escapes at once.
	if s.sides[ply&1] == tafl.Defenders && p.KingOpenLines() > 0 {
		return WinScore - int32(ply+1)
	}
	key := s.hist[s.base+ply]
	hashMove := tafl.NoMove
	if e, ok := s.sh.tt.probe(key); ok {
		hashMove = e.move
		if e.depth >= depth && !pvNode && !s.knobs.noTT && (!s.knobs.ttSameOnly || e.depth == depth) {
			v := fromTT(e.score, ply)
			switch {
			case e.bound == boundExact,
				e.bound == boundLower && v >= beta,
				e.bound == boundUpper && v <= alpha:
				return v
			}
		}
	}

	if !pvNode && !s.knobs.noPrune && beta < mateBound && beta > -mateBound {
		if v, cut := s.prune(ply, depth, beta); cut {
			return v
		}
	}

	origAlpha := alpha
	best := int32(-infinity)
	bestMove := tafl.NoMove
	legal := 0
	side := 0
	if s.sides[ply&1] == tafl.Defenders {
		side = 1
	}
	pk := picker{ply: ply, ttMove: hashMove, prefetch: depth >= 2}
	for {
		m, mkey := s.nextMove(&pk)
		if m == tafl.NoMove {
			break
		}
		quiet := mkey < orderKiller
		score, ok := s.tryMove(ply, depth, m, legal, quiet, pvNode, alpha, beta)
		if !ok {
			continue
		}
		legal++
		if s.sh.stop.Load() {
			return 0
		}
		if score > best {
			best = score
			bestMove = m
			if score > alpha {
				alpha = score
				s.updatePV(ply, m)
				if score >= beta {
					if quiet {
						if s.killers[ply][0] != m {
							s.killers[ply][1] = s.killers[ply][0]
							s.killers[ply][0] = m
						}
						h := &s.history[side*cells*cells+int(m.From())*cells+int(m.To())]
						*h += int32(depth * depth)
						if *h > 1<<20 {
							for k := range s.history {
								s.history[k] /= 2
							}
						}
					}
					break
				}
			}
		}
	}
	if legal == 0 {
		return s.noMoves(ply)
	}
	bound := boundExact
	switch {
	case best >= beta:
		bound = boundLower
	case best <= origAlpha:
		bound = boundUpper
	}
	s.sh.tt.store(key, bestMove, toTT(best, ply), depth, bound)
	return best
}

// tryMove makes move m at ply and searches it: with the full window for
// the first legal move (legal == 0), otherwise with a null window first,
// reduced when the move is quiet and late, and searched again as needed.
// ok is false when the repetition rule forbids the move.
func (s *searcher) tryMove(ply, depth int, m tafl.Move, legal int, quiet, pvNode bool, alpha, beta int32) (score int32, ok bool) {
	if depth >= 2 {
		// The child will probe the table (unless the move captures,
		// which changes its hash): start fetching its bucket now.
		s.sh.tt.prefetch(s.pos[ply].HashAfter(m))
	}
	caps, v, over := s.enter(ply, m)
	if over {
		return v, v != forbidden
	}
	if depth <= 1 && !s.knobs.noQuiesce {
		// The child is a leaf: search it as search would (quiescence
		// has no PV), without a call through search for each child of
		// the frontier, the bulk of the tree.
		s.pvLen[ply+1] = 0
		if legal == 0 {
			return -s.quiesce(ply+1, -beta, -alpha, 0), true
		}
		score = -s.quiesce(ply+1, -alpha-1, -alpha, 0)
		if score > alpha && score < beta {
			score = -s.quiesce(ply+1, -beta, -alpha, 0)
		}
		return score, true
	}
	if legal == 0 {
		return -s.search(ply+1, depth-1, -beta, -alpha), true
	}
	r := 0
	if depth >= 3 && legal >= 2 && quiet && caps == 0 && !s.knobs.noPrune {
		r = reduction(depth, legal)
		if pvNode {
			r--
		}
		r = min(max(r, 0), depth-2)
	}
	score = -s.search(ply+1, depth-1-r, -alpha-1, -alpha)
	if score > alpha && r > 0 {
		score = -s.search(ply+1, depth-1, -alpha-1, -alpha)
	}
	if score > alpha && score < beta {
		score = -s.search(ply+1, depth-1, -beta, -alpha)
	}
	return score, true
}

// isLegal reports whether m, a move from the transposition table or a
// killer, is legal at ply (both may be moves of another position).
func (s *searcher) isLegal(ply int, m tafl.Move) bool {
	var buf [4]tafl.Move
	for _, x := range s.pos[ply].MovesTo(m.To(), buf[:0]) {
		if x == m {
			return true
		}
	}
	return false
}

// prune tries to cut a non-PV node short before its moves are searched:
// reverse futility pruning (near the horizon, a static value far above
// beta stands) and null-move pruning (the side to move passes; if a
// reduced search still scores beta or more, its real moves would too).
// Neither is tried when the opponent threatens to win next move (the
// pass would be refuted at once, and the static value means nothing), nor
// twice in a row. It reports the value and whether the node is cut.
func (s *searcher) prune(ply, depth int, beta int32) (int32, bool) {
	if s.null[ply] || s.threatened(ply) {
		return 0, false
	}
	eval := s.evaluate(ply)
	if depth <= maxPruneDepth && eval-futilityMargin*int32(depth) >= beta {
		return eval, true
	}
	if depth < nullMinDepth || eval < beta {
		return 0, false
	}
	s.enterNull(ply)
	r := 2 + depth/4
	v := -s.search(ply+1, depth-1-r, -beta, -beta+1)
	if s.sh.stop.Load() {
		return 0, false
	}
	if v >= beta {
		return beta, true // not v: a forced win after a pass proves nothing
	}
	return 0, false
}

// Pruning parameters: reverse futility pruning up to maxPruneDepth plies
// from the horizon with futilityMargin per ply; null moves from
// nullMinDepth plies.
const (
	maxPruneDepth  = 3
	futilityMargin = 90
	nullMinDepth   = 3
)

// enterNull pushes the position at ply with the other side to move (a
// null move). Repetitions are not looked for across it.
func (s *searcher) enterNull(ply int) {
	c := &s.pos[ply+1]
	s.pos[ply].MakeNullMove(c)
	s.kings[ply+1] = s.kings[ply]
	s.nchanged[ply+1] = 0
	s.remake[ply+1] = true
	s.remake[ply+2] = false
	s.sumsOK[ply+1] = sumsNone
	s.null[ply+1] = true
	i := s.base + ply + 1
	s.hist[i] = c.Hash()
	s.irrev[ply+1] = i
	s.hashBits[ply+2] = hashBit(c.Hash())
}

// reduction is how many plies a late quiet move is searched less deep:
// it grows with the logarithms of the remaining depth and of the number
// of moves already searched at the node (tafl positions have a hundred
// moves and more, most of them pointless).
func reduction(depth, legal int) int {
	return int(lmr[min(depth, len(lmr)-1)][min(legal, len(lmr[0])-1)])
}

var lmr = func() (t [64][256]int8) {
	var logs [256]float64 // logs[n] = ln n: 256 logarithms, not 16 000
	for n := 1; n < len(logs); n++ {
		logs[n] = math.Log(float64(n))
	}
	for d := 1; d < len(t); d++ {
		for n := 1; n < len(t[d]); n++ {
			t[d][n] = int8(lmrBase + logs[d]*logs[n]/lmrDiv)
		}
	}
	return t
}()

// The reduction formula's constants.
const (
	lmrBase = 0.5
	lmrDiv  = 2.0
)

// sortAfter is the number of moves picked by selection before the rest
// of a node's moves is sorted at once.
const sortAfter = 3

// sortRest sorts moves (and their keys) by decreasing key, ties by move,
// so the order is deterministic.
//
// Most keys are 0 (no history yet), so the moves with a key are sorted on
// their own, and those with key 0 are put in decreasing move order by
// their squares: a move is from | to<<16, so by destination square, from
// the last down, and by the square it leaves among those with the same
// destination (at most four). That is the order a full sort gives, in
// linear time.
func (s *searcher) sortRest(ply int, moves []tafl.Move, order []int32) {
	packed := s.packed[ply][:0]
	sq := &s.sqSort
	sq.stamp++
	if sq.stamp == 0 { // wrapped: forget every old stamp
		sq.stamps = [cells]uint32{}
		sq.stamp = 1
	}
	sq.set = [(cells + 63) / 64]uint64{}
	if cap(sq.next) < len(moves) {
		sq.next = make([]int16, len(moves))
	}
	next := sq.next[:len(moves)]
	for i, m := range moves {
		key := order[i]
		if key != 0 {
			packed = append(packed, uint64(uint32(key))<<32|uint64(m))
			continue
		}
		to, from := m.To(), m.From()
		if sq.stamps[to] != sq.stamp {
			sq.stamps[to] = sq.stamp
			sq.head[to] = int16(i)
			next[i] = -1
			sq.set[to>>6] |= 1 << (to & 63)
			continue
		}
		// Into the destination's list, by decreasing origin.
		p := &sq.head[to]
		for *p >= 0 && moves[*p].From() > from {
			p = &next[*p]
		}
		next[i] = *p
		*p = int16(i)
	}
	slices.Sort(packed)
	n := len(packed)
	// The moves with key 0 go after the others: keys are never negative
	// (history counts and plan bonuses), so they are the smallest.
	out := s.sorted[:0]
	for i := range packed {
		out = append(out, tafl.Move(uint32(packed[n-1-i])))
	}
	for w := len(sq.set) - 1; w >= 0; w-- {
		for word := sq.set[w]; word != 0; {
			b := 63 - bits.LeadingZeros64(word)
			word &^= 1 << b
			for j := sq.head[w<<6|b]; j >= 0; j = next[j] {
				out = append(out, moves[j])
			}
		}
	}
	copy(moves, out)
	for i := range packed {
		order[i] = int32(uint32(packed[n-1-i] >> 32))
	}
	clear(order[n:])
	s.packed[ply] = packed
	s.sorted = out
}

// squareSort is sortRest's scratch space: per destination square, the
// first of its moves (a list through next) when stamps says the square
// was seen in the current sort, and the set of those squares.
type squareSort struct {
	stamps [cells]uint32
	stamp  uint32
	head   [cells]int16
	set    [(cells + 63) / 64]uint64
	next   []int16
}

// noMoves scores a position whose side to move has no legal move.
func (s *searcher) noMoves(ply int) int32 {
	if s.rules.NoMovesDraw {
		return 0
	}
	return -WinScore + int32(ply)
}

// toTT and fromTT make forced-win scores relative to the node, so that a
// table entry means the same at any ply.
func toTT(v int32, ply int) int32 {
	switch {
	case v > mateBound:
		return v + int32(ply)
	case v < -mateBound:
		return v - int32(ply)
	}
	return v
}

func fromTT(v int32, ply int) int32 {
	switch {
	case v > mateBound:
		return v - int32(ply)
	case v < -mateBound:
		return v + int32(ply)
	}
	return v
}
