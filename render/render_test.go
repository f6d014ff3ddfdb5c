package render_test

import (
	"bytes"
	"errors"
	"image"
	"image/png"
	"strings"
	"sync"
	"testing"

	"github.com/taflbot/taflbot/render"
	"github.com/taflbot/taflbot/render/internal/golden"
	"github.com/taflbot/taflbot/tafl"
)

func encode(t testing.TB, pos tafl.Position, opts render.Options) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := render.PNG(&buf, pos, opts); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestPNGDecodesWithExpectedSize(t *testing.T) {
	mid := midGame(t)
	tests := []struct {
		name          string
		pos           tafl.Position
		opts          render.Options
		width, height int
	}{
		{"default size", mid.Position(), render.Options{}, 840, 840},
		{"caption adds a band", mid.Position(), render.Options{Caption: "Defenders to move"}, 840, 903},
		{"small", preset(t, "brandubh", "").Start(), render.Options{Size: 200}, 200, 200},
		{"small with caption", preset(t, "brandubh", "").Start(), render.Options{Size: 200, Caption: "x"}, 200, 216}, // the band is at least 16 pixels
		{"19×19 large", preset(t, "alea-evangelii", "").Start(), render.Options{Size: 1200, Theme: render.Dark}, 1200, 1200},
		{"19×19 smallest", preset(t, "alea-evangelii", "").Start(), render.Options{Size: render.MinSize, Caption: "tiny"}, 160, 176},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data := encode(t, tt.pos, tt.opts)
			img, err := png.Decode(bytes.NewReader(data))
			if err != nil {
				t.Fatalf("output does not decode: %v", err)
			}
			if got := img.Bounds().Size(); got != image.Pt(tt.width, tt.height) {
				t.Errorf("size %v, want %dx%d", got, tt.width, tt.height)
			}
			// The PNG holds exactly the pixels Image returns.
			want, err := render.Image(tt.pos, tt.opts)
			if err != nil {
				t.Fatal(err)
			}
			if diff := golden.Compare(want, img, golden.Tolerance{}); diff != "" {
				t.Errorf("decoded PNG differs from Image: %s", diff)
			}
		})
	}
}

func TestPNGIsSmall(t *testing.T) {
	// The fullest 11×11 picture: the start position (most pieces) with a
	// caption, and a mid-game position with every kind of mark.
	mid := midGame(t)
	last := mid.Plies()[mid.Len()-1]
	for name, pos := range map[string]tafl.Position{"start": preset(t, "copenhagen", "").Start(), "mid-game": mid.Position()} {
		for _, theme := range []render.Theme{render.Light, render.Dark} {
			data := encode(t, pos, render.Options{Theme: theme, Caption: "Attackers to move · move 1", LastMove: last.Move, Captured: last.Captures})
			if len(data) > 90_000 {
				t.Errorf("%s %v: PNG is %d bytes, want at most 90 000", name, theme, len(data))
			}
		}
	}
}

func TestDeterministic(t *testing.T) {
	mid := midGame(t)
	last := mid.Plies()[mid.Len()-1]
	opts := render.Options{LastMove: last.Move, Captured: last.Captures, Highlight: []tafl.Square{sq(t, "e4")}, Caption: "déjà vu · ΑΩ"}
	a := encode(t, mid.Position(), opts)
	// Render other things in between, so cached layers are reused.
	encode(t, preset(t, "tablut", "").Start(), render.Options{})
	encode(t, mid.Position(), render.Options{Theme: render.Dark})
	b := encode(t, mid.Position(), opts)
	if !bytes.Equal(a, b) {
		t.Error("two renders of the same position and options differ")
	}
}

