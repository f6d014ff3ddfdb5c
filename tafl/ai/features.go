package ai

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/taflbot/taflbot/tafl"
)

// The fitted families. Their evaluation is linear in counts taken from the
// position (its features): the attackers' value is Σ weight·count minus
// the balance, every weight an integer in hundredths of an attacker. So
// the weights can be fitted to game results (`tafl tune`) and loaded at
// run time (Limits.Weights) without touching the search.

// param is one weight of a fitted family, by name.
type param struct {
	name string
	p    *int32
}

// params lists the weights of a fitted family on an n×n board, in the
// order of its features.
func (w *weights) params(n int) []param {
	ps := []param{
		{"attacker", &w.attacker}, {"defender", &w.defender},
		{"kingFree", &w.kingFree}, {"openLine", &w.openLine}, {"route", &w.route}, {"routeSq", &w.routeSq},
		{"chain", &w.chain}, {"kingAdjSq", &w.kingAdjSq},
		{"hangDA", &w.hangDA}, {"hangAA", &w.hangAA}, {"hangDD", &w.hangDD}, {"hangAD", &w.hangAD},
	}
	for k := range w.seal {
		ps = append(ps, param{"seal." + strconv.Itoa(k), &w.seal[k]})
	}
	ps = append(ps, param{"kingShut", &w.kingShut}, param{"kingRoom", &w.kingRoom}, param{"outsideDef", &w.outsideDef})
	for d := range w.near {
		ps = append(ps, param{"near." + strconv.Itoa(d+1), &w.near[d]})
	}
	ps = append(ps, param{"kingReach", &w.kingReach}, param{"kingDetour", &w.kingDetour})
	for d := range w.openCorner {
		ps = append(ps, param{"openCorner." + strconv.Itoa(d+1), &w.openCorner[d]})
	}
	nc := classCount(n)
	for _, t := range []struct {
		name string
		a    *[classes]int32
	}{{"pstA", &w.pstA}, {"pstD", &w.pstD}, {"pstK", &w.pstK}} {
		for c := range nc {
			ps = append(ps, param{t.name + "." + strconv.Itoa(c), &t.a[c]})
		}
	}
	return ps
}

// classCount is the number of symmetry classes of squares on an n×n board.
func classCount(n int) int {
	h := n / 2
	return (h + 1) * (h + 2) / 2
}

// fitted reports whether in's evaluation is a fitted family.
func (in *info) fitted() bool { return in.seals != nil }

// features returns the counts of board b (side toMove, king on k) in the
// order of params: the value of the position for the attackers is the
// sum of weight times count, less the balance.
func (in *info) features(b *board, toMove tafl.Side, k tafl.Square) []int32 {
	nc := classCount(in.size)
	x := make([]int32, 0, 20+3*nc)
	ps := in.pieceSumsOf(b)
	var kt kingTerms
	if k != tafl.NoSquare {
		kt = in.kingTerms(b, k)
	}
	atm := toMove == tafl.Attackers
	pick := func(cond bool, v int32) int32 {
		if cond {
			return v
		}
		return 0
	}
	x = append(x, ps.natt, -ps.ndef,
		-kt.free, pick(atm, -kt.lines), -kt.routes, -kt.routeSq,
		ps.chain, kt.adj*kt.adj,
		pick(atm, ps.hangD), pick(atm, ps.hangA), pick(!atm, ps.hangD), pick(!atm, ps.hangA))
	seals, open := in.sealCounts(&ps.seal, k)
	sc := sealScale(ps.ndef)
	for i := range seals {
		seals[i] *= sc
		open[i] *= sc
	}
	seals[0] += in.fadedSeals(sc)
	x = append(x, seals[:]...)
	if shut, room, out := in.cordon(b, k, &ps); shut {
		x = append(x, 1, room, out)
	} else {
		x = append(x, 0, 0, 0)
	}
	var near [3]int32
	reach, detour := int32(0), int32(0)
	if k != tafl.NoSquare {
		if m := huntScale(ps.ndef); m > 0 {
			near = in.nearKing(&ps, k)
			for i := range near {
				near[i] *= m
			}
			reach = m * in.kingReach(&ps, k)
		}
		detour = in.kingDetour(&ps, k)
	}
	x = append(x, near[:]...)
	x = append(x, reach, detour)
	x = append(x, open[:]...)
	pst := make([]int32, 3*nc)
	for _, sq := range in.squares {
		c := classOf(sq, in.size)
		switch b[sq] {
		case tafl.Attacker:
			pst[c]++
		case tafl.Defender:
			pst[nc+c]++
		case tafl.King:
			pst[2*nc+c]++
		}
	}
	return append(x, pst...)
}

