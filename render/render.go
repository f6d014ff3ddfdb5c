package render

import (
	"errors"
	"image"
	"image/color"
	"image/draw"
	"io"
	"math"
	"slices"
	"strings"
	"sync"

	"github.com/fogleman/gg"
	"github.com/taflbot/taflbot/tafl"
	"golang.org/x/image/font"
)

// errNoVariant is returned for the zero tafl.Position.
var errNoVariant = errors.New("render: the position is empty: build it from a variant (tafl.Preset, Variant.ParsePosition)")

// Image draws pos as described by opts. The result is a new image that the
// caller owns. Image is safe for concurrent use.
func Image(pos tafl.Position, opts Options) (*image.RGBA, error) {
	v := pos.Variant()
	if v == nil {
		return nil, errNoVariant
	}
	n := v.Size()
	if err := opts.check(n); err != nil {
		return nil, err
	}
	opts.Caption = wrapCaption(n, &opts)
	return draw1(nil, pos, specials(v), &opts), nil
}

// draw1 draws pos on dst, or on a new image if dst is nil or has the wrong
// size, and returns the image drawn on. The options must have been checked.
func draw1(dst *image.RGBA, pos tafl.Position, specials string, opts *Options) *image.RGBA {
	n := pos.Size()
	g := newGeometry(n, opts.size(), opts.Flip, opts.captionLines())
	key := layerKey{n: n, size: g.size, theme: opts.Theme, flip: g.flip, specials: specials}
	base := staticLayer(key, &g) // size×size: the bands are drawn here
	if opts.Players != nil {
		g = g.withTop()
	}
	bounds := g.bounds()
	if dst == nil || dst.Rect != bounds {
		dst = image.NewRGBA(bounds)
	}
	copy(dst.Pix[dst.PixOffset(0, g.top):], base.Pix)
	p := themePalette(opts.Theme)
	if g.captionH > 0 {
		y := g.top + g.size
		fill(dst, image.Rect(0, y, g.size, g.height()), p.captionBand)
		fill(dst, image.Rect(0, y, g.size, y+max(1, lineHeight(g.size)/24)), p.frameEdge)
	}
	if g.top > 0 {
		drawPlayers(dst, &g, p, opts)
	}
	drawPosition(dst, pos, &g, p, opts)
	return dst
}

// PNG writes a PNG picture of pos to w. See [Image].
func PNG(w io.Writer, pos tafl.Position, opts Options) error {
	v := pos.Variant()
	if v == nil {
		return errNoVariant
	}
	if err := opts.check(v.Size()); err != nil {
		return err
	}
	opts.Caption = wrapCaption(v.Size(), &opts)
	// The picture is drawn into a pooled buffer: it is encoded and then
	// no longer needed, and a fresh 3 MB image per picture would keep
	// the garbage collector busy.
	dst, _ := scratch.Get().(*image.RGBA)
	img := draw1(dst, pos, specials(v), &opts)
	err := writePNG(w, img)
	scratch.Put(img)
	return err
}

var scratch sync.Pool // of *image.RGBA

