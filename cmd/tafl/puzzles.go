package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"

	"github.com/taflbot/taflbot/internal/corpus"
	"github.com/taflbot/taflbot/puzzle"
	"github.com/taflbot/taflbot/tafl"
	"github.com/taflbot/taflbot/tafl/ai"
)

// runPuzzles mines puzzles (package puzzle) from game records, the
// Copenhagen corpus and self-play, and writes them as JSON lines; with
// -verify it re-verifies a puzzle file instead.
func runPuzzles(e env) error {
	fs := newFlags(e, "puzzles", "[-variant V] [-layout L] [-corpus FILE] [-selfplay N] [flags] [DIR|FILE.otg …] | -verify FILE")
	variant := fs.String("variant", tafl.DefaultVariant, "preset variant of the self-play games")
	layout := fs.String("layout", "", "start layout of the self-play games (tawlbwrdd: lewis, bell, lewis-cross)")
	corpusFile := fs.String("corpus", "", "mine the Copenhagen corpus CSV (../shared/corpora/copenhagen-games.csv)")
	selfplay := fs.Int("selfplay", 0, "mine N games of the engine against itself")
	nodes := fs.Int64("nodes", 20_000, "self-play: nodes per move")
	noise := fs.Int("noise", 40, "self-play: the engine picks among moves this close to the best (hundredths of an attacker)")
	opening := fs.Int("opening", 4, "self-play: random plies before the engine plays")
	seed := fs.Uint64("seed", 1, "self-play: seed of the first game (game i has seed+i)")
	maxMoves := fs.Int("max-moves", 3, "longest win looked for, in the winner's moves (1 to 5)")
	minMoves := fs.Int("min-moves", 1, "shortest win kept, in the winner's moves")
	budget := fs.Int64("budget", 2_000_000, "positions each exhaustive search may visit; positions needing more are passed over")
	side := fs.String("side", "", "mine only the games this side won: attackers or defenders (default: both)")
	count := fs.Int("count", 0, "stop after N puzzles (0: mine everything)")
	workers := fs.Int("concurrency", runtime.NumCPU(), "games mined at once")
	out := fs.String("o", "", "write the puzzles to this file (default: standard output)")
	verify := fs.String("verify", "", "re-verify every puzzle of this file (forced, unique) instead of mining")
	if err := parseFlags(fs, e.args); err != nil {
		return err
	}
	if *verify != "" {
		// Only -budget goes with -verify: the mining flags and records
		// were ignored without a word (-o wrote nothing).
		var other string
		fs.Visit(func(f *flag.Flag) {
			if other == "" && f.Name != "verify" && f.Name != "budget" {
				other = f.Name
			}
		})
		if other != "" {
			return &usageError{msg: fmt.Sprintf("-%s does not go with -verify: -verify FILE re-verifies the puzzles of FILE (only -budget goes with it)", other)}
		}
		if fs.NArg() > 0 {
			return &usageError{msg: fmt.Sprintf("-verify FILE re-verifies the puzzles of FILE and mines nothing: drop %s, or -verify to mine the records", fs.Arg(0))}
		}
		return verifyPuzzles(e, *verify, *budget)
	}
	// The self-play flags without -selfplay were ignored: records and
	// the corpus were mined whatever their variant.
	if *selfplay == 0 {
		var alone string
		fs.Visit(func(f *flag.Flag) {
			if alone == "" && slices.Contains([]string{"variant", "layout", "nodes", "noise", "opening", "seed"}, f.Name) {
				alone = f.Name
			}
		})
		if alone != "" {
			return &usageError{msg: fmt.Sprintf("-%s goes with -selfplay N (the engine's games against itself): game records and the corpus are mined whatever their variant", alone)}
		}
	}
	if *maxMoves < 1 || *maxMoves > puzzle.MaxMoves {
		return &usageError{msg: fmt.Sprintf("-max-moves %d: use 1 to %d", *maxMoves, puzzle.MaxMoves)}
	}
	if *minMoves < 1 || *minMoves > *maxMoves {
		return &usageError{msg: fmt.Sprintf("-min-moves %d: use 1 to -max-moves (%d)", *minMoves, *maxMoves)}
	}
	// A search without a node budget would never end: self-play has no
	// other limit.
	if *selfplay < 0 || *nodes < 1 || *budget < 1 || *count < 0 {
		return &usageError{msg: "-selfplay and -count must be 0 or more; -nodes and -budget positive"}
	}
	if *noise < 0 || *opening < 0 || *workers < 1 {
		return &usageError{msg: "-noise and -opening must be 0 or more; -concurrency positive"}
	}
	if *out != "" {
		if err := checkOutput(*out); err != nil {
			return err
		}
	}
	var winner tafl.Side
	if *side != "" {
		var err error
		if winner, err = tafl.ParseSide(*side); err != nil {
			return &usageError{msg: err.Error()}
		}
	}
	var jobs []puzzle.Job
	if *corpusFile != "" {
		js, err := corpusJobs(*corpusFile)
		if err != nil {
			return err
		}
		if len(js) == 0 {
			return fmt.Errorf("%s holds no won game to mine: give a corpus CSV with games won by Black or White (moves,attacker_captures,defender_captures,status)", *corpusFile)
		}
		jobs = append(jobs, js...)
	}
	if *selfplay > 0 {
		preset, lay, err := presetName(*variant, *layout)
		if err != nil {
			return err
		}
		v, err := tafl.Preset(preset, lay)
		if err != nil {
			return &usageError{msg: err.Error()}
		}
		opts := puzzle.SelfPlayOptions{Opening: *opening, Limits: ai.Limits{Nodes: *nodes, Noise: *noise}}
		name := v.Name()
		if lay != "" {
			name += "/" + lay
		}
		for i := range *selfplay {
			s := *seed + uint64(i)
			jobs = append(jobs, puzzle.Job{
				Source: fmt.Sprintf("self-play %s seed %d (tafl puzzles -selfplay, %s, noise %d, %s)", name, s,
					plural(int(*nodes), "node", "nodes"), *noise, plural(*opening, "random ply", "random plies")),
				Game: func(ctx context.Context) (*tafl.Game, error) { return puzzle.SelfPlay(ctx, v, s, opts) },
			})
		}
	}
	files, err := recordFiles(fs.Args())
	if err != nil {
		return err
	}
	// Records of a result but no move have nothing to mine; they are
	// counted and named at the end (they gave "0 puzzles" unexplained).
	// Records without a winner (unfinished or drawn) have nothing to mine
	// either: puzzles come from a won game's last moves.
	var emptyMu sync.Mutex
	var empty, noWinner []string
	for _, f := range files {
		jobs = append(jobs, puzzle.Job{Source: "game record " + filepath.Base(f), Game: func(context.Context) (*tafl.Game, error) {
			data, err := os.ReadFile(f)
			if err != nil {
				return nil, err
			}
			g, _, err := tafl.DecodeGame(string(data))
			if err != nil {
				return nil, inFile(f, err)
			}
			switch o := g.Outcome(); {
			case o.Over() && len(g.Plies()) == 0:
				emptyMu.Lock()
				empty = append(empty, f)
				emptyMu.Unlock()
			case !o.Over() || o.Winner == tafl.NoSide:
				emptyMu.Lock()
				noWinner = append(noWinner, f)
				emptyMu.Unlock()
			}
			return g, nil
		}})
	}
	if len(jobs) == 0 {
		return &usageError{msg: "nothing to mine: give -corpus FILE, -selfplay N or game records (.otg files or directories)"}
	}
	// Progress: a bar on a terminal, else a line every 10 games (for logs
	// of long runs).
	progress := func(done, found int) {
		if done%10 == 0 || done == len(jobs) {
			fmt.Fprintf(e.stderr, "game %d of %d: %s\n", done, len(jobs), plural(found, "puzzle", "puzzles"))
		}
	}
	terminal := isTerminal(e.stderr)
	if terminal {
		progress = func(done, found int) {
			fmt.Fprintf(e.stderr, "\rgame %d of %d: %s", done, len(jobs), plural(found, "puzzle", "puzzles"))
		}
	}
	ps, err := puzzle.Collect(context.Background(), jobs, puzzle.CollectOptions{
		Mine:     puzzle.MineOptions{MaxMoves: *maxMoves, Budget: *budget, MinMoves: *minMoves, Side: winner},
		Workers:  *workers,
		Max:      *count,
		Progress: progress,
	})
	if terminal {
		fmt.Fprintln(e.stderr)
	}
	if err != nil {
		return err
	}
	slices.Sort(empty) // the workers finish in any order
	noMoves(e, empty, len(files), "nothing to mine")
	if n := len(noWinner); n > 0 {
		slices.Sort(noWinner)
		fmt.Fprintf(e.stderr, "%s of %d without a winner (unfinished or drawn: puzzles come from a won game's last moves): %s\n",
			plural(n, "record", "records"), len(files), someNames(noWinner))
	}
	data, err := puzzle.Encode(ps)
	if err != nil {
		return err
	}
	var w io.Writer = e.stdout
	if *out != "" {
		if err := os.WriteFile(*out, data, 0o644); err != nil {
			return err
		}
		fmt.Fprintf(e.stderr, "%s written to %s\n", plural(len(ps), "puzzle", "puzzles"), *out)
		return nil
	}
	_, err = w.Write(data)
	return err
}

