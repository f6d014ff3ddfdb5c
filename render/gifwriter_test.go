package render

import (
	"bytes"
	"image"
	"image/color"
	"image/gif"
	"math/rand/v2"
	"testing"
)

// TestGIFWriterDecodes: what gifWriter writes, image/gif reads back as
// the same frames: bounds, pixels, delays, disposal, transparent index,
// palette and loop count, for palettes of 2 to 256 colours.
func TestGIFWriterDecodes(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for _, colours := range []int{2, 3, 16, 200, 256} {
		var pal color.Palette
		for i := range colours {
			pal = append(pal, color.RGBA{uint8(i), uint8(255 - i), uint8(i * 7), 255})
		}
		const w, h = 97, 61
		type want struct {
			img    *image.Paletted
			delay  int
			transp int
		}
		var frames []want
		for i := range 5 {
			r := image.Rect(0, 0, w, h)
			if i > 0 {
				x, y := rng.IntN(w-10), rng.IntN(h-10)
				r = image.Rect(x, y, x+1+rng.IntN(w-x), y+1+rng.IntN(h-y))
			}
			m := image.NewPaletted(r, pal)
			for j := range m.Pix {
				m.Pix[j] = uint8(rng.IntN(colours))
			}
			transp := -1
			if i > 0 {
				transp = colours - 1
			}
			frames = append(frames, want{m, 10 * (i + 1), transp})
		}
		var buf bytes.Buffer
		gw := newGIFWriter(&buf, w, h, pal, 0)
		for _, f := range frames {
			if err := gw.frame(f.img, f.delay, gif.DisposalNone, f.transp); err != nil {
				t.Fatal(err)
			}
		}
		if err := gw.close(); err != nil {
			t.Fatal(err)
		}
		got, err := gif.DecodeAll(bytes.NewReader(buf.Bytes()))
		if err != nil {
			t.Fatalf("%d colours: %v", colours, err)
		}
		if got.Config.Width != w || got.Config.Height != h || got.LoopCount != 0 || len(got.Image) != len(frames) {
			t.Fatalf("%d colours: %dx%d, loop %d, %d frames", colours, got.Config.Width, got.Config.Height, got.LoopCount, len(got.Image))
		}
		for i, f := range frames {
			g := got.Image[i]
			if g.Bounds() != f.img.Bounds() || !bytes.Equal(g.Pix, f.img.Pix) {
				t.Errorf("%d colours, frame %d: %v, want %v, or pixels differ", colours, i, g.Bounds(), f.img.Bounds())
			}
			if got.Delay[i] != f.delay || got.Disposal[i] != gif.DisposalNone {
				t.Errorf("%d colours, frame %d: delay %d disposal %d", colours, i, got.Delay[i], got.Disposal[i])
			}
			for j := range colours {
				r1, g1, b1, _ := g.Palette[j].RGBA()
				r2, g2, b2, _ := pal[j].RGBA()
				a1 := 0xffff
				if j == f.transp {
					a1 = 0 // the decoder makes the transparent entry transparent
				}
				if _, _, _, a := g.Palette[j].RGBA(); int(a) != a1 || r1>>8 != r2>>8 && j != f.transp || g1>>8 != g2>>8 && j != f.transp || b1>>8 != b2>>8 && j != f.transp {
					t.Errorf("%d colours, frame %d: palette entry %d is %v, want %v", colours, i, j, g.Palette[j], pal[j])
					break
				}
			}
		}
	}
}

// TestGIFWriterStopsOnWriteError: a failing writer (such as the size
// limit) stops the encoding with its error.
func TestGIFWriterStopsOnWriteError(t *testing.T) {
	pal := color.Palette{color.Black, color.White}
	lw := &limitWriter{w: &bytes.Buffer{}, left: 100}
	gw := newGIFWriter(lw, 300, 300, pal, 0)
	m := image.NewPaletted(image.Rect(0, 0, 300, 300), pal)
	for i := range m.Pix {
		m.Pix[i] = uint8(i * 7 % 3 % 2)
	}
	err := gw.frame(m, 10, gif.DisposalNone, -1)
	if err == nil {
		err = gw.close()
	}
	if err != errTooBig {
		t.Errorf("err %v, want errTooBig", err)
	}
}
