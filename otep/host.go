package otep

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/taflbot/taflbot/tafl"
)

// Options configures a [Host].
type Options struct {
	Dir        string        // Dir is the engine's working directory ("": the current one).
	Timeout    time.Duration // Timeout bounds the wait for each move (default 60 s).
	Hello      time.Duration // Hello bounds the wait for "hello" (default Timeout; a JVM on a busy machine may need minutes).
	Settle     time.Duration // Settle is how long the engine must be quiet after its move before the host sends anything (default 250 ms; see the package comment).
	Write      time.Duration // Write bounds each line's write to the engine (default Timeout): an engine that stops reading its input fails.
	Stderr     io.Writer     // Stderr receives the engine's standard error (nil discards it).
	Transcript io.Writer     // Transcript receives every line: "> " host to engine, "< " engine to host (nil: none).
}

// maxSettle bounds the wait for a chatty engine to go quiet.
const maxSettle = 5 * time.Second

// Host drives one external OTEP engine process through games. A Host is
// not safe for concurrent use; one goroutine plays its games.
type Host struct {
	opt   Options
	cmd   *exec.Cmd
	stdin io.WriteCloser
	lines chan string // the engine's output; closed when it ends
	done  chan struct{}

	mu      sync.Mutex // guards Transcript writes
	lastOut atomic.Int64
	settle  bool     // the engine moved: wait for quiet before sending
	pending []string // lines to send before the next one (the move confirmation)

	full    bool   // the engine asked for full notation ("simple-moves off")
	status  string // the engine's last "status" or non-critical "error" text
	rules   string // the "rules" line of the current game
	base    int    // plies of the game before the rules' start position
	playing bool   // a game is running (finish not sent)
	game    *tafl.Game
	clock   *Clock
	side    tafl.Side
	err     error // the host is broken: the engine exited or failed
}

// Start starts the engine argv[0] with arguments argv[1:] and waits for
// its "hello". Stop it with [Host.Close].
func Start(ctx context.Context, argv []string, opt Options) (*Host, error) {
	if len(argv) == 0 {
		return nil, errors.New("otep: no engine command")
	}
	if opt.Timeout <= 0 {
		opt.Timeout = 60 * time.Second
	}
	if opt.Hello <= 0 {
		opt.Hello = opt.Timeout
	}
	if opt.Settle <= 0 {
		opt.Settle = 250 * time.Millisecond
	}
	if opt.Write <= 0 {
		opt.Write = opt.Timeout
	}
	h := &Host{opt: opt}
	h.cmd = exec.Command(argv[0], argv[1:]...)
	h.cmd.Dir = opt.Dir
	h.cmd.Stderr = opt.Stderr
	if h.cmd.Stderr == nil {
		h.cmd.Stderr = io.Discard
	}
	ownGroup(h.cmd)
	var err error
	if h.stdin, err = h.cmd.StdinPipe(); err != nil {
		return nil, err
	}
	out, err := h.cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := h.cmd.Start(); err != nil {
		if opt.Dir != "" {
			// A missing working directory fails the start as well, and
			// os/exec blames the program ("fork/exec PROGRAM: no such
			// file or directory", the program there all the same).
			if st, serr := os.Stat(opt.Dir); serr != nil {
				err = fmt.Errorf("its working directory: %w", serr)
			} else if !st.IsDir() {
				err = fmt.Errorf("its working directory %s is not a folder", opt.Dir)
			}
		}
		return nil, fmt.Errorf("start engine %s: %w", argv[0], err)
	}
	h.lines = make(chan string, 64)
	h.done = make(chan struct{})
	go func() {
		defer close(h.lines)
		readLines(out, MaxLine, func(text string, long int) {
			h.lastOut.Store(time.Now().UnixNano())
			if long > 0 {
				// Not a line of the protocol (none is that long): it is
				// skipped, as a log line is, and a timeout names it.
				h.log("< ", skippedNote(long))
				h.lines <- tooLong + strconv.Itoa(long)
				return
			}
			l := strings.TrimSpace(text)
			h.log("< ", l)
			h.lines <- l
		})
	}()
	go func() { h.cmd.Wait(); close(h.done) }()
	if _, err := h.await(ctx, "hello", opt.Hello); err != nil {
		h.Close()
		return nil, err
	}
	return h, nil
}

