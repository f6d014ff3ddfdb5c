package main

import (
	"bytes"
	"image/gif"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/taflbot/taflbot/tafl"
)

func TestRenderCommand(t *testing.T) {
	out := filepath.Join(t.TempDir(), "board.png")
	_, errOut, code := runTafl(t, "", "render", "-variant", "brandubh", "-moves", "b4-b3 c4-c2", "-o", out, "-size", "300", "-theme", "dark", "-flip", "-caption", "auto")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("not a PNG: %v", err)
	}
	if b := img.Bounds(); b.Dx() != 300 || b.Dy() <= 300 {
		t.Errorf("size %v, want 300 wide with a caption band below", b)
	}

	// To standard output, without a caption: square.
	stdout, errOut, code := runTafl(t, "", "render", "-variant", "tablut", "-o", "-", "-size", "200")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	img, err = png.Decode(strings.NewReader(stdout))
	if err != nil {
		t.Fatalf("stdout is not a PNG: %v", err)
	}
	if b := img.Bounds(); b.Dx() != 200 || b.Dy() != 200 {
		t.Errorf("size %v, want 200x200", b)
	}
}

func TestRenderCommandErrors(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "board.png")
	tests := []struct {
		name string
		args []string
		code int
		want string
	}{
		{"no output", []string{"render"}, 2, "-o FILE is required"},
		{"bad theme", []string{"render", "-o", out, "-theme", "sepia"}, 2, "unknown theme"},
		{"bad size", []string{"render", "-o", out, "-size", "5"}, 2, "-size 5 is out of range"},
		{"stray argument", []string{"render", "-o", out, "e1-e3"}, 2, "-moves"},
		{"illegal move", []string{"render", "-o", out, "-moves", "e1-e3 a1-a2"}, 1, "move 2 (a1-a2)"},
		{"unknown variant", []string{"render", "-o", out, "-variant", "chess"}, 2, "chess"},
		// A usage error like -size's (it exited 1).
		{"caption of 4 lines", []string{"render", "-o", out, "-caption", "a\nb\nc\nd"}, 2, "tafl render: -caption has 4 lines: a caption has at most 3\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, errOut, code := runTafl(t, "", tt.args...)
			if code != tt.code || !strings.Contains(errOut, tt.want) {
				t.Errorf("exit %d, stderr %q; want exit %d and %q", code, errOut, tt.code, tt.want)
			}
			if _, err := os.Stat(out); err == nil {
				t.Errorf("%s was written despite the error", out)
			}
		})
	}
}

func TestReplayCommand(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "game.gif")
	moves := "b4-b3 c4-c2 a4-c4 e4-e3 f4-e4"
	_, errOut, code := runTafl(t, "", "replay", "-variant", "brandubh", "-moves", moves, "-o", out, "-size", "240", "-delay", "500ms")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	a, err := gif.DecodeAll(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("not a GIF: %v", err)
	}
	if len(a.Image) != 6 || a.Delay[0] != 50 || a.Config.Width != 240 {
		t.Errorf("%d frames, first delay %d, width %d; want 6 frames, 50, 240", len(a.Image), a.Delay[0], a.Config.Width)
	}

	// The same game from an OTN record on standard input.
	v, err := tafl.Preset("brandubh", "")
	if err != nil {
		t.Fatal(err)
	}
	g := tafl.NewGame(v)
	for _, m := range strings.Fields(moves) {
		if _, err := g.PlayText(m); err != nil {
			t.Fatal(err)
		}
	}
	record := tafl.EncodeGame(g, nil)
	stdout, errOut, code := runTafl(t, record, "replay", "-otg", "-", "-o", "-", "-size", "240", "-delay", "500ms")
	if code != 0 {
		t.Fatalf("-otg: exit %d: %s", code, errOut)
	}
	if stdout != string(data) {
		t.Error("-otg replay differs from the -moves replay of the same game")
	}

	_, errOut, code = runTafl(t, record, "replay", "-otg", "-", "-moves", "b4-b3", "-o", "-")
	if code != 2 || !strings.Contains(errOut, "-moves does not go with -otg") {
		t.Errorf("-otg with -moves: exit %d, %q", code, errOut)
	}
	_, errOut, code = runTafl(t, record, "replay", "-otg", "-", "-repetition", "draw", "-o", "-")
	if code != 2 || !strings.Contains(errOut, "-repetition does not go with -otg") {
		t.Errorf("-otg with -repetition: exit %d, %q", code, errOut)
	}
	// A GIF frame is shown for at most 655.35 s; a longer delay wrapped round.
	_, errOut, code = runTafl(t, record, "replay", "-otg", "-", "-delay", "11m", "-o", "-")
	if code != 2 || !strings.Contains(errOut, "-delay and -final can be at most 10m55.35s") {
		t.Errorf("-delay 11m: exit %d, %q", code, errOut)
	}
	_, errOut, code = runTafl(t, "[rules:nonsense]\n1. zz", "replay", "-otg", "-", "-o", "-")
	if code != 1 || errOut == "" {
		t.Errorf("bad record: exit %d, %q", code, errOut)
	}
}

