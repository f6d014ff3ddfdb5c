package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/taflbot/taflbot/internal/pgtest"
	"github.com/taflbot/taflbot/storage"
	"github.com/taflbot/taflbot/tournament"
)

// TestDBCopyToPostgresAndBack moves a bbolt database into PostgreSQL with
// taflbot db copy and back into a new file: each copy prints both sides'
// checks, and db check on the three shows the same counts and digest.
func TestDBCopyToPostgresAndBack(t *testing.T) {
	pg := pgtest.NewDatabase(t)
	path, games := newDB(t)
	back := filepath.Join(t.TempDir(), "back.db")

	out, _, err := runDBTest(t, "copy", "-from", path, "-to", pg)
	if err != nil || !strings.Contains(out, "copied 3 games") || !strings.HasSuffix(out, "ok: both sides hold the same data\n") {
		t.Fatalf("copy to PostgreSQL: %v\n%s", err, out)
	}
	out, _, err = runDBTest(t, "copy", "-from", pg, "-to", back)
	if err != nil || !strings.HasSuffix(out, "ok: both sides hold the same data\n") {
		t.Fatalf("copy back: %v\n%s", err, out)
	}
	digest := regexp.MustCompile(`digest [0-9a-f]{64}`)
	var digests []string
	for _, db := range []string{path, pg, back} {
		out, _, err := runDBTest(t, "check", "-db", db)
		if err != nil || !strings.Contains(out, "3 games (2 active), 0 challenges, 2 players, 0 servers") || !strings.HasSuffix(out, "ok\n") {
			t.Fatalf("check %s: %v\n%s", db, err, out)
		}
		digests = append(digests, digest.FindString(out))
	}
	if digests[0] == "" || digests[0] != digests[1] || digests[0] != digests[2] {
		t.Errorf("digests differ: %q", digests)
	}
	s, err := storage.Open(pg, storage.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range games {
		got, err := s.GetGame(t.Context(), want.ID)
		if err != nil || strings.Join(got.Moves(), " ") != strings.Join(want.Moves(), " ") || got.Outcome() != want.Outcome() {
			t.Errorf("game %d in PostgreSQL: %v", want.ID, err)
		}
	}
	s.Close()

	// Copies refuse to overwrite.
	if out, _, err := runDBTest(t, "copy", "-from", path, "-to", pg); err == nil || !strings.Contains(err.Error(), "not empty") {
		t.Errorf("copy into a full PostgreSQL database: %v\n%s", err, out)
	}
	if _, _, err := runDBTest(t, "copy", "-from", pg, "-to", back); err == nil || !strings.Contains(err.Error(), "already exists") {
		t.Errorf("copy over an existing file: %v", err)
	}
	// The rest of db on PostgreSQL.
	if out, _, err := runDBTest(t, "migrate", "-db", pg); err != nil || !strings.Contains(out, "up to date") {
		t.Errorf("migrate: %v %q", err, out)
	}
	if out, _, err := runDBTest(t, "export", "-db", pg, "-o", "-"); err != nil || strings.Count(out, "[event:taflbot game ") != 3 {
		t.Errorf("export: %v", err)
	}
	for _, args := range [][]string{{"backup", "-db", pg, "-o", filepath.Join(t.TempDir(), "b.db")}, {"compact", "-db", pg, "-o", filepath.Join(t.TempDir(), "c.db")}} {
		if _, _, err := runDBTest(t, args...); err == nil || !strings.Contains(err.Error(), "PostgreSQL") {
			t.Errorf("db %s on PostgreSQL: %v", args[0], err)
		}
	}
	if _, _, err := runDBTest(t, "migrate", "-db", path); err == nil || !strings.Contains(err.Error(), "bbolt") {
		t.Errorf("migrate of a bbolt file: %v", err)
	}
}

// TestDBMigrateNewDatabase: db migrate creates the schema of an empty
// PostgreSQL database, after which a read-only check finds it sound.
func TestDBMigrateNewDatabase(t *testing.T) {
	pg := pgtest.NewDatabase(t)
	if out, _, err := runDBTest(t, "check", "-db", pg); err == nil {
		t.Errorf("a read-only check of an empty database succeeded: %s", out)
	}
	out, _, err := runDBTest(t, "migrate", "-db", pg)
	if err != nil || !strings.Contains(out, "migrated from version 0 to") {
		t.Fatalf("migrate: %v %q", err, out)
	}
	if out, _, err := runDBTest(t, "check", "-db", pg); err != nil || !strings.Contains(out, "0 games") {
		t.Errorf("check: %v %q", err, out)
	}
}

// TestConsoleOnPostgres runs the bot (console mode) on a PostgreSQL
// database given by TAFLBOT_DATABASE, with a password in the URL that no
// log line shows; the games are then in PostgreSQL.
func TestConsoleOnPostgres(t *testing.T) {
	pg := pgtest.NewDatabase(t)
	u, err := url.Parse(pg)
	if err != nil {
		t.Fatal(err)
	}
	u.User = url.UserPassword(u.User.Username(), "pw-secret-123") // the test server trusts local users
	withPassword := u.String()
	dir := t.TempDir()
	cfg := writeConfig(t, `{"log_format": "text"}`)
	script := "/tafl challenge opponent:bob variant:brandubh\nas bob\nclick Accept\nquit\n"
	var out, errOut bytes.Buffer
	env := func(k string) string {
		if k == "TAFLBOT_DATABASE" {
			return withPassword
		}
		return ""
	}
	err = run(context.Background(), []string{"-console", "-v", "-config", cfg, "-boards", filepath.Join(dir, "boards")}, strings.NewReader(script), &out, &errOut, env)
	if err != nil {
		t.Fatalf("run: %v\n%s", err, errOut.String())
	}
	if !strings.Contains(out.String(), "@bob accepted the challenge") {
		t.Errorf("console output:\n%s", out.String())
	}
	if strings.Contains(errOut.String()+out.String(), "pw-secret-123") {
		t.Errorf("the database password was printed:\n%s", errOut.String())
	}
	if !strings.Contains(errOut.String(), "xxxxx") {
		t.Errorf("the start-up log does not name the (redacted) database:\n%s", errOut.String())
	}
	s, err := storage.Open(pg, storage.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	gs, err := s.ActiveGameIDs(t.Context())
	if err != nil || len(gs) != 1 {
		t.Fatalf("active games in PostgreSQL: %v %v", err, gs)
	}
	if g, err := s.GetGame(t.Context(), gs[0]); err != nil || g.Variant() != "brandubh" {
		t.Errorf("the game in PostgreSQL: %v %v", err, g)
	}
	if _, err := os.Stat(filepath.Join(dir, "taflbot.db")); err == nil {
		t.Error("a bbolt file was created")
	}
}

// TestEngineOnlyProcess runs the real program with roles engine and clock
// on PostgreSQL: it opens no gateway and registers no commands (it reads
// them, for their ids: bot.learnCommandID), but makes
// the engine's move that is due (posting the board through REST) and
// stops cleanly.
func TestEngineOnlyProcess(t *testing.T) {
	pg := pgtest.NewDatabase(t)
	s, err := storage.Open(pg, storage.Options{})
	if err != nil {
		t.Fatal(err)
	}
	g, _ := storage.NewGame("brandubh", "")
	g.GuildID, g.ChannelID, g.MoveTime = "100", "200", 24*time.Hour
	g.Attackers, g.Defenders = storage.AI("easy"), storage.Human("111")
	if err := s.CreateGame(t.Context(), g); err != nil {
		t.Fatal(err)
	}
	rest, calls := fakeREST(t, func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, `{"id":"700","channel_id":"200"}`) })
	cfg := writeConfig(t, fmt.Sprintf(`{"database": %q, "roles": ["engine", "clock"], "application_id": "123",
		"rest_base_url": %q, "log_format": "text", "engine_lease": "5s"}`, pg, rest))
	env := func(k string) string {
		if k == "DISCORD_TOKEN" {
			return "tok"
		}
		return ""
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	// run writes its log while the test may read it (when it fails).
	var errOut bytes.Buffer
	var errOutMu sync.Mutex
	logs := func() string { errOutMu.Lock(); defer errOutMu.Unlock(); return errOut.String() }
	go func() {
		done <- run(ctx, []string{"-config", cfg}, strings.NewReader(""), io.Discard, lockedWriter{&errOutMu, &errOut}, env)
	}()
	// A start-up and an engine move can take many seconds on a busy
	// machine under -race; a process that ends first fails at once.
	deadline := time.Now().Add(60 * time.Second)
	for {
		got, err := s.GetGame(t.Context(), g.ID)
		if err == nil && got.Ply() == 1 {
			break
		}
		select {
		case err := <-done:
			cancel()
			t.Fatalf("the engine-only process ended before its move: %v\n%s", err, logs())
		default:
		}
		if time.Now().After(deadline) {
			cancel()
			t.Fatalf("the engine-only process made no move in 60 s\n%s", logs())
		}
		time.Sleep(20 * time.Millisecond)
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("run: %v\n%s", err, logs())
		}
	case <-time.After(60 * time.Second):
		t.Fatal("the process did not stop")
	}
	s.Close()
	posted, reqs := false, calls()
	for _, r := range reqs {
		// It may read the commands (GET, for their mentions in its
		// texts) but never registers them.
		if strings.Contains(r, "gateway") || strings.Contains(r, "/commands") && !strings.HasPrefix(r, "GET ") {
			t.Errorf("an engine-only process made the request %s", r)
		}
		if r == "POST /api/v9/channels/200/messages" {
			posted = true
		}
	}
	if !posted {
		t.Errorf("the engine's board was not posted: %v", reqs)
	}
}

