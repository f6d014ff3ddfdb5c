package match

import (
	"fmt"
	"strings"

	"github.com/taflbot/taflbot/tafl"
)

// EngineReading returns the game an OTEP engine plays when it is sent v's
// rules string: the OTN keys without taflbot's tb- extensions (which such
// an engine ignores), and OpenTafl v0.4.8.0b's known deviation that can
// be played out here: its flanking-only shieldwall (swf:y) captures
// nothing. It returns nil when that is v's own game (or cannot be built).
func EngineReading(v *tafl.Variant) *tafl.Variant {
	var keep []string
	for _, f := range strings.Fields(v.RulesString()) {
		if !strings.HasPrefix(f, "tb-") {
			keep = append(keep, f)
		}
	}
	r, err := tafl.ParseRules(strings.Join(keep, " "))
	if err != nil {
		return nil
	}
	if r.Shieldwall != tafl.NoShieldwall && r.ShieldwallFlankOnly {
		r.Shieldwall = tafl.NoShieldwall
	}
	w, err := tafl.NewVariant(r)
	if err != nil {
		return nil
	}
	a, b := v.Rules(), w.Rules()
	a.Name, a.Layout, a.Title = "", "", ""
	b.Name, b.Layout, b.Title = "", "", ""
	if a.String() == b.String() {
		return nil
	}
	return w
}

func (m *Match) engineReading() *tafl.Variant {
	m.otnOnce.Do(func() { m.otn = EngineReading(m.Variant) })
	return m.otn
}

// dispute replays g under the engine's reading of the rules and says
// where the two part (see [Dispute]).
func (m *Match) dispute(g *tafl.Game, from int, unfinished bool, refused string) string {
	w := m.engineReading()
	if w == nil {
		return ""
	}
	return Dispute(g, from, w, unfinished, refused)
}

// Dispute replays game g under the variant w (see [EngineReading]) from
// its position after from plies (where the engines took over from the
// opening) and says where the two readings part: a move legal in one
// only, a different capture, a game that ends in one only, a different
// end or result ("" when they agree). unfinished: the game was not ended
// by the rules (move cap, a failing player), so its end is not compared.
// refused is the move an engine last submitted and the host refused ("":
// none).
func Dispute(g *tafl.Game, from int, w *tafl.Variant, unfinished bool, refused string) string {
	plies := g.Plies()
	from = min(max(from, 0), len(plies))
	real := tafl.NewGameFrom(g.Start())
	for _, ply := range plies[:from] {
		if _, err := real.Play(ply.Move); err != nil {
			return fmt.Sprintf("the game does not replay: %v", err)
		}
	}
	p, err := w.ParsePosition(real.Position().Record(), real.ToMove())
	if err != nil {
		return fmt.Sprintf("the engines' start position is not one of the engine's game: %v", err)
	}
	h := tafl.NewGameFrom(p)
	for k, ply := range plies[from:] {
		i := from + k
		if h.Outcome().Over() {
			return fmt.Sprintf("the engine's rules end the game after ply %d (%s); taflbot's play on", i, describe(h.Outcome()))
		}
		hp, err := h.Play(ply.Move)
		if err != nil {
			return fmt.Sprintf("ply %d, %s, is not legal in the engine's rules: %v", i+1, ply.Move, err)
		}
		if !sameSquares(hp.Captures, ply.Captures) {
			return fmt.Sprintf("ply %d, %s, captures %v in taflbot's rules and %v in the engine's", i+1, ply.Move, ply.Captures, hp.Captures)
		}
	}
	if refused != "" && !h.Outcome().Over() {
		if _, err := h.Clone().PlayText(refused); err == nil {
			return fmt.Sprintf("the engine's move %s, refused by taflbot's rules, is legal in the engine's rules", refused)
		}
	}
	if unfinished {
		return ""
	}
	a, b := g.Outcome(), h.Outcome()
	if a.Winner != b.Winner || a.Over() != b.Over() {
		return fmt.Sprintf("taflbot's rules: %s; the engine's rules: %s", describe(a), describe(b))
	}
	return ""
}

func sameSquares(a, b []tafl.Square) bool {
	if len(a) != len(b) {
		return false
	}
	seen := map[tafl.Square]int{}
	for _, s := range a {
		seen[s]++
	}
	for _, s := range b {
		seen[s]--
	}
	for _, n := range seen {
		if n != 0 {
			return false
		}
	}
	return true
}

// describe names an outcome: "attackers won (repetition)", "draw (…)",
// "not over".
func describe(o tafl.Outcome) string {
	switch {
	case !o.Over():
		return "not over"
	case o.Winner == tafl.NoSide:
		return fmt.Sprintf("draw (%s)", o.Reason)
	}
	return fmt.Sprintf("%s won (%s)", o.Winner, o.Reason)
}
