package bot_test

import (
	"strings"
	"testing"

	"github.com/taflbot/taflbot/bot"
)

// TestVariantCustomAsksForTheRulesString: game headers, records and the
// leaderboard call the games of a rules string "custom", but
// `variant:custom` given to a command that plays or shows rules strings
// answered "I don't know the variant `custom`"; it says to give the rules
// string itself, in the user's language, and starts nothing.
func TestVariantCustomAsksForTheRulesString(t *testing.T) {
	out := runConsoleWith(t, bot.Options{}, []string{
		"/tafl challenge opponent:bob variant:custom",
		"/tafl ai variant:custom",
		"/tafl rules variant:custom",
		"/tafl settings language:de",
		"/tafl ai variant:Custom",
		"quit",
	})
	want := "Games under a rules string are called `custom`: to play one, give the rules string itself here"
	if n := strings.Count(out, want); n != 3 {
		t.Errorf("the English answer %d times, want 3 (challenge, ai, rules):\n%s", n, out)
	}
	consoleSays(t, out, "Partien nach einer Regelzeichenkette heißen `custom`: um eine zu spielen, gib hier die Regelzeichenkette selbst an")
	// A challenge or a game would have posted its picture.
	if strings.Contains(out, "I don't know the variant") || strings.Contains(out, "challenges @bob") || strings.Contains(out, "[picture:") {
		t.Errorf("variant:custom was taken for an unknown variant, or a challenge or game was made:\n%s", out)
	}
}

// TestLeaderboardOfARulesString: a rules string given to /tafl leaderboard
// was refused as for any preset-only command ("rules strings are for
// /tafl challenge, /tafl ai and /tafl rules"), not saying that their games
// are rated together as custom; it points to variant:custom.
func TestLeaderboardOfARulesString(t *testing.T) {
	out := runConsoleWith(t, bot.Options{}, []string{
		`/tafl leaderboard variant:"dim:7 start:/3t3/3t3/7/tt1K1tt/7/3T3/3t3/"`,
		"quit",
	})
	consoleSays(t, out, "The games of every rules string are rated together, as `custom`: `/tafl leaderboard` `variant:custom` shows them.")
	if strings.Contains(out, "rules strings are for") {
		t.Errorf("the preset-only refusal:\n%s", out)
	}
}

// TestUntitledCustomVariantInTheReadersLanguage: the tafl package titles a
// rules string without name: "Custom", and the board's alt text, the
// challenge's, the replay's and the rules page showed that English word in
// every language; they call it "a custom variant" in the reader's language
// (the rules string shown keeps name:Custom, as OTN records write it),
// and a rules string with a name: keeps its name.
func TestUntitledCustomVariantInTheReadersLanguage(t *testing.T) {
	const rules = `"dim:7 esc:e start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/"`
	const named = `"dim:7 name:Kastali esc:e start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/"`
	out := runConsoleWith(t, bot.Options{}, []string{
		"/tafl settings language:de",
		"/tafl challenge opponent:bob side:attackers variant:" + rules,
		"as bob", "click Annehmen", "as alice",
		"/tafl history",
		"/tafl rules variant:" + rules,
		"/tafl challenge opponent:bob side:attackers variant:" + named,
		"as bob", "click Annehmen",
		"quit",
	})
	consoleSays(t, out,
		"Herausforderung: Die Anfangsstellung einer eigenen Variante (7×7): 8 Angreifer, 4 Verteidiger",
		"Brett der Partie 1, eine eigene Variante (7×7), alice (Angreifer) gegen bob (Verteidiger).",
		"Animierte Wiedergabe der Partie 1, eine eigene Variante (7×7), alice (Angreifer)",
		"[taflbot] Eine eigene Variante (custom, 7×7)\n",
		"rules-custom.png — Die Anfangsstellung einer eigenen Variante (7×7)",
		"Herausforderung: Die Anfangsstellung von Kastali (7×7)",
		"Brett der Partie 2, Kastali (7×7), alice (Angreifer) gegen bob (Verteidiger).",
	)
	shown := strings.ReplaceAll(out, t.Name(), "") // the pictures' folder
	if n, kept := strings.Count(shown, "Custom"), strings.Count(shown, "name:Custom"); n != kept {
		t.Errorf(`"Custom" shown %d times outside a rules string's name:Custom:\n%s`, n-kept, out)
	}
}

