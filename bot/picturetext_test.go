package bot

import (
	"fmt"
	"testing"
	"time"

	"github.com/taflbot/taflbot/clock"
	"github.com/taflbot/taflbot/locale"
	"github.com/taflbot/taflbot/render"
	"github.com/taflbot/taflbot/storage"
	"github.com/taflbot/taflbot/tafl"
)

// pictureSizes are the picture widths the bot draws boards at: its own
// (render.DefaultSize, unless render_size says otherwise) and a replay's
// (render.DefaultGIFSize), down to 420 pixels.
var pictureSizes = []int{render.DefaultSize, render.DefaultGIFSize, 420}

// pictureOutcomes are the ways a game can end as the bot words them, each
// with the side to move at the end (see reasonText): every reason, won by
// either side where it can be, drawn where it can be.
func pictureOutcomes() []struct {
	o        tafl.Outcome
	toMove   tafl.Side
	noPieces bool
} {
	type ending = struct {
		o        tafl.Outcome
		toMove   tafl.Side
		noPieces bool
	}
	out := []ending{
		{tafl.Outcome{Winner: tafl.Attackers, Reason: tafl.KingCaptured}, tafl.Defenders, false},
		{tafl.Outcome{Winner: tafl.Defenders, Reason: tafl.KingEscaped}, tafl.Attackers, false},
		{tafl.Outcome{Winner: tafl.Defenders, Reason: tafl.ExitFort}, tafl.Attackers, false},
		{tafl.Outcome{Winner: tafl.Attackers, Reason: tafl.Encirclement}, tafl.Defenders, false},
		{tafl.Outcome{Winner: tafl.Attackers, Reason: tafl.Repetition}, tafl.Defenders, false}, // the attackers' own repetition (Copenhagen)
		{tafl.Outcome{Winner: tafl.Attackers, Reason: tafl.Repetition}, tafl.Attackers, false}, // the defenders repeated
		{tafl.Outcome{Winner: tafl.Defenders, Reason: tafl.Repetition}, tafl.Defenders, false}, // the attackers repeated
		{tafl.Outcome{Winner: tafl.NoSide, Reason: tafl.Repetition}, tafl.Attackers, false},
		{tafl.Outcome{Winner: tafl.NoSide, Reason: tafl.DrawAgreed}, tafl.Attackers, false},
		{tafl.Outcome{Winner: tafl.NoSide, Reason: tafl.Aborted}, tafl.Attackers, false},
	}
	for _, s := range []tafl.Side{tafl.Attackers, tafl.Defenders} {
		out = append(out,
			ending{tafl.Outcome{Winner: s.Other(), Reason: tafl.NoMoves}, s, false},
			ending{tafl.Outcome{Winner: tafl.NoSide, Reason: tafl.NoMoves}, s, false},
			ending{tafl.Outcome{Winner: s.Other(), Reason: tafl.Timeout}, s, false},
			ending{tafl.Outcome{Winner: tafl.NoSide, Reason: tafl.Timeout}, s, false},
			ending{tafl.Outcome{Winner: s, Reason: tafl.Resignation}, s.Other(), false})
	}
	// The attackers' last piece was captured (the defenders keep their king).
	out = append(out,
		ending{tafl.Outcome{Winner: tafl.Defenders, Reason: tafl.NoMoves}, tafl.Attackers, true},
		ending{tafl.Outcome{Winner: tafl.NoSide, Reason: tafl.NoMoves}, tafl.Attackers, true})
	return out
}

// TestPictureTextsFitInEveryLanguage: only the English captions had a
// test that they fit the picture, and a German result was cut short
// ("… das verlieren die…") on 640- and 480-pixel boards, a solved
// puzzle's in German and Finnish ("Gelöst · Angreifer gewinnen · die
// Angreifer wiederholten; das verlieren die Verteidiger") even at the
// default size. In every language, at every board size and picture size
// the bot draws, every result caption (a game's, a solved puzzle's) and
// the players band of a game (names of sixteen letters, correspondence
// clocks with their notes, live clocks, the engine's levels) are drawn
// whole; a name of 32 letters may be shortened, its clock never.
func TestPictureTextsFitInEveryLanguage(t *testing.T) {
	now := time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)
	b := &Bot{now: func() time.Time { return now }}
	tc, err := clock.Parse("90+30")
	if err != nil {
		t.Fatal(err)
	}
	const long = "Maximiliane Wilhelmina Ødegård"
	type band struct {
		what string
		g    *storage.Game
		away map[tafl.Side]time.Time
	}
	var bands []band
	for _, names := range [][2]string{{"Wilhelmina Braun", "Gunnhildur Ólafs"}, {long, long}} {
		for _, days := range []int{1, storage.MaxDaysPerMove} {
			g, err := storage.NewGame("brandubh", "")
			if err != nil {
				t.Fatal(err)
			}
			g.Attackers, g.Defenders = human("1", names[0]), human("2", names[1])
			g.MoveTime = time.Duration(days) * 24 * time.Hour
			g.Deadline = now.Add(g.MoveTime - time.Minute)
			bands = append(bands, band{fmt.Sprintf("%v, %d days per move, on vacation", names, days), g,
				map[tafl.Side]time.Time{tafl.Attackers: now.Add(time.Hour), tafl.Defenders: now.Add(time.Hour)}})
		}
		for _, left := range [][2]time.Duration{{90 * time.Minute, 61 * time.Minute}, {9*time.Second + 300*time.Millisecond, 59 * time.Minute}} {
			g, err := storage.NewGame("brandubh", "")
			if err != nil {
				t.Fatal(err)
			}
			g.Attackers, g.Defenders = human("1", names[0]), human("2", names[1])
			g.Clock = clock.Clock{Control: tc, Left: left, Running: tafl.Attackers, Since: now}
			bands = append(bands, band{fmt.Sprintf("%v, live %v", names, left), g, nil})
		}
	}
	for _, level := range Levels {
		g, err := storage.NewGame("brandubh", "")
		if err != nil {
			t.Fatal(err)
		}
		g.Attackers, g.Defenders = human("1", long), storage.AI(level)
		bands = append(bands, band{"against the engine at " + level, g, nil})
	}

	var sizes []int
	for n := tafl.MinSize; n <= tafl.MaxSize; n += 2 {
		sizes = append(sizes, n)
	}
	for _, l := range locale.Langs {
		p := locale.For(l.Tag)
		var captions []string
		for _, e := range pictureOutcomes() {
			captions = append(captions, outcomeCaption(p, e.o, e.toMove, e.noPieces))
			if e.o.Winner != tafl.NoSide && e.o.Reason != tafl.Resignation && e.o.Reason != tafl.Timeout {
				// A puzzle is solved by a win on the board.
				captions = append(captions, puzzleWinCaption(p, &storage.Puzzle{ToMove: e.o.Winner})+" · "+reasonText(p, e.o, e.toMove, e.noPieces))
			}
		}
		for _, size := range pictureSizes {
			for _, n := range sizes {
				for _, c := range captions {
					if cut := render.CutShort(n, render.Options{Size: size, Caption: c}); len(cut) > 0 {
						t.Errorf("%s, %d×%d board, %d pixels: caption %q is cut short", l.Name, n, n, size, cut[0])
					}
				}
				for _, bd := range bands {
					players := b.playersBand(p, bd.g, now, bd.away)
					for _, cut := range render.CutShort(n, render.Options{Size: size, Players: players}) {
						if cut == long {
							continue // a long name may be shortened
						}
						t.Errorf("%s, %d×%d board, %d pixels, %s: %q is cut short", l.Name, n, n, size, bd.what, cut)
					}
				}
			}
		}
	}
}

