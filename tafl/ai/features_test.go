package ai

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/taflbot/taflbot/tafl"
)

var fittedPresets = []string{"copenhagen", "fetlar", "cyning-taefl"}

// randomWeights returns the default weights of v with every weight
// replaced by a random integer in [-200, 200].
func randomWeights(t *testing.T, v *tafl.Variant, seed uint64) *Weights {
	t.Helper()
	w, err := DefaultWeights(v)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(seed, 7))
	x := w.Vector()
	for i := range x {
		x[i] = float64(r.IntN(401) - 200)
	}
	w, err = w.WithVector(x)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// TestFeaturesGiveTheEvaluation: the evaluation of the fitted families is
// Σ weight·feature less the balance (attackers' view; negated for the
// defenders to move), with the built-in weights and with random ones,
// which exercise every term.
func TestFeaturesGiveTheEvaluation(t *testing.T) {
	for _, name := range fittedPresets {
		v, _ := tafl.Preset(name, "")
		if !Tunable(v) {
			t.Fatalf("%s is not tunable", name)
		}
		def, _ := DefaultWeights(v)
		names := FeatureNames(v)
		for seed := range uint64(60) {
			w := def
			if seed%2 == 1 {
				w = randomWeights(t, v, seed)
			}
			in, err := infoFor(v).withWeights(w)
			if err != nil {
				t.Fatal(err)
			}
			g := randomGame(t, name, int(seed*3%150), seed)
			if g.Outcome().Over() {
				continue
			}
			p := g.Position()
			x, err := Features(p)
			if err != nil {
				t.Fatal(err)
			}
			if len(x) != len(names) {
				t.Fatalf("%d features, %d names", len(x), len(names))
			}
			want := -float64(in.balance)
			for i, wi := range w.Vector() {
				want += wi * x[i]
			}
			if p.ToMove() == tafl.Defenders {
				want = -want
			}
			b := in.boardOf(p)
			ps := in.pieceSumsOf(&b)
			if got := in.evaluateWith(&b, p.ToMove(), p.King(), &ps); float64(got) != want {
				t.Errorf("%s seed %d: evaluation %d, Σ weight·feature %v", name, seed, got, want)
			}
		}
	}
}

// TestFeaturesCountThePosition checks a few features against counts made
// independently on the copenhagen start.
func TestFeaturesCountThePosition(t *testing.T) {
	v, _ := tafl.Preset("copenhagen", "")
	x, err := Features(v.Start())
	if err != nil {
		t.Fatal(err)
	}
	f := map[string]float64{}
	for i, n := range FeatureNames(v) {
		f[n] = x[i]
	}
	pst := func(prefix string) (sum float64) {
		for n, val := range f {
			if strings.HasPrefix(n, prefix) {
				sum += val
			}
		}
		return sum
	}
	if f["attacker"] != 24 || f["defender"] != -12 || pst("pstA.") != 24 || pst("pstD.") != 12 || pst("pstK.") != 1 {
		t.Errorf("material: attacker %v defender %v, pst sums %v %v %v", f["attacker"], f["defender"], pst("pstA."), pst("pstD."), pst("pstK."))
	}
	// The king on the throne: class 20 (the centre of 11×11).
	if f["pstK.20"] != 1 {
		t.Errorf("king not in the centre class: %v", f["pstK.20"])
	}
	// d1 e1 f1 g1 h1: the edge classes (0,3) (0,4) (0,5): two, two, one per side.
	if f["pstA.6"] != 8 || f["pstA.10"] != 8 || f["pstA.15"] != 4 {
		t.Errorf("edge attackers by class: %v %v %v", f["pstA.6"], f["pstA.10"], f["pstA.15"])
	}
	// d1 e1 a4 a5 stand in each corner's triangle: b3 and c2 would seal it.
	// Four such corners, each counted five times (sealScale: twelve defenders).
	if f["seal.0"] != 0 || f["seal.1"] != 0 || f["seal.2"] != 20 {
		t.Errorf("seals: %v %v %v, want 0 0 20", f["seal.0"], f["seal.1"], f["seal.2"])
	}
	// The king is shut in by his own men: no move, no attacker beside him.
	if f["kingFree"] != 0 || f["kingAdjSq"] != 0 {
		t.Errorf("king terms: free %v adj %v", f["kingFree"], f["kingAdjSq"])
	}
}

