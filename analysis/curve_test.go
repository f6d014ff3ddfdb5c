package analysis_test

import (
	"math"
	"testing"

	"github.com/taflbot/taflbot/analysis"
	"github.com/taflbot/taflbot/tafl"
)

// selfPlay is what the engine's games against itself gave for a preset:
// the distinct games' results, measured by `tafl match` (the commands and
// raw tables are in docs/log/2026-11-27-win-chance-curves.md), not
// figures the code printed.
type selfPlay struct {
	preset, layout             string
	attackers, defenders, draw int
	source                     string
}

// expected returns the defenders' expected result: their wins and half
// the draws, over the games.
func (s selfPlay) expected() float64 {
	n := s.attackers + s.defenders + s.draw
	return (float64(s.defenders) + float64(s.draw)/2) / float64(n)
}

// measured lists every preset with a fitted curve.
var measured = []selfPlay{
	{"ard-ri", "", 49, 1, 0, "tafl match -variant ard-ri -p1 nodes=20000 -p2 nodes=20000 -games 100 -opening 4 -seed 1 (4-ply random openings; the odd games), docs/log/2026-11-27-win-chance-curves-2.md"},
	{"brandubh", "", 22, 71, 7, "tafl match -variant brandubh -p1 nodes=30000 -p2 nodes=30000 -games 200, the 100 balanced openings of docs/openings/brandubh.txt and brandubh-seed1001.txt (the odd games: each pair was one game twice)"},
	{"copenhagen", "", 7, 80, 63, "tafl match -variant copenhagen -p1 nodes=N -p2 nodes=N -games 60 -openings docs/openings/copenhagen.txt for N = 10000 (2–17–11), 15000 (0–19–11), 20000 (3–14–13), 25000 (1–20–9) and 30000 (1–10–19), the odd games of each"},
	{"fetlar", "", 1, 21, 28, "tafl match -variant fetlar -p1 nodes=10000 -p2 nodes=10000 -games 100 -opening 4 -seed 1 (4-ply random openings; the odd games), docs/log/2026-11-27-win-chance-curves.md; its curve's scale is held (win-chance-curves-2.md)"},
	{"tablut", "", 74, 23, 3, "tafl match -variant tablut -p1 nodes=20000 -p2 nodes=20000 -games 200, the 100 balanced openings of docs/openings/tablut.txt and tablut-seed1001.txt (the odd games)"},
}

// startTolerance is how far the chance shown at a preset's start may be
// from the defenders' expected result measured: about two standard
// errors of a hundred games' mean (±4.5 points at 70 %), plus the
// curve's own error.
const startTolerance = 0.10

// TestStartChanceMatchesSelfPlay: at the start of each preset with a
// fitted curve, the defenders' win chance a review or a hint shows (the
// start position searched at the review's budget, turned into a chance by
// the preset's curve) is within startTolerance of the defenders' expected
// result in the engine's games against itself. Before the curves were
// fitted every preset used the default curve, and the chances shown at
// the start were its guesses: Copenhagen's defenders, who score three
// games in four, were shown 10.6 %, brandubh's 59 %.
func TestStartChanceMatchesSelfPlay(t *testing.T) {
	for _, m := range measured {
		v, err := tafl.Preset(m.preset, m.layout)
		if err != nil {
			t.Fatal(err)
		}
		curve, fitted := analysis.CurveFor(v)
		if !fitted {
			t.Errorf("%s: no fitted curve (the default %+v)", m.preset, curve)
		}
		e, err := analysis.Evaluate(t.Context(), tafl.NewGame(v), analysis.DefaultNodes)
		if err != nil {
			t.Fatal(err)
		}
		got, want := analysis.DefendersChance(curve, e), m.expected()
		t.Logf("%s: start scored %+d, defenders' chance %.1f %%, measured %.1f %% (%s)", m.preset, e.Score, 100*got, 100*want, m.source)
		if math.Abs(got-want) > startTolerance {
			t.Errorf("%s: the start's defenders' chance is %.1f %% (score %+d, curve %+v); the engine's games against itself gave the defenders %.1f %% (%d–%d–%d attackers' W–L–D): more than %.0f points apart",
				m.preset, 100*got, e.Score, curve, 100*want, m.attackers, m.defenders, m.draw, 100*startTolerance)
		}
	}
}
