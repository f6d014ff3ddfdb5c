package locale

// de holds the German messages.
var de = Dict{
	"err.not_your_game":     "Du spielst in dieser Partie nicht mit. `/tafl games` zeigt deine, und `/tafl challenge` oder `/tafl ai` startet eine neue.",
	"err.not_your_turn":     "Du bist nicht am Zug: warte auf den Zug deines Gegners. Ich erwähne dich, wenn du am Zug bist.",
	"games.in_progress":     Plural{Arg: 1, One: "%d laufende Partie", Other: "%d laufende Partien"},
	"settings.language_set": "Ich antworte dir auf Deutsch.",
	"clock.left":            "noch %s",
	// play modes (issue 17)
	"time.days_and_time":       "Wähle `tage` (eine Fernpartie) oder `zeit` (eine Live-Partie mit Uhr), nicht beides.",
	"time.bad":                 "Ich kann die Bedenkzeit `%s` nicht verwenden: %s. Schreibe die Minuten der Partie, ein +, dann den Zuschlag in Sekunden, z. B. `%s` (1 bis 180 Minuten, 0 bis 180 Sekunden).",
	"time.problem.1":           "sie ist leer",
	"time.problem.2":           "die Minuten sind keine ganze Zahl",
	"time.problem.3":           "die Sekunden sind keine ganze Zahl",
	"time.problem.4":           "die Bedenkzeit muss mindestens 1 Minute betragen",
	"time.problem.5":           "die Bedenkzeit darf höchstens 180 Minuten betragen",
	"time.problem.6":           "der Zuschlag kann nicht negativ sein",
	"time.problem.7":           "der Zuschlag darf höchstens 180 Sekunden betragen",
	"time.problem.8":           "zwischen die Minuten und den Zuschlag gehört ein +",
	"time.problem.9":           "die Bedenkzeit wird in Minuten gezählt und der Zuschlag in Sekunden",
	"rematch.still_going":      "Partie %d läuft noch: spiele sie zuerst zu Ende.",
	"rematch.self":             "Starte eine neue Partie mit `/tafl challenge`.",
	"rematch.playing":          "Die Revanche läuft bereits: Partie %[1]d (`/tafl board` `partie:%[1]d`).",
	"challenge.other_server":   "Diese Herausforderung gehört zu einem anderen Server: starte hier eine mit `/tafl challenge`.",
	"challenge.again":          "Du hast <@%[1]s> schon herausgefordert: %[2]s (läuft <t:%[3]d:R> ab). Eine offene Herausforderung pro Spieler zugleich: Um sie zu ändern, drücke bei ihr **%[4]s** und fordere dann erneut heraus.",
	"challenge.too_many":       Plural{Arg: 1, One: "Du hast %d offene Herausforderung auf diesem Server, so viele, wie ein Spieler zugleich haben darf:%s\nDrücke bei einer **%[3]s**, um sie zurückzunehmen, oder warte, bis eine beantwortet wird oder abläuft.", Other: "Du hast %d offene Herausforderungen auf diesem Server, so viele, wie ein Spieler zugleich haben darf:%s\nDrücke bei einer **%[3]s**, um sie zurückzunehmen, oder warte, bis eine beantwortet wird oder abläuft."},
	"challenge.gone":           "Ich finde diese Herausforderung nicht mehr. Starte eine neue mit `/tafl challenge`.",
	"pace.too_fast":            "Du sendest Befehle und Knopfdrücke zu schnell: dieser wurde nicht ausgeführt. Versuche es in %d s noch einmal.",
	"games.dm_others":          "In einer Direktnachricht zeige ich nur deine eigenen Partien: frag nach den Partien anderer Spieler auf einem gemeinsamen Server.",
	"stats.dm_others":          "In einer Direktnachricht zeige ich nur deine eigene Statistik: frag nach der Statistik anderer Spieler auf einem gemeinsamen Server.",
	"rematch.offered":          "Du hast schon eine Revanche angeboten; jetzt ist <@%s> dran.",
	"tour.server_only":         "Turniere gehören zu einem Server: benutze den Befehl auf einem Server.",
	"tour.what":                "Sag, was zu tun ist: `aktion:` %s.",
	"tour.managers_create":     "Nur Serververwalter (Berechtigung „Server verwalten“) können Turniere anlegen. Beitreten kann jeder.",
	"tour.name":                "Gib dem Turnier einen `name` mit 1 bis %d Zeichen, ohne Erwähnungen oder Formatierungszeichen.",
	"tour.format":              "Das Format ist %s.",
	"tour.rounds_rr":           "`runden` gilt für ein Schweizer Turnier; ein Rundenturnier hat so viele Runden wie nötig.",
	"tour.rounds_range":        "Ein Schweizer Turnier hat 1 bis %d Runden.",
	"tour.signup_range":        "Die Anmeldung dauert 1 bis %d Stunden. Um früher zu beginnen, drücke **%s** (oder nutze `aktion:starten`), sobald die Spieler angemeldet sind.",
	"tour.no_such":             "Auf diesem Server gibt es kein Turnier %d.",
	"tour.none":                "Auf diesem Server läuft kein Turnier. Ein Verwalter legt eines an mit `/tafl tournament` `aktion:anlegen` `name:…`.",
	"tour.none_last_cancelled": "Auf diesem Server läuft kein Turnier: das letzte, **%s** (Turnier %d), wurde abgesagt. Ein Verwalter legt eines an mit `/tafl tournament` `aktion:anlegen` `name:…`.",
	"tour.several":             "Mehrere Turniere laufen: wähle eines mit `turnier`.",
	"tour.called_off":          "Dieses Turnier wurde abgesagt.",
	"tour.left":                "Du hast **%s** verlassen.",
	"tour.you_started":         "Du hast **%s** gestartet: Runde 1 wird jetzt gepaart.",
	"tour.started_closed":      "Dieses Turnier hat begonnen: die Anmeldung ist geschlossen. (Zum Aufhören: `aktion:zurückziehen`.)",
	"tour.signup_over":         "Die Anmeldung für **%s** wurde <t:%d:R> geschlossen: für eine Teilnahme ist es zu spät.",
	"tour.already":             "Du bist schon angemeldet.",
	"tour.not_in":              "Du spielst in diesem Turnier nicht mit.",
	"tour.full":                "Dieses Turnier ist voll (%d Spieler).",
	"tour.too_few":             Plural{Arg: 2, One: "**%s** hat bisher %d Spieler, und ein Turnier braucht mindestens zwei: warte, bis sich mehr anmelden, oder sag es mit `/tafl tournament` `aktion:absagen` ab.", Other: "**%s** hat bisher %d Spieler, und ein Turnier braucht mindestens zwei: warte, bis sich mehr anmelden, oder sag es mit `/tafl tournament` `aktion:absagen` ab."},
	"tour.not_started":         "Dieses Turnier hat noch nicht begonnen: melde dich mit `aktion:verlassen` ab.",
	"tour.over":                "Dieses Turnier ist vorbei.",
	"tour.only_creator_start":  "Nur <@%s>, der es angelegt hat, oder ein Verwalter kann das Turnier früher starten.",
	"tour.only_creator_cancel": "Nur <@%s>, der es angelegt hat, oder ein Verwalter kann das Turnier absagen.",
	"tour.cancel_started":      "Dieses Turnier hat begonnen; Spieler können sich zurückziehen (`aktion:zurückziehen`), und es endet nach der letzten Runde.",
	"tour.cancelled":           "**%s** ist abgesagt.",
	"tour.withdrew":            "Du hast dich aus **%s** zurückgezogen. Deine bisherigen Ergebnisse bleiben; du spielst keine weiteren Partien.",
	"tour.joined":              Plural{Arg: 2, One: "Du bist bei **%s** dabei (%d Spieler).", Other: "Du bist bei **%s** dabei (%d Spieler)."},
	"tour.round_games":         Plural{Arg: 3, One: "🏆 **%s**, Runde %d: %d Partie.", Other: "🏆 **%s**, Runde %d: %d Partien."},
	"err.timed_out":            "Zu spät: die Zeit für den Zug war abgelaufen, daher ist die Partie durch Zeitüberschreitung beendet (das Ergebnis steht im Kanal der Partie).",
	"err.flag_fell":            "Deine Zeit war abgelaufen: der Zug zählt nicht, und die Partie endet durch Zeitüberschreitung.",
	"tour.rr":                  "ein Rundenturnier",
	"tour.double":              ", jede Paarung mit beiden Seiten",
	"tour.per_move":            "%s pro Zug",
	"tour.live":                "live, %s",
	"tour.rated":               "gewertet",
	"tour.casual":              "freundschaftlich",
	"tour.nobody":              "noch niemand",
	"tour.head":                "🏆 **%s** (Turnier %d): %s.",
	"tour.state_cancelled":     "Abgesagt.",
	"tour.state_closed":        "Die Anmeldung wurde <t:%d:R> geschlossen; gleich lose ich Runde 1 aus und starte die Partien. Spieler (%d): %s",
	"tour.state_over":          "Beendet nach Runde %d. Erster Platz: %s. Spieler (%d): %s",
	"tour.state_running":       "Läuft: Runde %d. Spieler (%d): %s",
	"tour.state_signup":        "Die Anmeldung schließt <t:%d:R>; dann lose ich Runde 1 aus und starte die Partien. Spieler (%d): %s",
	"tour.btn_join":            "Beitreten",
	"tour.btn_leave":           "Verlassen",
	"tour.btn_start":           "Jetzt starten",
	"tour.sub_cancelled":       "abgesagt · %s",
	"tour.sub_final":           "Endstand · %s",
	"tour.sub_round":           "Runde %d von %d · %s",
	"tour.sub_signup":          "Anmeldung · %s",
	"tour.tiebreak":            "%s · Feinwertung: %s",
	"tour.col_player":          "Spieler",
	"tour.col_points":          "Punkte",
	"tour.col_games":           "Partien",
	"tour.col_wdl":             "S-R-N",
	"tour.withdrew_mark":       "%s (zurückgezogen)",
	"tour.standings":           "Tabelle von **%s** (Turnier %d).",
	"tour.alt":                 "Tabelle von %s (%s): %s.",
	"tour.game_over":           "Partie %d ist vorbei.",
	"tour.finished":            "🏆 **%s** ist vorbei. Glückwunsch %s!",
	"tour.early_repeat":        "Es endete nach Runde %d von %d: jede weitere Runde hätte eine Paarung wiederholt.",
	"tour.early_players":       "Es endete nach Runde %d von %d: weniger als zwei Spieler waren übrig.",
	"tour.and":                 " und ",
	"tour.game_headline":       "Turnier **%s**, Runde %d: <@%s> (Angreifer) gegen <@%s>. Viel Glück!",
	"tour.withdrew_board":      "<@%s> hat sich aus dem Turnier zurückgezogen.",
	"tour.withdrew_post":       "🏆 <@%s> hat sich aus **%s** zurückgezogen.",
	"tour.bye":                 " Spielfrei: %s.",
	"tour.bye_point":           " Spielfrei mit einem Punkt: %s.",
	"tour.forfeits":            " Kampflos: %s.",
	"tour.forfeit":             "in Runde %d gewinnt %s gegen %s, der sich zurückgezogen hat",
	"tour.forfeit_both":        "in Runde %d haben sich %s und %s beide zurückgezogen: keine Punkte",
	"tour.cancelled_few":       "🏆 **%s** ist abgesagt: weniger als zwei Spieler haben sich angemeldet.",
	"tour.swiss":               Plural{Arg: 1, One: "Schweizer System, %d Runde", Other: "Schweizer System, %d Runden"},
	// end play modes
	// game review, hints and puzzles (issue 18)
	"hint.engine_only":         "Tipps gibt es nur in freundschaftlichen Partien gegen die Engine.",
	"hint.off":                 "Tipps sind auf diesem Server ausgeschaltet.",
	"review.none":              "Du hast hier keine beendete Partie zum Analysieren: nenne eine mit der Option `partie`.",
	"review.in_progress":       "Partie %d läuft noch: sie kann analysiert werden, wenn sie vorbei ist.",
	"review.no_moves":          "Partie %d endete vor dem ersten Zug: es gibt nichts zu analysieren.",
	"review.aborted_only":      "Partie %d endete vor dem ersten Zug, es gibt darin also nichts zu analysieren, und du hast keine beendete Partie mit Zügen zum Analysieren. Spiele eine mit `/tafl ai` oder `/tafl challenge` (auf einem Server): wenn sie vorbei ist, analysiert `/tafl analyse` sie.",
	"review.aborted_other":     "Partie %d endete vor dem ersten Zug, es gibt darin also nichts zu analysieren. Um eine andere deiner beendeten Partien zu analysieren, nenne sie mit der Option `partie` (tippe los für eine Liste).",
	"review.none_yet":          "Du hast keine beendete Partie mit Zügen zum Analysieren. Spiele eine mit `/tafl ai` oder `/tafl challenge` (auf einem Server): wenn sie vorbei ist, analysiert `/tafl analyse` sie.",
	"review.attackers":         "die Angreifer",
	"review.defenders":         "die Verteidiger",
	"review.one_at_a_time":     "Deine Analyse von Partie %d läuft noch: eine nach der anderen, bitte. Sie erscheint hier, wenn sie fertig ist.",
	"puzzle.gone":              "Dieses Rätsel gibt es nicht mehr; versuche `/tafl puzzle`.",
	"puzzle.other_server":      "Dieses Rätsel gehört zu einem anderen Server; versuche `/tafl puzzle` hier.",
	"puzzle.no_variant":        "Es gibt keine Variante %q: `/tafl rules` listet sie auf.",
	"variant.custom":           "eigene Variante",
	"settings.daily_hour":      "Die Stunde des täglichen Rätsels ist 0 bis 23 (UTC); nichts wurde geändert.",
	"settings.daily_channel":   "Das tägliche Rätsel braucht einen Kanal: wähle ihn mit `tages_kanal` (und die Stunde mit `tages_stunde`); nichts wurde geändert.",
	"settings.daily_hour_kept": "Die Stunde des täglichen Rätsels ist gespeichert (%02d:00 UTC), aber es gibt kein tägliches Rätsel, bis du seinen Kanal mit `/tafl settings` `tages_kanal` wählst.",
	// /tafl settings game_channel.
	"settings.game_channel_both": "Wähle `kanal` oder schalte `partiekanal` ein, nicht beides; nichts wurde geändert.",
	"settings.game_channel_off":  "Erinnerungen und Ergebnisse gehen schon in den Kanal oder Thread jeder Partie: wähle einen anderen mit `kanal`; nichts wurde geändert.",
	// /tafl settings daily_channel with daily:False.
	"settings.daily_both": "Wähle `tages_kanal` oder schalte `täglich` aus, nicht beides; nichts wurde geändert.",
	// The review's evaluation graph (a picture): the name of its y axis, the defenders' chance of winning from 0 to 100 percent.
	"graph.chance": "Gewinnchance der Verteidiger",
	// The graph's labels of its upper half (the defenders ahead) and lower half (the attackers ahead), written along its right edge.
	"graph.defenders": "Verteidiger",
	"graph.attackers": "Angreifer",
	// The name of the graph's x axis, numbered by moves (one number for a move of each side).
	"graph.move": "Zug",
	// The answer to a player who withdraws from a tournament again: its name, the round they withdrew in.
	"tour.withdrew_already": "Du hast dich aus **%s** schon in Runde %d zurückgezogen: deine bisherigen Ergebnisse bleiben, und du spielst keine weiteren Partien.",
	// Posted in a tournament's channel when a manager calls it off before it starts: its name, who called it off.
	"tour.cancelled_by": "🏆 **%s** wurde von <@%s> abgesagt.",
	// The answer to someone not playing in a tournament who asks to join it after it started: its name.
	"tour.join_started": "**%s** hat begonnen: für eine Teilnahme ist es zu spät.",
	// The answer to a second start of a tournament (a late tap on Start now): its name, its current round.
	"tour.already_started": "**%s** hat schon begonnen: Runde %d läuft.",
	// The answer to a tournament option that is neither a number nor the name of a tournament of the server: what was typed.
	"tour.no_name": "Kein Turnier auf diesem Server heißt `%s`: wähle eines aus der Liste oder gib seine Nummer an.",
	// The answer to a tournament option naming several tournaments of the server: the name, their numbers ("3, 7").
	"tour.ambiguous": "Mehrere Turniere auf diesem Server heißen **%s** (Nummern %s): wähle eines aus der Liste oder gib seine Nummer an.",
	// The heading of the standings column of a Swiss's byes (rounds without a game, a point each).
	"tour.col_byes": "Freilose",
	// The standings picture's alt text: the tie-break the picture heads "SB", spelt out for screen readers.
	"tour.alt_sb": "Sonneborn-Berger",
	// The standings picture's alt text: a player's wins, draws and losses (the picture's W-D-L column), read as words.
	"tour.alt_wins":   Plural{Arg: 1, One: "%d Sieg", Other: "%d Siege"},
	"tour.alt_draws":  Plural{Arg: 1, One: "%d Remis", Other: "%d Remis"},
	"tour.alt_losses": Plural{Arg: 1, One: "%d Niederlage", Other: "%d Niederlagen"},
	// A Rematch tap on a finished tournament game's board (posted before tournament games lost the button): the game's number, the opponent's id.
	"rematch.tournament": "Partie %[1]d war eine Turnierpartie, und die haben keine Revanche: `/tafl challenge` `gegner:`<@%[2]s> beginnt eine neue Partie.",
	// /tafl vacation in a direct message with the bot, with no correspondence game going there: nothing would be paused.
	"vacation.dm_nothing": "Ein Urlaub hier hält die Uhren deiner Fernpartien gegen mich in Direktnachrichten an, und du hast keine laufen: er würde nur deine Tage verbrauchen. (Die Partien eines Servers hältst du mit `/tafl vacation` auf diesem Server an.) Nichts wurde geändert.",
	// /tafl vacation in a direct message: the vacation's end (a Discord timestamp).
	"vacation.dm_on": "🏖 Du bist bis <t:%d:f> im Urlaub: die Uhren deiner Partien in Direktnachrichten mit mir sind angehalten, und die Bretter sagen es. `/tafl vacation` `tage:0` beendet ihn vorzeitig (ungenutzte Tage kommen zurück).",
	// /tafl vacation in a direct message: the vacation left (a duration) and the days a year allowed there.
	"vacation.dm_left": "Urlaub übrig in diesem Jahr für Direktnachrichten: %s von %d Tagen (jeder Server hat seinen eigenen: `/tafl vacation` dort).",
	// /tafl vacation in a direct message, asking for more with none left: the days a year allowed there.
	"vacation.dm_none_left": "Du hast in diesem Jahr keinen Urlaub mehr für deine Partien in Direktnachrichten (%d Tage im Jahr); er kommt am 1. Januar zurück.",
	// /tafl vacation in a direct message, asking for more than is left: the vacation left (a duration), the days a year allowed there.
	"vacation.dm_ask_less": "Du hast in diesem Jahr noch %s Urlaub für deine Partien in Direktnachrichten (%d Tage im Jahr): bitte um weniger.",
	// /tafl analyse while the user's review of a game (the number) is still running, asked for in a direct message.
	"review.one_at_a_time_dm": "Deine Analyse von Partie %d läuft noch: eine nach der anderen, bitte. Sie erscheint in unseren Direktnachrichten, wo du sie angefordert hast, wenn sie fertig ist.",
	// /tafl analyse while the user's review of a game (the number) is still running, asked for in another channel (a channel mention).
	"review.one_at_a_time_in": "Deine Analyse von Partie %d läuft noch: eine nach der anderen, bitte. Sie erscheint in %s, wo du sie angefordert hast, wenn sie fertig ist.",
	// Rematch tapped on a game whose rematch has ended: the rematch's game number, the Rematch button's label on its board.
	"rematch.over": "Die Revanche, Partie %[1]d, ist schon vorbei: für eine weitere drücke **%[2]s** auf ihrem Brett (`/tafl board` `partie:%[1]d`).",
	// A press (a move, Resign, Offer draw, …) that found the side to move out of time, the game just ended on time: whose flag fell (a mention), the game's number, its result ("Defenders win · the attackers ran out of time").
	"err.timed_out_game": "Zu spät: Die Zeit von %[1]s war abgelaufen, daher ist Partie %[2]d durch Zeitüberschreitung beendet (%[3]s), und dies hat nichts geändert. Das Ergebnis steht im Kanal der Partie.",
	// err.timed_out_game for a game whose result went to the server's notification channel (/tafl settings channel:): the same, and that channel's id.
	"err.timed_out_game_in": "Zu spät: Die Zeit von %[1]s war abgelaufen, daher ist Partie %[2]d durch Zeitüberschreitung beendet (%[3]s), und dies hat nichts geändert. Das Ergebnis steht in <#%[4]s>.",
	// clock.SecondsInBase (shown inside time.bad): a game time written with seconds, such as 2:30.
	"time.problem.10": "die Bedenkzeit ist eine ganze Zahl von Minuten, ohne Sekunden",
	// err.timed_out_game told to the player whose flag fell (who pressed after their own time ran out): the game's number, its result.
	"err.timed_out_game_you": "Zu spät: Deine Zeit war abgelaufen, daher ist Partie %[1]d durch Zeitüberschreitung beendet (%[2]s), und dies hat nichts geändert. Das Ergebnis steht im Kanal der Partie.",
	// err.timed_out_game_you for a game whose result went to the server's notification channel: the same, and that channel's id.
	"err.timed_out_game_you_in": "Zu spät: Deine Zeit war abgelaufen, daher ist Partie %[1]d durch Zeitüberschreitung beendet (%[2]s), und dies hat nichts geändert. Das Ergebnis steht in <#%[3]s>.",
	// The result of a game sent by direct message to both players because Discord refused its post for the bot's missing access or permissions (50001, 50013): the game's number, its result line, the channel's id.
	"result.dm_refused": "Partie %[1]d ist vorbei: %[2]s\nIch sage es dir per Direktnachricht, weil Discord meinen Beitrag mit dem Ergebnis in <#%[3]s> abgelehnt hat: Ich habe dort keinen Zugriff oder keine Berechtigung zum Schreiben mehr (ein Serververwalter kann sie mir wiedergeben). Beide Spieler erhalten diese Nachricht, unabhängig von ihrem `/tafl settings` `dms`.",
	// err.timed_out_game where the bot can no longer post in the game's channel (its app_permissions there), so the result goes to both players by direct message: who had run out of time, the game's number, the result.
	"err.timed_out_game_dm": "Zu spät: Die Zeit von %[1]s war abgelaufen, daher ist Partie %[2]d durch Zeitüberschreitung beendet (%[3]s), und dies hat nichts geändert. Ich kann in diesem Kanal nicht mehr schreiben, daher wird das Ergebnis beiden Spielern per Direktnachricht geschickt.",
	// err.timed_out_game_you where the bot can no longer post in the game's channel (its app_permissions there), so the result goes to both players by direct message: the game's number, the result.
	"err.timed_out_game_you_dm": "Zu spät: Deine Zeit war abgelaufen, daher ist Partie %[1]d durch Zeitüberschreitung beendet (%[2]s), und dies hat nichts geändert. Ich kann in diesem Kanal nicht mehr schreiben, daher wird das Ergebnis beiden Spielern per Direktnachricht geschickt.",
	// The first board of a game asked for in a thread, where the server wants a thread per game, when Discord refused the board in the thread's parent channel (the bot may not post there): the game is played in the thread instead. The parent channel's id.
	"game.parent_refused": "Ich kann in <#%s> nicht posten, daher wird diese Partie hier im Thread gespielt.",
	// A press (a move, Resign, Offer draw, …) that found the side to move out of time before its first move, which aborts the game (not a loss on time): whose flag fell (a mention), the game's number.
	"err.timed_out_abort": "Zu spät: Die Zeit von %[1]s war vor dem ersten Zug abgelaufen, daher ist Partie %[2]d abgebrochen (kein Ergebnis, keine Wertungsänderung), und dies hat nichts geändert. Das steht im Kanal der Partie.",
	// err.timed_out_abort for a game whose end went to the server's notification channel (/tafl settings channel:): the same, and that channel's id.
	"err.timed_out_abort_in": "Zu spät: Die Zeit von %[1]s war vor dem ersten Zug abgelaufen, daher ist Partie %[2]d abgebrochen (kein Ergebnis, keine Wertungsänderung), und dies hat nichts geändert. Das steht in <#%[3]s>.",
	// err.timed_out_abort where the bot can no longer post in the game's channel (its app_permissions there), so both players are told by direct message: whose flag fell, the game's number.
	"err.timed_out_abort_dm": "Zu spät: Die Zeit von %[1]s war vor dem ersten Zug abgelaufen, daher ist Partie %[2]d abgebrochen (kein Ergebnis, keine Wertungsänderung), und dies hat nichts geändert. Ich kann in diesem Kanal nicht mehr schreiben, daher erfahren es beide Spieler per Direktnachricht.",
	// err.timed_out_abort told to the player whose flag fell (who pressed after their own time ran out, before their first move): the game's number.
	"err.timed_out_abort_you": "Zu spät: Deine Zeit war vor deinem ersten Zug abgelaufen, daher ist Partie %[1]d abgebrochen (kein Ergebnis, keine Wertungsänderung), und dies hat nichts geändert. Das steht im Kanal der Partie.",
	// err.timed_out_abort_you for a game whose end went to the server's notification channel: the game's number, that channel's id.
	"err.timed_out_abort_you_in": "Zu spät: Deine Zeit war vor deinem ersten Zug abgelaufen, daher ist Partie %[1]d abgebrochen (kein Ergebnis, keine Wertungsänderung), und dies hat nichts geändert. Das steht in <#%[2]s>.",
	// err.timed_out_abort_you where the bot can no longer post in the game's channel, so both players are told by direct message: the game's number.
	"err.timed_out_abort_you_dm": "Zu spät: Deine Zeit war vor deinem ersten Zug abgelaufen, daher ist Partie %[1]d abgebrochen (kein Ergebnis, keine Wertungsänderung), und dies hat nichts geändert. Ich kann in diesem Kanal nicht mehr schreiben, daher erfahren es beide Spieler per Direktnachricht.",
	// The result of a game sent by direct message to both players because Discord refused its post: the channel or thread where it is played no longer exists (10003, deleted): the game's number, its result line.
	"result.dm_channel_gone": "Partie %[1]d ist vorbei: %[2]s\nIch sage es dir per Direktnachricht, weil der Kanal oder Thread, in dem sie gespielt wurde, nicht mehr existiert, sodass ich das Ergebnis dort nicht posten konnte. Beide Spieler erhalten diese Nachricht, unabhängig von ihrem `/tafl settings` `dms`.",
	// By direct message to the player to move in a game whose board of the last move Discord refused in the game's channel or thread (deleted, or the bot may no longer post there): the game's number, who moved (a mention or the engine's name), the move (such as "12… c4-c1"), why it comes by direct message (game.dm_why_*).
	"move.dm_your_move": "Partie %[1]d: %[2]s hat %[3]s gespielt, und du bist am Zug. %[4]s: `/tafl board` `partie:%[1]d` zeigt das Brett, und `/tafl move` `partie:%[1]d` spielt deinen Zug, in jedem Kanal des Servers.",
	// The private reply to a move played from another server or a direct message (/tafl move game:, the Move menu), edited after the board's post found the game's channel or thread deleted (10003) and nowhere to move it: the move (such as "12… c4-c1"), the game's number.
	"move.elsewhere_gone": "Du hast %[1]s in Partie %[2]d gespielt. Der Kanal oder Thread, in dem die Partie gespielt wurde, existiert nicht mehr, darum geht sie per Direktnachricht weiter: Wer am Zug ist, erfährt es dort, und `/tafl board` `partie:%[2]d` und `/tafl move` `partie:%[2]d` gehen in jedem Kanal des Servers.",
	// move.elsewhere_gone when that move ended the game: the move, the game's number.
	"move.elsewhere_gone_over": "Du hast %[1]s in Partie %[2]d gespielt. Der Kanal oder Thread, in dem die Partie gespielt wurde, existiert nicht mehr, darum geht das Ergebnis per Direktnachricht an beide Spieler.",
	// By direct message to both players of a game neither of them started (a tournament's), whose first board Discord refused in the game's channel or thread (deleted, or the bot may no longer post there): the game's number, who is to move (a mention), why it comes by direct message (game.dm_why_*).
	"move.dm_begun": "Partie %[1]d hat begonnen, und %[2]s ist am Zug. %[3]s: `/tafl board` `partie:%[1]d` zeigt das Brett, und `/tafl move` `partie:%[1]d` spielt einen Zug, in jedem Kanal des Servers.",
	// The result of a game sent by direct message to both players because Discord refused its post: the thread where it is played is locked (50083, by a moderator): the game's number, its result line, the thread's id.
	"result.dm_thread_locked": "Partie %[1]d ist vorbei: %[2]s\nIch sage es dir per Direktnachricht, weil der Thread, in dem sie gespielt wurde, <#%[3]s>, gesperrt ist, sodass ich das Ergebnis dort nicht posten konnte (ein Serververwalter kann ihn entsperren). Beide Spieler erhalten diese Nachricht, unabhängig von ihrem `/tafl settings` `dms`.",
	// The engine's judgement of a position in words, shown instead of a win chance for a variant whose score-to-chance curve is not checked (review lines, the review's text file, the graph's alt text): a forced win, or one the engine is sure of, for the attackers. The seven standing.* are whole clauses.
	"standing.attackers_win": "die Angreifer gewinnen",
	// The engine's judgement: the attackers are far ahead (a score of 10 attackers or more).
	"standing.attackers_much": "die Angreifer stehen deutlich besser",
	// The engine's judgement: the attackers are ahead (a score of 2.5 attackers or more).
	"standing.attackers_better": "die Angreifer stehen besser",
	// The engine's judgement: neither side is clearly ahead.
	"standing.even": "etwa ausgeglichen",
	// The engine's judgement: the defenders are ahead.
	"standing.defenders_better": "die Verteidiger stehen besser",
	// The engine's judgement: the defenders are far ahead.
	"standing.defenders_much": "die Verteidiger stehen deutlich besser",
	// The engine's judgement: a forced win, or one the engine is sure of, for the defenders.
	"standing.defenders_win": "die Verteidiger gewinnen",
	// The Hint's answer for a variant whose win chances are not checked (instead of "your chance of winning is about N %"): the game's number, the suggested move, the engine's judgement from the player's side (one of hint.you_win … hint.they_win), the hints used.
	"hint.judged": "💡 Partie %d: die Engine schlägt **%s** vor (der grüne Pfeil); damit gilt nach Einschätzung der Engine: %s. Tipps in dieser Partie: %d — die Notation vermerkt sie.",
	// hint.judged's judgement: the player wins (by force, or the engine is sure of it).
	"hint.you_win": "du gewinnst",
	// hint.judged's judgement: the player is far ahead.
	"hint.you_much": "du stehst deutlich besser",
	// hint.judged's judgement: the player is ahead.
	"hint.you_better": "du stehst besser",
	// hint.judged's judgement: neither side is clearly ahead.
	"hint.even": "die Partie ist etwa ausgeglichen",
	// hint.judged's judgement: the player's opponent is ahead.
	"hint.they_better": "dein Gegner steht besser",
	// hint.judged's judgement: the player's opponent is far ahead.
	"hint.they_much": "dein Gegner steht deutlich besser",
	// hint.judged's judgement: the player's opponent wins.
	"hint.they_win": "dein Gegner gewinnt",
	// A review without win chances (variant not checked): no move lowered the engine's score noticeably.
	"review.clean_judged": "Kein Zug verschlechterte die Einschätzung der Engine deutlich: eine saubere Partie.",
	// A review without win chances: the heading of the turning points, each shown as the engine's judgement before and after the move.
	"review.turning_judged": "Wendepunkte (die Einschätzung der Engine vorher → nachher; der Zug der Engine):",
	// The small print under a review without win chances: the nodes searched a position, why no chance is shown, how moves are classed.
	"review.judged_note": "-# Die Engine durchsuchte %d Knoten je Stellung. Keine Gewinnchance angezeigt: Für diese Variante ist noch keine an ihren Partien geprüft; Ungenauigkeit, Fehler, grober Fehler richten sich danach, wie weit die Bewertung der Engine fiel.",
	// After a turning point's move and class: the engine's judgement before → after it (two standing.* clauses).
	"review.judged_change": " — %s → %s",
	// The review's text file without win chances: why none is shown and how positions and moves are judged (three lines).
	"review.text_judged": "Für diese Variante wird keine Gewinnchance angezeigt: Noch keine Kurve von der Bewertung der Engine zu einer Chance ist an ihren Partien geprüft.\nJede Stellung erhält die Einschätzung der Engine in Worten und ihre Bewertung in Angreifern (+ zugunsten der Angreifer; etwa ausgeglichen innerhalb von 2,5, deutlich besser ab 10).\nEin Zug ist eine Ungenauigkeit, ein Fehler, ein grober Fehler danach, wie weit die Bewertung der Engine fiel: so weit wie 10, 20, 30 Punkte Chance auf der Standardkurve (ausgeglichen bei 0, 300 Punkte je Logit).",
	// The review's text file without win chances: the first line, the engine's judgement of the start (a standing.* clause).
	"review.text_start": "Anfang: %s",
	// The review's text file without win chances, after a classified move: its class, the engine's judgement before it (a standing.* clause), the engine's better move.
	"review.text_class": "%s (davor: %s), besser %s",
	// The name of the review graph's y axis for a variant without checked win chances: it plots the engine's score, squashed, not a chance.
	"graph.judgement": "Einschätzung der Engine (für diese Variante keine Gewinnchance geprüft)",
	// The label of the middle of that graph's y axis (neither side ahead).
	"graph.even": "ausgeglichen",
	// The alt text of a review graph without win chances: the game's number, the variant; followed by ", from X at the start to Y at the end".
	"review.graph_alt_judged": "Bewertungsgraph der Partie %d, %s: die Einschätzung der Engine nach jedem Zug (für diese Variante keine Gewinnchance geprüft)",
	// After /tafl history's game record, when the game has a review without win chances: what the attached files hold.
	"history.review_judged": "Mit der Analyse der Engine: jeder Zug eingeschätzt und eingestuft in der Textdatei, und ihr Graph.",
	// A position's judgement (a standing.* clause) and the engine's score in attackers, + when it favours the attackers ("the attackers stand better (+2.9)"), in a review without win chances.
	"standing.scored": "%s (%+.1f)",
	// The answer to a member without Manage Server who gives another player to `/tafl tournament action:withdraw player:`.
	"tour.withdraw_managers": "Nur Serververwalter (Berechtigung „Server verwalten“) können einen anderen Spieler zurückziehen; `aktion:zurückziehen` allein zieht dich zurück.",
	// The answer to a manager withdrawing a user who is not playing in the tournament: the user, the tournament's name.
	"tour.not_in_other": "<@%s> spielt in **%s** nicht mit: nichts wurde geändert.",
	// The answer to a manager withdrawing a player from a tournament that has not started: its name, the player (who may sign off themselves).
	"tour.not_started_other": "**%s** hat noch nicht begonnen: nichts wurde geändert. Nur <@%s> kann sich vor dem Beginn abmelden.",
	// The answer to a manager withdrawing a player who withdrew (or was withdrawn) already: the player, the tournament's name, the round.
	"tour.withdrew_already_other": "<@%s> hat sich aus **%s** schon in Runde %d zurückgezogen: nichts wurde geändert.",
	// Told privately to the server manager who withdrew a player: the player, the tournament's name.
	"tour.withdrew_other": "Du hast <@%s> aus **%s** zurückgezogen. Die bisherigen Ergebnisse bleiben; weitere Partien gibt es nicht.",
	// Posted in a tournament's channel when a server manager withdrew a player who had no game going: the manager, the player, the tournament's name.
	"tour.withdrawn_post": "🏆 <@%s>, ein Serververwalter, hat <@%s> aus **%s** zurückgezogen.",
	// Above the final board of the game a withdrawn player resigned, when a server manager withdrew them: the manager, the player.
	"tour.withdrawn_board": "<@%s>, ein Serververwalter, hat <@%s> aus dem Turnier zurückgezogen.",
	// /tafl settings, the daily puzzle's state after the bot turned it off because its channel no longer exists (Discord: Unknown Channel): the channel.
	"settings.daily_gone": "aus (es wurde angehalten: sein Kanal <#%s> existiert nicht mehr; wähle mit `/tafl settings` `tages_kanal` einen anderen)",
	// /tafl tournament action:create in a private thread, refused: the thread's parent channel.
	"tour.private_thread": "Ich kann in einem privaten Thread kein Turnier austragen: Ich bin kein Mitglied des Threads und könnte seine Runden, Bretter und Tabellen hier nicht selbst posten. Erstelle es in <#%s> oder einem anderen Kanal, in dem ich posten kann; es wurde nichts erstellt.",
	// A tournament's thread found deleted: posted in its channel, where it goes on: the tournament's name.
	"tour.thread_gone": "🏆 Der Thread von **%s** existiert nicht mehr: Das Turnier geht in diesem Kanal weiter.",
	// A tournament game found its thread (the tournament's) deleted during a round: posted once in the tournament's channel, where the game goes on, pinging both players: the game, the tournament's name, the two players.
	"tour.game_thread_gone": "🏆 Der Thread, in dem Partie %[1]d von **%[2]s** gespielt wurde, existiert nicht mehr: <@%[3]s>, <@%[4]s>, eure Partie geht in diesem Kanal weiter.",
	// Direct message to a tournament's creator, once: its channel (and thread) no longer exist: the tournament's name.
	"tour.dm_channel_gone": "Der Kanal, in dem dein Turnier **%s** gespielt wird, existiert nicht mehr, daher schicke ich dir seine Runden und Tabellen per Direktnachricht (seine Spieler erfahren von ihren eigenen Partien per Direktnachricht). Gib sie dort weiter, wo die Spieler sie sehen.",
	// Direct message to a tournament's creator before a post refused where it is played for the bot's missing access or permissions: the tournament's name, the channel.
	"tour.dm_refused": "Ich darf nicht in <#%[2]s> posten, wo dein Turnier **%[1]s** gespielt wird, daher schicke ich dir dies per Direktnachricht. Ein Serververwalter kann mir dort Zugriff und die Berechtigung zum Posten geben.",
	// /tafl settings, after "reminders and results: each game's channel" where the bot dropped the notification channel because it no longer exists (Discord: Unknown Channel): the channel.
	"settings.notify_gone": "(der Benachrichtigungskanal <#%s> existiert nicht mehr; wähle mit `/tafl settings` `kanal` einen anderen)",
	// A direct message to the opponent when a draw is offered in a game whose board Discord refused: the game, the player who offered it, why it comes by direct message (game.dm_why_*).
	"draw.dm_offer": "Partie %[1]d: %[2]s bietet ein Remis an. %[3]s: `/tafl draw` `partie:%[1]d` nimmt es an, in jedem Kanal des Servers, oder zieh einfach, um abzulehnen.",
	// The same, when the draw was offered on the offerer's own turn (the opponent cannot move yet).
	"draw.dm_offer_wait": "Partie %[1]d: %[2]s bietet ein Remis an. %[3]s: `/tafl draw` `partie:%[1]d` nimmt es an, in jedem Kanal des Servers; dein nächster Zug lehnt das Angebot ab.",
	// A direct message to the opponent when the draw offer is withdrawn in such a game: the game, the player who withdrew it, why it comes by direct message (game.dm_why_*).
	"draw.dm_withdrawn": "Partie %[1]d: %[2]s hat das Remisangebot zurückgezogen. %[3]s.",
	// Why a move, a game's start, or a draw offered or withdrawn comes by direct message (in move.dm_your_move, move.dm_begun, draw.dm_offer, draw.dm_offer_wait, draw.dm_withdrawn): the game's channel or thread no longer exists (10003, deleted).
	"game.dm_why_gone": "Der Kanal oder Thread, in dem die Partie gespielt wurde, existiert nicht mehr, darum sage ich es dir per Direktnachricht",
	// The same: the bot may no longer post in the game's channel or thread (50001 Missing Access, 50013 Missing Permissions): the channel.
	"game.dm_why_refused": "Ich darf nicht mehr in <#%s> posten, wo die Partie gespielt wird (ein Serververwalter kann mir dort Zugriff und die Berechtigung zum Posten geben), darum sage ich es dir per Direktnachricht",
	// The same: the game's thread is locked (50083, by a moderator): the thread.
	"game.dm_why_locked": "Der Thread, in dem die Partie gespielt wird, <#%s>, ist gesperrt (ein Serververwalter kann ihn entsperren), darum sage ich es dir per Direktnachricht",
	// /tafl settings channel: refused because the bot may not post there on its own (from the gateway's cache, or the interaction's own channel): the channel, the permissions it lacks (twice).
	"settings.channel_perms": "Ich kann in <#%[1]s> keine Erinnerungen und Ergebnisse posten: Dort habe ich keine Berechtigung für %[2]s. Gib mir dort %[3]s oder wähle einen anderen Kanal; nichts wurde geändert.",
	// /tafl settings daily_channel: refused for the same reason: the channel, the permissions it lacks (twice).
	"settings.daily_perms": "Ich kann das Rätsel des Tages nicht in <#%[1]s> posten: Dort habe ich keine Berechtigung für %[2]s. Gib mir dort %[3]s oder wähle einen anderen Kanal; nichts wurde geändert.",
	// /tafl settings, the daily puzzle's state after the bot turned it off because it had been removed from the server (and was added again since): the channel it was posted in.
	"settings.daily_left": "aus (es wurde angehalten, als ich von diesem Server entfernt wurde; es erschien in <#%s>; wähle mit `/tafl settings` `tages_kanal` wieder einen Kanal)",
	// /tafl settings leaderboard_hide and leaderboard_show (a user mention each; the list: how many, then their mentions and ids).
	"settings.hidden":         "<@%s> ist aus der Rangliste dieses Servers ausgeblendet: Wertungen und Partien bleiben erhalten, und es kann weiter gespielt werden. `/tafl settings` `rangliste_zeigen` nimmt die Person wieder auf.",
	"settings.shown":          "<@%s> steht wieder in der Rangliste dieses Servers.",
	"settings.hidden_both":    "<@%s> ausblenden oder zeigen, nicht beides zugleich; nichts wurde geändert.",
	"settings.hidden_already": "<@%s> ist schon aus der Rangliste dieses Servers ausgeblendet; nichts wurde geändert. `/tafl settings` `rangliste_zeigen` nimmt die Person wieder auf.",
	"settings.hidden_not":     "<@%s> ist nicht aus der Rangliste dieses Servers ausgeblendet; nichts wurde geändert. `/tafl settings` zeigt, wer es ist.",
	"settings.hidden_full":    "Höchstens %d Spieler können aus der Rangliste ausgeblendet werden: zeige zuerst einen wieder mit `rangliste_zeigen`; nichts wurde geändert.",
	"settings.hidden_list":    "Aus der Rangliste ausgeblendet (%d): %s",
}
