package clock

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/taflbot/taflbot/tafl"
)

// TimeControl is a Fischer time control: Base for the whole game and
// Increment added after each move. The zero value means no clock.
type TimeControl struct {
	Base      time.Duration // Base is each side's time at the start.
	Increment time.Duration // Increment is added to a side's clock after each of its moves.
}

// Limits of a time control a user may choose.
const (
	MinBase      = time.Minute       // MinBase is the shortest game time.
	MaxBase      = 180 * time.Minute // MaxBase is the longest game time.
	MaxIncrement = 180 * time.Second // MaxIncrement is the largest increment.
)

// Choices are the time controls offered in the menu, fastest first.
var Choices = []TimeControl{
	{3 * time.Minute, 2 * time.Second},
	{5 * time.Minute, 3 * time.Second},
	{10 * time.Minute, 5 * time.Second},
	{15 * time.Minute, 10 * time.Second},
	{30 * time.Minute, 0},
}

// IsZero reports whether tc is the zero value (no clock).
func (tc TimeControl) IsZero() bool { return tc == TimeControl{} }

// String writes tc as "M+S" (minutes + seconds), such as "10+5". Bases
// that are not whole minutes are written as decimals ("0.5+0").
func (tc TimeControl) String() string {
	if tc.IsZero() {
		return ""
	}
	m := strconv.FormatFloat(tc.Base.Minutes(), 'f', -1, 64)
	s := strconv.FormatFloat(tc.Increment.Seconds(), 'f', -1, 64)
	return m + "+" + s
}

// ErrSyntax is wrapped by every error of Parse.
var ErrSyntax = errors.New("clock: bad time control")

// Problem says what is wrong with a time control, so that a caller can
// say it in the user's language. The zero value is no problem.
type Problem uint8

// The problems.
const (
	NoProblem         Problem = iota // NoProblem: the time control is fine.
	Empty                            // Empty: nothing was written.
	BadMinutes                       // BadMinutes: the minutes are not a whole number.
	BadSeconds                       // BadSeconds: the seconds are not a whole number.
	TooShort                         // TooShort: under MinBase.
	TooLong                          // TooLong: over MaxBase.
	NegativeIncrement                // NegativeIncrement: an increment below zero.
	IncrementTooLarge                // IncrementTooLarge: over MaxIncrement.
	NoPlus                           // NoPlus: two numbers without a + between them ("5m 3s").
	WrongUnit                        // WrongUnit: the game time not in minutes or the increment not in seconds ("90s", "10+1m").
	SecondsInBase                    // SecondsInBase: a game time written M:SS with seconds ("2:30"): the game time is whole minutes.

	// LastProblem is the last problem, for callers that list them.
	LastProblem = SecondsInBase
)

var problemText = [...]string{"", "it is empty", "the minutes are not a whole number", "the seconds are not a whole number",
	"the game time must be at least 1 minute", "the game time must be at most 180 minutes",
	"the increment cannot be negative", "the increment must be at most 180 seconds",
	"a + goes between the minutes and the increment",
	"the game time is counted in minutes and the increment in seconds",
	"the game time is a whole number of minutes, without seconds"}

// String says the problem in English.
func (p Problem) String() string {
	if int(p) < len(problemText) {
		return problemText[p]
	}
	return "unknown problem"
}

// SyntaxError is the error of Parse: the text, what is wrong with it and
// an example of the right form built from the numbers in the text.
// It wraps ErrSyntax.
type SyntaxError struct {
	Text    string
	Problem Problem
	// Example is a time control written the way Parse reads it, made of
	// the numbers typed when they make one ("5m 3s": "5+3"), else "10+5".
	Example string
}

func (e *SyntaxError) Error() string {
	return fmt.Sprintf("%v %q: %s; write minutes+seconds such as %s: the game time in minutes, then the increment in seconds (1 to 180 minutes, 0 to 180 seconds)", ErrSyntax, truncate(e.Text, 20), e.Problem, e.Example)
}

// Unwrap makes errors.Is(err, ErrSyntax) true.
func (e *SyntaxError) Unwrap() error { return ErrSyntax }

