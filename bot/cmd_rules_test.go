package bot_test

import (
	"bytes"
	"image/png"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/bot"
	"github.com/taflbot/taflbot/locale"
	"testing"

	"github.com/taflbot/taflbot/tafl"
)

// TestRulesAndHelpPages checks /tafl rules and /tafl help in every mode:
// without a variant the list of variants; a variant's page says exactly
// the rules its data hold (tablut: the defenders first, never "the
// attackers move first"), names its layout, and carries the start board
// and one diagram per worked example; help says per variant who moves first.
func TestRulesAndHelpPages(t *testing.T) {
	eachMode(t, func(t *testing.T, d driver) {
		list := d.do(t, "carol", "/tafl rules")
		for _, p := range tafl.Presets() {
			if !strings.Contains(list.text, "`"+p.Name+"`") {
				t.Errorf("the variant list lacks %s:\n%s", p.Name, list.text)
			}
		}
		if !strings.Contains(list.text, "`tablut` 9×9 · defenders first") {
			t.Errorf("the list does not say the defenders move first in tablut:\n%s", list.text)
		}
		for _, p := range tafl.Presets() {
			for _, l := range p.Layouts {
				if len(p.Layouts) > 1 && strings.Count(list.text, l+",")+strings.Count(list.text, l+"\n") != 1 {
					t.Errorf("the list names %s's layout %s %d times, want once:\n%s", p.Name, l,
						strings.Count(list.text, l+",")+strings.Count(list.text, l+"\n"), list.text)
				}
			}
		}

		page := d.do(t, "carol", "/tafl rules variant:tablut")
		v, err := tafl.Preset("tablut", "")
		if err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{"Tablut (tablut, 9×9)", "The defenders move first", "No piece may stop on the throne (e5)",
			"whether empty or occupied", "beside the throne, by attackers on his three other sides", "Repetition is forbidden",
			"(not a camp)", "dark discs", "light squares", "crowned", "Capture against a hostile square", "King capture"} {
			if !strings.Contains(page.text, want) {
				t.Errorf("the tablut page lacks %q", want)
			}
		}
		for _, not := range []string{"The attackers move first", "attackers move first"} {
			if strings.Contains(page.text, not) {
				t.Errorf("the tablut page says %q", not)
			}
		}
		if want := 1 + len(v.Illustrations()); len(page.files) != want {
			t.Errorf("%d pictures, want the start board and %d diagrams", len(page.files), want-1)
		}
		for _, f := range page.files {
			if _, err := png.Decode(bytes.NewReader(f.Data)); err != nil {
				t.Errorf("%s: %v", f.Name, err)
			}
		}
		if len(page.alts) != len(page.files) || len(page.alts) == 0 || !strings.HasPrefix(page.alts[0], "The start position of Tablut (9×9): 16 attackers, 8 defenders and the king on e5; the defenders move first") {
			t.Errorf("alt text %q", page.alts)
		}
		for i, il := range v.Illustrations() {
			if i+1 < len(page.alts) && page.alts[i+1] != il.Title+": "+il.Caption {
				t.Errorf("diagram %d's alt text %q, want its caption", i+1, page.alts[i+1])
			}
		}

		if bell := d.do(t, "carol", "/tafl rules variant:tawlbwrdd/bell"); !strings.Contains(bell.text, "Tawlbwrdd (tawlbwrdd/bell, 11×11)") {
			t.Errorf("the bell layout's page is titled:\n%s", bell.text)
		}
		cph := d.do(t, "carol", "/tafl rules variant:copenhagen")
		for _, want := range []string{"Shieldwall", "Exit fort", "Encirclement", "Perpetual repetition is a loss for the defenders"} {
			if !strings.Contains(cph.text, want) {
				t.Errorf("the copenhagen page lacks %q", want)
			}
		}
		if len(cph.files) != 6 {
			t.Errorf("copenhagen: %d pictures, want the start and 5 diagrams (capture, king, shieldwall, exit fort, encirclement)", len(cph.files))
		}

		custom := d.do(t, "carol", `/tafl rules variant:"dim:7 esc:e ka:n start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/"`)
		for _, want := range []string{"A custom variant (custom, 7×7)", "The king is unarmed", "reaches any square on the board's edge", "Rules string"} {
			if !strings.Contains(custom.text, want) {
				t.Errorf("the custom page lacks %q:\n%s", want, custom.text)
			}
		}
		bad := d.do(t, "carol", `/tafl rules variant:"dim:7 kj:y start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/"`)
		if !strings.Contains(bad.text, "I can't describe that rules string") || !strings.Contains(bad.text, "kj") {
			t.Errorf("a rules string with king jumps: %q", bad.text)
		}

		help := d.do(t, "carol", "/tafl help")
		var defFirst []string
		for _, p := range tafl.Presets() {
			v, _ := tafl.Preset(p.Name, "")
			if v.Start().ToMove() == tafl.Defenders {
				defFirst = append(defFirst, "`"+p.Name+"`")
			}
		}
		if want := "The attackers move first (the defenders in " + strings.Join(defFirst, ", ") + ")."; !strings.Contains(help.text, want) {
			t.Errorf("help lacks %q:\n%s", want, help.text)
		}
		if strings.Contains(help.text, "(who move first)") {
			t.Errorf("help still says the attackers always move first")
		}
	})
}

