package render

import (
	"strings"
	"testing"

	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
)

func TestFit(t *testing.T) {
	face := newFace(mediumFont, 20, font.HintingNone)
	short := "Attackers to move"
	if got := fit(face, short, 1000); got != short {
		t.Errorf("fit(%q, 1000) = %q, want it unchanged", short, got)
	}
	long := strings.Repeat("Defenders to move · ", 20)
	got := fit(face, long, 300)
	if !strings.HasSuffix(got, "…") || !strings.HasPrefix(long, strings.TrimSuffix(got, "…")) {
		t.Errorf("fit(long, 300) = %q, want a prefix and an ellipsis", got)
	}
	if w := font.MeasureString(face, got); w > fixed.I(300) {
		t.Errorf("fitted text is %v wide, want at most 300", w)
	}
	if w := font.MeasureString(face, fit(face, long+"x", 300)+"xxxx"); w <= fixed.I(300) {
		t.Error("fit cut more than it needed to")
	}
	if got := fit(face, "abc", 1); got != "" {
		t.Errorf("fit into 1 pixel = %q, want nothing", got)
	}
}
