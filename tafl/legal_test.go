package tafl_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/taflbot/taflbot/tafl"
)

// TestCheckMoveMatchesGenerateMoves checks, on start and random positions
// of every preset, that CheckMove accepts exactly the moves GenerateMoves
// lists (every from/to pair on the board; on 19×19 every pair on a line
// and a sample of the rest), that the reference generator
// lists the same moves, that Apply and MakeMove agree, and that HasMoves
// agrees with GenerateMoves.
func TestCheckMoveMatchesGenerateMoves(t *testing.T) {
	for _, pi := range tafl.Presets() {
		for _, layout := range pi.Layouts {
			t.Run(pi.Name+"/"+layout, func(t *testing.T) {
				v, err := tafl.Preset(pi.Name, layout)
				if err != nil {
					t.Fatal(err)
				}
				rr := refPreset(pi.Name, layout)
				positions := []tafl.Position{v.Start()}
				every := map[int]int{7: 3, 9: 5, 11: 9, 19: 150}[pi.Size]
				positions = append(positions, randomPositions(t, v, 2, every, 3)...)
				for _, p := range positions {
					checkMoves(t, v, &rr, p)
				}
			})
		}
	}
}

func checkMoves(t *testing.T, v *tafl.Variant, rr *refRules, p tafl.Position) {
	t.Helper()
	gen := p.GenerateMoves(nil)
	if p.HasMoves() != (len(gen) > 0) {
		t.Fatalf("%s: HasMoves %v with %d moves", p, p.HasMoves(), len(gen))
	}
	if !slices.Equal(gen, p.LegalMoves()) {
		t.Fatalf("%s: LegalMoves differs from GenerateMoves", p)
	}
	// MovesTo: for every square, exactly GenerateMoves' moves ending there.
	for _, to := range v.Squares() {
		var want []tafl.Move
		for _, m := range gen {
			if m.To() == to {
				want = append(want, m)
			}
		}
		got := p.MovesTo(to, nil)
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Fatalf("%s: MovesTo(%s) = %v, GenerateMoves has %v", p, to, got, want)
		}
	}
	// MovesOntoLines: for every square, MovesTo's moves for each empty
	// square of its four lines in turn, in the same order.
	stride := tafl.Square(tafl.MaxSize + 2)
	for _, sq := range v.Squares() {
		var want []tafl.Move
		for _, d := range []tafl.Square{1, -1, stride, -stride} {
			for q := sq + d; q.OnBoard(v.Size()); q += d {
				if p.At(q) == tafl.Empty {
					want = append(want, p.MovesTo(q, nil)...)
				}
			}
		}
		if got := p.MovesOntoLines(sq, nil); !slices.Equal(got, want) {
			t.Fatalf("%s: MovesOntoLines(%s) = %v, MovesTo has %v", p, sq, got, want)
		}
	}
	// MovesFrom: for every square, exactly GenerateMoves' moves starting
	// there, in the same order; none from no square or off the board (s19
	// is off every board but the 19×19 one, where it is a square).
	s19, _ := tafl.ParseSquare("s19")
	for _, from := range append(v.Squares(), tafl.NoSquare, s19) {
		var want []tafl.Move
		for _, m := range gen {
			if m.From() == from {
				want = append(want, m)
			}
		}
		if got := p.MovesFrom(from, nil); !slices.Equal(got, want) {
			t.Fatalf("%s: MovesFrom(%s) = %v, GenerateMoves has %v", p, from, got, want)
		}
	}
	// Game.LegalMoves: the same moves (no history yet), sorted by their
	// simple notation as `tafl moves` prints them.
	gm := tafl.NewGameFrom(p).LegalMoves()
	if !slices.IsSortedFunc(gm, func(a, b tafl.Move) int { return strings.Compare(a.String(), b.String()) }) {
		t.Fatalf("%s: Game.LegalMoves is not sorted by notation: %v", p, gm)
	}
	if len(gm) != len(gen) {
		t.Fatalf("%s: Game.LegalMoves has %d moves, GenerateMoves %d", p, len(gm), len(gen))
	}
	// The reference's moves.
	rp, err := refParse(rr, p.Record(), p.ToMove() == tafl.Defenders)
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, m := range rp.moves() {
		want = append(want, m.String())
	}
	var got []string
	for _, m := range gen {
		got = append(got, m.String())
	}
	slices.Sort(want)
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Fatalf("%s: moves differ from the reference:\nengine    %v\nreference %v", p, got, want)
	}

	n := v.Size()
	squares := v.Squares()
	accepted := 0
	for _, from := range squares {
		for _, to := range squares {
			if n > 11 && from.File() != to.File() && from.Rank() != to.Rank() && (from+to)%7 != 0 {
				continue // on 19×19, most off-line pairs are skipped: all are refused the same way
			}
			m := tafl.NewMove(from, to)
			err := p.CheckMove(m)
			listed := slices.Contains(gen, m)
			if (err == nil) != listed {
				t.Fatalf("%s: %s: CheckMove says %v, GenerateMoves lists it: %v", p, m, err, listed)
			}
			if err != nil {
				var me *tafl.MoveError
				if !errors.As(err, &me) || !errors.Is(err, tafl.ErrIllegalMove) || me.Move != m {
					t.Fatalf("%s: %s: error %v is not a *MoveError wrapping ErrIllegalMove", p, m, err)
				}
				if _, aerr := p.Apply(m); aerr == nil {
					t.Fatalf("%s: Apply accepts %s, which CheckMove refuses", p, m)
				}
				continue
			}
			accepted++
			a, err := p.Apply(m)
			if err != nil {
				t.Fatalf("%s: Apply(%s): %v", p, m, err)
			}
			var c tafl.Position
			caps := p.MakeMove(m, &c)
			if a.Record() != c.Record() || a.Hash() != c.Hash() || a.Outcome() != c.Outcome() || a.ToMove() != c.ToMove() {
				t.Fatalf("%s: Apply and MakeMove disagree on %s", p, m)
			}
			if p.Count(p.ToMove().Other())-c.Count(p.ToMove().Other()) != caps {
				t.Fatalf("%s: MakeMove(%s) reports %d captures", p, m, caps)
			}
		}
	}
	if accepted != len(gen) {
		t.Fatalf("%s: CheckMove accepted %d moves, GenerateMoves lists %d", p, accepted, len(gen))
	}
	// Squares off this board are refused, not mistaken for others.
	off := tafl.At(n, 0)
	if n < tafl.MaxSize {
		if err := p.CheckMove(tafl.NewMove(squares[0], off)); err == nil {
			t.Fatalf("%s: a move off the board was accepted", p)
		}
	}
}

