package clock_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/taflbot/taflbot/clock"
	"github.com/taflbot/taflbot/tafl"
)

func TestParse(t *testing.T) {
	cases := []struct {
		in   string
		want clock.TimeControl
		err  string // part of the error, "" for none
		// example is the time control the error suggests ("" for 10+5)
		example string
	}{
		{in: "10+5", want: clock.TimeControl{Base: 10 * time.Minute, Increment: 5 * time.Second}},
		{in: " 3 + 2 ", want: clock.TimeControl{Base: 3 * time.Minute, Increment: 2 * time.Second}},
		{in: "30", want: clock.TimeControl{Base: 30 * time.Minute}},
		{in: "30+0", want: clock.TimeControl{Base: 30 * time.Minute}},
		{in: "1+0", want: clock.TimeControl{Base: time.Minute}},
		{in: "180+180", want: clock.TimeControl{Base: 180 * time.Minute, Increment: 180 * time.Second}},
		{in: "", err: "empty"},
		{in: "0+5", err: "at least 1 minute"},
		{in: "181+0", err: "at most 180 minutes"},
		{in: "10+181", err: "at most 180 seconds"},
		{in: "10+-1", err: "cannot be negative", example: "10+1"},
		{in: "-5+0", err: "at least 1 minute", example: "5+0"},
		{in: "ten+5", err: "minutes are not a whole number"},
		{in: "10+5+3", err: "seconds are not a whole number"},
		{in: "2.5+0", err: "minutes are not a whole number"},
		{in: "99999999999999999999+0", err: "minutes are not a whole number"},
		// Units that say what was meant anyway are read.
		{in: "5m", want: clock.TimeControl{Base: 5 * time.Minute}},
		{in: "5 min", want: clock.TimeControl{Base: 5 * time.Minute}},
		{in: "5 Minuten", want: clock.TimeControl{Base: 5 * time.Minute}},
		{in: "10+5s", want: clock.TimeControl{Base: 10 * time.Minute, Increment: 5 * time.Second}},
		{in: "10min+5sec", want: clock.TimeControl{Base: 10 * time.Minute, Increment: 5 * time.Second}},
		{in: "10 mín + 5 sek", want: clock.TimeControl{Base: 10 * time.Minute, Increment: 5 * time.Second}},
		{in: "10 Min. + 5 Sek.", want: clock.TimeControl{Base: 10 * time.Minute, Increment: 5 * time.Second}},
		// A | for the +, as chess.com writes a time control.
		{in: "3 | 2", want: clock.TimeControl{Base: 3 * time.Minute, Increment: 2 * time.Second}},
		{in: "3|2", want: clock.TimeControl{Base: 3 * time.Minute, Increment: 2 * time.Second}},
		{in: "3|2|1", err: "minutes are not a whole number", example: "10+5"},
		{in: "3|200", err: "at most 180 seconds", example: "10+5"},
		// Full-width digits, plus and spaces (Chinese and Japanese
		// keyboards) were "not a whole number".
		{in: "５＋３", want: clock.TimeControl{Base: 5 * time.Minute, Increment: 3 * time.Second}},
		{in: "１０\u3000+５", want: clock.TimeControl{Base: 10 * time.Minute, Increment: 5 * time.Second}},
		{in: "５ｍ ３ｓ", err: "a + goes between", example: "5+3"},
		// Unclear ones, or in other units, are refused with an example
		// made of the numbers typed.
		{in: "5m 3s", err: "a + goes between", example: "5+3"},
		{in: "5m3s", err: "a + goes between", example: "5+3"},
		{in: "10 5", err: "a + goes between", example: "10+5"},
		{in: "90s", err: "counted in minutes", example: "10+5"},
		{in: "1h", err: "counted in minutes"},
		{in: "10+1m", err: "counted in minutes", example: "10+1"},
		{in: "5 minutes please", err: "minutes are not a whole number", example: "5+0"},
		{in: "5 m + 3 s a move", err: "seconds are not a whole number", example: "5+3"},
		// A game time written as a clock shows it, M:SS, when the
		// seconds are 00; with seconds it is refused, saying why.
		{in: "5:00", want: clock.TimeControl{Base: 5 * time.Minute}},
		{in: "3:00+2", want: clock.TimeControl{Base: 3 * time.Minute, Increment: 2 * time.Second}},
		{in: "10:00 + 5s", want: clock.TimeControl{Base: 10 * time.Minute, Increment: 5 * time.Second}},
		{in: "2:30", err: "whole number of minutes, without seconds", example: "2+0"},
		{in: "2:30+2", err: "whole number of minutes, without seconds", example: "2+2"},
		{in: "0:30", err: "whole number of minutes, without seconds", example: "10+5"},
		{in: "0:00+5", err: "at least 1 minute", example: "10+5"},
		{in: "5:00+500", err: "at most 180 seconds", example: "10+5"},
		{in: "5:75", err: "minutes are not a whole number", example: "5+0"},
		{in: "ten", err: "minutes are not a whole number", example: "10+5"},
	}
	for _, c := range cases {
		t.Run(c.in, func(t *testing.T) {
			got, err := clock.Parse(c.in)
			if c.err != "" {
				var se *clock.SyntaxError
				if err == nil || !errors.Is(err, clock.ErrSyntax) || !errors.As(err, &se) || !strings.Contains(err.Error(), c.err) || se.Problem == clock.NoProblem {
					t.Fatalf("Parse(%q) = %v, %v; want an ErrSyntax saying %q", c.in, got, err, c.err)
				}
				want := c.example
				if want == "" {
					want = "10+5"
				}
				if se.Example != want || !strings.Contains(err.Error(), "such as "+want+": the game time in minutes, then the increment in seconds") {
					t.Errorf("the error %q (example %q) does not say what to write: want the example %s", err, se.Example, want)
				}
				if _, err := clock.Parse(se.Example); err != nil {
					t.Errorf("the example %q is refused: %v", se.Example, err)
				}
				return
			}
			if err != nil || got != c.want {
				t.Fatalf("Parse(%q) = %v, %v; want %v", c.in, got, err, c.want)
			}
			if back, err := clock.Parse(got.String()); err != nil || back != got {
				t.Errorf("%v does not round-trip through %q: %v, %v", got, got.String(), back, err)
			}
		})
	}
}

