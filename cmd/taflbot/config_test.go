package main

import (
	"bytes"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/taflbot/taflbot/bot"
	"github.com/taflbot/taflbot/storage"
)

func TestExampleConfigIsValid(t *testing.T) {
	c, err := loadConfig("../../config.example.json", func(k string) string {
		if k == "DISCORD_TOKEN" {
			return "tok"
		}
		return ""
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Validate(true); err != nil {
		t.Fatalf("config.example.json does not validate for -console: %v", err)
	}
	// For Discord its placeholder application_id must be replaced: the
	// only problem, and the message says what to do.
	err = c.Validate(false)
	if err == nil {
		t.Fatal("config.example.json validates with its placeholder application_id")
	}
	msg := err.Error()
	if !strings.Contains(msg, "application_id is still the placeholder") || !strings.Contains(msg, "General Information → Application ID") || strings.Count(msg, "\n") != 0 {
		t.Errorf("the example config's error: %q", msg)
	}
	c.ApplicationID = "123456789012345678"
	if err := c.Validate(false); err != nil {
		t.Errorf("the example config with a real application id: %v", err)
	}
}

func TestExampleConfigListsEveryKey(t *testing.T) {
	data, err := os.ReadFile("../../config.example.json")
	if err != nil {
		t.Fatal(err)
	}
	// Every key of Config appears in the example (decoding is strict, so
	// the example has no unknown keys either).
	c := defaultConfig()
	var buf bytes.Buffer
	fmt.Fprintf(&buf, "%s", data)
	for _, key := range jsonKeys(reflect.TypeOf(c)) {
		if !strings.Contains(buf.String(), `"`+key+`"`) {
			t.Errorf("config.example.json lacks %q", key)
		}
	}
}

func TestConfigErrorsAllAtOnce(t *testing.T) {
	p := filepath.Join(t.TempDir(), "c.json")
	os.WriteFile(p, []byte(`{"log_level":"loud","mode":"smoke","default_variant":"chess","sweep_interval":"soon","render_size":5,"application_id":"abc","ai_max_think":"1s","ai_games_per_user":0,"review_nodes":5}`), 0o600)
	c, err := loadConfig(p, func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	err = c.Validate(false)
	if err == nil {
		t.Fatal("no error")
	}
	for _, want := range []string{"log_level", "mode", "default_variant", "sweep_interval", "render_size", "application_id", "DISCORD_TOKEN", "ai_max_think 1s", "ai_games_per_user 0", "review_nodes 5"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("errors lack %s:\n%v", want, err)
		}
	}
}

func TestConfigRejectsUnknownKeys(t *testing.T) {
	p := filepath.Join(t.TempDir(), "c.json")
	os.WriteFile(p, []byte(`{"databse": "x.db"}`), 0o600)
	if _, err := loadConfig(p, func(string) string { return "" }); err == nil || !strings.Contains(err.Error(), "databse") {
		t.Fatalf("err = %v, want the unknown key named", err)
	}
	os.WriteFile(p, []byte(`{"database": "x.db"} {}`), 0o600)
	if _, err := loadConfig(p, func(string) string { return "" }); err == nil {
		t.Fatal("trailing data accepted")
	}
}

// TestConfigFileMistakes: an unknown key (top level or in an engine), an
// empty file, a file without an object and one cut off each get a message
// that says what to do, not encoding/json's ("json: unknown field", "EOF",
// "cannot unmarshal array into Go value of type main.Config"); an
// engine's keys are listed as a sentence does ("timeout and max_processes",
// a bare comma list before).
func TestConfigFileMistakes(t *testing.T) {
	for _, c := range []struct{ body, want string }{
		{`{"frobnicate": 1}`, `unknown key "frobnicate": config.example.json lists every key`},
		{`{"databse": "x.db"}`, `unknown key "databse" (did you mean "database"?): config.example.json lists every key`},
		{`{"engines": [{"name": "x", "command": ["x"]}, {"name": "y", "command": ["y"], "thinkk": "5s"}]}`,
			`engines[1]: unknown key "thinkk" (did you mean "think"?): an engine's keys are name, command, dir, think, timeout and max_processes`},
		{``, `the file is empty: write the settings as one JSON object`},
		{" \n", `the file is empty`},
		{`[]`, `the file must hold one JSON object, the settings in {braces}`},
		{`null`, `the file must hold one JSON object`},
		{`{"database": "x.db",`, `the JSON stops in the middle: a closing }, ] or " is missing`},
		// Syntax errors by line and column (it was a byte offset and
		// encoding/json's words), with what to write instead.
		{"{\"database\": \"x.db\",\n}", `invalid JSON at line 2, column 1: a comma before a closing } or ] is not allowed in JSON: remove the comma after the last entry`},
		{"{\"shard_ids\": [0, 1,]}", `line 1, column 21: a comma before a closing } or ] is not allowed`},
		{"{\"log_level\": \"info\"\n  \"database\": \"x.db\"}", `invalid JSON at line 2, column 3: a comma is missing before this entry`},
		{"// the bot's settings\n{}", `line 1, column 1: JSON has no comments: remove them`},
		{"{'database': 'x.db'}", `line 1, column 2: JSON strings take double quotes`},
		{`{"log_level": info}`, `line 1, column 15: a text value needs double quotes, such as "info"`},
		{`{"log_level" "info"}`, `line 1, column 14: a colon (:) is missing after the key`},
		{"{\"dev_guild_id\": \"ø\" \"database\": \"x.db\"}", `line 1, column 22: a comma is missing`}, // columns in characters, not bytes
		{"{\"log_level\": \"info\", @}", `line 1, column 23: invalid character '@' looking for beginning of object key string`},
	} {
		p := filepath.Join(t.TempDir(), "settings") // no "json" in the name: the messages must not have encoding/json's "json: "
		os.WriteFile(p, []byte(c.body), 0o600)
		_, err := loadConfig(p, func(string) string { return "" })
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "json: ") {
			t.Errorf("%q: %v, want an error with %s", c.body, err, c.want)
		}
	}
}

// TestConfigPathMistakes: a -config that is a folder is named as such,
// with the file to give (it said "read DIR: is a directory (copy
// config.example.json to start one)", as if no file existed); a missing
// file says to copy the example.
func TestConfigPathMistakes(t *testing.T) {
	dir := t.TempDir()
	want := "config: " + dir + " is a folder: give the configuration file itself, such as -config " + filepath.Join(dir, "config.json")
	if _, err := loadConfig(dir, noEnv); err == nil || err.Error() != want {
		t.Errorf("a folder: %v, want %s", err, want)
	}
	if _, err := loadConfig(filepath.Join(dir, "missing.json"), noEnv); err == nil || !strings.Contains(err.Error(), "no such file or directory (copy config.example.json to start one)") {
		t.Errorf("a missing file: %v", err)
	}
}

func TestTokenFromEnvironmentIsNeverLogged(t *testing.T) {
	p := filepath.Join(t.TempDir(), "c.json")
	os.WriteFile(p, []byte(`{"token": "file-token"}`), 0o600)
	c, err := loadConfig(p, func(k string) string {
		if k == "DISCORD_TOKEN" {
			return "env-secret-token"
		}
		return ""
	})
	if err != nil {
		t.Fatal(err)
	}
	if c.Token != "env-secret-token" {
		t.Fatalf("token = %q: the environment must override the file", string(c.Token))
	}
	var buf bytes.Buffer
	for _, h := range []slog.Handler{slog.NewJSONHandler(&buf, nil), slog.NewTextHandler(&buf, nil)} {
		slog.New(h).Info("config", "token", c.Token, "cfg", c)
	}
	fmt.Fprintf(&buf, "%v %+v %#v %s", c.Token, c, c, c.Token)
	if strings.Contains(buf.String(), "env-secret-token") {
		t.Fatalf("the token leaked:\n%s", buf.String())
	}
	if !strings.Contains(buf.String(), "REDACTED") {
		t.Fatalf("no redaction marker:\n%s", buf.String())
	}
}

// TestTokenIsTrimmed: a token with a line break or spaces around it (read
// from a file, pasted) is used without them; the line break made every
// request to Discord fail with "invalid header field value".
func TestTokenIsTrimmed(t *testing.T) {
	c, err := loadConfig("", func(k string) string {
		if k == "DISCORD_TOKEN" {
			return " abc.def.ghi\n"
		}
		return ""
	})
	if err != nil || c.Token != "abc.def.ghi" {
		t.Errorf("token %q, %v", string(c.Token), err)
	}
	p := writeConfig(t, `{"token": "abc.def.ghi\r\n"}`)
	if c, err := loadConfig(p, noEnv); err != nil || c.Token != "abc.def.ghi" {
		t.Errorf("token from the file %q, %v", string(c.Token), err)
	}
	// Blank is none.
	c, _ = loadConfig("", func(k string) string {
		if k == "DISCORD_TOKEN" {
			return "\n"
		}
		return ""
	})
	if err := c.Validate(false); err == nil || !strings.Contains(err.Error(), "no bot token") {
		t.Errorf("a blank token: %v", err)
	}
}

// TestConfigRolesAndShards: roles, shards and the engine lease are
// checked, and splitting the roles needs PostgreSQL.
func TestConfigRolesAndShards(t *testing.T) {
	const pg = `"database": "postgres://taflbot@db.example/taflbot", "backup_dir": ""`
	for _, tc := range []struct {
		body string
		want string // "" for valid
	}{
		{`{` + pg + `, "roles": ["engine"]}`, ""},
		{`{` + pg + `, "roles": ["interactions", "clock"], "shard_count": 4, "shard_ids": [0, 2]}`, ""},
		{`{"roles": ["engine"]}`, "bbolt database must do everything"},
		{`{` + pg + `, "roles": []}`, "roles is empty"},
		{`{` + pg + `, "roles": ["engine", "cook"]}`, `unknown role "cook"`},
		{`{` + pg + `, "roles": ["engine", "engine"]}`, "named twice"},
		{`{"shard_count": 4, "shard_ids": [1, 4]}`, "shard 4 is not in 0 to 3"},
		{`{"shard_count": 0}`, "shard_count 0"},
		{`{"shard_count": 20000}`, "shard_count 20000: use 1 (the default) to 16384"}, // it said "or more"
		{`{"mode": "http", "public_key": "` + strings.Repeat("ab", 32) + `", "shard_count": 2}`, "for gateway mode"},
		// An engine or clock process of an HTTP deployment opens no
		// endpoint: it needs no public_key (it was refused without one).
		{`{` + pg + `, "mode": "http", "roles": ["engine", "clock"]}`, ""},
		{`{` + pg + `, "mode": "http", "roles": ["interactions"]}`, "public_key must be"},
		{`{"engine_lease": "1s"}`, "engine_lease 1s"},
		{`{"engine_lease": "soon"}`, "engine_lease \"soon\""},
		{`{"database": "postgres://x@db/t", "backup_dir": "b"}`, "backup_dir is for a bbolt file"},
	} {
		p := filepath.Join(t.TempDir(), "c.json")
		os.WriteFile(p, []byte(tc.body), 0o600)
		c, err := loadConfig(p, func(k string) string {
			if k == "DISCORD_TOKEN" {
				return "tok"
			}
			return ""
		})
		if err != nil {
			t.Fatalf("%s: %v", tc.body, err)
		}
		c.ApplicationID = "123"
		err = c.Validate(false)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: %v", tc.body, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s: %v, want an error with %q", tc.body, err, tc.want)
		}
	}
	c := defaultConfig()
	c.ShardCount, c.ShardIDs = 3, nil
	if got := c.shards(); len(got) != 3 || got[2] != 2 {
		t.Errorf("default shards of 3: %v", got)
	}
	if botRoles(c.Roles) != bot.AllRoles {
		t.Errorf("default roles %v", botRoles(c.Roles))
	}
}

