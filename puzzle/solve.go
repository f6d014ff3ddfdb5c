package puzzle

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/taflbot/taflbot/tafl"
)

// MaxMoves is the longest forced win the solver looks for, in moves of the
// winning side (a win in 5 is 9 plies).
const MaxMoves = 5

// ErrBudget is returned when a search needs more positions than its
// budget allows: the answer is unknown, not "no".
var ErrBudget = errors.New("puzzle: the search needs more positions than its budget")

// Solution is what an exhaustive search found in a position: the side to
// move forces a win in Moves of its own moves (and not in fewer), and
// Winning lists every first move that does, sorted by notation.
type Solution struct {
	Moves   int
	Winning []tafl.Move
}

// Unique reports whether exactly one first move wins in Moves.
func (s Solution) Unique() bool { return len(s.Winning) == 1 }

// Solve searches the current position of g exhaustively for a forced win
// of the side to move in at most maxMoves of its moves (1 to MaxMoves). It
// returns the shortest such win and every first move that achieves it; a
// zero Solution (Moves 0) means there is none within maxMoves, or the game
// is over. The search is exact: every move of both sides is tried, with
// the variant's rules for captures, game ends, repetition (the game's
// history counts) and a side without a legal move. It visits at most
// budget positions (0: no limit) and returns ErrBudget beyond them;
// cancelling ctx stops it with ctx's error. g does not change.
func Solve(ctx context.Context, g *tafl.Game, maxMoves int, budget int64) (Solution, error) {
	if maxMoves < 1 || maxMoves > MaxMoves {
		return Solution{}, fmt.Errorf("puzzle: a win in %d moves is out of range: use 1 to %d", maxMoves, MaxMoves)
	}
	if g.Outcome().Over() {
		return Solution{}, nil
	}
	s := newSearch(ctx, g, budget)
	for n := 1; n <= maxMoves; n++ {
		wins, err := s.winningMoves(0, n)
		if err != nil {
			return Solution{}, err
		}
		if len(wins) > 0 {
			tafl.SortMoves(wins)
			return Solution{Moves: n, Winning: wins}, nil
		}
	}
	return Solution{}, nil
}

// Outcomes of a move, from the point of view of the side the search
// tries to prove a win for (the winner).
const (
	goesOn  = iota // the game goes on
	wins           // the winner has won
	holds          // the game is over and the winner has not won (a draw or a loss)
	refused        // the move is illegal: it would repeat a position a third time where the rules forbid that
)

// maxPly is the deepest line a search makes: a win in MaxMoves is 2·MaxMoves−1 plies.
const maxPly = 2 * MaxMoves

// search is one exhaustive search: its own copies of the positions along
// the line, move buffers per ply, and the hashes of the line for the
// repetition rule.
type search struct {
	ctx    context.Context
	done   <-chan struct{}
	rules  tafl.Rules
	winner tafl.Side
	nodes  int64
	budget int64
	err    error

	pos   [maxPly + 1]tafl.Position
	moves [maxPly][]tafl.Move
	// line[i] is the hash of pos[i]; irrev[i] is the index in line of the
	// first position after the last capture before or at ply i. While no
	// capture has been made (irrev 0), the game's positions before the
	// start since its last capture (prefix) count for repetition too.
	prefix []uint64
	line   [maxPly + 1]uint64
	irrev  [maxPly + 1]int
	killer [maxPly]tafl.Move
	tt     map[ttKey]bool
}

type ttKey struct {
	hash    uint64
	history uint64 // the line since the last capture, where repetition could matter
	n       int8   // moves left to the winner
	defend  bool   // the node's side to move is the loser
}

func newSearch(ctx context.Context, g *tafl.Game, budget int64) *search {
	pos := g.Position()
	s := &search{ctx: ctx, done: ctx.Done(), rules: pos.Variant().Rules(), winner: pos.ToMove(), budget: budget, tt: map[ttKey]bool{}}
	if h := g.History(); len(h) > 1 {
		s.prefix = h[:len(h)-1]
	}
	s.pos[0] = pos
	s.line[0] = pos.Hash()
	for i := range s.moves {
		s.moves[i] = make([]tafl.Move, 0, 128)
	}
	return s
}

