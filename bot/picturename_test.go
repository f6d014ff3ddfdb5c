package bot

import (
	"strings"
	"testing"
	"time"

	"github.com/taflbot/taflbot/locale"
	"github.com/taflbot/taflbot/storage"
)

// TestPlayersBandNamesWhomItCannotDraw: the picture's fonts cannot draw a
// name written in Chinese (or only in emoji), which the band drew as boxes;
// it says "a player" in the game's language instead, while the alt text
// keeps the name. A name with some letters the fonts have keeps those.
func TestPlayersBandNamesWhomItCannotDraw(t *testing.T) {
	now := time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)
	b := &Bot{now: func() time.Time { return now }}
	de := locale.For(locale.Match("de"))
	g, err := storage.NewGame("brandubh", "")
	if err != nil {
		t.Fatal(err)
	}
	g.Attackers, g.Defenders, g.MoveTime, g.Deadline = human("1", "龍之介"), human("2", "🐉 Дракон"), 72*time.Hour, now.Add(time.Hour)
	band := b.playersBand(de, g, now, nil)
	if band.Attackers.Name != "ein Spieler" {
		t.Errorf("attackers drawn as %q, want %q", band.Attackers.Name, "ein Spieler")
	}
	if band.Defenders.Name != "🐉 Дракон" {
		t.Errorf("defenders drawn as %q, want the name (the picture leaves out the emoji)", band.Defenders.Name)
	}
	if alt := boardAlt(de, g, now, nil); !strings.Contains(alt, "龍之介") {
		t.Errorf("alt text %q lost the name", alt)
	}
}
