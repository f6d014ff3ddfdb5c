package storage

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"time"

	"github.com/taflbot/taflbot/clock"
	"github.com/taflbot/taflbot/tafl"
)

// ChallengeID identifies a challenge. IDs start at 1 and are never reused.
type ChallengeID uint64

// String returns the id in decimal.
func (id ChallengeID) String() string { return strconv.FormatUint(uint64(id), 10) }

// ChallengeState is where a challenge stands. Stored by name; append only.
type ChallengeState uint8

// The challenge states. Only an open challenge can change.
const (
	NoChallengeState   ChallengeState = iota // NoChallengeState is the invalid zero value.
	ChallengeOpen                            // ChallengeOpen: waiting for an answer.
	ChallengeAccepted                        // ChallengeAccepted: the game was created (see Challenge.GameID).
	ChallengeDeclined                        // ChallengeDeclined: the opponent said no.
	ChallengeWithdrawn                       // ChallengeWithdrawn: the challenger took it back.
	ChallengeExpired                         // ChallengeExpired: nobody answered in time.
)

var challengeStateNames = [...]string{"", "open", "accepted", "declined", "withdrawn", "expired"}

// String returns the state's stored name, such as "open".
func (st ChallengeState) String() string {
	if int(st) < len(challengeStateNames) {
		return challengeStateNames[st]
	}
	return "unknown"
}

func parseChallengeState(text string) (ChallengeState, bool) {
	for i, n := range challengeStateNames {
		if n == text && i > 0 {
			return ChallengeState(i), true
		}
	}
	return NoChallengeState, false
}

// Challenge is an invitation to play.
type Challenge struct {
	ID        ChallengeID // ID is assigned by CreateChallenge.
	GuildID   string
	ChannelID string
	MessageID string // MessageID is the message with the Accept/Decline buttons.
	// MessageChannelID is MessageID's channel when that is not ChannelID
	// (a rematch offered in its old game's thread); "" otherwise.
	MessageChannelID string
	ChallengerID     string
	OpponentID       string // OpponentID is the invited user; "" means open to anyone.
	// ChallengerName and OpponentName are the players' display names as
	// Discord gave them ("" when not known), copied to the game's seats.
	ChallengerName, OpponentName string

	Variant  string        // Variant is a preset name ("" for tafl.DefaultVariant).
	Layout   string        // Layout is the preset's layout ("" for the default).
	Rules    string        // Rules is the OTN rules string of a custom variant ("" for a preset; then Variant is "custom").
	Side     tafl.Side     // Side is the challenger's side; NoSide means random.
	MoveTime time.Duration // MoveTime is the time per move of a correspondence game (days in practice).
	// TimeControl is the chess clock of a live game (zero: a
	// correspondence game with MoveTime).
	TimeControl clock.TimeControl
	Casual      bool // Casual games do not change ratings.
	// Rematch is the finished game this challenge asks to play again
	// (0: none).
	Rematch GameID
	// Language is the language of the challenge's public messages and of
	// the game it starts (a BCP 47 tag; "" for English).
	Language string

	Created time.Time // Created is set by CreateChallenge.
	Expires time.Time // Expires is when an unanswered challenge lapses (required).
	State   ChallengeState
	GameID  GameID // GameID is the game started by accepting.
}

// MessageChannel returns the channel of the challenge's message: its
// ChannelID unless the message was posted elsewhere (MessageChannelID).
func (c *Challenge) MessageChannel() string {
	if c.MessageChannelID != "" {
		return c.MessageChannelID
	}
	return c.ChannelID
}

type challengeRecord struct {
	ID         uint64    `json:"id"`
	Guild      string    `json:"guild,omitempty"`
	Channel    string    `json:"channel,omitempty"`
	Message    string    `json:"message,omitempty"`
	MsgChannel string    `json:"message_channel,omitempty"`
	Challenger string    `json:"challenger"`
	Opponent   string    `json:"opponent,omitempty"`
	CName      string    `json:"challenger_name,omitempty"`
	OName      string    `json:"opponent_name,omitempty"`
	Variant    string    `json:"variant"`
	Layout     string    `json:"layout,omitempty"`
	Rules      string    `json:"rules,omitempty"`
	Side       string    `json:"side,omitempty"`
	MoveTime   string    `json:"move_time,omitempty"`
	Time       string    `json:"time_control,omitempty"`
	Casual     bool      `json:"casual,omitempty"`
	Rematch    uint64    `json:"rematch,omitempty"`
	Language   string    `json:"lang,omitempty"`
	Created    time.Time `json:"created"`
	Expires    time.Time `json:"expires"`
	State      string    `json:"state"`
	Game       uint64    `json:"game,omitempty"`
}

