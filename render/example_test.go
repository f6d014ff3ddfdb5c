package render_test

import (
	"bytes"
	"fmt"
	"image/png"
	"log"

	"github.com/taflbot/taflbot/render"
	"github.com/taflbot/taflbot/tafl"
)

// A bot draws the board after each move into a buffer and attaches it to
// its reply.
func ExamplePNG() {
	v, err := tafl.Preset("brandubh", "")
	if err != nil {
		log.Fatal(err)
	}
	g := tafl.NewGame(v)
	ply, err := g.PlayText("b4-b3")
	if err != nil {
		log.Fatal(err)
	}
	var buf bytes.Buffer
	err = render.PNG(&buf, g.Position(), render.Options{
		LastMove: ply.Move,
		Captured: ply.Captures,
		Caption:  "Defenders to move · move 2",
		Theme:    render.Dark,
	})
	if err != nil {
		log.Fatal(err)
	}
	cfg, err := png.DecodeConfig(&buf)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%dx%d\n", cfg.Width, cfg.Height)
	// Output: 840x903
}
