package bot_test

import (
	"encoding/binary"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/taflbot/taflbot/internal/dbfault"
	"github.com/taflbot/taflbot/storage"
)

// TestCommandsReadThePlayersChallengesAlone: /tafl games, /tafl vacation
// and the challenge limits read every open challenge of every server to
// pick the player's few (and the server's open to anyone). They read the
// player's alone, through the store's index of each player's open
// challenges: with another player's challenge damaged in the file, which
// the list of every open challenge fails on, each answers as before
// (before, each said "Something went wrong").
func TestCommandsReadThePlayersChallengesAlone(t *testing.T) {
	h := newHarness(t, nil)
	ctx := t.Context()
	h.slash(alice, "challenge", opt("variant", "tablut"))                         // open to anyone
	h.slash(carol, "challenge", opt("opponent", bob), opt("variant", "brandubh")) // to bob
	h.slash(bob, "challenge", opt("opponent", alice), opt("variant", "tablut"))   // bob's own, correspondence
	waitFor(t, "the challenge messages recorded", func() bool {
		c, err := h.store.OpenChallenges(ctx)
		return err == nil && len(c) == 3 && c[0].MessageID != "" && c[1].MessageID != "" && c[2].MessageID != ""
	})
	other := &storage.Challenge{GuildID: guild, ChannelID: channel, ChallengerID: "444", OpponentID: "666",
		Variant: "brandubh", MoveTime: 72 * time.Hour, Expires: h.clock.Now().Add(24 * time.Hour)}
	if err := h.store.CreateChallenge(ctx, other); err != nil {
		t.Fatal(err)
	}
	before, _ := h.slash(bob, "games")
	for _, want := range []string{"**Challenges to <@" + bob + ">** (1):\n• <@" + carol + "> · brandubh", "**Open challenges** anyone may accept (1):\n• <@" + alice + "> · tablut"} {
		if !strings.Contains(before.Content, want) {
			t.Fatalf("bob's games lack %q:\n%s", want, before.Content)
		}
	}

	h.stop()
	bad := `{"id":4,"guild":"` + guild + `","challenger":"444","opponent":"666","variant":"brandubh","state":"pondering"}`
	if err := dbfault.Put(h.path, "challenges", binary.BigEndian.AppendUint64(nil, uint64(other.ID)), []byte(bad)); err != nil {
		t.Fatal(err)
	}
	h.start()
	if _, err := h.store.OpenChallenges(ctx); !errors.Is(err, storage.ErrCorrupt) {
		t.Fatalf("every open challenge, with challenge %d damaged: %v, want ErrCorrupt", other.ID, err)
	}
	if r, _ := h.slash(bob, "games"); r.Content != before.Content {
		t.Errorf("bob's games with another player's challenge damaged:\n%s\nwant, as before:\n%s", r.Content, before.Content)
	}
	if r, _ := h.slash(bob, "vacation", opt("days", float64(2))); !strings.Contains(r.Content, "You are on vacation until") {
		t.Errorf("bob's vacation, with his open correspondence challenge: %q", r.Content)
	}
	if r, _ := h.slash(bob, "challenge", opt("opponent", alice), opt("variant", "brandubh")); !strings.Contains(r.Content, "You have challenged <@"+alice+"> already") {
		t.Errorf("bob's second challenge to alice: %q", r.Content)
	}
	if r, _ := h.slash(bob, "challenge", opt("opponent", carol), opt("variant", "brandubh")); isEphemeral(r) {
		t.Errorf("bob's challenge to carol: %q", r.Content)
	}
}
