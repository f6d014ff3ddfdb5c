package bot

import (
	"context"
	"errors"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/taflbot/taflbot/storage"
	"github.com/taflbot/taflbot/tafl"
)

// aiPool thinks about engine moves off the interaction path: a bounded
// number of workers take jobs from an [engineQueue], which serves servers
// and users in turn. A job the queue cannot hold stays due in storage
// (the game is in the "engine to move" index) and a timer submits every
// due game again every retry interval, so no engine move is ever dropped
// and none waits for a restart. Before thinking, a worker claims the move
// in storage (aiMove), so that of all processes sharing a PostgreSQL
// database exactly one thinks about it; a move claimed elsewhere, or
// whose player has as many moves being thought about as allowed in all
// processes, is parked until that claim ends. Moves made due by other
// processes arrive through storage's WatchEngine.
//
// The same workers run the other engine work, as tasks of one think each
// in a queue of their own (fair in the same way, one task of a user at a
// time): the positions of a game review, hints, mining a finished game
// for puzzles. A worker takes a waiting engine move before any task, so a
// move of a game in progress waits for at most the think each worker is
// in the middle of, however many tasks wait; and a live game's move
// before any other move, so that the engine's clock, which runs while
// the move waits, is not spent behind correspondence games' thinking.
type aiPool struct {
	b       *Bot
	workers int
	long    chan struct{} // slots for long thinks: workers−1
	q       *engineQueue
	tq      *engineQueue  // tasks
	taskID  atomic.Uint64 // numbers the tasks
	retry   time.Duration
	full    atomic.Bool                   // a job was refused since the last resubmission
	parked  map[storage.GameID]*parkedJob // waiting for another claim to end
	// searches stops the search of each game being thought about in
	// this process (keepClaim), when the game ends here (afterMove).
	searches map[storage.GameID]func()
	ctx      context.Context
	cancel   context.CancelFunc
	wg       sync.WaitGroup
	mu       sync.Mutex
	started  bool
}

func newAIPool(b *Bot, workers, capacity int, retry time.Duration) *aiPool {
	ctx, cancel := context.WithCancel(context.Background())
	return &aiPool{b: b, workers: workers, long: make(chan struct{}, workers-1),
		q:      newEngineQueue(queueLimits{capacity: capacity, perUser: max(1, workers-1)}),
		tq:     newEngineQueue(queueLimits{capacity: capacity, perUser: 1}),
		parked: map[storage.GameID]*parkedJob{}, searches: map[storage.GameID]func(){},
		retry: retry, ctx: ctx, cancel: cancel}
}

// perUser is how many of one player's engine moves may be thought about
// at once, in this process (the queue) and across every process (the
// storage claims): all workers but one, so that one is always free for
// someone else (at least 1).
func (p *aiPool) perUser() int { return max(1, p.workers-1) }

// parkedJob is a job whose move another worker (or the player's other
// moves) held a claim on.
type parkedJob struct {
	job   engineJob
	timer *time.Timer
}

// park keeps j aside until until (when the claim in its way lapses at
// the latest) or until a claim ends anywhere, then submits it again.
func (p *aiPool) park(j engineJob, until time.Time) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.parked == nil {
		p.parked = map[storage.GameID]*parkedJob{}
	}
	if _, ok := p.parked[j.game]; ok {
		return
	}
	wait := min(max(until.Sub(p.b.now()), 100*time.Millisecond), p.b.lease)
	p.parked[j.game] = &parkedJob{job: j, timer: time.AfterFunc(wait+10*time.Millisecond, func() { p.unparkOne(j.game) })}
}

func (p *aiPool) unparkOne(id storage.GameID) {
	p.mu.Lock()
	pj, ok := p.parked[id]
	delete(p.parked, id)
	p.mu.Unlock()
	if ok {
		p.resubmit(pj.job)
	}
}

// unpark submits every parked job again (a claim ended somewhere).
func (p *aiPool) unpark() {
	p.mu.Lock()
	var jobs []engineJob
	for _, pj := range p.parked {
		pj.timer.Stop()
		jobs = append(jobs, pj.job)
	}
	clear(p.parked)
	p.mu.Unlock()
	for _, j := range jobs {
		p.resubmit(j)
	}
}

// busy returns the number of engine jobs and tasks waiting or running.
func (p *aiPool) busy() int {
	w, r := p.q.counts()
	tw, tr := p.tq.counts()
	return w + r + tw + tr
}

