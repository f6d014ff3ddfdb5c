package bot_test

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/bot"
	"github.com/taflbot/taflbot/render"
	"github.com/taflbot/taflbot/storage"
)

// httpBot serves a bot's interactions endpoint on loopback.
type httpBot struct {
	h    *harness
	b    *bot.Bot
	srv  *httptest.Server
	priv ed25519.PrivateKey
}

func newHTTPBot(t *testing.T) *httpBot {
	h := newHarness(t, nil)
	pub, priv, err := ed25519.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	// A second bot on the same store, with the public key, as HTTP mode runs it.
	sess, err := bot.NewSession("test-token", h.fake.URL(), nil)
	if err != nil {
		t.Fatal(err)
	}
	b, err := bot.New(bot.Options{Store: h.store, REST: bot.SessionREST{S: sess, Waits: testWaits}, Engine: h.engine, PublicKey: pub,
		Now: h.clock.Now, Render: render.Options{Size: 240}, Logger: slog.New(slog.NewJSONHandler(h.logs, nil)), ReviewNodes: 3000})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(b.InteractionsHandler(t.Context()))
	b.Start(t.Context()) // the engine's moves and the clocks, as cmd/taflbot runs HTTP mode
	t.Cleanup(func() { srv.Close(); b.Stop(5 * time.Second) })
	return &httpBot{h: h, b: b, srv: srv, priv: priv}
}

// post sends body signed with key at time ts.
func (hb *httpBot) post(t *testing.T, body []byte, key ed25519.PrivateKey, ts time.Time) (*http.Response, []byte) {
	t.Helper()
	stamp := strconv.FormatInt(ts.Unix(), 10)
	sig := ed25519.Sign(key, append([]byte(stamp), body...))
	req, _ := http.NewRequest("POST", hb.srv.URL, bytes.NewReader(body))
	req.Header.Set("X-Signature-Ed25519", hex.EncodeToString(sig))
	req.Header.Set("X-Signature-Timestamp", stamp)
	resp, err := hb.srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	out, _ := io.ReadAll(resp.Body)
	return resp, out
}

func TestHTTPPingAndSignatures(t *testing.T) {
	hb := newHTTPBot(t)
	now := hb.h.clock.Now()
	ping := []byte(`{"id":"1","application_id":"555","type":1,"token":"t","version":1}`)
	resp, body := hb.post(t, ping, hb.priv, now)
	if resp.StatusCode != 200 || strings.TrimSpace(string(body)) != `{"type":1}` {
		t.Fatalf("PING: %d %s, want 200 {\"type\":1}", resp.StatusCode, body)
	}
	_, other, _ := ed25519.GenerateKey(nil)
	cases := []struct {
		name string
		key  ed25519.PrivateKey
		ts   time.Time
		body []byte
	}{
		{"forged", other, now, ping},
		{"stale", hb.priv, now.Add(-10 * time.Minute), ping},
		{"future", hb.priv, now.Add(10 * time.Minute), ping},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if resp, _ := hb.post(t, c.body, c.key, c.ts); resp.StatusCode != http.StatusUnauthorized {
				t.Errorf("status %d, want 401", resp.StatusCode)
			}
		})
	}
	t.Run("tampered body", func(t *testing.T) {
		stamp := strconv.FormatInt(now.Unix(), 10)
		sig := ed25519.Sign(hb.priv, append([]byte(stamp), ping...))
		req, _ := http.NewRequest("POST", hb.srv.URL, bytes.NewReader(bytes.Replace(ping, []byte(`"1"`), []byte(`"2"`), 1)))
		req.Header.Set("X-Signature-Ed25519", hex.EncodeToString(sig))
		req.Header.Set("X-Signature-Timestamp", stamp)
		resp, err := hb.srv.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusUnauthorized {
			t.Errorf("status %d, want 401", resp.StatusCode)
		}
	})
	t.Run("no signature", func(t *testing.T) {
		resp, err := hb.srv.Client().Post(hb.srv.URL, "application/json", bytes.NewReader(ping))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusUnauthorized {
			t.Errorf("status %d, want 401", resp.StatusCode)
		}
	})
}

