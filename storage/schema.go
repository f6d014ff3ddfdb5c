package storage

import (
	"encoding/binary"
	"fmt"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	bolt "go.etcd.io/bbolt"
)

// SchemaVersion is the layout of the database this version of the package
// writes. History:
//
//   - 1: buckets meta, games, players. Games had one "attacker" and one
//     "defender" string ("ai:<level>" for the engine) and "days_per_move";
//     players had a single rating (only copenhagen was played). No indexes.
//   - 2: seats with user id or AI level, per-move time in seconds, reminder,
//     draw offer, board messages, rating changes; players rated per variant;
//     challenges and guild settings; the index buckets below.
//   - 3: direct messages are opt-in: players have "dms" (true when they
//     turned them on) instead of "no_dms"; migrating turns every player's
//     DMs off, since schema 2 cannot tell a choice from the old default.
//     New indexes of the active games and of the games the engine is to
//     move in, so that start-up reads only those.
//   - 4: game reviews (bucket analyses) and puzzles (bucket puzzles, with
//     the index of their keys). Players gained their puzzle record and
//     guild settings the hints, daily puzzle channel and state, which
//     older records simply lack.
//   - 5: tournaments (bucket tournaments). Games, challenges, players
//     and guild settings gained optional fields (live clocks, rematches,
//     tournament, language, casual default), which older records lack.
//   - 6: the index of each server's tournaments, so that listing them
//     (autocomplete, at every keystroke) reads those alone, not every
//     tournament of every server.
//   - 7: the index of the tournaments not over (signing up or playing),
//     so that the clock process's sweep reads those alone, not every
//     tournament ever finished.
//   - 8: the index of each player's open challenges (those they made and
//     those addressed to them; those open to anyone under no player), so
//     that /tafl games, /tafl vacation and the challenge limits read a
//     player's alone, not every open challenge of every server.
//   - 9: the index of the games still to be mined for a puzzle (ended
//     with a winner, the search not over yet), so that a search a
//     shutdown cut short is made at the next start.
//   - 10: a player's language (/tafl settings language) follows them:
//     kept on their record of direct messages (guild "") alone, read in
//     every server, instead of on their record of the server (or of
//     direct messages) where they chose it; see migrate9to10 for a
//     player who chose in several places.
//   - 11: the index of the active games whose latest move's board never
//     reached Discord (Game.BoardDue), which the clock sweep posts.
//   - 12: the index of the finished games by channel and by thread, last
//     ended (saved) first, so that /tafl board in a finished game's
//     thread or channel finds it (FinishedGamesInChannel).
const SchemaVersion = 12

// Bucket names. Every bucket is top level.
var (
	bucketMeta = []byte("meta") // keyMetaSchema → 8-byte big-endian schema version

	bucketGames       = []byte("games")       // idKey(game id) → JSON gameRecord
	bucketChallenges  = []byte("challenges")  // idKey(challenge id) → JSON challengeRecord
	bucketPlayers     = []byte("players")     // playerKey(guild, user) → JSON playerRecord
	bucketGuilds      = []byte("guilds")      // guild id → JSON guildRecord
	bucketAnalyses    = []byte("analyses")    // idKey(game id) → JSON analysisRecord
	bucketPuzzles     = []byte("puzzles")     // idKey(puzzle id) → JSON puzzleRecord
	bucketTournaments = []byte("tournaments") // idKey(tournament id) → JSON tournamentRecord

	// Indexes, written in the same transaction as the record; values are empty.
	bucketGamesByPlayer      = []byte("idx_games_by_player")           // playerGameKey(user, active, id)
	bucketActiveByChannel    = []byte("idx_active_games_by_channel")   // channelGameKey(channel or thread, id)
	bucketDeadlines          = []byte("idx_deadlines")                 // timeKey(deadline, id), active games with a clock
	bucketOpenChallenges     = []byte("idx_open_challenges")           // timeKey(expiry, id), open challenges only
	bucketActiveGames        = []byte("idx_active_games")              // idKey(id), every active game
	bucketEngineToMove       = []byte("idx_engine_to_move")            // idKey(id), active games whose side to move is the engine
	bucketPuzzlesByKey       = []byte("idx_puzzles_by_key")            // puzzle key + idKey(id), every puzzle
	bucketTournamentsByGuild = []byte("idx_tournaments_by_guild")      // channelGameKey(guild, id), every tournament
	bucketActiveTournaments  = []byte("idx_active_tournaments")        // idKey(id), every tournament not over
	bucketChallengesByUser   = []byte("idx_open_challenges_by_user")   // challengeUserKey(challenger or opponent, guild, id), open challenges only
	bucketGamesToMine        = []byte("idx_games_to_mine")             // idKey(id), finished games still to be mined for a puzzle
	bucketBoardsDue          = []byte("idx_boards_due")                // idKey(id), active games whose latest board never reached Discord
	bucketFinishedByChannel  = []byte("idx_finished_games_by_channel") // finishedChannelKey(channel or thread, updated, id), finished games

	keyMetaSchema = []byte("schema_version")
)

// dataBuckets hold records; indexBuckets can be rebuilt from them.
var (
	dataBuckets  = [][]byte{bucketMeta, bucketGames, bucketChallenges, bucketPlayers, bucketGuilds, bucketAnalyses, bucketPuzzles, bucketTournaments}
	indexBuckets = [][]byte{bucketGamesByPlayer, bucketActiveByChannel, bucketDeadlines, bucketOpenChallenges, bucketActiveGames, bucketEngineToMove, bucketPuzzlesByKey, bucketTournamentsByGuild, bucketActiveTournaments, bucketChallengesByUser, bucketGamesToMine, bucketBoardsDue, bucketFinishedByChannel}
)

