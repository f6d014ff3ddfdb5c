package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/taflbot/taflbot/tafl"
	"github.com/taflbot/taflbot/tafl/ai"
)

// runOTEP speaks the OpenTafl Engine Protocol (OpenTafl's
// opentafl-engine-protocol.txt) on stdin/stdout, so that OpenTafl (or
// `tafl match`) can use taflbot's engine:
//
//	tafl otep [-level L | -time D | -depth N | -nodes N] [-threads N] [-seed N] [-weights FILE]
//
// The engine says "hello", then follows the host's commands: rules,
// start, position, side, clock (milliseconds), play (answered with
// "move a1-a4" and a "status" line), move (the host's confirmation),
// opponent-move, analyze (answered with "analysis"), error, finish (stops
// a running search), goodbye. Bad input is answered with "error 0
// <message>" and changes nothing; "error -1" means the engine cannot go
// on (rules not supported, no game). Diagnostics go to stderr. With a
// clock, the budget per move is taken from the remaining time; without
// one, from the flags (default hard).
func runOTEP(e env) error {
	var level string
	var timeLimit time.Duration
	var depth, threads int
	var nodes int64
	var seed uint64
	fs := newFlags(e, "otep", "[-level L | -time D | -depth N | -nodes N] [-threads N] [-seed N]")
	fs.StringVar(&level, "level", "", "playing level: easy, medium, hard or max (default hard)")
	fs.DurationVar(&timeLimit, "time", 0, "time budget per move, such as 2s")
	fs.IntVar(&depth, "depth", 0, "search depth in plies")
	fs.Int64Var(&nodes, "nodes", 0, "node budget per move")
	fs.IntVar(&threads, "threads", 1, "search threads")
	fs.Uint64Var(&seed, "seed", 1, "seed for the random choices of easy and medium")
	var weights string
	fs.StringVar(&weights, "weights", "", "the evaluation's weights (JSON, as tafl tune writes) for the games whose variant they fit")
	if err := parseFlags(fs, e.args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return &usageError{msg: "otep takes no arguments"}
	}
	var weightsData []byte
	if weights != "" {
		var err error
		if weightsData, err = os.ReadFile(weights); err != nil {
			return err
		}
	}
	lim, err := searchLimits(level, timeLimit, depth, nodes, seed)
	if err != nil {
		return err
	}
	lim.Threads = max(threads, 1)
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	eng := &otepEngine{out: e.stdout, log: e.stderr, lim: lim, weights: weightsData}
	return eng.serve(ctx, e.stdin)
}

// OTEP error codes (opentafl-engine-protocol.txt, "error"). The engine
// sends -1 (critical: the game cannot go on) or 0 (non-critical); the
// host sends 1 to 4 about a move the engine submitted.
const (
	otepErrCritical  = -1
	otepErrMinor     = 0
	otepErrWrongSide = 1
	otepErrIllegal   = 2
)

// otepClock is the state of a "clock" command.
type otepClock struct {
	left      [2]time.Duration // attackers, defenders; negative: untimed
	overtime  [2]bool          // that side is in an overtime period ("*")
	period    time.Duration    // length of one overtime period
	overtimes [2]int           // overtime periods left
}

// parseOTEPClock reads "clock A[*] D[*] [OT-SECONDS [A-OTS D-OTS]]" with
// A and D in milliseconds (-1: no main time).
func parseOTEPClock(arg string) (otepClock, error) {
	var c otepClock
	f := strings.Fields(arg)
	if len(f) < 2 || len(f) > 5 {
		return c, errors.New("clock wants attacker-millis defender-millis [overtime-seconds attacker-overtimes defender-overtimes]")
	}
	for i := 0; i < 2; i++ {
		s, star := strings.CutSuffix(f[i], "*")
		ms, err := strconv.ParseFloat(s, 64)
		if err != nil || ms != ms || ms > 1e12 {
			return otepClock{}, fmt.Errorf("clock: %q is not a number of milliseconds", f[i])
		}
		c.left[i] = time.Duration(ms * float64(time.Millisecond))
		if ms < 0 {
			c.left[i] = -1
		}
		c.overtime[i] = star
	}
	if len(f) > 2 {
		sec, err := strconv.ParseFloat(f[2], 64)
		if err != nil || sec < 0 || sec > 1e9 {
			return otepClock{}, fmt.Errorf("clock: overtime %q is not a number of seconds", f[2])
		}
		c.period = time.Duration(sec * float64(time.Second))
	}
	for i := 3; i < len(f); i++ {
		n, err := strconv.Atoi(f[i])
		if err != nil || n < 0 {
			return otepClock{}, fmt.Errorf("clock: %q is not a count of overtime periods", f[i])
		}
		c.overtimes[i-3] = n
	}
	return c, nil
}

