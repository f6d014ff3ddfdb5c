// Command taflbot runs the taflbot Discord bot: tafl games (Hnefatafl,
// Tablut, Brandubh, …) in Discord channels, with correspondence clocks and
// games against the built-in engine. Everything is kept in one bbolt file,
// or in a PostgreSQL database that many taflbot processes share, each
// doing some of the work (the roles setting; see docs/SCALING.md).
//
// Usage:
//
//	taflbot [-config config.json]            run the bot (gateway or HTTP interactions mode)
//	taflbot -console [-config config.json]   play the same commands in a terminal, without Discord
//	taflbot db check|migrate|copy|backup|compact|export|puzzles   look after the database (see taflbot db -h)
//
// Flags:
//
//	-config file   the JSON configuration (see config.example.json; unknown keys are errors).
//	               Without it the defaults apply.
//	-console       read commands such as "/tafl challenge opponent:bob" and "/tafl move d1-d4"
//	               from standard input, act as the user set with "as NAME", press buttons with
//	               "click LABEL" and "select VALUE", and write every board picture into the
//	               console_dir folder (default "boards"). Needs no token.
//	-boards dir    in console mode, the folder for board pictures (overrides console_dir).
//	-v             in console mode, log as log_level and log_format say; without it the
//	               console logs only warnings and errors, as text, to stderr.
//	               Without -console, -boards and -v are usage errors (a running bot
//	               logs as log_level and log_format say).
//
// Environment:
//
//	DISCORD_TOKEN     the bot token (Developer Portal → your application → Bot). It overrides
//	                  the config file's "token" and is never logged.
//	TAFLBOT_DATABASE  overrides the config file's "database" (a bbolt file or a
//	                  postgres:// URL, whose password is never logged).
//
// In gateway mode (the default) the bot connects to Discord with its token
// and needs no public address. In HTTP mode ("mode": "http") it serves the
// Interactions Endpoint URL on interactions_listen; set the application's
// public_key. The commands are registered at start-up, in one server when
// dev_guild_id is set (instant), else globally. With admin_listen set, it
// serves /healthz and Prometheus /metrics there. With a PostgreSQL
// database, "roles" splits the work over processes: "interactions" (the
// gateway, for the shard_ids of shard_count, or the HTTP endpoint),
// "engine" (engine moves, claimed so that one process thinks about each)
// and "clock" (reminders, timeouts, challenge expiry); a process without
// "interactions" opens no gateway and no endpoint. SIGINT or SIGTERM stops it
// gracefully: in-flight replies and engine moves finish (up to
// shutdown_timeout), then the database is closed.
//
// Help asked for (taflbot -h, taflbot db -h or help, taflbot db COMMAND -h
// or taflbot db help COMMAND) goes to standard output with exit status 0;
// a usage error (an unknown flag or command, taflbot db alone) goes to
// standard error.
//
// Exit status: 0 on a clean stop, 1 on an error, 2 on bad flags.
// See docs/DISCORD.md for setting up the Discord application.
package main

import (
	"bytes"
	"context"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/bot"
	"github.com/taflbot/taflbot/render"
	"github.com/taflbot/taflbot/storage"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr, os.Getenv)
	stop()
	if err == nil {
		return
	}
	fmt.Fprintln(os.Stderr, errorLine(err))
	var ue usageError
	if errors.As(err, &ue) {
		os.Exit(2)
	}
	os.Exit(1)
}

// errorLine is the line that reports err: "taflbot: " and its text,
// unless the text names the program already ("taflbot db copy: …").
func errorLine(err error) string {
	if msg := err.Error(); strings.HasPrefix(msg, "taflbot ") || strings.HasPrefix(msg, "taflbot: ") {
		return msg
	}
	return "taflbot: " + err.Error()
}

// usageError is a bad command line (exit status 2).
type usageError struct{ error }

