package match

import (
	"fmt"
	"io"
	"math"
	"strings"
	"time"

	"github.com/taflbot/taflbot/tafl"
)

// Summary accumulates a match's results.
type Summary struct {
	Games   []GameResult
	Errors  int    // Errors counts games a player lost by failing.
	Penta   [5]int // Penta counts the finished pairs by player 1's points: 0, ½, 1, 1½, 2.
	Verdict string // Verdict is the SPRT's, when it decided.
	// Table[player][side] counts wins, losses and draws (player 0 is p1).
	Table [2][3][3]int

	perPair   []int     // games finished per pair
	pairScore []float64 // p1's points per pair
}

// NewSummary returns an empty summary for a match of pairs pairs.
func NewSummary(pairs int) *Summary {
	return &Summary{perPair: make([]int, pairs), pairScore: make([]float64, pairs)}
}

// PairsDone returns the number of finished pairs.
func (s *Summary) PairsDone() int {
	n := 0
	for _, c := range s.Penta {
		n += c
	}
	return n
}

// Add counts one game.
func (s *Summary) Add(r GameResult) {
	s.Games = append(s.Games, r)
	if r.Err != nil {
		s.Errors++
	}
	for k, side := range []tafl.Side{r.P1Side, r.P1Side.Other()} {
		col := 2
		switch r.Outcome.Winner {
		case side:
			col = 0
		case side.Other():
			col = 1
		}
		s.Table[k][side][col]++
	}
	pair := r.Index / 2
	if pair >= len(s.perPair) {
		grow := pair + 1 - len(s.perPair)
		s.perPair = append(s.perPair, make([]int, grow)...)
		s.pairScore = append(s.pairScore, make([]float64, grow)...)
	}
	s.perPair[pair]++
	s.pairScore[pair] += r.P1Score()
	if s.perPair[pair] == 2 {
		s.Penta[int(math.Round(s.pairScore[pair]*2))]++
	}
}

// SamePairs returns how many finished pairs were the same game twice
// (the same moves, the sides swapped: equal deterministic engines do
// that), out of the pairs with both games played without a failure.
func (s *Summary) SamePairs() (same, pairs int) {
	lines := map[int][]uint64{}
	for _, g := range s.Games {
		if g.Err == nil {
			lines[g.Index/2] = append(lines[g.Index/2], g.Line)
		}
	}
	for _, l := range lines {
		if len(l) == 2 {
			pairs++
			if l[0] == l[1] {
				same++
			}
		}
	}
	return same, pairs
}

// Disputed returns the games in which the rules as the engine reads them
// part from taflbot's (see [GameResult.Dispute]).
func (s *Summary) Disputed() []GameResult {
	var out []GameResult
	for _, g := range s.Games {
		if g.Dispute != "" {
			out = append(out, g)
		}
	}
	return out
}

// Undisputed returns a summary of the games without a dispute; a pair
// counts in its pentanomial only when neither game is disputed.
func (s *Summary) Undisputed() *Summary {
	u := NewSummary(len(s.perPair))
	for _, g := range s.Games {
		if g.Dispute != "" {
			continue
		}
		u.Add(g) // a pair with a disputed game never completes
	}
	return u
}

func (s *Summary) progress(w io.Writer, total int, elapsed time.Duration) {
	const width = 30
	done := len(s.Games)
	filled := done * width / max(total, 1)
	w1, l1, d1 := 0, 0, 0
	for side := 1; side <= 2; side++ {
		w1 += s.Table[0][side][0]
		l1 += s.Table[0][side][1]
		d1 += s.Table[0][side][2]
	}
	fmt.Fprintf(w, "\r[%s%s] %d/%d games  p1 +%d -%d =%d  %s ",
		strings.Repeat("#", filled), strings.Repeat(".", width-filled), done, total, w1, l1, d1, elapsed.Round(time.Second))
}

// p1Total returns player 1's wins, losses and draws over both sides.
func (s *Summary) p1Total() (w, l, d int) {
	for _, side := range []tafl.Side{tafl.Attackers, tafl.Defenders} {
		c := s.Table[0][side]
		w, l, d = w+c[0], l+c[1], d+c[2]
	}
	return
}

