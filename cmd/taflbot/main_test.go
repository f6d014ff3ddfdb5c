package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image/png"
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/storage"
)

func noEnv(string) string { return "" }

// writeConfig writes a config file into a temporary folder and returns its path.
func writeConfig(t *testing.T, body string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "config.json")
	if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestConsolePlaysThroughStdin(t *testing.T) {
	dir := t.TempDir()
	cfg := writeConfig(t, `{"database": "`+filepath.Join(dir, "t.db")+`", "log_format": "text"}`)
	boards := filepath.Join(dir, "boards")
	script := strings.Join([]string{
		"/tafl settings dms:true", // alice opts in to DMs
		"/tafl challenge opponent:bob variant:brandubh side:attackers",
		"as bob",
		"click Accept",
		"as alice",
		"/tafl move d2-c2", // illegal: blocked? no — d2 is an attacker moving sideways: legal
		"/tafl move c2-c3", // not alice's turn now
		"as bob",
		"click Move",
		"select d3", // the defender in front of the king
		"select e3",
		"/tafl games",
		"/tafl rules brandubh",
		"as carol",
		"/tafl ai variant:brandubh side:defenders level:easy",
		"wait 60h", // alice has 12 h left of 3 days: a reminder
		"wait 20h", // and then she runs out of time
		"quit",
	}, "\n")
	var out, errOut bytes.Buffer
	err := run(context.Background(), []string{"-console", "-config", cfg, "-boards", boards}, strings.NewReader(script), &out, &errOut, noEnv)
	if err != nil {
		t.Fatalf("run: %v\nstderr:\n%s", err, errOut.String())
	}
	text := out.String()
	for _, want := range []string{
		"@alice challenges @bob to **brandubh**",
		"@bob accepted the challenge",
		"@alice to move (attackers)",
		"Last moves: 1. d2-c2",
		"It is not your turn",
		"You played 1… d3-e3.",
		"@bob played 1… d3-e3.",
		"Games of @bob",
		"Brandubh (brandubh, 7×7)",
		"@carol plays taflbot at level **easy**",
		"taflbot played",
		"@alice, it's your move in game 1 (brandubh): 12h 0m left",
		"[DM to alice]",
		"@alice ran out of time",
		"Defenders win",
		"@carol ran out of time", // engine games have a clock for the human too
	} {
		if !strings.Contains(text, want) {
			t.Errorf("console output lacks %q", want)
		}
	}
	// Console mode keeps the conversation readable: Discord timestamps
	// as dates, no log lines (only warnings and errors would show, as
	// text, on stderr).
	if strings.Contains(text, "<t:") {
		t.Errorf("console output shows a raw Discord timestamp")
	}
	if strings.Contains(text, "The challenge expires") && !regexp.MustCompile(`The challenge expires \w{3} \d+ \w{3} \d{4} \d\d:\d\d \(in 1d 0h\)`).MatchString(text) {
		t.Errorf("the challenge's expiry is not a readable date")
	}
	if e := errOut.String(); strings.Contains(e, "{") || strings.Contains(e, "level=INFO") {
		t.Errorf("console mode logged between the replies:\n%s", e)
	}
	if t.Failed() {
		t.Logf("output:\n%s", text)
	}
	entries, err := os.ReadDir(boards)
	if err != nil {
		t.Fatal(err)
	}
	// challenge, accepted board, alice's move, bob's menu move, rules
	// board and its two diagrams (capture against a corner, king capture),
	// carol's game against the engine, the engine's first move and the
	// boards of alice's and carol's losses on time.
	if len(entries) != 11 {
		t.Errorf("%d pictures written, want 11", len(entries))
	}
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(boards, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := png.Decode(bytes.NewReader(data)); err != nil {
			t.Errorf("%s: %v", e.Name(), err)
		}
	}
}

