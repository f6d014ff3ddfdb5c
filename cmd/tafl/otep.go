package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os/exec"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/taflbot/taflbot/tafl"
	"github.com/taflbot/taflbot/tafl/ai"
)

// runOTEP speaks the OpenTafl Engine Protocol on stdin/stdout, so that
// OpenTafl (or `tafl match`) can use taflbot's engine:
//
//	tafl otep [-level L | -time D | -depth N | -nodes N] [-threads N] [-seed N]
//
// The engine says "hello", then follows the host's commands as the
// protocol document (opentafl-engine-protocol.txt) describes them: rules,
// position, side, clock (milliseconds; "*" marks time left in an overtime
// period), play (answered with "move a1-a4" and a "status" line),
// move (the host's confirmation, with the position after our move),
// opponent-move (a move list joined by "|" and the position), analyze
// (answered with "analysis"), error, finish, goodbye. Problems are
// answered with "error -1 …" (critical: the engine cannot play this game,
// such as unsupported rules) or "error 0 …" (the game goes on), never
// with a stop; diagnostics go to stderr. With a clock, the budget per
// move is taken from the remaining time; without one, from the flags
// (default hard).
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
	if err := parseFlags(fs, e.args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return &usageError{msg: "otep takes no arguments"}
	}
	lim, err := searchLimits(level, timeLimit, depth, nodes, seed)
	if err != nil {
		return err
	}
	lim.Threads = max(threads, 1)
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	eng := &otepEngine{out: e.stdout, log: e.stderr, lim: lim}
	return eng.serve(ctx, e.stdin)
}

// OTEP error codes (opentafl-engine-protocol.txt, "error"). The engine
// sends -1 (critical: the game cannot go on) or 0 (non-critical); the
// host sends 1 (wrong side) or 2 (illegal move) about the engine's move.
const (
	otepErrCritical  = -1
	otepErrMinor     = 0
	otepErrWrongSide = 1
	otepErrIllegal   = 2
)

// otepEngine is the engine side of one OTEP session.
type otepEngine struct {
	out  io.Writer
	log  io.Writer
	lim  ai.Limits
	v    *tafl.Variant
	g    *tafl.Game
	side tafl.Side
	// clock: milliseconds left for attackers and defenders (-1: untimed),
	// whether each is in overtime (the value is then what is left of the
	// period), and the overtime period in seconds.
	clock    [3]float64
	inOT     [2]bool
	hasClock bool
	moves    int // moves played by the engine, for the seed
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

// serve runs the session until goodbye or the end of input.
func (s *otepEngine) serve(ctx context.Context, in io.Reader) error {
	s.send("hello")
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		cmd, arg, _ := strings.Cut(line, " ")
		arg = strings.TrimSpace(arg)
		switch cmd {
		case "hello", "start", "simple-moves":
		case "goodbye":
			return nil
		case "rules":
			s.rules(arg)
		case "position":
			s.position(arg)
		case "side":
			if side, err := tafl.ParseSide(arg); err == nil {
				s.side = side
			} else {
				s.warn("%v", err)
			}
		case "clock":
			s.setClock(arg)
		case "play":
			s.play(ctx, arg)
		case "move":
			s.confirmed(arg)
		case "opponent-move":
			s.opponentMove(arg)
		case "analyze":
			s.analyze(ctx, arg)
		case "finish":
			s.g = nil
		case "error":
			// 1 or 2: our move was refused; the host follows with
			// opponent-move (the true position) and play again.
			s.warn("the host reports error %s", arg)
		case "status":
		default:
			s.warn("unknown command %q ignored", cmd)
		}
		if ctx.Err() != nil {
			return nil
		}
	}
	return sc.Err()
}

func (s *otepEngine) rules(text string) {
	r, err := tafl.ParseRules(text)
	if err == nil {
		s.v, err = tafl.NewVariant(r)
	}
	if err != nil {
		s.warn("%v", err)
		s.v, s.g = nil, nil
		s.send("error %d rules not supported: %s", otepErrCritical, oneLine(err.Error()))
		return
	}
	s.g = tafl.NewGame(s.v)
	s.hasClock = false
}

// oneLine keeps an error message on one protocol line.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// noGame answers a command that needs a game before rules set one.
func (s *otepEngine) noGame(cmd string) {
	s.send("error %d %s before a valid rules command", otepErrMinor, cmd)
}

