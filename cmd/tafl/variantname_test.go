package main

import (
	"strings"
	"testing"
)

// TestVariantByTitle: -variant takes a preset's title, its name with
// spaces or a layout only one preset has, as the bot does; a name near
// some suggests them, as alternatives ("copenhagen, fetlar or
// hnefatafl-9", a bare comma list before). They were "unknown variant",
// listing every name.
func TestVariantByTitle(t *testing.T) {
	for typed, want := range map[string]string{"ard ri": "ard-ri", "Copenhagen Hnefatafl": "copenhagen", "bell": "tawlbwrdd/bell", "alea evangelii": "alea-evangelii"} {
		s := setup{variant: typed}
		v, err := s.variantOnly()
		if err != nil || v.FullName() != want {
			t.Errorf("-variant %q: %v, %v; want %s", typed, v, err, want)
		}
	}
	for typed, want := range map[string]string{"hnefatafl": "did you mean copenhagen, fetlar or hnefatafl-9?", "brandub": "did you mean brandubh?"} {
		s := setup{variant: typed}
		if _, err := s.variantOnly(); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("-variant %s: %v, want %q", typed, err, want)
		}
	}
}
