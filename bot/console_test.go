package bot_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/bot"
	"github.com/taflbot/taflbot/internal/dbfault"
	"github.com/taflbot/taflbot/locale"
	"github.com/taflbot/taflbot/render"
	"github.com/taflbot/taflbot/storage"
	"github.com/taflbot/taflbot/tafl"
)

// TestConsoleEditShowsEmbeds: a reply that was deferred (the handler was
// slow) arrives as an edit; its embeds must be printed like those of a
// direct reply (the rules page is an embed).
func TestConsoleEditShowsEmbeds(t *testing.T) {
	var out bytes.Buffer
	c := bot.NewConsoleREST(&out, t.TempDir())
	embeds := []*discordgo.MessageEmbed{{Title: "brandubh (7×7)", Description: "corner escape"}}
	if _, err := c.EditResponse(t.Context(), nil, &discordgo.WebhookEdit{Embeds: &embeds}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "brandubh (7×7)") || !strings.Contains(out.String(), "corner escape") {
		t.Errorf("the edited reply printed %q", out.String())
	}
}

// TestConsoleLearning plays a puzzle, asks for a hint, resigns, reviews
// the game and gets a daily puzzle, all in console mode.
func TestConsoleLearning(t *testing.T) {
	st := consoleStore(t)
	pz := &storage.Puzzle{Variant: "hnefatafl-9", Position: "/9/6tt1/1t5t1/t3T4/9/t8/1K2t2t1/t1t3t2/1t3t3/", ToMove: tafl.Attackers,
		Moves: 2, Solution: []string{"b3-b6", "b7-a7", "c8-a8"}, Source: "a test"}
	if _, err := st.AddPuzzle(t.Context(), pz); err != nil {
		t.Fatal(err)
	}
	text := runConsole(t, st, 3000, []string{
		"/tafl puzzle variant:hnefatafl-9",
		"click Move", "select b3", "select b6",
		"click Move", "select c8", "select a8",
		"/tafl ai variant:brandubh side:attackers level:easy",
		"click Hint",
		"/tafl move b4-b3",
		"/tafl resign",
		"click Yes, resign",
		"click Analyse",
		"/tafl settings daily_channel:here daily_hour:0",
		"sweep",
		"quit",
	})
	consoleSays(t, text, "Attackers to move and win in 2 moves", "**b3-b6+** is right", "puzzle solved", "Your puzzle rating: 1500 →",
		"the engine suggests **", "Review of game", "Daily puzzle", "[Solve]", "daily puzzle: in #console at 00:00 UTC")
	if t.Failed() {
		t.Log(text)
	}
}

// TestConsoleBooleans: the help and the README write boolean options as
// Discord's picker shows them (text:True, casual:True); the console reads
// them in any case, and a value that is neither true nor false is an
// error that starts nothing.
func TestConsoleBooleans(t *testing.T) {
	st := consoleStore(t)
	text := runConsole(t, st, 0, []string{
		"/tafl challenge opponent:bob variant:brandubh casual:perhaps",
		"/tafl challenge opponent:bob variant:brandubh casual:True",
		"as bob", "click Accept",
		"/tafl board text:TRUE",
		"quit",
	})
	if !strings.Contains(text, "casual must be True or False") {
		t.Errorf("casual:perhaps was not refused")
	}
	if n := strings.Count(text, "[Accept]"); n != 1 {
		t.Errorf("%d challenges with an Accept button, want 1 (casual:perhaps must start none)", n)
	}
	if !strings.Contains(text, "Rank by rank, from the top:") {
		t.Errorf("text:TRUE did not give the board in words")
	}
	games, err := st.ActiveGamesInChannel(t.Context(), "2") // the console's channel
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 1 || !games[0].Casual {
		t.Errorf("after casual:True: %d active games, want one casual game", len(games))
	}
	if t.Failed() {
		t.Log(text)
	}
}

// TestConsoleClickQuotedLabel: a label with spaces written in double
// quotes, as an option's value with spaces is, was looked for with its
// quotes (there is no "\"Tag imod\"" button to click); a click and a
// select take it without them.
func TestConsoleClickQuotedLabel(t *testing.T) {
	text := runConsole(t, consoleStore(t), 0, []string{
		"/tafl settings language:da",
		"/tafl challenge opponent:bob variant:brandubh side:attackers",
		"as bob", `click "Tag imod"`,
		"as alice", "click Træk", `select "d2"`, `select "c2"`,
		"quit",
	})
	consoleSays(t, text, "@bob tog imod udfordringen.", "Du spillede 1. d2-c2.")
	if strings.Contains(text, "button to click") {
		t.Errorf("a quoted label or value was not taken:\n%s", text)
	}
}

// TestConsoleWordAfterAValue: a value with spaces typed without quotes
// (variant:Alea Evangelii, as Discord takes it) made the console send the
// option twice, variant "Alea" and variant "Evangelii", and the bot
// answered that it knew no variant "evangelii"; the console refuses the
// line, saying to quote the value, as it refuses an option given twice.
func TestConsoleWordAfterAValue(t *testing.T) {
	text := runConsole(t, consoleStore(t), 0, []string{
		"/tafl rules variant:Alea Evangelii",
		"/tafl challenge opponent:bob variant:Alea Evangelii",
		"/tafl rules tablut brandubh",
		"/tafl rules variant:tablut variant:brandubh",
		`/tafl rules variant:"Alea Evangelii"`,
		"/tafl move game:1 d1-d4",
		"quit",
	})
	consoleSays(t, text,
		`/tafl rules: "Evangelii" is no option of its own; a value with spaces goes in double quotes, as variant:"Alea Evangelii"`,
		`/tafl challenge: "Evangelii" is no option of its own; a value with spaces goes in double quotes, as variant:"Alea Evangelii"`,
		`/tafl rules: "brandubh" is no option of its own; a value with spaces goes in double quotes, as variant:"tablut brandubh"`,
		"/tafl rules takes variant once",
		"Alea Evangelii (alea-evangelii, 19×19)",
		"I can't find that game.") // a bare word after another option is still the first one
	if strings.Contains(text, "evangelii`") || strings.Contains(text, "challenges @bob") || strings.Contains(text, "Brandubh (brandubh") {
		t.Errorf("an option was sent twice:\n%s", text)
	}
}

