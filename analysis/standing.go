package analysis

import (
	"fmt"
	"math"

	"github.com/taflbot/taflbot/tafl"
)

// Standing is the engine's judgement of a position in words. A review or
// a hint shows it instead of a win chance where no curve has been checked
// against the variant's games (CurveFor's fitted false, Report.Fitted
// false): the default curve's percentages there are guesses that missed
// the measured results by 20 to 66 points (docs/ANALYSIS.md), while "the
// attackers stand better" claims only what the engine's score says.
type Standing int8

// The standings, from the attackers' best to the defenders' best.
const (
	AttackersWin        Standing = -3 // AttackersWin: a forced win, or a score beyond any chance of the defenders'.
	AttackersMuchBetter Standing = -2 // AttackersMuchBetter: a score of MuchBetterScore or more.
	AttackersBetter     Standing = -1 // AttackersBetter: a score of EvenScore or more.
	AboutEven           Standing = 0  // AboutEven: a score within EvenScore of 0.
	DefendersBetter     Standing = 1
	DefendersMuchBetter Standing = 2
	DefendersWin        Standing = 3
)

// The bands of the standings, in hundredths of an attacker from a score of
// 0 (the engine's own even point): within EvenScore the game is about
// even; from MuchBetterScore a side stands much better. On the default
// curve (even at 0, 300 points a logit) they are 30 % and 3.5 % for the
// side behind, but no chance is claimed.
const (
	EvenScore       = 250
	MuchBetterScore = 1000
)

// NoChanceNote says, in English, why a review shows no win chance and how
// it judges instead (the text file's header; the bot has it in the
// reader's language).
const NoChanceNote = "No win chance is shown for this variant: no curve from the engine's score to a chance has been checked against its games yet.\n" +
	"Each position gets the engine's judgement in words and its score in attackers (+ favours the attackers; about even within 2.5, much better from 10).\n" +
	"A move is an inaccuracy, a mistake, a blunder by how far the engine's score fell: as far as 10, 20, 30 points of chance on the default curve (even at 0, 300 points a logit)."

// StandingOf returns the engine's judgement of an evaluation: a forced
// win (or a game won by the rules) is a win, a drawn game even, otherwise
// the score's band.
func StandingOf(e Eval) Standing {
	switch {
	case e.Winner == tafl.Attackers:
		return AttackersWin
	case e.Winner == tafl.Defenders:
		return DefendersWin
	case e.Draw:
		return AboutEven
	}
	return standingOfScore(float64(e.Score))
}

// Standing returns the engine's judgement of position i of the review
// (0 the start), from the defenders' chance the report holds for it: a
// chance of 0 or 1 (a forced win, or a score so large the curve reaches
// certainty) is a win, any other is turned back into its score by the
// report's curve.
func (r *Report) Standing(i int) Standing {
	s, won := r.ScoreAt(i)
	switch {
	case won && r.Chances[i] <= 0:
		return AttackersWin
	case won:
		return DefendersWin
	}
	return standingOfScore(float64(s))
}

// ScoreAt returns the engine's score of position i of the review (0 the
// start; attackers' view, in hundredths of an attacker), turned back from
// the defenders' chance the report holds by its curve. won is true where
// that chance is 0 or 1 (a forced win, a game won by the rules, or a
// score the curve takes to certainty): there the score is 0 and means
// nothing.
func (r *Report) ScoreAt(i int) (score int, won bool) {
	p := r.Chances[i]
	if p <= 0 || p >= 1 {
		return 0, true
	}
	c := r.Curve
	if c.Scale <= 0 {
		c = defaultCurve
	}
	return int(math.Round(c.Even + c.Scale*math.Log((1-p)/p))), false
}

// Judged says position i of the review in English as a review without
// win chances shows it: the engine's judgement and, unless a side wins,
// its score in attackers ("the attackers stand better (+2.9)").
func (r *Report) Judged(i int) string {
	s, won := r.ScoreAt(i)
	if won {
		return r.Standing(i).String()
	}
	return fmt.Sprintf("%s (%+.1f)", r.Standing(i), InAttackers(s))
}

// InAttackers returns a score in attackers, rounded to tenths as a review
// shows it ("+2.9"), never −0.
func InAttackers(score int) float64 {
	v := math.Round(float64(score)/10) / 10
	if v == 0 {
		return 0
	}
	return v
}

// standingOfScore is the band of a score (attackers' view).
func standingOfScore(s float64) Standing {
	switch {
	case s >= MuchBetterScore:
		return AttackersMuchBetter
	case s >= EvenScore:
		return AttackersBetter
	case s <= -MuchBetterScore:
		return DefendersMuchBetter
	case s <= -EvenScore:
		return DefendersBetter
	}
	return AboutEven
}

// For returns the standing from one side's point of view: 3 the side
// wins, 2 it stands much better, … −3 it loses (the hint's "you stand
// better").
func (s Standing) For(defenders bool) int {
	if defenders {
		return int(s)
	}
	return -int(s)
}

// String says the standing in English, such as "the attackers stand
// better" or "about even".
func (s Standing) String() string {
	switch s {
	case AttackersWin:
		return "the attackers win"
	case AttackersMuchBetter:
		return "the attackers stand much better"
	case AttackersBetter:
		return "the attackers stand better"
	case DefendersBetter:
		return "the defenders stand better"
	case DefendersMuchBetter:
		return "the defenders stand much better"
	case DefendersWin:
		return "the defenders win"
	}
	return "about even"
}
