package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/taflbot/taflbot/tafl"
)

// TestMain lets the test binary stand in for the peer's driver: with
// FTZMOTEP_FAKE_PEER set it answers "go" requests by rebuilding the
// position with package tafl and playing the first legal move in
// sorted order, and writes each request to the file the variable names.
func TestMain(m *testing.M) {
	if path := os.Getenv("FTZMOTEP_FAKE_PEER"); path != "" {
		fakePeer(path)
		return
	}
	os.Exit(m.Run())
}

func fakePeer(log string) {
	f, err := os.OpenFile(log, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		fmt.Println("error", err)
		return
	}
	defer f.Close()
	v, _ := tafl.Preset("copenhagen", "")
	sc := bufio.NewScanner(os.Stdin)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		fmt.Fprintln(f, line)
		fl := strings.Fields(line)
		if len(fl) == 0 || fl[0] == "quit" {
			return
		}
		if len(fl) < 5 || fl[0] != "go" {
			fmt.Println("error bad request")
			continue
		}
		side := tafl.Attackers
		if fl[2] == "d" {
			side = tafl.Defenders
		}
		p, err := v.ParsePosition(record(fl[3]), side)
		if err != nil {
			fmt.Println("error", err)
			continue
		}
		g := tafl.NewGameFrom(p)
		n, _ := strconv.Atoi(fl[4])
		for _, m := range fl[5 : 5+n] {
			if _, err := g.PlayText(m); err != nil {
				fmt.Println("error", err)
				break
			}
		}
		if os.Getenv("FTZMOTEP_FAKE_NOMOVE") != "" {
			fmt.Println("error no move")
			continue
		}
		if os.Getenv("FTZMOTEP_FAKE_ILLEGAL") != "" {
			fmt.Println("move a2-a1 nodes 1") // onto a corner: no piece may stop there
			continue
		}
		moves := g.LegalMoves()
		tafl.SortMoves(moves)
		fmt.Printf("move %s nodes 1\n", moves[len(moves)-1])
	}
}

// record turns the driver's 121 cells back into an OTN position record
// (rank 1 first), the way a reader of the protocol would.
func record(cells string) string {
	var rows []string
	for r := 10; r >= 0; r-- {
		row := cells[r*11 : r*11+11]
		var b strings.Builder
		empty := 0
		for _, c := range row {
			if c == '.' {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteString(strconv.Itoa(empty))
				empty = 0
			}
			b.WriteRune(c)
		}
		if empty > 0 {
			b.WriteString(strconv.Itoa(empty))
		}
		rows = append(rows, b.String())
	}
	return "/" + strings.Join(rows, "/") + "/"
}

// session runs the adapter on input with the fake peer and returns its
// output and the peer's requests.
func session(t *testing.T, input string, env ...string) (out string, requests []string) {
	t.Helper()
	log := t.TempDir() + "/requests"
	t.Setenv("FTZMOTEP_FAKE_PEER", log)
	for i := 0; i+1 < len(env); i += 2 {
		t.Setenv(env[i], env[i+1])
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	var b, errs strings.Builder
	a := &adapter{out: &b, log: &errs, perMove: 500 * time.Millisecond, margin: 10 * time.Millisecond}
	if err := a.startPeer(exe); err != nil {
		t.Fatal(err)
	}
	err = a.serve(strings.NewReader(input))
	a.stopPeer()
	if err != nil {
		t.Fatalf("serve: %v (log %s)", err, errs.String())
	}
	data, _ := os.ReadFile(log)
	for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if strings.HasPrefix(l, "go ") {
			requests = append(requests, l)
		}
	}
	return b.String(), requests
}

func copenhagenRules(t *testing.T) string {
	t.Helper()
	r, err := tafl.PresetRules("copenhagen", "")
	if err != nil {
		t.Fatal(err)
	}
	return r.String()
}

func TestCellsOfTheCopenhagenStart(t *testing.T) {
	v, _ := tafl.Preset("copenhagen", "")
	c := cells(v.Start())
	if len(c) != 121 {
		t.Fatalf("%d cells, want 121", len(c))
	}
	// Rank 11 first, file a first: the top row is ...ttttt..., the king
	// is in the middle of the sixth row.
	if got := c[:11]; got != "...ttttt..." {
		t.Errorf("rank 11 = %q", got)
	}
	if c[5*11+5] != 'K' || strings.Count(c, "K") != 1 {
		t.Errorf("king not on f6 alone: row 6 = %q", c[55:66])
	}
	if n := strings.Count(c, "t"); n != 24 {
		t.Errorf("%d attackers, want 24", n)
	}
	if n := strings.Count(c, "T"); n != 12 {
		t.Errorf("%d defenders, want 12", n)
	}
	if got := record(c); got != v.Start().Record() {
		t.Errorf("cells read back as %s, want %s", got, v.Start().Record())
	}
}

