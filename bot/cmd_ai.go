package bot

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/storage"
	"github.com/taflbot/taflbot/tafl"
)

// cmdAI handles /tafl ai [variant] [side] [level] [days]: a game against
// the engine. When the engine moves first its move follows shortly. The
// human has days per move (default: the server's) like any correspondence
// game; the engine has no clock. The game gets its own thread when the
// server's settings say so.
func (b *Bot) cmdAI(ctx context.Context, r *request) (*reply, error) {
	settings, err := b.guildSettings(ctx, r.in.GuildID)
	if err != nil {
		return nil, err
	}
	name, layout, err := parseVariant(r.str("variant"), settings.DefaultVariant)
	if err != nil {
		return nil, err
	}
	side, err := parseSide(r.str("side"))
	if err != nil {
		return nil, err
	}
	if side == tafl.NoSide {
		side = tafl.Attackers
		if rand.IntN(2) == 1 {
			side = tafl.Defenders
		}
	}
	level := r.str("level")
	if level == "" {
		level = "medium"
	}
	if !slices.Contains(Levels, level) {
		return nil, userErrorf("Level must be one of easy, medium, hard or max.")
	}
	live, err := timeOption(r)
	if err != nil {
		return nil, err
	}
	g, err := storage.NewGame(name, layout)
	if err != nil {
		return nil, err
	}
	if live.IsZero() {
		if g.MoveTime, err = daysOption(r, settings); err != nil {
			return nil, err
		}
	} else {
		g.Clock.Control = live // both sides on the clock, the engine too
	}
	if side == tafl.Attackers {
		g.Attackers, g.Defenders = storage.Human(r.userID), storage.AI(level)
	} else {
		g.Attackers, g.Defenders = storage.AI(level), storage.Human(r.userID)
	}
	g.GuildID, g.ChannelID = r.in.GuildID, r.in.ChannelID
	if err := b.store.CreateGame(ctx, g); err != nil {
		return nil, err
	}
	b.metrics.gameStarted()
	msg, err := b.boardMessage(g, fmt.Sprintf("<@%s> plays taflbot at level **%s**. Good luck!", r.userID, level))
	if err != nil {
		return nil, err
	}
	in := r.in
	return &reply{resp: &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: msg.data()},
		after: func(ctx context.Context) {
			if m := b.rememberOriginal(ctx, in, g); m != nil && in.GuildID != "" {
				b.maybeThread(ctx, g, m.ChannelID, m.ID)
			}
			b.afterMove(ctx, g)
		}}, nil
}
