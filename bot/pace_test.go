package bot_test

import (
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/bot"
)

// TestUserSendingTooFast: one user's commands and button presses beyond
// the burst are answered that they came too fast and carried out not at
// all, while other users and autocomplete go on; after a pause the user
// may go on. Before, nothing paced a user: a script sending commands as
// fast as it could kept the cores drawing boards for it.
func TestUserSendingTooFast(t *testing.T) {
	h := newHarness(t, nil)
	h.adjust = func(o *bot.Options) { o.UserBurst = 3 }
	h.restart()
	for i := range 3 {
		if r, _ := h.slash(alice, "games"); strings.Contains(r.Content, "too fast") {
			t.Fatalf("command %d within the burst: %q", i+1, r.Content)
		}
	}
	const want = "You are sending commands and button presses too fast: this one was not carried out. Try again in 1 s."
	r, _ := h.slash(alice, "challenge", opt("opponent", bob), opt("variant", "brandubh"))
	if !isEphemeral(r) || r.Content != want {
		t.Errorf("the fourth command: %q, want %q", r.Content, want)
	}
	if r, _ := h.click(alice, "t:gl:1:0:111", true); !isEphemeral(r) || r.Content != want {
		t.Errorf("a button press after it: %q", r.Content)
	}
	if cs, err := h.store.OpenChallenges(t.Context()); err != nil || len(cs) != 0 {
		t.Errorf("%d challenges made by the refused command, %v", len(cs), err)
	}
	// Autocomplete is not paced, nor is anyone else.
	id := h.id()
	in := &discordgo.Interaction{ID: id, AppID: "555", Token: "tok" + id, Type: discordgo.InteractionApplicationCommandAutocomplete,
		GuildID: guild, ChannelID: channel, Member: member(alice),
		Data: discordgo.ApplicationCommandInteractionData{ID: "cmd", Name: "tafl", Options: []*discordgo.ApplicationCommandInteractionDataOption{
			{Name: "challenge", Type: discordgo.ApplicationCommandOptionSubCommand, Options: []*discordgo.ApplicationCommandInteractionDataOption{
				{Name: "variant", Type: discordgo.ApplicationCommandOptionString, Value: "bran", Focused: true}}}}}}
	h.bot.HandleGateway(t.Context(), in)
	if r, _ := h.fake.callback(t, id); r.Type != discordgo.InteractionApplicationCommandAutocompleteResult || len(r.Choices) == 0 {
		t.Errorf("autocomplete while paced: type %d, %d choices", r.Type, len(r.Choices))
	}
	if r, _ := h.slash(bob, "challenge", opt("opponent", alice), opt("variant", "brandubh")); isEphemeral(r) {
		t.Errorf("another user: %q", r.Content)
	}
	// Paced on the bot's clock: the time the commands above took on a
	// busy machine gives alice no token, the pause does.
	h.clock.Advance(600 * time.Millisecond) // one more every half second
	if r, _ := h.slash(alice, "challenge", opt("opponent", carol), opt("variant", "brandubh")); isEphemeral(r) {
		t.Errorf("after the pause: %q", r.Content)
	}
	if cs, err := h.store.OpenChallenges(t.Context()); err != nil || len(cs) != 2 {
		t.Errorf("%d challenges, want bob's and alice's after the pause, %v", len(cs), err)
	}
}
