package tafl

import (
	"fmt"
	"strconv"
	"strings"
	"sync"
)

// PresetInfo names and describes one preset variant.
type PresetInfo struct {
	Name        string   // Name is the stable name used in commands, storage and notation.
	Size        int      // Size is the board's side.
	Description string   // Description is a one-line summary.
	Layouts     []string // Layouts lists the start layouts, the first being the default (tawlbwrdd).
}

// DefaultVariant is the name of the variant used when none is given.
const DefaultVariant = "copenhagen"

// Presets lists every preset variant, in a fixed order, default first.
func Presets() []PresetInfo {
	out := make([]PresetInfo, len(presetTable))
	for i, p := range presetTable {
		out[i] = PresetInfo{Name: p.name, Size: p.size, Description: p.desc, Layouts: append([]string(nil), p.layouts...)}
	}
	return out
}

// VariantOf returns the variant a record names: the custom variant of
// an OpenTafl rules string when rules is not empty (see [ParseRules]),
// else the preset name with layout (see [Preset]).
func VariantOf(name, layout, rules string) (*Variant, error) {
	if rules == "" {
		return Preset(name, layout)
	}
	r, err := ParseRules(rules)
	if err != nil {
		return nil, err
	}
	return NewVariant(r)
}

// Preset returns the compiled preset with the given name and layout (""
// for the default layout). Unknown names and layouts wrap
// [ErrUnknownVariant] and list the names that exist.
func Preset(name, layout string) (*Variant, error) {
	all := compiledPresets()
	for _, p := range presetTable {
		if p.name != name {
			continue
		}
		if layout == "" {
			layout = p.layouts[0]
		}
		if v, ok := all[p.name+"/"+layout]; ok {
			return v, nil
		}
		if len(p.layouts) == 1 {
			return nil, &unknownLayoutError{fmt.Sprintf("tafl: unknown layout %q: %s has only the layout %s", layout, name, p.layouts[0])}
		}
		return nil, &unknownLayoutError{fmt.Sprintf("tafl: unknown layout %q of %s: choose one of %s", layout, name, strings.Join(p.layouts, ", "))}
	}
	names := make([]string, len(presetTable))
	for i, p := range presetTable {
		names[i] = p.name
	}
	return nil, fmt.Errorf("%w %q: choose one of %s", ErrUnknownVariant, name, strings.Join(names, ", "))
}

// unknownLayoutError is the error for a layout a known variant does not
// have; it wraps [ErrUnknownVariant].
type unknownLayoutError struct{ msg string }

func (e *unknownLayoutError) Error() string { return e.msg }
func (e *unknownLayoutError) Unwrap() error { return ErrUnknownVariant }

// PresetRules returns the Rules of a preset and layout, for callers that
// want to change them into a custom variant.
func PresetRules(name, layout string) (Rules, error) {
	v, err := Preset(name, layout)
	if err != nil {
		return Rules{}, err
	}
	return v.Rules(), nil
}

var compiledPresets = sync.OnceValue(func() map[string]*Variant {
	m := make(map[string]*Variant)
	for _, p := range presetTable {
		for _, layout := range p.layouts {
			r := p.rules(layout)
			r.Name = p.name
			if len(p.layouts) > 1 {
				r.Layout = layout
			}
			v, err := NewVariant(r)
			if err != nil {
				panic(fmt.Sprintf("tafl: preset %s/%s is broken: %v", p.name, layout, err))
			}
			m[p.name+"/"+layout] = v
		}
	}
	return m
})

type preset struct {
	name, desc string
	size       int
	layouts    []string
	rules      func(layout string) Rules
}

