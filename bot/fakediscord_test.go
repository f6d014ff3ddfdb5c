package bot_test

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"image/png"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// fakeDiscord is a Discord REST API on loopback. It records every request
// (method, path, JSON payload, attached files) and can inject failures.
type fakeDiscord struct {
	t      testing.TB
	srv    *httptest.Server
	mu     sync.Mutex
	reqs   []*recorded
	faults []*fault
	nextID int
	// gatewayURL is returned by GET /gateway/bot (for the gateway test).
	gatewayURL string
	// commands is the answer to the last registration (GET answers it).
	commands string
	// commandIDBase, when not 0, is the id the next registrations give
	// the first command instead of fakeCommandID (as Discord gives a
	// command registered anew, in another scope say, a new id).
	commandIDBase int
	// dropFiles keeps only the names and sizes of attached files, not
	// their bytes (load benchmarks: a run uploads hundreds of MB).
	dropFiles atomic.Bool
	// channels are the channels that are not plain text channels: the
	// threads the fake started (and any a test adds), forums. GET
	// /channels/ID answers them; any other id is a text channel.
	channels map[string]fakeChannel
	// holds keep matching requests waiting (a slow Discord).
	holds []*fakeHold
	// waiting are the paths of the requests a hold keeps waiting now
	// (heldNow counts them).
	waiting []string
	// nonces are the messages posted with enforce_nonce, by channel and
	// nonce: as Discord, the same nonce again posts nothing and answers
	// the first message.
	nonces map[string]string
	// answered are the interactions whose callback succeeded (by id,
	// and by "token " and their token): as Discord, a second callback is
	// refused (40060), and the webhook of one never answered is unknown
	// (10015).
	answered map[string]bool
	// strictWebhooks makes the webhook of an interaction whose callback
	// did not succeed unknown (10015), as Discord's is. Off, every
	// webhook is known: in HTTP mode the callback is the HTTP answer,
	// which the fake does not see.
	strictWebhooks bool
	// left are the servers the bot was removed from: GET
	// /users/@me/guilds, which lists the harness's server otherwise,
	// leaves them out.
	left map[string]bool
	// threadsOn are the messages a thread was started on (the paths
	// that started it): as Discord, a second is refused (160004).
	threadsOn map[string]bool
	// retryAfter is the Retry-After of the 429s the fake answers, in
	// seconds (0: 0.01).
	retryAfter float64
}

// fakeHold keeps the requests whose path contains pathContains (and
// method, if not empty) waiting until released.
type fakeHold struct {
	method, pathContains string
	released             chan struct{}
	once                 sync.Once
}

// hold makes the requests whose path contains pathContains (and method,
// if not empty) wait without an answer until the returned function is
// called (at the latest when the test ends).
func (f *fakeDiscord) hold(method, pathContains string) (release func()) {
	hd := &fakeHold{method: method, pathContains: pathContains, released: make(chan struct{})}
	f.mu.Lock()
	f.holds = append(f.holds, hd)
	f.mu.Unlock()
	release = func() { hd.once.Do(func() { close(hd.released) }) }
	f.t.Cleanup(release)
	return release
}

// fakeChannel is a channel's type and, for a thread, its parent.
type fakeChannel struct {
	typ    discordgo.ChannelType
	parent string
}

// addChannel makes id a channel of type typ (a thread in parent, or a
// forum) for the fake.
func (f *fakeDiscord) addChannel(id string, typ discordgo.ChannelType, parent string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.channels == nil {
		f.channels = map[string]fakeChannel{}
	}
	f.channels[id] = fakeChannel{typ, parent}
}

// recorded is one request the fake received.
type recorded struct {
	Method, Path string
	Body         []byte // the JSON payload (payload_json for multipart)
	Files        []fakeFile
	Status       int // the status the fake answered
	// Repeat marks a message sent again with the nonce of one posted
	// before: Discord answers the first and posts nothing.
	Repeat bool
}

type fakeFile struct {
	Name string
	Data []byte // nil when the fake drops files
	Size int
}

// fault makes the next times matching requests fail.
type fault struct {
	method, pathContains string
	status, code         int
	times                int
}

