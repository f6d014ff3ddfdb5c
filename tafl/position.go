package tafl

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Position is a board, the side to move and what the last move decided.
// It is a value: copying it copies the board, and no method of the public
// API changes a Position once built ([Position.Apply] returns a new one).
// Compare positions with [Position.Hash] or [Position.Record], not ==:
// cells beyond a small board's rows are not kept.
// The zero Position is not usable; get one from [Variant.Start] or
// [Variant.ParsePosition].
type Position struct {
	v      *Variant
	board  [numCells]Piece
	hash   uint64
	king   Square
	toMove Side
	winner Side      // set when the last move ended the game
	end    EndReason // why, or NoEnd
	natt   int16     // attackers on the board
	ndef   int16     // defenders on the board, the king not counted
}

// Variant returns the rules the position is played under.
func (p Position) Variant() *Variant { return p.v }

// Size returns the board's side length.
func (p Position) Size() int { return p.v.size }

// At returns the piece on sq (Empty for squares off the board).
func (p Position) At(sq Square) Piece { return p.Cell(sq) }

// Cell is At without copying the position: the piece on sq (Empty for
// squares off the board). For hot loops such as a search's.
func (p *Position) Cell(sq Square) Piece {
	if !sq.OnBoard(p.v.size) {
		return Empty
	}
	return p.board[sq]
}

// Cells returns the position's mailbox, indexed by [Square], for hot
// loops such as a search's that read many squares: the piece on each
// board square, and on every cell outside the board a wall value greater
// than [King] (King+1). The caller must not modify it.
func (p *Position) Cells() *[numCells]Piece { return &p.board }

// ToMove returns the side to move.
func (p Position) ToMove() Side { return p.toMove }

// King returns the king's square, or NoSquare once he has been captured.
func (p Position) King() Square { return p.king }

// Hash returns the position's Zobrist hash (board and side to move).
func (p *Position) Hash() uint64 { return p.hash }

// Count returns how many pieces a side has on the board, the king included.
func (p Position) Count(s Side) int {
	switch s {
	case Attackers:
		return int(p.natt)
	case Defenders:
		n := int(p.ndef)
		if p.king != NoSquare {
			n++
		}
		return n
	}
	return 0
}

// Outcome returns what the last move decided by itself: king captured or
// escaped, exit fort or encirclement. Repetition and "no legal move" need
// the game's history and are decided by [Game].
func (p *Position) Outcome() Outcome { return Outcome{Winner: p.winner, Reason: p.end} }

// Record returns the position as an OTN position record, rank 1 first.
func (p Position) Record() string {
	return writeRecord(p.v.size, func(sq Square) Piece { return p.board[sq] })
}

// writeRecord writes an n×n board as an OTN position record, rank 1
// first, reading each square's piece from at.
func writeRecord(n int, at func(Square) Piece) string {
	var b strings.Builder
	b.WriteByte('/')
	for r := 0; r < n; r++ {
		run := 0
		for f := 0; f < n; f++ {
			pc := at(At(f, r))
			if pc == Empty {
				run++
				continue
			}
			if run > 0 {
				b.WriteString(strconv.Itoa(run))
				run = 0
			}
			b.WriteByte(pc.Letter())
		}
		if run > 0 {
			b.WriteString(strconv.Itoa(run))
		}
		b.WriteByte('/')
	}
	return b.String()
}

// String returns the record and the side to move, such as "/3t3/…/ attackers".
func (p Position) String() string { return p.Record() + " " + p.toMove.String() }

// MarshalText returns the position record (see [Position.Record]).
func (p Position) MarshalText() ([]byte, error) { return []byte(p.Record()), nil }

// Diagram returns the board as text for people: rank N at the top,
// "t" attackers, "T" defenders, "K" the king, "+" special squares.
func (p Position) Diagram() string {
	var b strings.Builder
	n := p.v.size
	for r := n - 1; r >= 0; r-- {
		fmt.Fprintf(&b, "%2d ", r+1)
		for f := 0; f < n; f++ {
			sq := At(f, r)
			c := p.board[sq].Letter()
			if c == '.' && p.v.kinds[sq]&sqSpecial != 0 {
				c = '+'
			}
			b.WriteByte(' ')
			b.WriteByte(c)
		}
		b.WriteByte('\n')
	}
	b.WriteString("   ")
	for f := 0; f < n; f++ {
		b.WriteByte(' ')
		b.WriteByte(byte('a' + f))
	}
	b.WriteByte('\n')
	return b.String()
}

