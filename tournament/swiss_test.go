package tournament_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/taflbot/taflbot/tournament"
)

func ids(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("p%02d", i+1)
	}
	return out
}

func newSwiss(t testing.TB, n, rounds int, double bool) *tournament.Tournament {
	t.Helper()
	tr := &tournament.Tournament{Format: tournament.Swiss, Rounds: rounds, Double: double}
	for i, id := range ids(n) {
		if err := tr.Join(id, float64(2000-10*i)); err != nil {
			t.Fatal(err)
		}
	}
	return tr
}

func pairs(games []tournament.Game) string {
	var s []string
	for _, g := range games {
		s = append(s, g.Attackers+"-"+g.Defenders)
	}
	return strings.Join(s, " ")
}

func TestSwissFirstRoundIsDutch(t *testing.T) {
	tr := newSwiss(t, 8, 3, false)
	games, err := tr.Start()
	if err != nil {
		t.Fatal(err)
	}
	// Top half against bottom half in seed order; the higher seed's side
	// alternates down the boards.
	if got, want := pairs(games), "p01-p05 p06-p02 p03-p07 p08-p04"; got != want {
		t.Errorf("round 1: %s, want %s", got, want)
	}
}

func TestSwissWinnersMeetWinners(t *testing.T) {
	tr := newSwiss(t, 8, 3, false)
	games, _ := tr.Start()
	winners := map[string]bool{}
	for _, g := range games {
		// The higher seed (smaller number) wins every game.
		r := tournament.AttackersWin
		if g.Defenders < g.Attackers {
			r = tournament.DefendersWin
		}
		winners[min(g.Attackers, g.Defenders)] = true
		if _, err := tr.SetResult(g.Attackers, g.Defenders, r); err != nil {
			t.Fatal(err)
		}
	}
	next, err := tr.Advance()
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range next {
		if winners[g.Attackers] != winners[g.Defenders] {
			t.Errorf("round 2 pairs a winner with a loser: %s-%s (all: %s)", g.Attackers, g.Defenders, pairs(next))
		}
	}
	// The four winners p01..p04: the top half (p01, p02) against the
	// bottom half (p03, p04). In order, p01-p03 and p02-p04 would give both
	// pairs the same side twice, so the bottom half is transposed: p01 and
	// p03 had the attackers and now defend, p02 and p04 the other way round.
	if got, want := pairs(next[:2]), "p04-p01 p02-p03"; got != want {
		t.Errorf("round 2 top boards: %s, want %s", got, want)
	}
}

// play runs a whole Swiss with random results and checks the rules after
// every round.
func play(t *testing.T, n, rounds int, double bool, seed uint64) *tournament.Tournament {
	t.Helper()
	rnd := rand.New(rand.NewPCG(seed, 7))
	tr := newSwiss(t, n, rounds, double)
	games, err := tr.Start()
	if err != nil {
		t.Fatal(err)
	}
	met := map[string]map[string][]string{} // player → opponent → own sides
	byes := map[string]int{}
	sides := map[string]int{} // attackers − defenders
	for round := 1; !tr.Finished; round++ {
		if tr.Round != round {
			t.Fatalf("round %d, want %d", tr.Round, round)
		}
		seen := map[string]bool{}
		for _, g := range games {
			for _, p := range []string{g.Attackers, g.Defenders} {
				if seen[p] {
					t.Fatalf("round %d: %s plays twice", round, p)
				}
				seen[p] = true
			}
			for _, x := range [][3]string{{g.Attackers, g.Defenders, "A"}, {g.Defenders, g.Attackers, "D"}} {
				if met[x[0]] == nil {
					met[x[0]] = map[string][]string{}
				}
				prev := met[x[0]][x[1]]
				if !double && len(prev) > 0 || double && (len(prev) > 1 || len(prev) == 1 && prev[0] == x[2]) {
					t.Fatalf("round %d: %s meets %s again as %s after %v", round, x[0], x[1], x[2], prev)
				}
				met[x[0]][x[1]] = append(prev, x[2])
			}
			sides[g.Attackers]++
			sides[g.Defenders]--
		}
		var bye []string
		for _, b := range tr.Byes {
			if b.Round == round {
				bye = append(bye, b.Player)
			}
		}
		if len(bye) != n%2 || len(seen)+len(bye) != n {
			t.Fatalf("round %d: %d play, byes %v, of %d", round, len(seen), bye, n)
		}
		for _, b := range bye {
			if seen[b] {
				t.Fatalf("round %d: %s has a bye and a game", round, b)
			}
			for _, p := range ids(n) {
				// With rounds ≤ n/2 a second bye is never needed.
				if p != b && byes[p] < byes[b] && 2*rounds <= n {
					t.Errorf("round %d: %s gets a second bye while %s had none", round, b, p)
				}
			}
			byes[b]++
		}
		for p, d := range sides {
			if d > 2 || d < -2 {
				t.Errorf("round %d: %s has sides off balance by %d", round, p, d)
			}
		}
		for _, g := range games {
			r := []tournament.Result{tournament.AttackersWin, tournament.DefendersWin, tournament.Draw}[rnd.IntN(3)]
			tr.SetResult(g.Attackers, g.Defenders, r)
		}
		games, err = tr.Advance()
		if err != nil {
			t.Fatal(err)
		}
	}
	return tr
}

