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
	// StarterReplaced counts the starter puzzles the destination held
	// (see Copy), deleted before the copy.
	StarterReplaced int
}

// Copy writes every record of src into dst, which must be empty: a bbolt
// file into PostgreSQL or back (or any other pair). A destination that
// holds nothing but starter puzzles nobody has tried (what a taflbot's
// first start stores) counts as empty: they are deleted first, so the
// puzzles are src's (a taflbot started on dst later adds the starter
// puzzles src lacks). Ids are kept, and new
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
		starter, err := copyTarget(dtx, dst.name)
		if err != nil {
			return err
		}
		if starter > 0 {
			if err := dtx.deletePuzzles(); err != nil {
				return err
			}
			rep.StarterReplaced = starter
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

// CanCopyInto reports whether [Copy] would accept dst as its
// destination: nil when dst is empty or holds nothing but untried
// starter puzzles, else the error Copy gives. It only reads, so it works
// on a store opened ReadOnly (taflbot db copy asks it before it opens an
// existing file for writing).
func CanCopyInto(ctx context.Context, dst *Store) error {
	err := dst.view(ctx, func(tx txn) error {
		_, err := copyTarget(tx, dst.name)
		return err
	})
	if r, ok := errors.AsType[*rejected](err); ok {
		return r.err
	}
	return err
}

// copyTarget checks a copy's destination: empty (0, nil), holding
// nothing but starter puzzles that nobody has tried (their number, nil),
// or else the rejected error saying it is not empty.
func copyTarget(tx txn, name string) (starter int, err error) {
	empty, err := tx.empty()
	if err != nil {
		return 0, err
	}
	if empty {
		return 0, nil
	}
	errFound := errors.New("found")
	for _, k := range []recordKind{kindGames, kindChallenges, kindPlayers, kindGuilds, kindAnalyses, kindTournaments} {
		if err := tx.forEach(k, func(_, _ []byte) error { return errFound }); err != nil {
			return 0, reject(notEmpty(name))
		}
	}
	err = tx.forEach(kindPuzzles, func(_, v []byte) error {
		p, err := decodePuzzle(v)
		if err != nil || p.GuildID != "" || p.Attempts != 0 {
			return errFound
		}
		starter++
		return nil
	})
	if err != nil || starter == 0 {
		return 0, reject(notEmpty(name))
	}
	return starter, nil
}

// notEmpty is the error for a destination that holds records.
func notEmpty(name string) error {
	return fmt.Errorf("storage: copy: the destination %s is not empty: copy into a new database", name)
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
