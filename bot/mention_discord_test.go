package bot_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/bot"
	"github.com/taflbot/taflbot/render"
	"github.com/taflbot/taflbot/storage"
)

// TestCommandMentionsAfterRegistration: once the bot has registered
// /tafl, the texts it sends name the commands as Discord's mentions with
// the id Discord answered the registration with ("</tafl move:ID>", shown
// in the reader's language and clickable), in any language; before that,
// as typed ("`/tafl challenge`").
func TestCommandMentionsAfterRegistration(t *testing.T) {
	h := newHarness(t, nil)
	if r, _ := h.slash(alice, "move", opt("move", "d1-d4")); !strings.Contains(r.Content, "`/tafl challenge`") {
		t.Errorf("before registration: %q", r.Content)
	}
	if err := h.bot.RegisterCommands(t.Context()); err != nil {
		t.Fatal(err)
	}
	id := fmt.Sprint(fakeCommandID) // the id the fake answered the bulk overwrite with

	help, _ := h.slash(alice, "help")
	if page := help.page(); !strings.Contains(page, "</tafl move:"+id+">") || !strings.Contains(page, "</tafl challenge:"+id+">") || strings.Contains(page, "`/tafl") {
		t.Errorf("help after registration:\n%s", page)
	}
	// A Danish player is sent the same mention (Discord shows it as
	// /tafl udfordr), in a Danish text.
	in := h.slashInteraction(alice, "move", opt("move", "d1-d4"))
	in.Locale = "da"
	h.bot.HandleGateway(t.Context(), in)
	if r, _ := h.fake.callback(t, in.ID); r.Content != "Du har intet parti i gang her. Start et med </tafl challenge:"+id+"> eller </tafl ai:"+id+">." {
		t.Errorf("Danish, after registration: %q", r.Content)
	}
	// Messages posted in the channel mention them too (the draw offer
	// goes through Send or the interaction's reply, whichever; the
	// challenge's board is a channel message with a file).
	startGame(t, h)
	r, _ := h.slash(alice, "draw")
	if !strings.Contains(r.Content, "</tafl draw:"+id+">") {
		t.Errorf("draw offer: %q", r.Content)
	}
}

// TestCommandMentionsOverHTTP: in HTTP mode the reply in the HTTP body
// mentions the commands once they are registered.
func TestCommandMentionsOverHTTP(t *testing.T) {
	hb := newHTTPBot(t)
	if err := hb.b.RegisterCommands(t.Context()); err != nil {
		t.Fatal(err)
	}
	in := hb.h.slashInteraction(bob, "move", opt("move", "d1-d4"))
	body, _ := json.Marshal(in)
	_, out := hb.post(t, body, hb.priv, hb.h.clock.Now())
	id := fmt.Sprint(fakeCommandID)
	if r := decode(t, out); !strings.Contains(r.Content, "</tafl challenge:"+id+"> or </tafl ai:"+id+">") {
		t.Errorf("HTTP reply %q", r.Content)
	}
}

// TestConsoleNamesCommandsAsTyped: the console registers no commands with
// Discord, so its texts keep the commands as one types them.
func TestConsoleNamesCommandsAsTyped(t *testing.T) {
	out := runConsoleWith(t, bot.Options{}, []string{"/tafl help", "/tafl move d1-d4", "quit"})
	consoleSays(t, out, "`/tafl move` `d1-d4`", "Start one with `/tafl challenge` or `/tafl ai`.")
	if strings.Contains(out, "</tafl") {
		t.Errorf("the console shows a mention:\n%s", out)
	}
}

// TestCommandMentionsInAClockProcess: a process without the interactions
// role registers nothing; it reads /tafl's id from Discord when it
// starts, and its reminders mention the commands too.
func TestCommandMentionsInAClockProcess(t *testing.T) {
	h := newHarness(t, nil)
	startGame(t, h)
	// The front end registered the commands (h.bot itself did not).
	opts, _ := registerFromAFrontEnd(t, h)
	opts.Roles = bot.RoleClock
	clockBot, err := bot.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan error)
	go func() { done <- clockBot.Run(ctx, 5*time.Second) }()
	defer func() { cancel(); <-done }()
	select {
	case <-clockBot.CaughtUp():
	case <-time.After(time.Minute):
		t.Fatal("the clock process did not start")
	}
	n := len(h.fake.requests("/channels/" + channel + "/messages"))
	h.clock.Advance(55 * time.Hour)
	clockBot.Sweep(t.Context())
	posts := channelPosts(t, h, n)
	if len(posts) != 1 || !strings.Contains(posts[0].Content, "</tafl board:"+fmt.Sprint(fakeCommandID)+"> `game:1`") {
		t.Errorf("the clock process's reminder: %+v", posts)
	}
}

