package otep

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/taflbot/taflbot/tafl"
	"github.com/taflbot/taflbot/tafl/ai"
)

// Error codes of the "error" command. An engine sends ErrCritical (the
// game cannot go on) or ErrMinor; a host sends the others about a move
// the engine submitted.
const (
	ErrCritical  = -1
	ErrMinor     = 0
	ErrWrongSide = 1
	ErrIllegal   = 2
)

// Result is a searcher's answer: the move, and what the engine reports
// about it ("status" and "analysis" lines).
type Result struct {
	Move  tafl.Move
	PV    []tafl.Move // PV is the principal variation, Move first (analysis).
	Score int         // Score is in hundredths of an attacker, for the side to move.
	Depth int
	Nodes int64
	Time  time.Duration
}

// Searcher is what an [Engine] serves.
type Searcher interface {
	// Search finds a move for the side to move in g. clock is the time
	// the host's clock allows for it, 0 when the host sent no clock.
	Search(ctx context.Context, g *tafl.Game, clock time.Duration) (Result, error)
	// Analyze searches g for about d (0: the searcher's own limits) and
	// returns the principal variation.
	Analyze(ctx context.Context, g *tafl.Game, d time.Duration) (Result, error)
}

// AI serves taflbot's engine (package tafl/ai) with Limits. With a clock,
// a timed search (a level, or Limits.Time alone) takes the clock's budget
// as its time; a depth or node budget is kept and cut short when the
// clock's budget is smaller. Each move gets the next seed.
type AI struct {
	Limits ai.Limits
	// AttackersNodes, when positive and Limits has a node budget, is the
	// node budget instead when the attackers are to move (tuning data with
	// a fixed side advantage: tafl otep -attackers-nodes).
	AttackersNodes int64
	// Weights, when set, are evaluation weights (JSON, as tafl tune writes
	// them) for the games whose variant they fit; other games, and any
	// game when they do not parse for its variant, get the built-in ones
	// (a warning goes to Log once per variant).
	Weights []byte
	Log     io.Writer
	moves   uint64
	parsed  map[string]*ai.Weights // by the variant's rules string
}

// weights returns the parsed Weights for g's variant (nil: built-in).
func (a *AI) weights(g *tafl.Game) *ai.Weights {
	if a.Weights == nil {
		return nil
	}
	// By the rules string, not the variant: each game's "rules" makes a
	// new variant, and a map of them kept every game's and warned anew.
	v := g.Variant()
	key := v.RulesString()
	if w, ok := a.parsed[key]; ok {
		return w
	}
	w, err := ai.ParseWeights(v, a.Weights)
	if err != nil {
		if a.Log != nil {
			// The rules' own name: a variant from the host's rules string
			// is "custom" even when it is a preset's.
			fmt.Fprintf(a.Log, "otep engine: the weights do not fit %s (%s): playing with the built-in weights\n", v.Rules().Title, strings.TrimPrefix(err.Error(), "ai: "))
		}
		w = nil
	}
	if a.parsed == nil {
		a.parsed = map[string]*ai.Weights{}
	}
	a.parsed[key] = w
	return w
}

// limits returns the limits of the next search under a clock budget.
func (a *AI) limits(clock time.Duration) ai.Limits {
	lim := a.Limits
	lim.Seed = a.Limits.Seed + a.moves
	if clock > 0 {
		switch {
		case lim.Depth == 0 && lim.Nodes == 0:
			lim.Time = clock
		case lim.Time == 0 || clock < lim.Time:
			lim.Time = clock
		}
	}
	return lim
}

func fromAI(r ai.Result) Result {
	return Result{Move: r.Move, PV: r.PV, Score: r.Score, Depth: r.Depth, Nodes: r.Nodes, Time: r.Time}
}

// Search implements [Searcher].
func (a *AI) Search(ctx context.Context, g *tafl.Game, clock time.Duration) (Result, error) {
	lim := a.limits(clock)
	if a.AttackersNodes > 0 && lim.Nodes > 0 && g.ToMove() == tafl.Attackers {
		lim.Nodes = a.AttackersNodes
	}
	lim.Weights = a.weights(g)
	a.moves++
	r, err := ai.Search(ctx, g, lim)
	return fromAI(r), err
}

