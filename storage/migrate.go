package storage

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/taflbot/taflbot/tafl"
	bolt "go.etcd.io/bbolt"
)

// readSchema returns the file's schema version; fresh reports an empty
// bbolt file (no buckets at all).
func readSchema(tx *bolt.Tx) (version uint64, fresh bool, err error) {
	meta := tx.Bucket(bucketMeta)
	if meta == nil {
		empty := true
		tx.ForEach(func([]byte, *bolt.Bucket) error { empty = false; return nil })
		if empty {
			return 0, true, nil
		}
		return 0, false, fmt.Errorf("%w: the file is a bbolt database without taflbot's meta bucket (another program's database?)", ErrCorrupt)
	}
	v := meta.Get(keyMetaSchema)
	if len(v) != 8 {
		return 0, false, fmt.Errorf("%w: schema version %x is not 8 bytes", ErrCorrupt, v)
	}
	version = binary.BigEndian.Uint64(v)
	if version == 0 {
		return 0, false, fmt.Errorf("%w: schema version 0", ErrCorrupt)
	}
	return version, false, nil
}

func writeSchema(tx *bolt.Tx, version uint64) error {
	return tx.Bucket(bucketMeta).Put(keyMetaSchema, binary.BigEndian.AppendUint64(nil, version))
}

func initSchema(tx *bolt.Tx) error {
	for _, name := range append(append([][]byte(nil), dataBuckets...), indexBuckets...) {
		if _, err := tx.CreateBucketIfNotExists(name); err != nil {
			return fmt.Errorf("storage: create bucket %s: %w", name, err)
		}
	}
	return writeSchema(tx, SchemaVersion)
}

// migrations[v] turns schema v into v+1.
var migrations = map[uint64]func(tx *bolt.Tx, now time.Time) error{
	1:  migrate1to2,
	2:  migrate2to3,
	3:  migrate3to4,
	4:  migrate4to5,
	5:  migrate5to6,
	6:  migrate6to7,
	7:  migrate7to8,
	8:  migrate8to9,
	9:  migrate9to10,
	10: migrate10to11,
	11: migrate11to12,
}

// migrate3to4 adds the buckets of game reviews and puzzles. Records of
// schema 3 read as they are: the new fields are optional.
func migrate3to4(tx *bolt.Tx, _ time.Time) error {
	for _, name := range [][]byte{bucketAnalyses, bucketPuzzles, bucketPuzzlesByKey} {
		if _, err := tx.CreateBucketIfNotExists(name); err != nil {
			return err
		}
	}
	return nil
}

// migrate4to5 adds the tournaments bucket.
func migrate4to5(tx *bolt.Tx, _ time.Time) error {
	_, err := tx.CreateBucketIfNotExists(bucketTournaments)
	return err
}

// migrate5to6 adds the index of each server's tournaments, made from
// the tournaments stored.
func migrate5to6(tx *bolt.Tx, _ time.Time) error {
	return buildIndex(tx, bucketTournamentsByGuild, bucketTournaments, "tournament", decodeTournament, tournamentIndex)
}

// migrate6to7 adds the index of the tournaments not over, made from the
// tournaments stored.
func migrate6to7(tx *bolt.Tx, _ time.Time) error {
	return buildIndex(tx, bucketActiveTournaments, bucketTournaments, "tournament", decodeTournament, tournamentIndex)
}

// migrate7to8 adds the index of each player's open challenges, made
// from the open challenges stored.
func migrate7to8(tx *bolt.Tx, _ time.Time) error {
	return buildIndex(tx, bucketChallengesByUser, bucketChallenges, "challenge", decodeChallenge, challengeIndex)
}

// migrate8to9 adds the index of the games still to be mined for a
// puzzle: empty, as no game stored before it is marked (those are mined
// by taflbot db puzzles).
func migrate8to9(tx *bolt.Tx, _ time.Time) error {
	return buildIndex(tx, bucketGamesToMine, bucketGames, "game", decodeGame, gameIndex)
}

