package tafl_test

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/taflbot/taflbot/tafl"
)

// TestRulesErrorsCarryTheirCode: every error a rules string can meet
// (ParseRules, then NewVariant and its start position) names its Code
// with the arguments that make its message, so that a caller can say it
// in another language; Msg is the Code's English text.
func TestRulesErrorsCarryTheirCode(t *testing.T) {
	const k = "start:/7/7/7/3K3/7/7/7/"
	for _, c := range []struct {
		rules string
		code  tafl.Code
	}{
		{"", tafl.CodeRulesEmpty},
		{"dim:7 esc " + k, tafl.CodeRulesNotKeyValue},
		{"dim:7 foo:x " + k, tafl.CodeRulesUnknownKey},
		{"Dim:7 " + k, tafl.CodeRulesKeyCase},
		{"dim:7 ESC:e " + k, tafl.CodeRulesKeyCase},
		{"dim:7 esc:c esc:e " + k, tafl.CodeRulesTwice},
		{"esc:c dim:7 " + k, tafl.CodeRulesDimFirst},
		{k + " dim:7", tafl.CodeRulesDimFirst},
		{"dim:7 " + k + " esc:c", tafl.CodeRulesStartLast},
		{"dim:8 start:/8/", tafl.CodeRulesDim},
		{"dim:7 swf:maybe " + k, tafl.CodeRulesYesNo},
		{"dim:7 esc:x " + k, tafl.CodeRulesValue},
		{"dim:7 kj:y " + k, tafl.CodeRulesKingMoves},
		{"dim:7 tfr:l " + k, tafl.CodeRulesThirdRepWins},
		{"dim:7 cor:a1,z9 " + k, tafl.CodeRulesSquare},
		{"dim:7 cors:Kq " + k, tafl.CodeRulesPieceType},
		{"dim:7 dfor:a2 " + k, tafl.CodeRulesForts},
		{"dim:7 tb-kingh:corh,xyz " + k, tafl.CodeRulesKingHostile},
		{"dim:7 cen:a1 " + k, tafl.CodeRulesTakenCorner},
		{"dim:7 cor:d4 " + k, tafl.CodeRulesTakenThrone},
		{"dim:7 cen:c3 cor:a1,c3,a7,g7 " + k, tafl.CodeRulesTaken},
		{"dim:7 cen:d4,d5 " + k, tafl.CodeRulesThrones},
		{"dim:7 cor: " + k, tafl.CodeRulesNoCorners},
		{"dim:7 cors:t " + k, tafl.CodeRulesCornerKing},
		{"dim:7 start:7/7/", tafl.CodePositionSlashes},
		{"dim:7 start:/7/7/", tafl.CodePositionBoardRows},
		{"dim:7 start:/7/7/7/0K3/7/7/7/", tafl.CodePositionCount},
		{"dim:7 start:/7/7/7/3Kk2/7/7/7/", tafl.CodePositionAttackingKing},
		{"dim:7 start:/7/7/7/3Kc2/7/7/7/", tafl.CodePositionUnplayedPiece},
		{"dim:7 start:/7/7/7/3Kx2/7/7/7/", tafl.CodePositionNotPiece},
		{"dim:7 start:/7/7/7/3K4/7/7/7/", tafl.CodePositionRankLength},
		{"dim:7 start:/7/7/7/7/7/7/7/", tafl.CodePositionKings},
		{"dim:7 start:/7/7/7/3K3/7/7/t6/", tafl.CodePositionAttackerCorner},
		{"dim:7 start:/6T/7/7/3K3/7/7/7/", tafl.CodePositionDefenderCorner},
		{"dim:7 start:/7/7/7/2Kt3/7/7/7/", tafl.CodePositionAttackerThrone},
		{"dim:7 cens:K start:/7/7/7/2KT3/7/7/7/", tafl.CodePositionDefenderThrone},
	} {
		r, err := tafl.ParseRules(c.rules)
		if err == nil {
			_, err = tafl.NewVariant(r)
		}
		var se *tafl.SyntaxError
		switch {
		case !errors.As(err, &se):
			t.Errorf("%q: %v, want a SyntaxError", c.rules, err)
		case se.Code != c.code:
			t.Errorf("%q: code %q (%v), want %q", c.rules, se.Code, err, c.code)
		case se.Msg != c.code.English(se.Args...) || strings.Contains(se.Msg, "%!"):
			t.Errorf("%q: message %q, code %q with %v", c.rules, se.Msg, se.Code, se.Args)
		}
	}
	// Rules built in code meet NewVariant's own checks.
	r := tafl.Rules{Size: 8}
	if _, err := tafl.NewVariant(r); !hasCode(err, tafl.CodeRulesSize) {
		t.Errorf("an even board: %v", err)
	}
}