// Layouts of VARIANTS.md §3.
const (
	layoutCopenhagen = "/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/"
	layoutBrandubh   = "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/"
	layoutArdRi      = "/2ttt2/3t3/t1TTT1t/ttTKTtt/t1TTT1t/3t3/2ttt2/"
	layoutTablut     = "/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/"
	layoutLewis      = "/3ttttt3/5t5/5T5/t4T4t/t4T4t/ttTTTKTTTtt/t4T4t/t4T4t/5T5/5t5/3ttttt3/"
	layoutBell       = "/4ttt4/4t1t4/5t5/5T5/tt2TTT2tt/t1tTTKTTt1t/tt2TTT2tt/5T5/5t5/4t1t4/4ttt4/"
	layoutLewisCross = "/4ttt4/4ttt4/5T5/5T5/tt3T3tt/ttTTTKTTTtt/tt3T3tt/5T5/5T5/4ttt4/4ttt4/"
	layoutAlea       = "/2t2t7t2t2/19/t4t7t4t/7t1t1t7/6t1T1T1t6/t1t2t7t2t1t/4t4T4t4/3t4T1T4t3/4T2T1T1T2T4/3t2T1TKT1T2t3/4T2T1T1T2T4/3t4T1T4t3/4t4T4t4/t1t2t7t2t1t/6t1T1T1t6/7t1t1t7/t4t7t4t/19/2t2t7t2t2/"
)

// sqs turns square names into squares; the names are constants of this file.
func sqs(names ...string) []Square {
	out := make([]Square, len(names))
	for i, n := range names {
		sq, err := ParseSquare(n)
		if err != nil {
			panic(err)
		}
		out[i] = sq
	}
	return out
}

// cornersOf returns the four corner squares of an n×n board.
func cornersOf(n int) []Square {
	return []Square{At(0, 0), At(n-1, 0), At(0, n-1), At(n-1, n-1)}
}

// centreOf returns the centre square of an n×n board.
func centreOf(n int) []Square { return []Square{At(n/2, n/2)} }

var tablutCamps = sqs("a4", "a5", "a6", "b5", "d1", "e1", "f1", "e2", "i4", "i5", "i6", "h5", "d9", "e9", "f9", "e8")

// copenhagenRules is VARIANTS.md copenhagen.
func copenhagenRules(string) Rules {
	return Rules{
		Title: "Copenhagen Hnefatafl", Size: 11, Start: layoutCopenhagen, First: Attackers,
		Escape: EscapeCorners,
		Throne: Area{Squares: centreOf(11), Stop: KindKing, Pass: AllKinds, Reenter: AllKinds,
			Hostile: AllKinds, HostileOccupied: KindAttacker},
		Corners:  Area{Squares: cornersOf(11), Stop: KindKing, Pass: KindKing, Reenter: AllKinds, Hostile: AllKinds, HostileOccupied: AllKinds},
		KingArms: ArmedKing, KingStrength: StrongKing,
		Shieldwall: ShieldwallStrong, ShieldwallFlankOnly: true, ExitFort: true, Encirclement: true,
		Repetition: RepetitionDefendersLose,
	}
}

