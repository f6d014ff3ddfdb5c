package main

import (
	"encoding/json"
	"fmt"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/taflbot/taflbot/analysis"
	"github.com/taflbot/taflbot/puzzle"
	"github.com/taflbot/taflbot/tafl"
	"github.com/taflbot/taflbot/tafl/ai"
)

// Negative -noise and -opening, and -concurrency 0, are usage errors:
// they were taken (a source line read "noise -5, -3 random plies").
func TestPuzzlesFlagRanges(t *testing.T) {
	for _, args := range [][]string{{"-noise", "-5"}, {"-opening", "-3"}, {"-concurrency", "0"}} {
		out, errOut, code := runTafl(t, "", append([]string{"puzzles", "-variant", "brandubh", "-selfplay", "1", "-nodes", "500", "-max-moves", "1", "-count", "1"}, args...)...)
		if code != 2 || out != "" || !strings.Contains(errOut, "-noise and -opening must be 0 or more; -concurrency positive") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, out, errOut)
		}
	}
}

// TestPuzzlesSelfPlay mines a few brandubh self-play games; whatever it
// finds must verify, with its source naming the seed.
func TestPuzzlesSelfPlay(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "p.jsonl")
	_, errOut, code := runTafl(t, "", "puzzles", "-variant", "brandubh", "-selfplay", "4", "-nodes", "3000", "-max-moves", "2", "-budget", "200000", "-concurrency", "2", "-o", out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	ps, err := puzzle.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(errOut, itoa(len(ps))+" puzzles written to "+out) {
		t.Errorf("stderr %q, %d puzzles in the file", errOut, len(ps))
	}
	if len(ps) == 0 {
		t.Fatal("no puzzle in 4 games: the test checks nothing")
	}
	for _, p := range ps {
		if !regexp.MustCompile(`^self-play brandubh seed [1-4] `).MatchString(p.Source) {
			t.Errorf("source %q", p.Source)
		}
		if err := p.Verify(t.Context(), 0); err != nil {
			t.Errorf("%+v: %v", p, err)
		}
	}
	// The verify mode agrees, and finds a broken puzzle.
	good := puzzle.Puzzle{Variant: "brandubh", Position: "/1t1t3/6t/3T3/t1T4/4T1K/6t/3tT2/", ToMove: "defenders", Moves: 2, Solution: []string{"g5-g3", "a4-a2", "g3-g1"}, Source: "test"}
	bad := good
	bad.Solution = []string{"g5-g4", "a4-a2", "g3-g1"}
	file := filepath.Join(dir, "v.jsonl")
	enc, _ := puzzle.Encode([]puzzle.Puzzle{good, bad})
	if err := os.WriteFile(file, enc, 0o644); err != nil {
		t.Fatal(err)
	}
	stdout, _, code := runTafl(t, "", "puzzles", "-verify", file)
	if code != 1 || !strings.Contains(stdout, "puzzle 2 (test): puzzle: invalid: move 1 (g5-g4) does not win in time") || !strings.Contains(stdout, "1 of 2 puzzles verified (brandubh 1)") {
		t.Errorf("verify: exit %d, %q", code, stdout)
	}
	enc, _ = puzzle.Encode([]puzzle.Puzzle{good})
	if err := os.WriteFile(file, enc, 0o644); err != nil {
		t.Fatal(err)
	}
	if stdout, _, code := runTafl(t, "", "puzzles", "-verify", file); code != 0 || stdout != "1 of 1 puzzle verified (brandubh 1)\n" {
		t.Errorf("verify a good file: exit %d, %q", code, stdout)
	}
	// Nothing verified names no variant (it printed "()").
	enc, _ = puzzle.Encode([]puzzle.Puzzle{bad})
	if err := os.WriteFile(file, enc, 0o644); err != nil {
		t.Fatal(err)
	}
	if stdout, _, code := runTafl(t, "", "puzzles", "-verify", file); code != 1 || !strings.HasSuffix(stdout, "\n0 of 1 puzzle verified\n") {
		t.Errorf("verify a bad file: exit %d, %q", code, stdout)
	}
	// A file without puzzles verifies nothing: it said "0 of 0 puzzles
	// verified ()" and exit 0.
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if stdout, errOut, code := runTafl(t, "", "puzzles", "-verify", file); code != 1 || stdout != "" || !strings.Contains(errOut, file+" holds no puzzles") {
		t.Errorf("verify an empty file: exit %d, %q, %q", code, stdout, errOut)
	}
}

