package tafl_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/taflbot/taflbot/tafl"
)

// TestTimeSpecString: a time control is written as OpenTafl writes its
// time-control tag, every part in whole seconds (OTN: "3600 30/3 3i"), so
// that OpenTafl reads 10+5 as 600 seconds, not 10.
func TestTimeSpecString(t *testing.T) {
	for ts, want := range map[tafl.TimeSpec]string{
		tafl.FischerTime(10*time.Minute, 5*time.Second):                                       "600 0/0 5i",
		tafl.FischerTime(30*time.Minute, 0):                                                   "1800 0/0 0i",
		tafl.PerMoveTime(72 * time.Hour):                                                      "0 259200/1 0i",
		tafl.PerMoveTime(30 * 24 * time.Hour):                                                 "0 2592000/1 0i",
		{Main: time.Hour, Overtime: 30 * time.Second, Periods: 3, Increment: 3 * time.Second}: "3600 30/3 3i",
	} {
		if got := ts.String(); got != want {
			t.Errorf("%+v: %q, want %q", ts, got, want)
		}
		if back, err := tafl.ParseTimeSpec(ts.String()); err != nil || back != ts {
			t.Errorf("%q read back as %+v, %v; want %+v", ts.String(), back, err, ts)
		}
	}
	if d, ok := tafl.PerMoveTime(72 * time.Hour).PerMove(); !ok || d != 72*time.Hour {
		t.Errorf("PerMoveTime(72h).PerMove() = %v, %v", d, ok)
	}
	if _, ok := tafl.FischerTime(10*time.Minute, 5*time.Second).PerMove(); ok {
		t.Errorf("a Fischer clock has a time per move")
	}
}

// TestParseTimeSpec: the time-control tag is read in OTN's forms, parts
// left out, and in the forms taflbot wrote before ("10+5", "3d per
// move"), so that records already downloaded still say what they did;
// anything else is an error that says how a time control is written.
func TestParseTimeSpec(t *testing.T) {
	for text, want := range map[string]tafl.TimeSpec{
		"3600 30/3 3i":    {Main: time.Hour, Overtime: 30 * time.Second, Periods: 3, Increment: 3 * time.Second},
		"3600 30/3":       {Main: time.Hour, Overtime: 30 * time.Second, Periods: 3},
		"600 5i":          tafl.FischerTime(10*time.Minute, 5*time.Second),
		" 1800 ":          tafl.FischerTime(30*time.Minute, 0),
		"0 0/0 0i":        {},
		"10+5":            tafl.FischerTime(10*time.Minute, 5*time.Second),
		"0.5+0":           tafl.FischerTime(30*time.Second, 0),
		"3d per move":     tafl.PerMoveTime(72 * time.Hour),
		"1d12h per move":  tafl.PerMoveTime(36 * time.Hour),
		"1h30m per move":  tafl.PerMoveTime(90 * time.Minute),
		"14d30s per move": tafl.PerMoveTime(14*24*time.Hour + 30*time.Second),
	} {
		if got, err := tafl.ParseTimeSpec(text); err != nil || got != want {
			t.Errorf("%q: %+v, %v; want %+v", text, got, err, want)
		}
	}
	for text, msg := range map[string]string{
		"":                  "it is empty",
		"3 days":            `"days" is not part of a time control`,
		"-5":                "the main time is a whole number of seconds",
		"600 5":             `"5" is not part of a time control`,
		"600 0/x 5i":        "the overtime is its length in seconds",
		"600 0/0 fivei":     "the increment is a whole number of seconds",
		"600 0/0 5i 7":      `"7" is not part of a time control`,
		"10+":               "a clock is written minutes+seconds",
		"3x per move":       "a time per move is written in days",
		"0d per move":       "a time per move is written in days",
		"99999999999999999": "the main time is a whole number of seconds",
	} {
		_, err := tafl.ParseTimeSpec(text)
		var se *tafl.SyntaxError
		if !errors.As(err, &se) || !strings.Contains(err.Error(), msg) {
			t.Errorf("%q: %v, want an error saying %q", text, err, msg)
		}
	}
}

// TestRecordOldTimeControl: records taflbot wrote before its time-control
// tag followed OTN still load, and their tag reads as the game's.
func TestRecordOldTimeControl(t *testing.T) {
	for value, want := range map[string]tafl.TimeSpec{
		"3d per move": tafl.PerMoveTime(72 * time.Hour),
		"10+5":        tafl.FischerTime(10*time.Minute, 5*time.Second),
	} {
		text := "[event:taflbot game 7]\n[attackers:alice]\n[defenders:bob]\n[time-control:" + value + "]\n[variant:brandubh]\n[result:?]\n" +
			"[rules:" + mustPreset(t, "brandubh", "").RulesString() + "]\n1. d2-c2 d3-b3\n"
		g, tags, err := tafl.DecodeGame(text)
		if err != nil || g.Len() != 2 {
			t.Fatalf("%q: %v", value, err)
		}
		var got tafl.TimeSpec
		for _, tag := range tags {
			if tag.Name == "time-control" {
				got, err = tafl.ParseTimeSpec(tag.Value)
			}
		}
		if err != nil || got != want {
			t.Errorf("time-control %q read as %+v, %v; want %+v", value, got, err, want)
		}
	}
}
