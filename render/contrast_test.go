package render_test

import (
	"image"
	"image/color"
	"math"
	"testing"

	"github.com/taflbot/taflbot/render"
	"github.com/taflbot/taflbot/tafl"
)

// luminance is the WCAG relative luminance of a colour.
func luminance(c color.RGBA) float64 {
	lin := func(v uint8) float64 {
		s := float64(v) / 255
		if s <= 0.03928 {
			return s / 12.92
		}
		return math.Pow((s+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(c.R) + 0.7152*lin(c.G) + 0.0722*lin(c.B)
}

// contrast is the WCAG contrast ratio of two colours, 1 to 21.
func contrast(a, b color.RGBA) float64 {
	la, lb := luminance(a), luminance(b)
	return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
}

// at returns the pixel at a fraction (fx, fy) of square sq's cell on an
// unflipped board of n squares drawn size pixels wide (no players band).
func at(img *image.RGBA, n, size int, sq tafl.Square, fx, fy float64) color.RGBA {
	margin := 14 + size*7/200
	cell := (size - 2*margin) / n
	x0 := (size - cell*n) / 2
	x := x0 + sq.File()*cell + int(fx*float64(cell))
	y := x0 + (n-1-sq.Rank())*cell + int(fy*float64(cell))
	return img.RGBAAt(x, y)
}

// TestThemeContrast measures, on rendered pictures, the WCAG contrast of
// the pieces against the squares they stand on. WCAG 2.1 asks 3:1 for
// the parts of a picture needed to understand it (1.4.11): the attackers'
// dark discs must stand out from the board and from a camp in both
// themes; the defenders' light tiles stand out by their dark outline.
func TestThemeContrast(t *testing.T) {
	cph := preset(t, "copenhagen", "").Start()
	tab := playMoves(t, preset(t, "tablut", ""), []string{"c5-c1", "a4-b4"}).Position()
	for _, theme := range []render.Theme{render.Light, render.Dark} {
		img, err := render.Image(cph, render.Options{Theme: theme, Size: 480})
		if err != nil {
			t.Fatal(err)
		}
		board := at(img, 11, 480, sq(t, "c1"), 0.5, 0.5)
		attacker := at(img, 11, 480, sq(t, "d1"), 0.5, 0.5)
		defender := at(img, 11, 480, sq(t, "f4"), 0.5, 0.5)
		edge := color.RGBA{255, 255, 255, 255}
		for f := 0.10; f < 0.20; f += 0.01 { // the darkest pixel across the tile's outline
			if p := at(img, 11, 480, sq(t, "f4"), f, 0.5); luminance(p) < luminance(edge) {
				edge = p
			}
		}
		timg, err := render.Image(tab, render.Options{Theme: theme, Size: 480})
		if err != nil {
			t.Fatal(err)
		}
		camp := at(timg, 9, 480, sq(t, "a4"), 0.3, 0.3)
		onCamp := at(timg, 9, 480, sq(t, "a5"), 0.5, 0.5)
		for _, c := range []struct {
			what string
			a, b color.RGBA
			min  float64
		}{
			{"attacker on the board", attacker, board, 3},
			{"attacker on a camp", onCamp, camp, 3},
			{"defender's outline on the board", edge, board, 3},
		} {
			r := contrast(c.a, c.b)
			t.Logf("%s theme: %s %.2f:1", theme, c.what, r)
			if r < c.min {
				t.Errorf("%s theme: %s has contrast %.2f:1 (%v on %v), want at least %.0f:1", theme, c.what, r, c.a, c.b, c.min)
			}
		}
		t.Logf("%s theme: defender's fill on the board %.2f:1", theme, contrast(defender, board))
	}
}

// TestCampShadingUnderMoveTint checks that a camp square the last move
// started from keeps its shading: only its rim is tinted, its inside is
// the same colour as without the move marked.
func TestCampShadingUnderMoveTint(t *testing.T) {
	g := playMoves(t, preset(t, "tablut", ""), []string{"c5-c1", "a4-b4"})
	last := g.Plies()[1]
	for _, theme := range []render.Theme{render.Light, render.Dark} {
		plain, err := render.Image(g.Position(), render.Options{Theme: theme, Size: 480})
		if err != nil {
			t.Fatal(err)
		}
		marked, err := render.Image(g.Position(), render.Options{Theme: theme, Size: 480, LastMove: last.Move})
		if err != nil {
			t.Fatal(err)
		}
		from := sq(t, "a4") // a camp square
		inside, bare := at(marked, 9, 480, from, 0.3, 0.3), at(plain, 9, 480, from, 0.3, 0.3)
		if d := colorDistance(inside, bare); d > 6 {
			t.Errorf("%s theme: the camp square a4 under the from-square tint is %v inside, %v unmarked: its shading is covered", theme, inside, bare)
		}
		if rim, bareRim := at(marked, 9, 480, from, 0.05, 0.5), at(plain, 9, 480, from, 0.05, 0.5); colorDistance(rim, bareRim) < 15 {
			t.Errorf("%s theme: the rim of a4 is not tinted (%v, unmarked %v)", theme, rim, bareRim)
		}
	}
}

func colorDistance(a, b color.RGBA) int {
	d := func(x, y uint8) int { return max(int(x)-int(y), int(y)-int(x)) }
	return max(d(a.R, b.R), d(a.G, b.G), d(a.B, b.B))
}