// String writes the clock as the host sends it.
func (c otepClock) String() string {
	var b strings.Builder
	b.WriteString("clock")
	for i := 0; i < 2; i++ {
		ms := c.left[i].Milliseconds()
		if c.left[i] < 0 {
			ms = -1
		}
		fmt.Fprintf(&b, " %d", ms)
		if c.overtime[i] {
			b.WriteByte('*')
		}
	}
	fmt.Fprintf(&b, " %g %d %d", c.period.Seconds(), c.overtimes[0], c.overtimes[1])
	return b.String()
}

// budget returns the time to spend on one move for side, 0 when untimed.
func (c otepClock) budget(side tafl.Side) time.Duration {
	i := 0
	if side == tafl.Defenders {
		i = 1
	}
	left := c.left[i]
	if left < 0 && c.period == 0 {
		return 0
	}
	var b time.Duration
	switch {
	case c.overtime[i]:
		// left is what remains of the current period: use most of it.
		b = left * 8 / 10
	case left > 0:
		b = left / 30
		if c.period > 0 && c.overtimes[i] > 0 {
			b = max(b, c.period*8/10)
		}
	case c.period > 0:
		b = c.period * 8 / 10
	}
	return max(b, 20*time.Millisecond)
}

// otepEngine is the engine side of one OTEP session.
type otepEngine struct {
	out   io.Writer
	log   io.Writer
	lim   ai.Limits
	v     *tafl.Variant
	g     *tafl.Game
	side  tafl.Side  // the side the host gave us (NoSide: not given)
	prev  *tafl.Game // the game before our last move, until the host confirms it
	clock *otepClock
	moves int // moves played by the engine, for the seed
	lines chan string
	held  []string // lines read during a search, handled after it

	weights []byte // -weights, applied to each game whose variant they fit
}

func (s *otepEngine) send(format string, args ...any) {
	fmt.Fprintf(s.out, format+"\n", args...)
	if f, ok := s.out.(interface{ Sync() error }); ok {
		f.Sync()
	}
}

func (s *otepEngine) warn(format string, args ...any) {
	fmt.Fprintf(s.log, "tafl otep: "+format+"\n", args...)
}

// fail answers bad input: "error 0 <message>" (or -1 when critical).
func (s *otepEngine) fail(code int, format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	s.warn("%s", msg)
	s.send("error %d %s", code, strings.ReplaceAll(msg, "\n", " "))
}

// next returns the next input line: a held one first.
func (s *otepEngine) next(ctx context.Context) (string, bool) {
	if len(s.held) > 0 {
		l := s.held[0]
		s.held = s.held[1:]
		return l, true
	}
	select {
	case l, ok := <-s.lines:
		return l, ok
	case <-ctx.Done():
		return "", false
	}
}

// serve runs the session until goodbye or the end of input.
func (s *otepEngine) serve(ctx context.Context, in io.Reader) error {
	s.lines = make(chan string, 64)
	var readErr error
	go func() {
		defer close(s.lines)
		sc := bufio.NewScanner(in)
		sc.Buffer(make([]byte, 64*1024), 1<<20)
		for sc.Scan() {
			s.lines <- sc.Text()
		}
		readErr = sc.Err()
	}()
	s.send("hello")
	for {
		line, ok := s.next(ctx)
		if !ok {
			if ctx.Err() != nil {
				return nil
			}
			return readErr
		}
		if s.handle(ctx, line) {
			return nil
		}
	}
}

