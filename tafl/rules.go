package tafl

import (
	"slices"
	"strings"
)

// Escape says where the king must go to win.
type Escape uint8

// The escape rules. The zero value is unset and invalid in a Rules.
const (
	NoEscape      Escape = iota // NoEscape is unset.
	EscapeCorners               // EscapeCorners: the king wins on a corner square (or corner block).
	EscapeEdge                  // EscapeEdge: the king wins on any edge square he may stop on.
)

// KingArms says whether the king takes part in captures.
type KingArms uint8

// The king's arms. The zero value is unset and invalid in a Rules.
const (
	NoArms      KingArms = iota // NoArms is unset.
	ArmedKing                   // ArmedKing captures as hammer (moving) and anvil (standing).
	UnarmedKing                 // UnarmedKing takes no part in captures.
	HammerKing                  // HammerKing captures only by moving.
	AnvilKing                   // AnvilKing helps capture only by standing.
)

// KingStrength says how the king is captured.
type KingStrength uint8

// The king strengths. The zero value is unset and invalid in a Rules.
const (
	NoStrength       KingStrength = iota // NoStrength is unset.
	WeakKing                             // WeakKing is captured like any piece: two sides, hostile squares count.
	StrongKing                           // StrongKing needs all four sides taken by attackers or hostile squares.
	StrongNearThrone                     // StrongNearThrone: four on the throne, three plus throne beside it, two elsewhere.
	MiddleweightKing                     // MiddleweightKing is taken when every side is an attacker, a hostile square or off the board.
)

// Shieldwall says whether rows of pieces on the edge can be captured at once.
type Shieldwall uint8

// The shieldwall rules. The zero value is "no shieldwall".
const (
	NoShieldwall     Shieldwall = iota // NoShieldwall: no shieldwall captures.
	ShieldwallWeak                     // ShieldwallWeak: only pieces bracket a row (OTN sw:w).
	ShieldwallStrong                   // ShieldwallStrong: pieces or corners bracket a row (OTN sw:s).
)

// Repetition says what happens when a position occurs for the third time.
// A position is the board and the side to move.
type RepetitionRule uint8

// The repetition rules. The zero value ignores repetition.
const (
	RepetitionIgnore        RepetitionRule = iota // RepetitionIgnore: nothing happens.
	RepetitionDraw                                // RepetitionDraw: the third occurrence draws.
	RepetitionDefendersLose                       // RepetitionDefendersLose: the third occurrence is a loss for the defenders.
	RepetitionMoverLoses                          // RepetitionMoverLoses: the player whose move makes the third occurrence loses (OTN tfr:w).
	RepetitionForbidden                           // RepetitionForbidden: a move that would make a third occurrence is illegal.
)

// repetitionNames are the rules' names, in the order of the constants.
var repetitionNames = [...]string{"ignore", "draw", "defenders-lose", "mover-loses", "forbidden"}

// RepetitionNames returns the rules' names, in the order of the constants:
// the values of OTN's tb-rep key and of the tools' -repetition flag.
func RepetitionNames() []string { return append([]string(nil), repetitionNames[:]...) }

// ParseRepetition returns the rule named name (one of RepetitionNames).
func ParseRepetition(name string) (RepetitionRule, bool) {
	for i, n := range repetitionNames {
		if n == name {
			return RepetitionRule(i), true
		}
	}
	return 0, false
}

// Area describes a kind of special square: the throne, the corners or the
// camps. Its sets say which piece kinds may do what there, as OpenTafl
// reads the matching OTN keys (…s, …p, …re, …h; see docs/notation.md).
//
// A piece may stop on (pass) a square of the area when its kind is in Stop
// (Pass) and, unless it is standing on a square of the same kind of area
// when it moves, also in Reenter. Leaving a square is always allowed. So
// Reenter without the king makes a throne the king may not come back to,
// and camps whose Reenter is empty may be used only by pieces already in
// one (see also Rules.OwnCamp).
type Area struct {
	Squares         []Square // Squares are the area's squares; none means no such area.
	Stop            Kinds    // Stop: kinds that may end a move on an empty square of the area.
	Pass            Kinds    // Pass: kinds that may move through an empty square of the area.
	Reenter         Kinds    // Reenter: kinds that may stop on or pass the area's squares when not standing on one.
	Hostile         Kinds    // Hostile: kinds to which an empty square of the area is hostile.
	HostileOccupied Kinds    // HostileOccupied: kinds to which an occupied square of the area is hostile.
}

