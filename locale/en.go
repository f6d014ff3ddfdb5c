package locale

// en holds the English messages: the reference every other language
// must match (same keys, same verbs).
var en = Dict{
	"err.not_your_game":     "You are not playing in that game. `/tafl games` lists yours, and `/tafl challenge` starts one.",
	"err.not_your_turn":     "It is not your turn: wait for your opponent's move. I'll mention you when it's your turn.",
	"games.in_progress":     Plural{Arg: 1, One: "%d game in progress", Other: "%d games in progress"},
	"settings.language_set": "I'll answer you in English.",
	"clock.left":            "%s left",
	// play modes (issue 17)
	"time.days_and_time":  "Choose `days` (a correspondence game) or `time` (a live game on a clock), not both.",
	"time.bad":            "I can't use the time control `%s`: %s. Write minutes+seconds such as 10+5 (1 to 180 minutes, 0 to 180 seconds).",
	"time.problem.1":      "it is empty",
	"time.problem.2":      "the minutes are not a whole number",
	"time.problem.3":      "the seconds are not a whole number",
	"time.problem.4":      "the game time must be at least 1 minute",
	"time.problem.5":      "the game time must be at most 180 minutes",
	"time.problem.6":      "the increment cannot be negative",
	"time.problem.7":      "the increment must be at most 180 seconds",
	"rematch.still_going": "Game %d is still going: finish it first.",
	"rematch.self":        "Start a new game with `/tafl challenge`.",
	"rematch.playing":     "The rematch is being played already: game %[1]d (`/tafl board game:%[1]d`).",
	"rematch.offered":     "You offered a rematch already; it is up to <@%s> now.",
	"rematch.custom":      "Custom games cannot be replayed with a button yet: start one again with the same rules.",
	// end play modes
}
