package locale

// sv holds the Swedish messages.
var sv = Dict{
	"err.not_your_game":     "Du spelar inte i det partiet. `/tafl games` visar dina, och `/tafl challenge` startar ett nytt.",
	"err.not_your_turn":     "Det är inte din tur: vänta på motståndarens drag. Jag nämner dig när det är din tur.",
	"games.in_progress":     Plural{Arg: 1, One: "%d parti pågår", Other: "%d partier pågår"},
	"settings.language_set": "Jag svarar dig på svenska.",
	"clock.left":            "%s kvar",
}
