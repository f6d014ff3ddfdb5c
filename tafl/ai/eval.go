package ai

import (
	_ "embed"
	"math/bits"
	"slices"

	"github.com/taflbot/taflbot/tafl"
)

// weights are the evaluation's terms for one family of variants. Scores
// are in hundredths of an attacker, from the attackers' point of view
// inside evaluate.
type weights struct {
	attacker, defender int32 // material
	kingFree           int32 // per square the king can move to
	openLine           int32 // per open line to an escape square (attackers to move must block)
	route              int32 // per square from which the king would have an open line
	routeSq            int32 // extra per escape square reachable in two king moves
	kingDist           int32 // per square of distance between the king and the nearest escape square
	kingAdj            int32 // per attacker beside the king
	kingAdjWeak        int32 // per attacker beside a king captured by two
	guard              int32 // scale of the corner blockade table (percent)
	chain              int32 // per diagonal link between attackers (cordon)
	hanging            int32 // per piece that the side to move could attack (half sandwiched)
	hangingOther       int32 // the same for the side to move's own pieces

	// Terms of the fitted families (see features.go); zero elsewhere.
	// Each adds weight × count from the attackers' point of view.
	kingAdjSq      int32          // per attacker beside a strong king, squared
	hangDA, hangAA int32          // defenders / attackers that could be captured, attackers to move
	hangDD, hangAD int32          // the same, defenders to move
	seal           [3]int32       // per corner sealed (0), or one or two attackers short of it (1, 2), times sealScale (see there); see seal.go
	kingShut       int32          // the king cannot reach the edge (cordon, seal.go)
	kingRoom       int32          // per square of his room when he is shut in
	outsideDef     int32          // per defender outside his room when he is shut in
	near           [3]int32       // the hunt (at most huntDefenders defenders left, times huntScale): per attacker 1, 2 or 3 squares from the king (the larger of the file and rank distances)
	kingReach      int32          // the hunt (times huntScale): per square the king reaches in one or two moves
	kingDetour     int32          // per step the king's shortest way to the edge is longer than his straight distance (seal.go)
	openCorner     [3]int32       // per corner one, two or three+ attackers short of a seal: max(0, 8 - the king's distance to it), times sealScale
	shrinkSeal     bool           // a corner the defenders cannot reach counts as sealed (the shrinking cordon, shrinkScore in seal.go)
	shrinkEdge     int32          // the same, with every corner shut off: per edge square (corners not counted) the defenders cannot reach
	shrinkRoom     int32          // the same: per square of the board the defenders cannot reach
	pstA, pstD     [classes]int32 // per attacker / defender on a square of each symmetry class (classOf)
	pstK           [classes]int32 // the king on a square of each class
}

// huntDefenders is how few defenders (the king not counted) the king
// must have left before the hunt terms (near, kingReach) count: with
// his men gone he can neither escape through a sealed corner nor build a
// fort, and the attackers win only by drawing their net around him
// (capture or encirclement). Elsewhere they are 0, and cost nothing.
//
// The hunt grows as his men fall: its terms count huntScale times, once
// for the first defender fewer than huntDefenders+1 and once more for
// each further one (five times with none left). Counted in full from the
// start, the hunt's price for a free king (his reach, some 60 to 90
// squares) would outweigh the capture that begins it, and the attackers
// would spare his fifth man for ever (games drawn at the move cap with
// five defenders left, 2026-11-26).
const huntDefenders = 4

// huntScale is how many times the hunt terms count with ndef defenders
// left (see huntDefenders): 0 above huntDefenders, else huntDefenders+1-ndef.
func huntScale(ndef int32) int32 { return max(0, huntDefenders+1-ndef) }

// sealScale is how many times the seal terms (seal, openCorner) count
// with ndef defenders left: once per defender, at most huntDefenders+1
// times; each of the other huntDefenders+1-sealScale counts counts every
// corner as sealed. The seals give way as the hunt grows: with his men
// gone the attackers need the guards' pieces for the net, and twelve
// attackers held for ever in four seals left four to hunt a lone king,
// who walked about until the move cap (games against ftzm, 2026-11-26).
// Counting the faded part as sealed keeps a capture from ever lowering
// the seals' value (fading them to nothing cost the attackers a fifth of
// four seals for the fifth defender, and they never took him).
// sealScale + huntScale is huntDefenders+1 whenever the hunt counts.
func sealScale(ndef int32) int32 { return min(max(ndef, 0), huntDefenders+1) }

// fadedSeals is how many corners count as sealed in the faded counts with
// seal scale sc: every corner, once for each of the huntDefenders+1-sc
// counts (see sealScale).
func (in *info) fadedSeals(sc int32) int32 { return (huntDefenders + 1 - sc) * int32(len(in.seals)) }

