package ai

import (
	"slices"

	"github.com/taflbot/taflbot/tafl"
)

// weights are the evaluation's terms for one family of variants. Scores
// are in hundredths of an attacker, from the attackers' point of view
// inside evaluate.
type weights struct {
	attacker, defender int32 // material
	kingFree           int32 // per square the king can move to
	openLine           int32 // per open line to an escape square (attackers to move must block)
	route              int32 // per square from which the king would have an open line
	routeSq            int32 // extra per escape square reachable in two king moves
	kingDist           int32 // per square of distance between the king and the nearest escape square
	kingAdj            int32 // per attacker beside the king
	kingAdjWeak        int32 // per attacker beside a king captured by two
	guard              int32 // scale of the corner blockade table (percent)
	chain              int32 // per diagonal link between attackers (cordon)
	hanging            int32 // per piece that the side to move could attack (half sandwiched)
	hangingOther       int32 // the same for the side to move's own pieces
}

var cornerWeights = weights{
	attacker: 100, defender: 170,
	kingFree: 5, openLine: 60, route: 90, routeSq: 60, kingDist: 6,
	kingAdj: 22, kingAdjWeak: 55, guard: 300, chain: 7,
	hanging: 30, hangingOther: 10,
}

var edgeWeights = weights{
	attacker: 100, defender: 150,
	kingFree: 6, openLine: 80, route: 60, routeSq: 30, kingDist: 25,
	kingAdj: 25, kingAdjWeak: 55, guard: 0, chain: 6,
	hanging: 30, hangingOther: 10,
}

// evaluateWith returns the static value of board bp for the side to move,
// given the board's piece terms ps (see pieceSums). It must not be a
// finished position.
func (in *info) evaluateWith(bp *board, toMove tafl.Side, k tafl.Square, ps *pieceSums) int32 {
	b := bp
	w := in.w
	var s int32 // attackers' point of view

	// The king.
	if k != tafl.NoSquare {
		free, lines, routes := int32(0), int32(0), int32(0)
		var seen [16]tafl.Square // escape squares reached in two moves
		routeSq := int32(0)
		for _, d := range dirs {
			for q := k + d; b[q] == tafl.Empty; q += d {
				if in.kingStop[q] {
					if in.escape[q] {
						lines++
						break
					}
					free++
					// Open lines from q (the king's own square counts as empty).
					n := int32(0)
					for i, e := range dirs {
						if e == -d || in.escDirs[q]&(1<<i) == 0 {
							continue // no escape square that way
						}
						for r := q + e; b[r] == tafl.Empty || r == k; r += e {
							if in.kingStop[r] && in.escape[r] {
								n++
								if !slices.Contains(seen[:routeSq], r) && routeSq < int32(len(seen)) {
									seen[routeSq] = r
									routeSq++
								}
								break
							}
							if !in.kingPass[r] {
								break
							}
						}
					}
					if n > 0 {
						routes++
					}
				}
				if !in.kingPass[q] {
					break
				}
			}
		}
		s -= w.kingFree*free + w.route*routes + w.routeSq*routeSq
		if toMove == tafl.Attackers {
			s -= w.openLine * lines
		}
		s -= w.kingDist * (int32(in.size) - int32(in.kingDist[k]))
		adj := int32(0)
		for _, d := range dirs {
			if b[k+d] == tafl.Attacker {
				adj++
			}
		}
		if in.captureNeed == 1 {
			s += w.kingAdjWeak * adj
		} else {
			s += w.kingAdj * adj * adj / 2
		}
	}

	// The pieces.
	return in.finish(s, ps, toMove)
}

// pieceSums are the terms of the evaluation that add up square by square
// over the attackers and defenders (the king excluded). The search keeps
// them move by move (see searcher.push) instead of scanning the board at
// every evaluation; pieceSumsOf computes them from scratch.
type pieceSums struct {
	natt, ndef   int32 // material
	guard        int32 // corner blockade value of the attackers, weighted
	chain        int32 // diagonal links between attackers
	hangA, hangD int32 // attackers / defenders that could be captured
}

// pieceSumsOf sums the piece terms of board b.
func (in *info) pieceSumsOf(b *board) pieceSums {
	var t pieceSums
	for _, sq := range in.squares {
		in.addSquare(b, sq, &t, 1)
	}
	return t
}

