package bot_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/bot"
	"github.com/taflbot/taflbot/internal/pgtest"
	"github.com/taflbot/taflbot/storage"
)

// dailyPosts returns the messages posted in channel ch (bodies decoded).
func dailyPosts(t *testing.T, h *harness, ch string) []*resp {
	t.Helper()
	var out []*resp
	for _, rec := range h.fake.requests("/channels/" + ch + "/messages") {
		if rec.Method == "POST" && rec.Status == 200 && strings.Contains(string(rec.Body), "Daily puzzle") {
			out = append(out, decode(t, rec.Body))
		}
	}
	return out
}

// solveByLine plays a puzzle's stored line through its buttons.
func solveByLine(t *testing.T, h *harness, user string, p *storage.Puzzle) *resp {
	t.Helper()
	r, _ := h.click(user, bot.CustomID{Action: bot.ActPuzzleSolve, ID: uint64(p.ID)}.String(), false)
	for i := 0; i < len(p.Solution); i += 2 {
		from, to, _ := strings.Cut(p.Solution[i], "-")
		r = pickMove(t, h, user, customIDs(r.Components)["Move"], from, to)
	}
	return r
}

// setDaily has alice (a manager) set the daily puzzle's channel and hour
// and returns the bot's answer.
func setDaily(t *testing.T, h *harness, channel string, hour int) *resp {
	t.Helper()
	set := h.slashInteraction(alice, "settings", &discordgo.ApplicationCommandInteractionDataOption{Name: "daily_channel", Type: discordgo.ApplicationCommandOptionChannel, Value: channel},
		opt("daily_hour", float64(hour)))
	h.bot.HandleGateway(context.Background(), set)
	r, _ := h.fake.callback(t, set.ID)
	return r
}

// TestDailyPuzzle: a manager sets a channel and an hour; the sweeper
// posts the puzzle once that hour has come, once a day, with a Solve
// button; the next day's post names who solved it.
func TestDailyPuzzle(t *testing.T) {
	h := newHarness(t, nil)
	ctx := context.Background()
	const daily = "777"
	r := setDaily(t, h, daily, 15)
	if !strings.Contains(r.Content, "daily puzzle: in <#777> at 15:00 UTC") {
		t.Fatalf("settings: %q", r.Content)
	}
	// 12:00 UTC: not yet.
	h.bot.Sweep(ctx)
	if n := len(dailyPosts(t, h, daily)); n != 0 {
		t.Fatalf("%d posts before the hour", n)
	}
	h.clock.Advance(3 * time.Hour)
	h.bot.Sweep(ctx)
	h.bot.Sweep(ctx)
	posts := dailyPosts(t, h, daily)
	if len(posts) != 1 {
		t.Fatalf("%d daily posts after two sweeps, want 1", len(posts))
	}
	solve := customIDs(posts[0].Components)["Solve"]
	cid, err := bot.ParseCustomID(solve)
	if err != nil || !strings.Contains(posts[0].Content, "2026-03-01") || strings.Contains(posts[0].Content, "solved by") {
		t.Fatalf("post %q, Solve %q: %v", posts[0].Content, solve, err)
	}
	gs, _ := h.store.GetGuildSettings(ctx, guild)
	if gs.Daily.Date != "2026-03-01" || gs.Daily.PuzzleID != storage.PuzzleID(cid.ID) || gs.Daily.MessageID == "" {
		t.Errorf("daily state %+v", gs.Daily)
	}
	p, err := h.store.GetPuzzle(ctx, storage.PuzzleID(cid.ID))
	if err != nil || p.Moves < 2 {
		t.Fatalf("the daily puzzle %+v %v", p, err)
	}
	// Bob solves it today; carol fails it (her attempt stored directly).
	if r := solveByLine(t, h, bob, p); !strings.Contains(r.Content, "You solved the daily puzzle") {
		t.Errorf("bob's solve: %q", r.Content)
	}
	if _, err := h.store.RecordPuzzleAttempt(ctx, guild, carol, p.ID, false, "2026-03-01"); err != nil {
		t.Fatal(err)
	}
	// The next day: a new puzzle, naming bob only.
	h.clock.Advance(24 * time.Hour)
	h.bot.Sweep(ctx)
	posts = dailyPosts(t, h, daily)
	if len(posts) != 2 {
		t.Fatalf("%d posts on day 2", len(posts))
	}
	want := "The puzzle of 2026-03-01 (puzzle " + p.ID.String() + ") was solved by <@" + bob + "> — well done!"
	if !strings.Contains(posts[1].Content, want) || strings.Contains(posts[1].Content, carol) || customIDs(posts[1].Components)["Solve"] == solve {
		t.Errorf("day 2: %q, want %q and a new puzzle", posts[1].Content, want)
	}
	// Turning it off stops it.
	h.slash(alice, "settings", opt("daily", false))
	h.clock.Advance(24 * time.Hour)
	h.bot.Sweep(ctx)
	if n := len(dailyPosts(t, h, daily)); n != 2 {
		t.Errorf("%d posts after turning the daily puzzle off", n)
	}
}

