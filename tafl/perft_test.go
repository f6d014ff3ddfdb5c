package tafl_test

import (
	"flag"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/taflbot/taflbot/tafl"
)

var refDeep = flag.Bool("refdeep", false, "also check the deepest perft counts (alea-evangelii depth 3, ~62 M leaves) against the slow reference generator")

// perftTable holds the leaf counts from each preset's start position,
// depth 1 first. They were checked against the reference generator of
// reference_test.go (which TestPerft re-checks, the counts over 10 M only
// under -refdeep) and then frozen.
//
// tablut plays Ashton's primary law 14 (a camp is hostile whether empty or
// occupied); depth 4 is the first depth where that differs from his
// alternate rule (19 161 320 leaves when a camp is hostile only while
// empty). rusty_tabluter (github.com/DavideGianessi/rusty_tabluter, commit
// 6b6be67, the Tablut Challenge's Ashton rules) counts the same 56, 4408,
// 248456, 19159224 and, at depth 5, 1074150880; see docs/RULES.md.
var perftTable = []struct {
	name, layout string
	counts       []uint64
}{
	{"copenhagen", "", []uint64{116, 6788, 806344}},
	{"fetlar", "", []uint64{116, 6788, 806344}},
	{"brandubh", "", []uint64{40, 960, 39512, 1007392}},
	{"ard-ri", "", []uint64{48, 408, 18528, 244192}},
	{"tablut", "", []uint64{56, 4408, 248456, 19159224}},
	{"tablut-helmfrid", "", []uint64{56, 4408, 248616}},
	{"hnefatafl-9", "", []uint64{72, 3944, 285728}},
	{"cyning-taefl", "", []uint64{60, 6900, 440272}},
	{"tawlbwrdd", "lewis", []uint64{128, 12992, 1669528}},
	{"tawlbwrdd", "bell", []uint64{136, 7620, 1042016}},
	{"tawlbwrdd", "lewis-cross", []uint64{88, 8984, 835776}},
	{"alea-evangelii", "", []uint64{580, 107492, 62185588}},
}

// TestPerft checks tafl.Perft from every preset's start position against
// the frozen table and the reference generator.
func TestPerft(t *testing.T) {
	for _, tc := range perftTable {
		t.Run(tc.name+"/"+tc.layout, func(t *testing.T) {
			v, err := tafl.Preset(tc.name, tc.layout)
			if err != nil {
				t.Fatal(err)
			}
			rr := refPreset(tc.name, tc.layout)
			for i, want := range tc.counts {
				depth := i + 1
				big := want > 10_000_000
				if (big || depth > 3) && testing.Short() {
					continue // alea-evangelii depth 3 takes ~9 s; depth 4 a second or two
				}
				if got := tafl.Perft(v.Start(), depth); got != want {
					t.Errorf("Perft(start, %d) = %d, want %d", depth, got, want)
				}
				if big && !*refDeep || testing.Short() && depth > 2 && v.Size() > 9 {
					continue // the slow reference: depth 3 on the big boards only without -short
				}
				rp, err := refParse(&rr, v.Start().Record(), v.Start().ToMove() == tafl.Defenders)
				if err != nil {
					t.Fatal(err)
				}
				if rp.record() != rr.start {
					t.Fatalf("start %s differs from VARIANTS.md's %s", rp.record(), rr.start)
				}
				if got := refPerft(rp, depth, []refKey{rp.key()}); got != want {
					t.Errorf("reference perft(start, %d) = %d, table says %d", depth, got, want)
				}
			}
		})
	}
}

// TestPerftDivide checks that PerftDivide splits Perft by legal move.
func TestPerftDivide(t *testing.T) {
	for _, tc := range perftTable {
		v, err := tafl.Preset(tc.name, tc.layout)
		if err != nil {
			t.Fatal(err)
		}
		div := tafl.PerftDivide(v.Start(), 2)
		var sum uint64
		for m, n := range div {
			c, err := v.Start().Apply(m)
			if err != nil {
				t.Fatalf("%s: PerftDivide lists the illegal move %s: %v", tc.name, m, err)
			}
			if want := tafl.Perft(c, 1); n != want {
				t.Errorf("%s: PerftDivide gives %s %d leaves, Perft after it %d", tc.name, m, n, want)
			}
			sum += n
		}
		if len(div) != int(tc.counts[0]) || sum != tc.counts[1] {
			t.Errorf("%s: PerftDivide(start, 2) has %d moves and %d leaves, want %d and %d", tc.name, len(div), sum, tc.counts[0], tc.counts[1])
		}
	}
}

