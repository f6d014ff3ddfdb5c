package tafl

import (
	"math/bits"
	"slices"
)

// The game-end tests that look at more than the moved piece: encirclement
// and exit forts. Both run only when a cheap test says they might succeed.

// ring lists the eight neighbours of a square in circular order, starting
// north and turning clockwise, as offsets from the square. Consecutive
// entries are orthogonal neighbours of each other.
var ring = [8]Square{stride, stride + 1, 1, -stride + 1, -stride, -stride - 1, -1, stride - 1}

// aroundCells lists the eight neighbours of a square in memory order: the
// three below, the two beside, the three above. Bit i of the mask that
// [Position.around] returns is aroundCells[i].
var aroundCells = [8]Square{-stride - 1, -stride, -stride + 1, -1, 1, stride - 1, stride, stride + 1}

// cutGroups[mask], for a square whose passable neighbours are given by mask
// (in aroundCells order), is 0 when filling the square cannot separate any
// two of its orthogonal neighbours: all of them are linked around the
// ring. Otherwise it holds, for each run of passable cells around the ring
// that has an orthogonal neighbour, the first of them (bit i for dirs[i]):
// one square of each group the filled square may have cut apart.
var cutGroups = makeCutGroups()

func makeCutGroups() (t [256]uint8) {
	var bit [8]int // bit[i]: the mask bit of ring[i]
	for i, d := range ring {
		bit[i] = slices.Index(aroundCells[:], d)
	}
	for mask := 0; mask < 256; mask++ {
		free := func(i int) bool { return mask&(1<<bit[i%8]) != 0 }
		// Start after a blocked cell, so that no run wraps around.
		start := -1
		for i := 0; i < 8; i++ {
			if !free(i) {
				start = i
				break
			}
		}
		if start < 0 { // all passable: one run
			continue
		}
		var groups uint8
		runs, inRun := 0, false
		for k := 1; k <= 8; k++ {
			i := (start + k) % 8
			if !free(i) {
				inRun = false
				continue
			}
			if i%2 == 0 && !inRun { // an orthogonal neighbour begins this run's group
				groups |= 1 << slices.Index(dirs[:], ring[i])
				runs++
				inRun = true
			}
		}
		if runs > 1 {
			t[mask] = groups
		}
	}
	return t
}

// around returns the mask of sq's eight neighbours (bit i for
// aroundCells[i]) that are passable: not held by an attacker (walls count
// as passable: they are the outside), tested all eight at once.
func (p *Position) around(sq Square) uint8 {
	i := int(sq) - stride - 1
	c := (*[2*stride + 3]Piece)(p.board[i : i+2*stride+3])
	w := uint64(c[0]) | uint64(c[1])<<8 | uint64(c[2])<<16 | uint64(c[stride])<<24 |
		uint64(c[stride+2])<<32 | uint64(c[2*stride])<<40 | uint64(c[2*stride+1])<<48 | uint64(c[2*stride+2])<<56
	// An attacker's byte (1) becomes 0, every other (0, 2, 3, 4) a small
	// nonzero value, which the addition carries into the byte's high bit.
	x := w ^ 0x0101010101010101
	free := (x + 0x7F7F7F7F7F7F7F7F) & 0x8080808080808080
	// Gather the eight high bits: byte i's lands on bit 56+i.
	return uint8((free >> 7) * 0x0102040810204080 >> 56)
}

// encircledAfter reports whether the attacker that just moved to sq has
// completed an encirclement, given that the position before was not
// encircled and the move captured nothing (a capture may take the last
// defender that could reach the edge: then only encircled can tell).
// groups (from cutGroups) holds a square of each part the arrival may have
// cut apart; each is followed toward the edge, and only when one of them
// cannot reach it is the whole board searched.
func (p *Position) encircledAfter(sq Square, groups uint8) bool {
	// mark[q] is the number of the search that reached q; every search
	// before the current one reached the edge. The searches share one
	// stack (Go clears a local array on every call).
	var mark [numCells]uint8
	var stack [edgeStack]Square
	id := uint8(0)
	for ; groups != 0; groups &= groups - 1 {
		n := sq + dirs[bits.TrailingZeros8(groups)]
		// A part beside a wall is on the edge; one already reached
		// joins a part that reaches it.
		if p.board[n] == wall || mark[n] != 0 {
			continue
		}
		id++
		if !p.reachesEdge(n, &mark, id, stack[:edgeLimit]) {
			return p.encircled()
		}
	}
	return false
}

// edgeStack is the depth of encircledAfter's stack. Heading for the edge
// first, a search rarely needs more than a few dozen squares; when it
// would, reachesEdge gives up and the full test (encircled) decides.
const edgeStack = 128

// edgeLimit is how much of that stack encircledAfter uses (tests lower it
// to check the fallback).
var edgeLimit = edgeStack

// reachesEdge searches depth first from start, through squares not held by
// attackers, for an edge square or a square an earlier (successful) search
// marked, stepping first toward the nearest edge (Variant.toEdge); it marks
// the squares it reaches with id. It also reports false when stack is full
// (a caller with a short stack then runs the full test).
func (p *Position) reachesEdge(start Square, mark *[numCells]uint8, id uint8, stack []Square) bool {
	v := p.v
	if v.kinds[start]&sqEdge != 0 {
		return true
	}
	mark[start] = id
	stack[0] = start
	top := 1
	for top > 0 {
		top--
		q := stack[top]
		for _, d := range &v.toEdge[q] {
			n := q + Square(d)
			if c := p.board[n]; c == Attacker || c == wall || mark[n] == id {
				continue
			}
			if mark[n] != 0 || v.kinds[n]&sqEdge != 0 {
				return true // the edge, or a square an earlier search linked to it
			}
			if top == len(stack) {
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
// encirclement). It searches from the king first, then from the other
// defenders, depth first toward the nearest edge, and stops at the first
// edge square: a defender that can reach the edge usually does within a
// few squares, where a flood from the edge would cover most of the board.
// A search that fails has covered its region, and the defenders in it are
// not searched again.
func (p *Position) encircled() bool {
	var mark [numCells]uint8
	var stack [MaxSize * MaxSize]Square // room for every square: the search never gives up
	if k := p.king; k != NoSquare && p.board[k] == King && p.reachesEdge(k, &mark, 1, stack[:]) {
		return false
	}
	for _, sq := range p.v.squares {
		if c := p.board[sq]; (c == Defender || c == King) && mark[sq] == 0 && p.reachesEdge(sq, &mark, 1, stack[:]) {
			return false
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
