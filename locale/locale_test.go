package locale_test

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/taflbot/taflbot/locale"
	"golang.org/x/text/language"
)

// verbs matches fmt verbs (with flags, width, precision and explicit
// argument indexes).
var verbs = regexp.MustCompile(`%(\[\d+\])?[-+# 0]*\d*(\.\d+)?[a-zA-Z%]`)

// verbSet returns the verbs of a format, indexes stripped, sorted: a
// translation may reorder its arguments but must use the same ones.
func verbSet(s string) []string {
	var out []string
	for _, v := range verbs.FindAllString(s, -1) {
		out = append(out, regexp.MustCompile(`\[\d+\]`).ReplaceAllString(v, ""))
	}
	slices.Sort(out)
	return out
}

// TestEveryMessageHasEveryLanguage: every key of the English catalog has
// a text in every language, no language has a key English lacks, and
// each translation uses the same fmt verbs (and, for plurals, is a
// plural).
func TestEveryMessageHasEveryLanguage(t *testing.T) {
	keys := locale.Keys()
	if len(keys) < 4 {
		t.Fatalf("only %d keys", len(keys))
	}
	for _, l := range locale.Langs {
		for _, k := range keys {
			want, _ := locale.Text(language.English, k)
			got, ok := locale.Text(l.Tag, k)
			switch {
			case !ok || strings.TrimSpace(got) == "" || got == "|":
				t.Errorf("%s: %q is missing", l.Name, k)
			case strings.Contains(want, "|") != strings.Contains(got, "|"):
				t.Errorf("%s: %q: %q and English %q are not both plurals", l.Name, k, got, want)
			default:
				for i, part := range strings.Split(got, "|") {
					wantPart := strings.Split(want, "|")[i]
					if !slices.Equal(verbSet(part), verbSet(wantPart)) {
						t.Errorf("%s: %q: verbs %v, English has %v", l.Name, k, verbSet(part), verbSet(wantPart))
					}
				}
			}
		}
	}
	// And nothing extra: every key a language has is an English key.
	for _, l := range locale.Langs {
		n := 0
		for _, k := range keys {
			if _, ok := locale.Text(l.Tag, k); ok {
				n++
			}
		}
		if n != len(keys) {
			t.Errorf("%s has %d of %d keys", l.Name, n, len(keys))
		}
	}
}

func TestMatch(t *testing.T) {
	for _, c := range []struct {
		in   []string
		want language.Tag
	}{
		{[]string{"sv-SE"}, language.Swedish},
		{[]string{"da"}, language.Danish},
		{[]string{"no"}, language.Norwegian},
		{[]string{"de"}, language.German},
		{[]string{"fi"}, language.Finnish},
		{[]string{"is"}, language.Icelandic},
		{[]string{"en-GB"}, language.English},
		{[]string{"fr"}, language.English},
		{[]string{"", "fi"}, language.Finnish},
		{[]string{"zh-CN", "de"}, language.German},
		{[]string{"nonsense!"}, language.English},
		{nil, language.English},
	} {
		if got := locale.Match(c.in...); got != c.want {
			t.Errorf("Match(%q) = %v, want %v", c.in, got, c.want)
		}
	}
	for _, s := range []string{"is", "Íslenska", "no", "nb", "sv", "sv-SE", "dansk"} {
		if _, ok := locale.Lookup(s); !ok {
			t.Errorf("Lookup(%q) failed", s)
		}
	}
	if _, ok := locale.Lookup("klingon"); ok {
		t.Error("Lookup found klingon")
	}
}

func TestPrinter(t *testing.T) {
	cases := []struct {
		tag  language.Tag
		n    int
		want string
	}{
		{language.English, 1, "1 game in progress"},
		{language.English, 2, "2 games in progress"},
		{language.Danish, 1, "1 parti i gang"},
		{language.Danish, 3, "3 partier i gang"},
		{language.Finnish, 5, "5 peliä käynnissä"},
		// Icelandic's CLDR rule: "one" for 21 too (ends in 1, not 11).
		{language.Icelandic, 21, "21 skák í gangi"},
		{language.Icelandic, 11, "11 skákir í gangi"},
		{language.German, 0, "0 laufende Partien"},
	}
	for _, c := range cases {
		if got := locale.For(c.tag).T("games.in_progress", c.n); got != c.want {
			t.Errorf("%v, %d: %q, want %q", c.tag, c.n, got, c.want)
		}
	}
	// A language without its own catalog gets English, as does a nil printer.
	if got := locale.For(language.French).T("clock.left", "5m"); got != "5m left" {
		t.Errorf("French fallback: %q", got)
	}
	var nilPrinter *locale.Printer
	if got := nilPrinter.T("clock.left", "5m"); got != "5m left" {
		t.Errorf("nil printer: %q", got)
	}
	if got := locale.For(language.German).T("clock.left", "5m"); got != "noch 5m" {
		t.Errorf("German: %q", got)
	}
}

