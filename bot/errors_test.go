package bot

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/taflbot/taflbot/locale"
	"github.com/taflbot/taflbot/storage"
	"github.com/taflbot/taflbot/tafl"
)

func TestUserMessage(t *testing.T) {
	g := tafl.NewGame(mustPreset(t, "brandubh"))
	_, moveErr := g.PlayText("a1-a2")
	if moveErr == nil {
		t.Fatal("a1-a2 should be illegal in brandubh's start position")
	}
	cases := []struct {
		name string
		err  error
		user bool
		want string
	}{
		{"user", fmt.Errorf("wrapped: %w", userErrorf("do %s", "this")), true, "do this"},
		{"move", fmt.Errorf("storage: %w", moveErr), true, "That move is not allowed: a1-a2"},
		{"stale", fmt.Errorf("storage: game 1: %w", storage.ErrStale), true, "out of date"},
		{"not found", fmt.Errorf("x: %w", storage.ErrNotFound), true, "can't find that game"},
		{"closed", storage.ErrChallengeClosed, true, "no longer open"},
		{"flag fell", fmt.Errorf("storage: update game 3: %w", storage.ErrFlagFell), true, "Your time had run out"},
		{"internal", errors.New("disk on fire"), false, ""},
		{"deadline", context.DeadlineExceeded, false, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, user := userMessage(c.err, nil)
			if user != c.user || !strings.Contains(got, c.want) {
				t.Errorf("userMessage = %q, %v; want containing %q, %v", got, user, c.want, c.user)
			}
			if !c.user && got != "" {
				t.Errorf("internal error leaked text %q", got)
			}
		})
	}
}

func mustPreset(t testing.TB, name string) *tafl.Variant {
	t.Helper()
	v, err := tafl.Preset(name, "")
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// TestNeedPickSaidInTheReadersLanguage: the words userMessage has for a
// command that needs its game picked (where the game menu is not offered:
// an autocomplete, whose answer drops them today) are the catalog's, in
// the reader's language; they were an English literal.
func TestNeedPickSaidInTheReadersLanguage(t *testing.T) {
	got, user := userMessage(fmt.Errorf("finding the game: %w", &needPick{}), locale.For(locale.Match("de")))
	if want := "Du hast mehrere Partien laufen: wähle eine mit der Option `partie` (tippe los für eine Liste)."; !user || got != want {
		t.Errorf("userMessage = %q, %v; want %q", got, user, want)
	}
}

// TestGameOverInADMSaysWhereToStartOne: a move refused because its game
// had ended was answered "Start a new one with `/tafl challenge` or `/tafl
// ai`" in a direct message with the bot too, where a challenge is refused;
// there it names `/tafl ai` and a challenge in a server (in German too).
func TestGameOverInADMSaysWhereToStartOne(t *testing.T) {
	over := fmt.Errorf("storage: %w", &tafl.MoveError{Reason: tafl.ReasonGameOver, Detail: "the game is over"})
	for _, c := range []struct {
		lang string
		dm   bool
		want string
	}{
		{"en", false, "That game is over. Start a new one with `/tafl challenge` or `/tafl ai`."},
		{"en", true, "That game is over. Play me here with `/tafl ai`, or challenge someone in a server with `/tafl challenge`."},
		{"de", true, "Diese Partie ist vorbei. Spiel hier gegen mich mit `/tafl ai` oder fordere auf einem Server jemanden mit `/tafl challenge` heraus."},
	} {
		if got, user := userMessageIn(over, locale.For(locale.Match(c.lang)), c.dm, ""); !user || got != c.want {
			t.Errorf("%s, dm %v: %q, %v; want %q", c.lang, c.dm, got, user, c.want)
		}
	}
	if got, _ := userMessageIn(fmt.Errorf("x: %w", errNotYourGame), locale.For(locale.English), false, ""); got != "You are not playing in that game. `/tafl games` lists yours, and `/tafl challenge` or `/tafl ai` starts one." {
		t.Errorf("not your game in a server: %q", got)
	}
}
