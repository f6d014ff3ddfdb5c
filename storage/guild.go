package storage

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/taflbot/taflbot/tafl"
)

// DefaultDaysPerMove is the time per move of a server without settings.
const DefaultDaysPerMove = 3

// MaxDaysPerMove bounds GuildSettings.DaysPerMove.
const MaxDaysPerMove = 30

// GuildSettings are one server's defaults, changed by its managers.
type GuildSettings struct {
	GuildID         string
	DefaultVariant  string // DefaultVariant is a preset name, with its layout where one was chosen ("tawlbwrdd/bell").
	DaysPerMove     int    // DaysPerMove is the default time per move, 1 to MaxDaysPerMove.
	ThreadPerGame   bool   // ThreadPerGame: each new game gets its own thread.
	NotifyChannelID string // NotifyChannelID receives reminders and results ("": the game's channel).
	NoHints         bool   // NoHints turns the Hint button of engine games off (hints are on by default).
	DailyChannelID  string // DailyChannelID receives the daily puzzle ("": none).
	DailyHour       int    // DailyHour is the hour (UTC, 0 to 23) the daily puzzle is posted.
	// DailyGone is the channel the daily puzzle was stopped in because
	// it no longer exists (StopDailyPuzzle), until a manager chooses
	// another or turns the puzzle off ("": none).
	DailyGone string
	// NotifyGone is the notification channel that was dropped because it
	// no longer exists (DropNotifyChannel: reminders and results go to
	// each game's own channel again), until a manager chooses another.
	NotifyGone string
	// DailyLeft marks a daily puzzle stopped because the bot was removed
	// from the server (StopDailyPuzzle with left), its channel kept as
	// DailyGone, until a manager chooses a channel again or turns the
	// puzzle off.
	DailyLeft     bool
	VacationDays  int  // VacationDays is how many days a year a player may pause their clocks, 0 to MaxVacationDays.
	CasualDefault bool // CasualDefault: challenges are casual unless they say rated.
	CasualHelp    bool // CasualHelp lets the move autocomplete of casual games say which moves capture or win (as in engine games).
	// Language is the language of the server's public messages, chosen by
	// a manager (a BCP 47 tag; "": Discord's server locale).
	Language string
	// LeaderboardHidden are the players a manager took off the server's
	// leaderboard (their user ids, sorted as numbers): [Store.Leaderboard] and
	// [Store.LeaderboardVariants] leave them out; their ratings and games
	// are kept. PutGuildSettings keeps the stored ones;
	// [Store.SetLeaderboardHidden] changes them.
	LeaderboardHidden []string
	Updated           time.Time // Updated is set by PutGuildSettings.

	// Daily is the daily puzzle posted last. PutGuildSettings keeps the
	// stored one; Store.StartDailyPuzzle and Store.SetDailyMessage change it.
	Daily DailyPuzzle
}

// DailyPuzzle is the state of a server's daily puzzle.
type DailyPuzzle struct {
	Date      string   `json:"date"`              // Date is the UTC date (YYYY-MM-DD) it was posted for.
	PuzzleID  PuzzleID `json:"puzzle"`            // PuzzleID is the puzzle.
	ChannelID string   `json:"channel,omitempty"` // ChannelID and MessageID locate the post.
	MessageID string   `json:"message,omitempty"`
	// Earlier are the server's daily puzzles before this one, oldest
	// first (the last MaxDailyEarlier), so that the next days' can be
	// other ones.
	Earlier []PuzzleID `json:"earlier,omitempty"`
}

// MaxDailyEarlier bounds DailyPuzzle.Earlier.
const MaxDailyEarlier = 1000

// DefaultVacationDays is the yearly vacation of a server without settings.
const DefaultVacationDays = 14

// MaxVacationDays bounds GuildSettings.VacationDays.
const MaxVacationDays = 365

// DefaultGuildSettings returns the settings of a server that never changed them.
func DefaultGuildSettings(guildID string) *GuildSettings {
	return &GuildSettings{GuildID: guildID, DefaultVariant: tafl.DefaultVariant, DaysPerMove: DefaultDaysPerMove, VacationDays: DefaultVacationDays}
}

