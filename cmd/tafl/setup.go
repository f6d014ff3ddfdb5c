package main

import (
	"flag"
	"fmt"
	"strings"

	"github.com/taflbot/taflbot/tafl"
)

// setup holds the position flags common to the subcommands.
type setup struct {
	variant, layout, rules, position, side string
	repetition                             string
}

// register adds -variant, -layout, -rules, -position, -side and -repetition to fs.
func (s *setup) register(fs *flag.FlagSet) {
	fs.StringVar(&s.variant, "variant", tafl.DefaultVariant, "preset variant (tafl variants lists them), or NAME/LAYOUT such as tawlbwrdd/bell")
	fs.StringVar(&s.layout, "layout", "", "start layout, for variants that have several (tawlbwrdd: lewis, bell, lewis-cross)")
	fs.StringVar(&s.rules, "rules", "", "custom variant: an OpenTafl rules string (overrides -variant)")
	fs.StringVar(&s.position, "position", "", "start from this OTN position record")
	fs.StringVar(&s.side, "side", "", "side to move in -position: attackers or defenders")
	fs.StringVar(&s.repetition, "repetition", "", "change only the variant's rule for a third occurrence of a position: "+strings.Join(tafl.RepetitionNames(), ", "))
}

// otgConflict refuses the flags that a game record (-otg) decides
// itself: the moves and every position flag. It names the first one set.
func otgConflict(fs *flag.FlagSet) error { return recordConflict(fs, true) }

// recordConflict is otgConflict for a record given with -otg (flag) or,
// for tafl play -, on standard input.
func recordConflict(fs *flag.FlagSet, otg bool) error {
	conflict := ""
	fs.Visit(func(f *flag.Flag) {
		switch f.Name {
		case "moves", "variant", "layout", "rules", "position", "side", "repetition":
			if conflict == "" {
				conflict = f.Name
			}
		}
	})
	switch {
	case conflict == "":
		return nil
	case otg:
		return &usageError{msg: "-" + conflict + " does not go with -otg: the record gives the variant, start and moves"}
	}
	return &usageError{msg: "-" + conflict + " does not go with a game record on standard input: the record gives the variant, start and moves"}
}

// Variant returns the variant the flags name.
func (s *setup) Variant() (*tafl.Variant, error) {
	v, err := s.variantOnly()
	if err != nil || s.repetition == "" {
		return v, err
	}
	rep, ok := tafl.ParseRepetition(s.repetition)
	if !ok {
		return nil, &usageError{msg: fmt.Sprintf("-repetition %q: choose one of %s", s.repetition, strings.Join(tafl.RepetitionNames(), ", "))}
	}
	r := v.Rules()
	if r.Repetition == rep {
		return v, nil
	}
	// Other rules than the preset's: a custom variant, whose records carry
	// the whole rules string.
	r.Repetition = rep
	r.Name, r.Layout = "custom", ""
	v, err = tafl.NewVariant(r)
	if err != nil {
		return nil, &usageError{msg: err.Error()}
	}
	return v, nil
}

// variantOnly is Variant without -repetition.
func (s *setup) variantOnly() (*tafl.Variant, error) {
	if s.rules != "" {
		r, err := tafl.ParseRules(s.rules)
		if err != nil {
			return nil, &usageError{msg: err.Error()}
		}
		v, err := tafl.NewVariant(r)
		if err != nil {
			return nil, &usageError{msg: err.Error()}
		}
		return v, nil
	}
	name, layout, err := presetName(s.variant, s.layout)
	if err != nil {
		return nil, err
	}
	v, err := tafl.Preset(name, layout)
	if err != nil && layout == "" {
		// A title ("Copenhagen Hnefatafl"), a name with spaces ("ard ri")
		// or a layout alone ("bell"), as the bot reads them.
		n, l, near, ok := tafl.MatchPreset(name)
		if ok {
			return tafl.Preset(n, l)
		}
		if len(near) > 0 {
			guess := near[len(near)-1]
			if n := len(near); n > 1 {
				guess = strings.Join(near[:n-1], ", ") + " or " + guess
			}
			return nil, &usageError{msg: fmt.Sprintf("unknown variant %q: did you mean %s? (tafl variants lists them all)", name, guess)}
		}
	}
	if err != nil {
		return nil, &usageError{msg: err.Error()}
	}
	return v, nil
}

// presetName reads -variant NAME/LAYOUT ("tawlbwrdd/bell"), the way the
// bot's commands name a preset's layout, as -variant NAME -layout LAYOUT
// (it was "unknown variant", listing names without a word of -layout).
func presetName(variant, layout string) (string, string, error) {
	name, l, ok := strings.Cut(variant, "/")
	if !ok {
		return variant, layout, nil
	}
	if layout != "" && layout != l {
		return "", "", &usageError{msg: fmt.Sprintf("-variant %s names the layout %s, and -layout %s another: give one", variant, l, layout)}
	}
	return name, l, nil
}

// Start returns the position the flags describe.
func (s *setup) Start() (tafl.Position, error) {
	v, err := s.Variant()
	if err != nil {
		return tafl.Position{}, err
	}
	if s.position == "" {
		if s.side != "" {
			return tafl.Position{}, &usageError{msg: "-side goes with -position"}
		}
		return v.Start(), nil
	}
	side := v.Start().ToMove()
	if s.side != "" {
		if side, err = tafl.ParseSide(s.side); err != nil {
			return tafl.Position{}, &usageError{msg: err.Error()}
		}
	}
	p, err := v.ParsePosition(strings.TrimSpace(s.position), side)
	if err != nil {
		return tafl.Position{}, &usageError{msg: err.Error()}
	}
	return p, nil
}

// Game returns a new game from the flags' start position.
func (s *setup) Game() (*tafl.Game, error) {
	p, err := s.Start()
	if err != nil {
		return nil, err
	}
	return tafl.NewGameFrom(p), nil
}

// overAtStart refuses a start position in which the game is already over
// (the king escaped or captured, or the side to move has no move: a
// custom start without attackers), for commands that would play games
// from it: every game would end before its first move.
func overAtStart(start tafl.Position) error {
	if g := tafl.NewGameFrom(start); g.Outcome().Over() {
		return fmt.Errorf("the game is already over in the start position (%s): no game can be played from it", g.OutcomeText())
	}
	return nil
}

// PlayMoves plays moves (OTN simple or full form) into g, stopping at the
// first that fails; it returns how many were played and that error.
func PlayMoves(g *tafl.Game, moves []string) (int, error) {
	for i, m := range moves {
		if _, err := g.PlayText(m); err != nil {
			return i, &moveFailed{fmt.Sprintf("move %d (%s): %s", i+1, m, tafl.Refusal(err)), err}
		}
	}
	return len(moves), nil
}

// moveFailed is a move of a list that could not be played: the message
// names it once (the engine's own error repeats the move), the error
// inside is the engine's.
type moveFailed struct {
	msg string
	err error
}

func (e *moveFailed) Error() string { return e.msg }
func (e *moveFailed) Unwrap() error { return e.err }
