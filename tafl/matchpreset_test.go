package tafl_test

import (
	"slices"
	"testing"

	"github.com/taflbot/taflbot/tafl"
)

// TestMatchPresetSuggests: what MatchPreset cannot read as one preset
// gets the presets it may mean: near names and titles, and a board size
// or a common word for some presets (presets of that size, or of the
// nearest size; those the word names). Other text gets none.
func TestMatchPresetSuggests(t *testing.T) {
	for _, c := range []struct {
		typed string
		near  []string
	}{
		{"brandub", []string{"brandubh"}},
		{"7x7", []string{"brandubh", "ard-ri"}},
		{"7×7", []string{"brandubh", "ard-ri"}},
		{"9X9", []string{"tablut", "tablut-helmfrid", "hnefatafl-9"}},
		{"11", []string{"copenhagen", "fetlar", "cyning-taefl", "tawlbwrdd"}},
		{"13x13", []string{"copenhagen", "fetlar", "cyning-taefl", "tawlbwrdd"}},
		{"25x25", []string{"alea-evangelii"}},
		{"Viking", []string{"copenhagen", "fetlar", "hnefatafl-9"}},
		{"welsh", []string{"tawlbwrdd"}},
		{"Linnaeus", []string{"tablut", "tablut-helmfrid"}},
		{"7x9", nil},
		{"0x0", nil},
		{"1000x1000", nil},
		{"chess", nil},
	} {
		name, _, near, ok := tafl.MatchPreset(c.typed)
		if ok || !slices.Equal(near, c.near) {
			t.Errorf("MatchPreset(%q) = %q, %v, %v; want not ok, %v", c.typed, name, near, ok, c.near)
		}
	}
}
