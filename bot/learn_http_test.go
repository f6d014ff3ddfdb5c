package bot_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// send posts an interaction to the HTTP endpoint and returns the reply:
// the response body, or, when that is a deferral, the edit of the
// original response that follows.
func (hb *httpBot) send(t *testing.T, in *discordgo.Interaction) (*resp, *recorded) {
	t.Helper()
	body, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	res, out := hb.post(t, body, hb.priv, hb.h.clock.Now())
	if res.StatusCode != 200 {
		t.Fatalf("status %d: %s", res.StatusCode, out)
	}
	r := decode(t, out)
	if r.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource && r.Type != discordgo.InteractionResponseDeferredMessageUpdate {
		return r, &recorded{Body: out}
	}
	edit := hb.edited(t, in.Token)
	return decode(t, edit.Body), edit
}

// edited waits for the edit of the original response of the interaction
// with token.
func (hb *httpBot) edited(t *testing.T, token string) *recorded {
	t.Helper()
	var edit *recorded
	waitFor(t, "the edited response", func() bool {
		for _, rec := range hb.h.fake.requests("/webhooks/555/" + token + "/messages/@original") {
			if rec.Method == "PATCH" {
				edit = rec
				return true
			}
		}
		return false
	})
	return edit
}

func (hb *httpBot) component(user, customID string, values ...string) *discordgo.Interaction {
	id := hb.h.id()
	return &discordgo.Interaction{ID: id, AppID: "555", Token: "tok" + id, Type: discordgo.InteractionMessageComponent,
		GuildID: guild, ChannelID: channel, Member: member(user), Message: &discordgo.Message{ID: "m" + id, ChannelID: channel, Flags: discordgo.MessageFlagsEphemeral},
		Data: discordgo.MessageComponentInteractionData{CustomID: customID, Values: values}}
}

// TestHTTPLearning: a puzzle solved, a game reviewed, a hint and the
// daily puzzle, through the HTTP interactions endpoint.
func TestHTTPLearning(t *testing.T) {
	hb := newHTTPBot(t)
	addTestPuzzle(t, hb.h, guild)
	r, _ := hb.send(t, hb.h.slashInteraction(alice, "puzzle", opt("variant", "hnefatafl-9")))
	if !strings.Contains(r.Content, "Attackers to move and win in 2 moves") {
		t.Fatalf("puzzle: %q", r.Content)
	}
	play := func(board *resp, from, to string) *resp {
		menu, _ := hb.send(t, hb.component(alice, customIDs(board.Components)["Move"]))
		tg, _ := hb.send(t, hb.component(alice, customIDs(menu.Components)["select"], from))
		done, rec := hb.send(t, hb.component(alice, customIDs(tg.Components)["select"], to))
		checkPNG(t, rec)
		return done
	}
	r = play(r, "b3", "b6")
	if r = play(r, "c8", "a8"); !strings.Contains(r.Content, "puzzle solved") {
		t.Fatalf("solve: %q", r.Content)
	}
	// A review of a finished game.
	g := finishedGame(t, hb.h)
	rv, rec := hb.send(t, hb.h.slashInteraction(alice, "analyse", opt("game", g.ID.String())))
	if !strings.Contains(rv.Content, "Review of game") || len(rec.Files) == 0 {
		t.Fatalf("review: %q", rv.Content)
	}
	// A hint in an engine game.
	board, _ := hb.send(t, hb.h.slashInteraction(carol, "ai", opt("variant", "brandubh"), opt("side", "attackers"), opt("level", "easy")))
	hint := customIDs(board.Components)["Hint"]
	if hint == "" {
		t.Fatalf("no Hint: %v", customIDs(board.Components))
	}
	in := hb.component(carol, hint)
	in.Message.Flags = 0
	hr, hrec := hb.send(t, in)
	if !strings.Contains(hr.Content, "the engine suggests") {
		t.Fatalf("hint: %q", hr.Content)
	}
	checkPNG(t, hrec)
	// The daily puzzle: set over HTTP, posted by the sweeper, its Solve
	// button pressed over HTTP.
	set, _ := hb.send(t, hb.h.slashInteraction(alice, "settings",
		&discordgo.ApplicationCommandInteractionDataOption{Name: "daily_channel", Type: discordgo.ApplicationCommandOptionChannel, Value: "778"},
		opt("daily_hour", float64(0))))
	if !strings.Contains(set.Content, "daily puzzle: in <#778> at 00:00 UTC") {
		t.Fatalf("settings: %q", set.Content)
	}
	hb.h.bot.Sweep(t.Context())
	posts := dailyPosts(t, hb.h, "778")
	if len(posts) != 1 {
		t.Fatalf("%d daily posts", len(posts))
	}
	solve, _ := hb.send(t, hb.component(bob, customIDs(posts[0].Components)["Solve"]))
	if !strings.Contains(solve.Content, "to move and win") || customIDs(solve.Components)["Move"] == "" {
		t.Errorf("Solve over HTTP: %+v", solve)
	}
}
