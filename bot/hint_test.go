package bot_test

import (
	"bytes"
	"context"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/bot"
)

// TestHint: in a game against the engine the board offers Hint; pressing
// it answers privately with the engine's move as a picture, counts the
// hint on the game, shows it on the next board and writes it in the
// record.
func TestHint(t *testing.T) {
	h, hint := hintGame(t, nil)
	g := gameOf(t, h, alice)
	in := pressHint(h, alice, hint, "")
	first, _ := h.fake.callback(t, in.ID)
	if first.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource || !isEphemeral(first) {
		t.Fatalf("hint's first answer: type %d flags %d, want a private deferral", first.Type, first.Flags)
	}
	final, rec := h.fake.final(t, in)
	if !strings.Contains(final.Content, "the engine suggests **") || !strings.Contains(final.Content, "Hints used in this game: 1") {
		t.Fatalf("hint: %q", final.Content)
	}
	checkPNG(t, rec)
	// The variant is named as the board's alt text names it, "Brandubh
	// (7×7)" (it said "brandubh").
	if a := fileAlts(t, rec)[rec.Files[0].Name]; !strings.HasPrefix(a, "Game "+g.ID.String()+", Brandubh (7×7): ") || !strings.Contains(a, "suggested move") {
		t.Errorf("the hint picture's alt text %q", a)
	}
	got, _ := h.store.GetGame(context.Background(), g.ID)
	if got.Hints.Attackers != 1 || got.Hints.Defenders != 0 {
		t.Errorf("hints on the game %+v", got.Hints)
	}
	// The next board says so; the record notes it.
	board, _ := h.slash(alice, "move", opt("move", got.Tafl().LegalMoves()[0].String()))
	if !strings.Contains(board.Content, "Hints used by the attackers: 1.") {
		t.Errorf("board after a hint: %q", board.Content)
	}
	hist := h.slashInteraction(alice, "history", opt("game", g.ID.String()))
	h.bot.HandleGateway(context.Background(), hist)
	_, hrec := h.fake.final(t, hist)
	var otg string
	for _, f := range hrec.Files {
		if strings.HasSuffix(f.Name, ".otg") {
			otg = string(f.Data)
		}
	}
	if !strings.Contains(otg, "[hints:attackers 1]") {
		t.Errorf("the record does not note the hint:\n%s", otg)
	}
	// The old button is stale now.
	if r, _ := h.click(alice, hint, false); !isEphemeral(r) {
		t.Errorf("a stale hint: %+v", r)
	}
}

// TestHintsLineOnAFinishedBoard: the board of a game that ended after a
// hint says the hints right under the result, as under the player to
// move before (a blank line came between the result and them).
func TestHintsLineOnAFinishedBoard(t *testing.T) {
	h, hint := hintGame(t, nil)
	g := gameOf(t, h, alice)
	in := pressHint(h, alice, hint, "")
	h.fake.final(t, in)
	h.slash(alice, "move", opt("move", g.Tafl().LegalMoves()[0].String()))
	waitPly(t, h, 2) // the engine's reply: a game both sides moved in is resigned, not aborted
	confirm, _ := h.slash(alice, "resign")
	h.click(alice, customIDs(confirm.Components)["Yes, resign"], true)
	h.settle()
	b, _ := h.slash(alice, "board", opt("game", g.ID.String()))
	if !strings.Contains(b.Content, "resignation") || !strings.Contains(b.Content, "Hints used by the attackers: 1.") || strings.Contains(b.Content, "\n\n") {
		t.Errorf("the finished board: %q", b.Content)
	}
}

