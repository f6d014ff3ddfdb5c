// Package deps holds the test that enforces the import rules of
// ../shared/STYLE.md §2.1: tafl ← tafl/ai, render, storage ← bot ← cmd;
// the protocol (otep) and the match runner (match) sit beside tafl/ai.
package deps

import (
	"errors"
	"go/build"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const module = "github.com/taflbot/taflbot"

// rules lists, per package directory, the module-internal packages it may
// import and the third-party modules it may use. The standard library is
// always allowed. Packages not listed (cmd/…, internal/…) may import anything.
// "internal" allows the test helpers under internal/ (memprobe, dbfault).
var rules = map[string]struct {
	internal   []string
	thirdParty []string
}{
	"tafl":            {},
	"tafl/ai":         {internal: []string{"tafl"}},
	"tafl/ai/tune":    {internal: []string{"tafl", "tafl/ai"}},
	"tafl/ai/balance": {internal: []string{"tafl", "tafl/ai", "analysis"}},
	"otep":            {internal: []string{"tafl", "tafl/ai"}},
	"match":           {internal: []string{"tafl", "tafl/ai", "otep"}},
	"clock":           {internal: []string{"tafl"}},
	"tournament":      {},
	"locale":          {thirdParty: []string{"golang.org/x/text"}},
	"render":          {internal: []string{"tafl", "internal"}, thirdParty: []string{"github.com/fogleman/gg", "golang.org/x/image", "github.com/golang/freetype"}},
	"storage":         {internal: []string{"tafl", "clock", "tournament", "internal"}, thirdParty: []string{"go.etcd.io/bbolt", "github.com/jackc/pgx/v5"}},
	// analysis reviews games with the engine and turns a review into
	// pictures; puzzle finds and checks forced wins.
	"analysis": {internal: []string{"tafl", "tafl/ai", "render", "internal"}},
	"puzzle":   {internal: []string{"tafl", "tafl/ai"}},
	// tools/spsa tunes the evaluation's weights by playing matches.
	"tools/spsa": {internal: []string{"tafl", "tafl/ai", "match"}},
	// tools/ftzmotep speaks OTEP for a peer engine (its error codes from otep).
	"tools/ftzmotep": {internal: []string{"tafl", "otep"}},
	"bot": {internal: []string{"tafl", "tafl/ai", "render", "storage", "otep", "clock", "tournament", "locale", "internal", "analysis", "puzzle"},
		thirdParty: []string{"github.com/bwmarrin/discordgo", "golang.org/x/crypto", "golang.org/x/text"}},
}

func TestImportRules(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for dir, rule := range rules {
		pkgDir := filepath.Join(root, dir)
		if _, err := os.Stat(pkgDir); err != nil {
			if dir == "tafl" {
				t.Fatalf("package tafl is missing: %v", err)
			}
			continue // a package not written yet has nothing to break
		}
		// Non-test and test files alike must keep the rules (tests may also import the package itself).
		pkg, err := build.ImportDir(pkgDir, 0)
		var noGo *build.NoGoError
		if errors.As(err, &noGo) && dir != "tafl" {
			continue // a package not written yet has nothing to break
		}
		if err != nil {
			t.Fatalf("%s: %v", dir, err)
		}
		imports := append(append(append([]string{}, pkg.Imports...), pkg.TestImports...), pkg.XTestImports...)
		for _, imp := range imports {
			if msg := violates(dir, imp, rule.internal, rule.thirdParty); msg != "" {
				t.Errorf("%s imports %s: %s", dir, imp, msg)
			}
		}
		checked++
	}
	if checked == 0 {
		t.Fatal("no package was checked")
	}
}

// violates says why package dir may not import imp, or "" when it may.
func violates(dir, imp string, internal, thirdParty []string) string {
	if rel, ok := strings.CutPrefix(imp, module+"/"); ok {
		if rel == dir || strings.HasPrefix(rel, dir+"/") && dir != "tafl" {
			return "" // itself or its own subpackages
		}
		for _, allowed := range internal {
			if rel == allowed || strings.HasPrefix(rel, allowed+"/") && allowed == "internal" {
				return ""
			}
		}
		return "not allowed by the import rules (STYLE.md §2.1)"
	}
	first := strings.SplitN(imp, "/", 2)[0]
	if !strings.Contains(first, ".") {
		return "" // standard library
	}
	for _, allowed := range thirdParty {
		if imp == allowed || strings.HasPrefix(imp, allowed+"/") {
			return ""
		}
	}
	return "third-party module not allowed here (STYLE.md §2.1)"
}

// TestViolates checks the rule checker itself on known cases.
func TestViolates(t *testing.T) {
	cases := []struct {
		dir, imp string
		bad      bool
	}{
		{"tafl", "fmt", false},
		{"tafl", "github.com/fogleman/gg", true},
		{"tafl", module + "/render", true},
		{"tafl", module + "/tafl/ai", true},
		{"render", module + "/tafl", false},
		{"render", module + "/storage", true},
		{"storage", "go.etcd.io/bbolt", false},
		{"storage", "github.com/bwmarrin/discordgo", true},
		{"bot", module + "/cmd/taflbot", true},
		{"tafl/ai", module + "/tafl", false},
		{"tafl/ai", module + "/render", true},
		{"tafl/ai/tune", module + "/tafl/ai", false},
		{"tafl/ai/tune", module + "/storage", true},
		{"analysis", module + "/render", false},
		{"analysis", module + "/storage", true},
		{"analysis", "github.com/fogleman/gg", true},
		{"puzzle", module + "/tafl/ai", false},
		{"puzzle", module + "/render", true},
		{"render", module + "/analysis", true},
		{"otep", module + "/tafl/ai", false},
		{"otep", module + "/match", true},
		{"otep", module + "/bot", true},
		{"match", module + "/otep", false},
		{"match", module + "/storage", true},
		{"tafl/ai/balance", module + "/tafl/ai", false},
		{"tafl/ai/balance", module + "/match", true},
		{"tools/ftzmotep", module + "/otep", false},
		{"tools/ftzmotep", module + "/tafl/ai", true},
	}
	for _, c := range cases {
		r := rules[c.dir]
		got := violates(c.dir, c.imp, r.internal, r.thirdParty) != ""
		if got != c.bad {
			t.Errorf("violates(%s, %s) = %v, want %v", c.dir, c.imp, got, c.bad)
		}
	}
}
