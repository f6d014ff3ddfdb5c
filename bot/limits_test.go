package bot

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/locale"
	"github.com/taflbot/taflbot/storage"
	"github.com/taflbot/taflbot/tournament"
)

// TestTextsKeepAMarginBelowDiscordsLimits: in every language, the long
// texts stay at least 5 % below the Discord limit they are sent under —
// the help page and the variant list (2000 characters of a message), every
// single catalog text (a message of its own), the descriptions of the
// command, subcommands and options (100) and the names of options (32) and
// choices (100) — so that a line added later does not overflow one
// language. The Finnish help was at 1997 of 2000 characters, and only the
// English one was measured.
func TestTextsKeepAMarginBelowDiscordsLimits(t *testing.T) {
	within := func(what, text string, limit int) {
		t.Helper()
		if n := len([]rune(text)); n >= limit*95/100 {
			t.Errorf("%s: %d characters, within 5 %% of Discord's %d:\n%s", what, n, limit, text)
		}
	}
	for _, l := range locale.Langs {
		p := locale.For(l.Tag)
		within(l.Name+": /tafl help", helpText(p, "is", false), 2000) // the longest button labels
		within(l.Name+": /tafl help in a casual server", helpText(p, "is", true), 2000)
		within(l.Name+": /tafl rules", variantList(p), 2000)
		for _, k := range locale.Keys() {
			text, _ := locale.Text(l.Tag, k)
			within(fmt.Sprintf("%s: %.40q", l.Name, k), text, 2000)
		}
	}
	localized := func(what string, def string, loc map[discordgo.Locale]string, limit int) {
		t.Helper()
		within(what, def, limit)
		for l, text := range loc {
			within(what+" "+string(l), text, limit)
		}
	}
	cmd := Commands()[0]
	localized("/tafl description", cmd.Description, *cmd.DescriptionLocalizations, 100)
	for _, sub := range cmd.Options {
		localized(sub.Name+" description", sub.Description, sub.DescriptionLocalizations, 100)
		localized(sub.Name+" name", sub.Name, sub.NameLocalizations, 32)
		for _, o := range sub.Options {
			localized(sub.Name+" "+o.Name+" description", o.Description, o.DescriptionLocalizations, 100)
			localized(sub.Name+" "+o.Name+" name", o.Name, o.NameLocalizations, 32)
			for _, c := range o.Choices {
				localized(sub.Name+" "+o.Name+" choice "+c.Name, c.Name, c.NameLocalizations, 100)
			}
		}
	}
}

// TestGamesListSectionKeepsWithinRoom: the challenge lists of /tafl games
// show at most maxOpenListed lines, and fewer when the message has less
// room left (Discord's 2000 characters), counting the lines left out.
func TestGamesListSectionKeepsWithinRoom(t *testing.T) {
	p := locale.For(locale.Langs[0].Tag)
	var lines []string
	for i := range 8 {
		lines = append(lines, fmt.Sprintf("• line %d · %0100d\n", i, i))
	}
	if s := listSection(p, "H", lines, 2000); strings.Count(s, "• line") != maxOpenListed || !strings.HasSuffix(s, "… and 3 more.\n") {
		t.Errorf("room for all: %q", s)
	}
	s := listSection(p, "H", lines, 300)
	if len(s) > 300 || strings.Count(s, "• line") != 2 || !strings.HasSuffix(s, "… and 6 more.\n") {
		t.Errorf("room for two (%d bytes): %q", len(s), s)
	}
	if s := listSection(p, "H", lines, 10); s != "" {
		t.Errorf("no room: %q", s)
	}
	if s := listSection(p, "H", lines[:2], 2000); strings.Count(s, "• line") != 2 || strings.Contains(s, "more") {
		t.Errorf("two lines: %q", s)
	}
}