// confirmed handles the host's "move <position>" after our move: the
// position is the truth.
func (s *otepEngine) confirmed(record string) {
	if s.g == nil || record == "" {
		return
	}
	if s.g.Position().Record() != strings.TrimSpace(record) {
		s.warn("the host's position after our move differs; following it")
		s.resync(record, s.g.ToMove())
	}
}

// position replaces the game by the given position record. OTEP records
// do not say who is to move: keep the current side to move.
func (s *otepEngine) position(record string) {
	if s.v == nil {
		s.noGame("position")
		return
	}
	toMove := s.v.Start().ToMove()
	if s.g != nil {
		toMove = s.g.ToMove()
	}
	s.resync(record, toMove)
}

func (s *otepEngine) resync(record string, toMove tafl.Side) bool {
	p, err := s.v.ParsePosition(strings.TrimSpace(record), toMove)
	if err != nil {
		s.warn("%v", err)
		return false
	}
	s.g = tafl.NewGameFrom(p)
	return true
}

func (s *otepEngine) setClock(arg string) {
	f := strings.Fields(arg)
	if len(f) < 2 {
		s.warn("clock needs at least two numbers")
		return
	}
	clock, inOT := [3]float64{-1, -1, 0}, [2]bool{}
	for i := 0; i < len(f) && i < 3; i++ {
		text := f[i]
		if i < 2 {
			text, inOT[i] = strings.CutSuffix(text, "*")
		}
		x, err := strconv.ParseFloat(text, 64)
		if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
			s.warn("bad clock %q", arg)
			return
		}
		clock[i] = x
	}
	s.clock, s.inOT = clock, inOT
	s.hasClock = clock[0] >= 0 || clock[1] >= 0 || clock[2] > 0
}

// limits returns the search limits for the engine's next move: with a
// clock, a thirtieth of the main time left, or most of an overtime
// period when that is more (or when main time is over), never more than
// the flags allow.
func (s *otepEngine) limits(side tafl.Side) ai.Limits {
	lim := s.lim
	lim.Seed = s.lim.Seed + uint64(s.moves)
	if !s.hasClock {
		return lim
	}
	i := 0
	if side == tafl.Defenders {
		i = 1
	}
	left := time.Duration(s.clock[i] * float64(time.Millisecond))
	period := time.Duration(s.clock[2] * float64(time.Second))
	var budget time.Duration
	switch {
	case s.inOT[i]:
		budget = left * 7 / 10 // what is left of the current period
	case left > 0:
		budget = left / 30
		if period > 0 {
			budget = max(budget, period*7/10)
		}
	case period > 0:
		budget = period * 7 / 10
	}
	if budget <= 0 {
		budget = 100 * time.Millisecond
	}
	if lim.Time == 0 || budget < lim.Time {
		lim.Time = budget
	}
	return lim
}

func (s *otepEngine) play(ctx context.Context, arg string) {
	if s.g == nil {
		s.noGame("play")
		return
	}
	side, err := tafl.ParseSide(arg)
	if err != nil {
		side = s.side
	}
	if side != s.g.ToMove() {
		// The host thinks it is our turn: trust it, keep the board.
		if !s.resync(s.g.Position().Record(), side) {
			s.send("error %d cannot play the %s here", otepErrMinor, side)
			return
		}
	}
	r, err := ai.Search(ctx, s.g, s.limits(side))
	if err != nil {
		s.warn("%v", err)
		s.send("error %d no move: %s", otepErrMinor, oneLine(err.Error()))
		return
	}
	s.moves++
	if _, err := s.g.Play(r.Move); err != nil {
		s.warn("own move %s refused: %v", r.Move, err)
	}
	s.send("move %s", r.Move)
	s.send("status depth %d score %d nodes %d", r.Depth, r.Score, r.Nodes)
}

func (s *otepEngine) opponentMove(arg string) {
	if s.g == nil {
		s.noGame("opponent-move")
		return
	}
	f := strings.Fields(arg)
	if len(f) == 0 {
		s.warn("opponent-move needs a move")
		return
	}
	mover := s.g.ToMove()
	var err error
	for _, m := range strings.Split(f[0], "|") { // a move list (berserk): oldest first
		if _, err = s.g.PlayText(m); err != nil {
			s.warn("opponent move %s: %v", m, err)
			break
		}
	}
	// The record given is the truth: resynchronise when it differs.
	if len(f) > 1 && (err != nil || s.g.Position().Record() != f[1]) {
		s.resync(f[1], mover.Other())
	}
}