func TestSessionSendsTheGameAndPlaysThePeersMove(t *testing.T) {
	// The fake peer plays the last legal move in sorted order.
	v, _ := tafl.Preset("copenhagen", "")
	g := tafl.NewGame(v)
	g.PlayText("d1-d3")
	moves := g.LegalMoves()
	tafl.SortMoves(moves)
	ours := moves[len(moves)-1].String()
	g.PlayText(ours)
	in := "rules " + copenhagenRules(t) + "\nside defenders\nstart\n" +
		"opponent-move d1-d3\nplay defenders\nclock 500* 500* 0.5 1 1\n" +
		"move " + g.Position().Record() + "\nopponent-move h1-h3\nplay defenders\ngoodbye\n"
	out, reqs := session(t, in)
	if !strings.HasPrefix(out, "hello\n") || strings.Contains(out, "error") {
		t.Fatalf("output %q", out)
	}
	if len(reqs) != 2 {
		t.Fatalf("requests %q, want 2", reqs)
	}
	start := cells(v.Start())
	f := strings.Fields(reqs[0])
	if f[1] != "490" || f[2] != "a" || f[3] != start || f[4] != "1" || f[5] != "d1-d3" {
		t.Errorf("first request %q", reqs[0])
	}
	if !strings.Contains(out, "move "+ours+"\n") {
		t.Errorf("output %q lacks move %s", out, ours)
	}
	want := fmt.Sprintf("go 490 a %s 3 d1-d3 %s h1-h3", start, ours)
	if reqs[1] != want {
		t.Errorf("second request\n%q, want\n%q", reqs[1], want)
	}
}

func TestRefusedMoveIsTakenBack(t *testing.T) {
	in := "rules " + copenhagenRules(t) + "\nside defenders\n" +
		"opponent-move d1-d3\nplay defenders\nerror 2\nopponent-move d1-d3\nplay defenders\ngoodbye\n"
	_, reqs := session(t, in)
	if len(reqs) != 2 || reqs[0] != reqs[1] {
		t.Errorf("after the host's error the same request must be sent again: %q", reqs)
	}
}

func TestNoMoveFromThePeerPlaysALegalMove(t *testing.T) {
	in := "rules " + copenhagenRules(t) + "\nside attackers\nplay attackers\ngoodbye\n"
	out, _ := session(t, in, "FTZMOTEP_FAKE_NOMOVE", "1")
	v, _ := tafl.Preset("copenhagen", "")
	moves := v.Start().LegalMoves()
	tafl.SortMoves(moves)
	if !strings.Contains(out, "move "+moves[0].String()+"\n") {
		t.Errorf("output %q lacks the fallback move %s", out, moves[0])
	}
}

func TestIllegalMoveFromThePeerIsACriticalError(t *testing.T) {
	in := "rules " + copenhagenRules(t) + "\nside attackers\nplay attackers\ngoodbye\n"
	out, _ := session(t, in, "FTZMOTEP_FAKE_ILLEGAL", "1")
	// A negative code: the host ends the game at once (otep.Host.await)
	// instead of waiting for a move that will not come.
	if !strings.Contains(out, "error -1 peer move a2-a1") {
		t.Errorf("output %q lacks the critical error for the peer's illegal move", out)
	}
	if strings.Contains(out, "\nmove ") || strings.HasPrefix(out, "move ") {
		t.Errorf("output %q plays a move after the peer's illegal one", out)
	}
}

func TestOtherRulesAreRefused(t *testing.T) {
	r, _ := tafl.PresetRules("fetlar", "")
	out, reqs := session(t, "rules "+r.String()+"\nplay attackers\ngoodbye\n")
	if !strings.Contains(out, "error -1 rules not supported") {
		t.Errorf("fetlar accepted: %q", out)
	}
	if len(reqs) != 0 {
		t.Errorf("requests sent without rules: %q", reqs)
	}
}

func TestThePeersRepetitionRuleIsAccepted(t *testing.T) {
	// The peer's library refuses a move making a third occurrence:
	// Copenhagen with tb-rep:forbidden is its game too. A rule it does
	// not play (the third occurrence draws) is refused.
	for _, c := range []struct {
		rep  tafl.RepetitionRule
		want bool
	}{{tafl.RepetitionForbidden, true}, {tafl.RepetitionDefendersLose, true}, {tafl.RepetitionDraw, false}, {tafl.RepetitionMoverLoses, false}} {
		r, _ := tafl.PresetRules("copenhagen", "")
		r.Repetition = c.rep
		out, reqs := session(t, "rules "+r.String()+"\nside attackers\nplay attackers\ngoodbye\n")
		refused := strings.Contains(out, "error -1 rules not supported")
		if refused == c.want || (len(reqs) == 1) != c.want {
			t.Errorf("repetition rule %d: accepted %v, want %v (output %q, requests %q)", c.rep, !refused, c.want, out, reqs)
		}
	}
}

func TestOpeningPositionIsTheFirstBoard(t *testing.T) {
	// tafl match sends the opening as the rules' start, defenders to move.
	v, _ := tafl.Preset("copenhagen", "")
	g := tafl.NewGame(v)
	g.PlayText("d1-d3")
	r, _ := tafl.PresetRules("copenhagen", "")
	r.Start = g.Position().Record()
	r.First = tafl.Defenders
	out, reqs := session(t, "rules "+r.String()+"\nside defenders\nplay defenders\ngoodbye\n")
	if len(reqs) != 1 {
		t.Fatalf("requests %q (output %q)", reqs, out)
	}
	want := fmt.Sprintf("go 490 d %s 0", cells(g.Position()))
	if reqs[0] != want {
		t.Errorf("request %q, want %q", reqs[0], want)
	}
}

func TestClockSetsTheBudget(t *testing.T) {
	a := &adapter{side: tafl.Attackers, margin: 10 * time.Millisecond}
	a.readClock("250* 900* 0.25 1 1")
	if got := a.budget(); got != 240*time.Millisecond {
		t.Errorf("overtime budget %v, want 240ms", got)
	}
	a.side = tafl.Defenders
	a.readClock("60000 30000 0 0 0")
	if got := a.budget(); got != time.Second-10*time.Millisecond {
		t.Errorf("main-time budget %v, want 990ms (a thirtieth of 30 s)", got)
	}
}
