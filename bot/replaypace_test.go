package bot

import (
	"strings"
	"testing"
	"time"
)

// TestReplayPace: a user may ask for replayBurst replays at once, then one
// per replayEvery; the refusal says how long to wait; other users are not
// affected; a user whose bucket has refilled is forgotten when the map is
// swept.
func TestReplayPace(t *testing.T) {
	l := newReplayLimiter(1)
	now := time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)
	l.now = func() time.Time { return now }
	ask := func(user string) error {
		release, err := l.reserve(user)
		if err == nil {
			release() // delivered at once
		}
		return err
	}
	for i := range replayBurst {
		if err := ask("flooder"); err != nil {
			t.Fatalf("replay %d of the burst refused: %v", i+1, err)
		}
	}
	err := ask("flooder")
	if err == nil || !strings.Contains(err.Error(), "you can ask for the next in 20 s") {
		t.Fatalf("beyond the burst: %v, want a refusal saying 20 seconds", err)
	}
	if err := ask("someone else"); err != nil {
		t.Errorf("another user is refused: %v", err)
	}
	now = now.Add(replayEvery / 2)
	if err := ask("flooder"); err == nil || !strings.Contains(err.Error(), "in 10 s.") {
		t.Errorf("half a period later: %v, want a refusal saying 10 seconds", err)
	}
	now = now.Add(replayEvery / 2)
	if err := ask("flooder"); err != nil {
		t.Errorf("a period later: %v", err)
	}
	if err := ask("flooder"); err == nil {
		t.Error("two replays in one period after the burst")
	}
	// Refused requests do not use up the pace: a period later one is allowed.
	now = now.Add(replayEvery)
	if err := ask("flooder"); err != nil {
		t.Errorf("after the refusals and a period: %v", err)
	}
	// Long idle: the burst is back, not more.
	now = now.Add(time.Hour)
	for i := range replayBurst {
		if err := ask("flooder"); err != nil {
			t.Fatalf("after an hour, replay %d refused: %v", i+1, err)
		}
	}
	if err := ask("flooder"); err == nil {
		t.Error("after an hour, more than the burst")
	}
	// The sweep forgets full buckets only.
	for i := range 4096 {
		l.pace[strings.Repeat("u", 1+i%7)+string(rune('a'+i%26))+time.Duration(i).String()] = replayPace{tokens: replayBurst, at: now}
	}
	if err := ask("trigger"); err != nil {
		t.Fatal(err)
	}
	if _, kept := l.pace["flooder"]; !kept {
		t.Error("the sweep forgot a user whose bucket is empty")
	}
	if len(l.pace) > 3 {
		t.Errorf("%d users kept after the sweep, want only those with used tokens", len(l.pace))
	}
}