// TestNumbersNotGrouped: numbers in messages are written as they are
// (x/text's printer groups digits by language: a Discord timestamp
// "<t:1,700,000,000:R>" or a command "game:1.234" would break), while a
// plural's count still chooses the form.
func TestNumbersNotGrouped(t *testing.T) {
	for _, l := range locale.Langs {
		p := locale.For(l.Tag)
		if got := p.T("tour.state_signup", int64(1700000000), 12345, "x"); !strings.Contains(got, "<t:1700000000:R>") || !strings.Contains(got, "12345") {
			t.Errorf("%s: %q", l.Name, got)
		}
		if got := p.T("Game %d · %s", uint64(1234), "brandubh"); !strings.Contains(got, " 1234 ") {
			t.Errorf("%s: %q", l.Name, got)
		}
	}
	en := locale.For(language.English)
	if one, many := en.T("%d rated games", 1), en.T("%d rated games", 2); one != "1 rated game" || many != "2 rated games" {
		t.Errorf("plural: %q, %q", one, many)
	}
	if got := locale.For(language.Finnish).T("%d rated games", 1); got != "1 pisteytetty peli" {
		t.Errorf("Finnish plural: %q", got)
	}
}

// TestFloatsNotGrouped: a rating written with %.0f or %+.0f stays as fmt
// writes it in every language (x/text wrote "1,500" and "1.500").
func TestFloatsNotGrouped(t *testing.T) {
	for _, l := range locale.Langs {
		got := locale.For(l.Tag).T("Your puzzle rating: %.0f → %.0f (%+.0f).", 1500.0, 1673.4, 173.4)
		if !strings.Contains(got, "1500 → 1673 (+173)") {
			t.Errorf("%s: %q", l.Name, got)
		}
	}
}

// TestGermanPuzzleIsRaetsel: German calls a puzzle "Rätsel", as its
// command (`/tafl rätsel`) does; "Aufgabe" is the resignation ("Die
// Verteidiger gewinnen — Aufgabe") and nothing else.
func TestGermanPuzzleIsRaetsel(t *testing.T) {
	for _, k := range locale.Keys() {
		en, _ := locale.Text(language.English, k)
		de, _ := locale.Text(language.German, k)
		if strings.Contains(de, "Aufgabe") && !strings.Contains(strings.ToLower(en), "resign") {
			t.Errorf("%q is %q in German: Aufgabe means the resignation", en, de)
		}
		if strings.Contains(strings.ReplaceAll(strings.ToLower(en), "/tafl puzzle", ""), "puzzle") && !strings.Contains(strings.ToLower(de), "rätsel") {
			t.Errorf("%q is %q in German, without Rätsel", en, de)
		}
	}
}

