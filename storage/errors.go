package storage

import (
	"errors"
	"fmt"
)

var (
	// ErrNotFound means the requested game, challenge or player does not exist.
	ErrNotFound = errors.New("storage: not found")

	// ErrStale means an update expected the game at another ply: someone
	// else moved first (for example a second click on the same button).
	ErrStale = errors.New("storage: the game has changed since it was shown")

	// ErrInUse means another process (usually another taflbot) holds the
	// database file's lock.
	ErrInUse = errors.New("storage: database is in use by another taflbot")

	// ErrSchemaTooNew means the file was written by a newer taflbot.
	ErrSchemaTooNew = errors.New("storage: database was written by a newer taflbot")

	// ErrCorrupt means the file is not a taflbot database, is damaged, or
	// holds a record that cannot be decoded.
	ErrCorrupt = errors.New("storage: database is damaged or not a taflbot database")

	// ErrInvalid means a record to be saved breaks a rule (missing id,
	// changed variant, moves taken back, and so on). It is a programming
	// error in the caller, not a user error.
	ErrInvalid = errors.New("storage: invalid record")

	// ErrChallengeClosed means a challenge was already accepted, declined,
	// withdrawn or expired.
	ErrChallengeClosed = errors.New("storage: the challenge is no longer open")

	// ErrFlagFell means a move in a live game came after the mover's clock
	// ran out: it does not count. The game is ended on time by
	// [Store.ExpireGame] (the bot's clock watcher calls it within a
	// second of the flag).
	ErrFlagFell = errors.New("storage: the mover's time had run out")

	// ErrClosed means the Store was closed.
	ErrClosed = errors.New("storage: store is closed")

	// ErrReadOnly means a write was attempted on a Store opened read-only.
	ErrReadOnly = errors.New("storage: store is open read-only")
)

// rejected marks an error for the caller of a write operation that left
// the transaction consistent (usually: it wrote nothing). The shared
// transaction goes on for the other operations and commits what the
// operation wrote.
type rejected struct{ err error }

func (r *rejected) Error() string { return r.err.Error() }
func (r *rejected) Unwrap() error { return r.err }

func reject(err error) error { return &rejected{err} }

func rejectf(format string, args ...any) error { return &rejected{fmt.Errorf(format, args...)} }