// TestHelpFitsDiscord: the help page is one embed, within Discord's 4096
// characters of a description in every language with every command
// name a mention (each some twenty characters longer than the plain
// name: the page no longer fits a message's 2000).
func TestHelpFitsDiscord(t *testing.T) {
	h := newHarness(t, nil)
	if err := h.bot.RegisterCommands(t.Context()); err != nil {
		t.Fatal(err)
	}
	for _, l := range locale.Langs {
		in := h.slashInteraction(carol, "help")
		if l.Discord == "" {
			continue // Icelandic: TestHelpWithMentionsFits
		}
		in.Locale = discordgo.Locale(l.Discord)
		h.bot.HandleGateway(t.Context(), in)
		r, _ := h.fake.callback(t, in.ID)
		if len(r.Embeds) != 1 {
			t.Fatalf("%s help: %d embeds", l.Name, len(r.Embeds))
		}
		d := r.Embeds[0].Description
		if n := len([]rune(d)); n > 4096 || n < 500 || strings.Contains(d, "`/tafl") || !strings.Contains(d, "</tafl move:") {
			t.Errorf("%s help: %d characters, commands mentioned %v", l.Name, n, !strings.Contains(d, "`/tafl"))
		}
	}
}

// TestEveryRulesPageFitsDiscord: every preset's page, with all its
// diagrams, is within Discord's embed limits (6000 characters in all,
// 4096 in a description, 10 embeds) and nothing is cut.
func TestEveryRulesPageFitsDiscord(t *testing.T) {
	h := newHarness(t, nil)
	for _, p := range tafl.Presets() {
		for _, layout := range p.Layouts {
			name := p.Name
			if len(p.Layouts) > 1 {
				name += "/" + layout
			}
			v, err := tafl.Preset(p.Name, layout)
			if err != nil {
				t.Fatal(err)
			}
			in := h.slashInteraction(carol, "rules", opt("variant", name))
			h.bot.HandleGateway(t.Context(), in)
			r, rec := h.fake.final(t, in)
			total := 0
			for _, e := range r.Embeds {
				total += len([]rune(e.Title)) + len([]rune(e.Description))
				if len([]rune(e.Description)) > 4096 || strings.HasSuffix(e.Description, "…") {
					t.Errorf("%s: a description of %d characters, cut %v", name, len([]rune(e.Description)), strings.HasSuffix(e.Description, "…"))
				}
			}
			if want := 1 + len(v.Illustrations()); len(r.Embeds) != want || len(rec.Files) != want || total > 6000 {
				t.Errorf("%s: %d embeds, %d files, %d characters; want %d embeds and files within 6000", name, len(r.Embeds), len(rec.Files), total, want)
			}
		}
	}
}

