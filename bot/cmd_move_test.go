package bot_test

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/bot"
	"github.com/taflbot/taflbot/storage"
	"github.com/taflbot/taflbot/tafl"
)

func TestMoveErrors(t *testing.T) {
	h := newHarness(t, nil)
	board := startGame(t, h)
	cases := []struct {
		name, user, move, want string
	}{
		{"not your turn", bob, "d4-d5", "not your turn"},
		{"not your game", carol, "d1-d2", "no game in progress"},
		{"illegal", alice, "a1-a2", "not allowed"},
		{"garbage", alice, "zz", "can't read"},
		// On her own turn, alice names the other side's pieces.
		{"opponent's piece", alice, "d3-c3", "d3 holds a defender: you play the attackers."},
		{"the king", alice, "d4-e4", "d4 holds the king: you play the attackers."},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r, rec := h.slash(c.user, "move", opt("move", c.move))
			if !isEphemeral(r) || !strings.Contains(r.Content, c.want) {
				t.Errorf("reply %q (ephemeral %v), want ephemeral containing %q", r.Content, isEphemeral(r), c.want)
			}
			if len(rec.Files) != 0 {
				t.Errorf("error reply has %d files", len(rec.Files))
			}
		})
	}
	g := gameOf(t, h, alice)
	if g.Ply() != 0 {
		t.Fatalf("a refused move was saved: ply %d", g.Ply())
	}
	// Not your game, through a button: carol presses Move.
	if r, _ := h.click(carol, customIDs(board.Components)["Move"], false); !strings.Contains(r.Content, "not playing") {
		t.Errorf("carol's Move click: %q", r.Content)
	}
	// A stale button: the board before alice's move.
	moves := g.Tafl().LegalMoves()
	if r, _ := h.slash(alice, "move", opt("move", moves[0].String())); isEphemeral(r) {
		t.Fatal(r.Content)
	}
	r, _ := h.click(bob, customIDs(board.Components)["Move"], false)
	if !isEphemeral(r) || !strings.Contains(r.Content, "out of date") {
		t.Errorf("stale Move click: %q", r.Content)
	}
	if n := len(h.logs.lines(`"level":"ERROR"`)); n != 0 {
		t.Errorf("user errors logged %d Error lines:\n%s", n, h.logs.String())
	}
}

func TestDoubleClickAppliesOnce(t *testing.T) {
	h := newHarness(t, nil)
	board := startGame(t, h)
	g := gameOf(t, h, alice)
	m := g.Tafl().LegalMoves()[0]
	r, _ := h.click(alice, customIDs(board.Components)["Move"], false)
	r, _ = h.click(alice, customIDs(r.Components)["select"], true, m.From().String())
	target := customIDs(r.Components)["select"]
	const clicks = 8
	var wg sync.WaitGroup
	replies := make([]*resp, clicks)
	for i := range clicks {
		wg.Add(1)
		go func() {
			defer wg.Done()
			replies[i], _ = h.click(alice, target, true, m.To().String())
		}()
	}
	wg.Wait()
	played, stale := 0, 0
	for _, r := range replies {
		switch {
		case strings.Contains(r.Content, "You played"):
			played++
		case strings.Contains(r.Content, "out of date"):
			stale++
		default:
			t.Errorf("unexpected reply %q", r.Content)
		}
	}
	if played != 1 || stale != clicks-1 {
		t.Errorf("%d played, %d stale; want 1 and %d", played, stale, clicks-1)
	}
	if g := gameOf(t, h, alice); g.Ply() != 1 {
		t.Errorf("game at ply %d after %d clicks, want 1", g.Ply(), clicks)
	}
}

