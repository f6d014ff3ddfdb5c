package bot_test

import (
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/bot"
	"github.com/taflbot/taflbot/storage"
	"github.com/taflbot/taflbot/tafl"
)

// resignFrom resigns user's game from a board (or aborts it, before both
// sides moved) and returns the final board.
func resignFrom(t *testing.T, h *harness, user string, board *resp) *resp {
	t.Helper()
	button, yes := "Resign", "Yes, resign"
	if customIDs(board.Components)["Abort"] != "" {
		button, yes = "Abort", "Yes, abort"
	}
	confirm, _ := h.click(user, customIDs(board.Components)[button], false)
	h.click(user, customIDs(confirm.Components)[yes], true)
	var final *resp
	waitFor(t, "the final board", func() bool {
		for _, rec := range h.fake.requests("/channels/" + channel + "/messages") {
			if rec.Method == "POST" && rec.Status == 200 {
				if m := decode(t, rec.Body); customIDs(m.Components)["Rematch"] != "" {
					final = m
				}
			}
		}
		return final != nil
	})
	return final
}

func TestRematchBetweenPlayers(t *testing.T) {
	h := newHarness(t, nil)
	r, _ := h.slash(alice, "challenge", opt("opponent", bob), opt("variant", "brandubh"), opt("side", "attackers"), opt("time", "5+3"), opt("casual", true))
	board, _ := h.click(bob, customIDs(r.Components)["Accept"], false)
	final := resignFrom(t, h, bob, board)
	rematch := customIDs(final.Components)["Rematch"]

	// Alice offers: a challenge to bob, same variant, clock and casual, sides swapped.
	offer, _ := h.click(alice, rematch, false)
	for _, want := range []string{"**Rematch** of game 1", "<@" + alice + "> challenges <@" + bob + ">", "brandubh", "playing the defenders", "5+3", "casual"} {
		if !strings.Contains(offer.Content, want) || isEphemeral(offer) {
			t.Fatalf("rematch offer %q lacks %q", offer.Content, want)
		}
	}
	// Her second tap, and carol's, change nothing.
	if r, _ := h.click(alice, rematch, false); !isEphemeral(r) || !strings.Contains(r.Content, "offered a rematch already") {
		t.Errorf("second tap: %q", r.Content)
	}
	if r, _ := h.click(carol, rematch, false); !isEphemeral(r) || !strings.Contains(r.Content, "not playing in that game") {
		t.Errorf("carol's tap: %q", r.Content)
	}
	var offerMsg string
	waitFor(t, "the offer's message to be remembered", func() bool {
		old, err := h.store.GetGame(t.Context(), 1)
		if err != nil || old.Rematch == 0 {
			return false
		}
		c, err := h.store.GetChallenge(t.Context(), old.Rematch)
		offerMsg = c.MessageID
		return err == nil && offerMsg != ""
	})
	// Bob accepts with one tap, on the old board's Rematch button.
	started, rec := h.click(bob, rematch, false)
	checkPNG(t, rec)
	if isEphemeral(started) || !strings.Contains(started.Content, "accepted the rematch of game 1") {
		t.Fatalf("bob's tap: %q", started.Content)
	}
	// The offer says it was accepted and loses its buttons, as when its
	// own Accept is pressed.
	waitFor(t, "the offer to be closed", func() bool {
		for _, rec := range h.fake.requests("/channels/" + channel + "/messages/" + offerMsg) {
			if m := decode(t, rec.Body); rec.Method == "PATCH" && len(m.Components) == 0 &&
				strings.Contains(m.Content, "<@"+bob+"> accepted the rematch of game 1. The game begins!") {
				return true
			}
		}
		return false
	})
	games, err := h.store.GamesByPlayer(t.Context(), alice, storage.GameFilter{ActiveOnly: true})
	if err != nil || len(games) != 1 {
		t.Fatalf("active games: %d, %v", len(games), err)
	}
	g := games[0]
	if g.Attackers.UserID != bob || g.Defenders.UserID != alice || g.Variant() != "brandubh" ||
		g.Clock.Control.String() != "5+3" || !g.Casual {
		t.Errorf("rematch game %+v (clock %v)", g, g.Clock.Control)
	}
	// Stale taps: Rematch again, and the offer's Accept.
	if r, _ := h.click(bob, rematch, false); !isEphemeral(r) || !strings.Contains(r.Content, "being played already: game 2") {
		t.Errorf("tap after the start: %q", r.Content)
	}
	if r, _ := h.click(bob, customIDs(offer.Components)["Accept"], false); !isEphemeral(r) || !strings.Contains(r.Content, "no longer open") {
		t.Errorf("stale Accept: %q", r.Content)
	}
	if all, _ := h.store.GamesByPlayer(t.Context(), alice, storage.GameFilter{}); len(all) != 2 {
		t.Errorf("%d games, want 2", len(all))
	}
}

