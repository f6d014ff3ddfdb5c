package tafl_test

// A deliberately simple reference implementation of the rules, written
// from VARIANTS.md alone (not from the engine's Rules tables), used to
// check tafl.Perft (perft_test.go). Plain 2-D arrays, plain loops, no
// cleverness and no speed: every rule is spelled out as the spec says it.

import (
	"fmt"
	"strconv"
	"strings"
)

// Reference pieces.
const (
	rEmpty = '.'
	rAtt   = 't'
	rDef   = 'T'
	rKing  = 'K'
)

// refKingStrength names the four king strengths of VARIANTS.md §2.
type refKingStrength int

const (
	refWeak refKingStrength = iota + 1
	refStrong
	refStrongNearThrone
	refMiddleweight
)

// refRepetition names the repetition modes of VARIANTS.md §2.
type refRepetition int

const (
	refRepIgnore refRepetition = iota
	refRepDraw
	refRepDefendersLose
	refRepMoverLoses
	refRepForbidden
)

// refRules is one preset as VARIANTS.md §3 describes it, in the words of
// the spec: which piece may stop on / pass which special square, and which
// squares are hostile to which piece.
type refRules struct {
	name        string
	size        int
	start       string
	defFirst    bool // the defenders move first
	escapeEdge  bool // escape to any edge square the king may stop on; else corners
	hasThrone   bool
	corners     [][2]int   // corner squares (Alea: the 2×2 blocks)
	camps       [][][2]int // each camp's squares (tablut)
	kingUnarmed bool
	strength    refKingStrength
	shieldwall  bool // copenhagen's edge shieldwall, corners bracket, flanking move
	exitFort    bool
	encircle    bool
	combined    bool // tablut-helmfrid's combined trap
	rep         refRepetition
	noMovesDraw bool // a side with no legal move draws (cyning-taefl) instead of losing

	// Throne movement: may stop (king / others), may pass when empty (king / others).
	throneKingStop, throneKingPass, throneOtherPass bool
	// Throne hostility: to attackers / defenders / the king, empty and occupied (by the king).
	throneHostEmpty, throneHostOcc [3]bool // index: 0 attacker, 1 defender, 2 king
	cornerHostile                  bool    // corners hostile to all (every preset with corners)
	campHostile                    [3]bool // camps hostile (empty or occupied) to attacker, defender, king
}

func hostIdx(pc byte) int {
	switch pc {
	case rAtt:
		return 0
	case rDef:
		return 1
	}
	return 2
}