// TestHintsOff: a manager turns hints off: no Hint button, and an old
// one is refused; games between two players never have one, casual ones
// (#17) included.
func TestHintsOff(t *testing.T) {
	h := newHarness(t, nil)
	r, _ := h.slash(alice, "ai", opt("variant", "brandubh"), opt("side", "attackers"), opt("level", "easy"))
	hint := customIDs(r.Components)["Hint"]
	if s, _ := h.slash(alice, "settings", opt("hints", false)); !strings.Contains(s.Content, "Hints in casual games against the engine: **no**") {
		t.Fatalf("settings: %q", s.Content)
	}
	if r, _ := h.click(alice, hint, false); !isEphemeral(r) || !strings.Contains(r.Content, "Hints are turned off in this server") {
		t.Errorf("hint with hints off: %+v", r)
	}
	// In the user's language, as the turn errors are (#17).
	de := pressHint(h, alice, hint, "de")
	if r, _ := h.fake.callback(t, de.ID); !isEphemeral(r) || !strings.Contains(r.Content, "Tipps sind auf diesem Server ausgeschaltet") {
		t.Errorf("hint with hints off, in German: %+v", r)
	}
	b, _ := h.slash(alice, "board")
	if _, ok := customIDs(b.Components)["Hint"]; ok {
		t.Error("a Hint button with hints off")
	}
	h2 := newHarness(t, nil)
	if s, _ := h2.slash(alice, "settings", opt("casual", true)); !strings.Contains(s.Content, "challenges: **casual**") {
		t.Fatalf("settings casual: %q", s.Content)
	}
	board := startGame(t, h2)
	if _, ok := customIDs(board.Components)["Hint"]; ok {
		t.Error("a Hint button in a casual game between two players")
	}
	g := gameOf(t, h2, alice)
	if !g.Casual {
		t.Fatal("the game between two players is not casual: the test tests nothing about casual games")
	}
	forged := bot.CustomID{Action: bot.ActHint, ID: uint64(g.ID), Ply: g.Ply()}.String()
	if r, _ := h2.click(alice, forged, false); !strings.Contains(r.Content, "Hints are for casual games against the engine only") {
		t.Errorf("a forged hint in a human game: %q", r.Content)
	}
}

// TestHintTwiceCountsOnce: pressing Hint a second time on the same
// position shows the same hint again and does not count a second one;
// the next position's hint counts.
func TestHintTwiceCountsOnce(t *testing.T) {
	h, hint := hintGame(t, nil)
	g := gameOf(t, h, alice)
	press := func(hint string) string {
		t.Helper()
		in := pressHint(h, alice, hint, "")
		final, _ := h.fake.final(t, in)
		return final.Content
	}
	first, second := press(hint), press(hint)
	if !strings.Contains(first, "Hints used in this game: 1") || second != first {
		t.Errorf("two hints on the start position:\n%q\n%q", first, second)
	}
	got, _ := h.store.GetGame(context.Background(), g.ID)
	if got.Hints.Attackers != 1 {
		t.Errorf("hints on the game after two presses on one position: %+v", got.Hints)
	}
	board, _ := h.slash(alice, "move", opt("move", got.Tafl().LegalMoves()[0].String()))
	if !strings.Contains(board.Content, "Hints used by the attackers: 1.") {
		t.Errorf("board after two presses on one position: %q", board.Content)
	}
	waitPly(t, h, 2)
	b, _ := h.slash(alice, "board")
	next := customIDs(b.Components)["Hint"]
	if next == "" {
		t.Fatalf("no Hint button on the next position: %v (%q)", customIDs(b.Components), b.Content)
	}
	if c := press(next); !strings.Contains(c, "Hints used in this game: 2") {
		t.Errorf("a hint on the next position: %q", c)
	}
}

// TestHintPictureFails: when the hint's picture cannot be drawn, the
// private "thinking…" reply is edited into an error with a reference (it
// used to stay "thinking…" for ever), and the hint is not counted, as
// the player never saw it.
func TestHintPictureFails(t *testing.T) {
	br := &brokenRenderer{}
	h, hint := hintGame(t, func(o *bot.Options) { o.Renderer = br })
	g := gameOf(t, h, alice)
	br.fail.Store(true)
	in := pressHint(h, alice, hint, "")
	final, rec := h.fake.final(t, in)
	if !strings.Contains(final.Content, "Something went wrong (ref "+in.ID+")") || len(rec.Files) != 0 {
		t.Errorf("the hint's reply when the picture fails: %q, %d files", final.Content, len(rec.Files))
	}
	if got, _ := h.store.GetGame(context.Background(), g.ID); got.Hints.Attackers != 0 {
		t.Errorf("a hint that was never shown was counted: %+v", got.Hints)
	}
	if lines := h.logs.lines(`"msg":"hint: drawing"`); len(lines) != 1 || !strings.Contains(lines[0], "disk full of pixels") {
		t.Errorf("log lines %v", lines)
	}
}

