package main

import (
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/taflbot/taflbot/tafl"
)

func brandubh(t *testing.T) *tafl.Variant {
	t.Helper()
	v, err := tafl.Preset("brandubh", "")
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// TestOTEPCommand: `tafl otep` serves the engine on stdin/stdout with the
// flags' limits (package otep tests the protocol itself). At the end of
// its input it finishes the search under way and exits.
func TestOTEPCommand(t *testing.T) {
	v := brandubh(t)
	out, errOut, code := runTafl(t, "rules "+v.RulesString()+"\nclock 60000 60000 0 0 0\nplay attackers\n", "otep", "-depth", "2")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) < 2 || lines[0] != "hello" || !strings.HasPrefix(lines[1], "move ") {
		t.Fatalf("output:\n%s", out)
	}
	if _, err := tafl.NewGame(v).PlayText(strings.TrimPrefix(lines[1], "move ")); err != nil {
		t.Errorf("the engine's move: %v", err)
	}
	if len(lines) < 3 || !strings.HasPrefix(lines[2], "status depth 2 ") {
		t.Errorf("no status line after the move:\n%s", out)
	}
	if _, errOut, code := runTafl(t, "", "otep", "-depth", "2", "-level", "hard"); code != 2 || !strings.Contains(errOut, "only one of") {
		t.Errorf("two budgets: exit %d, %q", code, errOut)
	}
	for _, args := range [][]string{{"-attackers-nodes", "5"}, {"-nodes", "5", "-attackers-nodes", "-1"}} {
		if _, errOut, code := runTafl(t, "", append([]string{"otep"}, args...)...); code != 2 || !strings.Contains(errOut, "-attackers-nodes needs -nodes") {
			t.Errorf("otep %v: exit %d, %q", args, code, errOut)
		}
	}
	// -threads is checked as tafl ai checks it (0 and -4 were taken for
	// one thread, 100000 searched with 100000 goroutines); the engine
	// does not start.
	for _, n := range []string{"0", "-4", "257", "100000"} {
		if out, errOut, code := runTafl(t, "rules "+v.RulesString()+"\nplay attackers\n", "otep", "-depth", "1", "-threads", n); code != 2 || out != "" || !strings.Contains(errOut, "-threads must be from 1 to 256") {
			t.Errorf("otep -threads %s: exit %d, stdout %q, stderr %q", n, code, out, errOut)
		}
	}
	// With -attackers-nodes the engine plays the attackers with that budget.
	out, errOut, code = runTafl(t, "rules "+v.RulesString()+"\nplay attackers\n", "otep", "-nodes", "300", "-attackers-nodes", "20000")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if f := strings.Fields(out); !strings.Contains(out, "status ") || !nodesAtLeast(f, 20000) {
		t.Errorf("-attackers-nodes 20000 as attackers:\n%s", out)
	}
}

// A -weights file that fits no variant is refused at the start (it was
// read, then ignored game by game with a warning on stderr, which tafl
// match does not show); weights that fit some variant are served.
func TestOTEPWeightsChecked(t *testing.T) {
	bad := t.TempDir() + "/bad.json"
	if err := os.WriteFile(bad, []byte(`{"size":11,"materail":1}`), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := runTafl(t, "", "otep", "-weights", bad)
	if code != 1 || out != "" || !strings.Contains(errOut, "tafl otep: "+bad+": weights: ") {
		t.Errorf("bad weights: exit %d, stdout %q, stderr %q; want exit 1 naming the file", code, out, errOut)
	}
	v := brandubh(t)
	out, errOut, code = runTafl(t, "rules "+v.RulesString()+"\nplay attackers\n", "otep", "-depth", "1", "-weights", "../../tafl/ai/weights_corner11.json")
	if code != 0 || !strings.Contains(out, "\nmove ") {
		t.Errorf("good weights, a game they do not fit: exit %d, %q, %q", code, out, errOut)
	}
}

// nodesAtLeast reports whether the status fields say "nodes N" with N >= n.
func nodesAtLeast(f []string, n int) bool {
	for i := 0; i+1 < len(f); i++ {
		if f[i] == "nodes" {
			v, err := strconv.Atoi(f[i+1])
			return err == nil && v >= n
		}
	}
	return false
}
