package main

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/taflbot/taflbot/internal/pgtest"
	"github.com/taflbot/taflbot/storage"
	"github.com/taflbot/taflbot/tafl"
	"github.com/taflbot/taflbot/tournament"
	bolt "go.etcd.io/bbolt"
)

// newDB writes a database with three games (one finished by resignation)
// and returns its path and the games as stored.
func newDB(t *testing.T) (string, []*storage.Game) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "taflbot.db")
	s, err := storage.Open(path, storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx := t.Context()
	var games []*storage.Game
	for i, variant := range []string{"copenhagen", "brandubh", "tablut"} {
		g, err := storage.NewGame(variant, "")
		if err != nil {
			t.Fatal(err)
		}
		g.GuildID, g.ChannelID, g.MoveTime = "100", "200", 72*time.Hour
		g.Attackers, g.Defenders = storage.Human("111"), storage.Human("222")
		g.Attackers.Name, g.Defenders.Name = "Alice", "Bob"
		if i == 1 {
			g.Defenders = storage.AI("hard")
		}
		if err := s.CreateGame(ctx, g); err != nil {
			t.Fatal(err)
		}
		g, err = s.UpdateGame(ctx, g.ID, 0, func(g *storage.Game) error {
			for range 3 + i {
				if _, err := g.Tafl().Play(g.Tafl().LegalMoves()[0]); err != nil {
					return err
				}
			}
			if i == 2 {
				return g.Tafl().Resign(g.Tafl().ToMove())
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		games = append(games, g)
	}
	return path, games
}

// createGame stores g as a game in server 100 between users 111 and 222.
func createGame(t *testing.T, s *storage.Store, g *storage.Game) {
	t.Helper()
	g.GuildID, g.ChannelID = "100", "200"
	g.Attackers, g.Defenders = storage.Human("111"), storage.Human("222")
	if err := s.CreateGame(t.Context(), g); err != nil {
		t.Fatal(err)
	}
}

func runDBTest(t *testing.T, args ...string) (string, string, error) {
	t.Helper()
	var out, errOut bytes.Buffer
	err := runDB(t.Context(), args, &out, &errOut, func(string) string { return "" })
	return out.String(), errOut.String(), err
}

func TestDBCheck(t *testing.T) {
	path, _ := newDB(t)
	out, _, err := runDBTest(t, "check", "-db", path)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "3 games (2 active)") || !strings.HasSuffix(out, "ok\n") {
		t.Errorf("check said %q", out)
	}
	// Break an index: check reports it and fails; -rebuild-indexes repairs it.
	boltUpdate(t, path, func(tx *bolt.Tx) error {
		return tx.Bucket([]byte("idx_deadlines")).Put([]byte("0123456789abcdef"), nil)
	})
	out, _, err = runDBTest(t, "check", "-db", path)
	if err == nil || !strings.Contains(out, "problem: index idx_deadlines") {
		t.Errorf("check of a broken index: %v, %q", err, out)
	}
	out, _, err = runDBTest(t, "check", "-db", path, "-rebuild-indexes")
	if err != nil || !strings.Contains(out, "indexes rebuilt; ok") {
		t.Errorf("rebuild: %v, %q", err, out)
	}
	if _, _, err := runDBTest(t, "check", "-db", path); err != nil {
		t.Errorf("check after rebuilding: %v", err)
	}
	// Not a database: a clear error, the file untouched.
	junk := filepath.Join(t.TempDir(), "junk.db")
	os.WriteFile(junk, bytes.Repeat([]byte("junk"), 5000), 0o600)
	if _, _, err := runDBTest(t, "check", "-db", junk); !errors.Is(err, storage.ErrCorrupt) {
		t.Errorf("check of a junk file: %v", err)
	}
	if _, _, err := runDBTest(t, "check", "-db", filepath.Join(t.TempDir(), "missing.db")); err == nil {
		t.Error("check of a missing file succeeded")
	}
}

func TestDBBackupAndCompact(t *testing.T) {
	path, games := newDB(t)
	dir := t.TempDir()
	backup := filepath.Join(dir, "backup.db")
	if _, _, err := runDBTest(t, "backup", "-db", path, "-o", backup); err != nil {
		t.Fatal(err)
	}
	if _, _, err := runDBTest(t, "backup", "-db", path, "-o", backup); err == nil {
		t.Error("backup overwrote an existing file")
	}
	stdout, _, err := runDBTest(t, "backup", "-db", path, "-o", "-")
	if err != nil {
		t.Fatal(err)
	}
	piped := filepath.Join(dir, "piped.db")
	os.WriteFile(piped, []byte(stdout), 0o600)
	compacted := filepath.Join(dir, "compacted.db")
	if _, _, err := runDBTest(t, "compact", "-db", backup, "-o", compacted); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{backup, piped, compacted} {
		s, err := storage.Open(p, storage.Options{ReadOnly: true})
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		for _, want := range games {
			got, err := s.GetGame(t.Context(), want.ID)
			if err != nil || !slices.Equal(got.Moves(), want.Moves()) || got.Outcome() != want.Outcome() {
				t.Errorf("%s: game %d: %v", filepath.Base(p), want.ID, err)
			}
		}
		s.Close()
	}
	if _, _, err := runDBTest(t, "compact", "-db", backup, "-o", compacted); err == nil {
		t.Error("compact overwrote an existing file")
	}
}

// TestDBExport reads the exported records back with tafl.DecodeGame.
// TestDBExportToAFile: -o naming a file is refused saying that it names a
// folder (it said "mkdir FILE: not a directory"), and the file is left
// alone.
func TestDBExportToAFile(t *testing.T) {
	path, _ := newDB(t)
	file := filepath.Join(t.TempDir(), "games.otg")
	os.WriteFile(file, []byte("keep"), 0o600)
	_, _, err := runDBTest(t, "export", "-db", path, "-o", file)
	if err == nil || !strings.Contains(err.Error(), file+" is a file: -o names a folder for the game records") {
		t.Errorf("export into a file: %v", err)
	}
	if data, _ := os.ReadFile(file); string(data) != "keep" {
		t.Errorf("the file now holds %q", data)
	}
}

func TestDBExport(t *testing.T) {
	path, games := newDB(t)
	dir := filepath.Join(t.TempDir(), "export")
	out, _, err := runDBTest(t, "export", "-db", path, "-o", dir)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "exported 3 games") {
		t.Errorf("export said %q", out)
	}
	for _, want := range games {
		name := filepath.Join(dir, "game-"+want.ID.String()+".otg")
		text, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		// Records name players and servers: for the owner's eyes only.
		if fi, err := os.Stat(name); err != nil || fi.Mode().Perm() != 0o600 {
			t.Errorf("%s: mode %v, want 0600 (%v)", name, fi.Mode().Perm(), err)
		}
		g, tags, err := tafl.DecodeGame(string(text))
		if err != nil {
			t.Fatalf("game %d: %v\n%s", want.ID, err, text)
		}
		var moves []string
		for _, p := range g.Plies() {
			moves = append(moves, p.Move.String())
		}
		if !slices.Equal(moves, want.Moves()) || g.Outcome() != want.Outcome() || g.Variant().Name() != want.Variant() {
			t.Errorf("game %d: exported %v %v %s, stored %v %v %s", want.ID, moves, g.Outcome(), g.Variant().Name(), want.Moves(), want.Outcome(), want.Variant())
		}
		found := map[string]string{}
		for _, tag := range tags {
			found[tag.Name] = tag.Value
		}
		// Players by display name, the ids in tags of their own.
		wantDef := "Bob"
		if want.Defenders.IsAI() {
			wantDef = "taflbot (hard)"
		}
		if found["attackers"] != "Alice" || found["defenders"] != wantDef || found["event"] != "taflbot game "+want.ID.String() ||
			found["attackers-id"] != want.Attackers.String() || found["defenders-id"] != want.Defenders.String() {
			t.Errorf("game %d tags: %v", want.ID, found)
		}
	}
	stdout, _, err := runDBTest(t, "export", "-db", path, "-o", "-")
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(stdout, "[event:taflbot game "); n != 3 {
		t.Errorf("export to stdout has %d games", n)
	}
}

// TestDBUsageSaysWhatToDo: the two likely slips with db's arguments, a
// flag before the command and the database named without -db, are usage
// errors that say how to write it (they said only "unknown command
// \"-db\"" and "unexpected argument").
func TestDBUsageSaysWhatToDo(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-db", "taflbot.db", "check"}, `taflbot db: the command comes first, then its flags: taflbot db check -db taflbot.db`},
		{[]string{"-config", "config.json", "export", "-o", "-"}, `taflbot db: the command comes first, then its flags: taflbot db export -config config.json -o -`},
		{[]string{"check", "taflbot.db"}, `taflbot db check: unexpected argument "taflbot.db": name the database with -db taflbot.db (or -config FILE)`},
		{[]string{"check", "-db", "a.db", "extra"}, `taflbot db check: unexpected argument "extra": taflbot db check -h lists its flags`},
	} {
		_, _, err := runDBTest(t, c.args...)
		var ue usageError
		if !errors.As(err, &ue) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("taflbot db %v: %v, want a usage error saying %q", c.args, err, c.want)
		}
	}
}