// handle runs one command and reports whether the session is over.
func (s *otepEngine) handle(ctx context.Context, line string) bool {
	line = strings.TrimSpace(line)
	if line == "" {
		return false
	}
	cmd, arg, _ := strings.Cut(line, " ")
	arg = strings.TrimSpace(arg)
	switch cmd {
	case "hello", "start", "simple-moves", "status":
	case "goodbye":
		return true
	case "rules":
		s.rules(arg)
	case "position":
		s.position(arg)
	case "side":
		side, err := tafl.ParseSide(arg)
		if err != nil || side == tafl.NoSide {
			s.fail(otepErrMinor, "side wants attackers or defenders, not %q", arg)
			return false
		}
		s.side = side
	case "clock":
		c, err := parseOTEPClock(arg)
		if err != nil {
			s.fail(otepErrMinor, "%v", err)
			return false
		}
		s.clock = &c
	case "play":
		return s.play(ctx, arg)
	case "move":
		s.confirmed(arg)
	case "opponent-move":
		s.opponentMove(arg)
	case "analyze":
		return s.analyze(ctx, arg)
	case "finish":
		s.g, s.prev = nil, nil
	case "error":
		s.hostError(arg)
	default:
		s.fail(otepErrMinor, "unknown command %q", cmd)
	}
	return false
}

func (s *otepEngine) rules(text string) {
	r, err := tafl.ParseRules(text)
	var v *tafl.Variant
	if err == nil {
		v, err = tafl.NewVariant(r)
	}
	if err != nil {
		s.fail(otepErrCritical, "rules not supported: %v", err)
		return
	}
	s.v, s.g, s.prev, s.clock = v, tafl.NewGame(v), nil, nil
	s.lim.Weights = nil
	if s.weights != nil {
		w, err := ai.ParseWeights(v, s.weights)
		if err != nil {
			s.warn("-weights: %v; playing with the built-in weights", err)
			return
		}
		s.lim.Weights = w
	}
}

// toMove guesses the side to move for a position record, which does not
// say it: the side of the current game, else the variant's first side.
func (s *otepEngine) toMove() tafl.Side {
	if s.g != nil {
		return s.g.ToMove()
	}
	return s.v.Start().ToMove()
}

// position replaces the game by the given position record.
func (s *otepEngine) position(record string) {
	if s.v == nil {
		s.fail(otepErrCritical, "position before rules")
		return
	}
	s.resync(record, s.toMove())
}

// resync sets the game to the record (error 0 and no change when it is bad).
func (s *otepEngine) resync(record string, toMove tafl.Side) bool {
	p, err := s.v.ParsePosition(strings.TrimSpace(record), toMove)
	if err != nil {
		s.fail(otepErrMinor, "bad position record: %v", err)
		return false
	}
	s.g, s.prev = tafl.NewGameFrom(p), nil
	return true
}

// confirmed handles the host's "move <position-record>" after our move.
func (s *otepEngine) confirmed(record string) {
	if s.g == nil || s.v == nil {
		return
	}
	s.prev = nil
	if record != "" && record != s.g.Position().Record() {
		s.resync(record, s.g.ToMove())
	}
}

// hostError handles "error N" about our last move: undo it; the host
// follows with opponent-move and play.
func (s *otepEngine) hostError(arg string) {
	s.warn("the host reports error %s", arg)
	if s.prev != nil {
		s.g, s.prev = s.prev, nil
	}
}

func (s *otepEngine) limits(side tafl.Side) ai.Limits {
	lim := s.lim
	lim.Seed = s.lim.Seed + uint64(s.moves)
	if s.clock == nil {
		return lim
	}
	if b := s.clock.budget(side); b > 0 {
		switch {
		case lim.Depth == 0 && lim.Nodes == 0:
			lim.Time = b // a timed search (a level or -time): the clock sets its time
		case lim.Time == 0 || b < lim.Time:
			lim.Time = b // a depth or node budget, cut short when the clock says so
		}
	}
	return lim
}

