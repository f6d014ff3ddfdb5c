package storage

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"
)

// CheckReport is what [Store.Check] found.
type CheckReport struct {
	Games, ActiveGames, Challenges, Players, Guilds int // Record counts.
	Analyses, Puzzles                               int // Record counts of game reviews and puzzles.
	Tournaments                                     int // Record count of tournaments.
	// Problems lists every problem found, one per line; empty when the
	// database is sound.
	Problems []string
	// Notes lists what was found that is harmless and mends itself, one
	// per line: on PostgreSQL, a tournament over whose column
	// tournaments.active is still true (a process of the version before
	// migration 4 leaves it so), which the clock sweep skips and clears.
	// A report with notes alone is OK.
	Notes []string
	// Digest is a SHA-256 over every record in a canonical form (decoded
	// and encoded again, in key order), the same for the same data in
	// either backend: `taflbot db copy` compares the two sides' digests.
	Digest string
}

// OK reports whether no problem was found.
func (r *CheckReport) OK() bool { return len(r.Problems) == 0 }

// maxProblems bounds a report on a badly damaged file.
const maxProblems = 1000

// Check verifies the database in one read transaction: the backend's own
// consistency (bbolt's page check; PostgreSQL's tables and schema
// version), that every record decodes (games are replayed through the
// rules), and that every index holds exactly the entries the records call
// for. It returns an error only when it could not run.
func (s *Store) Check(ctx context.Context) (*CheckReport, error) {
	var r *CheckReport
	err := s.view(ctx, func(tx txn) error {
		r = &CheckReport{}
		add := func(format string, args ...any) {
			if len(r.Problems) < maxProblems {
				r.Problems = append(r.Problems, fmt.Sprintf(format, args...))
			}
		}
		if err := s.b.checkFile(ctx, tx, add); err != nil {
			return err
		}
		if !r.OK() {
			return nil
		}
		want := map[string]bool{}
		over := map[string]bool{} // idKey of each tournament over
		type keyed struct {
			key  string
			hash [sha256.Size]byte
		}
		var canon []keyed
		canonical := func(k recordKind, key []byte, data []byte, err error) {
			if err == nil {
				canon = append(canon, keyed{fmt.Sprintf("%d:%s", k, key), sha256.Sum256(data)})
			}
		}
		err := tx.forEach(kindGames, func(k, v []byte) error {
			r.Games++
			g, err := decodeGame(v)
			switch {
			case err != nil:
				add("%s: %v", s.recordName(kindGames, k), err)
			case !bytes.Equal(idKey(uint64(g.ID)), k):
				add("%s: the record says id %d", s.recordName(kindGames, k), g.ID)
			default:
				if g.Active() {
					r.ActiveGames++
				}
				for _, e := range gameIndex(g) {
					want[string(e.bucket)+"\x00"+string(e.key)] = true
				}
				data, err := encodeGame(g)
				canonical(kindGames, k, data, err)
			}
			return ctx.Err()
		})
		if err != nil {
			return err
		}
		err = tx.forEach(kindChallenges, func(k, v []byte) error {
			r.Challenges++
			c, err := decodeChallenge(v)
			switch {
			case err != nil:
				add("%s: %v", s.recordName(kindChallenges, k), err)
			case !bytes.Equal(idKey(uint64(c.ID)), k):
				add("%s: the record says id %d", s.recordName(kindChallenges, k), c.ID)
			default:
				for _, e := range challengeIndex(c) {
					want[string(e.bucket)+"\x00"+string(e.key)] = true
				}
				data, err := encodeChallenge(c)
				canonical(kindChallenges, k, data, err)
			}
			return ctx.Err()
		})
		if err != nil {
			return err
		}
		err = tx.forEach(kindPlayers, func(k, v []byte) error {
			r.Players++
			p, err := decodePlayer(v)
			switch {
			case err != nil:
				add("%s: %v", s.recordName(kindPlayers, k), err)
			case !bytes.Equal(playerKey(p.GuildID, p.UserID), k):
				add("%s: the record says guild %q user %q", s.recordName(kindPlayers, k), p.GuildID, p.UserID)
			default:
				data, err := encodePlayer(p)
				canonical(kindPlayers, k, data, err)
			}
			return ctx.Err()
		})
		if err != nil {
			return err
		}
		err = tx.forEach(kindGuilds, func(k, v []byte) error {
			r.Guilds++
			var g guildRecord
			if err := json.Unmarshal(v, &g); err != nil {
				add("guild %q: %v", k, err)
				return nil
			}
			data, err := json.Marshal(g)
			canonical(kindGuilds, k, data, err)
			return ctx.Err()
		})
		if err != nil {
			return err
		}
		err = tx.forEach(kindAnalyses, func(k, v []byte) error {
			r.Analyses++
			a, err := decodeAnalysis(v)
			switch {
			case err != nil:
				add("%s: %v", s.recordName(kindAnalyses, k), err)
			case !bytes.Equal(idKey(uint64(a.GameID)), k):
				add("%s: the record says game %d", s.recordName(kindAnalyses, k), a.GameID)
			default:
				data, err := encodeAnalysis(a)
				canonical(kindAnalyses, k, data, err)
			}
			return ctx.Err()
		})
		if err != nil {
			return err
		}
		err = tx.forEach(kindPuzzles, func(k, v []byte) error {
			r.Puzzles++
			p, err := decodePuzzle(v)
			switch {
			case err != nil:
				add("%s: %v", s.recordName(kindPuzzles, k), err)
			case !bytes.Equal(idKey(uint64(p.ID)), k):
				add("%s: the record says id %d", s.recordName(kindPuzzles, k), p.ID)
			default:
				want[string(bucketPuzzlesByKey)+"\x00"+string(puzzleKey(p.Key(), p.ID))] = true
				data, err := encodePuzzle(p)
				canonical(kindPuzzles, k, data, err)
			}
			return ctx.Err()
		})
		if err != nil {
			return err
		}
		err = tx.forEach(kindTournaments, func(k, v []byte) error {
			r.Tournaments++
			t, err := decodeTournament(v)
			switch {
			case err != nil:
				add("%s: %v", s.recordName(kindTournaments, k), err)
			case !bytes.Equal(idKey(uint64(t.ID)), k):
				add("%s: the record says id %d", s.recordName(kindTournaments, k), t.ID)
			default:
				for _, e := range tournamentIndex(t) {
					want[string(e.bucket)+"\x00"+string(e.key)] = true
				}
				if t.Over() {
					over[string(k)] = true
				}
				data, err := encodeTournament(t)
				canonical(kindTournaments, k, data, err)
			}
			return ctx.Err()
		})
		if err != nil {
			return err
		}
		err = tx.indexEntries(func(e indexEntry) error {
			key := string(e.bucket) + "\x00" + string(e.key)
			switch {
			case want[key]:
			case bytes.Equal(e.bucket, bucketActiveTournaments) && over[string(e.key)] && s.b.kind() == "postgres":
				// What a process of schema 3 leaves while a newer one has
				// migrated to 4 (a bbolt file has one process, which
				// refuses a newer schema: there, it is a stray entry).
				if len(r.Notes) < maxProblems {
					r.Notes = append(r.Notes, fmt.Sprintf("tournament %d is over but its column tournaments.active is still true, as a process of a taflbot from before migration 4 leaves it: harmless, the clock sweep skips it and clears the column",
						beUint64(e.key)))
				}
			default:
				add("%s", s.indexProblem(e.bucket, e.key, true))
			}
			delete(want, key)
			return nil
		})
		if err != nil {
			return err
		}
		for _, key := range slices.Sorted(maps.Keys(want)) {
			bucket, entry, _ := strings.Cut(key, "\x00")
			add("%s", s.indexProblem([]byte(bucket), []byte(entry), false))
		}
		slices.SortFunc(canon, func(a, b keyed) int { return bytes.Compare([]byte(a.key), []byte(b.key)) })
		h := sha256.New()
		for _, c := range canon {
			h.Write([]byte(c.key))
			h.Write(c.hash[:])
		}
		r.Digest = hex.EncodeToString(h.Sum(nil))
		return ctx.Err()
	})
	if err != nil {
		return nil, fmt.Errorf("storage: check: %w", err)
	}
	if b, ok := s.b.(*boltBackend); ok && b.older != 0 {
		r.Notes = append([]string{fmt.Sprintf("the file has the older schema version %d (this taflbot's is %d): it was checked through its migration, in a temporary copy, and left as it is; taflbot migrates it when it starts on it",
			b.older, SchemaVersion)}, r.Notes...)
	}
	return r, nil
}

