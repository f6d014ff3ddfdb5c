package ai

import (
	"strings"
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

	// balance is subtracted from the attackers' evaluation so that 0
	// means even chances (see balances).
	balance int32
}

// balances are, for the presets whose games can end in a draw, the
// evaluation (attackers' point of view, before this correction) at which
// the engine playing itself scores 50 %. Subtracting it makes a score of 0
// mean even chances, which is what a draw is worth: without it the side
// the evaluation underrates takes a draw by repetition in a position it
// wins three times in four, and the other side refuses one it should take.
// In the other presets (repetition loses or is forbidden, stalemate loses)
// no game ends in a draw and a constant changes no decision, so they keep
// 0, as do custom variants. The figures come from `tafl balance` on
// self-play records; docs/ENGINE.md, "The evaluation's balance", has the
// commands. A preset with several layouts has one entry per layout,
// "name/layout".
var balances = map[string]int32{
	"brandubh":              441,
	"tawlbwrdd/lewis":       308,
	"tawlbwrdd/bell":        567,
	"tawlbwrdd/lewis-cross": 72,
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
		// The king, off these squares, needs re-entry too (OpenTafl's …re).
		if !a.Reenter.Has(tafl.King) || (v.IsThrone(sq) && r.ThroneBlockedAfterKingLeaves) {
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
	in.balance = balanceOf(v)
	switch r.KingStrength {
	case tafl.WeakKing, tafl.StrongNearThrone:
		in.captureNeed = 1
	default:
		in.captureNeed = 3
	}
	return in
}

// balanceOf returns the balance of the table entry whose preset has v's
// rules and layout (whatever its name: an OTEP host's rules string or a
// custom variant with a preset's rules counts as that preset), or 0.
func balanceOf(v *tafl.Variant) int32 {
	key := gameKey(v)
	for entry, b := range balances {
		if pv, err := balancePreset(entry); err == nil && gameKey(pv) == key {
			return b
		}
	}
	return 0
}

// balancePreset returns the preset a key of balances names: "name" or
// "name/layout".
func balancePreset(entry string) (*tafl.Variant, error) {
	name, layout, _ := strings.Cut(entry, "/")
	return tafl.Preset(name, layout)
}

// gameKey is v's rules string without its names: the same key means the
// same game.
func gameKey(v *tafl.Variant) string {
	r := v.Rules()
	r.Name, r.Title, r.Layout = "", "", ""
	return r.String()
}

// Balance returns the constant the evaluation subtracts, from the
// attackers' point of view, in variant v so that a score of 0 means even
// chances between equal players (0 where no game can be drawn; see
// `tafl balance`).
func Balance(v *tafl.Variant) int { return int(infoFor(v).balance) }

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
