package tafl

import "strings"

// Move is a move of one piece from one square to another along a rank or
// file. The zero value, NoMove, is no move.
type Move uint32

// NoMove is the zero Move.
const NoMove Move = 0

// NewMove returns the move from one square to another.
func NewMove(from, to Square) Move { return Move(uint32(uint16(from)) | uint32(uint16(to))<<16) }

// From returns the square the piece leaves.
func (m Move) From() Square { return Square(uint16(m)) }

// To returns the square the piece reaches.
func (m Move) To() Square { return Square(uint16(m >> 16)) }

// String returns the move in OTN simple form, such as "d1-d4".
func (m Move) String() string {
	if m == NoMove {
		return "-"
	}
	return m.From().String() + "-" + m.To().String()
}

// ParseMove reads a move in OTN simple form ("d1-d4") or full form
// ("Ke6-e7", "d9-d3xd2/c3", "f2-f1--"; a captured square may carry its
// piece's letter, as OpenTafl writes "e6-e5xKe4"). Annotations of the full form are
// returned in the MoveText but not checked here: [Game.PlayText] checks them
// against the position. Geometry (same rank or file) is not checked either.
func ParseMove(text string) (MoveText, error) {
	var mt MoveText
	mt.Raw = text
	s := text
	bad := func(code Code) (MoveText, error) {
		return MoveText{}, syntaxError("move", text, code)
	}
	if s == "" {
		return bad(CodeMoveEmpty)
	}
	// Squares are read in any case (D1-D4), and so is the rest: KD1-D4,
	// D9-D3XD2/C3, as typed with caps lock on.
	if s[0] == 'K' && len(s) > 1 && s[1]|0x20 >= 'a' && s[1]|0x20 <= 's' {
		mt.King = true
		s = s[1:]
	}
	from, n := scanSquare(s)
	if n == 0 {
		return bad(CodeMoveFrom)
	}
	s = s[n:]
	if s == "" || s[0] != '-' {
		return bad(CodeMoveDash)
	}
	s = s[1:]
	to, n := scanSquare(s)
	if n == 0 {
		return bad(CodeMoveTo)
	}
	s = s[n:]
	mt.Move = NewMove(from, to)
	if strings.HasPrefix(s, "x") || strings.HasPrefix(s, "X") {
		s = s[1:]
		for {
			// OpenTafl may name the captured piece's type first ("xKe4").
			if len(s) > 1 && strings.IndexByte("tcnkmgTCNKMG", s[0]) >= 0 && s[1]|0x20 >= 'a' && s[1]|0x20 <= 's' {
				s = s[1:]
			}
			sq, n := scanSquare(s)
			if n == 0 {
				return bad(CodeMoveCaptureList)
			}
			mt.Captures = append(mt.Captures, sq)
			s = s[n:]
			if strings.HasPrefix(s, "/") || strings.HasPrefix(s, "x") || strings.HasPrefix(s, "X") {
				s = s[1:]
				continue
			}
			break
		}
		mt.HasCaptures = true
	}
	switch s {
	case "":
	case "+", "-", "++", "--":
		mt.Suffix = s
	default:
		return bad(CodeMoveEnd)
	}
	return mt, nil
}

// offBoardMove is the refusal of text, a move ParseMove could not read,
// on a board of size n when its squares are written as squares, a file
// letter and a rank, but one lies beyond the largest board, where no
// Square reaches (k20 or t5 on a 19×19 board, a20 or a0 on any): the player
// wrote a square off the board, as a12 is off an 11×11 one, and is told
// so, not that a move ends with a square. Nil for any other text. The
// refusal has no Move (NoMove), which cannot hold such a square: its Text
// names the move instead ("a20-a4"), as a Move names others.
func offBoardMove(text string, n int) *MoveError {
	s := text
	if strings.HasPrefix(s, "K") {
		s = s[1:]
	}
	from, fromOff, rest, ok := squareText(s)
	if !ok || !strings.HasPrefix(rest, "-") {
		return nil
	}
	to, toOff, _, ok := squareText(rest[1:])
	if !ok || (!fromOff(MaxSize) && !toOff(MaxSize)) {
		return nil
	}
	var code Code
	var args []any
	last := At(n-1, n-1)
	switch {
	case fromOff(n) && toOff(n):
		code, args = CodeMoveOffBoardBoth, []any{from, to, n, n, last}
	case fromOff(n):
		code, args = CodeMoveOffBoardFrom, []any{from, n, n, last}
	default:
		code, args = CodeMoveOffBoardTo, []any{to, n, n, last}
	}
	return &MoveError{Text: from + "-" + to, Reason: ReasonOffBoard, Detail: code.English(args...), Code: code, Args: args}
}

// squareText reads what is written as a square at the start of s, a file
// letter a–z and a rank of digits, on a board of any size: its name in
// lower case, whether it is off a board of a given size, and the rest of
// s. A rank of 0 ("a0", "d00") is below every board, as a20 is above
// every one; another rank starting with 0 ("a04") is read, not named.
func squareText(s string) (name string, off func(size int) bool, rest string, ok bool) {
	if len(s) < 2 {
		return "", nil, s, false
	}
	c := s[0] | 0x20 // lower case
	if c < 'a' || c > 'z' || s[1] < '0' || s[1] > '9' {
		return "", nil, s, false
	}
	i, r := 1, 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		r = min(r*10+int(s[i]-'0'), 1000) // a100 is off every board too
		i++
	}
	if s[1] == '0' && r != 0 {
		return "", nil, s, false // a04: a typo for a4 or a40, not a square to name
	}
	f := int(c - 'a')
	return string(c) + s[1:i], func(size int) bool { return f >= size || r < 1 || r > size }, s[i:], true
}

// MoveText is a parsed move record with the annotations of the OTN full form.
type MoveText struct {
	Raw         string   // Raw is the text as given.
	Move        Move     // Move is the move itself.
	King        bool     // King is set when the text marks the piece as the king ("Ke6-e7").
	HasCaptures bool     // HasCaptures is set when the text lists captures.
	Captures    []Square // Captures are the squares the text says were captured.
	Suffix      string   // Suffix is "", "+", "-", "++" or "--".
}
