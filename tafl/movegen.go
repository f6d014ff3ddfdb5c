package tafl

import "math/bits"

// This file is the hot path: move generation and copy-make, called millions
// of times a second by perft and the search. Keep it free of allocation and
// of anything that is not needed to generate or make a move. Checked, slow,
// friendly versions live in legal.go.

// sideOf maps a cell to the side owning it.
var sideOf = [5]Side{NoSide, Attackers, Defenders, Defenders, NoSide}

// GenerateMoves appends to buf[:0] the legal moves of the side to move and
// returns it. It knows nothing of the game's history, so under
// [RepetitionForbidden] a move it returns may still be refused by
// [Game.Play]. A position whose last move ended the game has no moves.
func (p *Position) GenerateMoves(buf []Move) []Move {
	buf = buf[:0]
	if p.end != NoEnd {
		return buf
	}
	var pieces [MaxSize * MaxSize]Square
	for _, sq := range p.sideSquares(p.toMove, &pieces) {
		buf = p.pieceMoves(sq, p.board[sq], buf)
	}
	return buf
}

// sideSquares writes into buf the squares of side's pieces (the king
// included), rank 1 first and file a first, and returns them. It reads the
// board eight cells at a time.
func (p *Position) sideSquares(side Side, buf *[MaxSize * MaxSize]Square) []Square {
	// The board's ranks, and the first seven cells of the wall row after
	// them (which hold no piece), eight cells at a time: a slice the
	// compiler knows holds eight cells needs no bounds test.
	end := (p.v.size + 1) * stride // the first cell past the last rank
	n := 0
	base := stride
	for c := p.board[base : end+7]; len(c) >= 8; c = c[8:] {
		w := uint64(c[0]) | uint64(c[1])<<8 | uint64(c[2])<<16 | uint64(c[3])<<24 |
			uint64(c[4])<<32 | uint64(c[5])<<40 | uint64(c[6])<<48 | uint64(c[7])<<56
		var found uint64
		if side == Attackers {
			found = zeroBytes(w ^ 0x0101010101010101) // cells holding 1
		} else {
			found = w & 0x0202020202020202 // cells holding 2 or 3 (walls are 4)
		}
		for ; found != 0; found &= found - 1 {
			buf[n] = Square(base + bits.TrailingZeros64(found)>>3)
			n++
		}
		base += 8
	}
	return buf[:n]
}

// zeroBytes returns x with the high bit of each zero byte set and every
// other bit clear.
func zeroBytes(x uint64) uint64 {
	const low7 = 0x7F7F7F7F7F7F7F7F
	y := (x & low7) + low7 // the high bit is set where the low seven bits are not all zero
	return ^(y | x | low7)
}

// MovesFrom appends to buf[:0] the legal moves of the piece on square from
// and returns it: the moves [Position.GenerateMoves] would return that
// start there (none when the square holds no piece of the side to move).
func (p *Position) MovesFrom(from Square, buf []Move) []Move {
	buf = buf[:0]
	if p.end != NoEnd || !from.OnBoard(p.v.size) {
		return buf
	}
	pc := p.board[from]
	if sideOf[pc] != p.toMove {
		return buf
	}
	return p.pieceMoves(from, pc, buf)
}

// pieceMoves appends the moves of piece pc, standing on sq, to buf.
func (p *Position) pieceMoves(sq Square, pc Piece, buf []Move) []Move {
	v := p.v
	if v.group[sq] != 0 {
		return p.specialMoves(sq, pc, buf)
	}
	mask := &v.move[pc]
	buf = p.slide(sq, 1, mask, buf)
	buf = p.slide(sq, -1, mask, buf)
	buf = p.slide(sq, stride, mask, buf)
	return p.slide(sq, -stride, mask, buf)
}

// slide appends to buf the moves of a piece on sq in direction d that
// mask allows. It is inlined, so that d is a constant in each direction.
func (p *Position) slide(sq, d Square, mask *[numCells]uint8, buf []Move) []Move {
	for q := sq + d; p.board[q] == Empty; q += d {
		f := mask[q]
		if f&mayStop != 0 {
			buf = append(buf, NewMove(sq, q))
		}
		if f&mayPass == 0 {
			break
		}
	}
	return buf
}