// TestRematchAcceptedWithAccept: the rematch offer's own Accept button
// starts the game with the same words as the Rematch button does.
func TestRematchAcceptedWithAccept(t *testing.T) {
	h := newHarness(t, nil)
	r, _ := h.slash(alice, "challenge", opt("opponent", bob), opt("variant", "brandubh"), opt("side", "attackers"))
	board, _ := h.click(bob, customIDs(r.Components)["Accept"], false)
	final := resignFrom(t, h, bob, board)
	offer, _ := h.click(alice, customIDs(final.Components)["Rematch"], false)
	started, _ := h.click(bob, customIDs(offer.Components)["Accept"], false)
	if isEphemeral(started) || !strings.Contains(started.Content, "<@"+bob+"> accepted the rematch of game 1. The game begins!") {
		t.Errorf("accepting the rematch offer: %q", started.Content)
	}
}

func TestRematchAgainstTheEngine(t *testing.T) {
	h := newHarness(t, newPolicyEngine(5))
	board, _ := h.slash(alice, "ai", opt("variant", "brandubh"), opt("side", "defenders"), opt("level", "hard"))
	waitFor(t, "the engine's move", func() bool { return gameOf(t, h, alice).Ply() == 1 })
	final := resignFrom(t, h, alice, board)
	rematch := customIDs(final.Components)["Rematch"]
	// Two taps at once: one new game.
	var wg sync.WaitGroup
	replies := make([]*resp, 2)
	for i := range replies {
		wg.Add(1)
		go func() { defer wg.Done(); replies[i], _ = h.click(alice, rematch, false) }()
	}
	wg.Wait()
	started := 0
	for _, r := range replies {
		if !isEphemeral(r) && strings.Contains(r.Content, "again, sides swapped") {
			started++
		} else if !strings.Contains(r.Content, "being played already") {
			t.Errorf("tap: %q", r.Content)
		}
	}
	if started != 1 {
		t.Fatalf("%d rematches started", started)
	}
	games, _ := h.store.GamesByPlayer(t.Context(), alice, storage.GameFilter{ActiveOnly: true})
	if len(games) != 1 || games[0].Attackers.UserID != alice || games[0].Defenders != storage.AI("hard") {
		t.Fatalf("rematch: %+v", games)
	}
	if games[0].SideOf(alice) != tafl.Attackers {
		t.Error("the sides were not swapped")
	}
}

// TestRematchOfACustomVariant: a game of a custom variant (an OpenTafl
// rules string) is replayed by Rematch with the same rules (it was
// refused before challenges could carry rules).
func TestRematchOfACustomVariant(t *testing.T) {
	const rules = "dim:7 esc:e start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/"
	h := newHarness(t, newPolicyEngine(1))
	r, _ := h.slash(alice, "challenge", opt("opponent", bob), opt("variant", rules), opt("side", "attackers"))
	board, _ := h.click(bob, customIDs(r.Components)["Accept"], false)
	final := resignFrom(t, h, alice, board)
	offer, _ := h.click(bob, customIDs(final.Components)["Rematch"], false)
	if isEphemeral(offer) || !strings.Contains(offer.Content, "**Rematch** of game 1") {
		t.Fatalf("the rematch offer: %q", offer.Content)
	}
	h.click(alice, customIDs(offer.Components)["Accept"], false)
	games, err := h.store.GamesByPlayer(t.Context(), alice, storage.GameFilter{ActiveOnly: true})
	if err != nil || len(games) != 1 {
		t.Fatalf("active games: %v, %v", games, err)
	}
	if g := games[0]; g.Variant() != "custom" || g.Rules() == "" || g.Tafl().Variant().Rules().Escape != tafl.EscapeEdge || g.Attackers.UserID != bob {
		t.Errorf("the rematch: variant %q, rules %q, attackers %q", g.Variant(), g.Rules(), g.Attackers.UserID)
	}
}

