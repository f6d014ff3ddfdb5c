package bot

import (
	"context"
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/storage"
)

// cmdSettings handles /tafl settings: the server's settings (changed by
// managers, with the Manage Server permission, only) and the user's own
// DM setting.
func (b *Bot) cmdSettings(ctx context.Context, r *request) (*reply, error) {
	_, dms := r.opts["dms"]
	server := false
	for _, name := range []string{"variant", "days", "threads", "channel", "hints", "daily_channel", "daily_hour", "daily"} {
		if _, ok := r.opts[name]; ok {
			server = true
		}
	}
	inServer := r.in.GuildID != "" && r.in.Member != nil
	// Check everything before saving anything: a refused command changes
	// nothing, the user's own dms choice included.
	switch {
	case server && !inServer:
		return nil, userErrorf("Server settings can only be changed in a server; nothing was changed.")
	case server && r.in.Member.Permissions&discordgo.PermissionManageGuild == 0:
		return nil, userErrorf("Only server managers (Manage Server permission) can change the server's settings; nothing was changed. Anyone can set `dms` on its own.")
	case !dms && !inServer:
		return nil, userErrorf("Server settings can only be changed in a server.")
	}
	var gs *storage.GuildSettings
	if inServer {
		var err error
		if gs, err = b.guildSettings(ctx, r.in.GuildID); err != nil {
			return nil, err
		}
		if v := r.str("variant"); v != "" {
			name, _, err := parseVariant(v, "")
			if err != nil {
				return nil, err
			}
			gs.DefaultVariant = name
		}
		if d, ok := r.int("days"); ok {
			if d < 1 || d > storage.MaxDaysPerMove {
				return nil, userErrorf("Days per move must be 1 to %d; nothing was changed.", storage.MaxDaysPerMove)
			}
			gs.DaysPerMove = int(d)
		}
		if o, ok := r.opts["threads"]; ok {
			gs.ThreadPerGame = o.BoolValue()
		}
		if o, ok := r.opts["channel"]; ok {
			if id, ok := o.Value.(string); ok {
				gs.NotifyChannelID = id
			}
		}
		if o, ok := r.opts["hints"]; ok {
			gs.NoHints = !o.BoolValue()
		}
		if o, ok := r.opts["daily_channel"]; ok {
			if id, ok := o.Value.(string); ok {
				gs.DailyChannelID = id
			}
		}
		if h, ok := r.int("daily_hour"); ok {
			if h < 0 || h > 23 {
				return nil, userErrorf("The daily puzzle's hour is 0 to 23 (UTC); nothing was changed.")
			}
			gs.DailyHour = int(h)
		}
		if o, ok := r.opts["daily"]; ok && !o.BoolValue() {
			gs.DailyChannelID = ""
		}
	}
	var notes []string
	if o, ok := r.opts["dms"]; ok {
		on := o.BoolValue()
		if _, err := b.store.UpdatePlayer(ctx, r.in.GuildID, r.userID, func(p *storage.Player) error { p.DMs = on; return nil }); err != nil {
			return nil, err
		}
		if on {
			notes = append(notes, "I'll also send you reminders and results by direct message.")
		} else {
			notes = append(notes, "No more direct messages: reminders and results stay in the channel.")
		}
	}
	if !inServer {
		return &reply{resp: ephemeral(strings.Join(notes, " "))}, nil
	}
	if server {
		if err := b.store.PutGuildSettings(ctx, gs); err != nil {
			return nil, err
		}
		notes = append(notes, "Saved.")
	}
	notify := "each game's channel"
	if gs.NotifyChannelID != "" {
		notify = "<#" + gs.NotifyChannelID + ">"
	}
	notes = append(notes, fmt.Sprintf("Default variant: **%s** · days per move: **%d** · a thread per game: **%v** · reminders and results: %s",
		gs.DefaultVariant, gs.DaysPerMove, gs.ThreadPerGame, notify))
	daily := "off"
	if gs.DailyChannelID != "" {
		daily = fmt.Sprintf("in <#%s> at %02d:00 UTC", gs.DailyChannelID, gs.DailyHour)
	}
	notes = append(notes, fmt.Sprintf("Hints in games against the engine: **%v** · daily puzzle: %s", !gs.NoHints, daily))
	return &reply{resp: ephemeral(strings.Join(notes, "\n"))}, nil
}
