package bot_test

import (
	"strings"
	"testing"

	"github.com/taflbot/taflbot/bot"
)

// blitzOf2 is a console script: a live Swiss of two rounds between alice
// and bob, whose only game bob (the defenders) wins on time; a second
// round would repeat it, so the tournament is over after round 1.
var blitzOf2 = []string{
	"/tafl tournament action:create name:Blitz variant:brandubh time:3+2 rounds:2",
	"/tafl tournament action:join", "as bob", "/tafl tournament action:join",
	"as alice", "/tafl tournament action:start",
	"wait 4m",
}

// lastEdit returns the last "[taflbot edits a message]" the console printed
// that contains marker, up to the next message.
func lastEdit(text, marker string) string {
	const edit = "[taflbot edits a message]"
	out := ""
	for _, part := range strings.Split(text, edit)[1:] {
		if i := strings.Index(part, "\n["); i >= 0 {
			part = part[:i]
		}
		if strings.Contains(part, marker) {
			out = part
		}
	}
	return out
}

// TestConsoleAnnouncementWhenOver: once a tournament is over its
// announcement says so and who came first; it said "Under way: round N"
// for ever.
func TestConsoleAnnouncementWhenOver(t *testing.T) {
	text := runConsoleWith(t, bot.Options{}, append(blitzOf2, "quit"))
	if !strings.Contains(text, "**Blitz** is over.") {
		t.Fatalf("the tournament did not end:\n%s", text)
	}
	ann := lastEdit(text, "**Blitz** (tournament 1)")
	if strings.Contains(ann, "Under way") || !strings.Contains(ann, "Over after round 1. First place: @bob. Players (2):") {
		t.Errorf("the announcement of the finished tournament reads:%s\n\nconsole:\n%s", ann, text)
	}
}

// TestConsoleStandingsByDefaultAfterTheEnd: /tafl tournament without an
// action shows the standings (its default), after the end too, as
// action:standings does; it said there was no tournament going on.
func TestConsoleStandingsByDefaultAfterTheEnd(t *testing.T) {
	text := runConsoleWith(t, bot.Options{}, append(blitzOf2, "/tafl tournament", "/tafl tournament action:standings", "quit"))
	_, after, ok := strings.Cut(text, "**Blitz** is over.")
	if !ok {
		t.Fatalf("the tournament did not end:\n%s", text)
	}
	if strings.Contains(after, "There is no tournament") || strings.Count(after, "] Standings of **Blitz** (tournament 1).") != 2 {
		t.Errorf("/tafl tournament and action:standings after the end:%s", after)
	}
}

// TestConsoleThreeShareFirstPlace: three players level at the top are
// congratulated as "@a, @b and @c" (it said "@a and @b and @c").
func TestConsoleThreeShareFirstPlace(t *testing.T) {
	// A Swiss of three: each round one game, lost on time by its attacker,
	// and a bye; after three rounds everyone met everyone once and has 2
	// points (a win and a bye), Buchholz 4 and Sonneborn–Berger 2.
	script := []string{
		"/tafl tournament action:create name:Tri variant:brandubh time:1+0 rounds:3",
		"/tafl tournament action:join", "as bob", "/tafl tournament action:join", "as carol", "/tafl tournament action:join",
		"as alice", "/tafl tournament action:start",
		"wait 2m", "wait 2m", "wait 2m",
		"quit",
	}
	text := runConsoleWith(t, bot.Options{}, script)
	if !strings.Contains(text, "🏆 **Tri** is over. Congratulations @alice, @bob and @carol!") {
		t.Errorf("the three who share first place:\n%s", text)
	}
	if ann := lastEdit(text, "**Tri** (tournament 1)"); !strings.Contains(ann, "First place: @alice, @bob and @carol.") {
		t.Errorf("the announcement:%s", ann)
	}
}

// TestConsoleFinalStandingsOnce: the game that ends a tournament brings
// one standings picture, the final one, under both headlines; the same
// table was posted twice, as the game's and as the final standings.
func TestConsoleFinalStandingsOnce(t *testing.T) {
	text := runConsoleWith(t, bot.Options{}, append(blitzOf2, "quit"))
	if n := strings.Count(text, "Standings of **Blitz** (tournament 1).\n    [picture:"); n != 1 {
		t.Errorf("%d standings pictures, want 1 (the final standings):\n%s", n, text)
	}
	if !strings.Contains(text, "[taflbot] Game 1 is over. 🏆 **Blitz** is over. Congratulations @bob!") {
		t.Errorf("the final standings do not say which game ended it:\n%s", text)
	}
}