func TestHTTPCommandWithBoard(t *testing.T) {
	hb := newHTTPBot(t)
	in := hb.h.slashInteraction(alice, "ai", opt("variant", "brandubh"), opt("side", "defenders"), opt("level", "easy"))
	body, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	resp, out := hb.post(t, body, hb.priv, hb.h.clock.Now())
	if resp.StatusCode != 200 {
		t.Fatalf("status %d: %s", resp.StatusCode, out)
	}
	// A board has a file: the body defers, and the board arrives by editing.
	r := decode(t, out)
	if r.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource {
		t.Fatalf("HTTP reply type %d, want a deferral (5)", r.Type)
	}
	edit := hb.edited(t, in.Token)
	checkPNG(t, edit)
	if m := decode(t, edit.Body); !strings.Contains(m.Content, "plays taflbot at level **easy**") {
		t.Errorf("edited content %q", m.Content)
	}
	// Errors still come straight back in the body, ephemeral.
	in = hb.h.slashInteraction(bob, "move", opt("move", "d1-d4"))
	body, _ = json.Marshal(in)
	_, out = hb.post(t, body, hb.priv, hb.h.clock.Now())
	if r := decode(t, out); r.Type != discordgo.InteractionResponseChannelMessageWithSource || !isEphemeral(r) || !strings.Contains(r.Content, "no game") {
		t.Errorf("error reply %+v", r)
	}
	games, err := hb.h.store.GamesByPlayer(t.Context(), alice, storage.GameFilter{})
	if err != nil || len(games) != 1 {
		t.Fatalf("%d games, %v", len(games), err)
	}
}

// FuzzInteractionsEndpoint sends arbitrary, correctly signed bodies: the
// endpoint must answer every one (400 for what is not an interaction, a
// response otherwise) and never crash.
func FuzzInteractionsEndpoint(f *testing.F) {
	f.Add([]byte(`{"id":"1","type":1,"token":"t"}`))
	f.Add([]byte(`{"id":"2","type":2,"token":"t","user":{"id":"7"},"data":{"name":"tafl","options":[{"name":"move","type":1,"options":[{"name":"move","type":3,"value":"d1-d4"}]}]}}`))
	f.Add([]byte(`{"id":"3","type":3,"token":"t","user":{"id":"7"},"data":{"custom_id":"t:mv:1:0","component_type":2}}`))
	f.Add([]byte(`{"id":"4","type":2,"token":"t"}`)) // no user: refused
	f.Add([]byte(`{"id":"6","type":2,"token":"t","user":{"id":"7"}}`))
	f.Add([]byte(`{"id":"5","type":4,"token":"t","user":{"id":"7"},"data":{"name":"tafl","options":[{"name":"move","type":1,"options":[{"name":"move","type":3,"value":"","focused":true}]}]}}`))
	f.Add([]byte(`not json`))
	pub, priv, _ := ed25519.GenerateKey(nil)
	fake := newFakeDiscord(f)
	st, err := storage.Open(f.TempDir()+"/fuzz.db", storage.Options{NoSync: true})
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(func() { st.Close() })
	sess, _ := bot.NewSession("t", fake.URL(), nil)
	b, err := bot.New(bot.Options{Store: st, REST: bot.SessionREST{S: sess}, Engine: newPolicyEngine(1), PublicKey: pub,
		Render: render.Options{Size: 160}})
	if err != nil {
		f.Fatal(err)
	}
	h := b.InteractionsHandler(context.Background())
	f.Fuzz(func(t *testing.T, body []byte) {
		stamp := strconv.FormatInt(time.Now().Unix(), 10)
		req := httptest.NewRequest("POST", "/", bytes.NewReader(body))
		req.Header.Set("X-Signature-Ed25519", hex.EncodeToString(ed25519.Sign(priv, append([]byte(stamp), body...))))
		req.Header.Set("X-Signature-Timestamp", stamp)
		w := httptest.NewRecorder()
		done := make(chan struct{})
		go func() { h.ServeHTTP(w, req); close(done) }()
		select {
		case <-done:
		case <-time.After(30 * time.Second):
			buf := make([]byte, 1<<20)
			t.Fatalf("no answer in 30 s to %q\n%s", body, buf[:runtime.Stack(buf, true)])
		}
		if w.Code != 200 && w.Code != 400 {
			t.Fatalf("status %d for %q", w.Code, body)
		}
		if w.Code == 200 && !json.Valid(w.Body.Bytes()) {
			t.Fatalf("invalid JSON response %q", w.Body.String())
		}
	})
}

