package locale

// fi holds the Finnish messages.
var fi = Dict{
	"err.not_your_game":     "Et pelaa siinä pelissä. `/tafl games` näyttää omasi, ja `/tafl challenge` aloittaa uuden.",
	"err.not_your_turn":     "Ei ole sinun vuorosi: odota vastustajan siirtoa. Mainitsen sinut, kun on sinun vuorosi.",
	"games.in_progress":     Plural{Arg: 1, One: "%d peli käynnissä", Other: "%d peliä käynnissä"},
	"settings.language_set": "Vastaan sinulle suomeksi.",
	"clock.left":            "%s jäljellä",
}
