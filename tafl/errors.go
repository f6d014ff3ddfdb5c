package tafl

import (
	"errors"
	"fmt"
)

// Sentinel errors. A [*MoveError] wraps ErrIllegalMove or ErrGameOver, so
// callers can test with errors.Is as well as errors.As.
var (
	// ErrIllegalMove is wrapped by every error for a move the rules forbid.
	ErrIllegalMove = errors.New("tafl: illegal move")
	// ErrGameOver is wrapped by the error for a move after the game ended.
	ErrGameOver = errors.New("tafl: the game is over")
	// ErrUnknownVariant is returned for a variant or layout name taflbot does not know.
	ErrUnknownVariant = errors.New("tafl: unknown variant")
)

// SyntaxError reports text that could not be read: a square, move,
// position record, rules string or game record.
type SyntaxError struct {
	Kind string // Kind is what was being read: "square", "move", "position", "rules", "game".
	Text string // Text is the offending text (or a part of it).
	Msg  string // Msg says what is wrong and what is expected.
	Code Code   // Code names Msg for callers that say it in their own words ("" for none).
	Args []any  // Args are the values of Code's verbs, in order.
}

func (e *SyntaxError) Error() string {
	if e.Text == "" {
		return fmt.Sprintf("tafl: bad %s: %s", e.Kind, e.Msg)
	}
	return fmt.Sprintf("tafl: bad %s %q: %s", e.Kind, clip(e.Text), e.Msg)
}

// Reason says why a move is illegal. The zero value is no reason.
type Reason uint8

// The reasons a move can be illegal. Persisted nowhere, but kept
// append-only so that their numbers stay stable for callers that map them.
const (
	NoReason          Reason = iota
	ReasonGameOver           // the game has already ended
	ReasonNotYourTurn        // the piece belongs to the side not to move
	ReasonNoPiece            // no piece stands on the from-square
	ReasonOffBoard           // a square is not on this board
	ReasonNotStraight        // from and to are not on one rank or file, or are the same square
	ReasonBlocked            // a piece stands on the path or on the to-square
	ReasonThrone             // the throne may not be entered or passed
	ReasonCorner             // a corner may not be entered or passed
	ReasonCamp               // a camp may not be entered or passed
	ReasonRepetition         // the move would repeat a position a third time (forbidden)
	ReasonAnnotation         // the move's written captures or suffix do not match what happens
)

// MoveError is the error for a move the rules do not allow. Its message is
// meant to be shown to players, such as "d1-d4: the path is blocked at d3".
type MoveError struct {
	Move   Move   // Move is the rejected move.
	Text   string // Text names the move where Move cannot hold it (a square past the largest board, "a20-a4"); else "".
	Reason Reason // Reason says why, for callers that want their own words.
	Detail string // Detail is the human-readable explanation.
	Code   Code   // Code names Detail for callers that say it in their own words ("" for none).
	Args   []any  // Args are the values of Code's verbs, in order.
}

func (e *MoveError) Error() string {
	if e.Move == NoMove && e.Text != "" {
		return e.Text + ": " + e.Detail
	}
	if e.Move == NoMove {
		return e.Detail
	}
	return e.Move.String() + ": " + e.Detail
}

// Refusal is why a move was refused, without the move itself: a
// MoveError's Detail or a SyntaxError's Msg, else err's text. Callers
// name the move once in their own message (the errors' texts name it
// too).
func Refusal(err error) string {
	var me *MoveError
	var se *SyntaxError
	switch {
	case errors.As(err, &me):
		return me.Detail
	case errors.As(err, &se):
		return se.Msg
	}
	return err.Error()
}

// Unwrap returns ErrGameOver for moves after the end, otherwise ErrIllegalMove.
func (e *MoveError) Unwrap() error {
	if e.Reason == ReasonGameOver {
		return ErrGameOver
	}
	return ErrIllegalMove
}