// Print writes the summary table of match m.
func (s *Summary) Print(w io.Writer, m *Match) {
	fmt.Fprintf(w, "match %s: p1 %s vs p2 %s, %s\n", m.Variant.FullName(), m.Specs[0].Name, m.Specs[1].Name, plural(len(s.Games), "game", "games"))
	fmt.Fprintf(w, "%-4s %-22s %-10s %5s %5s %6s %5s %7s\n", "", "player", "side", "games", "wins", "losses", "draws", "score")
	for k := 0; k < 2; k++ {
		var tw, tl, td int
		for _, side := range []tafl.Side{tafl.Attackers, tafl.Defenders} {
			c := s.Table[k][side]
			n := c[0] + c[1] + c[2]
			tw, tl, td = tw+c[0], tl+c[1], td+c[2]
			fmt.Fprintf(w, "p%-3d %-22s %-10s %5d %5d %6d %5d %7s\n", k+1, clipName(m.Specs[k].Name), side, n, c[0], c[1], c[2], pct(c[0], c[2], n))
		}
		n := tw + tl + td
		fmt.Fprintf(w, "p%-3d %-22s %-10s %5d %5d %6d %5d %7s\n", k+1, clipName(m.Specs[k].Name), "total", n, tw, tl, td, pct(tw, td, n))
	}
	capped := 0
	for _, g := range s.Games {
		if g.Capped {
			capped++
		}
	}
	if capped > 0 {
		fmt.Fprintf(w, "adjudicated draws (move cap %s): %d\n", plural(m.MaxPlies, "ply", "plies"), capped)
	}
	if s.Errors > 0 {
		fmt.Fprintf(w, "games lost by a failing player: %d\n", s.Errors)
		for _, g := range s.Games {
			if g.Err != nil {
				fmt.Fprintf(w, "  game %d: %s: %v\n", g.Index+1, g.ErrSide, g.Err)
			}
		}
	}
	if same, pairs := s.SamePairs(); same > 0 {
		fmt.Fprintf(w, "pairs played as one game twice (the same moves with the sides swapped): %d of %d — the engines play alike; count each such pair as one game, and use more openings or budgets further apart\n", same, pairs)
	}
	fmt.Fprintf(w, "pairs for p1 (0, ½, 1, 1½, 2 points): %d %d %d %d %d\n", s.Penta[0], s.Penta[1], s.Penta[2], s.Penta[3], s.Penta[4])
	if elo, ok := eloText(s.Penta); ok {
		fmt.Fprintf(w, "elo p1 - p2: %s\n", elo)
	}
	if d := s.Disputed(); len(d) > 0 {
		fmt.Fprintf(w, "rules disputes (the engine's reading of the rules string parts from taflbot's): %s\n", plural(len(d), "game", "games"))
		for _, g := range d {
			fmt.Fprintf(w, "  game %d (p1 %s, %s): %s\n", g.Index+1, g.P1Side, describe(g.Outcome), g.Dispute)
			for k, st := range g.Status {
				if st != "" && m.Specs[k].IsOTEP() {
					fmt.Fprintf(w, "    p%d's last status: %s\n", k+1, st)
				}
				if n := g.Resyncs[k]; n > 0 {
					fmt.Fprintf(w, "    p%d's board was set to the game's %s\n", k+1, plural(n, "time", "times"))
				}
			}
		}
		u := s.Undisputed()
		tw, tl, td := u.p1Total()
		fmt.Fprintf(w, "without them: p1 %s, %d-%d-%d, %s", plural(tw+tl+td, "game", "games"), tw, tl, td, pct(tw, td, tw+tl+td))
		if elo, ok := eloText(u.Penta); ok {
			fmt.Fprintf(w, "; %s, elo p1 - p2: %s", plural(u.PairsDone(), "whole pair", "whole pairs"), elo)
		}
		fmt.Fprintln(w)
	}
	if m.SPRT != nil {
		llr := m.SPRT.LLR(s.Penta)
		lo, hi := m.SPRT.Bounds()
		verdict := s.Verdict
		if verdict == "" {
			verdict = "undecided"
		}
		fmt.Fprintf(w, "sprt elo0 %g elo1 %g: llr %.2f (bounds %.2f, %.2f): %s\n", m.SPRT.Elo0, m.SPRT.Elo1, llr, lo, hi, verdict)
	}
}

