package bot_test

import (
	"strings"
	"testing"
)

func TestGamesListPages(t *testing.T) {
	h := newHarness(t, nil)
	for range 12 {
		h.slash(alice, "ai", opt("variant", "brandubh"), opt("side", "attackers"), opt("level", "easy"))
	}
	r, _ := h.slash(alice, "games")
	if !strings.Contains(r.Content, "12 in progress, page 1 of 2") || strings.Count(r.Content, "• #") != 10 {
		t.Fatalf("page 1: %q", r.Content)
	}
	r, _ = h.click(alice, customIDs(r.Components)["Next ▶"], true)
	if !strings.Contains(r.Content, "page 2 of 2") || strings.Count(r.Content, "• #") != 2 {
		t.Errorf("page 2: %q", r.Content)
	}
}
