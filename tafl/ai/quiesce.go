package ai

import "github.com/taflbot/taflbot/tafl"

// quiesce is the tactical search at the horizon. It settles the threats
// that decide games in one move before trusting the evaluation:
//
//   - defenders to move with an open line to an escape square win;
//   - attackers to move who can capture the king win;
//   - a side whose opponent threatens such a win next move must answer
//     it: every move is searched (no standing pat), up to maxQDepth plies;
//   - otherwise the static evaluation stands.
func (s *searcher) quiesce(ply int, alpha, beta int32, qd int) int32 {
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
	p := &s.pos[ply]
	toMove := s.sides[ply&1]
	// Does the side to move win at once? If not, is it threatened (see
	// threatened; written out, so that each side's test runs once)?
	var threat bool
	if toMove == tafl.Defenders {
		if s.kingEscapes(ply) {
			return WinScore - int32(ply+1)
		}
		threat = s.kingFalls(ply)
	} else {
		if s.kingFalls(ply) {
			return WinScore - int32(ply+1)
		}
		threat = s.kingEscapes(ply)
	}
	if !threat || qd >= maxQDepth || ply >= maxPly-1 {
		v := s.evaluate(ply)
		if threat {
			return v - s.in.w.openLine // an unanswered threat at the very end
		}
		if toMove == tafl.Defenders && qd < qChecks && v < beta {
			return s.kingChecks(ply, v, alpha, beta, qd)
		}
		return v
	}

	// Answer the threat: every move, no standing pat.
	moves := p.GenerateMoves(s.moves[ply])
	s.moves[ply] = moves
	if len(moves) == 0 {
		return s.noMoves(ply)
	}
	best := int32(-infinity)
	legal := 0
	k := s.kings[ply]
	for _, m := range moves {
		// Cheap filter for the attackers: against an open line only a
		// move onto one of the king's lines (or beside him) can help.
		if toMove == tafl.Attackers && !sameLine(m.To(), k) {
			legal++ // a legal move, just a losing one
			if best < -WinScore+int32(ply+2) {
				best = -WinScore + int32(ply+2)
			}
			continue
		}
		var score int32
		if _, v, over := s.enter(ply, m); over {
			if v == forbidden {
				continue
			}
			score = v
		} else {
			score = -s.quiesce(ply+1, -beta, -alpha, qd+1)
		}
		legal++
		if s.sh.stop.Load() {
			return 0
		}
		if score > best {
			best = score
			if score > alpha {
				alpha = score
				if score >= beta {
					break
				}
			}
		}
	}
	if legal == 0 {
		return s.noMoves(ply)
	}
	return best
}

// threatened reports whether the opponent of the side to move at ply
// threatens to win with its next move.
func (s *searcher) threatened(ply int) bool { return s.canWin(s.sides[ply&1].Other(), ply) }

// canWin reports whether side, were it to move in the position at ply,
// would win with one move: the defenders' king has an open line to an
// escape square, or the attackers can capture the king.
func (s *searcher) canWin(side tafl.Side, ply int) bool {
	if side == tafl.Defenders {
		return s.kingEscapes(ply)
	}
	return s.kingFalls(ply)
}

// sameLine reports whether sq shares a rank or file with k.
func sameLine(sq, k tafl.Square) bool {
	return sq.File() == k.File() || sq.Rank() == k.Rank()
}

// kingEscapes reports whether the defenders, were it their move at ply,
// would win with one move: the king has an open line to an escape square.
func (s *searcher) kingEscapes(ply int) bool { return s.pos[ply].KingOpenLines() > 0 }

// kingFalls reports whether the attackers, were it their move at ply,
// could capture the king with one move. A cheap test first: enough of
// his neighbours must already be attackers, special squares or off the
// board.
func (s *searcher) kingFalls(ply int) bool {
	k := s.kings[ply]
	if k == tafl.NoSquare {
		return false
	}
	b := s.boardAt(ply)
	in := s.in
	open := func(q tafl.Square) bool {
		x := b[q]
		return x != tafl.Attacker && x != offBoard && !in.special[q]
	}
	// The four neighbours written out (a loop costs half as much again),
	// and most often two open ones already answer.
	spare := 4 - in.captureNeed // the neighbours that may be open
	if open(k + 1) {
		spare--
	}
	if open(k - 1) {
		spare--
	}
	if spare < 0 {
		return false
	}
	if open(k + stride) {
		spare--
	}
	if open(k - stride) {
		spare--
	}
	return spare >= 0 && s.pos[ply].KingCapturable()
}

// qChecks is how deep in the quiescence search the defenders still try
// king moves that open a line to an escape square (the tafl "check").
const qChecks = 2

// kingChecks searches the king's moves to squares with an open line to
// an escape square, after the static value stand failed to reach beta.
func (s *searcher) kingChecks(ply int, stand, alpha, beta int32, qd int) int32 {
	best := stand
	alpha = max(alpha, stand)
	in := s.in
	b := s.boardAt(ply)
	k := s.kings[ply]
	if k == tafl.NoSquare {
		return best
	}
	for _, d := range dirs {
		for q := k + d; b[q] == tafl.Empty; q += d {
			if in.kingStop[q] && in.linesFrom(b, q, k) > 0 {
				m := tafl.NewMove(k, q)
				var score int32
				if _, v, over := s.enter(ply, m); over {
					if v == forbidden {
						continue
					}
					score = v
				} else {
					score = -s.quiesce(ply+1, -beta, -alpha, qd+1)
				}
				if s.sh.stop.Load() {
					return 0
				}
				if score > best {
					best = score
					if score > alpha {
						alpha = score
						if score >= beta {
							return best
						}
					}
				}
			}
			if !in.kingPass[q] {
				break
			}
		}
	}
	return best
}
