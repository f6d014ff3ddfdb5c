package tafl_test

// TestOpenTaflReplays checks that taflbot reads every preset's rules
// string as OpenTafl does, by replaying games recorded through OpenTafl's
// own rules code (OpenTafl v0.4.8.0b, github.com/jslater89/OpenTafl at
// commit 6895051). The recording, testdata/opentafl/replays.txt.gz, was
// made by a small throwaway program linked against OpenTafl's classes (not
// kept here, as OpenTafl's code is not): for each rules string it loaded
// the string with OpenTafl's RulesSerializer and printed OpenTafl's own
// serialization of the result ("reserialized"), then played each game move
// by move with GameState.makeMove and printed, before every move, the
// number of legal moves OpenTafl allows and the CRC-32 of their sorted
// list ("L n crc"), and after it the squares it captured and OpenTafl's
// result code ("M move xCAPTURES rCODE": 0 playing on, 2 attackers won, 3
// defenders won, 4 draw).
//
// The games are, for every preset and layout: a game from the start that
// repeats a position three times, eight games of random legal moves, two
// of the easy level against itself and one of medium, all played under the
// preset's rules string without its tb- extension keys (which OpenTafl
// ignores); and every rule case of testdata/rules from its position, under
// the case's variant without tb- keys. Each is replayed here under the same
// string and must give the same legal moves, captures and results, except
// where OpenTafl's own code is known to play differently
// (openTaflDifferences, documented in docs/notation.md).

import (
	"bufio"
	"compress/gzip"
	"fmt"
	"hash/crc32"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/taflbot/taflbot/tafl"
)

// openTaflDifferences are the recorded games in which OpenTafl v0.4.8.0b
// plays differently from the rules string it was given, by block (a rule
// case's file, or "preset/layout game N", N counting from 1 after the
// repetition game). Each must still differ in the recording: if one stops
// differing, the entry goes.
var openTaflDifferences = map[string]string{
	"copenhagen-shieldwall.txtar":              "OpenTafl's flanking-only shieldwall (swf:y) captures nothing",
	"copenhagen-shieldwall-attackers.txtar":    "OpenTafl's flanking-only shieldwall (swf:y) captures nothing",
	"copenhagen-shieldwall-corner.txtar":       "OpenTafl's flanking-only shieldwall (swf:y) captures nothing",
	"copenhagen-shieldwall-anvil-king.txtar":   "OpenTafl's flanking-only shieldwall (swf:y) captures nothing",
	"copenhagen-shieldwall-hammer-king.txtar":  "OpenTafl's flanking-only shieldwall (swf:y) captures nothing",
	"copenhagen-shieldwall-king-bracket.txtar": "OpenTafl's flanking-only shieldwall (swf:y) captures nothing",
	"copenhagen-shieldwall-king.txtar":         "OpenTafl's flanking-only shieldwall (swf:y) captures nothing; then no defender can move, which OpenTafl scores as an attackers' win",
	"copenhagen-exit-fort-corner.txtar":        "OpenTafl counts an exit fort whose defender beside the corner could still be captured",
	"copenhagen-repetition.txtar":              "a position loaded from a record is not in OpenTafl's repetition table, so it counts one occurrence fewer",
	"copenhagen-repetition-ignore.txtar":       "a position loaded from a record is not in OpenTafl's repetition table, so it counts one occurrence fewer",
	"copenhagen-repetition-mover-loses.txtar":  "a position loaded from a record is not in OpenTafl's repetition table, so it counts one occurrence fewer",
	"fetlar-repetition-draw.txtar":             "a position loaded from a record is not in OpenTafl's repetition table, so it counts one occurrence fewer",
	"alea-repetition-mover-loses.txtar":        "a position loaded from a record is not in OpenTafl's repetition table, so it counts one occurrence fewer",
}

