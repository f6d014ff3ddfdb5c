package storage

import (
	"errors"

	"github.com/jackc/pgx/v5"
)

// The PostgreSQL side of game reviews and puzzles (see
// pgschema/0002_reviews_puzzles.sql).

func (t *pgTx) getAnalysis(game GameID) ([]byte, error) {
	return t.getRecord("SELECT record FROM analyses WHERE game = $1"+t.lockSuffix(), int64(game))
}

func (t *pgTx) putAnalysis(game GameID, data []byte) error {
	_, err := t.tx.Exec(t.ctx, `
		INSERT INTO analyses (game, record) VALUES ($1, $2)
		ON CONFLICT (game) DO UPDATE SET record = excluded.record`, int64(game), data)
	return err
}

func (t *pgTx) getPuzzle(id PuzzleID) ([]byte, error) {
	return t.getRecord("SELECT record FROM puzzles WHERE id = $1"+t.lockSuffix(), int64(id))
}

func (t *pgTx) nextPuzzleID() (PuzzleID, error) {
	id, err := t.nextID("puzzle_ids")
	return PuzzleID(id), err
}

func (t *pgTx) putPuzzle(p *Puzzle, data []byte) error {
	_, err := t.tx.Exec(t.ctx, `
		INSERT INTO puzzles (id, record, key) VALUES ($1, $2, $3)
		ON CONFLICT (id) DO UPDATE SET record = excluded.record, key = excluded.key`,
		int64(p.ID), data, p.Key())
	return err
}

// puzzleByKey looks the key up; in a write transaction it first takes an
// advisory lock on the key, so that two processes adding the same puzzle
// at once do not both insert it.
func (t *pgTx) puzzleByKey(key string) (PuzzleID, error) {
	if t.write {
		_, err := t.tx.Exec(t.ctx, "SELECT pg_advisory_xact_lock(hashtextextended('taflbot puzzle ' || $1, 0))", key)
		if err != nil {
			return 0, err
		}
	}
	var id int64
	err := t.tx.QueryRow(t.ctx, "SELECT id FROM puzzles WHERE key = $1", key).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, nil
	}
	return PuzzleID(id), err
}

func (t *pgTx) setPuzzleSequence(last PuzzleID) error {
	_, err := t.tx.Exec(t.ctx, "SELECT setval('puzzle_ids', $1, false)", int64(last)+1)
	return err
}

func (t *pgTx) deletePuzzles() error {
	_, err := t.tx.Exec(t.ctx, "DELETE FROM puzzles")
	return err
}
