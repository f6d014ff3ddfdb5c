package storage_test

import (
	"encoding/binary"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/taflbot/taflbot/internal/pgtest"
	"github.com/taflbot/taflbot/storage"
	bolt "go.etcd.io/bbolt"
)

// sevenChallenges makes challenges 1–7, open unless said otherwise:
//
//	1: g1, 111 → 222, expires in 3 h
//	2: g1, 111 → anyone, in 1 h
//	3: g2, 333 → 111, in 2 h
//	4: g1, 333 → 444, in 1 h (not 111's)
//	5: g1, 222 → 111, in 4 h, declined
//	6: g2, 111 → anyone, in 5 h
//	7: g10, 1111 → 111, in 6 h (a server and a user whose ids start with another's)
func sevenChallenges(t *testing.T, s *storage.Store, now time.Time) {
	t.Helper()
	ctx := t.Context()
	for i, c := range []struct {
		guild, challenger, opponent string
		in                          time.Duration
	}{
		{"g1", "111", "222", 3 * time.Hour},
		{"g1", "111", "", time.Hour},
		{"g2", "333", "111", 2 * time.Hour},
		{"g1", "333", "444", time.Hour},
		{"g1", "222", "111", 4 * time.Hour},
		{"g2", "111", "", 5 * time.Hour},
		{"g10", "1111", "111", 6 * time.Hour},
	} {
		ch := &storage.Challenge{GuildID: c.guild, ChannelID: "c1", ChallengerID: c.challenger, OpponentID: c.opponent,
			Variant: "brandubh", MoveTime: 24 * time.Hour, Expires: now.Add(c.in)}
		if err := s.CreateChallenge(ctx, ch); err != nil || ch.ID != storage.ChallengeID(i+1) {
			t.Fatalf("challenge %d: %v, want id %d", ch.ID, err, i+1)
		}
	}
	if _, err := s.UpdateChallenge(ctx, 5, func(c *storage.Challenge) error { c.State = storage.ChallengeDeclined; return nil }); err != nil {
		t.Fatal(err)
	}
}

func challengeIDs(cs []*storage.Challenge) []storage.ChallengeID {
	var out []storage.ChallengeID
	for _, c := range cs {
		out = append(out, c.ID)
	}
	return out
}

// wantPlayerChallenges checks PlayerChallenges and ChallengesToAnyone on
// sevenChallenges' challenges; with damaged4, challenge 4's record does
// not decode, which only 333's and 444's lists read.
func wantPlayerChallenges(t *testing.T, s *storage.Store, what string, damaged4 bool) {
	t.Helper()
	ctx := t.Context()
	for _, c := range []struct {
		user, guild string
		want        []storage.ChallengeID
	}{
		{"111", "g1", []storage.ChallengeID{2, 1}},
		{"111", "g2", []storage.ChallengeID{3, 6}},
		{"111", "g10", []storage.ChallengeID{7}},
		{"111", "", []storage.ChallengeID{2, 3, 1, 6, 7}},
		{"222", "g1", []storage.ChallengeID{1}},
		{"444", "", []storage.ChallengeID{4}},
		{"1111", "g1", nil},
		{"11", "", nil},
		{"111", "g3", nil},
	} {
		got, err := s.PlayerChallenges(ctx, c.user, c.guild)
		if damaged4 && c.user == "444" {
			if !errors.Is(err, storage.ErrCorrupt) {
				t.Errorf("%s: PlayerChallenges(%q, %q) = %v, %v; want ErrCorrupt", what, c.user, c.guild, challengeIDs(got), err)
			}
			continue
		}
		if err != nil || !slices.Equal(challengeIDs(got), c.want) {
			t.Errorf("%s: PlayerChallenges(%q, %q) = %v, %v; want %v", what, c.user, c.guild, challengeIDs(got), err, c.want)
		}
	}
	for _, c := range []struct {
		guild string
		want  []storage.ChallengeID
	}{
		{"g1", []storage.ChallengeID{2}},
		{"g2", []storage.ChallengeID{6}},
		{"g10", nil},
		{"", []storage.ChallengeID{2, 6}},
	} {
		got, err := s.ChallengesToAnyone(ctx, c.guild)
		if err != nil || !slices.Equal(challengeIDs(got), c.want) {
			t.Errorf("%s: ChallengesToAnyone(%q) = %v, %v; want %v", what, c.guild, challengeIDs(got), err, c.want)
		}
	}
}

