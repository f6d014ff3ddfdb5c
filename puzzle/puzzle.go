package puzzle

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/taflbot/taflbot/tafl"
)

// Puzzle is a position in which the side to move forces a win in Moves of
// its moves with exactly one first move. Solution is the line that wins:
// the winner's moves and, between them, the replies that hold out longest,
// which the bot plays. The winner's later moves are the only ones that
// still win in time, except the last, where any move that wins at once
// is as good.
type Puzzle struct {
	Variant  string   `json:"variant"`          // Variant is the preset's name, or "custom".
	Layout   string   `json:"layout,omitempty"` // Layout is the preset's layout where it has several.
	Rules    string   `json:"rules,omitempty"`  // Rules is the OTN rules string of a custom variant.
	Position string   `json:"position"`         // Position is the OTN position record.
	ToMove   string   `json:"to_move"`          // ToMove is "attackers" or "defenders": the side that wins.
	Moves    int      `json:"moves"`            // Moves is the number of the winner's moves to the win.
	Solution []string `json:"solution"`         // Solution is the line, 2·Moves−1 moves in simple notation.
	Source   string   `json:"source"`           // Source says where the position comes from.
}

// ErrInvalid is returned for a puzzle that does not hold: a bad record, or
// a line that is not a forced, unique win.
var ErrInvalid = errors.New("puzzle: invalid")

// invalidError is ErrInvalid for a cause from package tafl: "puzzle:
// invalid: " and where (a line of a file, a move of the solution), then
// the cause without its "tafl: ". errors.Is finds ErrInvalid and the cause.
type invalidError struct {
	where string // "line 3: ", "solution move 2: " or ""
	err   error
}

func (e *invalidError) Error() string {
	return ErrInvalid.Error() + ": " + e.where + strings.TrimPrefix(e.err.Error(), "tafl: ")
}

func (e *invalidError) Unwrap() []error { return []error{ErrInvalid, e.err} }

// Start returns the puzzle's variant and start position.
func (p *Puzzle) Start() (tafl.Position, error) {
	v, err := tafl.VariantOf(p.Variant, p.Layout, p.Rules)
	if err != nil {
		return tafl.Position{}, &invalidError{err: err}
	}
	side, err := tafl.ParseSide(p.ToMove)
	if err != nil {
		return tafl.Position{}, &invalidError{err: err}
	}
	pos, err := v.ParsePosition(p.Position, side)
	if err != nil {
		return tafl.Position{}, &invalidError{err: err}
	}
	return pos, nil
}

// Side returns the side that wins the puzzle (the side to move at the start).
func (p *Puzzle) Side() tafl.Side {
	s, _ := tafl.ParseSide(p.ToMove)
	return s
}

// Line returns the solution as moves.
func (p *Puzzle) Line() ([]tafl.Move, error) {
	out := make([]tafl.Move, len(p.Solution))
	for i, t := range p.Solution {
		mt, err := tafl.ParseMove(t)
		if err != nil {
			return nil, &invalidError{where: fmt.Sprintf("solution move %d: ", i+1), err: err}
		}
		out[i] = mt.Move
	}
	return out, nil
}

// Game returns a new game at the puzzle's start.
func (p *Puzzle) Game() (*tafl.Game, error) {
	pos, err := p.Start()
	if err != nil {
		return nil, err
	}
	return tafl.NewGameFrom(pos), nil
}

// Key identifies the puzzle by its rules and position: two puzzles with
// the same key are the same puzzle.
func (p *Puzzle) Key() string {
	name := p.Variant
	if p.Layout != "" {
		name += "/" + p.Layout
	}
	if p.Rules != "" {
		name = p.Rules
	}
	return name + " " + p.Position + " " + p.ToMove
}

// Title returns a line such as "Attackers to move and win in 3".
func (p *Puzzle) Title() string {
	side := p.ToMove
	if side != "" {
		side = strings.ToUpper(side[:1]) + side[1:]
	}
	if p.Moves == 1 {
		return side + " to move and win at once"
	}
	return fmt.Sprintf("%s to move and win in %d moves", side, p.Moves)
}

