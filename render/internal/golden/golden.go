// Package golden compares images made by tests with golden PNG files in
// testdata, with a small tolerance so that harmless differences (a
// rasterizer's rounding, say) do not fail a test.
//
// Run the tests with -update to rewrite the golden files from the current
// output, then look at every changed picture before committing it. When a
// comparison fails, the actual image is written beside the golden one as
// <name>.got.png (gitignored) and its path is printed.
package golden

import (
	"bytes"
	"flag"
	"fmt"
	"image"
	"image/draw"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden images in testdata/golden")

// Tolerance says how far an image may stray from its golden file.
type Tolerance struct {
	// Delta is the largest difference of any 8-bit colour channel for a
	// pixel to count as equal.
	Delta int
	// Fraction is the largest fraction of pixels that may differ by more
	// than Delta.
	Fraction float64
}

// Default tolerates small rounding differences in anti-aliased edges.
var Default = Tolerance{Delta: 12, Fraction: 0.001}

// Check compares got with the golden PNG file path (conventionally
// testdata/golden/<case>.png) and reports a test error if they differ by
// more than tol. With -update it writes got to path instead.
func Check(t testing.TB, path string, got image.Image, tol Tolerance) {
	t.Helper()
	if *update {
		if err := writePNG(path, got); err != nil {
			t.Fatalf("golden: %v", err)
		}
		return
	}
	want, err := readPNG(path)
	if err != nil {
		t.Errorf("golden: %v (run the test with -update to create it, then look at it)", err)
		return
	}
	if diff := Compare(want, got, tol); diff != "" {
		gotPath := strings.TrimSuffix(path, ".png") + ".got.png"
		if err := writePNG(gotPath, got); err != nil {
			t.Errorf("golden: %s: %s; writing the actual image failed: %v", path, diff, err)
			return
		}
		t.Errorf("golden: %s: %s\n\tactual image written to %s", path, diff, gotPath)
	}
}

// Compare returns "" if a and b have the same bounds and agree within tol,
// and otherwise a description of how they differ.
func Compare(a, b image.Image, tol Tolerance) string {
	if a.Bounds() != b.Bounds() {
		return fmt.Sprintf("bounds differ: want %v, got %v", a.Bounds(), b.Bounds())
	}
	ra, rb := toRGBA(a), toRGBA(b)
	r := ra.Rect
	bad, worst := 0, 0
	var first image.Point
	for y := r.Min.Y; y < r.Max.Y; y++ {
		pa := ra.Pix[ra.PixOffset(r.Min.X, y):][:4*r.Dx()]
		pb := rb.Pix[rb.PixOffset(r.Min.X, y):][:4*r.Dx()]
		if bytes.Equal(pa, pb) {
			continue
		}
		for i := 0; i < len(pa); i += 4 {
			d := 0
			for c := range 4 {
				x, y := int(pa[i+c]), int(pb[i+c])
				d = max(d, x-y, y-x)
			}
			if d > tol.Delta {
				if bad == 0 {
					first = image.Pt(r.Min.X+i/4, y)
				}
				bad++
			}
			worst = max(worst, d)
		}
	}
	total := r.Dx() * r.Dy()
	if float64(bad) > tol.Fraction*float64(total) {
		return fmt.Sprintf("%d of %d pixels differ by more than %d (largest difference %d, first at %v)", bad, total, tol.Delta, worst, first)
	}
	return ""
}

// toRGBA returns img as premultiplied 8-bit RGBA, converting if needed.
func toRGBA(img image.Image) *image.RGBA {
	if r, ok := img.(*image.RGBA); ok {
		return r
	}
	r := image.NewRGBA(img.Bounds())
	draw.Draw(r, r.Rect, img, r.Rect.Min, draw.Src)
	return r
}

func readPNG(path string) (image.Image, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return img, nil
}

func writePNG(path string, img image.Image) error {
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestCompression} // golden files live in git
	if err := enc.Encode(&buf, img); err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, buf.Bytes(), 0o644)
}
