package locale

// de holds the German messages.
var de = Dict{
	"err.not_your_game":     "Du spielst in dieser Partie nicht mit. `/tafl games` zeigt deine, und `/tafl challenge` startet eine neue.",
	"err.not_your_turn":     "Du bist nicht am Zug: warte auf den Zug deines Gegners. Ich erwähne dich, wenn du am Zug bist.",
	"games.in_progress":     Plural{Arg: 1, One: "%d laufende Partie", Other: "%d laufende Partien"},
	"settings.language_set": "Ich antworte dir auf Deutsch.",
	"clock.left":            "noch %s",
}
