package bot_test

import (
	"context"
	"crypto/ed25519"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"strconv"
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
)

// TestEngineWorkerKilledMidThink: an engine process is killed (SIGKILL)
// while it thinks about a move; another engine process, running all
// along, takes the move over when the dead one's claim lapses — not
// before, and not at a retry — and the move is played and shown exactly
// once.
//
// "Not before" compares the dead claim's end, read from its row, with
// the move's save time (Game.Updated), both on the processes' clock.
// "Not at a retry": the other ways to find the move, the engine retry
// and the sweep, come an hour after the start here, so a move taken over
// within the test's wait was taken over at the lapse. (The test allowed
// a lease, 5 s, after the lapse with the minute's retry on, which a busy
// machine missed: 5.6 s at load 8 under -race.)
func TestEngineWorkerKilledMidThink(t *testing.T) {
	db := pgtest.NewDatabase(t)
	fake := newFakeDiscord(t)
	st, err := storage.Open(db, storage.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	g, _ := storage.NewGame("brandubh", "")
	g.GuildID, g.ChannelID, g.MoveTime = guild, channel, 24*time.Hour
	g.Attackers, g.Defenders = storage.AI("easy"), storage.Human(alice) // the engine attacks: its move is due
	if err := st.CreateGame(t.Context(), g); err != nil {
		t.Fatal(err)
	}
	// The doomed worker renews its claim every third of the lease; 5 s
	// leaves a renewal over 3 s of slack on a busy machine before the
	// claim would lapse while it still lives.
	const lease = 5 * time.Second
	// How long the test waits for the take-over: a hang detector, far
	// below the retry and the sweep.
	const takeOverWait = 2 * time.Minute
	spec := childSpec{db: db, rest: fake.URL(), roles: "engine",
		lease: lease, workers: 2, sweep: time.Hour, retry: time.Hour}
	stall := spec
	stall.engine, stall.name = "stall", "doomed"
	doomed := startChild(t, stall)
	doomed.expect("thinking", 60*time.Second)
	heir := spec
	heir.engine, heir.name = "policy", "heir"
	survivor := startChild(t, heir)
	// The survivor finds the move claimed and waits for the claim to end
	// (or, wrongly, makes it).
	waitFor(t, "the second worker to find the move claimed", func() bool {
		got, err := st.GetGame(t.Context(), g.ID)
		return survivor.has(parkedLine) || err == nil && got.Ply() > 0
	})
	if got, _ := st.GetGame(t.Context(), g.ID); got.Ply() != 0 {
		t.Fatalf("the move was made while the first worker held it (ply %d)", got.Ply())
	}
	doomed.kill()
	// The dead worker's claim, as it left it: nobody renews it now.
	claim := pgtest.QueryString(t, db, "SELECT coalesce(claim_owner, '') || ' ' || coalesce(claim_until_ns, 0) FROM games WHERE id = $1", int64(g.ID))
	owner, ns, _ := strings.Cut(claim, " ")
	untilNs, _ := strconv.ParseInt(ns, 10, 64)
	if owner != "doomed" || untilNs == 0 {
		t.Fatalf("after the kill the move's claim is %q; want the killed worker's (%q) with its end", claim, "doomed")
	}
	lapse := time.Unix(0, untilNs)
	deadline := time.Now().Add(takeOverWait)
	var got *storage.Game
	for {
		got, err = st.GetGame(t.Context(), g.ID)
		if err != nil {
			t.Fatal(err)
		}
		if got.Ply() > 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the move was not taken over within %v of the kill (the claim lapsed at %v): not at the lapse", takeOverWait, lapse)
		}
		time.Sleep(5 * time.Millisecond)
	}
	took := got.Updated.Sub(lapse)
	t.Logf("the move was saved %v after the killed worker's claim lapsed (lease %v)", took.Round(time.Millisecond), lease)
	if took < 0 {
		t.Errorf("the move was saved at %v, %v before the killed worker's claim lapsed at %v", got.Updated, -took, lapse)
	}
	posted := func() int {
		n := 0
		for _, rec := range fake.requests("/channels/" + channel + "/messages") {
			if rec.Method == "POST" && strings.Contains(decode(t, rec.Body).Content, "taflbot played") {
				n++
			}
		}
		return n
	}
	waitFor(t, "the engine's board", func() bool { return posted() > 0 })
	// Stopped, the survivor has finished all it does: anything played
	// or shown twice is in the database and the requests now.
	survivor.stop()
	got, err = st.GetGame(t.Context(), g.ID)
	if err != nil || got.Ply() != 1 {
		t.Fatalf("after the take-over: ply %d, %v; want exactly the engine's one move", got.Ply(), err)
	}
	if n := posted(); n != 1 {
		t.Errorf("the engine's move was posted %d times, want 1", n)
	}
}

