package analysis_test

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/taflbot/taflbot/analysis"
)

// TestFitLogistic: the fit finds the curve that made the data. With exact
// expected results as targets it recovers the curve to rounding; with
// 0/1 results drawn from it, to sampling error; and its fitted results
// add up to the observed ones (the likelihood's equation for the
// intercept), which holds for any data.
func TestFitLogistic(t *testing.T) {
	curve := func(x, even, scale float64) float64 { return 1 / (1 + math.Exp(-(x-even)/scale)) }
	r := rand.New(rand.NewPCG(1, 2))
	var exact, drawn []analysis.Point
	for range 20000 {
		x := r.Float64()*2000 - 800
		y := curve(x, 300, 150)
		exact = append(exact, analysis.Point{X: x, Y: y})
		z := 0.0
		if r.Float64() < y {
			z = 1
		}
		drawn = append(drawn, analysis.Point{X: x, Y: z})
	}
	f, err := analysis.FitLogistic(exact)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(f.Even-300) > 1e-6 || math.Abs(f.Scale-150) > 1e-6 {
		t.Errorf("exact targets: fit %+v, want even 300, scale 150", f)
	}
	f, err = analysis.FitLogistic(drawn)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(f.Even-300) > 15 || math.Abs(f.Scale-150) > 15 {
		t.Errorf("drawn results: fit %+v, want about even 300, scale 150", f)
	}
	var sumY, sumP float64
	for _, p := range drawn {
		sumY += p.Y
		sumP += curve(p.X, f.Even, f.Scale)
	}
	if math.Abs(sumY-sumP) > 1e-6*float64(len(drawn)) {
		t.Errorf("fitted results add up to %.3f, observed %.0f", sumP, sumY)
	}
}

// TestFitLogisticRefuses: data the curve cannot describe gets an error,
// not a number: one side won every game, the scores run against the
// results, too few positions.
func TestFitLogisticRefuses(t *testing.T) {
	var oneSided, backwards []analysis.Point
	for i := range 200 {
		x := float64(i*10 - 1000)
		oneSided = append(oneSided, analysis.Point{X: x})
		y := 0.0
		if (x < 0) != (i%7 == 0) {
			y = 1
		}
		backwards = append(backwards, analysis.Point{X: x, Y: y})
	}
	for name, pts := range map[string][]analysis.Point{"one side won": oneSided, "backwards": backwards, "one position": oneSided[:1]} {
		if f, err := analysis.FitLogistic(pts); err == nil {
			t.Errorf("%s: fit %+v, want an error", name, f)
		} else if !strings.Contains(err.Error(), "play more games") {
			t.Errorf("%s: error %q does not say what to do", name, err)
		}
	}
}

// TestUsable: a curve flatter than MaxScale is refused with a reason, a
// steep one is not.
func TestUsable(t *testing.T) {
	if err := (analysis.Logistic{Even: 1091, Scale: 14573}).Usable(); err == nil || !strings.Contains(err.Error(), "larger budget") {
		t.Errorf("flat curve: error %v, want a refusal that says what to do", err)
	}
	if err := (analysis.Logistic{Even: 441, Scale: 230}).Usable(); err != nil {
		t.Errorf("steep curve: %v", err)
	}
}

// TestLogisticJSON: a curve's JSON keys are even and scale, as a
// review's other keys are snake_case (they were "Even" and "Scale"); a
// report stored with the old keys reads the same.
func TestLogisticJSON(t *testing.T) {
	data, err := json.Marshal(analysis.Logistic{Even: -40, Scale: 250})
	if want := `{"even":-40,"scale":250}`; err != nil || string(data) != want {
		t.Errorf("marshal: %s %v, want %s", data, err, want)
	}
	var l analysis.Logistic
	if err := json.Unmarshal([]byte(`{"Even":-40,"Scale":250}`), &l); err != nil || l != (analysis.Logistic{Even: -40, Scale: 250}) {
		t.Errorf("old keys: %+v %v", l, err)
	}
}

// TestFitEven: with the scale held, the fit finds the even point whose
// answer is known without it. Every position scored alike at x with a
// mean result m: the curve must pass through m there, so even is
// x − scale·ln(m/(1−m)). Exact expected results from a curve of that
// scale: its even point. A fraction of draws counts as half a win.
func TestFitEven(t *testing.T) {
	var flat []analysis.Point
	for i := range 4 { // 3 attackers' wins in 4 at +100
		flat = append(flat, analysis.Point{X: 100, Y: float64(min(i, 1))})
	}
	f, err := analysis.FitEven(flat, 300)
	if want := 100 - 300*math.Log(3); err != nil || math.Abs(f.Even-want) > 1e-6 || f.Scale != 300 {
		t.Errorf("3 wins in 4 at +100: fit %+v %v, want even %.3f, scale 300", f, err, want)
	}
	drawn := []analysis.Point{{X: -50, Y: 0.5}, {X: -50, Y: 0.5}, {X: -50, Y: 0}}
	f, err = analysis.FitEven(drawn, 200) // mean ⅓
	if want := -50 + 200*math.Log(2); err != nil || math.Abs(f.Even-want) > 1e-6 {
		t.Errorf("two draws and a loss at −50: fit %+v %v, want even %.3f", f, err, want)
	}
	var exact []analysis.Point
	for i := range 401 {
		x := float64(i*5 - 600)
		exact = append(exact, analysis.Point{X: x, Y: 1 / (1 + math.Exp(-(x-640)/300))})
	}
	if f, err := analysis.FitEven(exact, 300); err != nil || math.Abs(f.Even-640) > 1e-6 {
		t.Errorf("exact targets of even +640: fit %+v %v", f, err)
	}
}

// TestFitEvenRefuses: results all alike (no even point fits them), a
// scale out of range and too few positions get an error, not a number.
func TestFitEvenRefuses(t *testing.T) {
	allWon := []analysis.Point{{X: 0, Y: 1}, {X: 300, Y: 1}}
	mixed := []analysis.Point{{X: 0, Y: 1}, {X: 300, Y: 0}}
	for _, c := range []struct {
		name  string
		pts   []analysis.Point
		scale float64
		say   string
	}{
		{"one side won", allWon, 300, "play more games"},
		{"one position", mixed[:1], 300, "play more games"},
		{"scale 0", mixed, 0, "at most 1000"},
		{"scale too flat", mixed, 1001, "at most 1000"},
		{"scale NaN", mixed, math.NaN(), "at most 1000"},
	} {
		if f, err := analysis.FitEven(c.pts, c.scale); err == nil || !strings.Contains(err.Error(), c.say) {
			t.Errorf("%s: fit %+v %v, want an error saying %q", c.name, f, err, c.say)
		}
	}
}
