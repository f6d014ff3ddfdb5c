package bot

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestCustomIDRoundTrip(t *testing.T) {
	cases := []CustomID{
		{Action: ActAccept, ID: 7},
		{Action: ActMove, ID: 42, Ply: 17},
		{Action: ActPickPiece, ID: 42, Ply: 17, Arg: "1"},
		{Action: ActPickTarget, ID: 18446744073709551615, Ply: 999, Arg: "e5"},
		{Action: ActGamesPage, ID: 1, Ply: 3, Arg: "123456789012345678"},
	}
	for _, c := range cases {
		got, err := ParseCustomID(c.String())
		if err != nil {
			t.Errorf("%v: %v", c, err)
			continue
		}
		if got != c {
			t.Errorf("round trip of %q = %+v, want %+v", c.String(), got, c)
		}
	}
	if s := (CustomID{Action: ActMove, ID: 42, Ply: 17}).String(); s != "t:mv:42:17" {
		t.Errorf("encoding = %q, want t:mv:42:17", s)
	}
}

func TestParseCustomIDRejects(t *testing.T) {
	for _, s := range []string{
		"", "t", "t:mv", "t:mv:1", "x:mv:1:2", "t:zz:1:2", "t:mv:0:2", "t:mv:-1:2",
		"t:mv:1:-2", "t:mv:01:2", "t:mv:1:02", "t:mv:1:2:", "t:mv:1:2:E5", "t:mv:1:2:a:b",
		"t:mv:99999999999999999999:1", "t::1:2", "t:mv:1:2:" + string(make([]byte, 30)),
	} {
		if c, err := ParseCustomID(s); !errors.Is(err, ErrBadCustomID) {
			t.Errorf("ParseCustomID(%q) = %+v, %v; want ErrBadCustomID", s, c, err)
		}
	}
}

func FuzzParseCustomID(f *testing.F) {
	for _, s := range []string{"t:mv:42:17", "t:to:1:0:e5", "t:acc:3:0", "t:gl:1:2:123", "t:mv:1:2:a:b", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := ParseCustomID(s)
		if err != nil {
			if !errors.Is(err, ErrBadCustomID) {
				t.Fatalf("error %v does not wrap ErrBadCustomID", err)
			}
			return
		}
		if c.String() != s {
			t.Fatalf("parsed %q as %+v which encodes as %q", s, c, c.String())
		}
		if len(s) > maxCustomID {
			t.Fatalf("accepted an id of %d bytes", len(s))
		}
	})
}

// TestCustomIDScope: the puzzles' ids carry the variant Another puzzle
// keeps to; the ids without one (made before) still read.
func TestCustomIDScope(t *testing.T) {
	for _, c := range []CustomID{
		{Action: ActPuzzleNew, ID: 7, Scope: "brandubh"},
		{Action: ActPuzzleTarget, ID: 7, Ply: 2, Arg: "d10p1", Scope: "tawlbwrdd/lewis-cross"},
		{Action: ActPuzzle, ID: 7, Arg: "back", Scope: "hnefatafl-9"},
	} {
		if got, err := ParseCustomID(c.String()); err != nil || got != c {
			t.Errorf("round trip of %q = %+v, %v", c.String(), got, err)
		}
	}
	if s := (CustomID{Action: ActPuzzleNew, ID: 7, Scope: "brandubh"}).String(); s != "t:pzn:7:0::brandubh" {
		t.Errorf("encoding = %q, want t:pzn:7:0::brandubh", s)
	}
	if c, err := ParseCustomID("t:pzn:7:0"); err != nil || c != (CustomID{Action: ActPuzzleNew, ID: 7}) {
		t.Errorf("an old Another puzzle id: %+v, %v", c, err)
	}
	for _, s := range []string{"t:mv:1:2::brandubh", "t:pzn:7:0::Brandubh", "t:pzn:7:0::", "t:pzn:7:0::a b", "t:pzn:7:0:::x", "t:pzn:7:0::" + strings.Repeat("a", 40)} {
		if c, err := ParseCustomID(s); !errors.Is(err, ErrBadCustomID) {
			t.Errorf("ParseCustomID(%q) = %+v, %v; want ErrBadCustomID", s, c, err)
		}
	}
}

// TestTruncateKeepsWholeCharacters: the labels, fields and echoes that
// truncate cuts hold players' names and variant names in any script; a
// cut inside a character sent half of it (the rules field of a custom
// variant with a non-ASCII name:, a Finnish game label in the game menu).
func TestTruncateKeepsWholeCharacters(t *testing.T) {
	for _, tc := range []struct {
		s    string
		n    int
		want string
	}{
		{"abc", 3, "abc"},
		{"abcd", 3, "abc…"},
		{"ääää", 3, "ä…"},  // ä is two bytes: the cut at 3 falls inside the second
		{"ääää", 4, "ää…"}, // on a boundary
		{"a€b", 2, "a…"},   // € is three bytes
		{"€€", 1, "…"},
	} {
		got := truncate(tc.s, tc.n)
		if got != tc.want || !utf8.ValidString(got) {
			t.Errorf("truncate(%q, %d) = %q, want %q", tc.s, tc.n, got, tc.want)
		}
		if strings.TrimSuffix(got, "…") != "" && len(strings.TrimSuffix(got, "…")) > tc.n {
			t.Errorf("truncate(%q, %d) = %q keeps more than %d bytes", tc.s, tc.n, got, tc.n)
		}
	}
}