var presetTable = []preset{
	{name: "copenhagen", size: 11, layouts: []string{"standard"},
		desc:  "Copenhagen Hnefatafl: corner escape, strong king, shieldwalls, exit forts (the modern standard)",
		rules: copenhagenRules},
	{name: "fetlar", size: 11, layouts: []string{"standard"},
		desc: "Fetlar Hnefatafl: corner escape, strong king, no shieldwall or exit fort, repetition draws",
		rules: func(l string) Rules {
			r := copenhagenRules(l)
			r.Title = "Fetlar Hnefatafl"
			r.Shieldwall, r.ShieldwallFlankOnly, r.ExitFort = NoShieldwall, false, false
			r.Repetition = RepetitionDraw
			return r
		}},
	{name: "brandubh", size: 7, layouts: []string{"standard"},
		desc: "Brandubh: 7×7 Irish tafl, corner escape, weak armed king",
		rules: func(string) Rules {
			return Rules{
				Title: "Brandubh", Size: 7, Start: layoutBrandubh, First: Attackers, Escape: EscapeCorners,
				Throne:   Area{Squares: centreOf(7), Stop: KindKing, Pass: AllKinds, Reenter: AllKinds},
				Corners:  Area{Squares: cornersOf(7), Stop: KindKing, Pass: KindKing, Reenter: AllKinds, Hostile: AllKinds, HostileOccupied: AllKinds},
				KingArms: ArmedKing, KingStrength: WeakKing, Repetition: RepetitionDraw,
			}
		}},
	{name: "ard-ri", size: 7, layouts: []string{"standard"},
		desc: "Ard Ri: 7×7 Scottish tafl, edge escape, no special squares, weak king",
		rules: func(string) Rules {
			return Rules{
				Title: "Ard Ri", Size: 7, Start: layoutArdRi, First: Attackers, Escape: EscapeEdge,
				KingArms: ArmedKing, KingStrength: WeakKing, Repetition: RepetitionDraw,
			}
		}},
	{name: "tablut", size: 9, layouts: []string{"standard"},
		desc: "Tablut (Linnaeus, Ashton): 9×9, edge escape, camps, Swedes move first",
		rules: func(string) Rules {
			return Rules{
				Title: "Tablut", Size: 9, Start: layoutTablut, First: Defenders, Escape: EscapeEdge,
				Throne: Area{Squares: centreOf(9), Hostile: AllKinds, HostileOccupied: AllKinds},
				// Ashton's primary law 14: a camp is hostile whether empty or
				// occupied (never to a piece in that same camp: OwnCamp).
				Camps:    Area{Squares: tablutCamps, Stop: KindAttacker, Pass: KindAttacker, Hostile: AllKinds, HostileOccupied: AllKinds},
				KingArms: ArmedKing, KingStrength: StrongNearThrone, Repetition: RepetitionForbidden,
				OwnCamp: true,
			}
		}},
	{name: "tablut-helmfrid", size: 9, layouts: []string{"standard"},
		desc: "Tablut (Riksutställningar 1972): 9×9, edge escape, restricted camps and castle, combined trap",
		rules: func(string) Rules {
			return Rules{
				Title: "Tablut (Helmfrid)", Size: 9, Start: layoutTablut, First: Defenders, Escape: EscapeEdge,
				Throne:   Area{Squares: centreOf(9), Hostile: KindKing, HostileOccupied: KindKing},
				Camps:    Area{Squares: tablutCamps, Stop: KindAttacker, Pass: KindAttacker, Hostile: KindKing, HostileOccupied: KindKing},
				KingArms: ArmedKing, KingStrength: StrongKing, CombinedTrap: true,
				Repetition: RepetitionForbidden, ThroneBlockedAfterKingLeaves: true, OwnCamp: true,
			}
		}},
	{name: "hnefatafl-9", size: 9, layouts: []string{"standard"},
		desc: "Viking Hnefatafl 9×9 (Ashton): Tablut layout, corner escape, five citadels",
		rules: func(string) Rules {
			return Rules{
				Title: "Hnefatafl 9×9", Size: 9, Start: layoutTablut, First: Attackers, Escape: EscapeCorners,
				Throne:   Area{Squares: centreOf(9), Hostile: AllKinds, HostileOccupied: AllKinds},
				Corners:  Area{Squares: cornersOf(9), Stop: KindKing, Pass: KindKing, Reenter: AllKinds, Hostile: AllKinds, HostileOccupied: AllKinds},
				KingArms: ArmedKing, KingStrength: StrongNearThrone, Repetition: RepetitionForbidden,
				ThroneBlockedAfterKingLeaves: true,
			}
		}},
	{name: "cyning-taefl", size: 11, layouts: []string{"standard"},
		desc: "Cyning Tæfl: 11×11, defenders first, unarmed strong king, corner escape",
		rules: func(string) Rules {
			return Rules{
				Title: "Cyning Tæfl", Size: 11, Start: layoutCopenhagen, First: Defenders, Escape: EscapeCorners,
				Throne: Area{Squares: centreOf(11), Stop: KindKing, Pass: AllKinds, Reenter: AllKinds,
					Hostile: AllKinds, HostileOccupied: AllKinds},
				Corners:  Area{Squares: cornersOf(11), Stop: KindKing, Pass: KindKing, Reenter: AllKinds, Hostile: AllKinds, HostileOccupied: AllKinds},
				KingArms: UnarmedKing, KingStrength: StrongKing, Repetition: RepetitionDraw, NoMovesDraw: true,
			}
		}},
	{name: "tawlbwrdd", size: 11, layouts: []string{"lewis", "bell", "lewis-cross"},
		desc: "Tawlbwrdd: 11×11 Welsh tafl, edge escape, weak king",
		rules: func(layout string) Rules {
			start := map[string]string{"lewis": layoutLewis, "bell": layoutBell, "lewis-cross": layoutLewisCross}[layout]
			return Rules{
				Title: "Tawlbwrdd", Size: 11, Start: start, First: Attackers, Escape: EscapeEdge,
				KingArms: ArmedKing, KingStrength: WeakKing, Repetition: RepetitionDraw,
			}
		}},
	{name: "alea-evangelii", size: 19, layouts: []string{"standard"},
		desc: "Alea Evangelii: 19×19, corner blocks, strong king, encirclement",
		rules: func(string) Rules {
			var corners []Square
			for _, c := range [][2]int{{0, 0}, {17, 0}, {0, 17}, {17, 17}} {
				for df := 0; df < 2; df++ {
					for dr := 0; dr < 2; dr++ {
						corners = append(corners, At(c[0]+df, c[1]+dr))
					}
				}
			}
			return Rules{
				Title: "Alea Evangelii", Size: 19, Start: layoutAlea, First: Attackers, Escape: EscapeCorners,
				Throne:   Area{Squares: centreOf(19), Pass: AllKinds, Reenter: AllKinds, Hostile: AllKinds},
				Corners:  Area{Squares: corners, Stop: KindKing, Pass: KindKing, Reenter: AllKinds, Hostile: AllKinds, HostileOccupied: AllKinds},
				KingArms: ArmedKing, KingStrength: StrongKing, Encirclement: true, Repetition: RepetitionMoverLoses,
			}
		}},
}

