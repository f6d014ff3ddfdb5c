package bot

import (
	"strings"
	"testing"
	"time"

	"github.com/taflbot/taflbot/locale"
	"github.com/taflbot/taflbot/storage"
	"github.com/taflbot/taflbot/tafl"
	"golang.org/x/text/language"
)

// TestCapturingThree: a move that captures three pieces lists them as a
// sentence does, "c3, d4 and e3" ("c3 and d4 and e3" before), in every
// language with its own "and".
func TestCapturingThree(t *testing.T) {
	r, err := tafl.ParseRules("dim:9 start:/3t5/9/1tT1Tt3/3T5/3t5/9/9/7K1/9/")
	if err != nil {
		t.Fatal(err)
	}
	v, err := tafl.NewVariant(r)
	if err != nil {
		t.Fatal(err)
	}
	g := tafl.NewGame(v)
	ply, err := g.PlayText("d1-d3")
	if err != nil {
		t.Fatal(err)
	}
	if len(ply.Captures) != 3 {
		t.Fatalf("d1-d3 captured %v, want three pieces", ply.Captures)
	}
	sq := make([]string, 3)
	for i, c := range ply.Captures {
		sq[i] = c.String()
	}
	for _, c := range []struct {
		tag language.Tag
		and string
	}{{language.English, " and "}, {language.German, " und "}} {
		want := sq[0] + ", " + sq[1] + c.and + sq[2]
		if got := captured(locale.For(c.tag), ply); got != want {
			t.Errorf("%v: %q, want %q", c.tag, got, want)
		}
	}
}

// TestCaptureSentencesAgree: the capture was a clause added to two
// sentences, ", capturing b5" after "the attackers played 2. d6-b6xb5"
// (the alt text) and after "2. d6-b6xb5, by the attackers" (the text
// board), and translated once: "die Angreifer spielten … und schlägt b5"
// (a verb in the singular and the present after a plural in the past;
// likewise in Danish, Norwegian, Swedish and Icelandic), "… von den
// Angreifern und schlägt b5" (no subject at all). Each sentence is
// translated whole and reads as one, in every language.
func TestCaptureSentencesAgree(t *testing.T) {
	now := time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)
	g, err := storage.NewGame("brandubh", "")
	if err != nil {
		t.Fatal(err)
	}
	g.Attackers, g.Defenders, g.MoveTime, g.Deadline = human("1", "Alice"), human("2", "Bob"), 72*time.Hour, now.Add(time.Hour)
	for _, m := range []string{"g4-g5", "d5-b5", "d6-b6"} {
		if _, err := g.Tafl().PlayText(m); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct{ lang, alt, text string }{
		{"en", "Last move: the attackers played 2. d6-b6xb5, capturing b5.", "Last move: 2. d6-b6xb5, by the attackers, capturing b5."},
		{"de", "Letzter Zug: die Angreifer spielten 2. d6-b6xb5 und schlugen b5.", "Letzter Zug: 2. d6-b6xb5, von den Angreifern, die b5 schlugen."},
		{"da", "Seneste træk: angriberne spillede 2. d6-b6xb5 og slog b5.", "Seneste træk: 2. d6-b6xb5, af angriberne, som slog b5."},
		{"nb", "Siste trekk: angriperne spilte 2. d6-b6xb5 og slo b5.", "Siste trekk: 2. d6-b6xb5, av angriperne, som slo b5."},
		{"sv", "Senaste drag: anfallarna spelade 2. d6-b6xb5 och tog b5.", "Senaste drag: 2. d6-b6xb5, av anfallarna, som tog b5."},
		{"is", "Síðasti leikur: sóknarmenn léku 2. d6-b6xb5 og drápu b5.", "Síðasti leikur: 2. d6-b6xb5, sóknarmanna, sem drápu b5."},
		{"fi", "Viimeisin siirto: hyökkääjät pelasivat 2. d6-b6xb5 ja vangitsivat b5.", "Viimeisin siirto: 2. d6-b6xb5, hyökkääjiltä, vangiten b5."},
	} {
		p := locale.For(locale.Match(c.lang))
		if alt := boardAlt(p, g, now, nil); !strings.Contains(alt, c.alt) {
			t.Errorf("%s: the alt text %q lacks %q", c.lang, alt, c.alt)
		}
		if text := textBoard(p, g, now, func(s string) string { return s }); !strings.Contains(text, c.text) {
			t.Errorf("%s: the text board %q lacks %q", c.lang, text, c.text)
		}
	}
}

