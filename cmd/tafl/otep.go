package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/taflbot/taflbot/otep"
	"github.com/taflbot/taflbot/tafl"
	"github.com/taflbot/taflbot/tafl/ai"
)

// runOTEP serves taflbot's engine over the OpenTafl Engine Protocol on
// stdin/stdout (package otep), so that OpenTafl or `tafl match` can use it:
//
//	tafl otep [-level L | -time D | -depth N | -nodes N [-attackers-nodes N]] [-threads N] [-seed N] [-weights FILE] [-transcript FILE]
//
// With a clock from the host the budget per move comes from the clock;
// without one, from the flags (default hard). Diagnostics go to stderr.
func runOTEP(e env) error {
	var level, weights, transcript string
	var timeLimit time.Duration
	var depth, threads int
	var nodes, attNodes int64
	var seed uint64
	fs := newFlags(e, "otep", "[-level L | -time D | -depth N | -nodes N [-attackers-nodes N]] [-threads N] [-seed N] [-weights FILE] [-transcript FILE]")
	fs.StringVar(&level, "level", "", "playing level: easy, medium, hard or max (default hard)")
	fs.DurationVar(&timeLimit, "time", 0, "time budget per move, such as 2s")
	fs.IntVar(&depth, "depth", 0, "search depth in plies, 1 to 100")
	fs.Int64Var(&nodes, "nodes", 0, "node budget per move")
	fs.Int64Var(&attNodes, "attackers-nodes", 0, "with -nodes: this node budget instead when playing the attackers (for tuning data with a fixed side advantage)")
	fs.IntVar(&threads, "threads", 1, "search threads, 1 to 256")
	fs.Uint64Var(&seed, "seed", 1, "seed for the random choices of easy and medium (only with -level easy or medium)")
	fs.StringVar(&weights, "weights", "", "the evaluation's weights (JSON, as tafl tune writes) for the games whose variant they fit")
	fs.StringVar(&transcript, "transcript", "", "append the session to this file (\"> \" host to engine, \"< \" engine to host)")
	if err := parseFlags(fs, e.args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return &usageError{msg: "otep takes no arguments"}
	}
	if attNodes < 0 || attNodes > 0 && nodes == 0 {
		return &usageError{msg: "-attackers-nodes needs -nodes and must be positive"}
	}
	if threads < 1 || threads > 256 {
		return &usageError{msg: "-threads must be from 1 to 256"}
	}
	lim, err := searchLimits(fs, level, timeLimit, depth, nodes, seed)
	if err != nil {
		return err
	}
	lim.Threads = threads
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	searcher := &otep.AI{Limits: lim, AttackersNodes: attNodes, Log: e.stderr}
	if weights != "" {
		if searcher.Weights, err = os.ReadFile(weights); err != nil {
			return err
		}
		if err := weightsFitSome(weights, searcher.Weights); err != nil {
			return err
		}
	}
	eng := &otep.Engine{Searcher: searcher, Log: e.stderr}
	if transcript != "" {
		f, err := os.OpenFile(transcript, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
		if err != nil {
			return err
		}
		defer f.Close()
		eng.Transcript = f
	}
	return eng.Serve(ctx, e.stdin, e.stdout)
}

// weightsFitSome checks that the weights in file fit at least one preset:
// the engine learns the variant only from the host's rules, and falls
// back to the built-in weights (with a warning on stderr, which a host
// may not show) for a variant they do not fit, so a file that fits none
// (not weights at all, a typo in a name) is refused at the start.
func weightsFitSome(file string, data []byte) error {
	var first error
	for _, p := range tafl.Presets() {
		v, err := tafl.Preset(p.Name, "")
		if err != nil || !ai.Tunable(v) {
			continue
		}
		if _, err := ai.ParseWeights(v, data); err == nil {
			return nil
		} else if first == nil {
			first = err
		}
	}
	if first == nil {
		return nil // no variant takes weights: nothing to check them against
	}
	return inFile(file, first)
}
