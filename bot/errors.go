package bot

import (
	"errors"
	"fmt"

	"github.com/taflbot/taflbot/storage"
	"github.com/taflbot/taflbot/tafl"
)

// userError is a mistake the user can fix; its message is shown to them.
type userError struct{ msg string }

func (e *userError) Error() string { return e.msg }

// userErrorf returns a userError with a formatted message.
func userErrorf(format string, args ...any) error {
	return &userError{fmt.Sprintf(format, args...)}
}

// userMessage returns the text to show for err and whether err is a user
// error. For any other error it returns "", false: the caller shows a
// generic message with a reference and logs the error.
func userMessage(err error) (string, bool) {
	var ue *userError
	var me *tafl.MoveError
	var se *tafl.SyntaxError
	switch {
	case errors.As(err, &ue):
		return ue.msg, true
	case errors.As(err, new(*needPick)):
		return "You have several games going: pick one with the `game` option (start typing for a list).", true
	case errors.As(err, &me):
		if me.Reason == tafl.ReasonGameOver {
			return "That game is over. Start a new one with `/tafl challenge` or `/tafl ai`.", true
		}
		return "That move is not allowed: " + me.Error() + ". Pick one from the `move` list, or use the **Move** button.", true
	case errors.As(err, &se):
		return "I can't read that: " + se.Msg + ". Write moves like `d1-d4`.", true
	case errors.Is(err, storage.ErrTimedOut):
		return "Too late: the time for the move had run out, so the game has ended on time (the result is posted in the game's channel).", true
	case errors.Is(err, storage.ErrStale):
		return "This board is out of date: the game has moved on. Use the newest board, or `/tafl board` to see it.", true
	case errors.Is(err, storage.ErrChallengeClosed):
		return "That challenge is no longer open (it was accepted, declined, withdrawn or it expired).", true
	case errors.Is(err, storage.ErrNotFound):
		return "I can't find that game. `/tafl games` lists yours.", true
	case errors.Is(err, tafl.ErrUnknownVariant):
		return "I don't know that variant. Pick one from the list, or see `/tafl rules`.", true
	case errors.Is(err, tafl.ErrGameOver):
		return "That game is over.", true
	}
	return "", false
}

// Common user errors.
var (
	errNotYourGame = &userError{"You are not playing in that game. `/tafl games` lists yours, and `/tafl challenge` starts one."}
	errNotYourTurn = &userError{"It is not your turn: wait for your opponent's move. I'll mention you when it's your turn."}
)

// asError is errors.As, for files that do not import errors.
func asError(err error, target any) bool { return errors.As(err, target) }
