package bot_test

import (
	"strings"
	"testing"
)

// private reports whether the answer was only for its user: ephemeral,
// or in the console printed "[to NAME] (only you)" with nothing public.
func private(v view) bool {
	return v.eph || strings.Contains(v.text, "] (only you) ") && !strings.Contains(v.text, "[taflbot]")
}

// TestLeaderboardEveryVariantAndProvisional: without a variant the
// leaderboard lists every variant with rated games; ratings of players
// with few games are marked provisional, there and in /tafl stats. An
// empty leaderboard, of every variant or of one, is answered privately
// (one variant's was posted for all to see).
func TestLeaderboardEveryVariantAndProvisional(t *testing.T) {
	eachMode(t, func(t *testing.T, d driver) {
		if v := d.do(t, "carol", "/tafl leaderboard"); !strings.Contains(v.text, "Nobody has a rated game in this server yet") || !private(v) {
			t.Errorf("empty leaderboard (private %v): %s", private(v), v.text)
		}
		if v := d.do(t, "carol", "/tafl leaderboard variant:tablut"); !strings.Contains(v.text, "Nobody has a rated tablut game in this server yet.") || !private(v) {
			t.Errorf("empty tablut leaderboard (private %v): %s", private(v), v.text)
		}
		startHumanGame(t, d, "brandubh")
		d.do(t, "alice", "/tafl move move:d2-c2")
		d.do(t, "bob", "/tafl move move:d3-e3")
		d.do(t, "alice", "/tafl resign")
		d.do(t, "alice", "click Yes, resign")
		startHumanGame(t, d, "tablut") // the defenders (bob) move first
		d.do(t, "bob", "/tafl move move:e3-b3")
		d.do(t, "alice", "/tafl move move:a4-a1")
		d.do(t, "bob", "/tafl resign")
		d.do(t, "bob", "click Yes, resign")

		v := d.do(t, "carol", "/tafl leaderboard")
		for _, want := range []string{"**Leaderboard · brandubh**", "**Leaderboard · tablut**", ") provisional · 1 rated game"} {
			if !strings.Contains(v.text, want) {
				t.Errorf("the leaderboard lacks %q:\n%s", want, v.text)
			}
		}
		if strings.Contains(v.text, "copenhagen") {
			t.Errorf("the leaderboard lists copenhagen, which has no rated game:\n%s", v.text)
		}
		if v := d.do(t, "carol", "/tafl leaderboard variant:tablut"); strings.Contains(v.text, "brandubh") || !strings.Contains(v.text, "tablut") || private(v) {
			t.Errorf("the tablut leaderboard:\n%s", v.text)
		}
		if v := d.do(t, "carol", "/tafl stats user:alice"); !strings.Contains(v.text, "brandubh: ") || !strings.Contains(v.text, "provisional · 1 rated game") {
			t.Errorf("alice's stats:\n%s", v.text)
		}
	})
}

// TestLeaderboardOfCustomVariants: rated games of rules strings are listed
// under "custom" on the leaderboard of every variant, but asking for that
// one (`variant:custom`) answered "I don't know the variant `custom`".
func TestLeaderboardOfCustomVariants(t *testing.T) {
	out := runConsole(t, consoleStore(t), 0, []string{
		`/tafl challenge opponent:bob side:attackers variant:"dim:11 efe:y start:/4TKT4/4T1T4/4T1T4/11/5T5/t9t/11/11/2t8/11/11/"`,
		"as bob", "click Accept",
		"as alice", "/tafl move a6-a7",
		"as bob", "/tafl move f5-f3",
		"/tafl leaderboard variant:custom",
		"/tafl leaderboard variant:Custom",
	})
	consoleSays(t, out, "the king built an exit fort", "**Leaderboard · custom**\n    1. @bob · 1662")
	if strings.Contains(out, "I don't know the variant") || strings.Count(out, "**Leaderboard · custom**") != 2 {
		t.Errorf("the leaderboard of the custom variants:\n%s", out)
	}
}
