package bot_test

import (
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/bot"
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
	// A click on buttons Discord still showed says so again.
	if r, _ := h.click(bob, customIDs(r.Components)["Accept"], false); r.Type != discordgo.InteractionResponseUpdateMessage ||
		r.Content != "The challenge of <@"+alice+"> to <@"+bob+"> (copenhagen) expired unanswered." || len(r.Components) != 0 {
		t.Errorf("accepting an expired challenge: type %d %q", r.Type, r.Content)
	}
}

// TestButtonsOfAnUnsweptExpiredChallenge: Accept, Decline or Withdraw
// pressed after a challenge's expiry, before the clock sweep noticed it,
// answer as the sweep would have: the challenge is expired, and its
// message says it expired unanswered, without buttons (Decline and
// Withdraw used to decline or withdraw it, Accept to answer "no longer
// open" and leave the buttons there for good).
func TestButtonsOfAnUnsweptExpiredChallenge(t *testing.T) {
	for _, tc := range []struct{ button, user string }{{"Accept", bob}, {"Decline", bob}, {"Withdraw", alice}, {"Decline", carol}} {
		t.Run(tc.button, func(t *testing.T) {
			h := newHarness(t, nil)
			r, _ := h.slash(alice, "challenge", opt("opponent", bob))
			ids := customIDs(r.Components)
			h.clock.Advance(24*time.Hour + time.Second) // no sweep
			r2, _ := h.click(tc.user, ids[tc.button], false)
			if want := "The challenge of <@" + alice + "> to <@" + bob + "> (copenhagen) expired unanswered."; r2.Type != discordgo.InteractionResponseUpdateMessage ||
				r2.Content != want || len(r2.Components) != 0 {
				t.Errorf("%s: type %d %q %d components, want the message to say %q without buttons", tc.button, r2.Type, r2.Content, len(r2.Components), want)
			}
			if c, err := h.store.GetChallenge(t.Context(), 1); err != nil || c.State != storage.ChallengeExpired {
				t.Fatalf("challenge %+v, %v: want it expired", c, err)
			}
			if games, _ := h.store.GamesByPlayer(t.Context(), alice, storage.GameFilter{}); len(games) != 0 {
				t.Errorf("%d games started, want none", len(games))
			}
			// The others answer the same, and no one can still take it.
			for _, b := range []string{"Accept", "Decline", "Withdraw"} {
				if r, _ := h.click(bob, ids[b], false); r.Content != r2.Content || len(r.Components) != 0 {
					t.Errorf("then %s: %q", b, r.Content)
				}
			}
		})
	}
}

// TestDaysOption: the days option offers 1, 2, 3, 5, 7 and 14 and takes
// any typed number the settings accept (1 to 30), in every mode; its
// definition lets Discord check the range.
func TestDaysOption(t *testing.T) {
	for _, o := range bot.Commands()[0].Options {
		for _, sub := range o.Options {
			if sub.Name != "days" || o.Name == "vacation" {
				continue
			}
			if !sub.Autocomplete || len(sub.Choices) != 0 || sub.MinValue == nil || *sub.MinValue != 1 || sub.MaxValue != storage.MaxDaysPerMove {
				t.Errorf("/tafl %s days: autocomplete %v, %d fixed choices, range %v..%v; want autocomplete within 1..%d",
					o.Name, sub.Autocomplete, len(sub.Choices), sub.MinValue, sub.MaxValue, storage.MaxDaysPerMove)
			}
		}
	}
	eachMode(t, func(t *testing.T, d driver) {
		if v := d.do(t, "alice", "complete /tafl challenge days:"); !strings.Contains(v.text, "choices: 1 day, 2 days, 3 days, 5 days, 7 days, 14 days") {
			t.Errorf("days offered: %s", v.text)
		}
		if v := d.do(t, "alice", "complete /tafl challenge days:9"); !strings.Contains(v.text, "choices: 9 days") {
			t.Errorf("days offered for 9: %s", v.text)
		}
		if v := d.do(t, "alice", "complete /tafl challenge days:45"); !strings.Contains(v.text, "choices: ") || strings.Contains(v.text, "45") {
			t.Errorf("days offered for 45: %s", v.text)
		}
		if v := d.do(t, "alice", "/tafl challenge opponent:bob days:9"); !strings.Contains(v.text, "9d 0h per move") {
			t.Errorf("a challenge with 9 days: %s", v.text)
		}
		if v := d.do(t, "alice", "/tafl challenge opponent:bob days:31"); !strings.Contains(v.text, "Days per move must be 1 to 30") {
			t.Errorf("a challenge with 31 days: %s", v.text)
		}
		// The choices are written in the player's language.
		d.do(t, "bob", "/tafl settings language:de")
		if v := d.do(t, "bob", "complete /tafl challenge days:"); !strings.Contains(v.text, "choices: 1 Tag, 2 Tage, 3 Tage, 5 Tage, 7 Tage, 14 Tage") {
			t.Errorf("days offered in German: %s", v.text)
		}
	})
}

