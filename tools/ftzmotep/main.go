// Command ftzmotep lets `tafl match` (or any OpenTafl Engine Protocol
// host) play against ftzm's Copenhagen engine (github.com/ftzm/hnefatafl,
// libhnefatafl) through a small line driver around that library, whose
// path it is given. It speaks OTEP on stdin/stdout and asks the driver
// for each move:
//
//	ftzmotep -peer /tmp/peers/ftzm/ftzm-driver [-time 500ms] [-margin 10ms]
//
// Neither the engine nor the driver is part of this repository: build
// them by hand outside it (docs/ENGINE.md, "Against ftzm's C engine",
// names the repository and commit measured). The driver reads one
// request a line and answers one line:
//
//	go <ms> <a|d> <board> <n> <move>…   →   move <from>-<to> [anything]
//	                                     or  error <why>
//	quit
//
// <board> is the game's first position (the start of the rules the host
// sent, which is the match's opening): 121 characters, rank 11 first and
// files a to k within a rank, t attacker, T defender, K king, '.' empty;
// a|d is the side to move in it; the n moves (like d1-d4) were played
// from it since, so the driver can rebuild the position and the
// repetition history; it searches for <ms> milliseconds.
//
// The time per move is -time when given, else read from the host's
// clock (what is left of the current overtime period, else a thirtieth
// of the main time), less -margin for the pipes. Only Copenhagen rules
// are accepted (the engine knows no other game), with either repetition
// rule: taflbot's Copenhagen (the third occurrence is a loss for the
// defenders) or the peer's own (its library refuses a move that would
// make a third occurrence: tb-rep:forbidden), which is the one to measure
// with, since the peer's search plays by it; any other rules string gets
// "error -1".
package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"time"

	"github.com/taflbot/taflbot/otep"
	"github.com/taflbot/taflbot/tafl"
)

func main() {
	peer := flag.String("peer", "", "path of the driver program around the C engine (required)")
	perMove := flag.Duration("time", 0, "time per move (default: from the host's clock)")
	margin := flag.Duration("margin", 10*time.Millisecond, "time kept back per move for the pipes")
	flag.Parse()
	if *peer == "" || flag.NArg() > 0 {
		fmt.Fprintln(os.Stderr, "usage: ftzmotep -peer PATH [-time D] [-margin D]")
		os.Exit(2)
	}
	a := &adapter{out: os.Stdout, log: os.Stderr, perMove: *perMove, margin: *margin}
	if err := a.startPeer(*peer); err != nil {
		fmt.Fprintln(os.Stderr, "ftzmotep:", err)
		fmt.Println("error", otep.ErrCritical, "cannot start the peer:", err)
		os.Exit(1)
	}
	err := a.serve(os.Stdin)
	a.stopPeer()
	if err != nil {
		fmt.Fprintln(os.Stderr, "ftzmotep:", err)
		os.Exit(1)
	}
}

// adapter is one OTEP session.
type adapter struct {
	out, log io.Writer
	perMove  time.Duration // fixed time per move; 0: from the clock
	margin   time.Duration
	clock    time.Duration // the budget of the last clock line

	peerIn  io.WriteCloser
	peerOut *bufio.Scanner
	cmd     *exec.Cmd

	v     *tafl.Variant
	start tafl.Position // the first position sent to the peer
	g     *tafl.Game    // start plus every move since
	prev  *tafl.Game    // the game before our last move, until confirmed
	side  tafl.Side

	lines chan string // from the host
	held  []string    // read ahead, not handled yet
}

func (a *adapter) startPeer(path string) error {
	a.cmd = exec.Command(path)
	a.cmd.Stderr = a.log
	in, err := a.cmd.StdinPipe()
	if err != nil {
		return err
	}
	out, err := a.cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := a.cmd.Start(); err != nil {
		return err
	}
	a.peerIn = in
	a.peerOut = bufio.NewScanner(out)
	return nil
}

func (a *adapter) stopPeer() {
	if a.cmd == nil {
		return
	}
	io.WriteString(a.peerIn, "quit\n")
	a.peerIn.Close()
	done := make(chan struct{})
	go func() { a.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		a.cmd.Process.Kill()
		<-done
	}
}

func (a *adapter) send(format string, args ...any) {
	fmt.Fprintf(a.out, format+"\n", args...)
}

// fail answers "error code message" and logs it.
func (a *adapter) fail(code int, format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	fmt.Fprintln(a.log, "ftzmotep:", msg)
	a.send("error %d %s", code, msg)
}