// migrate9to10 makes a player's language follow them: the language chosen
// with /tafl settings was kept on their record of one server (or of
// direct messages) and is kept on their record of direct messages alone,
// read in every server. A player who chose languages in several places
// keeps the one of the record that changed last (its "updated"; of
// records changed at the same moment, the first by server id, direct
// messages first), the language of the place they were last active in;
// the servers' records lose theirs. PostgreSQL's 0007_user_language.sql
// does the same.
func migrate9to10(tx *bolt.Tx, _ time.Time) error {
	type choice struct {
		guild, lang string
		updated     time.Time
	}
	b := tx.Bucket(bucketPlayers)
	if b == nil {
		return fmt.Errorf("%w: a bucket is missing", ErrCorrupt)
	}
	chosen := map[string]choice{} // user → the choice kept
	var users []string            // in the order first met, for a deterministic write
	err := b.ForEach(func(k, v []byte) error {
		p, err := decodePlayer(v)
		if err != nil {
			return fmt.Errorf("player %q: %w", k, err)
		}
		if p.Language == "" {
			return nil
		}
		best, ok := chosen[p.UserID]
		if !ok {
			users = append(users, p.UserID)
		}
		if !ok || p.Updated.After(best.updated) || p.Updated.Equal(best.updated) && p.GuildID < best.guild {
			chosen[p.UserID] = choice{p.GuildID, p.Language, p.Updated}
		}
		return nil
	})
	if err != nil {
		return err
	}
	err = rewriteRecords(b, func(k, v []byte) ([]byte, error) {
		p, err := decodePlayer(v)
		if err != nil || p.GuildID == "" || p.Language == "" {
			return v, err
		}
		p.Language = ""
		return encodePlayer(p)
	})
	if err != nil {
		return err
	}
	for _, user := range users {
		key := playerKey("", user)
		p := NewPlayer("", user)
		if v := b.Get(key); v != nil {
			if p, err = decodePlayer(v); err != nil {
				return fmt.Errorf("player %q: %w", user, err)
			}
		}
		p.Language = chosen[user].lang
		data, err := encodePlayer(p)
		if err != nil {
			return err
		}
		if err := b.Put(key, data); err != nil {
			return err
		}
	}
	return nil
}

// migrate10to11 adds the index of the active games whose latest board
// never reached Discord: empty, as no game stored before it is marked.
func migrate10to11(tx *bolt.Tx, _ time.Time) error {
	return buildIndex(tx, bucketBoardsDue, bucketGames, "game", decodeGame, gameIndex)
}

// migrate11to12 adds the index of the finished games by channel and by
// thread, made from the games stored.
func migrate11to12(tx *bolt.Tx, _ time.Time) error {
	return buildIndex(tx, bucketFinishedByChannel, bucketGames, "game", decodeGame, gameIndex)
}

// buildIndex adds the index bucket idx, made from the records of bucket:
// those of their index entries (index, as Check expects them) that
// belong to idx. It is what a migration that adds an index does.
func buildIndex[T any](tx *bolt.Tx, idx, bucket []byte, kind string, decode func([]byte) (T, error), index func(T) []indexEntry) error {
	b, err := tx.CreateBucketIfNotExists(idx)
	if err != nil {
		return err
	}
	entries, err := indexesOf(tx, nil, bucket, kind, decode, index)
	if err != nil {
		return err
	}
	for _, e := range entries {
		if bytes.Equal(e.bucket, idx) {
			if err := b.Put(e.key, nil); err != nil {
				return err
			}
		}
	}
	return nil
}

// challengeIndex lists the index entries of a challenge: an open one is
// listed by expiry and under its challenger and its opponent ("" when it
// is open to anyone).
func challengeIndex(c *Challenge) []indexEntry {
	if c.State != ChallengeOpen {
		return nil
	}
	return []indexEntry{
		{bucketOpenChallenges, timeKey(c.Expires, uint64(c.ID))},
		{bucketChallengesByUser, challengeUserKey(c.ChallengerID, c.GuildID, uint64(c.ID))},
		{bucketChallengesByUser, challengeUserKey(c.OpponentID, c.GuildID, uint64(c.ID))},
	}
}

// tournamentIndex lists the index entries of a tournament.
func tournamentIndex(t *Tournament) []indexEntry {
	out := []indexEntry{{bucketTournamentsByGuild, channelGameKey(t.GuildID, uint64(t.ID))}}
	if !t.Over() {
		out = append(out, indexEntry{bucketActiveTournaments, idKey(uint64(t.ID))})
	}
	return out
}

