package storage_test

import (
	"encoding/binary"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/taflbot/taflbot/internal/pgtest"
	"github.com/taflbot/taflbot/storage"
	"github.com/taflbot/taflbot/tournament"
	bolt "go.etcd.io/bbolt"
)

// tournamentGame makes the game of a pairing, as the bot does.
func tournamentGame(t *storage.Tournament, p tournament.Game) (*storage.Game, error) {
	g, err := storage.NewGame(t.Variant, t.Layout)
	if err != nil {
		return nil, err
	}
	g.GuildID, g.ChannelID, g.MoveTime, g.Casual = t.GuildID, t.ChannelID, t.MoveTime, t.Casual
	g.Attackers, g.Defenders = storage.Human(p.Attackers), storage.Human(p.Defenders)
	return g, nil
}

func newTournament(t *testing.T, s *storage.Store, now time.Time, players ...string) *storage.Tournament {
	t.Helper()
	tr := &storage.Tournament{GuildID: "g1", ChannelID: "c1", CreatorID: "m", Name: "Winter Cup", Variant: "brandubh",
		MoveTime: 48 * time.Hour, SignupDeadline: now.Add(24 * time.Hour), Names: map[string]string{},
		State: tournament.Tournament{Format: tournament.Swiss, Rounds: 3}}
	for i, p := range players {
		if err := tr.State.Join(p, 1500-float64(i)); err != nil {
			t.Fatal(err)
		}
		tr.Names[p] = "name of " + p
	}
	if err := s.CreateTournament(t.Context(), tr); err != nil {
		t.Fatal(err)
	}
	return tr
}