// drawPosition draws the pieces and markings on a copy of the static layer.
func drawPosition(img *image.RGBA, pos tafl.Position, g *geometry, p *palette, o *Options) {
	cell := float64(g.cell)
	dc := gg.NewContextForRGBA(img)
	dc.SetLineCapRound()

	// Under the pieces: the last move's squares and arrow.
	if m := o.LastMove; m != 0 {
		tint(img, g, pos.Variant(), m.From(), p.moveFrom)
		tint(img, g, pos.Variant(), m.To(), p.moveTo)
		arrow(dc, g, m, p.arrow, 1, 0.38, 0)
	}

	spr := pieceSprites(o.Theme, g.cell)
	n := g.n
	for r := range n {
		for f := range n {
			sq := tafl.At(f, r)
			if pc := pos.At(sq); pc >= tafl.Attacker && pc <= tafl.King {
				draw.Draw(img, g.rect(sq), spr[pc], image.Point{}, draw.Over)
			}
		}
	}

	// Over the pieces: outcome ring, captures, selection and highlights.
	if k := pos.King(); k != tafl.NoSquare && k.OnBoard(n) {
		out := pos.Outcome()
		switch out.Reason {
		case tafl.KingCaptured, tafl.KingEscaped, tafl.ExitFort, tafl.Encirclement:
			x, y := g.centre(k)
			c := p.kingTaken
			if out.Winner == tafl.Defenders {
				c = p.kingFree
			}
			dc.SetColor(c)
			dc.SetLineWidth(math.Max(2, 0.08*cell))
			dc.DrawCircle(x, y, 0.45*cell)
			dc.Stroke()
		}
	}
	for _, sq := range o.Captured {
		x, y := g.centre(sq)
		d := 0.2 * cell
		for i, c := range []struct {
			col interface{ RGBA() (r, g, b, a uint32) }
			w   float64
		}{{p.captureEdge, 0.17 * cell}, {p.capture, 0.1 * cell}} {
			_ = i
			dc.SetColor(c.col)
			dc.SetLineWidth(math.Max(1, c.w))
			dc.DrawLine(x-d, y-d, x+d, y+d)
			dc.DrawLine(x+d, y-d, x-d, y+d)
			dc.Stroke()
		}
	}
	// Suggested moves: over the pieces, outlined.
	// A suggested move's square gets a ring, its path a broad arrow.
	for _, m := range o.Arrows {
		x, y := g.centre(m.To())
		dc.SetLineWidth(math.Max(2, 0.1*cell))
		dc.SetColor(p.suggestEdge)
		dc.DrawCircle(x, y, 0.42*cell)
		dc.Stroke()
		dc.SetLineWidth(math.Max(1, 0.06*cell))
		dc.SetColor(p.suggest)
		dc.DrawCircle(x, y, 0.42*cell)
		dc.Stroke()
	}
	for _, m := range o.Arrows {
		arrow(dc, g, m, p.suggestEdge, 1.45, 0.42, 0.03*cell)
		arrow(dc, g, m, p.suggest, 1.45, 0.42, 0)
	}
	if sq := o.Selected; sq != tafl.NoSquare {
		r := g.rect(sq)
		w := math.Max(2, 0.07*cell)
		dc.SetColor(p.selected)
		dc.SetLineWidth(w)
		dc.DrawRectangle(float64(r.Min.X)+w/2, float64(r.Min.Y)+w/2, cell-w, cell-w)
		dc.Stroke()
	}
	dc.SetColor(p.highlight)
	for _, sq := range o.Highlight {
		x, y := g.centre(sq)
		if pos.At(sq) == tafl.Empty {
			dc.DrawCircle(x, y, 0.15*cell)
			dc.Fill()
		} else {
			dc.SetLineWidth(math.Max(2, 0.08*cell))
			dc.DrawCircle(x, y, 0.46*cell)
			dc.Stroke()
		}
	}

	if o.Caption != "" {
		lh := float64(lineHeight(g.size))
		top := float64(g.top+g.size) + lh/8
		for i, line := range captionLines(o.Caption, g.lines, lh, float64(g.size-2*g.x0)) {
			// Lines are centred in the band: a one-line caption of a
			// replay whose band holds two sits in the middle.
			cy := top + lh*3/4*(float64(i)+0.5) + lh*3/8*float64(g.lines-len(o.lines()))
			drawText(img, line.face, line.text, float64(g.size)/2, cy, p.caption)
		}
	}
}

// captionLine is one line of a caption as drawn: its text (cut short only
// if it fits at no size) and the face it is drawn with.
type captionLine struct {
	text string
	face font.Face
}

// Caption sizes: the text is 46 % of a line's height, and shrinks to as
// little as 70 % of that before a line is cut short.
const (
	captionScale = 0.46
	minShrink    = 0.7
)

