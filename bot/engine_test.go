package bot_test

import (
	"testing"

	"github.com/taflbot/taflbot/bot"
)

func TestRealEngineAnswers(t *testing.T) {
	h := newHarness(t, bot.AIEngine{})
	h.slash(alice, "ai", opt("variant", "brandubh"), opt("side", "defenders"), opt("level", "easy"))
	g := waitPly(t, h, 1)
	if g.Ply() != 1 {
		t.Fatalf("ply %d, want the engine's first move", g.Ply())
	}
	m := g.Tafl().LegalMoves()[0]
	if r, _ := h.slash(alice, "move", opt("move", m.String())); isEphemeral(r) {
		t.Fatal(r.Content)
	}
	g = waitPly(t, h, 3)
	if g.Ply() != 3 && g.Active() {
		t.Fatalf("ply %d, want 3", g.Ply())
	}
	if n := h.bot.Metrics().Errors("ai"); n != 0 {
		t.Errorf("%d engine errors", n)
	}
}