// TestReplayCaptionsFitInEveryLanguage: the animated replay's captions
// are in the reader's language (replayCaptions), and a replay's caption
// band has as many lines in every frame; its lines are broken at " · "
// as a still picture's are (they were not, and frames under 420 pixels
// cut a German result short). In every language, at the replay's
// picture sizes (render.DefaultGIFSize, 420 pixels where the bot's
// boards are that small, and down to the smallest, render.MinSize and
// one more, as a replay too large for Discord is drawn again smaller:
// there a caption has the least room for its type, whatever the board,
// TestCaptionRoomIsLeastAtTheSmallestSizes; the longest results were cut
// short there, the caption's three lines used), on every preset's board
// and a custom variant's of every size, every frame's caption is drawn
// whole:
// the start (also of a sampled replay, one half-move in 12), the widest
// move (move 1500, a king's move with three captures and a suffix, on
// the 19×19 board's squares) with either side, and under it every
// result.
func TestReplayCaptionsFitInEveryLanguage(t *testing.T) {
	sq := func(s string) tafl.Square {
		q, err := tafl.ParseSquare(s)
		if err != nil {
			t.Fatal(err)
		}
		return q
	}
	wide := []tafl.Ply{
		{Move: tafl.NewMove(sq("r19"), sq("r11")), Piece: tafl.King, Captures: []tafl.Square{sq("r10"), sq("q11"), sq("s11")}, Outcome: tafl.Outcome{Winner: tafl.Defenders, Reason: tafl.KingEscaped}},
		{Move: tafl.NewMove(sq("r19"), sq("r11")), Piece: tafl.Attacker, Captures: []tafl.Square{sq("r10"), sq("q11"), sq("s11")}, Outcome: tafl.Outcome{Winner: tafl.Attackers, Reason: tafl.KingCaptured}},
	}
	type board struct {
		v *tafl.Variant
		n int
	}
	var boards []board
	for _, pi := range tafl.Presets() {
		for _, layout := range pi.Layouts {
			v, err := tafl.Preset(pi.Name, layout)
			if err != nil {
				t.Fatal(err)
			}
			boards = append(boards, board{v, v.Size()})
		}
	}
	custom, err := tafl.VariantOf("custom", "", "dim:7 start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/")
	if err != nil {
		t.Fatal(err)
	}
	for n := tafl.MinSize; n <= tafl.MaxSize; n += 2 {
		boards = append(boards, board{custom, n})
	}
	for _, l := range locale.Langs {
		p := locale.For(l.Tag)
		var results []string
		for _, e := range pictureOutcomes() {
			results = append(results, outcomeCaption(p, e.o, e.toMove, e.noPieces))
		}
		for _, size := range []int{render.DefaultGIFSize, 420, 360, 300, 240, 180, render.MinSize + 1, render.MinSize} {
			fits := func(n int, caption string) {
				t.Helper()
				if cut := render.CutShort(n, render.Options{Size: size, Caption: caption, CaptionLines: 2}); len(cut) > 0 {
					t.Errorf("%s, %d×%d board, %d pixels: replay caption %q is cut short", l.Name, n, n, size, cut[0])
				}
			}
			for _, bd := range boards {
				for _, step := range []int{1, 12} {
					fits(bd.n, replayStartCaption(p, bd.v, step))
				}
			}
			for _, n := range []int{7, tafl.MaxSize} {
				for _, ply := range wide {
					for _, i := range []int{2998, 2999} { // 1500. and 1500…
						move := moveCaption(p, i, ply)
						fits(n, move)
						for _, res := range results {
							fits(n, move+"\n"+res)
						}
					}
				}
			}
		}
	}
}
