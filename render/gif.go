package render

import (
	"bytes"
	"fmt"
	"image"
	"image/gif"
	"io"
	"math"
	"strings"
	"time"

	"github.com/taflbot/taflbot/tafl"
)

// Replay defaults.
const (
	// DefaultGIFSize is the frame width when GIFOptions.Size is 0.
	DefaultGIFSize = 560
	// DefaultMaxGIFBytes is Discord's attachment limit, 8 MiB.
	DefaultMaxGIFBytes = 8 << 20
	// DefaultDelay and DefaultFinalDelay are the default frame times.
	DefaultDelay      = time.Second
	DefaultFinalDelay = 4 * time.Second
)

// GIFOptions say how to draw a replay. The zero value gives 560-pixel
// frames in the light theme, one second per move, four seconds on the last
// frame, a caption on every frame, and a file of at most 8 MiB.
type GIFOptions struct {
	Theme Theme // Theme is the colour scheme.
	Size  int   // Size is the largest frame width in pixels (0 means DefaultGIFSize).
	Flip  bool  // Flip puts rank 1 at the top, as in Options.

	Delay      time.Duration // Delay is how long each move is shown (0 means DefaultDelay).
	FinalDelay time.Duration // FinalDelay is how long the last frame is shown (0 means DefaultFinalDelay).

	// MaxBytes caps the file size (0 means DefaultMaxGIFBytes). A replay
	// that would be larger is drawn again with smaller frames.
	MaxBytes int
	// NoCaptions leaves out the caption band that names each move.
	NoCaptions bool
}

// GIF writes an animated replay of game to w: the start position, then one
// frame per move with the move marked, then a pause on the last frame,
// looping. GIF is safe for concurrent use with different games.
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
	frames, err := replayFrames(game)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	for {
		buf.Reset()
		if err := encodeReplay(&buf, game, frames, frameOpts, &opts); err != nil {
			return err
		}
		if buf.Len() <= maxBytes {
			_, err := w.Write(buf.Bytes())
			return err
		}
		if frameOpts.Size == MinSize {
			return fmt.Errorf("render: the replay of %d moves takes %d bytes even with %d-pixel frames, more than the limit of %d: replay part of the game", game.Len(), buf.Len(), MinSize, maxBytes)
		}
		// The size grows about with the frame area: shrink to fit, with
		// a margin.
		scale := math.Sqrt(float64(maxBytes)/float64(buf.Len())) * 0.9
		frameOpts.Size = max(MinSize, min(frameOpts.Size-1, int(float64(frameOpts.Size)*scale)))
	}
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
	ply     *tafl.Ply // nil for the start position
	caption string
}

func replayFrames(game *tafl.Game) ([]replayFrame, error) {
	pos := game.Start()
	plies := game.Plies()
	title := pos.Variant().Rules().Title
	if title == "" {
		title = pos.Variant().Name()
	}
	frames := make([]replayFrame, 0, len(plies)+1)
	frames = append(frames, replayFrame{pos: pos, caption: title + ": start"})
	for i := range plies {
		next, err := pos.Apply(plies[i].Move)
		if err != nil {
			return nil, fmt.Errorf("render: replaying move %d (%v): %w", i+1, plies[i].Move, err)
		}
		pos = next
		frames = append(frames, replayFrame{
			pos:     pos,
			ply:     &plies[i],
			caption: fmt.Sprintf("Move %d: %s (%s)", i+1, plies[i].Notation(), plies[i].Piece.Side()),
		})
	}
	if out := game.Outcome(); out.Over() {
		last := &frames[len(frames)-1]
		last.caption += " — " + outcomeText(out)
	}
	return frames, nil
}

// outcomeText describes a finished game, such as "defenders win (king escaped)".
func outcomeText(o tafl.Outcome) string {
	reason := strings.ReplaceAll(o.Reason.String(), "-", " ")
	if o.Winner == tafl.NoSide {
		return "draw (" + reason + ")"
	}
	return fmt.Sprintf("%s win (%s)", o.Winner, reason)
}

// encodeReplay draws every frame at opts.Size and encodes the GIF. Every
// frame after the first stores only the rectangle that changed.
func encodeReplay(w io.Writer, game *tafl.Game, frames []replayFrame, opts Options, g *GIFOptions) error {
	spec := specials(game.Start().Variant())
	frameOpts := func(f *replayFrame) *Options {
		o := opts
		if !g.NoCaptions {
			o.Caption = f.caption
		}
		if f.ply != nil {
			o.LastMove = f.ply.Move
			o.Captured = f.ply.Captures
		}
		return &o
	}

	// The palette comes from the first frame, the last, and the first
	// frame with a capture, which between them show every kind of mark.
	var samples []*image.RGBA
	samples = append(samples, draw1(nil, frames[0].pos, spec, frameOpts(&frames[0])))
	last := len(frames) - 1
	if last > 0 {
		samples = append(samples, draw1(nil, frames[last].pos, spec, frameOpts(&frames[last])))
	}
	for i := 1; i < last; i++ {
		if len(frames[i].ply.Captures) > 0 {
			samples = append(samples, draw1(nil, frames[i].pos, spec, frameOpts(&frames[i])))
			break
		}
	}
	q := newQuantizer(samples...)

	delay := int(cmp0(g.Delay, DefaultDelay) / (10 * time.Millisecond))
	final := int(cmp0(g.FinalDelay, DefaultFinalDelay) / (10 * time.Millisecond))
	bounds := samples[0].Bounds()
	out := &gif.GIF{
		Config: image.Config{ColorModel: q.pal, Width: bounds.Dx(), Height: bounds.Dy()},
	}
	var rgba *image.RGBA
	prev := image.NewPaletted(bounds, q.pal)
	cur := image.NewPaletted(bounds, q.pal)
	for i := range frames {
		rgba = draw1(rgba, frames[i].pos, spec, frameOpts(&frames[i]))
		q.quantize(cur, rgba)
		var frame *image.Paletted
		if i == 0 {
			frame = image.NewPaletted(bounds, q.pal)
			copy(frame.Pix, cur.Pix)
		} else {
			frame = changed(prev, cur)
		}
		out.Image = append(out.Image, frame)
		out.Delay = append(out.Delay, max(1, delay))
		out.Disposal = append(out.Disposal, gif.DisposalNone)
		prev, cur = cur, prev
	}
	out.Delay[len(out.Delay)-1] = max(1, final)
	return gif.EncodeAll(w, out)
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
