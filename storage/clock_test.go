package storage_test

import (
	"errors"
	"testing"
	"time"

	tc "github.com/taflbot/taflbot/clock"
	"github.com/taflbot/taflbot/storage"
	"github.com/taflbot/taflbot/tafl"
)

var blitz = tc.TimeControl{Base: 3 * time.Minute, Increment: 2 * time.Second}

func newLiveGame(t *testing.T, s *storage.Store, attackers, defenders storage.Seat) *storage.Game {
	t.Helper()
	g, err := storage.NewGame("brandubh", "")
	if err != nil {
		t.Fatal(err)
	}
	g.GuildID, g.ChannelID = "g1", "c1"
	g.Attackers, g.Defenders = attackers, defenders
	g.Clock = tc.Clock{Control: blitz}
	if err := s.CreateGame(t.Context(), g); err != nil {
		t.Fatal(err)
	}
	return g
}

func play(t *testing.T, s *storage.Store, id storage.GameID) (*storage.Game, error) {
	t.Helper()
	return s.UpdateGame(t.Context(), id, -1, func(g *storage.Game) error {
		_, err := g.Tafl().Play(g.Tafl().LegalMoves()[0])
		return err
	})
}

// testLiveClock (a contract test): a live game's clock is started,
// pressed, kept across a reopen, refuses a late move and stops at the
// flag when the timeout is found late.
func testLiveClock(t *testing.T, b testBackend) {
	db := b.newDB(t)
	c := newClock()
	s, err := storage.Open(db, storage.Options{Now: c.Now})
	if err != nil {
		t.Fatal(err)
	}
	start := c.Now()
	g := newLiveGame(t, s, storage.Human("a"), storage.AI("easy"))
	if g.Clock.Running != tafl.Attackers || !g.Deadline.Equal(start.Add(3*time.Minute)) {
		t.Fatalf("new game: clock %+v, deadline %v", g.Clock, g.Deadline)
	}
	// The human thinks 10 s: 2:52 left; now the engine's clock runs and,
	// in a live game, the engine has a deadline too.
	c.Advance(10 * time.Second)
	g, err = play(t, s, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	if g.Clock.Left[0] != 172*time.Second || g.Clock.Running != tafl.Defenders || !g.Deadline.Equal(c.Now().Add(3*time.Minute)) {
		t.Fatalf("after a move: clock %+v, deadline %v", g.Clock, g.Deadline)
	}
	engine, err := s.EngineToMove(t.Context())
	if err != nil || len(engine) != 1 {
		t.Fatalf("engine to move: %d, %v", len(engine), err)
	}
	// The clock survives a restart exactly.
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s = b.openAt(t, db, storage.Options{Now: c.Now})
	back, err := s.GetGame(t.Context(), g.ID)
	if err != nil || back.Clock != g.Clock || !back.Deadline.Equal(g.Deadline) {
		t.Fatalf("after reopening: %+v %v, want %+v %v (%v)", back.Clock, back.Deadline, g.Clock, g.Deadline, err)
	}
	// The engine's flag falls while the bot is down; an hour later a
	// late move is refused and ends the game as of the flag, once.
	flag := g.Deadline
	c.Advance(time.Hour)
	g, err = play(t, s, g.ID)
	if !errors.Is(err, storage.ErrTimedOut) || g == nil {
		t.Fatalf("a move after the flag: %v, want ErrTimedOut with the ended game", err)
	}
	if g.Ply() != 1 {
		t.Fatalf("the late move was saved: ply %d", g.Ply())
	}
	if g.Outcome() != (tafl.Outcome{Winner: tafl.NoSide, Reason: tafl.Aborted}) {
		t.Errorf("outcome %+v, want aborted (the engine's flag fell before its first move)", g.Outcome())
	}
	if g.Clock.Running != tafl.NoSide || !g.Clock.Since.Equal(flag) || g.Clock.Left[1] != 0 || g.Clock.Left[0] != 172*time.Second || !g.Deadline.IsZero() {
		t.Errorf("stopped clock %+v (deadline %v), want stopped at the flag %v", g.Clock, g.Deadline, flag)
	}
	if _, expired, err := s.ExpireGame(t.Context(), g.ID, c.Now()); err != nil || expired {
		t.Fatalf("expire after the late move ended it: %v, %v; want false, nil", expired, err)
	}
}

// testLiveClockCatchUp: a flag that fell while nobody was looking is found
// by ExpireGame, which stops the clock as of the flag.
func testLiveClockCatchUp(t *testing.T, b testBackend) {
	s, c := b.open(t)
	g := newLiveGame(t, s, storage.Human("a"), storage.Human("b"))
	flag := g.Deadline
	c.Advance(time.Hour)
	g, expired, err := s.ExpireGame(t.Context(), g.ID, c.Now())
	if err != nil || !expired {
		t.Fatalf("expire: %v, %v", expired, err)
	}
	if g.Outcome() != (tafl.Outcome{Winner: tafl.NoSide, Reason: tafl.Aborted}) {
		t.Errorf("outcome %+v, want aborted (the attackers' flag fell before their first move)", g.Outcome())
	}
	if g.Clock.Running != tafl.NoSide || !g.Clock.Since.Equal(flag) || g.Clock.Left[0] != 0 || !g.Deadline.IsZero() {
		t.Errorf("stopped clock %+v (deadline %v), want stopped at the flag %v", g.Clock, g.Deadline, flag)
	}
}

func testLiveClockStopsAtTheEnd(t *testing.T, b testBackend) {
	s, c := b.open(t)
	g := newLiveGame(t, s, storage.Human("a"), storage.Human("b"))
	c.Advance(30 * time.Second)
	g, err := s.UpdateGame(t.Context(), g.ID, -1, func(g *storage.Game) error { return g.Tafl().Resign(tafl.Attackers) })
	if err != nil {
		t.Fatal(err)
	}
	if g.Clock.Running != tafl.NoSide || g.Clock.Left[0] != 150*time.Second || !g.Deadline.IsZero() {
		t.Errorf("after resigning: %+v, deadline %v", g.Clock, g.Deadline)
	}
}

// testLiveClockLastMove (a contract test): the move that ends a live
// game stops both clocks without its increment. The defenders' king
// escapes after 5 s on their clock: they are left 5 s less than before,
// not 2 s more than that (the increment, which pays for moves to come,
// was added to the final clock), and the stored game says the same.
func testLiveClockLastMove(t *testing.T, b testBackend) {
	s, c := b.open(t)
	g := newLiveGame(t, s, storage.Human("a"), storage.Human("b"))
	var err error
	for _, m := range []string{"a4-a3", "e4-e1", "a3-a4", "d4-e4", "a4-a3", "e4-e7", "a3-a4", "e7-g7"} {
		c.Advance(5 * time.Second)
		g, err = s.UpdateGame(t.Context(), g.ID, -1, func(g *storage.Game) error { _, err := g.Tafl().PlayText(m); return err })
		if err != nil {
			t.Fatalf("%s: %v", m, err)
		}
	}
	if o := g.Outcome(); o.Winner != tafl.Defenders || o.Reason != tafl.KingEscaped {
		t.Fatalf("outcome %+v, want the king escaped", o)
	}
	// Each side thought 5 s a move: four moves with the increment are
	// 3:00 − 4×0:05 + 4×0:02 = 2:48 for the attackers; the defenders
	// had 3:00 − 3×0:05 + 3×0:02 = 2:51 before their last move, which,
	// with no increment, leaves them 2:46 (not 2:48).
	want := [2]time.Duration{168 * time.Second, 166 * time.Second}
	if g.Clock.Running != tafl.NoSide || g.Clock.Left != want || !g.Clock.Since.Equal(c.Now()) || !g.Deadline.IsZero() {
		t.Errorf("after the winning move: clock %+v, deadline %v; want stopped now with %v left", g.Clock, g.Deadline, want)
	}
	back, err := s.GetGame(t.Context(), g.ID)
	if err != nil || back.Clock != g.Clock {
		t.Errorf("stored clock %+v, %v; want %+v", back.Clock, err, g.Clock)
	}
}

func testLiveClockValidation(t *testing.T, b testBackend) {
	s, _ := b.open(t)
	g := newHumanGame(t, "a", "b") // has a time per move
	g.Clock = tc.Clock{Control: blitz}
	if err := s.CreateGame(t.Context(), g); !errors.Is(err, storage.ErrInvalid) {
		t.Errorf("clock and time per move: %v", err)
	}
	g = newHumanGame(t, "a", "b")
	g.MoveTime = 0
	g.Clock = tc.Clock{Control: tc.TimeControl{Base: time.Second}}
	if err := s.CreateGame(t.Context(), g); !errors.Is(err, storage.ErrInvalid) {
		t.Errorf("a one-second game: %v", err)
	}
}

// testChallengeAndRematchFields: a challenge keeps its time control and
// the game it is a rematch of; a game keeps its rematch links.
func testChallengeAndRematchFields(t *testing.T, b testBackend) {
	s, c := b.open(t)
	ch := &storage.Challenge{GuildID: "g1", ChannelID: "c1", ChallengerID: "a", OpponentID: "b", Variant: "brandubh",
		TimeControl: blitz, Rematch: 7, Casual: true, Expires: c.Now().Add(time.Hour), MessageID: "m1", MessageChannelID: "t1"}
	if err := s.CreateChallenge(t.Context(), ch); err != nil {
		t.Fatal(err)
	}
	back, err := s.GetChallenge(t.Context(), ch.ID)
	if err != nil || back.TimeControl != blitz || back.Rematch != 7 || !back.Casual || back.MoveTime != 0 || back.MessageChannel() != "t1" {
		t.Fatalf("challenge %+v, %v", back, err)
	}
	bad := *ch
	bad.MoveTime = time.Hour
	if err := s.CreateChallenge(t.Context(), &bad); !errors.Is(err, storage.ErrInvalid) {
		t.Errorf("a challenge with both clocks: %v", err)
	}
	g := newLiveGame(t, s, storage.Human("a"), storage.Human("b"))
	g, err = s.UpdateGame(t.Context(), g.ID, -1, func(g *storage.Game) error {
		g.Rematch, g.RematchGame = ch.ID, 9
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if got, err := s.GetGame(t.Context(), g.ID); err != nil || got.Rematch != ch.ID || got.RematchGame != 9 {
		t.Errorf("rematch links %v %v, %v", got.Rematch, got.RematchGame, err)
	}
}

// testTimeUpBeforeBothMoved (a contract test): a clock or a correspondence
// deadline that runs out before both sides moved aborts the game — the
// side that never moved does not lose and nothing is recorded — unless it
// is a tournament game, which needs a result; after both sides moved the
// side to move loses on time and the game counts.
func testTimeUpBeforeBothMoved(t *testing.T, b testBackend) {
	s, c := b.open(t)
	ctx := t.Context()
	live := func(tournament storage.TournamentID) *storage.Game {
		g, err := storage.NewGame("brandubh", "")
		if err != nil {
			t.Fatal(err)
		}
		g.GuildID, g.ChannelID = "g1", "c1"
		g.Attackers, g.Defenders = storage.Human("111"), storage.Human("222")
		g.Clock = tc.Clock{Control: blitz}
		g.TournamentID = tournament
		if err := s.CreateGame(ctx, g); err != nil {
			t.Fatal(err)
		}
		return g
	}
	corr := func() *storage.Game {
		g := newHumanGame(t, "111", "222")
		if err := s.CreateGame(ctx, g); err != nil {
			t.Fatal(err)
		}
		return g
	}
	aborted := tafl.Outcome{Winner: tafl.NoSide, Reason: tafl.Aborted}
	cases := []struct {
		name  string
		g     *storage.Game
		plies int
		want  tafl.Outcome
	}{
		{"live, the first mover never moved", live(0), 0, aborted},
		{"live, the second side never moved", live(0), 1, aborted},
		{"correspondence, the first mover never moved", corr(), 0, aborted},
		{"correspondence, the second side never moved", corr(), 1, aborted},
		{"live tournament game, the first mover never moved", live(7), 0, tafl.Outcome{Winner: tafl.Defenders, Reason: tafl.Timeout}},
	}
	for _, e := range cases {
		for range e.plies {
			if _, err := play(t, s, e.g.ID); err != nil {
				t.Fatalf("%s: %v", e.name, err)
			}
		}
	}
	c.Advance(100 * time.Hour)
	for _, e := range cases {
		g, expired, err := s.ExpireGame(ctx, e.g.ID, c.Now())
		if err != nil || !expired {
			t.Fatalf("%s: expire: %v, %v", e.name, expired, err)
		}
		if g.Outcome() != e.want || g.Counts() || len(g.RatingChanges) != 0 {
			t.Errorf("%s: outcome %+v (counts %v, rating changes %+v), want %+v, not counted", e.name, g.Outcome(), g.Counts(), g.RatingChanges, e.want)
		}
	}
	for _, id := range []string{"111", "222"} {
		if p, err := s.GetPlayer(ctx, "g1", id); err == nil {
			t.Errorf("player %s has a record after games whose time ran out before both moved: %+v", id, p)
		} else if !errors.Is(err, storage.ErrNotFound) {
			t.Fatal(err)
		}
	}
	// After both sides moved the flag loses, and the game counts.
	g := live(0)
	for range 2 {
		if _, err := play(t, s, g.ID); err != nil {
			t.Fatal(err)
		}
	}
	c.Advance(time.Hour)
	g, expired, err := s.ExpireGame(ctx, g.ID, c.Now())
	if err != nil || !expired {
		t.Fatalf("expire after two moves: %v, %v", expired, err)
	}
	if g.Outcome() != (tafl.Outcome{Winner: tafl.Defenders, Reason: tafl.Timeout}) || !g.Counts() || len(g.RatingChanges) != 2 {
		t.Errorf("flag after two moves: outcome %+v, counts %v, rating changes %+v; want a rated loss on time", g.Outcome(), g.Counts(), g.RatingChanges)
	}
}