// TestHintInterruptedByRestart: a hint being searched when the bot shut
// down said "No hint this time (the search failed)", as if the engine
// had broken; it says the bot is restarting and to press Hint again —
// named as the board shows it, in the game's language (German here),
// not the reader's (English), as it did before.
func TestHintInterruptedByRestart(t *testing.T) {
	h := newHarness(t, nil)
	h.adjust = func(o *bot.Options) { o.ReviewNodes = 100_000_000 } // a search of many seconds
	h.restart()
	h.slash(alice, "settings", opt("server_language", "de"))
	r, _ := h.slash(alice, "ai", opt("variant", "copenhagen"), opt("side", "attackers"), opt("level", "easy"))
	in := pressHint(h, alice, customIDs(r.Components)["Tipp"], "")
	if first, _ := h.fake.callback(t, in.ID); first.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource {
		t.Fatalf("hint's first answer: type %d", first.Type)
	}
	// Restart mid-search, not after a fixed 300 ms: on a busy machine the
	// search may not have begun by then, and a hint still queued at
	// shutdown is not what this test is about.
	waitFor(t, "the hint's search", func() bool { return goroutineIn("/analysis.Evaluate(") })
	h.restart()
	final, _ := h.fake.final(t, in)
	const want = "The hint for game 1 was interrupted (the bot is restarting): press **Tipp** again in a minute."
	if final.Content != want {
		t.Errorf("hint cut short by a restart: %q, want %q", final.Content, want)
	}
	if g := gameOf(t, h, alice); g.Hints.Attackers != 0 {
		t.Errorf("an interrupted hint was counted: %+v", g.Hints)
	}
}

// TestHintsWaitingAtShutdownAllAnswered: the hints still waiting for a
// worker at shutdown were answered one after another by as many
// goroutines as there are workers, so one slow edit on Discord held the
// others back until the shutdown's bound passed, and the process ended
// with their "thinking…" replies unanswered; each is answered now,
// whatever the others' edits do.
func TestHintsWaitingAtShutdownAllAnswered(t *testing.T) {
	eng := newGateEngine("hard")
	h := newHarness(t, eng)
	h.adjust = func(o *bot.Options) { o.AIWorkers, o.ReviewNodes = 1, 2000 }
	h.stopTimeout = 5 * time.Second // alice's answer, held, takes all of it
	h.restart()
	// The one worker thinks about carol's game until the shutdown.
	holdWorker(t, h, eng, "hard")
	var ins []*discordgo.Interaction
	for _, user := range []string{alice, bob} {
		r, _ := h.slash(user, "ai", opt("variant", "brandubh"), opt("side", "attackers"), opt("level", "easy"))
		ins = append(ins, pressHint(h, user, customIDs(r.Components)["Hint"], ""))
		waitFor(t, "the hint queued", func() bool { return gauge(t, h, `taflbot_engine_tasks{state="waiting"}`) == len(ins) })
	}
	// Discord is slow to take alice's answer, the first in the queue.
	release := h.fake.hold("PATCH", "/webhooks/555/"+ins[0].Token+"/")
	h.stop()
	const want = "was interrupted (the bot is restarting): press **Hint** again in a minute."
	base := "/api/v9/webhooks/555/" + ins[1].Token + "/"
	answered := slices.ContainsFunc(h.fake.requests(base), func(rec *recorded) bool {
		return rec.Status == 200 && strings.Contains(decode(t, rec.Body).Content, want)
	})
	if !answered {
		t.Error("bob's hint, waiting at shutdown behind alice's slow answer, was not answered before the bot stopped")
	}
	if lines := h.logs.lines("not all answered in time"); len(lines) != 1 || !strings.Contains(lines[0], `"unanswered":1`) {
		t.Errorf("the shutdown's log of alice's unanswered hint: %v", lines)
	}
	release()
	if final, _ := h.fake.final(t, ins[0]); !strings.Contains(final.Content, want) {
		t.Errorf("alice's hint: %q", final.Content)
	}
}

// goroutineIn reports whether a goroutine of the test binary is in a
// function whose stack-trace line contains fn (such as
// "/analysis.Evaluate("): that the bot has begun work the test has no
// other way to see.
func goroutineIn(fn string) bool {
	buf := make([]byte, 1<<20)
	for {
		n := runtime.Stack(buf, true)
		if n < len(buf) {
			return bytes.Contains(buf[:n], []byte(fn))
		}
		buf = make([]byte, 2*len(buf))
	}
}

