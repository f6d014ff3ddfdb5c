package bot

import (
	"io"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/taflbot/taflbot/storage"
)

// TestLanguageCacheBounded: the languages a process read for its users
// were kept for every user ever seen, without bound (the display names
// start afresh at 50 000). Past maxCachedLangs the entries older than a
// minute, which would be read again anyway, are dropped and the fresh
// ones kept; with more than half the bound fresh the cache starts afresh.
func TestLanguageCacheBounded(t *testing.T) {
	st, err := storage.Open(filepath.Join(t.TempDir(), "taflbot.db"), storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	var mu sync.Mutex
	now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	advance := func(d time.Duration) { mu.Lock(); now = now.Add(d); mu.Unlock() }
	b, err := New(Options{Store: st, REST: NewConsoleREST(io.Discard, t.TempDir()), Engine: timingEngine{called: make(chan time.Time, 1)}, Now: clock})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Stop(time.Minute)
	if err := st.SetUserLanguage(t.Context(), "fresh1", "de"); err != nil {
		t.Fatal(err)
	}
	size := func() (n int) {
		b.langs.Range(func(any, any) bool { n++; return true })
		return n
	}
	for i := range maxCachedLangs {
		b.chosenLanguage(t.Context(), strconv.Itoa(i))
	}
	if n := size(); n != maxCachedLangs {
		t.Fatalf("%d languages cached after %d users, want all", n, maxCachedLangs)
	}
	advance(2 * time.Minute)
	for i := range 3 {
		if got, want := b.chosenLanguage(t.Context(), "fresh"+strconv.Itoa(i)), map[int]string{1: "de"}[i]; got != want {
			t.Errorf("fresh%d's language %q, want %q", i, got, want)
		}
	}
	if n := size(); n != 3 {
		t.Errorf("%d languages cached after the stale ones were passed, want the 3 read since", n)
	}
	if v, ok := b.langs.Load("fresh1"); !ok || v.(chosenLang).lang != "de" {
		t.Errorf("fresh1's language cached as %v (%v), want de", v, ok)
	}
	// As many users within a minute: the cache never holds more than the bound.
	for i := range maxCachedLangs + 10 {
		b.chosenLanguage(t.Context(), "busy"+strconv.Itoa(i))
		if i%1000 == 0 {
			if n := size(); n > maxCachedLangs {
				t.Fatalf("%d languages cached, more than %d", n, maxCachedLangs)
			}
		}
	}
	if n := size(); n > maxCachedLangs {
		t.Errorf("%d languages cached after %d users in a minute, more than %d", n, maxCachedLangs+10, maxCachedLangs)
	}
}
