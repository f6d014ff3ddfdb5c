package bot_test

import (
	"context"
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/bot"
	"github.com/taflbot/taflbot/locale"
)

// discordName is Discord's rule for command and option names (lowercase
// letters of any script, digits, - and _; 1 to 32 characters).
var discordName = regexp.MustCompile(`^[-_\p{Ll}\p{Lo}\p{N}]{1,32}$`)

// discordLocales are the locales the bot registers names in: every
// language but English (the default) and Icelandic (Discord has none).
var discordLocales = []discordgo.Locale{"da", "sv-SE", "no", "de", "fi"}

// TestCommandsAreLocalized: /tafl, every subcommand, option and choice
// has a name (where Discord allows one) and description in every locale,
// within Discord's limits, and the localized names of a subcommand's
// options differ from each other.
func TestCommandsAreLocalized(t *testing.T) {
	cmd := bot.Commands()[0]
	check := func(path string, names, descs map[discordgo.Locale]string, checkName bool) {
		for _, loc := range discordLocales {
			if checkName {
				if n := names[loc]; !discordName.MatchString(n) {
					t.Errorf("%s: %s name %q is missing or not a valid Discord name", path, loc, n)
				}
			}
			if descs != nil {
				if d := descs[loc]; d == "" || len([]rune(d)) > 100 {
					t.Errorf("%s: %s description %q is missing or over 100 characters", path, loc, d)
				}
			}
		}
	}
	check("tafl", *cmd.NameLocalizations, *cmd.DescriptionLocalizations, true)
	for _, sub := range cmd.Options {
		check(sub.Name, sub.NameLocalizations, sub.DescriptionLocalizations, true)
		seen := map[string]string{}
		for _, o := range sub.Options {
			check(sub.Name+" "+o.Name, o.NameLocalizations, o.DescriptionLocalizations, true)
			for loc, n := range o.NameLocalizations {
				if other, dup := seen[string(loc)+n]; dup {
					t.Errorf("%s: %s options %s and %s are both called %q", sub.Name, loc, other, o.Name, n)
				}
				seen[string(loc)+n] = o.Name
			}
			for _, ch := range o.Choices {
				check(sub.Name+" "+o.Name+" "+ch.Name, ch.NameLocalizations, nil, false)
				for _, loc := range discordLocales {
					if n := ch.NameLocalizations[loc]; n == "" || len([]rune(n)) > 100 {
						t.Errorf("%s %s choice %s: %s name %q", sub.Name, o.Name, ch.Name, loc, n)
					}
				}
			}
		}
	}
}

// TestLocalizedCommandsRegistered: the bulk overwrite sends the
// localizations to Discord.
func TestLocalizedCommandsRegistered(t *testing.T) {
	h := newHarness(t, nil)
	if err := h.bot.RegisterCommands(context.Background()); err != nil {
		t.Fatal(err)
	}
	reg := h.fake.requests("/applications/555/commands")
	if len(reg) != 1 {
		t.Fatalf("%d registrations", len(reg))
	}
	var cmds []struct {
		NameLocalizations map[string]string `json:"name_localizations"`
		Options           []struct {
			Name              string            `json:"name"`
			NameLocalizations map[string]string `json:"name_localizations"`
		} `json:"options"`
	}
	if err := json.Unmarshal(reg[0].Body, &cmds); err != nil {
		t.Fatal(err)
	}
	if len(cmds) != 1 || cmds[0].Options[0].Name != "challenge" || cmds[0].Options[0].NameLocalizations["sv-SE"] != "utmana" {
		t.Errorf("registered %s", reg[0].Body)
	}
}

// TestErrorsInTheUsersLanguage: the same mistake is answered in the
// user's Discord locale, in the server's when the user's is not
// supported, and in English otherwise.
func TestErrorsInTheUsersLanguage(t *testing.T) {
	h := newHarness(t, nil)
	startGame(t, h)
	g := gameOf(t, h, alice)
	move := g.Tafl().LegalMoves()[0].String()
	de := discordgo.Locale("de")
	for _, c := range []struct {
		user, guild discordgo.Locale
		want        string
	}{
		{"de", "", locale.For(locale.Match("de")).T("err.not_your_turn")},
		{"fi", "", "Ei ole sinun vuorosi"},
		{"fr", de, "Du bist nicht am Zug"},
		{"fr", "", "It is not your turn"},
		{"sv-SE", de, "Det är inte din tur"},
	} {
		in := h.slashInteraction(bob, "move", opt("move", move))
		in.Locale = c.user
		if c.guild != "" {
			in.GuildLocale = &c.guild
		}
		h.bot.HandleGateway(context.Background(), in)
		r, _ := h.fake.callback(t, in.ID)
		if !isEphemeral(r) || !strings.Contains(r.Content, c.want) {
			t.Errorf("user %q, server %q: %q, want %q", c.user, c.guild, r.Content, c.want)
		}
	}
}