// submitTask queues a task of one think for user (in guild, for the
// fairness between servers and users). It starts the workers when the
// process does not have the engine role (its reviews and hints still need
// them). It returns submitFull when the queue is full, submitClosed when
// the bot is shutting down: the task is then not run, and the caller
// answers the user itself.
//
// A task is run exactly once, once queued: by a worker, or, when the bot
// shuts down before a worker took it, by stop with a cancelled context,
// so that it ends the way a task whose search was cut short does (a hint
// or review says it was interrupted by the restart).
func (p *aiPool) submitTask(user, guild string, run func(context.Context)) submitResult {
	p.start()
	j := engineJob{kind: jobTask, game: storage.GameID(p.taskID.Add(1)), user: user, guild: guild, run: run, queued: time.Now()}
	return p.tq.submit(j, false)
}

// takeLong reserves a worker for a long think, if fewer than workers−1
// are thinking long already; releaseLong gives it back.
func (p *aiPool) takeLong() bool {
	select {
	case p.long <- struct{}{}:
		return true
	default:
		return false
	}
}

func (p *aiPool) releaseLong() { <-p.long }

func (p *aiPool) start() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.started {
		return
	}
	p.started = true
	for range p.workers {
		p.wg.Add(1)
		go p.work()
	}
	if p.b.roles&RoleEngine == 0 {
		// A front end's workers run its own tasks (hints, reviews,
		// mining the games that end there): the engine's moves are the
		// engine processes'.
		return
	}
	p.wg.Add(1)
	go func() {
		defer p.wg.Done()
		every(p.ctx, p.retry, func() bool { p.b.submitDueEngineMoves(p.ctx); return true })
	}()
}

// engineJobFor returns the job of the engine's move in g: it is for the
// human in the game, in the game's server. In a live game it is urgent:
// the engine's clock runs while the move waits for a worker.
func engineJobFor(g *storage.Game) engineJob {
	user := g.Attackers.UserID
	if user == "" {
		user = g.Defenders.UserID
	}
	return engineJob{kind: jobMove, game: g.ID, user: user, guild: g.GuildID, queued: time.Now(), urgent: !g.Clock.IsZero()}
}

// enqueue asks for the engine's move in g. again (a move was just
// played) makes a game being thought about be looked at once more. When
// the queue is full the move stays due in storage and the retry timer
// submits it again.
func (p *aiPool) enqueue(g *storage.Game, again bool) {
	p.submit(engineJobFor(g), again)
}

// enqueueID asks for the engine's move in game id, known only by its id
// (another process made it due): the game is read for its player and
// server, which the queue's fairness needs.
func (p *aiPool) enqueueID(ctx context.Context, id storage.GameID) {
	if p.q.touch(jobKey{jobMove, id}) {
		// Queued here already, or being thought about: then it runs once
		// more when that ends (this may be the next move of its game,
		// played while the worker still posted the last one).
		return
	}
	g, err := p.b.store.GetGame(ctx, id)
	if err != nil {
		if !errors.Is(err, storage.ErrNotFound) && ctx.Err() == nil {
			p.b.log.Warn("engine: reading a due game; the retry timer finds it later", "game_id", id, "err", err)
		}
		return
	}
	if g.ToMove().IsAI() {
		p.submit(engineJobFor(g), false)
	}
}

// resubmit submits a job again (a parked one).
func (p *aiPool) resubmit(j engineJob) {
	j.queued = time.Now()
	p.submit(j, true)
}

func (p *aiPool) submit(j engineJob, again bool) {
	switch p.q.submit(j, again) {
	case submitFull:
		p.b.metrics.countEngineOverflow()
		if !p.full.Swap(true) {
			p.b.log.Warn("engine queue full: the move stays due in storage and is submitted again by a timer",
				"game_id", j.game, "retry", p.retry)
		}
	case submitClosed:
		// Shutting down: the next start resumes it.
	}
}

func (p *aiPool) work() {
	defer p.wg.Done()
	for {
		// An engine move first, then a task, else wait for either.
		j, ok, wait, closed := p.q.poll()
		if closed {
			return
		}
		if ok {
			p.b.metrics.observeEngineWait(time.Since(j.queued))
			p.b.aiMove(p.ctx, j)
			p.q.done(j)
			continue
		}
		t, ok, twait, closed := p.tq.poll()
		if closed {
			return
		}
		if ok {
			p.runTask(t)
			continue
		}
		select {
		case <-wait:
		case <-twait:
		case <-p.ctx.Done():
			return
		}
	}
}

func (p *aiPool) runTask(t engineJob) {
	defer p.tq.done(t)
	defer p.b.recoverLog("engine task")
	t.run(p.ctx)
}

