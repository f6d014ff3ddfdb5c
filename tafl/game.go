package tafl

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

// Game is a game in progress or finished: the start position, every move
// played, the current position and the outcome. Unlike [Position], a Game
// changes as moves are played; it is not safe for concurrent use.
type Game struct {
	v       *Variant
	start   Position
	pos     Position
	plies   []Ply
	hashes  []uint64 // hashes[i]: the position before ply i; the last is the current one
	irrev   int      // index in hashes of the first position after the last capture
	outcome Outcome
}

// Ply is one move played in a game, with what it did.
type Ply struct {
	Move     Move     // Move is the move played.
	Piece    Piece    // Piece is the piece that moved.
	Captures []Square // Captures are the squares of the pieces it captured (the king is never removed).
	Announce Announce // Announce is raichi/tuicha after the move.
	Threat   bool     // Threat: after an attackers' move, they could capture the king next move.
	Outcome  Outcome  // Outcome is set when this move ended the game.
}

// Notation returns the ply in OTN full form, such as "Ke6-e7xd7/f7" with
// the suffix "++" (king captured), "--" (king escaped), "+" (the attackers
// threaten the king) or "-" (the king has an open line to escape).
func (p Ply) Notation() string {
	var b strings.Builder
	if p.Piece == King {
		b.WriteByte('K')
	}
	b.WriteString(p.Move.String())
	for i, c := range p.Captures {
		if i == 0 {
			b.WriteByte('x')
		} else {
			b.WriteByte('/')
		}
		b.WriteString(c.String())
	}
	b.WriteString(p.suffix())
	return b.String()
}

func (p Ply) suffix() string {
	switch {
	case p.Outcome.Reason == KingCaptured:
		return "++"
	case p.Outcome.Reason == KingEscaped:
		return "--"
	case p.Piece.Side() == Attackers && p.Threat:
		return "+"
	case p.Piece.Side() == Defenders && p.Announce != NoAnnounce:
		return "-"
	}
	return ""
}

// NewGame starts a game of variant v from its start position.
func NewGame(v *Variant) *Game { return NewGameFrom(v.start) }

// NewGameFrom starts a game from any position (see [Variant.ParsePosition]).
func NewGameFrom(p Position) *Game {
	g := &Game{v: p.v, start: p, pos: p, hashes: []uint64{p.hash}}
	g.outcome = p.Outcome()
	if !g.outcome.Over() {
		g.checkNoMoves()
	}
	return g
}

// Variant returns the game's rules.
func (g *Game) Variant() *Variant { return g.v }

// Start returns the position the game started from.
func (g *Game) Start() Position { return g.start }

// Position returns the current position.
func (g *Game) Position() Position { return g.pos }

// Plies returns the moves played so far (a copy).
func (g *Game) Plies() []Ply { return slices.Clone(g.plies) }

// Len returns the number of moves played.
func (g *Game) Len() int { return len(g.plies) }

// Outcome returns how the game ended; the zero Outcome while it goes on.
func (g *Game) Outcome() Outcome { return g.outcome }

// ToMove returns the side to move.
func (g *Game) ToMove() Side { return g.pos.toMove }

// Clone returns an independent copy of the game.
func (g *Game) Clone() *Game {
	c := *g
	c.plies = slices.Clone(g.plies)
	c.hashes = slices.Clone(g.hashes)
	return &c
}

// History returns the hashes of every position since the last capture,
// oldest first, the current position last: what the repetition rule looks
// at. The search uses it to apply the rule inside its tree.
func (g *Game) History() []uint64 { return slices.Clone(g.hashes[g.irrev:]) }

// Play plays m for the side to move. An illegal move, or any move after
// the end, returns a *MoveError and changes nothing.
func (g *Game) Play(m Move) (Ply, error) {
	if g.outcome.Over() {
		return Ply{}, &MoveError{Move: m, Reason: ReasonGameOver, Detail: "the game is over (" + g.OutcomeText() + ")"}
	}
	if e := g.pos.checkMove(m); e != nil {
		return Ply{}, e
	}
	var c Position
	var caps []Square
	g.pos.makeMove(m, &c, &caps)
	mover := g.pos.toMove
	out := c.Outcome()
	if !out.Over() && g.v.rules.Repetition != RepetitionIgnore && len(caps) == 0 && g.seen(c.hash) >= 2 {
		switch g.v.rules.Repetition {
		case RepetitionForbidden:
			return Ply{}, refuse(m, ReasonRepetition, CodeMoveRepetition)
		case RepetitionDraw:
			out = Outcome{Winner: NoSide, Reason: Repetition}
		case RepetitionDefendersLose:
			out = Outcome{Winner: Attackers, Reason: Repetition}
		case RepetitionMoverLoses:
			out = Outcome{Winner: mover.Other(), Reason: Repetition}
		}
	}
	ply := Ply{Move: m, Piece: g.pos.board[m.From()], Captures: caps, Announce: c.Announcement()}
	if mover == Attackers && !out.Over() {
		ply.Threat = c.KingThreatened()
	}
	g.pos = c
	g.plies = append(g.plies, ply)
	if len(caps) > 0 {
		g.irrev = len(g.hashes)
	}
	g.hashes = append(g.hashes, c.hash)
	g.outcome = out
	if !out.Over() {
		g.checkNoMoves()
	}
	g.plies[len(g.plies)-1].Outcome = g.outcome
	return g.plies[len(g.plies)-1], nil
}

