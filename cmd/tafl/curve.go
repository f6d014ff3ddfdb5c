package main

import (
	"context"
	"fmt"

	"github.com/taflbot/taflbot/analysis"
	"github.com/taflbot/taflbot/tafl"
	"github.com/taflbot/taflbot/tafl/ai/balance"
)

// runCurve fits the score→chance curve of package analysis for one
// variant from finished game records (normally the engine playing
// itself): every -every-th position is judged with analysis.Evaluate at
// the review's budget, positions won by force are left out, and the
// games' results are fitted to a logistic curve of the score.
func runCurve(e env) error {
	fs := newFlags(e, "curve", "[-nodes N] [-every K] DIR|FILE.otg …")
	nodes := fs.Int64("nodes", analysis.DefaultNodes, "nodes searched per position (the review's budget)")
	every := fs.Int("every", 3, "judge every K-th position of each game")
	if err := parseFlags(fs, e.args); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		return &usageError{msg: "give the game records: .otg files or directories holding them (tafl match -out DIR writes them)"}
	}
	if *every < 1 || *nodes < 1 {
		return &usageError{msg: "-every and -nodes must be positive"}
	}
	files, err := recordFiles(fs.Args())
	if err != nil {
		return err
	}
	recs, err := readFinished(e, files)
	if err != nil {
		return err
	}
	if len(recs) == 0 {
		return noFinished(fs.Args())
	}
	var v *tafl.Variant
	var pts []analysis.Point
	var wins [3]int
	for _, r := range recs {
		f, g, y := r.path, r.game, r.result
		if err := oneVariant(&v, g, f); err != nil {
			return err
		}
		wins[g.Outcome().Winner]++
		games, err := analysis.Positions(g)
		if err != nil {
			return inFile(f, err)
		}
		for i := 1; i < len(games)-1; i += *every {
			ev, err := analysis.Evaluate(context.Background(), games[i], *nodes)
			if err != nil {
				return inFile(f, err)
			}
			if ev.Winner == tafl.NoSide && !ev.Draw {
				pts = append(pts, analysis.Point{X: float64(ev.Score), Y: y})
			}
		}
	}
	for _, side := range []tafl.Side{tafl.Attackers, tafl.Defenders} {
		if wins[side] < balance.MinWins {
			return fmt.Errorf("the %v won %d of %s; the fit needs %s by each side or it extrapolates: play more games",
				side, wins[side], plural(len(recs), "game", "games"), plural(balance.MinWins, "win", "wins"))
		}
	}
	fit, err := analysis.FitLogistic(pts)
	if err != nil {
		return err
	}
	if err := fit.Usable(); err != nil {
		return err
	}
	name := v.Rules().Name
	if l := v.Rules().Layout; l != "" {
		name += "/" + l
	}
	fmt.Fprintf(e.stdout, "variant %s: %s (attackers %d, defenders %d, drawn %d), %s at %s\n",
		name, plural(len(recs), "game", "games"), wins[tafl.Attackers], wins[tafl.Defenders], wins[tafl.NoSide],
		plural(len(pts), "position", "positions"), plural(int(*nodes), "node", "nodes"))
	fmt.Fprintf(e.stdout, "even chances at a score of %+.0f; %.0f points a logit\n", fit.Even, fit.Scale)
	fmt.Fprintf(e.stdout, "%q: {Even: %.0f, Scale: %.0f},\n", name, fit.Even, fit.Scale)
	return nil
}