func TestClassesAreTheBoardsSymmetries(t *testing.T) {
	for _, n := range []int{7, 9, 11, 13, 19} {
		seen := map[int]bool{}
		for f := range n {
			for r := range n {
				c := classOf(tafl.At(f, r), n)
				for _, q := range [][2]int{{n - 1 - f, r}, {f, n - 1 - r}, {r, f}, {n - 1 - r, n - 1 - f}} {
					if d := classOf(tafl.At(q[0], q[1]), n); d != c {
						t.Fatalf("n=%d: %c%d class %d, its mirror image class %d", n, 'a'+f, r+1, c, d)
					}
				}
				seen[c] = true
			}
		}
		if len(seen) != classCount(n) || classCount(n) > classes {
			t.Errorf("n=%d: %d classes, classCount %d (bound %d)", n, len(seen), classCount(n), classes)
		}
	}
}

// TestSearchUsesTheWeights: the built-in weights given explicitly search
// exactly as none; other weights change the search; a variant that is
// not a fitted family refuses weights.
func TestSearchUsesTheWeights(t *testing.T) {
	v, _ := tafl.Preset("copenhagen", "")
	g := randomGame(t, "copenhagen", 30, 3)
	def, _ := DefaultWeights(v)
	a, err := Search(context.Background(), g, Limits{Depth: 4})
	if err != nil {
		t.Fatal(err)
	}
	b, err := Search(context.Background(), g, Limits{Depth: 4, Weights: def})
	if err != nil {
		t.Fatal(err)
	}
	if a.Move != b.Move || a.Score != b.Score || a.Nodes != b.Nodes {
		t.Errorf("explicit built-in weights: %v, none: %v", b, a)
	}
	c, err := Search(context.Background(), g, Limits{Depth: 4, Weights: randomWeights(t, v, 1)})
	if err != nil {
		t.Fatal(err)
	}
	if c.Score == a.Score && c.Nodes == a.Nodes {
		t.Errorf("random weights searched like the built-in ones: %v", c)
	}
	bg := randomGame(t, "brandubh", 4, 1)
	if _, err := Search(context.Background(), bg, Limits{Depth: 2, Weights: def}); err == nil {
		t.Error("brandubh accepted copenhagen's weights")
	}
}