// TestRulesClashNamesBothLists: a square given to two of cen, cor and
// afor is refused naming both lists as they stand — a list the rules
// string does not give holds its default, which the user never wrote
// ("dim:7 cen:a1" blamed cor alone, "cor: a1 is already a throne…"),
// and which is named as the default, with how to set it (it was quoted,
// "cor:a1,g1,a7,g7", as if written).
func TestRulesClashNamesBothLists(t *testing.T) {
	const k = " start:/7/7/7/3K3/7/7/7/"
	for _, c := range []struct{ rules, want string }{
		{"dim:7 cen:a1" + k, "cen:a1 has a1, one of the default corners (a1,g1,a7,g7: the board's corners, when there is no cor:), and a square is only one of throne, corner and camp: give cen: other squares, or write cor: with the corners you want"},
		{"dim:7 cor:d4" + k, "cor:d4 has d4, the default throne (the board's centre, when there is no cen:), and a square is only one of throne, corner and camp: give cor: other squares, or write cen: with the throne you want"},
		{"dim:7 afor:b1,a1" + k, "afor:b1,a1 has a1, one of the default corners (a1,g1,a7,g7"},
		{"dim:7 cor:a1,g1,a7,b2 afor:b2" + k, "cor:a1,g1,a7,b2 and afor:b2 both have b2"},
		{"dim:7 cen:c3 cor:a1,c3,a7,g7" + k, "cen:c3 and cor:a1,c3,a7,g7 both have c3, but a square is only one of throne, corner and camp: give one of them other squares"},
	} {
		r, err := tafl.ParseRules(c.rules)
		if err == nil {
			_, err = tafl.NewVariant(r)
		}
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want %q", c.rules, err, c.want)
		}
	}
}

// TestMoveErrorsCarryTheirCode: a square off the board and annotations
// that do not match the move name their Code; a suffix's meaning is a
// Code among the arguments.
func TestMoveErrorsCarryTheirCode(t *testing.T) {
	v := mustPreset(t, "brandubh", "")
	end, err := v.ParsePosition("/7/7/4t2/7/2tK3/T6/7/", tafl.Attackers)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		from tafl.Position
		move string
		code tafl.Code
		args []any
	}{
		{v.Start(), "b4-b9", tafl.CodeMoveOffBoardTo, []any{sq(t, "b9"), 7, 7, sq(t, "g7")}},
		{v.Start(), "b9-b4", tafl.CodeMoveOffBoardFrom, []any{sq(t, "b9"), 7, 7, sq(t, "g7")}},
		{v.Start(), "b9-b8", tafl.CodeMoveOffBoardBoth, []any{sq(t, "b9"), sq(t, "b8"), 7, 7, sq(t, "g7")}},
		{v.Start(), "Kd2-c2", tafl.CodeMoveNotKing, []any{"Kd2-c2", sq(t, "d2")}},
		{v.Start(), "d2-c2xb2", tafl.CodeMoveCapturesNone, []any{"d2-c2xb2", "b2"}},
		{v.Start(), "b4-b3+", tafl.CodeMoveNoCheck, []any{"b4-b3+"}},
		{end, "e3-e5+", tafl.CodeMoveSuffix, []any{"e3-e5+", "++", tafl.CodeSuffixKingTaken, "+", tafl.CodeSuffixCheck}},
	} {
		_, err := tafl.NewGameFrom(c.from).PlayText(c.move)
		var me *tafl.MoveError
		if !errors.As(err, &me) || me.Code != c.code || len(me.Args) != len(c.args) {
			t.Errorf("%s: %#v, want code %s with %v", c.move, err, c.code, c.args)
			continue
		}
		for i := range c.args {
			if me.Args[i] != c.args[i] {
				t.Errorf("%s: argument %d is %#v, want %#v", c.move, i, me.Args[i], c.args[i])
			}
		}
		if me.Detail != c.code.English(me.Args...) {
			t.Errorf("%s: %q, code %s says %q", c.move, me.Detail, c.code, c.code.English(me.Args...))
		}
	}
}

