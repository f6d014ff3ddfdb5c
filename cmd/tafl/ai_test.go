package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/taflbot/taflbot/tafl"
)

func TestAIFindsWinInOne(t *testing.T) {
	// Brandubh, defenders to move: the king on a2 runs to the corner a1.
	const record = "/1t2t2/K6/7/7/7/4t1T/7/"
	out, errOut, code := runTafl(t, "", "ai", "-variant", "brandubh", "-position", record, "-side", "defenders", "-depth", "3", "-json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var r aiJSON
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("bad JSON %q: %v", out, err)
	}
	v, _ := tafl.Preset("brandubh", "")
	p, err := v.ParsePosition(record, tafl.Defenders)
	if err != nil {
		t.Fatal(err)
	}
	g := tafl.NewGameFrom(p)
	ply, err := g.PlayText(r.Move)
	if err != nil {
		t.Fatalf("move %q: %v", r.Move, err)
	}
	if ply.Outcome.Winner != tafl.Defenders {
		t.Errorf("move %s does not win: %+v", r.Move, ply.Outcome)
	}
	if r.Mate != 1 || r.Nodes <= 0 || len(r.PV) == 0 || r.PV[0] != r.Move {
		t.Errorf("result %+v: want mate 1, nodes, and a PV starting with the move", r)
	}
}

func TestAITextOutput(t *testing.T) {
	out, errOut, code := runTafl(t, "", "ai", "-variant", "tablut", "-moves", "e3-c3", "-depth", "2")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	fields := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		k, v, _ := strings.Cut(line, " ")
		fields[k] = v
	}
	for _, k := range []string{"move", "score", "depth", "seldepth", "nodes", "nps", "time", "pv"} {
		if _, ok := fields[k]; !ok {
			t.Errorf("no %q line in\n%s", k, out)
		}
	}
	if fields["depth"] != "2" {
		t.Errorf("depth %q, want 2", fields["depth"])
	}
	// The move is the attackers' (after the defenders' e3-c3) and legal.
	v, _ := tafl.Preset("tablut", "")
	g := tafl.NewGame(v)
	if _, err := g.PlayText("e3-c3"); err != nil {
		t.Fatal(err)
	}
	if _, err := g.PlayText(fields["move"]); err != nil {
		t.Errorf("engine move %q: %v", fields["move"], err)
	}
}

func TestAIErrors(t *testing.T) {
	for _, c := range []struct {
		name string
		args []string
		code int
		want string
	}{
		{"two limits", []string{"ai", "-level", "easy", "-depth", "3"}, 2, "only one of"},
		{"bad level", []string{"ai", "-level", "grandmaster"}, 2, "unknown level"},
		{"bad move", []string{"ai", "-moves", "a1-a2"}, 1, "move 1"},
		{"game over", []string{"ai", "-variant", "brandubh", "-position", "/K6/7/7/7/7/4t1T/7/", "-side", "attackers"}, 1, "game is over"},
		// A limit of 0 is refused, not taken as no limit given (the hard
		// level searched); so is an empty level, and two limits one of
		// which is 0.
		{"-depth 0", []string{"ai", "-variant", "brandubh", "-depth", "0"}, 2, "tafl ai: -time, -depth and -nodes must be positive\n"},
		{"-time 0s", []string{"ai", "-variant", "brandubh", "-time", "0s"}, 2, "tafl ai: -time, -depth and -nodes must be positive\n"},
		{"-nodes 0", []string{"ai", "-variant", "brandubh", "-nodes", "0"}, 2, "tafl ai: -time, -depth and -nodes must be positive\n"},
		{"empty level", []string{"ai", "-variant", "brandubh", "-level="}, 2, "unknown level"},
		{"-depth 0 and -level", []string{"ai", "-variant", "brandubh", "-depth", "0", "-level", "easy"}, 2, "only one of"},
		{"otep -nodes 0", []string{"otep", "-nodes", "0"}, 2, "tafl otep: -time, -depth and -nodes must be positive\n"},
	} {
		_, errOut, code := runTafl(t, "", c.args...)
		if code != c.code || !strings.Contains(errOut, c.want) {
			t.Errorf("%s: exit %d, stderr %q; want exit %d and %q", c.name, code, errOut, c.code, c.want)
		}
	}
}

