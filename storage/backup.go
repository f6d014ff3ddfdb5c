package storage

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
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
	// The file as it is: one of an older schema opened read-only is
	// written in that schema, not migrated (see readOlderSchema).
	err = b.file().View(func(tx *bolt.Tx) error {
		return safeCall(func(tx *bolt.Tx) error {
			var err error
			n, err = tx.WriteTo(ctxWriter{ctx, w})
			return err
		}, tx)
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
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+tmpMarker+"*")
	if errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("storage: backup to %s: the folder %s does not exist: create it, or write the backup elsewhere", path, filepath.Dir(path))
	}
	if err != nil {
		return fmt.Errorf("storage: backup to %s: %w", path, err)
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
	// Keep is how many of the newest backups are always kept (default 7).
	// Older ones are kept too while they are the newest of their day
	// within the last week or of their week within the last five weeks;
	// the rest are deleted. See [Store.BackupNow].
	Keep int
	// Fresh says that this start created the database: it holds nothing
	// worth a backup yet, so the first is due after Every rather than at
	// once (and a start that then fails leaves no backup of it behind).
	Fresh bool
}

// backupPrefix and backupSuffix frame the backup files' names:
// taflbot-20260102T150405Z.db. Only such files, and the temporary files
// of interrupted backups (.taflbot-….db.tmp…), are ever deleted.
const (
	backupPrefix = "taflbot-"
	backupSuffix = ".db"
	backupStamp  = "20060102T150405Z"
	tmpMarker    = ".tmp"
)

// The retention beyond the newest Keep backups, and the age of a
// temporary file from an interrupted backup that is deleted.
const (
	keepDays   = 7
	keepWeeks  = 5
	staleAfter = time.Hour
)

// RunBackups writes a backup into sch.Dir every sch.Every until ctx ends,
// pruning old ones by age (see [Store.BackupNow]). The first is written
// at once, unless the folder holds a backup younger than sch.Every (then
// it is due when that one is sch.Every old, so that restarts do not each
// add a backup) or the database is new (sch.Fresh: then it is due after
// sch.Every at most). Temporary files left by interrupted backups are deleted
// first. Each attempt's result goes to report (may be nil): the path
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
	wait := time.Duration(0)
	if sch.Fresh {
		wait = sch.Every
	}
	if list, err := listBackups(sch.Dir); err == nil {
		removeStaleTemps(sch.Dir)
		now := s.now()
		for _, b := range list {
			if !b.at.After(now) && now.Sub(b.at) < sch.Every {
				wait = sch.Every - now.Sub(b.at) // the newest such, listed last
			}
		}
	}
	t := time.NewTimer(wait)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-t.C:
		}
		path, err := s.BackupNow(ctx, sch.Dir, sch.Keep)
		if ctx.Err() != nil {
			return ctx.Err()
		}
		report(path, err)
		t.Reset(sch.Every)
	}
}

// BackupNow writes one backup into dir, named after the current time,
// then prunes the backups there by age (keep <= 0: none deleted): it
// keeps the newest keep backups, the newest backup of each day of the
// last 7 days and of each week (ISO weeks) of the last 5 weeks, and any
// dated in the future; it deletes the other backup files and temporary
// files of interrupted backups older than an hour. It returns the new
// file's path.
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
		if err := pruneBackups(dir, keep, s.now()); err != nil {
			return path, err
		}
	}
	return path, nil
}

// backupFile is one backup in the folder.
type backupFile struct {
	name string
	at   time.Time
}

// listBackups returns the backup files in dir, oldest first.
func listBackups(dir string) ([]backupFile, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var out []backupFile
	for _, e := range entries {
		n := e.Name()
		stamp, ok := strings.CutPrefix(n, backupPrefix)
		stamp, ok2 := strings.CutSuffix(stamp, backupSuffix)
		if !ok || !ok2 || !e.Type().IsRegular() {
			continue
		}
		if at, err := time.Parse(backupStamp, stamp); err == nil {
			out = append(out, backupFile{n, at})
		}
	}
	slices.SortFunc(out, func(a, b backupFile) int { return a.at.Compare(b.at) })
	return out, nil
}