// TestConfigKeysExactlyOnce: a key given twice, or in another case than
// documented, is an error (encoding/json alone would let the last one
// win, and match "Database" to "database").
func TestConfigKeysExactlyOnce(t *testing.T) {
	for _, c := range []struct{ body, want string }{
		{`{"database": "a.db", "database": "b.db"}`, `key "database" is given twice`},
		{`{"Database": "x.db"}`, `key "Database": keys are lower case, write "database"`},
		{`{"LOG_LEVEL": "debug", "mode": "gateway", "mode": "http"}`, `"LOG_LEVEL"`},
	} {
		p := filepath.Join(t.TempDir(), "c.json")
		os.WriteFile(p, []byte(c.body), 0o600)
		_, err := loadConfig(p, func(string) string { return "" })
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error with %s", c.body, err, c.want)
		}
	}
	// Both errors of the last case are reported at once.
	p := filepath.Join(t.TempDir(), "c.json")
	os.WriteFile(p, []byte(`{"LOG_LEVEL": "debug", "mode": "gateway", "mode": "http"}`), 0o600)
	if _, err := loadConfig(p, func(string) string { return "" }); err == nil || !strings.Contains(err.Error(), `"mode" is given twice`) {
		t.Errorf("both problems: %v", err)
	}
}

// TestConfigWrongKindOfValue: a key given the wrong kind of value is named,
// with the kind it needs (encoding/json alone says "cannot unmarshal
// number into Go struct field Config.application_id of type string").
func TestConfigWrongKindOfValue(t *testing.T) {
	for _, c := range []struct{ body, want string }{
		{`{"application_id": 123}`, `"application_id" must be a string in double quotes, not a JSON number`},
		{`{"ai_workers": "2"}`, `"ai_workers" must be a whole number, not a JSON string`},
		{`{"roles": "engine"}`, `"roles" must be a list of strings in [brackets], such as ["a", "b"], not a JSON string`},
		{`{"engines": [{"name": 3}]}`, `"engines.name" must be a string in double quotes, not a JSON number`},
		{`{"review_nodes": true}`, `"review_nodes" must be a whole number, not a JSON bool`},
		{`{"shard_ids": "0"}`, `"shard_ids" must be a list in [brackets], not a JSON string`},
		{`{"engines": [5]}`, `"engines" must be an object in {braces}, not a JSON number`},
	} {
		p := filepath.Join(t.TempDir(), "c.json")
		os.WriteFile(p, []byte(c.body), 0o600)
		_, err := loadConfig(p, func(string) string { return "" })
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "Go struct") {
			t.Errorf("%s: %v, want an error with %s", c.body, err, c.want)
		}
	}
	// Every value of a wrong kind is named, with the keys' problems, at
	// once (encoding/json names the first, and the keys' problems hid
	// it), so that the file is mended in one go.
	p := filepath.Join(t.TempDir(), "c.json")
	os.WriteFile(p, []byte(`{"application_id": 123, "ai_workers": "2", "sweep_intervall": "1m"}`), 0o600)
	_, err := loadConfig(p, func(string) string { return "" })
	for _, want := range []string{`"application_id" must be a string`, `"ai_workers" must be a whole number`, `unknown key "sweep_intervall"`} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%v: want it to say %s", err, want)
		}
	}
}

