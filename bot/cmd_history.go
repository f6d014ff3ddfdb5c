package bot

import (
	"bytes"
	"context"
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/render"
	"github.com/taflbot/taflbot/tafl"
)

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
