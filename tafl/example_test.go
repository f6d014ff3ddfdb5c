package tafl_test

import (
	"fmt"

	"github.com/taflbot/taflbot/tafl"
)

// A new game of Brandubh: the attackers move first; the third move
// captures the defender on b5 between b6 and b4.
func ExampleGame() {
	v, err := tafl.Preset("brandubh", "")
	if err != nil {
		panic(err)
	}
	g := tafl.NewGame(v)
	fmt.Println(g.ToMove(), "to move,", len(g.LegalMoves()), "legal moves")
	for _, m := range []string{"g4-g5", "d5-b5", "d6-b6"} {
		ply, err := g.PlayText(m)
		if err != nil {
			panic(err)
		}
		fmt.Println(ply.Notation(), ply.Captures)
	}
	fmt.Println(g.Outcome().Status())
	fmt.Print(g.Position().Diagram())
	// Output:
	// attackers to move, 40 legal moves
	// g4-g5 []
	// d5-b5 []
	// d6-b6xb5 [b5]
	// ongoing
	//  7  + . . t . . +
	//  6  . t . . . . .
	//  5  . . . . . . t
	//  4  t t T K T t .
	//  3  . . . T . . .
	//  2  . . . t . . .
	//  1  + . . t . . +
	//     a b c d e f g
}

// A game from a given position: the king runs to the edge (two open
// lines: tuicha, written "-"), then into the corner.
func ExampleNewGameFrom() {
	v, err := tafl.Preset("copenhagen", "")
	if err != nil {
		panic(err)
	}
	p, err := v.ParsePosition("/11/11/7T3/11/3K7/11/11/11/9t1/11/11/", tafl.Defenders)
	if err != nil {
		panic(err)
	}
	g := tafl.NewGameFrom(p)
	for _, m := range []string{"d5-a5", "j9-j8", "a5-a1"} {
		ply, err := g.PlayText(m)
		if err != nil {
			panic(err)
		}
		announce := ply.Announce.String()
		if announce == "" {
			announce = "(nothing to announce)"
		}
		fmt.Println(ply.Notation(), announce)
	}
	fmt.Println(g.Outcome().Status(), g.Outcome().Reason)
	_, err = g.PlayText("j8-j7")
	fmt.Println(err)
	// Output:
	// Kd5-a5- tuicha
	// j9-j8 tuicha
	// Ka5-a1-- (nothing to announce)
	// defenders-won king-escaped
	// j8-j7: the game is over (Defenders win · the king escaped)
}

// An illegal move is refused with a reason a player can read.
func ExampleGame_Play() {
	v, err := tafl.Preset("copenhagen", "")
	if err != nil {
		panic(err)
	}
	g := tafl.NewGame(v)
	_, err = g.PlayText("f6-f7")
	fmt.Println(err)
	_, err = g.PlayText("f1-f3")
	fmt.Println(err)
	// Output:
	// f6-f7: the piece on f6 belongs to the defenders, and the attackers are to move
	// f1-f3: the path is blocked at f2
}

// Perft counts the leaves of the move tree: here Brandubh to depth 2.
func ExamplePerft() {
	v, err := tafl.Preset("brandubh", "")
	if err != nil {
		panic(err)
	}
	fmt.Println(tafl.Perft(v.Start(), 1), tafl.Perft(v.Start(), 2))
	// Output: 40 960
}

// ExampleMoveList shows taflbot's one notation: moves counted in pairs,
// the king's moves with K, captures after an x.
func ExampleMoveList() {
	v, _ := tafl.Preset("brandubh", "")
	g := tafl.NewGame(v)
	for _, m := range []string{"g4-g5", "d5-b5", "d6-b6", "d4-d6", "g5-g6"} {
		if _, err := g.PlayText(m); err != nil {
			fmt.Println(err)
		}
	}
	plies := g.Plies()
	fmt.Println(tafl.MoveList(plies, 0))
	fmt.Println(tafl.MoveList(plies, 3))
	fmt.Println(tafl.PlyLabel(3, plies[3]), "·", tafl.MoveCount(len(plies)), "moves")
	// Output:
	// 1. g4-g5 d5-b5 2. d6-b6xb5 Kd4-d6 3. g5-g6
	// 2… Kd4-d6 3. g5-g6
	// 2… Kd4-d6 · 3 moves
}
