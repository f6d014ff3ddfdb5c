package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/taflbot/taflbot/analysis"
	"github.com/taflbot/taflbot/tafl"
)

// tafl analyse -json gives each move's side and class by name as well as
// by number (the numbers are the stored report's, documented in
// docs/ANALYSIS.md: kept as they were).
func TestAnalyseJSONNames(t *testing.T) {
	// Brandubh: the defenders' d3-d2 throws away the king's escape to
	// a7, and the attackers capture him.
	out, errOut, code := runTafl(t, "", "analyse", "-variant", "brandubh", "-position", "/7/7/1t1T3/7/7/7/2Kt3/", "-side", "defenders",
		"-moves", "d3-d2 b3-b7", "-nodes", "20000", "-json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var r struct {
		Variant string `json:"variant"`
		Turning []int  `json:"turning"`
		Moves   []struct {
			Move      string         `json:"move"`
			Side      tafl.Side      `json:"side"`
			SideName  string         `json:"side_name"`
			Class     analysis.Class `json:"class"`
			ClassName string         `json:"class_name"`
		} `json:"moves"`
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("bad JSON %q: %v", out, err)
	}
	if len(r.Moves) != 2 || r.Variant != "brandubh" || len(r.Turning) != 1 {
		t.Fatalf("report %s", out)
	}
	m, a := r.Moves[0], r.Moves[1]
	if m.Move != "d3-d2" || m.Side != tafl.Defenders || m.SideName != "defenders" || m.Class != analysis.Blunder || m.ClassName != "blunder" {
		t.Errorf("move 1: %+v, want the defenders' (2) blunder (3) by name too", m)
	}
	if a.Move != "b3-b7" || a.Side != tafl.Attackers || a.SideName != "attackers" || a.Class != analysis.NoClass || a.ClassName != "none" {
		t.Errorf("move 2: %+v, want the attackers' (1) move with no class (0, \"none\")", a)
	}
}

// TestAnalyseOutputsCheckedFirst: a -graph, -board or -text file that
// cannot be written is refused before the review, and no other file is
// written; the review ran, the graph was written and only then did the
// board or text fail ("open …: no such file or directory").
func TestAnalyseOutputsCheckedFirst(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "no", "dir", "out")
	graph := filepath.Join(dir, "g.png")
	game := []string{"analyse", "-variant", "brandubh", "-position", "/7/7/1t1T3/7/7/7/2Kt3/", "-side", "defenders",
		"-moves", "d3-d2 b3-b7", "-nodes", "2000"}
	for _, flags := range [][]string{
		{"-graph", missing},
		{"-graph", graph, "-board", missing},
		{"-graph", graph, "-text", missing, "-json"},
	} {
		stdout, errOut, code := runTafl(t, "", append(game, flags...)...)
		if want := "tafl analyse: open " + missing + ": no such file or directory\n"; code != 1 || stdout != "" || errOut != want {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 1 and only %q", flags, code, stdout, errOut, want)
		}
		if _, err := os.Stat(graph); !os.IsNotExist(err) {
			t.Errorf("%v: the graph was written before the failure (%v)", flags, err)
			os.Remove(graph)
		}
	}
	// With the folder there, the same review writes every file.
	if err := os.MkdirAll(filepath.Dir(missing), 0o755); err != nil {
		t.Fatal(err)
	}
	if _, errOut, code := runTafl(t, "", append(game, "-graph", graph, "-text", missing)...); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, f := range []string{graph, missing} {
		if fi, err := os.Stat(f); err != nil || fi.Size() == 0 {
			t.Errorf("%s not written: %v", f, err)
		}
	}
}

// TestAnalyseBoardWithoutAMistake: -board on a game where no move lost
// anything writes no board and says so, and the review is written and
// printed all the same; the review ran (seconds to minutes) and then
// failed with "no move lost anything: there is no mistake to draw
// (-board)", the -text file not written and nothing printed.
func TestAnalyseBoardWithoutAMistake(t *testing.T) {
	dir := t.TempDir()
	board, text := filepath.Join(dir, "b.png"), filepath.Join(dir, "r.txt")
	stdout, errOut, code := runTafl(t, "", "analyse", "-variant", "brandubh", "-moves", "d1-c1 d3-b3", "-nodes", "500",
		"-board", board, "-text", text)
	if code != 0 || !strings.Contains(stdout, "no move lost more than 2 points of win chance") {
		t.Fatalf("exit %d, stdout %q, stderr %q; want exit 0 and the review", code, stdout, errOut)
	}
	if want := "no board written (-board " + board + "): no move lost anything, so there is no mistake to draw\n"; errOut != want {
		t.Errorf("stderr %q, want %q", errOut, want)
	}
	if _, err := os.Stat(board); !os.IsNotExist(err) {
		t.Errorf("a board was written (%v)", err)
	}
	if fi, err := os.Stat(text); err != nil || fi.Size() == 0 {
		t.Errorf("the review's text not written: %v", err)
	}
}
