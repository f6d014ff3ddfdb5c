package ai

import (
	"context"
	"testing"

	"github.com/taflbot/taflbot/tafl"
)

// TestStoppedIterationPlaysItsBest: when the budget ends an iteration
// after the previous best move was searched again (first) and another
// move was searched and beat it, that move is played. In these two
// positions (from games against ftzm's engine, attackers to move) the
// deeper search finds the previous best losing to a king escape and
// another move holding, but with a lower score than the previous
// iteration gave the best: the old rule (keepBest) kept the losing move.
// A plain search (no pruning, no table) checks both moves.
func TestStoppedIterationPlaysItsBest(t *testing.T) {
	v, _ := tafl.Preset("copenhagen", "")
	for _, c := range []struct {
		rec    string
		budget int64
	}{
		{"/3t1t5/10t/5t1K3/t3t1t3t/t3TT4t/tt1TT3T2/t3TTT2t1/t4T2t2/7T3/5t5/3ttttt3/", 40000},
		{"/5t3t1/5t2T2/4t4KT/t4T4t/t3T6/t2TT5t/3tT5t/t4t2T1t/1t5T1t1/2t5t2/3tt1tt3/", 150000},
	} {
		p, err := v.ParsePosition(c.rec, tafl.Attackers)
		if err != nil {
			t.Fatal(err)
		}
		g := tafl.NewGameFrom(p)
		now, err := Search(context.Background(), g, Limits{Nodes: c.budget})
		if err != nil {
			t.Fatal(err)
		}
		old, err := Search(context.Background(), g, Limits{Nodes: c.budget, knobs: knobs{keepBest: true}})
		if err != nil {
			t.Fatal(err)
		}
		if !now.Stopped || now.Move == old.Move {
			t.Fatalf("%s: moves %v and %v (stopped %v): the position no longer tests the rule", c.rec, now.Move, old.Move, now.Stopped)
		}
		// Each move's value by a plain search one ply deeper than the
		// last finished iteration.
		plain := func(m tafl.Move) int {
			c := g.Clone()
			if _, err := c.Play(m); err != nil {
				t.Fatal(err)
			}
			r, err := Search(context.Background(), c, Limits{Depth: now.Depth, knobs: knobs{noPrune: true, noTT: true}})
			if err != nil {
				t.Fatal(err)
			}
			return -r.Score
		}
		kept, played := plain(old.Move), plain(now.Move)
		t.Logf("depth %d: kept %v %d, played %v %d", now.Depth, old.Move, kept, now.Move, played)
		if kept > -mateBound || played <= -mateBound {
			t.Errorf("%s: the old rule's %v scores %d, the move played %v scores %d; want the first lost and the second not", c.rec, old.Move, kept, now.Move, played)
		}
	}
}
