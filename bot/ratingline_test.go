package bot

import (
	"strings"
	"testing"

	"github.com/taflbot/taflbot/locale"
	"github.com/taflbot/taflbot/storage"
	"github.com/taflbot/taflbot/tafl"
)

// TestRatingChangeAddsUp: the change shown after a rated game is the
// difference of the two ratings shown, so that '1662 → 1671' reads
// '(+9)', never '(+8)' (1662.3 → 1670.6 is a change of 8.3).
func TestRatingChangeAddsUp(t *testing.T) {
	g, err := storage.NewGame("brandubh", "")
	if err != nil {
		t.Fatal(err)
	}
	g.Attackers, g.Defenders = storage.Seat{UserID: "1"}, storage.Seat{UserID: "2"}
	tg := g.Tafl()
	for range storage.MinRatedPlies {
		if _, err := tg.Play(tg.LegalMoves()[0]); err != nil {
			t.Fatal(err)
		}
	}
	if err := tg.Resign(tafl.Defenders); err != nil {
		t.Fatal(err)
	}
	r := func(x float64) storage.Rating { return storage.Rating{Rating: x, Deviation: 80, Volatility: 0.06} }
	g.RatingChanges = []storage.RatingChange{
		{UserID: "1", Before: r(1662.3), After: r(1670.6)},
		{UserID: "2", Before: r(1500.6), After: r(1492.3)},
	}
	got := resultLine(locale.For(locale.Match("en")), g)
	for _, want := range []string{"<@1>: 1662 → 1671 (+9)", "<@2>: 1501 → 1492 (-9)"} {
		if !strings.Contains(got, want) {
			t.Errorf("the result line lacks %q:\n%s", want, got)
		}
	}
}
