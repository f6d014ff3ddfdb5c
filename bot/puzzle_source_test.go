package bot

import (
	"testing"

	"github.com/taflbot/taflbot/locale"
	"github.com/taflbot/taflbot/puzzle"
)

// TestPuzzleSourceInTheUsersLanguage: a solved puzzle says where it comes
// from in the user's language and in a player's words; it showed the
// record's source as it is, in English, with the self-play's seed, nodes
// and noise.
func TestPuzzleSourceInTheUsersLanguage(t *testing.T) {
	en, da := locale.For(locale.Match("en-US")), locale.For(locale.Match("da"))
	for _, c := range []struct{ source, en, da string }{
		{"game 12, before move 30", "from game 12, before move 30", "fra parti 12, før træk 30"},
		{"Copenhagen corpus (dcampbell24/hnefatafl-copenhagen) line 212, before move 29", "from a game of the Copenhagen corpus, before move 29", "fra et parti i Copenhagen-korpusset, før træk 29"},
		{"self-play tawlbwrdd seed 61 (tafl puzzles -selfplay, 20000 nodes, noise 40, 4 random plies), before move 7", "from the engine's games against itself, before move 7", "fra motorens partier mod sig selv, før træk 7"},
		{"a test", "a test", "a test"},
	} {
		if got := puzzleSource(en, c.source); got != c.en {
			t.Errorf("%q in English: %q, want %q", c.source, got, c.en)
		}
		if got := puzzleSource(da, c.source); got != c.da {
			t.Errorf("%q in Danish: %q, want %q", c.source, got, c.da)
		}
	}
	// Every starter puzzle's source is one of the known forms.
	ps, err := puzzle.Starter()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range ps {
		if puzzleSource(en, p.Source) == p.Source {
			t.Errorf("the starter puzzle source %q is shown as it is", p.Source)
			break
		}
	}
}
