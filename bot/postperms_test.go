package bot_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/tafl"
)

// postPerms are the permissions a game's channel gives the bot in these
// tests' interactions: all it needs to post there on its own.
const postPerms = discordgo.PermissionViewChannel | discordgo.PermissionSendMessages |
	discordgo.PermissionSendMessagesInThreads | discordgo.PermissionAttachFiles |
	discordgo.PermissionReadMessageHistory

// TestNoGameWhereTheBotCannotPost: a reply to a command goes through the
// interaction, so /tafl ai and /tafl challenge in a channel where the
// bot may not post (a big server letting bots post in their own
// channels only) started a game whose engine moves, Move-menu boards and
// reminders Discord then refused, unseen by the player, whose clock ran.
// The command is refused there, naming the permissions Discord's
// app_permissions lack (in a thread: Send Messages in Threads), and
// nothing is created; where the game gets a thread of its own, sending
// in threads is enough. So for a tournament's creation.
func TestNoGameWhereTheBotCannotPost(t *testing.T) {
	const thread = "thread"
	const all = postPerms | discordgo.PermissionCreatePublicThreads
	h := newHarness(t, newPolicyEngine(3))
	h.fake.addChannel(thread, discordgo.ChannelTypeGuildPublicThread, channel)
	run := func(ch string, perms int64, sub string, opts ...*discordgo.ApplicationCommandInteractionDataOption) *resp {
		t.Helper()
		in := h.slashInteraction(alice, sub, opts...)
		in.ChannelID, in.AppPermissions = ch, perms
		h.bot.HandleGateway(context.Background(), in)
		r, _ := h.fake.callback(t, in.ID)
		h.settle()
		return r
	}
	nothingCreated := func(what string) {
		t.Helper()
		if g, _ := h.store.GetGame(t.Context(), 1); g != nil {
			t.Errorf("%s: game 1 was created in %s", what, g.ChannelID)
		}
		if cs, _ := h.store.OpenChallenges(t.Context()); len(cs) != 0 {
			t.Errorf("%s: %d challenges were created", what, len(cs))
		}
	}
	refused := func(what string, r *resp, perms ...string) {
		t.Helper()
		if !isEphemeral(r) || !strings.Contains(r.Content, "I can't start a game in this channel") || !strings.Contains(r.Content, "ask a server manager") {
			t.Errorf("%s: %q", what, r.Content)
		}
		for _, p := range perms {
			if !strings.Contains(r.Content, "**"+p+"**") {
				t.Errorf("%s does not name %s: %q", what, p, r.Content)
			}
		}
		nothingCreated(what)
	}
	noSend := int64(all &^ (discordgo.PermissionSendMessages | discordgo.PermissionSendMessagesInThreads))
	refused("ai without Send Messages", run(channel, noSend, "ai", opt("variant", "brandubh"), opt("level", "easy")), "Send Messages")
	refused("challenge without Send Messages", run(channel, noSend, "challenge", opt("opponent", bob), opt("variant", "brandubh")), "Send Messages")
	r := run(channel, int64(all&^(discordgo.PermissionSendMessages|discordgo.PermissionAttachFiles)), "ai", opt("level", "easy"))
	refused("ai without Send Messages and Attach Files", r, "Send Messages", "Attach Files")
	if !strings.Contains(r.Content, "**Send Messages** and **Attach Files**") {
		t.Errorf("the permissions are not listed with 'and': %q", r.Content)
	}
	refused("ai in a thread without Send Messages in Threads", run(thread, int64(all&^discordgo.PermissionSendMessagesInThreads), "ai", opt("level", "easy")), "Send Messages in Threads")

	// A tournament's rounds are posted by the bot too, in a thread on
	// its announcement where it can start one.
	r = run(channel, int64(all&^(discordgo.PermissionSendMessages|discordgo.PermissionCreatePublicThreads)), "tournament", opt("action", "create"), opt("name", "Cup"))
	if !isEphemeral(r) || !strings.Contains(r.Content, "I can't run a tournament in this channel: here I lack **Send Messages**") {
		t.Errorf("tournament without Send Messages: %q", r.Content)
	}
	if ts, _ := h.store.Tournaments(t.Context(), guild, false); len(ts) != 0 {
		t.Errorf("%d tournaments created", len(ts))
	}
	if r := run(channel, int64(all&^discordgo.PermissionSendMessages), "tournament", opt("action", "create"), opt("name", "Cup")); isEphemeral(r) {
		t.Errorf("tournament with a thread of its own: %q", r.Content)
	}

	// With a thread per game, sending in threads does: the thread is
	// started on the reply.
	h.slash(carol, "settings", opt("threads", true))
	r = run(channel, int64(all&^discordgo.PermissionSendMessages), "ai", opt("variant", "brandubh"), opt("level", "easy"))
	if g, _ := h.store.GetGame(t.Context(), 1); g == nil || isEphemeral(r) {
		t.Fatalf("no game with a thread of its own: %q", r.Content)
	}
	// Allowed to post, a challenge is made; so without the permissions
	// told (the console).
	if r := run(channel, int64(all), "challenge", opt("opponent", bob)); isEphemeral(r) {
		t.Errorf("challenge where the bot may post: %q", r.Content)
	}
	if r := run(channel, 0, "challenge", opt("opponent", carol)); isEphemeral(r) {
		t.Errorf("challenge without permissions told: %q", r.Content)
	}
}

