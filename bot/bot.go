package bot

import (
	"context"
	"crypto/ed25519"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"net/url"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/analysis"
	"github.com/taflbot/taflbot/render"
	"github.com/taflbot/taflbot/storage"
	"github.com/taflbot/taflbot/tafl"
	"strings"
)

// Renderer draws board pictures and replays. [DefaultRenderer] is the
// real one; tests may count or fail calls.
type Renderer interface {
	PNG(w io.Writer, pos tafl.Position, opts render.Options) error
	GIF(w io.Writer, g *tafl.Game, opts render.GIFOptions) error
}

// DefaultRenderer is the Renderer backed by package render.
type DefaultRenderer struct{}

// PNG calls render.PNG.
func (DefaultRenderer) PNG(w io.Writer, pos tafl.Position, opts render.Options) error {
	return render.PNG(w, pos, opts)
}

// GIF calls render.GIF.
func (DefaultRenderer) GIF(w io.Writer, g *tafl.Game, opts render.GIFOptions) error {
	return render.GIF(w, g, opts)
}

// Engine chooses the engine's move in a game at a level (easy, medium,
// hard or max). think > 0 asks a timed level (hard, max) to think that
// long instead of its usual budget (the bot gives max longer in
// correspondence games). It must honour ctx.
type Engine interface {
	Move(ctx context.Context, g *tafl.Game, level string, think time.Duration) (tafl.Move, error)
}

// Role is what a Bot process does; roles combine with |. Several
// processes sharing one PostgreSQL database may split them (see
// docs/SCALING.md); a bbolt database has one process doing all.
type Role uint8

const (
	// RoleInteractions answers Discord's interactions (the gateway in Run,
	// or the HTTP endpoint of InteractionsHandler).
	RoleInteractions Role = 1 << iota
	// RoleEngine thinks about the engine's moves: it claims each due move
	// in storage, so that of all processes exactly one thinks about it.
	RoleEngine
	// RoleClock runs the clock sweeper: reminders, timeouts and challenge
	// expiry, each done once even when several processes sweep.
	RoleClock

	// AllRoles is everything: the default, and the only choice with bbolt.
	AllRoles = RoleInteractions | RoleEngine | RoleClock
)

