package storage_test

import (
	"context"
	"errors"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/taflbot/taflbot/internal/pgtest"
	"github.com/taflbot/taflbot/storage"
	"github.com/taflbot/taflbot/tafl"
)

// TestPostgresTwoStoresRaceOneMove: two Stores on one PostgreSQL database
// (two processes, each with its own connections) race to play the same
// move in the same games; in each game exactly one is applied and the
// other gets ErrStale.
func TestPostgresTwoStoresRaceOneMove(t *testing.T) {
	db := pgtest.NewDatabase(t)
	b := testBackends[1]
	s1 := b.openAt(t, db, storage.Options{MaxConns: 4})
	s2 := b.openAt(t, db, storage.Options{MaxConns: 4})
	ctx := t.Context()
	const games = 40
	var ids []storage.GameID
	for range games {
		g := newHumanGame(t, "111", "222")
		if err := s1.CreateGame(ctx, g); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, g.ID)
	}
	// Both processes show the same board and their players click at
	// once, each a different move.
	type result struct {
		store int
		err   error
	}
	results := make([][]result, games)
	var mu sync.Mutex
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i, id := range ids {
		for n, s := range []*storage.Store{s1, s2} {
			move := []string{"d1-d3", "h1-h3"}[n]
			wg.Go(func() {
				<-start
				// Both saw the board at ply 0.
				_, err := s.UpdateGame(ctx, id, 0, func(g *storage.Game) error {
					_, err := g.Tafl().PlayText(move)
					return err
				})
				mu.Lock()
				results[i] = append(results[i], result{n, err})
				mu.Unlock()
			})
		}
	}
	close(start)
	wg.Wait()
	wins := [2]int{}
	for i, id := range ids {
		var applied []int
		for _, r := range results[i] {
			switch {
			case r.err == nil:
				applied = append(applied, r.store)
			case !errors.Is(r.err, storage.ErrStale):
				t.Fatalf("game %d, store %d: %v", id, r.store, r.err)
			}
		}
		if len(applied) != 1 {
			t.Fatalf("game %d: %d moves applied, want exactly 1", id, len(applied))
		}
		wins[applied[0]]++
		g, err := s2.GetGame(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		want := []string{"d1-d3", "h1-h3"}[applied[0]]
		if g.Ply() != 1 || g.Moves()[0] != want {
			t.Errorf("game %d: moves %v, want [%s] (the winner's)", id, g.Moves(), want)
		}
	}
	t.Logf("first store won %d races, second %d", wins[0], wins[1])
	if rep, err := s1.Check(ctx); err != nil || !rep.OK() {
		t.Errorf("check: %v %+v", err, rep)
	}
}