// TestRulesTitleShowsNameAsTyped: the rules page of a rules string is
// titled with its name:, the user's own, and Discord renders markdown in
// an embed's title, so a name: of "**x**" showed as a bold x; it is
// shown as typed (backslash-escaped as in running text), and a name: too
// long for Discord's 256 characters of a title is cut (Discord refused
// the whole page).
func TestRulesTitleShowsNameAsTyped(t *testing.T) {
	h := newHarness(t, nil)
	const start = " start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/"
	for _, c := range []struct{ name, want string }{
		{"**bold**_~~gone~~_<@" + bob + ">_#x", `\*\*bold\*\* \~\~gone\~\~ \<\@` + bob + `\> \#x (custom, 7×7)`},
		{strings.Repeat("*", 300), strings.Repeat(`\*`, 127) + "…"},
	} {
		in := h.slashInteraction(carol, "rules", opt("variant", "dim:7 name:"+c.name+start))
		h.bot.HandleGateway(t.Context(), in)
		r, _ := h.fake.final(t, in)
		if len(r.Embeds) == 0 {
			t.Fatalf("name:%s: no embed: %q", c.name, r.Content)
		}
		if got := r.Embeds[0].Title; got != c.want || utf8.RuneCountInString(got) > 256 {
			t.Errorf("name:%s: title %q (%d characters), want %q", c.name, got, utf8.RuneCountInString(got), c.want)
		}
	}
}

// TestLongMistypedVariantFitsAMessage: a variant option of thousands of
// characters (Discord allows 6000) that is no variant is answered within
// a message's 2000 characters, quoting only the start of it; /tafl rules
// (a rules string with a long piece that is not key:value) and /tafl
// puzzle quoted it whole, and Discord would refuse the answer.
func TestLongMistypedVariantFitsAMessage(t *testing.T) {
	h := newHarness(t, nil)
	long := strings.Repeat("x", 2500)
	for _, c := range []struct{ sub, variant, want string }{
		{"rules", "dim:7 " + long + " start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/", `I can't describe that rules string: "xxx`},
		{"rules", "dim:7 esc:" + long + " start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/", "I can't describe that rules string: esc:xxx"},
		{"puzzle", long, `There is no variant "xxx`},
	} {
		r, _ := h.slash(alice, c.sub, opt("variant", c.variant))
		if n := utf8.RuneCountInString(r.Content); n > 2000 || !strings.HasPrefix(r.Content, c.want) {
			t.Errorf("/tafl %s variant:%.20s…: %d characters: %.120q…, want at most 2000, starting %q", c.sub, c.variant, n, r.Content, c.want)
		}
	}
}

// TestUnknownLayout: a variant with a layout it does not have is answered
// with the variant's layouts (or that it has one only), in the reader's
// language, as a sentence lists them ("`lewis`, `bell` and `lewis-cross`",
// with the reader's "and"); it was "I don't know the variant
// `tawlbwrdd/foo`: pick one from the list", which lists no layouts, and
// then a bare comma list, "lewis, bell, lewis-cross".
func TestUnknownLayout(t *testing.T) {
	h := newHarness(t, nil)
	for _, c := range []struct{ sub, variant, want string }{
		{"rules", "tawlbwrdd/foo", "`tawlbwrdd` has no layout `foo`: its layouts are `lewis`, `bell` and `lewis-cross` (as in `tawlbwrdd/bell`)."},
		{"challenge", "Tawlbwrdd/Lewis-X", "`tawlbwrdd` has no layout `lewis-x`: its layouts are `lewis`, `bell` and `lewis-cross` (as in `tawlbwrdd/bell`)."},
		{"ai", "brandubh/lewis", "`brandubh` has one layout only: give its name alone, `brandubh`."},
	} {
		if r, _ := h.slash(alice, c.sub, opt("variant", c.variant)); !isEphemeral(r) || r.Content != c.want {
			t.Errorf("/tafl %s variant:%s: %q", c.sub, c.variant, r.Content)
		}
	}
	h.slash(alice, "settings", opt("language", "de"))
	if r, _ := h.slash(alice, "rules", opt("variant", "tawlbwrdd/foo")); r.Content != "`tawlbwrdd` hat keine Aufstellung `foo`: ihre Aufstellungen sind `lewis`, `bell` und `lewis-cross` (wie in `tawlbwrdd/bell`)." {
		t.Errorf("/tafl rules variant:tawlbwrdd/foo in German: %q", r.Content)
	}
}

