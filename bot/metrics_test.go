package bot_test

import (
	"io"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/bot"
)

func TestAdminEndpoints(t *testing.T) {
	h := newHarness(t, nil)
	startGame(t, h)
	srv := httptest.NewServer(h.bot.AdminHandler())
	defer srv.Close()
	resp, err := srv.Client().Get(srv.URL + "/healthz")
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("healthz: %v %v", resp, err)
	}
	resp.Body.Close()
	resp, err = srv.Client().Get(srv.URL + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	text := string(body)
	for _, want := range []string{
		`taflbot_interaction_seconds_count{kind="tafl challenge"} 1`,
		`taflbot_interaction_seconds_bucket{kind="component acc",le="+Inf"} 1`,
		"# TYPE taflbot_ai_think_seconds histogram",
		`taflbot_errors_total{kind="internal"} 0`,
		"taflbot_games_started_total 1",
		"taflbot_active_games 1",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("metrics lack %q", want)
		}
	}
	if t.Failed() {
		t.Log(text)
	}
}

// TestActiveGamesCountedInTheDatabase: two bots on one store, as two
// processes share a PostgreSQL database. A game started at one is in
// progress in the other's /metrics too; ended at the other, it leaves
// both at zero (each process counting the starts and ends it saw showed
// 1 and 0, then 1 and -1).
func TestActiveGamesCountedInTheDatabase(t *testing.T) {
	hb := newHTTPBot(t)
	h := hb.h
	active := func(b *bot.Bot) string {
		t.Helper()
		srv := httptest.NewServer(b.AdminHandler())
		defer srv.Close()
		resp, err := srv.Client().Get(srv.URL + "/metrics")
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		for _, line := range strings.Split(string(body), "\n") {
			if strings.HasPrefix(line, "taflbot_active_games ") {
				return line
			}
		}
		t.Fatalf("no taflbot_active_games in\n%s", body)
		return ""
	}
	startGame(t, h)
	for i, b := range []*bot.Bot{h.bot, hb.b} {
		if got := active(b); got != "taflbot_active_games 1" {
			t.Errorf("process %d after the game started: %q, want 1", i+1, got)
		}
	}
	// Bob resigns (or aborts) at the second process.
	in := h.slashInteraction(bob, "resign")
	hb.b.HandleGateway(t.Context(), in)
	r, _ := h.fake.callback(t, in.ID)
	var confirm string
	for _, id := range customIDs(r.Components) {
		confirm = id
	}
	if confirm == "" {
		t.Fatalf("no confirmation button: %+v", r)
	}
	in = h.slashInteraction(bob, "resign")
	in.Type, in.Message = discordgo.InteractionMessageComponent, &discordgo.Message{ID: "m-confirm", ChannelID: channel, Flags: discordgo.MessageFlagsEphemeral}
	in.Data = discordgo.MessageComponentInteractionData{CustomID: confirm}
	hb.b.HandleGateway(t.Context(), in)
	h.fake.callback(t, in.ID)
	if g := gameOf(t, h, alice); g.Active() {
		t.Fatalf("game %d still in progress", g.ID)
	}
	for i, b := range []*bot.Bot{h.bot, hb.b} {
		if got := active(b); got != "taflbot_active_games 0" {
			t.Errorf("process %d after the game ended: %q, want 0", i+1, got)
		}
	}
}

// TestActiveGamesLeftOutWhenTheDatabaseDoesNotAnswer: a scrape while the
// database cannot count the games in progress leaves taflbot_active_games
// out (Prometheus then shows none) rather than repeating the count of the
// last scrape that could, as if nothing had changed since.
func TestActiveGamesLeftOutWhenTheDatabaseDoesNotAnswer(t *testing.T) {
	h := newHarness(t, nil)
	startGame(t, h)
	srv := httptest.NewServer(h.bot.AdminHandler())
	defer srv.Close()
	scrape := func() string {
		t.Helper()
		resp, err := srv.Client().Get(srv.URL + "/metrics")
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		return string(body)
	}
	if text := scrape(); !strings.Contains(text, "\ntaflbot_active_games 1\n") {
		t.Fatalf("before: no taflbot_active_games 1 in\n%s", text)
	}
	h.store.Close() // the database stops answering
	text := scrape()
	if strings.Contains(text, "\ntaflbot_active_games ") {
		t.Errorf("with the database closed the scrape still has a count of the games in progress:\n%s", text)
	}
	if !strings.Contains(text, "taflbot_games_started_total 1") {
		t.Errorf("the other metrics are missing:\n%s", text)
	}
}

// TestExternalEngineFailureCounted: an external engine that fails (and
// loses its game) is counted in taflbot_errors_total, as OPERATIONS.md
// says engine failures are. It was counted under a kind /metrics never
// wrote.
func TestExternalEngineFailureCounted(t *testing.T) {
	dies := script(t, t.TempDir(), "dies", "echo hello\nread line\nexit 3\n")
	h := engineHarness(t, time.Minute, bot.ExternalEngine{Name: "dies", Command: []string{dies}})
	if got := metric(t, h.bot, `taflbot_errors_total{kind="engine"}`); got != `taflbot_errors_total{kind="engine"} 0` {
		t.Errorf("before: %s", got)
	}
	if r, _ := h.slash(alice, "ai", opt("variant", "brandubh"), opt("side", "defenders"), opt("engine", "dies")); isEphemeral(r) {
		t.Fatal(r.Content)
	}
	waitFor(t, "the engine's forfeit", func() bool { return !gameOf(t, h, alice).Active() })
	waitFor(t, "the failure counted", func() bool {
		var sb strings.Builder
		h.bot.Metrics().WriteTo(&sb)
		return strings.Contains(sb.String(), "\n"+`taflbot_errors_total{kind="engine"} 1`+"\n")
	})
}
