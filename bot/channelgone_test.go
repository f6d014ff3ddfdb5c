package bot_test

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/storage"
	"github.com/taflbot/taflbot/tafl"
)

// resultDMs returns the direct messages posted to alice and bob, each as
// "user: content".
func resultDMs(t *testing.T, h *harness) []string {
	t.Helper()
	var out []string
	for _, u := range []string{alice, bob} {
		for _, rec := range h.fake.requests("/channels/dm-" + u + "/messages") {
			if rec.Method == "POST" && rec.Status == 200 {
				out = append(out, u+": "+decode(t, rec.Body).Content)
			}
		}
	}
	return out
}

// TestResultOfAGameInADeletedChannelGoesByDM: a game whose channel was
// deleted while it went on (its players moving with /tafl move game:
// elsewhere) ended on time, and Discord refused the result's post there
// (10003, Unknown Channel): nobody was told. Both players are told by
// direct message, whatever their dms setting, saying the channel no
// longer exists.
func TestResultOfAGameInADeletedChannelGoesByDM(t *testing.T) {
	h := newHarness(t, nil)
	startGame(t, h) // 3 days per move, alice (attackers) to move
	moveBoth(t, h)
	h.settle()
	h.fake.inject("", "/channels/"+channel+"/", 404, 10003, 1000) // the channel is deleted
	h.clock.Advance(72*time.Hour + time.Minute)                   // alice's time is up
	h.bot.Sweep(t.Context())
	h.settle()
	g := gameOf(t, h, alice)
	if g.Outcome() != (tafl.Outcome{Winner: tafl.Defenders, Reason: tafl.Timeout}) {
		t.Fatalf("outcome %+v, want bob's win on time", g.Outcome())
	}
	got := resultDMs(t, h)
	if len(got) != 2 {
		t.Fatalf("direct messages %q, want the result to alice and bob", got)
	}
	want := fmt.Sprintf("Game %d is over: **Defenders win** — the attackers ran out of time.", g.ID)
	const why = "I am telling you by direct message because the channel or thread where it was played no longer exists"
	for i, u := range []string{alice, bob} {
		if !strings.HasPrefix(got[i], u+": "+want) || !strings.Contains(got[i], why) {
			t.Errorf("direct message %q, want %q and %q", got[i], want, why)
		}
	}
}

// TestAbortInADeletedChannelSaysWhoByDM: a game aborted (Yes, abort)
// after its channel was deleted had its result told to both players by
// direct message as "Game 1 is over: **Aborted** — …", and the player who
// had not aborted it was not told who did; the message says it above the
// result line ("You aborted the game." to the one who did).
func TestAbortInADeletedChannelSaysWhoByDM(t *testing.T) {
	h := newHarness(t, nil)
	startGame(t, h) // nobody has moved: /tafl resign asks to abort
	r, _ := h.slash(bob, "resign")
	h.fake.inject("", "/channels/"+channel+"/", 404, 10003, 1000) // the channel is deleted
	if r, _ := h.click(bob, customIDs(r.Components)["Yes, abort"], true); r.Content != "You aborted the game." {
		t.Fatalf("Yes, abort: %q", r.Content)
	}
	h.settle()
	if g := gameOf(t, h, alice); g.Outcome().Reason != tafl.Aborted {
		t.Fatalf("outcome %+v, want aborted", g.Outcome())
	}
	got := resultDMs(t, h)
	const result = "\n**Aborted** — the game ends without a result and is not rated.\nI am telling you by direct message because the channel or thread where it was played no longer exists"
	want := []string{alice + ": Game 1 is over: <@" + bob + "> aborted the game." + result, bob + ": Game 1 is over: You aborted the game." + result}
	if len(got) != 2 || !strings.HasPrefix(got[0], want[0]) || !strings.HasPrefix(got[1], want[1]) {
		t.Errorf("direct messages %q, want them to begin %q", got, want)
	}
}

// TestDeletedNotificationChannelFallsBackToTheGame: a server's
// notification channel (/tafl settings channel) deleted took every
// reminder and result there, refused by Discord (10003, Unknown
// Channel): nobody saw them. They are posted in the game's own channel.
func TestDeletedNotificationChannelFallsBackToTheGame(t *testing.T) {
	h := newHarness(t, nil)
	notifiedGame(t, h) // alice to move; notices go to <#777>

	h.fake.inject("", "/channels/777/", 404, 10003, 1000) // the notification channel is deleted
	n := len(h.fake.requests("/channels/" + channel + "/messages"))
	h.clock.Advance(60 * time.Hour) // 12 h left: alice is reminded
	h.bot.Sweep(t.Context())
	h.settle()
	posts := channelPosts(t, h, n)
	if len(posts) != 1 || !strings.Contains(posts[0].Content, "<@"+alice+">, it's your move") {
		t.Fatalf("posts in the game's channel after the reminder: %+v", posts)
	}
	h.clock.Advance(12*time.Hour + time.Minute) // alice's time is up
	h.bot.Sweep(t.Context())
	h.settle()
	posts = channelPosts(t, h, n)
	if len(posts) != 2 || !strings.Contains(posts[1].Content, "ran out of time") {
		t.Fatalf("posts in the game's channel after the timeout: %+v", posts)
	}
	var last *recorded
	for _, rec := range h.fake.requests("/channels/" + channel + "/messages") {
		if rec.Method == "POST" {
			last = rec
		}
	}
	checkPNG(t, last) // the board, read again after the refused post
	if got := resultDMs(t, h); len(got) != 0 {
		t.Errorf("the result posted in the game's channel also came by direct message: %q", got)
	}
}