// maxIDLen bounds the Discord ids (snowflakes: up to 20 digits) and names
// used in keys; a one-byte length prefix must hold them.
const maxIDLen = 100

// idKey encodes a record id as 8 big-endian bytes, so keys sort by id.
func idKey(id uint64) []byte { return binary.BigEndian.AppendUint64(make([]byte, 0, 8), id) }

// appendString appends a length-prefixed string (one byte of length), so
// that "12" and "123" never share a key prefix.
func appendString(b []byte, s string) []byte {
	b = append(b, byte(len(s)))
	return append(b, s...)
}

// playerGameKey indexes a game under one of its human players. The flag
// byte groups a player's active games ('a') before finished ones ('f');
// within a group keys sort by game id.
func playerGameKey(user string, active bool, id uint64) []byte {
	b := appendString(make([]byte, 0, 2+len(user)+8), user)
	b = append(b, activeFlag(active))
	return binary.BigEndian.AppendUint64(b, id)
}

func playerGamePrefix(user string, active bool) []byte {
	return append(appendString(nil, user), activeFlag(active))
}

func activeFlag(active bool) byte {
	if active {
		return 'a'
	}
	return 'f'
}

// channelGameKey indexes an active game under its channel and its thread.
func channelGameKey(channel string, id uint64) []byte {
	return binary.BigEndian.AppendUint64(appendString(nil, channel), id)
}

// finishedChannelKey indexes a finished game under its channel and its
// thread, by when it was last saved (for a finished game, when it ended,
// unless it was changed since: a rematch offered) and then by id, so that
// a reverse prefix scan finds the one that ended last first.
func finishedChannelKey(channel string, updated time.Time, id uint64) []byte {
	return finishedChannelKeyBits(channel, timeBits(updated), id)
}

// finishedChannelKeyBits is finishedChannelKey of a time given as timeBits.
func finishedChannelKeyBits(channel string, updated, id uint64) []byte {
	return append(appendString(nil, channel), timeKeyBits(updated, id)...)
}

// challengeUserKey indexes an open challenge under one of its players
// (its challenger, and its opponent: "" when it is open to anyone) and
// its server, so that a prefix scan finds a player's in one server or in
// every one.
func challengeUserKey(user, guild string, id uint64) []byte {
	return binary.BigEndian.AppendUint64(appendString(appendString(nil, user), guild), id)
}

// timeKey orders records by a time (Unix nanoseconds, big-endian; times
// before 1970 count as 1970) and then by id.
func timeKey(t time.Time, id uint64) []byte { return timeKeyBits(timeBits(t), id) }

// timeKeyBits is timeKey of a time given as timeBits.
func timeKeyBits(bits, id uint64) []byte {
	b := binary.BigEndian.AppendUint64(make([]byte, 0, 16), bits)
	return binary.BigEndian.AppendUint64(b, id)
}

func timeBits(t time.Time) uint64 {
	n := t.UnixNano()
	if n < 0 {
		return 0
	}
	return uint64(n)
}

// keyID returns the id in the last 8 bytes of an index key.
func keyID(k []byte) (uint64, error) {
	if len(k) < 8 {
		return 0, fmt.Errorf("%w: index key %x too short", ErrCorrupt, k)
	}
	return binary.BigEndian.Uint64(k[len(k)-8:]), nil
}

// puzzleKey indexes a puzzle under its key (see Puzzle.Key): the key,
// a zero byte, then the id, so that a key is found with a prefix scan.
func puzzleKey(key string, id PuzzleID) []byte {
	b := append([]byte(key), 0)
	return binary.BigEndian.AppendUint64(b, uint64(id))
}

// playerKey is the key of one user's record in one server.
func playerKey(guild, user string) []byte {
	return appendString(appendString(nil, guild), user)
}

// checkID validates a Discord id (or other name) used in a key.
func checkID(what, id string, required bool) error {
	if id == "" && required {
		return fmt.Errorf("%w: %s is missing", ErrInvalid, what)
	}
	if len(id) > maxIDLen {
		return fmt.Errorf("%w: %s is longer than %d bytes", ErrInvalid, what, maxIDLen)
	}
	// Both backends must store the same ids: PostgreSQL text holds
	// neither NUL bytes nor invalid UTF-8, and JSON would change them.
	if !utf8.ValidString(id) || strings.ContainsFunc(id, unicode.IsControl) {
		return fmt.Errorf("%w: %s %q holds control characters or invalid UTF-8", ErrInvalid, what, id)
	}
	return nil
}

func hasPrefix(k, prefix []byte) bool {
	return len(k) >= len(prefix) && string(k[:len(prefix)]) == string(prefix)
}

func beUint64(k []byte) uint64 { return binary.BigEndian.Uint64(k) }

// scanPrefixReverse calls fn with every key that starts with prefix and
// ends in an 8-byte id, last key first, until fn returns false or an error.
func scanPrefixReverse(b *bolt.Bucket, prefix []byte, fn func(k []byte) (bool, error)) error {
	upper := append(append([]byte(nil), prefix...), 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff)
	c := b.Cursor()
	k, _ := c.Seek(upper)
	if k == nil {
		k, _ = c.Last()
	} else {
		k, _ = c.Prev()
	}
	for ; k != nil && hasPrefix(k, prefix); k, _ = c.Prev() {
		more, err := fn(k)
		if err != nil || !more {
			return err
		}
	}
	return nil
}
