package bot_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/storage"
	"github.com/taflbot/taflbot/tafl"
)

// startLive starts a live brandubh game between alice (attackers) and bob
// on the given time control and returns the first board.
func startLive(t *testing.T, h *harness, control string) *resp {
	t.Helper()
	r, _ := h.slash(alice, "challenge", opt("opponent", bob), opt("variant", "brandubh"), opt("side", "attackers"), opt("time", control))
	if isEphemeral(r) || !strings.Contains(r.Content, "live on a clock: "+control) {
		t.Fatalf("live challenge: %q", r.Content)
	}
	board, rec := h.click(bob, customIDs(r.Components)["Accept"], false)
	checkPNG(t, rec)
	h.settle() // alice is told it is her move, before a test counts posts
	return board
}

// TestLiveGame: a 3+2 game shows both clocks on every board, a move
// takes its time off and adds the increment, and the flag falls within a
// second of the time running out (not at the next sweep, an hour away
// in the harness), ending the game on time: both sides have moved, so
// the side whose flag fell loses.
func TestLiveGame(t *testing.T) {
	h := newHarness(t, nil)
	board := startLive(t, h, "3+2")
	if !strings.Contains(board.Content, "Clock (3+2): Attackers **3:00** ⏱ · Defenders 3:00") {
		t.Fatalf("first board: %q", board.Content)
	}
	g := gameOf(t, h, alice)
	h.clock.Advance(10 * time.Second)
	r, rec := h.slash(alice, "move", opt("move", g.Tafl().LegalMoves()[0].String()))
	checkPNG(t, rec)
	if !strings.Contains(r.Content, "Attackers 2:52 · Defenders **3:00** ⏱") {
		t.Fatalf("board after a 10 s move: %q", r.Content)
	}
	// Bob answers at once: 3:02; alice has 2:52.
	r, _ = h.slash(bob, "move", opt("move", gameOf(t, h, alice).Tafl().LegalMoves()[0].String()))
	if !strings.Contains(r.Content, "Attackers **2:52** ⏱ · Defenders 3:02") {
		t.Fatalf("board after bob's move: %q", r.Content)
	}
	alicesMove := gameOf(t, h, alice).Tafl().LegalMoves()[0].String()
	// Alice thinks 2:51: still on time.
	h.clock.Advance(171 * time.Second)
	time.Sleep(3 * flagPollForTest)
	if g := gameOf(t, h, alice); !g.Active() {
		t.Fatalf("the flag fell early: %v", g.Outcome())
	}
	n := len(h.fake.requests("/channels/" + channel + "/messages"))
	h.settle() // the watcher, not a late follow-up write, ends the game
	// One more second: alice's flag falls; the watcher notices at once.
	h.clock.Advance(time.Second)
	waitFor(t, "the flag to fall", func() bool { return !gameOf(t, h, alice).Active() })
	g = gameOf(t, h, alice)
	if g.Outcome() != (tafl.Outcome{Winner: tafl.Defenders, Reason: tafl.Timeout}) {
		t.Fatalf("outcome %+v", g.Outcome())
	}
	waitFor(t, "the timeout post", func() bool { return len(channelPosts(t, h, n)) > 0 })
	post := channelPosts(t, h, n)[0]
	if !strings.Contains(post.Content, "<@"+alice+"> ran out of time.") || !strings.Contains(post.Content, "Attackers 0:00") || !strings.Contains(post.Content, "Defenders win") {
		t.Errorf("timeout post %q", post.Content)
	}
	// A late move changes nothing.
	if r, _ := h.slash(alice, "move", opt("move", alicesMove)); !isEphemeral(r) || gameOf(t, h, alice).Ply() != 2 {
		t.Errorf("a move after the flag: %q", r.Content)
	}
}

// flagPollForTest is the watcher's poll interval (bot.flagPoll).
const flagPollForTest = 200 * time.Millisecond

// TestLiveGameCatchesUpAfterRestart: a flag that fell while the bot was
// down ends the game at start-up, as of the moment it fell (aborted: the
// attackers never moved).
func TestLiveGameCatchesUpAfterRestart(t *testing.T) {
	h := newHarness(t, nil)
	startLive(t, h, "5+3")
	flag := gameOf(t, h, alice).Deadline
	h.stop()
	n := len(h.fake.requests("/channels/" + channel + "/messages"))
	h.clock.Advance(time.Hour)
	h.start()
	waitFor(t, "the start-up catch-up", func() bool { return !gameOf(t, h, alice).Active() })
	waitFor(t, "the timeout post", func() bool { return len(channelPosts(t, h, n)) > 0 })
	g := gameOf(t, h, alice)
	if g.Outcome() != (tafl.Outcome{Winner: tafl.NoSide, Reason: tafl.Aborted}) {
		t.Fatalf("outcome %+v", g.Outcome())
	}
	if !g.Clock.Since.Equal(flag) || g.Clock.Left[0] != 0 || g.Clock.Left[1] != 5*time.Minute {
		t.Errorf("clock %+v: want stopped at the flag %v", g.Clock, flag)
	}
}