// serve runs the session until goodbye or the end of input.
func (a *adapter) serve(in io.Reader) error {
	a.send("hello")
	a.lines = make(chan string, 16)
	errc := make(chan error, 1)
	go func() {
		defer close(a.lines)
		sc := bufio.NewScanner(in)
		sc.Buffer(make([]byte, 64*1024), 1<<20)
		for sc.Scan() {
			a.lines <- sc.Text()
		}
		errc <- sc.Err()
	}()
	for {
		line, ok := a.next()
		if !ok {
			return <-errc
		}
		cmd, arg, _ := strings.Cut(strings.TrimSpace(line), " ")
		arg = strings.TrimSpace(arg)
		switch cmd {
		case "":
		case "goodbye":
			return nil
		case "rules":
			a.rules(arg)
		case "side":
			if s, err := tafl.ParseSide(arg); err == nil && s != tafl.NoSide {
				a.side = s
			} else {
				a.fail(otep.ErrMinor, "side wants attackers or defenders, not %q", arg)
			}
		case "start", "hello", "finish", "simple-moves":
		case "clock":
			a.readClock(arg)
		case "position":
			a.position(arg)
		case "opponent-move":
			a.opponentMove(arg)
		case "move":
			a.prev = nil
			if a.g != nil && arg != "" && arg != a.g.Position().Record() {
				a.resync(arg, a.g.ToMove())
			}
		case "error":
			if a.prev != nil {
				a.g, a.prev = a.prev, nil
			}
		case "play":
			if err := a.play(); err != nil {
				return err
			}
		case "analyze":
			a.fail(otep.ErrMinor, "analyze is not supported")
		default:
			a.fail(otep.ErrMinor, "unknown command %q", cmd)
		}
	}
}

// next returns the next line from the host: a held one first.
func (a *adapter) next() (string, bool) {
	if len(a.held) > 0 {
		l := a.held[0]
		a.held = a.held[1:]
		return l, true
	}
	l, ok := <-a.lines
	return l, ok
}

// copenhagen is the game the peer plays, without its names and start.
var copenhagen = func() string {
	r, err := tafl.PresetRules("copenhagen", "")
	if err != nil {
		panic(err)
	}
	return gameKey(r)
}()

// gameKey is the rules string of r without its names, start and first
// side, and with the peer's repetition rule (forbidden) read as
// Copenhagen's.
func gameKey(r tafl.Rules) string {
	r.Name, r.Title, r.Layout, r.Start, r.First = "", "", "", "", tafl.NoSide
	if r.Repetition == tafl.RepetitionForbidden {
		r.Repetition = tafl.RepetitionDefendersLose
	}
	return r.String()
}

func (a *adapter) rules(text string) {
	r, err := tafl.ParseRules(text)
	var v *tafl.Variant
	if err == nil {
		v, err = tafl.NewVariant(r)
	}
	if err != nil {
		a.fail(otep.ErrCritical, "rules not supported: %v", err)
		return
	}
	if gameKey(r) != copenhagen {
		a.fail(otep.ErrCritical, "rules not supported: the peer plays Copenhagen only")
		return
	}
	a.v = v
	a.reset(tafl.NewGame(v))
}

// reset makes g's current position the first one sent to the peer.
func (a *adapter) reset(g *tafl.Game) {
	a.start = g.Position()
	a.g, a.prev = tafl.NewGameFrom(a.start), nil
}

func (a *adapter) position(record string) {
	if a.v == nil {
		a.fail(otep.ErrCritical, "position before rules")
		return
	}
	side := a.v.Start().ToMove()
	if a.g != nil {
		side = a.g.ToMove()
	}
	a.resync(record, side)
}

// resync restarts the game from a position record (the repetition
// history before it is lost).
func (a *adapter) resync(record string, toMove tafl.Side) {
	p, err := a.v.ParsePosition(record, toMove)
	if err != nil {
		a.fail(otep.ErrMinor, "bad position record: %v", err)
		return
	}
	a.reset(tafl.NewGameFrom(p))
}

func (a *adapter) opponentMove(arg string) {
	if a.g == nil {
		a.fail(otep.ErrCritical, "opponent-move before rules")
		return
	}
	f := strings.Fields(arg)
	if len(f) == 0 || len(f) > 2 {
		a.fail(otep.ErrMinor, "opponent-move wants a move list and a position record")
		return
	}
	trial := a.g.Clone()
	if a.prev != nil && a.side != tafl.NoSide && trial.ToMove() == a.side {
		trial = a.prev.Clone() // our move was refused: the host repeats the prior move
	}
	var err error
	for _, m := range strings.Split(f[0], "|") {
		if _, err = trial.PlayText(m); err != nil {
			break
		}
	}
	if err == nil && (len(f) == 1 || trial.Position().Record() == f[1]) {
		a.g, a.prev = trial, nil
		return
	}
	if len(f) == 1 {
		a.fail(otep.ErrMinor, "opponent move %s: %v", f[0], err)
		return
	}
	a.resync(f[1], trial.ToMove())
}