// TestPerftFirstSide checks who moves first in each preset (VARIANTS.md §3).
func TestPerftFirstSide(t *testing.T) {
	for _, tc := range perftTable {
		v, err := tafl.Preset(tc.name, tc.layout)
		if err != nil {
			t.Fatal(err)
		}
		want := tafl.Attackers
		if refPreset(tc.name, tc.layout).defFirst {
			want = tafl.Defenders
		}
		if got := v.Start().ToMove(); got != want {
			t.Errorf("%s: %s move first, want %s", tc.name, got, want)
		}
	}
}

// randomPositions plays random games of v with a fixed seed and returns
// positions taken along the way that are not over, for tests that need
// more varied positions than the start: captures, shieldwalls, forts and
// game ends happen there.
func randomPositions(t testing.TB, v *tafl.Variant, games, every int, seed uint64) []tafl.Position {
	rng := rand.New(rand.NewPCG(seed, 0x7461666c))
	var out []tafl.Position
	for g := 0; g < games; g++ {
		game := tafl.NewGame(v)
		for ply := 0; ply < 400 && !game.Outcome().Over(); ply++ {
			moves := game.LegalMoves()
			m := moves[rng.IntN(len(moves))]
			// Lean toward moves next to the enemy, where captures happen.
			for try := 0; try < 3; try++ {
				c := moves[rng.IntN(len(moves))]
				if nearEnemy(game.Position(), c) {
					m = c
					break
				}
			}
			if _, err := game.Play(m); err != nil {
				t.Fatalf("%s: playing legal move %s: %v", v.Name(), m, err)
			}
			if ply%every == every-1 && !game.Outcome().Over() {
				out = append(out, game.Position())
			}
		}
	}
	return out
}

func nearEnemy(p tafl.Position, m tafl.Move) bool {
	side := p.ToMove()
	to := m.To()
	for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
		q := tafl.At(to.File()+d[0], to.Rank()+d[1])
		if q != tafl.NoSquare && q.OnBoard(p.Size()) && q != m.From() && p.At(q).Side() == side.Other() {
			return true
		}
	}
	return false
}

// TestPerftRandomPositions compares tafl.Perft with the reference at depth
// 2 on positions from random games of every preset.
func TestPerftRandomPositions(t *testing.T) {
	for _, pi := range tafl.Presets() {
		for _, layout := range pi.Layouts {
			t.Run(pi.Name+"/"+layout, func(t *testing.T) {
				v, err := tafl.Preset(pi.Name, layout)
				if err != nil {
					t.Fatal(err)
				}
				rr := refPreset(pi.Name, layout)
				games, depth := 3, 2
				if testing.Short() || pi.Size > 11 {
					games = 2
				}
				every := map[int]int{7: 5, 9: 7, 11: 17, 19: 130}[pi.Size]
				positions := randomPositions(t, v, games, every, 1)
				if len(positions) < 5 {
					t.Fatalf("only %d positions from random games", len(positions))
				}
				refStats = map[string]int{}
				defer func() { t.Logf("%d positions; reference saw %v", len(positions), refStats) }()
				for _, p := range positions {
					rp, err := refParse(&rr, p.Record(), p.ToMove() == tafl.Defenders)
					if err != nil {
						t.Fatal(err)
					}
					got := tafl.Perft(p, depth)
					want := refPerft(rp, depth, []refKey{rp.key()})
					if got != want {
						t.Errorf("position %s %s: Perft(%d) = %d, reference %d", p.Record(), p.ToMove(), depth, got, want)
						explainPerft(t, p, rp)
						return
					}
				}
			})
		}
	}
}

// explainPerft logs the first move whose subtree differs between the
// engine and the reference, and how the two positions after it differ.
func explainPerft(t *testing.T, p tafl.Position, rp *refPos) {
	t.Helper()
	var refMoves []string
	for _, m := range rp.moves() {
		refMoves = append(refMoves, m.String())
	}
	var engMoves []string
	for _, m := range p.LegalMoves() {
		engMoves = append(engMoves, m.String())
	}
	slices.Sort(refMoves)
	slices.Sort(engMoves)
	if !slices.Equal(refMoves, engMoves) {
		t.Logf("moves differ:\nengine    %v\nreference %v", engMoves, refMoves)
		return
	}
	for _, m := range rp.moves() {
		mv := tafl.NewMove(tafl.At(m.ff, m.fr), tafl.At(m.tf, m.tr))
		c, err := p.Apply(mv)
		if err != nil {
			t.Logf("%s: engine refuses: %v", m, err)
			return
		}
		rc, _ := rp.play(m)
		if c.Record() != rc.record() || c.Outcome().Over() != rc.over {
			t.Logf("after %s:\nengine    %s %v\nreference %s over=%v %s", m, c.Record(), c.Outcome(), rc.record(), rc.over, rc.reason)
			t.Logf("before:\n%s", p.Diagram())
			return
		}
	}
	t.Logf("every move leads to the same position; the difference is deeper (repetition?)")
}

