package tafl

import (
	"strconv"
	"strings"
)

// OTN rules strings (see docs/notation.md and ../shared/rules/OTN.md).
//
// A rules string is space-separated key:value pairs, starting with dim and
// ending with start (rank 1 first) or starti (top rank first). taflbot
// writes every key it knows, so its own strings do not depend on defaults.
// Every OTN key is read as OpenTafl reads it (its RulesSerializer and
// GenericRules, v0.4.8.0b), defaults included, so that a string means the
// same game to both programs. Two points of its reading matter most:
//
//   - The …re lists (corre, cenre, aforre, dforre) name the kinds that may
//     stop on or pass such a square when they are not standing on one; a
//     kind outside the list may use the squares only from a square of the
//     same kind (see [Area]). OpenTafl reads corre, aforre and dforre only
//     when cenre is present, and then an absent one means "none".
//   - Hostility (…h, cenhe) is per side: the attackers' letter t and the
//     defenders' letter T. The king follows T; a K in a hostility list
//     changes nothing.
//
// What OTN cannot say is written in keys of taflbot's own, prefixed "tb-"
// (OpenTafl ignores them, and so plays a different game where they matter):
//
//	tb-rep:ignore|defenders-lose|forbidden   repetition rules OTN lacks (tfr holds the closest OTN value)
//	tb-nomoves:draw                          a side without legal moves draws (OTN: always loses)
//	tb-throneblock:y                         nobody may stop on or pass the throne once the king has left
//	tb-owncamp:y                             camps are separate (see Rules.OwnCamp)
//	tb-kingh:KEYS                            which of corh, cenh, cenhe, aforh are hostile to the king, where that differs from T
//	tb-corho:KINDS, tb-aforho:KINDS          the kinds an occupied corner or camp square is hostile to, where that differs from corh/aforh

// customTitle is the title of a custom variant whose rules string gives
// no name: (and, written back as name:Custom, the name its rules string
// then carries; see [Variant.Untitled]).
const customTitle = "Custom"

// rulesDefaults are the values of keys a rules string leaves out:
// OpenTafl's defaults (its RulesSerializer.defaults).
func rulesDefaults(size int) Rules {
	return Rules{
		Name: "custom", Title: customTitle, Size: size, First: Attackers, Escape: EscapeCorners,
		Throne: Area{Squares: centreOf(size), Stop: KindKing, Pass: AllKinds, Reenter: AllKinds,
			Hostile: AllKinds, HostileOccupied: KindAttacker},
		Corners: Area{Squares: cornersOf(size), Stop: KindKing, Pass: KindKing, Reenter: AllKinds,
			Hostile: AllKinds, HostileOccupied: AllKinds},
		Camps: Area{Stop: AllKinds, Pass: AllKinds, Reenter: AllKinds,
			Hostile: KindDefender | KindKing, HostileOccupied: KindDefender | KindKing},
		KingArms:            ArmedKing,
		KingStrength:        StrongKing,
		Encirclement:        true,
		Repetition:          RepetitionDraw,
		ShieldwallFlankOnly: true,
	}
}

// hostilityKeys are the OTN keys of hostility lists, with the sets they
// fill; tb-kingh names them.
func hostilityKeys(r *Rules) []struct {
	key string
	dst *Kinds
} {
	return []struct {
		key string
		dst *Kinds
	}{{"corh", &r.Corners.Hostile}, {"cenh", &r.Throne.HostileOccupied}, {"cenhe", &r.Throne.Hostile}, {"aforh", &r.Camps.Hostile}}
}

// rulesKeys is every key taflbot reads, in the order it writes them.
var rulesKeys = []string{"dim", "name", "atkf", "esc", "surf", "tfr", "ka", "ks", "sw", "swf", "efe", "linc",
	"cor", "cors", "corp", "corh", "corre", "cen", "cens", "cenp", "cenh", "cenhe", "cenre",
	"afor", "afors", "aforp", "aforh", "aforre", "dfor", "dfors", "dforp", "dforh", "dforre",
	"nj", "cj", "mj", "gj", "kj", "spd", "ber",
	"tb-rep", "tb-nomoves", "tb-throneblock", "tb-owncamp", "tb-kingh", "tb-corho", "tb-aforho", "start", "starti"}