// testPlayerChallenges (a contract test): a player's open challenges
// (made by them or addressed to them; /tafl games, /tafl vacation) and a
// server's open to anyone are read through their own index, earliest
// expiry first: a challenge leaves it when it is withdrawn, declined,
// accepted or expired; the challenge limits (CreateChallengeIf) count
// through it; a damaged record of another player's challenge breaks none
// of them, where the list of every open challenge fails on it; Check
// finds (RebuildIndexes mends) a bbolt index that says otherwise than the
// records (PostgreSQL's are expression indexes over the records, kept by
// the server).
func testPlayerChallenges(t *testing.T, b testBackend) {
	db := b.newDB(t)
	c := newClock()
	s := b.openAt(t, db, storage.Options{Now: c.Now})
	ctx := t.Context()
	sevenChallenges(t, s, c.Now())
	wantPlayerChallenges(t, s, "as made", false)
	if _, err := s.PlayerChallenges(ctx, "", "g1"); !errors.Is(err, storage.ErrInvalid) {
		t.Errorf("PlayerChallenges of no user: %v, want ErrInvalid", err)
	}
	if rep, err := s.Check(ctx); err != nil || !rep.OK() {
		t.Fatalf("check: %+v, %v", rep, err)
	}

	// 444's challenge 4 (by 333, in g1) no longer decodes.
	s.Close()
	good := b.record(t, db, "challenges", 4)
	putRecord := func(data string) { t.Helper(); b.putRecord(t, db, "challenges", 4, data) }
	putRecord(strings.Replace(good, `"state":"open"`, `"state":"pondering"`, 1))
	s = b.openAt(t, db, storage.Options{Now: c.Now})
	if _, err := s.OpenChallenges(ctx); !errors.Is(err, storage.ErrCorrupt) {
		t.Fatalf("every open challenge with 4 damaged: %v, want ErrCorrupt", err)
	}
	wantPlayerChallenges(t, s, "with another player's challenge damaged", true)
	var seen []storage.ChallengeID
	refuse := errors.New("refused")
	n := &storage.Challenge{GuildID: "g1", ChannelID: "c1", ChallengerID: "111", OpponentID: "555", Variant: "brandubh",
		MoveTime: 24 * time.Hour, Expires: c.Now().Add(time.Hour)}
	if err := s.CreateChallengeIf(ctx, n, func(open []*storage.Challenge) error { seen = challengeIDs(open); return refuse }); err != refuse {
		t.Errorf("the challenge limits with another player's challenge damaged: %v, want the check's error", err)
	}
	if want := []storage.ChallengeID{2, 1}; !slices.Equal(seen, want) {
		t.Errorf("the challenge limits saw %v, want %v", seen, want)
	}
	s.Close()
	putRecord(good)
	s = b.openAt(t, db, storage.Options{Now: c.Now})

	// Withdrawn, accepted and expired challenges leave the lists.
	if _, err := s.UpdateChallenge(ctx, 1, func(c *storage.Challenge) error { c.State = storage.ChallengeWithdrawn; return nil }); err != nil {
		t.Fatal(err)
	}
	g := newHumanGame(t, "333", "111")
	g.GuildID = "g2"
	if _, err := s.AcceptChallenge(ctx, 3, g); err != nil {
		t.Fatal(err)
	}
	c.Advance(90 * time.Minute)
	if got, err := s.PlayerChallenges(ctx, "111", ""); err != nil || !slices.Equal(challengeIDs(got), []storage.ChallengeID{2, 6, 7}) {
		t.Errorf("111's challenges after 1 withdrawn and 3 accepted, 2 past its expiry: %v, %v; want [2 6 7] (2 until the clock closes it)", challengeIDs(got), err)
	}
	if _, err := s.ExpireChallenges(ctx, c.Now()); err != nil {
		t.Fatal(err)
	}
	if got, err := s.PlayerChallenges(ctx, "111", ""); err != nil || !slices.Equal(challengeIDs(got), []storage.ChallengeID{6, 7}) {
		t.Errorf("111's challenges after 2 expired: %v, %v; want [6 7]", challengeIDs(got), err)
	}
	if got, err := s.ChallengesToAnyone(ctx, "g1"); err != nil || len(got) != 0 {
		t.Errorf("g1's challenges to anyone after 2 expired: %v, %v; want none", challengeIDs(got), err)
	}
	if rep, err := s.Check(ctx); err != nil || !rep.OK() {
		t.Fatalf("check after the changes: %+v, %v", rep, err)
	}
	if b.name != "bbolt" {
		return
	}

	// The index leaves 6 out of 111's and lists a closed one, 5, under 222.
	s.Close()
	boltUpdate(t, db, func(tx *bolt.Tx) error {
		idx := tx.Bucket([]byte("idx_open_challenges_by_user"))
		if idx == nil {
			return errors.New("the file has no idx_open_challenges_by_user bucket")
		}
		key := func(user, guild string, id uint64) []byte {
			k := append([]byte{byte(len(user))}, user...)
			k = append(append(k, byte(len(guild))), guild...)
			return binary.BigEndian.AppendUint64(k, id)
		}
		if idx.Get(key("111", "g2", 6)) == nil {
			return errors.New("challenge 6 is not indexed under 111 in g2")
		}
		if err := idx.Delete(key("111", "g2", 6)); err != nil {
			return err
		}
		return idx.Put(key("222", "g1", 5), nil)
	})
	s = b.openAt(t, db, storage.Options{Now: c.Now})
	rep, err := s.Check(ctx)
	if err != nil || len(rep.Problems) != 2 || !strings.Contains(rep.Problems[0], "idx_open_challenges_by_user") ||
		!strings.Contains(rep.Problems[1], "idx_open_challenges_by_user") {
		t.Fatalf("check of a broken index: %+v, %v; want its 2 problems", rep, err)
	}
	if err := s.RebuildIndexes(ctx); err != nil {
		t.Fatal(err)
	}
	if rep, err := s.Check(ctx); err != nil || !rep.OK() {
		t.Fatalf("check after RebuildIndexes: %+v, %v", rep, err)
	}
	if got, err := s.PlayerChallenges(ctx, "111", ""); err != nil || !slices.Equal(challengeIDs(got), []storage.ChallengeID{6, 7}) {
		t.Errorf("111's challenges after RebuildIndexes: %v, %v; want [6 7]", challengeIDs(got), err)
	}
}