// refPreset returns the reference rules of a preset (and layout), from VARIANTS.md §3.
func refPreset(name, layout string) refRules {
	copenhagenLayout := "/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/"
	tablutLayout := "/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/"
	corners := func(n int) [][2]int { return [][2]int{{0, 0}, {n - 1, 0}, {0, n - 1}, {n - 1, n - 1}} }
	tablutCamps := [][][2]int{
		{{0, 3}, {0, 4}, {0, 5}, {1, 4}}, // a4 a5 a6 b5
		{{3, 0}, {4, 0}, {5, 0}, {4, 1}}, // d1 e1 f1 e2
		{{8, 3}, {8, 4}, {8, 5}, {7, 4}}, // i4 i5 i6 h5
		{{3, 8}, {4, 8}, {5, 8}, {4, 7}}, // d9 e9 f9 e8
	}
	all := [3]bool{true, true, true}
	switch name {
	case "copenhagen", "fetlar":
		r := refRules{name: name, size: 11, start: copenhagenLayout,
			hasThrone: true, corners: corners(11), cornerHostile: true,
			strength: refStrong, encircle: true,
			throneKingStop: true, throneKingPass: true, throneOtherPass: true,
			// Hostile (A: always, D: when empty); the king beside it counts it.
			throneHostEmpty: all, throneHostOcc: [3]bool{true, false, false},
		}
		if name == "copenhagen" {
			r.shieldwall, r.exitFort, r.rep = true, true, refRepDefendersLose
		} else {
			r.rep = refRepDraw
		}
		return r
	case "brandubh":
		return refRules{name: name, size: 7, start: "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/",
			hasThrone: true, corners: corners(7), cornerHostile: true, strength: refWeak, rep: refRepDraw,
			throneKingStop: true, throneKingPass: true, throneOtherPass: true}
	case "ard-ri":
		return refRules{name: name, size: 7, start: "/2ttt2/3t3/t1TTT1t/ttTKTtt/t1TTT1t/3t3/2ttt2/",
			escapeEdge: true, strength: refWeak, rep: refRepDraw}
	case "tablut":
		return refRules{name: name, size: 9, start: tablutLayout, defFirst: true, escapeEdge: true,
			hasThrone: true, camps: tablutCamps, strength: refStrongNearThrone, rep: refRepForbidden,
			throneHostEmpty: all, throneHostOcc: all, campHostile: all}
	case "tablut-helmfrid":
		return refRules{name: name, size: 9, start: tablutLayout, defFirst: true, escapeEdge: true,
			hasThrone: true, camps: tablutCamps, strength: refStrong, combined: true, rep: refRepForbidden,
			throneHostEmpty: [3]bool{false, false, true}, throneHostOcc: [3]bool{false, false, true},
			campHostile: [3]bool{false, false, true}}
	case "hnefatafl-9":
		return refRules{name: name, size: 9, start: tablutLayout, escapeEdge: false,
			hasThrone: true, corners: corners(9), cornerHostile: true, strength: refStrongNearThrone, rep: refRepForbidden,
			throneHostEmpty: all, throneHostOcc: all}
	case "cyning-taefl":
		return refRules{name: name, size: 11, start: copenhagenLayout, defFirst: true,
			hasThrone: true, corners: corners(11), cornerHostile: true, kingUnarmed: true, strength: refStrong, rep: refRepDraw, noMovesDraw: true,
			throneKingStop: true, throneKingPass: true, throneOtherPass: true,
			throneHostEmpty: all, throneHostOcc: all}
	case "tawlbwrdd":
		layouts := map[string]string{
			"":            "/3ttttt3/5t5/5T5/t4T4t/t4T4t/ttTTTKTTTtt/t4T4t/t4T4t/5T5/5t5/3ttttt3/",
			"lewis":       "/3ttttt3/5t5/5T5/t4T4t/t4T4t/ttTTTKTTTtt/t4T4t/t4T4t/5T5/5t5/3ttttt3/",
			"bell":        "/4ttt4/4t1t4/5t5/5T5/tt2TTT2tt/t1tTTKTTt1t/tt2TTT2tt/5T5/5t5/4t1t4/4ttt4/",
			"lewis-cross": "/4ttt4/4ttt4/5T5/5T5/tt3T3tt/ttTTTKTTTtt/tt3T3tt/5T5/5T5/4ttt4/4ttt4/",
		}
		return refRules{name: name, size: 11, start: layouts[layout], escapeEdge: true, strength: refWeak, rep: refRepDraw}
	case "alea-evangelii":
		var blocks [][2]int
		for _, c := range [][2]int{{0, 0}, {17, 0}, {0, 17}, {17, 17}} {
			blocks = append(blocks, [2]int{c[0], c[1]}, [2]int{c[0] + 1, c[1]}, [2]int{c[0], c[1] + 1}, [2]int{c[0] + 1, c[1] + 1})
		}
		return refRules{name: name, size: 19,
			start:     "/2t2t7t2t2/19/t4t7t4t/7t1t1t7/6t1T1T1t6/t1t2t7t2t1t/4t4T4t4/3t4T1T4t3/4T2T1T1T2T4/3t2T1TKT1T2t3/4T2T1T1T2T4/3t4T1T4t3/4t4T4t4/t1t2t7t2t1t/6t1T1T1t6/7t1t1t7/t4t7t4t/19/2t2t7t2t2/",
			hasThrone: true, corners: blocks, cornerHostile: true, strength: refStrong, encircle: true, rep: refRepMoverLoses,
			throneKingPass: true, throneOtherPass: true, throneHostEmpty: all}
	}
	panic("refPreset: unknown preset " + name)
}

// refPos is a position: board[file][rank], the side to move, and whether
// the last move ended the game.
type refPos struct {
	r         *refRules
	board     refBoard
	defToMove bool
	over      bool
	winnerDef bool
	reason    string
	kf, kr    int
	throneF   int
	throneR   int
	cornerSet *[19][19]bool
	campOf    *[19][19]int // camp number + 1
}

// refBoard is board[file][rank], '.' for empty, unused cells zero.
type refBoard [19][19]byte

