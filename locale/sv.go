package locale

// sv holds the Swedish messages.
var sv = Dict{
	"err.not_your_game":     "Du spelar inte i det partiet. `/tafl games` visar dina, och `/tafl challenge` startar ett nytt.",
	"err.not_your_turn":     "Det är inte din tur: vänta på motståndarens drag. Jag nämner dig när det är din tur.",
	"games.in_progress":     Plural{Arg: 1, One: "%d parti pågår", Other: "%d partier pågår"},
	"settings.language_set": "Jag svarar dig på svenska.",
	"clock.left":            "%s kvar",
	// play modes (issue 17)
	"time.days_and_time":  "Välj `days` (ett korrespondensparti) eller `time` (ett liveparti med klocka), inte båda.",
	"time.bad":            "Jag kan inte använda betänketiden `%s`: %s. Skriv minuter+sekunder, t.ex. 10+5 (1 till 180 minuter, 0 till 180 sekunder).",
	"time.problem.1":      "den är tom",
	"time.problem.2":      "minuterna är inte ett heltal",
	"time.problem.3":      "sekunderna är inte ett heltal",
	"time.problem.4":      "betänketiden måste vara minst 1 minut",
	"time.problem.5":      "betänketiden får vara högst 180 minuter",
	"time.problem.6":      "tillägget kan inte vara negativt",
	"time.problem.7":      "tillägget får vara högst 180 sekunder",
	"rematch.still_going": "Parti %d pågår fortfarande: spela klart det först.",
	"rematch.self":        "Starta ett nytt parti med `/tafl challenge`.",
	"rematch.playing":     "Returpartiet spelas redan: parti %[1]d (`/tafl board game:%[1]d`).",
	"rematch.offered":     "Du har redan erbjudit ett returparti; nu är det upp till <@%s>.",
	"rematch.custom":      "Egna varianter kan ännu inte spelas om med en knapp: starta ett nytt med samma regler.",
	// end play modes
}
