package main

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/taflbot/taflbot/tafl"
)

// The match tests run this test binary as an external OTEP engine: with
// TAFL_TEST_EXEC=1 it behaves as the tafl command.
func init() {
	if os.Getenv("TAFL_TEST_EXEC") == "1" {
		os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	}
}

// matchTable reads the "total" rows of the summary: games, wins, losses, draws per player.
func matchTable(t *testing.T, out string) [2][4]int {
	t.Helper()
	var tab [2][4]int
	seen := 0
	for _, line := range strings.Split(out, "\n") {
		f := strings.Fields(line)
		if len(f) < 8 || (f[0] != "p1" && f[0] != "p2") || f[len(f)-6] != "total" {
			continue
		}
		k := 0
		if f[0] == "p2" {
			k = 1
		}
		for i := 0; i < 4; i++ {
			n, err := strconv.Atoi(f[len(f)-5+i])
			if err != nil {
				t.Fatalf("bad row %q", line)
			}
			tab[k][i] = n
		}
		seen++
	}
	if seen != 2 {
		t.Fatalf("no total rows in:\n%s", out)
	}
	return tab
}

// readRecord decodes the .otg record in file f.
func readRecord(t *testing.T, f string) (*tafl.Game, []tafl.Tag) {
	t.Helper()
	data, err := os.ReadFile(f)
	if err != nil {
		t.Fatal(err)
	}
	g, tags, err := tafl.DecodeGame(string(data))
	if err != nil {
		t.Fatalf("%s: %v", f, err)
	}
	return g, tags
}

// checkRecords decodes every .otg of dir and checks the pairs: same
// opening, sides swapped.
func checkRecords(t *testing.T, dir string, games, opening int) []*tafl.Game {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(dir, "*.otg"))
	if len(files) != games {
		t.Fatalf("%d records, want %d", len(files), games)
	}
	var out []*tafl.Game
	var tags [][]tafl.Tag
	for _, f := range files {
		g, tg := readRecord(t, f)
		if !g.Outcome().Over() {
			t.Errorf("%s: the game is not finished", f)
		}
		out = append(out, g)
		tags = append(tags, tg)
	}
	tag := func(i int, name string) string {
		for _, x := range tags[i] {
			if x.Name == name {
				return x.Value
			}
		}
		return ""
	}
	for i := 0; i+1 < len(out); i += 2 {
		a, b := out[i].Plies(), out[i+1].Plies()
		for j := 0; j < opening; j++ {
			if a[j].Move != b[j].Move {
				t.Errorf("pair %d: openings differ at ply %d: %s vs %s", i/2+1, j+1, a[j].Move, b[j].Move)
			}
		}
		if tag(i, "attackers") != tag(i+1, "defenders") || tag(i, "defenders") != tag(i+1, "attackers") {
			t.Errorf("pair %d: sides not swapped: %q/%q then %q/%q", i/2+1, tag(i, "attackers"), tag(i, "defenders"), tag(i+1, "attackers"), tag(i+1, "defenders"))
		}
	}
	return out
}

func TestMatchEngines(t *testing.T) {
	dir := t.TempDir()
	out, errOut, code := runTafl(t, "", "match", "-variant", "brandubh", "-p1", "depth=3", "-p2", "easy",
		"-games", "4", "-opening", "2", "-maxplies", "80", "-out", dir, "-progress=false")
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errOut, out)
	}
	tab := matchTable(t, out)
	for k := 0; k < 2; k++ {
		if tab[k][0] != 4 || tab[k][1]+tab[k][2]+tab[k][3] != 4 {
			t.Errorf("p%d: %v, want 4 games", k+1, tab[k])
		}
	}
	if tab[0][1] != tab[1][2] || tab[0][2] != tab[1][1] || tab[0][3] != tab[1][3] {
		t.Errorf("p1 %v and p2 %v do not mirror", tab[0], tab[1])
	}
	games := checkRecords(t, dir, 4, 2)
	// The records' results agree with the table.
	p1wins := 0
	for i, g := range games {
		p1 := tafl.Attackers
		if i%2 == 1 {
			p1 = tafl.Defenders
		}
		if g.Outcome().Winner == p1 {
			p1wins++
		}
	}
	if p1wins != tab[0][1] {
		t.Errorf("records give p1 %d wins, the table %d", p1wins, tab[0][1])
	}
	if !strings.Contains(out, "pairs for p1") || !strings.Contains(out, "elo p1 - p2") {
		t.Errorf("no pair or Elo lines:\n%s", out)
	}
}

