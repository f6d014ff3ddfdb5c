package bot_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/storage"
)

// TestNewGameAskedInAThread: a challenge or /tafl ai typed inside a
// thread, while the server wants a thread per game, is played as a
// rematch made in its game's thread is: the first board goes to the
// thread's parent channel and gets a thread of its own there, and the
// answer in the thread says where. Before, the bot asked Discord for a
// thread inside the thread (Discord refuses: the fake does too), logged
// a warning and left the game in the thread. In a forum's post (whose
// parent holds no messages), and with threads off, the game is played in
// the thread it was asked in, and no thread is asked for.
func TestNewGameAskedInAThread(t *testing.T) {
	const userThread, forum, post = "user-thread", "forum", "forum-post"
	setup := func(t *testing.T, threads bool) *harness {
		h := newHarness(t, newPolicyEngine(3))
		h.fake.addChannel(userThread, discordgo.ChannelTypeGuildPublicThread, channel)
		h.fake.addChannel(forum, discordgo.ChannelTypeGuildForum, "")
		h.fake.addChannel(post, discordgo.ChannelTypeGuildPublicThread, forum)
		h.slash(carol, "settings", opt("threads", threads))
		return h
	}
	// check looks at game 1 once it has settled: played in channel
	// playedIn, in a thread of its own or none, no thread asked for inside
	// a thread, nothing refused and no warning logged.
	check := func(t *testing.T, h *harness, answer *resp, playedIn string, ownThread bool) {
		t.Helper()
		var g *storage.Game
		waitFor(t, "the game's thread", func() bool {
			g, _ = h.store.GetGame(t.Context(), 1)
			return g != nil && (!ownThread || g.ThreadID != "")
		})
		if ownThread && firstBoardIn(t, h, playedIn, g.ID) == nil {
			t.Errorf("the first board is not in %s", playedIn)
		}
		if g.ChannelID != playedIn || (g.ThreadID != "") != ownThread {
			t.Errorf("game 1 is in channel %q, thread %q; want channel %q, own thread %v", g.ChannelID, g.ThreadID, playedIn, ownThread)
		}
		if ownThread && !strings.Contains(answer.Content, fmt.Sprintf("Game 1 is played in <#%s>.", g.ThreadID)) {
			t.Errorf("the answer in the thread: %q", answer.Content)
		}
		for _, rec := range h.fake.requests("/threads") {
			if !strings.HasPrefix(rec.Path, "/api/v9/channels/"+channel+"/") || rec.Status != 200 {
				t.Errorf("%s %s answered %d", rec.Method, rec.Path, rec.Status)
			}
		}
		if lines := h.logs.lines(`"level":"WARN"`); len(lines) != 0 {
			t.Errorf("warnings: %v", lines)
		}
	}

	t.Run("challenge in a thread", func(t *testing.T) {
		h := setup(t, true)
		r, _ := h.slashIn(userThread, alice, "challenge", opt("opponent", bob), opt("variant", "brandubh"))
		accept := customIDs(r.Components)["Accept"]
		if accept == "" {
			t.Fatalf("the challenge: %q", r.Content)
		}
		check(t, h, clickIn(t, h, bob, userThread, accept), channel, true)
	})
	t.Run("ai in a thread", func(t *testing.T) {
		h := setup(t, true)
		r, _ := h.slashIn(userThread, alice, "ai", opt("variant", "brandubh"), opt("level", "easy"))
		check(t, h, r, channel, true)
	})
	t.Run("ai in a forum's post", func(t *testing.T) {
		h := setup(t, true)
		r, _ := h.slashIn(post, alice, "ai", opt("variant", "brandubh"), opt("level", "easy"), opt("side", "defenders"))
		// The engine's move comes after the game's thread was decided.
		waitFor(t, "the engine's move", func() bool { g, _ := h.store.GetGame(t.Context(), 1); return g != nil && g.Ply() == 1 })
		check(t, h, r, post, false)
	})
	t.Run("challenge in a thread, threads off", func(t *testing.T) {
		h := setup(t, false)
		r, _ := h.slashIn(userThread, alice, "challenge", opt("opponent", bob), opt("variant", "brandubh"))
		r = clickIn(t, h, bob, userThread, customIDs(r.Components)["Accept"])
		if !strings.Contains(r.Content, "The game begins!") || strings.Contains(r.Content, "is played in") {
			t.Errorf("accepted: %q", r.Content)
		}
		g, _ := h.store.GetGame(t.Context(), 1)
		if g == nil || g.ChannelID != userThread || g.ThreadID != "" || len(h.fake.requests("/threads")) != 0 {
			t.Errorf("game %+v, %d threads asked for; want it in %s", g, len(h.fake.requests("/threads")), userThread)
		}
	})
}