// Verify checks that the puzzle holds, with an exhaustive search of at
// most budget positions per step (0: no limit): the start is a position of
// its variant where the side to move forces a win in Moves moves and in no
// fewer; the first move of Solution is the only one that does (in a win
// in 1 too); every reply in Solution is legal and holds out as long as
// any reply can; each later move of the winner is the only one still
// winning in time, except the last, which wins at once; and the line ends
// the game with the winner's win. ErrBudget means the search could not
// finish within budget.
func (p *Puzzle) Verify(ctx context.Context, budget int64) error {
	if p.Moves < 1 || p.Moves > MaxMoves {
		return fmt.Errorf("%w: a win in %d moves: only 1 to %d are puzzles", ErrInvalid, p.Moves, MaxMoves)
	}
	if len(p.Solution) != 2*p.Moves-1 {
		return fmt.Errorf("%w: a win in %d needs %s in the solution, not %d", ErrInvalid, p.Moves, plural(2*p.Moves-1, "move", "moves"), len(p.Solution))
	}
	g, err := p.Game()
	if err != nil {
		return err
	}
	if g.Outcome().Over() {
		return fmt.Errorf("%w: the game is already over at the start", ErrInvalid)
	}
	line, err := p.Line()
	if err != nil {
		return err
	}
	winner := g.ToMove()
	for i, m := range line {
		if i%2 == 0 {
			left := p.Moves - i/2 // the winner's moves left, this one included
			sol, err := Solve(ctx, g, left, budget)
			if err != nil {
				return err
			}
			switch {
			case sol.Moves == 0:
				return fmt.Errorf("%w: before move %d (%s) the side to move has no forced win in %s", ErrInvalid, i+1, p.Solution[i], plural(left, "move", "moves"))
			case sol.Moves != left:
				return fmt.Errorf("%w: before move %d (%s) the win takes %s, not %d", ErrInvalid, i+1, p.Solution[i], plural(sol.Moves, "move", "moves"), left)
			case !containsMove(sol.Winning, m):
				return fmt.Errorf("%w: move %d (%s) does not win in time", ErrInvalid, i+1, p.Solution[i])
			case (i == 0 || left > 1) && !sol.Unique():
				return fmt.Errorf("%w: before move %d, %d moves win in %d: %s", ErrInvalid, i+1, len(sol.Winning), left, moveList(sol.Winning))
			}
		}
		if _, err := g.Play(m); err != nil {
			return fmt.Errorf("%w: move %d: %w", ErrInvalid, i+1, err)
		}
		if i%2 == 1 {
			// The reply must hold out as long as any can: after it the
			// win still takes all the winner's moves left.
			left := p.Moves - (i+1)/2
			sol, err := Solve(ctx, g, left, budget)
			if err != nil {
				return err
			}
			if sol.Moves != left {
				return fmt.Errorf("%w: the reply %s (move %d) is not the longest defence", ErrInvalid, p.Solution[i], i+1)
			}
		}
	}
	if o := g.Outcome(); o.Winner != winner {
		return fmt.Errorf("%w: the line ends %s, not with a win of the %v", ErrInvalid, o.Status(), winner)
	}
	return nil
}

func containsMove(ms []tafl.Move, m tafl.Move) bool {
	for _, x := range ms {
		if x == m {
			return true
		}
	}
	return false
}

func moveList(ms []tafl.Move) string {
	parts := make([]string, len(ms))
	for i, m := range ms {
		parts[i] = m.String()
	}
	return strings.Join(parts, ", ")
}

// Encode writes puzzles as JSON lines, one puzzle a line.
func Encode(ps []Puzzle) ([]byte, error) {
	var b strings.Builder
	for i := range ps {
		line, err := json.Marshal(&ps[i])
		if err != nil {
			return nil, err
		}
		b.Write(line)
		b.WriteByte('\n')
	}
	return []byte(b.String()), nil
}

// Decode reads puzzles written by Encode; blank lines and lines starting
// with # are skipped. It checks each record's form (its variant, position,
// side and the notation of its moves), not that it is a forced win: see
// Puzzle.Verify.
func Decode(data []byte) ([]Puzzle, error) {
	var out []Puzzle
	for n, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		var p Puzzle
		dec := json.NewDecoder(strings.NewReader(line))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&p); err != nil {
			return nil, fmt.Errorf("%w: line %d: %w", ErrInvalid, n+1, err)
		}
		_, err := p.Start()
		if err == nil {
			_, err = p.Line()
		}
		var ie *invalidError
		if errors.As(err, &ie) {
			return nil, &invalidError{where: fmt.Sprintf("line %d: ", n+1) + ie.where, err: ie.err}
		} else if err != nil {
			return nil, fmt.Errorf("%w: line %d: %w", ErrInvalid, n+1, err)
		}
		if p.Moves < 1 || p.Moves > MaxMoves || len(p.Solution) != 2*p.Moves-1 {
			return nil, fmt.Errorf("%w: line %d: a win in %d with %d solution moves", ErrInvalid, n+1, p.Moves, len(p.Solution))
		}
		out = append(out, p)
	}
	return out, nil
}

// InitialRating is the rating a new puzzle starts with, by its length:
// 1200 for a win in 1, 200 more for each further move (2000 for a win in
// 5). Players' attempts then move it (Glicko-2).
func InitialRating(moves int) float64 { return 1200 + 200*float64(max(moves, 1)-1) }

// plural is n and the noun in the form n takes ("1 game", "2 games").
func plural(n int, one, other string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, other)
}
