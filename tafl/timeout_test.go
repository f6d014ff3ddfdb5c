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
		// A strong-near-throne king is weak away from the throne, where
		// corners (hnefatafl-9) and camps (tablut) are hostile to him: one
		// attacker takes him against them. These were drawn on time.
		{"strong-near-throne king, one attacker, corners", "hnefatafl-9", "/9/9/4K4/9/9/9/9/9/1t7/", tafl.Defenders, tafl.Outcome{Winner: tafl.Attackers, Reason: tafl.Timeout}},
		{"strong-near-throne king, one attacker, camps", "tablut", "/9/9/9/9/4K4/9/9/9/4t4/", tafl.Defenders, tafl.Outcome{Winner: tafl.Attackers, Reason: tafl.Timeout}},
		// A weak king with no hostile square is captured only between two
		// attackers: one cannot take him. These were lost on time.
		{"weak king, no hostile squares, one attacker", "ard-ri", "/7/7/3K3/7/7/7/1t5/", tafl.Defenders, tafl.Outcome{Winner: tafl.NoSide, Reason: tafl.Timeout}},
		{"weak king, no hostile squares, one attacker (tawlbwrdd)", "tawlbwrdd", "/11/11/11/11/5K5/11/11/11/11/11/2t8/", tafl.Defenders, tafl.Outcome{Winner: tafl.NoSide, Reason: tafl.Timeout}},
		// Alea Evangelii's strong king has no square with three hostile
		// neighbours.
		{"strong king, corner blocks, one attacker", "alea-evangelii", "/19/19/19/19/19/19/19/19/19/9K9/19/19/19/19/19/19/19/19/2t16/", tafl.Defenders, tafl.Outcome{Winner: tafl.NoSide, Reason: tafl.Timeout}},
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
