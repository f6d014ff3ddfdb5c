package storage

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
)

// PostgreSQL engine claims live in the game's row: claim_owner and
// claim_until_ns. Notifications go to one channel per schema: "m:<id>"
// when the engine's move in a game is due (NotifyEngine), "r:<id>" when a
// claim ends.

// pgClaims implements claimer on a pgBackend.
type pgClaims struct{ b *pgBackend }

func (b *pgBackend) claims() claimer { return pgClaims{b} }

// gameSaved does nothing: putGame ended the claim and notified in the
// transaction.
func (b *pgBackend) gameSaved(old, g *Game) {}

// notifyChannel is the LISTEN/NOTIFY channel of the backend's schema (at
// most 63 bytes, PostgreSQL's limit on names).
func notifyChannel(schema string) string {
	ch := "taflbot_engine:" + schema
	if len(ch) > 63 {
		sum := sha256.Sum256([]byte(schema))
		ch = "taflbot_engine:" + hex.EncodeToString(sum[:8])
	}
	return ch
}

// lockedWait is how long a worker waits before trying again to claim a
// row another transaction holds locked (a move being saved, or another
// worker claiming it).
const lockedWait = time.Second

func (c pgClaims) claim(ctx context.Context, id GameID, load func(tx txn) (*Game, error), r claimRequest) error {
	now, until := int64(timeBits(r.now)), int64(timeBits(r.until))
	return c.b.write(ctx, func(tx txn) error {
		t := tx.(*pgTx)
		var owner *string
		var held *int64
		var user string
		err := t.tx.QueryRow(ctx, `SELECT claim_owner, claim_until_ns, engine_user FROM games WHERE id = $1 FOR UPDATE SKIP LOCKED`,
			int64(id)).Scan(&owner, &held, &user)
		if errors.Is(err, pgx.ErrNoRows) {
			// No such game, or its row is locked: another transaction is
			// saving a move or claiming it.
			var exists bool
			if err := t.tx.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM games WHERE id = $1)", int64(id)).Scan(&exists); err != nil {
				return err
			}
			if !exists {
				return fmt.Errorf("storage: game %d: %w", id, ErrNotFound)
			}
			return &ClaimError{Err: ErrClaimed, Game: id, Until: r.now.Add(lockedWait)}
		}
		if err != nil {
			return err
		}
		if _, err := load(tx); err != nil {
			return err
		}
		if owner != nil && *owner != r.worker && held != nil && *held > now {
			return &ClaimError{Err: ErrClaimed, Game: id, Until: time.Unix(0, *held)}
		}
		if r.perUser > 0 && user != "" {
			// One claimer at a time per player, so that two workers
			// cannot both take the player's last free place.
			if _, err := t.tx.Exec(ctx, "SELECT pg_advisory_xact_lock(hashtextextended('taflbot engine ' || $1, 0))", user); err != nil {
				return err
			}
			var n int
			var first *int64
			err := t.tx.QueryRow(ctx, `SELECT count(*), min(claim_until_ns) FROM games
				WHERE engine_to_move AND engine_user = $1 AND id <> $2 AND claim_owner IS NOT NULL AND claim_until_ns > $3`,
				user, int64(id), now).Scan(&n, &first)
			if err != nil {
				return err
			}
			if n >= r.perUser {
				return &ClaimError{Err: ErrUserBusy, Game: id, Until: time.Unix(0, *first)}
			}
		}
		_, err = t.tx.Exec(ctx, "UPDATE games SET claim_owner = $2, claim_until_ns = $3 WHERE id = $1", int64(id), r.worker, until)
		return err
	})
}

func (c pgClaims) renew(ctx context.Context, id GameID, worker string, now, until time.Time) error {
	tag, err := c.b.pool.Exec(ctx, `UPDATE games SET claim_until_ns = $3
		WHERE id = $1 AND claim_owner = $2 AND engine_to_move`, int64(id), worker, int64(timeBits(until)))
	if err != nil {
		return fmt.Errorf("storage: renew the claim on game %d: %w", id, err)
	}
	if tag.RowsAffected() == 0 {
		return ErrClaimLost
	}
	return nil
}

func (c pgClaims) release(ctx context.Context, id GameID, worker string) error {
	return c.b.write(ctx, func(tx txn) error {
		t := tx.(*pgTx)
		tag, err := t.tx.Exec(ctx, "UPDATE games SET claim_owner = NULL, claim_until_ns = NULL WHERE id = $1 AND claim_owner = $2", int64(id), worker)
		if err != nil || tag.RowsAffected() == 0 {
			return err
		}
		return t.notify("r", id)
	})
}

func (b *pgBackend) notifyEngine(ctx context.Context, id GameID) error {
	_, err := b.pool.Exec(ctx, "SELECT pg_notify($1, $2)", b.channel, "m:"+strconv.FormatUint(uint64(id), 10))
	if err != nil {
		return fmt.Errorf("storage: notify the engine workers of game %d: %w", id, err)
	}
	return nil
}

// notify sends an engine notification, delivered when the transaction
// commits.
func (t *pgTx) notify(kind string, id GameID) error {
	_, err := t.tx.Exec(t.ctx, "SELECT pg_notify($1, $2)", t.channel, kind+":"+strconv.FormatUint(uint64(id), 10))
	return err
}

// parseEngineNote reads a notification's payload.
func parseEngineNote(payload string) (EngineEvent, bool) {
	kind, num, ok := strings.Cut(payload, ":")
	id, err := strconv.ParseUint(num, 10, 64)
	if !ok || err != nil || id == 0 {
		return EngineEvent{}, false
	}
	switch kind {
	case "m":
		return EngineEvent{Game: GameID(id)}, true
	case "r":
		return EngineEvent{Game: GameID(id), Released: true}, true
	}
	return EngineEvent{}, false
}

// watchEngine listens on its own connection (outside the pool) and
// makes it again, with a growing pause, when it is lost.
func (b *pgBackend) watchEngine(ctx context.Context) (<-chan EngineEvent, error) {
	conn, err := b.listen(ctx)
	if err != nil {
		return nil, err
	}
	ch := make(chan EngineEvent, watchBuffer)
	send := func(e EngineEvent) {
		select {
		case ch <- e:
		default: // the receiver is behind: it polls too
		}
	}
	go func() {
		defer close(ch)
		pause := 100 * time.Millisecond
		for {
			for conn == nil {
				select {
				case <-ctx.Done():
					return
				case <-time.After(pause):
				}
				pause = min(2*pause, 30*time.Second)
				if conn, _ = b.listen(ctx); conn != nil {
					send(EngineEvent{Resync: true})
				}
			}
			n, err := conn.WaitForNotification(ctx)
			if err != nil {
				conn.Close(context.Background())
				conn = nil
				if ctx.Err() != nil {
					return
				}
				continue
			}
			pause = 100 * time.Millisecond
			if e, ok := parseEngineNote(n.Payload); ok {
				send(e)
			}
		}
	}()
	return ch, nil
}

// listen opens a connection that listens on the engine channel.
func (b *pgBackend) listen(ctx context.Context) (*pgx.Conn, error) {
	cctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	conn, err := pgx.ConnectConfig(cctx, b.pool.Config().ConnConfig.Copy())
	if err != nil {
		return nil, fmt.Errorf("storage: listen for engine work: %w", err)
	}
	if _, err := conn.Exec(cctx, "LISTEN "+pgx.Identifier{b.channel}.Sanitize()); err != nil {
		conn.Close(context.Background())
		return nil, fmt.Errorf("storage: listen for engine work: %w", err)
	}
	return conn, nil
}