// TestLanguageSetting: a player can choose a language Discord has no
// locale for (Icelandic), which then wins over Discord's locale, and go
// back to following Discord; the choice survives a restart.
func TestLanguageSetting(t *testing.T) {
	h := newHarness(t, nil)
	startGame(t, h)
	move := gameOf(t, h, alice).Tafl().LegalMoves()[0].String()
	notYourTurn := func(locale discordgo.Locale) string {
		in := h.slashInteraction(bob, "move", opt("move", move))
		in.Locale = locale
		h.bot.HandleGateway(context.Background(), in)
		r, _ := h.fake.callback(t, in.ID)
		return r.Content
	}
	if r, _ := h.slash(bob, "settings", opt("language", "is")); !strings.Contains(r.Content, "Ég svara þér á íslensku.") {
		t.Fatalf("choosing Icelandic: %q", r.Content)
	}
	if got := notYourTurn("de"); !strings.Contains(got, "Það er ekki þinn leikur") {
		t.Errorf("after choosing Icelandic: %q", got)
	}
	h.restart()
	if got := notYourTurn("de"); !strings.Contains(got, "Það er ekki þinn leikur") {
		t.Errorf("after a restart: %q", got)
	}
	if r, _ := h.slash(bob, "settings", opt("language", "discord")); !strings.Contains(r.Content, "English") {
		t.Errorf("back to Discord's language: %q", r.Content)
	}
	if got := notYourTurn("de"); !strings.Contains(got, "Du bist nicht am Zug") {
		t.Errorf("following Discord again: %q", got)
	}
	if r, _ := h.slash(bob, "settings", opt("language", "klingon")); !isEphemeral(r) || !strings.Contains(r.Content, "I don't speak") {
		t.Errorf("an unknown language: %q", r.Content)
	}
}

// TestTimeControlErrorTranslated: a refused time control is explained in
// the user's language, the reason inside the message too.
func TestTimeControlErrorTranslated(t *testing.T) {
	h := newHarness(t, nil)
	for _, c := range []struct {
		loc  discordgo.Locale
		want string
	}{
		{"de", "Ich kann die Bedenkzeit `0+5` nicht verwenden: die Bedenkzeit muss mindestens 1 Minute betragen."},
		{"fi", "En voi käyttää aikarajaa `0+5`: peliajan on oltava vähintään 1 minuutti."},
		{"", "I can't use the time control `0+5`: the game time must be at least 1 minute."},
	} {
		in := h.slashInteraction(alice, "challenge", opt("time", "0+5"))
		in.Locale = c.loc
		h.bot.HandleGateway(context.Background(), in)
		if r, _ := h.fake.callback(t, in.ID); !isEphemeral(r) || !strings.HasPrefix(r.Content, c.want) {
			t.Errorf("%q: %q, want %q", c.loc, r.Content, c.want)
		}
	}
}

// TestRegisterCommandsRefused: when Discord refuses the registration (the
// bot's first call), the error says which setting to fix; it was only
// "HTTP 401 Unauthorized, {…}".
func TestRegisterCommandsRefused(t *testing.T) {
	h := newHarness(t, nil)
	for _, c := range []struct {
		status int
		want   string
	}{
		{401, "Discord refused the bot token: set DISCORD_TOKEN"},
		{403, "Discord refused the commands for application 555: check that application_id is the application of the bot token"},
		{404, "Discord knows no application 555: set application_id"},
	} {
		h.fake.inject("PUT", "/commands", c.status, 0, 1)
		err := h.bot.RegisterCommands(context.Background())
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("HTTP %d: %v, want %s", c.status, err, c.want)
		}
	}
}

