package tafl

import (
	"fmt"
	"slices"
	"strings"
)

// This file turns a variant's Rules into the rules page players read
// (/tafl rules, tafl rules): every sentence comes from the rule data, so
// the page and the engine cannot disagree.

// RulesPage is a variant's rules in plain English, generated from its
// [Rules] by [Variant.RulesPage].
type RulesPage struct {
	Title    string         // Title names the variant, its stable name (with the layout) and the board size.
	Sections []RulesSection // Sections are the parts of the rules, in reading order.
}

// RulesSection is one part of a [RulesPage]: a heading and its sentences.
type RulesSection struct {
	Heading string   // Heading is a short title such as "Capturing".
	Lines   []string // Lines are the rules, one sentence or short paragraph each.
}

// Text returns the page as plain text: the title, then each section's
// heading followed by its lines as "- " items.
func (p RulesPage) Text() string {
	var b strings.Builder
	b.WriteString(p.Title + "\n")
	for _, s := range p.Sections {
		b.WriteString("\n" + s.Heading + "\n")
		for _, l := range s.Lines {
			b.WriteString("- " + l + "\n")
		}
	}
	return b.String()
}

// FullName returns the variant's stable name with its layout where the
// preset has several ("tawlbwrdd/bell"), as commands accept it.
func (v *Variant) FullName() string {
	if v.rules.Layout != "" {
		return v.rules.Name + "/" + v.rules.Layout
	}
	return v.rules.Name
}

// RulesPage describes the variant's rules, generated from its Rules.
func (v *Variant) RulesPage() RulesPage {
	r := &v.rules
	title := r.Title
	if title == "" {
		title = "Custom variant"
	}
	name := v.FullName()
	if name == "" {
		name = "custom"
	}
	page := RulesPage{Title: fmt.Sprintf("%s (%s, %d×%d)", title, name, v.size, v.size)}
	if size := fmt.Sprintf("%d×%d", v.size, v.size); strings.Contains(title, size) {
		page.Title = fmt.Sprintf("%s (%s)", title, name) // "Hnefatafl 9×9 (hnefatafl-9)", not "(hnefatafl-9, 9×9)"
	}
	add := func(heading string, lines ...string) {
		var kept []string
		for _, l := range lines {
			if l != "" {
				kept = append(kept, l)
			}
		}
		page.Sections = append(page.Sections, RulesSection{Heading: heading, Lines: kept})
	}
	add("Pieces and turns", v.piecesLine(), fmt.Sprintf("The %s move first; then the players take turns, one move each.", r.First))
	add("Moving", v.movingLines()...)
	add("Capturing", v.capturingLines()...)
	add("The king", v.kingLines()...)
	add("Winning and drawing", v.endLines()...)
	return page
}

// piecesLine says where the pieces start. A custom start may have no
// attackers (the page said "(0 dark discs) start on the rim"), or no
// defenders but the king, or one of either, and may put the attackers
// off the rim or the king off the centre.
func (v *Variant) piecesLine() string {
	start := v.Start()
	n := v.size
	rim := false
	for f := range n {
		for r := range n {
			if (f == 0 || r == 0 || f == n-1 || r == n-1) && start.At(At(f, r)).Side() == Attackers {
				rim = true
			}
		}
	}
	var attackers string
	switch a := start.Count(Attackers); {
	case a == 0:
		attackers = "The attackers (dark discs) have no piece in the start position, so they have no move"
	case a == 1:
		attackers = "The attackers (1 dark disc) start"
	default:
		attackers = fmt.Sprintf("The attackers (%d dark discs) start", a)
	}
	if start.Count(Attackers) > 0 {
		if rim {
			attackers += " on the rim"
		} else {
			attackers += " inside the rim"
		}
	}
	k := start.King()
	where := "in the centre"
	if k != At(n/2, n/2) { // boards have an odd size
		where = "off the centre"
	}
	var defenders string
	switch d := start.Count(Defenders) - 1; d {
	case 0:
		defenders = fmt.Sprintf("the defenders are the king alone (the crowned piece, on %s), who starts %s", k, where)
	case 1:
		defenders = fmt.Sprintf("the defenders (1 light square) and their king (the crowned piece, on %s) start %s", k, where)
	default:
		defenders = fmt.Sprintf("the defenders (%d light squares) and their king (the crowned piece, on %s) start %s", d, k, where)
	}
	return attackers + "; " + defenders + "."
}