// TestCustomVariantChallenge: /tafl challenge takes an OpenTafl rules
// string as the variant, checks it with a clear error, and the accepted
// game plays by it. In every mode.
func TestCustomVariantChallenge(t *testing.T) {
	eachMode(t, func(t *testing.T, d driver) {
		v := d.do(t, "alice", `/tafl challenge opponent:bob variant:"dim:7 kj:y start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/"`)
		if !strings.Contains(v.text, "I can't play that rules string") || !strings.Contains(v.text, "kj") {
			t.Errorf("a rules string with king jumps: %s", v.text)
		}
		if v := d.do(t, "alice", `/tafl challenge opponent:bob variant:"dim:8 start:/8/"`); !strings.Contains(v.text, "I can't play that rules string") {
			t.Errorf("an even board: %s", v.text)
		}
		v = d.do(t, "alice", `/tafl challenge opponent:bob side:attackers variant:"dim:7 esc:e start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/"`)
		if !strings.Contains(v.text, "to a game in a **custom variant** (7×7)") {
			t.Fatalf("the custom challenge: %s", v.text)
		}
		d.do(t, "bob", "click Accept")
		g := activeGame(t, d, "alice")
		if g.Variant() != "custom" || g.Rules() == "" || g.Tafl().Variant().Rules().Escape != tafl.EscapeEdge {
			t.Fatalf("the game: variant %q, rules %q", g.Variant(), g.Rules())
		}
		if v := d.do(t, "alice", "/tafl move move:d2-c2"); !strings.Contains(v.text, "Last moves: 1. d2-c2") {
			t.Errorf("a move in the custom game: %s", v.text)
		}
	})
}

// TestCustomVariantThatCannotStart: a rules string whose start has no
// attackers, is already won (the king on an escape square or in an exit
// fort, the defenders encircled), or leaves the side to move first no
// move, is refused with the reason; it started a game that was over when it was created
// ("Defenders win — no legal moves left").
func TestCustomVariantThatCannotStart(t *testing.T) {
	h := newHarness(t, nil)
	for _, c := range []struct{ sub, rules, want string }{
		{"ai", "dim:7 start:/7/7/7/3K3/7/7/7/", "its start position has no attackers (t)"},
		{"challenge", "dim:7 start:/7/7/7/3K3/7/7/7/", "its start position has no attackers (t)"},
		{"ai", "dim:7 esc:e cor: start:/tT5/T6/7/3K3/7/7/7/", "the side that moves first has no legal move in its start position"},
		// A start that is already won was refused as one without moves,
		// though the side to move first has some.
		{"ai", "dim:7 esc:e cen: start:/3K3/7/7/3t3/7/7/7/", "in its start position the king already stands on an escape square"},
		{"challenge", "dim:7 cen: start:/7/7/2ttt2/2tKt2/2ttt2/7/7/", "in its start position the defenders are already encircled"},
		{"ai", "dim:11 efe:y start:/4TKT4/4T1T4/4TTT4/11/11/t9t/11/11/2t8/11/11/", "in its start position the king already stands in an exit fort"},
	} {
		opts := []*discordgo.ApplicationCommandInteractionDataOption{opt("variant", c.rules)}
		if c.sub == "challenge" {
			opts = append(opts, opt("opponent", bob))
		}
		if r, _ := h.slash(alice, c.sub, opts...); !isEphemeral(r) || !strings.Contains(r.Content, "I can't play that rules string: "+c.want) {
			t.Errorf("/tafl %s variant:%q: %q", c.sub, c.rules, r.Content)
		}
	}
	if gs, err := h.store.GamesByPlayer(t.Context(), alice, storage.GameFilter{Limit: 10}); err != nil || len(gs) != 0 {
		t.Errorf("%d games made: %v", len(gs), err)
	}
}

