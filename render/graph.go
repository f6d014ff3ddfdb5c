package render

import (
	"fmt"
	"image"
	"image/color"
	"io"
	"math"

	"github.com/fogleman/gg"
	"golang.org/x/image/font"
)

// Graph is an evaluation graph: the defenders' win chance after every
// move of a game, with the moves that lost most marked on the curve.
type Graph struct {
	// Chances holds the defenders' win chance, 0 to 1: element i is
	// after the first i moves, element 0 the start. 1 to MaxGraphPoints
	// values.
	Chances []float64
	// Marks are the moves to mark, at most MaxGraphMarks.
	Marks []GraphMark
	// Title is a line above the graph ("" for none), cut short with an
	// ellipsis when too long.
	Title string
	// FirstMove is the number the game record gives the first move (0
	// means 1); the x axis is numbered from it, two moves a number.
	FirstMove int
	// Words are the picture's words in the reader's language.
	Words GraphWords
	// Judgement: the values are not win chances but the engine's score
	// squashed into 0 to 1 (a variant whose scores no checked curve turns
	// into chances): the y axis is named Words.Judgement and has no
	// percentages, only "even" at the middle.
	Judgement bool
}

// GraphWords are the words a graph picture shows besides its title and
// numbers; each one empty is said in English. A word too long for its
// place is cut short with an ellipsis.
type GraphWords struct {
	Chance    string // Chance names the y axis: "Defenders' win chance".
	Defenders string // Defenders names the upper half, the defenders ahead: "defenders".
	Attackers string // Attackers names the lower half: "attackers".
	Move      string // Move names the x axis, the move numbers: "move".
	// Judgement names the y axis of a Judgement graph: "The engine's
	// judgement (no win chance checked for this variant)".
	Judgement string
	// Even labels the middle of a Judgement graph's y axis: "even".
	Even string
}

// or returns w, or english when w is empty.
func or(w, english string) string {
	if w == "" {
		return english
	}
	return w
}

// GraphMark marks one move on a Graph.
type GraphMark struct {
	// Move is the move's index (0 for the first move): the mark sits on
	// the chance after it, Chances[Move+1].
	Move int
	// Kind says how bad the move was: the colour of the mark.
	Kind MarkKind
	// Label is a short text drawn beside the mark, such as "23…".
	Label string
}

// MarkKind is the colour of a mark: yellow, orange or red.
type MarkKind uint8

// The kinds of marks.
const (
	NoMarkKind     MarkKind = iota // NoMarkKind is drawn grey: a move that lost a little.
	MarkInaccuracy                 // MarkInaccuracy is yellow.
	MarkMistake                    // MarkMistake is orange.
	MarkBlunder                    // MarkBlunder is red.
)

// Graph limits.
const (
	MaxGraphPoints = 5001
	MaxGraphMarks  = 12
	// DefaultGraphWidth is the width of a graph picture when
	// GraphOptions.Width is 0; the height is 4/7 of the width.
	DefaultGraphWidth = 840
)

// GraphOptions say how to draw a Graph. The zero value draws an 840×480
// picture in the light theme.
type GraphOptions struct {
	Theme Theme
	Width int // Width in pixels, MinSize to MaxSize (0: DefaultGraphWidth).
}

// graphPalette holds a graph's colours.
type graphPalette struct {
	bg, plot, grid, axis, text, faint color.NRGBA
	defenders, attackers, curve       color.NRGBA
	marks                             [4]color.NRGBA
	markEdge                          color.NRGBA
}

var lightGraph = graphPalette{
	bg: rgb(0xf4, 0xea, 0xd8), plot: rgb(0xe9, 0xdc, 0xc4), grid: rgb(0xc9, 0xb8, 0x9c), axis: rgb(0x5a, 0x37, 0x1f),
	text: rgb(0x3a, 0x22, 0x12), faint: rgb(0x8c, 0x6e, 0x52),
	defenders: rgb(0xff, 0xfd, 0xf6), attackers: rgb(0x6a, 0x5c, 0x52), curve: rgb(0x15, 0x4f, 0xb0),
	marks:    [4]color.NRGBA{rgb(0x9a, 0x9a, 0x9a), rgb(0xf2, 0xc0, 0x1e), rgb(0xf0, 0x7c, 0x14), rgb(0xd6, 0x25, 0x1e)},
	markEdge: rgb(0x20, 0x14, 0x0a),
}

