package bot_test

import (
	"encoding/binary"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/internal/dbfault"
	"github.com/taflbot/taflbot/tafl"
)

// channelPosts returns the messages posted in the game channel after n.
func channelPosts(t *testing.T, h *harness, n int) []*resp {
	var out []*resp
	for _, rec := range h.fake.requests("/channels/" + channel + "/messages")[n:] {
		if rec.Method == "POST" && rec.Status == 200 {
			out = append(out, decode(t, rec.Body))
		}
	}
	return out
}

func TestReminderThenTimeoutOnceAcrossRestarts(t *testing.T) {
	h := newHarness(t, nil)
	// alice opts in to DMs (bob does not: he gets none).
	if r, _ := h.slash(alice, "settings", opt("dms", true)); !strings.Contains(r.Content, "direct message") {
		t.Fatalf("dms on: %q", r.Content)
	}
	r, _ := h.slash(alice, "challenge", opt("opponent", bob), opt("variant", "brandubh"), opt("side", "attackers"), opt("days", 1.0))
	h.click(bob, customIDs(r.Components)["Accept"], false)
	h.settle() // alice is told it is her move: counted before the reminders
	g := gameOf(t, h, alice)
	if want := h.clock.Now().Add(24 * time.Hour); !g.Deadline.Equal(want) {
		t.Fatalf("deadline %v, want %v", g.Deadline, want)
	}
	n := len(h.fake.requests("/channels/" + channel + "/messages"))

	// 17 h in: 7 h left, more than a quarter of the day: no reminder yet.
	h.clock.Advance(17 * time.Hour)
	h.bot.Sweep(t.Context())
	if posts := channelPosts(t, h, n); len(posts) != 0 {
		t.Fatalf("reminder too early: %q", posts[0].Content)
	}
	// 18 h 1 m in: under 6 h left: one reminder, in the channel and by DM.
	h.clock.Advance(61 * time.Minute)
	h.fake.inject("POST", "/channels/dm-"+alice+"/messages", 403, 50007, 1) // DMs closed: ignored
	h.bot.Sweep(t.Context())
	h.bot.Sweep(t.Context())
	posts := channelPosts(t, h, n)
	if len(posts) != 1 || !strings.Contains(posts[0].Content, "<@"+alice+">, it's your move") || !strings.Contains(posts[0].Content, "5h 59m left") {
		t.Fatalf("reminders: %+v", posts)
	}
	if len(h.fake.requests("/users/@me/channels")) != 1 {
		t.Errorf("DM channel opened %d times, want 1", len(h.fake.requests("/users/@me/channels")))
	}
	h.restart() // the start-up catch-up must not remind again
	h.bot.Sweep(t.Context())
	if posts := channelPosts(t, h, n); len(posts) != 1 {
		t.Fatalf("%d reminders after a restart, want 1", len(posts))
	}

	// Past the deadline, with the bot down: the catch-up at start-up ends it.
	h.stop()
	h.clock.Advance(6 * time.Hour)
	h.start()
	h.bot.Sweep(t.Context()) // waits for the start-up sweep (one at a time), then finds nothing
	posts = channelPosts(t, h, n)
	if len(posts) != 2 {
		t.Fatalf("%d posts after the deadline, want reminder + timeout", len(posts))
	}
	// Alice never moved: the game is aborted, not lost, and counts in
	// nobody's record.
	if !strings.Contains(posts[1].Content, "<@"+alice+"> ran out of time before their first move.\n") || !strings.Contains(posts[1].Content, "**Aborted** — the game ends without a result and is not rated.") ||
		strings.Count(strings.ToLower(posts[1].Content), "abort") != 1 {
		t.Errorf("timeout post %q", posts[1].Content)
	}
	g = gameOf(t, h, alice)
	if g.Outcome() != (tafl.Outcome{Winner: tafl.NoSide, Reason: tafl.Aborted}) {
		t.Fatalf("outcome %v", g.Outcome())
	}
	if strings.Contains(posts[1].Content, "Not rated") {
		t.Errorf("timeout post %q says twice that the game is not rated", posts[1].Content)
	}
	if p, err := h.store.GetPlayer(t.Context(), guild, bob); err == nil {
		t.Errorf("bob has a record %+v after a game his opponent never moved in", p)
	}
	h.restart()
	h.bot.Sweep(t.Context())
	if posts := channelPosts(t, h, n); len(posts) != 2 {
		t.Errorf("%d posts after another restart, want still 2", len(posts))
	}
	if lines := h.logs.lines(`"level":"ERROR"`); len(lines) != 0 {
		t.Errorf("errors logged: %v", lines)
	}
}

