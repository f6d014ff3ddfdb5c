package bot

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/taflbot/taflbot/locale"
	"github.com/taflbot/taflbot/otep"
	"github.com/taflbot/taflbot/storage"
	"github.com/taflbot/taflbot/tafl"
)

// ExternalEngine is an engine speaking the OpenTafl Engine Protocol that
// the server operator offers as an opponent in /tafl ai (its engine
// option), such as OpenTafl's own AI or `tafl otep` at another level.
type ExternalEngine struct {
	Name         string        // Name is what players choose: letters, digits, "-" and "_", up to 32.
	Command      []string      // Command starts the engine process: the program and its arguments.
	Dir          string        // Dir is the process's working directory ("": the bot's).
	Think        time.Duration // Think is its time per move, sent as a clock (default 5 s).
	Timeout      time.Duration // Timeout bounds one move (default 3 × Think, at least Think + 30 s); past it the engine loses.
	MaxProcesses int           // MaxProcesses bounds its processes running at once (default 2).
}

// engineSeatPrefix marks a seat played by an external engine: its
// storage AILevel is "engine:NAME".
const engineSeatPrefix = "engine:"

var engineNameRE = regexp.MustCompile(`^[A-Za-z0-9_-]{1,32}$`)

// EngineFailure is an external engine's misbehaviour: it could not
// start, exited, timed out, sent a critical error, or submitted an
// illegal move twice. The engine loses the game.
type EngineFailure struct {
	Engine string
	Err    error
}

func (e *EngineFailure) Error() string { return fmt.Sprintf("engine %s: %v", e.Engine, e.Err) }
func (e *EngineFailure) Unwrap() error { return e.Err }

// Reason says in a sentence what went wrong, for the game's message.
func (e *EngineFailure) Reason() string { return e.reasonText(locale.For(locale.English)) }

// reasonText is Reason in p's language (an illegal move's own text and
// an unknown failure's message stay as they are).
func (e *EngineFailure) reasonText(p *locale.Printer) string {
	var ill *otep.IllegalMoveError
	msg := e.Err.Error()
	switch {
	case errors.As(e.Err, &ill):
		move := ill.Text
		if move == "" {
			move = `""` // a bare "move"
		}
		return p.T("played an illegal move (%s, then again after it was refused)", move)
	case strings.Contains(msg, "within"):
		return p.T("did not answer in time")
	case strings.Contains(msg, "exited"):
		return p.T("stopped running")
	case strings.Contains(msg, "start engine"):
		return p.T("could not be started (a problem in the bot's configuration)")
	case errors.Is(e.Err, errEngineNotSetUp):
		return p.T("is no longer set up on this bot")
	case strings.Contains(msg, "engine error"):
		return p.T("reported an error it cannot go on from")
	}
	return p.T("failed (%s)", msg)
}

// engines runs the external engines' processes: started when a move is
// asked for, at most MaxProcesses per engine at once, a dead one replaced
// by a new one, and each stopped after idle time without work. Any process
// of an engine can play any game: each move loads the whole game.
type engines struct {
	idle     time.Duration
	now      func() time.Time // the bot's clock: idle time is measured on it
	pools    map[string]*enginePool
	stop     chan struct{}
	stopOnce sync.Once
	wg       sync.WaitGroup
}

type enginePool struct {
	cfg   ExternalEngine
	now   func() time.Time
	slots chan struct{} // one token per process allowed
	mu    sync.Mutex
	free  []*idleHost // processes waiting for work, most recently used last
}

type idleHost struct {
	h     *otep.Host
	since time.Time
}

// helloWait is the least time a newly started engine process has to say
// hello (tests shorten it).
var helloWait = 30 * time.Second

