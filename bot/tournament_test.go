package bot_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/bot"
	"github.com/taflbot/taflbot/storage"
	"github.com/taflbot/taflbot/tafl"
	"github.com/taflbot/taflbot/tournament"
)

const dave = "444"

// posts returns the messages posted to channel (decoded) and their records.
func posts(t *testing.T, h *harness, channel string) ([]*resp, []*recorded) {
	var out []*resp
	var recs []*recorded
	for _, rec := range h.fake.requests("/channels/" + channel + "/messages") {
		if rec.Method == "POST" && rec.Status == 200 && !rec.Repeat {
			out = append(out, decode(t, rec.Body))
			recs = append(recs, rec)
		}
	}
	return out, recs
}

// resignGame makes user resign game id through the bot, after both
// sides moved.
func resignGame(t *testing.T, h *harness, user string, id storage.GameID) {
	t.Helper()
	if g, err := h.store.GetGame(t.Context(), id); err == nil && g.Ply() < storage.MinRatedPlies {
		bothMoveIn(t, h, id) // so that the game is rated (a game ended sooner counts in the standings only)
	}
	r, _ := h.slash(user, "resign", opt("game", id.String()))
	if r, _ := h.click(user, customIDs(r.Components)["Yes, resign"], true); !strings.Contains(r.Content, "You resigned") {
		t.Fatalf("resigning game %d: %q", id, r.Content)
	}
}

func onlyTournament(t *testing.T, h *harness) *storage.Tournament {
	t.Helper()
	all, err := h.store.Tournaments(t.Context(), guild, false)
	if err != nil || len(all) != 1 {
		t.Fatalf("%d tournaments, %v", len(all), err)
	}
	return all[0]
}