// TestConsoleTournamentEndsEarly: a tournament that ends before its last
// round says why (a Swiss with every further pairing a repeat; a
// tournament with fewer than two players left); the final message did
// not, under an announcement of more rounds.
func TestConsoleTournamentEndsEarly(t *testing.T) {
	text := runConsoleWith(t, bot.Options{}, append(blitzOf2, "quit"))
	if !strings.Contains(text, "🏆 **Blitz** is over. Congratulations @bob! It ended after round 1 of 2: any further round would repeat a pairing. Standings of") {
		t.Errorf("the Swiss that ended early:\n%s", text)
	}
	text = runConsoleWith(t, bot.Options{}, []string{
		"/tafl tournament action:create name:RR format:round-robin variant:brandubh",
		"/tafl tournament action:join", "as bob", "/tafl tournament action:join", "as carol", "/tafl tournament action:join",
		"as alice", "/tafl tournament action:start", // round 1: bob against carol; alice sits out
		"as carol", "/tafl tournament action:withdraw", // round 2: alice against bob
		"as bob", "/tafl tournament action:withdraw",
		"quit",
	})
	if !strings.Contains(text, "🏆 **RR** is over. Congratulations @alice! It ended after round 2 of 3: fewer than two players were left.") {
		t.Errorf("the round robin that ended early:\n%s", text)
	}
}

// TestConsoleForfeitsAnnounced: in a round robin, the games against a
// player who withdrew are forfeits; the round's announcement says who won
// them, with those of rounds that had nothing else (the tournament went
// through them at once), and no longer says the withdrawn player "sits
// out" (pinging them). The forfeits were announced nowhere, so the round
// numbers jumped from 2 to 5 without a word.
func TestConsoleForfeitsAnnounced(t *testing.T) {
	text := runConsoleWith(t, bot.Options{}, []string{
		"/tafl tournament action:create name:RR format:round-robin double:True variant:brandubh",
		"/tafl tournament action:join", "as bob", "/tafl tournament action:join", "as carol", "/tafl tournament action:join",
		"as alice", "/tafl tournament action:start", // round 1: bob against carol; alice sits out
		"as carol", "/tafl tournament action:withdraw", // round 2: alice against bob; carol would sit out
		"as bob", "/tafl resign", "click Yes, resign", // rounds 3 and 4: carol's forfeits; round 5: bob against alice
		"quit",
	})
	consoleSays(t, text,
		"[taflbot] 🏆 **RR**, round 2: 1 game.\n",
		"[taflbot] 🏆 **RR**, round 5: 1 game. Forfeits: in round 3, @alice wins against @carol, who withdrew; in round 4, @bob wins against @carol, who withdrew.\n",
	)
}

// TestConsoleCalledOffTournament: calling off or withdrawing from a
// tournament that was called off says so; they said "That tournament is
// over." and "…has not started yet: use `action:leave` to sign off."
func TestConsoleCalledOffTournament(t *testing.T) {
	text := runConsoleWith(t, bot.Options{}, []string{
		"/tafl tournament action:create name:X variant:brandubh",
		"/tafl tournament action:join",
		"/tafl tournament action:cancel",
		"/tafl tournament action:cancel tournament:1",
		"/tafl tournament action:withdraw tournament:1",
		"quit",
	})
	_, after, ok := strings.Cut(text, "**X** is called off.")
	if !ok {
		t.Fatalf("the tournament was not called off:\n%s", text)
	}
	if n := strings.Count(after, "[to alice] (only you) That tournament was called off."); n != 2 || strings.Contains(after, "is over") || strings.Contains(after, "not started") {
		t.Errorf("cancel and withdraw after it was called off:%s", after)
	}
}

// TestConsoleWithdrawWithoutSigningUp: someone who never signed up and
// tries to withdraw before the start is told that they do not play in it;
// they were told to sign off with `action:leave`, which then said the same.
func TestConsoleWithdrawWithoutSigningUp(t *testing.T) {
	text := runConsoleWith(t, bot.Options{}, []string{
		"/tafl tournament action:create name:X variant:brandubh",
		"/tafl tournament action:join",
		"as bob", "/tafl tournament action:withdraw",
		"quit",
	})
	if !strings.Contains(text, "[to bob] (only you) You are not playing in that tournament.") || strings.Contains(text, "action:leave") {
		t.Errorf("withdrawing from a tournament bob never joined:\n%s", text)
	}
}