// specialMoves generates the moves of a piece standing on a throne, corner
// or camp square: squares of its own group obey v.inner, the others v.move.
func (p *Position) specialMoves(sq Square, pc Piece, buf []Move) []Move {
	v := p.v
	for _, d := range dirs {
		for q := sq + d; p.board[q] == Empty; q += d {
			f := v.flags(pc, sq, q)
			if f&mayStop != 0 {
				buf = append(buf, NewMove(sq, q))
			}
			if f&mayPass == 0 {
				break
			}
		}
	}
	return buf
}

// HasMoves reports whether the side to move has at least one move
// (history aside, as for [Position.GenerateMoves]).
func (p *Position) HasMoves() bool {
	var buf [1]Move
	v := p.v
	side := p.toMove
	for _, sq := range v.squares {
		pc := p.board[sq]
		if sideOf[pc] != side {
			continue
		}
		if v.group[sq] != 0 {
			if len(p.specialMoves(sq, pc, buf[:0])) > 0 {
				return true
			}
			continue
		}
		mask := &v.move[pc]
		for _, d := range dirs {
			for q := sq + d; p.board[q] == Empty; q += d {
				f := mask[q]
				if f&mayStop != 0 {
					return true
				}
				if f&mayPass == 0 {
					break
				}
			}
		}
	}
	return false
}

// MakeMove plays m from p into child and returns the number of pieces it
// captured. It is the unchecked fast path for search: m must be one of
// the moves [Position.GenerateMoves] returned for p. The child's
// [Position.Outcome] tells whether the move ended the game.
func (p *Position) MakeMove(m Move, child *Position) int {
	return p.makeMove(m, child, nil)
}

// MakeMoveOver is MakeMove into a child that holds a position made from p
// itself by one move ([Position.MakeMove], MakeMoveOver or
// [Position.MakeNullMove]; p unchanged since) which changed only the
// cells on changed: the piece's squares and those it captured. It puts
// those cells back from p instead of copying p's whole board. A search
// that tries a node's moves one after the other into the same child
// saves most of the copy of copy-make that way.
func (p *Position) MakeMoveOver(m Move, child *Position, changed []Square) int {
	for _, sq := range changed {
		child.board[sq] = p.board[sq]
	}
	p.copyState(child)
	from := m.From()
	return child.playPiece(from, m.To(), p.board[from], nil)
}

// HashAfter returns the hash the position would have after move m if m
// captured nothing (a capture changes it further). A search can use it to
// fetch the child's transposition-table entry into the cache before the
// move is made.
func (p *Position) HashAfter(m Move) uint64 {
	from := m.From()
	pc := p.board[from]
	return p.hash ^ zobrist[pc][from] ^ zobrist[pc][m.To()] ^ sideKey
}

// MakeNullMove copies p into child with the other side to move, as if
// the side to move had passed. Tafl has no passing; the search uses it
// for null-move pruning (if a side is still doing well after giving its
// opponent a free move, its real moves will do at least as well). The
// child's hash is the hash of that position; p must not be over.
func (p *Position) MakeNullMove(child *Position) {
	p.copyTo(child)
	child.toMove = p.toMove.Other()
	child.hash ^= sideKey
}

// copyTo copies p into c for copy-make: only the rows the board uses,
// then the small fields. When c already holds a position of the same
// variant (as a search's per-ply positions do), its wall rows are the same
// as p's, so only the board's own rows are copied: for 11×11 that is 231
// bytes instead of 273, which the runtime copies without its loop for
// copies longer than 256 bytes.
func (p *Position) copyTo(c *Position) {
	v := p.v
	if c.v == v {
		copy(c.board[stride:v.used-stride], p.board[stride:v.used-stride])
	} else {
		copy(c.board[:v.used], p.board[:v.used])
		c.v = v // a pointer: written only when it changes (no write barrier)
	}
	p.copyState(c)
}

// copyState copies p's fields but the board and variant into c.
func (p *Position) copyState(c *Position) {
	c.hash, c.king, c.toMove = p.hash, p.king, p.toMove
	c.winner, c.end, c.natt, c.ndef = p.winner, p.end, p.natt, p.ndef
}

// makeMove is MakeMove that also appends the captured squares to *caps
// when caps is not nil.
func (p *Position) makeMove(m Move, c *Position, caps *[]Square) int {
	p.copyTo(c)
	from := m.From()
	return c.playPiece(from, m.To(), p.board[from], caps)
}

