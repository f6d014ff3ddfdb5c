package render

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/gif"
	"io"
	"math"
	"time"

	"github.com/taflbot/taflbot/tafl"
)

// Replay defaults.
const (
	// DefaultGIFSize is the frame width when GIFOptions.Size is 0.
	DefaultGIFSize = 560
	// DefaultMaxGIFBytes is Discord's attachment limit, 8 MiB.
	DefaultMaxGIFBytes = 8 << 20
	// DefaultMaxFrames is the most frames a replay has when
	// GIFOptions.MaxFrames is 0: the start and 300 moves.
	DefaultMaxFrames = 301
	// DefaultDelay and DefaultFinalDelay are the default frame times.
	DefaultDelay      = time.Second
	DefaultFinalDelay = 4 * time.Second
	// MaxDelay is the longest a GIF frame can be shown: its delay is a
	// 16-bit count of hundredths of a second. Longer delays are cut to it.
	MaxDelay = 65535 * 10 * time.Millisecond
)

// GIFOptions say how to draw a replay. The zero value gives 560-pixel
// frames in the light theme, one second per move, four seconds on the last
// frame, a caption on every frame, at most 301 frames and a file of at
// most 8 MiB.
type GIFOptions struct {
	Theme Theme // Theme is the colour scheme.
	Size  int   // Size is the largest frame width in pixels (0 means DefaultGIFSize).
	Flip  bool  // Flip puts rank 1 at the top, as in Options.

	Delay      time.Duration // Delay is how long each move is shown (0 means DefaultDelay; at most MaxDelay).
	FinalDelay time.Duration // FinalDelay is how long the last frame is shown (0 means DefaultFinalDelay; at most MaxDelay).

	// MaxBytes caps the file size (0 means DefaultMaxGIFBytes). A replay
	// that would be larger is drawn again with smaller frames.
	MaxBytes int
	// MaxFrames caps the frames, the start included (0 means
	// DefaultMaxFrames; at least 2). A longer game is sampled: see
	// [ReplayPlan].
	MaxFrames int
	// NoCaptions leaves out the caption band that names each move.
	NoCaptions bool
	// Captions, when not nil, words the frames' captions, such as in the
	// reader's language: Captions(ply, step) is the caption of the frame
	// showing the position after ply half-moves (0: the start) of a
	// replay that shows every step-th (see [ReplayPlan]); the last
	// frame's of a finished game says the result, on a line of its own.
	// A caption has at most MaxCaptionLines lines. A line too long for
	// the frame even in the smallest caption type is broken at its " · ",
	// as a still picture's caption is (while the caption has fewer than
	// MaxCaptionLines lines), then between words (onto MaxWrappedLines
	// lines at most), and every frame's band is as high as the tallest
	// caption (see [CutShort] with CaptionLines). Nil gives
	// English captions: "Brandubh · start", "12… d4-d7 · defenders",
	// "Defenders win · the king escaped".
	Captions func(ply, step int) string
}

// ReplayPlan says what a replay of a game of plies moves shows with opts:
// frames pictures, the start and then the position after every step-th
// move (step 1: every move), and always the final position. A game of
// more than MaxFrames−1 moves is sampled evenly, so that the replay's
// length, time to draw and memory do not grow with the game; the game
// record has every move.
func ReplayPlan(plies int, opts GIFOptions) (frames, step int) {
	maxFrames := max(2, cmp0(opts.MaxFrames, DefaultMaxFrames))
	step = max(1, (plies+maxFrames-2)/(maxFrames-1)) // ceil(plies / (maxFrames−1))
	frames = 1 + plies/step
	if plies%step != 0 {
		frames++ // the final position
	}
	return frames, step
}