// TestChallengeInADirectMessage: a challenge in a direct message with the
// bot is refused, since nobody else sees it (it was posted there, where
// the opponent could never accept); /tafl ai still works there.
func TestChallengeInADirectMessage(t *testing.T) {
	h := newHarness(t, nil)
	dm := func(sub string, opts ...*discordgo.ApplicationCommandInteractionDataOption) *resp {
		in := h.slashInteraction(alice, sub, opts...)
		in.GuildID, in.User, in.Member = "", in.Member.User, nil
		h.bot.HandleGateway(t.Context(), in)
		r, _ := h.fake.final(t, in)
		return r
	}
	r := dm("challenge", opt("opponent", bob), opt("variant", "brandubh"))
	if !isEphemeral(r) || !strings.Contains(r.Content, "direct message") {
		t.Errorf("a challenge in a DM: %q", r.Content)
	}
	if games, _ := h.store.GamesByPlayer(t.Context(), alice, storage.GameFilter{}); len(games) != 0 {
		t.Errorf("alice has %d games", len(games))
	}
	if r := dm("ai", opt("variant", "brandubh"), opt("level", "easy")); isEphemeral(r) {
		t.Errorf("/tafl ai in a DM: %q", r.Content)
	}
}

// TestCustomChallengeShowsItsRules: a challenge to a rules string said
// only "custom (7×7)" and showed the start: the opponent could not learn
// how it is played (edge escape, a weak king) before accepting. It gives
// the rules string and how to read its rules; a preset's does not.
func TestCustomChallengeShowsItsRules(t *testing.T) {
	const rules = "dim:7 esc:e ks:w start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/"
	out := runConsole(t, consoleStore(t), 0, []string{
		`/tafl challenge opponent:bob variant:"` + rules + `"`,
		"/tafl challenge opponent:carol variant:brandubh",
	})
	consoleSays(t, out, "Rules string: `"+rules+"` — `/tafl rules` `variant:` with it shows its rules.")
	if n := strings.Count(out, "Rules string:"); n != 1 {
		t.Errorf("%d challenges name a rules string, want the custom one's:\n%s", n, out)
	}
}

