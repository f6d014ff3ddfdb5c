package ai

import (
	"math/bits"
	"sync"

	"github.com/taflbot/taflbot/tafl"
)

// Corner seals. The attackers' first plan in the corner-escape games is
// to shut the corners: a line of attackers across a corner's approach,
// such as the classic diagonal guard a3 b2 c1 (or a4 b3 c2 d1), keeps the
// king away from it for good, and no defender can reach the pieces from
// inside to capture them. Whether a corner is shut is decided on the
// corner's triangle, the 14 squares at distance 1 to 4 from it (x+y ≤ 4,
// x and y the distances to its two edges): the corner is sealed when
// the squares next to it cannot be joined to the triangle's far side
// (x+y = 4) through squares without attackers. Attackers on the corner's
// two neighbours do not count: a defender beside either captures it
// against the hostile corner. sealNeed[mask] is how
// many more attackers the triangle needs to be sealed (0 to 3, 3 meaning
// three or more), mask the set of triangle squares holding attackers.

// sealSquares is the number of squares in a corner's triangle.
const sealSquares = 14

// sealXY lists the triangle's squares as (x, y), by distance from the
// corner: the bit of square i in a mask is 1<<i.
var sealXY = func() (out [sealSquares][2]int) {
	i := 0
	for d := 1; d <= 4; d++ {
		for x := 0; x <= d; x++ {
			out[i] = [2]int{x, d - x}
			i++
		}
	}
	return out
}()

var (
	sealOnce    sync.Once
	sealNeed    [1 << 16]uint8           // attackers still needed to seal the corner (see below)
	sealRegion  [1 << 16]uint16          // the squares joined to the corner's neighbours (see below)
	sealImprove [1 << sealSquares]uint16 // the squares where one more attacker brings the seal nearer
)

// sealNeed and sealRegion have an entry for every uint16, so that the
// evaluation indexes them with a corner's mask without a bounds check;
// only the first 1<<sealSquares are ever filled or read (the rest is
// never touched, and costs no cache).

// sealTables computes sealNeed and sealRegion.
func sealTables() {
	sealOnce.Do(func() {
		// The triangle's squares beside each square, as a mask; the
		// corner's neighbours (bits 0 and 1) and the far side (x+y = 4).
		var beside [sealSquares]uint16
		var far uint16
		for i, a := range sealXY {
			for j, b := range sealXY {
				if abs(a[0]-b[0])+abs(a[1]-b[1]) == 1 {
					beside[i] |= 1 << j
				}
			}
			if a[0]+a[1] == 4 {
				far |= 1 << i
			}
		}
		for mask := range 1 << sealSquares {
			// Flood from the corner's neighbours through the squares
			// without attackers.
			free := ^uint16(mask)
			region := 0b11 & free
			for {
				next := region
				for r := region; r != 0; r &= r - 1 {
					next |= beside[bits.TrailingZeros16(r)]
				}
				if next &= free; next == region {
					break
				}
				region = next
			}
			sealRegion[mask] = region
			if region&far == 0 {
				sealNeed[mask] = 0
			} else {
				sealNeed[mask] = 3
			}
		}
		// More attackers only help: a mask needs one more than the best
		// mask with one more attacker.
		for mask := 1<<sealSquares - 1; mask >= 0; mask-- {
			if sealNeed[mask] == 0 {
				continue
			}
			for i := 2; i < sealSquares; i++ { // not on the corner's neighbours (see sealCounts)
				if mask&(1<<i) == 0 {
					sealNeed[mask] = min(sealNeed[mask], sealNeed[mask|1<<i]+1)
				}
			}
		}
		for mask := range 1 << sealSquares {
			for i := 2; i < sealSquares; i++ {
				if mask&(1<<i) == 0 && sealNeed[mask|1<<i] < sealNeed[mask] {
					sealImprove[mask] |= 1 << i
				}
			}
		}
	})
}

// cornerSeals returns the mailbox squares of each corner's triangle of an
// n×n board, in the order of sealXY.
func cornerSeals(n int) [][sealSquares]tafl.Square {
	var out [][sealSquares]tafl.Square
	for _, c := range [4][2]int{{0, 0}, {n - 1, 0}, {0, n - 1}, {n - 1, n - 1}} {
		var t [sealSquares]tafl.Square
		for i, xy := range sealXY {
			f, r := xy[0], xy[1]
			if c[0] != 0 {
				f = n - 1 - f
			}
			if c[1] != 0 {
				r = n - 1 - r
			}
			t[i] = tafl.At(f, r)
		}
		out = append(out, t)
	}
	return out
}