// TestMatchOTEPSelf plays `tafl otep` against itself through pipes: the
// host side of the protocol is real.
func TestMatchOTEPSelf(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("TAFL_TEST_EXEC", "1")
	dir := t.TempDir()
	out, errOut, code := runTafl(t, "", "match", "-variant", "brandubh",
		"-p1", "otep:"+exe+" otep -depth 2", "-p2", "otep:"+exe+" otep -level easy",
		"-games", "2", "-opening", "2", "-maxplies", "60", "-out", dir, "-settle", "1ms", "-progress=false")
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errOut, out)
	}
	tab := matchTable(t, out)
	if tab[0][0] != 2 || tab[1][0] != 2 {
		t.Errorf("table %v, want 2 games each", tab)
	}
	checkRecords(t, dir, 2, 2)
}

func TestMatchFailingEngine(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "bad.sh")
	// Greets, then answers every play with an illegal move.
	log := filepath.Join(dir, "input.log")
	body := "#!/bin/sh\necho hello\nwhile read cmd rest; do echo \"$cmd $rest\" >> " + log + "; case $cmd in play) echo 'move a1-a1';; goodbye) exit 0;; esac; done\n"
	if err := os.WriteFile(script, []byte(body), 0o755); err != nil {
		t.Fatal(err)
	}
	out, _, code := runTafl(t, "", "match", "-variant", "brandubh", "-p1", "otep:"+script, "-p2", "depth=1",
		"-games", "2", "-progress=false", "-settle", "1ms", "-concurrency", "1") // one engine at a time: both append to one log
	if code != 1 {
		t.Errorf("exit %d, want 1 (a player failed)", code)
	}
	tab := matchTable(t, out)
	if tab[1][1] != 2 {
		t.Errorf("p2 won %d games, want 2 (p1 plays illegal moves):\n%s", tab[1][1], out)
	}
	if !strings.Contains(out, "games lost by a failing player: 2") {
		t.Errorf("failures not reported:\n%s", out)
	}
	// The host refused each move with error 2, sent the game again (rules
	// and, in the second game, the opponent's move) and asked again once,
	// then gave up.
	data, err := os.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	in := string(data)
	if strings.Count(in, "play ") != 4 || strings.Count(in, "error 2") != 4 || !strings.Contains(in, "error 2\nrules ") ||
		!strings.Contains(in, "error 2\nrules ") || strings.Count(in, "opponent-move ") < 2 {
		t.Errorf("engine input:\n%s\nwant two play/error 2 rounds per game, the second after the game resent", in)
	}
}