// Weights are the evaluation's weights for the variants of one fitted
// family (see Tunable), such as `tafl tune` writes.
type Weights struct {
	size int // the board size of the family
	w    weights
}

// Tunable reports whether v's evaluation is one of the fitted families,
// whose weights Features, DefaultWeights and Limits.Weights work with:
// today the corner-escape variants on 11×11 boards with a strong king
// (copenhagen, fetlar, cyning-taefl).
func Tunable(v *tafl.Variant) bool { return infoFor(v).fitted() }

var errNotTunable = errors.New("ai: this variant's evaluation has no weights to set: weights are fitted only for the corner-escape variants on 11×11 boards with a strong king (copenhagen, fetlar, cyning-taefl)")

// FeatureNames returns the names of the features of v's evaluation, in
// the order Features returns them (nil when v is not Tunable).
func FeatureNames(v *tafl.Variant) []string {
	in := infoFor(v)
	if !in.fitted() {
		return nil
	}
	var w weights
	var names []string
	for _, p := range w.params(in.size) {
		names = append(names, p.name)
	}
	return names
}

// Features returns the features of position p: its value for the
// attackers is Σ weight·feature (DefaultWeights().Vector()) less
// Balance. p must not be a finished position.
func Features(p tafl.Position) ([]float64, error) {
	in := infoFor(p.Variant())
	if !in.fitted() {
		return nil, errNotTunable
	}
	b := in.boardOf(p)
	x := in.features(&b, p.ToMove(), p.King())
	out := make([]float64, len(x))
	for i, v := range x {
		out[i] = float64(v)
	}
	return out, nil
}

// AttackerFeatures returns the features of position p for the
// attackers' own evaluation (DefaultAttackerWeights), in the order of
// ParamNames: its value for the attackers is Σ weight·feature
// (DefaultAttackerWeights().Params()) less Balance, to within one in
// each of the cordon's two divisions by huntDefenders. They are Features
// with a corner the defenders cannot reach counted as sealed (the seal
// counts it as seal.0 and no longer by the attackers it needs), then the
// squares of the edge and of the board the defenders cannot reach, faded
// with the hunt (shrinkScore and shrinkFaded, behind the cordon's gate).
// So `tafl tune -attackers` fits the attackers' seals and cordon to game
// results. p must not be a finished position.
func AttackerFeatures(p tafl.Position) ([]float64, error) {
	in := infoFor(p.Variant())
	if !in.fitted() || in.att == nil || in.att.plan&planShrink == 0 {
		return nil, errNotTunable
	}
	a := in.att
	x, err := Features(p)
	if err != nil {
		return nil, err
	}
	var w weights
	names := w.allParams(in.size)
	x = append(x, make([]float64, len(names)-len(x))...)
	at := func(name string) int {
		for i, q := range names {
			if q.name == name {
				return i
			}
		}
		panic("ai: no weight " + name)
	}
	seal0, edgeAt, roomAt := at("seal.0"), at("shrinkEdge"), at("shrinkRoom")
	b := a.boardOf(p)
	ps := a.pieceSumsOf(&b)
	k := p.King()
	sc := sealScale(ps.ndef)
	t := a.bits
	edge := t.edge.andNot(t.spec)
	if ps.natt <= shrinkAttackers || shrinkTwoSealed(&ps.seal) {
		_, shut, r, need := a.shrinkCounts(&ps, k)
		for c := range need {
			if need[c] != 0 && a.w.shrinkSeal && r.and(a.cornerNext(c)).empty() {
				x[seal0] += float64(sc)
				if need[c] < 3 {
					x[seal0+need[c]] -= float64(sc)
				}
			}
		}
		if shut == len(need) {
			f := float64(shrinkFade(sc)) / huntDefenders
			x[edgeAt] += f * float64(edge.count()-r.and(edge).count())
			x[roomAt] += f * float64(t.all.count()-r.count())
		}
	}
	if sc <= huntDefenders {
		f := float64(huntDefenders-shrinkFade(sc)) / huntDefenders
		x[edgeAt] += f * float64(edge.count())
		x[roomAt] += f * float64(t.all.count()-1)
	}
	return x, nil
}

