package storage

import (
	"context"
	"encoding/json"
	"fmt"
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
	DefaultVariant  string    // DefaultVariant is a preset name.
	DaysPerMove     int       // DaysPerMove is the default time per move, 1 to MaxDaysPerMove.
	ThreadPerGame   bool      // ThreadPerGame: each new game gets its own thread.
	NotifyChannelID string    // NotifyChannelID receives reminders and results ("": the game's channel).
	Updated         time.Time // Updated is set by PutGuildSettings.
}

// DefaultGuildSettings returns the settings of a server that never changed them.
func DefaultGuildSettings(guildID string) *GuildSettings {
	return &GuildSettings{GuildID: guildID, DefaultVariant: tafl.DefaultVariant, DaysPerMove: DefaultDaysPerMove}
}

type guildRecord struct {
	Guild         string    `json:"guild"`
	Variant       string    `json:"variant"`
	DaysPerMove   int       `json:"days_per_move"`
	ThreadPerGame bool      `json:"thread_per_game,omitempty"`
	NotifyChannel string    `json:"notify_channel,omitempty"`
	Updated       time.Time `json:"updated,omitzero"`
}

// GetGuildSettings returns a server's settings, or DefaultGuildSettings
// when it has none (never ErrNotFound).
func (s *Store) GetGuildSettings(ctx context.Context, guildID string) (*GuildSettings, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	gs := DefaultGuildSettings(guildID)
	err := s.view(ctx, func(tx txn) error {
		data, err := tx.getGuild(guildID)
		if err != nil {
			return fmt.Errorf("storage: load settings of guild %q: %w", guildID, err)
		}
		if data == nil {
			return nil
		}
		var r guildRecord
		if err := json.Unmarshal(data, &r); err != nil {
			return fmt.Errorf("storage: load settings of guild %q: %w: %w", guildID, ErrCorrupt, err)
		}
		*gs = GuildSettings{GuildID: r.Guild, DefaultVariant: r.Variant, DaysPerMove: r.DaysPerMove,
			ThreadPerGame: r.ThreadPerGame, NotifyChannelID: r.NotifyChannel, Updated: r.Updated}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return gs, nil
}

// PutGuildSettings saves a server's settings (setting gs.Updated). The
// variant must be a preset and DaysPerMove 1 to MaxDaysPerMove.
func (s *Store) PutGuildSettings(ctx context.Context, gs *GuildSettings) error {
	if err := checkID("guild id", gs.GuildID, true); err != nil {
		return fmt.Errorf("storage: put guild settings: %w", err)
	}
	if _, err := tafl.Preset(gs.DefaultVariant, ""); err != nil {
		return fmt.Errorf("storage: put guild settings: %w: %w", ErrInvalid, err)
	}
	if gs.DaysPerMove < 1 || gs.DaysPerMove > MaxDaysPerMove {
		return fmt.Errorf("storage: put guild settings: %w: days per move must be 1 to %d, not %d", ErrInvalid, MaxDaysPerMove, gs.DaysPerMove)
	}
	now := s.now()
	data, err := json.Marshal(guildRecord{Guild: gs.GuildID, Variant: gs.DefaultVariant, DaysPerMove: gs.DaysPerMove,
		ThreadPerGame: gs.ThreadPerGame, NotifyChannel: gs.NotifyChannelID, Updated: now.UTC()})
	if err != nil {
		return err
	}
	err = s.write(ctx, func(tx txn) error { return tx.putGuild(gs.GuildID, data) })
	if err != nil {
		return fmt.Errorf("storage: put guild settings of %q: %w", gs.GuildID, err)
	}
	gs.Updated = now
	return nil
}
