package analysis_test

import (
	"strings"
	"testing"

	"github.com/taflbot/taflbot/analysis"
	"github.com/taflbot/taflbot/tafl"
)

// TestNoChanceWithoutACheckedCurve: a review of a preset whose curve has
// not been checked against its games (hnefatafl-9: the default curve
// showed its defenders 14 % at the start, where the engine's games
// against itself gave them 35.5 %) shows no percentage: its turning
// points, text and graph give the engine's judgement in words with the
// score in attackers, so that nothing claims a chance that is not true.
// The moves are still classed by the default curve's drop, a fall of the
// score.
func TestNoChanceWithoutACheckedCurve(t *testing.T) {
	v, err := tafl.Preset("hnefatafl-9", "")
	if err != nil {
		t.Fatal(err)
	}
	if c, fitted := analysis.CurveFor(v); fitted {
		t.Fatalf("hnefatafl-9 has a fitted curve %+v: pick a preset without one", c)
	}
	g := tafl.NewGame(v)
	var evals []analysis.Eval
	// Scores after each move (attackers' view) chosen for their bands: the
	// start +538 (its score at 400 000 nodes), +1200, about even, the
	// attackers' second move letting it fall from +100 to −300 (a blunder
	// on the default curve: 58 % → 27 %), and a forced win for the
	// defenders.
	scores := []int{538, 1200, 100, -300, -1000}
	for i, s := range scores {
		moves := g.LegalMoves()
		e := analysis.Eval{Score: s, Best: moves[len(moves)-1]}
		if i == len(scores)-1 {
			e = analysis.Eval{Score: -29990, Winner: tafl.Defenders, Best: moves[0]}
		}
		evals = append(evals, e)
		if i < len(scores)-1 {
			if _, err := g.Play(moves[0]); err != nil {
				t.Fatal(err)
			}
		}
	}
	r, err := analysis.Review(g, evals, 1000)
	if err != nil {
		t.Fatal(err)
	}
	if r.Fitted {
		t.Fatal("the review says its curve was fitted")
	}
	want := []struct {
		s     analysis.Standing
		words string
	}{
		{analysis.AttackersBetter, "the attackers stand better (+5.4)"},
		{analysis.AttackersMuchBetter, "the attackers stand much better (+12.0)"},
		{analysis.AboutEven, "about even (+1.0)"},
		{analysis.DefendersBetter, "the defenders stand better (-3.0)"},
		{analysis.DefendersWin, "the defenders win"},
	}
	for i, w := range want {
		if got := r.Standing(i); got != w.s {
			t.Errorf("position %d (score %d): %v, want %v", i, scores[i], got, w.s)
		}
		if got := r.Judged(i); got != w.words {
			t.Errorf("position %d: %q, want %q", i, got, w.words)
		}
	}
	if r.Moves[2].Class != analysis.Blunder {
		t.Errorf("the attackers' move from +100 to -300: class %q, want a blunder", r.Moves[2].Class)
	}
	var b strings.Builder
	if err := r.WriteText(&b, "Game 9"); err != nil {
		t.Fatal(err)
	}
	text := b.String()
	lines := strings.Join(r.TurningLines(), "\n")
	for _, s := range []string{
		"No win chance is shown for this variant",
		"\nstart: the attackers stand better (+5.4)\n",
		"the defenders stand better (-3.0)  blunder (before it: about even (+1.0)), better ",
		"the defenders win\n",
		"\nTurning points:\n",
	} {
		if !strings.Contains(text, s) {
			t.Errorf("the text lacks %q:\n%s", s, text)
		}
	}
	if !strings.Contains(lines, "(attackers): blunder — about even (+1.0) → the defenders stand better (-3.0); better ") {
		t.Errorf("turning lines:\n%s", lines)
	}
	for _, s := range []string{text, lines} {
		if strings.Contains(s, "%") || strings.Contains(s, "chance 1") {
			t.Errorf("a percentage shown:\n%s", s)
		}
	}
	if gr := r.Graph(""); !gr.Judgement {
		t.Error("the graph plots its values as win chances")
	}
	// A preset with a checked curve keeps its percentages.
	b.Reset()
	fitted, err := analysis.Analyse(t.Context(), missedEscape(t), 2000)
	if err != nil {
		t.Fatal(err)
	}
	if err := fitted.WriteText(&b, ""); err != nil || !strings.Contains(b.String(), "defenders   0 %") || fitted.Graph("").Judgement {
		t.Errorf("brandubh's review: %v\n%s", err, b.String())
	}
}

// TestStandingOf: the hint's judgement of an evaluation, by the bands
// EvenScore and MuchBetterScore (their edges included in the better
// band), a forced win and a drawn end.
func TestStandingOf(t *testing.T) {
	for _, c := range []struct {
		e    analysis.Eval
		want analysis.Standing
	}{
		{analysis.Eval{Score: 0}, analysis.AboutEven},
		{analysis.Eval{Score: 249}, analysis.AboutEven},
		{analysis.Eval{Score: 250}, analysis.AttackersBetter},
		{analysis.Eval{Score: 999}, analysis.AttackersBetter},
		{analysis.Eval{Score: 1000}, analysis.AttackersMuchBetter},
		{analysis.Eval{Score: -250}, analysis.DefendersBetter},
		{analysis.Eval{Score: -1000}, analysis.DefendersMuchBetter},
		{analysis.Eval{Score: 29990, Winner: tafl.Attackers}, analysis.AttackersWin},
		{analysis.Eval{Winner: tafl.Defenders}, analysis.DefendersWin},
		{analysis.Eval{Draw: true}, analysis.AboutEven},
	} {
		if got := analysis.StandingOf(c.e); got != c.want {
			t.Errorf("%+v: %v, want %v", c.e, got, c.want)
		}
	}
	if got := analysis.DefendersBetter.For(true); got != 1 {
		t.Errorf("the defenders' better standing for the defenders: %d", got)
	}
	if got := analysis.DefendersBetter.For(false); got != -1 {
		t.Errorf("the defenders' better standing for the attackers: %d", got)
	}
}