func (h *Host) log(prefix, line string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.opt.Transcript != nil {
		fmt.Fprintln(h.opt.Transcript, prefix+line)
	}
}

// SetTranscript sends the transcript from now on to w (nil: none), for
// example one file per game.
func (h *Host) SetTranscript(w io.Writer) {
	h.mu.Lock()
	h.opt.Transcript = w
	h.mu.Unlock()
}

// Err returns why the host cannot go on (the engine exited, failed or
// timed out), or nil.
func (h *Host) Err() error { return h.err }

// Status returns the engine's last "status" line (or non-critical error).
func (h *Host) Status() string { return h.status }

// send writes one line to the engine once it has been quiet for Settle
// after a move, after any pending lines. An engine that does not take a
// line within Options.Write (its input pipe is full: it stopped reading)
// breaks the host: send returns that error and Err reports it.
func (h *Host) send(line string) error {
	if h.err != nil {
		return h.err
	}
	if h.settle {
		deadline := time.Now().Add(maxSettle)
		for time.Now().Before(deadline) {
			quiet := time.Since(time.Unix(0, h.lastOut.Load()))
			if quiet >= h.opt.Settle {
				break
			}
			time.Sleep(h.opt.Settle - quiet)
		}
		h.settle = false
	}
	lines := append(h.pending, line)
	h.pending = nil
	for _, l := range lines {
		h.log("> ", l)
		if err := h.write(l + "\n"); err != nil {
			h.err = err
			return err
		}
	}
	return nil
}

// write writes s to the engine's input within Options.Write. The write
// runs in a goroutine of its own, so that a stuck one can be abandoned
// (on every platform, whether or not its pipes have deadlines); it ends
// when the process is stopped (Kill, Close), which closes the pipe. Other
// write errors are left to the reader: an engine that exited is reported
// as such by await.
func (h *Host) write(s string) error {
	done := make(chan struct{})
	go func() {
		io.WriteString(h.stdin, s)
		close(done)
	}()
	t := time.NewTimer(h.opt.Write)
	defer t.Stop()
	select {
	case <-done:
		return nil
	case <-t.C:
		return fmt.Errorf("the engine did not read its input within %v", h.opt.Write)
	}
}

// await waits for a line starting with word and returns its arguments.
// Meanwhile it answers the engine's requests (rules, position, clock,
// side), notes "simple-moves" and "status", and fails on a critical
// error, on the engine's exit and after timeout.
func (h *Host) await(ctx context.Context, word string, timeout time.Duration) (string, error) {
	if h.err != nil {
		return "", h.err
	}
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	var refused string // an "error 0 …" meanwhile: the timeout says it
	var skipped string // a line over MaxLine meanwhile: so does it
	for {
		select {
		case line, ok := <-h.lines:
			if !ok {
				h.err = errors.New("the engine exited")
				return "", h.err
			}
			if n, ok := strings.CutPrefix(line, tooLong); ok {
				skipped = "a line of " + n + " bytes, over 1 MB, which was skipped"
				continue
			}
			cmd, arg, _ := strings.Cut(line, " ")
			arg = strings.TrimSpace(arg)
			switch cmd {
			case word:
				return arg, nil
			case "error":
				code, msg, _ := strings.Cut(arg, " ")
				if n, err := strconv.Atoi(code); err != nil || n < 0 {
					h.err = fmt.Errorf("engine error %s", arg)
					return "", h.err
				}
				h.status = "error: " + strings.TrimSpace(msg)
				refused = "error " + arg
			case "status":
				h.status = arg
			case "simple-moves":
				h.full = arg == "off"
			case "rules":
				if h.rules != "" {
					h.send(h.rules)
				}
			case "position":
				if h.game != nil {
					h.send("position " + h.game.Position().Record())
				}
			case "clock":
				if h.clock != nil {
					h.send(h.clock.String())
				}
			case "side":
				if h.side != tafl.NoSide {
					h.send("side " + h.side.String())
				}
			}
			if h.err != nil { // an answer could not be written
				return "", h.err
			}
			// Anything else (OpenTafl prints log lines on its output) is ignored.
		case <-timer.C:
			h.err = fmt.Errorf("no %q from the engine within %v", word, timeout)
			if refused != "" {
				// It said why it would not answer (a rule it does not
				// play, say): the timeout alone hid it.
				h.err = fmt.Errorf("no %q from the engine within %v; it said %q", word, timeout, refused)
			} else if skipped != "" {
				// Perhaps the answer, too long to read.
				h.err = fmt.Errorf("no %q from the engine within %v; it printed %s", word, timeout, skipped)
			}
			return "", h.err
		case <-ctx.Done():
			return "", ctx.Err()
		}
	}
}