// TestAttackerWeights: with Limits.AttackerWeights the attackers to move
// search with their own weights (the fitted ones with heavier seals), the
// defenders with the fitted ones; variants without them are unchanged.
func TestAttackerWeights(t *testing.T) {
	v, _ := tafl.Preset("copenhagen", "")
	want := corner11Weights
	want.seal = [3]int32{82, 53, 27}
	want.shrinkSeal, want.shrinkEdge, want.shrinkRoom = true, 31, 18
	if att := infoFor(v).att; att == nil || *att.w != want {
		t.Fatalf("copenhagen's attackers' weights: %+v", att)
	}
	search := func(g *tafl.Game, lim Limits) Result {
		t.Helper()
		r, err := Search(context.Background(), g, lim)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	same := func(a, b Result) bool { return a.Move == b.Move && a.Score == b.Score && a.Nodes == b.Nodes }
	explicit := &Weights{size: 11, w: want}
	seen := map[tafl.Side]bool{}
	for plies := range 2 {
		g := randomGame(t, "copenhagen", 20+plies, 5)
		seen[g.ToMove()] = true
		plain := search(g, Limits{Depth: 3})
		own := search(g, Limits{Depth: 3, AttackerWeights: true})
		if g.ToMove() == tafl.Attackers {
			if by := search(g, Limits{Depth: 3, Weights: explicit}); !same(own, by) {
				t.Errorf("attackers to move: %v, with the attackers' weights given: %v", own, by)
			}
			if own.Score == plain.Score {
				t.Errorf("attackers to move: the same score %d with and without their weights", own.Score)
			}
		} else if !same(own, plain) {
			t.Errorf("defenders to move: %v with AttackerWeights, %v without", own, plain)
		}
	}
	if len(seen) != 2 {
		t.Errorf("the positions had only %v to move", seen)
	}
	bg := randomGame(t, "brandubh", 4, 1)
	if a, b := search(bg, Limits{Depth: 3}), search(bg, Limits{Depth: 3, AttackerWeights: true}); !same(a, b) {
		t.Errorf("brandubh: %v with AttackerWeights, %v without", b, a)
	}
	for _, l := range []Level{Easy, Medium, Hard, Max} {
		if !LevelLimits(l, 0).AttackerWeights {
			t.Errorf("%v plays without the attackers' weights", l)
		}
	}
	if l := PlayLimits(0, 1000, 0, 7); !l.AttackerWeights || l.Nodes != 1000 || l.Seed != 7 || l.Depth != 0 || l.Time != 0 {
		t.Errorf("PlayLimits(nodes 1000, seed 7) = %+v", l)
	}
}

// TestIncrementalSumsWithWeights repeats the incremental-sums check with
// random weights, under which the defenders' square values count too.
func TestIncrementalSumsWithWeights(t *testing.T) {
	checkSums = true
	defer func() { checkSums = false }()
	for _, name := range fittedPresets {
		v, _ := tafl.Preset(name, "")
		for seed := range uint64(3) {
			g := randomGame(t, name, 15+int(seed)*30, seed)
			if g.Outcome().Over() {
				continue
			}
			if _, err := Search(context.Background(), g, Limits{Nodes: 20000, Weights: randomWeights(t, v, seed)}); err != nil {
				t.Fatal(err)
			}
		}
	}
}

func TestWeightsJSON(t *testing.T) {
	v, _ := tafl.Preset("copenhagen", "")
	w := randomWeights(t, v, 5)
	data, err := json.Marshal(w)
	if err != nil {
		t.Fatal(err)
	}
	back, err := ParseWeights(v, data)
	if err != nil {
		t.Fatal(err)
	}
	x, y := w.Vector(), back.Vector()
	for i := range x {
		if x[i] != y[i] {
			t.Fatalf("weight %s: %v written, %v read", FeatureNames(v)[i], x[i], y[i])
		}
	}
	bad := map[string]string{
		"missing": strings.Replace(string(data), `"attacker"`, `"atacker"`, 1),
		"size":    strings.Replace(string(data), `"size":11`, `"size":9`, 1),
		"unknown": strings.Replace(string(data), `"size":11,`, `"size":11,"extra":1,`, 1),
		"syntax":  string(data[:len(data)/2]),
	}
	for what, text := range bad {
		if _, err := ParseWeights(v, []byte(text)); err == nil {
			t.Errorf("%s: accepted", what)
		}
	}
	b, _ := tafl.Preset("brandubh", "")
	if _, err := ParseWeights(b, data); err == nil {
		t.Error("brandubh accepted weights")
	}
	if _, err := w.WithVector(x[:3]); err == nil {
		t.Error("WithVector accepted 3 weights")
	}
}

// TestAttackerWeightsAsWeights checks the attackers' own weights given
// as Weights: written and read back they are the same weights, with their
// cordon, and searched as Limits.Weights they play as the attackers' own
// do; the features' weights alone (DefaultWeights) write no cordon.
func TestAttackerWeightsAsWeights(t *testing.T) {
	v, _ := tafl.Preset("copenhagen", "")
	att, err := DefaultAttackerWeights(v)
	if err != nil {
		t.Fatal(err)
	}
	if att.w != corner11AttackerWeights {
		t.Fatalf("DefaultAttackerWeights = %+v, want %+v", att.w, corner11AttackerWeights)
	}
	data, err := json.Marshal(att)
	if err != nil {
		t.Fatal(err)
	}
	back, err := ParseWeights(v, data)
	if err != nil {
		t.Fatal(err)
	}
	if back.w != att.w {
		t.Errorf("written and read: %+v, want %+v", back.w, att.w)
	}
	names, x := ParamNames(v), att.Params()
	if len(names) != len(FeatureNames(v))+2 || names[len(names)-2] != "shrinkEdge" || names[len(names)-1] != "shrinkRoom" {
		t.Fatalf("ParamNames ends %v", names[len(names)-3:])
	}
	if x[len(x)-2] != float64(corner11AttackerWeights.shrinkEdge) || x[len(x)-1] != float64(corner11AttackerWeights.shrinkRoom) {
		t.Errorf("Params ends %v", x[len(x)-2:])
	}
	x[len(x)-1] = 30
	moved, err := att.WithParams(x)
	if err != nil {
		t.Fatal(err)
	}
	if moved.w.shrinkRoom != 30 || !moved.w.shrinkSeal || moved.w.shrinkEdge != corner11AttackerWeights.shrinkEdge {
		t.Errorf("WithParams(shrinkRoom 30): %+v", moved.w)
	}
	if _, err := att.WithParams(x[:len(x)-1]); err == nil {
		t.Error("WithParams accepted the features' weights without the cordon's")
	}
	g := randomGame(t, "copenhagen", 20, 5)
	if g.ToMove() != tafl.Attackers {
		t.Fatalf("the position has %v to move", g.ToMove())
	}
	own, err := Search(context.Background(), g, Limits{Depth: 3, AttackerWeights: true})
	if err != nil {
		t.Fatal(err)
	}
	given, err := Search(context.Background(), g, Limits{Depth: 3, Weights: back})
	if err != nil {
		t.Fatal(err)
	}
	if own.Move != given.Move || own.Score != given.Score || own.Nodes != given.Nodes {
		t.Errorf("attackers' own weights: %v; read back and given: %v", own, given)
	}
	def, _ := DefaultWeights(v)
	plain, _ := json.Marshal(def)
	if strings.Contains(string(plain), "shrink") {
		t.Errorf("the features' weights wrote a cordon:\n%s", plain)
	}
	for what, text := range map[string]string{
		"shrinkSeal 2":       strings.Replace(string(data), `"shrinkSeal":1`, `"shrinkSeal":2`, 1),
		"shrinkEdge 1.5":     strings.Replace(string(data), `"shrinkEdge":31`, `"shrinkEdge":1.5`, 1),
		"shrinkRoom renamed": strings.Replace(string(data), `"shrinkRoom"`, `"shrinkRoomy"`, 1),
	} {
		if text == string(data) {
			t.Fatalf("%s: the text was not changed:\n%s", what, data)
		}
		if _, err := ParseWeights(v, []byte(text)); err == nil {
			t.Errorf("%s: accepted", what)
		}
	}
}

// TestCornerSeals checks the seal counts on positions set up by hand,
// the shapes of the attackers' classic corner guards among them.
func TestCornerSeals(t *testing.T) {
	v, _ := tafl.Preset("copenhagen", "")
	in := infoFor(v)
	cases := []struct {
		attackers []string
		king      string
		want      [3]int32 // corners sealed, one short, two short
	}{
		{nil, "f6", [3]int32{}},
		{[]string{"a3", "b2", "c1"}, "f6", [3]int32{1, 0, 0}},
		{[]string{"a4", "b3", "c2", "d1"}, "f6", [3]int32{1, 0, 0}},
		{[]string{"a3", "b2"}, "f6", [3]int32{0, 1, 0}},
		{[]string{"a2", "b1"}, "f6", [3]int32{}}, // weak: both can be captured against the corner
		{[]string{"a2", "b1", "c1"}, "f6", [3]int32{0, 0, 1}},
		{[]string{"a4", "b3", "c2", "d1"}, "b2", [3]int32{}},        // the king is inside the pocket
		{[]string{"a4", "b3", "c2", "d1"}, "d4", [3]int32{1, 0, 0}}, // he is outside it
		{[]string{"k4", "j3", "i2", "h1"}, "b2", [3]int32{1, 0, 0}}, // he is inside another corner's pocket
		{[]string{"k4", "j3", "i2", "h1", "a4", "b3", "c2", "d1"}, "j2", [3]int32{1, 0, 0}},
		{[]string{"k9", "j10", "i11", "a3", "b2"}, "f6", [3]int32{1, 1, 0}},
		{[]string{"a5", "b4", "c3", "d2", "e1"}, "f6", [3]int32{1, 0, 0}}, // a wider diagonal
		{[]string{"a5", "b4", "c3", "e1"}, "f6", [3]int32{0, 1, 0}},
	}
	for _, c := range cases {
		b := in.empty
		for _, a := range c.attackers {
			sq, err := tafl.ParseSquare(a)
			if err != nil {
				t.Fatal(err)
			}
			b[sq] = tafl.Attacker
		}
		k, _ := tafl.ParseSquare(c.king)
		b[k] = tafl.King
		ps := in.pieceSumsOf(&b)
		if got, _ := in.sealCounts(&ps.seal, k); got != c.want {
			t.Errorf("attackers %v, king %s: %v, want %v", c.attackers, c.king, got, c.want)
		}
	}
}

func TestNearKing(t *testing.T) {
	v, _ := tafl.Preset("copenhagen", "")
	in := infoFor(v)
	b := in.empty
	k, _ := tafl.ParseSquare("b2")
	b[k] = tafl.King
	for _, a := range []string{"a1", "c3", "b4", "e5", "e2", "f2", "k11"} {
		sq, _ := tafl.ParseSquare(a)
		b[sq] = tafl.Attacker
	}
	// a1, c3: 1 away; b4: 2; e5, e2: 3; f2: 4; k11 far.
	ps := in.pieceSumsOf(&b)
	if got := in.nearKing(&ps, k); got != [3]int32{2, 1, 2} {
		t.Errorf("near b2: %v, want [2 1 2]", got)
	}
}

// TestHuntTermsNeedFewDefenders checks that the hunt terms (near,
// kingReach) count only when at most huntDefenders defenders are left:
// the same attackers and king, with five defenders and with four, the
// features counted by hand and the evaluation their weighted sum.
func TestHuntTermsNeedFewDefenders(t *testing.T) {
	v, _ := tafl.Preset("copenhagen", "")
	def, _ := DefaultWeights(v)
	names := FeatureNames(v)
	x := def.Vector()
	at := map[string]int{}
	for i, n := range names {
		at[n] = i
	}
	x[at["near.1"]], x[at["near.2"]], x[at["near.3"]], x[at["kingReach"]] = 3, 2, 1, -1
	w, err := def.WithVector(x)
	if err != nil {
		t.Fatal(err)
	}
	in, err := infoFor(v).withWeights(w)
	if err != nil {
		t.Fatal(err)
	}
	// King e6; attackers d7 (1 away), g6 (2), h3 (3), and far ones (c11,
	// i11, a3, k9); defenders b9 j2 i8 b5, in the first record j6, in the
	// third only b9 and b5, in the last none.
	for _, c := range []struct {
		rec       string
		defenders int // besides the king
		scale     float64
	}{
		{"/11/9T1/t6t3/11/1T9/4K1t2T1/3t7/8T2/1T8t/11/2t5t2/", 5, 0},
		{"/11/9T1/t6t3/11/1T9/4K1t4/3t7/8T2/1T8t/11/2t5t2/", 4, 1},
		{"/11/11/t6t3/11/1T9/4K1t4/3t7/11/1T8t/11/2t5t2/", 2, 3},
		{"/11/11/t6t3/11/11/4K1t4/3t7/11/10t/11/2t5t2/", 0, 5},
	} {
		p, err := v.ParsePosition(c.rec, tafl.Attackers)
		if err != nil {
			t.Fatal(err)
		}
		if n := p.Count(tafl.Defenders) - 1; n != c.defenders {
			t.Fatalf("%s: %d defenders, want %d", c.rec, n, c.defenders)
		}
		f, _ := Features(p)
		near := [3]float64{f[at["near.1"]], f[at["near.2"]], f[at["near.3"]]}
		reach := f[at["kingReach"]]
		if m := c.scale; near != [3]float64{m, m, m} {
			t.Errorf("%d defenders: near %v, want %v times [1 1 1] (d7, g6, h3)", c.defenders, near, m)
		}
		if want := c.scale * float64(plainReach(p)); reach != want {
			t.Errorf("%d defenders: kingReach %v, want %v", c.defenders, reach, want)
		}
		want := -float64(in.balance)
		for i, wi := range w.Vector() {
			want += wi * f[i]
		}
		b := in.boardOf(p)
		ps := in.pieceSumsOf(&b)
		if got := in.evaluateWith(&b, p.ToMove(), p.King(), &ps); float64(got) != want {
			t.Errorf("%d defenders: evaluation %d, Σ weight·feature %v", c.defenders, got, want)
		}
	}
}

// TestTheHuntBeginsWithACapture: with the built-in weights, taking the
// fifth defender (j6 in the records above) raises the attackers' value
// even though it starts the hunt, whose terms cost them with a king who
// roams free (his reach is some 60 squares here). Counted in full at
// once, as before huntScale, they cost more than the defender is worth,
// and the attackers spared the fifth defender.
func TestTheHuntBeginsWithACapture(t *testing.T) {
	v, _ := tafl.Preset("copenhagen", "")
	in := infoFor(v)
	value := func(rec string) int32 {
		p, err := v.ParsePosition(rec, tafl.Attackers)
		if err != nil {
			t.Fatal(err)
		}
		b := in.boardOf(p)
		ps := in.pieceSumsOf(&b)
		return in.evaluateWith(&b, tafl.Attackers, p.King(), &ps)
	}
	five := value("/11/9T1/t6t3/11/1T9/4K1t2T1/3t7/8T2/1T8t/11/2t5t2/")
	four := value("/11/9T1/t6t3/11/1T9/4K1t4/3t7/8T2/1T8t/11/2t5t2/")
	if four <= five {
		t.Errorf("after taking the fifth defender the attackers' value is %d, before %d: the hunt outweighs the capture", four, five)
	}
	for n, want := range []int32{5, 4, 3, 2, 1, 0, 0, 0} {
		if got := huntScale(int32(n)); got != want {
			t.Errorf("huntScale(%d) = %d, want %d", n, got, want)
		}
	}
}

// floodCordon is the cordon test written plainly over a position: the
// squares the king reaches through squares without attackers.
func floodCordon(p tafl.Position) (shut bool, room, outside int) {
	n := p.Size()
	k := p.King()
	seen := map[tafl.Square]bool{k: true}
	queue := []tafl.Square{k}
	inside := 0
	for len(queue) > 0 {
		sq := queue[0]
		queue = queue[1:]
		f, r := sq.File(), sq.Rank()
		if f == 0 || r == 0 || f == n-1 || r == n-1 {
			return false, 0, 0
		}
		if p.At(sq) == tafl.Defender {
			inside++
		}
		for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
			q := tafl.At(f+d[0], r+d[1])
			if !seen[q] && p.At(q) != tafl.Attacker {
				seen[q] = true
				queue = append(queue, q)
			}
		}
	}
	return true, len(seen), p.Count(tafl.Defenders) - 1 - inside
}