func TestOptionsChangeThePicture(t *testing.T) {
	// Each option must show: compared with the plain picture, the pixels
	// of the squares it marks change, and other squares do not.
	mid := midGame(t)
	pos := mid.Position()
	plain, err := render.Image(pos, render.Options{})
	if err != nil {
		t.Fatal(err)
	}
	last := mid.Plies()[mid.Len()-1] // a9-a6 capturing b6
	tests := []struct {
		name  string
		opts  render.Options
		marks []string // squares whose pixels must change
	}{
		{"last move", render.Options{LastMove: last.Move}, []string{"a9", "a8", "a7", "a6"}},
		{"captured", render.Options{Captured: last.Captures}, []string{"b6"}},
		{"highlight", render.Options{Highlight: []tafl.Square{sq(t, "e4"), sq(t, "g9")}}, []string{"e4", "g9"}},
		{"selected", render.Options{Selected: sq(t, "e10")}, []string{"e10"}},
		{"arrow", render.Options{Arrows: []tafl.Move{tafl.NewMove(sq(t, "e10"), sq(t, "e8"))}}, []string{"e10", "e9", "e8"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			img, err := render.Image(pos, tt.opts)
			if err != nil {
				t.Fatal(err)
			}
			for _, name := range tt.marks {
				if same(plain, img, squareRect(sq(t, name), 11, 840)) {
					t.Errorf("square %s looks the same with and without the option", name)
				}
			}
			if !same(plain, img, squareRect(sq(t, "j2"), 11, 840)) {
				t.Error("unmarked square j2 changed")
			}
		})
	}
}

// squareRect is where square s of an n×n board lies in a default picture
// of the given width with rank 1 at the bottom, inset by a few pixels. It
// follows the documented layout: squares centred, at least 14 pixels plus
// 3.5% of the width of frame on every side.
func squareRect(s tafl.Square, n, width int) image.Rectangle {
	cell := (width - 2*(14+width*7/200)) / n
	x0 := (width - cell*n) / 2
	x := x0 + s.File()*cell
	y := x0 + (n-1-s.Rank())*cell
	return image.Rect(x+4, y+4, x+cell-4, y+cell-4)
}

func same(a, b image.Image, r image.Rectangle) bool {
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if a.At(x, y) != b.At(x, y) {
				return false
			}
		}
	}
	return true
}

func TestFlipTurnsTheBoard(t *testing.T) {
	// Flipped, square e10 (a defender) is drawn where g2 (empty) is
	// drawn normally, and the other way round: the board turns half round.
	pos := midGame(t).Position()
	plain, _ := render.Image(pos, render.Options{})
	flipped, _ := render.Image(pos, render.Options{Flip: true})
	e10, g2 := squareRect(sq(t, "e10"), 11, 840), squareRect(sq(t, "g2"), 11, 840)
	if sameAt(plain, e10, plain, g2) {
		t.Fatal("test is broken: e10 and g2 look alike")
	}
	if !sameAt(flipped, g2, plain, e10) {
		t.Error("flipped, the place of g2 does not show e10")
	}
	if !sameAt(flipped, e10, plain, g2) {
		t.Error("flipped, the place of e10 does not show g2")
	}
}

// sameAt reports whether rectangle ra of a looks like rectangle rb of b
// (of the same size), allowing for the wood grain, which differs between
// rows of squares.
func sameAt(a *image.RGBA, ra image.Rectangle, b *image.RGBA, rb image.Rectangle) bool {
	crop := func(img *image.RGBA, r image.Rectangle) image.Image {
		c := image.NewRGBA(image.Rectangle{Max: r.Size()})
		for y := range r.Dy() {
			copy(c.Pix[c.PixOffset(0, y):c.PixOffset(r.Dx(), y)], img.Pix[img.PixOffset(r.Min.X, r.Min.Y+y):])
		}
		return c
	}
	return golden.Compare(crop(a, ra), crop(b, rb), golden.Tolerance{Delta: 24}) == ""
}