var darkGraph = graphPalette{
	bg: rgb(0x26, 0x28, 0x2c), plot: rgb(0x30, 0x33, 0x38), grid: rgb(0x48, 0x4c, 0x53), axis: rgb(0xb8, 0xbe, 0xc6),
	text: rgb(0xe8, 0xea, 0xee), faint: rgb(0x9a, 0xa0, 0xa8),
	defenders: rgb(0xd8, 0xd4, 0xc8), attackers: rgb(0x14, 0x15, 0x17), curve: rgb(0x6e, 0xb4, 0xff),
	marks:    [4]color.NRGBA{rgb(0xa0, 0xa0, 0xa0), rgb(0xff, 0xd2, 0x3c), rgb(0xff, 0x96, 0x32), rgb(0xff, 0x4a, 0x40)},
	markEdge: rgb(0x08, 0x08, 0x0a),
}

// check reports the first problem with a graph and its options.
func (gr *Graph) check(o *GraphOptions) error {
	if o.Width != 0 && (o.Width < MinSize || o.Width > MaxSize) {
		return fmt.Errorf("render: graph width %d is out of range: use %d to %d pixels (or 0 for %d)", o.Width, MinSize, MaxSize, DefaultGraphWidth)
	}
	if o.Theme != Light && o.Theme != Dark {
		return fmt.Errorf("render: unknown %v: use Light or Dark", o.Theme)
	}
	if len(gr.Chances) == 0 || len(gr.Chances) > MaxGraphPoints {
		return fmt.Errorf("render: a graph of %d points: give 1 to %d", len(gr.Chances), MaxGraphPoints)
	}
	for i, p := range gr.Chances {
		if !(p >= 0 && p <= 1) {
			return fmt.Errorf("render: chance %d is %v, not between 0 and 1", i, p)
		}
	}
	if len(gr.Marks) > MaxGraphMarks {
		return fmt.Errorf("render: %d marks: give at most %d", len(gr.Marks), MaxGraphMarks)
	}
	for _, m := range gr.Marks {
		if m.Move < 0 || m.Move+1 >= len(gr.Chances) {
			return fmt.Errorf("render: a mark on move index %d, but the graph has %d moves", m.Move, len(gr.Chances)-1)
		}
		if m.Kind > MarkBlunder {
			return fmt.Errorf("render: unknown mark kind %d", m.Kind)
		}
	}
	return nil
}

// GraphImage draws gr. The result is a new image that the caller owns.
// GraphImage is safe for concurrent use.
func GraphImage(gr Graph, opts GraphOptions) (*image.RGBA, error) {
	if err := gr.check(&opts); err != nil {
		return nil, err
	}
	return drawGraph(&gr, &opts), nil
}

// GraphPNG writes a PNG picture of gr to w. See GraphImage.
func GraphPNG(w io.Writer, gr Graph, opts GraphOptions) error {
	img, err := GraphImage(gr, opts)
	if err != nil {
		return err
	}
	return writePNG(w, img)
}