// TestDailyPuzzleUntilTheNextPost: a daily puzzle posted at 15:00 UTC is
// the daily puzzle until the next post, past midnight: bob, solving it at
// 03:00 the next day, is told so and named by the next post (his solve
// counted only on the date it was posted, nine hours of the day); once
// the next one is posted, solving the old one counts for nothing.
func TestDailyPuzzleUntilTheNextPost(t *testing.T) {
	h := newHarness(t, nil)
	ctx := context.Background()
	const daily = "777"
	setDaily(t, h, daily, 15)
	h.clock.Advance(3 * time.Hour) // 15:00 on 2026-03-01
	h.bot.Sweep(ctx)
	posts := dailyPosts(t, h, daily)
	if len(posts) != 1 {
		t.Fatalf("%d daily posts, want 1", len(posts))
	}
	cid, err := bot.ParseCustomID(customIDs(posts[0].Components)["Solve"])
	if err != nil {
		t.Fatal(err)
	}
	p, err := h.store.GetPuzzle(ctx, storage.PuzzleID(cid.ID))
	if err != nil {
		t.Fatal(err)
	}
	h.clock.Advance(12 * time.Hour) // 03:00 on 2026-03-02: no new post yet
	h.bot.Sweep(ctx)
	if n := len(dailyPosts(t, h, daily)); n != 1 {
		t.Fatalf("%d daily posts before the hour of the second day", n)
	}
	if r := solveByLine(t, h, bob, p); !strings.Contains(r.Content, "You solved the daily puzzle: you will be named with the next one.") {
		t.Errorf("bob's solve after midnight: %q", r.Content)
	}
	h.clock.Advance(12 * time.Hour) // 15:00 on 2026-03-02
	h.bot.Sweep(ctx)
	posts = dailyPosts(t, h, daily)
	if len(posts) != 2 {
		t.Fatalf("%d posts on day 2", len(posts))
	}
	want := "The puzzle of 2026-03-01 (puzzle " + p.ID.String() + ") was solved by <@" + bob + "> — well done!"
	if !strings.Contains(posts[1].Content, want) {
		t.Errorf("day 2: %q, want %q", posts[1].Content, want)
	}
	// The old puzzle, solved after the new one is up, is no daily solve.
	if r := solveByLine(t, h, carol, p); strings.Contains(r.Content, "daily puzzle") || !strings.Contains(r.Content, "puzzle solved") {
		t.Errorf("carol's solve of yesterday's puzzle: %q", r.Content)
	}
}

// sweepDailyPost sweeps and returns the custom id of the Solve button of
// the daily post of day (0 for the first) in channel daily, which must
// be that channel's day+1st.
func sweepDailyPost(t *testing.T, h *harness, daily string, day int) bot.CustomID {
	t.Helper()
	h.bot.Sweep(t.Context())
	posts := dailyPosts(t, h, daily)
	if len(posts) != day+1 {
		t.Fatalf("day %d: %d posts", day+1, len(posts))
	}
	cid, err := bot.ParseCustomID(customIDs(posts[day].Components)["Solve"])
	if err != nil {
		t.Fatal(err)
	}
	return cid
}

