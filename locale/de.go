package locale

// de holds the German messages.
var de = Dict{
	"err.not_your_game":     "Du spielst in dieser Partie nicht mit. `/tafl games` zeigt deine, und `/tafl challenge` startet eine neue.",
	"err.not_your_turn":     "Du bist nicht am Zug: warte auf den Zug deines Gegners. Ich erwähne dich, wenn du am Zug bist.",
	"games.in_progress":     Plural{Arg: 1, One: "%d laufende Partie", Other: "%d laufende Partien"},
	"settings.language_set": "Ich antworte dir auf Deutsch.",
	"clock.left":            "noch %s",
	// play modes (issue 17)
	"time.days_and_time":  "Wähle `days` (eine Fernpartie) oder `time` (eine Live-Partie mit Uhr), nicht beides.",
	"time.bad":            "Ich kann die Bedenkzeit `%s` nicht verwenden: %s. Schreibe Minuten+Sekunden, z. B. 10+5 (1 bis 180 Minuten, 0 bis 180 Sekunden).",
	"time.problem.1":      "sie ist leer",
	"time.problem.2":      "die Minuten sind keine ganze Zahl",
	"time.problem.3":      "die Sekunden sind keine ganze Zahl",
	"time.problem.4":      "die Bedenkzeit muss mindestens 1 Minute betragen",
	"time.problem.5":      "die Bedenkzeit darf höchstens 180 Minuten betragen",
	"time.problem.6":      "der Zuschlag kann nicht negativ sein",
	"time.problem.7":      "der Zuschlag darf höchstens 180 Sekunden betragen",
	"rematch.still_going": "Partie %d läuft noch: spiele sie zuerst zu Ende.",
	"rematch.self":        "Starte eine neue Partie mit `/tafl challenge`.",
	"rematch.playing":     "Die Revanche läuft bereits: Partie %[1]d (`/tafl board game:%[1]d`).",
	"rematch.offered":     "Du hast schon eine Revanche angeboten; jetzt ist <@%s> dran.",
	"rematch.custom":      "Eigene Varianten lassen sich noch nicht per Knopf wiederholen: starte eine neue mit denselben Regeln.",
	// end play modes
}
