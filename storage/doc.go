// Package storage keeps taflbot's games, challenges, players, ratings and
// per-server settings in one embedded bbolt file, so that nothing is lost
// when the bot restarts or crashes and concurrent clicks never corrupt a
// game.
//
// # Records
//
// A [Game] holds its metadata (server, channel, players, clock, board
// messages) and its move list. The move list is the source of truth: every
// load replays it through package tafl, so a stored game is always a legal
// game, and [Game.Tafl] returns the live *tafl.Game. A [Challenge] is an
// invitation to play; a [Player] is one Discord user in one server, with a
// Glicko-2 [Rating] per variant; [GuildSettings] are per-server defaults.
// Values are stored as JSON of the package's own record structs (never gob
// of tafl internals); moves are OTN strings such as "d1-d4".
//
// # Atomic updates
//
// Every change to a game goes through [Store.UpdateGame], which loads the
// game, calls a function that changes it (for example plays a move), checks
// the result and saves it in one bbolt write transaction, together with its
// indexes and, when the game just ended, both players' ratings and records.
// An expected ply number makes a stale click fail with [ErrStale] instead
// of playing twice. Writes from many goroutines are grouped into shared
// transactions (one fsync for many moves) without delaying a lone writer.
//
// # Ratings
//
// Ratings are Glicko-2 (τ = 0.5, see [Rating.Update]), per server and per
// variant. Every finished rated game between two different users is its
// own rating period: both players are updated from each other's rating
// before the game. The deviation never falls below 30, so ratings keep
// moving. Casual games count in the win/loss/draw records only. The
// engine has no rating: a game against the AI counts only in the human's
// AI record ([Player].AIWins, …), and a user playing both sides counts
// nowhere.
//
// # Lists
//
// [Store.GamesByPlayer], [Store.ActiveGamesInChannel] and
// [Store.GamesDueBefore] scan an index and decode only the records they
// return, without replaying the moves: [Game.Tafl] replays them on first
// use. They stay well under a millisecond with 100,000 games stored.
//
// # Files
//
// [Open] takes a lock on the file: a second taflbot on the same file fails
// after [Options.LockTimeout] with [ErrInUse] instead of hanging. The
// schema version is kept in the file: an older one is migrated on open
// (after copying the file aside), a newer one is refused with
// [ErrSchemaTooNew]. [Store.Backup] writes a consistent copy while the bot
// runs, [Store.RunBackups] does so on a schedule keeping the last N files,
// [Compact] rewrites a closed database into a smaller file and
// [Store.Check] verifies the file, every record and every index.
//
// # Caveats
//
// Functions passed to [Store.UpdateGame], [Store.UpdateChallenge] and
// [Store.UpdatePlayer] run inside the write transaction and may be called
// more than once when a shared transaction is retried: they must only
// change the record they are given, must not block, and must not call the
// Store. The records they return are copies owned by the caller.
package storage
