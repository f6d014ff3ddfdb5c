package storage

import (
	"context"
	"errors"
	"fmt"
	"os"
	"runtime/debug"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	bolt "go.etcd.io/bbolt"
	berrors "go.etcd.io/bbolt/errors"
)

// Options configure [Open]. The zero value is ready to use.
type Options struct {
	// LockTimeout is how long Open waits for another process to release
	// the file before failing with ErrInUse. Default 2s.
	LockTimeout time.Duration

	// ReadOnly opens the file shared and read-only (for `taflbot db`
	// check, backup and export while nothing writes). Writes fail with
	// ErrReadOnly; an old schema is not migrated.
	ReadOnly bool

	// NoSync skips fsync after each commit. It loses data on a crash:
	// only for tests and benchmarks.
	NoSync bool

	// MaxBatch caps how many writes share one transaction. Default 256.
	MaxBatch int

	// GameCache is how many decoded games to keep in memory, to spare
	// replaying their moves on every load. Default 1024; negative: none.
	GameCache int

	// Now is the clock used for timestamps, deadlines and expiry.
	// Default time.Now.
	Now func() time.Time
}

// Store is an open taflbot database. It is safe for concurrent use.
type Store struct {
	db       *bolt.DB
	path     string
	now      func() time.Time
	maxBatch int
	readOnly bool
	cache    *gameCache

	gameReads atomic.Uint64 // game records read (see GameReads)

	writes    chan *writeReq
	quit      chan struct{}
	done      chan struct{}
	closeOnce sync.Once
	closeErr  error
}

// Open opens (creating if needed) the database at path. A missing file is
// created with the current schema; an older schema is migrated after the
// file is copied to path+".schema<N>.bak"; a newer schema fails with
// [ErrSchemaTooNew]; a file another process holds fails with [ErrInUse]
// after Options.LockTimeout; a file that is not a bbolt database or is
// damaged fails with [ErrCorrupt]. Open never modifies a file it refuses.
func Open(path string, opts Options) (s *Store, err error) {
	if opts.LockTimeout <= 0 {
		opts.LockTimeout = 2 * time.Second
	}
	if opts.MaxBatch <= 0 {
		opts.MaxBatch = 256
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.GameCache == 0 {
		opts.GameCache = 1024
	}
	if fi, statErr := os.Stat(path); statErr == nil && fi.IsDir() {
		return nil, fmt.Errorf("storage: open %s: it is a directory, not a database file", path)
	} else if statErr == nil && fi.Size() > 0 && fi.Size() < 1024 {
		return nil, fmt.Errorf("%w: open %s: the file is only %d bytes long (truncated?); restore a backup", ErrCorrupt, path, fi.Size())
	}
	db, err := openBolt(path, opts)
	if err != nil {
		return nil, err
	}
	s = &Store{
		db: db, path: path, now: opts.Now, maxBatch: opts.MaxBatch, readOnly: opts.ReadOnly, cache: newGameCache(opts.GameCache),
		writes: make(chan *writeReq), quit: make(chan struct{}), done: make(chan struct{}),
	}
	if err := s.prepare(); err != nil {
		db.Close()
		return nil, err
	}
	go s.commitLoop()
	return s, nil
}

func openBolt(path string, opts Options) (db *bolt.DB, err error) {
	defer func() {
		if r := recover(); r != nil {
			db, err = nil, fmt.Errorf("%w: open %s: %v", ErrCorrupt, path, r)
		}
	}()
	db, err = bolt.Open(path, 0o600, &bolt.Options{Timeout: opts.LockTimeout, ReadOnly: opts.ReadOnly, NoSync: opts.NoSync})
	switch {
	case err == nil:
		if err := checkSize(db); err != nil {
			db.Close()
			return nil, fmt.Errorf("%w: open %s: %w; the file was left untouched: restore a backup", ErrCorrupt, path, err)
		}
		return db, nil
	case errors.Is(err, berrors.ErrTimeout):
		return nil, fmt.Errorf("%w: %s is locked (waited %s); stop the other taflbot or use another database path: %w", ErrInUse, path, opts.LockTimeout, err)
	case errors.Is(err, berrors.ErrInvalid), errors.Is(err, berrors.ErrChecksum), errors.Is(err, berrors.ErrVersionMismatch):
		return nil, fmt.Errorf("%w: open %s: %w; the file was left untouched: restore a backup or check the path", ErrCorrupt, path, err)
	case opts.ReadOnly && errors.Is(err, os.ErrNotExist):
		return nil, fmt.Errorf("storage: open %s: no such database file", path)
	}
	return nil, fmt.Errorf("storage: open %s: %w", path, err)
}

// checkSize refuses a file shorter than its meta page says (a truncated
// copy): reading the missing pages would crash the process.
func checkSize(db *bolt.DB) error {
	fi, err := os.Stat(db.Path())
	if err != nil {
		return err
	}
	return db.View(func(tx *bolt.Tx) error {
		if tx.Size() > fi.Size() {
			return fmt.Errorf("the file is %d bytes but its data reaches %d bytes (truncated)", fi.Size(), tx.Size())
		}
		return nil
	})
}

// prepare creates a new database's buckets or migrates an old one.
func (s *Store) prepare() error {
	var version uint64
	var fresh bool
	err := s.view(func(tx *bolt.Tx) error {
		var err error
		version, fresh, err = readSchema(tx)
		return err
	})
	if err != nil {
		return fmt.Errorf("storage: open %s: %w", s.path, err)
	}
	switch {
	case version == SchemaVersion:
		return nil
	case version > SchemaVersion:
		return fmt.Errorf("%w: %s has schema version %d, this taflbot knows up to %d: upgrade taflbot or restore a backup made by this version", ErrSchemaTooNew, s.path, version, SchemaVersion)
	case s.readOnly && fresh:
		return fmt.Errorf("%w: %s is an empty database", ErrNotFound, s.path)
	case s.readOnly:
		return fmt.Errorf("storage: %s has the older schema version %d: open it read-write once (start taflbot) to migrate it", s.path, version)
	}
	if !fresh {
		bak := fmt.Sprintf("%s.schema%d.bak", s.path, version)
		if err := s.view(func(tx *bolt.Tx) error { return tx.CopyFile(bak, 0o600) }); err != nil {
			return fmt.Errorf("storage: copy %s to %s before migrating: %w", s.path, bak, err)
		}
	}
	return s.update(func(tx *bolt.Tx) error {
		if fresh {
			return initSchema(tx)
		}
		return migrate(tx, version, s.now())
	})
}

// Path returns the database file's path.
func (s *Store) Path() string { return s.path }

// Close waits for queued writes, then closes the file. It is safe to call
// more than once.
func (s *Store) Close() error {
	s.closeOnce.Do(func() {
		close(s.quit)
		<-s.done
		s.closeErr = s.db.Close()
	})
	return s.closeErr
}

// view runs fn in a read transaction, turning a panic (a damaged page)
// into an error.
func (s *Store) view(fn func(tx *bolt.Tx) error) error {
	return s.db.View(func(tx *bolt.Tx) error { return safeCall(fn, tx) })
}

// update runs fn alone in a write transaction.
func (s *Store) update(fn func(tx *bolt.Tx) error) error {
	err := s.db.Update(func(tx *bolt.Tx) error { return safeCall(fn, tx) })
	var r *rejected
	if errors.As(err, &r) {
		return r.err
	}
	return err
}

func safeCall(fn func(tx *bolt.Tx) error, tx *bolt.Tx) (err error) {
	// A damaged file can make bbolt read outside the mapped file: turn
	// that fault into a recoverable panic rather than a crash.
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%w: %v", ErrCorrupt, r)
		}
	}()
	return fn(tx)
}