// TestVariantByTitle: a variant typed by its title, with spaces for its
// hyphens or by a layout only one variant has means that variant; a name
// near some names suggests them. They were all "I don't know the variant
// …: pick one from the list".
func TestVariantByTitle(t *testing.T) {
	h := newHarness(t, nil)
	for _, c := range []struct{ sub, variant, want string }{
		{"rules", "ard ri", "Ard Ri (ard-ri, 7×7)"},
		{"rules", "alea evangelii", "Alea Evangelii (alea-evangelii, 19×19)"},
		{"rules", "Copenhagen Hnefatafl", "Copenhagen Hnefatafl (copenhagen, 11×11)"},
		{"rules", "bell", "Tawlbwrdd (tawlbwrdd/bell, 11×11)"},
		{"rules", "Hnefatafl 9x9", "(hnefatafl-9"},
	} {
		r, _ := h.slash(alice, c.sub, opt("variant", c.variant))
		if r == nil || isEphemeral(r) || len(r.Embeds) == 0 || !strings.Contains(r.Embeds[0].Title, c.want) {
			t.Errorf("/tafl %s variant:%s: %+v", c.sub, c.variant, r)
		}
	}
	for _, c := range []struct{ sub, variant, want string }{
		{"rules", "hnefatafl", "I don't know the variant `hnefatafl`: did you mean `copenhagen`, `fetlar` or `hnefatafl-9`? (`/tafl rules` lists them all.)"},
		{"challenge", "brandub", "I don't know the variant `brandub`: did you mean `brandubh`? (`/tafl rules` lists them all.)"},
		{"ai", "chess", "I don't know the variant `chess`: pick one from the list (`/tafl rules` lists them all)."},
	} {
		if r, _ := h.slash(alice, c.sub, opt("variant", c.variant)); !isEphemeral(r) || r.Content != c.want {
			t.Errorf("/tafl %s variant:%s: %q", c.sub, c.variant, r.Content)
		}
	}
	if r, _ := h.slash(alice, "challenge", opt("opponent", bob), opt("variant", "ard ri")); r == nil || isEphemeral(r) || !strings.Contains(r.Content, "**ard-ri** (7×7)") {
		t.Errorf("/tafl challenge variant:ard ri: %+v", r)
	}
	h.slash(alice, "settings", opt("language", "de"))
	if r, _ := h.slash(alice, "rules", opt("variant", "brandub")); r.Content != "Ich kenne die Variante `brandub` nicht: meintest du `brandubh`? (`/tafl rules` listet alle.)" {
		t.Errorf("/tafl rules variant:brandub in German: %q", r.Content)
	}
}

