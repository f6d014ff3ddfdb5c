package bot

import (
	"container/heap"
	"context"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/clock"
	"github.com/taflbot/taflbot/locale"
	"github.com/taflbot/taflbot/render"
	"github.com/taflbot/taflbot/storage"
	"github.com/taflbot/taflbot/tafl"
)

// Live games are played on a chess clock (clock.TimeControl, "10+5"):
// the `time` option of /tafl challenge and /tafl ai. Their flags must
// fall within a second, not at the next sweep, so a flag watcher keeps
// the deadlines of the games whose clock runs out soon in a heap and
// ends each game on time (storage.ExpireGame) at its deadline. It learns
// of deadlines from every saved move (watch) and from the sweep, which
// also catches up on flags that fell while the bot was down.

// timeOption reads the time option (a live game's time control) and
// checks it against the days option: a game has one or the other.
func timeOption(r *request) (clock.TimeControl, error) {
	text := strings.TrimSpace(r.str("time"))
	if text == "" {
		return clock.TimeControl{}, nil
	}
	if _, ok := r.int("days"); ok {
		return clock.TimeControl{}, userErrorT("time.days_and_time")
	}
	tc, err := clock.Parse(text)
	var se *clock.SyntaxError
	if asError(err, &se) {
		return clock.TimeControl{}, userErrorT("time.bad", codeText(truncate(text, 20)), userErrorT("time.problem."+strconv.Itoa(int(se.Problem))), se.Example)
	}
	return tc, err
}

// timeChoices lists time controls for the time option's autocomplete:
// what was typed (when it is a valid time control), then the offered
// choices that match it.
func timeChoices(p *locale.Printer, typed string) []*discordgo.ApplicationCommandOptionChoice {
	var out []*discordgo.ApplicationCommandOptionChoice
	add := func(tc clock.TimeControl) {
		for _, c := range out {
			if c.Value == tc.String() {
				return
			}
		}
		out = append(out, &discordgo.ApplicationCommandOptionChoice{Name: describeControl(p, tc), Value: tc.String()})
	}
	if tc, err := clock.Parse(typed); err == nil {
		add(tc)
	}
	for _, tc := range clock.Choices {
		if typed == "" || strings.HasPrefix(tc.String(), typed) {
			add(tc)
		}
	}
	return out
}

// describeControl writes "10+5 (10 min + 5 s a move)" in p's language.
func describeControl(p *locale.Printer, tc clock.TimeControl) string {
	return p.T("%s (%d min + %d s a move)", tc.String(), int(tc.Base.Minutes()), int(tc.Increment.Seconds()))
}

// formatClock writes a live game's time left as render.FormatClock does,
// its hours and minutes ("1h 30m", from an hour up) in p's language
// ("1Std 30Min"), the chess clock's "4:59" below an hour as it is.
func formatClock(p *locale.Printer, d time.Duration) string {
	r := render.RoundClock(d)
	switch {
	case r >= 24*time.Hour:
		return p.T("%dd %dh", int(r/(24*time.Hour)), int(r%(24*time.Hour)/time.Hour))
	case r >= time.Hour:
		return p.T("%dh %02dm", int(r/time.Hour), int(r%time.Hour/time.Minute))
	}
	return render.FormatClock(d)
}

// clockLine shows both clocks of a live game, the running one marked,
// written as the picture's players band writes them (formatClock).
func (b *Bot) clockLine(p *locale.Printer, g *storage.Game) string {
	now := b.now()
	part := func(s tafl.Side) string {
		t := formatClock(p, g.Clock.Remaining(s, now))
		if g.Clock.Running == s {
			t = "**" + t + "** ⏱"
		}
		return t
	}
	return p.T("Clock (%s): Attackers %s · Defenders %s", g.Clock.Control.String(), part(tafl.Attackers), part(tafl.Defenders))
}

// flagWatcher ends games on time at their deadlines.
type flagWatcher struct {
	mu    sync.Mutex
	queue flagQueue
	at    map[storage.GameID]watched // the deadline each game is queued for
	wake  chan struct{}
}

// watched is the deadline a game is queued for, as of its move ply.
type watched struct {
	at  time.Time
	ply int
}

type flagEntry struct {
	id storage.GameID
	at time.Time
}

type flagQueue []flagEntry

func (q flagQueue) Len() int           { return len(q) }
func (q flagQueue) Less(i, j int) bool { return q[i].at.Before(q[j].at) }
func (q flagQueue) Swap(i, j int)      { q[i], q[j] = q[j], q[i] }
func (q *flagQueue) Push(x any)        { *q = append(*q, x.(flagEntry)) }
func (q *flagQueue) Pop() any {
	old := *q
	e := old[len(old)-1]
	*q = old[:len(old)-1]
	return e
}

func newFlagWatcher() *flagWatcher {
	return &flagWatcher{at: map[storage.GameID]watched{}, wake: make(chan struct{}, 1)}
}

