package bot

import (
	"context"
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/tafl"
)

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
	p := r.p
	desc := ""
	for _, pi := range tafl.Presets() {
		if pi.Name == name {
			desc = p.T(pi.Description) // each preset's description is in the catalog
		}
	}
	first := p.T("The attackers move first.")
	if v.Start().ToMove() == tafl.Defenders {
		first = p.T("The defenders move first.")
	}
	png, err := b.boardPNG(v.Start(), nil, fmt.Sprintf("%s · %d×%d", name, v.Size(), v.Size()))
	if err != nil {
		return nil, err
	}
	file := fmt.Sprintf("rules-%s.png", strings.ReplaceAll(name, "/", "-"))
	embed := &discordgo.MessageEmbed{
		Title:       fmt.Sprintf("%s (%d×%d)", name, v.Size(), v.Size()),
		Description: desc + "\n\n" + first + " " + p.T("Pieces move like rooks. Sandwich an enemy piece between two of yours to capture it. The defenders win when the king escapes; the attackers win by capturing the king."),
		Fields:      []*discordgo.MessageEmbedField{{Name: p.T("Rules string"), Value: "`" + truncate(v.RulesString(), 1000) + "`"}},
		Image:       &discordgo.MessageEmbedImage{URL: "attachment://" + file},
	}
	return &reply{resp: &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Embeds: []*discordgo.MessageEmbed{embed},
			Files: []*discordgo.File{{Name: file, ContentType: "image/png", Reader: strings.NewReader(string(png))}}}}}, nil
}