func TestChoices(t *testing.T) {
	var names []string
	for _, c := range clock.Choices {
		if err := c.Check(); err != nil {
			t.Errorf("choice %v: %v", c, err)
		}
		names = append(names, c.String())
	}
	if got := strings.Join(names, " "); got != "3+2 5+3 10+5 15+10 30+0" {
		t.Errorf("choices %q", got)
	}
	if (clock.TimeControl{}).String() != "" || !(clock.TimeControl{}).IsZero() {
		t.Error("the zero time control is not empty")
	}
}

var t0 = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

func TestFischer(t *testing.T) {
	tc := clock.TimeControl{Base: 3 * time.Minute, Increment: 2 * time.Second}
	c := clock.New(tc, tafl.Attackers, t0)
	if c.FlagAt() != t0.Add(3*time.Minute) {
		t.Fatalf("flag at %v", c.FlagAt())
	}
	// The attackers think 10 s: 3:00 − 0:10 + 0:02 = 2:52.
	if !c.Press(t0.Add(10 * time.Second)) {
		t.Fatal("press refused")
	}
	if got := c.Remaining(tafl.Attackers, t0.Add(time.Hour)); got != 172*time.Second {
		t.Errorf("attackers have %v, want 2m52s (their clock stopped)", got)
	}
	if c.Running != tafl.Defenders || c.FlagAt() != t0.Add(10*time.Second+3*time.Minute) {
		t.Errorf("running %v, flag at %v", c.Running, c.FlagAt())
	}
	// The defenders' clock runs: after 30 s they have 2:30.
	if got := c.Remaining(tafl.Defenders, t0.Add(40*time.Second)); got != 150*time.Second {
		t.Errorf("defenders have %v, want 2m30s", got)
	}
	// A press exactly at the flag still counts (the time is not yet past).
	flag := c.FlagAt()
	d := c
	if !d.Press(flag) || d.Left[1] != 2*time.Second {
		t.Errorf("a press at the flag: %v, left %v; want accepted with only the increment left", d, d.Left[1])
	}
	// One nanosecond late is too late, and changes nothing.
	late := c
	if late.Press(flag.Add(time.Nanosecond)) || late != c {
		t.Errorf("a late press was accepted or changed the clock: %+v", late)
	}
	if got := c.Remaining(tafl.Defenders, flag.Add(time.Minute)); got != 0 {
		t.Errorf("remaining after the flag %v, want 0", got)
	}
	// Stopping at the flag (found out later) records the flag moment.
	c.Stop(flag)
	if c.Running != tafl.NoSide || c.Left[1] != 0 || !c.Since.Equal(flag) || !c.FlagAt().IsZero() {
		t.Errorf("stopped clock %+v", c)
	}
	if c.Press(flag) {
		t.Error("a stopped clock accepted a press")
	}
}