func TestCordonMatchesAFlood(t *testing.T) {
	v, _ := tafl.Preset("copenhagen", "")
	in := infoFor(v)
	// A ring around the king on e4 (c4, d3/d5, e2/e6, f3/f5, g4 and the
	// diagonals between) with a defender inside and two outside.
	ringed, err := v.ParsePosition("/11/4t6/3t1t5/2tTK1t4/3t1t5/4t6/11/T10/T10/11/11/", tafl.Attackers)
	if err != nil {
		t.Fatal(err)
	}
	positions := []tafl.Position{ringed}
	for seed := range uint64(300) {
		g := randomGame(t, "copenhagen", int(seed%200), seed)
		positions = append(positions, g.Position())
	}
	shutSeen := 0
	for i, p := range positions {
		b := in.boardOf(p)
		ps := in.pieceSumsOf(&b)
		shut, room, out := in.cordon(&b, p.King(), &ps)
		ws, wr, wo := floodCordon(p)
		if shut != ws || int(room) != wr || int(out) != wo {
			t.Errorf("position %d %s: cordon %v %d %d, flood %v %d %d", i, p.Record(), shut, room, out, ws, wr, wo)
		}
		if shut {
			shutSeen++
		}
	}
	if shutSeen == 0 {
		t.Error("no position had the king shut in: the test saw too little")
	}
}

