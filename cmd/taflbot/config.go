package main

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/agnivade/levenshtein"
	"github.com/taflbot/taflbot/bot"
	"github.com/taflbot/taflbot/render"
	"github.com/taflbot/taflbot/storage"
	"github.com/taflbot/taflbot/tafl"
)

// Secret is a string that never shows itself in logs or formatted output:
// slog prints it through LogValue and fmt through String, both redacted.
type Secret string

// LogValue implements slog.LogValuer.
func (s Secret) LogValue() slog.Value {
	if s == "" {
		return slog.StringValue("")
	}
	return slog.StringValue("REDACTED")
}

// String implements fmt.Stringer with the same redaction.
func (s Secret) String() string { return s.LogValue().String() }

// MarshalJSON keeps JSON encoders (such as slog's JSON handler given the
// whole Config) from printing the secret. Decoding is unaffected.
func (s Secret) MarshalJSON() ([]byte, error) { return json.Marshal(s.String()) }

// GoString keeps %#v from printing the secret.
func (s Secret) GoString() string { return `"` + s.String() + `"` }

// Config is the JSON configuration file. config.example.json at the top
// of the repository lists every key; keys not known here are errors.
type Config struct {
	// LogLevel is debug, info, warn or error.
	LogLevel string `json:"log_level"`
	// LogFormat is json (production) or text (development).
	LogFormat string `json:"log_format"`
	// Database is the bbolt file (the default, one process), or a
	// postgres://user:password@host:5432/dbname URL (any number of
	// processes; see docs/SCALING.md). The TAFLBOT_DATABASE environment
	// variable overrides it (keep a password out of the file).
	Database string `json:"database"`

	// Token is the bot token. The DISCORD_TOKEN environment variable
	// overrides it; prefer the environment.
	Token Secret `json:"token"`
	// ApplicationID is the Discord application id (General Information page).
	ApplicationID string `json:"application_id"`
	// PublicKey is the application's hex Ed25519 public key, needed in
	// http mode to verify interactions.
	PublicKey string `json:"public_key"`
	// Mode is gateway (default) or http (serve the Interactions Endpoint URL).
	Mode string `json:"mode"`
	// InteractionsListen is the address the http mode serves (default
	// "127.0.0.1:8080": a TLS proxy in front makes it reachable).
	InteractionsListen string `json:"interactions_listen"`
	// DevGuildID, when set, registers the commands in that server only
	// (instant updates while developing) instead of globally.
	DevGuildID string `json:"dev_guild_id"`
	// RESTBaseURL is where Discord's REST API lives (for REST proxies and tests).
	RESTBaseURL string `json:"rest_base_url"`
	// AdminListen is the address of /healthz and /metrics; empty disables it.
	AdminListen string `json:"admin_listen"`

	// Roles says what this process does: "interactions" (answer Discord:
	// the gateway, or the HTTP endpoint in http mode), "engine" (think
	// about engine moves), "clock" (reminders, timeouts, challenge
	// expiry). Default all three. Splitting them needs a PostgreSQL
	// database, which every process shares (see docs/SCALING.md).
	Roles []string `json:"roles"`
	// ShardCount is the number of gateway shards of the whole bot
	// (default 1); ShardIDs are the shards this process runs (default
	// all). Gateway mode only.
	ShardCount int   `json:"shard_count"`
	ShardIDs   []int `json:"shard_ids"`
	// EngineLease is how long an engine worker's claim on a move lasts
	// without renewal: when a process dies mid-think, another takes the
	// move over after at most this long. Default "30s".
	EngineLease string `json:"engine_lease"`

	// DefaultVariant is used when neither the command nor the server says.
	DefaultVariant string `json:"default_variant"`
	// DefaultDaysPerMove is the per-move time limit in days when not given.
	DefaultDaysPerMove int `json:"default_days_per_move"`
	// ChallengeExpiry is how long a challenge stays open, such as "24h".
	ChallengeExpiry string `json:"challenge_expiry"`
	// SweepInterval is how often clocks and challenges are checked, such as "1m".
	SweepInterval string `json:"sweep_interval"`
	// AIWorkers bounds the engine games thought about at once; 0 means one
	// per CPU core.
	AIWorkers int `json:"ai_workers"`
	// AIMaxThink is how long level max thinks per move in games with a
	// clock (every /tafl ai game has one); default "30s", bounded to 5s..10m;
	// "0s" keeps its usual 5 s. At most ai_workers−1 such long thinks run at
	// once.
	AIMaxThink string `json:"ai_max_think"`
	// AIGamesPerUser caps the active games against the engine one user
	// may have (across servers); AIGamesPerServer caps those of one
	// server. Beyond them /tafl ai says why and starts nothing.
	AIGamesPerUser   int `json:"ai_games_per_user"`
	AIGamesPerServer int `json:"ai_games_per_server"`
	// ReviewNodes is the search budget of each position of a game review
	// (/tafl analyse) and of a hint (0: the default, 400 000 nodes, about
	// a tenth of a second).
	ReviewNodes int64 `json:"review_nodes"`
	// RenderSize is the board picture width in pixels (0 = 840).
	RenderSize int `json:"render_size"`
	// RenderTheme is light or dark.
	RenderTheme string `json:"render_theme"`
	// ShutdownTimeout bounds the wait for in-flight work on shutdown.
	ShutdownTimeout string `json:"shutdown_timeout"`
	// BackupDir, when set, receives a hot backup every BackupInterval
	// (not at start when the newest is younger), keeping the newest
	// BackupKeep files plus the newest of each day for a week and of each
	// week for five weeks (docs/OPERATIONS.md).
	BackupDir      string `json:"backup_dir"`
	BackupInterval string `json:"backup_interval"`
	BackupKeep     int    `json:"backup_keep"`
	// ConsoleDir is where -console mode writes board pictures.
	ConsoleDir string `json:"console_dir"`
	// Engines are external engines speaking the OpenTafl Engine Protocol
	// that players may choose in /tafl ai (docs/DISCORD.md, "Other
	// engines"). EngineIdle stops an engine process after that long
	// without work (default "5m").
	Engines    []EngineConfig `json:"engines"`
	EngineIdle string         `json:"engine_idle"`
}