// Analyze implements [Searcher].
func (a *AI) Analyze(ctx context.Context, g *tafl.Game, d time.Duration) (Result, error) {
	lim := a.Limits
	lim.Weights = a.weights(g)
	if d > 0 {
		lim.Time, lim.Depth, lim.Nodes = d, 0, 0
	}
	r, err := ai.Search(ctx, g, lim)
	return fromAI(r), err
}

// Engine is the engine side of OTEP: it greets with "hello", then follows
// the host's commands until "goodbye" or the end of its input.
//
//	rules R          start a new game from the rules' start (after "finish" too)
//	position P       replace the board (the side to move is kept)
//	side S           set the side to move (analysis and replays)
//	clock …          the clock for the next "play" (just before or just after it)
//	play S           search and answer "move a1-a4" and a "status" line
//	move P           the host accepted the move: the board follows P
//	error N          the host refused the move: it is taken back
//	opponent-move L P  play the moves of L (joined by "|", simple or full notation); P is the truth
//	analyze N S      answer "analysis 1 <pv joined by |> <score>"
//	finish N         stop a search without answering; the game is over
//	goodbye          exit (also during a search)
//
// Bad input is answered "error 0 <message>" and changes nothing;
// "error -1 <message>" means the engine cannot go on (rules it does not
// play, play before rules). Diagnostics also go to Log.
type Engine struct {
	Searcher   Searcher
	Log        io.Writer // Log receives diagnostics (nil discards them).
	Transcript io.Writer // Transcript receives every line: "> " host to engine, "< " engine to host (nil: none).

	out     io.Writer
	tmu     sync.Mutex // guards Transcript
	v       *tafl.Variant
	g       *tafl.Game
	prev    *tafl.Game // the game before our last move, until the host confirms it
	clock   *Clock
	fresh   bool // a clock arrived since the last search
	lines   chan string
	held    []string // lines read during a search, handled after it
	waitClk time.Duration
}

func (s *Engine) send(format string, args ...any) {
	line := fmt.Sprintf(format, args...)
	if s.Transcript != nil {
		s.tmu.Lock()
		fmt.Fprintln(s.Transcript, "< "+line)
		s.tmu.Unlock()
	}
	fmt.Fprintln(s.out, line)
	if f, ok := s.out.(interface{ Sync() error }); ok {
		f.Sync()
	}
}

func (s *Engine) warn(format string, args ...any) {
	if s.Log != nil {
		fmt.Fprintf(s.Log, "otep engine: "+format+"\n", args...)
	}
}

// why is err's text without the rules engine's "tafl: " before it: the
// message names what was wrong once ("bad position record: tafl: bad
// position …" read it twice).
func why(err error) string {
	return strings.TrimPrefix(err.Error(), "tafl: ")
}

// fail answers bad input: "error 0 <message>" (or -1 when critical).
func (s *Engine) fail(code int, format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	s.warn("%s", msg)
	s.send("error %d %s", code, strings.ReplaceAll(msg, "\n", " "))
}

// noGame answers a command that needs a game when there is none: before
// the first "rules", or after "finish" (which said "before rules" too,
// though the host had sent them).
func (s *Engine) noGame(cmd string) {
	if s.v == nil {
		s.fail(ErrCritical, "%s before rules", cmd)
		return
	}
	s.fail(ErrCritical, "%s after finish: the game is over; rules starts another", cmd)
}

