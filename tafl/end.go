package tafl

// The game-end tests that look at more than the moved piece: encirclement
// and exit forts. Both run only when a cheap test says they might succeed.

// ring lists the eight neighbours of a square in circular order, starting
// north and turning clockwise. Consecutive entries are orthogonal neighbours
// of each other.
var ring = [8]Square{stride, stride + 1, 1, -stride + 1, -stride, -stride - 1, -1, stride - 1}

// cutFree[mask] is true when a square whose passable neighbours are given
// by mask (bit i for ring[i]) cannot separate any two of its orthogonal
// neighbours if it is filled: all of them are linked around the ring.
var cutFree = makeCutFree()

func makeCutFree() (t [256]bool) {
	for mask := 0; mask < 256; mask++ {
		// Label the runs of passable ring cells; the ring is circular.
		var run [8]int
		label := 0
		start := -1
		for i := 0; i < 8; i++ {
			if mask&(1<<i) == 0 {
				start = i
				break
			}
		}
		if start < 0 { // all passable: one run
			t[mask] = true
			continue
		}
		for k := 1; k <= 8; k++ {
			i := (start + k) % 8
			if mask&(1<<i) == 0 {
				label++
				continue
			}
			run[i] = label + 1
		}
		first := 0
		t[mask] = true
		for i := 0; i < 8; i += 2 { // orthogonal neighbours
			if mask&(1<<i) == 0 {
				continue
			}
			if first == 0 {
				first = run[i]
			} else if run[i] != first {
				t[mask] = false
			}
		}
	}
	return t
}

// cannotCut reports whether the attacker that just arrived on sq cannot
// have cut any region of non-attacker squares in two. When it holds, a
// position that was not encircled still is not.
func (p *Position) cannotCut(sq Square) bool {
	// Bit i is set when ring[i] is passable: not an attacker (walls count
	// as passable: they are the outside). Unrolled: this runs after every
	// attacker move of a variant with encirclement.
	b := &p.board
	free := func(q Square) uint8 {
		if b[q] != Attacker {
			return 1
		}
		return 0
	}
	mask := free(sq+stride) | free(sq+stride+1)<<1 | free(sq+1)<<2 | free(sq-stride+1)<<3 |
		free(sq-stride)<<4 | free(sq-stride-1)<<5 | free(sq-1)<<6 | free(sq+stride-1)<<7
	return cutFree[mask]
}

// seesEdge reports whether the line from sq in direction d reaches an
// edge square (sq itself included) over squares not held by attackers.
func (p *Position) seesEdge(sq, d Square) bool {
	for ; p.board[sq] != Attacker; sq += d {
		if p.v.kinds[sq]&sqEdge != 0 {
			return true
		}
	}
	return false
}

// encircledAfter reports whether the attacker that just moved to sq has
// completed an encirclement, given that the position before was not
// encircled and the move captured nothing (a capture may take the last
// defender that could reach the edge: then only encircled can tell). Each side of sq is followed toward the edge; only when one of
// them cannot reach it is the whole board flooded.
func (p *Position) encircledAfter(sq Square) bool {
	if p.cannotCut(sq) {
		return false
	}
	// Most often every free side of sq sees the edge straight ahead.
	straight := true
	for _, d := range dirs {
		if c := p.board[sq+d]; c != Attacker && c != wall && !p.seesEdge(sq+d, d) {
			straight = false
			break
		}
	}
	if straight {
		return false
	}
	// mark[q] is the number of the search that reached q; every search
	// before the current one reached the edge. The searches share one
	// stack (Go clears a local array on every call).
	var mark [numCells]uint8
	var stack [edgeStack]Square
	id := uint8(0)
	for _, d := range dirs {
		n := sq + d
		if c := p.board[n]; c == Attacker || c == wall || mark[n] != 0 {
			continue
		}
		id++
		if !p.reachesEdge(n, d, &mark, id, &stack) {
			return p.encircled()
		}
	}
	return false
}

// edgeStack is the depth of reachesEdge's stack. Heading for the edge
// first, it rarely needs more than a few dozen squares; when it would,
// reachesEdge gives up and the full test (encircled) decides.
const edgeStack = 128

// edgeLimit is how much of the stack reachesEdge uses (tests lower it to
// check the fallback).
var edgeLimit = edgeStack

// reachesEdge searches depth-first from start, through squares not held by
// attackers, for an edge square or a square an earlier (successful) search
// reached, trying direction pref first. It also reports false when its
// stack is full (the caller then runs the full test).
func (p *Position) reachesEdge(start, pref Square, mark *[numCells]uint8, id uint8, stack *[edgeStack]Square) bool {
	order := [4]Square{-pref, 0, 0, pref} // pushed last, popped first
	if pref == 1 || pref == -1 {
		order[1], order[2] = stride, -stride
	} else {
		order[1], order[2] = 1, -1
	}
	mark[start] = id
	stack[0] = start
	top := 1
	for top > 0 {
		top--
		q := stack[top]
		if p.v.kinds[q]&sqEdge != 0 {
			return true
		}
		for _, d := range order {
			n := q + d
			if c := p.board[n]; c == Attacker || c == wall || mark[n] == id {
				continue
			}
			if mark[n] != 0 {
				return true // an earlier search reached the edge from here
			}
			if top == edgeLimit {
				return false // out of stack: let encircled decide
			}
			mark[n] = id
			stack[top] = n
			top++
		}
	}
	return false
}

