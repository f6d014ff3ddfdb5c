package storage

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"net/url"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// pgBackend keeps the records in PostgreSQL (see pgschema/ for the
// tables). Each table holds the same JSON record as bbolt, in a json
// column, beside the columns its indexes need; those columns are derived
// from the record on every save (gameColumns), and Check compares them
// with the records.
//
// Writes run in READ COMMITTED transactions that lock what they read: a
// game or challenge row with FOR UPDATE, a player (who may not have a row
// yet) with a transaction-level advisory lock on its key. Concurrent
// writers of the same record therefore wait for each other, as in bbolt,
// while writers of different records run in parallel. A transaction that
// fails with a serialization failure or a deadlock is retried.
type pgBackend struct {
	pool    *pgxpool.Pool
	schema  string // the schema the tables are in (current_schema())
	channel string // the engine notifications' channel (notifyChannel)
}

// defaultMaxConns is the default size of a process's connection pool.
const defaultMaxConns = 16

// openTimeout bounds connecting and migrating at start-up.
const openTimeout = 60 * time.Second

func openPostgres(dsn string, opts Options) (*pgBackend, error) {
	b, err := connectPostgres(dsn, opts)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), openTimeout)
	defer cancel()
	if opts.ReadOnly || opts.NoCreate {
		if err := b.needSchema(ctx); err != nil {
			b.close()
			return nil, atDatabase(dsn, err)
		}
	}
	if _, _, err := b.migrate(ctx, !opts.ReadOnly && !opts.NoMigrate); err != nil {
		b.close()
		return nil, atDatabase(dsn, err)
	}
	return b, nil
}

// dbError is an error met on a PostgreSQL database: "storage: URL: …",
// the URL without its password, the error without a second "storage: ".
type dbError struct {
	url string
	err error
}

func (e *dbError) Error() string {
	return "storage: " + e.url + ": " + strings.TrimPrefix(e.err.Error(), "storage: ")
}
func (e *dbError) Unwrap() error { return e.err }

// atDatabase says err was met on the database at dsn.
func atDatabase(dsn string, err error) error { return &dbError{redactURL(dsn), err} }

// connectPostgres makes the connection pool and finds the schema.
func connectPostgres(dsn string, opts Options) (*pgBackend, error) {
	if _, err := sslMode(dsn); err != nil {
		return nil, fmt.Errorf("storage: %s: %w", redactURL(dsn), err)
	}
	cfg, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		return nil, fmt.Errorf("storage: the database URL %s is not a valid PostgreSQL URL (postgres://user:password@host:5432/dbname?sslmode=…): %s", redactURL(dsn), parseProblem(err))
	}
	if !strings.Contains(dsn, "pool_max_conns") {
		cfg.MaxConns = defaultMaxConns
		if opts.MaxConns > 0 {
			cfg.MaxConns = int32(opts.MaxConns)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), openTimeout)
	defer cancel()
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("storage: connect to %s: %w", redactURL(dsn), err)
	}
	// current_schema() is NULL when no schema of the search_path exists.
	var schema *string
	if err := pool.QueryRow(ctx, "SELECT current_schema()").Scan(&schema); err != nil {
		pool.Close()
		hint := "is the server running, and the URL right?"
		pe := (*pgconn.PgError)(nil)
		switch {
		case errors.As(err, &pe) && pe.Code == "3D000": // invalid_catalog_name
			db := cfg.ConnConfig.Database
			hint = fmt.Sprintf("the server has no database %s: check the database name in the URL (postgres://user@host/DBNAME), or create it (CREATE DATABASE %s OWNER %s)",
				db, pgx.Identifier{db}.Sanitize(), pgx.Identifier{cfg.ConnConfig.User}.Sanitize())
		case errors.As(err, &pe) && strings.HasPrefix(pe.Code, "28"):
			// Class 28, invalid authorization: the server answered and
			// refused the login (no such role, a wrong password, no
			// pg_hba.conf entry).
			user := cfg.ConnConfig.User
			hint = fmt.Sprintf("the server refused to log in the user %s: check the user and password in the URL (postgres://USER:PASSWORD@host/dbname), "+
				"or create the role on the server (CREATE ROLE %s LOGIN PASSWORD '…') and let it connect in pg_hba.conf", user, pgx.Identifier{user}.Sanitize())
		}
		return nil, fmt.Errorf("storage: connect to %s: %w (%s)", redactURL(dsn), err, hint)
	}
	if schema == nil || *schema == "" {
		pool.Close()
		sp := cfg.ConnConfig.RuntimeParams["search_path"]
		if opts.ReadOnly || opts.NoCreate {
			// Nothing is to be created here: most likely a misspelt schema.
			named := ""
			if sp != "" {
				named = " (" + sp + ")"
			}
			return nil, atDatabase(dsn, fmt.Errorf("%w: the search_path names no existing schema%s: check the schema name in the URL "+
				"(or leave search_path out to use the schema public); to make a new taflbot database there, create the schema "+
				"and start taflbot on it or run taflbot db migrate", ErrNoSchema, named))
		}
		fix := "create the schema the search_path names first, or connect as a user whose search_path names an existing one"
		if sp != "" {
			fix = fmt.Sprintf("create it first (CREATE SCHEMA %s AUTHORIZATION %s), or leave search_path out of the URL to use the schema public", sp, cfg.ConnConfig.User)
		}
		return nil, fmt.Errorf("storage: %s: no schema to create the tables in: the search_path names no existing schema: %s", redactURL(dsn), fix)
	}
	b := &pgBackend{pool: pool, schema: *schema}
	b.channel = notifyChannel(b.schema)
	return b, nil
}