func drawGraph(gr *Graph, o *GraphOptions) *image.RGBA {
	width := o.Width
	if width == 0 {
		width = DefaultGraphWidth
	}
	height := width * 4 / 7
	p := &lightGraph
	if o.Theme == Dark {
		p = &darkGraph
	}
	u := float64(width) / 840 // one unit: a pixel at the default width
	img := image.NewRGBA(image.Rect(0, 0, width, height))
	fill(img, img.Bounds(), p.bg)
	dc := gg.NewContextForRGBA(img)

	titleFace := newFace(boldFont, 26*u, font.HintingNone)
	labelFace := newFace(mediumFont, 20*u, font.HintingNone)
	markFace := newFace(boldFont, 19*u, font.HintingNone)

	// The plot area, leaving room for the title, the y labels on the
	// left, the side names on the right and the move numbers below.
	left, right := 78*u, float64(width)-30*u
	top, bottom := 92*u, float64(height)-62*u
	if gr.Title == "" {
		top = 56 * u
	}
	pw, ph := right-left, bottom-top
	n := len(gr.Chances) - 1 // moves
	x := func(i int) float64 {
		if n == 0 {
			return left + pw/2
		}
		return left + pw*float64(i)/float64(n)
	}
	y := func(c float64) float64 { return bottom - ph*c }

	// Title and the y axis's name.
	if gr.Title != "" {
		dc.SetFontFace(titleFace)
		dc.SetColor(p.text)
		dc.DrawStringAnchored(fitGG(dc, gr.Title, float64(width)-40*u), float64(width)/2, 30*u, 0.5, 0.5)
	}
	dc.SetFontFace(labelFace)
	dc.SetColor(p.faint)
	yName := or(gr.Words.Chance, "Defenders' win chance")
	if gr.Judgement {
		yName = or(gr.Words.Judgement, "The engine's judgement (no win chance checked for this variant)")
	}
	dc.DrawStringAnchored(fitGG(dc, yName, float64(width)-left-10*u), left, top-20*u, 0, 0.5)

	// The plot: background, the halves filled between the curve and
	// 50 %, the grid, the curve.
	dc.SetColor(p.plot)
	dc.DrawRectangle(left, top, pw, ph)
	dc.Fill()
	mid := y(0.5)
	for half := range 2 {
		// half 0: the defenders ahead (above 50 %), 1: the attackers.
		// (gg's Pop keeps the clip, so it is reset by hand.)
		if half == 0 {
			dc.DrawRectangle(left, top, pw, mid-top)
			dc.SetColor(p.defenders)
		} else {
			dc.DrawRectangle(left, mid, pw, bottom-mid)
			dc.SetColor(p.attackers)
		}
		dc.Clip()
		dc.MoveTo(x(0), mid)
		for i, c := range gr.Chances {
			dc.LineTo(x(i), y(c))
		}
		dc.LineTo(x(n), mid)
		dc.ClosePath()
		dc.Fill()
		dc.ResetClip()
	}
	dc.SetLineWidth(math.Max(1, 1.5*u))
	for _, c := range []float64{0.25, 0.5, 0.75} {
		dc.SetColor(p.grid)
		if c == 0.5 {
			dc.SetColor(p.faint)
			dc.SetDash(6*u, 5*u)
		}
		dc.DrawLine(left, y(c), right, y(c))
		dc.Stroke()
		dc.SetDash()
	}
	ticks := moveTicks(n, gr.FirstMove)
	for _, t := range ticks {
		dc.SetColor(p.grid)
		dc.DrawLine(x(t.ply), top, x(t.ply), bottom)
		dc.Stroke()
	}
	dc.SetColor(p.curve)
	dc.SetLineWidth(math.Max(2, 3.5*u))
	dc.SetLineJoinRound()
	dc.SetLineCapRound()
	if n == 0 {
		dc.DrawPoint(x(0), y(gr.Chances[0]), 3*u)
		dc.Fill()
	} else {
		for i, c := range gr.Chances {
			dc.LineTo(x(i), y(c))
		}
		dc.Stroke()
	}
	dc.SetColor(p.axis)
	dc.SetLineWidth(math.Max(1, 2*u))
	dc.DrawRectangle(left, top, pw, ph)
	dc.Stroke()

	// Axis labels: percentages (or "even") on the left, the sides on the right, the
	// move numbers below.
	dc.SetFontFace(labelFace)
	dc.SetColor(p.text)
	if gr.Judgement {
		dc.DrawStringAnchored(fitGG(dc, or(gr.Words.Even, "even"), left-14*u), left-10*u, y(0.5), 1, 0.5)
	} else {
		for _, c := range []float64{0, 0.25, 0.5, 0.75, 1} {
			dc.DrawStringAnchored(fmt.Sprintf("%.0f%%", 100*c), left-10*u, y(c), 1, 0.5)
		}
	}
	dc.Push()
	dc.RotateAbout(math.Pi/2, right+15*u, top+ph/4)
	dc.DrawStringAnchored(fitGG(dc, or(gr.Words.Defenders, "defenders"), ph/2-4*u), right+15*u, top+ph/4, 0.5, 0.5)
	dc.Pop()
	dc.Push()
	dc.RotateAbout(math.Pi/2, right+15*u, top+3*ph/4)
	dc.DrawStringAnchored(fitGG(dc, or(gr.Words.Attackers, "attackers"), ph/2-4*u), right+15*u, top+3*ph/4, 0.5, 0.5)
	dc.Pop()
	for _, t := range ticks {
		dc.DrawStringAnchored(t.label, x(t.ply), bottom+18*u, 0.5, 0.5)
	}
	dc.SetColor(p.faint)
	dc.DrawStringAnchored(fitGG(dc, or(gr.Words.Move, "move"), pw), left+pw/2, bottom+46*u, 0.5, 0.5)

	// The marks, then their labels: above the point when the move lost
	// the defenders chances (the curve came down to it) and below
	// otherwise, moved further off when that place is taken by another
	// label or mark (turning points a few moves apart).
	dc.SetFontFace(markFace)
	r := 9 * u
	spots := make([]markSpot, len(gr.Marks))
	for i, m := range gr.Marks {
		spots[i] = markSpot{x: x(m.Move + 1), y: y(gr.Chances[m.Move+1]), up: gr.Chances[m.Move+1] <= gr.Chances[m.Move], label: m.Label}
		dc.SetColor(p.markEdge)
		dc.DrawCircle(spots[i].x, spots[i].y, r+2*u)
		dc.Fill()
		dc.SetColor(p.marks[m.Kind])
		dc.DrawCircle(spots[i].x, spots[i].y, r)
		dc.Fill()
	}
	for _, l := range placeLabels(dc, spots, r, u, left, right, top, bottom) {
		dc.SetColor(color.NRGBA{p.plot.R, p.plot.G, p.plot.B, 0xd0})
		dc.DrawRoundedRectangle(l.box.x0, l.box.y0, l.box.x1-l.box.x0, l.box.y1-l.box.y0, 4*u)
		dc.Fill()
		dc.SetColor(p.text)
		dc.DrawStringAnchored(l.text, (l.box.x0+l.box.x1)/2, (l.box.y0+l.box.y1)/2, 0.5, 0.35)
	}
	return img
}

