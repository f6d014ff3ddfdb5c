package bot_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/bot"
	"github.com/taflbot/taflbot/locale"
	"github.com/taflbot/taflbot/storage"
)

func TestSettingsThreadsAndDMs(t *testing.T) {
	h := newHarness(t, nil)
	// Not a manager: refused.
	in := h.slashInteraction(carol, "settings", opt("threads", true))
	in.Member.Permissions = 0
	h.bot.HandleGateway(t.Context(), in)
	if r, _ := h.fake.callback(t, in.ID); !strings.Contains(r.Content, "Only server managers") {
		t.Errorf("non-manager: %q", r.Content)
	}
	// Anyone may turn their own DMs off.
	in = h.slashInteraction(alice, "settings", opt("dms", false))
	in.Member.Permissions = 0
	h.bot.HandleGateway(t.Context(), in)
	if r, _ := h.fake.callback(t, in.ID); !strings.Contains(r.Content, "No more direct messages") {
		t.Errorf("dms off: %q", r.Content)
	}
	r, _ := h.slash(carol, "settings", opt("threads", true), opt("days", 7.0), opt("variant", "tablut"))
	if !strings.Contains(r.Content, "Saved") || !strings.Contains(r.Content, "**tablut**") {
		t.Fatalf("settings: %q", r.Content)
	}
	// A challenge now defaults to tablut and 7 days, and the game gets a thread.
	r, _ = h.slash(alice, "challenge", opt("opponent", bob), opt("side", "attackers"))
	if !strings.Contains(r.Content, "**tablut**") || !strings.Contains(r.Content, "7d 0h per move") {
		t.Errorf("challenge with server defaults: %q", r.Content)
	}
	h.click(bob, customIDs(r.Components)["Accept"], false)
	waitFor(t, "the game thread", func() bool { return gameOf(t, h, alice).ThreadID != "" })
	g := gameOf(t, h, alice)
	if !strings.HasPrefix(g.ThreadID, "thread-") || len(h.fake.requests("/threads")) != 1 {
		t.Errorf("thread %q, %d thread requests", g.ThreadID, len(h.fake.requests("/threads")))
	}
	if g.MoveTime != 7*24*time.Hour || g.Variant() != "tablut" {
		t.Errorf("game %s, %v per move", g.Variant(), g.MoveTime)
	}
	// Moves typed in the thread find the game.
	m := g.Tafl().LegalMoves()[0]
	mover := g.ToMove().UserID
	in = h.slashInteraction(mover, "move", opt("move", m.String()))
	in.ChannelID = g.ThreadID
	h.bot.HandleGateway(t.Context(), in)
	if r, _ := h.fake.callback(t, in.ID); isEphemeral(r) {
		t.Fatalf("move in the thread: %q", r.Content)
	}
	// Reminders go to the thread; alice opted out of DMs.
	h.clock.Advance(6*24*time.Hour + time.Hour)
	h.bot.Sweep(t.Context())
	posts := 0
	for _, rec := range h.fake.requests("/channels/" + g.ThreadID + "/messages") {
		if strings.Contains(decode(t, rec.Body).Content, "it's your move") {
			posts++
		}
	}
	if posts != 1 {
		t.Errorf("%d reminders in the thread, want 1", posts)
	}
	for _, rec := range h.fake.requests("/users/@me/channels") {
		if strings.Contains(string(rec.Body), alice) {
			t.Errorf("alice opted out of DMs but got one")
		}
	}
	// DMs are opt-in: bob never turned them on, alice turned them off.
	if n := len(h.fake.requests("/users/@me/channels")); n != 0 {
		t.Errorf("DM channels opened: %d, want 0", n)
	}
}