// TestTournamentRoundRobin: a manager creates a round robin; players sign
// up with the buttons and the command; at the sign-up deadline the bot
// pairs round 1 and creates its games in the tournament's thread; every
// finished game posts the standings picture; each completed round brings
// the next; the last posts the final standings.
func TestTournamentRoundRobin(t *testing.T) {
	h := newHarness(t, nil)
	// Only managers create.
	in := h.slashInteraction(bob, "tournament", opt("action", "create"), opt("name", "Winter Cup"))
	in.Member.Permissions = 0
	h.bot.HandleGateway(t.Context(), in)
	if r, _ := h.fake.callback(t, in.ID); !isEphemeral(r) || !strings.Contains(r.Content, "Only server managers") {
		t.Fatalf("a player creating: %q", r.Content)
	}
	ann, _ := h.slash(alice, "tournament", opt("action", "create"), opt("name", "Winter Cup"), opt("format", "round-robin"),
		opt("variant", "brandubh"), opt("days", 1.0), opt("signup", 24.0))
	if isEphemeral(ann) || !strings.Contains(ann.Content, "**Winter Cup**") || !strings.Contains(ann.Content, "a round robin · brandubh · 1d 0h per move · rated") {
		t.Fatalf("announcement %q", ann.Content)
	}
	ids := customIDs(ann.Components)
	for _, u := range []string{bob, carol, dave} {
		if r, _ := h.click(u, ids["Join"], false); r.Type != discordgo.InteractionResponseUpdateMessage || !strings.Contains(r.Content, "<@"+u+">") {
			t.Fatalf("%s joining: %q", u, r.Content)
		}
	}
	if r, _ := h.click(bob, ids["Join"], false); !isEphemeral(r) || !strings.Contains(r.Content, "signed up already") {
		t.Errorf("joining twice: %q", r.Content)
	}
	h.click(dave, ids["Leave"], false)
	h.click(dave, ids["Join"], false)
	if r, _ := h.slash(alice, "tournament", opt("action", "join")); !strings.Contains(r.Content, "You joined **Winter Cup** (4 players)") {
		t.Fatalf("joining by command: %q", r.Content)
	}
	waitFor(t, "the tournament thread", func() bool { return onlyTournament(t, h).ThreadID != "" })
	thread := onlyTournament(t, h).ThreadID

	// The deadline passes: the sweep starts it.
	h.clock.Advance(25 * time.Hour)
	h.bot.Sweep(t.Context())
	tr := onlyTournament(t, h)
	if tr.State.Round != 1 || tr.State.Rounds != 3 || len(tr.State.Games) != 6 {
		t.Fatalf("after the deadline: round %d of %d, %d games scheduled", tr.State.Round, tr.State.Rounds, len(tr.State.Games))
	}
	if r, _ := h.click(carol, ids["Leave"], false); !isEphemeral(r) || !strings.Contains(r.Content, "has started") {
		t.Errorf("leaving after the start: %q", r.Content)
	}
	for round := 1; round <= 3; round++ {
		// The round's games are created in the background once the last
		// game of the round before ended.
		waitFor(t, fmt.Sprintf("round %d's games", round), func() bool {
			tr = onlyTournament(t, h)
			if tr.State.Round != round {
				return false
			}
			for _, g := range tr.State.Games {
				if g.Round == round && g.GameID == 0 {
					return false
				}
			}
			return true
		})
		var current []tournament.Game
		for _, g := range tr.State.Games {
			if g.Round == round {
				current = append(current, g)
			}
		}
		if len(current) != 2 {
			t.Fatalf("round %d has %d games", round, len(current))
		}
		for _, p := range current {
			g, err := h.store.GetGame(t.Context(), storage.GameID(p.GameID))
			if err != nil || g.TournamentID != tr.ID || g.ThreadID != thread || g.MoveTime != 24*time.Hour || !g.Active() {
				t.Fatalf("round %d game %+v, %v", round, g, err)
			}
			before := len(h.fake.requests("/channels/" + thread + "/messages"))
			// The player with the higher seed number (alphabetically later id) resigns.
			loser := max(p.Attackers, p.Defenders)
			resignGame(t, h, loser, g.ID)
			waitFor(t, "the standings after the game", func() bool {
				ps, recs := posts(t, h, thread)
				for i, m := range ps {
					// The last game's standings are the final ones ("Game 6 is over. 🏆 **Winter Cup** is over. …").
					if strings.HasPrefix(m.Content, fmt.Sprintf("Game %d is over. ", g.ID)) && strings.Contains(m.Content, "Standings of **Winter Cup**") {
						checkPNG(t, recs[i])
						return true
					}
				}
				_ = before
				return false
			})
		}
	}
	waitFor(t, "the final standings", func() bool {
		ps, _ := posts(t, h, thread)
		for _, m := range ps {
			if strings.Contains(m.Content, "**Winter Cup** is over. Congratulations <@"+alice+">!") {
				return true
			}
		}
		return false
	})
	tr = onlyTournament(t, h)
	st := tr.State.Standings()
	// The lowest id always won: alice 3, bob 2, carol 1, dave 0.
	for i, want := range []struct {
		id  string
		pts float64
	}{{alice, 3}, {bob, 2}, {carol, 1}, {dave, 0}} {
		if st[i].Player != want.id || st[i].Points != want.pts || st[i].Rank != i+1 {
			t.Errorf("standing %d: %+v, want %s with %v", i+1, st[i], want.id, want.pts)
		}
	}
	if !tr.State.Finished {
		t.Error("not finished")
	}
	// The ratings moved: the games were rated.
	if p, err := h.store.GetPlayer(t.Context(), guild, alice); err != nil || p.Variants["brandubh"].Wins != 3 {
		t.Errorf("alice's record %+v, %v", p, err)
	}
	r, rec := h.slash(carol, "tournament", opt("action", "standings"))
	if isEphemeral(r) || !strings.Contains(r.Content, "Standings of **Winter Cup**") {
		t.Errorf("standings command: %q", r.Content)
	}
	// The picture's alt text reads the table, row by row, in rank order.
	var payload struct {
		Data struct {
			Attachments []struct {
				Description string `json:"description"`
			} `json:"attachments"`
		} `json:"data"`
	}
	if err := json.Unmarshal(rec.Body, &payload); err != nil || len(payload.Data.Attachments) != 1 {
		t.Fatalf("standings reply: %v, %d attachments, want the picture", err, len(payload.Data.Attachments))
	}
	alt := payload.Data.Attachments[0].Description
	if !strings.HasPrefix(alt, "Standings table of Winter Cup (final standings") {
		t.Errorf("standings alt text %q", alt)
	}
	last := -1
	// SB and W-D-L, which a screen reader spells letter by letter, are
	// read as words; the picture keeps its compact column heads.
	if strings.Contains(alt, "SB") || strings.Contains(alt, "W-D-L") || !strings.Contains(alt, "tie-break: Sonneborn-Berger)") {
		t.Errorf("standings alt text abbreviates: %q", alt)
	}
	for i, row := range []string{"1. ", "Points 3, Games 3, Sonneborn-Berger ", "3 wins, 0 draws, 0 losses", "2. ", "Points 2", "3. ", "Points 1", "1 win, 0 draws, 2 losses",
		"4. ", "Points 0, Games 3", "0 wins, 0 draws, 3 losses"} {
		at := strings.Index(alt[last+1:], row)
		if at < 0 {
			t.Errorf("standings alt text lacks %q after part %d: %q", row, i, alt)
			break
		}
		last += 1 + at
	}
}