// movingLines says how pieces move and where they may not go.
func (v *Variant) movingLines() []string {
	r := &v.rules
	lines := []string{"Every piece moves like a rook in chess: any number of empty squares along a row or column, never through or onto another piece."}
	// A piece not standing in an area may stop on (pass) its squares when
	// its kind is in both Stop (Pass) and Reenter; one standing in it, by
	// Stop (Pass) alone.
	if t := r.Throne; len(t.Squares) > 0 {
		sq := t.Squares[0]
		stop, pass := t.Stop&t.Reenter, t.Pass&t.Reenter
		if r.ThroneBlockedAfterKingLeaves {
			stop, pass = NoKinds, NoKinds
		}
		var s string
		switch {
		case stop == NoKinds && v.Start().King() == sq:
			s = fmt.Sprintf("No piece may stop on the throne (%s), the king's starting square (not even the king, once he has left it)", sq)
		case stop == NoKinds:
			s = fmt.Sprintf("No piece may stop on the throne (%s)", sq)
		case stop == KindKing:
			s = fmt.Sprintf("Only the king may stop on the throne (%s)", sq)
		default:
			s = fmt.Sprintf("On the throne (%s) may stop: %s", sq, kindWords(stop))
		}
		switch {
		case pass == AllKinds:
			s += "; every piece may pass over it while it is empty."
		case pass == NoKinds:
			s += "; no piece may pass through it."
		default:
			s += fmt.Sprintf("; only %s may pass over it while it is empty.", kindWords(pass))
		}
		lines = append(lines, s)
		switch {
		case r.ThroneBlockedAfterKingLeaves:
			// The line above says it all: nobody stops on it or passes
			// it, the king not even after leaving it.
		case stop.Has(King):
			lines = append(lines, "The king may return to the throne after leaving it.")
		case t.Stop.Has(King):
			lines = append(lines, "Once the king has left the throne he may not return to it.")
		}
	}
	if c := r.Corners; len(c.Squares) > 0 {
		what := "corner squares"
		if len(c.Squares) > 4 {
			what = "corner blocks"
		}
		stop, pass := c.Stop&c.Reenter, c.Pass&c.Reenter
		switch {
		case stop == KindKing && pass&^KindKing == 0:
			lines = append(lines, fmt.Sprintf("Only the king may enter the %s (%s).", what, squareWords(c.Squares)))
		default:
			lines = append(lines, fmt.Sprintf("The %s (%s) may be entered by %s and passed by %s.", what, squareWords(c.Squares), kindWords(stop), kindWords(pass)))
		}
	}
	if c := r.Camps; len(c.Squares) > 0 {
		camps := v.campWords()
		own := "the camps"
		if r.OwnCamp {
			own = "its own camp"
		}
		stop, pass := c.Stop&c.Reenter, c.Pass&c.Reenter
		switch {
		case stop == NoKinds && pass == NoKinds:
			lines = append(lines, fmt.Sprintf("The camps (%s) belong to the attackers: no piece may enter or pass through a camp from outside. A piece standing in a camp may move within %s and out of it; once out, it may never enter a camp again.", camps, own))
		default:
			lines = append(lines, fmt.Sprintf("The camps (%s): %s may enter them from outside and %s may pass through them. A piece standing in a camp may move within %s and out of it.", camps, kindWords(stop), kindWords(pass), own))
		}
	}
	return lines
}

