package bot

import (
	"context"

	"github.com/bwmarrin/discordgo"
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