// refKey is a position for the repetition rule: board and side to move.
type refKey struct {
	board refBoard
	def   bool
}

func refParse(r *refRules, record string, defToMove bool) (*refPos, error) {
	rows := strings.Split(strings.Trim(record, "/"), "/")
	if len(rows) != r.size {
		return nil, fmt.Errorf("record has %d rows, want %d", len(rows), r.size)
	}
	p := &refPos{r: r, defToMove: defToMove, throneF: r.size / 2, throneR: r.size / 2,
		cornerSet: new([19][19]bool), campOf: new([19][19]int)}
	for f := 0; f < r.size; f++ {
		for rk := 0; rk < r.size; rk++ {
			p.board[f][rk] = rEmpty
		}
	}
	for rk, row := range rows {
		f := 0
		for i := 0; i < len(row); i++ {
			c := row[i]
			if c >= '0' && c <= '9' {
				j := i
				for j < len(row) && row[j] >= '0' && row[j] <= '9' {
					j++
				}
				k, _ := strconv.Atoi(row[i:j])
				f += k
				i = j - 1
				continue
			}
			p.board[f][rk] = c
			if c == rKing {
				p.kf, p.kr = f, rk
			}
			f++
		}
	}
	for _, c := range r.corners {
		p.cornerSet[c[0]][c[1]] = true
	}
	for i, camp := range r.camps {
		for _, c := range camp {
			p.campOf[c[0]][c[1]] = i + 1
		}
	}
	return p, nil
}

func (p *refPos) clone() *refPos {
	c := *p
	return &c
}

func (p *refPos) on(f, r int) bool { return f >= 0 && r >= 0 && f < p.r.size && r < p.r.size }

func (p *refPos) isThrone(f, r int) bool {
	return p.r.hasThrone && f == p.throneF && r == p.throneR
}

func (p *refPos) isCorner(f, r int) bool { return p.on(f, r) && p.cornerSet[f][r] }

func (p *refPos) camp(f, r int) int {
	if !p.on(f, r) {
		return 0
	}
	return p.campOf[f][r]
}

func (p *refPos) isEdge(f, r int) bool {
	return f == 0 || r == 0 || f == p.r.size-1 || r == p.r.size-1
}

func sideIsDef(pc byte) bool { return pc == rDef || pc == rKing }

// key is the position for the repetition rule: board and side to move.
func (p *refPos) key() refKey { return refKey{p.board, p.defToMove} }

// record writes the board as an OTN position record, rank 1 first.
func (p *refPos) record() string {
	var b strings.Builder
	b.WriteByte('/')
	for r := 0; r < p.r.size; r++ {
		run := 0
		for f := 0; f < p.r.size; f++ {
			c := p.board[f][r]
			if c == rEmpty {
				run++
				continue
			}
			if run > 0 {
				b.WriteString(strconv.Itoa(run))
				run = 0
			}
			b.WriteByte(c)
		}
		if run > 0 {
			b.WriteString(strconv.Itoa(run))
		}
		b.WriteByte('/')
	}
	return b.String()
}

// mayStop reports whether piece pc may end a move on the empty square
// (f, r), coming from outside that square's area.
func (p *refPos) mayStop(pc byte, f, r int) bool {
	rr := p.r
	switch {
	case p.isThrone(f, r):
		switch rr.name {
		case "copenhagen", "fetlar", "brandubh", "cyning-taefl":
			return pc == rKing // only the king may stop; he may come back
		}
		return false // tablut, helmfrid, hnefatafl-9, alea: nobody stops on it
	case p.isCorner(f, r):
		return pc == rKing
	case p.camp(f, r) != 0:
		return false // nobody enters a camp from outside
	}
	return true
}

// mayPass reports whether piece pc may move through the empty square (f, r).
func (p *refPos) mayPass(pc byte, f, r int) bool {
	rr := p.r
	switch {
	case p.isThrone(f, r):
		switch rr.name {
		case "copenhagen", "fetlar", "brandubh", "cyning-taefl", "alea-evangelii":
			return true // every piece may pass the empty throne
		}
		return false
	case p.isCorner(f, r):
		return pc == rKing // only the king may be on a corner square at all
	case p.camp(f, r) != 0:
		return false
	}
	return true
}

type refMove struct{ ff, fr, tf, tr int }

