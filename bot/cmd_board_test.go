package bot_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image/png"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/bot"
	"github.com/taflbot/taflbot/storage"
	"github.com/taflbot/taflbot/tafl"
)

// pings returns the mention types a response lets Discord ping ("users"),
// from its allowed_mentions.
func pings(t *testing.T, rec *recorded) []string {
	t.Helper()
	var w struct {
		Data struct {
			AllowedMentions *struct {
				Parse []string `json:"parse"`
				Users []string `json:"users"`
			} `json:"allowed_mentions"`
		} `json:"data"`
	}
	if err := json.Unmarshal(rec.Body, &w); err != nil {
		t.Fatal(err)
	}
	if w.Data.AllowedMentions == nil {
		return []string{"(default: everyone mentioned)"}
	}
	return append(w.Data.AllowedMentions.Parse, w.Data.AllowedMentions.Users...)
}

// TestReadsScopedToServer: /tafl board and /tafl history of a game by
// number work for its players anywhere and for others only in the game's
// server; a board asked for again pings nobody.
func TestReadsScopedToServer(t *testing.T) {
	h := newHarness(t, nil)
	startGame(t, h) // game 1, alice vs bob, in server 900
	ask := func(user, guildID, sub string) (*discordgo.Interaction, *resp, *recorded) {
		in := h.slashInteraction(user, sub, opt("game", "1"))
		in.GuildID = guildID
		h.bot.HandleGateway(t.Context(), in)
		r, rec := h.fake.callback(t, in.ID)
		return in, r, rec
	}
	// carol, in the same server, may look; the board names the players
	// without pinging them.
	_, r, rec := ask(carol, guild, "board")
	if isEphemeral(r) || !strings.Contains(r.Content, "**Game 1**") {
		t.Fatalf("board in the game's server: %q", r.Content)
	}
	checkPNG(t, rec)
	if p := pings(t, rec); len(p) != 0 {
		t.Errorf("the board asked for by carol pings %v", p)
	}
	if _, r, rec := ask(alice, guild, "board"); isEphemeral(r) {
		t.Fatalf("a player's board: %q", r.Content)
	} else if p := pings(t, rec); len(p) != 0 {
		t.Errorf("the board asked for by alice pings %v", p)
	}
	// From another server, carol gets neither the board nor the record;
	// the answer points to the game option's list, which has her finished
	// games too, not to /tafl games, which has only games in progress.
	for _, sub := range []string{"board", "history", "analyse"} {
		const want = "I can't find game 1 in this server. Start typing in the `game` option for a list of your games, finished ones too."
		if _, r, rec := ask(carol, "999", sub); !isEphemeral(r) || r.Content != want || len(rec.Files) != 0 {
			t.Errorf("%s from another server: %q, %d files; want %q", sub, r.Content, len(rec.Files), want)
		}
	}
	// bob, a player, may ask from anywhere (here: another server).
	in, _, _ := ask(bob, "999", "history")
	if _, late := h.fake.final(t, in); len(late.Files) != 2 {
		t.Errorf("a player's history from elsewhere: %d files", len(late.Files))
	}
}

