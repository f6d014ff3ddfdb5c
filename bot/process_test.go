package bot_test

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/taflbot/taflbot/bot"
	"github.com/taflbot/taflbot/render"
	"github.com/taflbot/taflbot/storage"
	"github.com/taflbot/taflbot/tafl"
	"github.com/taflbot/taflbot/tafl/ai"
)

// Multi-process tests run taflbot processes for real: the test binary
// starts itself again with childEnv set, and TestMain makes that child run
// a Bot (no tests) on the
// PostgreSQL database and the fake Discord the parent gives it, with the
// roles, engine and lease it is told, until its standard input closes
// (a clean stop) or it is killed. It prints "ready" once started, and
// the stall engine prints "thinking" when it is asked for a move.

const childEnv = "TAFLBOT_BOT_CHILD"

// TestMain runs the child process's bot when this binary was started as
// one, and the tests otherwise.
func TestMain(m *testing.M) {
	if os.Getenv(childEnv) != "" {
		if err := runChild(); err != nil {
			fmt.Fprintln(os.Stderr, "child:", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// childSpec configures a child process.
type childSpec struct {
	db      string        // PostgreSQL URL
	rest    string        // fake Discord REST base URL
	roles   string        // comma-separated: interactions, engine, clock
	engine  string        // "stall", "policy", "nodes:N" or "sleep:DURATION"
	lease   time.Duration // engine claim lease
	workers int           // engine workers
	sweep   time.Duration // sweep interval
	retry   time.Duration // engine retry interval (0: the default, a minute)
	name    string        // worker name
}

func (c childSpec) env() []string {
	return append(os.Environ(), childEnv+"=1",
		"CHILD_DB="+c.db, "CHILD_REST="+c.rest, "CHILD_ROLES="+c.roles, "CHILD_ENGINE="+c.engine,
		"CHILD_LEASE="+c.lease.String(), "CHILD_WORKERS="+strconv.Itoa(c.workers),
		"CHILD_SWEEP="+c.sweep.String(), "CHILD_RETRY="+c.retry.String(), "CHILD_NAME="+c.name)
}

func runChild() error {
	lease, _ := time.ParseDuration(os.Getenv("CHILD_LEASE"))
	sweep, _ := time.ParseDuration(os.Getenv("CHILD_SWEEP"))
	retry, _ := time.ParseDuration(os.Getenv("CHILD_RETRY"))
	workers, _ := strconv.Atoi(os.Getenv("CHILD_WORKERS"))
	var roles bot.Role
	for _, r := range strings.Split(os.Getenv("CHILD_ROLES"), ",") {
		switch r {
		case "interactions":
			roles |= bot.RoleInteractions
		case "engine":
			roles |= bot.RoleEngine
		case "clock":
			roles |= bot.RoleClock
		}
	}
	var out sync.Mutex
	say := func(format string, args ...any) {
		out.Lock()
		defer out.Unlock()
		fmt.Printf(format+"\n", args...)
	}
	engine, err := childEngine(os.Getenv("CHILD_ENGINE"), func() { say("thinking") })
	if err != nil {
		return err
	}
	st, err := storage.Open(os.Getenv("CHILD_DB"), storage.Options{MaxConns: 4})
	if err != nil {
		return err
	}
	defer st.Close()
	sess, err := bot.NewSession("test-token", os.Getenv("CHILD_REST"), nil)
	if err != nil {
		return err
	}
	b, err := bot.New(bot.Options{
		Logger: slog.New(sayingHandler{inner: slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelDebug}),
			level: childLogLevel(), say: func() { say(parkedLine) }}),
		Store: st, REST: bot.SessionREST{S: sess}, Engine: engine, AppID: "555",
		Roles: roles, EngineLease: lease, AIWorkers: workers, SweepInterval: sweep, EngineRetry: retry,
		Worker: os.Getenv("CHILD_NAME"), Render: render.Options{Size: 240},
	})
	if err != nil {
		return err
	}
	ctx, cancel := context.WithCancel(context.Background())
	b.Start(ctx)
	say("ready")
	io.Copy(io.Discard, os.Stdin) // until the parent closes it
	cancel()
	b.Stop(10 * time.Second)
	return nil
}

// childEngine makes a child's engine: "stall" never answers (it says so
// and waits for its context), "policy" plays at once, "nodes:N" searches
// N nodes, "sleep:D" waits D (as if it thought on another machine) and
// then plays at once.
func childEngine(spec string, thinking func()) (bot.Engine, error) {
	kind, arg, _ := strings.Cut(spec, ":")
	switch kind {
	case "stall":
		return stallEngine{thinking}, nil
	case "policy":
		return newPolicyEngine(uint64(os.Getpid())), nil
	case "nodes":
		n, err := strconv.ParseInt(arg, 10, 64)
		return nodeEngine{n}, err
	case "sleep":
		d, err := time.ParseDuration(arg)
		p := newPolicyEngine(uint64(os.Getpid()))
		p.delay = d
		return p, err
	}
	return nil, fmt.Errorf("unknown engine %q", spec)
}

// stallEngine is a search that never ends: the process dies mid-think.
type stallEngine struct{ thinking func() }

func (e stallEngine) Move(ctx context.Context, _ *tafl.Game, _ string, _ time.Duration) (tafl.Move, error) {
	e.thinking()
	<-ctx.Done()
	return tafl.NoMove, ctx.Err()
}

// nodeEngine searches a fixed number of nodes: the same work on any
// machine, whatever its load.
type nodeEngine struct{ nodes int64 }

func (e nodeEngine) Move(ctx context.Context, g *tafl.Game, _ string, _ time.Duration) (tafl.Move, error) {
	res, err := ai.Search(ctx, g, ai.Limits{Nodes: e.nodes, HashMB: 4, Seed: uint64(g.Len())})
	return res.Move, err
}

// child is a running child process.
type child struct {
	t     testing.TB
	cmd   *exec.Cmd
	stdin io.WriteCloser
	done  chan struct{}

	mu    sync.Mutex
	lines []string      // said and not yet expected, in order
	said  chan struct{} // closed and replaced when a line arrives
}

// startChild starts a child process and waits until it is ready.
func startChild(t testing.TB, spec childSpec) *child {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = spec.env()
	cmd.Stderr = os.Stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	c := &child{t: t, cmd: cmd, stdin: stdin, done: make(chan struct{}), said: make(chan struct{})}
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			c.mu.Lock()
			c.lines = append(c.lines, sc.Text())
			close(c.said)
			c.said = make(chan struct{})
			c.mu.Unlock()
		}
		cmd.Wait()
		close(c.done)
	}()
	t.Cleanup(c.kill)
	c.expect("ready", 30*time.Second)
	return c
}

