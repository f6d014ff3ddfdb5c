package ai

import (
	"math/bits"

	"github.com/taflbot/taflbot/tafl"
)

// bb is a set of squares of an 11×11 board, square (file, rank) at bit
// rank*11 + file of the 128 (the fitted family's board; see bitIndex).
type bb struct{ lo, hi uint64 }

func (a bb) or(b bb) bb     { return bb{a.lo | b.lo, a.hi | b.hi} }
func (a bb) and(b bb) bb    { return bb{a.lo & b.lo, a.hi & b.hi} }
func (a bb) andNot(b bb) bb { return bb{a.lo &^ b.lo, a.hi &^ b.hi} }
func (a bb) empty() bool    { return a.lo|a.hi == 0 }
func (a bb) count() int32   { return int32(bits.OnesCount64(a.lo) + bits.OnesCount64(a.hi)) }

// shl and shr move every square n bits up or down (0 < n < 64).
func (a bb) shl(n uint) bb { return bb{a.lo << n, a.hi<<n | a.lo>>(64-n)} }
func (a bb) shr(n uint) bb { return bb{a.lo>>n | a.hi<<(64-n), a.hi >> n} }

// flip toggles the bit of square i.
func (a *bb) flip(i int8) {
	if i < 64 {
		a.lo ^= 1 << uint(i)
	} else {
		a.hi ^= 1 << uint(i-64)
	}
}

func (a bb) has(i int8) bool {
	if i < 64 {
		return a.lo&(1<<uint(i)) != 0
	}
	return a.hi&(1<<uint(i-64)) != 0
}

// bitSize is the board size the bit sets are for.
const bitSize = 11

// bitTables are the masks of the bit-set evaluation terms.
type bitTables struct {
	index      [cells]int8 // the bit of each board square, -1 elsewhere
	all, edge  bb          // the board; its edge
	notA, notK bb          // the board without file a / file k (for shifts that wrap)
	ring       [cells][3]bb
}

// newBitTables makes the tables of an 11×11 board, squares as in v.
func newBitTables(squares []tafl.Square) *bitTables {
	t := &bitTables{}
	for i := range t.index {
		t.index[i] = -1
	}
	for _, sq := range squares {
		f, r := sq.File(), sq.Rank()
		i := int8(r*bitSize + f)
		t.index[sq] = i
		t.all.flip(i)
		if f == 0 || r == 0 || f == bitSize-1 || r == bitSize-1 {
			t.edge.flip(i)
		}
		if f != 0 {
			t.notA.flip(i)
		}
		if f != bitSize-1 {
			t.notK.flip(i)
		}
	}
	for _, k := range squares {
		for _, sq := range squares {
			d := max(abs(sq.File()-k.File()), abs(sq.Rank()-k.Rank()))
			if d >= 1 && d <= 3 {
				t.ring[k][d-1].flip(t.index[sq])
			}
		}
	}
	return t
}

// grow adds to r its squares' neighbours, within the board.
func (t *bitTables) grow(r bb) bb {
	// A step toward file k must not leave file k; toward file a, file a.
	return r.or(r.and(t.notK).shl(1)).or(r.and(t.notA).shr(1)).or(r.shl(bitSize)).or(r.shr(bitSize)).and(t.all)
}

// slides returns the squares reached from the squares of s by one rook
// move through the squares of open.
func (t *bitTables) slides(s, open bb) bb {
	var out bb
	for c := s.and(t.notK).shl(1).and(open); !c.empty(); c = c.and(t.notK).shl(1).and(open) {
		out = out.or(c)
	}
	for c := s.and(t.notA).shr(1).and(open); !c.empty(); c = c.and(t.notA).shr(1).and(open) {
		out = out.or(c)
	}
	for c := s.shl(bitSize).and(open); !c.empty(); c = c.shl(bitSize).and(open) {
		out = out.or(c)
	}
	for c := s.shr(bitSize).and(open); !c.empty(); c = c.shr(bitSize).and(open) {
		out = out.or(c)
	}
	return out
}

// kingReach returns the number of squares the king on k reaches in one
// or two moves over empty squares (the attackers' net shrinks it).
func (in *info) kingReach(ps *pieceSums, k tafl.Square) int32 {
	t := in.bits
	open := t.all.andNot(ps.att).andNot(ps.def)
	var s bb
	s.flip(t.index[k])
	r1 := t.slides(s, open)
	return r1.or(t.slides(r1, open)).andNot(s).count()
}
