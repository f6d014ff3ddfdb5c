package bot_test

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// allowedUsers returns whom a recorded message (an interaction response,
// a channel post or a follow-up) lets Discord ping: the users it lists,
// or "parse:users" when it lets every user it mentions be pinged.
func allowedUsers(t *testing.T, rec *recorded) []string {
	t.Helper()
	var w struct {
		Allowed *discordgo.MessageAllowedMentions `json:"allowed_mentions"`
		Data    *struct {
			Allowed *discordgo.MessageAllowedMentions `json:"allowed_mentions"`
		} `json:"data"`
	}
	if err := json.Unmarshal(rec.Body, &w); err != nil {
		t.Fatal(err)
	}
	am := w.Allowed
	if w.Data != nil {
		am = w.Data.Allowed
	}
	if am == nil {
		return []string{"(default: everyone mentioned)"}
	}
	out := slices.Clone(am.Users)
	for _, p := range am.Parse {
		out = append(out, "parse:"+string(p))
	}
	slices.Sort(out)
	return out
}

// lastPost returns the newest message posted in channel ch whose content
// holds marker, and its record.
func lastPost(t *testing.T, h *harness, ch, marker string) (*resp, *recorded) {
	t.Helper()
	var r *resp
	var rec *recorded
	waitFor(t, "a post saying "+marker, func() bool {
		ps, recs := posts(t, h, ch)
		for i := len(ps) - 1; i >= 0; i-- {
			if strings.Contains(ps[i].Content, marker) {
				r, rec = ps[i], recs[i]
				return true
			}
		}
		return false
	})
	return r, rec
}

// TestWhomGamePostsPing: a game's messages ping the player they ask to
// act, not everyone they name. The challenge pings the opponent (not the
// challenger, who sent it); a board after a move pings the player to
// move (not the mover); a draw offer the opponent, also on the offerer's
// own turn; a game's end both players but the one who ended it (a
// timeout both); the engine's move its opponent, and the first board of
// a game against the engine nobody when the engine moves first. An
// accepted challenge becomes the first board by an edit, which pings
// nobody: when the challenger moves first, a message tells them.
func TestWhomGamePostsPing(t *testing.T) {
	h := newHarness(t, nil)
	want := func(what string, rec *recorded, users ...string) {
		t.Helper()
		slices.Sort(users)
		if got := allowedUsers(t, rec); !slices.Equal(got, users) && !(len(got) == 0 && len(users) == 0) {
			t.Errorf("%s pings %v, want %v", what, got, users)
		}
	}
	r, rec := h.slash(alice, "challenge", opt("opponent", bob), opt("variant", "brandubh"), opt("side", "attackers"), opt("days", 1.0))
	want("the challenge", rec, bob)
	r, rec = h.click(bob, customIDs(r.Components)["Accept"], false)
	if r.Type != discordgo.InteractionResponseUpdateMessage || !strings.Contains(r.Content, "<@"+alice+"> to move") {
		t.Fatalf("accepted: %+v", r)
	}
	h.settle()
	told, rec := lastPost(t, h, channel, "accepted your challenge")
	if w := "<@" + alice + ">, it's your move in game 1: <@" + bob + "> accepted your challenge."; told.Content != w {
		t.Errorf("the challenger is told %q, want %q", told.Content, w)
	}
	want("the challenger's turn", rec, alice)

	r, rec = h.slash(alice, "move", opt("move", "d2-f2"))
	want("alice's move", rec, bob)
	menu, _ := h.click(bob, customIDs(r.Components)["Move"], true)
	targets, _ := h.click(bob, customIDs(menu.Components)["select"], true, "c4")
	h.click(bob, customIDs(targets.Components)["select"], true, "c2")
	h.settle()
	want("bob's move by the menu", lastFollowup(t, h, "<@"+bob+"> played"), alice)
	// Offered on her own turn: bob cannot move, but may accept.
	_, rec = h.slash(alice, "draw")
	want("alice's draw offer", rec, bob)
	_, rec = h.slash(alice, "move", opt("move", "a4-a2"))
	want("alice's move after her offer", rec, bob)
	r, _ = h.slash(bob, "resign")
	h.click(bob, customIDs(r.Components)["Yes, resign"], true)
	h.settle()
	_, rec = lastPost(t, h, channel, "resigned")
	want("bob's resignation", rec, alice)

	// Game 2 ends on time: news to both.
	r, _ = h.slash(alice, "challenge", opt("opponent", bob), opt("variant", "brandubh"), opt("side", "defenders"), opt("days", 1.0))
	r, rec = h.click(bob, customIDs(r.Components)["Accept"], false)
	want("the accepted challenge, bob to move", rec)
	if ps, _ := posts(t, h, channel); strings.Count(fmtContents(ps), "accepted your challenge") != 1 {
		t.Errorf("bob, who accepted, is told it is his move: %s", fmtContents(ps))
	}
	h.slash(bob, "move", opt("move", "d2-f2"), opt("game", "2"))
	h.slash(alice, "move", opt("move", "c4-c2"), opt("game", "2"))
	h.settle()
	h.clock.Advance(25 * time.Hour)
	h.bot.Sweep(t.Context())
	_, rec = lastPost(t, h, channel, "ran out of time")
	want("the timeout", rec, alice, bob)

	// Against the engine, which moves first.
	r, rec = h.slash(alice, "ai", opt("side", "defenders"), opt("variant", "brandubh"))
	if !strings.Contains(r.Content, "**Game 3**") {
		t.Fatalf("/tafl ai: %q", r.Content)
	}
	want("the first board against the engine", rec)
	_, rec = lastPost(t, h, channel, "taflbot played")
	want("the engine's move", rec, alice)

	// With a thread per game, the challenger is told in the game's thread.
	h.slash(carol, "settings", opt("threads", true))
	r, _ = h.slash(alice, "challenge", opt("opponent", carol), opt("variant", "brandubh"), opt("side", "attackers"))
	h.click(carol, customIDs(r.Components)["Accept"], false)
	h.settle()
	g, err := h.store.GetGame(t.Context(), 4)
	if err != nil || g.ThreadID == "" {
		t.Fatalf("game 4 has no thread: %+v, %v", g, err)
	}
	_, rec = lastPost(t, h, g.ThreadID, "accepted your challenge")
	want("the challenger's turn in the game's thread", rec, alice)
}

