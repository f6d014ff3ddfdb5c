//go:build unix

package cputime_test

import (
	"testing"
	"time"

	"github.com/taflbot/taflbot/internal/cputime"
)

// TestBusyLoopCounts: spinning on one core for 50 ms of CPU adds at least
// 40 ms of CPU time; sleeping adds next to none.
func TestBusyLoopCounts(t *testing.T) {
	start, ok := cputime.Now()
	if !ok {
		t.Fatal("no CPU time on a unix system")
	}
	for {
		now, _ := cputime.Now()
		if now-start >= 50*time.Millisecond {
			break
		}
	}
	mid, _ := cputime.Now()
	if mid-start < 40*time.Millisecond {
		t.Errorf("busy loop: %v of CPU", mid-start)
	}
	time.Sleep(100 * time.Millisecond)
	end, _ := cputime.Now()
	if end-mid > 50*time.Millisecond {
		t.Errorf("sleeping used %v of CPU", end-mid)
	}
}