// TestBoardsForScreenReaders: every board picture carries alt text (whose
// turn, the last move and what it captured, the players by name), and
// /tafl board text:true describes the position in words. In every mode.
func TestBoardsForScreenReaders(t *testing.T) {
	eachMode(t, func(t *testing.T, d driver) {
		v := d.do(t, "alice", "/tafl challenge opponent:bob side:attackers variant:brandubh")
		if len(v.alts) != 1 || !strings.HasPrefix(v.alts[0], "Challenge: The start position of Brandubh (7×7)") {
			t.Errorf("the challenge picture's alt text: %q", v.alts)
		}
		v = d.do(t, "bob", "click Accept")
		if len(v.alts) != 1 || !strings.Contains(strings.ToLower(v.alts[0]), "brandubh (7×7), alice (attackers) against bob (defenders). the start position. alice (attackers) to move, move 1, 3d 0h left.") {
			t.Errorf("the start board's alt text: %q", v.alts)
		}
		// The board picture has the players band above the board and the
		// caption below: 240 + 18 + 18 pixels high at the tests' 240 wide.
		if len(v.files) != 1 {
			t.Fatalf("the start board: %d files", len(v.files))
		}
		if img, err := png.Decode(bytes.NewReader(v.files[0].Data)); err != nil || img.Bounds().Dx() != 240 || img.Bounds().Dy() != 276 {
			t.Errorf("the board picture: %v, %v; want 240×276 (players band and caption)", err, img.Bounds())
		}
		d.do(t, "alice", "/tafl move move:g4-g5")
		d.do(t, "bob", "/tafl move move:d5-b5")
		v = d.do(t, "alice", "/tafl move move:d6-b6")
		if len(v.alts) != 1 || !strings.Contains(v.alts[0], "Last move: the attackers played 2. d6-b6xb5, capturing b5.") ||
			!strings.Contains(strings.ToLower(v.alts[0]), "bob (defenders) to move, move 2") || !strings.Contains(v.alts[0], "8 attackers and 3 defenders on the board, the king on d4") {
			t.Errorf("the board after a capture: alt text %q", v.alts)
		}
		v = d.do(t, "bob", "/tafl board text:true")
		for _, want := range []string{"Game 1, Brandubh, 7 by 7", "Last move: 2. d6-b6xb5, by the attackers, capturing b5.", "Move 2:", "the defenders, to move",
			"King: d4.", "Defenders (3): d3, c4, e4.", "Attackers (8):", "Special squares: throne d4; corners a1, g1, a7, g7.",
			"Rank 7: d7 attacker.", "Rank 6: b6 attacker.", "Rank 5: g5 attacker.", "Rank 4: a4 attacker, b4 attacker, c4 defender, d4 king, e4 defender, f4 attacker."} {
			if !strings.Contains(v.text, want) {
				t.Errorf("the text board lacks %q:\n%s", want, v.text)
			}
		}
		if len(v.files) != 0 {
			t.Errorf("the text board came with %d pictures", len(v.files))
		}

		// A live game: both chess clocks, as the picture shows them.
		d.do(t, "alice", "/tafl challenge opponent:bob side:attackers variant:brandubh time:5+3")
		v = d.do(t, "bob", "click Accept")
		clocks := regexp.MustCompile(`clocks: attackers \d:\d\d, defenders \d:\d\d`)
		if len(v.alts) != 1 || !clocks.MatchString(v.alts[0]) {
			t.Errorf("a live game's alt text: %q", v.alts)
		}
		live := activeGameWhere(t, d, "bob", func(g *storage.Game) bool { return !g.Clock.IsZero() })
		if v := d.do(t, "bob", fmt.Sprintf("/tafl board game:%d text:true", live.ID)); !clocks.MatchString(v.text) {
			t.Errorf("a live game's text board:\n%s", v.text)
		}
	})
}

// TestBoardOfTheGameJustFinished: /tafl board with no game named and none
// in progress shows the final board of the player's game that ended last,
// as /tafl history gives its record (it said the game was over and to
// start another); someone who has played no game here is told to start one.
func TestBoardOfTheGameJustFinished(t *testing.T) {
	h := newHarness(t, nil)
	g := resignedGame(t, h)
	r, rec := h.slash(alice, "board")
	if isEphemeral(r) || len(rec.Files) != 1 || !strings.Contains(rec.Files[0].Name, g.ID.String()) {
		t.Fatalf("alice's board after the game: ephemeral %v, files %+v, %q", isEphemeral(r), rec.Files, r.Content)
	}
	if !strings.Contains(r.Content, "resign") {
		t.Errorf("the final board does not say how the game ended: %q", r.Content)
	}
	// carol, who has played no game, sees it where it was played (she
	// was told there was no game) and nowhere else.
	if r, rec := h.slash(carol, "board"); isEphemeral(r) || len(rec.Files) != 1 || !strings.Contains(r.Content, "**Game "+g.ID.String()+"**") {
		t.Errorf("carol, who has played no game, in the game's channel: %q", r.Content)
	}
	if r, _ := h.slashIn("902", carol, "board"); !isEphemeral(r) || !strings.Contains(r.Content, "You have no game here, in progress or finished.") {
		t.Errorf("carol, who has played no game, in another channel: %q", r.Content)
	}
}

