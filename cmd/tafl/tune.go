package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"sort"
	"strings"

	"github.com/taflbot/taflbot/tafl"
	"github.com/taflbot/taflbot/tafl/ai"
	"github.com/taflbot/taflbot/tafl/ai/balance"
	"github.com/taflbot/taflbot/tafl/ai/tune"
)

// runTune fits the weights of a fitted evaluation family (ai.Tunable) to
// the results of games:
//
//	tafl tune [-variant NAME] [-attackers] [-weights FILE] [-corpus FILE.csv] [-only PREFIX,…] [-skip N] [-l2 X] [-o FILE] [DIR|FILE.otg …]
//
// The games are records (tafl match -out DIR writes them) and, with
// -corpus, a corpus file in the format of the Copenhagen game corpus.
// Every quiet position of every game, after the first -skip plies, is a
// sample; the fit starts from the current weights (the built-in ones,
// or -weights) and is pulled toward them with strength -l2; the fitted
// weights are scaled so that an attacker is worth 100 (unless -only
// fits some weights and keeps the others, the attacker's among them). The weights
// are written as JSON (to -o, else standard output) for tafl ai/otep
// -weights, or for the built-in table; the report goes to standard error.
//
// With -attackers the fit is of the attackers' own weights, which hard's
// attackers play with (ai.DefaultAttackerWeights, ai.AttackerFeatures):
// by default only their corner seals and shrinking cordon (-only
// seal,shrink), the rest kept as the shared evaluation has them; the
// output is their whole set, with the cordon's entries ("shrinkSeal",
// "shrinkEdge", "shrinkRoom"), as tools/spsa writes it.
func runTune(e env) error {
	var s setup
	var weightsFile, corpus, out, only string
	var attackers bool
	var skip int
	var l2 float64
	fs := newFlags(e, "tune", "[-variant NAME] [-attackers] [-weights FILE] [-corpus FILE.csv] [-only PREFIX,…] [-skip N] [-l2 X] [-o FILE] [DIR|FILE.otg …]")
	s.register(fs)
	fs.StringVar(&weightsFile, "weights", "", "the weights to start from (JSON, as tafl tune writes; default: the built-in ones)")
	fs.StringVar(&corpus, "corpus", "", "a game corpus: one game a line, moves,attacker_captures,defender_captures,status")
	fs.IntVar(&skip, "skip", 4, "plies at the start of each game to leave out")
	fs.Float64Var(&l2, "l2", 0.0001, "pull toward the starting weights, per sample, on the logit scale")
	fs.StringVar(&out, "o", "", "write the weights to this file instead of standard output")
	fs.BoolVar(&attackers, "attackers", false, "fit the attackers' own weights (their seals and cordon, as hard's attackers play; -only seal,shrink unless given) instead of the shared evaluation's")
	fs.StringVar(&only, "only", "", "fit only the weights whose names start with one of these comma-separated prefixes (such as seal,near,kingReach); the others keep their values")
	if err := parseFlags(fs, e.args); err != nil {
		return err
	}
	// The games are fitted from their own starts: a start position was
	// ignored without a word.
	var start string
	fs.Visit(func(f *flag.Flag) {
		if start == "" && (f.Name == "position" || f.Name == "side") {
			start = f.Name
		}
	})
	if start != "" {
		return &usageError{msg: "-" + start + " does not go with tune: each game is fitted from its own start (-variant, -layout or -rules say which evaluation is fitted)"}
	}
	if skip < 0 || l2 < 0 || math.IsNaN(l2) {
		return &usageError{msg: "-skip and -l2 must not be negative"}
	}
	if math.IsInf(l2, 1) {
		// It fitted, then failed: "weight attacker = NaN is out of range".
		return &usageError{msg: "-l2 must be a finite number (0 for no pull, default 0.0001)"}
	}
	if fs.NArg() == 0 && corpus == "" {
		return &usageError{msg: "give game records (.otg files or directories) or -corpus FILE.csv"}
	}
	if out != "" {
		if err := checkOutput(out); err != nil {
			return err
		}
	}
	g0, err := s.Game()
	if err != nil {
		return err
	}
	v := g0.Variant()
	if !ai.Tunable(v) {
		return fmt.Errorf("%s: the evaluation of this variant has no fitted weights (tafl tune fits copenhagen, fetlar and cyning-taefl)", v.Name())
	}
	// The weights fitted: the shared evaluation's (FeatureNames), or the
	// attackers' own (ParamNames: the features and the cordon's two).
	names, features := ai.FeatureNames(v), ai.Features
	vector := (*ai.Weights).Vector
	withVector := (*ai.Weights).WithVector
	var w *ai.Weights
	if attackers {
		if weightsFile != "" {
			return &usageError{msg: "-weights does not go with -attackers: the attackers' fit starts from their built-in weights (the shared evaluation's with their own seals and cordon)"}
		}
		if w, err = ai.DefaultAttackerWeights(v); err != nil {
			return fmt.Errorf("%s: the attackers have no weights of their own to fit (tafl tune -attackers fits copenhagen, fetlar and cyning-taefl)", v.Name())
		}
		names, features = ai.ParamNames(v), ai.AttackerFeatures
		vector, withVector = (*ai.Weights).Params, (*ai.Weights).WithParams
		if only == "" {
			only = "seal,shrink"
		}
	} else if w, err = loadWeights(v, weightsFile); err != nil {
		return err
	}
	var samples []tune.Sample
	var games, results [3]int // games; attacker wins, draws, defender wins
	add := func(g *tafl.Game, y float64, where string) error {
		if !ai.Tunable(g.Variant()) || g.Variant().Size() != v.Size() {
			return fmt.Errorf("%s: a game of %s, which is not of the family being fitted (%s)", where, g.Variant().Name(), v.Name())
		}
		smp, err := tune.SamplesOf(g, y, skip, features)
		if err != nil {
			return inFile(where, err)
		}
		samples = append(samples, smp...)
		games[0]++
		switch y {
		case 1:
			results[0]++
		case 0.5:
			results[1]++
		default:
			results[2]++
		}
		return nil
	}
	if corpus != "" {
		f, err := os.Open(corpus)
		if err != nil {
			return err
		}
		c, err := tune.ReadCorpus(f, v)
		f.Close()
		if err != nil {
			return inFile(corpus, err)
		}
		cut := reportCuts(e.stderr, corpus, c.Cuts)
		fmt.Fprintf(e.stderr, "corpus %s: %s (%s skipped: header, unfinished%s)\n", corpus, plural(len(c.Games), "game", "games"), plural(c.Skipped, "line", "lines"), cut)
		for _, g := range c.Games {
			if err := add(g.Game, g.Result, fmt.Sprintf("%s line %d", corpus, g.Line)); err != nil {
				return err
			}
		}
	}
	files, err := recordFiles(fs.Args())
	if err != nil {
		return err
	}
	recs, err := readFinished(e, files, true)
	if err != nil {
		return err
	}
	for _, r := range recs {
		if err := add(r.game, r.result, r.path); err != nil {
			return err
		}
	}
	if results[0] < balance.MinWins || results[2] < balance.MinWins {
		return fmt.Errorf("the attackers won %d and the defenders %d of %s; the fit needs %s by each side: add games",
			results[0], results[2], plural(games[0], "game", "games"), plural(balance.MinWins, "win", "wins"))
	}
	if len(samples) == 0 {
		// It said "tune: no samples".
		return fmt.Errorf("no position to fit: every game ends within its first %s (-skip) or has no quiet position after them: lower -skip or add longer games", plural(skip, "ply", "plies"))
	}
	var mask []bool
	if only != "" {
		mask = make([]bool, len(names))
		n := 0
		for i, name := range names {
			for _, p := range strings.Split(only, ",") {
				if p = strings.TrimSpace(p); p != "" && strings.HasPrefix(name, p) {
					mask[i] = true
				}
			}
			if mask[i] {
				n++
			}
		}
		if n == 0 {
			return &usageError{msg: fmt.Sprintf("-only %q names no weight: the names are %s", only, strings.Join(names, " "))}
		}
	}
	fit, err := tune.FitWeights(samples, vector(w), float64(ai.Balance(v)), l2, mask)
	if err != nil {
		return err
	}
	// The search's margins are in hundredths of an attacker: scale the
	// weights so that an attacker is worth 100.
	unit := 1.0
	if mask == nil && len(names) > 0 && names[0] == "attacker" && fit.W[0] > 0 {
		unit = 100 / fit.W[0]
	}
	for i := range fit.W {
		fit.W[i] *= unit
	}
	nw, err := withVector(w, fit.W)
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stderr, "%s (attackers won %d, drew %d, lost %d), %s\n", plural(games[0], "game", "games"), results[0], results[1], results[2],
		plural(len(samples), "position", "positions"))
	fmt.Fprintf(e.stderr, "mean log-loss %.4f before, %.4f after (%s); %.0f points a logit, even chances at %+.0f (balance now %+d), in units of an attacker's fitted value\n",
		fit.LossBefore, fit.LossAfter, plural(fit.Iterations, "iteration", "iterations"), 1/(fit.Scale/unit), fit.Balance*unit, ai.Balance(v))
	printChanges(e, names, vector(w), vector(nw))
	data, err := json.MarshalIndent(nw, "", "  ")
	if err != nil {
		return err
	}
	data = append(data, '\n')
	if out == "" {
		_, err = e.stdout.Write(data)
		return err
	}
	return os.WriteFile(out, data, 0o644)
}

