package tafl

import (
	"fmt"
	"slices"
)

// Code names what a [SyntaxError] or [MoveError] says, for callers that
// say it in their own words (taflbot's bot says it in seven languages):
// the error's Args fill the verbs of the Code's English format, in order.
// Codes are stable names, such as "rules.unknown_key": a new message gets
// a new Code. An error without a Code ("") is said only in English.
type Code string

// The codes of rules strings ([ParseRules], [NewVariant]) and position
// records ([ParseRecord], [Variant.ParsePosition]).
const (
	CodeRulesEmpty        Code = "rules.empty"
	CodeRulesNotKeyValue  Code = "rules.not_key_value"
	CodeRulesUnknownKey   Code = "rules.unknown_key"
	CodeRulesTwice        Code = "rules.twice"
	CodeRulesDimFirst     Code = "rules.dim_first"
	CodeRulesStartLast    Code = "rules.start_last"
	CodeRulesDim          Code = "rules.dim"
	CodeRulesYesNo        Code = "rules.yes_no"
	CodeRulesValue        Code = "rules.value"
	CodeRulesKingMoves    Code = "rules.king_moves"
	CodeRulesThirdRepWins Code = "rules.third_repetition_wins"
	CodeRulesSquare       Code = "rules.square"
	CodeRulesPieceType    Code = "rules.piece_type"
	CodeRulesForts        Code = "rules.defender_forts"
	CodeRulesKingHostile  Code = "rules.king_hostile"
	CodeRulesSize         Code = "rules.size"
	CodeRulesFirst        Code = "rules.first"
	CodeRulesEscape       Code = "rules.escape"
	CodeRulesKingArms     Code = "rules.king_arms"
	CodeRulesKingStrength Code = "rules.king_strength"
	CodeRulesUnknownRule  Code = "rules.unknown_rule"
	CodeRulesThrones      Code = "rules.thrones"
	CodeRulesOffBoard     Code = "rules.off_board"
	CodeRulesTaken        Code = "rules.taken"
	CodeRulesNoCorners    Code = "rules.no_corners"
	CodeRulesCornerKing   Code = "rules.corner_king"
	CodeRulesNoStart      Code = "rules.no_start"
	CodeRulesKeyCase      Code = "rules.key_case"
	// A square given to the default corners or throne, which the rules
	// string may not have written ("dim:7 cen:a1").
	CodeRulesTakenCorner Code = "rules.taken_default_corner"
	CodeRulesTakenThrone Code = "rules.taken_default_throne"

	CodePositionSlashes        Code = "position.slashes"
	CodePositionRows           Code = "position.rows"
	CodePositionCount          Code = "position.count"
	CodePositionAttackingKing  Code = "position.attacking_king"
	CodePositionUnplayedPiece  Code = "position.unplayed_piece"
	CodePositionNotPiece       Code = "position.not_piece"
	CodePositionRankLength     Code = "position.rank_length"
	CodePositionBoardRows      Code = "position.board_rows"
	CodePositionSide           Code = "position.side"
	CodePositionKings          Code = "position.kings"
	CodePositionAttackerThrone Code = "position.attacker_on_throne"
	CodePositionDefenderThrone Code = "position.defender_on_throne"
	CodePositionAttackerCorner Code = "position.attacker_on_corner"
	CodePositionDefenderCorner Code = "position.defender_on_corner"
)

// The codes of a move's text that [ParseMove] cannot read.
const (
	CodeMoveEmpty       Code = "move.empty"
	CodeMoveFrom        Code = "move.from"
	CodeMoveDash        Code = "move.dash"
	CodeMoveTo          Code = "move.to"
	CodeMoveCaptureList Code = "move.capture_list"
	CodeMoveEnd         Code = "move.end"
)

