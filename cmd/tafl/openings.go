package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/taflbot/taflbot/match"
	"github.com/taflbot/taflbot/tafl"
	"github.com/taflbot/taflbot/tafl/ai"
	"github.com/taflbot/taflbot/tafl/ai/tune"
)

// runOpenings writes a file of balanced openings for `tafl match
// -openings` (match.Balanced):
//
//	tafl openings [position flags] [-count N] [-plies N] [-corpus FILE.csv] [-nodes N] [-tries N] [-maxplies N] [-seed N] [-concurrency N] [-out DIR [-force]]
//
// The output is one comment line with the opening's moves and one line
// "RECORD SIDE" per kept opening, in the order of the candidates' seeds;
// the same flags give the same file. -weights plays the test games with
// other evaluation weights (tafl tune); with -out the test games are kept,
// which makes them tafl tune's self-play data too.
func runOpenings(e env) error {
	var s setup
	var count, plies, maxPlies, tries, conc int
	var nodes int64
	var seed uint64
	var outDir, weightsFile, corpus string
	var force bool
	fs := newFlags(e, "openings", "[position flags] [-count N] [-plies N] [-corpus FILE.csv] [-nodes N] [-tries N] [-maxplies N] [-seed N] [-concurrency N] [-weights FILE] [-out DIR [-force]]")
	s.register(fs)
	fs.IntVar(&count, "count", 50, "openings to keep, 1 to 10000")
	fs.IntVar(&plies, "plies", 4, "plies of each random opening walk (with -corpus: of each game's opening), 1 to 40")
	fs.StringVar(&corpus, "corpus", "", "take the candidates from the games of a corpus (their first -plies plies) instead of random walks")
	fs.Int64Var(&nodes, "nodes", 50000, "node budget N of the test games (N and 2N a move)")
	fs.IntVar(&tries, "tries", 0, "candidates to try at most (default 10 × count)")
	fs.IntVar(&maxPlies, "maxplies", 300, "plies after the opening before a test game is a draw")
	fs.Uint64Var(&seed, "seed", 1, "seed of the first candidate (candidate i has seed+i)")
	fs.IntVar(&conc, "concurrency", runtime.NumCPU(), "candidates tested at once")
	fs.StringVar(&outDir, "out", "", "directory for the test games' .otg records (DIR/candidate-NNNN/); one that holds an earlier run's is refused, unless -force")
	fs.BoolVar(&force, "force", false, "remove an earlier run's candidate-NNNN folders from -out, and write this run's")
	fs.StringVar(&weightsFile, "weights", "", "the evaluation's weights for the test games (JSON, as tafl tune writes)")
	if err := parseFlags(fs, e.args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return &usageError{msg: "openings takes no arguments"}
	}
	if corpus != "" {
		// The candidates are the corpus games' openings: no seed picks them.
		seeded := false
		fs.Visit(func(f *flag.Flag) { seeded = seeded || f.Name == "seed" })
		if seeded {
			return &usageError{msg: "-seed does not go with -corpus: the candidates are the corpus games' openings in the corpus's order, not seeded random walks"}
		}
	}
	if tries == 0 {
		tries = 10 * count
	}
	if count < 1 || count > 10000 || plies < 1 || plies > 40 || nodes < 1 || tries < count || maxPlies < 1 || conc < 1 {
		return &usageError{msg: "-count from 1 to 10000, -plies from 1 to 40, -tries at least -count; -nodes, -maxplies and -concurrency positive"}
	}
	start, err := s.Start()
	if err != nil {
		return err
	}
	if err := overAtStart(start); err != nil {
		return err
	}
	var weights *ai.Weights
	if weightsFile != "" {
		if weights, err = loadWeights(start.Variant(), weightsFile); err != nil {
			return err
		}
	}
	// The candidates: seeded random walks, or the corpus games' openings.
	var openings [][]tafl.Move
	if corpus != "" {
		if openings, err = corpusOpenings(e.stderr, corpus, start, plies); err != nil {
			return err
		}
		if len(openings) < count {
			return fmt.Errorf("%s has %s, fewer than -count %d: lower -count or -plies", corpus,
				plural(len(openings), fmt.Sprintf("distinct %d-ply opening", plies), fmt.Sprintf("distinct %d-ply openings", plies)), count)
		}
	}
	if force && outDir == "" {
		return &usageError{msg: "-force goes with -out: it replaces an earlier run's test games there"}
	}
	if outDir != "" {
		if err := makeFolder("-out", outDir, "the test games' records (.otg)"); err != nil {
			return err
		}
		// An earlier run's candidate-NNNN folders would be written over
		// one game at a time, the rest left mixed in.
		if err := earlierRun("-out", outDir, "candidate-[0-9]*", "candidate folder", force); err != nil {
			return err
		}
	}
	b := &match.Balanced{Weights: weights, Start: start, Plies: plies, Nodes: nodes, MaxPlies: maxPlies, Seed: seed,
		Count: count, Tries: tries, Concurrency: conc, OutDir: outDir, Openings: openings}
	kept, tried, err := b.Find(context.Background())
	if err != nil {
		return err
	}
	var sb strings.Builder
	what := "random"
	if corpus != "" {
		what = "corpus (" + filepath.Base(corpus) + ")"
	}
	fmt.Fprintf(&sb, "# tafl openings: %d of %s kept (each side won one of four test games at %d and %d nodes a move)\n",
		len(kept), plural(tried, fmt.Sprintf("%s %d-ply opening", what, plies), fmt.Sprintf("%s %d-ply openings", what, plies)), nodes, 2*nodes)
	for _, c := range kept {
		moves := make([]string, len(c.Moves))
		for i, m := range c.Moves {
			moves[i] = m.String()
		}
		fmt.Fprintf(&sb, "# candidate %d: %s (attacker wins %d, defender wins %d)\n", c.Index+1, strings.Join(moves, " "), c.Wins[tafl.Attackers], c.Wins[tafl.Defenders])
		fmt.Fprintln(&sb, c.Pos.String())
	}
	if _, err := fmt.Fprint(e.stdout, sb.String()); err != nil {
		return err
	}
	if len(kept) < count {
		return fmt.Errorf("%s tried, only %d balanced, fewer than -count %d: raise -tries or lower -count", plural(tried, "candidate", "candidates"), len(kept), count)
	}
	return nil
}

// corpusOpenings returns the distinct openings of the games of a corpus
// (the format tafl tune -corpus reads) played from start
// ([match.GameOpenings]).
// A game cut short at a move the rules refuse is said on stderr.
func corpusOpenings(stderr io.Writer, file string, start tafl.Position, plies int) ([][]tafl.Move, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	c, err := tune.ReadCorpus(f, start.Variant())
	if err != nil {
		return nil, inFile(file, err)
	}
	if note := reportCuts(stderr, file, c.Cuts); note != "" {
		fmt.Fprintf(stderr, "corpus %s: %s%s\n", file, plural(len(c.Games), "game", "games"), note)
	}
	games := make([]*tafl.Game, len(c.Games))
	for i, cg := range c.Games {
		games[i] = cg.Game
	}
	out, err := match.GameOpenings(games, start, plies)
	if err != nil {
		return nil, inFile(file, err)
	}
	return out, nil
}