// EngineConfig is one external engine of Config.Engines.
type EngineConfig struct {
	// Name is what players choose: 1 to 32 letters, digits, - or _.
	Name string `json:"name"`
	// Command is the program and its arguments, such as
	// ["/usr/local/bin/tafl", "otep", "-level", "hard"].
	Command []string `json:"command"`
	// Dir is the process's working directory (default: the bot's).
	Dir string `json:"dir"`
	// Think is the engine's time per move (default "5s", at most "10m").
	Think string `json:"think"`
	// Timeout is how long a move may take before the engine loses the
	// game (default: three times think, and at least think + 30s).
	Timeout string `json:"timeout"`
	// MaxProcesses bounds the engine's processes at once (default 2).
	MaxProcesses int `json:"max_processes"`
}

// defaultConfig returns the configuration with every default applied; the
// file's keys are decoded over it.
func defaultConfig() Config {
	return Config{
		LogLevel:           "info",
		LogFormat:          "json",
		Database:           "taflbot.db",
		Mode:               "gateway",
		InteractionsListen: "127.0.0.1:8080",
		RESTBaseURL:        "https://discord.com/api/v9/",
		DefaultVariant:     tafl.DefaultVariant,
		DefaultDaysPerMove: 3,
		ChallengeExpiry:    "24h",
		SweepInterval:      "1m",
		AIMaxThink:         "30s",
		Roles:              []string{RoleInteractions, RoleEngine, RoleClock},
		ShardCount:         1,
		EngineLease:        "30s",
		AIGamesPerUser:     10,
		AIGamesPerServer:   500,
		RenderTheme:        "light",
		ShutdownTimeout:    "10s",
		BackupInterval:     "24h",
		BackupKeep:         7,
		ConsoleDir:         "boards",
		EngineIdle:         "5m",
	}
}

// loadConfig reads the file at path (when path is not empty) over the
// defaults and applies the environment. It does not validate.
func loadConfig(path string, getenv func(string) string) (Config, error) {
	c := defaultConfig()
	if path != "" {
		data, err := os.ReadFile(path)
		if fi, serr := os.Stat(path); err != nil && serr == nil && fi.IsDir() {
			return c, fmt.Errorf("config: %s is a folder: give the configuration file itself, such as -config %s", path, filepath.Join(path, "config.json"))
		}
		if errors.Is(err, fs.ErrNotExist) {
			return c, fmt.Errorf("config: %w (copy config.example.json to start one)", err)
		}
		if err != nil {
			return c, fmt.Errorf("config: %w", err)
		}
		if err := decodeConfig(bytes.NewReader(data), &c); err != nil {
			return c, fmt.Errorf("config %s: %w", path, err)
		}
	}
	if tok := getenv("DISCORD_TOKEN"); tok != "" {
		c.Token = Secret(tok)
	}
	// A token pasted or read from a file often brings a line break or
	// spaces along, which no token has: with a line break Discord was not
	// even asked ("invalid header field value for \"Authorization\"").
	c.Token = Secret(strings.TrimSpace(string(c.Token)))
	if db := getenv("TAFLBOT_DATABASE"); db != "" {
		c.Database = db
	}
	c.foldCase()
	c.DefaultVariant = presetByName(c.DefaultVariant)
	return c, nil
}

