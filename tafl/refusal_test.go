package tafl

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// TestRefusal: the reason a move was refused, without the move that the
// errors' own texts name, for an illegal move, a move that does not
// parse (wrapped, as callers pass them on) and any other error.
func TestRefusal(t *testing.T) {
	v, err := Preset("brandubh", "")
	if err != nil {
		t.Fatal(err)
	}
	g := NewGame(v)
	_, illegal := g.PlayText("d1-a1")
	_, unreadable := g.PlayText("zz")
	if illegal == nil || unreadable == nil {
		t.Fatalf("errors %v, %v", illegal, unreadable)
	}
	var me *MoveError
	var se *SyntaxError
	if !errors.As(illegal, &me) || !errors.As(unreadable, &se) {
		t.Fatalf("error types %T, %T", illegal, unreadable)
	}
	for _, c := range []struct {
		err  error
		want string
	}{
		{illegal, me.Detail},
		{fmt.Errorf("move 3: %w", unreadable), se.Msg},
		{errors.New("the engine exited"), "the engine exited"},
	} {
		got := Refusal(c.err)
		if got != c.want || got == "" || strings.Contains(got, "d1-a1") || strings.Contains(got, `"zz"`) {
			t.Errorf("Refusal(%v) = %q, want %q", c.err, got, c.want)
		}
	}
}
