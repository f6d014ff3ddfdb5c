package bot_test

import (
	"strings"
	"testing"

	"github.com/taflbot/taflbot/bot"
)

// TestUserStringsWithoutBidiOverrides: a right-to-left override (U+202E)
// or another explicit bidirectional control typed into a display name, a
// rules string's name: or an echoed option mirrored the rest of every
// line the bot showed it in (the challenge's "— `/tafl rules` …", a game
// list's "· your turn"), and shows nothing itself; a tournament's name of
// one, or of zero-width spaces alone (shown as "🏆 ** **"), was taken.
// Users' strings are kept and shown without them, and such tournament
// names are refused; names in other scripts and emoji joined with
// zero-width joiners stay as typed.
func TestUserStringsWithoutBidiOverrides(t *testing.T) {
	const rlo = "\u202e"
	out := runConsoleWith(t, bot.Options{}, []string{
		`/tafl tournament action:create name:"Cup` + rlo + `x"`,
		"/tafl tournament action:create name:\u200b\u200b",
		"/tafl tournament action:create name:\"\u2067Cup\u2069\"",
		"/tafl tournament action:create name:\"👨\u200d👩\u200d👧 Кубок\"",
		`/tafl challenge opponent:bob side:attackers variant:"dim:7 name:` + rlo + `yz esc:c start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/"`,
		"as bob",
		"click Accept",
		"as alice",
		`/tafl move move:"` + rlo + `zz"`,
		"as " + rlo + "carol",
		"/tafl ai level:easy side:attackers",
		"quit",
	})
	consoleSays(t, out,
		"**👨\u200d👩\u200d👧 Кубок** (tournament 1)",
		"Rules string: `dim:7 name:yz esc:c",
		"I can't read `zz`",
		"against taflbot (easy) (defenders)",
		"carol (attackers) against taflbot")
	if n := strings.Count(out, "Give the tournament a `name` of 1 to 60 characters, without mentions or formatting marks."); n != 3 {
		t.Errorf("%d tournament names refused, want 3:\n%s", n, out)
	}
	// The console's own lines name the user as typed: "you are ‮carol",
	// and its mentions "@‮carol".
	rest := strings.NewReplacer("you are "+rlo+"carol", "", "@"+rlo+"carol", "").Replace(out)
	for _, line := range strings.Split(rest, "\n") {
		if strings.ContainsAny(line, "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069") {
			t.Errorf("a bidirectional control in %q", line)
		}
	}
}

// TestBlankNames: a name of the characters Discord users take for a
// blank name, the Hangul filler (U+3164) or the blank braille pattern
// (U+2800), was shown as it is, as nothing ("alice against  (defenders)",
// a tournament "🏆 **ㅤ**"); a player's is "a player", as a name of
// zero-width spaces is, and a tournament's is refused.
func TestBlankNames(t *testing.T) {
	out := runConsoleWith(t, bot.Options{}, []string{
		"/tafl tournament action:create name:\u3164",
		"/tafl tournament action:create name:\"\u2800 \u2800\"",
		"/tafl tournament action:create name:Cup time:5+0 variant:brandubh",
		"as \u3164",
		"/tafl ai level:easy side:attackers variant:brandubh",
		"click Join",
		"as bob", "click Join", `click "Start now"`,
		"as \u3164", "/tafl resign game:2", `click "Yes, resign"`,
		"quit",
	})
	// The standings named a player without a name by their user id.
	consoleSays(t, out, "a player (attackers) against taflbot", "2. a player: Points 0, Games 1")
	if n := strings.Count(out, "Give the tournament a `name` of 1 to 60 characters"); n != 2 {
		t.Errorf("%d blank tournament names refused, want 2:\n%s", n, out)
	}
}
