package storage_test

import (
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/taflbot/taflbot/internal/pgtest"
	"github.com/taflbot/taflbot/storage"
	"github.com/taflbot/taflbot/tafl"
)

// testBoardsDue: a game whose latest board never reached Discord is
// marked (MarkBoardDue) for its current move only, listed by BoardsDue
// until one caller claims it (ClaimBoardDue, exactly once), and taken off
// by its next move or its end; marking and claiming change nothing else.
func testBoardsDue(t *testing.T, b testBackend) {
	s, c := b.open(t)
	ctx := t.Context()
	ids := func() []storage.GameID {
		t.Helper()
		gs, err := s.BoardsDue(ctx)
		if err != nil {
			t.Fatal(err)
		}
		var out []storage.GameID
		for _, g := range gs {
			if !g.BoardDue {
				t.Errorf("game %d listed without BoardDue", g.ID)
			}
			out = append(out, g.ID)
		}
		return out
	}
	var games []*storage.Game
	for range 3 {
		g := newHumanGame(t, "111", "222")
		if err := s.CreateGame(ctx, g); err != nil {
			t.Fatal(err)
		}
		g, err := s.UpdateGame(ctx, g.ID, 0, func(sg *storage.Game) error { _, err := sg.Tafl().PlayText("d1-d3"); return err })
		if err != nil {
			t.Fatal(err)
		}
		games = append(games, g)
	}
	if got := ids(); len(got) != 0 {
		t.Fatalf("boards due at first: %v", got)
	}
	c.Advance(time.Hour)
	for _, g := range games {
		if ok, err := s.MarkBoardDue(ctx, g.ID, 0); ok || err != nil {
			t.Errorf("MarkBoardDue of game %d at a move gone by: %v, %v; want false", g.ID, ok, err)
		}
		if ok, err := s.MarkBoardDue(ctx, g.ID, 1); !ok || err != nil {
			t.Errorf("MarkBoardDue(%d, 1): %v, %v; want true", g.ID, ok, err)
		}
	}
	if ok, err := s.MarkBoardDue(ctx, games[0].ID, 1); ok || err != nil {
		t.Errorf("MarkBoardDue of a board due already: %v, %v; want false", ok, err)
	}
	if _, err := s.MarkBoardDue(ctx, 999, 1); !errors.Is(err, storage.ErrNotFound) {
		t.Errorf("MarkBoardDue of no game: %v", err)
	}
	if got := ids(); !slices.Equal(got, []storage.GameID{1, 2, 3}) {
		t.Errorf("boards due %v, want games 1 2 3", got)
	}
	if g, _ := s.GetGame(ctx, 1); !g.BoardDue || !g.Updated.Equal(games[0].Updated) || g.Ply() != 1 {
		t.Errorf("after MarkBoardDue: due %v, updated %v (was %v), ply %d", g.BoardDue, g.Updated, games[0].Updated, g.Ply())
	}

	// Game 1 moves on, game 2 ends: their new boards are posted as usual.
	if _, err := s.UpdateGame(ctx, 1, 1, func(sg *storage.Game) error { _, err := sg.Tafl().Play(sg.Tafl().LegalMoves()[0]); return err }); err != nil {
		t.Fatal(err)
	}
	if _, err := s.UpdateGame(ctx, 2, 1, func(sg *storage.Game) error { return sg.Tafl().Resign(tafl.Defenders) }); err != nil {
		t.Fatal(err)
	}
	if got := ids(); !slices.Equal(got, []storage.GameID{3}) {
		t.Errorf("boards due after a move and an end %v, want game 3 alone", got)
	}
	for _, id := range []storage.GameID{1, 2} {
		if g, _ := s.GetGame(ctx, id); g.BoardDue {
			t.Errorf("game %d still says its board is due", id)
		}
		if ok, err := s.ClaimBoardDue(ctx, id, 1); ok || err != nil {
			t.Errorf("ClaimBoardDue of game %d, not due: %v, %v", id, ok, err)
		}
	}

	// Claimed exactly once, even by callers at once.
	results := make(chan bool, 4)
	for range 4 {
		go func() {
			ok, err := s.ClaimBoardDue(ctx, 3, 1)
			if err != nil {
				t.Error(err)
			}
			results <- ok
		}()
	}
	won := 0
	for range 4 {
		if <-results {
			won++
		}
	}
	if won != 1 {
		t.Errorf("%d of 4 callers claimed the board, want 1", won)
	}
	if got := ids(); len(got) != 0 {
		t.Errorf("boards due after the claim %v", got)
	}
	if g, _ := s.GetGame(ctx, 3); g.BoardDue || !g.Updated.Equal(games[2].Updated) || g.Ply() != 1 || !g.Active() {
		t.Errorf("after ClaimBoardDue: due %v, updated %v (was %v), ply %d, active %v", g.BoardDue, g.Updated, games[2].Updated, g.Ply(), g.Active())
	}
	if r, err := s.Check(ctx); err != nil || len(r.Problems) > 0 {
		t.Errorf("check: %v %v", err, r)
	}
}