// Rules describe a variant completely, as data. Every preset is a Rules
// value (see [Presets]); custom variants come from OTN rules strings
// (see [ParseRules]). Turn a Rules into a playable [Variant] with
// [NewVariant].
type Rules struct {
	Name   string // Name is the preset's stable name, or "custom".
	Layout string // Layout names the start layout where a preset has several (tawlbwrdd).
	Title  string // Title is the human-readable name.

	Size  int    // Size is the board's side: odd, from 7 to 19.
	Start string // Start is the start position as an OTN position record (rank 1 first).
	First Side   // First is the side that moves first.

	Escape  Escape // Escape says where the king wins.
	Throne  Area   // Throne is the central square (at most one square).
	Corners Area   // Corners are the corner squares or blocks.
	Camps   Area   // Camps are the attackers' camps (OTN attacker forts).

	KingArms     KingArms     // KingArms says whether the king captures.
	KingStrength KingStrength // KingStrength says how the king is captured.

	Shieldwall                   Shieldwall     // Shieldwall enables edge shieldwall captures.
	ShieldwallFlankOnly          bool           // ShieldwallFlankOnly: only a move onto a bracket square completes a shieldwall (OTN swf:y).
	ExitFort                     bool           // ExitFort: the defenders win with an unbreakable fort around the king on the edge.
	Encirclement                 bool           // Encirclement: the attackers win when no defender can reach the edge.
	CombinedTrap                 bool           // CombinedTrap: the Linnaean capture of a defender beside a nearly enclosed king (OTN linc).
	Repetition                   RepetitionRule // Repetition says what a third occurrence of a position does.
	NoMovesDraw                  bool           // NoMovesDraw: a side with no legal move draws instead of losing.
	ThroneBlockedAfterKingLeaves bool           // ThroneBlockedAfterKingLeaves: once the king has left, nobody may stop on or pass the throne.
	// OwnCamp: a piece standing in a camp counts as standing in the same
	// kind of area only for the squares of its own camp (other camps it may
	// use only as a piece coming from outside may), and a camp square is
	// never hostile to a piece standing in that same camp. Without it
	// (OpenTafl) every camp square is one area. An extension (tb-owncamp).
	OwnCamp bool
}

// Variant is a compiled, immutable [Rules] with the tables move generation
// needs. It is safe for concurrent use. Build one with [NewVariant] or get
// a preset with [Preset].
type Variant struct {
	rules Rules
	size  int
	start Position

	throne        Square
	kinds         [numCells]uint8    // sqThrone|sqCorner|sqCamp|sqEdge|sqEscape|sqFort|sqSpecial
	escWays       [numCells]uint8    // bit i: an escape square lies from the square in direction dirs[i]
	specialWays   [numCells]uint8    // bit i: a throne, corner or camp lies from the square in direction dirs[i]; all four on one
	camp          [numCells]uint8    // camp number (1…), 0 outside camps
	group         [numCells]uint8    // 0 for ordinary squares; squares of one group share an area (see Rules.OwnCamp)
	inward        [numCells]Square   // for edge squares (not board corners): the step toward the centre
	wallBeside    [numCells]uint32   // 0xFF in byte i when the cell beside the square in direction dirs[i] could be part of a shieldwall closed by a move to the square (see shieldwalls)
	toEdge        [numCells][4]int8  // the four steps from the square, the one toward the nearest edge last (see reachesEdge)
	move          [4][numCells]uint8 // [piece][square]: mayStop|mayPass for pieces not standing in the square's group
	inner         [4][numCells]uint8 // [piece][square]: mayStop|mayPass for pieces standing in the square's group
	hostE         [4][numCells]bool  // [victim][square]: hostile while empty
	hostO         [4][numCells]bool  // [victim][square]: hostile while occupied
	squares       []Square           // every square of the board, rank 1 first
	used          int                // cells a position of this size uses: its rows and the wall rows around them
	hammer, anvil bool               // the king's arms
	anvilOf       [3][8]bool         // [mover][piece]: a standing piece that closes a capture for mover (its side's pawns; the king when he is an anvil)
	shieldwall    bool               // shieldwall captures are played
}

