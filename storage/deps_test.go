package storage_test

import (
	"go/build"
	"strings"
	"testing"
)

// TestImports enforces the layering rule (STYLE.md 2.1): storage imports
// tafl, clock, tournament, bbolt and pgx only, besides the standard library.
func TestImports(t *testing.T) {
	pkg, err := build.ImportDir(".", 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, imp := range pkg.Imports {
		if !strings.Contains(strings.Split(imp, "/")[0], ".") {
			continue // standard library
		}
		switch {
		case imp == "github.com/taflbot/taflbot/tafl", imp == "github.com/taflbot/taflbot/clock", imp == "github.com/taflbot/taflbot/tournament":
		case imp == "go.etcd.io/bbolt" || strings.HasPrefix(imp, "go.etcd.io/bbolt/"):
		case imp == "github.com/jackc/pgx/v5" || strings.HasPrefix(imp, "github.com/jackc/pgx/v5/"):
		default:
			t.Errorf("storage imports %s; it may import only tafl, clock, tournament, bbolt and pgx", imp)
		}
	}
}