// TestRepeatedChallengesRefused: /tafl challenge sent again to the same
// player while the first challenge is open posted a second challenge
// message (and a third, ...: only the pace limit stopped it). It is
// refused privately, linking the open one and saying how to withdraw
// it; and a player has at most 5 open challenges in a server (open to
// anyone or not), the refusal listing them. Rematch offers are neither
// refused nor counted; challenges withdrawn, accepted or past their
// expiry no longer count.
func TestRepeatedChallengesRefused(t *testing.T) {
	h := newHarness(t, nil)
	const dave, erin, frank = "444", "555", "666"
	first, _ := h.slash(alice, "challenge", opt("opponent", bob), opt("variant", "brandubh"))
	if isEphemeral(first) {
		t.Fatalf("the first challenge: %q", first.Content)
	}
	var msgID string
	waitFor(t, "the challenge's message to be remembered", func() bool {
		c, err := h.store.GetChallenge(t.Context(), 1)
		msgID = c.MessageID
		return err == nil && msgID != ""
	})
	openOf := func(user string) int {
		t.Helper()
		all, err := h.store.OpenChallenges(t.Context())
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, c := range all {
			if c.ChallengerID == user {
				n++
			}
		}
		return n
	}
	again, _ := h.slash(alice, "challenge", opt("opponent", bob), opt("variant", "tablut"))
	link := "https://discord.com/channels/" + guild + "/" + channel + "/" + msgID
	if want := "You have challenged <@" + bob + "> already: " + link; !isEphemeral(again) || !strings.Contains(again.Content, want) ||
		!strings.Contains(again.Content, "press **Withdraw** on it") {
		t.Errorf("the same challenge again: %q, want it private with %q and how to withdraw", again.Content, want)
	}
	if n := openOf(alice); n != 1 {
		t.Errorf("alice has %d open challenges after repeating one, want 1", n)
	}
	// Bob may still challenge alice; withdrawn, alice may challenge bob anew.
	if r, _ := h.slash(bob, "challenge", opt("opponent", alice)); isEphemeral(r) {
		t.Errorf("bob challenging alice: %q", r.Content)
	}
	h.click(alice, customIDs(first.Components)["Withdraw"], false)
	toBob, _ := h.slash(alice, "challenge", opt("opponent", bob), opt("variant", "brandubh"))
	if isEphemeral(toBob) {
		t.Fatalf("challenging bob after withdrawing: %q", toBob.Content)
	}

	// Five open challenges at most, open-to-anyone ones among them.
	for _, o := range []*discordgo.ApplicationCommandInteractionDataOption{opt("opponent", carol), opt("opponent", dave), opt("variant", "tablut"), opt("variant", "brandubh")} {
		if r, _ := h.slash(alice, "challenge", o); isEphemeral(r) {
			t.Fatalf("challenge %v: %q", o.Value, r.Content)
		}
	}
	sixth, _ := h.slash(alice, "challenge", opt("opponent", erin))
	if want := "You have 5 open challenges in this server, the most one player may have at once:"; !isEphemeral(sixth) || !strings.Contains(sixth.Content, want) ||
		strings.Count(sixth.Content, "\n• ") != 5 || !strings.Contains(sixth.Content, "\n• anyone · tablut · ") || !strings.Contains(sixth.Content, "**Withdraw**") {
		t.Errorf("the sixth challenge: %q, want it private with %q, the five listed", sixth.Content, want)
	}
	if n := openOf(alice); n != 5 {
		t.Errorf("alice has %d open challenges, want 5", n)
	}

	// Bob accepts: four open. A fifth; then a rematch offer is not refused,
	// nor counted.
	board, _ := h.click(bob, customIDs(toBob.Components)["Accept"], false)
	if r, _ := h.slash(alice, "challenge", opt("opponent", erin)); isEphemeral(r) {
		t.Fatalf("a challenge after one was accepted: %q", r.Content)
	}
	final := resignFrom(t, h, bob, board)
	if offer, _ := h.click(alice, customIDs(final.Components)["Rematch"], false); isEphemeral(offer) || !strings.Contains(offer.Content, "**Rematch** of game") {
		t.Errorf("a rematch offer with five challenges open: %q", offer.Content)
	}
	if r, _ := h.slash(alice, "challenge", opt("opponent", frank)); !isEphemeral(r) || !strings.Contains(r.Content, "You have 5 open challenges") {
		t.Errorf("a challenge besides five and a rematch offer: %q", r.Content)
	}
	// Past their expiry (swept or not), they no longer count.
	h.clock.Advance(25 * time.Hour)
	if r, _ := h.slash(alice, "challenge", opt("opponent", erin)); isEphemeral(r) {
		t.Errorf("a challenge after the others expired: %q", r.Content)
	}
}

// TestButtonsOfAMissingChallenge: a challenge's button whose challenge
// is not in the database (a backup restored since) answered "I can't
// find that game"; it says the challenge. The Rematch button of a game
// whose offer is missing makes a new offer (it said the game was missing
// too).
func TestButtonsOfAMissingChallenge(t *testing.T) {
	h := newHarness(t, nil)
	for _, a := range []bot.Action{bot.ActAccept, bot.ActDecline, bot.ActWithdraw} {
		r, _ := h.click(bob, bot.CustomID{Action: a, ID: 42}.String(), false)
		if want := "I can't find that challenge any more. Start a new one with `/tafl challenge`."; !isEphemeral(r) || r.Content != want {
			t.Errorf("button %v of a missing challenge: %q, want %q", a, r.Content, want)
		}
	}
	ch, _ := h.slash(alice, "challenge", opt("opponent", bob), opt("variant", "brandubh"))
	board, _ := h.click(bob, customIDs(ch.Components)["Accept"], false)
	final := resignFrom(t, h, bob, board)
	if _, err := h.store.UpdateGame(t.Context(), 1, -1, func(g *storage.Game) error { g.Rematch = 42; return nil }); err != nil {
		t.Fatal(err)
	}
	if offer, _ := h.click(alice, customIDs(final.Components)["Rematch"], false); isEphemeral(offer) || !strings.Contains(offer.Content, "**Rematch** of game 1") {
		t.Errorf("Rematch when the last offer is missing: %q", offer.Content)
	}
}

