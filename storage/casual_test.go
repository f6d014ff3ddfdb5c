package storage_test

import (
	"testing"

	"github.com/taflbot/taflbot/storage"
)

func testCasualDefaultSaved(t *testing.T, b testBackend) {
	s, _ := b.open(t)
	gs := storage.DefaultGuildSettings("g1")
	gs.CasualDefault = true
	if err := s.PutGuildSettings(t.Context(), gs); err != nil {
		t.Fatal(err)
	}
	back, err := s.GetGuildSettings(t.Context(), "g1")
	if err != nil || !back.CasualDefault {
		t.Fatalf("casual default not kept: %+v, %v", back, err)
	}
	if other, _ := s.GetGuildSettings(t.Context(), "g2"); other.CasualDefault {
		t.Error("a server without settings defaults to casual")
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