var cornerWeights = weights{
	attacker: 100, defender: 170,
	kingFree: 5, openLine: 60, route: 90, routeSq: 60, kingDist: 6,
	kingAdj: 22, kingAdjWeak: 55, guard: 300, chain: 7,
	hanging: 30, hangingOther: 10,
}

// corner11Weights are the terms of the corner-escape variants on 11×11
// boards with a strong king (copenhagen, fetlar, cyning-taefl): the fitted
// family, read from weights_corner11.json, which `tafl tune` writes.
var corner11Weights = func() weights {
	w, err := parseWeights(11, corner11JSON)
	if err != nil {
		panic(err)
	}
	return w
}()

// corner11AttackerWeights are corner11Weights with the corner seals
// weighed more and the shrinking cordon: the attackers' own evaluation in
// play (see Limits.AttackerWeights). Per count 82, 53 and 27 for a corner
// sealed, one and two attackers short (410, 265 and 135 with five
// defenders or more, against the fitted 150, 60 and 20); with the cordon
// (shrinkScore) a corner the defenders can no longer reach counts as
// sealed, and with every corner shut off each edge square they cannot
// reach is worth 31 and each square 18. Tuned by self-play, 2026-11-27:
// tools/spsa -start attackers (the attackers' five numbers against the
// fitted defenders, a draw worth 0, 1 152 games at 25 000 and 40 000
// nodes), the mean of its iterations 10–35 (seals 90, 45, 27; edge 31,
// room 18), the seals then moved the least distance that keeps them
// giving way to the hunt with one defender left (seal.0 − seal.1 ≤ 29,
// TestSealsGiveWayToTheHunt). The hand-set values before were 80, 60,
// 36, 20 and 12 (docs/log/2026-11-27-the-tuned-cordon.md). The seals'
// weight came from games against ftzm's engine, where the attackers who
// sealed all four corners early won or drew and those who left one open
// lost to a king escape through it; weighed so for both sides, the
// defenders lost games they had won (docs/log/2026-11-26-four-seals.md).
var corner11AttackerWeights = func() weights {
	w := corner11Weights
	w.seal = [3]int32{82, 53, 27}
	w.shrinkSeal, w.shrinkEdge, w.shrinkRoom = true, 31, 18
	return w
}()

//go:embed weights_corner11.json
var corner11JSON []byte

var edgeWeights = weights{
	attacker: 100, defender: 150,
	kingFree: 6, openLine: 80, route: 60, routeSq: 30, kingDist: 25,
	kingAdj: 25, kingAdjWeak: 55, guard: 0, chain: 6,
	hanging: 30, hangingOther: 10,
}

// evaluateWith returns the static value of board bp for the side to move,
// given the board's piece terms ps (see pieceSums). It must not be a
// finished position.
func (in *info) evaluateWith(bp *board, toMove tafl.Side, k tafl.Square, ps *pieceSums) int32 {
	return in.evaluateCached(bp, toMove, k, ps, nil, nil)
}

