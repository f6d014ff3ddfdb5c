package bot

import (
	"context"
	"slices"
	"sync"
	"time"

	"github.com/taflbot/taflbot/storage"
)

// The engine queue decides which piece of engine work runs next. It knows
// nothing of searches or Discord: callers submit jobs (a game, the human
// the work is for and their server), workers take them with next and
// report them done. Its rules:
//
//   - A live game's engine move goes first: its clock runs while it
//     waits, so it is taken before every job that is not (in the fair
//     order below among live moves), ahead of its own user's earlier
//     jobs too; the user's limit below still holds.
//   - Fair across servers, then users: a free worker serves the servers
//     with waiting jobs in turn, and within a server its users in turn;
//     a user's own jobs run in the order submitted. One user with many
//     games therefore delays someone else's job by at most the searches
//     already running.
//   - A user never holds every worker: at most perUser of a user's jobs
//     run at once (the pool sets workers−1, at least 1), so with two or
//     more workers one is always free for another user's job.
//   - A job (kind, game) is queued at most once. Submitted again while it
//     runs, it runs once more afterwards (the game may have moved on).
//   - At most capacity jobs wait. Submit refuses beyond that and says so;
//     the caller leaves the work where it came from (storage's "engine to
//     move" index) and submits it again later — nothing is dropped.
//
// The queue is in memory and per process. Work whose source of truth is
// in storage (an engine move is due while the engine is to move there)
// can always be found again and resubmitted, which is how overflow and
// restarts are recovered.
type engineQueue struct {
	mu      sync.Mutex
	lim     queueLimits
	guilds  map[string]*guildQueue
	order   ring[*guildQueue] // servers with waiting jobs, served in turn
	jobs    map[jobKey]jobState
	running map[string]int // jobs running per user
	waiting int
	urgent  int           // live games' moves among the waiting
	changed chan struct{} // closed and replaced whenever a job may have become available
	closed  bool
}

// queueLimits are the engine queue's limits.
type queueLimits struct {
	capacity int // jobs waiting at most
	perUser  int // jobs of one user running at once
}

// jobKind says what an engine job does.
type jobKind uint8

const (
	jobMove jobKind = iota + 1 // the engine's move in a game
	jobTask                    // a task of one think (a review's position, a hint, mining); game is the task's number
)

type jobKey struct {
	kind jobKind
	game storage.GameID
}

// engineJob is one piece of engine work.
type engineJob struct {
	kind   jobKind
	run    func(context.Context) // the task (jobTask only)
	game   storage.GameID
	user   string    // the human the work is for (the fairness key)
	guild  string    // their server ("" for direct messages)
	queued time.Time // when it was submitted (for the wait metric)
	urgent bool      // a live game's move: the engine's clock runs while it waits
}

func (j engineJob) key() jobKey { return jobKey{j.kind, j.game} }

type jobState uint8

const (
	jobWaiting      jobState = iota + 1
	jobRunning               // taken by a worker
	jobRunningAgain          // submitted again while running: runs once more
)

type guildQueue struct {
	id    string
	users map[string]*userQueue
	order ring[*userQueue] // users with waiting jobs, served in turn
}

type userQueue struct {
	id   string
	jobs []engineJob // first in, first out
}

// submitResult says what submit did with a job.
type submitResult uint8

const (
	submitQueued submitResult = iota + 1 // queued (or already queued or running)
	submitFull                           // refused: capacity jobs wait already
	submitClosed                         // refused: the queue is closed
)

func newEngineQueue(lim queueLimits) *engineQueue {
	lim.capacity = max(1, lim.capacity)
	lim.perUser = max(1, lim.perUser)
	return &engineQueue{lim: lim, guilds: map[string]*guildQueue{}, jobs: map[jobKey]jobState{},
		running: map[string]int{}, changed: make(chan struct{})}
}

// submit queues j. again says what to do when j is running already: true
// (something changed, such as a move was played) makes it run once more
// afterwards; false (a periodic resubmission) leaves it alone.
func (q *engineQueue) submit(j engineJob, again bool) submitResult {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.closed {
		return submitClosed
	}
	switch q.jobs[j.key()] {
	case jobWaiting, jobRunningAgain:
		return submitQueued
	case jobRunning:
		if again {
			q.jobs[j.key()] = jobRunningAgain
		}
		return submitQueued
	}
	if q.waiting >= q.lim.capacity {
		return submitFull
	}
	q.push(j)
	return submitQueued
}

// touch is submit with again for a job known only by its key: a waiting
// job stays as it is, a running one runs once more afterwards (something
// changed while it ran, such as a move played in another process). It
// reports whether the job was known; when not, the caller submits it.
func (q *engineQueue) touch(k jobKey) bool {
	q.mu.Lock()
	defer q.mu.Unlock()
	switch q.jobs[k] {
	case jobRunning:
		q.jobs[k] = jobRunningAgain
		return true
	case jobWaiting, jobRunningAgain:
		return true
	}
	return false
}

// turn is whose turn among the servers j waits for: its server's, and in
// a direct message its user's, as a server of their own. The direct
// messages are no one server: as one, every player there shared a single
// server's turn, so that a server with one player had as much of the
// engine as all the players in direct messages together.
func (j engineJob) turn() string {
	if j.guild == "" {
		return "dm\x00" + j.user
	}
	return j.guild
}

