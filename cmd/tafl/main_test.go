package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/taflbot/taflbot/tafl"
)

// runTafl runs the command in-process and returns stdout, stderr and the exit status.
func runTafl(t *testing.T, stdin string, args ...string) (string, string, int) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(args, strings.NewReader(stdin), &out, &errOut)
	return out.String(), errOut.String(), code
}

// TestVariantsRules: -rules prints every preset's layouts with rules
// strings that read back as that preset.
func TestVariantsRules(t *testing.T) {
	out, _, code := runTafl(t, "", "variants", "-rules")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	n := 0
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		f := strings.SplitN(l, " ", 3)
		if len(f) != 3 {
			t.Fatalf("line %q", l)
		}
		v, err := tafl.Preset(f[0], f[1])
		if err != nil {
			t.Fatal(err)
		}
		if f[2] != v.RulesString() {
			t.Errorf("%s %s: %q", f[0], f[1], f[2])
		}
		n++
	}
	if n < len(tafl.Presets()) || !strings.Contains(out, "tablut standard dim:9 ") {
		t.Errorf("%d lines:\n%s", n, out)
	}
}

func TestVariants(t *testing.T) {
	out, _, code := runTafl(t, "", "variants")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	want := []string{"copenhagen", "fetlar", "brandubh", "ard-ri", "tablut", "tablut-helmfrid", "hnefatafl-9", "cyning-taefl", "tawlbwrdd", "alea-evangelii"}
	if len(lines) != len(want) {
		t.Fatalf("%d lines, want %d:\n%s", len(lines), len(want), out)
	}
	for i, w := range want {
		f := strings.Fields(lines[i])
		if f[0] != w || len(f) < 3 {
			t.Errorf("line %d = %q, want name %s, size, description", i, lines[i], w)
		}
	}
	if !strings.Contains(lines[0], "11x11") || !strings.Contains(lines[2], "7x7") || !strings.Contains(lines[9], "19x19") {
		t.Errorf("sizes missing:\n%s", out)
	}
	if !strings.HasSuffix(lines[8], "weak king (layouts lewis, bell, lewis-cross)") {
		t.Errorf("tawlbwrdd's line does not end with its layouts: %q", lines[8])
	}
}

func TestMoves(t *testing.T) {
	out, _, code := runTafl(t, "", "moves", "-variant", "brandubh")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	moves := strings.Fields(out)
	// Brandubh start: each of the 8 attackers has 5 moves (worked out by hand:
	// d7: a7? no — d7 slides west to b7/c7 (a7 is a corner), east to e7/f7, south blocked by d6: 4;
	// d6: west a6..c6 (3) + east e6..g6 (3) = 6; the other six likewise) — so just check the
	// count against perft 1 and the order.
	if len(moves) != 40 {
		t.Errorf("%d moves, want 40", len(moves))
	}
	if !slices.IsSorted(moves) {
		t.Errorf("moves not sorted: %v", moves)
	}
	for _, m := range moves {
		if strings.HasSuffix(m, "-a7") || strings.HasSuffix(m, "-a1") || strings.HasSuffix(m, "-g1") || strings.HasSuffix(m, "-g7") || strings.HasSuffix(m, "-d4") {
			t.Errorf("attacker move onto a corner or the throne: %s", m)
		}
	}
	js, _, code := runTafl(t, "", "moves", "-variant", "brandubh", "-json")
	var got struct{ Moves []string }
	if code != 0 || json.Unmarshal([]byte(js), &got) != nil || !slices.Equal(got.Moves, moves) {
		t.Errorf("-json = %s (exit %d)", js, code)
	}
}

// TestMovesBoardOrder: on a board of ten ranks or more the moves are
// listed by file, then rank as a number (f2-… before f10-…, a king's
// i3-i10 after i3-i9); they were sorted as text, f10 before f2.
func TestMovesBoardOrder(t *testing.T) {
	// square gives a square's file letter and rank number.
	square := func(s string) (byte, int) {
		n, _ := strconv.Atoi(s[1:])
		return s[0], n
	}
	key := func(m string) []int {
		from, to, _ := strings.Cut(m, "-")
		ff, fr := square(from)
		tf, tr := square(to)
		return []int{int(ff), fr, int(tf), tr}
	}
	for _, args := range [][]string{
		{"moves", "-variant", "copenhagen"},
		{"moves", "-variant", "copenhagen", "-position", "/11/11/8K2/11/11/11/11/11/11/1t9/11/", "-side", "defenders"},
	} {
		out, errOut, code := runTafl(t, "", args...)
		moves := strings.Fields(out)
		if code != 0 || len(moves) == 0 {
			t.Fatalf("%v: exit %d, %s", args, code, errOut)
		}
		if !slices.IsSortedFunc(moves, func(a, b string) int { return slices.Compare(key(a), key(b)) }) {
			t.Errorf("%v: not in board order: %v", args, moves)
		}
	}
	out, _, _ := runTafl(t, "", "moves", "-variant", "copenhagen")
	if f2, f10 := strings.Index(out, "\nf2-"), strings.Index(out, "\nf10-"); f2 < 0 || f10 < 0 || f2 > f10 {
		t.Errorf("f10's moves before f2's:\n%s", out)
	}
}