func (m refMove) String() string {
	return fmt.Sprintf("%c%d-%c%d", 'a'+m.ff, m.fr+1, 'a'+m.tf, m.tr+1)
}

var refDirs = [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}

// moves returns the legal moves of the side to move (repetition aside).
func (p *refPos) moves() []refMove {
	if p.over {
		return nil
	}
	var out []refMove
	n := p.r.size
	for f := 0; f < n; f++ {
		for r := 0; r < n; r++ {
			pc := p.board[f][r]
			if pc == rEmpty || sideIsDef(pc) != p.defToMove {
				continue
			}
			home := p.camp(f, r)
			for _, d := range refDirs {
				inHome := home != 0
				for tf, tr := f+d[0], r+d[1]; p.on(tf, tr) && p.board[tf][tr] == rEmpty; tf, tr = tf+d[0], tr+d[1] {
					if inHome && p.camp(tf, tr) == home {
						// within its own camp: it may stop and go on
						out = append(out, refMove{f, r, tf, tr})
						continue
					}
					inHome = false
					if p.mayStop(pc, tf, tr) {
						out = append(out, refMove{f, r, tf, tr})
					}
					if !p.mayPass(pc, tf, tr) {
						break
					}
				}
			}
		}
	}
	return out
}

// hostileTo reports whether the square (f, r), which is not a piece of
// the capturing side, counts as an enemy of a piece pc standing on (vf, vr).
func (p *refPos) hostileTo(pc byte, f, r, vf, vr int) bool {
	if !p.on(f, r) {
		return false
	}
	occ := p.board[f][r] != rEmpty
	switch {
	case p.isThrone(f, r):
		if occ {
			return p.r.throneHostOcc[hostIdx(pc)]
		}
		return p.r.throneHostEmpty[hostIdx(pc)]
	case p.isCorner(f, r):
		return p.r.cornerHostile
	case p.camp(f, r) != 0:
		// Hostile whether empty or occupied (Ashton's primary law 14, VARIANTS.md tablut).
		if p.camp(f, r) == p.camp(vf, vr) {
			return false // not to a piece standing in that same camp
		}
		return p.r.campHostile[hostIdx(pc)]
	}
	return false
}

// captor reports whether (f, r) helps the side that moved (defenders when
// def) to capture the non-king piece pc on (vf, vr).
func (p *refPos) captor(def bool, pc byte, f, r, vf, vr int) bool {
	if !p.on(f, r) {
		return false
	}
	c := p.board[f][r]
	if c != rEmpty && sideIsDef(c) == def {
		if c == rKing && p.r.kingUnarmed {
			return p.hostileTo(pc, f, r, vf, vr) // an unarmed king on a hostile throne still leaves it hostile
		}
		return true
	}
	return p.hostileTo(pc, f, r, vf, vr)
}

// kingFoe reports whether (f, r) counts against the king: an attacker or a
// square hostile to him. offBoard says what the board's edge counts as.
func (p *refPos) kingFoe(f, r int, offBoard bool) bool {
	if !p.on(f, r) {
		return offBoard
	}
	if p.board[f][r] == rAtt {
		return true
	}
	return p.hostileTo(rKing, f, r, p.kf, p.kr)
}