// TestMoveAfterDeadlineLosesOnTime: a move sent after the deadline, before
// any sweep noticed, is refused: the game ends on time there and then
// (both sides have moved, so alice loses), the timeout is announced once,
// and a later sweep does not announce it again.
func TestMoveAfterDeadlineLosesOnTime(t *testing.T) {
	h := newHarness(t, nil)
	startGame(t, h) // 3 days per move, alice (attackers) to move
	moveBoth(t, h)
	h.settle() // the late move, not a follow-up write, finds the time run out
	g := gameOf(t, h, alice)
	n := len(h.fake.requests("/channels/" + channel + "/messages"))
	h.clock.Advance(72*time.Hour + time.Minute)
	m := g.Tafl().LegalMoves()[0]
	r, _ := h.slash(alice, "move", opt("move", m.String()))
	// alice is told "you", not her own mention (which she read before).
	if !isEphemeral(r) || !strings.HasPrefix(r.Content, "Too late: you had run out of time, so game") {
		t.Fatalf("move after the deadline: %q", r.Content)
	}
	g = gameOf(t, h, alice)
	if g.Ply() != 2 || g.Outcome() != (tafl.Outcome{Winner: tafl.Defenders, Reason: tafl.Timeout}) {
		t.Fatalf("after the late move: ply %d, outcome %v", g.Ply(), g.Outcome())
	}
	waitFor(t, "the timeout announcement", func() bool { return len(channelPosts(t, h, n)) == 1 })
	h.bot.Sweep(t.Context())
	posts := channelPosts(t, h, n)
	if len(posts) != 1 || !strings.Contains(posts[0].Content, "<@"+alice+"> ran out of time") {
		t.Errorf("posts %+v, want one timeout announcement", posts)
	}
}

// TestSweepSkipsDamagedIndexEntry: a bad key in the deadline index does
// not stop the sweep: the other games still end on time, and the bad
// entry is logged once, not at every sweep.
func TestSweepSkipsDamagedIndexEntry(t *testing.T) {
	h := newHarness(t, nil)
	startGame(t, h)
	h.stop()
	// A key that sorts before the game's deadline (time 0) and names no game.
	if err := dbfault.Put(h.path, "idx_deadlines", binary.BigEndian.AppendUint64(make([]byte, 8), 4242), nil); err != nil {
		t.Fatal(err)
	}
	h.start()
	h.clock.Advance(73 * time.Hour)
	h.bot.Sweep(t.Context())
	h.bot.Sweep(t.Context())
	if g := gameOf(t, h, alice); g.Outcome().Reason != tafl.Aborted { // on time, before anyone moved
		t.Fatalf("the game did not end on time: %v", g.Outcome())
	}
	if lines := h.logs.lines("damaged index entry"); len(lines) != 1 || !strings.Contains(lines[0], "idx_deadlines") {
		t.Errorf("log lines about the bad entry: %v", lines)
	}
}