// consoleStore opens a bbolt store in a temporary folder for a console test.
func consoleStore(t *testing.T) *storage.Store {
	t.Helper()
	st, err := storage.Open(filepath.Join(t.TempDir(), "t.db"), storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// runConsole runs the console's script on a bot over st (reviews searched
// with reviewNodes, 0: the default) and returns everything it printed.
func runConsole(t *testing.T, st *storage.Store, reviewNodes int64, script []string) string {
	t.Helper()
	return runConsoleWith(t, bot.Options{Store: st, ReviewNodes: reviewNodes}, script)
}

// consoleSays checks that the console printed each of wants.
func consoleSays(t *testing.T, text string, wants ...string) {
	t.Helper()
	for _, want := range wants {
		if !strings.Contains(text, want) {
			t.Errorf("the console lacks %q:\n%s", want, text)
		}
	}
}

// runConsoleWith is runConsole with more of the bot's options. Without a
// store it opens one on the console's clock, as cmd/taflbot wires it (the
// clocks of live games run on it).
func runConsoleWith(t *testing.T, opts bot.Options, script []string) string {
	t.Helper()
	var out bytes.Buffer
	cr := bot.NewConsoleREST(&out, filepath.Join(t.TempDir(), "boards"))
	if opts.Store == nil {
		st, err := storage.Open(filepath.Join(t.TempDir(), "c.db"), storage.Options{NoSync: true, Now: cr.Now})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		opts.Store = st
	}
	opts.REST, opts.Engine, opts.Now, opts.Render = cr, bot.AIEngine{}, cr.Now, render.Options{Size: 240}
	if opts.DeferAfter == 0 {
		// Tests check what a reply says, not how fast it came: on a busy
		// machine a handler can run past production's 1 s and be
		// deferred (as the harness's replies, which wait 20 s).
		opts.DeferAfter = 20 * time.Second
	}
	b, err := bot.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	if err := bot.Console(t.Context(), b, cr, strings.NewReader(strings.Join(script, "\n"))); err != nil {
		t.Fatal(err)
	}
	b.Stop(10 * time.Second)
	return out.String()
}

// TestConsoleReplayOfAFinishedGame: the step-through board after the last
// move carries the result in its caption, on a line of its own; its alt
// text reads it as one more sentence.
func TestConsoleReplayOfAFinishedGame(t *testing.T) {
	text := runConsole(t, consoleStore(t), 0, []string{
		"/tafl ai variant:brandubh side:attackers level:easy",
		"/tafl move d2-c2",
		"/tafl resign", "click Yes, resign",
		"/tafl history", "click ▶ Step through", "click ⏭",
		"quit",
	})
	if !strings.Contains(text, "Replay of game 1 after 1 move. Last move: the defenders played 1… ") || !strings.Contains(text, ". Defenders win · resignation. 8 attackers") {
		t.Errorf("the last replay board's alt text does not read the result as a sentence:\n%s", text)
	}
}

// TestConsoleGamesListSaysVacation: a correspondence deadline moves by the
// vacation of the player to move, so /tafl games says why it is far off.
func TestConsoleGamesListSaysVacation(t *testing.T) {
	text := runConsole(t, consoleStore(t), 0, []string{
		"/tafl challenge opponent:bob variant:brandubh side:attackers days:1",
		"as bob", "click Accept",
		"as alice", "/tafl move d2-c2",
		"/tafl games",
		"as bob", "/tafl vacation days:2",
		"as alice", "/tafl games",
		"quit",
	})
	before, after, ok := strings.Cut(text, "You are on vacation until")
	if !ok {
		t.Fatalf("no vacation started:\n%s", text)
	}
	if !strings.Contains(before, "@bob to move · 1d 0h left\n") {
		t.Errorf("before the vacation the list does not show bob's day:\n%s", before)
	}
	if !strings.Contains(after, "@bob to move · 3d 0h left · on vacation\n") {
		t.Errorf("during the vacation the list does not say so:\n%s", after)
	}
}

// TestConsoleOtherEngines: with other engines configured, the console
// offers /tafl ai's engine option as Discord would (it takes the commands
// the bot registers), and names the engines it knows; one it does not is
// refused with them, as Discord's picker offers no other.
func TestConsoleOtherEngines(t *testing.T) {
	text := runConsoleWith(t, bot.Options{Store: consoleStore(t),
		Engines: []bot.ExternalEngine{{Name: "elsewhere", Command: []string{filepath.Join(t.TempDir(), "no-such-engine")}}}}, []string{
		"/tafl ai variant:brandubh side:attackers engine:elsewhere",
		"/tafl ai variant:brandubh side:attackers engine:nope",
		"quit",
	})
	if strings.Contains(text, `has no option "engine"`) || !strings.Contains(text, "plays the engine **elsewhere**") {
		t.Errorf("the engine option was not offered:\n%s", text)
	}
	if !strings.Contains(text, "engine must be one of: elsewhere\n") {
		t.Errorf("an unknown engine was not refused:\n%s", text)
	}
}

// TestUnknownEngineRefused: an engine the bot does not have (Discord can
// still offer one a restart took out of the configuration until the
// commands are registered again) is refused with where to find them, and
// no game starts.
func TestUnknownEngineRefused(t *testing.T) {
	h := newHarness(t, nil)
	r, _ := h.slash(alice, "ai", opt("engine", "nope"), opt("variant", "brandubh"))
	if !isEphemeral(r) || !strings.Contains(r.Content, `There is no engine called "nope" on this bot; the `+"`engine`"+` option lists them.`) {
		t.Errorf("engine:nope was answered: %+v", r)
	}
	if gs, err := h.store.ActiveGamesInChannel(t.Context(), channel); err != nil || len(gs) != 0 {
		t.Errorf("games after the refusal: %v, %v", gs, err)
	}
}

// TestConsoleByesSayWhatTheyScore: with an odd number of players a round
// robin's round has a player sitting out (no points), a Swiss's round a
// bye worth a point; the round's announcement says which.
func TestConsoleByesSayWhatTheyScore(t *testing.T) {
	join := []string{"/tafl tournament action:join", "as bob", "/tafl tournament action:join", "as carol", "/tafl tournament action:join",
		"as alice", "/tafl tournament action:start"}
	rr := runConsole(t, consoleStore(t), 0, append(append([]string{"/tafl tournament action:create name:RR format:round-robin variant:brandubh"}, join...), "quit"))
	if !regexp.MustCompile(`round 1: 1 game\. @\w+ sits out this round\.`).MatchString(rr) || strings.Contains(rr, "A bye for") {
		t.Errorf("the round robin's round 1 does not say who sits out:\n%s", rr)
	}
	sw := runConsole(t, consoleStore(t), 0, append(append([]string{"/tafl tournament action:create name:SW format:swiss variant:brandubh"}, join...), "quit"))
	if !regexp.MustCompile(`round 1: 1 game\. A bye for @\w+: a point\.`).MatchString(sw) {
		t.Errorf("the Swiss's round 1 does not say the bye scores a point:\n%s", sw)
	}
}

// TestConsoleTournamentAfterAnother: each console tournament has a thread
// of its own, as in Discord, so a command typed at the console after a
// finished tournament is about the one still going, not the first; calling
// off the finished one by its number says it is over.
func TestConsoleTournamentAfterAnother(t *testing.T) {
	text := runConsole(t, consoleStore(t), 0, []string{
		"/tafl tournament action:create name:Blitz variant:brandubh time:3+2 rounds:2",
		"/tafl tournament action:join", "as bob", "/tafl tournament action:join",
		"as alice", "/tafl tournament action:start",
		"wait 4m", // alice's clock runs out: the only pairing is played, Blitz is over
		"/tafl tournament action:cancel tournament:1",
		"/tafl tournament action:create name:Next variant:brandubh",
		"/tafl tournament action:cancel",
		"quit",
	})
	if !strings.Contains(text, "**Blitz** is over.") {
		t.Fatalf("the first tournament did not end:\n%s", text)
	}
	_, after, _ := strings.Cut(text, "**Blitz** is over.")
	first, second, ok := strings.Cut(after, "🏆 **Next** (tournament 2)")
	if !ok || !strings.Contains(first, "That tournament is over.") {
		t.Errorf("calling off the finished tournament:\n%s", first)
	}
	if !strings.Contains(second, "**Next** is called off.") {
		t.Errorf("calling off the new tournament did not reach it:\n%s", second)
	}
}

// TestConsoleExpiredChallenges: an expired challenge says whom it
// challenged and to what, as a declined or withdrawn one does (it said
// only "The challenge of @alice expired unanswered.", the same for all).
func TestConsoleExpiredChallenges(t *testing.T) {
	text := runConsole(t, consoleStore(t), 0, []string{
		"/tafl challenge opponent:bob variant:brandubh",
		"/tafl challenge variant:tablut",
		"/tafl challenge opponent:carol variant:tawlbwrdd/bell",
		"wait 25h",
		"quit",
	})
	consoleSays(t, text, "[taflbot edits a message] The challenge of @alice to @bob (brandubh) expired unanswered.",
		"[taflbot edits a message] The open challenge of @alice (tablut) expired unanswered.",
		// with its layout, as a declined or withdrawn one names it
		"[taflbot edits a message] The challenge of @alice to @carol (tawlbwrdd/bell) expired unanswered.")
}

// TestConsoleShowsEdits: a message the bot edits with new text — a
// challenge that expired, a tournament's announcement as players join —
// is printed again; Discord would show the change.
func TestConsoleShowsEdits(t *testing.T) {
	text := runConsole(t, consoleStore(t), 0, []string{
		"/tafl challenge opponent:bob variant:brandubh",
		"wait 25h",
		"/tafl tournament action:create name:Cup variant:brandubh",
		"/tafl tournament action:join",
		"quit",
	})
	consoleSays(t, text, "[taflbot edits a message] The challenge of @alice to @bob (brandubh) expired unanswered.",
		"[taflbot edits a message] 🏆 **Cup** (tournament 1)", "Players (1): @alice")
}

// TestReplayAltReadsAsTheBoards: the step-through replay's alt text read
// "Replay of game 1 after 0 moves: Start." at the start and gave a capture
// only in notation ("4. c6-c5xc4 · attackers"); it reads as the board's
// alt text does, "The start position." and "Last move: the attackers
// played 4. c6-c5xc4, capturing c4.", in every language.
func TestReplayAltReadsAsTheBoards(t *testing.T) {
	for _, l := range locale.Langs {
		p := locale.For(l.Tag)
		text := runConsole(t, consoleStore(t), 0, []string{
			"/tafl settings language:" + l.Tag.String(), "/tafl settings server_language:" + l.Tag.String(),
			"/tafl challenge opponent:bob variant:brandubh side:attackers",
			"as bob", "click " + p.T("Accept"),
			"as alice", "/tafl move b4-b3", "as bob", "/tafl move e4-e5", "as alice", "/tafl move b3-c3",
			"as bob", "/tafl move e5-e6", "as alice", "/tafl move d6-c6", "as bob", "/tafl move e6-e5",
			"as alice", "/tafl move c6-c5",
			"/tafl board",
			"/tafl history", "click " + p.T("▶ Step through"), "click ⏭",
			"quit",
		})
		alt := func(file string) string {
			t.Helper()
			m := regexp.MustCompile(`\[picture: [^\n]*/\d+-`+file+` — ([^\n]*)\]`).FindAllStringSubmatch(text, -1)
			if len(m) == 0 {
				t.Fatalf("%s: no picture %s:\n%s", l.Name, file, text)
			}
			return m[len(m)-1][1]
		}
		board, start, last := alt(`game-1-7\.png`), alt(`replay-1-0\.png`), alt(`replay-1-7\.png`)
		capture := p.T("Last move: the attackers played %s, capturing %s.", "4. c6-c5xc4", "c4")
		if !strings.Contains(board, capture) {
			t.Fatalf("%s: the board's alt text lacks %q: %q", l.Name, capture, board)
		}
		if want := p.T("Replay of game %d.", 1) + " " + p.T("The start position.") + " "; !strings.HasPrefix(start, want) {
			t.Errorf("%s: the replay's start reads %q, want it to begin %q", l.Name, start, want)
		}
		if want := p.T("Replay of game %d after %d moves.", 1, 4) + " " + capture + " "; !strings.HasPrefix(last, want) {
			t.Errorf("%s: the replay's last move reads %q, want it to begin %q", l.Name, last, want)
		}
	}
}

// TestConsoleReplayAltGrammar: the step-through board's alt text counts
// the moves in the case its language needs after "after" ("nach 2 Zügen",
// not "nach 2 Züge"; Finnish and Icelandic likewise).
func TestConsoleReplayAltGrammar(t *testing.T) {
	for _, c := range []struct{ lang, step, want string }{
		{"en", "▶ Step through", "Replay of game 1 after 2 moves. Last move: the attackers played 2. f4-f5."},
		{"de", "▶ Schritt für Schritt", "Wiedergabe der Partie 1 nach 2 Zügen. Letzter Zug: die Angreifer spielten 2. f4-f5."},
		{"fi", "▶ Vaihe vaiheelta", "Pelin 1 toisto 2 siirron jälkeen. "},
		{"is", "▶ Skref fyrir skref", "Endursýning skákar 1 eftir 2 leiki. "},
	} {
		text := runConsole(t, consoleStore(t), 0, []string{
			"/tafl challenge opponent:bob variant:brandubh side:attackers",
			"as bob", "click Accept",
			"as alice", "/tafl move b4-b5", "as bob", "/tafl move c4-c3", "as alice", "/tafl move f4-f5",
			"/tafl settings language:" + c.lang,
			"/tafl history", "click " + c.step, "click ⏭",
			"quit",
		})
		if !strings.Contains(text, c.want) {
			t.Errorf("%s: the last replay board's alt text lacks %q:\n%s", c.lang, c.want, text)
		}
	}
}

// TestConsolePrivateStaysPrivate: a private reply that is deferred (a
// hint) or that updates a private message (the resign confirmation's
// answer, a move chosen in the menu) is printed as private, as Discord
// shows it to its user alone; the console printed them as public posts.
func TestConsolePrivateStaysPrivate(t *testing.T) {
	text := runConsole(t, consoleStore(t), 2000, []string{
		"/tafl ai variant:brandubh side:attackers level:easy",
		"click Hint",
		"click Move", "select d2", "select c2",
		"/tafl resign", "click Yes, resign",
		"quit",
	})
	consoleSays(t, text, "\n[to alice] (only you) 💡 Game 1: the engine suggests", "\n[to alice] (only you) You played 1. d2-c2.", "\n[taflbot] @alice played 1. d2-c2.", "\n[to alice] (only you) You resigned.", "\n[taflbot] @alice resigned.")
}

// TestConsoleLatePrivateReplyNamesItsUser: a private reply that came
// after "thinking…" (its handler ran past DeferAfter, as on a busy
// machine) is a private follow-up, which the console printed as
// "[taflbot] (only you)", naming nobody; it is printed to its user, as
// the same reply in time is.
func TestConsoleLatePrivateReplyNamesItsUser(t *testing.T) {
	text := runConsoleWith(t, bot.Options{DeferAfter: time.Nanosecond}, []string{
		"/tafl challenge opponent:bob variant:brandubh side:defenders",
		"as bob", "click Accept",
		"/tafl move move:a1-a2",
		"quit",
	})
	consoleSays(t, text, "[taflbot is thinking…]\n[to bob] (only you) That move is not allowed: a1-a2: there is no piece on a1.")
}

// TestConsoleOthersPrivateMessagesUnseen: another user's private reply
// (alice's puzzle and its move menu) is not theirs to press, as in
// Discord, where they never see it: bob's click and select say so and
// whose it is (they pressed alice's buttons: bob played her puzzle and
// her menu), while his own puzzle's buttons work.
func TestConsoleOthersPrivateMessagesUnseen(t *testing.T) {
	text := runConsole(t, consoleStore(t), 0, []string{
		"/tafl puzzle variant:brandubh",
		"click Move",
		"as bob",
		"click Move",
		"select d4",
		"click Another puzzle",
		"/tafl puzzle variant:brandubh",
		"click Move",
		"quit",
	})
	consoleSays(t, text,
		"there is no \"Move\" button to click (alice has one in a private reply, which only alice sees: as alice to use it)",
		"there is no menu to choose from: click Move under a board first (alice has one in a private reply, which only alice sees: as alice to use it)",
		"there is no \"Another puzzle\" button to click (alice has one",
		"\n[to bob] (only you) Puzzle ")
	if strings.Count(text, ": pick the piece to move.") != 2 {
		t.Errorf("want two move menus, alice's and bob's own:\n%s", text)
	}
}

// TestConsolePieceCountsInTheSingular: alt texts count one piece in the
// singular ("1 attacker and 1 defender on the board"; they said "1
// attackers and 1 defenders"), in the board's and the rules' pictures and
// in every language's own plural rule.
func TestConsolePieceCountsInTheSingular(t *testing.T) {
	const rules = `"dim:7 esc:e start:/1t5/7/7/2TK3/7/7/7/"`
	text := runConsole(t, consoleStore(t), 0, []string{
		"/tafl ai level:easy side:attackers variant:" + rules,
		"/tafl rules variant:" + rules,
		"/tafl settings language:fi",
		"/tafl rules variant:" + rules,
		"quit",
	})
	consoleSays(t, text,
		"1 attacker and 1 defender on the board, the king on d4.",
		"The start position of a custom variant (7×7): 1 attacker, 1 defender and the king on d4; the attackers move first.",
		"Oman muunnelman alkuasema (7×7): 1 hyökkääjä, 1 puolustaja ja kuningas ruudussa d4",
	)
}

// TestConsolePlayersAcrossRuns: the console keeps its games between runs
// on one database, and a name is the same player in each: alice resigning
// in the second run loses her own game (ids went by the order names
// appeared in a run, so there "alice" had bob's id and resigned for him).
// Mentions of players not yet named in a run read as their names.
func TestConsolePlayersAcrossRuns(t *testing.T) {
	st := consoleStore(t)
	runConsole(t, st, 0, []string{
		"/tafl challenge opponent:bob variant:brandubh side:attackers",
		"as bob", "click Accept",
		"as alice", "/tafl move b4-b3",
		"quit",
	})
	text := runConsole(t, st, 0, []string{
		"/tafl games",
		"as bob", "/tafl move e4-e3",
		"as alice", "/tafl resign", "click Yes, resign",
		"quit",
	})
	if !strings.Contains(text, "Defenders win") || strings.Contains(text, "Attackers win") {
		t.Errorf("alice (attackers) resigned; the result:\n%s", text)
	}
	if strings.Contains(text, "<@") {
		t.Errorf("a raw mention:\n%s", text)
	}
	games, err := st.GamesByPlayer(t.Context(), bot.NewConsoleREST(io.Discard, "").UserID("alice"), storage.GameFilter{})
	if err != nil || len(games) != 1 || games[0].Attackers.Name != "alice" {
		t.Errorf("alice's games: %v %v", games, err)
	}
}

// TestConsoleMoveAfterTheGameEnded: a move sent after the player's game
// ended (lost on time, resigned) says which game is over and how, not
// that there was no game; someone who never played here is told that.
func TestConsoleMoveAfterTheGameEnded(t *testing.T) {
	script := []string{
		"/tafl challenge opponent:bob variant:brandubh side:attackers time:5+0",
		"as bob", "click Accept",
		"as alice", "/tafl move d2-c2",
		"as bob", "/tafl move d3-e3",
		"wait 10m", // alice's flag falls
		"as alice", "/tafl move c2-c1",
		"/tafl challenge opponent:bob variant:brandubh side:attackers",
		"as bob", "click Accept",
		"as alice", "/tafl move d2-c2",
		"as bob", "/tafl move d3-e3",
		"/tafl resign", "click Yes, resign",
		"as alice", "/tafl move c2-c1",
		"as carol", "/tafl move c2-c1",
		"quit",
	}
	text := runConsoleWith(t, bot.Options{}, script)
	consoleSays(t, text,
		"[to alice] (only you) Game 1 is over (Defenders win · the attackers ran out of time), and you have no other game in progress here.",
		"[to alice] (only you) Game 2 is over (Attackers win · resignation), and you have no other game in progress here.",
		"[to carol] (only you) You have no game in progress here.",
	)
}

// TestConsoleLimitsOfOneInTheSingular: a server that allows one vacation
// day, or one engine game at a time, says "1 day" and "1 game" (and
// "1 Tag" in German), not "1 days" and "1 games".
func TestConsoleLimitsOfOneInTheSingular(t *testing.T) {
	text := runConsoleWith(t, bot.Options{Store: consoleStore(t), AIGamesPerUser: 1, AIGamesPerServer: 1}, []string{
		"/tafl settings vacation:1",
		"/tafl vacation",
		"/tafl ai level:easy variant:brandubh",
		"/tafl vacation days:2", // with a game to pause
		"/tafl ai level:easy variant:brandubh",
		"as bob",
		"/tafl ai level:easy variant:brandubh",
		"/tafl settings language:de",
		"/tafl vacation",
		"quit",
	})
	consoleSays(t, text,
		"vacation: **1** day a year",
		"Vacation left this year: 1d 0h of the 1 day this server allows.",
		"(the server allows 1 day): ask for less.",
		"You have 1 game against taflbot or another engine going, the most one player may have at once. Finish or resign it first",
		"This server has 1 game against taflbot or another engine going",
		"von dem 1 Tag, den dieser Server erlaubt.",
	)
	for _, bad := range []string{"1 days", "1 games", "1** days", "1 Tagen"} {
		if strings.Contains(text, bad) {
			t.Errorf("%q in:\n%s", bad, text)
		}
	}
}

// TestConsoleTitleWithTheSize: Hnefatafl 9×9's title names its size, so
// its rules, challenge and board do not add it again ("Hnefatafl 9×9
// (9×9)"); the text board says it in words as for every variant,
// "Hnefatafl, 9 by 9" (not "Hnefatafl 9×9, 9 by 9"); other variants
// keep theirs ("Brandubh (7×7)").
func TestConsoleTitleWithTheSize(t *testing.T) {
	text := runConsole(t, consoleStore(t), 0, []string{
		"/tafl rules variant:hnefatafl-9",
		"/tafl challenge opponent:bob variant:hnefatafl-9 side:attackers",
		"as bob", "click Accept",
		"/tafl board text:True",
		"/tafl rules variant:brandubh",
		"quit",
	})
	consoleSays(t, text,
		"Hnefatafl 9×9 (hnefatafl-9)\n",
		"The start position of Hnefatafl 9×9: 16 attackers",
		"Board of game 1, Hnefatafl 9×9, alice (attackers) against bob (defenders).",
		"Game 1, Hnefatafl, 9 by 9: alice plays the attackers, bob the defenders.",
		"The start position of Brandubh (7×7): 8 attackers",
	)
	for _, bad := range []string{"9×9 (9×9)", "9×9, 9 by 9", "hnefatafl-9, 9×9"} {
		if strings.Contains(text, bad) {
			t.Errorf("%q in:\n%s", bad, text)
		}
	}
}

// TestConsoleLayoutNamed: a game, challenge or puzzle of a variant with
// several layouts names its layout as /tafl rules does
// ("tawlbwrdd/lewis-cross"), in the challenge, the game's header, the
// games list and the puzzle's header.
func TestConsoleLayoutNamed(t *testing.T) {
	text := runConsole(t, consoleStore(t), 0, []string{
		"/tafl challenge opponent:bob variant:tawlbwrdd/lewis-cross side:attackers",
		"as bob", "click Accept",
		"/tafl games",
		"/tafl puzzle variant:tawlbwrdd",
		"quit",
	})
	consoleSays(t, text,
		"@alice challenges @bob to **tawlbwrdd/lewis-cross** (11×11)",
		"**Game 1** · tawlbwrdd/lewis-cross · @alice (attackers) vs @bob (defenders)",
		"• #1 tawlbwrdd/lewis-cross · @alice vs @bob",
		"· tawlbwrdd/lewis · rated ",
	)
}

// TestConsoleBoardOfTheGameThatEndedLast: with no game in progress, /tafl
// board and /tafl history show the game /tafl move names as the one that
// ended last, even when a newer game ended before it (an older game
// aborted after a newer one).
func TestConsoleBoardOfTheGameThatEndedLast(t *testing.T) {
	text := runConsoleWith(t, bot.Options{}, []string{
		"/tafl challenge opponent:bob variant:brandubh side:attackers",
		"as bob", "click Accept",
		"as alice", "/tafl challenge opponent:carol variant:tablut side:attackers",
		"as carol", "click Accept",
		"/tafl resign", "click Yes, abort", // game 2 ends first
		"as bob", "/tafl resign", "click Yes, abort", // then game 1
		"as alice", "/tafl move d2-c2",
		"/tafl board",
		"quit",
	})
	if want := "[to alice] (only you) Game 1 is over ("; !strings.Contains(text, want) {
		t.Fatalf("the console lacks %q:\n%s", want, text)
	}
	_, board, _ := strings.Cut(text, "[to alice] (only you) Game 1 is over (")
	if !strings.Contains(board, "**Game 1** · brandubh") || strings.Contains(board, "**Game 2**") {
		t.Errorf("/tafl board after game 1 ended last shows:\n%s", text)
	}
}

// TestConsoleOlderDatabase: a database of older console runs gave names
// ids in order of appearance (1000, 1001, …); a name its games give one id
// keeps it, so that "as alice" plays her own game there (with ids from the
// name alone she was a stranger to it).
func TestConsoleOlderDatabase(t *testing.T) {
	st := consoleStore(t)
	g, err := storage.NewGame("brandubh", "")
	if err != nil {
		t.Fatal(err)
	}
	g.GuildID, g.ChannelID = "1", "2" // the console's server and channel
	g.Attackers, g.Defenders = storage.Seat{UserID: "1000", Name: "alice"}, storage.Seat{UserID: "1001", Name: "bob"}
	if err := st.CreateGame(t.Context(), g); err != nil {
		t.Fatal(err)
	}
	text := runConsole(t, st, 0, []string{"/tafl move d2-c2", "quit"})
	if !strings.Contains(text, "Last moves: 1. d2-c2") {
		t.Errorf("alice's move in her game of an older run:\n%s", text)
	}
}

// TestConsoleLevelInTheUsersLanguage: the engine's level reads as the
// level option's choice does in the game's language ("taflbot
// (keskitaso)" in Finnish); it was English ("medium") in every language.
func TestConsoleLevelInTheUsersLanguage(t *testing.T) {
	text := runConsole(t, consoleStore(t), 0, []string{
		"/tafl settings language:fi",
		"/tafl ai level:medium variant:brandubh side:defenders",
		"quit",
	})
	consoleSays(t, text, "tasolla **keskitaso**", "taflbot (keskitaso)")
	if strings.Contains(text, "medium") {
		t.Errorf("the level in English:\n%s", text)
	}
}

// TestConsoleTakesTheNamesItShows: after /tafl settings language:da the
// texts name the options and choices as Discord shows them in Danish
// (`handling:opret`), and the console takes those names as Discord
// would — subcommand, option and choice, a choice of two words without
// quotes — while a user without a language of their own types the
// English ones.
func TestConsoleTakesTheNamesItShows(t *testing.T) {
	out := runConsoleWith(t, bot.Options{}, []string{
		"/tafl settings language:da",
		"/tafl tournament handling:stilling",
		"/tafl turnering handling:opret navn:Vinter format:alle-mod-alle",
		"/tafl tournament handling:deltag", // withdrawing before the start: sign off instead
		"/tafl tournament handling:træk dig",
		`/tafl tournament handling:"træk dig"`,
		"as bob",
		"/tafl tournament action:join",
		"/tafl tournament handling:forlad",
		"quit",
	})
	consoleSays(t, out,
		"En administrator opretter en med `/tafl tournament` `handling:opret` `navn:…`.",
		"**Vinter** (turnering 1): alle-mod-alle",
		"brug `handling:forlad` for at melde dig fra",
		`/tafl tournament has no option "handling"`)
	if n := strings.Count(out, "brug `handling:forlad` for at melde dig fra"); n != 2 {
		t.Errorf("withdraw, typed with and without quotes, answered %d times:\n%s", n, out)
	}
	if strings.Count(out, "has no option") != 1 {
		t.Errorf("the console refused a Danish name of alice's:\n%s", out)
	}
}

// TestConsoleEmbedOnlyReply: a reply of an embed alone (/tafl help)
// starts on the line of "[to alice] (only you)", with no empty line.
func TestConsoleEmbedOnlyReply(t *testing.T) {
	out := runConsoleWith(t, bot.Options{}, []string{"/tafl help", "quit"})
	consoleSays(t, out, "[to alice] (only you) **How to play tafl**\n")
	if strings.Contains(out, "(only you) \n") {
		t.Errorf("an empty line before the embed:\n%s", out)
	}
}

// TestConsoleStartsOverADamagedGame: the console learns its players'
// names from the games' seats only, without replaying them: a game whose
// move list is damaged does not stop it from starting (it refused to
// start, "storage: load game …: move 1 …"), and the names of the other
// games are still learned.
func TestConsoleStartsOverADamagedGame(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t.db")
	st, err := storage.Open(path, storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	for range 2 {
		g, err := storage.NewGame("brandubh", "")
		if err != nil {
			t.Fatal(err)
		}
		g.GuildID, g.ChannelID = "1", "2" // the console's server and channel
		g.Attackers, g.Defenders = storage.Seat{UserID: "1000", Name: "alice"}, storage.Seat{UserID: "1001", Name: "bob"}
		if err := st.CreateGame(t.Context(), g); err != nil {
			t.Fatal(err)
		}
	}
	st.Close()
	bad := `{"id":2,"variant":"brandubh","guild":"1","channel":"2","attackers":{"user":"1000","name":"alice"},"defenders":{"user":"1001","name":"bob"},"moves":["a1-a2"],"result":"ongoing"}`
	if err := dbfault.Put(path, "games", binary.BigEndian.AppendUint64(nil, 2), []byte(bad)); err != nil {
		t.Fatal(err)
	}
	st, err = storage.Open(path, storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	text := runConsole(t, st, 0, []string{"/tafl move d2-c2 game:1", "quit"})
	consoleSays(t, text, "Last moves: 1. d2-c2")
}

// TestConsoleMessageLinksAndTrailingNewlines: the console printed a link
// to a message as Discord's address of a message it never had
// ("https://discord.com/channels/1/2/console-original"), and a message
// whose text ends in a newline (a finished board, the games list) with a
// blank line under it, which Discord trims. A link names the channel
// (#console), and no message ends in a blank line.
func TestConsoleMessageLinksAndTrailingNewlines(t *testing.T) {
	text := runConsole(t, consoleStore(t), 0, []string{
		"/tafl challenge opponent:bob variant:brandubh",
		"/tafl challenge opponent:bob variant:brandubh",
		"as bob",
		"click Accept",
		"/tafl games",
		"/tafl resign",
		"click Yes, abort",
		"/tafl board",
	})
	consoleSays(t, text, "You have challenged @bob already: #console (it expires", "**Games of @bob**", "**Aborted**")
	if strings.Contains(text, "discord.com/channels") {
		t.Errorf("the console prints a Discord link:\n%s", text)
	}
	for i, line := range strings.Split(text, "\n") {
		if strings.TrimSpace(line) == "" && line != "" {
			t.Errorf("line %d is blank: %q\n%s", i+1, line, text)
		}
	}
}

// TestConsoleBoardListsFinishedGames: /tafl board shows finished games
// (by number, or the one that ended last), so its game option lists them
// as /tafl history's does, and a number it cannot find points to that
// list, not to /tafl games, which has only games in progress. The game
// option of the commands that play (move, resign, draw) keeps to games
// in progress, and that of /tafl analyse to finished games.
func TestConsoleBoardListsFinishedGames(t *testing.T) {
	text := runConsoleWith(t, bot.Options{}, []string{
		"/tafl challenge opponent:bob variant:brandubh side:attackers",
		"as bob", "click Accept",
		"as alice", "/tafl move move:d6-e6",
		"as bob", "/tafl move move:c4-c5", "/tafl resign", `click "Yes, resign"`,
		"complete /tafl board game:", "complete /tafl history game:", "complete /tafl resign game:",
		"/tafl board game:99", "/tafl board game:abc",
		"/tafl challenge opponent:alice variant:tablut", "as alice", "click Accept",
		"complete /tafl analyse game:", "complete /tafl board game:",
		"quit",
	})
	consoleSays(t, text,
		"[to bob] choices: #1 brandubh vs alice · Attackers win · resignation\n[to bob] choices: #1 brandubh vs alice · Attackers win · resignation\n[to bob] choices: \n",
		"[to bob] (only you) I can't find game 99. Start typing in the `game` option for a list of your games, finished ones too.",
		"[to bob] (only you) `abc` is not a game number: pick a game from the list.\n",
		// /tafl analyse reviews only finished games: game 2, in
		// progress, is in the list of /tafl board, not of /tafl analyse.
		"[to alice] choices: #1 brandubh vs bob · Attackers win · resignation\n[to alice] choices: #2 tablut vs bob",
	)
	if strings.Contains(text, "`/tafl games` lists yours") {
		t.Errorf("/tafl board still points to /tafl games for a game it cannot find:\n%s", text)
	}
}

// TestConsoleShowCommandsWithNoGameAtAll: /tafl history and /tafl board
// show finished games too, so someone with no game at all is not told
// only that none is in progress; and a game number /tafl history or
// /tafl analyse cannot find points to the game option's list, which
// has finished games, not to /tafl games, which has none.
func TestConsoleShowCommandsWithNoGameAtAll(t *testing.T) {
	text := runConsoleWith(t, bot.Options{}, []string{
		"as carol", "/tafl history", "/tafl board",
		"/tafl analyse game:99", "/tafl history game:99",
		"quit",
	})
	consoleSays(t, text,
		"[to carol] (only you) You have no game here, in progress or finished. Start one with `/tafl challenge` or `/tafl ai`.",
		"[to carol] (only you) I can't find game 99. Start typing in the `game` option for a list of your games, finished ones too.",
	)
	if strings.Contains(text, "no game in progress") || strings.Contains(text, "`/tafl games` lists yours") {
		t.Errorf("the old answers remain:\n%s", text)
	}
}

// TestConsoleMistypedChoice: a choice option's value that is none of its
// choices is refused as Discord's picker would show them, in the reader's
// language ("aktion must be one of: anlegen, beitreten, …"), and nothing
// runs; it went to the command, which answered with the English values.
func TestConsoleMistypedChoice(t *testing.T) {
	text := runConsole(t, consoleStore(t), 0, []string{
		"/tafl tournament action:craete",
		"/tafl settings language:de",
		"/tafl turnier aktion:anlegn name:Pokal",
		"/tafl ai stufe:leict",
		"/tafl tournament aktion:anlegen name:Pokal",
		"quit",
	})
	consoleSays(t, text,
		"action must be one of: create, join, leave, start, withdraw, standings, cancel\n",
		"aktion must be one of: anlegen, beitreten, verlassen, starten, zurückziehen, Tabelle, absagen\n",
		"stufe must be one of: leicht, mittel, schwer, maximal\n",
		"🏆 **Pokal** (Turnier 1)", // the choice typed right still works
	)
	for _, bad := range []string{"create, join, leave, start, withdraw, standings, cancel.", "easy, medium, hard oder max", "Turnier 2"} {
		if strings.Contains(text, bad) {
			t.Errorf("%q in:\n%s", bad, text)
		}
	}
}

// TestConsoleOpponentMention: a user option typed as Discord writes a
// mention, opponent:<@bob>, is the user bob (it made a user named
// "<@bob>"), and the bot's own name is a bot, refused as an opponent with
// the words the bot has for challenging a bot (it was an ordinary user).
func TestConsoleOpponentMention(t *testing.T) {
	out := runConsoleWith(t, bot.Options{}, []string{
		"/tafl challenge opponent:<@bob> variant:brandubh",
		"/tafl challenge opponent:taflbot variant:brandubh",
		"/tafl challenge opponent:<@!taflbot> variant:tablut",
		"/tafl stats user:<@bob>",
		"quit"})
	consoleSays(t, out, "@alice challenges @bob to **brandubh**", "@bob has not finished a game here yet")
	if n := strings.Count(out, "Bots can't play. To play me, use `/tafl ai`."); n != 2 {
		t.Errorf("the bot's name refused %d times, want 2:\n%s", n, out)
	}
	if strings.Contains(out, "<@bob>") || strings.Contains(out, "challenges @taflbot") || strings.Contains(out, "**tablut**") {
		t.Errorf("a mention read as a name, or the bot challenged:\n%s", out)
	}
}

// TestConsoleShowsFilesAsFiles: the console showed every attachment as
// "[picture: …]", the game record (.otg) and the text board (.txt) too;
// those are shown as "[file: …]", the pictures as before with their alt
// text.
func TestConsoleShowsFilesAsFiles(t *testing.T) {
	out := runConsole(t, consoleStore(t), 0, []string{
		"/tafl challenge opponent:bob variant:brandubh side:attackers",
		"as bob", "click Accept",
		"as alice", "/tafl move move:b4-b6",
		"/tafl resign", `click "Yes, resign"`,
		"/tafl history",
	})
	if regexp.MustCompile(`\[picture: [^\]]*\.otg`).MatchString(out) {
		t.Errorf("the record is shown as a picture:\n%s", out)
	}
	if !regexp.MustCompile(`\[file: [^\]]*-game-1\.otg\]`).MatchString(out) || !regexp.MustCompile(`\[picture: [^\]]*-game-1\.gif — Animated replay of game 1`).MatchString(out) {
		t.Errorf("want the record as a file and the replay as a picture:\n%s", out)
	}
}

// TestConsoleNumbersOnInAFolderInUse: a second run in the same boards
// folder numbered its files from 001 again, mixing them with the first
// run's (two 002-… files) and overwriting any of the same name; it
// numbers on from the highest number there.
func TestConsoleNumbersOnInAFolderInUse(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "boards")
	st := consoleStore(t)
	run := func(opponent string) string {
		var out bytes.Buffer
		cr := bot.NewConsoleREST(&out, dir)
		b, err := bot.New(bot.Options{Store: st, REST: cr, Engine: bot.AIEngine{}, Now: cr.Now, Render: render.Options{Size: 160}})
		if err != nil {
			t.Fatal(err)
		}
		script := "/tafl challenge opponent:" + opponent + " variant:brandubh\nquit\n"
		if err := bot.Console(t.Context(), b, cr, strings.NewReader(script)); err != nil {
			t.Fatal(err)
		}
		b.Stop(10 * time.Second)
		return out.String()
	}
	consoleSays(t, run("bob"), "[picture: "+filepath.Join(dir, "001-challenge-1.png"))
	consoleSays(t, run("carol"), "[picture: "+filepath.Join(dir, "002-challenge-2.png"))
	if entries, err := os.ReadDir(dir); err != nil || len(entries) != 2 {
		t.Errorf("the folder holds %d files (%v), want 2", len(entries), err)
	}
}

// TestConsoleFullWidthNumbers: a game or tournament number typed with
// the full-width digits of a Chinese or Japanese keyboard (１), which
// the option's autocomplete reads as 1 and offers game 1 for, was
// refused when sent as typed: "`１` is not a game number".
func TestConsoleFullWidthNumbers(t *testing.T) {
	text := runConsoleWith(t, bot.Options{}, []string{
		"/tafl ai level:easy variant:brandubh side:attackers",
		"/tafl tournament action:create name:Cup",
		"complete /tafl board game:１",
		"/tafl board game:１",
		"/tafl tournament action:join tournament:＃１",
		"quit",
	})
	consoleSays(t, text,
		"[to alice] choices: #1 brandubh vs taflbot (easy)",
		"[taflbot] **Game 1** · brandubh · @alice (attackers) vs taflbot (easy) (defenders)\n    @alice to move",
		"[to alice] (only you) You joined **Cup** (1 player).")
	if strings.Contains(text, "not a game number") || strings.Contains(text, "No tournament") {
		t.Errorf("a full-width number refused:\n%s", text)
	}
}

// TestConsoleFullWidthGameNumber: the game option reads the full-width
// digits (and ＃) of Chinese and Japanese keyboards as ASCII ones, as a
// move does, in every command that takes it: `１` was "not a game number".
func TestConsoleFullWidthGameNumber(t *testing.T) {
	text := runConsoleWith(t, bot.Options{}, []string{
		"/tafl challenge opponent:bob variant:brandubh side:attackers",
		"as bob", "click Accept",
		"as alice", "/tafl move move:d6-e6",
		"as bob", "/tafl move game:１ move:c4-c5",
		"as alice", "/tafl board game:＃１",
		"as bob", "/tafl resign game:１", `click "Yes, resign"`,
		"/tafl history game:１２",
		"quit",
	})
	consoleSays(t, text,
		"[taflbot] **Game 1** · brandubh · @alice (attackers) vs @bob (defenders)\n    Last moves: 1. d6-e6 c4-c5",
		"[to bob] (only you) Resign game 1? This cannot be undone.",
		"[to bob] (only you) I can't find game 12.",
	)
	if strings.Contains(text, "is not a game number") {
		t.Errorf("a full-width game number was refused:\n%s", text)
	}
}

// TestConsoleStopsOnInterrupt: Ctrl-C (SIGINT, or SIGTERM) cancels the
// console's context, but the console waited on for its next line, a read
// from the terminal that nothing interrupts, and before it for the
// engine's move, so that it ignored Ctrl-C and only 'quit' or the end of
// input stopped it. It stops at once, here while max thinks about its
// first move and no line is coming.
func TestConsoleStopsOnInterrupt(t *testing.T) {
	var out bytes.Buffer
	cr := bot.NewConsoleREST(&out, filepath.Join(t.TempDir(), "boards"))
	b, err := bot.New(bot.Options{Store: consoleStore(t), REST: cr, Engine: bot.AIEngine{}, Now: cr.Now,
		Render: render.Options{Size: 240}, AIWorkers: 2, AIMaxThink: 10 * time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	in, typed := io.Pipe() // a terminal: the next line may never come
	t.Cleanup(func() { typed.Close() })
	ctx, interrupt := context.WithCancel(t.Context())
	done := make(chan error, 1)
	go func() { done <- bot.Console(ctx, b, cr, in) }()
	if _, err := io.WriteString(typed, "/tafl ai variant:brandubh side:defenders level:max\n"); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the engine to think", func() bool { return goroutineIn("/tafl/ai.Search(") })
	interrupt()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("the console stopped by Ctrl-C returned %v, want a clean stop", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the console did not stop within 5 s of Ctrl-C")
	}
	b.Stop(10 * time.Second)
}

// TestConsoleCompletesFixedChoices: `complete` on an option with fixed
// choices (level, side, engine) printed "choices: " with none, as the
// bot answers an autocomplete it is never asked in Discord, whose client
// lists such choices itself; it prints those the picker lists for what
// was typed, in the reader's language.
func TestConsoleCompletesFixedChoices(t *testing.T) {
	text := runConsole(t, consoleStore(t), 0, []string{
		"complete /tafl ai level:e",
		"complete /tafl ai variant:brandubh level:",
		"/tafl settings language:de",
		"complete /tafl ai stufe:",
		"quit",
	})
	consoleSays(t, text,
		"[to alice] choices: easy, medium\n",
		"[to alice] choices: easy, medium, hard, max\n",
		"[to alice] choices: leicht, mittel, schwer, maximal\n")
}

// TestConsoleNoGameNumberWithNoGames: a game option that is no number
// (`/tafl board game:-1`) from a player with no games was answered "pick
// a game from the list", a list that is empty for them; it says they have
// no games to pick from and how to start one. A player with games is
// still pointed to the list.
func TestConsoleNoGameNumberWithNoGames(t *testing.T) {
	text := runConsoleWith(t, bot.Options{}, []string{
		"/tafl board game:-1", "/tafl move move:d6-e6 game:x",
		"/tafl challenge opponent:bob variant:brandubh side:attackers",
		"as bob", "click Accept",
		"as alice", "/tafl board game:-1", "/tafl draw game:x",
		"quit",
	})
	consoleSays(t, text,
		"[to alice] (only you) `-1` is not a game number, and you have no games to pick from: start one with `/tafl challenge` (in a server) or `/tafl ai`.\n",
		"[to alice] (only you) `x` is not a game number, and you have no games to pick from: start one with `/tafl challenge` (in a server) or `/tafl ai`.\n",
		"[to alice] (only you) `-1` is not a game number: pick a game from the list.\n",
		"[to alice] (only you) `x` is not a game number: pick a game from the list, or see `/tafl games`.\n",
	)
}
