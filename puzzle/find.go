package puzzle

import (
	"context"

	"github.com/taflbot/taflbot/tafl"
)

// Find looks for a puzzle in the current position of g: a forced win of
// the side to move in at most maxMoves moves with exactly one first move.
// The puzzle starts afresh from that position (the game's earlier history
// is not part of it). It builds the solution line: after each of the
// winner's moves, the first reply (by notation) that holds out longest
// and after which the winner's next move is again the only one winning in
// time (any winning move, for the last). It returns false when the
// position is no puzzle; budget bounds each exhaustive search (see
// Solve), and ErrBudget means the answer is unknown. Source is left
// empty. g does not change.
func Find(ctx context.Context, g *tafl.Game, maxMoves int, budget int64) (Puzzle, bool, error) {
	pos := g.Position()
	start := tafl.NewGameFrom(pos)
	sol, err := Solve(ctx, start, maxMoves, budget)
	if err != nil || sol.Moves == 0 || !sol.Unique() {
		return Puzzle{}, false, err
	}
	line, ok, err := lineFrom(ctx, start, sol, budget)
	if err != nil || !ok {
		return Puzzle{}, false, err
	}
	v := pos.Variant()
	p := Puzzle{Variant: v.Name(), Position: pos.Record(), ToMove: pos.ToMove().String(), Moves: sol.Moves}
	if r := v.Rules(); r.Name == "custom" || r.Name == "" {
		p.Variant = "custom"
		p.Rules = v.RulesString()
	} else {
		p.Variant = r.Name
		p.Layout = r.Layout
	}
	for _, m := range line {
		p.Solution = append(p.Solution, m.String())
	}
	return p, true, nil
}

// lineFrom builds the solution line from g, whose side to move wins as
// sol says with a unique first move (see Find).
func lineFrom(ctx context.Context, g *tafl.Game, sol Solution, budget int64) ([]tafl.Move, bool, error) {
	g = g.Clone()
	line := []tafl.Move{sol.Winning[0]}
	if _, err := g.Play(sol.Winning[0]); err != nil {
		return nil, false, err
	}
	for left := sol.Moves - 1; left > 0; left-- {
		var next Solution
		var reply tafl.Move
		for _, r := range g.LegalMoves() {
			h := g.Clone()
			if _, err := h.Play(r); err != nil {
				return nil, false, err
			}
			s, err := Solve(ctx, h, left, budget)
			if err != nil {
				return nil, false, err
			}
			if s.Moves == left && (left == 1 || s.Unique()) {
				next, reply = s, r
				break
			}
		}
		if reply == tafl.NoMove {
			return nil, false, nil
		}
		line = append(line, reply, next.Winning[0])
		for _, m := range line[len(line)-2:] {
			if _, err := g.Play(m); err != nil {
				return nil, false, err
			}
		}
	}
	return line, true, nil
}