type guildRecord struct {
	Guild         string      `json:"guild"`
	Variant       string      `json:"variant"`
	DaysPerMove   int         `json:"days_per_move"`
	ThreadPerGame bool        `json:"thread_per_game,omitempty"`
	NotifyChannel string      `json:"notify_channel,omitempty"`
	NoHints       bool        `json:"no_hints,omitempty"`
	DailyChannel  string      `json:"daily_channel,omitempty"`
	DailyHour     int         `json:"daily_hour,omitempty"`
	DailyGone     string      `json:"daily_gone,omitempty"`
	NotifyGone    string      `json:"notify_gone,omitempty"`
	DailyLeft     bool        `json:"daily_left,omitempty"`
	Daily         DailyPuzzle `json:"daily,omitzero"`
	VacationDays  *int        `json:"vacation_days,omitempty"` // absent in records older than vacations: the default
	Casual        bool        `json:"casual,omitempty"`
	CasualHelp    bool        `json:"casual_help,omitempty"`
	Language      string      `json:"lang,omitempty"`
	Hidden        []string    `json:"leaderboard_hidden,omitempty"`
	Updated       time.Time   `json:"updated,omitzero"`
}

func (r *guildRecord) settings() *GuildSettings {
	gs := &GuildSettings{GuildID: r.Guild, DefaultVariant: r.Variant, DaysPerMove: r.DaysPerMove,
		ThreadPerGame: r.ThreadPerGame, NotifyChannelID: r.NotifyChannel, NoHints: r.NoHints,
		DailyChannelID: r.DailyChannel, DailyHour: r.DailyHour, DailyGone: r.DailyGone, NotifyGone: r.NotifyGone, DailyLeft: r.DailyLeft, Daily: r.Daily, VacationDays: DefaultVacationDays, CasualDefault: r.Casual, CasualHelp: r.CasualHelp, Updated: r.Updated,
		Language: r.Language, LeaderboardHidden: slices.Clone(r.Hidden)}
	if r.VacationDays != nil {
		gs.VacationDays = *r.VacationDays
	}
	return gs
}

func guildRecordOf(gs *GuildSettings) guildRecord {
	vacation := gs.VacationDays
	return guildRecord{Guild: gs.GuildID, Variant: gs.DefaultVariant, DaysPerMove: gs.DaysPerMove,
		ThreadPerGame: gs.ThreadPerGame, NotifyChannel: gs.NotifyChannelID, NoHints: gs.NoHints,
		DailyChannel: gs.DailyChannelID, DailyHour: gs.DailyHour, DailyGone: gs.DailyGone, NotifyGone: gs.NotifyGone, DailyLeft: gs.DailyLeft, Daily: gs.Daily, VacationDays: &vacation, Casual: gs.CasualDefault, CasualHelp: gs.CasualHelp, Updated: gs.Updated.UTC(),
		Language: gs.Language, Hidden: slices.Clone(gs.LeaderboardHidden)}
}

// loadGuild returns a server's stored settings, or nil when it has none.
func loadGuild(tx txn, guildID string) (*GuildSettings, error) {
	data, err := tx.getGuild(guildID)
	if err != nil {
		return nil, fmt.Errorf("storage: load settings of guild %q: %w", guildID, err)
	}
	if data == nil {
		return nil, nil
	}
	var r guildRecord
	if err := json.Unmarshal(data, &r); err != nil {
		return nil, fmt.Errorf("storage: load settings of guild %q: %w: %w", guildID, ErrCorrupt, err)
	}
	return r.settings(), nil
}

func saveGuild(tx txn, gs *GuildSettings) error {
	data, err := json.Marshal(guildRecordOf(gs))
	if err == nil {
		err = tx.putGuild(gs.GuildID, data)
	}
	if err != nil {
		return fmt.Errorf("storage: save settings of guild %q: %w", gs.GuildID, err)
	}
	return nil
}

