package storage

import (
	"context"
	"fmt"
	"time"
)

// Vacations. A player may pause their correspondence clocks in one server
// for up to the server's VacationDays a calendar year (UTC). While a
// vacation lasts, the deadline of every move they are to make waits for
// it: games where it is their turn when it starts get its length added,
// and a game that comes to their turn during it, or begins with their
// move, gets its full time per move from the vacation's end. Ending a vacation early gives the unused
// days back and takes them off those deadlines again.

// OnVacation reports whether the player's vacation lasts beyond now.
func (p *Player) OnVacation(now time.Time) bool { return p.VacationUntil.After(now) }

// VacationLeft returns how much vacation the player may still take in the
// calendar year of now, given the server's allowance.
func (p *Player) VacationLeft(now time.Time, allowance time.Duration) time.Duration {
	used := p.VacationUsed
	if p.VacationYear != now.UTC().Year() {
		used = 0
	}
	return max(0, allowance-used)
}

// ErrNoVacationLeft means a vacation would exceed the yearly allowance.
var ErrNoVacationLeft = fmt.Errorf("storage: %w: not that much vacation left this year", ErrInvalid)

// StartVacation starts (or lengthens) a vacation of player userID in
// guildID lasting until now+length, within allowance a year (see the
// comment above), and moves the deadlines of the games where they are to
// move accordingly, all in one transaction. It returns the player.
func (s *Store) StartVacation(ctx context.Context, guildID, userID string, length, allowance time.Duration) (*Player, error) {
	if length <= 0 {
		return nil, fmt.Errorf("storage: start vacation: %w: the length must be positive", ErrInvalid)
	}
	var saved *Player
	err := s.write(ctx, func(tx txn) error {
		now := s.now()
		p, err := loadOrNewPlayer(tx, guildID, userID)
		if err != nil {
			return reject(err)
		}
		until := now.Add(length)
		extra := length // how much later the paused deadlines fall
		if p.OnVacation(now) {
			if !until.After(p.VacationUntil) {
				saved = p
				return nil // already on vacation that long
			}
			extra = until.Sub(p.VacationUntil)
		}
		if extra > p.VacationLeft(now, allowance) {
			return reject(fmt.Errorf("storage: start vacation of %s: %w (%s left of %s)", userID, ErrNoVacationLeft, p.VacationLeft(now, allowance), allowance))
		}
		if p.VacationYear != now.UTC().Year() {
			p.VacationYear, p.VacationUsed = now.UTC().Year(), 0
		}
		p.VacationUsed += extra
		p.VacationUntil = until
		p.Updated = now
		if err := s.shiftDeadlines(tx, guildID, userID, extra); err != nil {
			return err
		}
		saved = p
		return savePlayer(tx, p)
	})
	return saved, err
}

// EndVacation ends a player's vacation now, giving back the unused time
// and taking it off the paused deadlines. It returns the player
// (unchanged when not on vacation).
func (s *Store) EndVacation(ctx context.Context, guildID, userID string) (*Player, error) {
	var saved *Player
	err := s.write(ctx, func(tx txn) error {
		now := s.now()
		p, err := loadOrNewPlayer(tx, guildID, userID)
		if err != nil {
			return reject(err)
		}
		saved = p
		if !p.OnVacation(now) {
			return nil
		}
		unused := p.VacationUntil.Sub(now)
		if p.VacationYear == now.UTC().Year() {
			p.VacationUsed = max(0, p.VacationUsed-unused)
		}
		p.VacationUntil = now
		p.Updated = now
		if err := s.shiftDeadlines(tx, guildID, userID, -unused); err != nil {
			return err
		}
		return savePlayer(tx, p)
	})
	return saved, err
}

// shiftDeadlines moves by d the deadline of every active correspondence
// game in guildID where userID is to move and has a clock.
func (s *Store) shiftDeadlines(tx txn, guildID, userID string, d time.Duration) error {
	var ids []GameID
	err := tx.gamesByPlayer(userID, true, guildID, 0, func(id GameID, _ []byte) (bool, error) {
		ids = append(ids, id)
		return true, nil
	})
	if err != nil {
		return err
	}
	for _, id := range ids {
		old, err := s.loadGame(tx, id)
		if err != nil {
			return err
		}
		// A live game's chess clock runs on: vacations pause correspondence
		// clocks only.
		if old.GuildID != guildID || !old.Active() || old.Deadline.IsZero() || old.ToMove().UserID != userID || !old.Clock.IsZero() {
			continue
		}
		g := old.clone()
		g.Deadline = g.Deadline.Add(d)
		g.Reminded = time.Time{} // a new deadline deserves a new reminder
		if err := s.saveGame(tx, old, g); err != nil {
			return err
		}
	}
	return nil
}

// vacationDeadline returns when the move of the side to move in g is due
// if they are on vacation at now (zero when they are not): their time per
// move counted from the vacation's end.
func vacationDeadline(tx txn, g *Game, now time.Time) (time.Time, error) {
	seat := g.ToMove()
	if seat.UserID == "" || g.MoveTime <= 0 {
		return time.Time{}, nil
	}
	p, err := findPlayer(tx, g.GuildID, seat.UserID)
	if err != nil {
		return time.Time{}, err
	}
	if p == nil || !p.OnVacation(now) {
		return time.Time{}, nil
	}
	return p.VacationUntil.Add(g.MoveTime), nil
}
