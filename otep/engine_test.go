package otep

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/taflbot/taflbot/tafl"
	"github.com/taflbot/taflbot/tafl/ai"
)

// session runs an Engine on pipes: the test sends lines and reads the
// engine's answers one at a time, as a host does.
type session struct {
	t    *testing.T
	in   *io.PipeWriter
	out  chan string
	done chan error
}

func startEngine(t *testing.T, s Searcher) *session {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	ss := &session{t: t, in: inW, out: make(chan string, 100), done: make(chan error, 1)}
	e := &Engine{Searcher: s, waitClk: 30 * time.Millisecond}
	go func() {
		err := e.Serve(context.Background(), inR, outW)
		outW.Close()
		ss.done <- err
	}()
	go func() {
		sc := bufio.NewScanner(outR)
		for sc.Scan() {
			ss.out <- sc.Text()
		}
		close(ss.out)
	}()
	if l := ss.read(); l != "hello" {
		t.Fatalf("first line %q, want hello", l)
	}
	return ss
}

func (s *session) send(lines ...string) {
	for _, l := range lines {
		io.WriteString(s.in, l+"\n")
	}
}

// read returns the next line that is not a status line.
func (s *session) read() string {
	s.t.Helper()
	for {
		select {
		case l, ok := <-s.out:
			if !ok {
				s.t.Fatal("the engine closed its output")
			}
			if strings.HasPrefix(l, "status ") {
				continue
			}
			return l
		case <-time.After(20 * time.Second):
			s.t.Fatal("no answer from the engine within 20 s")
		}
	}
}

// readMove reads the engine's next answer, which must be "move M" with M
// legal in g, and plays M on g; where says where we are.
func (s *session) readMove(g *tafl.Game, where string) tafl.Move {
	s.t.Helper()
	line := s.read()
	mv, ok := strings.CutPrefix(line, "move ")
	if !ok {
		s.t.Fatalf("%s: %q is not a move", where, line)
	}
	p, err := g.PlayText(mv)
	if err != nil {
		s.t.Fatalf("%s: engine move %q is not legal: %v", where, mv, err)
	}
	return p.Move
}

// quiet checks that nothing but status lines comes within d.
func (s *session) quiet(d time.Duration) {
	s.t.Helper()
	timer := time.After(d)
	for {
		select {
		case l, ok := <-s.out:
			if ok && !strings.HasPrefix(l, "status ") {
				s.t.Errorf("unexpected line %q", l)
			}
			if !ok {
				return
			}
		case <-timer:
			return
		}
	}
}

func (s *session) close() error {
	s.t.Helper()
	s.send("goodbye")
	select {
	case err := <-s.done:
		return err
	case <-time.After(20 * time.Second):
		s.t.Fatal("the engine did not exit after goodbye")
	}
	return nil
}

