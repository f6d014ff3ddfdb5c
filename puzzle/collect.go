package puzzle

import (
	"context"
	"sync"

	"github.com/taflbot/taflbot/tafl"
)

// Job is one game to mine: Game produces it (it may play it first, as
// SelfPlay does), Source names it in the puzzle.
type Job struct {
	Game   func(ctx context.Context) (*tafl.Game, error)
	Source string
}

// CollectOptions say how Collect works.
type CollectOptions struct {
	Mine    MineOptions
	Workers int // Workers mine games at once (0: 1).
	Max     int // Max stops after this many puzzles (0: no limit).
	// Progress, when set, is called after each game with the number of
	// games done and puzzles found so far (from one goroutine at a time).
	Progress func(done, found int)
}

// Collect mines the jobs' games with Mine, Workers at once, and returns
// the puzzles in the order of the jobs, each position once (see
// Puzzle.Key), at most Max of them. The result does not depend on
// Workers.
func Collect(ctx context.Context, jobs []Job, opts CollectOptions) ([]Puzzle, error) {
	workers := max(1, opts.Workers)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	type result struct {
		p   Puzzle
		ok  bool
		err error
	}
	results := make([]result, len(jobs))
	ready := make([]chan struct{}, len(jobs))
	for i := range ready {
		ready[i] = make(chan struct{})
	}
	next := make(chan int)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				var r result
				g, err := jobs[i].Game(ctx)
				if err != nil {
					r.err = err
				} else {
					r.p, r.ok, r.err = Mine(ctx, g, jobs[i].Source, opts.Mine)
				}
				results[i] = r
				close(ready[i])
			}
		}()
	}
	go func() {
		defer close(next)
		for i := range jobs {
			select {
			case next <- i:
			case <-ctx.Done():
				return
			}
		}
	}()

	var out []Puzzle
	seen := map[string]bool{}
	var err error
	for i := range jobs {
		select {
		case <-ready[i]:
		case <-ctx.Done():
			err = ctx.Err()
		}
		if err != nil {
			break
		}
		r := results[i]
		if r.err != nil {
			err = r.err
			break
		}
		if r.ok && !seen[r.p.Key()] {
			seen[r.p.Key()] = true
			out = append(out, r.p)
		}
		if opts.Progress != nil {
			opts.Progress(i+1, len(out))
		}
		if opts.Max > 0 && len(out) >= opts.Max {
			break
		}
	}
	cancel()
	wg.Wait()
	return out, err
}
