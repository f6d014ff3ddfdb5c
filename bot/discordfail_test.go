package bot_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/bot"
	"github.com/taflbot/taflbot/storage"
)

// engineGame starts alice's brandubh game against the easy engine, alice
// attacking, and returns it once the reply's follow-up work is done.
func engineGame(t *testing.T, h *harness) *storage.Game {
	t.Helper()
	if r, _ := h.slash(alice, "ai", opt("variant", "brandubh"), opt("side", "attackers"), opt("level", "easy")); isEphemeral(r) {
		t.Fatalf("/tafl ai refused: %s", r.Content)
	}
	h.settle()
	return gameOf(t, h, alice)
}

// postedEngineBoards returns the boards posted in the channel that say the
// engine played.
func postedEngineBoards(t *testing.T, h *harness) []*resp {
	var out []*resp
	ps, _ := posts(t, h, channel)
	for _, p := range ps {
		if strings.Contains(p.Content, "taflbot played") {
			out = append(out, p)
		}
	}
	return out
}

// TestDiscordFailingOnceLosesNothing: a call that fails on Discord's
// side once — a 500, or the answer lost after Discord carried the call
// out — is made again, and what it carried arrives once. One 500 on the
// post of the engine's board lost that board: the player never saw the
// engine's move, nor that it was their turn.
func TestDiscordFailingOnceLosesNothing(t *testing.T) {
	t.Run("engine board 500", func(t *testing.T) {
		h := newHarness(t, nil)
		g := engineGame(t, h)
		h.fake.inject("POST", "/channels/"+channel+"/messages", 500, 0, 1)
		if r, _ := h.slash(alice, "move", opt("move", g.Tafl().LegalMoves()[0].String())); isEphemeral(r) {
			t.Fatalf("move refused: %s", r.Content)
		}
		h.settle()
		if got := gameOf(t, h, alice); got.Ply() != 2 {
			t.Fatalf("ply %d, want 2 (alice's move and the engine's)", got.Ply())
		}
		if boards := postedEngineBoards(t, h); len(boards) != 1 {
			t.Errorf("%d boards of the engine's move posted, want 1", len(boards))
		}
		if lines := h.logs.lines("posting a board"); len(lines) != 0 {
			t.Errorf("the board was posted in the end, yet: %v", lines)
		}
	})
	t.Run("engine board answer lost", func(t *testing.T) {
		h := newHarness(t, nil)
		g := engineGame(t, h)
		h.fake.inject("POST", "/channels/"+channel+"/messages", lostAnswer, 0, 1)
		h.slash(alice, "move", opt("move", g.Tafl().LegalMoves()[0].String()))
		h.settle()
		boards := postedEngineBoards(t, h)
		if len(boards) != 1 {
			t.Fatalf("%d boards of the engine's move posted, want exactly 1 (the nonce keeps the second attempt from posting again)", len(boards))
		}
		repeats := 0
		for _, rec := range h.fake.requests("/channels/" + channel + "/messages") {
			if rec.Repeat {
				repeats++
			}
		}
		if repeats != 1 {
			t.Errorf("the board was sent again %d times after its answer was lost, want 1", repeats)
		}
		got := gameOf(t, h, alice)
		if n := len(got.BoardMessages); n == 0 || got.BoardMessages[n-1].ChannelID != channel {
			t.Errorf("the engine's board is not remembered: %+v", got.BoardMessages)
		}
	})
	t.Run("move response answer lost", func(t *testing.T) {
		h := newHarness(t, nil)
		startGame(t, h)
		g := gameOf(t, h, alice)
		h.fake.inject("POST", "/callback", lostAnswer, 0, 1)
		in := h.slashInteraction(alice, "move", opt("move", g.Tafl().LegalMoves()[0].String()))
		h.bot.HandleGateway(t.Context(), in)
		if r, rec := h.fake.callback(t, in.ID); isEphemeral(r) || !strings.Contains(r.Content, "<@"+bob+"> to move") {
			t.Errorf("the move's board: %q", r.Content)
		} else {
			checkPNG(t, rec)
		}
		if lines := h.logs.lines("sending the interaction response failed"); len(lines) != 0 {
			t.Errorf("the response arrived (Discord refused the second as already acknowledged), yet: %v", lines)
		}
		h.settle()
		if got := gameOf(t, h, alice); got.Ply() != 1 {
			t.Errorf("ply %d, want 1", got.Ply())
		}
	})
	t.Run("thread answer lost", func(t *testing.T) {
		h := newHarness(t, nil)
		h.slash(carol, "settings", opt("threads", true))
		h.fake.inject("POST", "/threads", lostAnswer, 0, 1)
		startGame(t, h)
		h.settle()
		started := 0
		for _, rec := range h.fake.requests("/threads") {
			if rec.Status == 200 {
				started++
			}
		}
		g := gameOf(t, h, alice)
		if started != 1 || g.ThreadID == "" || g.ThreadID == channel {
			t.Errorf("%d threads started, the game's thread %q: want 1, and the game in it", started, g.ThreadID)
		}
		if lines := h.logs.lines("starting a game thread"); len(lines) != 0 {
			t.Errorf("the thread was started, yet: %v", lines)
		}
	})
	t.Run("http move edit 500", func(t *testing.T) {
		hb := newHTTPBot(t)
		in := hb.h.slashInteraction(alice, "ai", opt("variant", "brandubh"), opt("side", "attackers"), opt("level", "easy"))
		body, _ := json.Marshal(in)
		hb.post(t, body, hb.priv, hb.h.clock.Now())
		hb.edited(t, in.Token)
		g := gameOf(t, hb.h, alice)
		hb.h.fake.inject("PATCH", "/webhooks/", 500, 0, 1)
		in = hb.h.slashInteraction(alice, "move", opt("move", g.Tafl().LegalMoves()[0].String()))
		body, _ = json.Marshal(in)
		_, out := hb.post(t, body, hb.priv, hb.h.clock.Now())
		if r := decode(t, out); r.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource {
			t.Fatalf("HTTP reply type %d, want a deferral", r.Type)
		}
		base := "/api/v9/webhooks/555/" + in.Token + "/messages/@original"
		waitFor(t, "the move's board", func() bool {
			for _, rec := range hb.h.fake.requests(base) {
				if rec.Method == "PATCH" && rec.Status == 200 {
					return true
				}
			}
			return false
		})
		if lines := hb.h.logs.lines("delivering a deferred response"); len(lines) != 0 {
			t.Errorf("the board was delivered, yet: %v", lines)
		}
	})
}

