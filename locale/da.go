package locale

// da holds the Danish messages.
var da = Dict{
	"err.not_your_game":     "Du spiller ikke med i det parti. `/tafl games` viser dine, og `/tafl challenge` starter et nyt.",
	"err.not_your_turn":     "Det er ikke din tur: vent på din modstanders træk. Jeg nævner dig, når det er din tur.",
	"games.in_progress":     Plural{Arg: 1, One: "%d parti i gang", Other: "%d partier i gang"},
	"settings.language_set": "Jeg svarer dig på dansk.",
	"clock.left":            "%s tilbage",
}