// evaluateCached is evaluateWith with caches of the cordon test and of
// the king's detour (nil: none).
func (in *info) evaluateCached(bp *board, toMove tafl.Side, k tafl.Square, ps *pieceSums, cc *cordonCache, dc *detourCache) int32 {
	b := bp
	w := in.w
	var s int32 // attackers' point of view

	// The king.
	if k != tafl.NoSquare {
		// kingCounts written out: most often the king has no move, and
		// his lines' terms are 0.
		ways, adj := kingNeighbours(b, k)
		if ways != 0 {
			free, lines, routes, routeSq := in.kingLines(b, k, ways)
			s -= w.kingFree*free + w.route*routes + w.routeSq*routeSq
			if toMove == tafl.Attackers {
				s -= w.openLine * lines
			}
		}
		s += in.kingAdjW[adj] + in.kingSq[k]
	}
	if in.seals != nil {
		// Each plan term is computed only when its weights are not all 0.
		if in.plan&planSeal != 0 {
			sc := sealScale(ps.ndef)
			var v int32
			var two bool // at least two corners sealed by their triangles (the cordon's gate)
			if in.plan&planOpenCorner == 0 {
				// sealScore without the openCorner terms (the fitted
				// weights have none), written out: a corner's value is
				// sealNeed's alone, four table reads, and the king's
				// own corner, when his pocket makes it open, put right
				// (sealNeed is 0 to 3: &3 spares the bounds checks).
				// A call here would spill and reload the evaluation's
				// values (some 20 instructions per evaluation).
				sw, m := &in.sealW, &ps.seal
				n0, n1, n2, n3 := sealNeed[m[0]]&3, sealNeed[m[1]]&3, sealNeed[m[2]]&3, sealNeed[m[3]]&3
				v = sw[n0] + sw[n1] + sw[n2] + sw[n3]
				two = n0 == 0 && (n1 == 0 || n2 == 0 || n3 == 0) || n1 == 0 && (n2 == 0 || n3 == 0) || n2 == 0 && n3 == 0
				if p := in.sealAt[k]; p.corner != 0 {
					if c := m[(p.corner-1)&3]; sealRegion[c]&p.bit != 0 {
						v += sw[3] - sw[sealNeed[c]&3] // see cornerNeed
					}
				}
			} else {
				v = in.sealScore(&ps.seal, k)
				two = shrinkTwoSealed(&ps.seal)
			}
			s += sc*v + in.fadedSeals(sc)*w.seal[0]
			// The shrinking cordon, behind its gate (see shrinkAttackers),
			// its room and edge terms faded as the seals are, the faded
			// counts taken as the ring closed in full (shrinkFaded).
			if in.plan&planShrink != 0 {
				if ps.natt <= shrinkAttackers || two {
					s += in.shrinkScore(ps, k, sc)
				}
				if sc <= huntDefenders {
					s += in.shrinkFaded(sc)
				}
			}
		}
		if in.plan&planCordon != 0 {
			if shut, room, out := in.cordonCached(b, k, ps, cc); shut {
				s += w.kingShut + w.kingRoom*room + w.outsideDef*out
			}
		}
		if k != tafl.NoSquare {
			if m := huntScale(ps.ndef); m > 0 && in.plan&(planNear|planReach) != 0 {
				var h int32
				if in.plan&planNear != 0 {
					n := in.nearKing(ps, k)
					h += w.near[0]*n[0] + w.near[1]*n[1] + w.near[2]*n[2]
				}
				if in.plan&planReach != 0 {
					h += w.kingReach * in.kingReach(ps, k)
				}
				s += m * h
			}
			if in.plan&planDetour != 0 {
				// Most often dc has it: no call.
				v, ok := int32(0), false
				if dc != nil {
					v, ok = dc.get(in.detourKey(ps, k))
				}
				if !ok {
					v = in.kingDetourCached(ps, k, dc)
				}
				s += w.kingDetour * v
			}
		}
	}

	// The pieces.
	return in.finish(s, ps, toMove)
}

// pieceSums are the terms of the evaluation that add up square by square
// over the attackers and defenders (the king excluded). The search keeps
// them move by move (see searcher.push) instead of scanning the board at
// every evaluation; pieceSumsOf computes them from scratch.
type pieceSums struct {
	natt, ndef   int32     // material
	guard        int32     // square values: the corner blockade and pstA of the attackers, pstD of the defenders
	chain        int32     // diagonal links between attackers
	hangA, hangD int32     // attackers / defenders that could be captured
	seal         [4]uint16 // per corner, its triangle's squares that hold attackers (fitted families)
	akey         uint64    // the attackers' squares, hashed (cordonCache)
	att, def     bb        // the attackers' and the defenders' squares (fitted families)
}

// pieceSumsOf sums the piece terms of board b.
func (in *info) pieceSumsOf(b *board) pieceSums {
	var t pieceSums
	for _, sq := range in.squares {
		in.addSquare(b, sq, &t, 1)
	}
	return t
}

// addSquare adds sign times the terms of the piece on sq (if any) to t.
// They depend on the cells sq, sq±1, sq±stride and sq+stride±1 only.
func (in *info) addSquare(b *board, sq tafl.Square, t *pieceSums, sign int32) {
	switch b[sq] {
	case tafl.Attacker:
		t.natt += sign
		t.guard += sign * in.guardW[sq] // with the attackers' square values (pstA)
		if in.bits != nil {
			t.akey ^= in.zob[sq]
			t.att.flip(in.bits.index[sq])
			if p := in.sealAt[sq]; p.corner != 0 && p.bit > 2 {
				t.seal[p.corner-1] ^= p.bit // not the corner's neighbours (bits 1 and 2); see seal.go
			}
		}
		if b[sq+stride+1] == tafl.Attacker {
			t.chain += sign
		}
		if b[sq+stride-1] == tafl.Attacker {
			t.chain += sign
		}
		if in.exposed(b, sq, tafl.Defender) {
			t.hangA += sign
		}
	case tafl.Defender:
		t.ndef += sign
		t.guard += sign * in.pstDsq[sq]
		if in.bits != nil {
			t.def.flip(in.bits.index[sq])
		}
		if in.exposed(b, sq, tafl.Attacker) {
			t.hangD += sign
		}
	}
}

