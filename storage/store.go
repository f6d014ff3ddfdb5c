package storage

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// Options configure [Open]. The zero value is ready to use.
type Options struct {
	// LockTimeout is how long Open waits for another process to release
	// a bbolt file before failing with ErrInUse. Default 2s.
	LockTimeout time.Duration

	// ReadOnly opens the database for reading only (for `taflbot db`
	// check, backup and export). Writes fail with ErrReadOnly; an old
	// schema is not migrated. A bbolt file is opened shared; one of an
	// older schema is read through its migration, in a temporary copy
	// in os.TempDir that Close removes (Backup and Compact write the
	// file as it is).
	ReadOnly bool

	// AllowDamaged opens a bbolt database even when some of its buckets
	// are missing, so that [Store.Check] can report them and
	// [Store.RebuildIndexes] recreate missing index buckets (`taflbot db
	// check` uses it). Without it Open refuses such a file; with it, other
	// calls on the store may fail.
	AllowDamaged bool

	// NoSync skips fsync after each bbolt commit. It loses data on a
	// crash: only for tests and benchmarks.
	NoSync bool

	// MaxBatch caps how many bbolt writes share one transaction.
	// Default 256.
	MaxBatch int

	// MaxConns caps the PostgreSQL connections of this process (default
	// 16; a pool_max_conns parameter in the URL wins).
	MaxConns int

	// NoMigrate makes Open refuse a PostgreSQL database whose schema is
	// older than this taflbot's (run `taflbot db migrate` then) instead
	// of migrating it.
	NoMigrate bool

	// NoCreate makes Open refuse, with [ErrNoSchema], a database that
	// holds no taflbot schema yet (a missing or empty bbolt file, a
	// PostgreSQL schema without taflbot's tables) instead of creating
	// the schema in it: for commands that only read or add to existing
	// data, where such a database is a wrong path or URL. ReadOnly
	// refuses one too.
	NoCreate bool

	// GameCache is how many decoded games to keep in memory, to spare
	// replaying their moves on every load. Default 1024; negative: none.
	GameCache int

	// Now is the clock used for timestamps, deadlines and expiry.
	// Default time.Now.
	Now func() time.Time
}

// Store is an open taflbot database: a bbolt file or a PostgreSQL
// database, chosen by [Open]. It is safe for concurrent use.
type Store struct {
	b        backend
	name     string // the file path, or the URL without its password
	now      func() time.Time
	readOnly bool
	cache    *gameCache

	gameReads atomic.Uint64 // game records read (see GameReads)

	closed    atomic.Bool
	closeOnce sync.Once
	closeErr  error
}

// IsPostgres reports whether a database setting names a PostgreSQL
// database (a postgres:// or postgresql:// URL) rather than a bbolt file.
func IsPostgres(database string) bool {
	return strings.HasPrefix(database, "postgres://") || strings.HasPrefix(database, "postgresql://")
}

// IsKeywordConnString reports whether a database setting is a PostgreSQL
// connection string of keywords ("host=db.example.org dbname=taflbot
// user=taflbot"), as psql takes, rather than a URL or a file path: every
// word is KEYWORD=VALUE with one of libpq's keywords. [Open] refuses it
// rather than take it for the name of a bbolt file to create.
func IsKeywordConnString(database string) bool {
	words := strings.Fields(database)
	if len(words) == 0 {
		return false
	}
	for _, w := range words {
		k, _, ok := strings.Cut(w, "=")
		if !ok || !connKeywords[k] {
			return false
		}
	}
	return true
}

// connKeywords are the keywords of libpq's connection strings (and
// pgx's pool settings) that a database setting may be written with.
var connKeywords = map[string]bool{
	"host": true, "hostaddr": true, "port": true, "dbname": true, "user": true, "password": true, "passfile": true,
	"sslmode": true, "sslrootcert": true, "sslcert": true, "sslkey": true, "sslpassword": true, "connect_timeout": true,
	"application_name": true, "options": true, "service": true, "target_session_attrs": true, "search_path": true,
	"pool_max_conns": true,
}

// errKeywordConnString is why Open refuses a connection string of
// keywords; it does not repeat the string, which may hold a password.
var errKeywordConnString = errors.New("storage: the database setting is a PostgreSQL connection string of keywords (host=… dbname=…): write it as a URL, postgres://user:password@host:5432/dbname?sslmode=verify-full (it would be taken for the name of a bbolt file)")

