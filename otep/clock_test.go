package otep

import (
	"testing"
	"time"

	"github.com/taflbot/taflbot/tafl"
)

func TestClock(t *testing.T) {
	c, err := ParseClock("60000 1500* 10 2 0")
	if err != nil {
		t.Fatal(err)
	}
	if c.Left != [2]time.Duration{time.Minute, 1500 * time.Millisecond} || c.Overtime != [2]bool{false, true} ||
		c.Period != 10*time.Second || c.Overtimes != [2]int{2, 0} {
		t.Errorf("parsed %+v", c)
	}
	// Attackers: main time 60 s / 30 = 2 s, but an overtime period of 10 s
	// is left: 8 s. Defenders: in overtime, 1.5 s left: 1.2 s.
	if b := c.Budget(tafl.Attackers); b != 8*time.Second {
		t.Errorf("attackers' budget %v, want 8s", b)
	}
	if b := c.Budget(tafl.Defenders); b != 1200*time.Millisecond {
		t.Errorf("defenders' budget %v, want 1.2s", b)
	}
	if c, _ := ParseClock("-1 -1"); c.Budget(tafl.Attackers) != 0 {
		t.Errorf("untimed clock gave a budget")
	}
	for _, bad := range []string{"", "1", "x 1", "1 2 -3", "1 2 3 x", "1 2 3 4 5 6", "NaN 1"} {
		if _, err := ParseClock(bad); err == nil {
			t.Errorf("clock %q accepted", bad)
		}
	}
}

// The host writes the protocol's form: whole milliseconds and whole
// overtime seconds (OpenTafl's engine stops on "0.5"); both forms read.
func TestClockString(t *testing.T) {
	for d, want := range map[time.Duration]string{
		2 * time.Second:         "clock 2000* 2000* 2 1 1",
		500 * time.Millisecond:  "clock 500* 500* 1 1 1",
		1500 * time.Millisecond: "clock 1500* 1500* 2 1 1",
	} {
		got := PerMoveClock(d).String()
		if got != want {
			t.Errorf("PerMoveClock(%v) = %q, want %q", d, got, want)
		}
		back, err := ParseClock(got[len("clock "):])
		if err != nil || back.Budget(tafl.Attackers) != d*8/10 {
			t.Errorf("%q reads back as %+v (%v)", got, back, err)
		}
	}
	old, err := ParseClock("500* 500* 0.5 1 1") // the form tafl match sent before
	if err != nil || old.Period != 500*time.Millisecond {
		t.Errorf("fractional overtime: %+v, %v", old, err)
	}
}

func TestASCII(t *testing.T) {
	for in, want := range map[string]string{"Cyning Tæfl": "Cyning Taefl", "Hnefatafl 9×9": "Hnefatafl 9x9", "Brandubh": "Brandubh", "Tafl ★": "Tafl _"} {
		if got := ASCII(in); got != want {
			t.Errorf("ASCII(%q) = %q, want %q", in, got, want)
		}
	}
	v, err := tafl.Preset("cyning-taefl", "")
	if err != nil {
		t.Fatal(err)
	}
	line := RulesLine(tafl.NewGame(v))
	for _, r := range line {
		if r >= 128 {
			t.Fatalf("rules line not ASCII: %s", line)
		}
	}
	if r, err := tafl.ParseRules(line[len("rules "):]); err != nil || r.Title != "Cyning Taefl" {
		t.Errorf("rules line %q: %v, %v", line, r.Title, err)
	}
}