// seen counts the earlier occurrences of a position hash since the last capture.
func (g *Game) seen(h uint64) int {
	n := 0
	for _, x := range g.hashes[g.irrev:] {
		if x == h {
			n++
		}
	}
	return n
}

// checkNoMoves ends the game when the side to move has no legal move.
func (g *Game) checkNoMoves() {
	if g.v.rules.Repetition != RepetitionForbidden {
		if g.pos.HasMoves() {
			return
		}
	} else if len(g.LegalMoves()) > 0 {
		return
	}
	if g.v.rules.NoMovesDraw {
		g.outcome = Outcome{Winner: NoSide, Reason: NoMoves}
	} else {
		g.outcome = Outcome{Winner: g.pos.toMove.Other(), Reason: NoMoves}
	}
}

// LegalMoves returns the legal moves of the side to move, sorted by their
// simple notation, with the repetition rule applied. None once the game is over.
func (g *Game) LegalMoves() []Move {
	if g.outcome.Reason != NoEnd && g.outcome.Reason != NoMoves || g.pos.end != NoEnd {
		return nil
	}
	moves := g.pos.LegalMoves()
	if g.v.rules.Repetition == RepetitionForbidden {
		var c Position
		moves = slices.DeleteFunc(moves, func(m Move) bool {
			if g.pos.makeMove(m, &c, nil) > 0 || c.end != NoEnd {
				return false // a capture repeats nothing, and a move that ends the game is never refused (see Play)
			}
			return g.seen(c.hash) >= 2
		})
	}
	SortMoves(moves)
	return moves
}

// LosesByRepetition reports whether m, a legal move of the side to move,
// would lose the game for that side by the repetition rule: it makes a
// position's third occurrence (capturing nothing and ending the game no
// other way, as Play counts it) where the variant's rule gives that to
// the other side (mover-loses; defenders-lose, for the defenders). A move
// the rule forbids is no legal move (LegalMoves).
func (g *Game) LosesByRepetition(m Move) bool {
	return g.repeats(m) && g.repetitionWinner() == g.pos.toMove.Other()
}

// WinsByRepetition reports whether m, a legal move of the side to move,
// would win the game for that side by the repetition rule: a position's
// third occurrence, counted as LosesByRepetition counts it, where the
// rule gives that to the mover (defenders-lose, for the attackers).
func (g *Game) WinsByRepetition(m Move) bool {
	return g.repeats(m) && g.repetitionWinner() == g.pos.toMove
}

// DrawsByRepetition reports whether m, a legal move of the side to move,
// would end the game in a draw by the repetition rule: a position's third
// occurrence, counted as LosesByRepetition counts it, where the rule
// draws it (brandubh, or a rules string with tfr:d).
func (g *Game) DrawsByRepetition(m Move) bool {
	return g.v.rules.Repetition == RepetitionDraw && g.repeats(m)
}

// repetitionWinner is the side the variant's repetition rule gives the
// game to when the side to move makes a position's third occurrence:
// NoSide where the rule draws, ignores or forbids it.
func (g *Game) repetitionWinner() Side {
	switch g.v.rules.Repetition {
	case RepetitionMoverLoses:
		return g.pos.toMove.Other()
	case RepetitionDefendersLose:
		return Attackers
	}
	return NoSide
}

// repeats reports whether m, a legal move of the side to move in a game
// not over, makes a position's third occurrence as Play counts it:
// capturing nothing and ending the game no other way.
func (g *Game) repeats(m Move) bool {
	if g.outcome.Over() || g.pos.checkMove(m) != nil {
		return false
	}
	var c Position
	if g.pos.makeMove(m, &c, nil) > 0 || c.Outcome().Over() {
		return false
	}
	return g.seen(c.hash) >= 2
}

// SortMoves sorts moves by their simple notation as text: by the
// from-square's name, then the to-square's name, so that a10-a9 comes
// before a2-a3 on a board of ten ranks or more. LegalMoves returns this
// order, on which the engine's choice among equal moves, seeded random
// openings and mined puzzles depend; moves shown to a reader are sorted
// with CompareMoves.
func SortMoves(moves []Move) {
	slices.SortFunc(moves, func(a, b Move) int {
		if c := strings.Compare(a.From().String(), b.From().String()); c != 0 {
			return c
		}
		return strings.Compare(a.To().String(), b.To().String())
	})
}

// CompareMoves orders moves as a reader looks them up on the board: by
// the from-square's file, then its rank as a number, then the
// to-square's file and rank (a2-a3, …, a9-a8, a10-a9, a11-a10, b1-b2).
func CompareMoves(a, b Move) int {
	return cmp.Or(
		cmp.Compare(a.From().File(), b.From().File()), cmp.Compare(a.From().Rank(), b.From().Rank()),
		cmp.Compare(a.To().File(), b.To().File()), cmp.Compare(a.To().Rank(), b.To().Rank()))
}