// The codes of a move that the board does not allow ([Position.CheckMove])
// or whose written annotations ([Game.PlayText]) do not match what it does.
// Their Args start with the move as written or its squares.
const (
	CodeMoveOffBoardFrom Code = "move.off_board_from"
	CodeMoveOffBoardTo   Code = "move.off_board_to"
	CodeMoveOffBoardBoth Code = "move.off_board_both"
	CodeMoveNotKing      Code = "move.not_king"
	CodeMoveCaptures     Code = "move.captures"
	CodeMoveCapturesNone Code = "move.captures_none"
	CodeMoveNoCheck      Code = "move.no_check"
	CodeMoveNoRoute      Code = "move.no_route"
	CodeMoveNoKingTaken  Code = "move.no_king_taken"
	CodeMoveNoEscape     Code = "move.no_escape"
	CodeMoveSuffix       Code = "move.suffix"

	// The board's own refusals ([Position.CheckMove], [Game.Play]).
	CodeMoveNoPiece          Code = "move.no_piece"
	CodeMoveAttackersToMove  Code = "move.attackers_to_move"
	CodeMoveDefendersToMove  Code = "move.defenders_to_move"
	CodeMoveNoDistance       Code = "move.no_distance"
	CodeMoveNotStraight      Code = "move.not_straight"
	CodeMoveOccupied         Code = "move.occupied"
	CodeMoveBlocked          Code = "move.blocked"
	CodeMoveThroneClosedStop Code = "move.throne_closed_stop"
	CodeMoveThroneClosedPass Code = "move.throne_closed_pass"
	CodeMoveThroneNoReturn   Code = "move.throne_no_return"
	CodeMoveThroneKingOnly   Code = "move.throne_king_only"
	CodeMoveThroneNoStop     Code = "move.throne_no_stop"
	CodeMoveThroneStop       Code = "move.throne_stop"
	CodeMoveThronePass       Code = "move.throne_pass"
	CodeMoveCorner           Code = "move.corner"
	CodeMoveCampStop         Code = "move.camp_stop"
	CodeMoveCampPass         Code = "move.camp_pass"
	CodeMoveOtherCamp        Code = "move.other_camp"
	CodeMoveCampFromOutside  Code = "move.camp_from_outside"
	CodeMoveRepetition       Code = "move.repetition"

	// Pieces, as arguments of the codes above: with an article, as the
	// subject of a sentence ("an attacker").
	CodePieceAttacker Code = "piece.attacker"
	CodePieceDefender Code = "piece.defender"
	CodePieceKing     Code = "piece.king"

	// What a suffix says, the arguments of CodeMoveSuffix.
	CodeSuffixCheck     Code = "suffix.check"
	CodeSuffixRoute     Code = "suffix.route"
	CodeSuffixKingTaken Code = "suffix.king_taken"
	CodeSuffixEscape    Code = "suffix.escape"
)