// eloText writes the Elo difference of pair counts with its 95 %
// interval: "+35 (95%: -103 to +185)". When every pair scored the same
// (one pair, or all alike) the pair scores show no spread, and the normal
// approximation's interval would have none ("+191 (95%: +191 to +191)"
// after a single pair), which reads as certainty: it is said to be not
// known yet instead.
func eloText(penta [5]int) (string, bool) {
	elo, lo, hi, ok := PentaElo(penta)
	if !ok {
		return "", false
	}
	if _, variance, n := pentaStats(penta); variance == 0 {
		if n == 1 {
			return FmtElo(elo) + " (95%: not known from one pair: play more games)", true
		}
		return FmtElo(elo) + " (95%: not known, every pair scored the same: play more games)", true
	}
	return fmt.Sprintf("%s (95%%: %s to %s)", FmtElo(elo), FmtElo(lo), FmtElo(hi)), true
}

func clipName(s string) string {
	if len(s) > 22 {
		return s[:19] + "..."
	}
	return s
}

func pct(wins, draws, n int) string {
	if n == 0 {
		return "-"
	}
	return fmt.Sprintf("%.1f%%", 100*(float64(wins)+0.5*float64(draws))/float64(n))
}

// FmtElo writes an Elo difference: "+13", "-191", "0" (never "-0"), "+inf".
func FmtElo(x float64) string {
	switch {
	case math.IsInf(x, 1):
		return "+inf"
	case math.IsInf(x, -1):
		return "-inf"
	case math.Abs(x) < 0.5:
		return "0"
	}
	return fmt.Sprintf("%+.0f", x)
}

// EloOf converts an expected score to an Elo difference.
func EloOf(score float64) float64 {
	switch {
	case score <= 0:
		return math.Inf(-1)
	case score >= 1:
		return math.Inf(1)
	}
	return -400 * math.Log10(1/score-1)
}

// ScoreOf converts an Elo difference to an expected score.
func ScoreOf(elo float64) float64 { return 1 / (1 + math.Pow(10, -elo/400)) }

// pentaStats returns the mean and variance of the per-pair score
// (normalized to 0…1) over the pentanomial counts.
func pentaStats(penta [5]int) (mean, variance float64, n int) {
	for i, c := range penta {
		n += c
		mean += float64(c) * float64(i) / 4
	}
	if n == 0 {
		return 0, 0, 0
	}
	mean /= float64(n)
	for i, c := range penta {
		d := float64(i)/4 - mean
		variance += float64(c) * d * d
	}
	variance /= float64(n)
	return mean, variance, n
}

// PentaElo returns the Elo difference and its 95% interval from pair
// counts (normal approximation on the pair scores).
func PentaElo(penta [5]int) (elo, lo, hi float64, ok bool) {
	mean, variance, n := pentaStats(penta)
	if n == 0 {
		return 0, 0, 0, false
	}
	half := 1.959964 * math.Sqrt(variance/float64(n))
	return EloOf(mean), EloOf(mean - half), EloOf(mean + half), true
}

// SPRT is a sequential probability ratio test on pair scores, fishtest's
// pentanomial GSPRT: H0 elo = Elo0 against H1 elo = Elo1.
type SPRT struct {
	Elo0, Elo1, Alpha, Beta float64
}

// Bounds returns the log-likelihood ratio's lower and upper bounds.
func (t *SPRT) Bounds() (lo, hi float64) {
	return math.Log(t.Beta / (1 - t.Alpha)), math.Log((1 - t.Beta) / t.Alpha)
}

// LLR returns the log-likelihood ratio of the counts:
// N (s1 − s0)(2μ − s0 − s1) / 2σ² over pair scores.
func (t *SPRT) LLR(penta [5]int) float64 {
	mean, variance, n := pentaStats(penta)
	if n == 0 {
		return 0
	}
	variance = max(variance, 1e-3) // a few identical pairs say little
	s0, s1 := ScoreOf(t.Elo0), ScoreOf(t.Elo1)
	return float64(n) * (s1 - s0) * (2*mean - s0 - s1) / (2 * variance)
}

// Verdict returns "H1 accepted …", "H0 accepted …" or "" (go on).
func (t *SPRT) Verdict(penta [5]int) string {
	l := t.LLR(penta)
	lo, hi := t.Bounds()
	switch {
	case l >= hi:
		return "H1 accepted (p1 is stronger by elo1)"
	case l <= lo:
		return "H0 accepted (p1 is not stronger by elo1)"
	}
	return ""
}

// plural is n and the noun in the form n takes ("1 game", "2 games").
func plural(n int, one, other string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, other)
}