// TestRulesCommand: tafl rules prints the rules page and, with -o, draws
// the start and the examples; a bad -size is refused before anything is
// printed or written (it used to print the page, write start.png and then
// fail).
func TestRulesCommand(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "rules")
	stdout, errOut, code := runTafl(t, "", "rules", "-variant", "brandubh", "-o", dir, "-size", "200")
	if code != 0 || !strings.Contains(stdout, "Brandubh") || !strings.Contains(stdout, "Examples") {
		t.Fatalf("exit %d, %q, %q", code, stdout, errOut)
	}
	for _, name := range []string{"start.png", "1.png"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Error(err)
		}
	}
	bad := filepath.Join(t.TempDir(), "bad")
	for _, size := range []string{"5", "-5", "99999"} {
		stdout, errOut, code = runTafl(t, "", "rules", "-variant", "brandubh", "-o", bad, "-size", size)
		if code != 2 || stdout != "" || !strings.Contains(errOut, "-size "+size+" is out of range: use 160 to 2048") {
			t.Errorf("-size %s: exit %d, %q, %q", size, code, stdout, errOut)
		}
		if _, err := os.Stat(bad); err == nil {
			t.Errorf("-size %s: %s was created", size, bad)
		}
	}
}

// TestRulesUnplayableStart: a rules string whose start no game can be
// played from (no attackers; the king already escaped) is refused, as
// the bot's /tafl rules refuses it: tafl rules printed the page of a game
// over before it began, and drew its pictures. One without a king was
// refused already.
func TestRulesUnplayableStart(t *testing.T) {
	for _, c := range []struct{ rules, want string }{
		{"dim:7 start:/7/7/7/3K3/7/7/7/", "tafl rules: -rules: its start position has no attackers (t): a game needs both sides\n"},
		{"dim:7 start:/7/7/3T3/3K3/7/7/7/", "tafl rules: -rules: its start position has no attackers (t): a game needs both sides\n"},
		{"dim:7 esc:e start:/3t3/7/7/7/7/7/K6/", "tafl rules: -rules: the game is already over in its start position (Defenders win · the king escaped): no game can be played from it\n"},
		{"dim:7 start:/7/7/7/3K3/7/1T5/1tT4/", "tafl rules: -rules: the attackers, who move first, have no legal move in its start position: the game would be over before it began\n"},
		{"dim:7 start:/3t3/7/7/7/7/7/7/", "tafl rules: bad position \"/3t3/7/7/7/7/7/7/\": a position needs exactly one king (K); this one has 0\n"},
	} {
		dir := filepath.Join(t.TempDir(), "rules")
		stdout, errOut, code := runTafl(t, "", "rules", "-rules", c.rules, "-o", dir)
		if code != 2 || stdout != "" || errOut != c.want {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want exit 2 and %q", c.rules, code, stdout, errOut, c.want)
		}
		if _, err := os.Stat(dir); err == nil {
			t.Errorf("%s: %s was created", c.rules, dir)
		}
	}
	// One attacker and the king: a game (the page is printed).
	if stdout, errOut, code := runTafl(t, "", "rules", "-rules", "dim:7 start:/3t3/7/7/3K3/7/7/7/"); code != 0 || !strings.Contains(stdout, "The attackers (1 dark disc)") {
		t.Errorf("one attacker: exit %d, %q, %q", code, stdout, errOut)
	}
}

