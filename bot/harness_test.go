package bot_test

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/bot"
	"github.com/taflbot/taflbot/render"
	"github.com/taflbot/taflbot/storage"
	"github.com/taflbot/taflbot/tafl"
)

// clock is a settable time source shared by the bot and the store.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// logBuffer collects JSON log lines.
type logBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}
func (l *logBuffer) String() string { l.mu.Lock(); defer l.mu.Unlock(); return l.buf.String() }

// lines returns the log lines containing s.
func (l *logBuffer) lines(s string) []string {
	var out []string
	for _, line := range strings.Split(l.String(), "\n") {
		if strings.Contains(line, s) {
			out = append(out, line)
		}
	}
	return out
}

// policyEngine plays a winning move when it has one, else a capture, else a
// seeded random move: games end in a few dozen plies.
type policyEngine struct {
	mu    sync.Mutex
	r     *rand.Rand
	calls int
	delay time.Duration
	think []time.Duration // the think argument of every call
	begun atomic.Int64    // calls begun (counted before the delay)
}

func newPolicyEngine(seed uint64) *policyEngine {
	return &policyEngine{r: rand.New(rand.NewPCG(seed, 0))}
}

func (e *policyEngine) Move(ctx context.Context, g *tafl.Game, level string, think time.Duration) (tafl.Move, error) {
	e.begun.Add(1)
	if e.delay > 0 {
		select {
		case <-time.After(e.delay):
		case <-ctx.Done():
			return tafl.NoMove, ctx.Err()
		}
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	e.calls++
	e.think = append(e.think, think)
	return policyMove(g, e.r), nil
}

func policyMove(g *tafl.Game, r *rand.Rand) tafl.Move {
	pos := g.Position()
	moves := g.LegalMoves()
	var caps []tafl.Move
	for _, m := range moves {
		var c tafl.Position
		n := pos.MakeMove(m, &c)
		if c.Outcome().Over() {
			return m
		}
		if n > 0 {
			caps = append(caps, m)
		}
	}
	if len(caps) > 0 {
		return caps[r.IntN(len(caps))]
	}
	return moves[r.IntN(len(moves))]
}

// harness runs a bot on a database under t.TempDir(), talking to a fake
// Discord through the real discordgo client.
type harness struct {
	t      testing.TB
	fake   *fakeDiscord
	clock  *clock
	logs   *logBuffer
	path   string
	engine bot.Engine
	mu     sync.Mutex
	nextID int

	store  *storage.Store
	bot    *bot.Bot
	cancel context.CancelFunc
	adjust func(*bot.Options) // changes the options before each start
	fsync  bool               // open the store with fsync on (as in production)
	// stopTimeout is the bound stop gives Bot.Stop (0: 10 s).
	stopTimeout time.Duration
}

// testWaits are the pauses before a REST call that failed on Discord's
// side is made again in tests (production's take 26 s in all).
var testWaits = []time.Duration{10 * time.Millisecond, 50 * time.Millisecond, 200 * time.Millisecond}

const (
	guild   = "900"
	channel = "901"
	alice   = "111"
	bob     = "222"
	carol   = "333"
)

func newHarness(t testing.TB, engine bot.Engine) *harness {
	if engine == nil {
		engine = newPolicyEngine(1)
	}
	h := &harness{t: t, fake: newFakeDiscord(t), clock: &clock{t: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)},
		logs: &logBuffer{}, path: filepath.Join(t.TempDir(), "taflbot.db"), engine: engine}
	h.start()
	t.Cleanup(h.answersAsDeclared) // after stop: every reply is in
	t.Cleanup(h.stop)
	return h
}

// answersAsDeclared fails the test if a button's or menu's handler
// answered otherwise than its action declares (the components table in
// router.go): a slow press of it would be deferred wrongly.
func (h *harness) answersAsDeclared() {
	for _, line := range h.logs.lines("not the one its action declares") {
		h.t.Errorf("%s", line)
	}
}

