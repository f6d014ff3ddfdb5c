package render_test

import (
	"bytes"
	"image"
	"image/png"
	"math"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/taflbot/taflbot/render"
	"github.com/taflbot/taflbot/render/internal/golden"
)

// sampleGraph is a made-up game of 100 plies: the chances drift, three
// moves lose a lot (an inaccuracy at move 31, a mistake at 58, a blunder
// at 87), and the attackers win at the end.
func sampleGraph() render.Graph {
	ch := make([]float64, 101)
	p := 0.55
	for i := range ch {
		switch i {
		case 31:
			p -= 0.14
		case 58:
			p += 0.24
		case 87:
			p -= 0.55
		}
		p += 0.02 * math.Sin(float64(i)*0.7)
		ch[i] = math.Min(1, math.Max(0, p))
	}
	ch[100] = 0
	return render.Graph{
		Chances: ch,
		Title:   "Copenhagen · game 42 · attackers won",
		Marks: []render.GraphMark{
			{Move: 30, Kind: render.MarkInaccuracy, Label: "16."},
			{Move: 57, Kind: render.MarkMistake, Label: "29…"},
			{Move: 86, Kind: render.MarkBlunder, Label: "44."},
		},
	}
}

// TestGraphGolden keeps the graph pictures in testdata/golden; -update
// rewrites them (look at them before committing).
func TestGraphGolden(t *testing.T) {
	short := render.Graph{Chances: []float64{0.5, 0.62, 0.4, 1}, Marks: []render.GraphMark{{Move: 1, Kind: render.MarkMistake, Label: "1…"}}}
	cases := []struct {
		name string
		gr   render.Graph
		opts render.GraphOptions
	}{
		{"graph-light", sampleGraph(), render.GraphOptions{}},
		{"graph-dark-small", sampleGraph(), render.GraphOptions{Theme: render.Dark, Width: 420}},
		{"graph-short-untitled", short, render.GraphOptions{Width: 560}},
		{"graph-one-point", render.Graph{Chances: []float64{0.3}, Title: "A game without moves"}, render.GraphOptions{Width: 420}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			img, err := render.GraphImage(c.gr, c.opts)
			if err != nil {
				t.Fatal(err)
			}
			golden.Check(t, filepath.Join("testdata", "golden", c.name+".png"), img, golden.Default)
		})
	}
}

// TestGraphFollowsTheChances checks the picture against the data without
// golden files: the curve's colour is found in the column of each move at
// the height its chance gives, and the marks' colours where the marks are.
func TestGraphFollowsTheChances(t *testing.T) {
	gr := sampleGraph()
	var buf bytes.Buffer
	if err := render.GraphPNG(&buf, gr, render.GraphOptions{}); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != 840 || b.Dy() != 480 {
		t.Fatalf("size %v, want 840×480", b)
	}
	// The documented layout at 840 pixels: the plot spans x 78 to 810
	// and y 92 to 418 (with a title).
	left, right, top, bottom := 78.0, 810.0, 92.0, 418.0
	near := func(x, y int, want [3]uint8, tol int) bool {
		for dy := -3; dy <= 3; dy++ {
			for dx := -2; dx <= 2; dx++ {
				r, g, b, _ := img.At(x+dx, y+dy).RGBA()
				if abs(int(r>>8)-int(want[0])) <= tol && abs(int(g>>8)-int(want[1])) <= tol && abs(int(b>>8)-int(want[2])) <= tol {
					return true
				}
			}
		}
		return false
	}
	curve := [3]uint8{0x15, 0x4f, 0xb0}
	for i := 0; i < len(gr.Chances); i += 7 {
		x := left + (right-left)*float64(i)/100
		y := bottom - (bottom-top)*gr.Chances[i]
		if !near(int(math.Round(x)), int(math.Round(y)), curve, 40) {
			t.Errorf("move %d: no curve at (%.0f, %.0f) for chance %.2f", i, x, y, gr.Chances[i])
		}
	}
	for _, m := range gr.Marks {
		x := left + (right-left)*float64(m.Move+1)/100
		y := bottom - (bottom-top)*gr.Chances[m.Move+1]
		want := map[render.MarkKind][3]uint8{render.MarkInaccuracy: {0xf2, 0xc0, 0x1e}, render.MarkMistake: {0xf0, 0x7c, 0x14}, render.MarkBlunder: {0xd6, 0x25, 0x1e}}[m.Kind]
		if !near(int(math.Round(x)), int(math.Round(y)), want, 30) {
			t.Errorf("mark on move %d: not found at (%.0f, %.0f)", m.Move, x, y)
		}
	}
}

