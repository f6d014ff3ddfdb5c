package storage

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// pgMigration is one numbered step of the PostgreSQL schema.
type pgMigration struct {
	version int
	name    string // the file name, such as 0001_initial.sql
	sql     string
}

//go:embed pgschema/*.sql
var pgSchemaFiles embed.FS

// pgMigrations are the files of pgschema/, in order: NNNN_name.sql,
// numbered 1, 2, 3 … without gaps. A released file never changes; a
// change to the schema is a new file.
var pgMigrations = mustLoadMigrations()

func mustLoadMigrations() []pgMigration {
	ms, err := loadMigrations(pgSchemaFiles)
	if err != nil {
		panic(err) // the embedded files are part of the program
	}
	return ms
}

func loadMigrations(fsys fs.FS) ([]pgMigration, error) {
	names, err := fs.Glob(fsys, "pgschema/*.sql")
	if err != nil {
		return nil, err
	}
	slices.Sort(names)
	var out []pgMigration
	for i, path := range names {
		name := strings.TrimPrefix(path, "pgschema/")
		num, _, ok := strings.Cut(name, "_")
		v, err := strconv.Atoi(num)
		if !ok || err != nil || v != i+1 {
			return nil, fmt.Errorf("storage: migration file %s: want the number %04d_…", name, i+1)
		}
		data, err := fs.ReadFile(fsys, path)
		if err != nil {
			return nil, err
		}
		out = append(out, pgMigration{version: v, name: name, sql: string(data)})
	}
	return out, nil
}

// PostgresSchemaVersion is the PostgreSQL schema this taflbot writes: the
// number of migrations it knows.
func PostgresSchemaVersion() int { return len(pgMigrations) }

// migrate brings the schema up to date when apply is set (else only
// checks it). Processes starting at once take turns: the first migrates,
// the others then find nothing to do. It returns the versions before and
// after.
func (b *pgBackend) migrate(ctx context.Context, apply bool) (from, to int, err error) {
	conn, err := b.pool.Acquire(ctx)
	if err != nil {
		return 0, 0, err
	}
	defer conn.Release()
	if apply {
		// A session lock, per schema: several taflbots in one database
		// (different schemas) migrate independently.
		if _, err := conn.Exec(ctx, "SELECT pg_advisory_lock(hashtextextended('taflbot migrate ' || current_schema(), 0))"); err != nil {
			return 0, 0, fmt.Errorf("lock for migrating: %w", err)
		}
		defer conn.Exec(context.WithoutCancel(ctx), "SELECT pg_advisory_unlock(hashtextextended('taflbot migrate ' || current_schema(), 0))")
		if _, err := conn.Exec(ctx, `CREATE TABLE IF NOT EXISTS taflbot_migrations (
			version integer PRIMARY KEY,
			name    text NOT NULL,
			applied timestamptz NOT NULL DEFAULT now())`); err != nil {
			var pe *pgconn.PgError
			if !errors.As(err, &pe) || pe.Code != "42501" { // insufficient_privilege
				return 0, 0, fmt.Errorf("create taflbot_migrations: %w", err)
			}
			user := conn.Conn().Config().User
			conn.QueryRow(ctx, "SELECT current_user").Scan(&user)
			owner := fmt.Sprintf("create the schema with CREATE SCHEMA %s AUTHORIZATION %s", b.schema, user)
			if b.schema == "public" {
				owner = fmt.Sprintf("create the database with CREATE DATABASE … OWNER %s, as docs/SCALING.md does", user)
			}
			return 0, 0, fmt.Errorf("create taflbot_migrations: %w: the user %s may not create tables in the schema %s: GRANT CREATE ON SCHEMA %s TO %s, or %s",
				err, user, b.schema, b.schema, user, owner)
		}
	}
	from, err = b.schemaVersion(ctx, conn.Conn())
	if err != nil {
		return 0, 0, err
	}
	switch {
	case from > len(pgMigrations):
		return from, from, fmt.Errorf("%w: the schema is at version %d, this taflbot knows up to %d: upgrade taflbot", ErrSchemaTooNew, from, len(pgMigrations))
	case from == len(pgMigrations):
		return from, from, nil
	case !apply:
		return from, from, fmt.Errorf("the schema is at version %d, this taflbot needs %d: run taflbot db migrate (or start taflbot, which migrates)", from, len(pgMigrations))
	}
	for _, m := range pgMigrations[from:] {
		err := pgx.BeginFunc(ctx, conn, func(tx pgx.Tx) error {
			if _, err := tx.Exec(ctx, m.sql); err != nil {
				return err
			}
			_, err := tx.Exec(ctx, "INSERT INTO taflbot_migrations (version, name) VALUES ($1, $2)", m.version, m.name)
			return err
		})
		if err != nil {
			return from, m.version - 1, fmt.Errorf("migration %s: %w", m.name, err)
		}
	}
	return from, len(pgMigrations), nil
}

// needSchema refuses, with ErrNoSchema, a schema without taflbot's
// tables (no migration applied): a database that was never taflbot's,
// named by mistake, where migrating would add taflbot's tables.
func (b *pgBackend) needSchema(ctx context.Context) error {
	conn, err := b.pool.Acquire(ctx)
	if err != nil {
		return err
	}
	defer conn.Release()
	v, err := b.schemaVersion(ctx, conn.Conn())
	if err != nil {
		return err
	}
	if v == 0 {
		return fmt.Errorf("%w: the schema %s holds no taflbot tables, and none were created: check the database name (and any search_path) in the URL; "+
			"to make a new taflbot database there, start taflbot on it or run taflbot db migrate", ErrNoSchema, b.schema)
	}
	return nil
}

// schemaVersion returns the last migration applied (0: none, or no
// taflbot_migrations table).
func (b *pgBackend) schemaVersion(ctx context.Context, conn *pgx.Conn) (int, error) {
	var exists bool
	if err := conn.QueryRow(ctx, "SELECT to_regclass('taflbot_migrations') IS NOT NULL").Scan(&exists); err != nil {
		return 0, fmt.Errorf("read the schema version: %w", err)
	}
	if !exists {
		return 0, nil
	}
	var v int
	if err := conn.QueryRow(ctx, "SELECT coalesce(max(version), 0) FROM taflbot_migrations").Scan(&v); err != nil {
		return 0, fmt.Errorf("read the schema version: %w", err)
	}
	return v, nil
}

// Migrate applies the pending PostgreSQL schema migrations to the
// database at url (what Open does at start-up) and returns the schema
// versions before and after. For a bbolt file it reports the schema
// version, migrating it as Open does.
func Migrate(ctx context.Context, database string) (from, to int, err error) {
	if !IsPostgres(database) {
		s, err := Open(database, Options{})
		if err != nil {
			return 0, 0, err
		}
		return SchemaVersion, SchemaVersion, s.Close()
	}
	b, err := connectPostgres(database, Options{MaxConns: 2})
	if err != nil {
		return 0, 0, err
	}
	defer b.close()
	from, to, err = b.migrate(ctx, true)
	if err != nil {
		return from, to, atDatabase(database, err)
	}
	return from, to, nil
}
