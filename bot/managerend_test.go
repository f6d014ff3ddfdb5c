package bot_test

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/taflbot/taflbot/bot"
	"github.com/taflbot/taflbot/storage"
	"github.com/taflbot/taflbot/tafl"
	"github.com/taflbot/taflbot/tournament"
)

// TestManagerEndsAGame: a server manager (Manage Server) who does not
// play in a game of their server ends it with `/tafl resign` `game:N`
// after a confirmation: the game is aborted whatever its moves, rates
// nobody, names the manager in the result post (pinging both players),
// the players' direct messages, the caption and the record's ended-by
// tag. A member without Manage Server is refused, at the command and at
// the confirm button, and so is a manager of another server; neither
// changes the game.
func TestManagerEndsAGame(t *testing.T) {
	h := newHarness(t, nil)
	h.slash(alice, "settings", opt("dms", true))
	startGame(t, h)
	for _, user := range []string{alice, bob} { // both move: no player could abort it
		g := gameOf(t, h, alice)
		h.slash(user, "move", opt("move", g.Tafl().LegalMoves()[0].String()))
	}
	h.settle()
	g := gameOf(t, h, alice)
	num := g.ID.String()

	// A member without Manage Server: their own refusal, as before.
	in := h.slashInteraction(carol, "resign", opt("game", num))
	in.Member.Permissions = 0
	h.bot.HandleGateway(t.Context(), in)
	if r, _ := h.fake.callback(t, in.ID); !isEphemeral(r) || !strings.Contains(r.Content, "not playing") {
		t.Errorf("a member resigning others' game: %q", r.Content)
	}
	// A manager of another server does not find it.
	in = h.slashInteraction(carol, "resign", opt("game", num))
	in.GuildID = "other-guild"
	h.bot.HandleGateway(t.Context(), in)
	if r, _ := h.fake.callback(t, in.ID); !isEphemeral(r) || !strings.Contains(r.Content, "can't find game") {
		t.Errorf("a manager of another server: %q", r.Content)
	}

	r, _ := h.slash(carol, "resign", opt("game", num))
	yes := customIDs(r.Components)["Yes, end it"]
	if !isEphemeral(r) || yes == "" || !strings.Contains(r.Content, "End game "+num+" between <@"+alice+"> and <@"+bob+"> without a result?") {
		t.Fatalf("a manager's resign: %q %v", r.Content, customIDs(r.Components))
	}
	// The confirm button pressed by a member who is no manager (any
	// more), or in another server: refused.
	for _, bad := range []func(*discordgo.Interaction){
		func(in *discordgo.Interaction) { in.Member.Permissions = 0 },
		func(in *discordgo.Interaction) { in.GuildID = "other-guild" },
	} {
		in := h.clickInteraction(carol, yes)
		bad(in)
		h.bot.HandleGateway(t.Context(), in)
		if r, _ := h.fake.callback(t, in.ID); !isEphemeral(r) || !strings.Contains(r.Content, "Only a server manager") {
			t.Errorf("confirming without being its server's manager: %q", r.Content)
		}
	}
	// A player pressing it (who might be a manager too) resigns instead.
	if r, _ := h.click(alice, yes, true); !strings.Contains(r.Content, "You play in this game") {
		t.Errorf("a player confirming: %q", r.Content)
	}
	if g := gameOf(t, h, alice); !g.Active() || g.EndedBy != "" {
		t.Fatalf("refused ends changed the game: %+v", g.Outcome())
	}

	before := len(h.fake.requests("/channels/" + channel + "/messages"))
	if r, _ := h.click(carol, yes, true); !strings.Contains(r.Content, "You ended game "+num+" without a result.") {
		t.Fatalf("confirming: %q", r.Content)
	}
	got, err := h.store.GetGame(t.Context(), g.ID)
	if err != nil || got.Active() || got.Outcome().Reason != tafl.Aborted || got.EndedBy != carol || got.Counts() || len(got.RatingChanges) != 0 {
		t.Fatalf("after the end: %+v %q %v", got.Outcome(), got.EndedBy, err)
	}
	for _, u := range []string{alice, bob} {
		if p, err := h.store.GetPlayer(t.Context(), guild, u); err == nil && (p.Wins+p.Losses+p.Draws != 0 || len(p.Variants) != 0) {
			t.Errorf("%s has a record after a game a manager ended: %+v", u, p)
		}
	}
	waitFor(t, "the result post", func() bool { return len(h.fake.requests("/channels/"+channel+"/messages")) > before })
	post := h.fake.requests("/channels/" + channel + "/messages")[before]
	m := decode(t, post.Body)
	for _, want := range []string{"<@" + carol + ">, a server manager, ended the game without a result.",
		"**Ended by a server manager** (<@" + carol + ">) — the game ends without a result and is not rated."} {
		if !strings.Contains(m.Content, want) {
			t.Errorf("result post %q lacks %q", m.Content, want)
		}
	}
	var am struct {
		AllowedMentions struct {
			Users []string `json:"users"`
		} `json:"allowed_mentions"`
	}
	json.Unmarshal(post.Body, &am)
	if !slices.Contains(am.AllowedMentions.Users, alice) || !slices.Contains(am.AllowedMentions.Users, bob) || slices.Contains(am.AllowedMentions.Users, carol) {
		t.Errorf("the result post pings %v, want both players and not the manager", am.AllowedMentions.Users)
	}
	// alice has dms on: the result by direct message, the manager named.
	waitFor(t, "alice's direct message", func() bool { return len(h.fake.requests("/channels/dm-"+alice+"/messages")) > 0 })
	dm := decode(t, h.fake.requests("/channels/dm-" + alice + "/messages")[0].Body)
	if !strings.Contains(dm.Content, "Ended by a server manager** (<@"+carol+">)") {
		t.Errorf("alice's direct message: %q", dm.Content)
	}
	// Lists, reviews and the record say so.
	if r, _ := h.slash(alice, "board", opt("game", num)); !strings.Contains(r.Content, "Ended by a server manager") {
		t.Errorf("the board shown again: %q", r.Content)
	}
	if tags := bot.GameTags(got, nil); !slices.Contains(tags, tafl.Tag{Name: "ended-by", Value: carol}) {
		t.Errorf("the record's tags: %v", tags)
	}
	// Kept across a restart.
	h.settle()
	h.restart()
	if got, err := h.store.GetGame(t.Context(), g.ID); err != nil || got.EndedBy != carol || got.Outcome().Reason != tafl.Aborted {
		t.Errorf("after a restart: %+v %q %v", got.Outcome(), got.EndedBy, err)
	}
	// Pressed again: the game is over.
	if r, _ := h.click(carol, yes, true); !strings.Contains(r.Content, "over") {
		t.Errorf("confirming again: %q", r.Content)
	}
}