// sslModes are the sslmode values PostgreSQL knows.
var sslModes = []string{"disable", "allow", "prefer", "require", "verify-ca", "verify-full"}

// sslMode returns the sslmode a PostgreSQL URL asks for (its sslmode
// parameter, else the PGSSLMODE environment variable, else "" for
// libpq's default, prefer), or an error for a value PostgreSQL does not
// know. pgx checks the value only for a TCP host: with a Unix socket it
// ignored any value, a misspelt one too.
func sslMode(dsn string) (string, error) {
	from, mode := "sslmode", ""
	if u, err := url.Parse(dsn); err == nil {
		mode = u.Query().Get("sslmode")
	}
	if mode == "" {
		from, mode = "the PGSSLMODE environment variable", os.Getenv("PGSSLMODE")
	}
	if mode != "" && !slices.Contains(sslModes, mode) {
		return "", fmt.Errorf("%s %q is not one of %s", from, mode, strings.Join(sslModes, ", "))
	}
	return mode, nil
}

// URLWarnings returns what an operator should know about a database
// setting that is not an error: an sslmode that asks for TLS (require,
// verify-ca, verify-full) with a host that is a Unix socket (a host that
// is a folder, such as host=/var/run/postgresql, or no host where a
// local socket exists). PostgreSQL never encrypts a socket connection,
// which does not leave the machine: pgx, as libpq, connects without TLS
// and checks no certificate. Nil for a bbolt file or a URL Open refuses.
func URLWarnings(database string) []string {
	if !IsPostgres(database) {
		return nil
	}
	mode, err := sslMode(database)
	if err != nil || (mode != "require" && mode != "verify-ca" && mode != "verify-full") {
		return nil
	}
	cfg, err := pgconn.ParseConfig(database)
	if err != nil {
		return nil
	}
	hosts := []*pgconn.FallbackConfig{{Host: cfg.Host, Port: cfg.Port}}
	hosts = append(hosts, cfg.Fallbacks...)
	var w []string
	seen := map[string]bool{}
	for _, h := range hosts {
		if network, _ := pgconn.NetworkAddress(h.Host, h.Port); network != "unix" || seen[h.Host] {
			continue
		}
		seen[h.Host] = true
		w = append(w, fmt.Sprintf("database: sslmode=%s does not apply to the Unix socket %s: PostgreSQL never encrypts a socket connection (it does not leave the machine), "+
			"so taflbot connects there without TLS and checks no certificate. To connect with TLS, give the server's host name (host=db.example.org); on the socket, leave sslmode out", mode, h.Host))
	}
	return w
}

// parseProblem says what is wrong with a URL that pgx could not parse,
// without quoting the URL. pgx's message quotes it (masking the password
// only as far as it can tell where it is) and then says what is wrong;
// the error it wraps is only part of that, and for some mistakes (a port
// that is not a number, pool_max_conns=0) there is none.
func parseProblem(err error) string {
	msg := err.Error()
	if i := strings.LastIndex(msg, "`: "); i >= 0 {
		return msg[i+len("`: "):]
	}
	if u := errors.Unwrap(err); u != nil {
		return u.Error()
	}
	return "it does not parse"
}

func (b *pgBackend) kind() string { return "postgres" }

func (b *pgBackend) close() error {
	b.pool.Close()
	return nil
}

// retryable reports whether a transaction failed in a way that running
// it again can mend: a serialization failure or a deadlock.
func retryable(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && (pe.Code == "40001" || pe.Code == "40P01")
}

func (b *pgBackend) write(ctx context.Context, fn func(tx txn) error) error {
	for attempt := 1; ; attempt++ {
		err := b.tryWrite(ctx, fn)
		if !retryable(err) || attempt == 10 || ctx.Err() != nil {
			return err
		}
		// Back off a little, at random, so that the transactions that
		// collided do not collide again.
		time.Sleep(time.Duration(rand.Int64N(int64(attempt) * int64(2*time.Millisecond))))
	}
}

