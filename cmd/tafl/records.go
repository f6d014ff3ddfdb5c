package main

import (
	"fmt"
	"os"

	"github.com/taflbot/taflbot/tafl"
)

// readFinished reads a finished game from a record file and returns it
// with its result for the attackers: 1 a win, ½ a draw, 0 a loss.
func readFinished(path string) (*tafl.Game, float64, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, 0, err
	}
	g, _, err := tafl.DecodeGame(string(data))
	if err != nil {
		return nil, 0, fmt.Errorf("%s: %w", path, err)
	}
	o := g.Outcome()
	if !o.Over() {
		return nil, 0, fmt.Errorf("%s: the game is not finished: only finished games have a result to fit", path)
	}
	switch o.Winner {
	case tafl.Attackers:
		return g, 1, nil
	case tafl.Defenders:
		return g, 0, nil
	}
	return g, 0.5, nil
}

// oneVariant checks that game g (read from path) is of variant *v, or
// makes it the variant when *v is nil.
func oneVariant(v **tafl.Variant, g *tafl.Game, path string) error {
	if *v == nil {
		*v = g.Variant()
	} else if g.Variant().RulesString() != (*v).RulesString() {
		return fmt.Errorf("%s is a game of %s, not %s: fit one variant at a time", path, g.Variant().Name(), (*v).Name())
	}
	return nil
}
