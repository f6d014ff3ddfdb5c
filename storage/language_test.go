package storage_test

import (
	"testing"

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
