package bot

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/taflbot/taflbot/clock"
	"github.com/taflbot/taflbot/locale"
	"github.com/taflbot/taflbot/storage"
	"github.com/taflbot/taflbot/tafl"
)

// TestClockLineAgreesWithThePicture: a live game's message and its
// picture (whose alt text says what the players band draws) write the
// clocks alike, from hours down to tenths of a second.
func TestClockLineAgreesWithThePicture(t *testing.T) {
	now := time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)
	b := &Bot{now: func() time.Time { return now }}
	p := locale.For(locale.Match("en"))
	tc, err := clock.Parse("90+30")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		left   [2]time.Duration
		att    string // the attackers' clock, as both should write it
		defnce string
	}{
		{[2]time.Duration{90 * time.Minute, 61*time.Minute + 30*time.Second}, "1h 30m", "1h 02m"},
		{[2]time.Duration{59*time.Minute + 58*time.Second + 200*time.Millisecond, 9*time.Second + 340*time.Millisecond}, "59:59", "0:09.3"},
	} {
		g := &storage.Game{Clock: clock.Clock{Control: tc, Left: c.left, Running: tafl.Attackers, Since: now}}
		line := b.clockLine(p, g)
		words := clockWords(p, g, now)
		want := fmt.Sprintf("Attackers **%s** ⏱ · Defenders %s", c.att, c.defnce)
		if !strings.Contains(line, want) {
			t.Errorf("message %q, want %q", line, want)
		}
		if want := fmt.Sprintf("attackers %s, defenders %s", c.att, c.defnce); !strings.Contains(words, want) {
			t.Errorf("picture %q, want %q", words, want)
		}
	}
}

// TestLiveClockInTheReadersLanguage: a live clock of an hour or more read
// "1h 30m" in every language, in the message, the picture's players
// band and its alt text, while a correspondence clock says its days and
// hours in the reader's words; each language writes its own hours and
// minutes (a chess clock's "59:59" below an hour needs no words).
func TestLiveClockInTheReadersLanguage(t *testing.T) {
	now := time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)
	b := &Bot{now: func() time.Time { return now }}
	tc, err := clock.Parse("90+30")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ lang, att, def string }{
		{"en", "1h 30m", "1h 02m"},
		{"da", "1t 30m", "1t 02m"},
		{"sv", "1h 30min", "1h 02min"},
		{"no", "1t 30m", "1t 02m"},
		{"is", "1klst 30mín", "1klst 02mín"},
		{"de", "1Std 30Min", "1Std 02Min"},
		{"fi", "1h 30min", "1h 02min"},
	} {
		p := locale.For(locale.Match(c.lang))
		g, err := storage.NewGame("brandubh", "")
		if err != nil {
			t.Fatal(err)
		}
		g.Clock = clock.Clock{Control: tc, Left: [2]time.Duration{90 * time.Minute, 61*time.Minute + 30*time.Second}, Running: tafl.Attackers, Since: now}
		if line := b.clockLine(p, g); !strings.Contains(line, "**"+c.att+"** ⏱") || !strings.Contains(line, " "+c.def) {
			t.Errorf("%s: message %q, want %q and %q", c.lang, line, c.att, c.def)
		}
		if words := clockWords(p, g, now); !strings.Contains(words, " "+c.att+",") || !strings.HasSuffix(words, " "+c.def) {
			t.Errorf("%s: alt text %q, want %q and %q", c.lang, words, c.att, c.def)
		}
		band := b.playersBand(p, g, now, nil)
		if a, d := band.Attackers.ClockLabel(), band.Defenders.ClockLabel(); a != c.att || d != c.def {
			t.Errorf("%s: the picture's clocks %q and %q, want %q and %q", c.lang, a, d, c.att, c.def)
		}
		g.Clock.Left = [2]time.Duration{59*time.Minute + 58*time.Second + 200*time.Millisecond, 9*time.Second + 340*time.Millisecond}
		if line := b.clockLine(p, g); !strings.Contains(line, "**59:59** ⏱") || !strings.Contains(line, " 0:09.3") {
			t.Errorf("%s: message %q, want 59:59 and 0:09.3", c.lang, line)
		}
	}
}
