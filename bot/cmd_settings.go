package bot

import (
	"context"
	"errors"
	"slices"
	"strings"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/locale"
	"github.com/taflbot/taflbot/storage"
	"github.com/taflbot/taflbot/tafl"
)

// cmdSettings handles /tafl settings: the server's settings (changed by
// managers, with the Manage Server permission, only) and the user's own
// DM and language settings.
func (b *Bot) cmdSettings(ctx context.Context, r *request) (*reply, error) {
	_, dms := r.opts["dms"]
	langOpt := r.str("language")
	own := dms || langOpt != ""
	put := false // settings PutGuildSettings saves
	for _, name := range []string{"variant", "days", "threads", "channel", "game_channel", "vacation", "casual", "casual_help", "hints", "daily_channel", "daily_hour", "daily", "server_language"} {
		if _, ok := r.opts[name]; ok {
			put = true
		}
	}
	// A player hidden from the leaderboard, or shown on it again: saved
	// apart (Store.SetLeaderboardHidden), leaving a server that chose no
	// settings with the bot's defaults.
	hide, show := r.user("leaderboard_hide"), r.user("leaderboard_show")
	server := put || hide != "" || show != ""
	inServer := r.in.GuildID != "" && r.in.Member != nil
	// Check everything before saving anything: a refused command changes
	// nothing, the user's own dms and language choices included.
	switch {
	case server && !inServer:
		return nil, userErrorf("Server settings can only be changed in a server; nothing was changed.")
	case server && r.in.Member.Permissions&discordgo.PermissionManageGuild == 0:
		return nil, userErrorf("Only server managers (Manage Server permission) can change the server's settings; nothing was changed. Anyone can set `dms` and `language` on their own.")
	}
	lang, err := languageOption(langOpt)
	if err != nil {
		return nil, err
	}
	serverLang, err := languageOption(r.str("server_language"))
	if err != nil {
		return nil, err
	}
	var gs *storage.GuildSettings
	if inServer {
		var err error
		if gs, err = b.guildSettings(ctx, r.in.GuildID); err != nil {
			return nil, err
		}
		if v := r.str("variant"); v != "" {
			cv, err := parseVariant(v, "", noRules)
			if err != nil {
				// Said as every other refused setting says it: with
				// other options given, the user must not think those
				// were saved.
				return nil, userErrorf("%s Nothing was changed.", err)
			}
			gs.DefaultVariant = cv.name
			_, _, named := strings.Cut(v, "/")
			if !named {
				// A layout alone (bell) names one too, as in /tafl challenge.
				_, l, _, ok := tafl.MatchPreset(v)
				named = ok && l != ""
			}
			if named && cv.layout != "" {
				gs.DefaultVariant += "/" + cv.layout // the layout chosen, such as tawlbwrdd/bell
			}
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
		if on, ok := r.boolean("casual"); ok {
			gs.CasualDefault = on
		}
		if on, ok := r.boolean("casual_help"); ok {
			gs.CasualHelp = on
		}
		if r.str("server_language") != "" {
			gs.Language = serverLang
		}
		if o, ok := r.opts["channel"]; ok {
			if id, ok := o.Value.(string); ok {
				if missing := b.missingPermissionsIn(ctx, r, id); len(missing) > 0 {
					return nil, userErrorT("settings.channel_perms", id, missing, missing)
				}
				gs.NotifyChannelID, gs.NotifyGone = id, ""
			}
		}
		if o, ok := r.opts["game_channel"]; ok {
			// A channel option cannot be emptied: this is the way back
			// from a notification channel to each game's own.
			_, chosen := r.opts["channel"]
			switch {
			case o.BoolValue() && chosen:
				return nil, userErrorT("settings.game_channel_both")
			case o.BoolValue():
				gs.NotifyChannelID, gs.NotifyGone = "", ""
			case gs.NotifyChannelID == "":
				// game_channel:False alone would save and change nothing.
				return nil, userErrorT("settings.game_channel_off")
			}
		}
		if d, ok := r.int("vacation"); ok {
			if d < 0 || d > storage.MaxVacationDays {
				return nil, userErrorf("Vacation days must be 0 (no vacations) to %d; nothing was changed.", storage.MaxVacationDays)
			}
			gs.VacationDays = int(d)
		}
		if o, ok := r.opts["hints"]; ok {
			gs.NoHints = !o.BoolValue()
		}
		if o, ok := r.opts["daily_channel"]; ok {
			if id, ok := o.Value.(string); ok {
				if missing := b.missingPermissionsIn(ctx, r, id); len(missing) > 0 {
					return nil, userErrorT("settings.daily_perms", id, missing, missing)
				}
				gs.DailyChannelID, gs.DailyGone, gs.DailyLeft = id, "", false
			}
		}
		if h, ok := r.int("daily_hour"); ok {
			if h < 0 || h > 23 {
				return nil, userErrorT("settings.daily_hour")
			}
			gs.DailyHour = int(h)
		}
		if o, ok := r.opts["daily"]; ok {
			if _, chosen := r.opts["daily_channel"]; chosen && !o.BoolValue() {
				// A channel chosen and the puzzle stopped: it was saved
				// as "off", the channel dropped without a word.
				return nil, userErrorT("settings.daily_both")
			}
			if !o.BoolValue() {
				gs.DailyChannelID, gs.DailyGone, gs.DailyLeft = "", "", false
			} else if gs.DailyChannelID == "" {
				// daily:True alone would save and change nothing.
				return nil, userErrorT("settings.daily_channel")
			}
		}
		if err := checkHidden(gs, hide, show); err != nil {
			return nil, err
		}
	}
	var notes []string
	var player *storage.Player // the user's own settings here, once read
	// The language first: the whole answer, the dms note included, is in
	// the language chosen.
	langNote := ""
	if langOpt != "" {
		// The user's own, in every server and direct message.
		if err := b.store.SetUserLanguage(ctx, r.userID, lang); err != nil {
			return nil, err
		}
		b.rememberLang(r.userID, chosenLang{lang, b.now()})
		r.p = printer(lang, r.in)
		langNote = r.p.T("settings.language_set")
	}
	if o, ok := r.opts["dms"]; ok {
		on := o.BoolValue()
		if player, err = b.store.UpdatePlayer(ctx, r.in.GuildID, r.userID, func(p *storage.Player) error { p.DMs = on; return nil }); err != nil {
			return nil, err
		}
		switch {
		case !inServer:
			// Kept with the player's record of direct messages, whose
			// games are told here anyway (Bot.dm): it changes nothing.
			notes = append(notes, r.p.T("Direct messages are chosen in each server, for its games: set `dms` there. The games you play with me here are told in this direct message anyway."))
		case on:
			notes = append(notes, r.p.T("I'll also send you reminders and results by direct message."))
		default:
			notes = append(notes, r.p.T("No more direct messages: reminders and results stay in the channel."))
		}
	}
	if langNote != "" {
		notes = append(notes, langNote)
	}
	if player == nil {
		if player, err = b.store.GetPlayer(ctx, r.in.GuildID, r.userID); errors.Is(err, storage.ErrNotFound) {
			player, err = storage.NewPlayer(r.in.GuildID, r.userID), nil
		}
		if err != nil {
			return nil, err
		}
	}
	if !inServer {
		if !own {
			// Only asked what is set: the user's own settings, which
			// are all that can be set here.
			notes = append(notes, r.p.T("Server settings are changed in a server; here you can set your own `language` and `dms`."), r.p.T("settings.language_set"))
		}
		return &reply{resp: ephemeral(strings.Join(append(notes, dmsLine(r.p, player)), " "))}, nil
	}
	if put {
		if err := b.store.PutGuildSettings(ctx, gs); err != nil {
			return nil, err
		}
		notes = append(notes, r.p.T("Saved."))
		if _, ok := r.opts["daily_hour"]; ok && gs.DailyChannelID == "" {
			// Kept for when a channel is chosen; say so, or "Saved." and
			// "daily puzzle: off" leave the manager guessing.
			notes = append(notes, r.p.T("settings.daily_hour_kept", gs.DailyHour))
		}
	}
	if show != "" {
		if gs.LeaderboardHidden, err = b.store.SetLeaderboardHidden(ctx, r.in.GuildID, show, false); err != nil {
			return nil, err
		}
		notes = append(notes, r.p.T("settings.shown", show))
	}
	if hide != "" {
		if gs.LeaderboardHidden, err = b.store.SetLeaderboardHidden(ctx, r.in.GuildID, hide, true); err != nil {
			return nil, err
		}
		notes = append(notes, r.p.T("settings.hidden", hide))
	}
	p := r.p
	notify := p.T("each game's channel")
	if gs.ThreadPerGame {
		// Notices go where the game is played (postNotice): its thread.
		notify = p.T("each game's thread (a game without one: its channel)")
	}
	if gs.NotifyChannelID != "" {
		notify = "<#" + gs.NotifyChannelID + ">"
	} else if gs.NotifyGone != "" {
		// Dropped by the bot (postNotice): say why and what to do.
		notify += " " + p.T("settings.notify_gone", gs.NotifyGone)
	}
	games := p.T("rated")
	if gs.CasualDefault {
		games = p.T("casual")
	}
	if gs.CasualHelp {
		games += " " + p.T("(autocomplete help in casual games)")
	}
	threads := p.T("no")
	if gs.ThreadPerGame {
		threads = p.T("yes")
	}
	public := p.T("Discord's server language")
	if gs.Language != "" {
		if l, ok := locale.Lookup(gs.Language); ok {
			public = l.Name
		}
	}
	notes = append(notes, p.T("Default variant: **%s** · days per move: **%d** · a thread per game: **%s** · challenges: **%s** unless they say otherwise · reminders and results: %s · vacation: **%d** days a year · games and tournaments in: **%s**",
		gs.DefaultVariant, gs.DaysPerMove, threads, games, notify, gs.VacationDays, public))
	daily := p.T("off")
	if gs.DailyGone != "" && gs.DailyChannelID == "" {
		// Turned off by the bot (StopDailyPuzzle): say why and what to do.
		daily = p.T("settings.daily_gone", gs.DailyGone)
		if gs.DailyLeft {
			daily = p.T("settings.daily_left", gs.DailyGone)
		}
	}
	if gs.DailyChannelID != "" {
		daily = p.T("in <#%s> at %02d:00 UTC", gs.DailyChannelID, gs.DailyHour)
	}
	hints := p.T("no")
	if !gs.NoHints {
		hints = p.T("yes")
	}
	notes = append(notes, p.T("Hints in casual games against the engine: **%s** · daily puzzle: %s", hints, daily))
	if len(gs.LeaderboardHidden) > 0 {
		notes = append(notes, p.T("settings.hidden_list", len(gs.LeaderboardHidden), hiddenList(gs.LeaderboardHidden)))
	}
	notes = append(notes, dmsLine(p, player))
	return &reply{resp: ephemeral(strings.Join(notes, "\n"))}, nil
}

// checkHidden refuses a player to hide from the server's leaderboard
// (/tafl settings leaderboard_hide) or to show on it again
// (leaderboard_show) that would change nothing or cannot be saved,
// before anything is saved. Either may be "" (not given).
func checkHidden(gs *storage.GuildSettings, hide, show string) error {
	switch {
	case hide != "" && hide == show:
		return userErrorT("settings.hidden_both", hide)
	case hide != "" && slices.Contains(gs.LeaderboardHidden, hide):
		return userErrorT("settings.hidden_already", hide)
	case show != "" && !slices.Contains(gs.LeaderboardHidden, show):
		return userErrorT("settings.hidden_not", show)
	}
	n := len(gs.LeaderboardHidden)
	if show != "" {
		n-- // shown again first, making room
	}
	if hide != "" && n >= storage.MaxLeaderboardHidden {
		return userErrorT("settings.hidden_full", storage.MaxLeaderboardHidden)
	}
	return nil
}

// maxHiddenListed bounds the players /tafl settings lists as hidden from
// the leaderboard; the line says how many there are in all.
const maxHiddenListed = 10

// hiddenList lists players hidden from the leaderboard (the first
// maxHiddenListed of ids, then "…"), each a mention and its id: Discord
// cannot name a member who left, and the id is what leaderboard_show
// takes for them.
func hiddenList(ids []string) string {
	var parts []string
	for _, id := range ids[:min(len(ids), maxHiddenListed)] {
		parts = append(parts, "<@"+id+"> (`"+id+"`)")
	}
	if len(ids) > maxHiddenListed {
		parts = append(parts, "…")
	}
	return strings.Join(parts, ", ")
}

// dmsLine says whether the bot sends player direct messages and, when
// Discord refused the last one (storage.Player.DMFailed: the player's
// privacy settings), since when and what to change.
func dmsLine(p *locale.Printer, player *storage.Player) string {
	switch {
	case !player.DMs:
		return p.T("Your direct messages (reminders and results): **off**.")
	case player.DMFailed.IsZero():
		return p.T("Your direct messages (reminders and results): **on**.")
	}
	return p.T("Your direct messages (reminders and results): **on**, but Discord has refused them since <t:%d:f>. To get them, allow direct messages from server members in Discord's privacy settings (for this server or for all).", player.DMFailed.Unix())
}

// languageOption reads a language option: "" (not given) and "discord"
// (follow Discord's language) give "", a language a tag such as "da".
func languageOption(v string) (string, error) {
	if v == "" || v == "discord" {
		return "", nil
	}
	l, ok := locale.Lookup(v)
	if !ok {
		return "", userErrorf("I don't speak `%s`: choose %s; nothing was changed.", codeText(truncate(v, 20)), choicesOf{"settings", "language"})
	}
	return l.Tag.String(), nil
}
