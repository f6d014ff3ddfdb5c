package bot

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/storage"
)

// cmdLeaderboard handles /tafl leaderboard [variant].
func (b *Bot) cmdLeaderboard(ctx context.Context, r *request) (*reply, error) {
	if r.in.GuildID == "" {
		return nil, userErrorf("Leaderboards are per server: use this command in a server.")
	}
	cv, err := parseVariant(r.str("variant"), b.defaultVariant, false)
	if err != nil {
		return nil, err
	}
	name := cv.name
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

func isNotFound(err error) bool { return err != nil && errors.Is(err, storage.ErrNotFound) }