// TestTournamentCreatedInAThread: a tournament created inside a thread is
// played in that thread; the bot does not ask Discord for a thread inside
// it (before, it did, and Discord refused).
func TestTournamentCreatedInAThread(t *testing.T) {
	h := newHarness(t, nil)
	const userThread = "user-thread"
	h.fake.addChannel(userThread, discordgo.ChannelTypeGuildPublicThread, channel)
	h.slashIn(userThread, alice, "tournament", opt("action", "create"), opt("name", "Q"), opt("variant", "brandubh"))
	waitFor(t, "the announcement's message", func() bool {
		tr, err := h.store.GetTournament(t.Context(), 1)
		return err == nil && tr.MessageID != ""
	})
	tr, _ := h.store.GetTournament(t.Context(), 1)
	if tr.ChannelID != userThread || tr.ThreadID != "" || len(h.fake.requests("/threads")) != 0 {
		t.Errorf("tournament in channel %q, thread %q; %d threads asked for", tr.ChannelID, tr.ThreadID, len(h.fake.requests("/threads")))
	}
	if r, _ := h.slashIn(userThread, bob, "tournament", opt("action", "join")); !strings.Contains(r.Content, "You joined **Q**") {
		t.Errorf("joining in the thread: %q", r.Content)
	}
}

// TestTournamentNotInAPrivateThread: a tournament created in a private
// thread was played there, where the bot, not a member, may answer but
// not post on its own (Discord 50001, as the fake): its rounds, boards
// and standings were refused. Its creation there is refused, naming the
// parent channel, and creates nothing; in a public thread it is played
// there as before (TestTournamentCreatedInAThread).
func TestTournamentNotInAPrivateThread(t *testing.T) {
	h := newHarness(t, nil)
	const private = "private-thread"
	h.fake.addChannel(private, discordgo.ChannelTypeGuildPrivateThread, channel)
	r, _ := h.slashIn(private, alice, "tournament", opt("action", "create"), opt("name", "Q"), opt("variant", "brandubh"))
	if !isEphemeral(r) || !strings.Contains(r.Content, "I can't run a tournament in a private thread") || !strings.Contains(r.Content, "Create it in <#"+channel+">") {
		t.Errorf("creating a tournament in a private thread: %q", r.Content)
	}
	h.settle()
	if ts, err := h.store.Tournaments(t.Context(), guild, false); err != nil || len(ts) != 0 {
		t.Errorf("tournaments after the refusal: %d, %v", len(ts), err)
	}
}

// TestHTTPNewGameChannelLookups: in HTTP mode (no gateway cache), a new
// game in a server with a thread per game asked Discord for its channel
// (GET /channels/ID) twice, to learn whether it is a thread. The
// interaction's payload says so ("channel", with its type): a game asked
// for with it asks Discord nothing; without it (an older payload) the
// channel is asked for once and then remembered.
func TestHTTPNewGameChannelLookups(t *testing.T) {
	hb := newHTTPBot(t)
	hb.h.slash(carol, "settings", opt("threads", true))
	lookups := func() int {
		n := 0
		for _, r := range hb.h.fake.requests("/channels/" + channel) {
			if r.Method == "GET" && r.Path == "/api/v9/channels/"+channel {
				n++
			}
		}
		return n
	}
	newGame := func(user string, id storage.GameID, withChannel bool) {
		t.Helper()
		in := hb.h.slashInteraction(user, "ai", opt("variant", "brandubh"), opt("level", "easy"))
		body, _ := json.Marshal(in)
		if withChannel {
			var m map[string]any
			json.Unmarshal(body, &m)
			m["channel"] = map[string]any{"id": channel, "type": 0, "name": "general", "parent_id": "category-1"}
			body, _ = json.Marshal(m)
		}
		if resp, out := hb.post(t, body, hb.priv, hb.h.clock.Now()); resp.StatusCode != 200 {
			t.Fatalf("status %d: %s", resp.StatusCode, out)
		}
		waitFor(t, fmt.Sprintf("game %d's thread", id), func() bool {
			g, _ := hb.h.store.GetGame(t.Context(), id)
			return g != nil && g.ThreadID != "" && g.ChannelID == channel
		})
	}
	newGame(alice, 1, true)
	if n := lookups(); n != 0 {
		t.Errorf("a game asked for with the channel in the payload: %d GET /channels/%s, want 0", n, channel)
	}
	hb2 := newHTTPBot(t) // a process that has seen nothing yet
	hb2.h.slash(carol, "settings", opt("threads", true))
	hb = hb2
	newGame(alice, 1, false)
	newGame(bob, 2, false)
	if n := lookups(); n != 1 {
		t.Errorf("two games asked for without the channel in the payload: %d GET /channels/%s, want 1", n, channel)
	}
}