// enemyPawn[mover] is the only kind of piece a move of mover can capture:
// the king is never taken off the board.
var enemyPawn = [3]Piece{Empty, Defender, Attacker}

// play makes move m on c itself: the piece moves, captures are taken off
// (their squares appended to *caps when caps is not nil), the side to move
// changes and the game-end tests run. It returns the number of pieces
// captured. [Position.unplay] takes it back.
func (c *Position) play(m Move, caps *[]Square) int {
	from := m.From()
	return c.playPiece(from, m.To(), c.board[from], caps)
}

// playPiece is play for the move of piece pc from one square to another.
func (c *Position) playPiece(from, to Square, pc Piece, caps *[]Square) int {
	v := c.v
	mover := c.toMove
	b := &c.board
	b[from] = Empty
	b[to] = pc
	keys := &zobrist[pc&3] // pc is at most King (3): &3 spares a bounds test
	c.hash ^= keys[from] ^ keys[to] ^ sideKey
	c.toMove = 3 - mover // Attackers <-> Defenders
	armed := true
	if pc == King {
		c.king = to
		armed = v.hammer
	}
	// The four cells beside to, east, west, north and south in bytes 0 to
	// 3. Every capture (shieldwalls too) and the king's capture needs an
	// enemy piece beside the square moved to: for the attackers a
	// defender or the king (2 or 3), for the defenders an attacker (1: bit
	// 0 set, bit 1 clear). Most moves have none at all.
	t := int(to)
	nb := (*[2*stride + 1]Piece)(b[t-stride : t+stride+1])
	w := uint32(nb[stride+1]) | uint32(nb[stride-1])<<8 | uint32(nb[2*stride])<<16 | uint32(nb[0])<<24
	var enemy uint32
	if mover == Attackers {
		enemy = w & 0x02020202
	} else {
		enemy = w &^ (w >> 1) & 0x01010101
	}
	n := 0
	if armed && enemy != 0 {
		// Custodial captures (and the combined trap). Only an enemy pawn
		// can be sandwiched: never an empty cell, a wall, a friend or the
		// king.
		victim := enemyPawn[mover]
		if nb[stride+1] == victim && c.mayClose(to+2, mover) {
			n += c.capture(to+1, 1, mover, victim, caps)
		}
		if nb[stride-1] == victim && c.mayClose(to-2, mover) {
			n += c.capture(to-1, -1, mover, victim, caps)
		}
		if nb[2*stride] == victim && c.mayClose(to+2*stride, mover) {
			n += c.capture(to+stride, stride, mover, victim, caps)
		}
		if nb[0] == victim && c.mayClose(to-2*stride, mover) {
			n += c.capture(to-stride, -stride, mover, victim, caps)
		}
		// Shieldwalls: a row the move closes has an enemy piece beside
		// to (wallBeside).
		if v.shieldwall && enemy&v.wallBeside[to] != 0 {
			n += c.shieldwalls(to, mover, caps)
		}
	}

	// The king, and the game's end.
	if mover == Attackers {
		if d := c.king - to; enemy != 0 && (d == 1 || d == -1 || d == stride || d == -stride) && c.kingCaptured(c.king, to) {
			c.winner, c.end = Attackers, KingCaptured
		} else if v.rules.Encirclement {
			// Without a capture, only an arrival that may cut a region
			// in two (cutGroups) can complete an encirclement.
			enc := false
			if n > 0 {
				enc = c.encircled()
			} else if groups := cutGroups[c.around(to)]; groups != 0 {
				enc = c.encircledAfter(to, groups)
			}
			if enc {
				c.winner, c.end = Attackers, Encirclement
			}
		}
	} else if pc == King && v.kinds[to]&sqEscape != 0 {
		c.winner, c.end = Defenders, KingEscaped
	} else if v.kinds[c.king]&sqFort != 0 && c.exitFort() {
		c.winner, c.end = Defenders, ExitFort
	}
	return n
}

// unplay takes back move m, made by play from a position that was not
// over (as every position with moves is) and whose hash was hash, which
// captured the pieces on caps.
func (p *Position) unplay(m Move, hash uint64, caps []Square) {
	from, to := m.From(), m.To()
	p.unplayPiece(from, to, p.board[to], hash, caps)
}