// TestTournamentSwissByeWithdrawAndRestart: a Swiss with an odd number of
// players gives a bye; a player who withdraws loses their game in
// progress and is paired no more; a round whose games were cut short by
// a restart is completed at start-up.
func TestTournamentSwissByeWithdrawAndRestart(t *testing.T) {
	h := newHarness(t, nil)
	h.slash(alice, "tournament", opt("action", "create"), opt("name", "Spring Swiss"), opt("variant", "brandubh"),
		opt("rounds", 2.0), opt("time", "10+5"), opt("signup", 1.0))
	for _, u := range []string{alice, bob, carol} {
		h.slash(u, "tournament", opt("action", "join"))
	}
	// The bot goes down; the deadline passes; at start-up round 1 begins.
	h.stop()
	h.clock.Advance(2 * time.Hour)
	h.start()
	waitFor(t, "round 1", func() bool {
		tr := onlyTournament(t, h)
		return tr.State.Round == 1 && tr.State.Games[0].GameID != 0
	})
	tr := onlyTournament(t, h)
	if len(tr.State.Games) != 1 || len(tr.State.Byes) != 1 {
		t.Fatalf("round 1: %+v, byes %+v", tr.State.Games, tr.State.Byes)
	}
	g, _ := h.store.GetGame(t.Context(), storage.GameID(tr.State.Games[0].GameID))
	if g.Clock.Control.String() != "10+5" || g.Clock.Running != tafl.Attackers {
		t.Errorf("a live tournament's game: clock %+v", g.Clock)
	}
	// The bot has seen nobody since the restart: the seats carry the
	// names the players signed up under.
	for _, s := range []storage.Seat{g.Attackers, g.Defenders} {
		if s.Name != "user"+s.UserID {
			t.Errorf("seat %+v after a restart: want the sign-up name %q", s, "user"+s.UserID)
		}
	}
	// A player of the game withdraws: the game is resigned, the round is
	// complete, round 2 pairs the two left (the one with the bye meets
	// the winner).
	quitter := g.Attackers.UserID
	if r, _ := h.slash(quitter, "tournament", opt("action", "withdraw")); !strings.Contains(r.Content, "You withdrew") {
		t.Fatalf("withdraw: %q", r.Content)
	}
	waitFor(t, "round 2", func() bool {
		tr := onlyTournament(t, h)
		return tr.State.Round == 2 && len(tr.State.Games) == 2 && tr.State.Games[1].GameID != 0
	})
	tr = onlyTournament(t, h)
	if g, _ := h.store.GetGame(t.Context(), g.ID); g.Outcome().Reason != tafl.Resignation {
		t.Errorf("the withdrawn player's game ended %v", g.Outcome())
	}
	if r2 := tr.State.Games[1]; r2.Has(quitter) {
		t.Errorf("the withdrawn player is paired again: %+v", r2)
	}
	if len(tr.State.Byes) != 1 {
		t.Errorf("byes %+v: with two players left nobody sits out", tr.State.Byes)
	}
	// Its game ends on time (the bot's clock watcher), and the Swiss ends.
	h.clock.Advance(11 * time.Minute)
	waitFor(t, "the end", func() bool { return onlyTournament(t, h).State.Finished })
	st := onlyTournament(t, h).State.Standings()
	if !st[2].Withdrawn || st[2].Player != quitter {
		t.Errorf("standings %+v: the withdrawn player should be last", st)
	}
}

// TestTournamentCancelledWithoutPlayers: at the deadline with one player
// the tournament is called off.
func TestTournamentCancelledWithoutPlayers(t *testing.T) {
	h := newHarness(t, nil)
	h.slash(alice, "tournament", opt("action", "create"), opt("name", "Lonely Cup"), opt("signup", 1.0))
	h.slash(alice, "tournament", opt("action", "join"))
	h.clock.Advance(2 * time.Hour)
	h.bot.Sweep(t.Context())
	if tr := onlyTournament(t, h); !tr.Cancelled || tr.State.Started() {
		t.Errorf("tournament %+v", tr)
	}
	if r, _ := h.slash(bob, "tournament", opt("action", "join"), opt("tournament", "1")); !isEphemeral(r) || !strings.Contains(r.Content, "called off") {
		t.Errorf("joining a cancelled tournament: %q", r.Content)
	}
}

// TestTournamentInTheServersLanguage: a tournament's public messages are
// in the language of the server it was created in.
func TestTournamentInTheServersLanguage(t *testing.T) {
	h := newHarness(t, nil)
	sv := discordgo.Locale("sv-SE")
	in := h.slashInteraction(alice, "tournament", opt("action", "create"), opt("name", "Vårturneringen"), opt("format", "round-robin"))
	in.GuildLocale = &sv
	h.bot.HandleGateway(t.Context(), in)
	r, _ := h.fake.callback(t, in.ID)
	if !strings.Contains(r.Content, "🏆 **Vårturneringen** (turnering 1): alla-mot-alla") || !strings.Contains(r.Content, "Anmälan stänger") {
		t.Errorf("announcement %q", r.Content)
	}
	if _, ok := customIDs(r.Components)["Gå med"]; !ok {
		t.Errorf("buttons %v", customIDs(r.Components))
	}
}

