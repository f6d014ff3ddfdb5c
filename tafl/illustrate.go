package tafl

import "fmt"

// Illustration is a worked example of one of a variant's rules, for its
// rules page: a small position, a move and what the move did. Every
// illustration [Variant.Illustrations] returns was played by the engine.
type Illustration struct {
	Title   string   // Title names the rule, such as "King capture".
	Caption string   // Caption says in one or two sentences what the move does.
	Before  Position // Before is the position the move is played from.
	Ply     Ply      // Ply is the move as played: its captures and outcome.
	After   Position // After is the position after the move.
}

// Illustrations returns worked examples of the variant's rules, in this
// order, each where the variant has it: a capture (against a hostile
// square where the variant has one), a capture against the throne with
// the king on it, a king capture, a shieldwall, the combined trap, an exit
// fort and an encirclement. The positions are built for the variant's
// board; each example is played, and one whose move does not do what its
// caption says (possible in a custom variant) is left out.
func (v *Variant) Illustrations() []Illustration {
	var out []Illustration
	for _, candidates := range []func() []example{v.captureExamples, v.throneCaptureExamples, v.kingExamples,
		v.shieldwallExamples, v.combinedTrapExamples, v.exitFortExamples, v.encirclementExamples} {
		for _, ex := range candidates() {
			if il, ok := v.play(ex); ok {
				out = append(out, il)
				break
			}
		}
	}
	return out
}

// example is a candidate illustration: pieces, the side to move, the move
// and what it must do.
type example struct {
	title, caption string
	pieces         map[Square]Piece
	toMove         Side
	from, to       Square
	captures       []Square // the move must capture exactly these
	end            EndReason
}

// play builds and plays ex, and reports whether it did what it claims.
func (v *Variant) play(ex example) (Illustration, bool) {
	if ex.from == NoSquare || ex.to == NoSquare {
		return Illustration{}, false
	}
	before, err := v.positionOf(ex.pieces, ex.toMove)
	if err != nil || before.Outcome().Over() {
		return Illustration{}, false
	}
	g := NewGameFrom(before)
	ply, err := g.Play(NewMove(ex.from, ex.to))
	if err != nil || ply.Outcome.Reason != ex.end || len(ply.Captures) != len(ex.captures) {
		return Illustration{}, false
	}
	for _, sq := range ex.captures {
		found := false
		for _, c := range ply.Captures {
			found = found || c == sq
		}
		if !found {
			return Illustration{}, false
		}
	}
	return Illustration{Title: ex.title, Caption: ex.caption, Before: before, Ply: ply, After: g.Position()}, true
}

// positionOf builds a position from a piece map.
func (v *Variant) positionOf(pieces map[Square]Piece, toMove Side) (Position, error) {
	return v.ParsePosition(writeRecord(v.Size(), func(sq Square) Piece { return pieces[sq] }), toMove)
}

// sq returns the square f files right and r ranks up from o, or NoSquare
// when that is off the board.
func (v *Variant) sq(o Square, f, r int) Square {
	if o == NoSquare {
		return NoSquare
	}
	s := At(o.File()+f, o.Rank()+r)
	if !s.OnBoard(v.Size()) {
		return NoSquare
	}
	return s
}

// plain reports whether sq is an ordinary square (no throne, corner or camp).
func (v *Variant) plain(sq Square) bool {
	return sq != NoSquare && !v.IsThrone(sq) && !v.IsCorner(sq) && !v.IsCamp(sq)
}

// centre returns the middle square of the board.
func (v *Variant) centre() Square { return At(v.Size()/2, v.Size()/2) }

// with returns a piece map: the king on k plus the given pieces.
func with(k Square, pieces ...any) map[Square]Piece {
	m := map[Square]Piece{k: King}
	for i := 0; i+1 < len(pieces); i += 2 {
		m[pieces[i].(Square)] = pieces[i+1].(Piece)
	}
	return m
}

// placed reports whether every square of m is on the board.
func placed(m map[Square]Piece) bool {
	for sq := range m {
		if sq == NoSquare {
			return false
		}
	}
	return true
}

