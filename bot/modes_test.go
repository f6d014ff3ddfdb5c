package bot_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/bot"
	"github.com/taflbot/taflbot/render"
	"github.com/taflbot/taflbot/storage"
)

// The three ways a user reaches the bot — the gateway, the HTTP
// interactions endpoint and console mode — run the same router but
// deliver replies differently. A mode test drives all three with the
// same console-style lines ("/tafl rules variant:tablut", "click Move")
// and checks what the user sees in each.

// view is what a user sees of one reply.
type view struct {
	text  string     // content, embed titles, descriptions and fields, button labels (console: the printed lines)
	files []fakeFile // the files attached (console: the pictures it wrote)
	alts  []string   // the attachments' descriptions (alt text), one per file
	comps []discordgo.MessageComponent
	eph   bool
}

// driver runs console-style lines as a named user (alice, bob, carol).
type driver interface {
	name() string
	do(t *testing.T, user, line string) view
	store() *storage.Store
	userID(name string) string
	// posted waits for a message the bot posted by itself (such as the
	// engine's move) whose text contains s, and returns its text.
	posted(t *testing.T, s string) string
}

// eachMode runs fn once per mode, each on a fresh bot and database.
func eachMode(t *testing.T, fn func(t *testing.T, d driver)) {
	t.Run("gateway", func(t *testing.T) { fn(t, newGatewayDriver(t)) })
	t.Run("http", func(t *testing.T) { fn(t, newHTTPDriver(t)) })
	t.Run("console", func(t *testing.T) { fn(t, newConsoleDriver(t)) })
}

var userIDs = map[string]string{"alice": alice, "bob": bob, "carol": carol}

// interaction builds the interaction of a line for user, given the
// components of the last reply (for "click" and "select").
func lineInteraction(t *testing.T, h *harness, user, line string, last []discordgo.MessageComponent, lastEph bool) *discordgo.Interaction {
	t.Helper()
	verb, rest, _ := strings.Cut(line, " ")
	switch verb {
	case "click", "select":
		cid := ""
		var values []string
		for _, c := range last {
			row, ok := c.(*discordgo.ActionsRow)
			if !ok {
				continue
			}
			for _, inner := range row.Components {
				switch x := inner.(type) {
				case *discordgo.Button:
					if verb == "click" && strings.EqualFold(x.Label, rest) {
						cid = x.CustomID
					}
				case *discordgo.SelectMenu:
					if verb == "select" {
						cid, values = x.CustomID, []string{rest}
					}
				}
			}
		}
		if cid == "" {
			t.Fatalf("%s: no %q in the last reply", line, rest)
		}
		id := h.id()
		msg := &discordgo.Message{ID: "msg-" + id, ChannelID: channel}
		if lastEph {
			msg.Flags = discordgo.MessageFlagsEphemeral
		}
		in := &discordgo.Interaction{ID: id, AppID: "555", Token: "tok" + id, Type: discordgo.InteractionMessageComponent,
			GuildID: guild, ChannelID: channel, Member: member(userIDs[user]), Message: msg,
			Data: discordgo.MessageComponentInteractionData{CustomID: cid, Values: values}}
		in.Member.User.GlobalName = strings.ToUpper(user[:1]) + user[1:]
		return in
	}
	if verb == "complete" {
		in := lineInteraction(t, h, user, rest, last, lastEph)
		in.Type = discordgo.InteractionApplicationCommandAutocomplete
		if opts := in.ApplicationCommandData().Options[0].Options; len(opts) > 0 {
			opts[len(opts)-1].Focused = true
		}
		return in
	}
	f := splitQuoted(line)
	if len(f) < 2 || f[0] != "/tafl" {
		t.Fatalf("bad line %q", line)
	}
	var opts []*discordgo.ApplicationCommandInteractionDataOption
	for _, w := range f[2:] {
		name, value, ok := strings.Cut(w, ":")
		if !ok {
			t.Fatalf("give options as name:value in %q", line)
		}
		var v any = value
		if n, err := strconv.Atoi(value); err == nil && name != "move" && name != "game" {
			v = float64(n)
		} else if value == "true" || value == "false" {
			v = value == "true"
		}
		o := opt(name, v)
		if name == "opponent" || name == "user" {
			o.Value = userIDs[value]
		}
		opts = append(opts, o)
	}
	in := h.slashInteraction(userIDs[user], f[1], opts...)
	in.Member.User.GlobalName = strings.ToUpper(user[:1]) + user[1:]
	return in
}

