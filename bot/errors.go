package bot

import (
	"errors"
	"fmt"

	"github.com/taflbot/taflbot/locale"
	"github.com/taflbot/taflbot/storage"
	"github.com/taflbot/taflbot/tafl"
)

// userError is a mistake the user can fix; its message is shown to them
// in their language: key is a message of package locale (a symbolic key,
// or the English text itself), formatted with args when shown.
type userError struct {
	key  string
	args []any
}

func (e *userError) Error() string { return e.text(locale.For(locale.English)) }

// text says the error in p's language; arguments that are userErrors
// themselves (a reason inside a message) are translated too, an
// option's choices (choicesOf) are named as p's reader sees them,
// alternatives are joined by p's "or", and an enumeration by p's "and".
func (e *userError) text(p *locale.Printer) string {
	args := make([]any, len(e.args))
	for i, a := range e.args {
		switch a := a.(type) {
		case *userError:
			args[i] = a.text(p)
		case choicesOf:
			args[i] = shownChoices(p, a.sub, a.opt)
		case alternatives:
			args[i] = andList(a, p.T(" or "))
		case enumeration:
			args[i] = andList(a, p.T(" and "))
		case permissionList:
			args[i] = a.text(p)
		default:
			args[i] = a
		}
	}
	return p.T(e.key, args...)
}

// alternatives is an argument of a userError that lists choices, shown
// joined by the reader's "or": "`a`, `b` or `c`".
type alternatives []string

// enumeration is an argument of a userError that lists all of a kind,
// shown joined by the reader's "and": "`a`, `b` and `c`".
type enumeration []string

// userErrorT returns a userError shown in the user's language.
func userErrorT(key string, args ...any) error { return &userError{key: key, args: args} }

// userErrorf returns a userError whose message is format (English, and
// the catalog key of its translations) formatted with args.
func userErrorf(format string, args ...any) error {
	return &userError{key: format, args: args}
}

// userMessage returns the text to show for err, in p's language where
// the message is translated, and whether err is a user error. For any
// other error it returns "", false: the caller shows a generic message
// with a reference and logs the error.
func userMessage(err error, p *locale.Printer) (string, bool) {
	return userMessageIn(err, p, false, "")
}

// userMessageIn is userMessage for a request in a direct message with the
// bot when dm is set: the answers that name the ways to start a game name
// `/tafl ai` there and a challenge in a server. viewer is the user the
// answer is for ("": unknown): told "you" rather than their mention where
// the answer names them.
func userMessageIn(err error, p *locale.Printer, dm bool, viewer string) (string, bool) {
	var ue *userError
	var me *tafl.MoveError
	var se *tafl.SyntaxError
	var gm *gameMoveError
	var to *timedOutError
	var over *gameOverError
	switch {
	case errors.As(err, &gm):
		inner, ok := userMessageIn(gm.err, p, dm, viewer)
		if !ok {
			return "", false
		}
		return gm.text(p, inner), true
	case dm && errors.Is(err, errNotYourGame):
		return p.T("You are not playing in that game. `/tafl games` lists yours. Play me here with `/tafl ai`, or challenge someone in a server with `/tafl challenge`."), true
	case errors.As(err, &ue):
		return ue.text(p), true
	case errors.As(err, new(*needPick)):
		return p.T("You have several games going: pick one with the `game` option (start typing for a list)."), true
	case errors.As(err, &over):
		return p.T("Game %d is over: %s", over.game.ID, resultCaption(p, over.game)), true
	case errors.As(err, &me):
		if me.Reason == tafl.ReasonGameOver && dm {
			return p.T("That game is over. Play me here with `/tafl ai`, or challenge someone in a server with `/tafl challenge`."), true
		}
		if me.Reason == tafl.ReasonGameOver {
			return p.T("That game is over. Start a new one with `/tafl challenge` or `/tafl ai`."), true
		}
		label := p.T("Move")
		var be *boardError
		if errors.As(err, &be) {
			label = shownLabel("Move", be.lang)
		}
		if rv := (*reversedError)(nil); errors.As(err, &rv) {
			return p.T("That move is not allowed: %s. Did you mean `%s`?", moveErrorText(p, me), rv.reversed.String()), true
		}
		return p.T("That move is not allowed: %s. Pick one from the `move` list, or use the **%s** button.", moveErrorText(p, me), label), true
	case errors.As(err, &se):
		if se.Code != "" {
			return p.T("I can't read `%s`: %s. Write moves like `d1-d4`.", codeText(se.Text), taflReason(se.Code, se.Args).text(p)), true
		}
		if p.Tag() == locale.English {
			return "I can't read that: " + se.Msg + ". Write moves like `d1-d4`.", true
		}
		return p.T("I can't read `%s`. Write moves like `d1-d4`.", codeText(se.Text)), true
	case errors.As(err, &to) && to.game.Outcome().Reason == tafl.Aborted:
		return timedOutAbortText(p, to, viewer), true
	case errors.As(err, &to):
		g := to.game
		fell := g.Seat(g.Tafl().ToMove()) // whose flag fell
		if viewer != "" && !fell.IsAI() && fell.UserID == viewer {
			if to.channel != "" {
				return p.T("err.timed_out_game_you_in", int(g.ID), resultCaption(p, g), to.channel), true
			}
			if to.byDM {
				return p.T("err.timed_out_game_you_dm", int(g.ID), resultCaption(p, g)), true
			}
			return p.T("err.timed_out_game_you", int(g.ID), resultCaption(p, g)), true
		}
		loser := seatName(p, fell)
		if to.channel != "" {
			return p.T("err.timed_out_game_in", loser, int(g.ID), resultCaption(p, g), to.channel), true
		}
		if to.byDM {
			return p.T("err.timed_out_game_dm", loser, int(g.ID), resultCaption(p, g)), true
		}
		return p.T("err.timed_out_game", loser, int(g.ID), resultCaption(p, g)), true
	case errors.Is(err, storage.ErrTimedOut):
		return p.T("err.timed_out"), true
	case errors.Is(err, storage.ErrFlagFell):
		return p.T("err.flag_fell"), true
	case errors.Is(err, storage.ErrStale):
		return p.T("This board is out of date: the game has moved on. Use the newest board, or `/tafl board` to see it."), true
	case errors.Is(err, storage.ErrChallengeClosed):
		return p.T("That challenge is no longer open (it was accepted, declined, withdrawn or it expired)."), true
	case errors.Is(err, storage.ErrNotFound):
		return p.T("I can't find that game. `/tafl games` lists yours."), true
	case errors.Is(err, tafl.ErrUnknownVariant):
		return p.T("I don't know that variant. Pick one from the list, or see `/tafl rules`."), true
	case errors.Is(err, tafl.ErrGameOver):
		return p.T("That game is over."), true
	}
	return "", false
}

