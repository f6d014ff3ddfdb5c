package ai

import (
	"syscall"
	"testing"
	"time"
)

// BenchmarkSearch searches start positions (and, for copenhagen, a
// position 30 random plies into a game) for a fixed number of nodes, about
// what hard searches in its second, and reports nodes per second. A node
// budget, not a depth, so that the work measured stays the same when the
// search prunes more or less.
func BenchmarkSearch(b *testing.B) {
	for _, c := range []struct {
		name, variant string
		plies         int
	}{{"copenhagen", "copenhagen", 0}, {"copenhagen-mid", "copenhagen", 30}, {"brandubh", "brandubh", 0}, {"tablut", "tablut", 0}} {
		b.Run(c.name, func(b *testing.B) {
			g := randomGame(b, c.variant, c.plies, 3)
			var nodes int64
			b.ReportAllocs()
			cpu0 := cpuTime()
			for b.Loop() {
				r, err := Search(b.Context(), g, Limits{Nodes: benchNodes})
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

// benchNodes is the node budget of one benchmark search.
const benchNodes = 2_000_000

// cpuTime returns the CPU time (user + system) used by the process so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
