package render_test

import (
	"bytes"
	"image"
	"image/draw"
	"image/gif"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/taflbot/taflbot/render"
	"github.com/taflbot/taflbot/render/internal/golden"
	"github.com/taflbot/taflbot/tafl"
)

// randomGame plays up to plies random legal moves of variant v with a fixed seed.
func randomGame(t testing.TB, v *tafl.Variant, plies int, seed uint64) *tafl.Game {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 1))
	g := tafl.NewGame(v)
	for g.Len() < plies && !g.Outcome().Over() {
		moves := g.LegalMoves()
		if _, err := g.Play(moves[rng.IntN(len(moves))]); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

// frames decodes a GIF and returns its frames composited as a viewer shows them.
func frames(t *testing.T, data []byte) (*gif.GIF, []*image.RGBA) {
	t.Helper()
	a, err := gif.DecodeAll(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("GIF does not decode: %v", err)
	}
	canvas := image.NewRGBA(image.Rect(0, 0, a.Config.Width, a.Config.Height))
	var out []*image.RGBA
	for _, f := range a.Image {
		draw.Draw(canvas, f.Bounds(), f, f.Bounds().Min, draw.Over)
		out = append(out, image.NewRGBA(canvas.Rect))
		copy(out[len(out)-1].Pix, canvas.Pix)
	}
	return a, out
}

// TestGIFLongDelays: a frame's delay is 16 bits of hundredths of a
// second; longer delays are cut to MaxDelay instead of wrapping round (11
// minutes was shown for 4.64 s).
func TestGIFLongDelays(t *testing.T) {
	g := playMoves(t, preset(t, "brandubh", ""), []string{"b4-b3"})
	var buf bytes.Buffer
	if err := render.GIF(&buf, g, render.GIFOptions{Size: 160, Delay: 11 * time.Minute, FinalDelay: time.Hour}); err != nil {
		t.Fatal(err)
	}
	a, _ := frames(t, buf.Bytes())
	for i, d := range a.Delay {
		if d != 65535 {
			t.Errorf("frame %d delay %d/100 s, want 65535 (MaxDelay)", i, d)
		}
	}
}

func TestGIFReplay(t *testing.T) {
	g := playMoves(t, preset(t, "brandubh", ""), []string{"b4-b3", "c4-c2", "a4-c4", "e4-e3", "f4-e4"}) // ends: king captured
	var buf bytes.Buffer
	if err := render.GIF(&buf, g, render.GIFOptions{Size: 300, Delay: 700 * time.Millisecond, FinalDelay: 3 * time.Second}); err != nil {
		t.Fatal(err)
	}
	a, shown := frames(t, buf.Bytes())
	if len(a.Image) != g.Len()+1 {
		t.Fatalf("%d frames, want %d (the start and one per move)", len(a.Image), g.Len()+1)
	}
	// The game is over: every frame's band holds two lines, the last
	// frame's second naming the result.
	if a.Config.Width != 300 || a.Config.Height != 300+22+16 {
		t.Errorf("frames are %dx%d, want 300x338 (with a two-line caption band)", a.Config.Width, a.Config.Height)
	}
	golden.Check(t, "testdata/golden/gif-last-frame.png", shown[len(shown)-1], golden.Tolerance{Delta: 40, Fraction: 0.01})
	for i, d := range a.Delay {
		want := 70
		if i == len(a.Delay)-1 {
			want = 300
		}
		if d != want {
			t.Errorf("frame %d delay %d/100 s, want %d", i, d, want)
		}
	}
	// After the first, frames store only what changed.
	full := a.Config.Width * a.Config.Height
	for i, f := range a.Image[1:] {
		if area := f.Bounds().Dx() * f.Bounds().Dy(); area >= full {
			t.Errorf("frame %d covers %v, the whole picture", i+1, f.Bounds())
		}
	}
	if a.LoopCount != 0 {
		t.Errorf("loop count %d, want 0 (forever)", a.LoopCount)
	}
	// Each frame looks like the PNG picture of its position with its move
	// marked, give or take the 255-colour palette.
	pos := g.Start()
	plies := g.Plies()
	for i := range shown {
		opts := render.Options{Size: 300, Caption: "x"}
		if i > 0 {
			var err error
			if pos, err = pos.Apply(plies[i-1].Move); err != nil {
				t.Fatal(err)
			}
			opts.LastMove, opts.Captured = plies[i-1].Move, plies[i-1].Captures
		}
		want, err := render.Image(pos, opts)
		if err != nil {
			t.Fatal(err)
		}
		board := image.Rect(0, 0, 300, 300) // captions differ: compare the board only
		if diff := golden.Compare(want.SubImage(board), shown[i].SubImage(board), golden.Tolerance{Delta: 40, Fraction: 0.01}); diff != "" {
			t.Errorf("frame %d: %s", i, diff)
		}
	}
}

func TestGIFWithoutCaptions(t *testing.T) {
	// With captions off, frames are shorter by the caption band.
	g := playMoves(t, preset(t, "brandubh", ""), []string{"b4-b3", "c4-c2"})
	var buf bytes.Buffer
	if err := render.GIF(&buf, g, render.GIFOptions{Size: 200, NoCaptions: true}); err != nil {
		t.Fatal(err)
	}
	a, _ := frames(t, buf.Bytes())
	if a.Config.Height != 200 {
		t.Errorf("height %d without captions, want 200", a.Config.Height)
	}
}

// TestGIFCaptionsFromTheCaller: GIFOptions.Captions words every frame's
// caption (the bot's are in the reader's language; render's own are
// English): it is asked for each frame shown, with the frame's ply and
// the replay's step, and its lines set the band's height; a caption of
// more than MaxCaptionLines lines is refused with a reason.
func TestGIFCaptionsFromTheCaller(t *testing.T) {
	g := randomGame(t, preset(t, "brandubh", ""), 5, 1)
	if g.Len() != 5 {
		t.Fatalf("the game has %d plies, want 5", g.Len())
	}
	type call struct{ ply, step int }
	draw := func(lines int) (int, []call) {
		t.Helper()
		var calls []call
		opts := render.GIFOptions{Size: 200, MaxFrames: 3, Captions: func(ply, step int) string {
			calls = append(calls, call{ply, step})
			return strings.Repeat("Anfang · Zug\n", lines-1) + "Zug"
		}}
		var buf bytes.Buffer
		if err := render.GIF(&buf, g, opts); err != nil {
			t.Fatal(err)
		}
		a, _ := frames(t, buf.Bytes())
		return a.Config.Height, calls
	}
	one, calls := draw(1)
	if want := []call{{0, 3}, {3, 3}, {5, 3}}; !slices.Equal(calls, want) {
		t.Errorf("captions asked for %v, want %v (5 plies in 3 frames: every 3rd and the last)", calls, want)
	}
	if three, _ := draw(3); three <= one {
		t.Errorf("frames %d pixels high with three-line captions, %d with one line", three, one)
	}
	err := render.GIF(&bytes.Buffer{}, g, render.GIFOptions{Size: 200, Captions: func(int, int) string { return "a\nb\nc\nd" }})
	if err == nil || !strings.Contains(err.Error(), "more than 3 lines") {
		t.Errorf("four-line captions: %v", err)
	}
}

func TestGIFHundredMovesUnderCap(t *testing.T) {
	n := 100
	if testing.Short() {
		n = 30
	}
	g := randomGame(t, preset(t, "copenhagen", ""), n, 3)
	var buf bytes.Buffer
	if err := render.GIF(&buf, g, render.GIFOptions{}); err != nil {
		t.Fatal(err)
	}
	if buf.Len() > render.DefaultMaxGIFBytes {
		t.Errorf("GIF is %d bytes, over the cap of %d", buf.Len(), render.DefaultMaxGIFBytes)
	}
	a, err := gif.DecodeAll(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Image) != g.Len()+1 {
		t.Errorf("%d frames, want %d", len(a.Image), g.Len()+1)
	}
	if a.Config.Width != render.DefaultGIFSize {
		t.Errorf("width %d, want the default %d", a.Config.Width, render.DefaultGIFSize)
	}
}

func TestGIFShrinksToFitTheCap(t *testing.T) {
	g := randomGame(t, preset(t, "copenhagen", ""), 16, 5)
	var big bytes.Buffer
	if err := render.GIF(&big, g, render.GIFOptions{Size: 400}); err != nil {
		t.Fatal(err)
	}
	limit := big.Len() / 2
	var small bytes.Buffer
	if err := render.GIF(&small, g, render.GIFOptions{Size: 400, MaxBytes: limit}); err != nil {
		t.Fatal(err)
	}
	if small.Len() > limit {
		t.Errorf("GIF is %d bytes, over the cap of %d", small.Len(), limit)
	}
	a, err := gif.DecodeAll(bytes.NewReader(small.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if a.Config.Width >= 400 || a.Config.Width < render.MinSize {
		t.Errorf("width %d: want frames shrunk below 400 but not below %d", a.Config.Width, render.MinSize)
	}
	if len(a.Image) != g.Len()+1 {
		t.Errorf("%d frames, want %d", len(a.Image), g.Len()+1)
	}

	// A cap nothing can meet is an error that says what to do.
	var none bytes.Buffer
	err = render.GIF(&none, g, render.GIFOptions{Size: render.MinSize, MaxBytes: 1000})
	if err == nil || !strings.Contains(err.Error(), "replay part of the game") {
		t.Fatalf("error %v, want one suggesting a shorter replay", err)
	}
	if none.Len() != 0 {
		t.Errorf("%d bytes written despite the error", none.Len())
	}
}

func TestGIFBadInput(t *testing.T) {
	if err := render.GIF(&bytes.Buffer{}, nil, render.GIFOptions{}); err == nil {
		t.Error("nil game: no error")
	}
	g := tafl.NewGame(preset(t, "brandubh", ""))
	if err := render.GIF(&bytes.Buffer{}, g, render.GIFOptions{Size: 20}); err == nil || !strings.Contains(err.Error(), "out of range") {
		t.Errorf("tiny size: error %v", err)
	}
	// A game with no moves is one frame.
	var buf bytes.Buffer
	if err := render.GIF(&buf, g, render.GIFOptions{Size: 200}); err != nil {
		t.Fatal(err)
	}
	a, _ := frames(t, buf.Bytes())
	if len(a.Image) != 1 {
		t.Errorf("%d frames for a game without moves, want 1", len(a.Image))
	}
}

func TestReplayPlan(t *testing.T) {
	for _, c := range []struct{ plies, max, frames, step int }{
		{0, 0, 1, 1},
		{5, 0, 6, 1},
		{300, 0, 301, 1},
		{301, 0, 152, 2},   // every 2nd move: 0, 2, …, 300, then 301
		{3000, 0, 301, 10}, // every 10th: 0, 10, …, 3000
		{3001, 0, 274, 11}, // 0, 11, …, 2992, then 3001
		{10, 2, 2, 10},     // start and end
		{10, 1, 2, 10},     // at least 2 frames
		{7, 4, 4, 3},       // 0, 3, 6, then 7
	} {
		frames, step := render.ReplayPlan(c.plies, render.GIFOptions{MaxFrames: c.max})
		if frames != c.frames || step != c.step {
			t.Errorf("%d plies, max %d: %d frames every %d, want %d every %d", c.plies, c.max, frames, step, c.frames, c.step)
		}
		if frames > max(2, c.max) && c.max > 0 || c.max == 0 && frames > render.DefaultMaxFrames {
			t.Errorf("%d plies, max %d: %d frames, over the cap", c.plies, c.max, frames)
		}
	}
}

// longGame plays plies quiet copenhagen moves (no capture, no end, no
// position twice) with a fixed seed: the kind of endless game that made
// replays take gigabytes.
func longGame(t testing.TB, plies int) *tafl.Game {
	t.Helper()
	g := tafl.NewGame(preset(t, "copenhagen", ""))
	rng := rand.New(rand.NewPCG(uint64(plies), 9))
	first := g.Position()
	seen := map[uint64]bool{first.Hash(): true}
	for g.Len() < plies {
		pos := g.Position()
		var quiet []tafl.Move
		for _, m := range g.LegalMoves() {
			var c tafl.Position
			if pos.MakeMove(m, &c) == 0 && !c.Outcome().Over() && !seen[c.Hash()] {
				quiet = append(quiet, m)
			}
		}
		if len(quiet) == 0 {
			t.Fatalf("no quiet move after %d plies", g.Len())
		}
		m := quiet[rng.IntN(len(quiet))]
		if _, err := g.Play(m); err != nil {
			t.Fatal(err)
		}
		now := g.Position()
		seen[now.Hash()] = true
	}
	if g.Outcome().Over() {
		t.Fatalf("the long game ended: %v", g.Outcome())
	}
	return g
}

// TestGIFLongGameSampled: a game longer than MaxFrames−1 moves is
// replayed in MaxFrames frames, every step-th move and the last, and the
// frames show those positions.
func TestGIFLongGameSampled(t *testing.T) {
	g := longGame(t, 130)
	opts := render.GIFOptions{Size: 200, MaxFrames: 12, NoCaptions: true}
	var buf bytes.Buffer
	if err := render.GIF(&buf, g, opts); err != nil {
		t.Fatal(err)
	}
	a, shown := frames(t, buf.Bytes())
	n, step := render.ReplayPlan(g.Len(), opts)
	if len(a.Image) != n || step != 12 || n != 12 {
		t.Fatalf("%d frames every %d moves (plan %d), want 12 every 12", len(a.Image), step, n)
	}
	// Frame k shows the position after move 12k, and the last one the end.
	pos := g.Start()
	plies := g.Plies()
	frame := 0
	for i := 0; i <= len(plies); i++ {
		if i > 0 {
			var err error
			if pos, err = pos.Apply(plies[i-1].Move); err != nil {
				t.Fatal(err)
			}
		}
		if i%step != 0 && i != len(plies) {
			continue
		}
		o := render.Options{Size: 200}
		if i > 0 {
			o.LastMove = plies[i-1].Move
		}
		want, err := render.Image(pos, o)
		if err != nil {
			t.Fatal(err)
		}
		if diff := golden.Compare(want, shown[frame], golden.Tolerance{Delta: 40, Fraction: 0.01}); diff != "" {
			t.Errorf("frame %d (after move %d): %s", frame, i, diff)
		}
		frame++
	}
}

// TestSmallReplayCaptionsDrawnWhole: a replay's frames under 420 pixels
// cut a caption line too long for them with an ellipsis, where a still
// picture's caption is broken at its " · " (a replay's band is as high in
// every frame, and its captions were not broken). They are broken now,
// and the band of every frame holds the most lines. Measured on the
// drawn frames: the last frame's caption has three lines of text (the
// move, then the result broken in two), the frame before it as tall a
// band, every line inside the picture, and the long line ends in its own
// last letter, an H as tall as the capitals, not in an ellipsis's dots.
func TestSmallReplayCaptionsDrawnWhole(t *testing.T) {
	g := playMoves(t, preset(t, "brandubh", ""), []string{"b4-b3", "d5-b5", "b3-b2"})
	const result = "Attackers win the game after a long fight · a repetition by the attackers loses for the defenders by rule H"
	captions := func(ply, step int) string {
		if ply == g.Len() {
			return "2. b3-b2 · attackers\n" + result
		}
		return "Brandubh · move " + string(rune('0'+ply))
	}
	for _, size := range []int{240, 360} {
		var buf bytes.Buffer
		if err := render.GIF(&buf, g, render.GIFOptions{Size: size, Captions: captions}); err != nil {
			t.Fatal(err)
		}
		a, imgs := frames(t, buf.Bytes())
		if a.Config.Width != size {
			t.Fatalf("frames %d pixels wide, want %d", a.Config.Width, size)
		}
		last := imgs[len(imgs)-1]
		lines := inkLines(last, size)
		if len(lines) != 3 {
			t.Errorf("%d pixels: the last caption is drawn on %d lines, want 3 (the move, the result broken at its \" · \")", size, len(lines))
		}
		if len(lines) == 0 {
			continue
		}
		for i, l := range lines {
			if l.minX < 1 || l.maxX > size-2 {
				t.Errorf("%d pixels: caption line %d drawn from x=%d to %d, outside the %d-pixel picture", size, i+1, l.minX, l.maxX, size)
			}
		}
		long := lines[len(lines)-1]
		if end := long.endHeight(last); end*2 < long.maxY-long.minY+1 {
			t.Errorf("%d pixels: the last line's last 2 columns of ink are %d pixels high of the line's %d: cut short with an ellipsis", size, end, long.maxY-long.minY+1)
		}
		if hb, ha := imgs[0].Bounds().Dy(), last.Bounds().Dy(); hb != ha {
			t.Errorf("%d pixels: the first frame is %d pixels high, the last %d", size, hb, ha)
		}
	}
}

// TestSmallestReplayCaptionsBreakBetweenWords: at the smallest replay,
// 160 pixels wide, a result's reason with no " · " left in it ("a
// repetition by the attackers loses for the defenders") was cut short
// with an ellipsis, the caption already on three lines; it is broken
// between words onto a fourth line, the halves as even as may be, and
// drawn whole. Measured on the drawn frames as above.
func TestSmallestReplayCaptionsBreakBetweenWords(t *testing.T) {
	const caption = "1. a1-a2 · attackers\nAttackers win · a repetition by the attackers loses for the defenders"
	if cut := render.CutShort(7, render.Options{Size: render.MinSize, Caption: caption, CaptionLines: 2}); len(cut) != 0 {
		t.Errorf("cut short at %d pixels: %q", render.MinSize, cut)
	}
	g := playMoves(t, preset(t, "brandubh", ""), []string{"b4-b3", "d5-b5", "b3-b2"})
	captions := func(ply, step int) string {
		if ply == g.Len() {
			return "2. b3-b2 · attackers\nAttackers win · a repetition by the attackers loses for the defenders by rule H"
		}
		return "Brandubh · move " + string(rune('0'+ply))
	}
	var buf bytes.Buffer
	if err := render.GIF(&buf, g, render.GIFOptions{Size: render.MinSize, Captions: captions}); err != nil {
		t.Fatal(err)
	}
	a, imgs := frames(t, buf.Bytes())
	size := a.Config.Width
	if size != render.MinSize {
		t.Fatalf("frames %d pixels wide, want %d", size, render.MinSize)
	}
	last := imgs[len(imgs)-1]
	lines := inkLines(last, size)
	if len(lines) != render.MaxWrappedLines {
		t.Fatalf("the last caption is drawn on %d lines, want %d (the move, the result, its reason in two)", len(lines), render.MaxWrappedLines)
	}
	for i, l := range lines {
		if l.minX < 1 || l.maxX > size-2 {
			t.Errorf("caption line %d drawn from x=%d to %d, outside the %d-pixel picture", i+1, l.minX, l.maxX, size)
		}
	}
	// The two halves of the reason are about as wide.
	third, fourth := lines[2].maxX-lines[2].minX, lines[3].maxX-lines[3].minX
	if third > 2*fourth || fourth > 2*third {
		t.Errorf("the reason broken into lines %d and %d pixels wide", third, fourth)
	}
	long := lines[3]
	if end := long.endHeight(last); end*2 < long.maxY-long.minY+1 {
		t.Errorf("the last line's last 2 columns of ink are %d pixels high of the line's %d: cut short with an ellipsis", end, long.maxY-long.minY+1)
	}
	if hb, ha := imgs[0].Bounds().Dy(), last.Bounds().Dy(); hb != ha {
		t.Errorf("the first frame is %d pixels high, the last %d", hb, ha)
	}
}

// TestCaptionRoomIsLeastAtTheSmallestSizes: a caption line's room (the
// picture's width inside its frame) per line height, which the caption
// type is drawn in proportion to, is least at the smallest pictures,
// MinSize and MinSize+1, on some board: so a caption drawn whole there on
// every board is drawn whole at every size (the bot's
// TestReplayCaptionsFitInEveryLanguage checks its captions there).
func TestCaptionRoomIsLeastAtTheSmallestSizes(t *testing.T) {
	room := render.CaptionRoom
	least := math.Inf(1)
	for n := tafl.MinSize; n <= tafl.MaxSize; n += 2 {
		least = min(least, room(n, render.MinSize), room(n, render.MinSize+1))
	}
	for n := tafl.MinSize; n <= tafl.MaxSize; n += 2 {
		for size := render.MinSize; size <= render.MaxSize; size++ {
			if r := room(n, size); r < least {
				t.Errorf("%d×%d board, %d pixels: %.3f line heights of room, less than the smallest pictures' %.3f", n, n, size, r, least)
			}
		}
	}
}

// inkLine is a line of text drawn in a picture's caption band: the rows
// and columns its ink spans.
type inkLine struct{ minX, maxX, minY, maxY int }

// inked reports whether the pixel at x, y differs clearly from the
// band's background, bg.
func inked(img *image.RGBA, x, y int, bg [3]uint8) bool {
	c := img.RGBAAt(x, y)
	d := max(absDiff(c.R, bg[0]), absDiff(c.G, bg[1]), absDiff(c.B, bg[2]))
	return d > 48
}

func absDiff(a, b uint8) int { return max(int(a)-int(b), int(b)-int(a)) }

// inkLines finds the lines of text in the caption band under the
// size×size board: runs of rows with ink, the band's top edge (a line
// across the whole picture) left out.
func inkLines(img *image.RGBA, size int) []inkLine {
	h := img.Bounds().Dy()
	c := img.RGBAAt(0, h-1)
	bg := [3]uint8{c.R, c.G, c.B}
	var out []inkLine
	var cur *inkLine
	for y := size; y < h; y++ {
		minX, maxX, n := size, -1, 0
		for x := range size {
			if inked(img, x, y, bg) {
				minX, maxX, n = min(minX, x), max(maxX, x), n+1
			}
		}
		if n == 0 || n > size*9/10 {
			cur = nil
			continue
		}
		if cur == nil {
			out = append(out, inkLine{minX, maxX, y, y})
			cur = &out[len(out)-1]
			continue
		}
		cur.minX, cur.maxX, cur.maxY = min(cur.minX, minX), max(cur.maxX, maxX), y
	}
	return out
}

// endHeight returns how many rows the line's last two columns of ink
// span.
func (l inkLine) endHeight(img *image.RGBA) int {
	h := img.Bounds().Dy()
	c := img.RGBAAt(0, h-1)
	bg := [3]uint8{c.R, c.G, c.B}
	top, bottom := l.maxY+1, l.minY-1
	for y := l.minY; y <= l.maxY; y++ {
		for x := l.maxX - 1; x <= l.maxX; x++ {
			if inked(img, x, y, bg) {
				top, bottom = min(top, y), max(bottom, y)
			}
		}
	}
	return max(0, bottom-top+1)
}