// parseFlags parses args with fs, whose Usage writes to fs.Output().
// Help asked for (-h, -help) goes to stdout and is flag.ErrHelp (exit
// status 0, so that taflbot -h | less works); a mistake in the flags and
// the usage after it go to stderr and are a usageError (exit status 2),
// as with the tafl tool.
func parseFlags(fs *flag.FlagSet, args []string, stdout, stderr io.Writer) error {
	var held bytes.Buffer // what the flag package prints, until it is known which
	fs.SetOutput(&held)
	err := fs.Parse(args)
	fs.SetOutput(stderr)
	if errors.Is(err, flag.ErrHelp) {
		stdout.Write(held.Bytes())
		return err
	}
	stderr.Write(held.Bytes())
	if err != nil {
		return usageError{err}
	}
	return nil
}

// run is the whole program; main only maps its error to an exit status.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer, getenv func(string) string) (err error) {
	if len(args) > 0 && args[0] == "db" {
		return runDBCommand(ctx, args[1:], stdout, stderr, getenv)
	}
	fs := flag.NewFlagSet("taflbot", flag.ContinueOnError)
	configPath := fs.String("config", "", "the JSON configuration file (see config.example.json)")
	console := fs.Bool("console", false, "play in the terminal without Discord")
	boards := fs.String("boards", "", "console mode: folder for board pictures (overrides console_dir)")
	verbose := fs.Bool("v", false, "console mode: log as the configuration says (by default only warnings and errors, as text, to stderr)")
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), `usage: taflbot [-config config.json]            run the bot (set DISCORD_TOKEN)
       taflbot -console [-v] [-boards DIR] [-config config.json]   play in the terminal without Discord
       taflbot db check|migrate|copy|backup|compact|export|puzzles   look after the database

`)
		fs.PrintDefaults()
		fmt.Fprint(fs.Output(), `
Environment:
  DISCORD_TOKEN     the bot token; overrides the configuration's "token" (keep it out of the file)
  TAFLBOT_DATABASE  the database, a bbolt file or a postgres:// URL; overrides the configuration's
                    "database" (default taflbot.db), and is what taflbot db commands use without -db
`)
	}
	if len(args) == 1 && args[0] == "help" {
		args = []string{"-h"} // as `tafl help` and `taflbot db help`
	}
	if err := parseFlags(fs, args, stdout, stderr); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return err
	}
	if fs.NArg() > 0 {
		return usageError{fmt.Errorf("unexpected argument %q (flags: -config, -console, -v, -boards; or: taflbot db …; taflbot -h lists them)", fs.Arg(0))}
	}
	// -v and -boards change only the console: outside it they would be
	// ignored without a word.
	if !*console && *verbose {
		return usageError{errors.New("-v goes with -console (taflbot -console -v): outside console mode the bot logs as log_level and log_format say; set them in the config file (log_level \"debug\" logs the most)")}
	}
	if !*console && *boards != "" {
		return usageError{errors.New("-boards goes with -console (taflbot -console -boards DIR): outside console mode the bot posts its pictures to Discord and writes none")}
	}
	cfg, err := loadConfig(*configPath, getenv)
	if err != nil {
		return err
	}
	if *boards != "" {
		cfg.ConsoleDir = *boards
	}
	if err := cfg.Validate(*console); err != nil {
		return fmt.Errorf("the configuration needs attention:\n%w", err)
	}
	if *console && !*verbose {
		// The console is a conversation on the terminal: log lines
		// between the replies would drown it. Only problems, readable.
		if l, _ := parseLevel(cfg.LogLevel); l < slog.LevelWarn {
			cfg.LogLevel = "warn"
		}
		cfg.LogFormat = "text"
	}
	logger := newLogger(&cfg, stderr)
	logger.Info("starting taflbot", "config", *configPath, "console", *console, "mode", cfg.Mode, "database", redactDatabase(cfg.Database), "token", cfg.Token)
	for _, w := range cfg.Warnings() {
		logger.Warn("configuration: " + w)
	}

	var consoleREST *bot.ConsoleREST
	var session *discordgo.Session
	now := time.Now
	if *console {
		consoleREST = bot.NewConsoleREST(stdout, cfg.ConsoleDir)
		now = consoleREST.Now
	} else {
		// The token is checked before the database is opened: a token
		// Discord refuses left a new, empty database file behind.
		discordgo.Logger = discordLogger(logger)
		if session, err = bot.NewSession(string(cfg.Token), cfg.RESTBaseURL, nil); err != nil {
			return err
		}
		if err := checkToken(ctx, session); err != nil {
			return err
		}
	}
	// The ports are bound before the database is opened and the
	// commands registered: one in use stops the start before either.
	var adminLn, interactionsLn net.Listener
	if !*console && cfg.AdminListen != "" {
		if adminLn, err = listen("admin", cfg.AdminListen); err != nil {
			return err
		}
		defer adminLn.Close() // a start that fails; serveOn's stop closes it otherwise
	}
	if !*console && cfg.Mode == "http" && cfg.hasRole(RoleInteractions) {
		if interactionsLn, err = listen("interactions", cfg.InteractionsListen); err != nil {
			return err
		}
		defer interactionsLn.Close()
	}
	created := !storage.IsPostgres(cfg.Database) && !fileExists(cfg.Database)
	store, err := storage.Open(cfg.Database, storage.Options{Now: now})
	if err != nil {
		return err
	}
	if from, copy := store.Migrated(); from != 0 {
		logger.Info("database migrated", "path", cfg.Database, "from_schema", from, "to_schema", storage.SchemaVersion, "copy_before_migration", copy)
	}
	defer func() {
		// A start that failed leaves behind no bbolt file it created
		// (never one that was there, nor one with anything in it but
		// the starter puzzles a first start stores).
		remove := err != nil && created && storage.CanCopyInto(context.WithoutCancel(ctx), store) == nil
		if err := store.Close(); err != nil {
			logger.Error("closing the database", "err", err)
			remove = false
		}
		if remove {
			if rerr := os.Remove(cfg.Database); rerr != nil {
				logger.Warn("removing the database file this failed start created", "path", cfg.Database, "err", rerr)
			}
		}
	}()
	theme, _ := render.ParseTheme(cfg.RenderTheme)
	opts := bot.Options{
		Logger: logger, Store: store, Engine: newEngine(), Render: render.Options{Size: cfg.RenderSize, Theme: theme},
		AppID: cfg.ApplicationID, DevGuildID: cfg.DevGuildID,
		DefaultVariant: cfg.DefaultVariant, DefaultDays: cfg.DefaultDaysPerMove,
		ChallengeExpiry: duration(cfg.ChallengeExpiry), SweepInterval: duration(cfg.SweepInterval),
		AIWorkers: cfg.AIWorkers, AIMaxThink: duration(cfg.AIMaxThink), ReviewNodes: cfg.ReviewNodes, Now: now,
		Roles: botRoles(cfg.Roles), EngineLease: duration(cfg.EngineLease), Worker: workerName(),
		AIGamesPerUser: cfg.AIGamesPerUser, AIGamesPerServer: cfg.AIGamesPerServer,
		Engines: cfg.externalEngines(), EngineIdle: duration(cfg.EngineIdle),
	}
	shutdown := duration(cfg.ShutdownTimeout)

	if *console {
		opts.REST = consoleREST
		b, err := bot.New(opts)
		if err != nil {
			return err
		}
		cctx, cancel := context.WithCancel(ctx)
		err = bot.Console(cctx, b, consoleREST, stdin)
		cancel()
		b.Stop(shutdown)
		return err
	}

	opts.REST = bot.SessionREST{S: session}
	opts.UserBurst = bot.DefaultUserBurst // one user's script does not keep the cores busy
	if cfg.Mode == "gateway" && cfg.hasRole(RoleInteractions) {
		// One gateway session per shard this process runs.
		for i, id := range cfg.shards() {
			s := session
			if i > 0 {
				if s, err = bot.NewSession(string(cfg.Token), cfg.RESTBaseURL, nil); err != nil {
					return err
				}
			}
			s.ShardID, s.ShardCount = id, cfg.ShardCount
			opts.Shards = append(opts.Shards, s)
		}
	}
	if cfg.Mode == "http" {
		opts.PublicKey, _ = hex.DecodeString(cfg.PublicKey)
	}
	b, err := bot.New(opts)
	if err != nil {
		return err
	}
	if adminLn != nil {
		defer serveOn(ctx, logger, "admin", adminLn, b.AdminHandler(), adminLimits)()
	}
	if cfg.BackupDir != "" {
		go store.RunBackups(ctx, storage.BackupSchedule{Dir: cfg.BackupDir, Every: duration(cfg.BackupInterval), Keep: cfg.BackupKeep, Fresh: created},
			func(path string, err error) {
				if err != nil {
					logger.Error("backup failed", "err", err)
				} else {
					logger.Info("backup written", "path", path)
				}
			})
	}
	logger.Info("roles", "roles", cfg.Roles, "shards", len(opts.Shards), "shard_count", cfg.ShardCount, "worker", opts.Worker)
	if cfg.Mode == "gateway" || !cfg.hasRole(RoleInteractions) {
		return b.Run(ctx, shutdown)
	}
	if err := b.RegisterCommands(ctx); err != nil {
		return err
	}
	stopHTTP := serveOn(ctx, logger, "interactions", interactionsLn, b.InteractionsHandler(ctx), interactionsLimits)
	b.Start(ctx)
	<-ctx.Done()
	logger.Info("shutting down")
	stopHTTP()
	b.Stop(shutdown)
	return nil
}

