package bot_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/bot"
	"github.com/taflbot/taflbot/storage"
	"github.com/taflbot/taflbot/tafl"
)

// taflBinary builds `tafl` (cmd/tafl) once for the tests that use
// `tafl otep` as the external engine.
var taflBinary = func() func(t *testing.T) string {
	var path string
	var err error
	built := false
	return func(t *testing.T) string {
		t.Helper()
		if !built {
			built = true
			dir, derr := os.MkdirTemp("", "taflbot-bot-test-")
			if derr != nil {
				t.Fatal(derr)
			}
			path = filepath.Join(dir, "tafl")
			out, berr := exec.Command("go", "build", "-o", path, "github.com/taflbot/taflbot/cmd/tafl").CombinedOutput()
			if berr != nil {
				err = berr
				t.Logf("%s", out)
			}
		}
		if err != nil {
			t.Fatalf("building tafl: %v", err)
		}
		return path
	}
}()

// engineHarness is a harness whose bot offers the external engines.
func engineHarness(t *testing.T, idle time.Duration, engines ...bot.ExternalEngine) *harness {
	t.Helper()
	h := newHarness(t, nil)
	h.adjust = func(o *bot.Options) { o.Engines, o.EngineIdle = engines, idle }
	h.restart()
	return h
}

// script writes an executable shell script into dir.
func script(t *testing.T, dir, name, body string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte("#!/bin/sh\n"+body), 0o755); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestExternalEngineGame: a player chooses `tafl otep` (an external
// engine in the bot's configuration) in /tafl ai and plays it to the end.
// $TAFLBOT_TEST_ENGINE, a command line split at spaces, plays instead
// (this is how OpenTafl's engine was tried in the bot, see docs/ENGINE.md).
func TestExternalEngineGame(t *testing.T) {
	e := bot.ExternalEngine{Name: "tafl-otep", Think: 200 * time.Millisecond}
	if c := os.Getenv("TAFLBOT_TEST_ENGINE"); c != "" {
		// OpenTafl's engine thinks a second less than the time it is
		// given, and writes its log into its directory.
		e.Command, e.Think, e.Dir = strings.Fields(c), 3*time.Second, t.TempDir()
	} else {
		e.Command = []string{taflBinary(t), "otep", "-depth", "1"}
	}
	h := engineHarness(t, time.Minute, e)
	r, _ := h.slash(alice, "ai", opt("variant", "brandubh"), opt("side", "defenders"), opt("engine", "tafl-otep"))
	if isEphemeral(r) || !strings.Contains(r.Content, "the engine **tafl-otep**") {
		t.Fatalf("ai with the engine: %q", r.Content)
	}
	g := waitPly(t, h, 1)
	if g.Attackers.AILevel != "engine:tafl-otep" {
		t.Fatalf("the attackers' seat is %+v", g.Attackers)
	}
	rnd := rand.New(rand.NewPCG(7, 0))
	for g.Active() {
		if g.Ply() > 300 {
			t.Fatal("the game does not end")
		}
		m := policyMove(g.Tafl(), rnd)
		if r, _ := h.slash(alice, "move", opt("move", m.String())); isEphemeral(r) {
			t.Fatalf("move %s refused: %s", m, r.Content)
		}
		g = waitPly(t, h, g.Ply()+2)
	}
	if o := g.Outcome(); o.Reason == tafl.Resignation {
		t.Log(h.logs.lines("engine:"))
		t.Fatalf("the game ended by %v: the engine failed", o)
	}
	played := 0
	for _, rec := range h.fake.requests("/channels/" + channel + "/messages") {
		if rec.Method == "POST" && strings.Contains(decode(t, rec.Body).Content, "**tafl-otep** played") {
			played++
		}
	}
	if played == 0 {
		t.Error("no board says the engine played")
	}
	t.Logf("%d plies, %d of them the engine's; %v", g.Ply(), played, g.Outcome())
}

// Engines that misbehave lose their game with a message that says why,
// and the bot goes on.
func TestExternalEngineMisbehaves(t *testing.T) {
	dir := t.TempDir()
	illegal := script(t, dir, "illegal", "echo hello\nwhile read cmd rest; do case $cmd in play) echo 'move a1-a1';; goodbye) exit 0;; esac; done\n")
	dies := script(t, dir, "dies", "echo hello\nread line\nexit 3\n")
	bare := script(t, dir, "bare", "echo hello\nwhile read cmd rest; do case $cmd in play) echo 'move';; goodbye) exit 0;; esac; done\n")
	silent := script(t, dir, "silent", "echo hello\nwhile read line; do :; done\n")
	// deaf asks for the rules without end and never reads its input: the
	// bot's answers fill the pipe and a write would block for ever.
	deaf := script(t, dir, "deaf", "echo hello\nyes rules\n")
	h := engineHarness(t, time.Minute,
		bot.ExternalEngine{Name: "illegal", Command: []string{illegal}},
		bot.ExternalEngine{Name: "dies", Command: []string{dies}},
		bot.ExternalEngine{Name: "bare", Command: []string{bare}},
		bot.ExternalEngine{Name: "silent", Command: []string{silent}, Think: 100 * time.Millisecond, Timeout: 500 * time.Millisecond},
		bot.ExternalEngine{Name: "deaf", Command: []string{deaf}, Think: 100 * time.Millisecond, Timeout: 500 * time.Millisecond},
		bot.ExternalEngine{Name: "missing", Command: []string{filepath.Join(dir, "no-such-engine")}})
	for _, c := range []struct{ engine, user, why string }{
		{"illegal", alice, "played an illegal move (a1-a1, then again after it was refused)"},
		{"dies", bob, "stopped running"},
		{"bare", "555", `played an illegal move ("", then again after it was refused)`},
		{"silent", carol, "did not answer in time"},
		{"deaf", "666", "did not answer in time"},
		{"missing", "444", "could not be started"},
	} {
		if r, _ := h.slash(c.user, "ai", opt("variant", "brandubh"), opt("side", "defenders"), opt("engine", c.engine)); isEphemeral(r) {
			t.Fatalf("%s: %s", c.engine, r.Content)
		}
		var g *storage.Game
		waitFor(t, c.engine+"'s forfeit", func() bool { g = gameOf(t, h, c.user); return !g.Active() })
		if o := g.Outcome(); o.Winner != tafl.Defenders || o.Reason != tafl.Resignation {
			t.Errorf("%s: the game ended %v, want a loss for the engine", c.engine, o)
		}
		// The result says the engine failed, not that it resigned.
		want := "The engine **" + c.engine + "** " + c.why
		waitFor(t, c.engine+"'s message", func() bool {
			for _, rec := range h.fake.requests("/channels/" + channel + "/messages") {
				if text := decode(t, rec.Body).Content; rec.Method == "POST" && strings.Contains(text, want) {
					if !strings.Contains(text, "**Defenders win** — the engine failed. Congratulations") {
						t.Errorf("%s: the result line: %q", c.engine, text)
					}
					return true
				}
			}
			return false
		})
	}
	// The bot still answers.
	if r, _ := h.slash(alice, "rules", opt("variant", "brandubh")); isEphemeral(r) && strings.Contains(r.Content, "error") {
		t.Errorf("after the failures: %q", r.Content)
	}
}

// An engine's processes are started on demand, shared by games up to
// MaxProcesses, and stopped when idle.
func TestExternalEngineProcesses(t *testing.T) {
	bin := taflBinary(t)
	dir := t.TempDir()
	pids := filepath.Join(dir, "pids")
	wrapper := script(t, dir, "engine", "echo $$ >> "+pids+"\nexec "+bin+" otep -depth 1\n")
	h := engineHarness(t, 400*time.Millisecond, bot.ExternalEngine{Name: "tafl", Command: []string{wrapper}, Think: 100 * time.Millisecond, MaxProcesses: 1})
	if _, err := os.Stat(pids); err == nil {
		t.Fatal("a process was started before any game")
	}
	for _, u := range []string{alice, bob} {
		if r, _ := h.slash(u, "ai", opt("variant", "brandubh"), opt("side", "defenders"), opt("engine", "tafl")); isEphemeral(r) {
			t.Fatal(r.Content)
		}
	}
	for _, u := range []string{alice, bob} {
		waitFor(t, "the engine's first move for "+u, func() bool { return gameOf(t, h, u).Ply() >= 1 })
	}
	data, _ := os.ReadFile(pids)
	lines := strings.Fields(string(data))
	if len(lines) != 1 {
		t.Fatalf("%d processes for two games, want 1 (max_processes 1): %v", len(lines), lines)
	}
	pid, _ := strconv.Atoi(lines[0])
	// Idle time is measured on the bot's clock: however long the moves
	// above took on a busy machine, the process was never idle 400 ms.
	if syscall.Kill(pid, 0) != nil {
		t.Fatal("the process was stopped before it was idle for 400 ms")
	}
	h.clock.Advance(time.Second)
	waitFor(t, "the idle process to be stopped", func() bool { return syscall.Kill(pid, 0) != nil })
	// The next move starts a new one.
	g := gameOf(t, h, alice)
	if r, _ := h.slash(alice, "move", opt("move", policyMove(g.Tafl(), rand.New(rand.NewPCG(1, 0))).String())); isEphemeral(r) {
		t.Fatal(r.Content)
	}
	waitPly(t, h, 3)
	data, _ = os.ReadFile(pids)
	if n := len(strings.Fields(string(data))); n != 2 {
		t.Errorf("%d processes after the idle stop and a new move, want 2", n)
	}
}

// The engine option appears in /tafl ai when engines are configured, and
// bad configurations are refused.
func TestExternalEngineConfig(t *testing.T) {
	var ai *discordgo.ApplicationCommandOption
	for _, o := range bot.CommandsWith([]string{"opentafl", "tafl"})[0].Options {
		if o.Name == "ai" {
			ai = o
		}
	}
	var engine *discordgo.ApplicationCommandOption
	for _, o := range ai.Options {
		if o.Name == "engine" {
			engine = o
		}
	}
	if engine == nil || len(engine.Choices) != 2 || engine.Choices[0].Value != "opentafl" {
		t.Fatalf("engine option %+v", engine)
	}
	for _, o := range bot.Commands()[0].Options {
		if o.Name == "ai" && len(o.Options) != 5 {
			t.Errorf("without engines /tafl ai has %d options, want 5 (variant, side, level, days, time)", len(o.Options))
		}
	}
	for _, c := range []struct {
		list []bot.ExternalEngine
		sub  string
	}{
		{[]bot.ExternalEngine{{Name: "a b", Command: []string{"x"}}}, "letters, digits"},
		{[]bot.ExternalEngine{{Name: "x", Command: []string{"x"}}, {Name: "X", Command: []string{"y"}}}, "listed twice (names are told apart without regard to case): give each engine a name of its own"},
		{[]bot.ExternalEngine{{Name: "x"}}, `has no command: give its program and arguments as a list, such as "command": [`},
		// Not "from 0 to 10 minutes": a think of "0s" is refused by the config too (not a duration above 0).
		{[]bot.ExternalEngine{{Name: "x", Command: []string{"x"}, Think: time.Hour}}, `engine "x": think 1h0m0s is too long: give at most 10 minutes`},
		// A timeout no longer than think loses every game on time.
		{[]bot.ExternalEngine{{Name: "x", Command: []string{"x"}, Think: time.Minute, Timeout: 10 * time.Second}}, "timeout 10s is not longer than think 1m0s"},
		{[]bot.ExternalEngine{{Name: "x", Command: []string{"x"}, Timeout: 5 * time.Second}}, "timeout 5s is not longer than think 5s"},
	} {
		if _, err := bot.CheckEngines(c.list); err == nil || !strings.Contains(err.Error(), c.sub) {
			t.Errorf("%+v: error %v, want one containing %q", c.list, err, c.sub)
		}
	}
	// Every problem is reported, of every engine, each an error of its own.
	_, err := bot.CheckEngines([]bot.ExternalEngine{{Name: "a b", Think: time.Hour}, {Name: "y", Command: []string{"y"}, MaxProcesses: 99}})
	var joined interface{ Unwrap() []error }
	if !errors.As(err, &joined) || len(joined.Unwrap()) != 4 {
		t.Errorf("two engines with four problems: %v", err)
	}
	got, err := bot.CheckEngines([]bot.ExternalEngine{{Name: "x", Command: []string{"x"}}})
	if err != nil || got[0].Think != 5*time.Second || got[0].MaxProcesses != 2 || got[0].Timeout != 35*time.Second {
		t.Errorf("defaults: %+v, %v", got, err)
	}
	// An unknown engine, or a level with an engine, is refused privately.
	h := engineHarness(t, time.Minute, bot.ExternalEngine{Name: "tafl", Command: []string{"/bin/true"}})
	if r, _ := h.slash(alice, "ai", opt("engine", "nope")); !isEphemeral(r) || !strings.Contains(r.Content, "no engine called") {
		t.Errorf("unknown engine: %q", r.Content)
	}
	if r, _ := h.slash(alice, "ai", opt("engine", "tafl"), opt("level", "hard")); !isEphemeral(r) || !strings.Contains(r.Content, "not both") {
		t.Errorf("level and engine: %q", r.Content)
	}
}

// TestEngineTakenOutOfTheConfiguration: a game against an engine that
// the operator took out of the configuration since is lost by the engine
// at its move, and the board says why in words of the game's language (it
// said "failed (no such engine in the bot's configuration)", in English
// whatever the language).
func TestEngineTakenOutOfTheConfiguration(t *testing.T) {
	h := engineHarness(t, time.Minute, bot.ExternalEngine{Name: "gone", Command: []string{"/bin/true"}})
	h.slash(carol, "settings", opt("server_language", "da"))
	if r, _ := h.slash(alice, "ai", opt("variant", "brandubh"), opt("side", "attackers"), opt("engine", "gone")); isEphemeral(r) {
		t.Fatalf("ai: %s", r.Content)
	}
	h.adjust = func(o *bot.Options) { o.Engines = nil }
	h.restart()
	if r, _ := h.slash(alice, "move", opt("move", "d2-c2")); isEphemeral(r) {
		t.Fatalf("move: %s", r.Content)
	}
	want := "Motoren **gone** er ikke længere sat op på denne bot"
	waitFor(t, "the engine's loss", func() bool {
		for _, rec := range h.fake.requests("/channels/" + channel + "/messages") {
			if text := decode(t, rec.Body).Content; rec.Method == "POST" && strings.Contains(text, want) {
				// After a move too the result says the engine failed.
				if !strings.Contains(text, "motoren svigtede") || strings.Contains(text, "opgivelse") {
					t.Errorf("the result line: %q", text)
				}
				return true
			}
		}
		return false
	})
	if g := gameOf(t, h, alice); g.Active() {
		t.Errorf("the game goes on: %+v", g.Outcome())
	}
}

// TestStartWarnsOfGamesAgainstAnEngineTakenOut: at start-up the bot warns
// of the active games against an engine the configuration no longer
// lists, naming the engine, how many games, their ids (at most ten) and
// what to do; it said nothing, and each game was lost by the engine at
// its next move. Finished games and games against a listed engine or
// taflbot's own are not named.
func TestStartWarnsOfGamesAgainstAnEngineTakenOut(t *testing.T) {
	h := engineHarness(t, time.Minute, bot.ExternalEngine{Name: "gone", Command: []string{"/bin/true"}}, bot.ExternalEngine{Name: "kept", Command: []string{"/bin/true"}})
	create := func(engine string, over bool) storage.GameID {
		g, err := storage.NewGame("brandubh", "")
		if err != nil {
			t.Fatal(err)
		}
		// The attackers, a player, move first: the engine is not asked.
		g.GuildID, g.ChannelID, g.Attackers, g.Defenders = guild, channel, storage.Human(alice), storage.AI(engine)
		if err := h.store.CreateGame(t.Context(), g); err != nil {
			t.Fatal(err)
		}
		if over {
			if _, err := h.store.UpdateGame(t.Context(), g.ID, 0, func(g *storage.Game) error { return g.Tafl().Resign(tafl.Attackers) }); err != nil {
				t.Fatal(err)
			}
		}
		return g.ID
	}
	create("engine:gone", true)
	var ids []string
	for range 12 {
		ids = append(ids, fmt.Sprint(create("engine:gone", false)))
	}
	create("engine:kept", false)
	create("easy", false)
	h.adjust = func(o *bot.Options) { o.Engines = []bot.ExternalEngine{{Name: "kept", Command: []string{"/bin/true"}}} }
	h.restart()
	lines := h.logs.lines("not in the configuration")
	if len(lines) != 1 {
		t.Fatalf("warnings of engines taken out: %q", lines)
	}
	for _, want := range []string{`"level":"WARN"`, "put it back and restart, or the engine loses each of these games when its move is due",
		`"engine":"gone"`, `"games":12`, `"game_ids":[` + strings.Join(ids[:10], ",") + `]`, `"more":2`} {
		if !strings.Contains(lines[0], want) {
			t.Errorf("the warning lacks %s: %s", want, lines[0])
		}
	}
}

// TestExternalEngineLiveClock: in a live game the external engine was
// sent its think time whatever its own clock (think 30 s on a 1+0 clock:
// it would flag within a few moves, though DISCORD.md says the engine
// thinks within its own remaining time); it is given the smaller of think
// and what its clock allows, as taflbot's own engine is.
func TestExternalEngineLiveClock(t *testing.T) {
	dir := t.TempDir()
	transcript := filepath.Join(dir, "session.otep")
	e := bot.ExternalEngine{Name: "tafl-otep", Command: []string{taflBinary(t), "otep", "-depth", "1", "-transcript", transcript}, Think: 30 * time.Second}
	h := engineHarness(t, time.Minute, e)
	if r, _ := h.slash(alice, "ai", opt("variant", "brandubh"), opt("side", "defenders"), opt("engine", "tafl-otep"), opt("time", "1+0")); isEphemeral(r) {
		t.Fatalf("ai with the engine on a clock: %q", r.Content)
	}
	waitPly(t, h, 1)
	data, err := os.ReadFile(transcript)
	if err != nil {
		t.Fatal(err)
	}
	var clock string
	for _, l := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(l, "> clock ") {
			clock = l
		}
	}
	// A minute on the clock: a budget of about 2 s (a thirtieth).
	f := strings.Fields(strings.TrimPrefix(clock, "> clock "))
	ms, err := strconv.Atoi(strings.TrimSuffix(f[0], "*"))
	if len(f) != 5 || err != nil || ms <= 0 || ms > 2000 {
		t.Errorf("the engine was sent %q on a 1+0 clock, want at most 2 s a move, not its think of 30 s:\n%s", clock, data)
	}
	// In a correspondence game it has its think time.
	h2 := engineHarness(t, time.Minute, e)
	os.Remove(transcript)
	if r, _ := h2.slash(alice, "ai", opt("variant", "brandubh"), opt("side", "defenders"), opt("engine", "tafl-otep")); isEphemeral(r) {
		t.Fatalf("ai with the engine: %q", r.Content)
	}
	waitPly(t, h2, 1)
	if data, _ := os.ReadFile(transcript); !strings.Contains(string(data), "> clock 30000* 30000* 30 1 1\n") {
		t.Errorf("a correspondence game's clock line:\n%s\nwant think, 30 s", data)
	}
}