// ParseRules reads an OpenTafl rules string into Rules (Name "custom").
// Keys for features taflbot does not play are rejected by name; keys that
// only concern pieces taflbot never has (nj, cj, mj, gj) are accepted.
func ParseRules(text string) (Rules, error) {
	bad := func(code Code, args ...any) (Rules, error) {
		return Rules{}, syntaxError("rules", clip(text), code, args...)
	}
	fields := strings.Fields(text)
	if len(fields) == 0 {
		return bad(CodeRulesEmpty)
	}
	vals := make(map[string]string)
	for _, f := range fields {
		k, v, ok := strings.Cut(f, ":")
		if !ok {
			return bad(CodeRulesNotKeyValue, f)
		}
		known := false
		for _, kk := range rulesKeys {
			if kk == k {
				known = true
				break
			}
		}
		if !known {
			if lk := strings.ToLower(k); lk != k {
				for _, kk := range rulesKeys {
					if kk == lk { // "Dim:7 …", as a phone's keyboard writes it
						return bad(CodeRulesKeyCase, k, lk)
					}
				}
			}
			return bad(CodeRulesUnknownKey, k)
		}
		if _, dup := vals[k]; dup {
			return bad(CodeRulesTwice, k)
		}
		vals[k] = v
	}
	// The order is checked once every key is known to appear once, so
	// that a repeated key is named as such, wherever start is.
	for i, f := range fields {
		k, _, _ := strings.Cut(f, ":")
		if i == 0 && k != "dim" {
			return bad(CodeRulesDimFirst)
		}
		if (k == "start" || k == "starti") != (i == len(fields)-1) {
			return bad(CodeRulesStartLast)
		}
	}
	size, err := strconv.Atoi(vals["dim"])
	if err != nil || size < MinSize || size > MaxSize || size%2 == 0 {
		return bad(CodeRulesDim, MinSize, MaxSize)
	}
	r := rulesDefaults(size)
	if s, ok := vals["start"]; ok {
		r.Start = s
	} else {
		inv := vals["starti"]
		rows := strings.Split(strings.Trim(inv, "/"), "/")
		for i, j := 0, len(rows)-1; i < j; i, j = i+1, j-1 {
			rows[i], rows[j] = rows[j], rows[i]
		}
		r.Start = "/" + strings.Join(rows, "/") + "/"
	}
	yes := func(key string, dflt bool) (bool, error) {
		switch v, ok := vals[key]; {
		case !ok:
			return dflt, nil
		case v == "y":
			return true, nil
		case v == "n":
			return false, nil
		default:
			return false, syntaxError("rules", key+":"+v, CodeRulesYesNo, key, v)
		}
	}
	var e error
	setB := func(dst *bool, key string) {
		if e == nil {
			*dst, e = yes(key, *dst)
		}
	}
	atkf := r.First == Attackers
	setB(&atkf, "atkf")
	setB(&r.Encirclement, "surf")
	setB(&r.ShieldwallFlankOnly, "swf")
	setB(&r.ExitFort, "efe")
	setB(&r.CombinedTrap, "linc")
	setB(&r.ThroneBlockedAfterKingLeaves, "tb-throneblock")
	setB(&r.OwnCamp, "tb-owncamp")
	if e != nil {
		return Rules{}, e
	}
	if !atkf {
		r.First = Defenders
	}
	choose := func(key string, options map[string]func()) error {
		v, ok := vals[key]
		if !ok {
			return nil
		}
		f, ok := options[v]
		if !ok {
			var names []string
			for o := range options {
				names = append(names, o)
			}
			return syntaxError("rules", key+":"+v, CodeRulesValue, key, v, strings.Join(sortedStrings(names), ", "))
		}
		f()
		return nil
	}
	// Jumps of pieces taflbot never has: every OpenTafl value is accepted.
	jumps := map[string]func(){"n": func() {}, "c": func() {}, "j": func() {}, "r": func() {}, "y": func() {}}
	for _, c := range []struct {
		key  string
		opts map[string]func()
	}{
		{"esc", map[string]func(){"c": func() { r.Escape = EscapeCorners }, "e": func() { r.Escape = EscapeEdge }}},
		{"tfr", map[string]func(){"d": func() { r.Repetition = RepetitionDraw }, "w": func() { r.Repetition = RepetitionMoverLoses }}},
		{"tb-rep", repetitionSetters(&r.Repetition)},
		{"tb-nomoves", map[string]func(){"draw": func() { r.NoMovesDraw = true }, "lose": func() { r.NoMovesDraw = false }}},
		{"ka", map[string]func(){"y": func() { r.KingArms = ArmedKing }, "n": func() { r.KingArms = UnarmedKing }, "a": func() { r.KingArms = AnvilKing }, "h": func() { r.KingArms = HammerKing }}},
		{"ks", map[string]func(){"s": func() { r.KingStrength = StrongKing }, "c": func() { r.KingStrength = StrongNearThrone }, "m": func() { r.KingStrength = MiddleweightKing }, "w": func() { r.KingStrength = WeakKing },
			"y": func() { r.KingStrength = StrongKing }, "n": func() { r.KingStrength = WeakKing }}},
		{"sw", map[string]func(){"n": func() { r.Shieldwall = NoShieldwall }, "w": func() { r.Shieldwall = ShieldwallWeak }, "s": func() { r.Shieldwall = ShieldwallStrong }}},
		{"kj", map[string]func(){"n": func() {}}},
		{"spd", map[string]func(){"-1": func() {}}},
		{"ber", map[string]func(){"n": func() {}}},
		{"nj", jumps},
		{"cj", jumps},
		{"mj", jumps},
		{"gj", jumps},
	} {
		if err := choose(c.key, c.opts); err != nil {
			if c.key == "kj" || c.key == "spd" || c.key == "ber" {
				return bad(CodeRulesKingMoves, c.key, vals[c.key])
			}
			if c.key == "tfr" && vals["tfr"] == "l" {
				return bad(CodeRulesThirdRepWins)
			}
			return Rules{}, err
		}
	}
	squares := func(key string, dst *[]Square) error {
		v, ok := vals[key]
		if !ok {
			return nil
		}
		*dst = nil
		for _, name := range strings.Split(v, ",") {
			if name == "" {
				continue
			}
			sq, err := ParseSquare(name)
			if err != nil || !sq.OnBoard(size) {
				return syntaxError("rules", key+":"+v, CodeRulesSquare, key, name, size, size)
			}
			*dst = append(*dst, sq)
		}
		return nil
	}
	kinds := func(key string, dst *Kinds) error {
		v, ok := vals[key]
		if !ok {
			return nil
		}
		var k Kinds
		for i := 0; i < len(v); i++ {
			switch c := v[i]; {
			case c == 't':
				k |= KindAttacker
			case c == 'T':
				k |= KindDefender
			case c == 'K':
				k |= KindKing
			case strings.IndexByte("cnkmgCNMG", c) >= 0:
				// pieces taflbot never has: nothing to record
			default:
				return syntaxError("rules", key+":"+v, CodeRulesPieceType, key, string(c))
			}
		}
		*dst = k
		return nil
	}
	for _, s := range []struct {
		key string
		dst *[]Square
	}{{"cor", &r.Corners.Squares}, {"cen", &r.Throne.Squares}, {"afor", &r.Camps.Squares}, {"dfor", nil}} {
		if s.dst == nil {
			var dfor []Square
			if err := squares(s.key, &dfor); err != nil {
				return Rules{}, err
			}
			if len(dfor) > 0 {
				return bad(CodeRulesForts)
			}
			continue
		}
		if err := squares(s.key, s.dst); err != nil {
			return Rules{}, err
		}
	}
	for _, k := range []struct {
		key string
		dst *Kinds
	}{
		{"cors", &r.Corners.Stop}, {"corp", &r.Corners.Pass},
		{"cens", &r.Throne.Stop}, {"cenp", &r.Throne.Pass}, {"cenre", &r.Throne.Reenter},
		{"afors", &r.Camps.Stop}, {"aforp", &r.Camps.Pass},
	} {
		if err := kinds(k.key, k.dst); err != nil {
			return Rules{}, err
		}
	}
	// OpenTafl reads corre and aforre (and dforre) only when cenre is
	// present, and then an absent list is empty.
	for _, k := range []struct {
		key string
		dst *Kinds
	}{{"corre", &r.Corners.Reenter}, {"aforre", &r.Camps.Reenter}, {"dforre", nil}} {
		var got Kinds
		if err := kinds(k.key, &got); err != nil {
			return Rules{}, err
		}
		if _, ok := vals["cenre"]; ok && k.dst != nil {
			*k.dst = got
		}
	}
	// Hostility is per side; the king follows the defenders (T) unless
	// tb-kingh says otherwise. corh and aforh also hold for occupied
	// squares unless tb-corho / tb-aforho say otherwise.
	for _, k := range hostilityKeys(&r) {
		if err := kinds(k.key, k.dst); err != nil {
			return Rules{}, err
		}
		*k.dst &^= KindKing
		if k.dst.Has(Defender) {
			*k.dst |= KindKing
		}
	}
	r.Corners.HostileOccupied = r.Corners.Hostile
	r.Camps.HostileOccupied = r.Camps.Hostile
	for _, k := range []struct {
		key string
		dst *Kinds
	}{{"tb-corho", &r.Corners.HostileOccupied}, {"tb-aforho", &r.Camps.HostileOccupied}} {
		if err := kinds(k.key, k.dst); err != nil {
			return Rules{}, err
		}
	}
	if v, ok := vals["tb-kingh"]; ok {
		set := map[string]bool{}
		for _, name := range strings.Split(v, ",") {
			if name == "" {
				continue
			}
			found := false
			for _, k := range hostilityKeys(&r) {
				found = found || k.key == name
			}
			if !found {
				return bad(CodeRulesKingHostile, v, name)
			}
			set[name] = true
		}
		for _, k := range hostilityKeys(&r) {
			*k.dst &^= KindKing
			if set[k.key] {
				*k.dst |= KindKing
			}
		}
		// The occupied corner and camp sets follow, unless given.
		for _, o := range []struct {
			key       string
			dst, from *Kinds
		}{{"tb-corho", &r.Corners.HostileOccupied, &r.Corners.Hostile}, {"tb-aforho", &r.Camps.HostileOccupied, &r.Camps.Hostile}} {
			if _, given := vals[o.key]; !given {
				*o.dst = *o.from
			}
		}
	}
	for _, k := range []string{"dfors", "dforp", "dforh"} {
		var ignored Kinds
		if err := kinds(k, &ignored); err != nil {
			return Rules{}, err
		}
	}
	if len(r.Camps.Squares) == 0 {
		r.Camps = Area{} // the camp keys mean nothing without camps, and are not written
	}
	if v, ok := vals["name"]; ok && v != "" {
		r.Title = strings.ReplaceAll(v, "_", " ")
	}
	return r, nil
}