func encodeChallenge(c *Challenge) ([]byte, error) {
	r := challengeRecord{
		ID: uint64(c.ID), Guild: c.GuildID, Channel: c.ChannelID, Message: c.MessageID, MsgChannel: c.MessageChannelID,
		Challenger: c.ChallengerID, Opponent: c.OpponentID, CName: c.ChallengerName, OName: c.OpponentName,
		Variant: c.Variant, Layout: c.Layout, Rules: c.Rules, Casual: c.Casual, Created: utc(c.Created), Expires: utc(c.Expires), State: c.State.String(), Game: uint64(c.GameID),
		Time: c.TimeControl.String(), Rematch: uint64(c.Rematch), Language: c.Language,
	}
	if c.Side != tafl.NoSide {
		r.Side = c.Side.String()
	}
	if c.MoveTime != 0 {
		r.MoveTime = c.MoveTime.String()
	}
	return json.Marshal(r)
}

func decodeChallenge(data []byte) (*Challenge, error) {
	var r challengeRecord
	if err := json.Unmarshal(data, &r); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrCorrupt, err)
	}
	c := &Challenge{
		ID: ChallengeID(r.ID), GuildID: r.Guild, ChannelID: r.Channel, MessageID: r.Message, MessageChannelID: r.MsgChannel,
		ChallengerID: r.Challenger, OpponentID: r.Opponent, ChallengerName: r.CName, OpponentName: r.OName,
		Variant: r.Variant, Layout: r.Layout, Rules: r.Rules, Casual: r.Casual, Created: r.Created, Expires: r.Expires, GameID: GameID(r.Game), Rematch: GameID(r.Rematch), Language: r.Language,
	}
	var ok bool
	if c.State, ok = parseChallengeState(r.State); !ok {
		return nil, fmt.Errorf("%w: unknown challenge state %q", ErrCorrupt, r.State)
	}
	var err error
	if r.Side != "" {
		if c.Side, err = tafl.ParseSide(r.Side); err != nil {
			return nil, fmt.Errorf("%w: side: %w", ErrCorrupt, err)
		}
	}
	if r.MoveTime != "" {
		if c.MoveTime, err = time.ParseDuration(r.MoveTime); err != nil {
			return nil, fmt.Errorf("%w: move time: %w", ErrCorrupt, err)
		}
	}
	if r.Time != "" {
		if c.TimeControl, err = clock.Parse(r.Time); err != nil {
			return nil, fmt.Errorf("%w: time control: %w", ErrCorrupt, err)
		}
	}
	return c, nil
}

func loadChallenge(tx txn, id ChallengeID) (*Challenge, error) {
	data, err := tx.getChallenge(id)
	if err != nil {
		return nil, fmt.Errorf("storage: load challenge %d: %w", id, err)
	}
	if data == nil {
		return nil, fmt.Errorf("storage: challenge %d: %w", id, ErrNotFound)
	}
	c, err := decodeChallenge(data)
	if err != nil {
		return nil, fmt.Errorf("storage: load challenge %d: %w", id, err)
	}
	return c, nil
}

func saveChallenge(tx txn, old, c *Challenge) error {
	data, err := encodeChallenge(c)
	if err == nil {
		err = tx.putChallenge(old, c, data)
	}
	if err != nil {
		return fmt.Errorf("storage: save challenge %d: %w", c.ID, err)
	}
	return nil
}

