package render_test

import (
	"go/build"
	"strings"
	"testing"
)

// TestImports keeps render to its allowed dependencies: the standard
// library, tafl, gg and the modules gg draws with (freetype, x/image).
// It must not reach storage, bot or the AI.
func TestImports(t *testing.T) {
	pkg, err := build.ImportDir(".", 0)
	if err != nil {
		t.Fatal(err)
	}
	allowed := []string{
		"github.com/taflbot/taflbot/tafl",
		"github.com/fogleman/gg",
		"github.com/golang/freetype/",
		"golang.org/x/image/",
	}
	for _, imp := range pkg.Imports {
		if !strings.Contains(strings.Split(imp, "/")[0], ".") {
			continue // standard library
		}
		ok := false
		for _, a := range allowed {
			if imp == a || strings.HasSuffix(a, "/") && strings.HasPrefix(imp, a) {
				ok = true
			}
		}
		if !ok {
			t.Errorf("render imports %s, which it must not", imp)
		}
	}
	if len(pkg.Imports) == 0 {
		t.Error("found no imports: is the test looking at the right directory?")
	}
}