// presetByName is variant, a preset as a player may type it to the bot's
// commands (its title "Copenhagen Hnefatafl", its name with spaces, a
// layout only one preset has, such as "bell"), as the name (or
// name/layout) the bot stores; any other value as it is, for Validate to
// refuse if it is none.
func presetByName(variant string) string {
	name, layout, _ := strings.Cut(variant, "/")
	if _, err := tafl.Preset(name, layout); err == nil {
		return variant
	}
	name, layout, _, ok := tafl.MatchPreset(variant)
	switch {
	case !ok:
		return variant
	case layout != "":
		return name + "/" + layout
	}
	return name
}

// foldCase lower-cases the values that name one of a fixed set of words
// (log_format "JSON", mode "HTTP", default_variant "Tablut", render_theme,
// roles), as log_level always was and the bot's commands take variant
// names, so that only a wrong word is refused, never its letter case.
func (c *Config) foldCase() {
	c.LogFormat = strings.ToLower(c.LogFormat)
	c.Mode = strings.ToLower(c.Mode)
	c.DefaultVariant = strings.ToLower(c.DefaultVariant)
	c.RenderTheme = strings.ToLower(c.RenderTheme)
	for i, r := range c.Roles {
		c.Roles[i] = strings.ToLower(r)
	}
}

// decodeConfig decodes one JSON object over c, rejecting unknown keys,
// keys in another case than the documented one, keys given twice,
// values of the wrong kind and trailing data, each problem of the keys
// and kinds reported at once. (encoding/json alone matches keys
// case-insensitively, lets the last of two equal keys win silently and
// names only the first value of a wrong kind.)
func decodeConfig(r io.Reader, c *Config) error {
	data, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	keyErr := checkKeys(data)
	dec := json.NewDecoder(bytes.NewReader(data))
	if keyErr == nil {
		dec.DisallowUnknownFields() // checkKeys named any already
	}
	if err := dec.Decode(c); err != nil {
		if errors.Is(err, io.ErrUnexpectedEOF) {
			return errors.New("the JSON stops in the middle: a closing }, ] or \" is missing (compare with config.example.json)")
		}
		var syn *json.SyntaxError
		if errors.As(err, &syn) {
			return syntaxError(data, syn)
		}
		var typ *json.UnmarshalTypeError
		if errors.As(err, &typ) && typ.Field != "" {
			kinds := kindErrors(data)
			if len(kinds) == 0 { // under a key in another case
				kinds = []error{kindError(typ)}
			}
			return errors.Join(append([]error{keyErr}, kinds...)...)
		}
		if keyErr != nil {
			return keyErr
		}
		return err
	}
	if keyErr != nil {
		return keyErr
	}
	if dec.More() {
		return errors.New("unexpected data after the JSON object")
	}
	return nil
}

// kindErrors names every key of the object in data given a value of the
// wrong kind (decoding the whole object names only the first), in the
// order of config.example.json.
func kindErrors(data []byte) []error {
	var raw map[string]json.RawMessage
	if json.Unmarshal(data, &raw) != nil {
		return nil
	}
	var errs []error
	for _, k := range jsonKeys(reflect.TypeOf(Config{})) {
		v, ok := raw[k]
		if !ok {
			continue
		}
		var one Config
		key, _ := json.Marshal(k)
		err := json.Unmarshal(slices.Concat([]byte("{"), key, []byte(":"), v, []byte("}")), &one)
		var typ *json.UnmarshalTypeError
		if errors.As(err, &typ) && typ.Field != "" {
			errs = append(errs, kindError(typ))
		}
	}
	return errs
}

// kindError says that a key was given the wrong kind of value, and the
// kind it needs.
func kindError(typ *json.UnmarshalTypeError) error {
	return fmt.Errorf("%q must be %s, not a JSON %s (see config.example.json)", typ.Field, jsonKind(typ.Type), typ.Value)
}

