package locale

// en holds the English messages: the reference every other language
// must match (same keys, same verbs).
var en = Dict{
	"err.not_your_game":     "You are not playing in that game. `/tafl games` lists yours, and `/tafl challenge` starts one.",
	"err.not_your_turn":     "It is not your turn: wait for your opponent's move. I'll mention you when it's your turn.",
	"games.in_progress":     Plural{Arg: 1, One: "%d game in progress", Other: "%d games in progress"},
	"settings.language_set": "I'll answer you in English.",
	"clock.left":            "%s left",
}
