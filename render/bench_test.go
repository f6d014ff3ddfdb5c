package render_test

import (
	"bytes"
	"fmt"
	"io"
	"testing"
	"time"

	"github.com/taflbot/taflbot/internal/memprobe"
	"github.com/taflbot/taflbot/render"
	"github.com/taflbot/taflbot/tafl"
)

// Besides the wall time (ns/op), the benchmarks report the process's CPU
// time per operation (cpu-ms/op). Run with -cpu 1, that is the work of one
// core, and unlike the wall time it hardly changes when other processes
// compete for the machine.

// loop runs body b.N times (through b.Loop) and reports cpu-ms/op.
func loop(b *testing.B, body func() error) {
	b.ReportAllocs()
	start, ok := cpuTime()
	n := 0
	for b.Loop() {
		if err := body(); err != nil {
			b.Fatal(err)
		}
		n++
	}
	if end, ok2 := cpuTime(); ok && ok2 && n > 0 {
		b.ReportMetric(float64(end-start)/1e6/float64(n), "cpu-ms/op")
	}
}

func benchPNG(b *testing.B, pos tafl.Position, opts render.Options) {
	b.Helper()
	var buf bytes.Buffer
	if err := render.PNG(&buf, pos, opts); err != nil { // warm the caches
		b.Fatal(err)
	}
	loop(b, func() error { return render.PNG(io.Discard, pos, opts) })
	b.ReportMetric(float64(buf.Len()), "png-bytes")
}

// BenchmarkPNG11 is the picture the bot sends after a move on an 11×11
// board: pieces, last move with a capture, and a caption.
func BenchmarkPNG11(b *testing.B) {
	g := midGame(b)
	last := g.Plies()[g.Len()-1]
	benchPNG(b, g.Position(), render.Options{LastMove: last.Move, Captured: last.Captures, Caption: "Defenders to move · move 28"})
}

// BenchmarkPNG13 draws a 13×13 board (tawlbwrdd-sized boards are 11×11;
// this uses a custom 13×13 variant).
func BenchmarkPNG13(b *testing.B) {
	benchPNG(b, variant13(b).Start(), render.Options{Caption: "Attackers to move · move 1"})
}

// BenchmarkPNG19 draws the 19×19 Alea Evangelii start position.
func BenchmarkPNG19(b *testing.B) {
	v := preset(b, "alea-evangelii", "")
	benchPNG(b, v.Start(), render.Options{Caption: "Attackers to move · move 1"})
}

// BenchmarkImage11 is BenchmarkPNG11 without the PNG encoding.
func BenchmarkImage11(b *testing.B) {
	g := midGame(b)
	last := g.Plies()[g.Len()-1]
	opts := render.Options{LastMove: last.Move, Captured: last.Captures, Caption: "Defenders to move · move 28"}
	loop(b, func() error {
		_, err := render.Image(g.Position(), opts)
		return err
	})
}

// BenchmarkGIF100 encodes the replay of a 100-move Copenhagen game at the
// default frame size.
func BenchmarkGIF100(b *testing.B) {
	g := randomGame(b, preset(b, "copenhagen", ""), 100, 3)
	var buf bytes.Buffer
	if err := render.GIF(&buf, g, render.GIFOptions{}); err != nil {
		b.Fatal(err)
	}
	loop(b, func() error { return render.GIF(io.Discard, g, render.GIFOptions{}) })
	b.ReportMetric(float64(buf.Len()), "gif-bytes")
}

// BenchmarkGIFLong replays endless Copenhagen games (quiet moves only, as
// in the issue that found a 3,000-move replay taking 16 CPU-s and 883 MB)
// at the default options: the peak heap the replay adds (peak-MB, live or
// not yet collected) and its CPU time (cpu-s/op). Targets for 3,000
// moves: at most 64 MB and 2 s. Run with -benchtime 3x.
func BenchmarkGIFLong(b *testing.B) {
	for _, plies := range []int{300, 3000} {
		g := longGame(b, plies)
		b.Run(fmt.Sprint(plies), func(b *testing.B) {
			var peak uint64
			var cpu time.Duration
			var size int
			for b.Loop() {
				var buf bytes.Buffer
				p := memprobe.Start()
				if err := render.GIF(&buf, g, render.GIFOptions{}); err != nil {
					b.Fatal(err)
				}
				extra, c := p.Stop()
				peak, cpu, size = max(peak, extra), cpu+c, buf.Len()
			}
			frames, _ := render.ReplayPlan(plies, render.GIFOptions{})
			b.ReportMetric(float64(peak)/(1<<20), "peak-MB")
			b.ReportMetric(cpu.Seconds()/float64(b.N), "cpu-s/op")
			b.ReportMetric(float64(size), "gif-bytes")
			b.ReportMetric(float64(frames), "frames")
		})
	}
}
