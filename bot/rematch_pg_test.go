package bot_test

import (
	"context"
	"crypto/ed25519"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/bot"
	"github.com/taflbot/taflbot/internal/pgtest"
	"github.com/taflbot/taflbot/render"
	"github.com/taflbot/taflbot/storage"
	"github.com/taflbot/taflbot/tafl"
)

// TestRematchAcrossProcesses: two HTTP front ends (as two processes) on
// one PostgreSQL database get Rematch taps on the same finished game at
// once. Only one process at a time made a rematch (a lock in memory), so
// the two made two offers, or two games against the engine; the store
// now decides: the same player's two taps make one offer (the other is
// told it stands), both players' taps one offer accepted by the other's
// tap, and two taps on a game against the engine one new game.
func TestRematchAcrossProcesses(t *testing.T) {
	db := pgtest.NewDatabase(t)
	fake := newFakeDiscord(t)
	pub, priv, _ := ed25519.GenerateKey(nil)
	var st *storage.Store
	var fronts []*httpBot
	for range 2 {
		s, err := storage.Open(db, storage.Options{MaxConns: 4})
		if err != nil {
			t.Fatal(err)
		}
		sess, err := bot.NewSession("test-token", fake.URL(), nil)
		if err != nil {
			t.Fatal(err)
		}
		b, err := bot.New(bot.Options{Store: s, REST: bot.SessionREST{S: sess}, Engine: newPolicyEngine(3), PublicKey: pub,
			Roles: bot.RoleInteractions, Render: render.Options{Size: 160}})
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		b.Start(ctx)
		srv := httptest.NewServer(b.InteractionsHandler(ctx))
		t.Cleanup(func() { srv.Close(); cancel(); b.Stop(5 * time.Second); s.Close() })
		fronts = append(fronts, &httpBot{srv: srv, priv: priv})
		st = s
	}
	ctx := t.Context()
	var n atomic.Int64
	tap := func(front int, user string, game storage.GameID) *resp {
		id := fmt.Sprint("rm", n.Add(1))
		in := &discordgo.Interaction{ID: id, AppID: "555", Token: "tok" + id, Type: discordgo.InteractionMessageComponent,
			GuildID: guild, ChannelID: channel, Member: member(user), Message: &discordgo.Message{ID: "board" + id, ChannelID: channel},
			Data: discordgo.MessageComponentInteractionData{CustomID: bot.CustomID{Action: bot.ActRematch, ID: uint64(game)}.String()}}
		body, _ := json.Marshal(in)
		hr, out := fronts[front].post(t, body, priv, time.Now())
		if hr.StatusCode != 200 {
			t.Errorf("front end %d: %d %s", front, hr.StatusCode, out)
			return &resp{}
		}
		r := decode(t, out)
		if r.Type == discordgo.InteractionResponseDeferredChannelMessageWithSource {
			// A reply with a picture comes by editing the deferral.
			waitFor(t, "the edited response", func() bool {
				for _, rec := range fake.requests("/webhooks/555/" + in.Token + "/messages/@original") {
					if rec.Method == "PATCH" {
						r = decode(t, rec.Body)
						return true
					}
				}
				return false
			})
		}
		return r
	}
	both := func(userA, userB string, game storage.GameID) [2]*resp {
		var out [2]*resp
		var wg sync.WaitGroup
		for i, u := range []string{userA, userB} {
			wg.Go(func() { out[i] = tap(i, u, game) })
		}
		wg.Wait()
		return out
	}
	finished := func(defenders storage.Seat) *storage.Game {
		g, _ := storage.NewGame("brandubh", "")
		g.GuildID, g.ChannelID, g.MoveTime = guild, channel, 24*time.Hour
		g.Attackers, g.Defenders = storage.Human(alice), defenders
		if err := st.CreateGame(ctx, g); err != nil {
			t.Fatal(err)
		}
		g, err := st.UpdateGame(ctx, g.ID, -1, func(g *storage.Game) error { return g.Tafl().Resign(tafl.Attackers) })
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	// Open and accepted rematch challenges of game id.
	offers := func(id storage.GameID) (open, accepted int) {
		cs, err := st.OpenChallenges(ctx)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range cs {
			if c.Rematch == id {
				open++
			}
		}
		g, err := st.GetGame(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if g.Rematch != 0 {
			if c, err := st.GetChallenge(ctx, g.Rematch); err == nil && c.State == storage.ChallengeAccepted {
				accepted++
			}
		}
		return open, accepted
	}
	// The race is between reading the game and recording the offer: a
	// few rounds of each kind.
	for round := range 4 {
		g := finished(storage.Human(bob))
		replies := both(alice, alice, g.ID)
		open, _ := offers(g.ID)
		made, told := 0, 0
		for _, r := range replies {
			switch {
			case !isEphemeral(r) && strings.Contains(r.Content, "**Rematch** of game"):
				made++
			case isEphemeral(r) && strings.Contains(r.Content, "offered a rematch already"):
				told++
			}
		}
		if open != 1 || made != 1 || told != 1 {
			t.Errorf("round %d, alice's two taps: %d open offers, replies %q and %q; want one offer, and one told it stands",
				round, open, replies[0].Content, replies[1].Content)
		}

		g = finished(storage.Human(bob))
		replies = both(alice, bob, g.ID)
		open, accepted := offers(g.ID)
		if open != 0 || accepted != 1 {
			t.Errorf("round %d, alice's and bob's taps: %d open offers, %d accepted (replies %q and %q); want one offer, accepted",
				round, open, accepted, replies[0].Content, replies[1].Content)
		}

		g = finished(storage.AI("easy"))
		before, _ := st.GamesByPlayer(ctx, alice, storage.GameFilter{ActiveOnly: true})
		replies = both(alice, alice, g.ID)
		after, _ := st.GamesByPlayer(ctx, alice, storage.GameFilter{ActiveOnly: true})
		if len(after) != len(before)+1 {
			t.Errorf("round %d, two taps against the engine: %d new games (replies %+v, %+v); want 1", round, len(after)-len(before), replies[0], replies[1])
		}
	}
	if rep, err := st.Check(ctx); err != nil || !rep.OK() {
		t.Errorf("check: %v %+v", err, rep)
	}
}