// capturingLines says how pieces are captured and which squares are hostile.
func (v *Variant) capturingLines() []string {
	r := &v.rules
	against := "another of your pieces"
	if v.hostileToPieces() {
		against += " or a hostile square"
	}
	lines := []string{"Capture an enemy piece by moving so that it is sandwiched, along a row or column (never diagonally), between the piece you moved and " + against + ". Only the moving side captures: a piece may safely move in between two enemies. One move may capture several pieces."}
	if t := r.Throne; len(t.Squares) > 0 {
		lines = append(lines, throneHostility(t))
	}
	if c := r.Corners; len(c.Squares) > 0 {
		switch {
		case c.Hostile == AllKinds && c.HostileOccupied == AllKinds:
			lines = append(lines, "The corners are hostile to every piece: a piece beside a corner is captured by one enemy on its other side.")
		case c.Hostile == NoKinds && c.HostileOccupied == NoKinds:
			lines = append(lines, "The corners are not hostile: they never help to capture.")
		case c.Hostile == c.HostileOccupied:
			lines = append(lines, fmt.Sprintf("The corners are hostile to %s, whether empty or occupied.", kindWords(c.Hostile)))
		default:
			lines = append(lines, fmt.Sprintf("An empty corner is hostile to %s; an occupied corner to %s.", kindWords(c.Hostile), kindWords(c.HostileOccupied)))
		}
	}
	if c := r.Camps; len(c.Squares) > 0 {
		same := ""
		if r.OwnCamp {
			same = ", except to a piece standing in that same camp"
		}
		switch {
		case c.Hostile == AllKinds && c.HostileOccupied == AllKinds:
			lines = append(lines, "The camps are hostile to every piece, whether empty or occupied"+same+".")
		case c.Hostile == AllKinds && c.HostileOccupied == NoKinds:
			lines = append(lines, "An empty camp is hostile to every piece"+same+"; an occupied camp is not hostile.")
		case c.Hostile&^KindKing == 0 && c.HostileOccupied&^KindKing == 0:
			if c.Hostile.Has(King) {
				lines = append(lines, "The camps are not hostile to ordinary pieces; they count against the king (see The king).")
			} else {
				lines = append(lines, "The camps are not hostile: they never help to capture.")
			}
		case c.Hostile == c.HostileOccupied:
			lines = append(lines, fmt.Sprintf("The camps are hostile to %s, whether empty or occupied%s.", kindWords(c.Hostile), same))
		default:
			lines = append(lines, fmt.Sprintf("An empty camp is hostile to %s; an occupied camp to %s%s.", kindWords(c.Hostile), kindWords(c.HostileOccupied), same))
		}
	}
	switch r.KingArms {
	case ArmedKing:
		lines = append(lines, "The king is armed: he captures like any other piece, both as the piece that moves and as the piece on the far side.")
	case UnarmedKing:
		lines = append(lines, "The king is unarmed: he takes no part in captures, neither as the piece that moves nor as the piece on the far side.")
	case HammerKing:
		lines = append(lines, "The king captures only as the piece that moves, never as the piece on the far side.")
	case AnvilKing:
		lines = append(lines, "The king helps to capture only as the piece on the far side, never by moving.")
	}
	if r.Shieldwall != NoShieldwall {
		s := "Shieldwall: a row of two or more pieces of one side along the board's edge is captured at once when an enemy stands directly in front of every piece of the row and both ends of the row are closed along the edge by enemy pieces"
		if r.Shieldwall == ShieldwallStrong {
			s += " or a corner"
		}
		if r.ShieldwallFlankOnly {
			s += "; the capturing move is the one that lands on one of the two end squares"
		}
		s += ". A king in the row is not captured; the rest are."
		lines = append(lines, s)
	}
	if r.CombinedTrap {
		lines = append(lines, "Combined trap: when the king is blocked on three sides by attackers or restricted squares, a defender on his fourth side is captured by an attacker moving to the square beyond it, in line with the king. The king himself is not captured by this.")
	}
	return lines
}

// hostileToPieces reports whether any special square (throne, corner,
// camp), empty or occupied, is hostile to an attacker or a defender other
// than the king: whether "a hostile square" belongs in the capture rule.
func (v *Variant) hostileToPieces() bool {
	for _, a := range []Area{v.rules.Throne, v.rules.Corners, v.rules.Camps} {
		if len(a.Squares) > 0 && (a.Hostile|a.HostileOccupied)&(KindAttacker|KindDefender) != 0 {
			return true
		}
	}
	return false
}