// otherProcess is a second bot on the harness's store, fake Discord,
// engine and clock, as another process of a deployment; more sets its
// options beyond those (nil: none).
func (h *harness) otherProcess(more func(*bot.Options)) *bot.Bot {
	h.t.Helper()
	sess, err := bot.NewSession("test-token", h.fake.URL(), nil)
	if err != nil {
		h.t.Fatal(err)
	}
	opts := bot.Options{Logger: slog.New(slog.NewJSONHandler(h.logs, nil)), Store: h.store,
		REST: bot.SessionREST{S: sess, Waits: testWaits}, Engine: h.engine, AppID: "555", Now: h.clock.Now,
		Render: render.Options{Size: 240}}
	if more != nil {
		more(&opts)
	}
	b, err := bot.New(opts)
	if err != nil {
		h.t.Fatal(err)
	}
	return b
}

func (h *harness) start() {
	h.t.Helper()
	now := h.clock.Now
	st, err := storage.Open(h.path, storage.Options{NoSync: !h.fsync, Now: now})
	if err != nil {
		h.t.Fatal(err)
	}
	sess, err := bot.NewSession("test-token", h.fake.URL(), nil)
	if err != nil {
		h.t.Fatal(err)
	}
	opts := bot.Options{
		Logger: slog.New(slog.NewJSONHandler(h.logs, &slog.HandlerOptions{Level: slog.LevelDebug})),
		Store:  st, REST: bot.SessionREST{S: sess, Waits: testWaits}, Engine: h.engine, AppID: "555",
		Now: now, SweepInterval: time.Hour, AIWorkers: 2,
		Render: render.Options{Size: 240}, // small boards keep -race runs quick
		// Replies are deferred only after 5 s, not production's 1 s, so
		// that a machine busy with other work does not turn the replies
		// the tests read into deferrals. Tests of deferral and the load
		// benchmarks set their own.
		DeferAfter: 5 * time.Second,
	}
	if _, ok := h.t.(*testing.T); ok {
		// Tests check what a reply says, not how fast it came: on a busy
		// machine under -race a handler can take over the usual 1 s and be
		// deferred. Tests of deferral set their own; benchmarks keep 1 s.
		opts.DeferAfter = 20 * time.Second
	}
	if h.adjust != nil {
		h.adjust(&opts)
	}
	b, err := bot.New(opts)
	if err != nil {
		h.t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	b.Start(ctx)
	h.store, h.bot, h.cancel = st, b, cancel
	// The tests move the clock: the start-up sweep must have run first,
	// or on a busy machine it runs late and ends games on time that the
	// test is still playing.
	select {
	case <-b.CaughtUp():
	case <-time.After(time.Minute):
		h.t.Fatal("the start-up sweep did not finish within a minute")
	}
}

// settle waits until the follow-up work of the replies so far (and the
// engine's work) is done. A test that moves the clock past a game's
// deadline settles first: a follow-up write to the game (remembering a
// board) that came after the clock moved, as it can on a busy machine,
// would end the game on time itself, before what the test does next.
func (h *harness) settle() {
	h.t.Helper()
	if !h.bot.Settle(30 * time.Second) {
		h.t.Fatal("the bot's follow-up work did not finish within 30 s")
	}
}

func (h *harness) stop() {
	if h.bot == nil {
		return
	}
	h.cancel()
	timeout := 10 * time.Second
	if h.stopTimeout > 0 {
		timeout = h.stopTimeout
	}
	h.bot.Stop(timeout)
	if err := h.store.Close(); err != nil {
		h.t.Errorf("closing the store: %v", err)
	}
	h.bot = nil
}

// restart simulates a new process on the same database.
func (h *harness) restart() {
	h.stop()
	h.start()
}

func (h *harness) id() string {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.nextID++
	return fmt.Sprint(h.nextID)
}

func member(user string) *discordgo.Member {
	return &discordgo.Member{User: &discordgo.User{ID: user, Username: "user" + user}, Permissions: discordgo.PermissionManageGuild}
}

// opt builds a command option; ints must be given as float64 (as JSON decodes them).
func opt(name string, v any) *discordgo.ApplicationCommandInteractionDataOption {
	o := &discordgo.ApplicationCommandInteractionDataOption{Name: name, Value: v, Type: discordgo.ApplicationCommandOptionString}
	switch v.(type) {
	case float64:
		o.Type = discordgo.ApplicationCommandOptionInteger
	case bool:
		o.Type = discordgo.ApplicationCommandOptionBoolean
	}
	if name == "opponent" || name == "user" || name == "leaderboard_hide" || name == "leaderboard_show" {
		o.Type = discordgo.ApplicationCommandOptionUser
	}
	return o
}

func (h *harness) slashInteraction(user, sub string, opts ...*discordgo.ApplicationCommandInteractionDataOption) *discordgo.Interaction {
	id := h.id()
	return &discordgo.Interaction{ID: id, AppID: "555", Token: "tok" + id, Type: discordgo.InteractionApplicationCommand,
		GuildID: guild, ChannelID: channel, Member: member(user),
		Data: discordgo.ApplicationCommandInteractionData{ID: "cmd", Name: "tafl", Options: []*discordgo.ApplicationCommandInteractionDataOption{
			{Name: sub, Type: discordgo.ApplicationCommandOptionSubCommand, Options: opts}}}}
}

// slash runs /tafl sub through the gateway path and returns the response
// Discord received.
func (h *harness) slash(user, sub string, opts ...*discordgo.ApplicationCommandInteractionDataOption) (*resp, *recorded) {
	h.t.Helper()
	return h.slashIn(channel, user, sub, opts...)
}

// slashIn runs /tafl sub in channel ch (a tournament's thread, say).
func (h *harness) slashIn(ch, user, sub string, opts ...*discordgo.ApplicationCommandInteractionDataOption) (*resp, *recorded) {
	h.t.Helper()
	in := h.slashInteraction(user, sub, opts...)
	in.ChannelID = ch
	h.bot.HandleGateway(context.Background(), in)
	return h.fake.callback(h.t, in.ID)
}

// click presses a component on message msg (nil: a board in the channel).
func (h *harness) click(user, customID string, ephemeralMsg bool, values ...string) (*resp, *recorded) {
	h.t.Helper()
	return h.clickIn(channel, user, customID, ephemeralMsg, values...)
}

// clickIn presses a component on a message in channel ch.
func (h *harness) clickIn(ch, user, customID string, ephemeralMsg bool, values ...string) (*resp, *recorded) {
	h.t.Helper()
	id := h.id()
	msg := &discordgo.Message{ID: "msg-click-" + id, ChannelID: ch}
	if ephemeralMsg {
		msg.Flags = discordgo.MessageFlagsEphemeral
	}
	in := &discordgo.Interaction{ID: id, AppID: "555", Token: "tok" + id, Type: discordgo.InteractionMessageComponent,
		GuildID: guild, ChannelID: ch, Member: member(user), Message: msg,
		Data: discordgo.MessageComponentInteractionData{CustomID: customID, Values: values}}
	h.bot.HandleGateway(context.Background(), in)
	return h.fake.callback(h.t, in.ID)
}

// customIDs lists the custom ids of the components of a response.
func customIDs(comps []discordgo.MessageComponent) map[string]string {
	out := map[string]string{} // label (or "select") → custom id
	for _, c := range comps {
		row, ok := c.(*discordgo.ActionsRow)
		if !ok {
			continue
		}
		for _, inner := range row.Components {
			switch x := inner.(type) {
			case *discordgo.Button:
				out[x.Label] = x.CustomID
			case *discordgo.SelectMenu:
				out["select"] = x.CustomID
			}
		}
	}
	return out
}

// buttons returns label → disabled for a response's buttons.
func buttons(comps []discordgo.MessageComponent) map[string]bool {
	out := map[string]bool{}
	for _, c := range comps {
		if row, ok := c.(*discordgo.ActionsRow); ok {
			for _, inner := range row.Components {
				if b, ok := inner.(*discordgo.Button); ok {
					out[b.Label] = b.Disabled
				}
			}
		}
	}
	return out
}

func isEphemeral(r *resp) bool { return r.Flags&discordgo.MessageFlagsEphemeral != 0 }

// waitFor polls cond until it holds or 30 s pass: what it waits for
// must merely happen, and on a loaded machine under -race a whole engine
// game's moves, or a process started, can take many seconds.
func waitFor(t testing.TB, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}