// TestConsoleVerboseLogs: with -v the console logs as configured, and
// embed fields (a custom variant's rules string) are shown.
func TestConsoleVerboseLogs(t *testing.T) {
	dir := t.TempDir()
	cfg := writeConfig(t, `{"database": "`+filepath.Join(dir, "t.db")+`", "log_format": "json"}`)
	var out, errOut bytes.Buffer
	script := "/tafl rules variant:\"dim:7 start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/\"\nquit\n"
	if err := run(context.Background(), []string{"-console", "-v", "-config", cfg, "-boards", filepath.Join(dir, "b")}, strings.NewReader(script), &out, &errOut, noEnv); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(errOut.String(), `"msg":"interaction"`) {
		t.Errorf("-v: no interaction log line on stderr:\n%s", errOut.String())
	}
	if !strings.Contains(out.String(), "Rules string: `dim:7") {
		t.Errorf("the custom rules page's field is not shown:\n%s", out.String())
	}
}

func TestNoTokenSaysWhatToSet(t *testing.T) {
	var out, errOut bytes.Buffer
	err := run(context.Background(), nil, strings.NewReader(""), &out, &errOut, noEnv)
	if err == nil {
		t.Fatal("run without a token succeeded")
	}
	for _, want := range []string{"DISCORD_TOKEN", "-console", "application_id"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not mention %s", err, want)
		}
	}
}

func TestBadFlagIsUsageError(t *testing.T) {
	var out, errOut bytes.Buffer
	err := run(context.Background(), []string{"-nope"}, strings.NewReader(""), &out, &errOut, noEnv)
	var ue usageError
	if !errors.As(err, &ue) {
		t.Fatalf("err = %v, want a usage error", err)
	}
}

// TestDiscordLogsHaveNoTokens: discordgo's own log lines (a retried or
// rate-limited URL) reach the logs without the interaction token.
func TestDiscordLogsHaveNoTokens(t *testing.T) {
	var buf bytes.Buffer
	logf := discordLogger(slog.New(slog.NewJSONHandler(&buf, nil)))
	logf(discordgo.LogInformational, 2, "Rate Limiting %s, retry in %v", "https://discord.com/api/v9/webhooks/555/c2VjcmV0LXRva2Vu/messages/@original", "1s")
	if strings.Contains(buf.String(), "c2VjcmV0LXRva2Vu") || !strings.Contains(buf.String(), "webhooks/555/REDACTED/messages") {
		t.Errorf("logged %s", buf.String())
	}
}

// TestErrorLineSaysTaflbotOnce: an error that names the command already
// is not prefixed again ("taflbot: taflbot db compact: say where …").
func TestErrorLineSaysTaflbotOnce(t *testing.T) {
	for _, args := range [][]string{{"db", "compact"}, {"db", "frobnicate"}} {
		err := run(context.Background(), args, strings.NewReader(""), &bytes.Buffer{}, &bytes.Buffer{}, noEnv)
		if err == nil || !strings.HasPrefix(errorLine(err), "taflbot db ") && !strings.HasPrefix(errorLine(err), "taflbot db:") {
			t.Errorf("%v: %q", args, errorLine(err))
		}
	}
	if got, want := errorLine(errors.New("storage: open x.db: no such database file")), "taflbot: storage: open x.db: no such database file"; got != want {
		t.Errorf("errorLine = %q, want %q", got, want)
	}
}

// TestConsoleFlagsWithoutConsole: -v and -boards, which change only the
// console, are usage errors without -console (they were ignored without
// a word), saying how to use them and what to do instead; a stray
// argument's error lists every flag (-v was left out).
func TestConsoleFlagsWithoutConsole(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-v"}, "-v goes with -console (taflbot -console -v): outside console mode the bot logs as log_level and log_format say; set them in the config file"},
		{[]string{"-boards", t.TempDir()}, "-boards goes with -console (taflbot -console -boards DIR)"},
		{[]string{"-config", "x.json", "debug"}, `unexpected argument "debug" (flags: -config, -console, -v, -boards; or: taflbot db …; taflbot -h lists them)`},
	} {
		err := run(context.Background(), c.args, strings.NewReader(""), &bytes.Buffer{}, &bytes.Buffer{}, noEnv)
		var ue usageError
		if !errors.As(err, &ue) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: %v, want a usage error saying %q", c.args, err, c.want)
		}
	}
}