// TestTournamentAnnouncementsPingOnlyWhoActs: a round's announcement
// names who sits out and the forfeits against a player who withdrew, and
// pings nobody (the players with a game are pinged by its board); the
// final standings ping the winner they congratulate, not the winners of
// forfeits they name nor who withdrew. Round announcements pinged the
// player sitting out and the winners of forfeits, who had nothing to do,
// and the final standings everyone they named.
func TestTournamentAnnouncementsPingOnlyWhoActs(t *testing.T) {
	h := newHarness(t, nil)
	h.slash(alice, "tournament", opt("action", "create"), opt("name", "Cup"), opt("format", "round-robin"), opt("double", true),
		opt("variant", "brandubh"))
	for _, u := range []string{alice, bob, carol} {
		h.slash(u, "tournament", opt("action", "join"))
	}
	waitFor(t, "the tournament thread", func() bool { return onlyTournament(t, h).ThreadID != "" })
	thread := onlyTournament(t, h).ThreadID
	h.slash(alice, "tournament", opt("action", "start"))
	roundGame := func(round int) storage.GameID {
		var id uint64
		waitFor(t, fmt.Sprintf("round %d's game", round), func() bool {
			tr := onlyTournament(t, h)
			for _, g := range tr.State.Games {
				if g.Round == round && tr.State.Round == round && g.GameID != 0 {
					id = g.GameID
					return true
				}
			}
			return false
		})
		return storage.GameID(id)
	}
	roundGame(1) // bob against carol; alice sits out
	_, rec := lastPost(t, h, thread, "round 1: 1 game.")
	if got := allowedUsers(t, rec); len(got) != 0 {
		t.Errorf("round 1's announcement (alice sits out) pings %v, want nobody", got)
	}
	_, rec = lastPost(t, h, thread, "Tournament **Cup**, round 1:")
	if got, want := allowedUsers(t, rec), []string{bob, carol}; !slices.Equal(got, want) {
		t.Errorf("round 1's board pings %v, want its players %v", got, want)
	}
	h.slash(carol, "tournament", opt("action", "withdraw")) // her game is resigned
	resignGame(t, h, bob, roundGame(2))                     // alice against bob; rounds 3 and 4 are carol's forfeits
	roundGame(5)
	// sent waits for the post in the thread that says marker and returns
	// its body as sent.
	sent := func(what, marker string) []byte {
		var body []byte
		waitFor(t, what, func() bool {
			ps, recs := posts(t, h, thread)
			for i, m := range ps {
				if strings.Contains(m.Content, marker) {
					body = recs[i].Body
					return true
				}
			}
			return false
		})
		return body
	}
	body := sent("round 5's announcement", "round 5: 1 game.")
	var m struct {
		Content         string `json:"content"`
		AllowedMentions struct {
			Parse []string `json:"parse"`
			Users []string `json:"users"`
		} `json:"allowed_mentions"`
	}
	if err := json.Unmarshal(body, &m); err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("Forfeits: in round 3, <@%s> wins against <@%s>, who withdrew; in round 4, <@%s> wins against <@%s>, who withdrew.", alice, carol, bob, carol)
	if !strings.Contains(m.Content, want) {
		t.Errorf("round 5's announcement %q lacks %q", m.Content, want)
	}
	if len(m.AllowedMentions.Parse) != 0 || len(m.AllowedMentions.Users) != 0 {
		t.Errorf("round 5's announcement pings %+v: want nobody (the winners of forfeits need not act; the game's board pings its players)", m.AllowedMentions)
	}
	// Round 6 is only carol's forfeit: the tournament ends with round 5's
	// game, and the final standings announce it (it went unannounced),
	// still without pinging her.
	resignGame(t, h, bob, roundGame(5))
	body = sent("the final standings", "**Cup** is over.")
	m.AllowedMentions.Users = nil
	if err := json.Unmarshal(body, &m); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(m.Content, fmt.Sprintf("in round 6, <@%s> wins against <@%s>, who withdrew.", alice, carol)) &&
		!strings.Contains(m.Content, fmt.Sprintf("in round 6, <@%s> wins against <@%s>, who withdrew.", bob, carol)) {
		t.Errorf("the final standings %q do not announce round 6's forfeit", m.Content)
	}
	if !strings.Contains(m.Content, fmt.Sprintf("Congratulations <@%s>!", alice)) {
		t.Errorf("the final standings %q do not congratulate alice", m.Content)
	}
	if len(m.AllowedMentions.Parse) != 0 || !slices.Equal(m.AllowedMentions.Users, []string{alice}) {
		t.Errorf("the final standings ping %+v: want only the winner alice, not bob nor carol, who withdrew", m.AllowedMentions)
	}
}

// TestTournamentNamesCleaned: a player joins under the name games keep
// for them (control characters out, at most 40 letters); the tournament
// kept the raw nickname, line breaks and all.
func TestTournamentNamesCleaned(t *testing.T) {
	h := newHarness(t, nil)
	h.slash(alice, "tournament", opt("action", "create"), opt("name", "Cup"), opt("variant", "brandubh"))
	in := h.slashInteraction(bob, "tournament", opt("action", "join"))
	in.Member.Nick = "Bob\nthe\tBold " + strings.Repeat("x", 60)
	h.bot.HandleGateway(t.Context(), in)
	name := onlyTournament(t, h).Names[bob]
	if strings.ContainsAny(name, "\n\t") || len([]rune(name)) > 40 || !strings.HasPrefix(name, "Bob the Bold x") {
		t.Errorf("bob's tournament name %q: want it cleaned and at most 40 letters", name)
	}
}

