package render

import (
	"image"
	"image/color"
	"sync"
	"unicode/utf8"

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

// drawText draws s with its centre at (cx, cy), centring capital letters
// and digits vertically.
func drawText(dst *image.RGBA, face font.Face, s string, cx, cy float64, c color.Color) {
	d := font.Drawer{Dst: dst, Src: image.NewUniform(c), Face: face}
	w := d.MeasureString(s)
	b, _, _ := face.GlyphBounds('H')
	capH := -b.Min.Y
	d.Dot = fixed.Point26_6{
		X: fixed.Int26_6(cx*64) - w/2,
		Y: fixed.Int26_6(cy*64) + capH/2,
	}
	d.DrawString(s)
}

// fit shortens s with an ellipsis until it is at most width pixels wide.
func fit(face font.Face, s string, width float64) string {
	limit := fixed.Int26_6(width * 64)
	if font.MeasureString(face, s) <= limit {
		return s
	}
	for s != "" {
		_, n := utf8.DecodeLastRuneInString(s)
		s = s[:len(s)-n]
		if font.MeasureString(face, s+"…") <= limit {
			return s + "…"
		}
	}
	return ""
}
