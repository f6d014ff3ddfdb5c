package main

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/taflbot/taflbot/storage"
)

// TestHTTPModeRunsAndShutsDown runs the real program in HTTP interactions
// mode against a fake REST API: it registers the commands, answers a
// signed PING, serves /healthz and /metrics, and on cancellation stops
// and closes the database.
func TestHTTPModeRunsAndShutsDown(t *testing.T) {
	rest, calls := fakeREST(t, func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "[]") })
	pub, priv, _ := ed25519.GenerateKey(nil)
	dir := t.TempDir()
	db := filepath.Join(dir, "t.db")
	// Port 0: the program listens on ports the system picks and logs
	// them. A port found free beforehand and closed could be taken by
	// another program (or an outgoing connection) before the bot binds it.
	cfg := writeConfig(t, fmt.Sprintf(`{"database": %q, "mode": "http", "application_id": "123", "public_key": %q,
		"interactions_listen": "127.0.0.1:0", "admin_listen": "127.0.0.1:0", "rest_base_url": %q, "log_format": "text"}`,
		db, hex.EncodeToString(pub), rest))
	env := func(k string) string {
		if k == "DISCORD_TOKEN" {
			return "secret-token-value"
		}
		return ""
	}
	ctx, cancel := context.WithCancel(context.Background())
	var stderr bytes.Buffer
	var stderrMu sync.Mutex
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"-config", cfg}, strings.NewReader(""), io.Discard, lockedWriter{&stderrMu, &stderr}, env)
	}()
	// Wait for both listeners to be logged (the start-up can take seconds
	// on a busy machine under -race), not a fixed 5 s of retries.
	listeningRE := regexp.MustCompile(`msg="(interactions|admin) listening" addr=(\S+)`)
	addrs := map[string]string{}
	deadline := time.Now().Add(30 * time.Second)
	for len(addrs) < 2 {
		select {
		case err := <-done:
			t.Fatalf("run ended before listening: %v", err)
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("not listening after 30 s: %v", addrs)
		}
		stderrMu.Lock()
		for _, m := range listeningRE.FindAllStringSubmatch(stderr.String(), -1) {
			addrs[m[1]] = m[2]
		}
		stderrMu.Unlock()
		time.Sleep(10 * time.Millisecond)
	}
	listen, admin := addrs["interactions"], addrs["admin"]
	body := []byte(`{"id":"1","application_id":"123","type":1,"token":"t","version":1}`)
	stamp := strconv.FormatInt(time.Now().Unix(), 10)
	req, _ := http.NewRequest("POST", "http://"+listen+"/", bytes.NewReader(body))
	req.Header.Set("X-Signature-Ed25519", hex.EncodeToString(ed25519.Sign(priv, append([]byte(stamp), body...))))
	req.Header.Set("X-Signature-Timestamp", stamp)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("interactions endpoint: %v", err)
	}
	out, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || strings.TrimSpace(string(out)) != `{"type":1}` {
		t.Errorf("PING: %d %s", resp.StatusCode, out)
	}
	for _, p := range []string{"/healthz", "/metrics"} {
		resp, err := http.Get("http://" + admin + p)
		if err != nil || resp.StatusCode != 200 {
			t.Errorf("%s: %v %v", p, resp, err)
			continue
		}
		resp.Body.Close()
	}
	registered := strings.Join(calls(), "\n")
	if !strings.Contains(registered, "PUT /api/v9/applications/123/commands") {
		t.Errorf("commands not registered; REST calls:\n%s", registered)
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("run: %v", err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("run did not stop after cancellation")
	}
	st, err := storage.Open(db, storage.Options{LockTimeout: time.Second})
	if err != nil {
		t.Fatalf("the database was not closed: %v", err)
	}
	st.Close()
	stderrMu.Lock()
	logs := stderr.String()
	stderrMu.Unlock()
	if strings.Contains(logs, "secret-token-value") {
		t.Error("the token appears in the logs")
	}
	if !strings.Contains(logs, "interactions listening") {
		t.Errorf("logs:\n%s", logs)
	}
}

type lockedWriter struct {
	mu *sync.Mutex
	w  io.Writer
}

