package render

import (
	"fmt"
	"time"

	"github.com/taflbot/taflbot/tafl"
)

// Theme is a colour scheme for the board and pieces. The zero value is
// [Light].
type Theme uint8

// The themes.
const (
	Light Theme = iota // Light is a maple board in a walnut frame with ivory and ebony pieces (the default).
	Dark               // Dark is a slate board in a charcoal frame, for dark chat clients.
)

// String returns "light" or "dark".
func (t Theme) String() string {
	switch t {
	case Light:
		return "light"
	case Dark:
		return "dark"
	}
	return fmt.Sprintf("theme(%d)", uint8(t))
}

// ParseTheme reads a theme name written by [Theme.String] ("" is [Light]).
func ParseTheme(text string) (Theme, error) {
	switch text {
	case "", "light":
		return Light, nil
	case "dark":
		return Dark, nil
	}
	return Light, fmt.Errorf("render: unknown theme %q: use \"light\" or \"dark\"", text)
}

// MaxArrows bounds Options.Arrows.
const MaxArrows = 8

// Image sizes, in pixels.
const (
	// DefaultSize is the width of a board picture when Options.Size is 0:
	// about what Discord shows at full width, and crisp on phones.
	DefaultSize = 840
	// MinSize and MaxSize bound Options.Size.
	MinSize = 160
	MaxSize = 2048
)

// Options say how to draw a position. The zero value draws an 840-pixel
// board in the light theme with rank 1 at the bottom and no markings.
type Options struct {
	// Theme is the colour scheme.
	Theme Theme
	// Size is the image width in pixels (0 means DefaultSize). The image is
	// square unless there is a caption, which adds a band at the bottom.
	Size int
	// Flip turns the board half round: rank 1 at the top and file a on the
	// right, so that the defenders' edge of a custom layout, or the other
	// player, faces the viewer.
	Flip bool

	// LastMove marks the move that led to the position: both squares are
	// tinted and an arrow runs between them. The zero Move marks nothing.
	LastMove tafl.Move
	// Arrows are suggested moves, such as the engine's better move or a
	// hint: each is drawn over the pieces as a green arrow with a dark
	// outline, so that it reads differently from the last move's blue
	// arrow under the pieces. At most MaxArrows.
	Arrows []tafl.Move
	// Captured marks the squares where pieces were just captured.
	Captured []tafl.Square
	// Highlight marks squares, such as the legal destinations of a chosen
	// piece: a dot on an empty square, a ring round an occupied one.
	Highlight []tafl.Square
	// Selected outlines one square, such as the piece whose moves are
	// highlighted. NoSquare selects nothing.
	Selected tafl.Square
	// Caption is text shown under the board, such as "Attackers to move ·
	// move 23"; a newline starts a second line. It adds a band to the
	// bottom of the image, 3/40 of the width high (at least 16 pixels) for
	// one line and three quarters of that for each further line; empty
	// means no band. A line that does not fit is drawn smaller, down to 70 %;
	// only text that does not fit even then is cut short with an ellipsis.
	// A middle dot (·) is drawn as a bullet (•), which the embedded font
	// sets better, and a hyphen as a short bar (the font's is as wide as
	// an en dash).
	Caption string
	// CaptionLines is the least number of lines the caption band holds
	// (0: as many as Caption has, once a line too long is broken at its
	// " · " or between words), so that a replay's frames all have the
	// height of the tallest.
	CaptionLines int

	// Players, when not nil, adds a band above the board naming both
	// players and the time each has left, the side to move marked.
	Players *Players
}

// Players are the two players shown above the board.
type Players struct {
	Attackers, Defenders Player
	// ToMove is the side whose turn it is, marked in the band (NoSide:
	// neither, such as when the game is over).
	ToMove tafl.Side
}

// Player is one side's name and clock in the players band.
type Player struct {
	Name string // Name is the player's display name (shortened if it does not fit).
	// Clock is the time left, shown when HasClock: days and hours from a
	// day up ("2d 5h"), hours and minutes from an hour ("5h 03m"), then
	// minutes and seconds ("4:59"), and tenths under ten seconds ("0:09.3"),
	// so a correspondence clock and a live one (minutes plus increment)
	// read alike.
	Clock    time.Duration
	HasClock bool
	// ClockText, when not empty, is written for the clock instead of
	// Clock's digits: a correspondence clock in the game's language
	// ("3T 0Std" in German), as the board message writes it.
	ClockText string
	// Note follows the clock, such as "per move" (a correspondence
	// clock that starts afresh at each move) or "on vacation".
	Note string
}

// captionLines returns the number of lines the caption band holds.
func (o *Options) captionLines() int {
	if o.Caption == "" && o.CaptionLines == 0 {
		return 0
	}
	return max(o.CaptionLines, len(o.lines()))
}

// lines returns the caption's lines (none for an empty caption).
func (o *Options) lines() []string {
	if o.Caption == "" {
		return nil
	}
	return splitCaption(o.Caption)
}

// MaxCaptionLines bounds a caption: it has at most this many lines.
const MaxCaptionLines = 3

// MaxWrappedLines bounds a caption as drawn: a line too long for the
// picture may be broken onto one more line than MaxCaptionLines, between
// words, where it has no " · " left to break at (see [CutShort]).
const MaxWrappedLines = MaxCaptionLines + 1

// size returns the image width the options ask for.
func (o *Options) size() int {
	if o.Size == 0 {
		return DefaultSize
	}
	return o.Size
}

// check reports the first problem with the options for a board of n×n
// squares, in words a user of the bot or the command line can act on.
func (o *Options) check(n int) error {
	if o.Size != 0 && (o.Size < MinSize || o.Size > MaxSize) {
		return fmt.Errorf("render: size %d is out of range: use %d to %d pixels (or 0 for %d)", o.Size, MinSize, MaxSize, DefaultSize)
	}
	if o.CaptionLines < 0 || o.CaptionLines > MaxCaptionLines || len(o.lines()) > MaxCaptionLines {
		return fmt.Errorf("render: a caption has at most %d lines", MaxCaptionLines)
	}
	if o.Theme != Light && o.Theme != Dark {
		return fmt.Errorf("render: unknown %v: use Light or Dark", o.Theme)
	}
	onBoard := func(what string, sq tafl.Square) error {
		if !sq.OnBoard(n) {
			return fmt.Errorf("render: %s square %v is not on the %d×%d board", what, sq, n, n)
		}
		return nil
	}
	if o.LastMove != 0 {
		if err := onBoard("last move's from", o.LastMove.From()); err != nil {
			return err
		}
		if err := onBoard("last move's to", o.LastMove.To()); err != nil {
			return err
		}
	}
	if len(o.Arrows) > MaxArrows {
		return fmt.Errorf("render: %d arrows: draw at most %d", len(o.Arrows), MaxArrows)
	}
	for _, m := range o.Arrows {
		if err := onBoard("arrow's from", m.From()); err != nil {
			return err
		}
		if err := onBoard("arrow's to", m.To()); err != nil {
			return err
		}
		if m.From() == m.To() {
			return fmt.Errorf("render: the arrow %v goes nowhere", m)
		}
	}
	for _, sq := range o.Captured {
		if err := onBoard("captured", sq); err != nil {
			return err
		}
	}
	for _, sq := range o.Highlight {
		if err := onBoard("highlighted", sq); err != nil {
			return err
		}
	}
	if o.Selected != tafl.NoSquare {
		if err := onBoard("selected", o.Selected); err != nil {
			return err
		}
	}
	return nil
}