// search runs ai.Search while reading input: "finish" and "goodbye" stop
// it (ok false; bye true for goodbye), "clock" right after "play" is
// applied first, other lines are held for later.
func (s *otepEngine) search(ctx context.Context, lim func() ai.Limits) (r ai.Result, err error, ok, bye bool) {
	// The host sends "clock" immediately after "play": wait for it briefly.
	select {
	case l, open := <-s.lines:
		if open {
			switch c, rest, _ := strings.Cut(strings.TrimSpace(l), " "); c {
			case "clock":
				s.handle(ctx, "clock "+rest)
			case "goodbye":
				return ai.Result{}, nil, false, true
			case "finish":
				s.held = append(s.held, l)
				return ai.Result{}, nil, false, false
			default:
				s.held = append(s.held, l)
			}
		}
	case <-time.After(30 * time.Millisecond):
	}
	sctx, cancel := context.WithCancel(ctx)
	defer cancel()
	type answer struct {
		r   ai.Result
		err error
	}
	done := make(chan answer, 1)
	g := s.g.Clone()
	l := lim()
	go func() {
		r, err := ai.Search(sctx, g, l)
		done <- answer{r, err}
	}()
	lines := s.lines
	stopped := false
	for {
		select {
		case a := <-done:
			return a.r, a.err, !stopped, bye
		case l, open := <-lines:
			if !open {
				lines = nil // the end of input: finish this search, then stop
				continue
			}
			switch c, _, _ := strings.Cut(strings.TrimSpace(l), " "); c {
			case "finish":
				stopped = true
				cancel()
				s.held = append(s.held, l)
			case "goodbye":
				stopped, bye = true, true
				cancel()
			default:
				s.held = append(s.held, l)
			}
		}
	}
}

func (s *otepEngine) play(ctx context.Context, arg string) bool {
	if s.g == nil {
		s.fail(otepErrCritical, "play before rules (or after finish)")
		return false
	}
	side, err := tafl.ParseSide(arg)
	if err != nil || side == tafl.NoSide {
		if arg != "" {
			s.fail(otepErrMinor, "play wants attackers or defenders, not %q", arg)
			return false
		}
		side = s.side
	}
	if s.g.Outcome().Over() {
		s.fail(otepErrMinor, "the game is over (%s): no move to play", s.g.Outcome().Status())
		return false
	}
	if side != s.g.ToMove() {
		// The host says it is our turn: trust it, keep the board.
		p, err := s.v.ParsePosition(s.g.Position().Record(), side)
		if err != nil {
			s.fail(otepErrMinor, "cannot play %s here: %v", side, err)
			return false
		}
		s.g = tafl.NewGameFrom(p)
		if s.g.Outcome().Over() {
			s.fail(otepErrMinor, "the %s have no move here", side)
			return false
		}
	}
	r, err, ok, bye := s.search(ctx, func() ai.Limits { return s.limits(side) })
	if bye {
		return true
	}
	if !ok || ctx.Err() != nil {
		return false // finish or the end of input: no move
	}
	if err != nil || r.Move == tafl.NoMove {
		s.fail(otepErrMinor, "no move found: %v", err)
		return false
	}
	s.moves++
	prev := s.g.Clone()
	if _, err := s.g.Play(r.Move); err != nil {
		s.fail(otepErrMinor, "own move %s refused: %v", r.Move, err)
		return false
	}
	s.prev = prev
	s.send("move %s", r.Move)
	s.send("status depth %d score %d nodes %d time %dms", r.Depth, r.Score, r.Nodes, r.Time.Milliseconds())
	return false
}

// opponentMove handles "opponent-move <move-list> [position-record]":
// moves in simple or full notation joined by "|". The record is the
// truth: the engine resynchronises when it differs.
func (s *otepEngine) opponentMove(arg string) {
	if s.g == nil {
		s.fail(otepErrCritical, "opponent-move before rules")
		return
	}
	f := strings.Fields(arg)
	if len(f) == 0 || len(f) > 2 {
		s.fail(otepErrMinor, "opponent-move wants a move list and a position record")
		return
	}
	mover := s.g.ToMove()
	if s.side != tafl.NoSide {
		mover = s.side.Other()
	}
	trial := s.g.Clone()
	if s.prev != nil && trial.ToMove() != mover {
		trial = s.prev.Clone() // our move was not confirmed: the host repeats the prior move
	}
	var err error
	for _, m := range strings.Split(f[0], "|") {
		if _, err = trial.PlayText(m); err != nil {
			break
		}
	}
	if len(f) == 1 {
		if err != nil {
			s.fail(otepErrMinor, "opponent move %s: %v", f[0], err)
			return
		}
		s.g, s.prev = trial, nil
		return
	}
	if err == nil && trial.Position().Record() == f[1] {
		s.g, s.prev = trial, nil
		return
	}
	if err != nil {
		s.warn("opponent move %s: %v; following the position record", f[0], err)
	}
	s.resync(f[1], mover.Other())
}

