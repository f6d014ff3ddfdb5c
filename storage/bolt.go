package storage

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"syscall"
	"time"

	bolt "go.etcd.io/bbolt"
	berrors "go.etcd.io/bbolt/errors"
)

// boltBackend keeps the records in one bbolt file (see schema.go for the
// buckets). Writes from many goroutines are grouped into shared
// transactions by commitLoop: one fsync for many moves.
type boltBackend struct {
	db       *bolt.DB
	path     string
	maxBatch int

	claimed *boltClaims

	// A file of an older schema opened read-only is read through its
	// migration, in a temporary copy (see readOlderSchema): db is the
	// migrated copy at tmp, orig the file itself, left as it is (and
	// held, so that no taflbot migrates it meanwhile), older its schema.
	orig  *bolt.DB
	tmp   string
	older uint64

	// migratedFrom is the schema version of a file this open migrated
	// (else 0), migrationCopy the copy of it made first.
	migratedFrom  uint64
	migrationCopy string

	writes    chan *writeReq
	quit      chan struct{}
	done      chan struct{}
	closeOnce sync.Once
	closeErr  error
}

func openBoltStore(path string, opts Options) (*boltBackend, error) {
	if opts.LockTimeout <= 0 {
		opts.LockTimeout = 2 * time.Second
	}
	if opts.MaxBatch <= 0 {
		opts.MaxBatch = 256
	}
	if err := checkFile(path); err != nil {
		return nil, err
	}
	if opts.NoCreate && !exists(path) {
		return nil, fmt.Errorf("%w: open %s: there is no such file, and none was created: check the path", ErrNoSchema, path)
	}
	db, err := openBolt(path, opts)
	if err != nil {
		return nil, err
	}
	b := &boltBackend{
		db: db, path: path, maxBatch: opts.MaxBatch,
		writes: make(chan *writeReq), quit: make(chan struct{}), done: make(chan struct{}),
	}
	b.claimed = newBoltClaims(b)
	err = b.prepare(opts.ReadOnly, opts.AllowDamaged, opts.NoCreate, opts.Now())
	var older *olderSchemaError
	if errors.As(err, &older) {
		err = b.readOlderSchema(older.version, opts)
	}
	if err != nil {
		db.Close()
		return nil, err
	}
	go b.commitLoop()
	return b, nil
}

// olderSchemaError is prepare's answer for a file of an older schema
// opened read-only, which it does not migrate.
type olderSchemaError struct{ version uint64 }

func (e *olderSchemaError) Error() string {
	return fmt.Sprintf("storage: the file has the older schema version %d", e.version)
}

// readOlderSchema makes a file of an older schema, opened read-only,
// readable as this taflbot's schema without writing to it: the file is
// copied into a temporary file (in os.TempDir), which is migrated and
// read instead; Close removes it. The file itself stays open (shared),
// for Backup, which writes it as it is.
func (b *boltBackend) readOlderSchema(version uint64, opts Options) error {
	f, err := os.CreateTemp("", "taflbot-"+filepath.Base(b.path)+fmt.Sprintf(".schema%d-*.tmp", version))
	if err != nil {
		return fmt.Errorf("storage: %s has the older schema version %d, read through its migration in a temporary copy, which could not be made: %w; set TMPDIR to a folder with room for a copy of the file", b.path, version, err)
	}
	tmp := f.Name()
	err = b.boltView(func(tx *bolt.Tx) error {
		_, err := tx.WriteTo(f)
		return err
	})
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	var db *bolt.DB
	if err == nil {
		db, err = bolt.Open(tmp, 0o600, &bolt.Options{Timeout: opts.LockTimeout, NoSync: true})
	}
	if err == nil {
		err = db.Update(func(tx *bolt.Tx) error {
			return safeCall(func(tx *bolt.Tx) error { return migrate(tx, version, opts.Now()) }, tx)
		})
		if err == nil && !opts.AllowDamaged {
			err = db.View(func(tx *bolt.Tx) error {
				return safeCall(func(tx *bolt.Tx) error { return checkBuckets(tx, b.path) }, tx)
			})
		}
		if err != nil {
			db.Close()
		}
	}
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("storage: %s has the older schema version %d, read through its migration in a temporary copy, which failed: %w; the file was left untouched", b.path, version, err)
	}
	b.orig, b.db, b.tmp, b.older = b.db, db, tmp, version
	return nil
}