// clickIn presses a button of a message in channel (such as a game's
// thread) and returns the reply.
func clickIn(t *testing.T, h *harness, user, channelID, customID string) *resp {
	t.Helper()
	id := h.id()
	in := &discordgo.Interaction{ID: id, AppID: "555", Token: "tok" + id, Type: discordgo.InteractionMessageComponent,
		GuildID: guild, ChannelID: channelID, Member: member(user), Message: &discordgo.Message{ID: "msg-" + id, ChannelID: channelID},
		Data: discordgo.MessageComponentInteractionData{CustomID: customID}}
	h.bot.HandleGateway(t.Context(), in)
	r, _ := h.fake.final(t, in)
	return r
}

// rematchButtonIn waits for a board with a Rematch button posted in
// channelID and returns the button.
func rematchButtonIn(t *testing.T, h *harness, channelID string) string {
	t.Helper()
	var rematch string
	waitFor(t, "the final board in "+channelID, func() bool {
		for _, rec := range h.fake.requests("/channels/" + channelID + "/messages") {
			if rec.Method == "POST" {
				if id := customIDs(decode(t, rec.Body).Components)["Rematch"]; id != "" {
					rematch = id
				}
			}
		}
		return rematch != ""
	})
	return rematch
}

// firstBoardIn returns the board of game id posted in channelID (nil if none).
func firstBoardIn(t *testing.T, h *harness, channelID string, id storage.GameID) *recorded {
	for _, rec := range h.fake.requests("/channels/" + channelID + "/messages") {
		if rec.Method == "POST" && rec.Status == 200 && strings.Contains(decode(t, rec.Body).Content, fmt.Sprintf("**Game %d**", id)) {
			return rec
		}
	}
	return nil
}

// TestRematchInItsGameThread: with a thread per game, the final board and
// its Rematch button are in the game's thread, where Discord starts no
// thread of its own. The rematch gets a thread of its own, as any new
// game: its first board is posted in the parent channel, the thread is
// started on it, the answer in the old thread says where the game is,
// and its later boards (here the engine's moves) go to the new thread.
func TestRematchInItsGameThread(t *testing.T) {
	h := newHarness(t, newPolicyEngine(7))
	h.slash(carol, "settings", opt("threads", true))
	h.slash(alice, "ai", opt("variant", "brandubh"), opt("side", "attackers"), opt("level", "easy"))
	waitFor(t, "the game's thread", func() bool { return gameOf(t, h, alice).ThreadID != "" })
	old := gameOf(t, h, alice)
	board, _ := h.slash(alice, "board")
	confirm := clickIn(t, h, alice, old.ThreadID, customIDs(board.Components)["Abort"])
	clickIn(t, h, alice, old.ThreadID, customIDs(confirm.Components)["Yes, abort"])
	rematch := rematchButtonIn(t, h, old.ThreadID)
	threads := len(h.fake.requests("/threads"))
	started := clickIn(t, h, alice, old.ThreadID, rematch)
	var g *storage.Game
	waitFor(t, "the engine's first move in the rematch", func() bool {
		g, _ = h.store.GetGame(t.Context(), old.ID+1)
		return g != nil && g.Ply() == 1
	})
	if g.ThreadID == "" || g.ThreadID == old.ThreadID || len(h.fake.requests("/threads")) != threads+1 {
		t.Fatalf("the rematch is in thread %q (the old game's: %q), %d new threads started, want its own", g.ThreadID, old.ThreadID, len(h.fake.requests("/threads"))-threads)
	}
	if !strings.Contains(started.Content, "again, sides swapped") || !strings.Contains(started.Content, fmt.Sprintf("Game %d is played in <#%s>.", g.ID, g.ThreadID)) {
		t.Errorf("the answer in the old thread: %q", started.Content)
	}
	first := firstBoardIn(t, h, channel, g.ID)
	if first == nil {
		t.Fatal("the rematch's first board is not in the parent channel")
	}
	m := decode(t, first.Body)
	if customIDs(m.Components)["Move"] == "" || len(first.Files) != 1 {
		t.Errorf("the first board in the channel: %q, %d files", m.Content, len(first.Files))
	}
	if got := h.fake.requests("/threads"); !strings.Contains(got[len(got)-1].Path, "/channels/"+channel+"/messages/") {
		t.Errorf("the thread was started at %s, want on the first board in the channel", got[len(got)-1].Path)
	}
	for _, where := range []string{channel, old.ThreadID} {
		for _, rec := range h.fake.requests("/channels/" + where + "/messages") {
			if rec.Method == "POST" && strings.Contains(decode(t, rec.Body).Content, "taflbot played") {
				t.Errorf("the engine's move went to %s, not the rematch's thread: %s", where, decode(t, rec.Body).Content)
			}
		}
	}
	waitFor(t, "the engine's move in the new thread", func() bool {
		for _, rec := range h.fake.requests("/channels/" + g.ThreadID + "/messages") {
			if rec.Method == "POST" && strings.Contains(decode(t, rec.Body).Content, "taflbot played") {
				return true
			}
		}
		return false
	})
}