// GIF writes an animated replay of game to w: the start position, then a
// frame per move with the move marked (or per step-th move, see
// [ReplayPlan]), then a pause on the last frame, looping. Frames are
// drawn, quantized and compressed one at a time, so memory stays a few
// frames whatever the game's length (plus the output, at most MaxBytes).
// GIF is safe for concurrent use with different games.
func GIF(w io.Writer, game *tafl.Game, opts GIFOptions) error {
	if game == nil {
		return fmt.Errorf("render: no game to replay")
	}
	frameOpts := Options{Theme: opts.Theme, Size: opts.Size, Flip: opts.Flip}
	if frameOpts.Size == 0 {
		frameOpts.Size = DefaultGIFSize
	}
	if err := frameOpts.check(game.Start().Size()); err != nil {
		return err
	}
	maxBytes := cmp0(opts.MaxBytes, DefaultMaxGIFBytes)
	frames, err := replayFrames(game, opts)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	for {
		buf.Reset()
		out := &limitWriter{w: &buf, left: maxBytes}
		done, err := encodeReplay(out, game, frames, frameOpts, &opts)
		if err == nil {
			_, err := w.Write(buf.Bytes())
			return err
		}
		if !errors.Is(err, errTooBig) {
			return err
		}
		if frameOpts.Size == MinSize {
			moves, plies := tafl.MoveCount(game.Len()), game.Len()
			return fmt.Errorf("render: the replay of %d %s (%d %s) takes over %d bytes even with %d-pixel frames: replay part of the game",
				moves, plural(moves, "move", "moves"), plies, plural(plies, "ply", "plies"), maxBytes, MinSize)
		}
		// The size grows about with the frame area and the number of
		// frames: shrink to fit what the frames drawn so far project,
		// with a margin.
		projected := float64(maxBytes) * float64(len(frames)) / float64(max(1, done))
		scale := math.Sqrt(float64(maxBytes)/projected) * 0.9
		frameOpts.Size = max(MinSize, min(frameOpts.Size-1, int(float64(frameOpts.Size)*scale)))
	}
}

// errTooBig stops an encoding that went over MaxBytes.
var errTooBig = errors.New("render: replay over the size limit")

// limitWriter fails with errTooBig once more than left bytes are written.
type limitWriter struct {
	w    io.Writer
	left int
}

func (l *limitWriter) Write(p []byte) (int, error) {
	if len(p) > l.left {
		return 0, errTooBig
	}
	l.left -= len(p)
	return l.w.Write(p)
}

func cmp0[T comparable](v, def T) T {
	var zero T
	if v == zero {
		return def
	}
	return v
}

// replayFrame is what one frame shows.
type replayFrame struct {
	pos     tafl.Position
	ply     *tafl.Ply // the last move played (nil for the start position)
	caption string
}

// replayFrames lists the frames of ReplayPlan: the positions are made
// move by move, and only those shown are kept.
func replayFrames(game *tafl.Game, opts GIFOptions) ([]replayFrame, error) {
	pos := game.Start()
	plies := game.Plies()
	n, step := ReplayPlan(len(plies), opts)
	caption := opts.Captions
	if caption == nil {
		caption = englishCaptions(game)
	}
	frames := make([]replayFrame, 0, n)
	frames = append(frames, replayFrame{pos: pos, caption: caption(0, step)})
	for i := range plies {
		next, err := pos.Apply(plies[i].Move)
		if err != nil {
			return nil, fmt.Errorf("render: replaying move %d (%v): %w", i+1, plies[i].Move, err)
		}
		pos = next
		if (i+1)%step != 0 && i+1 != len(plies) {
			continue
		}
		frames = append(frames, replayFrame{pos: pos, ply: &plies[i], caption: caption(i+1, step)})
	}
	if !opts.NoCaptions {
		for i := range frames {
			if len(splitCaption(frames[i].caption)) > MaxCaptionLines {
				return nil, fmt.Errorf("render: the caption of replay frame %d has more than %d lines", i, MaxCaptionLines)
			}
		}
	}
	return frames, nil
}

// englishCaptions are the captions of a replay of game when
// GIFOptions.Captions is nil.
func englishCaptions(game *tafl.Game) func(ply, step int) string {
	v := game.Start().Variant()
	title := v.Rules().Title
	if title == "" {
		title = v.Name()
	}
	plies := game.Plies()
	return func(ply, step int) string {
		var c string
		if ply == 0 {
			c = title + " · start"
			if step > 1 {
				c += fmt.Sprintf(" · every %s half-move of %d", ordinal(step), len(plies))
			}
		} else {
			c = tafl.PlyLabel(ply-1, plies[ply-1]) + " · " + plies[ply-1].Piece.Side().String()
		}
		if out := game.Outcome(); out.Over() && ply == len(plies) {
			c += "\n" + game.OutcomeText()
		}
		return c
	}
}

// ordinal writes 2 as "2nd", 11 as "11th", 23 as "23rd".
func ordinal(n int) string {
	suffix := "th"
	if n%100 < 11 || n%100 > 13 {
		switch n % 10 {
		case 1:
			suffix = "st"
		case 2:
			suffix = "nd"
		case 3:
			suffix = "rd"
		}
	}
	return fmt.Sprintf("%d%s", n, suffix)
}

