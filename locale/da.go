package locale

// da holds the Danish messages.
var da = Dict{
	"err.not_your_game":     "Du spiller ikke med i det parti. `/tafl games` viser dine, og `/tafl challenge` eller `/tafl ai` starter et nyt.",
	"err.not_your_turn":     "Det er ikke din tur: vent på din modstanders træk. Jeg nævner dig, når det er din tur.",
	"games.in_progress":     Plural{Arg: 1, One: "%d parti i gang", Other: "%d partier i gang"},
	"settings.language_set": "Jeg svarer dig på dansk.",
	"clock.left":            "%s tilbage",
	// play modes (issue 17)
	"time.days_and_time":       "Vælg `dage` (et korrespondanceparti) eller `tid` (et live-parti med ur), ikke begge.",
	"time.bad":                 "Jeg kan ikke bruge tidskontrollen `%s`: %s. Skriv partiets minutter, et +, og så tillægget i sekunder, fx `%s` (1 til 180 minutter, 0 til 180 sekunder).",
	"time.problem.1":           "den er tom",
	"time.problem.2":           "minutterne er ikke et helt tal",
	"time.problem.3":           "sekunderne er ikke et helt tal",
	"time.problem.4":           "betænkningstiden skal være mindst 1 minut",
	"time.problem.5":           "betænkningstiden må højst være 180 minutter",
	"time.problem.6":           "tillægget kan ikke være negativt",
	"time.problem.7":           "tillægget må højst være 180 sekunder",
	"time.problem.8":           "der skal et + mellem minutterne og tillægget",
	"time.problem.9":           "partiets tid tælles i minutter og tillægget i sekunder",
	"rematch.still_going":      "Parti %d er stadig i gang: spil det færdigt først.",
	"rematch.self":             "Start et nyt parti med `/tafl challenge`.",
	"rematch.playing":          "Revanchen spilles allerede: parti %[1]d (`/tafl board` `parti:%[1]d`).",
	"challenge.other_server":   "Den udfordring hører til en anden server: start en her med `/tafl challenge`.",
	"challenge.again":          "Du har allerede udfordret <@%[1]s>: %[2]s (den udløber <t:%[3]d:R>). Én åben udfordring til en spiller ad gangen: for at ændre den skal du trykke **%[4]s** på den og så udfordre igen.",
	"challenge.too_many":       Plural{Arg: 1, One: "Du har %d åben udfordring på denne server, det højeste antal en spiller må have på én gang:%s\nTryk **%[3]s** på en af dem for at trække den tilbage, eller vent, til en bliver besvaret eller udløber.", Other: "Du har %d åbne udfordringer på denne server, det højeste antal en spiller må have på én gang:%s\nTryk **%[3]s** på en af dem for at trække den tilbage, eller vent, til en bliver besvaret eller udløber."},
	"challenge.gone":           "Jeg kan ikke længere finde den udfordring. Start en ny med `/tafl challenge`.",
	"pace.too_fast":            "Du sender kommandoer og knaptryk for hurtigt: denne blev ikke udført. Prøv igen om %d s.",
	"games.dm_others":          "I en direkte besked viser jeg kun dine egne partier: spørg efter en anden spillers partier på en server, I deler.",
	"stats.dm_others":          "I en direkte besked viser jeg kun din egen statistik: spørg efter en anden spillers på en server, I deler.",
	"rematch.offered":          "Du har allerede tilbudt en revanche; nu er det op til <@%s>.",
	"tour.server_only":         "Turneringer hører til en server: brug kommandoen på en server.",
	"tour.what":                "Sig hvad du vil: `handling:` %s.",
	"tour.managers_create":     "Kun serveradministratorer (tilladelsen Administrer server) kan oprette turneringer. Alle kan deltage.",
	"tour.name":                "Giv turneringen et `navn` på 1 til %d tegn, uden omtaler eller formateringstegn.",
	"tour.format":              "Formatet er %s.",
	"tour.rounds_rr":           "`runder` gælder en schweizisk turnering; alle-mod-alle har så mange runder, som der skal til.",
	"tour.rounds_range":        "En schweizisk turnering har 1 til %d runder.",
	"tour.signup_range":        "Tilmeldingen varer 1 til %d timer. Vil du starte før, så tryk på **%s** (eller brug `handling:start`), når spillerne har tilmeldt sig.",
	"tour.no_such":             "Der er ingen turnering %d på denne server.",
	"tour.none":                "Der er ingen turnering i gang på denne server. En administrator opretter en med `/tafl tournament` `handling:opret` `navn:…`.",
	"tour.none_last_cancelled": "Der er ingen turnering i gang på denne server: den seneste, **%s** (turnering %d), blev aflyst. En administrator opretter en med `/tafl tournament` `handling:opret` `navn:…`.",
	"tour.several":             "Flere turneringer er i gang: vælg en med `turnering`.",
	"tour.called_off":          "Den turnering er aflyst.",
	"tour.left":                "Du har forladt **%s**.",
	"tour.you_started":         "Du har startet **%s**: første runde parres nu.",
	"tour.started_closed":      "Den turnering er begyndt: tilmeldingen er lukket. (Brug `handling:træk dig` for at stoppe.)",
	"tour.signup_over":         "Tilmeldingen til **%s** lukkede <t:%d:R>: det er for sent at tilmelde sig.",
	"tour.already":             "Du er allerede tilmeldt.",
	"tour.not_in":              "Du spiller ikke med i den turnering.",
	"tour.full":                "Den turnering er fuld (%d spillere).",
	"tour.too_few":             Plural{Arg: 2, One: "**%s** har %d spiller indtil videre, og en turnering kræver mindst to: vent på, at flere melder sig til, eller aflys den med `/tafl tournament` `handling:aflys`.", Other: "**%s** har %d spillere indtil videre, og en turnering kræver mindst to: vent på, at flere melder sig til, eller aflys den med `/tafl tournament` `handling:aflys`."},
	"tour.not_started":         "Den turnering er ikke begyndt endnu: brug `handling:forlad` for at melde dig fra.",
	"tour.over":                "Den turnering er slut.",
	"tour.only_creator_start":  "Kun <@%s>, der oprettede den, eller en administrator kan starte turneringen før tid.",
	"tour.only_creator_cancel": "Kun <@%s>, der oprettede den, eller en administrator kan aflyse turneringen.",
	"tour.cancel_started":      "Den turnering er begyndt; spillere kan trække sig (`handling:træk dig`), og den slutter efter sidste runde.",
	"tour.cancelled":           "**%s** er aflyst.",
	"tour.withdrew":            "Du har trukket dig fra **%s**. Dine resultater indtil nu står ved magt; du spiller ikke flere partier.",
	"tour.joined":              Plural{Arg: 2, One: "Du er med i **%s** (%d spiller).", Other: "Du er med i **%s** (%d spillere)."},
	"tour.round_games":         Plural{Arg: 3, One: "🏆 **%s**, runde %d: %d parti.", Other: "🏆 **%s**, runde %d: %d partier."},
	"err.timed_out":            "For sent: tiden til trækket var løbet ud, så partiet er endt på tid (resultatet står i partiets kanal).",
	"err.flag_fell":            "Din tid var løbet ud: trækket tæller ikke, og partiet slutter på tid.",
	"tour.rr":                  "alle-mod-alle",
	"tour.double":              ", hvert par med begge sider",
	"tour.per_move":            "%s pr. træk",
	"tour.live":                "live, %s",
	"tour.rated":               "ratet",
	"tour.casual":              "venskabelig",
	"tour.nobody":              "ingen endnu",
	"tour.head":                "🏆 **%s** (turnering %d): %s.",
	"tour.state_cancelled":     "Aflyst.",
	"tour.state_closed":        "Tilmeldingen lukkede <t:%d:R>; om lidt parrer jeg runde 1 og starter partierne. Spillere (%d): %s",
	"tour.state_over":          "Slut efter runde %d. Førsteplads: %s. Spillere (%d): %s",
	"tour.state_running":       "I gang: runde %d. Spillere (%d): %s",
	"tour.state_signup":        "Tilmeldingen lukker <t:%d:R>; så parrer jeg runde 1 og starter partierne. Spillere (%d): %s",
	"tour.btn_join":            "Deltag",
	"tour.btn_leave":           "Forlad",
	"tour.btn_start":           "Start nu",
	"tour.sub_cancelled":       "aflyst · %s",
	"tour.sub_final":           "slutstilling · %s",
	"tour.sub_round":           "runde %d af %d · %s",
	"tour.sub_signup":          "tilmelding · %s",
	"tour.tiebreak":            "%s · tiebreak: %s",
	"tour.col_player":          "Spiller",
	"tour.col_points":          "Point",
	"tour.col_games":           "Partier",
	"tour.col_wdl":             "V-U-T",
	"tour.withdrew_mark":       "%s (trak sig)",
	"tour.standings":           "Stillingen i **%s** (turnering %d).",
	"tour.alt":                 "Stillingstabel for %s (%s): %s.",
	"tour.game_over":           "Parti %d er slut.",
	"tour.finished":            "🏆 **%s** er slut. Tillykke %s!",
	"tour.early_repeat":        "Den sluttede efter runde %d af %d: enhver ny runde ville gentage en parring.",
	"tour.early_players":       "Den sluttede efter runde %d af %d: der var færre end to spillere tilbage.",
	"tour.and":                 " og ",
	"tour.game_headline":       "Turnering **%s**, runde %d: <@%s> (angribere) mod <@%s>. Held og lykke!",
	"tour.withdrew_board":      "<@%s> trak sig fra turneringen.",
	"tour.withdrew_post":       "🏆 <@%s> trak sig fra **%s**.",
	"tour.bye":                 " %s står over.",
	"tour.bye_point":           " %s står over og får et point.",
	"tour.forfeits":            " Uden spil: %s.",
	"tour.forfeit":             "i runde %d vinder %s over %s, der trak sig",
	"tour.forfeit_both":        "i runde %d trak både %s og %s sig: ingen point",
	"tour.cancelled_few":       "🏆 **%s** er aflyst: færre end to spillere meldte sig.",
	"tour.swiss":               Plural{Arg: 1, One: "schweizisk, %d runde", Other: "schweizisk, %d runder"},
	// end play modes
	// game review, hints and puzzles (issue 18)
	"hint.engine_only":         "Tips findes kun i venskabelige partier mod motoren.",
	"hint.off":                 "Tips er slået fra på denne server.",
	"review.none":              "Du har intet afsluttet parti her at gennemgå: angiv et med `parti`-indstillingen.",
	"review.in_progress":       "Parti %d spilles stadig: det kan gennemgås, når det er slut.",
	"review.no_moves":          "Parti %d sluttede før første træk: der er intet at gennemgå.",
	"review.aborted_only":      "Parti %d sluttede før første træk, så der er intet i det at gennemgå, og du har intet afsluttet parti med træk at gennemgå. Spil et med `/tafl ai` eller `/tafl challenge` (på en server): når det er slut, gennemgår `/tafl analyse` det.",
	"review.aborted_other":     "Parti %d sluttede før første træk, så der er intet i det at gennemgå. For at gennemgå et andet af dine afsluttede partier, angiv det med `parti`-indstillingen (begynd at skrive for en liste).",
	"review.none_yet":          "Du har intet afsluttet parti med træk at gennemgå. Spil et med `/tafl ai` eller `/tafl challenge` (på en server): når det er slut, gennemgår `/tafl analyse` det.",
	"review.attackers":         "angriberne",
	"review.defenders":         "forsvarerne",
	"review.one_at_a_time":     "Din gennemgang af parti %d kører stadig: én ad gangen, tak. Den vises her, når den er færdig.",
	"puzzle.gone":              "Den opgave findes ikke længere; prøv `/tafl puzzle`.",
	"puzzle.other_server":      "Den opgave hører til en anden server; prøv `/tafl puzzle` her.",
	"puzzle.no_variant":        "Der er ingen variant %q: `/tafl rules` viser dem.",
	"variant.custom":           "egen variant",
	"settings.daily_hour":      "Timen for den daglige opgave er 0 til 23 (UTC); intet blev ændret.",
	"settings.daily_channel":   "Den daglige opgave skal have en kanal: vælg den med `dagens_kanal` (og timen med `dagens_time`); intet blev ændret.",
	"settings.daily_hour_kept": "Timen for den daglige opgave er gemt (%02d:00 UTC), men der er ingen daglig opgave, før du vælger dens kanal med `/tafl settings` `dagens_kanal`.",
	// /tafl settings game_channel.
	"settings.game_channel_both": "Vælg `kanal` eller slå `partiets_kanal` til, ikke begge; intet blev ændret.",
	"settings.game_channel_off":  "Påmindelser og resultater sendes allerede til hvert partis egen kanal eller tråd: vælg en anden med `kanal`; intet blev ændret.",
	// /tafl settings daily_channel with daily:False.
	"settings.daily_both": "Vælg `dagens_kanal` eller slå `dagens` fra, ikke begge; intet blev ændret.",
	// The review's evaluation graph (a picture): the name of its y axis, the defenders' chance of winning from 0 to 100 percent.
	"graph.chance": "Forsvarernes vinderchance",
	// The graph's labels of its upper half (the defenders ahead) and lower half (the attackers ahead), written along its right edge.
	"graph.defenders": "forsvarere",
	"graph.attackers": "angribere",
	// The name of the graph's x axis, numbered by moves (one number for a move of each side).
	"graph.move": "træk",
	// The answer to a player who withdraws from a tournament again: its name, the round they withdrew in.
	"tour.withdrew_already": "Du trak dig allerede fra **%s** i runde %d: dine resultater indtil nu står ved magt, og du spiller ikke flere partier.",
	// Posted in a tournament's channel when a manager calls it off before it starts: its name, who called it off.
	"tour.cancelled_by": "🏆 **%s** er aflyst af <@%s>.",
	// The answer to someone not playing in a tournament who asks to join it after it started: its name.
	"tour.join_started": "**%s** er begyndt: det er for sent at tilmelde sig.",
	// The answer to a second start of a tournament (a late tap on Start now): its name, its current round.
	"tour.already_started": "**%s** er allerede begyndt: runde %d er i gang.",
	// The answer to a tournament option that is neither a number nor the name of a tournament of the server: what was typed.
	"tour.no_name": "Ingen turnering på denne server hedder `%s`: vælg en fra listen, eller angiv dens nummer.",
	// The answer to a tournament option naming several tournaments of the server: the name, their numbers ("3, 7").
	"tour.ambiguous": "Flere turneringer på denne server hedder **%s** (numre %s): vælg en fra listen, eller angiv dens nummer.",
	// The heading of the standings column of a Swiss's byes (rounds without a game, a point each).
	"tour.col_byes": "Frirunder",
	// The standings picture's alt text: the tie-break the picture heads "SB", spelt out for screen readers.
	"tour.alt_sb": "Sonneborn-Berger",
	// The standings picture's alt text: a player's wins, draws and losses (the picture's W-D-L column), read as words.
	"tour.alt_wins":   Plural{Arg: 1, One: "%d sejr", Other: "%d sejre"},
	"tour.alt_draws":  Plural{Arg: 1, One: "%d uafgjort", Other: "%d uafgjorte"},
	"tour.alt_losses": Plural{Arg: 1, One: "%d tab", Other: "%d tab"},
	// A Rematch tap on a finished tournament game's board (posted before tournament games lost the button): the game's number, the opponent's id.
	"rematch.tournament": "Parti %[1]d var et turneringsparti, og de har ingen revanche: `/tafl challenge` `modstander:`<@%[2]s> starter et nyt parti.",
	// /tafl vacation in a direct message with the bot, with no correspondence game going there: nothing would be paused.
	"vacation.dm_nothing": "En ferie her sætter urene i dine korrespondancepartier mod mig i direkte beskeder på pause, og du har ingen i gang: den ville kun bruge dine dage. (En servers partier sættes på pause med `/tafl vacation` på den server.) Intet blev ændret.",
	// /tafl vacation in a direct message: the vacation's end (a Discord timestamp).
	"vacation.dm_on": "🏖 Du holder ferie indtil <t:%d:f>: urene i dine partier i direkte beskeder med mig er sat på pause, og brætterne siger det. `/tafl vacation` `dage:0` afslutter den før tid (ubrugte dage kommer tilbage).",
	// /tafl vacation in a direct message: the vacation left (a duration) and the days a year allowed there.
	"vacation.dm_left": "Ferie tilbage i år for direkte beskeder: %s af %d dage (hver server har sin egen: `/tafl vacation` dér).",
	// /tafl vacation in a direct message, asking for more with none left: the days a year allowed there.
	"vacation.dm_none_left": "Du har ingen ferie tilbage i år til dine partier i direkte beskeder (%d dage om året); den kommer igen 1. januar.",
	// /tafl vacation in a direct message, asking for more than is left: the vacation left (a duration), the days a year allowed there.
	"vacation.dm_ask_less": "Du har %s ferie tilbage i år til dine partier i direkte beskeder (%d dage om året): bed om mindre.",
	// /tafl analyse while the user's review of a game (the number) is still running, asked for in a direct message.
	"review.one_at_a_time_dm": "Din gennemgang af parti %d kører stadig: én ad gangen, tak. Den vises i vores direkte beskeder, hvor du bad om den, når den er færdig.",
	// /tafl analyse while the user's review of a game (the number) is still running, asked for in another channel (a channel mention).
	"review.one_at_a_time_in": "Din gennemgang af parti %d kører stadig: én ad gangen, tak. Den vises i %s, hvor du bad om den, når den er færdig.",
	// Rematch tapped on a game whose rematch has ended: the rematch's game number, the Rematch button's label on its board.
	"rematch.over": "Revanchen, parti %[1]d, er slut: tryk på **%[2]s** på partiets bræt for endnu en (`/tafl board` `parti:%[1]d`).",
	// A press (a move, Resign, Offer draw, …) that found the side to move out of time, the game just ended on time: whose flag fell (a mention), the game's number, its result ("Defenders win · the attackers ran out of time").
	"err.timed_out_game": "For sent: %[1]s var løbet tør for tid, så parti %[2]d er endt på tid (%[3]s), og dette ændrede intet. Resultatet står i partiets kanal.",
	// err.timed_out_game for a game whose result went to the server's notification channel (/tafl settings channel:): the same, and that channel's id.
	"err.timed_out_game_in": "For sent: %[1]s var løbet tør for tid, så parti %[2]d er endt på tid (%[3]s), og dette ændrede intet. Resultatet står i <#%[4]s>.",
	// clock.SecondsInBase (shown inside time.bad): a game time written with seconds, such as 2:30.
	"time.problem.10": "partiets tid er et helt antal minutter, uden sekunder",
	// err.timed_out_game told to the player whose flag fell (who pressed after their own time ran out): the game's number, its result.
	"err.timed_out_game_you": "For sent: du var løbet tør for tid, så parti %[1]d er endt på tid (%[2]s), og dette ændrede intet. Resultatet står i partiets kanal.",
	// err.timed_out_game_you for a game whose result went to the server's notification channel: the same, and that channel's id.
	"err.timed_out_game_you_in": "For sent: du var løbet tør for tid, så parti %[1]d er endt på tid (%[2]s), og dette ændrede intet. Resultatet står i <#%[3]s>.",
	// The result of a game sent by direct message to both players because Discord refused its post for the bot's missing access or permissions (50001, 50013): the game's number, its result line, the channel's id.
	"result.dm_refused": "Parti %[1]d er slut: %[2]s\nJeg fortæller det i en direkte besked, fordi Discord afviste mit opslag med resultatet i <#%[3]s>: jeg har ikke længere adgang eller tilladelse til at skrive der (en serveradministrator kan give mig dem igen). Begge spillere får denne besked, uanset deres `/tafl settings` `dm`.",
	// err.timed_out_game where the bot can no longer post in the game's channel (its app_permissions there), so the result goes to both players by direct message: who had run out of time, the game's number, the result.
	"err.timed_out_game_dm": "For sent: %[1]s var løbet tør for tid, så parti %[2]d er endt på tid (%[3]s), og dette ændrede intet. Jeg kan ikke længere skrive i denne kanal, så resultatet sendes til begge spillere som direkte besked.",
	// err.timed_out_game_you where the bot can no longer post in the game's channel (its app_permissions there), so the result goes to both players by direct message: the game's number, the result.
	"err.timed_out_game_you_dm": "For sent: du var løbet tør for tid, så parti %[1]d er endt på tid (%[2]s), og dette ændrede intet. Jeg kan ikke længere skrive i denne kanal, så resultatet sendes til begge spillere som direkte besked.",
	// The first board of a game asked for in a thread, where the server wants a thread per game, when Discord refused the board in the thread's parent channel (the bot may not post there): the game is played in the thread instead. The parent channel's id.
	"game.parent_refused": "Jeg kan ikke poste i <#%s>, så dette parti spilles her i tråden.",
	// A press (a move, Resign, Offer draw, …) that found the side to move out of time before its first move, which aborts the game (not a loss on time): whose flag fell (a mention), the game's number.
	"err.timed_out_abort": "For sent: %[1]s var løbet tør for tid før sit første træk, så parti %[2]d er afbrudt (intet resultat, ingen ændring i ratingen), og dette ændrede intet. Det meddeles i partiets kanal.",
	// err.timed_out_abort for a game whose end went to the server's notification channel (/tafl settings channel:): the same, and that channel's id.
	"err.timed_out_abort_in": "For sent: %[1]s var løbet tør for tid før sit første træk, så parti %[2]d er afbrudt (intet resultat, ingen ændring i ratingen), og dette ændrede intet. Det meddeles i <#%[3]s>.",
	// err.timed_out_abort where the bot can no longer post in the game's channel (its app_permissions there), so both players are told by direct message: whose flag fell, the game's number.
	"err.timed_out_abort_dm": "For sent: %[1]s var løbet tør for tid før sit første træk, så parti %[2]d er afbrudt (intet resultat, ingen ændring i ratingen), og dette ændrede intet. Jeg kan ikke længere skrive i denne kanal, så begge spillere får det at vide som direkte besked.",
	// err.timed_out_abort told to the player whose flag fell (who pressed after their own time ran out, before their first move): the game's number.
	"err.timed_out_abort_you": "For sent: du var løbet tør for tid før dit første træk, så parti %[1]d er afbrudt (intet resultat, ingen ændring i ratingen), og dette ændrede intet. Det meddeles i partiets kanal.",
	// err.timed_out_abort_you for a game whose end went to the server's notification channel: the game's number, that channel's id.
	"err.timed_out_abort_you_in": "For sent: du var løbet tør for tid før dit første træk, så parti %[1]d er afbrudt (intet resultat, ingen ændring i ratingen), og dette ændrede intet. Det meddeles i <#%[2]s>.",
	// err.timed_out_abort_you where the bot can no longer post in the game's channel, so both players are told by direct message: the game's number.
	"err.timed_out_abort_you_dm": "For sent: du var løbet tør for tid før dit første træk, så parti %[1]d er afbrudt (intet resultat, ingen ændring i ratingen), og dette ændrede intet. Jeg kan ikke længere skrive i denne kanal, så begge spillere får det at vide som direkte besked.",
	// The result of a game sent by direct message to both players because Discord refused its post: the channel or thread where it is played no longer exists (10003, deleted): the game's number, its result line.
	"result.dm_channel_gone": "Parti %[1]d er slut: %[2]s\nJeg fortæller det i en direkte besked, fordi kanalen eller tråden, hvor det blev spillet, ikke længere findes, så jeg kunne ikke slå resultatet op der. Begge spillere får denne besked, uanset deres `/tafl settings` `dm`.",
	// By direct message to the player to move in a game whose board of the last move Discord refused in the game's channel or thread (deleted, or the bot may no longer post there): the game's number, who moved (a mention or the engine's name), the move (such as "12… c4-c1"), why it comes by direct message (game.dm_why_*).
	"move.dm_your_move": "Parti %[1]d: %[2]s spillede %[3]s, og det er dit træk. %[4]s: `/tafl board` `parti:%[1]d` viser brættet, og `/tafl move` `parti:%[1]d` spiller dit træk, i en hvilken som helst kanal på serveren.",
	// The private reply to a move played from another server or a direct message (/tafl move game:, the Move menu), edited after the board's post found the game's channel or thread deleted (10003) and nowhere to move it: the move (such as "12… c4-c1"), the game's number.
	"move.elsewhere_gone": "Du spillede %[1]s i parti %[2]d. Kanalen eller tråden, hvor partiet blev spillet, findes ikke længere, så det fortsætter i direkte beskeder: spilleren i trækket får besked dér, og `/tafl board` `parti:%[2]d` og `/tafl move` `parti:%[2]d` virker i en hvilken som helst kanal på serveren.",
	// move.elsewhere_gone when that move ended the game: the move, the game's number.
	"move.elsewhere_gone_over": "Du spillede %[1]s i parti %[2]d. Kanalen eller tråden, hvor partiet blev spillet, findes ikke længere, så resultatet sendes til begge spillere i en direkte besked.",
	// By direct message to both players of a game neither of them started (a tournament's), whose first board Discord refused in the game's channel or thread (deleted, or the bot may no longer post there): the game's number, who is to move (a mention), why it comes by direct message (game.dm_why_*).
	"move.dm_begun": "Parti %[1]d er begyndt, og %[2]s skal trække. %[3]s: `/tafl board` `parti:%[1]d` viser brættet, og `/tafl move` `parti:%[1]d` spiller et træk, i en hvilken som helst kanal på serveren.",
	// The result of a game sent by direct message to both players because Discord refused its post: the thread where it is played is locked (50083, by a moderator): the game's number, its result line, the thread's id.
	"result.dm_thread_locked": "Parti %[1]d er slut: %[2]s\nJeg fortæller det i en direkte besked, fordi tråden, hvor det blev spillet, <#%[3]s>, er låst, så jeg kunne ikke slå resultatet op der (en serveradministrator kan låse den op). Begge spillere får denne besked, uanset deres `/tafl settings` `dm`.",
	// The engine's judgement of a position in words, shown instead of a win chance for a variant whose score-to-chance curve is not checked (review lines, the review's text file, the graph's alt text): a forced win, or one the engine is sure of, for the attackers. The seven standing.* are whole clauses.
	"standing.attackers_win": "angriberne vinder",
	// The engine's judgement: the attackers are far ahead (a score of 10 attackers or more).
	"standing.attackers_much": "angriberne står meget bedre",
	// The engine's judgement: the attackers are ahead (a score of 2.5 attackers or more).
	"standing.attackers_better": "angriberne står bedre",
	// The engine's judgement: neither side is clearly ahead.
	"standing.even": "omtrent lige",
	// The engine's judgement: the defenders are ahead.
	"standing.defenders_better": "forsvarerne står bedre",
	// The engine's judgement: the defenders are far ahead.
	"standing.defenders_much": "forsvarerne står meget bedre",
	// The engine's judgement: a forced win, or one the engine is sure of, for the defenders.
	"standing.defenders_win": "forsvarerne vinder",
	// The Hint's answer for a variant whose win chances are not checked (instead of "your chance of winning is about N %"): the game's number, the suggested move, the engine's judgement from the player's side (one of hint.you_win … hint.they_win), the hints used.
	"hint.judged": "💡 Parti %d: motoren foreslår **%s** (den grønne pil); med det vurderer motoren, at %s. Tip brugt i dette parti: %d — notationen noterer dem.",
	// hint.judged's judgement: the player wins (by force, or the engine is sure of it).
	"hint.you_win": "du vinder",
	// hint.judged's judgement: the player is far ahead.
	"hint.you_much": "du står meget bedre",
	// hint.judged's judgement: the player is ahead.
	"hint.you_better": "du står bedre",
	// hint.judged's judgement: neither side is clearly ahead.
	"hint.even": "partiet er omtrent lige",
	// hint.judged's judgement: the player's opponent is ahead.
	"hint.they_better": "din modstander står bedre",
	// hint.judged's judgement: the player's opponent is far ahead.
	"hint.they_much": "din modstander står meget bedre",
	// hint.judged's judgement: the player's opponent wins.
	"hint.they_win": "din modstander vinder",
	// A review without win chances (variant not checked): no move lowered the engine's score noticeably.
	"review.clean_judged": "Intet træk sænkede motorens vurdering ret meget: et rent parti.",
	// A review without win chances: the heading of the turning points, each shown as the engine's judgement before and after the move.
	"review.turning_judged": "Vendepunkter (motorens vurdering før → efter; motorens træk):",
	// The small print under a review without win chances: the nodes searched a position, why no chance is shown, how moves are classed.
	"review.judged_note": "-# Motoren søgte %d knuder pr. stilling. Ingen vinderchance vises: ingen er endnu kontrolleret mod denne variants partier; unøjagtighed, fejl, bommert går efter, hvor langt motorens vurdering faldt.",
	// After a turning point's move and class: the engine's judgement before → after it (two standing.* clauses).
	"review.judged_change": " — %s → %s",
	// The review's text file without win chances: why none is shown and how positions and moves are judged (three lines).
	"review.text_judged": "Der vises ingen vinderchance for denne variant: ingen kurve fra motorens vurdering til en chance er endnu kontrolleret mod dens partier.\nHver stilling får motorens vurdering i ord og dens tal i angribere (+ til fordel for angriberne; omtrent lige inden for 2,5, meget bedre fra 10).\nEt træk er en unøjagtighed, en fejl, en bommert efter, hvor langt motorens vurdering faldt: så langt som 10, 20, 30 point chance på standardkurven (lige ved 0, 300 point pr. logit).",
	// The review's text file without win chances: the first line, the engine's judgement of the start (a standing.* clause).
	"review.text_start": "start: %s",
	// The review's text file without win chances, after a classified move: its class, the engine's judgement before it (a standing.* clause), the engine's better move.
	"review.text_class": "%s (før det: %s), bedre %s",
	// The name of the review graph's y axis for a variant without checked win chances: it plots the engine's score, squashed, not a chance.
	"graph.judgement": "Motorens vurdering (ingen vinderchance kontrolleret for denne variant)",
	// The label of the middle of that graph's y axis (neither side ahead).
	"graph.even": "lige",
	// The alt text of a review graph without win chances: the game's number, the variant; followed by ", from X at the start to Y at the end".
	"review.graph_alt_judged": "Evalueringsgraf for parti %d, %s: motorens vurdering efter hvert træk (ingen vinderchance kontrolleret for denne variant)",
	// After /tafl history's game record, when the game has a review without win chances: what the attached files hold.
	"history.review_judged": "Med motorens gennemgang: hvert træk vurderet og klassificeret i tekstfilen, og dens graf.",
	// A position's judgement (a standing.* clause) and the engine's score in attackers, + when it favours the attackers ("the attackers stand better (+2.9)"), in a review without win chances.
	"standing.scored": "%s (%+.1f)",
	// The answer to a member without Manage Server who gives another player to `/tafl tournament action:withdraw player:`.
	"tour.withdraw_managers": "Kun serveradministratorer (tilladelsen Administrer server) kan trække en anden spiller fra; `handling:træk dig` alene trækker dig fra.",
	// The answer to a manager withdrawing a user who is not playing in the tournament: the user, the tournament's name.
	"tour.not_in_other": "<@%s> spiller ikke med i **%s**: intet blev ændret.",
	// The answer to a manager withdrawing a player from a tournament that has not started: its name, the player (who may sign off themselves).
	"tour.not_started_other": "**%s** er ikke begyndt endnu: intet blev ændret. Kun <@%s> kan melde sig fra, før den begynder.",
	// The answer to a manager withdrawing a player who withdrew (or was withdrawn) already: the player, the tournament's name, the round.
	"tour.withdrew_already_other": "<@%s> trak sig fra **%s** allerede i runde %d: intet blev ændret.",
	// Told privately to the server manager who withdrew a player: the player, the tournament's name.
	"tour.withdrew_other": "Du trak <@%s> fra **%s**. Deres resultater indtil nu står ved magt; de spiller ikke flere partier.",
	// Posted in a tournament's channel when a server manager withdrew a player who had no game going: the manager, the player, the tournament's name.
	"tour.withdrawn_post": "🏆 <@%s>, en serveradministrator, trak <@%s> fra **%s**.",
	// Above the final board of the game a withdrawn player resigned, when a server manager withdrew them: the manager, the player.
	"tour.withdrawn_board": "<@%s>, en serveradministrator, trak <@%s> fra turneringen.",
	// /tafl settings, the daily puzzle's state after the bot turned it off because its channel no longer exists (Discord: Unknown Channel): the channel.
	"settings.daily_gone": "fra (den blev stoppet: dens kanal <#%s> findes ikke længere; vælg en anden med `/tafl settings` `dagens_kanal`)",
	// /tafl tournament action:create in a private thread, refused: the thread's parent channel.
	"tour.private_thread": "Jeg kan ikke afholde en turnering i en privat tråd: jeg er ikke medlem af den, så jeg kunne ikke selv poste dens runder, brætter og stillinger her. Opret den i <#%s> eller en anden kanal, hvor jeg kan poste; intet blev oprettet.",
	// A tournament's thread found deleted: posted in its channel, where it goes on: the tournament's name.
	"tour.thread_gone": "🏆 Tråden til **%s** findes ikke længere: turneringen fortsætter i denne kanal.",
	// A tournament game found its thread (the tournament's) deleted during a round: posted once in the tournament's channel, where the game goes on, pinging both players: the game, the tournament's name, the two players.
	"tour.game_thread_gone": "🏆 Tråden, hvor parti %[1]d i **%[2]s** blev spillet, findes ikke længere: <@%[3]s>, <@%[4]s>, jeres parti fortsætter i denne kanal.",
	// Direct message to a tournament's creator, once: its channel (and thread) no longer exist: the tournament's name.
	"tour.dm_channel_gone": "Kanalen, hvor din turnering **%s** spilles, findes ikke længere, så jeg sender dig dens runder og stillinger i direkte beskeder (dens spillere får besked om deres egne partier i direkte beskeder). Giv dem videre der, hvor spillerne ser dem.",
	// Direct message to a tournament's creator before a post refused where it is played for the bot's missing access or permissions: the tournament's name, the channel.
	"tour.dm_refused": "Jeg må ikke poste i <#%[2]s>, hvor din turnering **%[1]s** spilles, så jeg sender dig dette i en direkte besked. En serveradministrator kan give mig adgang og tilladelse til at poste der.",
	// /tafl settings, after "reminders and results: each game's channel" where the bot dropped the notification channel because it no longer exists (Discord: Unknown Channel): the channel.
	"settings.notify_gone": "(notifikationskanalen <#%s> findes ikke længere; vælg en anden med `/tafl settings` `kanal`)",
	// A direct message to the opponent when a draw is offered in a game whose board Discord refused: the game, the player who offered it, why it comes by direct message (game.dm_why_*).
	"draw.dm_offer": "Parti %[1]d: %[2]s tilbyder remis. %[3]s: `/tafl draw` `parti:%[1]d` tager imod, i en hvilken som helst kanal på serveren, eller træk bare for at afslå.",
	// The same, when the draw was offered on the offerer's own turn (the opponent cannot move yet).
	"draw.dm_offer_wait": "Parti %[1]d: %[2]s tilbyder remis. %[3]s: `/tafl draw` `parti:%[1]d` tager imod, i en hvilken som helst kanal på serveren; dit næste træk afslår tilbuddet.",
	// A direct message to the opponent when the draw offer is withdrawn in such a game: the game, the player who withdrew it, why it comes by direct message (game.dm_why_*).
	"draw.dm_withdrawn": "Parti %[1]d: %[2]s trak sit remistilbud tilbage. %[3]s.",
	// Why a move, a game's start, or a draw offered or withdrawn comes by direct message (in move.dm_your_move, move.dm_begun, draw.dm_offer, draw.dm_offer_wait, draw.dm_withdrawn): the game's channel or thread no longer exists (10003, deleted).
	"game.dm_why_gone": "Kanalen eller tråden, hvor partiet blev spillet, findes ikke længere, så jeg fortæller dig det i en direkte besked",
	// The same: the bot may no longer post in the game's channel or thread (50001 Missing Access, 50013 Missing Permissions): the channel.
	"game.dm_why_refused": "Jeg må ikke længere poste i <#%s>, hvor partiet spilles (en serveradministrator kan give mig adgang og tilladelse til at poste der), så jeg fortæller dig det i en direkte besked",
	// The same: the game's thread is locked (50083, by a moderator): the thread.
	"game.dm_why_locked": "Tråden, hvor partiet spilles, <#%s>, er låst (en serveradministrator kan låse den op), så jeg fortæller dig det i en direkte besked",
	// /tafl settings channel: refused because the bot may not post there on its own (from the gateway's cache, or the interaction's own channel): the channel, the permissions it lacks (twice).
	"settings.channel_perms": "Jeg kan ikke poste påmindelser og resultater i <#%[1]s>: der mangler jeg %[2]s. Giv mig %[3]s der, eller vælg en anden kanal; intet blev ændret.",
	// /tafl settings daily_channel: refused for the same reason: the channel, the permissions it lacks (twice).
	"settings.daily_perms": "Jeg kan ikke poste dagens opgave i <#%[1]s>: der mangler jeg %[2]s. Giv mig %[3]s der, eller vælg en anden kanal; intet blev ændret.",
	// /tafl settings, the daily puzzle's state after the bot turned it off because it had been removed from the server (and was added again since): the channel it was posted in.
	"settings.daily_left": "fra (den blev stoppet, da jeg blev fjernet fra denne server, mens den blev postet i <#%s>; vælg en kanal igen med `/tafl settings` `dagens_kanal`)",
	// /tafl settings leaderboard_hide and leaderboard_show (a user mention each; the list: how many, then their mentions and ids).
	"settings.hidden":         "<@%s> er skjult fra serverens rangliste: vedkommendes rating og partier bevares, og vedkommende kan stadig spille. `/tafl settings` `rangliste_vis` sætter vedkommende på igen.",
	"settings.shown":          "<@%s> er på serverens rangliste igen.",
	"settings.hidden_both":    "Skjul <@%s> eller vis vedkommende, ikke begge dele på én gang; intet blev ændret.",
	"settings.hidden_already": "<@%s> er allerede skjult fra serverens rangliste; intet blev ændret. `/tafl settings` `rangliste_vis` sætter vedkommende på igen.",
	"settings.hidden_not":     "<@%s> er ikke skjult fra serverens rangliste; intet blev ændret. `/tafl settings` viser, hvem der er.",
	"settings.hidden_full":    "Højst %d spillere kan skjules fra ranglisten: vis først en igen med `rangliste_vis`; intet blev ændret.",
	"settings.hidden_list":    "Skjult fra ranglisten (%d): %s",
}
