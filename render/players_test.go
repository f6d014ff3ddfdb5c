package render

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/taflbot/taflbot/tafl"
	"golang.org/x/image/font"
)

// TestPlayersBandFitsOrdinaryNames: at the default picture size a name of
// up to sixteen letters is drawn whole beside a correspondence clock with
// its note (Finnish on vacation as the bot once wrote it, its clock
// written in Finnish too, longer than any note it writes now: the bot's
// own are checked in every language by its TestPictureTextsFitInEveryLanguage)
// and beside a
// live clock, and so is the clock. Each text's ink, measured with the
// face it is drawn in, lies in its side's panel, clear of the piece and
// of the other text. Under some 400 pixels, where two lines would be too
// small to read, name and clock keep one line and the name is shortened.
func TestPlayersBandFitsOrdinaryNames(t *testing.T) {
	names := []string{"Alexandra Petrov", "Wilhelmina Braun", "Gunnhildur Ólafs", "Kristoffer Lund", "Åse Ødegård", "Ann"}
	clocks := []Player{
		{Clock: 3 * 24 * time.Hour, HasClock: true, Note: "per move"},
		{Clock: 14 * 24 * time.Hour, HasClock: true, Note: "siirtoa kohden · lomalla"},
		{Clock: 30 * 24 * time.Hour, HasClock: true, ClockText: "30pv 0h", Note: "siirtoa kohden · lomalla"},
		{Clock: 2*24*time.Hour + 23*time.Hour, HasClock: true, Note: "· on vacation"},
		{Clock: 65 * time.Minute, HasClock: true},
		{Clock: 9*time.Minute + 59*time.Second, HasClock: true},
		{}, // the engine: no clock
	}
	for _, n := range []int{7, 11, 19} {
		g := newGeometry(n, DefaultSize, false, 0).withTop()
		h := float64(g.top)
		for i, name := range names {
			for j, c := range clocks {
				a, d := c, clocks[(j+1)%len(clocks)]
				a.Name, d.Name = name, names[(i+1)%len(names)]
				o := &Options{Players: &Players{Attackers: a, Defenders: d, ToMove: tafl.Attackers}}
				for k, s := range layoutPlayers(&g, o) {
					pl := []Player{a, d}[k]
					where := fmt.Sprintf("%d×%d, %q with %+v", n, n, pl.Name, pl)
					if s.name != pl.Name {
						t.Errorf("%s: the name is drawn as %q", where, s.name)
					}
					want := pl.ClockText
					if want == "" && pl.HasClock {
						want = FormatClock(pl.Clock)
					}
					if pl.Note != "" {
						want = joinNonEmpty(want, pl.Note)
					}
					if s.clock != want {
						t.Errorf("%s: the clock is drawn as %q, not %q", where, s.clock, want)
					}
					checkPanel(t, where, h, s)
				}
			}
		}
	}

	// Small: one line, the name shortened.
	g := newGeometry(11, 360, false, 0).withTop()
	o := &Options{Players: &Players{ToMove: tafl.Attackers,
		Attackers: Player{Name: "Alexandra Petrov", Clock: 3 * 24 * time.Hour, HasClock: true, Note: "per move"},
		Defenders: Player{Name: "Bo", Clock: 3 * 24 * time.Hour, HasClock: true, Note: "per move"}}}
	lay := layoutPlayers(&g, o)
	if s := lay[0]; s.nameY != s.clockY || s.name == "Alexandra Petrov" {
		t.Errorf("at 360 pixels: name %q at %.1f, clock %q at %.1f; want one line, the name shortened", s.name, s.nameY, s.clock, s.clockY)
	}
	for _, s := range lay {
		checkPanel(t, "360 pixels", float64(g.top), s)
	}
}

// ink is the box a text covers drawn in face f from (x, y), measured with
// the font.
type ink struct{ x0, y0, x1, y1 float64 }

func inkOf(f font.Face, s string, x, y float64) ink {
	b, _ := font.BoundString(f, s)
	return ink{x + float64(b.Min.X)/64, y + float64(b.Min.Y)/64, x + textWidth(f, s), y + float64(b.Max.Y)/64}
}