// unplayPiece is unplay for the move of piece pc from one square to another.
func (p *Position) unplayPiece(from, to Square, pc Piece, hash uint64, caps []Square) {
	p.board[from] = pc
	p.board[to] = Empty
	p.toMove ^= 3 // back to the mover (Attackers <-> Defenders)
	if pc == King {
		p.king = from
	}
	if len(caps) > 0 {
		p.uncapture(caps)
	}
	p.hash = hash
	p.winner, p.end = NoSide, NoEnd
}

// uncapture puts back the pieces that the move of the side to move
// captured on caps.
func (p *Position) uncapture(caps []Square) {
	victim := enemyPawn[p.toMove]
	for _, sq := range caps {
		p.board[sq] = victim
	}
	if victim == Attacker {
		p.natt += int16(len(caps))
	} else {
		p.ndef += int16(len(caps))
	}
}

// mayClose is capture's first test, inlined where playPiece calls it:
// whether the square a, beyond an enemy pawn, could close a capture for
// mover. Most often it cannot (an ordinary empty square, or a piece of the
// victim's side), and the call to capture is saved.
func (c *Position) mayClose(a Square, mover Side) bool {
	v, x := c.v, c.board[a]
	return v.anvilOf[mover][x&7] || v.kinds[a]&sqSpecial != 0 || x == King
}

// capture takes the victim on nb, beside the piece that moved there from
// direction d, when the square beyond closes the sandwich (or the combined
// trap does); it returns the number of pieces taken (0 or 1). The square
// beyond closes it when it holds an anvil of the mover's side (anvilOf) or
// is a special square hostile to the victim (hostileAnvil).
func (c *Position) capture(nb, d Square, mover Side, victim Piece, caps *[]Square) int {
	a, v := nb+d, c.v
	if v.anvilOf[mover][c.board[a]&7] || v.kinds[a]&sqSpecial != 0 && c.hostileAnvil(a, victim, nb) ||
		(v.rules.CombinedTrap && c.board[a] == King && victim == Defender && c.kingBoxed(nb)) {
		c.remove(nb, victim, caps)
		return 1
	}
	return 0
}

// remove takes a captured piece off the board.
func (p *Position) remove(sq Square, pc Piece, caps *[]Square) {
	p.board[sq] = Empty
	p.hash ^= zobrist[pc][sq]
	if pc == Attacker {
		p.natt--
	} else {
		p.ndef--
	}
	if caps != nil {
		*caps = append(*caps, sq)
	}
}

// hostileAnvil reports whether the special square a, which holds no anvil
// of the mover's side, closes a capture of victim (standing on vsq): it is
// hostile to the victim, empty or occupied as the rules say, and not the
// victim's own camp.
func (p *Position) hostileAnvil(a Square, victim Piece, vsq Square) bool {
	v := p.v
	hostile := v.hostE[victim][a]
	if p.board[a] != Empty {
		hostile = v.hostO[victim][a]
	}
	return hostile && !(v.rules.OwnCamp && v.camp[a] != 0 && v.camp[a] == v.camp[vsq])
}

// kingSide reports whether square a counts against the king: an attacker,
// or a square hostile to the king.
func (p *Position) kingSide(a Square) bool {
	c := p.board[a]
	if c == Attacker {
		return true
	}
	v := p.v
	if v.kinds[a]&sqSpecial == 0 {
		return false
	}
	if c == Empty {
		return v.hostE[King][a]
	}
	return v.hostO[King][a]
}

// kingCaptured reports whether the king on k is captured by the attacker
// that just moved to hammer.
func (p *Position) kingCaptured(k, hammer Square) bool {
	v := p.v
	switch v.rules.KingStrength {
	case WeakKing:
		return p.kingSide(k + (k - hammer))
	case StrongNearThrone:
		if t := v.throne; t == NoSquare || (k != t && k+1 != t && k-1 != t && k+stride != t && k-stride != t) {
			return p.kingSide(k + (k - hammer))
		}
	case MiddleweightKing:
		for _, d := range dirs {
			if a := k + d; p.board[a] != wall && !p.kingSide(a) {
				return false
			}
		}
		return true
	}
	for _, d := range dirs {
		if !p.kingSide(k + d) {
			return false
		}
	}
	return true
}

