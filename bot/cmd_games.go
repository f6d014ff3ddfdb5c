package bot

import (
	"context"
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/storage"
)

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
	open, err := b.openChallengesText(ctx, guildID)
	if err != nil {
		return nil, err
	}
	if len(games) == 0 {
		return &discordgo.InteractionResponseData{Content: fmt.Sprintf("<@%s> has no games in progress. `/tafl challenge` or `/tafl ai` starts one.", user) + open,
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
	if page == 0 {
		sb.WriteString(open)
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

// maxOpenListed bounds the open challenges /tafl games lists.
const maxOpenListed = 5

// openChallengesText lists the server's open challenges that anyone may
// accept, with links to their messages (where the Accept button is), or
// returns "" when there are none.
func (b *Bot) openChallengesText(ctx context.Context, guildID string) (string, error) {
	if guildID == "" {
		return "", nil
	}
	all, err := b.store.OpenChallenges(ctx)
	if err != nil {
		return "", err
	}
	var sb strings.Builder
	n, now := 0, b.now()
	for _, c := range all {
		if c.GuildID != guildID || c.OpponentID != "" || !c.Expires.After(now) {
			continue
		}
		if n++; n > maxOpenListed {
			continue
		}
		variant := c.Variant
		if variant == "" {
			variant = b.defaultVariant
		}
		fmt.Fprintf(&sb, "• <@%s> · %s · %s per move", c.ChallengerID, variant, formatLeft(c.MoveTime))
		if c.MessageID != "" {
			fmt.Fprintf(&sb, " · https://discord.com/channels/%s/%s/%s", guildID, c.ChannelID, c.MessageID)
		} else {
			fmt.Fprintf(&sb, " · in <#%s>", c.ChannelID)
		}
		sb.WriteString("\n")
	}
	if n == 0 {
		return "", nil
	}
	head := fmt.Sprintf("\n**Open challenges** anyone may accept (%d):\n", n)
	if n > maxOpenListed {
		sb.WriteString(fmt.Sprintf("… and %d more.\n", n-maxOpenListed))
	}
	return head + sb.String(), nil
}