// TestTournamentSignupAtLeastAnHour: signup:0 closed sign-up at once, so
// that the next sweep called the tournament off before anyone could join;
// it is refused, saying the range and how to start sooner, and creates
// nothing. The option's definition lets Discord check the range too.
func TestTournamentSignupAtLeastAnHour(t *testing.T) {
	h := newHarness(t, nil)
	// 5124097 hours overflow time.Duration into 1.4 hours (the console
	// takes any number; Discord keeps to the option's range).
	for _, hours := range []float64{0, -3, 721, 5124097} {
		r, _ := h.slash(alice, "tournament", opt("action", "create"), opt("name", "Quick Cup"), opt("signup", hours))
		if !isEphemeral(r) || !strings.Contains(r.Content, "Sign-up lasts 1 to 720 hours") || !strings.Contains(r.Content, "**Start now**") {
			t.Errorf("signup:%v: %q", hours, r.Content)
		}
	}
	if all, err := h.store.Tournaments(t.Context(), guild, false); err != nil || len(all) != 0 {
		t.Errorf("%d tournaments created, %v", len(all), err)
	}
	if r, _ := h.slash(alice, "tournament", opt("action", "create"), opt("name", "Quick Cup"), opt("signup", 1.0)); isEphemeral(r) {
		t.Errorf("signup:1: %q", r.Content)
	}
	for _, o := range bot.Commands()[0].Options {
		for _, sub := range o.Options {
			if sub.Name == "signup" && (sub.MinValue == nil || *sub.MinValue != 1 || sub.MaxValue != 720) {
				t.Errorf("/tafl %s signup: range %v..%v, want 1..720", o.Name, sub.MinValue, sub.MaxValue)
			}
		}
	}
}

// TestTournamentJoinAfterSignupClosed: once the sign-up deadline has
// passed, joining is refused (the command and the announcement's Join
// button) with the time it closed, though the sweep that pairs round 1
// has not run yet; before, it was accepted until then. Round 1 is paired
// with those who joined in time.
func TestTournamentJoinAfterSignupClosed(t *testing.T) {
	h := newHarness(t, nil)
	created, _ := h.slash(alice, "tournament", opt("action", "create"), opt("name", "Q"), opt("signup", 1.0), opt("variant", "brandubh"))
	join := customIDs(created.Components)["Join"]
	if join == "" {
		t.Fatalf("the announcement: %q", created.Content)
	}
	for _, u := range []string{alice, bob} {
		if r, _ := h.slash(u, "tournament", opt("action", "join")); !strings.Contains(r.Content, "You joined **Q**") {
			t.Fatalf("%s joining in time: %q", u, r.Content)
		}
	}
	deadline := onlyTournament(t, h).SignupDeadline
	h.clock.Advance(2 * time.Hour) // no sweep yet
	want := fmt.Sprintf("Sign-up for **Q** closed <t:%d:R>: it is too late to join.", deadline.Unix())
	if r, _ := h.slash(carol, "tournament", opt("action", "join")); !isEphemeral(r) || r.Content != want {
		t.Errorf("joining after the deadline: %q, want %q", r.Content, want)
	}
	if r, _ := h.click(carol, join, false); !isEphemeral(r) || r.Content != want {
		t.Errorf("Join after the deadline: %q, want %q", r.Content, want)
	}
	if tr := onlyTournament(t, h); len(tr.State.Players) != 2 || tr.Names[carol] != "" {
		t.Errorf("players after the refusals: %+v", tr.State.Players)
	}
	h.bot.Sweep(t.Context())
	if tr := onlyTournament(t, h); !tr.State.Started() || len(tr.State.Players) != 2 {
		t.Errorf("after the sweep: started %v, %d players", tr.State.Started(), len(tr.State.Players))
	}
}

// TestTournamentOfThisChannel: with tournaments announced in two
// channels, a tournament command typed in one of them without the
// tournament option is about the one announced there; elsewhere it still
// asks which. Before, it answered "Several tournaments are going on"
// everywhere.
func TestTournamentOfThisChannel(t *testing.T) {
	h := newHarness(t, nil)
	const other, third = "902", "903"
	h.slash(alice, "tournament", opt("action", "create"), opt("name", "North Cup"), opt("variant", "brandubh"))
	h.slashIn(other, alice, "tournament", opt("action", "create"), opt("name", "South Cup"), opt("variant", "brandubh"))
	if r, _ := h.slash(bob, "tournament", opt("action", "join")); !strings.Contains(r.Content, "You joined **North Cup**") {
		t.Errorf("joining in North's channel: %q", r.Content)
	}
	if r, _ := h.slashIn(other, bob, "tournament", opt("action", "join")); !strings.Contains(r.Content, "You joined **South Cup**") {
		t.Errorf("joining in South's channel: %q", r.Content)
	}
	if r, _ := h.slashIn(third, carol, "tournament", opt("action", "join")); !strings.Contains(r.Content, "Several tournaments are going on") {
		t.Errorf("joining in a third channel: %q", r.Content)
	}
	for id, n := range map[storage.TournamentID]int{1: 1, 2: 1} {
		if tr, err := h.store.GetTournament(t.Context(), id); err != nil || len(tr.State.Players) != n {
			t.Errorf("tournament %d: %v, %+v", id, err, tr)
		}
	}
}