// TestMoveOffTheLargestBoard: a move whose square is written as a square
// but lies beyond the largest board (k20 or t17 on alea-evangelii's 19×19,
// a20 on copenhagen's 11×11, a100 with a rank of three digits, a0 and d0
// below every board), where no
// Square reaches, is refused as off this board, as a12 is off the 11×11
// board, not as a move that does not end with a square or whose squares
// are not joined by '-'; it carries no Move, and names the move as the
// other refusals do ("a100-a4: a100 is not on …"). Text that is no
// square stays a SyntaxError.
func TestMoveOffTheLargestBoard(t *testing.T) {
	alea := mustPreset(t, "alea-evangelii", "")
	cph := mustPreset(t, "copenhagen", "")
	bdh := mustPreset(t, "brandubh", "")
	for _, c := range []struct {
		v    *tafl.Variant
		move string
		code tafl.Code
		args []any
	}{
		{alea, "k15-k20", tafl.CodeMoveOffBoardTo, []any{"k20", 19, 19, sq(t, "s19")}},
		{alea, "s17-t17", tafl.CodeMoveOffBoardTo, []any{"t17", 19, 19, sq(t, "s19")}},
		{alea, "Kz10-j10", tafl.CodeMoveOffBoardFrom, []any{"z10", 19, 19, sq(t, "s19")}},
		{cph, "a4-a20", tafl.CodeMoveOffBoardTo, []any{"a20", 11, 11, sq(t, "k11")}},
		{cph, "T4-a4", tafl.CodeMoveOffBoardFrom, []any{"t4", 11, 11, sq(t, "k11")}},
		{bdh, "z99-b9", tafl.CodeMoveOffBoardBoth, []any{"z99", "b9", 7, 7, sq(t, "g7")}},
		{cph, "a100-a4", tafl.CodeMoveOffBoardFrom, []any{"a100", 11, 11, sq(t, "k11")}},
		{cph, "a4-a100", tafl.CodeMoveOffBoardTo, []any{"a100", 11, 11, sq(t, "k11")}},
		{alea, "Kb2-b12345", tafl.CodeMoveOffBoardTo, []any{"b12345", 19, 19, sq(t, "s19")}},
		{cph, "a4-a0", tafl.CodeMoveOffBoardTo, []any{"a0", 11, 11, sq(t, "k11")}},
		{cph, "d0-d4", tafl.CodeMoveOffBoardFrom, []any{"d0", 11, 11, sq(t, "k11")}},
		{bdh, "A0-z0", tafl.CodeMoveOffBoardBoth, []any{"a0", "z0", 7, 7, sq(t, "g7")}},
		{alea, "b2-b00", tafl.CodeMoveOffBoardTo, []any{"b00", 19, 19, sq(t, "s19")}},
	} {
		_, err := tafl.NewGame(c.v).PlayText(c.move)
		var me *tafl.MoveError
		if !errors.As(err, &me) || me.Code != c.code || me.Reason != tafl.ReasonOffBoard || me.Move != tafl.NoMove || len(me.Args) != len(c.args) {
			t.Errorf("%s: %#v, want code %s with %v", c.move, err, c.code, c.args)
			continue
		}
		for i := range c.args {
			if me.Args[i] != c.args[i] {
				t.Errorf("%s: argument %d is %#v, want %#v", c.move, i, me.Args[i], c.args[i])
			}
		}
		if me.Detail != c.code.English(me.Args...) {
			t.Errorf("%s: %q, code %s says %q", c.move, me.Detail, c.code, c.code.English(me.Args...))
		}
		if want := strings.ToLower(strings.TrimPrefix(c.move, "K")) + ": " + me.Detail; err.Error() != want {
			t.Errorf("%s: %q, want %q", c.move, err.Error(), want)
		}
	}
	for text, code := range map[string]tafl.Code{
		"a04-a4":  tafl.CodeMoveFrom, // a rank starting with 0 other than 0 itself is no square
		"a4-a04":  tafl.CodeMoveTo,
		"k15-k2?": tafl.CodeMoveEnd,
		"k15-20":  tafl.CodeMoveTo,
	} {
		if _, err := tafl.NewGame(alea).PlayText(text); !hasCode(err, code) {
			t.Errorf("%q: %v, want the syntax error %s", text, err, code)
		}
	}
}

