package analysis_test

import (
	"context"
	"errors"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/taflbot/taflbot/analysis"
	"github.com/taflbot/taflbot/tafl"
)

// missedEscape is a brandubh game of two moves: the defenders could win
// at once with Kc7-a7 but play d3-d2, and the attackers capture the king
// with b3-b7.
func missedEscape(t *testing.T) *tafl.Game {
	t.Helper()
	v, err := tafl.Preset("brandubh", "")
	if err != nil {
		t.Fatal(err)
	}
	pos, err := v.ParsePosition("/7/7/1t1T3/7/7/7/2Kt3/", tafl.Defenders)
	if err != nil {
		t.Fatal(err)
	}
	g := tafl.NewGameFrom(pos)
	for _, m := range []string{"d3-d2", "b3-b7"} {
		if _, err := g.PlayText(m); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

func TestAnalyseMissedWin(t *testing.T) {
	g := missedEscape(t)
	r, err := analysis.Analyse(t.Context(), g, 20_000)
	if err != nil {
		t.Fatal(err)
	}
	if want := []float64{1, 0, 0}; !slices.Equal(r.Chances, want) {
		t.Errorf("defenders' chances %v, want %v (a forced win, then a lost game)", r.Chances, want)
	}
	m := r.Moves[0]
	if m.Side != tafl.Defenders || m.Move != "d3-d2" || m.Best != "c7-a7" || m.Before != 1 || m.After != 0 || m.Drop != 1 || m.Class != analysis.Blunder {
		t.Errorf("move 1: %+v, want the defenders' d3-d2 a blunder losing everything, c7-a7 best", m)
	}
	a := r.Moves[1]
	if a.Side != tafl.Attackers || a.Move != "b3-b7" || a.Notation != "b3-b7++" || a.Drop != 0 || a.Class != analysis.NoClass {
		t.Errorf("move 2: %+v, want the attackers' winning b3-b7++ with no drop", a)
	}
	if !slices.Equal(r.Turning, []int{0}) || r.Worst() != 0 {
		t.Errorf("turning points %v, worst %d: want the first move only", r.Turning, r.Worst())
	}
	if r.Variant != "brandubh" {
		t.Errorf("variant %q", r.Variant)
	}
}

func TestClassify(t *testing.T) {
	for _, c := range []struct {
		drop float64
		want analysis.Class
	}{{0, analysis.NoClass}, {0.0999, analysis.NoClass}, {0.10, analysis.Inaccuracy}, {0.1999, analysis.Inaccuracy}, {0.20, analysis.Mistake}, {0.30, analysis.Blunder}, {1, analysis.Blunder}} {
		if got := analysis.Classify(c.drop); got != c.want {
			t.Errorf("Classify(%v) = %v, want %v", c.drop, got, c.want)
		}
	}
	if analysis.Blunder.String() != "blunder" || analysis.NoClass.String() != "" {
		t.Error("class names")
	}
}

// TestReviewFromScores builds a report from made-up evaluations of the
// brandubh start and its first six moves, and checks every figure against
// the curve's formula worked out here.
func TestReviewFromScores(t *testing.T) {
	v, _ := tafl.Preset("brandubh", "")
	g := tafl.NewGame(v)
	moves := []string{"d2-b2", "c4-c2", "b4-b3", "e4-e2", "f4-f3", "d3-d2"}
	for _, m := range moves {
		if _, err := g.PlayText(m); err != nil {
			t.Fatal(err)
		}
	}
	scores := []int{0, 50, 40, -400, 420, -900, -880}
	var evals []analysis.Eval
	for i, s := range scores {
		e := analysis.Eval{Score: s, Nodes: 1000}
		if i < len(moves) {
			mt, _ := tafl.ParseMove(moves[i])
			e.Best = mt.Move // the engine agrees with the moves, except where changed below
		}
		evals = append(evals, e)
	}
	// The attackers' b4-b3 (move 3) and f4-f3 (move 5)
	// were not the engine's choice.
	evals[2].Best = tafl.NewMove(tafl.At(1, 3), tafl.At(1, 4))
	evals[4].Best = tafl.NewMove(tafl.At(5, 3), tafl.At(5, 4))
	r, err := analysis.Review(g, evals, 1000)
	if err != nil {
		t.Fatal(err)
	}
	c, fitted := analysis.CurveFor(v)
	if r.Curve != c || r.Fitted != fitted || r.Nodes != 1000 {
		t.Errorf("curve %+v fitted %v nodes %d", r.Curve, r.Fitted, r.Nodes)
	}
	def := func(s int) float64 { return 1 - 1/(1+math.Exp(-(float64(s)-c.Even)/c.Scale)) }
	for i, s := range scores {
		if math.Abs(r.Chances[i]-def(s)) > 1e-12 {
			t.Errorf("chance %d = %v, want %v", i, r.Chances[i], def(s))
		}
	}
	// Move 3 (attackers): before = their chance at 40, after at −400.
	drop3 := (1 - def(40)) - (1 - def(-400))
	if m := r.Moves[2]; math.Abs(m.Drop-drop3) > 1e-12 || m.Class != analysis.Classify(drop3) || m.Side != tafl.Attackers {
		t.Errorf("move 3: %+v, want drop %v", m, drop3)
	}
	// Move 5 (attackers): before = their chance at 420, after at −900.
	drop5 := (1 - def(420)) - (1 - def(-900))
	if m := r.Moves[4]; math.Abs(m.Drop-drop5) > 1e-12 || m.Class != analysis.Classify(drop5) || m.Side != tafl.Attackers {
		t.Errorf("move 5: %+v, want drop %v", m, drop5)
	}
	// The engine's own moves lose nothing, whatever the scores say.
	for _, i := range []int{0, 1, 3, 5} {
		if r.Moves[i].Drop != 0 {
			t.Errorf("move %d was the engine's, drop %v", i+1, r.Moves[i].Drop)
		}
	}
	if drop3 < analysis.InaccuracyDrop || drop5 < analysis.InaccuracyDrop {
		t.Fatalf("the made-up scores should make both moves classified: %v %v", drop3, drop5)
	}
	if !slices.Equal(r.Turning, []int{2, 4}) {
		t.Errorf("turning points %v, want moves 3 and 5", r.Turning)
	}
	want := 2
	if drop5 > drop3 {
		want = 4
	}
	if r.Worst() != want {
		t.Errorf("worst %d, want %d", r.Worst(), want)
	}
	if _, err := analysis.Review(g, evals[:3], 0); err == nil {
		t.Error("Review with too few evaluations did not fail")
	}
}

// TestTurningPointsTopUp: with no classified move, the three largest drops
// of at least 2 points are the turning points; with many, at most five.
func TestTurningPointsTopUp(t *testing.T) {
	v, _ := tafl.Preset("brandubh", "")
	g := tafl.NewGame(v)
	moves := []string{"d2-b2", "c4-c2", "b4-b3", "e4-e2", "f4-f3", "d3-d2", "d1-b1", "d5-f5"}
	for _, m := range moves {
		if _, err := g.PlayText(m); err != nil {
			t.Fatal(err)
		}
	}
	c, _ := analysis.CurveFor(v)
	// A score for each position giving the defenders the chance p.
	score := func(p float64) int { return int(math.Round(c.Even + c.Scale*math.Log((1-p)/p))) }
	build := func(chances []float64) *analysis.Report {
		var evals []analysis.Eval
		for _, p := range chances {
			// The engine's move is never the one played (a1-a2 is no move here).
			evals = append(evals, analysis.Eval{Score: score(p), Best: tafl.NewMove(tafl.At(0, 0), tafl.At(0, 1))})
		}
		r, err := analysis.Review(g, evals, 1000)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	// Small swings: the defenders' chance wobbles by 3 to 8 points.
	small := build([]float64{0.5, 0.55, 0.52, 0.60, 0.55, 0.63, 0.60, 0.64, 0.61})
	if len(small.Turning) != 3 {
		t.Errorf("small swings: turning %v, want 3", small.Turning)
	}
	for _, i := range small.Turning {
		if small.Moves[i].Class != analysis.NoClass {
			t.Errorf("small swing %d classified %v", i, small.Moves[i].Class)
		}
	}
	// Big swings everywhere: five at most.
	big := build([]float64{0.5, 0.9, 0.1, 0.9, 0.1, 0.9, 0.1, 0.9, 0.1})
	if len(big.Turning) != 5 || !slices.IsSorted(big.Turning) {
		t.Errorf("big swings: turning %v, want five in order", big.Turning)
	}
}

func TestEvaluateEnds(t *testing.T) {
	g := missedEscape(t)
	e, err := analysis.Evaluate(t.Context(), g, 0)
	if err != nil || e.Winner != tafl.Attackers || e.Nodes != 0 {
		t.Errorf("a game won by capture: %+v %v, want the attackers' win without a search", e, err)
	}
	// A resigned game is judged on its board.
	v, _ := tafl.Preset("brandubh", "")
	r := tafl.NewGame(v)
	if _, err := r.PlayText("d2-c2"); err != nil {
		t.Fatal(err)
	}
	if err := r.Resign(tafl.Defenders); err != nil {
		t.Fatal(err)
	}
	e, err = analysis.Evaluate(t.Context(), r, 5000)
	if err != nil || e.Nodes == 0 || e.Best == tafl.NoMove || e.Winner != tafl.NoSide {
		t.Errorf("a resigned game: %+v %v, want a search of its board", e, err)
	}
	// So is an aborted one: nobody won, but nor was it drawn (it was
	// judged a draw, 50 %, the end of its review's graph).
	a := tafl.NewGame(v)
	if _, err := a.PlayText("d2-c2"); err != nil {
		t.Fatal(err)
	}
	if err := a.Abort(); err != nil {
		t.Fatal(err)
	}
	e, err = analysis.Evaluate(t.Context(), a, 5000)
	if err != nil || e.Nodes == 0 || e.Best == tafl.NoMove || e.Draw {
		t.Errorf("an aborted game: %+v %v, want a search of its board", e, err)
	}
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if _, err := analysis.Evaluate(ctx, tafl.NewGame(v), 100_000); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: err %v", err)
	}
}

func TestText(t *testing.T) {
	r, err := analysis.Analyse(t.Context(), missedEscape(t), 20_000)
	if err != nil {
		t.Fatal(err)
	}
	lines := r.TurningLines()
	// The better move is written as moves are (#20): the king's with K,
	// and the escape that wins with OTN's "--".
	want := "1. d3-d2- (defenders): blunder — their chance 100 % → 0 %; better Kc7-a7--"
	if len(lines) != 1 || lines[0] != want {
		t.Errorf("turning lines %q, want [%q]", lines, want)
	}
	var b strings.Builder
	if err := r.WriteText(&b, "Game 7"); err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"Game 7\nEngine review: 20000 nodes searched per position.", "1.     d3-d2-             defenders   0 %  blunder (−100 points; the defenders had 100 %, now 0 %), better Kc7-a7--\n", "1…     b3-b7++            defenders   0 %\n", "Turning points:\n  " + want} {
		if !strings.Contains(b.String(), s) {
			t.Errorf("text lacks %q:\n%s", s, b.String())
		}
	}
	// One node is one ("1 nodes searched", tafl analyse -nodes 1).
	r.Nodes = 1
	b.Reset()
	if err := r.WriteText(&b, ""); err != nil || !strings.HasPrefix(b.String(), "Engine review: 1 node searched per position.") {
		t.Errorf("one node: %v\n%s", err, b.String())
	}
	for _, c := range []struct {
		p    float64
		want string
	}{{0, "0 %"}, {0.001, "1 %"}, {0.4449, "44 %"}, {0.999, "99 %"}, {1, "100 %"}} {
		if got := analysis.Percent(c.p); got != c.want {
			t.Errorf("Percent(%v) = %q, want %q", c.p, got, c.want)
		}
	}
}

// TestClassesGoByTheShownFigures: a move's class and its drop in points
// are those of the chances the review shows, rounded to whole points, so
// "50 % → 20 %" is a blunder of 30 points, and a drop of 29.99 points
// shown "50 % → 21 %" a mistake of 29, never a "mistake (−30 points)".
func TestClassesGoByTheShownFigures(t *testing.T) {
	for _, c := range []struct {
		before, after float64
		class         analysis.Class
		text          string
	}{
		{0.5004, 0.2049, analysis.Blunder, "blunder (−30 points; the attackers had 50 %, now 20 %)"},
		{0.5049, 0.2050, analysis.Mistake, "mistake (−29 points; the attackers had 50 %, now 21 %)"},
		{0.4004, 0.2049, analysis.Mistake, "mistake (−20 points; the attackers had 40 %, now 20 %)"},
		{0.3049, 0.2050, analysis.NoClass, ""},
	} {
		m := analysis.MoveReview{Side: tafl.Attackers, Move: "d1-d2", Notation: "d1-d2", Best: "d1-d3",
			Before: c.before, After: c.after, Drop: c.before - c.after}
		r := &analysis.Report{Fitted: true, Nodes: 1, Chances: []float64{1 - c.before, 1 - c.after}, Moves: []analysis.MoveReview{m}}
		r.Classify()
		if got := r.Moves[0].Class; got != c.class {
			t.Errorf("%v → %v: class %v, want %v", c.before, c.after, got, c.class)
		}
		var b strings.Builder
		if err := r.WriteText(&b, ""); err != nil {
			t.Fatal(err)
		}
		if c.text != "" && !strings.Contains(b.String(), c.text) {
			t.Errorf("%v → %v: the text says\n%s\nwant %q", c.before, c.after, b.String(), c.text)
		}
	}
}