// push appends j to its user's jobs; the caller holds q.mu.
func (q *engineQueue) push(j engineJob) {
	g := q.guilds[j.turn()]
	if g == nil {
		g = &guildQueue{id: j.turn(), users: map[string]*userQueue{}}
		q.guilds[g.id] = g
		q.order.add(g)
	}
	u := g.users[j.user]
	if u == nil {
		u = &userQueue{id: j.user}
		g.users[j.user] = u
		g.order.add(u)
	}
	u.jobs = append(u.jobs, j)
	q.jobs[j.key()] = jobWaiting
	q.waiting++
	if j.urgent {
		q.urgent++
	}
	q.broadcast()
}

func (q *engineQueue) broadcast() {
	close(q.changed)
	q.changed = make(chan struct{})
}

// poll takes the next job a worker may run, if there is one, and marks
// it running; otherwise it returns the channel that is closed when one
// may have become available. closed reports a closed queue.
func (q *engineQueue) poll() (j engineJob, ok bool, wait <-chan struct{}, closed bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.closed {
		return engineJob{}, false, nil, true
	}
	if j, ok := q.pick(); ok {
		return j, true, nil, false
	}
	return engineJob{}, false, q.changed, false
}

// next waits for the next job a worker may run and marks it running. It
// returns false when ctx ends or the queue is closed.
func (q *engineQueue) next(ctx context.Context) (engineJob, bool) {
	for {
		q.mu.Lock()
		if q.closed {
			q.mu.Unlock()
			return engineJob{}, false
		}
		if j, ok := q.pick(); ok {
			q.mu.Unlock()
			return j, true
		}
		wait := q.changed
		q.mu.Unlock()
		select {
		case <-wait:
		case <-ctx.Done():
			return engineJob{}, false
		}
	}
}

// pick takes the next job whose user may run one more: a live game's
// move first, else the fair next job; the caller holds q.mu.
func (q *engineQueue) pick() (engineJob, bool) {
	if q.urgent > 0 {
		if j, ok := q.pickWhere(true); ok {
			return j, true
		}
	}
	return q.pickWhere(false)
}

// pickWhere takes the fair next job whose user may run one more, with
// urgent only a live game's move (its user's first); the caller holds
// q.mu.
func (q *engineQueue) pickWhere(urgent bool) (engineJob, bool) {
	first := func(u *userQueue) int {
		for k, j := range u.jobs {
			if j.urgent || !urgent {
				return k
			}
		}
		return -1
	}
	var job engineJob
	gi, ok := q.order.find(func(g *guildQueue) bool {
		ui, ok := g.order.find(func(u *userQueue) bool { return q.running[u.id] < q.lim.perUser && first(u) >= 0 })
		if !ok {
			return false
		}
		u := g.order.items[ui]
		k := first(u)
		job = u.jobs[k]
		u.jobs = slices.Delete(u.jobs, k, k+1)
		if len(u.jobs) == 0 {
			delete(g.users, u.id)
		}
		g.order.served(ui, len(u.jobs) == 0)
		return true
	})
	if !ok {
		return engineJob{}, false
	}
	g := q.order.items[gi]
	if len(g.users) == 0 {
		delete(q.guilds, g.id)
	}
	q.order.served(gi, len(g.users) == 0)
	q.waiting--
	if job.urgent {
		q.urgent--
	}
	q.running[job.user]++
	q.jobs[job.key()] = jobRunning
	return job, true
}

// done reports that a worker finished j. A job submitted again while it
// ran goes back into the queue (even beyond capacity: it was counted).
func (q *engineQueue) done(j engineJob) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.running[j.user]--; q.running[j.user] <= 0 {
		delete(q.running, j.user)
	}
	again := q.jobs[j.key()] == jobRunningAgain
	delete(q.jobs, j.key())
	if again && !q.closed {
		j.queued = time.Now()
		q.push(j)
		return
	}
	q.broadcast() // the user may run another job now
}

// close makes next return false and submit refuse from now on.
func (q *engineQueue) close() {
	q.mu.Lock()
	defer q.mu.Unlock()
	if !q.closed {
		q.closed = true
		q.broadcast()
	}
}

// drain removes every waiting job and returns them, in the order they
// would have run (fairness aside: server by server). Running jobs stay.
func (q *engineQueue) drain() []engineJob {
	q.mu.Lock()
	defer q.mu.Unlock()
	var jobs []engineJob
	for _, g := range q.order.items {
		for _, u := range g.order.items {
			for _, j := range u.jobs {
				delete(q.jobs, j.key())
				jobs = append(jobs, j)
			}
		}
	}
	q.guilds, q.order, q.waiting, q.urgent = map[string]*guildQueue{}, ring[*guildQueue]{}, 0, 0
	q.broadcast()
	return jobs
}

// counts returns how many jobs wait and how many run.
func (q *engineQueue) counts() (waiting, running int) {
	q.mu.Lock()
	defer q.mu.Unlock()
	for _, n := range q.running {
		running += n
	}
	return q.waiting, running
}

// ring is a round-robin list: find visits the items starting at the one
// whose turn it is, and served moves the turn past the item served.
type ring[T any] struct {
	items []T
	turn  int
}

func (r *ring[T]) add(x T) { r.items = append(r.items, x) }

// find returns the index of the first item, in turn order, for which ok
// returns true.
func (r *ring[T]) find(ok func(T) bool) (int, bool) {
	for k := range len(r.items) {
		i := (r.turn + k) % len(r.items)
		if ok(r.items[i]) {
			return i, true
		}
	}
	return 0, false
}

// served gives the turn to the item after i, removing item i first when
// remove is set.
func (r *ring[T]) served(i int, remove bool) {
	r.turn = i + 1
	if remove {
		r.items = slices.Delete(r.items, i, i+1)
		r.turn = i
	}
	if len(r.items) == 0 {
		r.turn = 0
	} else {
		r.turn %= len(r.items)
	}
}
