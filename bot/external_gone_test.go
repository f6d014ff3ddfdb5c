package bot_test

import (
	"strings"
	"testing"

	"github.com/taflbot/taflbot/storage"
	"github.com/taflbot/taflbot/tafl"
)

// TestEngineNoLongerSetUp: a game against an external engine that the
// process playing the engine's moves does not have in its configuration
// (removed since the game began, or a PostgreSQL deployment whose engine
// processes were not given the front ends' "engines") is lost by the
// engine with a reason in the game's language. The board said "failed (no
// such engine in the bot's configuration)", that part in English in
// every language.
func TestEngineNoLongerSetUp(t *testing.T) {
	h := newHarness(t, nil)
	g, err := storage.NewGame("brandubh", "")
	if err != nil {
		t.Fatal(err)
	}
	g.GuildID, g.ChannelID, g.Language = guild, channel, "de"
	g.Attackers, g.Defenders = storage.AI("engine:gone"), storage.Human(alice) // the engine moves first
	if err := h.store.CreateGame(t.Context(), g); err != nil {
		t.Fatal(err)
	}
	h.restart() // the engine's due moves are taken up at the start
	waitFor(t, "the engine's forfeit", func() bool {
		got, err := h.store.GetGame(t.Context(), g.ID)
		return err == nil && !got.Active()
	})
	got, _ := h.store.GetGame(t.Context(), g.ID)
	if o := got.Outcome(); o.Winner != tafl.Defenders {
		t.Errorf("the game ended %v, want a loss for the engine", o)
	}
	want := "Die Engine **gone** ist auf diesem Bot nicht mehr eingerichtet und verliert die Partie."
	var posted []string
	waitFor(t, "the forfeit's message", func() bool {
		posted = nil
		for _, rec := range h.fake.requests("/channels/" + channel + "/messages") {
			if rec.Method == "POST" {
				c := decode(t, rec.Body).Content
				posted = append(posted, c)
				if strings.Contains(c, want) {
					return true
				}
			}
		}
		return false
	})
	for _, c := range posted {
		if strings.Contains(c, "no such engine") {
			t.Errorf("English in the German message: %q", c)
		}
	}
	if lines := h.logs.lines("an external engine failed"); len(lines) != 1 || !strings.Contains(lines[0], `same \"engines\"`) {
		t.Errorf("the log does not say what to do: %v", lines)
	}
}
