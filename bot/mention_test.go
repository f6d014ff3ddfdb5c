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
// shows in that language, read from the definitions the bot registers
// (CommandsWith: their NameLocalizations where Discord has the language,
// the English names in English and Icelandic, which Discord has no locale
// for). An option written after a command ("`/tafl board` `parti:3`",
// "`/tafl ai` [`niveau`]") must be one of that command's.
func TestCatalogCommandReferences(t *testing.T) {
	// shown is the name Discord shows a user of language l.
	shown := func(l locale.Lang, english string, names *map[discordgo.Locale]string) string {
		if l.Discord == "" || names == nil {
			return english
		}
		if s, ok := (*names)[discordgo.Locale(l.Discord)]; ok {
			return s
		}
		return english
	}
	type option struct {
		sub     string          // the subcommand's English name
		choices map[string]bool // the choices' names as l's Discord shows them
		boolean bool
	}
	defs := CommandsWith([]string{"other-engine"})[0].Options
	anyLang := map[string]bool{} // option names in any language
	for _, l := range locale.Langs {
		for _, sub := range defs {
			for _, o := range sub.Options {
				anyLang[shown(l, o.Name, &o.NameLocalizations)] = true
			}
		}
	}
	commandThenOptions := regexp.MustCompile("`/tafl ([a-z_]+)`((?: \\[?`[^`]*`\\]?)+)")
	plainCommand := regexp.MustCompile(`(^|[^<])/tafl`) // left after the mentions
	placeholder := regexp.MustCompile(`^(…|<.*>|%.*|)$`)
	trueFalse := regexp.MustCompile(`\b(True|False)\b`)
	keys := locale.Keys()
	slices.Sort(keys)
	for _, l := range locale.Langs {
		names := map[string][]option{} // option name shown to l → the options of that name
		for _, sub := range defs {
			for _, o := range sub.Options {
				ch := map[string]bool{}
				for _, c := range o.Choices {
					ch[shown(l, c.Name, &c.NameLocalizations)] = true
				}
				n := shown(l, o.Name, &o.NameLocalizations)
				names[n] = append(names[n], option{sub.Name, ch, o.Type == discordgo.ApplicationCommandOptionBoolean})
			}
		}
		for _, key := range keys {
			text, ok := locale.Text(l.Tag, key)
			if !ok {
				continue // TestCatalogComplete's business
			}
			where := fmt.Sprintf("%s %q", l.Tag, text)
			if l.Discord != "" && l.Tag != language.English && trueFalse.MatchString(text) {
				t.Errorf("%s: names a true-or-false value as True or False, which Discord's %s picker may show otherwise (say on or off)", where, l.Name)
			}
			if m := mentionCommands(text, "1"); plainCommand.MatchString(m) {
				t.Errorf("%s: a command named other than as `/tafl NAME` (a subcommand alone in backticks) is not sent as a mention: %q", where, m)
			}
			spans := strings.Split(text, "`")
			for i := 1; i < len(spans); i += 2 {
				head, val, hasVal := strings.Cut(spans[i], ":")
				opts, mine := names[head]
				switch {
				case !mine && anyLang[head]:
					t.Errorf("%s: option `%s` is not a name Discord shows in %s", where, head, l.Name)
				case mine && hasVal && opts[0].boolean && l.Discord != "" && l.Tag != language.English:
					// No Discord document says whether the picker shows a
					// true-or-false option's values as True and False in
					// every language or in the reader's: a text in a
					// language Discord has names the option alone and
					// says "on" or "off" in its own words.
					t.Errorf("%s: `%s` names a true-or-false value, which Discord's %s picker may show otherwise", where, spans[i], l.Name)
				case mine && hasVal && !placeholder.MatchString(val) && len(opts[0].choices) > 0:
					ok := false
					for _, o := range opts {
						ok = ok || o.choices[val]
					}
					if !ok {
						t.Errorf("%s: `%s` is not a choice Discord shows in %s", where, spans[i], l.Name)
					}
				}
			}
			for _, m := range commandThenOptions.FindAllStringSubmatch(text, -1) {
				sub, parts := m[1], strings.Split(m[2], "`")
				for i := 1; i < len(parts); i += 2 {
					head, _, hasVal := strings.Cut(parts[i], ":")
					if !hasVal && !strings.HasSuffix(parts[i-1], "[") {
						continue // a value without its option's name: `/tafl move` `d1-d4`
					}
					if !slices.ContainsFunc(names[head], func(o option) bool { return o.sub == sub }) {
						t.Errorf("%s: `%s` after `/tafl %s` is not one of its options as Discord shows them in %s", where, parts[i], sub, l.Name)
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
		for _, casualHere := range []bool{false, true} {
			page := mentionCommands(helpText(locale.For(l.Tag), "is", casualHere), "1300000000000000001") // the longest button labels
			if n := len([]rune(page)); n > maxEmbedDesc || strings.Contains(page, "`/tafl") {
				t.Errorf("%s help with mentions (casual server %v): %d characters:\n%s", l.Name, casualHere, n, page)
			}
		}
	}
}