// TestDMFailureLogNamesTheGame: a direct message that could not be sent
// was logged with the user only, not the game nor what it was; the log
// lines name both (a reminder, a result).
func TestDMFailureLogNamesTheGame(t *testing.T) {
	h := newHarness(t, nil)
	h.slash(alice, "settings", opt("dms", true))
	r, _ := h.slash(alice, "challenge", opt("opponent", bob), opt("variant", "brandubh"), opt("side", "attackers"), opt("days", 1.0))
	h.click(bob, customIDs(r.Components)["Accept"], false)
	g := gameOf(t, h, alice)
	h.clock.Advance(18*time.Hour + time.Minute)
	h.fake.inject("POST", "/channels/dm-"+alice+"/messages", 403, 50007, 1) // DMs closed
	h.bot.Sweep(t.Context())
	h.settle() // the sweep, not a late follow-up write, ends the game
	h.clock.Advance(6 * time.Hour)
	h.fake.inject("POST", "/channels/dm-"+alice+"/messages", 403, 50013, 1) // any other refusal
	h.bot.Sweep(t.Context())
	id := `"game_id":` + strconv.FormatUint(uint64(g.ID), 10)
	if lines := h.logs.lines(`"msg":"DMs closed"`); len(lines) != 1 || !strings.Contains(lines[0], id) || !strings.Contains(lines[0], `"dm":"reminder"`) {
		t.Errorf("the closed DMs of a reminder logged as %q, want %s and the reminder", lines, id)
	}
	if lines := h.logs.lines(`"msg":"sending a DM"`); len(lines) != 1 || !strings.Contains(lines[0], id) || !strings.Contains(lines[0], `"dm":"result"`) {
		t.Errorf("a result's failed DM logged as %q, want %s and the result", lines, id)
	}
}

// TestSettingsSayDMsAreRefused: a player with /tafl settings dms:True
// whose Discord privacy settings refuse the bot's direct messages
// (error 50007) never learnt that none arrive; /tafl settings says so,
// since when and what to change, until a direct message arrives again.
// Another error (Discord failing) says nothing of the player's settings.
func TestSettingsSayDMsAreRefused(t *testing.T) {
	h := newHarness(t, nil)
	if r, _ := h.slash(alice, "settings", opt("dms", true)); !strings.Contains(r.Content, "Your direct messages (reminders and results): **on**.") {
		t.Errorf("dms:True: %q", r.Content)
	}
	if r, _ := h.slash(bob, "settings"); !strings.Contains(r.Content, "Your direct messages (reminders and results): **off**.") {
		t.Errorf("bob's settings: %q", r.Content)
	}
	r, _ := h.slash(alice, "challenge", opt("opponent", bob), opt("variant", "brandubh"), opt("side", "attackers"), opt("days", 1.0))
	h.click(bob, customIDs(r.Components)["Accept"], false)
	h.clock.Advance(18*time.Hour + time.Minute)
	refused := h.clock.Now()
	h.fake.inject("POST", "/channels/dm-"+alice+"/messages", 403, 50007, 1)
	h.bot.Sweep(t.Context()) // the reminder
	want := fmt.Sprintf("Your direct messages (reminders and results): **on**, but Discord has refused them since <t:%d:f>. To get them, allow direct messages from server members in Discord's privacy settings (for this server or for all).", refused.Unix())
	if r, _ := h.slash(alice, "settings"); !strings.Contains(r.Content, want) {
		t.Errorf("settings after a refused DM: %q, want %q", r.Content, want)
	}
	h.settle() // the sweep, not a late follow-up write, ends the game
	h.clock.Advance(6 * time.Hour)
	h.fake.inject("POST", "/channels/dm-"+alice+"/messages", 403, 50013, 1) // another refusal: not the privacy settings
	h.bot.Sweep(t.Context())                                                // the result
	if r, _ := h.slash(alice, "settings"); !strings.Contains(r.Content, want) {
		t.Errorf("settings after a DM Discord failed: %q, want still %q", r.Content, want)
	}
	// The next one arrives: the warning is gone.
	r, _ = h.slash(alice, "challenge", opt("opponent", bob), opt("variant", "brandubh"), opt("side", "attackers"))
	h.click(bob, customIDs(r.Components)["Accept"], false)
	rr, _ := h.slash(alice, "resign") // aborts: nobody has moved
	h.click(alice, customIDs(rr.Components)["Yes, abort"], true)
	waitFor(t, "the result's DM", func() bool {
		for _, rec := range h.fake.requests("/channels/dm-" + alice + "/messages") {
			if rec.Status == 200 {
				return true
			}
		}
		return false
	})
	h.settle() // the DM's success is recorded after Discord took it
	if r, _ := h.slash(alice, "settings"); !strings.Contains(r.Content, "Your direct messages (reminders and results): **on**.") {
		t.Errorf("settings after a DM arrived: %q", r.Content)
	}
}

