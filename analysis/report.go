package analysis

import (
	"fmt"
	"slices"

	"github.com/taflbot/taflbot/tafl"
)

// Class is how bad a move was, by how much it lowered the mover's win
// chance compared with the engine's move. The values are stored: append
// only.
type Class uint8

// The classes. The thresholds are those of lichess's win-chance
// classification: a drop of 10, 20 and 30 percentage points.
const (
	NoClass    Class = iota // NoClass: the move lost less than Inaccuracy's threshold.
	Inaccuracy              // Inaccuracy: the move lowered the mover's chance by 10 to 20 points.
	Mistake                 // Mistake: by 20 to 30 points.
	Blunder                 // Blunder: by 30 points or more.
)

// Thresholds of the classes, as drops of the mover's win chance (0 to 1).
const (
	InaccuracyDrop = 0.10
	MistakeDrop    = 0.20
	BlunderDrop    = 0.30
)

// Classify returns the class of a drop in win chance.
func Classify(drop float64) Class {
	switch {
	case drop >= BlunderDrop:
		return Blunder
	case drop >= MistakeDrop:
		return Mistake
	case drop >= InaccuracyDrop:
		return Inaccuracy
	}
	return NoClass
}

// String returns "inaccuracy", "mistake", "blunder" or "" for NoClass.
func (c Class) String() string {
	switch c {
	case Inaccuracy:
		return "inaccuracy"
	case Mistake:
		return "mistake"
	case Blunder:
		return "blunder"
	}
	return ""
}

// Report is the review of a game.
type Report struct {
	// Variant names the rules (a preset's name, or "custom").
	Variant string `json:"variant"`
	// Curve is the score→chance curve used; Fitted says whether it was
	// fitted for this variant (false: the default curve).
	Curve  Logistic `json:"curve"`
	Fitted bool     `json:"fitted"`
	// Nodes is the search budget of each position.
	Nodes int64 `json:"nodes"`
	// Chances holds the defenders' win chance at each position: element
	// i is after the first i moves, the last is where the game ended.
	Chances []float64 `json:"chances"`
	// Moves reviews each move played.
	Moves []MoveReview `json:"moves"`
	// Turning lists the turning points: indexes into Moves of the 3 to
	// 5 moves that lost most (fewer in a game with fewer moves that lost
	// anything), in the order they were played.
	Turning []int `json:"turning"`
}

// MoveReview is the judgement of one move.
type MoveReview struct {
	Ply      int       `json:"ply"`      // Ply counts the moves from 0.
	Side     tafl.Side `json:"side"`     // Side is the side that moved.
	Move     string    `json:"move"`     // Move is the move played (simple notation).
	Notation string    `json:"notation"` // Notation is the move in OTN full form (captures, suffixes).
	Best     string    `json:"best"`     // Best is the engine's move in the position ("" where the game was over).
	// BestNotation is Best in OTN full form, as the move played is
	// written: the king's with K, captures after x ("" in reports stored
	// before it was kept: Better falls back to Best).
	BestNotation string   `json:"best_notation,omitempty"`
	Line         []string `json:"line"`  // Line is the engine's principal variation, Best first, in full form.
	Score        int      `json:"score"` // Score is the engine's score before the move (attackers' view).
	// Before is the mover's win chance with the engine's move, After
	// with the move played, and Drop their difference (0 when the move
	// played was the engine's, or did at least as well).
	Before float64 `json:"before"`
	After  float64 `json:"after"`
	Drop   float64 `json:"drop"`
	Class  Class   `json:"class"`
}

// Turning-point rules: at most maxTurning, at least minTurning when that
// many moves lost anything (a drop of at least minDrop).
const (
	maxTurning = 5
	minTurning = 3
	minDrop    = 0.02
)

