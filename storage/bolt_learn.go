package storage

import "bytes"

// The bbolt side of game reviews and puzzles (see schema.go).

func (t boltTx) getAnalysis(game GameID) ([]byte, error) {
	return t.tx.Bucket(bucketAnalyses).Get(idKey(uint64(game))), nil
}

func (t boltTx) putAnalysis(game GameID, data []byte) error {
	return t.tx.Bucket(bucketAnalyses).Put(idKey(uint64(game)), data)
}

func (t boltTx) getPuzzle(id PuzzleID) ([]byte, error) {
	return t.tx.Bucket(bucketPuzzles).Get(idKey(uint64(id))), nil
}

func (t boltTx) nextPuzzleID() (PuzzleID, error) {
	id, err := t.tx.Bucket(bucketPuzzles).NextSequence()
	return PuzzleID(id), err
}

// putPuzzle writes p and its key's index entry (the key never changes).
func (t boltTx) putPuzzle(p *Puzzle, data []byte) error {
	if err := t.tx.Bucket(bucketPuzzlesByKey).Put(puzzleKey(p.Key(), p.ID), nil); err != nil {
		return err
	}
	return t.tx.Bucket(bucketPuzzles).Put(idKey(uint64(p.ID)), data)
}

func (t boltTx) puzzleByKey(key string) (PuzzleID, error) {
	prefix := append([]byte(key), 0)
	k, _ := t.tx.Bucket(bucketPuzzlesByKey).Cursor().Seek(prefix)
	if k == nil || !bytes.HasPrefix(k, prefix) || len(k) != len(prefix)+8 {
		return 0, nil
	}
	id, err := keyID(k)
	return PuzzleID(id), err
}

func (t boltTx) setPuzzleSequence(last PuzzleID) error {
	return t.tx.Bucket(bucketPuzzles).SetSequence(uint64(last))
}

// deletePuzzles empties the puzzle buckets; the id sequence starts again
// at 0 (db copy then sets it).
func (t boltTx) deletePuzzles() error {
	for _, name := range [][]byte{bucketPuzzles, bucketPuzzlesByKey} {
		if err := t.tx.DeleteBucket(name); err != nil {
			return err
		}
		if _, err := t.tx.CreateBucket(name); err != nil {
			return err
		}
	}
	return nil
}