// TestVariantAliasSuggestsVariants: a board size or a common word for
// some variants that is no variant's name or title (7x7, 11x11, viking,
// welsh) was answered "I don't know the variant …: pick one from the
// list", although a near name gets "did you mean …"; it gets the variants
// it may mean the same way: those of that size (of the nearest size when
// none has it), those the word names. Other text is answered as before.
func TestVariantAliasSuggestsVariants(t *testing.T) {
	h := newHarness(t, nil)
	for _, c := range []struct{ sub, variant, want string }{
		{"rules", "7x7", "I don't know the variant `7x7`: did you mean `brandubh` or `ard-ri`? (`/tafl rules` lists them all.)"},
		{"rules", "11X11", "I don't know the variant `11x11`: did you mean `copenhagen`, `fetlar`, `cyning-taefl` or `tawlbwrdd`? (`/tafl rules` lists them all.)"},
		{"rules", "13×13", "I don't know the variant `13×13`: did you mean `copenhagen`, `fetlar`, `cyning-taefl` or `tawlbwrdd`? (`/tafl rules` lists them all.)"},
		{"rules", "Viking", "I don't know the variant `viking`: did you mean `copenhagen`, `fetlar` or `hnefatafl-9`? (`/tafl rules` lists them all.)"},
		{"rules", "welsh", "I don't know the variant `welsh`: did you mean `tawlbwrdd`? (`/tafl rules` lists them all.)"},
		{"challenge", "9x9", "I don't know the variant `9x9`: did you mean `tablut`, `tablut-helmfrid` or `hnefatafl-9`? (`/tafl rules` lists them all.)"},
		{"rules", "7x9", "I don't know the variant `7x9`: pick one from the list (`/tafl rules` lists them all)."},
	} {
		if r, _ := h.slash(alice, c.sub, opt("variant", c.variant)); !isEphemeral(r) || r.Content != c.want {
			t.Errorf("/tafl %s variant:%s: %q, want %q", c.sub, c.variant, r.Content, c.want)
		}
	}
}

// TestVariantAutocompleteReadsSizesAndWords: the variant option's list
// (of /tafl challenge, ai, rules and puzzle) offered only the presets
// whose name contains what was typed, so a board size or a common word
// for some presets (7x7, 11×11, viking, irish) listed nothing, although
// the command answers them with the presets they may mean
// (TestVariantAliasSuggestsVariants). It lists those presets, and what
// the command reads exactly (a title, "ard ri"); a size being typed
// ("11x") lists that size's. Text that names nothing still lists nothing.
func TestVariantAutocompleteReadsSizesAndWords(t *testing.T) {
	h := newHarness(t, nil)
	eleven := []string{"copenhagen", "fetlar", "cyning-taefl", "tawlbwrdd"}
	for _, c := range []struct {
		typed string
		want  []string
	}{
		{"7x7", []string{"brandubh", "ard-ri"}},
		{"11×11", eleven},
		{"１１x１１", eleven}, // full-width digits
		{"11", eleven},
		{"11x", eleven},
		{"11x1", eleven},
		{"13x13", eleven}, // none has 13×13: the nearest size
		{"Viking", []string{"copenhagen", "fetlar", "hnefatafl-9"}},
		{"irish", []string{"brandubh", "ard-ri"}},
		{"welsh", []string{"tawlbwrdd"}},
		{"ard ri", []string{"ard-ri"}},
		{"brandub", []string{"brandubh"}},
		{"7x9", nil},
		{"zzz", nil},
	} {
		for _, sub := range []string{"challenge", "ai", "rules", "puzzle"} {
			if got := variantChoicesOf(t, h, sub, c.typed); !slices.Equal(got, c.want) {
				t.Errorf("/tafl %s variant:%s autocomplete: %q, want %q", sub, c.typed, got, c.want)
			}
		}
	}
}