// analyze answers "analyze N SECONDS" with "analysis 1 <pv> <score>": one
// line (the spec lets an engine return fewer than N lines).
func (s *otepEngine) analyze(ctx context.Context, arg string) bool {
	if s.g == nil {
		s.fail(otepErrCritical, "analyze before rules")
		return false
	}
	f := strings.Fields(arg)
	var sec float64
	if len(f) > 2 {
		s.fail(otepErrMinor, "analyze wants a number of moves and seconds")
		return false
	}
	if len(f) >= 1 {
		if n, err := strconv.Atoi(f[0]); err != nil || n < 1 {
			s.fail(otepErrMinor, "analyze: %q is not a number of moves", f[0])
			return false
		}
	}
	if len(f) == 2 {
		var err error
		if sec, err = strconv.ParseFloat(f[1], 64); err != nil || sec <= 0 || sec > 1e6 {
			s.fail(otepErrMinor, "analyze: %q is not a number of seconds", f[1])
			return false
		}
	}
	if s.g.Outcome().Over() {
		s.fail(otepErrMinor, "the game is over (%s): nothing to analyze", s.g.Outcome().Status())
		return false
	}
	lim := s.lim
	if sec > 0 {
		lim.Time = time.Duration(sec * float64(time.Second))
		lim.Depth, lim.Nodes = 0, 0
	}
	r, err, ok, bye := s.search(ctx, func() ai.Limits { return lim })
	if bye {
		return true
	}
	if !ok {
		return false
	}
	if err != nil || len(r.PV) == 0 {
		s.fail(otepErrMinor, "no analysis: %v", err)
		return false
	}
	pv := make([]string, len(r.PV))
	for i, m := range r.PV {
		pv[i] = m.String()
	}
	s.send("analysis 1 %s %d", strings.Join(pv, "|"), r.Score)
	return false
}

// The host side of the protocol, used by tafl match.

// otepPlayer is an external engine driven through the OpenTafl Engine
// Protocol: one process per game.
type otepPlayer struct {
	argv    []string
	perMove time.Duration // sent as a clock of one overtime period per move; 0: no clock
	cmd     *exec.Cmd
	stdin   io.WriteCloser
	lines   chan string // the engine's output lines; closed when it ends
	side    tafl.Side
	rules   string
	full    bool // the engine asked for full notation ("simple-moves off")
	g       *tafl.Game
}

// otepTimeout bounds how long an OTEP engine may take to greet or move
// (more when the move time is longer).
var otepTimeout = 60 * time.Second

func (p *otepPlayer) timeout() time.Duration { return max(otepTimeout, 3*p.perMove) }

func (p *otepPlayer) start(ctx context.Context, g *tafl.Game, side tafl.Side) error {
	p.side, p.g = side, g
	p.cmd = exec.Command(p.argv[0], p.argv[1:]...)
	p.cmd.Stderr = io.Discard
	var err error
	if p.stdin, err = p.cmd.StdinPipe(); err != nil {
		return err
	}
	out, err := p.cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := p.cmd.Start(); err != nil {
		return fmt.Errorf("start engine: %w", err)
	}
	p.lines = make(chan string, 16)
	go func() {
		defer close(p.lines)
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 64*1024), 1<<20)
		for sc.Scan() {
			p.lines <- strings.TrimSpace(sc.Text())
		}
	}()
	if _, err := p.await(ctx, "hello"); err != nil {
		return err
	}
	// The engine starts from the game's current position: a rules string
	// whose start is this position and whose first side is the side to move.
	r := g.Variant().Rules()
	r.Start = g.Position().Record()
	r.First = g.ToMove()
	p.rules = "rules " + r.String()
	p.send(p.rules)
	p.send("side " + side.String())
	p.send("start")
	return nil
}

func (p *otepPlayer) send(line string) {
	if p.stdin != nil {
		io.WriteString(p.stdin, line+"\n")
	}
}