// TestHintAfterTheDeadline: Hint pressed on an engine game whose player's
// time has run out (the sweep not run yet, or run while the engine
// thinks): the game ends on time and is announced once, the reply says
// so, and no hint is counted or shown — not "Something went wrong", nor
// a hint for a finished game.
func TestHintAfterTheDeadline(t *testing.T) {
	h, hint := hintGame(t, nil)
	g := gameOf(t, h, alice)
	if g.Deadline.IsZero() {
		t.Fatalf("the engine game has no deadline: %+v", g)
	}
	h.clock.Advance(g.Deadline.Sub(h.clock.Now()) + time.Hour)
	in := pressHint(h, alice, hint, "")
	final, _ := h.fake.final(t, in)
	if strings.Contains(final.Content, "Something went wrong") || strings.Contains(final.Content, "the engine suggests") {
		t.Errorf("Hint after the deadline: %q", final.Content)
	}
	if !strings.Contains(final.Content, "ended on time") && !strings.Contains(final.Content, "is aborted") && !strings.Contains(final.Content, "That game is over") {
		t.Errorf("Hint after the deadline does not say the game is over: %q", final.Content)
	}
	got, _ := h.store.GetGame(context.Background(), g.ID)
	if !got.Outcome().Over() || got.Hints.Attackers != 0 {
		t.Errorf("after the hint: over %v, hints %+v", got.Outcome().Over(), got.Hints)
	}
	waitFor(t, "the timeout's announcement", func() bool {
		ps, _ := posts(t, h, channel)
		return slices.ContainsFunc(ps, func(p *resp) bool { return strings.Contains(p.Content, "ran out of time") })
	})
}

// pressHint presses the Hint button (custom id hint) on user's board in
// the guild's channel, in the user's language lang ("": the default),
// and returns the interaction sent.
func pressHint(h *harness, user, hint, lang string) *discordgo.Interaction {
	in := &discordgo.Interaction{ID: h.id(), AppID: "555", Type: discordgo.InteractionMessageComponent, GuildID: guild, ChannelID: channel,
		Member: member(user), Locale: discordgo.Locale(lang), Message: &discordgo.Message{ID: "board", ChannelID: channel},
		Data: discordgo.MessageComponentInteractionData{CustomID: hint}}
	in.Token = "tok" + in.ID
	h.bot.HandleGateway(context.Background(), in)
	return in
}

// hintGame starts alice's brandubh game against the easy engine, alice
// as the attackers, with hints searched to 2000 nodes (and adjust's
// options, if any), and returns the harness and the board's Hint button
// once the reply's follow-up work is done.
func hintGame(t *testing.T, adjust func(*bot.Options)) (*harness, string) {
	t.Helper()
	h := newHarness(t, nil)
	h.adjust = func(o *bot.Options) {
		o.ReviewNodes = 2000
		if adjust != nil {
			adjust(o)
		}
	}
	h.restart()
	r, _ := h.slash(alice, "ai", opt("variant", "brandubh"), opt("side", "attackers"), opt("level", "easy"))
	hint := customIDs(r.Components)["Hint"]
	if hint == "" {
		t.Fatalf("the engine game's board has no Hint button: %v", customIDs(r.Components))
	}
	h.settle() // a test may move the clock past the deadline next
	return h, hint
}

