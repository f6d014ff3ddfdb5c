package main

import (
	"strings"
	"testing"

	"github.com/taflbot/taflbot/tafl"
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
		"clock 60 60 0 0 0",
		"opponent-move d2-b2 " + g.Position().Record(),
		"play defenders",
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
	if len(lines) != 4 {
		t.Fatalf("want hello, error, move, analysis; got:\n%s\nstderr: %s", out, errOut)
	}
	if lines[0] != "hello" || lines[1] != "error 0" {
		t.Errorf("first lines %q, %q: want hello and error 0 (bad rules)", lines[0], lines[1])
	}
	mv, ok := strings.CutPrefix(lines[2], "move ")
	if !ok {
		t.Fatalf("third line %q is not a move", lines[2])
	}
	if _, err := g.PlayText(mv); err != nil {
		t.Errorf("engine move %q is not legal for the defenders after d2-b2: %v", mv, err)
	}
	// analysis 1 <pv joined by |> <score>: the PV must be playable from
	// the position after the engine's move.
	f := strings.Fields(lines[3])
	if len(f) != 4 || f[0] != "analysis" || f[1] != "1" {
		t.Fatalf("analysis line %q", lines[3])
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
	lines := strings.Split(strings.TrimSpace(out), "\n")
	mv, ok := strings.CutPrefix(lines[len(lines)-1], "move ")
	if !ok {
		t.Fatalf("no move in\n%s", out)
	}
	if _, err := g.PlayText(mv); err != nil {
		t.Errorf("move %q is not legal in the host's position: %v", mv, err)
	}
}