// runCancelled runs a task that waited in the queue when the bot shut
// down, with the pool's cancelled context.
func (p *aiPool) runCancelled(t engineJob) {
	defer p.b.recoverLog("engine task")
	t.run(p.ctx)
}

// stopAnswerers is how many of the tasks still waiting at shutdown are
// run at once. Each edits a reply on Discord: one slow edit must not hold
// up the others until the shutdown's bound passes and the process ends
// with their "thinking…" replies unanswered.
const stopAnswerers = 64

// stop cancels the searches and waits for the workers. The engine moves
// still waiting are dropped: they stay due in storage, and the next start
// submits them again (resumeAI). The tasks still waiting are run with the
// cancelled context, so each answers its user as one cut short does, by
// up to stopAnswerers goroutines at once, besides the workers. It waits at
// most timeout, and logs the tasks not run by then.
func (p *aiPool) stop(timeout time.Duration) {
	p.q.close()
	p.tq.close()
	p.cancel()
	p.mu.Lock()
	for _, pj := range p.parked {
		pj.timer.Stop()
	}
	clear(p.parked)
	p.mu.Unlock()
	var unrun atomic.Int64
	if left := p.tq.drain(); len(left) > 0 {
		unrun.Store(int64(len(left)))
		next := make(chan engineJob, len(left))
		for _, t := range left {
			next <- t
		}
		close(next)
		for range min(stopAnswerers, len(left)) {
			p.wg.Add(1)
			go func() {
				defer p.wg.Done()
				for t := range next {
					p.runCancelled(t)
					unrun.Add(-1)
				}
			}()
		}
	}
	done := make(chan struct{})
	go func() { p.wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(timeout):
		if n := unrun.Load(); n > 0 {
			p.b.log.Warn("shutdown: engine tasks waiting at shutdown were not all answered in time", "unanswered", n, "timeout", timeout)
		}
	}
}

