package bot_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/bot"
	"github.com/taflbot/taflbot/tafl"
)

func TestCommandDefinitions(t *testing.T) {
	cmds := bot.Commands()
	if len(cmds) != 1 || cmds[0].Name != "tafl" {
		t.Fatalf("want one /tafl command, got %d", len(cmds))
	}
	want := []string{"challenge", "move", "board", "games", "resign", "draw", "ai", "rules", "history", "leaderboard", "stats", "settings", "help"}
	var got []string
	for _, o := range cmds[0].Options {
		got = append(got, o.Name)
		if len(o.Description) == 0 || len(o.Description) > 100 {
			t.Errorf("%s: description length %d", o.Name, len(o.Description))
		}
		if len(o.Options) > 25 {
			t.Errorf("%s has %d options", o.Name, len(o.Options))
		}
	}
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("subcommands %v, want %v", got, want)
	}
}

func TestSettingsThreadsAndDMs(t *testing.T) {
	h := newHarness(t, nil)
	// Not a manager: refused.
	in := h.slashInteraction(carol, "settings", opt("threads", true))
	in.Member.Permissions = 0
	h.bot.HandleGateway(t.Context(), in)
	if r, _ := h.fake.callback(t, in.ID); !strings.Contains(r.Content, "Only server managers") {
		t.Errorf("non-manager: %q", r.Content)
	}
	// Anyone may turn their own DMs off.
	in = h.slashInteraction(alice, "settings", opt("dms", false))
	in.Member.Permissions = 0
	h.bot.HandleGateway(t.Context(), in)
	if r, _ := h.fake.callback(t, in.ID); !strings.Contains(r.Content, "No more direct messages") {
		t.Errorf("dms off: %q", r.Content)
	}
	r, _ := h.slash(carol, "settings", opt("threads", true), opt("days", 7.0), opt("variant", "tablut"))
	if !strings.Contains(r.Content, "Saved") || !strings.Contains(r.Content, "**tablut**") {
		t.Fatalf("settings: %q", r.Content)
	}
	// A challenge now defaults to tablut and 7 days, and the game gets a thread.
	r, _ = h.slash(alice, "challenge", opt("opponent", bob), opt("side", "attackers"))
	if !strings.Contains(r.Content, "**tablut**") || !strings.Contains(r.Content, "7d 0h per move") {
		t.Errorf("challenge with server defaults: %q", r.Content)
	}
	h.click(bob, customIDs(r.Components)["Accept"], false)
	waitFor(t, "the game thread", func() bool { return gameOf(t, h, alice).ThreadID != "" })
	g := gameOf(t, h, alice)
	if !strings.HasPrefix(g.ThreadID, "thread-") || len(h.fake.requests("/threads")) != 1 {
		t.Errorf("thread %q, %d thread requests", g.ThreadID, len(h.fake.requests("/threads")))
	}
	if g.MoveTime != 7*24*time.Hour || g.Variant() != "tablut" {
		t.Errorf("game %s, %v per move", g.Variant(), g.MoveTime)
	}
	// Moves typed in the thread find the game.
	m := g.Tafl().LegalMoves()[0]
	mover := g.ToMove().UserID
	in = h.slashInteraction(mover, "move", opt("move", m.String()))
	in.ChannelID = g.ThreadID
	h.bot.HandleGateway(t.Context(), in)
	if r, _ := h.fake.callback(t, in.ID); isEphemeral(r) {
		t.Fatalf("move in the thread: %q", r.Content)
	}
	// Reminders go to the thread; alice opted out of DMs.
	h.clock.Advance(6*24*time.Hour + time.Hour)
	h.bot.Sweep(t.Context())
	posts := 0
	for _, rec := range h.fake.requests("/channels/" + g.ThreadID + "/messages") {
		if strings.Contains(decode(t, rec.Body).Content, "it's your move") {
			posts++
		}
	}
	if posts != 1 {
		t.Errorf("%d reminders in the thread, want 1", posts)
	}
	for _, rec := range h.fake.requests("/users/@me/channels") {
		if strings.Contains(string(rec.Body), alice) {
			t.Errorf("alice opted out of DMs but got one")
		}
	}
	wantDMs := 1 // the reminded player, unless it is alice, who opted out
	if mover == bob {
		wantDMs = 0
	}
	if n := len(h.fake.requests("/users/@me/channels")); n != wantDMs {
		t.Errorf("DM channels opened: %d, want %d", n, wantDMs)
	}
}

func TestDrawOfferAndAccept(t *testing.T) {
	h := newHarness(t, nil)
	board := startGame(t, h)
	if r, _ := h.click(carol, customIDs(board.Components)["Offer draw"], false); !strings.Contains(r.Content, "not playing") {
		t.Errorf("carol offering: %q", r.Content)
	}
	r, _ := h.click(alice, customIDs(board.Components)["Offer draw"], false)
	if !isEphemeral(r) {
		t.Errorf("offer reply: %q", r.Content)
	}
	if g := gameOf(t, h, alice); g.DrawOffer != tafl.Attackers || !g.Active() {
		t.Fatalf("after the offer: offer %v active %v", g.DrawOffer, g.Active())
	}
	r, rec := h.slash(bob, "draw")
	if isEphemeral(r) || !strings.Contains(r.Content, "accepted the draw") || !strings.Contains(r.Content, "**Draw**") {
		t.Fatalf("accept: %q", r.Content)
	}
	checkPNG(t, rec)
	g := gameOf(t, h, alice)
	if g.Outcome() != (tafl.Outcome{Winner: tafl.NoSide, Reason: tafl.DrawAgreed}) {
		t.Errorf("outcome %v", g.Outcome())
	}
}