// Open opens the database named by database: a PostgreSQL URL
// (postgres://user:password@host:port/dbname?sslmode=…, see [IsPostgres])
// or else the path of a bbolt file.
//
// A bbolt file is created with the current schema when missing (unless
// Options.NoCreate or ReadOnly is set: then [ErrNoSchema]); an older
// schema is migrated after the file is copied to path+".schema<N>.bak"
// (never over an earlier copy: then path+".schema<N>.2.bak", …; see
// [Store.Migrated]; with ReadOnly, a temporary copy is migrated instead:
// see Options); a
// newer schema fails with [ErrSchemaTooNew]; a file another process holds
// fails with [ErrInUse] after Options.LockTimeout; a file that is not a
// bbolt database or is damaged fails with [ErrCorrupt]. Open never
// modifies a file it refuses.
//
// A PostgreSQL database gets the pending schema migrations (see
// [Migrate]; all processes may start at once, one migrates) unless
// Options.NoMigrate or ReadOnly is set; a schema without taflbot's tables
// fails with [ErrNoSchema] when Options.NoCreate or ReadOnly is set; a
// schema newer than this taflbot fails with [ErrSchemaTooNew]. The tables live in the connection's
// search_path (a search_path=… parameter in the URL chooses a schema).
func Open(database string, opts Options) (*Store, error) {
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.GameCache == 0 {
		opts.GameCache = 1024
	}
	if IsKeywordConnString(database) {
		return nil, errKeywordConnString
	}
	s := &Store{name: database, now: opts.Now, readOnly: opts.ReadOnly, cache: newGameCache(opts.GameCache)}
	var err error
	if IsPostgres(database) {
		s.name = redactURL(database)
		s.b, err = openPostgres(database, opts)
	} else {
		s.b, err = openBoltStore(database, opts)
	}
	if err != nil {
		return nil, err
	}
	return s, nil
}

// redactURL returns a database URL without its password, for messages.
func redactURL(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return "postgres://…"
	}
	// The password may also be a parameter (postgres://u@host/db?password=…),
	// which PostgreSQL's clients take as well.
	params := strings.Split(u.RawQuery, "&")
	for i, p := range params {
		if k, _, ok := strings.Cut(p, "="); ok {
			if k, err := url.QueryUnescape(k); err == nil && k == "password" {
				params[i] = "password=xxxxx"
			}
		}
	}
	u.RawQuery = strings.Join(params, "&")
	return u.Redacted()
}

// RedactDatabase returns the database setting for a message or a log
// line: a bbolt file's path as it is, a PostgreSQL URL without its
// password (in the user part or a password parameter).
func RedactDatabase(database string) string {
	if !IsPostgres(database) {
		return database
	}
	return redactURL(database)
}

// Path returns the database file's path, or the PostgreSQL URL with its
// password hidden.
func (s *Store) Path() string { return s.name }

// OlderSchema returns the schema version of a bbolt file of an older
// schema opened read-only (read through its migration in a temporary
// copy, the file left as it is), else 0.
func (s *Store) OlderSchema() int {
	if b, ok := s.b.(*boltBackend); ok {
		return int(b.older)
	}
	return 0
}

// Migrated returns, for a bbolt file of an older schema that this Open
// migrated, the schema version it had and the path of the copy of it made
// first (path.schema<N>.bak, or path.schema<N>.2.bak, … when that name was
// taken); else 0 and "".
func (s *Store) Migrated() (from int, copy string) {
	if b, ok := s.b.(*boltBackend); ok {
		return int(b.migratedFrom), b.migrationCopy
	}
	return 0, ""
}

// Backend returns "bbolt" or "postgres".
func (s *Store) Backend() string { return s.b.kind() }

// Close waits for queued writes, then closes the database. It is safe to
// call more than once.
func (s *Store) Close() error {
	s.closeOnce.Do(func() {
		s.closed.Store(true)
		s.closeErr = s.b.close()
	})
	return s.closeErr
}

// view runs fn in a read transaction.
func (s *Store) view(ctx context.Context, fn func(tx txn) error) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if s.closed.Load() {
		return ErrClosed
	}
	return s.b.view(ctx, fn)
}

// write runs fn in a write transaction, possibly shared with other
// writers' operations (bbolt). fn returns reject(err) for an error found
// before it wrote anything, or after writing something that must stay
// (the others' work goes on; what fn wrote is committed); any other error
// rolls the transaction back (with bbolt the others are retried without
// fn). So fn may run more than once and must depend only on tx.
func (s *Store) write(ctx context.Context, fn func(tx txn) error) error {
	if s.readOnly {
		return ErrReadOnly
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	if s.closed.Load() {
		return ErrClosed
	}
	return s.b.write(ctx, fn)
}

// String names the backend and the database, for messages.
func (s *Store) String() string { return fmt.Sprintf("%s database %s", s.b.kind(), s.name) }