// migrate brings a database of an older schema to SchemaVersion in one
// transaction: all or nothing.
func migrate(tx *bolt.Tx, from uint64, now time.Time) error {
	for v := from; v < SchemaVersion; v++ {
		m := migrations[v]
		if m == nil {
			return fmt.Errorf("storage: no migration from schema %d", v)
		}
		if err := m(tx, now); err != nil {
			return fmt.Errorf("storage: migrate schema %d to %d: %w", v, v+1, err)
		}
		if err := writeSchema(tx, v+1); err != nil {
			return err
		}
	}
	return nil
}

// gameRecordV1 is a game as schema 1 stored it.
type gameRecordV1 struct {
	ID          uint64    `json:"id"`
	Guild       string    `json:"guild"`
	Channel     string    `json:"channel"`
	Variant     string    `json:"variant"`
	Attacker    string    `json:"attacker"` // user id or "ai:<level>"
	Defender    string    `json:"defender"`
	Moves       []string  `json:"moves"`
	Result      string    `json:"result"`
	Reason      string    `json:"reason"`
	Created     time.Time `json:"created"`
	Updated     time.Time `json:"updated"`
	DaysPerMove int       `json:"days_per_move"`
	Deadline    time.Time `json:"deadline"`
}

// playerRecordV1 is a player as schema 1 stored it: one rating, for
// copenhagen, the only variant then.
type playerRecordV1 struct {
	Guild      string  `json:"guild"`
	User       string  `json:"user"`
	Rating     float64 `json:"rating"`
	Deviation  float64 `json:"rd"`
	Volatility float64 `json:"vol"`
	Wins       int     `json:"wins"`
	Losses     int     `json:"losses"`
	Draws      int     `json:"draws"`
}

func seatV1(s string) seatRecord {
	if level, ok := strings.CutPrefix(s, "ai:"); ok {
		return seatRecord{AI: level}
	}
	return seatRecord{User: s}
}

func migrate1to2(tx *bolt.Tx, now time.Time) error {
	for _, name := range append(append([][]byte(nil), dataBuckets...), indexBuckets...) {
		if _, err := tx.CreateBucketIfNotExists(name); err != nil {
			return err
		}
	}
	err := rewriteRecords(tx.Bucket(bucketGames), func(k, v []byte) ([]byte, error) {
		var o gameRecordV1
		if err := json.Unmarshal(v, &o); err != nil {
			return nil, fmt.Errorf("game %x: %w: %w", k, ErrCorrupt, err)
		}
		n := gameRecord{
			ID: o.ID, Guild: o.Guild, Channel: o.Channel, Variant: o.Variant,
			Attackers: seatV1(o.Attacker), Defenders: seatV1(o.Defender),
			Moves: o.Moves, Result: o.Result, Reason: o.Reason,
			Created: o.Created, Updated: o.Updated, Deadline: o.Deadline,
		}
		if o.DaysPerMove > 0 {
			n.MoveTime = (time.Duration(o.DaysPerMove) * 24 * time.Hour).String()
		}
		if n.Variant == "" {
			n.Variant = tafl.DefaultVariant
		}
		if n.Result != "ongoing" {
			n.Deadline = time.Time{}
		}
		if _, err := n.game(); err != nil {
			return nil, fmt.Errorf("game %d: %w", o.ID, err)
		}
		return json.Marshal(n)
	})
	if err != nil {
		return err
	}
	err = rewriteRecords(tx.Bucket(bucketPlayers), func(k, v []byte) ([]byte, error) {
		var o playerRecordV1
		if err := json.Unmarshal(v, &o); err != nil {
			return nil, fmt.Errorf("player %x: %w: %w", k, ErrCorrupt, err)
		}
		n := playerRecord{Guild: o.Guild, User: o.User, Wins: o.Wins, Losses: o.Losses, Draws: o.Draws, Updated: now.UTC()}
		if o.Wins+o.Losses+o.Draws > 0 {
			n.Variants = map[string]VariantRecord{"copenhagen": {
				Rating: Rating{Rating: o.Rating, Deviation: o.Deviation, Volatility: o.Volatility}, Wins: o.Wins, Losses: o.Losses, Draws: o.Draws,
			}}
		}
		return json.Marshal(n)
	})
	if err != nil {
		return err
	}
	return rebuildIndexes(tx)
}