// TestNewGameInAThreadWhereTheParentRefuses: a challenge or /tafl ai
// typed in a thread, while the server wants a thread per game, goes to
// the thread's parent channel, whose permissions the interaction does
// not tell. Where Discord refused the first board there (50013), the
// game was made all the same, its clock running, and the answer said
// "Game 1 is played in #parent", where nothing was posted. The game is
// now played in the thread it was asked in, as with threads off, its
// first board the answer, saying why; where the bot may not post in
// the thread (nor in the game's thread: a thread's permissions are its
// parent's), the command is refused and nothing is made.
func TestNewGameInAThreadWhereTheParentRefuses(t *testing.T) {
	const userThread = "user-thread"
	const note = "I can't post in <#" + channel + ">, so this game is played here in the thread."
	setup := func(t *testing.T) *harness {
		h := newHarness(t, newPolicyEngine(3))
		h.fake.addChannel(userThread, discordgo.ChannelTypeGuildPublicThread, channel)
		h.slash(carol, "settings", opt("threads", true))
		h.fake.inject("POST", "/channels/"+channel+"/messages", 403, 50013, 1)
		return h
	}
	// check looks at game 1 once settled: played in the thread, its first
	// board the answer r (with the note), and the game's next message
	// (the engine's move, or the challenger's turn) in the thread too.
	check := func(t *testing.T, h *harness, r *resp) {
		t.Helper()
		h.settle()
		g, err := h.store.GetGame(t.Context(), 1)
		if err != nil {
			t.Fatalf("no game: %v; answer %q", err, r.Content)
		}
		if g.ChannelID != userThread || g.ThreadID != "" || len(h.fake.requests("/threads")) != 0 {
			t.Errorf("game in channel %q, thread %q, %d threads asked for; want it in %s", g.ChannelID, g.ThreadID, len(h.fake.requests("/threads")), userThread)
		}
		if isEphemeral(r) || !strings.Contains(r.Content, note) || strings.Contains(r.Content, "is played in") || customIDs(r.Components)["Move"] == "" {
			t.Errorf("the answer is not the game's board saying why it is here: %q", r.Content)
		}
		waitFor(t, "the game's next message in the thread", func() bool {
			for _, rec := range h.fake.requests("/channels/" + userThread + "/messages") {
				if rec.Method == "POST" && rec.Status == 200 {
					return true
				}
			}
			return false
		})
	}
	t.Run("ai", func(t *testing.T) {
		h := setup(t)
		r, _ := h.slashIn(userThread, alice, "ai", opt("variant", "brandubh"), opt("level", "easy"), opt("side", "defenders"))
		check(t, h, r)
	})
	t.Run("challenge", func(t *testing.T) {
		h := setup(t)
		r, _ := h.slashIn(userThread, alice, "challenge", opt("opponent", bob), opt("variant", "brandubh"), opt("side", "attackers"))
		accept := customIDs(r.Components)["Accept"]
		if accept == "" {
			t.Fatalf("the challenge: %q", r.Content)
		}
		check(t, h, clickIn(t, h, bob, userThread, accept))
	})
	t.Run("no posting in threads", func(t *testing.T) {
		h := setup(t)
		in := h.slashInteraction(alice, "ai", opt("variant", "brandubh"), opt("level", "easy"))
		in.ChannelID, in.AppPermissions = userThread, (postPerms|discordgo.PermissionCreatePublicThreads)&^discordgo.PermissionSendMessagesInThreads
		h.bot.HandleGateway(t.Context(), in)
		r, _ := h.fake.callback(t, in.ID)
		if !isEphemeral(r) || !strings.Contains(r.Content, "I can't start a game in this channel: here I lack **Send Messages in Threads**") {
			t.Errorf("ai in a thread where the bot may not post in threads: %q", r.Content)
		}
		if g, _ := h.store.GetGame(t.Context(), 1); g != nil {
			t.Errorf("game 1 was made, in %s", g.ChannelID)
		}
	})
}