// TestTournamentAnnouncementAfterSignupClosed: between the sign-up
// deadline and the sweep that pairs round 1, a refused join (the button or
// the command) makes the announcement say that sign-up closed, with Join
// off; before, it went on saying "Sign-up closes <past time>" and offering
// Join, which answered with a refusal.
func TestTournamentAnnouncementAfterSignupClosed(t *testing.T) {
	for _, how := range []string{"button", "command"} {
		t.Run(how, func(t *testing.T) {
			h := newHarness(t, nil)
			created, _ := h.slash(alice, "tournament", opt("action", "create"), opt("name", "Q"), opt("signup", 1.0), opt("variant", "brandubh"))
			join := customIDs(created.Components)["Join"]
			h.slash(alice, "tournament", opt("action", "join"))
			h.slash(bob, "tournament", opt("action", "join"))
			var tr *storage.Tournament
			waitFor(t, "the announcement's message id", func() bool { tr = onlyTournament(t, h); return tr.MessageID != "" })
			h.clock.Advance(2 * time.Hour) // no sweep yet
			if how == "button" {
				h.click(carol, join, false)
			} else {
				h.slash(carol, "tournament", opt("action", "join"))
			}
			want := fmt.Sprintf("Sign-up closed <t:%d:R>; I am about to pair round 1 and start the games. Players (2): ", tr.SignupDeadline.Unix())
			var last *resp
			waitFor(t, "the announcement edited", func() bool {
				for _, rec := range h.fake.requests("/channels/" + channel + "/messages/" + tr.MessageID) {
					if rec.Method == "PATCH" {
						last = decode(t, rec.Body)
					}
				}
				return last != nil && strings.Contains(last.Content, "Sign-up closed")
			})
			if !strings.Contains(last.Content, want) || strings.Contains(last.Content, "Sign-up closes") {
				t.Errorf("the announcement after the deadline: %q, want it to hold %q", last.Content, want)
			}
			if b := buttons(last.Components); !b["Join"] || b["Leave"] || b["Start now"] {
				t.Errorf("buttons after the deadline (label → disabled): %v, want Join off", b)
			}
			if tr := onlyTournament(t, h); len(tr.State.Players) != 2 || tr.State.Started() {
				t.Errorf("the tournament changed: %d players, started %v", len(tr.State.Players), tr.State.Started())
			}
		})
	}
}

// TestTournamentWithdrawAfterDeadlinePassed: a player withdraws when the
// deadline of their game has passed but the sweep has not yet ended it:
// the withdrawal's resignation finds the game out of time, and storage
// ends it on time. That end is announced and counts in the tournament,
// which goes on (here it ends: one player is left); it went unannounced
// and unrecorded, and the tournament waited for the game for ever.
func TestTournamentWithdrawAfterDeadlinePassed(t *testing.T) {
	h := newHarness(t, nil)
	h.slash(alice, "tournament", opt("action", "create"), opt("name", "Late Cup"), opt("variant", "brandubh"), opt("days", 1.0))
	for _, u := range []string{alice, bob} {
		h.slash(u, "tournament", opt("action", "join"))
	}
	h.slash(alice, "tournament", opt("action", "start"))
	waitFor(t, "round 1", func() bool {
		tr := onlyTournament(t, h)
		return tr.State.Round == 1 && len(tr.State.Games) == 1 && tr.State.Games[0].GameID != 0
	})
	g, err := h.store.GetGame(t.Context(), storage.GameID(onlyTournament(t, h).State.Games[0].GameID))
	if err != nil {
		t.Fatal(err)
	}
	// The withdrawal, not a late follow-up write, finds the game out of time.
	h.settle()
	h.clock.Advance(25 * time.Hour) // past the first move's deadline; no sweep
	quitter := g.ToMove().UserID
	if r, _ := h.slash(quitter, "tournament", opt("action", "withdraw")); !strings.Contains(r.Content, "You withdrew") {
		t.Fatalf("withdraw: %q", r.Content)
	}
	waitFor(t, "the end of the tournament", func() bool { return onlyTournament(t, h).State.Finished })
	if g, _ := h.store.GetGame(t.Context(), g.ID); g.Outcome().Reason != tafl.Timeout {
		t.Errorf("the game ended %v, want on time", g.Outcome())
	}
	waitFor(t, "the timeout's announcement", func() bool {
		ps, _ := posts(t, h, g.ThreadID) // the tournament's thread
		return slices.ContainsFunc(ps, func(p *resp) bool { return strings.Contains(p.Content, "ran out of time") })
	})
}