// loadWeights reads -weights, or returns the built-in weights.
func loadWeights(v *tafl.Variant, file string) (*ai.Weights, error) {
	if file == "" {
		return ai.DefaultWeights(v)
	}
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	w, err := ai.ParseWeights(v, data)
	if err != nil {
		return nil, inFile(file, err)
	}
	return w, nil
}

// printChanges lists the weights that changed most.
func printChanges(e env, names []string, old, new []float64) {
	idx := make([]int, len(names))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool {
		return math.Abs(new[idx[a]]-old[idx[a]]) > math.Abs(new[idx[b]]-old[idx[b]])
	})
	var parts []string
	for _, i := range idx[:min(12, len(idx))] {
		if new[i] != old[i] {
			parts = append(parts, fmt.Sprintf("%s %+.0f→%+.0f", names[i], old[i], new[i]))
		}
	}
	fmt.Fprintf(e.stderr, "largest changes: %s\n", strings.Join(parts, ", "))
}

// reportCuts writes a line on w for each corpus game cut short or left
// out at a move the rules refuse (or after its game ended sooner than
// recorded), and returns a note for the summary line: ", N cut short,
// M left out (listed above)", or "" for none.
func reportCuts(w io.Writer, file string, cuts []tune.CorpusCut) string {
	short, out := 0, 0
	for _, c := range cuts {
		fmt.Fprintf(w, "corpus %s: %s\n", file, c)
		if c.Kept() {
			short++
		} else {
			out++
		}
	}
	if len(cuts) == 0 {
		return ""
	}
	return fmt.Sprintf("; %s cut short, %d left out at a move the rules refuse, listed above", plural(short, "game", "games"), out)
}