// The units a number may carry, in the bot's languages: a game time in
// minutes, an increment in seconds. Hours are not read.
var (
	minuteUnits = []string{"m", "min", "mins", "minute", "minutes", "minuten", "minuter", "minutter", "minuutti", "minuuttia", "mín", "mínúta", "mínútur"}
	secondUnits = []string{"s", "sec", "secs", "second", "seconds", "sek", "sekunde", "sekunden", "sekund", "sekunder", "sekunti", "sekuntia", "sekúnda", "sekúndur"}
)

// unit is what unit a word names: 'm' (minutes), 's' (seconds), 0 for
// no unit (the empty word) and '?' for anything else.
func unit(word string) byte {
	word = strings.ToLower(strings.TrimSuffix(strings.TrimSpace(word), "."))
	switch {
	case word == "":
		return 0
	case slices.Contains(minuteUnits, word):
		return 'm'
	case slices.Contains(secondUnits, word):
		return 's'
	}
	return '?'
}

// tokens cuts a part of a time control into numbers (a run of digits,
// with a leading minus when there is one: "-1") and words (a run of
// letters, or any other single character but a space or a dot after
// letters).
func tokens(part string) []string {
	var out []string
	rs := []rune(part)
	for i := 0; i < len(rs); {
		r := rs[i]
		j := i + 1
		switch {
		case unicode.IsSpace(r), r == '.' && len(out) > 0 && unicode.IsLetter([]rune(out[len(out)-1])[0]):
			i = j // a space, or an abbreviation's dot ("5 min.")
			continue
		case unicode.IsDigit(r) || r == '-' && j < len(rs) && unicode.IsDigit(rs[j]) && len(out) == 0:
			for j < len(rs) && unicode.IsDigit(rs[j]) {
				j++
			}
		case unicode.IsLetter(r):
			for j < len(rs) && unicode.IsLetter(rs[j]) {
				j++
			}
		}
		out = append(out, string(rs[i:j]))
		i = j
	}
	return out
}

// number reads a token as a whole number; ok is false for a word.
func number(tok string) (n int, isNumber bool, err error) {
	d := strings.TrimPrefix(tok, "-")
	if d == "" || strings.IndexFunc(d, func(r rune) bool { return r < '0' || r > '9' }) >= 0 {
		return 0, false, nil
	}
	n, err = strconv.Atoi(tok)
	return n, true, err
}

// narrowed returns s with the full-width forms of ASCII characters
// (U+FF01 to U+FF5E: ５＋３) and the ideographic space written as the
// ASCII ones. (The bot's moves use golang.org/x/text/width's Narrow;
// this package takes no third-party module, and needs only these.)
func narrowed(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r >= '\uff01' && r <= '\uff5e':
			return r - 0xfee0
		case r == '\u3000':
			return ' '
		}
		return r
	}, s)
}

