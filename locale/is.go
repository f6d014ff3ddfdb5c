package locale

// is holds the Icelandic messages.
var is = Dict{
	"err.not_your_game":     "Þú ert ekki að tefla í þeirri skák. `/tafl games` sýnir þínar, og `/tafl challenge` byrjar nýja.",
	"err.not_your_turn":     "Það er ekki þinn leikur: bíddu eftir leik andstæðingsins. Ég nefni þig þegar þú átt leik.",
	"games.in_progress":     Plural{Arg: 1, One: "%d skák í gangi", Other: "%d skákir í gangi"},
	"settings.language_set": "Ég svara þér á íslensku.",
	"clock.left":            "%s eftir",
	// play modes (issue 17)
	"time.days_and_time":  "Veldu `days` (bréfskák) eða `time` (skák í beinni með klukku), ekki hvort tveggja.",
	"time.bad":            "Ég get ekki notað tímamörkin `%s`: %s. Skrifaðu mínútur+sekúndur, t.d. 10+5 (1 til 180 mínútur, 0 til 180 sekúndur).",
	"time.problem.1":      "það er autt",
	"time.problem.2":      "mínúturnar eru ekki heil tala",
	"time.problem.3":      "sekúndurnar eru ekki heil tala",
	"time.problem.4":      "tíminn verður að vera minnst 1 mínúta",
	"time.problem.5":      "tíminn má mest vera 180 mínútur",
	"time.problem.6":      "viðbótin getur ekki verið neikvæð",
	"time.problem.7":      "viðbótin má mest vera 180 sekúndur",
	"rematch.still_going": "Skák %d er enn í gangi: kláraðu hana fyrst.",
	"rematch.self":        "Byrjaðu nýja skák með `/tafl challenge`.",
	"rematch.playing":     "Það er þegar verið að tefla aftur: skák %[1]d (`/tafl board game:%[1]d`).",
	"rematch.offered":     "Þú hefur þegar boðið að tefla aftur; nú er það undir <@%s> komið.",
	"rematch.custom":      "Ekki er enn hægt að tefla eigin afbrigði aftur með hnappi: byrjaðu nýja skák með sömu reglum.",
	// end play modes
}