// CheckEngines validates a list of external engines and returns it with
// the defaults filled in. Every problem of every engine is reported, each
// an error of its own (joined with errors.Join), so that a configuration
// is mended in one go.
func CheckEngines(list []ExternalEngine) ([]ExternalEngine, error) {
	seen := map[string]bool{}
	out := make([]ExternalEngine, len(list))
	var errs []error
	for i, e := range list {
		bad := func(format string, args ...any) { errs = append(errs, fmt.Errorf("bot: "+format, args...)) }
		switch {
		case !engineNameRE.MatchString(e.Name):
			bad("engine name %q: use 1 to 32 letters, digits, - or _", e.Name)
		case seen[strings.ToLower(e.Name)]:
			bad("engine %q is listed twice (names are told apart without regard to case): give each engine a name of its own", e.Name)
		}
		seen[strings.ToLower(e.Name)] = true
		if len(e.Command) == 0 || e.Command[0] == "" {
			bad(`engine %q has no command: give its program and arguments as a list, such as "command": ["/usr/local/bin/tafl", "otep"]`, e.Name)
		}
		timesOK := true
		switch {
		case e.Think < 0:
			bad("engine %q: think must be positive", e.Name)
			timesOK = false
		case e.Think > 10*time.Minute:
			bad("engine %q: think %v is too long: give at most 10 minutes", e.Name, e.Think)
			timesOK = false
		}
		if e.Timeout < 0 {
			bad("engine %q: timeout must be positive", e.Name)
			timesOK = false
		}
		if e.MaxProcesses < 0 || e.MaxProcesses > 64 {
			bad("engine %q: max_processes must be from 1 to 64", e.Name)
		}
		if e.Think == 0 {
			e.Think = 5 * time.Second
		}
		if e.MaxProcesses == 0 {
			e.MaxProcesses = 2
		}
		if e.Timeout == 0 {
			e.Timeout = max(3*e.Think, e.Think+30*time.Second)
		} else if timesOK && e.Timeout <= e.Think {
			// The engine is told it has think per move: it would lose
			// on time in every game it plays.
			bad("engine %q: timeout %s is not longer than think %s, so the engine would lose every game on time while it thinks: make timeout longer, or leave it out (three times think, at least think + 30s)", e.Name, e.Timeout, e.Think)
		}
		out[i] = e
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return out, nil
}

func newEngines(list []ExternalEngine, idle time.Duration, now func() time.Time) *engines {
	e := &engines{idle: idle, now: now, pools: map[string]*enginePool{}, stop: make(chan struct{})}
	for _, c := range list {
		e.pools[c.Name] = &enginePool{cfg: c, now: now, slots: make(chan struct{}, c.MaxProcesses)}
	}
	if len(list) > 0 {
		e.wg.Add(1)
		go e.reap()
	}
	return e
}

// names returns the engines' names, sorted.
func (e *engines) names() []string {
	var out []string
	for n := range e.pools {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// reap stops processes idle for longer than e.idle on the bot's clock; it
// looks four times per idle time (at most every 50 ms).
func (e *engines) reap() {
	defer e.wg.Done()
	t := time.NewTicker(max(e.idle/4, 50*time.Millisecond))
	defer t.Stop()
	for {
		select {
		case <-e.stop:
			return
		case <-t.C:
			now := e.now()
			for _, p := range e.pools {
				p.reap(now.Add(-e.idle))
			}
		}
	}
}

func (p *enginePool) reap(before time.Time) {
	p.mu.Lock()
	var keep, old []*idleHost
	for _, ih := range p.free {
		if ih.since.Before(before) {
			old = append(old, ih)
		} else {
			keep = append(keep, ih)
		}
	}
	p.free = keep
	p.mu.Unlock()
	for _, ih := range old {
		ih.h.Close()
		<-p.slots
	}
}

// close stops every idle process and the reaper; busy ones stop when
// their move ends (their context is the bot's). It may be called again.
func (e *engines) close() {
	e.stopOnce.Do(func() { close(e.stop) })
	e.wg.Wait()
	for _, p := range e.pools {
		p.reap(e.now().Add(time.Hour))
	}
}

// timeout returns engine name's time limit for one move (0 for none).
func (e *engines) timeout(name string) time.Duration {
	if p := e.pools[name]; p != nil {
		return p.cfg.Timeout
	}
	return 0
}

// think is engine name's time per move (0 when this process does not
// have it in its configuration).
func (e *engines) think(name string) time.Duration {
	if p := e.pools[name]; p != nil {
		return p.cfg.Think
	}
	return 0
}

// errEngineNotSetUp is the failure of an engine this process does not
// have in its configuration: taken out of it since the game began, or
// not given to the engine processes of a PostgreSQL deployment.
var errEngineNotSetUp = errors.New(`no such engine in this process's configuration: give every process with the engine role the same "engines" as the front ends, or leave the engine in the configuration until its games are over`)

// move asks engine name for its move in g. budget, when positive, is
// what its own clock allows in a live game: the engine is then given the
// smaller of it and its think time, so that it plays within its clock
// (given think whatever its clock, it lost on time in short games).
func (e *engines) move(ctx context.Context, name string, g *tafl.Game, budget time.Duration) (tafl.Move, error) {
	p := e.pools[name]
	if p == nil {
		return tafl.NoMove, &EngineFailure{Engine: name, Err: errEngineNotSetUp}
	}
	return p.move(ctx, g, budget)
}

func (p *enginePool) move(ctx context.Context, g *tafl.Game, budget time.Duration) (tafl.Move, error) {
	// A process: an idle one, or a new one when fewer than MaxProcesses run.
	var h *otep.Host
	for h == nil {
		p.mu.Lock()
		if n := len(p.free); n > 0 {
			h = p.free[n-1].h
			p.free = p.free[:n-1]
		}
		p.mu.Unlock()
		if h != nil && h.Err() != nil {
			h.Close() // it died while idle: replace it
			h = nil
			<-p.slots
			continue
		}
		if h != nil {
			break
		}
		select {
		case p.slots <- struct{}{}:
			// A process just started may need longer than a move
			// (a JVM on a busy machine): it has its timeout, and
			// at least helloWait, to say hello.
			nh, err := otep.Start(ctx, p.cfg.Command, otep.Options{Dir: p.cfg.Dir, Timeout: 30 * time.Second,
				Hello: max(helloWait, p.cfg.Timeout), Write: p.cfg.Timeout})
			if err != nil {
				<-p.slots
				if ctx.Err() != nil {
					return tafl.NoMove, ctx.Err()
				}
				return tafl.NoMove, &EngineFailure{Engine: p.cfg.Name, Err: err}
			}
			h = nh
		case <-ctx.Done():
			return tafl.NoMove, ctx.Err()
		case <-time.After(50 * time.Millisecond):
			// all processes busy: look for a freed one again
		}
	}
	think := p.cfg.Think
	if budget > 0 {
		think = min(think, budget)
	}
	clock := otep.PerMoveClock(think)
	err := h.Load(g)
	var m tafl.Move
	if err == nil {
		m, err = h.Play(ctx, g, &clock, p.cfg.Timeout)
	}
	if err != nil {
		h.Kill()
		<-p.slots
		if ctx.Err() != nil {
			return tafl.NoMove, ctx.Err()
		}
		return tafl.NoMove, &EngineFailure{Engine: p.cfg.Name, Err: err}
	}
	p.mu.Lock()
	p.free = append(p.free, &idleHost{h: h, since: p.now()})
	p.mu.Unlock()
	return m, nil
}

// maxGoneGameIDs bounds the game ids warnGoneEngines names per engine.
const maxGoneGameIDs = 10

// warnGoneEngines logs a warning at start-up for each engine that active
// games are played against but the configuration no longer lists: each
// such game is lost by the engine at its next move (errEngineNotSetUp), so
// the operator learns it now, with the games and what to do, rather than
// from the players.
func (b *Bot) warnGoneEngines(ctx context.Context) {
	gone := map[string][]storage.GameID{}
	err := b.store.ActiveEngineSeats(ctx, func(id storage.GameID, attackers, defenders storage.Seat) error {
		for _, s := range []storage.Seat{attackers, defenders} {
			if name, ok := strings.CutPrefix(s.AILevel, engineSeatPrefix); ok && b.external.pools[name] == nil {
				gone[name] = append(gone[name], id)
			}
		}
		return nil
	})
	if err != nil {
		if ctx.Err() == nil {
			b.log.Error("listing the games against engines", "err", err)
		}
		return
	}
	names := make([]string, 0, len(gone))
	for name := range gone {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		ids := gone[name]
		shown := ids[:min(len(ids), maxGoneGameIDs)]
		b.log.Warn("active games are played against an engine that is not in the configuration (engines): put it back and restart, or the engine loses each of these games when its move is due",
			"engine", name, "games", len(ids), "game_ids", shown, "more", len(ids)-len(shown))
	}
}
