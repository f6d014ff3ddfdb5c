package tafl

// CanWin reports whether side s still has the material to win, the tafl
// counterpart of chess's "insufficient material" that decides what a
// player's running out of time means (see [Game.FlagFall]):
//
//   - The defenders can always win while their king is on the board: he
//     may yet escape.
//   - The attackers cannot when they have no piece left, or a single
//     piece that can capture the king nowhere on the board (one piece can
//     neither encircle nor block in the defenders without their help). A
//     single attacker captures the king only against a hostile square (a
//     weak king anywhere, a strong-near-throne king away from the throne:
//     beside a corner or a camp) or, a middleweight king, on the edge
//     between such squares; a strong king needs three hostile squares
//     round him.
func (p Position) CanWin(s Side) bool {
	switch s {
	case Defenders:
		return p.king != NoSquare
	case Attackers:
		switch n := p.Count(Attackers); {
		case n == 0:
			return false
		case n == 1:
			return p.loneAttackerCaptures()
		}
		return true
	}
	return false
}

// loneAttackerCaptures reports whether one attacker, the only piece on the
// board besides the king, captures him on some square the king may stand
// on (where he stands now, or may stop) but does not escape from, as
// kingCaptured decides.
func (p Position) loneAttackerCaptures() bool {
	v := p.v
	q := Position{v: v}
	for i := range q.board[:v.used] {
		q.board[i] = wall
	}
	for _, sq := range v.squares {
		q.board[sq] = Empty
	}
	stops := func(pc Piece, sq Square) bool { return (v.move[pc][sq]|v.inner[pc][sq])&mayStop != 0 }
	for _, k := range v.squares {
		if v.kinds[k]&sqEscape != 0 || k != p.king && !stops(King, k) {
			continue
		}
		q.board[k], q.king = King, k
		for _, d := range dirs {
			a := k + d
			if q.board[a] != Empty || !stops(Attacker, a) {
				continue
			}
			q.board[a] = Attacker
			captured := q.kingCaptured(k, a)
			q.board[a] = Empty
			if captured {
				return true
			}
		}
		q.board[k] = Empty
	}
	return false
}

// FlagFall ends the game because side s ran out of time: the other side
// wins on time, or, when it no longer has the material to win
// ([Position.CanWin]), the game is drawn on time. Both end as [Timeout].
func (g *Game) FlagFall(s Side) error {
	if !g.pos.CanWin(s.Other()) {
		return g.finish(Outcome{Winner: NoSide, Reason: Timeout})
	}
	return g.LoseOnTime(s)
}