// TestManyForfeitsFitAMessage: a round's announcement lists as many
// forfeits as fit and says how many more, in every language; in a large
// round robin most of whose players withdrew, the list ran past
// Discord's 2000 characters, and Discord refused the announcement (and,
// of the last rounds, the final standings).
func TestManyForfeitsFitAMessage(t *testing.T) {
	id := func(i int) string { return fmt.Sprintf("1234567890123456%03d", i) }
	st := tournament.Tournament{Format: tournament.RoundRobin, Rounds: 59, Round: 2,
		Games: []tournament.Game{{Round: 1, Attackers: id(0), Defenders: id(1), Result: tournament.AttackersWin}}}
	for i := range 60 {
		st.Players = append(st.Players, tournament.Player{ID: id(i), Withdrawn: min(1, i%2)})
	}
	for i := 0; i < 60; i += 2 {
		st.Games = append(st.Games, tournament.Game{Round: 2, Attackers: id(i), Defenders: id(i + 1), Result: tournament.AttackersWin, Forfeit: true})
	}
	for _, l := range locale.Langs {
		tr := &storage.Tournament{Name: strings.Repeat("W", 60), Language: l.Tag.String(), State: st}
		text := roundAnnouncement(tr, 0)
		more := locale.For(l.Tag).T("… and %d more.", 30-strings.Count(text, "<@")/2)
		if n := len([]rune(text)); n > 2000 || !strings.HasSuffix(text, " "+more) || strings.Count(text, "<@") >= 60 {
			t.Errorf("%s: %d characters, %d mentions: %s", l.Name, n, strings.Count(text, "<@"), text)
		}
	}
}

// TestManyCoWinnersFitAMessage: a finished tournament's final standings
// congratulate, and its announcement names, as many of the players in
// first place as fit and say how many more, in every language; some 80
// co-winners (a Swiss round of draws) ran the standings past Discord's
// 2000 characters, which refused them, and cut the announcement in the
// middle of a mention.
func TestManyCoWinnersFitAMessage(t *testing.T) {
	id := func(i int) string { return fmt.Sprintf("1234567890123456%03d", i) }
	const players = 120
	st := tournament.Tournament{Format: tournament.Swiss, Rounds: 1, Round: 1, Finished: true}
	for i := range players {
		st.Players = append(st.Players, tournament.Player{ID: id(i)})
	}
	for i := 0; i < players; i += 2 {
		st.Games = append(st.Games, tournament.Game{Round: 1, Attackers: id(i), Defenders: id(i + 1), Result: tournament.Draw})
	}
	mention := regexp.MustCompile(`<@[0-9]+>`)
	b := &Bot{now: time.Now}
	for _, l := range locale.Langs {
		p := locale.For(l.Tag)
		tr := &storage.Tournament{ID: 12345, Name: strings.Repeat("W", 60), Variant: "brandubh", Language: l.Tag.String(), State: st}
		if r := st.Standings(); r[0].Rank != 1 || r[players-1].Rank != 1 {
			t.Fatalf("not all of the players tied first: %+v", r)
		}
		// As standingsMessage posts the final standings after the last game.
		text := p.T("tour.game_over", 99999) + " " + finishedHeadline(tr) + " " + p.T("tour.standings", tr.Name, tr.ID)
		named := len(mention.FindAllString(text, -1))
		more := strings.TrimSuffix(p.T("… and %d more.", players-named), ".")
		if n := len([]rune(text)); n > 2000 || named < 10 || !strings.Contains(text, "> "+more) {
			t.Errorf("%s: the final standings: %d characters, %d mentions: %s", l.Name, n, named, text)
		}
		ann := b.announcement(tr).content
		if n := len([]rune(ann)); n > 2000 || strings.Count(ann, "<@") != len(mention.FindAllString(ann, -1)) || !strings.Contains(ann, firstPlace(tr)) {
			t.Errorf("%s: the announcement: %d characters, a mention cut or first place not said: %s", l.Name, n, ann)
		}
	}
}
