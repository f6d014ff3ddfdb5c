package bot

import (
	"testing"
	"time"
)

// TestWaitDuration: the console's "wait" takes Go durations and whole
// days in front, as the bot writes time left ("3d 0h"); anything else is
// an error.
func TestWaitDuration(t *testing.T) {
	for in, want := range map[string]time.Duration{
		"90m": 90 * time.Minute, "2h30m": 150 * time.Minute, "2d": 48 * time.Hour, "1d12h": 36 * time.Hour, "0d30m": 30 * time.Minute,
	} {
		if got, err := waitDuration(in); err != nil || got != want {
			t.Errorf("wait %s: %v, %v; want %v", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "d", "xd", "-1d", "2d3", "1.5d", "99999d", "soon"} {
		if got, err := waitDuration(bad); err == nil {
			t.Errorf("wait %q: %v, want an error", bad, got)
		}
	}
}
