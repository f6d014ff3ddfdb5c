package ai

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"sync"
	"weak"

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

// board is a position's pieces on the mailbox, offBoard outside the
// board: a tafl.Position's own cells (see tafl.Position.Cells), read in
// place because reading a tafl.Position square by square is slow.
type board [cells]tafl.Piece

// offBoard marks a mailbox cell outside the board: package tafl's wall
// (TestOffBoardIsTaflWall).
const offBoard tafl.Piece = tafl.King + 1

// info is what the evaluation and the search need to know about a
// variant, computed once per variant.
type info struct {
	name    string // the variant's (not the variant itself: see infoCache)
	rules   tafl.Rules
	size    int
	corner  bool // the king escapes to the corners (else to the edge)
	squares []tafl.Square
	used    int   // the mailbox cells a board of this size uses: its rows and the off-board rows around them
	att     *info // the same tables evaluating with the attackers' own weights (Limits.AttackerWeights); nil: none

	empty      board                      // every board square Empty, every other cell offBoard
	escape     [cells]bool                // the king wins on this square
	special    [cells]bool                // throne, corner or camp
	specBit    [cells]uint8               // 8 on a throne, corner or camp square, else 0 (see exposedLine)
	kingStop   [cells]bool                // the king may stop here (coming from outside)
	kingPass   [cells]bool                // the king may pass over here
	kingFlags  [cells]uint8               // kingMayStop, kingMayPass, kingEscapes and kingSeesEscape together (kingTerms)
	guard      [cells]int16               // corner variants: value of an attacker here for blocking a corner
	guardW     [cells]int32               // an attacker's square value: guard * w.guard / 100, plus pstA
	pstDsq     [cells]int32               // a defender's square value (pstD)
	kingSq     [cells]int32               // the king's square value: pstK, less kingDist per square of his nearness to an escape square (size - info.kingDist)
	kingAdjW   [5]int32                   // the value of 0 to 4 attackers beside the king (kingAdj, kingAdjWeak, kingAdjSq)
	hangW      [2][2]int32                // per defender and per attacker that could be captured (hanging, hangingOther, hangDA …), by the side to move&1 (Attackers: 1, else 0)
	seals      [][sealSquares]tafl.Square // per corner: the squares of its triangle (fitted families; see seal.go)
	sealAt     [cells]sealPlace           // each square's corner triangle and bit
	outward    [cells][4]tafl.Square      // the four steps, the one toward the nearest edge last
	zob        [cells]uint64              // random keys of the squares (cordonCache)
	bits       *bitTables                 // fitted families: the bit-set masks
	plan       uint8                      // the plan terms whose weights are not all 0 (planSeal, …)
	sealW      [4]int32                   // w.seal by the attackers a corner needs (sealNeed), 0 for three or more
	cornerDist [4][cells]int8             // fitted families: each square's distance to each corner (file + rank steps)
	kingDist   [cells]int16               // distance (in squares) to the nearest escape square
	escDirs    [cells]uint8               // bit i: an escape square lies from here in direction dirs[i]
	w          *weights

	// pieces needed around the king before a one-move capture is possible
	captureNeed int

	// balance is subtracted from the attackers' evaluation so that 0
	// means even chances (see balances).
	balance int32
}

// The bits of info.kingFlags.
const (
	kingMayStop = 1 << iota
	kingMayPass
	kingEscapes
	kingSeesEscape // an escape square lies from here in some direction (escDirs)
)

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

// infoCache holds each variant's info while the variant is in use. It is
// keyed weakly: an entry goes when its variant is collected. A variant
// read from a rules string is a new one at every read (a custom game's
// every load in the bot, every game of a tafl otep process), and keyed by
// the variant itself their infos, over 100 KB each, were kept for ever.
var infoCache sync.Map // weak.Pointer[tafl.Variant] -> *info

// infoFor returns the cached tables of v.
func infoFor(v *tafl.Variant) *info {
	key := weak.Make(v)
	if x, ok := infoCache.Load(key); ok {
		return x.(*info)
	}
	x, loaded := infoCache.LoadOrStore(key, newInfo(v))
	if !loaded {
		runtime.AddCleanup(v, func(k weak.Pointer[tafl.Variant]) { infoCache.Delete(k) }, key)
	}
	return x.(*info)
}

