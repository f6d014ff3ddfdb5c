package render

import (
	"cmp"
	"image"
	"image/color"
	"slices"
)

// quantizer maps the colours of rendered frames onto one fixed palette of
// at most 256 colours, for GIF. The palette is chosen once per replay from
// sample frames: the most frequent colours, skipping near-duplicates so
// that rare but important colours (the capture cross, the last-move arrow)
// get entries too. Mapping uses a table indexed by 15-bit colour, filled
// lazily with the nearest palette entry, so a pixel costs a table lookup.
//
// Colours given as first come before the frequent ones: the last move's
// tints cover a square or two of one frame, too few pixels to win entries
// of their own among the wood grain and the pieces' edges, and without
// them the blue to-square turned grey.
//
// The palette leaves its last entry, [transparent], for the unchanged
// pixels of a frame.
type quantizer struct {
	pal color.Palette
	rgb [][3]int32
	lut []uint16 // by 15-bit colour: palette index + 1, or 0 if not yet known
}

const (
	maxColours  = 255
	transparent = 255 // palette index of the transparent entry
)

func key15(r, g, b uint8) int { return int(r>>3)<<10 | int(g>>3)<<5 | int(b>>3) }

func newQuantizer(first []color.RGBA, samples ...*image.RGBA) *quantizer {
	type bucket struct {
		key        int
		n          int
		sr, sg, sb int
	}
	buckets := make([]bucket, 1<<15)
	for _, img := range samples {
		p := img.Pix
		for i := 0; i+3 < len(p); i += 4 {
			k := key15(p[i], p[i+1], p[i+2])
			b := &buckets[k]
			b.n++
			b.sr += int(p[i])
			b.sg += int(p[i+1])
			b.sb += int(p[i+2])
		}
	}
	var used []bucket
	for k, b := range buckets {
		if b.n > 0 {
			b.key = k
			used = append(used, b)
		}
	}
	slices.SortFunc(used, func(a, b bucket) int {
		if c := cmp.Compare(b.n, a.n); c != 0 {
			return c
		}
		return cmp.Compare(a.key, b.key)
	})
	q := &quantizer{lut: make([]uint16, 1<<15)}
	for _, c := range first {
		rgb := [3]int32{int32(c.R), int32(c.G), int32(c.B)}
		if len(q.rgb) < maxColours && q.nearestDist(rgb) >= 4*4 {
			q.rgb = append(q.rgb, rgb)
		}
	}
	taken := make([]bool, len(used))
	// First pass: frequent colours that are not near one already taken;
	// second pass: fill up with the rest in order of frequency.
	for pass, minDist := range []int32{12 * 12, 0} {
		for i, b := range used {
			if len(q.rgb) == maxColours {
				break
			}
			if taken[i] {
				continue
			}
			c := [3]int32{int32(b.sr / b.n), int32(b.sg / b.n), int32(b.sb / b.n)}
			if pass == 0 && q.nearestDist(c) < minDist {
				continue
			}
			taken[i] = true
			q.rgb = append(q.rgb, c)
		}
	}
	if len(q.rgb) == 0 {
		q.rgb = append(q.rgb, [3]int32{0, 0, 0})
	}
	for _, c := range q.rgb {
		q.pal = append(q.pal, color.RGBA{uint8(c[0]), uint8(c[1]), uint8(c[2]), 255})
	}
	for len(q.pal) < transparent {
		q.pal = append(q.pal, q.pal[0]) // pad, so the transparent index is fixed
	}
	q.pal = append(q.pal, color.RGBA{})
	return q
}

// nearest returns the index of the palette entry nearest to c and the
// squared distance to it.
func (q *quantizer) nearest(c [3]int32) (int, int32) {
	best, bestD := 0, int32(1<<30)
	for i, p := range q.rgb {
		dr, dg, db := c[0]-p[0], c[1]-p[1], c[2]-p[2]
		d := 2*dr*dr + 4*dg*dg + 3*db*db // rough perceptual weights
		if d < bestD {
			best, bestD = i, d
		}
	}
	return best, bestD
}

func (q *quantizer) nearestDist(c [3]int32) int32 {
	if len(q.rgb) == 0 {
		return 1 << 30
	}
	_, d := q.nearest(c)
	return d / 9
}

// quantize writes src's pixels into dst, which must have the same bounds.
func (q *quantizer) quantize(dst *image.Paletted, src *image.RGBA) {
	b := src.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		s := src.Pix[src.PixOffset(b.Min.X, y):]
		d := dst.Pix[dst.PixOffset(b.Min.X, y):]
		for x := range b.Dx() {
			r, g, bl := s[4*x], s[4*x+1], s[4*x+2]
			k := key15(r, g, bl)
			i := q.lut[k]
			if i == 0 {
				c := [3]int32{int32(r&^7 | 4), int32(g&^7 | 4), int32(bl&^7 | 4)}
				n, _ := q.nearest(c)
				i = uint16(n + 1)
				q.lut[k] = i
			}
			d[x] = uint8(i - 1)
		}
	}
}

// markColours returns the colours of the last move's tinted squares in
// theme p: each tint over the wood at the lightest, middle and darkest of
// its grain, over the special squares and the camps, and each of those
// under a piece's shadow.
func markColours(p *palette) []color.RGBA {
	var bases []color.NRGBA
	for _, s := range []float64{1 + p.grain, 1, 1 - p.grain, 1 - 2*p.grain} {
		bases = append(bases, color.NRGBA{shade(p.board.R, s), shade(p.board.G, s), shade(p.board.B, s), 255})
	}
	bases = append(bases, p.special, p.camp)
	var out []color.RGBA
	for _, tint := range []color.NRGBA{p.moveTo, p.moveFrom} {
		for _, b := range bases {
			c := over(tint, b)
			out = append(out, c, over(p.shadow, color.NRGBA{c.R, c.G, c.B, 255}))
		}
	}
	return out
}

// over returns c drawn over the opaque colour under.
func over(c, under color.NRGBA) color.RGBA {
	a := int(c.A)
	mix := func(x, y uint8) uint8 { return uint8((int(x)*a + int(y)*(255-a) + 127) / 255) }
	return color.RGBA{mix(c.R, under.R), mix(c.G, under.G), mix(c.B, under.B), 255}
}