// TestMoveWhereTheBotCanNoLongerPost: the bot's permissions taken away in
// a game's channel after the game began, the engine's moves (and a Move
// menu's board Discord would not take as a follow-up, reminders, the
// result), which it posts on its own, were refused by Discord unseen,
// while the player's own moves, answers to their commands, still showed.
// A move made there now tells its player privately what the bot lacks
// and what to do; with the permissions (or elsewhere) it says nothing.
func TestMoveWhereTheBotCanNoLongerPost(t *testing.T) {
	const all = postPerms
	const note = "I can't post in this channel on my own any more: here I lack **Send Messages**"
	h := newHarness(t, nil)
	if r, _ := h.slash(alice, "ai", opt("variant", "brandubh"), opt("side", "attackers"), opt("level", "easy")); isEphemeral(r) {
		t.Fatalf("/tafl ai: %q", r.Content)
	}
	h.settle()
	move := func(perms int64) []string {
		t.Helper()
		waitFor(t, "alice's turn", func() bool { g := gameOf(t, h, alice); return g.Tafl().ToMove() == g.SideOf(alice) })
		g := gameOf(t, h, alice)
		in := h.slashInteraction(alice, "move", opt("move", g.Tafl().LegalMoves()[0].String()))
		in.AppPermissions = perms
		h.bot.HandleGateway(context.Background(), in)
		if r, _ := h.fake.callback(t, in.ID); isEphemeral(r) {
			t.Fatalf("the move was refused: %q", r.Content)
		}
		h.settle()
		return cannotPostNotes(t, h, in.Token)
	}
	if got := move(all); len(got) != 0 {
		t.Errorf("a move with every permission: %q", got)
	}
	got := move(all &^ discordgo.PermissionSendMessages)
	if len(got) != 1 || !strings.HasPrefix(got[0], note) || !strings.Contains(got[0], "Ask a server manager") {
		t.Errorf("a move where the bot may no longer post: %q, want one note starting %q", got, note)
	}
}

// cannotPostNotes returns the follow-ups of the interaction with token
// that say the bot can no longer post on its own there, checking that
// each is private.
func cannotPostNotes(t *testing.T, h *harness, token string) []string {
	t.Helper()
	var notes []string
	for _, rec := range h.fake.requests("/webhooks/555/" + token) {
		var p discordgo.WebhookParams
		if json.Unmarshal(rec.Body, &p) == nil && strings.Contains(p.Content, "I can't post") {
			if p.Flags&discordgo.MessageFlagsEphemeral == 0 {
				t.Errorf("the note is public: %q", p.Content)
			}
			notes = append(notes, p.Content)
		}
	}
	return notes
}