// TestDailyPuzzleNotRepeated: the daily puzzles of sixty days are sixty
// different puzzles (each day's was picked among all but the previous
// day's, so a month brought a repeat nine times in ten; here day 32
// repeated day 26's), and the storage keeps the earlier ones.
func TestDailyPuzzleNotRepeated(t *testing.T) {
	h := newHarness(t, nil)
	ctx := context.Background()
	const daily = "777"
	setDaily(t, h, daily, 15)
	h.clock.Advance(3 * time.Hour)
	seen := map[uint64]int{}
	for day := range 60 {
		cid := sweepDailyPost(t, h, daily, day)
		if was, ok := seen[cid.ID]; ok {
			t.Fatalf("day %d posted puzzle %d again, the puzzle of day %d", day+1, cid.ID, was)
		}
		seen[cid.ID] = day + 1
		h.clock.Advance(24 * time.Hour)
	}
	gs, _ := h.store.GetGuildSettings(ctx, guild)
	if len(gs.Daily.Earlier) != 59 {
		t.Errorf("%d earlier daily puzzles stored, want 59", len(gs.Daily.Earlier))
	}
}

// TestDailyPuzzleRoundsAfterTheFirst: once every puzzle was a server's
// daily puzzle, the next days post each once again before any a third
// time, on bbolt and PostgreSQL. The server here is near the end of its
// second round, five puzzles not yet posted in it: the next five days
// post those five. (Once every puzzle was posted, any but the previous
// day's was picked at random, so a puzzle came back days after it.)
func TestDailyPuzzleRoundsAfterTheFirst(t *testing.T) {
	for _, kind := range []string{"bbolt", "postgres"} {
		t.Run(kind, func(t *testing.T) {
			h := newHarness(t, nil)
			if kind == "postgres" {
				db := pgtest.NewDatabase(t)
				h.stop()
				h.path = db
				h.start()
			}
			ctx := context.Background()
			const daily = "777"
			setDaily(t, h, daily, 15)
			all, err := h.store.Puzzles(ctx, guild)
			if err != nil {
				t.Fatal(err)
			}
			var ids []storage.PuzzleID
			for _, p := range all {
				if p.Moves >= 2 {
					ids = append(ids, p.ID)
				}
			}
			// Round 1 in id order, round 2 backwards but for its last five
			// (the five lowest ids).
			history := append(slices.Clone(ids), ids[5:]...)
			slices.Reverse(history[len(ids):])
			day := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
			for _, id := range history {
				if _, started, err := h.store.StartDailyPuzzle(ctx, guild, day.Format(time.DateOnly), id); err != nil || !started {
					t.Fatalf("seeding the daily puzzles: %v, %v", started, err)
				}
				day = day.AddDate(0, 0, 1)
			}
			h.clock.Advance(3 * time.Hour)
			left := map[uint64]bool{}
			for _, id := range ids[:5] {
				left[uint64(id)] = true
			}
			for d := range 5 {
				cid := sweepDailyPost(t, h, daily, d)
				if !left[cid.ID] {
					t.Fatalf("day %d posted puzzle %d, posted in this round already; left to post: %v", d+1, cid.ID, left)
				}
				delete(left, cid.ID)
				h.clock.Advance(24 * time.Hour)
			}
		})
	}
}

// TestDailyPuzzleSolveAgainSaysItDoesNotCount: Solve pressed again by a
// player who tried the daily puzzle says, above the puzzle, that this
// attempt does not count, whether they solved it or not (the post says
// the first attempt counts; the puzzle came without a word, and only its
// end said so); a first attempt has no such note.
func TestDailyPuzzleSolveAgainSaysItDoesNotCount(t *testing.T) {
	h := newHarness(t, nil)
	ctx := context.Background()
	const daily = "777"
	setDaily(t, h, daily, 15)
	h.clock.Advance(3 * time.Hour)
	h.bot.Sweep(ctx)
	posts := dailyPosts(t, h, daily)
	if len(posts) != 1 {
		t.Fatalf("%d daily posts", len(posts))
	}
	solve := customIDs(posts[0].Components)["Solve"]
	cid, err := bot.ParseCustomID(solve)
	if err != nil {
		t.Fatal(err)
	}
	p, err := h.store.GetPuzzle(ctx, storage.PuzzleID(cid.ID))
	if err != nil {
		t.Fatal(err)
	}
	const already = "this puzzle already"
	if r, _ := h.click(bob, solve, false); r == nil || strings.Contains(r.Content, already) || !strings.Contains(r.Content, "Press **Move**") {
		t.Errorf("bob's first Solve: %+v", r)
	}
	solveByLine(t, h, bob, p)
	if _, err := h.store.RecordPuzzleAttempt(ctx, guild, carol, p.ID, false, "2026-03-01"); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ user, want string }{
		{bob, "You solved this puzzle already: only your first attempt counts, so this one leaves your puzzle rating as it is."},
		{carol, "You tried this puzzle already without solving it: only your first attempt counts, so this one leaves your puzzle rating as it is."},
	} {
		r, _ := h.click(c.user, solve, false)
		if r == nil || !strings.Contains(r.Content, c.want) || !strings.Contains(r.Content, "Press **Move**") {
			t.Errorf("%s's Solve again: %+v, want %q", c.user, r, c.want)
		}
	}
}