// TestConsoleBoardsFolderThatCannotBeMade: a board folder (-boards or
// console_dir) under a file was refused only after the database was
// opened, as "console: board folder: mkdir …: not a directory", which
// named neither the setting nor what to do; the configuration check
// names it, and the flag and key that choose another.
func TestConsoleBoardsFolderThatCannotBeMade(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "notes.txt")
	os.WriteFile(file, nil, 0o600)
	cfg := writeConfig(t, `{"database": "`+filepath.Join(dir, "t.db")+`"}`)
	var out, errOut bytes.Buffer
	err := run(context.Background(), []string{"-console", "-config", cfg, "-boards", filepath.Join(file, "boards")}, strings.NewReader("quit\n"), &out, &errOut, noEnv)
	want := `console_dir "` + filepath.Join(file, "boards") + `": ` + file + ` is a file, not a folder: give a folder the board pictures may be written to (it is created when missing), with console_dir in the config or -boards DIR`
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("run: %v, want %s", err, want)
	}
	if _, err := os.Stat(filepath.Join(dir, "t.db")); err == nil {
		t.Error("the database was made before the board folder was found wrong")
	}
}

// TestRefusedTokenCreatesNoDatabase: a token Discord refuses stops the
// start-up before the database is opened; it left a new, empty database
// file behind (gateway mode, Discord's answer 401 to every request).
func TestRefusedTokenCreatesNoDatabase(t *testing.T) {
	rest, calls := fakeREST(t, func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusUnauthorized)
		io.WriteString(w, `{"message": "401: Unauthorized", "code": 0}`)
	})
	db := filepath.Join(t.TempDir(), "new.db")
	cfg := writeConfig(t, fmt.Sprintf(`{"database": %q, "application_id": "123456789012345678", "rest_base_url": %q, "admin_listen": "", "log_format": "text"}`,
		db, rest))
	env := func(k string) string {
		if k == "DISCORD_TOKEN" {
			return "bad"
		}
		return ""
	}
	err := run(context.Background(), []string{"-config", cfg}, strings.NewReader(""), io.Discard, io.Discard, env)
	if err == nil || !strings.Contains(err.Error(), "Discord refused the bot token") || !strings.Contains(err.Error(), "DISCORD_TOKEN") {
		t.Errorf("run with a refused token: %v", err)
	}
	if _, serr := os.Stat(db); !errors.Is(serr, fs.ErrNotExist) {
		t.Errorf("the database file was created (%v)", serr)
	}
	if paths := calls(); len(paths) == 0 || paths[0] != "GET /api/v9/users/@me" {
		t.Errorf("requests: %q", paths)
	}
}

// TestEveryDBCommandListed: every command of taflbot db (its own usage
// lists them) is named in taflbot -h and in the table of maintenance
// commands in docs/OPERATIONS.md (puzzles was in neither).
func TestEveryDBCommandListed(t *testing.T) {
	_, section, _ := strings.Cut(dbUsage, "Commands:\n")
	section, _, _ = strings.Cut(section, "\n\n")
	var cmds []string
	for _, line := range strings.Split(section, "\n") {
		if f := strings.Fields(line); len(f) > 0 && strings.HasPrefix(line, "  ") && !strings.HasPrefix(line, "   ") {
			cmds = append(cmds, f[0])
		}
	}
	if len(cmds) < 7 {
		t.Fatalf("commands read from dbUsage: %v", cmds)
	}
	var errOut bytes.Buffer // taflbot -h's help, on standard output
	if err := run(context.Background(), []string{"-h"}, strings.NewReader(""), &errOut, &bytes.Buffer{}, noEnv); err != nil {
		t.Fatal(err)
	}
	ops, err := os.ReadFile("../../docs/OPERATIONS.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cmds {
		if !strings.Contains(errOut.String(), "|"+c) && !strings.Contains(errOut.String(), c+"|") {
			t.Errorf("taflbot -h does not name taflbot db %s:\n%s", c, errOut.String())
		}
		if !strings.Contains(string(ops), "| `taflbot db "+c) {
			t.Errorf("OPERATIONS.md's table of maintenance commands has no taflbot db %s", c)
		}
	}
}

