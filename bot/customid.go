package bot

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Action says what a button or select menu does. Persisted in messages
// that stay in Discord for weeks, so the codes below are append-only.
type Action uint8

// The actions. The zero value is no action (an invalid id).
const (
	NoAction        Action = iota
	ActAccept              // accept challenge ID
	ActDecline             // decline challenge ID
	ActWithdraw            // withdraw challenge ID
	ActMove                // open the move menu of game ID at Ply (Arg: its page, from the destinations' Back)
	ActPickPiece           // the piece select menu (Arg: page number)
	ActPickTarget          // the destination select menu (Arg: the chosen piece's square)
	ActResign              // ask to resign game ID
	ActResignYes           // confirm resigning
	ActDraw                // offer, accept or withdraw a draw in game ID
	ActGamesPage           // page Ply of a games list (Arg: user id)
	ActRematch             // offer or accept a rematch of finished game ID
	ActTourJoin            // join tournament ID
	ActTourLeave           // leave tournament ID
	ActTourStart           // start tournament ID now
	ActAbort               // ask to abort game ID (fewer than two moves played)
	ActAbortYes            // confirm aborting game ID at Ply
	ActReplay              // show game ID's board after Ply moves (the step-through replay)
	ActPickGame            // the game picker (Values[0]: the game; Arg: the command to run, see gamepick.go)
	ActPuzzle              // open the move menu of puzzle ID at step Ply (Arg "back", "back1", …: from the menu, to that page; Scope as ActPuzzleNew's)
	ActPuzzlePiece         // a puzzle's piece menu (Arg: page number; Scope as ActPuzzleNew's)
	ActPuzzleTarget        // a puzzle's destination menu (Arg: the chosen piece's square; Scope as ActPuzzleNew's)
	ActPuzzleNew           // another puzzle (ID: the puzzle the button is under; Scope: the variant asked for, "" for any)
	ActPuzzleSolve         // start puzzle ID privately (the daily puzzle's button)
	ActAnalyse             // review game ID (a finished game's button)
	ActHint                // the engine's suggestion in game ID at Ply
	ActEndYes              // a server manager confirms ending game ID without a result
	ActMoveYes             // play a move that loses by repetition in game ID at Ply, confirmed (Arg: its squares, "a4a3")
)

var actionCodes = [...]string{"", "acc", "dec", "wd", "mv", "pc", "to", "rs", "rsy", "dr", "gl", "rm", "tj", "tl", "ts", "ab", "aby", "rp", "pg", "pz", "pzp", "pzt", "pzn", "pzs", "an", "hn", "eny", "mvy"}

// CustomID is the parsed custom_id of a component: a short path such as
// "t:mv:42:17" (action, game or challenge id, ply, optional argument,
// and for the puzzles' actions an optional scope: "t:pzn:7:0::brandubh").
type CustomID struct {
	Action Action
	ID     uint64 // the game or challenge id
	Ply    int    // the number of plies the game had when the component was made
	Arg    string // a square, page number or user id; [a-z0-9] only
	Scope  string // the variant a puzzle's "Another puzzle" keeps to ("tawlbwrdd/bell"); [a-z0-9/-] only, puzzle actions only
}

// scoped reports whether action a's ids may carry a Scope.
func scoped(a Action) bool {
	return a == ActPuzzle || a == ActPuzzlePiece || a == ActPuzzleTarget || a == ActPuzzleNew
}

// maxScope is the longest Scope (the longest preset name with a layout is 21 bytes).
const maxScope = 32

// maxCustomID is Discord's limit on custom_id length.
const maxCustomID = 100

// String encodes the id; ParseCustomID reads it back.
func (c CustomID) String() string {
	s := "t:" + actionCodes[c.Action] + ":" + strconv.FormatUint(c.ID, 10) + ":" + strconv.Itoa(c.Ply)
	if c.Arg != "" || c.Scope != "" {
		s += ":" + c.Arg
	}
	if c.Scope != "" {
		s += ":" + c.Scope
	}
	return s
}

// ErrBadCustomID means a component's custom_id is not one of ours.
var ErrBadCustomID = errors.New("bot: unknown component id")

// ParseCustomID reads a custom_id written by CustomID.String. It never
// panics; anything else is ErrBadCustomID.
func ParseCustomID(s string) (CustomID, error) {
	fail := func(why string) (CustomID, error) {
		return CustomID{}, fmt.Errorf("%w %q: %s", ErrBadCustomID, truncate(s, 40), why)
	}
	if len(s) > maxCustomID {
		return fail("too long")
	}
	parts := strings.Split(s, ":")
	if len(parts) < 4 || len(parts) > 6 || parts[0] != "t" {
		return fail("not a taflbot id")
	}
	var c CustomID
	for i, code := range actionCodes {
		if i > 0 && code == parts[1] {
			c.Action = Action(i)
		}
	}
	if c.Action == NoAction {
		return fail("unknown action")
	}
	id, err := strconv.ParseUint(parts[2], 10, 64)
	if err != nil || id == 0 || strconv.FormatUint(id, 10) != parts[2] {
		return fail("bad id")
	}
	ply, err := strconv.Atoi(parts[3])
	if err != nil || ply < 0 || ply > 1_000_000 || strconv.Itoa(ply) != parts[3] {
		return fail("bad ply")
	}
	c.ID, c.Ply = id, ply
	if len(parts) == 6 {
		if !scoped(c.Action) || parts[5] == "" || len(parts[5]) > maxScope {
			return fail("bad scope")
		}
		for _, r := range parts[5] {
			if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '/' || r == '-') {
				return fail("bad scope")
			}
		}
		c.Scope = parts[5]
	}
	if len(parts) == 5 || len(parts) == 6 && parts[4] != "" { // "t:pzn:7:0::brandubh": a scope with no argument
		if parts[4] == "" || len(parts[4]) > 24 {
			return fail("bad argument")
		}
		for _, r := range parts[4] {
			if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9') {
				return fail("bad argument")
			}
		}
		c.Arg = parts[4]
	}
	return c, nil
}

// truncate cuts s to at most n bytes and marks the cut with "…". It cuts
// between characters, never inside one: half a character would reach
// Discord as U+FFFD, or garble a name in a select menu.
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}
