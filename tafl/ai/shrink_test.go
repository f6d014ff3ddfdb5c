package ai

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/taflbot/taflbot/tafl"
)

// shrinkInfo returns copenhagen's attackers' evaluation, which has the
// shrinking cordon, and a function giving a position's pieces.
func shrinkInfo(t *testing.T) (*info, func(rec string) (*pieceSums, tafl.Square)) {
	t.Helper()
	v, _ := tafl.Preset("copenhagen", "")
	in := infoFor(v).att
	if in == nil || in.plan&planShrink == 0 {
		t.Fatal("copenhagen's attackers' weights have no shrinking cordon")
	}
	return in, func(rec string) (*pieceSums, tafl.Square) {
		t.Helper()
		p, err := v.ParsePosition(rec, tafl.Attackers)
		if err != nil {
			t.Fatal(err)
		}
		b := in.boardOf(p)
		ps := in.pieceSumsOf(&b)
		return &ps, p.King()
	}
}

// shrinkReference is shrinkScore computed plainly: the defenders'
// region flooded square by square (shrinkRegion, by grow), each corner
// whose two neighbours lie outside it and whose triangle does not seal
// it counted as sealed, and with every corner shut off the squares
// outside the region weighed.
func shrinkReference(in *info, ps *pieceSums, k tafl.Square, sc int32) int32 {
	_, shut, r, need := in.shrinkCounts(ps, k)
	w, t := in.w, in.bits
	var v int32
	for c := range need {
		if need[c] != 0 && r.and(in.cornerNext(c)).empty() && w.shrinkSeal {
			v += sealScale(ps.ndef) * (w.seal[0] - in.sealW[need[c]&3])
		}
	}
	if shut == len(need) {
		edge := t.edge.andNot(t.spec)
		ring := w.shrinkEdge*(edge.count()-r.and(edge).count()) + w.shrinkRoom*(t.all.count()-r.count())
		v += shrinkFade(sc) * ring / huntDefenders
	}
	return v
}

// TestShrinkingCordonShutsACorner: a diagonal line of attackers a6 b5 c4
// d3 e2 f1, beyond the a1 corner's triangle (no seal), shuts the
// defenders off that corner, and the three other corners are sealed by
// their triangles: the corner counts as sealed and the squares behind the
// line as the defenders' lost room. A gap in the line (c4 moved to c5)
// gives all of it back, and attackers then put on the corner's own
// neighbours (a2, b1), where one defender takes them against the corner,
// shut nothing. (A position record begins with rank 1.)
func TestShrinkingCordonShutsACorner(t *testing.T) {
	in, pieces := shrinkInfo(t)
	const sc = 5
	line := "/5t2t2/4t4t1/3t6t/2t8/1t3T5/t4K5/5T5/11/t9t/1t7t1/2t5t2/"
	ps, k := pieces(line)
	tri, shut, r, need := in.shrinkCounts(ps, k)
	if tri != 3 || shut != 4 || cornerOf(in, tafl.At(0, 1)) < 0 || need[cornerOf(in, tafl.At(0, 1))] == 0 {
		t.Fatalf("the line: %d corners sealed by triangles, %d shut off, needs %v; want 3, 4 and a1 not sealed by its triangle", tri, shut, need)
	}
	got := in.shrinkScore(ps, k, sc)
	// Outside the defenders' region: the 15 squares behind the line (the
	// corner's triangle, x+y ≤ 4, the corner too), the 15 attackers'
	// squares and the three sealed corners with their two neighbours.
	if lost := in.bits.all.count() - r.count(); lost != 15+15+3*3 {
		t.Errorf("the defenders' region leaves out %d squares, want 39 (the pocket, the attackers, the three triangles' pockets)", lost)
	}
	if got <= 0 || got != shrinkReference(in, ps, k, sc) {
		t.Errorf("the line: shrinkScore %d, plain reference %d; want the same, above 0", got, shrinkReference(in, ps, k, sc))
	}
	gap := "/5t2t2/4t4t1/3t6t/11/1tt2T5/t4K5/5T5/11/t9t/1t7t1/2t5t2/"
	if ps, k := pieces(gap); in.shrinkScore(ps, k, sc) != 0 {
		t.Errorf("a gap in the line: shrinkScore %d, want 0", in.shrinkScore(ps, k, sc))
	}
	weak := "/1t3t2t2/t3t4t1/3t6t/11/1tt2T5/t4K5/5T5/11/t9t/1t7t1/2t5t2/"
	if ps, k := pieces(weak); in.shrinkScore(ps, k, sc) != 0 {
		t.Errorf("the gap, and attackers beside the corner: shrinkScore %d, want 0 (they shut nothing)", in.shrinkScore(ps, k, sc))
	}
}

