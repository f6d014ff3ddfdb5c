package tafl

// Perft counts the leaves of the legal-move tree of the given depth from p:
// every leaf move is made (captures and game-end checks included). A
// position where the game is over has no children. The repetition rule is
// applied within the tree (p being its first position).
func Perft(p Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	hist, bufs, leaf := perftScratch(p, depth)
	return perft(&p, depth, hist, 0, bufs, leaf)
}

// PerftDivide returns the leaf count under each legal move of p.
func PerftDivide(p Position, depth int) map[Move]uint64 {
	out := make(map[Move]uint64)
	if depth <= 0 {
		return out
	}
	hist, bufs, leaf := perftScratch(p, depth)
	var c Position
	for _, m := range p.GenerateMoves(nil) {
		one := perftChild(&p, m, &c, depth, hist, 0, bufs, leaf)
		if one >= 0 {
			out[m] = uint64(one)
		}
	}
	return out
}

// perftScratch returns the buffers of a perft of the given depth from p:
// the hashes of the line (p's first), the moves of each level and those of
// the leaves.
func perftScratch(p Position, depth int) ([]uint64, [][]Move, *leafScratch) {
	hist := make([]uint64, 1, depth+2)
	hist[0] = p.hash
	bufs := make([][]Move, depth+1)
	for i := range bufs {
		bufs[i] = make([]Move, 0, 2048)
	}
	return hist, bufs, new(leafScratch)
}

// leafScratch holds perftLeaves' buffers: kept from one call to the next,
// they are not cleared on each (as a local array is).
type leafScratch struct {
	pieces [MaxSize * MaxSize]Square // the squares of the pieces to move
	caps   [maxCaptures]Square       // the squares a leaf move captured
}

// repeated reports whether c, the position that follows the last one of
// hist, would be the third occurrence of its position among hist (the
// positions since the last capture). Only positions with the same side to
// move can be equal, and none of the last three: a move changes its own
// side's pieces, which the other side's reply cannot put back, so a
// position recurs four plies later at the earliest.
func repeated(c *Position, hist []uint64) bool {
	n := 0
	for i := len(hist) - 4; i >= 0; i -= 2 {
		if hist[i] == c.hash {
			n++
		}
	}
	return n >= 2
}

// perftChild plays m from p into c and counts the leaves below it; it
// returns -1 when the move is illegal by the repetition rule.
func perftChild(p *Position, m Move, c *Position, depth int, hist []uint64, lo int, bufs [][]Move, leaf *leafScratch) int64 {
	rep := p.v.rules.Repetition
	if p.makeMove(m, c, nil) > 0 {
		lo = len(hist) // a capture makes every earlier position unreachable
	}
	if rep != RepetitionIgnore && c.end == NoEnd && repeated(c, hist[lo:]) {
		if rep == RepetitionForbidden {
			return -1
		}
		if depth > 1 {
			return 0 // the game ends: no children
		}
	}
	if depth == 1 {
		return 1
	}
	if c.end != NoEnd {
		return 0
	}
	return int64(perft(c, depth-1, append(hist, c.hash), lo, bufs[1:], leaf))
}

func perft(p *Position, depth int, hist []uint64, lo int, bufs [][]Move, leaf *leafScratch) uint64 {
	if depth == 1 {
		return perftLeaves(p, hist, lo, bufs[0], leaf)
	}
	moves := p.GenerateMoves(bufs[0])
	var c Position
	var n uint64
	for _, m := range moves {
		if k := perftChild(p, m, &c, depth, hist, lo, bufs, leaf); k > 0 {
			n += uint64(k)
		}
	}
	return n
}

// perftLeaves counts the leaves below p: each move is made on p itself
// (captures and game-end tests included), judged by the repetition rule,
// and taken back, which is cheaper than copying p into a child for every
// leaf. The moves are not listed: each destination a slide reaches is
// made as it is found (pieces on special squares, whose moves follow other
// rules, are listed into buf first).
func perftLeaves(p *Position, hist []uint64, lo int, buf []Move, leaf *leafScratch) uint64 {
	if p.end != NoEnd {
		return 0
	}
	// Only a forbidden move is not counted: a third occurrence under the
	// other rules ends the game at the leaf, which counts. It needs two
	// earlier ones, four and eight plies back at the latest (see repeated).
	// A move that ends the game otherwise (the king captured or escaped, an
	// encirclement) is never forbidden, as in Game.Play.
	var line []uint64
	if p.v.rules.Repetition == RepetitionForbidden && len(hist)-lo >= 8 {
		line = hist[lo:]
	}
	var n uint64
	for _, from := range p.sideSquares(p.toMove, &leaf.pieces) {
		n += p.perftPiece(from, line, buf, leaf.caps[:0])
	}
	return n
}

// perftPiece counts the leaves of perftLeaves made by the piece on from;
// caps is a buffer for the squares a leaf move captures.
func (p *Position) perftPiece(from Square, line []uint64, buf []Move, caps []Square) uint64 {
	hash := p.hash
	v := p.v
	b := &p.board
	pc := b[from]
	var n uint64
	got := caps[:0]
	if v.group[from] != 0 {
		for _, m := range p.specialMoves(from, pc, buf[:0]) {
			to := m.To()
			p.playPiece(from, to, pc, &got)
			if line == nil || len(got) != 0 || p.end != NoEnd || !repeated(p, line) {
				n++
			}
			p.unplayPiece(from, to, pc, hash, got)
			got = got[:0]
		}
		return n
	}
	mask := &v.move[pc]
	for _, d := range dirs {
		for to := from + d; b[to] == Empty; to += d {
			f := mask[to]
			if f&mayStop != 0 {
				p.playPiece(from, to, pc, &got)
				// No line to repeat is the common case, tested first. A
				// capture makes every earlier position unreachable.
				if line == nil || len(got) != 0 || p.end != NoEnd || !repeated(p, line) {
					n++
				}
				p.unplayPiece(from, to, pc, hash, got)
				got = got[:0]
			}
			if f&mayPass == 0 {
				break
			}
		}
	}
	return n
}

// maxCaptures bounds the pieces one move can capture: every piece of a
// side but the king.
const maxCaptures = MaxSize * MaxSize
