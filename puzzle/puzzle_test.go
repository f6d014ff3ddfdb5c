package puzzle_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/taflbot/taflbot/puzzle"
	"github.com/taflbot/taflbot/tafl"
)

// A brandubh position where the defenders win in 2: g5-g3 opens two lines
// for the king (to g1 and, after a4-a2 blocks nothing, g1 again).
const (
	brandubhPos = "/1t1t3/6t/3T3/t1T4/4T1K/6t/3tT2/"
	brandubhWin = "g5-g3"
)

func brandubhGame(t *testing.T) *tafl.Game {
	t.Helper()
	v, err := tafl.Preset("brandubh", "")
	if err != nil {
		t.Fatal(err)
	}
	pos, err := v.ParsePosition(brandubhPos, tafl.Defenders)
	if err != nil {
		t.Fatal(err)
	}
	return tafl.NewGameFrom(pos)
}

// TestFindBrandubh: Find agrees with plain minimax (no win in 1, exactly
// one first move winning in 2), builds a line that Verify accepts, and
// every reply in the line is one naive minimax finds holding out longest.
func TestFindBrandubh(t *testing.T) {
	g := brandubhGame(t)
	if w := naiveWins(t, g, 1); len(w) != 0 {
		t.Fatalf("naive minimax finds a win in 1: %v", w)
	}
	w2 := naiveWins(t, g, 2)
	if len(w2) != 1 || w2[0].String() != brandubhWin {
		t.Fatalf("naive minimax: wins in 2 by %v, want only %s", w2, brandubhWin)
	}
	p, ok, err := puzzle.Find(t.Context(), g, 3, 0)
	if err != nil || !ok {
		t.Fatalf("Find: %v %v", ok, err)
	}
	if p.Variant != "brandubh" || p.Layout != "" || p.Rules != "" || p.Position != brandubhPos || p.ToMove != "defenders" || p.Moves != 2 || len(p.Solution) != 3 || p.Solution[0] != brandubhWin {
		t.Fatalf("puzzle %+v", p)
	}
	// The reply: after it, the winner still needs its last move (it does
	// not lose at once), and the final move wins.
	h := g.Clone()
	for _, m := range p.Solution {
		if _, err := h.PlayText(m); err != nil {
			t.Fatalf("the line %v: %v", p.Solution, err)
		}
	}
	if o := h.Outcome(); o.Winner != tafl.Defenders {
		t.Errorf("the line ends %v", o)
	}
	if err := p.Verify(t.Context(), 0); err != nil {
		t.Errorf("Verify: %v", err)
	}
	if g.Len() != 0 || g.Position().Record() != brandubhPos {
		t.Error("Find changed the game")
	}
	if p.Title() != "Defenders to move and win in 2 moves" {
		t.Errorf("title %q", p.Title())
	}
}

// TestVerifyRefuses: every way a stored puzzle can be wrong is an error
// that says so.
func TestVerifyRefuses(t *testing.T) {
	good, ok, err := puzzle.Find(t.Context(), brandubhGame(t), 3, 0)
	if err != nil || !ok {
		t.Fatal(ok, err)
	}
	// A king with two open lines wins in 1 two ways: no puzzle.
	v, _ := tafl.Preset("brandubh", "")
	two, err := v.ParsePosition("/7/7/7/7/7/1t1t3/3K3/", tafl.Defenders)
	if err != nil {
		t.Fatal(err)
	}
	sol, err := puzzle.Solve(t.Context(), tafl.NewGameFrom(two), 1, 0)
	if err != nil || sol.Moves != 1 || len(sol.Winning) != 2 {
		t.Fatalf("two-way win: %+v %v", sol, err)
	}
	alternatives := tafl.NewGameFrom(mustPos(t, good)).LegalMoves()
	other := alternatives[0].String()
	if other == good.Solution[0] {
		other = alternatives[1].String()
	}
	edit := func(f func(p *puzzle.Puzzle)) puzzle.Puzzle {
		p := good
		p.Solution = slices.Clone(good.Solution)
		f(&p)
		return p
	}
	cases := []struct {
		name string
		p    puzzle.Puzzle
		want string
	}{
		{"another first move", edit(func(p *puzzle.Puzzle) { p.Solution[0] = other }), "does not win in time"},
		{"too long a count", edit(func(p *puzzle.Puzzle) { p.Moves = 3; p.Solution = append(p.Solution, "a1-a2", "a1-a3") }), "takes 2 moves, not 3"},
		{"too short a line", edit(func(p *puzzle.Puzzle) { p.Solution = p.Solution[:2] }), "needs 3 moves in the solution"},
		// One move is one ("needs 1 moves", "takes 1 moves").
		{"too long a line", edit(func(p *puzzle.Puzzle) { p.Moves = 1 }), "a win in 1 needs 1 move in the solution, not 3"},
		{"a win in 1 given as 2", puzzle.Puzzle{Variant: "brandubh", Position: two.Record(), ToMove: "defenders", Moves: 2,
			Solution: []string{sol.Winning[0].String(), "b2-b1", "d1-a1"}}, "the win takes 1 move, not 2"},
		// No win at all was "the win takes 0 moves, not 1".
		{"no win", puzzle.Puzzle{Variant: "brandubh", Position: "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/", ToMove: "attackers", Moves: 1,
			Solution: []string{"d1-c1"}}, "before move 1 (d1-c1) the side to move has no forced win in 1 move"},
		{"illegal reply", edit(func(p *puzzle.Puzzle) { p.Solution[1] = "a7-a1" }), "move 2"},
		{"bad position", edit(func(p *puzzle.Puzzle) { p.Position = "/7/" }), "invalid"},
		{"bad side", edit(func(p *puzzle.Puzzle) { p.ToMove = "kings" }), "invalid"},
		{"unknown variant", edit(func(p *puzzle.Puzzle) { p.Variant = "chess" }), "invalid"},
		{"not unique", puzzle.Puzzle{Variant: "brandubh", Position: two.Record(), ToMove: "defenders", Moves: 1, Solution: []string{sol.Winning[0].String()}}, "2 moves win in 1"},
		{"no puzzle length", edit(func(p *puzzle.Puzzle) { p.Moves = 9 }), "only 1 to 5"},
	}
	for _, c := range cases {
		err := c.p.Verify(t.Context(), 0)
		if err == nil || !strings.Contains(err.Error(), c.want) || !errors.Is(err, puzzle.ErrInvalid) {
			t.Errorf("%s: Verify = %v, want ErrInvalid saying %q", c.name, err, c.want)
		}
	}
	// A budget too small to decide is not a verdict.
	if err := good.Verify(t.Context(), 10); !errors.Is(err, puzzle.ErrBudget) {
		t.Errorf("tiny budget: %v, want ErrBudget", err)
	}
}