// A game the defenders won by capturing the attackers' last piece read
// "the attackers had no legal move", true but odd: tafl play, and a move
// after the end, say they had no pieces left (the end reason stays
// no-moves); a side walled in still had no legal move.
func TestPlayAttackersHadNoPiecesLeft(t *testing.T) {
	const rules = "dim:7 atkf:n start:/7/7/7/7/7/1T5/1t2K2/"
	out, _, code := runTafl(t, "", "play", "-rules", rules, "e7-c7")
	if want := "result:   defenders-won (no-moves: the attackers had no pieces left)\n"; code != 0 || !strings.HasSuffix(out, want) {
		t.Errorf("exit %d, stdout %q; want it to end %q", code, out, want)
	}
	_, errOut, code := runTafl(t, "", "play", "-rules", rules, "e7-c7", "c7-c6")
	if want := "move 2 (c7-c6): the game is over (Defenders win · the attackers had no pieces left)"; code != 1 || !strings.Contains(errOut, want) {
		t.Errorf("a move after the end: exit %d, stderr %q; want %q", code, errOut, want)
	}
	out, _, _ = runTafl(t, "", "play", "-rules", "dim:7 surf:n start:/1t5/7/3t3/2tKt2/3t3/7/7/", "b1-b2")
	if want := "(no-moves: the defenders had no legal move)"; !strings.Contains(out, want) {
		t.Errorf("the king walled in: stdout %q; want %q", out, want)
	}
}

// On a finished game tafl moves says the game is over, who won and how,
// in words as the bot's result line does (not "defenders-won,
// no-moves"), and fails (it printed nothing and exited 0).
func TestMovesGameOver(t *testing.T) {
	pos := []string{"moves", "-variant", "brandubh", "-position", "/K6/7/7/7/7/7/1t5/"}
	out, errOut, code := runTafl(t, "", pos...)
	if code != 1 || out != "" || !strings.Contains(errOut, "the game is over (Defenders win · the king escaped)") {
		t.Errorf("exit %d, stdout %q, stderr %q; want exit 1 and the game's end on stderr", code, out, errOut)
	}
	_, errOut, code = runTafl(t, "", "moves", "-rules", "dim:7 start:/7/7/7/3K3/7/7/7/")
	if want := "the game is over (Defenders win · the attackers had no pieces left): there are no moves"; code != 1 || !strings.Contains(errOut, want) {
		t.Errorf("no attacker left: exit %d, stderr %q; want exit 1 and %q", code, errOut, want)
	}
	// A record whose position tag holds a finished game: its first move
	// is refused saying how the game ended, in words.
	otg := filepath.Join(t.TempDir(), "over.otg")
	if err := os.WriteFile(otg, []byte("[variant:brandubh]\n[position:/7/7/7/3K3/7/7/7/]\n\n1. d4-d5\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, errOut, code = runTafl(t, "", "replay", "-otg", otg, "-o", filepath.Join(t.TempDir(), "r.gif"))
	if want := "move 1 (d4-d5): the game is over (Defenders win · the attackers had no pieces left)"; code == 0 || !strings.Contains(errOut, want) {
		t.Errorf("a record of a finished position: exit %d, stderr %q; want %q", code, errOut, want)
	}
	js, errOut, code := runTafl(t, "", append(pos, "-json")...)
	if want := `{"moves":[],"status":"defenders-won","reason":"king-escaped"}` + "\n"; code != 1 || js != want || errOut != "" {
		t.Errorf("-json: exit %d, stdout %q, stderr %q; want exit 1 and %q", code, js, errOut, want)
	}
	// A game under way is answered as before: the moves alone.
	js, _, code = runTafl(t, "", "moves", "-variant", "brandubh", "-position", "/2K4/7/7/7/7/7/1t5/", "-json")
	if want := `{"moves":["b7-b1","b7-b2","b7-b3","b7-b4","b7-b5","b7-b6","b7-c7","b7-d7","b7-e7","b7-f7"]}` + "\n"; code != 0 || js != want {
		t.Errorf("a game under way: exit %d, %q; want %q", code, js, want)
	}
}

type playOut struct {
	Variant string `json:"variant"`
	Moves   []struct {
		Move, Notation, Announce string
		Captures                 []string
	} `json:"moves"`
	Position string          `json:"position"`
	ToMove   string          `json:"to_move"`
	Status   string          `json:"status"`
	Reason   string          `json:"reason"`
	Error    json.RawMessage `json:"error"`
}

func TestPlayJSON(t *testing.T) {
	out, _, code := runTafl(t, "", "play", "-json", "d1-d3", "e5-e2", "g1-g3", "f4-c4", "g3-e3")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, out)
	}
	var p playOut
	if err := json.Unmarshal([]byte(out), &p); err != nil {
		t.Fatal(err)
	}
	if p.Variant != "copenhagen" || len(p.Moves) != 5 || p.Status != "ongoing" || p.Reason != "" || string(p.Error) != "null" || p.ToMove != "defenders" {
		t.Fatalf("unexpected: %s", out)
	}
	last := p.Moves[4]
	if last.Notation != "g3-e3xe2" || !slices.Equal(last.Captures, []string{"e2"}) {
		t.Errorf("capture not reported: %+v", last)
	}
	if p.Moves[0].Captures == nil {
		t.Error("captures must be [] not null")
	}
}

