package bot

import (
	"testing"

	"github.com/taflbot/taflbot/storage"
)

// TestPuzzleOfVariantDefaultLayout: a puzzle stored with no layout is of
// its preset's default layout (storage.Puzzle's Layout is "" for the
// default), so "tawlbwrdd/lewis" finds it as "tawlbwrdd" does, and
// "tawlbwrdd/bell" does not.
func TestPuzzleOfVariantDefaultLayout(t *testing.T) {
	for _, c := range []struct {
		layout, asked string
		want          bool
	}{
		{"", "tawlbwrdd", true},
		{"", "tawlbwrdd/lewis", true},
		{"", "tawlbwrdd/bell", false},
		{"lewis", "tawlbwrdd/lewis", true},
		{"bell", "tawlbwrdd/bell", true},
		{"bell", "tawlbwrdd/lewis", false},
		{"bell", "tawlbwrdd", true},
	} {
		p := &storage.Puzzle{Variant: "tawlbwrdd", Layout: c.layout}
		if got := puzzleOfVariant(p, c.asked); got != c.want {
			t.Errorf("a tawlbwrdd puzzle of layout %q asked as %s: %v, want %v", c.layout, c.asked, got, c.want)
		}
	}
	if puzzleOfVariant(&storage.Puzzle{Variant: "copenhagen"}, "copenhagen/standard") != true {
		t.Error("a copenhagen puzzle is not of copenhagen/standard")
	}
}
