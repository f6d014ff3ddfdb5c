package storage

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/taflbot/taflbot/tafl"
)

// VariantRecord is a player's rating and rated results in one variant.
type VariantRecord struct {
	Rating Rating `json:"rating"`
	Wins   int    `json:"w,omitempty"`
	Losses int    `json:"l,omitempty"`
	Draws  int    `json:"d,omitempty"`
}

// Games returns the number of rated games played.
func (r VariantRecord) Games() int { return r.Wins + r.Losses + r.Draws }

// Player is one Discord user in one server.
type Player struct {
	GuildID string
	UserID  string

	// Variants holds the rating and rated results per variant name
	// ("copenhagen", …, "custom"). Missing: not rated yet.
	Variants map[string]VariantRecord

	// Wins, Losses, Draws count every finished game against another
	// human, rated or casual, in all variants.
	Wins, Losses, Draws int
	// AIWins, AILosses, AIDraws count finished games against the engine.
	AIWins, AILosses, AIDraws int

	// DMs says whether the bot may send this player direct messages
	// (turn notifications, reminders). Opt-in: new players false.
	DMs bool
	// DMFailed is when the last direct message to the player could not
	// be delivered because Discord refuses the bot's direct messages to
	// them (their privacy settings, error 50007); zero once one arrives.
	DMFailed time.Time

	// Puzzles is the player's puzzle rating and the puzzles tried in
	// this server (kept by Store.RecordPuzzleAttempt).
	Puzzles PuzzleRecord

	// VacationUntil is when the player's vacation ends (zero or past:
	// none); see [Store.StartVacation]. VacationUsed is how much vacation
	// they took in the calendar year VacationYear.
	VacationUntil time.Time
	VacationYear  int
	VacationUsed  time.Duration

	// LastGames remembers, per channel id, the game the player last chose
	// there, for commands that do not name one.
	LastGames map[string]GameID

	// Language is the language the user chose for the bot's messages (a
	// BCP 47 tag such as "is"; "": Discord's locale). It follows the user
	// into every server and direct message, so it is kept on one record
	// alone, their record of direct messages (GuildID ""), read and set
	// with [Store.UserLanguage] and [Store.SetUserLanguage]; on a server's
	// record it is "" (schema 10 moved the choices made before).
	Language string

	Updated time.Time // Updated is when the record last changed.
}

// NewPlayer returns the record of a player never seen before.
func NewPlayer(guildID, userID string) *Player {
	return &Player{GuildID: guildID, UserID: userID, Variants: map[string]VariantRecord{}}
}

// Rating returns the player's rating in a variant (DefaultRating if none).
func (p *Player) Rating(variant string) Rating {
	if r, ok := p.Variants[variant]; ok {
		return r.Rating
	}
	return DefaultRating
}

// RatingAt returns the player's rating in a variant as it stands at now,
// its deviation grown for the rating periods since its last game
// ([Rating.Aged]; a rating stored before taflbot kept the time of its
// last update counts from p.Updated).
func (p *Player) RatingAt(variant string, now time.Time) Rating {
	return p.Rating(variant).Aged(p.Updated, now)
}

type playerRecord struct {
	Guild    string                   `json:"guild"`
	User     string                   `json:"user"`
	Variants map[string]VariantRecord `json:"variants,omitempty"`
	Wins     int                      `json:"w,omitempty"`
	Losses   int                      `json:"l,omitempty"`
	Draws    int                      `json:"d,omitempty"`
	AIWins   int                      `json:"ai_w,omitempty"`
	AILosses int                      `json:"ai_l,omitempty"`
	AIDraws  int                      `json:"ai_d,omitempty"`
	DMs      bool                     `json:"dms,omitempty"`
	DMFailed time.Time                `json:"dm_failed,omitzero"`
	Puzzles  PuzzleRecord             `json:"puzzles,omitzero"`
	Language string                   `json:"lang,omitempty"`
	Updated  time.Time                `json:"updated,omitzero"`

	VacationUntil time.Time         `json:"vacation_until,omitzero"`
	VacationYear  int               `json:"vacation_year,omitempty"`
	VacationUsed  string            `json:"vacation_used,omitempty"`
	LastGames     map[string]uint64 `json:"last_games,omitempty"`
}