// TestBoardOfAFinishedGameWhereItWasPlayed: /tafl board in a finished
// game's thread or channel, asked by someone with no game in progress
// there, shows that place's game that ended last, its final board saying
// how it ended. An onlooker was told there was no game (only games in
// progress were looked for there), and a player saw their own game that
// ended last anywhere in the server, not the one of the thread they
// asked in.
func TestBoardOfAFinishedGameWhereItWasPlayed(t *testing.T) {
	h := newHarness(t, nil)
	h.slash(alice, "settings", opt("threads", true))
	first := resignedGame(t, h) // alice and bob, in its own thread
	var thread string
	waitFor(t, "game 1's thread", func() bool {
		g, _ := h.store.GetGame(t.Context(), first.ID)
		thread = g.ThreadID
		return thread != ""
	})
	// bob then plays the engine, in a thread of the same channel, and
	// aborts that game: his game that ended last.
	h.clock.Advance(time.Minute)
	r, _ := h.slash(bob, "ai", opt("variant", "brandubh"), opt("level", "easy"), opt("side", "attackers"))
	if r, _ = h.click(bob, customIDs(r.Components)["Abort"], false); isEphemeral(r) && strings.Contains(r.Content, "?") {
		h.click(bob, customIDs(r.Components)["Yes, abort"], true)
	}
	h.settle()
	second, err := h.store.GetGame(t.Context(), first.ID+1)
	if err != nil {
		t.Fatal(err)
	}
	if second.SideOf(bob) == tafl.NoSide || second.Active() || second.ThreadID == thread || second.ChannelID != channel {
		t.Fatalf("bob's game with the engine: active %v, channel %q, thread %q", second.Active(), second.ChannelID, second.ThreadID)
	}
	board := func(ch, user, sub string) *resp { return watch(t, h, ch, user, sub) }
	for _, c := range []struct {
		where, ch, user string
		game            storage.GameID
		result          string
	}{
		{"an onlooker in game 1's thread", thread, dave, first.ID, "resignation"},
		{"bob in game 1's thread", thread, bob, first.ID, "resignation"},
		{"an onlooker in the channel", channel, dave, second.ID, "Aborted"},
		{"alice in the channel", channel, alice, first.ID, "resignation"}, // her own game here
	} {
		r := board(c.ch, c.user, "board")
		if isEphemeral(r) || !strings.Contains(r.Content, "**Game "+c.game.String()+"**") || !strings.Contains(r.Content, c.result) {
			t.Errorf("/tafl board of %s: %q; want game %d's final board (%s)", c.where, r.Content, c.game, c.result)
		}
	}
	if r := board(thread, dave, "history"); !strings.Contains(r.Content, "Record of game "+first.ID.String()+" ") {
		t.Errorf("/tafl history of an onlooker in game 1's thread: %q", r.Content)
	}
}

// resignedGame plays a game of alice (attackers) and bob one move each
// and has bob resign it; it returns the finished game.
func resignedGame(t *testing.T, h *harness) *storage.Game {
	t.Helper()
	startGame(t, h)
	for _, user := range []string{alice, bob} {
		g := gameOf(t, h, alice)
		h.slash(user, "move", opt("move", g.Tafl().LegalMoves()[0].String()))
	}
	r, _ := h.slash(bob, "resign")
	h.click(bob, customIDs(r.Components)["Yes, resign"], true)
	g := gameOf(t, h, bob)
	if g.Active() {
		t.Fatal("the game did not end")
	}
	return g
}