// presetWithRules returns the preset (and layout) whose game r describes,
// its name and title aside, or nil: a record written by another program
// (OpenTafl names brandubh "Brandub") is then read as that preset.
func presetWithRules(r Rules) *Variant {
	key := func(r Rules) string {
		r.Name, r.Layout, r.Title = "", "", ""
		return r.String()
	}
	want := key(r)
	for _, p := range presetTable {
		for _, layout := range p.layouts {
			if v := compiledPresets()[p.name+"/"+layout]; key(v.rules) == want {
				return v
			}
		}
	}
	return nil
}

// MatchPreset reads a preset as a player may type it rather than by its
// name: its title ("Copenhagen Hnefatafl", "Ard Ri"), its name with
// spaces for hyphens ("alea evangelii") or a layout only one preset has
// ("bell" is tawlbwrdd/bell), ignoring case, spaces, hyphens and
// underscores. It returns the preset's name and layout ("" for the
// default) when s means exactly one; otherwise ok is false and near
// lists the names (as commands accept them) s may have meant: those
// whose name or title contains what was typed or is contained in it
// ("hnefatafl": copenhagen, fetlar, hnefatafl-9), or is at most two
// letters from it ("brandub"), and before them those a board size or a
// common word for them names (presetsCalled: "7x7" brandubh and ard-ri,
// "viking" copenhagen, fetlar and hnefatafl-9).
func MatchPreset(s string) (name, layout string, near []string, ok bool) {
	typed := presetKey(s)
	if typed == "" {
		return "", "", nil, false
	}
	type cand struct{ key, name, layout, shown string }
	var cands []cand
	layoutOwners := map[string]int{}
	for _, p := range presetTable {
		for _, l := range p.layouts {
			layoutOwners[l]++
		}
	}
	all := compiledPresets()
	for _, p := range presetTable {
		title := all[p.name+"/"+p.layouts[0]].rules.Title
		cands = append(cands, cand{presetKey(p.name), p.name, "", p.name}, cand{presetKey(title), p.name, "", p.name})
		if len(p.layouts) > 1 {
			for _, l := range p.layouts {
				full := p.name + "/" + l
				cands = append(cands, cand{presetKey(full), p.name, l, full})
				if layoutOwners[l] == 1 {
					cands = append(cands, cand{presetKey(l), p.name, l, full})
				}
			}
		}
	}
	for _, c := range cands {
		if c.key == typed {
			return c.name, c.layout, nil, true
		}
	}
	seen := map[string]bool{}
	for _, n := range presetsCalled(typed) {
		seen[n] = true
		near = append(near, n)
	}
	for _, c := range cands {
		if seen[c.shown] {
			continue
		}
		if (len(typed) >= 3 && (strings.Contains(c.key, typed) || strings.Contains(typed, c.key))) || editDistance(typed, c.key) <= 2 {
			seen[c.shown] = true
			near = append(near, c.shown)
		}
	}
	return "", "", near, false
}

