package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/taflbot/taflbot/render"
	"github.com/taflbot/taflbot/tafl"
)

// `tafl render` draws a position as a PNG: the start position the position
// flags give, after the moves of -moves if any (the last one is marked,
// with its captures). -caption auto writes who is to move and the move
// number, or the result, under the board.
//
//	tafl render -variant copenhagen -moves "e1-e3 d6-d3" -o board.png -caption auto

// pictureFlags are the drawing flags render and replay share.
type pictureFlags struct {
	out   string
	theme string
	flip  bool
	size  int
}

func (p *pictureFlags) register(fs *flag.FlagSet, what string, defaultSize int) {
	fs.StringVar(&p.out, "o", "", "write the "+what+" to this file (- for standard output)")
	fs.StringVar(&p.theme, "theme", "light", "colour theme: light or dark")
	fs.BoolVar(&p.flip, "flip", false, "turn the board: rank 1 at the top")
	fs.IntVar(&p.size, "size", defaultSize, fmt.Sprintf("width in pixels (%d to %d)", render.MinSize, render.MaxSize))
}

func (p *pictureFlags) check() (render.Theme, error) {
	if p.out == "" {
		return 0, &usageError{msg: "-o FILE is required (- for standard output)"}
	}
	th, err := render.ParseTheme(p.theme)
	if err != nil {
		return 0, &usageError{msg: err.Error()}
	}
	if p.size < render.MinSize || p.size > render.MaxSize {
		return 0, &usageError{msg: fmt.Sprintf("-size %d is out of range: use %d to %d", p.size, render.MinSize, render.MaxSize)}
	}
	// The file is checked before the game is read and drawn (seconds for
	// a long replay), not found unwritable when it is written after.
	if p.out != "-" {
		if err := checkOutput(p.out); err != nil {
			return 0, err
		}
	}
	return th, nil
}

// write writes data to the file or, for "-", to standard output. Data is
// complete before anything is written, so a failure leaves no half file.
func (p *pictureFlags) write(e env, data []byte) error {
	if p.out == "-" {
		_, err := e.stdout.Write(data)
		return err
	}
	return os.WriteFile(p.out, data, 0o644)
}

func runRender(e env) error {
	var s setup
	var pf pictureFlags
	var moves, caption string
	fs := newFlags(e, "render", `[position flags] [-moves "…"] -o board.png [-theme light|dark] [-flip] [-size N] [-caption TEXT|auto]`)
	s.register(fs)
	pf.register(fs, "PNG", render.DefaultSize)
	fs.StringVar(&moves, "moves", "", "moves to play from the position first, separated by spaces; the last is marked")
	fs.StringVar(&caption, "caption", "", `text under the board; "auto" for the side to move and move number`)
	if err := parseFlags(fs, e.args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return &usageError{msg: `render takes no arguments: give moves with -moves "e1-e3 d6-d3"`}
	}
	theme, err := pf.check()
	if err != nil {
		return err
	}
	if n := strings.Count(caption, "\n") + 1; n > render.MaxCaptionLines {
		return &usageError{msg: fmt.Sprintf("-caption has %d lines: a caption has at most %d", n, render.MaxCaptionLines)}
	}
	g, err := s.Game()
	if err != nil {
		return err
	}
	if _, err := PlayMoves(g, strings.Fields(moves)); err != nil {
		return err
	}
	opts := render.Options{Theme: theme, Flip: pf.flip, Size: pf.size, Caption: caption}
	if n := g.Len(); n > 0 {
		last := g.Plies()[n-1]
		opts.LastMove, opts.Captured = last.Move, last.Captures
	}
	if caption == "auto" {
		opts.Caption = autoCaption(g)
	}
	var buf bytes.Buffer
	if err := render.PNG(&buf, g.Position(), opts); err != nil {
		return err
	}
	return pf.write(e, buf.Bytes())
}

// autoCaption says whose move it is and which move, or how the game ended.
func autoCaption(g *tafl.Game) string {
	if out := g.Outcome(); out.Over() {
		// In words, as the bot's pictures and tafl replay say it (it said
		// "Attackers win: no moves", not whose moves, nor who repeated).
		return g.OutcomeText()
	}
	// Moves are counted in pairs, as everywhere (the bot's captions, OTN).
	return fmt.Sprintf("%s to move · move %d", capitalize(g.ToMove().String()), tafl.MoveNumber(g.Len()))
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// readInput reads a file, or standard input for "-".
func readInput(e env, name string) ([]byte, error) {
	if name == "-" {
		return io.ReadAll(e.stdin)
	}
	return os.ReadFile(name)
}

// inputName names what readInput read in a message: the file, or
// "standard input" for "-".
func inputName(name string) string {
	if name == "-" {
		return "standard input"
	}
	return name
}

// checkOutput makes sure that the file at path can be written, before a
// long run (mining puzzles, fitting weights) whose result would be lost
// to a missing folder or a typo only at its end. It opens the file for
// writing without changing it, and removes it again if it did not exist.
func checkOutput(path string) error {
	_, statErr := os.Stat(path)
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE, 0o644)
	if err != nil {
		return err
	}
	f.Close()
	if errors.Is(statErr, os.ErrNotExist) {
		os.Remove(path)
	}
	return nil
}

// earlierRun refuses the folder dir that flag names when it holds files
// named like pattern, an earlier run's, which this run would overwrite
// one by one, leaving the rest, without a word. With force they are
// removed first (folders, such as tafl openings' candidate-NNNN, with
// what they hold), so that the folder holds this run's files only.
func earlierRun(flag, dir, pattern, what string, force bool) error {
	found, err := filepath.Glob(filepath.Join(dir, pattern))
	if err != nil || len(found) == 0 {
		return err
	}
	if !force {
		sort.Strings(found)
		return fmt.Errorf("%s %s holds %s of an earlier run (%s, …), which this one would overwrite: give a new or empty folder, or -force to replace them",
			flag, dir, plural(len(found), what, what+"s"), filepath.Base(found[0]))
	}
	for _, f := range found {
		remove := os.Remove
		if fi, err := os.Lstat(f); err == nil && fi.IsDir() {
			remove = os.RemoveAll
		}
		if err := remove(f); err != nil {
			return fmt.Errorf("%s -force: %w", flag, err)
		}
	}
	return nil
}

// makeFolder makes the folder that flag (such as -o or -out) names, with
// its parents, before any work or output, and says what the flag takes
// when it names a file ("mkdir FILE: not a directory" did not).
func makeFolder(flag, dir, what string) error {
	if fi, err := os.Stat(dir); err == nil && !fi.IsDir() {
		return fmt.Errorf("%s %s is a file: give a folder for %s", flag, dir, what)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("%s: cannot make a folder for %s: %w", flag, what, err)
	}
	return nil
}
