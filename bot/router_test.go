package bot_test

import (
	"errors"
	"io"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/bot"
	"github.com/taflbot/taflbot/render"
	"github.com/taflbot/taflbot/tafl"
)

// brokenRenderer fails or panics on demand.
type brokenRenderer struct {
	fail, panic atomic.Bool
}

func (r *brokenRenderer) PNG(w io.Writer, pos tafl.Position, opts render.Options) error {
	if r.panic.Load() {
		panic("renderer exploded")
	}
	if r.fail.Load() {
		return errors.New("disk full of pixels")
	}
	return render.PNG(w, pos, opts)
}

func (r *brokenRenderer) GIF(w io.Writer, g *tafl.Game, opts render.GIFOptions) error {
	return render.GIF(w, g, opts)
}

func TestInternalErrorsAndPanics(t *testing.T) {
	br := &brokenRenderer{}
	h := newHarness(t, nil)
	h.adjust = func(o *bot.Options) { o.Renderer = br }
	h.restart()
	startGame(t, h)

	br.fail.Store(true)
	in := h.slashInteraction(alice, "board")
	h.bot.HandleGateway(t.Context(), in)
	r, rec := h.fake.callback(t, in.ID)
	if !isEphemeral(r) || !strings.Contains(r.Content, "Something went wrong (ref "+in.ID+")") {
		t.Errorf("internal error reply %q", r.Content)
	}
	if strings.Contains(r.Content, "disk full") || len(rec.Files) != 0 {
		t.Errorf("internal detail leaked: %q", r.Content)
	}
	lines := h.logs.lines(`"msg":"internal error"`)
	if len(lines) != 1 || !strings.Contains(lines[0], "disk full of pixels") || !strings.Contains(lines[0], `"interaction_id":"`+in.ID+`"`) {
		t.Errorf("want one Error line with the full error and the interaction id, got %v", lines)
	}

	br.fail.Store(false)
	br.panic.Store(true)
	in = h.slashInteraction(alice, "board")
	h.bot.HandleGateway(t.Context(), in)
	r, _ = h.fake.callback(t, in.ID)
	if !strings.Contains(r.Content, "Something went wrong (ref "+in.ID+")") {
		t.Errorf("panic reply %q", r.Content)
	}
	if lines := h.logs.lines(`"msg":"panic in handler"`); len(lines) != 1 || !strings.Contains(lines[0], "renderer exploded") {
		t.Errorf("panic log lines %v", lines)
	}
	if got := h.bot.Metrics().Errors("panic"); got != 1 {
		t.Errorf("panic count %d, want 1", got)
	}
	// As many panics as there are render slots (one per core): each
	// gives its slot back, or the next board would wait for a slot for
	// ever (answered only by the deferral, after DeferAfter).
	for range runtime.GOMAXPROCS(0) - 1 {
		h.slash(alice, "board")
	}
	br.panic.Store(false)
	r, rec = h.slash(alice, "board")
	if r.Type != discordgo.InteractionResponseChannelMessageWithSource || isEphemeral(r) {
		t.Fatalf("the bot did not recover: reply type %d %q", r.Type, r.Content)
	}
	checkPNG(t, rec)
}

func TestRESTFaults(t *testing.T) {
	h := newHarness(t, nil)
	// 429 on the response: discordgo waits retry_after and retries.
	h.fake.inject("POST", "/callback", 429, 0, 1)
	if r, _ := h.slash(alice, "help"); !strings.Contains(r.page(), "How to play") {
		t.Errorf("help after a 429: %q", r.page())
	}
	// 502 is retried by discordgo too.
	h.fake.inject("POST", "/callback", 502, 0, 1)
	if r, _ := h.slash(alice, "help"); !strings.Contains(r.page(), "How to play") {
		t.Errorf("help after a 502: %q", r.page())
	}
	// 10062 unknown interaction (too late): a warning, no crash.
	h.fake.inject("POST", "/callback", 404, 10062, 1)
	in := h.slashInteraction(alice, "help")
	h.bot.HandleGateway(t.Context(), in)
	if lines := h.logs.lines(`"discord_code":10062`); len(lines) != 1 || !strings.Contains(lines[0], `"level":"WARN"`) {
		t.Errorf("10062 log lines: %v", lines)
	}
	// 500: tried again; a 500 each time, an error line.
	h.fake.inject("POST", "/callback", 500, 0, 1)
	if r, _ := h.slash(alice, "help"); !strings.Contains(r.page(), "How to play") {
		t.Errorf("help after a 500: %q", r.page())
	}
	h.fake.inject("POST", "/callback", 500, 0, 3)
	h.bot.HandleGateway(t.Context(), h.slashInteraction(alice, "help"))
	if lines := h.logs.lines(`"msg":"sending the interaction response failed"`); len(lines) != 2 {
		t.Errorf("want 2 failed-response lines, got %v", lines)
	}
	// 404 on the follow-up board after a menu move: logged, the move stands.
	board := startGame(t, h)
	g := gameOf(t, h, alice)
	m := g.Tafl().LegalMoves()[0]
	r, _ := h.click(alice, customIDs(board.Components)["Move"], false)
	r, _ = h.click(alice, customIDs(r.Components)["select"], true, m.From().String())
	h.fake.inject("POST", "/webhooks/", 404, 10015, 1)
	h.click(alice, customIDs(r.Components)["select"], true, m.To().String())
	waitFor(t, "the failed follow-up to be logged", func() bool {
		return len(h.logs.lines("posting the board after a menu move")) == 1
	})
	if g := gameOf(t, h, alice); g.Ply() != 1 {
		t.Errorf("ply %d, want 1", g.Ply())
	}
}
