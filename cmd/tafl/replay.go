package main

import (
	"bytes"
	"fmt"
	"strings"
	"time"

	"github.com/taflbot/taflbot/render"
	"github.com/taflbot/taflbot/tafl"
)

// `tafl replay` draws a game as an animated GIF, one frame per move: the
// moves of -moves played from the position flags' start, or the game in
// an OTN game record (-otg FILE, - for standard input), which names its
// own variant and start.
//
//	tafl replay -variant brandubh -moves "b4-b3 c4-c2 a4-c4" -o game.gif
//	tafl replay -otg game.otg -o game.gif -theme dark

func runReplay(e env) error {
	var s setup
	var pf pictureFlags
	var moves, otg string
	var delay, final time.Duration
	var maxBytes int
	var noCaptions bool
	fs := newFlags(e, "replay", `[position flags] [-moves "…" | -otg FILE] -o game.gif [-theme light|dark] [-flip] [-size N]`)
	s.register(fs)
	pf.register(fs, "GIF", render.DefaultGIFSize)
	fs.StringVar(&moves, "moves", "", "moves to play from the position, separated by spaces")
	fs.StringVar(&otg, "otg", "", "replay the game in this OTN game record (- for standard input)")
	fs.DurationVar(&delay, "delay", render.DefaultDelay, "time each move is shown")
	fs.DurationVar(&final, "final", render.DefaultFinalDelay, "time the last frame is shown")
	fs.IntVar(&maxBytes, "max-bytes", render.DefaultMaxGIFBytes, "largest file size; frames shrink to fit")
	fs.BoolVar(&noCaptions, "no-captions", false, "leave out the line naming each move")
	if err := parseFlags(fs, e.args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return &usageError{msg: `replay takes no arguments: give moves with -moves "…" or a record with -otg FILE`}
	}
	theme, err := pf.check()
	if err != nil {
		return err
	}
	if delay <= 0 || final <= 0 || maxBytes <= 0 {
		return &usageError{msg: "-delay, -final and -max-bytes must be positive"}
	}
	if delay > render.MaxDelay || final > render.MaxDelay {
		return &usageError{msg: fmt.Sprintf("-delay and -final can be at most %s (a GIF frame's longest)", render.MaxDelay)}
	}
	var g *tafl.Game
	if otg != "" {
		if err := otgConflict(fs); err != nil {
			return err
		}
		text, err := readInput(e, otg)
		if err != nil {
			return err
		}
		if g, _, err = tafl.DecodeGame(string(text)); err != nil {
			return inFile(inputName(otg), err)
		}
	} else {
		if g, err = s.Game(); err != nil {
			return err
		}
		if _, err := PlayMoves(g, strings.Fields(moves)); err != nil {
			return err
		}
	}
	var buf bytes.Buffer
	opts := render.GIFOptions{Theme: theme, Flip: pf.flip, Size: pf.size, Delay: delay, FinalDelay: final, MaxBytes: maxBytes, NoCaptions: noCaptions}
	if err := render.GIF(&buf, g, opts); err != nil {
		return err
	}
	return pf.write(e, buf.Bytes())
}