// TestSettingsRefusalChangesNothing: a member without Manage Server who
// sends dms together with server options is refused, and nothing is
// saved: not even the dms choice (it used to be saved before the check).
func TestSettingsRefusalChangesNothing(t *testing.T) {
	h := newHarness(t, nil)
	in := h.slashInteraction(alice, "settings", opt("dms", true), opt("variant", "tablut"))
	in.Member.Permissions = 0
	h.bot.HandleGateway(t.Context(), in)
	r, _ := h.fake.callback(t, in.ID)
	if !isEphemeral(r) || !strings.Contains(r.Content, "Only server managers") || !strings.Contains(r.Content, "nothing was changed") {
		t.Errorf("refusal: %q", r.Content)
	}
	if p, err := h.store.GetPlayer(t.Context(), guild, alice); err == nil && p.DMs {
		t.Error("the refused command turned alice's DMs on")
	}
	if gs, err := h.store.GetGuildSettings(t.Context(), guild); err != nil || gs.DefaultVariant == "tablut" {
		t.Errorf("server settings after the refusal: %+v, %v", gs, err)
	}
	// The same dms choice alone is saved.
	in = h.slashInteraction(alice, "settings", opt("dms", true))
	in.Member.Permissions = 0
	h.bot.HandleGateway(t.Context(), in)
	if p, err := h.store.GetPlayer(t.Context(), guild, alice); err != nil || !p.DMs {
		t.Errorf("dms alone: %+v, %v", p, err)
	}
}

// TestSettingsUnknownVariantChangesNothing: an unknown variant given
// with other settings is refused, and the answer says that nothing was
// saved, as the other refusals do (it gave only the variant's error, as
// if the days might have been saved), in the user's language.
func TestSettingsUnknownVariantChangesNothing(t *testing.T) {
	h := newHarness(t, nil)
	r, _ := h.slash(carol, "settings", opt("variant", "chess"), opt("days", 5.0))
	if !isEphemeral(r) || !strings.Contains(r.Content, "I don't know the variant `chess`") || !strings.HasSuffix(r.Content, " Nothing was changed.") {
		t.Errorf("an unknown variant: %q", r.Content)
	}
	if gs, err := h.store.GetGuildSettings(t.Context(), guild); err != nil || gs.DaysPerMove == 5 {
		t.Errorf("the refused command changed the settings: %+v %v", gs, err)
	}
	h.slash(carol, "settings", opt("language", "da"))
	if r, _ := h.slash(carol, "settings", opt("variant", "chess")); !strings.HasSuffix(r.Content, " Intet blev ændret.") || strings.Contains(r.Content, "I don't know") {
		t.Errorf("in Danish: %q", r.Content)
	}
}

// TestSettingsVariantWithLayout: a default variant chosen with its layout
// (tawlbwrdd/bell, as the autocomplete offers it) keeps the layout: the
// settings say so and a challenge without a variant starts from it (the
// layout was dropped: "Saved", and games began from tawlbwrdd's first
// layout).
func TestSettingsVariantWithLayout(t *testing.T) {
	h := newHarness(t, nil)
	r, _ := h.slash(carol, "settings", opt("variant", "tawlbwrdd/bell"))
	if !strings.Contains(r.Content, "Saved") || !strings.Contains(r.Content, "**tawlbwrdd/bell**") {
		t.Fatalf("settings: %q", r.Content)
	}
	r, _ = h.slash(alice, "challenge", opt("opponent", bob), opt("side", "attackers"))
	h.click(bob, customIDs(r.Components)["Accept"], false)
	if g := gameOf(t, h, alice); g.Variant() != "tawlbwrdd" || g.Layout() != "bell" {
		t.Errorf("a challenge with the server's default is a game of %s/%s", g.Variant(), g.Layout())
	}
	r, _ = h.slash(carol, "settings", opt("variant", "copenhagen/standard"))
	if !strings.Contains(r.Content, "**copenhagen**") {
		t.Errorf("a variant of one layout, named with it: %q", r.Content)
	}
	// A layout alone names the preset and the layout, as /tafl challenge
	// variant:bell plays tawlbwrdd/bell; it was saved as tawlbwrdd, its
	// first layout. The preset's name alone keeps no layout.
	for typed, want := range map[string]string{"bell": "**tawlbwrdd/bell**", "Lewis Cross": "**tawlbwrdd/lewis-cross**", "Tawlbwrdd": "**tawlbwrdd**"} {
		if r, _ = h.slash(carol, "settings", opt("variant", typed)); !strings.Contains(r.Content, "Saved") || !strings.Contains(r.Content, want) {
			t.Errorf("variant:%s: %q, want %s", typed, r.Content, want)
		}
	}
}

