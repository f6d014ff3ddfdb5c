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

// TestLeaderboardOfCustomGames: games played under rules strings are
// rated together as custom, which the leaderboard of every variant and
// /tafl stats name; /tafl leaderboard variant:custom shows that
// leaderboard (it was refused as an unknown variant), and autocomplete
// offers it.
func TestLeaderboardOfCustomGames(t *testing.T) {
	eachMode(t, func(t *testing.T, d driver) {
		startHumanGame(t, d, `"dim:7 esc:e start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/"`)
		d.do(t, "alice", "/tafl move move:a4-a3")
		d.do(t, "bob", "/tafl move move:c4-c3")
		d.do(t, "bob", "/tafl resign")
		d.do(t, "bob", "click Yes, resign")
		if v := d.do(t, "carol", "/tafl leaderboard"); !strings.Contains(v.text, "**Leaderboard · custom**") {
			t.Fatalf("the leaderboard of every variant:\n%s", v.text)
		}
		for _, asked := range []string{"custom", "Custom"} {
			v := d.do(t, "carol", "/tafl leaderboard variant:"+asked)
			if !strings.Contains(v.text, "**Leaderboard · custom**") || !strings.Contains(v.text, "1. @alice") && !strings.Contains(v.text, "1. <@") || private(v) {
				t.Errorf("variant:%s (private %v):\n%s", asked, private(v), v.text)
			}
		}
		if v := d.do(t, "carol", "complete /tafl leaderboard variant:cus"); !strings.Contains(v.text, "custom") {
			t.Errorf("autocomplete of variant:cus: %s", v.text)
		}
	})
}
