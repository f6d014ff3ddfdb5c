package render

import (
	"image"

	"github.com/taflbot/taflbot/tafl"
)

// geometry places the squares of an n×n board on an image.
//
// The image is size pixels wide. A players band of top pixels may come
// first; below it, the squares form a block of n×cell pixels centred in a
// size×size area whose rim is the frame that holds the labels. A caption
// adds a band of captionH pixels at the bottom.
type geometry struct {
	n        int
	size     int // image width, and height of the board area
	cell     int // square side in pixels
	x0, y0   int // top-left pixel of the squares
	top      int // height of the players band above the board (0 for none)
	captionH int // height of the caption band (0 for none)
	lines    int // caption lines the band holds
	flip     bool
	labels   bool // whether the frame holds rank and file labels
}

// newGeometry lays out an n×n board size pixels wide with a caption band
// of the given number of lines (0 for none); the static layer is drawn
// with this geometry, and withTop moves it down under a players band.
func newGeometry(n, size int, flip bool, lines int) geometry {
	margin := 14 + size*7/200 // 43 pixels at 840, relatively more when small
	cell := (size - 2*margin) / n
	g := geometry{n: n, size: size, cell: cell, flip: flip, lines: lines, labels: true}
	g.x0 = (size - cell*n) / 2
	if labelSize(&g) < minLabelSize {
		// Labels this small could not be read: the board goes without
		// them, in a narrow frame, and its squares grow into the room.
		g.labels = false
		g.cell = (size - 2*(4+size/80)) / n
		g.x0 = (size - g.cell*n) / 2
	}
	g.y0 = g.x0
	if lines > 0 {
		g.captionH = lineHeight(size) + (lines-1)*lineHeight(size)*3/4
	}
	return g
}

// lineHeight is the height of one caption line, and of the players band.
func lineHeight(size int) int { return max(size*3/40, 16) }

// withTop returns g moved down under a players band.
func (g geometry) withTop() geometry {
	g.top = lineHeight(g.size)
	g.y0 += g.top
	return g
}

// height returns the image height.
func (g *geometry) height() int { return g.top + g.size + g.captionH }

// bounds returns the image bounds.
func (g *geometry) bounds() image.Rectangle { return image.Rect(0, 0, g.size, g.height()) }

// grid returns the rectangle covered by the squares.
func (g *geometry) grid() image.Rectangle {
	return image.Rect(g.x0, g.y0, g.x0+g.n*g.cell, g.y0+g.n*g.cell)
}

// colRow returns the column (from the left) and row (from the top) where
// square sq is drawn.
func (g *geometry) colRow(sq tafl.Square) (col, row int) {
	if g.flip {
		return g.n - 1 - sq.File(), sq.Rank()
	}
	return sq.File(), g.n - 1 - sq.Rank()
}

// rect returns the pixels of square sq.
func (g *geometry) rect(sq tafl.Square) image.Rectangle {
	c, r := g.colRow(sq)
	x, y := g.x0+c*g.cell, g.y0+r*g.cell
	return image.Rect(x, y, x+g.cell, y+g.cell)
}

// centre returns the centre of square sq.
func (g *geometry) centre(sq tafl.Square) (x, y float64) {
	r := g.rect(sq)
	return float64(r.Min.X) + float64(g.cell)/2, float64(r.Min.Y) + float64(g.cell)/2
}

// fileLabel and rankLabel return the labels of the column and row drawn at
// index i from the left or top.
func (g *geometry) fileLabel(col int) string {
	if g.flip {
		col = g.n - 1 - col
	}
	return string(rune('a' + col))
}

func (g *geometry) rankLabel(row int) string {
	r := g.n - row // rank number, 1-based
	if g.flip {
		r = row + 1
	}
	return itoa(r)
}

func itoa(i int) string {
	if i < 10 {
		return string(rune('0' + i))
	}
	return string([]rune{rune('0' + i/10), rune('0' + i%10)})
}