// plainReach counts the squares the king of p (11×11) reaches in one or
// two moves over squares without pieces.
func plainReach(p tafl.Position) int {
	slide := func(from tafl.Square) []tafl.Square {
		var out []tafl.Square
		for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
			f, r := from.File()+d[0], from.Rank()+d[1]
			for f >= 0 && r >= 0 && f < 11 && r < 11 && p.At(tafl.At(f, r)) == tafl.Empty {
				out = append(out, tafl.At(f, r))
				f, r = f+d[0], r+d[1]
			}
		}
		return out
	}
	k := p.King()
	seen := map[tafl.Square]bool{}
	for _, q := range slide(k) {
		seen[q] = true
		for _, q2 := range slide(q) {
			if q2 != k {
				seen[q2] = true
			}
		}
	}
	return len(seen)
}

// TestKingReach compares kingReach with a plain count over the position:
// the squares the king reaches in one or two moves over squares without
// pieces.
func TestKingReach(t *testing.T) {
	v, _ := tafl.Preset("copenhagen", "")
	in := infoFor(v)
	for seed := range uint64(100) {
		g := randomGame(t, "copenhagen", int(seed%150), seed)
		p := g.Position()
		k := p.King()
		seen := plainReach(p)
		b := in.boardOf(p)
		ps := in.pieceSumsOf(&b)
		if got := in.kingReach(&ps, k); int(got) != seen {
			t.Errorf("%s: kingReach %d, counted %d", p.Record(), got, seen)
		}
	}
}

