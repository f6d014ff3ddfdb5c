package storage

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// Engine claims. Any number of processes may think about engine moves
// for one database; a claim makes sure exactly one thinks about each
// move. A worker claims a game before its search ([Store.ClaimEngineMove]),
// renews the claim while it thinks ([Store.RenewClaim]) and plays its move
// with [Store.UpdateGame], which ends the claim (so does
// [Store.ReleaseClaim] when it gives up). A claim is a lease: when its
// worker dies, the claim lapses after the lease and another worker takes
// the move over. A late move of a worker whose claim lapsed is refused by
// UpdateGame's expected ply, so a move is never played twice.
//
// With PostgreSQL the claim is kept in the game's row (claim_owner,
// claim_until_ns) and taken with SELECT … FOR UPDATE SKIP LOCKED; with
// bbolt (one process) in memory. Lease times come from the Store's clock:
// keep the machines' clocks in sync (NTP) and leases well above their
// drift.

var (
	// ErrClaimed means another worker holds a live claim on the move (see
	// ClaimError.Until for when it lapses).
	ErrClaimed = errors.New("storage: another engine worker is thinking about this move")

	// ErrUserBusy means as many of the player's engine moves as allowed
	// are being thought about already, in any process.
	ErrUserBusy = errors.New("storage: the player's other engine moves are being thought about")

	// ErrNotEngineTurn means the game is over or a human is to move.
	ErrNotEngineTurn = errors.New("storage: the engine is not to move in this game")

	// ErrClaimLost means the worker's claim lapsed and may be another's,
	// or the game moved on: stop thinking.
	ErrClaimLost = errors.New("storage: the engine claim was lost")
)

// ClaimError is the error of a claim refused because of other claims: the
// move's own (ErrClaimed) or the player's others (ErrUserBusy).
type ClaimError struct {
	Err   error     // ErrClaimed or ErrUserBusy
	Game  GameID    // the game asked for
	Until time.Time // when the claim in the way lapses at the latest
}

func (e *ClaimError) Error() string {
	return fmt.Sprintf("%v (game %d, until %s)", e.Err, e.Game, e.Until.Format(time.RFC3339Nano))
}

func (e *ClaimError) Unwrap() error { return e.Err }

// engineUser is the human a game against the engine is played for: the
// key of the per-user claim limit ("" when the engine plays both sides).
func engineUser(g *Game) string {
	if !g.Attackers.IsAI() {
		return g.Attackers.UserID
	}
	return g.Defenders.UserID
}

// ClaimEngineMove claims the engine's move in game id for worker (a name
// unique to one worker of one process) until now+lease, and returns the
// game. perUser > 0 caps how many claims the game's human player may have
// at once across all workers. It fails with an error wrapping
// ErrNotEngineTurn when there is no engine move to make, and with a
// *ClaimError (ErrClaimed or ErrUserBusy) when other claims are in the
// way. A worker may claim again a move it holds (extending it).
func (s *Store) ClaimEngineMove(ctx context.Context, id GameID, worker string, lease time.Duration, perUser int) (*Game, error) {
	if worker == "" || lease <= 0 {
		return nil, fmt.Errorf("%w: a claim needs a worker name and a positive lease", ErrInvalid)
	}
	if s.readOnly {
		return nil, ErrReadOnly
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if s.closed.Load() {
		return nil, ErrClosed
	}
	now := s.now()
	var g *Game
	err := s.b.claims().claim(ctx, id, func(tx txn) (*Game, error) {
		var err error
		g, err = s.loadGame(tx, id)
		if err != nil {
			return nil, err
		}
		if !g.Active() || !g.ToMove().IsAI() {
			return nil, fmt.Errorf("storage: game %d: %w", id, ErrNotEngineTurn)
		}
		return g, nil
	}, claimRequest{worker: worker, now: now, until: now.Add(lease), perUser: perUser})
	if err != nil {
		return nil, err
	}
	return g, nil
}

// RenewClaim extends worker's claim on game id to now+lease. It fails
// with ErrClaimLost when the claim lapsed and another worker took it, or
// the game moved on.
func (s *Store) RenewClaim(ctx context.Context, id GameID, worker string, lease time.Duration) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if s.closed.Load() {
		return ErrClosed
	}
	now := s.now()
	return s.b.claims().renew(ctx, id, worker, now, now.Add(lease))
}

// ReleaseClaim ends worker's claim on game id, if it still holds it (a
// worker that gives up, or fails). Other processes' workers are told (see
// [Store.WatchEngine]), since the player may have room for another claim.
func (s *Store) ReleaseClaim(ctx context.Context, id GameID, worker string) error {
	if s.closed.Load() {
		return ErrClosed
	}
	return s.b.claims().release(ctx, id, worker)
}

// NotifyEngine tells the engine workers of every process (see
// [Store.WatchEngine]) that the engine's move in game id is due. The bot
// calls it once the move that made it due has been shown, so that the
// engine's reply never comes before it. A due move no one heard of (the
// notifying process died first) is found by the workers' periodic look at
// [Store.EngineToMove].
func (s *Store) NotifyEngine(ctx context.Context, id GameID) error {
	if s.closed.Load() {
		return ErrClosed
	}
	return s.b.notifyEngine(ctx, id)
}

// EngineEvent is news of engine work from any process (see
// [Store.WatchEngine]).
type EngineEvent struct {
	// Game's engine move is due (NotifyEngine), or its claim ended (0
	// when Resync is set).
	Game GameID
	// Released says a claim on Game ended: its player may have room for
	// another claim.
	Released bool
	// Resync says events may have been missed (the connection to the
	// database was lost and made again): look at every engine move due.
	Resync bool
}

// WatchEngine sends an event on the returned channel whenever an engine
// move is said to be due ([Store.NotifyEngine]) or an engine claim ends,
// in this process or (with PostgreSQL, through LISTEN/NOTIFY) in any
// other, until ctx ends.
// It is prompt but best effort: when the receiver falls behind, events are
// dropped, and after a lost connection one Resync event stands for those
// missed; workers should also look for due moves now and then.
func (s *Store) WatchEngine(ctx context.Context) (<-chan EngineEvent, error) {
	if s.closed.Load() {
		return nil, ErrClosed
	}
	return s.b.watchEngine(ctx)
}

// claimRequest is a claim as the backends see it.
type claimRequest struct {
	worker     string
	now, until time.Time
	perUser    int
}

// A claimer keeps the engine-move claims of a backend.
type claimer interface {
	// claim loads the game with load (which fails unless the engine is
	// to move) and claims it, all or nothing.
	claim(ctx context.Context, id GameID, load func(tx txn) (*Game, error), r claimRequest) error
	renew(ctx context.Context, id GameID, worker string, now, until time.Time) error
	release(ctx context.Context, id GameID, worker string) error
}