// codeFormats are the codes' English formats.
var codeFormats = map[Code]string{
	CodeRulesEmpty:        "a rules string is key:value pairs, starting with dim:N and ending with start:RECORD",
	CodeRulesNotKeyValue:  "%q is not key:value",
	CodeRulesUnknownKey:   "unknown key %q: taflbot does not play that rule",
	CodeRulesKeyCase:      "key %q: keys are written in small letters, %q",
	CodeRulesTakenCorner:  "%s:%s has %s, one of the default corners (%s: the board's corners, when there is no cor:), and a square is only one of throne, corner and camp: give %s: other squares, or write cor: with the corners you want",
	CodeRulesTakenThrone:  "%s:%s has %s, the default throne (the board's centre, when there is no cen:), and a square is only one of throne, corner and camp: give %s: other squares, or write cen: with the throne you want",
	CodeRulesTwice:        "key %q appears twice",
	CodeRulesDimFirst:     "a rules string starts with dim:N",
	CodeRulesStartLast:    "a rules string ends with start:RECORD (and has it only once, last)",
	CodeRulesDim:          "dim must be an odd board size from %d to %d",
	CodeRulesYesNo:        "%s:%s: the value must be y or n",
	CodeRulesValue:        "%s:%s: unsupported value; taflbot reads %s",
	CodeRulesKingMoves:    "%s:%s: taflbot does not play king jumps, speed limits or berserk (only kj:n, spd:-1, ber:n)",
	CodeRulesThirdRepWins: "tfr:l (the player making the third repetition wins) is not a rule taflbot plays",
	CodeRulesSquare:       "%s: %q is not a square of a %d×%d board",
	CodeRulesPieceType:    "%s: %q is not a piece type (t, T, K …)",
	CodeRulesForts:        "dfor (defender forts) is not a rule taflbot plays",
	CodeRulesKingHostile:  "tb-kingh:%s: %q is not one of corh, cenh, cenhe, aforh",
	CodeRulesSize:         "the board size must be odd, from %d to %d (got %d)",
	CodeRulesFirst:        "the side to move first must be attackers or defenders",
	CodeRulesEscape:       "escape must be corners or edge",
	CodeRulesKingArms:     "the king's arms must be armed, unarmed, hammer or anvil",
	CodeRulesKingStrength: "the king's strength must be weak, strong, strong-near-throne or middleweight",
	CodeRulesUnknownRule:  "unknown shieldwall or repetition rule",
	CodeRulesThrones:      "a variant has at most one throne square",
	CodeRulesOffBoard:     "%s: %s is not on a %d×%d board",
	CodeRulesTaken:        "%s:%s and %s:%s both have %s, but a square is only one of throne, corner and camp: give one of them other squares",
	CodeRulesNoCorners:    "escape to the corners needs corner squares",
	CodeRulesCornerKing:   "escape to the corners needs corners the king may stop on (the king in cors and corre)",
	CodeRulesNoStart:      "the rules need a start position",

	CodePositionSlashes:        "a position record starts and ends with '/', one row per rank from rank 1, such as /3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/",
	CodePositionRows:           "rows in the record: %d; a board has %d to %d",
	CodePositionCount:          "rank %d: %q is not a count of empty squares",
	CodePositionAttackingKing:  "rank %d: an attacking king (k) is not played by taflbot; the king of the defenders is K",
	CodePositionUnplayedPiece:  "rank %d: the piece %q (commander, knight, mercenary or guard) is not played by taflbot",
	CodePositionNotPiece:       "rank %d: %q is not a piece (t attacker, T defender, K king) or a count",
	CodePositionRankLength:     "rank %d has %d squares; every rank of a %d×%d board has %d",
	CodePositionBoardRows:      "rows in the record: %d (one per rank), but this variant's board is %d×%d",
	CodePositionSide:           "the side to move must be attackers or defenders",
	CodePositionKings:          "a position needs exactly one king (K); this one has %d",
	CodePositionAttackerThrone: "attacker on %s: no attacker may stand on the throne",
	CodePositionDefenderThrone: "defender on %s: no defender may stand on the throne",
	CodePositionAttackerCorner: "attacker on %s: no attacker may stand on a corner",
	CodePositionDefenderCorner: "defender on %s: no defender may stand on a corner",

	CodeMoveEmpty:       "a move is written from-to, such as d1-d4",
	CodeMoveFrom:        "a move starts with the square the piece leaves, such as d1 in d1-d4",
	CodeMoveDash:        "the two squares of a move are joined by '-', such as d1-d4",
	CodeMoveTo:          "a move ends with the square the piece reaches, such as d4 in d1-d4",
	CodeMoveCaptureList: "captures are written x and squares joined by '/', such as xd2/c3",
	CodeMoveEnd:         "a move may end only with +, -, ++ or --",

	CodeMoveOffBoardFrom: "%s is not on the %d×%d board (a1 to %s)",
	CodeMoveOffBoardTo:   "%s is not on the %d×%d board (a1 to %s)",
	CodeMoveOffBoardBoth: "%s and %s are not on the %d×%d board (a1 to %s)",
	CodeMoveNotKing:      "the move is written %s but the K prefix marks king moves only, and %s is not the king",
	CodeMoveCaptures:     "the move is written %s but it captures %s, not %s",
	CodeMoveCapturesNone: "the move is written %s but it captures nothing, not %s",
	CodeMoveNoCheck:      "the move is written %s but + says the king can be captured next move, and after this move it cannot: leave the + out",
	CodeMoveNoRoute:      "the move is written %s but - says the king has an escape route, and after this move it has none: leave the - out",
	CodeMoveNoKingTaken:  "the move is written %s but ++ says the move captures the king, and this move does not: leave the ++ out",
	CodeMoveNoEscape:     "the move is written %s but -- says the king escapes, and it does not: leave the -- out",
	CodeMoveSuffix:       "the move is written %s but its suffix is %s (%s), not %s (%s)",

	CodeMoveNoPiece:          "there is no piece on %s",
	CodeMoveAttackersToMove:  "the piece on %s belongs to the defenders, and the attackers are to move",
	CodeMoveDefendersToMove:  "the piece on %s belongs to the attackers, and the defenders are to move",
	CodeMoveNoDistance:       "a piece must move at least one square",
	CodeMoveNotStraight:      "pieces move along a rank or a file, like a rook",
	CodeMoveOccupied:         "%s is occupied",
	CodeMoveBlocked:          "the path is blocked at %s",
	CodeMoveThroneClosedStop: "the throne may not be entered: once the king has left it, no piece may stop on %s",
	CodeMoveThroneClosedPass: "the throne may not be entered: once the king has left it, no piece may pass through %s",
	CodeMoveThroneNoReturn:   "the throne (%s) may not be entered: the king may not return to it once he has left",
	CodeMoveThroneKingOnly:   "only the king may stop on the throne (%s); %s may only pass over it",
	CodeMoveThroneNoStop:     "no piece may stop on the throne (%s); pieces may only pass over it",
	CodeMoveThroneStop:       "the throne (%s) may not be entered: %s may not stop on it",
	CodeMoveThronePass:       "the throne (%s) may not be entered: %s may not pass through it",
	CodeMoveCorner:           "only the king may enter a corner (%s)",
	CodeMoveCampStop:         "%s is a camp square: %s may not stop on it",
	CodeMoveCampPass:         "%s is a camp square: %s may not pass through it",
	CodeMoveOtherCamp:        "%s is a square of another camp: a piece in a camp may move only within its own camp",
	CodeMoveCampFromOutside:  "%s is a camp square: pieces may not enter a camp from outside",
	CodeMoveRepetition:       "this move would repeat a position for the third time, which the rules forbid: choose another move",

	CodePieceAttacker: "an attacker",
	CodePieceDefender: "a defender",
	CodePieceKing:     "the king",

	CodeSuffixCheck:     "the king can be captured next move",
	CodeSuffixRoute:     "the king has an escape route",
	CodeSuffixKingTaken: "the move captures the king",
	CodeSuffixEscape:    "the king escapes",
}

// Codes returns every Code, sorted.
func Codes() []Code {
	out := make([]Code, 0, len(codeFormats))
	for c := range codeFormats {
		out = append(out, c)
	}
	slices.Sort(out)
	return out
}

// Format returns the English fmt format of c ("" for an unknown Code).
// An argument of type Code stands for that Code's own text.
func (c Code) Format() string { return codeFormats[c] }

// English formats c with args in English, each argument of type Code
// written as its own text.
func (c Code) English(args ...any) string {
	words := make([]any, len(args))
	for i, a := range args {
		if inner, ok := a.(Code); ok {
			a = inner.Format()
		}
		words[i] = a
	}
	return fmt.Sprintf(codeFormats[c], words...)
}

// syntaxError returns the SyntaxError of kind about text that says code
// with args.
func syntaxError(kind, text string, code Code, args ...any) *SyntaxError {
	for i, a := range args {
		if s, ok := a.(string); ok {
			args[i] = clip(s) // a piece of the input, quoted by the message
		}
	}
	return &SyntaxError{Kind: kind, Text: clip(text), Msg: code.English(args...), Code: code, Args: args}
}