// play makes m and returns the new position and the captured squares.
func (p *refPos) play(m refMove) (*refPos, [][2]int) {
	c := p.clone()
	pc := c.board[m.ff][m.fr]
	c.board[m.ff][m.fr] = rEmpty
	c.board[m.tf][m.tr] = pc
	moverDef := p.defToMove
	c.defToMove = !p.defToMove
	if pc == rKing {
		c.kf, c.kr = m.tf, m.tr
	}
	var caps [][2]int
	// Custodial captures: an enemy non-king piece beside the moved piece,
	// with a captor beyond it on the same line.
	if !(pc == rKing && p.r.kingUnarmed) {
		for _, d := range refDirs {
			vf, vr := m.tf+d[0], m.tr+d[1]
			if !c.on(vf, vr) {
				continue
			}
			v := c.board[vf][vr]
			if v == rEmpty || v == rKing || sideIsDef(v) == moverDef {
				continue
			}
			af, ar := vf+d[0], vr+d[1]
			if c.captor(moverDef, v, af, ar, vf, vr) {
				caps = append(caps, [2]int{vf, vr})
				continue
			}
			// The combined trap (tablut-helmfrid rule 8): a defender
			// beside the king, the king blocked on his other three sides
			// by attackers or restricted squares.
			if c.r.combined && !moverDef && v == rDef && c.on(af, ar) && c.board[af][ar] == rKing {
				boxed := true
				for _, e := range refDirs {
					nf, nr := af+e[0], ar+e[1]
					if nf == vf && nr == vr {
						continue
					}
					if !c.kingFoe(nf, nr, false) {
						boxed = false
					}
				}
				if boxed {
					caps = append(caps, [2]int{vf, vr})
					if refStats != nil {
						refStats["combined-trap"]++
					}
				}
			}
		}
	}
	for _, q := range caps {
		c.board[q[0]][q[1]] = rEmpty
	}
	// The king: only an attacker's move next to him can capture him.
	if !moverDef && abs(m.tf-c.kf)+abs(m.tr-c.kr) == 1 && c.kingCapturedBy(m.tf, m.tr) {
		c.over, c.winnerDef, c.reason = true, false, "king-captured"
	}
	// Shieldwall (copenhagen): the moving piece lands on a bracket square.
	if c.r.shieldwall && !(pc == rKing && p.r.kingUnarmed) {
		caps = append(caps, c.shieldwall(m.tf, m.tr, moverDef)...)
	}
	if !c.over && pc == rKing && c.isEscape(m.tf, m.tr) {
		c.over, c.winnerDef, c.reason = true, true, "king-escaped"
	}
	if !c.over && c.r.exitFort && c.exitFort() {
		c.over, c.winnerDef, c.reason = true, true, "exit-fort"
	}
	if !c.over && c.r.encircle && c.encircled() {
		c.over, c.winnerDef, c.reason = true, false, "encirclement"
	}
	if refStats != nil {
		if c.over {
			refStats[c.reason]++
		}
		if len(caps) > 0 {
			refStats["captures"]++
		}
	}
	return c, caps
}

// refStats, when not nil, counts what the reference saw (for test logs).
var refStats map[string]int

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func (p *refPos) isEscape(f, r int) bool {
	if p.r.escapeEdge {
		return p.isEdge(f, r) && p.camp(f, r) == 0
	}
	return p.isCorner(f, r)
}

// kingCapturedBy reports whether the king is captured after an attacker
// moved to (hf, hr) beside him.
func (p *refPos) kingCapturedBy(hf, hr int) bool {
	kf, kr := p.kf, p.kr
	twoSided := func() bool { return p.kingFoe(kf+(kf-hf), kr+(kr-hr), false) }
	allFour := func(offBoard bool) bool {
		for _, d := range refDirs {
			if !p.kingFoe(kf+d[0], kr+d[1], offBoard) {
				return false
			}
		}
		return true
	}
	switch p.r.strength {
	case refWeak:
		return twoSided()
	case refStrong:
		return allFour(false)
	case refMiddleweight:
		return allFour(true)
	case refStrongNearThrone:
		nearThrone := p.isThrone(kf, kr)
		for _, d := range refDirs {
			if p.isThrone(kf+d[0], kr+d[1]) {
				nearThrone = true
			}
		}
		if nearThrone {
			return allFour(false)
		}
		return twoSided()
	}
	panic("no king strength")
}