// TestKingCapturableAgrees compares KingCapturable (which looks only at
// moves onto the king's neighbours) with a brute-force test through the
// public API (every attacker move applied, the outcome read) on every
// position of random games of every preset, both sides to move, and makes
// sure the positions include many where the king can be captured.
func TestKingCapturableAgrees(t *testing.T) {
	for _, pi := range tafl.Presets() {
		v, err := tafl.Preset(pi.Name, "")
		if err != nil {
			t.Fatal(err)
		}
		games := 30
		if pi.Size > 11 {
			games = 3
		}
		yes := 0
		for _, p := range randomPositions(t, v, games, 1, 11) {
			want := kingCapturableBruteForce(t, v, p)
			if got := p.KingCapturable(); got != want {
				t.Fatalf("%s %s: KingCapturable %v, brute force %v", pi.Name, p, got, want)
			}
			if p.KingThreatened() != want {
				t.Fatalf("%s %s: KingThreatened %v, brute force %v", pi.Name, p, !want, want)
			}
			if want {
				yes++
			}
		}
		if yes < 3 {
			t.Errorf("%s: only %d positions with the king capturable: the test checks too little", pi.Name, yes)
		}
	}
}

// kingCapturableBruteForce tries every attacker move in p (the attackers
// put to move) and reports whether one captures the king.
func kingCapturableBruteForce(t *testing.T, v *tafl.Variant, p tafl.Position) bool {
	t.Helper()
	q, err := v.ParsePosition(p.Record(), tafl.Attackers)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range q.LegalMoves() {
		c, err := q.Apply(m)
		if err != nil {
			t.Fatal(err)
		}
		if c.Outcome().Reason == tafl.KingCaptured {
			return true
		}
	}
	return false
}