// TestSignupHintNamesStartNowAsShown: the refusal of a sign-up out of
// range told the manager to press **Start now** in their own language,
// while the tournament's message shows its buttons in the server's
// ([Jetzt starten]); it names the button as the message will show it.
func TestSignupHintNamesStartNowAsShown(t *testing.T) {
	out := runConsoleWith(t, bot.Options{}, []string{
		"/tafl settings server_language:de",
		"/tafl tournament action:create name:Cup signup:0",
		"/tafl tournament action:create name:Cup signup:1",
		"/tafl tournament action:cancel",
		"/tafl settings server_language:en",
		"/tafl settings language:de",
		"/tafl tournament action:create name:Cup signup:0",
		"quit",
	})
	consoleSays(t, out,
		"[to alice] (only you) Sign-up lasts 1 to 720 hours. To start sooner, press **Jetzt starten** (or use `action:start`) once the players have joined.",
		"[Beitreten] [Verlassen] [Jetzt starten]",
		"Die Anmeldung dauert 1 bis 720 Stunden. Um früher zu beginnen, drücke **Start now** (oder nutze `aktion:starten`), sobald die Spieler angemeldet sind.",
	)
}

// TestTournamentRefusalsSayTheState: a member who neither created nor
// manages a tournament, calling off or starting one that had started
// (or was called off), was told that only its creator or a manager could
// — who could not either. The state is said first; a tournament still
// open to sign-ups still answers with who may.
func TestTournamentRefusalsSayTheState(t *testing.T) {
	h := newHarness(t, nil)
	member := func(user string, opts ...*discordgo.ApplicationCommandInteractionDataOption) string {
		t.Helper()
		in := h.slashInteraction(user, "tournament", opts...)
		in.Member.Permissions = 0
		h.bot.HandleGateway(t.Context(), in)
		r, _ := h.fake.final(t, in)
		if !isEphemeral(r) {
			t.Errorf("not private: %q", r.Content)
		}
		return r.Content
	}
	ann, _ := h.slash(carol, "tournament", opt("action", "create"), opt("name", "Cup"), opt("variant", "brandubh"))
	start := customIDs(ann.Components)["Start now"]
	for _, u := range []string{alice, bob} {
		member(u, opt("action", "join"))
	}
	if got, want := member(bob, opt("action", "cancel")), "Only <@"+carol+">, who created it, or a server manager can call the tournament off."; got != want {
		t.Errorf("a member calling off an open tournament: %q, want %q", got, want)
	}
	h.slash(carol, "tournament", opt("action", "start"))
	h.settle()
	if got, want := member(bob, opt("action", "cancel")), "That tournament has started; players can withdraw (`action:withdraw`), and it ends after its last round."; got != want {
		t.Errorf("a member calling off a started tournament: %q, want %q", got, want)
	}
	if got, want := member(bob, opt("action", "start")), "**Cup** has started already: round 1 is under way."; got != want {
		t.Errorf("a member starting a started tournament: %q, want %q", got, want)
	}
	// Start now, pressed by a member, says it too.
	in := h.slashInteraction(bob, "tournament")
	in.Type, in.Data = discordgo.InteractionMessageComponent, discordgo.MessageComponentInteractionData{CustomID: start}
	in.Message, in.Member.Permissions = &discordgo.Message{ID: "msg-ann", ChannelID: channel}, 0
	h.bot.HandleGateway(t.Context(), in)
	if r, _ := h.fake.final(t, in); r.Content != "**Cup** has started already: round 1 is under way." {
		t.Errorf("a member pressing Start now on a started tournament: %q", r.Content)
	}
	// A second tournament, called off: a member is told so.
	h.slash(carol, "tournament", opt("action", "create"), opt("name", "Plate"), opt("variant", "brandubh"))
	h.slash(carol, "tournament", opt("action", "cancel"), opt("tournament", "2"))
	if got, want := member(bob, opt("action", "cancel"), opt("tournament", "2")), "That tournament was called off."; got != want {
		t.Errorf("a member calling off a called-off tournament: %q, want %q", got, want)
	}
	if got, want := member(bob, opt("action", "start"), opt("tournament", "2")), "That tournament was called off."; got != want {
		t.Errorf("a member starting a called-off tournament: %q, want %q", got, want)
	}
}

