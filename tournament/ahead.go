package tournament

// maxAhead bounds the look-ahead of one pairing (nodes visited); past it
// the later rounds are taken to be possible, and the pairing is made
// round by round.
const maxAhead = 200_000

// ahead answers, for a Swiss with an odd number of players, whether the
// later rounds can still be paired with no pair meeting more often than
// allowed and every bye going to a player with the fewest byes. Scores
// and sides play no part: only who has met whom and who sat out.
type ahead struct {
	n     int
	index map[string]int
	cap   int     // meetings allowed per pair: 1, or 2 in a double Swiss
	met   [][]int // met[a][b] counts the games of a and b
	byes  []int
	nodes int
	fail  map[string]bool // states known to fail (small fields only)
}

func newAhead(players []SwissPlayer, double bool) *ahead {
	a := &ahead{n: len(players), index: map[string]int{}, cap: 1, fail: map[string]bool{}}
	if double {
		a.cap = 2
	}
	for i, p := range players {
		a.index[p.ID] = i
	}
	a.met = make([][]int, a.n)
	a.byes = make([]int, a.n)
	for i, p := range players {
		a.met[i] = make([]int, a.n)
		a.byes[i] = p.Byes
		for _, m := range p.History {
			if j, ok := a.index[m.Opponent]; ok {
				a.met[i][j]++
			}
		}
	}
	return a
}

// reach returns how many of the later rounds the look-ahead should ask
// for: none when the field is large enough for every round to be
// pairable whoever sits out, else at most as many as the games left
// between the players could fill.
func (a *ahead) reach(later int) int {
	if a.n%2 == 0 || later <= 0 {
		return 0
	}
	// Dirac: while each player has at least (n-1)/2 possible opponents
	// among the n-1 who play, they can all be paired. A player uses up at
	// most one opponent a round.
	worst, left := 0, 0
	for i := range a.n {
		gone := 0
		for j := range a.n {
			if j != i && a.met[i][j] >= a.cap {
				gone++
			}
			if j > i {
				left += max(0, a.cap-a.met[i][j])
			}
		}
		worst = max(worst, gone)
	}
	if worst+later <= (a.n-3)/2 {
		return 0
	}
	perRound := (a.n - 1) / 2
	return max(0, min(later, (left-perRound)/perRound))
}

// after reports whether, once games are played (the player not in them
// sitting out), rounds more rounds are possible.
func (a *ahead) after(games []Game, rounds int) bool {
	// Each pairing asked about counts against the limit: a search can
	// meet many that enough turns down at once.
	a.nodes++
	if a.nodes > maxAhead {
		return true
	}
	playing := make([]bool, a.n)
	for _, g := range games {
		x, y := a.index[g.Attackers], a.index[g.Defenders]
		a.met[x][y]++
		a.met[y][x]++
		playing[x], playing[y] = true, true
	}
	bye := -1
	for i, p := range playing {
		if !p {
			bye = i
		}
	}
	if bye >= 0 {
		a.byes[bye]++
	}
	ok := a.possible(rounds)
	if bye >= 0 {
		a.byes[bye]--
	}
	for _, g := range games {
		x, y := a.index[g.Attackers], a.index[g.Defenders]
		a.met[x][y]--
		a.met[y][x]--
	}
	return ok
}

// possible reports whether rounds more rounds can be paired.
func (a *ahead) possible(rounds int) bool {
	if rounds == 0 || a.nodes > maxAhead {
		return true
	}
	if !a.enough(rounds) {
		return false
	}
	key := ""
	if a.n <= 16 {
		key = a.key(rounds)
		if a.fail[key] {
			return false
		}
	}
	fewest := a.byes[0]
	for _, b := range a.byes {
		fewest = min(fewest, b)
	}
	for b := range a.n {
		if a.byes[b] != fewest {
			continue
		}
		a.byes[b]++
		used := make([]bool, a.n)
		used[b] = true
		ok := a.match(used, rounds)
		a.byes[b]--
		if ok {
			return true
		}
	}
	if key != "" && a.nodes <= maxAhead {
		a.fail[key] = true
	}
	return false
}

// match pairs the players not yet used in this round (the one with the
// fewest possible opponents first), then asks for the rounds after it.
func (a *ahead) match(used []bool, rounds int) bool {
	a.nodes++
	if a.nodes > maxAhead {
		return true
	}
	best, choice := -1, a.n
	for i := range a.n {
		if used[i] {
			continue
		}
		c := 0
		for j := range a.n {
			if j != i && !used[j] && a.met[i][j] < a.cap {
				c++
			}
		}
		if c < choice {
			best, choice = i, c
		}
	}
	if best < 0 {
		return a.possible(rounds - 1)
	}
	if choice == 0 {
		return false
	}
	used[best] = true
	defer func() { used[best] = false }()
	for j := range a.n {
		if j == best || used[j] || a.met[best][j] >= a.cap {
			continue
		}
		used[j] = true
		a.met[best][j]++
		a.met[j][best]++
		ok := a.match(used, rounds)
		a.met[best][j]--
		a.met[j][best]--
		used[j] = false
		if ok {
			return true
		}
	}
	return false
}

// enough reports whether every player has opponents enough left for the
// games they must play in rounds more rounds (all but their byes).
// It assumes the byes fair so far (within one of each other); otherwise
// it does not judge.
func (a *ahead) enough(rounds int) bool {
	fewest, most := a.byes[0], a.byes[0]
	for _, b := range a.byes {
		fewest, most = min(fewest, b), max(most, b)
	}
	if most-fewest > 1 {
		return true
	}
	m := 0 // players with the fewest byes: the next m byes are theirs
	for _, b := range a.byes {
		if b == fewest {
			m++
		}
	}
	cycles := (max(0, rounds-m) + a.n - 1) / a.n // byes each after those m
	for i := range a.n {
		byes := cycles
		if a.byes[i] == fewest {
			byes++
		}
		left := 0
		for j := range a.n {
			if j != i && a.met[i][j] < a.cap {
				left += a.cap - a.met[i][j]
			}
		}
		if rounds-min(byes, rounds) > left {
			return false
		}
	}
	return true
}

// key describes the state: the games left between each pair and who has
// a bye more than the fewest.
func (a *ahead) key(rounds int) string {
	fewest := a.byes[0]
	for _, b := range a.byes {
		fewest = min(fewest, b)
	}
	k := make([]byte, 0, a.n*a.n/2+a.n+1)
	k = append(k, byte(rounds))
	for i := range a.n {
		k = append(k, byte(min(a.byes[i]-fewest, 255)))
		for j := i + 1; j < a.n; j++ {
			k = append(k, byte(min(a.met[i][j], a.cap)))
		}
	}
	return string(k)
}
