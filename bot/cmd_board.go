package bot

import (
	"context"
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/tafl"
)

// cmdBoard handles /tafl board [game] [text]: the board again, for anyone
// in the game's server (see findGame; without a game and none in progress
// here, the game of this thread or the game that ended last here or the
// user's game that ended last: findGameOrLast), without pinging
// the players; or
// with text:True the position in words for screen readers (privately;
// long boards come as a text file too).
func (b *Bot) cmdBoard(ctx context.Context, r *request) (*reply, error) {
	g, err := b.findGameOrLast(ctx, r, r.str("game"))
	if err != nil {
		return nil, err
	}
	if o, ok := r.opts["text"]; ok && o.Type == discordgo.ApplicationCommandOptionBoolean && o.BoolValue() {
		// The players' names (and a rules string's name:) are the
		// users' own: shown as typed, never as markdown or mentions.
		text := textBoard(r.p, g, b.now(), plainText)
		if len(text) <= 2000 {
			return &reply{resp: ephemeral(text)}, nil
		}
		resp := ephemeral(truncate(text, 1900) + "\n" + r.p.T("(The whole description is in the attached file.)"))
		file := textBoard(r.p, g, b.now(), func(s string) string { return s }) // a text file has no markdown
		resp.Data.Files = []*discordgo.File{{Name: fmt.Sprintf("game-%d.txt", g.ID), ContentType: "text/plain", Reader: strings.NewReader(file)}}
		return &reply{resp: resp}, nil
	}
	msg, err := b.boardMessage(ctx, g, "", "")
	if err != nil {
		return nil, err
	}
	// A board shown on request is not a move: it names the players but
	// pings nobody.
	data := msg.data()
	data.AllowedMentions = &discordgo.MessageAllowedMentions{}
	in, onlooker := r.in, g.SideOf(r.userID) == tafl.NoSide
	return &reply{resp: &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: data},
		// Its buttons are disabled when the game ends, as every board's
		// (an onlooker's among fewer kept: keptBoards).
		after: func(ctx context.Context) { b.rememberOriginal(ctx, in, g, onlooker) }}, nil
}
