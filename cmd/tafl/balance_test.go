package main

import (
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/taflbot/taflbot/tafl"
	"github.com/taflbot/taflbot/tafl/ai"
)

// TestBalanceCommand fits a small match's records and checks the report
// against the records themselves: the game count, the attackers' score,
// and the fitted balance as the current one plus the even point.
func TestBalanceCommand(t *testing.T) {
	dir := t.TempDir()
	out, errOut, code := runTafl(t, "", "match", "-variant", "brandubh", "-p1", "nodes=5000", "-p2", "nodes=5100",
		"-games", "24", "-openings", filepath.Join("..", "..", "docs", "openings", "brandubh.txt"), "-out", dir, "-progress=false")
	if code != 0 {
		t.Fatalf("match: exit %d: %s\n%s", code, errOut, out)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.otg"))
	var score float64
	for _, f := range files {
		g, _ := readRecord(t, f)
		switch g.Outcome().Winner {
		case tafl.Attackers:
			score++
		case tafl.NoSide:
			score += 0.5
		}
	}
	out, errOut, code = runTafl(t, "", "balance", dir)
	if code != 0 {
		t.Fatalf("balance: exit %d: %s\n%s", code, errOut, out)
	}
	re := regexp.MustCompile(`(?s)^variant brandubh: (\d+) games, (\d+) positions; the attackers scored ([\d.]+) %\n` +
		`even chances at a score of ([-+]\d+) \(attackers' view; (\d+) a logit\)\n` +
		`balance: (-?\d+) now, (-?\d+) fitted\n$`)
	m := re.FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("output:\n%s", out)
	}
	num := func(i int) float64 { x, _ := strconv.ParseFloat(m[i], 64); return x }
	if int(num(1)) != len(files) || len(files) != 24 {
		t.Errorf("%s games reported, %d records", m[1], len(files))
	}
	if want := 100 * score / float64(len(files)); math.Abs(num(3)-want) > 0.05 {
		t.Errorf("attackers' score %s %%, the records say %.1f %%", m[3], want)
	}
	b, _ := tafl.Preset("brandubh", "")
	if int(num(6)) != ai.Balance(b) {
		t.Errorf("current balance %s, ai.Balance says %d", m[6], ai.Balance(b))
	}
	if math.Abs(num(6)+num(4)-num(7)) > 1 {
		t.Errorf("fitted balance %s is not the current %s plus the even point %s", m[7], m[6], m[4])
	}
}

// TestBalanceBadInput: no records, another variant among the records, too
// few wins by a side, a broken record: each is an error that names the
// problem.
func TestBalanceBadInput(t *testing.T) {
	empty := t.TempDir()
	mixed := t.TempDir()
	broken := t.TempDir()
	for _, v := range []string{"brandubh", "tablut"} {
		_, errOut, code := runTafl(t, "", "match", "-variant", v, "-p1", "depth=1", "-p2", "depth=1", "-games", "2", "-out", filepath.Join(mixed, v), "-progress=false")
		if code != 0 {
			t.Fatalf("match %s: exit %d: %s", v, code, errOut)
		}
	}
	if err := os.WriteFile(filepath.Join(broken, "game.otg"), []byte("[variant:brandubh]\n1. z9-z10\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		args []string
		code int
		say  string
	}{
		{nil, 2, "give the game records"},
		{[]string{empty}, 1, "no .otg records"},
		{[]string{filepath.Join(empty, "missing")}, 1, "no such file"},
		{[]string{mixed}, 1, "fit one variant at a time"},
		{[]string{filepath.Join(mixed, "brandubh")}, 1, "the fit needs 5 wins by each side"},
		{[]string{broken}, 1, "game.otg"},
	}
	for _, c := range cases {
		out, errOut, code := runTafl(t, "", append([]string{"balance"}, c.args...)...)
		if code != c.code || !strings.Contains(errOut, c.say) || out != "" {
			t.Errorf("balance %v: exit %d, stdout %q, stderr %q; want exit %d and %q", c.args, code, out, errOut, c.code, c.say)
		}
	}
}