// TestJSONKindKnowsEveryConfigField: jsonKind names each kind of value
// Config and its engines hold, so a key added with a new kind fails here
// rather than getting a Go type name in its error.
func TestJSONKindKnowsEveryConfigField(t *testing.T) {
	for _, typ := range []reflect.Type{reflect.TypeOf(Config{}), reflect.TypeOf(EngineConfig{})} {
		for i := 0; i < typ.NumField(); i++ {
			f := typ.Field(i)
			if f.Tag.Get("json") == "" || f.Tag.Get("json") == "-" {
				continue
			}
			if got := jsonKind(f.Type); got == "a "+f.Type.String() {
				t.Errorf("%s.%s (%s): jsonKind says %q", typ.Name(), f.Name, f.Type, got)
			}
		}
	}
}

// TestRESTBaseURLNeedsTLSAwayFromThisMachine: plain http would send the
// bot token in clear, so it is allowed to this machine only; the URL must
// name the API version.
func TestRESTBaseURLNeedsTLSAwayFromThisMachine(t *testing.T) {
	for _, c := range []struct {
		url string
		ok  bool
	}{
		{"https://discord.com/api/v9/", true},
		{"https://rest-proxy.example/api/v9", true},
		{"http://127.0.0.1:8080/api/v9/", true},
		{"http://[::1]:8080/api/v9/", true},
		{"http://localhost:8080/api/v9/", true},
		{"http://rest-proxy.example/api/v9/", false},
		{"http://10.0.0.5:8080/api/v9/", false},
		{"https://discord.com/", false},
		{"ftp://discord.com/api/v9/", false},
	} {
		cfg := defaultConfig()
		cfg.Token, cfg.ApplicationID, cfg.RESTBaseURL = "t", "123", c.url
		err := cfg.Validate(false)
		if (err == nil) != c.ok {
			t.Errorf("%s: %v", c.url, err)
		}
		if err != nil && !strings.Contains(err.Error(), "rest_base_url") {
			t.Errorf("%s: the error does not name the key: %v", c.url, err)
		}
	}
}

