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

	// ErrTimedOut means the game's side to move had run out of time: the
	// update ended the game on time instead of making the change asked
	// for (see [Store.UpdateGame]).
	ErrTimedOut = errors.New("storage: the time to move ran out: the game ended on time")

	// ErrInUse means another process (usually another taflbot) holds the
	// database file's lock.
	ErrInUse = errors.New("storage: database is in use by another taflbot")

	// ErrSchemaTooNew means the file was written by a newer taflbot.
	ErrSchemaTooNew = errors.New("storage: database was written by a newer taflbot")

	// ErrCorrupt means the file is not a taflbot database, is damaged, or
	// holds a record that cannot be decoded.
	ErrCorrupt = errors.New("storage: database is damaged or not a taflbot database")

	// ErrNoSchema means a database opened with Options.NoCreate or
	// ReadOnly holds no taflbot data at all (a missing or empty bbolt
	// file, a PostgreSQL schema without taflbot's tables): probably the
	// wrong one. Nothing was created in it.
	ErrNoSchema = errors.New("storage: not a taflbot database")

	// ErrInvalid means a record to be saved breaks a rule (missing id,
	// changed variant, moves taken back, and so on). It is a programming
	// error in the caller, not a user error.
	ErrInvalid = errors.New("storage: invalid record")

	// ErrChallengeClosed means a challenge was already accepted, declined,
	// withdrawn or expired.
	ErrChallengeClosed = errors.New("storage: the challenge is no longer open")

	// ErrFlagFell means a move in a live game pressed the clock after the
	// mover's flag fell, within one update that played several moves: it
	// does not count and nothing is saved. (A single move after the flag
	// finds the game out of time and ends it: [ErrTimedOut].)
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

// IndexError lists the damaged entries of an index that a list method
// skipped ([Store.GamesDueBefore], [Store.EngineToMove],
// [Store.ActiveGamesInChannel]). Those methods return it together with
// the games they could read. It wraps ErrCorrupt. `taflbot db check
// -rebuild-indexes` repairs an index.
type IndexError struct {
	Index   string     // Index is the index's bucket name.
	Entries []BadEntry // Entries are the skipped entries, in key order.
}

// BadEntry is one damaged index entry.
type BadEntry struct {
	Key []byte // Key is the entry's key.
	Err error  // Err says what is wrong with it.
}

// maxBadEntries bounds an IndexError on a badly damaged index.
const maxBadEntries = 100

func (e *IndexError) add(k []byte, err error) {
	if len(e.Entries) < maxBadEntries {
		e.Entries = append(e.Entries, BadEntry{Key: append([]byte(nil), k...), Err: err})
	}
}

func (e *IndexError) orNil() error {
	if len(e.Entries) == 0 {
		return nil
	}
	return e
}

func (e *IndexError) Error() string {
	s := fmt.Sprintf("storage: index %s: %d damaged entries skipped (run taflbot db check)", e.Index, len(e.Entries))
	for i, b := range e.Entries {
		if i == 3 {
			s += "; …"
			break
		}
		s += fmt.Sprintf("; %x: %v", b.Key, b.Err)
	}
	return s
}

// Unwrap makes errors.Is(err, ErrCorrupt) true.
func (e *IndexError) Unwrap() error { return ErrCorrupt }
