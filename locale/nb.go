package locale

// nb holds the Norwegian (Bokmål) messages.
var nb = Dict{
	"err.not_your_game":     "Du spiller ikke i det partiet. `/tafl games` viser dine, og `/tafl challenge` starter et nytt.",
	"err.not_your_turn":     "Det er ikke din tur: vent på motstanderens trekk. Jeg nevner deg når det er din tur.",
	"games.in_progress":     Plural{Arg: 1, One: "%d parti pågår", Other: "%d partier pågår"},
	"settings.language_set": "Jeg svarer deg på norsk.",
	"clock.left":            "%s igjen",
}
