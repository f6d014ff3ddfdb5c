package storage_test

import (
	"slices"
	"testing"
	"time"

	"github.com/taflbot/taflbot/storage"
	"github.com/taflbot/taflbot/tafl"
)

// testFinishedGamesInChannel: FinishedGamesInChannel lists the finished
// games of a channel (started there, thread or not) or of a thread, the
// one that ended last first whatever the ids, at most limit, and none of
// the games in progress; Check finds the index right.
func testFinishedGamesInChannel(t *testing.T, b testBackend) {
	s, c := b.open(t)
	ctx := t.Context()
	create := func(channel, thread string) storage.GameID {
		t.Helper()
		g := newHumanGame(t, "111", "222")
		g.ChannelID, g.ThreadID = channel, thread
		if err := s.CreateGame(ctx, g); err != nil {
			t.Fatal(err)
		}
		return g.ID
	}
	end := func(id storage.GameID) {
		t.Helper()
		c.Advance(time.Minute)
		if _, err := s.UpdateGame(ctx, id, -1, func(sg *storage.Game) error { return sg.Tafl().Resign(tafl.Defenders) }); err != nil {
			t.Fatal(err)
		}
	}
	ids := func(channel string, limit int) []storage.GameID {
		t.Helper()
		gs, err := s.FinishedGamesInChannel(ctx, channel, limit)
		if err != nil {
			t.Fatal(err)
		}
		var out []storage.GameID
		for _, g := range gs {
			if g.Active() {
				t.Errorf("game %d listed in progress", g.ID)
			}
			out = append(out, g.ID)
		}
		return out
	}
	g1 := create("c1", "")
	g2 := create("c1", "t2")
	g3 := create("c2", "t3")
	create("c1", "t4") // in progress
	g5 := create("c5", "c5")
	if got := ids("c1", 10); len(got) != 0 {
		t.Fatalf("finished games before any ended: %v", got)
	}
	end(g2)
	end(g1)
	end(g3)
	end(g5)
	for _, tc := range []struct {
		channel string
		limit   int
		want    []storage.GameID
	}{
		{"c1", 10, []storage.GameID{g1, g2}}, // game 1 ended after game 2
		{"c1", 0, []storage.GameID{g1}},      // at least one
		{"c1", 1, []storage.GameID{g1}},
		{"t2", 10, []storage.GameID{g2}},
		{"c2", 10, []storage.GameID{g3}},
		{"t3", 10, []storage.GameID{g3}},
		{"t4", 10, nil},
		{"c5", 10, []storage.GameID{g5}}, // once, though its thread is its channel
		{"", 10, nil},
		{"nowhere", 10, nil},
	} {
		if got := ids(tc.channel, tc.limit); !slices.Equal(got, tc.want) {
			t.Errorf("FinishedGamesInChannel(%q, %d) = %v, want %v", tc.channel, tc.limit, got, tc.want)
		}
	}
	if r, err := s.Check(ctx); err != nil || len(r.Problems) > 0 {
		t.Errorf("check: %v %v", err, r)
	}
}

// TestFinishedByChannelIndexMigration: a database from before the index
// of the finished games by channel and thread (a bbolt file of schema 11;
// PostgreSQL schema 8, without its partial indexes) is upgraded with the
// index made from its games.
func TestFinishedByChannelIndexMigration(t *testing.T) {
	testIndexMigration(t, indexMigration{
		seed: func(t *testing.T, s *storage.Store, _ time.Time) {
			for i := range 3 {
				g := newHumanGame(t, "111", "222")
				g.ThreadID = "t1"
				if err := s.CreateGame(t.Context(), g); err != nil {
					t.Fatal(err)
				}
				if i < 2 {
					if _, err := s.UpdateGame(t.Context(), g.ID, -1, func(sg *storage.Game) error { return sg.Tafl().Resign(tafl.Attackers) }); err != nil {
						t.Fatal(err)
					}
				}
			}
		},
		bucket:     "idx_finished_games_by_channel",
		boltSchema: 11,
		pg: []string{
			"DROP INDEX games_finished_by_channel, games_finished_by_thread",
			"DELETE FROM taflbot_migrations WHERE version = 9",
		},
		after: func(t *testing.T, _ testBackend, _ string, s *storage.Store, after *storage.CheckReport) {
			for _, channel := range []string{"c1", "t1"} {
				gs, err := s.FinishedGamesInChannel(t.Context(), channel, 10)
				if err != nil || len(gs) != 2 {
					t.Errorf("after the upgrade, finished games in %s: %v, %v; want 2", channel, gs, err)
				}
			}
			if after.Games != 3 {
				t.Errorf("after the upgrade, %d games, want 3", after.Games)
			}
		},
	})
}
