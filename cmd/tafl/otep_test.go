package main

import (
	"strings"
	"testing"
	"time"

	"github.com/taflbot/taflbot/tafl"
	"github.com/taflbot/taflbot/tafl/ai"
)

func TestOTEPSession(t *testing.T) {
	v, err := tafl.Preset("brandubh", "")
	if err != nil {
		t.Fatal(err)
	}
	g := tafl.NewGame(v)
	if _, err := g.PlayText("d2-b2"); err != nil {
		t.Fatal(err)
	}
	script := strings.Join([]string{
		"rules dim:7 esc:x start:/7/", // not a valid rules string
		"rules " + v.RulesString(),
		"side defenders",
		"clock 60000 60000 0 0 0",
		"opponent-move d2-b2 " + g.Position().Record(),
		"play defenders",
		"bogus-command",
		"analyze 1 0.05",
		"finish 1",
		"goodbye",
		"play attackers", // after goodbye: never answered
	}, "\n") + "\n"
	out, errOut, code := runTafl(t, script, "otep", "-depth", "2")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 5 {
		t.Fatalf("want hello, error, move, status, analysis; got:\n%s\nstderr: %s", out, errOut)
	}
	// Unsupported rules are a critical error (-1) with a reason.
	if lines[0] != "hello" || !strings.HasPrefix(lines[1], "error -1 rules not supported") {
		t.Errorf("first lines %q, %q: want hello and error -1 (bad rules)", lines[0], lines[1])
	}
	mv, ok := strings.CutPrefix(lines[2], "move ")
	if !ok {
		t.Fatalf("third line %q is not a move", lines[2])
	}
	if _, err := g.PlayText(mv); err != nil {
		t.Errorf("engine move %q is not legal for the defenders after d2-b2: %v", mv, err)
	}
	if !strings.HasPrefix(lines[3], "status depth 2 ") {
		t.Errorf("status line %q", lines[3])
	}
	if !strings.Contains(errOut, "bogus-command") {
		t.Errorf("the unknown command was not reported on stderr: %s", errOut)
	}
	// analysis 1 <pv joined by |> <score>: the PV must be playable from
	// the position after the engine's move.
	f := strings.Fields(lines[4])
	if len(f) != 4 || f[0] != "analysis" || f[1] != "1" {
		t.Fatalf("analysis line %q", lines[4])
	}
	a := g.Clone()
	for _, m := range strings.Split(f[2], "|") {
		if _, err := a.PlayText(m); err != nil {
			t.Errorf("analysis PV move %q: %v", m, err)
			break
		}
	}
}

func TestOTEPResyncsFromPosition(t *testing.T) {
	v, _ := tafl.Preset("brandubh", "")
	// The host sends a move the engine cannot play (wrong piece) with the
	// true position: the engine must follow the position.
	g := tafl.NewGame(v)
	g.PlayText("d6-f6")
	script := "rules " + v.RulesString() + "\nside defenders\nopponent-move a1-a2 " + g.Position().Record() + "\nplay defenders\ngoodbye\n"
	out, _, code := runTafl(t, script, "otep", "-depth", "1")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	var mv string
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		if m, ok := strings.CutPrefix(l, "move "); ok {
			mv = m
		}
	}
	if mv == "" {
		t.Fatalf("no move in\n%s", out)
	}
	if _, err := g.PlayText(mv); err != nil {
		t.Errorf("move %q is not legal in the host's position: %v", mv, err)
	}
}

// TestOTEPClockBudget: the clock gives milliseconds; "*" marks time left
// in an overtime period; the budget is a thirtieth of the main time, or
// most of an overtime period, and never more than the flags allow.
func TestOTEPClockBudget(t *testing.T) {
	for _, tc := range []struct {
		clock string
		side  tafl.Side
		flags time.Duration
		want  time.Duration
	}{
		{"60000 90000", tafl.Attackers, 0, 2 * time.Second},
		{"60000 90000", tafl.Defenders, 0, 3 * time.Second},
		{"60000 90000 10 3 3", tafl.Attackers, 0, 7 * time.Second}, // a period beats main/30
		{"5000* 600000 10 2 2", tafl.Attackers, 0, 3500 * time.Millisecond},
		{"600000 600000", tafl.Attackers, time.Second, time.Second}, // the flags cap it
		{"-1 -1", tafl.Attackers, 0, 0},                             // untimed: the flags' limits
		{"soon later", tafl.Attackers, 0, 0},                        // bad: ignored
	} {
		var log strings.Builder
		e := &otepEngine{out: &strings.Builder{}, log: &log, lim: ai.Limits{Time: tc.flags}}
		e.setClock(tc.clock)
		want := tc.want
		if want == 0 {
			want = tc.flags
		}
		if got := e.limits(tc.side).Time; got != want {
			t.Errorf("clock %q, %s: budget %v, want %v", tc.clock, tc.side, got, want)
		}
		if tc.clock == "soon later" && !strings.Contains(log.String(), "bad clock") {
			t.Errorf("a bad clock was not reported: %q", log.String())
		}
	}
}

// TestOTEPMoveListAndConfirmation: opponent-move may carry a move list
// joined by "|"; the host's "move <position>" after our move is followed.
func TestOTEPMoveListAndConfirmation(t *testing.T) {
	v, _ := tafl.Preset("brandubh", "")
	g := tafl.NewGame(v)
	g.PlayText("d2-b2")
	g.PlayText("d3-b3")
	// The host confirms a different position (a defender on f5 instead
	// of d5): the engine must follow it.
	h := tafl.NewGame(v)
	h.PlayText("d2-b2")
	h.PlayText("d5-f5")
	e := &otepEngine{out: &strings.Builder{}, log: &strings.Builder{}}
	e.rules(v.RulesString())
	e.opponentMove("d2-b2|d3-b3 " + g.Position().Record())
	if e.g.Len() != 2 || e.g.Position().Record() != g.Position().Record() {
		t.Fatalf("after a two-move list: %d plies, %s", e.g.Len(), e.g.Position().Record())
	}
	e.confirmed(h.Position().Record())
	if e.g.Position().Record() != h.Position().Record() {
		t.Errorf("the host's confirmed position was not followed: %s", e.g.Position().Record())
	}
}