// ParseRecord reads an OTN position record of any size (rank 1 first) into
// a board: the pieces on each square. It checks the syntax only.
func ParseRecord(record string) (size int, pieces map[Square]Piece, err error) {
	bad := func(code Code, args ...any) (int, map[Square]Piece, error) {
		return 0, nil, syntaxError("position", clip(record), code, args...)
	}
	if len(record) < 2 || record[0] != '/' || record[len(record)-1] != '/' {
		return bad(CodePositionSlashes)
	}
	rows := strings.Split(record[1:len(record)-1], "/")
	size = len(rows)
	if size < MinSize || size > MaxSize {
		return bad(CodePositionRows, size, MinSize, MaxSize)
	}
	pieces = make(map[Square]Piece)
	for r, row := range rows {
		f := 0
		for i := 0; i < len(row); {
			c := row[i]
			switch {
			case c >= '0' && c <= '9':
				j := i
				for j < len(row) && row[j] >= '0' && row[j] <= '9' {
					j++
				}
				k, _ := strconv.Atoi(row[i:j])
				if k == 0 || j-i > 2 {
					return bad(CodePositionCount, r+1, row[i:j])
				}
				f += k
				i = j
				continue
			case c == 't':
				pieces[At(f, r)] = Attacker
			case c == 'T':
				pieces[At(f, r)] = Defender
			case c == 'K':
				pieces[At(f, r)] = King
			case c == 'k':
				return bad(CodePositionAttackingKing, r+1)
			case strings.IndexByte("cnmgCNMG", c) >= 0:
				return bad(CodePositionUnplayedPiece, r+1, string(c))
			default:
				return bad(CodePositionNotPiece, r+1, string(c))
			}
			f++
			i++
			if f > size {
				break
			}
		}
		if f != size {
			return bad(CodePositionRankLength, r+1, f, size, size, size)
		}
	}
	return size, pieces, nil
}

// ParsePosition reads an OTN position record for this variant with the
// given side to move. The record must fit the board and hold exactly one
// king, and no piece may stand where the rules never let it stand.
func (v *Variant) ParsePosition(record string, toMove Side) (Position, error) {
	return v.parseRecord(record, toMove)
}

func (v *Variant) parseRecord(record string, toMove Side) (Position, error) {
	// The number of rows first: a record for another board is named as
	// such, not by its first rank that does not fit its own row count.
	if len(record) >= 2 && record[0] == '/' && record[len(record)-1] == '/' {
		if rows := strings.Count(record, "/") - 1; rows != v.size {
			return Position{}, syntaxError("position", clip(record), CodePositionBoardRows, rows, v.size, v.size)
		}
	}
	_, pieces, err := ParseRecord(record)
	if err != nil {
		return Position{}, err
	}
	if toMove != Attackers && toMove != Defenders {
		return Position{}, syntaxError("position", "", CodePositionSide)
	}
	p := Position{v: v, toMove: toMove}
	for i := range p.board[:v.used] {
		p.board[i] = wall
	}
	for _, sq := range v.squares {
		p.board[sq] = Empty
	}
	kings := 0
	for sq, pc := range pieces {
		p.board[sq] = pc
		switch pc {
		case King:
			kings++
			p.king = sq
		case Attacker:
			p.natt++
		case Defender:
			p.ndef++
		}
	}
	if kings != 1 {
		return Position{}, syntaxError("position", clip(record), CodePositionKings, kings)
	}
	for _, sq := range v.squares {
		pc := p.board[sq]
		if pc == Empty || pc == King {
			continue
		}
		if k := v.kinds[sq]; k&(sqThrone|sqCorner) != 0 && v.inner[pc][sq]&mayStop == 0 {
			code := CodePositionAttackerThrone
			switch {
			case k&sqCorner != 0 && pc == Defender:
				code = CodePositionDefenderCorner
			case k&sqCorner != 0:
				code = CodePositionAttackerCorner
			case pc == Defender:
				code = CodePositionDefenderThrone
			}
			return Position{}, syntaxError("position", clip(record), code, sq)
		}
	}
	p.hash = p.computeHash()
	if v.kinds[p.king]&sqEscape != 0 {
		p.winner, p.end = Defenders, KingEscaped
	} else if v.kinds[p.king]&sqFort != 0 && p.exitFort() {
		p.winner, p.end = Defenders, ExitFort
	} else if v.rules.Encirclement && p.encircled() {
		p.winner, p.end = Attackers, Encirclement
	}
	return p, nil
}

// clip shortens long input for error messages, which quote it: at most
// 80 bytes, cut between characters.
func clip(s string) string {
	if len(s) <= 80 {
		return s
	}
	n := 77
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "..."
}
