package tafl

import (
	"math/bits"
)

// CheckMove reports why m is not a legal move in p, or nil when it is
// (history aside: see [Game.Play] for the repetition rule). The error is a
// *MoveError whose message a player can read.
func (p Position) CheckMove(m Move) error {
	if e := p.checkMove(m); e != nil {
		return e
	}
	return nil
}

func (p *Position) checkMove(m Move) *MoveError {
	v := p.v
	fail := func(r Reason, code Code, args ...any) *MoveError { return refuse(m, r, code, args...) }
	if p.end != NoEnd {
		return &MoveError{Move: m, Reason: ReasonGameOver, Detail: "the game is over"}
	}
	from, to := m.From(), m.To()
	if !from.OnBoard(v.size) || !to.OnBoard(v.size) {
		n, last := v.size, At(v.size-1, v.size-1)
		var code Code
		var args []any
		switch {
		case !from.OnBoard(n) && !to.OnBoard(n):
			code, args = CodeMoveOffBoardBoth, []any{from, to, n, n, last}
		case !from.OnBoard(n):
			code, args = CodeMoveOffBoardFrom, []any{from, n, n, last}
		default:
			code, args = CodeMoveOffBoardTo, []any{to, n, n, last}
		}
		return &MoveError{Move: m, Reason: ReasonOffBoard, Detail: code.English(args...), Code: code, Args: args}
	}
	pc := p.board[from]
	if pc == Empty {
		return fail(ReasonNoPiece, CodeMoveNoPiece, from)
	}
	if sideOf[pc] != p.toMove {
		if p.toMove == Attackers {
			return fail(ReasonNotYourTurn, CodeMoveAttackersToMove, from)
		}
		return fail(ReasonNotYourTurn, CodeMoveDefendersToMove, from)
	}
	if from == to {
		return fail(ReasonNotStraight, CodeMoveNoDistance)
	}
	var d Square
	switch {
	case from.Rank() == to.Rank() && to > from:
		d = 1
	case from.Rank() == to.Rank():
		d = -1
	case from.File() == to.File() && to > from:
		d = stride
	case from.File() == to.File():
		d = -stride
	default:
		return fail(ReasonNotStraight, CodeMoveNotStraight)
	}
	for q := from + d; ; q += d {
		if c := p.board[q]; c != Empty {
			if q == to {
				return fail(ReasonBlocked, CodeMoveOccupied, to)
			}
			return fail(ReasonBlocked, CodeMoveBlocked, q)
		}
		f := v.flags(pc, from, q)
		if q == to {
			if f&mayStop != 0 {
				return nil
			}
			return p.squareRule(m, pc, q, true)
		}
		if f&mayPass == 0 {
			return p.squareRule(m, pc, q, false)
		}
	}
}

// squareRule explains why piece pc may not stop on (or pass) special square q.
func (p *Position) squareRule(m Move, pc Piece, q Square, stop bool) *MoveError {
	v := p.v
	pick := func(stopCode, passCode Code) Code {
		if stop {
			return stopCode
		}
		return passCode
	}
	k := v.kinds[q]
	switch {
	case k&sqThrone != 0:
		a := v.rules.Throne
		switch {
		case v.rules.ThroneBlockedAfterKingLeaves:
			return refuse(m, ReasonThrone, pick(CodeMoveThroneClosedStop, CodeMoveThroneClosedPass), q)
		case pc == King && !a.Reenter.Has(King):
			return refuse(m, ReasonThrone, CodeMoveThroneNoReturn, q)
		case stop && a.Pass.Has(pc) && a.Stop.Has(King):
			return refuse(m, ReasonThrone, CodeMoveThroneKingOnly, q, pieceCode(pc))
		case stop && a.Pass.Has(pc):
			return refuse(m, ReasonThrone, CodeMoveThroneNoStop, q)
		}
		return refuse(m, ReasonThrone, pick(CodeMoveThroneStop, CodeMoveThronePass), q, pieceCode(pc))
	case k&sqCorner != 0:
		return refuse(m, ReasonCorner, CodeMoveCorner, q)
	default:
		a := v.rules.Camps
		allowed := a.Pass.Has(pc)
		if stop {
			allowed = a.Stop.Has(pc)
		}
		switch {
		case !allowed:
			return refuse(m, ReasonCamp, pick(CodeMoveCampStop, CodeMoveCampPass), q, pieceCode(pc))
		case v.camp[m.From()] != 0:
			return refuse(m, ReasonCamp, CodeMoveOtherCamp, q)
		}
		return refuse(m, ReasonCamp, CodeMoveCampFromOutside, q)
	}
}

// refuse returns the MoveError of m for reason r that code says with args.
func refuse(m Move, r Reason, code Code, args ...any) *MoveError {
	return &MoveError{Move: m, Reason: r, Detail: code.English(args...), Code: code, Args: args}
}

// pieceCode names pc with its article ("an attacker", "the king").
func pieceCode(pc Piece) Code {
	switch pc {
	case Attacker:
		return CodePieceAttacker
	case King:
		return CodePieceKing
	}
	return CodePieceDefender
}

// Apply returns the position after the legal move m, or the reason it is
// not legal (history aside). p itself does not change.
func (p Position) Apply(m Move) (Position, error) {
	if e := p.checkMove(m); e != nil {
		return p, e
	}
	var c Position
	p.makeMove(m, &c, nil)
	return c, nil
}

// LegalMoves returns the legal moves of the side to move (history aside),
// in no particular order.
func (p Position) LegalMoves() []Move {
	return p.GenerateMoves(make([]Move, 0, 128))
}

// OpenLines returns how many straight, unobstructed paths lead from the
// king to an escape square he could reach on his next move.
func (p Position) OpenLines() int { return p.openLines() }

// KingOpenLines is OpenLines without copying the position, for hot loops
// such as a search's.
func (p *Position) KingOpenLines() int { return p.openLines() }

func (p *Position) openLines() int {
	v := p.v
	k := p.king
	if k == NoSquare || p.end != NoEnd {
		return 0
	}
	mask := &v.move[King]
	n := 0
	for ways := v.escWays[k]; ways != 0; ways &= ways - 1 {
		// Only the directions with an escape square: in the corner
		// games, none unless the king is on an edge.
		d := dirs[bits.TrailingZeros8(ways)]
		for q := k + d; p.board[q] == Empty; q += d {
			f := mask[q]
			if f&mayStop != 0 && v.kinds[q]&sqEscape != 0 {
				n++
				break
			}
			if f&mayPass == 0 {
				break
			}
		}
	}
	return n
}

// Announcement returns Raichi or Tuicha when the king has one or more open
// lines (see [Position.OpenLines]).
func (p Position) Announcement() Announce {
	switch n := p.OpenLines(); {
	case n == 1:
		return Raichi
	case n >= 2:
		return Tuicha
	}
	return NoAnnounce
}

// KingThreatened reports whether the attackers, were it their move, could
// capture the king with one move.
func (p Position) KingThreatened() bool { return p.KingCapturable() }
