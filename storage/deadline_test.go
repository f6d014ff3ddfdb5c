package storage_test

import (
	"encoding/binary"
	"errors"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/taflbot/taflbot/storage"
	"github.com/taflbot/taflbot/tafl"
	bolt "go.etcd.io/bbolt"
)

// TestMoveAfterDeadlineEndsOnTime: once the side to move is out of time,
// an update ends the game on time instead of calling fn, even if no
// sweep ran: the move is not accepted.
func testMoveAfterDeadlineEndsOnTime(t *testing.T, b testBackend) {
	s, clk := b.open(t)
	ctx := t.Context()
	g := newHumanGame(t, "111", "222") // 72 h per move; the attackers (111) are to move
	if err := s.CreateGame(ctx, g); err != nil {
		t.Fatal(err)
	}
	// Both sides move first (a game that ends sooner counts in no record).
	g, err := s.UpdateGame(ctx, g.ID, 0, func(g *storage.Game) error {
		for g.Ply() < storage.MinRatedPlies {
			if _, err := g.Tafl().Play(g.Tafl().LegalMoves()[0]); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	m := g.Tafl().LegalMoves()[0]
	clk.Advance(72*time.Hour + time.Second)
	called := false
	got, err := s.UpdateGame(ctx, g.ID, 2, func(g *storage.Game) error {
		called = true
		_, err := g.Tafl().Play(m)
		return err
	})
	if !errors.Is(err, storage.ErrTimedOut) {
		t.Fatalf("a move after the deadline: %v, want ErrTimedOut", err)
	}
	if called {
		t.Error("fn was called on a game out of time")
	}
	want := tafl.Outcome{Winner: tafl.Defenders, Reason: tafl.Timeout}
	if got == nil || got.Outcome() != want || got.Ply() != 2 || !got.Deadline.IsZero() {
		t.Fatalf("returned game %+v", got)
	}
	stored, err := s.GetGame(ctx, g.ID)
	if err != nil || stored.Outcome() != want || stored.Ply() != 2 {
		t.Fatalf("stored: %v, %v", stored.Outcome(), err)
	}
	// The end is recorded once: later updates and the sweeper find the
	// game over, and the loss counts in the records.
	if _, ok, err := s.ExpireGame(ctx, g.ID, clk.Now()); ok || err != nil {
		t.Errorf("ExpireGame after the update ended it: %v %v", ok, err)
	}
	if _, err := s.UpdateGame(ctx, g.ID, -1, func(g *storage.Game) error { _, err := g.Tafl().Play(m); return err }); !errors.Is(err, tafl.ErrGameOver) {
		t.Errorf("a move after the timeout: %v, want game over", err)
	}
	if p, err := s.GetPlayer(ctx, "g1", "111"); err != nil || p.Losses != 1 {
		t.Errorf("the loser's record: %+v %v", p, err)
	}
	if due, err := s.GamesDueBefore(ctx, clk.Now().Add(time.Hour)); err != nil || len(due) != 0 {
		t.Errorf("still due: %v %v", due, err)
	}
}

// TestTimeoutAnnouncedOnce: updates and the sweeper racing on a game out
// of time end it once, and exactly one of them learns that it did.
func testTimeoutAnnouncedOnce(t *testing.T, b testBackend) {
	s, clk := b.open(t)
	ctx := t.Context()
	g := newHumanGame(t, "111", "222")
	if err := s.CreateGame(ctx, g); err != nil {
		t.Fatal(err)
	}
	clk.Advance(73 * time.Hour)
	var wg sync.WaitGroup
	var mu sync.Mutex
	enders := 0
	for i := range 10 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var ended bool
			if i%2 == 0 {
				_, ok, err := s.ExpireGame(ctx, g.ID, clk.Now())
				ended = ok && err == nil
			} else {
				_, err := s.UpdateGame(ctx, g.ID, -1, func(g *storage.Game) error { g.ThreadID = "t"; return nil })
				ended = errors.Is(err, storage.ErrTimedOut)
			}
			if ended {
				mu.Lock()
				enders++
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if enders != 1 {
		t.Errorf("%d callers ended the game, want 1", enders)
	}
}

// TestListsSkipDamagedIndexEntries: a damaged entry in the deadline or
// engine index (a short key, a game that does not exist, a record that
// does not decode) is skipped and reported; the other games are listed.
func TestListsSkipDamagedIndexEntries(t *testing.T) {
	path := filepath.Join(t.TempDir(), "taflbot.db")
	clk := newClock()
	s, err := storage.Open(path, storage.Options{Now: clk.Now})
	if err != nil {
		t.Fatal(err)
	}
	ctx := t.Context()
	var good []storage.GameID
	for _, ai := range []bool{false, true, false} {
		g := newHumanGame(t, "111", "222")
		if ai {
			g.Attackers = storage.AI("easy") // the engine is to move
		}
		if err := s.CreateGame(ctx, g); err != nil {
			t.Fatal(err)
		}
		good = append(good, g.ID)
	}
	s.Close()
	db, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	err = db.Update(func(tx *bolt.Tx) error {
		deadlines, engine, games := tx.Bucket([]byte("idx_deadlines")), tx.Bucket([]byte("idx_engine_to_move")), tx.Bucket([]byte("games"))
		key := func(at time.Time, id uint64) []byte {
			return binary.BigEndian.AppendUint64(binary.BigEndian.AppendUint64(nil, uint64(at.UnixNano())), id)
		}
		early := clk.Now().Add(time.Hour) // before the good games' deadlines
		for _, err := range []error{
			deadlines.Put([]byte("short"), nil),
			deadlines.Put(key(early, 99), nil), // no game 99
			deadlines.Put(key(early, 98), nil),
			games.Put(binary.BigEndian.AppendUint64(nil, 98), []byte("{not json")),
			engine.Put(binary.BigEndian.AppendUint64(nil, 97), nil), // no game 97
		} {
			if err != nil {
				return err
			}
		}
		return nil
	})
	db.Close()
	if err != nil {
		t.Fatal(err)
	}
	s, err = storage.Open(path, storage.Options{Now: clk.Now})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	due, err := s.GamesDueBefore(ctx, clk.Now().Add(1000*time.Hour))
	var ie *storage.IndexError
	if !errors.As(err, &ie) || !errors.Is(err, storage.ErrCorrupt) || ie.Index != "idx_deadlines" || len(ie.Entries) != 3 {
		t.Fatalf("GamesDueBefore error %v, want an IndexError with 3 entries", err)
	}
	if len(due) != 2 || due[0].ID != good[0] || due[1].ID != good[2] {
		t.Errorf("due games %v, want %d and %d", due, good[0], good[2])
	}
	engine, err := s.EngineToMove(ctx)
	if !errors.As(err, &ie) || len(ie.Entries) != 1 || len(engine) != 1 || engine[0].ID != good[1] {
		t.Errorf("EngineToMove: %v, %v", engine, err)
	}
}
