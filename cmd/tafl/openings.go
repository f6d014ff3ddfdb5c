package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"

	"github.com/taflbot/taflbot/tafl"
	"github.com/taflbot/taflbot/tafl/ai"
)

// runOpenings writes a file of balanced openings for `tafl match
// -openings`. Candidates are the seeded random walks tafl match makes
// itself; each is played out by the engine against itself four times,
// with node budgets (attackers, defenders) of (N, N), (2N, N), (N, 2N) and
// (2N, 2N). A candidate is kept when both sides win at least one of the
// four games: an opening that one side wins whoever is stronger says
// nothing about strength, and in variants where one side wins most games
// between equal players (brandubh's defenders, tablut's attackers) a
// match from such openings compresses every score towards 50 %.
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
	var outDir, weightsFile string
	fs := newFlags(e, "openings", "[position flags] [-count N] [-plies N] [-nodes N] [-tries N] [-maxplies N] [-seed N] [-concurrency N] [-weights FILE] [-out DIR]")
	s.register(fs)
	fs.IntVar(&count, "count", 50, "openings to keep")
	fs.IntVar(&plies, "plies", 4, "plies of each random opening walk")
	fs.Int64Var(&nodes, "nodes", 50000, "node budget N of the test games (N and 2N a move)")
	fs.IntVar(&tries, "tries", 0, "candidates to try at most (default 10 × count)")
	fs.IntVar(&maxPlies, "maxplies", 300, "plies after the opening before a test game is a draw")
	fs.Uint64Var(&seed, "seed", 1, "seed of the first candidate (candidate i has seed+i)")
	fs.IntVar(&conc, "concurrency", runtime.NumCPU(), "candidates tested at once")
	fs.StringVar(&outDir, "out", "", "directory for the test games' .otg records")
	fs.StringVar(&weightsFile, "weights", "", "the evaluation's weights for the test games (JSON, as tafl tune writes)")
	if err := parseFlags(fs, e.args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return &usageError{msg: "openings takes no arguments"}
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
	if start.Outcome().Over() {
		return fmt.Errorf("the game is already over in the start position")
	}
	var weights *ai.Weights
	if weightsFile != "" {
		if weights, err = loadWeights(start.Variant(), weightsFile); err != nil {
			return err
		}
	}
	if outDir != "" {
		if err := os.MkdirAll(outDir, 0o755); err != nil {
			return err
		}
	}
	ctx := context.Background()
	var kept []candidate
	tried := 0
	for tried < tries && len(kept) < count {
		// A batch of candidates in parallel, kept in seed order.
		batch := make([]candidate, min(4*conc, tries-tried))
		var wg sync.WaitGroup
		next := make(chan int)
		for range min(conc, len(batch)) {
			wg.Go(func() {
				for i := range next {
					batch[i] = testCandidate(ctx, start, plies, seed+uint64(tried+i), nodes, maxPlies, outDir, tried+i, weights)
				}
			})
		}
		for i := range batch {
			next <- i
		}
		close(next)
		wg.Wait()
		for _, c := range batch {
			if c.err != nil {
				return c.err
			}
			if c.balanced() && len(kept) < count {
				kept = append(kept, c)
			}
		}
		tried += len(batch)
	}
	if len(kept) == count {
		// The candidates up to the last one kept; the batches may have
		// tested more, a number that would depend on -concurrency.
		tried = kept[len(kept)-1].index + 1
	}
	var b strings.Builder
	fmt.Fprintf(&b, "# tafl openings: %d of %d random %d-ply openings kept (each side won one of four test games at %d and %d nodes a move)\n",
		len(kept), tried, plies, nodes, 2*nodes)
	for _, c := range kept {
		moves := make([]string, len(c.moves))
		for i, m := range c.moves {
			moves[i] = m.String()
		}
		fmt.Fprintf(&b, "# candidate %d: %s (attacker wins %d, defender wins %d)\n", c.index+1, strings.Join(moves, " "), c.wins[tafl.Attackers], c.wins[tafl.Defenders])
		fmt.Fprintln(&b, c.pos.String())
	}
	if _, err := fmt.Fprint(e.stdout, b.String()); err != nil {
		return err
	}
	if len(kept) < count {
		return fmt.Errorf("only %d of %d candidates were balanced, fewer than -count %d: raise -tries or lower -count", len(kept), tried, count)
	}
	return nil
}

// candidate is a random opening and the results of its test games.
type candidate struct {
	index int
	moves []tafl.Move
	pos   tafl.Position // after the moves
	wins  [3]int        // test games won, by side
	err   error
}

// balanced reports whether each side won a test game.
func (c candidate) balanced() bool {
	return c.wins[tafl.Attackers] > 0 && c.wins[tafl.Defenders] > 0
}

// testBudgets are the test games' budgets as multiples of N: attackers,
// defenders.
var testBudgets = [4][2]int64{{1, 1}, {2, 1}, {1, 2}, {2, 2}}

// testCandidate makes candidate index (seeded random walk) and plays its
// test games with tafl match's game loop, from the position the walk
// reaches; with outDir, the records go to outDir/candidate-NNNN/.
func testCandidate(ctx context.Context, start tafl.Position, plies int, seed uint64, nodes int64, maxPlies int, outDir string, index int, weights *ai.Weights) candidate {
	op := randomOpening(start, plies, seed)
	c := candidate{index: index, moves: op.moves}
	g := tafl.NewGameFrom(start)
	for _, m := range op.moves {
		if _, err := g.Play(m); err != nil {
			c.err = fmt.Errorf("candidate %d: %w", index+1, err)
			return c
		}
	}
	c.pos = g.Position()
	if g.Outcome().Over() {
		return c // the walk ended the game: never balanced
	}
	m := &match{openings: []opening{{pos: &c.pos}}, maxPlies: maxPlies}
	if outDir != "" {
		m.outDir = filepath.Join(outDir, fmt.Sprintf("candidate-%04d", index+1))
		if err := os.MkdirAll(m.outDir, 0o755); err != nil {
			c.err = err
			return c
		}
	}
	for k, b := range testBudgets {
		// Game k has p1 on the attackers' side when k is even.
		budget := [3]int64{tafl.Attackers: b[0] * nodes, tafl.Defenders: b[1] * nodes}
		p1 := tafl.Attackers
		if k%2 == 1 {
			p1 = tafl.Defenders
		}
		for j, side := range []tafl.Side{p1, p1.Other()} {
			n := budget[side]
			m.specs[j] = playerSpec{name: fmt.Sprintf("nodes=%d", n), lim: ai.Limits{Nodes: n, Weights: weights}}
		}
		res := m.playGame(ctx, k)
		if res.err != nil {
			c.err = fmt.Errorf("candidate %d, test game %d: %w", index+1, k+1, res.err)
			return c
		}
		if w := res.outcome.Winner; w != tafl.NoSide {
			c.wins[w]++
		}
	}
	return c
}
