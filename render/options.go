package render

import (
	"fmt"

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
	// Caption is a line of text shown under the board, such as
	// "Attackers to move · move 23". It adds a band 3/40 of the width high
	// (at least 16 pixels) to the bottom of the image; empty means no band.
	// Text that does not fit is cut short with an ellipsis. A middle dot
	// (·) is drawn as a bullet (•), which the embedded font sets better.
	Caption string
}

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
