package locale

// sv holds the Swedish messages.
var sv = Dict{
	"err.not_your_game":     "Du spelar inte i det partiet. `/tafl games` visar dina, och `/tafl challenge` eller `/tafl ai` startar ett nytt.",
	"err.not_your_turn":     "Det är inte din tur: vänta på motståndarens drag. Jag nämner dig när det är din tur.",
	"games.in_progress":     Plural{Arg: 1, One: "%d parti pågår", Other: "%d partier pågår"},
	"settings.language_set": "Jag svarar dig på svenska.",
	"clock.left":            "%s kvar",
	// play modes (issue 17)
	"time.days_and_time":       "Välj `dagar` (ett korrespondensparti) eller `tid` (ett liveparti med klocka), inte båda.",
	"time.bad":                 "Jag kan inte använda betänketiden `%s`: %s. Skriv partiets minuter, ett +, och sedan tillägget i sekunder, t.ex. `%s` (1 till 180 minuter, 0 till 180 sekunder).",
	"time.problem.1":           "den är tom",
	"time.problem.2":           "minuterna är inte ett heltal",
	"time.problem.3":           "sekunderna är inte ett heltal",
	"time.problem.4":           "betänketiden måste vara minst 1 minut",
	"time.problem.5":           "betänketiden får vara högst 180 minuter",
	"time.problem.6":           "tillägget kan inte vara negativt",
	"time.problem.7":           "tillägget får vara högst 180 sekunder",
	"time.problem.8":           "det ska stå ett + mellan minuterna och tillägget",
	"time.problem.9":           "partiets tid räknas i minuter och tillägget i sekunder",
	"rematch.still_going":      "Parti %d pågår fortfarande: spela klart det först.",
	"rematch.self":             "Starta ett nytt parti med `/tafl challenge`.",
	"rematch.playing":          "Returmatchen spelas redan: parti %[1]d (`/tafl board` `parti:%[1]d`).",
	"challenge.other_server":   "Den utmaningen hör till en annan server: starta en här med `/tafl challenge`.",
	"challenge.again":          "Du har redan utmanat <@%[1]s>: %[2]s (den går ut <t:%[3]d:R>). En öppen utmaning till en spelare åt gången: för att ändra den, tryck **%[4]s** på den och utmana sedan igen.",
	"challenge.too_many":       Plural{Arg: 1, One: "Du har %d öppen utmaning på den här servern, det största antal en spelare får ha samtidigt:%s\nTryck **%[3]s** på en av dem för att ta tillbaka den, eller vänta tills någon besvaras eller går ut.", Other: "Du har %d öppna utmaningar på den här servern, det största antal en spelare får ha samtidigt:%s\nTryck **%[3]s** på en av dem för att ta tillbaka den, eller vänta tills någon besvaras eller går ut."},
	"challenge.gone":           "Jag hittar inte längre den utmaningen. Starta en ny med `/tafl challenge`.",
	"pace.too_fast":            "Du skickar kommandon och knapptryck för snabbt: det här utfördes inte. Försök igen om %d s.",
	"games.dm_others":          "I ett direktmeddelande visar jag bara dina egna partier: fråga efter en annan spelares partier på en server ni delar.",
	"stats.dm_others":          "I ett direktmeddelande visar jag bara din egen statistik: fråga efter en annan spelares på en server ni delar.",
	"rematch.offered":          "Du har redan erbjudit en returmatch; nu är det upp till <@%s>.",
	"tour.server_only":         "Turneringar hör till en server: använd kommandot på en server.",
	"tour.what":                "Säg vad du vill göra: `åtgärd:` %s.",
	"tour.managers_create":     "Endast serveradministratörer (behörigheten Hantera server) kan skapa turneringar. Alla kan gå med.",
	"tour.name":                "Ge turneringen ett `namn` på 1 till %d tecken, utan omnämnanden eller formateringstecken.",
	"tour.format":              "Formatet är %s.",
	"tour.rounds_rr":           "`ronder` gäller en schweizer; alla-mot-alla har så många ronder som behövs.",
	"tour.rounds_range":        "En schweizer har 1 till %d ronder.",
	"tour.signup_range":        "Anmälan pågår 1 till %d timmar. Vill du starta tidigare, tryck på **%s** (eller använd `åtgärd:starta`) när spelarna har anmält sig.",
	"tour.no_such":             "Det finns ingen turnering %d på den här servern.",
	"tour.none":                "Det pågår ingen turnering på den här servern. En administratör skapar en med `/tafl tournament` `åtgärd:skapa` `namn:…`.",
	"tour.none_last_cancelled": "Det pågår ingen turnering på den här servern: den senaste, **%s** (turnering %d), ställdes in. En administratör skapar en med `/tafl tournament` `åtgärd:skapa` `namn:…`.",
	"tour.several":             "Flera turneringar pågår: välj en med `turnering`.",
	"tour.called_off":          "Den turneringen är inställd.",
	"tour.left":                "Du har lämnat **%s**.",
	"tour.you_started":         "Du har startat **%s**: första ronden lottas nu.",
	"tour.started_closed":      "Den turneringen har börjat: anmälan är stängd. (Använd `åtgärd:dra dig ur` för att sluta spela.)",
	"tour.signup_over":         "Anmälan till **%s** stängde <t:%d:R>: det är för sent att anmäla sig.",
	"tour.already":             "Du är redan anmäld.",
	"tour.not_in":              "Du spelar inte i den turneringen.",
	"tour.full":                "Den turneringen är full (%d spelare).",
	"tour.too_few":             Plural{Arg: 2, One: "**%s** har %d spelare hittills, och en turnering behöver minst två: vänta tills fler har anmält sig, eller ställ in den med `/tafl tournament` `åtgärd:ställ in`.", Other: "**%s** har %d spelare hittills, och en turnering behöver minst två: vänta tills fler har anmält sig, eller ställ in den med `/tafl tournament` `åtgärd:ställ in`."},
	"tour.not_started":         "Den turneringen har inte börjat än: använd `åtgärd:lämna` för att avanmäla dig.",
	"tour.over":                "Den turneringen är slut.",
	"tour.only_creator_start":  "Endast <@%s>, som skapade den, eller en administratör kan starta turneringen i förtid.",
	"tour.only_creator_cancel": "Endast <@%s>, som skapade den, eller en administratör kan ställa in turneringen.",
	"tour.cancel_started":      "Den turneringen har börjat; spelare kan dra sig ur (`åtgärd:dra dig ur`), och den slutar efter sista ronden.",
	"tour.cancelled":           "**%s** är inställd.",
	"tour.withdrew":            "Du har dragit dig ur **%s**. Dina resultat hittills står kvar; du spelar inga fler partier.",
	"tour.joined":              Plural{Arg: 2, One: "Du är med i **%s** (%d spelare).", Other: "Du är med i **%s** (%d spelare)."},
	"tour.round_games":         Plural{Arg: 3, One: "🏆 **%s**, rond %d: %d parti.", Other: "🏆 **%s**, rond %d: %d partier."},
	"err.timed_out":            "För sent: tiden för draget hade runnit ut, så partiet har avgjorts på tid (resultatet står i partiets kanal).",
	"err.flag_fell":            "Din tid hade tagit slut: draget räknas inte, och partiet avgörs på tid.",
	"tour.rr":                  "alla-mot-alla",
	"tour.double":              ", varje par med båda sidorna",
	"tour.per_move":            "%s per drag",
	"tour.live":                "live, %s",
	"tour.rated":               "rankat",
	"tour.casual":              "vänskaplig",
	"tour.nobody":              "ingen än",
	"tour.head":                "🏆 **%s** (turnering %d): %s.",
	"tour.state_cancelled":     "Inställd.",
	"tour.state_closed":        "Anmälan stängde <t:%d:R>; strax lottar jag rond 1 och startar partierna. Spelare (%d): %s",
	"tour.state_over":          "Avslutad efter rond %d. Förstaplats: %s. Spelare (%d): %s",
	"tour.state_running":       "Pågår: rond %d. Spelare (%d): %s",
	"tour.state_signup":        "Anmälan stänger <t:%d:R>; sedan lottar jag rond 1 och startar partierna. Spelare (%d): %s",
	"tour.btn_join":            "Gå med",
	"tour.btn_leave":           "Lämna",
	"tour.btn_start":           "Starta nu",
	"tour.sub_cancelled":       "inställd · %s",
	"tour.sub_final":           "slutställning · %s",
	"tour.sub_round":           "rond %d av %d · %s",
	"tour.sub_signup":          "anmälan · %s",
	"tour.tiebreak":            "%s · särskiljning: %s",
	"tour.col_player":          "Spelare",
	"tour.col_points":          "Poäng",
	"tour.col_games":           "Partier",
	"tour.col_wdl":             "V-O-F",
	"tour.withdrew_mark":       "%s (drog sig ur)",
	"tour.standings":           "Ställningen i **%s** (turnering %d).",
	"tour.alt":                 "Ställningstabell för %s (%s): %s.",
	"tour.game_over":           "Parti %d är slut.",
	"tour.finished":            "🏆 **%s** är slut. Grattis %s!",
	"tour.early_repeat":        "Den slutade efter rond %d av %d: varje ny rond skulle upprepa ett möte.",
	"tour.early_players":       "Den slutade efter rond %d av %d: färre än två spelare var kvar.",
	"tour.and":                 " och ",
	"tour.game_headline":       "Turnering **%s**, rond %d: <@%s> (anfallare) mot <@%s>. Lycka till!",
	"tour.withdrew_board":      "<@%s> drog sig ur turneringen.",
	"tour.withdrew_post":       "🏆 <@%s> drog sig ur **%s**.",
	"tour.bye":                 " %s står över.",
	"tour.bye_point":           " %s står över och får en poäng.",
	"tour.forfeits":            " Walkover: %s.",
	"tour.forfeit":             "i rond %d vinner %s mot %s, som har dragit sig ur",
	"tour.forfeit_both":        "i rond %d har både %s och %s dragit sig ur: inga poäng",
	"tour.cancelled_few":       "🏆 **%s** är inställd: färre än två spelare anmälde sig.",
	"tour.swiss":               Plural{Arg: 1, One: "schweizer, %d rond", Other: "schweizer, %d ronder"},
	// end play modes
	// game review, hints and puzzles (issue 18)
	"hint.engine_only":         "Tips finns bara i vänskapliga partier mot motorn.",
	"hint.off":                 "Tips är avstängda på den här servern.",
	"review.none":              "Du har inget avslutat parti här att gå igenom: ange ett med alternativet `parti`.",
	"review.in_progress":       "Parti %d spelas fortfarande: det kan gås igenom när det är slut.",
	"review.no_moves":          "Parti %d tog slut före första draget: det finns inget att gå igenom.",
	"review.aborted_only":      "Parti %d tog slut före första draget, så det finns inget i det att gå igenom, och du har inget avslutat parti med drag att gå igenom. Spela ett med `/tafl ai` eller `/tafl challenge` (på en server): när det är slut går `/tafl analyse` igenom det.",
	"review.aborted_other":     "Parti %d tog slut före första draget, så det finns inget i det att gå igenom. För att gå igenom ett annat av dina avslutade partier, ange det med alternativet `parti` (börja skriva för en lista).",
	"review.none_yet":          "Du har inget avslutat parti med drag att gå igenom. Spela ett med `/tafl ai` eller `/tafl challenge` (på en server): när det är slut går `/tafl analyse` igenom det.",
	"review.attackers":         "anfallarna",
	"review.defenders":         "försvararna",
	"review.one_at_a_time":     "Din genomgång av parti %d pågår fortfarande: en i taget, tack. Den visas här när den är klar.",
	"puzzle.gone":              "Det problemet finns inte längre; prova `/tafl puzzle`.",
	"puzzle.other_server":      "Det problemet hör till en annan server; prova `/tafl puzzle` här.",
	"puzzle.no_variant":        "Det finns ingen variant %q: `/tafl rules` listar dem.",
	"variant.custom":           "egen variant",
	"settings.daily_hour":      "Timmen för det dagliga problemet är 0 till 23 (UTC); inget ändrades.",
	"settings.daily_channel":   "Det dagliga problemet behöver en kanal: välj den med `dagens_kanal` (och timmen med `dagens_timme`); inget ändrades.",
	"settings.daily_hour_kept": "Timmen för det dagliga problemet är sparad (%02d:00 UTC), men det kommer inget dagligt problem förrän du väljer dess kanal med `/tafl settings` `dagens_kanal`.",
	// /tafl settings game_channel.
	"settings.game_channel_both": "Välj `kanal` eller slå på `partiets_kanal`, inte båda; inget ändrades.",
	"settings.game_channel_off":  "Påminnelser och resultat går redan till varje partis egen kanal eller tråd: välj en annan med `kanal`; inget ändrades.",
	// /tafl settings daily_channel with daily:False.
	"settings.daily_both": "Välj `dagens_kanal` eller slå av `dagens`, inte båda; inget ändrades.",
	// The review's evaluation graph (a picture): the name of its y axis, the defenders' chance of winning from 0 to 100 percent.
	"graph.chance": "Försvararnas vinstchans",
	// The graph's labels of its upper half (the defenders ahead) and lower half (the attackers ahead), written along its right edge.
	"graph.defenders": "försvarare",
	"graph.attackers": "anfallare",
	// The name of the graph's x axis, numbered by moves (one number for a move of each side).
	"graph.move": "drag",
	// The answer to a player who withdraws from a tournament again: its name, the round they withdrew in.
	"tour.withdrew_already": "Du drog dig redan ur **%s** i rond %d: dina resultat hittills står kvar, och du spelar inga fler partier.",
	// Posted in a tournament's channel when a manager calls it off before it starts: its name, who called it off.
	"tour.cancelled_by": "🏆 **%s** är inställd av <@%s>.",
	// The answer to someone not playing in a tournament who asks to join it after it started: its name.
	"tour.join_started": "**%s** har börjat: det är för sent att anmäla sig.",
	// The answer to a second start of a tournament (a late tap on Start now): its name, its current round.
	"tour.already_started": "**%s** har redan börjat: rond %d pågår.",
	// The answer to a tournament option that is neither a number nor the name of a tournament of the server: what was typed.
	"tour.no_name": "Ingen turnering på den här servern heter `%s`: välj en i listan eller ange dess nummer.",
	// The answer to a tournament option naming several tournaments of the server: the name, their numbers ("3, 7").
	"tour.ambiguous": "Flera turneringar på den här servern heter **%s** (nummer %s): välj en i listan eller ange dess nummer.",
	// The heading of the standings column of a Swiss's byes (rounds without a game, a point each).
	"tour.col_byes": "Frironder",
	// The standings picture's alt text: the tie-break the picture heads "SB", spelt out for screen readers.
	"tour.alt_sb": "Sonneborn-Berger",
	// The standings picture's alt text: a player's wins, draws and losses (the picture's W-D-L column), read as words.
	"tour.alt_wins":   Plural{Arg: 1, One: "%d vinst", Other: "%d vinster"},
	"tour.alt_draws":  Plural{Arg: 1, One: "%d remi", Other: "%d remier"},
	"tour.alt_losses": Plural{Arg: 1, One: "%d förlust", Other: "%d förluster"},
	// A Rematch tap on a finished tournament game's board (posted before tournament games lost the button): the game's number, the opponent's id.
	"rematch.tournament": "Parti %[1]d var ett turneringsparti, och sådana har ingen returmatch: `/tafl challenge` `motståndare:`<@%[2]s> startar ett nytt parti.",
	// /tafl vacation in a direct message with the bot, with no correspondence game going there: nothing would be paused.
	"vacation.dm_nothing": "En semester här pausar klockorna i dina korrespondenspartier mot mig i direktmeddelanden, och du har inga pågående: den skulle bara förbruka dina dagar. (En servers partier pausas med `/tafl vacation` på den servern.) Inget ändrades.",
	// /tafl vacation in a direct message: the vacation's end (a Discord timestamp).
	"vacation.dm_on": "🏖 Du har semester till <t:%d:f>: klockorna i dina partier i direktmeddelanden med mig är pausade, och brädena säger det. `/tafl vacation` `dagar:0` avslutar den i förtid (oanvända dagar kommer tillbaka).",
	// /tafl vacation in a direct message: the vacation left (a duration) and the days a year allowed there.
	"vacation.dm_left": "Semester kvar i år för direktmeddelanden: %s av %d dagar (varje server har sin egen: `/tafl vacation` där).",
	// /tafl vacation in a direct message, asking for more with none left: the days a year allowed there.
	"vacation.dm_none_left": "Du har ingen semester kvar i år för dina partier i direktmeddelanden (%d dagar om året); den kommer tillbaka 1 januari.",
	// /tafl vacation in a direct message, asking for more than is left: the vacation left (a duration), the days a year allowed there.
	"vacation.dm_ask_less": "Du har %s semester kvar i år för dina partier i direktmeddelanden (%d dagar om året): be om mindre.",
	// /tafl analyse while the user's review of a game (the number) is still running, asked for in a direct message.
	"review.one_at_a_time_dm": "Din genomgång av parti %d pågår fortfarande: en i taget, tack. Den visas i våra direktmeddelanden, där du bad om den, när den är klar.",
	// /tafl analyse while the user's review of a game (the number) is still running, asked for in another channel (a channel mention).
	"review.one_at_a_time_in": "Din genomgång av parti %d pågår fortfarande: en i taget, tack. Den visas i %s, där du bad om den, när den är klar.",
	// Rematch tapped on a game whose rematch has ended: the rematch's game number, the Rematch button's label on its board.
	"rematch.over": "Returmatchen, parti %[1]d, är slut: tryck på **%[2]s** på partiets bräde för en till (`/tafl board` `parti:%[1]d`).",
	// A press (a move, Resign, Offer draw, …) that found the side to move out of time, the game just ended on time: whose flag fell (a mention), the game's number, its result ("Defenders win · the attackers ran out of time").
	"err.timed_out_game": "För sent: %[1]s hade fått slut på tid, så parti %[2]d har avslutats på tid (%[3]s) och detta ändrade ingenting. Resultatet står i partiets kanal.",
	// err.timed_out_game for a game whose result went to the server's notification channel (/tafl settings channel:): the same, and that channel's id.
	"err.timed_out_game_in": "För sent: %[1]s hade fått slut på tid, så parti %[2]d har avslutats på tid (%[3]s) och detta ändrade ingenting. Resultatet står i <#%[4]s>.",
	// clock.SecondsInBase (shown inside time.bad): a game time written with seconds, such as 2:30.
	"time.problem.10": "partiets tid är ett helt antal minuter, utan sekunder",
	// err.timed_out_game told to the player whose flag fell (who pressed after their own time ran out): the game's number, its result.
	"err.timed_out_game_you": "För sent: du hade fått slut på tid, så parti %[1]d har avslutats på tid (%[2]s) och detta ändrade ingenting. Resultatet står i partiets kanal.",
	// err.timed_out_game_you for a game whose result went to the server's notification channel: the same, and that channel's id.
	"err.timed_out_game_you_in": "För sent: du hade fått slut på tid, så parti %[1]d har avslutats på tid (%[2]s) och detta ändrade ingenting. Resultatet står i <#%[3]s>.",
	// The result of a game sent by direct message to both players because Discord refused its post for the bot's missing access or permissions (50001, 50013): the game's number, its result line, the channel's id.
	"result.dm_refused": "Parti %[1]d är slut: %[2]s\nJag berättar det i ett direktmeddelande eftersom Discord vägrade mitt inlägg med resultatet i <#%[3]s>: jag har inte längre åtkomst eller behörighet att skriva där (en serveradministratör kan ge mig dem igen). Båda spelarna får detta meddelande, oavsett deras `/tafl settings` `dm`.",
	// err.timed_out_game where the bot can no longer post in the game's channel (its app_permissions there), so the result goes to both players by direct message: who had run out of time, the game's number, the result.
	"err.timed_out_game_dm": "För sent: %[1]s hade fått slut på tid, så parti %[2]d har avslutats på tid (%[3]s) och detta ändrade ingenting. Jag kan inte längre skriva i den här kanalen, så resultatet skickas till båda spelarna som direktmeddelande.",
	// err.timed_out_game_you where the bot can no longer post in the game's channel (its app_permissions there), so the result goes to both players by direct message: the game's number, the result.
	"err.timed_out_game_you_dm": "För sent: du hade fått slut på tid, så parti %[1]d har avslutats på tid (%[2]s) och detta ändrade ingenting. Jag kan inte längre skriva i den här kanalen, så resultatet skickas till båda spelarna som direktmeddelande.",
	// The first board of a game asked for in a thread, where the server wants a thread per game, when Discord refused the board in the thread's parent channel (the bot may not post there): the game is played in the thread instead. The parent channel's id.
	"game.parent_refused": "Jag kan inte posta i <#%s>, så det här partiet spelas här i tråden.",
	// A press (a move, Resign, Offer draw, …) that found the side to move out of time before its first move, which aborts the game (not a loss on time): whose flag fell (a mention), the game's number.
	"err.timed_out_abort": "För sent: %[1]s hade fått slut på tid före sitt första drag, så parti %[2]d är avbrutet (inget resultat, ingen ändring av ratingen) och detta ändrade ingenting. Det meddelas i partiets kanal.",
	// err.timed_out_abort for a game whose end went to the server's notification channel (/tafl settings channel:): the same, and that channel's id.
	"err.timed_out_abort_in": "För sent: %[1]s hade fått slut på tid före sitt första drag, så parti %[2]d är avbrutet (inget resultat, ingen ändring av ratingen) och detta ändrade ingenting. Det meddelas i <#%[3]s>.",
	// err.timed_out_abort where the bot can no longer post in the game's channel (its app_permissions there), so both players are told by direct message: whose flag fell, the game's number.
	"err.timed_out_abort_dm": "För sent: %[1]s hade fått slut på tid före sitt första drag, så parti %[2]d är avbrutet (inget resultat, ingen ändring av ratingen) och detta ändrade ingenting. Jag kan inte längre skriva i den här kanalen, så båda spelarna får veta det som direktmeddelande.",
	// err.timed_out_abort told to the player whose flag fell (who pressed after their own time ran out, before their first move): the game's number.
	"err.timed_out_abort_you": "För sent: du hade fått slut på tid före ditt första drag, så parti %[1]d är avbrutet (inget resultat, ingen ändring av ratingen) och detta ändrade ingenting. Det meddelas i partiets kanal.",
	// err.timed_out_abort_you for a game whose end went to the server's notification channel: the game's number, that channel's id.
	"err.timed_out_abort_you_in": "För sent: du hade fått slut på tid före ditt första drag, så parti %[1]d är avbrutet (inget resultat, ingen ändring av ratingen) och detta ändrade ingenting. Det meddelas i <#%[2]s>.",
	// err.timed_out_abort_you where the bot can no longer post in the game's channel, so both players are told by direct message: the game's number.
	"err.timed_out_abort_you_dm": "För sent: du hade fått slut på tid före ditt första drag, så parti %[1]d är avbrutet (inget resultat, ingen ändring av ratingen) och detta ändrade ingenting. Jag kan inte längre skriva i den här kanalen, så båda spelarna får veta det som direktmeddelande.",
	// The result of a game sent by direct message to both players because Discord refused its post: the channel or thread where it is played no longer exists (10003, deleted): the game's number, its result line.
	"result.dm_channel_gone": "Parti %[1]d är slut: %[2]s\nJag berättar det i ett direktmeddelande eftersom kanalen eller tråden där det spelades inte finns längre, så jag kunde inte lägga upp resultatet där. Båda spelarna får detta meddelande, oavsett deras `/tafl settings` `dm`.",
	// By direct message to the player to move in a game whose board of the last move Discord refused in the game's channel or thread (deleted, or the bot may no longer post there): the game's number, who moved (a mention or the engine's name), the move (such as "12… c4-c1"), why it comes by direct message (game.dm_why_*).
	"move.dm_your_move": "Parti %[1]d: %[2]s spelade %[3]s, och det är ditt drag. %[4]s: `/tafl board` `parti:%[1]d` visar brädet och `/tafl move` `parti:%[1]d` spelar ditt drag, i vilken kanal som helst på servern.",
	// The private reply to a move played from another server or a direct message (/tafl move game:, the Move menu), edited after the board's post found the game's channel or thread deleted (10003) and nowhere to move it: the move (such as "12… c4-c1"), the game's number.
	"move.elsewhere_gone": "Du spelade %[1]s i parti %[2]d. Kanalen eller tråden där partiet spelades finns inte längre, så det fortsätter i direktmeddelanden: spelaren som är vid draget får besked där, och `/tafl board` `parti:%[2]d` och `/tafl move` `parti:%[2]d` fungerar i vilken kanal som helst på servern.",
	// move.elsewhere_gone when that move ended the game: the move, the game's number.
	"move.elsewhere_gone_over": "Du spelade %[1]s i parti %[2]d. Kanalen eller tråden där partiet spelades finns inte längre, så resultatet skickas till båda spelarna i ett direktmeddelande.",
	// By direct message to both players of a game neither of them started (a tournament's), whose first board Discord refused in the game's channel or thread (deleted, or the bot may no longer post there): the game's number, who is to move (a mention), why it comes by direct message (game.dm_why_*).
	"move.dm_begun": "Parti %[1]d har börjat, och %[2]s ska dra. %[3]s: `/tafl board` `parti:%[1]d` visar brädet och `/tafl move` `parti:%[1]d` spelar ett drag, i vilken kanal som helst på servern.",
	// The result of a game sent by direct message to both players because Discord refused its post: the thread where it is played is locked (50083, by a moderator): the game's number, its result line, the thread's id.
	"result.dm_thread_locked": "Parti %[1]d är slut: %[2]s\nJag berättar det i ett direktmeddelande eftersom tråden där det spelades, <#%[3]s>, är låst, så jag kunde inte lägga upp resultatet där (en serveradministratör kan låsa upp den). Båda spelarna får detta meddelande, oavsett deras `/tafl settings` `dm`.",
	// The engine's judgement of a position in words, shown instead of a win chance for a variant whose score-to-chance curve is not checked (review lines, the review's text file, the graph's alt text): a forced win, or one the engine is sure of, for the attackers. The seven standing.* are whole clauses.
	"standing.attackers_win": "anfallarna vinner",
	// The engine's judgement: the attackers are far ahead (a score of 10 attackers or more).
	"standing.attackers_much": "anfallarna står mycket bättre",
	// The engine's judgement: the attackers are ahead (a score of 2.5 attackers or more).
	"standing.attackers_better": "anfallarna står bättre",
	// The engine's judgement: neither side is clearly ahead.
	"standing.even": "ungefär jämnt",
	// The engine's judgement: the defenders are ahead.
	"standing.defenders_better": "försvararna står bättre",
	// The engine's judgement: the defenders are far ahead.
	"standing.defenders_much": "försvararna står mycket bättre",
	// The engine's judgement: a forced win, or one the engine is sure of, for the defenders.
	"standing.defenders_win": "försvararna vinner",
	// The Hint's answer for a variant whose win chances are not checked (instead of "your chance of winning is about N %"): the game's number, the suggested move, the engine's judgement from the player's side (one of hint.you_win … hint.they_win), the hints used.
	"hint.judged": "💡 Parti %d: motorn föreslår **%s** (den gröna pilen); med det bedömer motorn att %s. Tips använda i det här partiet: %d — protokollet noterar dem.",
	// hint.judged's judgement: the player wins (by force, or the engine is sure of it).
	"hint.you_win": "du vinner",
	// hint.judged's judgement: the player is far ahead.
	"hint.you_much": "du står mycket bättre",
	// hint.judged's judgement: the player is ahead.
	"hint.you_better": "du står bättre",
	// hint.judged's judgement: neither side is clearly ahead.
	"hint.even": "partiet är ungefär jämnt",
	// hint.judged's judgement: the player's opponent is ahead.
	"hint.they_better": "din motståndare står bättre",
	// hint.judged's judgement: the player's opponent is far ahead.
	"hint.they_much": "din motståndare står mycket bättre",
	// hint.judged's judgement: the player's opponent wins.
	"hint.they_win": "din motståndare vinner",
	// A review without win chances (variant not checked): no move lowered the engine's score noticeably.
	"review.clean_judged": "Inget drag sänkte motorns bedömning nämnvärt: ett rent parti.",
	// A review without win chances: the heading of the turning points, each shown as the engine's judgement before and after the move.
	"review.turning_judged": "Vändpunkter (motorns bedömning före → efter; motorns drag):",
	// The small print under a review without win chances: the nodes searched a position, why no chance is shown, how moves are classed.
	"review.judged_note": "-# Motorn sökte %d noder per ställning. Ingen vinstchans visas: ingen har ännu kontrollerats mot den här variantens partier; onoggrannhet, misstag, grovt misstag går efter hur långt motorns värdering föll.",
	// After a turning point's move and class: the engine's judgement before → after it (two standing.* clauses).
	"review.judged_change": " — %s → %s",
	// The review's text file without win chances: why none is shown and how positions and moves are judged (three lines).
	"review.text_judged": "Ingen vinstchans visas för den här varianten: ingen kurva från motorns värdering till en chans har ännu kontrollerats mot dess partier.\nVarje ställning får motorns bedömning i ord och dess värdering i anfallare (+ till anfallarnas fördel; ungefär jämnt inom 2,5, mycket bättre från 10).\nEtt drag är en onoggrannhet, ett misstag, ett grovt misstag efter hur långt motorns värdering föll: så långt som 10, 20, 30 poäng chans på standardkurvan (jämnt vid 0, 300 poäng per logit).",
	// The review's text file without win chances: the first line, the engine's judgement of the start (a standing.* clause).
	"review.text_start": "start: %s",
	// The review's text file without win chances, after a classified move: its class, the engine's judgement before it (a standing.* clause), the engine's better move.
	"review.text_class": "%s (före det: %s), bättre %s",
	// The name of the review graph's y axis for a variant without checked win chances: it plots the engine's score, squashed, not a chance.
	"graph.judgement": "Motorns bedömning (ingen vinstchans kontrollerad för den här varianten)",
	// The label of the middle of that graph's y axis (neither side ahead).
	"graph.even": "jämnt",
	// The alt text of a review graph without win chances: the game's number, the variant; followed by ", from X at the start to Y at the end".
	"review.graph_alt_judged": "Värderingsgraf för parti %d, %s: motorns bedömning efter varje drag (ingen vinstchans kontrollerad för den här varianten)",
	// After /tafl history's game record, when the game has a review without win chances: what the attached files hold.
	"history.review_judged": "Med motorns genomgång: varje drag bedömt och klassat i textfilen, och dess graf.",
	// A position's judgement (a standing.* clause) and the engine's score in attackers, + when it favours the attackers ("the attackers stand better (+2.9)"), in a review without win chances.
	"standing.scored": "%s (%+.1f)",
	// The answer to a member without Manage Server who gives another player to `/tafl tournament action:withdraw player:`.
	"tour.withdraw_managers": "Endast serveradministratörer (behörigheten Hantera server) kan dra ur en annan spelare; `åtgärd:dra dig ur` ensamt drar ur dig.",
	// The answer to a manager withdrawing a user who is not playing in the tournament: the user, the tournament's name.
	"tour.not_in_other": "<@%s> spelar inte i **%s**: inget ändrades.",
	// The answer to a manager withdrawing a player from a tournament that has not started: its name, the player (who may sign off themselves).
	"tour.not_started_other": "**%s** har inte börjat än: inget ändrades. Bara <@%s> kan avanmäla sig innan den börjar.",
	// The answer to a manager withdrawing a player who withdrew (or was withdrawn) already: the player, the tournament's name, the round.
	"tour.withdrew_already_other": "<@%s> drog sig ur **%s** redan i rond %d: inget ändrades.",
	// Told privately to the server manager who withdrew a player: the player, the tournament's name.
	"tour.withdrew_other": "Du drog ur <@%s> ur **%s**. Deras resultat hittills står kvar; de spelar inga fler partier.",
	// Posted in a tournament's channel when a server manager withdrew a player who had no game going: the manager, the player, the tournament's name.
	"tour.withdrawn_post": "🏆 <@%s>, en serveradministratör, drog ur <@%s> ur **%s**.",
	// Above the final board of the game a withdrawn player resigned, when a server manager withdrew them: the manager, the player.
	"tour.withdrawn_board": "<@%s>, en serveradministratör, drog ur <@%s> ur turneringen.",
	// /tafl settings, the daily puzzle's state after the bot turned it off because its channel no longer exists (Discord: Unknown Channel): the channel.
	"settings.daily_gone": "av (det stoppades: dess kanal <#%s> finns inte längre; välj en annan med `/tafl settings` `dagens_kanal`)",
	// /tafl tournament action:create in a private thread, refused: the thread's parent channel.
	"tour.private_thread": "Jag kan inte hålla en turnering i en privat tråd: jag är inte medlem i den, så jag kunde inte själv posta dess ronder, bräden och ställning här. Skapa den i <#%s> eller en annan kanal där jag kan posta; inget skapades.",
	// A tournament's thread found deleted: posted in its channel, where it goes on: the tournament's name.
	"tour.thread_gone": "🏆 Tråden för **%s** finns inte längre: turneringen fortsätter i den här kanalen.",
	// A tournament game found its thread (the tournament's) deleted during a round: posted once in the tournament's channel, where the game goes on, pinging both players: the game, the tournament's name, the two players.
	"tour.game_thread_gone": "🏆 Tråden där parti %[1]d i **%[2]s** spelades finns inte längre: <@%[3]s>, <@%[4]s>, ert parti fortsätter i den här kanalen.",
	// Direct message to a tournament's creator, once: its channel (and thread) no longer exist: the tournament's name.
	"tour.dm_channel_gone": "Kanalen där din turnering **%s** spelas finns inte längre, så jag skickar dess ronder och ställning till dig i direktmeddelanden (dess spelare får veta om sina egna partier i direktmeddelanden). För dem vidare dit spelarna ser dem.",
	// Direct message to a tournament's creator before a post refused where it is played for the bot's missing access or permissions: the tournament's name, the channel.
	"tour.dm_refused": "Jag får inte posta i <#%[2]s>, där din turnering **%[1]s** spelas, så jag skickar detta till dig i ett direktmeddelande. En serveradministratör kan ge mig åtkomst och behörighet att posta där.",
	// /tafl settings, after "reminders and results: each game's channel" where the bot dropped the notification channel because it no longer exists (Discord: Unknown Channel): the channel.
	"settings.notify_gone": "(aviseringskanalen <#%s> finns inte längre; välj en annan med `/tafl settings` `kanal`)",
	// A direct message to the opponent when a draw is offered in a game whose board Discord refused: the game, the player who offered it, why it comes by direct message (game.dm_why_*).
	"draw.dm_offer": "Parti %[1]d: %[2]s erbjuder remi. %[3]s: `/tafl draw` `parti:%[1]d` antar det, i vilken kanal som helst på servern, eller dra bara för att avböja.",
	// The same, when the draw was offered on the offerer's own turn (the opponent cannot move yet).
	"draw.dm_offer_wait": "Parti %[1]d: %[2]s erbjuder remi. %[3]s: `/tafl draw` `parti:%[1]d` antar det, i vilken kanal som helst på servern; ditt nästa drag avböjer erbjudandet.",
	// A direct message to the opponent when the draw offer is withdrawn in such a game: the game, the player who withdrew it, why it comes by direct message (game.dm_why_*).
	"draw.dm_withdrawn": "Parti %[1]d: %[2]s drog tillbaka sitt remierbjudande. %[3]s.",
	// Why a move, a game's start, or a draw offered or withdrawn comes by direct message (in move.dm_your_move, move.dm_begun, draw.dm_offer, draw.dm_offer_wait, draw.dm_withdrawn): the game's channel or thread no longer exists (10003, deleted).
	"game.dm_why_gone": "Kanalen eller tråden där partiet spelades finns inte längre, så jag berättar det i ett direktmeddelande",
	// The same: the bot may no longer post in the game's channel or thread (50001 Missing Access, 50013 Missing Permissions): the channel.
	"game.dm_why_refused": "Jag får inte längre posta i <#%s>, där partiet spelas (en serveradministratör kan ge mig åtkomst och behörighet att posta där), så jag berättar det i ett direktmeddelande",
	// The same: the game's thread is locked (50083, by a moderator): the thread.
	"game.dm_why_locked": "Tråden där partiet spelas, <#%s>, är låst (en serveradministratör kan låsa upp den), så jag berättar det i ett direktmeddelande",
	// /tafl settings channel: refused because the bot may not post there on its own (from the gateway's cache, or the interaction's own channel): the channel, the permissions it lacks (twice).
	"settings.channel_perms": "Jag kan inte posta påminnelser och resultat i <#%[1]s>: där saknar jag %[2]s. Ge mig %[3]s där, eller välj en annan kanal; inget ändrades.",
	// /tafl settings daily_channel: refused for the same reason: the channel, the permissions it lacks (twice).
	"settings.daily_perms": "Jag kan inte posta dagens problem i <#%[1]s>: där saknar jag %[2]s. Ge mig %[3]s där, eller välj en annan kanal; inget ändrades.",
	// /tafl settings, the daily puzzle's state after the bot turned it off because it had been removed from the server (and was added again since): the channel it was posted in.
	"settings.daily_left": "av (det stoppades när jag togs bort från den här servern, medan det postades i <#%s>; välj en kanal igen med `/tafl settings` `dagens_kanal`)",
	// /tafl settings leaderboard_hide and leaderboard_show (a user mention each; the list: how many, then their mentions and ids).
	"settings.hidden":         "<@%s> är dold från serverns topplista: ratingen och partierna behålls, och personen kan fortfarande spela. `/tafl settings` `topplista_visa` sätter tillbaka personen.",
	"settings.shown":          "<@%s> är med på serverns topplista igen.",
	"settings.hidden_both":    "Dölj <@%s> eller visa personen, inte båda på en gång; inget ändrades.",
	"settings.hidden_already": "<@%s> är redan dold från serverns topplista; inget ändrades. `/tafl settings` `topplista_visa` sätter tillbaka personen.",
	"settings.hidden_not":     "<@%s> är inte dold från serverns topplista; inget ändrades. `/tafl settings` visar vilka som är det.",
	"settings.hidden_full":    "Högst %d spelare kan döljas från topplistan: visa först någon igen med `topplista_visa`; inget ändrades.",
	"settings.hidden_list":    "Dolda från topplistan (%d): %s",
}