// next returns the next input line: a held one first.
func (s *Engine) next(ctx context.Context) (string, bool) {
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

// Serve runs one session on in and out until "goodbye", the end of in or
// the end of ctx.
func (s *Engine) Serve(ctx context.Context, in io.Reader, out io.Writer) error {
	s.out = out
	if s.waitClk == 0 {
		s.waitClk = 30 * time.Millisecond
	}
	s.lines = make(chan string, 64)
	var readErr error
	go func() {
		defer close(s.lines)
		readErr = readLines(in, MaxLine, func(line string, long int) {
			if long > 0 {
				line = tooLong + strconv.Itoa(long)
			}
			if s.Transcript != nil {
				shown := line
				if long > 0 {
					shown = skippedNote(long)
				}
				s.tmu.Lock()
				fmt.Fprintln(s.Transcript, "> "+shown)
				s.tmu.Unlock()
			}
			s.lines <- line
		})
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

// MaxLine is the longest line an engine reads from its host, and a host
// from its engine (1 MB, without its end of line). An engine answers a
// longer line "error 0" and skips it; a host skips it, noting it in its
// transcript.
const MaxLine = 1 << 20

// tooLong starts the line readLines' caller passes on in place of a line
// over MaxLine, followed by its length: no line read has a NUL byte
// first after trimming, as no command starts with one.
const tooLong = "\x00too long "

// skippedNote is what a transcript shows in place of a line of n bytes,
// over MaxLine, that was skipped (by an engine or a host).
func skippedNote(n int) string {
	return fmt.Sprintf("(a line of %d bytes, too long: ignored)", n)
}

// readLines calls line with each line of in (without its end of line,
// "\r\n" or "\n"), up to the end of in. A line over max bytes is read to
// its end and dropped: line gets "" and its length instead. The error is
// in's, nil at its end.
func readLines(in io.Reader, max int, line func(text string, long int)) error {
	r := bufio.NewReaderSize(in, 64*1024)
	var buf []byte
	n := 0 // the line's length so far, also past max
	for {
		part, err := r.ReadSlice('\n')
		n += len(part)
		if n <= max+2 { // room for "\r\n"
			buf = append(buf, part...)
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if len(part) > 0 && part[len(part)-1] == '\n' || err == io.EOF && n > 0 {
			end := 0 // the end of line's length
			if bytes.HasSuffix(part, []byte("\r\n")) {
				end = 2
			} else if bytes.HasSuffix(part, []byte("\n")) {
				end = 1
			}
			if n-end > max {
				line("", n-end)
			} else {
				line(string(buf[:len(buf)-end]), 0)
			}
			buf, n = buf[:0], 0
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// handle runs one command and reports whether the session is over.
func (s *Engine) handle(ctx context.Context, line string) bool {
	if n, ok := strings.CutPrefix(line, tooLong); ok {
		s.fail(ErrMinor, "a line of %s bytes, over %d (1 MB): ignored", n, MaxLine)
		return false
	}
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
		s.side(arg)
	case "clock":
		c, err := ParseClock(arg)
		if err != nil {
			s.fail(ErrMinor, "%v", err)
			return false
		}
		s.clock, s.fresh = &c, true
	case "play":
		return s.play(ctx, arg)
	case "move":
		s.confirmed(arg)
	case "opponent-move":
		s.opponentMove(arg)
	case "analyze":
		return s.analyze(ctx, arg)
	case "finish":
		s.g, s.prev, s.clock, s.fresh = nil, nil, nil, false
	case "error":
		s.hostError(arg)
	default:
		s.fail(ErrMinor, "unknown command %q", cmd)
	}
	return false
}

func (s *Engine) rules(text string) {
	r, err := tafl.ParseRules(text)
	var v *tafl.Variant
	if err == nil {
		v, err = tafl.NewVariant(r)
	}
	if err != nil {
		s.fail(ErrCritical, "rules not supported: %s", why(err))
		return
	}
	s.v, s.g, s.prev, s.clock, s.fresh = v, tafl.NewGame(v), nil, nil, false
}

// side sets the side to move, as OpenTafl's engine does: a host sends it
// with a position to analyse or in a replay.
func (s *Engine) side(arg string) {
	side, err := tafl.ParseSide(arg)
	if err != nil || side == tafl.NoSide {
		s.fail(ErrMinor, "side wants attackers or defenders, not %q", arg)
		return
	}
	if s.g == nil {
		s.noGame("side")
		return
	}
	if s.g.ToMove() != side {
		s.resync(s.g.Position().Record(), side)
	}
}

// position replaces the game by the given position record.
func (s *Engine) position(record string) {
	if s.v == nil {
		s.fail(ErrCritical, "position before rules")
		return
	}
	toMove := s.v.Start().ToMove()
	if s.g != nil {
		toMove = s.g.ToMove()
	}
	s.resync(record, toMove)
}

// resync sets the game to the record (error 0 and no change when it is bad).
func (s *Engine) resync(record string, toMove tafl.Side) bool {
	p, err := s.v.ParsePosition(strings.TrimSpace(record), toMove)
	if err != nil {
		s.fail(ErrMinor, "%s", why(err))
		return false
	}
	s.g, s.prev = tafl.NewGameFrom(p), nil
	return true
}

// confirmed handles the host's "move <position-record>" after our move.
func (s *Engine) confirmed(record string) {
	if s.g == nil {
		return
	}
	if record != "" && record != s.g.Position().Record() {
		// resync forgets the move to take back only when the record is
		// good: a bad one is error 0 and changes nothing.
		s.resync(record, s.g.ToMove())
		return
	}
	s.prev = nil
}

// hostError handles "error N" about our last move: take it back; the host
// follows with the prior move and "play" (or with the whole game).
func (s *Engine) hostError(arg string) {
	s.warn("the host reports error %s", arg)
	if s.prev != nil {
		s.g, s.prev = s.prev, nil
	}
}

// search runs a search while reading input: "finish" and "goodbye" stop
// it (ok false; bye true for goodbye), a "clock" right after "play" is
// applied first, other lines are held for later.
func (s *Engine) search(ctx context.Context, run func(context.Context, *tafl.Game) (Result, error)) (r Result, err error, ok, bye bool) {
	// A host may send "clock" right after "play": wait for it briefly,
	// unless one came just before.
	if !s.fresh {
		select {
		case l, open := <-s.lines:
			if open {
				switch c, rest, _ := strings.Cut(strings.TrimSpace(l), " "); c {
				case "clock":
					s.handle(ctx, "clock "+rest)
				case "goodbye":
					return Result{}, nil, false, true
				case "finish":
					s.held = append(s.held, l)
					return Result{}, nil, false, false
				default:
					s.held = append(s.held, l)
				}
			}
		case <-time.After(s.waitClk):
		}
	}
	s.fresh = false
	sctx, cancel := context.WithCancel(ctx)
	defer cancel()
	type answer struct {
		r   Result
		err error
	}
	done := make(chan answer, 1)
	g := s.g.Clone()
	go func() {
		r, err := run(sctx, g)
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

func (s *Engine) play(ctx context.Context, arg string) bool {
	if s.g == nil {
		s.noGame("play")
		return false
	}
	side, err := tafl.ParseSide(arg)
	if arg != "" && (err != nil || side == tafl.NoSide) {
		s.fail(ErrMinor, "play wants attackers or defenders, not %q", arg)
		return false
	}
	if arg == "" {
		side = s.g.ToMove()
	}
	if s.g.Outcome().Over() {
		s.fail(ErrMinor, "the game is over (%s): no move to play", s.g.Outcome().Status())
		return false
	}
	if side != s.g.ToMove() {
		// The host says it is our turn: trust it, keep the board.
		p, err := s.v.ParsePosition(s.g.Position().Record(), side)
		if err != nil {
			s.fail(ErrMinor, "cannot play %s here: %s", side, why(err))
			return false
		}
		s.g = tafl.NewGameFrom(p)
		if s.g.Outcome().Over() {
			s.fail(ErrMinor, "the %s have no move here", side)
			return false
		}
	}
	r, err, ok, bye := s.search(ctx, func(ctx context.Context, g *tafl.Game) (Result, error) {
		var budget time.Duration
		if s.clock != nil {
			budget = s.clock.Budget(side)
		}
		return s.Searcher.Search(ctx, g, budget)
	})
	if bye {
		return true
	}
	if !ok || ctx.Err() != nil {
		return false // finish or the end of input: no move
	}
	if err != nil || r.Move == tafl.NoMove {
		s.fail(ErrMinor, "no move found: %v", err)
		return false
	}
	prev := s.g.Clone()
	if _, err := s.g.Play(r.Move); err != nil {
		s.fail(ErrMinor, "own move %s refused: %s", r.Move, why(err))
		return false
	}
	s.prev = prev
	s.send("move %s", r.Move)
	s.send("status depth %d score %d nodes %d time %dms", r.Depth, r.Score, r.Nodes, r.Time.Milliseconds())
	return false
}

// opponentMove handles "opponent-move <move-list> [position-record]":
// moves in simple or full notation joined by "|". When the moves do not
// lead to the record, the record is the truth.
func (s *Engine) opponentMove(arg string) {
	if s.g == nil {
		s.noGame("opponent-move")
		return
	}
	f := strings.Fields(arg)
	if len(f) == 0 || len(f) > 2 {
		s.fail(ErrMinor, "opponent-move wants a move list and a position record")
		return
	}
	trial := s.g.Clone()
	var err error
	var last tafl.Move
	var refused string // why a move of the list could not be played, naming it once
	for _, m := range strings.Split(f[0], "|") {
		var pl tafl.Ply
		if pl, err = trial.PlayText(m); err != nil {
			refused = m + ": " + tafl.Refusal(err)
			if m != f[0] {
				refused = m + " (in " + f[0] + "): " + tafl.Refusal(err)
			}
			break
		}
		last = pl.Move
	}
	if len(f) == 1 {
		if err != nil {
			s.fail(ErrMinor, "opponent move %s", refused)
			return
		}
		s.g, s.prev = trial, nil
		return
	}
	record := f[1]
	switch {
	case err == nil && trial.Position().Record() == record:
		s.g, s.prev = trial, nil
		return
	case s.g.Position().Record() == record:
		// The host repeated a move we already have (after refusing ours).
		s.prev = nil
		return
	}
	if err != nil {
		s.warn("opponent move %s; following the position record", refused)
	}
	// The side to move is the other side of the piece that moved last:
	// the list's last move that reads as one (not the first: the list
	// "b4-b3|d5-e5" leaves the attackers to move).
	toMove := s.g.ToMove().Other()
	if list := strings.Split(f[0], "|"); err != nil {
		last = tafl.NoMove
		for i := len(list) - 1; i >= 0 && last == tafl.NoMove; i-- {
			if mt, perr := tafl.ParseMove(list[i]); perr == nil {
				last = mt.Move
			}
		}
	}
	if p, perr := s.v.ParsePosition(record, toMove); perr == nil && last != tafl.NoMove {
		if side := p.At(last.To()).Side(); side != tafl.NoSide {
			toMove = side.Other()
		}
	}
	s.resync(record, toMove)
}

// analyze answers "analyze N SECONDS" with "analysis 1 <pv> <score>": one
// line (the protocol lets an engine return fewer than N).
func (s *Engine) analyze(ctx context.Context, arg string) bool {
	if s.g == nil {
		s.noGame("analyze")
		return false
	}
	f := strings.Fields(arg)
	var sec float64
	if len(f) > 2 {
		s.fail(ErrMinor, "analyze wants a number of moves and seconds")
		return false
	}
	if len(f) >= 1 {
		if n, err := strconv.Atoi(f[0]); err != nil || n < 1 {
			s.fail(ErrMinor, "analyze: %q is not a number of moves", f[0])
			return false
		}
	}
	if len(f) == 2 {
		var err error
		if sec, err = strconv.ParseFloat(f[1], 64); err != nil || !(sec > 0 && sec <= 1e6) { // NaN too
			s.fail(ErrMinor, "analyze: %q is not a number of seconds", f[1])
			return false
		}
	}
	if s.g.Outcome().Over() {
		s.fail(ErrMinor, "the game is over (%s): nothing to analyze", s.g.Outcome().Status())
		return false
	}
	d := time.Duration(sec * float64(time.Second))
	r, err, ok, bye := s.search(ctx, func(ctx context.Context, g *tafl.Game) (Result, error) {
		return s.Searcher.Analyze(ctx, g, d)
	})
	if bye {
		return true
	}
	if !ok {
		return false
	}
	if err != nil || len(r.PV) == 0 {
		s.fail(ErrMinor, "no analysis: %v", err)
		return false
	}
	pv := make([]string, len(r.PV))
	for i, m := range r.PV {
		pv[i] = m.String()
	}
	s.send("analysis 1 %s %d", strings.Join(pv, "|"), r.Score)
	return false
}