// file returns the database file itself: the migrated copy's original
// when a file of an older schema is read through its migration.
func (b *boltBackend) file() *bolt.DB {
	if b.orig != nil {
		return b.orig
	}
	return b.db
}

// checkFile refuses, before bbolt sees it, a database file that is a
// folder, empty, too short, or shorter than its own header says. A
// missing file is fine: it is created.
func checkFile(path string) error {
	fi, err := os.Stat(path)
	switch {
	case err != nil:
		return nil // missing (created by bbolt), or bbolt reports the error
	case fi.IsDir():
		return fmt.Errorf("storage: open %s: it is a folder, not a database file: give the path of a file, such as %q (taflbot creates it)", path, filepath.Join(path, "taflbot.db"))
	case fi.Size() == 0:
		return fmt.Errorf("%w: open %s: the file is empty (0 bytes), which taflbot never writes: "+
			"it may be a failed copy or a full disk. Restore a backup; or, to start afresh with no games, "+
			"delete the empty file (taflbot then creates a new database)", ErrCorrupt, path)
	case fi.Size() < 1024:
		return fmt.Errorf("%w: open %s: the file is only %d bytes long (truncated?); restore a backup", ErrCorrupt, path, fi.Size())
	}
	f, err := os.Open(path)
	if err != nil {
		return nil // bbolt reports it
	}
	defer f.Close()
	if err := checkHeader(f, fi.Size()); err != nil {
		return fmt.Errorf("%w: open %s: %w; the file was left untouched: restore a backup", ErrCorrupt, path, err)
	}
	return nil
}

// checkBuckets refuses a database of the current schema that lacks a
// bucket: every command would fail on it later.
func checkBuckets(tx *bolt.Tx, path string) error {
	var data, index []string
	for _, name := range dataBuckets {
		if tx.Bucket(name) == nil {
			data = append(data, string(name))
		}
	}
	for _, name := range indexBuckets {
		if tx.Bucket(name) == nil {
			index = append(index, string(name))
		}
	}
	switch {
	case len(data) > 0:
		return fmt.Errorf("%w: open %s: the bucket(s) %s holding records are missing; the file was left untouched: restore a backup (taflbot db check -db FILE reports what else is wrong)",
			ErrCorrupt, path, strings.Join(data, ", "))
	case len(index) > 0:
		return fmt.Errorf("%w: open %s: the index bucket(s) %s are missing; the file was left untouched: stop taflbot and run taflbot db check -rebuild-indexes -db %s to rebuild them from the records",
			ErrCorrupt, path, strings.Join(index, ", "), path)
	}
	return nil
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
	case errors.Is(err, os.ErrNotExist) && !exists(filepath.Dir(path)):
		// The file is created when missing, so it is the folder.
		return nil, fmt.Errorf("storage: open %s: the folder %s does not exist: create it, or give a database path in a folder that does", path, filepath.Dir(path))
	case errors.Is(err, os.ErrPermission), errors.Is(err, syscall.EROFS):
		return nil, fmt.Errorf("storage: open %s: %w: taflbot must be able to write the file and its folder (for the lock and new files): run it as their owner, or give a database path it may write", path, err)
	}
	return nil, fmt.Errorf("storage: open %s: %w", path, err)
}

// exists reports whether a file or folder is at path.
func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
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

