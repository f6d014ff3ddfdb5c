package bot_test

import (
	"context"
	"errors"
	"io"
	"maps"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/bot"
	"github.com/taflbot/taflbot/render"
	"github.com/taflbot/taflbot/storage"
	"github.com/taflbot/taflbot/tafl"
)

// slowRenderer takes its time when slow is set, and then fails when fail
// is set. It counts the slow drawings begun.
type slowRenderer struct {
	slow, fail atomic.Bool
	begun      atomic.Int32
}

func (r *slowRenderer) PNG(w io.Writer, pos tafl.Position, opts render.Options) error {
	if r.slow.Load() {
		r.begun.Add(1)
		time.Sleep(1500 * time.Millisecond)
	}
	if r.fail.Load() {
		return errors.New("ran out of ink")
	}
	return render.PNG(w, pos, opts)
}

func (r *slowRenderer) GIF(w io.Writer, g *tafl.Game, opts render.GIFOptions) error {
	return render.GIF(w, g, opts)
}

func TestSlowHandlersAreDeferred(t *testing.T) {
	h := newHarness(t, nil)
	board := startGame(t, h)
	// Open the move menu before the bot defers after 400 ms: on a busy
	// machine a quick reply can take that long, and a deferred menu has
	// no menu to pick from.
	g := gameOf(t, h, alice)
	m := g.Tafl().LegalMoves()[0]
	r, _ := h.click(alice, customIDs(board.Components)["Move"], false)
	r, _ = h.click(alice, customIDs(r.Components)["select"], true, m.From().String())
	target := customIDs(r.Components)["select"]
	if target == "" {
		t.Fatalf("no target menu: %q", r.Content)
	}
	sr := &slowRenderer{}
	h.adjust = func(o *bot.Options) { o.Renderer, o.DeferAfter = sr, 400*time.Millisecond }
	h.restart()
	sr.slow.Store(true)

	// A slow command: deferred, the board delivered by editing.
	in := h.slashInteraction(alice, "board")
	h.bot.HandleGateway(t.Context(), in)
	if r, _ := h.fake.callback(t, in.ID); r.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource {
		t.Fatalf("slow command answered with type %d, want a deferral", r.Type)
	}
	var edit *recorded
	waitFor(t, "the late board", func() bool {
		for _, rec := range h.fake.requests("/webhooks/555/" + in.Token + "/messages/@original") {
			if rec.Method == "PATCH" {
				edit = rec
				return true
			}
		}
		return false
	})
	checkPNG(t, edit)

	// A slow component: a deferred update, then the menu message is edited
	// and the new board follows.
	before := len(h.fake.requests("/webhooks/"))
	r, _ = h.click(alice, target, true, m.To().String())
	if r.Type != discordgo.InteractionResponseDeferredMessageUpdate {
		t.Fatalf("slow menu move answered with type %d, want a deferred update", r.Type)
	}
	waitFor(t, "the edited menu and the board follow-up", func() bool {
		var patched, posted bool
		for _, rec := range h.fake.requests("/webhooks/")[before:] {
			if rec.Method == "PATCH" && playedRE(m).Match(rec.Body) {
				patched = true
			}
			if rec.Method == "POST" && len(rec.Files) == 1 {
				posted = true
			}
		}
		return patched && posted
	})
	if got := h.bot.Metrics().Deferred(); got != 2 {
		t.Errorf("%d deferred interactions counted, want 2", got)
	}
	if g := gameOf(t, h, alice); g.Ply() != 1 {
		t.Errorf("ply %d, want 1", g.Ply())
	}
}

func TestInFlightInteractionFinishesOnShutdown(t *testing.T) {
	h := newHarness(t, nil)
	startGame(t, h)
	sr := &slowRenderer{}
	sr.slow.Store(true)
	h.adjust = func(o *bot.Options) { o.Renderer = sr }
	h.restart()
	ctx, cancel := context.WithCancel(context.Background())
	in := h.slashInteraction(alice, "board")
	done := make(chan struct{})
	go func() { h.bot.HandleGateway(ctx, in); close(done) }()
	// Not a fixed sleep: on a busy machine the handler may not have
	// reached the renderer yet, and the shutdown would begin before it.
	waitFor(t, "the board being drawn", func() bool { return sr.begun.Load() > 0 })
	cancel() // shutdown begins while the board is being drawn
	<-done
	h.bot.Stop(10 * time.Second) // waits for the late delivery
	r, rec := h.fake.final(t, in)
	if strings.Contains(r.Content, "Something went wrong") {
		t.Fatalf("in-flight interaction failed on shutdown: %q", r.Content)
	}
	checkPNG(t, rec)
}