func (a ink) overlaps(b ink) bool { return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1 }

// checkPanel checks that a side's texts lie in its panel (x0 to x1, and
// 0.08 h to 0.84 h of the band's height h), clear of its piece and of
// each other.
func checkPanel(t *testing.T, where string, h float64, s playerLayout) {
	t.Helper()
	piece := ink{float64(s.icon.Min.X), float64(s.icon.Min.Y), float64(s.icon.Max.X), float64(s.icon.Max.Y)}
	texts := []ink{inkOf(s.nameFace, s.name, s.nameX, s.nameY)}
	if s.clock != "" {
		texts = append(texts, inkOf(s.clockFace, s.clock, s.clockX, s.clockY))
	}
	for i, b := range texts {
		if b.x0 < s.x0 || b.x1 > s.x1 || b.y0 < h*0.08 || b.y1 > h*0.84 {
			t.Errorf("%s: text %d (%.1f,%.1f)-(%.1f,%.1f) leaves its panel %.1f-%.1f × %.1f-%.1f", where, i, b.x0, b.y0, b.x1, b.y1, s.x0, s.x1, h*0.08, h*0.84)
		}
		if b.overlaps(piece) {
			t.Errorf("%s: text %d overlaps the piece", where, i)
		}
	}
	if len(texts) == 2 && texts[0].overlaps(texts[1]) {
		t.Errorf("%s: name and clock overlap: %+v %+v", where, texts[0], texts[1])
	}
}

// TestPlayersBandSmallPictures: in the smallest pictures (render_size
// 160 to some 240 pixels) a correspondence clock with its note, "3d 0h
// per move", was wider than its panel: the name beside it was left out
// altogether ("bob" drawn as nothing) and the clock ran out of its panel
// towards the other side's. Where the name would keep less than its
// first letter and "…", the clock is drawn without its note, so that
// every text stays in its panel.
func TestPlayersBandSmallPictures(t *testing.T) {
	names := []string{"bob", "alice", "Alexandra Petrov", "Ø"}
	clocks := []Player{
		{Clock: 3 * 24 * time.Hour, HasClock: true, Note: "per move"},
		{Clock: 3 * 24 * time.Hour, HasClock: true, ClockText: "3T 0Std", Note: "pro Zug · im Urlaub"},
		{Clock: 3 * 24 * time.Hour, HasClock: true},
		{Clock: 4*time.Minute + 59*time.Second, HasClock: true},
		{},
	}
	for _, n := range []int{7, 11, 19} {
		for size := MinSize; size <= 420; size += 10 {
			g := newGeometry(n, size, false, 0).withTop()
			for i, name := range names {
				for j, c := range clocks {
					a, d := c, clocks[(j+1)%len(clocks)]
					a.Name, d.Name = name, names[(i+1)%len(names)]
					o := &Options{Players: &Players{Attackers: a, Defenders: d, ToMove: tafl.Defenders}}
					for k, s := range layoutPlayers(&g, o) {
						pl := []Player{a, d}[k]
						where := fmt.Sprintf("%d pixels, %d×%d, %q with %q", size, n, n, pl.Name, pl.ClockLabel())
						if first := []rune(pl.Name)[0]; s.name == "" || []rune(s.name)[0] != first {
							t.Errorf("%s: the name is drawn as %q", where, s.name)
						}
						// The note goes first; the clock's own digits fit
						// from 180 pixels up, and below are cut short,
						// never left out.
						bare := Player{Clock: pl.Clock, HasClock: pl.HasClock, ClockText: pl.ClockText}.ClockLabel()
						cut := size < 180 && strings.HasSuffix(s.clock, "…") && strings.HasPrefix(bare, strings.TrimSuffix(s.clock, "…")) && len(s.clock) > len("…")
						if s.clock != pl.ClockLabel() && s.clock != bare && !cut {
							t.Errorf("%s: the clock is drawn as %q, want it whole or %q", where, s.clock, bare)
						}
						checkPanel(t, where, float64(g.top), s)
					}
				}
			}
		}
	}
}