// TestRecordedInteractions posts Discord-shaped payloads (as Discord sends
// them, extra fields included) from testdata/interactions through the
// signed HTTP endpoint: a challenge, its acceptance, and autocomplete.
func TestRecordedInteractions(t *testing.T) {
	hb := newHTTPBot(t)
	load := func(name string) []byte {
		data, err := os.ReadFile(filepath.Join("testdata", "interactions", name))
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	post := func(name string) *resp {
		t.Helper()
		resp, out := hb.post(t, load(name), hb.priv, hb.h.clock.Now())
		if resp.StatusCode != 200 {
			t.Fatalf("%s: status %d: %s", name, resp.StatusCode, out)
		}
		return decode(t, out)
	}
	// The challenge has a picture: deferred in the body, then edited in.
	if r := post("challenge.json"); r.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource {
		t.Fatalf("challenge: type %d", r.Type)
	}
	waitFor(t, "the challenge board", func() bool {
		return len(hb.h.fake.requests("/messages/@original")) > 0
	})
	cs, err := hb.h.store.OpenChallenges(t.Context())
	if err != nil || len(cs) != 1 || cs[0].ChallengerID != alice || cs[0].OpponentID != bob || cs[0].Variant != "brandubh" || cs[0].MoveTime != 72*time.Hour {
		t.Fatalf("stored challenge %+v, %v", cs, err)
	}
	if r := post("accept.json"); r.Type != discordgo.InteractionResponseDeferredMessageUpdate {
		t.Fatalf("accept: type %d", r.Type)
	}
	g := gameOf(t, hb.h, alice)
	if g.Attackers.UserID != alice || g.Defenders.UserID != bob {
		t.Fatalf("seats %+v %+v", g.Attackers, g.Defenders)
	}
	r := post("autocomplete.json")
	if r.Type != discordgo.InteractionApplicationCommandAutocompleteResult || len(r.Choices) == 0 {
		t.Fatalf("autocomplete: type %d, %d choices", r.Type, len(r.Choices))
	}
	for _, c := range r.Choices {
		if !strings.HasPrefix(c.Value.(string), "d2") {
			t.Errorf("choice %v does not start with d2", c.Value)
		}
	}
}

// metric returns the line of a metric (name and labels) in /metrics.
func metric(t *testing.T, b *bot.Bot, prefix string) string {
	t.Helper()
	var sb strings.Builder
	b.Metrics().WriteTo(&sb)
	for _, line := range strings.Split(sb.String(), "\n") {
		if strings.HasPrefix(line, prefix+" ") {
			return line
		}
	}
	t.Fatalf("no metric %s in\n%s", prefix, sb.String())
	return ""
}

// TestHTTPOtherMethodsToldToPOST: a request to the endpoint with another
// method gets 405 with the Allow header naming POST, as HTTP requires of
// a 405 (it had none), and the body says so too.
func TestHTTPOtherMethodsToldToPOST(t *testing.T) {
	hb := newHTTPBot(t)
	for _, method := range []string{"GET", "HEAD", "PUT", "DELETE"} {
		req, _ := http.NewRequest(method, hb.srv.URL+bot.InteractionsPath, nil)
		resp, err := hb.srv.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusMethodNotAllowed || resp.Header.Get("Allow") != "POST" {
			t.Errorf("%s: %d, Allow %q", method, resp.StatusCode, resp.Header.Get("Allow"))
		}
		if method == "GET" && !strings.Contains(string(body), "POST only") {
			t.Errorf("GET: body %q", body)
		}
	}
}

// TestHTTPRefusalsCountedAndLogged: every refused request is counted by
// reason in /metrics and logged at warn, but at most one line per reason
// a minute; a wrong public key (the likely setup mistake) says what to
// check.
func TestHTTPRefusalsCountedAndLogged(t *testing.T) {
	hb := newHTTPBot(t)
	now := hb.h.clock.Now()
	ping := []byte(`{"id":"1","application_id":"555","type":1,"token":"t","version":1}`)
	_, other, _ := ed25519.GenerateKey(nil)
	for range 3 {
		if resp, _ := hb.post(t, ping, other, now); resp.StatusCode != 401 {
			t.Fatalf("forged: %d", resp.StatusCode)
		}
	}
	hb.post(t, ping, hb.priv, now.Add(-10*time.Minute))
	hb.post(t, []byte("signed, but not JSON"), hb.priv, now)
	big := bytes.Repeat([]byte(" "), bot.MaxInteractionBody+1)
	if resp, _ := hb.post(t, big, hb.priv, now); resp.StatusCode != http.StatusRequestEntityTooLarge {
		t.Errorf("oversize: %d", resp.StatusCode)
	}
	if resp, err := hb.srv.Client().Get(hb.srv.URL); err != nil || resp.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("GET: %v %v", resp, err)
	}
	if resp, err := hb.srv.Client().Post(hb.srv.URL+"/wp-login.php", "text/plain", strings.NewReader("x")); err != nil || resp.StatusCode != http.StatusNotFound {
		t.Errorf("another path: %v %v", resp, err)
	}
	// The documented path works (as does the bare /, used above).
	req, _ := http.NewRequest("POST", hb.srv.URL+bot.InteractionsPath, bytes.NewReader(ping))
	stamp := strconv.FormatInt(now.Unix(), 10)
	req.Header.Set("X-Signature-Ed25519", hex.EncodeToString(ed25519.Sign(hb.priv, append([]byte(stamp), ping...))))
	req.Header.Set("X-Signature-Timestamp", stamp)
	if resp, err := hb.srv.Client().Do(req); err != nil || resp.StatusCode != 200 {
		t.Errorf("PING at %s: %v %v", bot.InteractionsPath, resp, err)
	}
	for reason, want := range map[string]string{"signature": "3", "timestamp": "1", "malformed": "1", "too_large": "1", "method": "1", "body": "0", "path": "1"} {
		if got := metric(t, hb.b, `taflbot_http_refused_total{reason="`+reason+`"}`); !strings.HasSuffix(got, " "+want) {
			t.Errorf("%s, want %s", got, want)
		}
	}
	lines := hb.h.logs.lines("refused an HTTP interaction request")
	if len(lines) != 6 {
		t.Errorf("%d warn lines for 6 reasons (3 signature refusals in a minute log once):\n%s", len(lines), strings.Join(lines, "\n"))
	}
	sig := hb.h.logs.lines(`"reason":"signature"`)
	if len(sig) != 1 || !strings.Contains(sig[0], `"level":"WARN"`) || !strings.Contains(sig[0], "check that public_key") {
		t.Errorf("the signature refusal's line: %v", sig)
	}
}