// TestThreeProcessesRemindOnce: three processes with the clock role sweep
// the same database at the same moments: every reminder is sent once,
// every timeout announced once, every expired challenge closed once.
func TestThreeProcessesRemindOnce(t *testing.T) {
	db := pgtest.NewDatabase(t)
	fake := newFakeDiscord(t)
	st, err := storage.Open(db, storage.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	ctx := t.Context()
	now := time.Now()
	const reminders, timeouts, challenges = 20, 10, 10
	var remindIDs, timeoutIDs []storage.GameID
	for i := range reminders + timeouts {
		g, _ := storage.NewGame("brandubh", "")
		g.GuildID, g.ChannelID, g.MoveTime = guild, channel, 72*time.Hour
		g.Attackers, g.Defenders = storage.Human(fmt.Sprint(1000+i)), storage.Human(fmt.Sprint(2000+i))
		if i < reminders {
			g.Deadline = now.Add(time.Hour) // within the reminder margin
		} else {
			g.Deadline = now.Add(-time.Minute) // out of time
		}
		if err := st.CreateGame(ctx, g); err != nil {
			t.Fatal(err)
		}
		if i < reminders {
			remindIDs = append(remindIDs, g.ID)
		} else {
			timeoutIDs = append(timeoutIDs, g.ID)
		}
	}
	var msgIDs []string
	for i := range challenges {
		c := &storage.Challenge{GuildID: guild, ChannelID: channel, ChallengerID: alice, OpponentID: fmt.Sprint(3000 + i),
			Variant: "brandubh", MessageID: fmt.Sprint("challenge-msg-", i), Expires: now.Add(-time.Second)}
		if err := st.CreateChallenge(ctx, c); err != nil {
			t.Fatal(err)
		}
		msgIDs = append(msgIDs, c.MessageID)
	}
	var procs []*child
	for i := range 3 {
		procs = append(procs, startChild(t, childSpec{db: db, rest: fake.URL(),
			roles: "clock", engine: "policy", lease: 5 * time.Second, workers: 1, sweep: 20 * time.Millisecond, name: fmt.Sprint("clock", i)}))
	}
	posts := func() string {
		var all strings.Builder
		for _, rec := range fake.requests("/channels/" + channel + "/messages") {
			if rec.Method == "POST" {
				all.WriteString(decode(t, rec.Body).Content + "\x00")
			}
		}
		return all.String()
	}
	count := func(text string) int { return strings.Count(posts(), text) }
	remindText := func(id storage.GameID) string { return fmt.Sprintf("it's your move in game %d ", id) }
	timeoutText := func(i int) string { return fmt.Sprintf("<@%d> ran out of time", 1000+reminders+i) }
	edits := func(m string) int {
		n := 0
		for _, rec := range fake.requests("/channels/" + channel + "/messages/" + m) {
			if rec.Method == "PATCH" {
				n++
			}
		}
		return n
	}
	// Each process swept at start and then every 20 ms. Every reminder,
	// announcement and edit has been sent once (a process stopped in the
	// middle of a sweep would not send the rest: a reminder marked as
	// sent is never tried again); then the processes sweep on for a
	// second, in which a second one would come, and stop.
	waitFor(t, "the sweeps", func() bool {
		ids, err := st.ActiveGameIDs(ctx)
		if err != nil || len(ids) != reminders {
			return false
		}
		all := posts()
		for _, id := range remindIDs {
			if !strings.Contains(all, remindText(id)) {
				return false
			}
		}
		for i := range timeoutIDs {
			if !strings.Contains(all, timeoutText(i)) {
				return false
			}
		}
		for _, m := range msgIDs {
			if edits(m) == 0 {
				return false
			}
		}
		return true
	})
	time.Sleep(time.Second)
	for _, p := range procs {
		p.stop()
	}
	for _, id := range remindIDs {
		if n := count(remindText(id)); n != 1 {
			t.Errorf("game %d: %d reminders, want 1", id, n)
		}
	}
	for i, id := range timeoutIDs {
		if n := count(timeoutText(i)); n != 1 {
			t.Errorf("game %d: the timeout announced %d times, want 1", id, n)
		}
	}
	for _, m := range msgIDs {
		if n := edits(m); n != 1 {
			t.Errorf("challenge message %s edited %d times, want 1", m, n)
		}
	}
	if open, _ := st.OpenChallenges(ctx); len(open) != 0 {
		t.Errorf("%d challenges still open", len(open))
	}
}

// TestTwoHTTPFrontEnds: two HTTP interaction front ends (as behind a load
// balancer) and an engine process share one PostgreSQL database. Moves
// arrive at either front end; the same move sent to both at once is
// played once; a game against the engine started at one front end is
// played by the engine process and continued at the other.
func TestTwoHTTPFrontEnds(t *testing.T) {
	db := pgtest.NewDatabase(t)
	fake := newFakeDiscord(t)
	pub, priv, _ := ed25519.GenerateKey(nil)
	newBot := func(roles bot.Role) (*bot.Bot, *storage.Store) {
		st, err := storage.Open(db, storage.Options{MaxConns: 4})
		if err != nil {
			t.Fatal(err)
		}
		sess, err := bot.NewSession("test-token", fake.URL(), nil)
		if err != nil {
			t.Fatal(err)
		}
		b, err := bot.New(bot.Options{Store: st, REST: bot.SessionREST{S: sess}, Engine: newPolicyEngine(3), PublicKey: pub,
			Roles: roles, AIWorkers: 2, EngineLease: 5 * time.Second, Render: render.Options{Size: 240}})
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		b.Start(ctx)
		t.Cleanup(func() { cancel(); b.Stop(5 * time.Second); st.Close() })
		return b, st
	}
	var fronts []*httpBot
	var st *storage.Store
	for range 2 {
		b, s := newBot(bot.RoleInteractions)
		srv := httptest.NewServer(b.InteractionsHandler(t.Context()))
		t.Cleanup(srv.Close)
		fronts = append(fronts, &httpBot{srv: srv, priv: priv})
		st = s
	}
	newBot(bot.RoleEngine | bot.RoleClock)
	ctx := t.Context()
	var n atomic.Int64
	send := func(front int, user, sub string, opts ...*discordgo.ApplicationCommandInteractionDataOption) *resp {
		t.Helper()
		id := fmt.Sprint("fe", n.Add(1))
		in := &discordgo.Interaction{ID: id, AppID: "555", Token: "tok" + id, Type: discordgo.InteractionApplicationCommand,
			GuildID: guild, ChannelID: channel, Member: member(user),
			Data: discordgo.ApplicationCommandInteractionData{ID: "cmd", Name: "tafl", Options: []*discordgo.ApplicationCommandInteractionDataOption{
				{Name: sub, Type: discordgo.ApplicationCommandOptionSubCommand, Options: opts}}}}
		body, _ := json.Marshal(in)
		resp, out := fronts[front].post(t, body, priv, time.Now())
		if resp.StatusCode != 200 {
			t.Fatalf("front end %d: %d %s", front, resp.StatusCode, out)
		}
		return decode(t, out)
	}
	ply := func(id storage.GameID) int {
		g, err := st.GetGame(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		return g.Ply()
	}
	g, _ := storage.NewGame("brandubh", "")
	g.GuildID, g.ChannelID, g.MoveTime = guild, channel, 24*time.Hour
	g.Attackers, g.Defenders = storage.Human(alice), storage.Human(bob)
	if err := st.CreateGame(ctx, g); err != nil {
		t.Fatal(err)
	}
	game := opt("game", g.ID.String())
	send(0, alice, "move", opt("move", "d2-c2"), game)
	waitFor(t, "alice's move", func() bool { return ply(g.ID) == 1 })
	send(1, bob, "move", opt("move", "d3-e3"), game)
	waitFor(t, "bob's move", func() bool { return ply(g.ID) == 2 })
	// Alice's next move reaches both front ends at once.
	var wg sync.WaitGroup
	var replies [2]*resp
	for i := range 2 {
		wg.Go(func() { replies[i] = send(i, alice, "move", opt("move", "c2-c1"), game) })
	}
	wg.Wait()
	time.Sleep(300 * time.Millisecond)
	if p := ply(g.ID); p != 3 {
		t.Fatalf("after the double move: ply %d, want 3", p)
	}
	refused := 0
	for _, r := range replies {
		if isEphemeral(r) && strings.Contains(r.Content, "not your turn") {
			refused++
		}
	}
	if refused != 1 {
		t.Errorf("replies to the double move: %+v %+v; want one refused as not alice's turn", replies[0], replies[1])
	}
	// A game against the engine: started at one front end, the engine
	// process answers, continued at the other.
	send(0, carol, "ai", opt("variant", "brandubh"), opt("side", "defenders"), opt("level", "easy"))
	var ai storage.GameID
	waitFor(t, "the engine's first move", func() bool {
		gs, _ := st.GamesByPlayer(ctx, carol, storage.GameFilter{})
		if len(gs) == 1 {
			ai = gs[0].ID
		}
		return ai != 0 && ply(ai) == 1
	})
	cg, _ := st.GetGame(ctx, ai)
	send(1, carol, "move", opt("move", cg.Tafl().LegalMoves()[0].String()), opt("game", ai.String()))
	waitFor(t, "the engine's second move", func() bool { return ply(ai) == 3 })
	if rep, err := st.Check(ctx); err != nil || !rep.OK() {
		t.Errorf("check: %v %+v", err, rep)
	}
}

// TestEngineFairnessAcrossProcesses: two engine processes with two
// workers each (so one player may hold one worker of all four); one
// player has six engine moves due, another one. The second player's move
// is made at once, not after the first player's, and the first player
// never has more than one move being thought about in both processes
// together.
func TestEngineFairnessAcrossProcesses(t *testing.T) {
	db := pgtest.NewDatabase(t)
	fake := newFakeDiscord(t)
	st, err := storage.Open(db, storage.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	ctx := t.Context()
	mk := func(user string) storage.GameID {
		g, _ := storage.NewGame("brandubh", "")
		g.GuildID, g.ChannelID, g.MoveTime = guild, channel, 24*time.Hour
		g.Attackers, g.Defenders = storage.AI("easy"), storage.Human(user)
		if err := st.CreateGame(ctx, g); err != nil {
			t.Fatal(err)
		}
		return g.ID
	}
	var many []storage.GameID
	for range 6 {
		many = append(many, mk(alice))
	}
	one := mk(bob)
	for i := range 2 {
		startChild(t, childSpec{db: db, rest: fake.URL(), roles: "engine", engine: "sleep:300ms",
			lease: 10 * time.Second, workers: 2, sweep: time.Hour, name: fmt.Sprint("engine", i)})
	}
	moved := map[storage.GameID]int{} // the order of the moves
	most := 0
	deadline := time.Now().Add(60 * time.Second)
	for len(moved) < len(many)+1 {
		if time.Now().After(deadline) {
			t.Fatalf("only %d of 7 engine moves made in a minute", len(moved))
		}
		busy := pgtest.QueryString(t, db, `SELECT count(*)::text FROM games WHERE engine_user = $1
			AND claim_owner IS NOT NULL AND claim_until_ns > (extract(epoch FROM clock_timestamp()) * 1e9)::bigint`, alice)
		if n, _ := strconv.Atoi(busy); n > most {
			most = n
		}
		for _, id := range append([]storage.GameID{one}, many...) {
			if _, ok := moved[id]; ok {
				continue
			}
			if g, err := st.GetGame(ctx, id); err == nil && g.Ply() > 0 {
				moved[id] = len(moved)
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
	// Each move's board is posted after the move is saved; wait for the
	// seven uploads, so that stopping the children does not cut one off.
	waitFor(t, "the seven boards to be posted", func() bool {
		n := 0
		for _, rec := range fake.requests("/channels/" + channel + "/messages") {
			if rec.Method == "POST" && rec.Status == 200 {
				n++
			}
		}
		return n >= len(many)+1
	})
	if most != 1 {
		t.Errorf("alice had up to %d moves being thought about at once in the two processes, want 1", most)
	}
	if moved[one] > 1 {
		t.Errorf("bob's only move was the %d. made, behind alice's: want it among the first two", moved[one]+1)
	}
	t.Logf("bob's move was made as number %d of 7", moved[one]+1)
}
