package analysis

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/taflbot/taflbot/tafl"
	"github.com/taflbot/taflbot/tafl/ai"
)

// DefaultNodes is the default budget of the search of one position:
// about a fifth of a second on one core, so a game of 100 plies is
// reviewed in well under a minute (docs/PERFORMANCE.md).
const DefaultNodes = 400_000

// Eval is the engine's judgement of one position of a game.
type Eval struct {
	// Score is the evaluation from the attackers' point of view, in
	// hundredths of an attacker (see package tafl/ai).
	Score int `json:"score"`
	// Winner is the side that wins by force (NoSide: neither, or the
	// game ended in a draw).
	Winner tafl.Side `json:"winner,omitempty"`
	// Draw: the game is over, drawn.
	Draw bool `json:"draw,omitempty"`
	// Best is the engine's move (NoMove once the game is over), and Line
	// its principal variation, Best first.
	Best tafl.Move   `json:"-"`
	Line []tafl.Move `json:"-"`
	// Depth and Nodes say how far the search went.
	Depth int   `json:"depth,omitempty"`
	Nodes int64 `json:"nodes,omitempty"`
}

// Evaluate judges the current position of g with a search of the given
// number of nodes (0: DefaultNodes) on one thread: deterministic for a
// given game. A game over needs no search: its result is the judgement.
// g does not change.
func Evaluate(ctx context.Context, g *tafl.Game, nodes int64) (Eval, error) {
	h := g
	switch o := g.Outcome(); o.Reason {
	case tafl.NoEnd:
	case tafl.Resignation, tafl.DrawAgreed, tafl.Timeout, tafl.Aborted:
		// Judged on its board, as if it went on (an aborted game too:
		// nobody won it, but it was not drawn either).
		var err error
		if h, err = replay(g); err != nil {
			return Eval{}, err
		}
	default:
		// Ended by the rules: the result is known.
		return Eval{Winner: o.Winner, Draw: o.Winner == tafl.NoSide}, nil
	}
	if nodes <= 0 {
		nodes = DefaultNodes
	}
	res, err := ai.Search(ctx, h, ai.Limits{Nodes: nodes})
	if errors.Is(err, ai.ErrNoMove) {
		return Eval{}, fmt.Errorf("analysis: no move to search in %v", g.Position())
	}
	if err != nil {
		return Eval{}, err
	}
	if err := ctx.Err(); err != nil {
		return Eval{}, err // cut short: the score means little
	}
	e := Eval{Score: res.Score, Best: res.Move, Line: slices.Clone(res.PV), Depth: res.Depth, Nodes: res.Nodes}
	mover := g.ToMove()
	if mover == tafl.Defenders {
		e.Score = -e.Score
	}
	switch m := res.Mate(); {
	case m > 0:
		e.Winner = mover
	case m < 0:
		e.Winner = mover.Other()
	}
	return e, nil
}

// replay returns g's moves played again from its start, without an
// outcome recorded outside the rules.
func replay(g *tafl.Game) (*tafl.Game, error) {
	h := tafl.NewGameFrom(g.Start())
	for i, p := range g.Plies() {
		if _, err := h.Play(p.Move); err != nil {
			return nil, fmt.Errorf("analysis: replaying move %d: %w", i+1, err)
		}
	}
	return h, nil
}

// Positions returns the game at each of its positions: element i is g
// after its first i moves, with its history, so that the search applies
// the repetition rule as in the game. The last element is g as it ended
// (a resignation, an agreed draw or a loss on time included).
func Positions(g *tafl.Game) ([]*tafl.Game, error) {
	out := make([]*tafl.Game, 0, g.Len()+1)
	h := tafl.NewGameFrom(g.Start())
	out = append(out, h.Clone())
	for i, p := range g.Plies() {
		if _, err := h.Play(p.Move); err != nil {
			return nil, fmt.Errorf("analysis: replaying move %d: %w", i+1, err)
		}
		out = append(out, h.Clone())
	}
	if o := g.Outcome(); o.Over() && !h.Outcome().Over() {
		if err := h.SetOutcome(o); err != nil {
			return nil, err
		}
		out[len(out)-1] = h
	}
	return out, nil
}

// Analyse reviews a whole game: it evaluates every position with Evaluate
// in turn and builds the report with Review. The bot evaluates the
// positions one by one through its engine queue instead, so that other
// work can go between them.
func Analyse(ctx context.Context, g *tafl.Game, nodes int64) (*Report, error) {
	games, err := Positions(g)
	if err != nil {
		return nil, err
	}
	evals := make([]Eval, len(games))
	for i, h := range games {
		if evals[i], err = Evaluate(ctx, h, nodes); err != nil {
			return nil, err
		}
	}
	return Review(g, evals, nodes)
}