func newInfo(v *tafl.Variant) *info {
	r := v.Rules()
	in := &info{name: v.Name(), rules: r, size: v.Size(), corner: r.Escape == tafl.EscapeCorners, squares: v.Squares()}
	in.used = (in.size + 2) * stride
	for i := range in.empty {
		in.empty[i] = offBoard
	}
	for _, sq := range in.squares {
		in.empty[sq] = tafl.Empty
		in.escape[sq] = v.IsEscape(sq)
		in.special[sq] = v.IsThrone(sq) || v.IsCorner(sq) || v.IsCamp(sq)
		if in.special[sq] {
			in.specBit[sq] = 8
		}
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
		if in.kingStop[sq] {
			in.kingFlags[sq] |= kingMayStop
		}
		if in.kingPass[sq] {
			in.kingFlags[sq] |= kingMayPass
		}
		if in.escape[sq] {
			in.kingFlags[sq] |= kingEscapes
		}
	}
	rng := rand.New(rand.NewPCG(0xc0, 0xd0))
	for _, sq := range in.squares {
		in.zob[sq] = rng.Uint64()
	}
	for _, sq := range in.squares {
		// Steps ordered by the distance to the edge that way, farthest first.
		o := dirs
		dist := func(d tafl.Square) int {
			n := 0
			for q := sq + d; in.empty[q] != offBoard; q += d {
				n++
			}
			return n
		}
		slices.SortStableFunc(o[:], func(a, b tafl.Square) int { return dist(b) - dist(a) })
		in.outward[sq] = o
		for i, d := range dirs {
			for q := sq + d; in.empty[q] == tafl.Empty; q += d {
				if in.escape[q] {
					in.escDirs[sq] |= 1 << i
					break
				}
			}
		}
		if in.escDirs[sq] != 0 {
			in.kingFlags[sq] |= kingSeesEscape
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
		if n == 11 && r.KingStrength == tafl.StrongKing {
			in.w = &corner11Weights
			in.seals = cornerSeals(n)
			for c, xy := range [4][2]int{{0, 0}, {n - 1, 0}, {0, n - 1}, {n - 1, n - 1}} { // the order of cornerSeals
				for _, sq := range in.squares {
					in.cornerDist[c][sq] = int8(abs(sq.File()-xy[0]) + abs(sq.Rank()-xy[1]))
				}
			}
			sealTables()
			for c, t := range in.seals {
				for i, sq := range t {
					in.sealAt[sq] = sealPlace{corner: uint8(c + 1), bit: 1 << i}
				}
			}
			in.bits = newBitTables(in.squares, &in.special, &in.sealAt)
		}
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
	switch r.KingStrength {
	case tafl.WeakKing, tafl.StrongNearThrone:
		in.captureNeed = 1
	default:
		in.captureNeed = 3
	}
	in.setWeights(in.w) // after captureNeed (kingAdjW)
	in.balance = balanceOf(v)
	if in.fitted() {
		in.att = in.copyWith(&corner11AttackerWeights)
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

// classes bounds the number of symmetry classes of squares (classOf) on
// the largest board, 19×19.
const classes = (tafl.MaxSize/2 + 1) * (tafl.MaxSize/2 + 2) / 2

// classOf returns the symmetry class of square sq on an n×n board: the
// squares that the board's eight symmetries map onto each other share a
// class. With x ≤ y the distances to the nearer edges, the class is
// y(y+1)/2 + x, so the corner is class 0 and the centre the last.
func classOf(sq tafl.Square, n int) int {
	x := min(sq.File(), n-1-sq.File())
	y := min(sq.Rank(), n-1-sq.Rank())
	if x > y {
		x, y = y, x
	}
	return y*(y+1)/2 + x
}

// setWeights makes w the evaluation's weights and derives the square
// tables from them.
func (in *info) setWeights(w *weights) {
	in.w = w
	in.plan = 0
	if w.seal != [3]int32{} || w.openCorner != [3]int32{} {
		in.plan |= planSeal
	}
	if w.openCorner != [3]int32{} {
		in.plan |= planOpenCorner
	}
	in.sealW = [4]int32{w.seal[0], w.seal[1], w.seal[2], 0}
	if w.kingShut != 0 || w.kingRoom != 0 || w.outsideDef != 0 {
		in.plan |= planCordon
	}
	if w.near != [3]int32{} {
		in.plan |= planNear
	}
	if w.kingReach != 0 {
		in.plan |= planReach
	}
	if w.kingDetour != 0 {
		in.plan |= planDetour
	}
	if w.shrinkSeal || w.shrinkEdge != 0 || w.shrinkRoom != 0 {
		in.plan |= planShrink
	}
	for _, sq := range in.squares {
		c := classOf(sq, in.size)
		in.guardW[sq] = int32(in.guard[sq])*w.guard/100 + w.pstA[c]
		in.pstDsq[sq] = w.pstD[c]
		in.kingSq[sq] = w.pstK[c] - w.kingDist*(int32(in.size)-int32(in.kingDist[sq]))
	}
	in.hangW[tafl.Attackers&1] = [2]int32{w.hanging + w.hangDA, w.hangAA - w.hangingOther}
	in.hangW[tafl.Defenders&1] = [2]int32{w.hangingOther + w.hangDD, w.hangAD - w.hanging}
	for adj := range int32(len(in.kingAdjW)) {
		if in.captureNeed == 1 {
			in.kingAdjW[adj] = w.kingAdjWeak * adj
		} else {
			in.kingAdjW[adj] = w.kingAdj*adj*adj/2 + w.kingAdjSq*adj*adj
		}
	}
}

// withWeights returns a copy of in that evaluates with w.
func (in *info) withWeights(w *Weights) (*info, error) {
	if !in.fitted() || w.size != in.size {
		return nil, fmt.Errorf("ai: weights for %d×%d boards do not fit %s (see Tunable)", w.size, w.size, in.name)
	}
	ww := w.w
	return in.copyWith(&ww), nil
}

// copyWith returns a copy of in that evaluates with w (and has no
// attackers' weights of its own).
func (in *info) copyWith(w *weights) *info {
	c := *in
	c.att = nil
	c.setWeights(w)
	return &c
}

// The plan terms of the fitted families (info.plan).
const (
	planSeal       = 1 << iota // corner seals (the plan moves' ordering too)
	planCordon                 // the king shut in
	planNear                   // attackers near the king
	planReach                  // the king's two-move reach
	planDetour                 // the king's detour to the edge
	planOpenCorner             // the king near a corner that is not sealed (part of planSeal)
	planShrink                 // corners shut off by a line of attackers (part of planSeal)
)
