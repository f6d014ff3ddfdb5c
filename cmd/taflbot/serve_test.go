package main

import (
	"bufio"
	"bytes"
	"crypto/ed25519"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/taflbot/taflbot/bot"
	"github.com/taflbot/taflbot/storage"
)

// TestInteractionsServerSheds runs the interactions endpoint as the
// program serves it (serveOn with its limits, here shortened) on
// loopback, under the attack of the issue: 300 clients that announce a
// body of 1 MiB−1 (half of them) or 60 KB (the other half), send part
// of it and stall, and 500 clients that connect and send nothing. While
// they hold on, signed interactions are still answered at once: each in
// under 2 s, within Discord's 3 s, and before the attackers' shortest
// timeout (3 s) could have freed a connection or a worker for it (about
// 10 ms each on loopback, 33 ms at most under -race at a load of 9).
// Every stalled and idle client is disconnected: a server without the
// timeouts keeps them for ever, so the margin after the read timeout
// (10 s) is only for a busy machine.
func TestInteractionsServerSheds(t *testing.T) {
	stalled, idle := 300, 500
	var rl syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &rl); err == nil && rl.Cur < uint64(2*(stalled+idle)+200) {
		// Each client is two descriptors in this one process.
		stalled, idle = int(rl.Cur-200)/2*3/8, int(rl.Cur-200)/2*5/8
		t.Logf("open-file limit %d: %d stalled and %d idle clients", rl.Cur, stalled, idle)
	}
	pub, priv, _ := ed25519.GenerateKey(nil)
	st, err := storage.Open(filepath.Join(t.TempDir(), "t.db"), storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	sess, _ := bot.NewSession("t", "http://127.0.0.1:1/api/v9/", nil)
	b, err := bot.New(bot.Options{Store: st, REST: bot.SessionREST{S: sess}, Engine: bot.AIEngine{}, PublicKey: pub})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Stop(5 * time.Second)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	limits := interactionsLimits
	limits.readHeader, limits.read, limits.idle = 3*time.Second, 4*time.Second, 4*time.Second
	logger := slog.New(slog.DiscardHandler)
	stop := serveOn(t.Context(), logger, "interactions", ln, b.InteractionsHandler(t.Context()), limits)
	defer stop()
	addr := ln.Addr().String()

	var conns []net.Conn
	defer func() {
		for _, c := range conns {
			c.Close()
		}
	}()
	start := time.Now()
	for i := range stalled {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatalf("stalled client %d: %v", i, err)
		}
		length, send := 1<<20-1, 64<<10
		if i%2 == 1 {
			length, send = 60_000, 30_000
		}
		fmt.Fprintf(c, "POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n", length)
		c.Write(bytes.Repeat([]byte("x"), send))
		conns = append(conns, c)
	}
	for i := range idle {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatalf("idle client %d: %v", i, err)
		}
		conns = append(conns, c)
	}
	connected := time.Now() // the last client's timeouts run from about now
	// Meanwhile, Discord's interactions are answered at once.
	client := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}}
	signed := func(body string) time.Duration {
		t.Helper()
		stamp := strconv.FormatInt(time.Now().Unix(), 10)
		req, _ := http.NewRequest("POST", "http://"+addr+"/", strings.NewReader(body))
		req.Header.Set("X-Signature-Ed25519", hex.EncodeToString(ed25519.Sign(priv, []byte(stamp+body))))
		req.Header.Set("X-Signature-Timestamp", stamp)
		t0 := time.Now()
		resp, err := client.Do(req)
		if err != nil {
			t.Fatalf("a signed interaction: %v", err)
		}
		out, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		d := time.Since(t0)
		if resp.StatusCode != 200 || !bytes.Contains(out, []byte(`"type"`)) {
			t.Fatalf("a signed interaction: %d %s", resp.StatusCode, out)
		}
		return d
	}
	for i := 0; time.Since(start) < limits.read; i++ {
		body := fmt.Sprintf(`{"id":"%d","application_id":"555","type":1,"token":"t","version":1}`, i+1)
		if i%2 == 1 {
			body = fmt.Sprintf(`{"id":"%d","application_id":"555","type":2,"token":"t","guild_id":"9","channel_id":"8","member":{"user":{"id":"7"}},"data":{"name":"tafl","options":[{"name":"help","type":1}]}}`, i+1)
		}
		if d := signed(body); d > 2*time.Second {
			t.Errorf("a signed interaction took %v with %d stalled and %d idle clients", d, stalled, idle)
		}
		time.Sleep(100 * time.Millisecond)
	}
	// Every attacking client has been disconnected: reading finds the end
	// (after a 413 or 400 answer for those that sent a body).
	deadline := connected.Add(limits.read + 10*time.Second)
	var wg sync.WaitGroup
	var mu sync.Mutex
	open := 0
	for _, c := range conns {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c.SetReadDeadline(deadline)
			_, err := io.Copy(io.Discard, bufio.NewReader(c))
			if errors.Is(err, os.ErrDeadlineExceeded) {
				mu.Lock()
				open++
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if open > 0 {
		t.Errorf("%d of %d stalled or idle clients were still connected %v after they connected", open, len(conns), time.Until(deadline)+time.Since(start))
	}
}

// TestListenAddressInUse: a listener whose port is taken names its
// config key and says what to do (it said "admin listener on …: bind:
// address already in use").
func TestListenAddressInUse(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	addr := ln.Addr().String()
	ln2, err := listen("admin", addr)
	if err == nil {
		ln2.Close()
		t.Fatal("a second listener on the same port started")
	}
	if !strings.HasPrefix(err.Error(), "admin_listen "+addr+": ") || !strings.Contains(err.Error(), "stop it, or choose another port") {
		t.Errorf("err = %v", err)
	}
}
