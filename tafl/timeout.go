package tafl

// CanWin reports whether side s still has the material to win, the tafl
// counterpart of chess's "insufficient material" that decides what a
// player's running out of time means (see [Game.FlagFall]):
//
//   - The defenders can always win while their king is on the board: he
//     may yet escape.
//   - The attackers cannot when they have no piece left, or a single
//     piece while the king is stronger than an ordinary piece (a strong,
//     middleweight or strong-near-throne king needs two or more attackers
//     in every position, and one piece can neither encircle nor block in
//     the defenders without their help). Against a weak king (captured
//     like any piece, also against a hostile square) one attacker may
//     still capture him.
func (p Position) CanWin(s Side) bool {
	switch s {
	case Defenders:
		return p.king != NoSquare
	case Attackers:
		switch n := p.Count(Attackers); {
		case n == 0:
			return false
		case n == 1:
			return p.v.rules.KingStrength == WeakKing
		}
		return true
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