// TestChoiceRefusalsInTheReadersWords: a value that is none of an
// option's choices (a side, a level, a tournament's action or format, a
// language — only a forged interaction sends one, Discord's picker
// offering no other) is refused with the choices as the picker shows
// them to the reader: in German and Swedish in those languages, in
// English and Icelandic (which Discord has no locale for) in English.
// Before, every language listed the English values ("Die Seite muss
// attackers, defenders oder random sein", "`aktion:` create, join, …").
func TestChoiceRefusalsInTheReadersWords(t *testing.T) {
	h := newHarness(t, nil)
	refusals := []struct {
		sub  string
		opts []*discordgo.ApplicationCommandInteractionDataOption
		want map[string]string // by the reader's language
	}{
		{"challenge", []*discordgo.ApplicationCommandInteractionDataOption{opt("side", "sideways")}, map[string]string{
			"de": "Die Seite muss **Angreifer**, **Verteidiger (mit dem König)** oder **zufällig** sein.",
			"sv": "Sidan måste vara **anfallare**, **försvarare (med kungen)** eller **slumpvis**.",
			"is": "Hliðin verður að vera **attackers**, **defenders (with the king)** eða **random**.",
			"en": "Side must be **attackers**, **defenders (with the king)** or **random**.",
		}},
		{"ai", []*discordgo.ApplicationCommandInteractionDataOption{opt("side", "sideways")}, map[string]string{
			"de": "Die Seite muss **Angreifer**, **Verteidiger (mit dem König)** oder **zufällig** sein.",
		}},
		{"ai", []*discordgo.ApplicationCommandInteractionDataOption{opt("level", "extreme")}, map[string]string{
			"de": "Die Stufe muss **leicht**, **mittel**, **schwer** oder **maximal** sein.",
			"sv": "Nivån måste vara **lätt**, **medel**, **svår** eller **max**.",
			"is": "Styrkleikinn verður að vera **easy**, **medium**, **hard** eða **max**.",
			"en": "Level must be **easy**, **medium**, **hard** or **max**.",
		}},
		{"tournament", []*discordgo.ApplicationCommandInteractionDataOption{opt("action", "dance")}, map[string]string{
			"de": "Sag, was zu tun ist: `aktion:` **anlegen**, **beitreten**, **verlassen**, **starten**, **zurückziehen**, **Tabelle** oder **absagen**.",
			"sv": "Säg vad du vill göra: `åtgärd:` **skapa**, **gå med**, **lämna**, **starta**, **dra dig ur**, **ställning** eller **ställ in**.",
			"en": "Say what to do: `action:` **create**, **join**, **leave**, **start**, **withdraw**, **standings** or **cancel**.",
		}},
		{"tournament", []*discordgo.ApplicationCommandInteractionDataOption{opt("action", "create"), opt("name", "Cup"), opt("format", "knockout")}, map[string]string{
			"de": "Das Format ist **Schweizer System** oder **Rundenturnier**.",
			"sv": "Formatet är **schweizer** eller **alla-mot-alla**.",
			"en": "The format is **Swiss** or **round robin**.",
		}},
		{"settings", []*discordgo.ApplicationCommandInteractionDataOption{opt("server_language", "klingon")}, map[string]string{
			"de": "Ich spreche kein `klingon`: wähle **Die Sprache von Discord**, **English**, **Dansk**, **Svenska**, **Norsk**, **Íslenska**, **Deutsch** oder **Suomi**; nichts wurde geändert.",
			"sv": "Jag talar inte `klingon`: välj **Discords språk**, **English**, **Dansk**, **Svenska**, **Norsk**, **Íslenska**, **Deutsch** eller **Suomi**; inget ändrades.",
			"is": "Ég tala ekki `klingon`: veldu **Discord's language**, **English**, **Dansk**, **Svenska**, **Norsk**, **Íslenska**, **Deutsch** eða **Suomi**; engu var breytt.",
		}},
	}
	// Icelandic only by the language setting; the others by Discord's locale.
	discordLocale := map[string]discordgo.Locale{"de": "de", "sv": "sv-SE", "is": "en-US", "en": "en-US"}
	for _, lang := range []string{"de", "sv", "en", "is"} {
		chosen := lang
		if lang != "is" {
			chosen = "discord"
		}
		if r, _ := h.slash(carol, "settings", opt("language", chosen)); !isEphemeral(r) {
			t.Fatalf("setting the language %s: %+v", chosen, r)
		}
		for _, c := range refusals {
			want, ok := c.want[lang]
			if !ok {
				continue
			}
			in := h.slashInteraction(carol, c.sub, c.opts...)
			in.Locale = discordLocale[lang]
			h.bot.HandleGateway(context.Background(), in)
			r, _ := h.fake.callback(t, in.ID)
			if !isEphemeral(r) || r.Content != want {
				t.Errorf("%s /tafl %s %s: %q, want %q", lang, c.sub, c.opts[len(c.opts)-1].Value, r.Content, want)
			}
		}
	}
	if ts, err := h.store.Tournaments(t.Context(), guild, false); err != nil || len(ts) != 0 {
		t.Errorf("tournaments after the refusals: %d, %v", len(ts), err)
	}
}

