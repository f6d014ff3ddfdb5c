package puzzle

import (
	"context"
	"errors"
	"slices"
	"strconv"

	"github.com/taflbot/taflbot/tafl"
)

// MineOptions bound the search for puzzles in one game.
type MineOptions struct {
	// MaxMoves is the longest win looked for (1 to MaxMoves; 0: 3).
	MaxMoves int
	// Budget is the most positions each exhaustive search may visit
	// (0: 2 000 000). A position that needs more is passed over.
	Budget int64
	// MinMoves passes over shorter wins (0: 1).
	MinMoves int
	// Side, when set, mines only the games that side won.
	Side tafl.Side
}

func (o MineOptions) withDefaults() MineOptions {
	if o.MaxMoves <= 0 {
		o.MaxMoves = 3
	}
	o.MaxMoves = min(o.MaxMoves, MaxMoves)
	if o.Budget <= 0 {
		o.Budget = 2_000_000
	}
	return o
}

// Mine looks for a puzzle in a finished game with a winner: in the
// positions where the winner was to move — the last MaxMoves of them,
// walking back from the end, the final position included when the loser
// resigned or ran out of time there — it tries Find, and returns the
// puzzle with the longest solution (among equals, the one nearest the
// end). ok is false when the game has no winner (or not opts.Side), or none of those
// positions is a puzzle within the budget. source is copied into the
// puzzle, followed by the position's move number (", before move 23").
func Mine(ctx context.Context, g *tafl.Game, source string, opts MineOptions) (p Puzzle, ok bool, err error) {
	opts = opts.withDefaults()
	w := g.Outcome().Winner
	if w == tafl.NoSide || opts.Side != tafl.NoSide && w != opts.Side {
		return Puzzle{}, false, nil
	}
	at, err := Candidates(g, opts.MaxMoves)
	if err != nil {
		return Puzzle{}, false, err
	}
	for k := 1; k <= len(at); k++ {
		h := at[k-1]
		found, yes, err := Find(ctx, h, opts.MaxMoves, opts.Budget)
		if errors.Is(err, ErrBudget) {
			continue
		}
		if err != nil {
			return Puzzle{}, false, err
		}
		if yes && found.Moves >= opts.MinMoves && (!ok || found.Moves > p.Moves) {
			found.Source = source + ", before move " + strconv.Itoa(h.Len()/2+1)
			p, ok = found, true
		}
	}
	return p, ok, nil
}

// Candidates returns the positions of a finished game that Mine tries:
// the last n where the winner was to move, the last first (the final
// position included when the loser resigned or ran out of time there),
// each as the game up to it. None for a game without a winner.
func Candidates(g *tafl.Game, n int) ([]*tafl.Game, error) {
	w := g.Outcome().Winner
	if w == tafl.NoSide {
		return nil, nil
	}
	var at []*tafl.Game
	replay := tafl.NewGameFrom(g.Start())
	for _, pl := range g.Plies() {
		if replay.ToMove() == w {
			at = append(at, replay.Clone())
		}
		if _, err := replay.Play(pl.Move); err != nil {
			return nil, err
		}
	}
	if !replay.Outcome().Over() && replay.ToMove() == w {
		at = append(at, replay) // the loser gave up here
	}
	slices.Reverse(at)
	return at[:min(n, len(at))], nil
}
