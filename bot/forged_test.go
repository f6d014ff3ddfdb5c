package bot_test

import (
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/storage"
)

// pressFrom presses a component with custom id cid as user in server
// guildID ("": a direct message), the user managing that server.
func (h *harness) pressFrom(guildID, user, cid string) *resp {
	h.t.Helper()
	id := h.id()
	in := &discordgo.Interaction{ID: id, AppID: "555", Token: "tok" + id, Type: discordgo.InteractionMessageComponent,
		GuildID: guildID, ChannelID: "ch-" + guildID, Message: &discordgo.Message{ID: "msg-" + id, ChannelID: "ch-" + guildID},
		Data: discordgo.MessageComponentInteractionData{CustomID: cid}}
	if guildID == "" {
		in.User = member(user).User
	} else {
		in.Member = member(user) // Manage Server, in their own server
	}
	h.bot.HandleGateway(h.t.(*testing.T).Context(), in)
	r, _ := h.fake.final(h.t, in)
	return r
}

// TestButtonsOfAnotherServer: challenge and tournament ids are
// sequential, so a custom_id can name another server's: pressed from
// another server (where the user manages) or a direct message, a
// tournament's Join, Leave and Start now and a challenge's Accept change
// nothing and say it is not this server's. Before, the tournament was
// joined, left or started (the other server's Manage Server permission
// counting for it) and the challenge accepted by someone not in its
// server.
func TestButtonsOfAnotherServer(t *testing.T) {
	h := newHarness(t, nil)
	const elsewhere = "950"
	ann, _ := h.slash(alice, "tournament", opt("action", "create"), opt("name", "Cup"), opt("variant", "brandubh"))
	ids := customIDs(ann.Components)
	if r, _ := h.click(bob, ids["Join"], false); r.Type != discordgo.InteractionResponseUpdateMessage {
		t.Fatalf("bob joining: %q", r.Content)
	}
	tour := onlyTournament(t, h)
	for _, from := range []string{elsewhere, ""} {
		for _, c := range []struct{ user, button string }{{carol, "Join"}, {bob, "Leave"}, {carol, "Start now"}} {
			r := h.pressFrom(from, c.user, ids[c.button])
			if want := "There is no tournament " + tour.ID.String() + " in this server."; !isEphemeral(r) || r.Content != want {
				t.Errorf("%s pressing %s from server %q: %q, want %q", c.user, c.button, from, r.Content, want)
			}
		}
	}
	if tr := onlyTournament(t, h); tr.State.Started() || len(tr.State.Players) != 1 || tr.State.Players[0].ID != bob {
		t.Errorf("the tournament after presses from elsewhere: started %v, players %+v", tr.State.Started(), tr.State.Players)
	}

	ch, _ := h.slash(alice, "challenge", opt("variant", "brandubh")) // open to anyone
	accept := customIDs(ch.Components)["Accept"]
	for _, from := range []string{elsewhere, ""} {
		r := h.pressFrom(from, carol, accept)
		if want := "That challenge belongs to another server: start one here with `/tafl challenge`."; !isEphemeral(r) || r.Content != want {
			t.Errorf("accepting from server %q: %q, want %q", from, r.Content, want)
		}
	}
	if cs, err := h.store.OpenChallenges(t.Context()); err != nil || len(cs) != 1 {
		t.Errorf("open challenges after accepting from elsewhere: %d, %v", len(cs), err)
	}
	if games, err := h.store.GamesByPlayer(t.Context(), carol, storage.GameFilter{}); err != nil || len(games) != 0 {
		t.Errorf("carol has %d games, %v", len(games), err)
	}
	// In its own server the challenge is still there to accept.
	if r, _ := h.click(carol, accept, false); r.Type != discordgo.InteractionResponseUpdateMessage || !strings.Contains(r.Content, "The game begins") {
		t.Errorf("accepting in the server: %q", r.Content)
	}
}

