package bot_test

import (
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/taflbot/taflbot/bot"
	"github.com/taflbot/taflbot/storage"
	"github.com/taflbot/taflbot/tournament"
)

// fourPlayerCup creates a round robin of alice, bob, carol and dave (two
// games a round) and returns its thread.
func fourPlayerCup(t *testing.T, h *harness) string {
	t.Helper()
	h.slash(alice, "tournament", opt("action", "create"), opt("name", "Cup"), opt("format", "round-robin"), opt("variant", "brandubh"))
	for _, u := range []string{alice, bob, carol, dave} {
		h.slash(u, "tournament", opt("action", "join"))
	}
	waitFor(t, "the tournament thread", func() bool { return onlyTournament(t, h).ThreadID != "" })
	h.settle()
	return onlyTournament(t, h).ThreadID
}

// sweepTwice sweeps with the harness's bot and with a second process on
// the same storage at the same time, twice each.
func sweepTwice(t *testing.T, h *harness) {
	t.Helper()
	other := h.otherProcess(nil)
	var wg sync.WaitGroup
	for _, b := range []*bot.Bot{h.bot, other, h.bot, other} {
		wg.Go(func() { b.Sweep(t.Context()) })
	}
	wg.Wait()
}

// roundPostedOnce checks that round 1's announcement and its two games'
// first boards were posted in thread once each, the announcement first,
// each board headed as the round's boards are and pinging both players
// (of several processes at once, one may post a board while another
// posts the announcement: the tests sweep with one first),
// and that nothing is due any more.
func roundPostedOnce(t *testing.T, h *harness, thread string) {
	t.Helper()
	ps, recs := posts(t, h, thread)
	announced, boards := -1, 0
	for i, p := range ps {
		switch {
		case strings.Contains(p.Content, "**Cup**, round 1: 2 games."):
			if announced >= 0 {
				t.Errorf("round 1 announced twice: %q", p.Content)
			}
			announced = i
		case strings.Contains(p.Content, "Tournament **Cup**, round 1:"):
			boards++
			if announced < 0 || announced > i {
				t.Errorf("a board posted before the round's announcement: %q", p.Content)
			}
			if got := allowedUsers(t, recs[i]); len(got) != 2 {
				t.Errorf("round 1's board %q pings %v, want both its players", p.Content, got)
			}
		}
	}
	if announced < 0 || boards != 2 {
		var all []string
		for _, p := range ps {
			all = append(all, p.Content)
		}
		t.Fatalf("announced %v, %d boards, want the announcement and 2 boards, once each; posted:\n%s", announced >= 0, boards, strings.Join(all, "\n"))
	}
	tr := onlyTournament(t, h)
	if tr.RoundDue != 0 {
		t.Errorf("round %d still due", tr.RoundDue)
	}
	for _, p := range tr.State.Games {
		if p.Round != 1 {
			continue
		}
		if g, err := h.store.GetGame(t.Context(), storage.GameID(p.GameID)); err != nil || g.BoardDue {
			t.Errorf("game %d: due %v, %v", p.GameID, g != nil && g.BoardDue, err)
		}
	}
}

// TestTournamentRoundPostedAfterAStop: a process stopped (a crash, a
// SIGKILL) after a round's games were saved and before the round's
// announcement and the games' first boards were posted left them
// unposted for good: after the restart playRound found no game to create
// and returned, and the players never learnt that the round had begun.
// The round's announcement and first boards are due with the games, in
// the same transaction, and the next sweep posts what is missing, once,
// whichever of several processes sweep. The same holds when Discord did
// not take them (the announcement was logged and lost).
func TestTournamentRoundPostedAfterAStop(t *testing.T) {
	t.Run("stopped before posting", func(t *testing.T) {
		h := newHarness(t, nil)
		thread := fourPlayerCup(t, h)
		// The state a process leaves when stopped just after playRound's
		// CreateTournamentGames: round 1 paired, its games saved with
		// their first boards due, nothing posted.
		h.stop()
		st, err := storage.Open(h.path, storage.Options{Now: h.clock.Now})
		if err != nil {
			t.Fatal(err)
		}
		tr := onlyTournamentIn(t, st)
		if _, err := st.UpdateTournament(t.Context(), tr.ID, func(t *storage.Tournament) error {
			_, err := t.State.Start()
			return err
		}); err != nil {
			t.Fatal(err)
		}
		if _, games, err := st.CreateTournamentGames(t.Context(), tr.ID, func(t *storage.Tournament, p tournament.Game) (*storage.Game, error) {
			g, err := storage.NewGame(t.Variant, t.Layout)
			if err != nil {
				return nil, err
			}
			g.GuildID, g.ChannelID, g.ThreadID, g.MoveTime = t.GuildID, t.ChannelID, t.ThreadID, t.MoveTime
			g.Attackers, g.Defenders = storage.Human(p.Attackers), storage.Human(p.Defenders)
			g.BoardDue = true
			return g, nil
		}); err != nil || len(games) != 2 {
			t.Fatalf("%d games, %v", len(games), err)
		}
		if err := st.Close(); err != nil {
			t.Fatal(err)
		}
		before := len(h.fake.requests("/channels/" + thread + "/messages"))
		h.start() // its start-up sweep
		h.settle()
		sweepTwice(t, h)
		if len(h.fake.requests("/channels/"+thread+"/messages")) == before {
			t.Fatal("nothing posted in the tournament's thread after the restart")
		}
		roundPostedOnce(t, h, thread)
	})
	t.Run("Discord did not take them", func(t *testing.T) {
		h := newHarness(t, nil)
		thread := fourPlayerCup(t, h)
		// The announcement and both boards fail for longer than a call's
		// retries.
		h.fake.inject("POST", "/channels/"+thread+"/messages", 500, 0, 3*(len(testWaits)+1))
		h.slash(alice, "tournament", opt("action", "start"))
		waitFor(t, "round 1's games", func() bool {
			tr := onlyTournament(t, h)
			return tr.State.Round == 1 && !slices.ContainsFunc(tr.State.Games, func(g tournament.Game) bool { return g.Round == 1 && g.GameID == 0 })
		})
		h.settle()
		if ps, _ := posts(t, h, thread); len(ps) != 0 {
			t.Fatalf("%d posts in the thread while Discord failed", len(ps))
		}
		h.bot.Sweep(t.Context()) // one process: the announcement goes first
		sweepTwice(t, h)
		roundPostedOnce(t, h, thread)
	})
}

func onlyTournamentIn(t *testing.T, st *storage.Store) *storage.Tournament {
	t.Helper()
	all, err := st.Tournaments(t.Context(), guild, false)
	if err != nil || len(all) != 1 {
		t.Fatalf("%d tournaments, %v", len(all), err)
	}
	return all[0]
}