func (b *pgBackend) tryWrite(ctx context.Context, fn func(tx txn) error) error {
	tx, err := b.pool.BeginTx(ctx, pgx.TxOptions{IsoLevel: pgx.ReadCommitted})
	if err != nil {
		return fmt.Errorf("storage: begin: %w", err)
	}
	defer tx.Rollback(context.WithoutCancel(ctx))
	err = fn(&pgTx{ctx: ctx, tx: tx, write: true, channel: b.channel})
	var rj *rejected
	if errors.As(err, &rj) {
		// What fn wrote stays (for example a challenge marked expired).
		if cerr := tx.Commit(ctx); cerr != nil && retryable(cerr) {
			return cerr
		}
		return rj.err
	}
	if err != nil {
		return err
	}
	if err := tx.Commit(ctx); err != nil {
		return fmt.Errorf("storage: commit: %w", err)
	}
	return nil
}

func (b *pgBackend) view(ctx context.Context, fn func(tx txn) error) error {
	tx, err := b.pool.BeginTx(ctx, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly})
	if err != nil {
		return fmt.Errorf("storage: begin: %w", err)
	}
	defer tx.Rollback(context.WithoutCancel(ctx))
	if err := fn(&pgTx{ctx: ctx, tx: tx, channel: b.channel}); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// checkFile checks that the schema is the one this taflbot writes.
func (b *pgBackend) checkFile(ctx context.Context, t txn, add func(format string, args ...any)) error {
	var version int
	err := t.(*pgTx).tx.QueryRow(ctx, "SELECT coalesce(max(version), 0) FROM taflbot_migrations").Scan(&version)
	if err != nil {
		add("schema: %v", err)
		return nil
	}
	if want := len(pgMigrations); version != want {
		add("schema: version %d, this taflbot writes %d (run taflbot db migrate)", version, want)
	}
	return nil
}

// pgTx is a PostgreSQL transaction seen as a txn. In a write transaction
// every record read is locked until the transaction ends.
type pgTx struct {
	ctx     context.Context
	tx      pgx.Tx
	write   bool
	channel string
}

// lockSuffix is added to the reads of a write transaction.
func (t *pgTx) lockSuffix() string {
	if t.write {
		return " FOR UPDATE"
	}
	return ""
}

// getRecord runs a query for one record, returning nil when there is no row.
func (t *pgTx) getRecord(sql string, args ...any) ([]byte, error) {
	var data []byte
	err := t.tx.QueryRow(t.ctx, sql, args...).Scan(&data)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	return data, err
}

func (t *pgTx) getGame(id GameID) ([]byte, error) {
	return t.getRecord("SELECT record FROM games WHERE id = $1"+t.lockSuffix(), int64(id))
}

func (t *pgTx) nextID(seq string) (uint64, error) {
	var id int64
	if err := t.tx.QueryRow(t.ctx, "SELECT nextval($1)", seq).Scan(&id); err != nil {
		return 0, err
	}
	return uint64(id), nil
}

func (t *pgTx) nextGameID() (GameID, error) {
	id, err := t.nextID("game_ids")
	return GameID(id), err
}

// gameColumns are the columns of the games table derived from a game:
// what its indexes need.
type gameColumns struct {
	guild, channel, thread       string
	attackersUser, defendersUser *string // nil for the engine
	active, engineToMove         bool
	mineDue, boardDue            bool
	deadline                     *int64 // timeBits; nil unless active with a clock
	engineUser                   string // the human against the engine, for fair claims
	updated                      int64
}

func columnsOf(g *Game) gameColumns {
	c := gameColumns{guild: g.GuildID, channel: g.ChannelID, thread: g.ThreadID, active: g.Active(), mineDue: g.MineDue, boardDue: g.BoardDue && g.Active(), updated: int64(timeBits(g.Updated))}
	if !g.Attackers.IsAI() {
		c.attackersUser = &g.Attackers.UserID
		c.engineUser = g.Attackers.UserID
	}
	if !g.Defenders.IsAI() {
		c.defendersUser = &g.Defenders.UserID
		c.engineUser = g.Defenders.UserID
	}
	if c.active {
		c.engineToMove = g.ToMove().IsAI()
		if !g.Deadline.IsZero() {
			d := int64(timeBits(g.Deadline))
			c.deadline = &d
		}
	}
	return c
}