func TestOpenCornerNearness(t *testing.T) {
	v, _ := tafl.Preset("copenhagen", "")
	in := infoFor(v)
	b := in.empty
	k, _ := tafl.ParseSquare("d4")
	b[k] = tafl.King
	ps := in.pieceSumsOf(&b)
	// a1 is open (three attackers short) and 6 steps away: 8 - 6.
	if _, open := in.sealCounts(&ps.seal, k); open != [3]int32{0, 0, 2} {
		t.Errorf("open corners %v, want [0 0 2]", open)
	}
	// With a3 and b2 held, a1 is one short: the nearness moves there.
	for _, a := range []string{"a3", "b2"} {
		sq, _ := tafl.ParseSquare(a)
		b[sq] = tafl.Attacker
	}
	ps = in.pieceSumsOf(&b)
	if _, open := in.sealCounts(&ps.seal, k); open != [3]int32{2, 0, 0} {
		t.Errorf("open corners %v, want [2 0 0]", open)
	}
	// The king on c3 reaches c1 and b1 past them: a1 is open to him.
	b[k] = tafl.Empty
	c3, _ := tafl.ParseSquare("c3")
	b[c3] = tafl.King
	ps = in.pieceSumsOf(&b)
	if _, open := in.sealCounts(&ps.seal, c3); open != [3]int32{0, 0, 4} {
		t.Errorf("king on c3: open corners %v, want [0 0 4]", open)
	}
	b[c3] = tafl.Empty
	b[k] = tafl.King
	// Sealed (c1 too): nothing.
	sq, _ := tafl.ParseSquare("c1")
	b[sq] = tafl.Attacker
	ps = in.pieceSumsOf(&b)
	if n, open := in.sealCounts(&ps.seal, k); open != [3]int32{} || n[0] != 1 {
		t.Errorf("sealed a1: counts %v, open corners %v", n, open)
	}
}