// TestManagerEndsATournamentGame: a tournament game a server manager
// ends counts as a draw in the standings (and the tournament goes on),
// rates nobody, and the confirmation and result say so.
func TestManagerEndsATournamentGame(t *testing.T) {
	h := newHarness(t, nil)
	ann, _ := h.slash(carol, "tournament", opt("action", "create"), opt("name", "Spring Cup"), opt("format", "round-robin"),
		opt("variant", "brandubh"), opt("days", 1.0), opt("signup", 24.0))
	ids := customIDs(ann.Components)
	for _, u := range []string{alice, bob} {
		h.click(u, ids["Join"], false)
	}
	h.settle()
	h.clock.Advance(25 * time.Hour)
	h.bot.Sweep(t.Context())
	var game *storage.Game
	waitFor(t, "the tournament's game", func() bool {
		tr := onlyTournament(t, h)
		if len(tr.State.Games) != 1 || tr.State.Games[0].GameID == 0 {
			return false
		}
		g, err := h.store.GetGame(t.Context(), storage.GameID(tr.State.Games[0].GameID))
		game = g
		return err == nil
	})
	h.settle()
	gameCh := game.ChannelID
	if game.ThreadID != "" {
		gameCh = game.ThreadID
	}
	r, _ := h.slash(carol, "resign", opt("game", game.ID.String()))
	if !strings.Contains(r.Content, "it counts as a draw in the tournament") {
		t.Fatalf("the confirmation: %q", r.Content)
	}
	if r, _ := h.click(carol, customIDs(r.Components)["Yes, end it"], true); !strings.Contains(r.Content, "You ended game") {
		t.Fatalf("confirming: %q", r.Content)
	}
	waitFor(t, "the draw in the standings", func() bool {
		return onlyTournament(t, h).State.Games[0].Result == tournament.Draw
	})
	got, err := h.store.GetGame(t.Context(), game.ID)
	if err != nil || got.Outcome().Reason != tafl.Aborted || len(got.RatingChanges) != 0 {
		t.Fatalf("the game: %+v %v", got.Outcome(), err)
	}
	waitFor(t, "the result post", func() bool {
		for _, rec := range h.fake.requests("/channels/" + gameCh + "/messages") {
			if strings.Contains(decode(t, rec.Body).Content, "the tournament counts it as a draw") {
				return true
			}
		}
		return false
	})
}