// TestDailyPuzzleManySolvers: the next day's post of a puzzle that 100
// players solved names the first 30 and counts the others, within
// Discord's 2,000 characters (it named all 100, some 2,700 characters,
// which Discord refuses: the post failed all day, every day after).
func TestDailyPuzzleManySolvers(t *testing.T) {
	h := newHarness(t, nil)
	ctx := context.Background()
	const daily = "777"
	setDaily(t, h, daily, 15)
	h.clock.Advance(3 * time.Hour)
	h.bot.Sweep(ctx)
	gs, _ := h.store.GetGuildSettings(ctx, guild)
	for i := range 100 {
		user := fmt.Sprintf("%d", 1234567890123456000+i) // ids as long as Discord's
		if _, err := h.store.RecordPuzzleAttempt(ctx, guild, user, gs.Daily.PuzzleID, true, gs.Daily.Date); err != nil {
			t.Fatal(err)
		}
	}
	h.clock.Advance(24 * time.Hour)
	h.bot.Sweep(ctx)
	posts := dailyPosts(t, h, daily)
	if len(posts) != 2 {
		t.Fatalf("%d posts", len(posts))
	}
	c := posts[1].Content
	if n := utf8.RuneCountInString(c); n > 2000 {
		t.Errorf("the post has %d characters, over Discord's 2,000", n)
	}
	if !strings.Contains(c, "<@1234567890123456000>, ") || !strings.Contains(c, "<@1234567890123456029> and 70 others — well done!") || strings.Contains(c, "<@1234567890123456030>") {
		t.Errorf("the solvers named:\n%s", c)
	}
}

// TestDailyPuzzleRetried: a daily post that fails (here the bot lacks
// permission in the channel) gives the day back and is tried again at a
// later sweep, after a minute (within the minutes Discord remembers the
// post's nonce), then 2; it then posts once.
func TestDailyPuzzleRetried(t *testing.T) {
	h := newHarness(t, nil)
	ctx := context.Background()
	const daily = "778"
	setDaily(t, h, daily, 12)
	tries := func() int {
		n := 0
		for _, rec := range h.fake.requests("/channels/" + daily + "/messages") {
			if rec.Method == "POST" {
				n++
			}
		}
		return n
	}
	h.fake.inject("POST", "/channels/"+daily+"/messages", 403, 50013, 2)
	h.bot.Sweep(ctx)
	if n := tries(); n != 1 || len(dailyPosts(t, h, daily)) != 0 {
		t.Fatalf("%d tries, %d posts: want one failed try", n, len(dailyPosts(t, h, daily)))
	}
	if gs, _ := h.store.GetGuildSettings(ctx, guild); gs.Daily.Date != "" {
		t.Fatalf("after a failed post the day is kept: %+v", gs.Daily)
	}
	h.bot.Sweep(ctx) // too soon
	h.clock.Advance(59 * time.Second)
	h.bot.Sweep(ctx) // still too soon
	if n := tries(); n != 1 {
		t.Fatalf("%d tries within a minute of the failure, want 1", n)
	}
	h.clock.Advance(time.Second)
	h.bot.Sweep(ctx) // a minute: tried, fails again
	if n := tries(); n != 2 {
		t.Fatalf("%d tries a minute after the failure, want 2", n)
	}
	h.clock.Advance(time.Minute + 59*time.Second)
	h.bot.Sweep(ctx) // the second wait is 2 minutes
	if n := tries(); n != 2 {
		t.Fatalf("%d tries, want 2 (the second wait is longer)", n)
	}
	h.clock.Advance(time.Second)
	h.bot.Sweep(ctx)
	h.bot.Sweep(ctx)
	posts := dailyPosts(t, h, daily)
	if n := tries(); n != 3 || len(posts) != 1 || customIDs(posts[0].Components)["Solve"] == "" {
		t.Fatalf("%d tries, %d posts: want the third try posted once", n, len(posts))
	}
	if gs, _ := h.store.GetGuildSettings(ctx, guild); gs.Daily.Date == "" || gs.Daily.MessageID == "" {
		t.Errorf("daily state after the post %+v", gs.Daily)
	}
}