// detourByHand is the king's detour to the edge counted square by square
// on p with a breadth-first search of its own (not the bit sets'): the
// length of the shortest orthogonal path from the king to an edge square
// through squares without attackers, less his straight distance to the
// nearest edge; 0 when no path exists.
func detourByHand(p tafl.Position) int {
	n := p.Variant().Size()
	k := p.King()
	dist := map[tafl.Square]int{k: 0}
	queue := []tafl.Square{k}
	for len(queue) > 0 {
		sq := queue[0]
		queue = queue[1:]
		f, r := sq.File(), sq.Rank()
		if f == 0 || r == 0 || f == n-1 || r == n-1 {
			return dist[sq] - min(k.File(), k.Rank(), n-1-k.File(), n-1-k.Rank())
		}
		for _, d := range [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
			q := tafl.At(f+d[0], r+d[1])
			if _, seen := dist[q]; !seen && p.At(q) != tafl.Attacker {
				dist[q] = dist[sq] + 1
				queue = append(queue, q)
			}
		}
	}
	return 0
}

// TestKingDetour checks the kingDetour feature against detourByHand on
// random copenhagen and fetlar positions, and on two built by hand: the
// king on f2 behind e1 f1 g1 must go round (f2 e2 d2 d1: 3 steps for a
// straight distance of 1), and a king shut in has none.
func TestKingDetour(t *testing.T) {
	feature := func(p tafl.Position) float64 {
		x, err := Features(p)
		if err != nil {
			t.Fatal(err)
		}
		for i, n := range FeatureNames(p.Variant()) {
			if n == "kingDetour" {
				return x[i]
			}
		}
		t.Fatal("no kingDetour feature")
		return 0
	}
	nonzero := 0
	for _, name := range []string{"copenhagen", "fetlar"} {
		for seed := range uint64(80) {
			g := randomGame(t, name, 20+int(seed*7%180), seed)
			p := g.Position()
			if g.Outcome().Over() || p.King() == tafl.NoSquare {
				continue
			}
			want := detourByHand(p)
			if got := feature(p); got != float64(want) {
				t.Errorf("%s seed %d: kingDetour %v, by hand %d\n%s", name, seed, got, want, p.Diagram())
			}
			if want != 0 {
				nonzero++
			}
		}
	}
	if nonzero == 0 {
		t.Error("no random position had a detour: the check proved nothing")
	}
	v, _ := tafl.Preset("copenhagen", "")
	for _, c := range []struct {
		record string
		want   float64
	}{
		{"/11/11/11/11/11/11/11/5t5/11/5K5/4ttt4/", 2},
		{"/11/11/5t5/4tKt4/5t5/11/11/11/1T9/11/11/", 0},
		{"/11/11/11/11/11/5K5/11/11/11/11/4ttt4/", 0},
	} {
		p, err := v.ParsePosition(c.record, tafl.Attackers)
		if err != nil {
			t.Fatal(err)
		}
		if got := feature(p); got != c.want || float64(detourByHand(p)) != c.want {
			t.Errorf("%s: kingDetour %v, by hand %d, want %v", c.record, got, detourByHand(p), c.want)
		}
	}
}