func TestPlayStopsAtIllegalMove(t *testing.T) {
	out, _, code := runTafl(t, "", "play", "-json", "d1-d3", "e5-e2", "d3-d1", "h1-h9")
	if code != 1 {
		t.Fatalf("exit %d, want 1", code)
	}
	var p playOut
	if err := json.Unmarshal([]byte(out), &p); err != nil {
		t.Fatal(err)
	}
	var e struct {
		Index  int
		Move   string
		Reason string
	}
	if err := json.Unmarshal(p.Error, &e); err != nil {
		t.Fatal(err)
	}
	// d3-d1 is an attacker move on the defenders' turn? No: after d1-d3 (att) and
	// e5-e2 (def), d3-d1 is legal for the attackers; h1-h9 is then a defenders' turn.
	if e.Index != 3 || e.Move != "h1-h9" || !strings.Contains(e.Reason, "the piece on h1 belongs to the attackers, and the defenders are to move") {
		t.Errorf("error = %+v", e)
	}
	if len(p.Moves) != 3 {
		t.Errorf("%d moves reported before the error, want 3", len(p.Moves))
	}
	// The path rule, with the square named.
	out, _, code = runTafl(t, "", "play", "-json", "f2-f4")
	if code != 1 || !strings.Contains(out, "the path is blocked at") && !strings.Contains(out, "occupied") {
		t.Errorf("f2-f4: exit %d, %s", code, out)
	}
}

func TestPlayAfterTheEnd(t *testing.T) {
	// Brandubh, king on b1 next to the corner a1, defenders to move.
	out, _, code := runTafl(t, "", "play", "-json", "-variant", "brandubh", "-position", "/1K5/7/7/7/3t3/7/7/", "-side", "defenders", "b1-a1", "d5-d6")
	if code != 1 {
		t.Fatalf("exit %d, want 1", code)
	}
	var p playOut
	if err := json.Unmarshal([]byte(out), &p); err != nil {
		t.Fatal(err)
	}
	if p.Status != "defenders-won" || p.Reason != "king-escaped" || len(p.Moves) != 1 || p.Moves[0].Notation != "Kb1-a1--" {
		t.Errorf("unexpected: %s", out)
	}
	if !strings.Contains(string(p.Error), `"index":1`) || !strings.Contains(string(p.Error), "over") {
		t.Errorf("error = %s", p.Error)
	}
}

// TestPlayReadsARecord: tafl play - reads a whole game record (.otg) on
// standard input as well as a list of moves, and -otg FILE reads one as
// analyse and replay do: the record's variant, moves and result (a
// resignation here); the position flags do not go with a record, a move
// list may carry turn numbers, and anything else is refused saying what
// standard input should hold.
func TestPlayReadsARecord(t *testing.T) {
	const record = "\ufeff[variant:brandubh]\n[result:1]\n\n1. a4-a3 d3-c3\n2. a3-a4 ---\n"
	want := `"variant":"brandubh","moves":[{"move":"a4-a3","notation":"a4-a3","captures":[],"announce":""},{"move":"d3-c3","notation":"d3-c3","captures":[],"announce":""},{"move":"a3-a4","notation":"a3-a4","captures":[],"announce":""}],"position":"/3t3/3t3/2T4/ttTKTtt/3T3/3t3/3t3/","to_move":"defenders","status":"attackers-won","reason":"resignation","error":null}`
	file := filepath.Join(t.TempDir(), "game.otg")
	if err := os.WriteFile(file, []byte(record), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"-"}, {"-otg", "-"}, {"-otg", file}} {
		out, errOut, code := runTafl(t, record, append([]string{"play", "-json"}, args...)...)
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("tafl play -json %v: exit %d: %s%s\nwant %s", args, code, out, errOut, want)
		}
	}
	out, _, code := runTafl(t, record, "play", "-")
	if code != 0 || !strings.Contains(out, "3. att     a3-a4") || !strings.Contains(out, "result:   attackers-won (resignation)") {
		t.Errorf("tafl play - (text): exit %d:\n%s", code, out)
	}
	// Turn numbers in a list of moves are left out.
	out, _, code = runTafl(t, "1. a4-a3 d3-c3\n2. a3-a4\n", "play", "-json", "-variant", "brandubh", "-")
	if code != 0 || !strings.Contains(out, want[:strings.Index(want, `"status"`)]) {
		t.Errorf("numbered moves: exit %d: %s", code, out)
	}
	for _, c := range []struct {
		stdin string
		args  []string
		code  int
		msg   string
	}{
		{record, []string{"-variant", "brandubh", "-"}, 2, "tafl play: -variant does not go with a game record on standard input: the record gives the variant, start and moves"},
		{record, []string{"-otg", file, "-side", "defenders"}, 2, "tafl play: -side does not go with -otg"},
		{"", []string{"-otg", file, "d1-d4"}, 2, "tafl play: -otg takes no moves"},
		{"[variant:brandubh]\n1. a4-a3 zz\n", []string{"-"}, 1, "tafl play: standard input: bad game: line 2: move 2 (zz): a move starts with the square the piece leaves"},
		{"hello d1-d4\n", []string{"-"}, 1, `tafl play: standard input is neither a game record (.otg: tags such as [variant:copenhagen], then numbered turns such as 1. d1-d4 f4-i4) nor a list of moves such as d1-d4 f4-i4: its first word "hello" is no move`},
		{"\x89PNG\r\n\x1a\n\x00\x00", []string{"-"}, 1, "nor a list of moves such as d1-d4 f4-i4: it is not text"},
	} {
		out, errOut, code := runTafl(t, c.stdin, append([]string{"play"}, c.args...)...)
		if code != c.code || out != "" || !strings.HasPrefix(errOut, c.msg) && !strings.Contains(errOut, c.msg) {
			t.Errorf("tafl play %v on %q: exit %d: %s%s\nwant exit %d and %q", c.args, c.stdin, code, out, errOut, c.code, c.msg)
		}
	}
}