// TestMoveSyntaxErrorsCarryTheirCode: each way a move's text cannot be
// read names its Code.
func TestMoveSyntaxErrorsCarryTheirCode(t *testing.T) {
	for text, code := range map[string]tafl.Code{
		"":        tafl.CodeMoveEmpty,
		"z-d4":    tafl.CodeMoveFrom,
		"d1d4":    tafl.CodeMoveDash,
		"d1-":     tafl.CodeMoveTo,
		"d1-d4xq": tafl.CodeMoveCaptureList,
		"d1-d4?":  tafl.CodeMoveEnd,
	} {
		_, err := tafl.ParseMove(text)
		var se *tafl.SyntaxError
		if !errors.As(err, &se) || se.Code != code || se.Msg != code.English() {
			t.Errorf("%q: %v, want code %s", text, err, code)
		}
	}
}

func sq(t *testing.T, name string) tafl.Square {
	t.Helper()
	q, err := tafl.ParseSquare(name)
	if err != nil {
		t.Fatal(err)
	}
	return q
}

func hasCode(err error, c tafl.Code) bool {
	var se *tafl.SyntaxError
	return errors.As(err, &se) && se.Code == c
}

// TestBoardRefusalsCarryTheirCode: every move the board refuses (no
// piece, the other side's piece, not along a line, blocked, throne,
// corner and camp rules, the forbidden third repetition) names its Code
// with the square at fault among its arguments, so that a caller can say
// it in another language; only a move after the end has none (the bot
// says that itself). Detail is the Code's English text.
func TestBoardRefusalsCarryTheirCode(t *testing.T) {
	v := mustPreset(t, "brandubh", "")
	for _, c := range []struct {
		move string
		code tafl.Code
		args []any
	}{
		{"e1-e2", tafl.CodeMoveNoPiece, []any{sq(t, "e1")}},
		{"d3-e3", tafl.CodeMoveAttackersToMove, []any{sq(t, "d3")}},
		{"d1-e2", tafl.CodeMoveNotStraight, nil},
		{"d1-d1", tafl.CodeMoveNoDistance, nil},
		{"d2-d3", tafl.CodeMoveOccupied, []any{sq(t, "d3")}},
		{"d1-d3", tafl.CodeMoveBlocked, []any{sq(t, "d2")}},
		{"a4-a1", tafl.CodeMoveCorner, []any{sq(t, "a1")}},
	} {
		m, err := tafl.ParseMove(c.move)
		if err != nil {
			t.Fatal(err)
		}
		_, err = tafl.NewGame(v).Play(m.Move)
		var me *tafl.MoveError
		if !errors.As(err, &me) || me.Code != c.code || len(me.Args) != len(c.args) {
			t.Errorf("%s: %#v, want code %s with %v", c.move, err, c.code, c.args)
			continue
		}
		for i := range c.args {
			if me.Args[i] != c.args[i] {
				t.Errorf("%s: argument %d is %#v, want %#v", c.move, i, me.Args[i], c.args[i])
			}
		}
	}
	// Every refusal of every preset, from its start and a few moves in
	// (the thrones, corners and camps of each): a Code whose English is
	// the Detail, and the Code is one tafl lists.
	known := map[tafl.Code]bool{}
	for _, c := range tafl.Codes() {
		known[c] = true
	}
	seen := map[tafl.Code]bool{}
	for _, info := range tafl.Presets() {
		v := mustPreset(t, info.Name, "")
		g := tafl.NewGame(v)
		for ply := 0; ply < 6 && !g.Outcome().Over(); ply++ {
			n := info.Size
			for f := range n {
				for r := range n {
					for f2 := range n {
						for r2 := range n {
							m := tafl.NewMove(tafl.At(f, r), tafl.At(f2, r2))
							err := g.Position().CheckMove(m)
							if err == nil {
								continue
							}
							var me *tafl.MoveError
							if !errors.As(err, &me) || me.Code == "" || !known[me.Code] || me.Detail != me.Code.English(me.Args...) {
								t.Fatalf("%s, %s: %#v has no code that says it", info.Name, m, err)
							}
							seen[me.Code] = true
						}
					}
				}
			}
			if _, err := g.Play(g.LegalMoves()[len(g.LegalMoves())/2]); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, c := range []tafl.Code{tafl.CodeMoveNoPiece, tafl.CodeMoveAttackersToMove, tafl.CodeMoveDefendersToMove, tafl.CodeMoveNoDistance,
		tafl.CodeMoveNotStraight, tafl.CodeMoveOccupied, tafl.CodeMoveBlocked, tafl.CodeMoveCorner} {
		if !seen[c] {
			t.Errorf("no move of the presets was refused with %s", c)
		}
	}
	t.Logf("codes seen: %v", seen)
}

// TestErrorsQuoteLongInputClipped: an error quotes at most some 80 bytes
// of the input at fault, cut between characters, in its message, its
// arguments (which the bot's translations quote) and its text: a 3000-
// character piece of a rules string, a position, a side or a record's
// move was quoted whole (a 2 MB line of a bad record filled the
// terminal; the bot's answer passed Discord's 2000 characters, and
// Discord refused it).
func TestErrorsQuoteLongInputClipped(t *testing.T) {
	long := strings.Repeat("ø", 1500) // 3000 bytes: a cut could split one
	const k = " start:/7/7/7/3K3/7/7/7/"
	v, err := tafl.Preset("brandubh", "")
	if err != nil {
		t.Fatal(err)
	}
	_, rulesErr := tafl.ParseRules("dim:7 " + long + k)
	_, valueErr := tafl.ParseRules("dim:7 esc:" + long + k)
	_, posErr := v.ParsePosition("/3t3/3t3/3T3/tt"+long+"/3T3/3t3/3t3/", tafl.Attackers)
	_, sideErr := tafl.ParseSide(long)
	_, _, gameErr := tafl.DecodeGame("[variant:brandubh]\n1. " + long + "\n")
	for name, err := range map[string]error{"rules": rulesErr, "rules value": valueErr, "position": posErr, "side": sideErr, "game": gameErr} {
		if err == nil {
			t.Errorf("%s: no error", name)
			continue
		}
		if msg := err.Error(); len(msg) > 400 || !utf8.ValidString(msg) {
			t.Errorf("%s: the error is %d bytes (valid UTF-8: %v): %.200s…", name, len(msg), utf8.ValidString(msg), msg)
		}
		var se *tafl.SyntaxError
		if errors.As(err, &se) {
			for _, a := range se.Args {
				if s, ok := a.(string); ok && (len(s) > 80 || !utf8.ValidString(s)) {
					t.Errorf("%s: argument of %d bytes (valid UTF-8: %v)", name, len(s), utf8.ValidString(s))
				}
			}
		}
	}
}