func TestOpenTaflReplays(t *testing.T) {
	f, err := os.Open("testdata/opentafl/replays.txt.gz")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(zr)
	sc.Buffer(make([]byte, 1<<16), 1<<20)

	var (
		preset   string // the preset/layout of the current games, "" in rule cases
		block    string // the current block's key in openTaflDifferences
		v        *tafl.Variant
		g        *tafl.Game
		pos      []string // a "position" line waiting for its game
		gameNo   int
		ply      int
		blocks   = map[string]bool{} // every block seen
		differ   = map[string]bool{} // blocks that differed
		plies    int
		problems int
	)
	report := func(format string, args ...any) {
		differ[block] = true
		if _, known := openTaflDifferences[block]; known {
			return
		}
		problems++
		if problems <= 20 {
			t.Errorf("%s, ply %d: %s", block, ply, fmt.Sprintf(format, args...))
		}
	}
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "# repetition"):
			// the repetition game of the current preset follows: game 0
		case strings.HasPrefix(line, "# "):
			name := strings.TrimPrefix(line, "# ")
			if strings.HasSuffix(name, ".txtar") {
				preset, block = "", name
			} else {
				preset = name
			}
			gameNo = -1
		case strings.HasPrefix(line, "rules "):
			r, err := tafl.ParseRules(line[len("rules "):])
			if err != nil {
				t.Fatalf("%s: the recorded rules string does not parse: %v", block, err)
			}
			if v, err = tafl.NewVariant(r); err != nil {
				t.Fatalf("%s: %v", block, err)
			}
			if preset != "" {
				name, layout, _ := strings.Cut(preset, "/")
				pv, err := tafl.Preset(name, layout)
				if err != nil {
					t.Fatal(err)
				}
				if want := withoutExtensions(pv.RulesString()); want != line[len("rules "):] {
					t.Errorf("%s: the preset's rules string is no longer the one replayed through OpenTafl:\n now      %s\n recorded %s\n(record the replays again: see the comment of TestOpenTaflReplays)", preset, want, line[len("rules "):])
				}
			}
		case strings.HasPrefix(line, "reserialized "):
			// OpenTafl's own serialization of the rules (what its host
			// sends engines and writes in records) means the same game.
			back, err := tafl.ParseRules(line[len("reserialized "):])
			if err != nil {
				t.Errorf("%s: OpenTafl's serialization does not parse: %v", block, err)
				continue
			}
			a, b := v.Rules(), back
			a.Name, a.Layout, a.Title, b.Title = "custom", "", "", ""
			if a.String() != b.String() {
				t.Errorf("%s: OpenTafl's serialization reads as another game:\n %s\n %s", block, a, b)
			}
		case strings.HasPrefix(line, "position "):
			pos = strings.Fields(line)[1:]
		case line == "game":
			gameNo++
			if preset != "" {
				block = fmt.Sprintf("%s game %d", preset, gameNo)
			}
			blocks[block] = true
			g, ply = tafl.NewGame(v), 0
			if pos != nil {
				side := tafl.Attackers
				if pos[1] == "defenders" {
					side = tafl.Defenders
				}
				p, err := v.ParsePosition(pos[0], side)
				if err != nil {
					t.Fatalf("%s: %v", block, err)
				}
				g, pos = tafl.NewGameFrom(p), nil
			}
		case strings.HasPrefix(line, "L "):
			if g.Outcome().Over() {
				continue // OpenTafl lists moves after the end too
			}
			f := strings.Fields(line)
			var ms []string
			for _, m := range g.LegalMoves() {
				ms = append(ms, m.String())
			}
			sort.Strings(ms)
			crc := fmt.Sprintf("%08x", crc32.ChecksumIEEE([]byte(strings.Join(ms, " "))))
			if strconv.Itoa(len(ms)) != f[1] || crc != f[2] {
				report("taflbot has %d legal moves (crc %s), OpenTafl %s (crc %s) in %s", len(ms), crc, f[1], f[2], g.Position().Record())
			}
		case strings.HasPrefix(line, "M "):
			f := strings.Fields(line)
			if g.Outcome().Over() {
				report("OpenTafl plays %s after the game ended for taflbot (%v)", f[1], g.Outcome())
				g = tafl.NewGame(v) // ignore the rest of this game
				g.Resign(tafl.Attackers)
				continue
			}
			ply++
			plies++
			mt, err := tafl.ParseMove(f[1])
			if err != nil {
				t.Fatalf("%s: bad recorded move %q", block, f[1])
			}
			before := g.Position()
			pl, err := g.Play(mt.Move)
			if err != nil {
				report("%s is illegal for taflbot: %v", f[1], err)
				g.Resign(tafl.Attackers)
				continue
			}
			var caps []string
			for _, c := range pl.Captures {
				caps = append(caps, c.String())
			}
			if g.Outcome().Reason == tafl.KingCaptured {
				caps = append(caps, before.King().String()) // OpenTafl lists the king
			}
			sort.Strings(caps)
			if got := "x" + strings.Join(caps, ","); got != f[2] {
				report("%s captures %s for taflbot, %s for OpenTafl", f[1], got, f[2])
			}
			code := "r0"
			if o := g.Outcome(); o.Over() {
				code = map[tafl.Side]string{tafl.Attackers: "r2", tafl.Defenders: "r3", tafl.NoSide: "r4"}[o.Winner]
			}
			if code != f[3] {
				report("after %s taflbot's result is %s (%v), OpenTafl's %s", f[1], code, g.Outcome(), f[3])
			}
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(blocks) < 200 || plies < 10000 {
		t.Fatalf("the recording has %d games and %d plies: truncated?", len(blocks), plies)
	}
	for b, why := range openTaflDifferences {
		if !blocks[b] {
			t.Errorf("known difference %q: no such game in the recording", b)
		} else if !differ[b] {
			t.Errorf("known difference %q (%s) no longer differs: remove it from the list and from docs/notation.md", b, why)
		}
	}
	var known []string
	for b := range differ {
		if _, ok := openTaflDifferences[b]; ok {
			known = append(known, b)
		}
	}
	slices.Sort(known)
	t.Logf("%d games, %d plies replayed; known OpenTafl differences in %d: %s", len(blocks), plies, len(known), strings.Join(known, "; "))
}

// withoutExtensions drops taflbot's tb- keys from a rules string.
func withoutExtensions(rules string) string {
	var out []string
	for _, f := range strings.Fields(rules) {
		if !strings.HasPrefix(f, "tb-") {
			out = append(out, f)
		}
	}
	return strings.Join(out, " ")
}
