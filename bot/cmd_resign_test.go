package bot_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/taflbot/taflbot/tafl"
)

func TestResignWithConfirm(t *testing.T) {
	h := newHarness(t, nil)
	startGame(t, h)
	for _, user := range []string{alice, bob} { // both move: Resign replaces Abort
		g := gameOf(t, h, alice)
		h.slash(user, "move", opt("move", g.Tafl().LegalMoves()[0].String()))
	}
	board, _ := h.slash(carol, "board", opt("game", gameOf(t, h, alice).ID.String()))
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

// TestAbortAndDrawOffer checks in every mode: before both sides moved the
// board offers Abort (not Resign) and aborting ends the game without a
// result or rating; the draw button shows a pending offer, and an agreed
// draw before both moved is not rated either.
func TestAbortAndDrawOffer(t *testing.T) {
	eachMode(t, func(t *testing.T, d driver) {
		g := startHumanGame(t, d, "brandubh")
		v := d.do(t, "alice", "/tafl board")
		if !strings.Contains(v.text, "[Abort]") || strings.Contains(v.text, "[Resign]") {
			t.Errorf("the start board's buttons: %s", v.text)
		}
		v = d.do(t, "alice", "/tafl draw")
		if !strings.Contains(strings.ToLower(v.text), "[draw offered by alice: accept?]") || strings.Contains(v.text, "[Offer draw]") {
			t.Errorf("after alice's offer the board says: %s", v.text)
		}
		// The headline names no button the board does not have.
		if !strings.Contains(v.text, "the draw button below to accept") || strings.Contains(v.text, "**Offer draw**") {
			t.Errorf("the offer's headline: %s", v.text)
		}
		v = d.do(t, "bob", "/tafl draw")
		if !strings.Contains(v.text, "**Draw**") || !strings.Contains(v.text, "Not rated") {
			t.Errorf("accepting at move 1: %s", v.text)
		}
		if got, _ := d.store().GetGame(t.Context(), g.ID); got.Counts() || len(got.RatingChanges) != 0 {
			t.Errorf("the drawn game counts: %+v", got.RatingChanges)
		}

		g = startHumanGame(t, d, "brandubh")
		d.do(t, "alice", "/tafl move move:d2-c2")
		v = d.do(t, "bob", "/tafl resign")
		if !strings.Contains(v.text, "Abort game") || !strings.Contains(v.text, "[Yes, abort]") {
			t.Fatalf("resigning after one move: %s", v.text)
		}
		v = d.do(t, "bob", "click Yes, abort")
		if !strings.Contains(v.text, "You aborted the game") {
			t.Errorf("confirming: %s", v.text)
		}
		got := waitPlyOf(t, d, g.ID, 99)
		if got.Active() || got.Outcome().Reason != tafl.Aborted || got.Counts() {
			t.Errorf("after the abort: %+v", got.Outcome())
		}
		for _, u := range []string{"alice", "bob"} {
			if p, err := d.store().GetPlayer(t.Context(), guildOf(d), d.userID(u)); err == nil {
				t.Errorf("%s has a record after an aborted game and an early draw: %+v", u, p)
			}
		}

		// After both moved, Resign is back.
		g = startHumanGame(t, d, "brandubh")
		d.do(t, "alice", "/tafl move move:d2-c2")
		v = d.do(t, "bob", "/tafl move move:d3-e3")
		if !strings.Contains(v.text, "[Resign]") || strings.Contains(v.text, "[Abort]") {
			t.Errorf("the board after two moves: %s", v.text)
		}
	})
}

// TestOldAbortButton: the Abort button of a board from before both sides
// moved, pressed after they have, says why the game can no longer be
// aborted; it does not ask to resign in its place (the player asked for
// no result, not for a loss).
func TestOldAbortButton(t *testing.T) {
	text := runConsole(t, consoleStore(t), 0, []string{
		"/tafl challenge opponent:bob variant:brandubh side:attackers",
		"as bob", "click Accept",
		"as alice", "/tafl move d2-c2",
		"as bob", "/tafl move d3-e3",
		"as alice", "click Abort",
		"quit",
	})
	_, after, _ := strings.Cut(text, "you are alice\n[to alice]")
	if !strings.Contains(after, "Both sides have moved: the game can no longer be aborted (you may resign).") || strings.Contains(after, "Yes, resign") {
		t.Errorf("an old board's Abort after both moved:\n%s", text)
	}
}

// TestOldAbortConfirmation: a Yes, abort asked for before both sides
// moved and pressed after they have says why the game can no longer be
// aborted, as the old board's Abort button does (before, it said "This
// board is out of date", of a confirmation that is no board); pressed
// after the asker's own first move, while the game may still be
// aborted, it aborts it.
func TestOldAbortConfirmation(t *testing.T) {
	text := runConsole(t, consoleStore(t), 0, []string{
		"/tafl challenge opponent:bob variant:brandubh side:attackers",
		"as bob", "click Accept",
		"/tafl resign",
		"as alice", "/tafl move d2-c2",
		"as bob", "/tafl move d3-e3",
		"click Yes, abort",
		"quit",
	})
	_, after, _ := strings.Cut(text, "d3-e3\n")
	if !strings.Contains(text, "[to bob] (only you) Both sides have moved: the game can no longer be aborted (you may resign).") || strings.Contains(text, "out of date") {
		t.Errorf("Yes, abort after both moved:\n%s", after)
	}
	text = runConsole(t, consoleStore(t), 0, []string{
		"/tafl challenge opponent:bob variant:brandubh side:attackers",
		"as bob", "click Accept",
		"as alice", "/tafl resign",
		"/tafl move d2-c2",
		"click Yes, abort",
		"quit",
	})
	if !strings.Contains(text, "@alice aborted the game.") {
		t.Errorf("Yes, abort after one's own first move:\n%s", text)
	}
}

// TestOldDrawButtons: a draw button does what its label says, and one
// from an older board whose offer has changed since changes nothing and
// says so privately (before, it toggled the offer as the game stood: an
// old "Draw offered by alice: accept?" pressed after alice withdrew
// offered bob's draw, an old "Offer draw" withdrew a standing offer).
func TestOldDrawButtons(t *testing.T) {
	h := newHarness(t, nil)
	board := startGame(t, h) // alice attacks
	offerDraw := customIDs(board.Components)["Offer draw"]
	offered, _ := h.slash(alice, "draw")
	var accept string
	for label, id := range customIDs(offered.Components) {
		if strings.HasPrefix(label, "Draw offered by") {
			accept = id
		}
	}
	if accept == "" {
		t.Fatalf("no accept button after alice's offer: %v", customIDs(offered.Components))
	}
	h.slash(alice, "draw") // withdrawn
	offer := func(t *testing.T, want tafl.Side) {
		t.Helper()
		if g := gameOf(t, h, alice); g.DrawOffer != want || !g.Active() {
			t.Errorf("draw offer %v, active %v; want %v, active", g.DrawOffer, g.Active(), want)
		}
	}
	r, _ := h.click(bob, accept, false)
	if !isEphemeral(r) || !strings.Contains(r.Content, "withdrawn") {
		t.Errorf("bob accepting the withdrawn offer: %q", r.Content)
	}
	offer(t, tafl.NoSide)

	// Alice withdrew: she may offer again after her next move.
	if r, _ := h.slash(alice, "move", opt("move", "d2-c2")); isEphemeral(r) {
		t.Fatalf("alice's move: %q", r.Content)
	}
	if r, _ = h.click(alice, offerDraw, false); !isEphemeral(r) {
		t.Errorf("alice offering with the first board: %q", r.Content)
	}
	offer(t, tafl.Attackers)
	r, _ = h.click(alice, offerDraw, false)
	if !isEphemeral(r) || !strings.Contains(r.Content, "Your draw offer stands") {
		t.Errorf("alice pressing Offer draw again: %q", r.Content)
	}
	offer(t, tafl.Attackers)
	r, _ = h.click(bob, offerDraw, false)
	if !isEphemeral(r) || !strings.Contains(r.Content, "has offered a draw since") {
		t.Errorf("bob pressing the old Offer draw: %q", r.Content)
	}
	offer(t, tafl.Attackers)

	// The old accept button shows alice's offer, which stands again.
	h.click(bob, accept, false)
	if g := gameOf(t, h, alice); g.Outcome() != (tafl.Outcome{Winner: tafl.NoSide, Reason: tafl.DrawAgreed}) {
		t.Errorf("bob accepting alice's standing offer: outcome %v", g.Outcome())
	}
}

// TestDrawButtonReplies: the draw button's private answer says what the
// press did, as the other buttons' do (it said only "Done.").
func TestDrawButtonReplies(t *testing.T) {
	h := newHarness(t, nil)
	startGame(t, h)
	press := func(user string) string {
		t.Helper()
		board, _ := h.slash(carol, "board", opt("game", gameOf(t, h, alice).ID.String()))
		for label, id := range customIDs(board.Components) {
			if label == "Offer draw" || strings.HasPrefix(label, "Draw offered by") {
				r, _ := h.click(user, id, false)
				if !isEphemeral(r) {
					t.Errorf("%s's press answered publicly: %q", user, r.Content)
				}
				return r.Content
			}
		}
		t.Fatalf("no draw button: %v", customIDs(board.Components))
		return ""
	}
	if got := press(alice); got != "You offered a draw." {
		t.Errorf("offering: %q", got)
	}
	if got := press(alice); got != "You withdrew your draw offer." {
		t.Errorf("withdrawing: %q", got)
	}
	if got := press(bob); got != "You offered a draw." { // alice may offer again after her next move
		t.Errorf("offering: %q", got)
	}
	if got := press(alice); got != "You accepted the draw." {
		t.Errorf("accepting: %q", got)
	}
	if g := gameOf(t, h, alice); g.Outcome().Reason != tafl.DrawAgreed {
		t.Errorf("outcome %v", g.Outcome())
	}
}

// TestEarlyEndSaysOnceWhatItCounts: a game that ends before both sides
// moved says once that it changes nothing, in words true of the game: an
// aborted rated game "ends without a result and is not rated", an aborted
// casual one only "ends without a result" (it was never rated), and a
// casual draw at move 1 "is not counted in the records" (not "not
// rated"). Before, every abort added "Not rated: it ended before both
// sides moved." to its own "ends without a result", casual games too.
// The confirmation asked says when a game can be aborted as the results
// do, before both sides have moved: it said "Fewer than two moves have
// been played", where the bot counts moves in pairs (move 1 is both
// sides' first), so after 1. d2-c2 d5-c5 (one move) it could no longer
// abort.
func TestEarlyEndSaysOnceWhatItCounts(t *testing.T) {
	cases := []struct {
		casual, draw bool
		ask, want    string
		not          []string
	}{
		{ask: "no result and is not rated.", want: "**Aborted** — the game ends without a result and is not rated.", not: []string{"Not rated", "Not counted"}},
		{casual: true, ask: "no result.", want: "**Aborted** — the game ends without a result.", not: []string{"rated", "Not counted"}},
		{casual: true, draw: true, want: "**Draw** (agreed). Not counted in the records: it ended before both sides moved.", not: []string{"rated"}},
		{draw: true, want: "**Draw** (agreed). Not rated: it ended before both sides moved.", not: []string{"Not counted"}},
	}
	for _, c := range cases {
		script := []string{fmt.Sprintf("/tafl challenge opponent:bob variant:brandubh side:attackers casual:%v", c.casual), "as bob", "click Accept", "as alice", "/tafl move d2-c2"}
		if c.draw {
			script = append(script, "/tafl draw", "as bob", "/tafl draw", "quit")
		} else {
			script = append(script, "as bob", "/tafl resign", "click Yes, abort", "quit")
		}
		text := runConsole(t, consoleStore(t), 0, script)
		_, end, _ := strings.Cut(text, "Last moves: 1. d2-c2")
		if c.ask != "" {
			consoleSays(t, end, "A game that ends before both sides have moved has "+c.ask)
		}
		consoleSays(t, end, c.want)
		for _, s := range c.not {
			if strings.Contains(end, s) {
				t.Errorf("casual %v, draw %v: the end says %q:\n%s", c.casual, c.draw, s, end)
			}
		}
	}
}

// TestEarlyEndAgainstTheEngineSaysItIsNotCounted: a game against the
// engine won before both sides moved (a rules string whose king escapes at
// once) counts in no record (/tafl stats), and its result line did not say
// so, as a game between people's does.
func TestEarlyEndAgainstTheEngineSaysItIsNotCounted(t *testing.T) {
	text := runConsole(t, consoleStore(t), 0, []string{
		`/tafl ai side:defenders level:easy variant:"dim:7 atkf:n start:/7/7/K6/7/7/3t3/7/"`,
		"/tafl move a3-a1",
		"/tafl stats",
	})
	consoleSays(t, text,
		"**Defenders win** — the king escaped. Congratulations @alice! Not counted in the records: it ended before both sides moved.",
		"You have not finished a game here yet: challenge someone with `/tafl challenge`, or play me with `/tafl ai`.")
}

// TestBoardsOfDrawAndBoardCommandsEndWithTheGame: the board that
// `/tafl draw` posts (an offer, a withdrawal) and the one `/tafl board`
// posts were not remembered, so when the game ended their Move, draw and
// Resign buttons stayed as they were (and answered that the board is out
// of date) where every other board of the game is edited: buttons off,
// Rematch and Analyse on. Both are remembered now and edited at the end.
func TestBoardsOfDrawAndBoardCommandsEndWithTheGame(t *testing.T) {
	h := newHarness(t, nil)
	startGame(t, h) // one board remembered: the accepted challenge
	remembered := func(n int) func() bool {
		return func() bool { return len(gameOf(t, h, alice).BoardMessages) == n }
	}
	if r, _ := h.slash(alice, "draw"); isEphemeral(r) || !strings.Contains(r.Content, "offers a draw") {
		t.Fatalf("offer: %q", r.Content)
	}
	waitFor(t, "the draw offer's board to be remembered", remembered(2))
	if r, _ := h.slash(carol, "board", opt("game", gameOf(t, h, alice).ID.String())); isEphemeral(r) {
		t.Fatalf("board: %q", r.Content)
	}
	waitFor(t, "the board command's board to be remembered", remembered(3))

	g := gameOf(t, h, alice)
	want := map[string]bool{}
	for _, ref := range g.BoardMessages {
		want[ref.MessageID] = true
	}
	abortAndWaitForEdits(t, h, "the game's boards to be edited", want, func(path string, b map[string]bool) {
		if disabled, ok := b["Rematch"]; !ok || disabled {
			t.Errorf("%s: no Rematch button: %v", path, b)
		}
	})
}

// TestDrawOfferSaysHowItIsDeclined: a draw offered on one's own turn told
// the opponent to "just move to decline", though they cannot move before
// the offer's maker has: it says their next move declines it. Offered on
// the opponent's turn, it still says to move to decline.
func TestDrawOfferSaysHowItIsDeclined(t *testing.T) {
	text := runConsole(t, consoleStore(t), 0, []string{
		"/tafl challenge opponent:bob variant:brandubh side:attackers",
		"as bob", "click Accept",
		"as alice", "/tafl draw", // alice's turn
		"/tafl draw",           // withdrawn
		"as bob", "/tafl draw", // alice's turn still: she can move to decline
	})
	consoleSays(t, text,
		"@alice offers a draw. @bob, use `/tafl draw` or the draw button below to accept; your next move declines it.",
		"@bob offers a draw. @alice, use `/tafl draw` or the draw button below to accept, or just move to decline.")
	if strings.Contains(text, "@alice offers a draw. @bob, use `/tafl draw` or the draw button below to accept, or just move") {
		t.Errorf("an offer on alice's own turn tells bob to move:\n%s", text)
	}
}

// TestMoveSaysItDeclinedTheDrawOffer: a move instead of accepting a draw
// offer let it lapse in silence (the board just no longer showed it); the
// move's message says the move declines it, by /tafl move and by the Move
// menu. The offerer's own move keeps the offer, and says nothing.
func TestMoveSaysItDeclinedTheDrawOffer(t *testing.T) {
	text := runConsole(t, consoleStore(t), 0, []string{
		"/tafl challenge opponent:bob variant:brandubh side:attackers",
		"as bob", "click Accept",
		"as alice", "/tafl draw", "/tafl move d2-c2", // the offer stands
		"as bob", "/tafl move c4-c5", // declines it
		"as alice", "/tafl move c2-b2", "/tafl draw",
		"as bob", "click Move", "select c5", "select c6", // declines it
	})
	const declined = "This move declines the draw offer."
	if n := strings.Count(text, declined); n != 2 {
		t.Errorf("%q %d times, want 2 (bob's two moves):\n%s", declined, n, text)
	}
	consoleSays(t, text,
		"[taflbot] "+declined+"\n    **Game 1** · brandubh · @alice (attackers) vs @bob (defenders)\n    Last moves: 1. d2-c2 c4-c5\n",
		"@bob played 2… c5-c6. "+declined)
}

// TestOnlookersBoardsLeaveThePlayersBoardsRemembered: only the last five
// boards of a game were remembered, so five `/tafl board` posts by
// someone watching pushed out the players' own boards (the game's first
// board, the last move's), whose Move, draw and Resign buttons then stayed
// on when the game ended. The onlookers' boards are kept apart now: the
// players' boards are still edited at the end, and the onlookers' newest
// too.
func TestOnlookersBoardsLeaveThePlayersBoardsRemembered(t *testing.T) {
	h := newHarness(t, nil)
	startGame(t, h) // the accepted challenge: the game's first board
	g := gameOf(t, h, alice)
	h.slash(alice, "move", opt("move", g.Tafl().LegalMoves()[0].String()))
	waitFor(t, "the move's board to be remembered", func() bool { return len(gameOf(t, h, alice).BoardMessages) == 2 })
	want := map[string]bool{}
	for _, ref := range gameOf(t, h, alice).BoardMessages {
		want[ref.MessageID] = true
	}
	var last string
	for i := range 6 {
		if r, _ := h.slash(carol, "board", opt("game", g.ID.String())); isEphemeral(r) {
			t.Fatalf("board %d: %q", i, r.Content)
		}
		waitFor(t, "the onlooker's board to be remembered", func() bool {
			refs := gameOf(t, h, alice).BoardMessages
			if n := len(refs); n > 0 && refs[n-1].MessageID != last {
				last = refs[n-1].MessageID
				return true
			}
			return false
		})
	}
	if refs := gameOf(t, h, alice).BoardMessages; len(refs) > 8 {
		t.Errorf("%d boards remembered, want at most 8: %+v", len(refs), refs)
	}
	want[last] = true // the onlookers' newest board ends with the game too
	abortAndWaitForEdits(t, h, "the players' boards to be edited", want, func(path string, b map[string]bool) {
		if disabled, ok := b["Move"]; !ok || !disabled {
			t.Errorf("%s: Move button not disabled: %v", path, b)
		}
	})
}

// abortAndWaitForEdits has bob abort the game (nobody has moved) and
// waits until every message id in want has been edited, handing check
// the path of each edit and its buttons (label: disabled).
func abortAndWaitForEdits(t *testing.T, h *harness, what string, want map[string]bool, check func(path string, buttons map[string]bool)) {
	t.Helper()
	r, _ := h.slash(bob, "resign")
	h.click(bob, customIDs(r.Components)["Yes, abort"], true)
	waitFor(t, what, func() bool {
		for _, rec := range h.fake.requests("/messages/") {
			if rec.Method != "PATCH" {
				continue
			}
			for id := range want {
				if strings.HasSuffix(rec.Path, "/messages/"+id) {
					delete(want, id)
					check(rec.Path, buttons(decode(t, rec.Body).Components))
				}
			}
		}
		return len(want) == 0
	})
}

// TestAbortAfterDeadlineIsAnnounced: Yes, abort pressed when the first
// move's deadline has passed but the sweep has not yet ended the game:
// storage ends it on time instead (aborted, as nobody moved), the reply
// says it is announced in the game's channel, and it is; it was not
// (nobody else would post it: the sweep finds the game over).
func TestAbortAfterDeadlineIsAnnounced(t *testing.T) {
	h := newHarness(t, nil)
	startGame(t, h)
	rr, _ := h.slash(alice, "resign") // offers to abort: nobody has moved
	h.clock.Advance(4 * 24 * time.Hour)
	r, _ := h.click(alice, customIDs(rr.Components)["Yes, abort"], true)
	if !strings.Contains(r.Content, "It is announced in the game's channel") {
		t.Errorf("Yes, abort after the deadline: %q", r.Content)
	}
	waitFor(t, "the timeout's announcement", func() bool {
		ps, _ := posts(t, h, channel)
		return slices.ContainsFunc(ps, func(p *resp) bool {
			return strings.Contains(p.Content, "ran out of time before their first move.")
		})
	})
}

// TestDrawOfferAgainOnlyAfterAMove: offering, withdrawing and offering
// again posted a board and pinged the opponent each time, limited only by
// the pace of commands. As on lichess, a player whose offer was withdrawn
// (by them) or declined (the opponent moved) may offer again only after
// their own next move; the refusal says so and changes nothing.
func TestDrawOfferAgainOnlyAfterAMove(t *testing.T) {
	const again = "Your last draw offer was withdrawn or declined: you may offer a draw again after your next move."
	text := runConsole(t, consoleStore(t), 0, []string{
		"/tafl challenge opponent:bob variant:brandubh side:attackers",
		"as bob", "click Accept",
		"as alice", "/tafl move move:d2-c2",
		"/tafl draw", "/tafl draw", // offered, withdrawn
		"/tafl draw",                         // refused
		"as bob", "/tafl draw", "/tafl draw", // bob may still offer; withdrawn
		"/tafl move move:c4-c5",             // bob's move lifts his bar
		"/tafl draw",                        // offered again: declined by alice's move
		"as alice", "/tafl move move:c2-b2", // alice's move lifts her bar
		"as bob", "/tafl draw", // refused: his offer was declined
		"as alice", "/tafl draw", // offered
		"as bob", "/tafl draw", // accepted
	})
	if n := strings.Count(text, again); n != 2 {
		t.Errorf("%q %d times, want 2 (alice's third /tafl draw, bob's after the decline):\n%s", again, n, text)
	}
	if n := strings.Count(text, "@alice offers a draw."); n != 2 {
		t.Errorf("alice's offers posted %d times, want 2:\n%s", n, text)
	}
	if n := strings.Count(text, "@bob offers a draw."); n != 2 {
		t.Errorf("bob's offers posted %d times, want 2:\n%s", n, text)
	}
	consoleSays(t, text, "@bob accepted the draw.")
}

// TestDrawButtonDisabledWhileNeitherMayOffer: alice's offer declined by
// bob's move and bob's own withdrawn, neither may offer until their next
// move, yet the board posted on the withdrawal showed **Offer draw**,
// which both were refused; it is disabled there, while a board where one
// of them may still offer keeps it (the button is both players'), and
// the next move's board brings it back.
func TestDrawButtonDisabledWhileNeitherMayOffer(t *testing.T) {
	text := runConsole(t, consoleStore(t), 0, []string{
		"/tafl challenge opponent:bob variant:brandubh side:attackers",
		"as bob", "click Accept",
		"as alice", "/tafl move move:d2-c2", "/tafl draw", // offered
		"as bob", "/tafl move move:d3-e3", // declines it: alice barred, bob may offer
		"/tafl draw", "/tafl draw", // bob offers and withdraws: both barred
		"as alice", "/tafl move move:c2-b2", // alice's move lifts her bar
	})
	// The buttons of the board posted with a headline (the console hides
	// disabled ones).
	buttonsAfter := func(headline string) string {
		_, rest, ok := strings.Cut(text, headline)
		if !ok {
			t.Fatalf("no %q:\n%s", headline, text)
		}
		for line := range strings.SplitSeq(rest, "\n") {
			if line = strings.TrimSpace(line); strings.HasPrefix(line, "[Move]") {
				return line
			}
		}
		t.Fatalf("no buttons after %q:\n%s", headline, text)
		return ""
	}
	for _, c := range []struct{ headline, want string }{
		{"This move declines the draw offer.", "[Move] [Offer draw] [Resign]"},  // bob may offer
		{"@bob withdrew the draw offer.", "[Move] [Resign]"},                    // neither may
		{"Last moves: 1. d2-c2 d3-e3 2. c2-b2", "[Move] [Offer draw] [Resign]"}, // alice may again
	} {
		if got := buttonsAfter(c.headline); got != c.want {
			t.Errorf("the board after %q has %s, want %s", c.headline, got, c.want)
		}
	}
}
