package main

import (
	"encoding/json"
	"fmt"
)

// runMoves prints the legal moves of the side to move, sorted.
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
	list := []string{}
	for _, m := range g.LegalMoves() {
		list = append(list, m.String())
	}
	if asJSON {
		return json.NewEncoder(e.stdout).Encode(struct {
			Moves []string `json:"moves"`
		}{list})
	}
	for _, m := range list {
		fmt.Fprintln(e.stdout, m)
	}
	return nil
}
