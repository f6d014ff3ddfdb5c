package storage_test

import (
	"errors"
	"math/rand/v2"
	"slices"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/taflbot/taflbot/storage"
	"github.com/taflbot/taflbot/tafl"
)

// testConcurrentMoves has 100 goroutines play into 20 games at once, 5
// per game, like players clicking at the same time. Every success is
// recorded; afterwards each game's stored moves must be exactly the
// successful moves, one per ply (none lost, none applied twice), and a
// legal game when replayed independently.
func testConcurrentMoves(t *testing.T, b testBackend) {
	s, _ := b.open(t)
	ctx := t.Context()
	const games, perGame, maxPly = 20, 5, 24
	var ids []storage.GameID
	for i := range games {
		g, err := storage.NewGame("brandubh", "")
		if err != nil {
			t.Fatal(err)
		}
		g.Attackers, g.Defenders = storage.Human("a"+string(rune('a'+i))), storage.Human("d"+string(rune('a'+i)))
		if err := s.CreateGame(ctx, g); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, g.ID)
	}
	type success struct {
		ply  int
		move string
	}
	var (
		mu        sync.Mutex
		successes = map[storage.GameID][]success{}
		stale     atomic.Int64
		wg        sync.WaitGroup
	)
	for w := range games * perGame {
		id := ids[w%games]
		anyPly := w%perGame == 0 // one player per game clicks without a ply check
		wg.Go(func() {
			rng := rand.New(rand.NewPCG(uint64(w), 7))
			for {
				g, err := s.GetGame(ctx, id)
				if err != nil {
					t.Error(err)
					return
				}
				if !g.Active() || g.Ply() >= maxPly {
					return
				}
				ply, expected := g.Ply(), g.Ply()
				pick := rng.IntN(1000)
				if anyPly {
					expected = -1
				}
				saved, err := s.UpdateGame(ctx, id, expected, func(g *storage.Game) error {
					if g.Ply() >= maxPly {
						return errDone
					}
					ply = g.Ply()
					moves := g.Tafl().LegalMoves()
					if len(moves) == 0 {
						return errDone
					}
					_, err := g.Tafl().Play(moves[pick%len(moves)])
					return err
				})
				switch {
				case errors.Is(err, storage.ErrStale):
					stale.Add(1)
					continue
				case errors.Is(err, errDone), errors.Is(err, tafl.ErrGameOver):
					return
				case err != nil:
					t.Error(err)
					return
				}
				if saved.Ply() != ply+1 {
					t.Errorf("game %d: saved at ply %d after playing ply %d", id, saved.Ply(), ply)
				}
				mu.Lock()
				successes[id] = append(successes[id], success{ply, saved.Moves()[ply]})
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	total := 0
	for _, id := range ids {
		g, err := s.GetGame(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		got := successes[id]
		slices.SortFunc(got, func(a, b success) int { return a.ply - b.ply })
		moves := g.Moves()
		if len(got) != len(moves) {
			t.Errorf("game %d: %d moves stored, %d successful updates", id, len(moves), len(got))
			continue
		}
		for i, sc := range got {
			if sc.ply != i || sc.move != moves[i] {
				t.Errorf("game %d ply %d: stored %s, success reported for ply %d %s", id, i, moves[i], sc.ply, sc.move)
			}
		}
		replay(t, "brandubh", moves)
		total += len(moves)
	}
	t.Logf("%d moves committed, %d stale updates refused", total, stale.Load())
	if total < games*10 {
		t.Errorf("only %d moves were played", total)
	}
	// A click from a board that is out of date is refused.
	g, _ := s.GetGame(ctx, ids[0])
	if _, err := s.UpdateGame(ctx, ids[0], g.Ply()-1, func(*storage.Game) error { return nil }); !errors.Is(err, storage.ErrStale) {
		t.Errorf("stale update: %v", err)
	}
	if rep, err := s.Check(ctx); err != nil || !rep.OK() {
		t.Errorf("check: %v %+v", err, rep)
	}
}

var errDone = errors.New("done")