func TestDBUsage(t *testing.T) {
	path, _ := newDB(t)
	for _, args := range [][]string{
		{},
		{"frobnicate"},
		{"backup", "-db", path},
		{"compact", "-db", path, "-o", "-"},
		{"check", "-db", path, "extra"},
		{"check", "-nosuchflag"},
	} {
		_, _, err := runDBTest(t, args...)
		var ue usageError
		if !errors.As(err, &ue) {
			t.Errorf("taflbot db %v: %v, want a usage error", args, err)
		}
	}
	// The unknown command's message lists every command there is.
	if _, _, err := runDBTest(t, "frobnicate"); err == nil || !strings.Contains(err.Error(), "compact, export or puzzles)") {
		t.Errorf("unknown command: %v, want every command listed", err)
	}
	if stdout, _, err := runDBTest(t, "help"); err != nil || !strings.Contains(stdout, "usage: taflbot db") {
		t.Errorf("help: %v %q", err, stdout)
	}
}

// deleteBucket removes a bucket from a closed database file.
// TestDBCheckNamesTheIndexOfAMissingEntry: an index entry that is
// missing is reported with its index's name, as a stray one is, and the
// entries in order (they were the index's name and the entry together in
// hex, in map order: "index entry missing: 6964785f6163…").
func TestDBCheckNamesTheIndexOfAMissingEntry(t *testing.T) {
	path, _ := newDB(t)
	var deleted [][]byte
	boltUpdate(t, path, func(tx *bolt.Tx) error {
		b := tx.Bucket([]byte("idx_active_games"))
		for k, _ := b.Cursor().First(); k != nil; k, _ = b.Cursor().First() {
			deleted = append(deleted, slices.Clone(k))
			if err := b.Delete(k); err != nil {
				return err
			}
		}
		return nil
	})
	if len(deleted) != 2 {
		t.Fatalf("deleting the active games' index entries: %d deleted, want 2", len(deleted))
	}
	out, _, err := runDBTest(t, "check", "-db", path)
	want := fmt.Sprintf("problem: index idx_active_games: entry missing %x\nproblem: index idx_active_games: entry missing %x\n", deleted[0], deleted[1])
	if err == nil || !strings.Contains(out, want) {
		t.Errorf("check: %v\n%s\nwant the lines\n%s", err, out, want)
	}
}

func deleteBucket(t *testing.T, path, name string) {
	t.Helper()
	boltUpdate(t, path, func(tx *bolt.Tx) error { return tx.DeleteBucket([]byte(name)) })
}

// boltUpdate runs fn in an update transaction of the bbolt file at path
// (no store open on it), failing the test on any error.
func boltUpdate(t *testing.T, path string, fn func(tx *bolt.Tx) error) {
	t.Helper()
	db, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := db.Update(fn); err != nil {
		t.Fatal(err)
	}
}

// TestMissingBucket: a database that lacks a bucket is refused at start
// with a message that says what to do (it used to start and then fail
// every command with an internal error); db check reports it, and a
// missing index bucket is rebuilt by db check -rebuild-indexes.
func TestMissingBucket(t *testing.T) {
	for _, tc := range []struct{ bucket, startSays, checkSays string }{
		{"players", "restore a backup", "bucket players is missing"},
		{"idx_deadlines", "db check -rebuild-indexes", "index bucket idx_deadlines is missing"},
		{"idx_open_challenges_by_user", "db check -rebuild-indexes", "index bucket idx_open_challenges_by_user is missing"},
	} {
		t.Run(tc.bucket, func(t *testing.T) {
			path, _ := newDB(t)
			deleteBucket(t, path, tc.bucket)
			before, _ := os.ReadFile(path)
			var stderr bytes.Buffer
			err := run(t.Context(), []string{"-console", "-config", writeConfig(t, `{"database": "`+path+`"}`)},
				strings.NewReader("/tafl games\nquit\n"), io.Discard, &stderr, func(string) string { return "" })
			if !errors.Is(err, storage.ErrCorrupt) || !strings.Contains(err.Error(), tc.bucket) || !strings.Contains(err.Error(), tc.startSays) {
				t.Fatalf("start: %v", err)
			}
			if after, _ := os.ReadFile(path); !bytes.Equal(before, after) {
				t.Error("the refused file was changed")
			}
			out, _, err := runDBTest(t, "check", "-db", path)
			if err == nil || !strings.Contains(out, "problem: "+tc.checkSays) {
				t.Fatalf("db check: %v\n%s", err, out)
			}
			out, _, err = runDBTest(t, "check", "-rebuild-indexes", "-db", path)
			if strings.HasPrefix(tc.bucket, "idx_") {
				if err != nil || !strings.Contains(out, "indexes rebuilt; ok") {
					t.Fatalf("rebuild: %v\n%s", err, out)
				}
				s, err := storage.Open(path, storage.Options{})
				if err != nil {
					t.Fatalf("after the rebuild: %v", err)
				}
				s.Close()
			} else if err == nil {
				t.Fatalf("rebuild claimed to repair a missing record bucket:\n%s", out)
			}
		})
	}
}