func TestGraphBadInput(t *testing.T) {
	tests := []struct {
		name string
		gr   render.Graph
		opts render.GraphOptions
		want string
	}{
		{"no points", render.Graph{}, render.GraphOptions{}, "a graph of 0 points"},
		{"chance above 1", render.Graph{Chances: []float64{0.5, 1.2}}, render.GraphOptions{}, "chance 1 is 1.2"},
		{"NaN", render.Graph{Chances: []float64{math.NaN()}}, render.GraphOptions{}, "chance 0 is NaN"},
		{"mark past the end", render.Graph{Chances: []float64{0.5, 0.4}, Marks: []render.GraphMark{{Move: 1}}}, render.GraphOptions{}, "mark on move index 1"},
		{"bad mark kind", render.Graph{Chances: []float64{0.5, 0.4}, Marks: []render.GraphMark{{Kind: 9}}}, render.GraphOptions{}, "unknown mark kind"},
		{"too narrow", render.Graph{Chances: []float64{0.5}}, render.GraphOptions{Width: 20}, "graph width 20 is out of range"},
		{"bad theme", render.Graph{Chances: []float64{0.5}}, render.GraphOptions{Theme: 5}, "unknown theme(5)"},
		{"too many points", render.Graph{Chances: make([]float64, render.MaxGraphPoints+1)}, render.GraphOptions{}, "give 1 to"},
	}
	for _, tt := range tests {
		var buf bytes.Buffer
		err := render.GraphPNG(&buf, tt.gr, tt.opts)
		if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.HasPrefix(err.Error(), "render: ") {
			t.Errorf("%s: error %v, want one containing %q", tt.name, err, tt.want)
		}
		if buf.Len() != 0 {
			t.Errorf("%s: %d bytes written despite the error", tt.name, buf.Len())
		}
	}
}