// PlayText parses a move in OTN simple or full form and plays it. The
// annotations of the full form (captures, K, suffixes) are checked against
// what the move actually does; a mismatch is a *MoveError and changes
// nothing.
func (g *Game) PlayText(text string) (Ply, error) {
	mt, err := ParseMove(text)
	if err != nil {
		if e := offBoardMove(text, g.pos.v.size); e != nil {
			return Ply{}, e
		}
		return Ply{}, err
	}
	if g.outcome.Over() {
		return Ply{}, &MoveError{Move: mt.Move, Reason: ReasonGameOver, Detail: "the game is over (" + g.OutcomeText() + ")"}
	}
	if e := g.pos.checkMove(mt.Move); e != nil {
		return Ply{}, e
	}
	trial := g.Clone()
	ply, err := trial.Play(mt.Move)
	if err != nil {
		return Ply{}, err
	}
	if mt.King && ply.Piece != King {
		return Ply{}, annotationError(mt, CodeMoveNotKing, mt.Move.From())
	}
	if mt.HasCaptures {
		want := slices.Clone(mt.Captures)
		if ply.Outcome.Reason == KingCaptured {
			// OpenTafl lists the captured king among the captures.
			want = slices.DeleteFunc(want, func(q Square) bool { return q == g.pos.king })
		}
		got := slices.Clone(ply.Captures)
		slices.Sort(want)
		slices.Sort(got)
		if !slices.Equal(want, got) {
			if len(ply.Captures) == 0 {
				return Ply{}, annotationError(mt, CodeMoveCapturesNone, squareList(mt.Captures))
			}
			return Ply{}, annotationError(mt, CodeMoveCaptures, squareList(ply.Captures), squareList(mt.Captures))
		}
	}
	if got := ply.suffix(); mt.Suffix != "" && mt.Suffix != got {
		if got == "" {
			return Ply{}, annotationError(mt, suffixDenial[mt.Suffix])
		}
		return Ply{}, annotationError(mt, CodeMoveSuffix, got, suffixMeaning[got], mt.Suffix, suffixMeaning[mt.Suffix])
	}
	*g = *trial
	return ply, nil
}

// suffixMeaning says what a move's suffix claims (OTN), and
// suffixDenial that the move does not do it.
var (
	suffixMeaning = map[string]Code{
		"+":  CodeSuffixCheck,
		"-":  CodeSuffixRoute,
		"++": CodeSuffixKingTaken,
		"--": CodeSuffixEscape,
	}
	suffixDenial = map[string]Code{
		"+":  CodeMoveNoCheck,
		"-":  CodeMoveNoRoute,
		"++": CodeMoveNoKingTaken,
		"--": CodeMoveNoEscape,
	}
)

// annotationError says that the move written mt.Raw does not do what its
// annotations say: code, with mt.Raw and then args.
func annotationError(mt MoveText, code Code, args ...any) *MoveError {
	args = append([]any{mt.Raw}, args...)
	return &MoveError{Move: mt.Move, Reason: ReasonAnnotation, Detail: code.English(args...), Code: code, Args: args}
}

func squareList(s []Square) string {
	if len(s) == 0 {
		return "nothing"
	}
	parts := make([]string, len(s))
	for i, q := range s {
		parts[i] = q.String()
	}
	return strings.Join(parts, ", ")
}

// Resign ends the game: side s resigns and the other side wins.
func (g *Game) Resign(s Side) error { return g.finish(Outcome{Winner: s.Other(), Reason: Resignation}) }

// AgreeDraw ends the game in a draw by agreement.
func (g *Game) AgreeDraw() error { return g.finish(Outcome{Winner: NoSide, Reason: DrawAgreed}) }

// LoseOnTime ends the game: side s ran out of time and the other side wins.
func (g *Game) LoseOnTime(s Side) error { return g.finish(Outcome{Winner: s.Other(), Reason: Timeout}) }

// Abort calls the game off: it ends with no winner (the bot allows this
// while fewer than two moves are played, and rates no such game).
func (g *Game) Abort() error { return g.finish(Outcome{Winner: NoSide, Reason: Aborted}) }

func (g *Game) finish(o Outcome) error {
	if g.outcome.Over() {
		return &MoveError{Reason: ReasonGameOver, Detail: "tafl: the game is already over (" + g.OutcomeText() + ")"}
	}
	if o.Reason != DrawAgreed && o.Reason != Aborted && o.Reason != Timeout && o.Winner == NoSide {
		return fmt.Errorf("tafl: a side must be attackers or defenders")
	}
	g.outcome = o
	return nil
}

// SetOutcome records an outcome decided outside the rules (resignation,
// draw by agreement, loss on time, abort) when rebuilding a stored game.
// It refuses outcomes the rules decide themselves.
func (g *Game) SetOutcome(o Outcome) error {
	switch o.Reason {
	case Resignation, DrawAgreed, Timeout, Aborted:
		return g.finish(o)
	}
	return fmt.Errorf("tafl: outcome %q is decided by the moves, not recorded", o.Reason)
}
