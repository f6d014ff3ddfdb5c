package storage_test

import (
	"errors"
	"math"
	"reflect"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/taflbot/taflbot/storage"
	"github.com/taflbot/taflbot/tafl"
)

// TestGlickoWorkedExample checks Glickman's example ("Example of the
// Glicko-2 system", 2013): 1500/200/0.06 beats 1400/30, loses to 1550/100
// and 1700/300, and ends at 1464.06 / 151.52 / 0.05999.
func TestGlickoWorkedExample(t *testing.T) {
	r := storage.Rating{Rating: 1500, Deviation: 200, Volatility: 0.06}
	got := r.Update([]storage.Result{
		{Opponent: storage.Rating{Rating: 1400, Deviation: 30, Volatility: 0.06}, Score: 1},
		{Opponent: storage.Rating{Rating: 1550, Deviation: 100, Volatility: 0.06}, Score: 0},
		{Opponent: storage.Rating{Rating: 1700, Deviation: 300, Volatility: 0.06}, Score: 0},
	})
	if math.Abs(got.Rating-1464.06) > 0.01 || math.Abs(got.Deviation-151.52) > 0.01 || math.Abs(got.Volatility-0.05999) > 0.00001 {
		t.Errorf("got %.2f / %.2f / %.5f, want 1464.06 / 151.52 / 0.05999", got.Rating, got.Deviation, got.Volatility)
	}
}

func TestGlickoProperties(t *testing.T) {
	a, b := storage.DefaultRating, storage.DefaultRating
	win := a.Update([]storage.Result{{Opponent: b, Score: 1}})
	loss := b.Update([]storage.Result{{Opponent: a, Score: 0}})
	draw := a.Update([]storage.Result{{Opponent: b, Score: 0.5}})
	if !(win.Rating > 1500 && loss.Rating < 1500) || math.Abs((win.Rating-1500)-(1500-loss.Rating)) > 1e-9 {
		t.Errorf("equal players: winner %.2f loser %.2f should move symmetrically", win.Rating, loss.Rating)
	}
	if math.Abs(draw.Rating-1500) > 1e-9 || draw.Deviation >= 350 {
		t.Errorf("draw of equals: %.3f / %.2f", draw.Rating, draw.Deviation)
	}
	idle := storage.Rating{Rating: 1600, Deviation: 100, Volatility: 0.06}.Update(nil)
	if idle.Rating != 1600 || idle.Deviation <= 100 {
		t.Errorf("a period without games: %+v", idle)
	}
}

// finish ends g with fn (saving it first if new).
func finish(t *testing.T, s *storage.Store, g *storage.Game, fn func(*tafl.Game) error) *storage.Game {
	t.Helper()
	if g.ID == 0 {
		if err := s.CreateGame(t.Context(), g); err != nil {
			t.Fatal(err)
		}
	}
	got, err := s.UpdateGame(t.Context(), g.ID, -1, func(g *storage.Game) error { return fn(g.Tafl()) })
	if err != nil {
		t.Fatal(err)
	}
	return got
}

// finishCounted plays the first two moves of g (a game ended sooner
// counts nowhere: Game.Counts) and then ends it with fn.
func finishCounted(t *testing.T, s *storage.Store, g *storage.Game, fn func(*tafl.Game) error) *storage.Game {
	t.Helper()
	return finish(t, s, g, func(tg *tafl.Game) error {
		for tg.Len() < storage.MinRatedPlies {
			if _, err := tg.Play(tg.LegalMoves()[0]); err != nil {
				return err
			}
		}
		return fn(tg)
	})
}

