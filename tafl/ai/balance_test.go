package ai

import (
	"testing"

	"github.com/taflbot/taflbot/tafl"
)

// TestBalanceFollowsTheRules: the balance belongs to a game's rules, not
// to its name. A custom variant with brandubh's rules under another name
// (an OTEP host's rules string, say) gets brandubh's balance; change one
// rule and it gets none; presets whose games cannot be drawn get none.
func TestBalanceFollowsTheRules(t *testing.T) {
	b, err := tafl.Preset("brandubh", "")
	if err != nil {
		t.Fatal(err)
	}
	want := int(balances["brandubh"])
	if want == 0 {
		t.Fatal("brandubh has no balance in the table")
	}
	if got := Balance(b); got != want {
		t.Errorf("brandubh: balance %d, want %d", got, want)
	}
	r := b.Rules()
	r.Name, r.Title = "custom", "Brandub"
	v, err := tafl.NewVariant(r)
	if err != nil {
		t.Fatal(err)
	}
	if got := Balance(v); got != want {
		t.Errorf("brandubh's rules under another name: balance %d, want %d", got, want)
	}
	r.Repetition = tafl.RepetitionForbidden
	if v, err = tafl.NewVariant(r); err != nil {
		t.Fatal(err)
	}
	if got := Balance(v); got != 0 {
		t.Errorf("brandubh with repetition forbidden: balance %d, want 0", got)
	}
	for _, name := range []string{"copenhagen", "tablut"} {
		v, err := tafl.Preset(name, "")
		if err != nil {
			t.Fatal(err)
		}
		if got := Balance(v); got != 0 {
			t.Errorf("%s: balance %d, want 0", name, got)
		}
	}
}

// TestBalancesAreForDrawableGames: every entry of the table names a
// preset (and layout) no other entry names, and one whose games can end in a draw (elsewhere a constant
// changes no decision, and the table says it keeps 0).
func TestBalancesAreForDrawableGames(t *testing.T) {
	games := map[string]string{} // gameKey -> entry
	for key := range balances {
		v, err := balancePreset(key)
		if err != nil {
			t.Errorf("balances: %v", err)
			continue
		}
		if other, ok := games[gameKey(v)]; ok {
			t.Errorf("balances: %s and %s are the same game (balanceOf would pick one at random)", key, other)
		}
		games[gameKey(v)] = key
		r := v.Rules()
		if r.Repetition != tafl.RepetitionDraw && !r.NoMovesDraw {
			t.Errorf("balances: %s has no draws", key)
		}
	}
}

// TestBalanceShiftsTheEvaluation: with the balance, the static value is
// the value without it minus the balance from the attackers' point of
// view, whichever side is to move.
func TestBalanceShiftsTheEvaluation(t *testing.T) {
	sides := map[tafl.Side]int{}
	for seed := range uint64(10) {
		g := randomGame(t, "brandubh", 5+int(seed), seed)
		if g.Outcome().Over() {
			continue
		}
		s := newSearcher(&shared{tt: newTable(1)}, g, g.LegalMoves(), 0, Limits{})
		with := s.evaluate(0)
		plain := *s.in
		plain.balance = 0
		s.in = &plain
		without := s.evaluate(0)
		shift := int32(balances["brandubh"])
		if g.ToMove() == tafl.Defenders {
			shift = -shift
		}
		if with != without-shift {
			t.Errorf("seed %d, %v to move: %d with the balance, %d without, want a difference of %d",
				seed, g.ToMove(), with, without, -shift)
		}
		sides[g.ToMove()]++
	}
	if sides[tafl.Attackers] == 0 || sides[tafl.Defenders] == 0 {
		t.Errorf("positions by side to move %v: the test needs both", sides)
	}
}
