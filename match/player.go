package match

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/taflbot/taflbot/otep"
	"github.com/taflbot/taflbot/tafl"
	"github.com/taflbot/taflbot/tafl/ai"
)

// Spec says how to build a player.
type Spec struct {
	Name    string        // Name is how the summary and the records call the player.
	Limits  ai.Limits     // Limits are taflbot's engine's, when Command is empty.
	Command []string      // Command is an OTEP engine's command line.
	PerMove time.Duration // PerMove is an OTEP engine's time per move, sent as a clock (0: none; it uses its own).
}

// IsOTEP reports whether the spec is an external OTEP engine.
func (s Spec) IsOTEP() bool { return len(s.Command) > 0 }

// Budget is the budget of hard and max in a match: PerMove (hard's time;
// max gets 5×), Nodes (both alike) or NPS (time converted to nodes:
// hard's 1 s = NPS nodes, max's 5 s = 5 × NPS). PerMove is also the OTEP
// engines' time per move.
type Budget struct {
	PerMove time.Duration
	Nodes   int64
	NPS     int64
}

// ParseSpec reads a player: a level (easy, medium, hard, max), a fixed
// budget (depth=N, nodes=N, time=D) or an OTEP engine "otep:COMMAND
// ARGS…" (split at spaces).
func ParseSpec(text string, b Budget) (Spec, error) {
	text = strings.TrimSpace(text)
	if rest, ok := strings.CutPrefix(text, "otep:"); ok {
		cmd := strings.Fields(rest)
		if len(cmd) == 0 {
			return Spec{}, errors.New("otep: needs a command line, such as otep:./tafl otep -level hard")
		}
		name := strings.TrimSpace(filepath.Base(cmd[0]) + " " + strings.Join(cmd[1:], " "))
		return Spec{Name: name, Command: cmd, PerMove: b.PerMove}, nil
	}
	if k, val, ok := strings.Cut(text, "="); ok {
		switch k {
		case "depth":
			n, err := strconv.Atoi(val)
			if err != nil || n < 1 || n > 100 {
				return Spec{}, fmt.Errorf("bad depth %q", val)
			}
			return Spec{Name: text, Limits: ai.PlayLimits(n, 0, 0, 0)}, nil
		case "nodes":
			n, err := strconv.ParseInt(val, 10, 64)
			if err != nil || n < 1 {
				return Spec{}, fmt.Errorf("bad node count %q", val)
			}
			return Spec{Name: text, Limits: ai.PlayLimits(0, n, 0, 0)}, nil
		case "time":
			d, err := time.ParseDuration(val)
			if err != nil || d <= 0 {
				return Spec{}, fmt.Errorf("bad time %q", val)
			}
			return Spec{Name: text, Limits: ai.PlayLimits(0, 0, d, 0)}, nil
		}
		return Spec{}, fmt.Errorf("unknown budget %q: use depth=N, nodes=N or time=D", k)
	}
	l, err := ai.ParseLevel(text)
	if err != nil {
		return Spec{}, fmt.Errorf("%q is not a level, a budget (depth=N, nodes=N, time=D) or otep:COMMAND", text)
	}
	lim := ai.LevelLimits(l, 0)
	if lim.Time > 0 { // hard and max: scale from hard's level time
		hard := ai.LevelLimits(ai.Hard, 0).Time
		switch {
		case b.Nodes > 0:
			lim.Time, lim.Nodes = 0, b.Nodes
		case b.NPS > 0:
			lim.Nodes = int64(float64(b.NPS) * lim.Time.Seconds())
			lim.Time = 0
		case b.PerMove > 0:
			lim.Time = time.Duration(float64(b.PerMove) * float64(lim.Time) / float64(hard))
		}
	}
	return Spec{Name: text, Limits: lim}, nil
}

// player is one seat of a worker: it plays its spec's side of each game
// the worker plays.
type player interface {
	start(ctx context.Context, g *tafl.Game, side tafl.Side, seed uint64) error
	think(ctx context.Context, g *tafl.Game) (tafl.Move, error)
	told(g *tafl.Game) error // the opponent moved: the last ply of g
	finish(o tafl.Outcome)
	status() string // the engine's last status line, if it reports any
	close()
}

// enginePlayer is taflbot's own engine, searched in-process.
type enginePlayer struct {
	lim ai.Limits
	n   uint64
}

func (p *enginePlayer) start(_ context.Context, _ *tafl.Game, _ tafl.Side, seed uint64) error {
	p.lim.Seed, p.n = seed, 0
	return nil
}
func (p *enginePlayer) told(*tafl.Game) error { return nil }
func (p *enginePlayer) finish(tafl.Outcome)   {}
func (p *enginePlayer) status() string        { return "" }
func (p *enginePlayer) close()                {}