// TestHTTPRepeatedInteractionActsOnce: the same signed interaction sent
// twice (one after the other, and twice at once) makes one challenge;
// the repeat gets the first answer.
func TestHTTPRepeatedInteractionActsOnce(t *testing.T) {
	hb := newHTTPBot(t)
	body := func(user, id string) []byte {
		in := hb.h.slashInteraction(user, "challenge", opt("variant", "brandubh"))
		in.ID = id
		data, err := json.Marshal(in)
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	first := body(alice, "70001")
	_, out1 := hb.post(t, first, hb.priv, hb.h.clock.Now())
	_, out2 := hb.post(t, first, hb.priv, hb.h.clock.Now().Add(time.Minute))
	if !bytes.Equal(out1, out2) {
		t.Errorf("the repeat was answered %s, the first time %s", out2, out1)
	}
	twice := body(bob, "70002")
	var wg sync.WaitGroup
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if resp, _ := hb.post(t, twice, hb.priv, hb.h.clock.Now()); resp.StatusCode != 200 {
				t.Errorf("status %d", resp.StatusCode)
			}
		}()
	}
	wg.Wait()
	cs, err := hb.h.store.OpenChallenges(t.Context())
	if err != nil || len(cs) != 2 {
		t.Fatalf("%d open challenges, want 2 (one per interaction id): %v", len(cs), err)
	}
	if got := metric(t, hb.b, "taflbot_http_repeats_total"); !strings.HasSuffix(got, " 2") {
		t.Errorf("%s, want 2 repeats", got)
	}
}

