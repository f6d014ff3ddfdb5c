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