// randomBoard returns a random legal-looking position of v: pieces
// scattered at random density, sometimes packed around a king on the
// edge (where shieldwalls and exit forts happen). It returns false when
// the drawing is unusable (the game would already be over).
func randomBoard(v *tafl.Variant, rng *rand.Rand) (tafl.Position, bool) {
	n := v.Size()
	board := make([][]byte, n) // [rank][file]
	for r := range board {
		board[r] = []byte(strings.Repeat(".", n))
	}
	edgeEscape := v.Rules().Escape == tafl.EscapeEdge
	var kf, kr int
	for {
		kf, kr = rng.IntN(n), rng.IntN(n)
		onEdge := kf == 0 || kr == 0 || kf == n-1 || kr == n-1
		sq := tafl.At(kf, kr)
		if v.IsCorner(sq) || v.IsCamp(sq) || (edgeEscape && onEdge) {
			continue
		}
		if !edgeEscape && !onEdge && rng.IntN(2) == 0 {
			continue // favour the edge
		}
		break
	}
	board[kr][kf] = 'K'
	density := 0.1 + 0.4*rng.Float64()
	mode := rng.IntN(4) // 0 scattered, 1 packed round the king, 2 crowded edges, 3 a ring round the king
	edgeSide, frontSide := byte('T'), byte('t')
	if rng.IntN(2) == 0 {
		edgeSide, frontSide = 't', 'T'
	}
	ring := 1 + rng.IntN(3)
	for r := 0; r < n; r++ {
		for f := 0; f < n; f++ {
			sq := tafl.At(f, r)
			if board[r][f] != '.' || v.IsThrone(sq) || v.IsCorner(sq) {
				continue
			}
			near := abs(f-kf)+abs(r-kr) <= 2
			edge := f == 0 || r == 0 || f == n-1 || r == n-1
			second := !edge && (f == 1 || r == 1 || f == n-2 || r == n-2)
			onRing := max(abs(f-kf), abs(r-kr)) == ring
			x := rng.Float64()
			switch {
			case mode == 1 && near && x < 0.75:
				board[r][f] = 'T'
			case mode == 2 && edge && x < 0.6:
				board[r][f] = edgeSide
			case mode == 2 && second && x < 0.6:
				board[r][f] = frontSide
			case mode == 3 && onRing && x < 0.9:
				board[r][f] = 't'
			case mode == 3 && max(abs(f-kf), abs(r-kr)) < ring && x < 0.3:
				board[r][f] = 'T'
			case mode == 3 && max(abs(f-kf), abs(r-kr)) > ring && x < density/3:
				board[r][f] = 't'
			case mode == 3:
			case x < density/2:
				board[r][f] = 't'
			case x < density*0.8:
				board[r][f] = 'T'
			}
			if board[r][f] == 'T' && v.IsCamp(sq) {
				board[r][f] = '.'
			}
		}
	}
	var b strings.Builder
	b.WriteByte('/')
	for r := 0; r < n; r++ {
		run := 0
		for f := 0; f < n; f++ {
			if board[r][f] == '.' {
				run++
				continue
			}
			if run > 0 {
				b.WriteString(strconv.Itoa(run))
				run = 0
			}
			b.WriteByte(board[r][f])
		}
		if run > 0 {
			b.WriteString(strconv.Itoa(run))
		}
		b.WriteByte('/')
	}
	side := tafl.Attackers
	if rng.IntN(2) == 0 {
		side = tafl.Defenders
	}
	p, err := v.ParsePosition(b.String(), side)
	if err != nil || p.Outcome().Over() {
		return p, false
	}
	return p, true
}

