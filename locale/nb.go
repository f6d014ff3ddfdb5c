package locale

// nb holds the Norwegian (Bokmål) messages.
var nb = Dict{
	"err.not_your_game":     "Du spiller ikke i det partiet. `/tafl games` viser dine, og `/tafl challenge` starter et nytt.",
	"err.not_your_turn":     "Det er ikke din tur: vent på motstanderens trekk. Jeg nevner deg når det er din tur.",
	"games.in_progress":     Plural{Arg: 1, One: "%d parti pågår", Other: "%d partier pågår"},
	"settings.language_set": "Jeg svarer deg på norsk.",
	"clock.left":            "%s igjen",
	// play modes (issue 17)
	"time.days_and_time":  "Velg `days` (et korrespondanseparti) eller `time` (et live-parti med klokke), ikke begge.",
	"time.bad":            "Jeg kan ikke bruke tidskontrollen `%s`: %s. Skriv minutter+sekunder, f.eks. 10+5 (1 til 180 minutter, 0 til 180 sekunder).",
	"time.problem.1":      "den er tom",
	"time.problem.2":      "minuttene er ikke et helt tall",
	"time.problem.3":      "sekundene er ikke et helt tall",
	"time.problem.4":      "betenkningstiden må være minst 1 minutt",
	"time.problem.5":      "betenkningstiden kan være høyst 180 minutter",
	"time.problem.6":      "tillegget kan ikke være negativt",
	"time.problem.7":      "tillegget kan være høyst 180 sekunder",
	"rematch.still_going": "Parti %d pågår fortsatt: spill det ferdig først.",
	"rematch.self":        "Start et nytt parti med `/tafl challenge`.",
	"rematch.playing":     "Omkampen spilles allerede: parti %[1]d (`/tafl board game:%[1]d`).",
	"rematch.offered":     "Du har allerede tilbudt en omkamp; nå er det opp til <@%s>.",
	"rematch.custom":      "Egne varianter kan ennå ikke spilles på nytt med en knapp: start et nytt med de samme reglene.",
	// end play modes
}