// TestDeclineAndWithdrawOfAnotherServer: Accept checked that the
// challenge is of the server its button was pressed in, Decline and
// Withdraw only the user: a custom_id naming a challenge, pressed by its
// opponent or challenger from another server or a direct message,
// declined or withdrew it. They change nothing there now and say it is
// not this server's, as Accept does.
func TestDeclineAndWithdrawOfAnotherServer(t *testing.T) {
	h := newHarness(t, nil)
	const elsewhere = "950"
	ch, _ := h.slash(alice, "challenge", opt("opponent", bob), opt("variant", "brandubh"))
	ids := customIDs(ch.Components)
	for _, from := range []string{elsewhere, ""} {
		for _, c := range []struct{ user, button string }{{bob, "Decline"}, {alice, "Withdraw"}} {
			r := h.pressFrom(from, c.user, ids[c.button])
			if want := "That challenge belongs to another server: start one here with `/tafl challenge`."; !isEphemeral(r) || r.Content != want {
				t.Errorf("%s pressing %s from server %q: %q, want %q", c.user, c.button, from, r.Content, want)
			}
		}
	}
	if cs, err := h.store.OpenChallenges(t.Context()); err != nil || len(cs) != 1 {
		t.Errorf("open challenges after pressing from elsewhere: %d, %v", len(cs), err)
	}
	// In its own server the buttons still work.
	if r, _ := h.click(bob, ids["Decline"], false); r.Type != discordgo.InteractionResponseUpdateMessage || !strings.Contains(r.Content, "declined") {
		t.Errorf("declining in the server: %q", r.Content)
	}
}

// TestOthersGamesNotListedInADirectMessage: in a direct message the games
// list is of games in every server, so /tafl games user:bob (or a page
// button naming bob) listed bob's games of servers the asker may not be
// in, though /tafl board refuses those same games there; it is refused,
// while one's own games are still listed.
func TestOthersGamesNotListedInADirectMessage(t *testing.T) {
	h := newHarness(t, nil)
	r, _ := h.slash(alice, "challenge", opt("opponent", bob), opt("variant", "brandubh"))
	h.click(bob, customIDs(r.Components)["Accept"], false)
	const want = "In a direct message I list only your own games: ask for another player's games in a server you share."
	in := h.slashInteraction(carol, "games", opt("user", bob))
	in.GuildID, in.User, in.Member = "", in.Member.User, nil
	h.bot.HandleGateway(t.Context(), in)
	if r, _ := h.fake.final(t, in); !isEphemeral(r) || r.Content != want {
		t.Errorf("/tafl games user:bob in carol's DM: %q, want %q", r.Content, want)
	}
	if r := h.pressFrom("", carol, "t:gl:1:0:"+bob); !isEphemeral(r) || r.Content != want {
		t.Errorf("a page button naming bob in carol's DM: %q, want %q", r.Content, want)
	}
	in = h.slashInteraction(bob, "games")
	in.GuildID, in.User, in.Member = "", in.Member.User, nil
	h.bot.HandleGateway(t.Context(), in)
	if r, _ := h.fake.final(t, in); !strings.Contains(r.Content, "**Games of <@"+bob+">** (1 in progress") {
		t.Errorf("bob's own games in his DM: %q", r.Content)
	}
}

// TestOthersStatsNotShownInADirectMessage: in a direct message /tafl
// stats is of the record kept there (games against the engine and
// puzzles in direct messages), whose boards only their player may see;
// /tafl stats user:bob showed bob's to anyone. It is refused, one's own
// still shown.
func TestOthersStatsNotShownInADirectMessage(t *testing.T) {
	h := newHarness(t, nil)
	if _, err := h.store.UpdatePlayer(t.Context(), "", bob, func(p *storage.Player) error {
		p.AIWins = 3
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	dm := func(user string, opts ...*discordgo.ApplicationCommandInteractionDataOption) *resp {
		in := h.slashInteraction(user, "stats", opts...)
		in.GuildID, in.User, in.Member = "", in.Member.User, nil
		h.bot.HandleGateway(t.Context(), in)
		r, _ := h.fake.final(t, in)
		return r
	}
	const want = "In a direct message I show only your own stats: ask for another player's in a server you share."
	if r := dm(carol, opt("user", bob)); !isEphemeral(r) || r.Content != want {
		t.Errorf("/tafl stats user:bob in carol's DM: %q, want %q", r.Content, want)
	}
	if r := dm(bob); !strings.Contains(r.Content, "Against taflbot: 3 won") {
		t.Errorf("bob's own stats in his DM: %q", r.Content)
	}
	if r := dm(bob, opt("user", bob)); !strings.Contains(r.Content, "Against taflbot: 3 won") {
		t.Errorf("bob's own stats, named, in his DM: %q", r.Content)
	}
}
