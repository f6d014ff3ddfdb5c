// Command spsa tunes the weights of the fitted evaluation (copenhagen's
// family) by match results: simultaneous-perturbation stochastic
// approximation. Each iteration perturbs every tuned weight by ±c at
// once (θ+ and θ−), plays both as attackers against a fixed defender
// from the same openings at a fixed node budget, and moves θ towards the
// side that scored more. The weights are those of ai.ParamNames: the
// features' and the attackers' shrinking cordon ("shrinkEdge",
// "shrinkRoom"). -start attackers starts from the attackers' own
// built-in weights (ai.DefaultAttackerWeights), whose cordon is on.
//
//	go run ./tools/spsa -start W.json|attackers -opp W.json -openings F[,F…] -iter N [-draw 0.5] [-concurrency 1] -out DIR
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
	"sync"

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

// run is the command with its arguments; it returns the first error.
func run(args []string) error {
	flag := flag.NewFlagSet("spsa", flag.ContinueOnError)
	start := flag.String("start", "tafl/ai/weights_corner11.json", "starting weights: a file, or attackers (the attackers' own built-in weights)")
	opp := flag.String("opp", "tafl/ai/weights_corner11.json", "the defender's weights")
	openings := flag.String("openings", "", "files of openings, comma-separated")
	nodesList := flag.String("nodes", "25000,50000", "node budgets, used in turn")
	iters := flag.Int("iter", 100, "iterations")
	batch := flag.Int("batch", 8, "openings per iteration")
	params := flag.String("params", "", "NAME:C,… the weights tuned and their perturbation")
	rate := flag.Float64("a", 0.5, "step: θ += a·c·δ·(S+ − S−)/batch")
	maxPlies := flag.Int("maxplies", 200, "move cap")
	seed := flag.Uint64("seed", 1, "seed")
	drawValue := flag.Float64("draw", 0.5, "a drawn game's score for the attackers (1 a win, 0 a loss); below 0.5 the tuning prefers wins to draws")
	workers := flag.Int("concurrency", 1, "games played at once")
	out := flag.String("out", "/tmp/spsa", "output directory")
	if err := flag.Parse(args); err != nil {
		return err
	}
	if *drawValue < 0 || *drawValue > 1 {
		return fmt.Errorf("-draw %v: a drawn game's score must be between 0 and 1", *drawValue)
	}
	if *batch < 1 {
		return fmt.Errorf("-batch %d: an iteration needs at least one opening", *batch)
	}
	if *workers < 1 {
		return fmt.Errorf("-concurrency %d: at least one game must be played at a time", *workers)
	}

	v, err := tafl.Preset("copenhagen", "")
	if err != nil {
		return err
	}
	load := func(p string) (*ai.Weights, error) {
		data, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		return ai.ParseWeights(v, data)
	}
	var base *ai.Weights
	if *start == "attackers" {
		base, err = ai.DefaultAttackerWeights(v)
	} else {
		base, err = load(*start)
	}
	if err != nil {
		return err
	}
	oppW, err := load(*opp)
	if err != nil {
		return err
	}
	names := ai.ParamNames(v)
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
			return fmt.Errorf("bad -params entry %q", f)
		}
		ts = append(ts, tuned{i, c})
	}
	var ops []match.Opening
	for _, f := range strings.Split(*openings, ",") {
		o, err := match.ReadOpenings(v, f)
		if err != nil {
			return err
		}
		ops = append(ops, o...)
	}
	var budgets []int64
	for _, f := range strings.Split(*nodesList, ",") {
		n, err := strconv.ParseInt(f, 10, 64)
		if err != nil {
			return err
		}
		budgets = append(budgets, n)
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		return err
	}
	logf, err := os.Create(filepath.Join(*out, "log.txt"))
	if err != nil {
		return err
	}
	defer logf.Close()

	theta := base.Params()
	rng := rand.New(rand.NewPCG(*seed, 7))
	ctx := context.Background()
	play := func(w *ai.Weights, op match.Opening, nodes int64) (float64, error) {
		m := &match.Match{
			Variant:  v,
			Specs:    [2]match.Spec{{Name: "t", Limits: ai.Limits{Nodes: nodes, Weights: w}}, {Name: "o", Limits: ai.Limits{Nodes: nodes, Weights: oppW}}},
			Openings: []match.Opening{op},
			MaxPlies: *maxPlies,
		}
		r := m.PlayGame(ctx, 0) // player 1 attacks
		if r.Err == nil && r.Outcome.Winner == tafl.NoSide {
			return *drawValue, nil
		}
		return r.P1Score(), r.Err
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
		batchOps := make([]match.Opening, *batch)
		for i := range batchOps {
			batchOps[i] = ops[rng.IntN(len(ops))]
		}
		wp, err := base.WithParams(plus)
		if err != nil {
			return err
		}
		wm, err := base.WithParams(minus)
		if err != nil {
			return err
		}
		sp, sm, err := playBatch(*workers, *batch, func(i int, plus bool) (float64, error) {
			w := wm
			if plus {
				w = wp
			}
			return play(w, batchOps[i], nodes)
		})
		if err != nil {
			return err
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
		fmt.Fprintf(&b, "iter %d nodes %d S+ %.2f S- %.2f |", k, nodes, sp, sm)
		for _, t := range ts {
			fmt.Fprintf(&b, " %s=%.3f", names[t.i], theta[t.i])
		}
		fmt.Fprintln(logf, b.String())
		logf.Sync()
		if err := writeWeights(filepath.Join(*out, "theta.json"), base, theta); err != nil {
			return err
		}
		if nsum > 0 {
			avg := make([]float64, len(theta))
			for i := range avg {
				avg[i] = sumTheta[i] / float64(nsum)
			}
			if err := writeWeights(filepath.Join(*out, "avg.json"), base, avg); err != nil {
				return err
			}
		}
	}
	return nil
}

// playBatch plays the batch's games, θ+ and θ− from each of n openings,
// workers at a time, and returns the two sums of scores (in the order of
// the openings, whatever order the games finish in) or the first error.
func playBatch(workers, n int, play func(i int, plus bool) (float64, error)) (sp, sm float64, err error) {
	scores := make([][2]float64, n)
	errs := make([]error, 2*n)
	jobs := make(chan int)
	var wg sync.WaitGroup
	for range min(workers, 2*n) {
		wg.Go(func() {
			for j := range jobs {
				s, err := play(j/2, j%2 == 0)
				errs[j] = err
				scores[j/2][j%2] = s // θ+ in [0], θ− in [1]
			}
		})
	}
	for j := range 2 * n {
		jobs <- j
	}
	close(jobs)
	wg.Wait()
	for j, e := range errs {
		if e != nil {
			return 0, 0, fmt.Errorf("game %d of the batch: %w", j+1, e)
		}
	}
	for _, s := range scores {
		sp += s[0]
		sm += s[1]
	}
	return sp, sm, nil
}

// writeWeights writes base with the weights x to path, replacing it whole.
func writeWeights(path string, base *ai.Weights, x []float64) error {
	w, err := base.WithParams(x)
	if err != nil {
		return err
	}
	data, err := w.MarshalJSON()
	if err != nil {
		return err
	}
	if err := os.WriteFile(path+".tmp", data, 0o644); err != nil {
		return err
	}
	return os.Rename(path+".tmp", path)
}