func TestConcurrentRenders(t *testing.T) {
	mid := midGame(t)
	last := mid.Plies()[mid.Len()-1]
	type job struct {
		pos  tafl.Position
		opts render.Options
	}
	// Small pictures keep this quick under -race; what matters is that
	// the shared caches and fonts are used from many goroutines at once.
	jobs := []job{
		{mid.Position(), render.Options{Size: 360, LastMove: last.Move, Captured: last.Captures, Caption: "one"}},
		{mid.Position(), render.Options{Size: 360, Theme: render.Dark, Flip: true, Caption: "two"}},
		{preset(t, "tablut", "").Start(), render.Options{Size: 300, Caption: "three"}},
		{preset(t, "alea-evangelii", "").Start(), render.Options{Size: 400, Highlight: []tafl.Square{sq(t, "j11")}}},
	}
	want := make([][]byte, len(jobs))
	for i, j := range jobs {
		want[i] = encode(t, j.pos, j.opts)
	}
	const workers = 12
	var wg sync.WaitGroup
	errs := make(chan string, workers*len(jobs))
	for w := range workers {
		wg.Go(func() {
			for k := range jobs {
				i := (w + k) % len(jobs)
				var buf bytes.Buffer
				if err := render.PNG(&buf, jobs[i].pos, jobs[i].opts); err != nil {
					errs <- err.Error()
					continue
				}
				if !bytes.Equal(buf.Bytes(), want[i]) {
					errs <- "concurrent render of job " + string(rune('0'+i)) + " differs from the sequential one"
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

func TestBadInput(t *testing.T) {
	pos := preset(t, "brandubh", "").Start() // 7×7
	h8 := sq(t, "h8")
	tests := []struct {
		name string
		pos  tafl.Position
		opts render.Options
		want string
	}{
		{"empty position", tafl.Position{}, render.Options{}, "position is empty"},
		{"too small", pos, render.Options{Size: 50}, "size 50 is out of range"},
		{"too big", pos, render.Options{Size: 10000}, "size 10000 is out of range"},
		{"unknown theme", pos, render.Options{Theme: 7}, "unknown theme(7)"},
		{"last move off the board", pos, render.Options{LastMove: tafl.NewMove(sq(t, "a1"), h8)}, "h8 is not on the 7×7 board"},
		{"captured off the board", pos, render.Options{Captured: []tafl.Square{h8}}, "captured square h8"},
		{"highlight off the board", pos, render.Options{Highlight: []tafl.Square{tafl.Square(-3)}}, "highlighted square - is not on"},
		{"selected off the board", pos, render.Options{Selected: h8}, "selected square h8"},
		{"arrow off the board", pos, render.Options{Arrows: []tafl.Move{tafl.NewMove(sq(t, "a1"), h8)}}, "arrow's to square h8"},
		{"arrow going nowhere", pos, render.Options{Arrows: []tafl.Move{tafl.NewMove(sq(t, "a1"), sq(t, "a1"))}}, "goes nowhere"},
		{"too many arrows", pos, render.Options{Arrows: make([]tafl.Move, render.MaxArrows+1)}, "draw at most"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var buf bytes.Buffer
			err := render.PNG(&buf, tt.pos, tt.opts)
			if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.HasPrefix(err.Error(), "render: ") {
				t.Fatalf("error %v, want one containing %q", err, tt.want)
			}
			if buf.Len() != 0 {
				t.Errorf("%d bytes written despite the error", buf.Len())
			}
		})
	}
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestWriteErrorIsReturned(t *testing.T) {
	err := render.PNG(failWriter{}, preset(t, "brandubh", "").Start(), render.Options{})
	if err == nil || !strings.Contains(err.Error(), "disk full") {
		t.Fatalf("error %v, want the writer's error", err)
	}
}

func TestParseTheme(t *testing.T) {
	for _, th := range []render.Theme{render.Light, render.Dark} {
		got, err := render.ParseTheme(th.String())
		if err != nil || got != th {
			t.Errorf("ParseTheme(%q) = %v, %v", th.String(), got, err)
		}
	}
	if _, err := render.ParseTheme("sepia"); err == nil {
		t.Error("ParseTheme(sepia) succeeded")
	}
}