// Options configure [New]. Store, REST and Engine are required.
type Options struct {
	Logger   *slog.Logger   // Logger receives the bot's logs (default: discard).
	Store    *storage.Store // Store keeps games, challenges, players and settings.
	REST     REST           // REST makes Discord calls.
	Renderer Renderer       // Renderer draws boards (default DefaultRenderer).
	Render   render.Options // Render holds the size and theme of board pictures.
	Engine   Engine         // Engine plays the AI's moves.

	// Session, when set, is the discordgo session whose gateway Run opens
	// in gateway mode (its REST side is usually also REST).
	Session *discordgo.Session
	// Shards, when set instead of Session, are the gateway sessions of
	// the shards this process runs (each with its ShardID and ShardCount
	// set): Run opens them all.
	Shards []*discordgo.Session
	// Roles says what this process does (zero: AllRoles).
	Roles Role
	// EngineLease is how long a claim on an engine move lasts unless
	// renewed (default 30s): when a process dies mid-think another takes
	// the move over after at most this long.
	EngineLease time.Duration
	// Worker names this process's engine workers in their claims
	// (default: random). Make it unique per process, such as host:pid.
	Worker string
	// AppID is the application id, used to register the commands.
	AppID string
	// DevGuildID registers the commands in one server instead of globally.
	DevGuildID string
	// PublicKey verifies HTTP interactions (see InteractionsHandler).
	PublicKey ed25519.PublicKey

	DefaultVariant  string        // DefaultVariant of new games: a preset, or "name/layout" (default tafl.DefaultVariant).
	DefaultDays     int           // DefaultDays per move (default 3).
	ChallengeExpiry time.Duration // ChallengeExpiry of open challenges (default 24h).
	SweepInterval   time.Duration // SweepInterval of the clock sweeper (default 1m).
	AIWorkers       int           // AIWorkers bounds concurrent engine searches (default NumCPU).
	AITimeout       time.Duration // AITimeout bounds one engine move (default 2m).
	// AIMaxThink is how long level max thinks in correspondence games
	// (games with a clock); 0 keeps its usual 5 s. Such long thinks use
	// at most AIWorkers−1 workers at once, so that quick moves never wait
	// behind them; when none is free, max thinks its usual time.
	AIMaxThink time.Duration
	// Replays is how many /tafl history replays are drawn at once
	// (default one per core but one, at least 1); each user has one at
	// a time.
	Replays int
	// EngineQueue is how many engine moves may wait for a worker (default
	// 4096). Beyond that a move stays due in storage and is submitted
	// again every EngineRetry.
	EngineQueue int
	// EngineRetry is how often games in which the engine is to move but
	// that the queue does not hold are submitted again (default 1m).
	EngineRetry time.Duration
	// AIGamesPerUser caps the active games against the engine one user
	// may have, across servers (default 10).
	AIGamesPerUser int
	// AIGamesPerServer caps the active games against the engine in one
	// server (default 500).
	AIGamesPerServer int
	// Engines are external OTEP engines players may choose in /tafl ai
	// (its engine option): processes started on demand, at most
	// MaxProcesses each, replaced when they die, stopped after EngineIdle
	// without work on the Now clock (default 5 minutes). An engine that
	// fails loses its game.
	Engines    []ExternalEngine
	EngineIdle time.Duration
	// CommandIDRefresh is how often a process without RoleInteractions
	// reads /tafl's id from Discord again (default 5 minutes): when a
	// front end registers the commands anew under another id (or first
	// registers them after this process started), its messages mention
	// the commands with the id Discord knows.
	CommandIDRefresh time.Duration
	// DeferAfter is how long a handler may run before the bot sends
	// Discord a deferral ("thinking…") and delivers the reply later by
	// editing it (default 1s, well inside Discord's 3 s limit).
	DeferAfter time.Duration
	// HandlerTimeout bounds a handler in all (default 30s).
	HandlerTimeout time.Duration
	// Now is the clock (default time.Now); tests move it forward.
	Now func() time.Time

	// ReviewNodes is the search budget of each position of a game
	// review, and of a hint (default analysis.DefaultNodes).
	ReviewNodes int64

	// UserBurst is how many commands and button presses one user may
	// send at once; beyond it they are paced to two a second, and the
	// others are answered that they came too fast (pace.go). 0 paces
	// nobody (the console, tests); cmd/taflbot uses DefaultUserBurst.
	UserBurst int
}

// Bot is the Discord bot. Its methods are safe for concurrent use.
type Bot struct {
	log      *slog.Logger
	store    *storage.Store
	rest     REST
	renderer Renderer
	channels channelKinds // the channels seen: b.channel
	// undelivered holds, by interaction id, what postUndelivered did in
	// place of a response Discord did not show (a *discordgo.Message it
	// posted, for responseMessage; or the error of that post, for
	// replyLost), for the interaction's life.
	undelivered sync.Map
	// commandID is /tafl's id once RegisterCommands has registered it:
	// the REST then mentions the commands in the texts it sends.
	commandID atomic.Pointer[string]
	idRefresh time.Duration // how often a process without RoleInteractions reads it again
	idFailing bool          // the last reading failed (learnCommandID's, one goroutine at a time)
	render    render.Options
	engine    Engine
	shards    []*discordgo.Session
	roles     Role
	lease     time.Duration
	worker    string
	external  *engines
	appID     string
	devGuild  string
	pubKey    ed25519.PublicKey

	defaultVariant string
	defaultDays    int
	expiry         time.Duration
	sweepEvery     time.Duration
	aiTimeout      time.Duration
	aiMaxThink     time.Duration
	aiPerUser      int
	aiPerServer    int
	deferAfter     time.Duration
	handlerTimeout time.Duration
	now            func() time.Time

	ai          *aiPool
	flags       *flagWatcher // ends games on time at their deadlines
	reviews     reviewer
	mining      sync.Map // game id → true while it is mined for a puzzle here (minePuzzles)
	reviewNodes int64
	replays     *replayLimiter
	pacer       *userPacer       // each user's pace of commands and presses (nil: none)
	closedChals closedChallenges // challenges withdrawn or declined lately (rechallenge.go)
	renderSem   chan struct{}    // bounds concurrent renders
	metrics     *Metrics
	work        sync.WaitGroup        // deferred work started after responses
	inflight    atomic.Int64          // follow-up work running (for settle)
	sweepMu     sync.Mutex            // one sweep at a time
	caughtUp    chan struct{}         // closed after the start-up sweep (CaughtUp)
	dailyRetry  map[string]dailyRetry // guild id → when its failed daily post may be tried again (under sweepMu)
	announceMu  keyedMutex            // one edit of a tournament's announcement at a time
	noticeFalls sync.Map              // guild id → its notification channel that refused the last notice (postNotice), which went to the game's channel
	langs       sync.Map              // user id → chosenLang: the language the user chose ("" for none), in every server
	langsN      atomic.Int64          // entries in langs (see rememberLang)
	langsSweep  sync.Mutex            // one sweep of langs at a time
	names       sync.Map              // user id → the display name last seen (see noteName)
	namesN      atomic.Int64          // entries in names
	recent      *recentInteractions   // HTTP interactions answered lately (repeats are not acted on)
	refusedLog  *rateLimitedLog       // warn lines about refused HTTP requests
	loggedMu    sync.Mutex
	logged      map[string]bool // damaged index entries already logged
	bgMu        sync.Mutex
	stopBG      context.CancelFunc // stops what Start started
	bgDone      <-chan struct{}    // closed when Stop stops it (nil before Start)
}

