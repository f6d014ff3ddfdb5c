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

// countNear is a.and(d).count() for a set d whose squares lie within 64
// bits of each other: the part of a∩d in the high word then lies below
// its part in the low word, so one count of the two words or'ed does.
func (a bb) countNear(d bb) int32 { return int32(bits.OnesCount64(a.lo&d.lo | a.hi&d.hi)) }

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
	index      [cells]int8      // the bit of each board square, -1 elsewhere
	all, edge  bb               // the board; its edge
	spec       bb               // the throne, corner and camp squares (info.special)
	square     [128]tafl.Square // the board square of each bit
	own        [cells]ownSquare // see ownTerms
	notA, notK bb               // the board without file a / file k (for shifts that wrap)
	ring       [cells][3]bb
	// kingMask[k]: the squares off files a and k, then off the first and
	// last ranks, without the king's neighbours along the rank, then
	// along the file (neighbourTerms).
	kingMask [cells][2]bb
}

// newBitTables makes the tables of an 11×11 board: squares are its
// squares, special its throne, corner and camp squares and sealAt their
// places in the corners' triangles (info.squares, special, sealAt).
func newBitTables(squares []tafl.Square, special *[cells]bool, sealAt *[cells]sealPlace) *bitTables {
	t := &bitTables{}
	for i := range t.index {
		t.index[i] = -1
	}
	for _, sq := range squares {
		f, r := sq.File(), sq.Rank()
		i := int8(r*bitSize + f)
		t.index[sq] = i
		t.square[i] = sq
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
	for k := range t.kingMask {
		t.kingMask[k] = [2]bb{{innerFilesLo, innerFilesHi}, {innerRanksLo, innerRanksHi}}
	}
	for _, k := range squares {
		for i, d := range [...]tafl.Square{1, stride} {
			for _, n := range [...]tafl.Square{k - d, k + d} {
				if j := t.index[n]; j >= 0 {
					var b bb
					b.flip(j)
					t.kingMask[k][i] = t.kingMask[k][i].andNot(b)
				}
			}
		}
	}
	for _, sq := range squares {
		if special[sq] {
			t.spec.flip(t.index[sq])
		}
		o := &t.own[sq]
		o.bit.flip(t.index[sq])
		if p := sealAt[sq]; p.corner != 0 && p.bit > 2 { // as in addSquare
			o.seal = uint32(p.corner-1)<<30 | uint32(p.bit)
		}
	}
	for _, sq := range squares {
		for _, d := range [...]tafl.Square{stride + 1, stride - 1, -stride + 1, -stride - 1} {
			t.own[sq].diag = t.own[sq].diag.or(t.own[sq+d].bit) // none off the board
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

// Bit-set piece terms. In the fitted families the search keeps the piece
// sums with these instead of addSquare and updateSums: the terms that
// depend only on a piece's own square (material, square values, the seal
// masks, the attackers' key and bit sets) and the attackers' chain links
// follow the changed cells, and the exposure counts are counted again
// from the bit sets, a few dozen word operations instead of a walk around
// every changed cell. They give the same sums as pieceSumsOf.

// ownTerms adds sign times the terms of piece pc on sq that depend on sq
// alone (see addSquare) to t, and its chain links to the attackers of t
// (those with sq's diagonal neighbours: sq's own bit does not count).
func (in *info) ownTerms(pc tafl.Piece, sq tafl.Square, t *pieceSums, sign int32) {
	m := &in.bits.own[sq]
	switch pc {
	case tafl.Attacker:
		t.natt += sign
		t.guard += sign * in.guardW[sq]
		t.akey ^= in.zob[sq]
		t.att.lo ^= m.bit.lo
		t.att.hi ^= m.bit.hi
		t.seal[m.seal>>30] ^= uint16(m.seal)
		t.chain += sign * t.att.countNear(m.diag)
	case tafl.Defender:
		t.ndef += sign
		t.guard += sign * in.pstDsq[sq]
		t.def.lo ^= m.bit.lo
		t.def.hi ^= m.bit.hi
	}
}

// moveTerms is ownTerms for piece pc moving from one square to another:
// its terms off from and onto to.
func (in *info) moveTerms(pc tafl.Piece, from, to tafl.Square, t *pieceSums) {
	f, g := &in.bits.own[from], &in.bits.own[to]
	switch pc {
	case tafl.Attacker:
		t.guard += in.guardW[to] - in.guardW[from]
		t.akey ^= in.zob[from] ^ in.zob[to]
		t.att.lo ^= f.bit.lo ^ g.bit.lo
		t.att.hi ^= f.bit.hi ^ g.bit.hi
		t.seal[f.seal>>30] ^= uint16(f.seal)
		t.seal[g.seal>>30] ^= uint16(g.seal)
		// from and to are on one line, neither a diagonal neighbour of
		// the other: the attackers of t, before the move or after,
		// count the links.
		t.chain += t.att.countNear(g.diag) - t.att.countNear(f.diag)
	case tafl.Defender:
		t.guard += in.pstDsq[to] - in.pstDsq[from]
		t.def.lo ^= f.bit.lo ^ g.bit.lo
		t.def.hi ^= f.bit.hi ^ g.bit.hi
	}
}

// ownSquare is what ownTerms needs of a square: its bit, its diagonal
// neighbours', and the bit of its seal mask (the low 16 bits of seal; 0:
// the square counts in none; see pieceSums.seal) with its corner (0 to 3)
// in the top two: one load and a shift, where a field each took two
// address computations and a load. Off the board, all 0.
type ownSquare struct {
	bit, diag bb
	seal      uint32
}

// updateOwnTerms turns the own terms of t (see ownTerms), those of board
// old, into those of board b, which differs from old only on the cells in
// changed (each listed once).
func (in *info) updateOwnTerms(old, b *board, changed []tafl.Square, t *pieceSums) {
	if len(changed) >= 2 {
		// A move lists its two squares first (see searcher.push): the
		// piece's terms move from one to the other at once.
		from, to := changed[0], changed[1]
		if pc := b[to]; pc == old[from] && b[from] == tafl.Empty && old[to] == tafl.Empty {
			in.moveTerms(pc, from, to, t)
			changed = changed[2:]
		}
	}
	for _, c := range changed {
		in.ownTerms(old[c], c, t, -1)
		in.ownTerms(b[c], c, t, 1)
	}
}

// neighbourTerms sets t's exposure counts (see addSquare, exposed and
// exposedLine) from its bit sets, the king on k.
//
// A piece is exposed when an enemy or an empty special square is on one
// side of it and a plain empty square on the other, along a rank or a
// file; never, then, along the rank on file a or k, nor along the file on
// the first or last rank, nor along a line beside the king (he is neither
// plain nor an enemy). ea (ed) holds the attackers' (defenders') enemies,
// the empty special squares and, to spare a third set, the king: the
// squares that are not plain are ea|ed, so that a step of the two sets
// up (u) and one down (d) tell both which side is plain and what is on
// the other. x holds the squares with a plain square on exactly one side,
// off the lines given above (the masks of kingMask), and the pieces among
// them with an enemy on a side (ua|da for an attacker) are exposed.
//
// It is the evaluation's hottest code, so it is written out on the two
// words of the sets (l: bits 0–63, h: 64–120; a step of n bits up is
// l<<n and h<<n | l>>(64-n)), one word at a time (fewer values live at
// once): with the bb methods a quarter of its instructions went to
// inlining marks and masks.
func (in *info) neighbourTerms(t *pieceSums, k tafl.Square) {
	const r = bitSize // a step along the file
	bt := in.bits
	al, ah := t.att.lo, t.att.hi
	dl, dh := t.def.lo, t.def.hi
	kb, m := &bt.own[k].bit, &bt.kingMask[k] // none for NoSquare
	// The king and the empty special squares, then ea and ed.
	kl, kh := kb.lo|bt.spec.lo&^(al|dl), kb.hi|bt.spec.hi&^(ah|dh)
	eal, eah := dl|kl, dh|kh
	edl, edh := al|kl, ah|kh
	// The low word: along the rank, then along the file.
	ua, da := eal<<1, eal>>1|eah<<63
	ud, dd := edl<<1, edl>>1|edh<<63
	x := ((ua | ud) ^ (da | dd)) & m[0].lo
	xa, xd := x&(ua|da), x&(ud|dd)
	ua, da = eal<<r, eal>>r|eah<<(64-r)
	ud, dd = edl<<r, edl>>r|edh<<(64-r)
	x = ((ua | ud) ^ (da | dd)) & m[1].lo
	xal, xdl := (xa|x&(ua|da))&al, (xd|x&(ud|dd))&dl
	// The high word.
	ua, da = eah<<1|eal>>63, eah>>1
	ud, dd = edh<<1|edl>>63, edh>>1
	x = ((ua | ud) ^ (da | dd)) & m[0].hi
	xa, xd = x&(ua|da), x&(ud|dd)
	ua, da = eah<<r|eal>>(64-r), eah>>r
	ud, dd = edh<<r|edl>>(64-r), edh>>r
	x = ((ua | ud) ^ (da | dd)) & m[1].hi
	xah, xdh := (xa|x&(ua|da))&ah, (xd|x&(ud|dd))&dh
	t.hangA = int32(bits.OnesCount64(xal) + bits.OnesCount64(xah))
	t.hangD = int32(bits.OnesCount64(xdl) + bits.OnesCount64(xdh))
}

// The squares of the board in the high word (the low word is all board),
// of files a and k, of the files between and of the ranks between the
// first and the last, as constants (TestBitConstants checks them against
// newBitTables).
const (
	boardHi                    = 1<<(bitSize*bitSize-64) - 1
	fileALo, fileAHi           = 0x0080100200400801, 0x0000400801002004
	fileKLo, fileKHi           = 0x0040080100200400, 0x0100200400801002
	innerFilesLo, innerFilesHi = ^uint64(fileALo | fileKLo), boardHi &^ (fileAHi | fileKHi)
	innerRanksLo, innerRanksHi = ^uint64(1<<bitSize - 1), 1<<(bitSize*(bitSize-1)-64) - 1
)

// buildCapMapBits is buildCapMap for the fitted families, from the bit
// sets of the position at ply: it finds the victims with a sandwich to
// close by word operations and visits only those, in the order of the
// squares, so that capMap and capSq come out exactly as buildCapMap's.
func (s *searcher) buildCapMapBits(ply int) {
	cm := &s.capMap[ply]
	targets := s.capSq[ply]
	for _, sq := range targets {
		cm[sq] = 0
	}
	targets = targets[:0]
	t := s.in.bits
	ps := s.ownSumsAt(ply)
	king := t.own[s.kings[ply]].bit // none for NoSquare
	empty := bb{^(ps.att.lo | ps.def.lo | king.lo), boardHi &^ (ps.att.hi | ps.def.hi | king.hi)}
	// The victims (never the king) and the anvils: the side to move's
	// pieces and the empty special squares.
	victims, anvils := ps.def, ps.att
	if s.sides[ply&1] == tafl.Defenders {
		victims, anvils = ps.att, ps.def.or(king)
	}
	al := anvils.lo | empty.lo&t.spec.lo
	ah := anvils.hi | empty.hi&t.spec.hi
	el, eh := empty.lo, empty.hi
	// by[i]: the victims with an anvil at n+dirs[i] and an empty square at
	// n-dirs[i], where a piece arriving closes the sandwich. Along the
	// rank only a victim on the files between a and k has both, along the
	// file only one on the ranks between the first and the last; from
	// those a step (written out on the words: see neighbourTerms) stays
	// on the line and needs no mask.
	const r = bitSize
	hl, hh := victims.lo&innerFilesLo, victims.hi&innerFilesHi
	vl, vh := victims.lo&innerRanksLo, victims.hi&innerRanksHi
	var by [4]bb
	by[0] = bb{hl & (al>>1 | ah<<63) & (el << 1), hh & (ah >> 1) & (eh<<1 | el>>63)}
	by[1] = bb{hl & (al << 1) & (el>>1 | eh<<63), hh & (ah<<1 | al>>63) & (eh >> 1)}
	by[2] = bb{vl & (al>>r | ah<<(64-r)) & (el << r), vh & (ah >> r) & (eh<<r | el>>(64-r))}
	by[3] = bb{vl & (al << r) & (el>>r | eh<<(64-r)), vh & (ah<<r | al>>(64-r)) & (eh >> r)}
	any := by[0].or(by[1]).or(by[2]).or(by[3])
	for w, word := range [2]uint64{any.lo, any.hi} {
		for ; word != 0; word &= word - 1 {
			bit := int8(w*64 + bits.TrailingZeros64(word))
			n := t.square[bit]
			for i, d := range dirs {
				if by[i].has(bit) {
					to := n - d
					if cm[to] == 0 {
						targets = append(targets, to)
					}
					cm[to] |= 1 << i
				}
			}
		}
	}
	s.capSq[ply] = targets
}
