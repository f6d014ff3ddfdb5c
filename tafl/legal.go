package tafl

import (
	"fmt"
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
	fail := func(r Reason, format string, args ...any) *MoveError {
		return &MoveError{Move: m, Reason: r, Detail: fmt.Sprintf(format, args...)}
	}
	if p.end != NoEnd {
		return fail(ReasonGameOver, "the game is over")
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
		return fail(ReasonNoPiece, "there is no piece on %s", from)
	}
	if sideOf[pc] != p.toMove {
		return fail(ReasonNotYourTurn, "not your turn: the %s are to move", p.toMove)
	}
	if from == to {
		return fail(ReasonNotStraight, "a piece must move at least one square")
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
		return fail(ReasonNotStraight, "pieces move along a rank or a file, like a rook")
	}
	for q := from + d; ; q += d {
		if c := p.board[q]; c != Empty {
			if q == to {
				return fail(ReasonBlocked, "%s is occupied", to)
			}
			return fail(ReasonBlocked, "the path is blocked at %s", q)
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
	verb := "pass through"
	if stop {
		verb = "stop on"
	}
	k := v.kinds[q]
	switch {
	case k&sqThrone != 0:
		a := v.rules.Throne
		switch {
		case v.rules.ThroneBlockedAfterKingLeaves:
			return &MoveError{Move: m, Reason: ReasonThrone, Detail: fmt.Sprintf("the throne may not be entered: once the king has left it, no piece may %s %s", verb, q)}
		case pc == King && !a.Reenter.Has(King):
			return &MoveError{Move: m, Reason: ReasonThrone, Detail: "the throne may not be entered: the king may not return to it once he has left"}
		case stop && a.Pass.Has(pc) && a.Stop.Has(King):
			return &MoveError{Move: m, Reason: ReasonThrone, Detail: fmt.Sprintf("only the king may stop on the throne; %s may only pass over it", withArticle(pc))}
		case stop && a.Pass.Has(pc):
			return &MoveError{Move: m, Reason: ReasonThrone, Detail: "no piece may stop on the throne; pieces may only pass over it"}
		}
		return &MoveError{Move: m, Reason: ReasonThrone, Detail: fmt.Sprintf("the throne may not be entered: %s may not %s it", withArticle(pc), verb)}
	case k&sqCorner != 0:
		return &MoveError{Move: m, Reason: ReasonCorner, Detail: fmt.Sprintf("only the king may enter a corner (%s)", q)}
	default:
		a := v.rules.Camps
		allowed := a.Pass.Has(pc)
		if stop {
			allowed = a.Stop.Has(pc)
		}
		switch {
		case !allowed:
			return &MoveError{Move: m, Reason: ReasonCamp, Detail: fmt.Sprintf("%s is a camp square: %s may not %s it", q, withArticle(pc), verb)}
		case v.camp[m.From()] != 0:
			return &MoveError{Move: m, Reason: ReasonCamp, Detail: fmt.Sprintf("%s is a square of another camp: a piece in a camp may move only within its own camp", q)}
		}
		return &MoveError{Move: m, Reason: ReasonCamp, Detail: fmt.Sprintf("%s is a camp square: pieces may not enter a camp from outside", q)}
	}
}

// withArticle returns "an attacker", "a defender" or "the king".
func withArticle(pc Piece) string {
	switch pc {
	case Attacker:
		return "an attacker"
	case King:
		return "the king"
	}
	return "a " + pc.String()
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