func TestMatchOpeningsFile(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "openings.txt")
	// A brandubh position with the defenders to move, and a bad line after it.
	body := "# test openings\n/3t3/3t3/3T3/ttTKTt1/3T3/3t3/2t4/ defenders\n"
	if err := os.WriteFile(file, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := runTafl(t, "", "match", "-variant", "brandubh", "-p1", "depth=1", "-p2", "depth=1",
		"-games", "2", "-openings", file, "-out", dir, "-progress=false")
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errOut, out)
	}
	games := checkRecords(t, dir, 2, 0)
	for _, g := range games {
		if g.Start().Record() != "/3t3/3t3/3T3/ttTKTt1/3T3/3t3/2t4/" || g.Start().ToMove() != tafl.Defenders {
			t.Errorf("game starts from %s, want the file's position", g.Start())
		}
	}
	if err := os.WriteFile(file, []byte("/3t3/ attackers\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, errOut, code = runTafl(t, "", "match", "-variant", "brandubh", "-openings", file, "-progress=false")
	if code != 1 || !strings.Contains(errOut, "openings.txt:1") {
		t.Errorf("bad openings file: exit %d, stderr %q", code, errOut)
	}
}

// TestMatchOpeningsFileConflicts: with -openings FILE the file gives each
// game's start and side to move; -opening, -position and -side were
// silently ignored (the match played from the file's positions).
func TestMatchOpeningsFileConflicts(t *testing.T) {
	file := filepath.Join(t.TempDir(), "openings.txt")
	if err := os.WriteFile(file, []byte("/3t3/3t3/3T3/ttTKTt1/3T3/3t3/2t4/ defenders\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range [][]string{
		{"-opening", "3"},
		{"-opening", "0"},
		{"-position", "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/"},
		{"-position", "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/", "-side", "defenders"},
		{"-side", "defenders"},
	} {
		args := append([]string{"match", "-variant", "brandubh", "-p1", "depth=1", "-p2", "depth=1", "-games", "2", "-openings", file}, c...)
		out, errOut, code := runTafl(t, "", args...)
		want := "tafl match: " + c[0] + " does not go with -openings: the file gives each game's start position and side to move\n"
		if code != 2 || out != "" || errOut != want {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 and %q", c, code, out, errOut, want)
		}
	}
}

// TestMatchSeedWithOpeningsFile: -seed picks the random openings and
// easy's and medium's choices; with an openings file and neither player
// easy or medium it changed nothing, without a word, and is refused.
func TestMatchSeedWithOpeningsFile(t *testing.T) {
	file := filepath.Join(t.TempDir(), "openings.txt")
	if err := os.WriteFile(file, []byte("/3t3/3t3/3T3/ttTKTt1/3T3/3t3/2t4/ defenders\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	const want = "tafl match: -seed does not go with -openings unless a player is easy or medium: it picks the random openings and those levels' random choices, and neither player has any\n"
	for _, players := range [][]string{{"depth=1", "depth=1"}, {"hard", "max"}, {"nodes=100", "otep:/bin/true"}} {
		args := []string{"match", "-variant", "brandubh", "-p1", players[0], "-p2", players[1], "-games", "2", "-openings", file, "-seed", "3"}
		if out, errOut, code := runTafl(t, "", args...); code != 2 || out != "" || errOut != want {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 and %q", players, code, out, errOut, want)
		}
	}
	// An easy player's choices take it.
	out, errOut, code := runTafl(t, "", "match", "-variant", "brandubh", "-p1", "easy", "-p2", "depth=1", "-games", "2", "-openings", file, "-seed", "3", "-concurrency", "1")
	if code != 0 || !strings.Contains(out, "2 games") {
		t.Errorf("easy with -seed: exit %d, %s%s", code, out, errOut)
	}
}

// TestMatchSPRTBounds: -sprt took NaN and infinite Elo bounds ("nan,5"
// ran an undecided test to the end, "-inf,5" accepted H1 at once).
func TestMatchSPRTBounds(t *testing.T) {
	for _, sprt := range []string{"nan,5", "0,NaN", "-inf,5", "0,+Inf", "5,0", "0,0", "x", "0,50,100"} {
		out, errOut, code := runTafl(t, "", "match", "-variant", "brandubh", "-p1", "depth=1", "-p2", "depth=1", "-games", "2", "-maxplies", "2", "-sprt", sprt)
		if want := "tafl match: -sprt wants ELO0,ELO1 with ELO0 < ELO1, such as 0,50\n"; code != 2 || out != "" || errOut != want {
			t.Errorf("-sprt %s: exit %d, stdout %q, stderr %q; want exit 2 and %q", sprt, code, out, errOut, want)
		}
	}
}

// TestMatchEngineFlagsWithoutEngine: -settle, -fresh and -transcripts
// concern OTEP engines; between taflbot's own players they were ignored
// (-transcripts made an empty folder).
func TestMatchEngineFlagsWithoutEngine(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "sessions")
	for _, c := range [][]string{{"-settle", "1ms"}, {"-fresh"}, {"-transcripts", dir}} {
		args := append([]string{"match", "-variant", "brandubh", "-p1", "depth=1", "-p2", "depth=1", "-games", "2", "-maxplies", "2"}, c...)
		out, errOut, code := runTafl(t, "", args...)
		want := "tafl match: " + c[0] + " goes with an OTEP engine (-p1 or -p2 otep:COMMAND), and neither player is one\n"
		if code != 2 || out != "" || errOut != want {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 and %q", c, code, out, errOut, want)
		}
	}
	if _, err := os.Stat(dir); err == nil {
		t.Error("-transcripts made its folder")
	}
}

// TestMatchEngineProgramMissing: an OTEP engine whose program cannot be
// started (a typo in its path, not on PATH, not executable) lost every
// game of the match, played out and written to -out all the same; the
// match is refused before any game, naming the program.
func TestMatchEngineProgramMissing(t *testing.T) {
	dir := t.TempDir()
	notExec := filepath.Join(dir, "engine.txt")
	if err := os.WriteFile(notExec, []byte("not a program\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "games")
	for _, c := range []struct{ prog, why string }{
		{filepath.Join(dir, "no-such-engine"), "no such file or directory"},
		{"no-such-engine-on-path", "executable file not found in $PATH"},
		{notExec, "permission denied"},
	} {
		stdout, errOut, code := runTafl(t, "", "match", "-variant", "brandubh", "-p1", "depth=1", "-p2", "otep:"+c.prog+" otep",
			"-games", "2", "-out", out, "-progress=false")
		want := "tafl match: -p2: the engine's program " + c.prog + " cannot be run ("
		if code != 1 || stdout != "" || !strings.HasPrefix(errOut, want) || !strings.Contains(errOut, c.why+"): fix its path, or install it\n") {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want exit 1 and %q…%s", c.prog, code, stdout, errOut, want, c.why)
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("%s: the -out folder was made", c.prog)
		}
	}
}

func TestMatchEngineExits(t *testing.T) {
	// An engine that exits at once (no hello) loses its games.
	out, _, code := runTafl(t, "", "match", "-variant", "brandubh", "-p1", "depth=1", "-p2", "otep:/bin/true",
		"-games", "2", "-progress=false")
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	tab := matchTable(t, out)
	if tab[0][1] != 2 || !strings.Contains(out, "the engine exited") {
		t.Errorf("p1 won %d games, want 2; output:\n%s", tab[0][1], out)
	}
}

// A game reaching the move cap is a draw, tagged in its record and
// counted in the summary; no progress bar when stderr is not a terminal.
func TestMatchMoveCap(t *testing.T) {
	dir := t.TempDir()
	out, errOut, code := runTafl(t, "", "match", "-variant", "brandubh", "-p1", "depth=1", "-p2", "depth=1",
		"-games", "2", "-maxplies", "3", "-out", dir)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if errOut != "" {
		t.Errorf("stderr is not a terminal, yet got %q", errOut)
	}
	if !strings.Contains(out, "adjudicated draws (move cap 3 plies): 2") {
		t.Errorf("summary does not count the capped games:\n%s", out)
	}
	for _, g := range checkRecords(t, dir, 2, 0) {
		if g.Outcome().Winner != tafl.NoSide {
			t.Errorf("capped game won by %s", g.Outcome().Winner)
		}
	}
	data, _ := os.ReadFile(filepath.Join(dir, "game-0001.otg"))
	if !strings.Contains(string(data), "[adjudication:draw by the move cap of 3 plies after the opening]") {
		t.Errorf("record has no adjudication tag:\n%s", data)
	}
	// A cap of one ply is one ("move cap 1 plies"). (-force: the same
	// folder, whose earlier records are replaced.)
	out, errOut, code = runTafl(t, "", "match", "-variant", "brandubh", "-p1", "depth=1", "-p2", "depth=1",
		"-games", "2", "-maxplies", "1", "-out", dir, "-force")
	if code != 0 || !strings.Contains(out, "adjudicated draws (move cap 1 ply): 2\n") {
		t.Errorf("-maxplies 1: exit %d, %s\n%s", code, errOut, out)
	}
	data, _ = os.ReadFile(filepath.Join(dir, "game-0001.otg"))
	if !strings.Contains(string(data), "[adjudication:draw by the move cap of 1 ply after the opening]") {
		t.Errorf("-maxplies 1: the record's tag:\n%s", data)
	}
}

// -nps and -nodes together are a usage error.
func TestMatchBudgetFlags(t *testing.T) {
	if _, _, code := runTafl(t, "", "match", "-nps", "10", "-nodes", "10"); code != 2 {
		t.Errorf("-nps with -nodes: exit %d, want 2", code)
	}
	// A budget of 0 is refused as the message says, not taken as none
	// given (-nodes 0 played at each level's own budget, -settle 0 waited
	// 250 ms).
	for _, flag := range []string{"-time", "-nodes", "-nps", "-settle"} {
		out, errOut, code := runTafl(t, "", "match", "-variant", "brandubh", "-p1", "depth=1", "-p2", "depth=1", "-games", "2", "-maxplies", "2", flag, "0")
		if want := "tafl match: -time, -nodes, -nps and -settle must be positive\n"; code != 2 || out != "" || errOut != want {
			t.Errorf("%s 0: exit %d, stdout %q, stderr %q; want exit 2 and %q", flag, code, out, errOut, want)
		}
	}
}

// TestGamesFromAFinishedStart: tafl match and tafl openings refuse a
// start in which the game is already over, also when it is over because
// the side to move has no move (a custom start without attackers): the
// match played its "games" (each won by the defenders before any move)
// and tafl openings tested every candidate. The end is said in words, as
// tafl moves and tafl ai say it (not "defenders-won, no-moves").
func TestGamesFromAFinishedStart(t *testing.T) {
	noAttackers := []string{"-rules", "dim:7 start:/7/7/7/3K3/7/7/7/"}
	escaped := []string{"-variant", "brandubh", "-position", "/K6/7/7/7/7/7/1t5/"}
	openings := filepath.Join(t.TempDir(), "openings.txt")
	if err := os.WriteFile(openings, []byte("/7/7/7/3K3/7/7/7/ attackers\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	const over = " is already over in the start position (Defenders win · the "
	for _, c := range []struct {
		args []string
		want string
	}{
		{append([]string{"match", "-p1", "depth=1", "-p2", "depth=1", "-games", "2"}, noAttackers...), "tafl match: the game" + over + "attackers had no pieces left): no game can be played from it\n"},
		{append([]string{"match", "-p1", "depth=1", "-p2", "depth=1", "-games", "2"}, escaped...), "tafl match: the game" + over + "king escaped): no game can be played from it\n"},
		{append([]string{"openings", "-count", "1", "-nodes", "1"}, noAttackers...), "tafl openings: the game" + over + "attackers had no pieces left): no game can be played from it\n"},
		{append([]string{"openings", "-count", "1", "-nodes", "1"}, escaped...), "tafl openings: the game" + over + "king escaped): no game can be played from it\n"},
		{[]string{"match", "-rules", "dim:7 start:/3t3/7/7/3K3/7/7/7/", "-openings", openings, "-p1", "depth=1", "-p2", "depth=1", "-games", "2"},
			"tafl match: " + openings + ":1: the game is already over in this position\n"},
	} {
		stdout, errOut, code := runTafl(t, "", c.args...)
		if code != 1 || stdout != "" || errOut != c.want {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 1 and only %q", c.args, code, stdout, errOut, c.want)
		}
	}
}

// TestMatchInterrupted: a match stopped by Ctrl-C printed its summary as
// that of a whole match of fewer games and exited 0; the summary says it
// was interrupted after how many of the games asked for, exit status 1.
func TestMatchInterrupted(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	cmd := exec.Command(exe, "match", "-variant", "brandubh", "-p1", "depth=2", "-p2", "depth=2", "-games", "10000", "-concurrency", "1", "-out", dir, "-progress=false")
	cmd.Env = append(os.Environ(), "TAFL_TEST_EXEC=1")
	var out strings.Builder
	cmd.Stdout = &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Once a game is played, Ctrl-C.
	deadline := time.Now().Add(30 * time.Second)
	for {
		if files, _ := filepath.Glob(filepath.Join(dir, "*.otg")); len(files) > 0 || time.Now().After(deadline) {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	cmd.Process.Signal(os.Interrupt)
	err = cmd.Wait()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 1 {
		t.Errorf("exit: %v, want status 1", err)
	}
	last := strings.TrimSpace(out.String())
	if i := strings.LastIndex(last, "\n"); i >= 0 {
		last = last[i+1:]
	}
	if !strings.HasPrefix(last, "interrupted after ") || !strings.HasSuffix(last, " of 10000 games: the match is not complete") {
		t.Errorf("summary ends %q, want it to say the match was interrupted:\n%s", last, out.String())
	}
}

// TestMatchRefusesAnEarlierMatchsFolder: -out and -transcripts wrote into
// a folder that held an earlier match's files, overwriting those of the
// same numbers and leaving the rest (a longer match's) without a word; the
// match is refused, changing nothing, and -force removes them first.
func TestMatchRefusesAnEarlierMatchsFolder(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("TAFL_TEST_EXEC", "1")
	out, sessions := t.TempDir(), t.TempDir()
	base := []string{"match", "-variant", "brandubh", "-p1", "depth=1", "-p2", "depth=1", "-opening", "2", "-maxplies", "20", "-progress=false"}
	if o, errOut, code := runTafl(t, "", append(base, "-games", "4", "-out", out)...); code != 0 {
		t.Fatalf("the first match: exit %d: %s\n%s", code, errOut, o)
	}
	earlier, err := os.ReadFile(filepath.Join(out, "game-0001.otg"))
	if err != nil {
		t.Fatal(err)
	}
	// Another file in the folder is not the match's: it stays.
	if err := os.WriteFile(filepath.Join(out, "notes.txt"), []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	o, errOut, code := runTafl(t, "", append(base, "-games", "2", "-seed", "2", "-out", out)...)
	want := "tafl match: -out " + out + " holds 4 game records of an earlier run (game-0001.otg, …), which this one would overwrite: give a new or empty folder, or -force to replace them\n"
	if code != 1 || o != "" || errOut != want {
		t.Errorf("into the first match's folder: exit %d, stdout %q, stderr %q; want exit 1 and %q", code, o, errOut, want)
	}
	if now, _ := os.ReadFile(filepath.Join(out, "game-0001.otg")); string(now) != string(earlier) {
		t.Error("the refused match changed game-0001.otg")
	}
	// An OTEP session file of an earlier match in -transcripts, too.
	if err := os.WriteFile(filepath.Join(sessions, "game-0003-p2.otep"), []byte("> hello\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	otep := []string{"-p2", "otep:" + exe + " otep -depth 1", "-settle", "1ms", "-transcripts", sessions}
	_, errOut, code = runTafl(t, "", append(append(base, "-games", "2", "-out", t.TempDir()), otep...)...)
	if code != 1 || !strings.Contains(errOut, "-transcripts "+sessions+" holds 1 transcript of an earlier run (game-0003-p2.otep, …)") {
		t.Errorf("into an earlier match's transcripts: exit %d, stderr %q", code, errOut)
	}
	// -force replaces them: the folders hold this match's files only.
	if o, errOut, code := runTafl(t, "", append(append(base, "-games", "2", "-seed", "2", "-out", out, "-force"), otep...)...); code != 0 {
		t.Fatalf("-force: exit %d: %s\n%s", code, errOut, o)
	}
	for dir, want := range map[string]string{out: "game-0001.otg game-0002.otg notes.txt", sessions: "game-0001-p2.otep game-0002-p2.otep"} {
		entries, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		if got := strings.Join(names, " "); got != want {
			t.Errorf("after -force %s holds %s, want %s", dir, got, want)
		}
	}
	if _, errOut, code := runTafl(t, "", append(base, "-games", "2", "-force")...); code != 2 || !strings.Contains(errOut, "-force goes with -out or -transcripts") {
		t.Errorf("-force alone: exit %d, %q", code, errOut)
	}
}

// TestMatchWarnsOfUnequalSeats: taflbot's engine in this process on a time
// limit against an OTEP engine is the stronger for paying none of the
// protocol's and process's overhead (some +100 Elo at 200 ms), and the
// match said nothing of it; it starts with one warning line on stderr,
// saying how to make the seats equal. Node and depth limits, and seats
// alike, get none.
func TestMatchWarnsOfUnequalSeats(t *testing.T) {
	const warning = "tafl match: warning: the seats are unequal: "
	for _, c := range []struct {
		args []string
		want string // the warning's line, "" for none
	}{
		{[]string{"-p1", "time=20ms", "-p2", "otep:/bin/true"},
			warning + "-p1 (time=20ms) searches in this process on a time limit and pays none of the OTEP protocol's and process's overhead that -p2 pays (some +100 Elo at 200 ms a move); to make them equal, play both over OTEP, such as -p1 \"otep:tafl otep -time 20ms\"\n"},
		{[]string{"-p1", "otep:/bin/true", "-p2", "hard", "-time", "20ms"},
			warning + "-p2 (hard) searches in this process on a time limit and pays none of the OTEP protocol's and process's overhead that -p1 pays (some +100 Elo at 200 ms a move); to make them equal, play both over OTEP, such as -p2 \"otep:tafl otep -time 20ms\"\n"},
		{[]string{"-p1", "hard", "-p2", "otep:/bin/true", "-nps", "1000"}, ""},
		{[]string{"-p1", "nodes=100", "-p2", "otep:/bin/true", "-time", "20ms"}, ""},
		{[]string{"-p1", "depth=1", "-p2", "otep:/bin/true"}, ""},
		{[]string{"-p1", "hard", "-p2", "time=20ms", "-time", "20ms"}, ""},
		{[]string{"-p1", "otep:/bin/true", "-p2", "otep:/bin/true", "-time", "20ms"}, ""},
	} {
		args := append([]string{"match", "-variant", "brandubh", "-games", "2", "-maxplies", "2", "-progress=false"}, c.args...)
		_, errOut, _ := runTafl(t, "", args...)
		got := ""
		for _, l := range strings.SplitAfter(errOut, "\n") {
			if strings.Contains(l, "warning") {
				got += l
			}
		}
		if got != c.want || c.want != "" && !strings.HasPrefix(errOut, c.want) {
			t.Errorf("%v: stderr %q, want the warning %q first", c.args, errOut, c.want)
		}
	}
}
