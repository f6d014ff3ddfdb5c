package storage_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/taflbot/taflbot/storage"
	bolt "go.etcd.io/bbolt"
)

// populate fills a store with n games of a few moves each.
func populate(t testing.TB, s *storage.Store, n int) []storage.GameID {
	t.Helper()
	var ids []storage.GameID
	for i := range n {
		g, err := storage.NewGame("brandubh", "")
		if err != nil {
			t.Fatal(err)
		}
		g.GuildID, g.ChannelID, g.MoveTime = "g1", "c1", 24*time.Hour
		g.Attackers, g.Defenders = storage.Human("u"+string(rune('a'+i%5))), storage.Human("v"+string(rune('a'+i%7)))
		if err := s.CreateGame(t.Context(), g); err != nil {
			t.Fatal(err)
		}
		moves := g.Tafl().LegalMoves()
		if _, err := s.UpdateGame(t.Context(), g.ID, 0, func(g *storage.Game) error { _, err := g.Tafl().Play(moves[i%len(moves)]); return err }); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, g.ID)
	}
	return ids
}

func testReopenKeepsEverything(t *testing.T, b testBackend) {
	db := b.newDB(t)
	s, err := storage.Open(db, storage.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ids := populate(t, s, 5)
	before, _ := s.GetGame(t.Context(), ids[3])
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
	if _, err := s.GetGame(t.Context(), ids[0]); err == nil {
		t.Error("GetGame after Close succeeded")
	}
	if _, err := s.UpdateGame(t.Context(), ids[0], -1, func(*storage.Game) error { return nil }); !errors.Is(err, storage.ErrClosed) {
		t.Errorf("UpdateGame after Close: %v", err)
	}
	s = b.openAt(t, db, storage.Options{})
	after, err := s.GetGame(t.Context(), ids[3])
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(after.Moves(), before.Moves()) || after.ChannelID != before.ChannelID {
		t.Errorf("after reopening: %v, before %v", after.Moves(), before.Moves())
	}
	g := newHumanGame(t, "x", "y")
	if err := s.CreateGame(t.Context(), g); err != nil || g.ID != 6 {
		t.Errorf("ids continue after reopening: got %d, %v", g.ID, err)
	}
}

func TestSecondOpenIsRefused(t *testing.T) {
	path := filepath.Join(t.TempDir(), "taflbot.db")
	s, err := storage.Open(path, storage.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	start := time.Now()
	_, err = storage.Open(path, storage.Options{LockTimeout: 200 * time.Millisecond})
	if !errors.Is(err, storage.ErrInUse) || !strings.Contains(err.Error(), "in use by another taflbot") {
		t.Fatalf("second open: %v, want ErrInUse", err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("the second open took %v", d)
	}
}

func TestSchemaTooNew(t *testing.T) {
	path := filepath.Join(t.TempDir(), "taflbot.db")
	s, err := storage.Open(path, storage.Options{})
	if err != nil {
		t.Fatal(err)
	}
	populate(t, s, 1)
	s.Close()
	db, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	err = db.Update(func(tx *bolt.Tx) error {
		return tx.Bucket([]byte("meta")).Put([]byte("schema_version"), binary.BigEndian.AppendUint64(nil, storage.SchemaVersion+1))
	})
	db.Close()
	if err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(path)
	_, err = storage.Open(path, storage.Options{})
	if !errors.Is(err, storage.ErrSchemaTooNew) || !strings.Contains(err.Error(), "upgrade taflbot") {
		t.Fatalf("got %v, want ErrSchemaTooNew", err)
	}
	if after, _ := os.ReadFile(path); !bytes.Equal(before, after) {
		t.Error("the refused file was modified")
	}
}

// writeGarbage and friends make bad files; each must give ErrCorrupt and
// stay byte for byte as it was.
func TestBadFiles(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.db")
	s, err := storage.Open(good, storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	populate(t, s, 120)
	s.Close()
	goodBytes, err := os.ReadFile(good)
	if err != nil {
		t.Fatal(err)
	}
	if len(goodBytes) < 32<<10 {
		t.Fatalf("the sample database is only %d bytes", len(goodBytes))
	}
	otherBolt := filepath.Join(dir, "other.db")
	db, err := bolt.Open(otherBolt, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	db.Update(func(tx *bolt.Tx) error { _, err := tx.CreateBucket([]byte("widgets")); return err })
	db.Close()
	otherBytes, _ := os.ReadFile(otherBolt)

	cases := []struct {
		name string
		data []byte
	}{
		{"text file", bytes.Repeat([]byte("this is not a database\n"), 1000)},
		{"tiny file", []byte("hello")},
		// One to two pages: bbolt said only "file size too small 6756".
		{"text file of 6756 bytes", bytes.Repeat([]byte("not a database\n"), 1000)[:6756]},
		{"text file of 3000 bytes", bytes.Repeat([]byte("not a database\n"), 1000)[:3000]},
		{"truncated to half", goodBytes[:len(goodBytes)/2]},
		{"truncated to two pages", goodBytes[:8192]},
		{"meta pages zeroed", append(make([]byte, 8192), goodBytes[8192:]...)},
		{"another program's bbolt file", otherBytes},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "bad.db")
			if err := os.WriteFile(path, tc.data, 0o600); err != nil {
				t.Fatal(err)
			}
			s, err := storage.Open(path, storage.Options{LockTimeout: 100 * time.Millisecond})
			if err == nil {
				s.Close()
				t.Fatal("opened a bad file")
			}
			if !errors.Is(err, storage.ErrCorrupt) {
				t.Errorf("got %v, want ErrCorrupt", err)
			}
			// Once "storage:", and what to do (another program's file
			// said "storage: open …: storage: database is damaged …").
			if strings.Count(err.Error(), "storage:") != 1 || !strings.Contains(err.Error(), "restore a backup") {
				t.Errorf("the error %q does not say once what happened and what to do", err)
			}
			if after, _ := os.ReadFile(path); !bytes.Equal(after, tc.data) {
				t.Error("the bad file was modified")
			}
		})
	}
}

// TestDamagedPages overwrites data pages (not the meta pages): opening may
// work, but every call returns an error or a result, never a panic, and
// Check reports the damage.
func TestDamagedPages(t *testing.T) {
	// A compacted copy has no free pages, so every damaged page is in use.
	dir := t.TempDir()
	path := filepath.Join(dir, "taflbot.db")
	s, err := storage.Open(path, storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	ids := populate(t, s, 120)
	s.Close()
	compacted := filepath.Join(dir, "compacted.db")
	if err := storage.Compact(path, compacted, storage.Options{}); err != nil {
		t.Fatal(err)
	}
	sound, err := os.ReadFile(compacted)
	if err != nil {
		t.Fatal(err)
	}
	const page = 4096
	record := bytes.Index(sound[2*page:], []byte(`{"id":100,`)) + 2*page
	if record < 2*page {
		t.Fatal("game 100 not found in the file")
	}
	cases := []struct {
		name         string
		damage       func(data []byte)
		compactFails bool
	}{
		{"every third page", func(data []byte) {
			for p := 2; p*page < len(data); p += 3 {
				for i := p * page; i < (p+1)*page; i++ {
					data[i] = byte(i*7 + 3)
				}
			}
		}, true},
		{"header of a page of games", func(data []byte) {
			h := record / page * page
			for i := h; i < h+16; i++ {
				data[i] = 0xee
			}
		}, true},
		{"inside a game record", func(data []byte) { copy(data[record:], "{{{{{{{{") }, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			data := slices.Clone(sound)
			tc.damage(data)
			path := filepath.Join(t.TempDir(), "damaged.db")
			if err := os.WriteFile(path, data, 0o600); err != nil {
				t.Fatal(err)
			}
			s, err := storage.Open(path, storage.Options{})
			if err != nil {
				if !errors.Is(err, storage.ErrCorrupt) {
					t.Fatalf("open: %v, want ErrCorrupt", err)
				}
				t.Logf("open refused the damaged file: %v", err)
				return
			}
			defer s.Close()
			ctx := t.Context()
			failures := 0
			for _, id := range ids {
				if _, err := s.GetGame(ctx, id); err != nil {
					failures++
				}
			}
			if _, err := s.GamesByPlayer(ctx, "ua", storage.GameFilter{}); err != nil {
				failures++
			}
			rep, err := s.Check(ctx)
			t.Logf("%d failed reads; check: %v, %d problems", failures, err, len(rep.Problems))
			if failures == 0 || err == nil && rep.OK() {
				t.Errorf("damage went unnoticed: %d failed reads, check %v %v", failures, err, rep.Problems)
			}
			// Compact copies the pages it can walk: a damaged page is an
			// error (it was a panic that killed taflbot db compact, and
			// left the new file half written), and no new file is left.
			s.Close()
			out := filepath.Join(t.TempDir(), "compacted.db")
			err = storage.Compact(path, out, storage.Options{})
			if tc.compactFails && (!errors.Is(err, storage.ErrCorrupt) || !strings.Contains(err.Error(), "compact "+path+" to "+out) ||
				strings.Count(err.Error(), "storage:") != 1 || !strings.HasSuffix(err.Error(), "restore a backup")) {
				t.Errorf("compact of a file with damaged pages: %v, want ErrCorrupt", err)
			}
			if _, serr := os.Stat(out); err != nil && serr == nil {
				t.Errorf("the failed compact left %s behind", out)
			}
		})
	}
}

// testUndecodableRecord: a record that does not decode (the JSON cut
// short in bbolt; well-formed JSON of the wrong shape, all PostgreSQL can
// hold) and one whose moves are illegal are reported as ErrCorrupt naming
// the game, never played on, listed only as far as they go, and left
// untouched for a human to repair.
func testUndecodableRecord(t *testing.T, b testBackend) {
	db := b.newDB(t)
	s := b.openAt(t, db, storage.Options{})
	ids := populate(t, s, 3)
	s.Close()
	bad := map[storage.GameID]string{
		ids[0]: b.badGameRecord,
		ids[1]: `{"id":2,"variant":"copenhagen","attackers":{"user":"a"},"defenders":{"user":"b"},"moves":["a1-a2"],"result":"ongoing"}`,
	}
	for id, v := range bad {
		b.putRecord(t, db, "games", uint64(id), v)
	}
	s = b.openAt(t, db, storage.Options{})
	ctx := t.Context()
	for id := range bad {
		_, err := s.GetGame(ctx, id)
		if !errors.Is(err, storage.ErrCorrupt) || !strings.Contains(err.Error(), "game "+id.String()) {
			t.Errorf("game %d: %v, want ErrCorrupt naming the game", id, err)
		}
		if _, err := s.UpdateGame(ctx, id, -1, func(*storage.Game) error { return nil }); !errors.Is(err, storage.ErrCorrupt) {
			t.Errorf("update game %d: %v", id, err)
		}
	}
	if _, err := s.GetGame(ctx, ids[2]); err != nil {
		t.Errorf("a sound game next to bad ones: %v", err)
	}
	// Lists: the undecodable record is an error; the one with an illegal
	// move is listed (moves are replayed lazily) and replays up to it.
	if _, err := s.GamesByPlayer(ctx, "ua", storage.GameFilter{}); !errors.Is(err, storage.ErrCorrupt) {
		t.Errorf("listing a game that does not decode: %v", err)
	}
	if gs, err := s.GamesByPlayer(ctx, "ub", storage.GameFilter{}); err != nil || len(gs) != 1 {
		t.Errorf("listing a game with an illegal move: %v %v", err, gs)
	} else if gs[0].Tafl().Len() != 0 {
		t.Errorf("the illegal move was played: %v", gs[0].Tafl().Plies())
	}
	rep, err := s.Check(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Problems) < 2 {
		t.Errorf("check reported %v", rep.Problems)
	}
	// The bad records are still there, untouched, for a human to repair.
	s.Close()
	for id, v := range bad {
		if got := b.record(t, db, "games", uint64(id)); got != v {
			t.Errorf("game %d record changed to %q", id, got)
		}
	}
}

func testCheckFindsAndRebuildsIndexes(t *testing.T, b testBackend) {
	db := b.newDB(t)
	s := b.openAt(t, db, storage.Options{})
	populate(t, s, 4)
	s.Close()
	b.breakIndexes(t, db)
	s = b.openAt(t, db, storage.Options{})
	rep, err := s.Check(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Problems) != 2 || rep.Games != 4 || rep.ActiveGames != 4 {
		t.Fatalf("check: %+v", rep)
	}
	if err := s.RebuildIndexes(t.Context()); err != nil {
		t.Fatal(err)
	}
	if rep, err := s.Check(t.Context()); err != nil || !rep.OK() {
		t.Errorf("after rebuilding: %v %+v", err, rep)
	}
}

func TestBackupRestoreCompact(t *testing.T) {
	dir := t.TempDir()
	s, clk := newTestStore(t)
	ids := populate(t, s, 30)
	ctx := t.Context()
	var buf bytes.Buffer
	if _, err := s.Backup(ctx, &buf); err != nil {
		t.Fatal(err)
	}
	// Writes after the backup do not reach it.
	populate(t, s, 1)
	restored := filepath.Join(dir, "restored.db")
	if err := os.WriteFile(restored, buf.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
	r, err := storage.Open(restored, storage.Options{})
	if err != nil {
		t.Fatal(err)
	}
	want, _ := s.GetGame(ctx, ids[17])
	got, err := r.GetGame(ctx, ids[17])
	if err != nil || !slices.Equal(got.Moves(), want.Moves()) {
		t.Errorf("restored game: %v %v", err, got)
	}
	if _, err := r.GetGame(ctx, ids[len(ids)-1]+1); !errors.Is(err, storage.ErrNotFound) {
		t.Errorf("a game written after the backup: %v", err)
	}
	if rep, err := r.Check(ctx); err != nil || !rep.OK() || rep.Games != 30 {
		t.Errorf("check of the backup: %v %+v", err, rep)
	}
	r.Close()

	compacted := filepath.Join(dir, "compacted.db")
	if err := storage.Compact(restored, compacted, storage.Options{}); err != nil {
		t.Fatal(err)
	}
	if err := storage.Compact(restored, compacted, storage.Options{}); err == nil {
		t.Error("compact overwrote an existing file")
	}
	c, err := storage.Open(compacted, storage.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	if rep, err := c.Check(ctx); err != nil || !rep.OK() || rep.Games != 30 {
		t.Errorf("check of the compacted copy: %v %+v", err, rep)
	}
	if _, err := c.UpdateGame(ctx, ids[0], -1, func(*storage.Game) error { return nil }); !errors.Is(err, storage.ErrReadOnly) {
		t.Errorf("write to a read-only store: %v", err)
	}
	c.Close()

	// Scheduled backups keep the newest 3 and leave other files alone.
	bdir := filepath.Join(dir, "backups")
	os.MkdirAll(bdir, 0o700)
	os.WriteFile(filepath.Join(bdir, "notes.txt"), []byte("keep me"), 0o600)
	var paths []string
	for range 5 {
		p, err := s.BackupNow(ctx, bdir, 3)
		if err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
		clk.Advance(time.Hour)
	}
	entries, _ := os.ReadDir(bdir)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	wantNames := []string{"notes.txt", filepath.Base(paths[2]), filepath.Base(paths[3]), filepath.Base(paths[4])}
	if !slices.Equal(names, wantNames) {
		t.Errorf("backup folder %v, want %v", names, wantNames)
	}
	if !strings.HasPrefix(filepath.Base(paths[0]), "taflbot-20260301T") {
		t.Errorf("backup name %s", paths[0])
	}
}

func TestRunBackupsStopsWithContext(t *testing.T) {
	s, _ := newTestStore(t)
	populate(t, s, 2)
	dir := filepath.Join(t.TempDir(), "b")
	ctx, cancel := context.WithCancel(t.Context())
	reported := make(chan string, 1)
	done := make(chan error)
	go func() {
		done <- s.RunBackups(ctx, storage.BackupSchedule{Dir: dir, Every: time.Hour, Keep: 2}, func(path string, err error) {
			if err != nil {
				t.Error(err)
			}
			reported <- path
		})
	}()
	path := <-reported
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Errorf("RunBackups returned %v", err)
	}
	r, err := storage.Open(path, storage.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if rep, err := r.Check(t.Context()); err != nil || rep.Games != 2 {
		t.Errorf("the scheduled backup: %v %+v", err, rep)
	}
}

// testListedGamesMatchLoaded: the list methods decode games without
// replaying them; what they report must equal the fully loaded game, and
// Tafl must replay to the same position.
func testListedGamesMatchLoaded(t *testing.T, b testBackend) {
	db := b.newDB(t)
	s, err := storage.Open(db, storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	ids := populate(t, s, 6)
	ctx := t.Context()
	for i, id := range ids[:3] {
		_, err := s.UpdateGame(ctx, id, -1, func(g *storage.Game) error {
			if i == 0 {
				return g.Tafl().Resign(g.Tafl().ToMove())
			}
			moves := g.Tafl().LegalMoves()
			_, err := g.Tafl().Play(moves[len(moves)/2])
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	s.Close()
	for _, cache := range []int{-1, 0} {
		s, err := storage.Open(db, storage.Options{GameCache: cache})
		if err != nil {
			t.Fatal(err)
		}
		var listed []*storage.Game
		for _, u := range []string{"ua", "ub", "uc", "ud", "ue"} {
			gs, err := s.GamesByPlayer(ctx, u, storage.GameFilter{})
			if err != nil {
				t.Fatal(err)
			}
			listed = append(listed, gs...)
		}
		if len(listed) != len(ids) {
			t.Fatalf("listed %d games, want %d", len(listed), len(ids))
		}
		for _, l := range listed {
			full, err := s.GetGame(ctx, l.ID)
			if err != nil {
				t.Fatal(err)
			}
			got := []any{l.Ply(), l.Moves(), l.Outcome(), l.Active(), l.ToMove(), l.SideOf("ua"), l.SideOf("va")}
			want := []any{full.Ply(), full.Moves(), full.Outcome(), full.Active(), full.ToMove(), full.SideOf("ua"), full.SideOf("va")}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("cache %d, game %d: listed %v, loaded %v", cache, l.ID, got, want)
			}
			if l.Tafl().Position().Record() != full.Tafl().Position().Record() || l.Tafl().Outcome() != full.Outcome() {
				t.Errorf("game %d: the listed game replays differently", l.ID)
			}
		}
		s.Close()
	}
}

// TestEmptyFileIsRefused: an existing 0-byte file (a failed copy, a full
// disk) is not taken for a new database: Open refuses it, says how to
// start afresh, and leaves it as it is.
func TestEmptyFileIsRefused(t *testing.T) {
	path := filepath.Join(t.TempDir(), "taflbot.db")
	if err := os.WriteFile(path, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, ro := range []bool{false, true} {
		_, err := storage.Open(path, storage.Options{ReadOnly: ro})
		if !errors.Is(err, storage.ErrCorrupt) || !strings.Contains(err.Error(), "empty") || !strings.Contains(err.Error(), "delete the empty file") {
			t.Errorf("read-only %v: %v, want a refusal that says how to start afresh", ro, err)
		}
	}
	if fi, err := os.Stat(path); err != nil || fi.Size() != 0 {
		t.Errorf("the empty file was changed: %v %v", fi, err)
	}
}

// TestFolderIsRefused: a database path that is a folder is refused with
// what to give instead (it said only "it is a directory, not a database
// file"), and the folder is left as it is.
func TestFolderIsRefused(t *testing.T) {
	dir := t.TempDir()
	_, err := storage.Open(dir, storage.Options{})
	want := "it is a folder, not a database file: give the path of a file, such as \"" + filepath.Join(dir, "taflbot.db") + "\" (taflbot creates it)"
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("Open(a folder): %v, want %s", err, want)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("the folder was changed: %v", entries)
	}
}

// TestTruncatedAnywhereIsRefused cuts a database at every page boundary:
// shorter than its header says, Open refuses it with ErrCorrupt (bbolt
// would read the missing pages through its memory map and the process
// would die of SIGBUS or SIGSEGV); long enough, it opens.
func TestTruncatedAnywhereIsRefused(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.db")
	s, err := storage.Open(good, storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	populate(t, s, 150)
	s.Close()
	data, err := os.ReadFile(good)
	if err != nil {
		t.Fatal(err)
	}
	// The meta page with the higher transaction id says how many pages
	// the data needs (offsets: page header 16, then magic 0, page size 8,
	// pgid 40, txid 48).
	le := binary.LittleEndian
	pageSize := int(le.Uint32(data[16+8:]))
	need := 0
	var txid uint64
	for _, off := range []int{0, pageSize} {
		m := data[off+16:]
		if tx := le.Uint64(m[48:]); tx >= txid {
			txid, need = tx, int(le.Uint64(m[40:]))*pageSize
		}
	}
	if need <= 4*pageSize || need > len(data) {
		t.Fatalf("%d bytes needed of %d", need, len(data))
	}
	path := filepath.Join(dir, "cut.db")
	for cut := 2 * pageSize; cut <= len(data); cut += pageSize {
		os.Remove(path)
		if err := os.WriteFile(path, data[:cut], 0o600); err != nil {
			t.Fatal(err)
		}
		s, err := storage.Open(path, storage.Options{NoSync: true})
		switch {
		case cut < need && !errors.Is(err, storage.ErrCorrupt):
			t.Errorf("cut at %d of %d needed bytes: %v, want ErrCorrupt", cut, need, err)
		case cut >= need && err != nil:
			t.Errorf("cut at %d (%d needed): %v", cut, need, err)
		}
		if err == nil {
			s.Close()
		}
	}
}

// TestOpenInAMissingFolder: a database path whose folder does not exist
// names the folder and says what to do (it said "open X: open X: no such
// file or directory"), and creates nothing.
func TestOpenInAMissingFolder(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "data")
	path := filepath.Join(dir, "taflbot.db")
	_, err := storage.Open(path, storage.Options{})
	want := "storage: open " + path + ": the folder " + dir + " does not exist: create it, or give a database path in a folder that does"
	if err == nil || err.Error() != want {
		t.Errorf("err = %v, want %s", err, want)
	}
	if _, err := os.Stat(dir); err == nil {
		t.Errorf("%s was created", dir)
	}
}

// TestBackupIntoAMissingFolder: a backup whose folder does not exist
// names the folder (it said "open DIR/.NAME.tmp123: no such file or
// directory", a temporary file the operator never asked for).
func TestBackupIntoAMissingFolder(t *testing.T) {
	s, err := storage.Open(filepath.Join(t.TempDir(), "taflbot.db"), storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	dir := filepath.Join(t.TempDir(), "missing")
	out := filepath.Join(dir, "b.db")
	err = s.BackupFile(t.Context(), out)
	if want := "storage: backup to " + out + ": the folder " + dir + " does not exist: create it, or write the backup elsewhere"; err == nil || err.Error() != want {
		t.Errorf("err = %v, want %s", err, want)
	}
}

// TestCompactErrorsSayStorageOnce: compact's errors read once, naming the
// file ("storage: compact: storage: open …"), and a copy into a missing
// folder says what to do as a backup's does.
func TestCompactErrorsSayStorageOnce(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "taflbot.db")
	s, err := storage.Open(src, storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	missing := filepath.Join(dir, "missing")
	for _, c := range []struct{ src, dst, want string }{
		{src, filepath.Join(missing, "c.db"), "storage: compact to " + filepath.Join(missing, "c.db") + ": the folder " + missing + " does not exist: create it, or write the copy elsewhere"},
		{filepath.Join(missing, "taflbot.db"), filepath.Join(dir, "c.db"), "storage: open " + filepath.Join(missing, "taflbot.db") + ": no such database file"},
	} {
		if err := storage.Compact(c.src, c.dst, storage.Options{}); err == nil || err.Error() != c.want {
			t.Errorf("compact %s to %s: %v, want %s", c.src, c.dst, err, c.want)
		}
	}
}

// TestNoCreate: with Options.NoCreate, Open refuses a missing file with
// ErrNoSchema and creates none; without it, it creates the database.
func TestNoCreate(t *testing.T) {
	path := filepath.Join(t.TempDir(), "typo.db")
	if _, err := storage.Open(path, storage.Options{NoCreate: true}); !errors.Is(err, storage.ErrNoSchema) || !strings.Contains(err.Error(), "none was created") {
		t.Errorf("NoCreate on a missing file: %v, want ErrNoSchema", err)
	}
	if _, err := os.Stat(path); err == nil {
		t.Fatal("NoCreate created the file")
	}
	s, err := storage.Open(path, storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	s, err = storage.Open(path, storage.Options{NoSync: true, NoCreate: true})
	if err != nil {
		t.Fatalf("NoCreate on a taflbot database: %v", err)
	}
	s.Close()
}

// TestOpenRefusesKeywordConnString: a PostgreSQL connection string of
// keywords, as psql takes, was taken for the name of a bbolt file, which
// was created (its name holding the password) and run on instead of the
// PostgreSQL database; it is refused, without repeating the password.
func TestOpenRefusesKeywordConnString(t *testing.T) {
	t.Chdir(t.TempDir())
	for _, db := range []string{"host=localhost user=taflbot password=pw-secret dbname=taflbot", "dbname=taflbot"} {
		s, err := storage.Open(db, storage.Options{})
		if err == nil {
			s.Close()
		}
		if err == nil || !strings.Contains(err.Error(), "connection string of keywords") || strings.Contains(err.Error(), "pw-secret") {
			t.Errorf("Open(%q): %v, want a refusal that does not repeat the password", db, err)
		}
		if _, serr := os.Stat(db); serr == nil {
			t.Errorf("Open(%q) created a file of that name", db)
		}
	}
	for _, path := range []string{"taflbot.db", "data/a=b.db", "my games.db", "backups/taflbot-20260301T120000Z.db"} {
		if storage.IsKeywordConnString(path) {
			t.Errorf("IsKeywordConnString(%q) is true: a file path", path)
		}
	}
}