func TestAutocomplete(t *testing.T) {
	h := newHarness(t, nil)
	startGame(t, h)
	auto := func(user string, opts ...*discordgo.ApplicationCommandInteractionDataOption) []*discordgo.ApplicationCommandOptionChoice {
		t.Helper()
		in := h.slashInteraction(user, "move", opts...)
		in.Type = discordgo.InteractionApplicationCommandAutocomplete
		h.bot.HandleGateway(t.Context(), in)
		r, _ := h.fake.callback(t, in.ID)
		if r.Type != discordgo.InteractionApplicationCommandAutocompleteResult {
			t.Fatalf("autocomplete reply type %d", r.Type)
		}
		return r.Choices
	}
	focused := func(name, v string) *discordgo.ApplicationCommandInteractionDataOption {
		o := opt(name, v)
		o.Focused = true
		return o
	}
	g := gameOf(t, h, alice)
	legal := map[string]bool{}
	for _, m := range g.Tafl().LegalMoves() {
		legal[m.String()] = true
	}
	all := auto(alice, focused("move", ""))
	if len(all) == 0 || len(all) > 25 {
		t.Fatalf("%d choices, want 1..25", len(all))
	}
	for _, c := range all {
		if !legal[c.Value.(string)] {
			t.Errorf("choice %v is not a legal move", c.Value)
		}
	}
	d := auto(alice, focused("move", "d2"))
	want := 0
	for m := range legal {
		if strings.HasPrefix(m, "d2") {
			want++
		}
	}
	if len(d) != want {
		t.Errorf("%d choices for d2, want %d", len(d), want)
	}
	if got := auto(bob, focused("move", "")); len(got) != 0 {
		t.Errorf("bob, not to move, got %d move choices", len(got))
	}
	if got := auto(carol, focused("move", "")); len(got) != 0 {
		t.Errorf("carol, with no game, got %d move choices", len(got))
	}
	games := auto(alice, focused("game", ""))
	if len(games) != 1 || games[0].Value != g.ID.String() || !strings.Contains(games[0].Name, "your turn") {
		t.Errorf("game choices %+v", games)
	}
	vars := auto(alice, focused("variant", "tabl"))
	if len(vars) < 2 {
		t.Errorf("variant choices for tabl: %+v", vars)
	}
	for _, c := range vars {
		if !strings.Contains(c.Value.(string), "tabl") {
			t.Errorf("variant choice %v does not match", c.Value)
		}
	}
}

// TestAutocompleteHelpOnlyInEngineGames: the move autocomplete says which
// moves capture or win (and puts them first) only in games against the
// engine; between people it lists the moves in board order, in plain
// notation, in every mode.
func TestAutocompleteHelpOnlyInEngineGames(t *testing.T) {
	eachMode(t, func(t *testing.T, d driver) {
		g := startHumanGame(t, d, "brandubh")
		d.do(t, "alice", "/tafl move move:g4-g5")
		d.do(t, "bob", "/tafl move move:d5-b5") // now d6-b6 captures b5
		v := d.do(t, "alice", "complete /tafl move move:")
		if strings.Contains(v.text, "captures") || strings.Contains(v.text, "wins") {
			t.Errorf("a game between people: the autocomplete helps:\n%s", v.text)
		}
		g = waitPlyOf(t, d, g.ID, 2)
		var want []string
		for _, m := range g.Tafl().LegalMoves()[:25] {
			want = append(want, m.String())
		}
		if !strings.Contains(v.text, "choices: "+strings.Join(want, ", ")) {
			t.Errorf("choices %s, want the legal moves in board order: %s", v.text, strings.Join(want, ", "))
		}

		// Against the engine (a custom start where carol's e1-e3 takes
		// d3 at once): labels say what a move does.
		d.do(t, "carol", `/tafl ai side:attackers level:easy variant:"dim:7 start:/4t2/7/2tT3/3K3/7/7/7/"`)
		v = d.do(t, "carol", "complete /tafl move move:e1")
		if !strings.Contains(v.text, "e1-e3 (captures 1)") {
			t.Errorf("an engine game: the capture e1-e3 is not marked: %s", v.text)
		}

		// A casual game between people: no help until the server allows it
		// (settings casual_help), and then only there, not in rated games.
		d.do(t, "alice", `/tafl challenge opponent:bob side:attackers casual:true variant:"dim:7 start:/4t2/7/2tT3/3K3/7/7/7/"`)
		d.do(t, "bob", "click Accept")
		casual := activeGameWhere(t, d, "alice", func(g *storage.Game) bool { return g.Casual })
		complete := fmt.Sprintf("complete /tafl move game:%d move:e1", casual.ID)
		if v := d.do(t, "alice", complete); strings.Contains(v.text, "captures") || !strings.Contains(v.text, "e1-e3") {
			t.Errorf("a casual game, help not allowed: %s", v.text)
		}
		if v := d.do(t, "alice", "/tafl settings casual_help:true"); !strings.Contains(v.text, "autocomplete help in casual games") {
			t.Errorf("the setting: %s", v.text)
		}
		if v := d.do(t, "alice", complete); !strings.Contains(v.text, "e1-e3 (captures 1)") {
			t.Errorf("a casual game, help allowed: %s", v.text)
		}
		if v := d.do(t, "alice", fmt.Sprintf("complete /tafl move game:%d move:", g.ID)); strings.Contains(v.text, "captures") {
			t.Errorf("a rated game with casual help allowed: the autocomplete helps:\n%s", v.text)
		}
	})
}

