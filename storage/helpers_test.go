package storage_test

import (
	"math/rand/v2"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/taflbot/taflbot/storage"
	"github.com/taflbot/taflbot/tafl"
)

// clock is a settable fake clock.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func newClock() *clock { return &clock{t: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)} }

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) Advance(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// newTestStore opens a fresh store under t.TempDir (fsync on) with a
// fake clock and closes it at cleanup.
func newTestStore(t testing.TB) (*storage.Store, *clock) {
	t.Helper()
	c := newClock()
	s, err := storage.Open(filepath.Join(t.TempDir(), "taflbot.db"), storage.Options{Now: c.Now})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := s.Close(); err != nil {
			t.Error(err)
		}
	})
	return s, c
}

// newHumanGame returns an unsaved copenhagen game between two users.
func newHumanGame(t testing.TB, attacker, defender string) *storage.Game {
	t.Helper()
	g, err := storage.NewGame("copenhagen", "")
	if err != nil {
		t.Fatal(err)
	}
	g.GuildID, g.ChannelID = "g1", "c1"
	g.Attackers, g.Defenders = storage.Human(attacker), storage.Human(defender)
	g.MoveTime = 72 * time.Hour
	return g
}

// randomMove picks a legal move of tg.
func randomMove(t testing.TB, tg *tafl.Game, rng *rand.Rand) tafl.Move {
	t.Helper()
	moves := tg.LegalMoves()
	if len(moves) == 0 {
		t.Fatalf("no legal moves (outcome %v)", tg.Outcome())
	}
	return moves[rng.IntN(len(moves))]
}

// replay plays move strings through a fresh game of the variant: an
// independent check that a stored move list is a legal game.
func replay(t testing.TB, variant string, moves []string) *tafl.Game {
	t.Helper()
	v, err := tafl.Preset(variant, "")
	if err != nil {
		t.Fatal(err)
	}
	g := tafl.NewGame(v)
	for i, m := range moves {
		if _, err := g.PlayText(m); err != nil {
			t.Fatalf("move %d %q: %v", i+1, m, err)
		}
	}
	return g
}