// Square kinds in Variant.kinds.
const (
	sqThrone uint8 = 1 << iota
	sqCorner
	sqCamp
	sqEdge
	sqEscape
	sqFort    // an edge square, when exit forts end the game: where the king may stand in one
	sqSpecial = sqThrone | sqCorner | sqCamp
)

// Move permissions in Variant.move.
const (
	mayStop uint8 = 1 << iota
	mayPass
)

// rulesList writes squares as a rules string's list does: "a1,a7".
func rulesList(squares []Square) string {
	parts := make([]string, len(squares))
	for i, sq := range squares {
		parts[i] = sq.String()
	}
	return strings.Join(parts, ",")
}

// NewVariant checks r and compiles it into a playable Variant. Every
// problem is reported with what to change.
func NewVariant(r Rules) (*Variant, error) {
	bad := func(code Code, args ...any) (*Variant, error) {
		return nil, syntaxError("rules", "", code, args...)
	}
	if r.Size < MinSize || r.Size > MaxSize || r.Size%2 == 0 {
		return bad(CodeRulesSize, MinSize, MaxSize, r.Size)
	}
	if r.First != Attackers && r.First != Defenders {
		return bad(CodeRulesFirst)
	}
	if r.Escape != EscapeCorners && r.Escape != EscapeEdge {
		return bad(CodeRulesEscape)
	}
	if r.KingArms < ArmedKing || r.KingArms > AnvilKing {
		return bad(CodeRulesKingArms)
	}
	if r.KingStrength < WeakKing || r.KingStrength > MiddleweightKing {
		return bad(CodeRulesKingStrength)
	}
	if r.Shieldwall > ShieldwallStrong || r.Repetition > RepetitionForbidden {
		return bad(CodeRulesUnknownRule)
	}
	if len(r.Throne.Squares) > 1 {
		return bad(CodeRulesThrones)
	}
	v := &Variant{rules: r, size: r.Size, used: (r.Size + 2) * stride}
	v.rules.Throne.Squares = slices.Clone(r.Throne.Squares)
	v.rules.Corners.Squares = slices.Clone(r.Corners.Squares)
	v.rules.Camps.Squares = slices.Clone(r.Camps.Squares)
	n := r.Size
	for i := range v.kinds {
		v.kinds[i] = 0
	}
	for rank := 0; rank < n; rank++ {
		for file := 0; file < n; file++ {
			sq := At(file, rank)
			v.squares = append(v.squares, sq)
			if file == 0 || rank == 0 || file == n-1 || rank == n-1 {
				v.kinds[sq] |= sqEdge
				if r.ExitFort {
					v.kinds[sq] |= sqFort
				}
			}
			switch {
			case (file == 0 || file == n-1) && (rank == 0 || rank == n-1):
			case file == 0:
				v.inward[sq] = 1
			case file == n-1:
				v.inward[sq] = -1
			case rank == 0:
				v.inward[sq] = stride
			case rank == n-1:
				v.inward[sq] = -stride
			}
		}
	}
	for _, sq := range v.squares {
		for i, d := range dirs {
			in := v.inward[sq+d]
			flank := in != 0 && in == v.inward[sq] // beside sq on its edge row
			front := in == -d && !r.ShieldwallFlankOnly
			if flank || front {
				v.wallBeside[sq] |= 0xFF << (8 * i)
			}
		}
		// The steps by decreasing distance to the edge they head for.
		f, r := sq.File(), sq.Rank()
		far := [4]int{n - 1 - f, f, n - 1 - r, r} // east, west, north, south, as dirs
		order := [4]int{0, 1, 2, 3}
		slices.SortStableFunc(order[:], func(a, b int) int { return far[b] - far[a] })
		for i, k := range order {
			v.toEdge[sq][i] = int8(dirs[k])
		}
	}
	place := func(area string, list []Square, kind uint8) error {
		for _, sq := range list {
			if !sq.OnBoard(n) {
				return syntaxError("rules", sq.String(), CodeRulesOffBoard, area, sq, n, n)
			}
			if k := v.kinds[sq] & sqSpecial; k != 0 {
				// Name both lists, as they stand: the one the user did
				// not write holds its default (cor: the board's corners).
				other, squares := "cen", r.Throne.Squares
				switch {
				case k&sqCorner != 0:
					other, squares = "cor", r.Corners.Squares
				case k&sqCamp != 0:
					other, squares = "afor", r.Camps.Squares
				}
				// A default list is said to be one, with how to set it,
				// rather than quoted as if the user had written it.
				isDefault := func(key string, l []Square) bool {
					return key == "cor" && slices.Equal(l, cornersOf(n)) || key == "cen" && slices.Equal(l, centreOf(n))
				}
				wKey, wList, dKey, dList := area, list, other, squares
				if isDefault(area, list) && !isDefault(other, squares) {
					wKey, wList, dKey, dList = other, squares, area, list
				}
				if isDefault(dKey, dList) && !isDefault(wKey, wList) {
					if dKey == "cor" {
						return syntaxError("rules", sq.String(), CodeRulesTakenCorner, wKey, rulesList(wList), sq, rulesList(dList), wKey)
					}
					return syntaxError("rules", sq.String(), CodeRulesTakenThrone, wKey, rulesList(wList), sq, wKey)
				}
				return syntaxError("rules", sq.String(), CodeRulesTaken, other, rulesList(squares), area, rulesList(list), sq)
			}
			v.kinds[sq] |= kind
		}
		return nil
	}
	if err := place("cen", r.Throne.Squares, sqThrone); err != nil {
		return nil, err
	}
	if err := place("cor", r.Corners.Squares, sqCorner); err != nil {
		return nil, err
	}
	if err := place("afor", r.Camps.Squares, sqCamp); err != nil {
		return nil, err
	}
	if len(r.Throne.Squares) == 1 {
		v.throne = r.Throne.Squares[0]
	}
	v.numberCamps()

	// Who may stop on and pass each square: v.inner for a piece standing
	// on a square of the same group, v.move for any other.
	for _, sq := range v.squares {
		switch k := v.kinds[sq]; {
		case k&sqThrone != 0:
			v.group[sq] = 1
		case k&sqCorner != 0:
			v.group[sq] = 2
		case k&sqCamp != 0 && r.OwnCamp:
			v.group[sq] = 2 + v.camp[sq]
		case k&sqCamp != 0:
			v.group[sq] = 3
		}
	}
	for _, pc := range []Piece{Attacker, Defender, King} {
		for _, sq := range v.squares {
			var a Area
			switch k := v.kinds[sq]; {
			case k&sqThrone != 0:
				a = r.Throne
				if r.ThroneBlockedAfterKingLeaves {
					a.Stop, a.Pass = 0, 0
				}
			case k&sqCorner != 0:
				a = r.Corners
			case k&sqCamp != 0:
				a = r.Camps
			default:
				v.move[pc][sq] = mayStop | mayPass
				v.inner[pc][sq] = mayStop | mayPass
				continue
			}
			if a.Stop.Has(pc) {
				v.inner[pc][sq] |= mayStop
			}
			if a.Pass.Has(pc) {
				v.inner[pc][sq] |= mayPass
			}
			if a.Reenter.Has(pc) {
				v.move[pc][sq] = v.inner[pc][sq]
			}
			if a.Hostile.Has(pc) {
				v.hostE[pc][sq] = true
			}
			if a.HostileOccupied.Has(pc) {
				v.hostO[pc][sq] = true
			}
		}
	}
	// Escape squares.
	for _, sq := range v.squares {
		switch r.Escape {
		case EscapeCorners:
			if v.kinds[sq]&sqCorner != 0 {
				v.kinds[sq] |= sqEscape
			}
		case EscapeEdge:
			if v.kinds[sq]&sqEdge != 0 && v.move[King][sq]&mayStop != 0 {
				v.kinds[sq] |= sqEscape
			}
		}
	}
	for _, sq := range v.squares {
		if v.kinds[sq]&sqSpecial != 0 {
			v.specialWays[sq] = 1<<len(dirs) - 1
		}
		for i, d := range dirs {
			for q := sq + d; q.OnBoard(v.size); q += d {
				if v.kinds[q]&sqSpecial != 0 {
					v.specialWays[sq] |= 1 << i
				}
				if v.kinds[q]&sqEscape != 0 {
					v.escWays[sq] |= 1 << i
				}
			}
		}
	}
	if r.Escape == EscapeCorners && len(r.Corners.Squares) == 0 {
		return bad(CodeRulesNoCorners)
	}
	if r.Escape == EscapeCorners && !(r.Corners.Stop.Has(King) && r.Corners.Reenter.Has(King)) {
		return bad(CodeRulesCornerKing)
	}
	v.shieldwall = r.Shieldwall != NoShieldwall
	v.hammer = r.KingArms == ArmedKing || r.KingArms == HammerKing
	v.anvil = r.KingArms == ArmedKing || r.KingArms == AnvilKing
	for _, mover := range []Side{Attackers, Defenders} {
		for pc := Attacker; pc <= King; pc++ {
			v.anvilOf[mover][pc] = sideOf[pc] == mover && (pc != King || v.anvil)
		}
	}
	if r.Start == "" {
		return bad(CodeRulesNoStart)
	}
	start, err := v.parseRecord(r.Start, r.First)
	if err != nil {
		return nil, err
	}
	v.start = start
	return v, nil
}