// TestRematchFromAThreadBetweenPlayers: a rematch offered in its game's
// thread and accepted there is played in a new thread of its own while
// the server wants threads, and in the parent channel once it turned
// them off; the challenge in the old thread then says where.
func TestRematchFromAThreadBetweenPlayers(t *testing.T) {
	for _, threads := range []bool{true, false} {
		t.Run(fmt.Sprint("threads ", threads), func(t *testing.T) {
			h := newHarness(t, nil)
			h.slash(carol, "settings", opt("threads", true))
			startGame(t, h)
			waitFor(t, "the game's thread", func() bool { return gameOf(t, h, alice).ThreadID != "" })
			old := gameOf(t, h, alice)
			confirm, _ := h.slash(bob, "resign")
			clickIn(t, h, bob, old.ThreadID, customIDs(confirm.Components)["Yes, abort"])
			rematch := rematchButtonIn(t, h, old.ThreadID)
			if !threads {
				h.slash(carol, "settings", opt("threads", false))
			}
			offer := clickIn(t, h, alice, old.ThreadID, rematch)
			if customIDs(offer.Components)["Accept"] == "" {
				t.Fatalf("the rematch offer: %q", offer.Content)
			}
			n := len(h.fake.requests("/threads"))
			accepted := clickIn(t, h, bob, old.ThreadID, customIDs(offer.Components)["Accept"])
			g, err := h.store.GetGame(t.Context(), old.ID+1)
			if err != nil {
				t.Fatal(err)
			}
			want, newThreads := channel, 0
			if threads {
				want, newThreads = g.ThreadID, 1
				if g.ThreadID == "" || g.ThreadID == old.ThreadID {
					t.Errorf("the rematch's thread %q (the old game's: %q), want its own", g.ThreadID, old.ThreadID)
				}
			} else if g.ThreadID != "" {
				t.Errorf("threads are off, but the rematch is played in thread %q", g.ThreadID)
			}
			if got := len(h.fake.requests("/threads")) - n; got != newThreads {
				t.Errorf("%d threads started, want %d", got, newThreads)
			}
			if accepted.Type != discordgo.InteractionResponseUpdateMessage || len(accepted.Components) != 0 ||
				!strings.Contains(accepted.Content, fmt.Sprintf("accepted the rematch of game %d. The game begins!", old.ID)) ||
				!strings.Contains(accepted.Content, fmt.Sprintf("Game %d is played in <#%s>.", g.ID, want)) {
				t.Errorf("the accepted challenge in the old thread: type %d, %q, %d components", accepted.Type, accepted.Content, len(accepted.Components))
			}
			if firstBoardIn(t, h, channel, g.ID) == nil {
				t.Errorf("the rematch's first board is not in the channel")
			}
			if g, _ := h.store.GetGame(t.Context(), g.ID); len(g.BoardMessages) == 0 || g.BoardMessages[0].ChannelID != channel {
				t.Errorf("the first board remembered: %+v, want in channel %s", g.BoardMessages, channel)
			}
		})
	}
}