// taflReason is an error of package tafl that carries a tafl.Code, as a
// userError: the catalog's key "tafl." and the code says it in the user's
// language. Arguments that are Codes themselves (what a move's suffix
// means) are translated too, and squares are written as their names.
func taflReason(code tafl.Code, args []any) *userError {
	out := make([]any, len(args))
	for i, a := range args {
		switch a := a.(type) {
		case tafl.Code:
			out[i] = taflReason(a, nil)
		case fmt.Stringer:
			out[i] = a.String()
		case string:
			out[i] = userArg(a) // a piece of the user's move or rules string
		default:
			out[i] = a
		}
	}
	return &userError{key: "tafl." + string(code), args: out}
}

// moveErrorText says why a move is not allowed, in the rules engine's
// words (naming the square at fault) said in p's language by its
// tafl.Code; an error without a Code (none is left but the game being
// over, which userMessage says itself) in the engine's English.
func moveErrorText(p *locale.Printer, me *tafl.MoveError) string {
	if me.Code == "" {
		return me.Error()
	}
	why := taflReason(me.Code, me.Args).text(p)
	if me.Move == tafl.NoMove && me.Text != "" {
		return me.Text + ": " + why // a square past the largest board
	}
	if me.Move == tafl.NoMove {
		return why
	}
	return me.Move.String() + ": " + why
}

// Common user errors.
var (
	errNotYourGame = &userError{key: "err.not_your_game"}
	errNotYourTurn = &userError{key: "err.not_your_turn"}
)

// asError is errors.As, for files that do not import errors.
func asError(err error, target any) bool { return errors.As(err, target) }

// gameOverError is tafl.ErrGameOver for a game the user named or pressed
// a button of (a menu, a confirmation) that had ended: the answer names
// the game and its result, as the answer of a command naming no game
// does (noGameHere), not a bare "That game is over." that left the
// player to find out how (a flag that fell while they picked a move).
type gameOverError struct{ game *storage.Game }

func (e *gameOverError) Error() string {
	return fmt.Sprintf("bot: game %d: %v", e.game.ID, tafl.ErrGameOver)
}
func (e *gameOverError) Unwrap() error { return tafl.ErrGameOver }

// gameOver is the error of a request to play in g, which has ended.
func gameOver(g *storage.Game) error { return &gameOverError{game: g} }

// timedOutAbortText answers a press that found the side to move out of
// time before its first move (to), which aborts the game (storage): whose
// time ran out ("you" to that player), that the game is aborted without
// a result or a rating change, and where that is posted. It said "ended
// on time (Aborted)", as if someone had lost on time.
func timedOutAbortText(p *locale.Printer, to *timedOutError, viewer string) string {
	g := to.game
	fell := g.Seat(g.Tafl().ToMove())
	if viewer != "" && !fell.IsAI() && fell.UserID == viewer {
		switch {
		case to.channel != "":
			return p.T("err.timed_out_abort_you_in", int(g.ID), to.channel)
		case to.byDM:
			return p.T("err.timed_out_abort_you_dm", int(g.ID))
		}
		return p.T("err.timed_out_abort_you", int(g.ID))
	}
	who := seatName(p, fell)
	switch {
	case to.channel != "":
		return p.T("err.timed_out_abort_in", who, int(g.ID), to.channel)
	case to.byDM:
		return p.T("err.timed_out_abort_dm", who, int(g.ID))
	}
	return p.T("err.timed_out_abort", who, int(g.ID))
}