// numberCamps gives each group of orthogonally connected camp squares its
// own number, so that a piece can move within its own camp.
func (v *Variant) numberCamps() {
	next := uint8(0)
	for _, sq := range v.squares {
		if v.kinds[sq]&sqCamp == 0 || v.camp[sq] != 0 {
			continue
		}
		next++
		stack := []Square{sq}
		v.camp[sq] = next
		for len(stack) > 0 {
			q := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, d := range dirs {
				if n := q + d; v.kinds[n]&sqCamp != 0 && v.camp[n] == 0 {
					v.camp[n] = next
					stack = append(stack, n)
				}
			}
		}
	}
}

// flags returns the permissions (mayStop|mayPass) of piece pc, standing on
// from, for square q.
func (v *Variant) flags(pc Piece, from, q Square) uint8 {
	if g := v.group[q]; g != 0 && g == v.group[from] {
		return v.inner[pc][q]
	}
	return v.move[pc][q]
}

// Rules returns a copy of the rules the variant was built from.
func (v *Variant) Rules() Rules {
	r := v.rules
	r.Throne.Squares = slices.Clone(r.Throne.Squares)
	r.Corners.Squares = slices.Clone(r.Corners.Squares)
	r.Camps.Squares = slices.Clone(r.Camps.Squares)
	return r
}

