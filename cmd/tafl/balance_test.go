package main

import (
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/taflbot/taflbot/tafl"
	"github.com/taflbot/taflbot/tafl/ai"
)

// TestFitLogistic: the fit finds the curve that made the data. With exact
// expected results as targets it recovers the curve to rounding; with
// 0/1 results drawn from it, to sampling error; and its fitted results
// add up to the observed ones (the likelihood's equation for the
// intercept), which holds for any data.
func TestFitLogistic(t *testing.T) {
	curve := func(x, even, scale float64) float64 { return 1 / (1 + math.Exp(-(x-even)/scale)) }
	r := rand.New(rand.NewPCG(1, 2))
	var exact, drawn []fitPoint
	for range 20000 {
		x := r.Float64()*2000 - 800
		y := curve(x, 300, 150)
		exact = append(exact, fitPoint{x, y})
		z := 0.0
		if r.Float64() < y {
			z = 1
		}
		drawn = append(drawn, fitPoint{x, z})
	}
	f, err := fitLogistic(exact)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(f.even-300) > 1e-6 || math.Abs(f.scale-150) > 1e-6 {
		t.Errorf("exact targets: fit %+v, want even 300, scale 150", f)
	}
	f, err = fitLogistic(drawn)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(f.even-300) > 15 || math.Abs(f.scale-150) > 15 {
		t.Errorf("drawn results: fit %+v, want about even 300, scale 150", f)
	}
	var sumY, sumP float64
	for _, p := range drawn {
		sumY += p.y
		sumP += curve(p.x, f.even, f.scale)
	}
	if math.Abs(sumY-sumP) > 1e-6*float64(len(drawn)) {
		t.Errorf("fitted results add up to %.3f, observed %.0f", sumP, sumY)
	}
}

// TestFitLogisticRefuses: data the curve cannot describe gets an error,
// not a number: one side won every game, the scores run against the
// results, too few positions.
func TestFitLogisticRefuses(t *testing.T) {
	var oneSided, backwards []fitPoint
	for i := range 200 {
		x := float64(i*10 - 1000)
		oneSided = append(oneSided, fitPoint{x, 0})
		y := 0.0
		if (x < 0) != (i%7 == 0) {
			y = 1
		}
		backwards = append(backwards, fitPoint{x, y})
	}
	for name, pts := range map[string][]fitPoint{"one side won": oneSided, "backwards": backwards, "one position": oneSided[:1]} {
		if f, err := fitLogistic(pts); err == nil {
			t.Errorf("%s: fit %+v, want an error", name, f)
		} else if !strings.Contains(err.Error(), "play more games") {
			t.Errorf("%s: error %q does not say what to do", name, err)
		}
	}
}

// TestFlatFitUnusable: a curve flatter than maxScale is refused with a
// reason, a steep one is not.
func TestFlatFitUnusable(t *testing.T) {
	if err := (logisticFit{even: 1091, scale: 14573}).usable(); err == nil || !strings.Contains(err.Error(), "leave the balance at 0") {
		t.Errorf("flat curve: error %v, want a refusal that says what to do", err)
	}
	if err := (logisticFit{even: 441, scale: 230}).usable(); err != nil {
		t.Errorf("steep curve: %v", err)
	}
}

// TestBalanceCommand fits a small match's records and checks the report
// against the records themselves: the game count, the attackers' score,
// and the fitted balance as the current one plus the even point.
func TestBalanceCommand(t *testing.T) {
	dir := t.TempDir()
	out, errOut, code := runTafl(t, "", "match", "-variant", "brandubh", "-p1", "nodes=5000", "-p2", "nodes=5100",
		"-games", "24", "-openings", filepath.Join("..", "..", "docs", "openings", "brandubh.txt"), "-out", dir, "-progress=false")
	if code != 0 {
		t.Fatalf("match: exit %d: %s\n%s", code, errOut, out)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.otg"))
	var score float64
	for _, f := range files {
		g, _ := readRecord(t, f)
		switch g.Outcome().Winner {
		case tafl.Attackers:
			score++
		case tafl.NoSide:
			score += 0.5
		}
	}
	out, errOut, code = runTafl(t, "", "balance", dir)
	if code != 0 {
		t.Fatalf("balance: exit %d: %s\n%s", code, errOut, out)
	}
	re := regexp.MustCompile(`(?s)^variant brandubh: (\d+) games, (\d+) positions; the attackers scored ([\d.]+) %\n` +
		`even chances at a score of ([-+]\d+) \(attackers' view; (\d+) a logit\)\n` +
		`balance: (-?\d+) now, (-?\d+) fitted\n$`)
	m := re.FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("output:\n%s", out)
	}
	num := func(i int) float64 { x, _ := strconv.ParseFloat(m[i], 64); return x }
	if int(num(1)) != len(files) || len(files) != 24 {
		t.Errorf("%s games reported, %d records", m[1], len(files))
	}
	if want := 100 * score / float64(len(files)); math.Abs(num(3)-want) > 0.05 {
		t.Errorf("attackers' score %s %%, the records say %.1f %%", m[3], want)
	}
	b, _ := tafl.Preset("brandubh", "")
	if int(num(6)) != ai.Balance(b) {
		t.Errorf("current balance %s, ai.Balance says %d", m[6], ai.Balance(b))
	}
	if math.Abs(num(6)+num(4)-num(7)) > 1 {
		t.Errorf("fitted balance %s is not the current %s plus the even point %s", m[7], m[6], m[4])
	}
}

// TestBalanceBadInput: no records, another variant among the records, too
// few wins by a side, a broken record: each is an error that names the
// problem.
func TestBalanceBadInput(t *testing.T) {
	empty := t.TempDir()
	mixed := t.TempDir()
	broken := t.TempDir()
	for _, v := range []string{"brandubh", "tablut"} {
		_, errOut, code := runTafl(t, "", "match", "-variant", v, "-p1", "depth=1", "-p2", "depth=1", "-games", "2", "-out", filepath.Join(mixed, v), "-progress=false")
		if code != 0 {
			t.Fatalf("match %s: exit %d: %s", v, code, errOut)
		}
	}
	if err := os.WriteFile(filepath.Join(broken, "game.otg"), []byte("[variant:brandubh]\n1. z9-z10\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		args []string
		code int
		say  string
	}{
		{nil, 2, "give the game records"},
		{[]string{empty}, 1, "no .otg records"},
		{[]string{filepath.Join(empty, "missing")}, 1, "no such file"},
		{[]string{mixed}, 1, "fit one variant at a time"},
		{[]string{filepath.Join(mixed, "brandubh")}, 1, "the fit needs 5 wins by each side"},
		{[]string{broken}, 1, "game.otg"},
	}
	for _, c := range cases {
		out, errOut, code := runTafl(t, "", append([]string{"balance"}, c.args...)...)
		if code != c.code || !strings.Contains(errOut, c.say) || out != "" {
			t.Errorf("balance %v: exit %d, stdout %q, stderr %q; want exit %d and %q", c.args, code, out, errOut, c.code, c.say)
		}
	}
}