// fakeCommandID is the id the fake gives the first command registered.
const fakeCommandID = 1300000000000000001

func newFakeDiscord(t testing.TB) *fakeDiscord {
	f := &fakeDiscord{t: t, nextID: 1000}
	f.srv = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.srv.Close)
	return f
}

// URL is the REST base URL to configure.
func (f *fakeDiscord) URL() string { return f.srv.URL + "/api/v9/" }

// hangUp, as the status of inject, closes the connection without an answer.
const hangUp = -1

// lostAnswer, as the status of inject, carries the request out (posts
// the message, acknowledges the interaction) and then closes the
// connection without an answer, as when the answer is lost on the way.
const lostAnswer = -2

// inject makes the next n requests whose path contains pathContains (and
// method, if not empty) fail with status and, for 4xx, a Discord JSON
// error code. 429 answers carry retry_after 0.01 s (or f.retryAfter); hangUp drops the
// connection.
func (f *fakeDiscord) inject(method, pathContains string, status, code, n int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.faults = append(f.faults, &fault{method, pathContains, status, code, n})
}

func (f *fakeDiscord) serve(w http.ResponseWriter, r *http.Request) {
	rec := &recorded{Method: r.Method, Path: r.URL.Path}
	if err := readBody(r, rec, f.dropFiles.Load()); err != nil {
		f.t.Errorf("fake discord: %s %s: %v", r.Method, r.URL.Path, err)
		http.Error(w, err.Error(), 400)
		return
	}
	f.mu.Lock()
	var hit *fault
	for _, ft := range f.faults {
		if ft.times > 0 && strings.Contains(r.URL.Path, ft.pathContains) && (ft.method == "" || ft.method == r.Method) {
			ft.times--
			hit = ft
			break
		}
	}
	var held []*fakeHold
	for _, hd := range f.holds {
		if strings.Contains(r.URL.Path, hd.pathContains) && (hd.method == "" || hd.method == r.Method) {
			held = append(held, hd)
		}
	}
	f.mu.Unlock()
	if len(held) > 0 {
		f.mu.Lock()
		f.waiting = append(f.waiting, r.URL.Path)
		f.mu.Unlock()
		for _, hd := range held {
			<-hd.released
		}
		f.mu.Lock()
		f.waiting = slices.Delete(f.waiting, slices.Index(f.waiting, r.URL.Path), slices.Index(f.waiting, r.URL.Path)+1)
		f.mu.Unlock()
	}
	f.mu.Lock()
	f.nextID++
	id := fmt.Sprint(f.nextID)
	gw := f.gatewayURL
	f.mu.Unlock()

	if hit != nil && hit.status == hangUp {
		// The connection drops without an answer: the client sees a
		// transport error (a *url.Error carrying the URL).
		if conn, _, err := http.NewResponseController(w).Hijack(); err == nil {
			conn.Close()
		}
		return
	}
	status, body := 200, ""
	p := strings.TrimPrefix(r.URL.Path, "/api/v9/")
	var posted struct {
		Nonce        string `json:"nonce"`
		EnforceNonce bool   `json:"enforce_nonce"`
	}
	json.Unmarshal(rec.Body, &posted)
	nonceKey := strings.Split(p, "/")[min(1, strings.Count(p, "/"))] + " " + posted.Nonce
	f.mu.Lock()
	firstMsg := f.nonces[nonceKey]
	acked := f.answered[strings.Split(p, "/")[min(1, strings.Count(p, "/"))]]
	threadOn := f.threadsOn[p]
	retryAfter := cmp.Or(f.retryAfter, 0.01)
	webhookKnown := !f.strictWebhooks || strings.Count(p, "/") < 2 || f.answered["token "+strings.Split(p, "/")[2]]
	f.mu.Unlock()
	switch {
	case hit != nil && hit.status == http.StatusTooManyRequests:
		status, body = hit.status, fmt.Sprintf(`{"message":"You are being rate limited.","retry_after":%g,"global":false}`, retryAfter)
	case hit != nil && hit.status != lostAnswer:
		status, body = hit.status, fmt.Sprintf(`{"message":"injected","code":%d}`, hit.code)
	case strings.HasPrefix(p, "interactions/") && strings.HasSuffix(p, "/callback") && acked:
		status, body = http.StatusBadRequest, `{"message":"Interaction has already been acknowledged.","code":40060}`
	case strings.HasPrefix(p, "interactions/") && strings.HasSuffix(p, "/callback"):
		status = http.StatusNoContent
		f.mu.Lock()
		if f.answered == nil {
			f.answered = map[string]bool{}
		}
		f.answered[strings.Split(p, "/")[1]] = true
		f.answered["token "+strings.Split(p, "/")[2]] = true
		f.mu.Unlock()
	case posted.EnforceNonce && posted.Nonce != "" && firstMsg != "" && r.Method == http.MethodPost:
		body = fmt.Sprintf(`{"id":%q,"channel_id":%q}`, firstMsg, strings.Split(p, "/")[1])
		rec.Repeat = true
	case strings.HasPrefix(p, "gateway"):
		body = fmt.Sprintf(`{"url":%q,"shards":1,"session_start_limit":{"total":1000,"remaining":1000,"reset_after":0,"max_concurrency":1}}`, gw)
	case p == "users/@me/guilds" && r.Method == http.MethodGet:
		// As Discord: the bot's servers by id after `after`, at most
		// `limit`.
		after, _ := strconv.ParseUint(r.URL.Query().Get("after"), 10, 64)
		limit, _ := strconv.Atoi(r.URL.Query().Get("limit"))
		var list []string
		f.mu.Lock()
		for _, g := range []string{guild, "905"} {
			if n, _ := strconv.ParseUint(g, 10, 64); n > after && !f.left[g] && (limit == 0 || len(list) < limit) {
				list = append(list, fmt.Sprintf(`{"id":%q,"name":"server %s"}`, g, g))
			}
		}
		f.mu.Unlock()
		body = "[" + strings.Join(list, ",") + "]"
	case p == "users/@me/channels":
		var req struct {
			Recipient string `json:"recipient_id"`
		}
		json.Unmarshal(rec.Body, &req)
		body = fmt.Sprintf(`{"id":"dm-%s","type":1}`, req.Recipient)
	case strings.HasSuffix(p, "/threads") && f.channel(strings.Split(p, "/")[1]).typ != discordgo.ChannelTypeGuildText:
		// As Discord: no thread inside a thread (nor on a forum's message).
		status, body = http.StatusBadRequest, `{"message":"Cannot execute action on this channel type","code":50024}`
	case strings.HasSuffix(p, "/threads") && threadOn:
		// As Discord: one thread per message.
		status, body = http.StatusBadRequest, `{"message":"A thread has already been created for this message","code":160004}`
	case strings.HasSuffix(p, "/threads"):
		body = fmt.Sprintf(`{"id":"thread-%s","type":11}`, id)
		f.addChannel("thread-"+id, discordgo.ChannelTypeGuildPublicThread, strings.Split(p, "/")[1])
		f.mu.Lock()
		if f.threadsOn == nil {
			f.threadsOn = map[string]bool{}
		}
		f.threadsOn[p] = true
		f.mu.Unlock()
	case strings.HasPrefix(p, "channels/") && strings.Count(p, "/") == 1 && r.Method == http.MethodGet:
		ch := f.channel(strings.TrimPrefix(p, "channels/"))
		body = fmt.Sprintf(`{"id":%q,"type":%d,"parent_id":%q}`, strings.TrimPrefix(p, "channels/"), ch.typ, ch.parent)
	case strings.HasPrefix(p, "channels/") && strings.HasSuffix(p, "/messages") && r.Method == http.MethodPost && f.channel(strings.Split(p, "/")[1]).typ == discordgo.ChannelTypeGuildForum:
		status, body = http.StatusBadRequest, `{"message":"Cannot send messages in a non-text channel","code":50008}`
	case strings.HasPrefix(p, "channels/") && strings.HasSuffix(p, "/messages") && r.Method == http.MethodPost && f.channel(strings.Split(p, "/")[1]).typ == discordgo.ChannelTypeGuildPrivateThread:
		// As Discord for a bot not added to a private thread: it may
		// answer interactions there, but not post on its own.
		status, body = http.StatusForbidden, `{"message":"Missing Access","code":50001}`
	case strings.HasSuffix(p, "/commands") && r.Method == http.MethodGet:
		// The commands as last registered.
		f.mu.Lock()
		body = f.commands
		f.mu.Unlock()
		if body == "" {
			body = "[]"
		}
	case strings.HasSuffix(p, "/commands"):
		// As Discord, the bulk overwrite answers the commands with ids.
		var cmds []map[string]any
		json.Unmarshal(rec.Body, &cmds)
		f.mu.Lock()
		base := cmp.Or(f.commandIDBase, fakeCommandID)
		f.mu.Unlock()
		for i, c := range cmds {
			c["id"] = fmt.Sprint(base + i)
		}
		out, _ := json.Marshal(cmds)
		body = string(out)
		f.mu.Lock()
		f.commands = body
		f.mu.Unlock()
	case strings.HasPrefix(p, "channels/") && strings.Contains(p, "/messages"):
		parts := strings.Split(p, "/")
		msg := parts[len(parts)-1]
		if r.Method == http.MethodPost {
			msg = "msg-" + id
			if posted.EnforceNonce && posted.Nonce != "" {
				f.mu.Lock()
				if f.nonces == nil {
					f.nonces = map[string]string{}
				}
				f.nonces[nonceKey] = msg
				f.mu.Unlock()
			}
		}
		body = fmt.Sprintf(`{"id":%q,"channel_id":%q}`, msg, parts[1])
	case strings.HasPrefix(p, "webhooks/") && !webhookKnown:
		// As Discord: an interaction never answered has no webhook.
		status, body = http.StatusNotFound, `{"message":"Unknown Webhook","code":10015}`
	case strings.HasPrefix(p, "webhooks/"):
		body = fmt.Sprintf(`{"id":%q,"channel_id":"followup-channel"}`, "msg-"+id)
	default:
		status, body = 404, `{"message":"404: Not Found","code":0}`
	}
	rec.Status = status
	f.mu.Lock()
	f.reqs = append(f.reqs, rec)
	f.mu.Unlock()
	if hit != nil && hit.status == lostAnswer {
		if conn, _, err := http.NewResponseController(w).Hijack(); err == nil {
			conn.Close()
		}
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	io.WriteString(w, body)
}

// channel returns what the fake knows of channel id (a text channel
// unless added).
func (f *fakeDiscord) channel(id string) fakeChannel {
	f.mu.Lock()
	defer f.mu.Unlock()
	if ch, ok := f.channels[id]; ok {
		return ch
	}
	return fakeChannel{typ: discordgo.ChannelTypeGuildText}
}

func readBody(r *http.Request, rec *recorded, drop bool) error {
	ct, params, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if ct != "multipart/form-data" {
		b, err := io.ReadAll(r.Body)
		rec.Body = b
		return err
	}
	mr := multipart.NewReader(r.Body, params["boundary"])
	for {
		part, err := mr.NextPart()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		data, err := io.ReadAll(part)
		if err != nil {
			return err
		}
		if part.FormName() == "payload_json" {
			rec.Body = data
		} else {
			f := fakeFile{Name: part.FileName(), Data: data, Size: len(data)}
			if drop {
				f.Data = nil
			}
			rec.Files = append(rec.Files, f)
		}
	}
}

// requests returns the recorded requests whose path contains s.
// heldNow counts the requests whose path contains s that a hold keeps
// waiting now: how many the bot has made side by side.
func (f *fakeDiscord) heldNow(s string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	n := 0
	for _, p := range f.waiting {
		if strings.Contains(p, s) {
			n++
		}
	}
	return n
}

func (f *fakeDiscord) requests(s string) []*recorded {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []*recorded
	for _, r := range f.reqs {
		if strings.Contains(r.Path, s) {
			out = append(out, r)
		}
	}
	return out
}

// resp is a decoded response or message body.
type resp struct {
	Type       discordgo.InteractionResponseType
	Content    string
	Flags      discordgo.MessageFlags
	Components []discordgo.MessageComponent
	Choices    []*discordgo.ApplicationCommandOptionChoice
	Embeds     []*discordgo.MessageEmbed
}

type wireData struct {
	Content    string                                      `json:"content"`
	Flags      discordgo.MessageFlags                      `json:"flags"`
	Components []json.RawMessage                           `json:"components"`
	Choices    []*discordgo.ApplicationCommandOptionChoice `json:"choices"`
	Embeds     []*discordgo.MessageEmbed                   `json:"embeds"`
}

// page is what a reader sees of r: its content, and its embeds' titles
// and descriptions (the help page is an embed).
func (r *resp) page() string {
	parts := []string{r.Content}
	for _, e := range r.Embeds {
		parts = append(parts, e.Title, e.Description)
	}
	return strings.Join(parts, "\n")
}

// decode reads an interaction response (with a "type" and "data") or a
// message body (content at the top level).
func decode(t testing.TB, body []byte) *resp {
	t.Helper()
	var w struct {
		Type *discordgo.InteractionResponseType `json:"type"`
		Data *wireData                          `json:"data"`
		wireData
	}
	if err := json.Unmarshal(body, &w); err != nil {
		t.Fatalf("decoding %s: %v", body, err)
	}
	d := &w.wireData
	r := &resp{}
	if w.Type != nil {
		r.Type = *w.Type
		if w.Data == nil {
			w.Data = &wireData{}
		}
		d = w.Data
	}
	r.Content, r.Flags, r.Choices, r.Embeds = d.Content, d.Flags, d.Choices, d.Embeds
	for _, raw := range d.Components {
		c, err := discordgo.MessageComponentFromJSON(raw)
		if err != nil {
			t.Fatalf("component %s: %v", raw, err)
		}
		r.Components = append(r.Components, c)
	}
	return r
}

// callback returns the response the bot sent to interaction id.
func (f *fakeDiscord) callback(t testing.TB, id string) (*resp, *recorded) {
	t.Helper()
	var last *recorded
	for _, r := range f.requests("/interactions/" + id + "/") {
		if r.Status == 204 {
			last = r
		}
	}
	if last == nil {
		t.Fatalf("no successful response to interaction %s", id)
		return nil, nil
	}
	return decode(t, last.Body), last
}

// final returns the reply to interaction in: the callback, or, when that
// was a deferral, the late delivery (the edited original or a follow-up).
// It waits up to 2 minutes: the slowest late reply, the replay of a
// 450-ply game, takes 11 to 14 s under -race beside two busy loops, and
// its whole test took 33 s on a machine at a load average of 12.
func (f *fakeDiscord) final(t testing.TB, in *discordgo.Interaction) (*resp, *recorded) {
	t.Helper()
	r, rec := f.callback(t, in.ID)
	if r.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource && r.Type != discordgo.InteractionResponseDeferredMessageUpdate {
		return r, rec
	}
	deadline := time.Now().Add(2 * time.Minute)
	for time.Now().Before(deadline) {
		base := "/api/v9/webhooks/" + in.AppID + "/" + in.Token
		for _, late := range f.requests(base) {
			// The late reply: not the DELETE of the deferral that a reply
			// which pings is posted after (deliverLate), which has no body.
			if late.Status == 200 && late.Method != http.MethodDelete && (late.Path == base || strings.HasPrefix(late.Path, base+"/")) {
				return decode(t, late.Body), late
			}
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatalf("interaction %s was deferred and never answered", in.ID)
	return nil, nil
}

// checkPNG asserts that rec carries exactly one file and that it is a PNG
// that decodes.
func checkPNG(t testing.TB, rec *recorded) {
	t.Helper()
	if len(rec.Files) != 1 {
		t.Fatalf("%s %s: %d files attached, want 1 board", rec.Method, rec.Path, len(rec.Files))
	}
	img, err := png.Decode(bytes.NewReader(rec.Files[0].Data))
	if err != nil {
		t.Fatalf("attached %s does not decode as PNG: %v", rec.Files[0].Name, err)
	}
	if b := img.Bounds(); b.Dx() < 100 || b.Dy() < 100 {
		t.Fatalf("board image is only %v", b)
	}
}