// sealCounts returns how many corners need 0, 1 and 2 more attackers to
// be sealed (a corner whose pocket holds the king counts as open), given
// the corners' attacker masks (pieceSums.seal), and, for the corners one,
// two and three or more attackers short of a seal, how near the king is
// to them: the sum of max(0, 8 - his distance to the corner in squares).
func (in *info) sealCounts(masks *[4]uint16, k tafl.Square) (n, open [3]int32) {
	for c := range in.seals {
		need := in.cornerNeed(masks[c], c, k)
		if need == 0 {
			n[0]++
			continue
		}
		if need < 3 {
			n[need]++
		}
		if k != tafl.NoSquare {
			open[need-1] += max(0, 8-int32(in.cornerDist[c][k]))
		}
	}
	return n, open
}

// cornerNeed returns how many more attackers corner c needs to be sealed
// (0 to 3, 3 meaning three or more), m its attacker mask, the king on k:
// a corner whose pocket holds the king is open (3).
func (in *info) cornerNeed(m uint16, c int, k tafl.Square) int {
	if p := in.sealAt[k]; int(p.corner) == c+1 && sealRegion[m]&p.bit != 0 {
		return 3
	}
	return int(sealNeed[m])
}

// sealScore is the evaluation's seal terms: w.seal · n + w.openCorner ·
// open of sealCounts, summed corner by corner (two arrays returned
// through memory and read back cost more than the sums). Without the
// openCorner terms (the fitted weights have none) evaluateCached reads
// them from in.sealW itself.
func (in *info) sealScore(masks *[4]uint16, k tafl.Square) int32 {
	w := in.w
	var s int32
	for c := range in.seals { // as sealCounts
		need := in.cornerNeed(masks[c], c, k)
		if need == 0 {
			s += w.seal[0]
			continue
		}
		if need < 3 {
			s += w.seal[need]
		}
		if k != tafl.NoSquare {
			s += w.openCorner[need-1] * max(0, 8-int32(in.cornerDist[c][k]))
		}
	}
	return s
}

// sealPlace is where a square lies in the corners' triangles: corner
// (1 to 4; 0 for none) and bit.
type sealPlace struct {
	corner uint8
	bit    uint16
}

// Cordon. The attackers' second plan is to shut the defenders in: a ring
// of attackers that no defender can cross, drawn ever tighter until the
// king is captured or no defender can reach the edge (encirclement, a win
// where the rules have it). cordon reports whether the king is shut in
// (cannot reach the edge through squares without attackers), and if he
// is, the number of squares of his room and how many of the other
// defenders are outside it.
func (in *info) cordon(b *board, k tafl.Square, ps *pieceSums) (shut bool, room, outside int32) {
	if k == tafl.NoSquare {
		return false, 0, 0
	}
	// Most often a straight line without attackers leads out.
	for _, d := range dirs {
		q := k + d
		for b[q] != tafl.Attacker && b[q] != offBoard {
			q += d
		}
		if b[q] == offBoard {
			return false, 0, 0
		}
	}
	// Flood from the king through squares without attackers until the
	// region stops growing (shut in) or reaches the edge.
	t := in.bits
	open := t.all.andNot(ps.att)
	var r bb
	r.flip(t.index[k])
	for {
		n := t.grow(r).and(open)
		if !n.and(t.edge).empty() {
			return false, 0, 0
		}
		if n == r {
			break
		}
		r = n
	}
	return true, r.count(), ps.ndef - r.and(ps.def).count()
}

// cordonCache remembers which (attackers, king square) pairs leave the
// king a way to the edge: the cordon test depends on nothing else, and
// the search meets the same pairs over and over (a defender's move
// changes neither). An entry is the pair's key with its lowest bit
// replaced by 1 when the king is shut in.
type cordonCache [1 << 14]uint64