// syntaxError says where in data the JSON syntax error syn is, by line
// and column (an editor shows those, not byte offsets), and, for the
// usual slips when editing config.example.json by hand — a comma after
// the last entry or one missing, a comment, single quotes, a text value
// without quotes — what to write instead.
func syntaxError(data []byte, syn *json.SyntaxError) error {
	at := min(max(int(syn.Offset)-1, 0), len(data)) // the offending byte
	line := bytes.Count(data[:at], []byte("\n")) + 1
	col := utf8.RuneCount(data[bytes.LastIndexByte(data[:at], '\n')+1:at]) + 1 // in characters, as editors count
	var c byte
	if at < len(data) {
		c = data[at]
	}
	msg := syn.Error()
	what := msg
	switch {
	case c == '/' || c == '#':
		what = "JSON has no comments: remove them"
	case c == '\'':
		what = "JSON strings take double quotes (\"), not single ones"
	case (c == '}' || c == ']') && (strings.Contains(msg, "looking for beginning of object key string") || strings.Contains(msg, "looking for beginning of value")):
		what = "a comma before a closing } or ] is not allowed in JSON: remove the comma after the last entry"
	case strings.Contains(msg, "after object key:value pair") || strings.Contains(msg, "after array element"):
		what = "a comma is missing before this entry: separate the entries with commas"
	case strings.Contains(msg, "after object key"):
		what = "a colon (:) is missing after the key"
	case strings.Contains(msg, "looking for beginning of value") && (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'):
		what = `a text value needs double quotes, such as "info" (only numbers, true, false and null go without)`
	}
	return fmt.Errorf("invalid JSON at line %d, column %d: %s (compare with config.example.json)", line, col, what)
}

// checkKeys walks the top-level object's keys and those of each engine:
// each must be one of the documented keys, exactly, and appear once. An
// empty file, or one that holds something other than an object, is named
// as such. Syntax errors are left to the decoder, which reports them with
// their position.
func checkKeys(data []byte) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	t, err := dec.Token()
	switch {
	case errors.Is(err, io.EOF):
		return errors.New(`the file is empty: write the settings as one JSON object, such as {"application_id": "123456789012345678"} (config.example.json lists every key)`)
	case err != nil:
		return nil
	case t != json.Delim('{'):
		return errors.New("the file must hold one JSON object, the settings in {braces}, as config.example.json does")
	}
	var errs []error
	complete := objectKeys(dec, "", jsonKeys(reflect.TypeOf(Config{})), func(key string, value json.RawMessage) {
		if key != "engines" {
			return
		}
		var engines []json.RawMessage
		if json.Unmarshal(value, &engines) != nil {
			return // the decoder names the wrong kind of value
		}
		for i, e := range engines {
			d := json.NewDecoder(bytes.NewReader(e))
			if t, err := d.Token(); err == nil && t == json.Delim('{') {
				objectKeys(d, fmt.Sprintf("engines[%d]: ", i), jsonKeys(reflect.TypeOf(EngineConfig{})), nil, &errs)
			}
		}
	}, &errs)
	if !complete {
		return nil // the decoder reports the syntax error with its position
	}
	return errors.Join(errs...)
}

// objectKeys reads the keys and values of the object whose '{' dec has
// just read, adding an error (prefixed where) for each key that is not one
// of keys, is in another case, or is given twice, and calling each (when
// not nil) with every key and its value. It returns false at a syntax
// error.
func objectKeys(dec *json.Decoder, where string, keys []string, each func(string, json.RawMessage), errs *[]error) bool {
	known := map[string]bool{}
	for _, k := range keys {
		known[k] = true
	}
	seen := map[string]bool{}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return false
		}
		key, _ := t.(string)
		switch {
		case seen[key]:
			*errs = append(*errs, fmt.Errorf("%skey %q is given twice: keep one", where, key))
		case !known[key] && known[strings.ToLower(key)]:
			*errs = append(*errs, fmt.Errorf("%skey %q: keys are lower case, write %q", where, key, strings.ToLower(key)))
		case !known[key]:
			msg := fmt.Sprintf("%sunknown key %q", where, key)
			if near := nearestKey(key, keys); near != "" {
				msg += fmt.Sprintf(" (did you mean %q?)", near)
			}
			if where == "" {
				msg += ": config.example.json lists every key"
			} else {
				msg += ": an engine's keys are " + strings.Join(keys[:len(keys)-1], ", ") + " and " + keys[len(keys)-1]
			}
			*errs = append(*errs, errors.New(msg))
		}
		seen[key] = true
		var value json.RawMessage
		if err := dec.Decode(&value); err != nil {
			return false
		}
		if each != nil {
			each(key, value)
		}
	}
	return true
}

