package bot

import (
	"errors"
	"fmt"

	"github.com/taflbot/taflbot/locale"
	"github.com/taflbot/taflbot/storage"
	"github.com/taflbot/taflbot/tafl"
)

// userError is a mistake the user can fix; its message is shown to them.
// A message with a key is shown in the user's language (package locale);
// msg is the English text (used when key is empty).
type userError struct {
	msg  string
	key  string
	args []any
}

func (e *userError) Error() string {
	if e.key != "" {
		return locale.For(locale.English).T(e.key, e.args...)
	}
	return e.msg
}

// text says the error in p's language; arguments that are userErrors
// themselves (a reason inside a message) are translated too.
func (e *userError) text(p *locale.Printer) string {
	if e.key == "" {
		return e.msg
	}
	args := make([]any, len(e.args))
	for i, a := range e.args {
		if inner, ok := a.(*userError); ok {
			a = inner.text(p)
		}
		args[i] = a
	}
	return p.T(e.key, args...)
}

// userErrorT returns a userError shown in the user's language.
func userErrorT(key string, args ...any) error { return &userError{key: key, args: args} }

// userErrorf returns a userError with a formatted message.
func userErrorf(format string, args ...any) error {
	return &userError{msg: fmt.Sprintf(format, args...)}
}

// userMessage returns the text to show for err, in p's language where
// the message is translated, and whether err is a user error. For any
// other error it returns "", false: the caller shows a generic message
// with a reference and logs the error.
func userMessage(err error, p *locale.Printer) (string, bool) {
	var ue *userError
	var me *tafl.MoveError
	var se *tafl.SyntaxError
	switch {
	case errors.As(err, &ue):
		return ue.text(p), true
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
		return p.T("err.timed_out"), true
	case errors.Is(err, storage.ErrFlagFell):
		return p.T("err.flag_fell"), true
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
	errNotYourGame = &userError{key: "err.not_your_game"}
	errNotYourTurn = &userError{key: "err.not_your_turn"}
)

// asError is errors.As, for files that do not import errors.
func asError(err error, target any) bool { return errors.As(err, target) }