// TestMenuMoveWhereTheBotCanNoLongerPost: the private note of
// TestMoveWhereTheBotCanNoLongerPost was tested for /tafl move only; a
// move made with the Move menu, whose new board the bot may have to post
// in the channel on its own, is followed by the same note, privately,
// once, and by none where the bot may post.
func TestMenuMoveWhereTheBotCanNoLongerPost(t *testing.T) {
	const all = postPerms
	const note = "I can't post in this channel on my own any more: here I lack **Attach Files**"
	h := newHarness(t, nil)
	if r, _ := h.slash(alice, "ai", opt("variant", "brandubh"), opt("side", "attackers"), opt("level", "easy")); isEphemeral(r) {
		t.Fatalf("/tafl ai: %q", r.Content)
	}
	h.settle()
	move := func(perms int64) []string {
		t.Helper()
		waitFor(t, "alice's turn", func() bool { g := gameOf(t, h, alice); return g.Tafl().ToMove() == g.SideOf(alice) })
		m := gameOf(t, h, alice).Tafl().LegalMoves()[0]
		board, _ := h.slash(alice, "board")
		r, _ := h.click(alice, customIDs(board.Components)["Move"], false)
		r, _ = h.click(alice, customIDs(r.Components)["select"], true, m.From().String())
		id := h.id()
		in := &discordgo.Interaction{ID: id, AppID: "555", Token: "tok" + id, Type: discordgo.InteractionMessageComponent,
			GuildID: guild, ChannelID: channel, Member: member(alice), AppPermissions: perms,
			Message: &discordgo.Message{ID: "msg-click-" + id, ChannelID: channel, Flags: discordgo.MessageFlagsEphemeral},
			Data:    discordgo.MessageComponentInteractionData{CustomID: customIDs(r.Components)["select"], Values: []string{m.To().String()}}}
		h.bot.HandleGateway(context.Background(), in)
		if r, _ := h.fake.callback(t, in.ID); !strings.Contains(r.Content, "You played") {
			t.Fatalf("the menu's move: %q", r.Content)
		}
		h.settle()
		return cannotPostNotes(t, h, in.Token)
	}
	if got := move(all); len(got) != 0 {
		t.Errorf("a menu move with every permission: %q", got)
	}
	got := move(all &^ discordgo.PermissionAttachFiles)
	if len(got) != 1 || !strings.HasPrefix(got[0], note) || !strings.Contains(got[0], "Ask a server manager") {
		t.Errorf("a menu move where the bot may no longer post: %q, want one note starting %q", got, note)
	}
}

// TestResultRefusedGoesByDM: the bot's permissions taken away in a game's
// channel after the game began, the result of a game between two people
// that the bot posts on its own (a flag fallen, found by the sweep) was
// refused by Discord (50013) and seen by nobody. It goes to both players
// by direct message, though neither turned DMs on, saying why; a result
// Discord took sends no direct message.
func TestResultRefusedGoesByDM(t *testing.T) {
	for _, refused := range []bool{false, true} {
		h := newHarness(t, nil)
		startGame(t, h) // 3 days per move, alice (attackers) to move
		moveBoth(t, h)
		h.settle()
		if refused {
			h.fake.inject("POST", "/channels/"+channel+"/messages", 403, 50013, 10)
		}
		h.clock.Advance(72*time.Hour + time.Minute) // alice's time is up
		h.bot.Sweep(t.Context())
		h.settle()
		g := gameOf(t, h, alice)
		if g.Outcome() != (tafl.Outcome{Winner: tafl.Defenders, Reason: tafl.Timeout}) {
			t.Fatalf("outcome %+v, want bob's win on time", g.Outcome())
		}
		got := resultDMs(t, h)
		if !refused {
			if len(got) != 0 {
				t.Errorf("the result posted in the channel was also sent by DM: %q", got)
			}
			continue
		}
		want := fmt.Sprintf("Game %d is over: **Defenders win** — the attackers ran out of time.", g.ID)
		if len(got) != 2 {
			t.Fatalf("direct messages %q, want the result to alice and bob", got)
		}
		for i, u := range []string{alice, bob} {
			if !strings.HasPrefix(got[i], u+": "+want) || !strings.Contains(got[i], "Discord refused my post of this result in <#"+channel+">") {
				t.Errorf("direct message %q, want %q and why it came by DM", got[i], want)
			}
		}
	}
}

// TestLatePressWhereTheBotCannotPostSaysDM: a press after the flag fell
// (alice's move after her time ran out) in a game's channel where the
// bot may no longer post answered "The result is posted in the game's
// channel", though Discord refused that post and the result went to both
// players by direct message (TestResultRefusedGoesByDM). Where the
// interaction's permissions lack what posting needs, the answer says the
// result is sent by direct message; with them, that it is in the channel.
func TestLatePressWhereTheBotCannotPostSaysDM(t *testing.T) {
	const all = postPerms
	for i, perms := range []int64{all, all &^ discordgo.PermissionSendMessages, all, all &^ discordgo.PermissionAttachFiles} {
		h := newHarness(t, nil)
		startGame(t, h) // 3 days per move, alice (attackers) to move
		moveBoth(t, h)
		h.settle()
		refused := perms != all
		if refused {
			h.fake.inject("POST", "/channels/"+channel+"/messages", 403, 50013, 10)
		}
		mv := gameOf(t, h, alice).Tafl().LegalMoves()[0].String()
		h.clock.Advance(72*time.Hour + time.Minute) // alice's time is up
		u := []string{alice, bob}[i/2]              // alice's own late move, then bob's
		in := h.slashInteraction(u, "move", opt("move", mv))
		in.AppPermissions = perms
		h.bot.HandleGateway(context.Background(), in)
		r, _ := h.fake.callback(t, in.ID)
		h.settle()
		inChannel := strings.Contains(r.Content, "The result is posted in the game's channel.")
		byDM := strings.Contains(r.Content, "I can no longer post in this channel, so the result is sent to both players by direct message.")
		if !isEphemeral(r) || !strings.Contains(r.Content, "Too late") || inChannel == refused || byDM != refused {
			t.Errorf("%s's late move (permissions %b): %q", u, perms, r.Content)
		}
		var dms int
		for _, u := range []string{alice, bob} {
			for _, rec := range h.fake.requests("/channels/dm-" + u + "/messages") {
				if rec.Method == "POST" && rec.Status == 200 && strings.Contains(decode(t, rec.Body).Content, "Discord refused my post") {
					dms++
				}
			}
		}
		if want := map[bool]int{false: 0, true: 2}[refused]; dms != want {
			t.Errorf("permissions %b: %d results by direct message, want %d", perms, dms, want)
		}
	}
}