// updateSums turns t, the sums of board old, into the sums of board b,
// which differs from old only on the cells in changed. marks[sq] == mark
// says a square was counted already; mark must be new for each call.
//
// A piece's terms depend on its own cell and its four neighbours, except
// the chain links, which look at the two cells diagonally above it. So the
// changed cells are counted again in full; a neighbour of one holds the
// same piece on both boards, so only its exposure (see exposed) and its
// links can differ; and the squares diagonally below a changed cell only
// for their links.
func (in *info) updateSums(old, b *board, changed []tafl.Square, t *pieceSums, marks *[cells]uint32, mark uint32) {
	for _, c := range changed {
		if marks[c] == mark {
			continue
		}
		marks[c] = mark
		// Only attackers and defenders have terms (see addSquare).
		if x := old[c]; x == tafl.Attacker || x == tafl.Defender {
			in.addSquare(old, c, t, -1)
		}
		if x := b[c]; x == tafl.Attacker || x == tafl.Defender {
			in.addSquare(b, c, t, 1)
		}
	}
	for _, c := range changed {
		for _, sq := range [4]tafl.Square{c + 1, c - 1, c + stride, c - stride} {
			if marks[sq] == mark {
				continue
			}
			marks[sq] = mark
			// Not a changed cell (those are marked): the same piece on
			// both boards.
			switch b[sq] {
			case tafl.Attacker:
				t.hangA += exposedDiff(in.exposed(b, sq, tafl.Defender), in.exposed(old, sq, tafl.Defender))
				t.chain += links(b, sq) - links(old, sq)
			case tafl.Defender:
				t.hangD += exposedDiff(in.exposed(b, sq, tafl.Attacker), in.exposed(old, sq, tafl.Attacker))
			}
		}
	}
	for _, c := range changed {
		for _, sq := range [2]tafl.Square{c - stride - 1, c - stride + 1} {
			if marks[sq] == mark {
				continue
			}
			marks[sq] = mark
			// Not a changed cell (those are marked): the same piece on
			// both boards.
			if b[sq] == tafl.Attacker {
				t.chain += links(b, sq) - links(old, sq)
			}
		}
	}
}

// exposedDiff returns 1, 0 or -1: now less before, each counted as 1 when true.
func exposedDiff(now, before bool) int32 {
	var d int32
	if now {
		d++
	}
	if before {
		d--
	}
	return d
}

// links returns the number of attackers diagonally above sq.
func links(b *board, sq tafl.Square) int32 {
	n := int32(0)
	if b[sq+stride+1] == tafl.Attacker {
		n++
	}
	if b[sq+stride-1] == tafl.Attacker {
		n++
	}
	return n
}

// finish adds the piece terms ps to the king's terms s and returns the
// value for the side to move.
func (in *info) finish(s int32, ps *pieceSums, toMove tafl.Side) int32 {
	w := in.w
	s += ps.guard + w.chain*ps.chain
	s += w.attacker*ps.natt - w.defender*ps.ndef - in.balance
	h := &in.hangW[toMove&1]
	s += h[0]*ps.hangD + h[1]*ps.hangA
	if toMove == tafl.Defenders {
		return -s
	}
	return s
}

// exposed reports whether the piece on sq stands between an enemy (or a
// hostile square) and an empty square along a rank or file: an enemy
// reaching the empty square would capture it.
func (in *info) exposed(b *board, sq tafl.Square, enemy tafl.Piece) bool {
	t := &exposedLine[enemy&1]
	sp := &in.specBit
	cell := func(q tafl.Square) uint8 { return uint8(b[q]) | sp[q] }
	return t[cell(sq+1)][cell(sq-1)] || t[cell(sq+stride)][cell(sq-stride)]
}

// exposedLine[enemy&1][x][y] says whether a piece between cells x and y
// (each a piece, or'ed with 8 for a special square) on one line is
// exposed to the enemy (attackers: index 1, defenders: 0): an enemy on
// one side and a plain empty square on the other, or two empty squares
// of which exactly one is special (hostile).
var exposedLine = func() (t [2][16][16]bool) {
	for _, enemy := range []tafl.Piece{tafl.Attacker, tafl.Defender} {
		for x := range 16 {
			for y := range 16 {
				px, py := tafl.Piece(x&7), tafl.Piece(y&7)
				sx, sy := x&8 != 0, y&8 != 0
				var e bool
				switch {
				case px == enemy:
					e = py == tafl.Empty && !sy
				case py == enemy:
					e = px == tafl.Empty && !sx
				case px == tafl.Empty && py == tafl.Empty:
					e = sx != sy
				}
				t[enemy&1][x][y] = e
			}
		}
	}
	return t
}()