// TestWithdrawHintNamesTheButtonAsShown: a challenge's buttons are in
// its (the server's) language, but the hints telling its challenger to
// press Withdraw named the button in the reader's own language, a
// button the message does not show ("Press **Withdraw**" under
// [Zurückziehen]); they name it as the challenge shows it, in the
// reader's sentence (and, for challenges in two languages, both labels).
func TestWithdrawHintNamesTheButtonAsShown(t *testing.T) {
	out := runConsoleWith(t, bot.Options{}, []string{
		"/tafl settings server_language:de",
		"/tafl challenge opponent:bob variant:brandubh",
		"click Annehmen",
		"click Ablehnen",
		"/tafl challenge opponent:bob variant:tablut",
		"/tafl challenge opponent:carol variant:tablut",
		"/tafl settings server_language:en",
		"/tafl challenge opponent:dave variant:tablut",
		"/tafl challenge opponent:erin variant:tablut",
		"/tafl challenge opponent:frank variant:tablut",
		"/tafl challenge opponent:gina variant:tablut",
		"/tafl settings language:de",
		"click Accept",
		"quit",
	})
	consoleSays(t, out,
		"[Annehmen] [Ablehnen] [Zurückziehen]",
		"You can't accept your own challenge. Press **Zurückziehen** to take it back.",
		"That's your own challenge: press **Zurückziehen** to take it back.",
		"to change it, press **Zurückziehen** on it, then challenge again.",
		"Press **Zurückziehen / Withdraw** on one to take it back",
		"Du kannst deine eigene Herausforderung nicht annehmen. Drücke **Withdraw**, um sie zurückzunehmen.",
	)
	if strings.Contains(out, "Press **Withdraw**") || strings.Contains(out, "press **Withdraw**") || strings.Contains(out, "Drücke **Zurückziehen**") {
		t.Errorf("a hint names the button in the reader's language, not as the challenge shows it:\n%s", out)
	}
}

// TestRulesStringNotStartingWithDim: a rules string whose dim: is not
// first, or whose keys are in capitals, is read as a rules string, and
// its error says what to change; it was taken for a variant name, and the
// answer ("I don't know the variant `dim:7 start:/3t3/3t3/3t3/tttkt…`")
// echoed it lowercased and told the player to pick a preset.
func TestRulesStringNotStartingWithDim(t *testing.T) {
	h := newHarness(t, nil)
	for _, c := range []struct{ sub, rules, want string }{
		{"challenge", "esc:e dim:7 start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/", "I can't play that rules string: a rules string starts with dim:N."},
		{"ai", "start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/", "I can't play that rules string: a rules string starts with dim:N."},
		{"rules", "DIM:7 start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/", `I can't describe that rules string: key "DIM": keys are written in small letters, "dim".`},
	} {
		if r, _ := h.slash(alice, c.sub, opt("variant", c.rules)); !isEphemeral(r) || !strings.Contains(r.Content, c.want) || !strings.Contains(r.Content, "for example `dim:7 esc:e") {
			t.Errorf("/tafl %s variant:%q: %q", c.sub, c.rules, r.Content)
		}
	}
	// A preset's name is still a preset.
	if r, _ := h.slash(alice, "rules", opt("variant", "Tawlbwrdd/Bell")); isEphemeral(r) && strings.Contains(r.Content, "rules string") {
		t.Errorf("/tafl rules variant:Tawlbwrdd/Bell: %q", r.Content)
	}
}

// TestRulesStringKeyInCapitals: a key with a capital, as a phone's
// keyboard writes the first word ("Dim:7 …"), is answered with the key
// to write, in the reader's language; it was "unknown key "Dim": taflbot
// does not play that rule", as if dim were a rule taflbot lacks.
func TestRulesStringKeyInCapitals(t *testing.T) {
	h := newHarness(t, nil)
	const rules = "Dim:7 esc:e start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/"
	if r, _ := h.slash(alice, "challenge", opt("variant", rules), opt("opponent", bob)); !isEphemeral(r) ||
		!strings.HasPrefix(r.Content, `I can't play that rules string: key "Dim": keys are written in small letters, "dim".`) {
		t.Errorf("/tafl challenge variant:%q: %q", rules, r.Content)
	}
	h.slash(alice, "settings", opt("language", "de"))
	if r, _ := h.slash(alice, "ai", opt("variant", "dim:7 Esc:e start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/")); !strings.Contains(r.Content, `Schlüssel "Esc": Schlüssel werden kleingeschrieben, "esc".`) {
		t.Errorf("/tafl ai variant:… Esc:e in German: %q", r.Content)
	}
}