// keptBackups returns the names of the backups the retention keeps.
func keptBackups(list []backupFile, keep int, now time.Time) map[string]bool {
	kept := map[string]bool{}
	for _, b := range list[max(0, len(list)-keep):] {
		kept[b.name] = true
	}
	days, weeks := map[string]bool{}, map[string]bool{}
	for i := len(list) - 1; i >= 0; i-- { // newest first
		b := list[i]
		age := now.Sub(b.at)
		if age < 0 {
			kept[b.name] = true // dated in the future: the clock moved; leave it
			continue
		}
		if day := b.at.UTC().Format("2006-01-02"); age < keepDays*24*time.Hour && !days[day] {
			days[day], kept[b.name] = true, true
		}
		y, w := b.at.UTC().ISOWeek()
		if week := fmt.Sprint(y, "-", w); age < keepWeeks*7*24*time.Hour && !weeks[week] {
			weeks[week], kept[b.name] = true, true
		}
	}
	return kept
}

// pruneBackups deletes the backups in dir that the retention does not
// keep, and stale temporary files.
func pruneBackups(dir string, keep int, now time.Time) error {
	list, err := listBackups(dir)
	if err != nil {
		return fmt.Errorf("storage: prune backups: %w", err)
	}
	kept := keptBackups(list, keep, now)
	var errs []error
	for _, b := range list {
		if !kept[b.name] {
			if err := os.Remove(filepath.Join(dir, b.name)); err != nil {
				errs = append(errs, err)
			}
		}
	}
	errs = append(errs, removeStaleTemps(dir))
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("storage: prune backups: %w", err)
	}
	return nil
}

// removeStaleTemps deletes the temporary files of backups (named by
// BackupFile: "." + backup name + ".tmp" + random) last changed over an
// hour ago (by the file system's clock): a crash or kill left them.
func removeStaleTemps(dir string) error {
	now := time.Now()
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	var errs []error
	for _, e := range entries {
		n := e.Name()
		if !strings.HasPrefix(n, "."+backupPrefix) || !strings.Contains(n, backupSuffix+tmpMarker) || !e.Type().IsRegular() {
			continue
		}
		fi, err := e.Info()
		if err != nil || now.Sub(fi.ModTime()) < staleAfter {
			continue
		}
		if err := os.Remove(filepath.Join(dir, n)); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// compactSafely runs bolt.Compact, turning a panic or memory fault on a
// damaged page of src into ErrCorrupt (bolt.Compact's transactions roll
// back as the panic passes, so both files can be closed).
func compactSafely(dst, src *bolt.DB) (err error) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%w: %v", ErrCorrupt, r)
		}
	}()
	return bolt.Compact(dst, src, 64<<20)
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
	// Open's errors name the file and say what to do ("storage: open …").
	in, err := Open(src, ro)
	if err != nil {
		return err
	}
	defer in.Close()
	if _, err := os.Stat(filepath.Dir(dst)); errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("storage: compact to %s: the folder %s does not exist: create it, or write the copy elsewhere", dst, filepath.Dir(dst))
	}
	out, err := openBolt(dst, Options{LockTimeout: time.Second})
	if err != nil {
		return err
	}
	b, err := in.bolt("compact")
	if err == nil {
		err = compactSafely(out, b.file()) // as it is, in its own schema
	}
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(dst)
		if errors.Is(err, ErrCorrupt) {
			why := strings.TrimPrefix(err.Error(), ErrCorrupt.Error()+": ")
			return fmt.Errorf("%w: compact %s to %s: %s; taflbot db check -db %s says what is damaged: restore a backup", ErrCorrupt, src, dst, why, src)
		}
		return fmt.Errorf("storage: compact %s to %s: %w", src, dst, err)
	}
	return nil
}
