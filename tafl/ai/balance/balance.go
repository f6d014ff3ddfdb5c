// Package balance fits the evaluation's balance (see ai.Balance) of one
// variant from game records: the score at which the attackers' expected
// result is 50 %. Every position of every game (after its start) is
// scored by a 1-ply search, and the games' results (win 1, draw ½, loss 0
// for the attackers) are fitted to a logistic curve of that score by
// maximum likelihood. The records should be games of the engine against
// itself at equal budgets, such as `tafl match -p1 nodes=N -p2
// nodes=N+N/100 -out DIR` writes (a budget 1 % apart, so that the two
// games of a pair differ). The curve is fitted by analysis.FitLogistic.
// `tafl balance` runs it.
package balance

import (
	"context"
	"errors"
	"fmt"
	"math"

	"github.com/taflbot/taflbot/analysis"
	"github.com/taflbot/taflbot/tafl"
	"github.com/taflbot/taflbot/tafl/ai"
)

// A fit needs MinWins games won by each side, and a curve no flatter than
// analysis.MaxScale score points a logit.
const MinWins = 5

// Record is one game to fit, with the name errors call it by (a file).
type Record struct {
	Name string
	Game *tafl.Game
}

// Report is a fit's result.
type Report struct {
	Variant       *tafl.Variant
	Games         int
	Positions     int
	AttackerScore float64 // AttackerScore is the attackers' score over the games, 0 to 1.
	Even          float64 // Even is the score (attackers' view) of even chances, rounded.
	Scale         float64 // Scale is the score points of one logit.
	Now           int     // Now is the variant's current balance.
	Fitted        float64 // Fitted is the balance to use: Now + Even.
}

// Fit fits the balance from finished games of one variant. It refuses
// games of several variants, unfinished games, sets in which a side won
// fewer than MinWins games and curves flatter than analysis.MaxScale; each error
// says what to do.
func Fit(recs []Record) (Report, error) {
	var v *tafl.Variant
	var pts []analysis.Point
	var wins [3]int // by side (NoSide: draws)
	for _, r := range recs {
		g := r.Game
		if v == nil {
			v = g.Variant()
		} else if g.Variant().RulesString() != v.RulesString() {
			return Report{}, fmt.Errorf("%s is a game of %s, not %s: fit one variant at a time", r.Name, g.Variant().Name(), v.Name())
		}
		o := g.Outcome()
		if !o.Over() {
			return Report{}, fmt.Errorf("%s: the game is not finished: only finished games have a result to fit", r.Name)
		}
		wins[o.Winner]++
		y := 0.5
		switch o.Winner {
		case tafl.Attackers:
			y = 1
		case tafl.Defenders:
			y = 0
		}
		p, err := ScorePositions(g, y)
		if err != nil {
			return Report{}, fmt.Errorf("%s: %w", r.Name, err)
		}
		pts = append(pts, p...)
	}
	if v == nil {
		return Report{}, errors.New("no games to fit")
	}
	for _, side := range []tafl.Side{tafl.Attackers, tafl.Defenders} {
		if wins[side] < MinWins {
			games := "games"
			if len(recs) == 1 {
				games = "game"
			}
			return Report{}, fmt.Errorf("the %v won %d of %d %s; the fit needs %d wins by each side or it extrapolates: play more games, or from balanced openings (tafl openings)",
				side, wins[side], len(recs), games, MinWins)
		}
	}
	fit, err := analysis.FitLogistic(pts)
	if err != nil {
		return Report{}, err
	}
	if err := usable(fit); err != nil {
		return Report{}, err
	}
	even := math.Round(fit.Even)
	if even == 0 { // no "-0"
		even = 0
	}
	now := ai.Balance(v)
	return Report{
		Variant: v, Games: len(recs), Positions: len(pts),
		AttackerScore: (float64(wins[tafl.Attackers]) + 0.5*float64(wins[tafl.NoSide])) / float64(len(recs)),
		Even:          even, Scale: fit.Scale, Now: now, Fitted: float64(now) + even,
	}, nil
}

// ScorePositions replays g from its start and returns the 1-ply search
// score (attackers' view) of every position before a move, paired with
// the game's result y; positions the search finds won or lost by force
// are left out (their score says nothing about the balance).
func ScorePositions(g *tafl.Game, y float64) ([]analysis.Point, error) {
	var out []analysis.Point
	h := tafl.NewGameFrom(g.Start())
	for _, p := range g.Plies() {
		res, err := ai.Search(context.Background(), h, ai.Limits{Depth: 1})
		if err != nil {
			return nil, err
		}
		if res.Mate() == 0 {
			x := float64(res.Score)
			if h.ToMove() == tafl.Defenders {
				x = -x
			}
			out = append(out, analysis.Point{X: x, Y: y})
		}
		if _, err := h.Play(p.Move); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// usable refuses a curve too flat for its even point to be a balance.
func usable(f analysis.Logistic) error {
	if err := f.Usable(); err != nil {
		return fmt.Errorf("%w, or leave the balance at 0", err)
	}
	return nil
}
