package storage

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"time"

	"github.com/taflbot/taflbot/clock"
	"github.com/taflbot/taflbot/tafl"
	"github.com/taflbot/taflbot/tournament"
)

// TournamentID identifies a tournament. IDs start at 1 and are never reused.
type TournamentID uint64

// String returns the id in decimal.
func (id TournamentID) String() string { return strconv.FormatUint(uint64(id), 10) }

// Tournament is a stored tournament: where it is played, how its games
// are played, and its state (players, pairings, results) as package
// tournament keeps it. Change it only inside [Store.UpdateTournament].
type Tournament struct {
	ID        TournamentID // ID is assigned by CreateTournament.
	GuildID   string       // GuildID is the server.
	ChannelID string       // ChannelID is where it was announced.
	ThreadID  string       // ThreadID is its own thread, if the server allows one.
	MessageID string       // MessageID is the announcement with the Join / Leave buttons.
	CreatorID string       // CreatorID is the manager who created it.
	Name      string       // Name is its title.

	Variant, Layout string            // Variant and Layout of every game (a preset).
	MoveTime        time.Duration     // MoveTime of a correspondence game (or TimeControl).
	TimeControl     clock.TimeControl // TimeControl of live games (zero: correspondence).
	Casual          bool              // Casual games change no rating.
	SignupDeadline  time.Time         // SignupDeadline is when sign-up closes and round 1 begins.
	// Names are the players' display names, by user id, as they signed up.
	Names map[string]string
	// Cancelled: it never started (too few players at the deadline, or
	// called off by a manager).
	Cancelled bool
	// Language is the language of its public messages (a BCP 47 tag; the
	// server's when it was created; "" for English).
	Language string
	// RoundDue is the round whose games were created and whose
	// announcement (and its games' first boards, Game.BoardDue) were not
	// posted yet: set by CreateTournamentGames, taken by ClaimRoundDue, so
	// that a process stopped between the two posts them after a restart.
	RoundDue int
	// ChannelGone: the channel it is played in no longer exists (Discord
	// answered Unknown Channel; its thread, if it had one, too): its
	// rounds and standings go to its creator by direct message.
	ChannelGone bool

	Created time.Time // Created is set by CreateTournament.
	Updated time.Time // Updated is set on every save.

	// State is the pairing and results state.
	State tournament.Tournament
}

// Over reports whether the tournament has finished or was cancelled.
func (t *Tournament) Over() bool { return t.Cancelled || t.State.Finished }

func (t *Tournament) clone() *Tournament {
	c := *t
	c.Names = make(map[string]string, len(t.Names))
	for k, v := range t.Names {
		c.Names[k] = v
	}
	c.State.Players = slices.Clone(t.State.Players)
	c.State.Games = slices.Clone(t.State.Games)
	c.State.Byes = slices.Clone(t.State.Byes)
	return &c
}

type tournamentRecord struct {
	ID        uint64            `json:"id"`
	Guild     string            `json:"guild"`
	Channel   string            `json:"channel,omitempty"`
	Thread    string            `json:"thread,omitempty"`
	Message   string            `json:"message,omitempty"`
	Creator   string            `json:"creator,omitempty"`
	Name      string            `json:"name"`
	Variant   string            `json:"variant"`
	Layout    string            `json:"layout,omitempty"`
	MoveTime  string            `json:"move_time,omitempty"`
	Time      string            `json:"time_control,omitempty"`
	Casual    bool              `json:"casual,omitempty"`
	Deadline  time.Time         `json:"signup_deadline"`
	Names     map[string]string `json:"names,omitempty"`
	Cancelled bool              `json:"cancelled,omitempty"`
	Language  string            `json:"lang,omitempty"`
	RoundDue  int               `json:"round_due,omitempty"`
	Gone      bool              `json:"channel_gone,omitempty"`
	Created   time.Time         `json:"created"`
	Updated   time.Time         `json:"updated"`

	Format   string           `json:"format"`
	Rounds   int              `json:"rounds,omitempty"`
	Double   bool             `json:"double,omitempty"`
	Round    int              `json:"round,omitempty"`
	Finished bool             `json:"finished,omitempty"`
	Players  []tPlayerRecord  `json:"players,omitempty"`
	Games    []tGameRecord    `json:"games,omitempty"`
	Byes     []tournament.Bye `json:"byes,omitempty"`
}

type tPlayerRecord struct {
	ID        string  `json:"id"`
	Rating    float64 `json:"rating"`
	Withdrawn int     `json:"withdrawn,omitempty"`
}

