package bot_test

import (
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// TestStatsOfABot: /tafl stats of a bot (taflbot itself, say) answered
// "@taflbot has not finished a game here yet", though the engine plays
// games every day; it says bots have no stats and where a player's games
// against the engine are counted.
func TestStatsOfABot(t *testing.T) {
	h := newHarness(t, nil)
	in := h.slashInteraction(alice, "stats", opt("user", "555"))
	in.Data = func() discordgo.ApplicationCommandInteractionData {
		d := in.ApplicationCommandData()
		d.Resolved = &discordgo.ApplicationCommandInteractionDataResolved{Users: map[string]*discordgo.User{"555": {ID: "555", Username: "taflbot", Bot: true}}}
		return d
	}()
	h.bot.HandleGateway(t.Context(), in)
	r, _ := h.fake.callback(t, in.ID)
	if !strings.Contains(r.page(), "Bots have no stats here") || strings.Contains(r.page(), "has not finished a game") {
		t.Errorf("stats of a bot: %q", r.page())
	}
	// A person's stats are untouched.
	if r, _ := h.slash(alice, "stats", opt("user", bob)); strings.Contains(r.page(), "Bots have no stats") {
		t.Errorf("stats of bob: %q", r.page())
	}
}

// TestGamesOfABot: /tafl games of a bot (taflbot itself) answered
// "@taflbot has no games in progress. `/tafl challenge` or `/tafl ai`
// starts one." while it played alice; it says bots have no games list
// and where a player's games against the engine are listed.
func TestGamesOfABot(t *testing.T) {
	h := newHarness(t, nil)
	h.slash(alice, "ai", opt("variant", "brandubh"), opt("side", "attackers"), opt("level", "easy"))
	in := h.slashInteraction(alice, "games", opt("user", "555"))
	in.Data = func() discordgo.ApplicationCommandInteractionData {
		d := in.ApplicationCommandData()
		d.Resolved = &discordgo.ApplicationCommandInteractionDataResolved{Users: map[string]*discordgo.User{"555": {ID: "555", Username: "taflbot", Bot: true}}}
		return d
	}()
	h.bot.HandleGateway(t.Context(), in)
	r, _ := h.fake.callback(t, in.ID)
	if want := "Bots have no games list here: a player's games against me are in their own `/tafl games`."; r.Content != want || !isEphemeral(r) {
		t.Errorf("games of a bot: %q, want %q", r.Content, want)
	}
	// A person's games are listed as before.
	if r, _ := h.slash(bob, "games", opt("user", alice)); !strings.Contains(r.Content, "**Games of <@"+alice+">** (1 in progress") {
		t.Errorf("games of alice: %q", r.Content)
	}
}