// TestPlayerToMoveInADeletedChannelToldByDM: in a game whose channel was
// deleted, the player going on elsewhere (/tafl move game: in another
// channel) never saw the engine's answer, refused by Discord there
// (10003, Unknown Channel), nor the reminder, their clock running: they
// are told by direct message, whatever their dms setting, that it is
// their move and how to go on.
func TestPlayerToMoveInADeletedChannelToldByDM(t *testing.T) {
	h := newHarness(t, newPolicyEngine(3))
	if r, _ := h.slash(alice, "ai", opt("variant", "brandubh"), opt("side", "defenders"), opt("level", "easy"), opt("days", 3.0)); isEphemeral(r) {
		t.Fatal(r.Content)
	}
	g := waitPly(t, h, 1) // the engine attacks first
	h.settle()
	h.fake.inject("", "/channels/"+channel+"/", 404, 10003, 1000) // the channel is deleted
	mv := g.Tafl().LegalMoves()[0].String()
	if r, _ := h.slashIn("902", alice, "move", opt("move", mv), opt("game", float64(g.ID))); isEphemeral(r) {
		t.Fatalf("move elsewhere: %q", r.Content)
	}
	g = waitPly(t, h, 3)
	var got []string
	waitFor(t, "a direct message to alice", func() bool {
		got = resultDMs(t, h)
		return len(got) == 1
	})
	want := fmt.Sprintf("%s: Game %d: taflbot (easy) played %s, and it is your move. The channel or thread where the game was played no longer exists", alice, g.ID, tafl.PlyLabel(2, g.Tafl().Plies()[2]))
	if !strings.HasPrefix(got[0], want) {
		t.Errorf("direct message %q, want %q…", got[0], want)
	}
	h.settle()
	h.clock.Advance(60*time.Hour + time.Minute) // under 12 h left: alice is reminded
	h.bot.Sweep(t.Context())
	h.settle()
	got = resultDMs(t, h)
	if len(got) != 2 || !strings.Contains(got[1], "it's your move in game") {
		t.Errorf("direct messages %q, want the reminder", got)
	}
}

// TestNoticesWhereTheBotMayNotPost: a notification channel where the bot
// may not post (50013, Missing Permissions: never given, or taken away)
// took every reminder and result there, refused and seen by nobody;
// they are posted in the game's own channel. Where that refuses them
// too, the reminder, lost before, goes to the player by direct message
// (as the result does: TestResultRefusedGoesByDM).
func TestNoticesWhereTheBotMayNotPost(t *testing.T) {
	for _, gameChannelToo := range []bool{false, true} {
		h := newHarness(t, nil)
		if r, _ := h.slash(carol, "settings", opt("channel", "777")); !strings.Contains(r.Content, "reminders and results: <#777>") {
			t.Fatalf("choosing a channel: %q", r.Content)
		}
		startGame(t, h) // 3 days per move, alice (attackers) to move
		h.settle()
		h.fake.inject("POST", "/channels/777/", 403, 50013, 1000)
		if gameChannelToo {
			h.fake.inject("POST", "/channels/"+channel+"/", 403, 50013, 1000)
		}
		n := len(h.fake.requests("/channels/" + channel + "/messages"))
		h.clock.Advance(60*time.Hour + time.Minute) // under 12 h left: alice is reminded
		h.bot.Sweep(t.Context())
		h.settle()
		posts, dms := channelPosts(t, h, n), resultDMs(t, h)
		reminded := func(s string) bool { return strings.Contains(s, "<@"+alice+">, it's your move") }
		if !gameChannelToo && (len(posts) != 1 || !reminded(posts[0].Content) || len(dms) != 0) {
			t.Errorf("notification channel refused: posts in the game's channel %+v, direct messages %q; want the reminder in the game's channel", posts, dms)
		}
		if gameChannelToo && (len(posts) != 0 || len(dms) != 1 || !reminded(dms[0])) {
			t.Errorf("both channels refused: posts %+v, direct messages %q; want the reminder by direct message", posts, dms)
		}
	}
}

// winterCup creates carol's round robin "Winter Cup" of alice and bob
// (brandubh, a day a move, sign-up closing in 24 hours), in its own
// thread, and returns the thread.
func winterCup(t *testing.T, h *harness) string {
	t.Helper()
	ann, _ := h.slash(carol, "tournament", opt("action", "create"), opt("name", "Winter Cup"), opt("format", "round-robin"),
		opt("variant", "brandubh"), opt("days", 1.0), opt("signup", 24.0))
	h.click(bob, customIDs(ann.Components)["Join"], false)
	h.slash(alice, "tournament", opt("action", "join"))
	waitFor(t, "the tournament thread", func() bool { return onlyTournament(t, h).ThreadID != "" })
	h.settle()
	return onlyTournament(t, h).ThreadID
}

// deletedTournament creates the Winter Cup (winterCup) and deletes its
// thread (Discord: 10003, Unknown Channel), and its channel too if
// channelToo, before sign-up closes. It returns the thread.
func deletedTournament(t *testing.T, h *harness, channelToo bool) string {
	t.Helper()
	thread := winterCup(t, h)
	h.fake.inject("", "/channels/"+thread+"/", 404, 10003, 1000) // the thread is deleted
	if channelToo {
		h.fake.inject("", "/channels/"+channel+"/", 404, 10003, 1000) // and its channel
	}
	return thread
}

// dmsTo returns the contents of the direct messages posted to user.
func dmsTo(t *testing.T, h *harness, user string) []string {
	t.Helper()
	var out []string
	for _, rec := range h.fake.requests("/channels/dm-" + user + "/messages") {
		if rec.Method == "POST" && rec.Status == 200 {
			out = append(out, decode(t, rec.Body).Content)
		}
	}
	return out
}