// TestAISeedOnlyWithNoise: -seed drives only easy's and medium's random
// choices; with hard, max, -time, -depth or -nodes it changed nothing,
// without a word, and is refused as the other ignored flags are.
func TestAISeedOnlyWithNoise(t *testing.T) {
	const want = ": -seed goes with -level easy or medium (their random choices); hard, max, -time, -depth and -nodes choose the same move whatever the seed\n"
	for _, args := range [][]string{
		{"ai", "-variant", "brandubh", "-seed", "2"}, // hard, the default
		{"ai", "-variant", "brandubh", "-level", "hard", "-seed", "2"},
		{"ai", "-variant", "brandubh", "-level", "max", "-seed", "2"},
		{"ai", "-variant", "brandubh", "-depth", "2", "-seed", "2"},
		{"ai", "-variant", "brandubh", "-nodes", "1000", "-seed", "1"},
		{"ai", "-variant", "brandubh", "-time", "1s", "-seed", "2"},
		{"otep", "-level", "hard", "-seed", "2"},
		{"otep", "-nodes", "1000", "-seed", "2"},
	} {
		out, errOut, code := runTafl(t, "", args...)
		if code != 2 || out != "" || errOut != "tafl "+args[0]+want {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 and %q", args, code, out, errOut, "tafl "+args[0]+want)
		}
	}
	// With easy and medium the seed picks among the near-best moves.
	for _, level := range []string{"easy", "medium"} {
		if _, errOut, code := runTafl(t, "", "ai", "-variant", "brandubh", "-level", level, "-seed", "2"); code != 0 {
			t.Errorf("-level %s -seed 2: exit %d, %s", level, code, errOut)
		}
	}
}

// TestMovesFlagNamesTheMoveOnce: a bad move in -moves is named once, as
// tafl play names it (it read "move 1 (d1-d3): d1-d3: the path is
// blocked at d2", and "move 1 (zz): tafl: bad move \"zz\": …").
func TestMovesFlagNamesTheMoveOnce(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"ai", "-variant", "brandubh", "-moves", "d1-d3"}, "tafl ai: move 1 (d1-d3): the path is blocked at d2\n"},
		{[]string{"render", "-variant", "brandubh", "-o", "-", "-moves", "b4-b3 zz"}, "tafl render: move 2 (zz): a move starts with the square the piece leaves, such as d1 in d1-d4\n"},
		{[]string{"play", "-variant", "brandubh", "d1-d3"}, "tafl play: move 1 (d1-d3): the path is blocked at d2\n"},
	} {
		_, errOut, code := runTafl(t, "", c.args...)
		if code != 1 || errOut != c.want {
			t.Errorf("%v: exit %d, %q; want 1, %q", c.args, code, errOut, c.want)
		}
	}
}

// TestAIWeightsForAnotherFamily: weights given for a variant whose
// evaluation takes none say which variants take them (the message named
// Tunable, a Go function a user of tafl cannot see).
func TestAIWeightsForAnotherFamily(t *testing.T) {
	_, stderr, code := runTafl(t, "", "ai", "-variant", "brandubh", "-weights", "../../tafl/ai/weights_corner11.json", "-depth", "1")
	if code == 0 || !strings.Contains(stderr, "copenhagen, fetlar, cyning-taefl") || strings.Contains(stderr, "Tunable") {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
}

// TestAIWeightsFileNotWeights: a -weights file that is no weights said
// "weights: EOF" when empty, "weights for board size , not 11" for an
// object without a size, and named Go's types for JSON that is no
// object; each says what the file is and what weights look like.
func TestAIWeightsFileNotWeights(t *testing.T) {
	dir := t.TempDir()
	const hint = `: give weights as tafl tune writes them, {"size": 11, …}` + "\n"
	for _, c := range []struct{ body, want string }{
		{"", "weights: the file is empty" + hint},
		{"  \n", "weights: the file is empty" + hint},
		{"[1, 2]", "weights: the file is not a JSON object of weights" + hint},
		{"root:x:0:0", "weights: the file is not a JSON object of weights (invalid character 'r' looking for beginning of value)" + hint},
		{`{"attacker": 100}`, `weights: no "size": weights as tafl tune writes them start {"size": 11, …}` + "\n"},
		{`{"size": 9}`, "weights for board size 9, not 11\n"},
	} {
		file := filepath.Join(dir, "w.json")
		if err := os.WriteFile(file, []byte(c.body), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, cmd := range []string{"ai", "otep"} {
			out, errOut, code := runTafl(t, "", cmd, "-weights", file, "-depth", "1")
			if want := "tafl " + cmd + ": " + file + ": " + c.want; code != 1 || out != "" || errOut != want {
				t.Errorf("%s -weights %q: exit %d, stdout %q, stderr %q; want exit 1 and %q", cmd, c.body, code, out, errOut, want)
			}
		}
	}
}