func (t *pgTx) putGame(old, g *Game, data []byte) error {
	c := columnsOf(g)
	movedOn := old == nil || old.Ply() != g.Ply() || old.Active() != g.Active()
	_, err := t.tx.Exec(t.ctx, `
		INSERT INTO games (id, record, guild, channel, thread, attackers_user, defenders_user,
			active, deadline_ns, engine_to_move, engine_user, updated_ns, mine_due, board_due)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $14, $15)
		ON CONFLICT (id) DO UPDATE SET record = excluded.record, guild = excluded.guild,
			channel = excluded.channel, thread = excluded.thread,
			attackers_user = excluded.attackers_user, defenders_user = excluded.defenders_user,
			active = excluded.active, deadline_ns = excluded.deadline_ns,
			engine_to_move = excluded.engine_to_move, engine_user = excluded.engine_user,
			updated_ns = excluded.updated_ns, mine_due = excluded.mine_due, board_due = excluded.board_due,
			claim_owner = CASE WHEN $13 THEN NULL ELSE games.claim_owner END,
			claim_until_ns = CASE WHEN $13 THEN NULL ELSE games.claim_until_ns END`,
		int64(g.ID), data, c.guild, c.channel, c.thread, c.attackersUser, c.defendersUser,
		c.active, c.deadline, c.engineToMove, c.engineUser, c.updated, movedOn, c.mineDue, c.boardDue)
	if err != nil || !movedOn {
		return err
	}
	// The engine just moved: its claim ended; tell the engine workers of
	// every process (on commit), for whom the player may have room now.
	if old != nil && old.Active() && old.ToMove().IsAI() {
		return t.notify("r", g.ID)
	}
	return nil
}

func (t *pgTx) getChallenge(id ChallengeID) ([]byte, error) {
	return t.getRecord("SELECT record FROM challenges WHERE id = $1"+t.lockSuffix(), int64(id))
}

func (t *pgTx) nextChallengeID() (ChallengeID, error) {
	id, err := t.nextID("challenge_ids")
	return ChallengeID(id), err
}

func (t *pgTx) putChallenge(_, c *Challenge, data []byte) error {
	var expires *int64
	if c.State == ChallengeOpen {
		e := int64(timeBits(c.Expires))
		expires = &e
	}
	_, err := t.tx.Exec(t.ctx, `
		INSERT INTO challenges (id, record, open_expires_ns) VALUES ($1, $2, $3)
		ON CONFLICT (id) DO UPDATE SET record = excluded.record, open_expires_ns = excluded.open_expires_ns`,
		int64(c.ID), data, expires)
	return err
}

// getPlayer reads a player; in a write transaction it first takes an
// advisory lock on the player's key, which holds even when the player has
// no row yet, so two transactions never both create one.
func (t *pgTx) getPlayer(guild, user string) ([]byte, error) {
	if t.write {
		_, err := t.tx.Exec(t.ctx, "SELECT pg_advisory_xact_lock(hashtextextended('taflbot player ' || $1 || '/' || $2, 0))", guild, user)
		if err != nil {
			return nil, err
		}
	}
	return t.getRecord("SELECT record FROM players WHERE guild = $1 AND user_id = $2", guild, user)
}

func (t *pgTx) putPlayer(p *Player, data []byte) error {
	_, err := t.tx.Exec(t.ctx, `
		INSERT INTO players (guild, user_id, record) VALUES ($1, $2, $3)
		ON CONFLICT (guild, user_id) DO UPDATE SET record = excluded.record`,
		p.GuildID, p.UserID, data)
	return err
}

// getGuild reads a server's settings; in a write transaction it first
// takes an advisory lock on the server, which holds even when it has no
// row yet, so that read-modify-write updates (the daily puzzle) never
// overwrite each other.
func (t *pgTx) getGuild(guild string) ([]byte, error) {
	if t.write {
		_, err := t.tx.Exec(t.ctx, "SELECT pg_advisory_xact_lock(hashtextextended('taflbot guild ' || $1, 0))", guild)
		if err != nil {
			return nil, err
		}
	}
	return t.getRecord("SELECT record FROM guilds WHERE guild = $1", guild)
}

func (t *pgTx) getTournament(id TournamentID) ([]byte, error) {
	return t.getRecord("SELECT record FROM tournaments WHERE id = $1"+t.lockSuffix(), int64(id))
}

func (t *pgTx) nextTournamentID() (TournamentID, error) {
	id, err := t.nextID("tournament_ids")
	return TournamentID(id), err
}

func (t *pgTx) putTournament(tr *Tournament, data []byte) error {
	_, err := t.tx.Exec(t.ctx, `
		INSERT INTO tournaments (id, record, guild, active) VALUES ($1, $2, $3, $4)
		ON CONFLICT (id) DO UPDATE SET record = excluded.record, guild = excluded.guild, active = excluded.active`,
		int64(tr.ID), data, tr.GuildID, !tr.Over())
	return err
}

// unlistActiveTournament clears tournaments.active, which a process of
// schema 3 (before migration 4) leaves true when it saves a tournament
// finished or cancelled.
func (t *pgTx) unlistActiveTournament(id TournamentID) error {
	_, err := t.tx.Exec(t.ctx, "UPDATE tournaments SET active = false WHERE id = $1 AND active", int64(id))
	return err
}

// activeTournaments streams the rows: fn must not use the transaction.
func (t *pgTx) activeTournaments(fn func(key, data []byte) error) error {
	rows, err := t.tx.Query(t.ctx, "SELECT id, record FROM tournaments WHERE active ORDER BY id")
	if err != nil {
		return err
	}
	var id int64
	var data []byte
	_, err = pgx.ForEachRow(rows, []any{&id, &data}, func() error { return fn(idKey(uint64(id)), data) })
	return err
}