// TestRandomBoards compares every move of random boards (dense, sparse,
// defenders packed round a king on the edge) with the reference: the
// same moves, and after each the same board and the same game end.
// Such boards reach shieldwalls, exit forts and encirclements far more
// often than games do.
func TestRandomBoards(t *testing.T) {
	for _, pi := range tafl.Presets() {
		for _, layout := range pi.Layouts {
			t.Run(pi.Name+"/"+layout, func(t *testing.T) {
				v, err := tafl.Preset(pi.Name, layout)
				if err != nil {
					t.Fatal(err)
				}
				rr := refPreset(pi.Name, layout)
				rng := rand.New(rand.NewPCG(5, uint64(len(pi.Name)*31+len(layout))))
				boards := 600
				if testing.Short() || pi.Size > 11 {
					boards = 150
				}
				refStats = map[string]int{}
				defer func() { t.Logf("reference saw %v", refStats) }()
				for i := 0; i < boards; {
					p, ok := randomBoard(v, rng)
					if !ok {
						continue
					}
					i++
					rp, err := refParse(&rr, p.Record(), p.ToMove() == tafl.Defenders)
					if err != nil {
						t.Fatal(err)
					}
					compareChildren(t, p, rp)
				}
			})
		}
	}
}

// compareChildren checks that the engine and the reference list the same
// moves from p and agree on the position and game end after each.
func compareChildren(t *testing.T, p tafl.Position, rp *refPos) {
	t.Helper()
	var want []string
	for _, m := range rp.moves() {
		want = append(want, m.String())
	}
	var got []string
	for _, m := range p.GenerateMoves(nil) {
		got = append(got, m.String())
	}
	slices.Sort(want)
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Fatalf("%s: moves differ:\nengine    %v\nreference %v\n%s", p, got, want, p.Diagram())
	}
	if got, want := p.KingThreatened(), rp.kingThreatened(); got != want {
		t.Fatalf("%s %s: KingThreatened %v, reference %v\n%s", p.Record(), p.ToMove(), got, want, p.Diagram())
	}
	for _, m := range rp.moves() {
		mv := tafl.NewMove(tafl.At(m.ff, m.fr), tafl.At(m.tf, m.tr))
		var c tafl.Position
		p.MakeMove(mv, &c)
		rc, _ := rp.play(m)
		if c.Record() != rc.record() || c.Outcome().Reason.String() != rc.reason {
			t.Fatalf("%s %s, after %s:\nengine    %s %q\nreference %s %q\n%s", p.Record(), p.ToMove(), m,
				c.Record(), c.Outcome().Reason, rc.record(), rc.reason, p.Diagram())
		}
		if !rc.over {
			if got, want := c.OpenLines(), rc.openLines(); got != want {
				t.Fatalf("%s %s, after %s: %d open lines, reference %d", p.Record(), p.ToMove(), m, got, want)
			}
			if refStats != nil && rc.openLines() > 0 {
				refStats["open lines"]++
			}
		}
	}
}

// TestRandomBoardsCustom does the same for custom variants the presets
// do not cover: other king strengths and an unarmed king.
func TestRandomBoardsCustom(t *testing.T) {
	customs := []struct {
		name, preset string
		tweak        func(*tafl.Rules, *refRules)
	}{
		{"copenhagen-middleweight", "copenhagen", func(r *tafl.Rules, rr *refRules) {
			r.KingStrength, rr.strength = tafl.MiddleweightKing, refMiddleweight
		}},
		{"copenhagen-weak", "copenhagen", func(r *tafl.Rules, rr *refRules) {
			r.KingStrength, rr.strength = tafl.WeakKing, refWeak
		}},
		{"copenhagen-unarmed", "copenhagen", func(r *tafl.Rules, rr *refRules) {
			r.KingArms, rr.kingUnarmed = tafl.UnarmedKing, true
		}},
		{"brandubh-strong-near-throne", "brandubh", func(r *tafl.Rules, rr *refRules) {
			r.KingStrength, rr.strength = tafl.StrongNearThrone, refStrongNearThrone
		}},
		{"tablut-middleweight", "tablut", func(r *tafl.Rules, rr *refRules) {
			r.KingStrength, rr.strength = tafl.MiddleweightKing, refMiddleweight
		}},
	}
	for _, tc := range customs {
		t.Run(tc.name, func(t *testing.T) {
			r, err := tafl.PresetRules(tc.preset, "")
			if err != nil {
				t.Fatal(err)
			}
			rr := refPreset(tc.preset, "")
			tc.tweak(&r, &rr)
			r.Name = "custom"
			v, err := tafl.NewVariant(r)
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(6, uint64(len(tc.name))))
			refStats = map[string]int{}
			defer func() { t.Logf("reference saw %v", refStats) }()
			for i := 0; i < 200; {
				p, ok := randomBoard(v, rng)
				if !ok {
					continue
				}
				i++
				rp, err := refParse(&rr, p.Record(), p.ToMove() == tafl.Defenders)
				if err != nil {
					t.Fatal(err)
				}
				compareChildren(t, p, rp)
			}
		})
	}
}
