package storage_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/taflbot/taflbot/storage"
)

func backupNames(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), "taflbot-") {
			out = append(out, strings.TrimSuffix(strings.TrimPrefix(e.Name(), "taflbot-"), ".db"))
		}
	}
	return out
}

// TestBackupRetentionByAge: a burst of backups (eight restarts a second
// apart) does not delete the older history: besides the newest Keep,
// the newest backup of each of the last 7 days and of each of the last 5
// weeks stays; older ones go.
func TestBackupRetentionByAge(t *testing.T) {
	s, clk := newTestStore(t)
	populate(t, s, 2)
	ctx := t.Context()
	dir := filepath.Join(t.TempDir(), "backups")
	// 2026-03-01 is a Sunday. A daily backup for 60 days…
	for range 60 {
		if _, err := s.BackupNow(ctx, dir, 3); err != nil {
			t.Fatal(err)
		}
		clk.Advance(24 * time.Hour)
	}
	// …then eight restarts a second apart, each writing one.
	for range 8 {
		if _, err := s.BackupNow(ctx, dir, 3); err != nil {
			t.Fatal(err)
		}
		clk.Advance(time.Second)
	}
	got := backupNames(t, dir)
	want := []string{
		// the newest of each ISO week of the last five weeks (Sundays)
		"20260329T120000Z", "20260405T120000Z", "20260412T120000Z", "20260419T120000Z",
		// the newest of each of the last seven days
		"20260424T120000Z", "20260425T120000Z", "20260426T120000Z", "20260427T120000Z", "20260428T120000Z", "20260429T120000Z",
		// today's: the newest 3 (the newest of the day and week among them)
		"20260430T120005Z", "20260430T120006Z", "20260430T120007Z",
	}
	if !slices.Equal(got, want) {
		t.Errorf("kept\n%v\nwant\n%v", got, want)
	}
}

// TestRunBackupsFreshWaits: for a database this start created (Fresh),
// RunBackups writes no backup at once (there is nothing in it to back
// up; a start that failed then left a backup of it behind, and the
// folder), but after the interval.
func TestRunBackupsFreshWaits(t *testing.T) {
	s, _ := newTestStore(t)
	dir := filepath.Join(t.TempDir(), "backups")
	rctx, cancel := context.WithCancel(t.Context())
	done := make(chan error)
	wrote := make(chan string, 10)
	go func() {
		done <- s.RunBackups(rctx, storage.BackupSchedule{Dir: dir, Every: time.Hour, Fresh: true}, func(p string, err error) { wrote <- p })
	}()
	time.Sleep(300 * time.Millisecond)
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Fatal(err)
	}
	if len(wrote) != 0 {
		t.Errorf("a backup of a new database was written at start: %s", <-wrote)
	}
	if _, err := os.Stat(dir); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the backup folder was made at start: %v", err)
	}
}

// TestRunBackupsSkipsRecentAndCleansTemps: at start RunBackups deletes the
// temporary files of interrupted backups (older than an hour) and writes
// no backup while the newest is younger than the interval.
func TestRunBackupsSkipsRecentAndCleansTemps(t *testing.T) {
	s, clk := newTestStore(t)
	populate(t, s, 2)
	ctx := t.Context()
	dir := filepath.Join(t.TempDir(), "backups")
	if _, err := s.BackupNow(ctx, dir, 3); err != nil {
		t.Fatal(err)
	}
	stale := filepath.Join(dir, ".taflbot-20260301T110000Z.db.tmp123")
	fresh := filepath.Join(dir, ".taflbot-20260301T115959Z.db.tmp456")
	other := filepath.Join(dir, ".notes.tmp789")
	for _, p := range []string{stale, fresh, other} {
		if err := os.WriteFile(p, []byte("partial"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	old := time.Now().Add(-2 * time.Hour)
	os.Chtimes(stale, old, old)
	os.Chtimes(other, old, old)
	clk.Advance(10 * time.Minute)
	rctx, cancel := context.WithCancel(ctx)
	done := make(chan error)
	wrote := make(chan string, 10)
	go func() {
		done <- s.RunBackups(rctx, storage.BackupSchedule{Dir: dir, Every: time.Hour, Keep: 3}, func(p string, err error) { wrote <- p })
	}()
	time.Sleep(300 * time.Millisecond)
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Fatal(err)
	}
	if len(wrote) != 0 {
		t.Errorf("a backup was written at start although one is 10 minutes old: %s", <-wrote)
	}
	if got := backupNames(t, dir); len(got) != 1 {
		t.Errorf("backups %v, want the one", got)
	}
	if _, err := os.Stat(stale); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the stale temporary file is still there: %v", err)
	}
	for _, p := range []string{fresh, other} {
		if _, err := os.Stat(p); err != nil {
			t.Errorf("%s was deleted: %v", filepath.Base(p), err)
		}
	}
	// With the newest backup older than the interval, one is written at once.
	clk.Advance(time.Hour)
	rctx, cancel = context.WithCancel(ctx)
	go func() {
		done <- s.RunBackups(rctx, storage.BackupSchedule{Dir: dir, Every: time.Hour, Keep: 3}, func(p string, err error) { wrote <- p })
	}()
	select {
	case p := <-wrote:
		if !strings.HasSuffix(p, "taflbot-20260301T131000Z.db") {
			t.Errorf("wrote %s", p)
		}
	case <-time.After(10 * time.Second):
		t.Error("no backup written at start with the newest an hour and 10 minutes old")
	}
	cancel()
	<-done
}