func TestHistoryRulesHelpLeaderboardStats(t *testing.T) {
	h := newHarness(t, nil)
	startGame(t, h)
	g := gameOf(t, h, alice)
	for _, mv := range []struct{ user, move string }{{alice, g.Tafl().LegalMoves()[0].String()}} {
		h.slash(mv.user, "move", opt("move", mv.move))
	}
	in := h.slashInteraction(alice, "history")
	h.bot.HandleGateway(t.Context(), in)
	r, _ := h.fake.callback(t, in.ID)
	if r.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource {
		t.Fatalf("history reply type %d, want deferred", r.Type)
	}
	_, late := h.fake.final(t, in)
	if len(late.Files) != 2 {
		t.Fatalf("history attached %d files, want .otg and .gif", len(late.Files))
	}
	game, _, err := tafl.DecodeGame(string(late.Files[0].Data))
	if err != nil || game.Len() != 1 {
		t.Fatalf("the .otg record: %v, %d moves", err, game.Len())
	}
	if !strings.HasPrefix(string(late.Files[1].Data), "GIF8") {
		t.Errorf("the replay is not a GIF")
	}

	r, rec := h.slash(carol, "rules", opt("variant", "fetlar"))
	if len(r.Embeds) != 1 || !strings.Contains(r.Embeds[0].Title, "fetlar (11×11)") {
		t.Errorf("rules embed %+v", r.Embeds)
	}
	checkPNG(t, rec)
	if r, _ := h.slash(carol, "rules", opt("variant", "chess")); !isEphemeral(r) || !strings.Contains(r.Content, "don't know the variant") {
		t.Errorf("unknown variant: %q", r.Content)
	}
	if r, _ := h.slash(carol, "help"); !isEphemeral(r) || !strings.Contains(r.Content, "/tafl challenge") {
		t.Errorf("help: %q", r.Content)
	}
	if r, _ := h.slash(carol, "leaderboard", opt("variant", "brandubh")); !strings.Contains(r.Content, "Nobody has a rated brandubh game") {
		t.Errorf("empty leaderboard: %q", r.Content)
	}
	// Bob resigns: the leaderboard and stats show the result.
	r, _ = h.slash(bob, "resign")
	h.click(bob, customIDs(r.Components)["Yes, resign"], true)
	if r, _ := h.slash(carol, "leaderboard", opt("variant", "brandubh")); !strings.Contains(r.Content, "1. <@"+alice+">") || !strings.Contains(r.Content, "2. <@"+bob+">") {
		t.Errorf("leaderboard: %q", r.Content)
	}
	if r, _ := h.slash(carol, "stats", opt("user", bob)); !strings.Contains(r.Content, "0 won, 1 lost") {
		t.Errorf("stats: %q", r.Content)
	}
}

func TestChallengeSurvivesRestart(t *testing.T) {
	h := newHarness(t, nil)
	r, _ := h.slash(alice, "challenge", opt("opponent", bob))
	h.restart()
	if r, _ := h.click(bob, customIDs(r.Components)["Accept"], false); r.Type != discordgo.InteractionResponseUpdateMessage {
		t.Fatalf("accept after restart: %q", r.Content)
	}
	if g := gameOf(t, h, bob); !g.Active() {
		t.Fatal("no game")
	}
}

func TestGamesListPages(t *testing.T) {
	h := newHarness(t, nil)
	for range 12 {
		h.slash(alice, "ai", opt("variant", "brandubh"), opt("side", "attackers"), opt("level", "easy"))
	}
	r, _ := h.slash(alice, "games")
	if !strings.Contains(r.Content, "12 in progress, page 1 of 2") || strings.Count(r.Content, "• #") != 10 {
		t.Fatalf("page 1: %q", r.Content)
	}
	r, _ = h.click(alice, customIDs(r.Components)["Next ▶"], true)
	if !strings.Contains(r.Content, "page 2 of 2") || strings.Count(r.Content, "• #") != 2 {
		t.Errorf("page 2: %q", r.Content)
	}
}

func TestFinishedGameDisablesOldBoards(t *testing.T) {
	h := newHarness(t, nil)
	startGame(t, h)
	g := gameOf(t, h, alice)
	board, _ := h.slash(alice, "move", opt("move", g.Tafl().LegalMoves()[0].String()))
	waitFor(t, "the slash board to be remembered", func() bool { return len(gameOf(t, h, alice).BoardMessages) == 2 })
	g = gameOf(t, h, alice)
	board = menuMove(t, h, bob, board, g.Tafl().LegalMoves()[0])
	waitFor(t, "the menu board to be remembered", func() bool { return len(gameOf(t, h, alice).BoardMessages) == 3 })
	r, _ := h.click(bob, customIDs(board.Components)["Resign"], false)
	h.click(bob, customIDs(r.Components)["Yes, resign"], true)
	var edits []*recorded
	waitFor(t, "old boards to be edited", func() bool {
		edits = nil
		for _, rec := range h.fake.requests("/messages/") {
			if rec.Method == "PATCH" && strings.HasPrefix(rec.Path, "/api/v9/channels/") {
				edits = append(edits, rec)
			}
		}
		return len(edits) >= 3 // the accepted challenge, the slash move's board and the menu move's board
	})
	for _, e := range edits {
		var body struct {
			Components []json.RawMessage `json:"components"`
		}
		json.Unmarshal(e.Body, &body)
		m := decode(t, e.Body)
		for label, disabled := range buttons(m.Components) {
			if !disabled {
				t.Errorf("%s: button %s still enabled", e.Path, label)
			}
		}
		if len(body.Components) == 0 {
			t.Errorf("%s: no components in the edit", e.Path)
		}
	}
}