// TestAdminListenWarning: an admin listener open to the network works
// but is warned about.
func TestAdminListenWarning(t *testing.T) {
	for addr, warn := range map[string]bool{"127.0.0.1:9090": false, "[::1]:9090": false, "localhost:9090": false,
		"0.0.0.0:9090": true, ":9090": true, "192.168.1.5:9090": true, "": false} {
		cfg := defaultConfig()
		cfg.AdminListen = addr
		w := cfg.Warnings()
		if got := len(w) > 0 && strings.Contains(w[0], "admin_listen"); got != warn {
			t.Errorf("admin_listen %q: warnings %v", addr, w)
		}
	}
}

// TestBackupDirIsAFolder: a backup_dir that is a file is a configuration
// error; the bot ran without backups, logging "mkdir …: not a directory"
// at every interval.
func TestBackupDirIsAFolder(t *testing.T) {
	file := filepath.Join(t.TempDir(), "backups")
	os.WriteFile(file, nil, 0o600)
	cfg := defaultConfig()
	cfg.BackupDir = file
	if err := cfg.Validate(true); err == nil || !strings.Contains(err.Error(), "backup_dir \""+file+"\" is a file, not a folder") {
		t.Errorf("backup_dir a file: %v", err)
	}
	// A folder under a file cannot be made either: the bot ran, logging
	// "backup failed" at every interval.
	cfg.BackupDir = filepath.Join(file, "daily")
	if err := cfg.Validate(false); err == nil || !strings.Contains(err.Error(), "backup_dir \""+cfg.BackupDir+"\": "+file+" is a file, not a folder: give a folder the bot may write in") {
		t.Errorf("backup_dir under a file: %v", err)
	}
	cfg.BackupDir = filepath.Join(t.TempDir(), "new") // missing: created at the first backup
	if err := cfg.Validate(true); err != nil {
		t.Errorf("backup_dir missing: %v", err)
	}
	if err := cfg.Validate(false); err != nil && strings.Contains(err.Error(), "backup_dir") {
		t.Errorf("backup_dir missing, outside the console: %v", err)
	}
	if entries, _ := os.ReadDir(filepath.Dir(cfg.BackupDir)); len(entries) != 0 {
		t.Errorf("checking backup_dir left %v behind", entries)
	}
}

