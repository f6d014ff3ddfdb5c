package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"strings"

	"github.com/taflbot/taflbot/tafl"
	"github.com/taflbot/taflbot/tafl/ai"
)

// runBalance fits the engine's balance for one variant from game records
// (see ai.Balance): the evaluation at which the attackers' expected
// result is 50 %. Every position of every game (after its start) is
// scored by a 1-ply search, and the games' results (win 1, draw ½, loss 0
// for the attackers) are fitted to a logistic curve of that score. The
// records should be games of the engine against itself at equal budgets,
// such as `tafl match -p1 nodes=N -p2 nodes=N+N/100 -out DIR` writes (a
// budget 1 % apart, so that the two games of a pair differ).
func runBalance(e env) error {
	fs := newFlags(e, "balance", "DIR|FILE.otg …")
	if err := parseFlags(fs, e.args); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		return &usageError{msg: "give the game records: .otg files or directories holding them (tafl match -out DIR writes them)"}
	}
	files, err := recordFiles(fs.Args())
	if err != nil {
		return err
	}
	if len(files) == 0 {
		return fmt.Errorf("no .otg records in %s: play some with tafl match -out DIR", strings.Join(fs.Args(), ", "))
	}
	var v *tafl.Variant
	var pts []fitPoint
	var wins [3]int // by side (NoSide: draws)
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return err
		}
		g, _, err := tafl.DecodeGame(string(data))
		if err != nil {
			return fmt.Errorf("%s: %w", f, err)
		}
		if v == nil {
			v = g.Variant()
		} else if g.Variant().RulesString() != v.RulesString() {
			return fmt.Errorf("%s is a game of %s, not %s: fit one variant at a time", f, g.Variant().Name(), v.Name())
		}
		o := g.Outcome()
		if !o.Over() {
			return fmt.Errorf("%s: the game is not finished: only finished games have a result to fit", f)
		}
		wins[o.Winner]++
		y := 0.5
		switch o.Winner {
		case tafl.Attackers:
			y = 1
		case tafl.Defenders:
			y = 0
		}
		p, err := scorePositions(g, y)
		if err != nil {
			return fmt.Errorf("%s: %w", f, err)
		}
		pts = append(pts, p...)
	}
	for _, side := range []tafl.Side{tafl.Attackers, tafl.Defenders} {
		if wins[side] < minWins {
			return fmt.Errorf("the %v won %d of %d games; the fit needs %d wins by each side or it extrapolates: play more games, or from balanced openings (tafl openings)",
				side, wins[side], len(files), minWins)
		}
	}
	fit, err := fitLogistic(pts)
	if err != nil {
		return err
	}
	if err := fit.usable(); err != nil {
		return err
	}
	now := ai.Balance(v)
	even := math.Round(fit.even)
	if even == 0 { // no "-0"
		even = 0
	}
	fmt.Fprintf(e.stdout, "variant %s: %d games, %d positions; the attackers scored %.1f %%\n",
		v.Name(), len(files), len(pts), 100*(float64(wins[tafl.Attackers])+0.5*float64(wins[tafl.NoSide]))/float64(len(files)))
	fmt.Fprintf(e.stdout, "even chances at a score of %+.0f (attackers' view; %.0f a logit)\n", even, fit.scale)
	fmt.Fprintf(e.stdout, "balance: %d now, %.0f fitted\n", now, float64(now)+even)
	return nil
}

// A fit needs minWins games won by each side, and a curve no flatter than
// maxScale score points a logit (ten attackers: beyond that the score says
// little about the result, and where the curve crosses 50 % is a guess).
const (
	minWins  = 5
	maxScale = 1000
)

// recordFiles lists the .otg files named in args, directories searched
// to any depth, sorted within each directory.
func recordFiles(args []string) ([]string, error) {
	var out []string
	for _, a := range args {
		st, err := os.Stat(a)
		if err != nil {
			return nil, err
		}
		if !st.IsDir() {
			out = append(out, a)
			continue
		}
		err = filepath.WalkDir(a, func(path string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(path, ".otg") {
				out = append(out, path)
			}
			return err
		})
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// scorePositions replays g from its start and returns the 1-ply search
// score (attackers' view) of every position before a move, paired with
// the game's result y; positions the search finds won or lost by force
// are left out (their score says nothing about the balance).
func scorePositions(g *tafl.Game, y float64) ([]fitPoint, error) {
	var out []fitPoint
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
			out = append(out, fitPoint{x: x, y: y})
		}
		if _, err := h.Play(p.Move); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// fitPoint is a score x and the result y (0 to 1) of the game it was
// seen in.
type fitPoint struct{ x, y float64 }

// logisticFit is y ≈ 1 / (1 + exp(-(x - even) / scale)).
type logisticFit struct{ even, scale float64 }

// usable returns an error when the curve is too flat for its even point
// to mean anything.
func (f logisticFit) usable() error {
	if f.scale > maxScale {
		return fmt.Errorf("the scores hardly predict the results (a logit every %.0f, more than %d), so the even point (%+.0f) would be a guess: play the games at a larger budget, or leave the balance at 0",
			f.scale, maxScale, f.even)
	}
	return nil
}

// fitLogistic fits a logistic curve to pts by maximum likelihood
// (Newton's method on the intercept and slope; the results may be
// fractions, such as ½ for a draw).
func fitLogistic(pts []fitPoint) (logisticFit, error) {
	if len(pts) < 2 {
		return logisticFit{}, errors.New("too few positions to fit: play more games")
	}
	var a, b float64 // y ≈ σ(a + b·x/100)
	for range 100 {
		var g0, g1, h00, h01, h11 float64
		for _, p := range pts {
			x := p.x / 100
			q := 1 / (1 + math.Exp(-(a + b*x)))
			r := p.y - q
			w := q * (1 - q)
			g0 += r
			g1 += r * x
			h00 += w
			h01 += w * x
			h11 += w * x * x
		}
		det := h00*h11 - h01*h01
		if det <= 0 || math.IsNaN(det) {
			break
		}
		da := (h11*g0 - h01*g1) / det
		db := (h00*g1 - h01*g0) / det
		a += da
		b += db
		if math.Abs(da) < 1e-9 && math.Abs(db) < 1e-9 {
			if b <= 0 {
				return logisticFit{}, errors.New("the scores do not predict the results (the fitted slope is not positive): play more games, or games between equal players")
			}
			return logisticFit{even: -100 * a / b, scale: 100 / b}, nil
		}
	}
	return logisticFit{}, errors.New("the fit does not converge (do both sides win some of the games?): play more games, or games between equal players")
}
