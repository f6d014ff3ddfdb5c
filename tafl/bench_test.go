package tafl_test

import (
	"testing"

	"github.com/taflbot/taflbot/tafl"
)

// Benchmarks of the hot path. Record results in docs/PERFORMANCE.md:
//
//	go test ./tafl -run XXX -bench . -benchtime 3x -count 5 | tee new.txt; benchstat new.txt

var benchVariants = []string{"copenhagen", "tablut", "brandubh", "alea-evangelii"}

func BenchmarkGenerateMoves(b *testing.B) {
	for _, name := range benchVariants {
		b.Run(name, func(b *testing.B) {
			v := mustPreset(b, name, "")
			p := v.Start()
			buf := make([]tafl.Move, 0, 1024)
			b.ReportAllocs()
			n := 0
			for b.Loop() {
				buf = p.GenerateMoves(buf)
				n += len(buf)
			}
			if n == 0 {
				b.Fatal("no moves")
			}
		})
	}
}

// BenchmarkPerft reports leaves per second; every leaf move is made.
func BenchmarkPerft(b *testing.B) {
	depths := map[string]int{"copenhagen": 4, "tablut": 4, "brandubh": 5, "alea-evangelii": 3}
	for _, name := range benchVariants {
		b.Run(name, func(b *testing.B) {
			v := mustPreset(b, name, "")
			var leaves uint64
			b.ReportAllocs()
			for b.Loop() {
				leaves += tafl.Perft(v.Start(), depths[name])
			}
			b.ReportMetric(float64(leaves)/b.Elapsed().Seconds()/1e6, "Mleaves/s")
		})
	}
}

func BenchmarkMakeMove(b *testing.B) {
	v := mustPreset(b, "copenhagen", "")
	p := v.Start()
	moves := p.LegalMoves()
	var c tafl.Position
	i := 0
	for b.Loop() {
		p.MakeMove(moves[i%len(moves)], &c)
		i++
	}
}
