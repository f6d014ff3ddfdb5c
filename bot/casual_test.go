package bot_test

import (
	"context"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/storage"
)

// TestCasualChallenge: a casual game says so, counts in the players'
// records and changes no rating; a rated one does.
func TestCasualChallenge(t *testing.T) {
	h := newHarness(t, nil)
	for _, casual := range []bool{true, false} {
		r, _ := h.slash(alice, "challenge", opt("opponent", bob), opt("variant", "brandubh"), opt("casual", casual))
		want := "rated."
		if casual {
			want = "casual (no rating change)"
		}
		if !strings.Contains(r.Content, want) {
			t.Fatalf("casual %v: challenge %q does not say %q", casual, r.Content, want)
		}
		board, _ := h.click(bob, customIDs(r.Components)["Accept"], false)
		if got := strings.Contains(board.Content, "· casual"); got != casual {
			t.Errorf("casual %v: board %q", casual, board.Content)
		}
		board = bothMove(t, h, alice) // a game ended before both sides moved counts nowhere
		confirm, _ := h.click(alice, customIDs(board.Components)["Resign"], false)
		h.click(alice, customIDs(confirm.Components)["Yes, resign"], true)
		games, err := h.store.GamesByPlayer(t.Context(), alice, storage.GameFilter{Limit: 1}) // the newest
		if err != nil || len(games) != 1 {
			t.Fatal(games, err)
		}
		g := games[0]
		if g.Active() || g.Casual != casual {
			t.Fatalf("game %d: active %v, casual %v", g.ID, g.Active(), g.Casual)
		}
		if (len(g.RatingChanges) == 0) != casual {
			t.Errorf("casual %v: rating changes %+v", casual, g.RatingChanges)
		}
	}
	p, err := h.store.GetPlayer(t.Context(), guild, bob)
	if err != nil {
		t.Fatal(err)
	}
	// Two wins in the record, one of them rated.
	if p.Wins != 2 || p.Variants["brandubh"].Wins != 1 || p.Variants["brandubh"].Games() != 1 {
		t.Errorf("bob's record %+v", p)
	}
}

// TestCasualServerDefaultAndRatedCounts: a server that makes casual the
// default gets casual challenges unless one says casual:False; the
// leaderboard and stats say how many rated games stand behind a rating
// and mark a new one provisional.
func TestCasualServerDefaultAndRatedCounts(t *testing.T) {
	h := newHarness(t, nil)
	if r, _ := h.slash(alice, "settings", opt("casual", true)); !strings.Contains(r.Content, "challenges: **casual**") {
		t.Fatalf("settings: %q", r.Content)
	}
	r, _ := h.slash(alice, "challenge", opt("opponent", bob), opt("variant", "brandubh"))
	if !strings.Contains(r.Content, "casual (no rating change)") {
		t.Errorf("default challenge: %q", r.Content)
	}
	h.click(alice, customIDs(r.Components)["Withdraw"], false) // one open challenge to bob at a time
	r, _ = h.slash(alice, "challenge", opt("opponent", bob), opt("variant", "brandubh"), opt("casual", false))
	if !strings.Contains(r.Content, "rated.") {
		t.Fatalf("casual:False challenge: %q", r.Content)
	}
	h.click(bob, customIDs(r.Components)["Accept"], false)
	board := bothMove(t, h, alice)
	confirm, _ := h.click(alice, customIDs(board.Components)["Resign"], false)
	h.click(alice, customIDs(confirm.Components)["Yes, resign"], true)
	waitFor(t, "the rated result", func() bool {
		p, err := h.store.GetPlayer(t.Context(), guild, bob)
		return err == nil && p.Variants["brandubh"].Games() == 1
	})
	lb, _ := h.slash(carol, "leaderboard", opt("variant", "brandubh"))
	if !strings.Contains(lb.Content, "1 rated game") || !strings.Contains(lb.Content, "provisional") {
		t.Errorf("leaderboard: %q", lb.Content)
	}
	st, _ := h.slash(carol, "stats", opt("user", bob))
	if !strings.Contains(st.Content, "brandubh: ") || !strings.Contains(st.Content, "provisional · 1 rated game, W-D-L 1-0-0") {
		t.Errorf("stats: %q", st.Content)
	}
}

