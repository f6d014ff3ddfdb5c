package bot_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/bot"
	tclock "github.com/taflbot/taflbot/clock"
	"github.com/taflbot/taflbot/locale"
	"github.com/taflbot/taflbot/storage"
	"github.com/taflbot/taflbot/tafl"
	"github.com/taflbot/taflbot/tournament"
)

// TestGamesListPages: /tafl games pages its list with buttons; the list
// is private (only its asker can press them), and a page turned updates
// it without flags: the "no games" answer that replaces it once every
// game has ended carried the ephemeral flag on the update.
func TestGamesListPages(t *testing.T) {
	h := newHarness(t, nil)
	h.adjust = func(o *bot.Options) { o.AIGamesPerUser = 12 }
	h.restart()
	for range 12 {
		h.slash(alice, "ai", opt("variant", "brandubh"), opt("side", "attackers"), opt("level", "easy"))
	}
	r, _ := h.slash(alice, "games")
	if !strings.Contains(r.Content, "12 in progress, page 1 of 2") || strings.Count(r.Content, "• #") != 8 {
		t.Fatalf("page 1: %q", r.Content)
	}
	if !isEphemeral(r) {
		t.Errorf("the list is answered publicly: %q", r.Content)
	}
	next := customIDs(r.Components)["Next ▶"]
	r, _ = h.click(alice, next, true)
	if !strings.Contains(r.Content, "page 2 of 2") || strings.Count(r.Content, "• #") != 4 {
		t.Errorf("page 2: %q", r.Content)
	}
	// A page turned is an update of the private list, which stays as it
	// is: the update carries no ephemeral flag (a message's flags are not
	// edited), also when it says that no game is left.
	if r.Type != discordgo.InteractionResponseUpdateMessage || r.Flags != 0 {
		t.Errorf("page 2: type %d, flags %d; want an update without flags", r.Type, r.Flags)
	}
	for id := storage.GameID(1); id <= 12; id++ {
		if _, err := h.store.UpdateGame(t.Context(), id, -1, func(g *storage.Game) error { return g.Tafl().Abort() }); err != nil {
			t.Fatal(err)
		}
	}
	r, _ = h.click(alice, next, true)
	if !strings.Contains(r.Content, "has no games in progress") || r.Type != discordgo.InteractionResponseUpdateMessage || r.Flags != 0 {
		t.Errorf("a page turned after every game ended: type %d, flags %d: %q; want an update without flags", r.Type, r.Flags, r.Content)
	}
}

