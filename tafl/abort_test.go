package tafl_test

import (
	"testing"

	"github.com/taflbot/taflbot/tafl"
)

// TestAbort: an aborted game ends with no winner and the Aborted reason,
// cannot be aborted or played on, and a record says so when read back.
func TestAbort(t *testing.T) {
	v, err := tafl.Preset("brandubh", "")
	if err != nil {
		t.Fatal(err)
	}
	g := tafl.NewGameFrom(v.Start())
	if _, err := g.Play(g.LegalMoves()[0]); err != nil {
		t.Fatal(err)
	}
	next := g.LegalMoves()[0]
	if err := g.Abort(); err != nil {
		t.Fatal(err)
	}
	if o := g.Outcome(); !o.Over() || o.Winner != tafl.NoSide || o.Reason != tafl.Aborted {
		t.Fatalf("after Abort: %+v", o)
	}
	if err := g.Abort(); err == nil {
		t.Error("a finished game was aborted again")
	}
	if len(g.LegalMoves()) != 0 {
		t.Error("an aborted game has legal moves")
	}
	if _, err := g.Play(next); err == nil {
		t.Error("a move was played in an aborted game")
	}
	back, _, err := tafl.DecodeGame(tafl.EncodeGame(g, nil))
	if err != nil {
		t.Fatal(err)
	}
	if o := back.Outcome(); o.Reason != tafl.Aborted || o.Winner != tafl.NoSide || len(back.Plies()) != 1 {
		t.Errorf("read back: %+v after %d moves", o, len(back.Plies()))
	}
}
