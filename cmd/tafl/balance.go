package main

import (
	"context"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"strings"

	"github.com/taflbot/taflbot/analysis"
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
	var pts []analysis.Point
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
	fit, err := analysis.FitLogistic(pts)
	if err != nil {
		return err
	}
	if err := usableForBalance(fit); err != nil {
		return err
	}
	now := ai.Balance(v)
	even := math.Round(fit.Even)
	if even == 0 { // no "-0"
		even = 0
	}
	fmt.Fprintf(e.stdout, "variant %s: %d games, %d positions; the attackers scored %.1f %%\n",
		v.Name(), len(files), len(pts), 100*(float64(wins[tafl.Attackers])+0.5*float64(wins[tafl.NoSide]))/float64(len(files)))
	fmt.Fprintf(e.stdout, "even chances at a score of %+.0f (attackers' view; %.0f a logit)\n", even, fit.Scale)
	fmt.Fprintf(e.stdout, "balance: %d now, %.0f fitted\n", now, float64(now)+even)
	return nil
}

// A fit needs minWins games won by each side, and a curve no flatter
// than analysis.MaxScale.
const minWins = 5

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
func scorePositions(g *tafl.Game, y float64) ([]analysis.Point, error) {
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

// usableForBalance refuses a curve too flat for its even point to be a
// balance (see analysis.Logistic.Usable).
func usableForBalance(f analysis.Logistic) error {
	if err := f.Usable(); err != nil {
		return fmt.Errorf("%w, or leave the balance at 0", err)
	}
	return nil
}