// aiMove computes and plays the engine's move in game id, then posts the
// new board. It first claims the move in storage, so that of all the
// processes sharing the database exactly one thinks about it, and renews
// the claim while it thinks. A move claimed elsewhere, or whose player
// has as many moves being thought about as allowed, is tried again when
// that claim ends; a game that moved on, ended or is not the engine's
// turn is left alone; a search interrupted by shutdown resumes at the next
// start.
func (b *Bot) aiMove(ctx context.Context, j engineJob) {
	defer b.recoverLog("engine move")
	id := j.game
	g, err := b.store.ClaimEngineMove(ctx, id, b.worker, b.lease, b.ai.perUser())
	var ce *storage.ClaimError
	switch {
	case errors.Is(err, storage.ErrNotEngineTurn), ctx.Err() != nil:
		return
	case errors.As(err, &ce):
		b.log.Debug("engine: the move waits for another claim to end", "game_id", id, "err", err)
		b.ai.park(j, ce.Until)
		return
	case err != nil:
		b.log.Error("engine: claiming the move", "game_id", id, "err", err)
		b.metrics.countError("ai")
		return
	}
	claimed := true
	defer func() {
		if claimed {
			if err := b.store.ReleaseClaim(context.WithoutCancel(ctx), id, b.worker); err != nil {
				b.log.Warn("engine: releasing the claim", "game_id", id, "err", err)
			}
		}
	}()
	level := g.ToMove().AILevel
	var think time.Duration
	limit := max(b.aiTimeout, think+time.Minute)
	switch {
	case !g.Clock.IsZero():
		// A live game: think within the engine's own clock, and never
		// past its flag (Budget leaves a margin for saving and posting).
		think = max(g.Clock.Budget(g.Tafl().ToMove(), b.now()), time.Millisecond)
		if usual := levelTime(level); usual > 0 {
			think = min(think, usual) // the clock never makes a level stronger
		}
		limit = max(g.Clock.Remaining(g.Tafl().ToMove(), b.now())-time.Second/2, think)
	case level == "max" && g.MoveTime > 0 && b.aiMaxThink > 0 && b.ai.takeLong():
		defer b.ai.releaseLong()
		think = b.aiMaxThink
		limit = max(b.aiTimeout, think+time.Minute)
	}
	name, external := strings.CutPrefix(level, engineSeatPrefix)
	if external {
		// The engine's own timeout decides first (it loses then); on a
		// live clock the flag watcher ends the game if it runs out first.
		limit = max(b.aiTimeout, b.external.timeout(name)+time.Minute)
	}
	sctx, cancel := context.WithTimeout(ctx, limit)
	lost := b.keepClaim(sctx, cancel, id)
	start := time.Now()
	var m tafl.Move
	if external {
		var budget time.Duration // a live game's: what the engine's clock allows
		if !g.Clock.IsZero() {
			budget = think
		}
		m, err = b.external.move(sctx, name, g.Tafl().Clone(), budget)
	} else {
		m, err = b.engine.Move(sctx, g.Tafl().Clone(), level, think)
	}
	cancel()
	took := time.Since(start)
	b.metrics.observeAI(took)
	if lost() {
		// The game ended or moved on while the engine thought (the
		// player resigned or aborted, a flag fell): nothing is wrong.
		// Else the claim lapsed (this process stalled) and may be
		// another worker's now: leave the move to it.
		if now, err := b.store.GetGame(ctx, id); err == nil && (!now.Active() || now.Ply() != g.Ply()) {
			b.log.Debug("engine: the game ended or moved on while the engine thought", "game_id", id)
			return
		}
		b.log.Warn("engine: the claim on the move was lost while thinking", "game_id", id)
		return
	}
	if ctx.Err() != nil {
		// Shutting down: the search was cut short, so its move may be
		// poor. Leave it; the next start resumes with a full search.
		return
	}
	if fail := (*EngineFailure)(nil); errors.As(err, &fail) {
		if b.engineForfeit(ctx, g, fail) {
			claimed = false // the game is over
		}
		return
	}
	if err != nil {
		b.log.Error("engine: search failed", "game_id", id, "err", err)
		b.metrics.countError("ai")
		return
	}
	b.log.Debug("engine move", "game_id", id, "move", m.String(), "think", took)
	ply := g.Ply()
	g, err = b.updateGame(ctx, id, ply, func(sg *storage.Game) error {
		if !sg.Active() || !sg.ToMove().IsAI() {
			return errEngineMoveGone
		}
		_, err := sg.Tafl().Play(m)
		return err
	})
	if err != nil {
		if errors.Is(err, storage.ErrStale) || errors.Is(err, errEngineMoveGone) {
			// The game ended or moved on while the engine thought (the
			// player resigned or aborted, a flag fell, also in the
			// start-up sweep of a restart): the move is not wanted.
			b.log.Debug("engine: the game ended or moved on while the engine thought", "game_id", id)
			return
		}
		if errors.Is(err, tafl.ErrGameOver) || errors.Is(err, storage.ErrTimedOut) {
			// The game ended while the engine thought: its player
			// resigned or aborted it, or the engine's own flag fell
			// (announced by updateGame). Nothing failed.
			b.log.Info("engine: the game ended while the engine thought; its move is dropped", "game_id", id, "move", m.String(), "why", err)
			return
		}
		b.log.Error("engine: playing its move", "game_id", id, "move", m.String(), "err", err)
		b.metrics.countError("ai")
		return
	}
	claimed = false // the move ended the claim
	msg, err := b.boardMessage(ctx, g, gameP(g).T("%s played %s.", engineWho(level), lastPlyLabel(g)), "")
	if err != nil {
		b.log.Error("engine: drawing the board", "game_id", id, "err", err)
		return
	}
	b.postBoardAside(ctx, g, msg)
}

// errEngineMoveGone is the engine's move found no longer wanted when it
// is played: the game ended, or it is not the engine's turn.
var errEngineMoveGone = errors.New("bot: the game ended or moved on while the engine thought")

// engineWho names the engine of level in the headline of its move's
// board: taflbot, or an external engine's name in bold.
func engineWho(level string) string {
	if name, ok := strings.CutPrefix(level, engineSeatPrefix); ok {
		return "**" + name + "**"
	}
	return "taflbot"
}

// postBoardAside posts the board of a move the engine made (postBoard)
// beside the worker, which goes on to the next engine move: a slow or
// failing Discord (a call is made again for half a minute) held the
// worker, and every engine game behind it waited, their clocks running.
func (b *Bot) postBoardAside(ctx context.Context, g *storage.Game, msg *message) {
	b.runAfter(ctx, &reply{after: func(ctx context.Context) { b.postBoard(ctx, g, msg) }})
}

// resumeAI queues every active game in which the engine is to move: moves
// lost when the bot went down mid-thought are made now. They come from a
// storage index: only the games the engine is to move in are read.
func (b *Bot) resumeAI(ctx context.Context) {
	if n := b.submitDueEngineMoves(ctx); n > 0 {
		b.log.Info("resumed engine games", "games", n)
	}
}

