package tournament

import (
	"errors"
	"slices"
)

// Side is the side a player had in a game.
type Side uint8

// The sides. The zero value is none.
const (
	NoSide    Side = iota // NoSide: no side (no game).
	Attackers             // Attackers move first and hunt the king.
	Defenders             // Defenders have the king.
)

// Other returns the opposite side.
func (s Side) Other() Side {
	switch s {
	case Attackers:
		return Defenders
	case Defenders:
		return Attackers
	}
	return NoSide
}

// Meeting is one earlier game of a player: whom they met, with which side.
type Meeting struct {
	Opponent string
	Side     Side
}

// SwissPlayer is a player as the Swiss pairing sees them.
type SwissPlayer struct {
	ID      string
	Seed    int       // Seed orders players with equal points (lower first).
	Points  float64   // Points so far (byes and forfeit wins included).
	History []Meeting // History lists the games played, oldest first (forfeits excluded).
	Byes    int       // Byes counts the byes the player had.
}

// sideDiff returns attackers games minus defenders games.
func (p *SwissPlayer) sideDiff() int {
	d := 0
	for _, m := range p.History {
		switch m.Side {
		case Attackers:
			d++
		case Defenders:
			d--
		}
	}
	return d
}

// preference returns the side the player should get next and how
// strongly: 2 when their sides are unbalanced, 1 when balanced (the
// opposite of their last game), 0 with no games.
func (p *SwissPlayer) preference() (Side, int) {
	switch d := p.sideDiff(); {
	case d > 0:
		return Defenders, 2
	case d < 0:
		return Attackers, 2
	case len(p.History) > 0:
		return p.History[len(p.History)-1].Side.Other(), 1
	}
	return NoSide, 0
}

// ErrNoPairing means that no pairing without a repeat exists (or none
// was found within the search limit).
var ErrNoPairing = errors.New("tournament: no pairing without a repeat game is possible")

// maxSearch bounds the pairing search (nodes visited).
const maxSearch = 2_000_000

// PairSwiss pairs one Swiss round. players must be ranked: by points,
// then seed; later is the number of rounds still to come after this one.
// It returns the games (board 1 first, no Round set) and the player with
// the bye ("" when the number is even). The rules, in order of priority:
// no pairing repeats (with double, a pair may meet a second time with the
// sides swapped, but a new opponent is preferred); no player's attacker
// and defender games differ by more than two; players meet opponents with
// as close a score as possible; within a score group the top half meets
// the bottom half (the Dutch system); each gets the side they are due
// (the one they had less, else the opposite of their last; the higher
// ranked wins a conflict), trying the bottom half in another order before
// giving up a side; otherwise the bottom half is met in order.
//
// The bye goes to a player with the fewest byes so far (nobody gets a
// second bye while another player has had none): the lowest-ranked of
// them without whom the others can be paired without a repeat, and with
// whom the later rounds can still be paired the same way (a look-ahead
// over the games left, within a search limit; a round-by-round choice can
// leave a later round where only a player who already had a bye can sit
// out). As in the FIDE rules, this comes before scores: the bye may go to
// a higher-ranked player. When every such pairing needs a repeat but one
// without a repeat exists with a second bye, the repeat is played (as few
// as possible, the sides swapped from the first meeting) rather than the
// second bye. When no pairing without a repeat exists at all, PairSwiss
// returns ErrNoPairing.
func PairSwiss(players []SwissPlayer, double bool, later int) ([]Game, string, error) {
	if len(players) < 2 {
		return nil, "", ErrTooFew
	}
	ps := &pairer{players: players, double: double}
	if len(players)%2 == 0 {
		if games, ok := ps.pairAll(nil); ok {
			return games, "", nil
		}
		return nil, "", ErrNoPairing
	}
	// The bye: among the players with the fewest byes, lowest ranked first.
	fewest := players[0].Byes
	for _, p := range players {
		fewest = min(fewest, p.Byes)
	}
	var fair, others []int
	for i := len(players) - 1; i >= 0; i-- {
		if players[i].Byes == fewest {
			fair = append(fair, i)
		} else {
			others = append(others, i)
		}
	}
	ps.ahead = newAhead(players, double)
	for rounds := ps.ahead.reach(later); rounds >= 0; rounds-- {
		ps.later = rounds
		for _, b := range fair {
			ps.nodes = 0
			if games, ok := ps.pairAll(map[int]bool{b: true}); ok {
				return games, players[b].ID, nil
			}
		}
	}
	ps.later = 0
	// Without a repeat only a second bye is left, if anything.
	var second []Game
	var secondBye string
	for _, b := range others {
		ps.nodes = 0
		if games, ok := ps.pairAll(map[int]bool{b: true}); ok {
			second, secondBye = games, players[b].ID
			break
		}
	}
	if second == nil {
		return nil, "", ErrNoPairing
	}
	spent := 0 // the fewest repeats first, all of them within one search limit
	for ps.repeats = 1; ps.repeats <= len(players)/2 && spent < maxSearch; ps.repeats++ {
		for _, b := range fair {
			ps.nodes = spent
			games, ok := ps.pairAll(map[int]bool{b: true})
			if ok {
				return games, players[b].ID, nil
			}
			spent = ps.nodes
		}
	}
	return second, secondBye, nil // the sides' balance allows nothing else
}

