package ai_test

import (
	"context"
	"fmt"

	"github.com/taflbot/taflbot/tafl"
	"github.com/taflbot/taflbot/tafl/ai"
)

// Search finds the king's escape: in this Brandubh position the king on
// a2 reaches the corner a1 at once.
func ExampleSearch() {
	v, _ := tafl.Preset("brandubh", "")
	p, _ := v.ParsePosition("/1t2t2/K6/7/7/7/4t1T/7/", tafl.Defenders)
	r, err := ai.Search(context.Background(), tafl.NewGameFrom(p), ai.Limits{Depth: 4})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(r.Move, "mate in plies:", r.Mate())
	// Output: a2-a1 mate in plies: 1
}

// PlayLevel plays at one of the bot's levels; the seed makes easy and
// medium reproducible.
func ExamplePlayLevel() {
	v, _ := tafl.Preset("tablut", "")
	g := tafl.NewGame(v)
	r, err := ai.PlayLevel(context.Background(), g, ai.Easy, 42)
	if err != nil {
		fmt.Println(err)
		return
	}
	_, err = g.Play(r.Move)
	fmt.Println("legal:", err == nil)
	// Output: legal: true
}