// TestSettingsInADirectMessage: /tafl settings alone in a direct message
// with the bot (where a newcomer plays the engine) was refused as if it
// changed server settings ("Server settings can only be changed in a
// server."), though it changed nothing and the user's own language and
// direct messages are set there; it shows those and says what can be set
// there, in the user's language.
func TestSettingsInADirectMessage(t *testing.T) {
	h := newHarness(t, nil)
	dm := func(opts ...*discordgo.ApplicationCommandInteractionDataOption) *resp {
		in := h.slashInteraction(alice, "settings", opts...)
		in.GuildID, in.User, in.Member = "", in.Member.User, nil
		h.bot.HandleGateway(t.Context(), in)
		r, _ := h.fake.final(t, in)
		return r
	}
	r := dm()
	want := "Server settings are changed in a server; here you can set your own `language` and `dms`. I'll answer you in English. Your direct messages (reminders and results): **off**."
	if !isEphemeral(r) || r.Content != want {
		t.Errorf("/tafl settings in a DM:\n%q\nwant\n%q", r.Content, want)
	}
	dm(opt("language", "de"))
	r = dm()
	want = "Servereinstellungen werden auf einem Server geändert; hier kannst du `sprache` und `dms` für dich setzen. Ich antworte dir auf Deutsch. Deine Direktnachrichten (Erinnerungen und Ergebnisse): **aus**."
	if !isEphemeral(r) || r.Content != want {
		t.Errorf("/tafl settings in a DM in German:\n%q\nwant\n%q", r.Content, want)
	}
	r = dm(opt("days", 5.0))
	if !strings.Contains(r.Content, "nichts wurde geändert") {
		t.Errorf("a server setting in a DM: %q", r.Content)
	}
}

// TestSettingsBackToGameChannels: a notification channel, once chosen,
// can be left again: game_channel:True sends reminders and results to
// each game's own channel or thread (a channel option cannot be emptied,
// and nothing else undid channel). Given with channel, or False with no
// channel to leave, it is refused and changes nothing.
func TestSettingsBackToGameChannels(t *testing.T) {
	h := newHarness(t, nil)
	notify := func() string {
		t.Helper()
		gs, err := h.store.GetGuildSettings(t.Context(), guild)
		if err != nil {
			t.Fatal(err)
		}
		return gs.NotifyChannelID
	}
	if r, _ := h.slash(carol, "settings", opt("channel", "777")); !strings.Contains(r.Content, "reminders and results: <#777>") {
		t.Fatalf("choosing a channel: %q", r.Content)
	}
	r, _ := h.slash(carol, "settings", opt("game_channel", true), opt("channel", "888"))
	if !isEphemeral(r) || !strings.Contains(r.Content, "not both; nothing was changed") || notify() != "777" {
		t.Errorf("game_channel with channel: %q, channel %q", r.Content, notify())
	}
	r, _ = h.slash(carol, "settings", opt("game_channel", true))
	if !strings.Contains(r.Content, "Saved") || !strings.Contains(r.Content, "reminders and results: each game's channel") || notify() != "" {
		t.Errorf("back to each game's channel: %q, channel %q", r.Content, notify())
	}
	r, _ = h.slash(carol, "settings", opt("game_channel", false))
	if !strings.Contains(r.Content, "already go to each game's own channel or thread: choose another with `channel`") || notify() != "" {
		t.Errorf("game_channel:False with no channel: %q", r.Content)
	}
	// A member without Manage Server cannot.
	h.slash(carol, "settings", opt("channel", "777"))
	in := h.slashInteraction(alice, "settings", opt("game_channel", true))
	in.Member.Permissions = 0
	h.bot.HandleGateway(t.Context(), in)
	if r, _ := h.fake.callback(t, in.ID); !strings.Contains(r.Content, "Only server managers") || notify() != "777" {
		t.Errorf("a member's game_channel: %q, channel %q", r.Content, notify())
	}
}