func TestPlayFromStdin(t *testing.T) {
	out, _, code := runTafl(t, "d1-d3 e5-e2\n g1-g3\tf4-c4\ng3-e3xe2\n", "play", "-json", "-")
	if code != 0 || !strings.Contains(out, `"g3-e3xe2"`) {
		t.Errorf("exit %d: %s", code, out)
	}
	text, _, code := runTafl(t, "", "play", "d1-d3")
	if code != 0 || !strings.Contains(text, "d1-d3") || !strings.Contains(text, "to move:  defenders") {
		t.Errorf("text output: %s", text)
	}
}

// TestPlaySaysWhoHadNoMove: tafl play's result line for a game that
// ended because the side to move had no legal move said only
// "(no-moves)", not which side, in a draw as in a win.
func TestPlaySaysWhoHadNoMove(t *testing.T) {
	for _, c := range []struct{ rules, move, want string }{
		{"dim:7 surf:n start:/1t5/7/3t3/2tKt2/3t3/7/7/", "b1-b2", "result:   attackers-won (no-moves: the defenders had no legal move)\n"},
		{"dim:7 atkf:n surf:n tb-nomoves:draw start:/1T5/TtT4/1T5/3K3/7/7/7/", "d4-d5", "result:   draw (no-moves: the attackers had no legal move)\n"},
	} {
		out, _, code := runTafl(t, "", "play", "-rules", c.rules, c.move)
		if code != 0 || !strings.HasSuffix(out, c.want) {
			t.Errorf("tafl play -rules %q %s: exit %d:\n%s\nwant it to end %q", c.rules, c.move, code, out, c.want)
		}
	}
}

// TestPlaySaysWhoRepeated: tafl play's result line for a game a
// repetition decided said only "(repetition)", not which side repeated
// the position: the defenders in Copenhagen (they lose), the attackers
// there (the defenders lose all the same), the attackers under
// mover-loses (they lose); a draw stays "(repetition)".
func TestPlaySaysWhoRepeated(t *testing.T) {
	defenders := []string{"d1-d2", "e5-e3", "d2-d1", "e3-e5", "d1-d2", "e5-e3", "d2-d1", "e3-e5"}
	attackers := []string{"d1-d2", "e5-e3", "d2-d3", "e3-e5", "d3-d2", "e5-e3", "d2-d3", "e3-e5", "d3-d2"}
	for _, c := range []struct {
		flags, moves []string
		want         string
	}{
		{nil, defenders, "result:   attackers-won (repetition: the defenders repeated the position)\n"},
		{nil, attackers, "result:   attackers-won (repetition: a repetition by the attackers loses for the defenders)\n"},
		{[]string{"-repetition", "mover-loses"}, attackers, "result:   defenders-won (repetition: the attackers repeated the position)\n"},
		{[]string{"-repetition", "draw"}, attackers, "result:   draw (repetition)\n"},
	} {
		out, _, code := runTafl(t, "", append(append([]string{"play"}, c.flags...), c.moves...)...)
		if code != 0 || !strings.HasSuffix(out, c.want) {
			t.Errorf("tafl play %v %v: exit %d:\n%s\nwant it to end %q", c.flags, c.moves, code, out, c.want)
		}
	}
}