// lastFollowup returns the record of the newest follow-up message whose
// content holds marker.
func lastFollowup(t *testing.T, h *harness, marker string) *recorded {
	t.Helper()
	var rec *recorded
	waitFor(t, "a follow-up saying "+marker, func() bool {
		for _, x := range h.fake.requests("/webhooks/") {
			if x.Method == "POST" && x.Status == 200 && strings.Contains(decode(t, x.Body).Content, marker) {
				rec = x
			}
		}
		return rec != nil
	})
	return rec
}

func fmtContents(ps []*resp) string {
	var sb strings.Builder
	for _, p := range ps {
		sb.WriteString(p.Content + "\n")
	}
	return sb.String()
}

// TestChallengeAgainPingsNotAgain: challenging a player, pressing
// Withdraw and challenging them again pinged them every time, limited only
// by the pace of commands (and a declined challenge sent again at once
// pinged them again). A challenge to the same player within ten minutes
// of one from the same challenger that was withdrawn or declined is
// posted as usual but pings nobody; after that, and for another player,
// the challenge pings as before.
func TestChallengeAgainPingsNotAgain(t *testing.T) {
	h := newHarness(t, nil)
	challenge := func(to string) (*resp, *recorded) {
		t.Helper()
		r, rec := h.slash(alice, "challenge", opt("opponent", to), opt("variant", "brandubh"))
		if isEphemeral(r) || !strings.Contains(r.Content, "<@"+to+">") {
			t.Fatalf("challenge to %s: %q", to, r.Content)
		}
		return r, rec
	}
	want := func(what string, rec *recorded, users ...string) {
		t.Helper()
		if got := allowedUsers(t, rec); !slices.Equal(got, users) && !(len(got) == 0 && len(users) == 0) {
			t.Errorf("%s pings %v, want %v", what, got, users)
		}
	}
	r, rec := challenge(bob)
	want("the first challenge", rec, bob)
	h.click(alice, customIDs(r.Components)["Withdraw"], false)
	r, rec = challenge(bob)
	want("the challenge again after a withdrawal", rec)
	r2, rec := challenge(carol)
	want("a challenge to another player", rec, carol)
	h.click(carol, customIDs(r2.Components)["Decline"], false)
	_, rec = challenge(carol)
	want("the challenge again after carol declined", rec)

	h.click(alice, customIDs(r.Components)["Withdraw"], false)
	h.settle()
	h.clock.Advance(10*time.Minute + time.Second)
	_, rec = challenge(bob)
	want("the challenge ten minutes after the withdrawal", rec, bob)
}
