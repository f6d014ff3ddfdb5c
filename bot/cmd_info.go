package bot

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/render"
	"github.com/taflbot/taflbot/storage"
	"github.com/taflbot/taflbot/tafl"
)

// cmdBoard handles /tafl board [game].
func (b *Bot) cmdBoard(ctx context.Context, r *request) (*reply, error) {
	g, err := b.findGame(ctx, r, r.str("game"))
	if err != nil {
		return nil, err
	}
	msg, err := b.boardMessage(g, "")
	if err != nil {
		return nil, err
	}
	return &reply{resp: &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: msg.data()}}, nil
}

const gamesPerPage = 10

// cmdGames handles /tafl games [user]: active games, paged.
func (b *Bot) cmdGames(ctx context.Context, r *request) (*reply, error) {
	user := r.user("user")
	if user == "" {
		user = r.userID
	}
	data, err := b.gamesPage(ctx, r.in.GuildID, user, 0)
	if err != nil {
		return nil, err
	}
	return &reply{resp: &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: data}}, nil
}

// btnGamesPage turns a page of a games list (ID: 1, Ply: page, Arg: user).
func (b *Bot) btnGamesPage(ctx context.Context, r *request) (*reply, error) {
	data, err := b.gamesPage(ctx, r.in.GuildID, r.cid.Arg, r.cid.Ply)
	if err != nil {
		return nil, err
	}
	return &reply{resp: &discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage, Data: data}}, nil
}

func (b *Bot) gamesPage(ctx context.Context, guildID, user string, page int) (*discordgo.InteractionResponseData, error) {
	games, err := b.store.GamesByPlayer(ctx, user, storage.GameFilter{GuildID: guildID, ActiveOnly: true})
	if err != nil {
		return nil, err
	}
	if len(games) == 0 {
		return &discordgo.InteractionResponseData{Content: fmt.Sprintf("<@%s> has no games in progress. `/tafl challenge` or `/tafl ai` starts one.", user),
			Flags: discordgo.MessageFlagsEphemeral, AllowedMentions: &discordgo.MessageAllowedMentions{}}, nil
	}
	pages := (len(games) + gamesPerPage - 1) / gamesPerPage
	page = min(max(page, 0), pages-1)
	var sb strings.Builder
	fmt.Fprintf(&sb, "**Games of <@%s>** (%d in progress, page %d of %d)\n", user, len(games), page+1, pages)
	for _, g := range games[page*gamesPerPage : min(len(games), (page+1)*gamesPerPage)] {
		fmt.Fprintf(&sb, "• #%d %s · %s vs %s · %s to move", g.ID, g.Variant(), seatName(g.Attackers), seatName(g.Defenders), seatName(g.ToMove()))
		if !g.Deadline.IsZero() {
			sb.WriteString(" · " + formatLeft(g.Deadline.Sub(b.now())) + " left")
		}
		sb.WriteString("\n")
	}
	data := &discordgo.InteractionResponseData{Content: sb.String(), Flags: discordgo.MessageFlagsEphemeral, AllowedMentions: &discordgo.MessageAllowedMentions{}}
	if pages > 1 {
		id := CustomID{Action: ActGamesPage, ID: 1, Arg: user}
		prev, next := id, id
		prev.Ply, next.Ply = max(page-1, 0), min(page+1, pages-1)
		if prev.Ply == next.Ply {
			next.ID = 2 // ids must differ within a message
		}
		data.Components = []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: "◀ Previous", Style: discordgo.SecondaryButton, CustomID: prev.String(), Disabled: page == 0},
			discordgo.Button{Label: "Next ▶", Style: discordgo.SecondaryButton, CustomID: next.String(), Disabled: page == pages-1},
		}}}
	}
	return data, nil
}