// TestListenAddresses: admin_listen and interactions_listen must be
// host:port; a bad one was found only when the listener failed to start,
// after the database was opened (and, for interactions_listen, the
// commands registered).
func TestListenAddresses(t *testing.T) {
	for _, c := range []struct {
		admin, interactions string
		want                string
	}{
		{"nonsense", "127.0.0.1:8080", `admin_listen "nonsense": give host:port`},
		{"127.0.0.1:99999", "127.0.0.1:8080", `admin_listen "127.0.0.1:99999": give host:port`},
		{"", "localhost", `interactions_listen "localhost": give host:port`},
		{":9090", ":8080", ""},
		{"", "[::1]:8080", ""},
		{"127.0.0.1:http", "127.0.0.1:https", ""}, // service names, as net.Listen takes them
	} {
		cfg := defaultConfig()
		cfg.Token, cfg.ApplicationID, cfg.Mode = "t", "123456789012345678", "http"
		cfg.PublicKey = strings.Repeat("ab", 32)
		cfg.AdminListen, cfg.InteractionsListen = c.admin, c.interactions
		err := cfg.Validate(false)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%q, %q: %v", c.admin, c.interactions, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%q, %q: %v, want %s", c.admin, c.interactions, err, c.want)
		}
	}
}

// The engines key lists external OTEP engines; each problem is reported,
// and a good list reaches the bot with its durations.
func TestConfigEngines(t *testing.T) {
	p := filepath.Join(t.TempDir(), "c.json")
	os.WriteFile(p, []byte(`{"engines":[{"name":"opentafl","command":["java","-jar","ot.jar","--engine"],"dir":"/opt/ot","think":"10s","max_processes":3},
		{"name":"tafl","command":["tafl","otep"],"timeout":"1m"}], "engine_idle":"2m"}`), 0o600)
	c, err := loadConfig(p, func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Validate(true); err != nil {
		t.Fatal(err)
	}
	e := c.externalEngines()
	if len(e) != 2 || e[0].Name != "opentafl" || e[0].Dir != "/opt/ot" || e[0].Think.String() != "10s" || e[0].MaxProcesses != 3 ||
		e[1].Timeout.String() != "1m0s" || duration(c.EngineIdle).String() != "2m0s" {
		t.Errorf("engines %+v, idle %s", e, c.EngineIdle)
	}
	os.WriteFile(p, []byte(`{"engines":[{"name":"bad name","command":["x"]},{"name":"x","command":[],"think":"soon"},{"name":"z","command":["z"],"think":"0s","timeout":"-1s"}],"engine_idle":"0s"}`), 0o600)
	c, err = loadConfig(p, func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	err = c.Validate(true)
	// Every engine's problems, not only the first engine's (engine "x"
	// has no command besides its think).
	for _, want := range []string{`engines: engine "x": think "soon" is not a duration above 0: give one of at most 10 minutes, such as "5s", or leave it out for 5s`,
		`engines: engine "z": think "0s" is not a duration above 0: give one of at most 10 minutes`,
		`engines: engine "z": timeout "-1s" is not a duration above 0: give one longer than think, such as "60s", or leave it out (three times think, at least think + 30s)`, `engine name "bad name"`, `engines: engine "x" has no command`, "engine_idle"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("errors lack %s:\n%v", want, err)
		}
	}
	// Once each, in one style.
	if err == nil || strings.Contains(err.Error(), "must be positive") {
		t.Errorf("a negative timeout reported twice: %v", err)
	}
	os.WriteFile(p, []byte(`{"engines":[{"name":"x","command":["x"],"thinking":"5s"}]}`), 0o600)
	if _, err := loadConfig(p, func(string) string { return "" }); err == nil || !strings.Contains(err.Error(), "thinking") {
		t.Errorf("unknown engine key: %v", err)
	}
}

// TestEngineCommandWarning: an engine whose program cannot be run here is
// named at start-up (its games would be lost at its first move); one on
// PATH, an absolute path and a path relative to its dir are not.
func TestEngineCommandWarning(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "engine.sh"), []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("not a program\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		command, dir string
		warn         bool
	}{
		{"sh", "", false},
		{filepath.Join(dir, "engine.sh"), "", false},
		{"./engine.sh", dir, false},
		{"no-such-engine-anywhere", "", true},
		{filepath.Join(dir, "missing"), "", true},
		{filepath.Join(dir, "notes.txt"), "", true},
	} {
		cfg := defaultConfig()
		cfg.Engines = []EngineConfig{{Name: "e", Command: []string{c.command}, Dir: c.dir}}
		w := cfg.Warnings()
		got := len(w) == 1 && strings.Contains(w[0], `engines: "e": its command`) && strings.Contains(w[0], c.command)
		if got != c.warn || (!c.warn && len(w) > 0) {
			t.Errorf("command %q in %q: warnings %q, want a warning: %v", c.command, c.dir, w, c.warn)
		}
	}
	// A dir that is missing (or a file) stops any command from starting,
	// one on PATH included: it was not named.
	for _, c := range [][2]string{{"sh", filepath.Join(dir, "elsewhere")}, {"./engine.sh", filepath.Join(dir, "elsewhere")}, {"sh", filepath.Join(dir, "notes.txt")}} {
		cfg := defaultConfig()
		cfg.Engines = []EngineConfig{{Name: "e", Command: []string{c[0]}, Dir: c[1]}}
		if w := cfg.Warnings(); len(w) != 1 || !strings.Contains(w[0], `engines: "e": its dir "`+c[1]+`", the folder it is started in, is not a folder here`) || !strings.Contains(w[0], "create the folder or fix dir") {
			t.Errorf("command %q in %q: warnings %q", c[0], c[1], w)
		}
	}
	// A process without the engine role never starts engines.
	cfg := defaultConfig()
	cfg.Roles = []string{RoleInteractions}
	cfg.Engines = []EngineConfig{{Name: "e", Command: []string{"no-such-engine-anywhere"}}}
	if w := cfg.Warnings(); len(w) > 0 {
		t.Errorf("an interactions-only process warns about engines: %q", w)
	}
}