// TestVariantAutocompleteOneCharacter: the variant option's list read a
// "1", the first digit of 11×11 or 19×19, as a board size of 1 and
// offered the presets of the nearest size, 7×7, until the next digit
// came. Digits alone are the beginning of a size: the presets whose size
// begins with them, smallest first; digits no size begins with ("8",
// "12") still give the nearest size, "0" nothing. A letter lists the
// presets whose name begins with it before those that only contain it
// ("h": hnefatafl-9 before copenhagen); one in no name lists nothing.
func TestVariantAutocompleteOneCharacter(t *testing.T) {
	h := newHarness(t, nil)
	seven := []string{"brandubh", "ard-ri"}
	nine := []string{"tablut", "tablut-helmfrid", "hnefatafl-9"}
	eleven := []string{"copenhagen", "fetlar", "cyning-taefl", "tawlbwrdd"}
	tawlbwrdd := []string{"tawlbwrdd", "tawlbwrdd/lewis", "tawlbwrdd/bell", "tawlbwrdd/lewis-cross"}
	for _, c := range []struct {
		typed string
		want  []string
	}{
		{"1", append(eleven, "alea-evangelii")},
		{"１", append(eleven, "alea-evangelii")}, // full-width
		{"7", seven},
		{"9", []string{"hnefatafl-9", "tablut", "tablut-helmfrid"}}, // the name with a 9 first
		{"2", seven},                  // no size begins with 2: the nearest
		{"8", append(seven, nine...)}, // as near to 7×7 as to 9×9
		{"12", eleven},
		{"0", nil},
		{"h", []string{"hnefatafl-9", "copenhagen", "brandubh", "tablut-helmfrid"}},
		{"a", append([]string{"ard-ri", "alea-evangelii", "copenhagen", "fetlar", "brandubh", "tablut", "tablut-helmfrid", "hnefatafl-9", "cyning-taefl"}, tawlbwrdd...)},
		{"w", tawlbwrdd},
		{"k", nil},
		{"x", nil},
	} {
		for _, sub := range []string{"challenge", "ai", "rules", "puzzle"} {
			if got := variantChoicesOf(t, h, sub, c.typed); !slices.Equal(got, c.want) {
				t.Errorf("/tafl %s variant:%s autocomplete: %q, want %q", sub, c.typed, got, c.want)
			}
		}
	}
}

// variantChoicesOf returns the values of the variant option's
// autocomplete of /tafl sub for alice typing typed.
func variantChoicesOf(t *testing.T, h *harness, sub, typed string) []string {
	t.Helper()
	o := opt("variant", typed)
	o.Focused = true
	in := h.slashInteraction(alice, sub, o)
	in.Type = discordgo.InteractionApplicationCommandAutocomplete
	h.bot.HandleGateway(t.Context(), in)
	r, _ := h.fake.callback(t, in.ID)
	var got []string
	for _, c := range r.Choices {
		got = append(got, c.Value.(string))
	}
	return got
}

// TestRulesDiagramsSizedByBoard: the worked examples of /tafl rules were
// 360 pixels wide for every board, alea-evangelii's 19×19 squares some
// 16 pixels; a diagram is as wide as squares of at least 28 pixels need
// (360 for 7×7 and 11×11 as before), within a board picture's width.
func TestRulesDiagramsSizedByBoard(t *testing.T) {
	h := newHarness(t, nil)
	h.adjust = func(o *bot.Options) { o.Render.Size = 0 } // boards of render.DefaultSize, 840
	h.restart()
	for _, c := range []struct {
		variant  string
		min, max int
	}{{"brandubh", 360, 360}, {"copenhagen", 360, 360}, {"alea-evangelii", 19*28 + 60, 700}} {
		in := h.slashInteraction(carol, "rules", opt("variant", c.variant))
		h.bot.HandleGateway(t.Context(), in)
		_, rec := h.fake.final(t, in)
		if len(rec.Files) < 2 {
			t.Fatalf("%s: %d pictures", c.variant, len(rec.Files))
		}
		for _, f := range rec.Files[1:] { // the first is the start board
			img, err := png.Decode(bytes.NewReader(f.Data))
			if err != nil {
				t.Fatalf("%s: %s: %v", c.variant, f.Name, err)
			}
			if w := img.Bounds().Dx(); w < c.min || w > c.max {
				t.Errorf("%s: %s is %d pixels wide, want %d to %d", c.variant, f.Name, w, c.min, c.max)
			}
		}
	}
}

// TestPuzzleVariantByTitle: /tafl puzzle reads a variant's title as the
// other commands do; "Copenhagen Hnefatafl" was "There is no variant".
func TestPuzzleVariantByTitle(t *testing.T) {
	out := runConsoleWith(t, bot.Options{}, []string{`/tafl puzzle variant:"Copenhagen Hnefatafl"`, `/tafl puzzle variant:"ard ri"`, "quit"})
	consoleSays(t, out, "** · copenhagen · rated", "There are no ard-ri puzzles here yet")
	if strings.Contains(out, "There is no variant") {
		t.Errorf("a title refused:\n%.1500s", out)
	}
}

