package bot_test

import (
	"bytes"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/bot"
	"github.com/taflbot/taflbot/render"
	"github.com/taflbot/taflbot/storage"
	"github.com/taflbot/taflbot/tafl"
)

// private reports whether the answer was only for its user: ephemeral,
// or in the console printed "[to NAME] (only you)" with nothing public.
func private(v view) bool {
	return v.eph || strings.Contains(v.text, "] (only you) ") && !strings.Contains(v.text, "[taflbot]")
}

// TestLeaderboardEveryVariantAndProvisional: without a variant the
// leaderboard lists every variant with rated games; ratings of players
// with few games are marked provisional, there and in /tafl stats. An
// empty leaderboard, of every variant or of one, is answered privately
// (one variant's was posted for all to see).
func TestLeaderboardEveryVariantAndProvisional(t *testing.T) {
	eachMode(t, func(t *testing.T, d driver) {
		if v := d.do(t, "carol", "/tafl leaderboard"); !strings.Contains(v.text, "Nobody has a rated game in this server yet") || !private(v) {
			t.Errorf("empty leaderboard (private %v): %s", private(v), v.text)
		}
		// One variant's empty leaderboard says how to get on it, as the
		// leaderboard of every variant does.
		if v := d.do(t, "carol", "/tafl leaderboard variant:tablut"); !strings.Contains(v.text, "Nobody has a rated tablut game in this server yet. Finish a game of it against someone (`/tafl challenge` `variant:tablut`) to get on this leaderboard.") || !private(v) {
			t.Errorf("empty tablut leaderboard (private %v): %s", private(v), v.text)
		}
		if v := d.do(t, "carol", "/tafl leaderboard variant:custom"); !strings.Contains(v.text, "Nobody has a rated custom game in this server yet. Finish a game under a rules string against someone (`/tafl challenge` with the rules string as `variant`) to get on this leaderboard.") || !private(v) {
			t.Errorf("empty custom leaderboard (private %v): %s", private(v), v.text)
		}
		startHumanGame(t, d, "brandubh")
		d.do(t, "alice", "/tafl move move:d2-c2")
		d.do(t, "bob", "/tafl move move:d3-e3")
		d.do(t, "alice", "/tafl resign")
		d.do(t, "alice", "click Yes, resign")
		startHumanGame(t, d, "tablut") // the defenders (bob) move first
		d.do(t, "bob", "/tafl move move:e3-b3")
		d.do(t, "alice", "/tafl move move:a4-a1")
		d.do(t, "bob", "/tafl resign")
		d.do(t, "bob", "click Yes, resign")

		v := d.do(t, "carol", "/tafl leaderboard")
		for _, want := range []string{"**Leaderboard · brandubh**", "**Leaderboard · tablut**", ") provisional · 1 rated game"} {
			if !strings.Contains(v.text, want) {
				t.Errorf("the leaderboard lacks %q:\n%s", want, v.text)
			}
		}
		if strings.Contains(v.text, "copenhagen") {
			t.Errorf("the leaderboard lists copenhagen, which has no rated game:\n%s", v.text)
		}
		if v := d.do(t, "carol", "/tafl leaderboard variant:tablut"); strings.Contains(v.text, "brandubh") || !strings.Contains(v.text, "tablut") || private(v) {
			t.Errorf("the tablut leaderboard:\n%s", v.text)
		}
		if v := d.do(t, "carol", "/tafl stats user:alice"); !strings.Contains(v.text, "brandubh: ") || !strings.Contains(v.text, "provisional · 1 rated game") {
			t.Errorf("alice's stats:\n%s", v.text)
		}
	})
}