// markSpot is a mark on a graph as drawn: its centre, whether its label
// goes above it first (up) and the label ("" for none).
type markSpot struct {
	x, y  float64
	up    bool
	label string
}

// rect is a box on the picture, x0 < x1 and y0 < y1.
type rect struct{ x0, y0, x1, y1 float64 }

func (a rect) overlaps(b rect) bool {
	return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1
}

// markLabel is a mark's label placed: its text and its box.
type markLabel struct {
	text string
	box  rect
}

// placeLabels places the labels of marks of radius r (u: one unit, a
// pixel at the default width) in the plot between left, right, top and
// bottom, in dc's face: each beside its mark, on its preferred side
// unless the plot's edge is too near, and, where that box would cover a
// label placed before or another mark, one or two boxes further off, or
// on the other side, at the first free place (the first place when none
// is).
func placeLabels(dc *gg.Context, spots []markSpot, r, u, left, right, top, bottom float64) []markLabel {
	var taken []rect
	for _, s := range spots {
		taken = append(taken, rect{s.x - r - 2*u, s.y - r - 2*u, s.x + r + 2*u, s.y + r + 2*u})
	}
	var out []markLabel
	for i, s := range spots {
		if s.label == "" {
			continue
		}
		w, h := dc.MeasureString(s.label)
		lx := math.Min(math.Max(s.x, left+w/2+4*u), right-w/2-4*u)
		box := func(ly float64) rect { return rect{lx - w/2 - 4*u, ly - h/2 - 4*u, lx + w/2 + 4*u, ly + h/2 + 4*u} }
		// The first place: as the graph has always put it.
		dir := -1.0
		if !s.up || s.y-r-16*u < top+10*u {
			dir = 1
		}
		if s.y+r+16*u > bottom-10*u {
			dir = -1
		}
		first := s.y + dir*(r+16*u)
		best := box(first)
		step := h + 12*u
		free := func(b rect) bool {
			if b.y0 < top || b.y1 > bottom {
				return false
			}
			for j, t := range taken {
				if j != i && t.overlaps(b) {
					return false
				}
			}
			return true
		}
	search:
		for _, d := range []float64{dir, -dir} {
			for k := range 3 {
				if b := box(s.y + d*(r+16*u+float64(k)*step)); free(b) {
					best = b
					break search
				}
			}
		}
		taken = append(taken, best)
		out = append(out, markLabel{text: s.label, box: best})
	}
	return out
}

// tick is a labelled position on the move axis.
type tick struct {
	ply   int
	label string
}

// moveTicks chooses at most about eight move numbers to label on an axis
// of n moves (plies) whose first move is number first (0: 1): every 1, 2,
// 5, 10, 20, 50, … turns, at the plies where those turns begin.
func moveTicks(n, first int) []tick {
	if first <= 0 {
		first = 1
	}
	turns := (n + 1) / 2
	step := 1
	for _, s := range []int{1, 2, 5, 10, 20, 50, 100, 200, 500, 1000} {
		step = s
		if turns/s <= 8 {
			break
		}
	}
	var out []tick
	for t := step; 2*(t-1) <= n; t += step {
		out = append(out, tick{ply: 2 * (t - 1), label: fmt.Sprint(first + t - 1)})
	}
	return out
}

// fitGG shortens s with an ellipsis until it is at most width pixels wide
// in dc's face.
func fitGG(dc *gg.Context, s string, width float64) string {
	if w, _ := dc.MeasureString(s); w <= width {
		return s
	}
	r := []rune(s)
	for len(r) > 0 {
		r = r[:len(r)-1]
		if w, _ := dc.MeasureString(string(r) + "…"); w <= width {
			return string(r) + "…"
		}
	}
	return ""
}
