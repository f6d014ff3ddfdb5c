package storage

import (
	"context"
	"encoding/json"
	"fmt"

	bolt "go.etcd.io/bbolt"
)

// CheckReport is what [Store.Check] found.
type CheckReport struct {
	Games, ActiveGames, Challenges, Players, Guilds int // Record counts.
	// Problems lists every problem found, one per line; empty when the
	// database is sound.
	Problems []string
}

// OK reports whether no problem was found.
func (r *CheckReport) OK() bool { return len(r.Problems) == 0 }

// maxProblems bounds a report on a badly damaged file.
const maxProblems = 1000

// Check verifies the database in one read transaction: bbolt's own page
// consistency check, that every record decodes (games are replayed
// through the rules), and that every index holds exactly the entries the
// records call for. It returns an error only when it could not run.
func (s *Store) Check(ctx context.Context) (*CheckReport, error) {
	r := &CheckReport{}
	add := func(format string, args ...any) {
		if len(r.Problems) < maxProblems {
			r.Problems = append(r.Problems, fmt.Sprintf(format, args...))
		}
	}
	err := s.view(func(tx *bolt.Tx) error {
		for err := range tx.Check() {
			add("bbolt: %v", err)
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		if _, _, err := readSchema(tx); err != nil {
			add("schema: %v", err)
			return nil
		}
		for _, name := range append(append([][]byte(nil), dataBuckets...), indexBuckets...) {
			if tx.Bucket(name) == nil {
				add("bucket %s is missing", name)
			}
		}
		if !r.OK() {
			return nil
		}
		want := map[string]bool{}
		tx.Bucket(bucketGames).ForEach(func(k, v []byte) error {
			r.Games++
			g, err := decodeGame(v)
			switch {
			case err != nil:
				add("game %x: %v", k, err)
			case string(idKey(uint64(g.ID))) != string(k):
				add("game %x: the record says id %d", k, g.ID)
			default:
				if g.Active() {
					r.ActiveGames++
				}
				for _, e := range gameIndex(g) {
					want[string(e.bucket)+"\x00"+string(e.key)] = true
				}
			}
			return nil
		})
		tx.Bucket(bucketChallenges).ForEach(func(k, v []byte) error {
			r.Challenges++
			c, err := decodeChallenge(v)
			switch {
			case err != nil:
				add("challenge %x: %v", k, err)
			case c.State == ChallengeOpen:
				want[string(bucketOpenChallenges)+"\x00"+string(timeKey(c.Expires, uint64(c.ID)))] = true
			}
			return nil
		})
		tx.Bucket(bucketPlayers).ForEach(func(k, v []byte) error {
			r.Players++
			p, err := decodePlayer(v)
			switch {
			case err != nil:
				add("player %x: %v", k, err)
			case string(playerKey(p.GuildID, p.UserID)) != string(k):
				add("player %x: the record says guild %q user %q", k, p.GuildID, p.UserID)
			}
			return nil
		})
		tx.Bucket(bucketGuilds).ForEach(func(k, v []byte) error {
			r.Guilds++
			var g guildRecord
			if err := json.Unmarshal(v, &g); err != nil {
				add("guild %q: %v", k, err)
			}
			return nil
		})
		for _, name := range indexBuckets {
			tx.Bucket(name).ForEach(func(k, _ []byte) error {
				key := string(name) + "\x00" + string(k)
				if !want[key] {
					add("index %s: stray entry %x", name, k)
				}
				delete(want, key)
				return nil
			})
		}
		for key := range want {
			add("index entry missing: %x", key)
		}
		return ctx.Err()
	})
	if err != nil {
		return nil, fmt.Errorf("storage: check: %w", err)
	}
	return r, nil
}

// RebuildIndexes rebuilds every index from the records, in one
// transaction. Use it when Check reports index problems.
func (s *Store) RebuildIndexes(ctx context.Context) error {
	return s.write(ctx, func(tx *bolt.Tx) error { return rebuildIndexes(tx) })
}
