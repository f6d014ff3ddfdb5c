package ai

import (
	"syscall"
	"testing"
	"time"
)

// BenchmarkSearch searches start positions (and, for copenhagen, a
// position 30 random plies into a game) to a fixed depth and reports
// nodes per second.
func BenchmarkSearch(b *testing.B) {
	for _, c := range []struct {
		name, variant string
		plies, depth  int
	}{{"copenhagen", "copenhagen", 0, 5}, {"copenhagen-mid", "copenhagen", 30, 5}, {"brandubh", "brandubh", 0, 7}, {"tablut", "tablut", 0, 5}} {
		b.Run(c.name, func(b *testing.B) {
			g := randomGame(b, c.variant, c.plies, 3)
			var nodes int64
			b.ReportAllocs()
			cpu0 := cpuTime()
			for b.Loop() {
				r, err := Search(b.Context(), g, Limits{Depth: c.depth})
				if err != nil {
					b.Fatal(err)
				}
				nodes += r.Nodes
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
			// CPU time, not wall time: a fair single-core figure on a
			// shared, loaded machine.
			if cpu := cpuTime() - cpu0; cpu > 0 {
				b.ReportMetric(float64(nodes)/cpu.Seconds(), "nodes/cpu-s")
			}
		})
	}
}

// cpuTime returns the CPU time (user + system) used by the process so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
