package bot_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/taflbot/taflbot/tafl"
)

// resultDMs returns the direct messages posted to alice and bob, each as
// "user: content".
func resultDMs(t *testing.T, h *harness) []string {
	t.Helper()
	var out []string
	for _, u := range []string{alice, bob} {
		for _, rec := range h.fake.requests("/channels/dm-" + u + "/messages") {
			if rec.Method == "POST" && rec.Status == 200 {
				out = append(out, u+": "+decode(t, rec.Body).Content)
			}
		}
	}
	return out
}

// TestResultOfAGameInADeletedChannelGoesByDM: a game whose channel was
// deleted while it went on (its players moving with /tafl move game:
// elsewhere) ended on time, and Discord refused the result's post there
// (10003, Unknown Channel): nobody was told. Both players are told by
// direct message, whatever their dms setting, saying the channel no
// longer exists.
func TestResultOfAGameInADeletedChannelGoesByDM(t *testing.T) {
	h := newHarness(t, nil)
	startGame(t, h) // 3 days per move, alice (attackers) to move
	for _, u := range []string{alice, bob} {
		if r, _ := h.slash(u, "move", opt("move", gameOf(t, h, alice).Tafl().LegalMoves()[0].String())); isEphemeral(r) {
			t.Fatalf("move: %q", r.Content)
		}
	}
	h.settle()
	h.fake.inject("", "/channels/"+channel+"/", 404, 10003, 1000) // the channel is deleted
	h.clock.Advance(72*time.Hour + time.Minute)                   // alice's time is up
	h.bot.Sweep(t.Context())
	h.settle()
	g := gameOf(t, h, alice)
	if g.Outcome() != (tafl.Outcome{Winner: tafl.Defenders, Reason: tafl.Timeout}) {
		t.Fatalf("outcome %+v, want bob's win on time", g.Outcome())
	}
	got := resultDMs(t, h)
	if len(got) != 2 {
		t.Fatalf("direct messages %q, want the result to alice and bob", got)
	}
	want := fmt.Sprintf("Game %d is over: **Defenders win** — the attackers ran out of time.", g.ID)
	const why = "I am telling you by direct message because the channel or thread where it was played no longer exists"
	for i, u := range []string{alice, bob} {
		if !strings.HasPrefix(got[i], u+": "+want) || !strings.Contains(got[i], why) {
			t.Errorf("direct message %q, want %q and %q", got[i], want, why)
		}
	}
}
