package storage_test

import (
	"math"
	"slices"
	"testing"
	"time"

	"github.com/taflbot/taflbot/storage"
	"github.com/taflbot/taflbot/tafl"
)

// TestRatingAged checks the growth of the deviation over idle rating
// periods against values computed by hand: with σ = 0.06 (0.06 × 173.7178
// = 10.4231 on the Glicko scale), RD' = sqrt(RD² + n × 10.4231²) for n
// whole periods of four days, at most 350.
func TestRatingAged(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	day := 24 * time.Hour
	r := storage.Rating{Rating: 1620, Deviation: 60, Volatility: 0.06, At: t0}
	for _, c := range []struct {
		name       string
		r          storage.Rating
		since, now time.Time
		want       float64
	}{
		{"within the first period", r, time.Time{}, t0.Add(4*day - time.Second), 60},
		{"one period", r, time.Time{}, t0.Add(4 * day), 60.8986},            // sqrt(3600 + 108.64)
		{"a year: 91 periods", r, time.Time{}, t0.Add(365 * day), 116.1304}, // sqrt(3600 + 91 × 108.64)
		{"78 periods", r, time.Time{}, t0.Add(312 * day), 109.8815},
		{"79 periods", r, time.Time{}, t0.Add(316 * day), 110.3748},
		{"capped at 350", storage.Rating{Rating: 1500, Deviation: 300, Volatility: 0.06, At: t0}, time.Time{}, t0.Add(3650 * day), 350}, // sqrt(90000 + 912 × 108.64) = 434.8
		{"no time stored: from since", storage.Rating{Rating: 1500, Deviation: 60, Volatility: 0.06}, t0, t0.Add(365 * day), 116.1304},
		{"no time at all", storage.Rating{Rating: 1500, Deviation: 60, Volatility: 0.06}, time.Time{}, t0.Add(365 * day), 60},
		{"a clock before the update", r, time.Time{}, t0.Add(-365 * day), 60},
	} {
		got := c.r.Aged(c.since, c.now)
		if math.Abs(got.Deviation-c.want) > 0.0001 || got.Rating != c.r.Rating || got.Volatility != c.r.Volatility || !got.At.Equal(c.r.At) {
			t.Errorf("%s: %+v, want the deviation %.4f and the rest unchanged", c.name, got, c.want)
		}
	}
	if (storage.Rating{Rating: 1620, Deviation: 116.1304, Volatility: 0.06}).Provisional() != true || r.Aged(time.Time{}, t0.Add(312*day)).Provisional() {
		t.Error("a deviation of 116 is provisional, of 109.9 not")
	}
}

