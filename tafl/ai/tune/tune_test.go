package tune

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/taflbot/taflbot/tafl"
	"github.com/taflbot/taflbot/tafl/ai"
)

func TestSolve(t *testing.T) {
	a := [][]float64{{4, 2, 0.6}, {2, 5, 1}, {0.6, 1, 3}}
	want := []float64{1, -2, 0.5}
	b := make([]float64, 3)
	for i := range a {
		for j := range a {
			b[i] += a[i][j] * want[j]
		}
	}
	x, err := solve(a, b)
	if err != nil {
		t.Fatal(err)
	}
	for i := range x {
		if math.Abs(x[i]-want[i]) > 1e-12 {
			t.Errorf("x = %v, want %v", x, want)
		}
	}
	if _, err := solve([][]float64{{1, 2}, {2, 1}}, []float64{1, 1}); err == nil {
		t.Error("an indefinite matrix was accepted")
	}
}

// TestFitRecoversTheCurve: results drawn from a known logistic model of
// known features are fitted back to the model's weights (in the prior's
// units), within sampling error, and the fit predicts better than the
// prior it started from.
func TestFitRecoversTheCurve(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	truth := []float64{100, -60, 25} // evaluation units
	const scale, even = 0.004, 50.0  // logits a point; balance
	var samples []Sample
	for range 40000 {
		x := []float64{float64(r.IntN(10)), float64(r.IntN(8)), float64(r.IntN(20) - 10)}
		e := -even
		for j := range x {
			e += truth[j] * x[j]
		}
		y := 0.0
		if r.Float64() < 1/(1+math.Exp(-scale*e)) {
			y = 1
		}
		samples = append(samples, Sample{X: x, Y: y})
	}
	// A prior with the right first weight (it sets the scale) and wrong
	// others.
	f, err := FitWeights(samples, []float64{100, -20, 0}, 0, 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	ratio := f.W[0] / truth[0] // the fit's units follow the prior's curve
	for j := range truth {
		if math.Abs(f.W[j]/ratio-truth[j]) > 0.08*math.Abs(truth[j]) {
			t.Errorf("weight %d: %.1f (÷%.2f = %.1f), want %v", j, f.W[j], ratio, f.W[j]/ratio, truth[j])
		}
	}
	if math.Abs(f.Balance/ratio-even) > 15 {
		t.Errorf("balance %.1f (÷%.2f), want %v", f.Balance, ratio, even)
	}
	if !(f.LossAfter < f.LossBefore) {
		t.Errorf("loss %v after, %v before", f.LossAfter, f.LossBefore)
	}
	// A strong pull keeps the prior's weights.
	g, err := FitWeights(samples, []float64{100, -20, 0}, 0, 100, nil)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(g.W[1]+20) > 2 || math.Abs(g.W[2]) > 2 {
		t.Errorf("with a strong pull the weights left the prior: %v", g.W)
	}
	// Only the third weight free: the others keep their prior values
	// exactly, and the third is still fitted (its true ratio to the
	// first is 0.25).
	h, err := FitWeights(samples, []float64{100, -60, 0}, 0, 0, []bool{false, false, true})
	if err != nil {
		t.Fatal(err)
	}
	if h.W[0] != 100 || h.W[1] != -60 || math.Abs(h.W[2]-25) > 3 {
		t.Errorf("masked fit: %v, want 100 -60 ~25", h.W)
	}
	if _, err := FitWeights(samples, []float64{100, -60, 0}, 0, 0, []bool{true}); err == nil {
		t.Error("a mask of the wrong length was accepted")
	}
}

func TestFitRefusesBadInput(t *testing.T) {
	if _, err := FitWeights(nil, []float64{1}, 0, 0, nil); err == nil {
		t.Error("no samples accepted")
	}
	if _, err := FitWeights([]Sample{{X: []float64{1, 2}, Y: 1}}, []float64{1}, 0, 0, nil); err == nil {
		t.Error("a sample of the wrong length accepted")
	}
	// Results that go against the evaluation: no positive scale.
	var s []Sample
	for i := range 200 {
		s = append(s, Sample{X: []float64{float64(i % 10)}, Y: float64(1 - i%10/5)})
	}
	if _, err := FitWeights(s, []float64{100}, 0, 0, nil); err == nil {
		t.Error("an evaluation that predicts the results backwards was accepted")
	}
}

func TestSamplesAreQuietPositions(t *testing.T) {
	v, _ := tafl.Preset("copenhagen", "")
	// The king on a5 has open lines to a1 and a11 (not quiet); the
	// attackers block both, then the game goes on quietly.
	p, err := v.ParsePosition("/3ttttt3/5t5/2t8/11/K4T5/11/11/11/2t8/5t5/3ttttt3/", tafl.Attackers)
	if err != nil {
		t.Fatal(err)
	}
	g := tafl.NewGameFrom(p)
	for _, m := range []string{"c3-a3", "f5-f4", "c9-a9", "f4-f5", "h1-h2"} {
		if _, err := g.PlayText(m); err != nil {
			t.Fatalf("%s: %v", m, err)
		}
	}
	all, err := Samples(g, 1, 0)
	if err != nil {
		t.Fatal(err)
	}
	// One sample per position before a move that is quiet.
	h := tafl.NewGameFrom(g.Start())
	want := 0
	for _, ply := range g.Plies() {
		p := h.Position()
		if p.KingOpenLines() == 0 && !p.KingCapturable() {
			want++
		}
		h.Play(ply.Move)
	}
	if len(all) != want || want == 0 || want == len(g.Plies()) {
		t.Errorf("%d samples, want %d", len(all), want)
	}
	skipped, _ := Samples(g, 1, 4)
	if len(skipped) != 1 {
		t.Errorf("skip 2: %d samples, want the last position's", len(skipped))
	}
	x, _ := ai.Features(v.Start())
	if len(all[0].X) != len(x) || all[0].Y != 1 {
		t.Errorf("sample %d features, result %v", len(all[0].X), all[0].Y)
	}
}

func TestReadCorpus(t *testing.T) {
	v, _ := tafl.Preset("copenhagen", "")
	text := "moves,attacker_captures,defender_captures,status\n" +
		"d1-d3 e5-e2 g1-g3 f4-c4 g3-e3xe2,1,0,Black\n" +
		"h1-h3 f8-i8,0,0,Ongoing\n" +
		"d1-d3 f4-c4 a1-a2,0,0,White\n" + // a1-a2: no piece on a1; kept up to there
		"e1-e2,0,0,Draw\n"
	c, err := ReadCorpus(strings.NewReader(text), v)
	if err != nil {
		t.Fatal(err)
	}
	games, skipped := c.Games, c.Skipped
	if len(games) != 3 || skipped != 2 {
		t.Fatalf("%d games, %d skipped", len(games), skipped)
	}
	if n := len(games[0].Game.Plies()); n != 5 || games[0].Result != 1 {
		t.Errorf("game 1: %d plies, result %v", n, games[0].Result)
	}
	if n := len(games[1].Game.Plies()); n != 2 || games[1].Result != 0 {
		t.Errorf("game 2: %d plies, result %v", n, games[1].Result)
	}
	if games[2].Result != 0.5 {
		t.Errorf("game 3: result %v", games[2].Result)
	}
	// The cut game is listed: its line, the refused move and why.
	if len(c.Cuts) != 1 || c.Cuts[0].String() != "line 4: move 3 of 3, a1-a2, refused (there is no piece on a1): the game is kept up to move 2, with its recorded result" {
		t.Errorf("cuts %q", c.Cuts)
	}
	// The recording program sometimes lists a capture twice: read as
	// once, not a capture the move does not make (213 of the corpus's
	// games were cut there).
	c, err = ReadCorpus(strings.NewReader("d1-d3 e5-e2 g1-g3 f4-c4 g3-e3xe2xe2,1,0,Black\n"), v)
	if err != nil || len(c.Games) != 1 || len(c.Games[0].Game.Plies()) != 5 || len(c.Cuts) != 0 {
		t.Errorf("a capture listed twice: %v, %+v", err, c)
	}
	if _, err := ReadCorpus(strings.NewReader("a,b,c,d\nd1-d3,0,0,Blue\n"), v); err == nil {
		t.Error("status Blue accepted")
	}
	// A line of too few columns is refused as such (a header "a,b,c,d"
	// is a line of four, refused for its status "d"); one column is one
	// ("1 columns").
	header := "moves,attacker_captures,defender_captures,status\n"
	for line, want := range map[string]string{"d1-d3,0": "line 2: 2 columns, want 4 ", "d1-d3": "line 2: 1 column, want 4 ",
		",0,0,Black": "line 2: no moves, status Black"} { // a finished game without moves was skipped as a header
		if _, err := ReadCorpus(strings.NewReader(header+line+"\n"), v); err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("%q: %v, want an error starting %q", line, err, want)
		}
	}
}

// From a start far from the optimum a full Newton step overshoots (the
// curvature there is nearly zero); the fit halves its steps until the
// loss goes down, and reaches the optimum of a small problem whose answer
// is known: samples x = ±1 with y = 1 three times in four at x = 1 and
// once in four at x = -1 have the optimum beta = ln 3.
func TestLogisticFromAFarStart(t *testing.T) {
	var samples []Sample
	for i := range 4 {
		y := 0.0
		if i < 3 {
			y = 1
		}
		samples = append(samples, Sample{X: []float64{1, 0}, Y: y}, Sample{X: []float64{-1, 0}, Y: 1 - y})
	}
	beta, loss, _, err := logistic(samples, []float64{30, 0}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(beta[0]-math.Log(3)) > 1e-6 || math.IsNaN(loss) {
		t.Errorf("beta %v, loss %v; want beta[0] = ln 3 = %.6f", beta, loss, math.Log(3))
	}
}
