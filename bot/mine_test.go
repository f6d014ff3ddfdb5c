package bot_test

import (
	"context"
	"strings"
	"testing"

	"github.com/taflbot/taflbot/storage"
	"github.com/taflbot/taflbot/tafl"
)

// TestFinishedGameMined: a game whose end was a forced win becomes a
// puzzle of its server, naming the game, once it ends.
func TestFinishedGameMined(t *testing.T) {
	h := newHarness(t, nil)
	ctx := context.Background()
	// Brandubh from a position where the defenders win in 2 (g5-g3, then
	// the king escapes), as a custom variant starting there.
	r, err := tafl.PresetRules("brandubh", "")
	if err != nil {
		t.Fatal(err)
	}
	r.Start, r.First = "/1t1t3/6t/3T3/t1T4/4T1K/6t/3tT2/", tafl.Defenders
	v, err := tafl.NewVariant(r)
	if err != nil {
		t.Fatal(err)
	}
	g, err := storage.NewCustomGame(v.RulesString())
	if err != nil {
		t.Fatal(err)
	}
	g.GuildID, g.ChannelID = guild, channel
	g.Attackers, g.Defenders = storage.Human(alice), storage.Human(bob)
	if err := h.store.CreateGame(ctx, g); err != nil {
		t.Fatal(err)
	}
	for _, m := range []struct{ user, move string }{{bob, "g5-g3"}, {alice, "a4-a2"}, {bob, "g3-g1"}} {
		if r, _ := h.slash(m.user, "move", opt("move", m.move), opt("game", g.ID.String())); isEphemeral(r) {
			t.Fatalf("%s: %s", m.move, r.Content)
		}
	}
	var mined []*storage.Puzzle
	waitFor(t, "the game to be mined", func() bool {
		all, _ := h.store.Puzzles(ctx, guild)
		mined = nil
		for _, p := range all {
			if p.GuildID == guild {
				mined = append(mined, p)
			}
		}
		return len(mined) > 0
	})
	p := mined[0]
	if p.Moves != 2 || p.Solution[0] != "g5-g3" || p.Variant != "custom" || !strings.HasPrefix(p.Source, "game "+g.ID.String()+", before move 1") {
		t.Errorf("mined %+v", p)
	}
	if other, _ := h.store.Puzzles(ctx, "another-guild"); len(other) != len(mustStarter(t)) {
		t.Errorf("the mined puzzle is offered in another server")
	}
}
