package dbfault_test

import (
	"path/filepath"
	"testing"

	"github.com/taflbot/taflbot/internal/dbfault"
	bolt "go.etcd.io/bbolt"
)

func TestPutAndDeleteBucket(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.db")
	db, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	db.Update(func(tx *bolt.Tx) error { _, err := tx.CreateBucket([]byte("b")); return err })
	db.Close()
	if err := dbfault.Put(path, "b", []byte("k"), []byte("v")); err != nil {
		t.Fatal(err)
	}
	if err := dbfault.Put(path, "nope", []byte("k"), nil); err == nil {
		t.Error("Put into a missing bucket succeeded")
	}
	db, _ = bolt.Open(path, 0o600, nil)
	db.View(func(tx *bolt.Tx) error {
		if v := tx.Bucket([]byte("b")).Get([]byte("k")); string(v) != "v" {
			t.Errorf("got %q", v)
		}
		return nil
	})
	db.Close()
	if err := dbfault.DeleteBucket(path, "b"); err != nil {
		t.Fatal(err)
	}
	db, _ = bolt.Open(path, 0o600, nil)
	defer db.Close()
	db.View(func(tx *bolt.Tx) error {
		if tx.Bucket([]byte("b")) != nil {
			t.Error("the bucket is still there")
		}
		return nil
	})
}