// TestLeaderboardOfCustomGames: games played under rules strings are
// rated together as custom, which the leaderboard of every variant and
// /tafl stats name; /tafl leaderboard variant:custom shows that
// leaderboard (it was refused as an unknown variant), and autocomplete
// offers it.
func TestLeaderboardOfCustomGames(t *testing.T) {
	eachMode(t, func(t *testing.T, d driver) {
		startHumanGame(t, d, `"dim:7 esc:e start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/"`)
		d.do(t, "alice", "/tafl move move:a4-a3")
		d.do(t, "bob", "/tafl move move:c4-c3")
		d.do(t, "bob", "/tafl resign")
		d.do(t, "bob", "click Yes, resign")
		if v := d.do(t, "carol", "/tafl leaderboard"); !strings.Contains(v.text, "**Leaderboard · custom**") {
			t.Fatalf("the leaderboard of every variant:\n%s", v.text)
		}
		for _, asked := range []string{"custom", "Custom"} {
			v := d.do(t, "carol", "/tafl leaderboard variant:"+asked)
			if !strings.Contains(v.text, "**Leaderboard · custom**") || !strings.Contains(v.text, "1. @alice") && !strings.Contains(v.text, "1. <@") || private(v) {
				t.Errorf("variant:%s (private %v):\n%s", asked, private(v), v.text)
			}
		}
		if v := d.do(t, "carol", "complete /tafl leaderboard variant:cus"); !strings.Contains(v.text, "custom") {
			t.Errorf("autocomplete of variant:cus: %s", v.text)
		}
	})
}

// TestLeaderboardOfEveryVariantFits: the leaderboard of every variant,
// with five players in each of a dozen variants, is some 5,000 characters,
// and was cut off at Discord's limit in the middle of a line (and of a
// character); it shows fewer players per variant, every variant whole.
func TestLeaderboardOfEveryVariantFits(t *testing.T) {
	h := newHarness(t, nil)
	variants := []string{"alea-evangelii", "ard-ri", "brandubh", "copenhagen", "custom", "cyning-taefl", "fetlar", "hnefatafl-9", "tablut", "tablut-helmfrid", "tawlbwrdd"}
	for i := range 6 {
		user := fmt.Sprintf("%d", 123456789012345670+i)
		if _, err := h.store.UpdatePlayer(t.Context(), guild, user, func(p *storage.Player) error {
			for j, v := range variants {
				p.Variants[v] = storage.VariantRecord{Rating: storage.Rating{Rating: 1500 + float64(10*i+j), Deviation: 200, Volatility: 0.06}, Wins: 10 + i, Losses: 20, Draws: 3}
			}
			return nil
		}); err != nil {
			t.Fatal(err)
		}
	}
	r, _ := h.slash(alice, "leaderboard")
	if n := utf8.RuneCountInString(r.Content); n > 2000 || !utf8.ValidString(r.Content) {
		t.Fatalf("the leaderboard has %d characters (valid UTF-8: %v):\n%s", n, utf8.ValidString(r.Content), r.Content)
	}
	for _, v := range variants {
		head := "**Leaderboard · " + v + "**\n1. <@123456789012345675> · "
		i := strings.Index(r.Content, head)
		if i < 0 {
			t.Errorf("the leaderboard lacks %s's first place:\n%s", v, r.Content)
			continue
		}
		// Every line after the headline is whole, and the last says
		// where the rest of the players are.
		more := "`/tafl leaderboard` `variant:…` shows every player of one variant, ten a page."
		if !strings.HasSuffix(strings.TrimSpace(r.Content), "\n"+more) {
			t.Errorf("the leaderboard does not end with %q:\n%s", more, r.Content)
		}
		for _, line := range strings.Split(strings.TrimSuffix(strings.TrimSpace(r.Content[i:]), more), "\n") {
			if line != "" && !strings.HasPrefix(line, "**Leaderboard · ") && !strings.HasSuffix(line, "-3-20") {
				t.Errorf("a line cut off: %q", line)
			}
		}
	}
}

// TestStatsCountsInTheSingular: /tafl stats wrote every count in the
// plural ('1 tappiota', '1 unnar', '1 leystar'); each count takes its
// own form in every language.
func TestStatsCountsInTheSingular(t *testing.T) {
	text := runConsoleWith(t, bot.Options{}, []string{
		"/tafl challenge opponent:bob variant:brandubh side:defenders", "as bob", "click Accept",
		"/tafl move b4-b3", "as alice", "/tafl move c4-c6", "/tafl resign", "click Yes, resign",
		"/tafl settings language:fi", "/tafl stats",
		"/tafl settings language:is", "/tafl stats user:bob",
		"/tafl settings language:sv", "/tafl stats user:bob",
		"/tafl settings language:en", "/tafl stats user:bob",
		"quit",
	})
	for _, want := range []string{
		"Ihmisiä vastaan: 0 voittoa, 0 tasapeliä, 1 tappio",
		"Gegn fólki: 1 unnin, 0 jafntefli, 0 tapaðar",
		"Mot människor: 1 vunnet, 0 remier, 0 förlorade",
		"Against people: 1 won, 0 drawn, 0 lost\n    Against taflbot: 0 won, 0 drawn, 0 lost",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the stats lack %q:\n%s", want, text)
		}
	}
}