// TestHintWhenTheGameMovedOn: a hint is searched on the position of the
// board whose Hint was pressed; when the game moved on meanwhile (here
// the hint waits for the one engine worker, which the gate engine holds
// on carol's game, while the player moves), the reply says so and names
// the button as the new board shows it, in the game's language, and the
// hint is not counted. A game that ended meanwhile (bob aborts it after
// his move) is said to be over: there is no Hint on its final board (it
// was told to press it there).
func TestHintWhenTheGameMovedOn(t *testing.T) {
	eng := newGateEngine("hard")
	h := newHarness(t, eng)
	h.adjust = func(o *bot.Options) { o.AIWorkers, o.ReviewNodes = 1, 2000 }
	h.restart()
	h.slash(alice, "settings", opt("server_language", "de"))
	holdWorker(t, h, eng, "hard")
	var ins []*discordgo.Interaction
	for _, user := range []string{alice, bob} {
		r, _ := h.slash(user, "ai", opt("variant", "brandubh"), opt("side", "attackers"), opt("level", "easy"))
		ins = append(ins, pressHint(h, user, customIDs(r.Components)["Tipp"], ""))
		waitFor(t, "the hint queued", func() bool { return gauge(t, h, `taflbot_engine_tasks{state="waiting"}`) == len(ins) })
		g := gameOf(t, h, user)
		if r, _ := h.slash(user, "move", opt("move", g.Tafl().LegalMoves()[0].String())); isEphemeral(r) {
			t.Fatalf("%s's move: %q", user, r.Content)
		}
	}
	r, _ := h.slash(bob, "resign")
	h.click(bob, customIDs(r.Components)["Yes, abort"], true)
	eng.gate <- struct{}{} // carol's engine moves; the worker takes the hints
	final, _ := h.fake.final(t, ins[0])
	if want := "Game 2 moved on before the hint was ready: press **Tipp** on the new board."; final.Content != want {
		t.Errorf("alice's hint: %q, want %q", final.Content, want)
	}
	final, _ = h.fake.final(t, ins[1])
	if want := fmt.Sprintf("Game %d is over: Aborted", gameOf(t, h, bob).ID); final.Content != want {
		t.Errorf("bob's hint: %q, want %q", final.Content, want)
	}
	h.settle()
	for _, user := range []string{alice, bob} {
		if g := gameOf(t, h, user); g.Hints.Attackers != 0 {
			t.Errorf("%s's hint on a position gone was counted: %+v", user, g.Hints)
		}
	}
}

// TestHintAfterTheInteractionExpired: a hint that waited for the engine
// past Discord's 15 minutes (the one worker busy) can no longer be
// shown: it is not given nor counted, and the log says why. It was
// counted on the game ("Hints used by the attackers: 1" on the next
// boards and in the record) though the player never saw it.
func TestHintAfterTheInteractionExpired(t *testing.T) {
	eng := newGateEngine("hard")
	h := newHarness(t, eng)
	h.adjust = func(o *bot.Options) { o.AIWorkers, o.ReviewNodes = 1, 2000 }
	h.restart()
	holdWorker(t, h, eng, "hard")
	r, _ := h.slash(alice, "ai", opt("variant", "brandubh"), opt("side", "attackers"), opt("level", "easy"))
	in := pressHint(h, alice, customIDs(r.Components)["Hint"], "")
	waitFor(t, "the hint queued", func() bool { return gauge(t, h, `taflbot_engine_tasks{state="waiting"}`) == 1 })
	h.clock.Advance(16 * time.Minute)
	// As Discord answers an expired interaction's token.
	h.fake.inject("PATCH", "/webhooks/555/"+in.Token+"/", 401, 50027, 1)
	eng.gate <- struct{}{} // carol's engine moves; the worker takes the hint
	waitFor(t, "the hint taken", func() bool {
		return len(h.logs.lines("hint: its interaction expired")) > 0 || len(h.logs.lines("editing a private reply")) > 0
	})
	h.settle()
	if g := gameOf(t, h, alice); g.Hints.Attackers != 0 {
		t.Errorf("a hint nobody saw was counted: %+v", g.Hints)
	}
	if lines := h.logs.lines("hint: its interaction expired"); len(lines) != 1 || !strings.Contains(lines[0], `"game_id":`) {
		t.Errorf("the log lines of the expired hint: %v", lines)
	}
}