// TestCustomGamesNamedInTheReadersLanguage: the games of a rules string
// are rated together under the key "custom", and the game header, the
// challenge and the record showed that English key in every language;
// they say it in the reader's (the game's) language, English keeping
// "custom".
func TestCustomGamesNamedInTheReadersLanguage(t *testing.T) {
	const rules = `"dim:7 esc:e start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/"`
	out := runConsoleWith(t, bot.Options{}, []string{
		"/tafl settings language:de",
		"/tafl challenge opponent:bob side:attackers variant:" + rules,
		"as bob", "click Annehmen", "as alice",
		"/tafl history",
		"quit",
	})
	consoleSays(t, out,
		"@alice fordert @bob zu einer Partie in einer **eigenen Variante** (7×7) heraus",
		"**Partie 1** · eigene Variante · @alice (Angreifer) gegen @bob (Verteidiger)",
		"Partie 1 (eigene Variante, ",
	)
	if strings.Contains(out, "custom ·") || strings.Contains(out, "**custom**") {
		t.Errorf("the key custom shown to a German reader:\n%s", out)
	}
	out = runConsoleWith(t, bot.Options{}, []string{
		"/tafl challenge opponent:bob side:attackers variant:" + rules,
		"as bob", "click Accept",
		"quit",
	})
	consoleSays(t, out, "**Game 1** · custom · @alice (attackers) vs @bob (defenders)")
}

// TestCustomChallengeSentence: a challenge in a rules string's variant
// has a sentence of its own in each language; it put the word for
// "custom" where a variant's name goes ("fordert @bob zu **eigene
// Variante** heraus", "challenges @bob to **custom**").
func TestCustomChallengeSentence(t *testing.T) {
	const rules = `"dim:7 esc:e start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/"`
	for lang, want := range map[string]string{
		"en": "@alice challenges @bob to a game in a **custom variant** (7×7), playing",
		"da": "@alice udfordrer @bob til et parti i en **egen variant** (7×7) og spiller",
		"de": "@alice fordert @bob zu einer Partie in einer **eigenen Variante** (7×7) heraus",
		"fi": "@alice haastaa: @bob, peli **omassa muunnelmassa** (7×7), pelaa",
		"is": "@alice skorar á @bob í skák í **eigin afbrigði** (7×7) og teflir",
		"no": "@alice utfordrer @bob til et parti i en **egen variant** (7×7) og spiller",
		"sv": "@alice utmanar @bob till ett parti i en **egen variant** (7×7) och spelar",
	} {
		out := runConsoleWith(t, bot.Options{}, []string{
			"/tafl settings language:" + lang,
			"/tafl challenge opponent:bob side:attackers variant:" + rules,
			"quit",
		})
		if !strings.Contains(out, want) {
			t.Errorf("%s: want %q in:\n%s", lang, want, out)
		}
	}
}

// TestLongRulesNameRefused: a rules string whose name: is long was
// accepted for a challenge, which showed the string cut at 1500
// characters, its start: lost, so that the opponent could not look its
// rules up; a name of more than 100 characters (and a string of more
// than 1500) is refused for a game with what to do, changing nothing,
// while /tafl rules still reads it.
func TestLongRulesNameRefused(t *testing.T) {
	const start = " start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/"
	long := `"dim:7 esc:e name:` + strings.Repeat("x", 1600) + start + `"`
	fits := `"dim:7 esc:e name:` + strings.Repeat("x", 100) + start + `"`
	out := runConsoleWith(t, bot.Options{}, []string{
		"/tafl challenge opponent:bob variant:" + long,
		"/tafl ai variant:" + long,
		"/tafl games",
		"/tafl challenge opponent:bob side:attackers variant:" + fits,
		"quit",
	})
	consoleSays(t, out,
		"I can't play that rules string: its name (name:) is 1600 characters long: give it a name of at most 100 characters.",
		"`dim:7 esc:e name:"+strings.Repeat("x", 100)+start+"`",
	)
	if n := strings.Count(out, "give it a name of at most 100 characters"); n != 2 {
		t.Errorf("refused %d times, want 2 (challenge and ai):\n%.3000s", n, out)
	}
	if strings.Count(out, "@alice challenges") != 1 || !strings.Contains(out, "@alice has no games in progress") {
		t.Errorf("the long name made a challenge:\n%.3000s", out)
	}
	out = runConsoleWith(t, bot.Options{}, []string{"/tafl rules variant:" + long, "quit"})
	if !strings.Contains(out, "**Pieces and turns**") {
		t.Errorf("/tafl rules of a long name:\n%.2000s", out)
	}
	out = runConsoleWith(t, bot.Options{}, []string{"/tafl settings language:de", "/tafl challenge opponent:bob variant:" + long, "quit"})
	consoleSays(t, out, "ihr Name (name:) ist 1600 Zeichen lang: gib ihr einen Namen von höchstens 100 Zeichen")
}