// throneHostility says to whom the throne is hostile, empty and occupied.
func throneHostility(t Area) string {
	e, o := t.Hostile, t.HostileOccupied
	switch {
	case e == AllKinds && o == AllKinds:
		return "The throne is hostile to every piece, even while the king stands on it: a defender between the occupied throne and an attacker is captured."
	case e == NoKinds && o == NoKinds:
		return "The throne is never hostile: it does not help to capture."
	case e == AllKinds && o == KindAttacker:
		return "The empty throne is hostile to every piece; while the king is on it, it is hostile to the attackers only."
	case e == o && e&^KindKing == 0:
		return "The throne is not hostile to ordinary pieces; it counts against the king (see The king)."
	case e == AllKinds && o == NoKinds:
		return "The empty throne is hostile to every piece; while the king is on it, it is not hostile."
	}
	return fmt.Sprintf("The empty throne is hostile to %s; while the king is on it, to %s.", kindWords(e), kindWords(o))
}

// kingLines says how the king is captured.
func (v *Variant) kingLines() []string {
	r := &v.rules
	var lines []string
	// With no square hostile to him, the king's lines name none.
	hostile := v.kingHostileWords()
	orSquare, orSquares, aSquare := "", "", ""
	if hostile != "" {
		orSquare = " or between an attacker and a hostile square" + hostile
		orSquares = " or hostile squares" + hostile
		aSquare = ", a hostile square" + hostile
	}
	strength := r.KingStrength
	if strength == StrongNearThrone && v.Throne() == NoSquare {
		// With no throne he is captured as a weak king (kingCaptured).
		strength = WeakKing
	}
	switch strength {
	case WeakKing:
		between := ", along a row or column"
		if hostile != "" {
			between += ","
		}
		lines = append(lines, "The king is captured like any other piece: between two attackers on opposite sides"+between+orSquare+".")
	case StrongKing:
		lines = append(lines, "The king is captured only when he is surrounded on all four sides by attackers"+orSquares+", so he can never be captured on the board's edge.")
	case StrongNearThrone:
		lines = append(lines, "On the throne the king is captured only when attackers surround him on all four sides; beside the throne, by attackers on his three other sides (the throne is the fourth); anywhere else, like any other piece, between two attackers on opposite sides"+orSquare+".")
	case MiddleweightKing:
		lines = append(lines, "The king is captured when every side of him is an attacker"+aSquare+" or the board's edge.")
	}
	return lines
}

// kingHostileWords lists the special squares that count against the king,
// as " (the empty throne, the corners)", or "" when none do.
func (v *Variant) kingHostileWords() string {
	r := &v.rules
	var parts []string
	if len(r.Throne.Squares) > 0 {
		switch {
		case r.Throne.Hostile.Has(King) && r.Throne.HostileOccupied.Has(King):
			parts = append(parts, "the throne")
		case r.Throne.Hostile.Has(King):
			parts = append(parts, "the empty throne")
		}
	}
	if len(r.Corners.Squares) > 0 && r.Corners.Hostile.Has(King) {
		parts = append(parts, "the corners")
	}
	if len(r.Camps.Squares) > 0 && r.Camps.Hostile.Has(King) {
		parts = append(parts, "the camps")
	}
	if len(parts) == 0 {
		return ""
	}
	return " (here: " + strings.Join(parts, ", ") + ")"
}