// TestGamesListsOpenChallenges: /tafl games shows this server's open
// challenges (not invitations to someone, not other servers') with a
// link to the message that has the Accept button.
func TestGamesListsOpenChallenges(t *testing.T) {
	h := newHarness(t, nil)
	r, _ := h.slash(bob, "games")
	if strings.Contains(r.Content, "Open challenges") {
		t.Fatalf("no challenges yet: %q", r.Content)
	}
	h.slash(alice, "challenge", opt("variant", "tablut"))                         // open to anyone
	h.slash(carol, "challenge", opt("opponent", bob), opt("variant", "brandubh")) // an invitation
	// The challenge's message id is recorded after the response.
	waitFor(t, "the challenge messages recorded", func() bool {
		c, err := h.store.OpenChallenges(t.Context())
		if err != nil || len(c) != 2 {
			return false
		}
		return c[0].MessageID != "" && c[1].MessageID != ""
	})
	r, _ = h.slash(bob, "games")
	if !strings.Contains(r.Content, "Open challenges** anyone may accept (1)") || !strings.Contains(r.Content, "<@"+alice+"> · tablut") {
		t.Fatalf("games: %q", r.Content)
	}
	if _, open, _ := strings.Cut(r.Content, "Open challenges"); strings.Contains(open, "brandubh") {
		t.Errorf("an invitation listed as open: %q", r.Content)
	}
	c, err := h.store.OpenChallenges(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	var link string // the message with the Accept button
	for _, ch := range c {
		if ch.OpponentID == "" && ch.MessageID != "" {
			link = "https://discord.com/channels/" + guild + "/" + ch.ChannelID + "/" + ch.MessageID
		}
	}
	if link == "" || !strings.Contains(r.Content, link) {
		t.Errorf("no link %q in %q", link, r.Content)
	}
	// Another server sees none of them.
	in := h.slashInteraction(bob, "games")
	in.GuildID = "other-guild"
	h.bot.HandleGateway(t.Context(), in)
	if r, _ := h.fake.callback(t, in.ID); strings.Contains(r.Content, "Open challenges") {
		t.Errorf("another server: %q", r.Content)
	}
}

// TestGamesListsChallengesToYouAndDrawOffers: /tafl games left out the
// challenges addressed to the player and the draw offers standing in
// their games. It lists the challenges to them (not those to others), and
// marks a game with a draw offer with who made it, for both players.
func TestGamesListsChallengesToYouAndDrawOffers(t *testing.T) {
	h := newHarness(t, nil)
	startGame(t, h) // alice vs bob
	h.slash(carol, "challenge", opt("opponent", bob), opt("variant", "tablut"))
	h.slash(carol, "challenge", opt("opponent", alice), opt("variant", "brandubh"))
	if r, _ := h.slash(alice, "draw"); isEphemeral(r) {
		t.Fatalf("draw offer: %q", r.Content)
	}
	r, _ := h.slash(bob, "games")
	head := "**Challenges to <@" + bob + ">** (1):\n• <@" + carol + "> · tablut · 3d 0h per move · "
	if !strings.Contains(r.Content, head) || strings.Contains(r.Content, "<@"+carol+"> · brandubh") {
		t.Errorf("bob's games: no %q, or carol's challenge to alice:\n%s", head, r.Content)
	}
	for _, user := range []string{alice, bob} {
		r, _ := h.slash(user, "games")
		if want := "to move · 3d 0h left · draw offered by <@" + alice + ">\n"; !strings.Contains(r.Content, want) {
			t.Errorf("%s's games lack %q:\n%s", user, want, r.Content)
		}
	}
	// carol, with no game, has no challenge to her.
	if r, _ := h.slash(carol, "games"); strings.Contains(r.Content, "Challenges to") {
		t.Errorf("carol's games: %q", r.Content)
	}
}

// TestGamesPageWithinDiscordsLimit: a full page of /tafl games of the
// longest lines — live games between players with 19-digit ids, each
// with a draw offer standing — stays within Discord's 2000 characters in
// every language; at ten a page, with the draw offers named, it did not.
func TestGamesPageWithinDiscordsLimit(t *testing.T) {
	h := newHarness(t, nil)
	const user = "1234567890123456789"
	now := time.Now()
	// Tournament games name their tournament, here with the longest name,
	// two bytes a letter.
	tr := &storage.Tournament{GuildID: guild, ChannelID: channel, Name: strings.Repeat("ø", 60), Variant: "tawlbwrdd", Layout: "bell",
		SignupDeadline: now, MoveTime: time.Hour, State: tournament.Tournament{Format: tournament.Swiss, Rounds: 3}}
	if err := h.store.CreateTournament(t.Context(), tr); err != nil {
		t.Fatal(err)
	}
	for i := range 12 {
		g, err := storage.NewGame("tawlbwrdd", "bell")
		if err != nil {
			t.Fatal(err)
		}
		g.GuildID, g.ChannelID = guild, channel
		g.Attackers, g.Defenders = storage.Human(user), storage.Human(fmt.Sprintf("98765432109876543%02d", i))
		g.Clock = tclock.New(tclock.TimeControl{Base: 120 * time.Minute, Increment: time.Minute}, tafl.Attackers, now)
		g.Deadline = g.Clock.FlagAt()
		g.DrawOffer = tafl.Defenders
		g.TournamentID = tr.ID
		if err := h.store.CreateGame(t.Context(), g); err != nil {
			t.Fatal(err)
		}
	}
	for _, l := range locale.Langs {
		if l.Discord == "" {
			continue // Icelandic: chosen by /tafl settings, not the client
		}
		in := h.slashInteraction(user, "games")
		in.Locale = discordgo.Locale(l.Discord)
		h.bot.HandleGateway(t.Context(), in)
		r, _ := h.fake.callback(t, in.ID)
		if n := len([]rune(r.Content)); n > 2000 || strings.Count(r.Content, "<@"+user+">") < 8 {
			t.Errorf("%s: %d characters:\n%s", l.Name, n, r.Content)
		}
		// In English there is room for the names, shortened.
		if l.Discord == "en-US" && strings.Count(r.Content, " · 🏆 øøøø") != 8 {
			t.Errorf("%s: the tournament is not named on every line:\n%s", l.Name, r.Content)
		}
	}
}

// TestNoGameInADirectMessageSaysWhereToStartOne: in a direct message with
// the bot, a player with no game was told to start one with `/tafl
// challenge` or `/tafl ai`, but a challenge is refused there; the answer
// says to play the bot there or challenge someone in a server.
func TestNoGameInADirectMessageSaysWhereToStartOne(t *testing.T) {
	h := newHarness(t, nil)
	dm := func(sub string, opts ...*discordgo.ApplicationCommandInteractionDataOption) string {
		t.Helper()
		in := h.slashInteraction(alice, sub, opts...)
		in.GuildID, in.ChannelID, in.User, in.Member = "", "dm-"+alice, in.Member.User, nil
		h.bot.HandleGateway(t.Context(), in)
		r, _ := h.fake.final(t, in)
		h.settle()
		return r.Content
	}
	const way = "Play me here with `/tafl ai`, or challenge someone in a server with `/tafl challenge`."
	for _, c := range []struct{ sub, want string }{
		{"move", "You have no game in progress. " + way},
		{"board", "You have no game, in progress or finished. " + way},
		{"games", "<@" + alice + "> has no games in progress. " + way},
	} {
		var opts []*discordgo.ApplicationCommandInteractionDataOption
		if c.sub == "move" {
			opts = append(opts, opt("move", "d2-c2"))
		}
		if got := dm(c.sub, opts...); got != c.want {
			t.Errorf("/tafl %s in a direct message: %q, want %q", c.sub, got, c.want)
		}
	}
	dm("ai", opt("variant", "brandubh"), opt("side", "attackers"))
	if _, err := h.store.UpdateGame(t.Context(), 1, -1, func(g *storage.Game) error { return g.Tafl().Abort() }); err != nil {
		t.Fatal(err)
	}
	if got, want := dm("resign"), "Game 1 is over (Aborted), and you have no other game in progress. "+way; got != want {
		t.Errorf("/tafl resign in a direct message after a game: %q, want %q", got, want)
	}
	// In a server, as before.
	if r, _ := h.slash(bob, "move", opt("move", "d2-c2")); r.Content != "You have no game in progress here. Start one with `/tafl challenge` or `/tafl ai`." {
		t.Errorf("/tafl move in a server: %q", r.Content)
	}
}

// TestGamesNameTheirTournament: /tafl games names the tournament of a
// tournament game, so that two tournaments' games against the same
// player can be told apart; the lines were alike.
func TestGamesNameTheirTournament(t *testing.T) {
	text := runConsoleWith(t, bot.Options{}, []string{
		"/tafl tournament action:create name:One variant:brandubh rounds:1",
		"/tafl tournament action:create name:Two variant:brandubh rounds:1",
		"/tafl tournament action:join tournament:1", "/tafl tournament action:join tournament:2",
		"as bob", "/tafl tournament action:join tournament:1", "/tafl tournament action:join tournament:2",
		"as alice", "/tafl tournament action:start tournament:1", "/tafl tournament action:start tournament:2",
		"/tafl challenge opponent:bob variant:brandubh side:attackers", "as bob", "click Accept",
		"/tafl games",
		"quit",
	})
	consoleSays(t, text, "**Games of @bob** (3 in progress, page 1 of 1)\n"+
		"    • #3 brandubh · @alice vs @bob · @alice to move · 3d 0h left\n"+
		"    • #2 brandubh · @alice vs @bob · @alice to move · 3d 0h left · 🏆 Two\n"+
		"    • #1 brandubh · @alice vs @bob · @alice to move · 3d 0h left · 🏆 One\n")
}
