package analysis

import (
	"math"

	"github.com/taflbot/taflbot/tafl"
)

// The score→chance curves, per preset ("name" or "name/layout"): the
// attackers' expected result as a logistic curve of the engine's score
// (attackers' point of view) at the default budget, fitted by `tafl curve`
// to the results of the engine's games against itself (docs/ANALYSIS.md has
// the commands and the data). A draw counts as half a win, so "the
// defenders' win chance" is their expected result.
var curves = map[string]Logistic{}

// defaultCurve is used for variants without a fitted curve: custom rules
// and presets not fitted yet. It is the median of the fitted scales, with
// even chances at 0.
var defaultCurve = Logistic{Even: 0, Scale: 300}

// CurveFor returns the score→chance curve of variant v, and whether it was
// fitted for v (false: the default curve).
func CurveFor(v *tafl.Variant) (Logistic, bool) {
	r := v.Rules()
	if c, ok := curves[r.Name+"/"+r.Layout]; ok && r.Layout != "" {
		return c, true
	}
	if c, ok := curves[r.Name]; ok {
		return c, true
	}
	return defaultCurve, false
}

// DefendersChance returns the defenders' win chance (0 to 1) at an
// evaluation: 1 or 0 when a side wins by force, otherwise the curve's
// value at the score.
func DefendersChance(c Logistic, e Eval) float64 {
	switch e.Winner {
	case tafl.Attackers:
		return 0
	case tafl.Defenders:
		return 1
	}
	if e.Draw {
		return 0.5
	}
	p := 1 - c.At(float64(e.Score))
	return math.Min(1, math.Max(0, p))
}
