package storage

import (
	"context"
	"sync"
	"time"
)

// boltClaims keeps the engine claims of a bbolt store in memory: a bbolt
// file has one process, whose claims end with it.
type boltClaims struct {
	b    *boltBackend
	mu   sync.Mutex
	held map[GameID]boltClaim

	watchMu  sync.Mutex
	watchers map[chan EngineEvent]struct{}
}

type boltClaim struct {
	worker string
	until  time.Time
	user   string
	ply    int
}

func newBoltClaims(b *boltBackend) *boltClaims {
	return &boltClaims{b: b, held: map[GameID]boltClaim{}, watchers: map[chan EngineEvent]struct{}{}}
}

func (c *boltClaims) claim(ctx context.Context, id GameID, load func(tx txn) (*Game, error), r claimRequest) error {
	var g *Game
	err := c.b.view(ctx, func(tx txn) error {
		var err error
		g, err = load(tx)
		return err
	})
	if err != nil {
		return err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if h, ok := c.held[id]; ok && h.worker != r.worker && h.until.After(r.now) && h.ply == g.Ply() {
		return &ClaimError{Err: ErrClaimed, Game: id, Until: h.until}
	}
	user := engineUser(g)
	if r.perUser > 0 && user != "" {
		n, first := 0, time.Time{}
		for other, h := range c.held {
			if other != id && h.user == user && h.until.After(r.now) {
				n++
				if first.IsZero() || h.until.Before(first) {
					first = h.until
				}
			}
		}
		if n >= r.perUser {
			return &ClaimError{Err: ErrUserBusy, Game: id, Until: first}
		}
	}
	c.held[id] = boltClaim{worker: r.worker, until: r.until, user: user, ply: g.Ply()}
	return nil
}

func (c *boltClaims) renew(_ context.Context, id GameID, worker string, now, until time.Time) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	h, ok := c.held[id]
	if !ok || h.worker != worker {
		return ErrClaimLost
	}
	h.until = until
	c.held[id] = h
	return nil
}

func (c *boltClaims) release(_ context.Context, id GameID, worker string) error {
	c.mu.Lock()
	h, ok := c.held[id]
	if ok && h.worker == worker {
		delete(c.held, id)
	}
	c.mu.Unlock()
	if ok && h.worker == worker {
		c.tell(EngineEvent{Game: id, Released: true})
	}
	return nil
}

func (b *boltBackend) claims() claimer { return b.claimed }

// gameSaved ends the claim of a game that moved on and tells the watchers.
func (b *boltBackend) gameSaved(old, g *Game) {
	c := b.claimed
	movedOn := old == nil || old.Ply() != g.Ply() || old.Active() != g.Active()
	if !movedOn {
		return
	}
	c.mu.Lock()
	_, had := c.held[g.ID]
	delete(c.held, g.ID)
	c.mu.Unlock()
	if had {
		c.tell(EngineEvent{Game: g.ID, Released: true})
	}
}

func (b *boltBackend) notifyEngine(_ context.Context, id GameID) error {
	b.claimed.tell(EngineEvent{Game: id})
	return nil
}

// tell sends e to every watcher that has room for it.
func (c *boltClaims) tell(e EngineEvent) {
	c.watchMu.Lock()
	defer c.watchMu.Unlock()
	for ch := range c.watchers {
		select {
		case ch <- e:
		default:
		}
	}
}

func (b *boltBackend) watchEngine(ctx context.Context) (<-chan EngineEvent, error) {
	c := b.claimed
	ch := make(chan EngineEvent, watchBuffer)
	c.watchMu.Lock()
	c.watchers[ch] = struct{}{}
	c.watchMu.Unlock()
	go func() {
		select {
		case <-ctx.Done():
		case <-b.quit:
		}
		c.watchMu.Lock()
		delete(c.watchers, ch)
		close(ch)
		c.watchMu.Unlock()
	}()
	return ch, nil
}

// watchBuffer is how many engine events a slow watcher may fall behind.
const watchBuffer = 1024