// kingBoxed reports whether the king, beside the defender on guard, is
// blocked on his three other sides by attackers or hostile squares (the
// combined trap, VARIANTS.md tablut-helmfrid rule 8).
func (p *Position) kingBoxed(guard Square) bool {
	k := p.king
	for _, d := range dirs {
		if a := k + d; a != guard && !p.kingSide(a) {
			return false
		}
	}
	return true
}

// shieldwalls captures the edge rows completed by the piece that just
// moved to `to`, and returns how many pieces it took.
func (p *Position) shieldwalls(to Square, mover Side, caps *[]Square) int {
	v := p.v
	n := 0
	if in := v.inward[to]; in != 0 {
		along := Square(1)
		if in == 1 || in == -1 {
			along = stride
		}
		n += p.shieldwall(to+along, to, mover, caps)
		n += p.shieldwall(to-along, to, mover, caps)
	}
	if !v.rules.ShieldwallFlankOnly {
		for _, d := range dirs {
			if b := to + d; v.inward[b] == -d {
				n += p.shieldwall(b, to, mover, caps)
			}
		}
	}
	return n
}

// shieldwall checks the row of enemy pieces along the edge that holds b:
// two or more pieces, each with a piece of the mover's side in front, and
// both ends bracketed by the mover's pieces (or corners, for a strong
// shieldwall). It captures the row (but never the king).
func (p *Position) shieldwall(b, to Square, mover Side, caps *[]Square) int {
	v := p.v
	in := v.inward[b]
	enemy := func(q Square) bool {
		c := p.board[q]
		return c != Empty && c != wall && sideOf[c] != mover && v.inward[q] == in
	}
	if in == 0 || !enemy(b) {
		return 0
	}
	along := Square(1)
	if in == 1 || in == -1 {
		along = stride
	}
	lo, hi := b, b
	for enemy(lo - along) {
		lo -= along
	}
	for enemy(hi + along) {
		hi += along
	}
	if lo == hi {
		return 0
	}
	ours := func(q Square) bool { // the moved piece (a king only if he is a hammer), or a standing anvil
		c := p.board[q]
		return q == to || sideOf[c] == mover && (c != King || v.anvil)
	}
	bracket := func(q Square) bool {
		return ours(q) || (v.rules.Shieldwall == ShieldwallStrong && v.kinds[q]&sqCorner != 0 && p.board[q] == Empty)
	}
	if !bracket(lo-along) || !bracket(hi+along) {
		return 0
	}
	for q := lo; q <= hi; q += along {
		if !ours(q + in) {
			return 0
		}
	}
	n := 0
	for q := lo; q <= hi; q += along {
		if c := p.board[q]; c != King {
			p.remove(q, c, caps)
			n++
		}
	}
	return n
}

// MovesTo appends to buf[:0] the legal moves of the side to move that end
// on square to, and returns it: the moves [Position.GenerateMoves] would
// return with that destination, found by looking outward from to instead
// of generating every move.
func (p *Position) MovesTo(to Square, buf []Move) []Move {
	return p.movesTo(p.toMove, to, buf)
}

// movesTo is MovesTo for side, whoever is to move.
func (p *Position) movesTo(side Side, to Square, buf []Move) []Move {
	buf = buf[:0]
	b := &p.board
	if p.end != NoEnd || b[to] != Empty {
		return buf
	}
	// special: the directions from to with a throne, corner or camp on
	// the line (all four when to is one). Without one the piece found may
	// move there (every piece may stop on and pass a plain square); with
	// one, ask reaches.
	special := p.v.specialWays[to]
	for i, d := range dirs {
		q := to + d
		for b[q] == Empty {
			q += d
		}
		if pc := b[q]; sideOf[pc] == side && (special&(1<<i) == 0 || p.reaches(pc, q, to, -d)) {
			buf = append(buf, NewMove(q, to))
		}
	}
	return buf
}

// reaches reports whether piece pc on from may move to to along d over
// empty squares, by the same rules as GenerateMoves (special squares included).
func (p *Position) reaches(pc Piece, from, to, d Square) bool {
	v := p.v
	for q := from + d; ; q += d {
		f := v.flags(pc, from, q)
		if q == to {
			return f&mayStop != 0
		}
		if f&mayPass == 0 {
			return false
		}
	}
}