// A writeReq is one write operation waiting for the committer.
type writeReq struct {
	ctx  context.Context
	fn   func(tx *bolt.Tx) error
	done chan error
}

// write runs fn in a write transaction, possibly shared with other
// writers' operations. fn returns reject(err) for an error found before
// it wrote anything (the others' work goes on); any other error rolls the
// shared transaction back and the others are retried without fn. So fn
// may run more than once and must depend only on tx.
func (s *Store) write(ctx context.Context, fn func(tx *bolt.Tx) error) error {
	if s.readOnly {
		return ErrReadOnly
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	r := &writeReq{ctx: ctx, fn: fn, done: make(chan error, 1)}
	select {
	case s.writes <- r:
	case <-s.quit:
		return ErrClosed
	case <-ctx.Done():
		return ctx.Err()
	}
	// Once queued the result is awaited even if ctx ends: the write may
	// already be committed and the caller must learn the truth.
	return <-r.done
}

// commitLoop groups queued writes into transactions: it takes whatever is
// waiting when the previous commit ends, so a lone writer is never
// delayed and many writers share one fsync.
func (s *Store) commitLoop() {
	defer close(s.done)
	for {
		var first *writeReq
		select {
		case first = <-s.writes:
		case <-s.quit:
			return
		}
		batch := []*writeReq{first}
	fill:
		for len(batch) < s.maxBatch {
			select {
			case r := <-s.writes:
				batch = append(batch, r)
			default:
				break fill
			}
		}
		s.runBatch(batch)
	}
}

func (s *Store) runBatch(batch []*writeReq) {
	for len(batch) > 0 {
		results := make([]error, len(batch))
		failed := -1
		err := s.db.Update(func(tx *bolt.Tx) error {
			for i, r := range batch {
				if err := r.ctx.Err(); err != nil {
					results[i] = err
					continue
				}
				err := safeCall(r.fn, tx)
				var rj *rejected
				if errors.As(err, &rj) {
					results[i] = rj.err
					continue
				}
				if err != nil {
					failed, results[i] = i, err
					return err
				}
			}
			return nil
		})
		if failed >= 0 {
			batch[failed].done <- results[failed]
			batch = slices.Delete(batch, failed, failed+1)
			continue
		}
		for i, r := range batch {
			if err != nil {
				r.done <- fmt.Errorf("storage: commit: %w", err)
			} else {
				r.done <- results[i]
			}
		}
		return
	}
}
