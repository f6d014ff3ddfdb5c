package ai

import (
	"testing"

	"github.com/taflbot/taflbot/tafl"
)

// BenchmarkSearch searches the copenhagen start position to a fixed depth
// and reports nodes per second.
func BenchmarkSearch(b *testing.B) {
	for _, c := range []struct {
		name  string
		depth int
	}{{"copenhagen", 5}, {"brandubh", 7}, {"tablut", 5}} {
		b.Run(c.name, func(b *testing.B) {
			v, err := tafl.Preset(c.name, "")
			if err != nil {
				b.Fatal(err)
			}
			g := tafl.NewGame(v)
			var nodes int64
			b.ReportAllocs()
			for b.Loop() {
				r, err := Search(b.Context(), g, Limits{Depth: c.depth})
				if err != nil {
					b.Fatal(err)
				}
				nodes += r.Nodes
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}
