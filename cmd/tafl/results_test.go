package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/taflbot/taflbot/tafl"
)

// writeGame plays moves from the given position (the variant's start when
// record is "") and writes the record with the two players' names.
func writeGame(t *testing.T, dir, name, variant, record string, toMove tafl.Side, moves []string, attackers, defenders string) tafl.Outcome {
	t.Helper()
	v, err := tafl.Preset(variant, "")
	if err != nil {
		t.Fatal(err)
	}
	g := tafl.NewGame(v)
	if record != "" {
		p, err := v.ParsePosition(record, toMove)
		if err != nil {
			t.Fatal(err)
		}
		g = tafl.NewGameFrom(p)
	}
	for _, m := range moves {
		if _, err := g.PlayText(m); err != nil {
			t.Fatalf("%s: %v", m, err)
		}
	}
	text := tafl.EncodeGame(g, []tafl.Tag{{Name: "attackers", Value: attackers}, {Name: "defenders", Value: defenders}})
	if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	return g.Outcome()
}

func TestResults(t *testing.T) {
	dir := t.TempDir()
	// Attackers win by repetition (copenhagen: the defenders lose a
	// threefold repetition): the start position comes back twice.
	cycle := []string{"d1-d2", "f4-i4", "d2-d1", "i4-f4"}
	o := writeGame(t, dir, "g1.otg", "copenhagen", "", 0, append(append([]string{}, cycle...), cycle...), "alpha", "beta")
	if o.Winner != tafl.Attackers || o.Reason != tafl.Repetition {
		t.Fatalf("game 1 ended %v by %v, want an attackers' win by repetition", o.Winner, o.Reason)
	}
	// Attackers capture the brandubh king (captured by two).
	o = writeGame(t, dir, "g2.otg", "brandubh", "/7/7/4t2/7/2tK3/T6/7/", tafl.Attackers, []string{"e3-e5"}, "alpha", "beta")
	if o.Winner != tafl.Attackers || o.Reason != tafl.KingCaptured {
		t.Fatalf("game 2 ended %v by %v", o.Winner, o.Reason)
	}
	// The king escapes.
	o = writeGame(t, dir, "g3.otg", "brandubh", "/7/K6/7/7/7/3t2T/7/", tafl.Defenders, []string{"a2-a1"}, "beta", "alpha")
	if o.Winner != tafl.Defenders || o.Reason != tafl.KingEscaped {
		t.Fatalf("game 3 ended %v by %v", o.Winner, o.Reason)
	}

	out, errOut, code := runTafl(t, "", "results", dir)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	// One table per variant: they were added up in one table whose header
	// listed them ("results: 3 games of brandubh, copenhagen").
	brandubh, copenhagen, ok := strings.Cut(out, "\n\nresults: 1 game of copenhagen\n")
	if !strings.HasPrefix(brandubh, "3 games of 2 variants (brandubh, copenhagen): one table each\n\nresults: 2 games of brandubh\n") || !ok {
		t.Fatalf("not a table per variant:\n%s", out)
	}
	brandubh += "\n" // its last line's end, cut off
	for _, want := range []string{
		"alpha  attackers      1     1      0     0  100.0%\n",
		"alpha  defenders      1     1      0     0  100.0%\n",
		"alpha  total          2     2      0     0  100.0%\n",
		"beta   attackers      1     0      1     0    0.0%\n",
		"beta   defenders      1     0      1     0    0.0%\n",
		"  alpha as attackers: king-captured 1\n",
		"  alpha as defenders: king-escaped 1\n",
		"  beta as defenders: none\n",
		"  alpha: 1 of 1 (100.0%)\n",
		"  beta: 0 of 1 (0.0%)\n",
	} {
		if !strings.Contains(brandubh, want) {
			t.Errorf("brandubh's table lacks %q:\n%s", want, out)
		}
	}
	for _, want := range []string{
		"alpha  attackers      1     1      0     0  100.0%\n",
		"alpha  defenders      0     0      0     0       -\n",
		"beta   defenders      1     0      1     0    0.0%\n",
		"  alpha as attackers: repetition 1\n",
		"  alpha: 0 of 1 (0.0%)\n",
	} {
		if !strings.Contains(copenhagen, want) {
			t.Errorf("copenhagen's table lacks %q:\n%s", want, out)
		}
	}

	if strings.Contains(out, "distinct games") {
		t.Errorf("three different games called not distinct:\n%s", out)
	}
	// The third game again, with the players swapped: the same game.
	writeGame(t, dir, "g4.otg", "brandubh", "/7/K6/7/7/7/3t2T/7/", tafl.Defenders, []string{"a2-a1"}, "alpha", "beta")
	// The same moves from another position are another game.
	writeGame(t, dir, "g5.otg", "brandubh", "/7/K6/7/7/7/2t3T/7/", tafl.Defenders, []string{"a2-a1"}, "alpha", "beta")
	out, errOut, code = runTafl(t, "", "results", dir)
	if code != 0 || !strings.Contains(out, "results: 4 games of brandubh\ndistinct games: 3 of 4 (") || strings.Contains(out, "results: 1 game of copenhagen\ndistinct") {
		t.Errorf("exit %d: %s\n%s", code, errOut, out)
	}
	for _, f := range []string{"g4.otg", "g5.otg"} {
		if err := os.Remove(filepath.Join(dir, f)); err != nil {
			t.Fatal(err)
		}
	}

	out, errOut, code = runTafl(t, "", "results", "-draw", "repetition", dir)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{
		"results: 2 games of brandubh (repetition counted as a draw)\n",
		"results: 1 game of copenhagen (repetition counted as a draw)\n",
		"alpha  attackers      1     0      0     1   50.0%\n",
		"beta   defenders      1     0      0     1   50.0%\n",
		"  alpha as attackers: none; counted as draws: repetition 1\n",
		"  alpha: 0 of 1 (0.0%)\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("with -draw repetition, output lacks %q:\n%s", want, out)
		}
	}
	// An empty item, as in a list typed by hand, is skipped (it was
	// "unknown end reason \"\"").
	again, errOut, code := runTafl(t, "", "results", "-draw", " repetition, ,", dir)
	if code != 0 || again != out {
		t.Errorf("-draw \" repetition, ,\": exit %d, %s\n%s; want what -draw repetition says", code, errOut, again)
	}
}

