package analysis

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
)

// Number returns the move's number as a game record writes it: "12." for
// the first side's move of turn 12, "12…" for the second side's.
func (m MoveReview) Number() string {
	n := strconv.Itoa(m.Ply/2 + 1)
	if m.Ply%2 == 1 {
		return n + "…"
	}
	return n + "."
}

// Percent writes a chance as a whole percentage ("64 %"), never 0 % or
// 100 % unless the result is certain.
func Percent(p float64) string {
	return fmt.Sprintf("%d %%", percentPoints(p))
}

// percentPoints is the whole percentage Percent writes for p.
func percentPoints(p float64) int {
	x := int(math.Round(100 * p))
	switch {
	case x <= 0 && p > 0:
		x = 1
	case x >= 100 && p < 1:
		x = 99
	}
	return x
}

// Points is the move's drop in whole percentage points as the review
// shows it: the shown chance before less the shown chance after (0 for
// the engine's move, or one that did at least as well). The class is
// that of Points, so "50 % → 20 %" is a blunder, as 30 points are.
func (m MoveReview) Points() int {
	if m.Drop <= 0 {
		return 0
	}
	return max(0, percentPoints(m.Before)-percentPoints(m.After))
}

// Summary says in one line what the move did, such as "12… d7-d4
// (defenders): blunder — their chance 64 % → 21 %; better d7-d9".
func (m MoveReview) Summary() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s (%s)", m.Number(), m.Notation, m.Side)
	if m.Class != NoClass {
		fmt.Fprintf(&b, ": %s", m.Class)
	}
	fmt.Fprintf(&b, " — their chance %s → %s", Percent(m.Before), Percent(m.After))
	if m.Best != "" && m.Best != m.Move {
		fmt.Fprintf(&b, "; better %s", m.Better())
	}
	return b.String()
}

// TurningLines returns the turning points, one Summary each, in the order
// played; where the report shows no win chance (Fitted false), the
// engine's judgement in words instead: "12… d7-d4 (defenders): blunder —
// the defenders stand better → the attackers stand much better; better
// d7-d9".
func (r *Report) TurningLines() []string {
	var out []string
	for _, i := range r.Turning {
		if r.Fitted {
			out = append(out, r.Moves[i].Summary())
			continue
		}
		m := r.Moves[i]
		var b strings.Builder
		fmt.Fprintf(&b, "%s %s (%s)", m.Number(), m.Notation, m.Side)
		if m.Class != NoClass {
			fmt.Fprintf(&b, ": %s", m.Class)
		}
		fmt.Fprintf(&b, " — %s → %s", r.Judged(i), r.Judged(i+1))
		if m.Best != "" && m.Best != m.Move {
			fmt.Fprintf(&b, "; better %s", m.Better())
		}
		out = append(out, b.String())
	}
	return out
}

// WriteText writes the whole review as plain text: a header, then every
// move with the defenders' win chance after it and, for a classified
// move, its class, the drop and the engine's move, then the turning
// points, in English: `tafl analyse` writes it; the bot attaches the same
// file to a game's history in the reader's language (bot's reviewText).
func (r *Report) WriteText(w io.Writer, title string) error {
	var b strings.Builder
	if title != "" {
		fmt.Fprintf(&b, "%s\n", title)
	}
	nodes := "nodes"
	if r.Nodes == 1 {
		nodes = "node"
	}
	if !r.Fitted {
		fmt.Fprintf(&b, "Engine review: %d %s searched per position. %s\n\n", r.Nodes, nodes, NoChanceNote)
		fmt.Fprintf(&b, "start: %s\n", r.Judged(0))
		for i, m := range r.Moves {
			fmt.Fprintf(&b, "%-6s %-18s %s", m.Number(), m.Notation, r.Judged(i+1))
			if m.Class != NoClass {
				fmt.Fprintf(&b, "  %s (before it: %s), better %s", m.Class, r.Judged(i), m.Better())
				if len(m.Line) > 1 {
					fmt.Fprintf(&b, " (%s)", strings.Join(m.Line, " "))
				}
			}
			b.WriteByte('\n')
		}
		r.writeTurning(&b)
		_, err := io.WriteString(w, b.String())
		return err
	}
	fmt.Fprintf(&b, "Engine review: %d %s searched per position. The defenders' win chance comes from the engine's score\n", r.Nodes, nodes)
	fmt.Fprintf(&b, "by a logistic curve (even at %+.0f, %.0f points a logit; fitted for this variant).\n", r.Curve.Even, r.Curve.Scale)
	fmt.Fprintf(&b, "A move that lowers its side's chance by 10, 20, 30 points is an inaccuracy, a mistake, a blunder.\n\n")
	fmt.Fprintf(&b, "start: defenders %s\n", Percent(r.Chances[0]))
	for i, m := range r.Moves {
		fmt.Fprintf(&b, "%-6s %-18s defenders %5s", m.Number(), m.Notation, Percent(r.Chances[i+1]))
		if m.Class != NoClass {
			fmt.Fprintf(&b, "  %s (−%d points; the %s had %s, now %s), better %s", m.Class, m.Points(), m.Side, Percent(m.Before), Percent(m.After), m.Better())
			if len(m.Line) > 1 {
				fmt.Fprintf(&b, " (%s)", strings.Join(m.Line, " "))
			}
		}
		b.WriteByte('\n')
	}
	r.writeTurning(&b)
	_, err := io.WriteString(w, b.String())
	return err
}

// writeTurning ends the text with the turning points, if any.
func (r *Report) writeTurning(b *strings.Builder) {
	if len(r.Turning) > 0 {
		fmt.Fprintf(b, "\nTurning points:\n")
		for _, l := range r.TurningLines() {
			fmt.Fprintf(b, "  %s\n", l)
		}
	}
}