// expect waits until the child has said line (lines may come in any
// order: a worker may think before the child says it is ready).
func (c *child) expect(line string, within time.Duration) {
	c.t.Helper()
	timeout := time.After(within)
	for {
		c.mu.Lock()
		if i := slices.Index(c.lines, line); i >= 0 {
			c.lines = slices.Delete(c.lines, i, i+1)
			c.mu.Unlock()
			return
		}
		said := c.said
		c.mu.Unlock()
		select {
		case <-said:
		case <-c.done:
			c.t.Fatalf("the child ended before saying %q", line)
		case <-timeout:
			c.t.Fatalf("the child did not say %q within %s", line, within)
		}
	}
}

// has reports whether the child has said line (and takes it, as expect
// does), without waiting.
func (c *child) has(line string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	i := slices.Index(c.lines, line)
	if i >= 0 {
		c.lines = slices.Delete(c.lines, i, i+1)
	}
	return i >= 0
}

// stop asks the child to stop and waits for it.
func (c *child) stop() {
	c.t.Helper()
	c.stdin.Close()
	select {
	case <-c.done:
	case <-time.After(30 * time.Second):
		c.t.Error("the child did not stop")
		c.kill()
	}
}

// kill kills the child with SIGKILL: no clean-up of any kind.
func (c *child) kill() {
	select {
	case <-c.done:
		return
	default:
	}
	c.cmd.Process.Signal(syscall.SIGKILL)
	<-c.done
}

// parkedLine is what a child says when an engine move waits for another
// claim to end (the bot's debug line), for a test to wait for.
const parkedLine = "parked"

// sayingHandler passes a child's log records at level or above to inner,
// and says parkedLine when an engine move waits for another claim to end.
type sayingHandler struct {
	inner slog.Handler
	level slog.Level
	say   func()
}

func (h sayingHandler) Enabled(context.Context, slog.Level) bool { return true }

func (h sayingHandler) Handle(ctx context.Context, r slog.Record) error {
	if r.Message == "engine: the move waits for another claim to end" {
		h.say()
	}
	if r.Level < h.level {
		return nil
	}
	return h.inner.Handle(ctx, r)
}

func (h sayingHandler) WithAttrs(as []slog.Attr) slog.Handler {
	return sayingHandler{h.inner.WithAttrs(as), h.level, h.say}
}

func (h sayingHandler) WithGroup(name string) slog.Handler {
	return sayingHandler{h.inner.WithGroup(name), h.level, h.say}
}

// childLogLevel is Warn, or Debug with CHILD_DEBUG=1 (to see a child's work).
func childLogLevel() slog.Level {
	if os.Getenv("CHILD_DEBUG") == "1" {
		return slog.LevelDebug
	}
	return slog.LevelWarn
}