// RulesLine returns the "rules" command that starts g's current position:
// the variant's rules string with that position as its start and the side
// to move first, its name in US-ASCII.
func RulesLine(g *tafl.Game) string { return rulesAt(g, g.Position()) }

// rulesAt is the "rules" command of g's variant starting at p.
func rulesAt(g *tafl.Game, p tafl.Position) string {
	r := g.Variant().Rules()
	r.Start = p.Record()
	r.First = p.ToMove()
	r.Title = ASCII(r.Title)
	return "rules " + r.String()
}

// Load puts the engine on game g as a whole, whatever it played before:
// "finish" ends a game under way, then "rules" starting at g's start and
// one "opponent-move" with every move since (so that the engine knows
// the history, for the repetition rule). A process can so serve many
// games in turn, each with its own Load before Play.
func (h *Host) Load(g *tafl.Game) error {
	if h.err != nil {
		return h.err
	}
	if h.playing {
		h.send("finish 0")
	}
	h.rules, h.base, h.game, h.playing, h.clock = rulesAt(g, g.Start()), 0, g, true, nil
	h.resend(g)
	return h.err
}

// NewGame starts a game from g's current position: "finish" ends the one
// before, if any (the engine process is reused), then "rules".
func (h *Host) NewGame(g *tafl.Game) error {
	if h.err != nil {
		return h.err
	}
	if h.playing {
		h.send("finish 0")
	}
	h.rules, h.base, h.game, h.playing, h.clock = RulesLine(g), g.Len(), g, true, nil
	return h.send(h.rules)
}

// moveText is a move as the engine wants it: simple, or full notation.
func (h *Host) moveText(p tafl.Ply) string {
	if h.full {
		return p.Notation()
	}
	return p.Move.String()
}

// OpponentMoved tells the engine the opponent's move, the last ply of g.
func (h *Host) OpponentMoved(g *tafl.Game) error {
	if h.err != nil {
		return h.err
	}
	plies := g.Plies()
	if len(plies) == 0 {
		return errors.New("otep: no move to tell")
	}
	h.game = g
	return h.send(fmt.Sprintf("opponent-move %s %s", h.moveText(plies[len(plies)-1]), g.Position().Record()))
}

// Resync sets the engine's board to g's position: "position" and "side"
// (OpenTafl's engine takes "side" for the side to move). A host uses it
// when the engine, playing by its own reading of the rules, is known to
// have another board than the host's; the engine's record of earlier
// positions (for repetitions) starts again there.
func (h *Host) Resync(g *tafl.Game) {
	if h.err != nil {
		return
	}
	h.game = g
	h.send("position " + g.Position().Record())
	h.send("side " + g.ToMove().String())
}

// resend puts the engine back on g: the game's rules and every move since
// its start in one "opponent-move" (after a refused move, when the
// engine's own board may be wrong).
func (h *Host) resend(g *tafl.Game) {
	h.send(h.rules)
	plies := g.Plies()[h.base:]
	if len(plies) == 0 {
		return
	}
	moves := make([]string, len(plies))
	for i, p := range plies {
		moves[i] = h.moveText(p)
	}
	h.send(fmt.Sprintf("opponent-move %s %s", strings.Join(moves, "|"), g.Position().Record()))
}

// attempts is how many moves an engine may submit for one turn.
const attempts = 2

// IllegalMoveError is a move the engine submitted that the host refused.
type IllegalMoveError struct {
	Text string // Text is the move the engine sent ("" when it sent a bare "move").
	Err  error  // Err says why it is not legal.
}

// Error names the move once: the rules engine's own error names it again
// ("engine move \"a1-a1\": a1-a1: …", "… tafl: bad move \"zz\": …").
func (e *IllegalMoveError) Error() string {
	return fmt.Sprintf("engine move %q: %s", e.Text, tafl.Refusal(e.Err))
}