// watch makes sure the watcher ends game g on time at its deadline (a
// game without one is forgotten). Watching only the next hour's deadlines
// keeps the heap small; the sweep adds later ones as they come near.
// A game as it was before the move it is watched for changes nothing:
// the follow-up work of two quick moves may run in either order, and the
// earlier move's deadline (the other side's flag) would replace the
// later's, so that the flag fell only at the sweep.
func (b *Bot) watch(g *storage.Game) {
	if b.roles&RoleClock == 0 {
		return // another process keeps the clocks
	}
	w := b.flags
	w.mu.Lock()
	defer w.mu.Unlock()
	old, ok := w.at[g.ID]
	if ok && old.ply > g.Ply() {
		return // an older view of the game
	}
	if !g.Active() || g.Deadline.IsZero() || g.Deadline.After(b.now().Add(time.Hour)) {
		delete(w.at, g.ID)
		return
	}
	if ok && old.at.Equal(g.Deadline) {
		return
	}
	w.at[g.ID] = watched{g.Deadline, g.Ply()}
	heap.Push(&w.queue, flagEntry{g.ID, g.Deadline})
	select {
	case w.wake <- struct{}{}:
	default:
	}
}

// flagPoll bounds how long the watcher sleeps: it looks at the clock
// at least this often, so that a clock moved by a test (or a system
// clock step) is noticed.
const flagPoll = 200 * time.Millisecond

// The deadlines of moves played in other processes. A move played in
// this process tells its watcher the new deadline (watch), and the sweep
// tells it the deadlines of the next hour; but in a deployment of several
// processes on one database a live game's moves are played at the front
// ends, and a move may bring the flag nearer (the other side has less
// time left). The clock process would learn of it only at its next
// sweep, up to sweep_interval after the flag fell. So a clock process
// that shares its database (PostgreSQL, or a part of the roles) looks
// every deadlinePoll for the deadlines coming within deadlineAhead that
// were set since its last look: one indexed query, which finds nothing
// most of the time.
const (
	deadlinePoll  = time.Second
	deadlineAhead = 2 * time.Second
)

// sharesClocks reports whether games this process keeps the clocks of may
// be moved in another process.
func (b *Bot) sharesClocks() bool {
	return b.roles&RoleClock != 0 && (b.roles != AllRoles || b.store.Backend() != "bbolt")
}

// runDeadlinePoll watches the deadlines set in other processes (above)
// until ctx is done; since is when the start-up sweep looked.
func (b *Bot) runDeadlinePoll(ctx context.Context, since time.Time) {
	failing := false
	every(ctx, deadlinePoll, func() bool {
		now := b.now()
		games, err := b.store.GamesDueBefore(ctx, now.Add(deadlineAhead))
		err = b.indexProblems(err) // a damaged entry is skipped
		if ctx.Err() != nil {
			return false
		}
		if err != nil {
			if !failing {
				b.log.Error("flag watcher: listing the deadlines set in other processes (tried again every second; the sweep ends the games on time meanwhile)", "err", err)
			}
			failing = true
			return true
		}
		if failing {
			b.log.Info("flag watcher: listing the deadlines set in other processes works again")
			failing = false
		}
		for _, g := range games {
			// A deadline set since the last look is after it (a move
			// sets its side's flag after the move); earlier ones were
			// watched then, or are the sweep's.
			if g.Deadline.After(since) {
				b.watch(g)
			}
		}
		// A second earlier: a move whose transaction read the clock
		// before now but committed after the query still counts.
		since = now.Add(-deadlinePoll)
		return true
	})
}

// runFlags ends games on time at their deadlines until ctx is done.
func (b *Bot) runFlags(ctx context.Context) {
	w := b.flags
	timer := time.NewTimer(flagPoll)
	defer timer.Stop()
	for {
		now := b.now()
		var due []storage.GameID
		wait := flagPoll
		w.mu.Lock()
		for w.queue.Len() > 0 {
			e := w.queue[0]
			if at, ok := w.at[e.id]; !ok || !at.at.Equal(e.at) {
				heap.Pop(&w.queue) // moved on since: a stale entry
				continue
			}
			if e.at.After(now) {
				wait = min(wait, e.at.Sub(now))
				break
			}
			heap.Pop(&w.queue)
			delete(w.at, e.id)
			due = append(due, e.id)
		}
		w.mu.Unlock()
		for _, id := range due {
			// Ended here, announced beside the watcher: a post Discord
			// is slow to take (a call made again for half a minute while
			// it fails) would hold every flag behind it.
			if g := b.expire(ctx, id, now); g != nil {
				b.runAfter(ctx, &reply{after: func(ctx context.Context) { b.announceTimeout(ctx, g) }})
			}
		}
		timer.Reset(wait)
		select {
		case <-ctx.Done():
			return
		case <-w.wake:
		case <-timer.C:
		}
	}
}