// shieldwall captures the edge rows bracketed by the piece that just
// landed on (tf, tr) (VARIANTS.md copenhagen/shieldwall).
func (p *refPos) shieldwall(tf, tr int, moverDef bool) [][2]int {
	n := p.r.size
	if !p.isEdge(tf, tr) || p.isCorner(tf, tr) {
		return nil
	}
	// The edge line and the inward step.
	var along [][2]int
	var in [2]int
	switch {
	case tf == 0 || tf == n-1:
		along = [][2]int{{0, 1}, {0, -1}}
		in = [2]int{1, 0}
		if tf == n-1 {
			in = [2]int{-1, 0}
		}
	default:
		along = [][2]int{{1, 0}, {-1, 0}}
		in = [2]int{0, 1}
		if tr == n-1 {
			in = [2]int{0, -1}
		}
	}
	ours := func(f, r int) bool {
		c := p.board[f][r]
		return c != rEmpty && sideIsDef(c) == moverDef && !(c == rKing && p.r.kingUnarmed)
	}
	var caps [][2]int
	for _, d := range along {
		var row [][2]int
		f, r := tf+d[0], tr+d[1]
		for p.on(f, r) && !p.isCorner(f, r) && p.board[f][r] != rEmpty && sideIsDef(p.board[f][r]) != moverDef {
			row = append(row, [2]int{f, r})
			f, r = f+d[0], r+d[1]
		}
		if len(row) < 2 || !p.on(f, r) {
			continue
		}
		// (f, r) is the far end: our piece or a corner.
		if !(ours(f, r) || p.isCorner(f, r)) {
			continue
		}
		front := true
		for _, q := range row {
			if !ours(q[0]+in[0], q[1]+in[1]) {
				front = false
			}
		}
		if !front {
			continue
		}
		if refStats != nil {
			refStats["shieldwall"]++
		}
		for _, q := range row {
			if p.board[q[0]][q[1]] != rKing {
				p.board[q[0]][q[1]] = rEmpty
				caps = append(caps, q)
			}
		}
	}
	return caps
}

// encircled reports whether no defender, the king included, can reach an
// edge square through squares not held by attackers.
func (p *refPos) encircled() bool {
	n := p.r.size
	var seen [19][19]bool
	stack := make([][2]int, 0, 4*n)
	for f := 0; f < n; f++ {
		for r := 0; r < n; r++ {
			if p.isEdge(f, r) && p.board[f][r] != rAtt {
				seen[f][r] = true
				stack = append(stack, [2]int{f, r})
			}
		}
	}
	for len(stack) > 0 {
		q := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if sideIsDef(p.board[q[0]][q[1]]) {
			return false
		}
		for _, d := range refDirs {
			f, r := q[0]+d[0], q[1]+d[1]
			if p.on(f, r) && !seen[f][r] && p.board[f][r] != rAtt {
				seen[f][r] = true
				stack = append(stack, [2]int{f, r})
			}
		}
	}
	return true
}

// exitFort reports whether the king stands in an exit fort
// (VARIANTS.md copenhagen/exit fort): on the edge, able to move, in a
// region of empty squares no attacker touches, walled in by defenders none
// of which can ever be captured.
func (p *refPos) exitFort() bool {
	n := p.r.size
	if !p.isEdge(p.kf, p.kr) {
		return false
	}
	canMove := false
	for _, d := range refDirs {
		f, r := p.kf+d[0], p.kr+d[1]
		if p.on(f, r) && p.board[f][r] == rEmpty && (p.mayStop(rKing, f, r) || p.mayPass(rKing, f, r)) {
			canMove = true
		}
	}
	if !canMove {
		return false
	}
	region := map[[2]int]bool{{p.kf, p.kr}: true}
	stack := [][2]int{{p.kf, p.kr}}
	for len(stack) > 0 {
		q := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, d := range refDirs {
			f, r := q[0]+d[0], q[1]+d[1]
			if !p.on(f, r) || region[[2]int{f, r}] {
				continue
			}
			switch p.board[f][r] {
			case rAtt:
				return false
			case rEmpty:
				region[[2]int{f, r}] = true
				stack = append(stack, [2]int{f, r})
			}
		}
	}
	// Safe defenders: assume every other square may one day hold an
	// attacker, and drop the defenders that could then be captured, until
	// nothing changes.
	safe := map[[2]int]bool{}
	for f := 0; f < n; f++ {
		for r := 0; r < n; r++ {
			if p.board[f][r] == rDef {
				safe[[2]int{f, r}] = true
			}
		}
	}
	// threat: a square from which a capture of a defender could come.
	// The king's region is out of the attackers' reach, but a corner or
	// an empty throne in it is still hostile to a defender beside it.
	threat := func(f, r int) bool {
		if !p.on(f, r) || safe[[2]int{f, r}] {
			return false
		}
		return !region[[2]int{f, r}] || p.hostileTo(rDef, f, r, -1, -1)
	}
	for changed := true; changed; {
		changed = false
		for q := range safe {
			f, r := q[0], q[1]
			if (threat(f-1, r) && threat(f+1, r)) || (threat(f, r-1) && threat(f, r+1)) {
				delete(safe, q)
				changed = true
			}
		}
		// A shieldwall: a row of two or more safe defenders along an
		// edge, every one with a threat in front, both ends threats.
		for f := 0; f < n; f++ {
			for r := 0; r < n; r++ {
				if !p.isEdge(f, r) || !safe[[2]int{f, r}] {
					continue
				}
				for _, edge := range refEdgeLines(n, f, r) {
					d, in := edge[0], edge[1]
					if safe[[2]int{f - d[0], r - d[1]}] && p.isEdge(f-d[0], r-d[1]) {
						continue // not the start of the row
					}
					row := [][2]int{}
					g, h := f, r
					for p.on(g, h) && safe[[2]int{g, h}] && onLine(n, g, h, in) {
						row = append(row, [2]int{g, h})
						g, h = g+d[0], h+d[1]
					}
					if len(row) < 2 || !threat(f-d[0], r-d[1]) || !threat(g, h) {
						continue
					}
					open := true
					for _, q := range row {
						if !threat(q[0]+in[0], q[1]+in[1]) {
							open = false
						}
					}
					if open {
						for _, q := range row {
							delete(safe, q)
						}
						changed = true
					}
				}
			}
		}
	}
	for q := range region {
		for _, d := range refDirs {
			f, r := q[0]+d[0], q[1]+d[1]
			if p.on(f, r) && p.board[f][r] == rDef && !safe[[2]int{f, r}] {
				return false
			}
		}
	}
	return true
}