// TestUnknownAppPermissions: the checks of what the bot may post read
// the interaction's app_permissions, which an older payload lacks and
// the console does not send (decoded, both are 0, as "0" is). They are
// taken as unknown, not as "no permissions": a game is started, and a
// move gets no "I can't post here" note, as where Discord sent them all;
// permissions sent (View Channel alone) are checked in HTTP mode as in
// gateway mode.
func TestUnknownAppPermissions(t *testing.T) {
	hb := newHTTPBot(t)
	n := 0
	send := func(perms string, user, sub string, opts ...*discordgo.ApplicationCommandInteractionDataOption) (*resp, string) {
		t.Helper()
		in := hb.h.slashInteraction(user, sub, opts...)
		n++
		in.ID, in.Token = fmt.Sprintf("9%04d", n), fmt.Sprintf("unknown-perms-%d", n)
		body, _ := json.Marshal(in)
		var m map[string]any
		json.Unmarshal(body, &m)
		if perms == "" {
			delete(m, "app_permissions")
		} else {
			m["app_permissions"] = perms
		}
		body, _ = json.Marshal(m)
		resp, out := hb.post(t, body, hb.priv, hb.h.clock.Now())
		if resp.StatusCode != 200 {
			t.Fatalf("%s: status %d: %s", sub, resp.StatusCode, out)
		}
		if !hb.b.Settle(30 * time.Second) {
			t.Fatal("the bot's follow-up work did not finish")
		}
		return decode(t, out), in.Token
	}
	r, _ := send(fmt.Sprint(discordgo.PermissionViewChannel), alice, "ai", opt("variant", "brandubh"), opt("level", "easy"))
	if !isEphemeral(r) || !strings.Contains(r.Content, "here I lack **Send Messages** and **Attach Files**") {
		t.Errorf("ai with View Channel alone: %q", r.Content)
	}
	if g, _ := hb.h.store.GetGame(t.Context(), 1); g != nil {
		t.Fatalf("a game was made where the bot may not post")
	}
	for i, perms := range []string{"", "0"} {
		if r, _ := send(perms, alice, "challenge", opt("opponent", []string{bob, carol}[i]), opt("variant", "brandubh")); isEphemeral(r) {
			t.Errorf("challenge, app_permissions %q: %q", perms, r.Content)
		}
	}
	if cs, _ := hb.h.store.OpenChallenges(t.Context()); len(cs) != 2 {
		t.Errorf("%d open challenges, want the ones to bob and carol", len(cs))
	}
	if r, _ := send("", alice, "ai", opt("variant", "brandubh"), opt("level", "easy"), opt("side", "attackers")); isEphemeral(r) {
		t.Fatalf("ai without app_permissions: %q", r.Content)
	}
	g, err := hb.h.store.GetGame(t.Context(), 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, perms := range []string{"0", ""} {
		waitFor(t, "alice's turn", func() bool { g, _ = hb.h.store.GetGame(t.Context(), 1); return g.Tafl().ToMove() == g.SideOf(alice) })
		r, token := send(perms, alice, "move", opt("move", g.Tafl().LegalMoves()[0].String()))
		if isEphemeral(r) {
			t.Fatalf("move, app_permissions %q: %q", perms, r.Content)
		}
		if notes := cannotPostNotes(t, hb.h, token); len(notes) != 0 {
			t.Errorf("move, app_permissions %q: %q", perms, notes)
		}
	}
}
