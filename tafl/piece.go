package tafl

// Side is one of the two players. The zero value, NoSide, is neither.
type Side uint8

// The sides.
const (
	NoSide    Side = iota // NoSide is neither side (for example, the winner of a drawn game).
	Attackers             // Attackers are the larger force that starts on the rim.
	Defenders             // Defenders are the king and his men in the centre.
)

// Other returns the opposing side (NoSide for NoSide).
func (s Side) Other() Side {
	switch s {
	case Attackers:
		return Defenders
	case Defenders:
		return Attackers
	}
	return NoSide
}

// String returns "attackers", "defenders" or "none".
func (s Side) String() string {
	switch s {
	case Attackers:
		return "attackers"
	case Defenders:
		return "defenders"
	}
	return "none"
}

// ParseSide reads "attackers" or "defenders" (also "a"/"d", "black"/"white").
func ParseSide(text string) (Side, error) {
	switch text {
	case "attackers", "attacker", "a", "black":
		return Attackers, nil
	case "defenders", "defender", "d", "white":
		return Defenders, nil
	}
	return NoSide, &SyntaxError{Kind: "side", Text: text, Msg: `a side is "attackers" or "defenders"`}
}

// Piece is what stands on a square. The zero value, Empty, is no piece.
type Piece uint8

// The pieces.
const (
	Empty    Piece = iota // Empty is an empty square.
	Attacker              // Attacker is an attacking piece (OTN "t").
	Defender              // Defender is a defending piece other than the king (OTN "T").
	King                  // King is the defenders' king (OTN "K").
	wall                  // wall marks cells outside the board (internal).
)

// Side returns the side the piece belongs to (NoSide for Empty).
func (p Piece) Side() Side {
	switch p {
	case Attacker:
		return Attackers
	case Defender, King:
		return Defenders
	}
	return NoSide
}

// Letter returns the piece's OTN letter: 't', 'T', 'K', or '.' for Empty.
func (p Piece) Letter() byte {
	switch p {
	case Attacker:
		return 't'
	case Defender:
		return 'T'
	case King:
		return 'K'
	}
	return '.'
}

// String returns "attacker", "defender", "king" or "empty".
func (p Piece) String() string {
	switch p {
	case Attacker:
		return "attacker"
	case Defender:
		return "defender"
	case King:
		return "king"
	}
	return "empty"
}

// Kinds is a set of piece kinds (attacker, defender, king), used by the rules
// to say who may stop on, pass or be threatened by a special square.
type Kinds uint8

// The kinds, and sets of them.
const (
	KindAttacker Kinds = 1 << Attacker // KindAttacker is the set holding attackers.
	KindDefender Kinds = 1 << Defender // KindDefender is the set holding non-king defenders.
	KindKing     Kinds = 1 << King     // KindKing is the set holding the king.

	// AllKinds holds every piece kind.
	AllKinds = KindAttacker | KindDefender | KindKing
	// NoKinds is the empty set.
	NoKinds Kinds = 0
)

// Has reports whether the set holds piece p.
func (k Kinds) Has(p Piece) bool { return k&(1<<p) != 0 }

// String returns the set in OTN form, such as "tTK" (empty for none).
func (k Kinds) String() string {
	var b []byte
	for _, p := range []Piece{Attacker, Defender, King} {
		if k.Has(p) {
			b = append(b, p.Letter())
		}
	}
	return string(b)
}
