package ai

import (
	"bufio"
	"context"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/taflbot/taflbot/tafl"
)

// The tactical suite: testdata/tactics.txt holds positions where the side
// to move wins by force within n of its own moves ("win n"), or must stop
// an immediate loss ("save"). Every position is re-verified on each run by
// the brute-force solver below, which uses only the rules engine, before
// the engine's answer is judged by the same solver.

type tactic struct {
	line    int
	name    string
	variant string
	side    tafl.Side
	kind    string // "win" or "save"
	n       int
	record  string
}

func loadTactics(t *testing.T) []tactic {
	f, err := os.Open("testdata/tactics.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []tactic
	sc := bufio.NewScanner(f)
	for ln := 1; sc.Scan(); ln++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		f := strings.Fields(line)
		if len(f) != 6 {
			t.Fatalf("tactics.txt:%d: want 6 fields (name variant side kind n record), got %d", ln, len(f))
		}
		side, err := tafl.ParseSide(f[2])
		if err != nil {
			t.Fatalf("tactics.txt:%d: %v", ln, err)
		}
		n, err := strconv.Atoi(f[4])
		if err != nil {
			t.Fatalf("tactics.txt:%d: %v", ln, err)
		}
		out = append(out, tactic{ln, f[0], f[1], side, f[3], n, f[5]})
	}
	return out
}

func (tc tactic) position(t testing.TB) tafl.Position {
	v, err := tafl.Preset(tc.variant, "")
	if err != nil {
		t.Fatal(err)
	}
	p, err := v.ParsePosition(tc.record, tc.side)
	if err != nil {
		t.Fatalf("%s: %v", tc.name, err)
	}
	return p
}

// wins reports whether the side to move in p can force a win within n of
// its own moves. The trees are short (at most 2n-1 plies from a fresh
// position), so the repetition rule cannot apply.
func wins(p *tafl.Position, n int) bool {
	if n <= 0 {
		return false
	}
	mover := p.ToMove()
	moves := p.GenerateMoves(nil)
	var c tafl.Position
	for _, m := range moves {
		p.MakeMove(m, &c)
		if c.Outcome().Winner == mover {
			return true
		}
	}
	if n == 1 {
		return false
	}
	for _, m := range moves {
		p.MakeMove(m, &c)
		if !c.Outcome().Over() && loses(&c, n-1) {
			return true
		}
	}
	return false
}

// loses reports whether the side to move in p loses by force: whatever it
// plays, the opponent wins within n moves.
func loses(p *tafl.Position, n int) bool {
	moves := p.GenerateMoves(nil)
	if len(moves) == 0 {
		return !p.Variant().Rules().NoMovesDraw
	}
	var c tafl.Position
	for _, m := range moves {
		p.MakeMove(m, &c)
		if o := c.Outcome(); o.Over() {
			if o.Winner != p.ToMove().Other() {
				return false
			}
			continue
		}
		if !wins(&c, n) {
			return false
		}
	}
	return true
}

// moveWins reports whether m wins within n moves in p.
func moveWins(p *tafl.Position, m tafl.Move, n int) bool {
	var c tafl.Position
	p.MakeMove(m, &c)
	if c.Outcome().Winner == p.ToMove() {
		return true
	}
	return !c.Outcome().Over() && n > 1 && loses(&c, n-1)
}

// moveSaves reports whether after m the opponent has no win in one.
func moveSaves(p *tafl.Position, m tafl.Move) bool {
	var c tafl.Position
	p.MakeMove(m, &c)
	if o := c.Outcome(); o.Over() {
		return o.Winner == p.ToMove()
	}
	return !wins(&c, 1)
}

// verify checks the suite entry itself, independently of the engine.
func (tc tactic) verify(t *testing.T, p *tafl.Position) {
	t.Helper()
	switch tc.kind {
	case "win":
		if !wins(p, tc.n) {
			t.Fatalf("%s (line %d): the side to move has no forced win in %d", tc.name, tc.line, tc.n)
		}
		if wins(p, tc.n-1) {
			t.Fatalf("%s (line %d): there is a faster win than in %d", tc.name, tc.line, tc.n)
		}
	case "save":
		good, bad := 0, 0
		for _, m := range p.GenerateMoves(nil) {
			if moveSaves(p, m) {
				good++
			} else {
				bad++
			}
		}
		var c tafl.Position
		if good == 0 || bad == 0 {
			t.Fatalf("%s (line %d): not a save position: %d moves save, %d lose at once", tc.name, tc.line, good, bad)
		}
		_ = c
	default:
		t.Fatalf("%s (line %d): unknown kind %q", tc.name, tc.line, tc.kind)
	}
}

// hardLimits is the hard level as a node budget, so the test does not
// depend on the machine's speed.
var hardLimits = Limits{Nodes: 400_000}

func TestTactics(t *testing.T) {
	suite := loadTactics(t)
	if len(suite) < 40 {
		t.Errorf("the suite has %d positions; want at least 40", len(suite))
	}
	variants := map[string]int{}
	for i, tc := range suite {
		variants[tc.variant]++
		if raceEnabled && i%4 != 0 {
			continue // a sample under the race detector
		}
		t.Run(tc.name, func(t *testing.T) {
			p := tc.position(t)
			tc.verify(t, &p)
			g := tafl.NewGameFrom(p)
			r, err := Search(context.Background(), g, hardLimits)
			if err != nil {
				t.Fatal(err)
			}
			switch tc.kind {
			case "win":
				if !moveWins(&p, r.Move, tc.n) {
					t.Errorf("hard played %s (%v), which does not win in %d", r.Move, r, tc.n)
				}
			case "save":
				if !moveSaves(&p, r.Move) {
					t.Errorf("hard played %s (%v), after which the opponent wins at once", r.Move, r)
				}
			}
		})
	}
	for _, name := range []string{"copenhagen", "fetlar", "brandubh", "tablut", "tawlbwrdd"} {
		if variants[name] == 0 {
			t.Errorf("the suite has no %s position", name)
		}
	}
}
