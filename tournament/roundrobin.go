package tournament

// ScheduledRound is one round of a round-robin schedule, in players'
// indexes (0 = first seed).
type ScheduledRound struct {
	Pairs [][2]int // Pairs are (attackers, defenders).
	Bye   int      // Bye is the player who sits out (−1: none).
}

// RoundRobinSchedule returns the rounds of a round robin for n players
// by the Berger tables (the circle method with the last seed fixed and
// the others moving n/2 places each round, so that every player's sides
// alternate except around the fixed board). With an odd n a dummy player
// is added: whoever meets it sits out. With double set the schedule is
// played twice, the second time with the sides swapped.
func RoundRobinSchedule(n int, double bool) []ScheduledRound {
	if n < 2 {
		return nil
	}
	m := n + n%2 // with the dummy
	fixed := m - 1
	var rounds []ScheduledRound
	pos := make([]int, m-1) // pos[i]: the player at place i of the circle
	for i := range pos {
		pos[i] = i
	}
	for r := range m - 1 {
		round := ScheduledRound{Bye: -1}
		add := func(a, d int) {
			switch {
			case a >= n:
				round.Bye = d
			case d >= n:
				round.Bye = a
			default:
				round.Pairs = append(round.Pairs, [2]int{a, d})
			}
		}
		// Board 1: the fixed player alternates sides.
		if r%2 == 0 {
			add(pos[0], fixed)
		} else {
			add(fixed, pos[0])
		}
		for i := 1; i < m/2; i++ {
			add(pos[i], pos[m-1-i])
		}
		rounds = append(rounds, round)
		// Everyone but the fixed player moves n/2 places on.
		next := make([]int, m-1)
		for i, p := range pos {
			next[(i+m-1-m/2)%(m-1)] = p
		}
		pos = next
	}
	if double {
		for _, r := range rounds[:m-1] {
			sw := ScheduledRound{Bye: r.Bye}
			for _, p := range r.Pairs {
				sw.Pairs = append(sw.Pairs, [2]int{p[1], p[0]})
			}
			rounds = append(rounds, sw)
		}
	}
	return rounds
}