// tournamentsOfGuild streams the rows: fn must not use the transaction.
func (t *pgTx) tournamentsOfGuild(guild string, fn func(key, data []byte) error) error {
	rows, err := t.tx.Query(t.ctx, "SELECT id, record FROM tournaments WHERE guild = $1 ORDER BY id", guild)
	if err != nil {
		return err
	}
	var id int64
	var data []byte
	_, err = pgx.ForEachRow(rows, []any{&id, &data}, func() error { return fn(idKey(uint64(id)), data) })
	return err
}

func (t *pgTx) putGuild(guild string, data []byte) error {
	_, err := t.tx.Exec(t.ctx, `
		INSERT INTO guilds (guild, record) VALUES ($1, $2)
		ON CONFLICT (guild) DO UPDATE SET record = excluded.record`, guild, data)
	return err
}

// idRecord is one row of a scan.
type idRecord struct {
	id   uint64
	data []byte
}

// scan runs a query of (id, record) rows and collects them, so that fn
// may use the transaction again.
func (t *pgTx) scan(sql string, args ...any) ([]idRecord, error) {
	rows, err := t.tx.Query(t.ctx, sql, args...)
	if err != nil {
		return nil, err
	}
	var id int64
	var data []byte
	var out []idRecord
	_, err = pgx.ForEachRow(rows, []any{&id, &data}, func() error {
		out = append(out, idRecord{uint64(id), data})
		data = nil
		return nil
	})
	return out, err
}

func (t *pgTx) scanGames(fn func(id GameID, data []byte) (bool, error), sql string, args ...any) error {
	recs, err := t.scan(sql, args...)
	if err != nil {
		return err
	}
	for _, r := range recs {
		if more, err := fn(GameID(r.id), r.data); err != nil || !more {
			return err
		}
	}
	return nil
}

func (t *pgTx) gamesByPlayer(user string, active bool, guild string, limit int, fn func(id GameID, data []byte) (bool, error)) error {
	var lim *int
	if limit > 0 {
		lim = &limit
	}
	return t.scanGames(fn, `
		SELECT id, record FROM (
			SELECT id, record FROM games WHERE attackers_user = $1 AND active = $2 AND ($3 = '' OR guild = $3)
			UNION ALL
			SELECT id, record FROM games WHERE defenders_user = $1 AND active = $2 AND ($3 = '' OR guild = $3)
				AND attackers_user IS DISTINCT FROM $1
		) mine ORDER BY id DESC LIMIT $4`, user, active, guild, lim)
}

func (t *pgTx) activeGamesInChannel(channel string, fn func(id GameID, data []byte) (bool, error)) error {
	return t.scanGames(fn, `
		SELECT id, record FROM games
		WHERE active AND $1 <> '' AND (channel = $1 OR thread = $1)
		ORDER BY id`, channel)
}

func (t *pgTx) finishedGamesInChannel(channel string, limit int, fn func(id GameID, data []byte) (bool, error)) error {
	var lim *int
	if limit > 0 {
		lim = &limit
	}
	// One select per partial index (games_finished_by_channel,
	// games_finished_by_thread), each limited; a game whose thread is
	// its channel comes from the first alone.
	return t.scanGames(fn, `
		SELECT id, record FROM (
			(SELECT id, record, updated_ns FROM games WHERE NOT active AND $1 <> '' AND channel = $1
				ORDER BY updated_ns DESC, id DESC LIMIT $2)
			UNION ALL
			(SELECT id, record, updated_ns FROM games WHERE NOT active AND $1 <> '' AND thread = $1 AND channel <> $1
				ORDER BY updated_ns DESC, id DESC LIMIT $2)
		) here ORDER BY updated_ns DESC, id DESC LIMIT $2`, channel, lim)
}

func (t *pgTx) activeGamesInGuild(guild string, limit int, fn func(id GameID, data []byte) (bool, error)) error {
	var lim *int
	if limit > 0 {
		lim = &limit
	}
	return t.scanGames(fn, `
		SELECT id, record FROM games
		WHERE active AND $1 <> '' AND guild = $1
		ORDER BY id DESC LIMIT $2`, guild, lim)
}

// below turns an exclusive limit in timeBits into a bound for a bigint
// column (nil: no bound).
func below(limit uint64) *int64 {
	if limit > math.MaxInt64 {
		return nil
	}
	l := int64(limit)
	return &l
}

func (t *pgTx) gamesDue(limit uint64, fn func(id GameID, data []byte) (bool, error)) error {
	return t.scanGames(fn, `
		SELECT id, record FROM games
		WHERE deadline_ns IS NOT NULL AND ($1::bigint IS NULL OR deadline_ns < $1)
		ORDER BY deadline_ns, id`, below(limit))
}

