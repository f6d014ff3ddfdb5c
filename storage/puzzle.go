package storage

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/taflbot/taflbot/tafl"
)

// PuzzleID identifies a puzzle. IDs start at 1 and are never reused.
type PuzzleID uint64

// String returns the id in decimal.
func (id PuzzleID) String() string { return strconv.FormatUint(uint64(id), 10) }

// Puzzle is a stored puzzle (see package puzzle, which finds and verifies
// them): a position where the side to move forces a win, its solution,
// where it comes from, and its own Glicko-2 rating, which moves as
// players solve it or fail.
type Puzzle struct {
	ID       PuzzleID // ID is assigned by AddPuzzle.
	Variant  string   // Variant is a preset name, or "custom" with Rules set.
	Layout   string   // Layout is the preset's layout ("" for the default).
	Rules    string   // Rules is the OTN rules string of a custom variant.
	Position string   // Position is the OTN position record.
	ToMove   tafl.Side
	Moves    int      // Moves is the number of the winner's moves to the win, 1 to 5.
	Solution []string // Solution is the line, 2·Moves−1 moves in simple notation.
	Source   string   // Source says where the position comes from.
	// GuildID is the server whose game the puzzle comes from: it is
	// offered there only. "" offers it everywhere (the starter set).
	GuildID string

	Rating   Rating // Rating is the puzzle's strength; it changes with every first attempt.
	Attempts int    // Attempts counts the first attempts of players.
	Solved   int    // Solved counts those that solved it.

	Created time.Time // Created is set by AddPuzzle.
}

// Key identifies a puzzle by its rules, position and side to move: the
// same position is never stored twice.
func (p *Puzzle) Key() string {
	name := p.Variant
	if p.Layout != "" {
		name += "/" + p.Layout
	}
	if p.Rules != "" {
		name = p.Rules
	}
	return name + " " + p.Position + " " + p.ToMove.String()
}

type puzzleRecord struct {
	ID       uint64    `json:"id"`
	Variant  string    `json:"variant"`
	Layout   string    `json:"layout,omitempty"`
	Rules    string    `json:"rules,omitempty"`
	Position string    `json:"position"`
	ToMove   string    `json:"to_move"`
	Moves    int       `json:"moves"`
	Solution []string  `json:"solution"`
	Source   string    `json:"source"`
	Guild    string    `json:"guild,omitempty"`
	Rating   Rating    `json:"rating"`
	Attempts int       `json:"attempts,omitempty"`
	Solved   int       `json:"solved,omitempty"`
	Created  time.Time `json:"created"`
}

func encodePuzzle(p *Puzzle) ([]byte, error) {
	return json.Marshal(puzzleRecord{
		ID: uint64(p.ID), Variant: p.Variant, Layout: p.Layout, Rules: p.Rules, Position: p.Position,
		ToMove: p.ToMove.String(), Moves: p.Moves, Solution: p.Solution, Source: p.Source, Guild: p.GuildID,
		Rating: p.Rating, Attempts: p.Attempts, Solved: p.Solved, Created: utc(p.Created),
	})
}

func decodePuzzle(data []byte) (*Puzzle, error) {
	var r puzzleRecord
	if err := json.Unmarshal(data, &r); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrCorrupt, err)
	}
	side, err := tafl.ParseSide(r.ToMove)
	if err != nil {
		return nil, fmt.Errorf("%w: side to move: %w", ErrCorrupt, err)
	}
	return &Puzzle{
		ID: PuzzleID(r.ID), Variant: r.Variant, Layout: r.Layout, Rules: r.Rules, Position: r.Position,
		ToMove: side, Moves: r.Moves, Solution: r.Solution, Source: r.Source, GuildID: r.Guild,
		Rating: r.Rating, Attempts: r.Attempts, Solved: r.Solved, Created: r.Created,
	}, nil
}

// validatePuzzle checks what storage can: a known variant, a position of
// it, a side, a solution of the right length in valid notation. Whether
// it is a forced win is package puzzle's business.
func validatePuzzle(p *Puzzle) error {
	v, err := tafl.VariantOf(p.Variant, p.Layout, p.Rules)
	if err != nil {
		return fmt.Errorf("%w: %w", ErrInvalid, err)
	}
	if p.ToMove != tafl.Attackers && p.ToMove != tafl.Defenders {
		return fmt.Errorf("%w: a puzzle needs a side to move", ErrInvalid)
	}
	if _, err := v.ParsePosition(p.Position, p.ToMove); err != nil {
		return fmt.Errorf("%w: %w", ErrInvalid, err)
	}
	if p.Moves < 1 || p.Moves > 5 || len(p.Solution) != 2*p.Moves-1 {
		return fmt.Errorf("%w: a win in %d with %d solution moves", ErrInvalid, p.Moves, len(p.Solution))
	}
	for _, m := range p.Solution {
		if _, err := tafl.ParseMove(m); err != nil {
			return fmt.Errorf("%w: solution: %w", ErrInvalid, err)
		}
	}
	if len(p.Key()) > maxPuzzleKey {
		return fmt.Errorf("%w: the puzzle's key is longer than %d bytes", ErrInvalid, maxPuzzleKey)
	}
	return checkID("guild id", p.GuildID, false)
}