// TestVerifyRefusesAShortDefence: in a brandubh win in 3 for the
// attackers, a reply after which they win at once is not the longest
// defence, and a final move that does not win is refused too.
func TestVerifyRefusesAShortDefence(t *testing.T) {
	v, _ := tafl.Preset("brandubh", "")
	pos, err := v.ParsePosition("/7/3t3/1tT1t2/t1K3t/1Tt4/2t4/3t3/", tafl.Attackers)
	if err != nil {
		t.Fatal(err)
	}
	good, ok, err := puzzle.Find(t.Context(), tafl.NewGameFrom(pos), 3, 0)
	if err != nil || !ok || good.Moves != 3 {
		t.Fatalf("Find: %+v %v %v", good, ok, err)
	}
	g := tafl.NewGameFrom(pos)
	if _, err := g.PlayText(good.Solution[0]); err != nil {
		t.Fatal(err)
	}
	var short *puzzle.Puzzle
	for _, r := range g.LegalMoves() {
		h := g.Clone()
		if _, err := h.Play(r); err != nil {
			t.Fatal(err)
		}
		sol, err := puzzle.Solve(t.Context(), h, 2, 0)
		if err != nil {
			t.Fatal(err)
		}
		if sol.Moves == 1 {
			p := good
			p.Solution = []string{good.Solution[0], r.String(), sol.Winning[0].String(), good.Solution[3], good.Solution[4]}
			short = &p
			break
		}
	}
	if short == nil {
		t.Fatal("no reply loses at once: the test needs one")
	}
	if err := short.Verify(t.Context(), 0); err == nil || !strings.Contains(err.Error(), "not the longest defence") {
		t.Errorf("a short defence: %v", err)
	}
	// The stored line with its last move replaced by one that does not win.
	p := good
	p.Solution = slices.Clone(good.Solution)
	h := tafl.NewGameFrom(pos)
	for _, m := range p.Solution[:4] {
		if _, err := h.PlayText(m); err != nil {
			t.Fatal(err)
		}
	}
	for _, m := range h.LegalMoves() {
		c := h.Clone()
		if _, err := c.Play(m); err != nil {
			t.Fatal(err)
		}
		if !c.Outcome().Over() {
			p.Solution[4] = m.String()
			break
		}
	}
	if err := p.Verify(t.Context(), 0); err == nil || !strings.Contains(err.Error(), "does not win in time") {
		t.Errorf("a last move that does not win: %v", err)
	}
}

func mustPos(t *testing.T, p puzzle.Puzzle) tafl.Position {
	t.Helper()
	pos, err := p.Start()
	if err != nil {
		t.Fatal(err)
	}
	return pos
}