// TestDailyPuzzleRetriedInANewChannel: when the daily post fails in its
// channel (the bot lacks permission there) and a manager chooses another,
// the next sweep posts there, not the failed channel's wait (a minute,
// doubling up to an hour) later; the new channel failing too starts its waits
// afresh.
func TestDailyPuzzleRetriedInANewChannel(t *testing.T) {
	h := newHarness(t, nil)
	ctx := context.Background()
	const denied, other, third = "778", "779", "780"
	setDaily(t, h, denied, 12)
	h.fake.inject("POST", "/channels/"+denied+"/messages", 403, 50013, 100)
	h.bot.Sweep(ctx)
	if gs, _ := h.store.GetGuildSettings(ctx, guild); gs.Daily.Date != "" {
		t.Fatalf("after a failed post the day is kept: %+v", gs.Daily)
	}
	h.fake.inject("POST", "/channels/"+third+"/messages", 403, 50013, 1)
	setDaily(t, h, third, 12)
	h.bot.Sweep(ctx) // tried at once in the third channel: fails
	if n := len(h.fake.requests("/channels/" + third + "/messages")); n != 1 {
		t.Fatalf("%d tries in the channel chosen after the failure, want 1 at the next sweep", n)
	}
	setDaily(t, h, other, 12)
	h.bot.Sweep(ctx)
	if n := len(dailyPosts(t, h, other)); n != 1 {
		t.Fatalf("%d posts in the channel chosen after two failures, want 1 at the next sweep", n)
	}
	h.bot.Sweep(ctx)
	if n := len(dailyPosts(t, h, other)); n != 1 {
		t.Errorf("%d posts after another sweep, want 1", n)
	}
}

// TestDailyNeedsAChannel: daily:True with no channel chosen says what to
// set instead of answering "Saved." with the daily puzzle still off;
// with a channel it changes nothing, and daily:False stops it.
func TestDailyNeedsAChannel(t *testing.T) {
	h := newHarness(t, nil)
	r, _ := h.slash(alice, "settings", opt("daily", true), opt("daily_hour", 9.0))
	if !isEphemeral(r) || !strings.Contains(r.Content, "The daily puzzle needs a channel: choose it with `daily_channel`") {
		t.Errorf("daily:True without a channel: %q", r.Content)
	}
	if gs, err := h.store.GetGuildSettings(t.Context(), guild); err != nil || gs.DailyHour == 9 {
		t.Errorf("the refused command changed the settings: %+v %v", gs, err)
	}
	setDaily(t, h, "777", 15)
	if r, _ := h.slash(alice, "settings", opt("daily", true)); !strings.Contains(r.Content, "daily puzzle: in <#777> at 15:00 UTC") {
		t.Errorf("daily:True with a channel: %q", r.Content)
	}
	// A channel chosen and the puzzle stopped at once is refused (it was
	// saved as off, the new channel dropped).
	r, _ = h.slash(alice, "settings", opt("daily_channel", "888"), opt("daily", false))
	if !isEphemeral(r) || !strings.Contains(r.Content, "Choose `daily_channel` or turn `daily` off, not both; nothing was changed.") {
		t.Errorf("daily_channel with daily:False: %q", r.Content)
	}
	if gs, err := h.store.GetGuildSettings(t.Context(), guild); err != nil || gs.DailyChannelID != "777" {
		t.Errorf("the refused command changed the settings: %+v %v", gs, err)
	}
	if r, _ := h.slash(alice, "settings", opt("daily", false)); !strings.Contains(r.Content, "daily puzzle: off") {
		t.Errorf("daily:False: %q", r.Content)
	}
}