// TestSealsGiveWayToTheHunt: with one defender left, an attacker who
// leaves his corner's seal to stand beside the king raises the attackers'
// value (their own weights, which value the seals most); counted in full
// (as with five defenders) the seal would keep him in the corner, and
// the king would walk about among four hunters until the move cap, as in
// games against ftzm's engine on 2026-11-26.
func TestSealsGiveWayToTheHunt(t *testing.T) {
	v, _ := tafl.Preset("copenhagen", "")
	in := infoFor(v).att
	if in == nil {
		t.Fatal("copenhagen has no attackers' weights")
	}
	value := func(rec string) (total, seals int32) {
		p, err := v.ParsePosition(rec, tafl.Attackers)
		if err != nil {
			t.Fatal(err)
		}
		b := in.boardOf(p)
		ps := in.pieceSumsOf(&b)
		return in.evaluateWith(&b, tafl.Attackers, p.King(), &ps), in.sealScore(&ps.seal, p.King())
	}
	// Four corners sealed (a3 b2 c1 and their mirrors), hunters on f3;
	// the king on f6, his last man on d8. Then c1 stands on f5 instead.
	sealed, sa := value("/2t5t2/1t7t1/t4t4t/11/11/5K5/11/3T7/t9t/1t7t1/2t5t2/")
	hunting, sb := value("/8t2/1t7t1/t4t4t/11/5t5/5K5/11/3T7/t9t/1t7t1/2t5t2/")
	if hunting <= sealed {
		t.Errorf("one defender left: the attackers' value is %d with the seal kept, %d with its man beside the king", sealed, hunting)
	}
	if full := hunting - sealed + (huntDefenders+1-sealScale(1))*(sb-sa); full >= 0 {
		t.Errorf("with the seals counted in full the hunter would still be worth %d: the positions do not test the scale", full)
	}
	// All four corners sealed: taking the fifth of five defenders (f9,
	// beside the attacker on f10) must raise the attackers' value. Had
	// the faded counts been dropped rather than counted as sealed, the
	// capture would cost them a fifth of four seals.
	five, _ := value("/2t5t2/1t7t1/t4t4t/3T3T3/11/5K5/11/3T3T3/t4T4t/1t3t3t1/2t5t2/")
	four, _ := value("/2t5t2/1t7t1/t4t4t/3T3T3/11/5K5/11/3T3T3/t9t/1t3t3t1/2t5t2/")
	if four <= five {
		t.Errorf("all corners sealed: %d after taking the fifth defender, %d before", four, five)
	}
	if dropped := four - 4*in.w.seal[0] - in.shrinkFaded(sealScale(4)); dropped >= five {
		t.Errorf("with the faded counts dropped the capture would still pay (%d, before %d): the positions do not test it", dropped, five)
	}
	for n := int32(0); n <= 12; n++ {
		if got, want := sealScale(n), min(n, 5); got != want {
			t.Errorf("sealScale(%d) = %d, want %d", n, got, want)
		}
		if h := huntScale(n); h > 0 && sealScale(n)+h != huntDefenders+1 {
			t.Errorf("%d defenders: sealScale %d + huntScale %d, want %d", n, sealScale(n), h, huntDefenders+1)
		}
	}
}

// TestSealsWrittenOutAreSealScore: evaluateCached writes the seal terms
// out for weights without openCorner terms (the fitted ones, both
// sides') and calls sealScore otherwise; the two must agree. The same
// info made to take sealScore's way evaluates every position alike.
func TestSealsWrittenOutAreSealScore(t *testing.T) {
	v, _ := tafl.Preset("copenhagen", "")
	records := []string{
		"/2t5t2/1t7t1/t4t4t/11/11/5K5/11/3T7/t9t/1t7t1/2t5t2/",          // four seals
		"/8t2/1t7t1/t4t4t/11/5t5/5K5/11/3T7/t9t/1t7t1/2t5t2/",           // three
		"/2t5t2/1t7t1/t4t4t/11/11/11/11/3T7/t9t/Kt7t1/2t5t2/",           // the king behind a seal
		"/2t5t2/K8t1/t4t4t/11/11/11/11/3T7/t9t/1t7t1/2t5t2/",            // behind another
		"/1Kt5t2/1t7t1/t4t4t/3T3T3/11/11/11/3T3T3/t4T4t/1t3t3t1/2t5t2/", // and another
	}
	var positions []tafl.Position
	for _, rec := range records {
		p, err := v.ParsePosition(rec, tafl.Attackers)
		if err != nil {
			t.Fatalf("%s: %v", rec, err)
		}
		positions = append(positions, p)
	}
	for seed := uint64(1); seed <= 20; seed++ {
		for _, n := range []int{10, 40, 90, 160} {
			positions = append(positions, randomGame(t, "copenhagen", n, seed).Position())
		}
	}
	for _, in := range []*info{infoFor(v), infoFor(v).att} {
		if in.plan&planSeal == 0 || in.plan&planOpenCorner != 0 {
			t.Fatalf("plan %b: the written-out seal terms are not what these weights use", in.plan)
		}
		slow := *in
		slow.plan |= planOpenCorner // openCorner weights still 0: sealScore's way, same value
		for _, p := range positions {
			if p.Outcome().Over() {
				continue
			}
			b := in.boardOf(p)
			ps := in.pieceSumsOf(&b)
			fast := in.evaluateWith(&b, p.ToMove(), p.King(), &ps)
			if want := slow.evaluateWith(&b, p.ToMove(), p.King(), &ps); fast != want {
				t.Errorf("%s: %d with the seal terms written out, %d through sealScore", p, fast, want)
			}
		}
	}
}
