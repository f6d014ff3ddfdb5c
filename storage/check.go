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
				add("game %x: %v", k, err)
			case !bytes.Equal(idKey(uint64(g.ID)), k):
				add("game %x: the record says id %d", k, g.ID)
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
				add("challenge %x: %v", k, err)
			case !bytes.Equal(idKey(uint64(c.ID)), k):
				add("challenge %x: the record says id %d", k, c.ID)
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
				add("player %x: %v", k, err)
			case !bytes.Equal(playerKey(p.GuildID, p.UserID), k):
				add("player %x: the record says guild %q user %q", k, p.GuildID, p.UserID)
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
				add("analysis %x: %v", k, err)
			case !bytes.Equal(idKey(uint64(a.GameID)), k):
				add("analysis %x: the record says game %d", k, a.GameID)
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
				add("puzzle %x: %v", k, err)
			case !bytes.Equal(idKey(uint64(p.ID)), k):
				add("puzzle %x: the record says id %d", k, p.ID)
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
				add("tournament %x: %v", k, err)
			case !bytes.Equal(idKey(uint64(t.ID)), k):
				add("tournament %x: the record says id %d", k, t.ID)
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
				add("index %s: stray entry %x", e.bucket, e.key)
			}
			delete(want, key)
			return nil
		})
		if err != nil {
			return err
		}
		for _, key := range slices.Sorted(maps.Keys(want)) {
			bucket, entry, _ := strings.Cut(key, "\x00")
			add("index %s: entry missing %x", bucket, entry)
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