// nearestKey returns the key of keys that key is most likely a misspelling
// of (at most two letters added, dropped or changed), or "".
func nearestKey(key string, keys []string) string {
	best, bestD := "", 3
	for _, k := range keys {
		if d := levenshtein.ComputeDistance(strings.ToLower(key), k); d < bestD {
			best, bestD = k, d
		}
	}
	return best
}

// Validate reports every problem with the configuration at once. console
// says whether the bot runs in -console mode, which needs no Discord keys.
func (c *Config) Validate(console bool) error {
	var errs []error
	bad := func(format string, args ...any) { errs = append(errs, fmt.Errorf(format, args...)) }

	if _, err := parseLevel(c.LogLevel); err != nil {
		errs = append(errs, err)
	}
	if c.LogFormat != "json" && c.LogFormat != "text" {
		bad("log_format %q: use \"json\" or \"text\"", c.LogFormat)
	}
	if c.Database == "" {
		bad("database is empty: give a file path such as \"taflbot.db\", or a postgres:// URL")
	} else if storage.IsKeywordConnString(c.Database) {
		bad("database is a PostgreSQL connection string of keywords (host=… dbname=…): write it as a URL, postgres://user:password@host:5432/dbname?sslmode=verify-full (it would be taken for the name of a bbolt file)")
	} else if storage.IsPostgres(c.Database) {
		if _, err := url.Parse(c.Database); err != nil {
			bad("database: the PostgreSQL URL does not parse: give postgres://user:password@host:5432/dbname")
		}
		if c.BackupDir != "" {
			bad("backup_dir is for a bbolt file; with PostgreSQL leave it empty and back up with pg_dump (see docs/SCALING.md)")
		}
	}
	if !console {
		switch c.Mode {
		case "gateway", "http":
		default:
			bad("mode %q: use \"gateway\" or \"http\"", c.Mode)
		}
		if c.Token == "" {
			bad("no bot token: set the DISCORD_TOKEN environment variable (Discord Developer Portal → your application → Bot → Reset Token), or run with -console to play without Discord")
		}
		if c.ApplicationID == "" {
			bad("application_id is empty: copy it from the Developer Portal (General Information → Application ID)")
		} else if strings.Trim(c.ApplicationID, "0") == "" {
			bad("application_id is still the placeholder %q from config.example.json: set it to your application's id (Developer Portal → General Information → Application ID)", c.ApplicationID)
		} else if !isSnowflake(c.ApplicationID) {
			bad("application_id %q is not a Discord id (digits only)", c.ApplicationID)
		}
		if c.Mode == "http" && c.hasRole(RoleInteractions) { // the endpoint's settings
			if k, err := hex.DecodeString(c.PublicKey); err != nil || len(k) != 32 {
				bad("public_key must be the application's 64-hex-digit public key (General Information → Public Key) in http mode")
			}
			if c.InteractionsListen == "" {
				bad("interactions_listen is empty: give an address such as \"127.0.0.1:8080\" for http mode")
			}
		}
	}
	if c.AdminListen != "" && !isListenAddr(c.AdminListen) {
		bad("admin_listen %q: give host:port, such as \"127.0.0.1:9090\" (or leave it empty for no /healthz and /metrics)", c.AdminListen)
	}
	if !console && c.Mode == "http" && c.hasRole(RoleInteractions) && c.InteractionsListen != "" && !isListenAddr(c.InteractionsListen) {
		bad("interactions_listen %q: give host:port, such as \"127.0.0.1:8080\"", c.InteractionsListen)
	}
	if c.DevGuildID != "" && !isSnowflake(c.DevGuildID) {
		bad("dev_guild_id %q is not a Discord id (digits only)", c.DevGuildID)
	}
	if u, err := url.Parse(c.RESTBaseURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		bad("rest_base_url %q: give an https URL such as \"https://discord.com/api/v9/\"", c.RESTBaseURL)
	} else if u.Scheme == "http" && !isLoopbackHost(u.Hostname()) {
		bad("rest_base_url %q: plain http to another machine would send the bot token in clear; use https (http is allowed only to 127.0.0.1, ::1 or localhost, such as a REST proxy on this machine)", c.RESTBaseURL)
	} else if !strings.HasSuffix(strings.TrimSuffix(u.Path, "/"), "/api/v9") {
		bad("rest_base_url %q: the URL must end in /api/v9/, the REST API version taflbot speaks (like \"https://discord.com/api/v9/\")", c.RESTBaseURL)
	}
	name, layout, _ := strings.Cut(c.DefaultVariant, "/") // a preset, or "name/layout"
	if _, err := tafl.Preset(name, layout); err != nil {
		var names []string
		for _, p := range tafl.Presets() {
			names = append(names, p.Name)
		}
		guess := ""
		if _, _, near, _ := tafl.MatchPreset(c.DefaultVariant); len(near) > 0 {
			for i, n := range near {
				near[i] = strconv.Quote(n)
			}
			guess = " (did you mean " + strings.Join(near[:len(near)-1], ", ")
			if len(near) > 1 {
				guess += " or "
			}
			guess += near[len(near)-1] + "?)"
		}
		bad("default_variant %q%s: use one of %s, or NAME/LAYOUT for a layout (see tafl variants); a preset's title (\"Copenhagen Hnefatafl\") is taken too", c.DefaultVariant, guess, strings.Join(names, ", "))
	}
	if c.DefaultDaysPerMove < 1 || c.DefaultDaysPerMove > 30 {
		bad("default_days_per_move %d: use 1 to 30", c.DefaultDaysPerMove)
	}
	durations := []struct {
		key, val string
		min      time.Duration
	}{
		{"challenge_expiry", c.ChallengeExpiry, time.Minute},
		{"sweep_interval", c.SweepInterval, time.Second},
		{"shutdown_timeout", c.ShutdownTimeout, time.Second},
		{"backup_interval", c.BackupInterval, time.Minute},
	}
	for _, d := range durations {
		v, err := time.ParseDuration(d.val)
		if err != nil {
			bad("%s %q: give a duration such as \"90s\", \"10m\" or \"24h\"", d.key, d.val)
		} else if v < d.min {
			bad("%s %s is too short: at least %s", d.key, v, d.min)
		}
	}
	if c.ReviewNodes != 0 && (c.ReviewNodes < 1000 || c.ReviewNodes > 100_000_000) {
		bad("review_nodes %d: use 0 (the default, 400000) or 1000 to 100000000", c.ReviewNodes)
	}
	if v, err := time.ParseDuration(c.AIMaxThink); err != nil {
		bad("ai_max_think %q: give a duration such as \"30s\", or \"0s\" for max's usual 5 s", c.AIMaxThink)
	} else if v != 0 && (v < 5*time.Second || v > 10*time.Minute) {
		bad("ai_max_think %s: use 0s, or 5s to 10m", v)
	}
	if c.AIWorkers < 0 || c.AIWorkers > 64 {
		bad("ai_workers %d: use 0 (one per core) to 64", c.AIWorkers)
	}
	if c.AIGamesPerUser < 1 || c.AIGamesPerUser > 1000 {
		bad("ai_games_per_user %d: use 1 to 1000", c.AIGamesPerUser)
	}
	if c.AIGamesPerServer < 1 || c.AIGamesPerServer > 1000000 {
		bad("ai_games_per_server %d: use 1 to 1000000", c.AIGamesPerServer)
	}
	if c.RenderSize != 0 && (c.RenderSize < render.MinSize || c.RenderSize > render.MaxSize) {
		bad("render_size %d: use 0 (default %d) or %d to %d", c.RenderSize, render.DefaultSize, render.MinSize, render.MaxSize)
	}
	if _, err := render.ParseTheme(c.RenderTheme); err != nil {
		bad("render_theme %q: use \"light\" or \"dark\"", c.RenderTheme)
	}
	if fi, err := os.Stat(c.BackupDir); c.BackupDir != "" && err == nil && !fi.IsDir() {
		bad("backup_dir %q is a file, not a folder: give a folder for the backups (it is created when missing), or leave it empty for none", c.BackupDir)
	} else if c.BackupDir != "" && !console && !storage.IsPostgres(c.Database) {
		// The bot would run without backups, logging the failure at
		// every interval.
		if err := checkWritable(c.BackupDir); err != nil {
			bad("backup_dir %q: %v: give a folder the bot may write in (it is created when missing), or leave it empty for none", c.BackupDir, err)
		}
	}
	if c.BackupKeep < 1 {
		bad("backup_keep %d: keep at least 1 backup", c.BackupKeep)
	}
	c.validateScaling(console, bad)
	if console && c.ConsoleDir == "" {
		bad("console_dir is empty: give a folder for the board pictures")
	} else if console {
		if err := checkWritable(c.ConsoleDir); err != nil {
			bad("console_dir %q: %v: give a folder the board pictures may be written to (it is created when missing), with console_dir in the config or -boards DIR", c.ConsoleDir, err)
		}
	}
	if v, err := time.ParseDuration(c.EngineIdle); err != nil || v < time.Second {
		bad("engine_idle %q: give a duration of at least 1s, such as \"5m\"", c.EngineIdle)
	}
	for _, e := range c.Engines {
		// Worded as bot.CheckEngines words the engines' other problems.
		if v, err := time.ParseDuration(e.Think); e.Think != "" && (err != nil || v <= 0) {
			bad("engines: engine %q: think %q is not a duration above 0: give one of at most 10 minutes, such as \"5s\", or leave it out for 5s", e.Name, e.Think)
		}
		if v, err := time.ParseDuration(e.Timeout); e.Timeout != "" && (err != nil || v <= 0) {
			bad("engines: engine %q: timeout %q is not a duration above 0: give one longer than think, such as \"60s\", or leave it out (three times think, at least think + 30s)", e.Name, e.Timeout)
		}
	}
	if _, err := bot.CheckEngines(c.externalEngines()); err != nil {
		list := []error{err}
		if j, ok := err.(interface{ Unwrap() []error }); ok {
			list = j.Unwrap() // one line each
		}
		for _, e := range list {
			bad("engines: %v", strings.TrimPrefix(e.Error(), "bot: "))
		}
	}
	return errors.Join(errs...)
}

