package storage_test

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/taflbot/taflbot/storage"
	"github.com/taflbot/taflbot/tafl"
	bolt "go.etcd.io/bbolt"
)

var updateFixture = flag.Bool("update-fixture", false, "rewrite testdata/schema1.db with writeSchema1")

const schema1Fixture = "testdata/schema1.db"

// v1Game and v1Player are the schema 1 records, written here by hand
// (not by the package) so that the fixture is an independent copy of the
// old format.
type v1Game struct {
	ID          uint64    `json:"id"`
	Guild       string    `json:"guild"`
	Channel     string    `json:"channel"`
	Variant     string    `json:"variant"`
	Attacker    string    `json:"attacker"`
	Defender    string    `json:"defender"`
	Moves       []string  `json:"moves"`
	Result      string    `json:"result"`
	Reason      string    `json:"reason"`
	Created     time.Time `json:"created"`
	Updated     time.Time `json:"updated"`
	DaysPerMove int       `json:"days_per_move"`
	Deadline    time.Time `json:"deadline"`
}

type v1Player struct {
	Guild      string  `json:"guild"`
	User       string  `json:"user"`
	Rating     float64 `json:"rating"`
	Deviation  float64 `json:"rd"`
	Volatility float64 `json:"vol"`
	Wins       int     `json:"wins"`
	Losses     int     `json:"losses"`
	Draws      int     `json:"draws"`
}

var t0 = time.Date(2025, 12, 1, 18, 30, 0, 0, time.UTC)

// schema1Games is the fixture's content. The moves are fixed strings;
// the first game's are legal copenhagen moves, checked on migration.
var schema1Games = []v1Game{
	{ID: 1, Guild: "100", Channel: "200", Variant: "copenhagen", Attacker: "111", Defender: "222",
		Moves: []string{"d1-d4", "d6-d7", "a4-a2"}, Result: "ongoing",
		Created: t0, Updated: t0.Add(2 * time.Hour), DaysPerMove: 3, Deadline: t0.Add(74 * time.Hour)},
	{ID: 2, Guild: "100", Channel: "201", Variant: "copenhagen", Attacker: "111", Defender: "ai:easy",
		Moves: []string{"d1-d4"}, Result: "defenders-won", Reason: "resignation",
		Created: t0.Add(time.Hour), Updated: t0.Add(3 * time.Hour), DaysPerMove: 1},
	{ID: 3, Guild: "100", Channel: "200", Variant: "", Attacker: "333", Defender: "111",
		Moves: []string{}, Result: "ongoing", Created: t0.Add(4 * time.Hour), Updated: t0.Add(4 * time.Hour),
		DaysPerMove: 7, Deadline: t0.Add(7*24*time.Hour + 4*time.Hour)},
}

var schema1Players = []v1Player{
	{Guild: "100", User: "111", Rating: 1622.5, Deviation: 81.25, Volatility: 0.0598, Wins: 3, Losses: 1},
	{Guild: "100", User: "222", Rating: 1400, Deviation: 120, Volatility: 0.06, Wins: 1, Losses: 2, Draws: 1},
	{Guild: "100", User: "333", Rating: 1500, Deviation: 350, Volatility: 0.06},
}

// writeSchema1 writes a schema 1 database as the first taflbot did:
// meta, games (ids from NextSequence) and players; no indexes.
func writeSchema1(path string) error {
	db, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		return err
	}
	defer db.Close()
	return db.Update(func(tx *bolt.Tx) error {
		meta, _ := tx.CreateBucket([]byte("meta"))
		games, _ := tx.CreateBucket([]byte("games"))
		players, err := tx.CreateBucket([]byte("players"))
		if err != nil {
			return err
		}
		if err := meta.Put([]byte("schema_version"), binary.BigEndian.AppendUint64(nil, 1)); err != nil {
			return err
		}
		for _, g := range schema1Games {
			id, _ := games.NextSequence()
			g.ID = id
			data, _ := json.Marshal(g)
			if err := games.Put(binary.BigEndian.AppendUint64(nil, id), data); err != nil {
				return err
			}
		}
		for _, p := range schema1Players {
			data, _ := json.Marshal(p)
			key := append(append([]byte{byte(len(p.Guild))}, p.Guild...), byte(len(p.User)))
			if err := players.Put(append(key, p.User...), data); err != nil {
				return err
			}
		}
		return nil
	})
}

