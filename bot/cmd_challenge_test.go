package bot_test

import (
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/storage"
	"github.com/taflbot/taflbot/tafl"
)

func TestDeclineAndWithdraw(t *testing.T) {
	h := newHarness(t, nil)
	r, _ := h.slash(alice, "challenge", opt("opponent", bob))
	ids := customIDs(r.Components)
	// Only bob may decline; alice may only withdraw; carol neither.
	if r, _ := h.click(carol, ids["Decline"], false); !isEphemeral(r) || !strings.Contains(r.Content, "Only <@"+bob+">") {
		t.Errorf("carol declining: %q", r.Content)
	}
	if r, _ := h.click(carol, ids["Accept"], false); !isEphemeral(r) || !strings.Contains(r.Content, "is for <@"+bob+">") {
		t.Errorf("carol accepting: %q", r.Content)
	}
	if r, _ := h.click(bob, ids["Withdraw"], false); !isEphemeral(r) {
		t.Errorf("bob withdrawing: %q", r.Content)
	}
	r2, _ := h.click(bob, ids["Decline"], false)
	if r2.Type != discordgo.InteractionResponseUpdateMessage || !strings.Contains(r2.Content, "declined") || len(r2.Components) != 0 {
		t.Errorf("decline: type %d %q %d components", r2.Type, r2.Content, len(r2.Components))
	}
	if r, _ := h.click(bob, ids["Accept"], false); !isEphemeral(r) || !strings.Contains(r.Content, "no longer open") {
		t.Errorf("accepting a declined challenge: %q", r.Content)
	}

	r, _ = h.slash(alice, "challenge")
	ids = customIDs(r.Components)
	if r, _ := h.click(bob, ids["Withdraw"], false); !isEphemeral(r) || !strings.Contains(r.Content, "Only <@"+alice+">") {
		t.Errorf("bob withdrawing alice's: %q", r.Content)
	}
	r2, _ = h.click(alice, ids["Withdraw"], false)
	if !strings.Contains(r2.Content, "withdrew") {
		t.Errorf("withdraw: %q", r2.Content)
	}
	if games, _ := h.store.GamesByPlayer(t.Context(), alice, storage.GameFilter{}); len(games) != 0 {
		t.Errorf("%d games started, want none", len(games))
	}
}

func TestOpenChallengeOneAccepterWins(t *testing.T) {
	h := newHarness(t, nil)
	r, _ := h.slash(alice, "challenge", opt("variant", "brandubh"))
	if !strings.Contains(r.Content, "Anyone may accept") {
		t.Errorf("open challenge text %q", r.Content)
	}
	accept := customIDs(r.Components)["Accept"]
	if r, _ := h.click(alice, accept, false); !strings.Contains(r.Content, "your own challenge") {
		t.Errorf("challenger accepting: %q", r.Content)
	}
	users := []string{bob, carol, "444", "555", "666"}
	replies := make([]*resp, len(users))
	var wg sync.WaitGroup
	for i, u := range users {
		wg.Add(1)
		go func() {
			defer wg.Done()
			replies[i], _ = h.click(u, accept, false)
		}()
	}
	wg.Wait()
	winners := 0
	for _, r := range replies {
		switch {
		case r.Type == discordgo.InteractionResponseUpdateMessage && strings.Contains(r.Content, "accepted the challenge"):
			winners++
		case isEphemeral(r) && strings.Contains(r.Content, "no longer open"):
		default:
			t.Errorf("unexpected reply %q", r.Content)
		}
	}
	if winners != 1 {
		t.Fatalf("%d users got the game, want exactly 1", winners)
	}
	if g := gameOf(t, h, alice); !g.Active() || g.SideOf(alice) == tafl.NoSide {
		t.Errorf("game %+v", g)
	}
}

func TestChallengeSurvivesRestart(t *testing.T) {
	h := newHarness(t, nil)
	r, _ := h.slash(alice, "challenge", opt("opponent", bob))
	h.restart()
	if r, _ := h.click(bob, customIDs(r.Components)["Accept"], false); r.Type != discordgo.InteractionResponseUpdateMessage {
		t.Fatalf("accept after restart: %q", r.Content)
	}
	if g := gameOf(t, h, bob); !g.Active() {
		t.Fatal("no game")
	}
}

func TestChallengeExpires(t *testing.T) {
	h := newHarness(t, nil)
	r, _ := h.slash(alice, "challenge", opt("opponent", bob))
	waitFor(t, "the challenge message id", func() bool {
		cs, err := h.store.OpenChallenges(t.Context())
		return err == nil && len(cs) == 1 && cs[0].MessageID != ""
	})
	h.clock.Advance(25 * time.Hour)
	h.bot.Sweep(t.Context())
	if r, _ := h.click(bob, customIDs(r.Components)["Accept"], false); !isEphemeral(r) || !strings.Contains(r.Content, "no longer open") {
		t.Errorf("accepting an expired challenge: %q", r.Content)
	}
	// The challenge message lost its buttons.
	var edited bool
	for _, rec := range h.fake.requests("/channels/" + channel + "/messages/msg-") {
		if rec.Method == "PATCH" {
			m := decode(t, rec.Body)
			edited = strings.Contains(m.Content, "expired") && len(m.Components) == 0
		}
	}
	if !edited {
		t.Error("the expired challenge's message was not edited")
	}
}
