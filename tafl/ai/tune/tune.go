// Package tune fits the weights of the engine's fitted evaluation
// families (see ai.Tunable) to game results: every quiet position of
// every game is a sample whose features (ai.Features) should predict the
// game's result through a logistic curve of the evaluation. The fit is
// the maximum-likelihood one, shrunk toward the current weights (ridge
// regression on the logit scale), in the manner of Texel tuning.
package tune

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"

	"github.com/taflbot/taflbot/tafl"
	"github.com/taflbot/taflbot/tafl/ai"
)

// Sample is one position: its features and the result of its game for
// the attackers (1 win, ½ draw, 0 loss).
type Sample struct {
	X []float64
	Y float64
}

// Samples replays game g from its start and returns its quiet positions
// as samples with result y, leaving out the first skip plies (the
// openings, much alike) and positions where either side could win with
// its next move (the evaluation does not try to score those; the search
// settles them). It stops early at the end of g's moves or of the game.
func Samples(g *tafl.Game, y float64, skip int) ([]Sample, error) {
	return SamplesOf(g, y, skip, ai.Features)
}

// SamplesOf is Samples with the features given by features, such as
// ai.AttackerFeatures for the attackers' own evaluation.
func SamplesOf(g *tafl.Game, y float64, skip int, features func(tafl.Position) ([]float64, error)) ([]Sample, error) {
	var out []Sample
	h := tafl.NewGameFrom(g.Start())
	for i, ply := range g.Plies() {
		p := h.Position()
		if i >= skip && quiet(&p) {
			x, err := features(p)
			if err != nil {
				return nil, err
			}
			out = append(out, Sample{X: x, Y: y})
		}
		if _, err := h.Play(ply.Move); err != nil {
			return nil, fmt.Errorf("move %d (%s): %w", i+1, ply.Move, err)
		}
		if h.Outcome().Over() {
			break
		}
	}
	return out, nil
}

// quiet reports whether neither side could win with one move in p.
func quiet(p *tafl.Position) bool {
	if p.Outcome().Over() || p.KingOpenLines() > 0 {
		return false
	}
	return !p.KingCapturable()
}

// CorpusGame is a game read from a corpus: its moves from the variant's
// start and its result for the attackers (1, ½ or 0).
type CorpusGame struct {
	Game   *tafl.Game
	Result float64
	Line   int // Line is the game's line in the file, from 1.
}

// Corpus is what ReadCorpus read.
type Corpus struct {
	Games   []CorpusGame
	Skipped int         // Skipped counts the lines skipped: header, blank, unfinished (Ongoing).
	Cuts    []CorpusCut // Cuts are the games cut short or left out, in the file's order.
}

// CorpusCut is a corpus game not played to its last recorded move: a
// move v's rules do not allow, or moves after the game already ended by
// a rule (such as repetition) sooner than recorded.
type CorpusCut struct {
	Line  int    // Line is the game's line in the file, from 1.
	Move  int    // Move is the first recorded move left out, from 1.
	Text  string // Text is that move as recorded.
	Moves int    // Moves is how many moves the line records.
	Why   string // Why it was left out: the rules' refusal, or how the game had ended.
}

// Kept reports whether the game was kept (up to the move before Move).
func (c CorpusCut) Kept() bool { return c.Move > 1 }

func (c CorpusCut) String() string {
	kept := fmt.Sprintf("the game is kept up to move %d, with its recorded result", c.Move-1)
	if !c.Kept() {
		kept = "no move is left, the game is left out"
	}
	return fmt.Sprintf("line %d: move %d of %d, %s, %s: %s", c.Line, c.Move, c.Moves, c.Text, c.Why, kept)
}