func TestMigrateSchema1Fixture(t *testing.T) {
	if *updateFixture {
		os.Remove(schema1Fixture)
		if err := writeSchema1(schema1Fixture); err != nil {
			t.Fatal(err)
		}
	}
	fixture, err := os.ReadFile(schema1Fixture)
	if err != nil {
		t.Fatal(err)
	}
	generated := filepath.Join(t.TempDir(), "generated.db")
	if err := writeSchema1(generated); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		data func() []byte
	}{
		{"committed fixture", func() []byte { return fixture }},
		{"regenerated", func() []byte { b, _ := os.ReadFile(generated); return b }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "taflbot.db")
			if err := os.WriteFile(path, tc.data(), 0o600); err != nil {
				t.Fatal(err)
			}
			checkMigrated(t, path, tc.data())
		})
	}
}

func checkMigrated(t *testing.T, path string, original []byte) {
	// A read-only open (taflbot db check, export, copy, backup) reads the
	// file through its migration, in a temporary copy in TMPDIR, which
	// Close removes: the file is left as it is, and no backup made. It
	// refused the file, and a backup taken before an upgrade could not
	// be checked before it was restored.
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	ro, err := storage.Open(path, storage.Options{ReadOnly: true})
	if err != nil {
		t.Fatalf("read-only open of an old schema: %v", err)
	}
	if g, err := ro.GetGame(t.Context(), storage.GameID(schema1Games[0].ID)); err != nil || g.Variant() == "" {
		t.Errorf("a game read through the migration: %v", err)
	}
	rep, err := ro.Check(t.Context())
	if err != nil || !rep.OK() || len(rep.Notes) != 1 || !strings.Contains(rep.Notes[0], "older schema version 1 ") {
		t.Errorf("check through the migration: %v %+v", err, rep)
	}
	if _, err := ro.UpdateGame(t.Context(), storage.GameID(schema1Games[0].ID), 0, func(*storage.Game) error { return nil }); !errors.Is(err, storage.ErrReadOnly) {
		t.Errorf("a write through the migration: %v", err)
	}
	var backup bytes.Buffer
	if _, err := ro.Backup(t.Context(), &backup); err != nil || backup.Len() > len(original) || !bytes.Equal(backup.Bytes()[4096*2:], original[4096*2:backup.Len()]) {
		t.Errorf("the backup of an old schema is not the file as it is: %v", err)
	}
	if files, _ := os.ReadDir(tmp); len(files) != 1 {
		t.Errorf("%d temporary files while open, want the copy", len(files))
	}
	if err := ro.Close(); err != nil {
		t.Fatal(err)
	}
	if files, _ := os.ReadDir(tmp); len(files) != 0 {
		t.Errorf("temporary files left after Close: %v", files)
	}
	if now, _ := os.ReadFile(path); !bytes.Equal(now, original) {
		t.Error("the read-only open changed the file")
	}
	if _, err := os.Stat(path + ".schema1.bak"); err == nil {
		t.Error("the read-only open copied the file aside")
	}
	s, err := storage.Open(path, storage.Options{Now: func() time.Time { return t0.Add(100 * time.Hour) }})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx := t.Context()
	// The old file was copied aside first.
	if bak, err := os.ReadFile(path + ".schema1.bak"); err != nil || len(bak) == 0 {
		t.Errorf("no backup of the schema 1 file: %v", err)
	} else if len(bak) > len(original) || !slices.Equal(bak[4096*2:], original[4096*2:len(bak)]) {
		t.Error("the backup differs from the original file")
	}
	for _, want := range schema1Games {
		g, err := s.GetGame(ctx, storage.GameID(want.ID))
		if err != nil {
			t.Fatal(err)
		}
		variant := want.Variant
		if variant == "" {
			variant = tafl.DefaultVariant
		}
		moveTime := time.Duration(want.DaysPerMove) * 24 * time.Hour
		wantDeadline := want.Deadline
		if want.Result != "ongoing" {
			wantDeadline = time.Time{}
		}
		got := []any{g.GuildID, g.ChannelID, g.Variant(), g.Attackers.String(), g.Defenders.String(), g.Moves(),
			g.Outcome().Status(), g.Outcome().Reason.String(), g.Created.Equal(want.Created), g.Updated.Equal(want.Updated),
			g.MoveTime, g.Deadline.Equal(wantDeadline)}
		exp := []any{want.Guild, want.Channel, variant, want.Attacker, want.Defender, want.Moves,
			want.Result, want.Reason, true, true, moveTime, true}
		if !reflect.DeepEqual(got, exp) {
			t.Errorf("game %d:\n got %v\nwant %v", want.ID, got, exp)
		}
	}
	if g, _ := s.GetGame(ctx, 2); !g.Defenders.IsAI() || g.Defenders.AILevel != "easy" {
		t.Errorf("the AI seat: %+v", g.Defenders)
	}
	for _, want := range schema1Players {
		p, err := s.GetPlayer(ctx, want.Guild, want.User)
		if err != nil {
			t.Fatal(err)
		}
		if p.Wins != want.Wins || p.Losses != want.Losses || p.Draws != want.Draws || p.DMs {
			t.Errorf("player %s: %+v", want.User, p)
		}
		wantRating := storage.Rating{Rating: want.Rating, Deviation: want.Deviation, Volatility: want.Volatility}
		if want.Wins+want.Losses+want.Draws == 0 {
			wantRating = storage.DefaultRating
		}
		if got := p.Rating("copenhagen"); got != wantRating {
			t.Errorf("player %s rating %+v, want %+v", want.User, got, wantRating)
		}
	}
	// The indexes were built.
	mine, err := s.GamesByPlayer(ctx, "111", storage.GameFilter{})
	if err != nil || len(mine) != 3 || mine[0].ID != 3 || mine[1].ID != 1 || mine[2].ID != 2 {
		t.Errorf("games of 111 after migrating: %v %v", err, mine)
	}
	due, err := s.GamesDueBefore(ctx, t0.Add(1000*time.Hour))
	if err != nil || len(due) != 2 || due[0].ID != 1 || due[1].ID != 3 {
		t.Errorf("due games after migrating: %v %v", err, due)
	}
	if in200, _ := s.ActiveGamesInChannel(ctx, "200"); len(in200) != 2 {
		t.Errorf("channel 200: %v", in200)
	}
	if rep, err := s.Check(ctx); err != nil || !rep.OK() {
		t.Errorf("check after migrating: %v %+v", err, rep)
	}
	// New ids continue after the old ones; the migrated game plays on.
	g := newHumanGame(t, "1", "2")
	if err := s.CreateGame(ctx, g); err != nil || g.ID != 4 {
		t.Errorf("new game id %d, %v", g.ID, err)
	}
	if _, err := s.UpdateGame(ctx, 3, 0, func(g *storage.Game) error { _, err := g.Tafl().PlayText("d1-d4"); return err }); err != nil {
		t.Errorf("a move in a migrated game: %v", err)
	}
	// Game 1's deadline (t0+74h) passed before the store's now (t0+100h):
	// a move there ends it on time instead.
	g, err = s.UpdateGame(ctx, 1, 3, func(g *storage.Game) error { _, err := g.Tafl().PlayText("e5-e2"); return err })
	if !errors.Is(err, storage.ErrTimedOut) || g == nil || g.Outcome() != (tafl.Outcome{Winner: tafl.Attackers, Reason: tafl.Timeout}) || g.Ply() != 3 {
		t.Errorf("a move after the deadline in a migrated game: %v, %v", g, err)
	}
}