func validateChallenge(c *Challenge) error {
	if c.Rules != "" {
		c.Variant, c.Layout = "custom", ""
		if _, err := tafl.VariantOf("", "", c.Rules); err != nil {
			return fmt.Errorf("%w: %w", ErrInvalid, err)
		}
	} else {
		if c.Variant == "" {
			c.Variant = tafl.DefaultVariant
		}
		if _, err := tafl.Preset(c.Variant, c.Layout); err != nil {
			return fmt.Errorf("%w: %w", ErrInvalid, err)
		}
	}
	switch {
	case len(c.ChallengerName) > MaxNameLen || len(c.OpponentName) > MaxNameLen:
		return fmt.Errorf("%w: a display name longer than %d bytes", ErrInvalid, MaxNameLen)
	case c.Expires.IsZero():
		return fmt.Errorf("%w: a challenge needs an expiry time", ErrInvalid)
	case c.MoveTime < 0:
		return fmt.Errorf("%w: negative move time", ErrInvalid)
	case !c.TimeControl.IsZero() && c.MoveTime != 0:
		return fmt.Errorf("%w: a challenge has a chess clock or a time per move, not both", ErrInvalid)
	case !c.TimeControl.IsZero() && c.TimeControl.Check() != nil:
		return fmt.Errorf("%w: time control %v: %v", ErrInvalid, c.TimeControl, c.TimeControl.Check())
	case c.OpponentID != "" && c.OpponentID == c.ChallengerID:
		return fmt.Errorf("%w: a user cannot challenge themself", ErrInvalid)
	}
	if err := checkID("challenger id", c.ChallengerID, true); err != nil {
		return err
	}
	for _, f := range []struct{ what, id string }{{"guild id", c.GuildID}, {"channel id", c.ChannelID}, {"opponent id", c.OpponentID}} {
		if err := checkID(f.what, f.id, false); err != nil {
			return err
		}
	}
	return nil
}

// CreateChallenge saves a new open challenge, assigning c.ID, c.State and
// (when zero) c.Created. Expires must be set.
func (s *Store) CreateChallenge(ctx context.Context, c *Challenge) error {
	return s.createChallenge(ctx, c, nil)
}

// CreateChallengeIf saves a new open challenge as CreateChallenge does
// once check has passed. check is given the open challenges that c's
// challenger made in c's server and that have not expired by c.Created
// (or now, when that is zero), earliest expiry first; its error is
// returned and nothing is saved. The look and the creation are one step,
// also across processes sharing a PostgreSQL database: of several
// requests of one challenger at once, each check sees the challenges the
// ones before it created. check may be called more than once (a
// transaction retried) and must not change the challenges.
func (s *Store) CreateChallengeIf(ctx context.Context, c *Challenge, check func(open []*Challenge) error) error {
	if check == nil {
		return fmt.Errorf("%w: create challenge: no check", ErrInvalid)
	}
	return s.createChallenge(ctx, c, check)
}

func (s *Store) createChallenge(ctx context.Context, c *Challenge, check func(open []*Challenge) error) error {
	n := *c
	if err := validateChallenge(&n); err != nil {
		return fmt.Errorf("storage: create challenge: %w", err)
	}
	err := s.write(ctx, func(tx txn) error {
		if check != nil {
			open, err := challengesOf(tx, n.ChallengerID, n.GuildID, n.Created, s.now())
			if err != nil {
				return err
			}
			if err := check(open); err != nil {
				return reject(err)
			}
		}
		id, err := tx.nextChallengeID()
		if err != nil {
			return err
		}
		n.ID, n.State = id, ChallengeOpen
		if n.Created.IsZero() {
			n.Created = s.now()
		}
		return saveChallenge(tx, nil, &n)
	})
	if err != nil {
		return err
	}
	*c = n
	return nil
}

// CreateRematchChallenge saves the new open challenge c (as
// CreateChallenge) that asks to play finished game c.Rematch again, and
// records it on that game (Game.Rematch), once check has passed: check
// is given the game as it is then and its error is returned with nothing
// saved. The look and the writes are one step, also across processes
// sharing a PostgreSQL database: of several requests at once, each check
// sees the offer the ones before it recorded, so a check that refuses a
// game whose Rematch is not the one its caller saw lets one through.
// check may be called more than once (a transaction retried) and must
// not change the game.
func (s *Store) CreateRematchChallenge(ctx context.Context, c *Challenge, check func(old *Game) error) error {
	if check == nil {
		return fmt.Errorf("%w: create rematch challenge: no check", ErrInvalid)
	}
	n := *c
	if n.Rematch == 0 {
		return fmt.Errorf("storage: create rematch challenge: %w: no game to play again", ErrInvalid)
	}
	if err := validateChallenge(&n); err != nil {
		return fmt.Errorf("storage: create challenge: %w", err)
	}
	var before, after *Game
	err := s.write(ctx, func(tx txn) error {
		before, after = nil, nil
		old, err := s.loadRematched(tx, n.Rematch, check)
		if err != nil {
			return err
		}
		id, err := tx.nextChallengeID()
		if err != nil {
			return err
		}
		now := s.now()
		n.ID, n.State = id, ChallengeOpen
		if n.Created.IsZero() {
			n.Created = now
		}
		if err := saveChallenge(tx, nil, &n); err != nil {
			return err
		}
		g := old.clone()
		g.Rematch = n.ID
		if err := s.finishUpdate(tx, old, g, now); err != nil {
			return err
		}
		before, after = old, g
		return nil
	})
	if err != nil {
		return err
	}
	s.b.gameSaved(before, after)
	*c = n
	return nil
}

