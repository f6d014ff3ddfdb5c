package bot

import (
	"context"

	"github.com/bwmarrin/discordgo"
)

// cmdBoard handles /tafl board [game]: the board again, for anyone in the
// game's server (see findGame), without pinging the players.
func (b *Bot) cmdBoard(ctx context.Context, r *request) (*reply, error) {
	g, err := b.findGame(ctx, r, r.str("game"))
	if err != nil {
		return nil, err
	}
	msg, err := b.boardMessage(g, "")
	if err != nil {
		return nil, err
	}
	// A board shown on request is not a move: it names the players but
	// pings nobody.
	data := msg.data()
	data.AllowedMentions = &discordgo.MessageAllowedMentions{}
	return &reply{resp: &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: data}}, nil
}