// oneWord lists, per language, a word (a regular expression) that must
// not appear in any of its texts, and what the language says instead: a
// player should meet one name for one thing (a button that says one word
// and a reply another reads like two features), and no leftover English
// or misspelling.
var oneWord = []struct {
	lang         language.Tag
	wrong, right string
}{
	// The button is "Revanche"; "omkamp" is another word for the same.
	{language.Danish, `(?i)\bomkamp`, "revanche"},
	// /tafl history's "genafspilning" everywhere else.
	{language.Danish, `(?i)gennemspilning`, "genafspilning"},
	// English left in: Danish says "ratet", "ratede partier".
	{language.Danish, `(?i)\brated\b`, "ratet/ratede"},
	// The button is "Returmatch".
	{language.Swedish, `(?i)returparti`, "returmatch"},
	// /tafl history's "repris" everywhere else.
	{language.Swedish, `(?i)uppspelning`, "repris"},
	// "botten" is the bottom; the bot is "boten".
	{language.Swedish, `(?i)\bbotten\b`, "boten"},
	// A rating is "en rating" (and "rating", not "rankning", as in
	// "ratingändring" and "problemrating").
	{language.Swedish, `(?i)\bditt problemrating`, "din problemrating"},
	{language.Swedish, `(?i)\brankn?ing`, "rating"},
	// "rutor" are the board's squares; the defenders are square pieces.
	{language.Swedish, `(?i)ljusa rutor`, "ljusa fyrkanter"},
	// /tafl history's "avspilling" everywhere else.
	{language.Norwegian, `(?i)gjennomspilling`, "avspilling"},
	// A Swiss is "monrad" in every other Norwegian text.
	{language.Norwegian, `(?i)sveitser`, "monrad"},
	// "ruter" are the board's squares; the defenders are square pieces.
	{language.Norwegian, `(?i)lyse ruter`, "lyse firkantede brikker"},
	// The attackers are "sóknarmenn" and the defenders "varnarmenn"
	// (with "kóngurinn") everywhere else.
	{language.Icelandic, `(?i)árásarm`, "sóknarmenn"},
	{language.Icelandic, `(?i)verjend`, "varnarmenn"},
	// Green is "græn" (a typo).
	{language.Icelandic, `(?i)\bgrön\b`, "græn"},
	// A rated game is "pisteytetty" (as in "%d pisteytettyä peliä"), a
	// rating "luokitus".
	{language.Finnish, `(?i)luokiteltu`, "pisteytetty"},
	{language.Finnish, `(?i)rankat`, "luokitus"},
	// The button is "Uusintapeli"; a replay is "toisto".
	{language.Finnish, `(?i)\buusintaa\b|uusintaottelu|animoitu uusinta`, "uusintapeli (rematch), toisto (replay)"},
	// A review is "arvio", a variant "muunnelma", a record "kirjaus".
	{language.Finnish, `(?i)katsau`, "arvio"},
	{language.Finnish, `(?i)variantti`, "muunnelma"},
	{language.Finnish, `(?i)pöytäkirja`, "kirjaus"},
	// Not a word: "peruaksesi".
	{language.Finnish, `(?i)perujaksesi`, "peruaksesi"},
	// A resignation is "luovutus"; a forfeit is not one.
	{language.Finnish, `(?i)luovutukset`, "pelaamatta"},
}

// TestOneWordPerConcept: no text of a language matches a word listed in
// oneWord for it.
func TestOneWordPerConcept(t *testing.T) {
	for _, w := range oneWord {
		re := regexp.MustCompile(w.wrong)
		for _, k := range locale.Keys() {
			if text, _ := locale.Text(w.lang, k); re.MatchString(text) {
				t.Errorf("%v: %q matches %s: use %q", w.lang, text, w.wrong, w.right)
			}
		}
	}
}

// TestDefaultsNameTheChoice: a description that names a choice as the
// default, such as "How strong the bot plays (default: medium)", names it
// as the choice itself reads in that language.
func TestDefaultsNameTheChoice(t *testing.T) {
	defaultRe := regexp.MustCompile(`default: ([a-zA-Z ]+)\)`)
	for _, k := range locale.Keys() {
		for _, m := range defaultRe.FindAllStringSubmatch(k, -1) {
			if !locale.Has(m[1]) {
				continue
			}
			for _, l := range locale.Langs {
				text, _ := locale.Text(l.Tag, k)
				choice, _ := locale.Text(l.Tag, m[1])
				if !strings.Contains(strings.ToLower(text), strings.ToLower(choice)) {
					t.Errorf("%s: %q does not name the choice %q", l.Name, text, choice)
				}
			}
		}
	}
}

// mustSay lists texts whose translation must hold a phrase: a grammar
// or a term that a word list cannot check.
var mustSay = []struct {
	lang        language.Tag
	key, phrase string
}{
	// The rules say the attackers catch ("fangen") the king; "geschlagen"
	// is for the other pieces.
	{language.German, "the king was captured", "gefangen"},
	// "sich zurückziehen" is reflexive.
	{language.German, "tour.forfeit", "der sich zurückgezogen hat"},
	{language.German, "tour.forfeit_both", "haben sich"},
	// Countable: "flere" ("mere" is for amounts).
	{language.Danish, "… and %d more.", "og %d flere"},
	// Leaving a tournament was "Hætta við", the word for aborting a game.
	{language.Icelandic, "tour.btn_leave", "Afskrá mig"},
	{language.Icelandic, "leave", "afskrá sig"},
	{language.Icelandic, "tour.left", "afskráð þig"},
	{language.Icelandic, "Tournaments: create (managers), join, leave, start, withdraw, standings, cancel", "afskrá sig"},
	// Discord has no Icelandic: the permission reads as in English, as
	// the settings reply says.
	{language.Icelandic, "tour.managers_create", "Manage Server"},
	// A fallen flag ends the game, which may still be drawn.
	{language.Icelandic, "err.flag_fell", "lýkur á tíma"},
	// Hints are for games against the engine only.
	{language.Finnish, "`/tafl analyse` a game's review · `/tafl puzzle` puzzles (daily: `/tafl settings` `daily_channel`) · **💡 %s** in games against me", "peleissä minua vastaan"},
}