// cornerOf returns the index in in.seals of the corner beside square
// next.
func cornerOf(in *info, next tafl.Square) int {
	for c := range in.seals {
		if in.seals[c][0] == next || in.seals[c][1] == next {
			return c
		}
	}
	return -1
}

// TestShrinkScoreMatchesThePlainFlood: shrinkScore floods the region on
// the two words at once and stops early; on positions of random games
// (many with captures, where the gate opens) it gives what the plain
// flood gives.
func TestShrinkScoreMatchesThePlainFlood(t *testing.T) {
	in, _ := shrinkInfo(t)
	checked, shutOff := 0, 0
	for seed := uint64(1); seed <= 40; seed++ {
		g := randomGame(t, "copenhagen", 400, seed)
		replay := tafl.NewGame(g.Variant())
		for _, ply := range g.Plies() {
			if _, err := replay.Play(ply.Move); err != nil {
				t.Fatal(err)
			}
			p := replay.Position()
			b := in.boardOf(p)
			ps := in.pieceSumsOf(&b)
			for _, sc := range []int32{1, 3, 5} {
				got, want := in.shrinkScore(&ps, p.King(), sc), shrinkReference(in, &ps, p.King(), sc)
				if got != want {
					t.Fatalf("seed %d, ply %d, scale %d: shrinkScore %d, plain flood %d", seed, replay.Len(), sc, got, want)
				}
				if got != 0 {
					shutOff++
				}
			}
			checked++
		}
	}
	if shutOff == 0 {
		t.Errorf("%d positions checked, none with a corner shut off or all sealed: the test tests nothing", checked)
	}
	t.Logf("%d positions, %d scores not 0", checked, shutOff)
}

// TestAttackerFeaturesGiveTheEvaluation: the attackers' own evaluation,
// with their built-in weights and with other seals and cordon weights,
// is Σ weight·AttackerFeatures less the balance, to within one in each of
// the cordon's two divisions, on every position of random games (many
// with captures, where the cordon's gate opens and corners are shut off
// by lines).
func TestAttackerFeaturesGiveTheEvaluation(t *testing.T) {
	v, _ := tafl.Preset("copenhagen", "")
	def, err := DefaultAttackerWeights(v)
	if err != nil {
		t.Fatal(err)
	}
	names := ParamNames(v)
	idx := map[string]int{}
	for i, n := range names {
		idx[n] = i
	}
	checked, cordon := 0, 0
	for seed := uint64(1); seed <= 24; seed++ {
		w := def
		if seed%2 == 0 {
			// Other seals and cordon weights, the rest as built in.
			x := def.Params()
			r := rand.New(rand.NewPCG(seed, 11))
			for _, n := range []string{"seal.0", "seal.1", "seal.2", "shrinkEdge", "shrinkRoom"} {
				x[idx[n]] = float64(r.IntN(150))
			}
			if w, err = def.WithParams(x); err != nil {
				t.Fatal(err)
			}
		}
		in, err := infoFor(v).withWeights(w)
		if err != nil {
			t.Fatal(err)
		}
		if in.plan&planShrink == 0 {
			t.Fatal("the attackers' weights evaluate without the shrinking cordon")
		}
		g := randomGame(t, "copenhagen", 400, seed)
		replay := tafl.NewGame(v)
		for _, ply := range g.Plies() {
			if _, err := replay.Play(ply.Move); err != nil {
				t.Fatal(err)
			}
			p := replay.Position()
			if p.Outcome().Over() {
				break
			}
			x, err := AttackerFeatures(p)
			if err != nil {
				t.Fatal(err)
			}
			if len(x) != len(names) {
				t.Fatalf("%d features, %d names", len(x), len(names))
			}
			want := -float64(in.balance)
			for i, wi := range w.Params() {
				want += wi * x[i]
			}
			if p.ToMove() == tafl.Defenders {
				want = -want
			}
			b := in.boardOf(p)
			ps := in.pieceSumsOf(&b)
			got := float64(in.evaluateWith(&b, p.ToMove(), p.King(), &ps))
			if math.Abs(got-want) > 2 {
				t.Fatalf("seed %d, ply %d: evaluation %v, Σ weight·feature %v", seed, replay.Len(), got, want)
			}
			// The features beyond the faded counts: a corner shut off
			// by a line, or the ring with every corner shut off.
			base, _ := Features(p)
			for _, n := range []string{"seal.0", "seal.1", "seal.2"} {
				if x[idx[n]] != base[idx[n]] {
					cordon++
					break
				}
			}
			checked++
		}
	}
	if cordon == 0 {
		t.Errorf("%d positions checked, none with a corner shut off by a line: the test tests nothing", checked)
	}
	t.Logf("%d positions, %d with a corner shut off by a line", checked, cordon)
}