// cmdRules handles /tafl rules [variant].
func (b *Bot) cmdRules(ctx context.Context, r *request) (*reply, error) {
	name, layout, err := parseVariant(r.str("variant"), b.defaultVariant)
	if err != nil {
		return nil, err
	}
	v, err := tafl.Preset(name, layout)
	if err != nil {
		return nil, err
	}
	desc := ""
	for _, p := range tafl.Presets() {
		if p.Name == name {
			desc = p.Description
		}
	}
	png, err := b.boardPNG(v.Start(), nil, fmt.Sprintf("%s · %d×%d", name, v.Size(), v.Size()))
	if err != nil {
		return nil, err
	}
	file := fmt.Sprintf("rules-%s.png", strings.ReplaceAll(name, "/", "-"))
	embed := &discordgo.MessageEmbed{
		Title:       fmt.Sprintf("%s (%d×%d)", name, v.Size(), v.Size()),
		Description: desc + "\n\nThe attackers move first. Pieces move like rooks. Sandwich an enemy piece between two of yours to capture it. The defenders win when the king escapes; the attackers win by capturing the king.",
		Fields:      []*discordgo.MessageEmbedField{{Name: "Rules string", Value: "`" + truncate(v.RulesString(), 1000) + "`"}},
		Image:       &discordgo.MessageEmbedImage{URL: "attachment://" + file},
	}
	return &reply{resp: &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Embeds: []*discordgo.MessageEmbed{embed},
			Files: []*discordgo.File{{Name: file, ContentType: "image/png", Reader: strings.NewReader(string(png))}}}}}, nil
}

// cmdHistory handles /tafl history [game]: the .otg record and a GIF replay, deferred (a
// replay can take a moment) and delivered by editing the reply.
func (b *Bot) cmdHistory(ctx context.Context, r *request) (*reply, error) {
	g, err := b.findGame(ctx, r, r.str("game"))
	if err != nil {
		return nil, err
	}
	in := r.in
	return &reply{
		resp: &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource},
		after: func(ctx context.Context) {
			tags := []tafl.Tag{{Name: "event", Value: fmt.Sprintf("taflbot game %d", g.ID)},
				{Name: "date", Value: g.Created.UTC().Format("2006.01.02")},
				{Name: "attackers", Value: g.Attackers.String()}, {Name: "defenders", Value: g.Defenders.String()}}
			record := tafl.EncodeGame(g.Tafl(), tags)
			content := fmt.Sprintf("Record of game %d (%s, %d moves).", g.ID, g.Variant(), g.Ply())
			files := []*discordgo.File{{Name: fmt.Sprintf("game-%d.otg", g.ID), ContentType: "text/plain", Reader: strings.NewReader(record)}}
			var gif bytes.Buffer
			if err := b.renderer.GIF(&gif, g.Tafl(), render.GIFOptions{Theme: b.render.Theme}); err != nil {
				b.log.Error("drawing a replay", "game_id", g.ID, "err", err)
				content += " (The replay could not be drawn.)"
			} else {
				files = append(files, &discordgo.File{Name: fmt.Sprintf("game-%d.gif", g.ID), ContentType: "image/gif", Reader: &gif})
			}
			if _, err := b.rest.EditResponse(ctx, in, &discordgo.WebhookEdit{Content: &content, Files: files}); err != nil {
				b.log.Error("delivering a game record", "game_id", g.ID, "err", err)
			}
		},
	}, nil
}

// cmdLeaderboard handles /tafl leaderboard [variant].
func (b *Bot) cmdLeaderboard(ctx context.Context, r *request) (*reply, error) {
	if r.in.GuildID == "" {
		return nil, userErrorf("Leaderboards are per server: use this command in a server.")
	}
	name, _, err := parseVariant(r.str("variant"), b.defaultVariant)
	if err != nil {
		return nil, err
	}
	top, err := b.store.Leaderboard(ctx, r.in.GuildID, name, 10)
	if err != nil {
		return nil, err
	}
	if len(top) == 0 {
		return &reply{resp: ephemeral(fmt.Sprintf("Nobody has a rated %s game in this server yet.", name))}, nil
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "**Leaderboard · %s**\n", name)
	for i, e := range top {
		fmt.Fprintf(&sb, "%d. <@%s> · %.0f (±%.0f) · %d-%d-%d\n", i+1, e.UserID, e.Rating.Rating, 2*e.Rating.Deviation, e.Wins, e.Losses, e.Draws)
	}
	return &reply{resp: &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Content: sb.String(), AllowedMentions: &discordgo.MessageAllowedMentions{}}}}, nil
}

