package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/taflbot/taflbot/match"
	"github.com/taflbot/taflbot/tafl"
)

// TestOpenings checks tafl openings against its own test-game records:
// every kept opening is the position its listed moves reach, each side
// won one of its four games, every candidate passed over had a side win
// none, the file reads back as tafl match openings, and the output does
// not depend on the concurrency.
func TestOpenings(t *testing.T) {
	dir := t.TempDir()
	args := []string{"openings", "-variant", "brandubh", "-count", "3", "-nodes", "2000", "-out", dir}
	out, errOut, code := runTafl(t, "", append(args, "-concurrency", "2")...)
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errOut, out)
	}
	v, err := tafl.Preset("brandubh", "")
	if err != nil {
		t.Fatal(err)
	}
	// Test games by candidate: attacker and defender wins, from the records.
	wins := map[int][3]int{}
	files, _ := filepath.Glob(filepath.Join(dir, "candidate-*", "game-*.otg"))
	nameRE := regexp.MustCompile(`candidate-(\d+)/game-\d+\.otg$`)
	for _, f := range files {
		g, _ := readRecord(t, f)
		n, _ := strconv.Atoi(nameRE.FindStringSubmatch(f)[1])
		w := wins[n]
		if o := g.Outcome(); o.Over() && o.Winner != tafl.NoSide {
			w[o.Winner]++
		}
		wins[n] = w
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	headRE := regexp.MustCompile(`^# candidate (\d+): (.*) \(attacker wins (\d), defender wins (\d)\)$`)
	kept := map[int]bool{}
	last := 0
	for i := 1; i < len(lines); i += 2 {
		m := headRE.FindStringSubmatch(lines[i])
		if m == nil || i+1 >= len(lines) {
			t.Fatalf("line %d: %q, want a candidate comment and a position", i+1, lines[i])
		}
		n, _ := strconv.Atoi(m[1])
		kept[n], last = true, n
		g := tafl.NewGame(v)
		for _, mv := range strings.Fields(m[2]) {
			if _, err := g.PlayText(mv); err != nil {
				t.Fatalf("candidate %d: %v", n, err)
			}
		}
		if got, want := lines[i+1], g.Position().String(); got != want {
			t.Errorf("candidate %d: position %q, its moves reach %q", n, got, want)
		}
		w := wins[n]
		if w[tafl.Attackers] == 0 || w[tafl.Defenders] == 0 || strconv.Itoa(w[tafl.Attackers]) != m[3] || strconv.Itoa(w[tafl.Defenders]) != m[4] {
			t.Errorf("candidate %d kept with records showing %d attacker and %d defender wins (line: %s)", n, w[tafl.Attackers], w[tafl.Defenders], lines[i])
		}
	}
	if len(kept) != 3 {
		t.Fatalf("%d openings kept, want 3:\n%s", len(kept), out)
	}
	rejected := 0
	for n := 1; n < last; n++ {
		if w := wins[n]; !kept[n] {
			if w[tafl.Attackers] > 0 && w[tafl.Defenders] > 0 {
				t.Errorf("candidate %d passed over though each side won (%v)", n, w)
			}
			rejected++
		}
	}
	t.Logf("%d candidates passed over before the last kept one", rejected)

	file := filepath.Join(dir, "openings.txt")
	if err := os.WriteFile(file, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	if ops, err := match.ReadOpenings(v, file); err != nil || len(ops) != 3 {
		t.Errorf("match.ReadOpenings: %d openings, %v", len(ops), err)
	}
	// Other batch sizes (4 and 12 candidates), the same file, header
	// included.
	for _, c := range []string{"1", "3"} {
		out1, _, code := runTafl(t, "", append(args[:len(args)-2], "-concurrency", c)...)
		if code != 0 || out1 != out {
			t.Errorf("with %s workers (exit %d):\n%s\nwith two:\n%s", c, code, out1, out)
		}
	}
}

func TestOpeningsBadInput(t *testing.T) {
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"-count", "0"}, 2, "-count"},
		{[]string{"-count", "5", "-tries", "2"}, 2, "-tries"},
		{[]string{"-nodes", "-1"}, 2, "-nodes"},
		{[]string{"-variant", "nosuch"}, 2, "nosuch"},
		{[]string{"extra"}, 2, "no arguments"},
		// Too few tries to find the openings asked for.
		{[]string{"-variant", "brandubh", "-count", "2", "-tries", "2", "-nodes", "500", "-position", "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/"}, 1, "raise -tries"},
	} {
		_, errOut, code := runTafl(t, "", append([]string{"openings"}, c.args...)...)
		if code != c.code || !strings.Contains(errOut, c.want) {
			t.Errorf("openings %v: exit %d, stderr %q; want exit %d mentioning %q", c.args, code, errOut, c.code, c.want)
		}
	}
}

