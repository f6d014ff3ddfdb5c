package render_test

import (
	"bytes"
	"testing"

	"github.com/taflbot/taflbot/render"
	"github.com/taflbot/taflbot/tafl"
)

// TestNoBoxesForNamesTheFontLacks: the Go fonts have no emoji, combining
// accents, zero-width characters, Chinese, Arabic or Hebrew; a display
// name with them drew a box for each. The players band and the standings
// table draw only what the fonts have: "é" written e + U+0301 with a
// zero-width space and an emoji draws as "emi", a name wholly in Chinese as
// no name.
func TestNoBoxesForNamesTheFontLacks(t *testing.T) {
	for in, want := range map[string]string{
		"e\u0301\u200bmi 👍\uFE0F":      "emi",
		"龍之介":                          "",
		"🐉 Дракон 龍之介 الملك":           "Дракон",
		"Ragnar":                       "Ragnar",
		"\u202Eשלום\u202C Ωmega  café": "Ωmega café",
	} {
		if got := render.Legible(in); got != want {
			t.Errorf("Legible(%q) = %q, want %q", in, got, want)
		}
	}
	pos := tafl.NewGame(preset(t, "brandubh", "")).Position()
	band := func(attackers, defenders string) []byte {
		t.Helper()
		var buf bytes.Buffer
		opts := render.Options{Size: 360, Players: &render.Players{ToMove: tafl.Attackers,
			Attackers: render.Player{Name: attackers}, Defenders: render.Player{Name: defenders}}}
		if err := render.PNG(&buf, pos, opts); err != nil {
			t.Fatal(err)
		}
		return buf.Bytes()
	}
	if !bytes.Equal(band("e\u0301\u200bmi 👍", "龍之介"), band("emi", "")) {
		t.Error("the players band draws characters its font lacks (as boxes)")
	}
	table := func(name string) []byte {
		t.Helper()
		tb := standings(2)
		tb.Rows[1][1] = name
		var buf bytes.Buffer
		if err := render.TablePNG(&buf, tb, render.TableOptions{}); err != nil {
			t.Fatal(err)
		}
		return buf.Bytes()
	}
	if !bytes.Equal(table("Leif 🛡️ ᚱ"), table("Leif")) {
		t.Error("the standings table draws characters its font lacks (as boxes)")
	}
}