func (l lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// failedStart runs the program in HTTP mode against a fake REST API that
// answers the registration of the commands with registerStatus, and
// returns run's error and the REST calls made.
func failedStart(t *testing.T, db, interactions, admin string, registerStatus int) ([]string, error) {
	t.Helper()
	rest, calls := fakeREST(t, func(w http.ResponseWriter, r *http.Request) {
		if r.Method == "PUT" && strings.HasSuffix(r.URL.Path, "/commands") && registerStatus != http.StatusOK {
			w.WriteHeader(registerStatus)
			io.WriteString(w, `{"message": "Invalid Form Body", "code": 50035}`)
			return
		}
		io.WriteString(w, "[]")
	})
	pub, _, _ := ed25519.GenerateKey(nil)
	cfg := writeConfig(t, fmt.Sprintf(`{"database": %q, "mode": "http", "application_id": "123", "public_key": %q,
		"interactions_listen": %q, "admin_listen": %q, "rest_base_url": %q, "log_format": "text", "backup_dir": %q}`,
		db, hex.EncodeToString(pub), interactions, admin, rest, filepath.Join(filepath.Dir(db), "backups")))
	env := func(k string) string {
		if k == "DISCORD_TOKEN" {
			return "secret-token-value"
		}
		return ""
	}
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	err := run(ctx, []string{"-config", cfg}, strings.NewReader(""), io.Discard, io.Discard, env)
	return calls(), err
}

// TestHTTPModeBindsBeforeItRegisters: HTTP mode registered the slash
// commands (and opened the database, creating a new file) before it
// bound its port: a port in use was reported only after a registration,
// and an admin_listen port in use left an empty new database file. The
// ports are bound first.
func TestHTTPModeBindsBeforeItRegisters(t *testing.T) {
	taken, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer taken.Close()
	for _, tc := range []struct{ key, interactions, admin string }{
		{"interactions_listen", taken.Addr().String(), "127.0.0.1:0"},
		{"admin_listen", "127.0.0.1:0", taken.Addr().String()},
	} {
		db := filepath.Join(t.TempDir(), "new.db")
		calls, err := failedStart(t, db, tc.interactions, tc.admin, http.StatusOK)
		if err == nil || !strings.HasPrefix(err.Error(), tc.key+" ") || !strings.Contains(err.Error(), "choose another port") {
			t.Errorf("%s in use: %v", tc.key, err)
		}
		for _, c := range calls {
			if strings.HasPrefix(c, "PUT ") {
				t.Errorf("%s in use: the commands were registered (%s)", tc.key, c)
			}
		}
		if _, err := os.Stat(db); err == nil {
			t.Errorf("%s in use: a new database file was left behind", tc.key)
		}
	}
}

// TestFailedStartLeavesNoNewDatabase: a start that failed after the
// database was opened (here Discord refusing the commands) left the new,
// empty database file it created. It removes it; a file that was there
// before stays.
func TestFailedStartLeavesNoNewDatabase(t *testing.T) {
	db := filepath.Join(t.TempDir(), "new.db")
	_, err := failedStart(t, db, "127.0.0.1:0", "", http.StatusBadRequest)
	if err == nil {
		t.Fatal("the start did not fail")
	}
	if _, serr := os.Stat(db); serr == nil {
		t.Errorf("a new database file was left behind after %v", err)
	}
	// Nor a backup of it: a new database gets its first backup after
	// backup_interval, not at start.
	time.Sleep(200 * time.Millisecond) // the backups ran beside the start
	if got, _ := os.ReadDir(filepath.Join(filepath.Dir(db), "backups")); len(got) > 0 {
		t.Errorf("a backup of the new database was left behind: %v", got)
	}
	// A file that was there (a previous start made it) is kept.
	st, err := storage.Open(db, storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	st.Close()
	if _, err := failedStart(t, db, "127.0.0.1:0", "", http.StatusBadRequest); err == nil {
		t.Fatal("the second start did not fail")
	}
	if _, err := os.Stat(db); err != nil {
		t.Errorf("an existing database file was removed: %v", err)
	}
}
