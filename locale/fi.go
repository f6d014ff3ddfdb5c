package locale

// fi holds the Finnish messages.
var fi = Dict{
	"err.not_your_game":     "Et pelaa siinä pelissä. `/tafl games` näyttää omasi, ja `/tafl challenge` tai `/tafl ai` aloittaa uuden.",
	"err.not_your_turn":     "Ei ole sinun vuorosi: odota vastustajan siirtoa. Mainitsen sinut, kun on sinun vuorosi.",
	"games.in_progress":     Plural{Arg: 1, One: "%d peli käynnissä", Other: "%d peliä käynnissä"},
	"settings.language_set": "Vastaan sinulle suomeksi.",
	"clock.left":            "%s jäljellä",
	// play modes (issue 17)
	"time.days_and_time":       "Valitse `päivät` (kirjepeli) tai `aika` (livepeli kellolla), ei molempia.",
	"time.bad":                 "En voi käyttää aikarajaa `%s`: %s. Kirjoita pelin minuutit, +, sitten lisäaika sekunteina, esim. `%s` (1–180 minuuttia, 0–180 sekuntia).",
	"time.problem.1":           "se on tyhjä",
	"time.problem.2":           "minuutit eivät ole kokonaisluku",
	"time.problem.3":           "sekunnit eivät ole kokonaisluku",
	"time.problem.4":           "peliajan on oltava vähintään 1 minuutti",
	"time.problem.5":           "peliaika voi olla enintään 180 minuuttia",
	"time.problem.6":           "lisäaika ei voi olla negatiivinen",
	"time.problem.7":           "lisäaika voi olla enintään 180 sekuntia",
	"time.problem.8":           "minuuttien ja lisäajan väliin tulee +",
	"time.problem.9":           "peliaika lasketaan minuutteina ja lisäaika sekunteina",
	"rematch.still_going":      "Peli %d on yhä käynnissä: pelaa se ensin loppuun.",
	"rematch.self":             "Aloita uusi peli komennolla `/tafl challenge`.",
	"rematch.playing":          "Uusintapeli on jo käynnissä: peli %[1]d (`/tafl board` `peli:%[1]d`).",
	"challenge.other_server":   "Tämä haaste kuuluu toiselle palvelimelle: aloita oma täällä komennolla `/tafl challenge`.",
	"challenge.again":          "Olet jo haastanut pelaajan <@%[1]s>: %[2]s (vanhenee <t:%[3]d:R>). Samalle pelaajalle voi olla avoinna yksi haaste kerrallaan: muuttaaksesi sitä paina siinä **%[4]s** ja haasta sitten uudelleen.",
	"challenge.too_many":       Plural{Arg: 1, One: "Sinulla on tällä palvelimella %d avoin haaste, eikä yhdellä pelaajalla saa olla kerrallaan enempää:%s\nPaina yhdessä niistä **%[3]s** peruaksesi sen, tai odota, kunnes johonkin vastataan tai se vanhenee.", Other: "Sinulla on tällä palvelimella %d avointa haastetta, eikä yhdellä pelaajalla saa olla kerrallaan enempää:%s\nPaina yhdessä niistä **%[3]s** peruaksesi sen, tai odota, kunnes johonkin vastataan tai se vanhenee."},
	"challenge.gone":           "En löydä sitä haastetta enää. Aloita uusi komennolla `/tafl challenge`.",
	"pace.too_fast":            "Lähetät komentoja ja painalluksia liian nopeasti: tätä ei suoritettu. Yritä uudelleen %d s kuluttua.",
	"games.dm_others":          "Yksityisviestissä näytän vain omat pelisi: kysy toisen pelaajan pelejä yhteisellä palvelimella.",
	"stats.dm_others":          "Yksityisviestissä näytän vain omat tilastosi: kysy toisen pelaajan tilastoja yhteisellä palvelimella.",
	"rematch.offered":          "Tarjosit jo uusintapeliä; nyt on <@%s>:n vuoro päättää.",
	"tour.server_only":         "Turnaukset kuuluvat palvelimelle: käytä komentoa palvelimella.",
	"tour.what":                "Kerro mitä tehdään: `toiminto:` %s.",
	"tour.managers_create":     "Vain palvelimen ylläpitäjät (oikeus Hallitse palvelinta) voivat luoda turnauksia. Kuka tahansa voi liittyä.",
	"tour.name":                "Anna turnaukselle `nimi`, 1–%d merkkiä, ilman mainintoja tai muotoilumerkkejä.",
	"tour.format":              "Muoto on %s.",
	"tour.rounds_rr":           "`kierrokset` koskee sveitsiläistä; kaikki kaikkia vastaan -turnauksessa on niin monta kierrosta kuin tarvitaan.",
	"tour.rounds_range":        "Sveitsiläisessä on 1–%d kierrosta.",
	"tour.signup_range":        "Ilmoittautuminen kestää 1–%d tuntia. Aloittaaksesi aiemmin paina **%s** (tai käytä `toiminto:aloita`), kun pelaajat ovat ilmoittautuneet.",
	"tour.no_such":             "Tällä palvelimella ei ole turnausta %d.",
	"tour.none":                "Tällä palvelimella ei ole käynnissä turnausta. Ylläpitäjä luo sellaisen komennolla `/tafl tournament` `toiminto:luo` `nimi:…`.",
	"tour.none_last_cancelled": "Tällä palvelimella ei ole käynnissä turnausta: viimeisin, **%s** (turnaus %d), peruttiin. Ylläpitäjä luo sellaisen komennolla `/tafl tournament` `toiminto:luo` `nimi:…`.",
	"tour.several":             "Useita turnauksia on käynnissä: valitse yksi valinnalla `turnaus`.",
	"tour.called_off":          "Se turnaus on peruttu.",
	"tour.left":                "Poistuit turnauksesta **%s**.",
	"tour.you_started":         "Aloitit turnauksen **%s**: 1. kierroksen parit muodostetaan nyt.",
	"tour.started_closed":      "Turnaus on alkanut: ilmoittautuminen on päättynyt. (Lopeta pelaaminen komennolla `toiminto:vetäydy`.)",
	"tour.signup_over":         "Ilmoittautuminen turnaukseen **%s** päättyi <t:%d:R>: on liian myöhäistä liittyä.",
	"tour.already":             "Olet jo ilmoittautunut.",
	"tour.not_in":              "Et pelaa siinä turnauksessa.",
	"tour.full":                "Turnaus on täynnä (%d pelaajaa).",
	"tour.too_few":             Plural{Arg: 2, One: "Turnauksessa **%s** on toistaiseksi %d pelaaja, ja turnaukseen tarvitaan vähintään kaksi: odota, että useampi liittyy, tai peru se komennolla `/tafl tournament` `toiminto:peru`.", Other: "Turnauksessa **%s** on toistaiseksi %d pelaajaa, ja turnaukseen tarvitaan vähintään kaksi: odota, että useampi liittyy, tai peru se komennolla `/tafl tournament` `toiminto:peru`."},
	"tour.not_started":         "Turnaus ei ole vielä alkanut: peru ilmoittautumisesi komennolla `toiminto:poistu`.",
	"tour.over":                "Turnaus on päättynyt.",
	"tour.only_creator_start":  "Vain <@%s>, joka loi turnauksen, tai ylläpitäjä voi aloittaa sen etuajassa.",
	"tour.only_creator_cancel": "Vain <@%s>, joka loi turnauksen, tai ylläpitäjä voi perua sen.",
	"tour.cancel_started":      "Turnaus on alkanut; pelaajat voivat vetäytyä (`toiminto:vetäydy`), ja se päättyy viimeisen kierroksen jälkeen.",
	"tour.cancelled":           "**%s** on peruttu.",
	"tour.withdrew":            "Vetäydyit turnauksesta **%s**. Tähänastiset tuloksesi pysyvät; et pelaa enää pelejä.",
	"tour.joined":              Plural{Arg: 2, One: "Liityit turnaukseen **%s** (%d pelaaja).", Other: "Liityit turnaukseen **%s** (%d pelaajaa)."},
	"tour.round_games":         Plural{Arg: 3, One: "🏆 **%s**, kierros %d: %d peli.", Other: "🏆 **%s**, kierros %d: %d peliä."},
	"err.timed_out":            "Liian myöhään: siirron aika oli loppunut, joten peli päättyi aikaan (tulos on pelin kanavalla).",
	"err.flag_fell":            "Aikasi oli loppunut: siirto ei kelpaa, ja peli päättyy aikaan.",
	"tour.rr":                  "kaikki kaikkia vastaan",
	"tour.double":              ", jokainen pari kummallakin puolella",
	"tour.per_move":            "%s siirtoa kohden",
	"tour.live":                "live, %s",
	"tour.rated":               "pisteytetty",
	"tour.casual":              "harjoitus",
	"tour.nobody":              "ei vielä ketään",
	"tour.head":                "🏆 **%s** (turnaus %d): %s.",
	"tour.state_cancelled":     "Peruttu.",
	"tour.state_closed":        "Ilmoittautuminen päättyi <t:%d:R>; paritan pian 1. kierroksen ja aloitan pelit. Pelaajat (%d): %s",
	"tour.state_over":          "Päättyi %d. kierroksen jälkeen. Ensimmäinen sija: %s. Pelaajat (%d): %s",
	"tour.state_running":       "Käynnissä: kierros %d. Pelaajat (%d): %s",
	"tour.state_signup":        "Ilmoittautuminen päättyy <t:%d:R>; sitten paritan 1. kierroksen ja aloitan pelit. Pelaajat (%d): %s",
	"tour.btn_join":            "Liity",
	"tour.btn_leave":           "Poistu",
	"tour.btn_start":           "Aloita nyt",
	"tour.sub_cancelled":       "peruttu · %s",
	"tour.sub_final":           "lopputilanne · %s",
	"tour.sub_round":           "kierros %d/%d · %s",
	"tour.sub_signup":          "ilmoittautuminen · %s",
	"tour.tiebreak":            "%s · tasapisteratkaisu: %s",
	"tour.col_player":          "Pelaaja",
	"tour.col_points":          "Pisteet",
	"tour.col_games":           "Pelit",
	"tour.col_wdl":             "V-T-H",
	"tour.withdrew_mark":       "%s (vetäytyi)",
	"tour.standings":           "Turnauksen **%s** tilanne (turnaus %d).",
	"tour.alt":                 "Turnauksen %s tilannetaulukko (%s): %s.",
	"tour.game_over":           "Peli %d on päättynyt.",
	"tour.finished":            "🏆 **%s** on päättynyt. Onnittelut %s!",
	"tour.early_repeat":        "Se päättyi %d. kierroksen jälkeen (kierroksia %d): jokainen uusi kierros olisi toistanut parin.",
	"tour.early_players":       "Se päättyi %d. kierroksen jälkeen (kierroksia %d): jäljellä oli alle kaksi pelaajaa.",
	"tour.and":                 " ja ",
	"tour.game_headline":       "Turnaus **%s**, kierros %d: <@%s> (hyökkääjät) vastaan <@%s>. Onnea!",
	"tour.withdrew_board":      "<@%s> vetäytyi turnauksesta.",
	"tour.withdrew_post":       "🏆 <@%s> vetäytyi turnauksesta **%s**.",
	"tour.bye":                 " Vapaakierros: %s.",
	"tour.bye_point":           " Vapaakierros ja piste: %s.",
	"tour.forfeits":            " Pelaamatta: %s.",
	"tour.forfeit":             "kierroksella %d %s voittaa, %s vetäytyi",
	"tour.forfeit_both":        "kierroksella %d sekä %s että %s vetäytyivät: ei pisteitä",
	"tour.cancelled_few":       "🏆 **%s** on peruttu: alle kaksi pelaajaa ilmoittautui.",
	"tour.swiss":               Plural{Arg: 1, One: "sveitsiläinen, %d kierros", Other: "sveitsiläinen, %d kierrosta"},
	// end play modes
	// game review, hints and puzzles (issue 18)
	"hint.engine_only":         "Vihjeet ovat vain harjoituspeleissä moottoria vastaan.",
	"hint.off":                 "Vihjeet on poistettu käytöstä tällä palvelimella.",
	"review.none":              "Sinulla ei ole täällä päättynyttä peliä katsottavaksi: nimeä peli `peli`-valinnalla.",
	"review.in_progress":       "Peli %d on yhä käynnissä: sen voi katsoa läpi, kun se on päättynyt.",
	"review.no_moves":          "Peli %d päättyi ennen ensimmäistä siirtoa: katsottavaa ei ole.",
	"review.aborted_only":      "Peli %d päättyi ennen ensimmäistä siirtoa, joten siinä ei ole katsottavaa, eikä sinulla ole päättynyttä peliä, jossa olisi siirtoja. Pelaa peli komennolla `/tafl ai` tai `/tafl challenge` (palvelimella): kun se on päättynyt, `/tafl analyse` käy sen läpi.",
	"review.aborted_other":     "Peli %d päättyi ennen ensimmäistä siirtoa, joten siinä ei ole katsottavaa. Jos haluat katsoa jonkin muun päättyneen pelisi, nimeä se `peli`-valinnalla (ala kirjoittaa, niin saat luettelon).",
	"review.none_yet":          "Sinulla ei ole päättynyttä peliä, jossa olisi siirtoja katsottavaksi. Pelaa peli komennolla `/tafl ai` tai `/tafl challenge` (palvelimella): kun se on päättynyt, `/tafl analyse` käy sen läpi.",
	"review.attackers":         "hyökkääjät",
	"review.defenders":         "puolustajat",
	"review.one_at_a_time":     "Pelin %d arviosi on yhä käynnissä: yksi kerrallaan, kiitos. Se ilmestyy tähän, kun se on valmis.",
	"puzzle.gone":              "Tätä tehtävää ei enää ole; kokeile `/tafl puzzle`.",
	"puzzle.other_server":      "Tämä tehtävä kuuluu toiselle palvelimelle; kokeile `/tafl puzzle` täällä.",
	"puzzle.no_variant":        "Muunnelmaa %q ei ole: `/tafl rules` luettelee ne.",
	"variant.custom":           "oma muunnelma",
	"settings.daily_hour":      "Päivittäisen tehtävän tunti on 0–23 (UTC); mitään ei muutettu.",
	"settings.daily_channel":   "Päivän tehtävä tarvitsee kanavan: valitse se asetuksella `päivän_kanava` (ja tunti asetuksella `päivän_tunti`); mitään ei muutettu.",
	"settings.daily_hour_kept": "Päivän tehtävän tunti on tallennettu (%02d:00 UTC), mutta päivän tehtävää ei tule, ennen kuin valitset sen kanavan asetuksella `/tafl settings` `päivän_kanava`.",
	// /tafl settings game_channel.
	"settings.game_channel_both": "Valitse `kanava` tai kytke `pelin_kanava` päälle, ei molempia; mitään ei muutettu.",
	"settings.game_channel_off":  "Muistutukset ja tulokset menevät jo kunkin pelin omalle kanavalle tai ketjuun: valitse toinen asetuksella `kanava`; mitään ei muutettu.",
	// /tafl settings daily_channel with daily:False.
	"settings.daily_both": "Valitse `päivän_kanava` tai kytke `päivittäinen` pois, ei molempia; mitään ei muutettu.",
	// The review's evaluation graph (a picture): the name of its y axis, the defenders' chance of winning from 0 to 100 percent.
	"graph.chance": "Puolustajien voittomahdollisuus",
	// The graph's labels of its upper half (the defenders ahead) and lower half (the attackers ahead), written along its right edge.
	"graph.defenders": "puolustajat",
	"graph.attackers": "hyökkääjät",
	// The name of the graph's x axis, numbered by moves (one number for a move of each side).
	"graph.move": "siirto",
	// The answer to a player who withdraws from a tournament again: its name, the round they withdrew in.
	"tour.withdrew_already": "Vetäydyit turnauksesta **%s** jo kierroksella %d: tähänastiset tuloksesi pysyvät, etkä pelaa enää pelejä.",
	// Posted in a tournament's channel when a manager calls it off before it starts: its name, who called it off.
	"tour.cancelled_by": "🏆 Turnaus **%s** on peruttu: sen perui <@%s>.",
	// The answer to someone not playing in a tournament who asks to join it after it started: its name.
	"tour.join_started": "**%s** on alkanut: on liian myöhäistä liittyä.",
	// The answer to a second start of a tournament (a late tap on Start now): its name, its current round.
	"tour.already_started": "**%s** on jo alkanut: kierros %d on käynnissä.",
	// The answer to a tournament option that is neither a number nor the name of a tournament of the server: what was typed.
	"tour.no_name": "Tällä palvelimella ei ole turnausta nimeltä `%s`: valitse listasta tai anna sen numero.",
	// The answer to a tournament option naming several tournaments of the server: the name, their numbers ("3, 7").
	"tour.ambiguous": "Tällä palvelimella on useita turnauksia nimeltä **%s** (numerot %s): valitse listasta tai anna sen numero.",
	// The heading of the standings column of a Swiss's byes (rounds without a game, a point each).
	"tour.col_byes": "Vapaakierrokset",
	// The standings picture's alt text: the tie-break the picture heads "SB", spelt out for screen readers.
	"tour.alt_sb": "Sonneborn-Berger",
	// The standings picture's alt text: a player's wins, draws and losses (the picture's W-D-L column), read as words.
	"tour.alt_wins":   Plural{Arg: 1, One: "%d voitto", Other: "%d voittoa"},
	"tour.alt_draws":  Plural{Arg: 1, One: "%d tasapeli", Other: "%d tasapeliä"},
	"tour.alt_losses": Plural{Arg: 1, One: "%d tappio", Other: "%d tappiota"},
	// A Rematch tap on a finished tournament game's board (posted before tournament games lost the button): the game's number, the opponent's id.
	"rematch.tournament": "Peli %[1]d oli turnauspeli, eikä niissä ole uusintapeliä: `/tafl challenge` `vastustaja:`<@%[2]s> aloittaa uuden pelin.",
	// /tafl vacation in a direct message with the bot, with no correspondence game going there: nothing would be paused.
	"vacation.dm_nothing": "Loma täällä pysäyttää kirjepeliesi kellot minua vastaan yksityisviesteissä, eikä sinulla ole yhtään käynnissä: se vain kuluttaisi päiviäsi. (Palvelimen pelit pysäytetään komennolla `/tafl vacation` sillä palvelimella.) Mitään ei muutettu.",
	// /tafl vacation in a direct message: the vacation's end (a Discord timestamp).
	"vacation.dm_on": "🏖 Olet lomalla <t:%d:f> asti: peliesi kellot yksityisviesteissä kanssani ovat pysäytettyinä, ja laudat kertovat sen. `/tafl vacation` `päivät:0` lopettaa sen etuajassa (käyttämättömät päivät palaavat).",
	// /tafl vacation in a direct message: the vacation left (a duration) and the days a year allowed there.
	"vacation.dm_left": "Lomaa jäljellä tänä vuonna yksityisviesteille: %s / %d päivää (jokaisella palvelimella on omansa: `/tafl vacation` siellä).",
	// /tafl vacation in a direct message, asking for more with none left: the days a year allowed there.
	"vacation.dm_none_left": "Sinulla ei ole tänä vuonna lomaa jäljellä peleillesi yksityisviesteissä (%d päivää vuodessa); se palaa 1. tammikuuta.",
	// /tafl vacation in a direct message, asking for more than is left: the vacation left (a duration), the days a year allowed there.
	"vacation.dm_ask_less": "Sinulla on tänä vuonna %s lomaa jäljellä peleillesi yksityisviesteissä (%d päivää vuodessa): pyydä vähemmän.",
	// /tafl analyse while the user's review of a game (the number) is still running, asked for in a direct message.
	"review.one_at_a_time_dm": "Pelin %d arviosi on yhä käynnissä: yksi kerrallaan, kiitos. Se ilmestyy yksityisviesteihimme, joissa pyysit sitä, kun se on valmis.",
	// /tafl analyse while the user's review of a game (the number) is still running, asked for in another channel (a channel mention).
	"review.one_at_a_time_in": "Pelin %d arviosi on yhä käynnissä: yksi kerrallaan, kiitos. Se ilmestyy kanavalle %s, jossa pyysit sitä, kun se on valmis.",
	// Rematch tapped on a game whose rematch has ended: the rematch's game number, the Rematch button's label on its board.
	"rematch.over": "Uusintapeli, peli %[1]d, on jo päättynyt: uuden saat painamalla **%[2]s** sen laudassa (`/tafl board` `peli:%[1]d`).",
	// A press (a move, Resign, Offer draw, …) that found the side to move out of time, the game just ended on time: whose flag fell (a mention), the game's number, its result ("Defenders win · the attackers ran out of time").
	"err.timed_out_game": "Liian myöhään: pelaajalta %[1]s oli loppunut aika, joten peli %[2]d päättyi aikaan (%[3]s), eikä tämä muuttanut mitään. Tulos on pelin kanavalla.",
	// err.timed_out_game for a game whose result went to the server's notification channel (/tafl settings channel:): the same, and that channel's id.
	"err.timed_out_game_in": "Liian myöhään: pelaajalta %[1]s oli loppunut aika, joten peli %[2]d päättyi aikaan (%[3]s), eikä tämä muuttanut mitään. Tulos on kanavalla <#%[4]s>.",
	// clock.SecondsInBase (shown inside time.bad): a game time written with seconds, such as 2:30.
	"time.problem.10": "peliaika on kokonainen määrä minuutteja, ilman sekunteja",
	// err.timed_out_game told to the player whose flag fell (who pressed after their own time ran out): the game's number, its result.
	"err.timed_out_game_you": "Liian myöhään: sinulta oli loppunut aika, joten peli %[1]d päättyi aikaan (%[2]s), eikä tämä muuttanut mitään. Tulos on pelin kanavalla.",
	// err.timed_out_game_you for a game whose result went to the server's notification channel: the same, and that channel's id.
	"err.timed_out_game_you_in": "Liian myöhään: sinulta oli loppunut aika, joten peli %[1]d päättyi aikaan (%[2]s), eikä tämä muuttanut mitään. Tulos on kanavalla <#%[3]s>.",
	// The result of a game sent by direct message to both players because Discord refused its post for the bot's missing access or permissions (50001, 50013): the game's number, its result line, the channel's id.
	"result.dm_refused": "Peli %[1]d on päättynyt: %[2]s\nKerron tämän yksityisviestillä, koska Discord hylkäsi tulosta koskevan viestini kanavalla <#%[3]s>: minulla ei ole enää pääsyä tai oikeuksia kirjoittaa sinne (palvelimen ylläpitäjä voi antaa ne takaisin). Molemmat pelaajat saavat tämän viestin asetuksesta `/tafl settings` `yksityisviestit` riippumatta.",
	// err.timed_out_game where the bot can no longer post in the game's channel (its app_permissions there), so the result goes to both players by direct message: who had run out of time, the game's number, the result.
	"err.timed_out_game_dm": "Liian myöhään: pelaajalta %[1]s oli loppunut aika, joten peli %[2]d päättyi aikaan (%[3]s), eikä tämä muuttanut mitään. En voi enää kirjoittaa tälle kanavalle, joten tulos lähetetään molemmille pelaajille yksityisviestillä.",
	// err.timed_out_game_you where the bot can no longer post in the game's channel (its app_permissions there), so the result goes to both players by direct message: the game's number, the result.
	"err.timed_out_game_you_dm": "Liian myöhään: sinulta oli loppunut aika, joten peli %[1]d päättyi aikaan (%[2]s), eikä tämä muuttanut mitään. En voi enää kirjoittaa tälle kanavalle, joten tulos lähetetään molemmille pelaajille yksityisviestillä.",
	// The first board of a game asked for in a thread, where the server wants a thread per game, when Discord refused the board in the thread's parent channel (the bot may not post there): the game is played in the thread instead. The parent channel's id.
	"game.parent_refused": "En voi julkaista kanavalla <#%s>, joten tätä peliä pelataan täällä ketjussa.",
	// A press (a move, Resign, Offer draw, …) that found the side to move out of time before its first move, which aborts the game (not a loss on time): whose flag fell (a mention), the game's number.
	"err.timed_out_abort": "Liian myöhään: pelaajalta %[1]s oli loppunut aika ennen ensimmäistä siirtoa, joten peli %[2]d on keskeytetty (ei tulosta, ei muutosta luokitukseen), eikä tämä muuttanut mitään. Siitä ilmoitetaan pelin kanavalla.",
	// err.timed_out_abort for a game whose end went to the server's notification channel (/tafl settings channel:): the same, and that channel's id.
	"err.timed_out_abort_in": "Liian myöhään: pelaajalta %[1]s oli loppunut aika ennen ensimmäistä siirtoa, joten peli %[2]d on keskeytetty (ei tulosta, ei muutosta luokitukseen), eikä tämä muuttanut mitään. Siitä ilmoitetaan kanavalla <#%[3]s>.",
	// err.timed_out_abort where the bot can no longer post in the game's channel (its app_permissions there), so both players are told by direct message: whose flag fell, the game's number.
	"err.timed_out_abort_dm": "Liian myöhään: pelaajalta %[1]s oli loppunut aika ennen ensimmäistä siirtoa, joten peli %[2]d on keskeytetty (ei tulosta, ei muutosta luokitukseen), eikä tämä muuttanut mitään. En voi enää kirjoittaa tälle kanavalle, joten molemmille pelaajille kerrotaan yksityisviestillä.",
	// err.timed_out_abort told to the player whose flag fell (who pressed after their own time ran out, before their first move): the game's number.
	"err.timed_out_abort_you": "Liian myöhään: sinulta oli loppunut aika ennen ensimmäistä siirtoasi, joten peli %[1]d on keskeytetty (ei tulosta, ei muutosta luokitukseen), eikä tämä muuttanut mitään. Siitä ilmoitetaan pelin kanavalla.",
	// err.timed_out_abort_you for a game whose end went to the server's notification channel: the game's number, that channel's id.
	"err.timed_out_abort_you_in": "Liian myöhään: sinulta oli loppunut aika ennen ensimmäistä siirtoasi, joten peli %[1]d on keskeytetty (ei tulosta, ei muutosta luokitukseen), eikä tämä muuttanut mitään. Siitä ilmoitetaan kanavalla <#%[2]s>.",
	// err.timed_out_abort_you where the bot can no longer post in the game's channel, so both players are told by direct message: the game's number.
	"err.timed_out_abort_you_dm": "Liian myöhään: sinulta oli loppunut aika ennen ensimmäistä siirtoasi, joten peli %[1]d on keskeytetty (ei tulosta, ei muutosta luokitukseen), eikä tämä muuttanut mitään. En voi enää kirjoittaa tälle kanavalle, joten molemmille pelaajille kerrotaan yksityisviestillä.",
	// The result of a game sent by direct message to both players because Discord refused its post: the channel or thread where it is played no longer exists (10003, deleted): the game's number, its result line.
	"result.dm_channel_gone": "Peli %[1]d on päättynyt: %[2]s\nKerron tämän yksityisviestillä, koska kanavaa tai ketjua, jossa peliä pelattiin, ei enää ole, joten en voinut kertoa tulosta siellä. Molemmat pelaajat saavat tämän viestin asetuksesta `/tafl settings` `yksityisviestit` riippumatta.",
	// By direct message to the player to move in a game whose board of the last move Discord refused in the game's channel or thread (deleted, or the bot may no longer post there): the game's number, who moved (a mention or the engine's name), the move (such as "12… c4-c1"), why it comes by direct message (game.dm_why_*).
	"move.dm_your_move": "Peli %[1]d: %[2]s pelasi %[3]s, ja on sinun siirtosi. %[4]s: `/tafl board` `peli:%[1]d` näyttää laudan ja `/tafl move` `peli:%[1]d` pelaa siirtosi millä tahansa palvelimen kanavalla.",
	// The private reply to a move played from another server or a direct message (/tafl move game:, the Move menu), edited after the board's post found the game's channel or thread deleted (10003) and nowhere to move it: the move (such as "12… c4-c1"), the game's number.
	"move.elsewhere_gone": "Pelasit %[1]s pelissä %[2]d. Kanavaa tai ketjua, jossa peliä pelattiin, ei enää ole, joten peli jatkuu yksityisviestein: siirtovuorossa oleva saa tiedon niissä, ja `/tafl board` `peli:%[2]d` ja `/tafl move` `peli:%[2]d` toimivat millä tahansa palvelimen kanavalla.",
	// move.elsewhere_gone when that move ended the game: the move, the game's number.
	"move.elsewhere_gone_over": "Pelasit %[1]s pelissä %[2]d. Kanavaa tai ketjua, jossa peliä pelattiin, ei enää ole, joten tulos lähetetään molemmille pelaajille yksityisviestillä.",
	// By direct message to both players of a game neither of them started (a tournament's), whose first board Discord refused in the game's channel or thread (deleted, or the bot may no longer post there): the game's number, who is to move (a mention), why it comes by direct message (game.dm_why_*).
	"move.dm_begun": "Peli %[1]d on alkanut, ja siirtovuorossa on %[2]s. %[3]s: `/tafl board` `peli:%[1]d` näyttää laudan ja `/tafl move` `peli:%[1]d` pelaa siirron millä tahansa palvelimen kanavalla.",
	// The result of a game sent by direct message to both players because Discord refused its post: the thread where it is played is locked (50083, by a moderator): the game's number, its result line, the thread's id.
	"result.dm_thread_locked": "Peli %[1]d on päättynyt: %[2]s\nKerron tämän yksityisviestillä, koska ketju, jossa peliä pelattiin, <#%[3]s>, on lukittu, joten en voinut kertoa tulosta siellä (palvelimen ylläpitäjä voi avata lukituksen). Molemmat pelaajat saavat tämän viestin asetuksesta `/tafl settings` `yksityisviestit` riippumatta.",
	// The engine's judgement of a position in words, shown instead of a win chance for a variant whose score-to-chance curve is not checked (review lines, the review's text file, the graph's alt text): a forced win, or one the engine is sure of, for the attackers. The seven standing.* are whole clauses.
	"standing.attackers_win": "hyökkääjät voittavat",
	// The engine's judgement: the attackers are far ahead (a score of 10 attackers or more).
	"standing.attackers_much": "hyökkääjät ovat selvästi paremmassa asemassa",
	// The engine's judgement: the attackers are ahead (a score of 2.5 attackers or more).
	"standing.attackers_better": "hyökkääjät ovat paremmassa asemassa",
	// The engine's judgement: neither side is clearly ahead.
	"standing.even": "suunnilleen tasan",
	// The engine's judgement: the defenders are ahead.
	"standing.defenders_better": "puolustajat ovat paremmassa asemassa",
	// The engine's judgement: the defenders are far ahead.
	"standing.defenders_much": "puolustajat ovat selvästi paremmassa asemassa",
	// The engine's judgement: a forced win, or one the engine is sure of, for the defenders.
	"standing.defenders_win": "puolustajat voittavat",
	// The Hint's answer for a variant whose win chances are not checked (instead of "your chance of winning is about N %"): the game's number, the suggested move, the engine's judgement from the player's side (one of hint.you_win … hint.they_win), the hints used.
	"hint.judged": "💡 Peli %d: moottori ehdottaa **%s** (vihreä nuoli); sillä moottorin arvion mukaan %s. Vihjeitä tässä pelissä: %d — pelikirjaus merkitsee ne.",
	// hint.judged's judgement: the player wins (by force, or the engine is sure of it).
	"hint.you_win": "voitat",
	// hint.judged's judgement: the player is far ahead.
	"hint.you_much": "olet selvästi paremmassa asemassa",
	// hint.judged's judgement: the player is ahead.
	"hint.you_better": "olet paremmassa asemassa",
	// hint.judged's judgement: neither side is clearly ahead.
	"hint.even": "peli on suunnilleen tasan",
	// hint.judged's judgement: the player's opponent is ahead.
	"hint.they_better": "vastustajasi on paremmassa asemassa",
	// hint.judged's judgement: the player's opponent is far ahead.
	"hint.they_much": "vastustajasi on selvästi paremmassa asemassa",
	// hint.judged's judgement: the player's opponent wins.
	"hint.they_win": "vastustajasi voittaa",
	// A review without win chances (variant not checked): no move lowered the engine's score noticeably.
	"review.clean_judged": "Mikään siirto ei heikentänyt moottorin arviota juurikaan: puhdas peli.",
	// A review without win chances: the heading of the turning points, each shown as the engine's judgement before and after the move.
	"review.turning_judged": "Käännekohdat (moottorin arvio ennen → jälkeen; moottorin siirto):",
	// The small print under a review without win chances: the nodes searched a position, why no chance is shown, how moves are classed.
	"review.judged_note": "-# Moottori tutki %d solmua asemaa kohden. Voittomahdollisuutta ei näytetä: yhtäkään ei ole vielä tarkistettu tämän muunnelman peleillä; epätarkkuus, virhe, vakava virhe määräytyvät sen mukaan, kuinka paljon moottorin arvio putosi.",
	// After a turning point's move and class: the engine's judgement before → after it (two standing.* clauses).
	"review.judged_change": " — %s → %s",
	// The review's text file without win chances: why none is shown and how positions and moves are judged (three lines).
	"review.text_judged": "Tälle muunnelmalle ei näytetä voittomahdollisuutta: mitään käyrää moottorin arviosta mahdollisuuteen ei ole vielä tarkistettu sen peleillä.\nJokainen asema saa moottorin arvion sanoin ja lukuna hyökkääjinä (+ hyökkääjien eduksi; suunnilleen tasan 2,5:n sisällä, selvästi parempi 10:stä alkaen).\nSiirto on epätarkkuus, virhe, vakava virhe sen mukaan, kuinka paljon moottorin arvio putosi: yhtä paljon kuin 10, 20, 30 pistettä mahdollisuutta oletuskäyrällä (tasan kohdassa 0, 300 pistettä logitia kohden).",
	// The review's text file without win chances: the first line, the engine's judgement of the start (a standing.* clause).
	"review.text_start": "alku: %s",
	// The review's text file without win chances, after a classified move: its class, the engine's judgement before it (a standing.* clause), the engine's better move.
	"review.text_class": "%s (ennen sitä: %s), parempi %s",
	// The name of the review graph's y axis for a variant without checked win chances: it plots the engine's score, squashed, not a chance.
	"graph.judgement": "Moottorin arvio (tälle muunnelmalle ei tarkistettua voittomahdollisuutta)",
	// The label of the middle of that graph's y axis (neither side ahead).
	"graph.even": "tasan",
	// The alt text of a review graph without win chances: the game's number, the variant; followed by ", from X at the start to Y at the end".
	"review.graph_alt_judged": "Arviokäyrä pelistä %d, %s: moottorin arvio jokaisen siirron jälkeen (tälle muunnelmalle ei tarkistettua voittomahdollisuutta)",
	// After /tafl history's game record, when the game has a review without win chances: what the attached files hold.
	"history.review_judged": "Moottorin arvion kanssa: jokaisen siirron arvio ja luokka tekstitiedostossa sekä käyrä.",
	// A position's judgement (a standing.* clause) and the engine's score in attackers, + when it favours the attackers ("the attackers stand better (+2.9)"), in a review without win chances.
	"standing.scored": "%s (%+.1f)",
	// The answer to a member without Manage Server who gives another player to `/tafl tournament action:withdraw player:`.
	"tour.withdraw_managers": "Vain palvelimen ylläpitäjät (oikeus Hallitse palvelinta) voivat vetää toisen pelaajan pois; pelkkä `toiminto:vetäydy` vetää sinut pois.",
	// The answer to a manager withdrawing a user who is not playing in the tournament: the user, the tournament's name.
	"tour.not_in_other": "<@%s> ei pelaa turnauksessa **%s**: mitään ei muutettu.",
	// The answer to a manager withdrawing a player from a tournament that has not started: its name, the player (who may sign off themselves).
	"tour.not_started_other": "**%s** ei ole vielä alkanut: mitään ei muutettu. Vain <@%s> voi perua ilmoittautumisensa ennen alkua.",
	// The answer to a manager withdrawing a player who withdrew (or was withdrawn) already: the player, the tournament's name, the round.
	"tour.withdrew_already_other": "<@%s> vetäytyi turnauksesta **%s** jo kierroksella %d: mitään ei muutettu.",
	// Told privately to the server manager who withdrew a player: the player, the tournament's name.
	"tour.withdrew_other": "Vedit pelaajan <@%s> pois turnauksesta **%s**. Tähänastiset tulokset pysyvät; hän ei pelaa enää pelejä.",
	// Posted in a tournament's channel when a server manager withdrew a player who had no game going: the manager, the player, the tournament's name.
	"tour.withdrawn_post": "🏆 <@%s>, palvelimen ylläpitäjä, veti pelaajan <@%s> pois turnauksesta **%s**.",
	// Above the final board of the game a withdrawn player resigned, when a server manager withdrew them: the manager, the player.
	"tour.withdrawn_board": "<@%s>, palvelimen ylläpitäjä, veti pelaajan <@%s> pois turnauksesta.",
	// /tafl settings, the daily puzzle's state after the bot turned it off because its channel no longer exists (Discord: Unknown Channel): the channel.
	"settings.daily_gone": "pois (se pysähtyi: sen kanavaa <#%s> ei ole enää olemassa; valitse toinen asetuksella `/tafl settings` `päivän_kanava`)",
	// /tafl tournament action:create in a private thread, refused: the thread's parent channel.
	"tour.private_thread": "En voi järjestää turnausta yksityisessä ketjussa: en ole sen jäsen, joten en voisi julkaista sen kierroksia, lautoja ja tilannetta täällä itse. Luo se kanavalla <#%s> tai muulla kanavalla, jolla voin julkaista; mitään ei luotu.",
	// A tournament's thread found deleted: posted in its channel, where it goes on: the tournament's name.
	"tour.thread_gone": "🏆 Turnauksen **%s** ketjua ei ole enää olemassa: turnaus jatkuu tällä kanavalla.",
	// A tournament game found its thread (the tournament's) deleted during a round: posted once in the tournament's channel, where the game goes on, pinging both players: the game, the tournament's name, the two players.
	"tour.game_thread_gone": "🏆 Ketjua, jossa turnauksen **%[2]s** peliä %[1]d pelattiin, ei ole enää olemassa: <@%[3]s>, <@%[4]s>, pelinne jatkuu tällä kanavalla.",
	// Direct message to a tournament's creator, once: its channel (and thread) no longer exist: the tournament's name.
	"tour.dm_channel_gone": "Kanavaa, jolla turnaustasi **%s** pelataan, ei ole enää olemassa, joten lähetän sen kierrokset ja tilanteen sinulle yksityisviesteinä (sen pelaajat saavat tiedon omista peleistään yksityisviesteinä). Välitä ne sinne, missä pelaajat näkevät ne.",
	// Direct message to a tournament's creator before a post refused where it is played for the bot's missing access or permissions: the tournament's name, the channel.
	"tour.dm_refused": "En saa julkaista kanavalla <#%[2]s>, jolla turnaustasi **%[1]s** pelataan, joten lähetän tämän sinulle yksityisviestinä. Palvelimen ylläpitäjä voi antaa minulle pääsyn ja luvan julkaista siellä.",
	// /tafl settings, after "reminders and results: each game's channel" where the bot dropped the notification channel because it no longer exists (Discord: Unknown Channel): the channel.
	"settings.notify_gone": "(ilmoituskanavaa <#%s> ei ole enää olemassa; valitse toinen asetuksella `/tafl settings` `kanava`)",
	// A direct message to the opponent when a draw is offered in a game whose board Discord refused: the game, the player who offered it, why it comes by direct message (game.dm_why_*).
	"draw.dm_offer": "Peli %[1]d: %[2]s tarjoaa tasapeliä. %[3]s: `/tafl draw` `peli:%[1]d` hyväksyy tarjouksen millä tahansa palvelimen kanavalla, tai hylkää se vain siirtämällä.",
	// The same, when the draw was offered on the offerer's own turn (the opponent cannot move yet).
	"draw.dm_offer_wait": "Peli %[1]d: %[2]s tarjoaa tasapeliä. %[3]s: `/tafl draw` `peli:%[1]d` hyväksyy tarjouksen millä tahansa palvelimen kanavalla; seuraava siirtosi hylkää sen.",
	// A direct message to the opponent when the draw offer is withdrawn in such a game: the game, the player who withdrew it, why it comes by direct message (game.dm_why_*).
	"draw.dm_withdrawn": "Peli %[1]d: %[2]s perui tasapelitarjouksensa. %[3]s.",
	// Why a move, a game's start, or a draw offered or withdrawn comes by direct message (in move.dm_your_move, move.dm_begun, draw.dm_offer, draw.dm_offer_wait, draw.dm_withdrawn): the game's channel or thread no longer exists (10003, deleted).
	"game.dm_why_gone": "Kanavaa tai ketjua, jossa peliä pelattiin, ei enää ole, joten kerron tämän yksityisviestillä",
	// The same: the bot may no longer post in the game's channel or thread (50001 Missing Access, 50013 Missing Permissions): the channel.
	"game.dm_why_refused": "En saa enää julkaista kanavalla <#%s>, jolla peliä pelataan (palvelimen ylläpitäjä voi antaa minulle pääsyn ja luvan julkaista siellä), joten kerron tämän yksityisviestillä",
	// The same: the game's thread is locked (50083, by a moderator): the thread.
	"game.dm_why_locked": "Ketju, jossa peliä pelataan, <#%s>, on lukittu (palvelimen ylläpitäjä voi avata lukituksen), joten kerron tämän yksityisviestillä",
	// /tafl settings channel: refused because the bot may not post there on its own (from the gateway's cache, or the interaction's own channel): the channel, the permissions it lacks (twice).
	"settings.channel_perms": "En voi julkaista muistutuksia ja tuloksia kanavalla <#%[1]s>: minulta puuttuu siellä %[2]s. Anna minulle siellä %[3]s tai valitse toinen kanava; mitään ei muutettu.",
	// /tafl settings daily_channel: refused for the same reason: the channel, the permissions it lacks (twice).
	"settings.daily_perms": "En voi julkaista päivän tehtävää kanavalla <#%[1]s>: minulta puuttuu siellä %[2]s. Anna minulle siellä %[3]s tai valitse toinen kanava; mitään ei muutettu.",
	// /tafl settings, the daily puzzle's state after the bot turned it off because it had been removed from the server (and was added again since): the channel it was posted in.
	"settings.daily_left": "pois (se pysähtyi, kun minut poistettiin tältä palvelimelta, ja sitä julkaistiin kanavalla <#%s>; valitse kanava uudelleen asetuksella `/tafl settings` `päivän_kanava`)",
	// /tafl settings leaderboard_hide and leaderboard_show (a user mention each; the list: how many, then their mentions and ids).
	"settings.hidden":         "<@%s> on piilotettu tämän palvelimen tulostaulukosta: luokitukset ja pelit säilyvät, ja pelaaminen onnistuu edelleen. `/tafl settings` `tulostaulu_näytä` palauttaa hänet.",
	"settings.shown":          "<@%s> on taas tämän palvelimen tulostaulukossa.",
	"settings.hidden_both":    "Piilota <@%s> tai näytä hänet, ei molempia kerralla; mitään ei muutettu.",
	"settings.hidden_already": "<@%s> on jo piilotettu tämän palvelimen tulostaulukosta; mitään ei muutettu. `/tafl settings` `tulostaulu_näytä` palauttaa hänet.",
	"settings.hidden_not":     "<@%s> ei ole piilotettu tämän palvelimen tulostaulukosta; mitään ei muutettu. `/tafl settings` luettelee piilotetut pelaajat.",
	"settings.hidden_full":    "Tulostaulukosta voi piilottaa enintään %d pelaajaa: näytä ensin joku taas asetuksella `tulostaulu_näytä`; mitään ei muutettu.",
	"settings.hidden_list":    "Piilotettu tulostaulukosta (%d): %s",
}
