package otep

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/taflbot/taflbot/tafl"
)

// Clock is the state of a "clock" command:
//
//	clock ATTACKER-MILLIS[*] DEFENDER-MILLIS[*] OVERTIME-SECONDS ATTACKER-OVERTIMES DEFENDER-OVERTIMES
//
// A trailing "*" means that side's main time is spent and the number is
// what is left of its current overtime period.
type Clock struct {
	Left      [2]time.Duration // Left is the attackers' and defenders' time; negative: untimed.
	Overtime  [2]bool          // Overtime: that side is in an overtime period ("*").
	Period    time.Duration    // Period is the length of one overtime period.
	Overtimes [2]int           // Overtimes are the overtime periods each side has left.
}

// index returns the Left/Overtime index of side.
func index(side tafl.Side) int {
	if side == tafl.Defenders {
		return 1
	}
	return 0
}

// ParseClock reads the arguments of a "clock" command. It accepts the
// protocol's form (milliseconds and whole overtime seconds, OpenTafl's
// trailing space included), a fractional number of overtime seconds
// (what taflbot's host sent before it followed the protocol text), and
// the two millisecond fields alone.
func ParseClock(arg string) (Clock, error) {
	var c Clock
	f := strings.Fields(arg)
	if len(f) < 2 || len(f) > 5 {
		return c, errors.New("clock wants attacker-millis defender-millis [overtime-seconds attacker-overtimes defender-overtimes]")
	}
	for i := 0; i < 2; i++ {
		s, star := strings.CutSuffix(f[i], "*")
		ms, err := strconv.ParseFloat(s, 64)
		if err != nil || ms != ms || ms > 1e12 {
			return Clock{}, fmt.Errorf("clock: %q is not a number of milliseconds", f[i])
		}
		c.Left[i] = time.Duration(ms * float64(time.Millisecond))
		if ms < 0 {
			c.Left[i] = -1
		}
		c.Overtime[i] = star
	}
	if len(f) > 2 {
		sec, err := strconv.ParseFloat(f[2], 64)
		if err != nil || !(sec >= 0 && sec <= 1e9) { // NaN too
			return Clock{}, fmt.Errorf("clock: overtime %q is not a number of seconds", f[2])
		}
		c.Period = time.Duration(sec * float64(time.Second))
	}
	for i := 3; i < len(f); i++ {
		n, err := strconv.Atoi(f[i])
		if err != nil || n < 0 {
			return Clock{}, fmt.Errorf("clock: %q is not a count of overtime periods", f[i])
		}
		c.Overtimes[i-3] = n
	}
	return c, nil
}

// String writes the clock command as the protocol text specifies it:
// whole milliseconds, and the overtime period in whole seconds (rounded
// up: OpenTafl's engine reads an integer there and stops on anything
// else).
func (c Clock) String() string {
	var b strings.Builder
	b.WriteString("clock")
	for i := 0; i < 2; i++ {
		ms := c.Left[i].Milliseconds()
		if c.Left[i] < 0 {
			ms = -1
		}
		fmt.Fprintf(&b, " %d", ms)
		if c.Overtime[i] {
			b.WriteByte('*')
		}
	}
	sec := (c.Period + time.Second - 1) / time.Second
	fmt.Fprintf(&b, " %d %d %d", sec, c.Overtimes[0], c.Overtimes[1])
	return b.String()
}

// PerMoveClock is the clock a host sends for a fixed time d per move:
// main time spent, d left in the current overtime period, one period of
// d (whole seconds, at least one) left on each side.
func PerMoveClock(d time.Duration) Clock {
	return Clock{Left: [2]time.Duration{d, d}, Overtime: [2]bool{true, true}, Period: d, Overtimes: [2]int{1, 1}}
}

// Budget returns the time to spend on one move for side, 0 when the
// clock is untimed: a thirtieth of the main time, or 80 % of an overtime
// period when one is left; in overtime, 80 % of what is left of the
// current period. Never less than 20 ms.
func (c Clock) Budget(side tafl.Side) time.Duration {
	i := index(side)
	left := c.Left[i]
	if left < 0 && c.Period == 0 {
		return 0
	}
	var b time.Duration
	switch {
	case c.Overtime[i]:
		b = left * 8 / 10
	case left > 0:
		b = left / 30
		if c.Period > 0 && c.Overtimes[i] > 0 {
			b = max(b, c.Period*8/10)
		}
	case c.Period > 0:
		b = c.Period * 8 / 10
	}
	return max(b, 20*time.Millisecond)
}