// await waits for a line starting with word and returns its arguments.
// Meanwhile it answers the engine's requests (rules, position), notes
// "simple-moves", ignores "status" and non-critical errors, and fails on
// a critical error ("error -1").
func (p *otepPlayer) await(ctx context.Context, word string) (string, error) {
	timer := time.NewTimer(p.timeout())
	defer timer.Stop()
	for {
		select {
		case line, ok := <-p.lines:
			if !ok {
				return "", errors.New("the engine exited")
			}
			cmd, arg, _ := strings.Cut(line, " ")
			arg = strings.TrimSpace(arg)
			switch cmd {
			case word:
				return arg, nil
			case "error":
				code, msg, _ := strings.Cut(arg, " ")
				if n, err := strconv.Atoi(code); err != nil || n < 0 {
					return "", fmt.Errorf("engine error %s", arg)
				}
				_ = msg // non-critical: the game goes on
			case "simple-moves":
				p.full = arg == "off"
			case "rules":
				if p.rules != "" {
					p.send(p.rules)
				}
			case "position":
				if p.g != nil {
					p.send("position " + p.g.Position().Record())
				}
			}
		case <-timer.C:
			return "", fmt.Errorf("no %q from the engine within %v", word, p.timeout())
		case <-ctx.Done():
			return "", ctx.Err()
		}
	}
}

// otepPerMoveClock is the clock sent for a time per move: no main time
// left, one overtime period of d per move.
func otepPerMoveClock(d time.Duration) otepClock {
	return otepClock{left: [2]time.Duration{d, d}, overtime: [2]bool{true, true}, period: d, overtimes: [2]int{1, 1}}
}

// otepAttempts is how many moves an OTEP engine may submit for one turn:
// after an illegal one the host sends error, the prior move and the
// position, and play again (the spec's recovery); then it loses.
const otepAttempts = 2

func (p *otepPlayer) think(ctx context.Context, g *tafl.Game) (tafl.Move, error) {
	p.g = g
	var lastErr error
	for attempt := 0; attempt < otepAttempts; attempt++ {
		if attempt > 0 {
			if plies := g.Plies(); len(plies) > 0 {
				p.told(g, plies[len(plies)-1].Move)
			} else {
				p.send("position " + g.Position().Record())
			}
		}
		p.send("play " + g.ToMove().String())
		if p.perMove > 0 {
			p.send(otepPerMoveClock(p.perMove).String())
		}
		arg, err := p.await(ctx, "move")
		if err != nil {
			return tafl.NoMove, err
		}
		text := strings.Fields(arg + " ")[0]
		trial := g.Clone()
		ply, err := trial.PlayText(text)
		if err == nil {
			p.send("move " + trial.Position().Record())
			return ply.Move, nil
		}
		code := otepErrIllegal
		if mt, perr := tafl.ParseMove(text); perr == nil && g.Position().At(mt.Move.From()).Side() == g.ToMove().Other() {
			code = otepErrWrongSide
		}
		p.send(fmt.Sprintf("error %d", code))
		lastErr = fmt.Errorf("engine move %q: %w", arg, err)
	}
	return tafl.NoMove, lastErr
}

func (p *otepPlayer) told(g *tafl.Game, m tafl.Move) error {
	p.g = g
	text := m.String()
	if plies := g.Plies(); p.full && len(plies) > 0 {
		text = plies[len(plies)-1].Notation()
	}
	p.send(fmt.Sprintf("opponent-move %s %s", text, g.Position().Record()))
	return nil
}

// otepFinishCode is the OTEP finish code of an outcome: 1 draw, 2
// attackers win, 3 defenders win.
func otepFinishCode(o tafl.Outcome) int {
	switch o.Winner {
	case tafl.Attackers:
		return 2
	case tafl.Defenders:
		return 3
	}
	return 1
}

func (p *otepPlayer) finish(o tafl.Outcome) {
	p.send(fmt.Sprintf("finish %d", otepFinishCode(o)))
}

func (p *otepPlayer) close() {
	if p.cmd == nil || p.cmd.Process == nil {
		return
	}
	p.send("goodbye")
	p.stdin.Close()
	done := make(chan struct{})
	go func() {
		for range p.lines { // let the reader finish
		}
	}()
	go func() { p.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		p.cmd.Process.Kill()
		<-done
	}
}
