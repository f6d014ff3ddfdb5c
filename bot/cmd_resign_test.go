package bot_test

import (
	"strings"
	"testing"

	"github.com/taflbot/taflbot/tafl"
)

func TestResignWithConfirm(t *testing.T) {
	h := newHarness(t, nil)
	board := startGame(t, h)
	r, _ := h.click(bob, customIDs(board.Components)["Resign"], false)
	if !isEphemeral(r) || customIDs(r.Components)["Yes, resign"] == "" {
		t.Fatalf("resign button: %q", r.Content)
	}
	if g := gameOf(t, h, bob); !g.Active() {
		t.Fatal("the game ended before the confirmation")
	}
	yes := customIDs(r.Components)["Yes, resign"]
	if r, _ := h.click(carol, yes, true); !strings.Contains(r.Content, "not playing") {
		t.Errorf("carol confirming: %q", r.Content)
	}
	before := len(h.fake.requests("/channels/" + channel + "/messages"))
	r, _ = h.click(bob, yes, true)
	if !strings.Contains(r.Content, "You resigned") {
		t.Fatalf("confirm: %q", r.Content)
	}
	g := gameOf(t, h, bob)
	if g.Outcome() != (tafl.Outcome{Winner: tafl.Attackers, Reason: tafl.Resignation}) {
		t.Fatalf("outcome %v", g.Outcome())
	}
	waitFor(t, "the result board", func() bool { return len(h.fake.requests("/channels/"+channel+"/messages")) > before })
	post := h.fake.requests("/channels/" + channel + "/messages")[before]
	checkPNG(t, post)
	if m := decode(t, post.Body); !strings.Contains(m.Content, "resigned") || !strings.Contains(m.Content, "Attackers win") {
		t.Errorf("result board %q", m.Content)
	}
	// Pressing it again: the game is over.
	if r, _ := h.click(bob, yes, true); !isEphemeral(r) || !strings.Contains(r.Content, "over") {
		t.Errorf("second confirm: %q", r.Content)
	}
}

func TestDrawOfferAndAccept(t *testing.T) {
	h := newHarness(t, nil)
	board := startGame(t, h)
	if r, _ := h.click(carol, customIDs(board.Components)["Offer draw"], false); !strings.Contains(r.Content, "not playing") {
		t.Errorf("carol offering: %q", r.Content)
	}
	r, _ := h.click(alice, customIDs(board.Components)["Offer draw"], false)
	if !isEphemeral(r) {
		t.Errorf("offer reply: %q", r.Content)
	}
	if g := gameOf(t, h, alice); g.DrawOffer != tafl.Attackers || !g.Active() {
		t.Fatalf("after the offer: offer %v active %v", g.DrawOffer, g.Active())
	}
	r, rec := h.slash(bob, "draw")
	if isEphemeral(r) || !strings.Contains(r.Content, "accepted the draw") || !strings.Contains(r.Content, "**Draw**") {
		t.Fatalf("accept: %q", r.Content)
	}
	checkPNG(t, rec)
	g := gameOf(t, h, alice)
	if g.Outcome() != (tafl.Outcome{Winner: tafl.NoSide, Reason: tafl.DrawAgreed}) {
		t.Errorf("outcome %v", g.Outcome())
	}
}
