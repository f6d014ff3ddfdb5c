package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"strings"

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

// runPlay plays a move list and reports each move and the result.
func runPlay(e env) error {
	var s setup
	var asJSON bool
	fs := newFlags(e, "play", "[position flags] [-json] MOVE… | -")
	s.register(fs)
	fs.BoolVar(&asJSON, "json", false, "print one JSON object")
	if err := parseFlags(fs, e.args); err != nil {
		return err
	}
	moves := fs.Args()
	if len(moves) == 1 && moves[0] == "-" {
		moves = nil
		sc := bufio.NewScanner(e.stdin)
		sc.Buffer(make([]byte, 64*1024), 16*1024*1024)
		sc.Split(bufio.ScanWords)
		for sc.Scan() {
			moves = append(moves, sc.Text())
		}
		if err := sc.Err(); err != nil {
			return fmt.Errorf("reading moves from standard input: %w", err)
		}
	}
	g, err := s.Game()
	if err != nil {
		return err
	}
	out := playJSON{Variant: g.Variant().Name(), Moves: []playMoveJSON{}}
	for i, text := range moves {
		ply, err := g.PlayText(text)
		if err != nil {
			out.Error = &playErrorJSON{Index: i, Move: text, Reason: tafl.Refusal(err)}
			break
		}
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