// boardOf returns position p on in's board, the search's layout.
func (in *info) boardOf(p tafl.Position) board {
	b := in.empty
	for _, sq := range in.squares {
		b[sq] = p.At(sq)
	}
	return b
}

// DefaultWeights returns the built-in weights of v's family.
func DefaultWeights(v *tafl.Variant) (*Weights, error) {
	in := infoFor(v)
	if !in.fitted() {
		return nil, errNotTunable
	}
	return &Weights{size: in.size, w: *in.w}, nil
}

// DefaultAttackerWeights returns the attackers' own built-in weights of
// v's family (Limits.AttackerWeights): DefaultWeights with the corner
// seals weighed more and the shrinking cordon (see ENGINE.md). Given as
// Limits.Weights they evaluate for both sides as they do for the
// attackers in play.
func DefaultAttackerWeights(v *tafl.Variant) (*Weights, error) {
	in := infoFor(v)
	if !in.fitted() || in.att == nil {
		return nil, errNotTunable
	}
	return &Weights{size: in.size, w: *in.att.w}, nil
}

// The shrinking cordon (shrinkScore in seal.go) is not a count of the
// shared features: it is the attackers' own term, tuned by play
// (tools/spsa) or fitted with AttackerFeatures (`tafl tune -attackers`).
// Weights carry it as three
// entries beside the features: "shrinkSeal" (0 or 1: a corner the
// defenders cannot reach counts as sealed), "shrinkEdge" and
// "shrinkRoom" (see the weights type). They are written only when one of
// them is set, and may be left out when read (all three 0).

// cordonParams are the cordon's tunable weights, after the features in
// ParamNames' order.
func (w *weights) cordonParams() []param {
	return []param{{"shrinkEdge", &w.shrinkEdge}, {"shrinkRoom", &w.shrinkRoom}}
}

// ParamNames returns the names of every weight of v's family that play
// can tune: FeatureNames, then the cordon's "shrinkEdge" and
// "shrinkRoom" (nil when v is not Tunable). Params and WithParams take
// them in this order.
func ParamNames(v *tafl.Variant) []string {
	in := infoFor(v)
	if !in.fitted() {
		return nil
	}
	var w weights
	var names []string
	for _, p := range w.allParams(in.size) {
		names = append(names, p.name)
	}
	return names
}

// allParams is params with the cordon's weights after them.
func (w *weights) allParams(n int) []param { return append(w.params(n), w.cordonParams()...) }

// Vector returns the weights in the order of FeatureNames.
func (w *Weights) Vector() []float64 { return values(w.w.params(w.size)) }

// Params returns the weights in the order of ParamNames.
func (w *Weights) Params() []float64 { return values(w.w.allParams(w.size)) }

func values(ps []param) []float64 {
	out := make([]float64, len(ps))
	for i, p := range ps {
		out[i] = float64(*p.p)
	}
	return out
}

// WithVector returns a copy of w with the weights x (in the order of
// FeatureNames), rounded to integers.
func (w *Weights) WithVector(x []float64) (*Weights, error) { return w.with(x, false) }

// WithParams returns a copy of w with the weights x (in the order of
// ParamNames), rounded to integers; "shrinkSeal" is w's.
func (w *Weights) WithParams(x []float64) (*Weights, error) { return w.with(x, true) }

func (w *Weights) with(x []float64, cordon bool) (*Weights, error) {
	c := *w
	ps := c.w.params(c.size)
	if cordon {
		ps = c.w.allParams(c.size)
	}
	if len(x) != len(ps) {
		return nil, fmt.Errorf("ai: %d weights for %d features", len(x), len(ps))
	}
	for i, p := range ps {
		if x[i] != x[i] || x[i] > 1e6 || x[i] < -1e6 {
			return nil, fmt.Errorf("ai: weight %s = %v is out of range", p.name, x[i])
		}
		*p.p = int32(roundHalfAway(x[i]))
	}
	return &c, nil
}

