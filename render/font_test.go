package render

import (
	"image"
	"image/color"
	"strings"
	"testing"
	"time"

	"github.com/taflbot/taflbot/tafl"

	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
)

func TestFit(t *testing.T) {
	face := newFace(mediumFont, 20, font.HintingNone)
	short := "Attackers to move"
	if got := fit(face, short, 1000); got != short {
		t.Errorf("fit(%q, 1000) = %q, want it unchanged", short, got)
	}
	long := strings.Repeat("Defenders to move · ", 20)
	got := fit(face, long, 300)
	if !strings.HasSuffix(got, "…") || !strings.HasPrefix(long, strings.TrimSuffix(got, "…")) {
		t.Errorf("fit(long, 300) = %q, want a prefix and an ellipsis", got)
	}
	if w := font.MeasureString(face, got); w > fixed.I(300) {
		t.Errorf("fitted text is %v wide, want at most 300", w)
	}
	if w := font.MeasureString(face, fit(face, long+"x", 300)+"xxxx"); w <= fixed.I(300) {
		t.Error("fit cut more than it needed to")
	}
	if got := fit(face, "abc", 1); got != "" {
		t.Errorf("fit into 1 pixel = %q, want nothing", got)
	}
}

// inkWidth draws s with drawText on a blank image and returns the width
// of what it painted, in pixels.
func inkWidth(face font.Face, s string) int {
	img := image.NewRGBA(image.Rect(0, 0, 400, 200))
	drawText(img, face, s, 200, 100, color.Black)
	minX, maxX := img.Rect.Max.X, -1
	for y := 0; y < 200; y++ {
		for x := 0; x < 400; x++ {
			if img.RGBAAt(x, y).A > 64 {
				minX, maxX = min(minX, x), max(maxX, x)
			}
		}
	}
	return maxX - minX + 1
}

// TestHyphenIsShort checks that "-" is drawn as a hyphen, clearly shorter
// than the en dash: the Go fonts' own "-" is wider than their "–", so a
// move such as d2-c2 read as "d2–c2".
func TestHyphenIsShort(t *testing.T) {
	face := newFace(mediumFont, 60, font.HintingNone)
	hyphen, dash := inkWidth(face, "-"), inkWidth(face, "–")
	if hyphen*10 > dash*6 {
		t.Errorf("the hyphen is %d pixels wide, the en dash %d: want the hyphen at most 60 %% of the dash", hyphen, dash)
	}
	if hyphen < 5 {
		t.Errorf("the hyphen is %d pixels wide: too short to see", hyphen)
	}
	// Measuring agrees with drawing: fit and centring use the same widths.
	if w := textWidth(face, "d2-c2"); w < float64(inkWidth(face, "d2-c2")) || w > float64(inkWidth(face, "d2-c2"))+12 {
		t.Errorf("textWidth(d2-c2) = %.1f, drawn %d pixels wide", w, inkWidth(face, "d2-c2"))
	}
}

// TestReplayCaptionsFit checks that no caption of a replay is cut short,
// the last one (the move and the result) included, at the sizes the bot
// and tafl replay use.
func TestReplayCaptionsFit(t *testing.T) {
	// A long game's last move: three-digit numbers, the king, two captures.
	long := []tafl.Ply{{Move: tafl.NewMove(tafl.At(9, 9), tafl.At(9, 12)), Piece: tafl.King,
		Captures: []tafl.Square{tafl.At(8, 12), tafl.At(10, 12)}, Outcome: tafl.Outcome{Winner: tafl.Defenders, Reason: tafl.KingEscaped}}}
	// The longest results: an encirclement, a side without a legal move,
	// the attackers' repetition the defenders lose.
	for _, c := range []struct {
		o      tafl.Outcome
		toMove tafl.Side
	}{{tafl.Outcome{Winner: tafl.Attackers, Reason: tafl.Encirclement}, tafl.Defenders}, {tafl.Outcome{Winner: tafl.Defenders, Reason: tafl.NoMoves}, tafl.Attackers},
		{tafl.Outcome{Winner: tafl.Attackers, Reason: tafl.Repetition}, tafl.Defenders}} {
		caption := tafl.PlyLabel(199, long[0]) + " · defenders\n" + c.o.Text(c.toMove)
		for _, size := range []int{DefaultGIFSize, 420, 320} {
			lh := float64(lineHeight(size))
			geo := newGeometry(19, size, false, 2)
			for i, line := range captionLines(caption, 2, lh, float64(size-2*geo.x0)) {
				if want := splitCaption(caption)[i]; line.text != strings.ReplaceAll(want, "·", "•") {
					t.Errorf("size %d: line %d drawn as %q, want %q whole", size, i+1, line.text, want)
				}
			}
		}
	}
}

// TestFormatClock checks the players band's clock: days for
// correspondence, minutes and seconds for live games.
func TestFormatClock(t *testing.T) {
	for d, want := range map[time.Duration]string{
		3 * 24 * time.Hour: "3d 0h",
		2*24*time.Hour + 5*time.Hour + 59*time.Minute:         "2d 5h",
		5*time.Hour + 3*time.Minute:                           "5h 03m",
		4*time.Minute + 59*time.Second:                        "4:59",
		4*time.Minute + 58*time.Second + 200*time.Millisecond: "4:59", // rounded up, as the board message shows it
		4*time.Minute + 59*time.Second + time.Millisecond:     "5:00",
		10 * time.Second:                                      "0:10",
		9*time.Second + 340*time.Millisecond:                  "0:09.3",
		-time.Second:                                          "0:00.0",
	} {
		if got := FormatClock(d); got != want {
			t.Errorf("FormatClock(%v) = %q, want %q", d, got, want)
		}
	}
}