// refEdgeLines returns, for an edge square, the (along, inward) steps of
// the edge lines it is on (none for a board corner).
func refEdgeLines(n, f, r int) [][2][2]int {
	var out [][2][2]int
	if (f == 0 || f == n-1) && (r == 0 || r == n-1) {
		return nil
	}
	switch {
	case f == 0:
		out = append(out, [2][2]int{{0, 1}, {1, 0}})
	case f == n-1:
		out = append(out, [2][2]int{{0, 1}, {-1, 0}})
	case r == 0:
		out = append(out, [2][2]int{{1, 0}, {0, 1}})
	case r == n-1:
		out = append(out, [2][2]int{{1, 0}, {0, -1}})
	}
	return out
}

// onLine reports whether (f, r) lies on the edge whose inward step is in,
// board corners excluded.
func onLine(n, f, r int, in [2]int) bool {
	if (f == 0 || f == n-1) && (r == 0 || r == n-1) {
		return false
	}
	switch in {
	case [2]int{1, 0}:
		return f == 0
	case [2]int{-1, 0}:
		return f == n-1
	case [2]int{0, 1}:
		return r == 0
	}
	return r == n-1
}

// refPerft counts the leaves of the legal-move tree; hist holds the
// positions since the last capture on the path (the root first), for the
// repetition rule applied inside the tree.
func refPerft(p *refPos, depth int, hist []refKey) uint64 {
	if depth == 0 {
		return 1
	}
	var n uint64
	for _, m := range p.moves() {
		c, caps := p.play(m)
		h := hist
		if len(caps) > 0 {
			h = nil
		}
		k := c.key()
		seen := 0
		for _, x := range h {
			if x == k {
				seen++
			}
		}
		repeated := p.r.rep != refRepIgnore && seen >= 2 && !c.over
		if repeated && p.r.rep == refRepForbidden {
			continue
		}
		if depth == 1 {
			n++
			continue
		}
		if c.over || repeated {
			continue
		}
		n += refPerft(c, depth-1, append(h[:len(h):len(h)], k))
	}
	return n
}

// openLines counts the king's straight paths to an escape square he could
// reach on his next move (VARIANTS.md §1 raichi/tuicha).
func (p *refPos) openLines() int {
	n := 0
	for _, d := range refDirs {
		for f, r := p.kf+d[0], p.kr+d[1]; p.on(f, r) && p.board[f][r] == rEmpty; f, r = f+d[0], r+d[1] {
			if p.isEscape(f, r) && p.mayStop(rKing, f, r) {
				n++
				break
			}
			if !p.mayPass(rKing, f, r) {
				break
			}
		}
	}
	return n
}

// kingThreatened reports whether the attackers, were it their move, could
// capture the king with one move.
func (p *refPos) kingThreatened() bool {
	q := p.clone()
	q.defToMove = false
	for _, m := range q.moves() {
		if c, _ := q.play(m); c.over && c.reason == "king-captured" {
			return true
		}
	}
	return false
}
