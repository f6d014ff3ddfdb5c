package bot_test

import (
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/bot"
	"github.com/taflbot/taflbot/render"
)

// TestLanguageReachesOtherProcesses: a player's language chosen through
// one process of a deployment (a front end) reached another process on
// the same database, which had answered the player before, only when
// that one restarted: it kept answering in the language it had read
// first. It now reads the language again once its reading is a minute
// old, so the choice holds everywhere within a minute, both ways (a
// choice undone too).
func TestLanguageReachesOtherProcesses(t *testing.T) {
	h := newHarness(t, nil)
	sess, err := bot.NewSession("test-token", h.fake.URL(), nil)
	if err != nil {
		t.Fatal(err)
	}
	other, err := bot.New(bot.Options{Logger: slog.New(slog.NewJSONHandler(h.logs, nil)), Store: h.store,
		REST: bot.SessionREST{S: sess, Waits: testWaits}, Engine: h.engine, AppID: "555", Now: h.clock.Now,
		Render: render.Options{Size: 240}, DeferAfter: 20 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	settings := func(b *bot.Bot, opts ...*discordgo.ApplicationCommandInteractionDataOption) string {
		t.Helper()
		in := h.slashInteraction(alice, "settings", opts...)
		in.GuildID, in.User, in.Member = "", in.Member.User, nil // a direct message: it names the language
		b.HandleGateway(t.Context(), in)
		r, _ := h.fake.final(t, in)
		return r.Content
	}
	const english, german = "I'll answer you in English", "Ich antworte dir auf Deutsch"
	if got := settings(other); !strings.Contains(got, english) {
		t.Fatalf("the other process, before any choice: %q; want %q", got, english)
	}
	if got := settings(h.bot, opt("language", "de")); !strings.Contains(got, german) {
		t.Fatalf("choosing German: %q; want %q", got, german)
	}
	h.clock.Advance(61 * time.Second)
	if got := settings(other); !strings.Contains(got, german) {
		t.Errorf("the other process a minute after alice chose German: %q; want %q", got, german)
	}
	if got := settings(h.bot, opt("language", "discord")); !strings.Contains(got, english) {
		t.Fatalf("following Discord again: %q; want %q", got, english)
	}
	h.clock.Advance(61 * time.Second)
	if got := settings(other); !strings.Contains(got, english) {
		t.Errorf("the other process a minute after alice followed Discord again: %q; want %q", got, english)
	}
}