// TestPlayerChallengeIndexMigration: a database from before the index of
// each player's open challenges (a bbolt file of schema 7; PostgreSQL
// schema 4, without challenges_open_by_challenger and
// challenges_open_by_opponent) is upgraded with the index made from its
// challenges, losing nothing.
func TestPlayerChallengeIndexMigration(t *testing.T) {
	testIndexMigration(t, indexMigration{
		seed:       sevenChallenges,
		bucket:     "idx_open_challenges_by_user",
		boltSchema: 7,
		pg: []string{
			"DROP INDEX challenges_open_by_challenger, challenges_open_by_opponent",
			"ALTER TABLE games DROP COLUMN mine_due, DROP COLUMN board_due",  // migrations 6 and 7, which follow it
			"DROP INDEX games_finished_by_channel, games_finished_by_thread", // and migration 9
			"DELETE FROM taflbot_migrations WHERE version >= 5",
		},
		after: func(t *testing.T, b testBackend, db string, s *storage.Store, after *storage.CheckReport) {
			wantPlayerChallenges(t, s, "after the upgrade", false)
			if after.Challenges != 7 {
				t.Errorf("after the upgrade, %d challenges, want 7", after.Challenges)
			}
			if b.name == "postgres" {
				if got := pgtest.QueryString(t, db, `SELECT count(*)::text FROM pg_indexes
					WHERE indexname IN ('challenges_open_by_challenger', 'challenges_open_by_opponent') AND schemaname = current_schema()`); got != "2" {
					t.Errorf("after the upgrade, %s of the 2 indexes of migration 5", got)
				}
			}
		},
	})
}