// cordonCached is cordon, asking cc first (nil: no cache).
func (in *info) cordonCached(b *board, k tafl.Square, ps *pieceSums, cc *cordonCache) (shut bool, room, outside int32) {
	if cc == nil || k == tafl.NoSquare {
		return in.cordon(b, k, ps)
	}
	key := (ps.akey ^ in.zob[k]<<1 | 1) &^ 1
	e := &cc[key>>50]
	if *e&^1 == key && *e&1 == 0 {
		return false, 0, 0
	}
	shut, room, outside = in.cordon(b, k, ps)
	if shut {
		*e = key | 1
	} else {
		*e = key
	}
	return shut, room, outside
}

// nearKing counts the attackers at distance 1, 2 and 3 from the king (the
// larger of the file and rank distances): the net the attackers draw
// around him before they can shut him in or capture him.
func (in *info) nearKing(ps *pieceSums, k tafl.Square) (n [3]int32) {
	r := &in.bits.ring[k]
	return [3]int32{ps.att.and(r[0]).count(), ps.att.and(r[1]).count(), ps.att.and(r[2]).count()}
}

// kingDetour is the cordon before it closes: how many steps longer than
// his straight distance to the nearest edge the king's shortest way to
// the edge is (orthogonal steps through squares without attackers, as
// encirclement counts them; defenders do not block). Attackers that wall
// off the near edges make him go round, and a ring that is closing leaves
// him one far gap; 0 when he is shut in (see cordon) or on the edge.
//
// A flood from the king finds it, also when a straight line to a nearest
// edge has no attacker (it reaches the edge after straight steps, and the
// detour is 0): looking for such a line first cost more, in the search,
// than the floods it spared (the king is seldom so free).
func (in *info) kingDetour(ps *pieceSums, k tafl.Square) int32 {
	t := in.bits
	var r bb
	r.flip(t.index[k])
	if !r.and(t.edge).empty() {
		return 0
	}
	// Flood from the king through the squares without attackers, one
	// step at a time: t.grow(r).and(open), written out on the two words
	// with the masks in locals (grow does not inline, and the compiler
	// reloads fields of t at every step). A step toward file k must not
	// land on file a (it wrapped round), nor one toward file a on file k:
	// those squares are taken out of the step's open squares once. The
	// loop counts the detour itself, the steps less the straight distance
	// to the edge: one register for the two (the loop needs all others).
	open := t.all.andNot(ps.att)
	openE, openW := open.and(t.notA), open.and(t.notK)
	edge := t.edge
	rlo, rhi := r.lo, r.hi
	f, rk, n := k.File(), k.Rank(), in.size
	for detour := 1 - int32(min(f, rk, n-1-f, n-1-rk)); ; detour++ {
		lo := (rlo|rlo<<bitSize|rlo>>bitSize|rhi<<(64-bitSize))&open.lo |
			rlo<<1&openE.lo | (rlo>>1|rhi<<63)&openW.lo
		hi := (rhi|rhi<<bitSize|rhi>>bitSize|rlo>>(64-bitSize))&open.hi |
			(rhi<<1|rlo>>63)&openE.hi | rhi>>1&openW.hi
		if lo&edge.lo|hi&edge.hi != 0 {
			return detour
		}
		if lo == rlo && hi == rhi {
			return 0
		}
		rlo, rhi = lo, hi
	}
}

// detourCache remembers kingDetour by what it depends on, the attackers'
// squares and the king's: a move of any other defender changes neither, so
// the positions after the defenders' moves from one node share it. An
// entry is the pair's key with its low byte replaced by the detour.
type detourCache [1 << 12]uint64

// kingDetourCached is kingDetour, asking dc first (nil: no cache).
func (in *info) kingDetourCached(ps *pieceSums, k tafl.Square, dc *detourCache) int32 {
	if dc == nil {
		return in.kingDetour(ps, k)
	}
	key := in.detourKey(ps, k)
	if v, ok := dc.get(key); ok {
		return v
	}
	v := in.kingDetour(ps, k)
	if v >= 0 && v < 0xff {
		dc[key>>52] = key | uint64(v)
	}
	return v
}

// detourKey is the key of the attackers ps.att and the king on k in a
// detourCache.
func (in *info) detourKey(ps *pieceSums, k tafl.Square) uint64 {
	return (ps.akey ^ in.zob[k]*0x9e3779b97f4a7c15) &^ 0xff
}

