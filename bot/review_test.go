package bot_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/analysis"
	"github.com/taflbot/taflbot/bot"
	"github.com/taflbot/taflbot/render"
	"github.com/taflbot/taflbot/storage"
	"github.com/taflbot/taflbot/tafl"
)

// finishedGame stores a brandubh game between alice (attackers) and bob
// of six moves, which bob then resigned.
func finishedGame(t *testing.T, h *harness) *storage.Game {
	t.Helper()
	return finishedGameIn(t, h, guild, channel)
}

// finishedGameIn is finishedGame in another server's channel.
func finishedGameIn(t *testing.T, h *harness, guildID, channelID string) *storage.Game {
	t.Helper()
	g, err := storage.NewGame("brandubh", "")
	if err != nil {
		t.Fatal(err)
	}
	g.GuildID, g.ChannelID = guildID, channelID
	g.Attackers, g.Defenders = storage.Human(alice), storage.Human(bob)
	if err := h.store.CreateGame(t.Context(), g); err != nil {
		t.Fatal(err)
	}
	g, err = h.store.UpdateGame(t.Context(), g.ID, 0, func(sg *storage.Game) error {
		for _, m := range []string{"d2-b2", "c4-c2", "b4-b3", "e4-e2", "f4-f3", "d3-d2"} {
			if _, err := sg.Tafl().PlayText(m); err != nil {
				return err
			}
		}
		return sg.Tafl().Resign(tafl.Defenders)
	})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestReview(t *testing.T) {
	h := newHarness(t, nil)
	h.adjust = func(o *bot.Options) { o.ReviewNodes = 3000 }
	h.restart()
	g := finishedGame(t, h)
	in := h.slashInteraction(alice, "analyse", opt("game", g.ID.String()))
	h.bot.HandleGateway(context.Background(), in)
	first, _ := h.fake.callback(t, in.ID)
	if first.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource {
		t.Fatalf("first answer type %d, want a deferral", first.Type)
	}
	r, rec := h.fake.final(t, in)
	if !strings.Contains(r.Content, "**Review of game "+g.ID.String()+"**") || !strings.Contains(r.Content, "Turning points") && !strings.Contains(r.Content, "clean game") {
		t.Fatalf("review: %q", r.Content)
	}
	if len(rec.Files) < 1 || !strings.HasSuffix(rec.Files[0].Name, "-review.png") {
		t.Fatalf("files %v", rec.Files)
	}
	// The node count reads as in the review's text file ("3,000", below).
	if !strings.Contains(r.Content, "The engine searched 3,000 nodes a position") {
		t.Errorf("review %q: the node count not written as in the text file", r.Content)
	}
	// Every picture is described for screen readers (#20).
	alts := fileAlts(t, rec)
	if a := alts[rec.Files[0].Name]; !strings.HasPrefix(a, "Evaluation graph of game "+g.ID.String()+", Brandubh (7×7): ") || !strings.Contains(a, "win chance") {
		t.Errorf("the graph's alt text %q (all: %v)", a, alts)
	}
	for _, f := range rec.Files {
		if alts[f.Name] == "" {
			t.Errorf("%s has no alt text", f.Name)
		}
	}
	a, err := h.store.GetAnalysis(context.Background(), g.ID)
	if err != nil || a.Plies != 6 || a.UserID != alice || a.Nodes != 3000 {
		t.Fatalf("stored review %+v %v", a, err)
	}
	// Asking again is instant: the stored review, no deferral; bob's
	// button on the final board does the same.
	again, rec2 := h.slash(bob, "analyse", opt("game", g.ID.String()))
	if again.Type != discordgo.InteractionResponseChannelMessageWithSource || again.Content != r.Content || len(rec2.Files) != len(rec.Files) {
		t.Errorf("again: type %d %q", again.Type, again.Content)
	}
	btn := bot.CustomID{Action: bot.ActAnalyse, ID: uint64(g.ID), Ply: g.Ply()}.String()
	if viaButton, _ := h.click(carol, btn, false); viaButton.Content != r.Content {
		t.Errorf("the button: %q", viaButton.Content)
	}
	// Not from another server, by someone who did not play.
	far := &discordgo.Interaction{ID: h.id(), AppID: "555", Type: discordgo.InteractionMessageComponent, GuildID: "another-guild", ChannelID: "7",
		Member: member(carol), Message: &discordgo.Message{ID: "x", ChannelID: "7"}, Data: discordgo.MessageComponentInteractionData{CustomID: btn}}
	far.Token = "tok" + far.ID
	h.bot.HandleGateway(context.Background(), far)
	if fr, _ := h.fake.callback(t, far.ID); !isEphemeral(fr) || !strings.Contains(fr.Content, "can't find game") {
		t.Errorf("a review from another server: %+v", fr)
	}
	// Without a game: alice's latest finished game.
	if latest, _ := h.slash(alice, "analyse"); latest.Content != r.Content {
		t.Errorf("latest: %q", latest.Content)
	}
	// The history carries the review as a text file and its graph.
	hist := h.slashInteraction(alice, "history", opt("game", g.ID.String()))
	h.bot.HandleGateway(context.Background(), hist)
	hr, hrec := h.fake.final(t, hist)
	names := map[string]string{}
	for _, f := range hrec.Files {
		names[f.Name] = string(f.Data)
	}
	text := names["game-"+g.ID.String()+"-review.txt"]
	if !strings.Contains(hr.Content, "With the engine's review") || !strings.Contains(text, "Engine review: 3,000 nodes searched per position") ||
		!strings.Contains(text, "1.     d2-b2") || names["game-"+g.ID.String()+"-review.png"] == "" {
		t.Errorf("history %q with files %v:\n%s", hr.Content, len(hrec.Files), text)
	}
}

func TestReviewRefusals(t *testing.T) {
	h := newHarness(t, nil)
	if r, _ := h.slash(alice, "analyse"); !isEphemeral(r) || !strings.Contains(r.Content, "no finished game with moves to review") {
		t.Errorf("no game: %+v", r)
	}
	startGame(t, h)
	g := gameOf(t, h, alice)
	if r, _ := h.slash(alice, "analyse", opt("game", g.ID.String())); !strings.Contains(r.Content, "still being played") {
		t.Errorf("an active game: %q", r.Content)
	}
}

// TestReviewSkipsAGameWithoutMoves: /tafl analyse without a game
// reviews the user's game that ended last here; a rematch aborted before
// any move (it ended later) was taken for it and refused ("Game 2 ended
// before any move: there is nothing to review"), though the game just
// played could be reviewed, and its game list offered the aborted game.
// A game without moves is passed over.
func TestReviewSkipsAGameWithoutMoves(t *testing.T) {
	h := newHarness(t, nil)
	h.adjust = func(o *bot.Options) { o.ReviewNodes = 2000 }
	h.restart()
	played := finishedGame(t, h)
	h.clock.Advance(time.Minute)
	rematch := abortedGame(t, h, bob, alice)
	in := h.slashInteraction(alice, "analyse")
	h.bot.HandleGateway(context.Background(), in)
	if r, _ := h.fake.final(t, in); !strings.Contains(r.Content, "**Review of game "+played.ID.String()+"**") {
		t.Errorf("/tafl analyse after an aborted rematch: %q, want the review of game %s", r.Content, played.ID)
	}
	// Its list of games offers the game played, not the aborted one.
	o := opt("game", "")
	o.Focused = true
	ac := h.slashInteraction(alice, "analyse", o)
	ac.Type = discordgo.InteractionApplicationCommandAutocomplete
	h.bot.HandleGateway(t.Context(), ac)
	r, _ := h.fake.callback(t, ac.ID)
	var listed []string
	for _, c := range r.Choices {
		listed = append(listed, c.Name)
	}
	if len(r.Choices) != 1 || r.Choices[0].Value != played.ID.String() {
		t.Errorf("the game list of /tafl analyse: %q, want game %s only", listed, played.ID)
	}
	// Named, the aborted game is still refused, saying why.
	if r, _ := h.slash(alice, "analyse", opt("game", rematch.ID.String())); !strings.Contains(r.Content, "ended before any move") {
		t.Errorf("the aborted game named: %q", r.Content)
	}
	// Only games without moves: none to review (TestAnalyseAfterAnAbortedGame).
	h2 := newHarness(t, nil)
	abortedGame(t, h2, alice, bob)
	if r, _ := h2.slash(alice, "analyse"); !strings.Contains(r.Content, "ended before any move") {
		t.Errorf("only an aborted game: %q", r.Content)
	}
}

// TestAnalyseAfterAnAbortedGame: /tafl analyse used just after a game
// aborted before any move answered "You have no finished game here to
// review: name one with the `game` option", whose list was empty. It now
// names the aborted game and says it has nothing to analyse, and sends to
// the game option only when its list has a game (one with moves from
// another server); with no game at all it says how to get one to review.
func TestAnalyseAfterAnAbortedGame(t *testing.T) {
	h := newHarness(t, nil)
	const play = "Play one with `/tafl ai` or `/tafl challenge` (in a server): once it is over, `/tafl analyse` reviews it."
	analyse := func(want string) {
		t.Helper()
		r, _ := h.slash(alice, "analyse")
		if !isEphemeral(r) || r.Content != want {
			t.Errorf("/tafl analyse: %q (ephemeral %v), want %q", r.Content, isEphemeral(r), want)
		}
		o := opt("game", "")
		o.Focused = true
		ac := h.slashInteraction(alice, "analyse", o)
		ac.Type = discordgo.InteractionApplicationCommandAutocomplete
		h.bot.HandleGateway(t.Context(), ac)
		list, _ := h.fake.callback(t, ac.ID)
		if sends := strings.Contains(r.Content, "option"); sends != (len(list.Choices) > 0) {
			t.Errorf("/tafl analyse said %q, and its game list has %d games", r.Content, len(list.Choices))
		}
	}
	analyse("You have no finished game with moves to review. " + play)

	g := abortedGame(t, h, alice, bob)
	analyse(fmt.Sprintf("Game %d ended before any move, so there is nothing in it to analyse, and you have no finished game with moves to review. %s", g.ID, play))

	h.clock.Advance(time.Minute)
	finishedGameIn(t, h, "901", "801")
	h.clock.Advance(time.Minute)
	g = abortedGame(t, h, bob, alice)
	analyse(fmt.Sprintf("Game %d ended before any move, so there is nothing in it to analyse. To review another of your finished games, name it with the `game` option (start typing for a list).", g.ID))
}

// TestOneReviewAtATime: while a user's review waits (the only worker is
// busy with a slow engine move), a second one is refused; engine moves
// go first, and the review then completes.
func TestOneReviewAtATime(t *testing.T) {
	// The engine's search waits for the gate, not a fixed half second:
	// on a busy machine the asks below could come after that, when the
	// review may be done already.
	eng := newGateEngine("easy")
	h := newHarness(t, eng)
	h.adjust = func(o *bot.Options) { o.AIWorkers, o.ReviewNodes = 1, 2000 }
	h.restart()
	g := finishedGame(t, h)
	// An engine game: carol moves, the engine thinks until the gate opens.
	h.slash(carol, "ai", opt("variant", "brandubh"), opt("side", "attackers"), opt("level", "easy"))
	games, _ := h.store.GamesByPlayer(context.Background(), carol, storage.GameFilter{})
	cg := games[0]
	h.slash(carol, "move", opt("move", cg.Tafl().LegalMoves()[0].String()))
	// The review is asked for while the engine thinks about carol's game
	// (the one worker busy): it must wait, and not delay that move further.
	waitFor(t, "the engine thinking", func() bool { _, running, _ := eng.stats("easy"); return running > 0 })
	in := h.slashInteraction(alice, "analyse", opt("game", g.ID.String()))
	h.bot.HandleGateway(context.Background(), in)
	second, _ := h.slash(alice, "analyse", opt("game", g.ID.String()))
	if !strings.Contains(second.Content, "still running") || !strings.Contains(second.Content, "appear here") {
		t.Errorf("a second review at once: %q", second.Content)
	}
	// Asked again in another channel, it says where the review will
	// appear: where it was first asked for, not here.
	elsewhere, _ := h.slashIn("other-channel", alice, "analyse", opt("game", g.ID.String()))
	if want := "appear in <#" + channel + ">"; !strings.Contains(elsewhere.Content, want) {
		t.Errorf("a second review asked in another channel: %q, want %q", elsewhere.Content, want)
	}
	close(eng.gate)
	r, _ := h.fake.final(t, in)
	if !strings.Contains(r.Content, "Review of game") {
		t.Fatalf("review: %q", r.Content)
	}
	if got, _ := h.store.GetGame(context.Background(), cg.ID); got.Ply() < 2 {
		t.Errorf("the engine has not moved in carol's game (ply %d)", got.Ply())
	}
}

// TestOneReviewAtATimeFromADirectMessage: a review asked for in a direct
// message with the bot is delivered there, so asking for it again in a
// server while it runs says it will appear in our direct messages.
func TestOneReviewAtATimeFromADirectMessage(t *testing.T) {
	eng := newGateEngine("easy")
	h := newHarness(t, eng)
	h.adjust = func(o *bot.Options) { o.AIWorkers, o.ReviewNodes = 1, 2000 }
	h.restart()
	g := finishedGame(t, h)
	// The one worker busy with the engine's move in carol's game.
	h.slash(carol, "ai", opt("variant", "brandubh"), opt("side", "attackers"), opt("level", "easy"))
	games, _ := h.store.GamesByPlayer(context.Background(), carol, storage.GameFilter{})
	h.slash(carol, "move", opt("move", games[0].Tafl().LegalMoves()[0].String()))
	waitFor(t, "the engine thinking", func() bool { _, running, _ := eng.stats("easy"); return running > 0 })
	in := h.slashInteraction(alice, "analyse", opt("game", g.ID.String()))
	in.GuildID, in.ChannelID, in.User, in.Member = "", "dm-"+alice, in.Member.User, nil
	h.bot.HandleGateway(context.Background(), in)
	again, _ := h.slash(alice, "analyse", opt("game", g.ID.String()))
	if !strings.Contains(again.Content, "still running") || !strings.Contains(again.Content, "appear in our direct messages") {
		t.Errorf("asked again in the server: %q", again.Content)
	}
	close(eng.gate)
	if r, _ := h.fake.final(t, in); !strings.Contains(r.Content, "Review of game") {
		t.Fatalf("the review in the direct message: %q", r.Content)
	}
}

// fileAlts returns the alt text of each attachment of a recorded message
// (its "attachments" array, at the top or inside "data"), by file name.
func fileAlts(t *testing.T, rec *recorded) map[string]string {
	t.Helper()
	type att struct {
		Filename    string `json:"filename"`
		Description string `json:"description"`
	}
	var body struct {
		Attachments []att `json:"attachments"`
		Data        struct {
			Attachments []att `json:"attachments"`
		} `json:"data"`
	}
	if err := json.Unmarshal(rec.Body, &body); err != nil {
		t.Fatalf("decoding %s: %v", rec.Body, err)
	}
	out := map[string]string{}
	for _, a := range append(body.Attachments, body.Data.Attachments...) {
		out[a.Filename] = a.Description
	}
	return out
}

// TestReviewPingsNoPlayer: the review of a rated game, asked for by
// someone who did not play it, says the result but neither mentions the
// players nor repeats the rating changes (its title took the board's
// result line, "Congratulations @alice!" and "@bob: 1500 → 1420", run
// into one line, which pinged both players at every review).
func TestReviewPingsNoPlayer(t *testing.T) {
	h := newHarness(t, nil)
	h.adjust = func(o *bot.Options) { o.ReviewNodes = 2000 }
	h.restart()
	g := resignedGame(t, h)
	if len(g.RatingChanges) == 0 {
		t.Fatal("the resigned game changed no rating")
	}
	in := h.slashInteraction(carol, "analyse", opt("game", g.ID.String()))
	h.bot.HandleGateway(context.Background(), in)
	r, _ := h.fake.final(t, in)
	again, _ := h.slash(carol, "analyse", opt("game", g.ID.String())) // the stored review
	for _, c := range []string{r.Content, again.Content} {
		title, _, _ := strings.Cut(c, "\n")
		if !strings.Contains(title, "**Review of game "+g.ID.String()+"**") || !strings.Contains(title, "Attackers win · resignation") {
			t.Errorf("the review's title %q does not say the result", title)
		}
		if strings.Contains(c, "<@") || strings.Contains(title, "→") {
			t.Errorf("the review mentions a player or a rating change:\n%s", c)
		}
	}
}

// TestOneReviewPerGame: two users asking for the same game's review while
// it runs share one review (the engine's time is spent once), and each
// gets it in their own language; a third ask after it is done is the
// stored one.
func TestOneReviewPerGame(t *testing.T) {
	eng := newGateEngine("easy") // thinks until the gate opens (see TestOneReviewAtATime)
	h := newHarness(t, eng)
	h.adjust = func(o *bot.Options) { o.AIWorkers, o.ReviewNodes = 1, 2000 }
	h.restart()
	g := finishedGame(t, h)
	// The one worker thinks about carol's engine game: the review waits.
	h.slash(carol, "ai", opt("variant", "brandubh"), opt("side", "attackers"), opt("level", "easy"))
	games, _ := h.store.GamesByPlayer(context.Background(), carol, storage.GameFilter{})
	h.slash(carol, "move", opt("move", games[0].Tafl().LegalMoves()[0].String()))
	waitFor(t, "the engine thinking", func() bool { _, running, _ := eng.stats("easy"); return running > 0 })
	first := h.slashInteraction(alice, "analyse", opt("game", g.ID.String()))
	h.bot.HandleGateway(context.Background(), first)
	second := h.slashInteraction(bob, "analyse", opt("game", g.ID.String()))
	second.Locale = discordgo.German
	h.bot.HandleGateway(context.Background(), second)
	if r, _ := h.fake.callback(t, second.ID); r.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource {
		t.Fatalf("bob's ask while alice's review runs: type %d %q, want a deferral", r.Type, r.Content)
	}
	close(eng.gate)
	a, arec := h.fake.final(t, first)
	b, brec := h.fake.final(t, second)
	if !strings.Contains(a.Content, "**Review of game "+g.ID.String()+"**") || len(arec.Files) == 0 {
		t.Errorf("alice's review: %q, %d files", a.Content, len(arec.Files))
	}
	if !strings.Contains(b.Content, "**Analyse der Partie "+g.ID.String()+"**") || len(brec.Files) != len(arec.Files) {
		t.Errorf("bob's review: %q, %d files", b.Content, len(brec.Files))
	}
	if n := len(h.logs.lines(`"msg":"review done"`)); n != 1 {
		t.Errorf("%d reviews of game %d were run, want 1", n, g.ID)
	}
	if again, _ := h.slash(carol, "analyse", opt("game", g.ID.String())); again.Type != discordgo.InteractionResponseChannelMessageWithSource || again.Content != a.Content {
		t.Errorf("after it: type %d %q", again.Type, again.Content)
	}
	if n := len(h.logs.lines(`"msg":"review done"`)); n != 1 {
		t.Errorf("%d reviews run after a third ask, want 1", n)
	}
}

// TestReviewQueuedAtRestart: a review still waiting for the engine when
// the bot shut down was dropped with the queue, its "thinking…" reply
// never answered; it now says the restart interrupted it.
func TestReviewQueuedAtRestart(t *testing.T) {
	eng := newGateEngine("easy")
	h := newHarness(t, eng)
	h.adjust = func(o *bot.Options) { o.AIWorkers, o.ReviewNodes = 1, 2000 }
	h.restart()
	g := finishedGame(t, h)
	// The one worker thinks about carol's game until the gate opens.
	holdWorker(t, h, eng, "easy")
	in := h.slashInteraction(alice, "analyse", opt("game", g.ID.String()))
	h.bot.HandleGateway(context.Background(), in)
	waitFor(t, "the review queued", func() bool { return gauge(t, h, `taflbot_engine_tasks{state="waiting"}`) == 1 })
	h.restart()
	r, _ := h.fake.final(t, in)
	if want := "The review of game " + g.ID.String() + " was interrupted (the bot is restarting): ask again in a minute."; r.Content != want {
		t.Errorf("a review queued at shutdown: %q, want %q", r.Content, want)
	}
}

// TestReviewTextInTheReadersLanguage: the review's text file attached to
// a game's history had its title in the reader's language and the rest
// (how the chances were found, the table's words, every move's class and
// the turning points) in English; it is all in the reader's language, the
// table's moves and figures as they were.
func TestReviewTextInTheReadersLanguage(t *testing.T) {
	h := newHarness(t, nil)
	h.adjust = func(o *bot.Options) { o.ReviewNodes = 3000 }
	h.restart()
	g := finishedGame(t, h)
	in := h.slashInteraction(alice, "analyse", opt("game", g.ID.String()))
	h.bot.HandleGateway(context.Background(), in)
	h.fake.final(t, in)
	hist := h.slashInteraction(bob, "history", opt("game", g.ID.String()))
	hist.Locale = discordgo.German
	h.bot.HandleGateway(context.Background(), hist)
	_, rec := h.fake.final(t, hist)
	var text string
	for _, f := range rec.Files {
		if f.Name == "game-"+g.ID.String()+"-review.txt" {
			text = string(f.Data)
		}
	}
	for _, want := range []string{
		"Partie " + g.ID.String() + " · brandubh · ",
		"\nAnalyse der Engine: 3.000 Knoten je Stellung durchsucht.\n",
		"\nDie Gewinnchance der Verteidiger ergibt sich aus der Bewertung der Engine über eine logistische Kurve (ausgeglichen bei ",
		"\nEin Zug, der die Chance seiner Seite um 10, 20, 30 Punkte senkt, ist eine Ungenauigkeit, ein Fehler, ein grober Fehler.\n",
		"\nAnfang: Verteidiger ",
		"\n1.     d2-b2              Verteidiger ",
		"\nWendepunkte:\n  ",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the review's text file lacks %q:\n%s", want, text)
		}
	}
	for _, english := range []string{"Engine review", "defenders", "attackers", "points", "better", "Turning", "inaccuracy", "mistake", "blunder"} {
		if strings.Contains(text, english) {
			t.Errorf("the German review's text file says %q:\n%s", english, text)
		}
	}
}