// checkWritable reports why the bot could not write in folder dir, or
// create it: dir, or the nearest folder above it that exists (where it
// would be created), must be a folder the bot may write in. It tries
// with a file it removes at once.
func checkWritable(dir string) error {
	d := filepath.Clean(dir)
	for {
		fi, err := os.Stat(d)
		if err == nil {
			if !fi.IsDir() {
				return fmt.Errorf("%s is a file, not a folder", d)
			}
			break
		}
		if errors.Is(err, fs.ErrPermission) {
			return fmt.Errorf("the bot may not look in %s", filepath.Dir(d))
		}
		if filepath.Dir(d) == d {
			return err
		}
		// Missing, or under a file (which the next turn names).
		d = filepath.Dir(d)
	}
	f, err := os.CreateTemp(d, ".taflbot-write-check-*")
	if err != nil {
		if errors.Is(err, fs.ErrPermission) {
			return fmt.Errorf("the bot may not write in %s", d)
		}
		return fmt.Errorf("the bot cannot write in %s", d)
	}
	f.Close()
	return os.Remove(f.Name())
}

// The roles of a process (the "roles" key).
const (
	RoleInteractions = "interactions"
	RoleEngine       = "engine"
	RoleClock        = "clock"
)

// hasRole reports whether the process has role r.
func (c *Config) hasRole(r string) bool { return slices.Contains(c.Roles, r) }

