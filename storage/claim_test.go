package storage_test

import (
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/taflbot/taflbot/storage"
	"github.com/taflbot/taflbot/tafl"
)

// newEngineGame stores a brandubh game of user against the engine, which
// attacks and so is to move.
func newEngineGame(t *testing.T, s *storage.Store, user string) *storage.Game {
	t.Helper()
	g, err := storage.NewGame("brandubh", "")
	if err != nil {
		t.Fatal(err)
	}
	g.GuildID, g.ChannelID, g.MoveTime = "g1", "c1", 24*time.Hour
	g.Attackers, g.Defenders = storage.AI("easy"), storage.Human(user)
	if err := s.CreateGame(t.Context(), g); err != nil {
		t.Fatal(err)
	}
	return g
}

// playFirst plays the first legal move of g (whoever is to move).
func playFirst(t *testing.T, s *storage.Store, id storage.GameID) *storage.Game {
	t.Helper()
	g, err := s.UpdateGame(t.Context(), id, -1, func(g *storage.Game) error {
		_, err := g.Tafl().Play(g.Tafl().LegalMoves()[0])
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func claimErr(t *testing.T, err error, want error) *storage.ClaimError {
	t.Helper()
	var ce *storage.ClaimError
	if !errors.Is(err, want) || !errors.As(err, &ce) {
		t.Fatalf("got %v, want a ClaimError wrapping %v", err, want)
	}
	return ce
}

// testEngineClaims: a claim is one worker's until its lease lapses; the
// move, or a release, ends it; only engine moves can be claimed.
func testEngineClaims(t *testing.T, b testBackend) {
	s, clk := b.open(t)
	ctx := t.Context()
	const lease = time.Minute
	g := newEngineGame(t, s, "111")
	got, err := s.ClaimEngineMove(ctx, g.ID, "w1", lease, 0)
	if err != nil || got.ID != g.ID || got.Ply() != 0 || !got.ToMove().IsAI() {
		t.Fatalf("first claim: %v %v", got, err)
	}
	ce := claimErr(t, func() error { _, err := s.ClaimEngineMove(ctx, g.ID, "w2", lease, 0); return err }(), storage.ErrClaimed)
	if !ce.Until.Equal(clk.Now().Add(lease)) || ce.Game != g.ID {
		t.Errorf("claimed until %v, want %v", ce.Until, clk.Now().Add(lease))
	}
	if _, err := s.ClaimEngineMove(ctx, g.ID, "w1", lease, 0); err != nil {
		t.Errorf("the holder claims again: %v", err)
	}
	// Renewing keeps it; once the lease lapses another worker takes over
	// and the first one's renewal fails.
	clk.Advance(50 * time.Second)
	if err := s.RenewClaim(ctx, g.ID, "w1", lease); err != nil {
		t.Fatal(err)
	}
	clk.Advance(50 * time.Second)
	claimErr(t, func() error { _, err := s.ClaimEngineMove(ctx, g.ID, "w2", lease, 0); return err }(), storage.ErrClaimed)
	clk.Advance(11 * time.Second)
	if _, err := s.ClaimEngineMove(ctx, g.ID, "w2", lease, 0); err != nil {
		t.Fatalf("claim after the lease lapsed: %v", err)
	}
	if err := s.RenewClaim(ctx, g.ID, "w1", lease); !errors.Is(err, storage.ErrClaimLost) {
		t.Errorf("renewal of a lapsed claim taken over: %v", err)
	}
	// The engine's move ends the claim; with the human to move there is
	// nothing to claim; the next engine move is free for anyone.
	playFirst(t, s, g.ID)
	if _, err := s.ClaimEngineMove(ctx, g.ID, "w3", lease, 0); !errors.Is(err, storage.ErrNotEngineTurn) {
		t.Errorf("claim with the human to move: %v", err)
	}
	if err := s.RenewClaim(ctx, g.ID, "w2", lease); !errors.Is(err, storage.ErrClaimLost) {
		t.Errorf("renewal after the move: %v", err)
	}
	playFirst(t, s, g.ID)
	if _, err := s.ClaimEngineMove(ctx, g.ID, "w3", lease, 0); err != nil {
		t.Errorf("claim of the next engine move: %v", err)
	}
	// A release frees it at once.
	if err := s.ReleaseClaim(ctx, g.ID, "w3"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.ClaimEngineMove(ctx, g.ID, "w4", lease, 0); err != nil {
		t.Errorf("claim after a release: %v", err)
	}
	if err := s.ReleaseClaim(ctx, g.ID, "w3"); err != nil {
		t.Errorf("release by a worker that no longer holds it: %v", err)
	}
	if _, err := s.ClaimEngineMove(ctx, g.ID, "w5", lease, 0); !errors.Is(err, storage.ErrClaimed) {
		t.Errorf("the old holder's release freed the new holder's claim: %v", err)
	}
	// Finished games, human games and missing games.
	if _, err := s.UpdateGame(ctx, g.ID, -1, func(g *storage.Game) error { return g.Tafl().Resign(tafl.Defenders) }); err != nil {
		t.Fatal(err)
	}
	if _, err := s.ClaimEngineMove(ctx, g.ID, "w5", lease, 0); !errors.Is(err, storage.ErrNotEngineTurn) {
		t.Errorf("claim in a finished game: %v", err)
	}
	h := newHumanGame(t, "1", "2")
	if err := s.CreateGame(ctx, h); err != nil {
		t.Fatal(err)
	}
	if _, err := s.ClaimEngineMove(ctx, h.ID, "w5", lease, 0); !errors.Is(err, storage.ErrNotEngineTurn) {
		t.Errorf("claim in a game between people: %v", err)
	}
	if _, err := s.ClaimEngineMove(ctx, 999, "w5", lease, 0); !errors.Is(err, storage.ErrNotFound) {
		t.Errorf("claim of a missing game: %v", err)
	}
	if _, err := s.ClaimEngineMove(ctx, h.ID, "", lease, 0); !errors.Is(err, storage.ErrInvalid) {
		t.Errorf("claim without a worker name: %v", err)
	}
}

// testEngineClaimPerUser: a player has at most perUser moves claimed at
// once; their other games wait, other players' do not.
func testEngineClaimPerUser(t *testing.T, b testBackend) {
	s, clk := b.open(t)
	ctx := t.Context()
	const lease = time.Minute
	var mine []*storage.Game
	for range 3 {
		mine = append(mine, newEngineGame(t, s, "111"))
	}
	other := newEngineGame(t, s, "222")
	if _, err := s.ClaimEngineMove(ctx, mine[0].ID, "w1", lease, 2); err != nil {
		t.Fatal(err)
	}
	clk.Advance(time.Second)
	if _, err := s.ClaimEngineMove(ctx, mine[1].ID, "w2", lease, 2); err != nil {
		t.Fatal(err)
	}
	ce := claimErr(t, func() error { _, err := s.ClaimEngineMove(ctx, mine[2].ID, "w3", lease, 2); return err }(), storage.ErrUserBusy)
	if want := clk.Now().Add(lease - time.Second); !ce.Until.Equal(want) {
		t.Errorf("busy until %v, want %v (the first claim's end)", ce.Until, want)
	}
	if _, err := s.ClaimEngineMove(ctx, other.ID, "w3", lease, 2); err != nil {
		t.Errorf("another player's game: %v", err)
	}
	if _, err := s.ClaimEngineMove(ctx, mine[2].ID, "w4", lease, 0); err != nil {
		t.Errorf("without a limit: %v", err)
	}
	if err := s.ReleaseClaim(ctx, mine[2].ID, "w4"); err != nil {
		t.Fatal(err)
	}
	playFirst(t, s, mine[0].ID) // the engine moved: one place free
	if _, err := s.ClaimEngineMove(ctx, mine[2].ID, "w3", lease, 2); err != nil {
		t.Errorf("after one of the player's moves was made: %v", err)
	}
	// Lapsed claims do not count.
	mine = append(mine, newEngineGame(t, s, "111"))
	claimErr(t, func() error { _, err := s.ClaimEngineMove(ctx, mine[3].ID, "w5", lease, 2); return err }(), storage.ErrUserBusy)
	clk.Advance(lease)
	if _, err := s.ClaimEngineMove(ctx, mine[3].ID, "w5", lease, 2); err != nil {
		t.Errorf("after the other claims lapsed: %v", err)
	}
}

// testEngineClaimRace: many workers claim the same move at once; exactly
// one gets it. Many workers claim one player's moves at once under a
// limit of 2; exactly 2 get one.
func testEngineClaimRace(t *testing.T, b testBackend) {
	s, _ := b.open(t)
	ctx := t.Context()
	g := newEngineGame(t, s, "111")
	var games []storage.GameID
	for range 6 {
		games = append(games, newEngineGame(t, s, "222").ID)
	}
	for _, tc := range []struct {
		name    string
		game    func(i int) storage.GameID
		perUser int
		want    int
	}{
		{"one move", func(int) storage.GameID { return g.ID }, 0, 1},
		{"one player", func(i int) storage.GameID { return games[i%len(games)] }, 2, 2},
	} {
		var wg sync.WaitGroup
		var mu sync.Mutex
		won := 0
		for i := range 12 {
			wg.Go(func() {
				_, err := s.ClaimEngineMove(ctx, tc.game(i), "w"+string(rune('a'+i)), time.Minute, tc.perUser)
				var ce *storage.ClaimError
				switch {
				case err == nil:
					mu.Lock()
					won++
					mu.Unlock()
				case !errors.As(err, &ce):
					t.Error(err)
				}
			})
		}
		wg.Wait()
		if won != tc.want {
			t.Errorf("%s: %d claims succeeded, want %d", tc.name, won, tc.want)
		}
	}
}

// testWatchEngine: a watcher hears of engine moves said to be due and
// of claims ending.
func testWatchEngine(t *testing.T, b testBackend) {
	s, _ := b.open(t)
	ctx := t.Context()
	events, err := s.WatchEngine(ctx)
	if err != nil {
		t.Fatal(err)
	}
	g := newEngineGame(t, s, "111")
	if err := s.NotifyEngine(ctx, g.ID); err != nil {
		t.Fatal(err)
	}
	expectEvent(t, events, storage.EngineEvent{Game: g.ID})
	if _, err := s.ClaimEngineMove(ctx, g.ID, "w1", time.Minute, 0); err != nil {
		t.Fatal(err)
	}
	playFirst(t, s, g.ID) // the engine's move ends the claim
	expectEvent(t, events, storage.EngineEvent{Game: g.ID, Released: true})
	playFirst(t, s, g.ID) // the human's: the engine is to move again
	if err := s.NotifyEngine(ctx, g.ID); err != nil {
		t.Fatal(err)
	}
	expectEvent(t, events, storage.EngineEvent{Game: g.ID})
	if _, err := s.ClaimEngineMove(ctx, g.ID, "w1", time.Minute, 0); err != nil {
		t.Fatal(err)
	}
	if err := s.ReleaseClaim(ctx, g.ID, "w1"); err != nil {
		t.Fatal(err)
	}
	expectEvent(t, events, storage.EngineEvent{Game: g.ID, Released: true})
}

// expectEvent waits for the next event of events that is not a resync
// and checks it.
func expectEvent(t *testing.T, events <-chan storage.EngineEvent, want storage.EngineEvent) {
	t.Helper()
	timeout := time.After(10 * time.Second)
	for {
		select {
		case e, ok := <-events:
			if !ok {
				t.Fatalf("the events ended before %+v", want)
			}
			if e.Resync {
				continue
			}
			if e != want {
				t.Fatalf("event %+v, want %+v", e, want)
			}
			return
		case <-timeout:
			t.Fatalf("no event; want %+v", want)
		}
	}
}

// testEngineGameLimits: CreateEngineGame creates a game against the
// engine only while the player and the server are under their limits,
// also when many requests come at once.
func testEngineGameLimits(t *testing.T, b testBackend) {
	s, _ := b.open(t)
	ctx := t.Context()
	mk := func(user, guild string) *storage.Game {
		g, err := storage.NewGame("brandubh", "")
		if err != nil {
			t.Fatal(err)
		}
		g.GuildID, g.ChannelID = guild, "c1"
		g.Attackers, g.Defenders = storage.Human(user), storage.AI("easy")
		return g
	}
	for range 2 {
		if err := s.CreateEngineGame(ctx, mk("111", "g1"), 2, 3); err != nil {
			t.Fatal(err)
		}
	}
	var le *storage.EngineGameLimitError
	if err := s.CreateEngineGame(ctx, mk("111", "g2"), 2, 3); !errors.As(err, &le) || le.Server || le.Going != 2 || !errors.Is(err, storage.ErrEngineGameLimit) {
		t.Errorf("the player's third game: %v", err)
	}
	if err := s.CreateEngineGame(ctx, mk("222", "g1"), 2, 3); err != nil {
		t.Fatal(err)
	}
	if err := s.CreateEngineGame(ctx, mk("333", "g1"), 2, 3); !errors.As(err, &le) || !le.Server || le.Going != 3 {
		t.Errorf("the server's fourth game: %v", err)
	}
	if err := s.CreateEngineGame(ctx, mk("333", "g2"), 2, 3); err != nil {
		t.Errorf("another server: %v", err)
	}
	// A finished game frees its place.
	gs, _ := s.GamesByPlayer(ctx, "111", storage.GameFilter{})
	if _, err := s.UpdateGame(ctx, gs[0].ID, -1, func(g *storage.Game) error { return g.Tafl().Resign(tafl.Attackers) }); err != nil {
		t.Fatal(err)
	}
	if err := s.CreateEngineGame(ctx, mk("111", "g3"), 2, 3); err != nil {
		t.Errorf("after a game ended: %v", err)
	}
	// Many at once: exactly as many as the limit allows.
	var wg sync.WaitGroup
	var mu sync.Mutex
	made, refused := 0, 0
	for range 12 {
		wg.Go(func() {
			err := s.CreateEngineGame(ctx, mk("444", "g9"), 3, 0)
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err == nil:
				made++
			case errors.Is(err, storage.ErrEngineGameLimit):
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
	if err := s.CreateEngineGame(ctx, newHumanGame(t, "1", "2"), 3, 3); !errors.Is(err, storage.ErrInvalid) {
		t.Errorf("a game between people: %v", err)
	}
}