// TestTournamentInADeletedThreadGoesOnInItsChannel: a tournament's thread
// deleted: its rounds' announcements and standings, refused there
// (10003), were seen by nobody, and each round's games were started in
// the deleted thread. The tournament goes on in the channel it was
// announced in, which is told once that the thread is gone: the round's
// announcement, its games (their first boards pinging both players) and
// the standings are posted there.
func TestTournamentInADeletedThreadGoesOnInItsChannel(t *testing.T) {
	h := newHarness(t, nil)
	thread := deletedTournament(t, h, false)
	n := len(h.fake.requests("/channels/" + channel + "/messages"))
	h.clock.Advance(25 * time.Hour) // sign-up closes: round 1
	h.bot.Sweep(t.Context())
	h.settle()
	posts := channelPosts(t, h, n)
	var got []string
	for _, p := range posts {
		got = append(got, p.Content)
	}
	g := gameOf(t, h, alice)
	if len(posts) != 3 || posts[0].Content != "🏆 The thread of **Winter Cup** no longer exists: the tournament goes on in this channel." ||
		posts[1].Content != "🏆 **Winter Cup**, round 1: 1 game." || !strings.Contains(posts[2].Content, "<@"+alice+">") {
		t.Fatalf("posts in the channel at the start: %q, want the thread gone, round 1 and its board", got)
	}
	if tr := onlyTournament(t, h); tr.ThreadID != "" || tr.ChannelGone {
		t.Errorf("the tournament's thread %q (gone %v), want it forgotten", tr.ThreadID, tr.ChannelGone)
	}
	if g.ThreadID != "" || g.ChannelID != channel {
		t.Errorf("the game in channel %q thread %q, want the channel", g.ChannelID, g.ThreadID)
	}
	if dms := resultDMs(t, h); len(dms) != 0 {
		t.Errorf("direct messages %q, want none: the board is in the channel", dms)
	}
	h.clock.Advance(24*time.Hour + time.Minute) // the attackers' time is up: the tournament is over
	h.bot.Sweep(t.Context())
	h.settle()
	posts = channelPosts(t, h, n)[3:]
	got = got[:0]
	for _, p := range posts {
		got = append(got, p.Content)
	}
	if len(posts) != 2 || !strings.Contains(posts[0].Content, "ran out of time") || !strings.Contains(posts[1].Content, "🏆 **Winter Cup** is over.") {
		t.Errorf("posts in the channel at the end: %q, want the result and the final standings", got)
	}
	if n := len(h.fake.requests("/channels/" + thread + "/messages")); n != 1 {
		t.Errorf("%d posts tried in the deleted thread, want 1 (the one that found it gone)", n)
	}
}

// TestTournamentGameInADeletedThreadGoesOnInItsChannel: a tournament's
// thread deleted during a round left the round's games in it: each of
// their posts (a move's board, the reminder, the result) was tried in the
// thread, refused (10003), and came to the players by direct message, to
// the end of the game. The first post to find the thread gone moves the
// game to the channel the tournament goes on in, which is told so once
// (the tournament's thread, and the game, pinging both players, where it
// goes on); the game's later posts go there, tried in the thread no more.
// Where the channel is deleted too, the players are told by direct
// message, as of a game whose channel was deleted.
func TestTournamentGameInADeletedThreadGoesOnInItsChannel(t *testing.T) {
	for _, channelToo := range []bool{false, true} {
		t.Run(fmt.Sprintf("channel deleted too %v", channelToo), func(t *testing.T) {
			h := newHarness(t, nil)
			thread := winterCup(t, h)
			h.clock.Advance(25 * time.Hour) // sign-up closes: round 1, in the thread
			h.bot.Sweep(t.Context())
			h.settle()
			g := gameOf(t, h, alice)
			if g.ThreadID != thread {
				t.Fatalf("the game in thread %q, want the tournament's %q", g.ThreadID, thread)
			}
			h.fake.inject("", "/channels/"+thread+"/", 404, 10003, 1000) // the thread is deleted during the round
			if channelToo {
				h.fake.inject("", "/channels/"+channel+"/", 404, 10003, 1000)
			}
			// postsIn counts the posts tried in the thread since it was deleted.
			postsIn := func() int {
				n := 0
				for _, rec := range h.fake.requests("/channels/" + thread + "/messages") {
					if rec.Method == "POST" {
						n++
					}
				}
				return n
			}
			inThread := postsIn()
			n := len(h.fake.requests("/channels/" + channel + "/messages"))
			attacker, defender := g.Attackers.UserID, g.Defenders.UserID
			in := moveFromDM(t, h, g, attacker, "")
			g = gameOf(t, h, alice)
			// The mover's private reply named the thread; it says where the
			// game goes on.
			if got := replyNow(t, h, in); channelToo && !strings.Contains(got, "no longer exists, so it goes on by direct message") ||
				!channelToo && !strings.Contains(got, "where the game is played, <#"+channel+">") {
				t.Errorf("the mover's reply %q, want where the game goes on", got)
			}
			if g.ThreadID != "" || g.ChannelID != channel {
				t.Errorf("the game in channel %q thread %q, want the channel", g.ChannelID, g.ThreadID)
			}
			if tr := onlyTournament(t, h); tr.ThreadID != "" {
				t.Errorf("the tournament's thread %q, want it forgotten", tr.ThreadID)
			}
			if channelToo {
				want := fmt.Sprintf("%s: Game %d: <@%s> played %s, and it is your move. The channel or thread where the game was played no longer exists", defender, g.ID, attacker, lastPlyOf(g))
				if got := resultDMs(t, h); len(got) != 1 || !strings.HasPrefix(got[0], want) {
					t.Errorf("direct messages %q, want %q…", got, want)
				}
				for _, d := range []time.Duration{18*time.Hour + time.Minute, 6 * time.Hour} { // the reminder, the defender's time up
					h.clock.Advance(d)
					h.bot.Sweep(t.Context())
					h.settle()
				}
				if got := resultDMs(t, h); len(got) != 4 || !strings.Contains(got[1], "it's your move") || !strings.Contains(got[2], "ran out of time") || !strings.Contains(got[3], "ran out of time") {
					t.Errorf("direct messages %q, want the move, the reminder and the result to both", got)
				}
				if tried := postsIn() - inThread; tried != 1 {
					t.Errorf("%d posts tried in the deleted thread, want 1 (the one that found it gone)", tried)
				}
				return
			}
			posts := channelPosts(t, h, n)
			var got []string
			for _, p := range posts {
				got = append(got, p.Content)
			}
			note := fmt.Sprintf("🏆 The thread where game %d of **Winter Cup** was played no longer exists: <@%s>, <@%s>, your game goes on in this channel.", g.ID, attacker, defender)
			if len(posts) != 3 || posts[0].Content != "🏆 The thread of **Winter Cup** no longer exists: the tournament goes on in this channel." ||
				posts[1].Content != note || !strings.Contains(posts[2].Content, "<@"+defender+">") {
				t.Fatalf("posts in the channel after the move: %q, want the thread gone, the game's note and its board", got)
			}
			var am struct {
				AllowedMentions struct {
					Users []string `json:"users"`
				} `json:"allowed_mentions"`
			}
			var notePost *recorded
			for _, rec := range h.fake.requests("/channels/" + channel + "/messages")[n:] {
				if rec.Method == "POST" && decode(t, rec.Body).Content == note {
					notePost = rec
				}
			}
			json.Unmarshal(notePost.Body, &am)
			if !slices.Contains(am.AllowedMentions.Users, attacker) || !slices.Contains(am.AllowedMentions.Users, defender) {
				t.Errorf("the game's note pings %v, want both players", am.AllowedMentions.Users)
			}
			h.clock.Advance(18*time.Hour + time.Minute) // under 6 hours left: the defender is reminded
			h.bot.Sweep(t.Context())
			h.settle()
			h.clock.Advance(6 * time.Hour) // the defender's time is up: the tournament is over
			h.bot.Sweep(t.Context())
			h.settle()
			got = got[:0]
			for _, p := range channelPosts(t, h, n)[3:] {
				got = append(got, p.Content)
			}
			if len(got) != 3 || !strings.Contains(got[0], "<@"+defender+">, it's your move") || !strings.Contains(got[1], "ran out of time") || !strings.Contains(got[2], "🏆 **Winter Cup** is over.") {
				t.Errorf("posts in the channel later: %q, want the reminder, the result and the final standings", got)
			}
			if dms := resultDMs(t, h); len(dms) != 0 {
				t.Errorf("direct messages %q, want none: the game goes on in the channel", dms)
			}
			if tried := postsIn() - inThread; tried != 1 {
				t.Errorf("%d posts tried in the deleted thread, want 1 (the one that found it gone)", tried)
			}
		})
	}
}