// fakeREST starts a fake Discord REST API on loopback that answers each
// call with answer and records it ("METHOD /path"). It returns the value
// for rest_base_url and a function returning the calls so far.
func fakeREST(t *testing.T, answer http.HandlerFunc) (string, func() []string) {
	t.Helper()
	var mu sync.Mutex
	var calls []string
	rest := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		calls = append(calls, r.Method+" "+r.URL.Path)
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		answer(w, r)
	}))
	t.Cleanup(rest.Close)
	return rest.URL + "/api/v9/", func() []string {
		mu.Lock()
		defer mu.Unlock()
		return slices.Clone(calls)
	}
}

// TestHelpGoesToStdout: help asked for (taflbot -h, taflbot db -h,
// taflbot db help, taflbot db COMMAND -h) went to standard error, so that
// taflbot -h | less showed nothing; it goes to standard output with no
// error (exit status 0), as the tafl tool's does, and a usage error
// (an unknown flag, taflbot db alone) still to standard error.
func TestHelpGoesToStdout(t *testing.T) {
	for _, args := range [][]string{{"-h"}, {"-help"}, {"help"}, {"db", "-h"}, {"db", "help"}, {"db", "--help"}, {"db", "check", "-h"}, {"db", "puzzles", "-help"}} {
		var out, errOut bytes.Buffer
		err := run(context.Background(), args, strings.NewReader(""), &out, &errOut, noEnv)
		if err != nil || errOut.Len() != 0 || !strings.HasPrefix(strings.ToLower(out.String()), "usage") {
			t.Errorf("taflbot %v: %v, stdout %q, stderr %q; want the usage on stdout only", args, err, out.String(), errOut.String())
		}
	}
	for _, args := range [][]string{{"-bogus"}, {"db"}, {"db", "check", "-bogus"}} {
		var out, errOut bytes.Buffer
		err := run(context.Background(), args, strings.NewReader(""), &out, &errOut, noEnv)
		var ue usageError
		if !errors.As(err, &ue) || out.Len() != 0 || !strings.Contains(strings.ToLower(errOut.String()), "usage") {
			t.Errorf("taflbot %v: %v, stdout %q, stderr %q; want a usage error with the usage on stderr", args, err, out.String(), errOut.String())
		}
	}
}

// TestDBHelpCommand: taflbot db help COMMAND lists that command's flags,
// as taflbot db COMMAND -h and tafl help COMMAND do, on standard output
// (it printed the list of commands, whatever COMMAND was); an unknown
// COMMAND is a usage error.
func TestDBHelpCommand(t *testing.T) {
	for _, args := range [][]string{{"db", "help", "check"}, {"db", "check", "-h"}} {
		var out, errOut bytes.Buffer
		err := run(context.Background(), args, strings.NewReader(""), &out, &errOut, noEnv)
		if err != nil || errOut.Len() != 0 || !strings.HasPrefix(out.String(), "usage: taflbot db check ") || !strings.Contains(out.String(), "-rebuild-indexes") {
			t.Errorf("taflbot %v: %v, stdout %q, stderr %q; want check's usage and flags on stdout", args, err, out.String(), errOut.String())
		}
	}
	var out, errOut bytes.Buffer
	err := run(context.Background(), []string{"db", "help", "nope"}, strings.NewReader(""), &out, &errOut, noEnv)
	var ue usageError
	if !errors.As(err, &ue) || out.Len() != 0 || !strings.Contains(err.Error(), `unknown command "nope"`) {
		t.Errorf("taflbot db help nope: %v, stdout %q; want a usage error naming the command", err, out.String())
	}
}