// maxPuzzleKey bounds a puzzle's key (an index key in bbolt): a 19×19
// position record and a custom rules string fit.
const maxPuzzleKey = 4000

func loadPuzzle(tx txn, id PuzzleID) (*Puzzle, error) {
	data, err := tx.getPuzzle(id)
	if err != nil {
		return nil, fmt.Errorf("storage: load puzzle %d: %w", id, err)
	}
	if data == nil {
		return nil, fmt.Errorf("storage: puzzle %d: %w", id, ErrNotFound)
	}
	p, err := decodePuzzle(data)
	if err != nil {
		return nil, fmt.Errorf("storage: load puzzle %d: %w", id, err)
	}
	return p, nil
}

func savePuzzle(tx txn, p *Puzzle) error {
	data, err := encodePuzzle(p)
	if err == nil {
		err = tx.putPuzzle(p, data)
	}
	if err != nil {
		return fmt.Errorf("storage: save puzzle %d: %w", p.ID, err)
	}
	return nil
}

// AddPuzzle stores a new puzzle, assigning p.ID and (when zero) p.Created
// and p.Rating (DefaultRating). A puzzle whose key (see Puzzle.Key) is
// stored already is not added again: added is false and p.ID is the
// stored puzzle's.
func (s *Store) AddPuzzle(ctx context.Context, p *Puzzle) (added bool, err error) {
	n, err := s.AddPuzzles(ctx, []*Puzzle{p})
	return n == 1, err
}