// TestOutcomeText: a replay's last caption names the side that had no
// legal move (it said "no legal moves left") or ran out of time (it said
// "time ran out"), and calls an aborted game aborted (it said "Draw ·
// aborted").
func TestOutcomeText(t *testing.T) {
	for _, c := range []struct {
		o      tafl.Outcome
		toMove tafl.Side
		want   string
	}{
		{tafl.Outcome{Winner: tafl.Attackers, Reason: tafl.NoMoves}, tafl.Defenders, "Attackers win · the defenders had no legal move"},
		{tafl.Outcome{Winner: tafl.NoSide, Reason: tafl.NoMoves}, tafl.Attackers, "Draw · the attackers had no legal move"},
		{tafl.Outcome{Winner: tafl.NoSide, Reason: tafl.Aborted}, tafl.Defenders, "Aborted"},
		{tafl.Outcome{Winner: tafl.Defenders, Reason: tafl.KingEscaped}, tafl.Attackers, "Defenders win · the king escaped"},
		{tafl.Outcome{Winner: tafl.NoSide, Reason: tafl.DrawAgreed}, tafl.Attackers, "Draw · agreed"},
		// A repetition names who repeated where it decided the game.
		{tafl.Outcome{Winner: tafl.Attackers, Reason: tafl.Repetition}, tafl.Attackers, "Attackers win · the defenders repeated the position"},
		{tafl.Outcome{Winner: tafl.Defenders, Reason: tafl.Repetition}, tafl.Defenders, "Defenders win · the attackers repeated the position"},
		{tafl.Outcome{Winner: tafl.Attackers, Reason: tafl.Repetition}, tafl.Defenders, "Attackers win · a repetition by the attackers loses for the defenders"},
		{tafl.Outcome{Winner: tafl.NoSide, Reason: tafl.Repetition}, tafl.Attackers, "Draw · repetition"},
		{tafl.Outcome{Winner: tafl.Defenders, Reason: tafl.Timeout}, tafl.Attackers, "Defenders win · the attackers ran out of time"},
		{tafl.Outcome{Winner: tafl.NoSide, Reason: tafl.Timeout}, tafl.Defenders, "Draw · the defenders ran out of time"},
	} {
		if got := c.o.Text(c.toMove); got != c.want {
			t.Errorf("Text(%v, %v) = %q, want %q", c.o, c.toMove, got, c.want)
		}
	}
}

// TestLongCaptionBreaksAtItsSeparators: a caption line too long for the
// picture even in the smallest caption type was cut short with an
// ellipsis, so a result in a wordy language lost its end ("Gelöst ·
// Angreifer gewinnen · die Angreifer wiederholten; das verlieren die…").
// It is broken at its last " · " that leaves the first part fitting and
// drawn whole on two lines, the band a line higher; a replay's caption
// (CaptionLines, the least lines of its band) is broken the same way
// (TestSmallReplayCaptionsDrawnWhole), a line with no separator is
// broken between words instead, the halves as even as may be (it was cut
// short), a line of one long word is cut short, and a caption that fits
// is left alone.
func TestLongCaptionBreaksAtItsSeparators(t *testing.T) {
	v, err := tafl.Preset("copenhagen", "")
	if err != nil {
		t.Fatal(err)
	}
	pos := tafl.NewGame(v).Position()
	const head, reason = "Gelöst · Angreifer gewinnen", "die Angreifer wiederholten; das verlieren die Verteidiger"
	long := head + " · " + reason
	height := func(o Options) int {
		img, err := Image(pos, o)
		if err != nil {
			t.Fatal(err)
		}
		return img.Bounds().Dy()
	}
	one, two := height(Options{Caption: "Attackers win"}), height(Options{Caption: "Attackers win\nthe king escaped"})
	if got := height(Options{Caption: long}); got != two {
		t.Errorf("a caption too long for one line: picture %d pixels high, want %d (two caption lines; one is %d)", got, two, one)
	}
	o := Options{Caption: long}
	if got := wrapCaption(11, &o); got != head+"\n"+reason {
		t.Errorf("wrapped: %q", got)
	}
	if cut := CutShort(11, o); len(cut) != 0 {
		t.Errorf("cut short after wrapping: %q", cut)
	}
	o = Options{Caption: long, CaptionLines: 1}
	if got := wrapCaption(11, &o); got != head+"\n"+reason {
		t.Errorf("a replay's caption wrapped: %q", got)
	}
	o = Options{Caption: strings.ReplaceAll(long, " · ", " ")}
	if got, want := wrapCaption(11, &o), "Gelöst Angreifer gewinnen die Angreifer\nwiederholten; das verlieren die Verteidiger"; got != want {
		t.Errorf("a line without a separator wrapped as %q, want %q", got, want)
	}
	if cut := CutShort(11, o); len(cut) != 0 {
		t.Errorf("a line without a separator: cut short %q", cut)
	}
	o = Options{Caption: strings.Repeat("Verteidiger", 10)}
	if got := wrapCaption(11, &o); got != o.Caption {
		t.Errorf("one long word wrapped as %q", got)
	}
	if cut := CutShort(11, o); len(cut) != 1 {
		t.Errorf("one long word: cut short %q, want the line", cut)
	}
	if got := height(Options{Caption: "Attackers win · the king escaped"}); got != one {
		t.Errorf("a caption that fits: picture %d pixels high, want %d", got, one)
	}
}
