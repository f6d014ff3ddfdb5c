package ai

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/taflbot/taflbot/tafl"
)

func TestDeterministic(t *testing.T) {
	g := randomGame(t, "copenhagen", 12, 5)
	for _, lim := range []Limits{{Depth: 4}, {Nodes: 30000}, LevelLimits(Easy, 9), LevelLimits(Medium, 9)} {
		a, err := Search(context.Background(), g, lim)
		if err != nil {
			t.Fatal(err)
		}
		b, err := Search(context.Background(), g, lim)
		if err != nil {
			t.Fatal(err)
		}
		if a.Move != b.Move || a.Score != b.Score || a.Nodes != b.Nodes || a.Depth != b.Depth {
			t.Errorf("limits %+v: two runs differ: %v / %v", lim, a, b)
		}
	}
}

func TestEasyVaries(t *testing.T) {
	v, _ := tafl.Preset("copenhagen", "")
	g := tafl.NewGame(v)
	seen := map[tafl.Move]bool{}
	for seed := uint64(1); seed <= 8; seed++ {
		r, err := PlayLevel(context.Background(), g, Easy, seed)
		if err != nil {
			t.Fatal(err)
		}
		seen[r.Move] = true
	}
	if len(seen) < 3 {
		t.Errorf("easy played only %d different first moves over 8 seeds", len(seen))
	}
}

func TestCancelReturnsBestSoFar(t *testing.T) {
	g := randomGame(t, "copenhagen", 8, 2)
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		time.Sleep(100 * time.Millisecond)
		cancel()
	}()
	r, err := Search(ctx, g, Limits{}) // no limit but the context
	if err != nil {
		t.Fatal(err)
	}
	if !r.Stopped {
		t.Errorf("search ended by itself at depth %d, before the cancel", r.Depth)
	}
	if _, err := g.Clone().Play(r.Move); err != nil {
		t.Errorf("move %s: %v", r.Move, err)
	}
	// Cancelled before it starts: still a legal move.
	done, stop := context.WithCancel(context.Background())
	stop()
	r, err = Search(done, g, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.Clone().Play(r.Move); err != nil {
		t.Errorf("move %s after an early cancel: %v", r.Move, err)
	}
}

func TestThreadsFindWins(t *testing.T) {
	for _, tc := range loadTactics(t) {
		if tc.kind != "win" || tc.n > 2 {
			continue
		}
		p := tc.position(t)
		r, err := Search(context.Background(), tafl.NewGameFrom(p), Limits{Nodes: 200_000, Threads: 2, HashMB: 2})
		if err != nil {
			t.Fatal(err)
		}
		if !moveWins(&p, r.Move, tc.n) {
			t.Errorf("%s: two threads played %s, which does not win in %d", tc.name, r.Move, tc.n)
		}
	}
}

func TestNoMoveToSearch(t *testing.T) {
	v, _ := tafl.Preset("brandubh", "")
	p, err := v.ParsePosition("/K6/7/7/7/7/4t1T/7/", tafl.Attackers) // the king is on a corner
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Search(context.Background(), tafl.NewGameFrom(p), Limits{Depth: 1}); !errors.Is(err, ErrNoMove) {
		t.Errorf("finished game: err %v, want ErrNoMove", err)
	}
}

// TestRepetitionInSearch: under Copenhagen rules a third repetition loses
// for the defenders, so they must not walk into it.
func TestRepetitionInSearch(t *testing.T) {
	v, _ := tafl.Preset("copenhagen", "")
	g := tafl.NewGame(v)
	// Shuffle two pieces back and forth: the start position recurs.
	cycle := []string{"d1-d3", "f4-f3", "d3-d1", "f3-f4"}
	for _, m := range append(cycle, cycle[:3]...) {
		if _, err := g.PlayText(m); err != nil {
			t.Fatal(err)
		}
	}
	// Defenders to move: f3-f4 would make the start position occur for
	// the third time, which loses for them. The search must know it.
	trial := g.Clone()
	if _, err := trial.PlayText("f3-f4"); err != nil {
		t.Fatal(err)
	}
	if o := trial.Outcome(); o.Reason != tafl.Repetition || o.Winner != tafl.Attackers {
		t.Fatalf("test setup: f3-f4 gives %+v, want a repetition win for the attackers", o)
	}
	r, err := Search(context.Background(), g, Limits{Depth: 2})
	if err != nil {
		t.Fatal(err)
	}
	if r.Move.String() == "f3-f4" {
		t.Errorf("defenders walked into a losing repetition: %v", r)
	}
	// The root score of f3-f4 itself is a loss in one ply.
	sh := &shared{tt: newTable(1), done: context.Background().Done()}
	s := newSearcher(sh, g, g.LegalMoves(), 0, Limits{})
	s.rootSearch(1, true)
	found := false
	for _, rm := range s.root {
		if rm.move.String() == "f3-f4" {
			found = true
			if rm.score != -WinScore+1 {
				t.Errorf("f3-f4 scores %d, want %d (lost by repetition)", rm.score, -WinScore+1)
			}
		}
	}
	if !found {
		t.Error("f3-f4 is not among the root moves")
	}
}
