package storage

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"time"
)

// Analysis is the engine's review of a finished game (see package
// analysis), stored so that asking again is instant and the game's
// history can include it. Storage keeps the report as opaque JSON.
type Analysis struct {
	GameID GameID
	Plies  int   // Plies is the number of moves of the game reviewed.
	Nodes  int64 // Nodes is the search budget of each position.
	// Report is package analysis's report as JSON (an object).
	Report json.RawMessage
	// UserID is who asked for it.
	UserID  string
	Created time.Time // Created is set by PutAnalysis when zero.
}

type analysisRecord struct {
	Game    uint64          `json:"game"`
	Plies   int             `json:"plies"`
	Nodes   int64           `json:"nodes"`
	User    string          `json:"user,omitempty"`
	Report  json.RawMessage `json:"report"`
	Created time.Time       `json:"created"`
}

func encodeAnalysis(a *Analysis) ([]byte, error) {
	return json.Marshal(analysisRecord{Game: uint64(a.GameID), Plies: a.Plies, Nodes: a.Nodes, User: a.UserID, Report: a.Report, Created: utc(a.Created)})
}

func decodeAnalysis(data []byte) (*Analysis, error) {
	var r analysisRecord
	if err := json.Unmarshal(data, &r); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrCorrupt, err)
	}
	return &Analysis{GameID: GameID(r.Game), Plies: r.Plies, Nodes: r.Nodes, UserID: r.User, Report: r.Report, Created: r.Created}, nil
}

// PutAnalysis saves the review of game a.GameID, replacing an earlier one.
// The game must exist and have a.Plies moves, and the report must be a
// JSON object; Created is set when zero.
func (s *Store) PutAnalysis(ctx context.Context, a *Analysis) error {
	n := *a
	var compact bytes.Buffer
	if err := json.Compact(&compact, a.Report); err != nil || !bytes.HasPrefix(compact.Bytes(), []byte("{")) {
		return fmt.Errorf("storage: put analysis of game %d: %w: the report is not a JSON object", a.GameID, ErrInvalid)
	}
	n.Report = compact.Bytes()
	if err := checkID("user id", n.UserID, false); err != nil {
		return fmt.Errorf("storage: put analysis of game %d: %w", a.GameID, err)
	}
	err := s.write(ctx, func(tx txn) error {
		g, err := s.loadGame(tx, n.GameID)
		if err != nil {
			return reject(err)
		}
		if g.Ply() != n.Plies {
			return rejectf("storage: put analysis of game %d: %w: the game has %d moves, the review %d", n.GameID, ErrStale, g.Ply(), n.Plies)
		}
		if n.Created.IsZero() {
			n.Created = s.now()
		}
		data, err := encodeAnalysis(&n)
		if err == nil {
			err = tx.putAnalysis(n.GameID, data)
		}
		if err != nil {
			return fmt.Errorf("storage: save analysis of game %d: %w", n.GameID, err)
		}
		return nil
	})
	if err != nil {
		return err
	}
	a.Created, a.Report = n.Created, n.Report
	return nil
}

// GetAnalysis returns the stored review of game id, or an error wrapping
// ErrNotFound.
func (s *Store) GetAnalysis(ctx context.Context, id GameID) (*Analysis, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	var a *Analysis
	err := s.view(ctx, func(tx txn) error {
		data, err := tx.getAnalysis(id)
		if err != nil {
			return fmt.Errorf("storage: load analysis of game %d: %w", id, err)
		}
		if data == nil {
			return fmt.Errorf("storage: analysis of game %d: %w", id, ErrNotFound)
		}
		if a, err = decodeAnalysis(data); err != nil {
			return fmt.Errorf("storage: load analysis of game %d: %w", id, err)
		}
		return nil
	})
	return a, err
}