// TestDefaultVariantWithLayout: default_variant takes a layout too
// ("tawlbwrdd/bell"), as /tafl settings variant: stores it, and the bot
// starts with it; an unknown layout is refused.
func TestDefaultVariantWithLayout(t *testing.T) {
	for _, c := range []struct {
		variant string
		ok      bool
	}{{"tawlbwrdd/bell", true}, {"tawlbwrdd", true}, {"tawlbwrdd/nope", false}, {"chess", false}} {
		cfg := defaultConfig()
		cfg.Token, cfg.ApplicationID, cfg.DefaultVariant = "t", "123456789012345678", c.variant
		err := cfg.Validate(false)
		if (err == nil) != c.ok || (err != nil && !strings.Contains(err.Error(), "NAME/LAYOUT")) {
			t.Errorf("default_variant %q: %v", c.variant, err)
		}
		st, serr := storage.Open(filepath.Join(t.TempDir(), "t.db"), storage.Options{NoSync: true})
		if serr != nil {
			t.Fatal(serr)
		}
		_, berr := bot.New(bot.Options{Store: st, REST: bot.NewConsoleREST(io.Discard, t.TempDir()), Engine: bot.AIEngine{}, DefaultVariant: c.variant})
		if (berr == nil) != c.ok {
			t.Errorf("bot.New with default variant %q: %v", c.variant, berr)
		}
		st.Close()
	}
}