// TestDatabasePasswordParameterRedacted: a PostgreSQL password given as a
// parameter of the URL (?password=…, which PostgreSQL's clients take as
// well as user:password@) is hidden like one in the user part, in the
// start-up log and in the error of a failed connection (both printed it).
func TestDatabasePasswordParameterRedacted(t *testing.T) {
	db := "postgres://taflbot@127.0.0.1:1/taflbot?connect_timeout=5&password=pw-param-secret"
	env := func(k string) string {
		if k == "TAFLBOT_DATABASE" {
			return db
		}
		return ""
	}
	var out, errOut bytes.Buffer
	err := run(context.Background(), []string{"-console", "-v", "-boards", filepath.Join(t.TempDir(), "boards")}, strings.NewReader("quit\n"), &out, &errOut, env)
	if err == nil {
		t.Fatal("a start on a database nobody serves succeeded")
	}
	all := errOut.String() + out.String() + err.Error()
	if strings.Contains(all, "pw-param-secret") {
		t.Errorf("the database password was printed:\n%s\n%v", errOut.String(), err)
	}
	if !strings.Contains(errOut.String(), "password=xxxxx") || !strings.Contains(err.Error(), "password=xxxxx") {
		t.Errorf("the log and the error do not name the (redacted) database:\n%s\n%v", errOut.String(), err)
	}
	// A bbolt path is left as it is.
	if got := storage.RedactDatabase("data/password=x.db"); got != "data/password=x.db" {
		t.Errorf("RedactDatabase of a file: %q", got)
	}
}

// TestHelpNamesTheDatabaseVariable: taflbot -h and the db commands' -db
// flag, where the default database is described, name the
// TAFLBOT_DATABASE environment variable that sets it (neither did).
func TestHelpNamesTheDatabaseVariable(t *testing.T) {
	for _, args := range [][]string{{"-h"}, {"db", "-h"}, {"db", "check", "-h"}, {"db", "export", "-h"}} {
		var out, errOut bytes.Buffer
		err := run(context.Background(), args, strings.NewReader(""), &out, &errOut, noEnv)
		if err != nil || !strings.Contains(out.String(), "TAFLBOT_DATABASE") {
			t.Errorf("taflbot %v: %v, stdout %q; want TAFLBOT_DATABASE named", args, err, out.String())
		}
	}
	var out bytes.Buffer
	run(context.Background(), []string{"db", "check", "-h"}, strings.NewReader(""), &out, &bytes.Buffer{}, noEnv)
	if !strings.Contains(out.String(), "default: the TAFLBOT_DATABASE environment variable, else the config's \"database\", else taflbot.db") {
		t.Errorf("taflbot db check -h does not give -db's default in order: %q", out.String())
	}
}

// A bbolt file of an older schema is migrated at start-up after a copy
// of it is made; the copy never overwrites an earlier one (that of a
// different file restored at the same path), and the log says which it
// is.
func TestStartLogsTheCopyMadeBeforeAMigration(t *testing.T) {
	original, err := os.ReadFile("../../storage/testdata/schema2.db")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "t.db")
	cfg := writeConfig(t, `{"database": "`+path+`", "log_format": "json"}`)
	for _, want := range []string{path + ".schema2.bak", path + ".schema2.2.bak"} {
		if err := os.WriteFile(path, original, 0o600); err != nil {
			t.Fatal(err)
		}
		var out, errOut bytes.Buffer
		if err := run(context.Background(), []string{"-console", "-v", "-config", cfg, "-boards", filepath.Join(dir, "b")}, strings.NewReader("quit\n"), &out, &errOut, noEnv); err != nil {
			t.Fatal(err)
		}
		line := fmt.Sprintf(`"msg":"database migrated","path":%q,"from_schema":2,"to_schema":%d,"copy_before_migration":%q}`, path, storage.SchemaVersion, want)
		if !strings.Contains(errOut.String(), line) {
			t.Errorf("no log line %s:\n%s", line, errOut.String())
		}
		if _, err := os.Stat(want); err != nil {
			t.Error(err)
		}
	}
}