// TestPuzzleAltSaysWhereThePiecesStand: a puzzle's picture said only how
// many pieces stand on the board and where the king is, so a player with a
// screen reader could not see the position the puzzle is about (a game has
// /tafl board text:True; a puzzle nothing else); it lists every piece, in
// the reader's language.
func TestPuzzleAltSaysWhereThePiecesStand(t *testing.T) {
	v, err := tafl.Preset("brandubh", "")
	if err != nil {
		t.Fatal(err)
	}
	g := tafl.NewGame(v)
	pz := &storage.Puzzle{ID: 7, Variant: "brandubh"}
	for _, c := range []struct{ lang, want string }{
		{"en", "Puzzle 7, brandubh: Attackers to move and win in 2 moves. King: d4. Defenders (4): d3, c4, e4, d5. Attackers (8): d1, d2, a4, b4, f4, g4, d6, d7."},
		{"de", "König: d4. Verteidiger (4): d3, c4, e4, d5. Angreifer (8): d1, d2, a4, b4, f4, g4, d6, d7."},
	} {
		if got := puzzleAlt(locale.For(locale.Match(c.lang)), pz, g, "Attackers to move and win in 2 moves"); !strings.Contains(got, c.want) {
			t.Errorf("%s: %q, want it to contain %q", c.lang, got, c.want)
		}
	}
}

// TestDailySolversAsASentence: the next day's post named the solvers of
// a daily puzzle as a bare comma list, "solved by <@1>, <@2>, <@3> — well
// done!"; it lists them as a sentence does, with the server's "and" before
// the last (and the comma list before "and 70 others" as it was).
func TestDailySolversAsASentence(t *testing.T) {
	d := storage.DailyPuzzle{Date: "2026-03-01", PuzzleID: 7}
	for _, c := range []struct {
		lang    string
		solvers []string
		want    string
	}{
		{"en", []string{"1"}, "The puzzle of 2026-03-01 (puzzle 7) was solved by <@1> — well done!"},
		{"en", []string{"1", "2"}, "The puzzle of 2026-03-01 (puzzle 7) was solved by <@1> and <@2> — well done!"},
		{"en", []string{"1", "2", "3"}, "The puzzle of 2026-03-01 (puzzle 7) was solved by <@1>, <@2> and <@3> — well done!"},
		{"de", []string{"1", "2", "3"}, "<@1>, <@2> und <@3>"},
		{"fi", []string{"1", "2", "3"}, "<@1>, <@2> ja <@3>"},
	} {
		if got := solversLine(locale.For(locale.Match(c.lang)), d, c.solvers); !strings.Contains(got, c.want) {
			t.Errorf("%s, %d solvers: %q, want it to contain %q", c.lang, len(c.solvers), got, c.want)
		}
	}
}

// TestPieceListOfASideWithNoPieces: where a side had no piece left beside
// the king (a puzzle's, an endgame's), the list of where the pieces stand
// read "Defenders (0): ." in a puzzle's alt text and in /tafl board
// text:True; it says none, in the reader's language.
func TestPieceListOfASideWithNoPieces(t *testing.T) {
	r, err := tafl.ParseRules("dim:7 start:/7/7/7/3K3/7/7/1t5/")
	if err != nil {
		t.Fatal(err)
	}
	v, err := tafl.NewVariant(r)
	if err != nil {
		t.Fatal(err)
	}
	g := tafl.NewGame(v)
	pz := &storage.Puzzle{ID: 7, Variant: "brandubh"}
	for _, c := range []struct{ lang, want string }{
		{"en", "King: d4. Defenders (0): none. Attackers (1): b7."},
		{"de", "König: d4. Verteidiger (0): keine. Angreifer (1): b7."},
		{"is", "Varnarmenn (0): engir."},
	} {
		p := locale.For(locale.Match(c.lang))
		if got := puzzleAlt(p, pz, g, "Attackers to move and win in 2 moves"); !strings.Contains(got, c.want) {
			t.Errorf("%s: the alt text %q, want it to contain %q", c.lang, got, c.want)
		}
		if got := strings.ReplaceAll(pieceLists(p, g.Position()), "\n", " "); !strings.Contains(got, c.want) {
			t.Errorf("%s: the piece lists %q, want them to contain %q", c.lang, got, c.want)
		}
	}
}
