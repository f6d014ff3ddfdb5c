package bot_test

import (
	"context"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// TestNotYourGameInADMSaysWhereToStartOne: in a direct message with the
// bot, a board button pressed by someone not playing in its game was
// answered with "`/tafl challenge` or `/tafl ai` starts one", though a
// challenge is refused there; the answer names `/tafl ai` there and a
// challenge in a server, as the other answers in a DM do.
func TestNotYourGameInADMSaysWhereToStartOne(t *testing.T) {
	h := newHarness(t, nil)
	dmChannel := "dm-" + alice
	in := h.slashInteraction(alice, "ai", opt("variant", "brandubh"), opt("side", "attackers"), opt("level", "easy"))
	in.GuildID, in.ChannelID, in.User, in.Member = "", dmChannel, in.Member.User, nil
	h.bot.HandleGateway(t.Context(), in)
	r, _ := h.fake.final(t, in)
	h.settle()
	move := customIDs(r.Components)["Move"]
	if move == "" {
		t.Fatalf("the board has no Move button: %q %v", r.Content, customIDs(r.Components))
	}
	id := h.id()
	click := &discordgo.Interaction{ID: id, AppID: "555", Token: "tok" + id, Type: discordgo.InteractionMessageComponent,
		ChannelID: dmChannel, User: member(bob).User, Message: &discordgo.Message{ID: "msg-click-" + id, ChannelID: dmChannel},
		Data: discordgo.MessageComponentInteractionData{CustomID: move}}
	h.bot.HandleGateway(context.Background(), click)
	got, _ := h.fake.callback(t, click.ID)
	want := "You are not playing in that game. `/tafl games` lists yours. Play me here with `/tafl ai`, or challenge someone in a server with `/tafl challenge`."
	if got.Content != want {
		t.Errorf("bob pressing Move on alice's game in a DM: %q, want %q", got.Content, want)
	}
}
