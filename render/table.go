package render

import (
	"fmt"
	"image"
	"io"
	"strings"

	"github.com/fogleman/gg"
	"golang.org/x/image/font"
)

// Table is a table of text to draw as a picture, such as a tournament's
// standings: a title, an optional subtitle, column headings and rows.
type Table struct {
	Title    string     // Title is the heading, such as the tournament's name.
	Subtitle string     // Subtitle is a smaller second line ("" for none).
	Columns  []Column   // Columns head the table, left to right.
	Rows     [][]string // Rows hold one cell per column (missing cells are empty).
	// Marked rows are drawn in the accent colour (such as the leaders),
	// Faded rows dimmed (such as withdrawn players); both by row index.
	Marked, Faded []int
}

// Column is one column of a Table.
type Column struct {
	Heading string
	Right   bool // Right aligns the column's cells right (numbers).
	Wide    bool // Wide gives the column the space the others leave (names).
}

// MaxTableRows bounds the rows of a table picture.
const MaxTableRows = 300

// TableOptions say how to draw a table. The zero value draws a 720-pixel
// wide table in the Light theme.
type TableOptions struct {
	Theme Theme
	Width int // Width in pixels (0: 720; 320 to 2048).
}

// TableImage draws t. Cells too wide for their column are cut short with
// an ellipsis. The picture is as tall as the rows need.
func TableImage(t Table, opts TableOptions) (*image.RGBA, error) {
	w := opts.Width
	if w == 0 {
		w = 720
	}
	switch {
	case w < 320 || w > 2048:
		return nil, fmt.Errorf("render: table width %d is out of range: use 320 to 2048 pixels (or 0 for 720)", w)
	case len(t.Columns) == 0:
		return nil, fmt.Errorf("render: a table needs at least one column")
	case len(t.Rows) > MaxTableRows:
		return nil, fmt.Errorf("render: a table of %d rows is too long: at most %d", len(t.Rows), MaxTableRows)
	case opts.Theme != Light && opts.Theme != Dark:
		return nil, fmt.Errorf("render: unknown %v: use Light or Dark", opts.Theme)
	}
	p := themePalette(opts.Theme)
	unit := float64(w) / 720
	pad, rowH := 16*unit, 30*unit
	titleFace := newFace(boldFont, 24*unit, font.HintingNone)
	subFace := newFace(mediumFont, 15*unit, font.HintingNone)
	headFace := newFace(boldFont, 14*unit, font.HintingFull)
	cellFace := newFace(mediumFont, 16*unit, font.HintingFull)

	// A subtitle too long for one line (a tournament's, translated) goes
	// on as many as it needs, broken at its " · ": cut short, it lost its
	// end, the tie-break's name.
	var subLines []string
	if t.Subtitle != "" {
		subLines = wrapParts(subFace, Legible(t.Subtitle), " · ", float64(w)-2*pad, maxSubtitleLines)
	}
	lineH := 20 * unit
	titleH, subH, headH := 44*unit, 0.0, 32*unit
	if len(subLines) > 0 {
		subH = 24*unit + lineH*float64(len(subLines)-1)
	}
	h := int(titleH + subH + headH + rowH*float64(max(len(t.Rows), 1)) + pad)
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	dc := gg.NewContextForRGBA(img)
	dc.SetColor(p.frame)
	dc.Clear()

	dc.SetFontFace(titleFace)
	dc.SetColor(p.caption)
	dc.DrawStringAnchored(fit(titleFace, Legible(t.Title), float64(w)-2*pad), pad, titleH/2+4*unit, 0, 0.5)
	if len(subLines) > 0 {
		dc.SetFontFace(subFace)
		dc.SetColor(p.label)
		for i, line := range subLines {
			dc.DrawStringAnchored(line, pad, titleH+12*unit+lineH*float64(i)-2*unit, 0, 0.5)
		}
	}

	// Column widths: each narrow column as wide as its widest text, the
	// wide ones sharing what is left.
	gap := 14 * unit
	widths := make([]float64, len(t.Columns))
	wide, used := 0, 0.0
	for i, c := range t.Columns {
		if c.Wide {
			wide++
			continue
		}
		widths[i] = measure(headFace, c.Heading)
		for _, r := range t.Rows {
			if i < len(r) {
				widths[i] = max(widths[i], measure(cellFace, r[i]))
			}
		}
		used += widths[i]
	}
	free := float64(w) - 2*pad - used - gap*float64(len(t.Columns)-1)
	for i, c := range t.Columns {
		if c.Wide {
			widths[i] = max(free/float64(wide), 40*unit)
		}
	}

	top := titleH + subH
	dc.SetColor(p.captionBand)
	dc.DrawRectangle(0, top, float64(w), headH)
	dc.Fill()
	cell := func(face font.Face, text string, x, width, y float64, right bool) {
		text = fit(face, Legible(text), width)
		if right {
			dc.DrawStringAnchored(text, x+width, y, 1, 0.5)
		} else {
			dc.DrawStringAnchored(text, x, y, 0, 0.5)
		}
	}
	dc.SetFontFace(headFace)
	dc.SetColor(p.label)
	x := pad
	for i, c := range t.Columns {
		cell(headFace, c.Heading, x, widths[i], top+headH/2, c.Right)
		x += widths[i] + gap
	}
	dc.SetFontFace(cellFace)
	marked, faded := set(t.Marked), set(t.Faded)
	for r, row := range t.Rows {
		y := top + headH + rowH*float64(r)
		if r%2 == 1 {
			dc.SetColor(p.frameEdge)
			dc.DrawRectangle(0, y, float64(w), rowH)
			dc.Fill()
		}
		switch {
		case marked[r]:
			dc.SetColor(p.kingFree)
		case faded[r]:
			dc.SetColor(p.label)
		default:
			dc.SetColor(p.caption)
		}
		x := pad
		for i, c := range t.Columns {
			if i < len(row) {
				cell(cellFace, row[i], x, widths[i], y+rowH/2, c.Right)
			}
			x += widths[i] + gap
		}
	}
	return img, nil
}

// TablePNG writes the picture of t as a PNG. See [TableImage].
func TablePNG(w io.Writer, t Table, opts TableOptions) error {
	img, err := TableImage(t, opts)
	if err != nil {
		return err
	}
	return writePNG(w, img)
}

// maxSubtitleLines bounds the lines of a table's subtitle.
const maxSubtitleLines = 3

// wrapParts breaks s at sep into lines of at most width, at most n of
// them; a part wider than a line, and the last line when there would be
// more, are cut short with an ellipsis.
func wrapParts(face font.Face, s, sep string, width float64, n int) []string {
	var lines []string
	line := ""
	for i, part := range strings.Split(s, sep) {
		switch {
		case i == 0:
			line = part
		case textWidth(face, line+sep+part) <= width:
			line += sep + part
		default:
			lines = append(lines, fit(face, line, width))
			line = part
		}
	}
	lines = append(lines, fit(face, line, width))
	if len(lines) > n {
		lines = append(lines[:n-1], fit(face, strings.Join(lines[n-1:], sep), width))
	}
	return lines
}

func measure(face font.Face, s string) float64 {
	return float64(font.MeasureString(face, s)) / 64
}

func set(xs []int) map[int]bool {
	m := make(map[int]bool, len(xs))
	for _, x := range xs {
		m[x] = true
	}
	return m
}
