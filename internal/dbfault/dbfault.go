// Package dbfault damages a closed taflbot database file on purpose, for
// tests of how the bot copes with damage. It writes through bbolt
// directly, around package storage's checks; nothing outside tests may
// use it.
package dbfault

import (
	"fmt"

	bolt "go.etcd.io/bbolt"
)

// Put writes key → value into bucket of the database file at path, which
// no Store may hold open.
func Put(path, bucket string, key, value []byte) error {
	return update(path, func(tx *bolt.Tx) error {
		b := tx.Bucket([]byte(bucket))
		if b == nil {
			return fmt.Errorf("dbfault: no bucket %s", bucket)
		}
		return b.Put(key, value)
	})
}

// DeleteBucket removes bucket from the database file at path.
func DeleteBucket(path, bucket string) error {
	return update(path, func(tx *bolt.Tx) error { return tx.DeleteBucket([]byte(bucket)) })
}

func update(path string, fn func(tx *bolt.Tx) error) error {
	db, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		return fmt.Errorf("dbfault: %w", err)
	}
	if err := db.Update(fn); err != nil {
		db.Close()
		return fmt.Errorf("dbfault: %w", err)
	}
	return db.Close()
}
