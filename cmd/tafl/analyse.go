package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/taflbot/taflbot/analysis"
	"github.com/taflbot/taflbot/render"
	"github.com/taflbot/taflbot/tafl"
)

// runAnalyse reviews a game with package analysis: the turning points on
// standard output, and on request the evaluation graph, the board at the
// worst mistake, the whole review as text or as JSON.
func runAnalyse(e env) error {
	var s setup
	fs := newFlags(e, "analyse", `[-otg FILE | position flags -moves "…"] [-nodes N] [-graph FILE.png] [-board FILE.png] [-text FILE] [-json]`)
	s.register(fs)
	otg := fs.String("otg", "", "the game record to review (- for standard input)")
	moves := fs.String("moves", "", "or: the moves of the game, from the position flags' start")
	nodes := fs.Int64("nodes", analysis.DefaultNodes, "nodes searched per position")
	graph := fs.String("graph", "", "write the evaluation graph to this PNG file")
	board := fs.String("board", "", "write the board at the worst mistake, with the better move, to this PNG file")
	text := fs.String("text", "", "write the whole review as text to this file")
	asJSON := fs.Bool("json", false, "print the review as JSON instead of the turning points")
	if err := parseFlags(fs, e.args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return &usageError{msg: "analyse takes no arguments: give the game with -otg FILE or -moves"}
	}
	if *nodes <= 0 {
		return &usageError{msg: fmt.Sprintf("-nodes %d: give a positive number", *nodes)}
	}
	// The files are checked before the review, which takes seconds to
	// minutes, rather than when they are written after it.
	for _, out := range []string{*graph, *board, *text} {
		if out != "" {
			if err := checkOutput(out); err != nil {
				return err
			}
		}
	}
	var g *tafl.Game
	if *otg != "" {
		if err := otgConflict(fs); err != nil {
			return err
		}
		data, err := readInput(e, *otg)
		if err != nil {
			return err
		}
		if g, _, err = tafl.DecodeGame(string(data)); err != nil {
			return inFile(inputName(*otg), err)
		}
	} else {
		var err error
		if g, err = s.Game(); err != nil {
			return err
		}
		if _, err := PlayMoves(g, strings.Fields(*moves)); err != nil {
			return err
		}
	}
	if g.Len() == 0 {
		if *otg != "" {
			// The record was given: it is the record that lacks moves.
			return fmt.Errorf("%s: the record has no moves: there is nothing to review", inputName(*otg))
		}
		return &usageError{msg: "the game has no moves to review: give -otg FILE or -moves"}
	}
	start := time.Now()
	r, err := analysis.Analyse(context.Background(), g, *nodes)
	if err != nil {
		return err
	}
	took := time.Since(start)
	// Moves counted in pairs, as every message and the graph's axis count
	// them (#20); the plies in brackets; the end in words, as the bot's
	// result line says it.
	title := fmt.Sprintf("%s · %s (%s) · %s", g.Variant().Rules().Title, plural(tafl.MoveCount(g.Len()), "move", "moves"),
		plural(g.Len(), "ply", "plies"), g.OutcomeText())
	if *graph != "" {
		var buf bytes.Buffer
		if err := render.GraphPNG(&buf, r.Graph(title), render.GraphOptions{}); err != nil {
			return err
		}
		if err := os.WriteFile(*graph, buf.Bytes(), 0o644); err != nil {
			return err
		}
	}
	if *board != "" {
		// A game without a mistake to draw is no failure: the review
		// is written and printed all the same, and a line says why
		// there is no board.
		if w := r.Worst(); w < 0 {
			fmt.Fprintf(e.stderr, "no board written (-board %s): no move lost anything, so there is no mistake to draw\n", *board)
		} else if pos, opts, ok, err := r.MistakeBoard(g, w); err != nil {
			return err
		} else if !ok {
			fmt.Fprintf(e.stderr, "no board written (-board %s): the engine had no better move at the worst move\n", *board)
		} else {
			var buf bytes.Buffer
			if err := render.PNG(&buf, pos, opts); err != nil {
				return err
			}
			if err := os.WriteFile(*board, buf.Bytes(), 0o644); err != nil {
				return err
			}
		}
	}
	if *text != "" {
		var b strings.Builder
		if err := r.WriteText(&b, title); err != nil {
			return err
		}
		if err := os.WriteFile(*text, []byte(b.String()), 0o644); err != nil {
			return err
		}
	}
	if *asJSON {
		return json.NewEncoder(e.stdout).Encode(reportJSON(r))
	}
	fmt.Fprintf(e.stdout, "%s: %s reviewed in %.1f s (%s each)\n", title, plural(len(r.Chances), "position", "positions"), took.Seconds(),
		plural(int(r.Nodes), "node", "nodes"))
	switch {
	case len(r.Turning) == 0 && r.Fitted:
		fmt.Fprintln(e.stdout, "no move lost more than 2 points of win chance")
	case len(r.Turning) == 0:
		fmt.Fprintln(e.stdout, "no move lowered the engine's judgement by much (no win chance is shown: none checked for this variant)")
	case !r.Fitted:
		fmt.Fprintln(e.stdout, "no win chance is shown: none checked for this variant; the engine's judgement before → after each turning point:")
	}
	for _, l := range r.TurningLines() {
		fmt.Fprintln(e.stdout, l)
	}
	return nil
}

// analyseJSON is tafl analyse's -json output: the report as the bot
// stores it (analysis.Report, side and class as numbers), each move with
// its side and class also by name.
type analyseJSON struct {
	*analysis.Report
	Moves []moveJSON `json:"moves"`
}

// moveJSON is one move of analyseJSON.
type moveJSON struct {
	analysis.MoveReview
	SideName  string `json:"side_name"`  // "attackers" or "defenders"
	ClassName string `json:"class_name"` // "none", "inaccuracy", "mistake" or "blunder"
}

func reportJSON(r *analysis.Report) analyseJSON {
	out := analyseJSON{Report: r, Moves: make([]moveJSON, len(r.Moves))}
	for i, m := range r.Moves {
		class := m.Class.String()
		if m.Class == analysis.NoClass {
			class = "none"
		}
		out.Moves[i] = moveJSON{MoveReview: m, SideName: m.Side.String(), ClassName: class}
	}
	return out
}