// RebuildIndexes rebuilds every index from the records, in one
// transaction. Use it when Check reports index problems.
func (s *Store) RebuildIndexes(ctx context.Context) error {
	return s.write(ctx, func(tx txn) error { return tx.rebuildIndexes() })
}

// recordName names a record in a problem line: by its bbolt key in hex
// ("game 0000000000000007"), or on PostgreSQL, where that key means
// nothing, by its table's id ("game 7"; a player by server and user).
func (s *Store) recordName(k recordKind, key []byte) string {
	noun := map[recordKind]string{kindGames: "game", kindChallenges: "challenge", kindPlayers: "player",
		kindAnalyses: "analysis", kindPuzzles: "puzzle", kindTournaments: "tournament"}[k]
	if s.b.kind() != "postgres" {
		return fmt.Sprintf("%s %x", noun, key)
	}
	if k == kindPlayers {
		guild, rest, ok := cutKeyString(key)
		user, _, ok2 := cutKeyString(rest)
		if ok && ok2 {
			return fmt.Sprintf("player %q of server %q", user, guild)
		}
	} else if len(key) == 8 {
		return fmt.Sprintf("%s %d", noun, beUint64(key))
	}
	return fmt.Sprintf("%s %x", noun, key)
}

// cutKeyString splits a key into its leading length-prefixed string (see
// appendString) and the rest.
func cutKeyString(key []byte) (string, []byte, bool) {
	if len(key) == 0 || len(key) < 1+int(key[0]) {
		return "", nil, false
	}
	return string(key[1 : 1+key[0]]), key[1+key[0]:], true
}

