package main

import (
	"context"
	"fmt"
	"math"

	"github.com/taflbot/taflbot/analysis"
	"github.com/taflbot/taflbot/tafl"
	"github.com/taflbot/taflbot/tafl/ai/balance"
)

// runCurve fits the score→chance curve of package analysis for one
// variant from finished game records (normally the engine playing
// itself): every -every-th position is judged with analysis.Evaluate at
// the review's budget, positions won by force are left out, and the
// games' results are fitted to a logistic curve of the score. With
// -scale the scale is held and only the even point is fitted
// (analysis.FitEven): the fallback where the full fit is refused.
func runCurve(e env) error {
	fs := newFlags(e, "curve", "[-nodes N] [-every K] [-scale S] DIR|FILE.otg …")
	nodes := fs.Int64("nodes", analysis.DefaultNodes, "nodes searched per position (the review's budget)")
	every := fs.Int("every", 3, "judge every K-th position of each game")
	scale := fs.Float64("scale", 0, "hold the scale at S points a logit and fit only the even point (the default curve's scale is 300); 0: fit both")
	if err := parseFlags(fs, e.args); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		return &usageError{msg: "give the game records: .otg files or directories holding them (tafl match -out DIR writes them)"}
	}
	if *every < 1 || *nodes < 1 {
		return &usageError{msg: "-every and -nodes must be positive"}
	}
	if *scale < 0 || *scale > analysis.MaxScale || math.IsNaN(*scale) {
		return &usageError{msg: fmt.Sprintf("-scale must be above 0 and at most %d points a logit (the default curve's is 300), or 0 to fit it", analysis.MaxScale)}
	}
	files, err := recordFiles(fs.Args())
	if err != nil {
		return err
	}
	recs, err := readFinished(e, files, true)
	if err != nil {
		return err
	}
	if len(recs) == 0 {
		return noFinished(fs.Args())
	}
	var v *tafl.Variant
	var wins [3]int
	positions := make([][]*tafl.Game, len(recs))
	longest := 0 // the most positions a game has to judge: 1 … len-2
	for i, r := range recs {
		if err := oneVariant(&v, r.game, r.path); err != nil {
			return err
		}
		wins[r.game.Outcome().Winner]++
		games, err := analysis.Positions(r.game)
		if err != nil {
			return inFile(r.path, err)
		}
		positions[i] = games
		longest = max(longest, len(games)-2)
	}
	// A held scale needs only results of both kinds (FitEven says so):
	// the even point matches the mean result, which draws count in.
	for _, side := range []tafl.Side{tafl.Attackers, tafl.Defenders} {
		if *scale == 0 && wins[side] < balance.MinWins {
			return fmt.Errorf("the %v won %d of %s; the fit needs %s by each side or it extrapolates: play more games, or hold the scale (-scale 300) and fit only the even point",
				side, wins[side], plural(len(recs), "game", "games"), plural(balance.MinWins, "win", "wins"))
		}
	}
	// With -every at least the longest game, each game gives only its
	// first position: the scores could not tell the results apart, and
	// the fit would blame the games.
	if *every > 1 && *every >= longest {
		return &usageError{msg: fmt.Sprintf("-every %d is longer than the games (the longest has %s to judge), so each game would give only its first position: use a smaller -every (the default is 3)",
			*every, plural(longest, "position", "positions"))}
	}
	var pts []analysis.Point
	for i, r := range recs {
		games := positions[i]
		for j := 1; j < len(games)-1; j += *every {
			ev, err := analysis.Evaluate(context.Background(), games[j], *nodes)
			if err != nil {
				return inFile(r.path, err)
			}
			if ev.Winner == tafl.NoSide && !ev.Draw {
				pts = append(pts, analysis.Point{X: float64(ev.Score), Y: r.result})
			}
		}
	}
	var fit analysis.Logistic
	if *scale > 0 {
		if fit, err = analysis.FitEven(pts, *scale); err != nil {
			return err
		}
	} else {
		if fit, err = analysis.FitLogistic(pts); err != nil {
			return err
		}
		if err := fit.Usable(); err != nil {
			return fmt.Errorf("%w, or hold the scale (-scale 300) and fit only the even point", err)
		}
	}
	held := ""
	if *scale > 0 {
		held = " (held)"
	}
	name := v.Rules().Name
	if l := v.Rules().Layout; l != "" {
		name += "/" + l
	}
	fmt.Fprintf(e.stdout, "variant %s: %s (attackers %d, defenders %d, drawn %d), %s at %s\n",
		name, plural(len(recs), "game", "games"), wins[tafl.Attackers], wins[tafl.Defenders], wins[tafl.NoSide],
		plural(len(pts), "position", "positions"), plural(int(*nodes), "node", "nodes"))
	fmt.Fprintf(e.stdout, "even chances at a score of %+.0f; %.0f points a logit%s\n", fit.Even, fit.Scale, held)
	fmt.Fprintf(e.stdout, "%q: {Even: %.0f, Scale: %.0f},\n", name, fit.Even, fit.Scale)
	return nil
}