// prepare creates a new database's buckets (unless readOnly or noCreate)
// or migrates an old one.
func (b *boltBackend) prepare(readOnly, allowDamaged, noCreate bool, now time.Time) error {
	var version uint64
	var fresh bool
	err := b.boltView(func(tx *bolt.Tx) error {
		var err error
		version, fresh, err = readSchema(tx)
		return err
	})
	if errors.Is(err, ErrCorrupt) {
		// A damaged page where the schema is read, or another program's
		// bbolt file: once "storage: …", with what to do.
		why := strings.TrimPrefix(err.Error(), ErrCorrupt.Error()+": ")
		return fmt.Errorf("%w: open %s: %s; the file was left untouched: restore a backup or check the path", ErrCorrupt, b.path, why)
	}
	if err != nil {
		return fmt.Errorf("storage: open %s: %w", b.path, err)
	}
	switch {
	case version == SchemaVersion:
		if allowDamaged {
			return nil
		}
		return b.boltView(func(tx *bolt.Tx) error { return checkBuckets(tx, b.path) })
	case version > SchemaVersion:
		return fmt.Errorf("%w: %s has schema version %d, this taflbot knows up to %d: upgrade taflbot or restore a backup made by this version", ErrSchemaTooNew, b.path, version, SchemaVersion)
	case fresh && (readOnly || noCreate):
		return fmt.Errorf("%w: %s is an empty bbolt file without taflbot's buckets, and none were created in it: check the path", ErrNoSchema, b.path)
	case readOnly:
		return &olderSchemaError{version}
	}
	if !fresh {
		var bak string
		if err := b.boltView(func(tx *bolt.Tx) (err error) { bak, err = writeMigrationCopy(tx, b.path, version); return err }); err != nil {
			return fmt.Errorf("storage: copy %s to %s before migrating: %w", b.path, bak, err)
		}
		b.migratedFrom, b.migrationCopy = version, bak
	}
	err = b.boltUpdate(func(tx *bolt.Tx) error {
		if fresh {
			return initSchema(tx)
		}
		return migrate(tx, version, now)
	})
	if err != nil {
		b.migratedFrom, b.migrationCopy = 0, ""
	}
	return err
}

// syncFile flushes a file (or a folder) to disk; tests replace it.
var syncFile = (*os.File).Sync

// writeMigrationCopy writes the file at path as it is before a
// migration from schema version to a file beside it, never over one:
// path.schema<N>.bak, or path.schema<N>.2.bak, .3.bak, … when taken (by
// the copy of another file of that schema migrated at path before). It
// syncs the copy and its folder, so that a power cut after the migration
// commits cannot leave a migrated file beside an incomplete copy. It
// returns the copy's name.
func writeMigrationCopy(tx *bolt.Tx, path string, version uint64) (string, error) {
	var bak string
	var f *os.File
	for i := 1; ; i++ {
		bak = fmt.Sprintf("%s.schema%d.bak", path, version)
		if i > 1 {
			bak = fmt.Sprintf("%s.schema%d.%d.bak", path, version, i)
		}
		var err error
		f, err = os.OpenFile(bak, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
		if err == nil {
			break
		}
		if !errors.Is(err, os.ErrExist) || i == 1000 {
			return bak, err
		}
	}
	_, err := tx.WriteTo(f)
	if err == nil {
		err = syncFile(f)
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = syncDir(filepath.Dir(bak))
	}
	if err != nil {
		os.Remove(bak)
	}
	return bak, err
}

// syncDir syncs a folder, so that a file just created in it survives a
// power cut.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	err = syncFile(d)
	if cerr := d.Close(); err == nil {
		err = cerr
	}
	return err
}

func (b *boltBackend) kind() string { return "bbolt" }

// close waits for queued writes, then closes the file.
func (b *boltBackend) close() error {
	b.closeOnce.Do(func() {
		close(b.quit)
		<-b.done
		b.closeErr = b.db.Close()
		if b.orig != nil {
			if err := b.orig.Close(); b.closeErr == nil {
				b.closeErr = err
			}
			if err := os.Remove(b.tmp); b.closeErr == nil {
				b.closeErr = err
			}
		}
	})
	return b.closeErr
}

func (b *boltBackend) view(ctx context.Context, fn func(tx txn) error) error {
	return b.boltView(func(tx *bolt.Tx) error { return fn(boltTx{tx: tx}) })
}