// TestFolderFlagNamesAFile: a file given where a folder is expected (tafl
// rules -o, tafl match -out and -transcripts, tafl openings -out) is
// refused before any output or work, saying that a folder is wanted; tafl
// rules printed its whole page and then "mkdir FILE: not a directory".
func TestFolderFlagNamesAFile(t *testing.T) {
	file := filepath.Join(t.TempDir(), "notes.txt")
	if err := os.WriteFile(file, []byte("kept"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"rules", "-variant", "brandubh", "-o", file}, "tafl rules: -o " + file + " is a file: give a folder for the pictures (start.png, 1.png, …)\n"},
		{[]string{"rules", "-variant", "brandubh", "-o", filepath.Join(file, "sub")}, "tafl rules: -o: cannot make a folder for the pictures (start.png, 1.png, …): mkdir " + file + ": not a directory\n"},
		{[]string{"match", "-variant", "brandubh", "-games", "2", "-out", file}, "tafl match: -out " + file + " is a file: give a folder for the game records (.otg)\n"},
		{[]string{"match", "-variant", "brandubh", "-games", "2", "-p2", "otep:/bin/true", "-transcripts", file}, "tafl match: -transcripts " + file + " is a file: give a folder for the engines' OTEP sessions\n"},
		{[]string{"openings", "-variant", "brandubh", "-out", file}, "tafl openings: -out " + file + " is a file: give a folder for the test games' records (.otg)\n"},
	} {
		stdout, errOut, code := runTafl(t, "", c.args...)
		if code != 1 || stdout != "" || errOut != c.want {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 1, nothing printed and %q", c.args, code, stdout, errOut, c.want)
		}
	}
	if data, _ := os.ReadFile(file); string(data) != "kept" {
		t.Errorf("the file was changed: %q", data)
	}
}

// TestPictureOutputCheckedFirst: render and replay find an -o they cannot
// write (a missing folder, a folder) before they read and draw the game:
// the error is the file's even when a move is illegal too (they drew
// first, and only the write failed).
func TestPictureOutputCheckedFirst(t *testing.T) {
	dir := t.TempDir()
	for _, cmd := range []string{"render", "replay"} {
		for _, out := range []string{filepath.Join(dir, "missing", "board.out"), dir} {
			_, errOut, code := runTafl(t, "", cmd, "-variant", "brandubh", "-moves", "b4-b3 a1-a2", "-o", out)
			if code != 1 || !strings.Contains(errOut, "tafl "+cmd+": open "+out+": ") || strings.Contains(errOut, "a1-a2") {
				t.Errorf("%s -o %s: exit %d %q, want the file's error", cmd, out, code, errOut)
			}
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) > 0 {
		t.Errorf("%s left behind", entries[0].Name())
	}
}

// TestAutoCaptionSaysTheEnd: -caption auto said a finished game's end by
// its reason's name ("Attackers win: no moves", "Attackers win:
// repetition"), not whose moves ran out nor who repeated, where the
// bot's pictures and tafl replay say it in words. And it counted the
// half-moves ("move 8" after 1. … 4. d1-d3 …), where every caption and
// record counts moves in pairs ("move 4").
func TestAutoCaptionSaysTheEnd(t *testing.T) {
	play := func(variant, position, rules string, moves ...string) *tafl.Game {
		t.Helper()
		s := setup{variant: variant, position: position, rules: rules}
		g, err := s.Game()
		if err != nil {
			t.Fatal(err)
		}
		if _, err := PlayMoves(g, moves); err != nil {
			t.Fatal(err)
		}
		return g
	}
	shuffle := []string{"d1-d2", "e5-e3", "d2-d1", "e3-e5", "d1-d2", "e5-e3", "d2-d1", "e3-e5"}
	for _, c := range []struct {
		g    *tafl.Game
		want string
	}{
		{play("brandubh", "/3t3/3t3/3T3/ttt1Ttt/3T3/3t3/K2t3/", ""), "Defenders win · the king escaped"},
		{play("copenhagen", "", "", shuffle...), "Attackers win · the defenders repeated the position"},
		{play("", "", "dim:7 surf:n start:/1t5/7/3t3/2tKt2/3t3/7/7/", "b1-b2"), "Attackers win · the defenders had no legal move"},
		{play("brandubh", "", ""), "Attackers to move · move 1"},
		// Moves are counted in pairs: after 1. d2-c2 d3-e3 2. g4-g5 the
		// defenders play 2…, not the fourth move (the caption said "move 4").
		{play("brandubh", "", "", "d2-c2", "d3-e3", "g4-g5"), "Defenders to move · move 2"},
		{play("brandubh", "", "", "d2-c2", "d3-e3"), "Attackers to move · move 2"},
		// Tablut: the defenders move first, 1. e3-c3 d1-d2 2. c3-c2xd2.
		{play("tablut", "", "", "e3-c3", "d1-d2", "c3-c2"), "Attackers to move · move 2"},
	} {
		if got := autoCaption(c.g); got != c.want {
			t.Errorf("caption %q, want %q", got, c.want)
		}
	}
}
