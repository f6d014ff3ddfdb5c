package render_test

import (
	"testing"

	"github.com/taflbot/taflbot/tafl"
)

func preset(t testing.TB, name, layout string) *tafl.Variant {
	t.Helper()
	v, err := tafl.Preset(name, layout)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// midGameMoves is a Copenhagen game of 27 moves whose last move,
// a9-a6, captures the defender on b6 (f6 is the throne with the king).
var midGameMoves = []string{
	"e1-e3", "d6-d3", "k8-i8", "e7-d7", "j6-j7", "d3-c3", "a8-a9", "g7-i7", "k5-j5",
	"c3-b3", "a4-c4", "f4-e4", "b6-b10", "e4-i4", "f2-j2", "i4-j4", "a9-g9", "e5-c5",
	"k7-k8", "e6-e10", "a6-c6", "i7-g7", "j2-j3", "b3-b4", "a7-a9", "b4-b6", "a9-a6",
}

func playMoves(t testing.TB, v *tafl.Variant, moves []string) *tafl.Game {
	t.Helper()
	g := tafl.NewGame(v)
	for _, m := range moves {
		if _, err := g.PlayText(m); err != nil {
			t.Fatalf("move %s: %v", m, err)
		}
	}
	return g
}

func midGame(t testing.TB) *tafl.Game {
	t.Helper()
	return playMoves(t, preset(t, "copenhagen", ""), midGameMoves)
}

// variant13 is a custom 13×13 variant: Copenhagen rules on a bigger board.
func variant13(t testing.TB) *tafl.Variant {
	t.Helper()
	r, err := tafl.PresetRules("copenhagen", "")
	if err != nil {
		t.Fatal(err)
	}
	r.Name, r.Title, r.Size = "custom", "Copenhagen 13×13", 13
	r.Start = "/4ttttt4/6t6/13/t5T5t/t4TTT4t/t3T3T3t/tt1TTTKTTT1tt/t3T3T3t/t4TTT4t/t5T5t/13/6t6/4ttttt4/"
	r.Corners.Squares = []tafl.Square{tafl.At(0, 0), tafl.At(12, 0), tafl.At(0, 12), tafl.At(12, 12)}
	r.Throne.Squares = []tafl.Square{tafl.At(6, 6)}
	v, err := tafl.NewVariant(r)
	if err != nil {
		t.Fatal(err)
	}
	return v
}