// captionLines lays out a caption in a band of the given lines, each lh
// pixels high and width wide. A line too long for the band is drawn
// smaller, down to minShrink; only beyond that is it cut with an ellipsis.
func captionLines(caption string, lines int, lh, width float64) []captionLine {
	var out []captionLine
	for _, text := range splitCaption(caption) {
		if len(out) == lines {
			break
		}
		// The Go fonts set the middle dot high, at the x-height; the
		// bullet sits where a separator should.
		text = strings.ReplaceAll(text, "·", "•")
		px := lh * captionScale
		face := newFace(mediumFont, px, font.HintingNone)
		if w := textWidth(face, text); w > width {
			px = max(px*minShrink, px*width/w*0.98)
			face = newFace(mediumFont, px, font.HintingNone)
		}
		out = append(out, captionLine{text: fit(face, text, width), face: face})
	}
	return out
}

// captionSeparator parts a caption line's items ("Attackers win · the
// king escaped"); a line too long for the picture is broken there.
const captionSeparator = " · "

// wrapCaption returns the caption of o for an n×n board with every line
// that would be cut short even in the smallest caption type broken onto
// further lines at its separators (" · "), the first part as long as
// fits, while the caption has fewer than MaxCaptionLines lines: so a
// result in a wordy language ("Gelöst · Angreifer gewinnen · …") is
// drawn whole, on two lines, where it would be cut. A replay's frames
// (CaptionLines) are broken the same way, and their band holds the most
// lines any frame's caption has then (encodeReplay): so a small replay's
// captions are drawn whole too. A line still too long is then broken
// between words, onto MaxWrappedLines lines at most.
func wrapCaption(n int, o *Options) string {
	if o.Caption == "" {
		return o.Caption
	}
	size := o.size()
	g := newGeometry(n, size, o.Flip, 1)
	room := float64(size - 2*g.x0)
	face := newFace(mediumFont, float64(lineHeight(size))*captionScale*minShrink, font.HintingNone)
	width := func(line string) float64 { return textWidth(face, strings.ReplaceAll(line, "·", "•")) }
	fits := func(line string) bool { return width(line) <= room }
	lines := splitCaption(o.Caption)
	for i := 0; i < len(lines) && len(lines) < MaxCaptionLines; i++ {
		if fits(lines[i]) {
			continue
		}
		parts := strings.Split(lines[i], captionSeparator)
		if len(parts) < 2 {
			continue // no place to break it: it is cut short
		}
		// The most parts that fit on this line (at least one).
		k := 1
		for k < len(parts)-1 && fits(strings.Join(parts[:k+1], captionSeparator)) {
			k++
		}
		head, rest := strings.Join(parts[:k], captionSeparator), strings.Join(parts[k:], captionSeparator)
		lines = slices.Insert(slices.Replace(lines, i, i+1, head), i+1, rest)
	}
	// A line still too long (a result's reason in the smallest pictures,
	// "a repetition by the attackers loses for the defenders" at 160
	// pixels) is broken between words where the longer of its two halves
	// is shortest, onto one more line at most (MaxWrappedLines).
	for i := 0; i < len(lines) && len(lines) < MaxWrappedLines; i++ {
		words := strings.Split(lines[i], " ")
		if fits(lines[i]) || len(words) < 2 {
			continue
		}
		best, widest := 0, math.Inf(1)
		for k := 1; k < len(words); k++ {
			head := strings.Join(words[:k], " ")
			if !fits(head) {
				break
			}
			w := max(width(head), width(strings.Join(words[k:], " ")))
			if w < widest {
				best, widest = k, w
			}
		}
		if best == 0 {
			continue // its first word alone is too long: it is cut short
		}
		head, rest := strings.Join(words[:best], " "), strings.Join(words[best:], " ")
		lines = slices.Insert(slices.Replace(lines, i, i+1, head), i+1, rest)
	}
	return strings.Join(lines, "\n")
}

// splitCaption returns the lines of a caption.
func splitCaption(caption string) []string { return strings.Split(caption, "\n") }

