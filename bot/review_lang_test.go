package bot

import (
	"strings"
	"testing"

	"github.com/taflbot/taflbot/analysis"
	"github.com/taflbot/taflbot/locale"
	"github.com/taflbot/taflbot/tafl"
)

// TestReviewLinesInTheUsersLanguage: a review's turning points and the
// caption of the board before the worst move are written in the user's
// language (they came from package analysis in English only).
func TestReviewLinesInTheUsersLanguage(t *testing.T) {
	m := analysis.MoveReview{Ply: 23, Side: tafl.Defenders, Move: "d7-d4", Notation: "d7-d4", Best: "d7-d9", BestNotation: "d7-d9",
		Before: 0.64, After: 0.21, Class: analysis.Blunder}
	rep := &analysis.Report{Fitted: true, Moves: []analysis.MoveReview{m}, Chances: []float64{0.64, 0.21}}
	en := locale.For(locale.Match("en-US"))
	if got, want := turningLine(en, rep, 0), "12… d7-d4 (the defenders): blunder — their chance 64 % → 21 %; better d7-d9"; got != want {
		t.Errorf("English line %q, want %q", got, want)
	}
	de := locale.For(locale.Match("de"))
	line := turningLine(de, rep, 0)
	for _, want := range []string{"12… d7-d4", de.T("the defenders"), "grober Fehler", "ihre Chance 64 % → 21 %", "besser d7-d9"} {
		if !strings.Contains(line, want) {
			t.Errorf("German line %q lacks %q", line, want)
		}
	}
	if strings.Contains(line, "blunder") || strings.Contains(line, "better") {
		t.Errorf("German line %q has English words", line)
	}
	c := mistakeCaption(de, m)
	if !strings.Contains(c, "spielten d7-d4 (grober Fehler) · besser d7-d9") {
		t.Errorf("German caption %q", c)
	}
	// The side is the subject ("the defenders played"), not the
	// challenge's "plays as the defenders" (Finnish "puolustajina").
	fi := locale.For(locale.Match("fi"))
	if line := turningLine(fi, rep, 0); !strings.Contains(line, "12… d7-d4 (puolustajat)") {
		t.Errorf("Finnish line %q", line)
	}
	if c := mistakeCaption(fi, m); !strings.Contains(c, "12… puolustajat pelasivat d7-d4 (vakava virhe)") {
		t.Errorf("Finnish caption %q", c)
	}
	m.Class = analysis.NoClass
	if c := mistakeCaption(en, m); c != "12… the defenders played d7-d4 · better d7-d9" {
		t.Errorf("English caption without a class %q", c)
	}
}