func brandubh(t *testing.T) *tafl.Variant {
	t.Helper()
	v, err := tafl.Preset("brandubh", "")
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func depth(n int) *AI { return &AI{Limits: ai.Limits{Depth: n}} }

func TestEngineSession(t *testing.T) {
	v := brandubh(t)
	g := tafl.NewGame(v)
	if _, err := g.PlayText("d2-b2"); err != nil {
		t.Fatal(err)
	}
	s := startEngine(t, depth(2))
	s.send("rules dim:7 esc:x start:/7/") // not a valid rules string
	if l := s.read(); !strings.HasPrefix(l, "error -1 ") {
		t.Errorf("bad rules answered %q, want error -1 (critical) with a message", l)
	}
	// OpenTafl's order: rules, the opponent's move, clock, play.
	s.send("rules "+v.RulesString(), "opponent-move d2-b2 "+g.Position().Record(), "clock 60000 60000 0 0 0 ", "play defenders")
	s.readMove(g, "the defenders after d2-b2")
	s.send("move " + g.Position().Record()) // the host confirms
	s.send("analyze 1 0.05")
	f := strings.Fields(s.read())
	if len(f) != 4 || f[0] != "analysis" || f[1] != "1" {
		t.Fatalf("analysis line %q, want analysis 1 <pv> <score>", strings.Join(f, " "))
	}
	a := g.Clone()
	for _, m := range strings.Split(f[2], "|") {
		if _, err := a.PlayText(m); err != nil {
			t.Errorf("analysis PV move %q: %v", m, err)
			break
		}
	}
	s.send("finish 1")
	s.quiet(100 * time.Millisecond)
	// The same process plays a new game after finish.
	g2 := tafl.NewGame(v)
	s.send("rules "+v.RulesString(), "clock 1000* 1000* 1 1 1", "play attackers")
	s.readMove(g2, "a second game after finish")
	if err := s.close(); err != nil {
		t.Errorf("Serve: %v", err)
	}
}

// With a Transcript the engine logs both directions.
func TestEngineTranscript(t *testing.T) {
	v := brandubh(t)
	var tr strings.Builder
	e := &Engine{Searcher: depth(1), Transcript: &tr}
	var out strings.Builder
	in := "rules " + v.RulesString() + "\nplay attackers\n"
	if err := e.Serve(context.Background(), strings.NewReader(in), &out); err != nil {
		t.Fatal(err)
	}
	got := tr.String()
	for _, want := range []string{"< hello\n", "> rules " + v.RulesString() + "\n", "> play attackers\n", "< move ", "< status depth 1 "} {
		if !strings.Contains(got, want) {
			t.Errorf("transcript lacks %q:\n%s", want, got)
		}
	}
}

// Bad input gets "error 0 <message>" and changes nothing.
func TestEngineBadInput(t *testing.T) {
	v := brandubh(t)
	s := startEngine(t, depth(1))
	s.send("play attackers")
	if l := s.read(); !strings.HasPrefix(l, "error -1 ") {
		t.Errorf("play before rules: %q, want error -1", l)
	}
	s.send("rules " + v.RulesString())
	g := tafl.NewGame(v)
	for _, bad := range []string{
		"frobnicate", "side purple", "clock 12 ", "clock a b", "clock 1000 1000 x", "clock 1000 1000 NaN 1 1", "clock NaN 1000",
		"position /9/zz/", "opponent-move", "opponent-move a1-a1 /7/7/", "opponent-move zz", "play nobody",
		"analyze 0 1", "analyze 1 -3", "analyze 1 2 3", "analyze 1 NaN",
	} {
		s.send(bad)
		if l := s.read(); !strings.HasPrefix(l, "error 0 ") || len(l) < 10 {
			t.Errorf("%q answered %q, want error 0 <message>", bad, l)
		} else if strings.Contains(l, "tafl: ") {
			t.Errorf("%q answered %q: the rules engine's prefix again", bad, l) // "bad position record: tafl: bad position …"
		}
	}
	// A refused opponent move is named once ("opponent move d2-d1: d2-d1:
	// …"), and which move of a list it was.
	for bad, want := range map[string]string{
		"opponent-move d2-d1":       "error 0 opponent move d2-d1: d1 is occupied",
		"opponent-move b4-b3|d5-d6": "error 0 opponent move d5-d6 (in b4-b3|d5-d6): d6 is occupied",
	} {
		s.send(bad)
		if l := s.read(); l != want {
			t.Errorf("%q answered %q, want %q", bad, l, want)
		}
	}
	s.send("rules dim:3")
	if l := s.read(); l != `error -1 rules not supported: bad rules "dim:3": a rules string ends with start:RECORD (and has it only once, last)` {
		t.Errorf("rules dim:3 answered %q", l)
	}
	// Nothing changed: the engine still plays a legal first move for the attackers.
	s.send("play attackers")
	s.readMove(g, "the start, after the bad input")
	s.close()
}

// TestEngineAfterFinish: a command that needs a game after "finish" said
// "before rules" (but play), though the host had sent them; it says the
// game is over and that rules starts another, which then plays.
func TestEngineAfterFinish(t *testing.T) {
	v := brandubh(t)
	s := startEngine(t, depth(1))
	s.send("side defenders", "rules "+v.RulesString(), "finish 3")
	if l := s.read(); l != "error -1 side before rules" {
		t.Errorf("side before rules: %q", l)
	}
	for _, c := range []string{"side defenders", "play attackers", "opponent-move b4-b3", "analyze 1 1"} {
		s.send(c)
		cmd, _, _ := strings.Cut(c, " ")
		if l, want := s.read(), "error -1 "+cmd+" after finish: the game is over; rules starts another"; l != want {
			t.Errorf("%s after finish: %q, want %q", c, l, want)
		}
	}
	s.send("rules "+v.RulesString(), "play attackers")
	s.readMove(tafl.NewGame(v), "a new game after finish")
	s.close()
}

// "side" sets the side to move, as OpenTafl's engine reads it: a host sends
// it with a position to analyse.
func TestEngineSideSetsSideToMove(t *testing.T) {
	v := brandubh(t)
	s := startEngine(t, depth(2))
	s.send("rules "+v.RulesString(), "side defenders", "analyze 1 0.05")
	f := strings.Fields(s.read())
	if len(f) != 4 || f[0] != "analysis" {
		t.Fatalf("analysis line %q", strings.Join(f, " "))
	}
	// The PV starts with a defenders' move from the start position.
	p, err := v.ParsePosition(v.Start().Record(), tafl.Defenders)
	if err != nil {
		t.Fatal(err)
	}
	g := tafl.NewGameFrom(p)
	first := strings.Split(f[2], "|")[0]
	if _, err := g.PlayText(first); err != nil {
		t.Errorf("after side defenders the PV starts with %q: %v", first, err)
	}
	s.close()
}

func TestEngineResyncsFromPosition(t *testing.T) {
	v := brandubh(t)
	// The host sends a move the engine cannot play (wrong piece) with the
	// true position: the engine follows the position, and knows the
	// defenders are to move (the piece on f6 is an attacker).
	g := tafl.NewGame(v)
	g.PlayText("d6-f6")
	s := startEngine(t, depth(1))
	s.send("rules "+v.RulesString(), "opponent-move d6-f6x "+g.Position().Record(), "play defenders")
	s.readMove(g, "the host's position")
	s.close()
}

// TestEngineResyncsAfterAMoveList: a list of moves the engine cannot
// follow (its board is not the host's) leaves the record's position with
// the side to move after the list's last move, not its first: after
// "b4-b3|d5-e5" the attackers are to move, and an analysis starts with
// an attackers' move.
func TestEngineResyncsAfterAMoveList(t *testing.T) {
	v := brandubh(t)
	g := tafl.NewGame(v)
	g.PlayText("b4-b3")
	g.PlayText("d5-e5")
	s := startEngine(t, depth(2))
	// "side defenders" puts the engine out of step: b4-b3 is not the defenders'.
	s.send("rules "+v.RulesString(), "side defenders", "opponent-move b4-b3|d5-e5 "+g.Position().Record(), "analyze 1 0.05")
	f := strings.Fields(s.read())
	if len(f) != 4 || f[0] != "analysis" {
		t.Fatalf("analysis line %q", strings.Join(f, " "))
	}
	first := strings.Split(f[2], "|")[0]
	if _, err := g.Clone().PlayText(first); err != nil {
		t.Errorf("the analysis after b4-b3|d5-e5 starts with %q, not an attackers' move from %s", first, g.Position().Record())
	}
	s.close()
}

// The host rejects the engine's move (error 2) and repeats the prior move
// and the position, as the protocol text describes, or resends the whole
// game, as taflbot's host does: either way the engine plays a legal move.
func TestEngineHostRejectsMove(t *testing.T) {
	v := brandubh(t)
	g := tafl.NewGame(v)
	g.PlayText("d2-b2")
	s := startEngine(t, depth(2))
	s.send("rules "+v.RulesString(), "opponent-move d2-b2 "+g.Position().Record(), "play defenders")
	first := s.read()
	s.send("error 2", "opponent-move d2-b2 "+g.Position().Record(), "play defenders")
	s.readMove(g.Clone(), fmt.Sprintf("after the rejection of %q (spec recovery)", first))
	s.send("error 2", "rules "+v.RulesString(), "opponent-move d2-b2 "+g.Position().Record(), "play defenders")
	s.readMove(g.Clone(), "after a rejection and the whole game resent")
	s.close()
}

// TestEngineBadMoveRecordChangesNothing: a "move" confirmation with a
// bad record is answered error 0 and changes nothing: the engine's move
// can still be taken back by the host's error (it was forgotten, and the
// engine stayed a move ahead of the host).
func TestEngineBadMoveRecordChangesNothing(t *testing.T) {
	v := brandubh(t)
	s := startEngine(t, depth(1))
	s.send("rules "+v.RulesString(), "play attackers")
	mine := s.readMove(tafl.NewGame(v), "the first move")
	s.send("move /zz/")
	if l := s.read(); !strings.HasPrefix(l, "error 0 bad position ") {
		t.Errorf("move /zz/: %q, want error 0", l)
	}
	// The host refuses the move after all and plays another one of the
	// attackers' itself: the engine took its move back and follows.
	s.send("error 2")
	g := tafl.NewGame(v)
	other := "b4-b3"
	if mine.String() == other {
		other = "f4-f3"
	}
	g.PlayText(other)
	s.send("opponent-move "+other, "play defenders")
	s.readMove(g, "after the refusal and "+other)
	s.close()
}

// Full notation on input: "Kd4-…", captures "x…" and the move list "a|b".
func TestEngineFullNotation(t *testing.T) {
	v := brandubh(t)
	g := tafl.NewGame(v)
	var plies []string
	for _, m := range []string{"d2-b2", "d3-c3"} {
		p, err := g.PlayText(m)
		if err != nil {
			t.Fatal(err)
		}
		plies = append(plies, p.Notation())
	}
	s := startEngine(t, depth(1))
	s.send("rules "+v.RulesString(), "opponent-move "+strings.Join(plies, "|"), "play attackers")
	s.readMove(g, fmt.Sprintf("after %v", plies))
	s.close()
}

// "finish" stops a running search: no move is sent, and the next line is
// answered at once. (The test slept 200 ms for the search to begin, and
// went on at goodbye, which stops a search too: a finish that stopped
// nothing passed. It waits for the search, and for the answer to the line
// after finish, which comes only once the search has stopped: the search
// would take a minute, and read waits 20 s, so an answer at all is one
// before the search ended. A bound of 5 s on the answer is what a busy
// machine missed in TestEngineFinishRightAfterPlay: 6 s.)
func TestEngineFinishStopsSearch(t *testing.T) {
	v := brandubh(t)
	s := startEngine(t, &AI{Limits: ai.Limits{Time: time.Minute}})
	s.send("rules "+v.RulesString(), "play attackers")
	waitSearching(t)
	s.send("finish 0", "side purple")
	if l := s.read(); !strings.HasPrefix(l, "error 0 ") {
		t.Errorf("got %q, want no move and error 0 for the bad side", l)
	}
	s.quiet(300 * time.Millisecond)
	s.close()
}

// waitSearching waits until a goroutine is in ai.Search (up to 20 s, as
// read waits for an answer): the engine is thinking.
func waitSearching(t *testing.T) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	buf := make([]byte, 1<<20)
	for {
		n := runtime.Stack(buf, true)
		if n == len(buf) {
			buf = make([]byte, 2*len(buf))
			continue
		}
		if bytes.Contains(buf[:n], []byte("/tafl/ai.Search(")) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("the engine did not start searching within 20 s")
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// A finish sent right after play (before the clock wait is over) stops
// the engine before it searches: no move, and the next line is answered
// at once. The search would take a minute, and read waits 20 s: an answer
// is one the engine gave without searching to the end. (It allowed 5 s,
// which a busy machine missed: 6 s.)
func TestEngineFinishRightAfterPlay(t *testing.T) {
	v := brandubh(t)
	s := startEngine(t, &AI{Limits: ai.Limits{Time: time.Minute}})
	s.send("rules "+v.RulesString(), "play attackers", "finish 0", "side purple")
	if l := s.read(); !strings.HasPrefix(l, "error 0 ") {
		t.Errorf("got %q, want error 0 for the bad side", l)
	}
	s.close()
}

// budgetSearcher records the clock budget of each search.
type budgetSearcher struct{ got []time.Duration }

func (b *budgetSearcher) Search(ctx context.Context, g *tafl.Game, clock time.Duration) (Result, error) {
	b.got = append(b.got, clock)
	return Result{Move: g.LegalMoves()[0]}, nil
}

func (b *budgetSearcher) Analyze(context.Context, *tafl.Game, time.Duration) (Result, error) {
	return Result{}, nil
}

// The clock may come just before "play" (OpenTafl's host) or just after
// it, in the protocol's form or with fractional overtime seconds.
func TestEngineClockBeforeOrAfterPlay(t *testing.T) {
	v := brandubh(t)
	b := &budgetSearcher{}
	s := startEngine(t, b)
	g := tafl.NewGame(v)
	s.send("rules "+v.RulesString(), "clock 3000000 3000000 0 0 0 ", "play attackers")
	s.readMove(g, "clock before play")
	reply := g.LegalMoves()[0].String()
	s.send("opponent-move "+reply+" "+mustPlay(t, g, reply), "play attackers", "clock 5000* 5000* 0.5 1 1")
	s.readMove(g, "clock after play, fractional overtime")
	s.close()
	want := []time.Duration{100 * time.Second, 4 * time.Second}
	if fmt.Sprint(b.got) != fmt.Sprint(want) {
		t.Errorf("budgets %v, want %v", b.got, want)
	}
}

func mustPlay(t *testing.T, g *tafl.Game, m string) string {
	t.Helper()
	if _, err := g.PlayText(m); err != nil {
		t.Fatal(err)
	}
	return g.Position().Record()
}

func TestAILimitsFromClock(t *testing.T) {
	for _, tc := range []struct {
		lim  ai.Limits
		want ai.Limits
	}{
		{ai.Limits{Time: time.Second}, ai.Limits{Time: 8 * time.Second}},
		{ai.Limits{Time: 20 * time.Second}, ai.Limits{Time: 8 * time.Second}},
		{ai.Limits{Depth: 3}, ai.Limits{Depth: 3, Time: 8 * time.Second}},
		{ai.Limits{Nodes: 1000, Time: time.Second}, ai.Limits{Nodes: 1000, Time: time.Second}},
	} {
		a := &AI{Limits: tc.lim}
		if got := a.limits(8 * time.Second); got != tc.want {
			t.Errorf("limits %+v with an 8 s budget: %+v, want %+v", tc.lim, got, tc.want)
		}
	}
	if got := (&AI{Limits: ai.Limits{Time: time.Second}}).limits(0); got.Time != time.Second {
		t.Errorf("without a clock the limits decide: %v", got.Time)
	}
}

// Weights that do not fit a game's variant are left out with one warning
// per variant; the engine plays on with the built-in weights.
func TestAIWeightsThatDoNotFit(t *testing.T) {
	var log strings.Builder
	a := &AI{Limits: ai.Limits{Depth: 1}, Weights: []byte(`{"not":"weights"}`), Log: &log}
	g := tafl.NewGame(brandubh(t))
	for i := 0; i < 2; i++ {
		r, err := a.Search(context.Background(), g, 0)
		if err != nil || r.Move == tafl.NoMove {
			t.Fatalf("search: %v, %v", r.Move, err)
		}
	}
	if n := strings.Count(log.String(), "do not fit Brandubh"); n != 1 {
		t.Errorf("%d warnings, want 1:\n%s", n, log.String())
	}
	// A game from the host's rules string is named by its rules (its
	// variant is "custom": the warning said "do not fit custom"), and the
	// reason without the engine's "ai: ".
	log.Reset()
	a = &AI{Limits: ai.Limits{Depth: 1}, Weights: []byte(`{"not":"weights"}`), Log: &log}
	r, err := tafl.ParseRules(brandubh(t).RulesString())
	if err != nil {
		t.Fatal(err)
	}
	v, err := tafl.NewVariant(r)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.Search(context.Background(), tafl.NewGame(v), 0); err != nil {
		t.Fatal(err)
	}
	if got := log.String(); !strings.HasPrefix(got, "otep engine: the weights do not fit Brandubh (") || strings.Contains(got, "(ai: ") {
		t.Errorf("warning %q, want it to name Brandubh and give the reason once", got)
	}
	// Each game's rules make a new variant: the same rules warn once (they
	// warned every game, a map of variants keeping each game's).
	for i := 0; i < 3; i++ {
		v, err := tafl.NewVariant(r)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := a.Search(context.Background(), tafl.NewGame(v), 0); err != nil {
			t.Fatal(err)
		}
	}
	if n := strings.Count(log.String(), "do not fit"); n != 1 || len(a.parsed) != 1 {
		t.Errorf("%d warnings and %d weights kept after four games of one rules string, want 1 and 1:\n%s", n, len(a.parsed), log.String())
	}
}

// AttackersNodes is the node budget when the attackers are to move,
// Limits.Nodes when the defenders are.
func TestAIAttackersNodes(t *testing.T) {
	a := &AI{Limits: ai.Limits{Nodes: 300}, AttackersNodes: 20000}
	g := tafl.NewGame(brandubh(t))
	r, err := a.Search(context.Background(), g, 0)
	if err != nil || r.Nodes < 20000 {
		t.Fatalf("as attackers: %d nodes (%v), want at least 20000", r.Nodes, err)
	}
	if _, err := g.Play(r.Move); err != nil {
		t.Fatal(err)
	}
	if r, err = a.Search(context.Background(), g, 0); err != nil || r.Nodes >= 20000 {
		t.Errorf("as defenders: %d nodes (%v), want the 300-node budget", r.Nodes, err)
	}
}

// TestEngineLineTooLong: a line over MaxLine (1 MB) ended the session
// with "bufio.Scanner: token too long"; it is answered "error 0" and
// skipped, and the engine goes on (a line of exactly MaxLine is read).
func TestEngineLineTooLong(t *testing.T) {
	v := brandubh(t)
	var tr strings.Builder
	e := &Engine{Searcher: depth(1), Transcript: &tr}
	var out strings.Builder
	in := "rules " + v.RulesString() + "\r\n" +
		"x" + strings.Repeat("y", MaxLine) + "\r\n" + // MaxLine+1 bytes
		strings.Repeat(" ", MaxLine-len("status")) + "status\n" + // MaxLine bytes: read
		"play attackers\n"
	if err := e.Serve(context.Background(), strings.NewReader(in), &out); err != nil {
		t.Fatalf("Serve: %v", err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	want := fmt.Sprintf("error 0 a line of %d bytes, over %d (1 MB): ignored", MaxLine+1, MaxLine)
	if len(lines) < 3 || lines[1] != want || !strings.HasPrefix(lines[2], "move ") {
		t.Errorf("the engine answered %q; want hello, %q, then a move", lines, want)
	}
	for _, l := range lines {
		if strings.HasPrefix(l, "error") && l != want {
			t.Errorf("unexpected %q", l)
		}
	}
	if !strings.Contains(tr.String(), fmt.Sprintf("> (a line of %d bytes, too long: ignored)\n", MaxLine+1)) {
		t.Errorf("the transcript does not say the line was skipped:\n%.300s", tr.String())
	}
}

// TestReadLines: lines end with \n or \r\n, the last may have no end,
// and a long one is measured to its end.
func TestReadLines(t *testing.T) {
	var got []string
	err := readLines(strings.NewReader("a\r\nbb\n\nlonglonglong\r\nccc\nd"), 4, func(text string, long int) {
		got = append(got, fmt.Sprintf("%s/%d", text, long))
	})
	if want := "a/0 bb/0 /0 /12 ccc/0 d/0"; err != nil || strings.Join(got, " ") != want {
		t.Errorf("readLines = %q, %v; want %q", got, err, want)
	}
}