// rewriteRecords replaces every record of bucket b by what fn makes of it
// (fn's error stops the rewrite; the transaction then changes nothing).
func rewriteRecords(b *bolt.Bucket, fn func(k, v []byte) ([]byte, error)) error {
	if b == nil {
		return fmt.Errorf("%w: a bucket is missing", ErrCorrupt)
	}
	type kv struct{ k, v []byte }
	var updates []kv
	err := b.ForEach(func(k, v []byte) error {
		data, err := fn(k, v)
		if err != nil {
			return err
		}
		updates = append(updates, kv{append([]byte(nil), k...), data})
		return nil
	})
	if err != nil {
		return err
	}
	for _, u := range updates {
		if err := b.Put(u.k, u.v); err != nil {
			return err
		}
	}
	return nil
}

// migrate2to3 makes direct messages opt-in: every player's "no_dms" is
// dropped and DMs are off (schema 2 defaulted them on, so a player's own
// choice cannot be told from the default; players turn them on again with
// /tafl settings dms:True). It builds the new indexes.
func migrate2to3(tx *bolt.Tx, _ time.Time) error {
	err := rewriteRecords(tx.Bucket(bucketPlayers), func(k, v []byte) ([]byte, error) {
		var rec map[string]json.RawMessage
		if err := json.Unmarshal(v, &rec); err != nil {
			return nil, fmt.Errorf("player %x: %w: %w", k, ErrCorrupt, err)
		}
		delete(rec, "no_dms")
		delete(rec, "dms")
		data, err := json.Marshal(rec)
		if err == nil {
			_, err = decodePlayer(data)
		}
		if err != nil {
			return nil, fmt.Errorf("player %x: %w", k, err)
		}
		return data, nil
	})
	if err != nil {
		return err
	}
	return rebuildIndexes(tx)
}

// rebuildIndexes empties the index buckets and fills them from the records.
func rebuildIndexes(tx *bolt.Tx) error {
	for _, name := range indexBuckets {
		if tx.Bucket(name) != nil {
			if err := tx.DeleteBucket(name); err != nil {
				return err
			}
		}
		if _, err := tx.CreateBucket(name); err != nil {
			return err
		}
	}
	want, err := expectedIndexes(tx)
	if err != nil {
		return err
	}
	for _, e := range want {
		if err := tx.Bucket(e.bucket).Put(e.key, nil); err != nil {
			return err
		}
	}
	return nil
}

// expectedIndexes lists every index entry the records call for.
func expectedIndexes(tx *bolt.Tx) ([]indexEntry, error) {
	out, err := indexesOf(tx, nil, bucketGames, "game", decodeGame, gameIndex)
	if err == nil {
		out, err = indexesOf(tx, out, bucketChallenges, "challenge", decodeChallenge, challengeIndex)
	}
	if err == nil {
		out, err = indexesOf(tx, out, bucketPuzzles, "puzzle", decodePuzzle, func(p *Puzzle) []indexEntry {
			return []indexEntry{{bucketPuzzlesByKey, puzzleKey(p.Key(), p.ID)}}
		})
	}
	if err == nil {
		out, err = indexesOf(tx, out, bucketTournaments, "tournament", decodeTournament, tournamentIndex)
	}
	return out, err
}

// indexesOf appends to out the index entries of every record in bucket
// (none when the bucket is not there yet: a migration from before the
// schema that added it, 4 for puzzles, 5 for tournaments); kind names the
// record in a decoding error.
func indexesOf[T any](tx *bolt.Tx, out []indexEntry, bucket []byte, kind string, decode func([]byte) (T, error), index func(T) []indexEntry) ([]indexEntry, error) {
	b := tx.Bucket(bucket)
	if b == nil {
		return out, nil
	}
	err := b.ForEach(func(k, v []byte) error {
		r, err := decode(v)
		if err != nil {
			return fmt.Errorf("%s %x: %w", kind, k, err)
		}
		out = append(out, index(r)...)
		return nil
	})
	return out, err
}
