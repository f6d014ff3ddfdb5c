package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"

	"github.com/taflbot/taflbot/render"
	"github.com/taflbot/taflbot/tafl"
)

// `tafl rules` prints a variant's rules page, generated from its rule data
// (the text /tafl rules shows in Discord), and the worked examples. With
// -o DIR it also draws the start board and each example as PNGs there
// (start.png, 1.png, 2.png, …). A rules string whose start no game can
// be played from (no attackers; a game over at once, or no first move) is refused, exit
// status 2, as the bot's /tafl rules refuses it.
//
//	tafl rules -variant tablut
//	tafl rules -variant copenhagen -o /tmp/rules -theme dark
func runRules(e env) error {
	var s setup
	var dir, themeName string
	var size int
	fs := newFlags(e, "rules", "[-variant NAME | -rules OTN] [-o DIR] [-theme light|dark] [-size N]")
	s.register(fs)
	fs.StringVar(&dir, "o", "", "also draw the start board and the examples as PNGs into this folder")
	fs.StringVar(&themeName, "theme", "light", "colour theme of the pictures: light or dark")
	fs.IntVar(&size, "size", 360, fmt.Sprintf("width of the example pictures in pixels (%d to %d)", render.MinSize, render.MaxSize))
	if err := parseFlags(fs, e.args); err != nil {
		return err
	}
	if fs.NArg() > 0 || s.position != "" || s.side != "" {
		// A variant's page is of its start: -side was ignored.
		return &usageError{msg: "rules takes no arguments, no -position and no -side: the page is the variant's, from its start"}
	}
	theme, err := render.ParseTheme(themeName)
	if err != nil {
		return &usageError{msg: err.Error()}
	}
	if size < render.MinSize || size > render.MaxSize {
		return &usageError{msg: fmt.Sprintf("-size %d is out of range: use %d to %d", size, render.MinSize, render.MaxSize)}
	}
	v, err := s.Variant()
	if err != nil {
		return err
	}
	// A start no game can be played from, as the bot's /tafl rules
	// refuses it: the page described a game over before it began.
	start := v.Start()
	switch {
	case start.Count(tafl.Attackers) == 0:
		return &usageError{msg: "-rules: its start position has no attackers (t): a game needs both sides"}
	case start.Outcome().Over():
		return &usageError{msg: fmt.Sprintf("-rules: the game is already over in its start position (%s): no game can be played from it", start.Outcome().Text(start.ToMove()))}
	case len(start.LegalMoves()) == 0:
		return &usageError{msg: fmt.Sprintf("-rules: the %s, who move first, have no legal move in its start position: the game would be over before it began", start.ToMove())}
	}
	if dir != "" {
		if err := makeFolder("-o", dir, "the pictures (start.png, 1.png, …)"); err != nil {
			return err
		}
	}
	fmt.Fprint(e.stdout, v.RulesPage().Text())
	ils := v.Illustrations()
	if len(ils) > 0 {
		fmt.Fprintln(e.stdout, "\nExamples")
	}
	for i, il := range ils {
		fmt.Fprintf(e.stdout, "%d. %s: %s\n   %s\n", i+1, il.Title, il.Caption, il.Before.Record())
	}
	if dir == "" {
		return nil
	}
	write := func(name string, opts render.Options, il *int) error {
		var buf bytes.Buffer
		pos := v.Start()
		if il != nil {
			pos = ils[*il].After
			opts.LastMove, opts.Captured = ils[*il].Ply.Move, ils[*il].Ply.Captures
		}
		if err := render.PNG(&buf, pos, opts); err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dir, name), buf.Bytes(), 0o644)
	}
	if err := write("start.png", render.Options{Theme: theme}, nil); err != nil {
		return err
	}
	for i := range ils {
		if err := write(fmt.Sprintf("%d.png", i+1), render.Options{Theme: theme, Size: size}, &i); err != nil {
			return err
		}
	}
	return nil
}