// BenchmarkGraphPNG draws and encodes the evaluation graph of a
// 100-ply game at the default size (the bot's analysis picture).
func BenchmarkGraphPNG(b *testing.B) {
	gr := sampleGraph()
	var buf bytes.Buffer
	if err := render.GraphPNG(&buf, gr, render.GraphOptions{}); err != nil {
		b.Fatal(err)
	}
	loop(b, func() error {
		buf.Reset()
		return render.GraphPNG(&buf, gr, render.GraphOptions{})
	})
	b.ReportMetric(float64(buf.Len()), "png-bytes")
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// TestGraphWords: a graph says its words (the axes' names, the sides) as
// Graph.Words gives them, English where a word is empty: the English words
// given draw the same picture as none, other words another.
func TestGraphWords(t *testing.T) {
	draw := func(w render.GraphWords) *image.RGBA {
		gr := sampleGraph()
		gr.Words = w
		img, err := render.GraphImage(gr, render.GraphOptions{Width: 420})
		if err != nil {
			t.Fatal(err)
		}
		return img
	}
	english := draw(render.GraphWords{})
	if !bytes.Equal(draw(render.GraphWords{Chance: "Defenders' win chance", Defenders: "defenders", Attackers: "attackers", Move: "move"}).Pix, english.Pix) {
		t.Error("the English words given draw another picture than none")
	}
	for _, w := range []render.GraphWords{{Chance: "Gewinnchance der Verteidiger"}, {Defenders: "Verteidiger"}, {Attackers: "Angreifer"}, {Move: "Zug"},
		{Defenders: strings.Repeat("puolustajat ", 20)}} { // the last longer than its place
		if bytes.Equal(draw(w).Pix, english.Pix) {
			t.Errorf("%+v draws the English picture", w)
		}
	}
}

// TestGraphLabelsDoNotCoverEachOther: turning points a move or two
// apart (a blunder and the reply that missed it, in a long game a few
// pixels apart) had their labels drawn at the same height, the later
// one's box over the earlier one's text ("1150." for 147… and 150…).
// The first label is drawn as it is alone, the next ones where they
// cover it not; each one is still drawn.
func TestGraphLabelsDoNotCoverEachOther(t *testing.T) {
	ch := make([]float64, 101)
	for i := range ch {
		ch[i] = 0.3 // flat: every label goes above its mark first
	}
	marks := []render.GraphMark{{Move: 40, Kind: render.MarkBlunder}, {Move: 41, Kind: render.MarkMistake}, {Move: 43, Kind: render.MarkBlunder}}
	labels := []string{"21.", "21…", "22…"}
	draw := func(labelled ...int) *image.RGBA {
		gr := render.Graph{Chances: ch, Title: "Game 1", Marks: slices.Clone(marks)}
		for _, i := range labelled {
			gr.Marks[i].Label = labels[i]
		}
		img, err := render.GraphImage(gr, render.GraphOptions{})
		if err != nil {
			t.Fatal(err)
		}
		return img
	}
	none, first, all := draw(), draw(0), draw(0, 1, 2)
	// Where the first label alone changes the picture, all of them draw
	// it the same.
	drawn, covered := 0, 0
	for i := 0; i < len(none.Pix); i += 4 {
		if !bytes.Equal(first.Pix[i:i+4], none.Pix[i:i+4]) {
			drawn++
			if !bytes.Equal(all.Pix[i:i+4], first.Pix[i:i+4]) {
				covered++
			}
		}
	}
	if drawn == 0 {
		t.Fatal("the first label draws nothing")
	}
	if covered > 0 {
		t.Errorf("%d of the %d pixels of the first label's box are drawn over by the others", covered, drawn)
	}
	for i := 1; i < len(marks); i++ {
		if bytes.Equal(draw(0, i).Pix, first.Pix) {
			t.Errorf("label %q is not drawn", labels[i])
		}
	}
}

// TestJudgementGraphHasNoPercentages: a Judgement graph (a variant whose
// scores no checked curve turns into chances) draws the same curve but
// no percentages on its y axis, only "even" at the middle, and names the
// axis the engine's judgement; a chance graph writes 0 % to 100 %.
func TestJudgementGraphHasNoPercentages(t *testing.T) {
	draw := func(judgement bool, w render.GraphWords) *image.RGBA {
		gr := sampleGraph()
		gr.Judgement, gr.Words = judgement, w
		img, err := render.GraphImage(gr, render.GraphOptions{})
		if err != nil {
			t.Fatal(err)
		}
		return img
	}
	// inked counts the pixels of the y labels' column (left of the plot,
	// 78 pixels at the default width) around height y unlike its corner's
	// background.
	inked := func(img *image.RGBA, y int) int {
		bg := img.At(2, 2)
		n := 0
		for yy := y - 8; yy <= y+8; yy++ {
			for x := 5; x < 70; x++ {
				if img.At(x, yy) != bg {
					n++
				}
			}
		}
		return n
	}
	top, bottom := 92, 480-62 // the plot's edges: 100 % and 0 %
	chances, judged := draw(false, render.GraphWords{}), draw(true, render.GraphWords{})
	for _, y := range []int{top, (3*top + bottom) / 4, (top + 3*bottom) / 4, bottom} {
		if inked(chances, y) == 0 {
			t.Errorf("the chance graph has no percentage at height %d", y)
		}
		if n := inked(judged, y); n != 0 {
			t.Errorf("the judgement graph has %d pixels of a label at height %d", n, y)
		}
	}
	if inked(judged, (top+bottom)/2) == 0 {
		t.Error("the judgement graph does not say even at its middle")
	}
	if bytes.Equal(draw(true, render.GraphWords{Judgement: "Einschätzung der Engine", Even: "ausgeglichen"}).Pix, judged.Pix) {
		t.Error("the judgement graph's words given draw the English picture")
	}
	if !bytes.Equal(draw(true, render.GraphWords{Judgement: "The engine's judgement (no win chance checked for this variant)", Even: "even"}).Pix, judged.Pix) {
		t.Error("the English words given draw another picture than none")
	}
}