// New checks the options and returns a Bot. It does not connect.
func New(o Options) (*Bot, error) {
	var errs []error
	if o.Store == nil {
		errs = append(errs, errors.New("bot: Options.Store is nil"))
	}
	if o.REST == nil {
		errs = append(errs, errors.New("bot: Options.REST is nil"))
	}
	if o.Engine == nil {
		errs = append(errs, errors.New("bot: Options.Engine is nil"))
	}
	if o.DefaultVariant == "" {
		o.DefaultVariant = tafl.DefaultVariant
	}
	name, layout, _ := strings.Cut(o.DefaultVariant, "/") // a preset, or "name/layout" as /tafl settings stores it
	if _, err := tafl.Preset(name, layout); err != nil {
		errs = append(errs, fmt.Errorf("bot: default variant: %w", err))
	}
	engineList, err := CheckEngines(o.Engines)
	if err != nil {
		errs = append(errs, err)
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	if o.Renderer == nil {
		o.Renderer = DefaultRenderer{}
	}
	if o.DefaultDays <= 0 {
		o.DefaultDays = 3
	}
	if o.ChallengeExpiry <= 0 {
		o.ChallengeExpiry = 24 * time.Hour
	}
	if o.SweepInterval <= 0 {
		o.SweepInterval = time.Minute
	}
	if o.AIWorkers <= 0 {
		o.AIWorkers = runtime.NumCPU()
	}
	if o.AITimeout <= 0 {
		o.AITimeout = 2 * time.Minute
	}
	if o.Replays <= 0 {
		o.Replays = max(1, runtime.GOMAXPROCS(0)-1)
	}
	if o.EngineQueue <= 0 {
		o.EngineQueue = 4096
	}
	if o.EngineRetry <= 0 {
		o.EngineRetry = time.Minute
	}
	if o.AIGamesPerUser <= 0 {
		o.AIGamesPerUser = 10
	}
	if o.AIGamesPerServer <= 0 {
		o.AIGamesPerServer = 500
	}
	if o.DeferAfter <= 0 {
		o.DeferAfter = time.Second
	}
	if o.HandlerTimeout <= 0 {
		o.HandlerTimeout = 30 * time.Second
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Roles == 0 {
		o.Roles = AllRoles
	}
	if o.ReviewNodes <= 0 {
		o.ReviewNodes = analysis.DefaultNodes
	}
	if o.Session != nil && len(o.Shards) == 0 {
		o.Shards = []*discordgo.Session{o.Session}
	}
	if o.EngineLease <= 0 {
		o.EngineLease = 30 * time.Second
	}
	if o.Worker == "" {
		o.Worker = "worker-" + strconv.FormatUint(rand.Uint64(), 36)
	}
	if o.EngineIdle <= 0 {
		o.EngineIdle = 5 * time.Minute
	}
	if o.CommandIDRefresh <= 0 {
		o.CommandIDRefresh = 5 * time.Minute
	}
	b := &Bot{
		log: o.Logger, store: o.Store, rest: o.REST, renderer: o.Renderer, render: o.Render,
		engine: o.Engine, shards: o.Shards, roles: o.Roles, lease: o.EngineLease, worker: o.Worker, appID: o.AppID, devGuild: o.DevGuildID, pubKey: o.PublicKey,
		defaultVariant: o.DefaultVariant, defaultDays: o.DefaultDays, expiry: o.ChallengeExpiry,
		sweepEvery: o.SweepInterval, aiTimeout: o.AITimeout, aiMaxThink: o.AIMaxThink,
		aiPerUser: o.AIGamesPerUser, aiPerServer: o.AIGamesPerServer, deferAfter: o.DeferAfter, handlerTimeout: o.HandlerTimeout, now: o.Now, reviewNodes: o.ReviewNodes,
		idRefresh: o.CommandIDRefresh, metrics: newMetrics(), logged: map[string]bool{}, recent: newRecentInteractions(), refusedLog: newRateLimitedLog(time.Minute), renderSem: make(chan struct{}, runtime.GOMAXPROCS(0)),
		flags: newFlagWatcher(), caughtUp: make(chan struct{}),
	}
	b.rest = mentionREST{REST: o.REST, id: &b.commandID}
	b.replays = newReplayLimiter(o.Replays)
	b.pacer = newUserPacer(o.UserBurst, o.Now)
	b.ai = newAIPool(b, o.AIWorkers, o.EngineQueue, o.EngineRetry)
	b.metrics.engineQueue = b.ai.q.counts
	b.metrics.engineTasks = b.ai.tq.counts
	b.external = newEngines(engineList, o.EngineIdle, o.Now)
	return b, nil
}

// Metrics returns the bot's counters, for the admin listener.
func (b *Bot) Metrics() *Metrics { return b.metrics }

// Start starts the background work of the process's roles — the
// searches of finished games for puzzles left unfinished, with
// RoleEngine the engine's worker pool (resuming engine games whose move
// is due, and listening for moves that become due in any process), with
// RoleClock the clock sweeper (after a catch-up pass) and the flag
// watcher that ends games on time at their deadlines — and returns at
// once. Stop ends it. Console mode and tests use Start and Stop; Run does
// both around the gateway.
func (b *Bot) Start(ctx context.Context) {
	ctx, cancel := context.WithCancel(ctx)
	b.bgMu.Lock()
	b.stopBG, b.bgDone = cancel, ctx.Done()
	b.bgMu.Unlock()
	// The starter puzzles are stored by whichever process starts first
	// (each position once: the others find them there).
	b.importPuzzles(ctx)
	if b.roles&RoleEngine != 0 {
		b.ai.start()
		b.warnGoneEngines(ctx)
		b.resumeAI(ctx)
		b.watchEngine(ctx)
	}
	// Every process mines the games that end in it (a front end those its
	// players end, a clock process those ending on time), so each mines
	// at its start those a shutdown cut short.
	b.resumeMining(ctx)
	if b.roles&RoleClock == 0 {
		close(b.caughtUp)
		return
	}
	b.work.Add(2)
	go func() {
		defer b.work.Done()
		b.runFlags(ctx)
	}()
	if b.sharesClocks() {
		since := b.now() // before the start-up sweep looks
		b.work.Go(func() { b.runDeadlinePoll(ctx, since) })
	}
	go func() {
		defer b.work.Done()
		b.Sweep(ctx)
		close(b.caughtUp)
		every(ctx, b.sweepEvery, func() bool { b.Sweep(ctx); return true })
	}()
}

// CaughtUp is closed once Start's first clock sweep has run: the games
// whose time ran out while the bot was down have ended (at once in a
// process without the clock role). Start may be called once.
func (b *Bot) CaughtUp() <-chan struct{} { return b.caughtUp }

// Stop waits up to timeout for in-flight work (deferred replies, engine
// moves) to finish; engine searches still running are cancelled and will
// resume at the next start, as will engine moves still waiting for a
// worker and the searches of finished games for puzzles (mine.go). Hints
// and review steps, running or waiting, answer their users that the
// restart interrupted them. The caller closes the store afterwards.
func (b *Bot) Stop(timeout time.Duration) {
	b.bgMu.Lock()
	if b.stopBG != nil {
		b.stopBG() // the sweeper
	}
	b.bgMu.Unlock()
	b.ai.stop(timeout)
	b.external.close()
	done := make(chan struct{})
	go func() { b.work.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(timeout):
		b.log.Warn("shutdown: in-flight work did not finish in time", "timeout", timeout)
	}
}

// RegisterCommands registers the /tafl command with one bulk overwrite.
// It is the bot's first call to Discord: when Discord refuses it, the
// error says which setting to fix.
func (b *Bot) RegisterCommands(ctx context.Context) error {
	cmds, err := b.rest.RegisterCommands(ctx, b.appID, b.devGuild, CommandsWith(b.external.names()))
	if err != nil {
		if hint := b.registerHint(err); hint != "" {
			return fmt.Errorf("bot: register commands: %s (%w)", hint, err)
		}
		return fmt.Errorf("bot: register commands: %w", err)
	}
	scope := "global"
	if b.devGuild != "" {
		scope = "guild " + b.devGuild
	}
	b.log.Info("commands registered", "scope", scope, "command_id", b.keepCommandID(cmds))
	return nil
}

// keepCommandID keeps /tafl's id among cmds (if it is there), so that
// texts mention the commands from now on (mention.go), and returns it.
// Without /tafl among cmds it forgets the id it had (texts name the
// commands plainly: a mention of a command Discord no longer has is
// unusable text) and returns "".
func (b *Bot) keepCommandID(cmds []*discordgo.ApplicationCommand) string {
	for _, c := range cmds {
		if c != nil && c.Name == "tafl" && c.ID != "" {
			id := c.ID
			b.commandID.Store(&id)
			return id
		}
	}
	b.commandID.Store(nil)
	return ""
}

// learnCommandID reads /tafl's id from Discord, for a process that does
// not register the commands (one without RoleInteractions: its reminders
// and posts name commands too). When Discord does not answer, the id
// known before stays (none at first: the texts name the commands
// plainly); when /tafl is not registered, the texts name them plainly.
// It logs only a change, and the first failure of a row.
func (b *Bot) learnCommandID(ctx context.Context) {
	if b.appID == "" {
		return
	}
	old := mentionREST{id: &b.commandID}.commandID()
	cmds, err := b.rest.Commands(ctx, b.appID, b.devGuild)
	if err != nil {
		if ctx.Err() != nil {
			return // shutting down
		}
		if !b.idFailing {
			b.log.Warn("reading the commands' id failed: messages keep naming the commands as before until it is read again", "err", err, "command_id", old, "again_in", b.idRefresh)
		}
		b.idFailing = true
		return
	}
	b.idFailing = false
	switch id := b.keepCommandID(cmds); {
	case id == old:
	case id == "":
		b.log.Warn("/tafl is not registered: messages name the commands without mentions until it is", "again_in", b.idRefresh)
	default:
		b.log.Info("read the commands' id", "command_id", id, "was", old)
	}
}

// refreshCommandID reads /tafl's id again every idRefresh until ctx
// ends: a front end that registers the commands anew may have been given
// another id (after a change of scope, or of the command set on an
// upgrade), and Discord shows a mention with an id it does not know as
// plain text.
func (b *Bot) refreshCommandID(ctx context.Context) {
	every(ctx, b.idRefresh, func() bool { b.learnCommandID(ctx); return true })
}

// every calls fn every d until ctx ends or fn returns false: the bot's
// periodic work (the sweep, the command id, engine retries, claims).
func every(ctx context.Context, d time.Duration, fn func() bool) {
	t := time.NewTicker(d)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if !fn() {
				return
			}
		}
	}
}