// String returns the rules as an OTN rules string with every key written
// (see ParseRules). Parsing it gives back the same rules, Name aside.
func (r Rules) String() string {
	var b strings.Builder
	put := func(k, v string) {
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(k)
		b.WriteByte(':')
		b.WriteString(v)
	}
	yn := func(x bool) string {
		if x {
			return "y"
		}
		return "n"
	}
	list := func(s []Square) string {
		parts := make([]string, len(s))
		for i, q := range s {
			parts[i] = q.String()
		}
		return strings.Join(parts, ",")
	}
	put("dim", strconv.Itoa(r.Size))
	if r.Title != "" {
		put("name", strings.ReplaceAll(r.Title, " ", "_"))
	}
	put("atkf", yn(r.First == Attackers))
	put("esc", map[Escape]string{EscapeCorners: "c", EscapeEdge: "e"}[r.Escape])
	put("surf", yn(r.Encirclement))
	tfr := "d"
	if r.Repetition == RepetitionMoverLoses || r.Repetition == RepetitionDefendersLose || r.Repetition == RepetitionForbidden {
		tfr = "w"
	}
	put("tfr", tfr)
	put("ka", map[KingArms]string{ArmedKing: "y", UnarmedKing: "n", AnvilKing: "a", HammerKing: "h"}[r.KingArms])
	put("ks", map[KingStrength]string{StrongKing: "s", StrongNearThrone: "c", MiddleweightKing: "m", WeakKing: "w"}[r.KingStrength])
	put("sw", map[Shieldwall]string{NoShieldwall: "n", ShieldwallWeak: "w", ShieldwallStrong: "s"}[r.Shieldwall])
	put("swf", yn(r.ShieldwallFlankOnly))
	put("efe", yn(r.ExitFort))
	put("linc", yn(r.CombinedTrap))
	// Hostility as OpenTafl reads it: per side, the king as the defenders.
	host := func(k Kinds) string {
		k &^= KindKing
		if k.Has(Defender) {
			k |= KindKing
		}
		return k.String()
	}
	put("cor", list(r.Corners.Squares))
	put("cors", r.Corners.Stop.String())
	put("corp", r.Corners.Pass.String())
	put("corh", host(r.Corners.Hostile))
	put("corre", r.Corners.Reenter.String())
	put("cen", list(r.Throne.Squares))
	put("cens", r.Throne.Stop.String())
	put("cenp", r.Throne.Pass.String())
	put("cenh", host(r.Throne.HostileOccupied))
	put("cenhe", host(r.Throne.Hostile))
	put("cenre", r.Throne.Reenter.String())
	if len(r.Camps.Squares) > 0 {
		put("afor", list(r.Camps.Squares))
		put("afors", r.Camps.Stop.String())
		put("aforp", r.Camps.Pass.String())
		put("aforh", host(r.Camps.Hostile))
		put("aforre", r.Camps.Reenter.String())
	}
	switch r.Repetition {
	case RepetitionIgnore, RepetitionDefendersLose, RepetitionForbidden: // the others are tfr's
		put("tb-rep", repetitionNames[r.Repetition])
	}
	if r.NoMovesDraw {
		put("tb-nomoves", "draw")
	}
	if r.ThroneBlockedAfterKingLeaves {
		put("tb-throneblock", "y")
	}
	if r.OwnCamp {
		put("tb-owncamp", "y")
	}
	var kingh []string
	differs := false
	for _, k := range hostilityKeys(&r) {
		if k.key == "aforh" && len(r.Camps.Squares) == 0 {
			continue
		}
		if k.dst.Has(King) {
			kingh = append(kingh, k.key)
		}
		differs = differs || k.dst.Has(King) != k.dst.Has(Defender)
	}
	if differs {
		put("tb-kingh", strings.Join(kingh, ","))
	}
	if r.Corners.HostileOccupied != r.Corners.Hostile {
		put("tb-corho", r.Corners.HostileOccupied.String())
	}
	if len(r.Camps.Squares) > 0 && r.Camps.HostileOccupied != r.Camps.Hostile {
		put("tb-aforho", r.Camps.HostileOccupied.String())
	}
	put("start", r.Start)
	return b.String()
}

// RulesString returns the variant's rules as an OTN rules string.
func (v *Variant) RulesString() string { return v.rules.String() }

// Untitled reports whether v is a custom variant without a name of its
// own: its rules string gave no name: (its title is then "Custom", which
// the rules string it writes carries as name:Custom, so a name:Custom
// given is the same), or its Rules no title. A program that shows
// variants in other languages names such a variant itself.
func (v *Variant) Untitled() bool {
	return v.rules.Title == "" || v.rules.Name == "custom" && v.rules.Title == customTitle
}

func sortedStrings(s []string) []string {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
	return s
}

// repetitionSetters maps each of repetitionNames to a function that sets
// *rep to that rule (the tb-rep key's values).
func repetitionSetters(rep *RepetitionRule) map[string]func() {
	m := make(map[string]func(), len(repetitionNames))
	for i, n := range repetitionNames {
		m[n] = func() { *rep = RepetitionRule(i) }
	}
	return m
}