// TestClockProcessRereadsTheCommandID: a process without the
// interactions role reads /tafl's id again while it runs (every
// Options.CommandIDRefresh): when a front end registers the commands anew
// and Discord gives /tafl another id, the process's reminders mention
// the new id — Discord shows a mention with an id it does not know as
// plain, unclickable text —; while Discord does not answer, they keep
// the id (and the failure is logged once); and when /tafl is no longer
// registered, they name the commands as typed.
func TestClockProcessRereadsTheCommandID(t *testing.T) {
	h := newHarness(t, nil)
	startGame(t, h) // game 1
	h.clock.Advance(5 * time.Hour)
	startGame(t, h) // game 2, reminded five hours after game 1
	h.clock.Advance(5 * time.Hour)
	startGame(t, h) // game 3, five hours after game 2
	opts, front := registerFromAFrontEnd(t, h)
	opts.Roles, opts.CommandIDRefresh = bot.RoleClock, 20*time.Millisecond
	clockBot, err := bot.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan error)
	go func() { done <- clockBot.Run(ctx, 5*time.Second) }()
	defer func() { cancel(); <-done }()
	select {
	case <-clockBot.CaughtUp():
	case <-time.After(time.Minute):
		t.Fatal("the clock process did not start")
	}
	// rereads waits until the clock process has read the commands twice
	// more: the first reading after the change has been kept.
	rereads := func() {
		t.Helper()
		gets := func() int {
			n := 0
			for _, r := range h.fake.requests("/commands") {
				if r.Method == "GET" {
					n++
				}
			}
			return n
		}
		n := gets()
		waitFor(t, "two more readings of the commands", func() bool { return gets() >= n+2 })
	}

	// A front end registers the commands anew, and Discord gives /tafl
	// another id.
	const newID = 1400000000000000001
	h.fake.mu.Lock()
	h.fake.commandIDBase = newID
	h.fake.mu.Unlock()
	if err := front.RegisterCommands(t.Context()); err != nil {
		t.Fatal(err)
	}
	rereads()
	n := len(h.fake.requests("/channels/" + channel + "/messages"))
	h.clock.Advance(45 * time.Hour) // game 1 55 h in
	clockBot.Sweep(t.Context())
	posts := channelPosts(t, h, n)
	if len(posts) != 1 || !strings.Contains(posts[0].Content, fmt.Sprintf("</tafl board:%d> `game:1`", newID)) {
		t.Errorf("after /tafl was registered anew, the clock process's reminder: %+v", posts)
	}

	// Discord does not answer for a while: the id stays.
	h.fake.inject("GET", "/commands", http.StatusForbidden, 50001, 3)
	rereads()
	rereads()
	n = len(h.fake.requests("/channels/" + channel + "/messages"))
	h.clock.Advance(5 * time.Hour) // game 2 55 h in
	clockBot.Sweep(t.Context())
	posts = channelPosts(t, h, n)
	if len(posts) != 1 || !strings.Contains(posts[0].Content, fmt.Sprintf("</tafl board:%d> `game:2`", newID)) {
		t.Errorf("while Discord did not answer, the clock process's reminder: %+v", posts)
	}
	if warns := h.logs.lines("reading the commands' id failed"); len(warns) != 1 {
		t.Errorf("three failed readings in a row logged %d warnings: %q", len(warns), warns)
	}

	// /tafl is no longer registered.
	if _, err := opts.REST.(bot.SessionREST).S.ApplicationCommandBulkOverwrite("555", "", nil); err != nil {
		t.Fatal(err)
	}
	rereads()
	n = len(h.fake.requests("/channels/" + channel + "/messages"))
	h.clock.Advance(5 * time.Hour) // game 3 55 h in
	clockBot.Sweep(t.Context())
	posts = channelPosts(t, h, n)
	if len(posts) != 1 || !strings.Contains(posts[0].Content, "`/tafl board` `game:3`") {
		t.Errorf("after /tafl was removed, the clock process's reminder: %+v", posts)
	}
}