func TestResultsBadInput(t *testing.T) {
	dir := t.TempDir()
	if _, errOut, code := runTafl(t, "", "results", dir); code != 1 || !strings.Contains(errOut, "no .otg records") {
		t.Errorf("empty directory: exit %d, %q", code, errOut)
	}
	if _, errOut, code := runTafl(t, "", "results", "-draw", "stalemate", dir); code != 2 || !strings.Contains(errOut, "unknown end reason") {
		t.Errorf("bad -draw: exit %d, %q", code, errOut)
	}
	if _, errOut, code := runTafl(t, "", "results", "-draw", ",", dir); code != 2 || !strings.Contains(errOut, `-draw "," names no end reason: give one or more, comma-separated, such as -draw repetition`) {
		t.Errorf("-draw of empty items: exit %d, %q", code, errOut)
	}
	writeGame(t, dir, "open.otg", "brandubh", "", 0, []string{"d6-f6"}, "a", "b")
	if _, errOut, code := runTafl(t, "", "results", dir); code != 1 || !strings.Contains(errOut, "tafl results: no finished game in "+dir) {
		t.Errorf("unfinished games only: exit %d, %q", code, errOut)
	}
	if _, _, code := runTafl(t, "", "results"); code != 2 {
		t.Errorf("no arguments: exit %d, want 2", code)
	}
}

