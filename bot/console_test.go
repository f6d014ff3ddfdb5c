package bot_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/bot"
)

// TestConsoleEditShowsEmbeds: a reply that was deferred (the handler was
// slow) arrives as an edit; its embeds must be printed like those of a
// direct reply (the rules page is an embed).
func TestConsoleEditShowsEmbeds(t *testing.T) {
	var out bytes.Buffer
	c := bot.NewConsoleREST(&out, t.TempDir())
	embeds := []*discordgo.MessageEmbed{{Title: "brandubh (7×7)", Description: "corner escape"}}
	if _, err := c.EditResponse(t.Context(), nil, &discordgo.WebhookEdit{Embeds: &embeds}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "brandubh (7×7)") || !strings.Contains(out.String(), "corner escape") {
		t.Errorf("the edited reply printed %q", out.String())
	}
}
