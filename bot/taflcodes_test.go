package bot_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/taflbot/taflbot/locale"
	"github.com/taflbot/taflbot/tafl"
	"golang.org/x/text/language"
)

// TestEveryTaflCodeIsTranslated: every message package tafl names with a
// tafl.Code (each kind of error in a rules string or position record, a
// square off the board, annotations that do not match the move) has a
// text in all seven catalogs; the English one is tafl's own format, and
// no other language leaves it in English.
func TestEveryTaflCodeIsTranslated(t *testing.T) {
	codes := tafl.Codes()
	if len(codes) < 50 {
		t.Fatalf("only %d codes", len(codes))
	}
	for _, c := range codes {
		key := "tafl." + string(c)
		en, ok := locale.Text(language.English, key)
		if !ok || en != c.Format() {
			t.Errorf("%s: English %q, tafl says %q", c, en, c.Format())
		}
		for _, l := range locale.Langs[1:] {
			if text, ok := locale.Text(l.Tag, key); !ok || text == "" || text == en {
				t.Errorf("%s: %s has %q", c, l.Name, text)
			}
		}
	}
}

// TestRulesStringErrorsInTheUsersLanguage: a rules string the rules
// engine cannot read is refused in German and Finnish with the reason in
// that language, naming the key or square at fault; the reason was
// tafl's English inside the translated sentence ("Ich kann diese
// Regelzeichenkette nicht spielen: unsupported value; taflbot reads c, e").
func TestRulesStringErrorsInTheUsersLanguage(t *testing.T) {
	cases := []struct{ rules, de, fi string }{
		{"dim:7 esc:x start:/7/7/7/3K3/7/7/7/", "esc:x: dieser Wert wird nicht unterstützt", "esc:x: arvoa ei tueta"},
		{"dim:7 foo:x start:/7/7/7/3K3/7/7/7/", `unbekannter Schlüssel "foo"`, `tuntematon avain "foo"`},
		{"dim:7 cor:a1,a9 start:/7/7/7/3K3/7/7/7/", `cor: "a9" ist kein Feld eines 7×7-Bretts`, `cor: "a9" ei ole 7×7-laudan ruutu`},
		{"dim:7 start:/7/7/7/3t3/7/7/7/", "genau einen König (K); diese hat 0", "täsmälleen yksi kuningas (K); tässä niitä on 0"},
		{"dim:7 start:/7/7/7/3K3/7/7/t6/", "Angreifer auf a7: kein Angreifer darf auf einer Ecke stehen", "hyökkääjä ruudussa a7"},
		{"dim:7 swf:maybe start:/7/7/7/3K3/7/7/7/", "swf:maybe: der Wert muss y oder n sein", "swf:maybe: arvon pitää olla y tai n"},
	}
	script := []string{"/tafl settings language:de"}
	for _, c := range cases {
		script = append(script, `/tafl rules variant:"`+c.rules+`"`)
	}
	script = append(script, "/tafl settings language:fi")
	for _, c := range cases {
		script = append(script, `/tafl challenge opponent:bob variant:"`+c.rules+`"`)
	}
	text := runConsole(t, consoleStore(t), 0, append(script, "quit"))
	for _, c := range cases {
		consoleSays(t, text, c.de, c.fi)
		r, err := tafl.ParseRules(c.rules)
		if err == nil {
			_, err = tafl.NewVariant(r)
		}
		var se *tafl.SyntaxError
		if !errors.As(err, &se) || se.Code == "" {
			t.Fatalf("%s: %v has no code", c.rules, err)
		}
		if strings.Contains(text, se.Msg) {
			t.Errorf("%s: the English reason %q:\n%s", c.rules, se.Msg, text)
		}
	}
}

// TestMoveAnnotationsInTheUsersLanguage: a typed move whose square is off
// the board, or whose K, captures or suffix do not match what it does, is
// explained in the user's language with the square and suffix named;
// German and Finnish gave the English reason, or none with the square.
func TestMoveAnnotationsInTheUsersLanguage(t *testing.T) {
	text := runConsole(t, consoleStore(t), 0, []string{
		"/tafl settings language:de",
		"/tafl ai variant:brandubh side:attackers level:easy",
		"/tafl move move:d1-d9",
		"/tafl move move:d2-c2++",
		"/tafl move move:d2-c2xb2",
		"/tafl settings language:fi",
		"/tafl move move:Kd2-c2",
		"/tafl move move:d2-c2-",
		"quit",
	})
	consoleSays(t, text,
		"d1-d9: d9 liegt nicht auf dem 7×7-Brett (a1 bis g7)",
		"aber ++ sagt, dass der Zug den König fängt, und das tut er nicht: lass das ++ weg",
		"der Zug ist als d2-c2xb2 geschrieben, aber er schlägt nichts, nicht b2",
		"K-etuliite merkitsee vain kuninkaan siirtoja, eikä ruudussa d2 ole kuningas",
		"- tarkoittaa, että kuninkaalla on pakotie")
	for _, english := range []string{"is not on the", "the move is written", "says the king", "leave the"} {
		if strings.Contains(text, english) {
			t.Errorf("English %q:\n%s", english, text)
		}
	}
}