// TestReviewGraphInTheReadersLanguage: the words of a review's graph
// picture (of /tafl analyse, and attached by /tafl history) — its axes'
// names and the sides — are in the reader's language:
// below its title (the title's words are the catalog's, tested with the
// review's text) the German review's picture is the review's graph drawn
// with German words, and not the one with English words. Before, every
// graph said "Defenders' win chance", "defenders", "attackers" and "move".
func TestReviewGraphInTheReadersLanguage(t *testing.T) {
	h := newHarness(t, nil)
	h.adjust = func(o *bot.Options) { o.ReviewNodes = 3000 }
	h.restart()
	g := finishedGame(t, h)
	// The graph of /tafl analyse, and the one /tafl history attaches.
	var graphs []image.Image
	for _, sub := range []string{"analyse", "history"} {
		in := h.slashInteraction(alice, sub, opt("game", g.ID.String()))
		in.Locale = discordgo.German
		h.bot.HandleGateway(context.Background(), in)
		_, rec := h.fake.final(t, in)
		for _, f := range rec.Files {
			if f.Name == "game-"+g.ID.String()+"-review.png" {
				img, err := png.Decode(bytes.NewReader(f.Data))
				if err != nil {
					t.Fatal(err)
				}
				graphs = append(graphs, img)
			}
		}
	}
	if len(graphs) != 2 {
		t.Fatalf("%d graphs, want the review's and the history's", len(graphs))
	}
	a, err := h.store.GetAnalysis(t.Context(), g.ID)
	if err != nil {
		t.Fatal(err)
	}
	var rep analysis.Report
	if err := json.Unmarshal(a.Report, &rep); err != nil {
		t.Fatal(err)
	}
	// sameBelowTitle reports whether got is the graph drawn with words,
	// below the title's band.
	sameBelowTitle := func(got image.Image, words render.GraphWords) bool {
		gr := rep.Graph("a title")
		gr.Words = words
		want, err := render.GraphImage(gr, render.GraphOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if got.Bounds() != want.Bounds() {
			t.Fatalf("the picture is %v, the graph %v", got.Bounds(), want.Bounds())
		}
		b := want.Bounds()
		for y := 50; y < b.Max.Y; y++ {
			for x := 0; x < b.Max.X; x++ {
				r1, g1, b1, a1 := got.At(x, y).RGBA()
				r2, g2, b2, a2 := want.At(x, y).RGBA()
				if r1 != r2 || g1 != g2 || b1 != b2 || a1 != a2 {
					return false
				}
			}
		}
		return true
	}
	for i, got := range graphs {
		if !sameBelowTitle(got, render.GraphWords{Chance: "Gewinnchance der Verteidiger", Defenders: "Verteidiger", Attackers: "Angreifer", Move: "Zug"}) {
			t.Errorf("graph %d: the German review's graph is not drawn with the German words", i)
		}
		if sameBelowTitle(got, render.GraphWords{}) {
			t.Errorf("graph %d: the German review's graph is drawn with the English words", i)
		}
	}
}

// TestCleanGameReviewHasNoWorstMoveBoard: a review in which no move lost
// 2 points says "a clean game" and shows the graph alone; it attached the
// board "before its worst move … better …" of a move that lost a point.
func TestCleanGameReviewHasNoWorstMoveBoard(t *testing.T) {
	h := newHarness(t, nil)
	g := finishedGame(t, h)
	curve, _ := analysis.CurveFor(g.Tafl().Variant())
	score := func(p float64) int { return int(math.Round(curve.Even + curve.Scale*math.Log((1-p)/p))) }
	var evals []analysis.Eval
	// The defenders' chance wobbles by a point; the engine's move is
	// never the one played (a1-a2 is no move here), so each move loses
	// a little, none 2 points.
	for _, p := range []float64{0.50, 0.51, 0.50, 0.51, 0.50, 0.51, 0.50} {
		evals = append(evals, analysis.Eval{Score: score(p), Best: tafl.NewMove(tafl.At(0, 0), tafl.At(0, 1))})
	}
	rep, err := analysis.Review(g.Tafl(), evals, 1000)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Worst() < 0 || len(rep.Turning) != 0 {
		t.Fatalf("the made-up review: worst %d, turning %v; want a move that lost a little, no turning point", rep.Worst(), rep.Turning)
	}
	data, _ := json.Marshal(rep)
	if err := h.store.PutAnalysis(t.Context(), &storage.Analysis{GameID: g.ID, Plies: g.Ply(), Nodes: 1000, Report: data, UserID: alice}); err != nil {
		t.Fatal(err)
	}
	r, rec := h.slash(alice, "analyse", opt("game", g.ID.String()))
	if !strings.Contains(r.Content, "a clean game") {
		t.Fatalf("the review: %q", r.Content)
	}
	for _, f := range rec.Files {
		if strings.HasSuffix(f.Name, "-worst.png") {
			t.Errorf("a clean game's review attaches %s (%q)", f.Name, fileAlts(t, rec)[f.Name])
		}
	}
	if len(rec.Files) != 1 {
		t.Errorf("a clean game's review has %d files, want the graph alone", len(rec.Files))
	}
}

// abortedGame stores a brandubh game in the harness's channel between
// attacker and defender, aborted before any move.
func abortedGame(t *testing.T, h *harness, attacker, defender string) *storage.Game {
	t.Helper()
	g, err := storage.NewGame("brandubh", "")
	if err != nil {
		t.Fatal(err)
	}
	g.GuildID, g.ChannelID = guild, channel
	g.Attackers, g.Defenders = storage.Human(attacker), storage.Human(defender)
	if err := h.store.CreateGame(t.Context(), g); err != nil {
		t.Fatal(err)
	}
	if _, err := h.store.UpdateGame(t.Context(), g.ID, 0, func(sg *storage.Game) error { return sg.Tafl().Abort() }); err != nil {
		t.Fatal(err)
	}
	return g
}