// boltView runs fn in a read transaction, turning a panic (a damaged
// page) into an error.
func (b *boltBackend) boltView(fn func(tx *bolt.Tx) error) error {
	return b.db.View(func(tx *bolt.Tx) error { return safeCall(fn, tx) })
}

// boltUpdate runs fn alone in a write transaction.
func (b *boltBackend) boltUpdate(fn func(tx *bolt.Tx) error) error {
	err := b.db.Update(func(tx *bolt.Tx) error { return safeCall(fn, tx) })
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

func (b *boltBackend) write(ctx context.Context, fn func(tx txn) error) error {
	r := &writeReq{ctx: ctx, fn: func(tx *bolt.Tx) error { return fn(boltTx{tx: tx}) }, done: make(chan error, 1)}
	select {
	case b.writes <- r:
	case <-b.quit:
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
func (b *boltBackend) commitLoop() {
	defer close(b.done)
	for {
		var first *writeReq
		select {
		case first = <-b.writes:
		case <-b.quit:
			return
		}
		batch := []*writeReq{first}
	fill:
		for len(batch) < b.maxBatch {
			select {
			case r := <-b.writes:
				batch = append(batch, r)
			default:
				break fill
			}
		}
		b.runBatch(batch)
	}
}

func (b *boltBackend) runBatch(batch []*writeReq) {
	for len(batch) > 0 {
		results := make([]error, len(batch))
		failed := -1
		err := b.db.Update(func(tx *bolt.Tx) error {
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

// checkFile runs bbolt's page consistency check and checks the schema
// version and the buckets.
func (b *boltBackend) checkFile(ctx context.Context, t txn, add func(format string, args ...any)) error {
	tx := t.(boltTx).tx
	for err := range tx.Check() {
		add("bbolt: %v", err)
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	if _, _, err := readSchema(tx); err != nil {
		add("schema: %v", err)
		return nil
	}
	for _, name := range dataBuckets {
		if tx.Bucket(name) == nil {
			add("bucket %s is missing (it holds records: restore a backup)", name)
		}
	}
	for _, name := range indexBuckets {
		if tx.Bucket(name) == nil {
			add("index bucket %s is missing", name)
		}
	}
	return nil
}

// boltTx is a bbolt transaction seen as a txn. With bad set (see
// skipDamaged), index scans skip damaged entries and report them there.
type boltTx struct {
	tx  *bolt.Tx
	bad *IndexError
}

// skipDamaged returns t whose index scans skip damaged entries (a
// malformed key, a key naming a missing game), reporting them to bad.
func (t boltTx) skipDamaged(bad *IndexError) txn { return boltTx{t.tx, bad} }

// damaged reports a damaged index entry: skipped (true) when t skips
// them, else the caller fails with err.
func (t boltTx) damaged(k []byte, err error) bool {
	if t.bad == nil {
		return false
	}
	t.bad.add(k, err)
	return true
}

func (t boltTx) getGame(id GameID) ([]byte, error) {
	return t.tx.Bucket(bucketGames).Get(idKey(uint64(id))), nil
}

func (t boltTx) nextGameID() (GameID, error) {
	id, err := t.tx.Bucket(bucketGames).NextSequence()
	return GameID(id), err
}

// putGame writes g and moves its index entries from old's (nil for a new
// game).
func (t boltTx) putGame(old, g *Game, data []byte) error {
	if old != nil {
		for _, e := range gameIndex(old) {
			if err := t.tx.Bucket(e.bucket).Delete(e.key); err != nil {
				return err
			}
		}
	}
	for _, e := range gameIndex(g) {
		if err := t.tx.Bucket(e.bucket).Put(e.key, nil); err != nil {
			return err
		}
	}
	return t.tx.Bucket(bucketGames).Put(idKey(uint64(g.ID)), data)
}

func (t boltTx) getChallenge(id ChallengeID) ([]byte, error) {
	return t.tx.Bucket(bucketChallenges).Get(idKey(uint64(id))), nil
}

func (t boltTx) nextChallengeID() (ChallengeID, error) {
	id, err := t.tx.Bucket(bucketChallenges).NextSequence()
	return ChallengeID(id), err
}

// putChallenge saves a challenge and moves its index entries (an open
// challenge is listed by expiry and under its players).
func (t boltTx) putChallenge(old, c *Challenge, data []byte) error {
	if old != nil {
		for _, e := range challengeIndex(old) {
			if err := t.tx.Bucket(e.bucket).Delete(e.key); err != nil {
				return err
			}
		}
	}
	for _, e := range challengeIndex(c) {
		if err := t.tx.Bucket(e.bucket).Put(e.key, nil); err != nil {
			return err
		}
	}
	return t.tx.Bucket(bucketChallenges).Put(idKey(uint64(c.ID)), data)
}

func (t boltTx) getPlayer(guild, user string) ([]byte, error) {
	return t.tx.Bucket(bucketPlayers).Get(playerKey(guild, user)), nil
}

func (t boltTx) putPlayer(p *Player, data []byte) error {
	return t.tx.Bucket(bucketPlayers).Put(playerKey(p.GuildID, p.UserID), data)
}

func (t boltTx) getGuild(guild string) ([]byte, error) {
	return t.tx.Bucket(bucketGuilds).Get([]byte(guild)), nil
}

func (t boltTx) putGuild(guild string, data []byte) error {
	return t.tx.Bucket(bucketGuilds).Put([]byte(guild), data)
}

func (t boltTx) getTournament(id TournamentID) ([]byte, error) {
	return t.tx.Bucket(bucketTournaments).Get(idKey(uint64(id))), nil
}

func (t boltTx) nextTournamentID() (TournamentID, error) {
	id, err := t.tx.Bucket(bucketTournaments).NextSequence()
	return TournamentID(id), err
}

// putTournament saves a tournament and its index entries (a tournament
// never changes servers: UpdateTournament refuses it; it leaves the
// active ones when it finishes or is cancelled).
func (t boltTx) putTournament(tr *Tournament, data []byte) error {
	id := idKey(uint64(tr.ID))
	if err := t.tx.Bucket(bucketTournaments).Put(id, data); err != nil {
		return err
	}
	if err := t.tx.Bucket(bucketTournamentsByGuild).Put(channelGameKey(tr.GuildID, uint64(tr.ID)), nil); err != nil {
		return err
	}
	if tr.Over() {
		return t.tx.Bucket(bucketActiveTournaments).Delete(id)
	}
	return t.tx.Bucket(bucketActiveTournaments).Put(id, nil)
}

func (t boltTx) activeTournaments(fn func(key, data []byte) error) error {
	c := t.tx.Bucket(bucketActiveTournaments).Cursor()
	for k, _ := c.First(); k != nil; k, _ = c.Next() {
		if len(k) != 8 {
			return fmt.Errorf("storage: active tournament index: %w: key %x", ErrCorrupt, k)
		}
		data := t.tx.Bucket(bucketTournaments).Get(k)
		if data == nil {
			return fmt.Errorf("storage: active tournament index: tournament %d: %w", beUint64(k), ErrNotFound)
		}
		if err := fn(k, data); err != nil {
			return err
		}
	}
	return nil
}

func (t boltTx) unlistActiveTournament(id TournamentID) error {
	return t.tx.Bucket(bucketActiveTournaments).Delete(idKey(uint64(id)))
}

func (t boltTx) tournamentsOfGuild(guild string, fn func(key, data []byte) error) error {
	prefix := appendString(nil, guild)
	c := t.tx.Bucket(bucketTournamentsByGuild).Cursor()
	for k, _ := c.Seek(prefix); k != nil && hasPrefix(k, prefix); k, _ = c.Next() {
		if len(k) != len(prefix)+8 {
			return fmt.Errorf("storage: tournament index: %w: key %x", ErrCorrupt, k)
		}
		id := k[len(prefix):]
		data := t.tx.Bucket(bucketTournaments).Get(id)
		if data == nil {
			return fmt.Errorf("storage: tournament index entry %x: tournament %d: %w", k, beUint64(id), ErrNotFound)
		}
		if err := fn(id, data); err != nil {
			return err
		}
	}
	return nil
}

// indexedRecord returns the game an index key points at.
func (t boltTx) indexedRecord(k []byte) (GameID, []byte, error) {
	id, err := keyID(k)
	if err != nil {
		return 0, nil, err
	}
	data := t.tx.Bucket(bucketGames).Get(idKey(id))
	if data == nil {
		return 0, nil, fmt.Errorf("storage: index entry %x: game %d: %w", k, id, ErrNotFound)
	}
	return GameID(id), data, nil
}

func (t boltTx) gamesByPlayer(user string, active bool, _ string, _ int, fn func(id GameID, data []byte) (bool, error)) error {
	return scanPrefixReverse(t.tx.Bucket(bucketGamesByPlayer), playerGamePrefix(user, active), func(k []byte) (bool, error) {
		id, data, err := t.indexedRecord(k)
		if err != nil {
			return false, err
		}
		return fn(id, data)
	})
}

func (t boltTx) finishedGamesInChannel(channel string, _ int, fn func(id GameID, data []byte) (bool, error)) error {
	return scanPrefixReverse(t.tx.Bucket(bucketFinishedByChannel), appendString(nil, channel), func(k []byte) (bool, error) {
		id, data, err := t.indexedRecord(k)
		if err != nil {
			if t.damaged(k, err) {
				return true, nil
			}
			return false, err
		}
		return fn(id, data)
	})
}

func (t boltTx) activeGamesInChannel(channel string, fn func(id GameID, data []byte) (bool, error)) error {
	return t.scanIndex(bucketActiveByChannel, appendString(nil, channel), fn)
}

func (t boltTx) engineToMove(fn func(id GameID, data []byte) (bool, error)) error {
	return t.scanIndex(bucketEngineToMove, nil, fn)
}

func (t boltTx) gamesToMine(fn func(id GameID, data []byte) (bool, error)) error {
	return t.scanIndex(bucketGamesToMine, nil, fn)
}

func (t boltTx) boardsDue(fn func(id GameID, data []byte) (bool, error)) error {
	return t.scanIndex(bucketBoardsDue, nil, fn)
}

// scanIndex calls fn with the games of the index entries of bucket that
// start with prefix, in key order.
func (t boltTx) scanIndex(bucket, prefix []byte, fn func(id GameID, data []byte) (bool, error)) error {
	c := t.tx.Bucket(bucket).Cursor()
	for k, _ := c.Seek(prefix); k != nil && hasPrefix(k, prefix); k, _ = c.Next() {
		id, data, err := t.indexedRecord(k)
		if err != nil {
			if t.damaged(k, err) {
				continue
			}
			return err
		}
		if more, err := fn(id, data); err != nil || !more {
			return err
		}
	}
	return nil
}

func (t boltTx) gamesDue(limit uint64, fn func(id GameID, data []byte) (bool, error)) error {
	c := t.tx.Bucket(bucketDeadlines).Cursor()
	for k, _ := c.First(); k != nil; k, _ = c.Next() {
		if len(k) != 16 {
			err := fmt.Errorf("storage: deadline index: %w: key %x is %d bytes, not 16", ErrCorrupt, k, len(k))
			if t.damaged(k, err) {
				continue
			}
			return err
		}
		if beUint64(k) >= limit {
			break
		}
		id, data, err := t.indexedRecord(k)
		if err != nil {
			if t.damaged(k, err) {
				continue
			}
			return err
		}
		if more, err := fn(id, data); err != nil || !more {
			return err
		}
	}
	return nil
}

func (t boltTx) lockKeys(...string) error { return nil }

func (t boltTx) engineGames(user, guild string) (byUser, byGuild int, err error) {
	if user != "" {
		c := t.tx.Bucket(bucketGamesByPlayer).Cursor()
		prefix := playerGamePrefix(user, true)
		for k, _ := c.Seek(prefix); k != nil && hasPrefix(k, prefix); k, _ = c.Next() {
			_, data, err := t.indexedRecord(k)
			if err != nil {
				return 0, 0, err
			}
			r, err := engineSeats(data)
			if err != nil {
				return 0, 0, fmt.Errorf("%w: index entry %x: %w", ErrCorrupt, k, err)
			}
			if r.Attackers.AI != "" || r.Defenders.AI != "" {
				byUser++
			}
		}
	}
	if guild == "" {
		return byUser, 0, nil
	}
	games := t.tx.Bucket(bucketGames)
	err = t.tx.Bucket(bucketActiveGames).ForEach(func(k, _ []byte) error {
		data := games.Get(k)
		// Most games are between people: only records that name an
		// engine seat are decoded.
		if data == nil || !bytes.Contains(data, []byte(`"ai":`)) {
			return nil
		}
		r, err := engineSeats(data)
		if err != nil {
			return fmt.Errorf("%w: game %x: %w", ErrCorrupt, k, err)
		}
		if r.Guild == guild && (r.Attackers.AI != "" || r.Defenders.AI != "") {
			byGuild++
		}
		return nil
	})
	return byUser, byGuild, err
}

func (t boltTx) activeEngineGames(fn func(id GameID, data []byte) (bool, error)) error {
	games := t.tx.Bucket(bucketGames)
	c := t.tx.Bucket(bucketActiveGames).Cursor()
	for k, _ := c.First(); k != nil; k, _ = c.Next() {
		data := games.Get(k)
		// Most games are between people: only records that name an
		// engine seat are passed on.
		if data == nil || !bytes.Contains(data, []byte(`"ai":`)) {
			continue
		}
		id, err := keyID(k)
		if err != nil {
			return err
		}
		if more, err := fn(GameID(id), data); err != nil || !more {
			return err
		}
	}
	return nil
}

// activeGamesInGuild reads the active games' records newest first and
// passes those of guild: only records that name it are decoded, and only
// their server.
func (t boltTx) activeGamesInGuild(guild string, _ int, fn func(id GameID, data []byte) (bool, error)) error {
	if guild == "" {
		return nil
	}
	quoted := []byte(`"` + guild + `"`) // ids are digits: as JSON writes them
	games := t.tx.Bucket(bucketGames)
	c := t.tx.Bucket(bucketActiveGames).Cursor()
	for k, _ := c.Last(); k != nil; k, _ = c.Prev() {
		data := games.Get(k)
		if data == nil || !bytes.Contains(data, quoted) {
			continue
		}
		r, err := engineSeats(data)
		if err != nil {
			return fmt.Errorf("%w: game %x: %w", ErrCorrupt, k, err)
		}
		if r.Guild != guild {
			continue
		}
		id, err := keyID(k)
		if err != nil {
			return err
		}
		if more, err := fn(GameID(id), data); err != nil || !more {
			return err
		}
	}
	return nil
}

func (t boltTx) activeGameIDs(fn func(id GameID) error) error {
	return t.tx.Bucket(bucketActiveGames).ForEach(func(k, _ []byte) error {
		id, err := keyID(k)
		if err != nil {
			return err
		}
		return fn(GameID(id))
	})
}

// activeGames counts the active-games index's keys by its pages (the
// bucket's Stats: a few hundred keys a page, no key visited).
func (t boltTx) activeGames() (int, error) {
	return t.tx.Bucket(bucketActiveGames).Stats().KeyN, nil
}

func (t boltTx) openChallenges(limit uint64, fn func(id ChallengeID, data []byte) error) error {
	c := t.tx.Bucket(bucketOpenChallenges).Cursor()
	for k, _ := c.First(); k != nil; k, _ = c.Next() {
		if len(k) != 16 {
			return fmt.Errorf("storage: open challenge index: %w: key %x", ErrCorrupt, k)
		}
		if beUint64(k) >= limit {
			break
		}
		id := ChallengeID(beUint64(k[8:]))
		data := t.tx.Bucket(bucketChallenges).Get(idKey(uint64(id)))
		if data == nil {
			return fmt.Errorf("storage: open challenge index entry %x: challenge %d: %w", k, id, ErrNotFound)
		}
		if err := fn(id, data); err != nil {
			return err
		}
	}
	return nil
}

// openChallengesOf reads the index of each player's open challenges: a
// prefix scan of the user's entries (and the server's among them), in
// id order.
func (t boltTx) openChallengesOf(user, guild string, everyGuild bool, fn func(id ChallengeID, data []byte) error) error {
	prefix := appendString(nil, user)
	if !everyGuild {
		prefix = appendString(prefix, guild)
	}
	c := t.tx.Bucket(bucketChallengesByUser).Cursor()
	for k, _ := c.Seek(prefix); k != nil && hasPrefix(k, prefix); k, _ = c.Next() {
		if len(k) < len(prefix)+8 {
			return fmt.Errorf("storage: open challenges by user index: %w: key %x", ErrCorrupt, k)
		}
		id := ChallengeID(beUint64(k[len(k)-8:]))
		data := t.tx.Bucket(bucketChallenges).Get(idKey(uint64(id)))
		if data == nil {
			return fmt.Errorf("storage: open challenges by user index entry %x: challenge %d: %w", k, id, ErrNotFound)
		}
		if err := fn(id, data); err != nil {
			return err
		}
	}
	return nil
}

func (t boltTx) playersOfGuild(guild string, fn func(data []byte) error) error {
	prefix := appendString(nil, guild)
	c := t.tx.Bucket(bucketPlayers).Cursor()
	for k, v := c.Seek(prefix); k != nil && hasPrefix(k, prefix); k, v = c.Next() {
		if err := fn(v); err != nil {
			return fmt.Errorf("player key %x: %w", k, err)
		}
	}
	return nil
}

func (t boltTx) forEach(k recordKind, fn func(key, data []byte) error) error {
	var name []byte
	switch k {
	case kindGames:
		name = bucketGames
	case kindChallenges:
		name = bucketChallenges
	case kindPlayers:
		name = bucketPlayers
	case kindGuilds:
		name = bucketGuilds
	case kindAnalyses:
		name = bucketAnalyses
	case kindPuzzles:
		name = bucketPuzzles
	case kindTournaments:
		name = bucketTournaments
	default:
		return fmt.Errorf("storage: unknown record kind %d", k)
	}
	b := t.tx.Bucket(name)
	if b == nil {
		return fmt.Errorf("%w: bucket %s is missing", ErrCorrupt, name)
	}
	return b.ForEach(fn)
}

func (t boltTx) indexEntries(fn func(e indexEntry) error) error {
	for _, name := range indexBuckets {
		b := t.tx.Bucket(name)
		if b == nil {
			return fmt.Errorf("%w: bucket %s is missing", ErrCorrupt, name)
		}
		if err := b.ForEach(func(k, _ []byte) error { return fn(indexEntry{name, k}) }); err != nil {
			return err
		}
	}
	return nil
}

func (t boltTx) rebuildIndexes() error { return rebuildIndexes(t.tx) }

func (t boltTx) setSequences(lastGame GameID, lastChallenge ChallengeID, lastTournament TournamentID) error {
	if err := t.tx.Bucket(bucketGames).SetSequence(uint64(lastGame)); err != nil {
		return err
	}
	if err := t.tx.Bucket(bucketTournaments).SetSequence(uint64(lastTournament)); err != nil {
		return err
	}
	return t.tx.Bucket(bucketChallenges).SetSequence(uint64(lastChallenge))
}

func (t boltTx) empty() (bool, error) {
	for _, name := range [][]byte{bucketGames, bucketChallenges, bucketPlayers, bucketGuilds, bucketAnalyses, bucketPuzzles, bucketTournaments} {
		b := t.tx.Bucket(name)
		if b == nil {
			return false, fmt.Errorf("%w: bucket %s is missing", ErrCorrupt, name)
		}
		if k, _ := b.Cursor().First(); k != nil {
			return false, nil
		}
		if b.Sequence() != 0 {
			return false, nil
		}
	}
	return true, nil
}