// TestMustSay: each text listed in mustSay holds its phrase.
func TestMustSay(t *testing.T) {
	for _, m := range mustSay {
		text, ok := locale.Text(m.lang, m.key)
		if !ok {
			t.Errorf("%v: no text %q", m.lang, m.key)
		} else if !strings.Contains(text, m.phrase) {
			t.Errorf("%v: %q lacks %q", m.lang, text, m.phrase)
		}
	}
}

// args returns the arguments a format uses, as "index:verb" (explicit
// indexes such as %[2]s resolved), sorted: a translation may reorder its
// words but must give each argument the verb the English gives it.
func args(format string) []string {
	var out []string
	i := 0
	for _, m := range verbs.FindAllStringSubmatch(format, -1) {
		if m[0] == "%%" {
			continue
		}
		if m[1] != "" {
			i, _ = strconv.Atoi(strings.Trim(m[1], "[]"))
		} else {
			i++
		}
		out = append(out, strconv.Itoa(i)+":"+regexp.MustCompile(`\[\d+\]`).ReplaceAllString(m[0], ""))
	}
	slices.Sort(out)
	return out
}

var (
	discordToken = regexp.MustCompile(`<(@|#|t:)[^>]*>`)
	codeSpan     = regexp.MustCompile("`[^`]*`")
	codeWord     = regexp.MustCompile(`<[^>%]+>`) // a placeholder word such as variant:<name>
)

// sorted returns the matches of re in s, sorted.
func sorted(re *regexp.Regexp, s string) []string {
	out := re.FindAllString(s, -1)
	for i := range out {
		out[i] = codeWord.ReplaceAllString(out[i], "<…>")
	}
	slices.Sort(out)
	return out
}

// shownSpans returns the code spans of an English text as a text of
// language l writes them: an option named in one (`game`, `game:3`,
// `action:withdraw`) carries the option's and the choice's name in l
// where Discord shows l's names (not in English, nor Icelandic, which
// Discord lacks), and a true-or-false value (`casual:True`) becomes the
// option's name alone; everything else is kept.
func shownSpans(l locale.Lang, spans []string) []string {
	out := slices.Clone(spans)
	if l.Discord == "" || l.Tag == language.English {
		return out
	}
	for i, s := range out {
		head, val, hasVal := strings.Cut(strings.Trim(s, "`"), ":")
		name, ok := locale.Text(l.Tag, "name."+head)
		if !ok {
			continue
		}
		if c, ok := locale.Text(l.Tag, val); ok && hasVal && val != "" {
			val = c
		}
		if val == "True" || val == "False" {
			// A true-or-false value: Discord's picker may show it in
			// words of the reader's language that no document gives,
			// so the text names the option alone (and says on or off
			// in its own words; see bot's TestCatalogCommandReferences).
			hasVal = false
		}
		if hasVal {
			name += ":" + val
		}
		out[i] = "`" + name + "`"
	}
	slices.Sort(out)
	return out
}

// TestFormattingSurvivesTranslation: every translation (each plural form
// against the same English form) gives each argument the English verb in
// the English position (%d where the English counts, the mention's %s
// where it mentions), keeps Discord's mentions and timestamps (<@%s>,
// <#%s>, <t:%d:R>) and the code spans (command and option names, which
// the user types: `/tafl move`, `d1-d4`; a placeholder word such as <name>
// may be translated, and an option's name is the one Discord shows in the
// language, see shownSpans), and leaves no bold or code mark unclosed.
func TestFormattingSurvivesTranslation(t *testing.T) {
	for _, k := range locale.Keys() {
		en, _ := locale.Text(language.English, k)
		enForms := strings.Split(en, "|")
		for _, l := range locale.Langs {
			text, _ := locale.Text(l.Tag, k)
			for i, form := range strings.Split(text, "|") {
				if i >= len(enForms) {
					break // TestEveryMessageHasEveryLanguage reports it
				}
				want := enForms[i]
				if got, w := args(form), args(want); !slices.Equal(got, w) {
					t.Errorf("%s: %q: arguments %v, English %v", l.Name, form, got, w)
				}
				if got, w := sorted(discordToken, form), sorted(discordToken, want); !slices.Equal(got, w) {
					t.Errorf("%s: %q: Discord syntax %q, English %q", l.Name, form, got, w)
				}
				if got, w := sorted(codeSpan, form), shownSpans(l, sorted(codeSpan, want)); !slices.Equal(got, w) {
					t.Errorf("%s: %q: code %q, English %q", l.Name, form, got, w)
				}
				if strings.Count(form, "**")%2 != 0 || strings.Count(form, "`")%2 != 0 {
					t.Errorf("%s: %q: an unclosed ** or `", l.Name, form)
				}
			}
		}
	}
}