// TestRematchOfferInAThreadExpires: a rematch offered in its game's thread
// is posted there, not in the game's channel; when it expires unanswered
// the bot edits it there (a message of the thread is not found in the
// parent channel), so its buttons go.
func TestRematchOfferInAThreadExpires(t *testing.T) {
	h := newHarness(t, nil)
	h.slash(carol, "settings", opt("threads", true))
	startGame(t, h)
	waitFor(t, "the game's thread", func() bool { return gameOf(t, h, alice).ThreadID != "" })
	old := gameOf(t, h, alice)
	confirm, _ := h.slash(bob, "resign")
	clickIn(t, h, bob, old.ThreadID, customIDs(confirm.Components)["Yes, abort"])
	offer := clickIn(t, h, alice, old.ThreadID, rematchButtonIn(t, h, old.ThreadID))
	if customIDs(offer.Components)["Accept"] == "" {
		t.Fatalf("the rematch offer: %q", offer.Content)
	}
	var c *storage.Challenge
	waitFor(t, "the offer's message to be remembered", func() bool {
		g, err := h.store.GetGame(t.Context(), old.ID)
		if err != nil || g.Rematch == 0 {
			return false
		}
		c, err = h.store.GetChallenge(t.Context(), g.Rematch)
		return err == nil && c.MessageID != ""
	})
	h.clock.Advance(25 * time.Hour)
	h.bot.Sweep(t.Context())
	var edited bool
	for _, rec := range h.fake.requests("/messages/" + c.MessageID) {
		if rec.Method != "PATCH" {
			continue
		}
		if rec.Path != "/api/v9/channels/"+old.ThreadID+"/messages/"+c.MessageID {
			t.Errorf("the expired offer was edited at %s, want in the thread %s", rec.Path, old.ThreadID)
		}
		if m := decode(t, rec.Body); strings.Contains(m.Content, "expired unanswered") && len(m.Components) == 0 {
			edited = true
		}
	}
	if !edited {
		t.Errorf("the expired rematch offer was not edited to say so")
	}
}

// TestRematchNamesTheLevelInTheGamesLanguage: /tafl ai names the engine's
// level as the level option's choice reads in the game's language ("på
// niveau **let**"), but the rematch of that game named it in English
// ("spiller mod taflbot på niveau **easy** igen"); it names it as /tafl ai
// does.
func TestRematchNamesTheLevelInTheGamesLanguage(t *testing.T) {
	text := runConsole(t, consoleStore(t), 0, []string{
		"/tafl settings language:da",
		"/tafl ai variant:brandubh side:attackers level:easy",
		"/tafl resign", "click Ja, afbryd",
		"click Revanche",
		"quit",
	})
	consoleSays(t, text, "@alice spiller mod taflbot på niveau **let**. Held og lykke!",
		"@alice spiller mod taflbot på niveau **let** igen med byttede sider. Held og lykke!")
	if strings.Contains(text, "**easy**") {
		t.Errorf("the level is named in English:\n%s", text)
	}
}

// TestRematchOfARemovedEngine: Rematch of a game against another engine
// that the bot's operator has since taken out of the configuration
// starts nothing and says so (it started a game that the engine lost at
// its first move: "no such engine in the bot's configuration").
func TestRematchOfARemovedEngine(t *testing.T) {
	h := engineHarness(t, time.Minute, bot.ExternalEngine{Name: "gone", Command: []string{"/bin/true"}})
	board, _ := h.slash(alice, "ai", opt("variant", "brandubh"), opt("side", "attackers"), opt("engine", "gone"))
	final := resignFrom(t, h, alice, board)
	h.adjust = func(o *bot.Options) { o.Engines = nil }
	h.restart()
	r, _ := h.click(alice, customIDs(final.Components)["Rematch"], false)
	if !isEphemeral(r) || !strings.Contains(r.Content, "The engine **gone** is no longer set up on this bot, so there is no rematch against it") {
		t.Errorf("rematch of a removed engine: %q", r.Content)
	}
	if g := gameOf(t, h, alice); g.ID != 1 || g.RematchGame != 0 {
		t.Errorf("a game was started: game %d, rematch %d", g.ID, g.RematchGame)
	}
}