// testTournaments (a contract test): a tournament round-trips, changes
// atomically, its round's games are created with it in one transaction
// (a second call creates none), and the games point back to it.
func testTournaments(t *testing.T, b testBackend) {
	db := b.newDB(t)
	c := newClock()
	s := b.openAt(t, db, storage.Options{Now: c.Now})
	ctx := t.Context()
	tr := newTournament(t, s, c.Now(), "a", "b", "c", "d", "e")
	if tr.ID != 1 {
		t.Fatalf("id %d", tr.ID)
	}
	// Join and start through UpdateTournament.
	tr, err := s.UpdateTournament(ctx, tr.ID, func(t *storage.Tournament) error {
		_, err := t.State.Start()
		return err
	})
	if err != nil || tr.State.Round != 1 || len(tr.State.Games) != 2 || len(tr.State.Byes) != 1 {
		t.Fatalf("start: %+v, %v", tr.State, err)
	}
	tr, games, err := s.CreateTournamentGames(ctx, tr.ID, tournamentGame)
	if err != nil || len(games) != 2 {
		t.Fatalf("games: %d, %v", len(games), err)
	}
	for i, g := range games {
		if g.TournamentID != tr.ID || uint64(g.ID) != tr.State.Games[i].GameID || g.Attackers.UserID != tr.State.Games[i].Attackers {
			t.Errorf("game %+v, pairing %+v", g, tr.State.Games[i])
		}
	}
	if _, again, err := s.CreateTournamentGames(ctx, tr.ID, tournamentGame); err != nil || len(again) != 0 {
		t.Errorf("a second call created %d games (%v)", len(again), err)
	}
	// The round's announcement is due with its games, until one claim
	// takes it (of round 1: a claim of another round takes nothing).
	if tr.RoundDue != 1 {
		t.Errorf("round due %d after creating round 1's games, want 1", tr.RoundDue)
	}
	if ok, err := s.ClaimRoundDue(ctx, tr.ID, 2); ok || err != nil {
		t.Errorf("claiming round 2's announcement: %v, %v", ok, err)
	}
	if back, err := s.GetTournament(ctx, tr.ID); err != nil || back.RoundDue != 1 {
		t.Fatalf("round due as read back: %+v, %v", back, err)
	}
	// A failing newGame saves nothing.
	boom := errors.New("boom")
	if _, _, err := s.CreateTournamentGames(ctx, tr.ID, func(*storage.Tournament, tournament.Game) (*storage.Game, error) { return nil, boom }); err != nil {
		t.Errorf("no game to create, yet: %v", err)
	}
	// Reopen: everything is kept, and the games know their tournament.
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s = b.openAt(t, db, storage.Options{Now: c.Now})
	back, err := s.GetTournament(ctx, tr.ID)
	if err != nil || back.Name != "Winter Cup" || back.Names["c"] != "name of c" || back.State.Rounds != 3 ||
		back.State.Format != tournament.Swiss || len(back.State.Games) != 2 || back.State.Games[1].GameID != uint64(games[1].ID) || back.MoveTime != 48*time.Hour {
		t.Fatalf("after reopening: %+v, %v", back, err)
	}
	g, err := s.GetGame(ctx, games[0].ID)
	if err != nil || g.TournamentID != tr.ID {
		t.Fatalf("game %+v, %v", g, err)
	}
	if back.RoundDue != 1 {
		t.Errorf("round due %d after reopening, want 1", back.RoundDue)
	}
	if ok, err := s.ClaimRoundDue(ctx, tr.ID, 1); !ok || err != nil {
		t.Errorf("claiming round 1's announcement: %v, %v", ok, err)
	}
	if ok, err := s.ClaimRoundDue(ctx, tr.ID, 1); ok || err != nil {
		t.Errorf("claiming round 1's announcement again: %v, %v", ok, err)
	}
	// Discord did not take it: due again, once; not a round to come.
	if ok, err := s.MarkRoundDue(ctx, tr.ID, 2); ok || err != nil {
		t.Errorf("marking round 2 due during round 1: %v, %v", ok, err)
	}
	if ok, err := s.MarkRoundDue(ctx, tr.ID, 1); !ok || err != nil {
		t.Errorf("marking round 1 due: %v, %v", ok, err)
	}
	if ok, err := s.MarkRoundDue(ctx, tr.ID, 1); ok || err != nil {
		t.Errorf("marking round 1 due again: %v, %v", ok, err)
	}
	if ok, err := s.ClaimRoundDue(ctx, tr.ID, 1); !ok || err != nil {
		t.Errorf("claiming round 1's announcement marked due: %v, %v", ok, err)
	}
	// A result, then the list by server.
	if _, err := s.UpdateTournament(ctx, tr.ID, func(t *storage.Tournament) error {
		_, err := t.State.SetResult(g.Attackers.UserID, g.Defenders.UserID, tournament.Draw)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	newTournament(t, s, c.Now(), "x", "y")
	other := &storage.Tournament{GuildID: "g2", Name: "Elsewhere", Variant: "tablut", MoveTime: time.Hour * 24,
		SignupDeadline: c.Now(), State: tournament.Tournament{Format: tournament.RoundRobin}}
	if err := s.CreateTournament(ctx, other); err != nil {
		t.Fatal(err)
	}
	if list, err := s.Tournaments(ctx, "g1", true); err != nil || len(list) != 2 || list[0].State.Games[0].Result != tournament.Draw {
		t.Errorf("g1's tournaments: %d, %v", len(list), err)
	}
	if all, _ := s.Tournaments(ctx, "", false); len(all) != 3 {
		t.Errorf("%d tournaments in all", len(all))
	}
	// Bad records are refused.
	for _, bad := range []*storage.Tournament{
		{GuildID: "g1", Name: "", Variant: "brandubh", MoveTime: time.Hour, SignupDeadline: c.Now(), State: tournament.Tournament{Format: tournament.Swiss, Rounds: 3}},
		{GuildID: "g1", Name: "x", Variant: "nope", MoveTime: time.Hour, SignupDeadline: c.Now(), State: tournament.Tournament{Format: tournament.Swiss, Rounds: 3}},
		{GuildID: "g1", Name: "x", Variant: "brandubh", SignupDeadline: c.Now(), State: tournament.Tournament{Format: tournament.Swiss, Rounds: 3}},
		{GuildID: "g1", Name: "x", Variant: "brandubh", MoveTime: time.Hour, SignupDeadline: c.Now(), State: tournament.Tournament{Format: tournament.Swiss}},
	} {
		if err := s.CreateTournament(ctx, bad); !errors.Is(err, storage.ErrInvalid) {
			t.Errorf("bad tournament %+v: %v", bad, err)
		}
	}
	if _, err := s.GetTournament(ctx, 99); !errors.Is(err, storage.ErrNotFound) {
		t.Errorf("missing tournament: %v", err)
	}
	// Check counts and covers them.
	rep, err := s.Check(ctx)
	if err != nil || !rep.OK() || rep.Tournaments != 3 {
		t.Errorf("check: %+v, %v", rep, err)
	}
}

// tournamentIDs lists the ids of a server's tournaments ("": all).
func tournamentIDs(t *testing.T, s *storage.Store, guild string, activeOnly bool) []storage.TournamentID {
	t.Helper()
	ts, err := s.Tournaments(t.Context(), guild, activeOnly)
	if err != nil {
		t.Fatalf("Tournaments(%q): %v", guild, err)
	}
	var ids []storage.TournamentID
	for _, tr := range ts {
		if guild != "" && tr.GuildID != guild {
			t.Errorf("Tournaments(%q) lists tournament %d of %q", guild, tr.ID, tr.GuildID)
		}
		ids = append(ids, tr.ID)
	}
	return ids
}

// testTournamentsOfGuild (a contract test): a server's tournaments are
// read through its own index, so a list of one server's tournaments (the
// autocomplete, at every keystroke) reads none of the other servers',
// and a damaged record of another server does not break it.
func testTournamentsOfGuild(t *testing.T, b testBackend) {
	db := b.newDB(t)
	c := newClock()
	s := b.openAt(t, db, storage.Options{Now: c.Now})
	ctx := t.Context()
	for _, g := range []string{"g1", "g2", "g1", "g10", "g1"} {
		tr := &storage.Tournament{GuildID: g, ChannelID: "c1", CreatorID: "m", Name: "Cup of " + g, Variant: "brandubh",
			MoveTime: 48 * time.Hour, SignupDeadline: c.Now().Add(time.Hour), Names: map[string]string{},
			State: tournament.Tournament{Format: tournament.Swiss, Rounds: 3}}
		if err := s.CreateTournament(ctx, tr); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.UpdateTournament(ctx, 3, func(tr *storage.Tournament) error { tr.Cancelled = true; return nil }); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		guild  string
		active bool
		want   []storage.TournamentID
	}{
		{"g1", false, []storage.TournamentID{1, 3, 5}},
		{"g1", true, []storage.TournamentID{1, 5}},
		{"g2", false, []storage.TournamentID{2}},
		{"g10", false, []storage.TournamentID{4}},
		{"g3", false, nil},
		{"", false, []storage.TournamentID{1, 2, 3, 4, 5}},
	} {
		if got := tournamentIDs(t, s, c.guild, c.active); !slices.Equal(got, c.want) {
			t.Errorf("Tournaments(%q, %v) = %v, want %v", c.guild, c.active, got, c.want)
		}
	}
	if rep, err := s.Check(ctx); err != nil || !rep.OK() {
		t.Fatalf("check: %+v, %v", rep, err)
	}
	// Another server's tournament 2 no longer decodes.
	s.Close()
	bad := `{"id":2,"guild":"g2","name":["not","a","name"]}`
	b.putRecord(t, db, "tournaments", 2, bad)
	s = b.openAt(t, db, storage.Options{Now: c.Now})
	if got, want := tournamentIDs(t, s, "g1", false), []storage.TournamentID{1, 3, 5}; !slices.Equal(got, want) {
		t.Errorf("with g2's record damaged, Tournaments(g1) = %v, want %v", got, want)
	}
	if _, err := s.Tournaments(ctx, "g2", false); !errors.Is(err, storage.ErrCorrupt) {
		t.Errorf("Tournaments(g2) with its record damaged: %v, want ErrCorrupt", err)
	}
}

// TestTournamentIndexMigration: a bbolt file of schema 5 (before the
// index of each server's tournaments) is upgraded with the index made
// from its tournaments, losing nothing.
func TestTournamentIndexMigration(t *testing.T) {
	db := filepath.Join(t.TempDir(), "taflbot.db")
	c := newClock()
	s, err := storage.Open(db, storage.Options{Now: c.Now})
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range []string{"g1", "g2", "g1"} {
		tr := &storage.Tournament{GuildID: g, ChannelID: "c1", CreatorID: "m", Name: "Cup of " + g, Variant: "brandubh",
			MoveTime: 48 * time.Hour, SignupDeadline: c.Now().Add(time.Hour), Names: map[string]string{},
			State: tournament.Tournament{Format: tournament.Swiss, Rounds: 3}}
		if err := s.CreateTournament(t.Context(), tr); err != nil {
			t.Fatal(err)
		}
	}
	before, err := s.Check(t.Context())
	if err != nil || !before.OK() {
		t.Fatalf("check: %+v, %v", before, err)
	}
	s.Close()
	// Schema 5's layout: the same buckets without the index.
	boltUpdate(t, db, func(tx *bolt.Tx) error {
		if err := tx.DeleteBucket([]byte("idx_tournaments_by_guild")); err != nil {
			return err
		}
		return tx.Bucket([]byte("meta")).Put([]byte("schema_version"), binary.BigEndian.AppendUint64(nil, 5))
	})
	s, err = storage.Open(db, storage.Options{Now: c.Now})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if got, want := tournamentIDs(t, s, "g1", false), []storage.TournamentID{1, 3}; !slices.Equal(got, want) {
		t.Errorf("after the upgrade Tournaments(g1) = %v, want %v", got, want)
	}
	after, err := s.Check(t.Context())
	if err != nil || !after.OK() || after.Tournaments != 3 || after.Digest != before.Digest {
		t.Errorf("after the upgrade: %+v, %v; before: %+v", after, err, before)
	}
}

// fourTournaments makes tournaments 1 (signing up), 2 (finished, of
// server g2), 3 (cancelled) and 4 (playing round 1).
func fourTournaments(t *testing.T, s *storage.Store, now time.Time) {
	t.Helper()
	ctx := t.Context()
	for i, g := range []string{"g1", "g2", "g1", "g1"} {
		tr := &storage.Tournament{GuildID: g, ChannelID: "c1", CreatorID: "m", Name: "Cup of " + g, Variant: "brandubh",
			MoveTime: 48 * time.Hour, SignupDeadline: now.Add(time.Hour), Names: map[string]string{"a": "A", "b": "B"},
			State: tournament.Tournament{Format: tournament.Swiss, Rounds: 3}}
		for _, p := range []string{"a", "b"} {
			if err := tr.State.Join(p, 1500); err != nil {
				t.Fatal(err)
			}
		}
		if err := s.CreateTournament(ctx, tr); err != nil || tr.ID != storage.TournamentID(i+1) {
			t.Fatalf("tournament %d: %v, want id %d", tr.ID, err, i+1)
		}
	}
	update := func(id storage.TournamentID, fn func(tr *storage.Tournament) error) {
		t.Helper()
		if _, err := s.UpdateTournament(ctx, id, fn); err != nil {
			t.Fatalf("tournament %d: %v", id, err)
		}
	}
	update(2, func(tr *storage.Tournament) error {
		tr.State.Rounds = 1
		round, err := tr.State.Start()
		if err != nil {
			return err
		}
		if _, err := tr.State.SetResult(round[0].Attackers, round[0].Defenders, tournament.DefendersWin); err != nil {
			return err
		}
		if _, err := tr.State.Advance(); err != nil || !tr.State.Finished {
			t.Fatalf("finishing tournament 2: %v", err)
		}
		return nil
	})
	update(3, func(tr *storage.Tournament) error { tr.Cancelled = true; return nil })
	update(4, func(tr *storage.Tournament) error { _, err := tr.State.Start(); return err })
}

// testActiveTournaments (a contract test): the tournaments not over, of
// every server (what the clock process's sweep reads at every
// sweep_interval), are read through their own index: a tournament leaves
// it when it finishes or is cancelled, a damaged record of a finished
// tournament does not break the sweep, and Check finds (RebuildIndexes
// mends) an index that says otherwise than the records.
func testActiveTournaments(t *testing.T, b testBackend) {
	db := b.newDB(t)
	c := newClock()
	s := b.openAt(t, db, storage.Options{Now: c.Now})
	ctx := t.Context()
	fourTournaments(t, s, c.Now())
	if got, want := tournamentIDs(t, s, "", true), []storage.TournamentID{1, 4}; !slices.Equal(got, want) {
		t.Errorf("active tournaments: %v, want %v", got, want)
	}
	if got, want := tournamentIDs(t, s, "", false), []storage.TournamentID{1, 2, 3, 4}; !slices.Equal(got, want) {
		t.Errorf("all tournaments: %v, want %v", got, want)
	}
	if got, want := tournamentIDs(t, s, "g1", true), []storage.TournamentID{1, 4}; !slices.Equal(got, want) {
		t.Errorf("g1's active tournaments: %v, want %v", got, want)
	}
	if rep, err := s.Check(ctx); err != nil || !rep.OK() {
		t.Fatalf("check: %+v, %v", rep, err)
	}
	// The finished tournament 2 no longer decodes: the sweep does not read it.
	s.Close()
	putRecord := func(data string) { t.Helper(); b.putRecord(t, db, "tournaments", 2, data) }
	good := b.record(t, db, "tournaments", 2)
	putRecord(`{"id":2,"guild":"g2","name":["not","a","name"]}`)
	s = b.openAt(t, db, storage.Options{Now: c.Now})
	if got, want := tournamentIDs(t, s, "", true), []storage.TournamentID{1, 4}; !slices.Equal(got, want) {
		t.Errorf("with finished tournament 2 damaged, active tournaments: %v, want %v", got, want)
	}
	if _, err := s.Tournaments(ctx, "", false); !errors.Is(err, storage.ErrCorrupt) {
		t.Errorf("every tournament with 2 damaged: %v, want ErrCorrupt", err)
	}
	s.Close()
	putRecord(good)
	// The index says 1 is over and 3 (cancelled) is not.
	if b.name == "bbolt" {
		boltUpdate(t, db, func(tx *bolt.Tx) error {
			idx := tx.Bucket([]byte("idx_active_tournaments"))
			if idx == nil {
				return errors.New("the file has no idx_active_tournaments bucket")
			}
			if err := idx.Delete(binary.BigEndian.AppendUint64(nil, 1)); err != nil {
				return err
			}
			return idx.Put(binary.BigEndian.AppendUint64(nil, 3), nil)
		})
	} else {
		pgtest.Exec(t, db, "UPDATE tournaments SET active = NOT active WHERE id IN (1, 3)")
	}
	s = b.openAt(t, db, storage.Options{Now: c.Now})
	rep, err := s.Check(ctx)
	// On PostgreSQL, 3 (cancelled) marked active is what a process from
	// before migration 4 leaves: a note (testOverTournamentLeftActive).
	// bbolt names its index bucket, PostgreSQL the column.
	index := map[string]string{"bbolt": "index idx_active_tournaments: ", "postgres": "index columns tournaments.active: tournament 1: "}[b.name]
	if wantProblems := map[string]int{"bbolt": 2, "postgres": 1}[b.name]; err != nil || len(rep.Problems) != wantProblems ||
		!strings.HasPrefix(rep.Problems[0], index) || !strings.HasPrefix(rep.Problems[wantProblems-1], index) ||
		len(rep.Notes) != 2-wantProblems {
		t.Fatalf("check of a broken index: %+v, %v; want its %d problems", rep, err, wantProblems)
	}
	if err := s.RebuildIndexes(ctx); err != nil {
		t.Fatal(err)
	}
	if rep, err := s.Check(ctx); err != nil || !rep.OK() {
		t.Fatalf("check after RebuildIndexes: %+v, %v", rep, err)
	}
	if got, want := tournamentIDs(t, s, "", true), []storage.TournamentID{1, 4}; !slices.Equal(got, want) {
		t.Errorf("active tournaments after RebuildIndexes: %v, want %v", got, want)
	}
	// Tournament 4 finishes too: only 1 is left.
	if _, err := s.UpdateTournament(ctx, 4, func(tr *storage.Tournament) error { tr.State.Finished = true; return nil }); err != nil {
		t.Fatal(err)
	}
	if got, want := tournamentIDs(t, s, "", true), []storage.TournamentID{1}; !slices.Equal(got, want) {
		t.Errorf("active tournaments after 4 finished: %v, want %v", got, want)
	}
}

// TestActiveTournamentIndexMigration: a database from before the index
// of the tournaments not over (a bbolt file of schema 6; PostgreSQL
// schema 3, without tournaments.active) is upgraded with the index made
// from its tournaments, losing nothing.
func TestActiveTournamentIndexMigration(t *testing.T) {
	testIndexMigration(t, indexMigration{
		seed:       fourTournaments,
		bucket:     "idx_active_tournaments",
		boltSchema: 6,
		// Schema 3: without migration 4 (nor those that follow it).
		pg: []string{
			"ALTER TABLE tournaments DROP COLUMN active",
			"DROP INDEX challenges_open_by_challenger, challenges_open_by_opponent",
			"ALTER TABLE games DROP COLUMN mine_due, DROP COLUMN board_due",
			"DROP INDEX games_finished_by_channel, games_finished_by_thread",
			"DELETE FROM taflbot_migrations WHERE version >= 4",
		},
		after: func(t *testing.T, _ testBackend, _ string, s *storage.Store, after *storage.CheckReport) {
			if got, want := tournamentIDs(t, s, "", true), []storage.TournamentID{1, 4}; !slices.Equal(got, want) {
				t.Errorf("after the upgrade, active tournaments: %v, want %v", got, want)
			}
			if after.Tournaments != 4 {
				t.Errorf("after the upgrade, %d tournaments, want 4", after.Tournaments)
			}
		},
	})
}

// indexMigration is a test that a schema step's index is built when an
// older database is opened: seed fills a store; the index is then taken
// away as the older schema had it (bbolt: bucket dropped and the schema
// version set back to boltSchema; PostgreSQL: the statements pg); the
// store opened again must check OK with the same data digest, and after
// makes the test's own checks on it.
type indexMigration struct {
	seed       func(t *testing.T, s *storage.Store, now time.Time)
	bucket     string
	boltSchema uint64
	pg         []string
	after      func(t *testing.T, b testBackend, db string, s *storage.Store, after *storage.CheckReport)
}

func testIndexMigration(t *testing.T, m indexMigration) {
	for _, b := range testBackends {
		t.Run(b.name, func(t *testing.T) {
			if b.name == "postgres" && !pgtest.Available() {
				t.Skip(pgtest.SkipMessage)
			}
			db := b.newDB(t)
			c := newClock()
			s := b.openAt(t, db, storage.Options{Now: c.Now})
			m.seed(t, s, c.Now())
			before, err := s.Check(t.Context())
			if err != nil || !before.OK() {
				t.Fatalf("check: %+v, %v", before, err)
			}
			s.Close()
			if b.name == "bbolt" {
				boltUpdate(t, db, func(tx *bolt.Tx) error {
					if err := tx.DeleteBucket([]byte(m.bucket)); err != nil {
						return err
					}
					return tx.Bucket([]byte("meta")).Put([]byte("schema_version"), binary.BigEndian.AppendUint64(nil, m.boltSchema))
				})
			} else {
				for _, stmt := range m.pg {
					pgtest.Exec(t, db, stmt)
				}
			}
			s = b.openAt(t, db, storage.Options{Now: c.Now})
			after, err := s.Check(t.Context())
			if err != nil || !after.OK() || after.Digest != before.Digest {
				t.Fatalf("after the upgrade: %+v, %v; before: %+v", after, err, before)
			}
			m.after(t, b, db, s, after)
		})
	}
}

// testOverTournamentLeftActive (a contract test): on PostgreSQL, a process
// of the version before migration 4, still running beside newer ones
// while they are restarted one at a time, saves a tournament it finishes
// or cancels without the column tournaments.active, which stays true.
// Check notes that (harmless: the sweep skips it), not a problem that
// would make db copy refuse the database, and the sweep's read clears it
// (not through a read-only store). A bbolt file has one process, which
// refuses a newer schema: an entry there is not a taflbot's, and stays a
// problem, though the sweep's read takes it off too.
func testOverTournamentLeftActive(t *testing.T, b testBackend) {
	db := b.newDB(t)
	c := newClock()
	s := b.openAt(t, db, storage.Options{Now: c.Now})
	ctx := t.Context()
	fourTournaments(t, s, c.Now())
	s.Close()
	// 2 (finished) and 3 (cancelled) still listed as not over.
	if b.name == "bbolt" {
		boltUpdate(t, db, func(tx *bolt.Tx) error {
			idx := tx.Bucket([]byte("idx_active_tournaments"))
			for _, id := range []uint64{2, 3} {
				if err := idx.Put(binary.BigEndian.AppendUint64(nil, id), nil); err != nil {
					return err
				}
			}
			return nil
		})
	} else {
		pgtest.Exec(t, db, "UPDATE tournaments SET active = true WHERE id IN (2, 3)")
	}
	check := func(when string, wantNotes, wantProblems int) {
		t.Helper()
		rep, err := s.Check(ctx)
		if err != nil || len(rep.Notes) != wantNotes || len(rep.Problems) != wantProblems {
			t.Fatalf("check %s: %+v, %v; want %d notes, %d problems", when, rep, err, wantNotes, wantProblems)
		}
		for i, n := range rep.Notes {
			if want := fmt.Sprintf("tournament %d is over but its column tournaments.active is still true", i+2); !strings.HasPrefix(n, want) ||
				!strings.Contains(n, "harmless") {
				t.Errorf("check %s: note %q, want %q…, saying it is harmless", when, n, want)
			}
		}
		if wantNotes > 0 && !rep.OK() {
			t.Errorf("check %s: notes alone are not OK: %+v", when, rep)
		}
	}
	stale := map[string][2]int{"bbolt": {0, 2}, "postgres": {2, 0}}[b.name]
	s = b.openAt(t, db, storage.Options{Now: c.Now, ReadOnly: true})
	check("with 2 and 3 left active", stale[0], stale[1])
	if got, want := tournamentIDs(t, s, "", true), []storage.TournamentID{1, 4}; !slices.Equal(got, want) {
		t.Errorf("active tournaments, read-only: %v, want %v", got, want)
	}
	check("after a read-only sweep", stale[0], stale[1])
	s.Close()
	s = b.openAt(t, db, storage.Options{Now: c.Now})
	if got, want := tournamentIDs(t, s, "", true), []storage.TournamentID{1, 4}; !slices.Equal(got, want) {
		t.Errorf("active tournaments: %v, want %v", got, want)
	}
	check("after the sweep's read", 0, 0)
	if got, want := tournamentIDs(t, s, "", true), []storage.TournamentID{1, 4}; !slices.Equal(got, want) {
		t.Errorf("active tournaments, read again: %v, want %v", got, want)
	}
	if got, want := tournamentIDs(t, s, "", false), []storage.TournamentID{1, 2, 3, 4}; !slices.Equal(got, want) {
		t.Errorf("all tournaments: %v, want %v", got, want)
	}
}
