package tournament_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/taflbot/taflbot/tournament"
)

// The Berger tables of the FIDE Handbook (C.05, Annex 1) for 4 and 6
// players, first named with White — here the attackers, who move first.
var berger = map[int][]string{
	4: {"1-4 2-3", "4-3 1-2", "2-4 3-1"},
	6: {"1-6 2-5 3-4", "6-4 5-3 1-2", "2-6 3-1 4-5", "6-5 1-4 2-3", "3-6 4-2 5-1"},
}

func TestRoundRobinMatchesBergerTables(t *testing.T) {
	for n, want := range berger {
		sched := tournament.RoundRobinSchedule(n, false)
		if len(sched) != len(want) {
			t.Fatalf("%d players: %d rounds, want %d", n, len(sched), len(want))
		}
		for r, round := range sched {
			var pairs []string
			for _, p := range round.Pairs {
				pairs = append(pairs, fmt.Sprintf("%d-%d", p[0]+1, p[1]+1))
			}
			if got := strings.Join(pairs, " "); got != want[r] {
				t.Errorf("%d players, round %d: %s, want %s", n, r+1, got, want[r])
			}
		}
	}
}

func TestRoundRobinProperties(t *testing.T) {
	for n := 2; n <= 17; n++ {
		for _, double := range []bool{false, true} {
			t.Run(fmt.Sprintf("%d-double-%v", n, double), func(t *testing.T) {
				sched := tournament.RoundRobinSchedule(n, double)
				wantRounds := n - 1 + n%2
				if double {
					wantRounds *= 2
				}
				if len(sched) != wantRounds {
					t.Fatalf("%d rounds, want %d", len(sched), wantRounds)
				}
				meet := map[[2]int]int{} // (attackers, defenders) → times
				sides := make([]string, n)
				byes := make([]int, n)
				for r, round := range sched {
					seen := make([]bool, n)
					mark := func(p int) {
						if p < 0 || p >= n || seen[p] {
							t.Fatalf("round %d: player %d out of range or twice", r+1, p)
						}
						seen[p] = true
					}
					for _, p := range round.Pairs {
						mark(p[0])
						mark(p[1])
						meet[p]++
						sides[p[0]] += "A"
						sides[p[1]] += "D"
					}
					if round.Bye >= 0 {
						mark(round.Bye)
						byes[round.Bye]++
						sides[round.Bye] += "-"
					}
					for p, ok := range seen {
						if !ok {
							t.Fatalf("round %d: player %d neither plays nor rests", r+1, p)
						}
					}
				}
				for a := range n {
					for b := range n {
						if a == b {
							continue
						}
						ab, ba := meet[[2]int{a, b}], meet[[2]int{b, a}]
						if double && (ab != 1 || ba != 1) || !double && ab+ba != 1 {
							t.Errorf("players %d and %d meet %d+%d times", a, b, ab, ba)
						}
					}
					wantByes := n % 2
					if double {
						wantByes *= 2
					}
					if byes[a] != wantByes {
						t.Errorf("player %d rests %d times, want %d", a, byes[a], wantByes)
					}
					half := sides[a][:len(sides[a])/map[bool]int{false: 1, true: 2}[double]]
					na, nd := strings.Count(half, "A"), strings.Count(half, "D")
					if na-nd > 1 || nd-na > 1 {
						t.Errorf("player %d: sides %s are unbalanced", a, half)
					}
					played := strings.ReplaceAll(half, "-", "")
					if strings.Contains(played, "AAA") || strings.Contains(played, "DDD") {
						t.Errorf("player %d has the same side three times running: %s", a, half)
					}
				}
			})
		}
	}
}
