package render_test

import (
	"bytes"
	"fmt"
	"image/png"
	"io"
	"path/filepath"
	"strings"
	"testing"

	"github.com/taflbot/taflbot/render"
	"github.com/taflbot/taflbot/render/internal/golden"
)

// standings is a tournament table as the bot draws it.
func standings(n int) render.Table {
	t := render.Table{
		Title:    "Winter Cup · copenhagen",
		Subtitle: "Swiss, round 3 of 5 · tie-break: Buchholz",
		Columns: []render.Column{{Heading: "#", Right: true}, {Heading: "Player", Wide: true},
			{Heading: "Points", Right: true}, {Heading: "Games", Right: true}, {Heading: "Buchholz", Right: true}},
	}
	names := []string{"Ragnar", "Astrid Sigurdsdóttir", "Björn", "Freydís", "Leif", "Ingrid", "Olaf", "Gunnhild"}
	for i := range n {
		name := names[i%len(names)]
		if i >= len(names) {
			name += fmt.Sprint(" ", i/len(names)+1)
		}
		t.Rows = append(t.Rows, []string{fmt.Sprint(i + 1), name, fmt.Sprintf("%.1f", 3-float64(i)/4), "3", fmt.Sprintf("%.1f", 6-float64(i)/3)})
	}
	t.Marked = []int{0}
	return t
}

func TestTableGolden(t *testing.T) {
	long := standings(8)
	long.Rows[1][1] = "A player with a very long display name indeed, far too long for the column"
	long.Faded = []int{7}
	long.Rows[7][1] += " (withdrew)"
	cases := []struct {
		name string
		t    render.Table
		opts render.TableOptions
	}{
		{"table-standings", standings(8), render.TableOptions{}},
		{"table-standings-dark-long", long, render.TableOptions{Theme: render.Dark, Width: 480}},
		{"table-empty", render.Table{Title: "Spring Open · brandubh", Columns: standings(0).Columns}, render.TableOptions{}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			img, err := render.TableImage(c.t, c.opts)
			if err != nil {
				t.Fatal(err)
			}
			golden.Check(t, filepath.Join("testdata", "golden", c.name+".png"), img, golden.Default)
		})
	}
}

func TestTableSizeAndErrors(t *testing.T) {
	var buf bytes.Buffer
	if err := render.TablePNG(&buf, standings(64), render.TableOptions{}); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	// 64 rows of 30 px plus the title, subtitle and headings: taller than
	// 64×30, and as wide as asked.
	if b := img.Bounds(); b.Dx() != 720 || b.Dy() < 64*30 || b.Dy() > 64*30+200 {
		t.Errorf("a 64-row table is %v", b)
	}
	for _, c := range []struct {
		t    render.Table
		opts render.TableOptions
		want string
	}{
		{standings(3), render.TableOptions{Width: 100}, "out of range"},
		{render.Table{Title: "x"}, render.TableOptions{}, "at least one column"},
		{standings(render.MaxTableRows + 1), render.TableOptions{}, "too long"},
		{standings(3), render.TableOptions{Theme: 9}, "unknown"},
	} {
		if err := render.TablePNG(io.Discard, c.t, c.opts); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("got %v, want an error saying %q", err, c.want)
		}
	}
}

// BenchmarkTable64 draws and encodes the standings of a 64-player
// tournament, as the bot posts after every finished game.
func BenchmarkTable64(b *testing.B) {
	t := standings(64)
	var buf bytes.Buffer
	if err := render.TablePNG(&buf, t, render.TableOptions{}); err != nil {
		b.Fatal(err)
	}
	loop(b, func() error { return render.TablePNG(io.Discard, t, render.TableOptions{}) })
	b.ReportMetric(float64(buf.Len()), "png-bytes")
}

// TestTableSubtitleWraps: a subtitle too long for one line (a Finnish
// tournament's) goes on a second line, making the picture taller; it was
// cut short with an ellipsis, losing the tie-break's name at its end.
func TestTableSubtitleWraps(t *testing.T) {
	short := standings(3)
	long := standings(3)
	long.Subtitle = "lopputilanne · sveitsiläinen, 2 kierrosta · brandubh · live, 1+0 · pisteytetty · tasapisteratkaisu: Buchholz"
	a, err := render.TableImage(short, render.TableOptions{})
	if err != nil {
		t.Fatal(err)
	}
	b, err := render.TableImage(long, render.TableOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := b.Bounds().Dy()-a.Bounds().Dy(), 20; got != want {
		t.Errorf("the long subtitle's picture is %d pixels taller than the short one's, want %d (a second line)", got, want)
	}
	huge := standings(3)
	huge.Subtitle = strings.Repeat("a rather long part of a subtitle · ", 40)
	c, err := render.TableImage(huge, render.TableOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := c.Bounds().Dy()-a.Bounds().Dy(), 40; got != want {
		t.Errorf("a subtitle of many lines makes the picture %d pixels taller, want %d (three lines at most)", got, want)
	}
}