// TestPostgresRatingsAcrossStores: games between the same two players
// end at once through two Stores; every result reaches the records (none
// lost to a concurrent write) and no transaction deadlocks for good.
func TestPostgresRatingsAcrossStores(t *testing.T) {
	db := pgtest.NewDatabase(t)
	b := testBackends[1]
	stores := []*storage.Store{b.openAt(t, db, storage.Options{}), b.openAt(t, db, storage.Options{})}
	ctx := t.Context()
	const games = 30
	var ids []storage.GameID
	for i := range games {
		a, d := "111", "222"
		if i%2 == 1 {
			a, d = d, a // both orders, so that the two players' locks are taken both ways
		}
		g := newHumanGame(t, a, d)
		g.Casual = i%3 == 0
		if err := stores[0].CreateGame(ctx, g); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, g.ID)
	}
	var wg sync.WaitGroup
	for i, id := range ids {
		wg.Go(func() {
			_, err := stores[i%2].UpdateGame(ctx, id, -1, func(g *storage.Game) error {
				for g.Ply() < storage.MinRatedPlies { // a game ended sooner would count nowhere
					if _, err := g.Tafl().Play(g.Tafl().LegalMoves()[0]); err != nil {
						return err
					}
				}
				return g.Tafl().Resign(tafl.Attackers)
			})
			if err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	for _, u := range []string{"111", "222"} {
		p, err := stores[1].GetPlayer(ctx, "g1", u)
		if err != nil {
			t.Fatal(err)
		}
		if p.Wins+p.Losses != games || p.Wins != games/2 || p.Variants["copenhagen"].Games() != games-games/3 {
			t.Errorf("player %s: %d wins %d losses, %d rated; want %d, %d, %d", u, p.Wins, p.Losses, p.Variants["copenhagen"].Games(), games/2, games/2, games-games/3)
		}
	}
}

// TestPostgresMigrations: a new database gets every migration once, even
// when several processes start at once; a schema from a newer taflbot is
// refused; NoMigrate refuses an old one and Migrate brings it up.
func TestPostgresMigrations(t *testing.T) {
	db := pgtest.NewDatabase(t)
	var wg sync.WaitGroup
	errs := make(chan error, 5)
	for range 5 {
		wg.Go(func() {
			s, err := storage.Open(db, storage.Options{MaxConns: 2})
			if err == nil {
				err = s.Close()
			}
			errs <- err
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatalf("opening at once: %v", err)
		}
	}
	want := strconv.Itoa(storage.PostgresSchemaVersion())
	if got := pgtest.QueryString(t, db, "SELECT count(*)::text || '/' || max(version)::text FROM taflbot_migrations"); got != want+"/"+want {
		t.Errorf("migrations recorded (count/last): %s, want each of %s once", got, want)
	}

	// Too new.
	pgtest.Exec(t, db, "INSERT INTO taflbot_migrations (version, name) VALUES (999, '0999_future.sql')")
	if _, err := storage.Open(db, storage.Options{}); !errors.Is(err, storage.ErrSchemaTooNew) || !strings.Contains(err.Error(), "upgrade taflbot") ||
		strings.Count(err.Error(), "storage: ") != 1 { // it said "storage: URL: storage: database was written…"
		t.Errorf("a newer schema: %v, want ErrSchemaTooNew", err)
	}
	pgtest.Exec(t, db, "DELETE FROM taflbot_migrations WHERE version = 999")

	// Too old: an empty schema, opened with NoMigrate, then migrated.
	old := pgtest.NewDatabase(t)
	_, err := storage.Open(old, storage.Options{NoMigrate: true})
	if err == nil || !strings.Contains(err.Error(), "taflbot db migrate") {
		t.Errorf("NoMigrate on an empty database: %v", err)
	}
	from, to, err := storage.Migrate(t.Context(), old)
	if err != nil || from != 0 || to != storage.PostgresSchemaVersion() {
		t.Errorf("Migrate: %d → %d, %v", from, to, err)
	}
	from, to, err = storage.Migrate(t.Context(), old)
	if err != nil || from != to {
		t.Errorf("Migrate again: %d → %d, %v", from, to, err)
	}
	s, err := storage.Open(old, storage.Options{NoMigrate: true})
	if err != nil {
		t.Fatal(err)
	}
	if rep, err := s.Check(t.Context()); err != nil || !rep.OK() {
		t.Errorf("check of the migrated database: %v %+v", err, rep)
	}
	s.Close()
}

// TestPostgresBadURLs: a URL that does not parse or names no server
// fails with a message that keeps the password out.
func TestPostgresBadURLs(t *testing.T) {
	for _, u := range []string{
		"postgres://taflbot:s3cret@127.0.0.1:1/taflbot?connect_timeout=2",
		"postgres://taflbot:s3cret@[::1/taflbot",
		"postgres://taflbot:s3cret@localhost/taflbot?sslmode=bogus",
	} {
		s, err := storage.Open(u, storage.Options{})
		if err == nil {
			s.Close()
			t.Errorf("%s: opened", u)
			continue
		}
		if strings.Contains(err.Error(), "s3cret") {
			t.Errorf("the error shows the password: %v", err)
		}
		t.Logf("%v", err)
	}
	// What is wrong is said, whether or not pgx's error wraps another.
	for u, want := range map[string]string{
		"postgres://taflbot:s3cret@db.example:notaport/taflbot":   "invalid port",
		"postgres://taflbot:s3cret@db.example/t?pool_max_conns=0": "pool_max_conns too small",
		"postgres://taflbot:s3cret@db.example/t?pool_max_conns=x": `cannot parse pool_max_conns (strconv.ParseInt: parsing "x": invalid syntax)`,
	} {
		_, err := storage.Open(u, storage.Options{})
		if err == nil || !strings.HasSuffix(err.Error(), want) || strings.Contains(err.Error(), "%!") || strings.Contains(err.Error(), "s3cret") {
			t.Errorf("%s: %v, want an error ending %q", u, err, want)
		}
	}
	// A backup of a PostgreSQL store is pg_dump's job.
	s := testBackends[1].openAt(t, pgtest.NewDatabase(t), storage.Options{})
	if _, err := s.Backup(context.Background(), nil); err == nil || !strings.Contains(err.Error(), "pg_dump") {
		t.Errorf("Backup on PostgreSQL: %v", err)
	}
}

// TestPostgresSSLMode: an sslmode PostgreSQL does not know is refused
// before connecting, for a Unix socket as for TCP (pgx checked it for TCP
// only and connected to a socket whatever it said), naming the valid
// ones; one that asks for TLS on a Unix socket, where PostgreSQL never
// uses it, gets a warning naming the socket; TCP hosts and the other
// modes get none. No server is needed.
func TestPostgresSSLMode(t *testing.T) {
	sock := t.TempDir() // a folder: a Unix socket host, with no server
	for _, u := range []string{
		"postgres:///taflbot?host=" + sock + "&sslmode=requre",
		"postgres://taflbot:s3cret@127.0.0.1:1/taflbot?sslmode=requre",
	} {
		_, err := storage.Open(u, storage.Options{})
		if err == nil || !strings.HasSuffix(err.Error(), `: sslmode "requre" is not one of disable, allow, prefer, require, verify-ca, verify-full`) ||
			strings.Contains(err.Error(), "s3cret") {
			t.Errorf("%s: %v", u, err)
		}
	}
	t.Setenv("PGSSLMODE", "on")
	if _, err := storage.Open("postgres:///taflbot?host="+sock, storage.Options{}); err == nil ||
		!strings.HasSuffix(err.Error(), `: the PGSSLMODE environment variable "on" is not one of disable, allow, prefer, require, verify-ca, verify-full`) {
		t.Errorf("PGSSLMODE=on: %v", err)
	}
	t.Setenv("PGSSLMODE", "verify-full")
	for u, want := range map[string]int{
		"postgres:///taflbot?host=" + sock + "&sslmode=require":                    1,
		"postgres:///taflbot?host=" + sock + "&sslmode=verify-ca":                  1,
		"postgres:///taflbot?host=" + sock:                                         1, // PGSSLMODE
		"postgres:///taflbot?host=" + sock + "," + sock + "&port=5432,5433":        1,
		"postgres:///taflbot?host=" + sock + ",db.example.org&sslmode=verify-full": 1,
		"postgres:///taflbot?host=" + sock + "&sslmode=prefer":                     0,
		"postgres:///taflbot?host=" + sock + "&sslmode=disable":                    0,
		"postgres://taflbot@db.example.org/taflbot?sslmode=verify-full":            0,
		"postgres:///taflbot?host=" + sock + "&sslmode=requre":                     0, // an error of Open's
		"taflbot.db": 0,
	} {
		w := storage.URLWarnings(u)
		if len(w) != want {
			t.Errorf("%s: warnings %q, want %d", u, w, want)
			continue
		}
		if want == 1 && (!strings.Contains(w[0], "does not apply to the Unix socket "+sock+": PostgreSQL never encrypts a socket connection") ||
			!strings.Contains(w[0], "without TLS and checks no certificate")) {
			t.Errorf("%s: warning %q", u, w[0])
		}
	}
}

// TestPostgresSearchPathWithoutSchema: a search_path naming a schema
// that does not exist is refused with the statement that creates it (the
// connection then has no current schema to create the tables in).
func TestPostgresSearchPathWithoutSchema(t *testing.T) {
	server, err := url.Parse(pgtest.ServerURL(t))
	if err != nil {
		t.Fatal(err)
	}
	q := server.Query()
	q.Set("search_path", "taflbot_no_such_schema")
	server.RawQuery = q.Encode()
	_, err = storage.Open(server.String(), storage.Options{})
	if err == nil || !strings.Contains(err.Error(), "search_path names no existing schema") || !strings.Contains(err.Error(), "CREATE SCHEMA taflbot_no_such_schema AUTHORIZATION ") {
		t.Errorf("a search_path naming no schema: %v", err)
	}
	// Opened to read (taflbot db check, export, puzzles, the source of a
	// copy), most likely with a misspelt schema, it is not a taflbot
	// database (ErrNoSchema), and the first thing to check is the name:
	// it said "no schema to create the tables in" and to create it.
	for _, opts := range []storage.Options{{ReadOnly: true}, {NoCreate: true}} {
		_, err = storage.Open(server.String(), opts)
		if !errors.Is(err, storage.ErrNoSchema) || !strings.Contains(err.Error(), "check the schema name in the URL") || strings.Contains(err.Error(), "to create the tables in") {
			t.Errorf("opened with %+v: %v", opts, err)
		}
	}
}

// TestPostgresUserMayNotCreateTables: a user without the right to create
// tables in the schema (as in PostgreSQL 15's public schema of a database
// someone else owns) is told the statement that gives it ("does the user
// may create tables…?" it asked).
func TestPostgresUserMayNotCreateTables(t *testing.T) {
	db := pgtest.NewDatabase(t)
	u, err := url.Parse(db)
	if err != nil {
		t.Fatal(err)
	}
	schema := u.Query().Get("search_path")
	role := strings.Replace(schema, "taflbot_test_", "taflbot_test_role_", 1)
	pgtest.Exec(t, db, "CREATE ROLE "+role)
	t.Cleanup(func() { pgtest.Exec(t, db, "DROP OWNED BY "+role+"; DROP ROLE "+role) })
	pgtest.Exec(t, db, "GRANT USAGE ON SCHEMA "+schema+" TO "+role)
	q := u.Query()
	q.Set("role", role) // connect as the test's user, act as role
	u.RawQuery = q.Encode()
	_, err = storage.Open(u.String(), storage.Options{})
	want := "the user " + role + " may not create tables in the schema " + schema + ": GRANT CREATE ON SCHEMA " + schema + " TO " + role
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("opening as a user who may not create tables: %v\nwant %q", err, want)
	}
}

// TestPostgresWatchAcrossStores: a process hears through LISTEN/NOTIFY of
// engine work another process said is due, and after its listening
// connection is cut it connects again, says Resync, and hears again.
func TestPostgresWatchAcrossStores(t *testing.T) {
	db := pgtest.NewDatabase(t)
	b := testBackends[1]
	worker := b.openAt(t, db, storage.Options{})
	front := b.openAt(t, db, storage.Options{})
	ctx := t.Context()
	events, err := worker.WatchEngine(ctx)
	if err != nil {
		t.Fatal(err)
	}
	g := newEngineGame(t, front, "111")
	if err := front.NotifyEngine(ctx, g.ID); err != nil {
		t.Fatal(err)
	}
	expectEvent(t, events, storage.EngineEvent{Game: g.ID})
	// Cut the listening connection (what a database restart or a network
	// failure does).
	pgtest.Exec(t, db, `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
		WHERE query = 'LISTEN "taflbot_engine:' || current_schema() || '"'`)
	timeout := time.After(20 * time.Second)
	for resynced := false; !resynced; {
		select {
		case e := <-events:
			resynced = e.Resync
		case <-timeout:
			t.Fatal("no resync after the listening connection was cut")
		}
	}
	h := newEngineGame(t, front, "222")
	if err := front.NotifyEngine(ctx, h.ID); err != nil {
		t.Fatal(err)
	}
	expectEvent(t, events, storage.EngineEvent{Game: h.ID})
}

// TestPostgresChallengeLimitAcrossStores: two processes (Stores) create
// challenges of one player at once, each under a check allowing 3 open
// ones; together they create exactly 3.
func TestPostgresChallengeLimitAcrossStores(t *testing.T) {
	db := pgtest.NewDatabase(t)
	b := testBackends[1]
	stores := []*storage.Store{b.openAt(t, db, storage.Options{}), b.openAt(t, db, storage.Options{})}
	var wg sync.WaitGroup
	var mu sync.Mutex
	made := 0
	full := errors.New("full")
	for i := range 20 {
		wg.Go(func() {
			c := &storage.Challenge{GuildID: "g1", ChannelID: "c1", ChallengerID: "111", Variant: "brandubh",
				MoveTime: 24 * time.Hour, Expires: time.Now().Add(time.Hour)}
			err := stores[i%2].CreateChallengeIf(t.Context(), c, func(open []*storage.Challenge) error {
				if len(open) >= 3 {
					return full
				}
				return nil
			})
			switch {
			case err == nil:
				mu.Lock()
				made++
				mu.Unlock()
			case err != full:
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if open, err := stores[0].OpenChallenges(t.Context()); made != 3 || len(open) != 3 || err != nil {
		t.Errorf("%d created (%d stored, %v), want 3", made, len(open), err)
	}
}

// TestPostgresEngineGameLimitAcrossStores: two processes (Stores) create
// games against the engine for one player at once; together they create
// exactly as many as the limit.
func TestPostgresEngineGameLimitAcrossStores(t *testing.T) {
	db := pgtest.NewDatabase(t)
	b := testBackends[1]
	stores := []*storage.Store{b.openAt(t, db, storage.Options{}), b.openAt(t, db, storage.Options{})}
	var wg sync.WaitGroup
	var mu sync.Mutex
	made := 0
	for i := range 20 {
		wg.Go(func() {
			g, _ := storage.NewGame("brandubh", "")
			g.GuildID, g.Attackers, g.Defenders = "g1", storage.AI("easy"), storage.Human("111")
			err := stores[i%2].CreateEngineGame(t.Context(), g, 4, 0)
			switch {
			case err == nil:
				mu.Lock()
				made++
				mu.Unlock()
			case !errors.Is(err, storage.ErrEngineGameLimit):
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if n, _, err := stores[0].ActiveEngineGames(t.Context(), "111", ""); made != 4 || n != 4 || err != nil {
		t.Errorf("%d created (%d stored, %v), want 4", made, n, err)
	}
}

// TestPostgresLoginRefusedSaysWhichUser: a server that refuses the login
// (here a role that does not exist) is told apart from one that cannot
// be reached: the error names the user and says to check the user and
// password in the URL or create the role (it asked whether the server
// was running); an unreachable server still gets that question.
func TestPostgresLoginRefusedSaysWhichUser(t *testing.T) {
	u, err := url.Parse(pgtest.ServerURL(t))
	if err != nil {
		t.Fatal(err)
	}
	u.User = url.UserPassword("taflbot_no_such_role", "s3cret")
	_, err = storage.Open(u.String(), storage.Options{})
	want := `the server refused to log in the user taflbot_no_such_role: check the user and password in the URL (postgres://USER:PASSWORD@host/dbname), or create the role on the server (CREATE ROLE "taflbot_no_such_role" LOGIN PASSWORD '…')`
	if err == nil || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "is the server running") || strings.Contains(err.Error(), "s3cret") {
		t.Errorf("a login refused: %v\nwant %q", err, want)
	}
	_, err = storage.Open("postgres://taflbot@127.0.0.1:1/taflbot?connect_timeout=2", storage.Options{})
	if err == nil || !strings.HasSuffix(err.Error(), "(is the server running, and the URL right?)") {
		t.Errorf("a server not reached: %v", err)
	}
}

// TestPostgresMissingDatabaseSaysSo: a URL naming a database the server
// does not have is told so, with the database named and the statement
// that creates it (it asked whether the server was running).
func TestPostgresMissingDatabaseSaysSo(t *testing.T) {
	u, err := url.Parse(pgtest.ServerURL(t))
	if err != nil {
		t.Fatal(err)
	}
	u.Path = "/taflbot_no_such_database"
	_, err = storage.Open(u.String(), storage.Options{ReadOnly: true})
	want := `the server has no database taflbot_no_such_database: check the database name in the URL (postgres://user@host/DBNAME), or create it (CREATE DATABASE "taflbot_no_such_database" OWNER `
	if err == nil || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "is the server running") {
		t.Errorf("a database the server lacks: %v\nwant %q", err, want)
	}
}
