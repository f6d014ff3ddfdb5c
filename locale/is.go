package locale

// is holds the Icelandic messages.
var is = Dict{
	"err.not_your_game":     "Þú ert ekki að tefla í þeirri skák. `/tafl games` sýnir þínar, og `/tafl challenge` byrjar nýja.",
	"err.not_your_turn":     "Það er ekki þinn leikur: bíddu eftir leik andstæðingsins. Ég nefni þig þegar þú átt leik.",
	"games.in_progress":     Plural{Arg: 1, One: "%d skák í gangi", Other: "%d skákir í gangi"},
	"settings.language_set": "Ég svara þér á íslensku.",
	"clock.left":            "%s eftir",
}