// cmdStats handles /tafl stats [user].
func (b *Bot) cmdStats(ctx context.Context, r *request) (*reply, error) {
	user := r.user("user")
	if user == "" {
		user = r.userID
	}
	p, err := b.store.GetPlayer(ctx, r.in.GuildID, user)
	if err != nil {
		if !isNotFound(err) {
			return nil, err
		}
		return &reply{resp: ephemeral(fmt.Sprintf("<@%s> has not finished a game here yet.", user))}, nil
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "**Stats of <@%s>**\nAgainst people: %d won, %d lost, %d drawn\nAgainst taflbot: %d won, %d lost, %d drawn\n",
		user, p.Wins, p.Losses, p.Draws, p.AIWins, p.AILosses, p.AIDraws)
	for name, v := range p.Variants {
		fmt.Fprintf(&sb, "%s: %.0f (±%.0f), %d-%d-%d\n", name, v.Rating.Rating, 2*v.Rating.Deviation, v.Wins, v.Losses, v.Draws)
	}
	return &reply{resp: &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Content: sb.String(), AllowedMentions: &discordgo.MessageAllowedMentions{}}}}, nil
}

// cmdSettings handles /tafl settings: the server's settings (changed by
// managers, with the Manage Server permission, only) and the user's own
// DM setting.
func (b *Bot) cmdSettings(ctx context.Context, r *request) (*reply, error) {
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
	if r.in.GuildID == "" || r.in.Member == nil {
		if len(notes) > 0 {
			return &reply{resp: ephemeral(strings.Join(notes, " "))}, nil
		}
		return nil, userErrorf("Server settings can only be changed in a server.")
	}
	gs, err := b.guildSettings(ctx, r.in.GuildID)
	if err != nil {
		return nil, err
	}
	changed := false
	if v := r.str("variant"); v != "" {
		name, _, err := parseVariant(v, "")
		if err != nil {
			return nil, err
		}
		gs.DefaultVariant, changed = name, true
	}
	if d, ok := r.int("days"); ok {
		if d < 1 || d > storage.MaxDaysPerMove {
			return nil, userErrorf("Days per move must be 1 to %d.", storage.MaxDaysPerMove)
		}
		gs.DaysPerMove, changed = int(d), true
	}
	if o, ok := r.opts["threads"]; ok {
		gs.ThreadPerGame, changed = o.BoolValue(), true
	}
	if o, ok := r.opts["channel"]; ok {
		if id, ok := o.Value.(string); ok {
			gs.NotifyChannelID, changed = id, true
		}
	}
	if changed {
		if r.in.Member.Permissions&discordgo.PermissionManageGuild == 0 {
			return nil, userErrorf("Only server managers (Manage Server permission) can change the server's settings. Anyone can set `dms`.")
		}
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
	return &reply{resp: ephemeral(strings.Join(notes, "\n"))}, nil
}

// cmdHelp handles /tafl help.
func (b *Bot) cmdHelp(ctx context.Context, r *request) (*reply, error) {
	var names []string
	for _, p := range tafl.Presets() {
		names = append(names, p.Name)
	}
	text := "**How to play tafl**\n" +
		"Two sides: the attackers (who move first) surround the king's defenders. All pieces move like rooks. " +
		"Sandwich an enemy piece between two of yours to capture it. The king wins by escaping (to a corner or the edge, by variant); " +
		"the attackers win by capturing him.\n\n" +
		"**Commands**\n" +
		"`/tafl challenge [opponent]` challenge someone (or anyone) · `/tafl ai [level]` play me\n" +
		"`/tafl move d1-d4` move (or press **Move** under a board) · `/tafl board` show the board\n" +
		"`/tafl games` your games · `/tafl resign`, `/tafl draw` · `/tafl history` the record\n" +
		"`/tafl rules [variant]` · `/tafl leaderboard` · `/tafl stats` · `/tafl settings` (managers)\n\n" +
		"Each move has a time limit in days; I remind you before it runs out.\nVariants: " + strings.Join(names, ", ") + "."
	return &reply{resp: ephemeral(text)}, nil
}

func isNotFound(err error) bool { return err != nil && errors.Is(err, storage.ErrNotFound) }
