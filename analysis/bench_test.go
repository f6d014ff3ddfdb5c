package analysis_test

import (
	"os"
	"testing"

	"github.com/taflbot/taflbot/analysis"
	"github.com/taflbot/taflbot/internal/cputime"
	"github.com/taflbot/taflbot/tafl"
)

// copenhagen100 is a 100-ply (50-move) game of the Copenhagen corpus (line 1172),
// kept in testdata.
func copenhagen100(tb testing.TB) *tafl.Game {
	tb.Helper()
	data, err := os.ReadFile("testdata/copenhagen-100.otg")
	if err != nil {
		tb.Fatal(err)
	}
	g, _, err := tafl.DecodeGame(string(data))
	if err != nil {
		tb.Fatal(err)
	}
	if g.Len() != 100 {
		tb.Fatalf("the game has %d moves, want 100", g.Len())
	}
	return g
}

// BenchmarkAnalyse100 reviews the 100-ply copenhagen game at the default
// budget: 101 searches of DefaultNodes nodes on one thread. cpu-s/op is
// the CPU time of one review (the target: at most 60 s of one core);
// ns/op is wall time, which other processes inflate.
func BenchmarkAnalyse100(b *testing.B) {
	g := copenhagen100(b)
	b.ReportAllocs()
	start, _ := cputime.Now()
	n := 0
	for b.Loop() {
		if _, err := analysis.Analyse(b.Context(), g, analysis.DefaultNodes); err != nil {
			b.Fatal(err)
		}
		n++
	}
	if end, ok := cputime.Now(); ok && n > 0 {
		b.ReportMetric((end-start).Seconds()/float64(n), "cpu-s/op")
	}
}

// BenchmarkEvaluate is one position of that game (move 40) at the
// default budget: one think of an analysis, which is how long an engine
// move in another game can wait behind it.
func BenchmarkEvaluate(b *testing.B) {
	games, err := analysis.Positions(copenhagen100(b))
	if err != nil {
		b.Fatal(err)
	}
	h := games[40]
	start, _ := cputime.Now()
	n := 0
	for b.Loop() {
		if _, err := analysis.Evaluate(b.Context(), h, analysis.DefaultNodes); err != nil {
			b.Fatal(err)
		}
		n++
	}
	if end, ok := cputime.Now(); ok && n > 0 {
		b.ReportMetric(float64((end-start).Milliseconds())/float64(n), "cpu-ms/op")
	}
}

// TestCopenhagen100 reviews the benchmark's game at a small budget: every
// position has a chance, every move a review, and the game's testdata
// stays readable.
func TestCopenhagen100(t *testing.T) {
	g := copenhagen100(t)
	r, err := analysis.Analyse(t.Context(), g, 2000)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Chances) != 101 || len(r.Moves) != 100 || len(r.Turning) < 3 || len(r.Turning) > 5 {
		t.Errorf("%d chances, %d moves, %d turning points", len(r.Chances), len(r.Moves), len(r.Turning))
	}
	for i, p := range r.Chances {
		if p < 0 || p > 1 {
			t.Errorf("chance %d = %v", i, p)
		}
	}
}