// TestUndeliveredBoardPostedInTheChannel: when Discord does not take an
// interaction's response at all — it fails every time, or the response
// came after its three seconds (10062) — a public reply is posted in the
// interaction's channel instead. The board of a move or of an accepted
// challenge, stored before the response was sent, was seen by nobody,
// and the opponent never learnt it was their move. A private reply is
// not posted in the channel, nor one that Discord has after all (the
// answers lost, not the response).
func TestUndeliveredBoardPostedInTheChannel(t *testing.T) {
	h := newHarness(t, nil)
	h.fake.mu.Lock()
	h.fake.strictWebhooks = true
	h.fake.mu.Unlock()
	// lost runs interaction in while Discord refuses its response (n
	// faults of status and code) and returns what was posted in the
	// channel meanwhile.
	lost := func(in *discordgo.Interaction, status, code, n int) []*resp {
		t.Helper()
		h.settle()
		before, _ := posts(t, h, channel)
		h.fake.inject("POST", "/interactions/"+in.ID+"/", status, code, n)
		h.bot.HandleGateway(t.Context(), in)
		h.settle()
		after, recs := posts(t, h, channel)
		var got []*resp
		for i, rec := range recs[len(before):] {
			if p := after[len(before)+i]; strings.Contains(p.Content, "accepted your challenge") {
				continue // the challenger's "your move" notice (yourMoveAccepted), not a reply
			}
			checkPNG(t, rec)
			got = append(got, after[len(before)+i])
		}
		return got
	}
	r, _ := h.slash(alice, "challenge", opt("opponent", bob), opt("variant", "brandubh"), opt("side", "attackers"))
	accept := &discordgo.Interaction{ID: h.id(), AppID: "555", Type: discordgo.InteractionMessageComponent, GuildID: guild, ChannelID: channel,
		Member: member(bob), Message: &discordgo.Message{ID: "challenge-msg", ChannelID: channel},
		Data: discordgo.MessageComponentInteractionData{CustomID: customIDs(r.Components)["Accept"]}}
	accept.Token = "tok" + accept.ID
	if got := lost(accept, 500, 0, 3); len(got) != 1 || !strings.Contains(got[0].Content, "accepted the challenge") ||
		!strings.Contains(got[0].Content, "<@"+alice+"> to move") {
		t.Fatalf("the accepted challenge's board, Discord failing: posted %d messages %+v", len(got), got)
	}
	// The boards posted instead are the game's: their buttons are
	// disabled when it ends.
	boards := func() []string {
		var ids []string
		for _, ref := range gameOf(t, h, alice).BoardMessages {
			ids = append(ids, ref.MessageID)
		}
		return ids
	}
	if ids := boards(); len(ids) != 1 || !strings.HasPrefix(ids[0], "msg-") {
		t.Errorf("the game's boards after its first was posted instead: %v, want the message posted", ids)
	}
	g := gameOf(t, h, alice)
	moves := g.Tafl().LegalMoves()
	in := h.slashInteraction(alice, "move", opt("move", moves[0].String()))
	if got := lost(in, 500, 0, 3); len(got) != 1 || !strings.Contains(got[0].Content, "<@"+bob+"> to move") {
		t.Errorf("alice's move's board, Discord failing: posted %+v", got)
	}
	if g = gameOf(t, h, alice); g.Ply() != 1 {
		t.Fatalf("ply %d, want 1", g.Ply())
	}
	if ids := boards(); len(ids) != 2 {
		t.Errorf("the game's boards after a move's was posted instead: %v, want both posted", ids)
	}
	if lines := h.logs.lines("looking up a board message"); len(lines) != 0 {
		t.Errorf("the board posted instead was looked up on Discord: %v", lines)
	}
	in = h.slashInteraction(bob, "move", opt("move", g.Tafl().LegalMoves()[0].String()))
	if got := lost(in, 404, 10062, 1); len(got) != 1 || !strings.Contains(got[0].Content, "<@"+alice+"> to move") {
		t.Errorf("bob's move's board, its response too late (10062): posted %+v", got)
	}
	g = gameOf(t, h, alice)
	in = h.slashInteraction(alice, "move", opt("move", g.Tafl().LegalMoves()[0].String()))
	h.fake.inject("POST", "/interactions/"+in.ID+"/", lostAnswer, 0, 1) // Discord shows it, the answer is lost
	if got := lost(in, hangUp, 0, 2); len(got) != 0 {
		t.Errorf("a response Discord had was posted again: %+v", got)
	}
	if lines := h.logs.lines("the interaction response arrived after all"); len(lines) != 1 {
		t.Errorf("log lines of the response found: %v", lines)
	}
	in = h.slashInteraction(bob, "move", opt("move", "a1-a2")) // not bob's move: a private refusal
	if got := lost(in, 500, 0, 3); len(got) != 0 {
		t.Errorf("a private reply was posted in the channel: %+v", got)
	}
	if lines := h.logs.lines("posted an undelivered reply in its channel"); len(lines) != 3 {
		t.Errorf("%d log lines for the replies posted instead, want 3: %v", len(lines), lines)
	}
}