// addSquare adds sign times the terms of the piece on sq (if any) to t.
// They depend on the cells sq, sq±1, sq±stride and sq+stride±1 only.
func (in *info) addSquare(b *board, sq tafl.Square, t *pieceSums, sign int32) {
	switch b[sq] {
	case tafl.Attacker:
		t.natt += sign
		t.guard += sign * in.guardW[sq]
		if b[sq+stride+1] == tafl.Attacker {
			t.chain += sign
		}
		if b[sq+stride-1] == tafl.Attacker {
			t.chain += sign
		}
		if in.exposed(b, sq, tafl.Defender) {
			t.hangA += sign
		}
	case tafl.Defender:
		t.ndef += sign
		if in.exposed(b, sq, tafl.Attacker) {
			t.hangD += sign
		}
	}
}

// updateSums turns t, the sums of board old, into the sums of board b,
// which differs from old only on the cells in changed. marks[sq] == mark
// says a square was counted already; mark must be new for each call.
//
// A piece's terms depend on its own cell and its four neighbours, except
// the chain links, which look at the two cells diagonally above it. So the
// changed cells and their neighbours are counted again in full, and the
// squares diagonally below a changed cell only for their links.
func (in *info) updateSums(old, b *board, changed []tafl.Square, t *pieceSums, marks *[cells]uint32, mark uint32) {
	for _, c := range changed {
		for _, sq := range [5]tafl.Square{c, c + 1, c - 1, c + stride, c - stride} {
			if marks[sq] == mark {
				continue
			}
			marks[sq] = mark
			in.addSquare(old, sq, t, -1)
			in.addSquare(b, sq, t, 1)
		}
	}
	for _, c := range changed {
		for _, sq := range [2]tafl.Square{c - stride - 1, c - stride + 1} {
			if marks[sq] == mark {
				continue
			}
			marks[sq] = mark
			// Not a changed cell (those are marked): the same piece on
			// both boards.
			if b[sq] == tafl.Attacker {
				t.chain += links(b, sq) - links(old, sq)
			}
		}
	}
}

// links returns the number of attackers diagonally above sq.
func links(b *board, sq tafl.Square) int32 {
	n := int32(0)
	if b[sq+stride+1] == tafl.Attacker {
		n++
	}
	if b[sq+stride-1] == tafl.Attacker {
		n++
	}
	return n
}

// finish adds the piece terms ps to the king's terms s and returns the
// value for the side to move.
func (in *info) finish(s int32, ps *pieceSums, toMove tafl.Side) int32 {
	w := in.w
	s += ps.guard + w.chain*ps.chain
	s += w.attacker*ps.natt - w.defender*ps.ndef - in.balance
	if toMove == tafl.Attackers {
		s += w.hanging*ps.hangD - w.hangingOther*ps.hangA
	} else {
		s += w.hangingOther*ps.hangD - w.hanging*ps.hangA
	}
	if toMove == tafl.Defenders {
		return -s
	}
	return s
}

// exposed reports whether the piece on sq stands between an enemy (or a
// hostile square) and an empty square along a rank or file: an enemy
// reaching the empty square would capture it.
func (in *info) exposed(b *board, sq tafl.Square, enemy tafl.Piece) bool {
	for _, d := range [2]tafl.Square{1, stride} {
		x, y := b[sq+d], b[sq-d]
		switch {
		case x == enemy:
			if y == tafl.Empty && !in.special[sq-d] {
				return true
			}
		case y == enemy:
			if x == tafl.Empty && !in.special[sq+d] {
				return true
			}
		case x == tafl.Empty && y == tafl.Empty:
			// an empty hostile square on one side, a plain empty one on the other
			if in.special[sq+d] != in.special[sq-d] {
				return true
			}
		}
	}
	return false
}

// linesFrom returns the number of open lines to an escape square the
// king would have on q, his current square k counting as empty.
func (in *info) linesFrom(b *board, q, k tafl.Square) int {
	n := 0
	for i, e := range dirs {
		if in.escDirs[q]&(1<<i) == 0 {
			continue // no escape square that way
		}
		for r := q + e; b[r] == tafl.Empty || r == k; r += e {
			if in.kingStop[r] && in.escape[r] {
				n++
				break
			}
			if !in.kingPass[r] {
				break
			}
		}
	}
	return n
}
