package storage

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	bolt "go.etcd.io/bbolt"
)

// Backup writes a consistent copy of the whole database to w while the
// Store stays in use (a bbolt read transaction: writers are not blocked).
// It returns the number of bytes written.
func (s *Store) Backup(ctx context.Context, w io.Writer) (int64, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	b, err := s.bolt("backup")
	if err != nil {
		return 0, err
	}
	var n int64
	err = b.boltView(func(tx *bolt.Tx) error {
		var err error
		n, err = tx.WriteTo(ctxWriter{ctx, w})
		return err
	})
	if err != nil {
		return n, fmt.Errorf("storage: backup: %w", err)
	}
	return n, nil
}

// bolt returns the bbolt backend, or an error saying how to do what
// on PostgreSQL.
func (s *Store) bolt(what string) (*boltBackend, error) {
	if b, ok := s.b.(*boltBackend); ok {
		return b, nil
	}
	return nil, fmt.Errorf("storage: %s is for bbolt files; back up a PostgreSQL database with pg_dump, and let PostgreSQL reclaim space itself (see docs/SCALING.md)", what)
}

// ctxWriter stops a long copy when ctx ends.
type ctxWriter struct {
	ctx context.Context
	w   io.Writer
}

func (c ctxWriter) Write(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.w.Write(p)
}

// BackupFile writes a backup to path: to a temporary file in the same
// folder, synced, then renamed, so path is either absent or complete.
func (s *Store) BackupFile(ctx context.Context, path string) error {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return fmt.Errorf("storage: backup: %w", err)
	}
	tmp := f.Name()
	_, err = s.Backup(ctx, f)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("storage: backup to %s: %w", path, err)
	}
	return nil
}

// BackupSchedule configures [Store.RunBackups].
type BackupSchedule struct {
	Dir   string        // Dir is the folder for backups (created if missing).
	Every time.Duration // Every is the time between backups (at least a minute; default 6h).
	Keep  int           // Keep is how many backups to keep (default 7); older ones are deleted.
}

// backupPrefix and backupSuffix frame the backup files' names:
// taflbot-20260102T150405Z.db. Only such files are ever deleted.
const (
	backupPrefix = "taflbot-"
	backupSuffix = ".db"
	backupStamp  = "20060102T150405Z"
)

// RunBackups writes a backup into sch.Dir at once and then every
// sch.Every until ctx ends, deleting all but the newest sch.Keep backup
// files. Each attempt's result goes to report (may be nil): the path
// written, or an error (a failed attempt is retried at the next tick).
// It returns ctx.Err() when ctx ends. Run it in its own goroutine.
func (s *Store) RunBackups(ctx context.Context, sch BackupSchedule, report func(path string, err error)) error {
	if sch.Every <= 0 {
		sch.Every = 6 * time.Hour
	}
	sch.Every = max(sch.Every, time.Minute)
	if sch.Keep <= 0 {
		sch.Keep = 7
	}
	if report == nil {
		report = func(string, error) {}
	}
	t := time.NewTicker(sch.Every)
	defer t.Stop()
	for {
		path, err := s.BackupNow(ctx, sch.Dir, sch.Keep)
		if ctx.Err() != nil {
			return ctx.Err()
		}
		report(path, err)
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-t.C:
		}
	}
}

// BackupNow writes one backup into dir, named after the current time,
// then deletes all but the newest keep backup files there (keep <= 0:
// none deleted). It returns the new file's path.
func (s *Store) BackupNow(ctx context.Context, dir string, keep int) (string, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", fmt.Errorf("storage: backup: %w", err)
	}
	name := backupPrefix + s.now().UTC().Format(backupStamp) + backupSuffix
	path := filepath.Join(dir, name)
	if _, err := os.Stat(path); err == nil {
		return "", fmt.Errorf("storage: backup: %s already exists (backups less than a second apart)", path)
	}
	if err := s.BackupFile(ctx, path); err != nil {
		return "", err
	}
	if keep > 0 {
		if err := pruneBackups(dir, keep); err != nil {
			return path, err
		}
	}
	return path, nil
}

// pruneBackups deletes all but the newest keep backup files in dir.
func pruneBackups(dir string, keep int) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return fmt.Errorf("storage: prune backups: %w", err)
	}
	var names []string
	for _, e := range entries {
		n := e.Name()
		stamp, ok := strings.CutPrefix(n, backupPrefix)
		stamp, ok2 := strings.CutSuffix(stamp, backupSuffix)
		if !ok || !ok2 || !e.Type().IsRegular() {
			continue
		}
		if _, err := time.Parse(backupStamp, stamp); err == nil {
			names = append(names, n)
		}
	}
	slices.Sort(names) // the stamps sort by time
	var errs []error
	for len(names) > keep {
		if err := os.Remove(filepath.Join(dir, names[0])); err != nil {
			errs = append(errs, err)
		}
		names = names[1:]
	}
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("storage: prune backups: %w", err)
	}
	return nil
}

// Compact copies the closed database src into a new file dst, leaving
// out free pages, so dst may be much smaller. dst must not exist. src is
// only read; stop taflbot first (src's lock is needed, see ErrInUse).
func Compact(src, dst string, opts Options) error {
	if IsPostgres(src) || IsPostgres(dst) {
		return errors.New("storage: compact is for bbolt files; PostgreSQL reclaims space itself (VACUUM)")
	}
	if _, err := os.Stat(dst); err == nil {
		return fmt.Errorf("storage: compact: %s already exists: choose a new file", dst)
	}
	ro := opts
	ro.ReadOnly = true
	in, err := Open(src, ro)
	if err != nil {
		return fmt.Errorf("storage: compact: %w", err)
	}
	defer in.Close()
	out, err := openBolt(dst, Options{LockTimeout: time.Second})
	if err != nil {
		return fmt.Errorf("storage: compact: %w", err)
	}
	b, err := in.bolt("compact")
	if err == nil {
		err = bolt.Compact(out, b.db, 64<<20)
	}
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(dst)
		return fmt.Errorf("storage: compact %s to %s: %w", src, dst, err)
	}
	return nil
}