// TestTournamentInADeletedChannelGoesToItsCreator: a tournament whose
// thread and channel are both deleted: its rounds' announcements and
// standings were seen by nobody. They go to its creator by direct
// message, the first time saying why; the players are told by direct
// message that their games have begun (their first boards, refused,
// said nothing; the direct message that tells the player to move, used
// instead, said "<@bob> played , and it is your move" of a game with no
// move yet) and how they ended.
func TestTournamentInADeletedChannelGoesToItsCreator(t *testing.T) {
	h := newHarness(t, nil)
	deletedTournament(t, h, true)
	h.clock.Advance(25 * time.Hour)
	h.bot.Sweep(t.Context())
	var got []string
	waitFor(t, "direct messages to alice and bob", func() bool {
		got = resultDMs(t, h)
		return len(got) >= 2
	})
	h.settle()
	g := gameOf(t, h, alice)
	got = resultDMs(t, h)
	if len(got) != 2 {
		t.Fatalf("direct messages %q, want one to each player", got)
	}
	want := fmt.Sprintf("Game %d has begun, and <@%s> is to move. The channel or thread where the game was played no longer exists", g.ID, g.Attackers.UserID)
	for i, u := range []string{alice, bob} {
		if !strings.HasPrefix(got[i], u+": "+want) {
			t.Errorf("direct message %q, want %q…", got[i], want)
		}
	}
	creator := dmsTo(t, h, carol)
	const why = "The channel where your tournament **Winter Cup** is played no longer exists, so I am sending you its rounds and standings by direct message"
	if len(creator) != 2 || !strings.HasPrefix(creator[0], why) || creator[1] != "🏆 **Winter Cup**, round 1: 1 game." {
		t.Fatalf("direct messages to the creator %q, want why and round 1", creator)
	}
	if tr := onlyTournament(t, h); !tr.ChannelGone || tr.ThreadID != "" {
		t.Errorf("the tournament's channel gone %v, thread %q; want gone, the thread forgotten", tr.ChannelGone, tr.ThreadID)
	}
	tried := len(h.fake.requests("/channels/" + channel + "/messages"))
	h.clock.Advance(24*time.Hour + time.Minute) // the attackers' time is up: the tournament is over
	h.bot.Sweep(t.Context())
	h.settle()
	creator = dmsTo(t, h, carol)[2:]
	if len(creator) != 1 || !strings.Contains(creator[0], "🏆 **Winter Cup** is over.") {
		t.Errorf("direct messages to the creator at the end %q, want the final standings alone", creator)
	}
	var standings *recorded
	for _, rec := range h.fake.requests("/channels/dm-" + carol + "/messages") {
		standings = rec
	}
	checkPNG(t, standings)
	for _, u := range []string{alice, bob} {
		if got := dmsTo(t, h, u); len(got) != 2 || !strings.Contains(got[1], "ran out of time") {
			t.Errorf("direct messages to %s %q, want the start and the result", u, got)
		}
	}
	// The standings were not tried in the channel known gone (the
	// result, a game's, still is).
	posts := 0
	for _, rec := range h.fake.requests("/channels/" + channel + "/messages")[tried:] {
		if rec.Method == "POST" {
			posts++
		}
	}
	if posts != 1 {
		t.Errorf("%d posts tried in the deleted channel at the end, want the result's alone", posts)
	}
}

// TestTournamentThreadDeletedAndChannelRefused: a tournament's thread
// deleted where the bot may no longer post in its channel either (50013):
// the round's announcement goes to its creator by direct message, saying
// where the bot may not post, to ask a server manager for it. The
// players, whose games' first boards the channel refused, are told by
// direct message that their game has begun, and why it comes that way
// (TestMoveWhereTheBotMayNotPostToldByDM).
func TestTournamentThreadDeletedAndChannelRefused(t *testing.T) {
	h := newHarness(t, nil)
	deletedTournament(t, h, false)
	h.fake.inject("POST", "/channels/"+channel+"/", 403, 50013, 1000)
	h.clock.Advance(25 * time.Hour)
	h.bot.Sweep(t.Context())
	h.settle()
	creator := dmsTo(t, h, carol)
	why := "I may not post in <#" + channel + ">, where your tournament **Winter Cup** is played, so I am sending you this by direct message."
	if len(creator) != 2 || !strings.HasPrefix(creator[0], why) || creator[1] != "🏆 **Winter Cup**, round 1: 1 game." {
		t.Fatalf("direct messages to the creator %q, want why and round 1", creator)
	}
	if tr := onlyTournament(t, h); tr.ChannelGone || tr.ThreadID != "" {
		t.Errorf("the tournament's channel gone %v, thread %q; want the channel kept, the thread forgotten", tr.ChannelGone, tr.ThreadID)
	}
	g := gameOf(t, h, alice)
	want := fmt.Sprintf("Game %d has begun, and <@%s> is to move. I may no longer post in <#%s>, where the game is played (a server manager can give me access and permission to post there), so I am telling you by direct message: `/tafl board` `game:%d` shows the board",
		g.ID, g.Attackers.UserID, channel, g.ID)
	if got := resultDMs(t, h); len(got) != 2 || !strings.HasPrefix(got[0], alice+": "+want) || !strings.HasPrefix(got[1], bob+": "+want) {
		t.Errorf("direct messages to the players %q, want each %q…", got, want)
	}
}