// TestMoveOffTheLargestBoardInTheUsersLanguage: on alea-evangelii's
// 19×19 board, a typed move to k20 or t17, squares beyond the largest
// board, is refused as off the board, naming the move, the square and the
// board's, in the user's language, as a12 is on an 11×11 board; it was
// refused as unreadable, "a move ends with the square the piece reaches",
// and then without the move the other refusals name. A rank of three
// digits (a100) is a square off the board too, not squares "joined by
// '-'" wrongly.
func TestMoveOffTheLargestBoardInTheUsersLanguage(t *testing.T) {
	text := runConsole(t, consoleStore(t), 0, []string{
		"/tafl ai variant:alea-evangelii side:attackers level:easy",
		"/tafl move move:k15-k20",
		"/tafl move move:a100-a4",
		"/tafl settings language:de",
		"/tafl move move:s17-t17",
		"/tafl move move:Kb2-b100",
		"quit",
	})
	consoleSays(t, text,
		"That move is not allowed: k15-k20: k20 is not on the 19×19 board (a1 to s19).",
		"That move is not allowed: a100-a4: a100 is not on the 19×19 board (a1 to s19).",
		"s17-t17: t17 liegt nicht auf dem 19×19-Brett (a1 bis s19)",
		"b2-b100: b100 liegt nicht auf dem 19×19-Brett (a1 bis s19)")
	if strings.Contains(text, "the square the piece reaches") || strings.Contains(text, "nicht lesen") || strings.Contains(text, "joined by") {
		t.Errorf("refused as unreadable:\n%s", text)
	}
}

// TestMoveToRankZeroNamesTheSquare: a move to or from rank 0 (a4-a0,
// d0-d4) was refused as text that cannot be read ("a move may end only
// with …", "the move is written as …"), where a square past the board's
// other edges (a20-a4, a100-a4) is named as off the board; it is named the
// same way, in the player's language, and changes nothing.
func TestMoveToRankZeroNamesTheSquare(t *testing.T) {
	h := newHarness(t, nil)
	startGame(t, h) // brandubh, alice (attackers) to move
	for _, c := range []struct{ lang, move, want string }{
		{"", "a4-a0", "a4-a0: a0 is not on the 7×7 board (a1 to g7)."},
		{"", "D0-d4", "d0-d4: d0 is not on the 7×7 board (a1 to g7)."},
		{"", "a0-a00", "a0-a00: a0 and a00 are not on the 7×7 board (a1 to g7)."},
		{"de", "g4-g0", "g4-g0: g0 liegt nicht auf dem 7×7-Brett (a1 bis g7)"},
	} {
		if c.lang != "" {
			h.slash(alice, "settings", opt("language", c.lang))
		}
		r, _ := h.slash(alice, "move", opt("move", c.move))
		if !isEphemeral(r) || !strings.Contains(r.Content, c.want) {
			t.Errorf("/tafl move %s: %q, want %q", c.move, r.Content, c.want)
		}
	}
	if g := gameOf(t, h, alice); g.Ply() != 0 {
		t.Errorf("the game at ply %d after refused moves, want 0", g.Ply())
	}
}

// TestUnreadableMoveInTheUsersLanguage: a typed move that cannot be read
// is refused with what is wrong with it in the user's language, naming
// the text; the other languages only asked for moves like d1-d4, and
// English did not repeat the text.
func TestUnreadableMoveInTheUsersLanguage(t *testing.T) {
	text := runConsole(t, consoleStore(t), 0, []string{
		"/tafl ai variant:brandubh side:attackers level:easy",
		"/tafl move move:d2c2",
		"/tafl settings language:fi",
		"/tafl move move:d2-c2xq",
		"/tafl settings language:de",
		"/tafl move move:d2-c2?",
		"quit",
	})
	consoleSays(t, text,
		"I can't read `d2c2`: the two squares of a move are joined by '-', such as d1-d4.",
		"En pysty lukemaan siirtoa `d2-c2xq`: vangitsemiset kirjoitetaan x ja ruudut yhdistettynä merkillä '/'",
		"Ich kann `d2-c2?` nicht lesen: ein Zug darf nur mit +, -, ++ oder -- enden.")
}

// TestRefusedMovesInTheUsersLanguage: a move the board refuses is
// explained in the user's language naming the square at fault, and the
// piece in that language; German and the others said only "a piece is in
// the way" (no d2), "only the king may enter a corner" (no a1), "the
// throne may not be entered there".
func TestRefusedMovesInTheUsersLanguage(t *testing.T) {
	text := runConsole(t, consoleStore(t), 0, []string{
		"/tafl settings language:de",
		"/tafl ai variant:brandubh side:attackers level:easy",
		"/tafl move move:d1-d3",
		"/tafl move move:d2-d3",
		"/tafl move move:a4-a1",
		"/tafl move move:e1-e2",
		"/tafl resign",
		"click Ja, abbrechen",
		"/tafl settings language:fi",
		`/tafl challenge opponent:bob side:attackers variant:"dim:7 start:/3t3/7/7/6K/7/7/3T3/"`,
		"as bob",
		"click Hyväksy",
		"as alice",
		"/tafl move move:d1-d4",
		"/tafl settings language:sv",
		"/tafl move move:d1-d4",
		"quit",
	})
	consoleSays(t, text,
		"d1-d3: der Weg ist auf d2 versperrt",
		"d2-d3: d3 ist besetzt",
		"a4-a1: nur der König darf eine Ecke betreten (a1)",
		"e1-e2: auf e1 steht kein Stein",
		"d1-d4: vain kuningas saa pysähtyä valtaistuimelle (d4); hyökkääjä saa vain kulkea sen yli",
		"d1-d4: bara kungen får stanna på tronen (d4); en anfallare får bara passera över den")
	for _, english := range []string{"is blocked", "is occupied", "only the king", "no piece on", "an attacker"} {
		if strings.Contains(text, english) {
			t.Errorf("English %q:\n%s", english, text)
		}
	}
}