// ReadCorpus reads games in the format of the Copenhagen corpus: one game
// a line, "moves,attacker_captures,defender_captures,status", moves
// space-separated from the start of v (such as g3-e3xe2), status Black
// (the attackers won), White (the defenders won), Draw or Ongoing.
// Unfinished games are skipped; a game is kept up to its first move
// that v's rules do not allow (or after which its game is over, when a
// rule such as repetition ends it sooner), with the recorded result, and
// listed among the cuts (left out when its first move is refused). A
// final "timeout" token (a loss on time) ends the game as recorded.
func ReadCorpus(r io.Reader, v *tafl.Variant) (*Corpus, error) {
	c := &Corpus{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1<<22)
	line := 0
	for sc.Scan() {
		line++
		f := strings.Split(strings.TrimSpace(sc.Text()), ",")
		if len(f) != 4 {
			if line == 1 || len(f) == 1 && f[0] == "" {
				c.Skipped++
				continue // a header or a blank line
			}
			columns := "columns"
			if len(f) == 1 {
				columns = "column"
			}
			return nil, fmt.Errorf("line %d: %d %s, want 4 (moves,attacker_captures,defender_captures,status)", line, len(f), columns)
		}
		var y float64
		switch f[3] {
		case "Black":
			y = 1
		case "White":
			y = 0
		case "Draw":
			y = 0.5
		case "Ongoing", "status":
			c.Skipped++
			continue
		default:
			return nil, fmt.Errorf("line %d: status %q: want Black, White, Draw or Ongoing", line, f[3])
		}
		moves := strings.Fields(f[0])
		if len(moves) == 0 {
			return nil, fmt.Errorf("line %d: no moves, status %s: want the game's moves in the first column", line, f[3])
		}
		g := tafl.NewGame(v)
		for i, m := range moves {
			if m == "timeout" && i == len(moves)-1 {
				break // the side to move lost on time
			}
			m = onceEach(m)
			why := ""
			if g.Outcome().Over() {
				why = "after the game ended (" + g.OutcomeText() + ")"
			} else if _, err := g.PlayText(m); err != nil {
				why = "refused (" + tafl.Refusal(err) + ")"
			}
			if why != "" {
				c.Cuts = append(c.Cuts, CorpusCut{Line: line, Move: i + 1, Text: m, Moves: len(moves), Why: why})
				break
			}
		}
		if len(g.Plies()) == 0 {
			continue // its first move refused: among the cuts
		}
		c.Games = append(c.Games, CorpusGame{Game: g, Result: y, Line: line})
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	return c, nil
}

// onceEach returns a corpus move with each capture listed once: the
// recording program sometimes lists one twice (g9-k9xk10xk10, a piece
// taken both custodially and in a shieldwall, it seems), which taflbot's
// notation refuses as a capture the move does not make.
func onceEach(move string) string {
	mv, caps, ok := strings.Cut(move, "x")
	if !ok {
		return move
	}
	var seen []string
	for _, c := range strings.Split(caps, "x") {
		if !slices.Contains(seen, c) {
			seen = append(seen, c)
		}
	}
	return mv + "x" + strings.Join(seen, "x")
}

// Fit is the result of a fit.
type Fit struct {
	W       []float64 // the weights, in the evaluation's units (hundredths of an attacker)
	Balance float64   // the evaluation at which the attackers' chances are even
	Scale   float64   // logits per unit of evaluation (of the prior weights' curve, kept)
	// Mean log-loss per sample of the prior weights (with their own
	// best scale and intercept) and of the fitted ones.
	LossBefore, LossAfter float64
	Iterations            int
}

// FitWeights fits weights to the samples. prior are the current weights
// and balance the current balance: their evaluation's logistic curve
// (scale and intercept fitted first) sets the scale, and the fit is
// pulled toward them with strength l2 (per sample, on the logit scale).
// With a mask (nil: every weight), only the weights marked true are
// fitted; the others keep their prior values.
func FitWeights(samples []Sample, prior []float64, balance, l2 float64, mask []bool) (Fit, error) {
	n := len(prior)
	if mask != nil && len(mask) != n {
		return Fit{}, fmt.Errorf("tune: a mask of %d for %d weights", len(mask), n)
	}
	free := func(j int) bool { return mask == nil || mask[j] }
	if len(samples) == 0 {
		return Fit{}, errors.New("tune: no samples")
	}
	for _, s := range samples {
		if len(s.X) != n {
			return Fit{}, fmt.Errorf("tune: a sample with %d features, weights for %d", len(s.X), n)
		}
	}
	// The prior's curve: y ~ σ(k·(E - c)), E = prior·x - balance.
	e := make([]Sample, len(samples))
	for i, s := range samples {
		v := -balance
		for j, w := range prior {
			v += w * s.X[j]
		}
		e[i] = Sample{X: []float64{v, 1}, Y: s.Y}
	}
	b1, loss1, _, err := logistic(e, []float64{0.001, 0}, nil, nil)
	if err != nil {
		return Fit{}, err
	}
	k := b1[0]
	if !(k > 0) {
		return Fit{}, fmt.Errorf("tune: the current evaluation does not predict the results (%.3g logits a point): nothing to scale the fit by", k)
	}
	// The full fit on the logit scale, from and toward the prior: the
	// free weights, then a fixed offset (the other weights' part, its
	// coefficient held at 1 by a strong pull), then the intercept.
	var idx []int
	for j := range n {
		if free(j) {
			idx = append(idx, j)
		}
	}
	m := len(idx)
	x := make([]Sample, len(samples))
	for i, s := range samples {
		row := make([]float64, 0, m+2)
		off := 0.0
		for j := range n {
			if free(j) {
				row = append(row, s.X[j])
			} else {
				off += k * prior[j] * s.X[j]
			}
		}
		x[i] = Sample{X: append(row, off, 1), Y: s.Y}
	}
	start := make([]float64, m+2)
	for i, j := range idx {
		start[i] = k * prior[j]
	}
	start[m], start[m+1] = 1, b1[1]
	center := append([]float64(nil), start...)
	pull := make([]float64, m+1)
	for i := range m {
		pull[i] = l2
	}
	pull[m] = 1e6 // the offset's coefficient stays 1
	beta, loss2, it, err := logistic(x, start, center, pull)
	if err != nil {
		return Fit{}, err
	}
	f := Fit{W: append([]float64(nil), prior...), Scale: k, LossBefore: loss1, LossAfter: loss2, Iterations: it}
	for i, j := range idx {
		f.W[j] = beta[i] / k
	}
	f.Balance = -beta[m+1] / k
	return f, nil
}

// logistic maximises Σ y log p + (1-y) log(1-p), p = σ(β·x), minus
// N·Σ l2_j (β_j - center_j)² over the coefficients but the last (center
// nil: no penalty), by Newton's method from start. It returns β, the
// mean log-loss and the number of iterations.
func logistic(samples []Sample, start, center, l2 []float64) ([]float64, float64, int, error) {
	n := len(start)
	beta := append([]float64(nil), start...)
	N := float64(len(samples))
	// objective is the penalised mean log-loss at b.
	objective := func(b []float64) float64 {
		loss := 0.0
		for _, s := range samples {
			z := 0.0
			for j, xj := range s.X {
				z += b[j] * xj
			}
			loss += logLoss(1/(1+math.Exp(-z)), s.Y)
		}
		if center != nil {
			for j := range n - 1 {
				loss += l2[j] * N * (b[j] - center[j]) * (b[j] - center[j])
			}
		}
		return loss / N
	}
	h := make([][]float64, n)
	for i := range h {
		h[i] = make([]float64, n)
	}
	g := make([]float64, n)
	cur := objective(beta)
	trial := make([]float64, n)
	for it := 1; it <= 100; it++ {
		for i := range h {
			clear(h[i])
		}
		clear(g)
		for _, s := range samples {
			z := 0.0
			for j, xj := range s.X {
				z += beta[j] * xj
			}
			p := 1 / (1 + math.Exp(-z))
			d := p - s.Y
			wgt := max(p*(1-p), 1e-9)
			for j, xj := range s.X {
				if xj == 0 {
					continue
				}
				g[j] += d * xj
				row := h[j]
				for l, xl := range s.X[:j+1] {
					row[l] += wgt * xj * xl
				}
			}
		}
		for j := range n {
			for l := range j {
				h[l][j] = h[j][l]
			}
		}
		if center != nil {
			for j := range n - 1 {
				g[j] += 2 * l2[j] * N * (beta[j] - center[j])
				h[j][j] += 2 * l2[j] * N
			}
		}
		for j := range n {
			h[j][j] += 1e-9 * N // keeps features that never occur from making the system singular
		}
		step, err := solve(h, g)
		if err != nil {
			return nil, 0, it, err
		}
		// Newton's step, halved until the objective goes down (a full
		// step can overshoot far from the optimum).
		t := 1.0
		next := cur
		for range 40 {
			for j := range n {
				trial[j] = beta[j] - t*step[j]
			}
			if next = objective(trial); next <= cur {
				break
			}
			t /= 2
		}
		if next > cur {
			return beta, cur, it, nil // no step helps: at the optimum, to rounding
		}
		copy(beta, trial)
		done := cur-next < 1e-10
		cur = next
		if done {
			return beta, cur, it, nil
		}
	}
	return beta, cur, 100, nil
}

func logLoss(p, y float64) float64 {
	p = min(max(p, 1e-12), 1-1e-12)
	return -(y*math.Log(p) + (1-y)*math.Log(1-p))
}

// solve returns x with a·x = b for a symmetric positive definite a
// (Cholesky); a and b are not changed.
func solve(a [][]float64, b []float64) ([]float64, error) {
	n := len(b)
	l := make([][]float64, n)
	for i := range l {
		l[i] = make([]float64, n)
	}
	for i := range n {
		for j := 0; j <= i; j++ {
			s := a[i][j]
			for k := range j {
				s -= l[i][k] * l[j][k]
			}
			if i == j {
				if s <= 0 {
					return nil, errors.New("tune: the system is not positive definite (a feature that never varies?)")
				}
				l[i][i] = math.Sqrt(s)
			} else {
				l[i][j] = s / l[j][j]
			}
		}
	}
	y := make([]float64, n)
	for i := range n {
		s := b[i]
		for k := range i {
			s -= l[i][k] * y[k]
		}
		y[i] = s / l[i][i]
	}
	x := make([]float64, n)
	for i := n - 1; i >= 0; i-- {
		s := y[i]
		for k := i + 1; k < n; k++ {
			s -= l[k][i] * x[k]
		}
		x[i] = s / l[i][i]
	}
	return x, nil
}