// TestDailyHourWithoutAChannel: daily_hour alone, with no daily channel,
// is kept for later and the answer says so and what to set (it said
// "Saved." and "daily puzzle: off" as if the hour had been ignored); with
// a channel no such note.
func TestDailyHourWithoutAChannel(t *testing.T) {
	h := newHarness(t, nil)
	r, _ := h.slash(alice, "settings", opt("daily_hour", 5.0))
	if !strings.Contains(r.Content, "Saved.") || !strings.Contains(r.Content, "The daily puzzle's hour is saved (05:00 UTC), but there is no daily puzzle until you choose its channel with `/tafl settings` `daily_channel`.") ||
		!strings.Contains(r.Content, "daily puzzle: off") {
		t.Errorf("daily_hour:5 without a channel: %q", r.Content)
	}
	if gs, _ := h.store.GetGuildSettings(t.Context(), guild); gs.DailyHour != 5 || gs.DailyChannelID != "" {
		t.Errorf("settings %+v", gs)
	}
	de := h.slashInteraction(alice, "settings", opt("daily_hour", 6.0))
	de.Locale = discordgo.German
	h.bot.HandleGateway(t.Context(), de)
	if r, _ := h.fake.callback(t, de.ID); !strings.Contains(r.Content, "(06:00 UTC), aber es gibt kein tägliches Rätsel") {
		t.Errorf("in German: %q", r.Content)
	}
	if r := setDaily(t, h, "777", 7); strings.Contains(r.Content, "hour is saved") || !strings.Contains(r.Content, "daily puzzle: in <#777> at 07:00 UTC") {
		t.Errorf("with a channel: %q", r.Content)
	}
	if r, _ := h.slash(alice, "settings", opt("daily", false), opt("daily_hour", 8.0)); !strings.Contains(r.Content, "hour is saved (08:00 UTC)") {
		t.Errorf("daily:False daily_hour:8: %q", r.Content)
	}
}