// Review builds the report of g from the evaluations of its positions:
// evals[i] judges g after its first i moves (Positions lists them), so
// there is one more evaluation than moves. nodes is the budget they were
// searched with (0: DefaultNodes), for the record.
func Review(g *tafl.Game, evals []Eval, nodes int64) (*Report, error) {
	if nodes <= 0 {
		nodes = DefaultNodes
	}
	plies := g.Plies()
	if len(evals) != len(plies)+1 {
		return nil, fmt.Errorf("analysis: %d evaluations for a game of %d moves: want one per position, %d", len(evals), len(plies), len(plies)+1)
	}
	v := g.Variant()
	curve, fitted := CurveFor(v)
	r := &Report{Variant: v.Rules().Name, Curve: curve, Fitted: fitted, Nodes: nodes, Chances: make([]float64, len(evals))}
	for i, e := range evals {
		r.Chances[i] = DefendersChance(curve, e)
	}
	side := g.Start().ToMove()
	step := tafl.NewGameFrom(g.Start())
	for i, p := range plies {
		mr := MoveReview{Ply: i, Side: side, Move: p.Move.String(), Notation: p.Notation(), Score: evals[i].Score}
		if b := evals[i].Best; b != tafl.NoMove {
			mr.Best = b.String()
			mr.Line = Notation(step, evals[i].Line)
			if len(mr.Line) > 0 && evals[i].Line[0] == b {
				mr.BestNotation = mr.Line[0]
			} else if n := Notation(step, []tafl.Move{b}); len(n) == 1 {
				mr.BestNotation = n[0]
			}
		}
		if _, err := step.Play(p.Move); err != nil {
			return nil, fmt.Errorf("analysis: replaying move %d (%s): %w", i+1, p.Notation(), err)
		}
		mr.Before, mr.After = r.Chances[i], r.Chances[i+1]
		if side == tafl.Attackers {
			mr.Before, mr.After = 1-mr.Before, 1-mr.After
		}
		if mr.Best != mr.Move && mr.Best != "" {
			mr.Drop = max(0, mr.Before-mr.After)
		}
		r.Moves = append(r.Moves, mr)
		side = side.Other()
	}
	r.Classify()
	return r, nil
}

// Classify sets the class of every move from its drop as shown, in
// whole points (Points), and picks the turning points. Review calls it;
// a report stored before the classes went by the shown figures is
// classified again with it when read.
func (r *Report) Classify() {
	for i := range r.Moves {
		r.Moves[i].Class = Classify(float64(r.Moves[i].Points()) / 100)
	}
	r.Turning = turningPoints(r.Moves)
}

// turningPoints picks the moves that lost most: every classified move,
// the largest drops first, up to maxTurning; topped up to minTurning with
// the next largest drops of at least minDrop. It returns them in the
// order played.
func turningPoints(ms []MoveReview) []int {
	idx := make([]int, len(ms))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		switch {
		case ms[a].Drop > ms[b].Drop:
			return -1
		case ms[a].Drop < ms[b].Drop:
			return 1
		}
		return 0
	})
	var out []int
	for _, i := range idx {
		if len(out) == maxTurning {
			break
		}
		if ms[i].Class != NoClass || len(out) < minTurning && ms[i].Drop >= minDrop {
			out = append(out, i)
		}
	}
	slices.Sort(out)
	return out
}

// Worst returns the index in Moves of the move that lost most, or -1 when
// no move lost anything.
func (r *Report) Worst() int {
	w := -1
	for i, m := range r.Moves {
		if m.Drop > 0 && (w < 0 || m.Drop > r.Moves[w].Drop) {
			w = i
		}
	}
	return w
}

// fullNotation writes moves, played in turn from g's position (g itself
// is left alone), in OTN full form ("Kf6-f9", "d1-d4xd5"); it stops at
// the first move that cannot be played there.
func Notation(g *tafl.Game, moves []tafl.Move) []string {
	if len(moves) == 0 {
		return nil
	}
	c := g.Clone()
	var out []string
	for _, m := range moves {
		p, err := c.Play(m)
		if err != nil {
			break
		}
		out = append(out, p.Notation())
	}
	return out
}

// Better is the engine's move in full notation ("" where the game was
// over).
func (m MoveReview) Better() string {
	if m.BestNotation != "" {
		return m.BestNotation
	}
	return m.Best
}