type pairer struct {
	players []SwissPlayer
	double  bool
	nodes   int
	ahead   *ahead   // ahead checks the later rounds (odd numbers only)
	later   int      // later is the number of later rounds a pairing must leave possible
	repeats int      // repeats is the number of repeat games allowed (0 normally)
	used    int      // used counts the repeat games in the pairing so far
	allowed [][]bool // allowed[i][j]: i and j may meet without a repeat (see pairable)
}

// pairAll pairs every player not in skip.
func (ps *pairer) pairAll(skip map[int]bool) ([]Game, bool) {
	used := make([]bool, len(ps.players))
	for i := range skip {
		used[i] = true
	}
	var games []Game
	ok := ps.search(used, &games)
	return games, ok
}

// pairable reports whether the players not used can all be paired
// without a repeat and within the sides' balance (a perfect matching of
// the pairs candidates allows when no repeat is).
func (ps *pairer) pairable(used []bool) bool {
	n := len(ps.players)
	if ps.allowed == nil {
		ps.allowed = make([][]bool, n)
		for i := range n {
			ps.allowed[i] = make([]bool, n)
		}
		for i := range n {
			for j := i + 1; j < n; j++ {
				ok := ps.allowedPair(i, j)
				ps.allowed[i][j], ps.allowed[j][i] = ok, ok
			}
		}
	}
	var left []int
	for i, u := range used {
		if !u {
			left = append(left, i)
		}
	}
	adj := make([][]int, len(left))
	for a, i := range left {
		for b, j := range left {
			if ps.allowed[i][j] {
				adj[a] = append(adj[a], b)
			}
		}
	}
	return perfectMatching(adj)
}

// allowedPair reports whether i and j may meet without a repeat, one of
// the two sides keeping both within the balance (the sides of a second
// meeting in a double Swiss are the first's swapped), as candidates
// allows them.
func (ps *pairer) allowedPair(i, j int) bool {
	p, q := &ps.players[i], &ps.players[j]
	n, last := ps.met(i, j)
	switch {
	case n > 0 && (!ps.double || n >= 2):
		return false
	case n == 1:
		pGets := last.Other()
		return balanced(p, pGets) && balanced(q, pGets.Other())
	}
	return balanced(p, Attackers) && balanced(q, Defenders) || balanced(p, Defenders) && balanced(q, Attackers)
}

// met returns how often a and b met, and a's side the last time.
func (ps *pairer) met(a, b int) (int, Side) {
	n, side := 0, NoSide
	for _, m := range ps.players[a].History {
		if m.Opponent == ps.players[b].ID {
			n++
			side = m.Side
		}
	}
	return n, side
}

type candidate struct {
	j          int
	attackers  bool // the higher-ranked player gets the attackers
	rematch    int  // 1 for a second meeting (double only)
	repeat     int  // 1 for a meeting beyond the allowed ones (see pairer.repeats)
	scoreDiff  float64
	sideClash  int // 1 when someone does not get the side they are due
	sameHalf   int // 1 when the opponent is in the same half of the score group
	dutchDist  int
	rankInList int
}