func TestPerft(t *testing.T) {
	out, _, code := runTafl(t, "", "perft", "-variant", "brandubh", "-depth", "2", "-json")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	var p struct{ Depth, Nodes int }
	if err := json.Unmarshal([]byte(out), &p); err != nil || p.Depth != 2 || p.Nodes == 0 {
		t.Fatalf("%s %v", out, err)
	}
	div, _, code := runTafl(t, "", "perft", "-variant", "brandubh", "-depth", "2", "-divide")
	lines := strings.Split(strings.TrimSpace(div), "\n")
	if code != 0 || len(lines) != 41 || lines[40] != "total "+itoa(p.Nodes) {
		t.Errorf("divide: %d lines, last %q, want total %d", len(lines), lines[len(lines)-1], p.Nodes)
	}
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

func TestUsageErrors(t *testing.T) {
	cases := []struct {
		args []string
		code int
		sub  string
	}{
		{nil, 2, "usage"},
		{[]string{"frobnicate"}, 2, "unknown command"},
		{[]string{"moves", "-variant", "chess"}, 2, "choose one of"},
		{[]string{"moves", "-variant", "brandubh", "-position", "/7/7/7/7/7/7/7/"}, 2, "exactly one king"},
		{[]string{"moves", "-variant", "brandubh", "-position", "/7/7/7/KK5/7/7/7/"}, 2, "this one has 2"},
		{[]string{"moves", "-variant", "brandubh", "-position", "/7/7/7"}, 2, "starts and ends"},
		{[]string{"moves", "-side", "attackers"}, 2, "-side goes with -position"},
		{[]string{"perft"}, 2, "-depth"},
		{[]string{"moves", "-rules", "dim:7 kj:y start:/7/7/7/3K3/7/7/7/"}, 2, "king jumps"},
		{[]string{"moves", "-nosuchflag"}, 2, "not defined"},
		// -side was ignored: the rules page is the variant's, from its start.
		{[]string{"rules", "-variant", "brandubh", "-side", "defenders"}, 2, "tafl rules: rules takes no arguments, no -position and no -side"},
		{[]string{"rules", "-variant", "brandubh", "-position", "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/"}, 2, "no -position"},
	}
	for _, c := range cases {
		_, errOut, code := runTafl(t, "", c.args...)
		if code != c.code || !strings.Contains(errOut, c.sub) {
			t.Errorf("tafl %v: exit %d, stderr %q; want %d and %q", c.args, code, errOut, c.code, c.sub)
		}
	}
}

// TestFlagsAfterTheArguments: flags are read only before the first other
// argument; a command's flag after it was taken for a record or a move
// ("tafl results: stat -draw: no such file or directory", "tafl play:
// move 2 (-json): …"). It is refused, saying to put the flags first; after
// "--" an argument is never a flag.
func TestFlagsAfterTheArguments(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"results", dir, "-draw", "repetition"}, "tafl results: -draw comes after \"" + dir + "\""},
		{[]string{"puzzles", dir, "-budget", "100"}, "tafl puzzles: -budget comes after \"" + dir + "\""},
		{[]string{"curve", dir, "--nodes=200"}, "tafl curve: --nodes=200 comes after \"" + dir + "\""},
		{[]string{"balance", dir, "-h"}, "tafl balance: -h comes after \"" + dir + "\""},
		{[]string{"play", "-variant", "brandubh", "b4-b3", "-json"}, "tafl play: -json comes after \"b4-b3\""},
	} {
		out, errOut, code := runTafl(t, "", c.args...)
		want := c.want + ", where flags are no longer read: put the flags before the other arguments\n"
		if code != 2 || out != "" || errOut != want {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 and %q", c.args, code, out, errOut, want)
		}
	}
	// After "--" it is a file's name; one that is no flag is one too.
	for _, args := range [][]string{{"results", "--", dir, "-draw"}, {"results", dir, "-nosuchflag"}} {
		_, errOut, code := runTafl(t, "", args...)
		if code != 1 || !strings.Contains(errOut, "stat "+args[len(args)-1]+": no such file") {
			t.Errorf("%v: exit %d, stderr %q; want the file not found", args, code, errOut)
		}
	}
}

// TestPerftDepthHelp: -h said -depth was "1 or more" while more than 20
// is refused; the help gives the range the error gives.
func TestPerftDepthHelp(t *testing.T) {
	help, _, code := runTafl(t, "", "perft", "-h")
	if code != 0 || !strings.Contains(help, "  -depth int\n    \tdepth of the tree, 1 to 20\n") {
		t.Errorf("perft -h: exit %d, %q; want -depth's range 1 to 20", code, help)
	}
	if _, errOut, code := runTafl(t, "", "perft", "-depth", "21"); code != 2 || errOut != "tafl perft: -depth must be from 1 to 20\n" {
		t.Errorf("-depth 21: exit %d, %q", code, errOut)
	}
}

// TestHelpGivesTheRanges: a flag whose values out of a range are refused
// says the range in its -h line, the one the refusal gives (-depth of
// tafl ai said "search depth in plies" and refused 101 as "at most 100";
// tafl match refused -games 100001 saying -games "must be positive").
func TestHelpGivesTheRanges(t *testing.T) {
	for _, c := range []struct {
		cmd, flag, help string
		bad             []string // a value out of range and what the refusal says
	}{
		{"ai", "depth", "search depth in plies, 1 to 100", []string{"101", "-depth must be at most 100"}},
		{"otep", "depth", "search depth in plies, 1 to 100", []string{"101", "-depth must be at most 100"}},
		{"rules", "size", "width of the example pictures in pixels (160 to 2048)", []string{"2049", "use 160 to 2048"}},
		{"match", "games", "number of games, 1 to 100000 (rounded up to an even number: pairs)", []string{"100001", "-games from 1 to 100000"}},
		{"match", "opening", "plies of the seeded random opening walk, 0 to 40", []string{"41", "-opening from 0 to 40"}},
		{"openings", "count", "openings to keep, 1 to 10000", []string{"10001", "-count from 1 to 10000"}},
		{"openings", "plies", "plies of each random opening walk (with -corpus: of each game's opening), 1 to 40", []string{"41", "-plies from 1 to 40"}},
		{"perft", "depth", "depth of the tree, 1 to 20", []string{"21", "-depth must be from 1 to 20"}},
	} {
		help, _, _ := runTafl(t, "", c.cmd, "-h")
		if !strings.Contains(help, "  -"+c.flag+" int\n    \t"+c.help) {
			t.Errorf("tafl %s -h: -%s does not read %q:\n%s", c.cmd, c.flag, c.help, help)
		}
		_, errOut, code := runTafl(t, "", c.cmd, "-"+c.flag, c.bad[0])
		if code != 2 || !strings.Contains(errOut, c.bad[1]) {
			t.Errorf("tafl %s -%s %s: exit %d, %q; want exit 2 and %q", c.cmd, c.flag, c.bad[0], code, errOut, c.bad[1])
		}
	}
}

