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

// evaluate returns the static value of p for the side to move. p must
// not be a finished position.
func (in *info) evaluate(bp *board, toMove tafl.Side, k tafl.Square) int32 {
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
					for _, e := range dirs {
						if e == -d {
							continue
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
	var hangA, hangD int32 // attackers / defenders that could be captured
	var natt, ndef int32
	for _, sq := range in.squares {
		pc := b[sq]
		switch pc {
		case tafl.Attacker:
			natt++
			s += in.guardW[sq]
			if b[sq+stride+1] == tafl.Attacker {
				s += w.chain
			}
			if b[sq+stride-1] == tafl.Attacker {
				s += w.chain
			}
			if in.exposed(b, sq, tafl.Defender) {
				hangA++
			}
		case tafl.Defender:
			ndef++
			if in.exposed(b, sq, tafl.Attacker) {
				hangD++
			}
		}
	}
	s += w.attacker*natt - w.defender*ndef
	if toMove == tafl.Attackers {
		s += w.hanging*hangD - w.hangingOther*hangA
	} else {
		s += w.hangingOther*hangD - w.hanging*hangA
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
	for _, e := range dirs {
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