// TestNoDirectMessagesAboutAGameInOne: a player who turned dms on in a
// direct message with the bot, where they play the engine, got each
// reminder of a game there twice in that direct message (the notice, and
// the direct message about it) and its result twice (the board, and
// "Game 1 is over"). A game in a direct message is told there once.
func TestNoDirectMessagesAboutAGameInOne(t *testing.T) {
	h := newHarness(t, nil)
	dm := "dm-" + alice // the fake's direct message channel with alice
	inDM := func(sub string, opts ...*discordgo.ApplicationCommandInteractionDataOption) *resp {
		in := h.slashInteraction(alice, sub, opts...)
		in.GuildID, in.ChannelID, in.User, in.Member = "", dm, in.Member.User, nil
		h.bot.HandleGateway(t.Context(), in)
		r, _ := h.fake.final(t, in)
		h.settle()
		return r
	}
	inDM("settings", opt("dms", true))
	inDM("ai", opt("variant", "brandubh"), opt("side", "attackers"), opt("days", 1.0))
	posts := func(s string) int {
		n := 0
		for _, rec := range h.fake.requests("/channels/" + dm + "/messages") {
			if rec.Method == "POST" && strings.Contains(decode(t, rec.Body).Content, s) {
				n++
			}
		}
		return n
	}
	h.clock.Advance(19 * time.Hour)
	h.bot.Sweep(t.Context())
	h.settle()
	if n := posts("it's your move in game 1"); n != 1 {
		t.Errorf("%d reminders in the direct message, want 1", n)
	}
	h.clock.Advance(6 * time.Hour) // alice never moved: the game is aborted
	h.bot.Sweep(t.Context())
	h.settle()
	if n := posts("Game 1 is over"); n != 0 {
		t.Errorf("the result was sent again as a direct message (%d)", n)
	}
	if n := posts("ran out of time before their first move"); n != 1 {
		t.Errorf("%d results in the direct message, want 1", n)
	}
}

// TestLateMoveSaysWhereTheResultIs: a move after the deadline ends the
// game on time and says so; where a server sends results to its
// notification channel, the answer names that channel, not the game's
// channel, where nothing is posted.
func TestLateMoveSaysWhereTheResultIs(t *testing.T) {
	h := newHarness(t, nil)
	if r, _ := h.slash(carol, "settings", opt("channel", "777")); !strings.Contains(r.Content, "reminders and results: <#777>") {
		t.Fatalf("choosing a channel: %q", r.Content)
	}
	startGame(t, h) // 3 days per move, alice (attackers) to move
	h.settle()
	h.clock.Advance(72*time.Hour + time.Minute)
	r, _ := h.slash(alice, "move", opt("move", gameOf(t, h, alice).Tafl().LegalMoves()[0].String()))
	if !isEphemeral(r) || !strings.Contains(r.Content, "you had run out of time") || !strings.Contains(r.Content, "It is announced in <#777>") {
		t.Fatalf("move after the deadline: %q", r.Content)
	}
	h.settle()
	if n := len(h.fake.requests("/channels/777/messages")); n != 1 {
		t.Errorf("%d posts in the notification channel, want the result", n)
	}
}