// TestPressLast: the move that ends the game takes its time off the
// mover's clock and stops both, without the increment; like Press, it
// counts at the flag, not a nanosecond after, nor on stopped clocks.
func TestPressLast(t *testing.T) {
	tc := clock.TimeControl{Base: 3 * time.Minute, Increment: 2 * time.Second}
	c := clock.New(tc, tafl.Attackers, t0)
	end := c
	if !end.PressLast(t0.Add(10*time.Second)) || end.Left != [2]time.Duration{170 * time.Second, 3 * time.Minute} ||
		end.Running != tafl.NoSide || !end.Since.Equal(t0.Add(10*time.Second)) || !end.FlagAt().IsZero() {
		t.Errorf("the last move after 10 s: %+v, want 2:50 left (no increment) and the clocks stopped", end)
	}
	if end.PressLast(t0.Add(20*time.Second)) || end.Press(t0.Add(20*time.Second)) {
		t.Error("stopped clocks accepted a move")
	}
	atFlag := c
	if !atFlag.PressLast(c.FlagAt()) || atFlag.Left[0] != 0 {
		t.Errorf("the last move at the flag: %+v, want accepted with nothing left", atFlag)
	}
	late := c
	if late.PressLast(c.FlagAt().Add(time.Nanosecond)) || late != c {
		t.Errorf("a late last move was accepted or changed the clock: %+v", late)
	}
}

func TestBudget(t *testing.T) {
	for _, c := range []struct {
		tc        clock.TimeControl
		used      time.Duration
		min, max  time.Duration
		leaveOver time.Duration
	}{
		{clock.TimeControl{Base: 10 * time.Minute, Increment: 5 * time.Second}, 0, 20 * time.Second, 30 * time.Second, 9 * time.Minute},
		{clock.TimeControl{Base: 30 * time.Minute}, 0, 59 * time.Second, 61 * time.Second, 28 * time.Minute},
		{clock.TimeControl{Base: 3 * time.Minute, Increment: 2 * time.Second}, 178 * time.Second, 500 * time.Millisecond, time.Second, 0},
		{clock.TimeControl{Base: time.Minute}, time.Minute - 100*time.Millisecond, 0, 50 * time.Millisecond, 0},
	} {
		clk := clock.New(c.tc, tafl.Attackers, t0)
		now := t0.Add(c.used)
		b := clk.Budget(tafl.Attackers, now)
		left := clk.Remaining(tafl.Attackers, now)
		if b < c.min || b > c.max {
			t.Errorf("%v after %v: budget %v, want %v to %v", c.tc, c.used, b, c.min, c.max)
		}
		if b >= left && left > 0 {
			t.Errorf("%v after %v: budget %v uses all of %v", c.tc, c.used, b, left)
		}
		if left-b < c.leaveOver {
			t.Errorf("%v after %v: budget %v leaves only %v", c.tc, c.used, b, left-b)
		}
	}
}
