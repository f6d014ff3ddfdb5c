package locale

// fi holds the Finnish messages.
var fi = Dict{
	"err.not_your_game":     "Et pelaa siinä pelissä. `/tafl games` näyttää omasi, ja `/tafl challenge` aloittaa uuden.",
	"err.not_your_turn":     "Ei ole sinun vuorosi: odota vastustajan siirtoa. Mainitsen sinut, kun on sinun vuorosi.",
	"games.in_progress":     Plural{Arg: 1, One: "%d peli käynnissä", Other: "%d peliä käynnissä"},
	"settings.language_set": "Vastaan sinulle suomeksi.",
	"clock.left":            "%s jäljellä",
	// play modes (issue 17)
	"time.days_and_time":  "Valitse `days` (kirjepeli) tai `time` (livepeli kellolla), ei molempia.",
	"time.bad":            "En voi käyttää aikarajaa `%s`: %s. Kirjoita minuutit+sekunnit, esim. 10+5 (1–180 minuuttia, 0–180 sekuntia).",
	"time.problem.1":      "se on tyhjä",
	"time.problem.2":      "minuutit eivät ole kokonaisluku",
	"time.problem.3":      "sekunnit eivät ole kokonaisluku",
	"time.problem.4":      "peliajan on oltava vähintään 1 minuutti",
	"time.problem.5":      "peliaika voi olla enintään 180 minuuttia",
	"time.problem.6":      "lisäaika ei voi olla negatiivinen",
	"time.problem.7":      "lisäaika voi olla enintään 180 sekuntia",
	"rematch.still_going": "Peli %d on yhä käynnissä: pelaa se ensin loppuun.",
	"rematch.self":        "Aloita uusi peli komennolla `/tafl challenge`.",
	"rematch.playing":     "Uusintaottelu on jo käynnissä: peli %[1]d (`/tafl board game:%[1]d`).",
	"rematch.offered":     "Tarjosit jo uusintaa; nyt on <@%s>:n vuoro päättää.",
	"rematch.custom":      "Omia muunnelmia ei vielä voi pelata uudelleen napilla: aloita uusi samoilla säännöillä.",
	// end play modes
}