// TestConsoleStartWithTooFewSaysWhatToDo: starting a tournament one
// player has joined says how many joined and what can be done; it said
// only "A tournament needs at least two players."
func TestConsoleStartWithTooFewSaysWhatToDo(t *testing.T) {
	text := runConsoleWith(t, bot.Options{}, []string{
		"/tafl tournament action:create name:X variant:brandubh",
		"/tafl tournament action:join",
		"/tafl tournament action:start",
		"quit",
	})
	want := "[to alice] (only you) **X** has 1 player so far, and a tournament needs at least two: wait for more to join, or call it off with `/tafl tournament` `action:cancel`."
	if !strings.Contains(text, want) {
		t.Errorf("starting with one player: want %q in\n%s", want, text)
	}
}

// TestConsoleVacationSaysLiveClocksRun: a vacation pauses correspondence
// clocks only; its reply said "your clocks in this server are paused", and
// a player with a live game going then lost it on time. (Bob has a
// correspondence game too: with only live games a vacation is refused.)
func TestConsoleVacationSaysLiveClocksRun(t *testing.T) {
	text := runConsoleWith(t, bot.Options{}, []string{
		"/tafl challenge opponent:bob variant:brandubh side:attackers time:5+0",
		"as bob", "click Accept",
		"/tafl challenge opponent:alice variant:brandubh",
		"as alice", "click Accept",
		"as bob", "/tafl vacation days:2",
		"quit",
	})
	if !strings.Contains(text, "(unused days come back). A live game's clock keeps running: a vacation pauses correspondence games only.") {
		t.Errorf("the vacation's reply does not say that live clocks run on:\n%s", text)
	}
}

// TestConsoleAnnouncementMarksWithdrawn: the announcement of a tournament
// under way marks the players who withdrew, as the standings do; it listed
// them like everyone else.
func TestConsoleAnnouncementMarksWithdrawn(t *testing.T) {
	text := runConsoleWith(t, bot.Options{}, []string{
		"/tafl tournament action:create name:RR format:round-robin variant:brandubh",
		"/tafl tournament action:join", "as bob", "/tafl tournament action:join", "as carol", "/tafl tournament action:join",
		"as alice", "/tafl tournament action:start", // round 1: bob against carol; alice sits out
		"as carol", "/tafl tournament action:withdraw", // round 2: alice against bob
		"quit",
	})
	if ann := lastEdit(text, "**RR** (tournament 1)"); !strings.Contains(ann, "Under way: round 2. Players (3): @alice, @bob, @carol (withdrew)") {
		t.Errorf("the announcement in round 2:%s\n\nconsole:\n%s", ann, text)
	}
}

// TestConsoleAnnouncementMarksWithdrawnAtOnce: a player who withdraws
// with no game in progress (here during their bye) is marked in the
// announcement at once; it listed them as playing until the round ended.
func TestConsoleAnnouncementMarksWithdrawnAtOnce(t *testing.T) {
	text := runConsoleWith(t, bot.Options{}, []string{
		"/tafl tournament action:create name:S variant:brandubh",
		"/tafl tournament action:join", "as bob", "/tafl tournament action:join", "as carol", "/tafl tournament action:join",
		"as alice", "/tafl tournament action:start", // round 1: alice against bob; carol has the bye
		"as carol", "/tafl tournament action:withdraw",
		"quit",
	})
	if ann := lastEdit(text, "**S** (tournament 1)"); !strings.Contains(ann, "Under way: round 1. Players (3): @alice, @bob, @carol (withdrew)") {
		t.Errorf("the announcement after carol withdrew:%s\n\nconsole:\n%s", ann, text)
	}
}

// TestConsoleStartByCommandPostsNoCopy: /tafl tournament action:start
// edits the announcement where it stands and posts the round; its own
// answer is private (it posted a second, public copy of the announcement).
func TestConsoleStartByCommandPostsNoCopy(t *testing.T) {
	text := runConsoleWith(t, bot.Options{}, append(blitzOf2[:6:6], "quit"))
	if !strings.Contains(text, "[to alice] (only you) You started **Blitz**: round 1 is being paired.") {
		t.Errorf("the start's answer:\n%s", text)
	}
	if n := strings.Count(text, "[taflbot] 🏆 **Blitz** (tournament 1)"); n != 1 {
		t.Errorf("the announcement was posted %d times, want once (then edited):\n%s", n, text)
	}
}

