package storage_test

import (
	"testing"

	"github.com/taflbot/taflbot/storage"
)

func testCasualDefaultSaved(t *testing.T, b testBackend) {
	s, _ := b.open(t)
	gs := storage.DefaultGuildSettings("g1")
	gs.CasualDefault = true
	gs.CasualHelp = true
	if err := s.PutGuildSettings(t.Context(), gs); err != nil {
		t.Fatal(err)
	}
	back, err := s.GetGuildSettings(t.Context(), "g1")
	if err != nil || !back.CasualDefault || !back.CasualHelp {
		t.Fatalf("casual default and help not kept: %+v, %v", back, err)
	}
	if other, _ := s.GetGuildSettings(t.Context(), "g2"); other.CasualDefault || other.CasualHelp {
		t.Error("a server without settings defaults to casual, or to help in casual games")
	}
}

func TestProvisional(t *testing.T) {
	r := storage.DefaultRating
	if !r.Provisional() {
		t.Error("a new rating is not provisional")
	}
	// A player who keeps winning against equals settles below the threshold.
	for i := 0; i < 20; i++ {
		r = r.Update([]storage.Result{{Opponent: storage.Rating{Rating: r.Rating, Deviation: 60, Volatility: 0.06}, Score: 0.5}})
	}
	if r.Provisional() || r.Deviation > storage.ProvisionalDeviation {
		t.Errorf("after 20 games: %+v is still provisional", r)
	}
}