// TestDrawOfferInADeletedChannelIsNoMove: a draw offered from a direct
// message in a game whose channel was deleted brings no move: its board,
// refused there, told the player to move by direct message that their
// opponent had played the game's last move again ("<@alice> played 1.
// a4-a2, and it is your move"). Nothing of a move is sent for it.
//
// TestDrawOfferInADeletedChannelToldByDM: the offer itself then reached
// nobody. The opponent is told of it by direct message, whatever their
// dms, with how to answer it from elsewhere (/tafl draw game:); so is a
// withdrawal, and an offer made on one's own turn says that the next
// move declines it.
func TestDrawOfferInADeletedChannelToldByDM(t *testing.T) {
	h := newHarness(t, nil)
	startGame(t, h) // 3 days per move, alice (attackers) to move
	if r, _ := h.slash(alice, "move", opt("move", gameOf(t, h, alice).Tafl().LegalMoves()[0].String())); isEphemeral(r) {
		t.Fatalf("move: %q", r.Content)
	}
	h.settle()
	h.fake.inject("", "/channels/"+channel+"/", 404, 10003, 1000) // the channel is deleted
	g := gameOf(t, h, alice)
	draw := func(user, want string) { t.Helper(); drawFromDM(t, h, g.ID, user, want) }
	draw(alice, "You offered a draw.") // bob to move
	draw(alice, "You withdrew your draw offer.")
	draw(bob, "You offered a draw.") // on bob's own turn
	got := resultDMs(t, h)
	const gone = "The channel or thread where the game was played no longer exists, so I am telling you by direct message"
	want := []string{
		fmt.Sprintf("%s: Game %d: <@%s> offers a draw. %s: `/tafl draw` `game:%d` accepts it, in any channel of the server, or just move to decline it.", bob, g.ID, alice, gone, g.ID),
		fmt.Sprintf("%s: Game %d: <@%s> withdrew their draw offer. %s.", bob, g.ID, alice, gone),
		fmt.Sprintf("%s: Game %d: <@%s> offers a draw. %s: `/tafl draw` `game:%d` accepts it, in any channel of the server; your next move declines it.", alice, g.ID, bob, gone, g.ID),
	}
	slices.Sort(want) // resultDMs lists alice's first
	if !slices.Equal(got, want) {
		t.Errorf("direct messages:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for _, dm := range got {
		if strings.Contains(dm, "it is your move") {
			t.Errorf("a draw offer's direct message tells of a move: %q", dm)
		}
	}
}

// TestDrawOfferWhereTheBotMayNotPostToldByDM: a draw offered or
// withdrawn (the draw button, or /tafl draw game: from elsewhere) in a
// game whose channel refuses the bot's post (50001 Missing Access, 50013
// Missing Permissions: taken away after the game began) or whose thread
// is locked (50083) was lost: its board, refused there, is not posted
// again, and nobody else tells of it. The opponent is told by direct
// message, whatever their dms, as where the channel was deleted
// (TestDrawOfferInADeletedChannelToldByDM), saying why.
func TestDrawOfferWhereTheBotMayNotPostToldByDM(t *testing.T) {
	for _, c := range []struct {
		name         string
		status, code int
		why          string
	}{
		{"missing access", 403, 50001, "I may no longer post in <#" + channel + ">, where the game is played (a server manager can give me access and permission to post there), so I am telling you by direct message"},
		{"missing permissions", 403, 50013, "I may no longer post in <#" + channel + ">, where the game is played (a server manager can give me access and permission to post there), so I am telling you by direct message"},
		{"thread locked", 400, 50083, "The thread where the game is played, <#" + channel + ">, is locked (a server manager can unlock it), so I am telling you by direct message"},
	} {
		t.Run(c.name, func(t *testing.T) {
			h := newHarness(t, nil)
			board := startGame(t, h) // 3 days per move, alice (attackers) to move
			h.fake.inject("POST", "/channels/"+channel+"/", c.status, c.code, 1000)
			g := gameOf(t, h, alice)
			if r, _ := h.click(alice, customIDs(board.Components)["Offer draw"], false); !strings.Contains(r.Content, "You offered a draw.") {
				t.Fatalf("alice pressing Offer draw: %q", r.Content)
			}
			h.settle()
			draw := func(user, want string) { t.Helper(); drawFromDM(t, h, g.ID, user, want) }
			draw(alice, "You withdrew your draw offer.")
			draw(bob, "You offered a draw.") // alice to move
			got := resultDMs(t, h)
			want := []string{
				fmt.Sprintf("%s: Game %d: <@%s> offers a draw. %s: `/tafl draw` `game:%d` accepts it, in any channel of the server; your next move declines it.", bob, g.ID, alice, c.why, g.ID),
				fmt.Sprintf("%s: Game %d: <@%s> withdrew their draw offer. %s.", bob, g.ID, alice, c.why),
				fmt.Sprintf("%s: Game %d: <@%s> offers a draw. %s: `/tafl draw` `game:%d` accepts it, in any channel of the server, or just move to decline it.", alice, g.ID, bob, c.why, g.ID),
			}
			slices.Sort(want) // resultDMs lists alice's first
			if !slices.Equal(got, want) {
				t.Errorf("direct messages:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
		})
	}
}

// TestMoveWhereTheBotMayNotPostToldByDM: a move's board refused in the
// game's channel because the bot may no longer post there (50001 Missing
// Access, 50013 Missing Permissions: taken away after the game began) or
// its thread is locked (50083) was lost: markBoardDue leaves a refused
// board to no clock sweep, and only a deleted channel told the player to
// move by direct message (TestPlayerToMoveInADeletedChannelToldByDM).
// They are told so, whatever their dms, saying why, once: of a move from
// elsewhere (a direct message), the engine's move, a Move menu's move
// whose follow-up failed, and a board a clock sweep found refused after
// Discord had failed it; no sweep posts the board again after. The Move
// menu's and a clock sweep's are checked where the channel was deleted
// (10003) too.
func TestMoveWhereTheBotMayNotPostToldByDM(t *testing.T) {
	const refused = "I may no longer post in <#" + channel + ">, where the game is played (a server manager can give me access and permission to post there), so I am telling you by direct message"
	const locked = "The thread where the game is played, <#" + channel + ">, is locked (a server manager can unlock it), so I am telling you by direct message"
	// told checks that user alone was told of the last move of g by direct
	// message, saying why, and that a sweep then tries no board again.
	told := func(t *testing.T, h *harness, user, mover, why string) {
		t.Helper()
		h.settle()
		g := gameOf(t, h, alice)
		want := fmt.Sprintf("%s: Game %d: %s played %s, and it is your move. %s: `/tafl board` `game:%d` shows the board and `/tafl move` `game:%d` plays your move, in any channel of the server.",
			user, g.ID, mover, lastPlyOf(g), why, g.ID, g.ID)
		if got := resultDMs(t, h); !slices.Equal(got, []string{want}) {
			t.Fatalf("direct messages:\n%s\nwant:\n%s", strings.Join(got, "\n"), want)
		}
		tried := len(h.fake.requests("/channels/" + channel + "/messages"))
		h.bot.Sweep(t.Context())
		h.settle()
		if n := len(h.fake.requests("/channels/" + channel + "/messages")); n != tried || len(resultDMs(t, h)) != 1 {
			t.Errorf("after a sweep: %d posts tried in the channel, direct messages %q; want none, the one", n-tried, resultDMs(t, h))
		}
	}
	for _, c := range []struct {
		name         string
		status, code int
		why          string
	}{
		{"missing access", 403, 50001, refused},
		{"missing permissions", 403, 50013, refused},
		{"thread locked", 400, 50083, locked},
	} {
		t.Run("from a direct message, "+c.name, func(t *testing.T) {
			h := newHarness(t, nil)
			startGame(t, h) // 3 days per move, alice (attackers) to move
			h.fake.inject("POST", "/channels/"+channel+"/", c.status, c.code, 1000)
			moveFromDM(t, h, gameOf(t, h, alice), alice, "")
			told(t, h, bob, "<@"+alice+">", c.why)
		})
	}
	t.Run("the engine's move", func(t *testing.T) {
		h := newHarness(t, nil)
		g := engineGame(t, h) // alice attacks
		h.fake.inject("POST", "/channels/"+channel+"/", 403, 50013, 1000)
		if r, _ := h.slash(alice, "move", opt("move", g.Tafl().LegalMoves()[0].String())); isEphemeral(r) {
			t.Fatalf("move refused: %s", r.Content)
		}
		waitPly(t, h, 2)
		told(t, h, alice, "taflbot (easy)", refused)
	})
	// The Move menu's post and a clock sweep's tell of a move where the
	// channel was deleted (10003) too, as a move from elsewhere does
	// (TestPlayerToMoveInADeletedChannelToldByDM).
	const gone = "The channel or thread where the game was played no longer exists, so I am telling you by direct message"
	for _, c := range []struct {
		name         string
		status, code int
		why          string
	}{
		{"refused", 403, 50013, refused},
		{"channel deleted", 404, 10003, gone},
	} {
		t.Run("a menu move whose follow-up failed, "+c.name, func(t *testing.T) {
			h := newHarness(t, nil)
			board := startGame(t, h)
			m := gameOf(t, h, alice).Tafl().LegalMoves()[0]
			r := menuPiece(t, h, alice, board, m)
			h.fake.inject("POST", "/webhooks/", 404, 10015, 1)
			h.fake.inject("POST", "/channels/"+channel+"/", c.status, c.code, 1000)
			h.click(alice, customIDs(r.Components)["select"], true, m.To().String())
			told(t, h, bob, "<@"+alice+">", c.why)
		})
		t.Run("refused to a clock sweep, "+c.name, func(t *testing.T) {
			h := newHarness(t, nil)
			failEngineBoard(t, h) // Discord failed the engine's board: due
			h.fake.inject("POST", "/channels/"+channel+"/", c.status, c.code, 1000)
			h.bot.Sweep(t.Context())
			told(t, h, alice, "taflbot (easy)", c.why)
			if gameOf(t, h, alice).BoardDue {
				t.Error("the board refused is still due")
			}
		})
	}
}

// lastPlyOf is game g's last move as the direct messages name it ("1.
// a4-a2").
func lastPlyOf(g *storage.Game) string {
	plies := g.Tafl().Plies()
	return tafl.PlyLabel(len(plies)-1, plies[len(plies)-1])
}

// TestResultInALockedThreadGoesByDM: a game whose thread a moderator
// locked ended on time, and Discord refused the result's post there
// (50083, Thread is archived): nobody was told. Both players are told by
// direct message, whatever their dms setting, that the thread is locked;
// so is the player to move of the reminder before.
func TestResultInALockedThreadGoesByDM(t *testing.T) {
	h := newHarness(t, nil)
	startGame(t, h) // 3 days per move, alice (attackers) to move
	moveBoth(t, h)
	h.settle()
	h.fake.inject("POST", "/channels/"+channel+"/", 400, 50083, 1000) // the game's thread is locked
	h.clock.Advance(60*time.Hour + time.Minute)                       // under 12 h left: alice is reminded
	h.bot.Sweep(t.Context())
	h.settle()
	if got := resultDMs(t, h); len(got) != 1 || !strings.HasPrefix(got[0], alice+": ⏳ <@"+alice+">, it's your move") {
		t.Fatalf("direct messages %q, want the reminder to alice", got)
	}
	h.clock.Advance(12 * time.Hour) // alice's time is up
	h.bot.Sweep(t.Context())
	h.settle()
	g := gameOf(t, h, alice)
	if g.Outcome() != (tafl.Outcome{Winner: tafl.Defenders, Reason: tafl.Timeout}) {
		t.Fatalf("outcome %+v, want bob's win on time", g.Outcome())
	}
	got := resultDMs(t, h)[1:]
	if len(got) != 2 {
		t.Fatalf("direct messages %q, want the result to alice and bob", got)
	}
	want := fmt.Sprintf("Game %d is over: **Defenders win** — the attackers ran out of time.", g.ID)
	why := "I am telling you by direct message because the thread where it was played, <#" + channel + ">, is locked"
	for i, u := range []string{alice, bob} {
		if !strings.HasPrefix(got[i], u+": "+want) || !strings.Contains(got[i], why) {
			t.Errorf("direct message %q, want %q and %q", got[i], want, why)
		}
	}
}

// TestLatePressNamesWhereTheResultWent: a press after the flag fell
// answered "The result is posted in <#777>" (the server's notification
// channel) where that channel no longer exists, although the result went
// to the game's own channel (postNotice's fallback); once a notice was
// refused there (here the reminder), the answer names the game's
// channel, where the result is. A notification channel taking notices
// is still named (TestLatePressNamesTheNotificationChannel).
func TestLatePressNamesWhereTheResultWent(t *testing.T) {
	h := newHarness(t, nil)
	notifiedGame(t, h) // alice to move; notices go to <#777>

	h.fake.inject("", "/channels/777/", 404, 10003, 1000) // the notification channel is deleted
	n := len(h.fake.requests("/channels/" + channel + "/messages"))
	h.clock.Advance(60 * time.Hour) // 12 h left: alice is reminded, in the game's channel
	h.bot.Sweep(t.Context())
	h.settle()
	h.clock.Advance(12*time.Hour + time.Minute) // alice's time is up
	confirm, _ := h.slash(bob, "resign")
	r, _ := h.click(bob, customIDs(confirm.Components)["Yes, resign"], true)
	h.settle()
	g := gameOf(t, h, alice)
	want := fmt.Sprintf("Too late: <@%s> had run out of time, so game %d has ended on time (Defenders win · the attackers ran out of time) and this changed nothing. The result is posted in the game's channel.", alice, g.ID)
	if r.Content != want {
		t.Errorf("the late press: %q, want %q", r.Content, want)
	}
	if posts := channelPosts(t, h, n); len(posts) != 2 || !strings.Contains(posts[1].Content, "ran out of time") {
		t.Errorf("posts in the game's channel: %+v", posts)
	}
}

// TestDeletedNotificationChannelIsDropped: a deleted notification
// channel was tried again with every notice (a refused call and a
// warning each), its refusal remembered by the process alone, so that a
// press after the flag fell, after a restart, said the result was posted
// in it; and /tafl settings still named it. Found gone once, it is
// dropped from the server's settings: later notices go straight to the
// game's channel, the late press after a restart names that channel,
// and /tafl settings says the notification channel no longer exists and
// how to choose another, which then takes the notices.
func TestDeletedNotificationChannelIsDropped(t *testing.T) {
	h := newHarness(t, nil)
	notifiedGame(t, h) // alice to move; notices go to <#777>

	h.fake.inject("", "/channels/777/", 404, 10003, 1000) // the notification channel is deleted
	h.clock.Advance(60 * time.Hour)                       // 12 h left: alice is reminded, in the game's channel
	h.bot.Sweep(t.Context())
	h.settle()
	h.restart()
	h.clock.Advance(12*time.Hour + time.Minute) // alice's time is up
	confirm, _ := h.slash(bob, "resign")
	r, _ := h.click(bob, customIDs(confirm.Components)["Yes, resign"], true)
	h.settle()
	if !strings.HasSuffix(r.Content, "The result is posted in the game's channel.") {
		t.Errorf("the late press after a restart: %q", r.Content)
	}
	tried := 0
	for _, rec := range h.fake.requests("/channels/777/messages") {
		if rec.Method == "POST" {
			tried++
		}
	}
	if tried != 1 {
		t.Errorf("%d posts tried in the deleted notification channel, want 1 (the reminder, which found it gone)", tried)
	}
	const gone = "reminders and results: each game's channel (the notification channel <#777> no longer exists; choose another with `/tafl settings` `channel`)"
	if r, _ := h.slash(carol, "settings"); !strings.Contains(r.Content, gone) {
		t.Errorf("/tafl settings: %q, want %q", r.Content, gone)
	}
	if r, _ := h.slash(carol, "settings", opt("channel", "888")); !strings.Contains(r.Content, "reminders and results: <#888> ") || strings.Contains(r.Content, "no longer exists") {
		t.Errorf("/tafl settings channel:888: %q", r.Content)
	}
}

// TestLatePressNamesTheNotificationChannel: a press after the flag fell
// in a server whose notification channel takes the notices names that
// channel as where the result is posted.
func TestLatePressNamesTheNotificationChannel(t *testing.T) {
	h := newHarness(t, nil)
	notifiedGame(t, h) // alice to move; notices go to <#777>

	h.clock.Advance(60 * time.Hour) // the reminder, posted in 777
	h.bot.Sweep(t.Context())
	h.settle()
	h.clock.Advance(12*time.Hour + time.Minute)
	confirm, _ := h.slash(bob, "resign")
	r, _ := h.click(bob, customIDs(confirm.Components)["Yes, resign"], true)
	h.settle()
	if !strings.HasSuffix(r.Content, "The result is posted in <#777>.") {
		t.Errorf("the late press: %q", r.Content)
	}
	if n := len(h.fake.requests("/channels/777/messages")); n != 2 {
		t.Errorf("%d posts in the notification channel, want the reminder and the result", n)
	}
}

// notifiedGame starts a game in h's server whose notification channel is
// 777 (/tafl settings channel), 3 days a move, and plays one move of
// each side: alice (attackers) is to move.
func notifiedGame(t *testing.T, h *harness) {
	t.Helper()
	if r, _ := h.slash(carol, "settings", opt("channel", "777")); !strings.Contains(r.Content, "reminders and results: <#777>") {
		t.Fatalf("choosing a channel: %q", r.Content)
	}
	startGame(t, h)
	moveBoth(t, h)
	h.settle()
}

// moveBoth plays one move of each side in h's game between alice
// (attackers, to move) and bob: each side's first legal move.
func moveBoth(t *testing.T, h *harness) {
	t.Helper()
	for _, u := range []string{alice, bob} {
		if r, _ := h.slash(u, "move", opt("move", gameOf(t, h, alice).Tafl().LegalMoves()[0].String())); isEphemeral(r) {
			t.Fatalf("move: %q", r.Content)
		}
	}
}

// TestMoveFromElsewhereSaysWhereTheGameGoesOn: a move played from a
// direct message in a game whose channel was deleted, which the board's
// post found gone (10003), was answered "The new board is posted where
// the game is played, #deleted-channel": a channel that no longer
// exists, where nothing was posted. The reply is edited to say that the
// game goes on by direct message (the player to move is told there). A
// tournament game moved to its tournament's channel names that channel
// (TestTournamentGameInADeletedThreadGoesOnInItsChannel).
func TestMoveFromElsewhereSaysWhereTheGameGoesOn(t *testing.T) {
	h := newHarness(t, nil)
	startGame(t, h) // alice (attackers, to move) against bob
	h.settle()
	h.fake.inject("", "/channels/"+channel+"/", 404, 10003, 1000) // the channel is deleted
	in := moveFromDM(t, h, gameOf(t, h, alice), alice, "")
	g := gameOf(t, h, alice)
	want := fmt.Sprintf("You played %s in game %d. The channel or thread where the game was played no longer exists, so it goes on by direct message: the player to move is told there", lastPlyOf(g), g.ID)
	if got := replyNow(t, h, in); !strings.HasPrefix(got, want) || strings.Contains(got, "<#") {
		t.Errorf("the mover's reply %q, want %q…", got, want)
	}
	if got := dmsTo(t, h, bob); len(got) != 1 || !strings.Contains(got[0], "it is your move") {
		t.Errorf("direct messages to bob %q, want his move", got)
	}

	// Bob moves with the Move menu of the board /tafl board shows him in
	// a direct message: the menu's message says the same.
	board := h.slashInteraction(bob, "board", opt("game", float64(g.ID)))
	board.GuildID, board.ChannelID, board.Member, board.User = "", "dm-"+bob, nil, &discordgo.User{ID: bob}
	h.bot.HandleGateway(t.Context(), board)
	r, _ := h.fake.callback(t, board.ID)
	m := g.Tafl().LegalMoves()[0]
	r = h.pressFrom("", bob, customIDs(r.Components)["Move"])
	r = h.pressFromValues("", bob, customIDs(r.Components)["select"], m.From().String())
	if r = h.pressFromValues("", bob, customIDs(r.Components)["select"], m.To().String()); !strings.Contains(r.Content, "You played") {
		t.Fatalf("the Move menu from a direct message: %q", r.Content)
	}
	h.settle()
	g = gameOf(t, h, alice)
	want = fmt.Sprintf("You played %s in game %d. The channel or thread where the game was played no longer exists, so it goes on by direct message", lastPlyOf(g), g.ID)
	var edited string // the menu's message, as last edited
	for _, rec := range h.fake.requests("/messages/@original") {
		if rec.Method == "PATCH" {
			edited = decode(t, rec.Body).Content
		}
	}
	if !strings.HasPrefix(edited, want) {
		t.Errorf("the menu's message edited to %q, want %q…", edited, want)
	}

	// A move that ends the game: the result goes to both by direct message.
	h = newHarness(t, nil)
	g = forcedWinStart(t, h)
	for _, m := range []struct{ user, move string }{{bob, "g5-g3"}, {alice, "a4-a2"}} {
		if r, _ := h.slash(m.user, "move", opt("move", m.move), opt("game", g.ID.String())); isEphemeral(r) {
			t.Fatalf("%s: %s", m.move, r.Content)
		}
	}
	h.settle()
	h.fake.inject("", "/channels/"+channel+"/", 404, 10003, 1000)
	in = moveFromDM(t, h, g, bob, "g3-g1")
	g = gameOf(t, h, alice)
	want = fmt.Sprintf("You played %s in game %d. The channel or thread where the game was played no longer exists, so the result goes to both players by direct message.", lastPlyOf(g), g.ID)
	if got := replyNow(t, h, in); got != want {
		t.Errorf("the reply to the last move %q, want %q", got, want)
	}
	if got := resultDMs(t, h); len(got) != 2 {
		t.Errorf("direct messages %q, want the result to both", got)
	}
}

// moveFromDM plays user's move mv ("": the first legal one) in game g
// with /tafl move game: from a direct message, checks that the reply
// says it was played, and waits for its follow-up work. It returns the
// interaction.
func moveFromDM(t *testing.T, h *harness, g *storage.Game, user, mv string) *discordgo.Interaction {
	t.Helper()
	if mv == "" {
		mv = g.Tafl().LegalMoves()[0].String()
	}
	in := h.slashInteraction(user, "move", opt("move", mv), opt("game", float64(g.ID)))
	in.GuildID, in.ChannelID, in.Member, in.User = "", "dm-"+user, nil, &discordgo.User{ID: user}
	h.bot.HandleGateway(t.Context(), in)
	if r, _ := h.fake.callback(t, in.ID); !strings.Contains(r.Content, "You played") {
		t.Fatalf("/tafl move from a direct message: %q", r.Content)
	}
	h.settle()
	return in
}

// replyNow returns interaction in's reply as it reads now: its response,
// or the last edit of it.
func replyNow(t *testing.T, h *harness, in *discordgo.Interaction) string {
	t.Helper()
	r, _ := h.fake.callback(t, in.ID)
	content := r.Content
	for _, rec := range h.fake.requests("/webhooks/" + in.AppID + "/" + in.Token + "/messages/@original") {
		if rec.Method == "PATCH" && rec.Status == 200 {
			content = decode(t, rec.Body).Content
		}
	}
	return content
}

// drawFromDM runs /tafl draw game:id by user from a direct message and
// checks that the reply says want, then waits for its follow-up work.
func drawFromDM(t *testing.T, h *harness, id storage.GameID, user, want string) {
	t.Helper()
	in := h.slashInteraction(user, "draw", opt("game", float64(id)))
	in.GuildID, in.ChannelID, in.Member, in.User = "", "dm-"+user, nil, &discordgo.User{ID: user}
	h.bot.HandleGateway(t.Context(), in)
	if r, _ := h.fake.callback(t, in.ID); !strings.Contains(r.Content, want) {
		t.Fatalf("/tafl draw from a direct message: %q, want %q", r.Content, want)
	}
	h.settle()
}
