package storage

import "context"

// A backend keeps the records for a [Store]: bbolt ([openBolt]) or
// PostgreSQL ([openPostgres]). The Store holds every rule (what a valid
// game is, what changes when a move is played, ratings, expiry); a
// backend only stores and finds records, in transactions. Both backends
// pass the same contract tests (contract_test.go).
type backend interface {
	// kind names the backend: "bbolt" or "postgres".
	kind() string
	// write runs fn in a read-write transaction and commits it. If fn
	// returns a *rejected error, what fn wrote is committed and the
	// inner error returned; any other error rolls back. fn may run more
	// than once (a shared bbolt transaction retried, a PostgreSQL
	// serialization failure or deadlock).
	write(ctx context.Context, fn func(tx txn) error) error
	// view runs fn in a read-only transaction.
	view(ctx context.Context, fn func(tx txn) error) error
	// checkFile adds the backend's own problems (damaged pages, missing
	// tables, schema version) to a [Store.Check] report.
	checkFile(ctx context.Context, tx txn, add func(format string, args ...any)) error
	// claims returns the engine claims (see claim.go).
	claims() claimer
	// gameSaved is called after a committed write saved g (old: the
	// game before, nil for a new one). bbolt ends the claim of a game that
	// moved on and tells this process's watchers; PostgreSQL did both in
	// putGame, in the transaction.
	gameSaved(old, g *Game)
	// notifyEngine: see Store.NotifyEngine.
	notifyEngine(ctx context.Context, id GameID) error
	// watchEngine: see Store.WatchEngine.
	watchEngine(ctx context.Context) (<-chan EngineEvent, error)
	close() error
}

