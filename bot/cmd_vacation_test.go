package bot_test

import (
	"strings"
	"testing"
	"time"
)

// TestVacation: a player pauses their clocks for some days within the
// server's yearly allowance; the board says so; ending early gives the
// days back; a server can allow none. In every mode.
func TestVacation(t *testing.T) {
	eachMode(t, func(t *testing.T, d driver) {
		g := startHumanGame(t, d, "brandubh")
		before := g.Deadline
		v := d.do(t, "alice", "/tafl vacation")
		if !strings.Contains(v.text, "You are not on vacation") || !strings.Contains(v.text, "14d 0h of the 14 days") {
			t.Errorf("vacation status: %s", v.text)
		}
		v = d.do(t, "alice", "/tafl vacation days:5")
		if !strings.Contains(v.text, "You are on vacation until") || !strings.Contains(v.text, "9d 0h of the 14 days") {
			t.Errorf("starting a vacation: %s", v.text)
		}
		got, err := d.store().GetGame(t.Context(), g.ID)
		if err != nil {
			t.Fatal(err)
		}
		if shift := got.Deadline.Sub(before); shift != 5*24*time.Hour {
			t.Errorf("alice's deadline moved by %v, want 5 days", shift)
		}
		v = d.do(t, "bob", "/tafl board")
		if !strings.Contains(v.text, "is on vacation until") || len(v.alts) != 1 || !strings.Contains(v.alts[0], "on vacation") {
			t.Errorf("the board during the vacation: %s (alt %q)", v.text, v.alts)
		}
		if v := d.do(t, "alice", "/tafl vacation days:15"); !strings.Contains(v.text, "You have 9d 0h of vacation left") {
			t.Errorf("asking for more than is left: %s", v.text)
		}
		// days counts from now: fewer days than are left of the vacation
		// change nothing and say so (before, the answer showed the
		// vacation as if granted); more extend it by the difference.
		if v := d.do(t, "alice", "/tafl vacation days:3"); !strings.Contains(v.text, "already, later than the end you asked for: nothing was changed") || !strings.Contains(v.text, "`days:0`") {
			t.Errorf("asking for fewer days than are left: %s", v.text)
		}
		if got, _ := d.store().GetGame(t.Context(), g.ID); got.Deadline.Sub(before) != 5*24*time.Hour {
			t.Errorf("after asking for fewer days alice's deadline moved by %v, want 5 days", got.Deadline.Sub(before))
		}
		v = d.do(t, "alice", "/tafl vacation days:7")
		if !strings.Contains(v.text, "You are on vacation until") || !strings.Contains(v.text, "7d 0h of the 14 days") {
			t.Errorf("extending the vacation: %s", v.text)
		}
		v = d.do(t, "alice", "/tafl vacation days:0")
		if !strings.Contains(v.text, "Welcome back") || !strings.Contains(v.text, "14d 0h of the 14 days") && !strings.Contains(v.text, "13d 23h of the 14 days") {
			t.Errorf("ending the vacation: %s", v.text)
		}
		if got, _ := d.store().GetGame(t.Context(), g.ID); got.Deadline.Sub(before) > time.Minute {
			t.Errorf("after the vacation the deadline is %v later than before", got.Deadline.Sub(before))
		}
		// Ending it again: there is nothing to end, and no one to welcome back.
		if v := d.do(t, "alice", "/tafl vacation days:0"); strings.Contains(v.text, "Welcome back") || !strings.Contains(v.text, "You are not on vacation") {
			t.Errorf("days:0 when not on vacation: %s", v.text)
		}
		d.do(t, "carol", "/tafl settings vacation:0") // carol manages the server
		if v := d.do(t, "alice", "/tafl vacation days:1"); !strings.Contains(v.text, "allows no vacations") {
			t.Errorf("a server without vacations: %s", v.text)
		}
		// Its status says so too (it said "no time of the 0 days this
		// server allows").
		if v := d.do(t, "alice", "/tafl vacation"); !strings.Contains(v.text, "This server allows no vacations") || strings.Contains(v.text, "of the 0 days") {
			t.Errorf("the status in a server without vacations: %s", v.text)
		}
	})
}