// TestUnfinishedRecordsAreSkipped: a folder of records holding an
// unfinished game (as taflbot db export writes, with the games in
// progress) is read without it, saying how many were skipped; the
// commands refused the whole folder ("the game is not finished").
func TestUnfinishedRecordsAreSkipped(t *testing.T) {
	dir := t.TempDir()
	writeGame(t, dir, "g1.otg", "brandubh", "/7/7/4t2/7/2tK3/T6/7/", tafl.Attackers, []string{"e3-e5"}, "alpha", "beta")
	writeGame(t, dir, "g2.otg", "brandubh", "", 0, []string{"d6-f6"}, "alpha", "beta")
	skipped := "skipped 1 unfinished game of 2 (no result yet): " + filepath.Join(dir, "g2.otg") + "\n"
	out, errOut, code := runTafl(t, "", "results", dir)
	if code != 0 || errOut != skipped || !strings.Contains(out, "alpha  attackers      1     1      0     0  100.0%\n") {
		t.Errorf("results: exit %d, stderr %q, want %q; output:\n%s", code, errOut, skipped, out)
	}
	// balance and curve fit one finished game: too few wins, not an
	// unfinished game, is what they refuse.
	for _, args := range [][]string{{"balance", dir}, {"curve", "-nodes", "100", dir}} {
		_, errOut, code := runTafl(t, "", args...)
		if code != 1 || !strings.HasPrefix(errOut, skipped) || !strings.Contains(errOut, " won ") {
			t.Errorf("%s: exit %d, stderr %q", args[0], code, errOut)
		}
	}
	// Only unfinished games: said so.
	open := t.TempDir()
	writeGame(t, open, "g.otg", "copenhagen", "", 0, []string{"d1-d2"}, "alpha", "beta")
	skipped = "skipped 1 unfinished game of 1 (no result yet): " + filepath.Join(open, "g.otg") + "\n"
	for _, cmd := range []string{"results", "balance", "curve"} {
		_, errOut, code := runTafl(t, "", cmd, open)
		if want := skipped + "tafl " + cmd + ": no finished game in " + open + ": only finished games have a result\n"; code != 1 || errOut != want {
			t.Errorf("%s: exit %d, stderr %q, want %q", cmd, code, errOut, want)
		}
	}
	_, errOut, code = runTafl(t, "", "tune", open)
	if code != 1 || !strings.HasPrefix(errOut, skipped) || !strings.Contains(errOut, "of 0 games") {
		t.Errorf("tune: exit %d, stderr %q", code, errOut)
	}
}

// TestAbortedRecordsAreSkipped: the record of an aborted game (/tafl
// history and taflbot db export write [result:0] [termination:aborted])
// was counted as a draw by tafl results, curve, balance and tune; nobody
// drew it, and it is left out as an unfinished game is, with a line that
// names it.
func TestAbortedRecordsAreSkipped(t *testing.T) {
	dir := t.TempDir()
	writeGame(t, dir, "g1.otg", "brandubh", "/7/7/4t2/7/2tK3/T6/7/", tafl.Attackers, []string{"e3-e5"}, "alpha", "beta")
	aborted := "[attackers:alpha]\n[defenders:beta]\n[result:0]\n[termination:aborted]\n[variant:brandubh]\n1. d2-c2\n"
	if err := os.WriteFile(filepath.Join(dir, "g2.otg"), []byte(aborted), 0o600); err != nil {
		t.Fatal(err)
	}
	skipped := "skipped 1 aborted game of 2 (called off before both sides moved: no result): " + filepath.Join(dir, "g2.otg") + "\n"
	out, errOut, code := runTafl(t, "", "results", dir)
	if code != 0 || errOut != skipped || !strings.Contains(out, "1 game of brandubh") || !strings.Contains(out, "alpha  attackers      1     1      0     0  100.0%\n") {
		t.Errorf("results: exit %d, stderr %q, want %q; output:\n%s", code, errOut, skipped, out)
	}
	for _, args := range [][]string{{"balance", dir}, {"curve", "-nodes", "100", dir}} {
		if _, errOut, _ := runTafl(t, "", args...); !strings.HasPrefix(errOut, skipped) {
			t.Errorf("%s: stderr %q, want it to begin %q", args[0], errOut, skipped)
		}
	}
}

// A side a player never played scores "-", as in tafl match's summary,
// not 0.0% (every game lost).
func TestResultsSideWithoutGames(t *testing.T) {
	dir := t.TempDir()
	writeGame(t, dir, "g1.otg", "brandubh", "/7/7/4t2/7/2tK3/T6/7/", tafl.Attackers, []string{"e3-e5"}, "alpha", "beta")
	out, errOut, code := runTafl(t, "", "results", dir)
	for _, want := range []string{
		"alpha  attackers      1     1      0     0  100.0%\n",
		"alpha  defenders      0     0      0     0       -\n",
		"beta   attackers      0     0      0     0       -\n",
		"beta   defenders      1     0      1     0    0.0%\n",
	} {
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("exit %d %q, output:\n%s\nwant the line %q", code, errOut, out, want)
		}
	}
}