// TestHTTPUnsignedRequestIsNotAClockProblem: a request without Discord's
// headers (a scanner, a curl by hand) is refused as unsigned; it was
// counted and logged as "timestamp", whose hint sends the operator to
// check the machine's clock. A forged signature with an old timestamp is
// unsigned too: only a request Discord signed can point at the clock.
func TestHTTPUnsignedRequestIsNotAClockProblem(t *testing.T) {
	hb := newHTTPBot(t)
	ping := []byte(`{"id":"1","application_id":"555","type":1,"token":"t","version":1}`)
	resp, err := hb.srv.Client().Post(hb.srv.URL, "application/json", bytes.NewReader(ping))
	if err != nil || resp.StatusCode != 401 {
		t.Fatalf("unsigned: %v %v", resp, err)
	}
	_, other, _ := ed25519.GenerateKey(nil)
	hb.post(t, ping, other, hb.h.clock.Now().Add(-time.Hour))
	if got := metric(t, hb.b, `taflbot_http_refused_total{reason="signature"}`); !strings.HasSuffix(got, " 2") {
		t.Errorf("%s, want 2", got)
	}
	if got := metric(t, hb.b, `taflbot_http_refused_total{reason="timestamp"}`); !strings.HasSuffix(got, " 0") {
		t.Errorf("%s, want 0", got)
	}
	if lines := hb.h.logs.lines("check the clock"); len(lines) != 0 {
		t.Errorf("the clock blamed: %v", lines)
	}
}

// TestHTTPWrongTypedOptions: a signed command whose option value is not
// of its type (a string for a boolean, a number for a string) is read as
// if the option were not given: before, discordgo's BoolValue and
// StringValue panicked in the handler, logged as a panic and answered
// "Something went wrong".
func TestHTTPWrongTypedOptions(t *testing.T) {
	hb := newHTTPBot(t)
	n := 0
	send := func(sub, opts string) *resp {
		t.Helper()
		n++
		body := fmt.Sprintf(`{"id":"8%04d","application_id":"555","type":2,"token":"tok","version":1,"guild_id":%q,"channel_id":%q,`+
			`"member":{"user":{"id":%q,"username":"alice"},"permissions":"32"},`+
			`"data":{"id":"cmd","name":"tafl","type":1,"options":[{"name":%q,"type":1,"options":[%s]}]}}`, n, guild, channel, alice, sub, opts)
		resp, out := hb.post(t, []byte(body), hb.priv, hb.h.clock.Now())
		if resp.StatusCode != 200 {
			t.Fatalf("%s %s: status %d: %s", sub, opts, resp.StatusCode, out)
		}
		r := decode(t, out)
		if strings.Contains(r.Content, "Something went wrong") {
			t.Errorf("%s %s: %q", sub, opts, r.Content)
		}
		return r
	}
	send("settings", `{"name":"threads","type":5,"value":"yes"}`)
	send("settings", `{"name":"hints","type":5,"value":0}`)
	send("settings", `{"name":"daily","type":5,"value":null}`)
	send("settings", `{"name":"dms","type":5,"value":"true"}`)
	send("board", `{"name":"text","type":5,"value":"true"}`)
	send("move", `{"name":"move","type":3,"value":5}`)
	send("challenge", `{"name":"variant","type":3,"value":"brandubh"},{"name":"casual","type":5,"value":"yes"}`)
	if cs, err := hb.h.store.OpenChallenges(t.Context()); err != nil || len(cs) != 1 || cs[0].Variant != "brandubh" || cs[0].Casual {
		t.Errorf("the challenge with casual:\"yes\": %+v, %v", cs, err)
	}
	if lines := hb.h.logs.lines("panic"); len(lines) != 0 {
		t.Errorf("panics:\n%s", strings.Join(lines, "\n"))
	}
	gs, err := hb.h.store.GetGuildSettings(t.Context(), guild)
	if err != nil || gs.ThreadPerGame || gs.NoHints {
		t.Errorf("the server's settings after wrong-typed options: %+v, %v", gs, err)
	}
	if p, err := hb.h.store.GetPlayer(t.Context(), guild, alice); err == nil && p.DMs {
		t.Errorf("dms turned on by \"true\"")
	}
}

