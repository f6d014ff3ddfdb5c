package bot

import (
	"testing"
	"time"

	"github.com/taflbot/taflbot/storage"
)

// TestWatchKeepsTheNewestMove: the follow-up work of two quick moves may
// run in either order. The first move's watch (its deadline the
// opponent's flag) came after the second's and replaced the second
// mover's opponent's nearer flag, so the flag fell only at the next
// sweep (TestLiveGame timed out once on a loaded machine); a view of the
// game before the move it is watched for changes nothing, and a newer
// one still does.
func TestWatchKeepsTheNewestMove(t *testing.T) {
	now := time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)
	b := &Bot{now: func() time.Time { return now }, roles: AllRoles, flags: newFlagWatcher()}
	views := make([]*storage.Game, 3) // the game after 0, 1 and 2 moves
	for ply := range views {
		v, err := storage.NewGame("brandubh", "")
		if err != nil {
			t.Fatal(err)
		}
		v.ID = 7
		for range ply {
			if _, err := v.Tafl().Play(v.Tafl().LegalMoves()[0]); err != nil {
				t.Fatal(err)
			}
		}
		v.Deadline = now.Add(time.Duration(10-ply) * time.Minute) // each move's flag nearer
		views[ply] = v
	}
	if views[2].Ply() != 2 || views[1].Ply() != 1 {
		t.Fatalf("plies %d, %d", views[1].Ply(), views[2].Ply())
	}
	queued := func() time.Time {
		t.Helper()
		w := b.flags
		w.mu.Lock()
		defer w.mu.Unlock()
		return w.at[7].at
	}
	b.watch(views[2])
	b.watch(views[1]) // the first move's follow-up, late
	if got := queued(); !got.Equal(views[2].Deadline) {
		t.Errorf("after the first move's late watch: queued for %v, want the second move's %v", got, views[2].Deadline)
	}
	later := *views[2]
	later.Deadline = now.Add(time.Hour - time.Minute) // the same move, the deadline moved (a vacation, say)
	b.watch(&later)
	if got := queued(); !got.Equal(later.Deadline) {
		t.Errorf("a newer deadline at the same move: queued for %v, want %v", got, later.Deadline)
	}
}
