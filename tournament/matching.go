package tournament

// perfectMatching reports whether the graph with adjacency lists adj (on
// vertices 0..len(adj)-1) has a perfect matching: whether every vertex
// can be paired along an edge. It is Edmonds' blossom algorithm, O(V³):
// the pairing search asks it before going deeper, so that a choice that
// leaves the players after it unpairable is undone at once instead of
// after a search through all their pairings.
func perfectMatching(adj [][]int) bool {
	n := len(adj)
	if n%2 == 1 {
		return false
	}
	match := make([]int, n)
	for i := range match {
		match[i] = -1
	}
	for v := range n { // a greedy start: fewer paths to find
		if match[v] >= 0 {
			continue
		}
		for _, u := range adj[v] {
			if match[u] < 0 {
				match[v], match[u] = u, v
				break
			}
		}
	}
	m := &blossoms{adj: adj, match: match, parent: make([]int, n), base: make([]int, n),
		used: make([]bool, n), inBlossom: make([]bool, n), queue: make([]int, 0, n)}
	for v := range n {
		if match[v] >= 0 {
			continue
		}
		// A vertex without an augmenting path now never gets one: no
		// maximum matching covers it.
		u := m.augmentingPath(v)
		if u < 0 {
			return false
		}
		for u >= 0 {
			pv := m.parent[u]
			next := match[pv]
			match[u], match[pv] = pv, u
			u = next
		}
	}
	return true
}

type blossoms struct {
	adj       [][]int
	match     []int
	parent    []int
	base      []int
	used      []bool
	inBlossom []bool
	queue     []int
}

// lca returns the base of the blossom that the alternating paths from a
// and b close.
func (m *blossoms) lca(a, b int) int {
	seen := make([]bool, len(m.adj))
	for {
		a = m.base[a]
		seen[a] = true
		if m.match[a] < 0 {
			break
		}
		a = m.parent[m.match[a]]
	}
	for {
		b = m.base[b]
		if seen[b] {
			return b
		}
		b = m.parent[m.match[b]]
	}
}

func (m *blossoms) markPath(v, b, child int) {
	for m.base[v] != b {
		m.inBlossom[m.base[v]], m.inBlossom[m.base[m.match[v]]] = true, true
		m.parent[v] = child
		child = m.match[v]
		v = m.parent[m.match[v]]
	}
}

// augmentingPath searches an augmenting path from the unmatched root and
// returns its other end (-1 for none); parent links lead back.
func (m *blossoms) augmentingPath(root int) int {
	for i := range m.adj {
		m.used[i], m.parent[i], m.base[i] = false, -1, i
	}
	m.used[root] = true
	m.queue = append(m.queue[:0], root)
	for h := 0; h < len(m.queue); h++ {
		v := m.queue[h]
		for _, to := range m.adj[v] {
			if m.base[v] == m.base[to] || m.match[v] == to {
				continue
			}
			if to == root || m.match[to] >= 0 && m.parent[m.match[to]] >= 0 {
				b := m.lca(v, to)
				clear(m.inBlossom)
				m.markPath(v, b, to)
				m.markPath(to, b, v)
				for i := range m.adj {
					if m.inBlossom[m.base[i]] {
						m.base[i] = b
						if !m.used[i] {
							m.used[i] = true
							m.queue = append(m.queue, i)
						}
					}
				}
			} else if m.parent[to] < 0 {
				m.parent[to] = v
				if m.match[to] < 0 {
					return to
				}
				m.used[m.match[to]] = true
				m.queue = append(m.queue, m.match[to])
			}
		}
	}
	return -1
}