// TestLatePressBeforeFirstMoveSaysAborted: a press after a side's time
// ran out before its first move, which aborts the game, was answered
// "game 1 has ended on time (Aborted)", as if someone had lost on time;
// it says the game is aborted with no result and no rating change,
// whose time ran out and where that is posted — the game's channel, the
// notification channel, or both players' direct messages where the bot
// can no longer post — and nobody's rating or record changes.
func TestLatePressBeforeFirstMoveSaysAborted(t *testing.T) {
	const end = "is aborted (no result, no rating change) and this changed nothing."
	for _, c := range []struct {
		name, presser, notify string
		perms                 int64
		want                  string
	}{
		{"alice's own late move", alice, "", postPerms,
			"Too late: you had run out of time before your first move, so game %d " + end + " It is announced in the game's channel."},
		{"bob's abort, results in another channel", bob, "777", postPerms,
			"Too late: <@" + alice + "> had run out of time before their first move, so game %d " + end + " It is announced in <#777>."},
		{"alice's late move where the bot cannot post", alice, "", postPerms &^ discordgo.PermissionSendMessages,
			"Too late: you had run out of time before your first move, so game %d " + end + " I can no longer post in this channel, so both players are told by direct message."},
	} {
		t.Run(c.name, func(t *testing.T) {
			h := newHarness(t, nil)
			if c.notify != "" {
				h.slash(carol, "settings", opt("channel", c.notify))
			}
			startGame(t, h) // 3 days per move, alice (attackers) to move
			g := gameOf(t, h, alice)
			confirm, _ := h.slash(bob, "resign") // before a move: Abort, confirmed
			abort := customIDs(confirm.Components)["Yes, abort"]
			h.settle()
			if c.perms != postPerms {
				h.fake.inject("POST", "/channels/"+channel+"/messages", 403, 50013, 10)
			}
			h.clock.Advance(72*time.Hour + time.Minute) // alice's time is up before her first move
			var r *resp
			if c.presser == alice {
				in := h.slashInteraction(alice, "move", opt("move", g.Tafl().LegalMoves()[0].String()))
				in.AppPermissions = c.perms
				h.bot.HandleGateway(t.Context(), in)
				r, _ = h.fake.callback(t, in.ID)
			} else {
				r, _ = h.click(bob, abort, true)
			}
			h.settle()
			if want := fmt.Sprintf(c.want, g.ID); !isEphemeral(r) || r.Content != want {
				t.Errorf("the late press: %q, want %q", r.Content, want)
			}
			g = gameOf(t, h, alice)
			if g.Outcome() != (tafl.Outcome{Winner: tafl.NoSide, Reason: tafl.Aborted}) || len(g.RatingChanges) != 0 {
				t.Errorf("outcome %+v, rating changes %+v; want aborted, none", g.Outcome(), g.RatingChanges)
			}
			for _, id := range []string{alice, bob} {
				if p, err := h.store.GetPlayer(t.Context(), guild, id); err == nil && (p.Wins+p.Losses+p.Draws != 0 || len(p.Variants) != 0) {
					t.Errorf("%s has a record after the aborted game: %+v", id, p)
				}
			}
		})
	}
}

// TestLatePressSaysWhoseTimeRanOut: bob resigning after alice's time ran
// out, before anything ended the game, was told "Too late: the time for
// the move had run out", which read as if he had lost; the answer says
// that alice's time ran out and the result, bob's win on time.
func TestLatePressSaysWhoseTimeRanOut(t *testing.T) {
	h := newHarness(t, nil)
	startGame(t, h) // 3 days per move, alice (attackers) to move
	moveBoth(t, h)
	h.settle()
	h.clock.Advance(72*time.Hour + time.Minute) // alice's time is up
	confirm, _ := h.slash(bob, "resign")
	r, _ := h.click(bob, customIDs(confirm.Components)["Yes, resign"], true)
	g := gameOf(t, h, alice)
	if g.Outcome() != (tafl.Outcome{Winner: tafl.Defenders, Reason: tafl.Timeout}) {
		t.Fatalf("outcome %+v, want bob's win on time", g.Outcome())
	}
	want := fmt.Sprintf("Too late: <@%s> had run out of time, so game %d has ended on time (Defenders win · the attackers ran out of time) and this changed nothing. The result is posted in the game's channel.", alice, g.ID)
	if r.Content != want {
		t.Errorf("resigning after the opponent's flag: %q, want %q", r.Content, want)
	}
}
