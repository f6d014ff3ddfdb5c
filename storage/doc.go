// Package storage keeps taflbot's games, challenges, players, ratings and
// per-server settings, so that nothing is lost when the bot restarts or
// crashes and concurrent clicks never corrupt a game.
//
// # Backends
//
// [Open] takes the database setting: a file path opens one embedded bbolt
// file (the default: one process, nothing to install); a postgres:// URL
// opens a PostgreSQL database, which any number of taflbot processes may
// share (see docs/SCALING.md). The choice is made once: the [Store] has
// the same methods and keeps the same promises on both, and one contract
// test suite (contract_test.go) runs against each. [Copy] moves every
// record from one to the other; [Store.Check] on both sides then shows the
// same counts and digest.
//
// The Store holds the rules (what a valid game is, what a move changes,
// ratings, expiry) and calls a small backend interface for transactions,
// record bytes and index scans (backend.go). Both backends store the same
// JSON records; bbolt keeps indexes in buckets (schema.go), PostgreSQL in
// columns derived from each record on save, with SQL indexes, or in
// expression indexes over a record's fields (the open challenges by
// player) (pgschema/*.sql, applied as numbered migrations: [Migrate]).
//
// # Adding an entity
//
// A new kind of record (a tournament, an analysis) is stored through both
// backends from the start:
//
//  1. a record struct with JSON tags and encode/decode functions, and the
//     Store methods, written once against the txn interface, in the
//     entity's own file (challenge.go is the model);
//  2. get/put/next-id and the index scans it needs, added to txn
//     (backend.go);
//  3. bbolt: its buckets in schema.go, created by a bbolt migration (a new
//     SchemaVersion, migrate.go), and the txn methods in bolt.go;
//  4. PostgreSQL: a new numbered file in pgschema/ with its table and
//     indexes (never edit a released file), and the txn methods in
//     postgres.go;
//  5. the kind in recordKinds, forEach, indexEntries and rebuildIndexes,
//     so that Check, its digest and Copy cover it;
//  6. contract tests in contractTests, which run on both backends.
//
// # Records
//
// A [Game] holds its metadata (server, channel, players, clock, board
// messages) and its move list. The move list is the source of truth: every
// load replays it through package tafl, so a stored game is always a legal
// game, and [Game.Tafl] returns the live *tafl.Game. A [Challenge] is an
// invitation to play; a [Player] is one Discord user in one server, with a
// Glicko-2 [Rating] per variant and a puzzle rating; [GuildSettings] are
// per-server defaults (and the state of the server's daily puzzle, and
// the players hidden from its leaderboard). An
// [Analysis] is the engine's review of a game, kept as the JSON package
// analysis writes; a [Puzzle] is a position with a forced win (see
// package puzzle) with its own rating.
// A [Tournament] keeps its players, pairings and results (the state of
// package tournament), and [Store.CreateTournamentGames] creates a round's
// games in the same transaction that records them. A live game's chess
// clock ([Game].Clock, package clock) is part of its record.
// Values are stored as JSON of the package's own record structs (never gob
// of tafl internals); moves are OTN strings such as "d1-d4".
//
// # Atomic updates
//
// Every change to a game goes through [Store.UpdateGame], which loads the
// game, calls a function that changes it (for example plays a move), checks
// the result and saves it in one write transaction, together with its
// indexes and, when the game just ended, both players' ratings and records.
// An expected ply number makes a stale click fail with [ErrStale] instead
// of playing twice, also between processes sharing a PostgreSQL database.
// A game whose side to move has run out of time is ended on time by
// whichever update comes first, which reports [ErrTimedOut], so no move is
// accepted after the deadline even before a sweep notices. With bbolt,
// writes from many goroutines are grouped into shared
// transactions (one fsync for many moves) without delaying a lone writer.
//
// # Ratings
//
// Ratings are Glicko-2 (τ = 0.5, see [Rating.Update]), per server and per
// variant. Every finished rated game between two different users is its
// own rating period: both players are updated from each other's rating
// before the game. The deviation never falls below 30, so ratings keep
// moving. Idleness counts in rating periods of [RatingPeriod] (four
// days): a [Rating] keeps the time of its last update ([Rating].At, absent
// from records written before it, which count from [Player].Updated), and
// [Rating.Aged] grows its deviation for each whole idle period as a
// Glicko-2 period without games does, φ² + σ² (at most 350). Ratings are
// aged when a game is rated (before the update: [RatingChange].Before is
// the aged rating), when a first puzzle attempt is, and when they are
// shown ([Player.RatingAt], [Player.PuzzleRatingAt], [Store.Leaderboard]);
// puzzles' own ratings do not age. Casual games count in the win/loss/draw records only. The
// engine has no rating: a game against the AI counts only in the human's
// AI record ([Player].AIWins, …), and a user playing both sides counts
// nowhere.
//
// # Lists
//
// [Store.GamesByPlayer], [Store.ActiveGamesInChannel],
// [Store.FinishedGamesInChannel] and [Store.GamesDueBefore] scan an index
// and decode only the records they return, without replaying the moves:
// [Game.Tafl] replays them on first use. With bbolt they stay well under
// a millisecond with 100,000 games stored. A damaged bbolt index entry is
// skipped, not fatal: GamesDueBefore, EngineToMove, ActiveGamesInChannel
// and FinishedGamesInChannel return the games they could read with an
// [*IndexError] naming the bad entries.
//
// # Files (bbolt)
//
// [Open] takes a lock on the file: a second taflbot on the same file fails
// after [Options.LockTimeout] with [ErrInUse] instead of hanging. The
// schema version is kept in the file: an older one is migrated on open
// (after copying the file aside), a newer one is refused with
// [ErrSchemaTooNew]. [Store.Backup] writes a consistent copy while the bot
// runs, [Store.RunBackups] does so on a schedule and prunes old backups by
// age (the last N, one a day for a week, one a week for five weeks),
// [Compact] rewrites a closed database into a smaller file and
// [Store.Check] verifies the file, every record and every index.
//
// # PostgreSQL
//
// Writes are READ COMMITTED transactions that lock what they read (a
// game or challenge row FOR UPDATE, a player by an advisory lock on its
// key, even before it has a row), so concurrent changes to one record wait
// for each other, as in bbolt, and changes to different records run in
// parallel; a transaction that meets a deadlock or serialization failure
// is run again. Reads run in REPEATABLE READ read-only transactions, a
// consistent snapshot. Open applies the pending schema migrations under an
// advisory lock (many processes may start at once), unless
// [Options.NoMigrate]; a schema newer than this taflbot is refused with
// [ErrSchemaTooNew]. Backups are pg_dump's job: [Store.Backup] and
// [Compact] are for bbolt files.
//
// # Engine work across processes
//
// Processes that think about engine moves claim each move first
// ([Store.ClaimEngineMove]): exactly one worker holds a live claim, a
// lease it renews while it thinks, which lapses if its process dies so
// that another takes the move over. A per-player limit on claims holds
// across all processes. [Store.WatchEngine] tells every process (with
// PostgreSQL through LISTEN/NOTIFY) when a move becomes due or a claim
// ends, so workers are woken at once rather than by polling.
//
// # Caveats
//
// Functions passed to [Store.UpdateGame], [Store.UpdateChallenge] and
// [Store.UpdatePlayer] run inside the write transaction and may be called
// more than once when a transaction is retried (a shared bbolt
// transaction, a PostgreSQL deadlock): they must only
// change the record they are given, must not block, and must not call the
// Store. The records they return are copies owned by the caller.
package storage