// TestUserTextIsNotRewritten: a user's own string shown in the bot's
// texts — a display name, a rules string's name:, a mistyped option — is
// shown as typed once the commands are registered: a "`/tafl help`" in it
// is not turned into a command mention as the bot's own are, its
// markdown and mentions are not rendered (they are backslash-escaped in
// running text; inside a code span a backtick would end the span, so a
// rules string with one is refused), and a challenge pings its players,
// not a user its rules string's name: mentions. A tournament's name
// cannot hold any of it.
func TestUserTextIsNotRewritten(t *testing.T) {
	h := newHarness(t, nil)
	if err := h.bot.RegisterCommands(t.Context()); err != nil {
		t.Fatal(err)
	}
	const nick = "`/tafl help` @everyone <@333> **b**"
	const start = " esc:e start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/"
	as := func(user, nickname, sub string, opts ...*discordgo.ApplicationCommandInteractionDataOption) *resp {
		t.Helper()
		in := h.slashInteraction(user, sub, opts...)
		in.Member.Nick = nickname
		h.bot.HandleGateway(t.Context(), in)
		r, _ := h.fake.callback(t, in.ID)
		return r
	}
	noMention := func(what, text string) {
		t.Helper()
		if strings.Contains(text, "</tafl help") {
			t.Errorf("%s: a user's `/tafl help` became a mention: %q", what, text)
		}
	}

	// A backtick in a rules string's name: would end the code span the
	// challenge shows the string in: refused, nothing created.
	n := len(h.fake.requests("/channels/"))
	r := as(alice, nick, "challenge", opt("opponent", bob), opt("side", "defenders"), opt("variant", "dim:7 name:`/tafl_help`"+start))
	if want := "I can't play that rules string: its name (name:) contains a backtick, which a message cannot show inside a rules string: leave it out."; r.Content != want || !isEphemeral(r) {
		t.Errorf("a backtick in name: %q, want %q", r.Content, want)
	}
	if games, _ := h.store.GamesByPlayer(t.Context(), alice, storage.GameFilter{}); len(games) != 0 || len(h.fake.requests("/channels/")) != n {
		t.Errorf("the refused challenge left %d games, %d posts", len(games), len(h.fake.requests("/channels/"))-n)
	}

	// A challenge under a rules string whose name: mentions carol pings
	// bob only (the opponent, who must answer it).
	in := h.slashInteraction(alice, "challenge", opt("opponent", bob), opt("side", "defenders"), opt("variant", "dim:7 name:<@333>_@everyone_**x**"+start))
	in.Member.Nick = nick
	h.bot.HandleGateway(t.Context(), in)
	r, rec := h.fake.callback(t, in.ID)
	var body struct {
		Data struct {
			AllowedMentions struct {
				Parse []string `json:"parse"`
				Users []string `json:"users"`
			} `json:"allowed_mentions"`
		} `json:"data"`
	}
	if err := json.Unmarshal(rec.Body, &body); err != nil {
		t.Fatal(err)
	}
	if am := body.Data.AllowedMentions; len(am.Parse) != 0 || !slices.Equal(am.Users, []string{bob}) {
		t.Errorf("the challenge may ping %+v: want bob only", am)
	}
	if !strings.Contains(r.Content, "Rules string: `dim:7 name:<@333>_@everyone_**x**") {
		t.Errorf("the challenge shows the rules string otherwise: %q", r.Content)
	}
	h.click(bob, customIDs(r.Components)["Accept"], false)
	startGame(t, h) // bob's second game (against alice), for the move below

	// The board in words shows the display name and the variant's name as
	// typed (escaped), without a mention.
	r, _ = h.slash(bob, "board", opt("game", "1"), opt("text", true))
	noMention("board text", r.Content)
	if want := `Game 1, \<\@333\> \@everyone \*\*x\*\*, 7 by 7: user222 plays the attackers, \` + "`" + `/tafl help\` + "`" + ` \@everyone \<\@333\> \*\*b\*\* the defenders.`; !strings.HasPrefix(r.Content, want) {
		t.Errorf("board text %q\nwant it to start %q", r.Content, want)
	}
	// A move refused in one of several games names the game, and the
	// opponent.
	r, _ = h.slash(bob, "move", opt("move", "a1-a2"))
	noMention("move refused", r.Content)
	if want := `In game 1 (custom vs \` + "`" + `/tafl help\` + "`" + ` \@everyone \<\@333\> \*\*b\*\*): `; !strings.HasPrefix(r.Content, want) {
		t.Errorf("move refused: %q, want it to start %q", r.Content, want)
	}
	// Mistyped options echoed in a code span, or in running text.
	for _, c := range []struct {
		sub  string
		opts []*discordgo.ApplicationCommandInteractionDataOption
		want string
	}{
		{"rules", []*discordgo.ApplicationCommandInteractionDataOption{opt("variant", "/tafl help")}, "I don't know the variant `/tafl\u00a0help`"},
		{"rules", []*discordgo.ApplicationCommandInteractionDataOption{opt("variant", "`/tafl help`")}, "I don't know the variant `ˋ/tafl\u00a0helpˋ`"},
		{"move", []*discordgo.ApplicationCommandInteractionDataOption{opt("move", "/tafl help"), opt("game", "1")}, "I can't read `/tafl\u00a0help`"},
		{"settings", []*discordgo.ApplicationCommandInteractionDataOption{opt("language", "/tafl help")}, "I don't speak `/tafl\u00a0help`"},
		{"puzzle", []*discordgo.ApplicationCommandInteractionDataOption{opt("variant", "`/tafl help` <@333> **b**")}, `There is no variant "\` + "`" + `/tafl help\` + "`" + ` \<\@333\> \*\*b\*\*": `},
		{"challenge", []*discordgo.ApplicationCommandInteractionDataOption{opt("opponent", carol), opt("time", "/tafl help")}, "I can't use the time control `/tafl\u00a0help`"},
		// The rules engine's reason quotes the piece of the string at fault.
		{"rules", []*discordgo.ApplicationCommandInteractionDataOption{opt("variant", "dim:7 <@333>*x* start:/7/")}, `I can't describe that rules string: "\<\@333\>\*x\*" is not key:value.`},
	} {
		r, _ := h.slash(bob, c.sub, c.opts...)
		noMention(c.sub, r.Content)
		if !strings.HasPrefix(r.Content, c.want) {
			t.Errorf("/tafl %s %v: %q, want it to start %q", c.sub, c.opts[0].Value, r.Content, c.want)
		}
	}
	// A tournament's name refuses mentions and formatting marks.
	r, _ = h.slash(alice, "tournament", opt("action", "create"), opt("name", "`/tafl help`"))
	if want := "Give the tournament a `name` of 1 to 60 characters, without mentions or formatting marks."; r.Content != want {
		t.Errorf("tournament named `/tafl help`: %q", r.Content)
	}
	// Shown in bold, a masked link or a trailing backslash (which ends
	// the bold) would be rendered too.
	for _, name := range []string{"[Join](https://example.org)", `North Cup \`} {
		r, _ = h.slash(alice, "tournament", opt("action", "create"), opt("name", name), opt("format", "swiss"),
			opt("variant", "brandubh"), opt("days", 1.0), opt("signup", 24.0))
		if want := "Give the tournament a `name` of 1 to 60 characters, without mentions or formatting marks."; r.Content != want {
			t.Errorf("tournament named %q: %q", name, r.Content)
		}
	}
}

// TestNoMessagePingsEveryone: every message the bot sends or delivers
// (replies, deferred replies, follow-ups, channel posts) says whom it
// may ping, and never @everyone, @here or a role: a message that sets
// nothing itself may ping users only, whatever its text holds.
func TestNoMessagePingsEveryone(t *testing.T) {
	h := newHarness(t, nil)
	startGame(t, h)
	h.slash(alice, "move", opt("move", "d2-f2"))
	h.slash(bob, "draw")
	r, _ := h.slash(alice, "resign")
	h.click(alice, customIDs(r.Components)["Yes, resign"], true)
	h.slash(bob, "history", opt("game", "1"))
	h.slash(alice, "rules", opt("variant", "tablut"))
	h.slash(alice, "games")
	h.slash(alice, "stats")
	h.slash(alice, "help")
	h.slash(alice, "puzzle")
	waitFor(t, "the replies", func() bool { return len(h.fake.requests("/webhooks/")) > 0 })
	checked := 0
	for _, rec := range h.fake.requests("/") {
		if rec.Method != "POST" && rec.Method != "PATCH" || len(rec.Body) == 0 || strings.Contains(rec.Path, "/channels/") && rec.Method == "PATCH" {
			continue // channel message edits ping nobody
		}
		var m struct {
			Type    int                               `json:"type"`
			Content string                            `json:"content"`
			Data    *struct{ Content string }         `json:"data"`
			Allowed *discordgo.MessageAllowedMentions `json:"allowed_mentions"`
		}
		var d struct {
			Data struct {
				Allowed *discordgo.MessageAllowedMentions `json:"allowed_mentions"`
			} `json:"data"`
		}
		if json.Unmarshal(rec.Body, &m) != nil || json.Unmarshal(rec.Body, &d) != nil {
			continue // not a message (a list of commands)
		}
		am := m.Allowed
		if strings.HasSuffix(rec.Path, "/callback") {
			if m.Type == int(discordgo.InteractionApplicationCommandAutocompleteResult) || m.Type == int(discordgo.InteractionResponseDeferredChannelMessageWithSource) || m.Type == int(discordgo.InteractionResponseDeferredMessageUpdate) {
				continue
			}
			am = d.Data.Allowed
		} else if !strings.Contains(rec.Path, "/messages") && !strings.HasPrefix(strings.TrimPrefix(rec.Path, "/api/v9/"), "webhooks/") {
			continue // a thread, a DM channel
		}
		checked++
		if am == nil {
			t.Errorf("%s %s says nothing of whom it pings: %.300s", rec.Method, rec.Path, rec.Body)
			continue
		}
		for _, p := range am.Parse {
			if p != discordgo.AllowedMentionTypeUsers {
				t.Errorf("%s %s may ping %s: %.300s", rec.Method, rec.Path, p, rec.Body)
			}
		}
	}
	if checked < 10 {
		t.Errorf("only %d messages checked", checked)
	}
}

// TestOnlyMessageResponsesCarryAllowedMentions: the net of users-only
// pings (64145a9) went onto every interaction response, autocomplete
// results too, whose data Discord documents as the choices alone; only
// a message (a reply or an updated message) carries allowed_mentions.
func TestOnlyMessageResponsesCarryAllowedMentions(t *testing.T) {
	h := newHarness(t, nil)
	startGame(t, h)
	focused := opt("move", "d2")
	focused.Focused = true
	in := h.slashInteraction(alice, "move", focused)
	in.Type = discordgo.InteractionApplicationCommandAutocomplete
	h.bot.HandleGateway(t.Context(), in)
	r, rec := h.fake.callback(t, in.ID)
	if r.Type != discordgo.InteractionApplicationCommandAutocompleteResult || len(r.Choices) == 0 {
		t.Fatalf("the move autocomplete answered type %d with %d choices, want the choices", r.Type, len(r.Choices))
	}
	if strings.Contains(string(rec.Body), "allowed_mentions") {
		t.Errorf("the autocomplete result carries allowed_mentions: %s", rec.Body)
	}
	// A reply still does.
	h.slash(alice, "games")
	var reply *recorded
	for _, x := range h.fake.requests("/callback") {
		if !strings.Contains(string(x.Body), `"choices"`) {
			reply = x
		}
	}
	if reply == nil || !strings.Contains(string(reply.Body), `"allowed_mentions":{`) {
		t.Errorf("the reply to /tafl games carries no allowed_mentions: %v", reply)
	}
}

// registerFromAFrontEnd registers the commands from a front end of its
// own on h's fake Discord and store (h.bot itself does not), and returns
// that front end's options (for a second process's bot to be made from)
// and the front end.
func registerFromAFrontEnd(t *testing.T, h *harness) (bot.Options, *bot.Bot) {
	t.Helper()
	sess, err := bot.NewSession("test-token", h.fake.URL(), nil)
	if err != nil {
		t.Fatal(err)
	}
	opts := bot.Options{Store: h.store, REST: bot.SessionREST{S: sess}, Engine: h.engine, AppID: "555", Now: h.clock.Now,
		Render: render.Options{Size: 240}, Logger: slog.New(slog.NewJSONHandler(h.logs, nil))}
	front, err := bot.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	if err := front.RegisterCommands(t.Context()); err != nil {
		t.Fatal(err)
	}
	return opts, front
}