// tint marks a square of the last move. An ordinary square is tinted
// whole; a throne, corner or camp square only round its rim, so that its
// own shading and motif stay visible in the middle.
func tint(img *image.RGBA, g *geometry, v *tafl.Variant, sq tafl.Square, c interface{ RGBA() (r, g, b, a uint32) }) {
	r := g.rect(sq)
	if !v.IsCamp(sq) && !v.IsThrone(sq) && !v.IsCorner(sq) {
		fill(img, r, c)
		return
	}
	w := max(2, g.cell*3/16)
	in := r.Inset(w)
	for _, part := range []image.Rectangle{
		image.Rect(r.Min.X, r.Min.Y, r.Max.X, in.Min.Y), image.Rect(r.Min.X, in.Max.Y, r.Max.X, r.Max.Y),
		image.Rect(r.Min.X, in.Min.Y, in.Min.X, in.Max.Y), image.Rect(in.Max.X, in.Min.Y, r.Max.X, in.Max.Y),
	} {
		fill(img, part, c)
	}
}

// arrow draws a move as an arrow from the centre of its from-square to
// stop·cell short of the centre of its to-square (the edge of the piece
// there), as one polygon so that a translucent colour blends evenly.
// width scales its breadth; grow widens it on every side (for an outline
// drawn under it).
func arrow(dc *gg.Context, g *geometry, m tafl.Move, c color.Color, width, stop, grow float64) {
	x0, y0 := g.centre(m.From())
	x1, y1 := g.centre(m.To())
	dx, dy := x1-x0, y1-y0
	length := math.Hypot(dx, dy)
	if length == 0 {
		return
	}
	cell := float64(g.cell)
	ux, uy := dx/length, dy/length // along the arrow
	vx, vy := -uy, ux              // across it
	tip := length - stop*cell
	head := math.Min(0.3*cell*width, tip*0.7)
	neck := tip - head
	shaft, wing := 0.07*cell*width+grow, 0.2*cell*width+grow
	back := -0.05*cell - grow
	at := func(along, across float64) (float64, float64) {
		return x0 + ux*along + vx*across, y0 + uy*along + vy*across
	}
	dc.SetColor(c)
	dc.MoveTo(at(back, shaft))
	dc.LineTo(at(neck, shaft))
	dc.LineTo(at(neck, wing))
	dc.LineTo(at(tip+1.5*grow, 0))
	dc.LineTo(at(neck, -wing))
	dc.LineTo(at(neck, -shaft))
	dc.LineTo(at(back, -shaft))
	dc.ClosePath()
	dc.Fill()
}

// CutShort returns the texts that Image, drawing an n×n board with opts,
// cannot draw whole and cuts short with an ellipsis: caption lines too
// long at the smallest size a caption shrinks to that could not be broken
// onto another line (see wrapCaption), and the players' names and clocks
// that do not fit their panels. Callers that write texts for
// the pictures (the bot, in each of its languages) check with it that
// theirs fit.
func CutShort(n int, opts Options) []string {
	opts.Caption = wrapCaption(n, &opts)
	g := newGeometry(n, opts.size(), opts.Flip, opts.captionLines())
	var out []string
	if opts.Players != nil {
		g = g.withTop()
		for i, s := range layoutPlayers(&g, &opts) {
			pl := []Player{opts.Players.Attackers, opts.Players.Defenders}[i]
			if name := Legible(pl.Name); s.name != name {
				out = append(out, name)
			}
			if clock := pl.ClockLabel(); s.clock != clock {
				out = append(out, clock)
			}
		}
	}
	if opts.Caption != "" {
		lines := opts.lines()
		for i, line := range captionLines(opts.Caption, g.lines, float64(lineHeight(g.size)), float64(g.size-2*g.x0)) {
			if line.text != strings.ReplaceAll(lines[i], "·", "•") {
				out = append(out, lines[i])
			}
		}
	}
	return out
}
