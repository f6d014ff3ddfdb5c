// Package tournament runs the logic of taflbot's tournaments: who plays
// whom in each round, with which side, and who stands where. It knows
// nothing of Discord, storage or the rules of tafl: players are ids and
// results are wins, draws and losses. It uses the standard library only.
//
// # Formats
//
// A [RoundRobin] tournament plays everyone against everyone, by the
// Berger tables (the circle method; each player's sides alternate as far
// as possible). With an odd number of players one sits out each round.
// [Tournament].Double plays every pairing twice, once with each side: the
// second half of the schedule is the first with the sides swapped.
//
// A [Swiss] tournament plays a set number of rounds. Before each round
// players are ordered by points, then by seed (their rating when the
// tournament started), and paired by [PairSwiss] under the standard
// rules: nobody meets the same opponent twice (in a double Swiss, twice
// at most, once per side), players with equal points meet where possible,
// in the Dutch way (the top half of a score group against its bottom
// half), every player's attacker and defender games stay within two of
// each other, and with an odd number one player gets a bye: one with the
// fewest byes (nobody has a second before everyone has had one), chosen
// so that the rounds still to come can be paired the same way (a
// look-ahead; see [PairSwiss]). A bye scores a full point. A repeat game
// is played only when every fair bye needs one and a second bye would
// not; when no pairing without a repeat exists the tournament ends early.
//
// # Tie-breaks
//
// Points first (win 1, draw ½, loss 0; a bye or a forfeit win 1). Then,
// in a round robin, the Sonneborn–Berger score (the points of every
// opponent beaten plus half the points of every opponent drawn), then the
// number of wins. In a Swiss, the Buchholz score (the sum of the
// opponents' points; a bye adds nothing), then Sonneborn–Berger, then
// wins. Forfeits count like games played. Players still tied share the
// rank and are listed by seed.
//
// # Withdrawals
//
// A player who withdraws ([Tournament.Withdraw]) plays no more games.
// The caller ends their game in progress (by resignation, so it counts as
// a loss). In a round robin their remaining games are forfeits won by the
// opponent; in a Swiss they are no longer paired. Their results so far
// stand, and they stay in the standings marked as withdrawn.
package tournament
