package tafl

// Perft counts the leaves of the legal-move tree of the given depth from p:
// every leaf move is made (captures and game-end checks included). A
// position where the game is over has no children. The repetition rule is
// applied within the tree (p being its first position).
func Perft(p Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	hist, bufs := perftScratch(p, depth)
	return perft(&p, depth, hist, 0, bufs)
}

// PerftDivide returns the leaf count under each legal move of p.
func PerftDivide(p Position, depth int) map[Move]uint64 {
	out := make(map[Move]uint64)
	if depth <= 0 {
		return out
	}
	hist, bufs := perftScratch(p, depth)
	var c Position
	for _, m := range p.GenerateMoves(nil) {
		one := perftChild(&p, m, &c, depth, hist, 0, bufs)
		if one >= 0 {
			out[m] = uint64(one)
		}
	}
	return out
}

func perftScratch(p Position, depth int) ([]uint64, [][]Move) {
	hist := make([]uint64, 1, depth+2)
	hist[0] = p.hash
	bufs := make([][]Move, depth+1)
	for i := range bufs {
		bufs[i] = make([]Move, 0, 2048)
	}
	return hist, bufs
}

// repeated reports whether c would be the third occurrence of its
// position among hist.
func repeated(c *Position, hist []uint64) bool {
	n := 0
	for _, h := range hist {
		if h == c.hash {
			n++
		}
	}
	return n >= 2
}

// perftChild plays m from p into c and counts the leaves below it; it
// returns -1 when the move is illegal by the repetition rule.
func perftChild(p *Position, m Move, c *Position, depth int, hist []uint64, lo int, bufs [][]Move) int64 {
	rep := p.v.rules.Repetition
	if p.makeMove(m, c, nil) > 0 {
		lo = len(hist) // a capture makes every earlier position unreachable
	}
	if rep != RepetitionIgnore && repeated(c, hist[lo:]) {
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
	return int64(perft(c, depth-1, append(hist, c.hash), lo, bufs[1:]))
}

func perft(p *Position, depth int, hist []uint64, lo int, bufs [][]Move) uint64 {
	moves := p.GenerateMoves(bufs[0])
	var c Position
	var n uint64
	if depth == 1 && p.v.rules.Repetition == RepetitionIgnore {
		for _, m := range moves {
			p.makeMove(m, &c, nil)
			n++
		}
		return n
	}
	for _, m := range moves {
		if k := perftChild(p, m, &c, depth, hist, lo, bufs); k > 0 {
			n += uint64(k)
		}
	}
	return n
}