type tGameRecord struct {
	Round     int    `json:"round"`
	Attackers string `json:"attackers"`
	Defenders string `json:"defenders"`
	Result    string `json:"result"`
	Forfeit   bool   `json:"forfeit,omitempty"`
	Game      uint64 `json:"game,omitempty"`
}

func encodeTournament(t *Tournament) ([]byte, error) {
	r := tournamentRecord{
		ID: uint64(t.ID), Guild: t.GuildID, Channel: t.ChannelID, Thread: t.ThreadID, Message: t.MessageID,
		Creator: t.CreatorID, Name: t.Name, Variant: t.Variant, Layout: t.Layout, Time: t.TimeControl.String(),
		Casual: t.Casual, Deadline: utc(t.SignupDeadline), Names: t.Names, Cancelled: t.Cancelled, Language: t.Language,
		RoundDue: t.RoundDue, Gone: t.ChannelGone, Created: utc(t.Created), Updated: utc(t.Updated),
		Format: t.State.Format.String(), Rounds: t.State.Rounds, Double: t.State.Double, Round: t.State.Round,
		Finished: t.State.Finished, Byes: t.State.Byes,
	}
	if t.MoveTime != 0 {
		r.MoveTime = t.MoveTime.String()
	}
	for _, p := range t.State.Players {
		r.Players = append(r.Players, tPlayerRecord{p.ID, p.Rating, p.Withdrawn})
	}
	for _, g := range t.State.Games {
		r.Games = append(r.Games, tGameRecord{g.Round, g.Attackers, g.Defenders, g.Result.String(), g.Forfeit, g.GameID})
	}
	return json.Marshal(r)
}

func decodeTournament(data []byte) (*Tournament, error) {
	var r tournamentRecord
	if err := json.Unmarshal(data, &r); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrCorrupt, err)
	}
	bad := func(format string, args ...any) (*Tournament, error) {
		return nil, fmt.Errorf("%w: tournament %d: %s", ErrCorrupt, r.ID, fmt.Sprintf(format, args...))
	}
	t := &Tournament{
		ID: TournamentID(r.ID), GuildID: r.Guild, ChannelID: r.Channel, ThreadID: r.Thread, MessageID: r.Message,
		CreatorID: r.Creator, Name: r.Name, Variant: r.Variant, Layout: r.Layout, Casual: r.Casual,
		SignupDeadline: r.Deadline, Names: r.Names, Cancelled: r.Cancelled, Language: r.Language, RoundDue: r.RoundDue, ChannelGone: r.Gone, Created: r.Created, Updated: r.Updated,
	}
	if t.Names == nil {
		t.Names = map[string]string{}
	}
	var err error
	if r.MoveTime != "" {
		if t.MoveTime, err = time.ParseDuration(r.MoveTime); err != nil {
			return bad("move time: %v", err)
		}
	}
	if r.Time != "" {
		if t.TimeControl, err = clock.Parse(r.Time); err != nil {
			return bad("time control: %v", err)
		}
	}
	if t.State.Format, err = tournament.ParseFormat(r.Format); err != nil {
		return bad("%v", err)
	}
	t.State.Rounds, t.State.Double, t.State.Round, t.State.Finished, t.State.Byes = r.Rounds, r.Double, r.Round, r.Finished, r.Byes
	for _, p := range r.Players {
		t.State.Players = append(t.State.Players, tournament.Player{ID: p.ID, Rating: p.Rating, Withdrawn: p.Withdrawn})
	}
	for _, g := range r.Games {
		res, err := tournament.ParseResult(g.Result)
		if err != nil {
			return bad("%v", err)
		}
		t.State.Games = append(t.State.Games, tournament.Game{Round: g.Round, Attackers: g.Attackers, Defenders: g.Defenders,
			Result: res, Forfeit: g.Forfeit, GameID: g.Game})
	}
	return t, nil
}

// maxTournamentName bounds a tournament's name, kept in its record (not
// in a key): the bot takes names of up to 60 letters, which in Greek,
// Cyrillic or emoji are up to 240 bytes (with maxIDLen, 100, such a name
// of 51 Cyrillic letters failed to save).
const maxTournamentName = 240