// TestHintNotShownIsNotCounted: a hint whose private reply Discord
// failed to edit on every try was counted all the same, although the
// player never saw it (and a second press on the position, which showed
// it, was not counted). It is taken back, as a hint past the
// interaction's 15 minutes is never counted; pressed again, it counts once.
func TestHintNotShownIsNotCounted(t *testing.T) {
	h, hint := hintGame(t, nil)
	g := gameOf(t, h, alice)
	h.fake.inject("PATCH", "/webhooks/555/", 500, 0, len(testWaits)+1) // the edit and its three tries
	pressHint(h, alice, hint, "")
	waitFor(t, "the edit given up", func() bool { return len(h.logs.lines("editing a private reply")) > 0 })
	h.settle()
	if got, _ := h.store.GetGame(context.Background(), g.ID); got.Hints.Attackers != 0 {
		t.Errorf("a hint nobody saw was counted: %+v", got.Hints)
	}
	if lines := h.logs.lines("hint: not shown"); len(lines) != 1 || !strings.Contains(lines[0], `"game_id":`) {
		t.Errorf("the log lines of the hint not shown: %v", lines)
	}
	in := pressHint(h, alice, hint, "")
	final, _ := h.fake.final(t, in)
	if !strings.Contains(final.Content, "Hints used in this game: 1") {
		t.Errorf("the hint pressed again: %q", final.Content)
	}
	if got, _ := h.store.GetGame(context.Background(), g.ID); got.Hints.Attackers != 1 || got.Hints.Defenders != 0 {
		t.Errorf("hints on the game once one was shown: %+v", got.Hints)
	}
}

// TestSlowHintAndAnalyseAnswerWithTheirOwnMessage: a Hint or Analyse
// press whose handler runs past DeferAfter (a busy bot) was deferred as an
// update of the pressed message, the board; the hint or the review, filled
// in later by editing the response, then replaced the board for everyone.
// They are deferred as the new message their handlers answer with: the
// hint privately, the review publicly.
func TestSlowHintAndAnalyseAnswerWithTheirOwnMessage(t *testing.T) {
	h, hint := hintGame(t, nil)
	h.adjust = func(o *bot.Options) { o.ReviewNodes, o.DeferAfter = 2000, time.Nanosecond }
	h.restart()
	in := pressHint(h, alice, hint, "")
	first, _ := h.fake.callback(t, in.ID)
	if first.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource || !isEphemeral(first) {
		t.Fatalf("a slow hint's first answer: type %d flags %d, want a private deferred message (an update of the board: %d)",
			first.Type, first.Flags, discordgo.InteractionResponseDeferredMessageUpdate)
	}
	final, rec := h.fake.final(t, in)
	if !strings.Contains(final.Content, "the engine suggests **") || !strings.HasSuffix(rec.Path, "/messages/@original") {
		t.Fatalf("the slow hint: %q at %s", final.Content, rec.Path)
	}

	g := finishedGame(t, h)
	btn := bot.CustomID{Action: bot.ActAnalyse, ID: uint64(g.ID), Ply: g.Ply()}.String()
	an := &discordgo.Interaction{ID: h.id(), AppID: "555", Type: discordgo.InteractionMessageComponent, GuildID: guild, ChannelID: channel,
		Member: member(carol), Message: &discordgo.Message{ID: "final-board", ChannelID: channel},
		Data: discordgo.MessageComponentInteractionData{CustomID: btn}}
	an.Token = "tok" + an.ID
	h.bot.HandleGateway(context.Background(), an)
	first, _ = h.fake.callback(t, an.ID)
	if first.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource || isEphemeral(first) {
		t.Fatalf("a slow Analyse's first answer: type %d flags %d, want a public deferred message", first.Type, first.Flags)
	}
	review, rrec := h.fake.final(t, an)
	if !strings.Contains(review.Content, "Review of game "+g.ID.String()) || !strings.HasSuffix(rrec.Path, "/messages/@original") {
		t.Fatalf("the slow review: %q at %s", review.Content, rrec.Path)
	}
	// A slow button that updates its own message is still deferred so.
	bin := h.slashInteraction(alice, "board")
	h.bot.HandleGateway(context.Background(), bin)
	board, _ := h.fake.final(t, bin)
	move := customIDs(board.Components)["Move"]
	if move == "" {
		t.Fatalf("alice's board has no Move button: %q", board.Content)
	}
	other := &discordgo.Interaction{ID: h.id(), AppID: "555", Type: discordgo.InteractionMessageComponent, GuildID: guild, ChannelID: channel,
		Member: member(alice), Message: &discordgo.Message{ID: "board", ChannelID: channel},
		Data: discordgo.MessageComponentInteractionData{CustomID: move}}
	other.Token = "tok" + other.ID
	h.bot.HandleGateway(context.Background(), other)
	if r, _ := h.fake.callback(t, other.ID); r.Type != discordgo.InteractionResponseDeferredMessageUpdate {
		t.Errorf("a slow Move press: type %d, want the deferred update of its message", r.Type)
	}
}
