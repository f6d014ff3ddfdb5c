package render

import (
	"bufio"
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"hash/crc32"
	"image"
	"io"
	"sync"
)

// writePNG encodes an opaque RGBA image as an 8-bit RGB PNG.
//
// image/png tries all five PNG row filters on every row and keeps the best,
// which takes most of the time of a board picture. These pictures are
// mostly runs of identical rows (the wood grain is vertical, squares are
// flat), so a cheap choice does as well: each row uses the Up filter, or
// Sub when that is clearly better (the first row, and rows where a new
// line of squares begins). The deflate stream uses zlib.BestSpeed.
// See docs/PERFORMANCE.md for the measured effect.
func writePNG(w io.Writer, img *image.RGBA) error {
	b := img.Bounds()
	width, height := b.Dx(), b.Dy()
	e := pngBuffers.Get().(*pngBuffer)
	defer pngBuffers.Put(e)

	var hdr [13]byte
	binary.BigEndian.PutUint32(hdr[0:], uint32(width))
	binary.BigEndian.PutUint32(hdr[4:], uint32(height))
	hdr[8] = 8  // bit depth
	hdr[9] = 2  // colour type: RGB
	hdr[10] = 0 // compression, filter and interlace methods
	bw := bufio.NewWriterSize(w, 32<<10)
	bw.WriteString("\x89PNG\r\n\x1a\n")
	writeChunk(bw, "IHDR", hdr[:])

	n := 1 + 3*width
	e.grow(n)
	e.idat.w = bw
	if e.zw == nil {
		e.zw, _ = zlib.NewWriterLevel(&e.idat, zlib.BestSpeed)
	} else {
		e.zw.Reset(&e.idat)
	}
	prev, cur := e.prev[:n], e.cur[:n]
	clear(prev)
	up, sub, zeros := e.up[:n], e.sub[:n], e.zeros[:n]
	up[0], sub[0], zeros[0] = 2, 1, 2 // filter types Up, Sub, Up
	var lastSrc []byte
	for y := b.Min.Y; y < b.Max.Y; y++ {
		src := img.Pix[img.PixOffset(b.Min.X, y):][:4*width]
		if y > b.Min.Y && bytes.Equal(src, lastSrc) {
			// The same as the row above, which prev still holds: Up
			// makes it all zeros.
			if _, err := e.zw.Write(zeros); err != nil {
				return err
			}
			continue
		}
		lastSrc = src
		var sumUp, sumSub int
		for x, i := 0, 1; x < width; x, i = x+1, i+3 {
			r, g, bl := src[4*x], src[4*x+1], src[4*x+2]
			cur[i], cur[i+1], cur[i+2] = r, g, bl
			u0, u1, u2 := r-prev[i], g-prev[i+1], bl-prev[i+2]
			up[i], up[i+1], up[i+2] = u0, u1, u2
			sumUp += abs8(u0) + abs8(u1) + abs8(u2)
		}
		row := up
		if y == b.Min.Y || sumUp > 48*width {
			copy(sub[1:4], cur[1:4])
			for i := 4; i < n; i++ {
				d := cur[i] - cur[i-3]
				sub[i] = d
				sumSub += abs8(d)
			}
			if sumSub < sumUp/2 || y == b.Min.Y {
				row = sub
			}
		}
		if _, err := e.zw.Write(row); err != nil {
			return err
		}
		prev, cur = cur, prev
	}
	if err := e.zw.Close(); err != nil {
		return err
	}
	if err := e.idat.flush(); err != nil {
		return err
	}
	writeChunk(bw, "IEND", nil)
	return bw.Flush()
}

// abs8 is the size of a filtered byte taken as a signed difference.
func abs8(b byte) int {
	v := int(int8(b))
	m := v >> 63
	return (v ^ m) - m
}

type pngBuffer struct {
	prev, cur, up, sub []byte
	zeros              []byte // an Up-filtered row that repeats the row above
	zw                 *zlib.Writer
	idat               idatWriter
}

func (e *pngBuffer) grow(n int) {
	if cap(e.cur) < n {
		e.prev, e.cur, e.up, e.sub, e.zeros = make([]byte, n), make([]byte, n), make([]byte, n), make([]byte, n), make([]byte, n)
	}
}

var pngBuffers = sync.Pool{New: func() any { return new(pngBuffer) }}

// idatWriter cuts the compressed stream into IDAT chunks of up to 32 KiB.
type idatWriter struct {
	w   *bufio.Writer
	buf [32 << 10]byte
	n   int
	err error
}

func (d *idatWriter) Write(p []byte) (int, error) {
	total := len(p)
	for len(p) > 0 {
		c := copy(d.buf[d.n:], p)
		d.n += c
		p = p[c:]
		if d.n == len(d.buf) {
			if err := d.flush(); err != nil {
				return 0, err
			}
		}
	}
	return total, d.err
}

func (d *idatWriter) flush() error {
	if d.n > 0 {
		writeChunk(d.w, "IDAT", d.buf[:d.n])
		d.n = 0
	}
	return d.err
}

// writeChunk writes one PNG chunk; errors surface at the final Flush.
func writeChunk(w *bufio.Writer, kind string, data []byte) {
	var n [4]byte
	binary.BigEndian.PutUint32(n[:], uint32(len(data)))
	w.Write(n[:])
	crc := crc32.NewIEEE()
	crc.Write([]byte(kind))
	crc.Write(data)
	w.WriteString(kind)
	w.Write(data)
	binary.BigEndian.PutUint32(n[:], crc.Sum32())
	w.Write(n[:])
}
