package storage_test

import (
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/taflbot/taflbot/storage"
	"github.com/taflbot/taflbot/tafl"
)

const day = 24 * time.Hour

// TestVacationPausesClocks: a vacation adds its length to the deadline of
// every game where the player is to move; a game that comes to their turn
// during it gets its time per move from the vacation's end; ending early
// gives back the unused days; the yearly allowance holds.
func testVacationPausesClocks(t *testing.T, b testBackend) {
	s, c := b.open(t)
	ctx := t.Context()
	mine := newHumanGame(t, "111", "222") // 111 attacks: to move
	theirs := newHumanGame(t, "222", "111")
	other := newHumanGame(t, "111", "333")
	other.GuildID = "g2" // another server: untouched
	for _, g := range []*storage.Game{mine, theirs, other} {
		if err := s.CreateGame(ctx, g); err != nil {
			t.Fatal(err)
		}
	}
	move := func(id storage.GameID) *storage.Game {
		t.Helper()
		g, err := s.UpdateGame(ctx, id, -1, func(g *storage.Game) error {
			_, err := g.Tafl().Play(g.Tafl().LegalMoves()[0])
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	set := func(id storage.GameID, d time.Time) {
		if _, err := s.UpdateGame(ctx, id, -1, func(g *storage.Game) error { g.Deadline = d; return nil }); err != nil {
			t.Fatal(err)
		}
	}
	start := c.Now()
	set(mine.ID, start.Add(2*day))
	set(other.ID, start.Add(2*day))

	p, err := s.StartVacation(ctx, "g1", "111", 5*day, 14*day)
	if err != nil {
		t.Fatal(err)
	}
	if !p.OnVacation(start) || !p.VacationUntil.Equal(start.Add(5*day)) || p.VacationLeft(start, 14*day) != 9*day {
		t.Fatalf("player after starting: %+v", p)
	}
	get := func(id storage.GameID) *storage.Game {
		g, err := s.GetGame(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	if d := get(mine.ID).Deadline; !d.Equal(start.Add(7 * day)) {
		t.Errorf("the paused game is due %v, want %v (2 days + 5 of vacation)", d, start.Add(7*day))
	}
	if d := get(other.ID).Deadline; !d.Equal(start.Add(2 * day)) {
		t.Errorf("the game in another server moved to %v", d)
	}
	// 222 moves in theirs: 111 is to move, on vacation: due 3 days after it ends.
	c.Advance(day)
	if g := move(theirs.ID); !g.Deadline.Equal(start.Add(5*day + 72*time.Hour)) {
		t.Errorf("a move arriving during the vacation is due %v, want the vacation's end + 3 days", g.Deadline)
	}
	// Too long: 9 days left this year.
	if _, err := s.StartVacation(ctx, "g1", "111", 20*day, 14*day); !errors.Is(err, storage.ErrNoVacationLeft) {
		t.Errorf("a vacation past the allowance: %v", err)
	}
	// Ending early after one day: 4 days come back and leave the deadlines.
	p, err = s.EndVacation(ctx, "g1", "111")
	if err != nil {
		t.Fatal(err)
	}
	now := c.Now()
	if p.OnVacation(now) || p.VacationLeft(now, 14*day) != 13*day {
		t.Errorf("after ending: on vacation %v, %v left, want 13 days", p.OnVacation(now), p.VacationLeft(now, 14*day))
	}
	if d := get(mine.ID).Deadline; !d.Equal(start.Add(3 * day)) {
		t.Errorf("after the vacation ended the game is due %v, want %v (one day paused)", d, start.Add(3*day))
	}
	if d := get(theirs.ID).Deadline; !d.Equal(now.Add(72 * time.Hour)) {
		t.Errorf("the game that came to 111 during the vacation is due %v, want now + 3 days", d)
	}
	// The allowance is per calendar year.
	p, _ = s.GetPlayer(ctx, "g1", "111")
	if left := p.VacationLeft(now.AddDate(1, 0, 0), 14*day); left != 14*day {
		t.Errorf("next year %v left, want 14 days", left)
	}
}

func testRememberGameAndLeaderboardVariants(t *testing.T, b testBackend) {
	s, _ := b.open(t)
	ctx := t.Context()
	if err := s.RememberGame(ctx, "g1", "111", "c1", 7); err != nil {
		t.Fatal(err)
	}
	if err := s.RememberGame(ctx, "g1", "111", "c2", 9); err != nil {
		t.Fatal(err)
	}
	p, err := s.GetPlayer(ctx, "g1", "111")
	if err != nil || p.LastGames["c1"] != 7 || p.LastGames["c2"] != 9 {
		t.Fatalf("remembered games %v, %v", p, err)
	}
	for _, v := range []string{"brandubh", "tablut"} {
		g, err := storage.NewGame(v, "")
		if err != nil {
			t.Fatal(err)
		}
		g.GuildID, g.Attackers, g.Defenders = "g1", storage.Human("111"), storage.Human("222")
		finishCounted(t, s, g, func(g *tafl.Game) error { return g.Resign(tafl.Attackers) })
	}
	names, err := s.LeaderboardVariants(ctx, "g1")
	if err != nil || !slices.Equal(names, []string{"brandubh", "tablut"}) {
		t.Errorf("leaderboard variants %v, %v", names, err)
	}
	if names, _ := s.LeaderboardVariants(ctx, "g2"); len(names) != 0 {
		t.Errorf("another server has %v", names)
	}
}

// TestNamesKeptWithTheGame: display names are stored with the seats and
// the challenge, and may change while the ids may not.
func testNamesKeptWithTheGame(t *testing.T, b testBackend) {
	s, _ := b.open(t)
	ctx := t.Context()
	g := newHumanGame(t, "111", "222")
	g.Attackers.Name, g.Defenders.Name = "Alice", "Bob"
	if err := s.CreateGame(ctx, g); err != nil {
		t.Fatal(err)
	}
	got, err := s.UpdateGame(ctx, g.ID, -1, func(g *storage.Game) error { g.Defenders.Name = "Robert"; return nil })
	if err != nil || got.Attackers.Name != "Alice" || got.Defenders.Name != "Robert" {
		t.Fatalf("renamed: %+v, %v", got, err)
	}
	if back, _ := s.GetGame(ctx, g.ID); back.Defenders.Name != "Robert" || back.Attackers.UserID != "111" {
		t.Errorf("read back %+v %+v", back.Attackers, back.Defenders)
	}
	if _, err := s.UpdateGame(ctx, g.ID, -1, func(g *storage.Game) error { g.Defenders = storage.Seat{UserID: "999", Name: "Robert"}; return nil }); !errors.Is(err, storage.ErrInvalid) {
		t.Errorf("changing a seat's user: %v", err)
	}
	c := &storage.Challenge{GuildID: "g1", ChallengerID: "111", ChallengerName: "Alice", OpponentID: "222", OpponentName: "Bob",
		Rules: "dim:7 start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/", Expires: time.Now().Add(time.Hour)}
	if err := s.CreateChallenge(ctx, c); err != nil {
		t.Fatal(err)
	}
	back, err := s.GetChallenge(ctx, c.ID)
	if err != nil || back.ChallengerName != "Alice" || back.OpponentName != "Bob" || back.Variant != "custom" || back.Rules != c.Rules {
		t.Errorf("challenge read back %+v, %v", back, err)
	}
	bad := *c
	bad.Rules = "dim:8 start:/8/"
	if err := s.CreateChallenge(ctx, &bad); !errors.Is(err, storage.ErrInvalid) {
		t.Errorf("a challenge with a bad rules string: %v", err)
	}
}

// TestGuildVacationDays: a server's yearly vacation defaults to 14 days
// and keeps what its managers set, 0 (no vacations) included.
func testGuildVacationDays(t *testing.T, b testBackend) {
	s, _ := b.open(t)
	ctx := t.Context()
	gs, err := s.GetGuildSettings(ctx, "g1")
	if err != nil || gs.VacationDays != storage.DefaultVacationDays {
		t.Fatalf("default %+v, %v", gs, err)
	}
	gs.VacationDays = 0
	if err := s.PutGuildSettings(ctx, gs); err != nil {
		t.Fatal(err)
	}
	if gs, _ := s.GetGuildSettings(ctx, "g1"); gs.VacationDays != 0 {
		t.Errorf("vacation days read back %d, want 0", gs.VacationDays)
	}
	gs.VacationDays = 400
	if err := s.PutGuildSettings(ctx, gs); !errors.Is(err, storage.ErrInvalid) {
		t.Errorf("400 vacation days: %v", err)
	}
}

// testVacationLeavesLiveClocks: a vacation pauses correspondence clocks
// only; a live game's chess clock and deadline (its flag) stay as they are.
func testVacationLeavesLiveClocks(t *testing.T, b testBackend) {
	s, _ := b.open(t)
	live := newLiveGame(t, s, storage.Human("111"), storage.Human("222")) // 111 to move
	if _, err := s.StartVacation(t.Context(), "g1", "111", 5*day, 14*day); err != nil {
		t.Fatal(err)
	}
	got, err := s.GetGame(t.Context(), live.ID)
	if err != nil {
		t.Fatal(err)
	}
	if !got.Deadline.Equal(live.Deadline) || !got.Deadline.Equal(got.Clock.FlagAt()) {
		t.Errorf("a live game's deadline moved: %v, was %v (flag at %v)", got.Deadline, live.Deadline, got.Clock.FlagAt())
	}
}

// testVacationAndNewGames: a game that begins while its first mover is on
// vacation, made directly, from an accepted challenge or by a tournament's
// round, has the first move due the time per move after the vacation's
// end (as a move arriving during it has); one whose first mover is not
// on vacation is due the time per move from now.
func testVacationAndNewGames(t *testing.T, b testBackend) {
	s, c := b.open(t)
	ctx := t.Context()
	start := c.Now()
	if _, err := s.StartVacation(ctx, "g1", "111", 5*day, 14*day); err != nil {
		t.Fatal(err)
	}
	c.Advance(2 * time.Hour)
	now := c.Now()
	end := start.Add(5 * day)

	direct := newHumanGame(t, "111", "222") // 111 attacks: to move
	if err := s.CreateGame(ctx, direct); err != nil {
		t.Fatal(err)
	}
	if want := end.Add(72 * time.Hour); !direct.Deadline.Equal(want) {
		t.Errorf("a new game whose first mover is on vacation is due %v, want the vacation's end + 3 days, %v", direct.Deadline, want)
	}
	waiting := newHumanGame(t, "222", "111") // 222 to move: not on vacation
	if err := s.CreateGame(ctx, waiting); err != nil {
		t.Fatal(err)
	}
	if want := now.Add(72 * time.Hour); !waiting.Deadline.Equal(want) {
		t.Errorf("a new game whose first mover is not on vacation is due %v, want now + 3 days, %v", waiting.Deadline, want)
	}

	ch := &storage.Challenge{GuildID: "g1", ChannelID: "c1", ChallengerID: "222", OpponentID: "111", Variant: "brandubh",
		MoveTime: 24 * time.Hour, Expires: now.Add(time.Hour)}
	if err := s.CreateChallenge(ctx, ch); err != nil {
		t.Fatal(err)
	}
	accepted, _ := storage.NewGame("brandubh", "")
	accepted.GuildID, accepted.ChannelID, accepted.MoveTime = "g1", "c1", 24*time.Hour
	accepted.Attackers, accepted.Defenders = storage.Human("111"), storage.Human("222")
	if _, err := s.AcceptChallenge(ctx, ch.ID, accepted); err != nil {
		t.Fatal(err)
	}
	if want := end.Add(24 * time.Hour); !accepted.Deadline.Equal(want) {
		t.Errorf("an accepted challenge whose first mover is on vacation is due %v, want the vacation's end + 1 day, %v", accepted.Deadline, want)
	}

	tr := newTournament(t, s, now, "111", "222")
	tr, err := s.UpdateTournament(ctx, tr.ID, func(t *storage.Tournament) error {
		_, err := t.State.Start()
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	_, games, err := s.CreateTournamentGames(ctx, tr.ID, tournamentGame)
	if err != nil || len(games) != 1 {
		t.Fatalf("tournament games: %d, %v", len(games), err)
	}
	g := games[0]
	want := now.Add(tr.MoveTime)
	if g.ToMove().UserID == "111" {
		want = end.Add(tr.MoveTime)
	}
	if !g.Deadline.Equal(want) {
		t.Errorf("the tournament game (%s to move) is due %v, want %v", g.ToMove().UserID, g.Deadline, want)
	}
}