// TestDBCheckPlayerChallengeIndex: db check compares the index of each
// player's open challenges (schema 8) with the challenges and
// -rebuild-indexes mends it; a file of schema 7, without it, is refused
// by the read-only check with what to do, and gets the index made from
// its challenges at its first writable opening.
func TestDBCheckPlayerChallengeIndex(t *testing.T) {
	path, _ := newDB(t)
	s, err := storage.Open(path, storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	c := &storage.Challenge{GuildID: "100", ChannelID: "200", ChallengerID: "111", OpponentID: "222", Variant: "brandubh",
		MoveTime: 24 * time.Hour, Expires: time.Now().Add(time.Hour)}
	if err := s.CreateChallenge(t.Context(), c); err != nil {
		t.Fatal(err)
	}
	s.Close()
	// 222's entry: the user, the server (each after its length), the id.
	key := binary.BigEndian.AppendUint64([]byte("\x03222\x03100"), uint64(c.ID))
	boltUpdate(t, path, func(tx *bolt.Tx) error {
		idx := tx.Bucket([]byte("idx_open_challenges_by_user"))
		if idx.Get(key) == nil {
			return fmt.Errorf("no entry %x of challenge %d under 222", key, c.ID)
		}
		return idx.Delete(key)
	})
	out, _, err := runDBTest(t, "check", "-db", path)
	if want := fmt.Sprintf("problem: index idx_open_challenges_by_user: entry missing %x\n", key); err == nil || !strings.Contains(out, want) {
		t.Errorf("check of a broken index: %v, %q; want %q", err, out, want)
	}
	out, _, err = runDBTest(t, "check", "-db", path, "-rebuild-indexes")
	if err != nil || !strings.Contains(out, "indexes rebuilt; ok") {
		t.Errorf("rebuild: %v, %q", err, out)
	}
	// Schema 7: the same buckets without the index.
	boltUpdate(t, path, func(tx *bolt.Tx) error {
		if err := tx.DeleteBucket([]byte("idx_open_challenges_by_user")); err != nil {
			return err
		}
		return tx.Bucket([]byte("meta")).Put([]byte("schema_version"), binary.BigEndian.AppendUint64(nil, 7))
	})
	// The read-only check reads it through its migration, which makes
	// the index, and leaves the file as it is.
	if out, _, err := runDBTest(t, "check", "-db", path); err != nil || !strings.Contains(out, "note: the file has the older schema version 7 ") || !strings.HasSuffix(out, "ok\n") {
		t.Errorf("check of a file of schema 7: %v\n%s", err, out)
	}
	boltUpdate(t, path, func(tx *bolt.Tx) error {
		if v := tx.Bucket([]byte("meta")).Get([]byte("schema_version")); binary.BigEndian.Uint64(v) != 7 {
			return fmt.Errorf("the check left schema %x", v)
		}
		return nil
	})
	s, err = storage.Open(path, storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	got, err := s.PlayerChallenges(t.Context(), "222", "")
	s.Close()
	if err != nil || len(got) != 1 || got[0].ID != c.ID {
		t.Errorf("222's challenges after the upgrade: %v, %v", got, err)
	}
	if out, _, err := runDBTest(t, "check", "-db", path); err != nil || !strings.HasSuffix(out, "ok\n") {
		t.Errorf("check after the upgrade: %v, %q", err, out)
	}
}

// dbWithWonPuzzleGame is newDB's database with one more game, of server
// 100, won by a forced win in 2 (g5-g3 first): a puzzle to mine.
func dbWithWonPuzzleGame(t *testing.T) (string, storage.GameID) {
	t.Helper()
	path, _ := newDB(t)
	s, err := storage.Open(path, storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	id := addWonPuzzleGame(t, s)
	s.Close()
	return path, id
}

// addWonPuzzleGame stores a game of server 100 won by a forced win in 2
// (g5-g3 first), due to be mined as a game just ended is.
func addWonPuzzleGame(t *testing.T, s *storage.Store) storage.GameID {
	t.Helper()
	r, _ := tafl.PresetRules("brandubh", "")
	r.Start, r.First = "/1t1t3/6t/3T3/t1T4/4T1K/6t/3tT2/", tafl.Defenders
	v, err := tafl.NewVariant(r)
	if err != nil {
		t.Fatal(err)
	}
	g, err := storage.NewCustomGame(v.RulesString())
	if err != nil {
		t.Fatal(err)
	}
	createGame(t, s, g)
	if _, err := s.UpdateGame(t.Context(), g.ID, 0, func(g *storage.Game) error {
		for _, m := range []string{"g5-g3", "a4-a2", "g3-g1"} {
			if _, err := g.Tafl().PlayText(m); err != nil {
				return err
			}
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return g.ID
}

// testMineBudget is the -budget of the tests' db puzzles: the win in 2 of
// dbWithWonPuzzleGame is found and checked with about 1,500 positions per
// search; 10,000 leaves a wide margin and is deterministic (positions,
// not time). The won Tablut game has no forced win to find: its searches
// use the whole budget each, so 200,000 took a minute a test under -race.
const testMineBudget = "10000"

// TestDBPuzzles mines a database: a game whose end was a forced win in 2
// becomes a puzzle of its server, once.
func TestDBPuzzles(t *testing.T) {
	path, id := dbWithWonPuzzleGame(t)
	for i, want := range []string{"4 games, 2 won; 1 puzzle found, 1 new", "4 games, 2 won; 1 puzzle found, 0 new"} {
		out, _, err := runDBTest(t, "puzzles", "-db", path, "-budget", testMineBudget)
		if err != nil || !strings.Contains(out, want) {
			t.Errorf("run %d: %q %v, want %q", i+1, out, err, want)
		}
	}
	s, err := storage.Open(path, storage.Options{NoSync: true, ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ps, _ := s.Puzzles(t.Context(), "100")
	if len(ps) != 1 || ps[0].GuildID != "100" || ps[0].Source != "game "+id.String()+", before move 1" || ps[0].Solution[0] != "g5-g3" {
		t.Errorf("puzzles of server 100: %+v", ps)
	}
	if _, _, err := runDBTest(t, "puzzles", "-db", path, "-max-moves", "9"); err == nil {
		t.Error("-max-moves 9 accepted")
	}
}

// TestDBPuzzlesSaysItMigratesAnOlderFile: db puzzles on a file of an
// older schema migrated it (after its copy) without a word, only the
// counts printed; it says so and names the copy, as db check
// -rebuild-indexes does, and says nothing on a file of this schema.
func TestDBPuzzlesSaysItMigratesAnOlderFile(t *testing.T) {
	path, _ := schema2Copy(t, t.TempDir(), "old.db")
	out, _, err := runDBTest(t, "puzzles", "-db", path, "-budget", testMineBudget)
	want := fmt.Sprintf("migrating %s from schema version 2 to %d to store its puzzles (the file as it was: %s.schema2.bak)\n", path, storage.SchemaVersion, path)
	if err != nil || !strings.HasPrefix(out, want) || !strings.Contains(out, "4 games, 1 won") {
		t.Errorf("db puzzles of a file of schema 2: %v\n%s\nwant first %q", err, out, want)
	}
	if _, err := os.Stat(path + ".schema2.bak"); err != nil {
		t.Error(err)
	}
	if out, _, err := runDBTest(t, "puzzles", "-db", path, "-budget", testMineBudget); err != nil || strings.Contains(out, "migrating") {
		t.Errorf("db puzzles of a file of this schema: %v\n%s", err, out)
	}
}

// TestDBPuzzlesClearsTheMineMark: the games db puzzles mined are no
// longer due to be mined, on bbolt and PostgreSQL, so that the bot's
// next start does not search them again (it left the mark, and the bot
// mined every game again).
func TestDBPuzzlesClearsTheMineMark(t *testing.T) {
	for _, kind := range []string{"bbolt", "postgres"} {
		t.Run(kind, func(t *testing.T) {
			var db string
			if kind == "bbolt" {
				db = filepath.Join(t.TempDir(), "taflbot.db")
			} else {
				db = pgtest.NewDatabase(t)
			}
			s, err := storage.Open(db, storage.Options{NoSync: true})
			if err != nil {
				t.Fatal(err)
			}
			id := addWonPuzzleGame(t, s)
			due, err := s.GamesToMine(t.Context())
			s.Close()
			if err != nil || len(due) != 1 || due[0].ID != id {
				t.Fatalf("games due to be mined before: %v, %v", due, err)
			}
			if out, _, err := runDBTest(t, "puzzles", "-db", db, "-budget", testMineBudget); err != nil || !strings.Contains(out, "1 game, 1 won; 1 puzzle found, 1 new") {
				t.Fatalf("db puzzles: %v\n%s", err, out)
			}
			s, err = storage.Open(db, storage.Options{NoSync: true})
			if err != nil {
				t.Fatal(err)
			}
			due, err = s.GamesToMine(t.Context())
			s.Close()
			if err != nil || len(due) != 0 {
				t.Errorf("games due to be mined after db puzzles: %v, %v", due, err)
			}
			if out, _, err := runDBTest(t, "check", "-db", db); err != nil || !strings.HasSuffix(out, "ok\n") {
				t.Errorf("check after db puzzles: %v\n%s", err, out)
			}
		})
	}
}

// TestDBPuzzlesManyOnACompactedFile: db puzzles storing dozens of new
// puzzles in a compacted bbolt file (no free pages: the file has to grow)
// finishes. It stored each puzzle inside its read of the games, and
// bbolt's write waited for that read to end to map the grown file: it
// hung for good.
func TestDBPuzzlesManyOnACompactedFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "taflbot.db")
	s, err := storage.Open(path, storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	// dbWithWonPuzzleGame's forced win, with one more piece on one empty
	// square after another: as many different positions.
	const start = "/1t1t3/6t/3T3/t1T4/4T1K/6t/3tT2/"
	games := 0
	for i := range expandBoard(start) {
		for _, piece := range []string{"t", "T"} {
			board := []byte(expandBoard(start))
			if board[i] != '.' {
				continue
			}
			board[i] = piece[0]
			r, _ := tafl.PresetRules("brandubh", "")
			r.Start, r.First = collapseBoard(string(board), 7), tafl.Defenders
			v, err := tafl.NewVariant(r)
			if err != nil {
				continue
			}
			g, err := storage.NewCustomGame(v.RulesString())
			if err != nil {
				t.Fatal(err)
			}
			createGame(t, s, g)
			s.UpdateGame(t.Context(), g.ID, 0, func(g *storage.Game) error {
				for _, m := range []string{"g5-g3", "a4-a2", "g3-g1"} {
					if _, err := g.Tafl().PlayText(m); err != nil {
						return err
					}
				}
				return nil
			})
			games++
		}
	}
	s.Close()
	compacted := filepath.Join(t.TempDir(), "compacted.db")
	if out, _, err := runDBTest(t, "compact", "-db", path, "-o", compacted); err != nil {
		t.Fatalf("compact: %v\n%s", err, out)
	}
	type result struct {
		out string
		err error
	}
	done := make(chan result, 1)
	go func() {
		out, _, err := runDBTest(t, "puzzles", "-db", compacted, "-budget", testMineBudget)
		done <- result{out, err}
	}()
	select {
	case r := <-done:
		var found, added int
		if _, err := fmt.Sscanf(r.out[strings.Index(r.out, "won; ")+len("won; "):], "%d puzzles found, %d new", &found, &added); err != nil || r.err != nil ||
			found < 20 || added != found {
			t.Errorf("db puzzles of %d games: %v\n%s", games, r.err, r.out)
		}
	case <-time.After(30 * time.Second):
		t.Fatalf("db puzzles of %d games has not finished after 30 s", games)
	}
	if out, _, err := runDBTest(t, "check", "-db", compacted); err != nil {
		t.Errorf("check after db puzzles: %v\n%s", err, out)
	}
}

// expandBoard writes a board of the rules' start notation ("/1t1t3/…/")
// one character a square, '.' for an empty one, without the slashes.
func expandBoard(start string) string {
	var b strings.Builder
	for _, c := range strings.ReplaceAll(start, "/", "") {
		if c >= '1' && c <= '9' {
			b.WriteString(strings.Repeat(".", int(c-'0')))
		} else {
			b.WriteRune(c)
		}
	}
	return b.String()
}

// collapseBoard is expandBoard's inverse for a board of the given width.
func collapseBoard(board string, width int) string {
	var b strings.Builder
	b.WriteByte('/')
	for row := 0; row < len(board); row += width {
		empty := 0
		for _, c := range board[row : row+width] {
			if c == '.' {
				empty++
				continue
			}
			if empty > 0 {
				fmt.Fprint(&b, empty)
				empty = 0
			}
			b.WriteRune(c)
		}
		if empty > 0 {
			fmt.Fprint(&b, empty)
		}
		b.WriteByte('/')
	}
	return b.String()
}

// TestDBNeedsAnExistingFile: a db command given a path with no file says
// so and creates nothing (puzzles and check -rebuild-indexes, which open
// for writing, made a new empty database and reported "ok").
func TestDBNeedsAnExistingFile(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "typo.db")
	for _, args := range [][]string{
		{"check"},
		{"check", "-rebuild-indexes"},
		{"puzzles"},
		{"backup", "-o", filepath.Join(dir, "b.db")},
		{"compact", "-o", filepath.Join(dir, "c.db")},
		{"export", "-o", filepath.Join(dir, "export")},
	} {
		_, _, err := runDBTest(t, append(args, "-db", missing)...)
		if err == nil || !strings.Contains(err.Error(), "there is no database file "+missing+": give its path with -db FILE") {
			t.Errorf("taflbot db %v: %v, want the missing file named", args, err)
		}
		if entries, _ := os.ReadDir(dir); len(entries) > 0 {
			t.Errorf("taflbot db %v left %s behind", args, entries[0].Name())
			os.RemoveAll(filepath.Join(dir, entries[0].Name()))
		}
	}
	_, _, err := runDBTest(t, "copy", "-from", missing, "-to", filepath.Join(dir, "new.db"))
	if err == nil || !strings.Contains(err.Error(), "there is no database file "+missing) {
		t.Errorf("copy from a missing file: %v", err)
	}
}

// TestDBCountsOneInTheSingular: one game is "1 game", not "1 games", in
// what check, copy and export print.
func TestDBCountsOneInTheSingular(t *testing.T) {
	path := filepath.Join(t.TempDir(), "taflbot.db")
	s, err := storage.Open(path, storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	g, err := storage.NewGame("brandubh", "")
	if err != nil {
		t.Fatal(err)
	}
	createGame(t, s, g)
	s.Close()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"check", "-db", path}, ": 1 game (1 active), 0 challenges,"},
		{[]string{"export", "-db", path, "-o", filepath.Join(t.TempDir(), "exp")}, "exported 1 game to "},
		{[]string{"copy", "-from", path, "-to", filepath.Join(t.TempDir(), "copy.db")}, "copied 1 game, 0 challenges,"},
		{[]string{"copy", "-db", path, "-to", filepath.Join(t.TempDir(), "copy.db")}, "copied 1 game, 0 challenges,"}, // -from defaults to -db, as OPERATIONS.md says every db command takes it
	} {
		out, _, err := runDBTest(t, c.args...)
		if err != nil || !strings.Contains(out, c.want) || strings.Contains(out, "1 games") {
			t.Errorf("%s: %v %q, want %q", c.args[0], err, out, c.want)
		}
	}
}

// startTaflbotOn starts taflbot once on db (console mode, then quit), as
// an operator who tries the new database before moving the old one does:
// it stores the starter puzzles there.
func startTaflbotOn(t *testing.T, db string) {
	t.Helper()
	cfg := writeConfig(t, `{"log_format": "text"}`)
	env := func(k string) string {
		if k == "TAFLBOT_DATABASE" {
			return db
		}
		return ""
	}
	var out, errOut bytes.Buffer
	err := run(t.Context(), []string{"-console", "-config", cfg, "-boards", filepath.Join(t.TempDir(), "boards")}, strings.NewReader("quit\n"), &out, &errOut, env)
	if err != nil {
		t.Fatalf("taflbot on %s: %v\n%s", db, err, errOut.String())
	}
}

// TestDBCopyIntoADatabaseATaflbotStartedOn: db copy into a bbolt file
// or PostgreSQL database that a taflbot has started on once (holding the
// starter puzzles, nothing else) copies, replacing those puzzles, and
// both sides check the same (it refused, and into an existing file even
// before looking). An existing file with data (-from and -to swapped), or
// one that is not a database, is refused and left byte for byte as it was,
// before the source's check is printed (it printed the source's counts and
// digest, then refused the destination, which needs nothing of the source).
func TestDBCopyIntoADatabaseATaflbotStartedOn(t *testing.T) {
	for _, kind := range []string{"bbolt", "postgres"} {
		t.Run(kind, func(t *testing.T) {
			path, _ := newDB(t)
			var dst string
			if kind == "bbolt" {
				dst = filepath.Join(t.TempDir(), "new.db")
			} else {
				dst = pgtest.NewDatabase(t)
			}
			startTaflbotOn(t, dst)
			out, _, err := runDBTest(t, "copy", "-from", path, "-to", dst)
			if err != nil || !strings.Contains(out, "held nothing but the 207 starter puzzles a taflbot stores when it first starts: replaced by the copy's\n") ||
				!strings.Contains(out, "copied 3 games, 0 challenges, 2 players, 0 servers, 0 game reviews, 0 puzzles") ||
				!strings.HasSuffix(out, "ok: both sides hold the same data\n") {
				t.Fatalf("copy into a database a taflbot started on: %v\n%s", err, out)
			}
			// The next start adds the starter puzzles the copy lacks.
			startTaflbotOn(t, dst)
			if out, _, err := runDBTest(t, "check", "-db", dst); err != nil || !strings.Contains(out, "3 games (2 active), 0 challenges, 2 players, 0 servers, 0 game reviews, 207 puzzles") {
				t.Errorf("check after the next start: %v\n%s", err, out)
			}
			// Now it holds data: refused.
			if _, _, err := runDBTest(t, "copy", "-from", path, "-to", dst); err == nil || !strings.Contains(err.Error(), "holds data") && !strings.Contains(err.Error(), "not empty") {
				t.Errorf("copy into a database with data: %v", err)
			}
		})
	}
	t.Run("refused files", func(t *testing.T) {
		path, _ := newDB(t)
		other, _ := newDB(t)
		text := filepath.Join(t.TempDir(), "notes.txt")
		if err := os.WriteFile(text, bytes.Repeat([]byte("not a database\n"), 100), 0o600); err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct{ to, want string }{
			{other, "taflbot db copy: " + other + " already exists and holds data: copy into a new file"},
			{text, "taflbot db copy: " + text + " already exists and is not a taflbot database to copy into ("},
		} {
			before, err := os.ReadFile(c.to)
			if err != nil {
				t.Fatal(err)
			}
			// Refused before the source's check, which was printed whole
			// (counts and digest) above the refusal.
			if out, _, err := runDBTest(t, "copy", "-from", path, "-to", c.to); err == nil || !strings.Contains(err.Error(), c.want) || out != "" {
				t.Errorf("copy into %s: %v, want %q and nothing printed before it; printed:\n%s", c.to, err, c.want, out)
			}
			if after, _ := os.ReadFile(c.to); !bytes.Equal(before, after) {
				t.Errorf("the refused copy changed %s", c.to)
			}
		}
	})
}

// TestDBCopyChecksTheSourceFirst: a source with a problem (here a stray
// index entry) is reported before anything is written, with what to do;
// no destination file is left behind (the copy was made, and then the
// source's check failed "after the copy", leaving the new file full).
func TestDBCopyChecksTheSourceFirst(t *testing.T) {
	path, _ := newDB(t)
	boltUpdate(t, path, func(tx *bolt.Tx) error {
		return tx.Bucket([]byte("idx_deadlines")).Put([]byte("0123456789abcdef"), nil)
	})
	to := filepath.Join(t.TempDir(), "new.db")
	out, _, err := runDBTest(t, "copy", "-from", path, "-to", to)
	if err == nil || !strings.Contains(err.Error(), ": 1 problem found (see above), so nothing was copied: run taflbot db check -rebuild-indexes -db "+path) ||
		!strings.Contains(out, "problem: index idx_deadlines") || strings.Contains(out, "copied") {
		t.Errorf("copy from a database with a problem: %v\n%s", err, out)
	}
	if _, err := os.Stat(to); err == nil {
		t.Errorf("the refused copy left %s behind", to)
	}
	if _, _, err := runDBTest(t, "check", "-rebuild-indexes", "-db", path); err != nil {
		t.Fatal(err)
	}
	if out, _, err := runDBTest(t, "copy", "-from", path, "-to", to); err != nil || !strings.HasSuffix(out, "ok: both sides hold the same data\n") {
		t.Errorf("copy after the repair: %v\n%s", err, out)
	}
}

// TestDBCheckStoppedAtTheFileCountsNothing: when the check stops at the
// file (here a missing index bucket) the records are not read, and check
// says so instead of printing "0 games, …, 0 puzzles" for a database
// that holds three games.
func TestDBCheckStoppedAtTheFileCountsNothing(t *testing.T) {
	path, _ := newDB(t)
	deleteBucket(t, path, "idx_deadlines")
	out, _, err := runDBTest(t, "check", "-db", path)
	if err == nil || out != path+": records not read: the check of the database file and schema failed first\nproblem: index bucket idx_deadlines is missing\n" {
		t.Errorf("check of a file without an index bucket: %v\n%s", err, out)
	}
	out, _, err = runDBTest(t, "check", "-rebuild-indexes", "-db", path)
	if err != nil || !strings.HasSuffix(out, "indexes rebuilt; ok\n") {
		t.Errorf("check -rebuild-indexes: %v\n%s", err, out)
	}
	if out, _, err = runDBTest(t, "check", "-db", path); err != nil || !strings.HasPrefix(out, path+": 3 games (2 active), 0 challenges, 2 players") {
		t.Errorf("check after the rebuild: %v\n%s", err, out)
	}
}

// TestDBCopyOntoItself: one file named two ways is the same database:
// refused at once (a file a taflbot had only started on was found
// "in use by another taflbot" after two seconds, locked by the copy's
// own read of it).
func TestDBCopyOntoItself(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "taflbot.db")
	startTaflbotOn(t, path)
	other := filepath.Join(dir, ".", "sub", "..", "taflbot.db")
	if err := os.Mkdir(filepath.Join(dir, "sub"), 0o700); err != nil {
		t.Fatal(err)
	}
	_, _, err := runDBTest(t, "copy", "-from", path, "-to", dir+"/./taflbot.db")
	if err == nil || err.Error() != "taflbot db copy: -from and -to are the same database" {
		t.Errorf("copy onto itself: %v", err)
	}
	if _, _, err := runDBTest(t, "copy", "-from", other, "-to", path); err == nil || !strings.Contains(err.Error(), "the same database") {
		t.Errorf("copy onto itself through sub/..: %v", err)
	}
}

// TestDBRefusesAnEmptyBboltFile: a bbolt file with no buckets at all
// (not taflbot's) is refused by the db commands that read or add to a
// taflbot database, and left without buckets (check -rebuild-indexes and
// puzzles, which open for writing, created taflbot's buckets in it).
func TestDBRefusesAnEmptyBboltFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "other.db")
	db, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	for _, args := range [][]string{
		{"check"},
		{"check", "-rebuild-indexes"},
		{"puzzles"},
		{"export", "-o", "-"},
	} {
		out, _, err := runDBTest(t, append(args, "-db", path)...)
		if !errors.Is(err, storage.ErrNoSchema) || !strings.Contains(err.Error(), path+" is an empty bbolt file without taflbot's buckets, and none were created in it: check the path") {
			t.Errorf("taflbot db %v: %v\n%s", args, err, out)
		}
		db, err := bolt.Open(path, 0o600, &bolt.Options{ReadOnly: true})
		if err != nil {
			t.Fatal(err)
		}
		db.View(func(tx *bolt.Tx) error {
			return tx.ForEach(func(name []byte, _ *bolt.Bucket) error {
				t.Errorf("taflbot db %v created the bucket %s", args, name)
				return nil
			})
		})
		db.Close()
	}
}

// TestDBExportTournamentTags: an exported tournament game's record names
// the tournament as its event and its round (it said "taflbot game N").
func TestDBExportTournamentTags(t *testing.T) {
	path, _ := newDB(t)
	s, err := storage.Open(path, storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	ctx := t.Context()
	tr := &storage.Tournament{GuildID: "100", ChannelID: "200", CreatorID: "111", Name: "Winter Cup", Variant: "brandubh",
		MoveTime: 48 * time.Hour, SignupDeadline: time.Now().Add(time.Hour), Names: map[string]string{},
		State: tournament.Tournament{Format: tournament.Swiss, Rounds: 3}}
	for _, p := range []string{"111", "222"} {
		if err := tr.State.Join(p, 1500); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.CreateTournament(ctx, tr); err != nil {
		t.Fatal(err)
	}
	if _, err := s.UpdateTournament(ctx, tr.ID, func(t *storage.Tournament) error { _, err := t.State.Start(); return err }); err != nil {
		t.Fatal(err)
	}
	_, games, err := s.CreateTournamentGames(ctx, tr.ID, func(t *storage.Tournament, p tournament.Game) (*storage.Game, error) {
		g, err := storage.NewGame(t.Variant, "")
		if err != nil {
			return nil, err
		}
		g.GuildID, g.ChannelID, g.MoveTime = t.GuildID, t.ChannelID, t.MoveTime
		g.Attackers, g.Defenders = storage.Human(p.Attackers), storage.Human(p.Defenders)
		return g, nil
	})
	if err != nil || len(games) != 1 {
		t.Fatalf("tournament games: %d, %v", len(games), err)
	}
	s.Close()
	stdout, _, err := runDBTest(t, "export", "-db", path, "-o", "-")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(stdout, "[event:Winter Cup]\n") || strings.Count(stdout, "[round:1]\n") != 1 || strings.Count(stdout, "[event:taflbot game ") != 3 {
		t.Errorf("export with a tournament game:\n%s", stdout)
	}
}

// TestDBCommandFlags: each db command's -h lists its own flags, not every
// db command's (puzzles -h listed -from, -to, -o and -rebuild-indexes),
// and a flag of another command is refused, not ignored.
func TestDBCommandFlags(t *testing.T) {
	all := []string{"-rebuild-indexes", "-from", "-to", "-o", "-max-moves", "-budget"}
	for cmd, own := range map[string][]string{
		"check": {"-rebuild-indexes"}, "migrate": nil, "copy": {"-from", "-to"}, "backup": {"-o"},
		"compact": {"-o"}, "export": {"-o"}, "puzzles": {"-max-moves", "-budget"},
	} {
		help, _, err := runDBTest(t, cmd, "-h")
		if err != nil {
			t.Errorf("%s -h: %v", cmd, err)
		}
		for _, f := range append([]string{"-db", "-config"}, all...) {
			want := f == "-db" || f == "-config" || slices.Contains(own, f)
			if got := strings.Contains(help, "\n  "+f+" ") || strings.Contains(help, "\n  "+f+"\n"); got != want {
				t.Errorf("taflbot db %s -h lists %s: %v, want %v:\n%s", cmd, f, got, want, help)
			}
		}
	}
	path, _ := newDB(t)
	_, _, err := runDBTest(t, "puzzles", "-db", path, "-o", "x")
	var ue usageError
	if !errors.As(err, &ue) || !strings.Contains(err.Error(), "flag provided but not defined: -o") {
		t.Errorf("puzzles -o: %v, want a usage error", err)
	}
}

// damageGame writes a record that does not decode ({"id":N}, no variant
// and no seats) over game id in the bbolt file at path.
func damageGame(t *testing.T, path string, id storage.GameID) {
	t.Helper()
	boltUpdate(t, path, func(tx *bolt.Tx) error {
		return tx.Bucket([]byte("games")).Put(binary.BigEndian.AppendUint64(nil, uint64(id)), fmt.Appendf(nil, `{"id":%d}`, id))
	})
}

// TestDBExportAndPuzzlesSkipADamagedGame: one game record that could not
// be read stopped the whole of db export and db puzzles ("storage: load
// game 0000000000000001: …", and no advice). They skip it, do the rest,
// and end with the games skipped, what to do and a non-zero exit.
func TestDBExportAndPuzzlesSkipADamagedGame(t *testing.T) {
	path, _ := dbWithWonPuzzleGame(t)
	damageGame(t, path, 1)
	advice := "run taflbot db check -db " + path + " to list every problem"

	out, errOut, err := runDBTest(t, "export", "-db", path, "-o", "-")
	if err == nil || !strings.Contains(err.Error(), "db export: skipped 1 game whose record could not be read (game 1; see above), and did the others") || !strings.Contains(err.Error(), advice) ||
		!strings.Contains(errOut, "skipped game 1: storage: game 1: ") || strings.Count(out, "[event:taflbot game ") != 3 {
		t.Errorf("export -o -: %v\nstdout:\n%s\nstderr:\n%s", err, out, errOut)
	}
	dir := filepath.Join(t.TempDir(), "records")
	out, _, err = runDBTest(t, "export", "-db", path, "-o", dir)
	files, _ := filepath.Glob(filepath.Join(dir, "*.otg"))
	if err == nil || !strings.Contains(out, "exported 3 games") || len(files) != 3 {
		t.Errorf("export -o DIR: %v %q, %d files", err, out, len(files))
	}

	out, errOut, err = runDBTest(t, "puzzles", "-db", path, "-budget", testMineBudget)
	if err == nil || !strings.Contains(err.Error(), "db puzzles: skipped 1 game whose record could not be read (game 1; see above), and did the others") || !strings.Contains(err.Error(), advice) ||
		!strings.Contains(errOut, "skipped game 1: ") || !strings.Contains(out, "4 games, 2 won; 1 puzzle found, 1 new") {
		t.Errorf("puzzles: %v\nstdout:\n%s\nstderr:\n%s", err, out, errOut)
	}
}

func TestDBSkippedGamesNamesEach(t *testing.T) {
	err := skippedError("export", "x.db", []storage.GameID{1, 5})
	if err == nil || !strings.Contains(err.Error(), "skipped 2 games whose records could not be read (games 1, 5; see above)") {
		t.Errorf("two skipped: %v", err)
	}
	if err := skippedError("export", "x.db", nil); err != nil {
		t.Errorf("none skipped: %v", err)
	}
}

// TestDBReadsABackupOfAnOlderSchema: the read-only db commands refused a
// bbolt file of an older schema ("open it read-write once (start taflbot)
// to migrate it"), so a backup taken before an upgrade could not be
// checked (step 2 of OPERATIONS.md's Restore), exported or copied. They
// read it through its migration, in a temporary copy, and leave it as
// it is.
func TestDBReadsABackupOfAnOlderSchema(t *testing.T) {
	dir := t.TempDir()
	path, original := schema2Copy(t, dir, "backup.db")
	t.Setenv("TMPDIR", t.TempDir())
	out, _, err := runDBTest(t, "check", "-db", path)
	if err != nil || !strings.Contains(out, "note: the file has the older schema version 2 ") || !strings.HasSuffix(out, "ok\n") {
		t.Fatalf("check: %v\n%s", err, out)
	}
	games := regexp.MustCompile(`: (\d+) games? `).FindStringSubmatch(out)
	if out, _, err := runDBTest(t, "export", "-db", path, "-o", "-"); err != nil || games == nil || fmt.Sprint(strings.Count(out, "[event:taflbot game ")) != games[1] {
		t.Errorf("export: %v (%v games in the check)\n%s", err, games, out)
	}
	if out, _, err := runDBTest(t, "copy", "-from", path, "-to", filepath.Join(dir, "copy.db")); err != nil || !strings.HasSuffix(out, "ok: both sides hold the same data\n") {
		t.Errorf("copy: %v\n%s", err, out)
	}
	if _, _, err := runDBTest(t, "backup", "-db", path, "-o", filepath.Join(dir, "again.db")); err != nil {
		t.Errorf("backup: %v", err)
	}
	if now, _ := os.ReadFile(path); !bytes.Equal(now, original) {
		t.Error("the file was changed")
	}
	if files, _ := filepath.Glob(filepath.Join(dir, "*.bak")); len(files) != 0 {
		t.Errorf("copied aside: %v", files)
	}
	// The backup of the backup is the file as it is: still schema 2,
	// which a check reads through the migration again.
	if out, _, err := runDBTest(t, "check", "-db", filepath.Join(dir, "again.db")); err != nil || !strings.Contains(out, "older schema version 2 ") {
		t.Errorf("check of the backup's backup: %v\n%s", err, out)
	}
	if files, _ := os.ReadDir(os.Getenv("TMPDIR")); len(files) != 0 {
		t.Errorf("temporary files left: %v", files)
	}
}

// TestDBRefusesAnExistingOutputAlike: backup and compact refuse an -o
// file that exists in the same words, under the command's name (compact
// said "storage: compact: X already exists"), and leave it as it was.
func TestDBRefusesAnExistingOutputAlike(t *testing.T) {
	path, _ := newDB(t)
	existing := filepath.Join(t.TempDir(), "existing.db")
	if err := os.WriteFile(existing, []byte("keep me"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, cmd := range []string{"backup", "compact"} {
		_, _, err := runDBTest(t, cmd, "-db", path, "-o", existing)
		want := "taflbot db " + cmd + ": " + existing + " already exists: choose a new file"
		if err == nil || err.Error() != want {
			t.Errorf("%s onto an existing file: %v, want %q", cmd, err, want)
		}
		if data, _ := os.ReadFile(existing); string(data) != "keep me" {
			t.Errorf("%s changed the existing file: %q", cmd, data)
		}
	}
}

// TestDBCompactSaysWhenNothingWasGained: compacting a file with free
// pages reports the smaller size; compacting one without (a backup, which
// bbolt writes without free pages) says it was already compact, rather
// than only a larger number (bbolt rounds a file's size up).
func TestDBCompactSaysWhenNothingWasGained(t *testing.T) {
	path, _ := newDB(t)
	boltUpdate(t, path, func(tx *bolt.Tx) error {
		b, err := tx.CreateBucket([]byte("junk"))
		for i := 0; err == nil && i < 500; i++ {
			err = b.Put([]byte(fmt.Sprint(i)), bytes.Repeat([]byte("x"), 4000))
		}
		return err
	})
	boltUpdate(t, path, func(tx *bolt.Tx) error { return tx.DeleteBucket([]byte("junk")) })
	dir := t.TempDir()
	compacted := filepath.Join(dir, "compacted.db")
	out, _, err := runDBTest(t, "compact", "-db", path, "-o", compacted)
	before, _ := os.Stat(path)
	after, _ := os.Stat(compacted)
	if err != nil || after == nil || after.Size() >= before.Size() {
		t.Fatalf("compact of a file with free pages: %v, %q", err, out)
	}
	if want := fmt.Sprintf("compacted %s (%d bytes) to %s (%d bytes)\n", path, before.Size(), compacted, after.Size()); out != want {
		t.Errorf("compact of a file with free pages said %q, want %q", out, want)
	}

	backup := filepath.Join(dir, "backup.db")
	if _, _, err := runDBTest(t, "backup", "-db", compacted, "-o", backup); err != nil {
		t.Fatal(err)
	}
	again := filepath.Join(dir, "again.db")
	out, _, err = runDBTest(t, "compact", "-db", backup, "-o", again)
	before, _ = os.Stat(backup)
	after, _ = os.Stat(again)
	if err != nil || after == nil || after.Size() < before.Size() {
		t.Fatalf("compact of a backup: %v, %q (the test needs a copy no smaller)", err, out)
	}
	want := fmt.Sprintf("compacted %s (%d bytes) to %s (%d bytes): %s was already compact (too little free space to leave out; bbolt rounds a file's size up to its next step), so the copy is no smaller and there is no need to use it\n",
		backup, before.Size(), again, after.Size(), backup)
	if out != want {
		t.Errorf("compact of a backup said %q, want %q", out, want)
	}
}

// TestDBCheckRebuildLeavesASoundOlderFileAsItIs: db check -rebuild-indexes
// opened the database for writing before checking it, so a file of an
// older schema with nothing to mend (a backup kept for an older taflbot)
// was migrated, and copied aside, without a word, after which that
// taflbot refused it; it checks read-only first and opens the file for
// writing only to rebuild wrong indexes, saying that it migrates it then.
func TestDBCheckRebuildLeavesASoundOlderFileAsItIs(t *testing.T) {
	dir := t.TempDir()
	path, original := schema2Copy(t, dir, "backup.db")
	out, _, err := runDBTest(t, "check", "-rebuild-indexes", "-db", path)
	if err != nil || !strings.Contains(out, "note: the file has the older schema version 2 ") || !strings.HasSuffix(out, "ok\n") || strings.Contains(out, "migrating") {
		t.Fatalf("check -rebuild-indexes of a sound file of schema 2: %v\n%s", err, out)
	}
	if now, _ := os.ReadFile(path); !bytes.Equal(now, original) {
		t.Error("the sound file of schema 2 was changed")
	}
	if files, _ := filepath.Glob(filepath.Join(dir, "*.bak")); len(files) != 0 {
		t.Errorf("copied aside: %v", files)
	}

	// A file of schema 7 (the buckets of schema 12 without those made
	// since) whose deadline index lacks its entry: migrated, then mended.
	path, _ = newDB(t)
	boltUpdate(t, path, func(tx *bolt.Tx) error {
		for _, b := range []string{"idx_open_challenges_by_user", "idx_games_to_mine", "idx_boards_due", "idx_finished_games_by_channel"} {
			if err := tx.DeleteBucket([]byte(b)); err != nil {
				return err
			}
		}
		idx := tx.Bucket([]byte("idx_deadlines"))
		k, _ := idx.Cursor().First()
		if k == nil {
			return errors.New("no deadline to break")
		}
		if err := idx.Delete(k); err != nil {
			return err
		}
		return tx.Bucket([]byte("meta")).Put([]byte("schema_version"), binary.BigEndian.AppendUint64(nil, 7))
	})
	// The copy of another file of schema 7 migrated there before is kept.
	if err := os.WriteFile(path+".schema7.bak", []byte("earlier copy"), 0o600); err != nil {
		t.Fatal(err)
	}
	out, _, err = runDBTest(t, "check", "-rebuild-indexes", "-db", path)
	want := fmt.Sprintf("migrating %s from schema version 7 to %d to rebuild its indexes (the file as it was: %s.schema7.2.bak)\n", path, storage.SchemaVersion, path)
	if err != nil || !strings.Contains(out, "problem: index idx_deadlines") || !strings.Contains(out, want) || !strings.HasSuffix(out, "indexes rebuilt; ok\n") {
		t.Fatalf("check -rebuild-indexes of a file of schema 7 with a broken index: %v\n%s", err, out)
	}
	if _, err := os.Stat(path + ".schema7.2.bak"); err != nil {
		t.Errorf("no copy before the migration: %v", err)
	}
	if b, _ := os.ReadFile(path + ".schema7.bak"); string(b) != "earlier copy" {
		t.Error("the earlier copy was overwritten")
	}
	if out, _, err := runDBTest(t, "check", "-db", path); err != nil || strings.Contains(out, "older schema") {
		t.Errorf("check after the rebuild: %v\n%s", err, out)
	}
}

// schema2Copy copies storage's bbolt file of schema version 2 to name in
// dir and returns its path and the file's bytes.
func schema2Copy(t *testing.T, dir, name string) (string, []byte) {
	t.Helper()
	original, err := os.ReadFile("../../storage/testdata/schema2.db")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, original, 0o600); err != nil {
		t.Fatal(err)
	}
	return path, original
}

// TestDBCheckFinishedGamesByChannelIndex: the index of the finished games
// by channel and thread (schema 12) is checked like the others: an entry
// missing is a problem named with its bucket, -rebuild-indexes makes it
// again, and the finished game is then found in its channel.
func TestDBCheckFinishedGamesByChannelIndex(t *testing.T) {
	path, games := newDB(t)
	var deleted [][]byte
	boltUpdate(t, path, func(tx *bolt.Tx) error {
		b := tx.Bucket([]byte("idx_finished_games_by_channel"))
		for k, _ := b.Cursor().First(); k != nil; k, _ = b.Cursor().First() {
			deleted = append(deleted, slices.Clone(k))
			if err := b.Delete(k); err != nil {
				return err
			}
		}
		return nil
	})
	if len(deleted) != 1 {
		t.Fatalf("deleting the finished games' index entries: %d deleted, want 1", len(deleted))
	}
	out, _, err := runDBTest(t, "check", "-db", path)
	if want := fmt.Sprintf("problem: index idx_finished_games_by_channel: entry missing %x\n", deleted[0]); err == nil || !strings.Contains(out, want) {
		t.Errorf("check: %v\n%s\nwant the line\n%s", err, out, want)
	}
	if out, _, err := runDBTest(t, "check", "-db", path, "-rebuild-indexes"); err != nil || !strings.HasSuffix(out, "indexes rebuilt; ok\n") {
		t.Errorf("rebuild: %v\n%s", err, out)
	}
	s, err := storage.Open(path, storage.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if gs, err := s.FinishedGamesInChannel(t.Context(), "200", 5); err != nil || len(gs) != 1 || gs[0].ID != games[2].ID {
		t.Errorf("finished games in the channel after the rebuild: %v, %v; want game %d", gs, err, games[2].ID)
	}
}