func TestSwissRules(t *testing.T) {
	for _, c := range []struct {
		n, rounds int
		double    bool
	}{
		{2, 1, false}, {3, 2, false}, {4, 3, false}, {5, 4, false}, {7, 3, false}, {8, 5, false},
		{9, 4, false}, {12, 6, false}, {16, 5, false}, {33, 7, false}, {64, 6, false},
		{4, 6, true}, {5, 6, true}, {8, 8, true},
	} {
		t.Run(fmt.Sprintf("%d-players-%d-rounds-double-%v", c.n, c.rounds, c.double), func(t *testing.T) {
			for seed := range uint64(5) {
				tr := play(t, c.n, c.rounds, c.double, seed)
				if tr.Round != c.rounds {
					t.Errorf("seed %d: ended after round %d of %d", seed, tr.Round, c.rounds)
				}
			}
		})
	}
}

func TestSwissEndsEarlyWhenEveryoneMet(t *testing.T) {
	// Four players, five rounds: after three everyone has met everyone.
	tr := play(t, 4, 5, false, 1)
	if tr.Round != 3 || !tr.Finished {
		t.Errorf("round %d, finished %v; want it to stop after round 3", tr.Round, tr.Finished)
	}
}

func TestPairSwissByeAndRepeats(t *testing.T) {
	// p3 is last but already had a bye; p2 is next, but then p1 would meet
	// p3 a second time. So p1 gets the bye and p2 plays p3 (as in FIDE's
	// rules: no repeat game and no second bye come before scores).
	players := []tournament.SwissPlayer{
		{ID: "p1", Seed: 0, Points: 2, History: []tournament.Meeting{{Opponent: "p3", Side: tournament.Attackers}}},
		{ID: "p2", Seed: 1, Points: 1, History: []tournament.Meeting{{Opponent: "x", Side: tournament.Defenders}}},
		{ID: "p3", Seed: 2, Points: 1, HadBye: true, History: []tournament.Meeting{{Opponent: "p1", Side: tournament.Defenders}}},
	}
	games, bye, err := tournament.PairSwiss(players, false)
	if err != nil {
		t.Fatal(err)
	}
	if bye != "p1" {
		t.Errorf("bye %s, want p1", bye)
	}
	// p2 last defended, p3 attacked: p2 gets the attackers.
	if pairs(games) != "p2-p3" {
		t.Errorf("games %s", pairs(games))
	}
	if _, _, err := tournament.PairSwiss(players[:1], false); err == nil {
		t.Error("one player was paired")
	}
	two := []tournament.SwissPlayer{
		{ID: "a", History: []tournament.Meeting{{Opponent: "b", Side: tournament.Attackers}}},
		{ID: "b", History: []tournament.Meeting{{Opponent: "a", Side: tournament.Defenders}}},
	}
	if _, _, err := tournament.PairSwiss(two, false); err == nil {
		t.Error("a repeat pairing was made")
	}
	games, _, err = tournament.PairSwiss(two, true)
	if err != nil || pairs(games) != "b-a" {
		t.Errorf("double: %s, %v; want the sides swapped for the second game", pairs(games), err)
	}
}

// BenchmarkPairSwiss64 pairs round 6 of a 64-player Swiss after five
// rounds of random results (Advance on a copy of the tournament).
func BenchmarkPairSwiss64(b *testing.B) {
	tr := newSwiss(b, 64, 6, false)
	games, _ := tr.Start()
	rnd := rand.New(rand.NewPCG(1, 2))
	for round := range 5 {
		for _, g := range games {
			tr.SetResult(g.Attackers, g.Defenders, tournament.Result(1+rnd.IntN(3)))
		}
		if round < 4 {
			games, _ = tr.Advance()
		}
	}
	for b.Loop() {
		c := *tr
		c.Players, c.Games, c.Byes = slices.Clone(tr.Players), slices.Clone(tr.Games), slices.Clone(tr.Byes)
		next, err := c.Advance()
		if err != nil || len(next) != 32 {
			b.Fatalf("%d games, %v", len(next), err)
		}
	}
}

func TestPairSwissSideClaimGivesWay(t *testing.T) {
	// Both are due the defenders; a, ranked higher, would win the claim,
	// but b has had the attackers twice more than the defenders and may
	// not have them a third time. a takes the attackers (two more than
	// the defenders: still allowed) rather than the two not being paired.
	players := []tournament.SwissPlayer{
		{ID: "a", Points: 2, History: []tournament.Meeting{{Opponent: "x", Side: tournament.Attackers}, {Opponent: "y", Side: tournament.Defenders}, {Opponent: "z", Side: tournament.Attackers}}},
		{ID: "b", Points: 2, History: []tournament.Meeting{{Opponent: "u", Side: tournament.Attackers}, {Opponent: "v", Side: tournament.Attackers}}},
	}
	games, _, err := tournament.PairSwiss(players, false)
	if err != nil || pairs(games) != "a-b" {
		t.Errorf("%s, %v; want a-b (a with the attackers)", pairs(games), err)
	}
}