// clickInteraction is the interaction of user pressing customID on an
// ephemeral message in the harness's channel, for a test to change
// (the member's permissions, the server) before handling it.
func (h *harness) clickInteraction(user, customID string) *discordgo.Interaction {
	id := h.id()
	return &discordgo.Interaction{ID: id, AppID: "555", Token: "tok" + id, Type: discordgo.InteractionMessageComponent,
		GuildID: guild, ChannelID: channel, Member: member(user),
		Message: &discordgo.Message{ID: "msg-click-" + id, ChannelID: channel, Flags: discordgo.MessageFlagsEphemeral},
		Data:    discordgo.MessageComponentInteractionData{CustomID: customID}}
}

// userOpt is a command option naming a user.
func userOpt(name, id string) *discordgo.ApplicationCommandInteractionDataOption {
	o := opt(name, id)
	o.Type = discordgo.ApplicationCommandOptionUser
	return o
}

// TestManagerWithdrawsAPlayer: `/tafl tournament action:withdraw
// player:@X` from a server manager takes X out of a tournament under way
// as X's own withdrawal does (their game in progress resigned, the
// standings keep their results), naming the manager and pinging X;
// refused, changing nothing, from a member without Manage Server, before
// the start, for a user not playing, and again for one withdrawn.
func TestManagerWithdrawsAPlayer(t *testing.T) {
	h := newHarness(t, nil)
	ann, _ := h.slash(carol, "tournament", opt("action", "create"), opt("name", "Spring Cup"), opt("format", "round-robin"),
		opt("variant", "brandubh"), opt("days", 1.0), opt("signup", 24.0))
	ids := customIDs(ann.Components)
	for _, u := range []string{alice, bob, dave} {
		h.click(u, ids["Join"], false)
	}
	h.settle()
	withdraw := func(user, player string, manager bool) string {
		in := h.slashInteraction(user, "tournament", opt("action", "withdraw"), userOpt("player", player))
		if !manager {
			in.Member.Permissions = 0
		}
		h.bot.HandleGateway(t.Context(), in)
		r, _ := h.fake.callback(t, in.ID)
		if !isEphemeral(r) {
			t.Errorf("a withdrawal's answer is public: %q", r.Content)
		}
		h.settle()
		return r.Content
	}
	// /tafl help tells managers, and only them.
	help, _ := h.slash(carol, "help")
	in := h.slashInteraction(bob, "help")
	in.Member.Permissions = 0
	h.bot.HandleGateway(t.Context(), in)
	memberHelp, _ := h.fake.callback(t, in.ID)
	for _, line := range []string{"Managers: `/tafl resign` `game:N`", "Managers: `/tafl tournament` `action:withdraw` `player:@X`"} {
		if !strings.Contains(help.page(), line) || strings.Contains(memberHelp.page(), line) {
			t.Errorf("the help line %q: shown to a manager %v, to a member %v", line, strings.Contains(help.page(), line), strings.Contains(memberHelp.page(), line))
		}
	}
	if got := withdraw(carol, alice, true); !strings.Contains(got, "**Spring Cup** has not started yet: nothing was changed. Only <@"+alice+"> can sign off") {
		t.Errorf("before the start: %q", got)
	}
	h.clock.Advance(25 * time.Hour)
	h.bot.Sweep(t.Context())
	var tr *storage.Tournament
	waitFor(t, "round 1's game", func() bool {
		tr = onlyTournament(t, h)
		return tr.State.Round == 1 && slices.ContainsFunc(tr.State.Games, func(g tournament.Game) bool { return g.Round == 1 && g.GameID != 0 })
	})
	h.settle()
	var playing tournament.Game
	for _, g := range tr.State.Games {
		if g.Round == 1 && g.GameID != 0 {
			playing = g
		}
	}
	player := playing.Attackers
	others := slices.DeleteFunc([]string{alice, bob, dave}, func(u string) bool { return u == playing.Attackers || u == playing.Defenders })
	if len(others) != 1 {
		t.Fatalf("round 1: %+v", tr.State.Games)
	}
	idle := others[0] // the bye

	if got := withdraw(idle, player, false); !strings.Contains(got, "Only server managers (Manage Server permission) can withdraw another player") {
		t.Errorf("a member withdrawing another: %q", got)
	}
	if got := withdraw(carol, "999", true); got != "<@999> is not playing in **Spring Cup**: nothing was changed." {
		t.Errorf("withdrawing a stranger: %q", got)
	}
	if p := onlyTournament(t, h).State.Player(player); p == nil || p.Withdrawn != 0 {
		t.Fatalf("refused withdrawals changed the tournament: %+v", p)
	}

	thread := onlyTournament(t, h).ThreadID
	// A player with no game going (the bye): a post of its own, pinging them.
	before := len(h.fake.requests("/channels/" + thread + "/messages"))
	withdraw(carol, idle, true)
	waitFor(t, "the withdrawal's post", func() bool {
		for _, rec := range h.fake.requests("/channels/" + thread + "/messages")[before:] {
			if decode(t, rec.Body).Content == "🏆 <@"+carol+">, a server manager, withdrew <@"+idle+"> from **Spring Cup**." {
				var am struct {
					AllowedMentions struct {
						Users []string `json:"users"`
					} `json:"allowed_mentions"`
				}
				json.Unmarshal(rec.Body, &am)
				if !slices.Equal(am.AllowedMentions.Users, []string{idle}) {
					t.Errorf("the post pings %v, want only %s", am.AllowedMentions.Users, idle)
				}
				return true
			}
		}
		return false
	})
	if got := withdraw(carol, idle, true); got != "<@"+idle+"> withdrew from **Spring Cup** in round 1 already: nothing was changed." {
		t.Errorf("withdrawing them again: %q", got)
	}

	// A player with a game going: it is resigned, as by their own withdrawal.
	before = len(h.fake.requests("/channels/" + thread + "/messages"))
	if got := withdraw(carol, player, true); got != "You withdrew <@"+player+"> from **Spring Cup**. Their results so far stand; they play no more games." {
		t.Errorf("the manager's answer: %q", got)
	}
	if p := onlyTournament(t, h).State.Player(player); p == nil || p.Withdrawn != 1 {
		t.Fatalf("after the withdrawal: %+v", p)
	}
	g, err := h.store.GetGame(t.Context(), storage.GameID(playing.GameID))
	if err != nil || g.Outcome() != (tafl.Outcome{Winner: tafl.Defenders, Reason: tafl.Resignation}) {
		t.Fatalf("the withdrawn player's game: %+v %v", g.Outcome(), err)
	}
	waitFor(t, "the board of the resigned game", func() bool {
		for _, rec := range h.fake.requests("/channels/" + thread + "/messages")[before:] {
			if strings.Contains(decode(t, rec.Body).Content, "<@"+carol+">, a server manager, withdrew <@"+player+"> from the tournament.") {
				var am struct {
					AllowedMentions struct {
						Users []string `json:"users"`
					} `json:"allowed_mentions"`
				}
				json.Unmarshal(rec.Body, &am)
				if !slices.Contains(am.AllowedMentions.Users, player) {
					t.Errorf("the board pings %v, not the player withdrawn", am.AllowedMentions.Users)
				}
				return true
			}
		}
		return false
	})
}