// presetWords are words players call presets by that are neither their
// names nor in their titles (keys as presetKey writes them): where a
// variant comes from, who described it, what it is called in general.
var presetWords = []struct {
	words []string
	names []string
}{
	{[]string{"viking", "vikings", "vikingchess", "kingstable"}, []string{"copenhagen", "fetlar", "hnefatafl-9"}},
	{[]string{"irish", "celtic", "gaelic"}, []string{"brandubh", "ard-ri"}},
	{[]string{"scottish", "scots"}, []string{"ard-ri"}},
	{[]string{"sami", "saami", "lapland", "lappish", "linnaeus", "swedish"}, []string{"tablut", "tablut-helmfrid"}},
	{[]string{"ashton"}, []string{"tablut", "hnefatafl-9"}},
	{[]string{"welsh", "wales"}, []string{"tawlbwrdd"}},
	{[]string{"english", "saxon", "anglosaxon", "oldenglish"}, []string{"cyning-taefl"}},
}

// presetsCalled returns the presets typed (a presetKey) names without
// being a name or title: a board size ("7x7", "7×7", "11") names the
// presets of that size, or, with none, those of the nearest size; a
// word of presetWords its presets. Nil for anything else.
func presetsCalled(typed string) []string {
	for _, w := range presetWords {
		for _, word := range w.words {
			if word == typed {
				return w.names
			}
		}
	}
	a, b, found := strings.Cut(typed, "x")
	if !found {
		b = a
	}
	n, err := strconv.Atoi(a)
	if m, err2 := strconv.Atoi(b); err != nil || err2 != nil || m != n || n < 1 || len(a) > 3 || len(b) > 3 {
		return nil
	}
	dist := func(size int) int { return max(size-n, n-size) }
	best := -1
	for _, p := range presetTable {
		if d := dist(p.size); best < 0 || d < best {
			best = d
		}
	}
	var out []string
	for _, p := range presetTable {
		if dist(p.size) == best {
			out = append(out, p.name)
		}
	}
	return out
}

// presetKey is s as MatchPreset compares it: small letters, æ as ae, ×
// as x, without spaces, hyphens, underscores, slashes or brackets.
func presetKey(s string) string {
	s = strings.ToLower(s)
	s = strings.NewReplacer("æ", "ae", "×", "x").Replace(s)
	return strings.Map(func(r rune) rune {
		switch r {
		case ' ', '-', '_', '/', '(', ')', '\u00a0':
			return -1
		}
		return r
	}, s)
}

// editDistance is the Levenshtein distance of a and b, in runes.
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			c := prev[j-1]
			if ra[i-1] != rb[j-1] {
				c++
			}
			cur[j] = min(c, prev[j]+1, cur[j-1]+1)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}
