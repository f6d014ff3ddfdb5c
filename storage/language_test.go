package storage_test

import (
	"testing"
	"time"

	"github.com/taflbot/taflbot/storage"
)

// testLanguagesSaved (a contract test): a server's language for public
// messages and a game's language are kept, and default to "".
func testLanguagesSaved(t *testing.T, b testBackend) {
	s, _ := b.open(t)
	gs := storage.DefaultGuildSettings("g1")
	gs.Language = "da"
	if err := s.PutGuildSettings(t.Context(), gs); err != nil {
		t.Fatal(err)
	}
	if back, err := s.GetGuildSettings(t.Context(), "g1"); err != nil || back.Language != "da" {
		t.Fatalf("server language not kept: %+v, %v", back, err)
	}
	if other, _ := s.GetGuildSettings(t.Context(), "g2"); other.Language != "" {
		t.Errorf("a server without settings has language %q", other.Language)
	}
	g := newLiveGame(t, s, storage.Human("a"), storage.Human("b"))
	if _, err := s.UpdateGame(t.Context(), g.ID, -1, func(g *storage.Game) error { g.Language = "fi"; return nil }); err != nil {
		t.Fatal(err)
	}
	if back, err := s.GetGuildSettings(t.Context(), "g1"); err != nil || back.Language != "da" {
		t.Fatalf("server language changed: %+v, %v", back, err)
	}
	back, err := s.GetGame(t.Context(), g.ID)
	if err != nil || back.Language != "fi" {
		t.Fatalf("game language: %q, %v", back.Language, err)
	}
	if lang := newLiveGame(t, s, storage.Human("a"), storage.Human("c")).Language; lang != "" {
		t.Errorf("a new game has language %q", lang)
	}
}

// testDMFailureKept (a contract test): when the last direct message to a
// player could not be delivered is kept with the player's record, across
// a reopening, in that server only, and clears.
func testDMFailureKept(t *testing.T, b testBackend) {
	db := b.newDB(t)
	s := b.openAt(t, db, storage.Options{})
	when := time.Date(2026, 3, 1, 12, 0, 0, 0, time.FixedZone("x", 3600))
	if _, err := s.UpdatePlayer(t.Context(), "g1", "u1", func(p *storage.Player) error { p.DMs, p.DMFailed = true, when; return nil }); err != nil {
		t.Fatal(err)
	}
	if _, err := s.UpdatePlayer(t.Context(), "g2", "u1", func(p *storage.Player) error { p.DMs = true; return nil }); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s = b.openAt(t, db, storage.Options{})
	if p, err := s.GetPlayer(t.Context(), "g1", "u1"); err != nil || !p.DMs || !p.DMFailed.Equal(when) {
		t.Fatalf("player %+v, %v: want DMs on, failed at %v", p, err, when)
	}
	if p, err := s.GetPlayer(t.Context(), "g2", "u1"); err != nil || !p.DMFailed.IsZero() {
		t.Errorf("the other server's record %+v, %v: want no failure", p, err)
	}
	if _, err := s.UpdatePlayer(t.Context(), "g1", "u1", func(p *storage.Player) error { p.DMFailed = time.Time{}; return nil }); err != nil {
		t.Fatal(err)
	}
	if p, err := s.GetPlayer(t.Context(), "g1", "u1"); err != nil || !p.DMFailed.IsZero() || !p.DMs {
		t.Errorf("player %+v, %v: want the failure cleared, DMs on", p, err)
	}
}