// TestHelpNamesThePlayModes: /tafl help tells about live clocks, casual
// games, rematches, tournaments and languages, in every language
// (Icelandic chosen with the setting; TestHelpFitsDiscord checks the
// length). `casual:True` is a challenge's (it said "Both take … casual",
// of /tafl challenge and /tafl ai, which has no such option), and the
// Hint is in every game against the engine (it said "in casual games
// against me", as if a newcomer had to ask for one).
func TestHelpNamesThePlayModes(t *testing.T) {
	h := newHarness(t, nil)
	if r, _ := h.slash(bob, "settings", opt("language", "is")); !strings.Contains(r.Content, "íslensku") {
		t.Fatalf("choosing Icelandic: %q", r.Content)
	}
	for _, c := range []struct {
		user    string
		loc     discordgo.Locale
		rematch string
		// The options as Discord shows them in the language (a
		// true-or-false value in words only where Discord's picker
		// surely shows True: in English).
		time, casual, language string
		challenge, casualWord  string // the casual option's command, and the word for casual
	}{
		{carol, "en-US", "**Rematch**", "`time`", "a challenge with `casual:True`", "language", "challenge", "casual"},
		{carol, "da", "**Revanche**", "`tid`", "`venskabelig` slået til", "sprog", "udfordring", "venskab"},
		{carol, "sv-SE", "**Returmatch**", "`tid`", "`vänskaplig` påslagen", "språk", "utmaning", "vänskap"},
		{carol, "no", "**Omkamp**", "`tid`", "`vennskapelig` slått på", "språk", "utfordring", "vennskap"},
		{carol, "de", "**Revanche**", "`zeit`", "`freundschaftlich` eingeschaltet", "sprache", "Herausforderung", "freundschaft"},
		{carol, "fi", "**Uusintapeli**", "`aika`", "`harjoitus` päällä", "kieli", "haaste", "harjoitus"},
		{bob, "en-US", "**Endurleikur**", "`time`", "`casual:True`", "language", "áskorun", "æfing"}, // Discord has no Icelandic: the English names
	} {
		in := h.slashInteraction(c.user, "help")
		in.Locale = c.loc
		h.bot.HandleGateway(context.Background(), in)
		r, _ := h.fake.callback(t, in.ID)
		for _, want := range []string{c.time, "10+5", c.casual, c.rematch, "/tafl tournament", "Dansk", "Suomi", "Íslenska", c.language + ":"} {
			if !strings.Contains(r.page(), want) {
				t.Errorf("%s help lacks %q", c.loc, want)
			}
		}
		for _, line := range strings.Split(r.page(), "\n") {
			if strings.Contains(line, c.casual) && !strings.Contains(line, c.challenge) {
				t.Errorf("%s help: casual games are not said to be challenges: %q", c.loc, line)
			}
			if _, hint, ok := strings.Cut(line, "💡"); ok && strings.Contains(strings.ToLower(hint), c.casualWord) {
				t.Errorf("%s help: the Hint is said to need a casual game: %q", c.loc, hint)
			}
		}
	}
}

// TestHelpSaysTheServersCasualDefault: in a server whose challenges are
// casual unless they say otherwise (/tafl settings casual:True), /tafl
// help says so, and that casual:False makes a game rated; it said "a
// challenge with casual:True changes no rating", as if the others were
// rated there too.
func TestHelpSaysTheServersCasualDefault(t *testing.T) {
	h := newHarness(t, nil)
	if r, _ := h.slash(alice, "settings", opt("casual", true)); !strings.Contains(r.Content, "challenges: **casual**") {
		t.Fatalf("settings: %q", r.Content)
	}
	for _, c := range []struct {
		loc        discordgo.Locale
		want, gone string
	}{
		{"en-US", "here a challenge changes no rating unless it says `casual:False`", "a challenge with `casual:True`"},
		{"de", "hier sind Herausforderungen ungewertet, außer `freundschaftlich` ist aus", "`freundschaftlich` eingeschaltet"},
	} {
		in := h.slashInteraction(carol, "help")
		in.Locale = c.loc
		h.bot.HandleGateway(context.Background(), in)
		r, _ := h.fake.callback(t, in.ID)
		if !strings.Contains(r.page(), c.want) || strings.Contains(r.page(), c.gone) {
			t.Errorf("%s help in a casual server, want %q, not %q:\n%s", c.loc, c.want, c.gone, r.page())
		}
	}
}