func testRatingsOnFinish(t *testing.T, b testBackend) {
	s, clk := b.open(t)
	ctx := t.Context()
	// 111 (attackers) resigns to 222.
	g := finishCounted(t, s, newHumanGame(t, "111", "222"), func(g *tafl.Game) error { return g.Resign(tafl.Attackers) })
	want111 := storage.DefaultRating.Update([]storage.Result{{Opponent: storage.DefaultRating, Score: 0}})
	want222 := storage.DefaultRating.Update([]storage.Result{{Opponent: storage.DefaultRating, Score: 1}})
	want111.At, want222.At = clk.Now(), clk.Now() // when the rating was updated
	p1, err := s.GetPlayer(ctx, "g1", "111")
	if err != nil {
		t.Fatal(err)
	}
	p2, err := s.GetPlayer(ctx, "g1", "222")
	if err != nil {
		t.Fatal(err)
	}
	if p1.Rating("copenhagen") != want111 || p2.Rating("copenhagen") != want222 {
		t.Errorf("ratings %+v %+v, want %+v %+v", p1.Rating("copenhagen"), p2.Rating("copenhagen"), want111, want222)
	}
	if p1.Losses != 1 || p1.Wins != 0 || p2.Wins != 1 || p2.Variants["copenhagen"].Wins != 1 {
		t.Errorf("records: %+v %+v", p1, p2)
	}
	wantChanges := []storage.RatingChange{{UserID: "111", Before: storage.DefaultRating, After: want111}, {UserID: "222", Before: storage.DefaultRating, After: want222}}
	if !reflect.DeepEqual(g.RatingChanges, wantChanges) {
		t.Errorf("rating changes %+v", g.RatingChanges)
	}
	if stored, _ := s.GetGame(ctx, g.ID); !reflect.DeepEqual(stored.RatingChanges, wantChanges) {
		t.Errorf("stored rating changes %+v", stored.RatingChanges)
	}
	// A second game uses the updated ratings: a draw.
	finishCounted(t, s, newHumanGame(t, "222", "111"), func(g *tafl.Game) error { return g.AgreeDraw() })
	p1b, _ := s.GetPlayer(ctx, "g1", "111")
	want := want111.Update([]storage.Result{{Opponent: want222, Score: 0.5}})
	if want.At = clk.Now(); p1b.Rating("copenhagen") != want {
		t.Errorf("after the draw: %+v, want %+v", p1b.Rating("copenhagen"), want)
	}
	// Casual: records only. Against the AI: AI record only. Self-play: nothing.
	cg := newHumanGame(t, "111", "222")
	cg.Casual = true
	finishCounted(t, s, cg, func(g *tafl.Game) error { return g.Resign(tafl.Defenders) })
	ag := newHumanGame(t, "111", "")
	ag.Defenders = storage.AI("max")
	if g := finishCounted(t, s, ag, func(g *tafl.Game) error { return g.Resign(tafl.Attackers) }); len(g.RatingChanges) != 0 {
		t.Errorf("an AI game changed ratings: %+v", g.RatingChanges)
	}
	finishCounted(t, s, newHumanGame(t, "111", "111"), func(g *tafl.Game) error { return g.Resign(tafl.Attackers) })
	p1c, _ := s.GetPlayer(ctx, "g1", "111")
	if p1c.Rating("copenhagen") != p1b.Rating("copenhagen") {
		t.Error("a casual, AI or self-play game changed the rating")
	}
	if p1c.Wins != 1 || p1c.Losses != 1 || p1c.Draws != 1 || p1c.AILosses != 1 || p1c.AIWins != 0 || p1c.Variants["copenhagen"].Games() != 2 {
		t.Errorf("record of 111: %+v", p1c)
	}
	if _, err := s.GetPlayer(ctx, "g2", "111"); !errors.Is(err, storage.ErrNotFound) {
		t.Errorf("ratings are per server: %v", err)
	}
	lb, err := s.Leaderboard(ctx, "g1", "copenhagen", 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(lb) != 2 || lb[0].UserID != "222" || lb[1].UserID != "111" || lb[0].Rating.Rating <= lb[1].Rating.Rating {
		t.Errorf("leaderboard %+v", lb)
	}
	if lb, _ := s.Leaderboard(ctx, "g1", "copenhagen", 1); len(lb) != 1 {
		t.Errorf("leaderboard limit: %d entries", len(lb))
	}
	if lb, _ := s.Leaderboard(ctx, "g1", "tablut", 10); len(lb) != 0 {
		t.Errorf("tablut leaderboard %+v", lb)
	}
}

func testPlayerRoundTrip(t *testing.T, b testBackend) {
	s, clk := b.open(t)
	ctx := t.Context()
	p, err := s.UpdatePlayer(ctx, "g1", "111", func(p *storage.Player) error {
		if p.DMs || len(p.Variants) != 0 {
			t.Errorf("new player defaults (DMs are opt-in): %+v", p)
		}
		p.DMs = true
		p.Variants["tablut"] = storage.VariantRecord{Rating: storage.Rating{Rating: 1612.5, Deviation: 80, Volatility: 0.059}, Wins: 3, Losses: 1}
		p.Wins, p.Losses, p.AIDraws = 3, 1, 2
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	got, err := s.GetPlayer(ctx, "g1", "111")
	if err != nil {
		t.Fatal(err)
	}
	if !got.Updated.Equal(clk.Now()) {
		t.Errorf("updated %v", got.Updated)
	}
	got.Updated, p.Updated = time.Time{}, time.Time{}
	if !reflect.DeepEqual(got, p) {
		t.Errorf("got %+v, want %+v", got, p)
	}
	if _, err := s.UpdatePlayer(ctx, "g1", "111", func(p *storage.Player) error { p.UserID = "2"; return nil }); !errors.Is(err, storage.ErrInvalid) {
		t.Errorf("changing the id: %v", err)
	}
	if _, err := s.UpdatePlayer(ctx, "g1", "", func(p *storage.Player) error { return nil }); !errors.Is(err, storage.ErrInvalid) {
		t.Errorf("empty user id: %v", err)
	}
}

func testGuildSettings(t *testing.T, b testBackend) {
	s, clk := b.open(t)
	ctx := t.Context()
	gs, err := s.GetGuildSettings(ctx, "g1")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(*gs, *storage.DefaultGuildSettings("g1")) || gs.DefaultVariant != tafl.DefaultVariant || gs.DaysPerMove != 3 {
		t.Errorf("defaults %+v", gs)
	}
	want := storage.GuildSettings{GuildID: "g1", DefaultVariant: "brandubh", DaysPerMove: 7, ThreadPerGame: true, NotifyChannelID: "c9"}
	put := want
	if err := s.PutGuildSettings(ctx, &put); err != nil {
		t.Fatal(err)
	}
	want.Updated = clk.Now()
	got, err := s.GetGuildSettings(ctx, "g1")
	if err != nil {
		t.Fatal(err)
	}
	if !got.Updated.Equal(want.Updated) {
		t.Errorf("updated %v", got.Updated)
	}
	got.Updated = want.Updated
	if !reflect.DeepEqual(*got, want) {
		t.Errorf("got %+v, want %+v", got, want)
	}
	// The notification channel found gone: dropped, kept as NotifyGone,
	// the rest kept; a channel other than the server's (chosen since) is
	// left alone.
	if ok, err := s.DropNotifyChannel(ctx, "g1", "c8"); err != nil || ok {
		t.Errorf("dropping another channel: %v %v", ok, err)
	}
	if ok, err := s.DropNotifyChannel(ctx, "g1", "c9"); err != nil || !ok {
		t.Errorf("dropping: %v %v", ok, err)
	}
	if got, _ := s.GetGuildSettings(ctx, "g1"); got.NotifyChannelID != "" || got.NotifyGone != "c9" || got.DaysPerMove != 7 || !got.ThreadPerGame {
		t.Errorf("dropped: %+v", got)
	}
	if ok, err := s.DropNotifyChannel(ctx, "g1", "c9"); err != nil || ok {
		t.Errorf("dropping again: %v %v", ok, err)
	}
	for _, bad := range []storage.GuildSettings{
		{GuildID: "g1", DefaultVariant: "chess", DaysPerMove: 3},
		{GuildID: "g1", DefaultVariant: "brandubh", DaysPerMove: 0},
		{GuildID: "g1", DefaultVariant: "brandubh", DaysPerMove: 31},
		{GuildID: "", DefaultVariant: "brandubh", DaysPerMove: 3},
	} {
		if err := s.PutGuildSettings(ctx, &bad); !errors.Is(err, storage.ErrInvalid) {
			t.Errorf("%+v: %v", bad, err)
		}
	}
}

func testChallenges(t *testing.T, b testBackend) {
	s, clk := b.open(t)
	ctx := t.Context()
	mk := func(opponent string, expiresIn time.Duration) *storage.Challenge {
		c := &storage.Challenge{GuildID: "g1", ChannelID: "c1", ChallengerID: "111", OpponentID: opponent,
			Variant: "tawlbwrdd", Layout: "bell", Side: tafl.Defenders, MoveTime: 48 * time.Hour, Casual: true,
			Expires: clk.Now().Add(expiresIn), MessageID: "m1"}
		if err := s.CreateChallenge(ctx, c); err != nil {
			t.Fatal(err)
		}
		return c
	}
	c1 := mk("222", 24*time.Hour)
	c2 := mk("", time.Hour)
	c3 := mk("333", 2*time.Hour)
	if c1.ID != 1 || c1.State != storage.ChallengeOpen || !c1.Created.Equal(clk.Now()) {
		t.Fatalf("created %+v", c1)
	}
	got, err := s.GetChallenge(ctx, c1.ID)
	if err != nil {
		t.Fatal(err)
	}
	if *got != *c1 {
		t.Errorf("round trip: got %+v, want %+v", got, c1)
	}
	open, err := s.ChallengesExpiringBefore(ctx, clk.Now().Add(3*time.Hour))
	if err != nil || len(open) != 2 || open[0].ID != c2.ID || open[1].ID != c3.ID {
		t.Fatalf("expiring within 3h: %v %+v", err, open)
	}
	// Decline c3: no longer open.
	if _, err := s.UpdateChallenge(ctx, c3.ID, func(c *storage.Challenge) error { c.State = storage.ChallengeDeclined; return nil }); err != nil {
		t.Fatal(err)
	}
	if _, err := s.UpdateChallenge(ctx, c3.ID, func(c *storage.Challenge) error { return nil }); !errors.Is(err, storage.ErrChallengeClosed) {
		t.Errorf("updating a declined challenge: %v", err)
	}
	if _, err := s.UpdateChallenge(ctx, c1.ID, func(c *storage.Challenge) error { c.State = storage.ChallengeAccepted; return nil }); !errors.Is(err, storage.ErrInvalid) {
		t.Errorf("accepting through UpdateChallenge: %v", err)
	}
	// Two users accept the open challenge c2 at once: exactly one game.
	results := make(chan error, 2)
	games := make(chan *storage.Game, 2)
	for _, user := range []string{"444", "555"} {
		go func() {
			g, err := storage.NewGame("tawlbwrdd", "bell")
			if err != nil {
				results <- err
				return
			}
			g.GuildID, g.ChannelID = "g1", "c1"
			g.Attackers, g.Defenders = storage.Human(user), storage.Human("111")
			_, err = s.AcceptChallenge(ctx, c2.ID, g)
			results <- err
			if err == nil {
				games <- g
			}
		}()
	}
	var ok, closed int
	for range 2 {
		switch err := <-results; {
		case err == nil:
			ok++
		case errors.Is(err, storage.ErrChallengeClosed):
			closed++
		default:
			t.Fatal(err)
		}
	}
	if ok != 1 || closed != 1 {
		t.Fatalf("accepted %d, refused %d; want 1, 1", ok, closed)
	}
	g := <-games
	acc, _ := s.GetChallenge(ctx, c2.ID)
	if acc.State != storage.ChallengeAccepted || acc.GameID != g.ID || g.ID == 0 {
		t.Errorf("accepted challenge %+v, game %d", acc, g.ID)
	}
	if stored, err := s.GetGame(ctx, g.ID); err != nil || stored.Layout() != "bell" {
		t.Errorf("the accepted game: %v", err)
	}
	// c1 expires: accepting it late fails and marks it expired.
	clk.Advance(25 * time.Hour)
	g5, _ := storage.NewGame("tawlbwrdd", "bell")
	g5.Attackers, g5.Defenders = storage.Human("222"), storage.Human("111")
	if _, err := s.AcceptChallenge(ctx, c1.ID, g5); !errors.Is(err, storage.ErrChallengeClosed) {
		t.Errorf("accepting an expired challenge: %v", err)
	}
	if c, _ := s.GetChallenge(ctx, c1.ID); c.State != storage.ChallengeExpired {
		t.Errorf("state %v, want expired", c.State)
	}
	if open, _ := s.OpenChallenges(ctx); len(open) != 0 {
		t.Errorf("open challenges left: %+v", open)
	}
	if err := s.CreateChallenge(ctx, &storage.Challenge{ChallengerID: "1", OpponentID: "1", Expires: clk.Now()}); !errors.Is(err, storage.ErrInvalid) {
		t.Errorf("self-challenge: %v", err)
	}
}

func testExpireChallenges(t *testing.T, b testBackend) {
	s, clk := b.open(t)
	ctx := t.Context()
	for i, d := range []time.Duration{time.Hour, 2 * time.Hour, 3 * time.Hour} {
		c := &storage.Challenge{ChallengerID: "1", OpponentID: string(rune('a' + i)), Expires: clk.Now().Add(d)}
		if err := s.CreateChallenge(ctx, c); err != nil {
			t.Fatal(err)
		}
	}
	clk.Advance(2 * time.Hour)
	done := make(chan []*storage.Challenge)
	for range 4 {
		go func() {
			cs, err := s.ExpireChallenges(ctx, clk.Now())
			if err != nil {
				t.Error(err)
			}
			done <- cs
		}()
	}
	total := 0
	for range 4 {
		for _, c := range <-done {
			total++
			if c.State != storage.ChallengeExpired || c.ID > 2 {
				t.Errorf("expired %+v", c)
			}
		}
	}
	if total != 2 {
		t.Errorf("%d challenges reported expired, want 2 (each once)", total)
	}
	if open, _ := s.OpenChallenges(ctx); len(open) != 1 || open[0].ID != 3 {
		t.Errorf("open %+v", open)
	}
}

// TestShortGamesDoNotCount checks that a game ended before both sides
// moved — aborted, resigned, drawn by agreement or lost on time — changes
// no record and no rating (today an agreed draw at move 0 was rated).
func testShortGamesDoNotCount(t *testing.T, b testBackend) {
	s, _ := b.open(t)
	ctx := t.Context()
	ends := []struct {
		name  string
		plies int
		end   func(*tafl.Game) error
	}{
		{"abort", 0, func(g *tafl.Game) error { return g.Abort() }},
		{"draw at move 0", 0, func(g *tafl.Game) error { return g.AgreeDraw() }},
		{"resign after one move", 1, func(g *tafl.Game) error { return g.Resign(tafl.Defenders) }},
		{"time out before the first move", 0, func(g *tafl.Game) error { return g.LoseOnTime(tafl.Attackers) }},
		{"abort after one move", 1, func(g *tafl.Game) error { return g.Abort() }},
	}
	for _, e := range ends {
		g := newHumanGame(t, "111", "222")
		if err := s.CreateGame(ctx, g); err != nil {
			t.Fatal(err)
		}
		got, err := s.UpdateGame(ctx, g.ID, -1, func(g *storage.Game) error {
			for g.Ply() < e.plies {
				if _, err := g.Tafl().Play(g.Tafl().LegalMoves()[0]); err != nil {
					return err
				}
			}
			return e.end(g.Tafl())
		})
		if err != nil {
			t.Fatalf("%s: %v", e.name, err)
		}
		if got.Active() || got.Counts() || len(got.RatingChanges) != 0 {
			t.Errorf("%s: active %v, counts %v, rating changes %+v", e.name, got.Active(), got.Counts(), got.RatingChanges)
		}
	}
	for _, id := range []string{"111", "222"} {
		if p, err := s.GetPlayer(ctx, "g1", id); err == nil {
			t.Errorf("player %s has a record after games that ended before both moved: %+v", id, p)
		} else if !errors.Is(err, storage.ErrNotFound) {
			t.Fatal(err)
		}
	}
	// Two moves played: a draw by agreement counts and is rated.
	g := finishCounted(t, s, newHumanGame(t, "111", "222"), func(g *tafl.Game) error { return g.AgreeDraw() })
	if !g.Counts() || len(g.RatingChanges) != 2 {
		t.Errorf("a draw after two moves: counts %v, rating changes %+v", g.Counts(), g.RatingChanges)
	}
	// An aborted game survives a round trip through the file.
	ab := newHumanGame(t, "111", "222")
	if err := s.CreateGame(ctx, ab); err != nil {
		t.Fatal(err)
	}
	if _, err := s.UpdateGame(ctx, ab.ID, -1, func(g *storage.Game) error { return g.Tafl().Abort() }); err != nil {
		t.Fatal(err)
	}
	if back, err := s.GetGame(ctx, ab.ID); err != nil || back.Outcome().Reason != tafl.Aborted || back.Outcome().Winner != tafl.NoSide {
		t.Errorf("the aborted game read back: %+v, %v", back, err)
	}
}

// testCreateChallengeIf: the check of CreateChallengeIf sees the
// challenger's open challenges in the challenge's server (not those
// expired, closed, of other servers or of other challengers); its error
// saves nothing; and of many requests at once, each sees the ones
// created before it, so a limit holds.
func testCreateChallengeIf(t *testing.T, b testBackend) {
	s, clk := b.open(t)
	ctx := t.Context()
	mk := func(guild, challenger, opponent string, expiresIn time.Duration) *storage.Challenge {
		return &storage.Challenge{GuildID: guild, ChannelID: "c1", ChallengerID: challenger, OpponentID: opponent,
			Variant: "brandubh", MoveTime: 24 * time.Hour, Expires: clk.Now().Add(expiresIn)}
	}
	create := func(c *storage.Challenge) *storage.Challenge {
		t.Helper()
		if err := s.CreateChallenge(ctx, c); err != nil {
			t.Fatal(err)
		}
		return c
	}
	soon := create(mk("g1", "111", "222", time.Hour))
	later := create(mk("g1", "111", "", 24*time.Hour))
	create(mk("g2", "111", "222", 24*time.Hour)) // another server
	create(mk("g1", "999", "111", 24*time.Hour)) // another challenger
	declined := create(mk("g1", "111", "333", 24*time.Hour))
	if _, err := s.UpdateChallenge(ctx, declined.ID, func(c *storage.Challenge) error { c.State = storage.ChallengeDeclined; return nil }); err != nil {
		t.Fatal(err)
	}
	ids := func(cs []*storage.Challenge) []storage.ChallengeID {
		var out []storage.ChallengeID
		for _, c := range cs {
			out = append(out, c.ID)
		}
		return out
	}
	var seen []storage.ChallengeID
	refuse := errors.New("refused")
	c := mk("g1", "111", "444", 24*time.Hour)
	if err := s.CreateChallengeIf(ctx, c, func(open []*storage.Challenge) error { seen = ids(open); return refuse }); err != refuse {
		t.Fatalf("a refused challenge: %v", err)
	}
	if want := []storage.ChallengeID{soon.ID, later.ID}; !slices.Equal(seen, want) {
		t.Errorf("the check saw %v, want %v", seen, want)
	}
	if c.ID != 0 {
		t.Errorf("a refused challenge got id %d", c.ID)
	}
	if open, err := s.OpenChallenges(ctx); err != nil || len(open) != 4 {
		t.Errorf("open challenges after a refused one: %d, %v", len(open), err)
	}
	// An open challenge past its expiry (not yet marked expired) is not
	// counted; a created one is.
	clk.Advance(2 * time.Hour)
	if err := s.CreateChallengeIf(ctx, c, func(open []*storage.Challenge) error { seen = ids(open); return nil }); err != nil || c.ID == 0 || c.State != storage.ChallengeOpen {
		t.Fatalf("a challenge the check allowed: %v, %+v", err, c)
	}
	if want := []storage.ChallengeID{later.ID}; !slices.Equal(seen, want) {
		t.Errorf("after the first one's expiry the check saw %v, want %v", seen, want)
	}
	// Many at once under a limit of 3: exactly 3 are created.
	var wg sync.WaitGroup
	var mu sync.Mutex
	made, refused := 0, 0
	for range 12 {
		wg.Go(func() {
			err := s.CreateChallengeIf(ctx, mk("g5", "555", "", 24*time.Hour), func(open []*storage.Challenge) error {
				if len(open) >= 3 {
					return refuse
				}
				return nil
			})
			mu.Lock()
			defer mu.Unlock()
			switch err {
			case nil:
				made++
			case refuse:
				refused++
			default:
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if made != 3 || refused != 9 {
		t.Errorf("12 requests at once under a limit of 3: %d made, %d refused", made, refused)
	}
}
