package storage_test

import (
	"errors"
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

// testUserLanguage (a contract test): the language a user chose is their
// own, the same whichever server asks, kept on their record of direct
// messages, and back to "" when they follow Discord again.
func testUserLanguage(t *testing.T, b testBackend) {
	db := b.newDB(t)
	s := b.openAt(t, db, storage.Options{})
	ctx := t.Context()
	if lang, err := s.UserLanguage(ctx, "u1"); err != nil || lang != "" {
		t.Fatalf("a user never seen: %q, %v", lang, err)
	}
	if _, err := s.UpdatePlayer(ctx, "g1", "u1", func(p *storage.Player) error { p.DMs = true; return nil }); err != nil {
		t.Fatal(err)
	}
	if err := s.SetUserLanguage(ctx, "u1", "is"); err != nil {
		t.Fatal(err)
	}
	if lang, err := s.UserLanguage(ctx, "u1"); err != nil || lang != "is" {
		t.Fatalf("after choosing Icelandic: %q, %v", lang, err)
	}
	if lang, _ := s.UserLanguage(ctx, "u2"); lang != "" {
		t.Errorf("another user: %q", lang)
	}
	if p, err := s.GetPlayer(ctx, "", "u1"); err != nil || p.Language != "is" {
		t.Errorf("the record of direct messages: %+v, %v", p, err)
	}
	if p, err := s.GetPlayer(ctx, "g1", "u1"); err != nil || p.Language != "" || !p.DMs {
		t.Errorf("the server's record: %+v, %v", p, err)
	}
	if err := s.SetUserLanguage(ctx, "u1", ""); err != nil {
		t.Fatal(err)
	}
	if lang, err := s.UserLanguage(ctx, "u1"); err != nil || lang != "" {
		t.Errorf("after following Discord again: %q, %v", lang, err)
	}
	if err := s.SetUserLanguage(ctx, "", "is"); !errors.Is(err, storage.ErrInvalid) {
		t.Errorf("no user: %v, want ErrInvalid", err)
	}
}

// testUserLanguageMigrated (a contract test): before bbolt's schema 10 and
// PostgreSQL's migration 7 a language was kept on a player's record of the
// server (or of direct messages) where they chose it. The migration keeps
// each user's on their record of direct messages: of several, the one of
// the record changed last, of records changed at the same moment the
// first by server id; the servers' records lose theirs, and the rest of
// every record is kept.
func testUserLanguageMigrated(t *testing.T, b testBackend) {
	db := b.newDB(t)
	clk := newClock()
	s := b.openAt(t, db, storage.Options{Now: clk.Now})
	ctx := t.Context()
	set := func(guild, user, lang string) {
		t.Helper()
		if _, err := s.UpdatePlayer(ctx, guild, user, func(p *storage.Player) error { p.Language, p.Wins = lang, 3; return nil }); err != nil {
			t.Fatal(err)
		}
	}
	set("g1", "u1", "is") // u1: Icelandic in g1, then German in g2 (later), Danish in DMs (earlier)
	clk.Advance(time.Hour)
	set("", "u1", "da")
	clk.Advance(time.Hour)
	set("g2", "u1", "de")
	set("g2", "u2", "fi") // u2: two servers at the same moment: the first by id
	set("g1", "u2", "sv")
	set("g3", "u3", "")   // u3: none
	set("", "u4", "nb")   // u4: in DMs only
	set("g1", "u5", "is") // u5: in a server only, with no record of DMs
	s.Close()
	b.undoLanguageMigration(t, db)
	s = b.openAt(t, db, storage.Options{Now: clk.Now})
	for user, want := range map[string]string{"u1": "de", "u2": "sv", "u3": "", "u4": "nb", "u5": "is"} {
		if lang, err := s.UserLanguage(ctx, user); err != nil || lang != want {
			t.Errorf("%s: %q, %v; want %q", user, lang, err, want)
		}
	}
	for _, k := range [][2]string{{"g1", "u1"}, {"g2", "u1"}, {"g1", "u2"}, {"g2", "u2"}, {"g3", "u3"}, {"g1", "u5"}} {
		if p, err := s.GetPlayer(ctx, k[0], k[1]); err != nil || p.Language != "" || p.Wins != 3 {
			t.Errorf("%s in %s: %+v, %v; want no language, 3 wins", k[1], k[0], p, err)
		}
	}
	if p, err := s.GetPlayer(ctx, "", "u1"); err != nil || p.Wins != 3 {
		t.Errorf("u1's record of direct messages lost its wins: %+v, %v", p, err)
	}
	if _, err := s.GetPlayer(ctx, "", "u3"); !errors.Is(err, storage.ErrNotFound) {
		t.Errorf("u3, who chose no language, got a record of direct messages: %v", err)
	}
	if rep, err := s.Check(ctx); err != nil || !rep.OK() {
		t.Errorf("check after the migration: %v %+v", err, rep)
	}
}