// GetGuildSettings returns a server's settings, or DefaultGuildSettings
// when it has none (never ErrNotFound).
func (s *Store) GetGuildSettings(ctx context.Context, guildID string) (*GuildSettings, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	gs := DefaultGuildSettings(guildID)
	err := s.view(ctx, func(tx txn) error {
		stored, err := loadGuild(tx, guildID)
		if err == nil && stored != nil {
			gs = stored
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	return gs, nil
}

// PutGuildSettings saves a server's settings (setting gs.Updated). The
// variant must be a preset (with a layout of it, if any) and DaysPerMove
// 1 to MaxDaysPerMove.
func (s *Store) PutGuildSettings(ctx context.Context, gs *GuildSettings) error {
	if err := checkID("guild id", gs.GuildID, true); err != nil {
		return fmt.Errorf("storage: put guild settings: %w", err)
	}
	name, layout, _ := strings.Cut(gs.DefaultVariant, "/")
	if _, err := tafl.Preset(name, layout); err != nil {
		return fmt.Errorf("storage: put guild settings: %w: %w", ErrInvalid, err)
	}
	if gs.DaysPerMove < 1 || gs.DaysPerMove > MaxDaysPerMove {
		return fmt.Errorf("storage: put guild settings: %w: days per move must be 1 to %d, not %d", ErrInvalid, MaxDaysPerMove, gs.DaysPerMove)
	}
	if gs.VacationDays < 0 || gs.VacationDays > MaxVacationDays {
		return fmt.Errorf("storage: put guild settings: %w: vacation days must be 0 to %d, not %d", ErrInvalid, MaxVacationDays, gs.VacationDays)
	}
	if gs.DailyHour < 0 || gs.DailyHour > 23 {
		return fmt.Errorf("storage: put guild settings: %w: the daily puzzle's hour must be 0 to 23, not %d", ErrInvalid, gs.DailyHour)
	}
	if err := checkID("daily puzzle channel id", gs.DailyChannelID, false); err != nil {
		return fmt.Errorf("storage: put guild settings: %w", err)
	}
	if err := checkID("stopped daily puzzle channel id", gs.DailyGone, false); err != nil {
		return fmt.Errorf("storage: put guild settings: %w", err)
	}
	if err := checkID("dropped notification channel id", gs.NotifyGone, false); err != nil {
		return fmt.Errorf("storage: put guild settings: %w", err)
	}
	now := s.now()
	n := *gs
	n.Updated = now
	err := s.write(ctx, func(tx txn) error {
		// The daily puzzle's state is the bot's, not the managers': keep it.
		stored, err := loadGuild(tx, gs.GuildID)
		if err != nil {
			return err
		}
		// So are the players hidden from the leaderboard, changed only
		// by SetLeaderboardHidden: settings read before a hide and saved
		// after it must not bring the player back.
		n.Daily, n.LeaderboardHidden = DailyPuzzle{}, nil
		if stored != nil {
			n.Daily, n.LeaderboardHidden = stored.Daily, stored.LeaderboardHidden
		}
		return saveGuild(tx, &n)
	})
	if err != nil {
		return fmt.Errorf("storage: put guild settings of %q: %w", gs.GuildID, err)
	}
	gs.Updated, gs.Daily, gs.LeaderboardHidden = now, n.Daily, slices.Clone(n.LeaderboardHidden)
	return nil
}

// MaxLeaderboardHidden bounds GuildSettings.LeaderboardHidden.
const MaxLeaderboardHidden = 1000

// SetLeaderboardHidden hides a player from a server's leaderboard
// (hidden true) or shows them on it again, in one write transaction, and
// returns the server's hidden players after it (sorted, as numbers). Hiding a hidden
// player, or showing one who is not hidden, changes nothing. A server
// without settings gets a record of the defaults whose Updated stays
// zero: it has still chosen none. Hiding more than MaxLeaderboardHidden
// players is ErrInvalid.
func (s *Store) SetLeaderboardHidden(ctx context.Context, guildID, userID string, hidden bool) ([]string, error) {
	if err := checkID("guild id", guildID, true); err != nil {
		return nil, fmt.Errorf("storage: set leaderboard hidden: %w", err)
	}
	if err := checkID("user id", userID, true); err != nil {
		return nil, fmt.Errorf("storage: set leaderboard hidden: %w", err)
	}
	var out []string
	err := s.write(ctx, func(tx txn) error {
		gs, err := loadGuild(tx, guildID)
		if err != nil {
			return reject(err)
		}
		if gs == nil {
			gs = DefaultGuildSettings(guildID)
		}
		out = gs.LeaderboardHidden
		i, found := slices.BinarySearchFunc(gs.LeaderboardHidden, userID, compareUserIDs)
		switch {
		case found == hidden:
			return nil
		case hidden && len(gs.LeaderboardHidden) >= MaxLeaderboardHidden:
			return rejectf("storage: set leaderboard hidden in guild %q: %w: at most %d players can be hidden", guildID, ErrInvalid, MaxLeaderboardHidden)
		case hidden:
			gs.LeaderboardHidden = slices.Insert(slices.Clone(gs.LeaderboardHidden), i, userID)
		default:
			gs.LeaderboardHidden = slices.Delete(slices.Clone(gs.LeaderboardHidden), i, i+1)
		}
		out = gs.LeaderboardHidden
		return saveGuild(tx, gs)
	})
	if err != nil {
		return nil, err
	}
	return slices.Clone(out), nil
}

// leaderboardHidden returns the set of a server's players hidden from
// its leaderboard (GuildSettings.LeaderboardHidden).
func leaderboardHidden(tx txn, guildID string) (map[string]bool, error) {
	gs, err := loadGuild(tx, guildID)
	if err != nil || gs == nil {
		return nil, err
	}
	hidden := make(map[string]bool, len(gs.LeaderboardHidden))
	for _, id := range gs.LeaderboardHidden {
		hidden[id] = true
	}
	return hidden, nil
}

// StartDailyPuzzle makes puzzle id the daily puzzle of date (YYYY-MM-DD)
// in a server, exactly once: of several processes trying for the same
// date, one gets started true and the previous day's state in prev (to
// list its solvers); the others get started false. The server must have
// settings with a daily channel.
func (s *Store) StartDailyPuzzle(ctx context.Context, guildID, date string, id PuzzleID) (prev DailyPuzzle, started bool, err error) {
	if _, err := time.Parse(time.DateOnly, date); err != nil {
		return DailyPuzzle{}, false, fmt.Errorf("storage: start daily puzzle: %w: date %q", ErrInvalid, date)
	}
	err = s.write(ctx, func(tx txn) error {
		prev, started = DailyPuzzle{}, false
		gs, err := loadGuild(tx, guildID)
		if err != nil {
			return reject(err)
		}
		if gs == nil || gs.DailyChannelID == "" {
			return rejectf("storage: start daily puzzle in guild %q: %w: no daily puzzle channel is set", guildID, ErrInvalid)
		}
		if _, err := loadPuzzle(tx, id); err != nil {
			return reject(err)
		}
		if gs.Daily.Date >= date {
			return nil // started already (or a later one was)
		}
		prev = gs.Daily
		earlier := slices.Clone(prev.Earlier)
		if prev.PuzzleID != 0 {
			earlier = append(earlier, prev.PuzzleID)
		}
		if n := len(earlier) - MaxDailyEarlier; n > 0 {
			earlier = earlier[n:]
		}
		gs.Daily = DailyPuzzle{Date: date, PuzzleID: id, ChannelID: gs.DailyChannelID, Earlier: earlier}
		started = true
		return saveGuild(tx, gs)
	})
	return prev, started, err
}

// ReleaseDailyPuzzle undoes StartDailyPuzzle of date when its post
// failed: the server's daily puzzle goes back to prev (the one before),
// so that the day can be started, and posted, again. A daily puzzle of
// date that was posted (it has a message), or of another date, is left
// alone.
func (s *Store) ReleaseDailyPuzzle(ctx context.Context, guildID, date string, prev DailyPuzzle) error {
	return s.write(ctx, func(tx txn) error {
		gs, err := loadGuild(tx, guildID)
		if err != nil {
			return reject(err)
		}
		if gs == nil || gs.Daily.Date != date || gs.Daily.MessageID != "" || prev.Date >= date {
			return nil
		}
		gs.Daily = prev
		return saveGuild(tx, gs)
	})
}

// StopDailyPuzzle turns a server's daily puzzle off because its channel
// no longer exists (Discord said so when it was posted there), or, with
// left, because the bot was removed from the server: the server's daily
// channel, if it is still channelID, is cleared and kept as DailyGone
// (and DailyLeft set to left), for /tafl settings to say why the puzzle
// stopped. It reports whether it stopped it: a channel chosen since (by
// a manager, through any process) is left alone.
func (s *Store) StopDailyPuzzle(ctx context.Context, guildID, channelID string, left bool) (stopped bool, err error) {
	return s.dropGuildChannel(ctx, "stop daily puzzle", guildID, channelID, func(gs *GuildSettings) bool {
		if gs.DailyChannelID != channelID {
			return false
		}
		gs.DailyChannelID, gs.DailyGone, gs.DailyLeft = "", channelID, left
		return true
	})
}

// DropNotifyChannel stops sending a server's reminders and results to
// its notification channel because that channel no longer exists
// (Discord said so when a notice was posted there): the server's
// notification channel, if it is still channelID, is cleared, so that
// they go to each game's own channel, and kept as NotifyGone, for /tafl
// settings to say why. It reports whether it dropped it: a channel
// chosen since (by a manager, through any process) is left alone.
func (s *Store) DropNotifyChannel(ctx context.Context, guildID, channelID string) (dropped bool, err error) {
	return s.dropGuildChannel(ctx, "drop notification channel", guildID, channelID, func(gs *GuildSettings) bool {
		if gs.NotifyChannelID != channelID {
			return false
		}
		gs.NotifyChannelID, gs.NotifyGone = "", channelID
		return true
	})
}

// dropGuildChannel is StopDailyPuzzle and DropNotifyChannel (op names
// the operation in errors): in one write transaction, drop clears a
// channel of a server's settings, if it is still channelID, keeping it
// as the reason, and reports whether it did; only then are the settings
// saved. A server without settings is left alone.
func (s *Store) dropGuildChannel(ctx context.Context, op, guildID, channelID string, drop func(gs *GuildSettings) bool) (dropped bool, err error) {
	if err := checkID("channel id", channelID, true); err != nil {
		return false, fmt.Errorf("storage: %s: %w", op, err)
	}
	err = s.write(ctx, func(tx txn) error {
		dropped = false
		gs, err := loadGuild(tx, guildID)
		if err != nil {
			return reject(err)
		}
		if gs == nil || !drop(gs) {
			return nil
		}
		dropped = true
		return saveGuild(tx, gs)
	})
	return dropped, err
}

// SetDailyMessage records the message that shows the daily puzzle of
// date, once it is posted. A later daily puzzle is left alone.
func (s *Store) SetDailyMessage(ctx context.Context, guildID, date, channelID, messageID string) error {
	for _, f := range []struct{ what, id string }{{"channel id", channelID}, {"message id", messageID}} {
		if err := checkID(f.what, f.id, true); err != nil {
			return fmt.Errorf("storage: set daily message: %w", err)
		}
	}
	return s.write(ctx, func(tx txn) error {
		gs, err := loadGuild(tx, guildID)
		if err != nil {
			return reject(err)
		}
		if gs == nil || gs.Daily.Date != date {
			return nil
		}
		gs.Daily.ChannelID, gs.Daily.MessageID = channelID, messageID
		return saveGuild(tx, gs)
	})
}

// DailyPuzzleGuilds returns the settings of every server with a daily
// puzzle channel.
func (s *Store) DailyPuzzleGuilds(ctx context.Context) ([]*GuildSettings, error) {
	var out []*GuildSettings
	err := s.view(ctx, func(tx txn) error {
		out = nil
		return tx.forEach(kindGuilds, func(k, v []byte) error {
			var r guildRecord
			if err := json.Unmarshal(v, &r); err != nil {
				return fmt.Errorf("storage: load settings of guild %q: %w: %w", k, ErrCorrupt, err)
			}
			if r.DailyChannel != "" {
				out = append(out, r.settings())
			}
			return ctx.Err()
		})
	})
	return out, err
}