// count charges one position to the budget and polls the context; it
// returns false when the search must stop (s.err says why).
func (s *search) count() bool {
	if s.err != nil {
		return false
	}
	s.nodes++
	if s.budget > 0 && s.nodes > s.budget {
		s.err = ErrBudget
		return false
	}
	if s.nodes&1023 == 0 {
		select {
		case <-s.done:
			s.err = s.ctx.Err()
			return false
		default:
		}
	}
	return true
}

// play makes m from pos[ply] into pos[ply+1] and says what it decided.
func (s *search) play(ply int, m tafl.Move) int {
	c := &s.pos[ply+1]
	caps := s.pos[ply].MakeMove(m, c)
	h := c.Hash()
	s.line[ply+1] = h
	if caps > 0 {
		s.irrev[ply+1] = ply + 1
	} else {
		s.irrev[ply+1] = s.irrev[ply]
	}
	if o := c.Outcome(); o.Over() {
		return s.judge(o.Winner)
	}
	mover := s.pos[ply].ToMove()
	if s.rules.Repetition != tafl.RepetitionIgnore && caps == 0 && s.seen(ply, h) >= 2 {
		switch s.rules.Repetition {
		case tafl.RepetitionForbidden:
			return refused
		case tafl.RepetitionDraw:
			return holds
		case tafl.RepetitionDefendersLose:
			return s.judge(tafl.Attackers)
		case tafl.RepetitionMoverLoses:
			return s.judge(mover.Other())
		}
	}
	if !s.hasMoves(ply + 1) {
		if s.rules.NoMovesDraw {
			return holds
		}
		return s.judge(mover)
	}
	return goesOn
}

func (s *search) judge(w tafl.Side) int {
	if w == s.winner {
		return wins
	}
	return holds
}

// seen counts the occurrences of hash h in the line since the last
// capture, up to and including the position at ply.
func (s *search) seen(ply int, h uint64) int {
	n := 0
	if s.irrev[ply] == 0 {
		for _, x := range s.prefix {
			if x == h {
				n++
			}
		}
	}
	for i := s.irrev[ply]; i <= ply; i++ {
		if s.line[i] == h {
			n++
		}
	}
	return n
}

// since returns the number of positions before ply since the last capture.
func (s *search) since(ply int) int {
	n := ply - s.irrev[ply]
	if s.irrev[ply] == 0 {
		n += len(s.prefix)
	}
	return n
}

// repetitionPossible reports whether a third occurrence of a position can
// happen below ply: a position recurs at the earliest four plies later,
// so the line since the last capture must be able to hold nine positions.
func (s *search) repetitionPossible(ply, plies int) bool {
	return s.rules.Repetition != tafl.RepetitionIgnore && s.since(ply)+plies >= 8
}

// hasMoves reports whether the side to move at ply has a legal move, the
// repetition rule included.
func (s *search) hasMoves(ply int) bool {
	p := &s.pos[ply]
	if s.rules.Repetition != tafl.RepetitionForbidden || s.since(ply) < 4 {
		return p.HasMoves()
	}
	return len(s.generate(ply)) > 0
}

// generate fills the move buffer of ply with the legal moves at ply,
// leaving out those the repetition rule forbids.
func (s *search) generate(ply int) []tafl.Move {
	p := &s.pos[ply]
	ms := p.GenerateMoves(s.moves[ply])
	if s.rules.Repetition == tafl.RepetitionForbidden && s.since(ply) >= 4 {
		var c tafl.Position
		ms = slices.DeleteFunc(ms, func(m tafl.Move) bool {
			if p.MakeMove(m, &c) > 0 || c.Outcome().Over() {
				return false
			}
			return s.seen(ply, c.Hash()) >= 2
		})
	}
	s.moves[ply] = ms
	return ms
}