// TestSettingsSayNoticesGoToEachGamesThread: with a thread per game and no
// notification channel, reminders and results go to each game's thread
// (postNotice), which the settings say; they said "each game's channel".
func TestSettingsSayNoticesGoToEachGamesThread(t *testing.T) {
	h := newHarness(t, nil)
	r, _ := h.slash(carol, "settings", opt("threads", true))
	if !strings.Contains(r.Content, "reminders and results: each game's thread (a game without one: its channel) ·") {
		t.Errorf("settings with a thread per game: %q", r.Content)
	}
	r, _ = h.slash(carol, "settings", opt("threads", false))
	if !strings.Contains(r.Content, "reminders and results: each game's channel ·") {
		t.Errorf("settings without threads: %q", r.Content)
	}
	r, _ = h.slash(carol, "settings", opt("threads", true), opt("channel", "777"))
	if !strings.Contains(r.Content, "reminders and results: <#777> ·") {
		t.Errorf("settings with threads and a notification channel: %q", r.Content)
	}
}

// TestSettingsLanguageWithDMsAllInTheNewLanguage: dms and language set in
// one command are answered wholly in the language chosen, in a server and
// in a direct message. Before, the dms note came in the language before
// ("I'll also send you reminders and results by direct message." above
// "Ich antworte dir auf Deutsch.").
func TestSettingsLanguageWithDMsAllInTheNewLanguage(t *testing.T) {
	h := newHarness(t, nil)
	for _, c := range []struct {
		user, lang string
		dms        bool
		dm         bool // in a direct message
		want       []string
	}{
		{alice, "de", true, false, []string{"Ich schicke dir Erinnerungen und Ergebnisse auch als Direktnachricht.\nIch antworte dir auf Deutsch.\n", "Deine Direktnachrichten (Erinnerungen und Ergebnisse): **an**."}},
		{alice, "sv", false, false, []string{"Inga fler direktmeddelanden: påminnelser och resultat stannar i kanalen.\nJag svarar dig på svenska.\n", "Dina direktmeddelanden (påminnelser och resultat): **av**."}},
		{bob, "de", true, true, []string{"Direktnachrichten werden auf jedem Server gewählt, für dessen Partien: setze `dms` dort. Von den Partien, die du hier gegen mich spielst, erfährst du in dieser Direktnachricht sowieso. Ich antworte dir auf Deutsch. Deine Direktnachrichten (Erinnerungen und Ergebnisse): **an**."}},
	} {
		in := h.slashInteraction(c.user, "settings", opt("dms", c.dms), opt("language", c.lang))
		in.Locale = discordgo.EnglishUS
		if c.dm {
			in.GuildID, in.User, in.Member = "", in.Member.User, nil
		}
		h.bot.HandleGateway(t.Context(), in)
		r, _ := h.fake.final(t, in)
		for _, w := range c.want {
			if !isEphemeral(r) || !strings.Contains(r.Content, w) {
				t.Errorf("dms:%v language:%s (direct message %v):\n%q\nlacks\n%q", c.dms, c.lang, c.dm, r.Content, w)
			}
		}
	}
}

