package locale

// nb holds the Norwegian (Bokmål) messages.
var nb = Dict{
	"err.not_your_game":     "Du spiller ikke i det partiet. `/tafl games` viser dine, og `/tafl challenge` eller `/tafl ai` starter et nytt.",
	"err.not_your_turn":     "Det er ikke din tur: vent på motstanderens trekk. Jeg nevner deg når det er din tur.",
	"games.in_progress":     Plural{Arg: 1, One: "%d parti pågår", Other: "%d partier pågår"},
	"settings.language_set": "Jeg svarer deg på norsk.",
	"clock.left":            "%s igjen",
	// play modes (issue 17)
	"time.days_and_time":       "Velg `dager` (et korrespondanseparti) eller `tid` (et live-parti med klokke), ikke begge.",
	"time.bad":                 "Jeg kan ikke bruke tidskontrollen `%s`: %s. Skriv partiets minutter, et +, og så tillegget i sekunder, f.eks. `%s` (1 til 180 minutter, 0 til 180 sekunder).",
	"time.problem.1":           "den er tom",
	"time.problem.2":           "minuttene er ikke et helt tall",
	"time.problem.3":           "sekundene er ikke et helt tall",
	"time.problem.4":           "betenkningstiden må være minst 1 minutt",
	"time.problem.5":           "betenkningstiden kan være høyst 180 minutter",
	"time.problem.6":           "tillegget kan ikke være negativt",
	"time.problem.7":           "tillegget kan være høyst 180 sekunder",
	"time.problem.8":           "det skal et + mellom minuttene og tillegget",
	"time.problem.9":           "partiets tid telles i minutter og tillegget i sekunder",
	"rematch.still_going":      "Parti %d pågår fortsatt: spill det ferdig først.",
	"rematch.self":             "Start et nytt parti med `/tafl challenge`.",
	"rematch.playing":          "Omkampen spilles allerede: parti %[1]d (`/tafl board` `parti:%[1]d`).",
	"challenge.other_server":   "Den utfordringen hører til en annen server: start en her med `/tafl challenge`.",
	"challenge.again":          "Du har allerede utfordret <@%[1]s>: %[2]s (den utløper <t:%[3]d:R>). Én åpen utfordring til en spiller om gangen: for å endre den, trykk **%[4]s** på den og utfordre på nytt.",
	"challenge.too_many":       Plural{Arg: 1, One: "Du har %d åpen utfordring på denne serveren, det meste én spiller kan ha på én gang:%s\nTrykk **%[3]s** på en av dem for å trekke den tilbake, eller vent til en blir besvart eller utløper.", Other: "Du har %d åpne utfordringer på denne serveren, det meste én spiller kan ha på én gang:%s\nTrykk **%[3]s** på en av dem for å trekke den tilbake, eller vent til en blir besvart eller utløper."},
	"challenge.gone":           "Jeg finner ikke lenger den utfordringen. Start en ny med `/tafl challenge`.",
	"pace.too_fast":            "Du sender kommandoer og knappetrykk for fort: denne ble ikke utført. Prøv igjen om %d s.",
	"games.dm_others":          "I en direktemelding viser jeg bare dine egne partier: spør etter en annen spillers partier på en server dere deler.",
	"stats.dm_others":          "I en direktemelding viser jeg bare din egen statistikk: spør etter en annen spillers på en server dere deler.",
	"rematch.offered":          "Du har allerede tilbudt en omkamp; nå er det opp til <@%s>.",
	"tour.server_only":         "Turneringer hører til en server: bruk kommandoen på en server.",
	"tour.what":                "Si hva du vil gjøre: `handling:` %s.",
	"tour.managers_create":     "Bare serveradministratorer (tillatelsen Administrer server) kan opprette turneringer. Alle kan bli med.",
	"tour.name":                "Gi turneringen et `navn` på 1 til %d tegn, uten omtaler eller formateringstegn.",
	"tour.format":              "Formatet er %s.",
	"tour.rounds_rr":           "`runder` gjelder monrad; alle-mot-alle har så mange runder som trengs.",
	"tour.rounds_range":        "En monrad har 1 til %d runder.",
	"tour.signup_range":        "Påmeldingen varer 1 til %d timer. Vil du starte før, trykk på **%s** (eller bruk `handling:start`) når spillerne har meldt seg på.",
	"tour.no_such":             "Det finnes ingen turnering %d på denne serveren.",
	"tour.none":                "Det pågår ingen turnering på denne serveren. En administrator oppretter en med `/tafl tournament` `handling:opprett` `navn:…`.",
	"tour.none_last_cancelled": "Det pågår ingen turnering på denne serveren: den siste, **%s** (turnering %d), ble avlyst. En administrator oppretter en med `/tafl tournament` `handling:opprett` `navn:…`.",
	"tour.several":             "Flere turneringer pågår: velg en med `turnering`.",
	"tour.called_off":          "Den turneringen er avlyst.",
	"tour.left":                "Du har forlatt **%s**.",
	"tour.you_started":         "Du har startet **%s**: første runde settes opp nå.",
	"tour.started_closed":      "Den turneringen har begynt: påmeldingen er stengt. (Bruk `handling:trekk deg` for å slutte.)",
	"tour.signup_over":         "Påmeldingen til **%s** stengte <t:%d:R>: det er for sent å melde seg på.",
	"tour.already":             "Du er allerede påmeldt.",
	"tour.not_in":              "Du spiller ikke i den turneringen.",
	"tour.full":                "Den turneringen er full (%d spillere).",
	"tour.too_few":             Plural{Arg: 2, One: "**%s** har %d spiller så langt, og en turnering trenger minst to: vent til flere har meldt seg på, eller avlys den med `/tafl tournament` `handling:avlys`.", Other: "**%s** har %d spillere så langt, og en turnering trenger minst to: vent til flere har meldt seg på, eller avlys den med `/tafl tournament` `handling:avlys`."},
	"tour.not_started":         "Den turneringen har ikke begynt ennå: bruk `handling:forlat` for å melde deg av.",
	"tour.over":                "Den turneringen er over.",
	"tour.only_creator_start":  "Bare <@%s>, som opprettet den, eller en administrator kan starte turneringen tidlig.",
	"tour.only_creator_cancel": "Bare <@%s>, som opprettet den, eller en administrator kan avlyse turneringen.",
	"tour.cancel_started":      "Den turneringen har begynt; spillere kan trekke seg (`handling:trekk deg`), og den slutter etter siste runde.",
	"tour.cancelled":           "**%s** er avlyst.",
	"tour.withdrew":            "Du har trukket deg fra **%s**. Resultatene dine så langt står; du spiller ingen flere partier.",
	"tour.joined":              Plural{Arg: 2, One: "Du er med i **%s** (%d spiller).", Other: "Du er med i **%s** (%d spillere)."},
	"tour.round_games":         Plural{Arg: 3, One: "🏆 **%s**, runde %d: %d parti.", Other: "🏆 **%s**, runde %d: %d partier."},
	"err.timed_out":            "For sent: tiden for trekket hadde løpt ut, så partiet er avgjort på tid (resultatet står i partiets kanal).",
	"err.flag_fell":            "Tiden din var ute: trekket teller ikke, og partiet avgjøres på tid.",
	"tour.rr":                  "alle-mot-alle",
	"tour.double":              ", hvert par med begge sider",
	"tour.per_move":            "%s per trekk",
	"tour.live":                "live, %s",
	"tour.rated":               "ratet",
	"tour.casual":              "vennskapelig",
	"tour.nobody":              "ingen ennå",
	"tour.head":                "🏆 **%s** (turnering %d): %s.",
	"tour.state_cancelled":     "Avlyst.",
	"tour.state_closed":        "Påmeldingen stengte <t:%d:R>; straks setter jeg opp runde 1 og starter partiene. Spillere (%d): %s",
	"tour.state_over":          "Ferdig etter runde %d. Førsteplass: %s. Spillere (%d): %s",
	"tour.state_running":       "I gang: runde %d. Spillere (%d): %s",
	"tour.state_signup":        "Påmeldingen stenger <t:%d:R>; så setter jeg opp runde 1 og starter partiene. Spillere (%d): %s",
	"tour.btn_join":            "Bli med",
	"tour.btn_leave":           "Forlat",
	"tour.btn_start":           "Start nå",
	"tour.sub_cancelled":       "avlyst · %s",
	"tour.sub_final":           "sluttstilling · %s",
	"tour.sub_round":           "runde %d av %d · %s",
	"tour.sub_signup":          "påmelding · %s",
	"tour.tiebreak":            "%s · tiebreak: %s",
	"tour.col_player":          "Spiller",
	"tour.col_points":          "Poeng",
	"tour.col_games":           "Partier",
	"tour.col_wdl":             "V-R-T",
	"tour.withdrew_mark":       "%s (trakk seg)",
	"tour.standings":           "Stillingen i **%s** (turnering %d).",
	"tour.alt":                 "Tabell for %s (%s): %s.",
	"tour.game_over":           "Parti %d er over.",
	"tour.finished":            "🏆 **%s** er over. Gratulerer %s!",
	"tour.early_repeat":        "Den sluttet etter runde %d av %d: enhver ny runde ville gjentatt en paring.",
	"tour.early_players":       "Den sluttet etter runde %d av %d: færre enn to spillere var igjen.",
	"tour.and":                 " og ",
	"tour.game_headline":       "Turnering **%s**, runde %d: <@%s> (angripere) mot <@%s>. Lykke til!",
	"tour.withdrew_board":      "<@%s> trakk seg fra turneringen.",
	"tour.withdrew_post":       "🏆 <@%s> trakk seg fra **%s**.",
	"tour.bye":                 " %s står over.",
	"tour.bye_point":           " %s står over og får ett poeng.",
	"tour.forfeits":            " Walkover: %s.",
	"tour.forfeit":             "i runde %d vinner %s mot %s, som trakk seg",
	"tour.forfeit_both":        "i runde %d trakk både %s og %s seg: ingen poeng",
	"tour.cancelled_few":       "🏆 **%s** er avlyst: færre enn to spillere meldte seg på.",
	"tour.swiss":               Plural{Arg: 1, One: "monrad, %d runde", Other: "monrad, %d runder"},
	// end play modes
	// game review, hints and puzzles (issue 18)
	"hint.engine_only":         "Tips finnes bare i vennskapelige partier mot motoren.",
	"hint.off":                 "Tips er slått av på denne serveren.",
	"review.none":              "Du har ikke noe avsluttet parti her å gå gjennom: oppgi et med `parti`-valget.",
	"review.in_progress":       "Parti %d spilles fortsatt: det kan gås gjennom når det er over.",
	"review.no_moves":          "Parti %d sluttet før første trekk: det er ingenting å gå gjennom.",
	"review.aborted_only":      "Parti %d sluttet før første trekk, så det er ingenting i det å gå gjennom, og du har ikke noe avsluttet parti med trekk å gå gjennom. Spill et med `/tafl ai` eller `/tafl challenge` (på en server): når det er over, går `/tafl analyse` gjennom det.",
	"review.aborted_other":     "Parti %d sluttet før første trekk, så det er ingenting i det å gå gjennom. For å gå gjennom et annet av dine avsluttede partier, oppgi det med `parti`-valget (begynn å skrive for en liste).",
	"review.none_yet":          "Du har ikke noe avsluttet parti med trekk å gå gjennom. Spill et med `/tafl ai` eller `/tafl challenge` (på en server): når det er over, går `/tafl analyse` gjennom det.",
	"review.attackers":         "angriperne",
	"review.defenders":         "forsvarerne",
	"review.one_at_a_time":     "Gjennomgangen din av parti %d pågår fortsatt: én om gangen, takk. Den vises her når den er ferdig.",
	"puzzle.gone":              "Den oppgaven finnes ikke lenger; prøv `/tafl puzzle`.",
	"puzzle.other_server":      "Den oppgaven hører til en annen server; prøv `/tafl puzzle` her.",
	"puzzle.no_variant":        "Det finnes ingen variant %q: `/tafl rules` viser dem.",
	"variant.custom":           "egen variant",
	"settings.daily_hour":      "Timen for den daglige oppgaven er 0 til 23 (UTC); ingenting ble endret.",
	"settings.daily_channel":   "Den daglige oppgaven trenger en kanal: velg den med `dagens_kanal` (og timen med `dagens_time`); ingenting ble endret.",
	"settings.daily_hour_kept": "Timen for den daglige oppgaven er lagret (%02d:00 UTC), men det kommer ingen daglig oppgave før du velger kanalen dens med `/tafl settings` `dagens_kanal`.",
	// /tafl settings game_channel.
	"settings.game_channel_both": "Velg `kanal` eller slå på `partiets_kanal`, ikke begge; ingenting ble endret.",
	"settings.game_channel_off":  "Påminnelser og resultater sendes allerede til hvert partis egen kanal eller tråd: velg en annen med `kanal`; ingenting ble endret.",
	// /tafl settings daily_channel with daily:False.
	"settings.daily_both": "Velg `dagens_kanal` eller slå av `dagens`, ikke begge; ingenting ble endret.",
	// The review's evaluation graph (a picture): the name of its y axis, the defenders' chance of winning from 0 to 100 percent.
	"graph.chance": "Forsvarernes vinnersjanse",
	// The graph's labels of its upper half (the defenders ahead) and lower half (the attackers ahead), written along its right edge.
	"graph.defenders": "forsvarere",
	"graph.attackers": "angripere",
	// The name of the graph's x axis, numbered by moves (one number for a move of each side).
	"graph.move": "trekk",
	// The answer to a player who withdraws from a tournament again: its name, the round they withdrew in.
	"tour.withdrew_already": "Du trakk deg allerede fra **%s** i runde %d: resultatene dine så langt står, og du spiller ingen flere partier.",
	// Posted in a tournament's channel when a manager calls it off before it starts: its name, who called it off.
	"tour.cancelled_by": "🏆 **%s** er avlyst av <@%s>.",
	// The answer to someone not playing in a tournament who asks to join it after it started: its name.
	"tour.join_started": "**%s** har begynt: det er for sent å melde seg på.",
	// The answer to a second start of a tournament (a late tap on Start now): its name, its current round.
	"tour.already_started": "**%s** har allerede begynt: runde %d er i gang.",
	// The answer to a tournament option that is neither a number nor the name of a tournament of the server: what was typed.
	"tour.no_name": "Ingen turnering på denne serveren heter `%s`: velg en fra listen, eller oppgi nummeret.",
	// The answer to a tournament option naming several tournaments of the server: the name, their numbers ("3, 7").
	"tour.ambiguous": "Flere turneringer på denne serveren heter **%s** (nummer %s): velg en fra listen, eller oppgi nummeret.",
	// The heading of the standings column of a Swiss's byes (rounds without a game, a point each).
	"tour.col_byes": "Frirunder",
	// The standings picture's alt text: the tie-break the picture heads "SB", spelt out for screen readers.
	"tour.alt_sb": "Sonneborn-Berger",
	// The standings picture's alt text: a player's wins, draws and losses (the picture's W-D-L column), read as words.
	"tour.alt_wins":   Plural{Arg: 1, One: "%d seier", Other: "%d seirer"},
	"tour.alt_draws":  Plural{Arg: 1, One: "%d remis", Other: "%d remiser"},
	"tour.alt_losses": Plural{Arg: 1, One: "%d tap", Other: "%d tap"},
	// A Rematch tap on a finished tournament game's board (posted before tournament games lost the button): the game's number, the opponent's id.
	"rematch.tournament": "Parti %[1]d var et turneringsparti, og de har ingen omkamp: `/tafl challenge` `motstander:`<@%[2]s> starter et nytt parti.",
	// /tafl vacation in a direct message with the bot, with no correspondence game going there: nothing would be paused.
	"vacation.dm_nothing": "En ferie her setter klokkene i dine korrespondansepartier mot meg i direktemeldinger på pause, og du har ingen i gang: den ville bare bruke opp dagene dine. (En servers partier settes på pause med `/tafl vacation` på den serveren.) Ingenting ble endret.",
	// /tafl vacation in a direct message: the vacation's end (a Discord timestamp).
	"vacation.dm_on": "🏖 Du har ferie til <t:%d:f>: klokkene i partiene dine i direktemeldinger med meg står på pause, og brettene sier det. `/tafl vacation` `dager:0` avslutter den før tiden (ubrukte dager kommer tilbake).",
	// /tafl vacation in a direct message: the vacation left (a duration) and the days a year allowed there.
	"vacation.dm_left": "Ferie igjen i år for direktemeldinger: %s av %d dager (hver server har sin egen: `/tafl vacation` der).",
	// /tafl vacation in a direct message, asking for more with none left: the days a year allowed there.
	"vacation.dm_none_left": "Du har ingen ferie igjen i år for partiene dine i direktemeldinger (%d dager i året); den kommer tilbake 1. januar.",
	// /tafl vacation in a direct message, asking for more than is left: the vacation left (a duration), the days a year allowed there.
	"vacation.dm_ask_less": "Du har %s ferie igjen i år for partiene dine i direktemeldinger (%d dager i året): be om mindre.",
	// /tafl analyse while the user's review of a game (the number) is still running, asked for in a direct message.
	"review.one_at_a_time_dm": "Gjennomgangen din av parti %d pågår fortsatt: én om gangen, takk. Den vises i direktemeldingene våre, der du ba om den, når den er ferdig.",
	// /tafl analyse while the user's review of a game (the number) is still running, asked for in another channel (a channel mention).
	"review.one_at_a_time_in": "Gjennomgangen din av parti %d pågår fortsatt: én om gangen, takk. Den vises i %s, der du ba om den, når den er ferdig.",
	// Rematch tapped on a game whose rematch has ended: the rematch's game number, the Rematch button's label on its board.
	"rematch.over": "Omkampen, parti %[1]d, er over: trykk på **%[2]s** på partiets brett for en til (`/tafl board` `parti:%[1]d`).",
	// A press (a move, Resign, Offer draw, …) that found the side to move out of time, the game just ended on time: whose flag fell (a mention), the game's number, its result ("Defenders win · the attackers ran out of time").
	"err.timed_out_game": "For sent: %[1]s hadde gått tom for tid, så parti %[2]d er avsluttet på tid (%[3]s), og dette endret ingenting. Resultatet står i partiets kanal.",
	// err.timed_out_game for a game whose result went to the server's notification channel (/tafl settings channel:): the same, and that channel's id.
	"err.timed_out_game_in": "For sent: %[1]s hadde gått tom for tid, så parti %[2]d er avsluttet på tid (%[3]s), og dette endret ingenting. Resultatet står i <#%[4]s>.",
	// clock.SecondsInBase (shown inside time.bad): a game time written with seconds, such as 2:30.
	"time.problem.10": "partiets tid er et helt antall minutter, uten sekunder",
	// err.timed_out_game told to the player whose flag fell (who pressed after their own time ran out): the game's number, its result.
	"err.timed_out_game_you": "For sent: du hadde gått tom for tid, så parti %[1]d er avsluttet på tid (%[2]s), og dette endret ingenting. Resultatet står i partiets kanal.",
	// err.timed_out_game_you for a game whose result went to the server's notification channel: the same, and that channel's id.
	"err.timed_out_game_you_in": "For sent: du hadde gått tom for tid, så parti %[1]d er avsluttet på tid (%[2]s), og dette endret ingenting. Resultatet står i <#%[3]s>.",
	// The result of a game sent by direct message to both players because Discord refused its post for the bot's missing access or permissions (50001, 50013): the game's number, its result line, the channel's id.
	"result.dm_refused": "Parti %[1]d er over: %[2]s\nJeg forteller det i en direktemelding fordi Discord avviste innlegget mitt med resultatet i <#%[3]s>: jeg har ikke lenger tilgang eller tillatelse til å skrive der (en serveradministrator kan gi meg dem igjen). Begge spillerne får denne meldingen, uansett deres `/tafl settings` `dm`.",
	// err.timed_out_game where the bot can no longer post in the game's channel (its app_permissions there), so the result goes to both players by direct message: who had run out of time, the game's number, the result.
	"err.timed_out_game_dm": "For sent: %[1]s hadde gått tom for tid, så parti %[2]d er avsluttet på tid (%[3]s), og dette endret ingenting. Jeg kan ikke lenger skrive i denne kanalen, så resultatet sendes til begge spillerne som direktemelding.",
	// err.timed_out_game_you where the bot can no longer post in the game's channel (its app_permissions there), so the result goes to both players by direct message: the game's number, the result.
	"err.timed_out_game_you_dm": "For sent: du hadde gått tom for tid, så parti %[1]d er avsluttet på tid (%[2]s), og dette endret ingenting. Jeg kan ikke lenger skrive i denne kanalen, så resultatet sendes til begge spillerne som direktemelding.",
	// The first board of a game asked for in a thread, where the server wants a thread per game, when Discord refused the board in the thread's parent channel (the bot may not post there): the game is played in the thread instead. The parent channel's id.
	"game.parent_refused": "Jeg kan ikke poste i <#%s>, så dette partiet spilles her i tråden.",
	// A press (a move, Resign, Offer draw, …) that found the side to move out of time before its first move, which aborts the game (not a loss on time): whose flag fell (a mention), the game's number.
	"err.timed_out_abort": "For sent: %[1]s hadde gått tom for tid før sitt første trekk, så parti %[2]d er avbrutt (uten resultat, ingen endring i ratingen), og dette endret ingenting. Det kunngjøres i partiets kanal.",
	// err.timed_out_abort for a game whose end went to the server's notification channel (/tafl settings channel:): the same, and that channel's id.
	"err.timed_out_abort_in": "For sent: %[1]s hadde gått tom for tid før sitt første trekk, så parti %[2]d er avbrutt (uten resultat, ingen endring i ratingen), og dette endret ingenting. Det kunngjøres i <#%[3]s>.",
	// err.timed_out_abort where the bot can no longer post in the game's channel (its app_permissions there), so both players are told by direct message: whose flag fell, the game's number.
	"err.timed_out_abort_dm": "For sent: %[1]s hadde gått tom for tid før sitt første trekk, så parti %[2]d er avbrutt (uten resultat, ingen endring i ratingen), og dette endret ingenting. Jeg kan ikke lenger skrive i denne kanalen, så begge spillerne får beskjed som direktemelding.",
	// err.timed_out_abort told to the player whose flag fell (who pressed after their own time ran out, before their first move): the game's number.
	"err.timed_out_abort_you": "For sent: du hadde gått tom for tid før ditt første trekk, så parti %[1]d er avbrutt (uten resultat, ingen endring i ratingen), og dette endret ingenting. Det kunngjøres i partiets kanal.",
	// err.timed_out_abort_you for a game whose end went to the server's notification channel: the game's number, that channel's id.
	"err.timed_out_abort_you_in": "For sent: du hadde gått tom for tid før ditt første trekk, så parti %[1]d er avbrutt (uten resultat, ingen endring i ratingen), og dette endret ingenting. Det kunngjøres i <#%[2]s>.",
	// err.timed_out_abort_you where the bot can no longer post in the game's channel, so both players are told by direct message: the game's number.
	"err.timed_out_abort_you_dm": "For sent: du hadde gått tom for tid før ditt første trekk, så parti %[1]d er avbrutt (uten resultat, ingen endring i ratingen), og dette endret ingenting. Jeg kan ikke lenger skrive i denne kanalen, så begge spillerne får beskjed som direktemelding.",
	// The result of a game sent by direct message to both players because Discord refused its post: the channel or thread where it is played no longer exists (10003, deleted): the game's number, its result line.
	"result.dm_channel_gone": "Parti %[1]d er over: %[2]s\nJeg forteller det i en direktemelding fordi kanalen eller tråden der det ble spilt, ikke finnes lenger, så jeg kunne ikke legge ut resultatet der. Begge spillerne får denne meldingen, uansett deres `/tafl settings` `dm`.",
	// By direct message to the player to move in a game whose board of the last move Discord refused in the game's channel or thread (deleted, or the bot may no longer post there): the game's number, who moved (a mention or the engine's name), the move (such as "12… c4-c1"), why it comes by direct message (game.dm_why_*).
	"move.dm_your_move": "Parti %[1]d: %[2]s spilte %[3]s, og det er ditt trekk. %[4]s: `/tafl board` `parti:%[1]d` viser brettet, og `/tafl move` `parti:%[1]d` spiller trekket ditt, i hvilken som helst kanal på serveren.",
	// The private reply to a move played from another server or a direct message (/tafl move game:, the Move menu), edited after the board's post found the game's channel or thread deleted (10003) and nowhere to move it: the move (such as "12… c4-c1"), the game's number.
	"move.elsewhere_gone": "Du spilte %[1]s i parti %[2]d. Kanalen eller tråden der partiet ble spilt, finnes ikke lenger, så det fortsetter i direktemeldinger: spilleren som er i trekket, får beskjed der, og `/tafl board` `parti:%[2]d` og `/tafl move` `parti:%[2]d` virker i hvilken som helst kanal på serveren.",
	// move.elsewhere_gone when that move ended the game: the move, the game's number.
	"move.elsewhere_gone_over": "Du spilte %[1]s i parti %[2]d. Kanalen eller tråden der partiet ble spilt, finnes ikke lenger, så resultatet sendes til begge spillerne i en direktemelding.",
	// By direct message to both players of a game neither of them started (a tournament's), whose first board Discord refused in the game's channel or thread (deleted, or the bot may no longer post there): the game's number, who is to move (a mention), why it comes by direct message (game.dm_why_*).
	"move.dm_begun": "Parti %[1]d har begynt, og %[2]s skal trekke. %[3]s: `/tafl board` `parti:%[1]d` viser brettet, og `/tafl move` `parti:%[1]d` spiller et trekk, i hvilken som helst kanal på serveren.",
	// The result of a game sent by direct message to both players because Discord refused its post: the thread where it is played is locked (50083, by a moderator): the game's number, its result line, the thread's id.
	"result.dm_thread_locked": "Parti %[1]d er over: %[2]s\nJeg forteller det i en direktemelding fordi tråden der det ble spilt, <#%[3]s>, er låst, så jeg kunne ikke legge ut resultatet der (en serveradministrator kan låse den opp). Begge spillerne får denne meldingen, uansett deres `/tafl settings` `dm`.",
	// The engine's judgement of a position in words, shown instead of a win chance for a variant whose score-to-chance curve is not checked (review lines, the review's text file, the graph's alt text): a forced win, or one the engine is sure of, for the attackers. The seven standing.* are whole clauses.
	"standing.attackers_win": "angriperne vinner",
	// The engine's judgement: the attackers are far ahead (a score of 10 attackers or more).
	"standing.attackers_much": "angriperne står mye bedre",
	// The engine's judgement: the attackers are ahead (a score of 2.5 attackers or more).
	"standing.attackers_better": "angriperne står bedre",
	// The engine's judgement: neither side is clearly ahead.
	"standing.even": "omtrent likt",
	// The engine's judgement: the defenders are ahead.
	"standing.defenders_better": "forsvarerne står bedre",
	// The engine's judgement: the defenders are far ahead.
	"standing.defenders_much": "forsvarerne står mye bedre",
	// The engine's judgement: a forced win, or one the engine is sure of, for the defenders.
	"standing.defenders_win": "forsvarerne vinner",
	// The Hint's answer for a variant whose win chances are not checked (instead of "your chance of winning is about N %"): the game's number, the suggested move, the engine's judgement from the player's side (one of hint.you_win … hint.they_win), the hints used.
	"hint.judged": "💡 Parti %d: motoren foreslår **%s** (den grønne pilen); med det vurderer motoren at %s. Tips brukt i dette partiet: %d — notasjonen noterer dem.",
	// hint.judged's judgement: the player wins (by force, or the engine is sure of it).
	"hint.you_win": "du vinner",
	// hint.judged's judgement: the player is far ahead.
	"hint.you_much": "du står mye bedre",
	// hint.judged's judgement: the player is ahead.
	"hint.you_better": "du står bedre",
	// hint.judged's judgement: neither side is clearly ahead.
	"hint.even": "partiet er omtrent likt",
	// hint.judged's judgement: the player's opponent is ahead.
	"hint.they_better": "motstanderen din står bedre",
	// hint.judged's judgement: the player's opponent is far ahead.
	"hint.they_much": "motstanderen din står mye bedre",
	// hint.judged's judgement: the player's opponent wins.
	"hint.they_win": "motstanderen din vinner",
	// A review without win chances (variant not checked): no move lowered the engine's score noticeably.
	"review.clean_judged": "Ingen trekk senket motorens vurdering nevneverdig: et rent parti.",
	// A review without win chances: the heading of the turning points, each shown as the engine's judgement before and after the move.
	"review.turning_judged": "Vendepunkter (motorens vurdering før → etter; motorens trekk):",
	// The small print under a review without win chances: the nodes searched a position, why no chance is shown, how moves are classed.
	"review.judged_note": "-# Motoren søkte %d noder per stilling. Ingen vinnersjanse vises: ingen er ennå kontrollert mot denne variantens partier; unøyaktighet, feil, bommert går etter hvor langt motorens vurdering falt.",
	// After a turning point's move and class: the engine's judgement before → after it (two standing.* clauses).
	"review.judged_change": " — %s → %s",
	// The review's text file without win chances: why none is shown and how positions and moves are judged (three lines).
	"review.text_judged": "Ingen vinnersjanse vises for denne varianten: ingen kurve fra motorens vurdering til en sjanse er ennå kontrollert mot partiene dens.\nHver stilling får motorens vurdering i ord og tallet i angripere (+ i angripernes favør; omtrent likt innenfor 2,5, mye bedre fra 10).\nEt trekk er en unøyaktighet, en feil, en bommert etter hvor langt motorens vurdering falt: så langt som 10, 20, 30 poeng sjanse på standardkurven (likt ved 0, 300 poeng per logit).",
	// The review's text file without win chances: the first line, the engine's judgement of the start (a standing.* clause).
	"review.text_start": "start: %s",
	// The review's text file without win chances, after a classified move: its class, the engine's judgement before it (a standing.* clause), the engine's better move.
	"review.text_class": "%s (før det: %s), bedre %s",
	// The name of the review graph's y axis for a variant without checked win chances: it plots the engine's score, squashed, not a chance.
	"graph.judgement": "Motorens vurdering (ingen vinnersjanse kontrollert for denne varianten)",
	// The label of the middle of that graph's y axis (neither side ahead).
	"graph.even": "likt",
	// The alt text of a review graph without win chances: the game's number, the variant; followed by ", from X at the start to Y at the end".
	"review.graph_alt_judged": "Evalueringsgraf for parti %d, %s: motorens vurdering etter hvert trekk (ingen vinnersjanse kontrollert for denne varianten)",
	// After /tafl history's game record, when the game has a review without win chances: what the attached files hold.
	"history.review_judged": "Med motorens gjennomgang: hvert trekk vurdert og klassifisert i tekstfilen, og grafen.",
	// A position's judgement (a standing.* clause) and the engine's score in attackers, + when it favours the attackers ("the attackers stand better (+2.9)"), in a review without win chances.
	"standing.scored": "%s (%+.1f)",
	// The answer to a member without Manage Server who gives another player to `/tafl tournament action:withdraw player:`.
	"tour.withdraw_managers": "Bare serveradministratorer (tillatelsen Administrer server) kan trekke en annen spiller; `handling:trekk deg` alene trekker deg.",
	// The answer to a manager withdrawing a user who is not playing in the tournament: the user, the tournament's name.
	"tour.not_in_other": "<@%s> spiller ikke i **%s**: ingenting ble endret.",
	// The answer to a manager withdrawing a player from a tournament that has not started: its name, the player (who may sign off themselves).
	"tour.not_started_other": "**%s** har ikke begynt ennå: ingenting ble endret. Bare <@%s> kan melde seg av før den begynner.",
	// The answer to a manager withdrawing a player who withdrew (or was withdrawn) already: the player, the tournament's name, the round.
	"tour.withdrew_already_other": "<@%s> trakk seg fra **%s** allerede i runde %d: ingenting ble endret.",
	// Told privately to the server manager who withdrew a player: the player, the tournament's name.
	"tour.withdrew_other": "Du trakk <@%s> fra **%s**. Resultatene deres så langt står; de spiller ingen flere partier.",
	// Posted in a tournament's channel when a server manager withdrew a player who had no game going: the manager, the player, the tournament's name.
	"tour.withdrawn_post": "🏆 <@%s>, en serveradministrator, trakk <@%s> fra **%s**.",
	// Above the final board of the game a withdrawn player resigned, when a server manager withdrew them: the manager, the player.
	"tour.withdrawn_board": "<@%s>, en serveradministrator, trakk <@%s> fra turneringen.",
	// /tafl settings, the daily puzzle's state after the bot turned it off because its channel no longer exists (Discord: Unknown Channel): the channel.
	"settings.daily_gone": "av (den ble stoppet: kanalen dens, <#%s>, finnes ikke lenger; velg en annen med `/tafl settings` `dagens_kanal`)",
	// /tafl tournament action:create in a private thread, refused: the thread's parent channel.
	"tour.private_thread": "Jeg kan ikke arrangere en turnering i en privat tråd: jeg er ikke medlem av den, så jeg kunne ikke poste rundene, brettene og stillingen her selv. Opprett den i <#%s> eller en annen kanal der jeg kan poste; ingenting ble opprettet.",
	// A tournament's thread found deleted: posted in its channel, where it goes on: the tournament's name.
	"tour.thread_gone": "🏆 Tråden til **%s** finnes ikke lenger: turneringen fortsetter i denne kanalen.",
	// A tournament game found its thread (the tournament's) deleted during a round: posted once in the tournament's channel, where the game goes on, pinging both players: the game, the tournament's name, the two players.
	"tour.game_thread_gone": "🏆 Tråden der parti %[1]d i **%[2]s** ble spilt, finnes ikke lenger: <@%[3]s>, <@%[4]s>, partiet deres fortsetter i denne kanalen.",
	// Direct message to a tournament's creator, once: its channel (and thread) no longer exist: the tournament's name.
	"tour.dm_channel_gone": "Kanalen der turneringen din **%s** spilles, finnes ikke lenger, så jeg sender deg rundene og stillingen i direktemeldinger (spillerne får høre om sine egne partier i direktemeldinger). Gi dem videre der spillerne ser dem.",
	// Direct message to a tournament's creator before a post refused where it is played for the bot's missing access or permissions: the tournament's name, the channel.
	"tour.dm_refused": "Jeg får ikke poste i <#%[2]s>, der turneringen din **%[1]s** spilles, så jeg sender deg dette i en direktemelding. En serveradministrator kan gi meg tilgang og tillatelse til å poste der.",
	// /tafl settings, after "reminders and results: each game's channel" where the bot dropped the notification channel because it no longer exists (Discord: Unknown Channel): the channel.
	"settings.notify_gone": "(varslingskanalen <#%s> finnes ikke lenger; velg en annen med `/tafl settings` `kanal`)",
	// A direct message to the opponent when a draw is offered in a game whose board Discord refused: the game, the player who offered it, why it comes by direct message (game.dm_why_*).
	"draw.dm_offer": "Parti %[1]d: %[2]s tilbyr remis. %[3]s: `/tafl draw` `parti:%[1]d` tar imot, i hvilken som helst kanal på serveren, eller bare trekk for å avslå.",
	// The same, when the draw was offered on the offerer's own turn (the opponent cannot move yet).
	"draw.dm_offer_wait": "Parti %[1]d: %[2]s tilbyr remis. %[3]s: `/tafl draw` `parti:%[1]d` tar imot, i hvilken som helst kanal på serveren; ditt neste trekk avslår tilbudet.",
	// A direct message to the opponent when the draw offer is withdrawn in such a game: the game, the player who withdrew it, why it comes by direct message (game.dm_why_*).
	"draw.dm_withdrawn": "Parti %[1]d: %[2]s trakk remistilbudet sitt tilbake. %[3]s.",
	// Why a move, a game's start, or a draw offered or withdrawn comes by direct message (in move.dm_your_move, move.dm_begun, draw.dm_offer, draw.dm_offer_wait, draw.dm_withdrawn): the game's channel or thread no longer exists (10003, deleted).
	"game.dm_why_gone": "Kanalen eller tråden der partiet ble spilt, finnes ikke lenger, så jeg forteller deg det i en direktemelding",
	// The same: the bot may no longer post in the game's channel or thread (50001 Missing Access, 50013 Missing Permissions): the channel.
	"game.dm_why_refused": "Jeg får ikke lenger poste i <#%s>, der partiet spilles (en serveradministrator kan gi meg tilgang og tillatelse til å poste der), så jeg forteller deg det i en direktemelding",
	// The same: the game's thread is locked (50083, by a moderator): the thread.
	"game.dm_why_locked": "Tråden der partiet spilles, <#%s>, er låst (en serveradministrator kan låse den opp), så jeg forteller deg det i en direktemelding",
	// /tafl settings channel: refused because the bot may not post there on its own (from the gateway's cache, or the interaction's own channel): the channel, the permissions it lacks (twice).
	"settings.channel_perms": "Jeg kan ikke legge ut påminnelser og resultater i <#%[1]s>: der mangler jeg %[2]s. Gi meg %[3]s der, eller velg en annen kanal; ingenting ble endret.",
	// /tafl settings daily_channel: refused for the same reason: the channel, the permissions it lacks (twice).
	"settings.daily_perms": "Jeg kan ikke legge ut dagens oppgave i <#%[1]s>: der mangler jeg %[2]s. Gi meg %[3]s der, eller velg en annen kanal; ingenting ble endret.",
	// /tafl settings, the daily puzzle's state after the bot turned it off because it had been removed from the server (and was added again since): the channel it was posted in.
	"settings.daily_left": "av (den ble stoppet da jeg ble fjernet fra denne serveren, mens den ble lagt ut i <#%s>; velg en kanal igjen med `/tafl settings` `dagens_kanal`)",
	// /tafl settings leaderboard_hide and leaderboard_show (a user mention each; the list: how many, then their mentions and ids).
	"settings.hidden":         "<@%s> er skjult fra serverens rangering: ratingen og partiene beholdes, og vedkommende kan fortsatt spille. `/tafl settings` `rangering_vis` setter vedkommende på igjen.",
	"settings.shown":          "<@%s> er på serverens rangering igjen.",
	"settings.hidden_both":    "Skjul <@%s> eller vis vedkommende, ikke begge deler på én gang; ingenting ble endret.",
	"settings.hidden_already": "<@%s> er allerede skjult fra serverens rangering; ingenting ble endret. `/tafl settings` `rangering_vis` setter vedkommende på igjen.",
	"settings.hidden_not":     "<@%s> er ikke skjult fra serverens rangering; ingenting ble endret. `/tafl settings` viser hvem som er det.",
	"settings.hidden_full":    "Høyst %d spillere kan skjules fra rangeringen: vis først en igjen med `rangering_vis`; ingenting ble endret.",
	"settings.hidden_list":    "Skjult fra rangeringen (%d): %s",
}