// TestConsoleSeededByRatingsAtTheStart: the players are seeded by their
// ratings when the tournament starts (by a command or at the sign-up
// deadline); they were seeded by the ratings they had when they joined,
// so dave, who won a rated game after joining, was seeded last.
func TestConsoleSeededByRatingsAtTheStart(t *testing.T) {
	for _, start := range []string{"/tafl tournament action:start", "wait 2h"} {
		text := runConsoleWith(t, bot.Options{}, []string{
			"/tafl tournament action:create name:RR format:round-robin variant:brandubh signup:1",
			"/tafl tournament action:join", "as bob", "/tafl tournament action:join",
			"as carol", "/tafl tournament action:join", "as dave", "/tafl tournament action:join",
			"/tafl challenge opponent:carol variant:brandubh side:attackers", "as carol", "click Accept",
			"as dave", "/tafl move d2-c2", "as carol", "/tafl move c4-c6", "/tafl resign", "click Yes, resign",
			"as alice", start, "quit",
		})
		if ann := lastEdit(text, "**RR** (tournament 1)"); !strings.Contains(ann, "Under way: round 1. Players (4): @dave, @alice, @bob, @carol") {
			t.Errorf("%s: the announcement of round 1:%s\n\nconsole:\n%s", start, ann, text)
		}
	}
}

// TestConsoleWithdrawalWithoutGameIsPosted: a player who withdraws with
// no game in progress (here during their bye) is named in the tournament's
// channel, as one with a game is under its resigned board; only the
// announcement changed, and the channel heard nothing.
func TestConsoleWithdrawalWithoutGameIsPosted(t *testing.T) {
	text := runConsoleWith(t, bot.Options{}, []string{
		"/tafl tournament action:create name:S variant:brandubh",
		"/tafl tournament action:join", "as bob", "/tafl tournament action:join", "as carol", "/tafl tournament action:join",
		"as alice", "/tafl tournament action:start", // round 1: alice against bob; carol has the bye
		"as carol", "/tafl tournament action:withdraw",
		"as bob", "/tafl tournament action:withdraw", // bob's game is resigned under its board
		"quit",
	})
	_, carol, _ := strings.Cut(text, "you are carol")
	carol, bob, _ := strings.Cut(carol, "you are bob")
	if !strings.Contains(carol, "\n[taflbot] 🏆 @carol withdrew from **S**.\n") {
		t.Errorf("carol's withdrawal during her bye:%s", carol)
	}
	if !strings.Contains(bob, "\n[taflbot] @bob withdrew from the tournament.\n    **Game 1**") || strings.Contains(bob, "🏆 @bob withdrew") {
		t.Errorf("bob's withdrawal from his game (once, with its board):%s", bob)
	}
}

// TestConsoleNoTournamentAfterACalledOffOne: with no tournament going on
// and the last one called off, /tafl tournament (and action:standings)
// says so, naming it, and how a manager starts one; it showed the called
// off tournament's table as if it were the one going on. Named with the
// tournament option, its table is still shown.
func TestConsoleNoTournamentAfterACalledOffOne(t *testing.T) {
	text := runConsoleWith(t, bot.Options{}, []string{
		"/tafl tournament action:create name:Cup variant:brandubh",
		"/tafl tournament action:cancel",
		"/tafl tournament",
		"/tafl tournament action:standings",
		"/tafl tournament action:standings tournament:1",
		"quit",
	})
	_, after, ok := strings.Cut(text, "**Cup** is called off.")
	if !ok {
		t.Fatalf("the tournament was not called off:\n%s", text)
	}
	const none = "[to alice] (only you) There is no tournament going on in this server: the last one, **Cup** (tournament 1), was called off. " +
		"A manager starts one with `/tafl tournament` `action:create` `name:…`.\n"
	if strings.Count(after, none) != 2 || strings.Count(after, "Standings of **Cup** (tournament 1).") != 1 {
		t.Errorf("/tafl tournament, action:standings and action:standings tournament:1 after Cup was called off:%s", after)
	}
}