// TestDMsInADirectMessageSayWhatTheyDo: dms:True given in a direct message
// with the bot answered "I'll also send you reminders and results by
// direct message", but the choice is kept per server, for that server's
// games, and the games played in the direct message are told there: it
// sent nothing more. The answer says where to choose.
func TestDMsInADirectMessageSayWhatTheyDo(t *testing.T) {
	h := newHarness(t, nil)
	for _, on := range []bool{true, false} {
		in := h.slashInteraction(alice, "settings", opt("dms", on))
		in.GuildID, in.User, in.Member = "", in.Member.User, nil
		h.bot.HandleGateway(t.Context(), in)
		r, _ := h.fake.final(t, in)
		if want := "Direct messages are chosen in each server, for its games: set `dms` there. The games you play with me here are told in this direct message anyway."; !isEphemeral(r) || !strings.HasPrefix(r.Content, want) {
			t.Errorf("dms:%v in a direct message: %q, want it to begin %q", on, r.Content, want)
		}
	}
	if r, _ := h.slash(alice, "settings", opt("dms", true)); !strings.HasPrefix(r.Content, "I'll also send you reminders and results by direct message.") {
		t.Errorf("dms:True in a server: %q", r.Content)
	}
}

// TestManagerHidesAPlayerFromTheLeaderboard: members who left a server
// stayed on its leaderboard for ever (the bot cannot see them leave), and
// managers had no way to take anyone off it. /tafl settings
// leaderboard_hide:@X takes a player off the server's leaderboard and
// its places (their ratings and games kept), leaderboard_show:@X puts
// them back, and the settings list who is hidden, with their ids. A
// member without Manage Server is refused; a hide or show that would
// change nothing is refused and changes nothing, other settings given
// with it included; hiding alone leaves a server that chose no settings
// with the bot's defaults.
func TestManagerHidesAPlayerFromTheLeaderboard(t *testing.T) {
	const dave = "444"
	h := newHarness(t, nil)
	set := func(user, variant string, rating float64) {
		t.Helper()
		if _, err := h.store.UpdatePlayer(t.Context(), guild, user, func(p *storage.Player) error {
			p.Variants[variant] = storage.VariantRecord{Rating: storage.Rating{Rating: rating, Deviation: 60, Volatility: 0.06}, Wins: 20}
			return nil
		}); err != nil {
			t.Fatal(err)
		}
	}
	set(alice, "brandubh", 1700)
	set(bob, "brandubh", 1600)
	set(bob, "tablut", 1550) // nobody else plays tablut
	set(dave, "brandubh", 1500)
	board := func(user string, opts ...*discordgo.ApplicationCommandInteractionDataOption) string {
		t.Helper()
		r, _ := h.slash(user, "leaderboard", opts...)
		return r.Content
	}
	hidden := func() []string {
		t.Helper()
		gs, err := h.store.GetGuildSettings(t.Context(), guild)
		if err != nil {
			t.Fatal(err)
		}
		return gs.LeaderboardHidden
	}

	// Not a manager: refused, nothing changed.
	in := h.slashInteraction(alice, "settings", opt("leaderboard_hide", bob))
	in.Member.Permissions = 0
	h.bot.HandleGateway(t.Context(), in)
	if r, _ := h.fake.callback(t, in.ID); !isEphemeral(r) || !strings.Contains(r.Content, "Only server managers") || !strings.Contains(r.Content, "nothing was changed") {
		t.Errorf("a member without Manage Server: %q", r.Content)
	}
	if len(hidden()) != 0 || !strings.Contains(board(alice, opt("variant", "brandubh")), "2. <@"+bob+">") {
		t.Fatalf("after the refusal: hidden %v", hidden())
	}

	// A manager hides bob: off the leaderboard and its places, and off
	// the variants listed where only he plays; his ratings are kept.
	r, _ := h.slash(carol, "settings", opt("leaderboard_hide", bob))
	if !isEphemeral(r) || !strings.Contains(r.Content, "<@"+bob+"> is hidden from this server's leaderboard: their ratings and games are kept") ||
		!strings.Contains(r.Content, "Hidden from the leaderboard (1): <@"+bob+"> (`"+bob+"`)") || strings.Contains(r.Content, "Saved.") {
		t.Errorf("hide: %q", r.Content)
	}
	if gs, _ := h.store.GetGuildSettings(t.Context(), guild); !gs.Updated.IsZero() {
		t.Errorf("hiding alone saved the server's settings: %+v", gs)
	}
	lb := board(carol, opt("variant", "brandubh"))
	if !strings.Contains(lb, "1. <@"+alice+">") || !strings.Contains(lb, "2. <@"+dave+">") || strings.Contains(lb, "<@"+bob+">") {
		t.Errorf("the leaderboard with bob hidden:\n%s", lb)
	}
	if lb := board(bob); strings.Contains(lb, "<@"+bob+">") || strings.Contains(lb, "tablut") || !strings.Contains(lb, "2. <@"+dave+">") {
		t.Errorf("every variant, asked by bob, hidden:\n%s", lb)
	}
	if r, _ := h.slash(carol, "stats", opt("user", bob)); !strings.Contains(r.Content, "1600") {
		t.Errorf("bob's stats after the hide: %q", r.Content)
	}

	// Refusals: nothing changed, other settings given with them included.
	days := func() int {
		gs, _ := h.store.GetGuildSettings(t.Context(), guild)
		return gs.DaysPerMove
	}
	before := days()
	for _, c := range []struct {
		opts []*discordgo.ApplicationCommandInteractionDataOption
		want string
	}{
		{[]*discordgo.ApplicationCommandInteractionDataOption{opt("leaderboard_hide", bob), opt("days", 9.0)},
			"<@" + bob + "> is already hidden from this server's leaderboard; nothing was changed. `/tafl settings` `leaderboard_show` puts them back."},
		{[]*discordgo.ApplicationCommandInteractionDataOption{opt("leaderboard_show", alice), opt("days", 9.0)},
			"<@" + alice + "> is not hidden from this server's leaderboard; nothing was changed. `/tafl settings` lists the players who are."},
		{[]*discordgo.ApplicationCommandInteractionDataOption{opt("leaderboard_hide", dave), opt("leaderboard_show", dave)},
			"Hide <@" + dave + "> or show them, not both at once; nothing was changed."},
	} {
		if r, _ := h.slash(carol, "settings", c.opts...); !isEphemeral(r) || r.Content != c.want {
			t.Errorf("%v: %q, want %q", c.opts, r.Content, c.want)
		}
	}
	if got := hidden(); !slices.Equal(got, []string{bob}) || days() != before {
		t.Errorf("after the refusals: hidden %v, %d days per move", got, days())
	}

	// Hidden together with another setting; saving settings later keeps
	// the hidden players.
	r, _ = h.slash(carol, "settings", opt("leaderboard_hide", dave), opt("days", 9.0))
	if !strings.Contains(r.Content, "Saved.") || !strings.Contains(r.Content, "<@"+dave+"> is hidden") ||
		!strings.Contains(r.Content, "Hidden from the leaderboard (2): <@"+bob+"> (`"+bob+"`), <@"+dave+"> (`"+dave+"`)") {
		t.Errorf("hide with days: %q", r.Content)
	}
	h.slash(carol, "settings", opt("days", 5.0))
	if got := hidden(); !slices.Equal(got, []string{bob, dave}) || days() != 5 {
		t.Errorf("after saving other settings: hidden %v, %d days per move", got, days())
	}

	// Shown again: back in his place; the list says who is still hidden.
	r, _ = h.slash(carol, "settings", opt("leaderboard_show", bob))
	if !strings.Contains(r.Content, "<@"+bob+"> is on this server's leaderboard again.") || !strings.Contains(r.Content, "Hidden from the leaderboard (1): <@"+dave+">") {
		t.Errorf("show: %q", r.Content)
	}
	if lb := board(carol, opt("variant", "brandubh")); !strings.Contains(lb, "2. <@"+bob+">") || strings.Contains(lb, "<@"+dave+">") {
		t.Errorf("the leaderboard with bob shown again:\n%s", lb)
	}
	r, _ = h.slash(carol, "settings", opt("leaderboard_show", dave))
	if strings.Contains(r.Content, "Hidden from the leaderboard") || len(hidden()) != 0 {
		t.Errorf("nobody hidden: %q, %v", r.Content, hidden())
	}

	// In the manager's language.
	h.slash(carol, "settings", opt("language", "da"))
	if r, _ := h.slash(carol, "settings", opt("leaderboard_hide", dave)); !strings.Contains(r.Content, "<@"+dave+"> er skjult fra serverens rangliste") ||
		!strings.Contains(r.Content, "Skjult fra ranglisten (1): <@"+dave+">") {
		t.Errorf("in Danish: %q", r.Content)
	}
	// Many: the first ten listed (ids in order as numbers), and how many
	// in all.
	for i := range 11 {
		if _, err := h.store.SetLeaderboardHidden(t.Context(), guild, fmt.Sprint(1400000000000000000+i), true); err != nil {
			t.Fatal(err)
		}
	}
	r, _ = h.slash(carol, "settings")
	if !strings.Contains(r.Content, "Skjult fra ranglisten (12): <@"+dave+"> (`"+dave+"`), <@1400000000000000000> (`1400000000000000000`), ") ||
		strings.Count(r.Content, "<@14") != 9 || !strings.Contains(r.Content, "`1400000000000000008`), …") || len([]rune(r.Content)) > 1900 {
		t.Errorf("twelve hidden: %q", r.Content)
	}
}