// captureExamples: a capture against a hostile square (a corner, a camp
// or the empty throne) where the variant has one, else an ordinary capture.
func (v *Variant) captureExamples() []example {
	r := &v.rules
	var out []example
	c := v.centre()
	// Against a corner: the defender beside the corner block on rank 1.
	if len(r.Corners.Squares) > 0 && r.Corners.Hostile.Has(Defender) {
		f := 0
		for v.IsCorner(At(f+1, 0)) {
			f++
		}
		corner, victim, to := At(f, 0), At(f+1, 0), At(f+2, 0)
		from := At(f+2, 3)
		m := with(c, victim, Defender, from, Attacker)
		out = append(out, example{title: "Capture against a hostile square",
			caption: fmt.Sprintf("The attacker moving %s-%s captures the defender on %s against the corner %s: a corner counts as an enemy of every piece.", from, to, victim, corner),
			pieces:  m, toMove: Attackers, from: from, to: to, captures: []Square{victim}})
	}
	// Against a camp, occupied where that is hostile too.
	if len(r.Camps.Squares) > 0 && r.Camps.Hostile.Has(Attacker) {
		occupied := r.Camps.HostileOccupied.Has(Attacker)
		for _, camp := range r.Camps.Squares {
			for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
				victim, to := v.sq(camp, d[0], d[1]), v.sq(camp, 2*d[0], 2*d[1])
				from := v.sq(to, 2*d[1], 2*d[0]) // two squares across the line
				if !v.plain(victim) || !v.plain(to) || !v.plain(from) || !v.plain(v.sq(to, d[1], d[0])) {
					continue
				}
				m := with(c, victim, Attacker, from, Defender)
				caption := fmt.Sprintf("The defender moving %s-%s captures the attacker on %s, out of its camp, against the camp square %s", from, to, victim, camp)
				if occupied {
					m[camp] = Attacker
					caption += ", although an attacker stands there: a camp is hostile whether empty or occupied."
				} else {
					caption += ": an empty camp is hostile."
				}
				out = append(out, example{title: "Capture against a hostile square", caption: caption,
					pieces: m, toMove: Defenders, from: from, to: to, captures: []Square{victim}})
			}
		}
	}
	// Against the empty throne.
	if t := v.Throne(); t != NoSquare && r.Throne.Hostile.Has(Defender) {
		victim, to := v.sq(t, 1, 0), v.sq(t, 2, 0)
		from := v.sq(to, 0, 2)
		k := v.sq(t, -2, 2)
		if placed(with(k, victim, Defender, from, Attacker)) {
			out = append(out, example{title: "Capture against a hostile square",
				caption: fmt.Sprintf("The attacker moving %s-%s captures the defender on %s against the empty throne %s.", from, to, victim, t),
				pieces:  with(k, victim, Defender, from, Attacker), toMove: Attackers, from: from, to: to, captures: []Square{victim}})
		}
	}
	// An ordinary capture between two attackers.
	for _, o := range []Square{At(1, 2), At(2, 1), At(1, v.Size()-3)} {
		anvil, victim, to := o, v.sq(o, 1, 0), v.sq(o, 2, 0)
		from := v.sq(to, 0, -2)
		if from == NoSquare || to == NoSquare {
			continue
		}
		out = append(out, example{title: "Capture",
			caption: fmt.Sprintf("The attacker moving %s-%s captures the defender on %s, sandwiched against the attacker on %s.", from, to, victim, anvil),
			pieces:  with(c, anvil, Attacker, victim, Defender, from, Attacker), toMove: Attackers, from: from, to: to, captures: []Square{victim}})
	}
	return out
}

// throneCaptureExamples: a defender captured against the throne while the
// king sits on it, where the occupied throne is hostile to defenders.
func (v *Variant) throneCaptureExamples() []example {
	t := v.Throne()
	if t == NoSquare || !v.rules.Throne.HostileOccupied.Has(Defender) {
		return nil
	}
	victim, to := v.sq(t, 0, 1), v.sq(t, 0, 2)
	from := v.sq(to, 2, 0)
	return []example{{title: "Capture against the occupied throne",
		caption: fmt.Sprintf("The attacker moving %s-%s captures the defender on %s against the throne, although the king stands on it: the throne is hostile to the defenders even then.", from, to, victim),
		pieces:  with(t, victim, Defender, from, Attacker), toMove: Attackers, from: from, to: to, captures: []Square{victim}}}
}

// kingExamples: the king captured as the variant's strength says.
func (v *Variant) kingExamples() []example {
	var out []example
	n := v.Size()
	switch v.rules.KingStrength {
	case StrongNearThrone:
		if t := v.Throne(); t != NoSquare {
			k := v.sq(t, 1, 0)
			north, south, east := v.sq(k, 0, 1), v.sq(k, 0, -1), v.sq(k, 1, 0)
			from := v.sq(east, 0, 2)
			if placed(with(k, north, Attacker, south, Attacker, from, Attacker)) {
				out = append(out, example{title: "King capture",
					caption: fmt.Sprintf("Beside the throne the king is captured by attackers on his three other sides: %s-%s closes %s, %s and %s, and the throne counts as the fourth.", from, east, north, south, east),
					pieces:  with(k, north, Attacker, south, Attacker, from, Attacker), toMove: Attackers, from: from, to: east, end: KingCaptured})
			}
		}
		fallthrough
	case WeakKing:
		for _, k := range []Square{At(2, n-3), At(n-3, 2), At(2, 2)} {
			west, east := v.sq(k, -1, 0), v.sq(k, 1, 0)
			from := v.sq(east, 0, 2)
			if !v.plain(k) || !v.plain(west) || !v.plain(east) || !placed(with(k, west, Attacker, from, Attacker)) {
				continue
			}
			where := "The king is captured like any other piece"
			if v.Throne() != NoSquare {
				where = "Away from the throne the king is captured like any other piece"
			}
			out = append(out, example{title: "King capture",
				caption: fmt.Sprintf("%s: %s-%s sandwiches him against the attacker on %s.", where, from, east, west),
				pieces:  with(k, west, Attacker, from, Attacker), toMove: Attackers, from: from, to: east, end: KingCaptured})
		}
	case StrongKing, MiddleweightKing:
		for _, k := range []Square{At(2, n-3), At(n-3, 2), At(2, 2), At(3, n-4)} {
			west, north, south, east := v.sq(k, -1, 0), v.sq(k, 0, 1), v.sq(k, 0, -1), v.sq(k, 1, 0)
			from := v.sq(east, 0, 2)
			m := with(k, west, Attacker, north, Attacker, south, Attacker, from, Attacker)
			if !placed(m) || !v.plain(k) || !v.plain(west) || !v.plain(north) || !v.plain(south) || !v.plain(east) {
				continue
			}
			where := "The king is captured only when surrounded on all four sides"
			if v.rules.KingStrength == MiddleweightKing {
				// On the edge three sides do (kingCaptured).
				where = "Away from the board's edge the king is captured only when surrounded on all four sides"
			}
			out = append(out, example{title: "King capture",
				caption: fmt.Sprintf("%s: %s-%s closes the last side.", where, from, east),
				pieces:  m, toMove: Attackers, from: from, to: east, end: KingCaptured})
		}
	}
	return out
}