// TestMakeNullMove checks the passed position against the same board
// parsed with the other side to move: same record, same hash, same moves.
func TestMakeNullMove(t *testing.T) {
	for _, name := range []string{"copenhagen", "brandubh", "tablut"} {
		v, err := tafl.Preset(name, "")
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range randomPositions(t, v, 5, 2, 11) {
			if p.Outcome().Over() {
				continue
			}
			var c tafl.Position
			p.MakeNullMove(&c)
			want, err := v.ParsePosition(p.Record(), p.ToMove().Other())
			if err != nil {
				t.Fatal(err)
			}
			if c.ToMove() != p.ToMove().Other() || c.Record() != want.Record() || c.Hash() != want.Hash() || c.King() != want.King() {
				t.Fatalf("%s %s: null move gives %s hash %x, want %s hash %x", name, p, c, c.Hash(), want, want.Hash())
			}
			if !slices.Equal(c.LegalMoves(), want.LegalMoves()) || c.Outcome() != want.Outcome() {
				t.Fatalf("%s %s: null move's moves or outcome differ from the parsed position's", name, p)
			}
		}
	}
}

// TestLosesByRepetition: LosesByRepetition, WinsByRepetition and
// DrawsByRepetition say of every legal move, at every ply of games that
// shuttle two pieces back and forth, whether playing it loses, wins or
// draws the game for the mover by repetition, as Play decides it: the
// mover's third repetition loses in alea-evangelii (mover-loses), the
// defenders' loses in copenhagen (defenders-lose) and the attackers' wins
// for them there (the second copenhagen shuttle, where the attackers'
// move makes the third occurrence), and it draws in brandubh (draw).
func TestLosesByRepetition(t *testing.T) {
	for _, c := range []struct {
		variant            string
		moves              []string
		loses, wins, draws int // moves of the shuttle found to lose, to win, to draw
	}{
		{"alea-evangelii", []string{"a3-a4", "e11-d11", "a4-a3", "d11-e11"}, 1, 0, 0},
		{"copenhagen", []string{"a4-b4", "f4-f3", "b4-a4", "f3-f4"}, 1, 0, 0},
		{"copenhagen", []string{"a4-a3", "d6-d5", "a3-a2", "d5-d6", "a2-a3"}, 0, 1, 0},
		{"brandubh", []string{"a4-a3", "d3-c3", "a3-a4", "c3-d3"}, 0, 0, 1},
	} {
		v, err := tafl.Preset(c.variant, "")
		if err != nil {
			t.Fatal(err)
		}
		g := tafl.NewGame(v)
		loses, wins, draws := 0, 0, 0
		next := func(ply int) string { // the shuttle after its first move
			if ply == 0 || len(c.moves) == 4 {
				return c.moves[ply%4]
			}
			return c.moves[1+(ply-1)%4]
		}
		for ply := 0; !g.Outcome().Over() && ply < 12; ply++ {
			mover := g.ToMove()
			for _, m := range g.LegalMoves() {
				trial := g.Clone()
				if _, err := trial.Play(m); err != nil {
					t.Fatalf("%s: legal %s refused: %v", c.variant, m, err)
				}
				o := trial.Outcome()
				lose := o.Reason == tafl.Repetition && o.Winner == mover.Other()
				win := o.Reason == tafl.Repetition && o.Winner == mover
				draw := o.Reason == tafl.Repetition && o.Winner == tafl.NoSide
				if got := g.LosesByRepetition(m); got != lose {
					t.Errorf("%s ply %d: LosesByRepetition(%s) = %v; playing it: %v", c.variant, ply, m, got, o)
				}
				if got := g.WinsByRepetition(m); got != win {
					t.Errorf("%s ply %d: WinsByRepetition(%s) = %v; playing it: %v", c.variant, ply, m, got, o)
				}
				if got := g.DrawsByRepetition(m); got != draw {
					t.Errorf("%s ply %d: DrawsByRepetition(%s) = %v; playing it: %v", c.variant, ply, m, got, o)
				}
				if m.String() == next(ply) {
					if lose {
						loses++
					}
					if win {
						wins++
					}
					if draw {
						draws++
					}
				}
			}
			if _, err := g.PlayText(next(ply)); err != nil {
				t.Fatalf("%s: %s: %v", c.variant, next(ply), err)
			}
		}
		if loses != c.loses || wins != c.wins || draws != c.draws {
			t.Errorf("%s %v: %d moves of the shuttle lose by repetition, %d win and %d draw, want %d, %d and %d (outcome %v)", c.variant, c.moves, loses, wins, draws, c.loses, c.wins, c.draws, g.Outcome())
		}
	}
}
