package storage_test

import (
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/taflbot/taflbot/storage"
	"github.com/taflbot/taflbot/tafl"
)

// testRematches (a contract test): CreateRematchChallenge and
// CreateRematchGame create the rematch of a finished game and record it
// on the game in one step, once the check passed on the game as it is
// then; of many requests at once whose check refuses a game that has a
// rematch, exactly one makes one, on both backends. A refused request, an
// unfinished game and a missing one save nothing.
func testRematches(t *testing.T, b testBackend) {
	s, clk := b.open(t)
	ctx := t.Context()
	finished := func(defenders storage.Seat) *storage.Game {
		t.Helper()
		g, err := storage.NewGame("brandubh", "")
		if err != nil {
			t.Fatal(err)
		}
		g.GuildID, g.ChannelID, g.MoveTime = "g1", "c1", 24*time.Hour
		g.Attackers, g.Defenders = storage.Human("111"), defenders
		if err := s.CreateGame(ctx, g); err != nil {
			t.Fatal(err)
		}
		g, err = s.UpdateGame(ctx, g.ID, -1, func(g *storage.Game) error { return g.Tafl().Resign(tafl.Attackers) })
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	offer := func(old storage.GameID) *storage.Challenge {
		return &storage.Challenge{GuildID: "g1", ChannelID: "c1", ChallengerID: "111", OpponentID: "222", Variant: "brandubh",
			MoveTime: 24 * time.Hour, Rematch: old, Expires: clk.Now().Add(time.Hour)}
	}
	engineGame := func() *storage.Game {
		g, err := storage.NewGame("brandubh", "")
		if err != nil {
			t.Fatal(err)
		}
		g.GuildID, g.ChannelID = "g1", "c1"
		g.Attackers, g.Defenders = storage.AI("easy"), storage.Human("111")
		return g
	}
	none := func(g *storage.Game) error {
		if g.Rematch != 0 || g.RematchGame != 0 {
			return errTaken
		}
		return nil
	}
	open := func() int {
		cs, err := s.OpenChallenges(ctx)
		if err != nil {
			t.Fatal(err)
		}
		return len(cs)
	}

	// Refused: nothing saved.
	old := finished(storage.Human("222"))
	refuse := errors.New("refused")
	c := offer(old.ID)
	if err := s.CreateRematchChallenge(ctx, c, func(g *storage.Game) error {
		if g.ID != old.ID || g.Active() {
			t.Errorf("the check got game %d (active %v)", g.ID, g.Active())
		}
		return refuse
	}); err != refuse || c.ID != 0 || open() != 0 {
		t.Errorf("a refused rematch: %v, id %d, %d open challenges", err, c.ID, open())
	}
	// An unfinished game, a missing one, no game: refused.
	going := newHumanGame(t, "111", "222")
	if err := s.CreateGame(ctx, going); err != nil {
		t.Fatal(err)
	}
	for _, id := range []storage.GameID{going.ID, 999} {
		if err := s.CreateRematchChallenge(ctx, offer(id), none); err == nil || open() != 0 {
			t.Errorf("a rematch of game %d: %v", id, err)
		}
	}
	if err := s.CreateRematchChallenge(ctx, offer(0), none); !errors.Is(err, storage.ErrInvalid) {
		t.Errorf("a rematch of no game: %v", err)
	}
	if err := s.CreateRematchGame(ctx, going.ID, engineGame(), 0, 0, none); !errors.Is(err, storage.ErrInvalid) {
		t.Errorf("an engine rematch of a game going on: %v", err)
	}

	// Many at once: one offer, recorded on the game.
	var wg sync.WaitGroup
	var mu sync.Mutex
	var made []storage.ChallengeID
	for range 8 {
		wg.Go(func() {
			c := offer(old.ID)
			err := s.CreateRematchChallenge(ctx, c, none)
			switch {
			case err == nil:
				mu.Lock()
				made = append(made, c.ID)
				mu.Unlock()
			case !errors.Is(err, errTaken):
				t.Errorf("a rematch offer: %v", err)
			}
		})
	}
	wg.Wait()
	got, err := s.GetGame(ctx, old.ID)
	if len(made) != 1 || err != nil || got.Rematch != made[0] || open() != 1 {
		t.Fatalf("8 offers at once: made %v, game's rematch %d (%v), %d open challenges; want one, recorded", made, got.Rematch, err, open())
	}
	if c, err := s.GetChallenge(ctx, made[0]); err != nil || c.State != storage.ChallengeOpen || c.Rematch != old.ID || c.Created.IsZero() {
		t.Errorf("the offer: %+v, %v", c, err)
	}

	// Against the engine: one game, recorded, within the limits.
	old = finished(storage.AI("easy"))
	var games []storage.GameID
	for range 8 {
		wg.Go(func() {
			g := engineGame()
			err := s.CreateRematchGame(ctx, old.ID, g, 5, 0, none)
			switch {
			case err == nil:
				mu.Lock()
				games = append(games, g.ID)
				mu.Unlock()
			case !errors.Is(err, errTaken):
				t.Errorf("an engine rematch: %v", err)
			}
		})
	}
	wg.Wait()
	got, err = s.GetGame(ctx, old.ID)
	if len(games) != 1 || err != nil || got.RematchGame != games[0] {
		t.Fatalf("8 engine rematches at once: made %v, game's rematch game %d (%v); want one, recorded", games, got.RematchGame, err)
	}
	if g, err := s.GetGame(ctx, games[0]); err != nil || !g.Active() || g.Defenders != storage.Human("111") {
		t.Errorf("the rematch game: %+v, %v", g, err)
	}
	// The limit on games against the engine holds: 111 has one going.
	var le *storage.EngineGameLimitError
	other := finished(storage.AI("easy"))
	if err := s.CreateRematchGame(ctx, other.ID, engineGame(), 1, 0, none); !errors.As(err, &le) || le.Going != 1 {
		t.Errorf("an engine rematch over the limit: %v", err)
	}
	if g, _ := s.GetGame(ctx, other.ID); g.RematchGame != 0 {
		t.Errorf("a refused engine rematch was recorded: %d", g.RematchGame)
	}
	if rep, err := s.Check(ctx); err != nil || !rep.OK() {
		t.Errorf("check: %v %+v", err, rep)
	}
}

var errTaken = errors.New("a rematch was recorded")