// validateScaling checks roles, shards and the engine lease.
func (c *Config) validateScaling(console bool, bad func(format string, args ...any)) {
	seen := map[string]bool{}
	for _, r := range c.Roles {
		switch r {
		case RoleInteractions, RoleEngine, RoleClock:
		default:
			bad("roles: unknown role %q: use \"interactions\", \"engine\" and \"clock\"", r)
		}
		if seen[r] {
			bad("roles: %q is named twice", r)
		}
		seen[r] = true
	}
	all := c.hasRole(RoleInteractions) && c.hasRole(RoleEngine) && c.hasRole(RoleClock)
	switch {
	case len(c.Roles) == 0:
		bad("roles is empty: give at least one of \"interactions\", \"engine\", \"clock\" (the default is all three)")
	case !all && !storage.IsPostgres(c.Database):
		bad("roles %v: a process with a bbolt database must do everything (its file cannot be shared); to split the work over processes use a postgres:// database (see docs/SCALING.md)", c.Roles)
	case !all && console:
		bad("roles: console mode does everything; leave roles out")
	}
	if c.ShardCount < 1 || c.ShardCount > 1<<14 {
		bad("shard_count %d: use 1 (the default) to %d", c.ShardCount, 1<<14)
	} else {
		ids := map[int]bool{}
		for _, id := range c.ShardIDs {
			if id < 0 || id >= c.ShardCount {
				bad("shard_ids: shard %d is not in 0 to %d (shard_count %d)", id, c.ShardCount-1, c.ShardCount)
			}
			if ids[id] {
				bad("shard_ids: shard %d is named twice", id)
			}
			ids[id] = true
		}
	}
	if (len(c.ShardIDs) > 0 || c.ShardCount > 1) && !console && c.Mode == "http" {
		bad("shard_ids and shard_count are for gateway mode; in http mode run as many front ends as you like behind a load balancer")
	}
	if v, err := time.ParseDuration(c.EngineLease); err != nil {
		bad("engine_lease %q: give a duration such as \"30s\"", c.EngineLease)
	} else if v < 2*time.Second || v > 10*time.Minute {
		bad("engine_lease %s: use 2s to 10m", v)
	}
}