// TestHelpCommand: tafl help COMMAND printed the list of commands and
// ignored COMMAND; it prints COMMAND's flags, as tafl COMMAND -h does,
// and an unknown one is a usage error.
func TestHelpCommand(t *testing.T) {
	want, _, _ := runTafl(t, "", "perft", "-h")
	out, errOut, code := runTafl(t, "", "help", "perft")
	if code != 0 || errOut != "" || out != want || !strings.HasPrefix(out, "usage: tafl perft ") {
		t.Errorf("help perft: exit %d, stdout %q, stderr %q; want perft's flags %q", code, out, errOut, want)
	}
	for _, args := range [][]string{{"help", "bogus"}, {"help", "perft", "ai"}} {
		_, errOut, code := runTafl(t, "", args...)
		if code != 2 || !strings.HasPrefix(errOut, "tafl help: unknown command \""+strings.Join(args[1:], " ")+"\"\nusage: tafl COMMAND") {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and the command named unknown", args, code, errOut)
		}
	}
	for _, args := range [][]string{{"help"}, {"help", "help"}} {
		if out, errOut, code := runTafl(t, "", args...); code != 0 || errOut != "" || !strings.Contains(out, "tafl help COMMAND") || !strings.Contains(out, "  perft ") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, out, errOut)
		}
	}
}

// TestHelpGoesToStdout: help asked for (tafl -h, tafl help, tafl COMMAND
// -h or -help) went to standard error, as a usage error does; it goes to
// standard output with exit status 0, for every command, and a usage
// error stays on standard error with exit status 2.
func TestHelpGoesToStdout(t *testing.T) {
	for _, args := range [][]string{{"-h"}, {"-help"}, {"--help"}, {"help"}} {
		out, errOut, code := runTafl(t, "", args...)
		if code != 0 || errOut != "" || !strings.HasPrefix(out, "usage: tafl COMMAND") {
			t.Errorf("tafl %v: exit %d, stdout %q, stderr %q; want the commands on stdout, exit 0", args, code, out, errOut)
		}
	}
	if out, errOut, code := runTafl(t, ""); code != 2 || out != "" || !strings.HasPrefix(errOut, "usage: tafl COMMAND") {
		t.Errorf("tafl alone: exit %d, stdout %q, stderr %q; want the commands on stderr, exit 2", code, out, errOut)
	}
	for name := range commands {
		for _, h := range []string{"-h", "-help", "--help"} {
			out, errOut, code := runTafl(t, "", name, h)
			if code != 0 || errOut != "" || !strings.HasPrefix(out, "usage: tafl "+name+" ") {
				t.Errorf("tafl %s %s: exit %d, stdout %.80q, stderr %.80q; want its usage on stdout, exit 0", name, h, code, out, errOut)
			}
		}
		out, errOut, code := runTafl(t, "", name, "-no-such-flag")
		if code != 2 || out != "" || !strings.Contains(errOut, "flag provided but not defined: -no-such-flag") || !strings.Contains(errOut, "usage: tafl "+name+" ") {
			t.Errorf("tafl %s -no-such-flag: exit %d, stdout %.80q, stderr %.200q; want the error and usage on stderr, exit 2", name, code, out, errOut)
		}
	}
}

// TestVariantWithLayout: -variant tawlbwrdd/bell, the way the bot names a
// preset's layout, was "unknown variant" with a list of names that said
// nothing of -layout; it is -variant tawlbwrdd -layout bell.
func TestVariantWithLayout(t *testing.T) {
	want, _, _ := runTafl(t, "", "perft", "-variant", "tawlbwrdd", "-layout", "bell", "-depth", "2")
	for _, args := range [][]string{{"-variant", "tawlbwrdd/bell"}, {"-variant", "tawlbwrdd/bell", "-layout", "bell"}} {
		out, errOut, code := runTafl(t, "", append([]string{"perft", "-depth", "2"}, args...)...)
		if code != 0 || out != want {
			t.Errorf("%v: exit %d, %q, stderr %q; want %q as with -layout bell", args, code, out, errOut, want)
		}
	}
	if lewis, _, _ := runTafl(t, "", "perft", "-variant", "tawlbwrdd", "-layout", "lewis-cross", "-depth", "2"); lewis == want {
		t.Fatalf("the layouts give the same perft %q: the test tells nothing", want)
	}
	_, errOut, code := runTafl(t, "", "perft", "-depth", "2", "-variant", "tawlbwrdd/bell", "-layout", "lewis")
	if want := "tafl perft: -variant tawlbwrdd/bell names the layout bell, and -layout lewis another: give one\n"; code != 2 || errOut != want {
		t.Errorf("two layouts: exit %d, %q; want %q", code, errOut, want)
	}
	out, errOut, code := runTafl(t, "", "puzzles", "-variant", "tawlbwrdd/bell", "-selfplay", "1", "-nodes", "200", "-budget", "1000", "-count", "1")
	if code != 0 || strings.Contains(errOut, "unknown variant") {
		t.Errorf("puzzles -variant tawlbwrdd/bell: exit %d, %q %q", code, out, errOut)
	}
}