// indexProblem describes an index entry that is there and should not be
// (stray) or should be and is not. On bbolt, by index bucket and key:
// "index idx_deadlines: stray entry 18ec…"; on PostgreSQL, where the
// indexes are columns of the records' rows, by those columns and the
// row's id, saying what the columns hold that the record does not call
// for, or the other way round. Every line starts "index", which db check
// -rebuild-indexes reads as a problem it can mend.
func (s *Store) indexProblem(bucket, key []byte, stray bool) string {
	if s.b.kind() != "postgres" || len(key) < 8 {
		if stray {
			return fmt.Sprintf("index %s: stray entry %x", bucket, key)
		}
		return fmt.Sprintf("index %s: entry missing %x", bucket, key)
	}
	id, rest := beUint64(key[len(key)-8:]), key[:len(key)-8]
	at := func(b []byte) string {
		if len(b) != 8 {
			return fmt.Sprintf("%x", b)
		}
		return time.Unix(0, int64(beUint64(b))).UTC().Format(time.RFC3339)
	}
	noun, columns, says := "game", "", ""
	switch string(bucket) {
	case string(bucketGamesByPlayer):
		columns = "games.attackers_user, games.defenders_user, games.active"
		user, flag, _ := cutKeyString(rest)
		state := "finished"
		if len(flag) == 1 && flag[0] == activeFlag(true) {
			state = "active"
		}
		says = fmt.Sprintf("player %q, %s", user, state)
	case string(bucketActiveByChannel):
		columns = "games.channel, games.thread, games.active"
		channel, _, _ := cutKeyString(rest)
		says = fmt.Sprintf("active in channel or thread %q", channel)
	case string(bucketFinishedByChannel):
		columns = "games.channel, games.thread, games.active, games.updated_ns"
		channel, rest, _ := cutKeyString(rest)
		says = fmt.Sprintf("finished in channel or thread %q, saved at %s", channel, at(rest))
	case string(bucketDeadlines):
		columns, says = "games.deadline_ns", "deadline "+at(rest)
	case string(bucketActiveGames):
		columns, says = "games.active", "active"
	case string(bucketEngineToMove):
		columns, says = "games.engine_to_move", "the engine to move"
	case string(bucketGamesToMine):
		columns, says = "games.mine_due", "due to be mined for a puzzle"
	case string(bucketBoardsDue):
		columns, says = "games.board_due", "its latest board due to be posted"
	case string(bucketOpenChallenges):
		noun, columns, says = "challenge", "challenges.open_expires_ns", "open until "+at(rest)
	case string(bucketChallengesByUser):
		user, rest, _ := cutKeyString(rest)
		guild, _, _ := cutKeyString(rest)
		noun, columns = "challenge", "challenges.open_expires_ns (indexes challenges_open_by_challenger and challenges_open_by_opponent)"
		says = fmt.Sprintf("open, player %q in server %q", user, guild)
	case string(bucketPuzzlesByKey):
		noun, columns, says = "puzzle", "puzzles.key", fmt.Sprintf("key %q", strings.TrimSuffix(string(rest), "\x00"))
	case string(bucketTournamentsByGuild):
		guild, _, _ := cutKeyString(rest)
		noun, columns, says = "tournament", "tournaments.guild", fmt.Sprintf("server %q", guild)
	case string(bucketActiveTournaments):
		noun, columns, says = "tournament", "tournaments.active", "not over"
	default:
		columns, says = string(bucket), fmt.Sprintf("%x", rest)
	}
	if stray {
		return fmt.Sprintf("index columns %s: %s %d: they say %s, which its record does not", columns, noun, id, says)
	}
	return fmt.Sprintf("index columns %s: %s %d: its record says %s, which they do not", columns, noun, id, says)
}