// TestManagerResignAutocomplete: the game option of /tafl resign offers a
// server manager the server's active games they do not play in, after
// their own, named as /tafl games lists them (both players, who is to
// move); it listed only the manager's own games, so a manager ending
// another's game saw an empty list. A member without Manage Server is
// offered only their own games, as are the other commands' options, and
// a finished game is not offered.
func TestManagerResignAutocomplete(t *testing.T) {
	h := newHarness(t, nil)
	startGame(t, h) // alice and bob
	if r, _ := h.slash(carol, "ai", opt("variant", "brandubh"), opt("side", "attackers"), opt("level", "easy")); isEphemeral(r) {
		t.Fatalf("carol's game against the engine: %q", r.Content)
	}
	h.settle()
	others := gameOf(t, h, alice)
	own := gameOf(t, h, carol)
	choices := func(sub, typed string, manager bool) []*discordgo.ApplicationCommandOptionChoice {
		t.Helper()
		o := opt("game", typed)
		o.Focused = true
		in := h.slashInteraction(carol, sub, o)
		in.Type = discordgo.InteractionApplicationCommandAutocomplete
		if !manager {
			in.Member.Permissions = 0
		}
		h.bot.HandleGateway(t.Context(), in)
		r, _ := h.fake.callback(t, in.ID)
		return r.Choices
	}
	values := func(cs []*discordgo.ApplicationCommandOptionChoice) []string {
		var out []string
		for _, c := range cs {
			out = append(out, c.Value.(string))
		}
		return out
	}
	got := choices("resign", "", true)
	if want := []string{own.ID.String(), others.ID.String()}; !slices.Equal(values(got), want) {
		t.Fatalf("a manager's resign choices %v, want %v (their own first)", values(got), want)
	}
	want := "#" + others.ID.String() + " brandubh · " + others.Attackers.Name + " vs " + others.Defenders.Name + " · " + others.ToMove().Name + " to move"
	if others.Attackers.Name == "" || got[1].Name != want {
		t.Errorf("the other players' game is offered as %q, want %q", got[1].Name, want)
	}
	if got := choices("resign", others.Defenders.Name, true); !slices.Equal(values(got), []string{others.ID.String()}) {
		t.Errorf("typing a player's name offers %v", values(got))
	}
	if got := choices("resign", "", false); !slices.Equal(values(got), []string{own.ID.String()}) {
		t.Errorf("a member without Manage Server is offered %v, want their own game", values(got))
	}
	if got := choices("board", "", true); !slices.Equal(values(got), []string{own.ID.String()}) {
		t.Errorf("a manager's board choices %v, want their own game", values(got))
	}
	r, _ := h.slash(carol, "resign", opt("game", others.ID.String()))
	h.click(carol, customIDs(r.Components)["Yes, end it"], true)
	h.settle()
	if g, err := h.store.GetGame(t.Context(), others.ID); err != nil || g.Active() {
		t.Fatalf("the game ended by the manager: %v", err)
	}
	if got := choices("resign", "", true); !slices.Equal(values(got), []string{own.ID.String()}) {
		t.Errorf("after the other game ended, a manager's resign choices %v", values(got))
	}
}
