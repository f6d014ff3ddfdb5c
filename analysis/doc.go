// Package analysis reviews finished games with the engine: how each side's
// chance of winning went move by move, which moves were the turning
// points, and what the engine would have played instead.
//
// # Reviewing a game
//
// [Positions] lists the positions of a game; [Evaluate] searches one with
// a fixed node budget ([DefaultNodes]); [Review] turns the evaluations into
// a [Report]. [Analyse] does all three in turn. The bot evaluates the
// positions one at a time through its engine queue instead, so that a
// review never holds up the engine's moves in games being played.
//
// # From score to chance
//
// The engine's score is turned into the defenders' win chance with a
// logistic curve per variant ([CurveFor]), fitted by maximum likelihood
// ([FitLogistic]) to the results of the engine's games against itself:
// the chance that the attackers win at score s is 1/(1+exp(−(s−Even)/Scale)).
// A forced win is certain, a draw counts as half a win. A variant with
// no curve checked against its games (Report.Fitted false) is scored on
// a default curve to class its moves, but shows no chance: its review
// and hint give the engine's judgement in words ([Standing]) instead.
//
// # Judging moves
//
// A move's drop is the mover's chance after the engine's best move less
// the chance after the move played (searched as the next position). It is
// an inaccuracy from 10 percentage points, a mistake from 20, a blunder
// from 30 ([Classify]). The turning points are the 3 to 5 moves with the
// largest drops.
package analysis
