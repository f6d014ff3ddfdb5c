package main

import (
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/taflbot/taflbot/tafl"
	"github.com/taflbot/taflbot/tafl/ai"
)

// TestStep runs two small iterations and checks each against the rule:
// every tuned weight moves by a·c·(S+ − S−)/batch, one way or the other,
// and no other weight moves.
func TestStep(t *testing.T) {
	if testing.Short() {
		t.Skip("plays games")
	}
	dir := t.TempDir()
	start := filepath.Join("..", "..", "tafl", "ai", "weights_corner11.json")
	out := filepath.Join(dir, "out")
	args := []string{
		"-start", start, "-opp", start,
		"-openings", filepath.Join("..", "..", "docs", "openings", "copenhagen.txt"),
		"-nodes", "300", "-iter", "2", "-batch", "2", "-a", "0.5",
		"-params", "seal.0:20,kingDetour:4", "-out", out,
	}
	if err := run(args); err != nil {
		t.Fatal(err)
	}
	v, err := tafl.Preset("copenhagen", "")
	if err != nil {
		t.Fatal(err)
	}
	read := func(p string) []float64 {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		w, err := ai.ParseWeights(v, data)
		if err != nil {
			t.Fatal(err)
		}
		return w.Vector()
	}
	before, after := read(start), read(filepath.Join(out, "theta.json"))
	names := ai.FeatureNames(v)
	for i, n := range names {
		if n != "seal.0" && n != "kingDetour" && before[i] != after[i] {
			t.Errorf("%s moved from %v to %v but was not tuned", n, before[i], after[i])
		}
	}
	data, err := os.ReadFile(filepath.Join(out, "log.txt"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if len(lines) != 2 {
		t.Fatalf("log has %d lines, want one per iteration:\n%s", len(lines), data)
	}
	prev := map[string]float64{"seal.0": before[slices.Index(names, "seal.0")], "kingDetour": before[slices.Index(names, "kingDetour")]}
	c := map[string]float64{"seal.0": 20, "kingDetour": 4}
	unequal := false // an iteration whose step is not 0, or the rule goes untested
	for _, line := range lines {
		f := strings.Fields(line) // iter K nodes N S+ X S- Y | name=value …
		sp, _ := strconv.ParseFloat(f[5], 64)
		sm, _ := strconv.ParseFloat(f[7], 64)
		unequal = unequal || sp != sm
		for _, kv := range f[9:] {
			n, val, _ := strings.Cut(kv, "=")
			x, err := strconv.ParseFloat(val, 64)
			if err != nil {
				t.Fatalf("bad log entry %q", kv)
			}
			want := 0.5 * c[n] * math.Abs(sp-sm) / 2
			if got := math.Abs(x - prev[n]); math.Abs(got-want) > 1e-3 {
				t.Errorf("%s moved by %.3f in %q, want %.3f", n, got, line, want)
			}
			prev[n] = x
		}
	}
	if !unequal {
		t.Error("S+ = S- in every iteration: no step was taken, the rule went untested")
	}
	for _, n := range []string{"seal.0", "kingDetour"} {
		if got := after[slices.Index(names, n)]; got != math.Round(prev[n]) && got != math.Trunc(prev[n]+0.5) {
			t.Errorf("theta.json %s = %v, the log's last value %.3f rounded", n, got, prev[n])
		}
	}
}

// TestBadParams refuses an unknown weight name.
func TestBadParams(t *testing.T) {
	start := filepath.Join("..", "..", "tafl", "ai", "weights_corner11.json")
	err := run([]string{"-start", start, "-opp", start, "-params", "nosuch:3", "-out", t.TempDir()})
	if err == nil || !strings.Contains(err.Error(), "nosuch") {
		t.Errorf("run with an unknown weight: %v, want an error naming it", err)
	}
}

// TestConcurrencySameRun checks that playing the batch's games two at a
// time changes nothing: the same seed gives the same log line for line,
// whatever order the games finish in.
func TestConcurrencySameRun(t *testing.T) {
	if testing.Short() {
		t.Skip("plays games")
	}
	start := filepath.Join("..", "..", "tafl", "ai", "weights_corner11.json")
	// 1024 nodes: what "-nodes 300" searched while a node budget was
	// checked only every 1024 nodes, and these openings then draw a game.
	logOf := func(workers string) string {
		out := filepath.Join(t.TempDir(), "out")
		err := run([]string{
			"-start", start, "-opp", start,
			"-openings", filepath.Join("..", "..", "docs", "openings", "copenhagen.txt"),
			"-nodes", "1024", "-iter", "2", "-batch", "3", "-draw", "0.25",
			"-params", "seal.0:20,kingDetour:4", "-concurrency", workers, "-out", out,
		})
		if err != nil {
			t.Fatal(err)
		}
		data, err := os.ReadFile(filepath.Join(out, "log.txt"))
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	one, two := logOf("1"), logOf("2")
	if one != two {
		t.Errorf("the log with two games at a time differs:\n%s\nagainst one at a time:\n%s", two, one)
	}
	// The comparison means something only if θ+ and θ− scored apart (a
	// swap of their scores would show) and some draw was scored ¼.
	apart, quarter := false, false
	for _, line := range strings.Split(strings.TrimSpace(one), "\n") {
		f := strings.Fields(line) // iter K nodes N S+ X S- Y | …
		sp, _ := strconv.ParseFloat(f[5], 64)
		sm, _ := strconv.ParseFloat(f[7], 64)
		apart = apart || sp != sm
		quarter = quarter || math.Mod(sp*2, 1) != 0 || math.Mod(sm*2, 1) != 0
	}
	if !apart || !quarter {
		t.Errorf("the run had S+ ≠ S− %v and a draw scored ¼ %v; want both:\n%s", apart, quarter, one)
	}
}

// TestPlayBatch sums θ+'s and θ−'s scores by opening and reports a
// failed game by its place in the batch.
func TestPlayBatch(t *testing.T) {
	sp, sm, err := playBatch(3, 4, func(i int, plus bool) (float64, error) {
		if plus {
			return float64(i), nil // 0+1+2+3
		}
		return 0.25, nil
	})
	if err != nil || sp != 6 || sm != 1 {
		t.Errorf("playBatch = %v, %v, %v; want 6, 1, no error", sp, sm, err)
	}
	_, _, err = playBatch(2, 2, func(i int, plus bool) (float64, error) {
		if i == 1 && !plus {
			return 0, os.ErrDeadlineExceeded
		}
		return 1, nil
	})
	if err == nil || !strings.Contains(err.Error(), "game 4 of the batch") {
		t.Errorf("playBatch with θ− failing on the second opening: %v, want an error naming game 4", err)
	}
}

// TestBadFlags refuses a draw score outside 0…1, an empty batch (whose
// step would divide by zero) and no workers.
func TestBadFlags(t *testing.T) {
	start := filepath.Join("..", "..", "tafl", "ai", "weights_corner11.json")
	for _, bad := range [][]string{{"-draw", "1.5"}, {"-draw", "-0.1"}, {"-batch", "0"}, {"-concurrency", "0"}} {
		args := append([]string{"-start", start, "-opp", start, "-params", "seal.0:3", "-out", t.TempDir()}, bad...)
		if err := run(args); err == nil || !strings.Contains(err.Error(), bad[0]) {
			t.Errorf("run %v: %v, want an error naming %s", bad, err, bad[0])
		}
	}
}

// TestStepFromTheAttackersWeights tunes the attackers' cordon from their
// own built-in weights: theta.json keeps their cordon on and every weight
// but the tuned one as it was, and the tuned one where the log left it.
func TestStepFromTheAttackersWeights(t *testing.T) {
	if testing.Short() {
		t.Skip("plays games")
	}
	out := filepath.Join(t.TempDir(), "out")
	opp := filepath.Join("..", "..", "tafl", "ai", "weights_corner11.json")
	args := []string{
		"-start", "attackers", "-opp", opp,
		"-openings", filepath.Join("..", "..", "docs", "openings", "copenhagen.txt"),
		"-nodes", "300", "-iter", "1", "-batch", "2", "-a", "1",
		"-params", "shrinkEdge:6", "-out", out,
	}
	if err := run(args); err != nil {
		t.Fatal(err)
	}
	v, _ := tafl.Preset("copenhagen", "")
	def, err := ai.DefaultAttackerWeights(v)
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(out, "theta.json"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), `"shrinkSeal": 1`) {
		t.Errorf("theta.json lost the attackers' cordon:\n%s", data)
	}
	w, err := ai.ParseWeights(v, data)
	if err != nil {
		t.Fatal(err)
	}
	log, err := os.ReadFile(filepath.Join(out, "log.txt"))
	if err != nil {
		t.Fatal(err)
	}
	f := strings.Fields(strings.TrimSpace(string(log))) // iter 0 nodes 300 S+ X S- Y | shrinkEdge=Z
	if len(f) != 10 || !strings.HasPrefix(f[9], "shrinkEdge=") {
		t.Fatalf("log line %q", log)
	}
	sp, err1 := strconv.ParseFloat(f[5], 64)
	sm, err2 := strconv.ParseFloat(f[7], 64)
	logged, err3 := strconv.ParseFloat(strings.TrimPrefix(f[9], "shrinkEdge="), 64)
	if err1 != nil || err2 != nil || err3 != nil {
		t.Fatalf("log line %q", log)
	}
	names, before, after := ai.ParamNames(v), def.Params(), w.Params()
	for i, n := range names {
		switch {
		case n == "shrinkEdge":
			if after[i] != math.Floor(logged+0.5) {
				t.Errorf("theta.json shrinkEdge = %v, the log's %v rounded", after[i], logged)
			}
			if want := 1 * 6 * math.Abs(sp-sm) / 2; math.Abs(math.Abs(logged-before[i])-want) > 1e-9 {
				t.Errorf("shrinkEdge moved from %v to %v with S+ %v, S− %v: a step is a·c·|S+ − S−|/batch = %v", before[i], logged, sp, sm, want)
			}
		case before[i] != after[i]:
			t.Errorf("%s moved from %v to %v but was not tuned", n, before[i], after[i])
		}
	}
}