// TestEngineFailingAfterTheGameEndedIsNoError: an external engine that
// fails after its game has ended (its player aborted it while the engine
// was starting) has no game left to lose: it was logged as an error
// ("engine: ending the game of a failed engine … not the engine's turn")
// besides the engine's own failure.
func TestEngineFailingAfterTheGameEndedIsNoError(t *testing.T) {
	dir := t.TempDir()
	started, gate := filepath.Join(dir, "started"), filepath.Join(dir, "go")
	late := script(t, dir, "late", "touch '"+started+"'\nwhile [ ! -e '"+gate+"' ]; do sleep 0.02; done\nexit 3\n")
	h := engineHarness(t, time.Minute, bot.ExternalEngine{Name: "late", Command: []string{late}})
	if r, _ := h.slash(alice, "ai", opt("variant", "brandubh"), opt("side", "attackers"), opt("engine", "late")); isEphemeral(r) {
		t.Fatal(r.Content)
	}
	if r, _ := h.slash(alice, "move", opt("move", gameOf(t, h, alice).Tafl().LegalMoves()[0].String())); isEphemeral(r) {
		t.Fatal(r.Content)
	}
	waitFor(t, "the engine to start", func() bool { _, err := os.Stat(started); return err == nil })
	// Aborted in another process sharing the database (one that ends
	// here stops its search at once: TestGameEndedStopsItsSearchAtOnce).
	abortElsewhere(t, h)
	if err := os.WriteFile(gate, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the engine's failure", func() bool { return len(h.logs.lines("an external engine failed")) > 0 })
	h.settle()
	if g := gameOf(t, h, alice); g.Outcome() != (tafl.Outcome{Winner: tafl.NoSide, Reason: tafl.Aborted}) {
		t.Errorf("outcome %+v, want aborted", g.Outcome())
	}
	if lines := h.logs.lines(`"level":"ERROR"`); len(lines) != 0 {
		t.Errorf("logged as errors: %q", lines)
	}
}

// TestDrawAgainstAnotherEngine: /tafl draw against another engine (the
// operator's, not taflbot's) said "I don't agree to draws", as if the
// bot were the opponent; it names the engine, which draw offers cannot
// reach, and says to play on or resign (or abort, before both sides have
// moved).
func TestDrawAgainstAnotherEngine(t *testing.T) {
	h := engineHarness(t, time.Minute, bot.ExternalEngine{Name: "otep", Command: []string{taflBinary(t), "otep", "-depth", "1"}, Think: 200 * time.Millisecond})
	if r, _ := h.slash(alice, "ai", opt("variant", "brandubh"), opt("side", "defenders"), opt("engine", "otep")); isEphemeral(r) {
		t.Fatal(r.Content)
	}
	g := waitPly(t, h, 1)
	want := "Draws can't be offered to the engine **otep**: play on, or abort the game with `/tafl resign` (a game that ends before both sides have moved has no result)."
	if r, _ := h.slash(alice, "draw"); !isEphemeral(r) || r.Content != want {
		t.Errorf("/tafl draw against another engine before both sides moved: %q, want %q", r.Content, want)
	}
	m := policyMove(g.Tafl(), rand.New(rand.NewPCG(1, 0)))
	if r, _ := h.slash(alice, "move", opt("move", m.String())); isEphemeral(r) {
		t.Fatalf("move %s refused: %s", m, r.Content)
	}
	if g = waitPly(t, h, 3); !g.Active() {
		t.Fatalf("the game ended: %v", g.Outcome())
	}
	want = "Draws can't be offered to the engine **otep**: play on, or resign."
	if r, _ := h.slash(alice, "draw"); !isEphemeral(r) || r.Content != want {
		t.Errorf("/tafl draw against another engine after both sides moved: %q, want %q", r.Content, want)
	}
}

// abortElsewhere aborts alice's game as another process sharing the
// store does: this process's search of it runs on until a renewal of its
// claim, or the engine's answer.
func abortElsewhere(t *testing.T, h *harness) {
	t.Helper()
	if _, err := h.store.UpdateGame(t.Context(), gameOf(t, h, alice).ID, -1, func(g *storage.Game) error { return g.Tafl().Abort() }); err != nil {
		t.Fatal(err)
	}
}

// TestEngineFailingAfterItsGameEndedLosesNothing: an external engine that
// failed after its game had ended (here it dies while the player aborts
// the game in another process) was logged as failing "and loses its game", counted as an
// engine failure in /metrics, and then as an error ending that game; the
// game stays as the player left it, and the failure is logged at info.
func TestEngineFailingAfterItsGameEndedLosesNothing(t *testing.T) {
	dir := t.TempDir()
	asked := filepath.Join(dir, "asked")
	dies := script(t, dir, "dies", "echo hello\nread line\ntouch "+asked+"\nsleep 2\nexit 3\n")
	h := engineHarness(t, time.Minute, bot.ExternalEngine{Name: "dies", Command: []string{dies}})
	h.slash(alice, "ai", opt("variant", "brandubh"), opt("side", "attackers"), opt("engine", "dies"))
	if r, _ := h.slash(alice, "move", opt("move", "d2-c2")); isEphemeral(r) {
		t.Fatalf("the first move: %q", r.Content)
	}
	waitFor(t, "the engine to be asked for its move", func() bool { _, err := os.Stat(asked); return err == nil })
	abortElsewhere(t, h)
	waitFor(t, "the engine's failure", func() bool { return len(h.logs.lines("engine: an external engine failed")) > 0 })
	h.settle()
	if g := gameOf(t, h, alice); g.Outcome().Reason != tafl.Aborted {
		t.Errorf("the game ended %v, want aborted", g.Outcome())
	}
	for _, l := range append(h.logs.lines(`"level":"WARN"`), h.logs.lines(`"level":"ERROR"`)...) {
		t.Errorf("an engine failing after its game ended logged %s", l)
	}
}

// A newly started engine process has its timeout to say hello when that
// is longer than the least wait (30 s, shortened here): a JVM engine that
// needs 40 s to start on a busy machine, with "timeout": "90s", plays. One
// that says hello after neither has passed loses its game.
func TestEngineSlowToStartHasItsTimeout(t *testing.T) {
	t.Cleanup(bot.SetHelloWait(300 * time.Millisecond))
	dir := t.TempDir()
	bin := taflBinary(t)
	slow := script(t, dir, "slow", "sleep 1.5\nexec '"+bin+"' otep -depth 1\n")
	h := engineHarness(t, time.Minute,
		bot.ExternalEngine{Name: "slow", Command: []string{slow}, Think: 100 * time.Millisecond, Timeout: 4 * time.Second},
		bot.ExternalEngine{Name: "slower", Command: []string{slow}, Think: 100 * time.Millisecond, Timeout: 600 * time.Millisecond})
	if r, _ := h.slash(alice, "ai", opt("variant", "brandubh"), opt("side", "defenders"), opt("engine", "slow")); isEphemeral(r) {
		t.Fatalf("slow: %s", r.Content)
	}
	if g := waitPly(t, h, 1); !g.Active() {
		t.Fatalf("the engine slow to start lost: %v", g.Outcome())
	}
	if r, _ := h.slash(bob, "ai", opt("variant", "brandubh"), opt("side", "defenders"), opt("engine", "slower")); isEphemeral(r) {
		t.Fatalf("slower: %s", r.Content)
	}
	var g *storage.Game
	waitFor(t, "slower's forfeit", func() bool { g = gameOf(t, h, bob); return !g.Active() || g.Ply() > 0 })
	if o := g.Outcome(); g.Active() || o.Winner != tafl.Defenders || o.Reason != tafl.Resignation {
		t.Errorf("an engine silent past its timeout and the least wait: game at ply %d, outcome %v, want a loss", g.Ply(), o)
	}
}
