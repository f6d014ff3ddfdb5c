package analysis

import (
	"errors"
	"fmt"
	"math"
)

// Point is one observation for a fit: an engine score X (attackers' point
// of view) and the result Y of the game it was seen in, from 0 (the
// defenders won) to 1 (the attackers won); ½ is a draw.
type Point struct{ X, Y float64 }

// Logistic is the curve y = 1 / (1 + exp(−(x − Even) / Scale)): the
// attackers' expected result at score x. Even is the score of even
// chances, Scale the score points per logit (how much score doubles the
// odds, times ln 2). In JSON (a review's curve) the keys are even and
// scale; reports stored with Even and Scale read the same.
type Logistic struct {
	Even  float64 `json:"even"`
	Scale float64 `json:"scale"`
}

// At returns the curve's value at x.
func (l Logistic) At(x float64) float64 { return 1 / (1 + math.Exp(-(x-l.Even)/l.Scale)) }

// MaxScale is the flattest curve FitLogistic accepts, in score points per
// logit (ten attackers: beyond that the score says little about the
// result, and where the curve crosses 50 % is a guess).
const MaxScale = 1000

// FitLogistic fits a logistic curve to pts by maximum likelihood (Newton's
// method on the intercept and slope; the results may be fractions, such
// as ½ for a draw). It refuses data the curve cannot describe (too few
// points, scores that do not predict the results, a fit that does not
// converge), each with an error that says what to do.
func FitLogistic(pts []Point) (Logistic, error) {
	if len(pts) < 2 {
		return Logistic{}, errors.New("too few positions to fit: play more games")
	}
	var a, b float64 // y ≈ σ(a + b·x/100)
	for range 100 {
		var g0, g1, h00, h01, h11 float64
		for _, p := range pts {
			x := p.X / 100
			q := 1 / (1 + math.Exp(-(a + b*x)))
			r := p.Y - q
			w := q * (1 - q)
			g0 += r
			g1 += r * x
			h00 += w
			h01 += w * x
			h11 += w * x * x
		}
		det := h00*h11 - h01*h01
		if det <= 0 || math.IsNaN(det) {
			break
		}
		da := (h11*g0 - h01*g1) / det
		db := (h00*g1 - h01*g0) / det
		a += da
		b += db
		if math.Abs(da) < 1e-9 && math.Abs(db) < 1e-9 {
			if b <= 0 {
				return Logistic{}, errors.New("the scores do not predict the results (the fitted slope is not positive): play more games, or games between equal players")
			}
			return Logistic{Even: -100 * a / b, Scale: 100 / b}, nil
		}
	}
	return Logistic{}, errors.New("the fit does not converge (do both sides win some of the games?): play more games, or games between equal players")
}

// Usable returns an error when the curve is flatter than MaxScale, so that
// its even point means little.
func (l Logistic) Usable() error {
	if l.Scale > MaxScale {
		return fmt.Errorf("the scores hardly predict the results (a logit every %.0f, more than %d), so the even point (%+.0f) would be a guess: play the games at a larger budget",
			l.Scale, MaxScale, l.Even)
	}
	return nil
}

// FitEven fits only the even point of a logistic curve to pts by maximum
// likelihood, the scale held at scale: the fallback where the full fit is
// refused (a side won too few games, or the scores hardly predict the
// results) but the mean result still places the curve. The likelihood's
// equation for the even point says the curve's values at the scores add up
// to the results observed; their sum falls as the even point rises, so it
// has one root, found by bisection. It refuses a scale that is not
// positive or flatter than MaxScale, too few positions, and results all
// alike (a side won every game: no even point fits them), each with an
// error that says what to do.
func FitEven(pts []Point, scale float64) (Logistic, error) {
	if !(scale > 0 && scale <= MaxScale) {
		return Logistic{}, fmt.Errorf("the scale must be above 0 and at most %d points a logit (the default curve's is 300)", MaxScale)
	}
	if len(pts) < 2 {
		return Logistic{}, errors.New("too few positions to fit: play more games")
	}
	var sumY, lo, hi float64
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, p := range pts {
		sumY += p.Y
		lo, hi = math.Min(lo, p.X), math.Max(hi, p.X)
	}
	if sumY <= 0 || sumY >= float64(len(pts)) {
		return Logistic{}, errors.New("one side won every game, so no even point fits the results: play more games")
	}
	// excess is the curve's sum less the results': positive when the even
	// point is too low. Beyond the scores by 40 scales it has its sign.
	excess := func(even float64) float64 {
		s := 0.0
		for _, p := range pts {
			s += 1 / (1 + math.Exp(-(p.X-even)/scale))
		}
		return s - sumY
	}
	lo, hi = lo-40*scale, hi+40*scale
	for range 200 {
		mid := (lo + hi) / 2
		if excess(mid) > 0 {
			lo = mid
		} else {
			hi = mid
		}
		if hi-lo < 1e-9 {
			break
		}
	}
	return Logistic{Even: (lo + hi) / 2, Scale: scale}, nil
}
