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
	return h.pressFromValues(guildID, user, cid)
}

// pressFromValues is pressFrom choosing values in a select menu.
func (h *harness) pressFromValues(guildID, user, cid string, values ...string) *resp {
	h.t.Helper()
	id := h.id()
	in := &discordgo.Interaction{ID: id, AppID: "555", Token: "tok" + id, Type: discordgo.InteractionMessageComponent,
		GuildID: guildID, ChannelID: "ch-" + guildID, Message: &discordgo.Message{ID: "msg-" + id, ChannelID: "ch-" + guildID},
		Data: discordgo.MessageComponentInteractionData{CustomID: cid, Values: values}}
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

// TestMoveFromElsewhereReachesTheGame: a player may name a game of theirs
// anywhere (/tafl move game:N, /tafl draw game:N, or the Move button of
// a board /tafl board game:N showed them), but a move or draw offer made
// in another server or a direct message was answered with the new board
// there only, its mention of the opponent where the opponent may never
// look: nothing reached the game's channel. The board goes to the game's
// channel, and the player is told so privately.
func TestMoveFromElsewhereReachesTheGame(t *testing.T) {
	h := newHarness(t, nil)
	r, _ := h.slash(alice, "challenge", opt("opponent", bob), opt("variant", "brandubh"), opt("side", "attackers"))
	h.click(bob, customIDs(r.Components)["Accept"], false)
	h.settle()
	posted := func() []*resp { ps, _ := posts(t, h, channel); return ps }
	elsewhere := func(guildID, user, sub string, opts ...*discordgo.ApplicationCommandInteractionDataOption) *resp {
		in := h.slashInteraction(user, sub, opts...)
		in.GuildID, in.ChannelID = guildID, "ch-"+guildID
		if guildID == "" {
			in.User, in.Member = in.Member.User, nil
		}
		h.bot.HandleGateway(t.Context(), in)
		r, _ := h.fake.final(t, in)
		h.settle()
		return r
	}
	before := len(posted())
	// alice's move, typed in another server.
	if r := elsewhere("950", alice, "move", opt("move", "d2-c2"), opt("game", "1")); !isEphemeral(r) ||
		r.Content != "You played 1. d2-c2 in game 1. The new board is posted where the game is played, <#"+channel+">, for your opponent to see." {
		t.Errorf("a move from another server: %+v", r)
	}
	if p := posted(); len(p) != before+1 || !strings.Contains(p[len(p)-1].Content, "<@"+bob+"> to move") {
		t.Fatalf("the game's channel after a move from another server: %d new posts", len(p)-before)
	}
	// bob's, with the Move button of a board shown in his direct messages.
	board := elsewhere("", bob, "board", opt("game", "1"))
	menu := h.pressFrom("", bob, customIDs(board.Components)["Move"])
	targets := h.pressFromValues("", bob, customIDs(menu.Components)["select"], "d3")
	if r := h.pressFromValues("", bob, customIDs(targets.Components)["select"], "e3"); !strings.Contains(r.Content, "The new board is posted where the game is played, <#"+channel+">") {
		t.Errorf("a menu move from a direct message: %q", r.Content)
	}
	h.settle()
	if p := posted(); len(p) != before+2 || !strings.Contains(p[len(p)-1].Content, "<@"+alice+"> to move") {
		t.Fatalf("the game's channel after a move from a direct message: %d new posts", len(p)-before)
	}
	// alice's draw offer, from a direct message.
	if r := elsewhere("", alice, "draw", opt("game", "1")); !isEphemeral(r) || r.Content != "You offered a draw." {
		t.Errorf("a draw offer from a direct message: %+v", r)
	}
	if p := posted(); len(p) != before+3 || !strings.Contains(p[len(p)-1].Content, "<@"+alice+"> offers a draw") {
		t.Fatalf("the game's channel after a draw offer from a direct message: %d new posts", len(p)-before)
	}
	// In the game's server, another channel: answered there, as before.
	in := h.slashInteraction(alice, "move", opt("move", "c2-c1"), opt("game", "1"))
	in.ChannelID = "902"
	h.bot.HandleGateway(t.Context(), in)
	if r, _ := h.fake.final(t, in); isEphemeral(r) || !strings.Contains(r.Content, "<@"+bob+"> to move") {
		t.Errorf("a move in another channel of the game's server: %+v", r)
	}
}

// TestRematchFromElsewhere: Rematch tapped on a finished board shown in
// another server or a direct message (/tafl board game:N) posted the
// offer there, where the opponent may never look and where its Accept is
// refused as another server's challenge; and a rematch accepted so in a
// direct message started the new game there, out of its server. The
// offer goes to the old game's channel, the new game's board too.
func TestRematchFromElsewhere(t *testing.T) {
	h := newHarness(t, nil)
	r, _ := h.slash(alice, "challenge", opt("opponent", bob), opt("variant", "brandubh"), opt("side", "attackers"))
	h.click(bob, customIDs(r.Components)["Accept"], false)
	h.slash(alice, "move", opt("move", "d2-c2"))
	h.slash(bob, "move", opt("move", "d3-e3"))
	confirm, _ := h.slash(bob, "resign")
	h.click(bob, customIDs(confirm.Components)["Yes, resign"], true)
	h.settle()
	posted := func() []*resp { ps, _ := posts(t, h, channel); return ps }
	p := posted()
	rematch := customIDs(p[len(p)-1].Components)["Rematch"]
	if rematch == "" {
		t.Fatalf("no Rematch on the final board: %q", p[len(p)-1].Content)
	}
	before := len(p)
	if r := h.pressFrom("950", bob, rematch); !isEphemeral(r) || r.Content != "You offered <@"+alice+"> a rematch of game 1. The offer is posted where the game was played, <#"+channel+">." {
		t.Errorf("Rematch tapped in another server: %+v", r)
	}
	h.settle()
	p = posted()
	if len(p) != before+1 || !strings.Contains(p[len(p)-1].Content, "**Rematch** of game 1: <@"+bob+"> challenges <@"+alice+">") {
		t.Fatalf("the game's channel after a rematch offered elsewhere: %d new posts", len(p)-before)
	}
	if cs, err := h.store.OpenChallenges(t.Context()); err != nil || len(cs) != 1 || cs[0].MessageID == "" || cs[0].MessageChannel() != channel {
		t.Errorf("the offer's message is not recorded in the channel: %+v, %v", cs, err)
	}
	// alice accepts with Rematch on a board shown in her direct messages.
	if r := h.pressFrom("", alice, rematch); !strings.Contains(r.Content, "Game 2 is played in <#"+channel+">.") {
		t.Errorf("Rematch accepted in a direct message: %q", r.Content)
	}
	h.settle()
	if p := posted(); len(p) != before+2 || !strings.Contains(p[len(p)-1].Content, "**Game 2**") {
		t.Errorf("the game's channel after the rematch was accepted elsewhere: %d new posts", len(p)-before)
	}
	if g, err := h.store.GetGame(t.Context(), 2); err != nil || g.GuildID != guild || g.ChannelID != channel {
		t.Errorf("the rematch: %+v, %v", g, err)
	}
}