// key is the table key of the node at ply; where the line since the last
// capture could bring a repetition into the subtree, that line is part of
// the key, so that a result is only reused with the same history.
func (s *search) key(ply, n int, defend bool) ttKey {
	k := ttKey{hash: s.line[ply], n: int8(n), defend: defend}
	plies := 2*n - 1
	if defend {
		plies = 2 * n
	}
	if s.repetitionPossible(ply, plies) {
		var h uint64 = 14695981039346656037
		if s.irrev[ply] == 0 {
			for _, x := range s.prefix {
				h = (h ^ x) * 1099511628211
			}
		}
		for i := s.irrev[ply]; i < ply; i++ {
			h = (h ^ s.line[i]) * 1099511628211
		}
		k.history = h | 1
	}
	return k
}

// winningMoves returns every move of the winner at ply that forces a win
// within n of its moves.
func (s *search) winningMoves(ply, n int) ([]tafl.Move, error) {
	ms := slices.Clone(s.generate(ply))
	var out []tafl.Move
	for _, m := range ms {
		if !s.count() {
			return nil, s.err
		}
		switch s.play(ply, m) {
		case wins:
			out = append(out, m)
			continue
		case holds, refused:
			continue
		}
		if n > 1 {
			survives := s.defend(ply+1, n-1)
			if s.err != nil {
				return nil, s.err
			}
			if !survives {
				out = append(out, m)
			}
		}
	}
	return out, s.err
}

// win reports whether the winner, to move at ply, forces a win within n
// of its moves. After an error its answer means nothing.
func (s *search) win(ply, n int) bool {
	k := s.key(ply, n, false)
	if r, ok := s.tt[k]; ok {
		return r
	}
	// First any move that wins at once, the killer first of all.
	for _, m := range s.ordered(ply) {
		if !s.count() {
			return false
		}
		if s.play(ply, m) == wins {
			return s.answer(ply, k, m, true)
		}
	}
	if n > 1 {
		for i := 0; i < len(s.moves[ply]); i++ {
			m := s.moves[ply][i]
			if !s.count() {
				return false
			}
			if s.play(ply, m) == goesOn && !s.defend(ply+1, n-1) {
				return s.answer(ply, k, m, true)
			}
		}
	}
	return s.answer(ply, k, tafl.NoMove, false)
}

// defend reports whether the loser, to move at ply, has a reply after
// which the winner cannot force a win within n of its moves. After an
// error its answer means nothing.
func (s *search) defend(ply, n int) bool {
	k := s.key(ply, n, true)
	if r, ok := s.tt[k]; ok {
		return r
	}
	s.ordered(ply)
	for i := 0; i < len(s.moves[ply]); i++ {
		m := s.moves[ply][i]
		if !s.count() {
			return false
		}
		switch s.play(ply, m) {
		case wins, refused:
			continue
		case holds:
			return s.answer(ply, k, m, true)
		}
		if !s.win(ply+1, n) {
			return s.answer(ply, k, m, true)
		}
	}
	return s.answer(ply, k, tafl.NoMove, false)
}

// ordered generates the moves at ply with the killer of the ply first.
func (s *search) ordered(ply int) []tafl.Move {
	ms := s.generate(ply)
	if km := s.killer[ply]; km != tafl.NoMove {
		if i := slices.Index(ms, km); i > 0 {
			ms[0], ms[i] = ms[i], ms[0]
		}
	}
	return ms
}

// answer records the answer r of node k, found with move m (the new
// killer of ply, unless NoMove), and returns it. After an error (the
// search below was cut short) nothing is recorded and it returns false.
func (s *search) answer(ply int, k ttKey, m tafl.Move, r bool) bool {
	if s.err != nil {
		return false
	}
	if m != tafl.NoMove {
		s.killer[ply] = m
	}
	if len(s.tt) >= maxTT {
		clear(s.tt) // a memory bound: the answers are found again
	}
	s.tt[k] = r
	return r
}

// maxTT bounds the answers a search remembers (about 100 MB at most).
const maxTT = 1 << 21