// activeGameWhere returns user's one active game for which ok holds.
func activeGameWhere(t *testing.T, d driver, user string, ok func(*storage.Game) bool) *storage.Game {
	t.Helper()
	games, err := d.store().GamesByPlayer(t.Context(), d.userID(user), storage.GameFilter{ActiveOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	var found *storage.Game
	for _, g := range games {
		if ok(g) {
			if found != nil {
				t.Fatalf("%s has two such games: %d and %d", user, found.ID, g.ID)
			}
			found = g
		}
	}
	if found == nil {
		t.Fatalf("%s has no such game among %d", user, len(games))
	}
	return found
}

// TestAskedOnceWhichGame: with several games in one channel, a move goes
// to the only game where it is the player's turn; when that does not
// decide, the bot asks once with a menu, plays the move in the game
// picked and remembers the choice for the channel.
func TestAskedOnceWhichGame(t *testing.T) {
	eachMode(t, func(t *testing.T, d driver) {
		g1 := startHumanGame(t, d, "brandubh")
		d.do(t, "alice", "/tafl challenge opponent:bob side:attackers variant:brandubh")
		d.do(t, "bob", "click Accept")
		games, err := d.store().GamesByPlayer(t.Context(), d.userID("alice"), storage.GameFilter{ActiveOnly: true})
		if err != nil || len(games) != 2 {
			t.Fatalf("%d games, %v", len(games), err)
		}
		g2 := games[0]
		if g2.ID == g1.ID {
			g2 = games[1]
		}
		// Alice is to move in both: asked which.
		v := d.do(t, "alice", "/tafl move move:d2-c2")
		if !strings.Contains(v.text, "Which game is d2-c2 for?") {
			t.Fatalf("a move with two games to play: %s", v.text)
		}
		v = d.do(t, "alice", "select "+g2.ID.String())
		if !strings.Contains(v.text, fmt.Sprintf("**Game %d**", g2.ID)) || !strings.Contains(v.text, "Last moves: 1. d2-c2") {
			t.Errorf("after picking game %d: %s", g2.ID, v.text)
		}
		// Now only game 1 is alice's turn: no question.
		v = d.do(t, "alice", "/tafl move move:d2-c2")
		if !strings.Contains(v.text, fmt.Sprintf("**Game %d**", g1.ID)) || strings.Contains(v.text, "Which game") {
			t.Errorf("the move went: %s", v.text)
		}
		// Showing a board: the game picked last in this channel.
		v = d.do(t, "alice", "/tafl board")
		if !strings.Contains(v.text, fmt.Sprintf("**Game %d**", g2.ID)) {
			t.Errorf("/tafl board showed: %s", v.text)
		}
	})
}

// TestAutocompleteKingMovesWithK: the autocomplete writes the king's
// moves with their K (Kd4-d3), and a player who types them so (K, kd,
// Kd4) is offered them, not an empty list.
func TestAutocompleteKingMovesWithK(t *testing.T) {
	text := runConsole(t, consoleStore(t), 0, []string{
		"/tafl challenge opponent:bob variant:brandubh side:defenders",
		"as bob", "click Accept", "/tafl move d2-c2",
		"as alice", "/tafl move d3-e3",
		"as bob", "/tafl move c2-d2",
		"as alice",
		"complete /tafl move move:d4",
		"complete /tafl move move:K",
		"complete /tafl move move:kd",
		"complete /tafl move move:Kd4-d",
		"quit",
	})
	if n := strings.Count(text, "choices: Kd4-d3\n"); n != 4 {
		t.Errorf("%d of 4 autocompletes offered the king's one move Kd4-d3:\n%s", n, text)
	}
}

// TestMoveWithLookalikeCharacters: a phone's autocorrection writes d1-d4
// with a dash (d1–d4) and a Chinese or Japanese keyboard in full-width
// letters (ｄ１-ｄ４); the move was refused with "the two squares of a move
// are joined by '-'", which the player believed they had written. Both
// are read as the move, and so is one with a zero-width or other
// formatting character in it (d2\u200b-c2), which shows as d2-c2.
func TestMoveWithLookalikeCharacters(t *testing.T) {
	h := newHarness(t, nil)
	startGame(t, h)
	full := func(s string) string {
		return strings.Map(func(r rune) rune {
			if r > ' ' && r <= '~' {
				return r + 0xFEE0
			}
			return r
		}, s)
	}
	for i, write := range []func(string) string{
		func(m string) string { return strings.Replace(m, "-", "–", 1) }, // en dash
		full,
		func(m string) string { return strings.Replace(m, "-", "−", 1) }, // minus sign
		// Zero-width and formatting characters, invisible where the move
		// was copied from (the refusal said the squares are joined by '-').
		func(m string) string { return strings.Replace(m, "-", "\u200b-", 1) },            // zero-width space
		func(m string) string { return "\ufeff" + strings.Replace(m, "-", "-\u2060", 1) }, // byte order mark, word joiner
		func(m string) string { return strings.Replace(m, "-", "\u200d-\u00ad", 1) },      // zero-width joiner, soft hyphen
	} {
		g := gameOf(t, h, alice)
		user := alice
		if g.Tafl().ToMove() != g.SideOf(alice) {
			user = bob
		}
		text := write(g.Tafl().LegalMoves()[0].String())
		if r, _ := h.slash(user, "move", opt("move", text)); isEphemeral(r) {
			t.Fatalf("%q refused: %s", text, r.Content)
		}
		if g := gameOf(t, h, alice); g.Ply() != i+1 {
			t.Fatalf("after %q the game is at ply %d, want %d", text, g.Ply(), i+1)
		}
	}
}

// TestMoveRefusedNamesItsGame: with several games going, a /tafl move
// without a game option that the rules refuse says which game it was
// tried in and, when the move is legal in another of the player's games,
// names that game: with the game option to add when it is their move
// there, or that it is not their move there. Before, the refusal ("there
// is no piece on c2") named no game. A player with one game, or who named
// the game, gets the refusal alone.
func TestMoveRefusedNamesItsGame(t *testing.T) {
	text := runConsole(t, consoleStore(t), 0, []string{
		"/tafl challenge opponent:bob variant:brandubh side:attackers",
		"as bob", "click Accept",
		"as alice", "/tafl move e3-f3", // one game: the refusal alone
		"as bob", "/tafl challenge opponent:alice variant:tablut side:attackers",
		"as alice", "click Accept",
		// Both are alice's move; game 1 is the one she last chose here.
		"/tafl board game:1",
		"/tafl move e3-f3", // tablut's, tried in brandubh
		"/tafl move move:e3-f3 game:1",
		"/tafl move move:d2-c2 game:1",
		// Now only game 2 is her move: c2-c3 goes there.
		"/tafl move c2-c3",
		"quit",
	})
	consoleSays(t, text,
		"[to alice] (only you) That move is not allowed: e3-f3: there is no piece on e3. Pick one",
		"[to alice] (only you) In game 1 (brandubh vs bob): That move is not allowed: e3-f3: there is no piece on e3. Pick one from the `move` list, or use the **Move** button.\n    `e3-f3` is legal in game 2 (tablut vs bob): add `game:2` to play it there.",
		"[to alice] (only you) In game 2 (tablut vs bob): That move is not allowed: c2-c3: there is no piece on c2. Pick one from the `move` list, or use the **Move** button.\n    `c2-c3` would be legal in game 1 (brandubh vs bob), but it is not your move there.",
	)
	if n := strings.Count(text, "[to alice] (only you) That move is not allowed: e3-f3: there is no piece on e3."); n != 2 {
		t.Errorf("%d refusals of e3-f3 without a game, want 2 (one game; game:1 given):\n%s", n, text)
	}
}

// TestMoveChoicesInSquareOrder: on a board of ten ranks or more the move
// autocomplete listed a14-a10 … a14-a16 before a14-a7, and a14's moves
// before a3's (the names sorted as text); ranks go by number.
func TestMoveChoicesInSquareOrder(t *testing.T) {
	out := runConsole(t, consoleStore(t), 0, []string{
		"/tafl ai variant:alea-evangelii level:easy side:attackers",
		"complete /tafl move move:",
		"complete /tafl move move:a14",
	})
	consoleSays(t, out,
		"choices: a3-a4, a3-a5, a3-b3, a3-c3, a3-d3, a3-e3, a6-a4, a6-a5, a6-a7,",
		"choices: a14-a7, a14-a8, a14-a9, a14-a10, a14-a11, a14-a12, a14-a13, a14-a15, a14-a16, a14-b14\n")
}

// TestGamePickerSaysWhatItLeavesOut: a select menu holds 25 options, so
// the "Which game?" menu of a player with more games here listed 25 of
// them and said nothing of the others, which it offered no way to reach;
// it says that the `game` option reaches them.
func TestGamePickerSaysWhatItLeavesOut(t *testing.T) {
	var script []string
	for range 26 {
		script = append(script, "as alice", "/tafl challenge opponent:bob variant:brandubh side:attackers", "as bob", "click Accept")
	}
	script = append(script, "as alice", "/tafl board")
	text := runConsole(t, consoleStore(t), 0, script)
	_, ask, ok := strings.Cut(text, "[to alice] (only you) Which game?")
	if !ok {
		t.Fatalf("/tafl board with 26 games asked nothing:\n%s", text)
	}
	consoleSays(t, ask, "The menu lists 25 of your games here: for another, use the `game` option (start typing for a list).")
	_, menu, _ := strings.Cut(ask, "menu: ")
	menu, _, _ = strings.Cut(menu, "\n")
	if n := len(strings.Fields(menu)); n != 25 {
		t.Errorf("the menu lists %d games, want 25: %s", n, menu)
	}
}

// TestGameAutocompleteNumberFirst: typing a game's number listed the
// games in the store's order (newest first), so `game:1` offered #21 and
// #19 … #10 above #1. The game of that number comes first, then the
// numbers it begins in ascending order, then the others that match.
func TestGameAutocompleteNumberFirst(t *testing.T) {
	h := newHarness(t, nil)
	h.adjust = func(o *bot.Options) { o.AIGamesPerUser = 21 }
	h.restart()
	for range 21 {
		h.slash(alice, "ai", opt("variant", "brandubh"), opt("side", "attackers"), opt("level", "easy"))
	}
	ids := func(typed string) []string {
		t.Helper()
		o := opt("game", typed)
		o.Focused = true
		in := h.slashInteraction(alice, "board", o)
		in.Type = discordgo.InteractionApplicationCommandAutocomplete
		h.bot.HandleGateway(t.Context(), in)
		r, _ := h.fake.callback(t, in.ID)
		var out []string
		for _, c := range r.Choices {
			out = append(out, c.Value.(string))
		}
		return out
	}
	want := []string{"1", "10", "11", "12", "13", "14", "15", "16", "17", "18", "19", "21"}
	if got := ids("1"); !slices.Equal(got, want) {
		t.Errorf("game:1 lists %v, want %v", got, want)
	}
	if got := ids("#1"); !slices.Equal(got, want[:11]) { // "#21" does not hold "#1"
		t.Errorf("game:#1 lists %v, want %v", got, want[:11])
	}
	if got := ids("2"); !slices.Equal(got, []string{"2", "20", "21", "12"}) {
		t.Errorf("game:2 lists %v", got)
	}
	if got := ids(""); len(got) != 21 || got[0] != "21" {
		t.Errorf("game: lists %v, want the newest first", got)
	}
}

// TestMovePlaysInTheOnlyGameWhereLegal: with two games where it is the
// player's move and none chosen, /tafl move asked "which game?" even for a
// move legal in only one of them; it plays it there and says so. A move
// legal in both still asks.
func TestMovePlaysInTheOnlyGameWhereLegal(t *testing.T) {
	text := runConsole(t, consoleStore(t), 0, []string{
		"/tafl challenge opponent:bob variant:brandubh side:attackers",
		"as bob", "click Accept",
		"as alice", "/tafl challenge opponent:carol variant:tablut side:attackers",
		"as carol", "click Accept", "/tafl move e3-c3",
		"as alice", "/tafl move d1-c1", // legal in both
		"/tafl move d2-c2", // legal in brandubh only (tablut has no piece on d2)
	})
	consoleSays(t, text,
		"[to alice] (only you) Which game is d1-c1 for?",
		"[taflbot] Played in game 1: of the games where it is this player's move, `d2-c2` is legal only there.\n    **Game 1** · brandubh",
		"Last moves: 1. d2-c2\n")
}

// TestMoveButtonNamedAsTheBoardShowsIt: a board shows its buttons in
// its game's language, but the reply refusing a typed move told the
// player to use the **Move** button in their own language, a button the
// board does not show ("use the **Move** button" under [Zug]); so did
// /tafl help of the Move, Rematch and Hint buttons. The refusal names the
// button as the game's board shows it, the help as the boards of the
// server do (its language), each in the reader's sentence.
func TestMoveButtonNamedAsTheBoardShowsIt(t *testing.T) {
	out := runConsoleWith(t, bot.Options{}, []string{
		"/tafl settings server_language:de",
		"/tafl challenge opponent:bob variant:brandubh side:defenders",
		"as bob",
		"click Annehmen",
		"/tafl move move:a1-a2",
		"/tafl help",
		"as alice",
		"/tafl settings language:de",
		"/tafl settings server_language:en",
		"/tafl challenge opponent:bob variant:brandubh side:attackers",
		"as bob",
		"click Accept",
		"as alice",
		"/tafl move move:a1-a2 game:2",
		"/tafl help",
		"quit",
	})
	consoleSays(t, out,
		"[Zug] [Remis anbieten] [Abbrechen]",
		"[to bob] (only you) That move is not allowed: a1-a2: there is no piece on a1. Pick one from the `move` list, or use the **Zug** button.",
		"(or press **Zug** under a board;",
		"**Revanche** on a finished game swaps the sides.",
		"**💡 Tipp** in games against me",
		"[Move] [Offer draw] [Abort]",
		"[to alice] (only you) Dieser Zug ist nicht erlaubt: a1-a2: auf a1 steht kein Stein. Wähle einen aus der `zug`-Liste oder nutze den Knopf **Move**.",
		"(oder **Move** unter einem Brett;",
		"**Rematch** nach dem Ende tauscht die Seiten.",
		"**💡 Hint** in Partien gegen mich",
	)
}

// TestMoveBackToFrontSuggestsTheReverse: /tafl move naming an empty
// square first, when the move the other way round is legal for the
// player, said only "there is no piece on a3"; it asks "Did you mean
// `a4-a3`?" (in the player's language), and plays nothing. Where the
// reverse is not legal either, the refusal is as before.
func TestMoveBackToFrontSuggestsTheReverse(t *testing.T) {
	store := consoleStore(t)
	text := runConsole(t, store, 0, []string{
		"/tafl challenge opponent:bob variant:brandubh side:attackers",
		"as bob", "click Accept",
		"as alice",
		"/tafl move a3-a4", // a4-a3 is legal
		"/tafl move a3-a5", // a5 is empty too
		"/tafl move a4-a3",
		"as bob", "/tafl settings language:de",
		"/tafl move c3-c4", // c4-c3 is legal
		"quit",
	})
	consoleSays(t, text,
		"[to alice] (only you) That move is not allowed: a3-a4: there is no piece on a3. Did you mean `a4-a3`?\n",
		"[to alice] (only you) That move is not allowed: a3-a5: there is no piece on a3. Pick one from the `move` list, or use the **Move** button.\n",
		"[to bob] (only you) Dieser Zug ist nicht erlaubt: c3-c4: ",
		"Meintest du `c4-c3`?\n",
	)
	if n := strings.Count(text, "Did you mean"); n != 1 {
		t.Errorf("%d suggestions, want 1:\n%s", n, text)
	}
	g, err := store.GetGame(t.Context(), 1)
	if err != nil {
		t.Fatal(err)
	}
	if g.Ply() != 1 {
		t.Errorf("game 1 is at ply %d, want 1 (a4-a3 alone)", g.Ply())
	}
}

// TestMoveThatWinsByRepetitionIsLabelled: in copenhagen a repetition loses
// for the defenders, so the attackers' move that makes a position's third
// occurrence wins for them; in a game between people (no engine help) the
// move autocomplete lists it first labelled "(wins: third repetition)", as
// it labels a losing one, and so does the Move menu's destinations; it is
// played without being asked about, and wins.
func TestMoveThatWinsByRepetitionIsLabelled(t *testing.T) {
	h := newHarness(t, nil)
	playAgainstBob(t, h, "copenhagen", "attackers", []string{"a4-a3", "d6-d5", "a3-a2", "d5-d6", "a2-a3", "d6-d5", "a3-a2", "d5-d6"}...)
	const winning = "a2-a3 (wins: third repetition)"
	ac, names := moveAutocomplete(t, h, alice, "a2")
	if len(ac.Choices) < 2 || names[0] != winning || ac.Choices[0].Value != "a2-a3" || strings.Count(strings.Join(names, "|"), "wins") != 1 {
		t.Errorf("autocomplete of a2: %q, want %q first and alone so labelled", names, winning)
	}

	labels := moveDestinations(t, h, alice, "a2")
	if !slices.Contains(labels, winning) || !slices.Contains(labels, "a2-b2") {
		t.Errorf("destinations of a2: %q, want %q among them", labels, winning)
	}

	if r, _ := h.slash(alice, "move", opt("move", "a2-a3")); isEphemeral(r) {
		t.Fatalf("/tafl move a2-a3: %q, want it played", r.Content)
	}
	h.settle()
	g, err := h.store.GetGame(t.Context(), 1)
	if err != nil {
		t.Fatal(err)
	}
	if o := g.Tafl().Outcome(); g.Active() || o.Reason != tafl.Repetition || o.Winner != tafl.Attackers {
		t.Errorf("after a2-a3: active %v, outcome %v; want the attackers' win by repetition", g.Active(), o)
	}
}

// TestMoveThatDrawsByRepetitionIsLabelled: in brandubh a position's
// third occurrence is a draw, and the move that made it was listed
// unlabelled while a winning or losing one said so. The move autocomplete
// and the Move menu label it "(draws: third repetition)"; it is played
// without a question, and the move post says the game is drawn by
// repetition (as it did before).
func TestMoveThatDrawsByRepetitionIsLabelled(t *testing.T) {
	h := newHarness(t, nil)
	playAgainstBob(t, h, "brandubh", "attackers", []string{"a4-a3", "d3-c3", "a3-a4", "c3-d3", "a4-a3", "d3-c3", "a3-a4"}...)
	const drawing = "c3-d3 (draws: third repetition)"
	_, names := moveAutocomplete(t, h, bob, "c3")
	if !slices.Contains(names, drawing) || strings.Count(strings.Join(names, "|"), "third repetition") != 1 {
		t.Errorf("autocomplete of c3: %q, want %q alone so labelled", names, drawing)
	}
	labels := moveDestinations(t, h, bob, "c3")
	if !slices.Contains(labels, drawing) || !slices.Contains(labels, "c3-c2") {
		t.Errorf("destinations of c3: %q, want %q among them", labels, drawing)
	}

	r, _ := h.slash(bob, "move", opt("move", "c3-d3"))
	if isEphemeral(r) {
		t.Fatalf("/tafl move c3-d3: %q, want it played", r.Content)
	}
	if !strings.Contains(r.Content, "**Draw** (repetition).") {
		t.Errorf("the move post: %q, want it to say %q", r.Content, "**Draw** (repetition).")
	}
	h.settle()
	g, err := h.store.GetGame(t.Context(), 1)
	if err != nil {
		t.Fatal(err)
	}
	if o := g.Tafl().Outcome(); g.Active() || o.Reason != tafl.Repetition || o.Winner != tafl.NoSide {
		t.Errorf("after c3-d3: active %v, outcome %v; want a draw by repetition", g.Active(), o)
	}
}

// TestMoveThatLosesByRepetitionIsConfirmed: in alea-evangelii the player
// whose move makes a position's third occurrence loses, and such a move
// was listed and played like any other. The move autocomplete and the
// Move menu label it "(loses: third repetition)" (the autocomplete lists
// it last), and /tafl move asks privately to confirm it: the game is
// unchanged until "Yes, play it" plays it.
func TestMoveThatLosesByRepetitionIsConfirmed(t *testing.T) {
	h := newHarness(t, nil)
	playAgainstBob(t, h, "alea-evangelii", "defenders", []string{"a3-a4", "e11-d11", "a4-a3", "d11-e11", "a3-a4", "e11-d11", "a4-a3"}...)
	const losing = "d11-e11 (loses: third repetition)"
	ac, names := moveAutocomplete(t, h, alice, "d11")
	if len(ac.Choices) == 0 || names[len(names)-1] != losing || ac.Choices[len(names)-1].Value != "d11-e11" || strings.Count(strings.Join(names, "|"), "loses") != 1 {
		t.Errorf("autocomplete of d11: %q, want %q last and alone so labelled", names, losing)
	}

	labels := moveDestinations(t, h, alice, "d11")
	if !slices.Contains(labels, losing) || !slices.Contains(labels, "d11-c11") {
		t.Errorf("destinations of d11: %q, want %q among them", labels, losing)
	}

	r, _ := h.slash(alice, "move", opt("move", "d11-e11"))
	if !isEphemeral(r) || r.Content != "`d11-e11` would repeat a position for the third time, and in game 1 that loses the game for you. Play it anyway?" {
		t.Fatalf("/tafl move d11-e11: %q (ephemeral %v)", r.Content, isEphemeral(r))
	}
	if g := gameOf(t, h, alice); g.Ply() != 7 || !g.Active() {
		t.Fatalf("asked to confirm, the game is at ply %d (active %v), want 7", g.Ply(), g.Active())
	}
	yes := customIDs(r.Components)["Yes, play it"]
	if yes == "" {
		t.Fatalf("no Yes, play it button: %v", customIDs(r.Components))
	}
	if r, _ := h.click(bob, yes, true); !strings.Contains(r.Content, "not your turn") {
		t.Errorf("bob pressed alice's confirmation: %q", r.Content)
	}
	r, _ = h.click(alice, yes, true)
	if r.Content != "You played 4… d11-e11." {
		t.Errorf("Yes, play it: %q", r.Content)
	}
	h.settle()
	g, err := h.store.GetGame(t.Context(), 1)
	if err != nil {
		t.Fatal(err)
	}
	if o := g.Tafl().Outcome(); g.Active() || o.Reason != tafl.Repetition || o.Winner != tafl.Attackers {
		t.Errorf("after Yes: active %v, outcome %v; want the attackers' win by repetition", g.Active(), o)
	}
}

// TestRefusedMoveQuotedAsTyped: a move (or game number) the bot cannot
// read is quoted back as it was typed. Full-width characters were made
// ASCII with width.Narrow, which also turns ordinary characters into
// half-width forms: `d3→b3` was answered "I can't read `d3￫b3`", an
// arrow the player never typed.
func TestRefusedMoveQuotedAsTyped(t *testing.T) {
	text := runConsole(t, consoleStore(t), 0, []string{
		"/tafl ai variant:brandubh level:easy side:attackers",
		"/tafl move d2→c2",
		"/tafl board game:→1",
		"/tafl move ｄ２-ｃ２", // full-width: still read as d2-c2
		"quit",
	})
	consoleSays(t, text,
		"[to alice] (only you) I can't read `d2→c2`: ",
		"[to alice] (only you) `→1` is not a game number",
		"Last moves: 1. d2-c2",
	)
	if strings.ContainsAny(text, "￫￩") {
		t.Errorf("a half-width arrow nobody typed:\n%s", text)
	}
}

// moveAutocomplete returns the /tafl move autocomplete's answer to user
// typing typed, and its choices' names.
func moveAutocomplete(t *testing.T, h *harness, user, typed string) (*resp, []string) {
	t.Helper()
	in := h.slashInteraction(user, "move", &discordgo.ApplicationCommandInteractionDataOption{Name: "move", Type: discordgo.ApplicationCommandOptionString, Value: typed, Focused: true})
	in.Type = discordgo.InteractionApplicationCommandAutocomplete
	h.bot.HandleGateway(t.Context(), in)
	ac, _ := h.fake.callback(t, in.ID)
	var names []string
	for _, c := range ac.Choices {
		names = append(names, c.Name)
	}
	return ac, names
}

// moveDestinations opens the Move menu under user's board, picks the
// piece on from, and returns the labels of the destinations it offers.
func moveDestinations(t *testing.T, h *harness, user, from string) []string {
	t.Helper()
	board, _ := h.slash(user, "board")
	r, _ := h.click(user, customIDs(board.Components)["Move"], false)
	r, _ = h.click(user, customIDs(r.Components)["select"], true, from)
	var labels []string
	for _, row := range r.Components {
		for _, c := range row.(*discordgo.ActionsRow).Components {
			if s, ok := c.(*discordgo.SelectMenu); ok {
				for _, o := range s.Options {
					labels = append(labels, o.Label)
				}
			}
		}
	}
	return labels
}

// playAgainstBob starts a game of variant between alice (on side, her
// challenge) and bob, and plays moves in turn, the attackers first.
func playAgainstBob(t *testing.T, h *harness, variant, side string, moves ...string) {
	t.Helper()
	r, _ := h.slash(alice, "challenge", opt("opponent", bob), opt("variant", variant), opt("side", side))
	h.click(bob, customIDs(r.Components)["Accept"], false)
	players := [2]string{alice, bob} // the attackers, the defenders
	if side == "defenders" {
		players = [2]string{bob, alice}
	}
	for i, m := range moves {
		if r, _ := h.slash(players[i%2], "move", opt("move", m)); isEphemeral(r) {
			t.Fatalf("%s: %s", m, r.Content)
		}
	}
}
