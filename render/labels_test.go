package render

import (
	"image"
	"testing"
)

// TestLabelsSmallerThanReadableAreLeftOut: a 19×19 board 160 pixels wide
// had squares 6 pixels high and labels 3 pixels high, capped at half a
// square, which nobody could read. Labels smaller than minLabelSize are
// left out and the squares grow into the narrower frame; every board that
// keeps its labels has them at least that size, and 11×11 keeps them even
// at the smallest width.
func TestLabelsSmallerThanReadableAreLeftOut(t *testing.T) {
	for n := 7; n <= 19; n += 2 {
		for size := MinSize; size <= 400; size += 10 {
			g := newGeometry(n, size, false, 0)
			if g.labels && labelSize(&g) < minLabelSize {
				t.Errorf("%d×%d at %d pixels: labels %.1f pixels high, under %d", n, n, size, labelSize(&g), minLabelSize)
			}
			if g.cell*n > size || g.x0 < 4 {
				t.Errorf("%d×%d at %d pixels: %d squares of %d pixels from x %d do not fit", n, n, size, n, g.cell, g.x0)
			}
		}
	}
	// lightInFrame counts the light pixels (labels) in the frame of an n×n
	// board size pixels wide, outside the squares and their bevel.
	lightInFrame := func(n, size int) (int, geometry) {
		g := newGeometry(n, size, false, 0)
		img := drawStatic(layerKey{n: n, size: size, theme: Light, specials: string(make([]byte, n*n))}, &g)
		inner := g.grid().Inset(-max(2, g.cell/14) - 1)
		light := 0
		for y := range size {
			for x := range size {
				if (image.Point{x, y}).In(inner) {
					continue
				}
				if c := img.RGBAAt(x, y); c.R > 0xb0 && c.G > 0x90 {
					light++
				}
			}
		}
		return light, g
	}
	if light, g := lightInFrame(19, 160); light != 0 || g.labels {
		t.Errorf("19×19 at 160 pixels: %d label pixels in the frame (labels %v, %.1f pixels high), want none", light, g.labels, labelSize(&g))
	} else if g.cell < 7 {
		t.Errorf("19×19 at 160 pixels without labels: squares of %d pixels, want them grown to 7", g.cell)
	}
	for _, c := range []struct{ n, size int }{{11, 160}, {19, 240}, {19, 840}} {
		if light, _ := lightInFrame(c.n, c.size); light == 0 {
			t.Errorf("%d×%d at %d pixels: no labels in the frame", c.n, c.n, c.size)
		}
	}
}