// checkToken asks Discord who the bot is, and returns an error saying what
// to do when Discord refuses the token. Other failures (Discord out of
// reach) are left to the start-up's own requests, which report them.
func checkToken(ctx context.Context, s *discordgo.Session) error {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	_, err := s.User("@me", discordgo.WithContext(ctx))
	var re *discordgo.RESTError
	if errors.As(err, &re) && re.Response != nil && re.Response.StatusCode == http.StatusUnauthorized {
		return errors.New("Discord refused the bot token: set DISCORD_TOKEN to your application's token (Developer Portal → Bot → Reset Token)")
	}
	return nil
}

// botRoles maps the roles setting onto the bot's.
func botRoles(names []string) bot.Role {
	var r bot.Role
	for _, n := range names {
		switch n {
		case RoleInteractions:
			r |= bot.RoleInteractions
		case RoleEngine:
			r |= bot.RoleEngine
		case RoleClock:
			r |= bot.RoleClock
		}
	}
	return r
}

// workerName names this process's engine workers in their claims: the
// host and the process id.
func workerName() string {
	host, err := os.Hostname()
	if err != nil || host == "" {
		host = "taflbot"
	}
	return fmt.Sprintf("%s:%d", host, os.Getpid())
}

// redactDatabase returns the database setting without a password.
func redactDatabase(db string) string { return storage.RedactDatabase(db) }

