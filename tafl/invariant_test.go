package tafl_test

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/taflbot/taflbot/tafl"
)

// TestRandomPlayouts plays random legal games of every preset with a
// fixed seed and checks, after every move:
//   - the incremental hash equals the hash of the position rebuilt from
//     its record (Variant.ParsePosition);
//   - piece counts never grow, fall by exactly the captures reported, and
//     match the board;
//   - Game.History ends with the current hash and starts after the last
//     capture;
//   - the repetition rule fires exactly when a position (board and side
//     to move, counted since the last capture by this test) occurs for
//     the third time, and under "forbidden" it never does;
//   - every game ends within the cap.
func TestRandomPlayouts(t *testing.T) {
	for _, pi := range tafl.Presets() {
		for _, layout := range pi.Layouts {
			t.Run(pi.Name+"/"+layout, func(t *testing.T) {
				v, err := tafl.Preset(pi.Name, layout)
				if err != nil {
					t.Fatal(err)
				}
				games := 12
				if testing.Short() || pi.Size > 11 {
					games = 3
				}
				rng := rand.New(rand.NewPCG(2, uint64(len(pi.Name))))
				ended := map[string]int{}
				for i := 0; i < games; i++ {
					out := playout(t, v, rng)
					ended[out.Status()+" "+out.Reason.String()]++
				}
				t.Logf("%v", ended)
			})
		}
	}
}

// playout plays one random game and checks the invariants.
func playout(t *testing.T, v *tafl.Variant, rng *rand.Rand) tafl.Outcome {
	t.Helper()
	const maxPlies = 3000
	g := tafl.NewGame(v)
	seen := map[string]int{g.Position().String(): 1}
	rule := v.Rules().Repetition
	for ply := 0; ; ply++ {
		if g.Outcome().Over() {
			return g.Outcome()
		}
		if ply == maxPlies {
			t.Fatalf("the game did not end in %d plies: %s", maxPlies, g.Position())
		}
		before := g.Position()
		var moves []tafl.Move
		if rule == tafl.RepetitionForbidden {
			moves = g.LegalMoves()
		} else {
			moves = before.LegalMoves() // the same set, unsorted, and quicker
		}
		if len(moves) == 0 {
			t.Fatalf("the game is not over but there is no legal move: %s", before)
		}
		m := moves[rng.IntN(len(moves))]
		// Now and then, undo our last move when we can, so that
		// positions repeat and the repetition rule is exercised.
		if n := g.Len(); n >= 2 && rng.IntN(6) == 0 {
			last := g.Plies()[n-2].Move
			back := tafl.NewMove(last.To(), last.From())
			if slices.Contains(moves, back) {
				m = back
			}
		}
		p, err := g.Play(m)
		if err != nil {
			t.Fatalf("legal move %s refused: %v", m, err)
		}
		after := g.Position()

		// The hash.
		rebuilt, err := v.ParsePosition(after.Record(), after.ToMove())
		if err != nil {
			t.Fatalf("record %s does not parse: %v", after.Record(), err)
		}
		if rebuilt.Hash() != after.Hash() {
			t.Fatalf("after %s: incremental hash %x, recomputed %x (%s)", m, after.Hash(), rebuilt.Hash(), after)
		}
		if rebuilt.Record() != after.Record() {
			t.Fatalf("record round trip: %s became %s", after.Record(), rebuilt.Record())
		}
		h := g.History()
		if h[len(h)-1] != after.Hash() {
			t.Fatalf("History does not end with the current hash")
		}

		// Piece counts.
		side := before.ToMove()
		if after.Count(side) != before.Count(side) {
			t.Fatalf("after %s the mover's count changed from %d to %d", m, before.Count(side), after.Count(side))
		}
		if got := before.Count(side.Other()) - after.Count(side.Other()); got != len(p.Captures) {
			t.Fatalf("after %s the %s lost %d pieces but %d captures were reported", m, side.Other(), got, len(p.Captures))
		}
		counted := map[byte]int{}
		for _, c := range after.Record() {
			counted[byte(c)]++
		}
		if counted['t'] != after.Count(tafl.Attackers) || counted['T']+counted['K'] != after.Count(tafl.Defenders) || counted['K'] != 1 {
			t.Fatalf("counts %d/%d do not match the board %s", after.Count(tafl.Attackers), after.Count(tafl.Defenders), after.Record())
		}
		for _, c := range p.Captures {
			if after.At(c) != tafl.Empty {
				t.Fatalf("captured square %s is not empty", c)
			}
		}

		// Repetition, counted here independently.
		if len(p.Captures) > 0 {
			seen = map[string]int{}
			if len(h) != 1 {
				t.Fatalf("History has %d entries right after a capture, want 1", len(h))
			}
		}
		key := after.String()
		seen[key]++
		third := seen[key] >= 3
		isRep := g.Outcome().Reason == tafl.Repetition
		switch {
		case rule == tafl.RepetitionForbidden && third:
			t.Fatalf("a third occurrence of %s under forbidden repetition", key)
		case rule == tafl.RepetitionIgnore && isRep:
			t.Fatalf("repetition ended a game that ignores it")
		case rule != tafl.RepetitionIgnore && rule != tafl.RepetitionForbidden:
			ruleEnd := after.Outcome().Over() // the move ended the game by itself first
			if isRep != (third && !ruleEnd) {
				t.Fatalf("after %s: third occurrence %v, repetition outcome %v", m, third, isRep)
			}
			if isRep {
				want := map[tafl.RepetitionRule]tafl.Side{tafl.RepetitionDraw: tafl.NoSide,
					tafl.RepetitionDefendersLose: tafl.Attackers, tafl.RepetitionMoverLoses: side.Other()}[rule]
				if g.Outcome().Winner != want {
					t.Fatalf("repetition won by %s, want %s", g.Outcome().Winner, want)
				}
			}
		}

		// Ends that the position decides.
		switch o := g.Outcome(); o.Reason {
		case tafl.KingEscaped:
			if !v.IsEscape(after.King()) || o.Winner != tafl.Defenders {
				t.Fatalf("king escaped on %s", after.King())
			}
		case tafl.KingCaptured:
			if o.Winner != tafl.Attackers || side != tafl.Attackers {
				t.Fatalf("king captured by the %s", side)
			}
		case tafl.NoMoves:
			c := g.Clone()
			if strings.Contains(v.Name(), "cyning") != (o.Winner == tafl.NoSide) {
				t.Fatalf("no-moves outcome %v in %s", o, v.Name())
			}
			if len(c.Position().LegalMoves()) > 0 && rule != tafl.RepetitionForbidden {
				t.Fatalf("no-moves outcome but the position has moves")
			}
		}
	}
}
