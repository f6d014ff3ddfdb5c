package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/taflbot/taflbot/tafl"
)

// playJSON is the -json output of tafl play (a contract: see main.go).
type playJSON struct {
	Variant  string         `json:"variant"`
	Moves    []playMoveJSON `json:"moves"`
	Position string         `json:"position"`
	ToMove   string         `json:"to_move"`
	Status   string         `json:"status"`
	Reason   string         `json:"reason"`
	Error    *playErrorJSON `json:"error"`
}

type playMoveJSON struct {
	Move     string   `json:"move"`
	Notation string   `json:"notation"`
	Captures []string `json:"captures"`
	Announce string   `json:"announce"`
}

type playErrorJSON struct {
	Index  int    `json:"index"`
	Move   string `json:"move"`
	Reason string `json:"reason"`
}

// runPlay plays a move list, or a game record, and reports each move and
// the result.
func runPlay(e env) error {
	var s setup
	var asJSON bool
	var otg string
	fs := newFlags(e, "play", "[position flags] [-json] MOVE… | - | -otg FILE")
	s.register(fs)
	fs.BoolVar(&asJSON, "json", false, "print one JSON object")
	fs.StringVar(&otg, "otg", "", "play the game in this OTN game record (- for standard input)")
	if err := parseFlags(fs, e.args); err != nil {
		return err
	}
	moves := fs.Args()
	var record []byte // a game record's text, from -otg or standard input
	name := otg
	switch {
	case otg != "" && len(moves) > 0:
		return &usageError{msg: "-otg takes no moves: the record gives them (give moves without -otg, or with - on standard input)"}
	case otg != "":
		data, err := readInput(e, otg)
		if err != nil {
			return err
		}
		record = data
	case len(moves) == 1 && moves[0] == "-":
		data, err := io.ReadAll(e.stdin)
		if err != nil {
			return fmt.Errorf("reading standard input: %w", err)
		}
		name = "-"
		if isRecord(data) {
			record = data
			break
		}
		const neither = "standard input is neither a game record (.otg: tags such as [variant:copenhagen], then numbered turns such as 1. d1-d4 f4-i4) nor a list of moves such as d1-d4 f4-i4"
		if !utf8.Valid(data) || bytes.IndexByte(data, 0) >= 0 {
			return errors.New(neither + ": it is not text")
		}
		// The moves, with turn numbers ("1.", "2...") left out: the
		// moves of a record without tags, played from the position flags.
		moves = slices.DeleteFunc(strings.Fields(string(data)), isTurnNumber)
		if len(moves) > 0 {
			if _, err := tafl.ParseMove(moves[0]); err != nil {
				return fmt.Errorf("%s: its first word %q is no move (%s)", neither, short(moves[0]), tafl.Refusal(err))
			}
		}
	}
	var g *tafl.Game
	var stop *playErrorJSON
	if record != nil {
		if err := recordConflict(fs, otg != ""); err != nil {
			return err
		}
		var err error
		if g, _, err = tafl.DecodeGame(string(record)); err != nil {
			return inFile(inputName(name), err)
		}
	} else {
		var err error
		if g, err = s.Game(); err != nil {
			return err
		}
		for i, text := range moves {
			if _, err := g.PlayText(text); err != nil {
				stop = &playErrorJSON{Index: i, Move: text, Reason: tafl.Refusal(err)}
				break
			}
		}
	}
	out := playJSON{Variant: g.Variant().Name(), Moves: []playMoveJSON{}, Error: stop}
	for _, ply := range g.Plies() {
		caps := []string{}
		for _, c := range ply.Captures {
			caps = append(caps, c.String())
		}
		out.Moves = append(out.Moves, playMoveJSON{Move: ply.Move.String(), Notation: ply.Notation(), Captures: caps, Announce: ply.Announce.String()})
	}
	pos := g.Position()
	o := g.Outcome()
	out.Position, out.ToMove, out.Status, out.Reason = pos.Record(), pos.ToMove().String(), o.Status(), o.Reason.String()
	if asJSON {
		if err := json.NewEncoder(e.stdout).Encode(out); err != nil {
			return err
		}
	} else {
		printPlay(e, g, out)
	}
	if out.Error != nil {
		if !asJSON {
			fmt.Fprintf(e.stderr, "tafl play: move %d (%s): %s\n", out.Error.Index+1, out.Error.Move, out.Error.Reason)
		}
		return &exitError{code: 1}
	}
	return nil
}

// isRecord reports whether text read for tafl play - is a game record
// rather than a list of moves: its first line that is not blank begins
// with a tag ("[variant:brandubh]"), as every record taflbot, OpenTafl
// and tafl match write does.
func isRecord(text []byte) bool {
	for _, line := range strings.Split(strings.TrimPrefix(string(text), "\ufeff"), "\n") {
		if line = strings.TrimSpace(line); line != "" {
			return strings.HasPrefix(line, "[")
		}
	}
	return false
}

// printPlay writes the text report for people.
func printPlay(e env, g *tafl.Game, out playJSON) {
	w := e.stdout
	for i, m := range out.Moves {
		line := fmt.Sprintf("%3d. %-7s %s", i+1, sideName(g, i), m.Notation)
		if m.Announce != "" {
			line += "  " + strings.ToUpper(m.Announce[:1]) + m.Announce[1:] + "!"
		}
		fmt.Fprintln(w, line)
	}
	fmt.Fprintln(w)
	fmt.Fprint(w, g.Position().Diagram())
	fmt.Fprintln(w)
	fmt.Fprintf(w, "position: %s\n", out.Position)
	if o := g.Outcome(); o.Over() {
		reason := out.Reason
		switch repeater := g.ToMove().Other(); {
		case o.Reason == tafl.NoMoves && g.Position().Count(g.ToMove()) == 0:
			reason += ": the " + out.ToMove + " had no pieces left" // their last piece was captured
		case o.Reason == tafl.NoMoves:
			reason += ": the " + out.ToMove + " had no legal move" // who, as the bot's result line says
		case o.Reason == tafl.Repetition && o.Winner == repeater:
			reason += ": a repetition by the attackers loses for the defenders"
		case o.Reason == tafl.Repetition && o.Winner != tafl.NoSide:
			reason += ": the " + repeater.String() + " repeated the position"
		}
		fmt.Fprintf(w, "result:   %s (%s)\n", out.Status, reason)
	} else {
		fmt.Fprintf(w, "to move:  %s\n", out.ToMove)
	}
}

// sideName names the side that made ply i.
func sideName(g *tafl.Game, i int) string {
	s := g.Start().ToMove()
	if i%2 == 1 {
		s = s.Other()
	}
	if s == tafl.Attackers {
		return "att"
	}
	return "def"
}

// isTurnNumber reports whether a word of a move list is a turn's number
// ("1.", "12.", "3...") or dots alone, as a record's moves are numbered.
func isTurnNumber(w string) bool {
	d := strings.TrimRight(w, ".")
	return d != w && strings.Trim(d, "0123456789") == ""
}

// short cuts a word quoted in a message to at most 24 bytes, between
// characters (a binary file's first "word" may be long).
func short(w string) string {
	if len(w) <= 24 {
		return w
	}
	n := 21
	for n > 0 && !utf8.RuneStart(w[n]) {
		n--
	}
	return w[:n] + "..."
}