// TestBoardsDueIndexMigration: a database from before the index of the
// games whose latest board never reached Discord (a bbolt file of schema
// 9; PostgreSQL schema 6, without games.board_due) is upgraded with the
// index made from its games: a game whose record says its board is due
// (as only a database moved back and forth can hold) is due after.
func TestBoardsDueIndexMigration(t *testing.T) {
	testIndexMigration(t, indexMigration{
		seed: func(t *testing.T, s *storage.Store, _ time.Time) {
			for range 3 {
				g := newHumanGame(t, "111", "222")
				if err := s.CreateGame(t.Context(), g); err != nil {
					t.Fatal(err)
				}
			}
			if ok, err := s.MarkBoardDue(t.Context(), 2, 0); !ok || err != nil {
				t.Fatal(ok, err)
			}
		},
		bucket:     "idx_boards_due",
		boltSchema: 10,
		pg: []string{
			"ALTER TABLE games DROP COLUMN board_due",
			"DROP INDEX games_finished_by_channel, games_finished_by_thread", // migration 9, which follows it
			"DELETE FROM taflbot_migrations WHERE version >= 8",
		},
		after: func(t *testing.T, _ testBackend, _ string, s *storage.Store, after *storage.CheckReport) {
			gs, err := s.BoardsDue(t.Context())
			if err != nil || len(gs) != 1 || gs[0].ID != 2 {
				t.Errorf("after the upgrade, boards due %v, %v; want game 2", gs, err)
			}
			if after.Games != 3 {
				t.Errorf("after the upgrade, %d games, want 3", after.Games)
			}
		},
	})
}

// TestPostgresBoardDueColumnLeftByAnOlderProcess: a process of the
// version before migration 8 that moves a game leaves games.board_due
// set while the record says the board is not due. BoardsDue lists the
// game (it reads the column); ClaimBoardDue finds it not due, posts
// nothing, and saves the game again, so that the column follows the
// record and the game is listed no more.
func TestPostgresBoardDueColumnLeftByAnOlderProcess(t *testing.T) {
	db := pgtest.NewDatabase(t)
	s := testBackends[1].openAt(t, db, storage.Options{})
	ctx := t.Context()
	g := newHumanGame(t, "111", "222")
	if err := s.CreateGame(ctx, g); err != nil {
		t.Fatal(err)
	}
	pgtest.Exec(t, db, "UPDATE games SET board_due = true WHERE id = $1", int64(g.ID))
	if gs, err := s.BoardsDue(ctx); err != nil || len(gs) != 1 {
		t.Fatalf("boards due with the column left set: %v, %v", gs, err)
	}
	if ok, err := s.ClaimBoardDue(ctx, g.ID, 0); ok || err != nil {
		t.Errorf("ClaimBoardDue of a board the record says is not due: %v, %v", ok, err)
	}
	if gs, err := s.BoardsDue(ctx); err != nil || len(gs) != 0 {
		t.Errorf("boards due after the claim: %v, %v; want none", gs, err)
	}
	if r, err := s.Check(ctx); err != nil || len(r.Problems) > 0 {
		t.Errorf("check: %v %v", err, r)
	}
}
