package tafl

import "strings"

// EndReason says why a game ended. The zero value, NoEnd, means the game
// goes on. The values are stored by callers: append only.
type EndReason uint8

// The ways a game ends.
const (
	NoEnd        EndReason = iota // NoEnd: the game is not over.
	KingCaptured                  // KingCaptured: the attackers captured the king.
	KingEscaped                   // KingEscaped: the king reached an escape square.
	ExitFort                      // ExitFort: the defenders built an unbreakable fort around the king on the edge.
	Encirclement                  // Encirclement: no defender can reach the edge any more.
	Repetition                    // Repetition: a position occurred for the third time.
	NoMoves                       // NoMoves: the side to move had no legal move.
	Resignation                   // Resignation: a player resigned.
	DrawAgreed                    // DrawAgreed: both players agreed to a draw.
	Timeout                       // Timeout: a player ran out of time.
	Aborted                       // Aborted: the game was called off before it really began; nobody wins.
)

var endNames = [...]string{"", "king-captured", "king-escaped", "exit-fort", "encirclement", "repetition", "no-moves", "resignation", "draw-agreed", "timeout", "aborted"}

// String returns the reason's stable name, such as "king-captured" ("" for NoEnd).
func (r EndReason) String() string {
	if int(r) < len(endNames) {
		return endNames[r]
	}
	return "unknown"
}

// ParseEndReason reads a name written by [EndReason.String].
func ParseEndReason(text string) (EndReason, bool) {
	for i, n := range endNames {
		if n == text {
			return EndReason(i), true
		}
	}
	return NoEnd, false
}

// Outcome is how a game ended: the winner (NoSide for a draw) and the
// reason. The zero Outcome means the game goes on.
type Outcome struct {
	Winner Side
	Reason EndReason
}

// Over reports whether the game has ended.
func (o Outcome) Over() bool { return o.Reason != NoEnd }

// Status returns "ongoing", "attackers-won", "defenders-won" or "draw".
func (o Outcome) Status() string {
	switch {
	case o.Reason == NoEnd:
		return "ongoing"
	case o.Winner == Attackers:
		return "attackers-won"
	case o.Winner == Defenders:
		return "defenders-won"
	}
	return "draw"
}

// Text says the outcome in English words, as the bot's result line does:
// "Defenders win · the attackers had no legal move". toMove is the side
// to move at the end: the one that had no legal move, or ran out of time,
// when that ended a draw, and the other side than the one that repeated
// a position when that decided the game.
func (o Outcome) Text(toMove Side) string { return o.text(toMove, false) }

// OutcomeText is the game's outcome in words (Outcome.Text), saying
// "the attackers had no pieces left" instead of "had no legal move" where
// the defenders captured the attackers' last piece: the end reason is
// the same, no legal move.
func (g *Game) OutcomeText() string {
	return g.outcome.text(g.ToMove(), g.outcome.Reason == NoMoves && g.pos.Count(g.ToMove()) == 0)
}

// text is Text; noPieces says that the side without a legal move had no
// piece left.
func (o Outcome) text(toMove Side, noPieces bool) string {
	switch o.Reason {
	case NoEnd:
		return "the game goes on"
	case Aborted:
		return "Aborted" // nobody won, and it is no draw
	}
	loser := toMove // who had no move or ran out of time
	if o.Winner != NoSide {
		loser = o.Winner.Other()
	}
	repetition := "repetition"
	if repeater := toMove.Other(); o.Winner != NoSide && repeater != NoSide {
		repetition = "the " + repeater.String() + " repeated the position"
		if repeater == o.Winner {
			repetition = "a repetition by the attackers loses for the defenders"
		}
	}
	noMoves := "the " + loser.String() + " had no legal move"
	if noPieces {
		noMoves = "the " + loser.String() + " had no pieces left"
	}
	reason := map[EndReason]string{
		KingCaptured: "the king was captured", KingEscaped: "the king escaped",
		ExitFort: "the king built an exit fort", Encirclement: "the defenders were encircled",
		Repetition: repetition, NoMoves: noMoves, Resignation: "resignation",
		DrawAgreed: "agreed", Timeout: "the " + loser.String() + " ran out of time",
	}[o.Reason]
	if reason == "" {
		reason = strings.ReplaceAll(o.Reason.String(), "-", " ")
	}
	switch o.Winner {
	case Attackers:
		return "Attackers win · " + reason
	case Defenders:
		return "Defenders win · " + reason
	}
	return "Draw · " + reason
}

// Announce is what the bot calls out after a move: the king's open lines.
type Announce uint8

// The announcements (Linnaeus' laws 5–6).
const (
	NoAnnounce Announce = iota // NoAnnounce: the king has no open line to an escape square.
	Raichi                     // Raichi: the king has one open line to an escape square.
	Tuicha                     // Tuicha: the king has two or more open lines.
)

// String returns "raichi", "tuicha" or "".
func (a Announce) String() string {
	switch a {
	case Raichi:
		return "raichi"
	case Tuicha:
		return "tuicha"
	}
	return ""
}