// shards returns the shard ids this process runs.
func (c *Config) shards() []int {
	if len(c.ShardIDs) > 0 {
		return c.ShardIDs
	}
	ids := make([]int, c.ShardCount)
	for i := range ids {
		ids[i] = i
	}
	return ids
}

// Warnings lists settings that work but deserve a second look; the bot
// logs them at warn when it starts.
func (c *Config) Warnings() []string {
	w := storage.URLWarnings(c.Database)
	if c.AdminListen != "" && !isLoopback(c.AdminListen) {
		w = append(w, fmt.Sprintf("admin_listen %q is not a loopback address: /metrics and /healthz are open to the network; use 127.0.0.1:PORT or put them behind a firewall", c.AdminListen))
	}
	for _, e := range c.Engines {
		if !c.hasRole(RoleEngine) {
			break // this process plays no engine moves
		}
		if len(e.Command) == 0 || e.Command[0] == "" {
			continue // an error of its own (validate)
		}
		if fi, err := os.Stat(e.Dir); e.Dir != "" && (err != nil || !fi.IsDir()) {
			// The process is started in dir: whatever its command, it
			// cannot start.
			why := "it is a file"
			if err != nil {
				why = err.Error()
			}
			w = append(w, fmt.Sprintf("engines: %q: its dir %q, the folder it is started in, is not a folder here (%s): a game against it is lost at its first move; create the folder or fix dir", e.Name, e.Dir, why))
			continue
		}
		if err := findCommand(e.Command[0], e.Dir); err != nil {
			w = append(w, fmt.Sprintf("engines: %q: its command %q cannot be run here (%v): a game against it is lost at its first move; fix the path (relative ones start from \"dir\") or install the engine", e.Name, e.Command[0], err))
		}
	}
	return w
}

// findCommand checks that an engine's program can be started: a bare name
// is looked up on PATH, a relative path from dir (as os/exec starts it),
// and either must be an executable file.
func findCommand(name, dir string) error {
	if !strings.ContainsRune(name, filepath.Separator) {
		_, err := exec.LookPath(name)
		return err
	}
	if !filepath.IsAbs(name) && dir != "" {
		name = filepath.Join(dir, name)
	}
	_, err := exec.LookPath(name)
	return err
}

// externalEngines converts the validated engine list for the bot.
func (c *Config) externalEngines() []bot.ExternalEngine {
	var out []bot.ExternalEngine
	for _, e := range c.Engines {
		out = append(out, bot.ExternalEngine{Name: e.Name, Command: e.Command, Dir: e.Dir,
			// A negative one is reported by Validate already: 0 is "leave it out".
			Think: max(duration(e.Think), 0), Timeout: max(duration(e.Timeout), 0), MaxProcesses: e.MaxProcesses})
	}
	return out
}

// duration parses a validated duration string.
func duration(s string) time.Duration {
	d, _ := time.ParseDuration(s)
	return d
}

func parseLevel(s string) (slog.Level, error) {
	var l slog.Level
	if err := l.UnmarshalText([]byte(s)); err != nil {
		return 0, fmt.Errorf("log_level %q: use debug, info, warn or error", s)
	}
	return l, nil
}

// isListenAddr reports whether addr is a host:port a listener can take:
// any host (empty for every address) and a port number.
func isListenAddr(addr string) bool {
	_, port, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	_, err = net.LookupPort("tcp", port) // a number, or a service name such as "http", as net.Listen takes
	return err == nil
}

func isSnowflake(s string) bool {
	if s == "" || len(s) > 20 {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// jsonKeys lists the JSON keys of the fields of struct type t.
func jsonKeys(t reflect.Type) []string {
	var keys []string
	for i := range t.NumField() {
		if k, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ","); k != "" {
			keys = append(keys, k)
		}
	}
	return keys
}

// jsonKind says how a value of type t is written in JSON, for an error
// about a key given the wrong kind of value: the kinds Config holds
// (strings, whole numbers, lists, the engines' objects).
// TestJSONKindKnowsEveryConfigField fails when a key of another kind is
// added without a case here.
func jsonKind(t reflect.Type) string {
	switch t.Kind() {
	case reflect.String:
		return "a string in double quotes"
	case reflect.Int, reflect.Int64:
		return "a whole number"
	case reflect.Slice:
		if t.Elem().Kind() == reflect.String {
			return `a list of strings in [brackets], such as ["a", "b"]`
		}
		return "a list in [brackets]"
	case reflect.Struct:
		return "an object in {braces}"
	}
	return "a " + t.String()
}
