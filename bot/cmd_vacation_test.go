package bot_test

import (
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/storage"
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

// TestVacationInADirectMessage: /tafl vacation in a direct message with
// the bot was refused as per-server, so a correspondence game against
// the engine played there, whose player's clock runs as anywhere, could
// not be paused. It pauses the games played in direct messages (a place
// of its own, with the default 14 days a year), and only those: a
// server's game keeps its deadline.
func TestVacationInADirectMessage(t *testing.T) {
	h := newHarness(t, nil)
	dm := func(sub string, opts ...*discordgo.ApplicationCommandInteractionDataOption) *resp {
		t.Helper()
		in := h.slashInteraction(alice, sub, opts...)
		in.GuildID, in.User, in.Member = "", in.Member.User, nil
		h.bot.HandleGateway(t.Context(), in)
		r, _ := h.fake.final(t, in)
		h.settle()
		return r
	}
	h.slash(alice, "ai", opt("variant", "brandubh"), opt("level", "easy"), opt("side", "attackers"), opt("days", 1.0))
	h.settle()
	const nothing = "A vacation here pauses the clocks of your correspondence games against me in direct messages, and you have none going: it would only use up your days. (A server's games are paused with `/tafl vacation` in that server.) Nothing was changed."
	if r := dm("vacation", opt("days", 3.0)); !isEphemeral(r) || r.Content != nothing {
		t.Errorf("a vacation in a DM with only a server's game: %q; want %q", r.Content, nothing)
	}
	if r := dm("ai", opt("variant", "brandubh"), opt("level", "easy"), opt("side", "attackers"), opt("days", 2.0)); isEphemeral(r) {
		t.Fatalf("/tafl ai in a DM: %q", r.Content)
	}
	deadlines := func() (server, direct time.Time) {
		t.Helper()
		games, err := h.store.GamesByPlayer(t.Context(), alice, storage.GameFilter{ActiveOnly: true})
		if err != nil || len(games) != 2 {
			t.Fatalf("alice's games: %d, %v", len(games), err)
		}
		for _, g := range games {
			if g.GuildID == "" {
				direct = g.Deadline
			} else {
				server = g.Deadline
			}
		}
		return server, direct
	}
	server, direct := deadlines()
	if r := dm("vacation"); !strings.Contains(r.Content, "You are not on vacation.\nVacation left this year for direct messages: 14d 0h of 14 days") {
		t.Errorf("the status in a DM: %q", r.Content)
	}
	r := dm("vacation", opt("days", 3.0))
	if !isEphemeral(r) || !strings.Contains(r.Content, "the clocks of your games in direct messages with me are paused") ||
		!strings.Contains(r.Content, "Vacation left this year for direct messages: 11d 0h of 14 days") {
		t.Errorf("a vacation in a DM: %q", r.Content)
	}
	s2, d2 := deadlines()
	if d2.Sub(direct) != 3*24*time.Hour || !s2.Equal(server) {
		t.Errorf("after 3 days of vacation in a DM the DM game's deadline moved by %v (want 3 days), the server's by %v (want none)", d2.Sub(direct), s2.Sub(server))
	}
	if r := dm("vacation", opt("days", 20.0)); !strings.Contains(r.Content, "You have 11d 0h of vacation left this year for your games in direct messages (14 days a year): ask for less.") {
		t.Errorf("asking for more than is left in a DM: %q", r.Content)
	}
	if r, _ := h.slash(alice, "vacation"); !strings.Contains(r.Content, "You are not on vacation.") || !strings.Contains(r.Content, "14d 0h of the 14 days this server allows") {
		t.Errorf("the server's vacation status after one in a DM: %q", r.Content)
	}
	if r := dm("vacation", opt("days", 0.0)); !strings.Contains(r.Content, "Welcome back") {
		t.Errorf("ending the vacation in a DM: %q", r.Content)
	}
	if _, d3 := deadlines(); !d3.Equal(direct) {
		t.Errorf("after the vacation the DM game's deadline is %v off", d3.Sub(direct))
	}
}