// encircled reports whether no defender (king included) can reach an edge
// square through squares not held by attackers (VARIANTS.md §2
// encirclement). It searches from the defenders, depth first, and stops at
// the first edge square: a defender that can reach the edge usually does
// within a few squares, where a flood from the edge would cover most of the
// board. A search that fails has covered its region, and the defenders in
// it are not searched again.
func (p *Position) encircled() bool {
	var seen [numCells]bool
	var stack [MaxSize * MaxSize]Square
	for _, sq := range p.v.squares {
		if c := p.board[sq]; c != Defender && c != King || seen[sq] {
			continue
		}
		seen[sq] = true
		stack[0] = sq
		top := 1
		for top > 0 {
			top--
			q := stack[top]
			if p.v.kinds[q]&sqEdge != 0 {
				return false
			}
			for _, d := range dirs {
				n := q + d
				if !seen[n] && p.board[n] != Attacker && p.board[n] != wall {
					seen[n] = true
					stack[top] = n
					top++
				}
			}
		}
	}
	return true // every defender, the king included, is shut in
}

// exitFort reports whether the king, on the edge, stands in an exit fort
// (VARIANTS.md copenhagen/exit fort): he can move; the empty squares he can
// reach form a region no attacker touches; and the defenders walling it in
// can never be captured.
//
// The wall test is a greatest fixed point: start from every defender and
// drop any that could be captured if all squares outside the fort were
// attackers — one with both neighbours on a line open to attack, or an edge
// row that a shieldwall could take. What is left cannot be captured, since
// the first of them to fall would need an attacker where none can come.
func (p *Position) exitFort() bool {
	v := p.v
	k := p.king
	var inside [numCells]bool // the king's region: the king and the empty squares he reaches
	var stack [MaxSize * MaxSize]Square
	top := 0
	inside[k] = true
	stack[top] = k
	top++
	canMove := false
	for top > 0 {
		top--
		sq := stack[top]
		for _, d := range dirs {
			q := sq + d
			switch p.board[q] {
			case Attacker:
				return false // an attacker can walk in
			case Empty:
				if sq == k && v.move[King][q]&(mayStop|mayPass) != 0 {
					canMove = true
				}
				if !inside[q] {
					inside[q] = true
					stack[top] = q
					top++
				}
			}
		}
	}
	if !canMove {
		return false
	}
	// Candidate wall: every defender. Drop the capturable ones until none changes.
	var keep [numCells]bool
	for _, sq := range v.squares {
		keep[sq] = p.board[sq] == Defender
	}
	// A square of the king's region is safe unless it is hostile to
	// defenders by itself (a corner or the empty throne in it).
	safe := func(q Square) bool { return p.board[q] == wall || keep[q] || inside[q] && !v.hostE[Defender][q] }
	for changed := true; changed; {
		changed = false
		for _, sq := range v.squares {
			if !keep[sq] {
				continue
			}
			if (!safe(sq+1) && !safe(sq-1)) || (!safe(sq+stride) && !safe(sq-stride)) {
				keep[sq] = false
				changed = true
			}
		}
		if v.rules.Shieldwall != NoShieldwall && p.dropShieldwallRows(&keep, &inside) {
			changed = true
		}
	}
	// The wall: every defender that touches the king's region must be kept.
	for _, sq := range v.squares {
		if !inside[sq] {
			continue
		}
		for _, d := range dirs {
			if q := sq + d; p.board[q] == Defender && !keep[q] {
				return false
			}
		}
	}
	return true
}

// dropShieldwallRows removes from keep every edge row of kept defenders
// that a shieldwall could capture: no piece of the row has a safe square in
// front and neither end is safe.
func (p *Position) dropShieldwallRows(keep, inside *[numCells]bool) bool {
	v := p.v
	safe := func(q Square) bool { return p.board[q] == wall || keep[q] || inside[q] && !v.hostE[Defender][q] }
	dropped := false
	for _, b := range v.squares {
		in := v.inward[b]
		if in == 0 || !keep[b] {
			continue
		}
		along := Square(1)
		if in == 1 || in == -1 {
			along = stride
		}
		if keep[b-along] && v.inward[b-along] == in {
			continue // not the start of a row
		}
		hi := b
		for keep[hi+along] && v.inward[hi+along] == in {
			hi += along
		}
		if hi == b {
			continue
		}
		ends := func(q Square) bool {
			if v.kinds[q]&sqCorner != 0 {
				// a corner brackets only in a strong shieldwall, even one in the king's region
				return v.rules.Shieldwall != ShieldwallStrong
			}
			return inside[q] || p.board[q] == wall
		}
		if ends(b-along) || ends(hi+along) {
			continue
		}
		open := true
		for q := b; q <= hi; q += along {
			if safe(q + in) {
				open = false
				break
			}
		}
		if open {
			for q := b; q <= hi; q += along {
				keep[q] = false
			}
			dropped = true
		}
	}
	return dropped
}
