package bot_test

import (
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/tafl"
)

func TestHistoryRulesHelpLeaderboardStats(t *testing.T) {
	h := newHarness(t, nil)
	startGame(t, h)
	g := gameOf(t, h, alice)
	for _, mv := range []struct{ user, move string }{{alice, g.Tafl().LegalMoves()[0].String()}} {
		h.slash(mv.user, "move", opt("move", mv.move))
	}
	in := h.slashInteraction(alice, "history")
	h.bot.HandleGateway(t.Context(), in)
	r, _ := h.fake.callback(t, in.ID)
	if r.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource {
		t.Fatalf("history reply type %d, want deferred", r.Type)
	}
	_, late := h.fake.final(t, in)
	if len(late.Files) != 2 {
		t.Fatalf("history attached %d files, want .otg and .gif", len(late.Files))
	}
	game, _, err := tafl.DecodeGame(string(late.Files[0].Data))
	if err != nil || game.Len() != 1 {
		t.Fatalf("the .otg record: %v, %d moves", err, game.Len())
	}
	if !strings.HasPrefix(string(late.Files[1].Data), "GIF8") {
		t.Errorf("the replay is not a GIF")
	}

	r, rec := h.slash(carol, "rules", opt("variant", "fetlar"))
	if len(r.Embeds) != 1 || !strings.Contains(r.Embeds[0].Title, "fetlar (11×11)") {
		t.Errorf("rules embed %+v", r.Embeds)
	}
	checkPNG(t, rec)
	if r, _ := h.slash(carol, "rules", opt("variant", "chess")); !isEphemeral(r) || !strings.Contains(r.Content, "don't know the variant") {
		t.Errorf("unknown variant: %q", r.Content)
	}
	if r, _ := h.slash(carol, "help"); !isEphemeral(r) || !strings.Contains(r.Content, "/tafl challenge") {
		t.Errorf("help: %q", r.Content)
	}
	if r, _ := h.slash(carol, "leaderboard", opt("variant", "brandubh")); !strings.Contains(r.Content, "Nobody has a rated brandubh game") {
		t.Errorf("empty leaderboard: %q", r.Content)
	}
	// Bob resigns: the leaderboard and stats show the result.
	r, _ = h.slash(bob, "resign")
	h.click(bob, customIDs(r.Components)["Yes, resign"], true)
	if r, _ := h.slash(carol, "leaderboard", opt("variant", "brandubh")); !strings.Contains(r.Content, "1. <@"+alice+">") || !strings.Contains(r.Content, "2. <@"+bob+">") {
		t.Errorf("leaderboard: %q", r.Content)
	}
	if r, _ := h.slash(carol, "stats", opt("user", bob)); !strings.Contains(r.Content, "0 won, 1 lost") {
		t.Errorf("stats: %q", r.Content)
	}
}