// registerHint says what to do when Discord refuses to register the
// commands, by the HTTP status of its answer, or when it cannot be
// reached ("" for other errors).
func (b *Bot) registerHint(err error) string {
	var ue *url.Error
	if asError(err, &ue) && !errors.Is(err, context.Canceled) {
		return "could not reach Discord's REST API: check this machine's network connection and DNS, and the REST proxy if rest_base_url names one, then start taflbot again"
	}
	var re *discordgo.RESTError
	if !asError(err, &re) || re.Response == nil {
		return ""
	}
	switch re.Response.StatusCode {
	case http.StatusUnauthorized:
		return "Discord refused the bot token: set DISCORD_TOKEN to your application's token (Developer Portal → Bot → Reset Token)"
	case http.StatusForbidden:
		if b.devGuild != "" {
			return fmt.Sprintf("Discord refused the commands for server %s (dev_guild_id): invite the bot there with the applications.commands scope (docs/DISCORD.md), and check that application_id is the application of the bot token", b.devGuild)
		}
		return fmt.Sprintf("Discord refused the commands for application %s: check that application_id is the application of the bot token (Developer Portal → General Information)", b.appID)
	case http.StatusNotFound:
		return fmt.Sprintf("Discord knows no application %s: set application_id to your application's id (Developer Portal → General Information → Application ID)", b.appID)
	}
	return ""
}