// get returns the detour kept under key, and whether there is one. It
// inlines: evaluateCached asks it before it calls kingDetourCached.
func (dc *detourCache) get(key uint64) (int32, bool) {
	e := dc[key>>52]
	return int32(e & 0xff), e&^0xff == key
}

// The cordon that shrinks. A corner's seal is needed only while the
// defenders can reach the corner: once a line of attackers nearer the
// middle shuts every defender and the king off it, the seal's men are
// free to tighten the line, as strong attackers play. shrinkRegion is the
// squares the defenders' men and the king reach through squares without
// attackers; a corner whose two neighbours lie outside it is shut off,
// and shrinkScore counts it as sealed (shrinkSeal). With every corner
// shut off (by its seal or by a line) it weighs the squares the
// defenders can no longer reach (shrinkEdge, shrinkRoom), so that the
// line, now free to move, draws in. All that only with at most
// shrinkAttackers attackers left (two taken) or with at least two corners
// sealed by their triangles (shrinkTwoSealed; evaluateCached counts them
// from the seal term's table reads): seldom so in the search from the
// start (a gate on one triangle sealed cost it 9.7 % more instructions,
// on two captures alone 0.7 %, this one 2.3 %), and only in
// the attackers' own weights (Limits.AttackerWeights). Two captures keep
// the gate open for good: a cordon that frees every triangle's men is
// not then marked down for it. The room and edge terms fade with the hunt
// (shrinkFade, shrinkFaded).
const shrinkAttackers = 22

// shrinkTwoSealed reports whether at least two corners are sealed by
// their triangles (sealNeed 0; a king in a pocket not counted: the gate
// only decides whether the cordon is computed), the gate's other way in
// (docs/log/2026-11-27-the-two-triangle-gate.md). With the fitted weights
// evaluateCached counts them itself, as it reads sealNeed for the seals.
func shrinkTwoSealed(m *[4]uint16) bool {
	n := 0
	for _, c := range m {
		if sealNeed[c] == 0 {
			n++
		}
	}
	return n >= 2
}

// shrinkWeak is the squares of an 11×11 board where an attacker does not
// shut the defenders out: beside a corner or the throne, where a single
// defender captures him against the hostile square (the seals do not
// count the corner's neighbours either).
var shrinkWeak = func() bb {
	var b bb
	for _, xy := range [...][2]int{{0, 1}, {1, 0}, {9, 0}, {10, 1}, {0, 9}, {1, 10}, {9, 10}, {10, 9}, {4, 5}, {6, 5}, {5, 4}, {5, 6}} {
		b.flip(int8(xy[1]*bitSize + xy[0]))
	}
	return b
}()

// shrinkRegion is the squares the defenders and the king reach through
// squares without attackers (but for attackers on shrinkWeak squares).
func (in *info) shrinkRegion(ps *pieceSums, k tafl.Square) bb {
	t := in.bits
	open := t.all.andNot(ps.att.andNot(shrinkWeak))
	r := ps.def
	if k != tafl.NoSquare && !r.has(t.index[k]) {
		r.flip(t.index[k])
	}
	for {
		n := t.grow(r).and(open).or(r)
		if n == r {
			return r
		}
		r = n
	}
}

// cornerNext is the two squares beside corner c, as a bit set.
func (in *info) cornerNext(c int) bb {
	var b bb
	b.flip(in.bits.index[in.seals[c][0]])
	b.flip(in.bits.index[in.seals[c][1]])
	return b
}

// shrinkCounts returns, without the gate, how many corners are sealed by
// their triangles (cornerNeed 0), how many are shut off (sealed, or
// beyond the defenders' region), the region and each corner's need.
func (in *info) shrinkCounts(ps *pieceSums, k tafl.Square) (tri, shut int, r bb, need [4]int) {
	for c := range in.seals {
		need[c] = in.cornerNeed(ps.seal[c], c, k)
		if need[c] == 0 {
			tri++
		}
	}
	r = in.shrinkRegion(ps, k)
	for c := range in.seals {
		if need[c] == 0 || r.and(in.cornerNext(c)).empty() {
			shut++
		}
	}
	return tri, shut, r, need
}

// shrinkNext is, per corner in the order of cornerSeals, its two
// neighbours on an 11×11 board as a bit set.
var shrinkNext = func() (out [4]bb) {
	for c, t := range cornerSeals(bitSize) {
		for _, sq := range t[:2] {
			out[c].flip(int8(sq.Rank()*bitSize + sq.File()))
		}
	}
	return out
}()