// Parse reads a time control written "M+S": whole minutes for the game
// (1 to 180) and whole seconds of increment (0 to 180), such as "10+5";
// "10" alone means no increment. Spaces around the numbers are allowed,
// and so are units that say what was meant anyway: minutes on the game
// time ("5m", "5 min", "10min+5") and seconds on the increment ("10+5s",
// "10 min + 5 sec"), a | for the + ("3 | 2", as chess.com writes
// it), and a game time written as a clock shows it, minutes and seconds
// ("5:00+3"), whose seconds are 00 (a game time with seconds, "2:30", is
// refused: the game time is whole minutes). What is unclear ("5m 3s": 5:03, or 5 minutes and 3
// seconds a move?) or in other units ("90s", "1h") is refused. The
// error is a *SyntaxError that says what to write instead, with an
// example made of the numbers typed.
func Parse(text string) (TimeControl, error) {
	// The full-width digits, plus and spaces of Chinese and Japanese
	// keyboards (５＋３) are read as ASCII ones, as in moves.
	narrow := narrowed(text)
	numbers := narrow // what the example is made of
	fail := func(p Problem) (TimeControl, error) {
		return TimeControl{}, &SyntaxError{Text: text, Problem: p, Example: example(numbers)}
	}
	failExample := func(p Problem, example string) (TimeControl, error) {
		return TimeControl{}, &SyntaxError{Text: text, Problem: p, Example: example}
	}
	t := strings.TrimSpace(narrow)
	if t == "" {
		return fail(Empty)
	}
	if !strings.Contains(t, "+") && strings.Count(t, "|") == 1 {
		t = strings.Replace(t, "|", "+", 1) // "3 | 2", as chess.com writes 3+2
	}
	ms, ss, hasInc := strings.Cut(t, "+")
	mt := tokens(ms)
	// "5:00", as a clock shows a game time: minutes and seconds, the
	// seconds 00 (the game time is whole minutes).
	colonSeconds := -1
	if len(mt) == 3 && mt[1] == ":" && len(mt[2]) == 2 {
		if s, isNum, err := number(mt[2]); isNum && err == nil && s >= 0 && s < 60 {
			colonSeconds, mt = s, mt[:1]
			numbers = mt[0]
			if hasInc {
				numbers += "+" + ss
			}
		}
	}
	minutes, isNum, err := 0, false, error(nil)
	if len(mt) > 0 {
		minutes, isNum, err = number(mt[0])
	}
	switch {
	case !isNum || err != nil:
		return fail(BadMinutes) // "ten+5", too many digits
	case colonSeconds > 0:
		return fail(SecondsInBase) // "2:30+2"
	case len(mt) == 1 || len(mt) == 2 && unit(mt[1]) == 'm':
		// "5", "5m"
	case len(mt) == 2 && unit(mt[1]) == 's', len(mt) == 2 && strings.EqualFold(mt[1], "h"):
		return failExample(WrongUnit, "10+5") // "90s", "1h": not whole minutes, or hours

	case !hasInc && numberThenUnit(mt[1:]), !hasInc && len(mt) > 2 && unit(mt[1]) == 'm' && numberThenUnit(mt[2:]):
		return fail(NoPlus) // "10 5", "5m 3s", "5m3s"
	default:
		return fail(BadMinutes) // "2.5+0"
	}
	seconds := 0
	if hasInc {
		st := tokens(ss)
		if len(st) > 0 {
			seconds, isNum, err = number(st[0])
		} else {
			isNum = false
		}
		switch {
		case !isNum || err != nil:
			return fail(BadSeconds)
		case len(st) == 1 || len(st) == 2 && unit(st[1]) == 's':
			// "5", "5s"
		case len(st) == 2 && unit(st[1]) == 'm':
			return fail(WrongUnit) // "10+1m"
		default:
			return fail(BadSeconds) // "10+5+3", "10+2.5"
		}
	}
	tc := TimeControl{Base: time.Duration(minutes) * time.Minute, Increment: time.Duration(seconds) * time.Second}
	if p := tc.problem(); p != NoProblem {
		return fail(p)
	}
	return tc, nil
}

// numberThenUnit reports whether toks are a number and, maybe, a unit.
func numberThenUnit(toks []string) bool {
	if len(toks) == 0 || len(toks) > 2 {
		return false
	}
	if _, isNum, _ := number(toks[0]); !isNum {
		return false
	}
	return len(toks) == 1 || unit(toks[1]) != '?'
}

// example writes a time control made of the numbers in text: the
// first before a + for the minutes and the first after it for the
// seconds, or without a + the first two ("5m 3s": 5+3; "5 min": 5+0).
// It is 10+5 when they do not make one within the limits.
func example(text string) string {
	first := func(s string) []int {
		var nums []int
		for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r < '0' || r > '9' }) {
			if n, err := strconv.Atoi(f); err == nil {
				nums = append(nums, n)
			}
		}
		return nums
	}
	var m, sec []int
	if ms, ss, ok := strings.Cut(text, "+"); ok {
		m, sec = first(ms), first(ss)
		if len(m) > 1 || len(sec) > 1 {
			return "10+5"
		}
	} else if m = first(text); len(m) == 2 && strings.Contains(text, ":") {
		m = m[:1] // "5:75": minutes and (bad) seconds of the game time, no increment
	} else if len(m) == 2 {
		m, sec = m[:1], m[1:]
	}
	if len(m) != 1 {
		return "10+5"
	}
	tc := TimeControl{Base: time.Duration(m[0]) * time.Minute}
	if len(sec) == 1 {
		tc.Increment = time.Duration(sec[0]) * time.Second
	}
	if tc.problem() != NoProblem {
		return "10+5"
	}
	return tc.String()
}