// TestMigrationFailureChangesNothing: a schema 1 file with a game whose
// moves are illegal is refused with an error naming the game, and stays a
// schema 1 file with every record as it was.
func TestMigrationFailureChangesNothing(t *testing.T) {
	path := filepath.Join(t.TempDir(), "taflbot.db")
	if err := writeSchema1(path); err != nil {
		t.Fatal(err)
	}
	db, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	bad := []byte(`{"id":2,"guild":"100","variant":"copenhagen","attacker":"111","defender":"222","moves":["a1-a9"],"result":"ongoing"}`)
	db.Update(func(tx *bolt.Tx) error {
		return tx.Bucket([]byte("games")).Put(binary.BigEndian.AppendUint64(nil, 2), bad)
	})
	db.Close()
	before, _ := os.ReadFile(path)
	_, err = storage.Open(path, storage.Options{})
	if !errors.Is(err, storage.ErrCorrupt) || !strings.Contains(err.Error(), "game 2") {
		t.Fatalf("got %v, want ErrCorrupt naming game 2", err)
	}
	after, _ := os.ReadFile(path)
	db, err = bolt.Open(path, 0o600, &bolt.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	db.View(func(tx *bolt.Tx) error {
		if v := tx.Bucket([]byte("meta")).Get([]byte("schema_version")); binary.BigEndian.Uint64(v) != 1 {
			t.Errorf("schema version %x after the failed migration", v)
		}
		if got := tx.Bucket([]byte("games")).Get(binary.BigEndian.AppendUint64(nil, 2)); string(got) != string(bad) {
			t.Errorf("the bad record changed: %s", got)
		}
		if tx.Bucket([]byte("idx_deadlines")) != nil {
			t.Error("an index bucket was left behind")
		}
		return nil
	})
	if len(after) != len(before) {
		t.Logf("file size %d → %d (bbolt may grow the file; the data is checked above)", len(before), len(after))
	}
}