// TestOldBoardOfAFinishedGame: a button of an earlier board of a game
// that ended since (Move, Hint) says the game is over and how it ended,
// without the board's congratulations and rating changes run into one
// line ('Congratulations <@222>! <@111>: 1500 → 1662 provisional (+162)
// <@222>: …'), in a whole sentence that says what can still be done:
// review or replay it, or, with no move played, start a new game (it
// said only 'Game 1 is over: Attackers win · resignation').
func TestOldBoardOfAFinishedGame(t *testing.T) {
	h := newHarness(t, nil)
	g := resignedGame(t, h)
	for a, name := range map[bot.Action]string{bot.ActMove: "Move", bot.ActHint: "Hint"} {
		id := bot.CustomID{Action: a, ID: uint64(g.ID), Ply: g.Ply()}.String()
		r, _ := h.click(alice, id, false)
		want := "Game " + g.ID.String() + " is over (Attackers win · resignation). `/tafl analyse` `game:" + g.ID.String() + "` reviews it, and `/tafl history` `game:" + g.ID.String() + "` replays it."
		if !isEphemeral(r) || r.Content != want {
			t.Errorf("%s on an earlier board: %q, want %q", name, r.Content, want)
		}
	}
	// A game aborted before any move: nothing to review.
	h2 := newHarness(t, nil)
	r, _ := h2.slash(alice, "challenge", opt("opponent", bob), opt("variant", "brandubh"))
	h2.click(bob, customIDs(r.Components)["Accept"], false)
	aborted := gameOf(t, h2, bob)
	r, _ = h2.slash(bob, "resign")
	h2.click(bob, customIDs(r.Components)["Yes, abort"], true)
	id := bot.CustomID{Action: bot.ActMove, ID: uint64(aborted.ID), Ply: 0}.String()
	r, _ = h2.click(alice, id, false)
	want := "Game " + aborted.ID.String() + " is over (Aborted) with no move played. Start a new one with `/tafl challenge` or `/tafl ai`."
	if r.Content != want {
		t.Errorf("Move on the board of an aborted game: %q, want %q", r.Content, want)
	}
}

// TestTuichaSaysHowManyLines: a king with more than two open lines was
// announced as having "two open lines to escape" (the board, its alt text
// and the text board); they say how many he has.
func TestTuichaSaysHowManyLines(t *testing.T) {
	out := runConsole(t, consoleStore(t), 0, []string{
		`/tafl challenge opponent:bob side:attackers variant:"dim:7 esc:e cen: cor: start:/t6/7/7/3K3/7/7/6t/"`,
		"as bob", "click Accept",
		"as alice", "/tafl move a1-a2",
		"/tafl board text:True",
	})
	consoleSays(t, out,
		"**Tuicha!** The king has 4 open lines to escape.",
		"Tuicha: the king has 4 open lines to escape. ",  // the alt text
		"Tuicha: the king has 4 open lines to escape.\n", // the text board
	)
	if strings.Contains(out, "two open lines") {
		t.Errorf("the king's four open lines are called two:\n%s", out)
	}
}

// TestLayoutInAltText: the pictures of a preset with several layouts name
// the layout in their alt text, as the messages and the pictures'
// captions do (tawlbwrdd/bell): the start boards of tawlbwrdd's three
// layouts had one alt text, "The start position of Tawlbwrdd (11×11)",
// and so had every game board and replay of them. In every mode.
func TestLayoutInAltText(t *testing.T) {
	eachMode(t, func(t *testing.T, d driver) {
		for _, l := range []string{"lewis", "bell", "lewis-cross"} {
			v := d.do(t, "carol", "/tafl rules variant:tawlbwrdd/"+l)
			if want := "The start position of Tawlbwrdd, " + l + " layout (11×11): "; len(v.alts) == 0 || !strings.HasPrefix(v.alts[0], want) {
				t.Errorf("/tafl rules variant:tawlbwrdd/%s: alt text %q, want it to start %q", l, v.alts, want)
			}
		}
		d.do(t, "alice", "/tafl challenge opponent:bob side:attackers variant:tawlbwrdd/bell")
		v := d.do(t, "bob", "click Accept")
		if len(v.alts) != 1 || !strings.HasPrefix(strings.ToLower(v.alts[0]), "board of game 1, tawlbwrdd, bell layout (11×11), alice (attackers)") {
			t.Errorf("the start board's alt text: %q", v.alts)
		}
		if v = d.do(t, "alice", "/tafl board text:true"); !strings.Contains(strings.ToLower(v.text), "game 1, tawlbwrdd, bell layout, 11 by 11: alice plays the attackers") {
			t.Errorf("the board in words:\n%s", v.text)
		}
		// A preset of one layout is named as before.
		if v = d.do(t, "carol", "/tafl rules variant:brandubh"); len(v.alts) == 0 || !strings.HasPrefix(v.alts[0], "The start position of Brandubh (7×7): ") {
			t.Errorf("/tafl rules variant:brandubh: alt text %q", v.alts)
		}
	})
}

