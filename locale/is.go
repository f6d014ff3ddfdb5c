package locale

// is holds the Icelandic messages.
var is = Dict{
	"err.not_your_game":     "Þú ert ekki að tefla í þeirri skák. `/tafl games` sýnir þínar, og `/tafl challenge` eða `/tafl ai` byrjar nýja.",
	"err.not_your_turn":     "Það er ekki þinn leikur: bíddu eftir leik andstæðingsins. Ég nefni þig þegar þú átt leik.",
	"games.in_progress":     Plural{Arg: 1, One: "%d skák í gangi", Other: "%d skákir í gangi"},
	"settings.language_set": "Ég svara þér á íslensku.",
	"clock.left":            "%s eftir",
	// play modes (issue 17)
	"time.days_and_time":       "Veldu `days` (bréfskák) eða `time` (skák í beinni með klukku), ekki hvort tveggja.",
	"time.bad":                 "Ég get ekki notað tímamörkin `%s`: %s. Skrifaðu mínútur leiksins, +, síðan viðbótina í sekúndum, t.d. `%s` (1 til 180 mínútur, 0 til 180 sekúndur).",
	"time.problem.1":           "það er autt",
	"time.problem.2":           "mínúturnar eru ekki heil tala",
	"time.problem.3":           "sekúndurnar eru ekki heil tala",
	"time.problem.4":           "tíminn verður að vera minnst 1 mínúta",
	"time.problem.5":           "tíminn má mest vera 180 mínútur",
	"time.problem.6":           "viðbótin getur ekki verið neikvæð",
	"time.problem.7":           "viðbótin má mest vera 180 sekúndur",
	"time.problem.8":           "+ á að vera á milli mínútnanna og viðbótarinnar",
	"time.problem.9":           "leiktíminn er talinn í mínútum og viðbótin í sekúndum",
	"rematch.still_going":      "Skák %d er enn í gangi: kláraðu hana fyrst.",
	"rematch.self":             "Byrjaðu nýja skák með `/tafl challenge`.",
	"rematch.playing":          "Það er þegar verið að tefla aftur: skák %[1]d (`/tafl board` `game:%[1]d`).",
	"challenge.other_server":   "Þessi áskorun tilheyrir öðrum þjóni: byrjaðu þína eigin hér með `/tafl challenge`.",
	"challenge.again":          "Þú hefur þegar skorað á <@%[1]s>: %[2]s (rennur út <t:%[3]d:R>). Ein opin áskorun á hvern leikmann í einu: til að breyta henni skaltu ýta á **%[4]s** á henni og skora svo aftur á.",
	"challenge.too_many":       Plural{Arg: 1, One: "Þú átt %d opna áskorun á þessum þjóni, eins margar og einn leikmaður má eiga í einu:%s\nÝttu á **%[3]s** á einni þeirra til að afturkalla hana, eða bíddu þar til einni er svarað eða hún rennur út.", Other: "Þú átt %d opnar áskoranir á þessum þjóni, eins margar og einn leikmaður má eiga í einu:%s\nÝttu á **%[3]s** á einni þeirra til að afturkalla hana, eða bíddu þar til einni er svarað eða hún rennur út."},
	"challenge.gone":           "Ég finn þá áskorun ekki lengur. Byrjaðu nýja með `/tafl challenge`.",
	"pace.too_fast":            "Þú sendir skipanir og hnappasmelli of hratt: þessi var ekki framkvæmd. Reyndu aftur eftir %d s.",
	"games.dm_others":          "Í einkaskilaboðum sýni ég aðeins þínar eigin skákir: spurðu um skákir annars leikmanns á sameiginlegum þjóni.",
	"stats.dm_others":          "Í einkaskilaboðum sýni ég aðeins þína eigin tölfræði: spurðu um tölfræði annars leikmanns á sameiginlegum þjóni.",
	"rematch.offered":          "Þú hefur þegar boðið að tefla aftur; nú er það undir <@%s> komið.",
	"tour.server_only":         "Mót tilheyra þjóni: notaðu skipunina á þjóni.",
	"tour.what":                "Segðu hvað á að gera: `action:` %s.",
	"tour.managers_create":     "Aðeins stjórnendur þjónsins (heimildin Manage Server) geta stofnað mót. Allir geta skráð sig.",
	"tour.name":                "Gefðu mótinu `name` með 1 til %d stöfum, án tilvísana eða sniðtákna.",
	"tour.format":              "Sniðið er %s.",
	"tour.rounds_rr":           "`rounds` á við svissneskt mót; allir við alla hefur eins margar umferðir og þarf.",
	"tour.rounds_range":        "Svissneskt mót hefur 1 til %d umferðir.",
	"tour.signup_range":        "Skráning stendur í 1 til %d klukkustundir. Til að byrja fyrr skaltu ýta á **%s** (eða nota `action:start`) þegar leikmennirnir hafa skráð sig.",
	"tour.no_such":             "Það er ekkert mót %d á þessum þjóni.",
	"tour.none":                "Ekkert mót er í gangi á þessum þjóni. Stjórnandi stofnar mót með `/tafl tournament` `action:create` `name:…`.",
	"tour.none_last_cancelled": "Ekkert mót er í gangi á þessum þjóni: því síðasta, **%s** (mót %d), var aflýst. Stjórnandi stofnar mót með `/tafl tournament` `action:create` `name:…`.",
	"tour.several":             "Nokkur mót eru í gangi: veldu eitt með `tournament`.",
	"tour.called_off":          "Því móti var aflýst.",
	"tour.left":                "Þú hefur afskráð þig úr **%s**.",
	"tour.you_started":         "Þú ræstir **%s**: verið er að para í 1. umferð.",
	"tour.started_closed":      "Það mót er hafið: skráningu er lokið. (Notaðu `action:withdraw` til að hætta.)",
	"tour.signup_over":         "Skráningu í **%s** lauk <t:%d:R>: það er of seint að skrá sig.",
	"tour.already":             "Þú ert þegar skráð(ur).",
	"tour.not_in":              "Þú ert ekki að tefla í því móti.",
	"tour.full":                "Það mót er fullt (%d leikmenn).",
	"tour.too_few":             Plural{Arg: 2, One: "**%s** hefur %d leikmann enn sem komið er, og mót þarf að minnsta kosti tvo: bíddu eftir að fleiri skrái sig, eða aflýstu því með `/tafl tournament` `action:cancel`.", Other: "**%s** hefur %d leikmenn enn sem komið er, og mót þarf að minnsta kosti tvo: bíddu eftir að fleiri skrái sig, eða aflýstu því með `/tafl tournament` `action:cancel`."},
	"tour.not_started":         "Það mót er ekki hafið: notaðu `action:leave` til að afskrá þig.",
	"tour.over":                "Því móti er lokið.",
	"tour.only_creator_start":  "Aðeins <@%s>, sem stofnaði mótið, eða stjórnandi getur hafið það fyrr.",
	"tour.only_creator_cancel": "Aðeins <@%s>, sem stofnaði mótið, eða stjórnandi getur aflýst því.",
	"tour.cancel_started":      "Það mót er hafið; leikmenn geta dregið sig úr (`action:withdraw`) og því lýkur eftir síðustu umferð.",
	"tour.cancelled":           "**%s** er aflýst.",
	"tour.withdrew":            "Þú hefur dregið þig úr **%s**. Úrslit þín hingað til standa; þú teflir ekki fleiri skákir.",
	"tour.joined":              Plural{Arg: 2, One: "Þú ert skráð(ur) í **%s** (%d leikmaður).", Other: "Þú ert skráð(ur) í **%s** (%d leikmenn)."},
	"tour.round_games":         Plural{Arg: 3, One: "🏆 **%s**, umferð %d: %d skák.", Other: "🏆 **%s**, umferð %d: %d skákir."},
	"err.timed_out":            "Of seint: tíminn fyrir leikinn var útrunninn, svo skákinni lauk á tíma (úrslitin eru birt á rás skákarinnar).",
	"err.flag_fell":            "Tíminn þinn var runninn út: leikurinn gildir ekki og skákinni lýkur á tíma.",
	"tour.rr":                  "allir við alla",
	"tour.double":              ", hvert par með báðar hliðar",
	"tour.per_move":            "%s á leik",
	"tour.live":                "í beinni, %s",
	"tour.rated":               "til stiga",
	"tour.casual":              "æfing",
	"tour.nobody":              "enginn enn",
	"tour.head":                "🏆 **%s** (mót %d): %s.",
	"tour.state_cancelled":     "Aflýst.",
	"tour.state_closed":        "Skráningu lauk <t:%d:R>; innan skamms para ég 1. umferð og hef skákirnar. Leikmenn (%d): %s",
	"tour.state_over":          "Lokið eftir %d. umferð. Fyrsta sæti: %s. Leikmenn (%d): %s",
	"tour.state_running":       "Í gangi: umferð %d. Leikmenn (%d): %s",
	"tour.state_signup":        "Skráningu lýkur <t:%d:R>; þá para ég 1. umferð og hef skákirnar. Leikmenn (%d): %s",
	"tour.btn_join":            "Skrá mig",
	"tour.btn_leave":           "Afskrá mig",
	"tour.btn_start":           "Hefja núna",
	"tour.sub_cancelled":       "aflýst · %s",
	"tour.sub_final":           "lokastaða · %s",
	"tour.sub_round":           "umferð %d af %d · %s",
	"tour.sub_signup":          "skráning · %s",
	"tour.tiebreak":            "%s · jafnteflisbrjótur: %s",
	"tour.col_player":          "Leikmaður",
	"tour.col_points":          "Vinningar",
	"tour.col_games":           "Skákir",
	"tour.col_wdl":             "V-J-T",
	"tour.withdrew_mark":       "%s (dró sig úr)",
	"tour.standings":           "Staðan í **%s** (mót %d).",
	"tour.alt":                 "Stöðutafla %s (%s): %s.",
	"tour.game_over":           "Skák %d er lokið.",
	"tour.finished":            "🏆 **%s** er lokið. Til hamingju %s!",
	"tour.early_repeat":        "Því lauk eftir %d. umferð af %d: hver ný umferð hefði endurtekið pörun.",
	"tour.early_players":       "Því lauk eftir %d. umferð af %d: færri en tveir leikmenn voru eftir.",
	"tour.and":                 " og ",
	"tour.game_headline":       "Mót **%s**, umferð %d: <@%s> (sóknarmenn) gegn <@%s>. Gangi ykkur vel!",
	"tour.withdrew_board":      "<@%s> dró sig úr mótinu.",
	"tour.withdrew_post":       "🏆 <@%s> dró sig úr **%s**.",
	"tour.bye":                 " %s situr hjá.",
	"tour.bye_point":           " %s situr hjá og fær vinning.",
	"tour.forfeits":            " Án taflmennsku: %s.",
	"tour.forfeit":             "í %d. umferð vinnur %s gegn %s, sem dró sig úr keppni",
	"tour.forfeit_both":        "í %d. umferð drógu bæði %s og %s sig úr keppni: engin stig",
	"tour.cancelled_few":       "🏆 **%s** er aflýst: færri en tveir leikmenn skráðu sig.",
	"tour.swiss":               Plural{Arg: 1, One: "svissneskt, %d umferð", Other: "svissneskt, %d umferðir"},
	// end play modes
	// game review, hints and puzzles (issue 18)
	"hint.engine_only":         "Vísbendingar eru aðeins í æfingaskákum gegn vélinni.",
	"hint.off":                 "Slökkt er á vísbendingum á þessum þjóni.",
	"review.none":              "Þú átt enga lokna skák hér til að fara yfir: nefndu eina með `game`-valkostinum.",
	"review.in_progress":       "Enn er verið að tefla skák %d: það má fara yfir hana þegar henni lýkur.",
	"review.no_moves":          "Skák %d lauk fyrir fyrsta leik: það er ekkert að fara yfir.",
	"review.aborted_only":      "Skák %d lauk fyrir fyrsta leik, svo það er ekkert í henni til að fara yfir, og þú átt enga lokna skák með leikjum til að fara yfir. Tefldu eina með `/tafl ai` eða `/tafl challenge` (á þjóni): þegar henni er lokið fer `/tafl analyse` yfir hana.",
	"review.aborted_other":     "Skák %d lauk fyrir fyrsta leik, svo það er ekkert í henni til að fara yfir. Til að fara yfir aðra af loknum skákum þínum, nefndu hana með `game`-valkostinum (byrjaðu að skrifa til að fá lista).",
	"review.none_yet":          "Þú átt enga lokna skák með leikjum til að fara yfir. Tefldu eina með `/tafl ai` eða `/tafl challenge` (á þjóni): þegar henni er lokið fer `/tafl analyse` yfir hana.",
	"review.attackers":         "sóknarmenn",
	"review.defenders":         "varnarmenn",
	"review.one_at_a_time":     "Yfirferð þín á skák %d er enn í gangi: ein í einu, takk. Hún birtist hér þegar hún er tilbúin.",
	"puzzle.gone":              "Þessi þraut er ekki lengur til; prófaðu `/tafl puzzle`.",
	"puzzle.other_server":      "Þessi þraut tilheyrir öðrum þjóni; prófaðu `/tafl puzzle` hér.",
	"puzzle.no_variant":        "Það er ekkert afbrigði %q: `/tafl rules` telur þau upp.",
	"variant.custom":           "eigið afbrigði",
	"settings.daily_hour":      "Klukkustund daglegu þrautarinnar er 0 til 23 (UTC); engu var breytt.",
	"settings.daily_channel":   "Dagleg þraut þarf rás: veldu hana með `daily_channel` (og klukkustundina með `daily_hour`); engu var breytt.",
	"settings.daily_hour_kept": "Klukkustund daglegu þrautarinnar er vistuð (%02d:00 UTC), en engin dagleg þraut birtist fyrr en þú velur rás hennar með `/tafl settings` `daily_channel`.",
	// /tafl settings game_channel.
	"settings.game_channel_both": "Veldu `channel` eða `game_channel:True`, ekki hvort tveggja; engu var breytt.",
	"settings.game_channel_off":  "Áminningar og úrslit fara nú þegar á eigin rás eða þráð hvers leiks: veldu aðra með `channel`; engu var breytt.",
	// /tafl settings daily_channel with daily:False.
	"settings.daily_both": "Veldu `daily_channel` eða slökktu á `daily`, ekki hvort tveggja; engu var breytt.",
	// The review's evaluation graph (a picture): the name of its y axis, the defenders' chance of winning from 0 to 100 percent.
	"graph.chance": "Vinningslíkur varnarmanna",
	// The graph's labels of its upper half (the defenders ahead) and lower half (the attackers ahead), written along its right edge.
	"graph.defenders": "varnarmenn",
	"graph.attackers": "sóknarmenn",
	// The name of the graph's x axis, numbered by moves (one number for a move of each side).
	"graph.move": "leikur",
	// The answer to a player who withdraws from a tournament again: its name, the round they withdrew in.
	"tour.withdrew_already": "Þú hefur þegar dregið þig úr **%s** í umferð %d: úrslit þín hingað til standa og þú teflir ekki fleiri skákir.",
	// Posted in a tournament's channel when a manager calls it off before it starts: its name, who called it off.
	"tour.cancelled_by": "🏆 **%s** er aflýst af <@%s>.",
	// The answer to someone not playing in a tournament who asks to join it after it started: its name.
	"tour.join_started": "**%s** er hafið: það er of seint að skrá sig.",
	// The answer to a second start of a tournament (a late tap on Start now): its name, its current round.
	"tour.already_started": "**%s** er þegar hafið: umferð %d er í gangi.",
	// The answer to a tournament option that is neither a number nor the name of a tournament of the server: what was typed.
	"tour.no_name": "Ekkert mót á þessum þjóni heitir `%s`: veldu eitt af listanum eða gefðu upp númer þess.",
	// The answer to a tournament option naming several tournaments of the server: the name, their numbers ("3, 7").
	"tour.ambiguous": "Fleiri en eitt mót á þessum þjóni heita **%s** (númer %s): veldu eitt af listanum eða gefðu upp númer þess.",
	// The heading of the standings column of a Swiss's byes (rounds without a game, a point each).
	"tour.col_byes": "Yfirsetur",
	// The standings picture's alt text: the tie-break the picture heads "SB", spelt out for screen readers.
	"tour.alt_sb": "Sonneborn-Berger",
	// The standings picture's alt text: a player's wins, draws and losses (the picture's W-D-L column), read as words.
	"tour.alt_wins":   Plural{Arg: 1, One: "%d sigur", Other: "%d sigrar"},
	"tour.alt_draws":  Plural{Arg: 1, One: "%d jafntefli", Other: "%d jafntefli"},
	"tour.alt_losses": Plural{Arg: 1, One: "%d tap", Other: "%d töp"},
	// A Rematch tap on a finished tournament game's board (posted before tournament games lost the button): the game's number, the opponent's id.
	"rematch.tournament": "Skák %[1]d var mótsskák, og þær hafa engan endurleik: `/tafl challenge` `opponent:`<@%[2]s> hefur nýja skák.",
	// /tafl vacation in a direct message with the bot, with no correspondence game going there: nothing would be paused.
	"vacation.dm_nothing": "Frí hér gerir hlé á klukkum bréfskáka þinna við mig í einkaskilaboðum, og þú átt enga í gangi: það myndi aðeins eyða dögunum þínum. (Skákum á þjóni er gert hlé á með `/tafl vacation` á þeim þjóni.) Engu var breytt.",
	// /tafl vacation in a direct message: the vacation's end (a Discord timestamp).
	"vacation.dm_on": "🏖 Þú ert í fríi til <t:%d:f>: klukkur skáka þinna í einkaskilaboðum við mig eru í hléi, og borðin segja það. `/tafl vacation` `days:0` lýkur því fyrr (ónotaðir dagar koma aftur).",
	// /tafl vacation in a direct message: the vacation left (a duration) and the days a year allowed there.
	"vacation.dm_left": "Frí eftir á árinu fyrir einkaskilaboð: %s af %d dögum (hver þjónn hefur sitt eigið: `/tafl vacation` þar).",
	// /tafl vacation in a direct message, asking for more with none left: the days a year allowed there.
	"vacation.dm_none_left": "Þú átt ekkert frí eftir á árinu fyrir skákir þínar í einkaskilaboðum (%d dagar á ári); það kemur aftur 1. janúar.",
	// /tafl vacation in a direct message, asking for more than is left: the vacation left (a duration), the days a year allowed there.
	"vacation.dm_ask_less": "Þú átt %s af fríi eftir á árinu fyrir skákir þínar í einkaskilaboðum (%d dagar á ári): biddu um minna.",
	// /tafl analyse while the user's review of a game (the number) is still running, asked for in a direct message.
	"review.one_at_a_time_dm": "Yfirferð þín á skák %d er enn í gangi: ein í einu, takk. Hún birtist í einkaskilaboðum okkar, þar sem þú baðst um hana, þegar hún er tilbúin.",
	// /tafl analyse while the user's review of a game (the number) is still running, asked for in another channel (a channel mention).
	"review.one_at_a_time_in": "Yfirferð þín á skák %d er enn í gangi: ein í einu, takk. Hún birtist í %s, þar sem þú baðst um hana, þegar hún er tilbúin.",
	// Rematch tapped on a game whose rematch has ended: the rematch's game number, the Rematch button's label on its board.
	"rematch.over": "Endurleikurinn, skák %[1]d, er búinn: ýttu á **%[2]s** á borði skákarinnar fyrir annan (`/tafl board` `game:%[1]d`).",
	// A press (a move, Resign, Offer draw, …) that found the side to move out of time, the game just ended on time: whose flag fell (a mention), the game's number, its result ("Defenders win · the attackers ran out of time").
	"err.timed_out_game": "Of seint: tími %[1]s var útrunninn, svo skák %[2]d lauk á tíma (%[3]s) og þetta breytti engu. Úrslitin eru birt á rás skákarinnar.",
	// err.timed_out_game for a game whose result went to the server's notification channel (/tafl settings channel:): the same, and that channel's id.
	"err.timed_out_game_in": "Of seint: tími %[1]s var útrunninn, svo skák %[2]d lauk á tíma (%[3]s) og þetta breytti engu. Úrslitin eru birt á <#%[4]s>.",
	// clock.SecondsInBase (shown inside time.bad): a game time written with seconds, such as 2:30.
	"time.problem.10": "leiktíminn er heill fjöldi mínútna, án sekúndna",
	// err.timed_out_game told to the player whose flag fell (who pressed after their own time ran out): the game's number, its result.
	"err.timed_out_game_you": "Of seint: tíminn þinn var útrunninn, svo skák %[1]d lauk á tíma (%[2]s) og þetta breytti engu. Úrslitin eru birt á rás skákarinnar.",
	// err.timed_out_game_you for a game whose result went to the server's notification channel: the same, and that channel's id.
	"err.timed_out_game_you_in": "Of seint: tíminn þinn var útrunninn, svo skák %[1]d lauk á tíma (%[2]s) og þetta breytti engu. Úrslitin eru birt á <#%[3]s>.",
	// The result of a game sent by direct message to both players because Discord refused its post for the bot's missing access or permissions (50001, 50013): the game's number, its result line, the channel's id.
	"result.dm_refused": "Skák %[1]d er lokið: %[2]s\nÉg segi þér þetta í einkaskilaboðum vegna þess að Discord hafnaði færslu minni með úrslitunum á <#%[3]s>: ég hef ekki lengur aðgang eða heimildir til að skrifa þar (stjórnandi netþjónsins getur veitt mér þær aftur). Báðir leikmenn fá þessi skilaboð, óháð `/tafl settings` `dms` hjá þeim.",
	// err.timed_out_game where the bot can no longer post in the game's channel (its app_permissions there), so the result goes to both players by direct message: who had run out of time, the game's number, the result.
	"err.timed_out_game_dm": "Of seint: tími %[1]s var útrunninn, svo skák %[2]d lauk á tíma (%[3]s) og þetta breytti engu. Ég get ekki lengur skrifað á þessa rás, svo úrslitin eru send báðum leikmönnum í einkaskilaboðum.",
	// err.timed_out_game_you where the bot can no longer post in the game's channel (its app_permissions there), so the result goes to both players by direct message: the game's number, the result.
	"err.timed_out_game_you_dm": "Of seint: tíminn þinn var útrunninn, svo skák %[1]d lauk á tíma (%[2]s) og þetta breytti engu. Ég get ekki lengur skrifað á þessa rás, svo úrslitin eru send báðum leikmönnum í einkaskilaboðum.",
	// The first board of a game asked for in a thread, where the server wants a thread per game, when Discord refused the board in the thread's parent channel (the bot may not post there): the game is played in the thread instead. The parent channel's id.
	"game.parent_refused": "Ég get ekki birt skilaboð á <#%s>, svo þessi skák er tefld hér í þræðinum.",
	// A press (a move, Resign, Offer draw, …) that found the side to move out of time before its first move, which aborts the game (not a loss on time): whose flag fell (a mention), the game's number.
	"err.timed_out_abort": "Of seint: tími %[1]s var útrunninn fyrir fyrsta leik, svo hætt er við skák %[2]d (engin úrslit, engin breyting á stigum) og þetta breytti engu. Það er tilkynnt á rás skákarinnar.",
	// err.timed_out_abort for a game whose end went to the server's notification channel (/tafl settings channel:): the same, and that channel's id.
	"err.timed_out_abort_in": "Of seint: tími %[1]s var útrunninn fyrir fyrsta leik, svo hætt er við skák %[2]d (engin úrslit, engin breyting á stigum) og þetta breytti engu. Það er tilkynnt á <#%[3]s>.",
	// err.timed_out_abort where the bot can no longer post in the game's channel (its app_permissions there), so both players are told by direct message: whose flag fell, the game's number.
	"err.timed_out_abort_dm": "Of seint: tími %[1]s var útrunninn fyrir fyrsta leik, svo hætt er við skák %[2]d (engin úrslit, engin breyting á stigum) og þetta breytti engu. Ég get ekki lengur skrifað á þessa rás, svo báðum leikmönnum er sagt það í einkaskilaboðum.",
	// err.timed_out_abort told to the player whose flag fell (who pressed after their own time ran out, before their first move): the game's number.
	"err.timed_out_abort_you": "Of seint: tíminn þinn var útrunninn fyrir fyrsta leik þinn, svo hætt er við skák %[1]d (engin úrslit, engin breyting á stigum) og þetta breytti engu. Það er tilkynnt á rás skákarinnar.",
	// err.timed_out_abort_you for a game whose end went to the server's notification channel: the game's number, that channel's id.
	"err.timed_out_abort_you_in": "Of seint: tíminn þinn var útrunninn fyrir fyrsta leik þinn, svo hætt er við skák %[1]d (engin úrslit, engin breyting á stigum) og þetta breytti engu. Það er tilkynnt á <#%[2]s>.",
	// err.timed_out_abort_you where the bot can no longer post in the game's channel, so both players are told by direct message: the game's number.
	"err.timed_out_abort_you_dm": "Of seint: tíminn þinn var útrunninn fyrir fyrsta leik þinn, svo hætt er við skák %[1]d (engin úrslit, engin breyting á stigum) og þetta breytti engu. Ég get ekki lengur skrifað á þessa rás, svo báðum leikmönnum er sagt það í einkaskilaboðum.",
	// The result of a game sent by direct message to both players because Discord refused its post: the channel or thread where it is played no longer exists (10003, deleted): the game's number, its result line.
	"result.dm_channel_gone": "Skák %[1]d er lokið: %[2]s\nÉg segi þér þetta í einkaskilaboðum vegna þess að rásin eða þráðurinn þar sem hún var tefld er ekki lengur til, svo ég gat ekki birt úrslitin þar. Báðir leikmenn fá þessi skilaboð, óháð `/tafl settings` `dms` hjá þeim.",
	// By direct message to the player to move in a game whose board of the last move Discord refused in the game's channel or thread (deleted, or the bot may no longer post there): the game's number, who moved (a mention or the engine's name), the move (such as "12… c4-c1"), why it comes by direct message (game.dm_why_*).
	"move.dm_your_move": "Skák %[1]d: %[2]s lék %[3]s, og þú átt leik. %[4]s: `/tafl board` `game:%[1]d` sýnir borðið og `/tafl move` `game:%[1]d` leikur leiknum þínum, á hvaða rás netþjónsins sem er.",
	// The private reply to a move played from another server or a direct message (/tafl move game:, the Move menu), edited after the board's post found the game's channel or thread deleted (10003) and nowhere to move it: the move (such as "12… c4-c1"), the game's number.
	"move.elsewhere_gone": "Þú lékst %[1]s í skák %[2]d. Rásin eða þráðurinn þar sem skákin var tefld er ekki lengur til, svo hún heldur áfram í einkaskilaboðum: sá sem á leik fær að vita það þar, og `/tafl board` `game:%[2]d` og `/tafl move` `game:%[2]d` virka á hvaða rás netþjónsins sem er.",
	// move.elsewhere_gone when that move ended the game: the move, the game's number.
	"move.elsewhere_gone_over": "Þú lékst %[1]s í skák %[2]d. Rásin eða þráðurinn þar sem skákin var tefld er ekki lengur til, svo úrslitin fara til beggja leikmanna í einkaskilaboðum.",
	// By direct message to both players of a game neither of them started (a tournament's), whose first board Discord refused in the game's channel or thread (deleted, or the bot may no longer post there): the game's number, who is to move (a mention), why it comes by direct message (game.dm_why_*).
	"move.dm_begun": "Skák %[1]d er hafin og %[2]s á leik. %[3]s: `/tafl board` `game:%[1]d` sýnir borðið og `/tafl move` `game:%[1]d` leikur leik, á hvaða rás netþjónsins sem er.",
	// The result of a game sent by direct message to both players because Discord refused its post: the thread where it is played is locked (50083, by a moderator): the game's number, its result line, the thread's id.
	"result.dm_thread_locked": "Skák %[1]d er lokið: %[2]s\nÉg segi þér þetta í einkaskilaboðum vegna þess að þráðurinn þar sem hún var tefld, <#%[3]s>, er læstur, svo ég gat ekki birt úrslitin þar (stjórnandi netþjónsins getur opnað hann). Báðir leikmenn fá þessi skilaboð, óháð `/tafl settings` `dms` hjá þeim.",
	// The engine's judgement of a position in words, shown instead of a win chance for a variant whose score-to-chance curve is not checked (review lines, the review's text file, the graph's alt text): a forced win, or one the engine is sure of, for the attackers. The seven standing.* are whole clauses.
	"standing.attackers_win": "sóknarmenn vinna",
	// The engine's judgement: the attackers are far ahead (a score of 10 attackers or more).
	"standing.attackers_much": "sóknarmenn standa mun betur",
	// The engine's judgement: the attackers are ahead (a score of 2.5 attackers or more).
	"standing.attackers_better": "sóknarmenn standa betur",
	// The engine's judgement: neither side is clearly ahead.
	"standing.even": "nokkuð jafnt",
	// The engine's judgement: the defenders are ahead.
	"standing.defenders_better": "varnarmenn standa betur",
	// The engine's judgement: the defenders are far ahead.
	"standing.defenders_much": "varnarmenn standa mun betur",
	// The engine's judgement: a forced win, or one the engine is sure of, for the defenders.
	"standing.defenders_win": "varnarmenn vinna",
	// The Hint's answer for a variant whose win chances are not checked (instead of "your chance of winning is about N %"): the game's number, the suggested move, the engine's judgement from the player's side (one of hint.you_win … hint.they_win), the hints used.
	"hint.judged": "💡 Skák %d: vélin leggur til **%s** (græna örin); með honum metur vélin það svo að %s. Vísbendingar í þessari skák: %d — skráningin getur þeirra.",
	// hint.judged's judgement: the player wins (by force, or the engine is sure of it).
	"hint.you_win": "þú vinnir",
	// hint.judged's judgement: the player is far ahead.
	"hint.you_much": "þú standir mun betur",
	// hint.judged's judgement: the player is ahead.
	"hint.you_better": "þú standir betur",
	// hint.judged's judgement: neither side is clearly ahead.
	"hint.even": "skákin sé nokkuð jöfn",
	// hint.judged's judgement: the player's opponent is ahead.
	"hint.they_better": "andstæðingur þinn standi betur",
	// hint.judged's judgement: the player's opponent is far ahead.
	"hint.they_much": "andstæðingur þinn standi mun betur",
	// hint.judged's judgement: the player's opponent wins.
	"hint.they_win": "andstæðingur þinn vinni",
	// A review without win chances (variant not checked): no move lowered the engine's score noticeably.
	"review.clean_judged": "Enginn leikur lækkaði mat vélarinnar að ráði: hrein skák.",
	// A review without win chances: the heading of the turning points, each shown as the engine's judgement before and after the move.
	"review.turning_judged": "Vendipunktar (mat vélarinnar fyrir → eftir; leikur vélarinnar):",
	// The small print under a review without win chances: the nodes searched a position, why no chance is shown, how moves are classed.
	"review.judged_note": "-# Vélin leitaði %d hnúta í hverri stöðu. Engar vinningslíkur eru sýndar: engar hafa enn verið bornar saman við skákir þessa afbrigðis; ónákvæmni, mistök, afleikur fara eftir því hve mikið mat vélarinnar féll.",
	// After a turning point's move and class: the engine's judgement before → after it (two standing.* clauses).
	"review.judged_change": " — %s → %s",
	// The review's text file without win chances: why none is shown and how positions and moves are judged (three lines).
	"review.text_judged": "Engar vinningslíkur eru sýndar fyrir þetta afbrigði: enginn ferill frá mati vélarinnar til líkna hefur enn verið borinn saman við skákir þess.\nHver staða fær mat vélarinnar í orðum og tölu þess í sóknarmönnum (+ sóknarmönnum í hag; nokkuð jafnt innan 2,5, mun betur frá 10).\nLeikur er ónákvæmni, mistök, afleikur eftir því hve mikið mat vélarinnar féll: jafnmikið og 10, 20, 30 stig líkna á sjálfgefna ferlinum (jafnt við 0, 300 stig á logit).",
	// The review's text file without win chances: the first line, the engine's judgement of the start (a standing.* clause).
	"review.text_start": "upphaf: %s",
	// The review's text file without win chances, after a classified move: its class, the engine's judgement before it (a standing.* clause), the engine's better move.
	"review.text_class": "%s (á undan: %s), betra %s",
	// The name of the review graph's y axis for a variant without checked win chances: it plots the engine's score, squashed, not a chance.
	"graph.judgement": "Mat vélarinnar (engar vinningslíkur prófaðar fyrir þetta afbrigði)",
	// The label of the middle of that graph's y axis (neither side ahead).
	"graph.even": "jafnt",
	// The alt text of a review graph without win chances: the game's number, the variant; followed by ", from X at the start to Y at the end".
	"review.graph_alt_judged": "Matsgraf skákar %d, %s: mat vélarinnar eftir hvern leik (engar vinningslíkur prófaðar fyrir þetta afbrigði)",
	// After /tafl history's game record, when the game has a review without win chances: what the attached files hold.
	"history.review_judged": "Með yfirferð vélarinnar: hver leikur metinn og flokkaður í textaskránni, og graf hennar.",
	// A position's judgement (a standing.* clause) and the engine's score in attackers, + when it favours the attackers ("the attackers stand better (+2.9)"), in a review without win chances.
	"standing.scored": "%s (%+.1f)",
	// The answer to a member without Manage Server who gives another player to `/tafl tournament action:withdraw player:`.
	"tour.withdraw_managers": "Aðeins stjórnendur þjónsins (heimildin Manage Server) geta dregið annan leikmann úr móti; `action:withdraw` eitt og sér dregur þig úr.",
	// The answer to a manager withdrawing a user who is not playing in the tournament: the user, the tournament's name.
	"tour.not_in_other": "<@%s> teflir ekki í **%s**: engu var breytt.",
	// The answer to a manager withdrawing a player from a tournament that has not started: its name, the player (who may sign off themselves).
	"tour.not_started_other": "**%s** er ekki hafið: engu var breytt. Aðeins <@%s> getur afskráð sig áður en það hefst.",
	// The answer to a manager withdrawing a player who withdrew (or was withdrawn) already: the player, the tournament's name, the round.
	"tour.withdrew_already_other": "<@%s> dró sig úr **%s** þegar í umferð %d: engu var breytt.",
	// Told privately to the server manager who withdrew a player: the player, the tournament's name.
	"tour.withdrew_other": "Þú dróst <@%s> úr **%s**. Úrslit hingað til standa; viðkomandi teflir ekki fleiri skákir.",
	// Posted in a tournament's channel when a server manager withdrew a player who had no game going: the manager, the player, the tournament's name.
	"tour.withdrawn_post": "🏆 <@%s>, stjórnandi þjónsins, dró <@%s> úr **%s**.",
	// Above the final board of the game a withdrawn player resigned, when a server manager withdrew them: the manager, the player.
	"tour.withdrawn_board": "<@%s>, stjórnandi þjónsins, dró <@%s> úr mótinu.",
	// /tafl settings, the daily puzzle's state after the bot turned it off because its channel no longer exists (Discord: Unknown Channel): the channel.
	"settings.daily_gone": "af (hún stöðvaðist: rás hennar, <#%s>, er ekki lengur til; veldu aðra með `/tafl settings` `daily_channel`)",
	// /tafl tournament action:create in a private thread, refused: the thread's parent channel.
	"tour.private_thread": "Ég get ekki haldið mót í lokuðum þræði: ég er ekki meðlimur í honum, svo ég gæti ekki birt umferðir þess, borð og stöðu hér sjálfur. Stofnaðu það á <#%s> eða annarri rás þar sem ég get birt skilaboð; ekkert var stofnað.",
	// A tournament's thread found deleted: posted in its channel, where it goes on: the tournament's name.
	"tour.thread_gone": "🏆 Þráður **%s** er ekki lengur til: mótið heldur áfram á þessari rás.",
	// A tournament game found its thread (the tournament's) deleted during a round: posted once in the tournament's channel, where the game goes on, pinging both players: the game, the tournament's name, the two players.
	"tour.game_thread_gone": "🏆 Þráðurinn þar sem skák %[1]d í **%[2]s** var tefld er ekki lengur til: <@%[3]s>, <@%[4]s>, skákin ykkar heldur áfram á þessari rás.",
	// Direct message to a tournament's creator, once: its channel (and thread) no longer exist: the tournament's name.
	"tour.dm_channel_gone": "Rásin þar sem mótið þitt **%s** er teflt er ekki lengur til, svo ég sendi þér umferðir þess og stöðu í einkaskilaboðum (leikmenn þess fá að vita um eigin skákir í einkaskilaboðum). Komdu þeim áfram þangað sem leikmennirnir sjá þær.",
	// Direct message to a tournament's creator before a post refused where it is played for the bot's missing access or permissions: the tournament's name, the channel.
	"tour.dm_refused": "Ég má ekki birta skilaboð á <#%[2]s>, þar sem mótið þitt **%[1]s** er teflt, svo ég sendi þér þetta í einkaskilaboðum. Stjórnandi þjónsins getur veitt mér aðgang og heimild til að birta þar.",
	// /tafl settings, after "reminders and results: each game's channel" where the bot dropped the notification channel because it no longer exists (Discord: Unknown Channel): the channel.
	"settings.notify_gone": "(tilkynningarásin <#%s> er ekki lengur til; veldu aðra með `/tafl settings` `channel`)",
	// A direct message to the opponent when a draw is offered in a game whose board Discord refused: the game, the player who offered it, why it comes by direct message (game.dm_why_*).
	"draw.dm_offer": "Skák %[1]d: %[2]s býður jafntefli. %[3]s: `/tafl draw` `game:%[1]d` tekur við því, á hvaða rás netþjónsins sem er, eða leiktu bara til að hafna því.",
	// The same, when the draw was offered on the offerer's own turn (the opponent cannot move yet).
	"draw.dm_offer_wait": "Skák %[1]d: %[2]s býður jafntefli. %[3]s: `/tafl draw` `game:%[1]d` tekur við því, á hvaða rás netþjónsins sem er; næsti leikur þinn hafnar boðinu.",
	// A direct message to the opponent when the draw offer is withdrawn in such a game: the game, the player who withdrew it, why it comes by direct message (game.dm_why_*).
	"draw.dm_withdrawn": "Skák %[1]d: %[2]s dró jafnteflisboðið sitt til baka. %[3]s.",
	// Why a move, a game's start, or a draw offered or withdrawn comes by direct message (in move.dm_your_move, move.dm_begun, draw.dm_offer, draw.dm_offer_wait, draw.dm_withdrawn): the game's channel or thread no longer exists (10003, deleted).
	"game.dm_why_gone": "Rásin eða þráðurinn þar sem skákin var tefld er ekki lengur til, svo ég segi þér þetta í einkaskilaboðum",
	// The same: the bot may no longer post in the game's channel or thread (50001 Missing Access, 50013 Missing Permissions): the channel.
	"game.dm_why_refused": "Ég má ekki lengur birta skilaboð á <#%s>, þar sem skákin er tefld (stjórnandi netþjónsins getur veitt mér aðgang og heimild til að birta þar), svo ég segi þér þetta í einkaskilaboðum",
	// The same: the game's thread is locked (50083, by a moderator): the thread.
	"game.dm_why_locked": "Þráðurinn þar sem skákin er tefld, <#%s>, er læstur (stjórnandi netþjónsins getur opnað hann), svo ég segi þér þetta í einkaskilaboðum",
	// /tafl settings channel: refused because the bot may not post there on its own (from the gateway's cache, or the interaction's own channel): the channel, the permissions it lacks (twice).
	"settings.channel_perms": "Ég get ekki birt áminningar og úrslit á <#%[1]s>: þar vantar mig %[2]s. Veittu mér %[3]s þar, eða veldu aðra rás; engu var breytt.",
	// /tafl settings daily_channel: refused for the same reason: the channel, the permissions it lacks (twice).
	"settings.daily_perms": "Ég get ekki birt þraut dagsins á <#%[1]s>: þar vantar mig %[2]s. Veittu mér %[3]s þar, eða veldu aðra rás; engu var breytt.",
	// /tafl settings, the daily puzzle's state after the bot turned it off because it had been removed from the server (and was added again since): the channel it was posted in.
	"settings.daily_left": "af (hún stöðvaðist þegar ég var fjarlægður af þessum netþjóni, en hún var birt á <#%s>; veldu rás aftur með `/tafl settings` `daily_channel`)",
	// /tafl settings leaderboard_hide and leaderboard_show (a user mention each; the list: how many, then their mentions and ids).
	"settings.hidden":         "<@%s> er falin(n) á stigatöflu þessa þjóns: stig og skákir haldast og áfram má tefla. `/tafl settings` `leaderboard_show` setur viðkomandi aftur á hana.",
	"settings.shown":          "<@%s> er aftur á stigatöflu þessa þjóns.",
	"settings.hidden_both":    "Feldu <@%s> eða sýndu, ekki hvort tveggja í einu; engu var breytt.",
	"settings.hidden_already": "<@%s> er þegar falin(n) á stigatöflu þessa þjóns; engu var breytt. `/tafl settings` `leaderboard_show` setur viðkomandi aftur á hana.",
	"settings.hidden_not":     "<@%s> er ekki falin(n) á stigatöflu þessa þjóns; engu var breytt. `/tafl settings` sýnir hverjir eru það.",
	"settings.hidden_full":    "Í mesta lagi má fela %d leikmenn á stigatöflunni: sýndu fyrst einhvern aftur með `leaderboard_show`; engu var breytt.",
	"settings.hidden_list":    "Falin á stigatöflunni (%d): %s",
}
