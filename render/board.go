package render

import (
	"image"
	"image/draw"
	"math"

	"github.com/fogleman/gg"
	"github.com/taflbot/taflbot/tafl"
	"golang.org/x/image/font"
)

// The static layer is everything that does not depend on the pieces or the
// markings: frame, labels, wood, grid and special squares. It is drawn once
// per board layout, size, theme and orientation, and copied
// for every picture.

// Special square kinds, as stored in layerKey.specials.
const (
	throneSq = 1 << iota
	cornerSq
	campSq
)

type layerKey struct {
	n, size  int
	theme    Theme
	flip     bool
	specials string // one byte of throneSq|cornerSq|campSq per square, rank 1 first
}

var layers cache[layerKey, *image.RGBA]

// specials describes the special squares of v, for layerKey.
func specials(v *tafl.Variant) string {
	n := v.Size()
	b := make([]byte, n*n)
	for r := range n {
		for f := range n {
			sq := tafl.At(f, r)
			var k byte
			if v.IsThrone(sq) {
				k |= throneSq
			}
			if v.IsCorner(sq) {
				k |= cornerSq
			}
			if v.IsCamp(sq) {
				k |= campSq
			}
			b[r*n+f] = k
		}
	}
	return string(b)
}

// staticLayer returns the cached static layer for key; callers copy it.
func staticLayer(k layerKey, g *geometry) *image.RGBA {
	return layers.get(k, func() *image.RGBA { return drawStatic(k, g) })
}

func drawStatic(k layerKey, g *geometry) *image.RGBA {
	p := themePalette(k.theme)
	img := image.NewRGBA(image.Rect(0, 0, g.size, g.size))
	fill(img, img.Bounds(), p.frame)

	grid := g.grid()
	cell := float64(g.cell)
	bevel := max(2, g.cell/14)
	fill(img, grid.Inset(-bevel), p.frameEdge)
	woodGrain(img, g, p)

	n := g.n
	dc := gg.NewContextForRGBA(img)
	lw := max(1, math.Round(cell/34))
	for r := range n {
		for f := range n {
			kind := k.specials[r*n+f]
			if kind == 0 {
				continue
			}
			sq := tafl.At(f, r)
			rect := g.rect(sq)
			x, y := float64(rect.Min.X), float64(rect.Min.Y)
			cx, cy := g.centre(sq)
			switch {
			case kind&(throneSq|cornerSq) != 0:
				fill(img, rect, p.special)
				in := 0.13 * cell
				dc.SetColor(p.motif)
				dc.SetLineWidth(lw)
				dc.DrawRectangle(x+in, y+in, cell-2*in, cell-2*in)
				dc.Stroke()
				if kind&cornerSq != 0 {
					// Corners get a solid inner block, so the escape
					// squares read differently from the throne.
					in2 := 0.3 * cell
					dc.DrawRectangle(x+in2, y+in2, cell-2*in2, cell-2*in2)
					dc.Fill()
				} else {
					// The throne gets a second, inner frame and a diamond:
					// the corners of both stay visible round the king.
					in2 := 0.22 * cell
					dc.DrawRectangle(x+in2, y+in2, cell-2*in2, cell-2*in2)
					dc.Stroke()
					dc.DrawRegularPolygon(4, cx, cy, 0.2*cell, 0)
					dc.Fill()
				}
			case kind&campSq != 0:
				fill(img, rect, p.camp)
				dc.SetColor(p.campMotif)
				dc.DrawCircle(cx, cy, 0.08*cell)
				dc.Fill()
			}
		}
	}

	// Grid lines, centred on the square boundaries and clipped to the grid.
	w := int(lw)
	for i := 0; i <= n; i++ {
		x := grid.Min.X + i*g.cell - w/2
		fill(img, image.Rect(x, grid.Min.Y, x+w, grid.Max.Y).Intersect(grid), p.grid)
		y := grid.Min.Y + i*g.cell - w/2
		fill(img, image.Rect(grid.Min.X, y, grid.Max.X, y+w).Intersect(grid), p.grid)
	}

	// Labels on all four sides, unless they would be too small to read
	// (a 19×19 board under some 235 pixels wide, 13×13 under 170): newGeometry
	// then leaves them out.
	if !g.labels {
		return img
	}
	px := labelSize(g)
	face := newFace(boldFont, px, font.HintingFull)
	top := float64(grid.Min.Y-bevel) / 2
	bottom := float64(grid.Max.Y+bevel+g.size) / 2
	left := float64(grid.Min.X-bevel) / 2
	right := float64(grid.Max.X+bevel+g.size) / 2
	for i := range n {
		c := float64(grid.Min.X) + (float64(i)+0.5)*cell
		drawText(img, face, g.fileLabel(i), c, top, p.label)
		drawText(img, face, g.fileLabel(i), c, bottom, p.label)
		r := float64(grid.Min.Y) + (float64(i)+0.5)*cell
		drawText(img, face, g.rankLabel(i), left, r, p.label)
		drawText(img, face, g.rankLabel(i), right, r, p.label)
	}

	return img
}

// minLabelSize is the smallest label, in pixels, that can still be read;
// smaller ones are left out.
const minLabelSize = 5

// labelSize is the size, in pixels, of the rank and file labels of g: they
// fit in the frame and beside a square.
func labelSize(g *geometry) float64 {
	return min(float64(g.x0)*0.52, float64(g.cell)*0.5)
}

// woodGrain fills the squares with the board colour, shaded by grain.
// Each square gets the same grain, shifted along by an amount that depends
// on its row: the board looks like inlaid tiles, and since every square of
// a row is the same, identical pieces on one row are identical pixels that
// the PNG compressor stores once, and the rows of pixels within a row of
// squares repeat, which PNG's "up" filter turns into almost nothing.
func woodGrain(img *image.RGBA, g *geometry, p *palette) {
	grid := g.grid()
	cell := g.cell
	scale := 68 / float64(cell) // grain spacing grows with the squares
	rows := make([][]byte, 3)
	for k := range rows {
		row := make([]byte, 4*grid.Dx())
		phase := float64(k) * 23.7
		for i := range grid.Dx() {
			x := float64(i%cell)*scale + phase
			v := 0.55*math.Sin(x*0.19+0.3) + 0.3*math.Sin(x*0.43+1.9) + 0.15*math.Sin(x*1.3+0.7)
			v += 0.35 * math.Pow(math.Abs(math.Sin(x*0.071+0.5)), 24) // an occasional darker streak
			s := 1 - p.grain*v
			row[4*i+0] = shade(p.board.R, s)
			row[4*i+1] = shade(p.board.G, s)
			row[4*i+2] = shade(p.board.B, s)
			row[4*i+3] = 255
		}
		rows[k] = row
	}
	for y := grid.Min.Y; y < grid.Max.Y; y++ {
		copy(img.Pix[img.PixOffset(grid.Min.X, y):], rows[((y-grid.Min.Y)/cell)%len(rows)])
	}
}

func shade(c uint8, s float64) uint8 {
	return uint8(min(255, max(0, math.Round(float64(c)*s))))
}

// fill paints r with c (blending when c is translucent).
func fill(img *image.RGBA, r image.Rectangle, c interface{ RGBA() (r, g, b, a uint32) }) {
	draw.Draw(img, r, image.NewUniform(c), image.Point{}, draw.Over)
}
