package bot_test

import (
	"testing"
)

// TestConsoleTimeUnits: a time control typed with units that say what was
// meant (5m, 10 min + 5 s) starts the live game it names, and an unclear
// one (5m 3s) is refused with the exact form, an example made of the
// numbers typed, and changes nothing.
func TestConsoleTimeUnits(t *testing.T) {
	out := runConsole(t, consoleStore(t), 0, []string{
		"/tafl challenge opponent:bob variant:brandubh time:\"5m 3s\"",
		"/tafl games",
		"/tafl ai variant:brandubh side:defenders time:5m",
		"/tafl challenge opponent:bob variant:brandubh time:\"10 min + 5 s\"",
		"quit",
	})
	consoleSays(t, out,
		"I can't use the time control `5m 3s`: a + goes between the minutes and the increment. Write the minutes of the game, a +, then the increment in seconds, such as `5+3` (1 to 180 minutes, 0 to 180 seconds).",
		"Clock (5+0): Attackers **5:00** ⏱ · Defenders 5:00",
		"live on a clock: 10+5",
	)
}
