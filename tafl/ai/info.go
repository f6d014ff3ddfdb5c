package ai

import (
	"sync"

	"github.com/taflbot/taflbot/tafl"
)

// Board geometry shared with package tafl: every square is an index into
// a 21×21 mailbox, (rank+1)*21 + file+1, whatever the board's size.
const (
	stride = tafl.MaxSize + 2
	cells  = stride * stride
)

// dirs are the four orthogonal steps on the mailbox.
var dirs = [4]tafl.Square{1, -1, stride, -stride}

// board is a copy of a position's pieces on the mailbox, offBoard
// outside the board. The search keeps one per ply, updated move by move,
// because reading a tafl.Position square by square is slow.
type board [cells]tafl.Piece

// offBoard marks a mailbox cell outside the board in a local board copy.
const offBoard tafl.Piece = 7

// info is what the evaluation and the search need to know about a
// variant, computed once per variant.
type info struct {
	v       *tafl.Variant
	rules   tafl.Rules
	size    int
	corner  bool // the king escapes to the corners (else to the edge)
	squares []tafl.Square

	empty    board        // every board square Empty, every other cell offBoard
	escape   [cells]bool  // the king wins on this square
	special  [cells]bool  // throne, corner or camp
	kingStop [cells]bool  // the king may stop here (coming from outside)
	kingPass [cells]bool  // the king may pass over here
	guard    [cells]int16 // corner variants: value of an attacker here for blocking a corner
	guardW   [cells]int32 // guard scaled by the weights: guard * w.guard / 100
	kingDist [cells]int16 // distance (in squares) to the nearest escape square
	escDirs  [cells]uint8 // bit i: an escape square lies from here in direction dirs[i]
	w        *weights

	// pieces needed around the king before a one-move capture is possible
	captureNeed int
}

var infoCache sync.Map // *tafl.Variant -> *info

// infoFor returns the cached tables of v.
func infoFor(v *tafl.Variant) *info {
	if x, ok := infoCache.Load(v); ok {
		return x.(*info)
	}
	x, _ := infoCache.LoadOrStore(v, newInfo(v))
	return x.(*info)
}

func newInfo(v *tafl.Variant) *info {
	r := v.Rules()
	in := &info{v: v, rules: r, size: v.Size(), corner: r.Escape == tafl.EscapeCorners, squares: v.Squares()}
	for i := range in.empty {
		in.empty[i] = offBoard
	}
	for _, sq := range in.squares {
		in.empty[sq] = tafl.Empty
		in.escape[sq] = v.IsEscape(sq)
		in.special[sq] = v.IsThrone(sq) || v.IsCorner(sq) || v.IsCamp(sq)
		var a *tafl.Area
		switch {
		case v.IsThrone(sq):
			a = &r.Throne
		case v.IsCorner(sq):
			a = &r.Corners
		case v.IsCamp(sq):
			a = &r.Camps
		}
		if a == nil {
			in.kingStop[sq], in.kingPass[sq] = true, true
			continue
		}
		in.kingStop[sq] = a.Stop.Has(tafl.King)
		in.kingPass[sq] = a.Pass.Has(tafl.King)
		if v.IsThrone(sq) && (!a.Reenter.Has(tafl.King) || r.ThroneBlockedAfterKingLeaves) {
			in.kingStop[sq], in.kingPass[sq] = false, false
		}
	}
	for _, sq := range in.squares {
		for i, d := range dirs {
			for q := sq + d; in.empty[q] == tafl.Empty; q += d {
				if in.escape[q] {
					in.escDirs[sq] |= 1 << i
					break
				}
			}
		}
	}
	n := in.size
	for _, sq := range in.squares {
		best := int16(2 * n)
		for _, e := range in.squares {
			if !in.escape[e] {
				continue
			}
			d := int16(abs(sq.File()-e.File()) + abs(sq.Rank()-e.Rank()))
			best = min(best, d)
		}
		in.kingDist[sq] = best
	}
	if in.corner {
		in.w = &cornerWeights
		// Squares that shut a corner: the classic diagonal blockade.
		for _, sq := range in.squares {
			f, rk := sq.File(), sq.Rank()
			df := min(f, n-1-f)
			dr := min(rk, n-1-rk)
			switch {
			case (df == 1 && dr == 2) || (df == 2 && dr == 1):
				in.guard[sq] = 22
			case df == 1 && dr == 1:
				in.guard[sq] = 12
			case (df == 0 && dr == 2) || (df == 2 && dr == 0):
				in.guard[sq] = 10
			case (df == 0 && dr == 3) || (df == 3 && dr == 0):
				in.guard[sq] = 4
			}
		}
	} else {
		in.w = &edgeWeights
	}
	for _, sq := range in.squares {
		in.guardW[sq] = int32(in.guard[sq]) * in.w.guard / 100
	}
	switch r.KingStrength {
	case tafl.WeakKing, tafl.StrongNearThrone:
		in.captureNeed = 1
	default:
		in.captureNeed = 3
	}
	return in
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
