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

// Migrating a second file of the same schema at the same path (a
// different backup restored there) wrote its copy over the first one's
// taflbot.db.schema<N>.bak. A copy is never overwritten: the next free
// name is taken, and Migrated says which.
func TestMigrationCopyNeverOverwritesAnEarlierOne(t *testing.T) {
	original, err := os.ReadFile("testdata/schema2.db")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "taflbot.db")
	var dumps []map[string]map[string]string
	for i, want := range []string{".schema2.bak", ".schema2.2.bak", ".schema2.3.bak"} {
		if err := os.WriteFile(path, original, 0o600); err != nil {
			t.Fatal(err)
		}
		if i > 0 {
			// A different file of schema 2: one more key in its meta bucket.
			db, err := bolt.Open(path, 0o600, nil)
			if err != nil {
				t.Fatal(err)
			}
			err = db.Update(func(tx *bolt.Tx) error {
				return tx.Bucket(bucketMeta).Put([]byte("test_restore"), []byte{byte(i)})
			})
			if cerr := db.Close(); err == nil {
				err = cerr
			}
			if err != nil {
				t.Fatal(err)
			}
		}
		dumps = append(dumps, dumpBolt(t, path))
		s, err := Open(path, Options{})
		if err != nil {
			t.Fatal(err)
		}
		from, copy := s.Migrated()
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
		if from != 2 || copy != path+want {
			t.Errorf("migration %d: Migrated() = %d, %q, want 2, %q", i+1, from, copy, path+want)
		}
	}
	for i, name := range []string{".schema2.bak", ".schema2.2.bak", ".schema2.3.bak"} {
		if got := dumpBolt(t, path+name); !reflect.DeepEqual(got, dumps[i]) {
			t.Errorf("%s is not the file of migration %d as it was", name, i+1)
		}
	}
	s, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if from, copy := s.Migrated(); from != 0 || copy != "" {
		t.Errorf("a file of this schema: Migrated() = %d, %q, want 0, \"\"", from, copy)
	}
}
