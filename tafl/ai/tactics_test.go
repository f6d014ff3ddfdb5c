package ai

import (
	"bufio"
	"context"
	"fmt"
	"math/rand/v2"
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
	for _, tc := range suite {
		variants[tc.variant]++
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

// TestGenerateTactics finds candidate suite positions: random sparse
// positions classified by the brute-force solver. It runs only when
// TAFL_GEN_TACTICS is set; its output was reviewed and frozen into
// testdata/tactics.txt.
func TestGenerateTactics(t *testing.T) {
	if os.Getenv("TAFL_GEN_TACTICS") == "" {
		t.Skip("set TAFL_GEN_TACTICS=1 to generate candidate positions")
	}
	r := rand.New(rand.NewPCG(2026, 11))
	for _, name := range strings.Fields(os.Getenv("TAFL_GEN_TACTICS")) {
		v, err := tafl.Preset(name, "")
		if err != nil {
			t.Fatal(err)
		}
		found := map[string]int{}
		for try := 0; try < 4000 && len(found) < 12; try++ {
			p, ok := sparse(v, r)
			if !ok {
				continue
			}
			kind, n := classify(&p)
			if kind == "" {
				continue
			}
			key := fmt.Sprintf("%s%d-%s", kind, n, p.ToMove())
			if found[key] >= 2 {
				continue
			}
			found[key]++
			fmt.Printf("%s-%s-%d %s %s %s %d %s\n", name, key, found[key], name, p.ToMove(), kind, n, p.Record())
		}
	}
}

// sparse builds a random position of v with few pieces.
func sparse(v *tafl.Variant, r *rand.Rand) (tafl.Position, bool) {
	n := v.Size()
	var free []tafl.Square
	for _, sq := range v.Squares() {
		if !v.IsCorner(sq) && !v.IsThrone(sq) && !v.IsCamp(sq) && !v.IsEscape(sq) {
			free = append(free, sq)
		}
	}
	r.Shuffle(len(free), func(i, j int) { free[i], free[j] = free[j], free[i] })
	rows := make([][]byte, n)
	for i := range rows {
		rows[i] = []byte(strings.Repeat(".", n))
	}
	put := func(sq tafl.Square, c byte) { rows[sq.Rank()][sq.File()] = c }
	put(free[0], 'K')
	nd := 1 + r.IntN(3)
	na := 3 + r.IntN(5)
	for i := 1; i <= nd; i++ {
		put(free[i], 'T')
	}
	for i := nd + 1; i <= nd+na; i++ {
		put(free[i], 't')
	}
	var b strings.Builder
	b.WriteByte('/')
	for _, row := range rows {
		run := 0
		for _, c := range row {
			if c == '.' {
				run++
				continue
			}
			if run > 0 {
				b.WriteString(strconv.Itoa(run))
				run = 0
			}
			b.WriteByte(c)
		}
		if run > 0 {
			b.WriteString(strconv.Itoa(run))
		}
		b.WriteByte('/')
	}
	side := tafl.Attackers
	if r.IntN(2) == 0 {
		side = tafl.Defenders
	}
	p, err := v.ParsePosition(b.String(), side)
	if err != nil || p.Outcome().Over() || !p.HasMoves() {
		return p, false
	}
	return p, true
}

// classify returns "win", n for the fastest forced win within 3 moves, or
// "save", 1 when the opponent threatens a win in one that can be stopped.
func classify(p *tafl.Position) (string, int) {
	for n := 1; n <= 3; n++ {
		if wins(p, n) {
			if n == 1 {
				return "win", 1
			}
			return "win", n
		}
	}
	good, bad := 0, 0
	for _, m := range p.GenerateMoves(nil) {
		if moveSaves(p, m) {
			good++
		} else {
			bad++
		}
	}
	if good > 0 && bad > 0 && good <= 4 {
		return "save", 1
	}
	return "", 0
}
