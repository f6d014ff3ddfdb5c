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