func TestCustomRules(t *testing.T) {
	out, _, code := runTafl(t, "", "perft", "-depth", "1", "-rules", "dim:7 name:Brandub atkf:y tfr:d ks:w cenh: cenhe: start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/")
	if code != 0 || strings.TrimSpace(out) != "40" {
		t.Errorf("exit %d: %q", code, out)
	}
}

// TestRepetitionFlag: -repetition changes only the rule for a third
// occurrence. The start position of copenhagen occurs the third time
// after eight plies of shuffling, made by the defenders' e3-e5.
func TestRepetitionFlag(t *testing.T) {
	shuffle := []string{"d1-d2", "e5-e3", "d2-d1", "e3-e5", "d1-d2", "e5-e3", "d2-d1", "e3-e5"}
	for _, c := range []struct {
		flags          []string
		status, reason string
		moves          int
	}{
		{nil, "attackers-won", "repetition", 8}, // copenhagen's own rule: the defenders lose
		{[]string{"-repetition", "defenders-lose"}, "attackers-won", "repetition", 8},
		{[]string{"-repetition", "draw"}, "draw", "repetition", 8},
		{[]string{"-repetition", "mover-loses"}, "attackers-won", "repetition", 8},
		{[]string{"-repetition", "ignore"}, "ongoing", "", 8},
		{[]string{"-repetition", "forbidden"}, "ongoing", "", 7}, // the eighth move is refused
	} {
		args := append(append([]string{"play", "-json"}, c.flags...), shuffle...)
		out, _, _ := runTafl(t, "", args...)
		var p playOut
		if err := json.Unmarshal([]byte(out), &p); err != nil {
			t.Fatalf("%v: %v: %s", c.flags, err, out)
		}
		if p.Status != c.status || p.Reason != c.reason || len(p.Moves) != c.moves {
			t.Errorf("%v: status %q reason %q after %d moves; want %q %q %d", c.flags, p.Status, p.Reason, len(p.Moves), c.status, c.reason, c.moves)
		}
		if c.moves == 7 && !strings.Contains(string(p.Error), "third time") {
			t.Errorf("%v: error %s, want the repetition named", c.flags, p.Error)
		}
	}
	// A changed rule makes a custom variant: the record carries it.
	out, _, code := runTafl(t, "", "play", "-json", "-repetition", "forbidden", "d1-d2")
	var p playOut
	if err := json.Unmarshal([]byte(out), &p); code != 0 || err != nil || p.Variant != "custom" {
		t.Errorf("exit %d, %v: variant %q, want custom", code, err, p.Variant)
	}
	_, errOut, code := runTafl(t, "", "play", "-repetition", "sometimes", "d1-d2")
	if code != 2 || !strings.Contains(errOut, "choose one of ignore, draw, defenders-lose, mover-loses, forbidden") {
		t.Errorf("bad -repetition: exit %d, %q", code, errOut)
	}
}

