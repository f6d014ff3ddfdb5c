package bot

import (
	"testing"

	"github.com/taflbot/taflbot/render"
)

// TestCleanNameComposesAccents: a name typed with combining accents
// ("Rene" + U+0301, as some systems write "René") keeps its accent in the
// pictures: it is composed before render.Legible drops what the font
// lacks (the picture said "Rene").
func TestCleanNameComposesAccents(t *testing.T) {
	for in, want := range map[string]string{
		"Rene\u0301":         "René",
		"A\u030Asa":          "Åsa",
		"Bjo\u0308rn \u00d8": "Björn Ø",
	} {
		if got := render.Legible(cleanName(in)); got != want {
			t.Errorf("%q: drawn as %q, want %q", in, got, want)
		}
	}
}