// TestConsoleWithdrawTwice: a player who withdraws a second time is told
// they withdrew already, and nothing is announced again; the bot said
// "You withdrew" again, posted the withdrawal in the channel a second
// time and edited the announcement. Asking to join again, they are told
// the same (it said to withdraw to stop playing), and using leave too
// (it said "To stop playing, use withdraw").
func TestConsoleWithdrawTwice(t *testing.T) {
	text := runConsoleWith(t, bot.Options{}, []string{
		"/tafl tournament action:create name:RR format:round-robin variant:brandubh",
		"/tafl tournament action:join", "as bob", "/tafl tournament action:join", "as carol", "/tafl tournament action:join",
		"as dave", "/tafl tournament action:join",
		"as alice", "/tafl tournament action:start", // round 1: alice against dave, bob against carol
		"as carol", "/tafl tournament action:withdraw", // her game is resigned
		"/tafl tournament action:withdraw",
		"/tafl tournament action:join",
		"/tafl tournament action:leave",
		"quit",
	})
	_, again, ok := strings.Cut(text, "@carol withdrew from the tournament.")
	if !ok {
		t.Fatalf("carol's withdrawal:\n%s", text)
	}
	if n := strings.Count(again, "[to carol] (only you) You withdrew from **RR** in round 1 already: your results so far stand, and you play no more games.\n"); n != 3 {
		t.Errorf("%d answers to withdrawing, joining and leaving again say carol withdrew already, want 3:%s", n, again)
	}
	if strings.Contains(again, "You withdrew from **RR**.") || strings.Contains(again, "withdrew from **RR**.\n") || strings.Contains(again, "[taflbot edits a message]") {
		t.Errorf("withdrawing again:%s", again)
	}
}

// TestConsoleSwissStandingsShowSB: a Swiss's standings show its second
// tie-break, Sonneborn–Berger, beside Buchholz. Here every game is lost
// on time by its attackers; erin and gina end level on points, Buchholz
// and wins, and erin, who beat gina, is first by Sonneborn–Berger, a
// column the table did not have: it showed two equal rows and
// congratulated one of them. A bye's point is in no game: the table has
// a column of byes (a row read "Points 3, Games 3, W-D-L 2-0-1").
func TestConsoleSwissStandingsShowSB(t *testing.T) {
	script := []string{"/tafl tournament action:create name:S7 variant:brandubh days:1 rounds:4"}
	for _, u := range []string{"alice", "bob", "carol", "dave", "erin", "frank", "gina"} {
		script = append(script, "as "+u, "/tafl tournament action:join")
	}
	script = append(script, "as alice", "/tafl tournament action:start", "wait 2d", "wait 2d", "wait 2d", "wait 2d", "quit")
	text := runConsoleWith(t, bot.Options{}, script)
	consoleSays(t, text, "🏆 **S7** is over. Congratulations @erin!",
		"tie-break: Buchholz, Sonneborn-Berger): 1. erin: Points 3, Games 3, Buchholz 7, Sonneborn-Berger 5, 2 wins, 0 draws, 1 loss, Byes 1; "+
			"2. gina: Points 3, Games 3, Buchholz 7, Sonneborn-Berger 4, 2 wins, 0 draws, 1 loss, Byes 1; "+
			"3. bob: Points 2, Games 4, Buchholz 10, Sonneborn-Berger 5, 2 wins, 0 draws, 2 losses, Byes 0; ")
}

// TestConsoleCancelIsAnnounced: a tournament called off by a manager is
// announced where it is played, as one called off for too few players
// is; only the manager was told, and the announcement's edit (which
// Discord pings nobody for) said "Called off.".
func TestConsoleCancelIsAnnounced(t *testing.T) {
	text := runConsoleWith(t, bot.Options{}, []string{
		"/tafl tournament action:create name:Cup variant:brandubh",
		"/tafl tournament action:join", "as bob", "/tafl tournament action:join",
		"as alice", "/tafl tournament action:cancel",
		"quit",
	})
	consoleSays(t, text, "[to alice] (only you) **Cup** is called off.\n", "[taflbot] 🏆 **Cup** is called off by @alice.\n")
}