// TestUndeliveredHTTPBoardPostedInTheChannel: in HTTP mode a board goes
// by editing the deferred response; when every edit fails, the board is
// posted in the channel instead of leaving "thinking…" for good.
func TestUndeliveredHTTPBoardPostedInTheChannel(t *testing.T) {
	hb := newHTTPBot(t)
	in := hb.h.slashInteraction(alice, "ai", opt("variant", "brandubh"), opt("side", "attackers"), opt("level", "easy"))
	body, _ := json.Marshal(in)
	hb.post(t, body, hb.priv, hb.h.clock.Now())
	hb.edited(t, in.Token)
	g := gameOf(t, hb.h, alice)
	in = hb.h.slashInteraction(alice, "move", opt("move", g.Tafl().LegalMoves()[0].String()))
	hb.h.fake.inject("PATCH", "/webhooks/555/"+in.Token+"/", 500, 0, 4)
	body, _ = json.Marshal(in)
	hb.post(t, body, hb.priv, hb.h.clock.Now())
	waitFor(t, "the move's board in the channel", func() bool {
		ps, _ := posts(t, hb.h, channel)
		for _, p := range ps {
			if strings.Contains(p.Content, "Last moves: 1. ") && strings.Contains(p.Content, "taflbot (easy) to move") {
				return true
			}
		}
		return false
	})
}

