package tafl_test

import (
	"testing"

	"github.com/taflbot/taflbot/tafl"
)

func TestFlagFall(t *testing.T) {
	cases := []struct {
		name, variant, record string
		flagged               tafl.Side
		want                  tafl.Outcome
	}{
		// Copenhagen's king is strong: one attacker cannot take him.
		{"strong king, one attacker left", "copenhagen", "/11/11/11/11/5K5/11/11/3T7/11/11/2t8/", tafl.Defenders, tafl.Outcome{Winner: tafl.NoSide, Reason: tafl.Timeout}},
		{"strong king, two attackers", "copenhagen", "/11/11/11/11/5K5/11/11/11/11/11/2t2t5/", tafl.Defenders, tafl.Outcome{Winner: tafl.Attackers, Reason: tafl.Timeout}},
		// Brandubh's king is weak: one attacker against a corner takes him.
		{"weak king, one attacker left", "brandubh", "/7/7/3K3/7/7/7/1t5/", tafl.Defenders, tafl.Outcome{Winner: tafl.Attackers, Reason: tafl.Timeout}},
		// The defenders, with their king, can always still win.
		{"attackers flag with many pieces", "copenhagen", "/11/11/11/11/5K5/11/11/11/11/11/2t2t5/", tafl.Attackers, tafl.Outcome{Winner: tafl.Defenders, Reason: tafl.Timeout}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v, err := tafl.Preset(c.variant, "")
			if err != nil {
				t.Fatal(err)
			}
			pos, err := v.ParsePosition(c.record, c.flagged)
			if err != nil {
				t.Fatal(err)
			}
			g := tafl.NewGameFrom(pos)
			if err := g.FlagFall(c.flagged); err != nil {
				t.Fatal(err)
			}
			if g.Outcome() != c.want {
				t.Fatalf("outcome %+v, want %+v", g.Outcome(), c.want)
			}
			// The record keeps a draw on time apart from an agreed draw.
			back, _, err := tafl.DecodeGame(tafl.EncodeGame(g, nil))
			if err != nil {
				t.Fatal(err)
			}
			if back.Outcome() != c.want {
				t.Errorf("after the record: %+v, want %+v", back.Outcome(), c.want)
			}
			if err := g.FlagFall(c.flagged); err == nil {
				t.Error("a finished game's flag fell again")
			}
		})
	}
}