// search pairs the highest-ranked unpaired player with each allowed
// opponent in order of preference, and the rest recursively. Unless
// repeats are allowed it goes deeper only while the players left can all
// be paired (pairable): the first pairing found is the one a full search
// in this order would find, without the search through every order of the
// players after a choice that left one of them without an opponent.
func (ps *pairer) search(used []bool, games *[]Game) bool {
	ps.nodes++
	if ps.nodes > maxSearch {
		return false
	}
	i := slices.Index(used, false)
	if i < 0 {
		return ps.later == 0 || ps.ahead.after(*games, ps.later)
	}
	if ps.repeats == 0 && !ps.pairable(used) {
		return false // whatever is chosen next, someone is left over
	}
	used[i] = true
	defer func() { used[i] = false }()
	board := len(*games)
	for _, c := range ps.candidates(i, used, board) {
		used[c.j] = true
		g := Game{Attackers: ps.players[i].ID, Defenders: ps.players[c.j].ID}
		if !c.attackers {
			g.Attackers, g.Defenders = g.Defenders, g.Attackers
		}
		*games = append(*games, g)
		ps.used += c.repeat
		if ps.search(used, games) {
			ps.used -= c.repeat
			return true
		}
		ps.used -= c.repeat
		*games = (*games)[:board]
		used[c.j] = false
	}
	return false
}

// candidates lists the allowed opponents of player i, best first.
func (ps *pairer) candidates(i int, used []bool, board int) []candidate {
	p := &ps.players[i]
	// i's score group among the unpaired (i is its first member).
	var group []int
	for j := i; j < len(ps.players); j++ {
		if (j == i || !used[j]) && ps.players[j].Points == p.Points {
			group = append(group, j)
		}
	}
	ideal := len(group) / 2
	var out []candidate
	for j := range ps.players {
		if used[j] {
			continue
		}
		q := &ps.players[j]
		n, last := ps.met(i, j)
		c := candidate{j: j, rankInList: j, scoreDiff: abs(p.Points - q.Points)}
		if n > 0 && (!ps.double || n >= 2) {
			if ps.used >= ps.repeats {
				continue
			}
			c.repeat = 1
		}
		pSide, pStrength := p.preference()
		qSide, qStrength := q.preference()
		switch {
		case c.repeat == 1:
			c.attackers = last == Defenders // a repeat forced by the bye: the sides swap
		case n == 1:
			c.rematch = 1
			c.attackers = last == Defenders // the sides swap for the second meeting
		case pSide != NoSide && pSide != qSide.Other() && qSide != NoSide && qStrength > pStrength:
			c.attackers = qSide == Defenders // both want the same side: the stronger claim wins
		case pSide != NoSide:
			c.attackers = pSide == Attackers // i's claim (or no conflict)
		case qSide != NoSide:
			c.attackers = qSide == Defenders
		default:
			c.attackers = board%2 == 0 // no history: alternate down the boards
		}
		pGets, qGets := Defenders, Attackers
		if c.attackers {
			pGets, qGets = Attackers, Defenders
		}
		if (!balanced(p, pGets) || !balanced(q, qGets)) && c.rematch == 0 {
			// Both due the same side, and the one who loses the claim
			// cannot take the other: the claim gives way.
			c.attackers = !c.attackers
			pGets, qGets = qGets, pGets
		}
		if !balanced(p, pGets) || !balanced(q, qGets) {
			continue
		}
		if (pSide != NoSide && pSide != pGets) || (qSide != NoSide && qSide != qGets) {
			c.sideClash = 1
		}
		if k := slices.Index(group, j); k >= 0 {
			c.dutchDist = absInt(k - ideal)
			if k < ideal {
				c.sameHalf = 1
			}
		} else {
			c.dutchDist = len(ps.players) // floaters after the score group, by rank
		}
		out = append(out, c)
	}
	slices.SortStableFunc(out, func(a, b candidate) int {
		switch {
		case a.repeat != b.repeat:
			return a.repeat - b.repeat
		case a.rematch != b.rematch:
			return a.rematch - b.rematch
		case a.scoreDiff != b.scoreDiff:
			if a.scoreDiff < b.scoreDiff {
				return -1
			}
			return 1
		case a.sameHalf != b.sameHalf:
			return a.sameHalf - b.sameHalf
		case a.sideClash != b.sideClash:
			return a.sideClash - b.sideClash
		case a.dutchDist != b.dutchDist:
			return a.dutchDist - b.dutchDist
		}
		return a.rankInList - b.rankInList
	})
	return out
}

// balanced reports whether p may get side s: their attacker and defender
// games would differ by at most two.
func balanced(p *SwissPlayer, s Side) bool {
	d := p.sideDiff()
	if s == Attackers {
		d++
	} else {
		d--
	}
	return d <= 2 && d >= -2
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

func absInt(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
