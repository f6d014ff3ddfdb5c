package bot

import (
	"strings"
	"testing"

	"github.com/taflbot/taflbot/locale"
	"github.com/taflbot/taflbot/tafl"
	"golang.org/x/text/language"
)

// TestCapturingThree: a move that captures three pieces lists them as a
// sentence does, "c3, d4 and e3" ("c3 and d4 and e3" before), in every
// language with its own "and".
func TestCapturingThree(t *testing.T) {
	r, err := tafl.ParseRules("dim:9 start:/3t5/9/1tT1Tt3/3T5/3t5/9/9/7K1/9/")
	if err != nil {
		t.Fatal(err)
	}
	v, err := tafl.NewVariant(r)
	if err != nil {
		t.Fatal(err)
	}
	g := tafl.NewGame(v)
	ply, err := g.PlayText("d1-d3")
	if err != nil {
		t.Fatal(err)
	}
	if len(ply.Captures) != 3 {
		t.Fatalf("d1-d3 captured %v, want three pieces", ply.Captures)
	}
	sq := make([]string, 3)
	for i, c := range ply.Captures {
		sq[i] = c.String()
	}
	for _, c := range []struct {
		tag language.Tag
		and string
	}{{language.English, " and "}, {language.German, " und "}} {
		want := " " + sq[0] + ", " + sq[1] + c.and + sq[2]
		if got := capturing(locale.For(c.tag), ply); !strings.HasSuffix(got, want) {
			t.Errorf("%v: %q, want it to end %q", c.tag, got, want)
		}
	}
}