// TestConsoleJoinAfterTheStart: joining a tournament under way tells
// someone not in it that it is too late, without the hint to withdraw
// they were given (meant for its players, who cannot leave); joining or
// leaving one that is over says it is over, not that it has started.
func TestConsoleJoinAfterTheStart(t *testing.T) {
	text := runConsoleWith(t, bot.Options{}, []string{
		"/tafl tournament action:create name:Blitz variant:brandubh time:3+2 rounds:2",
		"/tafl tournament action:join", "as bob", "/tafl tournament action:join",
		"as alice", "/tafl tournament action:start",
		"as carol", "/tafl tournament action:join",
		"as bob", "/tafl tournament action:leave",
		"wait 4m", // bob wins on time; a second round would repeat the game
		"as carol", "/tafl tournament action:join tournament:1",
		"as bob", "/tafl tournament action:leave tournament:1",
		"quit",
	})
	consoleSays(t, text,
		"[to carol] (only you) **Blitz** has started: it is too late to join.\n",
		"[to bob] (only you) That tournament has started: sign-up is closed. (To stop playing, use `action:withdraw`.)\n",
		"[to carol] (only you) That tournament is over.\n",
		"[to bob] (only you) That tournament is over.\n")
}

// TestConsoleStartTwice: starting a tournament that has started (a late
// tap on Start now, or action:start) says so; it answered "sign-up is
// closed. (To stop playing, use action:withdraw.)". One that is over says
// that.
func TestConsoleStartTwice(t *testing.T) {
	text := runConsoleWith(t, bot.Options{}, append(blitzOf2[:len(blitzOf2)-1:len(blitzOf2)-1],
		"click Start now", "/tafl tournament action:start",
		"wait 4m", "/tafl tournament action:start tournament:1", "quit"))
	consoleSays(t, text, "[to alice] (only you) **Blitz** has started already: round 1 is under way.\n")
	if n := strings.Count(text, "has started already"); n != 2 {
		t.Errorf("%d answers say it has started already, want 2 (Start now, action:start):\n%s", n, text)
	}
	_, after, _ := strings.Cut(text, "**Blitz** is over.")
	consoleSays(t, after, "[to alice] (only you) That tournament is over.\n")
}

// TestConsoleTournamentByName: the tournament option takes a tournament's
// name, in any case, as well as the number the list gives; a name of
// several is refused with their numbers (unless only one of them is not
// over), one of none says so, and nothing changes. It answered "`b` is not a tournament number".
func TestConsoleTournamentByName(t *testing.T) {
	text := runConsoleWith(t, bot.Options{}, []string{
		`/tafl tournament action:create name:"Winter Cup" variant:brandubh`,
		"/tafl tournament action:create name:B variant:brandubh",
		"/tafl tournament action:create name:b variant:tablut",
		"as bob",
		`/tafl tournament action:join tournament:"winter CUP"`,
		"/tafl tournament action:join tournament:b",
		"/tafl tournament action:join tournament:Nope",
		"as alice", "/tafl tournament action:cancel tournament:3",
		"as bob", "/tafl tournament action:join tournament:b", // the one not over
		"quit",
	})
	consoleSays(t, text,
		"[to bob] (only you) You joined **Winter Cup** (1 player).",
		"[to bob] (only you) Several tournaments in this server are called **B** (numbers 2, 3): pick one from the list, or give its number.",
		"[to bob] (only you) No tournament in this server is called `Nope`: pick one from the list, or give its number.",
		"[to bob] (only you) You joined **B** (1 player).")
	if strings.Count(text, "You joined") != 2 || strings.Contains(text, "not a tournament number") {
		t.Errorf("joining by name:\n%s", text)
	}
}

// TestConsoleTournamentNamedWithANumber: a name that is or begins with
// a number ("2026", "2026 Open"), typed in the tournament option, was
// read as a tournament's number only: "There is no tournament 2026 in
// this server." beside the one called so. Where no tournament of the
// server has that number, the name is looked up; a number that is one
// still means that tournament, and one of neither says so.
func TestConsoleTournamentNamedWithANumber(t *testing.T) {
	text := runConsoleWith(t, bot.Options{}, []string{
		"/tafl tournament action:create name:2026 variant:brandubh",
		`/tafl tournament action:create name:"2026 Open" variant:brandubh`,
		"/tafl tournament action:create name:1 variant:tablut",
		"as bob",
		"/tafl tournament action:join tournament:2026",
		`/tafl tournament action:join tournament:"2026 open"`,
		"/tafl tournament action:join tournament:1", // number 1, "2026", not the one called 1
		"/tafl tournament action:join tournament:7",
		"quit",
	})
	consoleSays(t, text,
		"[to bob] (only you) You joined **2026** (1 player).",
		"[to bob] (only you) You joined **2026 Open** (1 player).",
		"[to bob] (only you) You are signed up already.",
		"[to bob] (only you) There is no tournament 7 in this server.")
}