func validateTournament(t *Tournament) error {
	if _, err := tafl.Preset(t.Variant, t.Layout); err != nil {
		return fmt.Errorf("%w: %w", ErrInvalid, err)
	}
	switch {
	case t.Name == "" || len(t.Name) > maxTournamentName:
		return fmt.Errorf("%w: a tournament needs a name of 1 to %d bytes", ErrInvalid, maxTournamentName)
	case t.SignupDeadline.IsZero():
		return fmt.Errorf("%w: a tournament needs a sign-up deadline", ErrInvalid)
	case !t.TimeControl.IsZero() && t.MoveTime != 0, t.TimeControl.IsZero() && t.MoveTime <= 0:
		return fmt.Errorf("%w: a tournament has either a chess clock or a time per move", ErrInvalid)
	case !t.TimeControl.IsZero() && t.TimeControl.Check() != nil:
		return fmt.Errorf("%w: time control: %v", ErrInvalid, t.TimeControl.Check())
	}
	if err := t.State.Check(); err != nil {
		return fmt.Errorf("%w: %w", ErrInvalid, err)
	}
	for _, f := range []struct{ what, id string }{{"guild id", t.GuildID}, {"channel id", t.ChannelID}, {"thread id", t.ThreadID}, {"creator id", t.CreatorID}} {
		if err := checkID(f.what, f.id, f.what == "guild id"); err != nil {
			return err
		}
	}
	return nil
}

func (s *Store) loadTournament(tx txn, id TournamentID) (*Tournament, error) {
	data, err := tx.getTournament(id)
	if err != nil {
		return nil, fmt.Errorf("storage: load tournament %d: %w", id, err)
	}
	if data == nil {
		return nil, fmt.Errorf("storage: tournament %d: %w", id, ErrNotFound)
	}
	t, err := decodeTournament(data)
	if err != nil {
		return nil, fmt.Errorf("storage: load tournament %d: %w", id, err)
	}
	return t, nil
}

func (s *Store) saveTournament(tx txn, t *Tournament) error {
	if err := validateTournament(t); err != nil {
		return reject(fmt.Errorf("storage: save tournament %d: %w", t.ID, err))
	}
	data, err := encodeTournament(t)
	if err == nil {
		err = tx.putTournament(t, data)
	}
	if err != nil {
		return fmt.Errorf("storage: save tournament %d: %w", t.ID, err)
	}
	return nil
}

// CreateTournament saves a new tournament, assigning t.ID and (when zero)
// t.Created.
func (s *Store) CreateTournament(ctx context.Context, t *Tournament) error {
	var saved *Tournament
	err := s.write(ctx, func(tx txn) error {
		c := t.clone()
		id, err := tx.nextTournamentID()
		if err != nil {
			return fmt.Errorf("storage: create tournament: %w", err)
		}
		now := s.now()
		c.ID, c.Updated = id, now
		if c.Created.IsZero() {
			c.Created = now
		}
		if err := s.saveTournament(tx, c); err != nil {
			return err
		}
		saved = c
		return nil
	})
	if err != nil {
		return err
	}
	*t = *saved
	return nil
}

// GetTournament returns tournament id, or an error wrapping ErrNotFound.
func (s *Store) GetTournament(ctx context.Context, id TournamentID) (*Tournament, error) {
	var t *Tournament
	err := s.view(ctx, func(tx txn) error {
		var err error
		t, err = s.loadTournament(tx, id)
		return err
	})
	return t, err
}

// UpdateTournament changes tournament id atomically: load, fn, save in
// one write transaction. An error from fn is returned as is and nothing
// is saved. fn may be called more than once (see the package Caveats).
func (s *Store) UpdateTournament(ctx context.Context, id TournamentID, fn func(*Tournament) error) (*Tournament, error) {
	var saved *Tournament
	err := s.write(ctx, func(tx txn) error {
		saved = nil
		old, err := s.loadTournament(tx, id)
		if err != nil {
			return reject(err)
		}
		t := old.clone()
		if err := fn(t); err != nil {
			return reject(err)
		}
		if t.ID != old.ID || t.GuildID != old.GuildID {
			return rejectf("storage: update tournament %d: %w: the id and server cannot change", id, ErrInvalid)
		}
		t.Updated = s.now()
		if err := s.saveTournament(tx, t); err != nil {
			return err
		}
		saved = t
		return nil
	})
	return saved, err
}