// TestRematchDeclinedOrWithdrawn: a rematch offer declined or withdrawn
// says it was the rematch of that game; it read "declined the challenge
// of @alice (brandubh)" and "withdrew the challenge (brandubh)".
func TestRematchDeclinedOrWithdrawn(t *testing.T) {
	h := newHarness(t, nil)
	r, _ := h.slash(alice, "challenge", opt("opponent", bob), opt("variant", "brandubh"), opt("side", "attackers"))
	board, _ := h.click(bob, customIDs(r.Components)["Accept"], false)
	final := resignFrom(t, h, bob, board)
	offer, _ := h.click(alice, customIDs(final.Components)["Rematch"], false)
	declined, _ := h.click(bob, customIDs(offer.Components)["Decline"], false)
	if isEphemeral(declined) || declined.Content != "<@"+bob+"> declined the rematch of game 1 offered by <@"+alice+">." {
		t.Errorf("declining the rematch offer: %q", declined.Content)
	}

	// Bob offers one himself, then thinks better of it.
	offer, _ = h.click(bob, customIDs(final.Components)["Rematch"], false)
	withdrawn, _ := h.click(bob, customIDs(offer.Components)["Withdraw"], false)
	if isEphemeral(withdrawn) || withdrawn.Content != "<@"+bob+"> withdrew the rematch offer of game 1." {
		t.Errorf("withdrawing the rematch offer: %q", withdrawn.Content)
	}
}

// TestRematchOfAnEndedRematch: Rematch tapped on a game whose rematch
// had ended said "The rematch is being played already: game 2", against
// the engine and between players alike; it says the rematch is over and
// that Rematch on its board offers another.
func TestRematchOfAnEndedRematch(t *testing.T) {
	h := newHarness(t, newPolicyEngine(5))
	board, _ := h.slash(alice, "ai", opt("variant", "brandubh"), opt("side", "defenders"), opt("level", "hard"))
	waitFor(t, "the engine's move", func() bool { return gameOf(t, h, alice).Ply() == 1 })
	rematch := customIDs(resignFrom(t, h, alice, board).Components)["Rematch"]
	second, _ := h.click(alice, rematch, false)
	if !strings.Contains(second.Content, "again, sides swapped") {
		t.Fatalf("the rematch did not start: %q", second.Content)
	}
	resignFrom(t, h, alice, second) // alice has not moved: an abort
	h.settle()
	if g, err := h.store.GetGame(t.Context(), 2); err != nil || g.Active() {
		t.Fatalf("game 2 is not over: %v", err)
	}
	want := "The rematch, game 2, is over: for another, press **Rematch** on its board (`/tafl board` `game:2`)."
	if r, _ := h.click(alice, rematch, false); !isEphemeral(r) || r.Content != want {
		t.Errorf("Rematch of game 1 against the engine, game 2 over: %q, want %q", r.Content, want)
	}

	// Between players: bob accepts alice's offer with Rematch, and
	// resigns the rematch; alice's next tap on game 3's board.
	r, _ := h.slash(alice, "challenge", opt("opponent", bob), opt("variant", "brandubh"), opt("side", "attackers"))
	board, _ = h.click(bob, customIDs(r.Components)["Accept"], false)
	h.slash(alice, "move", opt("move", "d2-c2"))
	h.settle()
	resignFrom(t, h, bob, board)
	waitFor(t, "game 3's final board", func() bool {
		for _, rec := range h.fake.requests("/channels/" + channel + "/messages") {
			if m := decode(t, rec.Body); rec.Method == "POST" && strings.Contains(m.Content, "**Game 3**") {
				rematch = customIDs(m.Components)["Rematch"]
			}
		}
		return rematch != "" && strings.Contains(rematch, ":3:")
	})
	h.click(alice, rematch, false)
	h.settle()
	started, _ := h.click(bob, rematch, false)
	if !strings.Contains(started.Content, "accepted the rematch of game 3") {
		t.Fatalf("bob's tap: %q", started.Content)
	}
	resignFrom(t, h, bob, started)
	h.settle()
	want = "The rematch, game 4, is over: for another, press **Rematch** on its board (`/tafl board` `game:4`)."
	if r, _ := h.click(alice, rematch, false); !isEphemeral(r) || r.Content != want {
		t.Errorf("Rematch of game 3 between players, game 4 over: %q, want %q", r.Content, want)
	}
}
