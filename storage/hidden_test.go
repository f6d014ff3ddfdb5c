package storage_test

import (
	"errors"
	"slices"
	"strconv"
	"testing"

	"github.com/taflbot/taflbot/storage"
)

// testLeaderboardHidden: a player a manager hides from a server's
// leaderboard is left out of it (and of LeaderboardVariants when nobody
// else plays the variant) in that server only, their ratings kept;
// showing them brings them back; PutGuildSettings of settings read
// before keeps the hidden ones; a server without settings gets none
// chosen (Updated stays zero); bad ids and too many are refused.
func testLeaderboardHidden(t *testing.T, b testBackend) {
	s, _ := b.open(t)
	ctx := t.Context()
	set := func(guild, user, variant string, rating float64) {
		t.Helper()
		_, err := s.UpdatePlayer(ctx, guild, user, func(p *storage.Player) error {
			p.Variants[variant] = storage.VariantRecord{Rating: storage.Rating{Rating: rating, Deviation: 60, Volatility: 0.06}, Wins: 20}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	set("g1", "100", "copenhagen", 1700)
	set("g1", "200", "copenhagen", 1600)
	set("g1", "200", "brandubh", 1500) // only 200 plays brandubh
	set("g2", "200", "copenhagen", 1600)
	board := func(guild, variant string) []string {
		t.Helper()
		lb, err := s.Leaderboard(ctx, guild, variant, 0)
		if err != nil {
			t.Fatal(err)
		}
		var ids []string
		for _, e := range lb {
			ids = append(ids, e.UserID)
		}
		return ids
	}
	before, _ := s.GetGuildSettings(ctx, "g1") // read before the hide
	before.DaysPerMove = 9
	hidden, err := s.SetLeaderboardHidden(ctx, "g1", "200", true)
	if err != nil || !slices.Equal(hidden, []string{"200"}) {
		t.Fatalf("hide: %v %v", hidden, err)
	}
	if got := board("g1", "copenhagen"); !slices.Equal(got, []string{"100"}) {
		t.Errorf("g1 with 200 hidden: %v", got)
	}
	if got := board("g2", "copenhagen"); !slices.Equal(got, []string{"200"}) {
		t.Errorf("another server: %v", got)
	}
	if names, err := s.LeaderboardVariants(ctx, "g1"); err != nil || !slices.Equal(names, []string{"copenhagen"}) {
		t.Errorf("variants with 200 hidden: %v %v", names, err)
	}
	if p, err := s.GetPlayer(ctx, "g1", "200"); err != nil || p.Variants["brandubh"].Rating.Rating != 1500 || p.Variants["copenhagen"].Wins != 20 {
		t.Errorf("the hidden player's record: %+v %v", p, err)
	}
	gs, err := s.GetGuildSettings(ctx, "g1")
	if err != nil || !slices.Equal(gs.LeaderboardHidden, []string{"200"}) || !gs.Updated.IsZero() {
		t.Errorf("settings after the hide (none chosen): %+v %v", gs, err)
	}
	// Again: no change. Another one, kept sorted.
	if hidden, err := s.SetLeaderboardHidden(ctx, "g1", "200", true); err != nil || !slices.Equal(hidden, []string{"200"}) {
		t.Errorf("hide again: %v %v", hidden, err)
	}
	if hidden, err := s.SetLeaderboardHidden(ctx, "g1", "150", true); err != nil || !slices.Equal(hidden, []string{"150", "200"}) {
		t.Errorf("hide 150: %v %v", hidden, err)
	}
	// Ids in order as numbers: 99 before 150.
	if hidden, err := s.SetLeaderboardHidden(ctx, "g1", "99", true); err != nil || !slices.Equal(hidden, []string{"99", "150", "200"}) {
		t.Errorf("hide 99: %v %v", hidden, err)
	}
	if hidden, err := s.SetLeaderboardHidden(ctx, "g1", "99", false); err != nil || !slices.Equal(hidden, []string{"150", "200"}) {
		t.Errorf("show 99: %v %v", hidden, err)
	}
	// Settings read before the hides and saved after keep them.
	if err := s.PutGuildSettings(ctx, before); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(before.LeaderboardHidden, []string{"150", "200"}) {
		t.Errorf("PutGuildSettings gave back %v", before.LeaderboardHidden)
	}
	if gs, _ := s.GetGuildSettings(ctx, "g1"); !slices.Equal(gs.LeaderboardHidden, []string{"150", "200"}) || gs.DaysPerMove != 9 {
		t.Errorf("after PutGuildSettings: %+v", gs)
	}
	// Shown again.
	if hidden, err := s.SetLeaderboardHidden(ctx, "g1", "200", false); err != nil || !slices.Equal(hidden, []string{"150"}) {
		t.Errorf("show: %v %v", hidden, err)
	}
	if hidden, err := s.SetLeaderboardHidden(ctx, "g1", "200", false); err != nil || !slices.Equal(hidden, []string{"150"}) {
		t.Errorf("show again: %v %v", hidden, err)
	}
	if got := board("g1", "copenhagen"); !slices.Equal(got, []string{"100", "200"}) {
		t.Errorf("g1 with 200 shown: %v", got)
	}
	if names, _ := s.LeaderboardVariants(ctx, "g1"); !slices.Equal(names, []string{"brandubh", "copenhagen"}) {
		t.Errorf("variants with 200 shown: %v", names)
	}
	// Bad ids: refused, nothing written.
	for _, c := range []struct{ guild, user string }{{"", "1"}, {"g1", ""}, {"g1", "a\x00b"}, {"g\nx", "1"}} {
		if _, err := s.SetLeaderboardHidden(ctx, c.guild, c.user, true); !errors.Is(err, storage.ErrInvalid) {
			t.Errorf("hide %q in %q: %v, want ErrInvalid", c.user, c.guild, err)
		}
	}
	if gs, _ := s.GetGuildSettings(ctx, "g1"); !slices.Equal(gs.LeaderboardHidden, []string{"150"}) {
		t.Errorf("after refused hides: %v", gs.LeaderboardHidden)
	}
	// At most MaxLeaderboardHidden.
	for i := 1; i < storage.MaxLeaderboardHidden; i++ {
		if _, err := s.SetLeaderboardHidden(ctx, "g3", strconv.Itoa(1000+i), true); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.SetLeaderboardHidden(ctx, "g3", "1", true); err != nil {
		t.Fatal(err)
	}
	if _, err := s.SetLeaderboardHidden(ctx, "g3", "2", true); !errors.Is(err, storage.ErrInvalid) {
		t.Errorf("one too many: %v", err)
	}
	if gs, _ := s.GetGuildSettings(ctx, "g3"); len(gs.LeaderboardHidden) != storage.MaxLeaderboardHidden || slices.Contains(gs.LeaderboardHidden, "2") {
		t.Errorf("%d hidden after one too many", len(gs.LeaderboardHidden))
	}
	if rep, err := s.Check(ctx); err != nil || !rep.OK() {
		t.Errorf("check: %v %+v", err, rep)
	}
}