// TestHTTPInteractionWithoutUser: a correctly signed command, button press
// or autocomplete with neither member nor user, or a user without an id
// (Discord sends none, but a
// body can say so) was answered "Something went wrong" and logged as an
// internal error; it is refused as a bad request (400, counted as
// malformed), acts on nothing, and logs no error.
func TestHTTPInteractionWithoutUser(t *testing.T) {
	hb := newHTTPBot(t)
	bodies := map[string]string{
		"command":      `{"id":"91001","application_id":"555","type":2,"token":"tok","version":1,"guild_id":%q,"channel_id":%q,"data":{"id":"cmd","name":"tafl","type":1,"options":[{"name":"challenge","type":1,"options":[{"name":"variant","type":3,"value":"brandubh"}]}]}}`,
		"dm command":   `{"id":"91002","application_id":"555","type":2,"token":"tok","version":1,"channel_id":%[2]q,"data":{"id":"cmd","name":"tafl","type":1,"options":[{"name":"games","type":1,"options":[]}]}}`,
		"button":       `{"id":"91003","application_id":"555","type":3,"token":"tok","version":1,"guild_id":%q,"channel_id":%q,"message":{"id":"1","channel_id":"2"},"data":{"custom_id":"tafl:x","component_type":2}}`,
		"empty user":   `{"id":"91005","application_id":"555","type":2,"token":"tok","version":1,"guild_id":%q,"channel_id":%q,"member":{"user":{"id":"","username":"x"}},"data":{"id":"cmd","name":"tafl","type":1,"options":[{"name":"games","type":1,"options":[]}]}}`,
		"autocomplete": `{"id":"91004","application_id":"555","type":4,"token":"tok","version":1,"guild_id":%q,"channel_id":%q,"data":{"id":"cmd","name":"tafl","type":1,"options":[{"name":"challenge","type":1,"options":[{"name":"variant","type":3,"value":"bra","focused":true}]}]}}`,
	}
	for name, body := range bodies {
		resp, out := hb.post(t, []byte(fmt.Sprintf(body, guild, channel)), hb.priv, hb.h.clock.Now())
		if resp.StatusCode != http.StatusBadRequest || !strings.Contains(string(out), "no user") {
			t.Errorf("%s without a user: %d %s, want 400 saying it has no user", name, resp.StatusCode, out)
		}
	}
	if got := metric(t, hb.b, `taflbot_http_refused_total{reason="malformed"}`); !strings.HasSuffix(got, " 5") {
		t.Errorf("%s, want 5", got)
	}
	if lines := hb.h.logs.lines(`"level":"ERROR"`); len(lines) != 0 {
		t.Errorf("errors logged:\n%s", strings.Join(lines, "\n"))
	}
	if cs, err := hb.h.store.OpenChallenges(t.Context()); err != nil || len(cs) != 0 {
		t.Errorf("open challenges %+v, %v; want none", cs, err)
	}
	// A PING has no user, and is answered.
	ping := []byte(`{"id":"1","application_id":"555","type":1,"token":"t","version":1}`)
	if resp, body := hb.post(t, ping, hb.priv, hb.h.clock.Now()); resp.StatusCode != 200 || strings.TrimSpace(string(body)) != `{"type":1}` {
		t.Errorf("PING: %d %s", resp.StatusCode, body)
	}
}