// Check reports whether tc is within the limits (MinBase to MaxBase, 0
// to MaxIncrement).
func (tc TimeControl) Check() error {
	if p := tc.problem(); p != NoProblem {
		return errors.New(p.String())
	}
	return nil
}

func (tc TimeControl) problem() Problem {
	switch {
	case tc.Base < MinBase:
		return TooShort
	case tc.Base > MaxBase:
		return TooLong
	case tc.Increment < 0:
		return NegativeIncrement
	case tc.Increment > MaxIncrement:
		return IncrementTooLarge
	}
	return NoProblem
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// Clock is the pair of clocks of one game. The zero value is no clock.
// Clock is a value: methods that change it have pointer receivers and
// everything else copies.
type Clock struct {
	Control TimeControl // Control is the game's time control.
	// Left is each side's time left as of Since (index: attackers 0,
	// defenders 1; see [Clock.Remaining]).
	Left [2]time.Duration
	// Running is the side whose clock runs (NoSide: stopped).
	Running tafl.Side
	// Since is when the running clock was last started (or, when
	// stopped, when it stopped).
	Since time.Time
}

func index(s tafl.Side) int {
	if s == tafl.Defenders {
		return 1
	}
	return 0
}

// New returns the clocks of a game that starts at now with first to move:
// both sides have the base time and first's clock runs.
func New(tc TimeControl, first tafl.Side, now time.Time) Clock {
	return Clock{Control: tc, Left: [2]time.Duration{tc.Base, tc.Base}, Running: first, Since: now}
}

// IsZero reports whether c is no clock at all.
func (c Clock) IsZero() bool { return c.Control.IsZero() }

// Remaining returns side s's time left at now (never negative).
func (c Clock) Remaining(s tafl.Side, now time.Time) time.Duration {
	left := c.Left[index(s)]
	if c.Running == s && now.After(c.Since) {
		left -= now.Sub(c.Since)
	}
	return max(left, 0)
}

// FlagAt returns when the running clock reaches zero (the zero time when
// the clocks are stopped).
func (c Clock) FlagAt() time.Time {
	if c.Running == tafl.NoSide {
		return time.Time{}
	}
	return c.Since.Add(c.Left[index(c.Running)])
}

// Press ends the running side's turn at now: the time used comes off its
// clock, the increment is added, and the other side's clock starts. When
// the running clock had already run out at now (now after FlagAt), Press
// changes nothing and returns false: the move came too late. A press on
// stopped clocks returns false too.
func (c *Clock) Press(now time.Time) bool {
	if c.Running == tafl.NoSide || now.After(c.FlagAt()) {
		return false
	}
	i := index(c.Running)
	used := max(now.Sub(c.Since), 0)
	c.Left[i] += c.Control.Increment - used
	c.Running, c.Since = c.Running.Other(), now
	return true
}

// PressLast ends the game with the running side's move at now: the time
// used comes off its clock and both clocks stop, without the increment,
// which pays for moves still to come (the final board shows the time the
// side had when the game ended, not time it never had). As with Press, a
// move after the flag fell changes nothing and returns false, and so does
// one on stopped clocks.
func (c *Clock) PressLast(now time.Time) bool {
	if c.Running == tafl.NoSide || now.After(c.FlagAt()) {
		return false
	}
	c.Stop(now)
	return true
}

// Stop stops the clocks at t (the end of the game): the running side's
// time used until t comes off its clock (down to zero at most).
func (c *Clock) Stop(t time.Time) {
	if c.Running == tafl.NoSide {
		return
	}
	i := index(c.Running)
	c.Left[i] = c.Remaining(c.Running, t)
	c.Running, c.Since = tafl.NoSide, t
}

// Budget suggests how long side s, to move at now, may think: about a
// thirtieth of its time plus most of the increment, never more than a
// quarter of what is left, and always leaving margin (a second, or half
// of what is left when less) for the move to be saved and shown.
func (c Clock) Budget(s tafl.Side, now time.Time) time.Duration {
	left := c.Remaining(s, now)
	margin := min(time.Second, left/2)
	b := left/30 + c.Control.Increment*3/4
	b = min(b, left/4+c.Control.Increment/2, left-margin)
	return max(b, 0)
}
