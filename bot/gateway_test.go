package bot_test

import (
	"bufio"
	"context"
	"crypto/sha1"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/bot"
	"github.com/taflbot/taflbot/render"
)

// fakeGateway is a minimal Discord gateway: a hand-written websocket
// server (RFC 6455, unfragmented text frames) that says hello, answers
// IDENTIFY with READY and then sends the events it is given.
type fakeGateway struct {
	srv      *httptest.Server
	events   chan []byte
	identify chan []byte
	// dispatches are other events than interactions (GUILD_CREATE, …),
	// sent as they are.
	dispatches chan gatewayEvent

	mu      sync.Mutex
	byShard map[int]chan []byte // the events for one shard's connection only
}

func newFakeGateway(t *testing.T) *fakeGateway {
	g := &fakeGateway{events: make(chan []byte, 10), identify: make(chan []byte, 8), dispatches: make(chan gatewayEvent, 10), byShard: map[int]chan []byte{}}
	g.srv = httptest.NewServer(http.HandlerFunc(g.serve))
	t.Cleanup(g.srv.Close)
	return g
}

func (g *fakeGateway) URL() string { return "ws" + strings.TrimPrefix(g.srv.URL, "http") + "/" }

func (g *fakeGateway) serve(w http.ResponseWriter, r *http.Request) {
	key := r.Header.Get("Sec-WebSocket-Key")
	conn, rw, err := w.(http.Hijacker).Hijack()
	if err != nil {
		return
	}
	defer conn.Close()
	sum := sha1.Sum([]byte(key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"))
	rw.WriteString("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: " +
		base64.StdEncoding.EncodeToString(sum[:]) + "\r\n\r\n")
	rw.Flush()
	send := func(msg string) error {
		_, err := conn.Write(frame([]byte(msg)))
		return err
	}
	send(`{"op":10,"d":{"heartbeat_interval":45000}}`)
	ident, err := readFrame(rw.Reader)
	if err != nil {
		return
	}
	g.identify <- ident
	var msg struct {
		D struct {
			Shard []int `json:"shard"`
		} `json:"d"`
	}
	json.Unmarshal(ident, &msg)
	mine := make(chan []byte, 10)
	if len(msg.D.Shard) == 2 {
		g.mu.Lock()
		g.byShard[msg.D.Shard[0]] = mine
		g.mu.Unlock()
	}
	send(`{"op":0,"t":"READY","s":1,"d":{"v":9,"session_id":"s1","user":{"id":"999","username":"taflbot","bot":true},"guilds":[],"resume_gateway_url":"` + g.URL() + `"}}`)
	go func() { // drain heartbeats and the close frame
		for {
			if _, err := readFrame(rw.Reader); err != nil {
				conn.Close()
				return
			}
		}
	}()
	seq := 2
	for {
		var ev []byte
		var ok bool
		typ := "INTERACTION_CREATE"
		select {
		case ev, ok = <-g.events:
		case ev, ok = <-mine:
		case d := <-g.dispatches:
			typ, ev, ok = d.typ, d.data, true
		}
		if !ok {
			return
		}
		if send(`{"op":0,"t":"`+typ+`","s":`+itoa(seq)+`,"d":`+string(ev)+`}`) != nil {
			return
		}
		seq++
	}
}

// gatewayEvent is a dispatch event of type typ (GUILD_CREATE) with its
// data.
type gatewayEvent struct {
	typ  string
	data []byte
}

// shard returns the events channel of shard id's connection.
func (g *fakeGateway) shard(t *testing.T, id int) chan []byte {
	t.Helper()
	g.mu.Lock()
	defer g.mu.Unlock()
	ch := g.byShard[id]
	if ch == nil {
		t.Fatalf("no connection of shard %d", id)
	}
	return ch
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

// frame encodes an unmasked text frame (server to client).
func frame(p []byte) []byte {
	h := []byte{0x81}
	switch n := len(p); {
	case n < 126:
		h = append(h, byte(n))
	case n < 1<<16:
		h = append(h, 126, byte(n>>8), byte(n))
	default:
		h = append(h, 127)
		h = binary.BigEndian.AppendUint64(h, uint64(n))
	}
	return append(h, p...)
}

// readFrame reads one masked client frame.
func readFrame(r *bufio.Reader) ([]byte, error) {
	var hdr [2]byte
	if _, err := io.ReadFull(r, hdr[:]); err != nil {
		return nil, err
	}
	n := uint64(hdr[1] & 0x7f)
	switch n {
	case 126:
		var b [2]byte
		if _, err := io.ReadFull(r, b[:]); err != nil {
			return nil, err
		}
		n = uint64(binary.BigEndian.Uint16(b[:]))
	case 127:
		var b [8]byte
		if _, err := io.ReadFull(r, b[:]); err != nil {
			return nil, err
		}
		n = binary.BigEndian.Uint64(b[:])
	}
	var mask [4]byte
	if hdr[1]&0x80 != 0 {
		if _, err := io.ReadFull(r, mask[:]); err != nil {
			return nil, err
		}
	}
	if n > 1<<20 {
		return nil, io.ErrShortBuffer
	}
	p := make([]byte, n)
	if _, err := io.ReadFull(r, p); err != nil {
		return nil, err
	}
	for i := range p {
		p[i] ^= mask[i%4]
	}
	if hdr[0]&0x0f == 8 {
		return nil, io.EOF // close
	}
	return p, nil
}

// gatewayBot starts a gateway-mode bot on h's fake Discord, connected to
// a fake gateway, and returns the gateway, the bot's session and stop.
// stop cancels the bot and waits for Run to return (its error, or one
// when it does not within 30 s), then closes the gateway's events: the
// bot stops first, since were the fake gateway to drop the connection
// while the session is open, discordgo would reconnect, racing with
// itself (a data race inside discordgo v0.29.0's reconnect).
func gatewayBot(t *testing.T, h *harness) (*fakeGateway, *discordgo.Session, func() error) {
	t.Helper()
	gw := newFakeGateway(t)
	h.fake.mu.Lock()
	h.fake.gatewayURL = gw.URL()
	h.fake.mu.Unlock()
	sess, err := bot.NewSession("test-token", h.fake.URL(), nil)
	if err != nil {
		t.Fatal(err)
	}
	b, err := bot.New(bot.Options{Store: h.store, REST: bot.SessionREST{S: sess}, Session: sess, Engine: h.engine,
		AppID: "555", DevGuildID: guild, Now: h.clock.Now, Render: render.Options{Size: 240},
		Logger: slog.New(slog.NewJSONHandler(h.logs, nil))})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- b.Run(ctx, 5*time.Second) }()
	stop := func() error {
		cancel()
		defer close(gw.events)
		select {
		case err := <-done:
			if err != nil {
				return fmt.Errorf("Run: %w", err)
			}
			return nil
		case <-time.After(30 * time.Second):
			return errors.New("Run did not return after cancel")
		}
	}
	return gw, sess, stop
}

func TestGatewayMode(t *testing.T) {
	h := newHarness(t, nil)
	gw, _, stop := gatewayBot(t, h)

	select {
	case ident := <-gw.identify:
		if !strings.Contains(string(ident), `"token":"Bot test-token"`) || !strings.Contains(string(ident), `"op":2`) {
			t.Errorf("identify %s", ident)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the bot never identified")
	}
	in := h.slashInteraction(alice, "help")
	body, _ := json.Marshal(in)
	gw.events <- body
	waitFor(t, "the response to the gateway interaction", func() bool {
		return len(h.fake.requests("/interactions/"+in.ID+"/")) > 0
	})
	if r, _ := h.fake.callback(t, in.ID); !strings.Contains(r.page(), "How to play") {
		t.Errorf("help over the gateway: %q", r.page())
	}
	reg := h.fake.requests("/applications/555/guilds/" + guild + "/commands")
	if len(reg) != 1 || reg[0].Method != "PUT" || !strings.Contains(string(reg[0].Body), `"name":"tafl"`) {
		t.Errorf("command registration requests: %d", len(reg))
	}
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	// A stop shows in the log, as in HTTP mode: the log of a gateway
	// bot stopped by SIGTERM ended at its last interaction.
	if !strings.Contains(h.logs.String(), `"msg":"shutting down"`) {
		t.Errorf("no \"shutting down\" line in the log:\n%s", h.logs)
	}
}

// TestGatewayShards: a process running shards 1 and 3 of 4 opens one
// gateway connection per shard, each identifying as its shard, answers
// interactions from both, and closes both on shutdown.
func TestGatewayShards(t *testing.T) {
	h := newHarness(t, nil)
	gw := newFakeGateway(t)
	h.fake.mu.Lock()
	h.fake.gatewayURL = gw.URL()
	h.fake.mu.Unlock()
	var shards []*discordgo.Session
	for _, id := range []int{1, 3} {
		sess, err := bot.NewSession("test-token", h.fake.URL(), nil)
		if err != nil {
			t.Fatal(err)
		}
		sess.ShardID, sess.ShardCount = id, 4
		shards = append(shards, sess)
	}
	b, err := bot.New(bot.Options{Store: h.store, REST: bot.SessionREST{S: shards[0]}, Shards: shards, Engine: h.engine,
		AppID: "555", DevGuildID: guild, Now: h.clock.Now, Render: render.Options{Size: 240}})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- b.Run(ctx, 5*time.Second) }()
	var seen []string
	for range 2 {
		select {
		case ident := <-gw.identify:
			var msg struct {
				D struct {
					Shard []int `json:"shard"`
				} `json:"d"`
			}
			if err := json.Unmarshal(ident, &msg); err != nil {
				t.Fatal(err)
			}
			seen = append(seen, fmt.Sprint(msg.D.Shard))
		case <-time.After(30 * time.Second):
			t.Fatalf("identified %v, want two shards", seen)
		}
	}
	slices.Sort(seen)
	if !slices.Equal(seen, []string{"[1 4]", "[3 4]"}) {
		t.Errorf("shards identified %v, want [1 4] and [3 4]", seen)
	}
	// Interactions arriving on either connection are answered.
	for _, id := range []int{1, 3} {
		in := h.slashInteraction(alice, "help")
		body, _ := json.Marshal(in)
		gw.shard(t, id) <- body
		waitFor(t, "the response to the gateway interaction", func() bool {
			return len(h.fake.requests("/interactions/"+in.ID+"/")) > 0
		})
	}
	// Stop the bot first: were the fake gateway to drop the connection
	// while the session is open, discordgo would reconnect, racing with
	// itself (a data race inside discordgo v0.29.0's reconnect).
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("Run: %v", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("Run did not return after cancel")
	}
	close(gw.events)
}
