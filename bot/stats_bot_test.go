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
	resolveBot(in, "555")
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

// TestGamesOfABot: /tafl games of a bot answered "@taflbot has no games
// in progress. `/tafl challenge` or `/tafl ai` starts one.", though the
// engine was playing, and bade the asker start one; as /tafl stats, it
// says bots play no games and where a player's games against the engine
// are listed.
func TestGamesOfABot(t *testing.T) {
	h := newHarness(t, nil)
	h.slash(alice, "ai", opt("variant", "brandubh"), opt("level", "easy"))
	in := h.slashInteraction(bob, "games", opt("user", "555"))
	resolveBot(in, "555")
	h.bot.HandleGateway(t.Context(), in)
	r, _ := h.fake.callback(t, in.ID)
	if !strings.Contains(r.page(), "Bots play no games here: a player's games against me are in their own `/tafl games`.") || strings.Contains(r.page(), "starts one") {
		t.Errorf("games of a bot: %q", r.page())
	}
	// A person's games are listed.
	if r, _ := h.slash(bob, "games", opt("user", alice)); !strings.Contains(r.page(), "#1 brandubh") {
		t.Errorf("games of alice: %q", r.page())
	}
}

// resolveBot makes user id, named in command interaction in's options, a
// bot (taflbot itself) in the interaction's resolved data, as Discord
// sends a user option.
func resolveBot(in *discordgo.Interaction, id string) {
	d := in.ApplicationCommandData()
	d.Resolved = &discordgo.ApplicationCommandInteractionDataResolved{Users: map[string]*discordgo.User{id: {ID: id, Username: "taflbot", Bot: true}}}
	in.Data = d
}