// TestSSLModeOnASocketWarns: a database URL asking for TLS on a Unix
// socket, where PostgreSQL never uses it, is warned about at start-up
// (the configuration's warnings) and by the db commands, which go on.
func TestSSLModeOnASocketWarns(t *testing.T) {
	sock := t.TempDir()
	db := "postgres:///taflbot?host=" + sock + "&sslmode=require"
	cfg := defaultConfig()
	cfg.Database = db
	if w := cfg.Warnings(); len(w) != 1 || !strings.HasPrefix(w[0], "database: sslmode=require does not apply to the Unix socket "+sock) {
		t.Errorf("warnings %q", w)
	}
	_, errOut, err := runDBTest(t, "check", "-db", db)
	if err == nil || !strings.HasPrefix(errOut, "taflbot db: warning: database: sslmode=require does not apply to the Unix socket "+sock) {
		t.Errorf("db check: %v, stderr %q", err, errOut)
	}
}

// TestConfigWordsAnyCase: the values that name one of a fixed set of
// words are taken in any letter case, as log_level always was and as the
// bot's commands take variant names ("JSON", "HTTP", "Tablut" were
// refused); a wrong word is still refused.
func TestConfigWordsAnyCase(t *testing.T) {
	p := writeConfig(t, `{"log_level": "INFO", "log_format": "JSON", "mode": "HTTP", "public_key": "`+strings.Repeat("ab", 32)+`",
		"default_variant": "Tawlbwrdd/Bell", "render_theme": "Dark", "roles": ["Interactions", "ENGINE", "clock"]}`)
	cfg, err := loadConfig(p, func(k string) string { return map[string]string{"DISCORD_TOKEN": "t"}[k] })
	if err != nil {
		t.Fatal(err)
	}
	cfg.ApplicationID = "123456789012345678"
	if err := cfg.Validate(false); err != nil {
		t.Fatalf("words in capitals refused: %v", err)
	}
	if cfg.LogFormat != "json" || cfg.Mode != "http" || cfg.DefaultVariant != "tawlbwrdd/bell" || cfg.RenderTheme != "dark" ||
		!cfg.hasRole(RoleInteractions) || !cfg.hasRole(RoleEngine) || !cfg.hasRole(RoleClock) {
		t.Errorf("the words are not used lower-cased: %+v", cfg)
	}
	p = writeConfig(t, `{"log_format": "JSONL", "mode": "Gate", "default_variant": "Chess"}`)
	cfg, err = loadConfig(p, func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	err = cfg.Validate(true)
	for _, want := range []string{`log_format "jsonl"`, `default_variant "chess"`} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Validate = %v, want %s", err, want)
		}
	}
}