func roundHalfAway(x float64) float64 {
	if x < 0 {
		return -roundHalfAway(-x)
	}
	return float64(int64(x + 0.5))
}

// MarshalJSON writes the weights as one JSON object: "size" and each
// feature's weight by name, in the order of FeatureNames.
func (w *Weights) MarshalJSON() ([]byte, error) {
	var b strings.Builder
	fmt.Fprintf(&b, "{\n  \"size\": %d", w.size)
	for _, p := range w.w.params(w.size) {
		fmt.Fprintf(&b, ",\n  %q: %d", p.name, *p.p)
	}
	if w.w.shrinkSeal || w.w.shrinkEdge != 0 || w.w.shrinkRoom != 0 {
		seal := 0
		if w.w.shrinkSeal {
			seal = 1
		}
		fmt.Fprintf(&b, ",\n  \"shrinkSeal\": %d", seal)
		for _, p := range w.w.cordonParams() {
			fmt.Fprintf(&b, ",\n  %q: %d", p.name, *p.p)
		}
	}
	b.WriteString("\n}\n")
	return []byte(b.String()), nil
}

// ParseWeights reads weights written by MarshalJSON for variant v's
// family. Every weight of the family must be given, and nothing else.
func ParseWeights(v *tafl.Variant, data []byte) (*Weights, error) {
	in := infoFor(v)
	if !in.fitted() {
		return nil, errNotTunable
	}
	w, err := parseWeights(in.size, data)
	if err != nil {
		return nil, err
	}
	return &Weights{size: in.size, w: w}, nil
}

// parseWeights reads the JSON weights of the family of n×n boards.
func parseWeights(n int, data []byte) (weights, error) {
	var w weights
	var m map[string]json.Number
	d := json.NewDecoder(strings.NewReader(string(data)))
	d.UseNumber()
	if err := d.Decode(&m); err != nil {
		// "weights: EOF" said nothing of an empty file, and JSON other
		// than an object named Go's types.
		what := "not a JSON object of weights"
		var syn *json.SyntaxError
		switch {
		case strings.TrimSpace(string(data)) == "":
			what = "empty"
		case errors.As(err, &syn):
			what += " (" + err.Error() + ")"
		}
		return w, fmt.Errorf("ai: weights: the file is %s: give weights as tafl tune writes them, {\"size\": %d, …}", what, n)
	}
	if s, ok := m["size"]; !ok {
		return w, fmt.Errorf("ai: weights: no \"size\": weights as tafl tune writes them start {\"size\": %d, …}", n)
	} else if s.String() != strconv.Itoa(n) {
		return w, fmt.Errorf("ai: weights for board size %s, not %d", s, n)
	}
	set := func(p param, v json.Number) error {
		x, err := strconv.ParseInt(v.String(), 10, 32)
		if err != nil {
			return fmt.Errorf("ai: weights: %q = %s is not an integer", p.name, v)
		}
		*p.p = int32(x)
		return nil
	}
	ps := w.params(n)
	for _, p := range ps {
		v, ok := m[p.name]
		if !ok {
			return w, fmt.Errorf("ai: weights: %q is missing", p.name)
		}
		if err := set(p, v); err != nil {
			return w, err
		}
	}
	known := len(ps) + 1
	for _, p := range w.cordonParams() { // optional
		if v, ok := m[p.name]; ok {
			if err := set(p, v); err != nil {
				return w, err
			}
			known++
		}
	}
	if v, ok := m["shrinkSeal"]; ok {
		switch v.String() {
		case "0":
		case "1":
			w.shrinkSeal = true
		default:
			return w, fmt.Errorf("ai: weights: \"shrinkSeal\" = %s: give 0 or 1", v)
		}
		known++
	}
	if len(m) != known {
		for k := range m {
			if k != "size" && !slicesContainsName(w.allParams(n), k) && k != "shrinkSeal" {
				return w, fmt.Errorf("ai: weights: unknown weight %q", k)
			}
		}
	}
	return w, nil
}

func slicesContainsName(ps []param, name string) bool {
	for _, p := range ps {
		if p.name == name {
			return true
		}
	}
	return false
}