// TestVacationOnlyWhenItPausesSomething: a vacation pauses correspondence
// clocks; with none going, and none that could start while the player is
// away (an open correspondence challenge of theirs, a correspondence
// tournament they play in), it is refused and uses up no days. Before, it
// took the days all the same. A live game alone does not count: its clock
// runs on.
func TestVacationOnlyWhenItPausesSomething(t *testing.T) {
	const refused = "A vacation pauses the clocks of your correspondence games, and you have none going in this server (nor an open challenge or a tournament that could start one): it would only use up your days. Nothing was changed."
	text := runConsole(t, consoleStore(t), 0, []string{
		"/tafl vacation days:3", // no game at all
		"/tafl vacation",
		"/tafl challenge opponent:bob variant:brandubh time:5+0",
		"as bob", "click Accept",
		"/tafl vacation days:3", // a live game only
		"/tafl challenge variant:brandubh",
		"/tafl vacation days:3", // an open correspondence challenge
		"as carol", "/tafl tournament action:create name:Q", "/tafl tournament action:join",
		"/tafl vacation days:2", // a correspondence tournament
		"quit",
	})
	consoleSays(t, text,
		"[to alice] (only you) "+refused,
		"[to alice] (only you) You are not on vacation.\n    Vacation left this year: 14d 0h of the 14 days",
		"[to bob] (only you) "+refused,
		"Vacation left this year: 11d 0h of the 14 days",
		"Vacation left this year: 12d 0h of the 14 days",
	)
	if n := strings.Count(text, refused); n != 2 {
		t.Errorf("%d refusals, want 2:\n%s", n, text)
	}
}

// TestVacationNoneLeft: with the whole allowance used, asking for more
// says there is none left until 1 January; it said "You have no time of
// vacation left this year …: ask for less", with nothing less to ask for.
func TestVacationNoneLeft(t *testing.T) {
	text := runConsole(t, consoleStore(t), 0, []string{
		"/tafl challenge opponent:bob variant:brandubh side:attackers",
		"as bob", "click Accept",
		"as alice", "/tafl vacation days:14",
		"/tafl vacation days:20",
		"quit",
	})
	if !strings.Contains(text, "You have no vacation left this year (the server allows 14 days a year); it comes back on 1 January.") || strings.Contains(text, "ask for less") {
		t.Errorf("asking for more with none left:\n%s", text)
	}
}

// TestVacationLineOnlyWhileTheirTurn: a player on vacation who has just
// moved kept "🏖 … their clock is paused" on the board of the opponent's
// turn, true but noise; the board says it while the player on vacation
// is to move, and the players band (and the picture's alt text, of the
// side to move) as before.
func TestVacationLineOnlyWhileTheirTurn(t *testing.T) {
	text := runConsole(t, consoleStore(t), 0, []string{
		"/tafl challenge opponent:bob variant:brandubh side:attackers days:3",
		"as bob", "click Accept",
		"as alice", "/tafl vacation days:3",
		"/tafl board",
		"/tafl move move:d2-c2",
		"as bob", "/tafl move move:d3-c3",
		"quit",
	})
	_, afterVacation, ok := strings.Cut(text, "You are on vacation until")
	if !ok {
		t.Fatalf("no vacation:\n%s", text)
	}
	boards := strings.Split(afterVacation, "**Game 1**")
	if len(boards) != 4 {
		t.Fatalf("want three boards after the vacation began, got %d:\n%s", len(boards)-1, afterVacation)
	}
	for i, want := range []bool{true, false, true} { // alice to move, bob to move, alice to move
		if got := strings.Contains(boards[i+1], "🏖 @alice is on vacation until"); got != want {
			t.Errorf("board %d after the vacation began says alice is on vacation: %v, want %v:\n%s", i+1, got, want, boards[i+1])
		}
	}
}