// TestPuzzleVariantNearName: /tafl puzzle answers a near name with the
// names it may mean, as the other commands do; "brandub" was "There is
// no variant" without a suggestion.
func TestPuzzleVariantNearName(t *testing.T) {
	out := runConsoleWith(t, bot.Options{}, []string{`/tafl puzzle variant:brandub`, "quit"})
	consoleSays(t, out, "I don't know the variant `brandub`: did you mean `brandubh`?")
	if strings.Contains(out, "There is no variant") {
		t.Errorf("a near name refused without a suggestion:\n%.1500s", out)
	}
}

// TestNearVariantsJoinedByOr: the variants a mistyped name may mean are
// alternatives, joined by the reader's "or" ("`a`, `b` or `c`"), as the
// choices of an option are; they were joined by commas only.
func TestNearVariantsJoinedByOr(t *testing.T) {
	h := newHarness(t, nil)
	for _, c := range []struct{ lang, variant, want string }{
		{"en", "tablu", "I don't know the variant `tablu`: did you mean `tablut` or `tablut-helmfrid`? (`/tafl rules` lists them all.)"},
		{"de", "hnefatafl", "Ich kenne die Variante `hnefatafl` nicht: meintest du `copenhagen`, `fetlar` oder `hnefatafl-9`? (`/tafl rules` listet alle.)"},
		{"fi", "tablu", "En tunne muunnelmaa `tablu`: tarkoititko `tablut` tai `tablut-helmfrid`? (`/tafl rules` luettelee kaikki.)"},
		{"is", "tablu", "Ég þekki ekki afbrigðið `tablu`: áttirðu við `tablut` eða `tablut-helmfrid`? (`/tafl rules` sýnir þau öll.)"},
	} {
		h.slash(alice, "settings", opt("language", c.lang))
		if r, _ := h.slash(alice, "rules", opt("variant", c.variant)); r == nil || r.Content != c.want {
			t.Errorf("/tafl rules variant:%s in %s: %+v, want %q", c.variant, c.lang, r, c.want)
		}
	}
	out := runConsoleWith(t, bot.Options{}, []string{`/tafl puzzle variant:tablu`, "quit"})
	consoleSays(t, out, "I don't know the variant `tablu`: did you mean `tablut` or `tablut-helmfrid`?")
}

// TestRulesRefusalFitsTheCommand: /tafl rules only describes a variant,
// but a rules string it could not read was answered "I can't play that
// rules string", as a challenge's is; it says it cannot describe it,
// while /tafl challenge and /tafl ai still say they cannot play it.
func TestRulesRefusalFitsTheCommand(t *testing.T) {
	h := newHarness(t, nil)
	const bad = "# big [a](http://x)" // a ':' makes it a rules string
	for _, c := range []struct{ sub, want string }{
		{"rules", "I can't describe that rules string: "},
		{"ai", "I can't play that rules string: "},
		{"challenge", "I can't play that rules string: "},
	} {
		if r, _ := h.slash(alice, c.sub, opt("variant", bad)); !isEphemeral(r) || !strings.HasPrefix(r.Content, c.want) {
			t.Errorf("/tafl %s variant:%q: %q, want it to start %q", c.sub, bad, r.Content, c.want)
		}
	}
	// A start no game can be played from: described as refused, not played.
	const noAttackers = "dim:7 start:/7/7/3T3/2TKT2/3T3/7/7/"
	if r, _ := h.slash(alice, "rules", opt("variant", noAttackers)); !strings.HasPrefix(r.Content, "I can't describe that rules string: its start position has no attackers") {
		t.Errorf("/tafl rules variant:%q: %q", noAttackers, r.Content)
	}
	h.slash(alice, "settings", opt("language", "de"))
	if r, _ := h.slash(alice, "rules", opt("variant", bad)); !strings.HasPrefix(r.Content, "Ich kann diese Regelzeichenkette nicht beschreiben: ") {
		t.Errorf("/tafl rules variant:%q in German: %q", bad, r.Content)
	}
}
