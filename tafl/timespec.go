package tafl

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// TimeSpec is the time control of a game record's time-control tag
// (OTN): each side's Main time, then Periods overtime periods of Overtime
// each (a move made within a period keeps it; a side that runs out of the
// last one loses), and an Increment added after each move. The zero value
// is no time control.
//
// OpenTafl's own name for it is TimeSpec too. Two kinds of game fit it
// exactly: a Fischer clock (Main and Increment, "10+5" is [FischerTime]
// of 10 minutes and 5 seconds) and a fixed time per move ([PerMoveTime]:
// no main time and one overtime period as long as the time per move).
type TimeSpec struct {
	Main      time.Duration // Main is each side's main time.
	Overtime  time.Duration // Overtime is the length of one overtime period.
	Periods   int           // Periods is how many overtime periods each side has.
	Increment time.Duration // Increment is added to a side's time after each of its moves.
}

// FischerTime is a Fischer clock: main time and an increment a move.
func FischerTime(main, increment time.Duration) TimeSpec {
	return TimeSpec{Main: main, Increment: increment}
}

// PerMoveTime is a fixed time d for each move, as OTN writes it: no main
// time and one overtime period of d.
func PerMoveTime(d time.Duration) TimeSpec {
	return TimeSpec{Overtime: d, Periods: 1}
}

// PerMove returns the time per move of a time control that is one
// ([PerMoveTime]), and false for any other.
func (ts TimeSpec) PerMove() (time.Duration, bool) {
	if ts.Main == 0 && ts.Periods == 1 && ts.Overtime > 0 && ts.Increment == 0 {
		return ts.Overtime, true
	}
	return 0, false
}

// String writes the time control as the value of OTN's time-control tag,
// in whole seconds, with every part: "600 0/0 5i" (10 minutes, 5 seconds
// a move), "0 259200/1 0i" (three days a move). That is the form OpenTafl
// writes (v0.4.8.0b, TimeSpec.toString): the main time, the overtime
// length, "/", the number of periods, and the increment with its "i".
// OpenTafl's spec describes the overtime as periods/length, but its
// example, "3600 30/3 3i" for three 30-second overtimes, and its code
// read length/periods. OpenTafl's dialog that reads a record into a new
// game needs all three parts.
func (ts TimeSpec) String() string {
	sec := func(d time.Duration) int64 { return int64(d / time.Second) }
	return fmt.Sprintf("%d %d/%d %di", sec(ts.Main), sec(ts.Overtime), ts.Periods, sec(ts.Increment))
}

// ParseTimeSpec reads the value of a game record's time-control tag: OTN's
// form, "<main seconds> [<overtime seconds>/<periods>] [<increment
// seconds>i]" ("600 0/0 5i", "3600 30/3", "600 5i", "1800"), and the forms
// taflbot wrote before it wrote OTN's, which stored records still hold: a
// live clock's "M+S" (minutes + seconds a move, "10+5", "0.5+0") and a
// correspondence game's "3d per move" (days, hours, minutes and seconds,
// "1d12h per move"), read as [FischerTime] and [PerMoveTime].
func ParseTimeSpec(text string) (TimeSpec, error) {
	fail := func(msg string) (TimeSpec, error) {
		return TimeSpec{}, &SyntaxError{Kind: "time control", Text: text, Msg: msg}
	}
	const form = `OTN writes a time control "<main seconds> [<overtime seconds>/<periods>] [<increment seconds>i]", such as "600 0/0 5i"`
	t := strings.TrimSpace(text)
	if t == "" {
		return fail("it is empty; " + form)
	}
	if d, ok := strings.CutSuffix(t, " per move"); ok {
		per, err := parseDays(strings.TrimSpace(d))
		if err != nil || per <= 0 {
			return fail(`a time per move is written in days, hours, minutes and seconds, such as "3d per move" or "1d12h per move"`)
		}
		return PerMoveTime(per), nil
	}
	if m, s, ok := strings.Cut(t, "+"); ok {
		minutes, err1 := strconv.ParseFloat(strings.TrimSpace(m), 64)
		seconds, err2 := strconv.ParseFloat(strings.TrimSpace(s), 64)
		if err1 != nil || err2 != nil || minutes < 0 || seconds < 0 || minutes > 1e6 || seconds > 1e6 {
			return fail(`a clock is written minutes+seconds, such as "10+5"; ` + form)
		}
		return FischerTime(time.Duration(minutes*float64(time.Minute)), time.Duration(seconds*float64(time.Second))), nil
	}
	f := strings.Fields(t)
	// number reads a whole number of at most nine digits.
	number := func(s string) (int64, bool) {
		if !isDigits(s) || len(s) > 9 {
			return 0, false
		}
		n, err := strconv.ParseInt(s, 10, 64)
		return n, err == nil
	}
	var ts TimeSpec
	main, ok := number(f[0])
	if !ok {
		return fail("the main time is a whole number of seconds; " + form)
	}
	ts.Main = time.Duration(main) * time.Second
	f = f[1:]
	if len(f) > 0 && strings.Contains(f[0], "/") {
		l, n, _ := strings.Cut(f[0], "/")
		length, ok1 := number(l)
		periods, ok2 := number(n)
		if !ok1 || !ok2 {
			return fail("the overtime is its length in seconds, /, and the number of periods, such as 30/3; " + form)
		}
		ts.Overtime, ts.Periods = time.Duration(length)*time.Second, int(periods)
		f = f[1:]
	}
	if len(f) > 0 && strings.HasSuffix(f[0], "i") {
		inc, ok := number(strings.TrimSuffix(f[0], "i"))
		if !ok {
			return fail("the increment is a whole number of seconds and an i, such as 5i; " + form)
		}
		ts.Increment = time.Duration(inc) * time.Second
		f = f[1:]
	}
	if len(f) > 0 {
		return fail(fmt.Sprintf("%q is not part of a time control; %s", f[0], form))
	}
	return ts, nil
}

// parseDays reads a duration written with the letters d, h, m and s
// ("3d", "1d12h", "90m", "14d30s").
func parseDays(s string) (time.Duration, error) {
	if s == "" {
		return 0, fmt.Errorf("empty")
	}
	var total time.Duration
	for s != "" {
		i := 0
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		if i == 0 || i == len(s) || i > 9 {
			return 0, fmt.Errorf("bad duration")
		}
		n, _ := strconv.Atoi(s[:i])
		unit := map[byte]time.Duration{'d': 24 * time.Hour, 'h': time.Hour, 'm': time.Minute, 's': time.Second}[s[i]]
		if unit == 0 {
			return 0, fmt.Errorf("bad unit")
		}
		total += time.Duration(n) * unit
		s = s[i+1:]
	}
	return total, nil
}