// TestTextBoardSizeInWords: the board in words names every variant's
// size as "N by N", for screen readers; hnefatafl-9, whose title has its
// size, read "Game 1, Hnefatafl 9×9:".
func TestTextBoardSizeInWords(t *testing.T) {
	out := runConsoleWith(t, bot.Options{}, []string{
		"/tafl ai variant:hnefatafl-9 side:attackers", "/tafl board text:true",
		"/tafl settings language:de", "/tafl board text:true",
		"quit",
	})
	consoleSays(t, out,
		"Game 1, Hnefatafl, 9 by 9: alice plays the attackers",
		"Partie 1, Hnefatafl, 9 mal 9: alice spielt die Angreifer",
	)
	if strings.Contains(out, "Game 1, Hnefatafl 9×9") {
		t.Errorf("the size as 9×9 in words:\n%s", out)
	}
}

// TestOnlookerSeesTheGameBeingPlayedHere: someone with no game of their
// own who types /tafl board or /tafl history without a game, to watch
// the game being played where they are, was told "You have no game
// here, in progress or finished. Start one …". In a game's own thread
// they see that game (also one who played a game here before, whose
// last game it would otherwise show); in a channel where only one game
// is being played, that one; where several are, the answer says how
// many and how to name one.
func TestOnlookerSeesTheGameBeingPlayedHere(t *testing.T) {
	t.Run("in the game's thread", func(t *testing.T) {
		h := newHarness(t, nil)
		h.slash(carol, "settings", opt("threads", true))
		// carol played (and aborted) a game here before.
		r, _ := h.slash(carol, "ai", opt("variant", "brandubh"), opt("level", "easy"), opt("side", "attackers"))
		if r, _ = h.click(carol, customIDs(r.Components)["Abort"], false); isEphemeral(r) && strings.Contains(r.Content, "?") {
			h.click(carol, customIDs(r.Components)["Yes, abort"], true)
		}
		h.settle()
		startGame(t, h)
		var thread string
		waitFor(t, "the game's thread", func() bool {
			g, _ := h.store.GetGame(t.Context(), 2)
			thread = g.ThreadID
			return thread != ""
		})
		if g, _ := h.store.GetGame(t.Context(), 1); g == nil || g.Active() {
			t.Fatalf("carol's game with the engine did not end: %+v", g)
		}
		for _, user := range []string{carol, "444"} {
			if r := watch(t, h, thread, user, "board"); isEphemeral(r) || !strings.Contains(r.Content, "**Game 2** · brandubh") {
				t.Errorf("%s's /tafl board in game 2's thread: %q", user, r.Content)
			}
			if r := watch(t, h, thread, user, "history"); !strings.Contains(r.Content, "Record of game 2 ") {
				t.Errorf("%s's /tafl history in game 2's thread: %q", user, r.Content)
			}
		}
	})
	t.Run("in a channel", func(t *testing.T) {
		h := newHarness(t, nil)
		startGame(t, h)
		if r := watch(t, h, channel, carol, "board"); isEphemeral(r) || !strings.Contains(r.Content, "**Game 1** · brandubh") {
			t.Errorf("carol's /tafl board where game 1 alone is played: %q", r.Content)
		}
		h.slash(alice, "ai", opt("variant", "brandubh"), opt("level", "easy"), opt("side", "attackers"))
		h.settle()
		for _, sub := range []string{"board", "history"} {
			want := "2 games are being played in this channel: name the one to see with the `game` option, such as `game:2`"
			if r := watch(t, h, channel, carol, sub); !isEphemeral(r) || !strings.Contains(r.Content, want) {
				t.Errorf("carol's /tafl %s where two games are played: %q", sub, r.Content)
			}
		}
	})
}

// watch runs /tafl SUB (board or history) by user, without a game
// named, in channel ch as a member without permissions, and returns the
// reply once it and its follow-up work are done.
func watch(t *testing.T, h *harness, ch, user, sub string) *resp {
	t.Helper()
	in := h.slashInteraction(user, sub)
	in.ChannelID = ch
	in.Member.Permissions = 0
	h.bot.HandleGateway(t.Context(), in)
	r, _ := h.fake.final(t, in)
	h.settle()
	return r
}
