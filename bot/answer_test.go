package bot

import (
	"testing"

	"github.com/bwmarrin/discordgo"
)

// TestEveryComponentDeclaresItsAnswer: every action a custom id can name
// is dispatched to a handler, and every action dispatched declares how
// its handler answers a press (components), which decides how a press
// is deferred on a busy bot. An action without one would be deferred as
// an update of the pressed message, and a new message its handler fills
// in later would replace that message, the board, for everyone (Hint and
// Analyse did: TestSlowHintAndAnalyseAnswerWithTheirOwnMessage).
func TestEveryComponentDeclaresItsAnswer(t *testing.T) {
	comps := (&Bot{}).components()
	for a := Action(1); int(a) < len(actionCodes); a++ {
		if c, ok := comps[a]; !ok || c.h == nil {
			t.Errorf("action %q has no handler in components (router.go)", actionCodes[a])
		}
	}
	for a, c := range comps {
		name := "?"
		if a != NoAction && int(a) < len(actionCodes) {
			name = actionCodes[a]
		} else {
			t.Errorf("components dispatches action %d, which no custom id names (actionCodes)", a)
		}
		if c.answer == noAnswer || int(c.answer) >= len(answerNames) {
			t.Errorf("action %q declares no answer in components (router.go): say whether its handler updates the pressed message (answerUpdate) or answers with a new public or private message it may fill in later (answerPublic, answerPrivate)", name)
		}
	}
}

// TestAnswerFits: which of a handler's responses fit which declared
// answer, as deliverLate delivers them after that answer's deferral.
func TestAnswerFits(t *testing.T) {
	private := &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral}
	cases := []struct {
		r                       *discordgo.InteractionResponse
		update, public, private bool
	}{
		{&discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage}, true, false, false},
		{&discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate}, true, false, false},
		{&discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource}, true, true, false},
		{&discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: private}, true, true, true},
		{&discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource}, false, true, false},
		{&discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource, Data: private}, false, false, true},
		{&discordgo.InteractionResponse{Type: discordgo.InteractionResponseModal}, false, false, false},
	}
	for _, c := range cases {
		for a, want := range map[answerKind]bool{answerUpdate: c.update, answerPublic: c.public, answerPrivate: c.private, noAnswer: false} {
			if got := a.fits(c.r); got != want {
				t.Errorf("%s.fits(type %d, data %v) = %v, want %v", a, c.r.Type, c.r.Data, got, want)
			}
		}
	}
}