func TestLatePrivateReplyStaysPrivate(t *testing.T) {
	h := newHarness(t, nil)
	startGame(t, h)
	sr := &slowRenderer{}
	h.adjust = func(o *bot.Options) { o.Renderer, o.DeferAfter = sr, 200*time.Millisecond }
	h.restart()
	sr.slow.Store(true)
	sr.fail.Store(true)
	// A slow command that ends in an error: the deferral ("thinking…") is
	// public, the error must not be. It replaces the deferral privately.
	in := h.slashInteraction(alice, "board")
	h.bot.HandleGateway(t.Context(), in)
	if r, _ := h.fake.callback(t, in.ID); r.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource {
		t.Fatalf("reply type %d, want a deferral", r.Type)
	}
	var deleted, private bool
	waitFor(t, "the private late reply", func() bool {
		for _, rec := range h.fake.requests("/webhooks/555/" + in.Token) {
			deleted = deleted || rec.Method == "DELETE"
			if rec.Method == "POST" {
				m := decode(t, rec.Body)
				private = isEphemeral(m) && strings.Contains(m.Content, "Something went wrong (ref "+in.ID+")")
			}
			if rec.Method == "PATCH" {
				t.Errorf("the error was edited into the public deferral: %s", rec.Body)
			}
		}
		return deleted && private
	})
}

// TestLateReplyThatPingsIsANewMessage: a reply delivered late by editing
// the deferral ("thinking…") pinged nobody, as Discord pings for no
// edit, so a slow /tafl move never told the player to move; a late reply
// that pings someone replaces the deferral as a follow-up, which pings,
// and its board is remembered (its buttons end with the game).
func TestLateReplyThatPingsIsANewMessage(t *testing.T) {
	h := newHarness(t, nil)
	startGame(t, h) // alice (attackers) to move
	sr := &slowRenderer{}
	h.adjust = func(o *bot.Options) { o.Renderer, o.DeferAfter = sr, 200*time.Millisecond }
	h.restart()
	sr.slow.Store(true)
	in := h.slashInteraction(alice, "move", opt("move", "d2-f2"))
	h.bot.HandleGateway(t.Context(), in)
	if r, _ := h.fake.callback(t, in.ID); r.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource {
		t.Fatalf("reply type %d, want a deferral", r.Type)
	}
	var deleted bool
	var board *recorded
	waitFor(t, "the late board", func() bool {
		for _, rec := range h.fake.requests("/webhooks/555/" + in.Token) {
			deleted = deleted || rec.Method == "DELETE"
			if rec.Method == "POST" && strings.Contains(decode(t, rec.Body).Content, "<@"+bob+"> to move") {
				board = rec
			}
			if rec.Method == "PATCH" {
				t.Errorf("the board was edited into the deferral, which pings nobody: %.200s", rec.Body)
			}
		}
		return deleted && board != nil
	})
	if got := allowedUsers(t, board); !slices.Equal(got, []string{bob}) {
		t.Errorf("the late board pings %v, want bob", got)
	}
	h.settle()
	g := gameOf(t, h, alice)
	if !slices.ContainsFunc(g.BoardMessages, func(m storage.MessageRef) bool { return m.ChannelID == "followup-channel" }) {
		t.Errorf("the late board was not remembered: %+v", g.BoardMessages)
	}

	// A button's late update of its own message stays an edit: the
	// accepted challenge becomes the board (not deleted, not reposted).
	sr.slow.Store(false)
	r, _ := h.slash(alice, "challenge", opt("opponent", carol), opt("variant", "brandubh"), opt("side", "attackers"))
	sr.slow.Store(true)
	if r, rec := h.click(carol, customIDs(r.Components)["Accept"], false); r.Type != discordgo.InteractionResponseDeferredMessageUpdate {
		t.Fatalf("slow accept: type %d, want a deferred update (%s)", r.Type, rec.Path)
	}
	var edited bool
	waitFor(t, "the accepted challenge's board", func() bool {
		for _, rec := range h.fake.requests("/webhooks/555/") {
			if rec.Method == "DELETE" && !strings.Contains(rec.Path, in.Token) {
				t.Errorf("the accepted challenge's message was deleted: %s", rec.Path)
			}
			if rec.Method == "PATCH" && strings.Contains(decode(t, rec.Body).Content, "accepted the challenge") {
				edited = true
			}
		}
		return edited
	})
}

// TestSlowPressDeferredAsItsActionDeclares: a press of any button or
// menu still unanswered after DeferAfter (a busy bot) is deferred as its
// action declares its handler answers (components in router.go): as an
// update of the pressed message, or as a new message of its own, public
// or private, which the late answer fills in. (That every handler answers
// as declared, every test that presses it checks: harness.answersAsDeclared.)
func TestSlowPressDeferredAsItsActionDeclares(t *testing.T) {
	h := newHarness(t, nil)
	h.adjust = func(o *bot.Options) { o.DeferAfter = time.Nanosecond }
	h.restart()
	answers := bot.ComponentAnswers()
	users := []string{alice, bob, carol}
	for i, a := range slices.Sorted(maps.Keys(answers)) {
		id := bot.CustomID{Action: a, ID: 1, Arg: "bd"}.String()
		r, _ := h.click(users[i%len(users)], id, false, "1")
		var ok bool
		switch answers[a] {
		case "update":
			ok = r.Type == discordgo.InteractionResponseDeferredMessageUpdate
		case "public":
			ok = r.Type == discordgo.InteractionResponseDeferredChannelMessageWithSource && !isEphemeral(r)
		case "private":
			ok = r.Type == discordgo.InteractionResponseDeferredChannelMessageWithSource && isEphemeral(r)
		}
		if !ok {
			t.Errorf("a slow press of %s (declared %s): type %d flags %d", id, answers[a], r.Type, r.Flags)
		}
	}
	h.settle()
}