// capturesKing reports whether one of the attackers' moves captures the
// king (whoever is to move in p: when it is the defenders, the moves are
// made from a copy with the attackers to move).
func (p *Position) capturesKing(moves []Move) bool {
	q := p
	if p.toMove != Attackers {
		cp := *p
		cp.toMove = Attackers
		q = &cp
	}
	var c Position
	for _, m := range moves {
		q.makeMove(m, &c, nil)
		if c.end == KingCaptured {
			return true
		}
	}
	return false
}

// KingCapturable reports whether the attackers, were it their move, could
// capture the king with one move: only moves onto the king's neighbours
// can, so only those are generated. [Position.KingThreatened] is the same
// test with a value receiver.
func (p *Position) KingCapturable() bool {
	if p.end != NoEnd || p.king == NoSquare {
		return false
	}
	var buf [4]Move
	k := p.king
	for _, n := range [4]Square{k + 1, k - 1, k + stride, k - stride} {
		if moves := p.movesTo(Attackers, n, buf[:0]); len(moves) > 0 && p.capturesKing(moves) {
			return true
		}
	}
	return false
}

// MovesOntoLines appends to buf[:0] the legal moves of the side to move
// that end on an empty square of the four lines from sq (its rank and
// file, past any piece on them), and returns it: for each direction of
// dirs in turn, for each empty square outward from sq, the moves
// [Position.MovesTo] returns for that square, in its order. The search
// uses it for the attackers' moves onto the king's lines.
//
// It is MovesTo square by square, but knows the pieces along the line
// from its walk (the nearest one on each side of the square), so it
// scans only across the line from each square: half of MovesTo's scans.
func (p *Position) MovesOntoLines(sq Square, buf []Move) []Move {
	buf = buf[:0]
	if p.end != NoEnd {
		return buf
	}
	buf = p.lineMoves(sq, 1, buf)
	buf = p.lineMoves(sq, -1, buf)
	buf = p.lineMoves(sq, stride, buf)
	return p.lineMoves(sq, -stride, buf)
}

// lineMoves appends the moves of MovesOntoLines onto the squares from sq
// in direction d.
func (p *Position) lineMoves(sq, d Square, buf []Move) []Move {
	b := &p.board
	side := p.toMove
	ways := &p.v.specialWays
	// back: the nearest piece from q towards sq; ahead: the nearest one
	// from q away from sq (NoSquare: to be found again, after the walk
	// passed it).
	back, ahead := sq, NoSquare
	for b[back] == Empty {
		back -= d
	}
	for q := sq + d; b[q] != wall; q += d {
		if b[q] != Empty {
			back, ahead = q, NoSquare
			continue
		}
		if ahead == NoSquare {
			ahead = nearest(b, q, d)
		}
		// The nearest pieces from q in the directions of dirs: east,
		// west, north and south.
		var e, west, n, s Square
		if d == 1 || d == -1 {
			e, west = ahead, back
			if d < 0 {
				e, west = back, ahead
			}
			n, s = nearest(b, q, stride), nearest(b, q, -stride)
		} else {
			n, s = ahead, back
			if d < 0 {
				n, s = back, ahead
			}
			e, west = nearest(b, q, 1), nearest(b, q, -1)
		}
		w := ways[q]
		if pc := b[e]; sideOf[pc] == side && (w&1 == 0 || p.reaches(pc, e, q, -1)) {
			buf = append(buf, NewMove(e, q))
		}
		if pc := b[west]; sideOf[pc] == side && (w&2 == 0 || p.reaches(pc, west, q, 1)) {
			buf = append(buf, NewMove(west, q))
		}
		if pc := b[n]; sideOf[pc] == side && (w&4 == 0 || p.reaches(pc, n, q, -stride)) {
			buf = append(buf, NewMove(n, q))
		}
		if pc := b[s]; sideOf[pc] == side && (w&8 == 0 || p.reaches(pc, s, q, stride)) {
			buf = append(buf, NewMove(s, q))
		}
	}
	return buf
}

// nearest returns the first square from q in direction d (q excluded)
// that is not empty: a piece or a wall.
func nearest(b *[numCells]Piece, q, d Square) Square {
	q += d
	for b[q] == Empty {
		q += d
	}
	return q
}