// TestTournamentNameOfSixtyLetters: a name of 60 letters, the most the
// bot takes, is saved whatever its letters' bytes (Cyrillic two, a
// mathematical letter four); one over 100 bytes answered "Something went
// wrong", the store taking 100 bytes.
func TestTournamentNameOfSixtyLetters(t *testing.T) {
	h := newHarness(t, nil)
	for i, name := range []string{strings.Repeat("Ж", 60), strings.Repeat("𝔸", 60)} {
		r, _ := h.slash(alice, "tournament", opt("action", "create"), opt("name", name), opt("variant", "brandubh"))
		if isEphemeral(r) || !strings.Contains(r.Content, "**"+name+"**") {
			t.Errorf("creating tournament %q: %q", name, r.Content)
		}
		if tr, err := h.store.GetTournament(t.Context(), storage.TournamentID(i+1)); err != nil || tr.Name != name {
			t.Errorf("tournament %d: %+v, %v", i+1, tr, err)
		}
	}
	if r, _ := h.slash(alice, "tournament", opt("action", "create"), opt("name", strings.Repeat("Ж", 61))); !isEphemeral(r) || !strings.Contains(r.Content, "1 to 60 characters") {
		t.Errorf("a name of 61 letters: %q", r.Content)
	}
}

// TestAnnouncementOfManyPlayers: the announcement of a tournament with
// more players than its message can mention names the first of them and
// says how many more; it was cut at 1900 bytes, in the middle of a
// mention, with the rest of the list left unsaid.
func TestAnnouncementOfManyPlayers(t *testing.T) {
	h := newHarness(t, nil)
	ann, _ := h.slash(alice, "tournament", opt("action", "create"), opt("name", "Big Cup"), opt("variant", "brandubh"))
	join := customIDs(ann.Components)["Join"]
	var r *resp
	for i := range 120 {
		r, _ = h.click(fmt.Sprintf("1234567890123456%03d", i), join, false)
	}
	if !strings.Contains(r.Content, "Players (120): <@1234567890123456000>, ") {
		t.Fatalf("the announcement of 120 players: %q", r.Content)
	}
	shown := strings.Count(r.Content, "<@")
	if n := len([]rune(r.Content)); n > 2000 || !strings.HasSuffix(r.Content, fmt.Sprintf("> … and %d more.", 120-shown)) {
		t.Errorf("the announcement of 120 players (%d characters, %d mentions) ends %q", n, shown, r.Content[max(0, len(r.Content)-80):])
	}
}

// TestTournamentGameHasNoRematch: the final board of a tournament's game
// offered Rematch, which posted an offer in the tournament's thread and
// started an ordinary game at the tournament's pace; a tournament's game
// has none now (Analyse stays), and a tap on a Rematch posted before is
// refused, pointing to /tafl challenge, with nothing created.
func TestTournamentGameHasNoRematch(t *testing.T) {
	h := newHarness(t, nil)
	h.slash(alice, "tournament", opt("action", "create"), opt("name", "Duel"), opt("format", "round-robin"), opt("variant", "brandubh"))
	for _, u := range []string{alice, bob} {
		h.slash(u, "tournament", opt("action", "join"))
	}
	waitFor(t, "the tournament thread", func() bool { return onlyTournament(t, h).ThreadID != "" })
	thread := onlyTournament(t, h).ThreadID
	h.slash(alice, "tournament", opt("action", "start"))
	var id storage.GameID
	waitFor(t, "round 1's game", func() bool {
		tr := onlyTournament(t, h)
		if len(tr.State.Games) == 1 && tr.State.Games[0].GameID != 0 {
			id = storage.GameID(tr.State.Games[0].GameID)
			return true
		}
		return false
	})
	resignGame(t, h, bob, id)
	h.settle()
	final, _ := lastPost(t, h, thread, "resigned.")
	if got := buttons(final.Components); len(got) == 0 {
		t.Fatalf("final board's buttons %v", got)
	}
	if _, ok := buttons(final.Components)["Rematch"]; ok {
		t.Errorf("the final board of a tournament game offers Rematch: %v", buttons(final.Components))
	}
	if _, ok := buttons(final.Components)["Analyse"]; !ok {
		t.Errorf("the final board of a tournament game has no Analyse: %v", buttons(final.Components))
	}
	r, _ := h.slashIn(thread, alice, "board", opt("game", id.String()))
	if _, ok := buttons(r.Components)["Rematch"]; ok {
		t.Errorf("/tafl board of a finished tournament game offers Rematch: %v", buttons(r.Components))
	}
	tap, _ := h.clickIn(thread, alice, bot.CustomID{Action: bot.ActRematch, ID: uint64(id)}.String(), false)
	if want := fmt.Sprintf("Game %d was a tournament game, and those have no rematch: `/tafl challenge` `opponent:`<@%s> starts a new game.", id, bob); !isEphemeral(tap) || tap.Content != want {
		t.Errorf("a tap on an old Rematch: %q; want %q", tap.Content, want)
	}
	h.settle()
	if _, err := h.store.GetChallenge(t.Context(), 1); !errors.Is(err, storage.ErrNotFound) {
		t.Errorf("a challenge after the tap: %v", err)
	}
	if _, err := h.store.GetGame(t.Context(), id+1); !errors.Is(err, storage.ErrNotFound) {
		t.Errorf("a game after the tap: %v", err)
	}
}