// TestResultsOneGame: one game is counted in the singular ("results: 1
// games of brandubh").
func TestResultsOneGame(t *testing.T) {
	dir := t.TempDir()
	writeGame(t, dir, "g1.otg", "brandubh", "/7/7/4t2/7/2tK3/T6/7/", tafl.Attackers, []string{"e3-e5"}, "alpha", "beta")
	out, errOut, code := runTafl(t, "", "results", dir)
	if want := "results: 1 game of brandubh\n"; code != 0 || !strings.HasPrefix(out, want) {
		t.Errorf("exit %d %q, output:\n%s\nwant it to start %q", code, errOut, out, want)
	}
}

// TestRecordsWithoutMoves: a record with a result tag but no move (a
// resignation before the first move, or a record cut short) keeps its
// result for tafl results, but curve, balance, tune and puzzles skip it
// and say so (curve counted it as a win; puzzles mined it for nothing,
// unexplained).
func TestRecordsWithoutMoves(t *testing.T) {
	dir := t.TempDir()
	writeGame(t, dir, "g1.otg", "brandubh", "/7/7/4t2/7/2tK3/T6/7/", tafl.Attackers, []string{"e3-e5"}, "alpha", "beta")
	empty := filepath.Join(dir, "g0.otg")
	if err := os.WriteFile(empty, []byte("[variant:brandubh]\n[result:1]\n[attackers:alpha]\n[defenders:beta]\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := runTafl(t, "", "results", dir)
	if code != 0 || errOut != "" || !strings.Contains(out, "alpha  attackers      2     2      0     0  100.0%\n") {
		t.Errorf("results: exit %d, stderr %q; output:\n%s", code, errOut, out)
	}
	skipped := "skipped 1 record of 2 with a result but no move (nothing to learn from): " + empty + "\n"
	for _, args := range [][]string{{"balance", dir}, {"curve", "-nodes", "100", dir}} {
		_, errOut, code := runTafl(t, "", args...)
		if code != 1 || !strings.HasPrefix(errOut, skipped) || !strings.Contains(errOut, "won 1") || !strings.Contains(errOut, "of 1 game") {
			t.Errorf("%s: exit %d, stderr %q, want %q first and one game counted", args[0], code, errOut, skipped)
		}
	}
	_, errOut, code = runTafl(t, "", "puzzles", "-budget", "1000", dir)
	if code != 0 || !strings.Contains(errOut, "skipped 1 record of 2 with a result but no move (nothing to mine): "+empty+"\n") {
		t.Errorf("puzzles: exit %d, stderr %q", code, errOut)
	}
	// Only such records: said so.
	only := t.TempDir()
	// tune fits copenhagen's weights unless told otherwise.
	if err := os.WriteFile(filepath.Join(only, "g0.otg"), []byte("[variant:copenhagen]\n[result:-1]\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, cmd := range []string{"balance", "curve", "tune"} {
		_, errOut, code := runTafl(t, "", cmd, only)
		if !strings.HasSuffix(errOut, "tafl "+cmd+": no finished game with moves (1 record read): only a game's moves show how its result came\n") || code != 1 {
			t.Errorf("%s of a record without moves only: exit %d, stderr %q", cmd, code, errOut)
		}
	}
}

// TestResultsTellsCustomGamesApart: two records under rules strings of
// different start positions, with the same moves, are two games; the
// records of a rules string have no variant or position tag, and they
// were counted as one ("distinct games: 1 of 2").
func TestResultsTellsCustomGamesApart(t *testing.T) {
	dir := t.TempDir()
	for i, start := range []string{"/7/t6/2t1t2/2tKt2/3t3/7/7/", "/2tKt2/t6/7/7/7/7/7/"} {
		text := "[attackers:alpha]\n[defenders:beta]\n[rules:dim:7 esc:c start:" + start + "]\n1. a2-d2\n"
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("g%d.otg", i)), []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	out, errOut, code := runTafl(t, "", "results", dir)
	// Two custom variants, each its own table, told apart by their rules.
	if code != 0 || strings.Count(out, "results: 1 game of custom (rules dim:7 name:Custom ") != 2 || !strings.Contains(out, " start:/2tKt2/t6/7/7/7/7/7/)\n") ||
		!strings.Contains(out, " start:/7/t6/2t1t2/2tKt2/3t3/7/7/)\n") || strings.Contains(out, "distinct games") {
		t.Errorf("exit %d: %s\n%s", code, errOut, out)
	}
}

// TestResultsAndMatchNameTheLayout: a match and the results of a preset's
// other layout said only the preset ("match tawlbwrdd: …", "results: 2
// games of tawlbwrdd"), so the matches of tawlbwrdd's three layouts read
// alike; they name it as the commands take it, tawlbwrdd/bell.
func TestResultsAndMatchNameTheLayout(t *testing.T) {
	dir := t.TempDir()
	out, errOut, code := runTafl(t, "", "match", "-variant", "tawlbwrdd/bell", "-p1", "depth=1", "-p2", "depth=1", "-games", "2", "-maxplies", "2", "-out", dir)
	if code != 0 || !strings.HasPrefix(out, "match tawlbwrdd/bell: p1 depth=1 vs p2 depth=1, 2 games\n") {
		t.Errorf("match: exit %d, %q, stdout:\n%s", code, errOut, out)
	}
	out, errOut, code = runTafl(t, "", "results", dir)
	if code != 0 || !strings.HasPrefix(out, "results: 2 games of tawlbwrdd/bell\n") {
		t.Errorf("results: exit %d, %q, stdout:\n%s", code, errOut, out)
	}
}

// TestResultsKeepsAMatchsOpeningsInOneTable: a match from openings under
// custom rules writes each game's opening as its rules' start (for
// OpenTafl) and in a position tag; the games are of one variant, and came
// out as a table per opening.
func TestResultsKeepsAMatchsOpeningsInOneTable(t *testing.T) {
	dir := t.TempDir()
	for i, start := range []string{"/7/t6/2t1t2/2tKt2/3t3/7/7/", "/7/t6/2t1t2/2tKt2/3t3/7/5t1/"} {
		text := "[attackers:alpha]\n[defenders:beta]\n[position:" + start + "]\n[rules:dim:7 esc:c start:" + start + "]\n1. a2-d2\n"
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("g%d.otg", i)), []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	out, errOut, code := runTafl(t, "", "results", dir)
	if code != 0 || !strings.HasPrefix(out, "results: 2 games of custom\n") || strings.Contains(out, "one table each") {
		t.Errorf("exit %d: %s\n%s", code, errOut, out)
	}
}

// TestResultsKeepsAMatchFromTheStartInOneTable: a match under custom rules
// (-repetition on a preset) from openings of which one is the variant's
// start wrote no position tag for that opening's games, and tafl results
// read them as another variant than the other games (the rules with
// their start, not without): two tables for one match. Every game of a
// match from openings names its start. And the openings with the
// defenders to move were read as rules in which they move first (the
// rules tag's atkf:n, for OpenTafl): another table again.
func TestResultsKeepsAMatchFromTheStartInOneTable(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "openings.txt")
	// brandubh's start, and a position after an attackers' move.
	body := "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/ attackers\n/3t3/3t3/3T3/ttTKTt1/3T3/3t3/2t4/ defenders\n"
	if err := os.WriteFile(file, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	games := filepath.Join(dir, "games")
	out, errOut, code := runTafl(t, "", "match", "-variant", "brandubh", "-repetition", "forbidden", "-p1", "depth=1", "-p2", "depth=1",
		"-games", "4", "-maxplies", "2", "-openings", file, "-out", games, "-progress=false")
	if code != 0 {
		t.Fatalf("match: exit %d: %s\n%s", code, errOut, out)
	}
	for _, g := range checkRecords(t, games, 4, 0)[:2] {
		if g.Start().Record() != "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/" {
			t.Fatalf("the first pair starts from %s, want the variant's start", g.Start().Record())
		}
	}
	out, errOut, code = runTafl(t, "", "results", games)
	if code != 0 || !strings.HasPrefix(out, "results: 4 games of custom\n") || strings.Contains(out, "one table each") {
		t.Errorf("results: exit %d: %s\n%s", code, errOut, out)
	}
}