// TestDBPuzzlesOnPostgres: taflbot db puzzles mines the finished games of
// a PostgreSQL database into puzzles of their servers, once.
func TestDBPuzzlesOnPostgres(t *testing.T) {
	pg := pgtest.NewDatabase(t)
	path, id := dbWithWonPuzzleGame(t)
	if out, _, err := runDBTest(t, "copy", "-from", path, "-to", pg); err != nil {
		t.Fatalf("copy to PostgreSQL: %v\n%s", err, out)
	}
	for i, want := range []string{"4 games, 2 won; 1 puzzle found, 1 new", "4 games, 2 won; 1 puzzle found, 0 new"} {
		out, _, err := runDBTest(t, "puzzles", "-db", pg, "-budget", testMineBudget)
		if err != nil || !strings.Contains(out, want) {
			t.Errorf("run %d: %q %v, want %q", i+1, out, err, want)
		}
	}
	s, err := storage.Open(pg, storage.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ps, _ := s.Puzzles(t.Context(), "100")
	if len(ps) != 1 || ps[0].Source != "game "+id.String()+", before move 1" || ps[0].Solution[0] != "g5-g3" {
		t.Errorf("puzzles of server 100 in PostgreSQL: %+v", ps)
	}
}

// TestLearningOnPostgres: a hint, a review and a puzzle in console mode on
// PostgreSQL: the hint counted on the game, the review stored, the
// starter puzzles there.
func TestLearningOnPostgres(t *testing.T) {
	pg := pgtest.NewDatabase(t)
	dir := t.TempDir()
	cfg := writeConfig(t, `{"log_format": "text", "review_nodes": 3000}`)
	script := strings.Join([]string{
		"/tafl ai variant:brandubh side:attackers level:easy",
		"click Hint",
		"/tafl move d2-c2",
		"/tafl resign",
		"click Yes, resign",
		"click Analyse",
		"/tafl puzzle variant:tablut",
		"quit",
	}, "\n") + "\n"
	var out, errOut bytes.Buffer
	env := func(k string) string {
		if k == "TAFLBOT_DATABASE" {
			return pg
		}
		return ""
	}
	err := run(context.Background(), []string{"-console", "-config", cfg, "-boards", filepath.Join(dir, "boards")}, strings.NewReader(script), &out, &errOut, env)
	if err != nil {
		t.Fatalf("run: %v\n%s", err, errOut.String())
	}
	for _, want := range []string{"the engine suggests **", "Review of game 1", "**Puzzle ", "to move and win"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the console lacks %q:\n%s", want, out.String())
		}
	}
	s, err := storage.Open(pg, storage.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	g, err := s.GetGame(t.Context(), 1)
	if err != nil || g.Active() || g.Hints.Attackers != 1 {
		t.Fatalf("game 1 in PostgreSQL: %+v %v", g, err)
	}
	if a, err := s.GetAnalysis(t.Context(), 1); err != nil || a.Plies != g.Ply() || a.Nodes != 3000 || len(a.Report) == 0 {
		t.Errorf("the stored review: %+v %v", a, err)
	}
	if ps, err := s.Puzzles(t.Context(), "1"); err != nil || len(ps) < 200 {
		t.Errorf("%d puzzles in PostgreSQL (%v), want the starter set", len(ps), err)
	}
}

// TestDBRefusesAPostgresDatabaseWithoutTaflbotTables: the db commands that
// read or add to a taflbot database, given another database (one without
// taflbot's tables), say so and create nothing there (check
// -rebuild-indexes and puzzles migrated it: taflbot's tables appeared in
// it). db migrate and a copy into it still create the tables.
func TestDBRefusesAPostgresDatabaseWithoutTaflbotTables(t *testing.T) {
	pg := pgtest.NewDatabase(t)
	pgtest.Exec(t, pg, "CREATE TABLE customers (id integer)")
	schema := pgtest.QueryString(t, pg, "SELECT current_schema()")
	tables := func() string {
		return pgtest.QueryString(t, pg, "SELECT string_agg(tablename, ',' ORDER BY tablename) FROM pg_tables WHERE schemaname = current_schema()")
	}
	for _, args := range [][]string{
		{"check", "-db", pg},
		{"check", "-rebuild-indexes", "-db", pg},
		{"puzzles", "-db", pg},
		{"export", "-o", "-", "-db", pg},
		{"copy", "-to", filepath.Join(t.TempDir(), "copy.db"), "-from", pg},
	} {
		out, _, err := runDBTest(t, args...)
		if err == nil || !strings.Contains(err.Error(), "not a taflbot database: the schema "+schema+" holds no taflbot tables, and none were created: check the database name") {
			t.Errorf("taflbot db %v: %v\n%s", args[:len(args)-2], err, out)
		}
		if got := tables(); got != "customers" {
			t.Errorf("after taflbot db %v the tables are %s", args[:len(args)-2], got)
		}
	}
	if _, _, err := runDBTest(t, "migrate", "-db", pg); err != nil {
		t.Fatalf("migrate: %v", err)
	}
	if got := tables(); !strings.Contains(got, "taflbot_migrations") {
		t.Errorf("after migrate the tables are %s", got)
	}
}

// TestDBCopyFromPostgresWithATournamentLeftActive: a tournament a process
// of the version before migration 4 cancelled, still running beside newer
// ones, keeps tournaments.active true. db check says so as a harmless
// note and ends ok, and db copy takes the database as its source (it
// refused it, until db check -rebuild-indexes was run).
func TestDBCopyFromPostgresWithATournamentLeftActive(t *testing.T) {
	pg := pgtest.NewDatabase(t)
	s, err := storage.Open(pg, storage.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ctx := t.Context()
	tr := &storage.Tournament{GuildID: "100", ChannelID: "200", CreatorID: "111", Name: "Winter Cup", Variant: "brandubh",
		MoveTime: 48 * time.Hour, SignupDeadline: time.Now().Add(time.Hour), Names: map[string]string{},
		State: tournament.Tournament{Format: tournament.Swiss, Rounds: 3}}
	if err := s.CreateTournament(ctx, tr); err != nil {
		t.Fatal(err)
	}
	if _, err := s.UpdateTournament(ctx, tr.ID, func(t *storage.Tournament) error { t.Cancelled = true; return nil }); err != nil {
		t.Fatal(err)
	}
	s.Close()
	pgtest.Exec(t, pg, "UPDATE tournaments SET active = true")
	note := "note: tournament 1 is over but its column tournaments.active is still true"
	out, _, err := runDBTest(t, "check", "-db", pg)
	if err != nil || !strings.Contains(out, note) || strings.Contains(out, "problem") || !strings.HasSuffix(out, "ok\n") {
		t.Fatalf("check: %v\n%s", err, out)
	}
	to := filepath.Join(t.TempDir(), "copy.db")
	out, _, err = runDBTest(t, "copy", "-from", pg, "-to", to)
	if err != nil || !strings.Contains(out, note) || !strings.HasSuffix(out, "ok: both sides hold the same data\n") {
		t.Fatalf("copy: %v\n%s", err, out)
	}
	if out, _, err := runDBTest(t, "check", "-db", to); err != nil || strings.Contains(out, "note") || !strings.HasSuffix(out, "ok\n") {
		t.Errorf("check of the copy: %v\n%s", err, out)
	}
}

// TestDBCopyLeavesAnOlderPostgresDestinationAsItWas: a copy into a
// PostgreSQL database with an older schema (one that a taflbot of the
// version before still runs on, say) is refused without migrating it:
// the schema stays at its version, so those processes can restart. The
// copy migrated it first and then found it full.
func TestDBCopyLeavesAnOlderPostgresDestinationAsItWas(t *testing.T) {
	pg := pgtest.NewDatabase(t)
	path, _ := newDB(t)
	if out, _, err := runDBTest(t, "copy", "-from", path, "-to", pg); err != nil {
		t.Fatalf("copy: %v\n%s", err, out)
	}
	// Back to schema 5, as a taflbot of the version before left it.
	pgtest.Exec(t, pg, "ALTER TABLE games DROP COLUMN mine_due, DROP COLUMN board_due")
	pgtest.Exec(t, pg, "DROP INDEX games_finished_by_channel, games_finished_by_thread")
	pgtest.Exec(t, pg, "DELETE FROM taflbot_migrations WHERE version >= 6")
	other, _ := newDB(t)
	out, _, err := runDBTest(t, "copy", "-from", other, "-to", pg)
	if err == nil || !strings.Contains(err.Error(), "the schema is at version 5") || !strings.Contains(err.Error(), "left as it was") {
		t.Errorf("copy into an older database holding games: %v\n%s", err, out)
	}
	if v := pgtest.QueryString(t, pg, "SELECT max(version)::text FROM taflbot_migrations"); v != "5" {
		t.Errorf("the refused copy migrated the destination to schema %s", v)
	}
	if n := pgtest.QueryString(t, pg, "SELECT count(*)::text FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'games' AND column_name = 'mine_due'"); n != "0" {
		t.Errorf("the refused copy added games.mine_due")
	}
	if n := pgtest.QueryString(t, pg, "SELECT count(*)::text FROM games"); n != "3" {
		t.Errorf("the destination holds %s games, want its 3", n)
	}
}

// TestDBExportWithAPoolOfOneConnection: export looked a game's tournament
// up while it still read the games, which needs a second connection: with
// pool_max_conns=1 it waited for one for good. It reads first, then looks
// up.
func TestDBExportWithAPoolOfOneConnection(t *testing.T) {
	pg := pgtest.NewDatabase(t)
	path, _ := newDB(t)
	if out, _, err := runDBTest(t, "copy", "-from", path, "-to", pg); err != nil {
		t.Fatalf("copy to PostgreSQL: %v\n%s", err, out)
	}
	// Game 1 says it belongs to tournament 7, which is gone.
	pgtest.Exec(t, pg, `UPDATE games SET record = jsonb_set(record::jsonb, '{tournament}', '7')::json WHERE id = 1`)
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
	defer cancel()
	var out, errOut bytes.Buffer
	err := runDB(ctx, []string{"export", "-db", pg + "&pool_max_conns=1", "-o", "-"}, &out, &errOut, func(string) string { return "" })
	if err != nil || strings.Count(out.String(), "[event:taflbot game ") != 3 {
		t.Fatalf("export with one connection: %v\n%s%s", err, out.String(), errOut.String())
	}
}

// TestDBExportSkipsADamagedGameOnPostgres: a game record that could not
// be read stopped the whole export; it is skipped and reported.
func TestDBExportSkipsADamagedGameOnPostgres(t *testing.T) {
	pg := pgtest.NewDatabase(t)
	path, _ := newDB(t)
	if out, _, err := runDBTest(t, "copy", "-from", path, "-to", pg); err != nil {
		t.Fatalf("copy to PostgreSQL: %v\n%s", err, out)
	}
	pgtest.Exec(t, pg, `UPDATE games SET record = '{"id":1}' WHERE id = 1`)
	out, errOut, err := runDBTest(t, "export", "-db", pg, "-o", "-")
	if err == nil || !strings.Contains(err.Error(), "skipped 1 game whose record could not be read (game 1;") ||
		!strings.Contains(errOut, "skipped game 1: ") || strings.Count(out, "[event:taflbot game ") != 2 {
		t.Errorf("export: %v\nstdout:\n%s\nstderr:\n%s", err, out, errOut)
	}
}

// TestDBCheckOnPostgresSpeaksOfColumns: db check on PostgreSQL named
// bbolt's index buckets and hex keys ("index idx_games_by_player: stray
// entry 0431…", "game 0000000000000002: …"), which mean nothing there.
// It names the columns, the row's id and what they disagree on, and
// -rebuild-indexes still mends such problems.
func TestDBCheckOnPostgresSpeaksOfColumns(t *testing.T) {
	pg := pgtest.NewDatabase(t)
	path, _ := newDB(t)
	if out, _, err := runDBTest(t, "copy", "-from", path, "-to", pg); err != nil {
		t.Fatalf("copy to PostgreSQL: %v\n%s", err, out)
	}
	// Game 1 is active; its row says finished.
	pgtest.Exec(t, pg, "UPDATE games SET active = false WHERE id = 1")
	out, _, err := runDBTest(t, "check", "-db", pg)
	for _, want := range []string{
		"problem: index columns games.active: game 1: its record says active, which they do not\n",
		`problem: index columns games.attackers_user, games.defenders_user, games.active: game 1: they say player "111", finished, which its record does not` + "\n",
		`problem: index columns games.attackers_user, games.defenders_user, games.active: game 1: its record says player "111", active, which they do not` + "\n",
		`problem: index columns games.channel, games.thread, games.active: game 1: its record says active in channel or thread "200", which they do not` + "\n",
	} {
		if err == nil || !strings.Contains(out, want) {
			t.Errorf("check: %v\n%s\nwant the line\n%s", err, out, want)
		}
	}
	if strings.Contains(out, "idx_") {
		t.Errorf("check names bbolt's buckets:\n%s", out)
	}
	if out, _, err := runDBTest(t, "check", "-db", pg, "-rebuild-indexes"); err != nil || !strings.HasSuffix(out, "indexes rebuilt; ok\n") {
		t.Errorf("rebuild: %v\n%s", err, out)
	}
	pgtest.Exec(t, pg, `UPDATE games SET record = jsonb_set(record::jsonb, '{id}', '3')::json WHERE id = 2`)
	out, _, err = runDBTest(t, "check", "-db", pg)
	if err == nil || !strings.Contains(out, "problem: game 2: the record says id 3\n") {
		t.Errorf("check of a record with another id: %v\n%s", err, out)
	}
}

// TestDBFinishedGamesByChannelOnPostgres: db copy to PostgreSQL and back
// keeps the finished games findable by channel; on PostgreSQL, a row
// whose columns no longer match the record's (updated_ns) is a problem
// db check names by its columns, and -rebuild-indexes mends it.
func TestDBFinishedGamesByChannelOnPostgres(t *testing.T) {
	pg := pgtest.NewDatabase(t)
	path, games := newDB(t)
	back := filepath.Join(t.TempDir(), "back.db")
	if out, _, err := runDBTest(t, "copy", "-from", path, "-to", pg); err != nil {
		t.Fatalf("copy to PostgreSQL: %v\n%s", err, out)
	}
	finished := func(db string) {
		t.Helper()
		s, err := storage.Open(db, storage.Options{ReadOnly: true})
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		if gs, err := s.FinishedGamesInChannel(t.Context(), "200", 5); err != nil || len(gs) != 1 || gs[0].ID != games[2].ID {
			t.Errorf("finished games in the channel of %s: %v, %v; want game %d", db, gs, err, games[2].ID)
		}
	}
	finished(pg)
	pgtest.Exec(t, pg, "UPDATE games SET updated_ns = updated_ns + 1 WHERE id = $1", int64(games[2].ID))
	out, _, err := runDBTest(t, "check", "-db", pg)
	want := fmt.Sprintf(`problem: index columns games.channel, games.thread, games.active, games.updated_ns: game %d: they say finished in channel or thread "200", saved at `, games[2].ID)
	if err == nil || !strings.Contains(out, want) || strings.Contains(out, "idx_") {
		t.Errorf("check: %v\n%s\nwant a line starting\n%s", err, out, want)
	}
	if out, _, err := runDBTest(t, "check", "-db", pg, "-rebuild-indexes"); err != nil || !strings.HasSuffix(out, "indexes rebuilt; ok\n") {
		t.Errorf("rebuild: %v\n%s", err, out)
	}
	if out, _, err := runDBTest(t, "copy", "-from", pg, "-to", back); err != nil || !strings.HasSuffix(out, "ok: both sides hold the same data\n") {
		t.Fatalf("copy back: %v\n%s", err, out)
	}
	if out, _, err := runDBTest(t, "check", "-db", back); err != nil || !strings.HasSuffix(out, "ok\n") {
		t.Errorf("check of the copy back: %v\n%s", err, out)
	}
	finished(back)
}