func (t *pgTx) activeGameIDs(fn func(id GameID) error) error {
	rows, err := t.tx.Query(t.ctx, "SELECT id FROM games WHERE active ORDER BY id")
	if err != nil {
		return err
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		return err
	}
	for _, id := range ids {
		if err := fn(GameID(id)); err != nil {
			return err
		}
	}
	return nil
}

// activeGames counts in the partial index games_active (an index-only
// scan): no id leaves the server.
func (t *pgTx) activeGames() (int, error) {
	var n int64
	err := t.tx.QueryRow(t.ctx, "SELECT count(*) FROM games WHERE active").Scan(&n)
	return int(n), err
}

func (t *pgTx) lockKeys(keys ...string) error {
	for _, k := range keys {
		if _, err := t.tx.Exec(t.ctx, "SELECT pg_advisory_xact_lock(hashtextextended('taflbot ' || $1, 0))", k); err != nil {
			return err
		}
	}
	return nil
}

func (t *pgTx) engineGames(user, guild string) (byUser, byGuild int, err error) {
	err = t.tx.QueryRow(t.ctx, `
		SELECT count(*) FILTER (WHERE $1 <> '' AND engine_user = $1),
			count(*) FILTER (WHERE $2 <> '' AND guild = $2)
		FROM games WHERE active AND (attackers_user IS NULL OR defenders_user IS NULL)`, user, guild).Scan(&byUser, &byGuild)
	return byUser, byGuild, err
}

func (t *pgTx) activeEngineGames(fn func(id GameID, data []byte) (bool, error)) error {
	return t.scanGames(fn, "SELECT id, record FROM games WHERE active AND (attackers_user IS NULL OR defenders_user IS NULL) ORDER BY id")
}

func (t *pgTx) engineToMove(fn func(id GameID, data []byte) (bool, error)) error {
	return t.scanGames(fn, "SELECT id, record FROM games WHERE engine_to_move ORDER BY id")
}

func (t *pgTx) gamesToMine(fn func(id GameID, data []byte) (bool, error)) error {
	return t.scanGames(fn, "SELECT id, record FROM games WHERE mine_due ORDER BY id")
}

func (t *pgTx) boardsDue(fn func(id GameID, data []byte) (bool, error)) error {
	return t.scanGames(fn, "SELECT id, record FROM games WHERE board_due ORDER BY id")
}

func (t *pgTx) openChallenges(limit uint64, fn func(id ChallengeID, data []byte) error) error {
	recs, err := t.scan(`
		SELECT id, record FROM challenges
		WHERE open_expires_ns IS NOT NULL AND ($1::bigint IS NULL OR open_expires_ns < $1)
		ORDER BY open_expires_ns, id`+t.lockSuffix(), below(limit))
	if err != nil {
		return err
	}
	for _, r := range recs {
		if err := fn(ChallengeID(r.id), r.data); err != nil {
			return err
		}
	}
	return nil
}

// openChallengesOf reads through the indexes of migration 5
// (challenges_open_by_challenger, challenges_open_by_opponent), whose
// expressions these are.
func (t *pgTx) openChallengesOf(user, guild string, everyGuild bool, fn func(id ChallengeID, data []byte) error) error {
	var recs []idRecord
	var err error
	if everyGuild {
		recs, err = t.scan(`
			SELECT id, record FROM challenges
			WHERE open_expires_ns IS NOT NULL AND (record->>'challenger' = $1 OR coalesce(record->>'opponent', '') = $1)
			ORDER BY id`, user)
	} else {
		recs, err = t.scan(`
			SELECT id, record FROM challenges
			WHERE open_expires_ns IS NOT NULL AND coalesce(record->>'guild', '') = $2
				AND (record->>'challenger' = $1 OR coalesce(record->>'opponent', '') = $1)
			ORDER BY id`, user, guild)
	}
	if err != nil {
		return err
	}
	for _, r := range recs {
		if err := fn(ChallengeID(r.id), r.data); err != nil {
			return err
		}
	}
	return nil
}

func (t *pgTx) playersOfGuild(guild string, fn func(data []byte) error) error {
	rows, err := t.tx.Query(t.ctx, "SELECT record FROM players WHERE guild = $1", guild)
	if err != nil {
		return err
	}
	recs, err := pgx.CollectRows(rows, pgx.RowTo[[]byte])
	if err != nil {
		return err
	}
	for _, data := range recs {
		if err := fn(data); err != nil {
			return err
		}
	}
	return nil
}