// GetChallenge returns challenge id, or an error wrapping ErrNotFound.
func (s *Store) GetChallenge(ctx context.Context, id ChallengeID) (*Challenge, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	var c *Challenge
	err := s.view(ctx, func(tx txn) error {
		var err error
		c, err = loadChallenge(tx, id)
		return err
	})
	return c, err
}

// UpdateChallenge changes challenge id atomically. Only an open challenge
// can change (otherwise the error wraps ErrChallengeClosed and fn is not
// called); fn may decline, withdraw or expire it, or change its message
// id or expiry. To accept, use [Store.AcceptChallenge].
func (s *Store) UpdateChallenge(ctx context.Context, id ChallengeID, fn func(*Challenge) error) (*Challenge, error) {
	var saved *Challenge
	err := s.write(ctx, func(tx txn) error {
		saved = nil
		old, err := loadChallenge(tx, id)
		if err != nil {
			return reject(err)
		}
		if old.State != ChallengeOpen {
			return rejectf("storage: challenge %d is %s: %w", id, old.State, ErrChallengeClosed)
		}
		c := *old
		if err := fn(&c); err != nil {
			return reject(err)
		}
		if err := checkChallengeChange(old, &c); err != nil {
			return reject(err)
		}
		if c.State == ChallengeAccepted {
			return rejectf("storage: challenge %d: %w: accept with AcceptChallenge", id, ErrInvalid)
		}
		saved = &c
		return saveChallenge(tx, old, &c)
	})
	return saved, err
}

func checkChallengeChange(old, c *Challenge) error {
	if c.ID != old.ID || c.ChallengerID != old.ChallengerID || !c.Created.Equal(old.Created) || c.GuildID != old.GuildID {
		return fmt.Errorf("storage: challenge %d: %w: its id, challenger, server and creation time cannot change", old.ID, ErrInvalid)
	}
	if c.State == NoChallengeState || c.State > ChallengeExpired {
		return fmt.Errorf("storage: challenge %d: %w: state %d", old.ID, ErrInvalid, c.State)
	}
	if err := validateChallenge(c); err != nil {
		return fmt.Errorf("storage: challenge %d: %w", old.ID, err)
	}
	return nil
}

// AcceptChallenge accepts open challenge id by creating game g (made with
// [NewGame]; its seats decided by the caller) in the same transaction:
// of two users clicking Accept at once, exactly one gets the game, the
// other an error wrapping ErrChallengeClosed. A challenge past its expiry
// is marked expired and the error wraps ErrChallengeClosed. On success
// g.ID is set and the accepted challenge is returned.
func (s *Store) AcceptChallenge(ctx context.Context, id ChallengeID, g *Game) (*Challenge, error) {
	if g == nil || g.game == nil {
		return nil, fmt.Errorf("%w: accept challenge: make the game with storage.NewGame", ErrInvalid)
	}
	var saved *Challenge
	var game *Game
	err := s.write(ctx, func(tx txn) error {
		saved, game = nil, nil
		old, err := loadChallenge(tx, id)
		if err != nil {
			return reject(err)
		}
		if old.State != ChallengeOpen {
			return rejectf("storage: challenge %d is %s: %w", id, old.State, ErrChallengeClosed)
		}
		now := s.now()
		c := *old
		if !now.Before(old.Expires) {
			c.State = ChallengeExpired
			if err := saveChallenge(tx, old, &c); err != nil {
				return err
			}
			// the expiry is saved; the caller gets the error
			return rejectf("storage: challenge %d expired at %s: %w", id, old.Expires.Format(time.RFC3339), ErrChallengeClosed)
		}
		ng := g.clone()
		if err := s.createGame(tx, ng, now); err != nil {
			return err
		}
		c.State, c.GameID = ChallengeAccepted, ng.ID
		if err := saveChallenge(tx, old, &c); err != nil {
			return err
		}
		saved, game = &c, ng
		return nil
	})
	if err != nil {
		return nil, err
	}
	s.b.gameSaved(nil, game)
	*g = *game
	return saved, nil
}

// ChallengesExpiringBefore returns the open challenges whose expiry is
// before t, earliest first.
func (s *Store) ChallengesExpiringBefore(ctx context.Context, t time.Time) ([]*Challenge, error) {
	var out []*Challenge
	err := s.view(ctx, func(tx txn) error {
		var err error
		out, err = openChallenges(tx, timeBits(t))
		return err
	})
	return out, err
}

