package storage

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
)

// CopyReport counts what [Copy] wrote.
type CopyReport struct {
	Games, Challenges, Players, Guilds int
	Analyses, Puzzles                  int
	Tournaments                        int
}

// Copy writes every record of src into dst, which must be empty: a bbolt
// file into PostgreSQL or back (or any other pair). Ids are kept, and new
// ids in dst continue after the highest copied. Every record is decoded
// on the way (games replayed through the rules), so a damaged source
// stops the copy with an error naming the record; dst then stays empty
// (the copy is one transaction). src is read in one read transaction: a
// consistent snapshot, but writes made to src after it are not copied,
// so stop the bots first. Run [Store.Check] on both sides afterwards:
// equal counts and digests mean equal data.
func Copy(ctx context.Context, dst, src *Store) (*CopyReport, error) {
	if dst == src {
		return nil, errors.New("storage: copy: the source and the destination are the same store")
	}
	var rep *CopyReport
	err := dst.write(ctx, func(dtx txn) error {
		rep = &CopyReport{}
		empty, err := dtx.empty()
		if err != nil {
			return err
		}
		if !empty {
			return reject(notEmpty(dtx, dst.name))
		}
		var lastGame GameID
		var lastChallenge ChallengeID
		var lastPuzzle PuzzleID
		var lastTournament TournamentID
		err = src.view(ctx, func(stx txn) error {
			if err := copyLearning(ctx, dtx, stx, rep, &lastPuzzle); err != nil {
				return err
			}
			err := stx.forEach(kindGames, func(k, v []byte) error {
				g, err := decodeGame(v)
				if err != nil {
					return fmt.Errorf("game %x: %w", k, err)
				}
				data, err := encodeGame(g)
				if err == nil {
					err = dtx.putGame(nil, g, data)
				}
				if err != nil {
					return fmt.Errorf("game %d: %w", g.ID, err)
				}
				lastGame = max(lastGame, g.ID)
				rep.Games++
				return ctx.Err()
			})
			if err != nil {
				return err
			}
			err = stx.forEach(kindChallenges, func(k, v []byte) error {
				c, err := decodeChallenge(v)
				if err != nil {
					return fmt.Errorf("challenge %x: %w", k, err)
				}
				data, err := encodeChallenge(c)
				if err == nil {
					err = dtx.putChallenge(nil, c, data)
				}
				if err != nil {
					return fmt.Errorf("challenge %d: %w", c.ID, err)
				}
				lastChallenge = max(lastChallenge, c.ID)
				rep.Challenges++
				return ctx.Err()
			})
			if err != nil {
				return err
			}
			err = stx.forEach(kindPlayers, func(k, v []byte) error {
				p, err := decodePlayer(v)
				if err != nil {
					return fmt.Errorf("player %x: %w", k, err)
				}
				data, err := encodePlayer(p)
				if err == nil {
					err = dtx.putPlayer(p, data)
				}
				if err != nil {
					return fmt.Errorf("player %s in guild %q: %w", p.UserID, p.GuildID, err)
				}
				rep.Players++
				return ctx.Err()
			})
			if err != nil {
				return err
			}
			err = stx.forEach(kindTournaments, func(k, v []byte) error {
				t, err := decodeTournament(v)
				if err != nil {
					return fmt.Errorf("tournament %x: %w", k, err)
				}
				data, err := encodeTournament(t)
				if err == nil {
					err = dtx.putTournament(t, data)
				}
				if err != nil {
					return fmt.Errorf("tournament %d: %w", t.ID, err)
				}
				lastTournament = max(lastTournament, t.ID)
				rep.Tournaments++
				return ctx.Err()
			})
			if err != nil {
				return err
			}
			return stx.forEach(kindGuilds, func(k, v []byte) error {
				var g guildRecord
				if err := json.Unmarshal(v, &g); err != nil {
					return fmt.Errorf("guild %q: %w: %w", k, ErrCorrupt, err)
				}
				data, err := json.Marshal(g)
				if err == nil {
					err = dtx.putGuild(string(k), data)
				}
				if err != nil {
					return fmt.Errorf("guild %q: %w", k, err)
				}
				rep.Guilds++
				return ctx.Err()
			})
		})
		if err != nil {
			return fmt.Errorf("storage: copy from %s: %w", src.name, err)
		}
		if err := dtx.setPuzzleSequence(lastPuzzle); err != nil {
			return err
		}
		return dtx.setSequences(lastGame, lastChallenge, lastTournament)
	})
	if err != nil {
		return nil, err
	}
	return rep, nil
}

// notEmpty is the error for a destination that holds records. One that
// holds nothing but puzzles of the starter set that nobody has tried is
// one a taflbot has started on (its first start stores them): the
// operator is told so, and how to copy after all.
func notEmpty(tx txn, name string) error {
	errFound := errors.New("found")
	for _, k := range []recordKind{kindGames, kindChallenges, kindPlayers, kindGuilds, kindAnalyses, kindTournaments} {
		if err := tx.forEach(k, func(_, _ []byte) error { return errFound }); err != nil {
			return fmt.Errorf("storage: copy: the destination %s is not empty: copy into a new database", name)
		}
	}
	starter := 0
	err := tx.forEach(kindPuzzles, func(_, v []byte) error {
		p, err := decodePuzzle(v)
		if err != nil || p.GuildID != "" || p.Attempts != 0 {
			return errFound
		}
		starter++
		return nil
	})
	if err != nil || starter == 0 {
		return fmt.Errorf("storage: copy: the destination %s is not empty: copy into a new database", name)
	}
	return fmt.Errorf("storage: copy: the destination %s is not empty: it holds nothing but starter puzzles (%d), which taflbot stores when it first starts on a database; "+
		"copy into a database no taflbot has started on (drop this one and create it again; taflbot db migrate alone is fine), then start taflbot", name, starter)
}

// copyLearning copies the game reviews and the puzzles (see Copy).
func copyLearning(ctx context.Context, dtx, stx txn, rep *CopyReport, lastPuzzle *PuzzleID) error {
	err := stx.forEach(kindAnalyses, func(k, v []byte) error {
		a, err := decodeAnalysis(v)
		if err != nil {
			return fmt.Errorf("analysis %x: %w", k, err)
		}
		data, err := encodeAnalysis(a)
		if err == nil {
			err = dtx.putAnalysis(a.GameID, data)
		}
		if err != nil {
			return fmt.Errorf("analysis of game %d: %w", a.GameID, err)
		}
		rep.Analyses++
		return ctx.Err()
	})
	if err != nil {
		return err
	}
	return stx.forEach(kindPuzzles, func(k, v []byte) error {
		p, err := decodePuzzle(v)
		if err != nil {
			return fmt.Errorf("puzzle %x: %w", k, err)
		}
		data, err := encodePuzzle(p)
		if err == nil {
			err = dtx.putPuzzle(p, data)
		}
		if err != nil {
			return fmt.Errorf("puzzle %d: %w", p.ID, err)
		}
		*lastPuzzle = max(*lastPuzzle, p.ID)
		rep.Puzzles++
		return ctx.Err()
	})
}