// shieldwallExamples: a row of defenders on rank 1 taken at once.
func (v *Variant) shieldwallExamples() []example {
	if v.rules.Shieldwall == NoShieldwall || v.Size() < 9 {
		return nil
	}
	row := []Square{At(3, 0), At(4, 0), At(5, 0)}
	bracket, to, from := At(2, 0), At(6, 0), At(6, 3)
	m := with(v.centre(), bracket, Attacker, from, Attacker)
	for _, sq := range row {
		m[sq] = Defender
		m[v.sq(sq, 0, 1)] = Attacker
	}
	return []example{{title: "Shieldwall",
		caption: fmt.Sprintf("The defenders %s, %s and %s stand on the edge, each with an attacker in front; %s-%s closes the row against %s and captures all three at once.", row[0], row[1], row[2], from, to, bracket),
		pieces:  m, toMove: Attackers, from: from, to: to, captures: row}}
}

// combinedTrapExamples: the Linnaean capture beside a boxed-in king.
func (v *Variant) combinedTrapExamples() []example {
	t := v.Throne()
	if !v.rules.CombinedTrap || t == NoSquare {
		return nil
	}
	k := v.sq(t, -1, 0)
	guard, target := v.sq(k, -1, 0), v.sq(k, -2, 0)
	var out []example
	for _, from := range []Square{v.sq(target, -1, 0), v.sq(target, 0, 2), v.sq(target, 0, -2)} {
		m := with(k, guard, Defender, v.sq(k, 0, 1), Attacker, v.sq(k, 0, -1), Attacker, from, Attacker)
		if !placed(m) {
			continue
		}
		out = append(out, example{title: "Combined trap",
			caption: fmt.Sprintf("The king on %s is blocked by the attackers above and below him and by the throne; %s-%s captures the defender on %s beside him. The king himself is not captured.", k, from, target, guard),
			pieces:  m, toMove: Attackers, from: from, to: target, captures: []Square{guard}})
	}
	return out
}

// exitFortExamples: the king on the edge inside an unbreakable fort.
func (v *Variant) exitFortExamples() []example {
	if !v.rules.ExitFort {
		return nil
	}
	n := v.Size()
	m := n / 2
	k := At(m, 0)
	from, to := At(m, 4), At(m, 2)
	pieces := with(k, At(m-1, 0), Defender, At(m+1, 0), Defender, At(m-1, 1), Defender, At(m+1, 1), Defender,
		At(m-1, 2), Defender, At(m+1, 2), Defender, from, Defender,
		At(0, m), Attacker, At(n-1, m), Attacker, At(2, n-3), Attacker)
	return []example{{title: "Exit fort",
		caption: fmt.Sprintf("%s-%s closes a fort round the king on the edge: he can still move, and the attackers can never break in or capture its walls. The defenders win.", from, to),
		pieces:  pieces, toMove: Defenders, from: from, to: to, end: ExitFort}}
}

// encirclementExamples: a ring of attackers closed round every defender.
func (v *Variant) encirclementExamples() []example {
	if !v.rules.Encirclement {
		return nil
	}
	c := v.centre()
	pieces := with(c, v.sq(c, -1, -1), Defender)
	for i := -1; i <= 1; i++ {
		for _, sq := range []Square{v.sq(c, -2, i), v.sq(c, 2, i), v.sq(c, i, -2)} {
			pieces[sq] = Attacker
		}
	}
	pieces[v.sq(c, -1, 2)], pieces[v.sq(c, 0, 2)] = Attacker, Attacker
	to := v.sq(c, 1, 2)
	from := v.sq(c, 1, 4)
	pieces[from] = Attacker
	if !placed(pieces) {
		return nil
	}
	return []example{{title: "Encirclement",
		caption: fmt.Sprintf("%s-%s closes a ring of attackers round every defender: none of them can reach the edge any more, and the attackers win.", from, to),
		pieces:  pieces, toMove: Attackers, from: from, to: to, end: Encirclement}}
}
