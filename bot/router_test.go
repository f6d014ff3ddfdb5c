package bot_test

import (
	"errors"
	"io"
	"net/http/httptest"
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
	br.panic.Store(false)
	if r, _ := h.slash(alice, "board"); isEphemeral(r) {
		t.Errorf("the bot did not recover: %q", r.Content)
	}
}

func TestRESTFaults(t *testing.T) {
	h := newHarness(t, nil)
	// 429 on the response: discordgo waits retry_after and retries.
	h.fake.inject("POST", "/callback", 429, 0, 1)
	if r, _ := h.slash(alice, "help"); !strings.Contains(r.Content, "How to play") {
		t.Errorf("help after a 429: %q", r.Content)
	}
	// 502 is retried by discordgo too.
	h.fake.inject("POST", "/callback", 502, 0, 1)
	if r, _ := h.slash(alice, "help"); !strings.Contains(r.Content, "How to play") {
		t.Errorf("help after a 502: %q", r.Content)
	}
	// 10062 unknown interaction (too late): a warning, no crash.
	h.fake.inject("POST", "/callback", 404, 10062, 1)
	in := h.slashInteraction(alice, "help")
	h.bot.HandleGateway(t.Context(), in)
	if lines := h.logs.lines(`"discord_code":10062`); len(lines) != 1 || !strings.Contains(lines[0], `"level":"WARN"`) {
		t.Errorf("10062 log lines: %v", lines)
	}
	// 500: an error line.
	h.fake.inject("POST", "/callback", 500, 0, 1)
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

func TestAutocomplete(t *testing.T) {
	h := newHarness(t, nil)
	startGame(t, h)
	auto := func(user string, opts ...*discordgo.ApplicationCommandInteractionDataOption) []*discordgo.ApplicationCommandOptionChoice {
		t.Helper()
		in := h.slashInteraction(user, "move", opts...)
		in.Type = discordgo.InteractionApplicationCommandAutocomplete
		h.bot.HandleGateway(t.Context(), in)
		r, _ := h.fake.callback(t, in.ID)
		if r.Type != discordgo.InteractionApplicationCommandAutocompleteResult {
			t.Fatalf("autocomplete reply type %d", r.Type)
		}
		return r.Choices
	}
	focused := func(name, v string) *discordgo.ApplicationCommandInteractionDataOption {
		o := opt(name, v)
		o.Focused = true
		return o
	}
	g := gameOf(t, h, alice)
	legal := map[string]bool{}
	for _, m := range g.Tafl().LegalMoves() {
		legal[m.String()] = true
	}
	all := auto(alice, focused("move", ""))
	if len(all) == 0 || len(all) > 25 {
		t.Fatalf("%d choices, want 1..25", len(all))
	}
	for _, c := range all {
		if !legal[c.Value.(string)] {
			t.Errorf("choice %v is not a legal move", c.Value)
		}
	}
	d := auto(alice, focused("move", "d2"))
	want := 0
	for m := range legal {
		if strings.HasPrefix(m, "d2") {
			want++
		}
	}
	if len(d) != want {
		t.Errorf("%d choices for d2, want %d", len(d), want)
	}
	if got := auto(bob, focused("move", "")); len(got) != 0 {
		t.Errorf("bob, not to move, got %d move choices", len(got))
	}
	if got := auto(carol, focused("move", "")); len(got) != 0 {
		t.Errorf("carol, with no game, got %d move choices", len(got))
	}
	games := auto(alice, focused("game", ""))
	if len(games) != 1 || games[0].Value != g.ID.String() || !strings.Contains(games[0].Name, "your turn") {
		t.Errorf("game choices %+v", games)
	}
	vars := auto(alice, focused("variant", "tabl"))
	if len(vars) < 2 {
		t.Errorf("variant choices for tabl: %+v", vars)
	}
	for _, c := range vars {
		if !strings.Contains(c.Value.(string), "tabl") {
			t.Errorf("variant choice %v does not match", c.Value)
		}
	}
}

func TestMenuPagesLargeArmies(t *testing.T) {
	h := newHarness(t, nil)
	h.slash(alice, "ai", opt("variant", "alea-evangelii"), opt("side", "attackers"), opt("level", "easy"))
	g := gameOf(t, h, alice)
	pieces := map[string]bool{}
	for _, m := range g.Tafl().LegalMoves() {
		pieces[m.From().String()] = true
	}
	if len(pieces) <= 25 {
		t.Fatalf("only %d movable pieces: the test needs more than 25", len(pieces))
	}
	msg, _ := h.slash(alice, "board")
	r, _ := h.click(alice, customIDs(msg.Components)["Move"], false)
	seen := map[string]bool{}
	for page := 0; ; page++ {
		sel := r.Components[0].(*discordgo.ActionsRow).Components[0].(*discordgo.SelectMenu)
		if len(sel.Options) > 25 {
			t.Fatalf("page %d has %d options", page, len(sel.Options))
		}
		for _, o := range sel.Options {
			if seen[o.Value] {
				t.Errorf("%s on two pages", o.Value)
			}
			seen[o.Value] = true
		}
		ids := customIDs(r.Components)
		if buttons(r.Components)["Next ▶"] {
			break // disabled: last page
		}
		r, _ = h.click(alice, ids["Next ▶"], true)
		if page > 10 {
			t.Fatal("too many pages")
		}
	}
	if len(seen) != len(pieces) {
		t.Errorf("pages list %d pieces, want %d", len(seen), len(pieces))
	}
}

func TestAdminEndpoints(t *testing.T) {
	h := newHarness(t, nil)
	startGame(t, h)
	srv := httptest.NewServer(h.bot.AdminHandler())
	defer srv.Close()
	resp, err := srv.Client().Get(srv.URL + "/healthz")
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("healthz: %v %v", resp, err)
	}
	resp.Body.Close()
	resp, err = srv.Client().Get(srv.URL + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	text := string(body)
	for _, want := range []string{
		`taflbot_interaction_seconds_count{kind="tafl challenge"} 1`,
		`taflbot_interaction_seconds_bucket{kind="component acc",le="+Inf"} 1`,
		"# TYPE taflbot_ai_think_seconds histogram",
		`taflbot_errors_total{kind="internal"} 0`,
		"taflbot_games_started_total 1",
		"taflbot_active_games 1",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("metrics lack %q", want)
		}
	}
	if t.Failed() {
		t.Log(text)
	}
}
