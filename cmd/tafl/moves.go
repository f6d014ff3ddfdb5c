package main

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/taflbot/taflbot/tafl"
)

// runMoves prints the legal moves of the side to move, sorted by the
// from-square's file and rank (as a number), then the to-square's.
func runMoves(e env) error {
	var s setup
	var asJSON bool
	fs := newFlags(e, "moves", "[position flags] [-json]")
	s.register(fs)
	fs.BoolVar(&asJSON, "json", false, `print {"moves":[…]}`)
	if err := parseFlags(fs, e.args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return &usageError{msg: "moves takes no arguments (did you mean tafl play?)"}
	}
	g, err := s.Game()
	if err != nil {
		return err
	}
	// In board order (a2-a3 before a10-a9), not LegalMoves' order of the
	// names as text.
	moves := g.LegalMoves()
	slices.SortFunc(moves, tafl.CompareMoves)
	list := []string{}
	for _, m := range moves {
		list = append(list, m.String())
	}
	o := g.Outcome()
	if asJSON {
		// A finished game has no moves: status and reason say how it ended.
		out := struct {
			Moves  []string `json:"moves"`
			Status string   `json:"status,omitempty"`
			Reason string   `json:"reason,omitempty"`
		}{Moves: list}
		if o.Over() {
			out.Status, out.Reason = o.Status(), o.Reason.String()
		}
		if err := json.NewEncoder(e.stdout).Encode(out); err != nil {
			return err
		}
		if o.Over() {
			return &exitError{code: 1}
		}
		return nil
	}
	if o.Over() {
		return fmt.Errorf("the game is over (%s): there are no moves", g.OutcomeText())
	}
	for _, m := range list {
		fmt.Fprintln(e.stdout, m)
	}
	return nil
}