// forEach streams the rows: fn must not use the transaction.
func (t *pgTx) forEach(k recordKind, fn func(key, data []byte) error) error {
	var sql string
	switch k {
	case kindGames:
		sql = "SELECT id, '', '', record FROM games ORDER BY id"
	case kindChallenges:
		sql = "SELECT id, '', '', record FROM challenges ORDER BY id"
	case kindPlayers:
		// bbolt's key order: length-prefixed guild, then user, bytewise.
		sql = `SELECT 0, guild, user_id, record FROM players
			ORDER BY octet_length(guild), guild COLLATE "C", octet_length(user_id), user_id COLLATE "C"`
	case kindGuilds:
		sql = `SELECT 0, guild, '', record FROM guilds ORDER BY guild COLLATE "C"`
	case kindAnalyses:
		sql = "SELECT game, '', '', record FROM analyses ORDER BY game"
	case kindPuzzles:
		sql = "SELECT id, '', '', record FROM puzzles ORDER BY id"
	case kindTournaments:
		sql = "SELECT id, '', '', record FROM tournaments ORDER BY id"
	default:
		return fmt.Errorf("storage: unknown record kind %d", k)
	}
	rows, err := t.tx.Query(t.ctx, sql)
	if err != nil {
		return err
	}
	var id int64
	var a, b string
	var data []byte
	_, err = pgx.ForEachRow(rows, []any{&id, &a, &b, &data}, func() error {
		var key []byte
		switch k {
		case kindGames, kindChallenges, kindAnalyses, kindPuzzles, kindTournaments:
			key = idKey(uint64(id))
		case kindPlayers:
			key = playerKey(a, b)
		case kindGuilds:
			key = []byte(a)
		}
		return fn(key, data)
	})
	return err
}

// indexEntries makes bbolt's index entries from the index columns.
func (t *pgTx) indexEntries(fn func(e indexEntry) error) error {
	rows, err := t.tx.Query(t.ctx, `
		SELECT id, channel, thread, attackers_user, defenders_user, active, deadline_ns, engine_to_move, mine_due, board_due, updated_ns
		FROM games ORDER BY id`)
	if err != nil {
		return err
	}
	var entries []indexEntry
	var (
		id             int64
		channel        string
		thread         string
		attackers      *string
		defenders      *string
		active, engine bool
		deadline       *int64
		mineDue        bool
		boardDue       bool
		updated        int64
	)
	_, err = pgx.ForEachRow(rows, []any{&id, &channel, &thread, &attackers, &defenders, &active, &deadline, &engine, &mineDue, &boardDue, &updated}, func() error {
		gid := uint64(id)
		if attackers != nil {
			entries = append(entries, indexEntry{bucketGamesByPlayer, playerGameKey(*attackers, active, gid)})
		}
		if defenders != nil && (attackers == nil || *attackers != *defenders) {
			entries = append(entries, indexEntry{bucketGamesByPlayer, playerGameKey(*defenders, active, gid)})
		}
		if active {
			entries = append(entries, indexEntry{bucketActiveGames, idKey(gid)})
			if channel != "" {
				entries = append(entries, indexEntry{bucketActiveByChannel, channelGameKey(channel, gid)})
			}
			if thread != "" && thread != channel {
				entries = append(entries, indexEntry{bucketActiveByChannel, channelGameKey(thread, gid)})
			}
		} else {
			if channel != "" {
				entries = append(entries, indexEntry{bucketFinishedByChannel, finishedChannelKeyBits(channel, uint64(updated), gid)})
			}
			if thread != "" && thread != channel {
				entries = append(entries, indexEntry{bucketFinishedByChannel, finishedChannelKeyBits(thread, uint64(updated), gid)})
			}
		}
		if engine {
			entries = append(entries, indexEntry{bucketEngineToMove, idKey(gid)})
		}
		if mineDue {
			entries = append(entries, indexEntry{bucketGamesToMine, idKey(gid)})
		}
		if boardDue {
			entries = append(entries, indexEntry{bucketBoardsDue, idKey(gid)})
		}
		if deadline != nil {
			entries = append(entries, indexEntry{bucketDeadlines, timeKeyBits(uint64(*deadline), gid)})
		}
		return nil
	})
	if err != nil {
		return err
	}
	// The open challenges by player: the keys of the expression indexes
	// challenges_open_by_challenger and challenges_open_by_opponent.
	rows, err = t.tx.Query(t.ctx, `
		SELECT id, open_expires_ns, coalesce(record->>'challenger', ''), coalesce(record->>'opponent', ''), coalesce(record->>'guild', '')
		FROM challenges WHERE open_expires_ns IS NOT NULL ORDER BY id`)
	if err != nil {
		return err
	}
	var expires int64
	var challenger, opponent, cguild string
	_, err = pgx.ForEachRow(rows, []any{&id, &expires, &challenger, &opponent, &cguild}, func() error {
		entries = append(entries, indexEntry{bucketOpenChallenges, timeKeyBits(uint64(expires), uint64(id))},
			indexEntry{bucketChallengesByUser, challengeUserKey(challenger, cguild, uint64(id))},
			indexEntry{bucketChallengesByUser, challengeUserKey(opponent, cguild, uint64(id))})
		return nil
	})
	if err != nil {
		return err
	}
	rows, err = t.tx.Query(t.ctx, "SELECT id, key FROM puzzles ORDER BY id")
	if err != nil {
		return err
	}
	var key string
	_, err = pgx.ForEachRow(rows, []any{&id, &key}, func() error {
		entries = append(entries, indexEntry{bucketPuzzlesByKey, puzzleKey(key, PuzzleID(id))})
		return nil
	})
	if err != nil {
		return err
	}
	rows, err = t.tx.Query(t.ctx, "SELECT id, guild, active FROM tournaments ORDER BY id")
	if err != nil {
		return err
	}
	var guild string
	_, err = pgx.ForEachRow(rows, []any{&id, &guild, &active}, func() error {
		entries = append(entries, indexEntry{bucketTournamentsByGuild, channelGameKey(guild, uint64(id))})
		if active {
			entries = append(entries, indexEntry{bucketActiveTournaments, idKey(uint64(id))})
		}
		return nil
	})
	if err != nil {
		return err
	}
	for _, e := range entries {
		if err := fn(e); err != nil {
			return err
		}
	}
	return nil
}

