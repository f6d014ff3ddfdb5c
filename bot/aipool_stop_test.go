package bot

import (
	"context"
	"io"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/taflbot/taflbot/storage"
)

// TestStopRunsQueuedTasks: the tasks still waiting for a worker when the
// pool stops are each run once, with a cancelled context (so that they
// answer their users as a task cut short does); before, they were
// dropped with the queue. A task submitted after that is refused as
// closed, not as full.
func TestStopRunsQueuedTasks(t *testing.T) {
	st, err := storage.Open(filepath.Join(t.TempDir(), "taflbot.db"), storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	bt, err := New(Options{Store: st, REST: NewConsoleREST(io.Discard, t.TempDir()), Engine: timingEngine{called: make(chan time.Time, 1)}, AIWorkers: 1})
	if err != nil {
		t.Fatal(err)
	}
	busy := make(chan struct{})
	if r := bt.ai.submitTask("u0", "1", func(ctx context.Context) { close(busy); <-ctx.Done() }); r != submitQueued {
		t.Fatalf("first task: %v", r)
	}
	<-busy // the only worker is taken until the stop
	const n = 5
	ran := make(chan error, 2*n)
	for i := range n {
		if r := bt.ai.submitTask("u"+strconv.Itoa(i+1), "1", func(ctx context.Context) { ran <- ctx.Err() }); r != submitQueued {
			t.Fatalf("task %d: %v", i+1, r)
		}
	}
	if w, _ := bt.ai.tq.counts(); w != n {
		t.Fatalf("%d tasks waiting, want %d", w, n)
	}
	bt.Stop(time.Minute)
	close(ran)
	got := 0
	for err := range ran {
		got++
		if err == nil {
			t.Error("a task queued at shutdown ran with a live context")
		}
	}
	if got != n {
		t.Errorf("%d of the %d queued tasks ran at shutdown", got, n)
	}
	if r := bt.ai.submitTask("late", "1", func(context.Context) { t.Error("a task submitted after the stop ran") }); r != submitClosed {
		t.Errorf("a task submitted after the stop: %v, want submitClosed", r)
	}
}