// CreateTournamentGames creates the games of tournament id's current
// round that have none yet, in the same transaction as the tournament
// records their ids: after a crash either all or none exist, so a
// restart neither loses nor doubles a game. newGame makes the unsaved
// game (storage.NewGame, seats, clock…) of a pairing; TournamentID is set
// here. When it creates games, the round's announcement is due
// (Tournament.RoundDue) in the same transaction. It returns the
// tournament as saved and the games created (none when every game of the
// round exists).
func (s *Store) CreateTournamentGames(ctx context.Context, id TournamentID, newGame func(t *Tournament, p tournament.Game) (*Game, error)) (*Tournament, []*Game, error) {
	var saved *Tournament
	var games []*Game
	err := s.write(ctx, func(tx txn) error {
		saved, games = nil, nil
		old, err := s.loadTournament(tx, id)
		if err != nil {
			return reject(err)
		}
		t := old.clone()
		now := s.now()
		for i := range t.State.Games {
			p := &t.State.Games[i]
			if p.Round != t.State.Round || p.Result != tournament.Pending || p.GameID != 0 {
				continue
			}
			g, err := newGame(t, *p)
			if err != nil {
				return reject(err)
			}
			g = g.clone()
			g.TournamentID = t.ID
			if err := s.createGame(tx, g, now); err != nil {
				return err
			}
			p.GameID = uint64(g.ID)
			games = append(games, g)
		}
		if len(games) > 0 {
			t.RoundDue = t.State.Round
		}
		t.Updated = now
		if err := s.saveTournament(tx, t); err != nil {
			return err
		}
		saved = t
		return nil
	})
	return saved, games, err
}

// ClaimRoundDue takes the announcement of round of tournament id off
// Tournament.RoundDue. It reports whether it was due: of several
// processes, exactly one claims it, and posts it.
func (s *Store) ClaimRoundDue(ctx context.Context, id TournamentID, round int) (bool, error) {
	return s.setRoundDue(ctx, id, round, false)
}

// MarkRoundDue records that the announcement of round of tournament id
// did not reach Discord (Tournament.RoundDue), when that is the current
// round of a tournament not over and no round is due. It reports whether
// it changed anything.
func (s *Store) MarkRoundDue(ctx context.Context, id TournamentID, round int) (bool, error) {
	return s.setRoundDue(ctx, id, round, true)
}

func (s *Store) setRoundDue(ctx context.Context, id TournamentID, round int, due bool) (bool, error) {
	changed := false
	err := s.write(ctx, func(tx txn) error {
		changed = false
		old, err := s.loadTournament(tx, id)
		if err != nil {
			return reject(err)
		}
		switch {
		case round <= 0:
			return nil
		case !due && old.RoundDue != round:
			return nil // claimed already, or never due
		case due && (old.RoundDue != 0 || old.Over() || old.State.Round != round):
			return nil
		}
		t := old.clone()
		t.RoundDue = 0
		if due {
			t.RoundDue = round
		}
		t.Updated = s.now()
		if err := s.saveTournament(tx, t); err != nil {
			return err
		}
		changed = true
		return nil
	})
	return changed, err
}

// Tournaments returns the tournaments of a server ("" for every server),
// oldest first; with activeOnly, only those not over. Every server's
// active ones (the clock sweep's) are read through their own index, not
// among every tournament ever finished; one found there over (a process
// of the version before that index, still running beside newer ones
// while they are restarted one at a time, finished or cancelled it and
// left it listed: PostgreSQL's tournaments.active) is skipped and taken
// off the list, unless the store is read-only.
func (s *Store) Tournaments(ctx context.Context, guildID string, activeOnly bool) ([]*Tournament, error) {
	var out []*Tournament
	var over []TournamentID
	err := s.view(ctx, func(tx txn) error {
		out, over = nil, nil
		each := func(k, v []byte) error {
			t, err := decodeTournament(v)
			if err != nil {
				return fmt.Errorf("storage: tournament %x: %w", k, err)
			}
			if (guildID == "" || t.GuildID == guildID) && (!activeOnly || !t.Over()) {
				out = append(out, t)
			} else if guildID == "" && activeOnly {
				over = append(over, t.ID)
			}
			return nil
		}
		switch {
		case guildID != "":
			// The server's alone, through its index: autocomplete asks
			// at every keystroke.
			return tx.tournamentsOfGuild(guildID, each)
		case activeOnly:
			return tx.activeTournaments(each)
		}
		return tx.forEach(kindTournaments, each)
	})
	if err == nil && len(over) > 0 && !s.readOnly {
		// Best effort: the list read is right either way, and a failure
		// here leaves the entries for the next read to take off.
		_ = s.unlistOver(ctx, over)
	}
	return out, err
}

// unlistOver takes the tournaments given off the list of those not over,
// each after reading it again in the write transaction (a tournament
// over stays over; one that is not, or is gone, is left as it is).
func (s *Store) unlistOver(ctx context.Context, ids []TournamentID) error {
	return s.write(ctx, func(tx txn) error {
		for _, id := range ids {
			data, err := tx.getTournament(id)
			if err != nil {
				return err
			}
			if data == nil {
				continue
			}
			if t, err := decodeTournament(data); err != nil || !t.Over() {
				continue
			}
			if err := tx.unlistActiveTournament(id); err != nil {
				return err
			}
		}
		return nil
	})
}
