package render_test

import (
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/taflbot/taflbot/render"
	"github.com/taflbot/taflbot/render/internal/golden"
	"github.com/taflbot/taflbot/tafl"
)

type goldenCase struct {
	name string
	pos  tafl.Position
	opts render.Options
}

// goldenCases lists every picture kept in testdata/golden. Run
//
//	go test ./render -run TestGolden -update
//
// to rewrite them, and look at every one that changed before committing.
func goldenCases(t *testing.T) []goldenCase {
	var cases []goldenCase
	// Every preset's start position (every tawlbwrdd layout too), at a
	// smaller size to keep the repository small.
	for _, p := range tafl.Presets() {
		for i, layout := range p.Layouts {
			name := "start-" + p.Name
			if i > 0 || len(p.Layouts) > 1 {
				name += "-" + layout
			}
			cases = append(cases, goldenCase{name, preset(t, p.Name, layout).Start(), render.Options{Size: 480}})
		}
	}

	mid := midGame(t)
	last := mid.Plies()[mid.Len()-1]
	marks := render.Options{LastMove: last.Move, Captured: last.Captures, Caption: "Defenders to move · move 28"}
	dark := marks
	dark.Theme = render.Dark
	flipped := marks
	flipped.Flip = true
	cases = append(cases,
		goldenCase{"midgame-light", mid.Position(), marks},
		goldenCase{"midgame-dark", mid.Position(), dark},
		goldenCase{"midgame-flipped", mid.Position(), flipped},
		goldenCase{"midgame-dark-flipped-small", mid.Position(), render.Options{Theme: render.Dark, Flip: true, Size: 320, LastMove: last.Move, Captured: last.Captures}},
	)

	// The move menu: the defender on e10 selected, its destinations marked.
	e10 := sq(t, "e10")
	var dests []tafl.Square
	for _, m := range mid.Position().LegalMoves() {
		if m.From() == e10 {
			dests = append(dests, m.To())
		}
	}
	if len(dests) == 0 {
		t.Fatal("e10 has no moves in the mid-game position")
	}
	dests = append(dests, sq(t, "g9"), sq(t, "f6")) // an attacker and the king: rings, not dots
	cases = append(cases, goldenCase{"highlight", mid.Position(), render.Options{Selected: e10, Highlight: dests, LastMove: last.Move, Caption: "Choose where the defender on e10 goes"}})
	cases = append(cases, goldenCase{"highlight-dark", mid.Position(), render.Options{Theme: render.Dark, Selected: e10, Highlight: dests, Size: 480}})

	// 19×19 after two moves, and a custom 13×13.
	alea := playMoves(t, preset(t, "alea-evangelii", ""), []string{"c1-c3", "j13-g13"})
	aleaLast := alea.Plies()[1].Move
	cases = append(cases,
		goldenCase{"alea-evangelii-19x19", alea.Position(), render.Options{LastMove: aleaLast, Caption: "Attackers to move · move 3"}},
		goldenCase{"custom-13x13-dark", variant13(t).Start(), render.Options{Theme: render.Dark, Size: 640}},
		goldenCase{"long-caption-small", preset(t, "hnefatafl-9", "").Start(), render.Options{Size: 320, Caption: "Attackers to move · move 1 · a caption far too long to fit on one line"}},
	)

	// Suggested moves (the engine's better move, a hint): green arrows
	// over the pieces, beside the last move's blue one.
	better := tafl.NewMove(sq(t, "e10"), sq(t, "e8"))
	hint := tafl.NewMove(sq(t, "f6"), sq(t, "f8"))
	cases = append(cases,
		goldenCase{"arrow-suggested", mid.Position(), render.Options{LastMove: last.Move, Captured: last.Captures, Arrows: []tafl.Move{better}, Caption: "Better: e10-e8"}},
		goldenCase{"arrows-dark-flipped", mid.Position(), render.Options{Theme: render.Dark, Flip: true, Size: 480, LastMove: last.Move, Arrows: []tafl.Move{better, hint}}},
	)

	// Game ends: a captured king (red ring) and an escaped one (gold ring).
	taken := playMoves(t, preset(t, "brandubh", ""), []string{"b4-b3", "c4-c2", "a4-c4", "e4-e3", "f4-e4"})
	takenLast := taken.Plies()[taken.Len()-1]
	escaped := playMoves(t, preset(t, "brandubh", ""), []string{"b4-b7", "c4-c2", "d2-g2", "c2-f2", "b7-b4", "d3-g3", "d1-c1", "d4-d1", "c1-c2", "d1-a1"})
	if taken.Outcome().Reason != tafl.KingCaptured || escaped.Outcome().Reason != tafl.KingEscaped {
		t.Fatalf("end games: got %v and %v, want the king captured and escaped", taken.Outcome(), escaped.Outcome())
	}
	cases = append(cases,
		goldenCase{"king-captured", taken.Position(), render.Options{Size: 480, LastMove: takenLast.Move, Captured: takenLast.Captures, Caption: "Attackers win: the king is captured"}},
		goldenCase{"king-escaped-dark", escaped.Position(), render.Options{Theme: render.Dark, Size: 480, LastMove: escaped.Plies()[escaped.Len()-1].Move, Caption: "Defenders win: the king escaped"}},
	)

	// A move out of a tablut camp: the camp's shading stays visible under
	// the from-square's tint (only its rim is tinted).
	camp := playMoves(t, preset(t, "tablut", ""), []string{"c5-c1", "a4-b4"})
	campLast := camp.Plies()[1].Move
	cases = append(cases,
		goldenCase{"tablut-camp-move", camp.Position(), render.Options{Size: 480, LastMove: campLast, Caption: "Defenders to move · move 2"}},
		goldenCase{"tablut-camp-move-dark", camp.Position(), render.Options{Theme: render.Dark, Size: 480, LastMove: campLast}},
	)

	// The players band: names and clocks, the side to move on a lighter
	// panel; a correspondence clock and a live one; a long name shortened.
	players := &render.Players{ToMove: tafl.Defenders,
		Attackers: render.Player{Name: "Alice", Clock: 3 * 24 * time.Hour, HasClock: true, Note: "per move"},
		Defenders: render.Player{Name: "Bob the Bold", Clock: 2*24*time.Hour + 5*time.Hour + 59*time.Minute, HasClock: true}}
	live := &render.Players{ToMove: tafl.Attackers,
		Attackers: render.Player{Name: "Ragnhild Sigurdsdottir of the Western Isles", Clock: 4*time.Minute + 59*time.Second, HasClock: true},
		Defenders: render.Player{Name: "taflbot (hard)"}}
	cases = append(cases,
		goldenCase{"players", mid.Position(), render.Options{Players: players, LastMove: last.Move, Captured: last.Captures, Caption: "Defenders to move · move 14"}},
		goldenCase{"players-dark-small", mid.Position(), render.Options{Theme: render.Dark, Size: 360, Players: live}},
	)

	// A replay's last caption on two lines, hyphens drawn short.
	cases = append(cases, goldenCase{"caption-two-lines", escaped.Position(), render.Options{Size: 360, LastMove: escaped.Plies()[escaped.Len()-1].Move,
		Caption: "5… Kd1-a1-- · defenders\nDefenders win · the king escaped"}})
	return cases
}

func sq(t testing.TB, name string) tafl.Square {
	t.Helper()
	s, err := tafl.ParseSquare(name)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestGolden(t *testing.T) {
	cases := goldenCases(t)
	names := make([]string, 0, len(cases))
	for _, c := range cases {
		names = append(names, c.name)
		t.Run(c.name, func(t *testing.T) {
			img, err := render.Image(c.pos, c.opts)
			if err != nil {
				t.Fatal(err)
			}
			golden.Check(t, filepath.Join("testdata", "golden", c.name+".png"), img, golden.Default)
		})
	}
	if len(slices.Compact(slices.Sorted(slices.Values(names)))) != len(names) {
		t.Errorf("golden case names are not unique: %v", names)
	}
}