func TestTimeOption(t *testing.T) {
	h := newHarness(t, nil)
	for _, c := range []struct {
		opts []*discordgo.ApplicationCommandInteractionDataOption
		want string
	}{
		{[]*discordgo.ApplicationCommandInteractionDataOption{opt("time", "0+5")}, "at least 1 minute"},
		{[]*discordgo.ApplicationCommandInteractionDataOption{opt("time", "ten")}, "minutes are not a whole number"},
		{[]*discordgo.ApplicationCommandInteractionDataOption{opt("time", "10+500")}, "at most 180 seconds"},
		{[]*discordgo.ApplicationCommandInteractionDataOption{opt("time", "2:30+2")}, "the game time is a whole number of minutes, without seconds. Write the minutes of the game, a +, then the increment in seconds, such as `2+2`"},
		{[]*discordgo.ApplicationCommandInteractionDataOption{opt("time", "10+5"), opt("days", 3.0)}, "not both"},
	} {
		for _, sub := range []string{"challenge", "ai"} {
			r, _ := h.slash(alice, sub, c.opts...)
			if !isEphemeral(r) || !strings.Contains(r.Content, c.want) {
				t.Errorf("/tafl %s %v: %q, want %q", sub, c.opts[0].Value, r.Content, c.want)
			}
		}
	}
	if games, _ := h.store.GamesByPlayer(t.Context(), alice, storage.GameFilter{}); len(games) != 0 {
		t.Errorf("%d games started by bad time controls", len(games))
	}
	// Autocomplete offers the choices, and a valid typed value first.
	auto := func(typed string) []string {
		o := opt("time", typed)
		o.Focused = true
		in := h.slashInteraction(alice, "challenge", o)
		in.Type = discordgo.InteractionApplicationCommandAutocomplete
		h.bot.HandleGateway(t.Context(), in)
		r, _ := h.fake.callback(t, in.ID)
		var vals []string
		for _, ch := range r.Choices {
			vals = append(vals, ch.Value.(string))
		}
		return vals
	}
	if got := strings.Join(auto(""), " "); got != "3+2 5+3 10+5 15+10 30+0" {
		t.Errorf("choices %q", got)
	}
	if got := strings.Join(auto("7+1"), " "); got != "7+1" {
		t.Errorf("typed 7+1: %q", got)
	}
	if got := strings.Join(auto("1"), " "); got != "1+0 10+5 15+10" {
		t.Errorf("typed 1: %q", got)
	}
	// A game time as a clock shows it, 5:00, is five minutes.
	if got := strings.Join(auto("5:00+3"), " "); got != "5+3" {
		t.Errorf("typed 5:00+3: %q", got)
	}
	if r, _ := h.slash(alice, "challenge", opt("opponent", bob), opt("time", "5:00")); isEphemeral(r) || !strings.Contains(r.Content, "live on a clock: 5+0") {
		t.Errorf("/tafl challenge time:5:00: %q", r.Content)
	}
}

// TestEngineOnTheClock: in a live game the engine thinks within its
// remaining time (the think budget it is given is a fraction of it), and
// its clock runs too.
func TestEngineOnTheClock(t *testing.T) {
	eng := newPolicyEngine(3)
	h := newHarness(t, eng)
	r, _ := h.slash(alice, "ai", opt("variant", "brandubh"), opt("side", "defenders"), opt("level", "max"), opt("time", "3+2"))
	if isEphemeral(r) || !strings.Contains(r.Content, "Clock (3+2)") {
		t.Fatalf("ai game: %q", r.Content)
	}
	waitFor(t, "the engine's first move", func() bool { return gameOf(t, h, alice).Ply() == 1 })
	eng.mu.Lock()
	think := eng.think[0]
	eng.mu.Unlock()
	// 3:00 left, 2 s increment: about 6 s + 1.5 s, and never more than
	// the level's usual 5 s.
	if think <= 0 || think > 5*time.Second {
		t.Errorf("the engine was given %v to think", think)
	}
	g := gameOf(t, h, alice)
	if g.Clock.Running != tafl.Defenders || g.Deadline.IsZero() {
		t.Errorf("after the engine's move: clock %+v, deadline %v", g.Clock, g.Deadline)
	}
}

