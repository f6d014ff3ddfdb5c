package match

import (
	"math"
	"strings"
	"testing"
	"time"

	"github.com/taflbot/taflbot/tafl"
)

func brandubh(t *testing.T) *tafl.Variant {
	t.Helper()
	v, err := tafl.Preset("brandubh", "")
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func TestPentaElo(t *testing.T) {
	near := func(a, b float64) bool { return math.Abs(a-b) < 0.01 }
	elo, lo, hi, ok := PentaElo([5]int{1, 2, 3, 2, 2})
	// Worked out by hand: mean pair score 0.55, variance 0.0975 over 10 pairs.
	if !ok || !near(elo, 34.86) || !near(lo, -102.62) || !near(hi, 184.91) {
		t.Errorf("PentaElo = %.2f (%.2f, %.2f), want 34.86 (-102.62, 184.91)", elo, lo, hi)
	}
	if elo, _, _, _ := PentaElo([5]int{0, 0, 0, 7, 0}); !near(elo, 190.85) {
		t.Errorf("score 75%%: elo %.2f, want 190.85", elo)
	}
	if _, _, _, ok := PentaElo([5]int{}); ok {
		t.Error("no pairs gave an Elo")
	}
	s := &SPRT{Elo0: 0, Elo1: 50, Alpha: 0.05, Beta: 0.05}
	if v := s.Verdict([5]int{0, 0, 2, 10, 20}); !strings.HasPrefix(v, "H1") {
		t.Errorf("clear wins: verdict %q", v)
	}
	if v := s.Verdict([5]int{20, 10, 2, 0, 0}); !strings.HasPrefix(v, "H0") {
		t.Errorf("clear losses: verdict %q", v)
	}
	if v := s.Verdict([5]int{0, 1, 0, 1, 0}); v != "" {
		t.Errorf("two even pairs decided %q", v)
	}
}

// The LLR is fishtest's pentanomial GSPRT (LLR_logistic in its
// stat_util.py): N (s1 − s0)(2μ − s0 − s1) / (2σ²) over pair scores.
func TestSPRTLLR(t *testing.T) {
	s := &SPRT{Elo0: 0, Elo1: 50, Alpha: 0.05, Beta: 0.05}
	// By hand: s0 = 0.5, s1 = 1/(1+10^(-50/400)) = 0.571463; pairs
	// 1/2/3/2/2 give μ = 0.55, σ² = 0.0975, N = 10:
	// 10 × 0.071463 × 0.028537 / 0.195 = 0.10458.
	if l := s.LLR([5]int{1, 2, 3, 2, 2}); math.Abs(l-0.10458) > 1e-4 {
		t.Errorf("llr = %.5f, want 0.10458", l)
	}
	// Pairs 0/1/2/5/12: μ = 0.85, σ² = 0.04625, N = 20: LLR 9.7118 > 2.944.
	if l := s.LLR([5]int{0, 1, 2, 5, 12}); math.Abs(l-9.7118) > 1e-3 {
		t.Errorf("llr = %.4f, want 9.7118", l)
	}
	lo, hi := s.Bounds() // ln(0.05/0.95), ln(0.95/0.05)
	if math.Abs(lo+2.9444) > 1e-4 || math.Abs(hi-2.9444) > 1e-4 {
		t.Errorf("bounds %.4f, %.4f, want ∓2.9444", lo, hi)
	}
}

func TestFmtElo(t *testing.T) {
	for x, want := range map[float64]string{
		math.Copysign(0, -1): "0", -0.4: "0", 0.3: "0", 12.6: "+13", -190.85: "-191",
		math.Inf(1): "+inf", math.Inf(-1): "-inf",
	} {
		if got := FmtElo(x); got != want {
			t.Errorf("FmtElo(%g) = %q, want %q", x, got, want)
		}
	}
	// All pairs drawn: 0 with a 0 to 0 interval, no "-0".
	elo, lo, hi, _ := PentaElo([5]int{0, 0, 4, 0, 0})
	if FmtElo(elo)+FmtElo(lo)+FmtElo(hi) != "000" {
		t.Errorf("even pairs: %s %s %s", FmtElo(elo), FmtElo(lo), FmtElo(hi))
	}
	// All won / all lost: ±inf.
	if elo, lo, hi, _ := PentaElo([5]int{0, 0, 0, 0, 5}); !math.IsInf(elo, 1) || !math.IsInf(lo, 1) || !math.IsInf(hi, 1) {
		t.Errorf("all won: %g (%g, %g)", elo, lo, hi)
	}
	if elo, _, _, _ := PentaElo([5]int{5, 0, 0, 0, 0}); !math.IsInf(elo, -1) {
		t.Errorf("all lost: %g", elo)
	}
}

// -time, -nodes and -nps keep hard and max at their 1 s : 5 s ratio
// (-nodes gives both the same budget); easy and medium keep their depth.
func TestMatchBudgets(t *testing.T) {
	cases := []struct {
		level string
		b     Budget
		time  time.Duration
		nodes int64
		depth int
	}{
		{"hard", Budget{}, time.Second, 0, 0},
		{"max", Budget{}, 5 * time.Second, 0, 0},
		{"hard", Budget{PerMove: 200 * time.Millisecond}, 200 * time.Millisecond, 0, 0},
		{"max", Budget{PerMove: 200 * time.Millisecond}, time.Second, 0, 0},
		{"hard", Budget{NPS: 200000}, 0, 200000, 0},
		{"max", Budget{NPS: 200000}, 0, 1000000, 0},
		{"hard", Budget{Nodes: 300}, 0, 300, 0},
		{"max", Budget{Nodes: 300}, 0, 300, 0},
		{"medium", Budget{NPS: 200000}, 0, 0, 3},
		{"easy", Budget{PerMove: time.Second}, 0, 0, 2},
	}
	for _, c := range cases {
		p, err := ParseSpec(c.level, c.b)
		if err != nil {
			t.Fatal(err)
		}
		if p.Limits.Time != c.time || p.Limits.Nodes != c.nodes || p.Limits.Depth != c.depth {
			t.Errorf("%s with %+v: time %v nodes %d depth %d, want %v %d %d", c.level, c.b,
				p.Limits.Time, p.Limits.Nodes, p.Limits.Depth, c.time, c.nodes, c.depth)
		}
	}
	p, _ := ParseSpec("otep:/bin/x otep", Budget{PerMove: 2 * time.Second})
	if p.PerMove != 2*time.Second {
		t.Errorf("OTEP player's time per move %v, want 2s", p.PerMove)
	}
}

// Random openings never end the game nor leave the side to move a win in
// one (checked by trying every reply).
func TestRandomOpeningsSafe(t *testing.T) {
	v := brandubh(t)
	for seed := uint64(1); seed <= 40; seed++ {
		op := RandomOpening(v.Start(), 4, seed)
		if len(op.Moves) != 4 {
			t.Fatalf("seed %d: %d plies, want 4", seed, len(op.Moves))
		}
		g := tafl.NewGame(v)
		for _, m := range op.Moves {
			if _, err := g.Play(m); err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
		}
		if g.Outcome().Over() {
			t.Fatalf("seed %d: the opening ends the game", seed)
		}
		for _, m := range g.LegalMoves() {
			c := g.Clone()
			if _, err := c.Play(m); err == nil && c.Outcome().Over() && c.Outcome().Winner == g.ToMove() {
				t.Errorf("seed %d: after %v the %s win at once with %s", seed, op.Moves, g.ToMove(), m)
			}
		}
	}
}

// TestSummaryEloWithoutSpread: when every pair scored the same (a single
// pair, or pairs all alike) the interval had no width ("elo p1 - p2: +191
// (95%: +191 to +191)" after two games), which reads as certainty; it is
// said to be not known. With pairs that differ the interval is given.
func TestSummaryEloWithoutSpread(t *testing.T) {
	m := &Match{Variant: brandubh(t), Specs: [2]Spec{{Name: "a"}, {Name: "b"}}, MaxPlies: 10}
	win := func(side tafl.Side) tafl.Outcome { return tafl.Outcome{Winner: side, Reason: tafl.KingCaptured} }
	for _, c := range []struct {
		winners []tafl.Side // of games 1, 2, …: p1 attacks in the odd ones
		want    string
	}{
		{[]tafl.Side{tafl.Attackers, tafl.Attackers}, "elo p1 - p2: 0 (95%: not known from one pair: play more games)\n"},
		{[]tafl.Side{tafl.Attackers, tafl.Defenders}, "elo p1 - p2: +inf (95%: not known from one pair: play more games)\n"},
		{[]tafl.Side{tafl.Attackers, tafl.Attackers, tafl.Defenders, tafl.Defenders}, "elo p1 - p2: 0 (95%: not known, every pair scored the same: play more games)\n"},
		{[]tafl.Side{tafl.Attackers, tafl.Defenders, tafl.Attackers, tafl.Attackers}, "elo p1 - p2: +191 (95%: -68 to +inf)\n"},
	} {
		s := NewSummary(len(c.winners) / 2)
		for i, w := range c.winners {
			p1 := tafl.Attackers
			if i%2 == 1 {
				p1 = tafl.Defenders
			}
			s.Add(GameResult{Index: i, P1Side: p1, Outcome: win(w)})
		}
		var b strings.Builder
		s.Print(&b, m)
		if !strings.Contains(b.String(), c.want) {
			t.Errorf("winners %v: summary lacks %q:\n%s", c.winners, c.want, b.String())
		}
	}
}
