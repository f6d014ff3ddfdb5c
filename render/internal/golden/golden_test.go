package golden

import (
	"fmt"
	"image"
	"image/color"
	"strings"
	"testing"
)

func solid(w, h int, c color.RGBA) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for i := 0; i < len(img.Pix); i += 4 {
		img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = c.R, c.G, c.B, c.A
	}
	return img
}

func TestCompare(t *testing.T) {
	grey := color.RGBA{100, 100, 100, 255}
	base := solid(10, 10, grey)
	nudged := solid(10, 10, grey)
	nudged.SetRGBA(3, 4, color.RGBA{110, 100, 100, 255}) // within Delta 12
	oneOff := solid(10, 10, grey)
	oneOff.SetRGBA(3, 4, color.RGBA{200, 100, 100, 255})
	tests := []struct {
		name string
		a, b image.Image
		tol  Tolerance
		want string // substring of the difference, "" for equal
	}{
		{"identical", base, solid(10, 10, grey), Default, ""},
		{"small difference", base, nudged, Tolerance{Delta: 12}, ""},
		{"one pixel over, none allowed", base, oneOff, Tolerance{Delta: 12}, "1 of 100 pixels differ by more than 12 (largest difference 100, first at (3,4))"},
		{"one pixel over, 1% allowed", base, oneOff, Tolerance{Delta: 12, Fraction: 0.01}, ""},
		{"sizes differ", base, solid(10, 11, grey), Default, "bounds differ"},
		{"alpha counts", base, solid(10, 10, color.RGBA{0, 0, 0, 0}), Default, "100 of 100 pixels differ"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Compare(tt.a, tt.b, tt.tol)
			if tt.want == "" && got != "" || tt.want != "" && !strings.Contains(got, tt.want) {
				t.Errorf("Compare = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestCheckWritesActualImageOnFailure(t *testing.T) {
	dir := t.TempDir()
	path := dir + "/case.png"
	if err := writePNG(path, solid(4, 4, color.RGBA{1, 2, 3, 255})); err != nil {
		t.Fatal(err)
	}
	ft := &fakeT{TB: t}
	Check(ft, path, solid(4, 4, color.RGBA{200, 2, 3, 255}), Default)
	if !ft.failed || !strings.Contains(ft.msg, dir+"/case.got.png") {
		t.Fatalf("Check did not report the actual image's path: failed=%v msg=%q", ft.failed, ft.msg)
	}
	got, err := readPNG(dir + "/case.got.png")
	if err != nil {
		t.Fatal(err)
	}
	if r, _, _, _ := got.At(0, 0).RGBA(); r>>8 != 200 {
		t.Errorf("written actual image has red %d, want 200", r>>8)
	}

	ft = &fakeT{TB: t}
	Check(ft, path, solid(4, 4, color.RGBA{1, 2, 3, 255}), Default)
	if ft.failed {
		t.Errorf("Check failed on an equal image: %s", ft.msg)
	}
}

// fakeT records errors instead of failing the real test.
type fakeT struct {
	testing.TB
	failed bool
	msg    string
}

func (f *fakeT) Helper() {}
func (f *fakeT) Errorf(format string, args ...any) {
	f.failed = true
	f.msg = fmt.Sprintf(format, args...)
}
func (f *fakeT) Fatalf(format string, args ...any) { f.Errorf(format, args...) }
