package locale

// da holds the Danish messages.
var da = Dict{
	"err.not_your_game":     "Du spiller ikke med i det parti. `/tafl games` viser dine, og `/tafl challenge` starter et nyt.",
	"err.not_your_turn":     "Det er ikke din tur: vent på din modstanders træk. Jeg nævner dig, når det er din tur.",
	"games.in_progress":     Plural{Arg: 1, One: "%d parti i gang", Other: "%d partier i gang"},
	"settings.language_set": "Jeg svarer dig på dansk.",
	"clock.left":            "%s tilbage",
	// play modes (issue 17)
	"time.days_and_time":  "Vælg `days` (et korrespondanceparti) eller `time` (et live-parti med ur), ikke begge.",
	"time.bad":            "Jeg kan ikke bruge tidskontrollen `%s`: %s. Skriv minutter+sekunder, fx 10+5 (1 til 180 minutter, 0 til 180 sekunder).",
	"time.problem.1":      "den er tom",
	"time.problem.2":      "minutterne er ikke et helt tal",
	"time.problem.3":      "sekunderne er ikke et helt tal",
	"time.problem.4":      "betænkningstiden skal være mindst 1 minut",
	"time.problem.5":      "betænkningstiden må højst være 180 minutter",
	"time.problem.6":      "tillægget kan ikke være negativt",
	"time.problem.7":      "tillægget må højst være 180 sekunder",
	"rematch.still_going": "Parti %d er stadig i gang: spil det færdigt først.",
	"rematch.self":        "Start et nyt parti med `/tafl challenge`.",
	"rematch.playing":     "Omkampen spilles allerede: parti %[1]d (`/tafl board game:%[1]d`).",
	"rematch.offered":     "Du har allerede tilbudt en omkamp; nu er det op til <@%s>.",
	"rematch.custom":      "Egne varianter kan endnu ikke spilles igen med en knap: start et nyt med de samme regler.",
	// end play modes
}