// TestPuzzleCountInTheSingular: the puzzle line of /tafl stats said
// '1 leystar' in Icelandic and '1 lösta' in Swedish.
func TestPuzzleCountInTheSingular(t *testing.T) {
	st := consoleStore(t)
	pz := &storage.Puzzle{Variant: "hnefatafl-9", Position: "/9/6tt1/1t5t1/t3T4/9/t8/1K2t2t1/t1t3t2/1t3t3/", ToMove: tafl.Attackers,
		Moves: 2, Solution: []string{"b3-b6", "b7-a7", "c8-a8"}, Source: "a test"}
	if _, err := st.AddPuzzle(t.Context(), pz); err != nil {
		t.Fatal(err)
	}
	text := runConsole(t, st, 0, []string{
		"/tafl puzzle variant:hnefatafl-9", "click Move", "select b3", "select b6", "click Move", "select c8", "select a8",
		"/tafl settings language:is", "/tafl stats",
		"/tafl settings language:sv", "/tafl stats",
		"quit",
	})
	for _, want := range []string{" · 1 leyst, 0 ekki", " · 1 löst, 0 inte"} {
		if !strings.Contains(text, want) {
			t.Errorf("the stats lack %q:\n%s", want, text)
		}
	}
}

// TestIdleRatingProvisionalAgain: a settled rating (deviation 60) is not
// provisional; a year without a rated game grows the deviation to
// sqrt(60² + 91 × (0.06 × 173.7178)²) = 116.1 (91 idle periods of four
// days), so /tafl stats and the leaderboard show it provisional again,
// '±232', in the console after `wait 365d`.
func TestIdleRatingProvisionalAgain(t *testing.T) {
	var out bytes.Buffer
	cr := bot.NewConsoleREST(&out, filepath.Join(t.TempDir(), "boards"))
	st, err := storage.Open(filepath.Join(t.TempDir(), "c.db"), storage.Options{NoSync: true, Now: cr.Now})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	_, err = st.UpdatePlayer(t.Context(), "1", cr.UserID("alice"), func(p *storage.Player) error {
		p.Variants["brandubh"] = storage.VariantRecord{Rating: storage.Rating{Rating: 1620, Deviation: 60, Volatility: 0.06, At: cr.Now()}, Wins: 20, Losses: 10}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	b, err := bot.New(bot.Options{Store: st, REST: cr, Engine: bot.AIEngine{}, Now: cr.Now, Render: render.Options{Size: 240}})
	if err != nil {
		t.Fatal(err)
	}
	script := []string{"/tafl stats", "/tafl leaderboard variant:brandubh", "wait 365d", "/tafl stats", "/tafl leaderboard variant:brandubh", "quit"}
	if err := bot.Console(t.Context(), b, cr, strings.NewReader(strings.Join(script, "\n"))); err != nil {
		t.Fatal(err)
	}
	b.Stop(10 * time.Second)
	before, after, ok := strings.Cut(out.String(), "(the clock moves forward")
	if !ok {
		t.Fatalf("no wait:\n%s", out.String())
	}
	if strings.Count(before, "1620 (±120) ·") != 2 || strings.Contains(before, "provisional") {
		t.Errorf("a settled rating in the stats and the leaderboard is not 1620 (±120), or provisional:\n%s", before)
	}
	if strings.Count(after, "1620 (±232) provisional ·") != 2 {
		t.Errorf("a year later the stats and the leaderboard do not show 1620 (±232) provisional:\n%s", after)
	}
}

// TestLeaderboardOfCustomVariants: rated games of rules strings are listed
// under "custom" on the leaderboard of every variant, but asking for that
// one (`variant:custom`) answered "I don't know the variant `custom`".
func TestLeaderboardOfCustomVariants(t *testing.T) {
	out := runConsole(t, consoleStore(t), 0, []string{
		`/tafl challenge opponent:bob side:attackers variant:"dim:11 efe:y start:/4TKT4/4T1T4/4T1T4/11/5T5/t9t/11/11/2t8/11/11/"`,
		"as bob", "click Accept",
		"as alice", "/tafl move a6-a7",
		"as bob", "/tafl move f5-f3",
		"/tafl leaderboard variant:custom",
		"/tafl leaderboard variant:Custom",
	})
	consoleSays(t, out, "the king built an exit fort", "**Leaderboard · custom**\n    1. @bob · 1662")
	if strings.Contains(out, "I don't know the variant") || strings.Count(out, "**Leaderboard · custom**") != 2 {
		t.Errorf("the leaderboard of the custom variants:\n%s", out)
	}
}

// TestLeaderboardPagesAndProvisional: a newcomer's provisional 1700 over
// one game topped the established players' leaderboard; equal ratings
// were ordered by user id, and only the first ten players were ever
// shown. The established ratings come first, the provisional ones after
// them under a heading; ratings shown equal share a place (more rated
// games first); page:N shows the next ten, and a caller not on the page
// shown sees their own place below it. The heading names its bound as
// the lines show uncertainty, an interval (±220, twice the deviation of
// 110): "deviation over 110" stood above established players shown
// ±120.
func TestLeaderboardPagesAndProvisional(t *testing.T) {
	h := newHarness(t, nil)
	set := func(user, variant string, rating, deviation float64, games int) {
		t.Helper()
		if _, err := h.store.UpdatePlayer(t.Context(), guild, user, func(p *storage.Player) error {
			p.Variants[variant] = storage.VariantRecord{Rating: storage.Rating{Rating: rating, Deviation: deviation, Volatility: 0.06}, Wins: games}
			return nil
		}); err != nil {
			t.Fatal(err)
		}
	}
	set("1001", "brandubh", 1500, 60, 30)
	set("1002", "brandubh", 1500.2, 60, 20) // shown 1500 too: 1001 has more games
	set("1003", "brandubh", 1700, 300, 1)   // one lucky win
	for i := range 20 {
		set(fmt.Sprint(2000+i), "brandubh", float64(1450-i), 200, 2)
	}
	set(carol, "brandubh", 1200, 300, 1)
	lines := func(r *resp) []string { return strings.Split(strings.TrimSpace(r.Content), "\n") }
	heading := "*Provisional ratings (interval over ±220), after the established ones:*"

	r, _ := h.slash(carol, "leaderboard", opt("variant", "brandubh"))
	got := lines(r)
	want := []string{"**Leaderboard · brandubh**", "1. <@1001> · 1500 (±120) · 30 rated games · W-D-L 30-0-0", "1. <@1002> · 1500 (±120) · 20 rated games · W-D-L 20-0-0",
		heading, "3. <@1003> · 1700 (±600) provisional · 1 rated game · W-D-L 1-0-0"}
	if isEphemeral(r) || len(got) != 15 || !slices.Equal(got[:5], want) || got[11] != "10. <@2006> · 1444 (±400) provisional · 2 rated games · W-D-L 2-0-0" ||
		got[12] != "…" || got[13] != "24. <@333> · 1200 (±600) provisional · 1 rated game · W-D-L 1-0-0" ||
		got[14] != "Page 1 of 3 · `/tafl leaderboard` `variant:brandubh` `page:2` shows the next." {
		t.Errorf("page 1 (private %v):\n%s", isEphemeral(r), r.Content)
	}
	r, _ = h.slash(alice, "leaderboard", opt("variant", "brandubh"), opt("page", 2.0))
	if got := lines(r); len(got) != 13 || got[1] != heading || got[2] != "11. <@2007> · 1443 (±400) provisional · 2 rated games · W-D-L 2-0-0" ||
		got[11] != "20. <@2016> · 1434 (±400) provisional · 2 rated games · W-D-L 2-0-0" || got[12] != "Page 2 of 3 · `/tafl leaderboard` `variant:brandubh` `page:3` shows the next." {
		t.Errorf("page 2 for alice, not on the leaderboard:\n%s", r.Content)
	}
	r, _ = h.slash(carol, "leaderboard", opt("variant", "brandubh"), opt("page", 3.0))
	if got := lines(r); len(got) != 7 || got[1] != heading || got[5] != "24. <@333> · 1200 (±600) provisional · 1 rated game · W-D-L 1-0-0" || got[6] != "Page 3 of 3." {
		t.Errorf("page 3, carol's own:\n%s", r.Content)
	}
	set("1001", "tablut", 1500, 60, 30) // two variants now
	for _, c := range []struct {
		opts []*discordgo.ApplicationCommandInteractionDataOption
		want string
	}{
		{[]*discordgo.ApplicationCommandInteractionDataOption{opt("variant", "brandubh"), opt("page", 4.0)},
			"The brandubh leaderboard has no page 4: its last is `/tafl leaderboard` `variant:brandubh` `page:3`."},
		{[]*discordgo.ApplicationCommandInteractionDataOption{opt("variant", "brandubh"), opt("page", 0.0)}, "There is no page 0: the pages count from 1."},
		{[]*discordgo.ApplicationCommandInteractionDataOption{opt("page", 2.0)},
			"Several variants have rated games here: `/tafl leaderboard` `variant:…` `page:2` shows that page of one of them."},
		// A page past int32's numbers is named as typed (it said "no
		// page 2147483647", the number it was cut to).
		{[]*discordgo.ApplicationCommandInteractionDataOption{opt("variant", "brandubh"), opt("page", 99999999999.0)},
			"The brandubh leaderboard has no page 99999999999: its last is `/tafl leaderboard` `variant:brandubh` `page:3`."},
		{[]*discordgo.ApplicationCommandInteractionDataOption{opt("page", 99999999999.0)},
			"Several variants have rated games here: `/tafl leaderboard` `variant:…` `page:99999999999` shows that page of one of them."},
	} {
		if r, _ := h.slash(carol, "leaderboard", c.opts...); r.Content != c.want || !isEphemeral(r) {
			t.Errorf("%v: %q (private %v), want %q", c.opts, r.Content, isEphemeral(r), c.want)
		}
	}
	r, _ = h.slash(carol, "leaderboard")
	if got := lines(r); !slices.Contains(got, "24. <@333> · 1200 (±600) provisional · 1 rated game · W-D-L 1-0-0") ||
		got[len(got)-1] != "`/tafl leaderboard` `variant:…` shows every player of one variant, ten a page." {
		t.Errorf("every variant:\n%s", r.Content)
	}
}

// TestCustomRatingInTheReadersWords: the games of rules strings are rated
// together under the key "custom", which the leaderboard's heading, its
// refusals and /tafl stats showed in English in every language
// ("**Rangliste · custom**"); they name it as game texts do
// (variant.custom, "eigene Variante"), in sentences of their own where
// the word does not fit the presets' ("gewertete %s-Partie"), the option
// value `variant:custom` staying as typed.
func TestCustomRatingInTheReadersWords(t *testing.T) {
	out := runConsole(t, consoleStore(t), 0, []string{
		"as carol", "/tafl settings language:de",
		"/tafl leaderboard variant:custom",
		"as alice",
		`/tafl challenge opponent:bob side:attackers variant:"dim:11 efe:y start:/4TKT4/4T1T4/4T1T4/11/5T5/t9t/11/11/2t8/11/11/"`,
		"as bob", "click Accept",
		"as alice", "/tafl move a6-a7",
		"as bob", "/tafl move f5-f3",
		"as carol",
		"/tafl leaderboard",
		"/tafl leaderboard variant:custom page:2",
		"/tafl stats user:bob",
	})
	consoleSays(t, out,
		"Noch niemand hat auf diesem Server eine gewertete Partie in einer eigenen Variante.",
		"**Rangliste · eigene Variante**\n    1. @bob · 1662",
		"Die Rangliste der eigenen Varianten hat keine Seite 2: die letzte ist `/tafl leaderboard` `variante:custom` `seitenzahl:1`.",
		"eigene Variante: 1662",
	)
	if strings.Contains(out, "· custom**") || strings.Contains(out, "custom-Partie") || strings.Contains(out, "custom: ") {
		t.Errorf("the custom rating named by its key:\n%s", out)
	}
}

// TestStatsOfAPlayerWithOnlySettings: a player who has only chosen their
// settings (here direct messages) has not finished a game either; their
// stats were posted publicly as rows of zeros, while another newcomer's
// were answered privately that they have not finished a game yet.
func TestStatsOfAPlayerWithOnlySettings(t *testing.T) {
	text := runConsole(t, consoleStore(t), 0, []string{
		"/tafl settings dms:True",
		"/tafl stats",
		"as bob", "/tafl stats user:alice",
		"quit",
	})
	if strings.Contains(text, "Stats of") || !strings.Contains(text, "[to alice] (only you) You have not finished a game here yet: challenge someone with `/tafl challenge`, or play me with `/tafl ai`.") ||
		!strings.Contains(text, "[to bob] (only you) @alice has not finished a game here yet.") {
		t.Errorf("stats of a player with settings only:\n%s", text)
	}
}

// TestOwnEmptyStatsSayWhatToPlay: /tafl stats of oneself with no game yet
// says how to play one (said only "@alice has not finished a game here
// yet."): in a server a challenge or the engine, in a direct message,
// where there are no challenges, the engine or a puzzle. Another
// player's keeps the plain sentence.
func TestOwnEmptyStatsSayWhatToPlay(t *testing.T) {
	h := newHarness(t, nil)
	if r, _ := h.slash(alice, "stats"); !isEphemeral(r) || r.Content != "You have not finished a game here yet: challenge someone with `/tafl challenge`, or play me with `/tafl ai`." {
		t.Errorf("own empty stats in a server: %q", r.Content)
	}
	if r, _ := h.slash(alice, "stats", opt("user", bob)); !isEphemeral(r) || r.Content != "<@"+bob+"> has not finished a game here yet." {
		t.Errorf("another's empty stats in a server: %q", r.Content)
	}
	in := h.slashInteraction(alice, "stats")
	in.GuildID, in.User, in.Member = "", in.Member.User, nil
	h.bot.HandleGateway(t.Context(), in)
	if r, _ := h.fake.final(t, in); !isEphemeral(r) || r.Content != "You have not finished a game here yet: play me with `/tafl ai`, or try a puzzle with `/tafl puzzle`." {
		t.Errorf("own empty stats in a direct message: %q", r.Content)
	}
}

// TestEmptyLeaderboardInACasualServer: an empty leaderboard tells how to
// get on it, "finish a game against someone (`/tafl challenge`)"; in a
// server whose challenges are casual unless they say otherwise that
// challenge made a casual game, which changes no rating, so following
// the advice never got anyone on the leaderboard. There the advice says
// to add casual:False (in German, to switch `freundschaftlich` off);
// in a server of rated challenges it says nothing of it.
func TestEmptyLeaderboardInACasualServer(t *testing.T) {
	const note = "Challenges here are casual unless they say otherwise: add `casual:False` to play a rated game."
	out := runConsole(t, consoleStore(t), 0, []string{
		"/tafl leaderboard",
		"/tafl leaderboard variant:brandubh",
		"/tafl settings casual:True",
		"/tafl leaderboard",
		"/tafl leaderboard variant:brandubh",
		"/tafl leaderboard variant:custom",
		"as bob", "/tafl settings language:de",
		"/tafl rangliste",
	})
	before, after, ok := strings.Cut(out, "challenges: **casual** unless they say otherwise")
	if !ok {
		t.Fatalf("casual:True not set:\n%s", out)
	}
	if strings.Contains(before, "casual:False") {
		t.Errorf("a server of rated challenges is told to add casual:False:\n%s", before)
	}
	consoleSays(t, after,
		"to get on the leaderboard. "+note,
		"(`/tafl challenge` `variant:brandubh`) to get on this leaderboard. "+note,
		"(`/tafl challenge` with the rules string as `variant`) to get on this leaderboard. "+note,
		"Herausforderungen sind hier freundschaftlich, wenn sie nichts anderes sagen: schalte `freundschaftlich` aus, um eine gewertete Partie zu spielen.")
	if strings.Count(after, note) != 3 {
		t.Errorf("the three empty leaderboards in English do not each say %q once:\n%s", note, after)
	}
}

// TestStatsInADirectMessageHasNoGamesAgainstPeople: /tafl stats in a
// direct message is of the games against the engine and the puzzles
// played there, but it began with "Against people: 0 won, 0 drawn, 0
// lost", a record no game can enter (a challenge is refused there). It
// is left out there; a server's stats keep it, zeros included.
func TestStatsInADirectMessageHasNoGamesAgainstPeople(t *testing.T) {
	h := newHarness(t, nil)
	for _, g := range []string{"", guild} {
		if _, err := h.store.UpdatePlayer(t.Context(), g, bob, func(p *storage.Player) error {
			p.AIWins, p.AILosses = 3, 1
			return nil
		}); err != nil {
			t.Fatal(err)
		}
	}
	in := h.slashInteraction(bob, "stats")
	in.GuildID, in.User, in.Member = "", in.Member.User, nil
	h.bot.HandleGateway(t.Context(), in)
	want := "**Stats of <@" + bob + ">**\nAgainst taflbot: 3 won, 0 drawn, 1 lost"
	if r, _ := h.fake.final(t, in); strings.TrimSpace(r.Content) != want {
		t.Errorf("bob's stats in his direct message:\n%s\nwant:\n%s", r.Content, want)
	}
	r, _ := h.slash(bob, "stats")
	if want := "**Stats of <@" + bob + ">**\nAgainst people: 0 won, 0 drawn, 0 lost\nAgainst taflbot: 3 won, 0 drawn, 1 lost"; strings.TrimSpace(r.Content) != want {
		t.Errorf("bob's stats in a server:\n%s\nwant:\n%s", r.Content, want)
	}
}

// TestRecordsSayTheirOrder: the leaderboard wrote a player's rated games
// as "2-3-1", wins, losses and draws, with nothing to say so, while a
// tournament's standings write W-D-L (wins, draws, losses): "0-0-1", a
// draw on the leaderboard, read as a loss there. The leaderboard and
// /tafl stats write them as the standings do, headed "W-D-L" in the
// reader's language, and /tafl stats counts won, drawn and lost in that
// order too.
func TestRecordsSayTheirOrder(t *testing.T) {
	h := newHarness(t, nil)
	if _, err := h.store.UpdatePlayer(t.Context(), guild, bob, func(p *storage.Player) error {
		p.Wins, p.Losses, p.Draws = 2, 3, 1
		p.Variants["brandubh"] = storage.VariantRecord{Rating: storage.Rating{Rating: 1500, Deviation: 60, Volatility: 0.06}, Wins: 2, Losses: 3, Draws: 1}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	ask := func(lang discordgo.Locale, sub string, opts ...*discordgo.ApplicationCommandInteractionDataOption) string {
		in := h.slashInteraction(carol, sub, opts...)
		in.Locale = lang
		h.bot.HandleGateway(t.Context(), in)
		r, _ := h.fake.final(t, in)
		return r.Content
	}
	for _, c := range []struct {
		lang              discordgo.Locale
		leaderboard, stat []string
	}{
		{discordgo.EnglishUS, []string{"1. <@" + bob + "> · 1500 (±120) · 6 rated games · W-D-L 2-1-3"},
			[]string{"Against people: 2 won, 1 drawn, 3 lost", "brandubh: 1500 (±120) · 6 rated games, W-D-L 2-1-3"}},
		{discordgo.German, []string{"1. <@" + bob + "> · 1500 (±120) · 6 gewertete Partien · S-R-N 2-1-3"},
			[]string{"Gegen Menschen: 2 gewonnen, 1 remis, 3 verloren", "brandubh: 1500 (±120) · 6 gewertete Partien, S-R-N 2-1-3"}},
	} {
		lb := ask(c.lang, "leaderboard", opt("variant", "brandubh"))
		st := ask(c.lang, "stats", opt("user", bob))
		for _, want := range c.leaderboard {
			if !strings.Contains(lb, want) {
				t.Errorf("%s: the leaderboard lacks %q:\n%s", c.lang, want, lb)
			}
		}
		for _, want := range c.stat {
			if !strings.Contains(st, want) {
				t.Errorf("%s: the stats lack %q:\n%s", c.lang, want, st)
			}
		}
	}
}
