package bot

import (
	"context"
	"fmt"
	"testing"
	"time"

	tc "github.com/taflbot/taflbot/clock"
	"github.com/taflbot/taflbot/storage"
	"github.com/taflbot/taflbot/tafl"
)

func job(game int, user, guild string) engineJob {
	return engineJob{kind: jobMove, game: storage.GameID(game), user: user, guild: guild}
}

// take runs next with a short deadline; ok is false when nothing may run.
func take(t *testing.T, q *engineQueue) (engineJob, bool) {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Millisecond)
	defer cancel()
	return q.next(ctx)
}

func order(t *testing.T, q *engineQueue, n int) string {
	t.Helper()
	s := ""
	for range n {
		j, ok := take(t, q)
		if !ok {
			t.Fatalf("after %q: nothing to run", s)
		}
		s += fmt.Sprintf("%s%d ", j.user, j.game)
		q.done(j)
	}
	return s
}

// TestEngineQueueRoundRobin: servers are served in turn, then users in
// turn within a server, and a user's own jobs first in, first out.
func TestEngineQueueRoundRobin(t *testing.T) {
	q := newEngineQueue(queueLimits{capacity: 100, perUser: 1})
	// a floods server 1 first; b (server 1) and c (server 2) come later.
	for i := 1; i <= 5; i++ {
		q.submit(job(i, "a", "s1"), true)
	}
	q.submit(job(10, "b", "s1"), true)
	q.submit(job(20, "c", "s2"), true)
	q.submit(job(21, "c", "s2"), true)
	got := order(t, q, 8)
	want := "a1 c20 b10 c21 a2 a3 a4 a5 "
	if got != want {
		t.Errorf("order %q, want %q", got, want)
	}
	if w, r := q.counts(); w != 0 || r != 0 {
		t.Errorf("%d waiting, %d running after all ran", w, r)
	}
}

// TestEngineQueueDirectMessagesAreNotOneServer: the players in direct
// messages with the bot took one server's turn together, so that two of
// them had half as much of the engine as one player in a server; each
// takes a turn of their own.
func TestEngineQueueDirectMessagesAreNotOneServer(t *testing.T) {
	q := newEngineQueue(queueLimits{capacity: 100, perUser: 1})
	for i := 1; i <= 4; i++ {
		q.submit(job(i, "a", "s1"), true)
	}
	for i := range 2 {
		q.submit(job(10+i, "d", ""), true)
		q.submit(job(20+i, "e", ""), true)
	}
	got := order(t, q, 8)
	if want := "a1 d10 e20 a2 d11 e21 a3 a4 "; got != want {
		t.Errorf("order %q, want %q", got, want)
	}
}

