// Command spsa tunes the weights of the fitted evaluation (copenhagen's
// family) by match results: simultaneous-perturbation stochastic
// approximation. Each iteration perturbs every tuned weight by ±c at
// once (θ+ and θ−), plays both as attackers against a fixed defender
// from the same openings at a fixed node budget, and moves θ towards the
// side that scored more.
//
//	go run ./tools/spsa -start W.json -opp W.json -openings F[,F…] -iter N -out DIR
package main

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/taflbot/taflbot/match"
	"github.com/taflbot/taflbot/tafl"
	"github.com/taflbot/taflbot/tafl/ai"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "spsa:", err)
		os.Exit(1)
	}
}

// failure carries an error out of run's helpers (see check).
type failure struct{ err error }

// run is the command with its arguments; it returns the first error.
func run(args []string) (err error) {
	defer func() {
		if r := recover(); r != nil {
			f, ok := r.(failure)
			if !ok {
				panic(r)
			}
			err = f.err
		}
	}()
	flag := flag.NewFlagSet("spsa", flag.ContinueOnError)
	start := flag.String("start", "tafl/ai/weights_corner11.json", "starting weights")
	opp := flag.String("opp", "tafl/ai/weights_corner11.json", "the defender's weights")
	openings := flag.String("openings", "", "files of openings, comma-separated")
	nodesList := flag.String("nodes", "25000,50000", "node budgets, used in turn")
	iters := flag.Int("iter", 100, "iterations")
	batch := flag.Int("batch", 8, "openings per iteration")
	params := flag.String("params", "", "NAME:C,… the weights tuned and their perturbation")
	rate := flag.Float64("a", 0.5, "step: θ += a·c·δ·(S+ − S−)/batch")
	maxPlies := flag.Int("maxplies", 200, "move cap")
	seed := flag.Uint64("seed", 1, "seed")
	out := flag.String("out", "/tmp/spsa", "output directory")
	check(flag.Parse(args))

	v, err := tafl.Preset("copenhagen", "")
	check(err)
	load := func(p string) *ai.Weights {
		data, err := os.ReadFile(p)
		check(err)
		w, err := ai.ParseWeights(v, data)
		check(err)
		return w
	}
	base := load(*start)
	oppW := load(*opp)
	names := ai.FeatureNames(v)
	idx := map[string]int{}
	for i, n := range names {
		idx[n] = i
	}
	type tuned struct {
		i int
		c float64
	}
	var ts []tuned
	for _, f := range strings.Split(*params, ",") {
		n, cs, ok := strings.Cut(f, ":")
		i, known := idx[n]
		c, err := strconv.ParseFloat(cs, 64)
		if !ok || !known || err != nil {
			check(fmt.Errorf("bad -params entry %q", f))
		}
		ts = append(ts, tuned{i, c})
	}
	var ops []match.Opening
	for _, f := range strings.Split(*openings, ",") {
		o, err := match.ReadOpenings(v, f)
		check(err)
		ops = append(ops, o...)
	}
	var budgets []int64
	for _, f := range strings.Split(*nodesList, ",") {
		n, err := strconv.ParseInt(f, 10, 64)
		check(err)
		budgets = append(budgets, n)
	}
	check(os.MkdirAll(*out, 0o755))
	logf, err := os.Create(filepath.Join(*out, "log.txt"))
	check(err)
	defer logf.Close()

	theta := base.Vector()
	rng := rand.New(rand.NewPCG(*seed, 7))
	ctx := context.Background()
	play := func(w *ai.Weights, op match.Opening, nodes int64) float64 {
		m := &match.Match{
			Variant:  v,
			Specs:    [2]match.Spec{{Name: "t", Limits: ai.Limits{Nodes: nodes, Weights: w}}, {Name: "o", Limits: ai.Limits{Nodes: nodes, Weights: oppW}}},
			Openings: []match.Opening{op},
			MaxPlies: *maxPlies,
		}
		r := m.PlayGame(ctx, 0) // player 1 attacks
		check(r.Err)
		return r.P1Score()
	}
	sumTheta := make([]float64, len(theta))
	nsum := 0
	for k := 0; k < *iters; k++ {
		nodes := budgets[k%len(budgets)]
		delta := make([]float64, len(ts))
		plus, minus := append([]float64(nil), theta...), append([]float64(nil), theta...)
		for j, t := range ts {
			delta[j] = 1
			if rng.IntN(2) == 0 {
				delta[j] = -1
			}
			plus[t.i] += t.c * delta[j]
			minus[t.i] -= t.c * delta[j]
		}
		wp, err := base.WithVector(plus)
		check(err)
		wm, err := base.WithVector(minus)
		check(err)
		var sp, sm float64
		for range *batch {
			op := ops[rng.IntN(len(ops))]
			sp += play(wp, op, nodes)
			sm += play(wm, op, nodes)
		}
		g := (sp - sm) / float64(*batch)
		for j, t := range ts {
			theta[t.i] += *rate * t.c * delta[j] * g
		}
		if k >= *iters/2 {
			for i := range theta {
				sumTheta[i] += theta[i]
			}
			nsum++
		}
		var b strings.Builder
		fmt.Fprintf(&b, "iter %d nodes %d S+ %.1f S- %.1f |", k, nodes, sp, sm)
		for _, t := range ts {
			fmt.Fprintf(&b, " %s=%.3f", names[t.i], theta[t.i])
		}
		fmt.Fprintln(logf, b.String())
		logf.Sync()
		cur, err := base.WithVector(theta)
		check(err)
		writeJSON(filepath.Join(*out, "theta.json"), cur)
		if nsum > 0 {
			avg := make([]float64, len(theta))
			for i := range avg {
				avg[i] = sumTheta[i] / float64(nsum)
			}
			aw, err := base.WithVector(avg)
			check(err)
			writeJSON(filepath.Join(*out, "avg.json"), aw)
		}
	}
	return nil
}

func writeJSON(path string, w *ai.Weights) {
	data, err := w.MarshalJSON()
	check(err)
	check(os.WriteFile(path+".tmp", data, 0o644))
	check(os.Rename(path+".tmp", path))
}

// check stops run with err, if not nil.
func check(err error) {
	if err != nil {
		panic(failure{err})
	}
}