// corpusJobs turns every won game of the corpus file into a job.
func corpusJobs(path string) ([]puzzle.Job, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	recs, err := corpus.Read(f)
	if err != nil {
		return nil, inFile(path, err)
	}
	v, err := tafl.Preset("copenhagen", "")
	if err != nil {
		return nil, err
	}
	var jobs []puzzle.Job
	for _, r := range recs {
		if r.Status != "Black" && r.Status != "White" {
			continue
		}
		jobs = append(jobs, puzzle.Job{
			Source: fmt.Sprintf("Copenhagen corpus (dcampbell24/hnefatafl-copenhagen) line %d", r.Line),
			Game: func(context.Context) (*tafl.Game, error) {
				g, _ := r.Game(v)
				return g, nil
			},
		})
	}
	return jobs, nil
}

// verifyPuzzles checks every puzzle of a file with Puzzle.Verify and
// prints one line per failure; any failure is exit status 1.
func verifyPuzzles(e env, path string, budget int64) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	ps, err := puzzle.Decode(data)
	if err != nil {
		return inFile(path, err)
	}
	if len(ps) == 0 {
		return fmt.Errorf("%s holds no puzzles: give a file that tafl puzzles wrote (one JSON object a line)", path)
	}
	bad := 0
	byVariant := map[string]int{}
	for i := range ps {
		if err := ps[i].Verify(context.Background(), budget); err != nil {
			bad++
			fmt.Fprintf(e.stdout, "puzzle %d (%s): %v\n", i+1, ps[i].Source, err)
			continue
		}
		byVariant[ps[i].Variant]++
	}
	var parts []string
	for _, p := range tafl.Presets() {
		if n := byVariant[p.Name]; n > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", p.Name, n))
		}
	}
	verified := fmt.Sprintf("%d of %s verified", len(ps)-bad, plural(len(ps), "puzzle", "puzzles"))
	if len(parts) == 0 {
		fmt.Fprintln(e.stdout, verified)
	} else {
		fmt.Fprintf(e.stdout, "%s (%s)\n", verified, strings.Join(parts, ", "))
	}
	if bad > 0 {
		return &exitError{code: 1}
	}
	return nil
}