func TestPuzzlesUsage(t *testing.T) {
	emptyCorpus := filepath.Join(t.TempDir(), "empty.csv")
	if err := os.WriteFile(emptyCorpus, []byte("moves,attacker_captures,defender_captures,status\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	notCorpus := filepath.Join(t.TempDir(), "game.otg")
	if err := os.WriteFile(notCorpus, []byte("[event:tafl match, game 1]\n1. d2-c2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		code int
		say  string
	}{
		{nil, 2, "nothing to mine"},
		{[]string{"-max-moves", "6", "-selfplay", "1"}, 2, "-max-moves 6"},
		{[]string{"-selfplay", "1", "-variant", "chess"}, 2, "chess"},
		{[]string{"-selfplay", "1", "-side", "kings"}, 2, "kings"},
		// A self-play search without a node budget never ended.
		{[]string{"-selfplay", "1", "-nodes", "0"}, 2, "-nodes and -budget positive"},
		{[]string{"-selfplay", "1", "-nodes", "-5"}, 2, "-nodes and -budget positive"},
		{[]string{"-selfplay", "-3"}, 2, "-selfplay and -count must be 0 or more"},
		{[]string{"-selfplay", "1", "-budget", "0"}, 2, "-nodes and -budget positive"},
		// A shortest win longer than the longest looked for found nothing, silently.
		{[]string{"-selfplay", "1", "-min-moves", "4", "-max-moves", "2"}, 2, "-min-moves 4: use 1 to -max-moves (2)"},
		// The self-play flags were ignored without -selfplay: -variant
		// brandubh mined the records of every variant.
		{[]string{"-variant", "brandubh", "/no/such/dir"}, 2, "-variant goes with -selfplay N"},
		{[]string{"-corpus", emptyCorpus, "-nodes", "500"}, 2, "-nodes goes with -selfplay N"},
		{[]string{"-verify", "/no/such/file"}, 1, "no such file"},
		{[]string{"-verify", "/no/such/file", "-budget", "10"}, 1, "no such file"},
		// Only -budget goes with -verify: the mining flags and records
		// were ignored (-o wrote nothing, exit 0).
		{[]string{"-verify", "/no/such/file", "-o", "out.jsonl"}, 2, "-o does not go with -verify: -verify FILE re-verifies the puzzles of FILE (only -budget goes with it)"},
		{[]string{"-selfplay", "3", "-verify", "/no/such/file"}, 2, "-selfplay does not go with -verify"},
		{[]string{"-verify", "/no/such/file", "-side", "attackers"}, 2, "-side does not go with -verify"},
		{[]string{"-verify", "/no/such/file", "games"}, 2, "-verify FILE re-verifies the puzzles of FILE and mines nothing: drop games, or -verify to mine the records"},
		{[]string{"-corpus", "/no/such/file"}, 1, "no such file"},
		// A file that is no corpus: the error named "corpus", not the file.
		{[]string{"-corpus", notCorpus}, 1, "tafl puzzles: " + notCorpus + ": line 1 has 2 columns, not 4 (moves, captures, captures, status)\n"},
		// A corpus without a won game was "nothing to mine: give -corpus FILE".
		{[]string{"-corpus", emptyCorpus}, 1, emptyCorpus + " holds no won game to mine"},
	} {
		_, errOut, code := runTafl(t, "", append([]string{"puzzles"}, c.args...)...)
		if code != c.code || !strings.Contains(errOut, c.say) {
			t.Errorf("puzzles %v: exit %d, %q; want %d and %q", c.args, code, errOut, c.code, c.say)
		}
	}
}

// TestAnalyse reviews the brandubh game in which the defenders miss an
// escape, through every output.
func TestAnalyse(t *testing.T) {
	dir := t.TempDir()
	graph, board, text := filepath.Join(dir, "g.png"), filepath.Join(dir, "b.png"), filepath.Join(dir, "a.txt")
	args := []string{"analyse", "-variant", "brandubh", "-position", "/7/7/1t1T3/7/7/7/2Kt3/", "-side", "defenders", "-moves", "d3-d2 b3-b7", "-nodes", "5000"}
	out, errOut, code := runTafl(t, "", append(args, "-graph", graph, "-board", board, "-text", text)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !strings.Contains(out, "Brandubh · 1 move (2 plies) · Attackers win · the king was captured: 3 positions reviewed") || !strings.Contains(out, "1. d3-d2- (defenders): blunder — their chance 100 % → 0 %; better Kc7-a7--") {
		t.Errorf("output %q", out)
	}
	for _, f := range []string{graph, board} {
		r, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := png.Decode(r); err != nil {
			t.Errorf("%s: %v", f, err)
		}
		r.Close()
	}
	if data, err := os.ReadFile(text); err != nil || !strings.Contains(string(data), "Turning points:") {
		t.Errorf("text: %v\n%s", err, data)
	}
	out, _, code = runTafl(t, "", append(args, "-json")...)
	var r analysis.Report
	if code != 0 || json.Unmarshal([]byte(out), &r) != nil || len(r.Moves) != 2 || r.Moves[0].Class != analysis.Blunder {
		t.Errorf("json: exit %d %q", code, out)
	}
	// The curve's keys are snake_case as the others are (they were Go's
	// field names, "Even" and "Scale").
	if want := fmt.Sprintf(`"curve":{"even":%g,"scale":%g}`, r.Curve.Even, r.Curve.Scale); !strings.Contains(out, want) {
		t.Errorf("json: %q lacks %s", out, want)
	}
	for _, c := range []struct {
		args []string
		say  string
	}{
		{[]string{"analyse"}, "no moves to review"},
		{[]string{"analyse", "-nodes", "0", "-moves", "d1-d3"}, "-nodes 0"},
		{[]string{"analyse", "-otg", "x.otg", "-moves", "d1-d3"}, "-moves does not go with -otg"},
		{[]string{"analyse", "-otg", "x.otg", "-variant", "brandubh"}, "-variant does not go with -otg"},
		{[]string{"analyse", "-otg", "x.otg", "-repetition", "draw"}, "-repetition does not go with -otg"},
	} {
		if _, errOut, code := runTafl(t, "", c.args...); code != 2 || !strings.Contains(errOut, c.say) {
			t.Errorf("%v: exit %d %q", c.args, code, errOut)
		}
	}
	// A record without moves, given as it should be, is not told to give
	// -otg FILE (exit 2, "give -otg FILE or -moves"): the record has none.
	noMoves := filepath.Join(t.TempDir(), "start.otg")
	if err := os.WriteFile(noMoves, []byte("[variant:brandubh]\n[result:0]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ file, stdin, say string }{
		{noMoves, "", noMoves + ": the record has no moves: there is nothing to review"},
		{"-", "[variant:brandubh]\n", "standard input: the record has no moves"},
	} {
		if _, errOut, code := runTafl(t, c.stdin, "analyse", "-otg", c.file); code != 1 || !strings.Contains(errOut, c.say) || strings.Contains(errOut, "give -otg") {
			t.Errorf("analyse -otg %s without moves: exit %d %q, want 1 and %q", c.file, code, errOut, c.say)
		}
	}
}

// TestCurve fits the curve from quick brandubh games (the engine at depth
// 1 against itself, from random openings) and checks the report's counts
// against the records.
func TestCurve(t *testing.T) {
	dir := t.TempDir()
	v, err := tafl.Preset("brandubh", "")
	if err != nil {
		t.Fatal(err)
	}
	var wins [3]int
	for seed, n := uint64(1), 0; n < 30; seed++ {
		g, err := puzzle.SelfPlay(t.Context(), v, seed, puzzle.SelfPlayOptions{Opening: 6, Limits: ai.Limits{Depth: 1, Noise: 30}, MaxPlies: 200})
		if err != nil {
			t.Fatal(err)
		}
		if !g.Outcome().Over() || g.Outcome().Winner == tafl.NoSide {
			continue
		}
		wins[g.Outcome().Winner]++
		n++
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("g%02d.otg", n)), []byte(tafl.EncodeGame(g, nil)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if wins[tafl.Attackers] < 5 || wins[tafl.Defenders] < 5 {
		t.Fatalf("random games won by (attackers, defenders) %v: the test needs 5 each", wins[1:])
	}
	out, errOut, code := runTafl(t, "", "curve", "-nodes", "300", "-every", "2", dir)
	if code != 0 {
		t.Fatalf("curve: exit %d: %s", code, errOut)
	}
	m := regexp.MustCompile(`^variant brandubh: 30 games \(attackers (\d+), defenders (\d+), drawn 0\), \d+ positions at 300 nodes\neven chances at a score of [-+]\d+; \d+ points a logit\n"brandubh": \{Even: -?\d+, Scale: \d+\},\n$`).FindStringSubmatch(out)
	if m == nil || m[1] != itoa(wins[tafl.Attackers]) || m[2] != itoa(wins[tafl.Defenders]) {
		t.Errorf("output %q, wins %v", out, wins)
	}
	// Records of two variants, and unfinished games only, are refused.
	other := t.TempDir()
	tb, _ := tafl.Preset("tablut", "")
	for i, g := range []*tafl.Game{tafl.NewGame(v), tafl.NewGame(tb)} {
		// A move each: a record with no move is skipped (TestRecordsWithoutMoves).
		if _, err := g.Play(g.LegalMoves()[0]); err != nil {
			t.Fatal(err)
		}
		if err := g.Resign(tafl.Attackers); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(other, fmt.Sprintf("g%d.otg", i)), []byte(tafl.EncodeGame(g, nil)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if _, errOut, code := runTafl(t, "", "curve", other); code != 1 || !strings.Contains(errOut, "fit one variant at a time") {
		t.Errorf("two variants: exit %d %q", code, errOut)
	}
	unfinished := t.TempDir()
	if err := os.WriteFile(filepath.Join(unfinished, "g.otg"), []byte(tafl.EncodeGame(tafl.NewGame(v), nil)), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, errOut, code := runTafl(t, "", "curve", unfinished); code != 1 || !strings.Contains(errOut, "no finished game") {
		t.Errorf("unfinished: exit %d %q", code, errOut)
	}
}

// TestCurveEveryLongerThanTheGames: an -every as long as the games (each
// then gives only its first position) is named as the cause, before any
// position is judged; it said "the scores do not predict the results …
// play more games". One shorter than the longest game still fits.
func TestCurveEveryLongerThanTheGames(t *testing.T) {
	_, errOut, code := runTafl(t, "", "curve", "-nodes", "300", "-every", "1000", "testdata/tune")
	want := "tafl curve: -every 1000 is longer than the games (the longest has 181 positions to judge), so each game would give only its first position: use a smaller -every (the default is 3)\n"
	if code != 2 || errOut != want {
		t.Errorf("-every 1000: exit %d %q, want exit 2 %q", code, errOut, want)
	}
	if _, errOut, code := runTafl(t, "", "curve", "-nodes", "300", "-every", "181", "testdata/tune"); code != 2 || !strings.Contains(errOut, "-every 181 is longer than the games") {
		t.Errorf("-every 181: exit %d %q", code, errOut)
	}
	if out, errOut, code := runTafl(t, "", "curve", "-nodes", "300", "-every", "150", "testdata/tune"); code != 0 || !strings.Contains(out, "12 games (attackers 6, defenders 6, drawn 0), 13 positions at 300 nodes") {
		t.Errorf("-every 150: exit %d %q %q", code, out, errOut)
	}
}

// TestNoRecordsNamesTheFolders: a folder without records is named as the
// other commands name it (curve printed Go's list, "[DIR]"); tafl tune
// and tafl puzzles went on without records ("the attackers won 0 and the
// defenders 0 of 0 games", "nothing to mine: give … game records").
func TestNoRecordsNamesTheFolders(t *testing.T) {
	a, b := t.TempDir(), t.TempDir()
	for _, cmd := range []string{"curve", "balance", "results", "tune", "puzzles"} {
		_, errOut, code := runTafl(t, "", cmd, a, b)
		if want := "tafl " + cmd + ": no .otg records in " + a + ", " + b + ": play some with tafl match -out DIR\n"; code != 1 || errOut != want {
			t.Errorf("%s: exit %d %q, want %q", cmd, code, errOut, want)
		}
	}
}

// TestPuzzlesSaysWhichRecordsHaveNoWinner: a record of an unfinished game
// was mined for nothing and reported as "0 puzzles" without a word why;
// records without a winner are named, with the reason, beside the won
// game that is mined.
func TestPuzzlesSaysWhichRecordsHaveNoWinner(t *testing.T) {
	dir := t.TempDir()
	writeGame(t, dir, "g1.otg", "brandubh", "/7/7/4t2/7/2tK3/T6/7/", tafl.Attackers, []string{"e3-e5"}, "alpha", "beta")
	writeGame(t, dir, "g2.otg", "brandubh", "/7/7/4t2/7/2tK3/T6/7/", tafl.Attackers, []string{"e3-e2"}, "alpha", "beta")
	_, errOut, code := runTafl(t, "", "puzzles", "-budget", "1000", dir)
	want := "1 record of 2 without a winner (unfinished or drawn: puzzles come from a won game's last moves): " + filepath.Join(dir, "g2.otg") + "\n"
	if code != 0 || !strings.Contains(errOut, want) {
		t.Errorf("puzzles: exit %d, stderr %q, want %q", code, errOut, want)
	}
	// The won game alone: nothing said about winners.
	won := t.TempDir()
	writeGame(t, won, "g1.otg", "brandubh", "/7/7/4t2/7/2tK3/T6/7/", tafl.Attackers, []string{"e3-e5"}, "alpha", "beta")
	if _, errOut, _ := runTafl(t, "", "puzzles", "-budget", "1000", won); strings.Contains(errOut, "without a winner") {
		t.Errorf("a won game reported without a winner: %q", errOut)
	}
}

// TestCurveHeldScale: with -scale the scale is held and only the even
// point fitted, where the full fit is refused (the attackers won 1 of 5
// games; that refusal now names -scale). The even point printed solves
// the likelihood's equation, checked here from the positions judged
// afresh: the curve's values at their scores add up to the games'
// results, so moving the even point half a point either way brackets
// them. A -scale out of range is a usage error.
func TestCurveHeldScale(t *testing.T) {
	dir := t.TempDir()
	files := []string{"game-01.otg", "game-02.otg", "game-04.otg", "game-06.otg", "game-08.otg"}
	var games []*tafl.Game
	for _, f := range files {
		data, err := os.ReadFile(filepath.Join("testdata/tune", f))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, f), data, 0o644); err != nil {
			t.Fatal(err)
		}
		g, _, err := tafl.DecodeGame(string(data))
		if err != nil {
			t.Fatal(err)
		}
		games = append(games, g)
	}
	if _, errOut, code := runTafl(t, "", "curve", "-nodes", "300", "-every", "20", dir); code != 1 || !strings.Contains(errOut, "the attackers won 1 of 5 games; the fit needs 5 wins by each side or it extrapolates: play more games, or hold the scale (-scale 300)") {
		t.Errorf("full fit: exit %d %q, want the refusal naming -scale", code, errOut)
	}
	out, errOut, code := runTafl(t, "", "curve", "-nodes", "300", "-every", "20", "-scale", "300", dir)
	m := regexp.MustCompile(`^variant copenhagen: 5 games \(attackers 1, defenders 4, drawn 0\), (\d+) positions at 300 nodes\neven chances at a score of ([-+]\d+); 300 points a logit \(held\)\n"copenhagen": \{Even: -?\d+, Scale: 300\},\n$`).FindStringSubmatch(out)
	if code != 0 || m == nil {
		t.Fatalf("-scale 300: exit %d %q %q", code, out, errOut)
	}
	even, _ := strconv.ParseFloat(m[2], 64)
	var scores, results []float64
	for _, g := range games {
		result := 0.0
		if g.Outcome().Winner == tafl.Attackers {
			result = 1
		}
		pos, err := analysis.Positions(g)
		if err != nil {
			t.Fatal(err)
		}
		for j := 1; j < len(pos)-1; j += 20 {
			e, err := analysis.Evaluate(t.Context(), pos[j], 300)
			if err != nil {
				t.Fatal(err)
			}
			if e.Winner == tafl.NoSide && !e.Draw {
				scores, results = append(scores, float64(e.Score)), append(results, result)
			}
		}
	}
	if itoa(len(scores)) != m[1] {
		t.Errorf("%d positions judged here, the command says %s", len(scores), m[1])
	}
	sum := func(even float64) (s float64) {
		for i, x := range scores {
			s += 1/(1+math.Exp(-(x-even)/300)) - results[i]
		}
		return s
	}
	if sum(even-0.5) < 0 || sum(even+0.5) > 0 {
		t.Errorf("even %+.0f: the curve's values less the results add up to %.4f half a point below, %.4f above; want them to bracket 0", even, sum(even-0.5), sum(even+0.5))
	}
	for _, s := range []string{"-1", "1001", "NaN"} {
		if _, errOut, code := runTafl(t, "", "curve", "-scale", s, dir); code != 2 || !strings.Contains(errOut, "-scale must be above 0 and at most 1000") {
			t.Errorf("-scale %s: exit %d %q", s, code, errOut)
		}
	}
}