// Run runs the bot until ctx is cancelled. With RoleInteractions it is
// gateway mode: it registers the commands, opens the gateway of every
// shard (Options.Shards, or Options.Session) and feeds interactions to
// the router. It starts the background work of the other roles (without
// RoleInteractions, after reading /tafl's id from Discord, so that its
// messages mention the commands; it reads the id again every
// Options.CommandIDRefresh). On return
// the gateways are closed and in-flight work has finished (or timed out
// after shutdownTimeout).
func (b *Bot) Run(ctx context.Context, shutdownTimeout time.Duration) error {
	if b.roles&RoleInteractions != 0 {
		if len(b.shards) == 0 {
			return errors.New("bot: gateway mode needs Options.Session or Options.Shards")
		}
		if err := b.RegisterCommands(ctx); err != nil {
			return err
		}
		closeAll, err := b.openShards(ctx)
		if err != nil {
			return err
		}
		defer closeAll() // on a panic; normally closed below
		b.Start(ctx)
		<-ctx.Done()
		b.log.Info("shutting down")
		closeAll() // no new interactions while the in-flight ones finish
	} else {
		b.learnCommandID(ctx)
		b.work.Add(1)
		go func() {
			defer b.work.Done()
			b.refreshCommandID(ctx)
		}()
		b.Start(ctx)
		<-ctx.Done()
		b.log.Info("shutting down")
	}
	b.Stop(shutdownTimeout)
	return nil
}