func (e *IllegalMoveError) Unwrap() error { return e.Err }

// Play asks the engine for a move in g (its side is the side to move):
// clock (when not nil) and "play", then the engine's "move", which must
// be legal in g. An illegal move is refused with "error 1" or "error 2",
// the engine is put back on the game and asked once more; a second
// illegal move is an *IllegalMoveError. timeout bounds each wait.
func (h *Host) Play(ctx context.Context, g *tafl.Game, clock *Clock, timeout time.Duration) (tafl.Move, error) {
	if h.err != nil {
		return tafl.NoMove, h.err
	}
	if timeout <= 0 {
		timeout = h.opt.Timeout
	}
	h.game, h.clock, h.side = g, clock, g.ToMove()
	var lastErr error
	for attempt := 0; attempt < attempts; attempt++ {
		if attempt > 0 {
			h.resend(g)
		}
		if clock != nil {
			h.send(clock.String())
		}
		h.send("play " + g.ToMove().String())
		arg, err := h.await(ctx, "move", timeout)
		if err != nil {
			return tafl.NoMove, err
		}
		h.settle = true
		var text string // a bare "move" is refused as illegal, as any move that is not one
		if f := strings.Fields(arg); len(f) > 0 {
			text = f[0]
		}
		trial := g.Clone()
		ply, err := trial.PlayText(text)
		if err == nil {
			h.pending = append(h.pending, "move "+trial.Position().Record())
			return ply.Move, nil
		}
		code := ErrIllegal
		if mt, perr := tafl.ParseMove(text); perr == nil && g.Position().At(mt.Move.From()).Side() == g.ToMove().Other() {
			code = ErrWrongSide
		}
		h.send(fmt.Sprintf("error %d", code))
		lastErr = &IllegalMoveError{Text: text, Err: err}
	}
	return tafl.NoMove, lastErr
}

// FinishCode is the OTEP "finish" code of an outcome: 1 draw, 2 attackers
// win, 3 defenders win (0, the game stopped before a result, is for
// outcomes that are not over).
func FinishCode(o tafl.Outcome) int {
	switch {
	case !o.Over():
		return 0
	case o.Winner == tafl.Attackers:
		return 2
	case o.Winner == tafl.Defenders:
		return 3
	}
	return 1
}

// Finish tells the engine the game is over.
func (h *Host) Finish(o tafl.Outcome) {
	if h.err != nil || !h.playing {
		return
	}
	h.send(fmt.Sprintf("finish %d", FinishCode(o)))
	h.playing = false
}

// closeWait bounds Close's goodbye and its wait for the engine to exit.
const closeWait = 3 * time.Second

// Close says goodbye and waits for the engine to exit (killing it after
// a few seconds).
func (h *Host) Close() error {
	if h.cmd == nil || h.cmd.Process == nil {
		return nil
	}
	if h.err == nil {
		h.settle = false // do not wait: it is leaving anyway
		h.opt.Write = min(h.opt.Write, closeWait)
		h.send("goodbye")
	}
	h.stdin.Close()
	go func() {
		for range h.lines { // let the reader finish
		}
	}()
	select {
	case <-h.done:
	case <-time.After(closeWait):
		killGroup(h.cmd)
		<-h.done
	}
	if h.err == nil {
		h.err = errors.New("the engine was closed")
	}
	return nil
}

// Kill stops the engine at once.
func (h *Host) Kill() {
	if h.cmd == nil || h.cmd.Process == nil {
		return
	}
	killGroup(h.cmd)
	h.stdin.Close()
	go func() {
		for range h.lines {
		}
	}()
	<-h.done
	if h.err == nil {
		h.err = errors.New("the engine was killed")
	}
}

// ASCII transliterates s into US-ASCII, as OTEP wants it: a few letters
// of the variants' names by their usual spelling, anything else as "_".
func ASCII(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r < 128:
			b.WriteRune(r)
		case r == '×':
			b.WriteByte('x')
		case r == 'æ':
			b.WriteString("ae")
		case r == 'Æ':
			b.WriteString("Ae")
		default:
			b.WriteByte('_')
		}
	}
	return b.String()
}
