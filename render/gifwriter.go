package render

import (
	"bufio"
	"compress/lzw"
	"errors"
	"image"
	"image/color"
	"io"
)

// gifWriter writes an animated GIF one frame at a time, so that a replay
// never holds more than the frame being written (image/gif's EncodeAll
// takes every frame at once). It writes the GIF89a format as image/gif
// does: one global palette, the NETSCAPE2.0 loop extension, and per frame
// a graphic control extension (delay, disposal, transparent index), an
// image descriptor and the LZW-compressed pixels in sub-blocks of at most
// 255 bytes. The first error sticks: later calls return it.
type gifWriter struct {
	w        *bufio.Writer
	width    int
	height   int
	litWidth int // LZW literal width: bits per palette index (2 to 8)
	err      error
}

// newGIFWriter writes the header, the global palette (at most 256
// colours) and the loop extension (0: loop forever).
func newGIFWriter(w io.Writer, width, height int, pal color.Palette, loop int) *gifWriter {
	g := &gifWriter{w: bufio.NewWriter(w), width: width, height: height}
	if len(pal) == 0 || len(pal) > 256 || width <= 0 || height <= 0 || width > 0xffff || height > 0xffff {
		g.err = errors.New("render: gif: bad palette or size")
		return g
	}
	// The palette is stored with 2^(n+1) entries.
	n := 0
	for 1<<(n+1) < len(pal) {
		n++
	}
	g.litWidth = max(2, n+1)
	g.write([]byte("GIF89a"))
	g.u16(width)
	g.u16(height)
	g.write([]byte{0x80 | 7<<4 | byte(n), 0, 0}) // global table, 8-bit colour resolution; background 0; no aspect
	table := make([]byte, 3<<(n+1))
	for i, c := range pal {
		r, gr, b, _ := c.RGBA()
		table[3*i], table[3*i+1], table[3*i+2] = byte(r>>8), byte(gr>>8), byte(b>>8)
	}
	g.write(table)
	g.write([]byte{0x21, 0xff, 0x0b})
	g.write([]byte("NETSCAPE2.0"))
	g.write([]byte{0x03, 0x01})
	g.u16(loop)
	g.write([]byte{0})
	return g
}

func (g *gifWriter) write(b []byte) {
	if g.err == nil {
		_, g.err = g.w.Write(b)
	}
}

func (g *gifWriter) u16(v int) { g.write([]byte{byte(v), byte(v >> 8)}) }

// frame writes one frame, shown for delay hundredths of a second, placed
// at its bounds. transparent is the palette index that leaves the pixel
// below showing (-1: none). With disposal gif.DisposalNone the next frame
// is drawn over this one.
func (g *gifWriter) frame(m *image.Paletted, delay int, disposal byte, transparent int) error {
	b := m.Bounds()
	if g.err == nil && (b.Empty() || b.Min.X < 0 || b.Min.Y < 0 || b.Max.X > g.width || b.Max.Y > g.height) {
		g.err = errors.New("render: gif: frame outside the picture")
	}
	flags := disposal << 2
	index := byte(0)
	if transparent >= 0 {
		flags |= 1
		index = byte(transparent)
	}
	g.write([]byte{0x21, 0xf9, 0x04, flags})
	g.u16(delay)
	g.write([]byte{index, 0})
	g.write([]byte{0x2c})
	g.u16(b.Min.X)
	g.u16(b.Min.Y)
	g.u16(b.Dx())
	g.u16(b.Dy())
	g.write([]byte{0, byte(g.litWidth)}) // no local table; LZW minimum code size
	if g.err != nil {
		return g.err
	}
	bw := &blockWriter{w: g.w}
	z := lzw.NewWriter(bw, lzw.LSB, g.litWidth)
	for y := b.Min.Y; y < b.Max.Y && g.err == nil; y++ {
		_, g.err = z.Write(m.Pix[m.PixOffset(b.Min.X, y):][:b.Dx()])
	}
	if err := z.Close(); g.err == nil {
		g.err = err
	}
	if err := bw.close(); g.err == nil {
		g.err = err
	}
	return g.err
}

// close writes the trailer and flushes.
func (g *gifWriter) close() error {
	g.write([]byte{0x3b})
	if g.err == nil {
		g.err = g.w.Flush()
	}
	return g.err
}

// blockWriter cuts the LZW stream into sub-blocks of at most 255 bytes,
// each after its length; close writes the empty block that ends them.
type blockWriter struct {
	w   io.Writer
	buf [256]byte
	n   int
	err error
}

func (b *blockWriter) Write(p []byte) (int, error) {
	done := 0
	for len(p) > 0 && b.err == nil {
		k := copy(b.buf[1+b.n:], p)
		b.n += k
		p = p[k:]
		done += k
		if b.n == 255 {
			b.flush()
		}
	}
	return done, b.err
}

func (b *blockWriter) flush() {
	if b.n == 0 || b.err != nil {
		return
	}
	b.buf[0] = byte(b.n)
	_, b.err = b.w.Write(b.buf[:1+b.n])
	b.n = 0
}

func (b *blockWriter) close() error {
	b.flush()
	if b.err == nil {
		_, b.err = b.w.Write([]byte{0})
	}
	return b.err
}