// TestHelpTellsManagersOfLeaderboardHide: /tafl help's part for a
// server's managers named ending others' games and withdrawing a
// tournament player, not leaderboard_hide and leaderboard_show, which
// only they can use. In every language their page names both options as
// the command does there; a member's page names neither.
func TestHelpTellsManagersOfLeaderboardHide(t *testing.T) {
	h := newHarness(t, nil)
	var settings *discordgo.ApplicationCommandOption
	for _, sub := range bot.Commands()[0].Options {
		if sub.Name == "settings" {
			settings = sub
		}
	}
	names := map[string]map[discordgo.Locale]string{}
	for _, o := range settings.Options {
		names[o.Name] = o.NameLocalizations
	}
	for _, l := range locale.Langs {
		// Discord shows the options' names in its own locale; without one
		// (Icelandic, chosen with /tafl settings language), the English.
		hide, show := "leaderboard_hide", "leaderboard_show"
		if d := discordgo.Locale(l.Discord); names["leaderboard_hide"][d] != "" {
			hide, show = names["leaderboard_hide"][d], names["leaderboard_show"][d]
		}
		user := carol
		if l.Discord == "" {
			user = "444" // whose language is that one from now on
			if r, _ := h.slash(user, "settings", opt("language", l.Tag.String())); !isEphemeral(r) {
				t.Fatalf("choosing %s: %q", l.Name, r.Content)
			}
		}
		for _, manager := range []bool{true, false} {
			in := h.slashInteraction(user, "help")
			in.Locale = discordgo.Locale(l.Discord)
			if !manager {
				in.Member.Permissions = 0
			}
			h.bot.HandleGateway(t.Context(), in)
			r, _ := h.fake.callback(t, in.ID)
			page := r.page()
			has := strings.Contains(page, "`"+hide+":@X`") && strings.Contains(page, "`"+show+":@X`")
			if has != manager {
				t.Errorf("%s help, manager %v: names `%s:@X` and `%s:@X` %v:\n%s", l.Name, manager, hide, show, has, page)
			}
		}
	}
}