// TestErrorsSayTaflOnce: an error of the rules engine reads once after
// the command's name ("tafl moves: tafl: unknown variant …", "tafl
// replay: tafl: bad game: …: tafl: bad move …").
func TestErrorsSayTaflOnce(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.otg")
	if err := os.WriteFile(bad, []byte("[variant:brandubh]\n1. d6-d5\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	chess := filepath.Join(dir, "chess.jsonl")
	if err := os.WriteFile(chess, []byte(`{"variant":"chess","position":"/8/","to_move":"attackers","moves":1,"solution":["a1-a2"],"source":"x"}`+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	openings := filepath.Join(dir, "openings.txt")
	if err := os.WriteFile(openings, []byte("/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/ purple\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"moves", "-variant", "chess"}, `tafl moves: unknown variant "chess": choose one of copenhagen,`},
		{[]string{"moves", "-layout", "round"}, `tafl moves: unknown layout "round": copenhagen has only the layout standard` + "\n"},
		// A record's or puzzle file's error names the file, as results does.
		{[]string{"replay", "-otg", bad, "-o", filepath.Join(dir, "g.gif")}, "tafl replay: " + bad + ": bad game: line 2: move 1 (d6-d5): d5 is occupied\n"},
		{[]string{"analyse", "-otg", bad}, "tafl analyse: " + bad + ": bad game: line 2: move 1 (d6-d5): d5 is occupied\n"},
		{[]string{"results", bad}, "tafl results: " + bad + ": bad game: line 2: move 1 (d6-d5): d5 is occupied\n"},
		// The command's own package says its name again too.
		{[]string{"ai", "-level", "foo"}, `tafl ai: unknown level "foo": choose easy, medium, hard or max` + "\n"},
		{[]string{"puzzles", "-verify", bad}, "tafl puzzles: " + bad + ": invalid: line 1: "},
		// Further on too: after a line number ("line 1: puzzle: invalid:
		// tafl: unknown variant", "FILE:1: tafl: bad side").
		{[]string{"puzzles", "-verify", chess}, "tafl puzzles: " + chess + `: invalid: line 1: unknown variant "chess": choose one of `},
		{[]string{"match", "-variant", "brandubh", "-openings", openings}, "tafl match: " + openings + `:1: bad side "purple": a side is`},
		// A file system error names the path once ("DIR: read DIR: is a
		// directory").
		{[]string{"tune", "-corpus", dir}, "tafl tune: read " + dir + ": is a directory\n"},
		{[]string{"openings", "-variant", "brandubh", "-corpus", dir}, "tafl openings: read " + dir + ": is a directory\n"},
		{[]string{"rules", "-theme", "purple"}, `tafl rules: unknown theme "purple": use "light" or "dark"` + "\n"},
		{[]string{"replay", "-o", filepath.Join(dir, "g.gif"), "-max-bytes", "10", "-moves", "d1-d3"}, "tafl replay: the replay of "},
		// Games too short for -skip left nothing to fit: "tafl tune:
		// tune: no samples".
		{[]string{"tune", "-skip", "1000", "testdata/tune"}, "tafl tune: no position to fit: every game ends within its first 1000 plies (-skip) or has no quiet position after them: lower -skip or add longer games\n"},
	} {
		_, errOut, _ := runTafl(t, "", c.args...)
		if !strings.HasPrefix(errOut, c.want) {
			t.Errorf("%v: %q, want %q", c.args, errOut, c.want)
		}
	}
	if _, errOut, _ := runTafl(t, "[variant:brandubh]\n1. d6-d5\n", "analyse", "-otg", "-"); errOut != "tafl analyse: standard input: bad game: line 2: move 1 (d6-d5): d5 is occupied\n" {
		t.Errorf("a bad record on standard input: %q", errOut)
	}
	// A file named like a command or a package keeps its name.
	t.Chdir(dir)
	for _, name := range []string{"results", "result", "tafl"} {
		if err := os.WriteFile(name, []byte("[variant:brandubh]\n1. d6-d5\n"), 0o600); err != nil {
			t.Fatal(err)
		}
		want := "tafl results: " + name + ": bad game: line 2: move 1 (d6-d5): d5 is occupied\n"
		if _, errOut, _ := runTafl(t, "", "results", name); errOut != want {
			t.Errorf("a record named %s: %q, want %q", name, errOut, want)
		}
	}
}

// TestOneIsSingular: a count of one takes the singular noun in tafl's
// messages; they read "the replay of 1 moves", "game 1 of 1: 1 puzzles",
// "1 distinct 4-ply openings", "(1 plies)", "1 nodes each".
func TestOneIsSingular(t *testing.T) {
	dir := t.TempDir()
	corpus := filepath.Join(dir, "games.csv")
	if err := os.WriteFile(corpus, []byte("moves,attacker_captures,defender_captures,status\nd1-d3 f4-c4 a4-b4 f5-f4 h1-h3,0,0,White\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	puzzles := filepath.Join(dir, "p.jsonl")
	for _, c := range []struct {
		args         []string
		stdout, errs []string
	}{
		{args: []string{"replay", "-variant", "brandubh", "-max-bytes", "10", "-moves", "a4-a3", "-o", filepath.Join(dir, "r.gif")},
			errs: []string{"tafl replay: the replay of 1 move (1 ply) takes over 10 bytes even"}},
		{args: []string{"puzzles", "-variant", "brandubh", "-selfplay", "1", "-nodes", "500", "-opening", "1", "-count", "1", "-o", puzzles},
			errs: []string{"game 1 of 1: 1 puzzle\n1 puzzle written to " + puzzles + "\n"}},
		{args: []string{"puzzles", "-verify", puzzles}, stdout: []string{"1 of 1 puzzle verified (brandubh 1)\n"}},
		{args: []string{"analyse", "-variant", "brandubh", "-moves", "a4-a3", "-nodes", "1"},
			stdout: []string{"Brandubh · 1 move (1 ply) · the game goes on: 2 positions reviewed in ", " s (1 node each)\n"}},
		{args: []string{"tune", "-corpus", corpus},
			errs: []string{"corpus " + corpus + ": 1 game (1 line skipped: header, unfinished)\n", "tafl tune: the attackers won 0 and the defenders 1 of 1 game; the fit needs 5 wins by each side"}},
		{args: []string{"openings", "-corpus", corpus, "-plies", "4", "-count", "2"},
			errs: []string{"tafl openings: " + corpus + " has 1 distinct 4-ply opening, fewer than -count 2"}},
		{args: []string{"openings", "-corpus", corpus, "-plies", "4", "-count", "1", "-tries", "1", "-nodes", "1", "-maxplies", "2", "-concurrency", "1"},
			stdout: []string{"# tafl openings: 0 of 1 corpus (games.csv) 4-ply opening kept "}, errs: []string{"tafl openings: 1 candidate tried, only 0 balanced, fewer than -count 1"}},
		{args: []string{"curve", "-nodes", "100", "testdata/tune/game-01.otg"},
			errs: []string{"tafl curve: the attackers won 1 of 1 game; the fit needs 5 wins by each side"}},
	} {
		stdout, errOut, _ := runTafl(t, "", c.args...)
		for _, want := range c.stdout {
			if !strings.Contains(stdout, want) {
				t.Errorf("%v: stdout %q; want %q in it", c.args, stdout, want)
			}
		}
		for _, want := range c.errs {
			if !strings.Contains(errOut, want) {
				t.Errorf("%v: stderr %q; want %q in it", c.args, errOut, want)
			}
		}
	}
	ps, err := os.ReadFile(puzzles)
	if want := "500 nodes, noise 40, 1 random ply)"; err != nil || !strings.Contains(string(ps), want) {
		t.Errorf("puzzle source %q (%v); want %q in it", ps, err, want)
	}
}