// endLines says how the game is won, lost and drawn.
func (v *Variant) endLines() []string {
	r := &v.rules
	var lines []string
	switch r.Escape {
	case EscapeCorners:
		what := "a corner square"
		if len(r.Corners.Squares) > 4 {
			what = "a square of a corner block"
		}
		lines = append(lines, "The defenders win when the king reaches "+what+".")
	case EscapeEdge:
		s := "The defenders win when the king reaches any square on the board's edge"
		if not := v.edgeExcluded(); not != "" {
			s += " that he may stop on (not " + not + ")"
		}
		lines = append(lines, s+".")
	}
	lines = append(lines, "The attackers win by capturing the king.")
	if r.ExitFort {
		lines = append(lines, "Exit fort: the defenders also win when the king stands on the edge, able to move, inside a fort of defenders that the attackers can never break into or capture.")
	}
	if r.Encirclement {
		lines = append(lines, "Encirclement: the attackers also win when they enclose every defender, the king included, so that none of them can reach the board's edge.")
	}
	switch r.Repetition {
	case RepetitionIgnore:
		lines = append(lines, "Repeating a position has no consequence.")
	case RepetitionDraw:
		lines = append(lines, "When the same position (the board and the side to move) occurs for the third time, the game is a draw.")
	case RepetitionDefendersLose:
		lines = append(lines, "Perpetual repetition is a loss for the defenders: when the same position (the board and the side to move) occurs for the third time, the attackers win.")
	case RepetitionMoverLoses:
		lines = append(lines, "The player whose move makes the same position (the board and the side to move) occur for the third time loses.")
	case RepetitionForbidden:
		lines = append(lines, "Repetition is forbidden: a move that would make the same position (the board and the side to move) occur for the third time is not allowed; choose another.")
	}
	if r.NoMovesDraw {
		lines = append(lines, "A player who cannot move does not lose: the game is drawn (stalemate).")
	} else {
		lines = append(lines, "A player who cannot move loses.")
	}
	lines = append(lines, "When the king has an open line to an escape square, it is called Raichi; with two or more open lines, Tuicha.")
	return lines
}

// edgeExcluded names the kinds of edge square that are not escape squares
// ("a camp", "a corner or a camp"), or returns "" when every edge square is one.
func (v *Variant) edgeExcluded() string {
	var camp, corner, other bool
	n := v.Size()
	for _, sq := range v.Squares() {
		f, r := sq.File(), sq.Rank()
		if (f != 0 && r != 0 && f != n-1 && r != n-1) || v.IsEscape(sq) {
			continue
		}
		switch {
		case v.IsCamp(sq):
			camp = true
		case v.IsCorner(sq):
			corner = true
		default:
			other = true
		}
	}
	var parts []string
	if corner {
		parts = append(parts, "a corner")
	}
	if camp {
		parts = append(parts, "a camp")
	}
	if other {
		parts = append(parts, "a square closed to the king")
	}
	return strings.Join(parts, " or ")
}

// kindWords names a set of piece kinds: "every piece", "the king",
// "attackers and defenders", "no piece".
func kindWords(k Kinds) string {
	switch k {
	case AllKinds:
		return "every piece"
	case NoKinds:
		return "no piece"
	case KindKing:
		return "the king"
	case KindAttacker:
		return "the attackers"
	case KindDefender:
		return "the defenders other than the king"
	case KindAttacker | KindDefender:
		return "every piece but the king"
	case KindAttacker | KindKing:
		return "the attackers and the king"
	case KindDefender | KindKing:
		return "the defenders and the king"
	}
	return k.String()
}

// squareWords lists squares: "a1, a11, k1 and k11".
func squareWords(sqs []Square) string {
	sorted := slices.Clone(sqs)
	slices.SortFunc(sorted, func(a, b Square) int {
		if a.File() != b.File() {
			return a.File() - b.File()
		}
		return a.Rank() - b.Rank()
	})
	names := make([]string, len(sorted))
	for i, sq := range sorted {
		names[i] = sq.String()
	}
	if len(names) <= 1 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// campWords lists the camps, one group of orthogonally connected squares
// per camp, in the order the rules list them: "a4 a5 a6 b5; d1 e1 f1 e2".
func (v *Variant) campWords() string {
	list := v.rules.Camps.Squares
	group := make([]int, len(list)) // group number + 1
	next := 0
	for i := range list {
		if group[i] != 0 {
			continue
		}
		next++
		group[i] = next
		for stack := []int{i}; len(stack) > 0; {
			j := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for k := range list {
				df, dr := list[j].File()-list[k].File(), list[j].Rank()-list[k].Rank()
				if group[k] == 0 && df*df+dr*dr == 1 {
					group[k] = next
					stack = append(stack, k)
				}
			}
		}
	}
	parts := make([]string, next)
	for i, sq := range list {
		g := group[i] - 1
		if parts[g] != "" {
			parts[g] += " "
		}
		parts[g] += sq.String()
	}
	return strings.Join(parts, "; ")
}
