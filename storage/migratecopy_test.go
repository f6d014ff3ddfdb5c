package storage

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"
)

// dumpBolt returns every key and value of a bbolt file, by bucket.
func dumpBolt(t *testing.T, path string) map[string]map[string]string {
	t.Helper()
	db, err := bolt.Open(path, 0o600, &bolt.Options{ReadOnly: true, Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	out := map[string]map[string]string{}
	err = db.View(func(tx *bolt.Tx) error {
		return tx.ForEach(func(name []byte, b *bolt.Bucket) error {
			m := map[string]string{}
			out[string(name)] = m
			return b.ForEach(func(k, v []byte) error { m[string(k)] = string(v); return nil })
		})
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// The copy of a file made before its migration was written with
// tx.CopyFile, never synced: a power cut just after the migration
// committed could leave a migrated file beside an incomplete copy. The
// copy and its folder are synced before the migration, and the copy holds
// the file as it was.
func TestMigrationCopyIsSyncedBeforeTheMigration(t *testing.T) {
	original, err := os.ReadFile("testdata/schema2.db")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "taflbot.db")
	if err := os.WriteFile(path, original, 0o600); err != nil {
		t.Fatal(err)
	}
	before := dumpBolt(t, path)
	bak := path + ".schema2.bak"
	var synced []string
	old := syncFile
	t.Cleanup(func() { syncFile = old })
	syncFile = func(f *os.File) error {
		synced = append(synced, f.Name())
		if f.Name() == bak {
			// Synced while the database is not yet migrated: the file is
			// complete by then.
			if st, err := f.Stat(); err != nil || st.Size() == 0 {
				t.Errorf("the copy is empty when synced: %v", err)
			}
		}
		return old(f)
	}
	s, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if want := []string{bak, dir}; !reflect.DeepEqual(synced, want) {
		t.Errorf("synced %q, want the copy then its folder %q", synced, want)
	}
	if got := dumpBolt(t, bak); !reflect.DeepEqual(got, before) {
		t.Error("the copy differs from the database before its migration")
	}
	if got := dumpBolt(t, path); reflect.DeepEqual(got, before) {
		t.Error("the database was not migrated")
	}
}