// shrinkScore is the shrinking cordon's terms, from the attackers' point
// of view, with seal scale sc, called only behind the gate (see
// shrinkAttackers). The region is flooded as
// shrinkRegion does, written out on the two words (as kingDetour), and
// the flood stops as soon as it has reached every corner not sealed by
// its triangle while one is: then no corner is shut off beyond the
// seals, and the terms are 0 (most often so in the opening).
func (in *info) shrinkScore(ps *pieceSums, k tafl.Square, sc int32) int32 {
	var need [4]int
	var pn bb // the neighbours of the corners in pending
	tri, pending := 0, uint8(0)
	for c := range need {
		need[c] = in.cornerNeed(ps.seal[c], c, k)
		if need[c] == 0 {
			tri++
		} else {
			pending |= 1 << c
			pn = pn.or(shrinkNext[c])
		}
	}
	t := in.bits
	open := t.all.andNot(ps.att.andNot(shrinkWeak))
	openE, openW := open.and(t.notA), open.and(t.notK)
	r := ps.def
	if k != tafl.NoSquare && !r.has(t.index[k]) {
		r.flip(t.index[k])
	}
	rlo, rhi := r.lo, r.hi
	for {
		lo := (rlo|rlo<<bitSize|rlo>>bitSize|rhi<<(64-bitSize))&open.lo |
			rlo<<1&openE.lo | (rlo>>1|rhi<<63)&openW.lo
		hi := (rhi|rhi<<bitSize|rhi>>bitSize|rlo>>(64-bitSize))&open.hi |
			(rhi<<1|rlo>>63)&openE.hi | rhi>>1&openW.hi
		lo, hi = lo|rlo, hi|rhi
		if lo&pn.lo|hi&pn.hi != 0 {
			// A corner not yet reached is now: which (most
			// iterations reach none).
			pn = bb{}
			for p := pending; p != 0; p &= p - 1 {
				c := bits.TrailingZeros8(p)
				if n := &shrinkNext[c]; lo&n.lo|hi&n.hi != 0 {
					pending &^= 1 << c
				} else {
					pn = pn.or(*n)
				}
			}
			if pending == 0 && tri < len(need) {
				return 0
			}
		}
		if lo == rlo && hi == rhi {
			break
		}
		rlo, rhi = lo, hi
	}
	r = bb{rlo, rhi}
	w := in.w
	var v int32
	shut := 0
	for c := range need {
		if need[c] == 0 {
			shut++
			continue
		}
		if pending&(1<<c) != 0 {
			shut++
			if w.shrinkSeal {
				// The seal's value in full, as sealScore gives it
				// (times sealScale; the faded counts already count
				// every corner as sealed).
				v += sealScale(ps.ndef) * (w.seal[0] - in.sealW[need[c]&3])
			}
		}
	}
	if shut == len(need) {
		edge := t.edge.andNot(t.spec)
		ring := w.shrinkEdge*(edge.count()-r.and(edge).count()) + w.shrinkRoom*(t.all.count()-r.count())
		v += shrinkFade(sc) * ring / huntDefenders
	}
	return v
}

// shrinkFade is how many quarters (of huntDefenders) the room and edge
// terms count with seal scale sc: in full with huntDefenders+1 defenders
// or more, a quarter less for each one fewer, nothing with one left. They
// fade one step ahead of the seals (sealScale), which still count once
// with one defender left: the ring's value is some 600 where a seal's
// difference is 80, and the hunt must be free to open a corner
// (TestSealsGiveWayToTheHunt).
func shrinkFade(sc int32) int32 { return max(sc-1, 0) }

// shrinkFaded is the room and edge terms' faded counts with seal scale
// sc (as fadedSeals): as the hunt grows, the faded part counts the ring
// as closed in full (every square but the king's outside the defenders'
// reach), so that opening a corner to hunt the king, or taking one of
// the last defenders, does not cost the ring's bonus.
func (in *info) shrinkFaded(sc int32) int32 {
	t, w := in.bits, in.w
	edge := t.edge.andNot(t.spec)
	return (huntDefenders - shrinkFade(sc)) * (w.shrinkEdge*edge.count() + w.shrinkRoom*(t.all.count()-1)) / huntDefenders
}