// encodeReplay draws the frames at opts.Size and writes the GIF one frame
// at a time. Every frame after the first stores only the rectangle that
// changed. It returns how many frames it wrote.
func encodeReplay(w io.Writer, game *tafl.Game, frames []replayFrame, opts Options, g *GIFOptions) (int, error) {
	spec := specials(game.Start().Variant())
	// Each caption is broken at its separators where a line would be cut
	// short at this size (wrapCaption), and every frame's band holds the
	// longest caption.
	captions := make([]string, len(frames))
	lines := 0
	for i := range frames {
		o := opts
		o.Caption = frames[i].caption
		captions[i] = wrapCaption(game.Start().Size(), &o)
		lines = max(lines, len(splitCaption(captions[i])))
	}
	frameOpts := func(i int) *Options {
		f := &frames[i]
		o := opts
		if !g.NoCaptions {
			o.Caption, o.CaptionLines = captions[i], lines
		}
		if f.ply != nil {
			o.LastMove = f.ply.Move
			o.Captured = f.ply.Captures
		}
		return &o
	}

	// The palette comes from the first frame, the last, and the first
	// frame with a capture, which between them show every kind of mark.
	var rgba *image.RGBA
	q := func() *quantizer {
		var samples []*image.RGBA
		samples = append(samples, draw1(nil, frames[0].pos, spec, frameOpts(0)))
		last := len(frames) - 1
		if last > 0 {
			samples = append(samples, draw1(nil, frames[last].pos, spec, frameOpts(last)))
		}
		for i := 1; i < last; i++ {
			if len(frames[i].ply.Captures) > 0 {
				samples = append(samples, draw1(nil, frames[i].pos, spec, frameOpts(i)))
				break
			}
		}
		rgba = samples[0] // reused for every frame
		return newQuantizer(markColours(themePalette(opts.Theme)), samples...)
	}()

	delay := max(1, int(min(cmp0(g.Delay, DefaultDelay), MaxDelay)/(10*time.Millisecond)))
	final := max(1, int(min(cmp0(g.FinalDelay, DefaultFinalDelay), MaxDelay)/(10*time.Millisecond)))
	bounds := rgba.Bounds()
	gw := newGIFWriter(w, bounds.Dx(), bounds.Dy(), q.pal, 0)
	prev := image.NewPaletted(bounds, q.pal)
	cur := image.NewPaletted(bounds, q.pal)
	for i := range frames {
		rgba = draw1(rgba, frames[i].pos, spec, frameOpts(i))
		q.quantize(cur, rgba)
		d := delay
		if i == len(frames)-1 {
			d = final
		}
		var err error
		if i == 0 {
			err = gw.frame(cur, d, gif.DisposalNone, -1)
		} else {
			err = gw.frame(changed(prev, cur), d, gif.DisposalNone, transparent)
		}
		if err != nil {
			return i, err
		}
		prev, cur = cur, prev
	}
	return len(frames), gw.close()
}

// changed returns the smallest rectangle of cur that differs from prev (a
// single pixel if none does), with the pixels that did not change made
// transparent so that they compress to almost nothing.
func changed(prev, cur *image.Paletted) *image.Paletted {
	b := cur.Bounds()
	r := image.Rectangle{Min: b.Max, Max: b.Min}
	for y := b.Min.Y; y < b.Max.Y; y++ {
		p := prev.Pix[prev.PixOffset(b.Min.X, y):][:b.Dx()]
		c := cur.Pix[cur.PixOffset(b.Min.X, y):][:b.Dx()]
		if bytes.Equal(p, c) {
			continue
		}
		lo := 0
		for p[lo] == c[lo] {
			lo++
		}
		hi := len(c)
		for p[hi-1] == c[hi-1] {
			hi--
		}
		r = r.Union(image.Rect(b.Min.X+lo, y, b.Min.X+hi, y+1))
	}
	if r.Empty() {
		r = image.Rect(b.Min.X, b.Min.Y, b.Min.X+1, b.Min.Y+1)
	}
	f := image.NewPaletted(r, cur.Palette)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		d := f.Pix[f.PixOffset(r.Min.X, y):][:r.Dx()]
		p := prev.Pix[prev.PixOffset(r.Min.X, y):][:r.Dx()]
		c := cur.Pix[cur.PixOffset(r.Min.X, y):][:r.Dx()]
		for x := range d {
			if c[x] == p[x] {
				d[x] = transparent
			} else {
				d[x] = c[x]
			}
		}
	}
	return f
}

// plural is the form of a noun that n takes ("1 move", "2 moves").
func plural(n int, one, other string) string {
	if n == 1 {
		return one
	}
	return other
}