// TestRulesStringLowercaseKing: a start record with the king written k,
// which OpenTafl reads as an attacking king, says that the defenders'
// king is K; it said only that taflbot does not play an attacking king,
// leaving the player to guess what to write.
func TestRulesStringLowercaseKing(t *testing.T) {
	h := newHarness(t, nil)
	const rules = "dim:7 start:/3t3/3t3/3T3/ttTkTtt/3T3/3t3/3t3/"
	if r, _ := h.slash(alice, "rules", opt("variant", rules)); !isEphemeral(r) ||
		!strings.HasPrefix(r.Content, "I can't describe that rules string: rank 4: an attacking king (k) is not played by taflbot; the king of the defenders is K.") {
		t.Errorf("/tafl rules variant:%q: %q", rules, r.Content)
	}
	h.slash(alice, "settings", opt("language", "sv"))
	if r, _ := h.slash(alice, "rules", opt("variant", rules)); !strings.Contains(r.Content, "försvararnas kung är K") {
		t.Errorf("/tafl rules variant:%q in Swedish: %q", rules, r.Content)
	}
}

// TestOpenChallengeButtons: a challenge open to anyone shows Accept
// and Withdraw, not Decline, which nobody could use (the challenger was
// told to withdraw, anyone else to just leave it); a challenge to a
// player keeps all three. In every mode.
func TestOpenChallengeButtons(t *testing.T) {
	eachMode(t, func(t *testing.T, d driver) {
		open := d.do(t, "alice", "/tafl challenge variant:brandubh")
		if !strings.Contains(open.text, "Accept") || !strings.Contains(open.text, "Withdraw") || strings.Contains(open.text, "Decline") {
			t.Errorf("the open challenge:\n%s", open.text)
		}
		to := d.do(t, "alice", "/tafl challenge opponent:bob variant:tablut")
		for _, label := range []string{"Accept", "Decline", "Withdraw"} {
			if !strings.Contains(to.text, label) {
				t.Errorf("the challenge to bob lacks %s:\n%s", label, to.text)
			}
		}
	})
}

// TestChallengeSomeoneNotInTheServer: a challenge to a user Discord
// resolves without member data (not in the server: one who left, an id
// pasted) is refused with what to do; it was posted, and sat unanswerable
// until it expired, counting against the challenger's open challenges.
// A member (resolved with member data) is challenged as before.
func TestChallengeSomeoneNotInTheServer(t *testing.T) {
	h := newHarness(t, nil)
	challenge := func(member bool) *resp {
		in := h.slashInteraction(alice, "challenge", opt("opponent", bob), opt("variant", "brandubh"))
		in.Data = func() discordgo.ApplicationCommandInteractionData {
			d := in.ApplicationCommandData()
			d.Resolved = &discordgo.ApplicationCommandInteractionDataResolved{Users: map[string]*discordgo.User{bob: {ID: bob, Username: "bob"}}}
			if member {
				d.Resolved.Members = map[string]*discordgo.Member{bob: {Nick: "Bob"}}
			}
			return d
		}()
		h.bot.HandleGateway(t.Context(), in)
		r, _ := h.fake.callback(t, in.ID)
		return r
	}
	if r := challenge(false); !isEphemeral(r) || r.Content != "<@"+bob+"> is not a member of this server, so they could neither see nor accept the challenge: challenge a member, or leave `opponent` empty to let anyone here accept." {
		t.Errorf("a challenge to a user not in the server: %q", r.Content)
	}
	if cs, err := h.store.OpenChallenges(t.Context()); err != nil || len(cs) != 0 {
		t.Errorf("%d open challenges after the refusal (%v)", len(cs), err)
	}
	if r := challenge(true); isEphemeral(r) || !strings.Contains(r.Content, "do you accept?") {
		t.Errorf("a challenge to a member: %q", r.Content)
	}
}
