package tafl

import (
	"fmt"
)

// Board geometry.
//
// Every board, whatever its size, lives in one fixed mailbox of 21×21 cells:
// the playing area of N×N squares (N odd, 7 ≤ N ≤ 19) starts at cell (1,1) and
// every cell around or beyond it is a wall. A slide along a rank or file stops
// at the first cell that is not empty, so walls need no bounds checks.
//
//	row 0   :  W W W W W … W          (wall)
//	row 1   :  W a1 b1 c1 … W …       (rank 1, the bottom of the board)
//	row 2   :  W a2 b2 c2 … W …
//	…
//	row N   :  W aN bN … W …          (rank N)
//	row N+1…:  W W W W W …            (wall)
//
// A Square is the index of its cell: (rank+1)*21 + (file+1), with file and
// rank counted from 0. Directions are +1 (east), -1 (west), +21 (north) and
// -21 (south). Cell 0 is always a wall, so the zero Square means "none".
const (
	// MinSize and MaxSize bound the board sizes taflbot plays.
	MinSize = 7
	MaxSize = 19

	stride   = MaxSize + 2
	numCells = stride * stride
)

// Square is a square of the board, independent of the board's size.
// The zero value, NoSquare, is not on any board.
type Square int16

// NoSquare is the zero Square: no square at all.
const NoSquare Square = 0

// dirs are the four orthogonal steps: east, west, north, south.
var dirs = [4]Square{1, -1, stride, -stride}

// At returns the square on file f and rank r, both counted from 0
// (a1 is At(0, 0)). It returns NoSquare when either is outside 0..MaxSize-1.
func At(f, r int) Square {
	if f < 0 || r < 0 || f >= MaxSize || r >= MaxSize {
		return NoSquare
	}
	return Square((r+1)*stride + f + 1)
}

// File returns the square's file counted from 0 (a = 0).
func (s Square) File() int { return int(s)%stride - 1 }

// Rank returns the square's rank counted from 0 (rank 1 = 0).
func (s Square) Rank() int { return int(s)/stride - 1 }

// String returns the square's name, such as "e5"; NoSquare is "-".
func (s Square) String() string {
	if s <= 0 || int(s) >= numCells {
		return "-"
	}
	return squareNames[s]
}

// squareNames holds every square's name ("-" for cells off every board).
var squareNames = func() (names [numCells]string) {
	for i := range names {
		s := Square(i)
		if f, r := s.File(), s.Rank(); f < 0 || r < 0 || f >= MaxSize || r >= MaxSize {
			names[i] = "-"
		} else {
			names[i] = fmt.Sprintf("%c%d", 'a'+f, r+1)
		}
	}
	return names
}()

// OnBoard reports whether the square lies on a board of the given size.
func (s Square) OnBoard(size int) bool {
	f, r := s.File(), s.Rank()
	return s > 0 && int(s) < numCells && f >= 0 && r >= 0 && f < size && r < size
}

// ParseSquare reads a square name such as "a1" or "k11" (files a–s, ranks
// 1–19, case-insensitive). It does not know the board size: check the result
// with [Square.OnBoard].
func ParseSquare(text string) (Square, error) {
	sq, n := scanSquare(text)
	if n == 0 || n != len(text) {
		return NoSquare, &SyntaxError{Kind: "square", Text: text, Msg: "a square is a file letter a–s and a rank 1–19, such as e5"}
	}
	return sq, nil
}

// scanSquare reads a square at the start of text and returns it with the
// number of bytes it took (0 when text does not start with a square).
func scanSquare(text string) (Square, int) {
	if len(text) < 2 {
		return NoSquare, 0
	}
	c := text[0] | 0x20 // lower case
	if c < 'a' || c > 'a'+MaxSize-1 {
		return NoSquare, 0
	}
	i, r := 1, 0
	for i < len(text) && i < 3 && text[i] >= '0' && text[i] <= '9' {
		r = r*10 + int(text[i]-'0')
		i++
	}
	if i == 1 || r < 1 || r > MaxSize || text[1] == '0' {
		return NoSquare, 0
	}
	return At(int(c-'a'), r-1), i
}