// rebuildIndexes derives the index columns again from every record, a
// thousand rows at a time.
func (t *pgTx) rebuildIndexes() error {
	var after int64
	for {
		recs, err := t.scan("SELECT id, record FROM games WHERE id > $1 ORDER BY id LIMIT 1000", after)
		if err != nil {
			return err
		}
		if len(recs) == 0 {
			break
		}
		for _, r := range recs {
			g, err := decodeGame(r.data)
			if err != nil {
				return fmt.Errorf("game %d: %w", r.id, err)
			}
			c := columnsOf(g)
			_, err = t.tx.Exec(t.ctx, `
				UPDATE games SET guild = $2, channel = $3, thread = $4, attackers_user = $5, defenders_user = $6,
					active = $7, deadline_ns = $8, engine_to_move = $9, engine_user = $10, updated_ns = $11, mine_due = $12, board_due = $13
				WHERE id = $1`,
				int64(r.id), c.guild, c.channel, c.thread, c.attackersUser, c.defendersUser,
				c.active, c.deadline, c.engineToMove, c.engineUser, c.updated, c.mineDue, c.boardDue)
			if err != nil {
				return err
			}
			after = int64(r.id)
		}
	}
	recs, err := t.scan("SELECT id, record FROM challenges ORDER BY id")
	if err != nil {
		return err
	}
	for _, r := range recs {
		c, err := decodeChallenge(r.data)
		if err != nil {
			return fmt.Errorf("challenge %d: %w", r.id, err)
		}
		if err := t.putChallenge(nil, c, r.data); err != nil {
			return err
		}
	}
	if recs, err = t.scan("SELECT id, record FROM puzzles ORDER BY id"); err != nil {
		return err
	}
	for _, r := range recs {
		p, err := decodePuzzle(r.data)
		if err != nil {
			return fmt.Errorf("puzzle %d: %w", r.id, err)
		}
		if _, err := t.tx.Exec(t.ctx, "UPDATE puzzles SET key = $2 WHERE id = $1", int64(r.id), p.Key()); err != nil {
			return err
		}
	}
	if recs, err = t.scan("SELECT id, record FROM tournaments ORDER BY id"); err != nil {
		return err
	}
	for _, r := range recs {
		tr, err := decodeTournament(r.data)
		if err != nil {
			return fmt.Errorf("tournament %d: %w", r.id, err)
		}
		if _, err := t.tx.Exec(t.ctx, "UPDATE tournaments SET guild = $2, active = $3 WHERE id = $1", int64(r.id), tr.GuildID, !tr.Over()); err != nil {
			return err
		}
	}
	return nil
}

func (t *pgTx) setSequences(lastGame GameID, lastChallenge ChallengeID, lastTournament TournamentID) error {
	for _, s := range []struct {
		name string
		last uint64
	}{{"game_ids", uint64(lastGame)}, {"challenge_ids", uint64(lastChallenge)}, {"tournament_ids", uint64(lastTournament)}} {
		// setval(seq, n, false) makes n the next value.
		if _, err := t.tx.Exec(t.ctx, "SELECT setval($1, $2, false)", s.name, int64(s.last)+1); err != nil {
			return err
		}
	}
	return nil
}

func (t *pgTx) empty() (bool, error) {
	var empty bool
	err := t.tx.QueryRow(t.ctx, `SELECT NOT EXISTS (SELECT 1 FROM games) AND NOT EXISTS (SELECT 1 FROM challenges)
		AND NOT EXISTS (SELECT 1 FROM players) AND NOT EXISTS (SELECT 1 FROM guilds)
		AND NOT EXISTS (SELECT 1 FROM analyses) AND NOT EXISTS (SELECT 1 FROM puzzles)
		AND NOT EXISTS (SELECT 1 FROM tournaments)`).Scan(&empty)
	return empty, err
}
