package bot_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// pings returns the mention types a response lets Discord ping ("users"),
// from its allowed_mentions.
func pings(t *testing.T, rec *recorded) []string {
	t.Helper()
	var w struct {
		Data struct {
			AllowedMentions *struct {
				Parse []string `json:"parse"`
				Users []string `json:"users"`
			} `json:"allowed_mentions"`
		} `json:"data"`
	}
	if err := json.Unmarshal(rec.Body, &w); err != nil {
		t.Fatal(err)
	}
	if w.Data.AllowedMentions == nil {
		return []string{"(default: everyone mentioned)"}
	}
	return append(w.Data.AllowedMentions.Parse, w.Data.AllowedMentions.Users...)
}

// TestReadsScopedToServer: /tafl board and /tafl history of a game by
// number work for its players anywhere and for others only in the game's
// server; a board asked for again pings nobody.
func TestReadsScopedToServer(t *testing.T) {
	h := newHarness(t, nil)
	startGame(t, h) // game 1, alice vs bob, in server 900
	ask := func(user, guildID, sub string) (*discordgo.Interaction, *resp, *recorded) {
		in := h.slashInteraction(user, sub, opt("game", "1"))
		in.GuildID = guildID
		h.bot.HandleGateway(t.Context(), in)
		r, rec := h.fake.callback(t, in.ID)
		return in, r, rec
	}
	// carol, in the same server, may look; the board names the players
	// without pinging them.
	_, r, rec := ask(carol, guild, "board")
	if isEphemeral(r) || !strings.Contains(r.Content, "**Game 1**") {
		t.Fatalf("board in the game's server: %q", r.Content)
	}
	checkPNG(t, rec)
	if p := pings(t, rec); len(p) != 0 {
		t.Errorf("the board asked for by carol pings %v", p)
	}
	if _, r, rec := ask(alice, guild, "board"); isEphemeral(r) {
		t.Fatalf("a player's board: %q", r.Content)
	} else if p := pings(t, rec); len(p) != 0 {
		t.Errorf("the board asked for by alice pings %v", p)
	}
	// From another server, carol gets neither the board nor the record.
	for _, sub := range []string{"board", "history"} {
		if _, r, rec := ask(carol, "999", sub); !isEphemeral(r) || !strings.Contains(r.Content, "can't find game 1 in this server") || len(rec.Files) != 0 {
			t.Errorf("%s from another server: %q, %d files", sub, r.Content, len(rec.Files))
		}
	}
	// bob, a player, may ask from anywhere (here: another server).
	in, _, _ := ask(bob, "999", "history")
	if _, late := h.fake.final(t, in); len(late.Files) != 2 {
		t.Errorf("a player's history from elsewhere: %d files", len(late.Files))
	}
}