// OpenChallenges returns every open challenge, earliest expiry first.
func (s *Store) OpenChallenges(ctx context.Context) ([]*Challenge, error) {
	var out []*Challenge
	err := s.view(ctx, func(tx txn) error {
		var err error
		out, err = openChallenges(tx, ^uint64(0))
		return err
	})
	return out, err
}

func openChallenges(tx txn, limit uint64) ([]*Challenge, error) {
	var out []*Challenge
	err := tx.openChallenges(limit, func(id ChallengeID, data []byte) error {
		c, err := decodeChallenge(data)
		if err != nil {
			return fmt.Errorf("storage: load challenge %d: %w", id, err)
		}
		out = append(out, c)
		return nil
	})
	return out, err
}

// PlayerChallenges returns the open challenges that user made or is
// invited to, in a server ("" for every server), earliest expiry first,
// then by id; like OpenChallenges, also those past their expiry that the
// clock has not closed yet. They are read through the index of each
// player's open challenges, not among every open challenge.
func (s *Store) PlayerChallenges(ctx context.Context, user, guildID string) ([]*Challenge, error) {
	if user == "" {
		return nil, fmt.Errorf("storage: player challenges: %w: no user", ErrInvalid)
	}
	return s.challengesOfParty(ctx, user, guildID)
}

// ChallengesToAnyone returns the open challenges of a server ("" for
// every server) that anyone may accept (no opponent named), earliest
// expiry first, then by id, as PlayerChallenges does for a player.
func (s *Store) ChallengesToAnyone(ctx context.Context, guildID string) ([]*Challenge, error) {
	return s.challengesOfParty(ctx, "", guildID)
}

func (s *Store) challengesOfParty(ctx context.Context, user, guildID string) ([]*Challenge, error) {
	var out []*Challenge
	err := s.view(ctx, func(tx txn) error {
		var err error
		out, err = openChallengesOf(tx, user, guildID, guildID == "")
		return err
	})
	return out, err
}

// openChallengesOf returns the open challenges that user made or is
// invited to (user "": those open to anyone) in guild (with everyGuild,
// in every server), earliest expiry first, then by id.
func openChallengesOf(tx txn, user, guild string, everyGuild bool) ([]*Challenge, error) {
	var out []*Challenge
	err := tx.openChallengesOf(user, guild, everyGuild, func(id ChallengeID, data []byte) error {
		c, err := decodeChallenge(data)
		if err != nil {
			return fmt.Errorf("storage: load challenge %d: %w", id, err)
		}
		party := c.OpponentID == user || c.ChallengerID == user && user != ""
		if party && (everyGuild || c.GuildID == guild) && c.State == ChallengeOpen {
			out = append(out, c)
		}
		return nil
	})
	slices.SortFunc(out, func(a, b *Challenge) int {
		return cmp.Or(cmp.Compare(timeBits(a.Expires), timeBits(b.Expires)), cmp.Compare(a.ID, b.ID))
	})
	return out, err
}

// challengesOf returns the open challenges user made in guild that have
// not expired by at (now when zero), earliest expiry first, under a lock
// on them held until the transaction ends (lockKeys: a challenge created
// by another transaction meanwhile is seen).
func challengesOf(tx txn, user, guild string, at, now time.Time) ([]*Challenge, error) {
	if err := tx.lockKeys("open challenges of user " + user + " in server " + guild); err != nil {
		return nil, err
	}
	if at.IsZero() {
		at = now
	}
	all, err := openChallengesOf(tx, user, guild, false)
	var out []*Challenge
	for _, c := range all {
		if c.ChallengerID == user && c.Expires.After(at) {
			out = append(out, c)
		}
	}
	return out, err
}

// ExpireChallenges marks every open challenge whose expiry is not after
// now as expired, in one transaction, and returns them: each is returned
// to exactly one caller, so its message is edited once.
func (s *Store) ExpireChallenges(ctx context.Context, now time.Time) ([]*Challenge, error) {
	var out []*Challenge
	err := s.write(ctx, func(tx txn) error {
		out = nil
		due, err := openChallenges(tx, timeBits(now)+1)
		if err != nil {
			return reject(err)
		}
		for _, old := range due {
			c := *old
			c.State = ChallengeExpired
			if err := saveChallenge(tx, old, &c); err != nil {
				return err
			}
			out = append(out, &c)
		}
		return nil
	})
	return out, err
}
