package bot_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/bot"
)

// TestLoggedRESTErrorsHaveNoTokens: when a REST call fails in transport
// (the error carries the URL, and an interaction's URL carries its
// token), the error logged says where without the token.
func TestLoggedRESTErrorsHaveNoTokens(t *testing.T) {
	h := newHarness(t, nil)
	const secret = "aW50ZXJhY3Rpb246c2VjcmV0LXRva2Vu"
	h.fake.inject("POST", "/callback", hangUp, 0, 3) // the first attempt and the two again
	in := h.slashInteraction(alice, "help")
	in.Token = secret
	h.bot.HandleGateway(t.Context(), in)
	lines := h.logs.lines("sending the interaction response failed")
	if len(lines) != 1 {
		t.Fatalf("log lines about the failed response: %v", lines)
	}
	if !strings.Contains(lines[0], "/interactions/"+in.ID+"/REDACTED/callback") {
		t.Errorf("the logged error does not say where (redacted): %s", lines[0])
	}
	if strings.Contains(h.logs.String(), secret) {
		t.Errorf("the interaction token is in the logs:\n%s", h.logs.String())
	}
}

// TestRegisterCommandsUnreachable: when the REST API cannot be reached at
// start-up (the network, or the proxy rest_base_url names, is down), the
// error names the address the call went to and says what to check. It
// named only https://discord.com, where the call had not gone, and said
// nothing to do.
func TestRegisterCommandsUnreachable(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	base := "http://" + ln.Addr().String() + "/api/v9/"
	ln.Close() // nothing listens there now
	sess, err := bot.NewSession("test-token", base, nil)
	if err != nil {
		t.Fatal(err)
	}
	sess.MaxRestRetries = 0
	h := newHarness(t, nil)
	b, err := bot.New(bot.Options{Store: h.store, REST: bot.SessionREST{S: sess}, Engine: h.engine, AppID: "555",
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Stop(time.Second)
	err = b.RegisterCommands(t.Context())
	if err == nil || !strings.Contains(err.Error(), base) || !strings.Contains(err.Error(), "could not reach Discord's REST API") ||
		!strings.Contains(err.Error(), "rest_base_url") {
		t.Errorf("register commands with nothing at %s: %v", base, err)
	}
}

func TestRedactTokens(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`Post "https://discord.com/api/v9/interactions/123/aW50ZX.Jh-Y3_Rp/callback": EOF`, `Post "https://discord.com/api/v9/interactions/123/REDACTED/callback": EOF`},
		{`Patch "https://discord.com/api/v9/webhooks/555/tok/messages/@original?wait=true": timeout`, `Patch "https://discord.com/api/v9/webhooks/555/REDACTED/messages/@original?wait=true": timeout`},
		{"Rate Limiting https://discord.com/api/v9/webhooks/555/abc, retry in 1s", "Rate Limiting https://discord.com/api/v9/webhooks/555/REDACTED, retry in 1s"},
		{"channels/900/messages failed", "channels/900/messages failed"},
	} {
		if got := bot.RedactTokens(c.in); got != c.want {
			t.Errorf("RedactTokens(%q)\n = %q\nwant %q", c.in, got, c.want)
		}
	}
}

// TestResponseCallsDoNotWaitForOtherInteractions: fetching, editing and
// deleting one interaction's response does not wait for another
// interaction's call still in flight (discordgo put them all in one
// rate-limit bucket held for the whole request, so one slow upload made
// every player's reply wait).
func TestResponseCallsDoNotWaitForOtherInteractions(t *testing.T) {
	release := make(chan struct{})
	var slowSeen sync.WaitGroup
	slowSeen.Add(1)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.Contains(r.URL.Path, "/slowtoken/") {
			slowSeen.Done()
			<-release
		}
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"id":"42","channel_id":"7"}`)
	}))
	defer srv.Close()
	defer close(release)
	s, err := bot.NewSession("tok", srv.URL+"/api/v9/", nil)
	if err != nil {
		t.Fatal(err)
	}
	rest := bot.SessionREST{S: s}
	slow := &discordgo.Interaction{ID: "1", AppID: "555", Token: "slowtoken"}
	go rest.EditResponse(context.Background(), slow, &discordgo.WebhookEdit{Content: new("a long upload")})
	slowSeen.Wait() // the slow edit is in flight
	fast := &discordgo.Interaction{ID: "2", AppID: "555", Token: "fasttoken"}
	calls := map[string]func(ctx context.Context) error{
		"Original": func(ctx context.Context) error {
			m, err := rest.Original(ctx, fast)
			if err == nil && m.ID != "42" {
				return fmt.Errorf("message id %q, want 42", m.ID)
			}
			return err
		},
		"EditResponse": func(ctx context.Context) error {
			_, err := rest.EditResponse(ctx, fast, &discordgo.WebhookEdit{Content: new("quick")})
			return err
		},
		"EditResponse with a file": func(ctx context.Context) error {
			_, err := rest.EditResponse(ctx, fast, &discordgo.WebhookEdit{Files: []*discordgo.File{{Name: "a.txt", Reader: strings.NewReader("x")}}})
			return err
		},
		"DeleteResponse": func(ctx context.Context) error { return rest.DeleteResponse(ctx, fast) },
	}
	for name, call := range calls {
		// Blocked behind the slow edit, a call would wait for ever: the
		// limit only needs to be far above a loopback call on a busy
		// machine under -race.
		ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
		err := call(ctx)
		cancel()
		if err != nil {
			t.Errorf("%s of another interaction while one is in flight: %v", name, err)
		}
	}
}

// TestInteractionBucketsStayFew: the rate-limit buckets of interaction
// calls are few and fixed in number, however many interactions come:
// discordgo kept one bucket per interaction for the life of the process
// (about 400 bytes each, never freed).
func TestInteractionBucketsStayFew(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/callback") {
			w.WriteHeader(http.StatusNoContent)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"id":"42","channel_id":"7"}`)
	}))
	defer srv.Close()
	s, err := bot.NewSession("tok", srv.URL+"/api/v9/", nil)
	if err != nil {
		t.Fatal(err)
	}
	rest := bot.SessionREST{S: s}
	ctx := t.Context()
	const n = 3000
	for i := range n {
		in := &discordgo.Interaction{ID: fmt.Sprint(100000 + i), AppID: "555", Token: fmt.Sprintf("token-%d-aW50ZXJhY3Rpb24", i)}
		if err := rest.Respond(ctx, in, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: "hi"}}); err != nil {
			t.Fatalf("respond %d: %v", i, err)
		}
		if m, err := rest.Original(ctx, in); err != nil || m.ID != "42" {
			t.Fatalf("original %d: %v %v", i, m, err)
		}
		if _, err := rest.EditResponse(ctx, in, &discordgo.WebhookEdit{Content: new("edited")}); err != nil {
			t.Fatalf("edit %d: %v", i, err)
		}
		if _, err := rest.Followup(ctx, in, &discordgo.WebhookParams{Content: "more"}); err != nil {
			t.Fatalf("followup %d: %v", i, err)
		}
		if err := rest.DeleteResponse(ctx, in); err != nil {
			t.Fatalf("delete %d: %v", i, err)
		}
	}
	buckets := reflect.ValueOf(s.Ratelimiter).Elem().FieldByName("buckets").Len()
	if buckets > 1100 {
		t.Errorf("%d rate-limit buckets after %d interactions, want at most about 1024", buckets, n)
	}
	if buckets < 100 {
		t.Errorf("%d rate-limit buckets after %d interactions: are interactions spread over buckets at all?", buckets, n)
	}
}
