package storage

import (
	"math"
	"time"
)

// Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2013). Each
// finished rated game is its own rating period with one result for each
// player, computed from both players' ratings before the game. A player
// who does not play is uncertain again by and by: for each whole
// RatingPeriod without a game the deviation grows as in a rating period
// without games (see Rating.Aged).

// Rating is a Glicko-2 rating on the familiar Glicko scale.
type Rating struct {
	Rating     float64 `json:"r"`     // Rating is the strength estimate (new players: 1500).
	Deviation  float64 `json:"rd"`    // Deviation is the uncertainty (RD; new players: 350).
	Volatility float64 `json:"sigma"` // Volatility is the expected fluctuation (σ; new players: 0.06).
	// At is when the rating was last updated (zero: before taflbot
	// kept it, or never); Aged counts the idle rating periods from it.
	At time.Time `json:"at,omitzero"`
}

// RatingPeriod is the length of a rating period for idleness: for each
// whole period since a rating was last updated, its deviation grows as
// after a Glicko-2 rating period without games. Four days (lichess uses
// 4.67) make a regular player's deviation of about 60 provisional again
// after some ten months without a rated game.
const RatingPeriod = 4 * 24 * time.Hour

// Aged returns r as it stands at now: for each whole RatingPeriod from
// r.At (or from since, when r.At is zero) to now, φ² grows by σ² (step 6
// of Glickman's paper, φ* = sqrt(φ² + σ²), for a period in which the
// player did not compete), capped at a new player's deviation of 350.
// The rating and the volatility do not change; a zero since and r.At, or
// a now before them, leave r as it is.
func (r Rating) Aged(since, now time.Time) Rating {
	if !r.At.IsZero() {
		since = r.At
	}
	if since.IsZero() || !now.After(since) {
		return r
	}
	n := float64(now.Sub(since) / RatingPeriod)
	if n == 0 || r.Deviation >= DefaultRating.Deviation {
		return r
	}
	phi := r.Deviation / glickoScale
	r.Deviation = math.Min(math.Sqrt(phi*phi+n*r.Volatility*r.Volatility)*glickoScale, DefaultRating.Deviation)
	return r
}

// ProvisionalDeviation is the deviation above which a rating is
// provisional: too uncertain to mean much yet (lichess uses the same
// threshold, 110, on the same scale). A new player (350) stays
// provisional for their first several games.
const ProvisionalDeviation = 110

// Provisional reports whether the rating is still provisional.
func (r Rating) Provisional() bool { return r.Deviation > ProvisionalDeviation }

// DefaultRating is a new player's rating.
var DefaultRating = Rating{Rating: 1500, Deviation: 350, Volatility: 0.06}

// Tau is the Glicko-2 system constant τ, which limits how fast the
// volatility changes.
const Tau = 0.5

const (
	glickoScale = 173.7178
	glickoEps   = 0.000001
	minRD       = 30 // a floor so that ratings of very active players keep moving
)

// Result is one game's outcome for the rated player: 1 win, 0.5 draw, 0 loss.
type Result struct {
	Opponent Rating
	Score    float64
}

// Update returns r after a rating period with the given results (step 1
// to 8 of Glickman's paper). With no results only the deviation grows.
func (r Rating) Update(results []Result) Rating {
	mu := (r.Rating - 1500) / glickoScale
	phi := r.Deviation / glickoScale
	sigma := r.Volatility
	if len(results) == 0 {
		return Rating{Rating: r.Rating, Deviation: math.Min(math.Sqrt(phi*phi+sigma*sigma)*glickoScale, DefaultRating.Deviation), Volatility: sigma}
	}
	var vInv, sum float64
	for _, res := range results {
		muj := (res.Opponent.Rating - 1500) / glickoScale
		phij := res.Opponent.Deviation / glickoScale
		g := 1 / math.Sqrt(1+3*phij*phij/(math.Pi*math.Pi))
		e := 1 / (1 + math.Exp(-g*(mu-muj)))
		vInv += g * g * e * (1 - e)
		sum += g * (res.Score - e)
	}
	v := 1 / vInv
	delta := v * sum

	// Step 5: the new volatility, by the Illinois algorithm.
	a := math.Log(sigma * sigma)
	f := func(x float64) float64 {
		ex := math.Exp(x)
		return ex*(delta*delta-phi*phi-v-ex)/(2*(phi*phi+v+ex)*(phi*phi+v+ex)) - (x-a)/(Tau*Tau)
	}
	A := a
	var B float64
	if delta*delta > phi*phi+v {
		B = math.Log(delta*delta - phi*phi - v)
	} else {
		k := 1.0
		for f(a-k*Tau) < 0 {
			k++
		}
		B = a - k*Tau
	}
	fA, fB := f(A), f(B)
	for i := 0; math.Abs(B-A) > glickoEps && i < 200; i++ {
		C := A + (A-B)*fA/(fB-fA)
		fC := f(C)
		if fC*fB <= 0 {
			A, fA = B, fB
		} else {
			fA /= 2
		}
		B, fB = C, fC
	}
	newSigma := math.Exp(A / 2)

	phiStar := math.Sqrt(phi*phi + newSigma*newSigma)
	newPhi := 1 / math.Sqrt(1/(phiStar*phiStar)+1/v)
	newMu := mu + newPhi*newPhi*sum
	return Rating{
		Rating:     newMu*glickoScale + 1500,
		Deviation:  math.Max(newPhi*glickoScale, minRD),
		Volatility: newSigma,
	}
}