// TestLanguageFollowsThePlayer: a player's /tafl settings language was
// kept with their record of one server (or of direct messages), so that a
// player who chose Icelandic in one server was answered in their Discord
// language in another and in direct messages; the choice is the player's
// own, read everywhere (also after a restart), and changed from anywhere.
func TestLanguageFollowsThePlayer(t *testing.T) {
	h := newHarness(t, nil)
	const dmsOffIS = "Einkaskilaboðin þín (áminningar og úrslit): **af**."
	const dmsOffDE = "Deine Direktnachrichten (Erinnerungen und Ergebnisse): **aus**."
	settings := func(guildID string, opts ...*discordgo.ApplicationCommandInteractionDataOption) string {
		t.Helper()
		in := h.slashInteraction(bob, "settings", opts...)
		in.Locale = "de"
		switch guildID {
		case "":
			in.GuildID, in.ChannelID, in.User, in.Member = "", "dm-"+bob, in.Member.User, nil
		default:
			in.GuildID, in.ChannelID = guildID, "chan-"+guildID
		}
		h.bot.HandleGateway(context.Background(), in)
		r, _ := h.fake.final(t, in)
		h.settle()
		return r.Content
	}
	if got := settings(guild, opt("language", "is")); !strings.Contains(got, "Ég svara þér á íslensku.") {
		t.Fatalf("choosing Icelandic in a server: %q", got)
	}
	for _, g := range []string{guild, "902", ""} {
		if got := settings(g); !strings.Contains(got, dmsOffIS) {
			t.Errorf("in server %q after choosing Icelandic in server %s: %q", g, guild, got)
		}
	}
	h.restart()
	if got := settings("902"); !strings.Contains(got, dmsOffIS) {
		t.Errorf("in another server after a restart: %q", got)
	}
	// Changed in a direct message: everywhere again.
	if got := settings("", opt("language", "discord")); !strings.Contains(got, dmsOffDE) {
		t.Errorf("following Discord again, from a direct message: %q", got)
	}
	for _, g := range []string{guild, "902"} {
		if got := settings(g); !strings.Contains(got, dmsOffDE) {
			t.Errorf("in server %q after following Discord again: %q", g, got)
		}
	}
	// Kept once, as the user's own: the servers' records hold none.
	if p, err := h.store.GetPlayer(t.Context(), guild, bob); err == nil && p.Language != "" {
		t.Errorf("server %s's record of bob holds the language %q", guild, p.Language)
	}
}

// TestResignAndAnalyseDescriptions: /tafl resign's description did not
// say that server managers end other players' games with it, and /tafl
// analyse's promised win chances, which a review shows only for the
// variants with a checked curve (others get words: "the attackers stand
// better"). In English and every locale Discord shows, resign's names
// the managers and analyse's promises no win chances.
func TestResignAndAnalyseDescriptions(t *testing.T) {
	managers := map[discordgo.Locale]string{"": "managers", "da": "administratorer", "sv-SE": "administratörer", "no": "administratorer", "de": "Serververwalter", "fi": "ylläpitäjät"}
	chances := map[discordgo.Locale]string{"": "win chances", "da": "vinderchancer", "sv-SE": "vinstchanser", "no": "vinnersjanser", "de": "Gewinnchancen", "fi": "voittomahdollisuudet"}
	for _, sub := range bot.Commands()[0].Options {
		desc := func(loc discordgo.Locale) string {
			if loc == "" {
				return sub.Description
			}
			return sub.DescriptionLocalizations[loc]
		}
		for loc := range managers {
			switch d := desc(loc); sub.Name {
			case "resign":
				if !strings.Contains(d, managers[loc]) {
					t.Errorf("resign: %q description %q does not say that managers (%s) end others' games", loc, d, managers[loc])
				}
			case "analyse":
				if strings.Contains(d, chances[loc]) {
					t.Errorf("analyse: %q description %q promises win chances (%s)", loc, d, chances[loc])
				}
			}
		}
	}
}
