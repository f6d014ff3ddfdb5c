package render

import (
	"image"
	"image/color"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/fogleman/gg"
	"github.com/golang/freetype/truetype"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gomedium"
	"golang.org/x/image/math/fixed"
)

// The fonts are embedded (Go Bold for labels, Go Medium for captions) and
// parsed once with the TrueType package gg itself uses (x/image's opentype
// package would need golang.org/x/text, which is not in go.mod). A parsed
// *truetype.Font is safe for concurrent use; the faces made from it are
// not, so every drawing makes its own.
var fonts = sync.OnceValues(func() ([2]*truetype.Font, error) {
	var f [2]*truetype.Font
	var err error
	if f[0], err = truetype.Parse(gobold.TTF); err != nil {
		return f, err
	}
	f[1], err = truetype.Parse(gomedium.TTF)
	return f, err
})

const (
	boldFont   = 0
	mediumFont = 1
)

// newFace returns a new face of font which, px pixels per em. Full
// hinting makes small labels crisp; larger text looks as good without.
func newFace(which int, px float64, hinting font.Hinting) font.Face {
	f, err := fonts()
	if err != nil {
		panic("render: embedded Go font is broken: " + err.Error())
	}
	// A small glyph cache: a face draws a few dozen glyphs at most, and
	// the default cache of 512 glyph masks would cost a megabyte per face.
	return truetype.NewFace(f[which], &truetype.Options{Size: px, DPI: 72, Hinting: hinting, GlyphCacheEntries: 32})
}

// Hyphens. The Go fonts draw "-" as a bar as wide as a letter (0.52 em,
// wider than their own en dash), so a move such as d2-c2 reads as
// "d2–c2", and they have no U+2010 HYPHEN. Text is therefore drawn in runs
// between hyphens, each hyphen a short bar: hyphenBar em long in a
// hyphenAdvance em wide slot, at the height and thickness of the font's.
const (
	hyphenBar     = 0.24
	hyphenAdvance = 0.34
)

// em returns the face's em in pixels: the Go fonts' em dash is one em wide.
func em(face font.Face) float64 {
	a, _ := face.GlyphAdvance('—')
	return float64(a) / 64
}

// textWidth returns the width of s in pixels as drawText draws it.
func textWidth(face font.Face, s string) float64 {
	w := 0.0
	for i, run := range strings.Split(s, "-") {
		if i > 0 {
			w += hyphenAdvance * em(face)
		}
		w += float64(font.MeasureString(face, run)) / 64
	}
	return w
}

// drawText draws s with its centre at (cx, cy), centring capital letters
// and digits vertically.
func drawText(dst *image.RGBA, face font.Face, s string, cx, cy float64, c color.Color) {
	b, _, _ := face.GlyphBounds('H')
	capH := float64(-b.Min.Y) / 64
	drawTextAt(dst, face, s, cx-textWidth(face, s)/2, cy+capH/2, c)
}

// drawTextAt draws s from the baseline point (x, y), hyphens as short bars.
func drawTextAt(dst *image.RGBA, face font.Face, s string, x, y float64, c color.Color) {
	d := font.Drawer{Dst: dst, Src: image.NewUniform(c), Face: face}
	hb, _, _ := face.GlyphBounds('-')
	e := em(face)
	for i, run := range strings.Split(s, "-") {
		if i > 0 {
			dc := gg.NewContextForRGBA(dst)
			dc.SetColor(c)
			top, bottom := float64(hb.Min.Y)/64, float64(hb.Max.Y)/64
			dc.DrawRectangle(x+(hyphenAdvance-hyphenBar)/2*e, y+top, hyphenBar*e, bottom-top)
			dc.Fill()
			x += hyphenAdvance * e
		}
		d.Dot = fixed.Point26_6{X: fixed.Int26_6(x * 64), Y: fixed.Int26_6(y * 64)}
		d.DrawString(run)
		x += float64(font.MeasureString(face, run)) / 64
	}
}

// Legible returns s as the pictures draw it: without the characters the
// embedded fonts have no glyph for, which would be drawn as boxes. Those
// are emoji, marks that combine with the letter before them, zero-width
// and direction marks, and the scripts the Go fonts lack (Chinese,
// Japanese, Korean, Arabic, Hebrew, …; the fonts have Latin, Greek and
// Cyrillic). Spaces left over are collapsed. A name written wholly in such
// characters is legible as "": the caller chooses what to draw instead.
func Legible(s string) string {
	f, err := fonts()
	if err != nil {
		panic("render: embedded Go font is broken: " + err.Error())
	}
	out := strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) {
			return ' '
		}
		if f[boldFont].Index(r) == 0 || f[mediumFont].Index(r) == 0 {
			return -1
		}
		return r
	}, s)
	return strings.Join(strings.Fields(out), " ")
}

// fit shortens s with an ellipsis until it is at most width pixels wide.
func fit(face font.Face, s string, width float64) string {
	if textWidth(face, s) <= width {
		return s
	}
	for s != "" {
		_, n := utf8.DecodeLastRuneInString(s)
		s = s[:len(s)-n]
		if textWidth(face, s+"…") <= width {
			return s + "…"
		}
	}
	return ""
}
