package match

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sync"

	"github.com/taflbot/taflbot/tafl"
	"github.com/taflbot/taflbot/tafl/ai"
)

// Balanced is a search for balanced openings (`tafl openings`):
// candidates are the seeded random walks [RandomOpening] makes (candidate
// i has seed Seed+i), or the given Openings in order, each played out by taflbot's engine against itself
// four times, with node budgets (attackers, defenders) of (N, N), (2N, N),
// (N, 2N) and (2N, 2N). A candidate is kept when each side wins at least
// one of the four: an opening that one side wins whoever is stronger says
// nothing about strength.
type Balanced struct {
	Start       tafl.Position // Start is where the walks start.
	Plies       int           // Plies is the length of each walk.
	Nodes       int64         // Nodes is N.
	MaxPlies    int           // MaxPlies caps a test game (a draw).
	Seed        uint64        // Seed is the first candidate's seed.
	Count       int           // Count is how many balanced openings to find.
	Tries       int           // Tries bounds the candidates tried.
	Concurrency int           // Concurrency is the candidates tested at once.
	OutDir      string        // OutDir keeps the test games (OutDir/candidate-NNNN/).
	Weights     *ai.Weights   // Weights play the test games with other evaluation weights (nil: the built-in ones).
	// Openings, when set, are the candidates' moves from Start (candidate
	// i plays Openings[i]; Plies and Seed are unused and Tries is at most
	// their number), e.g. from a corpus of real games ([GameOpenings]).
	Openings [][]tafl.Move
}

// Candidate is a random opening and the results of its test games.
type Candidate struct {
	Index int
	Moves []tafl.Move
	Pos   tafl.Position // Pos is the position after the moves.
	Wins  [3]int        // Wins counts the test games won, by side.
	Err   error
}

// IsBalanced reports whether each side won a test game.
func (c Candidate) IsBalanced() bool {
	return c.Wins[tafl.Attackers] > 0 && c.Wins[tafl.Defenders] > 0
}

// testBudgets are the test games' budgets as multiples of N: attackers,
// defenders.
var testBudgets = [4][2]int64{{1, 1}, {2, 1}, {1, 2}, {2, 2}}

// Find tests candidates in seed order until Count are balanced or Tries
// were tried. It returns the balanced ones in seed order and the number
// of candidates up to the last one kept (all tried when fewer were
// found): the same settings give the same result whatever Concurrency.
func (b *Balanced) Find(ctx context.Context) (kept []Candidate, tried int, err error) {
	conc := max(b.Concurrency, 1)
	tries := b.Tries
	if b.Openings != nil {
		tries = min(tries, len(b.Openings))
	}
	for tried < tries && len(kept) < b.Count {
		// A batch of candidates in parallel, kept in seed order.
		batch := make([]Candidate, min(4*conc, tries-tried))
		var wg sync.WaitGroup
		next := make(chan int)
		for range min(conc, len(batch)) {
			wg.Go(func() {
				for i := range next {
					batch[i] = b.Test(ctx, tried+i)
				}
			})
		}
		for i := range batch {
			next <- i
		}
		close(next)
		wg.Wait()
		for _, c := range batch {
			if c.Err != nil {
				return nil, tried, c.Err
			}
			if c.IsBalanced() && len(kept) < b.Count {
				kept = append(kept, c)
			}
		}
		tried += len(batch)
	}
	if len(kept) == b.Count && b.Count > 0 {
		// Up to the last one kept: the batches may have tested more, a
		// number that would depend on Concurrency.
		tried = kept[len(kept)-1].Index + 1
	}
	return kept, tried, nil
}

// Test makes candidate index and plays its test games with the match's
// game loop, from the position the walk reaches.
func (b *Balanced) Test(ctx context.Context, index int) Candidate {
	var moves []tafl.Move
	if b.Openings != nil {
		moves = b.Openings[index]
	} else {
		moves = RandomOpening(b.Start, b.Plies, b.Seed+uint64(index)).Moves
	}
	c := Candidate{Index: index, Moves: moves}
	g := tafl.NewGameFrom(b.Start)
	for _, m := range moves {
		if _, err := g.Play(m); err != nil {
			c.Err = fmt.Errorf("candidate %d: %w", index+1, err)
			return c
		}
	}
	c.Pos = g.Position()
	if g.Outcome().Over() {
		return c // the walk ended the game: never balanced
	}
	m := &Match{Variant: g.Variant(), Openings: []Opening{{Pos: c.Pos}}, MaxPlies: b.MaxPlies}
	if b.OutDir != "" {
		m.OutDir = filepath.Join(b.OutDir, fmt.Sprintf("candidate-%04d", index+1))
		if err := os.MkdirAll(m.OutDir, 0o755); err != nil {
			c.Err = err
			return c
		}
	}
	for k, bud := range testBudgets {
		// Game k has p1 on the attackers' side when k is even.
		budget := [3]int64{tafl.Attackers: bud[0] * b.Nodes, tafl.Defenders: bud[1] * b.Nodes}
		p1 := tafl.Attackers
		if k%2 == 1 {
			p1 = tafl.Defenders
		}
		for j, side := range []tafl.Side{p1, p1.Other()} {
			n := budget[side]
			m.Specs[j] = Spec{Name: fmt.Sprintf("nodes=%d", n), Limits: ai.Limits{Nodes: n, Weights: b.Weights}}
		}
		res := m.PlayGame(ctx, k)
		if res.Err != nil {
			c.Err = fmt.Errorf("candidate %d, test game %d: %w", index+1, k+1, res.Err)
			return c
		}
		if w := res.Outcome.Winner; w != tafl.NoSide {
			c.Wins[w]++
		}
	}
	return c
}