func encodePlayer(p *Player) ([]byte, error) {
	r := playerRecord{
		Guild: p.GuildID, User: p.UserID, Variants: p.Variants,
		Wins: p.Wins, Losses: p.Losses, Draws: p.Draws,
		AIWins: p.AIWins, AILosses: p.AILosses, AIDraws: p.AIDraws,
		DMs: p.DMs, DMFailed: utc(p.DMFailed), Puzzles: p.Puzzles, Language: p.Language, Updated: utc(p.Updated),
		VacationUntil: utc(p.VacationUntil), VacationYear: p.VacationYear,
	}
	if p.VacationUsed != 0 {
		r.VacationUsed = p.VacationUsed.String()
	}
	if len(p.LastGames) > 0 {
		r.LastGames = make(map[string]uint64, len(p.LastGames))
		for ch, id := range p.LastGames {
			r.LastGames[ch] = uint64(id)
		}
	}
	return json.Marshal(r)
}

func decodePlayer(data []byte) (*Player, error) {
	var r playerRecord
	if err := json.Unmarshal(data, &r); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrCorrupt, err)
	}
	p := &Player{
		GuildID: r.Guild, UserID: r.User, Variants: r.Variants,
		Wins: r.Wins, Losses: r.Losses, Draws: r.Draws,
		AIWins: r.AIWins, AILosses: r.AILosses, AIDraws: r.AIDraws,
		DMs: r.DMs, DMFailed: r.DMFailed, Puzzles: r.Puzzles, Language: r.Language, Updated: r.Updated,
		VacationUntil: r.VacationUntil, VacationYear: r.VacationYear,
	}
	if p.Variants == nil {
		p.Variants = map[string]VariantRecord{}
	}
	if r.VacationUsed != "" {
		var err error
		if p.VacationUsed, err = time.ParseDuration(r.VacationUsed); err != nil {
			return nil, fmt.Errorf("%w: vacation used: %w", ErrCorrupt, err)
		}
	}
	if len(r.LastGames) > 0 {
		p.LastGames = make(map[string]GameID, len(r.LastGames))
		for ch, id := range r.LastGames {
			p.LastGames[ch] = GameID(id)
		}
	}
	return p, nil
}

func loadPlayer(tx txn, guild, user string) (*Player, error) {
	p, err := findPlayer(tx, guild, user)
	if err == nil && p == nil {
		err = fmt.Errorf("storage: player %s in guild %q: %w", user, guild, ErrNotFound)
	}
	return p, err
}

// findPlayer returns a player's record, or nil, nil when there is none.
func findPlayer(tx txn, guild, user string) (*Player, error) {
	data, err := tx.getPlayer(guild, user)
	if err != nil {
		return nil, fmt.Errorf("storage: load player %s in guild %q: %w", user, guild, err)
	}
	if data == nil {
		return nil, nil
	}
	p, err := decodePlayer(data)
	if err != nil {
		return nil, fmt.Errorf("storage: load player %s in guild %q: %w", user, guild, err)
	}
	return p, nil
}

// loadOrNewPlayer returns a player's record, or a new one.
func loadOrNewPlayer(tx txn, guild, user string) (*Player, error) {
	p, err := findPlayer(tx, guild, user)
	if err == nil && p == nil {
		p = NewPlayer(guild, user)
	}
	return p, err
}

func savePlayer(tx txn, p *Player) error {
	data, err := encodePlayer(p)
	if err == nil {
		err = tx.putPlayer(p, data)
	}
	if err != nil {
		return fmt.Errorf("storage: save player %s in guild %q: %w", p.UserID, p.GuildID, err)
	}
	return nil
}

// GetPlayer returns a user's record in a server, or an error wrapping
// ErrNotFound if the user never played there (use [NewPlayer] for the
// defaults).
func (s *Store) GetPlayer(ctx context.Context, guildID, userID string) (*Player, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	var p *Player
	err := s.view(ctx, func(tx txn) error {
		var err error
		p, err = loadPlayer(tx, guildID, userID)
		return err
	})
	return p, err
}