// submitDueEngineMoves submits every game the engine is to move in that
// the queue does not hold yet (at start-up, and then every retry
// interval: moves the queue had no room for, or whose search failed, are
// made now). It returns the number of such games.
func (b *Bot) submitDueEngineMoves(ctx context.Context) int {
	games, err := b.store.EngineToMove(ctx)
	if err = b.indexProblems(err); err != nil {
		if ctx.Err() == nil {
			b.log.Error("listing the engine's due moves", "err", err)
		}
		return 0
	}
	b.ai.full.Store(false)
	for _, g := range games {
		b.ai.enqueue(g, false)
	}
	return len(games)
}

// keepClaim renews the claim on game id every third of the lease while
// the search runs (until ctx ends). When a renewal finds the claim lost,
// or the game ends in this process (stopSearch), it cancels the search;
// the returned function then reports true.
func (b *Bot) keepClaim(ctx context.Context, cancel context.CancelFunc, id storage.GameID) (lost func() bool) {
	var gone atomic.Bool
	done := make(chan struct{})
	// A game that ends in this process (the player resigned or aborted, a
	// flag fell) stops its search at once, not at the next renewal.
	b.ai.mu.Lock()
	b.ai.searches[id] = func() { gone.Store(true); cancel() }
	b.ai.mu.Unlock()
	go func() {
		defer close(done)
		defer func() {
			b.ai.mu.Lock()
			delete(b.ai.searches, id)
			b.ai.mu.Unlock()
		}()
		every(ctx, b.lease/3, func() bool {
			err := b.store.RenewClaim(ctx, id, b.worker, b.lease)
			switch {
			case errors.Is(err, storage.ErrClaimLost):
				gone.Store(true)
				cancel()
				return false
			case err != nil && ctx.Err() == nil:
				b.log.Warn("engine: renewing the claim", "game_id", id, "err", err)
			}
			return true
		})
	}()
	return func() bool {
		<-done
		return gone.Load()
	}
}

// watchEngine listens for engine work made due or freed in any process
// (storage's WatchEngine: LISTEN/NOTIFY with PostgreSQL) and queues it.
func (b *Bot) watchEngine(ctx context.Context) {
	events, err := b.store.WatchEngine(ctx)
	if err != nil {
		b.log.Error("engine: listening for due moves; they are found at the retry interval instead", "err", err)
		return
	}
	b.work.Add(1)
	go func() {
		defer b.work.Done()
		for e := range events {
			switch {
			case e.Resync:
				b.log.Info("engine: the database connection was restored; looking for due moves")
				b.resumeAI(ctx)
			case e.Released:
				b.ai.unpark()
			default:
				b.ai.enqueueID(ctx, e.Game)
			}
		}
	}()
}

// engineForfeit ends game g, an external engine's turn, as a loss for the
// engine that failed, and posts the board with the reason.
func (b *Bot) engineForfeit(ctx context.Context, g *storage.Game, fail *EngineFailure) bool {
	ply := g.Ply()
	id := g.ID
	g, err := b.updateGame(ctx, id, ply, func(sg *storage.Game) error {
		if !sg.Active() || !sg.ToMove().IsAI() {
			return errEngineMoveGone
		}
		return sg.Tafl().Resign(sg.Tafl().ToMove())
	})
	if errors.Is(err, storage.ErrStale) || errors.Is(err, errEngineMoveGone) || errors.Is(err, tafl.ErrGameOver) || errors.Is(err, storage.ErrTimedOut) {
		// The game ended or moved on while the engine thought (resigned,
		// aborted, on time): it loses nothing, but its failure is worth
		// knowing.
		b.log.Info("engine: an external engine failed in a game that had ended or moved on", "game_id", id, "engine", fail.Engine, "err", fail.Err)
		return false
	}
	b.log.Warn("engine: an external engine failed and loses its game", "game_id", id, "engine", fail.Engine, "err", fail.Err)
	b.metrics.countError("engine")
	if err != nil {
		b.log.Error("engine: ending the game of a failed engine", "game_id", id, "err", err)
		return false
	}
	msg, err := b.boardMessage(ctx, g, gameP(g).T("The engine **%s** %s, and loses the game.", fail.Engine, fail.reasonText(gameP(g))), "")
	if err != nil {
		b.log.Error("engine: drawing the board", "game_id", g.ID, "err", err)
		return true
	}
	b.postBoardAside(ctx, g, msg)
	return true
}

// stopSearch cancels the search of game id running in this process, if
// any: the game has ended, so its move is not wanted.
func (p *aiPool) stopSearch(id storage.GameID) {
	p.mu.Lock()
	stop := p.searches[id]
	p.mu.Unlock()
	if stop != nil {
		stop()
	}
}
