package bot_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/storage"
)

// TestTwoTournamentsInOneChannel: two tournaments announced in the same
// channel run at once, each in its own thread. Typed in a thread, the
// tournament commands are about that thread's tournament and the game
// commands about the game in it (alice and bob play each other in both);
// in the channel, where both are going on, a command without the
// tournament option asks for it. A game played to its end in one thread
// brings that tournament's standings and next round there, and leaves
// the other tournament alone.
func TestTwoTournamentsInOneChannel(t *testing.T) {
	h := newHarness(t, nil)
	for _, name := range []string{"North Cup", "South Cup"} {
		format := "round-robin"
		if name == "South Cup" {
			format = "swiss"
		}
		h.slash(alice, "tournament", opt("action", "create"), opt("name", name), opt("format", format),
			opt("variant", "brandubh"), opt("days", 1.0), opt("signup", 24.0))
	}
	get := func(id storage.TournamentID) *storage.Tournament {
		tr, err := h.store.GetTournament(t.Context(), id)
		if err != nil {
			t.Fatal(err)
		}
		return tr
	}
	waitFor(t, "both threads", func() bool { return get(1).ThreadID != "" && get(2).ThreadID != "" })
	northThread, southThread := get(1).ThreadID, get(2).ThreadID
	if northThread == southThread || get(1).ChannelID != channel || get(2).ChannelID != channel {
		t.Fatalf("threads %q and %q in channels %q, %q", northThread, southThread, get(1).ChannelID, get(2).ChannelID)
	}

	// Signing up: in the channel the bot asks which; in a thread it knows.
	if r, _ := h.slash(bob, "tournament", opt("action", "join")); !isEphemeral(r) || !strings.Contains(r.Content, "pick one with the `tournament` option") {
		t.Errorf("joining in the channel: %q", r.Content)
	}
	for _, u := range []string{alice, bob, carol} {
		if r, _ := h.slashIn(northThread, u, "tournament", opt("action", "join")); !strings.Contains(r.Content, "You joined **North Cup**") {
			t.Errorf("%s joining in North's thread: %q", u, r.Content)
		}
	}
	for _, u := range []string{alice, bob} {
		if r, _ := h.slashIn(southThread, u, "tournament", opt("action", "join")); !strings.Contains(r.Content, "You joined **South Cup**") {
			t.Errorf("%s joining in South's thread: %q", u, r.Content)
		}
	}
	// The option names another tournament than the thread's: the option wins.
	if r, _ := h.slashIn(southThread, carol, "tournament", opt("action", "leave"), opt("tournament", "1")); !strings.Contains(r.Content, "**North Cup**") {
		t.Errorf("leaving North from South's thread: %q", r.Content)
	}
	h.slashIn(northThread, carol, "tournament", opt("action", "join"))
	if n, s := len(get(1).State.Players), len(get(2).State.Players); n != 3 || s != 2 {
		t.Fatalf("North has %d players, South %d; want 3 and 2", n, s)
	}

	// One sweep at the deadline starts both.
	h.clock.Advance(25 * time.Hour)
	h.bot.Sweep(t.Context())
	// game returns the tournament's game of the current round with both
	// users in it, once created.
	game := func(id storage.TournamentID, round int) *storage.Game {
		t.Helper()
		var gid uint64
		waitFor(t, fmt.Sprintf("tournament %d's round %d", id, round), func() bool {
			tr := get(id)
			for _, g := range tr.State.Games {
				if tr.State.Round == round && g.Round == round && g.GameID != 0 && g.Result == 0 {
					gid = g.GameID
					return true
				}
			}
			return false
		})
		g, err := h.store.GetGame(t.Context(), storage.GameID(gid))
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	south := game(2, 1)
	if south.ThreadID != southThread || south.TournamentID != 2 {
		t.Fatalf("South's game in thread %q of tournament %d", south.ThreadID, south.TournamentID)
	}
	// North's round robin of three: the round where alice meets bob, so
	// that the two have a game in each thread.
	var north *storage.Game
	for round := 1; ; round++ {
		north = game(1, round)
		if north.ThreadID != northThread || north.TournamentID != 1 {
			t.Fatalf("North's game in thread %q of tournament %d", north.ThreadID, north.TournamentID)
		}
		if north.SideOf(alice) != 0 && north.SideOf(bob) != 0 {
			break
		}
		if round == 3 {
			t.Fatal("alice and bob never meet in North")
		}
		resignGame(t, h, carol, north.ID)
	}
	// Both games are in the channel too: there a move needs the game
	// (or is the only one where it is the player's turn).
	for _, c := range []struct {
		thread      string
		id, otherID storage.GameID
	}{{northThread, north.ID, south.ID}, {southThread, south.ID, north.ID}} {
		g, _ := h.store.GetGame(t.Context(), c.id)
		other, _ := h.store.GetGame(t.Context(), c.otherID)
		m := g.Tafl().LegalMoves()[0].String()
		r, _ := h.slashIn(c.thread, g.ToMove().UserID, "move", opt("move", m))
		if !strings.Contains(r.Content, fmt.Sprintf("**Game %d**", c.id)) || !strings.Contains(r.Content, m) {
			t.Errorf("a move typed in game %d's thread: %q", c.id, r.Content)
		}
		if after, _ := h.store.GetGame(t.Context(), c.id); after.Ply() != g.Ply()+1 {
			t.Errorf("game %d: ply %d after a move in its thread, want %d", c.id, after.Ply(), g.Ply()+1)
		}
		if after, _ := h.store.GetGame(t.Context(), c.otherID); after.Ply() != other.Ply() {
			t.Errorf("game %d (the other thread's) moved: ply %d, want %d", c.otherID, after.Ply(), other.Ply())
		}
		if r, _ := h.slashIn(c.thread, alice, "board"); !strings.Contains(r.Content, fmt.Sprintf("**Game %d**", c.id)) {
			t.Errorf("the board in game %d's thread: %q", c.id, r.Content)
		}
	}
	north, _ = h.store.GetGame(t.Context(), north.ID)
	south, _ = h.store.GetGame(t.Context(), south.ID)
	// In the channel alice has both games against bob, in brandubh: the
	// picker names their tournaments, or the two would read alike.
	r, _ := h.slash(alice, "board")
	var labels []string
	if len(r.Components) == 1 {
		if sel, ok := r.Components[0].(*discordgo.ActionsRow).Components[0].(*discordgo.SelectMenu); ok {
			for _, o := range sel.Options {
				labels = append(labels, o.Label)
			}
		}
	}
	if want := []string{fmt.Sprintf("#%d brandubh vs user222 · 🏆 North Cup · ", north.ID), fmt.Sprintf("#%d brandubh vs user222 · 🏆 South Cup · ", south.ID)}; len(labels) != 2 ||
		!strings.HasPrefix(labels[0], want[0]) && !strings.HasPrefix(labels[1], want[0]) || !strings.HasPrefix(labels[0], want[1]) && !strings.HasPrefix(labels[1], want[1]) {
		t.Errorf("the board in the channel, where alice has two games: %q, choices %q; want %q", r.Content, labels, want)
	}
	// The game option's list names them too.
	focused := opt("game", "")
	focused.Focused = true
	in := h.slashInteraction(alice, "board", focused)
	in.Type = discordgo.InteractionApplicationCommandAutocomplete
	h.bot.HandleGateway(t.Context(), in)
	c, _ := h.fake.callback(t, in.ID)
	var names []string
	for _, ch := range c.Choices {
		names = append(names, ch.Name)
	}
	if all := strings.Join(names, "\n"); len(names) != 2 || !strings.Contains(all, "🏆 North Cup") || !strings.Contains(all, "🏆 South Cup") {
		t.Errorf("the game option's choices: %q", names)
	}

	// Standings: each thread its own tournament's; the channel asks.
	for _, c := range []struct{ thread, name string }{{northThread, "North Cup"}, {southThread, "South Cup"}} {
		if r, _ := h.slashIn(c.thread, dave, "tournament"); !strings.Contains(r.Content, "Standings of **"+c.name+"**") {
			t.Errorf("standings in %s's thread: %q", c.name, r.Content)
		}
	}
	if r, _ := h.slash(dave, "tournament"); !strings.Contains(r.Content, "pick one with the `tournament` option") {
		t.Errorf("standings in the channel: %q", r.Content)
	}

	// North's game ends by a resignation typed in its thread: North's
	// standings come in North's thread, not in South's, and South plays on.
	ps, _ := posts(t, h, southThread)
	southPosts := len(ps)
	loser := north.ToMove().UserID
	r, _ = h.slashIn(northThread, loser, "resign")
	if !strings.Contains(r.Content, fmt.Sprintf("game %d", north.ID)) && !strings.Contains(r.Content, fmt.Sprintf("Game %d", north.ID)) {
		t.Errorf("resigning in North's thread asks about %q", r.Content)
	}
	if r, _ := h.clickIn(northThread, loser, customIDs(r.Components)["Yes, resign"], true); !strings.Contains(r.Content, "You resigned") {
		t.Fatalf("resigning: %q", r.Content)
	}
	waitFor(t, "North's standings in its thread", func() bool {
		ps, _ := posts(t, h, northThread)
		for _, m := range ps {
			if strings.HasPrefix(m.Content, fmt.Sprintf("Game %d is over. ", north.ID)) && strings.Contains(m.Content, "Standings of **North Cup**") {
				return true
			}
		}
		return false
	})
	if g, _ := h.store.GetGame(t.Context(), south.ID); !g.Active() || g.Ply() != south.Ply() {
		t.Errorf("South's game after North's ended: active %v, ply %d", g.Active(), g.Ply())
	}
	if tr := get(2); tr.State.Round != 1 || tr.State.Finished {
		t.Errorf("South after North's game: round %d, finished %v", tr.State.Round, tr.State.Finished)
	}
	ps, _ = posts(t, h, southThread)
	for _, m := range ps[southPosts:] {
		t.Errorf("posted in South's thread after North's game: %q", m.Content)
	}

	// alice withdraws from South, in its thread: her South game is
	// resigned and South ends; she stays in North.
	if r, _ := h.slashIn(southThread, alice, "tournament", opt("action", "withdraw")); !strings.Contains(r.Content, "**South Cup**") {
		t.Errorf("withdrawing in South's thread: %q", r.Content)
	}
	waitFor(t, "South's end", func() bool { return get(2).State.Finished })
	if p := get(1).State.Player(alice); p == nil || p.Withdrawn != 0 {
		t.Errorf("alice in North after withdrawing from South: %+v", p)
	}
}

// TestTournamentAutocompleteInADM: the tournament option's list names the
// server's tournaments; typed in a direct message, where no server's
// tournament can be played, it names none (it listed every server's, read
// from every tournament stored).
func TestTournamentAutocompleteInADM(t *testing.T) {
	h := newHarness(t, nil)
	h.slash(alice, "tournament", opt("action", "create"), opt("name", "North Cup"), opt("format", "swiss"),
		opt("variant", "brandubh"), opt("days", 1.0), opt("signup", 24.0))
	complete := func(dm bool) []string {
		t.Helper()
		focused := opt("tournament", "")
		focused.Focused = true
		in := h.slashInteraction(alice, "tournament", opt("action", "join"), focused)
		in.Type = discordgo.InteractionApplicationCommandAutocomplete
		if dm {
			in.GuildID, in.ChannelID, in.User, in.Member = "", "dm-111", in.Member.User, nil
		}
		h.bot.HandleGateway(t.Context(), in)
		c, _ := h.fake.callback(t, in.ID)
		var names []string
		for _, ch := range c.Choices {
			names = append(names, ch.Name)
		}
		return names
	}
	if got := complete(false); len(got) != 1 || !strings.Contains(got[0], "North Cup") {
		t.Errorf("the tournament option in the server lists %q, want North Cup", got)
	}
	if got := complete(true); len(got) != 0 {
		t.Errorf("the tournament option in a DM lists %q, want nothing", got)
	}
}

// TestTournamentStartedBeforeItsThreadIsSaved: the create command's
// follow-up looks up the announcement, starts the thread on it and saves
// both; a start that came first (Discord slow to start the thread) played
// round 1 in the channel, while the later rounds went to the thread, and
// the announcement, which nobody could edit before it was saved, kept its
// Join button and "0 players" after the start. Round 1 waits for the
// thread, and the announcement is brought up to date once saved.
func TestTournamentStartedBeforeItsThreadIsSaved(t *testing.T) {
	h := newHarness(t, nil)
	release := h.fake.hold("POST", "/threads") // Discord is slow to start the thread
	h.slash(alice, "tournament", opt("action", "create"), opt("name", "Quick Cup"), opt("format", "round-robin"),
		opt("variant", "brandubh"), opt("days", 1.0))
	for _, u := range []string{alice, bob} {
		if r, _ := h.slash(u, "tournament", opt("action", "join")); !strings.Contains(r.Content, "You joined **Quick Cup**") {
			t.Fatalf("%s joining: %q", u, r.Content)
		}
	}
	if r, _ := h.slash(alice, "tournament", opt("action", "start")); !strings.Contains(r.Content, "You started **Quick Cup**") {
		t.Fatalf("starting: %q", r.Content)
	}
	tour := func() *storage.Tournament {
		tr, err := h.store.GetTournament(t.Context(), 1)
		if err != nil {
			t.Fatal(err)
		}
		return tr
	}
	game := func() storage.GameID {
		for _, g := range tour().State.Games {
			if g.GameID != 0 {
				return storage.GameID(g.GameID)
			}
		}
		return 0
	}
	// Round 1 is played at once (in the channel), or waits for the thread.
	waitFor(t, "round 1, or its wait for the thread", func() bool {
		return game() != 0 || strings.Contains(h.logs.String(), "first round waits for its announcement")
	})
	if tour().ThreadID != "" {
		t.Fatal("the thread was saved while Discord held its start")
	}
	release()
	waitFor(t, "the thread and round 1's game", func() bool { return tour().ThreadID != "" && game() != 0 })
	tr := tour()
	g, err := h.store.GetGame(t.Context(), game())
	if err != nil {
		t.Fatal(err)
	}
	if tr.ThreadID == "" || g.ThreadID != tr.ThreadID {
		t.Errorf("round 1's game is in thread %q, the tournament's thread is %q", g.ThreadID, tr.ThreadID)
	}
	inChannel := func() (posts []string) {
		for _, rec := range h.fake.requests("/channels/" + channel + "/messages") {
			if rec.Method == "POST" && strings.HasSuffix(rec.Path, "/channels/"+channel+"/messages") {
				posts = append(posts, string(rec.Body))
			}
		}
		return posts
	}
	waitFor(t, "round 1's posts", func() bool {
		return len(h.fake.requests("/channels/"+tr.ThreadID+"/messages")) >= 2 || len(inChannel()) > 0
	})
	for _, p := range inChannel() {
		t.Errorf("a post in the channel, want all in the thread: %s", p)
	}
	// The announcement is edited to say the tournament is under way, its
	// buttons off.
	waitFor(t, "the announcement's edit", func() bool {
		for _, rec := range h.fake.requests("/channels/" + channel + "/messages/" + tr.MessageID) {
			if rec.Method == "PATCH" {
				return strings.Contains(string(rec.Body), "Under way: round 1. Players (2)")
			}
		}
		return false
	})
}

// TestAnnouncementEditsEndNewest: each sign-up and the start edit the
// announcement with the tournament as their own change left it; edits
// sent at once (Discord slow to answer) arrived in any order, and the
// announcement could be left saying "2 players" with Join on after the
// tournament had started. One edit at a time, each of the newest state.
func TestAnnouncementEditsEndNewest(t *testing.T) {
	h := newHarness(t, nil)
	h.slash(alice, "tournament", opt("action", "create"), opt("name", "Slow Cup"), opt("format", "round-robin"),
		opt("variant", "brandubh"), opt("days", 1.0))
	tour := func() *storage.Tournament {
		tr, err := h.store.GetTournament(t.Context(), 1)
		if err != nil {
			t.Fatal(err)
		}
		return tr
	}
	waitFor(t, "the announcement saved", func() bool { return tour().ThreadID != "" })
	path := "/channels/" + channel + "/messages/" + tour().MessageID
	release := h.fake.hold("PATCH", path) // Discord is slow to edit it
	for _, u := range []string{alice, bob} {
		h.slash(u, "tournament", opt("action", "join"))
	}
	h.slash(alice, "tournament", opt("action", "start"))
	release()
	edits := func() (bodies []string) {
		for _, rec := range h.fake.requests(path) {
			if rec.Method == "PATCH" {
				bodies = append(bodies, string(rec.Body))
			}
		}
		return bodies
	}
	waitFor(t, "three edits", func() bool { return len(edits()) == 3 })
	under := 0
	for _, e := range edits() {
		if strings.Contains(e, "Under way: round 1") {
			under++
		}
	}
	if e := edits(); under < 2 || !strings.Contains(e[2], "Under way: round 1") {
		t.Errorf("%d of the 3 edits say the tournament is under way, want the last and every one sent after the start; the edits:\n%s", under, strings.Join(e, "\n"))
	}
}

// TestSlowAnnouncementEditHoldsUpNoOtherTournament: the announcement
// edits of one tournament go one at a time, but an edit Discord is slow
// to answer held every other tournament's edit in the process too
// (another channel's, another server's) and the clock sweep's, which
// edits the announcement of each tournament it starts.
func TestSlowAnnouncementEditHoldsUpNoOtherTournament(t *testing.T) {
	h := newHarness(t, nil)
	const other = "902" // another channel
	for _, ch := range []string{channel, other} {
		h.slashIn(ch, alice, "tournament", opt("action", "create"), opt("name", "Cup in "+ch), opt("format", "round-robin"),
			opt("variant", "brandubh"), opt("days", 1.0))
	}
	tour := func(id storage.TournamentID) *storage.Tournament {
		tr, err := h.store.GetTournament(t.Context(), id)
		if err != nil {
			t.Fatal(err)
		}
		return tr
	}
	waitFor(t, "both announcements saved", func() bool { return tour(1).MessageID != "" && tour(2).MessageID != "" })
	edits := func(id storage.TournamentID) (n int) {
		tr := tour(id)
		for _, rec := range h.fake.requests("/channels/" + tr.ChannelID + "/messages/" + tr.MessageID) {
			if rec.Method == "PATCH" {
				n++
			}
		}
		return n
	}
	release := h.fake.hold("PATCH", "/channels/"+channel+"/messages/"+tour(1).MessageID) // Discord slow to edit the first
	h.slashIn(channel, bob, "tournament", opt("action", "join"), opt("tournament", "1"))
	h.slashIn(other, bob, "tournament", opt("action", "join"), opt("tournament", "2"))
	// The old lock let the second edit go only once discordgo's client
	// gave the first up (after 20 s), logging that it failed.
	waitFor(t, "the second tournament's announcement edited", func() bool { return edits(2) == 1 })
	if failed := h.logs.lines("editing a tournament announcement"); len(failed) != 0 || edits(1) != 0 {
		t.Errorf("the second tournament's edit waited for the first's to fail: %q", failed)
	}
	release()
}