// testRatingGrowsWhileIdle: a player's rated game after a year without
// one is rated from the deviation grown over the idle periods (so the
// rating moves more than after a game the day before), and the
// leaderboard shows the grown deviation.
func testRatingGrowsWhileIdle(t *testing.T, b testBackend) {
	s, clk := b.open(t)
	ctx := t.Context()
	settled := func(users ...string) {
		for _, u := range users {
			_, err := s.UpdatePlayer(ctx, "g1", u, func(p *storage.Player) error {
				p.Variants["copenhagen"] = storage.VariantRecord{Rating: storage.Rating{Rating: 1500, Deviation: 60, Volatility: 0.06, At: clk.Now()}, Wins: 20, Losses: 20}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
		}
	}
	settled("111", "222")
	clk.Advance(365 * 24 * time.Hour)
	lb, err := s.Leaderboard(ctx, "g1", "copenhagen", 0)
	if err != nil || len(lb) != 2 || math.Abs(lb[0].Rating.Deviation-116.1304) > 0.0001 || !lb[0].Rating.Provisional() {
		t.Fatalf("the leaderboard a year later: %+v, %v; want the deviation 116.1304, provisional", lb, err)
	}
	settled("333", "444")
	clk.Advance(24 * time.Hour)
	idle := finishCounted(t, s, newHumanGame(t, "111", "222"), func(g *tafl.Game) error { return g.Resign(tafl.Attackers) })
	fresh := finishCounted(t, s, newHumanGame(t, "333", "444"), func(g *tafl.Game) error { return g.Resign(tafl.Attackers) })
	if len(idle.RatingChanges) != 2 || len(fresh.RatingChanges) != 2 {
		t.Fatalf("rating changes %+v, %+v", idle.RatingChanges, fresh.RatingChanges)
	}
	// 365 + 1 days: still 91 whole periods.
	if before := idle.RatingChanges[0].Before; math.Abs(before.Deviation-116.1304) > 0.0001 || before.Rating != 1500 {
		t.Errorf("the idle loser was rated from %+v, want the deviation 116.1304", before)
	}
	if before := fresh.RatingChanges[0].Before; before.Deviation != 60 {
		t.Errorf("the active loser was rated from %+v, want the deviation 60", before)
	}
	idleLoss := idle.RatingChanges[0].Before.Rating - idle.RatingChanges[0].After.Rating
	freshLoss := fresh.RatingChanges[0].Before.Rating - fresh.RatingChanges[0].After.Rating
	if !(idleLoss > 2*freshLoss) || freshLoss <= 0 {
		t.Errorf("after a year idle the loss cost %.1f, a day after the last game %.1f: want much more", idleLoss, freshLoss)
	}
	// The new rating counts from this game.
	p, err := s.GetPlayer(ctx, "g1", "111")
	if err != nil {
		t.Fatal(err)
	}
	if r := p.Rating("copenhagen"); !r.At.Equal(clk.Now()) || p.RatingAt("copenhagen", clk.Now()) != r {
		t.Errorf("the stored rating %+v does not count from the game at %v", r, clk.Now())
	}
}

// TestPlayerRatingsAged: a player's game and puzzle ratings grow while
// idle; one stored before taflbot kept the time of the update counts from
// the player's last change (Player.Updated).
func TestPlayerRatingsAged(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	year := t0.Add(365 * 24 * time.Hour)
	p := storage.NewPlayer("g1", "111")
	p.Updated = t0
	p.Variants["brandubh"] = storage.VariantRecord{Rating: storage.Rating{Rating: 1700, Deviation: 60, Volatility: 0.06}, Wins: 30}
	p.Puzzles.Rating = storage.Rating{Rating: 1400, Deviation: 60, Volatility: 0.06, At: t0}
	for name, r := range map[string]storage.Rating{"brandubh (no time stored)": p.RatingAt("brandubh", year), "puzzles": p.PuzzleRatingAt(year)} {
		if math.Abs(r.Deviation-116.1304) > 0.0001 || !r.Provisional() {
			t.Errorf("%s a year later: %+v, want the deviation 116.1304", name, r)
		}
	}
	if r := p.RatingAt("tablut", year); r != storage.DefaultRating {
		t.Errorf("an unrated variant: %+v", r)
	}
	if r := storage.NewPlayer("g1", "222").PuzzleRatingAt(year); r != storage.DefaultRating {
		t.Errorf("no puzzle tried: %+v", r)
	}
}

// testLeaderboardOrder: the established ratings come before the
// provisional ones (a newcomer's 1900 over one game, a regular's 1700
// grown provisional over a year away), each by rating as shown (whole
// numbers), then by rated games, then by user id as a number.
func testLeaderboardOrder(t *testing.T, b testBackend) {
	s, clk := b.open(t)
	ctx := t.Context()
	set := func(user string, rating, deviation float64, games int, at time.Time) {
		t.Helper()
		_, err := s.UpdatePlayer(ctx, "g1", user, func(p *storage.Player) error {
			p.Variants["copenhagen"] = storage.VariantRecord{Rating: storage.Rating{Rating: rating, Deviation: deviation, Volatility: 0.06, At: at}, Wins: games}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	yearAgo := clk.Now()
	clk.Advance(365 * 24 * time.Hour)
	now := clk.Now()
	set("600", 1700, 60, 50, yearAgo) // 116 now: provisional
	set("200", 1900, 300, 1, now)
	set("500", 1400, 100, 12, now)
	set("400", 1600.4, 60, 10, now)
	set("100", 1600, 60, 30, now)
	set("050", 1600, 60, 30, now)
	set("300", 1599.6, 80, 40, now)
	// User ids are numbers (snowflakes) of different lengths: ordered as
	// numbers, 99 before 100 and 1000 (as strings "99" came last).
	set("99", 1600, 60, 30, now)
	set("1000", 1600, 60, 30, now)
	lb, err := s.Leaderboard(ctx, "g1", "copenhagen", 0)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range lb {
		got = append(got, e.UserID)
	}
	if want := []string{"300", "050", "99", "100", "1000", "400", "500", "200", "600"}; !slices.Equal(got, want) {
		t.Errorf("leaderboard order %v, want %v", got, want)
	}
	if lb, _ := s.Leaderboard(ctx, "g1", "copenhagen", 2); len(lb) != 2 || lb[0].UserID != "300" || lb[1].UserID != "050" {
		t.Errorf("the first two: %+v", lb)
	}
}