// UserLanguage returns the language a user chose for the bot's answers
// (/tafl settings language), the same in every server and direct
// message: "" when they chose none.
func (s *Store) UserLanguage(ctx context.Context, userID string) (string, error) {
	p, err := s.GetPlayer(ctx, "", userID)
	if errors.Is(err, ErrNotFound) {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	return p.Language, nil
}

// SetUserLanguage keeps the language a user chose for the bot's answers
// in every server and direct message ("": none, Discord's locale again),
// on their record of direct messages.
func (s *Store) SetUserLanguage(ctx context.Context, userID, lang string) error {
	_, err := s.UpdatePlayer(ctx, "", userID, func(p *Player) error { p.Language = lang; return nil })
	return err
}

// UpdatePlayer changes a user's record atomically (creating it with the
// defaults of [NewPlayer] if needed), for settings such as DMs. Ratings
// and records are kept by UpdateGame; fn must not change the ids.
func (s *Store) UpdatePlayer(ctx context.Context, guildID, userID string, fn func(*Player) error) (*Player, error) {
	if err := checkID("user id", userID, true); err != nil {
		return nil, err
	}
	if err := checkID("guild id", guildID, false); err != nil {
		return nil, err
	}
	var saved *Player
	err := s.write(ctx, func(tx txn) error {
		p, err := loadOrNewPlayer(tx, guildID, userID)
		if err != nil {
			return reject(err)
		}
		p.Variants = maps.Clone(p.Variants)
		if err := fn(p); err != nil {
			return reject(err)
		}
		if p.GuildID != guildID || p.UserID != userID {
			return rejectf("storage: update player %s: %w: the ids cannot change", userID, ErrInvalid)
		}
		p.Updated = s.now()
		saved = p
		return savePlayer(tx, p)
	})
	return saved, err
}

// MinRatedPlies is the fewest moves (plies) a finished game needs to
// count: a game that ends sooner — aborted (by a player, or by a clock
// that ran out before both sides moved: Game.timeUp), or resigned, drawn
// or, in a tournament, lost on time before both sides moved — changes no
// record and no rating.
const MinRatedPlies = 2

// Counts reports whether a finished game counts in the players' records
// and, unless casual, their ratings: it was not aborted and both sides
// moved (see MinRatedPlies).
func (g *Game) Counts() bool {
	return g.Outcome().Reason != tafl.Aborted && g.Ply() >= MinRatedPlies
}

// recordResult updates the players' records (and ratings) for game g,
// which just ended, if it counts (see [Game.Counts]).
func recordResult(tx txn, g *Game, now time.Time) error {
	if !g.Counts() {
		return nil
	}
	o := g.Outcome()
	score := func(side tafl.Side) float64 {
		switch o.Winner {
		case side:
			return 1
		case tafl.NoSide:
			return 0.5
		}
		return 0
	}
	a, d := g.Attackers, g.Defenders
	switch {
	case a.IsAI() && d.IsAI(), !a.IsAI() && a.UserID == d.UserID:
		return nil // the engine against itself, or a user against themself
	case a.IsAI() || d.IsAI():
		side := tafl.Attackers
		if a.IsAI() {
			side = tafl.Defenders
		}
		p, err := loadOrNewPlayer(tx, g.GuildID, g.Seat(side).UserID)
		if err != nil {
			return err
		}
		switch score(side) {
		case 1:
			p.AIWins++
		case 0:
			p.AILosses++
		default:
			p.AIDraws++
		}
		p.Updated = now
		return savePlayer(tx, p)
	}
	// Load (with PostgreSQL: lock) the two players in user id order, so
	// that two games of the same pair ending at once cannot deadlock.
	users := []string{a.UserID, d.UserID}
	slices.Sort(users)
	loaded := map[string]*Player{}
	for _, u := range users {
		p, err := loadOrNewPlayer(tx, g.GuildID, u)
		if err != nil {
			return err
		}
		loaded[u] = p
	}
	pa, pd := loaded[a.UserID], loaded[d.UserID]
	variant := g.Variant()
	// Each rating as it stands now: its deviation grown for the rating
	// periods its player has not played (Rating.Aged).
	ra, rd := pa.RatingAt(variant, now), pd.RatingAt(variant, now)
	for _, x := range []struct {
		p        *Player
		side     tafl.Side
		me, them Rating
	}{{pa, tafl.Attackers, ra, rd}, {pd, tafl.Defenders, rd, ra}} {
		sc := score(x.side)
		vr, ok := x.p.Variants[variant]
		if !ok {
			vr.Rating = DefaultRating
		}
		switch sc {
		case 1:
			x.p.Wins++
			vr.Wins++
		case 0:
			x.p.Losses++
			vr.Losses++
		default:
			x.p.Draws++
			vr.Draws++
		}
		if !g.Casual {
			vr.Rating = x.me.Update([]Result{{Opponent: x.them, Score: sc}})
			vr.Rating.At = utc(now)
			x.p.Variants = maps.Clone(x.p.Variants)
			x.p.Variants[variant] = vr
			g.RatingChanges = append(g.RatingChanges, RatingChange{UserID: x.p.UserID, Before: x.me, After: vr.Rating})
		}
		x.p.Updated = now
		if err := savePlayer(tx, x.p); err != nil {
			return err
		}
	}
	return nil
}

// LeaderboardEntry is one line of a server's leaderboard.
type LeaderboardEntry struct {
	UserID string
	VariantRecord
}

// Leaderboard returns the n best-rated players of a server in a variant
// (n <= 0: all). Only players with a rated game in the variant appear.
// Each rating is as it stands now, its deviation grown for the rating
// periods since the player's last rated game in the variant
// ([Player.RatingAt]). The established ratings come first, then the
// provisional ones ([Rating.Provisional]): a rating over a few games is
// as likely far too high as too low, and one lucky win must not put a
// newcomer above the server's regulars. Within each, by rating as shown
// (rounded to a whole number: 1662.4 and 1661.6 are equal to a reader),
// then by rated games (the better founded rating first), then by user id
// (as a number). Players a manager hid from the server's leaderboard
// ([GuildSettings.LeaderboardHidden]) are left out.
func (s *Store) Leaderboard(ctx context.Context, guildID, variant string, n int) ([]LeaderboardEntry, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	var out []LeaderboardEntry
	now := s.now()
	err := s.view(ctx, func(tx txn) error {
		out = nil
		hidden, err := leaderboardHidden(tx, guildID)
		if err != nil {
			return fmt.Errorf("storage: leaderboard: %w", err)
		}
		err = tx.playersOfGuild(guildID, func(v []byte) error {
			p, err := decodePlayer(v)
			if err != nil {
				return err
			}
			if vr, ok := p.Variants[variant]; ok && vr.Games() > 0 && !hidden[p.UserID] {
				vr.Rating = p.RatingAt(variant, now)
				out = append(out, LeaderboardEntry{p.UserID, vr})
			}
			return nil
		})
		if err != nil {
			return fmt.Errorf("storage: leaderboard: %w", err)
		}
		return nil
	})
	slices.SortFunc(out, func(a, b LeaderboardEntry) int {
		ra, rb := math.Round(a.Rating.Rating), math.Round(b.Rating.Rating)
		switch {
		case a.Rating.Provisional() != b.Rating.Provisional():
			if b.Rating.Provisional() {
				return -1
			}
			return 1
		case ra != rb:
			if ra > rb {
				return -1
			}
			return 1
		case a.Games() != b.Games():
			return b.Games() - a.Games()
		}
		return compareUserIDs(a.UserID, b.UserID)
	})
	if n > 0 && len(out) > n {
		out = out[:n]
	}
	return out, err
}

// compareUserIDs orders Discord user ids (snowflakes: decimal numbers)
// as numbers: by their digits after any leading zeros, the fewer first,
// then digit by digit (as strings "99…" came after "100…"); ids equal as
// numbers, or not numbers, as strings.
func compareUserIDs(a, b string) int {
	na, nb := strings.TrimLeft(a, "0"), strings.TrimLeft(b, "0")
	if c := cmp.Compare(len(na), len(nb)); c != 0 {
		return c
	}
	if c := strings.Compare(na, nb); c != 0 {
		return c
	}
	return strings.Compare(a, b)
}

// maxLastGames bounds Player.LastGames.
const maxLastGames = 20

// RememberGame records that userID chose game id in channelID (see
// Player.LastGames). A player remembers at most maxLastGames channels;
// beyond that the older choices are forgotten.
func (s *Store) RememberGame(ctx context.Context, guildID, userID, channelID string, id GameID) error {
	return s.write(ctx, func(tx txn) error {
		p, err := loadOrNewPlayer(tx, guildID, userID)
		if err != nil {
			return reject(err)
		}
		if p.LastGames[channelID] == id {
			return nil
		}
		if len(p.LastGames) >= maxLastGames || p.LastGames == nil {
			p.LastGames = map[string]GameID{}
		} else {
			p.LastGames = maps.Clone(p.LastGames)
		}
		p.LastGames[channelID] = id
		return savePlayer(tx, p)
	})
}

// LeaderboardVariants returns the variants in which some player of a
// server has a rated game, sorted by name (of the players Leaderboard
// shows: not those hidden from it).
func (s *Store) LeaderboardVariants(ctx context.Context, guildID string) ([]string, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	err := s.view(ctx, func(tx txn) error {
		clear(seen)
		hidden, err := leaderboardHidden(tx, guildID)
		if err != nil {
			return fmt.Errorf("storage: leaderboard variants: %w", err)
		}
		return tx.playersOfGuild(guildID, func(v []byte) error {
			p, err := decodePlayer(v)
			if err != nil {
				return fmt.Errorf("storage: leaderboard variants: %w", err)
			}
			if hidden[p.UserID] {
				return nil
			}
			for name, vr := range p.Variants {
				if vr.Games() > 0 {
					seen[name] = true
				}
			}
			return nil
		})
	})
	return slices.Sorted(maps.Keys(seen)), err
}