// TestConfigKeywordConnString: a database given as a PostgreSQL
// connection string of keywords (host=… dbname=…) is refused with the URL
// form to write instead; it was taken for a bbolt file's name.
func TestConfigKeywordConnString(t *testing.T) {
	c := defaultConfig()
	c.Database = "host=db.example.org user=taflbot password=pw-secret dbname=taflbot"
	err := c.Validate(true)
	if err == nil || !strings.Contains(err.Error(), "postgres://user:password@host:5432/dbname") || strings.Contains(err.Error(), "pw-secret") {
		t.Errorf("Validate: %v", err)
	}
}

// TestDefaultVariantAsTheCommandsTakeIt: default_variant takes a variant
// in the forms the commands take (a preset's title, its name with
// spaces, a layout only one preset has), used as the preset's name; it
// refused "Copenhagen Hnefatafl". A value near some presets is refused
// naming them.
func TestDefaultVariantAsTheCommandsTakeIt(t *testing.T) {
	for _, c := range []struct{ written, used string }{
		{"Copenhagen Hnefatafl", "copenhagen"}, {"ard ri", "ard-ri"}, {"bell", "tawlbwrdd/bell"}, {"Tablut", "tablut"},
	} {
		p := writeConfig(t, `{"application_id": "123456789012345678", "default_variant": "`+c.written+`"}`)
		cfg, err := loadConfig(p, func(k string) string { return map[string]string{"DISCORD_TOKEN": "t"}[k] })
		if err != nil {
			t.Fatal(err)
		}
		if err := cfg.Validate(false); err != nil || cfg.DefaultVariant != c.used {
			t.Errorf("default_variant %q: %v, used as %q, want %q", c.written, err, cfg.DefaultVariant, c.used)
		}
	}
	p := writeConfig(t, `{"default_variant": "hnefatafl"}`)
	cfg, err := loadConfig(p, func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	err = cfg.Validate(true)
	if want := `default_variant "hnefatafl" (did you mean "copenhagen", "fetlar" or "hnefatafl-9"?): use one of `; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("Validate = %v, want %s", err, want)
	}
}