func (p *enginePlayer) think(ctx context.Context, g *tafl.Game) (tafl.Move, error) {
	lim := p.lim
	lim.Seed += p.n * 104729
	p.n++
	r, err := ai.Search(ctx, g, lim)
	if err != nil {
		return tafl.NoMove, err
	}
	if ctx.Err() != nil {
		return tafl.NoMove, ctx.Err()
	}
	return r.Move, nil
}

// otepTimeout bounds how long an OTEP engine may take to move (3× its
// time per move when that is longer); otepHello how long it may take to
// start and greet (a JVM, such as OpenTafl's, on a busy machine may take
// a minute or more).
var (
	otepTimeout = 60 * time.Second
	otepHello   = 3 * time.Minute
)

// otepPlayer is an external engine driven through package otep. Its
// process is kept from game to game unless fresh is set or it failed.
//
// When the engine reads the rules string as another game (reading, see
// [EngineReading]), the player keeps the engine's board beside the real
// one (shadow) and sets the engine's board to the real one ("position"
// and "side") whenever the two part, so that the engine keeps playing
// the game being played.
type otepPlayer struct {
	spec       Spec
	fresh      bool
	settle     time.Duration
	transcript func() io.Writer // the current game's transcript (nil: none)
	reading    *tafl.Variant    // the engine's reading of the rules; nil: taflbot's
	host       *otep.Host
	refused    string     // the last move the host refused
	shadow     *tafl.Game // the engine's board, by its reading (nil: unknown)
	expect     *tafl.Game // the real game after the engine's last move
	Resyncs    int        // Resyncs counts this game's settings of the engine's board to the real one.
}

// reshadow makes the shadow board g's position in the engine's reading.
func (p *otepPlayer) reshadow(g *tafl.Game) {
	p.shadow = nil
	if p.reading == nil {
		return
	}
	if pos, err := p.reading.ParsePosition(g.Position().Record(), g.ToMove()); err == nil {
		p.shadow = tafl.NewGameFrom(pos)
	}
}

// inSync reports whether the shadow board is g's position.
func (p *otepPlayer) inSync(g *tafl.Game) bool {
	return p.reading == nil || (p.shadow != nil && p.shadow.Position().Record() == g.Position().Record() && p.shadow.ToMove() == g.ToMove())
}

func (p *otepPlayer) timeout() time.Duration { return max(otepTimeout, 3*p.spec.PerMove) }

func (p *otepPlayer) start(ctx context.Context, g *tafl.Game, _ tafl.Side, _ uint64) error {
	p.refused = ""
	var tr io.Writer
	if p.transcript != nil {
		tr = p.transcript()
	}
	if p.host != nil && (p.fresh || p.host.Err() != nil) {
		p.host.Close()
		p.host = nil
	}
	if p.host == nil {
		h, err := otep.Start(ctx, p.spec.Command, otep.Options{Timeout: p.timeout(), Hello: max(otepHello, p.timeout()), Settle: p.settle, Transcript: tr})
		if err != nil {
			return err
		}
		p.host = h
	} else {
		p.host.SetTranscript(tr)
	}
	p.reshadow(g)
	p.expect, p.Resyncs = g.Clone(), 0
	return p.host.NewGame(g)
}

func (p *otepPlayer) think(ctx context.Context, g *tafl.Game) (tafl.Move, error) {
	var c *otep.Clock
	if p.spec.PerMove > 0 {
		clk := otep.PerMoveClock(p.spec.PerMove)
		c = &clk
	}
	m, err := p.host.Play(ctx, g, c, p.timeout())
	var ill *otep.IllegalMoveError
	if errors.As(err, &ill) {
		p.refused = ill.Text
	}
	if err == nil {
		// The engine makes its move on its own board.
		if p.shadow != nil {
			if _, serr := p.shadow.Play(m); serr != nil {
				p.shadow = nil
			}
		}
		p.expect = g.Clone()
		p.expect.Play(m)
	}
	return m, err
}

func (p *otepPlayer) told(g *tafl.Game) error {
	if p.reading != nil && p.expect != nil && !p.inSync(p.expect) {
		// The engine's own move left it on another board.
		p.host.Resync(p.expect)
		p.Resyncs++
		p.reshadow(p.expect)
	}
	plies := g.Plies()
	if p.shadow != nil && len(plies) > 0 {
		if _, err := p.shadow.Play(plies[len(plies)-1].Move); err != nil {
			p.shadow = nil
		}
	}
	if err := p.host.OpponentMoved(g); err != nil {
		return err
	}
	if !p.inSync(g) {
		p.host.Resync(g)
		p.Resyncs++
		p.reshadow(g)
	}
	return nil
}

func (p *otepPlayer) finish(o tafl.Outcome) {
	if p.host != nil {
		p.host.Finish(o)
	}
}

func (p *otepPlayer) status() string {
	if p.host == nil {
		return ""
	}
	return p.host.Status()
}

func (p *otepPlayer) close() {
	if p.host != nil {
		p.host.Close()
		p.host = nil
	}
}
