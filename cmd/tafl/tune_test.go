package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/taflbot/taflbot/tafl"
	"github.com/taflbot/taflbot/tafl/ai"
)

// testdata/tune holds twelve copenhagen games of the engine against
// itself at unequal depths (6 random plies, then depth 3 against 1 or 1
// against 2): six attacker and six defender wins.

// An -o file that cannot be written is refused before the run, not
// after it (the fit, or hours of mining, were lost); an existing file is
// left as it was until the result is written, and no file is left behind.
func TestOutputCheckedFirst(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "no-such-folder", "out")
	for _, args := range [][]string{
		{"tune", "-o", missing, "testdata/tune"},
		{"puzzles", "-variant", "brandubh", "-selfplay", "1", "-nodes", "1000", "-max-moves", "1", "-o", missing},
	} {
		_, errOut, code := runTafl(t, "", args...)
		if want := "tafl " + args[0] + ": open " + missing + ": no such file or directory\n"; code != 1 || errOut != want {
			t.Errorf("%s: exit %d, stderr %q; want exit 1 and only %q (nothing fitted or mined)", args[0], code, errOut, want)
		}
	}
	// A writable path is not created by the check (a run that fails
	// leaves nothing), nor is an existing file changed by it.
	fresh := filepath.Join(dir, "fresh.json")
	if err := checkOutput(fresh); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(fresh); !os.IsNotExist(err) {
		t.Errorf("the check left %s behind: %v", fresh, err)
	}
	old := filepath.Join(dir, "old.json")
	if err := os.WriteFile(old, []byte("kept"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := checkOutput(old); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(old); string(data) != "kept" {
		t.Errorf("the check changed an existing file: %q", data)
	}
}

// lossFell checks tafl tune's report: the fit lowered the mean log-loss.
func lossFell(t *testing.T, report string) {
	t.Helper()
	m := regexp.MustCompile(`mean log-loss ([0-9.]+) before, ([0-9.]+) after`).FindStringSubmatch(report)
	if m == nil {
		t.Fatalf("report: %s", report)
	}
	before, _ := strconv.ParseFloat(m[1], 64)
	after, _ := strconv.ParseFloat(m[2], 64)
	if !(after < before) {
		t.Errorf("the fit did not lower the loss: %v → %v", before, after)
	}
}

func TestTune(t *testing.T) {
	out := filepath.Join(t.TempDir(), "w.json")
	stdout, stderr, code := runTafl(t, "", "tune", "-o", out, "testdata/tune")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if stdout != "" {
		t.Errorf("stdout with -o: %q", stdout)
	}
	if !strings.Contains(stderr, "12 games (attackers won 6, drew 0, lost 6)") {
		t.Fatalf("report: %s", stderr)
	}
	lossFell(t, stderr)
	v, _ := tafl.Preset("copenhagen", "")
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	w, err := ai.ParseWeights(v, data)
	if err != nil {
		t.Fatalf("the written weights do not read back: %v", err)
	}
	def, _ := ai.DefaultWeights(v)
	changed := 0
	for i, x := range w.Vector() {
		if x != def.Vector()[i] {
			changed++
		}
	}
	if changed == 0 {
		t.Error("the fit changed no weight")
	}
	// The written weights drive tafl ai; the built-in ones as a file
	// search exactly as none (the defenders to move: without -weights the
	// attackers evaluate with their own, see ai.Limits.AttackerWeights).
	if _, errOut, code := runTafl(t, "", "ai", "-depth", "2", "-weights", out); code != 0 {
		t.Errorf("tafl ai -weights: exit %d: %s", code, errOut)
	}
	defFile := filepath.Join(t.TempDir(), "def.json")
	b, _ := def.MarshalJSON()
	os.WriteFile(defFile, b, 0o600)
	a1, _, _ := runTafl(t, "", "ai", "-depth", "3", "-moves", "d1-d3")
	a2, _, _ := runTafl(t, "", "ai", "-depth", "3", "-moves", "d1-d3", "-weights", defFile)
	if strip(a1) != strip(a2) {
		t.Errorf("built-in weights from a file search differently:\n%s\n%s", a1, a2)
	}
	// Starting from other weights, and pulled hard toward them, the fit
	// stays near them.
	out2 := filepath.Join(t.TempDir(), "w2.json")
	if _, errOut, code := runTafl(t, "", "tune", "-weights", out, "-l2", "100", "-o", out2, "testdata/tune"); code != 0 {
		t.Fatalf("tune -weights: exit %d: %s", code, errOut)
	}
	data2, _ := os.ReadFile(out2)
	w2, err := ai.ParseWeights(v, data2)
	if err != nil {
		t.Fatal(err)
	}
	for i, x := range w2.Vector() {
		if d := x - w.Vector()[i]; d > 3 || d < -3 {
			t.Errorf("weight %s moved from %v to %v under a strong pull", ai.FeatureNames(v)[i], w.Vector()[i], x)
		}
	}
}

// strip drops the lines of tafl ai's output that depend on the clock.
func strip(s string) string {
	var keep []string
	for _, l := range strings.Split(s, "\n") {
		if !strings.HasPrefix(l, "nps ") && !strings.HasPrefix(l, "time ") {
			keep = append(keep, l)
		}
	}
	return strings.Join(keep, "\n")
}

// TestTuneOnly: -only fits the named weights and keeps every other.
func TestTuneOnly(t *testing.T) {
	out := filepath.Join(t.TempDir(), "w.json")
	if _, errOut, code := runTafl(t, "", "tune", "-only", "pstK,kingFree", "-o", out, "testdata/tune"); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	v, _ := tafl.Preset("copenhagen", "")
	data, _ := os.ReadFile(out)
	w, err := ai.ParseWeights(v, data)
	if err != nil {
		t.Fatal(err)
	}
	def, _ := ai.DefaultWeights(v)
	changed := 0
	for i, name := range ai.FeatureNames(v) {
		x, y := def.Vector()[i], w.Vector()[i]
		free := strings.HasPrefix(name, "pstK") || name == "kingFree"
		if !free && x != y {
			t.Errorf("%s changed from %v to %v", name, x, y)
		}
		if free && x != y {
			changed++
		}
	}
	if changed == 0 {
		t.Error("no free weight changed")
	}
	if _, errOut, code := runTafl(t, "", "tune", "-only", "nothing", "testdata/tune"); code != 2 || !strings.Contains(errOut, "names no weight") {
		t.Errorf("-only nothing: exit %d, %q", code, errOut)
	}
}

// TestTuneAttackers: -attackers fits the attackers' own seals and cordon
// (ai.AttackerFeatures) and keeps every other weight of their set; the
// written set reads back with its cordon.
func TestTuneAttackers(t *testing.T) {
	out := filepath.Join(t.TempDir(), "att.json")
	_, errOut, code := runTafl(t, "", "tune", "-attackers", "-o", out, "testdata/tune")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	lossFell(t, errOut)
	v, _ := tafl.Preset("copenhagen", "")
	data, _ := os.ReadFile(out)
	if !strings.Contains(string(data), `"shrinkSeal": 1`) {
		t.Errorf("the attackers' set was written without its cordon:\n%s", data)
	}
	w, err := ai.ParseWeights(v, data)
	if err != nil {
		t.Fatal(err)
	}
	def, _ := ai.DefaultAttackerWeights(v)
	changed := 0
	for i, name := range ai.ParamNames(v) {
		x, y := def.Params()[i], w.Params()[i]
		free := strings.HasPrefix(name, "seal.") || strings.HasPrefix(name, "shrink")
		if !free && x != y {
			t.Errorf("%s changed from %v to %v: only the seals and the cordon are the attackers' own", name, x, y)
		}
		if free && x != y {
			changed++
		}
	}
	if changed == 0 {
		t.Error("none of the attackers' seals and cordon weights changed")
	}
	// -only picks among the attackers' weights, the cordon's among them.
	out2 := filepath.Join(t.TempDir(), "edge.json")
	if _, errOut, code := runTafl(t, "", "tune", "-attackers", "-only", "shrinkEdge", "-o", out2, "testdata/tune"); code != 0 {
		t.Fatalf("-only shrinkEdge: exit %d: %s", code, errOut)
	}
	data, _ = os.ReadFile(out2)
	w2, err := ai.ParseWeights(v, data)
	if err != nil {
		t.Fatal(err)
	}
	for i, name := range ai.ParamNames(v) {
		if x, y := def.Params()[i], w2.Params()[i]; name != "shrinkEdge" && x != y {
			t.Errorf("-only shrinkEdge: %s changed from %v to %v", name, x, y)
		}
	}
}

// TestTuneCorpusCuts: a corpus game cut short at a move the rules refuse
// is said on stderr, with its line, the move and why (it was cut
// silently).
func TestTuneCorpusCuts(t *testing.T) {
	corpus := filepath.Join(t.TempDir(), "games.csv")
	text := "moves,attacker_captures,defender_captures,status\n" +
		"d1-d3 f4-c4 d3-d9 a4-b4,0,0,White\n" + // d3-d9: blocked at d7
		"d1-d3 f4-c4 a4-b4 f5-f4,0,0,Black\n"
	if err := os.WriteFile(corpus, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	_, errOut, code := runTafl(t, "", "tune", "-corpus", corpus)
	// Two games are too few to fit: the reading is what is tested.
	for _, want := range []string{
		"corpus " + corpus + ": line 2: move 3 of 4, d3-d9, refused (",
		"): the game is kept up to move 2, with its recorded result\n",
		"corpus " + corpus + ": 2 games (1 line skipped: header, unfinished; 1 game cut short, 0 left out at a move the rules refuse, listed above)\n",
	} {
		if code != 1 || !strings.Contains(errOut, want) {
			t.Errorf("exit %d, stderr lacks %q:\n%s", code, want, errOut)
		}
	}
}

func TestTuneBadInput(t *testing.T) {
	cases := []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"tune"}, 2, "give game records"},
		{[]string{"tune", "-variant", "brandubh", "testdata/tune"}, 1, "no fitted weights"},
		{[]string{"tune", "testdata/tune/game-01.otg", "testdata/tune/game-02.otg"}, 1, "needs 5 wins by each side"},
		{[]string{"tune", "-weights", "testdata/tune/game-01.otg", "testdata/tune"}, 1, "weights"},
		{[]string{"tune", "-l2", "-1", "testdata/tune"}, 2, "must not be negative"},
		// An infinite pull fitted NaN weights, then failed ("weight attacker = NaN is out of range").
		{[]string{"tune", "-l2", "Inf", "testdata/tune"}, 2, "tafl tune: -l2 must be a finite number (0 for no pull, default 0.0001)\n"},
		{[]string{"tune", "-corpus", "testdata/tune/missing.csv"}, 1, "no such file"},
		// A start position was ignored: the games have their own.
		{[]string{"tune", "-position", "/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/", "testdata/tune"}, 2,
			"tafl tune: -position does not go with tune: each game is fitted from its own start (-variant, -layout or -rules say which evaluation is fitted)\n"},
		{[]string{"tune", "-side", "defenders", "testdata/tune"}, 2, "-side does not go with tune"},
		{[]string{"tune", "-attackers", "-weights", "testdata/tune/game-01.otg", "testdata/tune"}, 2, "-weights does not go with -attackers"},
		{[]string{"tune", "-attackers", "-variant", "brandubh", "testdata/tune"}, 1, "no fitted weights"},
	}
	for _, c := range cases {
		_, errOut, code := runTafl(t, "", c.args...)
		if code != c.code || !strings.Contains(errOut, c.msg) {
			t.Errorf("%v: exit %d, %q; want exit %d mentioning %q", c.args, code, errOut, c.code, c.msg)
		}
	}
}