// TestMenuMoveBoardPostedWhenTheFollowupFails: a move played through the
// Move button's private menu is shown to everyone by a follow-up
// message; when Discord fails that, the board is posted in the channel
// instead. It was only logged: nobody saw the move, and the opponent
// never learnt it was their turn.
func TestMenuMoveBoardPostedWhenTheFollowupFails(t *testing.T) {
	h := newHarness(t, nil)
	board := startGame(t, h)
	m := gameOf(t, h, alice).Tafl().LegalMoves()[0]
	r := menuPiece(t, h, alice, board, m)
	h.fake.inject("POST", "/webhooks/", 404, 10015, 1)
	before, _ := posts(t, h, channel)
	h.click(alice, customIDs(r.Components)["select"], true, m.To().String())
	h.settle()
	after, recs := posts(t, h, channel)
	if got := after[len(before):]; len(got) != 1 || !strings.Contains(got[0].Content, "<@"+bob+"> to move") {
		t.Fatalf("posted in the channel after the follow-up failed: %+v", got)
	}
	checkPNG(t, recs[len(recs)-1])
	g := gameOf(t, h, alice)
	if g.Ply() != 1 || len(g.BoardMessages) == 0 || g.BoardMessages[len(g.BoardMessages)-1].ChannelID != channel {
		t.Errorf("ply %d, boards %+v: want 1, the board posted remembered", g.Ply(), g.BoardMessages)
	}
}