// readClock reads "clock A[*] D[*] [OT AO DO]" for the budget of the side
// we play.
func (a *adapter) readClock(arg string) {
	f := strings.Fields(arg)
	if len(f) < 2 {
		return
	}
	i := 0
	if a.side == tafl.Defenders {
		i = 1
	}
	s, star := strings.CutSuffix(f[i], "*")
	ms, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return
	}
	left := time.Duration(ms * float64(time.Millisecond))
	switch {
	case star && left > 0:
		a.clock = left
	case left > 0:
		a.clock = left / 30
	case len(f) > 2:
		if sec, err := strconv.ParseFloat(f[2], 64); err == nil && sec > 0 {
			a.clock = time.Duration(sec * float64(time.Second))
		}
	}
}

// budget is the time the peer may think.
func (a *adapter) budget() time.Duration {
	b := a.perMove
	if b == 0 {
		b = a.clock
	}
	if b == 0 {
		b = time.Second
	}
	return max(b-a.margin, 10*time.Millisecond)
}

// play asks the peer for a move. The host sends its clock right after
// play: a clock line that arrives within 30 ms is applied first.
func (a *adapter) play() error {
	if a.g == nil {
		a.fail(otep.ErrCritical, "play before rules")
		return nil
	}
	select {
	case l, ok := <-a.lines:
		if ok {
			if c, rest, _ := strings.Cut(strings.TrimSpace(l), " "); c == "clock" {
				a.readClock(rest)
			} else {
				a.held = append(a.held, l)
			}
		}
	case <-time.After(30 * time.Millisecond):
	}
	if a.g.Outcome().Over() {
		a.fail(otep.ErrMinor, "the game is over: no move to play")
		return nil
	}
	req := request(a.start, a.g, a.budget())
	if _, err := io.WriteString(a.peerIn, req+"\n"); err != nil {
		return fmt.Errorf("peer: %w", err)
	}
	if !a.peerOut.Scan() {
		return errors.New("peer: exited without a move")
	}
	line := strings.TrimSpace(a.peerOut.Text())
	word, rest, _ := strings.Cut(line, " ")
	if word != "move" || rest == "" {
		// The engine returns no move in a position it counts as lost
		// already (the king beside a corner is "escaped" for it): play
		// the first legal move, as a player would who plays on.
		fmt.Fprintf(a.log, "ftzmotep: peer: %s; playing the first legal move\n", line)
		moves := a.g.LegalMoves()
		if len(moves) == 0 {
			a.fail(otep.ErrMinor, "peer: %s", line)
			return nil
		}
		tafl.SortMoves(moves)
		rest = moves[0].String() + " fallback"
	}
	text := strings.Fields(rest)[0]
	prev := a.g.Clone()
	if _, err := a.g.PlayText(text); err != nil {
		// A move the rules refuse (the peer's search may pick a third
		// occurrence its own rules forbid, 2026-11-26): a critical error,
		// so that the host ends the game at once with the reason instead
		// of waiting out its timeout for a move.
		a.fail(otep.ErrCritical, "peer move %s: %v", text, err)
		return nil
	}
	a.prev = prev
	a.send("move %s", text)
	a.send("status %s", rest)
	return nil
}

// request writes the driver's "go" line for game g, which started at
// position start.
func request(start tafl.Position, g *tafl.Game, budget time.Duration) string {
	var b strings.Builder
	side := "a"
	if start.ToMove() == tafl.Defenders {
		side = "d"
	}
	fmt.Fprintf(&b, "go %d %s %s %d", budget.Milliseconds(), side, cells(start), len(g.Plies()))
	for _, p := range g.Plies() {
		b.WriteString(" ")
		b.WriteString(p.Move.String())
	}
	return b.String()
}

// cells writes position p as the driver's 121 characters.
func cells(p tafl.Position) string {
	n := p.Size()
	var b strings.Builder
	for r := n - 1; r >= 0; r-- {
		for f := 0; f < n; f++ {
			switch p.At(tafl.At(f, r)) {
			case tafl.Attacker:
				b.WriteByte('t')
			case tafl.Defender:
				b.WriteByte('T')
			case tafl.King:
				b.WriteByte('K')
			default:
				b.WriteByte('.')
			}
		}
	}
	return b.String()
}
