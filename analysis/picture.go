package analysis

import (
	"fmt"

	"github.com/taflbot/taflbot/render"
	"github.com/taflbot/taflbot/tafl"
)

// Graph returns the report's evaluation graph for package render: the
// defenders' chances, with the turning points marked in the colour of
// their class and labelled with their move numbers. Where the report
// shows no win chance (Fitted false) the graph is a Judgement graph: the
// same curve, the default curve's squashing of the score, with no
// percentages on its axis.
func (r *Report) Graph(title string) render.Graph {
	gr := render.Graph{Chances: r.Chances, Title: title, Judgement: !r.Fitted}
	for _, i := range r.Turning {
		if len(gr.Marks) == render.MaxGraphMarks {
			break
		}
		m := r.Moves[i]
		gr.Marks = append(gr.Marks, render.GraphMark{Move: i, Kind: markKinds[m.Class], Label: m.Number()})
	}
	return gr
}

var markKinds = map[Class]render.MarkKind{
	NoClass:    render.NoMarkKind,
	Inaccuracy: render.MarkInaccuracy,
	Mistake:    render.MarkMistake,
	Blunder:    render.MarkBlunder,
}

// MistakeBoard returns the picture of move i of g (an index into
// r.Moves) for package render: the position before it, the move before
// it marked as the last move, the engine's better move as an arrow, and a
// caption naming the move played, such as "12… defenders played d7-d4
// (blunder) · better d7-d9". ok is false when the engine had no other move
// there.
func (r *Report) MistakeBoard(g *tafl.Game, i int) (pos tafl.Position, opts render.Options, ok bool, err error) {
	if i < 0 || i >= len(r.Moves) || i >= g.Len() {
		return tafl.Position{}, render.Options{}, false, fmt.Errorf("analysis: no move %d in a game of %d", i, g.Len())
	}
	m := r.Moves[i]
	if m.Best == "" || m.Best == m.Move {
		return tafl.Position{}, render.Options{}, false, nil
	}
	best, err := tafl.ParseMove(m.Best)
	if err != nil {
		return tafl.Position{}, render.Options{}, false, fmt.Errorf("analysis: the better move %q: %w", m.Best, err)
	}
	h := tafl.NewGameFrom(g.Start())
	plies := g.Plies()
	for _, p := range plies[:i] {
		if _, err := h.Play(p.Move); err != nil {
			return tafl.Position{}, render.Options{}, false, err
		}
	}
	opts.Arrows = []tafl.Move{best.Move}
	if i > 0 {
		opts.LastMove, opts.Captured = plies[i-1].Move, plies[i-1].Captures
	}
	class := ""
	if m.Class != NoClass {
		class = " (" + m.Class.String() + ")"
	}
	opts.Caption = fmt.Sprintf("%s %s played %s%s · better %s", m.Number(), m.Side, m.Notation, class, m.Better())
	return h.Position(), opts, true, nil
}
