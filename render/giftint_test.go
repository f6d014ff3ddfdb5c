package render

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/gif"
	"image/png"
	"strings"
	"testing"

	"github.com/taflbot/taflbot/tafl"
)

// TestGIFKeepsTheLastMovesTint: in the animated replay the last move's
// to-square lost its blue tint (grey #9e9d9c where the still picture has
// #909eae): the palette, chosen from the most frequent colours of the
// first frame, the last and the first with a capture, had no entry near
// the tinted wood when none of those had it. Every frame's from- and to-squares keep
// their tint, near the still picture's colour, in both themes.
func TestGIFKeepsTheLastMovesTint(t *testing.T) {
	for _, c := range []struct {
		name  string
		moves string // or else as many moves as plies, the same ones every time
		plies int
	}{
		// No capture, and the last move takes the king to a corner, whose
		// tint is only a rim: none of the frames the palette was taken
		// from had a tinted plain square.
		{"brandubh", "a4-a2 e4-e7 b4-b2 d4-e4 b2-b3 e4-e6 b3-b2 e6-g6 b2-b3 g6-g7", 0},
		{"copenhagen", "", 12},
		{"tablut", "", 60},
	} {
		name := c.name
		v, err := tafl.Preset(name, "")
		if err != nil {
			t.Fatal(err)
		}
		game := tafl.NewGame(v)
		for _, m := range strings.Fields(c.moves) {
			if _, err := game.PlayText(m); err != nil {
				t.Fatal(err)
			}
		}
		for i := 0; i < c.plies && !game.Outcome().Over(); i++ {
			ms := game.LegalMoves()
			if _, err := game.Play(ms[(i*7919)%len(ms)]); err != nil {
				t.Fatal(err)
			}
		}
		for _, theme := range []Theme{Light, Dark} {
			var buf bytes.Buffer
			if err := GIF(&buf, game, GIFOptions{Theme: theme}); err != nil {
				t.Fatal(err)
			}
			a, err := gif.DecodeAll(&buf)
			if err != nil {
				t.Fatal(err)
			}
			size := a.Config.Width
			g := newGeometry(v.Size(), size, false, 1)
			canvas := image.NewRGBA(image.Rect(0, 0, a.Config.Width, a.Config.Height))
			pos := game.Start()
			for i, f := range a.Image {
				draw.Draw(canvas, f.Bounds(), f, f.Bounds().Min, draw.Over)
				if i == 0 {
					continue
				}
				ply := game.Plies()[i-1]
				pos, err = pos.Apply(ply.Move)
				if err != nil {
					t.Fatal(err)
				}
				var still bytes.Buffer
				if err := PNG(&still, pos, Options{Theme: theme, Size: size, LastMove: ply.Move, Captured: ply.Captures}); err != nil {
					t.Fatal(err)
				}
				img, err := png.Decode(&still)
				if err != nil {
					t.Fatal(err)
				}
				// The still picture's clearly blue pixels of the to-square
				// (round the piece) stay blue, and near their colour.
				sq := ply.Move.To()
				blue, lost := 0, 0
				var example string
				r := g.rect(sq)
				for y := r.Min.Y; y < r.Max.Y; y++ {
					for x := r.Min.X; x < r.Max.X; x++ {
						want := img.At(x, y).(color.RGBA)
						if int(want.B) < int(want.R)+24 {
							continue
						}
						blue++
						got := canvas.RGBAAt(x, y)
						d := max(absDiff8(want.R, got.R), absDiff8(want.G, got.G), absDiff8(want.B, got.B))
						if d > 8 || int(got.B) < int(got.R)+12 {
							lost++
							example = fmt.Sprintf("#%02x%02x%02x at %d,%d, the still picture's #%02x%02x%02x", got.R, got.G, got.B, x, y, want.R, want.G, want.B)
						}
					}
				}
				if blue == 0 {
					t.Errorf("%s, %v theme, frame %d (%v): no blue pixels on %v in the still picture", name, theme, i, ply.Move, sq)
				} else if lost*10 > blue {
					t.Errorf("%s, %v theme, frame %d (%v): %d of the %d blue pixels of %v lost their tint (%s)", name, theme, i, ply.Move, lost, blue, sq, example)
				}
			}
		}
	}
}

func absDiff8(a, b uint8) int { return max(int(a)-int(b), int(b)-int(a)) }