// AddPuzzles adds puzzles as AddPuzzle does, all in one transaction
// (nothing is added when one is invalid), and returns how many were new.
func (s *Store) AddPuzzles(ctx context.Context, ps []*Puzzle) (added int, err error) {
	ns := make([]Puzzle, len(ps))
	for i, p := range ps {
		ns[i] = *p
		ns[i].Solution = slices.Clone(p.Solution)
		if err := validatePuzzle(&ns[i]); err != nil {
			return 0, fmt.Errorf("storage: add puzzle %d of %d: %w", i+1, len(ps), err)
		}
		if ns[i].Rating == (Rating{}) {
			ns[i].Rating = DefaultRating
		}
	}
	err = s.write(ctx, func(tx txn) error {
		added = 0
		now := s.now()
		for i := range ns {
			n := &ns[i]
			n.ID, n.Created = ps[i].ID, ps[i].Created
			old, err := tx.puzzleByKey(n.Key())
			if err != nil {
				return err
			}
			if old != 0 {
				n.ID = old
				continue
			}
			if n.ID, err = tx.nextPuzzleID(); err != nil {
				return err
			}
			if n.Created.IsZero() {
				n.Created = now
			}
			added++
			if err := savePuzzle(tx, n); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	for i, p := range ps {
		p.ID, p.Created, p.Rating = ns[i].ID, ns[i].Created, ns[i].Rating
	}
	return added, nil
}

// GetPuzzle returns puzzle id, or an error wrapping ErrNotFound.
func (s *Store) GetPuzzle(ctx context.Context, id PuzzleID) (*Puzzle, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	var p *Puzzle
	err := s.view(ctx, func(tx txn) error {
		var err error
		p, err = loadPuzzle(tx, id)
		return err
	})
	return p, err
}

// Puzzles returns the puzzles offered in a server (its own and those for
// every server), in id order. It reads every puzzle record: a few
// thousand take milliseconds.
func (s *Store) Puzzles(ctx context.Context, guildID string) ([]*Puzzle, error) {
	var out []*Puzzle
	err := s.view(ctx, func(tx txn) error {
		out = nil
		return tx.forEach(kindPuzzles, func(k, v []byte) error {
			p, err := decodePuzzle(v)
			if err != nil {
				return fmt.Errorf("storage: load puzzle %x: %w", k, err)
			}
			if p.GuildID == "" || p.GuildID == guildID {
				out = append(out, p)
			}
			return ctx.Err()
		})
	})
	return out, err
}

// PuzzleRecord is a player's puzzle rating and the puzzles tried.
type PuzzleRecord struct {
	Rating Rating `json:"rating"` // Rating is the zero Rating until the first attempt: use PuzzleRating.
	Solved int    `json:"solved,omitempty"`
	Failed int    `json:"failed,omitempty"`
	// Tried holds the first attempt at each puzzle tried.
	Tried map[PuzzleID]PuzzleTry `json:"tried,omitempty"`
	// Going is the puzzle whose first attempt is under way, a move of
	// it played right and the attempt not ended (0: none). Left for
	// another puzzle, it counts as not solved: see [Store.PuzzleUnderWay].
	Going PuzzleID `json:"going,omitempty"`
	// Shown is the puzzle last given to the player, whose Move button
	// plays it (0: none). Its first attempt is not over while Tried
	// lacks it: the bot then points /tafl move, which plays games only,
	// at that button.
	Shown PuzzleID `json:"shown,omitempty"`
}

// PuzzleTry is a player's first attempt at a puzzle.
type PuzzleTry struct {
	Solved bool      `json:"solved,omitempty"`
	At     time.Time `json:"at"`
	// Daily is the date (YYYY-MM-DD, UTC) when the puzzle was the
	// server's daily puzzle at the time of the attempt, else "".
	Daily string `json:"daily,omitempty"`
}

// PuzzleRating returns the player's puzzle rating (DefaultRating before
// the first attempt).
func (p *Player) PuzzleRating() Rating {
	if p.Puzzles.Rating == (Rating{}) {
		return DefaultRating
	}
	return p.Puzzles.Rating
}

// PuzzleRatingAt returns the player's puzzle rating as it stands at now,
// its deviation grown for the rating periods since the last first
// attempt at a puzzle ([Rating.Aged]; counted from p.Updated for a rating
// stored before taflbot kept the time). Puzzles' own ratings do not grow:
// a puzzle does not change while nobody tries it.
func (p *Player) PuzzleRatingAt(now time.Time) Rating {
	return p.PuzzleRating().Aged(p.Updated, now)
}

// PuzzleAttempt is the outcome of RecordPuzzleAttempt.
type PuzzleAttempt struct {
	// First says this was the player's first attempt at the puzzle: only
	// a first attempt counts and changes the ratings.
	First bool
	// Before and After are the player's puzzle rating around it (equal
	// when not First); Try is the first attempt as stored.
	Before, After Rating
	Try           PuzzleTry
	Puzzle        *Puzzle // Puzzle is the puzzle as saved.
	// Left is the first attempt under way at another puzzle that this
	// one left, counted as not solved (nil: none); see
	// [Store.PuzzleUnderWay].
	Left *PuzzleAttempt
}

// RecordPuzzleAttempt records a player's attempt at puzzle id in one
// transaction. The first attempt counts: it updates the player's puzzle
// rating and the puzzle's (Glicko-2, each one rating period with one
// result against the other's rating before) and the counts of both, and
// is kept in the player's record (with daily, the date when the puzzle is
// that day's daily puzzle, else ""). A later attempt changes nothing and
// returns the first. It ends the attempt under way at puzzle id, and
// leaves one under way at another (see [Store.PuzzleUnderWay]).
func (s *Store) RecordPuzzleAttempt(ctx context.Context, guildID, userID string, id PuzzleID, solved bool, daily string) (*PuzzleAttempt, error) {
	if err := checkID("user id", userID, true); err != nil {
		return nil, err
	}
	if err := checkID("guild id", guildID, false); err != nil {
		return nil, err
	}
	if daily != "" {
		if _, err := time.Parse(time.DateOnly, daily); err != nil {
			return nil, fmt.Errorf("storage: record puzzle attempt: %w: daily date %q", ErrInvalid, daily)
		}
	}
	var out *PuzzleAttempt
	err := s.write(ctx, func(tx txn) error {
		out = nil
		pz, err := loadPuzzle(tx, id)
		if err != nil {
			return reject(err)
		}
		pl, err := loadOrNewPlayer(tx, guildID, userID)
		if err != nil {
			return reject(err)
		}
		now := s.now()
		going := pl.Puzzles.Going
		left, err := leaveGoing(tx, pl, id, now)
		if err != nil {
			return err
		}
		pl.Puzzles.Going = 0 // left, or this attempt ends here
		if t, ok := pl.Puzzles.Tried[id]; ok {
			if going != 0 {
				if err := savePlayer(tx, pl); err != nil {
					return err
				}
			}
			before := pl.PuzzleRatingAt(now)
			out = &PuzzleAttempt{Before: before, After: before, Try: t, Puzzle: pz, Left: left}
			return nil
		}
		out, err = firstAttempt(tx, pl, pz, solved, daily, now)
		if out != nil {
			out.Left = left
		}
		return err
	})
	return out, err
}

// firstAttempt records the player's first attempt at puzzle pz (not
// tried yet) and saves both.
func firstAttempt(tx txn, pl *Player, pz *Puzzle, solved bool, daily string, now time.Time) (*PuzzleAttempt, error) {
	before := pl.PuzzleRatingAt(now)
	score := 0.0
	if solved {
		score = 1
	}
	after := before.Update([]Result{{Opponent: pz.Rating, Score: score}})
	after.At = utc(now)
	pz.Rating = pz.Rating.Update([]Result{{Opponent: before, Score: 1 - score}})
	pz.Attempts++
	try := PuzzleTry{Solved: solved, At: now.UTC(), Daily: daily}
	if pl.Puzzles.Tried == nil {
		pl.Puzzles.Tried = map[PuzzleID]PuzzleTry{}
	}
	pl.Puzzles.Tried[pz.ID] = try
	pl.Puzzles.Rating = after
	if solved {
		pz.Solved++
		pl.Puzzles.Solved++
	} else {
		pl.Puzzles.Failed++
	}
	pl.Updated = now
	if err := savePuzzle(tx, pz); err != nil {
		return nil, err
	}
	if err := savePlayer(tx, pl); err != nil {
		return nil, err
	}
	return &PuzzleAttempt{First: true, Before: before, After: after, Try: try, Puzzle: pz}, nil
}

// leaveGoing counts the player's attempt under way at a puzzle other than
// id as not solved, and saves it and the player (Going cleared); it
// returns that attempt, or nil when none was under way elsewhere. A puzzle
// no longer stored is forgotten (Going cleared, not saved).
func leaveGoing(tx txn, pl *Player, id PuzzleID, now time.Time) (*PuzzleAttempt, error) {
	going := pl.Puzzles.Going
	if going == 0 || going == id {
		return nil, nil
	}
	pl.Puzzles.Going = 0
	if _, tried := pl.Puzzles.Tried[going]; tried {
		return nil, nil
	}
	pz, err := loadPuzzle(tx, going)
	if errors.Is(err, ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return firstAttempt(tx, pl, pz, false, "", now)
}

// PuzzleUnderWay records, in one transaction, that the player's first
// attempt at puzzle id is under way: a move of it was played right and
// the attempt goes on (id 0: the player was given a puzzle to begin, and
// none is under way). An attempt under way at another puzzle is left: it
// counts as not solved, as a wrong move would, and is returned (nil when
// there was none). A puzzle the player has tried is not under way again:
// a later attempt counts for nothing. An attempt under way stays so until
// it ends ([Store.RecordPuzzleAttempt]) or another leaves it: a player
// may come back to it.
func (s *Store) PuzzleUnderWay(ctx context.Context, guildID, userID string, id PuzzleID) (*PuzzleAttempt, error) {
	if err := checkID("user id", userID, true); err != nil {
		return nil, err
	}
	if err := checkID("guild id", guildID, false); err != nil {
		return nil, err
	}
	var out *PuzzleAttempt
	err := s.write(ctx, func(tx txn) error {
		out = nil
		if id != 0 {
			if _, err := loadPuzzle(tx, id); err != nil {
				return reject(err)
			}
		}
		pl, err := loadOrNewPlayer(tx, guildID, userID)
		if err != nil {
			return reject(err)
		}
		going := pl.Puzzles.Going
		if going == id {
			return nil
		}
		if out, err = leaveGoing(tx, pl, id, s.now()); err != nil {
			return err
		}
		if _, tried := pl.Puzzles.Tried[id]; id != 0 && !tried {
			pl.Puzzles.Going = id
		}
		if pl.Puzzles.Going == going {
			return nil // a tried puzzle, none under way
		}
		return savePlayer(tx, pl)
	})
	return out, err
}

// PuzzleSolvers returns the users of a server who solved puzzle id at
// their first attempt while it was the daily puzzle of date (YYYY-MM-DD),
// sorted by the time they solved it.
func (s *Store) PuzzleSolvers(ctx context.Context, guildID string, id PuzzleID, date string) ([]string, error) {
	type solver struct {
		user string
		at   time.Time
	}
	var found []solver
	err := s.view(ctx, func(tx txn) error {
		found = nil
		return tx.playersOfGuild(guildID, func(data []byte) error {
			p, err := decodePlayer(data)
			if err != nil {
				return err
			}
			if t, ok := p.Puzzles.Tried[id]; ok && t.Solved && t.Daily == date {
				found = append(found, solver{p.UserID, t.At})
			}
			return nil
		})
	})
	if err != nil {
		return nil, fmt.Errorf("storage: solvers of puzzle %d in guild %q: %w", id, guildID, err)
	}
	slices.SortFunc(found, func(a, b solver) int {
		if c := a.at.Compare(b.at); c != 0 {
			return c
		}
		return strings.Compare(a.user, b.user)
	})
	out := make([]string, len(found))
	for i, f := range found {
		out[i] = f.user
	}
	return out, nil
}