// viewOf turns a decoded reply and its files into a view.
func viewOf(r *resp, rec *recorded) view {
	v := view{comps: r.Components, eph: isEphemeral(r)}
	var sb strings.Builder
	sb.WriteString(r.Content)
	for _, e := range r.Embeds {
		fmt.Fprintf(&sb, "\n%s\n%s", e.Title, e.Description)
		for _, f := range e.Fields {
			fmt.Fprintf(&sb, "\n%s: %s", f.Name, f.Value)
		}
	}
	for _, c := range r.Components {
		if row, ok := c.(*discordgo.ActionsRow); ok {
			for _, inner := range row.Components {
				if b, ok := inner.(*discordgo.Button); ok && !b.Disabled {
					sb.WriteString(" [" + b.Label + "]")
				}
			}
		}
	}
	if r.Type == discordgo.InteractionApplicationCommandAutocompleteResult {
		var names []string
		for _, c := range r.Choices {
			names = append(names, c.Name)
		}
		sb.WriteString("choices: " + strings.Join(names, ", "))
	}
	v.text = sb.String()
	if rec != nil {
		v.files = rec.Files
		var payload struct {
			Attachments []struct {
				Description string `json:"description"`
			} `json:"attachments"`
			Data *struct {
				Attachments []struct {
					Description string `json:"description"`
				} `json:"attachments"`
			} `json:"data"`
		}
		json.Unmarshal(rec.Body, &payload)
		atts := payload.Attachments
		if payload.Data != nil {
			atts = payload.Data.Attachments
		}
		for _, a := range atts {
			v.alts = append(v.alts, a.Description)
		}
	}
	return v
}

// gatewayDriver sends interactions through HandleGateway; replies go to
// the fake Discord's interaction callback (or are edited in when deferred).
type gatewayDriver struct {
	h       *harness
	last    []discordgo.MessageComponent
	lastEph bool
}

func newGatewayDriver(t *testing.T) *gatewayDriver { return &gatewayDriver{h: newHarness(t, nil)} }

func (d *gatewayDriver) name() string              { return "gateway" }
func (d *gatewayDriver) store() *storage.Store     { return d.h.store }
func (d *gatewayDriver) userID(name string) string { return userIDs[name] }

func (d *gatewayDriver) posted(t *testing.T, s string) string { return fakePosted(t, d.h.fake, s) }

// fakePosted waits for a channel message containing s on the fake Discord.
func fakePosted(t *testing.T, f *fakeDiscord, s string) string {
	t.Helper()
	var text string
	waitFor(t, "a posted message with "+s, func() bool {
		for _, rec := range f.requests("/channels/" + channel + "/messages") {
			if rec.Method == "POST" && strings.Contains(string(rec.Body), s) {
				text = decode(t, rec.Body).Content
				return true
			}
		}
		return false
	})
	return text
}

func (d *gatewayDriver) do(t *testing.T, user, line string) view {
	t.Helper()
	in := lineInteraction(t, d.h, user, line, d.last, d.lastEph)
	d.h.bot.HandleGateway(context.Background(), in)
	r, rec := d.h.fake.final(t, in)
	v := viewOf(r, rec)
	if len(r.Components) > 0 {
		d.last, d.lastEph = r.Components, v.eph
	}
	return v
}

// httpDriver posts signed interactions to the interactions endpoint; a
// reply with files comes back as a deferral and is edited in through REST.
type httpDriver struct {
	hb      *httpBot
	t       *testing.T
	last    []discordgo.MessageComponent
	lastEph bool
}

func newHTTPDriver(t *testing.T) *httpDriver { return &httpDriver{hb: newHTTPBot(t), t: t} }

func (d *httpDriver) name() string              { return "http" }
func (d *httpDriver) store() *storage.Store     { return d.hb.h.store }
func (d *httpDriver) userID(name string) string { return userIDs[name] }

func (d *httpDriver) posted(t *testing.T, s string) string { return fakePosted(t, d.hb.h.fake, s) }

func (d *httpDriver) do(t *testing.T, user, line string) view {
	t.Helper()
	in := lineInteraction(t, d.hb.h, user, line, d.last, d.lastEph)
	body, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	hr, out := d.hb.post(t, body, d.hb.priv, d.hb.h.clock.Now())
	if hr.StatusCode != 200 {
		t.Fatalf("%s: status %d %s", line, hr.StatusCode, out)
	}
	r := decode(t, out)
	rec := &recorded{Body: out}
	if r.Type == discordgo.InteractionResponseDeferredChannelMessageWithSource || r.Type == discordgo.InteractionResponseDeferredMessageUpdate {
		base := "/api/v9/webhooks/" + in.AppID + "/" + in.Token
		waitFor(t, "the deferred reply to "+line, func() bool {
			for _, late := range d.hb.h.fake.requests(base) {
				// Not the DELETE of the deferral that a reply which pings
				// is posted after (deliverLate): it has no body.
				if late.Status == 200 && late.Method != "DELETE" {
					rec = late
					return true
				}
			}
			return false
		})
		r = decode(t, rec.Body)
	}
	v := viewOf(r, rec)
	if len(r.Components) > 0 {
		d.last, d.lastEph = r.Components, v.eph
	}
	return v
}

// consoleDriver feeds lines to bot.Console through a pipe and reads what
// it prints; "as NAME" after each line marks where its output ends.
type consoleDriver struct {
	in   *io.PipeWriter
	out  *logBuffer // everything the console printed
	seen int
	dir  string
	st   *storage.Store
	cr   *bot.ConsoleREST
}