// analyze answers "analyze N SECONDS" with "analysis 1 pv score".
func (s *otepEngine) analyze(ctx context.Context, arg string) {
	if s.g == nil || s.g.Outcome().Over() {
		s.send("error %d nothing to analyze", otepErrMinor)
		return
	}
	f := strings.Fields(arg)
	lim := s.lim
	if len(f) >= 2 {
		if sec, err := strconv.ParseFloat(f[1], 64); err == nil && sec > 0 {
			lim.Time = time.Duration(sec * float64(time.Second))
			lim.Depth, lim.Nodes = 0, 0
		}
	}
	r, err := ai.Search(ctx, s.g, lim)
	if err != nil {
		s.send("error %d no move to analyze", otepErrMinor)
		return
	}
	pv := make([]string, len(r.PV))
	for i, m := range r.PV {
		pv[i] = m.String()
	}
	s.send("analysis 1 %s %d", strings.Join(pv, "|"), r.Score)
}

// The host side of the protocol, used by tafl match.

// otepPlayer is an external engine driven through the OpenTafl Engine
// Protocol: one process per game.
type otepPlayer struct {
	argv  []string
	cmd   *exec.Cmd
	stdin io.WriteCloser
	lines chan string // the engine's output lines; closed when it ends
	side  tafl.Side
}

// otepTimeout bounds how long an OTEP engine may take to greet or move.
var otepTimeout = 60 * time.Second

func (p *otepPlayer) start(ctx context.Context, g *tafl.Game, side tafl.Side) error {
	p.side = side
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
	p.send("rules " + r.String())
	p.send("side " + side.String())
	return nil
}

func (p *otepPlayer) send(line string) {
	if p.stdin != nil {
		io.WriteString(p.stdin, line+"\n")
	}
}

// await waits for a line starting with word and returns its arguments.
func (p *otepPlayer) await(ctx context.Context, word string) (string, error) {
	timer := time.NewTimer(otepTimeout)
	defer timer.Stop()
	for {
		select {
		case line, ok := <-p.lines:
			if !ok {
				return "", errors.New("the engine exited")
			}
			cmd, arg, _ := strings.Cut(line, " ")
			switch cmd {
			case word:
				return strings.TrimSpace(arg), nil
			case "error":
				// -1 is critical: the engine cannot go on. 0 (and
				// anything else) is a note; the game continues.
				if code, _, _ := strings.Cut(strings.TrimSpace(arg), " "); code == "-1" {
					return "", fmt.Errorf("engine error %s", arg)
				}
			}
		case <-timer.C:
			return "", fmt.Errorf("no %q from the engine within %v", word, otepTimeout)
		case <-ctx.Done():
			return "", ctx.Err()
		}
	}
}

func (p *otepPlayer) think(ctx context.Context, g *tafl.Game) (tafl.Move, error) {
	p.send("play " + g.ToMove().String())
	arg, err := p.await(ctx, "move")
	if err != nil {
		return tafl.NoMove, err
	}
	mt, err := tafl.ParseMove(strings.Fields(arg + " ")[0])
	if err != nil {
		return tafl.NoMove, fmt.Errorf("engine move %q: %w", arg, err)
	}
	return mt.Move, nil
}

// confirm answers the engine's move: "move <position>" when it was
// played, "error 2 …" when it was refused (the match then scores the game
// as lost by that engine instead of asking again).
func (p *otepPlayer) confirm(g *tafl.Game, err error) {
	if err != nil {
		p.send(fmt.Sprintf("error %d %s", otepErrIllegal, oneLine(err.Error())))
		return
	}
	p.send("move " + g.Position().Record())
}

func (p *otepPlayer) told(g *tafl.Game, m tafl.Move) error {
	p.send(fmt.Sprintf("opponent-move %s %s", m, g.Position().Record()))
	return nil
}

func (p *otepPlayer) finish(o tafl.Outcome) {
	code := 1
	switch o.Winner {
	case tafl.Attackers:
		code = 2
	case tafl.Defenders:
		code = 3
	}
	p.send(fmt.Sprintf("finish %d", code))
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