// TestSlowDiscordHoldsNoEngineWorker: while Discord is slow to take the
// board of one engine move, the engine's worker goes on to the next
// game's move. It posted each board itself, so one slow post (up to the
// client's 20 s, a call made again for half a minute more) held every
// engine game behind it, their clocks running.
func TestSlowDiscordHoldsNoEngineWorker(t *testing.T) {
	h := newHarness(t, nil)
	h.adjust = func(o *bot.Options) { o.AIWorkers = 1 }
	h.restart()
	var games []*storage.Game
	for _, user := range []string{alice, bob} {
		h.slash(user, "ai", opt("variant", "brandubh"), opt("side", "attackers"), opt("level", "easy"))
		h.settle()
		games = append(games, gameOf(t, h, user))
	}
	release := h.fake.hold("POST", "/channels/"+channel+"/messages") // Discord slow to take the boards
	defer release()
	for i, user := range []string{alice, bob} {
		h.slash(user, "move", opt("move", games[i].Tafl().LegalMoves()[0].String()))
	}
	deadline := time.Now().Add(10 * time.Second)
	for _, g := range games {
		for {
			got, err := h.store.GetGame(t.Context(), g.ID)
			if err != nil {
				t.Fatal(err)
			}
			if got.Ply() == 2 {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("game %d: the engine has not moved in 10 s while Discord held a board", g.ID)
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
	release()
	h.settle()
	if n := len(postedEngineBoards(t, h)); n != 2 {
		t.Errorf("%d boards of the engine's moves posted, want 2", n)
	}
}

// TestUndeliveredRecordPostedInTheChannel: /tafl history answers
// "thinking…" and then edits in the record and the replay; when Discord
// fails the edit, they are posted in the channel instead. The reply
// stayed "thinking…" for good.
func TestUndeliveredRecordPostedInTheChannel(t *testing.T) {
	h := newHarness(t, nil)
	g := finishedGame(t, h)
	in := h.slashInteraction(alice, "history", opt("game", g.ID.String()))
	h.fake.inject("PATCH", "/webhooks/555/"+in.Token+"/", 500, 0, 4)
	h.bot.HandleGateway(t.Context(), in)
	h.settle()
	ps, recs := posts(t, h, channel)
	if len(ps) != 1 || !strings.Contains(ps[0].Content, fmt.Sprintf("Record of game %d", g.ID)) {
		t.Fatalf("posted in the channel after the record's edit failed: %+v", ps)
	}
	if n := len(recs[0].Files); n < 2 {
		t.Errorf("%d files posted, want the record and the replay", n)
	}
	for _, f := range recs[0].Files {
		if f.Size == 0 {
			t.Errorf("file %s posted empty", f.Name)
		}
	}
}

// TestSweepWhileDiscordFails: while Discord fails, every announcement of
// a sweep is tried again for a while (half a minute in production); the
// sweep announces its timeouts side by side, so that it does not take
// that long for each game in turn (hours for a few hundred games, the
// next sweeps waiting behind it); nor does it close the messages of
// expired challenges one after the other.
func TestSweepWhileDiscordFails(t *testing.T) {
	h := newHarness(t, nil)
	const games = 16
	for i := range games {
		// Each in a channel of its own: discordgo makes one call at a
		// time to a channel's messages (its rate-limit bucket), so calls
		// made side by side show as such in different channels.
		if r, _ := h.slashIn(fmt.Sprint(8100+i), fmt.Sprint(7000+i), "challenge", opt("opponent", bob), opt("variant", "brandubh")); isEphemeral(r) {
			t.Fatalf("challenge %d refused: %s", i, r.Content)
		}
	}
	h.settle()
	h.clock.Advance(25 * time.Hour)
	h.fake.inject("PATCH", "/channels/81", 500, 0, games*(len(testWaits)+1))
	sweepSideBySide(t, h, "PATCH", "/channels/81", games)
	if lines := h.logs.lines("closing a challenge message"); len(lines) != games {
		t.Errorf("%d expired challenges logged as not closed, want %d", len(lines), games)
	}
	for i := range games {
		g, err := storage.NewGame("brandubh", "")
		if err != nil {
			t.Fatal(err)
		}
		g.GuildID, g.ChannelID, g.MoveTime = guild, fmt.Sprint(8200+i), 24*time.Hour
		g.Attackers, g.Defenders = storage.Human(fmt.Sprint(5000+2*i)), storage.Human(fmt.Sprint(5001+2*i))
		if err := h.store.CreateGame(t.Context(), g); err != nil {
			t.Fatal(err)
		}
	}
	h.clock.Advance(25 * time.Hour)
	h.fake.inject("POST", "/channels/82", 500, 0, games*(len(testWaits)+1))
	sweepSideBySide(t, h, "POST", "/channels/82", games)
	if lines := h.logs.lines("posting a notice"); len(lines) != games {
		t.Errorf("%d timeouts logged as not announced, want %d", len(lines), games)
	}
	for i := range games {
		gs, err := h.store.GamesByPlayer(t.Context(), fmt.Sprint(5000+2*i), storage.GameFilter{})
		if err != nil || len(gs) != 1 || gs[0].Active() {
			t.Fatalf("player %d's game after the sweep: %+v, %v; want it ended on time", 5000+2*i, gs, err)
		}
	}
}

// sweepSideBySide runs a clock sweep while Discord keeps every method
// request to a path containing path waiting, and checks that n of them
// are made side by side (n at once: one at a time, a Discord that fails
// each for a while would hold the sweep that long for each in turn),
// then lets them go and waits for the sweep to end. It counts calls in
// flight rather than timing the sweep, which a loaded machine (the race
// detector, other tests) would stretch.
func sweepSideBySide(t *testing.T, h *harness, method, path string, n int) {
	t.Helper()
	release := h.fake.hold(method, path)
	done := make(chan struct{})
	go func() {
		defer close(done)
		h.bot.Sweep(t.Context())
	}()
	waitFor(t, fmt.Sprintf("%d calls %s %s side by side", n, method, path), func() bool { return h.fake.heldNow(path) >= n })
	release()
	<-done
}

// TestDailyPostsWhileDiscordFails: the daily posts of servers whose hour
// has come are made side by side, so that while Discord fails (each
// post tried again for a while) they do not take that long each in turn.
func TestDailyPostsWhileDiscordFails(t *testing.T) {
	h := newHarness(t, nil)
	const servers = 16
	for i := range servers {
		set := h.slashInteraction(alice, "settings", &discordgo.ApplicationCommandInteractionDataOption{Name: "daily_channel",
			Type: discordgo.ApplicationCommandOptionChannel, Value: fmt.Sprint(8000 + i)}, opt("daily_hour", float64(12)))
		set.GuildID = fmt.Sprint(9000 + i)
		h.bot.HandleGateway(t.Context(), set)
		if r, _ := h.fake.callback(t, set.ID); !strings.Contains(r.Content, "daily puzzle") {
			t.Fatalf("settings in server %d: %q", i, r.Content)
		}
	}
	h.fake.inject("POST", "/channels/80", 500, 0, servers*(len(testWaits)+1))
	sweepSideBySide(t, h, "POST", "/channels/80", servers)
	if lines := h.logs.lines(`"msg":"daily puzzle"`); len(lines) != servers {
		t.Errorf("%d daily posts logged as failed, want %d", len(lines), servers)
	}
	h.clock.Advance(5 * time.Minute)
	h.bot.Sweep(t.Context())
	for i := range servers {
		if n := len(dailyPosts(t, h, fmt.Sprint(8000+i))); n != 1 {
			t.Errorf("server %d: %d daily posts once Discord answers, want 1", i, n)
		}
	}
}

// TestRateLimitWaitEndsWithTheContext: discordgo waited out a 429's
// Retry-After in time.Sleep, deaf to the call's context, so that an hour
// of it held the call (a reply's follow-up work, a shutdown) for the
// hour. The wait ends with the context; a short one is waited out and
// the call made again, however often, as before.
func TestRateLimitWaitEndsWithTheContext(t *testing.T) {
	h := newHarness(t, nil)
	sess, err := bot.NewSession("test-token", h.fake.URL(), nil)
	if err != nil {
		t.Fatal(err)
	}
	rest := bot.SessionREST{S: sess, Waits: testWaits}
	h.fake.inject("POST", "/channels/7000/messages", 429, 0, len(testWaits)+2)
	if m, err := rest.Send(t.Context(), "7000", &discordgo.MessageSend{Content: "after 429s"}); err != nil || m == nil {
		t.Fatalf("sending after %d short 429s: %v", len(testWaits)+2, err)
	}
	h.fake.mu.Lock()
	h.fake.retryAfter = 60 // within the 2 minutes' budget of 429s (TestRateLimitWaitHasABudget)
	h.fake.mu.Unlock()
	h.fake.inject("POST", "/channels/7001/messages", 429, 0, 1)
	ctx, cancel := context.WithCancel(t.Context())
	time.AfterFunc(100*time.Millisecond, cancel)
	done := make(chan error, 1)
	go func() {
		_, err := rest.Send(ctx, "7001", &discordgo.MessageSend{Content: "rate limited"})
		done <- err
	}()
	select {
	case err := <-done:
		var rl *discordgo.RateLimitError
		if !errors.As(err, &rl) {
			t.Errorf("the call cut short: %v, want the rate limit's error", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the call still waits out the minute of a 429's Retry-After 5 s after its context was cancelled")
	}
	if n := len(h.fake.requests("/channels/7001/messages")); n != 1 {
		t.Errorf("%d calls made, want 1", n)
	}
}

// TestRateLimitWaitHasABudget: a call that Discord answered with 429s
// was made again after each Retry-After for ever, so that under a context
// without a deadline (a sweep, a shutdown) a Discord rate-limiting it
// without end held its caller for ever. The 429s waited out for one call
// have a budget (2 minutes); past it, or asked for a Retry-After beyond
// it, the call fails, saying so.
func TestRateLimitWaitHasABudget(t *testing.T) {
	h := newHarness(t, nil)
	defer bot.SetRateLimitBudget(300 * time.Millisecond)()
	sess, err := bot.NewSession("test-token", h.fake.URL(), nil)
	if err != nil {
		t.Fatal(err)
	}
	rest := bot.SessionREST{S: sess, Waits: testWaits}
	send := func(channel string) (time.Duration, error) {
		start := time.Now()
		done := make(chan error, 1)
		go func() {
			_, err := rest.Send(t.Context(), channel, &discordgo.MessageSend{Content: "rate limited"})
			done <- err
		}()
		select {
		case err := <-done:
			return time.Since(start), err
		case <-time.After(10 * time.Second):
			t.Fatalf("channel %s: the call still waits out 429s after 10 s, with a budget of 0.3 s", channel)
			return 0, nil
		}
	}
	h.fake.inject("POST", "/channels/7000/messages", 429, 0, 1<<30) // 429s of 0.01 s without end
	_, err = send("7000")
	var rl *discordgo.RateLimitError
	if !errors.As(err, &rl) || !strings.Contains(err.Error(), "still rate-limited") {
		t.Errorf("endless 429s: %v, want the rate limit's error saying it was given up", err)
	}
	if n := len(h.fake.requests("/channels/7000/messages")); n < 3 {
		t.Errorf("%d calls made, want the 429s waited out a while first", n)
	}

	h.fake.mu.Lock()
	h.fake.retryAfter = 3600
	h.fake.mu.Unlock()
	h.fake.inject("POST", "/channels/7001/messages", 429, 0, 1)
	took, err := send("7001")
	if !errors.As(err, &rl) || !strings.Contains(err.Error(), "asked for 1h0m0s more") {
		t.Errorf("a Retry-After of an hour: %v, want the rate limit's error saying it was given up", err)
	}
	if took > 5*time.Second {
		t.Errorf("a Retry-After of an hour, beyond the budget, failed after %v, want at once", took)
	}
	if n := len(h.fake.requests("/channels/7001/messages")); n != 1 {
		t.Errorf("%d calls made, want 1", n)
	}
}

// TestDailyPostLostAnswersPostedOnce: when every answer of a daily
// post's tries was lost although Discord posted it, the post failed and
// the next try, 5 minutes later, posted it again under a new nonce: two
// daily posts in the channel. The day's post keeps its nonce, and the
// next try, a minute later (within the few minutes Discord remembers a
// nonce, which 5 minutes may be past), gets the message Discord posted
// instead.
func TestDailyPostLostAnswersPostedOnce(t *testing.T) {
	h := newHarness(t, nil)
	set := h.slashInteraction(alice, "settings", &discordgo.ApplicationCommandInteractionDataOption{Name: "daily_channel",
		Type: discordgo.ApplicationCommandOptionChannel, Value: "8000"}, opt("daily_hour", float64(12)))
	h.bot.HandleGateway(t.Context(), set)
	if r, _ := h.fake.callback(t, set.ID); !strings.Contains(r.Content, "daily puzzle") {
		t.Fatalf("settings: %q", r.Content)
	}
	h.fake.inject("POST", "/channels/8000/messages", lostAnswer, 0, len(testWaits)+1)
	h.bot.Sweep(t.Context())
	if lines := h.logs.lines(`"msg":"daily puzzle"`); len(lines) != 1 {
		t.Fatalf("%d daily posts logged as failed, want 1", len(lines))
	}
	h.clock.Advance(time.Minute) // Discord still remembers the nonce
	h.bot.Sweep(t.Context())
	var created []string
	for _, rec := range h.fake.requests("/channels/8000/messages") {
		if rec.Method == "POST" && rec.Status == 200 && !rec.Repeat {
			created = append(created, string(rec.Body))
		}
	}
	if len(created) != 1 {
		t.Fatalf("%d daily posts in the channel, want 1", len(created))
	}
	gs, _ := h.store.GetGuildSettings(t.Context(), guild)
	if gs.Daily.MessageID == "" || gs.Daily.Date == "" {
		t.Errorf("the day's post is not recorded: %+v", gs.Daily)
	}
}

// TestUndeliveredUpdateNotPosted: an update of a public message other
// than an accepted challenge's (here a tournament's announcement, after
// Join) is not posted in the channel when Discord does not show it: the
// player joined, the announcement stays as it was until its next edit,
// and a copy of it, with a Join button, would only clutter the channel.
func TestUndeliveredUpdateNotPosted(t *testing.T) {
	h := newHarness(t, nil)
	r, _ := h.slash(alice, "tournament", opt("action", "create"), opt("name", "Winter Cup"))
	join := customIDs(r.Components)["Join"]
	if join == "" {
		t.Fatalf("no Join button: %v", customIDs(r.Components))
	}
	h.settle()
	before, _ := posts(t, h, channel)
	press := &discordgo.Interaction{ID: h.id(), AppID: "555", Type: discordgo.InteractionMessageComponent, GuildID: guild, ChannelID: channel,
		Member: member(bob), Message: &discordgo.Message{ID: "announcement", ChannelID: channel},
		Data: discordgo.MessageComponentInteractionData{CustomID: join}}
	press.Token = "tok" + press.ID
	h.fake.inject("POST", "/interactions/"+press.ID+"/", 500, 0, 3)
	h.bot.HandleGateway(t.Context(), press)
	h.settle()
	if after, _ := posts(t, h, channel); len(after) != len(before) {
		t.Errorf("the announcement was posted again in the channel: %+v", after[len(before):])
	}
}
