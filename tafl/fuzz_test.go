package tafl_test

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/taflbot/taflbot/tafl"
)

// Fuzz targets for every parser. The properties: never panic, and whatever
// parses writes back to text that parses to an equal value.

func FuzzParsePosition(f *testing.F) {
	for _, p := range tafl.Presets() {
		for _, l := range p.Layouts {
			v, _ := tafl.Preset(p.Name, l)
			f.Add(v.Start().Record())
		}
	}
	f.Add("/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3")
	f.Add("/7/7/7/3K3/7/7/7/")
	f.Add("/99/9/")
	f.Fuzz(func(t *testing.T, rec string) {
		size, pieces, err := tafl.ParseRecord(rec)
		if err != nil {
			return
		}
		v := variantOfSize(size)
		if v == nil {
			t.Fatalf("ParseRecord accepted size %d", size)
		}
		p, err := v.ParsePosition(rec, tafl.Attackers)
		if err != nil {
			return // syntax fine, but not a position of this variant (kings, corners)
		}
		out := p.Record()
		_, pieces2, err := tafl.ParseRecord(out)
		if err != nil || !reflect.DeepEqual(pieces, pieces2) {
			t.Fatalf("record %q wrote %q: %v", rec, out, err)
		}
		q, err := v.ParsePosition(out, tafl.Attackers)
		if err != nil || q.Hash() != p.Hash() || q.Record() != out {
			t.Fatalf("re-parse of %q: %v", out, err)
		}
	})
}

// variantOfSize returns a custom variant with plain rules for a board size.
func variantOfSize(size int) *tafl.Variant {
	if size < tafl.MinSize || size > tafl.MaxSize {
		return nil
	}
	if size%2 == 0 {
		size-- // ParseRecord reads even sizes; the fuzz property only needs a board that fits
	}
	r, err := tafl.ParseRules("dim:" + itoa(size) + " esc:e cor: cen: start:/" + repeat(itoa(size)+"/", size/2) + itoa(size/2) + "K" + itoa(size/2) + "/" + repeat(itoa(size)+"/", size/2))
	if err != nil {
		panic(err)
	}
	v, err := tafl.NewVariant(r)
	if err != nil {
		panic(err)
	}
	return v
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return string(rune('0'+n/10)) + string(rune('0'+n%10))
}

func repeat(s string, n int) string {
	out := ""
	for i := 0; i < n; i++ {
		out += s
	}
	return out
}

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"d1-d4", "Ke6-e7", "d9-d3xd2/c3", "Kf2-f1--", "a4-a5+", "s19-a19x", "k11-k10xk9++"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		mt, err := tafl.ParseMove(s)
		if err != nil {
			return
		}
		back, err := tafl.ParseMove(mt.Move.String())
		if err != nil || back.Move != mt.Move {
			t.Fatalf("%q parsed to %v, which re-parses to %v (%v)", s, mt.Move, back.Move, err)
		}
	})
}

func FuzzParseRules(f *testing.F) {
	for _, p := range tafl.Presets() {
		for _, l := range p.Layouts {
			v, _ := tafl.Preset(p.Name, l)
			f.Add(v.RulesString())
		}
	}
	f.Add("dim:7 name:Brandub atkf:y tfr:d ks:w cenh: cenhe: nj:n cj:n start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/")
	f.Add("dim:9 starti:/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/")
	f.Fuzz(func(t *testing.T, s string) {
		r, err := tafl.ParseRules(s)
		if err != nil {
			return
		}
		out := r.String()
		back, err := tafl.ParseRules(out)
		if err != nil {
			t.Fatalf("%q wrote %q, which does not parse: %v", s, out, err)
		}
		if !reflect.DeepEqual(back, r) {
			t.Fatalf("rules changed:\n%+v\n%+v", r, back)
		}
		if v, err := tafl.NewVariant(r); err == nil {
			tafl.Perft(v.Start(), 1) // must not panic
		}
	})
}

func FuzzDecodeGame(f *testing.F) {
	rng := rand.New(rand.NewPCG(7, 7))
	for _, name := range []string{"brandubh", "tablut", "copenhagen"} {
		v, _ := tafl.Preset(name, "")
		f.Add(tafl.EncodeGame(randomGame(v, rng, 30), nil))
	}
	f.Add("[result:?]\n1. d1-d3 e5-e2\n")
	f.Fuzz(func(t *testing.T, text string) {
		g, tags, err := tafl.DecodeGame(text)
		if err != nil {
			return
		}
		out := tafl.EncodeGame(g, tags)
		g2, tags2, err := tafl.DecodeGame(out)
		if err != nil {
			t.Fatalf("%q encoded to %q, which does not decode: %v", text, out, err)
		}
		if again := tafl.EncodeGame(g2, tags2); again != out {
			t.Fatalf("not stable:\n%s\n---\n%s", out, again)
		}
	})
}
