package main

import (
	"bufio"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/taflbot/taflbot/tafl"
	"github.com/taflbot/taflbot/tafl/ai"
)

// otepSession runs `tafl otep ARGS` on pipes: the test sends lines and
// reads the engine's answers one at a time, as a host does.
type otepSession struct {
	t    *testing.T
	in   *io.PipeWriter
	out  chan string
	done chan int
}

func startOTEP(t *testing.T, args ...string) *otepSession {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	s := &otepSession{t: t, in: inW, out: make(chan string, 100), done: make(chan int, 1)}
	go func() {
		var errOut strings.Builder
		code := run(append([]string{"otep"}, args...), inR, outW, &errOut)
		outW.Close()
		s.done <- code
	}()
	go func() {
		sc := bufio.NewScanner(outR)
		for sc.Scan() {
			s.out <- sc.Text()
		}
		close(s.out)
	}()
	if l := s.read(); l != "hello" {
		t.Fatalf("first line %q, want hello", l)
	}
	return s
}

func (s *otepSession) send(lines ...string) {
	for _, l := range lines {
		io.WriteString(s.in, l+"\n")
	}
}

// read returns the next line that is not a status line.
func (s *otepSession) read() string {
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
// legal in g, and plays M on g; context says where we are.
func (s *otepSession) readMove(g *tafl.Game, context string) {
	s.t.Helper()
	line := s.read()
	mv, ok := strings.CutPrefix(line, "move ")
	if !ok {
		s.t.Fatalf("%s: %q is not a move", context, line)
	}
	if _, err := g.PlayText(mv); err != nil {
		s.t.Fatalf("%s: engine move %q is not legal: %v", context, mv, err)
	}
}

// quiet checks that nothing but status lines comes within d.
func (s *otepSession) quiet(d time.Duration) {
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

func (s *otepSession) close() int {
	s.t.Helper()
	s.send("goodbye")
	select {
	case code := <-s.done:
		return code
	case <-time.After(20 * time.Second):
		s.t.Fatal("the engine did not exit after goodbye")
	}
	return -1
}

func brandubh(t *testing.T) *tafl.Variant {
	t.Helper()
	v, err := tafl.Preset("brandubh", "")
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func TestOTEPSession(t *testing.T) {
	v := brandubh(t)
	g := tafl.NewGame(v)
	if _, err := g.PlayText("d2-b2"); err != nil {
		t.Fatal(err)
	}
	s := startOTEP(t, "-depth", "2")
	s.send("rules dim:7 esc:x start:/7/") // not a valid rules string
	if l := s.read(); !strings.HasPrefix(l, "error -1 ") {
		t.Errorf("bad rules answered %q, want error -1 (critical) with a message", l)
	}
	s.send("rules "+v.RulesString(), "side defenders", "start",
		"opponent-move d2-b2 "+g.Position().Record(), "play defenders", "clock 60000 60000 0 0 0")
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
	if code := s.close(); code != 0 {
		t.Errorf("exit %d", code)
	}
}

// Bad input gets "error 0 <message>" and changes nothing.
func TestOTEPBadInput(t *testing.T) {
	v := brandubh(t)
	s := startOTEP(t, "-depth", "1")
	s.send("play attackers")
	if l := s.read(); !strings.HasPrefix(l, "error -1 ") {
		t.Errorf("play before rules: %q, want error -1", l)
	}
	s.send("rules " + v.RulesString())
	g := tafl.NewGame(v)
	for _, bad := range []string{
		"frobnicate", "side purple", "clock 12 ", "clock a b", "clock 1000 1000 x",
		"position /9/zz/", "opponent-move", "opponent-move a1-a1 /7/7/", "play nobody",
		"analyze 0 1", "analyze 1 -3", "analyze 1 2 3",
	} {
		s.send(bad)
		if l := s.read(); !strings.HasPrefix(l, "error 0 ") || len(l) < 10 {
			t.Errorf("%q answered %q, want error 0 <message>", bad, l)
		}
	}
	// Nothing changed: the engine still plays a legal first move for the attackers.
	s.send("side attackers", "play attackers")
	s.readMove(g, "the start, after the bad input")
	s.close()
}

func TestOTEPResyncsFromPosition(t *testing.T) {
	v := brandubh(t)
	// The host sends a move the engine cannot play (wrong piece) with the
	// true position: the engine must follow the position.
	g := tafl.NewGame(v)
	g.PlayText("d6-f6")
	s := startOTEP(t, "-depth", "1")
	s.send("rules "+v.RulesString(), "side defenders", "opponent-move a1-a2 "+g.Position().Record(), "play defenders")
	s.readMove(g, "the host's position")
	s.close()
}

// The host rejects the engine's move (error 2), repeats the prior move
// and the position, and asks again: the engine's board is back where it was.
func TestOTEPHostRejectsMove(t *testing.T) {
	v := brandubh(t)
	g := tafl.NewGame(v)
	g.PlayText("d2-b2")
	s := startOTEP(t, "-depth", "2")
	s.send("rules "+v.RulesString(), "side defenders", "opponent-move d2-b2 "+g.Position().Record(), "play defenders")
	first := s.read()
	s.send("error 2", "opponent-move d2-b2 "+g.Position().Record(), "play defenders")
	s.readMove(g.Clone(), fmt.Sprintf("after the rejection of %q, the defenders after d2-b2", first))
	s.close()
}

// Full notation on input: "Kd4-…", captures "x…" and the move list "a|b".
func TestOTEPFullNotation(t *testing.T) {
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
	s := startOTEP(t, "-depth", "1")
	// No side given: the engine plays whoever is to move after the list.
	s.send("rules "+v.RulesString(), "opponent-move "+strings.Join(plies, "|"), "play attackers")
	s.readMove(g, fmt.Sprintf("after %v", plies))
	s.close()
}

// "finish" stops a running search: no move is sent, and the engine answers
// goodbye at once.
func TestOTEPFinishStopsSearch(t *testing.T) {
	v := brandubh(t)
	s := startOTEP(t, "-time", "30s")
	s.send("rules "+v.RulesString(), "side attackers", "play attackers")
	time.Sleep(200 * time.Millisecond)
	start := time.Now()
	s.send("finish 0")
	s.quiet(300 * time.Millisecond)
	s.close()
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("finish took %v to stop the search", d)
	}
}

func TestOTEPClock(t *testing.T) {
	c, err := parseOTEPClock("60000 1500* 10 2 0")
	if err != nil {
		t.Fatal(err)
	}
	if c.left != [2]time.Duration{time.Minute, 1500 * time.Millisecond} || c.overtime != [2]bool{false, true} ||
		c.period != 10*time.Second || c.overtimes != [2]int{2, 0} {
		t.Errorf("parsed %+v", c)
	}
	// Attackers: main time 60 s / 30 = 2 s, but an overtime period of 10 s
	// is left: 8 s. Defenders: in overtime, 1.5 s left: 1.2 s.
	if b := c.budget(tafl.Attackers); b != 8*time.Second {
		t.Errorf("attackers' budget %v, want 8s", b)
	}
	if b := c.budget(tafl.Defenders); b != 1200*time.Millisecond {
		t.Errorf("defenders' budget %v, want 1.2s", b)
	}
	if c, _ := parseOTEPClock("-1 -1"); c.budget(tafl.Attackers) != 0 {
		t.Errorf("untimed clock gave a budget")
	}
	if got := otepPerMoveClock(2 * time.Second).String(); got != "clock 2000* 2000* 2 1 1" {
		t.Errorf("per-move clock %q", got)
	}
	for _, bad := range []string{"", "1", "x 1", "1 2 -3", "1 2 3 x", "1 2 3 4 5 6", "NaN 1"} {
		if _, err := parseOTEPClock(bad); err == nil {
			t.Errorf("clock %q accepted", bad)
		}
	}
}

// A finish sent right after play (before the clock wait is over) stops
// the engine before it searches: no move, and goodbye is answered at once.
func TestOTEPFinishRightAfterPlay(t *testing.T) {
	v := brandubh(t)
	s := startOTEP(t, "-time", "30s")
	start := time.Now()
	s.send("rules "+v.RulesString(), "side attackers", "play attackers", "finish 0", "side purple")
	// The bad side is answered at once, not after a 30 s search, and no move comes.
	if l := s.read(); !strings.HasPrefix(l, "error 0 ") {
		t.Errorf("got %q, want error 0 for the bad side", l)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("took %v: the engine searched after finish", d)
	}
	s.close()
}

// TestOTEPLimitsFromClock: with a clock, a timed search takes the clock's
// budget as its time (more or less than the level's); a depth or node
// search keeps its budget and gets the clock's time as a cut-off only.
func TestOTEPLimitsFromClock(t *testing.T) {
	c, err := parseOTEPClock("240000 240000") // 8 s a move (a thirtieth)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		lim  ai.Limits
		want ai.Limits
	}{
		{ai.Limits{Time: time.Second}, ai.Limits{Time: 8 * time.Second}},
		{ai.Limits{Time: 20 * time.Second}, ai.Limits{Time: 8 * time.Second}},
		{ai.Limits{Depth: 3}, ai.Limits{Depth: 3, Time: 8 * time.Second}},
		{ai.Limits{Nodes: 1000, Time: time.Second}, ai.Limits{Nodes: 1000, Time: time.Second}},
	} {
		e := &otepEngine{lim: tc.lim, clock: &c}
		if got := e.limits(tafl.Attackers); got != tc.want {
			t.Errorf("limits %+v with the clock: %+v, want %+v", tc.lim, got, tc.want)
		}
	}
	if got := (&otepEngine{lim: ai.Limits{Time: time.Second}}).limits(tafl.Attackers); got.Time != time.Second {
		t.Errorf("without a clock the flags decide: %v", got.Time)
	}
}