// TestEngineQueuePerUser: a user never runs more than perUser jobs at
// once, so another user's job is taken while the first user's wait.
func TestEngineQueuePerUser(t *testing.T) {
	q := newEngineQueue(queueLimits{capacity: 100, perUser: 1})
	for i := 1; i <= 3; i++ {
		q.submit(job(i, "a", "s"), true)
	}
	a1, _ := take(t, q)
	if _, ok := take(t, q); ok {
		t.Fatal("a second job of the same user ran while the first runs")
	}
	q.submit(job(9, "b", "s"), true)
	if j, ok := take(t, q); !ok || j.user != "b" {
		t.Fatalf("took %+v %v, want b's job", j, ok)
	}
	// A worker waiting in next wakes up when a's job is done.
	got := make(chan engineJob, 1)
	go func() {
		j, _ := q.next(t.Context())
		got <- j
	}()
	time.Sleep(10 * time.Millisecond)
	q.done(a1)
	select {
	case j := <-got:
		if j.game != 2 {
			t.Errorf("took game %d, want a's next (2)", j.game)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the waiting worker was not woken")
	}
}

// TestEngineQueueOnceAndAgain: a queued job is not queued twice; one
// submitted again while it runs runs once more afterwards, unless the
// submission was a periodic one (again false).
func TestEngineQueueOnceAndAgain(t *testing.T) {
	q := newEngineQueue(queueLimits{capacity: 100, perUser: 2})
	q.submit(job(1, "a", ""), true)
	q.submit(job(1, "a", ""), true)
	if w, _ := q.counts(); w != 1 {
		t.Fatalf("%d waiting, want 1", w)
	}
	j, _ := take(t, q)
	q.submit(job(1, "a", ""), false)
	q.done(j)
	if _, ok := take(t, q); ok {
		t.Fatal("a periodic resubmission of a running job made it run again")
	}
	q.submit(job(1, "a", ""), true)
	j, _ = take(t, q)
	q.submit(job(1, "a", ""), true)
	if w, r := q.counts(); w != 0 || r != 1 {
		t.Fatalf("%d waiting, %d running", w, r)
	}
	q.done(j)
	if j, ok := take(t, q); !ok || j.game != 1 {
		t.Fatal("a job submitted again while running did not run again")
	}
}

// TestEngineQueueCapacity: beyond capacity submit refuses and says so;
// after close nothing is taken or queued.
func TestEngineQueueCapacity(t *testing.T) {
	q := newEngineQueue(queueLimits{capacity: 2, perUser: 1})
	for i, want := range []submitResult{submitQueued, submitQueued, submitFull} {
		if got := q.submit(job(i+1, "a", ""), true); got != want {
			t.Errorf("submit %d: %d, want %d", i+1, got, want)
		}
	}
	j, _ := take(t, q)
	if got := q.submit(job(3, "a", ""), true); got != submitQueued {
		t.Errorf("submit after a job left the queue: %d, want queued", got)
	}
	q.done(j)
	q.close()
	if _, ok := take(t, q); ok {
		t.Error("next returned a job after close")
	}
	if got := q.submit(job(4, "a", ""), true); got != submitClosed {
		t.Errorf("submit after close: %d", got)
	}
}

// TestEngineQueueTouch: a job known only by its key (another process made
// its game due) is not queued twice while waiting, and runs once more
// when it was running: the next move of a game, played while a worker
// still posted the engine's last one, is not lost.
func TestEngineQueueTouch(t *testing.T) {
	q := newEngineQueue(queueLimits{capacity: 10, perUser: 1})
	k := jobKey{jobMove, 7}
	if q.touch(k) {
		t.Fatal("touch of an unknown job says it is known")
	}
	q.submit(job(7, "a", "s"), false)
	if !q.touch(k) {
		t.Fatal("touch of a waiting job says it is unknown")
	}
	j, ok := take(t, q)
	if !ok || j.game != 7 {
		t.Fatalf("took %+v %v, want game 7", j, ok)
	}
	if _, ok := take(t, q); ok {
		t.Fatal("a waiting job touched was queued twice")
	}
	if !q.touch(k) { // running: runs again when done
		t.Fatal("touch of a running job says it is unknown")
	}
	q.done(j)
	j2, ok := take(t, q)
	if !ok || j2.game != 7 || j2.user != "a" {
		t.Fatalf("after done: took %+v %v, want game 7 of a again", j2, ok)
	}
	q.done(j2)
	if _, ok := take(t, q); ok {
		t.Fatal("the job ran a third time")
	}
	if w, r := q.counts(); w != 0 || r != 0 {
		t.Errorf("%d waiting, %d running at the end", w, r)
	}
}

// TestEngineQueueDrain: drain takes every waiting job and leaves the
// running ones; a drained job can be queued again.
func TestEngineQueueDrain(t *testing.T) {
	q := newEngineQueue(queueLimits{capacity: 10, perUser: 1})
	q.submit(job(1, "a", "g1"), false)
	q.submit(job(2, "a", "g1"), false)
	q.submit(job(3, "b", "g1"), false)
	q.submit(job(4, "c", "g2"), false)
	running, ok := take(t, q)
	if !ok || running.game != 1 {
		t.Fatalf("took %v %v, want a1", running, ok)
	}
	left := q.drain()
	got := ""
	for _, j := range left {
		got += fmt.Sprintf("%s%d ", j.user, j.game)
	}
	if want := "a2 b3 c4 "; got != want {
		t.Errorf("drained %q, want %q", got, want)
	}
	if w, r := q.counts(); w != 0 || r != 1 {
		t.Errorf("after drain: %d waiting, %d running; want 0, 1", w, r)
	}
	q.done(running)
	if q.submit(left[0], false) != submitQueued {
		t.Fatal("a drained job could not be queued again")
	}
	if j, ok := take(t, q); !ok || j.game != left[0].game {
		t.Errorf("took %v %v, want the job queued again", j, ok)
	}
}

// TestEngineQueueLiveMovesFirst: a live game's move, whose engine clock
// runs while it waits, is taken before the correspondence moves waiting
// ahead of it (its own user's too), which then go on in their fair
// order; its user's limit still holds. It waited behind them all, so a
// short live game could be lost on time before the engine thought.
func TestEngineQueueLiveMovesFirst(t *testing.T) {
	q := newEngineQueue(queueLimits{capacity: 100, perUser: 1})
	for i := 1; i <= 3; i++ {
		q.submit(job(i, "a", "s1"), true)
		q.submit(job(10+i, "b", "s2"), true)
	}
	live := job(30, "c", "s3")
	live.urgent = true
	q.submit(live, true)
	own := job(4, "a", "s1") // a's live game, behind a's correspondence moves
	own.urgent = true
	q.submit(own, true)
	if got, want := order(t, q, 8), "a4 c30 a1 b11 a2 b12 a3 b13 "; got != want {
		t.Errorf("order %q, want %q", got, want)
	}

	// A user at their limit waits even for a live move; others' go on.
	q.submit(job(40, "d", "s1"), true)
	running, ok := take(t, q)
	if !ok || running.game != 40 {
		t.Fatalf("took %+v, %v; want d's move 40", running, ok)
	}
	late := job(41, "d", "s1")
	late.urgent = true
	q.submit(late, true)
	q.submit(job(50, "e", "s2"), true)
	if j, ok := take(t, q); !ok || j.game != 50 {
		t.Errorf("took %+v, %v; want e's move 50 while d has a move running", j, ok)
	} else {
		q.done(j)
	}
	q.done(running)
	if j, ok := take(t, q); !ok || j.game != 41 {
		t.Errorf("took %+v, %v; want d's live move 41", j, ok)
	}
	if q.urgent != 0 {
		t.Errorf("%d live moves counted waiting, want 0", q.urgent)
	}
}

// TestEngineJobOfALiveGameIsUrgent: the engine's move in a live game is
// submitted urgent, in a correspondence game not.
func TestEngineJobOfALiveGameIsUrgent(t *testing.T) {
	g, err := storage.NewGame("brandubh", "")
	if err != nil {
		t.Fatal(err)
	}
	if engineJobFor(g).urgent {
		t.Error("a correspondence game's move is urgent")
	}
	g.Clock = tc.New(tc.TimeControl{Base: 3 * time.Minute}, tafl.Attackers, time.Now())
	if !engineJobFor(g).urgent {
		t.Error("a live game's move is not urgent")
	}
}
