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