// TestDailyAfterAPause: the daily puzzle turned off and on again names
// the solvers of the post before the pause only if that post is at most
// a week old; after a month's pause the first new post names nobody (it
// named the solvers of a month-old puzzle under its old date).
func TestDailyAfterAPause(t *testing.T) {
	h := newHarness(t, nil)
	ctx := context.Background()
	const daily = "777"
	puzzleOf := func(post *resp) *storage.Puzzle {
		t.Helper()
		cid, err := bot.ParseCustomID(customIDs(post.Components)["Solve"])
		if err != nil {
			t.Fatal(err)
		}
		p, err := h.store.GetPuzzle(ctx, storage.PuzzleID(cid.ID))
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	setDaily(t, h, daily, 15)
	h.clock.Advance(3 * time.Hour) // 15:00 on 2026-03-01
	h.bot.Sweep(ctx)
	posts := dailyPosts(t, h, daily)
	if len(posts) != 1 {
		t.Fatalf("%d daily posts, want 1", len(posts))
	}
	p := puzzleOf(posts[0])
	if _, err := h.store.RecordPuzzleAttempt(ctx, guild, bob, p.ID, true, "2026-03-01"); err != nil {
		t.Fatal(err)
	}
	// Off for five days: the post after names bob.
	h.slash(alice, "settings", opt("daily", false))
	h.clock.Advance(5 * 24 * time.Hour)
	setDaily(t, h, daily, 15)
	h.bot.Sweep(ctx)
	posts = dailyPosts(t, h, daily)
	want := "The puzzle of 2026-03-01 (puzzle " + p.ID.String() + ") was solved by <@" + bob + ">"
	if len(posts) != 2 || !strings.Contains(posts[1].Content, want) {
		t.Fatalf("after five days off: %d posts, the last %q, want %q", len(posts), posts[len(posts)-1].Content, want)
	}
	p = puzzleOf(posts[1])
	if _, err := h.store.RecordPuzzleAttempt(ctx, guild, carol, p.ID, true, "2026-03-06"); err != nil {
		t.Fatal(err)
	}
	// Off for a month: the post after names nobody.
	h.slash(alice, "settings", opt("daily", false))
	h.clock.Advance(30 * 24 * time.Hour)
	setDaily(t, h, daily, 15)
	h.bot.Sweep(ctx)
	posts = dailyPosts(t, h, daily)
	if len(posts) != 3 || !strings.Contains(posts[2].Content, "2026-04-05") {
		t.Fatalf("after a month off: %d posts, the last %q", len(posts), posts[len(posts)-1].Content)
	}
	if c := posts[2].Content; strings.Contains(c, "2026-03-06") || strings.Contains(c, carol) || strings.Contains(c, "solved") {
		t.Errorf("the first post after a month off names the puzzle before the pause: %q", c)
	}
}

// TestDailyPuzzleChannelGone: a daily post Discord refuses because the
// channel no longer exists (10003, Unknown Channel: deleted) turns the
// daily puzzle off with one warning naming the server and the channel,
// instead of an error logged at every retry, about twenty a day, day
// after day; /tafl settings says it stopped and how to choose another,
// and another channel chosen posts again. A post refused for missing
// permissions is still tried again (TestDailyPuzzleRetried).
func TestDailyPuzzleChannelGone(t *testing.T) {
	h := newHarness(t, nil)
	ctx := context.Background()
	const gone, other = "781", "782"
	setDaily(t, h, gone, 12)
	h.fake.inject("POST", "/channels/"+gone+"/messages", 404, 10003, 1000)
	for range 48 {
		h.bot.Sweep(ctx)
		h.clock.Advance(time.Hour)
	}
	if n := len(h.fake.requests("/channels/" + gone + "/messages")); n != 1 {
		t.Errorf("%d tries in two days in a channel that no longer exists, want 1", n)
	}
	if lines := h.logs.lines(`"level":"ERROR"`); len(lines) != 0 {
		t.Errorf("errors logged: %v", lines)
	}
	if lines := h.logs.lines("daily puzzle: its channel no longer exists"); len(lines) != 1 || !strings.Contains(lines[0], `"level":"WARN"`) ||
		!strings.Contains(lines[0], `"guild_id":"`+guild+`"`) || !strings.Contains(lines[0], `"channel_id":"`+gone+`"`) {
		t.Errorf("want one warning naming the server and the channel: %v", lines)
	}
	gs, err := h.store.GetGuildSettings(ctx, guild)
	if err != nil || gs.DailyChannelID != "" || gs.DailyGone != gone || gs.DailyHour != 12 || gs.Daily.Date != "" {
		t.Fatalf("settings after the channel was found gone: %+v %v", gs, err)
	}
	r, _ := h.slash(alice, "settings")
	if r == nil || !strings.Contains(r.Content, "daily puzzle: off (it stopped: its channel <#"+gone+"> no longer exists; choose another with `/tafl settings` `daily_channel`)") {
		t.Errorf("/tafl settings after the channel was found gone: %+v", r)
	}
	// Another setting changed keeps the note; another channel clears it.
	if r, _ := h.slash(alice, "settings", opt("days", 3.0)); r == nil || !strings.Contains(r.Content, "no longer exists") {
		t.Errorf("/tafl settings days:3: %+v", r)
	}
	r = setDaily(t, h, other, 12)
	if !strings.Contains(r.Content, "daily puzzle: in <#"+other+"> at 12:00 UTC") || strings.Contains(r.Content, "no longer exists") {
		t.Errorf("another channel chosen: %q", r.Content)
	}
	h.bot.Sweep(ctx)
	if n := len(dailyPosts(t, h, other)); n != 1 {
		t.Errorf("%d posts in the channel chosen since, want 1", n)
	}
	if gs, _ := h.store.GetGuildSettings(ctx, guild); gs.DailyGone != "" || gs.DailyChannelID != other {
		t.Errorf("settings after another channel was chosen: %+v", gs)
	}
}

// TestDailyPuzzleBotRemoved: the bot removed from a server kept trying
// its daily puzzle, refused with Missing Access (50001), about twenty
// times a day, day after day, each an error in the log. When Discord's
// list of the bot's servers no longer holds the server, the puzzle is
// turned off at the first refusal, as for a deleted channel, with one
// warning; /tafl settings says why once the bot is added again. Missing
// Access from a server the bot is still in (the channel's permissions
// changed) is tried again as before. In gateway mode a GUILD_DELETE of
// a server the bot was removed from turns it off at once, and one of a
// server only unavailable (an outage) does not.
func TestDailyPuzzleBotRemoved(t *testing.T) {
	ctx := context.Background()
	t.Run("refused", func(t *testing.T) {
		for _, removed := range []bool{true, false} {
			h := newHarness(t, nil)
			const daily = "781"
			setDaily(t, h, daily, 12)
			h.fake.inject("POST", "/channels/"+daily+"/messages", 403, 50001, 1000)
			if removed {
				h.fake.mu.Lock()
				h.fake.left = map[string]bool{guild: true}
				h.fake.mu.Unlock()
			}
			for range 24 {
				h.bot.Sweep(ctx)
				h.clock.Advance(time.Hour)
			}
			tries := len(h.fake.requests("/channels/" + daily + "/messages"))
			gs, err := h.store.GetGuildSettings(ctx, guild)
			if err != nil {
				t.Fatal(err)
			}
			warned := h.logs.lines("daily puzzle: the bot was removed from the server")
			if !removed {
				if tries < 10 || gs.DailyChannelID != daily || gs.DailyLeft || len(warned) != 0 {
					t.Errorf("missing access in a server the bot is in: %d tries in a day, settings %+v, warnings %v; want it tried again and kept", tries, gs, warned)
				}
				continue
			}
			if tries != 1 {
				t.Errorf("%d tries in a day in a server the bot was removed from, want 1", tries)
			}
			if lines := h.logs.lines(`"level":"ERROR"`); len(lines) != 0 {
				t.Errorf("errors logged: %v", lines)
			}
			if len(warned) != 1 || !strings.Contains(warned[0], `"level":"WARN"`) || !strings.Contains(warned[0], `"guild_id":"`+guild+`"`) {
				t.Errorf("want one warning naming the server: %v", warned)
			}
			if gs.DailyChannelID != "" || gs.DailyGone != daily || !gs.DailyLeft || gs.DailyHour != 12 {
				t.Errorf("settings after the bot was found removed: %+v", gs)
			}
			// Added again: /tafl settings says why it stopped.
			r, _ := h.slash(alice, "settings")
			if want := "daily puzzle: off (it stopped when I was removed from this server, posting in <#" + daily + ">; choose a channel again with `/tafl settings` `daily_channel`)"; !strings.Contains(r.Content, want) {
				t.Errorf("/tafl settings: %q, want %q", r.Content, want)
			}
			if r := setDaily(t, h, daily, 12); strings.Contains(r.Content, "removed") {
				t.Errorf("a channel chosen again: %q", r.Content)
			}
			if gs, _ := h.store.GetGuildSettings(ctx, guild); gs.DailyLeft || gs.DailyGone != "" || gs.DailyChannelID != daily {
				t.Errorf("settings after a channel was chosen again: %+v", gs)
			}
		}
	})

	t.Run("gateway", func(t *testing.T) {
		h := newHarness(t, nil)
		const other = "905"
		setDaily(t, h, "781", 12)
		gs := storage.DefaultGuildSettings(other)
		gs.DailyChannelID = "782"
		if err := h.store.PutGuildSettings(ctx, gs); err != nil {
			t.Fatal(err)
		}
		gw, _, stop := gatewayBot(t, h)
		defer func() {
			if err := stop(); err != nil {
				t.Error(err)
			}
		}()
		gw.dispatches <- gatewayEvent{"GUILD_DELETE", []byte(`{"id":"` + guild + `","unavailable":true}`)}
		gw.dispatches <- gatewayEvent{"GUILD_DELETE", []byte(`{"id":"` + other + `"}`)}
		waitFor(t, "the daily puzzle of the server the bot left turned off", func() bool {
			gs, err := h.store.GetGuildSettings(ctx, other)
			return err == nil && gs.DailyChannelID == "" && gs.DailyLeft && gs.DailyGone == "782"
		})
		// A help answered after both events: the outage's is handled.
		in := h.slashInteraction(alice, "help")
		body, _ := json.Marshal(in)
		gw.events <- body
		waitFor(t, "the answer to /tafl help", func() bool { return len(h.fake.requests("/interactions/"+in.ID+"/")) > 0 })
		if gs, _ := h.store.GetGuildSettings(ctx, guild); gs.DailyChannelID != "781" || gs.DailyLeft {
			t.Errorf("a server only unavailable: %+v, want its daily puzzle kept", gs)
		}
	})
}