// TestOpeningsFromACorpus: with -corpus the candidates are the corpus
// games' first -plies moves, in the corpus's order, each position once
// (a game that reaches a position already listed, or ends within the
// plies, is passed over).
func TestOpeningsFromACorpus(t *testing.T) {
	corpus := filepath.Join(t.TempDir(), "games.csv")
	text := "moves,attacker_captures,defender_captures,status\n" +
		"d1-d3 f4-c4 a4-b4 f5-f4 h1-h3,0,0,White\n" + // 4 plies: d1-d3 f4-c4 a4-b4 f5-f4
		"d1-d3 f4-c4 a4-b4 f5-f4 k4-k3,0,0,Black\n" + // the same opening: passed over
		"h1-h3 f8-i8 f10-i10 d6-d3,0,0,Ongoing\n" + // unfinished: not in the corpus reader's games
		"h1-h3 f8-i8,0,0,White\n" + // too short
		"b6-b3 d6-d3 f2-c2 e6-c6 j6-j3,0,0,Black\n"
	if err := os.WriteFile(corpus, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	// The first run's corpus has two games more, with moves the rules
	// refuse: one cut short (its opening is the first game's), one left
	// out. They were cut silently; stderr says so.
	cutCorpus := filepath.Join(t.TempDir(), "games.csv")
	text += "d1-d3 f4-c4 a4-b4 f5-f4 a1-a2,0,0,White\n" + // cut at a1-a2 (no piece)
		"a1-a2 d1-d3,0,0,Black\n" // refused at once
	if err := os.WriteFile(cutCorpus, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	out, errOut, code := runTafl(t, "", "openings", "-variant", "copenhagen", "-corpus", cutCorpus, "-plies", "4",
		"-count", "2", "-nodes", "1", "-maxplies", "2", "-concurrency", "1", "-out", dir)
	for _, want := range []string{
		"corpus " + cutCorpus + ": line 7: move 5 of 5, a1-a2, refused (there is no piece on a1): the game is kept up to move 4, with its recorded result\n",
		"corpus " + cutCorpus + ": line 8: move 1 of 2, a1-a2, refused (there is no piece on a1): no move is left, the game is left out\n",
		"corpus " + cutCorpus + ": 5 games; 1 game cut short, 1 left out at a move the rules refuse, listed above\n",
	} {
		if !strings.Contains(errOut, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errOut)
		}
	}
	// With one node a move and two plies a game every test game is a
	// draw: no candidate is balanced, and the error says how many were
	// tried — the two distinct openings of the corpus.
	if code != 1 || !strings.Contains(errOut, "2 candidates tried, only 0 balanced") {
		t.Fatalf("exit %d: %s\n%s", code, errOut, out)
	}
	if !strings.Contains(out, "0 of 2 corpus (games.csv) 4-ply openings kept") {
		t.Errorf("header: %q", out)
	}
	// The test games start where the two distinct openings lead.
	v, _ := tafl.Preset("copenhagen", "")
	for i, moves := range []string{"d1-d3 f4-c4 a4-b4 f5-f4", "b6-b3 d6-d3 f2-c2 e6-c6"} {
		g := tafl.NewGame(v)
		for _, m := range strings.Fields(moves) {
			g.PlayText(m)
		}
		rec, _ := readRecord(t, filepath.Join(dir, fmt.Sprintf("candidate-%04d", i+1), "game-0001.otg"))
		if got := rec.Start().Record(); got != g.Position().Record() {
			t.Errorf("candidate %d starts at %s, want %s (after %s)", i+1, got, g.Position().Record(), moves)
		}
	}
	// The same -out again: the earlier run's candidate folders would be
	// written over game by game; it is refused, changing nothing, and
	// -force replaces them.
	again := []string{"openings", "-variant", "copenhagen", "-corpus", corpus, "-plies", "4", "-count", "1", "-nodes", "1", "-maxplies", "2", "-concurrency", "1", "-out", dir}
	earlier, _ := os.ReadFile(filepath.Join(dir, "candidate-0002", "game-0001.otg"))
	if out, errOut, code := runTafl(t, "", again...); code != 1 || out != "" ||
		errOut != "tafl openings: -out "+dir+" holds 2 candidate folders of an earlier run (candidate-0001, …), which this one would overwrite: give a new or empty folder, or -force to replace them\n" {
		t.Errorf("-out of an earlier run: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	if now, err := os.ReadFile(filepath.Join(dir, "candidate-0002", "game-0001.otg")); err != nil || string(now) != string(earlier) {
		t.Errorf("the refused run changed candidate-0002: %v", err)
	}
	if _, errOut, code := runTafl(t, "", append(again, "-force", "-tries", "1")...); code != 1 || !strings.Contains(errOut, "1 candidate tried, only 0 balanced") {
		t.Errorf("-force: exit %d, %q", code, errOut)
	}
	if _, err := os.Stat(filepath.Join(dir, "candidate-0002")); !os.IsNotExist(err) {
		t.Errorf("-force left the earlier run's candidate-0002 (%v)", err)
	}
	if _, errOut, code := runTafl(t, "", "openings", "-force"); code != 2 || !strings.Contains(errOut, "-force goes with -out") {
		t.Errorf("-force alone: exit %d, %q", code, errOut)
	}
	if _, errOut, code := runTafl(t, "", "openings", "-variant", "copenhagen", "-corpus", corpus, "-plies", "4", "-count", "3"); code != 1 || !strings.Contains(errOut, "has 2 distinct 4-ply openings, fewer than -count 3") {
		t.Errorf("too few openings: exit %d, %q", code, errOut)
	}
	// -seed picks random walks: with -corpus it was ignored.
	if out, errOut, code := runTafl(t, "", "openings", "-variant", "copenhagen", "-corpus", corpus, "-plies", "4", "-count", "2", "-seed", "7"); code != 2 || out != "" ||
		errOut != "tafl openings: -seed does not go with -corpus: the candidates are the corpus games' openings in the corpus's order, not seeded random walks\n" {
		t.Errorf("-seed with -corpus: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	if _, errOut, code := runTafl(t, "", "openings", "-variant", "brandubh", "-corpus", corpus); code != 1 || errOut == "" {
		t.Errorf("a copenhagen corpus for brandubh: exit %d, %q", code, errOut)
	}
}
