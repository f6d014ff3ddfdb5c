package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/taflbot/taflbot/tafl"
	"github.com/taflbot/taflbot/tafl/ai"
)

// runAI searches a position and prints the engine's choice.
//
//	tafl ai [position flags] [-moves "…"] [-level L | -time D | -depth N | -nodes N] [-threads N] [-seed N] [-weights FILE] [-json]
//
// The text output is one "key value" pair per line: move, score, mate
// (plies to a forced end, + winning, − losing; only when forced), depth,
// seldepth, nodes, nps, time, pv. With -json, one object with the same
// keys (time in milliseconds, pv as a list of moves).
func runAI(e env) error {
	var s setup
	var level, moves, weights string
	var timeLimit time.Duration
	var depth, threads int
	var nodes int64
	var seed uint64
	var asJSON bool
	fs := newFlags(e, "ai", `[position flags] [-moves "…"] [-level L | -time D | -depth N | -nodes N] [-threads N] [-seed N] [-weights FILE] [-json]`)
	s.register(fs)
	fs.StringVar(&moves, "moves", "", "moves to play from the position first, separated by spaces")
	fs.StringVar(&level, "level", "", "playing level: easy, medium, hard or max (default hard)")
	fs.DurationVar(&timeLimit, "time", 0, "time budget, such as 2s")
	fs.IntVar(&depth, "depth", 0, "search depth in plies, 1 to 100")
	fs.Int64Var(&nodes, "nodes", 0, "node budget")
	fs.IntVar(&threads, "threads", 1, "search threads, 1 to 256")
	fs.Uint64Var(&seed, "seed", 1, "seed for the random choices of easy and medium (only with -level easy or medium)")
	fs.BoolVar(&asJSON, "json", false, "print one JSON object")
	fs.StringVar(&weights, "weights", "", "the evaluation's weights (JSON, as tafl tune writes; copenhagen, fetlar and cyning-taefl)")
	if err := parseFlags(fs, e.args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return &usageError{msg: "ai takes no arguments (put moves in -moves)"}
	}
	lim, err := searchLimits(fs, level, timeLimit, depth, nodes, seed)
	if err != nil {
		return err
	}
	if threads < 1 || threads > 256 {
		return &usageError{msg: "-threads must be from 1 to 256"}
	}
	lim.Threads = threads
	g, err := s.Game()
	if err != nil {
		return err
	}
	if _, err := PlayMoves(g, strings.Fields(moves)); err != nil {
		return err
	}
	if g.Outcome().Over() {
		return fmt.Errorf("the game is over (%s): there is no move to find", g.OutcomeText())
	}
	if weights != "" {
		if lim.Weights, err = loadWeights(g.Variant(), weights); err != nil {
			return err
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	r, err := ai.Search(ctx, g, lim)
	if err != nil {
		return err
	}
	return printResult(e, r, asJSON)
}

// searchLimits turns the mutually exclusive -level, -time, -depth and
// -nodes flags into limits (hard when none is given).
func searchLimits(fs *flag.FlagSet, level string, t time.Duration, depth int, nodes int64, seed uint64) (ai.Limits, error) {
	// A flag given counts, whatever its value: -depth 0 was taken as no
	// -depth at all (the hard level), not refused.
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	n := 0
	for _, name := range []string{"level", "time", "depth", "nodes"} {
		if given[name] {
			n++
		}
	}
	if n > 1 {
		return ai.Limits{}, &usageError{msg: "give only one of -level, -time, -depth and -nodes"}
	}
	if t < 0 || depth < 0 || nodes < 0 || given["time"] && t == 0 || given["depth"] && depth == 0 || given["nodes"] && nodes == 0 {
		return ai.Limits{}, &usageError{msg: "-time, -depth and -nodes must be positive"}
	}
	var lim ai.Limits
	switch {
	case t > 0:
		lim = ai.PlayLimits(0, 0, t, seed)
	case depth > 0:
		if depth > 100 {
			return ai.Limits{}, &usageError{msg: "-depth must be at most 100"}
		}
		lim = ai.PlayLimits(depth, 0, 0, seed)
	case nodes > 0:
		lim = ai.PlayLimits(0, nodes, 0, seed)
	default:
		l := ai.Hard
		if given["level"] {
			var err error
			if l, err = ai.ParseLevel(level); err != nil {
				return ai.Limits{}, &usageError{msg: err.Error()}
			}
		}
		lim = ai.LevelLimits(l, seed)
	}
	// The seed drives only easy's and medium's random choices: with any
	// other search it changed nothing, without a word.
	if given["seed"] && lim.Noise == 0 {
		return ai.Limits{}, &usageError{msg: "-seed goes with -level easy or medium (their random choices); hard, max, -time, -depth and -nodes choose the same move whatever the seed"}
	}
	return lim, nil
}

// aiJSON is the -json output of tafl ai.
type aiJSON struct {
	Move     string   `json:"move"`
	Score    int      `json:"score"`
	Mate     int      `json:"mate,omitempty"`
	Depth    int      `json:"depth"`
	SelDepth int      `json:"seldepth"`
	Nodes    int64    `json:"nodes"`
	NPS      int64    `json:"nps"`
	TimeMS   int64    `json:"time_ms"`
	PV       []string `json:"pv"`
}

func printResult(e env, r ai.Result, asJSON bool) error {
	if r.Move == tafl.NoMove {
		return errors.New("the engine found no move")
	}
	out := aiJSON{Move: r.Move.String(), Score: r.Score, Mate: r.Mate(), Depth: r.Depth, SelDepth: r.SelDepth,
		Nodes: r.Nodes, TimeMS: r.Time.Milliseconds(), PV: []string{}}
	if s := r.Time.Seconds(); s > 0 {
		out.NPS = int64(float64(r.Nodes) / s)
	}
	for _, m := range r.PV {
		out.PV = append(out.PV, m.String())
	}
	if asJSON {
		return json.NewEncoder(e.stdout).Encode(out)
	}
	fmt.Fprintf(e.stdout, "move %s\nscore %d\n", out.Move, out.Score)
	if out.Mate != 0 {
		fmt.Fprintf(e.stdout, "mate %+d\n", out.Mate)
	}
	fmt.Fprintf(e.stdout, "depth %d\nseldepth %d\nnodes %d\nnps %d\ntime %s\npv %s\n",
		out.Depth, out.SelDepth, out.Nodes, out.NPS, r.Time.Round(time.Millisecond), strings.Join(out.PV, " "))
	return nil
}