// TestFlagFallsWithinASecond: the watcher ends a game at its flag, not
// at the next sweep (an hour away in the harness), also when the
// deadline changed behind its back — here through the store, the sweep
// telling it. On the bot's clock (the harness clock): the game's clock is
// set to run out 300 ms from now; 100 ms before the flag the game goes
// on, 700 ms after it the watcher has ended it, its clock stopped at the
// flag. The wall clock is not measured: a busy machine only makes the
// watcher's look come later in real time, never on the bot's clock.
func TestFlagFallsWithinASecond(t *testing.T) {
	h := newHarness(t, nil)
	startLive(t, h, "1+0")
	g := gameOf(t, h, alice)
	var flag time.Time
	g, err := h.store.UpdateGame(t.Context(), g.ID, -1, func(sg *storage.Game) error {
		sg.Clock.Left[0] -= sg.Clock.FlagAt().Sub(h.clock.Now()) - 300*time.Millisecond
		sg.Deadline = sg.Clock.FlagAt()
		flag = sg.Deadline
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if want := h.clock.Now().Add(300 * time.Millisecond); !flag.Equal(want) {
		t.Fatalf("the flag is at %v, want %v", flag, want)
	}
	// The watcher learns of a changed deadline from the next move or
	// sweep; here the sweep tells it.
	h.bot.Sweep(t.Context())
	h.clock.Advance(200 * time.Millisecond)
	time.Sleep(3 * flagPollForTest)
	if g := gameOf(t, h, alice); !g.Active() {
		t.Fatalf("the game ended 100 ms before the flag: %+v", g.Outcome())
	}
	h.settle() // the watcher, not a late follow-up write, ends the game
	h.clock.Advance(800 * time.Millisecond)
	waitFor(t, "the flag to fall", func() bool { return !gameOf(t, h, alice).Active() })
	g = gameOf(t, h, alice)
	if g.Outcome().Reason != tafl.Aborted /* nobody moved */ || !g.Clock.Since.Equal(flag) {
		t.Errorf("outcome %+v, clock stopped at %v (flag %v)", g.Outcome(), g.Clock.Since, flag)
	}
	if !g.Updated.Equal(flag.Add(700 * time.Millisecond)) {
		t.Errorf("the game was ended at %v, want by the watcher at %v, 700 ms after the flag", g.Updated, flag.Add(700*time.Millisecond))
	}
}

// TestLiveFlagBeforeFirstMoveAborts: in a live game, a side whose clock
// runs out before it made its first move — the first mover, or the
// second side after the first move — does not lose: the game is aborted,
// says so, and counts in no record. The post says it once: its headline
// says whose time ran out, the result line below it "**Aborted**" (the
// headline said "…: the game is aborted." right above it).
func TestLiveFlagBeforeFirstMoveAborts(t *testing.T) {
	for _, c := range []struct {
		name  string
		moves int    // played before the flag falls
		flag  string // whose flag falls
	}{{"the first mover never moves", 0, alice}, {"the second side never moves", 1, bob}} {
		t.Run(c.name, func(t *testing.T) {
			h := newHarness(t, nil)
			startLive(t, h, "3+2")
			for range c.moves {
				if r, _ := h.slash(alice, "move", opt("move", gameOf(t, h, alice).Tafl().LegalMoves()[0].String())); isEphemeral(r) {
					t.Fatalf("move: %q", r.Content)
				}
			}
			n := len(h.fake.requests("/channels/" + channel + "/messages"))
			h.settle() // the watcher, not a late follow-up write, ends the game
			h.clock.Advance(3*time.Minute + time.Second)
			waitFor(t, "the flag to fall", func() bool { return !gameOf(t, h, alice).Active() })
			g := gameOf(t, h, alice)
			if g.Outcome() != (tafl.Outcome{Winner: tafl.NoSide, Reason: tafl.Aborted}) || g.Ply() != c.moves {
				t.Fatalf("outcome %+v at ply %d, want aborted at %d", g.Outcome(), g.Ply(), c.moves)
			}
			waitFor(t, "the abort post", func() bool { return len(channelPosts(t, h, n)) > 0 })
			post := channelPosts(t, h, n)[0]
			for _, want := range []string{"⏰ <@" + c.flag + "> ran out of time before their first move.\n", "**Aborted** — the game ends without a result and is not rated."} {
				if !strings.Contains(post.Content, want) {
					t.Errorf("post %q, want %q", post.Content, want)
				}
			}
			if strings.Contains(post.Content, "win") {
				t.Errorf("post %q names a winner", post.Content)
			}
			if n := strings.Count(strings.ToLower(post.Content), "abort"); n != 1 {
				t.Errorf("post %q says %d times that the game is aborted, want once", post.Content, n)
			}
			for _, id := range []string{alice, bob} {
				if p, err := h.store.GetPlayer(t.Context(), guild, id); err == nil && (p.Wins+p.Losses+p.Draws != 0 || len(p.Variants) != 0) {
					t.Errorf("%s has a record after an aborted game: %+v", id, p)
				}
			}
		})
	}
}

// TestSlowTimeoutPostHoldsNoFlag: while Discord is slow to take the post
// of one game's timeout, the flag of another live game still falls on
// time. The watcher announced each timeout itself, one after the other,
// so a post Discord held (a call made again for half a minute while it
// fails) held every flag behind it: the other game went on past its
// flag, without a result, until the first post was done.
func TestSlowTimeoutPostHoldsNoFlag(t *testing.T) {
	h := newHarness(t, nil)
	startLive(t, h, "1+0") // alice and bob: the flag in a minute
	h.clock.Advance(time.Second)
	r, _ := h.slash(carol, "challenge", opt("opponent", dave), opt("variant", "brandubh"), opt("side", "attackers"), opt("time", "1+0"))
	if isEphemeral(r) {
		t.Fatalf("carol's challenge: %q", r.Content)
	}
	h.click(dave, customIDs(r.Components)["Accept"], false)
	h.settle()
	release := h.fake.hold("POST", "/channels/"+channel+"/messages") // Discord slow to take the posts
	defer release()
	h.clock.Advance(time.Minute - time.Second + 100*time.Millisecond)
	waitFor(t, "alice's flag", func() bool { return !gameOf(t, h, alice).Active() })
	// Its post is on its way to Discord, which holds it; carol's flag falls.
	h.clock.Advance(time.Second)
	deadline := time.Now().Add(5 * time.Second)
	for gameOf(t, h, carol).Active() {
		if time.Now().After(deadline) {
			t.Fatal("carol's flag has not fallen in 5 s while Discord held the post of alice's timeout")
		}
		time.Sleep(10 * time.Millisecond)
	}
	release()
	h.settle()
	posts := 0
	for _, rec := range h.fake.requests("/channels/" + channel + "/messages") {
		if rec.Method == "POST" && strings.Contains(string(rec.Body), "ran out of time before their first move") {
			posts++
		}
	}
	if posts != 2 {
		t.Errorf("%d timeouts posted, want 2", posts)
	}
}

// TestMenuMoveAfterTheFlagNamesTheResult: the destination picked in the
// Move menu after the flag fell (the watcher ended the game while the
// player chose) was answered "That game is over.", while a typed
// /tafl move said which game and how it ended; the menu's answer names
// the game and its result too.
func TestMenuMoveAfterTheFlagNamesTheResult(t *testing.T) {
	h := newHarness(t, nil)
	startLive(t, h, "3+0")
	var board *resp
	for _, u := range []string{alice, bob} {
		if board, _ = h.slash(u, "move", opt("move", gameOf(t, h, alice).Tafl().LegalMoves()[0].String())); isEphemeral(board) {
			t.Fatalf("move: %q", board.Content)
		}
	}
	g := gameOf(t, h, alice)
	m := g.Tafl().LegalMoves()[0]
	pieces, _ := h.click(alice, customIDs(board.Components)["Move"], false)
	r, _ := h.click(alice, customIDs(pieces.Components)["select"], true, m.From().String())
	target := customIDs(r.Components)["select"]
	if target == "" {
		t.Fatalf("no destination menu: %q", r.Content)
	}
	h.settle()
	h.clock.Advance(3*time.Minute + 5*time.Second)
	waitFor(t, "the flag to fall", func() bool { return !gameOf(t, h, alice).Active() })
	r, _ = h.click(alice, target, true, m.To().String())
	want := fmt.Sprintf("Game %d is over: Defenders win · the attackers ran out of time", g.ID)
	if r.Content != want {
		t.Errorf("the menu's move after the flag: %q, want %q", r.Content, want)
	}
	if g := gameOf(t, h, alice); g.Ply() != 2 {
		t.Errorf("the game is at ply %d after the late move, want 2", g.Ply())
	}
}
