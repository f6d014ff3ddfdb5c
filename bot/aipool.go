package bot

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/taflbot/taflbot/storage"
)

// aiPool thinks about engine moves off the interaction path, a bounded
// number at once. A game is queued at most once at a time.
type aiPool struct {
	b       *Bot
	workers int
	long    chan struct{} // slots for long thinks: workers−1
	queue   chan storage.GameID
	mu      sync.Mutex
	pending map[storage.GameID]bool        // queued or being thought about
	again   map[storage.GameID]bool        // asked again while being thought about
	parked  map[storage.GameID]*time.Timer // waiting for another claim to end
	ctx     context.Context
	cancel  context.CancelFunc
	wg      sync.WaitGroup
	started bool
}

// perUser is how many of one player's engine moves may be thought about
// at once, across every process: all workers but one, so that one is
// always free for someone else (at least 1).
func (p *aiPool) perUser() int { return max(1, p.workers-1) }

// park keeps game id aside until until (when the claim in its way lapses
// at the latest) or until a claim ends anywhere, then queues it again.
func (p *aiPool) park(id storage.GameID, until time.Time) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.parked == nil {
		p.parked = map[storage.GameID]*time.Timer{}
	}
	if _, ok := p.parked[id]; ok {
		return
	}
	wait := min(max(until.Sub(p.b.now()), 100*time.Millisecond), p.b.lease)
	p.parked[id] = time.AfterFunc(wait+10*time.Millisecond, func() { p.unparkOne(id) })
}

func (p *aiPool) unparkOne(id storage.GameID) {
	p.mu.Lock()
	_, ok := p.parked[id]
	delete(p.parked, id)
	p.mu.Unlock()
	if ok {
		p.enqueue(id)
	}
}

// unpark queues every parked game again (a claim ended somewhere).
func (p *aiPool) unpark() {
	p.mu.Lock()
	var ids []storage.GameID
	for id, t := range p.parked {
		t.Stop()
		ids = append(ids, id)
	}
	clear(p.parked)
	p.mu.Unlock()
	for _, id := range ids {
		p.enqueue(id)
	}
}

func newAIPool(b *Bot, workers int) *aiPool {
	ctx, cancel := context.WithCancel(context.Background())
	return &aiPool{b: b, workers: workers, long: make(chan struct{}, workers-1), queue: make(chan storage.GameID, 4096), pending: map[storage.GameID]bool{}, again: map[storage.GameID]bool{}, ctx: ctx, cancel: cancel}
}

// busy returns the number of games queued or being thought about.
func (p *aiPool) busy() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.pending)
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
}

// enqueue asks for the engine's move in game id. When the queue is full
// (4,096 games waiting) the game is picked up at the next start instead.
func (p *aiPool) enqueue(id storage.GameID) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.ctx.Err() != nil {
		return
	}
	if p.pending[id] {
		// Its worker may be past its checks already (posting the last
		// board): make it look at the game once more.
		p.again[id] = true
		return
	}
	select {
	case p.queue <- id:
		p.pending[id] = true
	default:
		p.b.log.Warn("engine queue full; the move will be made at the next start", "game_id", id)
	}
}

func (p *aiPool) work() {
	defer p.wg.Done()
	for {
		select {
		case <-p.ctx.Done():
			return
		case id := <-p.queue:
			for {
				p.b.aiMove(p.ctx, id)
				p.mu.Lock()
				again := p.again[id] && p.ctx.Err() == nil
				delete(p.again, id)
				if !again {
					delete(p.pending, id)
				}
				p.mu.Unlock()
				if !again {
					break
				}
			}
		}
	}
}

// stop cancels the searches and waits for the workers.
func (p *aiPool) stop(timeout time.Duration) {
	p.cancel()
	done := make(chan struct{})
	go func() { p.wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(timeout):
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
func (b *Bot) aiMove(ctx context.Context, id storage.GameID) {
	defer b.recoverLog("engine move")
	g, err := b.store.ClaimEngineMove(ctx, id, b.worker, b.lease, b.ai.perUser())
	var ce *storage.ClaimError
	switch {
	case errors.Is(err, storage.ErrNotEngineTurn), ctx.Err() != nil:
		return
	case errors.As(err, &ce):
		b.ai.park(id, ce.Until)
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
	sctx, cancel := context.WithTimeout(ctx, limit)
	lost := b.keepClaim(sctx, cancel, id)
	start := time.Now()
	m, err := b.engine.Move(sctx, g.Tafl().Clone(), level, think)
	cancel()
	took := time.Since(start)
	b.metrics.observeAI(took)
	if lost() {
		// The claim lapsed (this process stalled) and may be another
		// worker's now: leave the move to it.
		b.log.Warn("engine: the claim on the move was lost while thinking", "game_id", id)
		return
	}
	if ctx.Err() != nil {
		// Shutting down: the search was cut short, so its move may be
		// poor. Leave it; the next start resumes with a full search.
		return
	}
	if err != nil {
		b.log.Error("engine: search failed", "game_id", id, "err", err)
		b.metrics.countError("ai")
		return
	}
	b.log.Debug("engine move", "game_id", id, "move", m.String(), "think", took)
	ply := g.Ply()
	g, err = b.store.UpdateGame(ctx, id, ply, func(sg *storage.Game) error {
		if !sg.ToMove().IsAI() {
			return errors.New("bot: not the engine's turn")
		}
		_, err := sg.Tafl().Play(m)
		return err
	})
	if err != nil {
		if errors.Is(err, storage.ErrStale) {
			return
		}
		b.log.Error("engine: playing its move", "game_id", id, "move", m.String(), "err", err)
		b.metrics.countError("ai")
		return
	}
	claimed = false // the move ended the claim
	msg, err := b.boardMessage(g, fmt.Sprintf("taflbot played %s.", m))
	if err != nil {
		b.log.Error("engine: drawing the board", "game_id", id, "err", err)
		return
	}
	b.postBoard(context.WithoutCancel(ctx), g, msg)
}

// resumeAI queues every active game in which the engine is to move: moves
// lost when the bot went down mid-thought are made now. It also counts the
// active games for the metrics. Both come from storage indexes: only the
// games the engine is to move in are read.
func (b *Bot) resumeAI(ctx context.Context) {
	active, err := b.store.ActiveGameIDs(ctx)
	if err != nil {
		b.log.Error("counting active games", "err", err)
	} else {
		b.metrics.setActive(int64(len(active)))
	}
	engine, err := b.store.EngineToMove(ctx)
	if err != nil {
		b.log.Error("resuming engine games", "err", err)
		return
	}
	for _, g := range engine {
		b.ai.enqueue(g.ID)
	}
	if len(engine) > 0 {
		b.log.Info("resumed engine games", "games", len(engine))
	}
}

// keepClaim renews the claim on game id every third of the lease while
// the search runs (until ctx ends). When a renewal finds the claim lost,
// it cancels the search; the returned function then reports true.
func (b *Bot) keepClaim(ctx context.Context, cancel context.CancelFunc, id storage.GameID) (lost func() bool) {
	var gone atomic.Bool
	done := make(chan struct{})
	go func() {
		defer close(done)
		t := time.NewTicker(b.lease / 3)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
			}
			err := b.store.RenewClaim(ctx, id, b.worker, b.lease)
			switch {
			case errors.Is(err, storage.ErrClaimLost):
				gone.Store(true)
				cancel()
				return
			case err != nil && ctx.Err() == nil:
				b.log.Warn("engine: renewing the claim", "game_id", id, "err", err)
			}
		}
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
				b.ai.enqueue(e.Game)
			}
		}
	}()
}