// listen binds the address of the config key NAME_listen, saying what
// to do when it cannot.
func listen(name, addr string) (net.Listener, error) {
	ln, err := net.Listen("tcp", addr)
	if errors.Is(err, syscall.EADDRINUSE) {
		return nil, fmt.Errorf("%s_listen %s: %w: another program (another taflbot?) listens there: stop it, or choose another port", name, addr, err)
	}
	if err != nil {
		return nil, fmt.Errorf("%s_listen %s: %w", name, addr, err)
	}
	return ln, nil
}

// fileExists reports whether something is at path (a database file that
// a failed start must not remove).
func fileExists(path string) bool {
	_, err := os.Lstat(path)
	return !errors.Is(err, fs.ErrNotExist)
}

// newLogger builds the logger from the log_level and log_format keys.
func newLogger(cfg *Config, w io.Writer) *slog.Logger {
	level := new(slog.LevelVar)
	l, _ := parseLevel(cfg.LogLevel)
	level.Set(l)
	opts := &slog.HandlerOptions{Level: level}
	if cfg.LogFormat == "text" {
		return slog.New(slog.NewTextHandler(w, opts))
	}
	return slog.New(slog.NewJSONHandler(w, opts))
}

// discordLogger routes discordgo's messages into slog at matching levels.
func discordLogger(logger *slog.Logger) func(msgL, caller int, format string, a ...any) {
	return func(msgL, caller int, format string, a ...any) {
		level := slog.LevelDebug
		switch msgL {
		case discordgo.LogError:
			level = slog.LevelError
		case discordgo.LogWarning:
			level = slog.LevelWarn
		case discordgo.LogInformational:
			level = slog.LevelInfo
		}
		// discordgo logs the URLs it retries, interaction tokens included.
		logger.Log(context.Background(), level, bot.RedactTokens(fmt.Sprintf(format, a...)), "source", "discordgo")
	}
}