func TestEncodeDecode(t *testing.T) {
	ps := []puzzle.Puzzle{
		{Variant: "brandubh", Position: brandubhPos, ToMove: "defenders", Moves: 2, Solution: []string{"g5-g3", "a4-a2", "g3-g1"}, Source: "a test"},
		{Variant: "tawlbwrdd", Layout: "bell", Position: mustStart(t, "tawlbwrdd", "bell"), ToMove: "attackers", Moves: 1, Solution: []string{"a1-a2"}, Source: "made up"},
	}
	data, err := puzzle.Encode(ps)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(data), "\n"); n != 2 {
		t.Errorf("%d lines", n)
	}
	back, err := puzzle.Decode(append([]byte("# comment\n\n"), data...))
	if err != nil {
		t.Fatal(err)
	}
	if len(back) != 2 || back[0].Key() != ps[0].Key() || back[1].Layout != "bell" || !slices.Equal(back[0].Solution, ps[0].Solution) {
		t.Errorf("decoded %+v", back)
	}
	for _, bad := range []struct{ text, want string }{
		{`{"variant":"brandubh"`, "line 1"},
		{`{"variant":"brandubh","position":"` + brandubhPos + `","to_move":"defenders","moves":1,"solution":["g5-g3"],"source":"x","extra":1}`, "unknown field"},
		{"\n" + `{"variant":"brandubh","position":"` + brandubhPos + `","to_move":"defenders","moves":1,"solution":["g5"],"source":"x"}`, "line 2"},
		{`{"variant":"brandubh","position":"` + brandubhPos + `","to_move":"defenders","moves":2,"solution":["g5-g3"],"source":"x"}`, "a win in 2 with 1 solution moves"},
	} {
		if _, err := puzzle.Decode([]byte(bad.text)); err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("Decode(%q) = %v, want an error with %q", bad.text, err, bad.want)
		}
	}
}

func mustStart(t *testing.T, name, layout string) string {
	t.Helper()
	v, err := tafl.Preset(name, layout)
	if err != nil {
		t.Fatal(err)
	}
	return v.Start().Record()
}

// TestMine plays the puzzle's line as the end of a game and mines it back.
func TestMine(t *testing.T) {
	g := brandubhGame(t)
	for _, m := range []string{"g5-g3", "a4-a2", "g3-g1"} {
		if _, err := g.PlayText(m); err != nil {
			t.Fatal(err)
		}
	}
	p, ok, err := puzzle.Mine(t.Context(), g, "test game", puzzle.MineOptions{MaxMoves: 3})
	if err != nil || !ok {
		t.Fatalf("Mine: %v %v", ok, err)
	}
	if p.Position != brandubhPos || p.Moves != 2 || p.Source != "test game, before move 1" {
		t.Errorf("mined %+v", p)
	}
	if _, ok, _ := puzzle.Mine(t.Context(), g, "x", puzzle.MineOptions{Side: tafl.Attackers}); ok {
		t.Error("mined a defenders' win with Side attackers")
	}
	if _, ok, _ := puzzle.Mine(t.Context(), g, "x", puzzle.MineOptions{MinMoves: 3}); ok {
		t.Error("mined a win in 2 with MinMoves 3")
	}
	v, _ := tafl.Preset("brandubh", "")
	drawn := tafl.NewGame(v)
	if err := drawn.AgreeDraw(); err != nil {
		t.Fatal(err)
	}
	if _, ok, err := puzzle.Mine(t.Context(), drawn, "x", puzzle.MineOptions{}); ok || err != nil {
		t.Errorf("a drawn game: %v %v", ok, err)
	}
	// A resigned game: the final position, the winner to move, counts.
	r := brandubhGame(t)
	if err := r.Resign(tafl.Attackers); err != nil {
		t.Fatal(err)
	}
	if p, ok, err := puzzle.Mine(t.Context(), r, "resigned", puzzle.MineOptions{}); err != nil || !ok || p.Position != brandubhPos {
		t.Errorf("a game the attackers resigned at the puzzle: %+v %v %v", p, ok, err)
	}
}

// TestCollect: the order of the jobs, one puzzle per position, Max, and
// the same result with one worker or several.
func TestCollect(t *testing.T) {
	mk := func(name string) puzzle.Job {
		return puzzle.Job{Source: name, Game: func(context.Context) (*tafl.Game, error) {
			g := brandubhGame(t)
			if err := g.Resign(tafl.Attackers); err != nil {
				return nil, err
			}
			return g, nil
		}}
	}
	v, _ := tafl.Preset("brandubh", "")
	nothing := puzzle.Job{Source: "nothing", Game: func(context.Context) (*tafl.Game, error) { return tafl.NewGame(v), nil }}
	jobs := []puzzle.Job{nothing, mk("first"), mk("second")}
	for _, w := range []int{1, 3} {
		ps, err := puzzle.Collect(t.Context(), jobs, puzzle.CollectOptions{Workers: w})
		if err != nil {
			t.Fatal(err)
		}
		if len(ps) != 1 || !strings.HasPrefix(ps[0].Source, "first") {
			t.Errorf("workers %d: %d puzzles %+v, want one from the first job that has it", w, len(ps), ps)
		}
	}
	failing := puzzle.Job{Source: "broken", Game: func(context.Context) (*tafl.Game, error) { return nil, errors.New("no such game") }}
	if _, err := puzzle.Collect(t.Context(), []puzzle.Job{failing}, puzzle.CollectOptions{}); err == nil {
		t.Error("a failing job did not fail Collect")
	}
}
