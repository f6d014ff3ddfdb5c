package bot

import (
	"strings"
	"testing"
	"time"

	"github.com/taflbot/taflbot/clock"
	"github.com/taflbot/taflbot/locale"
	"github.com/taflbot/taflbot/storage"
	"github.com/taflbot/taflbot/tafl"
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

// TestPicturesCorrespondenceClockInTheGamesLanguage: the players band
// wrote a correspondence clock in English units in every language ("3d 0h
// pro Zug" in German, "3d 0h siirtoa kohden" in Finnish) while the board
// message under the picture says "3T 0Std" and "3pv 0h"; it writes them
// as the message does. A live clock too, from an hour up ("1Std 30Min";
// see TestLiveClockInTheReadersLanguage).
func TestPicturesCorrespondenceClockInTheGamesLanguage(t *testing.T) {
	now := time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)
	b := &Bot{now: func() time.Time { return now }}
	g, err := storage.NewGame("brandubh", "")
	if err != nil {
		t.Fatal(err)
	}
	g.Attackers, g.Defenders, g.MoveTime, g.Deadline = human("1", "Alice"), human("2", "Bob"), 72*time.Hour, now.Add(26*time.Hour)
	for _, tc := range []struct{ lang, toMove, other string }{
		{"en", "1d 2h", "3d 0h per move"},
		{"de", "1T 2Std", "3T 0Std pro Zug"},
		{"fi", "1pv 2h", "3pv 0h / siirto"},
		{"da", "1d 2t", "3d 0t pr. træk"},
	} {
		p := locale.For(locale.Match(tc.lang))
		band := b.playersBand(p, g, now, nil)
		if got := band.Attackers.ClockLabel(); got != tc.toMove {
			t.Errorf("%s: the side to move's clock is drawn as %q, want %q", tc.lang, got, tc.toMove)
		}
		if got := band.Defenders.ClockLabel(); got != tc.other {
			t.Errorf("%s: the other side's clock is drawn as %q, want %q", tc.lang, got, tc.other)
		}
		if want := p.T("clock.left", formatLeft(p, g.Deadline.Sub(now))); !strings.Contains(want, tc.toMove) {
			t.Errorf("%s: the board message says %q, not the picture's %q", tc.lang, want, tc.toMove)
		}
	}

	tc, err := clock.Parse("90+0")
	if err != nil {
		t.Fatal(err)
	}
	g.MoveTime, g.Deadline, g.Clock = 0, time.Time{}, clock.New(tc, tafl.Attackers, now)
	band := b.playersBand(locale.For(locale.Match("de")), g, now, nil)
	if got := band.Attackers.ClockLabel(); got != "1Std 30Min" {
		t.Errorf("a live clock in German is drawn as %q, want 1Std 30Min", got)
	}
}
