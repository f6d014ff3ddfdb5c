package tournament

import (
	"math/rand/v2"
	"testing"
)

// TestPerfectMatching compares the blossom algorithm with a search of
// every pairing on random graphs of up to twelve vertices (odd cycles,
// where a greedy matching goes wrong, included), and on a few by hand.
func TestPerfectMatching(t *testing.T) {
	graph := func(n int, edges ...[2]int) [][]int {
		adj := make([][]int, n)
		for _, e := range edges {
			adj[e[0]] = append(adj[e[0]], e[1])
			adj[e[1]] = append(adj[e[1]], e[0])
		}
		return adj
	}
	for _, c := range []struct {
		name string
		adj  [][]int
		want bool
	}{
		{"empty", graph(0), true},
		{"one edge", graph(2, [2]int{0, 1}), true},
		{"triangle", graph(3, [2]int{0, 1}, [2]int{1, 2}, [2]int{2, 0}), false},
		{"isolated vertex", graph(4, [2]int{0, 1}, [2]int{1, 2}, [2]int{2, 0}), false},
		// Greedy takes 0-1 and 2-3; a path through the triangle 1-2-3 frees 4 and 5.
		{"path through a triangle", graph(6, [2]int{0, 1}, [2]int{1, 2}, [2]int{2, 3}, [2]int{3, 1}, [2]int{3, 4}, [2]int{0, 5}), true},
		{"two triangles joined", graph(6, [2]int{0, 1}, [2]int{1, 2}, [2]int{2, 0}, [2]int{3, 4}, [2]int{4, 5}, [2]int{5, 3}, [2]int{2, 3}), true},
		{"star", graph(4, [2]int{0, 1}, [2]int{0, 2}, [2]int{0, 3}), false},
	} {
		if got := perfectMatching(c.adj); got != c.want {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
	var brute func(adj [][]bool, free []bool) bool
	brute = func(adj [][]bool, free []bool) bool {
		i := -1
		for v, f := range free {
			if f {
				i = v
				break
			}
		}
		if i < 0 {
			return true
		}
		free[i] = false
		defer func() { free[i] = true }()
		for j := range free {
			if free[j] && adj[i][j] {
				free[j] = false
				ok := brute(adj, free)
				free[j] = true
				if ok {
					return true
				}
			}
		}
		return false
	}
	rnd := rand.New(rand.NewPCG(1, 2))
	for range 3000 {
		n := rnd.IntN(13)
		p := 0.1 + 0.5*rnd.Float64()
		m := make([][]bool, n)
		adj := make([][]int, n)
		for i := range n {
			m[i] = make([]bool, n)
		}
		for i := range n {
			for j := i + 1; j < n; j++ {
				if rnd.Float64() < p {
					m[i][j], m[j][i] = true, true
					adj[i] = append(adj[i], j)
					adj[j] = append(adj[j], i)
				}
			}
		}
		free := make([]bool, n)
		for i := range free {
			free[i] = true
		}
		if got, want := perfectMatching(adj), brute(m, free); got != want {
			t.Fatalf("%v: %v, want %v", adj, got, want)
		}
	}
}