// TestNewGameInPrivateOrAnnouncementThread: a game asked for in an
// announcement thread, while the server wants a thread per game, had
// its boards posted in the announcement channel, where the members who
// may post in its threads may not; it is played in the thread it was
// asked in (no thread inside it). A game asked for in a private thread
// with threads off was played in the thread, where the bot, not a
// member, may answer interactions but not post on its own (Discord:
// 50001, as the fake): the engine's moves went unseen. It is played in
// the parent channel, which everyone in the thread sees; with a thread
// per game, in a public thread of its own there, as before.
func TestNewGameInPrivateOrAnnouncementThread(t *testing.T) {
	const news, newsThread, private = "news", "news-thread", "private-thread"
	setup := func(t *testing.T, threads bool) *harness {
		h := newHarness(t, newPolicyEngine(3))
		h.fake.addChannel(news, discordgo.ChannelTypeGuildNews, "")
		h.fake.addChannel(newsThread, discordgo.ChannelTypeGuildNewsThread, news)
		h.fake.addChannel(private, discordgo.ChannelTypeGuildPrivateThread, channel)
		h.slash(carol, "settings", opt("threads", threads))
		return h
	}
	// played checks game 1 once settled: in channel ch, in a thread of its
	// own or none, and nothing refused.
	played := func(t *testing.T, h *harness, ch string, ownThread bool) *storage.Game {
		t.Helper()
		h.settle()
		g, err := h.store.GetGame(t.Context(), 1)
		if err != nil {
			t.Fatal(err)
		}
		if g.ChannelID != ch || (g.ThreadID != "") != ownThread {
			t.Errorf("game 1 is in channel %q, thread %q; want channel %q, own thread %v", g.ChannelID, g.ThreadID, ch, ownThread)
		}
		for _, rec := range h.fake.requests("/channels/") {
			if rec.Status >= 400 {
				t.Errorf("%s %s answered %d", rec.Method, rec.Path, rec.Status)
			}
		}
		return g
	}
	t.Run("challenge in an announcement thread", func(t *testing.T) {
		h := setup(t, true)
		r, _ := h.slashIn(newsThread, alice, "challenge", opt("opponent", bob), opt("variant", "brandubh"))
		r = clickIn(t, h, bob, newsThread, customIDs(r.Components)["Accept"])
		if !strings.Contains(r.Content, "The game begins!") || strings.Contains(r.Content, "is played in") {
			t.Errorf("accepted: %q", r.Content)
		}
		played(t, h, newsThread, false)
		if n := len(h.fake.requests("/channels/" + news + "/")); n != 0 {
			t.Errorf("%d requests in the announcement channel", n)
		}
	})
	t.Run("ai in a private thread, threads off", func(t *testing.T) {
		h := setup(t, false)
		r, _ := h.slashIn(private, alice, "ai", opt("variant", "brandubh"), opt("level", "easy"), opt("side", "defenders"))
		if !strings.Contains(r.Content, "Game 1 is played in <#"+channel+">.") {
			t.Errorf("the answer in the private thread: %q", r.Content)
		}
		waitFor(t, "the engine's move", func() bool { g, _ := h.store.GetGame(t.Context(), 1); return g != nil && g.Ply() == 1 })
		played(t, h, channel, false)
		if firstBoardIn(t, h, channel, 1) == nil {
			t.Errorf("the first board is not in %s", channel)
		}
	})
	t.Run("challenge in a private thread", func(t *testing.T) {
		h := setup(t, true)
		r, _ := h.slashIn(private, alice, "challenge", opt("opponent", bob), opt("variant", "brandubh"))
		r = clickIn(t, h, bob, private, customIDs(r.Components)["Accept"])
		waitFor(t, "the game's thread", func() bool { g, _ := h.store.GetGame(t.Context(), 1); return g != nil && g.ThreadID != "" })
		g := played(t, h, channel, true)
		if !strings.Contains(r.Content, "Game 1 is played in <#"+g.ThreadID+">.") {
			t.Errorf("accepted: %q", r.Content)
		}
	})
}