// openShards opens the gateway of every shard and returns a function
// that closes them (once). If one fails to open, those opened are closed.
func (b *Bot) openShards(ctx context.Context) (func(), error) {
	var opened []*discordgo.Session
	var once sync.Once
	closeAll := func() {
		once.Do(func() {
			for _, s := range opened {
				if err := s.Close(); err != nil {
					b.log.Warn("closing the gateway", "shard", s.ShardID, "err", err)
				}
			}
		})
	}
	for _, s := range b.shards {
		s.Identify.Intents = discordgo.IntentsGuilds
		s.AddHandler(func(_ *discordgo.Session, ic *discordgo.InteractionCreate) {
			b.HandleGateway(ctx, ic.Interaction)
		})
		s.AddHandler(func(_ *discordgo.Session, gd *discordgo.GuildDelete) {
			if gd.Guild != nil {
				b.guildLeft(ctx, gd.ID, gd.Unavailable)
			}
		})
		if err := s.Open(); err != nil {
			closeAll()
			return nil, fmt.Errorf("bot: open the gateway of shard %d of %d: %w", s.ShardID, max(1, s.ShardCount), err)
		}
		opened = append(opened, s)
		b.log.Info("gateway connected", "shard", s.ShardID, "shards", max(1, s.ShardCount))
	}
	return closeAll, nil
}

// settle waits (up to timeout, or until ctx ends) until no follow-up work
// or engine move is pending, and reports whether none is: console mode
// prints everything a command caused before the next prompt.
func (b *Bot) settle(ctx context.Context, timeout time.Duration) bool {
	deadline := time.Now().Add(timeout)
	for {
		// The follow-up count again after the engine's: an engine move
		// starts its own follow-up work (announcing a timeout) before it
		// counts as done.
		if b.inflight.Load() == 0 && b.ai.busy() == 0 && b.inflight.Load() == 0 {
			return true
		}
		if time.Now().After(deadline) || ctx.Err() != nil {
			return false
		}
		time.Sleep(2 * time.Millisecond)
	}
}
