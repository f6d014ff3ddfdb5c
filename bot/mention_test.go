package bot

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/locale"
	"golang.org/x/text/language"
)

// TestMentionCommands: a subcommand named in backticks becomes Discord's
// mention; options, unknown names and texts without an id stay as they are.
func TestMentionCommands(t *testing.T) {
	for _, c := range []struct{ in, id, want string }{
		{"Start one with `/tafl challenge` or `/tafl ai`.", "42", "Start one with </tafl challenge:42> or </tafl ai:42>."},
		{"`/tafl move` d1-d4", "42", "</tafl move:42> d1-d4"},
		{"`/tafl move` d1-d4", "", "`/tafl move` d1-d4"},
		{"`/tafl nosuch` and `/tafl board game:3`", "42", "`/tafl nosuch` and `/tafl board game:3`"},
	} {
		if got := mentionCommands(c.in, c.id); got != c.want {
			t.Errorf("mentionCommands(%q, %q) = %q, want %q", c.in, c.id, got, c.want)
		}
	}
}

// TestCatalogCommandReferences checks every text of every language:
// each "/tafl" in it is a subcommand alone in backticks ("`/tafl
// challenge`"), which the bot sends as a command mention (nothing of
// "/tafl" is left after mentionCommands); and the options a text names
// in backticks ("`game`", "`action:withdraw`") carry the names Discord
// shows in that language — the localized option and choice names where
// Discord has the language, the English ones in English and Icelandic
// (Discord has no Icelandic locale, so Icelanders see the English names).
func TestCatalogCommandReferences(t *testing.T) {
	type option struct {
		name    string   // English name
		choices []string // English choice names
		boolean bool
	}
	var opts []option
	var walk func([]*discordgo.ApplicationCommandOption)
	walk = func(os []*discordgo.ApplicationCommandOption) {
		for _, o := range os {
			if o.Type != discordgo.ApplicationCommandOptionSubCommand {
				var ch []string
				for _, c := range o.Choices {
					ch = append(ch, c.Name)
				}
				opts = append(opts, option{o.Name, ch, o.Type == discordgo.ApplicationCommandOptionBoolean})
			}
			walk(o.Options)
		}
	}
	walk(commands([]string{"other-engine"})[0].Options)

	// shown returns what Discord shows a user of language l for an
	// English option or choice name (key: "name."+name, or the choice).
	shown := func(l locale.Lang, key, english string) string {
		if l.Discord == "" || l.Tag == language.English {
			return english
		}
		if s, ok := locale.Text(l.Tag, key); ok {
			return s
		}
		return english
	}
	anyLang := map[string]bool{} // option names in every language
	for _, l := range locale.Langs {
		for _, o := range opts {
			anyLang[o.name] = true
			if s, ok := locale.Text(l.Tag, "name."+o.name); ok {
				anyLang[s] = true
			}
		}
	}
	plainCommand := regexp.MustCompile(`(^|[^<])/tafl`) // left after the mentions
	trueFalse := regexp.MustCompile(`\b(True|False)\b`)
	placeholder := regexp.MustCompile(`^(…|<.*>|%.*|)$`)
	keys := locale.Keys()
	slices.Sort(keys)
	for _, l := range locale.Langs {
		names := map[string]option{} // the option names shown to l
		for _, o := range opts {
			names[shown(l, "name."+o.name, o.name)] = o
		}
		for _, key := range keys {
			text, ok := locale.Text(l.Tag, key)
			if !ok {
				continue // TestCatalogComplete's business
			}
			where := fmt.Sprintf("%s %q", l.Tag, text)
			if m := mentionCommands(text, "1"); plainCommand.MatchString(m) {
				t.Errorf("%s: a command named other than as `/tafl NAME` (a subcommand alone in backticks) is not sent as a mention: %q", where, m)
			}
			if l.Discord != "" && l.Tag != language.English && trueFalse.MatchString(text) {
				t.Errorf("%s: names a true-or-false value as True or False, which Discord's %s picker may show otherwise (say on or off)", where, l.Name)
			}
			spans := strings.Split(text, "`")
			for i := 1; i < len(spans); i += 2 {
				head, val, hasVal := strings.Cut(spans[i], ":")
				o, mine := names[head]
				switch {
				case !mine && anyLang[head]:
					t.Errorf("%s: option `%s` is not a name Discord shows in %s", where, head, l.Name)
				case mine && hasVal && o.boolean && l.Discord != "" && l.Tag != language.English:
					// No Discord document says whether the picker shows a
					// true-or-false option's values as True and False in
					// every language or in the reader's: a text in a
					// language Discord has names the option alone and
					// says "on" or "off" in its own words.
					t.Errorf("%s: `%s` names a true-or-false value, which Discord's %s picker may show otherwise", where, spans[i], l.Name)
				case mine && hasVal && len(o.choices) > 0 && !placeholder.MatchString(val):
					var want []string
					for _, c := range o.choices {
						want = append(want, shown(l, c, c))
					}
					if !slices.Contains(want, val) {
						t.Errorf("%s: `%s` is not a choice Discord shows in %s (%s)", where, spans[i], l.Name, strings.Join(want, ", "))
					}
				}
			}
		}
	}
}

// TestHelpWithMentionsFits: in every language, the help page with its
// commands mentioned fits an embed's description.
func TestHelpWithMentionsFits(t *testing.T) {
	for _, l := range locale.Langs {
		page := mentionCommands(helpText(locale.For(l.Tag)), "1300000000000000001")
		if n := len([]rune(page)); n > descriptionLimit || strings.Contains(page, "`/tafl") {
			t.Errorf("%s help with mentions: %d characters:\n%s", l.Name, n, page)
		}
	}
}
