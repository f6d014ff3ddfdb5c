// Package pgtest gives tests a PostgreSQL database of their own: a new
// schema in the server named by the TAFLBOT_TEST_POSTGRES environment
// variable, dropped when the test ends. Without the variable the tests
// that need it are skipped, saying how to run them. .ci/run starts a
// throw-away server and sets the variable.
package pgtest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/url"
	"os"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// EnvVar names the environment variable with the server's URL.
const EnvVar = "TAFLBOT_TEST_POSTGRES"

// SkipMessage is what a test without a server says.
const SkipMessage = "PostgreSQL tests skipped: set " + EnvVar + "=postgres://user@host/db (a server the tests may create schemas in), or run .ci/run, which starts a throw-away one"

// ServerURL returns the server's URL, or skips the test with SkipMessage.
func ServerURL(t testing.TB) string {
	t.Helper()
	u := os.Getenv(EnvVar)
	if u == "" {
		t.Skip(SkipMessage)
	}
	return u
}

// Available reports whether a server is configured.
func Available() bool { return os.Getenv(EnvVar) != "" }

// NewDatabase creates an empty schema for the test and returns the URL of
// the server with search_path set to it, so that a taflbot store opened
// on it creates its tables there. The schema is dropped at cleanup.
// Without a server the test is skipped.
func NewDatabase(t testing.TB) string {
	t.Helper()
	server := ServerURL(t)
	var b [6]byte
	rand.Read(b[:])
	schema := "taflbot_test_" + hex.EncodeToString(b[:])
	exec(t, server, "CREATE SCHEMA "+schema)
	t.Cleanup(func() { exec(t, server, "DROP SCHEMA "+schema+" CASCADE") })
	u, err := url.Parse(server)
	if err != nil {
		t.Fatalf("%s: %v", EnvVar, err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}

// Exec runs SQL statements on the database at url (a URL from
// NewDatabase: in its schema).
func Exec(t testing.TB, url, sql string, args ...any) {
	t.Helper()
	exec(t, url, sql, args...)
}

func exec(t testing.TB, url, sql string, args ...any) {
	t.Helper()
	withConn(t, url, func(ctx context.Context, conn *pgx.Conn) error {
		_, err := conn.Exec(ctx, sql, args...)
		return err
	})
}

// withConn runs fn on a new connection to url, failing the test on error.
func withConn(t testing.TB, url string, fn func(ctx context.Context, conn *pgx.Conn) error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatalf("connect to the test PostgreSQL (%s): %v", EnvVar, err)
	}
	defer conn.Close(ctx)
	if err := fn(ctx, conn); err != nil {
		t.Fatal(err)
	}
}

// QueryString runs a query for one text value on the database at url.
func QueryString(t testing.TB, url, sql string, args ...any) string {
	t.Helper()
	var out string
	withConn(t, url, func(ctx context.Context, conn *pgx.Conn) error {
		return conn.QueryRow(ctx, sql, args...).Scan(&out)
	})
	return out
}