// Name returns the variant's stable name ("copenhagen", …, or "custom").
func (v *Variant) Name() string { return v.rules.Name }

// Size returns the board's side length.
func (v *Variant) Size() int { return v.size }

// Start returns the start position.
func (v *Variant) Start() Position { return v.start }

// Squares returns every square of the board, rank 1 first, file a first.
func (v *Variant) Squares() []Square { return slices.Clone(v.squares) }

// IsThrone reports whether sq is the throne.
func (v *Variant) IsThrone(sq Square) bool { return inCells(sq) && v.kinds[sq]&sqThrone != 0 }

// IsCorner reports whether sq is a corner square (or in a corner block).
func (v *Variant) IsCorner(sq Square) bool { return inCells(sq) && v.kinds[sq]&sqCorner != 0 }

// IsCamp reports whether sq is a camp square.
func (v *Variant) IsCamp(sq Square) bool { return inCells(sq) && v.kinds[sq]&sqCamp != 0 }

// IsEscape reports whether the king wins by reaching sq.
func (v *Variant) IsEscape(sq Square) bool { return inCells(sq) && v.kinds[sq]&sqEscape != 0 }

// Throne returns the throne square, or NoSquare when the variant has none.
func (v *Variant) Throne() Square { return v.throne }

func inCells(sq Square) bool { return sq > 0 && int(sq) < numCells }