// linesFrom returns the number of open lines to an escape square the
// king would have on q, his current square k counting as empty.
func (in *info) linesFrom(b *board, q, k tafl.Square) int {
	n := 0
	for i, e := range dirs {
		if in.escDirs[q]&(1<<i) == 0 {
			continue // no escape square that way
		}
		for r := q + e; b[r] == tafl.Empty || r == k; r += e {
			if in.kingStop[r] && in.escape[r] {
				n++
				break
			}
			if !in.kingPass[r] {
				break
			}
		}
	}
	return n
}

// kingTerms are the counts the evaluation takes from the king's lines.
type kingTerms struct {
	free    int32 // squares the king can move to
	lines   int32 // open lines to an escape square
	routes  int32 // squares he can move to from which he would have an open line
	routeSq int32 // escape squares he reaches in two moves (at most 16 counted)
	adj     int32 // attackers beside him
}

// kingTerms counts the king's terms on board b, the king on k.
func (in *info) kingTerms(b *board, k tafl.Square) kingTerms {
	var t kingTerms
	t.free, t.lines, t.routes, t.routeSq, t.adj = in.kingCounts(b, k)
	return t
}

// kingCounts is kingTerms with the counts as results, which stay in
// registers (a struct result is written field by field and read back
// whole, and the processor cannot forward those stores to the load).
func (in *info) kingCounts(b *board, k tafl.Square) (free, lines, routes, routeSq, adj int32) {
	ways, adj := kingNeighbours(b, k)
	if ways != 0 {
		free, lines, routes, routeSq = in.kingLines(b, k, ways)
	}
	return free, lines, routes, routeSq, adj
}

// kingNeighbours returns the ways the king on k can go (bit i: his
// neighbour at dirs[i] is empty), most often none or one, and the number
// of attackers beside him. It reads the four neighbours at once (a loop
// over dirs costs more than the reads).
func kingNeighbours(b *board, k tafl.Square) (ways uint8, adj int32) {
	n := (*[2*stride + 1]tafl.Piece)(b[k-stride:]) // one bounds check for the four
	x := neighbourBits[n[stride+1]] | neighbourBits[n[stride-1]]<<1 | neighbourBits[n[2*stride]]<<2 | neighbourBits[n[0]]<<3
	return x & 15, int32(bits.OnesCount8(x >> 4))
}

// neighbourBits are kingCounts' bits of the piece on a neighbour of the
// king: 1 for an empty square, 16 for an attacker (a table of 256, which
// a piece indexes without a bounds check).
var neighbourBits = [256]uint8{tafl.Empty: 1, tafl.Attacker: 16}

// kingLines returns kingCounts' counts but adj: the king on k goes the
// ways ways (bit i: dirs[i]; his neighbour that way is empty).
func (in *info) kingLines(b *board, k tafl.Square, ways uint8) (free, lines, routes, routeSq int32) {
	var seen [16]tafl.Square // escape squares reached in two moves
	kf := &in.kingFlags
	for ; ways != 0; ways &= ways - 1 {
		di := bits.TrailingZeros8(ways)
		d := dirs[di]
		// The directions to look for open lines from a square the king
		// reaches this way: those with an escape square, not back.
		back := uint8(1) << (di ^ 1) // dirs[di^1] == -d
		for q := k + d; b[q] == tafl.Empty; q += d {
			f := kf[q]
			if f == kingMayStop|kingMayPass {
				free++ // a plain square, most of them: no line to an escape square from it
				continue
			}
			if f&kingMayStop != 0 {
				if f&kingEscapes != 0 {
					lines++
					break
				}
				free++
				// Open lines from q (the king's own square counts as empty).
				n := int32(0)
				for ways := in.escDirs[q] &^ back; ways != 0; ways &= ways - 1 {
					e := dirs[bits.TrailingZeros8(ways)]
					for r := q + e; b[r] == tafl.Empty || r == k; r += e {
						g := kf[r]
						if g&(kingMayStop|kingEscapes) == kingMayStop|kingEscapes {
							n++
							if !slices.Contains(seen[:routeSq], r) && routeSq < int32(len(seen)) {
								seen[routeSq] = r
								routeSq++
							}
							break
						}
						if g&kingMayPass == 0 {
							break
						}
					}
				}
				if n > 0 {
					routes++
				}
			}
			if f&kingMayPass == 0 {
				break
			}
		}
	}
	return free, lines, routes, routeSq
}