// TestReviewClassesOneWord: a review's note under its turning points
// names the three classes of moves with the words its lines use for them
// (Icelandic said 'afglöp' on a line and 'afleikur' in the note,
// Norwegian 'bommert' and 'tabbe', Swedish 'blunder' and 'grovt
// misstag').
func TestReviewClassesOneWord(t *testing.T) {
	for _, note := range []string{
		"-# The engine searched %d nodes a position; inaccuracy, mistake, blunder: a drop of 10, 20, 30 points.",
		"A move that lowers its side's chance by 10, 20, 30 points is an inaccuracy, a mistake, a blunder.", // the text file's
	} {
		for _, l := range locale.Langs {
			text, _ := locale.Text(l.Tag, note)
			for _, class := range []string{"inaccuracy", "mistake", "blunder"} {
				if word, _ := locale.Text(l.Tag, class); !strings.Contains(strings.ToLower(text), strings.ToLower(word)) {
					t.Errorf("%s: the review's note %q does not name the class %q as its lines do (%q)", l.Name, text, class, word)
				}
			}
		}
	}
}

// TestNoTextPointsAtTheRepository: the answers to a bad or `custom`
// variant said "see docs/notation.md", a file of the bot's source that a
// Discord user cannot open; no text names one (they give an example
// instead).
func TestNoTextPointsAtTheRepository(t *testing.T) {
	for _, k := range locale.Keys() {
		for _, l := range locale.Langs {
			if text, _ := locale.Text(l.Tag, k); strings.Contains(text, "docs/") || strings.Contains(text, ".md") {
				t.Errorf("%s: %q names a file of the repository", l.Name, text)
			}
		}
	}
}

// TestRowCountReadsRightForOne: a position's row count may be 1 ("/7/"),
// and "the record has 1 rows" read wrong in every language: the count is
// not followed by a noun whose plural it would need ("rows in the
// record: 1").
func TestRowCountReadsRightForOne(t *testing.T) {
	noun := regexp.MustCompile(`^\s*\pL`)
	for _, k := range []string{"tafl.position.rows", "tafl.position.board_rows"} {
		for _, l := range locale.Langs {
			text, _ := locale.Text(l.Tag, k)
			i := strings.Index(text, "%d")
			if i < 0 || noun.MatchString(text[i+2:]) {
				t.Errorf("%s: %s: %q puts a noun after the row count, which can be 1", l.Name, k, text)
			}
		}
	}
}

// TestPuzzleSolvedCountReadsWell: a puzzle's header says how many of
// the players who tried it solved it; German read "gelöst von 0 von 1",
// Danish, Norwegian, Swedish and Icelandic "løst af 0 af 1" alike: the
// same word before both numbers.
func TestPuzzleSolvedCountReadsWell(t *testing.T) {
	before := regexp.MustCompile(`(\pL+)\s*%d`)
	for _, l := range locale.Langs {
		text, _ := locale.Text(l.Tag, "solved by %d of %d")
		if m := before.FindAllStringSubmatch(text, -1); len(m) == 2 && strings.EqualFold(m[0][1], m[1][1]) {
			t.Errorf("%s: %q has %q before both numbers", l.Name, text, m[0][1])
		}
	}
}

// TestGroupedNumber: a Grouped count is written in the language's number
// format, as the count choosing a plural form is; other numbers plain.
func TestGroupedNumber(t *testing.T) {
	for tag, want := range map[language.Tag]string{language.English: "400,000 400000", language.German: "400.000 400000",
		language.Norwegian: "400\u00a0000 400000"} {
		if got := locale.For(tag).T("%d %d", locale.Grouped(400000), 400000); got != want {
			t.Errorf("%v: %q, want %q", tag, got, want)
		}
	}
}

// TestDecimalNumber: a Decimal is written with the language's decimal
// separator and minus sign (the review's scores in attackers), a plain
// float as fmt writes it.
func TestDecimalNumber(t *testing.T) {
	for tag, want := range map[language.Tag]string{language.English: "+4.4 -3.0 4.4", language.German: "+4,4 -3,0 4.4",
		language.Norwegian: "+4,4 \u22123,0 4.4", language.Finnish: "+4,4 \u22123,0 4.4"} {
		if got := locale.For(tag).T("%+.1f %+.1f %.1f", locale.Decimal(4.4), locale.Decimal(-3), 4.4); got != want {
			t.Errorf("%v: %q, want %q", tag, got, want)
		}
	}
}