// A txn is one backend transaction. Record bytes returned by its methods
// are valid only until fn returns: decode them inside.
//
// Adding an entity (say, tournaments) to both backends:
//  1. a record struct with JSON tags and encode/decode functions in its
//     own file (as challenge.go does), the Store methods written once
//     against txn;
//  2. get/put/next-id methods here, and the index scans the entity needs;
//  3. bbolt: a bucket (and index buckets) in schema.go, created by a
//     bbolt schema migration (migrate.go), the methods in bolt.go;
//  4. PostgreSQL: a table (and indexes) in a new numbered file in
//     pgschema/, the methods in postgres.go;
//  5. the entity in forEach, indexEntries and rebuildIndexes (so Check,
//     db copy and the digest cover it), and contract tests in
//     contract_test.go, which run against both backends.
type txn interface {
	getGame(id GameID) ([]byte, error) // nil, nil when there is no such game
	nextGameID() (GameID, error)
	// putGame saves g (data is its record); old is the game as loaded
	// (nil for a new game), so that index entries can be moved.
	putGame(old, g *Game, data []byte) error

	getChallenge(id ChallengeID) ([]byte, error)
	nextChallengeID() (ChallengeID, error)
	putChallenge(old, c *Challenge, data []byte) error

	getPlayer(guild, user string) ([]byte, error)
	putPlayer(p *Player, data []byte) error

	getGuild(guild string) ([]byte, error)
	putGuild(guild string, data []byte) error

	getAnalysis(game GameID) ([]byte, error)
	putAnalysis(game GameID, data []byte) error

	getPuzzle(id PuzzleID) ([]byte, error)
	nextPuzzleID() (PuzzleID, error)
	putPuzzle(p *Puzzle, data []byte) error
	// puzzleByKey returns the id of the puzzle with that key, 0 if none.
	puzzleByKey(key string) (PuzzleID, error)
	// setPuzzleSequence makes the next puzzle id follow last (db copy).
	setPuzzleSequence(last PuzzleID) error
	// deletePuzzles deletes every puzzle and its index entry (db copy,
	// replacing a destination's starter puzzles).
	deletePuzzles() error
	getTournament(id TournamentID) ([]byte, error)
	nextTournamentID() (TournamentID, error)
	putTournament(t *Tournament, data []byte) error

	// gamesByPlayer calls fn with a user's games of one group (active
	// or finished), newest first. guild ("" for all) and limit (0: no
	// limit) are hints: the backend may pass other games, which the
	// caller skips.
	gamesByPlayer(user string, active bool, guild string, limit int, fn func(id GameID, data []byte) (bool, error)) error
	// activeGamesInChannel calls fn with the active games of a channel
	// or thread in id order.
	activeGamesInChannel(channel string, fn func(id GameID, data []byte) (bool, error)) error
	// finishedGamesInChannel calls fn with the finished games of a
	// channel or thread, the one last saved (Game.Updated) first, then
	// by id, newest first. limit (0: no limit) is a hint.
	finishedGamesInChannel(channel string, limit int, fn func(id GameID, data []byte) (bool, error)) error
	// activeGamesInGuild calls fn with the active games of a server,
	// newest first. limit (0: no limit) is a hint: the backend may pass
	// more, which the caller skips.
	activeGamesInGuild(guild string, limit int, fn func(id GameID, data []byte) (bool, error)) error
	// gamesDue calls fn with the active games whose deadline (as
	// [timeBits]) is below limit, earliest first, then by id.
	gamesDue(limit uint64, fn func(id GameID, data []byte) (bool, error)) error
	// activeGameIDs calls fn with the ids of the active games in order.
	activeGameIDs(fn func(id GameID) error) error
	// activeGames counts the active games from the index alone, without
	// listing them (for /metrics, at every scrape).
	activeGames() (int, error)
	// lockKeys holds named locks until the transaction ends, so that a
	// count and the write it allows are one step across processes
	// (PostgreSQL: transaction-level advisory locks; bbolt: nothing, its
	// write transactions run one at a time). Take keys in one order
	// everywhere.
	lockKeys(keys ...string) error
	// engineGames counts the active games against the engine that user
	// plays in and that guild holds ("" counts none).
	engineGames(user, guild string) (byUser, byGuild int, err error)
	// engineToMove calls fn with the active games the engine is to move
	// in, in id order.
	engineToMove(fn func(id GameID, data []byte) (bool, error)) error
	// activeEngineGames calls fn with the active games against the
	// engine, in id order; it may pass other active games, whose seats
	// the caller checks.
	activeEngineGames(fn func(id GameID, data []byte) (bool, error)) error
	// gamesToMine calls fn with the games still to be mined for a
	// puzzle (Game.MineDue), in id order.
	gamesToMine(fn func(id GameID, data []byte) (bool, error)) error
	// boardsDue calls fn with the active games whose latest board never
	// reached Discord (Game.BoardDue), in id order.
	boardsDue(fn func(id GameID, data []byte) (bool, error)) error
	// openChallenges calls fn with the open challenges whose expiry (as
	// [timeBits]) is below limit, earliest first, then by id. In a write
	// transaction they are locked until it ends.
	openChallenges(limit uint64, fn func(id ChallengeID, data []byte) error) error
	// tournamentsOfGuild calls fn with every tournament of a server, in
	// id order (key as in forEach).
	tournamentsOfGuild(guild string, fn func(key, data []byte) error) error
	// activeTournaments calls fn with every tournament not over (neither
	// finished nor cancelled), in id order (key as in forEach).
	activeTournaments(fn func(key, data []byte) error) error
	// unlistActiveTournament takes tournament id off the list that
	// activeTournaments reads (nothing if it is not on it): for one
	// over, which a process older than that list left there.
	unlistActiveTournament(id TournamentID) error
	// openChallengesOf calls fn with the open challenges that user made
	// or is invited to (user "": those open to anyone) in guild (with
	// everyGuild, in every server), in no particular order, without
	// locking them. The backend may pass others too, which the caller
	// skips.
	openChallengesOf(user, guild string, everyGuild bool, fn func(id ChallengeID, data []byte) error) error
	// playersOfGuild calls fn with every player record of a server.
	playersOfGuild(guild string, fn func(data []byte) error) error

	// forEach calls fn with every record of a kind, in key order; key
	// is the bbolt key (idKey, playerKey, the guild id).
	forEach(k recordKind, fn func(key, data []byte) error) error
	// indexEntries calls fn with every index entry stored, in bbolt's
	// encoding (for PostgreSQL: made from the index columns), so that
	// Check compares them with what the records call for.
	indexEntries(fn func(e indexEntry) error) error
	// rebuildIndexes remakes every index from the records.
	rebuildIndexes() error
	// setSequences makes the next ids follow the given ones (db copy).
	setSequences(lastGame GameID, lastChallenge ChallengeID, lastTournament TournamentID) error
	// empty reports whether the database holds no record at all.
	empty() (bool, error)
}

// recordKind names a kind of record for [txn.forEach].
type recordKind uint8

const (
	kindGames recordKind = iota + 1
	kindChallenges
	kindPlayers
	kindGuilds
	kindAnalyses
	kindPuzzles
	kindTournaments
)

var recordKinds = []recordKind{kindGames, kindChallenges, kindPlayers, kindGuilds, kindAnalyses, kindPuzzles, kindTournaments}

func (k recordKind) String() string {
	switch k {
	case kindGames:
		return "games"
	case kindChallenges:
		return "challenges"
	case kindPlayers:
		return "players"
	case kindGuilds:
		return "guilds"
	case kindAnalyses:
		return "analyses"
	case kindPuzzles:
		return "puzzles"
	case kindTournaments:
		return "tournaments"
	}
	return "unknown"
}
