package balance

import (
	"strings"
	"testing"

	"github.com/taflbot/taflbot/analysis"
	"github.com/taflbot/taflbot/tafl"
)

// A curve flatter than analysis.MaxScale is refused with a reason that
// says what to do, a steep one is not.
func TestFlatFitUnusable(t *testing.T) {
	if err := usable(analysis.Logistic{Even: 1091, Scale: 14573}); err == nil || !strings.Contains(err.Error(), "leave the balance at 0") {
		t.Errorf("flat curve: error %v, want a refusal that says what to do", err)
	}
	if err := usable(analysis.Logistic{Even: 441, Scale: 230}); err != nil {
		t.Errorf("steep curve: %v", err)
	}
}

// Fit refuses what it cannot fit, saying what to do: no games, games of
// two variants, an unfinished game, too few wins by a side.
func TestFitRefuses(t *testing.T) {
	game := func(name string, moves ...string) *tafl.Game {
		v, err := tafl.Preset(name, "")
		if err != nil {
			t.Fatal(err)
		}
		g := tafl.NewGame(v)
		for _, m := range moves {
			if _, err := g.PlayText(m); err != nil {
				t.Fatal(err)
			}
		}
		return g
	}
	won := func(name string) *tafl.Game {
		g := game(name)
		g.Resign(tafl.Defenders)
		return g
	}
	for _, c := range []struct {
		recs []Record
		sub  string
	}{
		{nil, "no games"},
		{[]Record{{"a.otg", won("brandubh")}, {"b.otg", won("tablut")}}, "b.otg is a game of tablut, not brandubh"},
		{[]Record{{"a.otg", game("brandubh", "d2-b2")}}, "a.otg: the game is not finished"},
		{[]Record{{"a.otg", won("brandubh")}, {"b.otg", won("brandubh")}}, "the attackers won 2 of 2 games; the fit needs 5 wins by each side"},
		{[]Record{{"a.otg", won("brandubh")}}, "the attackers won 1 of 1 game; the fit"}, // not "of 1 games"
	} {
		if _, err := Fit(c.recs); err == nil || !strings.Contains(err.Error(), c.sub) {
			t.Errorf("error %v, want one containing %q", err, c.sub)
		}
	}
}
