package analysis

import (
	"math"

	"github.com/taflbot/taflbot/tafl"
)

// The score→chance curves, per preset ("name" or "name/layout"): the
// attackers' expected result as a logistic curve of the engine's score
// (attackers' point of view) at the default budget, fitted by `tafl curve`
// to the results of the engine's games against itself (docs/ANALYSIS.md has
// the table, docs/log/2026-11-27-win-chance-curves.md the commands and the
// data; TestStartChanceMatchesSelfPlay checks each start against it). A draw counts as half a win, so "the
// defenders' win chance" is their expected result.
var curves = map[string]Logistic{
	// 50 games: tafl match -variant ard-ri -p1 nodes=20000 -p2 nodes=20000
	// -games 100 -opening 4 -seed 1, the odd games; the defenders won only
	// one, so the scale is held: tafl curve -nodes 400000 -every 5 -scale 300
	// (docs/log/2026-11-27-win-chance-curves-2.md).
	"ard-ri": {Even: -470, Scale: 300},
	// 100 games: tafl match -variant brandubh -p1 nodes=30000 -p2 nodes=30000
	// -games 200 -openings (docs/openings/brandubh.txt + brandubh-seed1001.txt),
	// the odd games (each pair was one game twice); tafl curve -nodes 400000 -every 3.
	"brandubh": {Even: 56, Scale: 186},
	// 150 games: tafl match -variant copenhagen -p1 nodes=N -p2 nodes=N -games 60
	// -openings docs/openings/copenhagen.txt for N = 10000, 15000, 20000, 25000
	// and 30000, the odd games of each; tafl curve -nodes 400000 -every 15.
	"copenhagen": {Even: 1297, Scale: 936},
	// 50 games: tafl match -variant fetlar -p1 nodes=10000 -p2 nodes=10000
	// -games 100 -opening 4 -seed 1, the odd games; the attackers won only
	// one, so the full fit is refused and the scale is held at the default
	// curve's: tafl curve -nodes 400000 -every 10 -scale 300
	// (docs/log/2026-11-27-win-chance-curves-2.md).
	"fetlar": {Even: 978, Scale: 300},
	// 100 games: tafl match -variant tablut -p1 nodes=20000 -p2 nodes=20000
	// -games 200 -openings (docs/openings/tablut.txt + tablut-seed1001.txt),
	// the odd games; tafl curve -nodes 400000 -every 5.
	"tablut": {Even: -307, Scale: 536},
}

// defaultCurve is used for variants without a fitted curve: custom rules
// and presets not fitted (yet, or refused: see docs/ANALYSIS.md). It is a
// guess, even chances at 0, so its values class the moves (a fall of the
// score) and draw the graph but are never shown as chances (Standing): the fitted curves differ too much from preset
// to preset (scales 186 to 936, even −470 to +1297) for any of them to
// stand for the others.
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