func newConsoleDriver(t *testing.T) *consoleDriver {
	dir := t.TempDir()
	out := &logBuffer{}
	cr := bot.NewConsoleREST(out, filepath.Join(dir, "boards"))
	st, err := storage.Open(filepath.Join(dir, "taflbot.db"), storage.Options{NoSync: true, Now: cr.Now})
	if err != nil {
		t.Fatal(err)
	}
	b, err := bot.New(bot.Options{Store: st, REST: cr, Engine: newPolicyEngine(1), Now: cr.Now, AIWorkers: 1,
		Render: render.Options{Size: 240}})
	if err != nil {
		t.Fatal(err)
	}
	pr, pw := io.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- bot.Console(ctx, b, cr, pr) }()
	t.Cleanup(func() {
		pw.Close()
		if err := <-done; err != nil {
			t.Errorf("console: %v", err)
		}
		cancel()
		b.Stop(10 * time.Second)
		st.Close()
	})
	return &consoleDriver{in: pw, out: out, dir: dir, st: st, cr: cr}
}

func (d *consoleDriver) name() string              { return "console" }
func (d *consoleDriver) store() *storage.Store     { return d.st }
func (d *consoleDriver) userID(name string) string { return d.cr.UserID(name) }

func (d *consoleDriver) posted(t *testing.T, s string) string {
	t.Helper()
	var text string
	waitFor(t, "a posted message with "+s, func() bool {
		out := d.out.String()
		i := strings.Index(out, s)
		if i < 0 {
			return false
		}
		start := strings.LastIndex(out[:i], "[taflbot]")
		text = out[max(start, 0):]
		return true
	})
	return text
}

var picturePath = regexp.MustCompile(`\[(?:picture|file): ([^\]]*?)(?: — ([^\]]*))?\]`)

func (d *consoleDriver) do(t *testing.T, user, line string) view {
	t.Helper()
	marker := fmt.Sprintf("you are %s\n", user)
	fmt.Fprintf(d.in, "as %s\n%s\nas %s\n", user, line, user)
	var text string
	waitFor(t, "the console's reply to "+line, func() bool {
		all := d.out.String()[d.seen:]
		first := strings.Index(all, marker)
		if first < 0 {
			return false
		}
		second := strings.Index(all[first+len(marker):], marker)
		if second < 0 {
			return false
		}
		text = all[first+len(marker) : first+len(marker)+second]
		d.seen += first + len(marker) + second + len(marker)
		return true
	})
	v := view{text: text}
	for _, m := range picturePath.FindAllStringSubmatch(text, -1) {
		data, err := os.ReadFile(m[1])
		if err != nil {
			t.Fatalf("console picture: %v", err)
		}
		v.files = append(v.files, fakeFile{Name: filepath.Base(m[1]), Data: data})
		v.alts = append(v.alts, m[2])
	}
	return v
}

// splitQuoted splits a line at spaces, keeping "quoted text" together
// (as console mode reads it).
func splitQuoted(line string) []string {
	var words []string
	for i, part := range strings.Split(line, "\"") {
		if i%2 == 1 {
			words[len(words)-1] += part // name:"value with spaces"
			continue
		}
		words = append(words, strings.Fields(part)...)
	}
	return words
}

// activeGame returns user's one active game, read from the driver's store.
func activeGame(t *testing.T, d driver, user string) *storage.Game {
	t.Helper()
	games, err := d.store().GamesByPlayer(t.Context(), d.userID(user), storage.GameFilter{ActiveOnly: true})
	if err != nil || len(games) == 0 {
		t.Fatalf("%s's active games: %v, %v", user, games, err)
	}
	g, err := d.store().GetGame(t.Context(), games[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// waitPlyOf waits until game id has at least ply moves and returns it.
func waitPlyOf(t *testing.T, d driver, id storage.GameID, ply int) *storage.Game {
	t.Helper()
	var g *storage.Game
	waitFor(t, fmt.Sprintf("game %d to reach move %d", id, ply), func() bool {
		var err error
		g, err = d.store().GetGame(t.Context(), id)
		return err == nil && (g.Ply() >= ply || !g.Active())
	})
	return g
}

// startHumanGame has alice challenge bob (alice attacking) to a variant
// and bob accept; it returns the game.
func startHumanGame(t *testing.T, d driver, variant string) *storage.Game {
	t.Helper()
	d.do(t, "alice", "/tafl challenge opponent:bob side:attackers variant:"+variant)
	if v := d.do(t, "bob", "click Accept"); !strings.Contains(v.text, "The game begins") {
		t.Fatalf("accepting: %s", v.text)
	}
	return activeGame(t, d, "alice")
}

// guildOf returns the server id the driver's users play in.
func guildOf(d driver) string {
	if d.name() == "console" {
		return "1"
	}
	return guild
}
