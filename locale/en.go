package locale

// en holds the English messages: the reference every other language
// must match (same keys, same verbs).
var en = Dict{
	"err.not_your_game":     "You are not playing in that game. `/tafl games` lists yours, and `/tafl challenge` or `/tafl ai` starts one.",
	"err.not_your_turn":     "It is not your turn: wait for your opponent's move. I'll mention you when it's your turn.",
	"games.in_progress":     Plural{Arg: 1, One: "%d game in progress", Other: "%d games in progress"},
	"settings.language_set": "I'll answer you in English.",
	"clock.left":            "%s left",
	// play modes (issue 17)
	"time.days_and_time":       "Choose `days` (a correspondence game) or `time` (a live game on a clock), not both.",
	"time.bad":                 "I can't use the time control `%s`: %s. Write the minutes of the game, a +, then the increment in seconds, such as `%s` (1 to 180 minutes, 0 to 180 seconds).",
	"time.problem.1":           "it is empty",
	"time.problem.2":           "the minutes are not a whole number",
	"time.problem.3":           "the seconds are not a whole number",
	"time.problem.4":           "the game time must be at least 1 minute",
	"time.problem.5":           "the game time must be at most 180 minutes",
	"time.problem.6":           "the increment cannot be negative",
	"time.problem.7":           "the increment must be at most 180 seconds",
	"time.problem.8":           "a + goes between the minutes and the increment",
	"time.problem.9":           "the game time is counted in minutes and the increment in seconds",
	"rematch.still_going":      "Game %d is still going: finish it first.",
	"rematch.self":             "Start a new game with `/tafl challenge`.",
	"rematch.playing":          "The rematch is being played already: game %[1]d (`/tafl board` `game:%[1]d`).",
	"challenge.other_server":   "That challenge belongs to another server: start one here with `/tafl challenge`.",
	"challenge.again":          "You have challenged <@%[1]s> already: %[2]s (it expires <t:%[3]d:R>). One open challenge to a player at a time: to change it, press **%[4]s** on it, then challenge again.",
	"challenge.too_many":       Plural{Arg: 1, One: "You have %d open challenge in this server, the most one player may have at once:%s\nPress **%[3]s** on one to take it back, or wait until one is answered or expires.", Other: "You have %d open challenges in this server, the most one player may have at once:%s\nPress **%[3]s** on one to take it back, or wait until one is answered or expires."},
	"challenge.gone":           "I can't find that challenge any more. Start a new one with `/tafl challenge`.",
	"pace.too_fast":            "You are sending commands and button presses too fast: this one was not carried out. Try again in %d s.",
	"games.dm_others":          "In a direct message I list only your own games: ask for another player's games in a server you share.",
	"stats.dm_others":          "In a direct message I show only your own stats: ask for another player's in a server you share.",
	"rematch.offered":          "You offered a rematch already; it is up to <@%s> now.",
	"tour.server_only":         "Tournaments are per server: use this command in a server.",
	"tour.what":                "Say what to do: `action:` %s.",
	"tour.managers_create":     "Only server managers (Manage Server permission) can create tournaments. Anyone can join one.",
	"tour.name":                "Give the tournament a `name` of 1 to %d characters, without mentions or formatting marks.",
	"tour.format":              "The format is %s.",
	"tour.rounds_rr":           "`rounds` is for a Swiss; a round robin has as many rounds as it needs for everyone to meet.",
	"tour.rounds_range":        "A Swiss has 1 to %d rounds.",
	"tour.signup_range":        "Sign-up lasts 1 to %d hours. To start sooner, press **%s** (or use `action:start`) once the players have joined.",
	"tour.no_such":             "There is no tournament %d in this server.",
	"tour.none":                "There is no tournament going on in this server. A manager starts one with `/tafl tournament` `action:create` `name:…`.",
	"tour.none_last_cancelled": "There is no tournament going on in this server: the last one, **%s** (tournament %d), was called off. A manager starts one with `/tafl tournament` `action:create` `name:…`.",
	"tour.several":             "Several tournaments are going on: pick one with the `tournament` option.",
	"tour.called_off":          "That tournament was called off.",
	"tour.left":                "You left **%s**.",
	"tour.you_started":         "You started **%s**: round 1 is being paired.",
	"tour.started_closed":      "That tournament has started: sign-up is closed. (To stop playing, use `action:withdraw`.)",
	"tour.signup_over":         "Sign-up for **%s** closed <t:%d:R>: it is too late to join.",
	"tour.already":             "You are signed up already.",
	"tour.not_in":              "You are not playing in that tournament.",
	"tour.full":                "That tournament is full (%d players).",
	"tour.too_few":             Plural{Arg: 2, One: "**%s** has %d player so far, and a tournament needs at least two: wait for more to join, or call it off with `/tafl tournament` `action:cancel`.", Other: "**%s** has %d players so far, and a tournament needs at least two: wait for more to join, or call it off with `/tafl tournament` `action:cancel`."},
	"tour.not_started":         "That tournament has not started yet: use `action:leave` to sign off.",
	"tour.over":                "That tournament is over.",
	"tour.only_creator_start":  "Only <@%s>, who created it, or a server manager can start the tournament early.",
	"tour.only_creator_cancel": "Only <@%s>, who created it, or a server manager can call the tournament off.",
	"tour.cancel_started":      "That tournament has started; players can withdraw (`action:withdraw`), and it ends after its last round.",
	"tour.cancelled":           "**%s** is called off.",
	"tour.withdrew":            "You withdrew from **%s**. Your results so far stand; you play no more games.",
	"tour.joined":              Plural{Arg: 2, One: "You joined **%s** (%d player).", Other: "You joined **%s** (%d players)."},
	"tour.round_games":         Plural{Arg: 3, One: "🏆 **%s**, round %d: %d game.", Other: "🏆 **%s**, round %d: %d games."},
	"err.timed_out":            "Too late: the time for the move had run out, so the game has ended on time (the result is posted in the game's channel).",
	"err.flag_fell":            "Your time had run out: that move does not count, and the game ends on time.",
	"tour.rr":                  "a round robin",
	"tour.double":              ", every pairing with both sides",
	"tour.per_move":            "%s per move",
	"tour.live":                "live, %s",
	"tour.rated":               "rated",
	"tour.casual":              "casual",
	"tour.nobody":              "nobody yet",
	"tour.head":                "🏆 **%s** (tournament %d): %s.",
	"tour.state_cancelled":     "Called off.",
	"tour.state_closed":        "Sign-up closed <t:%d:R>; I am about to pair round 1 and start the games. Players (%d): %s",
	"tour.state_over":          "Over after round %d. First place: %s. Players (%d): %s",
	"tour.state_running":       "Under way: round %d. Players (%d): %s",
	"tour.state_signup":        "Sign-up closes <t:%d:R>; then I pair round 1 and start the games. Players (%d): %s",
	"tour.btn_join":            "Join",
	"tour.btn_leave":           "Leave",
	"tour.btn_start":           "Start now",
	"tour.sub_cancelled":       "called off · %s",
	"tour.sub_final":           "final standings · %s",
	"tour.sub_round":           "round %d of %d · %s",
	"tour.sub_signup":          "sign-up · %s",
	"tour.tiebreak":            "%s · tie-break: %s",
	"tour.col_player":          "Player",
	"tour.col_points":          "Points",
	"tour.col_games":           "Games",
	"tour.col_wdl":             "W-D-L",
	"tour.withdrew_mark":       "%s (withdrew)",
	"tour.standings":           "Standings of **%s** (tournament %d).",
	"tour.alt":                 "Standings table of %s (%s): %s.",
	"tour.game_over":           "Game %d is over.",
	"tour.finished":            "🏆 **%s** is over. Congratulations %s!",
	"tour.early_repeat":        "It ended after round %d of %d: any further round would repeat a pairing.",
	"tour.early_players":       "It ended after round %d of %d: fewer than two players were left.",
	"tour.and":                 " and ",
	"tour.game_headline":       "Tournament **%s**, round %d: <@%s> (attackers) against <@%s>. Good luck!",
	"tour.withdrew_board":      "<@%s> withdrew from the tournament.",
	"tour.withdrew_post":       "🏆 <@%s> withdrew from **%s**.",
	"tour.bye":                 " %s sits out this round.",
	"tour.bye_point":           " A bye for %s: a point.",
	"tour.forfeits":            " Forfeits: %s.",
	"tour.forfeit":             "in round %d, %s wins against %s, who withdrew",
	"tour.forfeit_both":        "in round %d, %s and %s both withdrew: no points",
	"tour.cancelled_few":       "🏆 **%s** is called off: fewer than two players signed up.",
	"tour.swiss":               Plural{Arg: 1, One: "a Swiss of %d round", Other: "a Swiss of %d rounds"},
	// end play modes
	// game review, hints and puzzles (issue 18)
	"hint.engine_only":         "Hints are for casual games against the engine only.",
	"hint.off":                 "Hints are turned off in this server.",
	"review.none":              "You have no finished game here to review: name one with the `game` option.",
	"review.in_progress":       "Game %d is still being played: it can be reviewed once it is over.",
	"review.no_moves":          "Game %d ended before any move: there is nothing to review.",
	"review.aborted_only":      "Game %d ended before any move, so there is nothing in it to analyse, and you have no finished game with moves to review. Play one with `/tafl ai` or `/tafl challenge` (in a server): once it is over, `/tafl analyse` reviews it.",
	"review.aborted_other":     "Game %d ended before any move, so there is nothing in it to analyse. To review another of your finished games, name it with the `game` option (start typing for a list).",
	"review.none_yet":          "You have no finished game with moves to review. Play one with `/tafl ai` or `/tafl challenge` (in a server): once it is over, `/tafl analyse` reviews it.",
	"review.attackers":         "the attackers",
	"review.defenders":         "the defenders",
	"review.one_at_a_time":     "Your review of game %d is still running: one at a time, please. It will appear here when done.",
	"puzzle.gone":              "That puzzle no longer exists; try `/tafl puzzle`.",
	"puzzle.other_server":      "That puzzle belongs to another server; try `/tafl puzzle` here.",
	"puzzle.no_variant":        "There is no variant %q: `/tafl rules` lists them.",
	"variant.custom":           "custom",
	"settings.daily_hour":      "The daily puzzle's hour is 0 to 23 (UTC); nothing was changed.",
	"settings.daily_channel":   "The daily puzzle needs a channel: choose it with `daily_channel` (and the hour with `daily_hour`); nothing was changed.",
	"settings.daily_hour_kept": "The daily puzzle's hour is saved (%02d:00 UTC), but there is no daily puzzle until you choose its channel with `/tafl settings` `daily_channel`.",
	// /tafl settings game_channel.
	"settings.game_channel_both": "Choose `channel` or `game_channel:True`, not both; nothing was changed.",
	"settings.game_channel_off":  "Reminders and results already go to each game's own channel or thread: choose another with `channel`; nothing was changed.",
	// /tafl settings daily_channel with daily:False.
	"settings.daily_both": "Choose `daily_channel` or turn `daily` off, not both; nothing was changed.",
	// The review's evaluation graph (a picture): the name of its y axis, the defenders' chance of winning from 0 to 100 percent.
	"graph.chance": "Defenders' win chance",
	// The graph's labels of its upper half (the defenders ahead) and lower half (the attackers ahead), written along its right edge.
	"graph.defenders": "defenders",
	"graph.attackers": "attackers",
	// The name of the graph's x axis, numbered by moves (one number for a move of each side).
	"graph.move": "move",
	// The answer to a player who withdraws from a tournament again: its name, the round they withdrew in.
	"tour.withdrew_already": "You withdrew from **%s** in round %d already: your results so far stand, and you play no more games.",
	// Posted in a tournament's channel when a manager calls it off before it starts: its name, who called it off.
	"tour.cancelled_by": "🏆 **%s** is called off by <@%s>.",
	// The answer to someone not playing in a tournament who asks to join it after it started: its name.
	"tour.join_started": "**%s** has started: it is too late to join.",
	// The answer to a second start of a tournament (a late tap on Start now): its name, its current round.
	"tour.already_started": "**%s** has started already: round %d is under way.",
	// The answer to a tournament option that is neither a number nor the name of a tournament of the server: what was typed.
	"tour.no_name": "No tournament in this server is called `%s`: pick one from the list, or give its number.",
	// The answer to a tournament option naming several tournaments of the server: the name, their numbers ("3, 7").
	"tour.ambiguous": "Several tournaments in this server are called **%s** (numbers %s): pick one from the list, or give its number.",
	// The heading of the standings column of a Swiss's byes (rounds without a game, a point each).
	"tour.col_byes": "Byes",
	// The standings picture's alt text: the tie-break the picture heads "SB", spelt out for screen readers.
	"tour.alt_sb": "Sonneborn-Berger",
	// The standings picture's alt text: a player's wins, draws and losses (the picture's W-D-L column), read as words.
	"tour.alt_wins":   Plural{Arg: 1, One: "%d win", Other: "%d wins"},
	"tour.alt_draws":  Plural{Arg: 1, One: "%d draw", Other: "%d draws"},
	"tour.alt_losses": Plural{Arg: 1, One: "%d loss", Other: "%d losses"},
	// A Rematch tap on a finished tournament game's board (posted before tournament games lost the button): the game's number, the opponent's id.
	"rematch.tournament": "Game %[1]d was a tournament game, and those have no rematch: `/tafl challenge` `opponent:`<@%[2]s> starts a new game.",
	// /tafl vacation in a direct message with the bot, with no correspondence game going there: nothing would be paused.
	"vacation.dm_nothing": "A vacation here pauses the clocks of your correspondence games against me in direct messages, and you have none going: it would only use up your days. (A server's games are paused with `/tafl vacation` in that server.) Nothing was changed.",
	// /tafl vacation in a direct message: the vacation's end (a Discord timestamp).
	"vacation.dm_on": "🏖 You are on vacation until <t:%d:f>: the clocks of your games in direct messages with me are paused, and boards say so. `/tafl vacation` `days:0` ends it early (unused days come back).",
	// /tafl vacation in a direct message: the vacation left (a duration) and the days a year allowed there.
	"vacation.dm_left": "Vacation left this year for direct messages: %s of %d days (each server has its own: `/tafl vacation` there).",
	// /tafl vacation in a direct message, asking for more with none left: the days a year allowed there.
	"vacation.dm_none_left": "You have no vacation left this year for your games in direct messages (%d days a year); it comes back on 1 January.",
	// /tafl vacation in a direct message, asking for more than is left: the vacation left (a duration), the days a year allowed there.
	"vacation.dm_ask_less": "You have %s of vacation left this year for your games in direct messages (%d days a year): ask for less.",
	// /tafl analyse while the user's review of a game (the number) is still running, asked for in a direct message.
	"review.one_at_a_time_dm": "Your review of game %d is still running: one at a time, please. It will appear in our direct messages, where you asked for it, when done.",
	// /tafl analyse while the user's review of a game (the number) is still running, asked for in another channel (a channel mention).
	"review.one_at_a_time_in": "Your review of game %d is still running: one at a time, please. It will appear in %s, where you asked for it, when done.",
	// Rematch tapped on a game whose rematch has ended: the rematch's game number, the Rematch button's label on its board.
	"rematch.over": "The rematch, game %[1]d, is over: for another, press **%[2]s** on its board (`/tafl board` `game:%[1]d`).",
	// A press (a move, Resign, Offer draw, …) that found the side to move out of time, the game just ended on time: whose flag fell (a mention), the game's number, its result ("Defenders win · the attackers ran out of time").
	"err.timed_out_game": "Too late: %[1]s had run out of time, so game %[2]d has ended on time (%[3]s) and this changed nothing. The result is posted in the game's channel.",
	// err.timed_out_game for a game whose result went to the server's notification channel (/tafl settings channel:): the same, and that channel's id.
	"err.timed_out_game_in": "Too late: %[1]s had run out of time, so game %[2]d has ended on time (%[3]s) and this changed nothing. The result is posted in <#%[4]s>.",
	// clock.SecondsInBase (shown inside time.bad): a game time written with seconds, such as 2:30.
	"time.problem.10": "the game time is a whole number of minutes, without seconds",
	// err.timed_out_game told to the player whose flag fell (who pressed after their own time ran out): the game's number, its result.
	"err.timed_out_game_you": "Too late: you had run out of time, so game %[1]d has ended on time (%[2]s) and this changed nothing. The result is posted in the game's channel.",
	// err.timed_out_game_you for a game whose result went to the server's notification channel: the same, and that channel's id.
	"err.timed_out_game_you_in": "Too late: you had run out of time, so game %[1]d has ended on time (%[2]s) and this changed nothing. The result is posted in <#%[3]s>.",
	// The result of a game sent by direct message to both players because Discord refused its post for the bot's missing access or permissions (50001, 50013): the game's number, its result line, the channel's id.
	"result.dm_refused": "Game %[1]d is over: %[2]s\nI am telling you by direct message because Discord refused my post of this result in <#%[3]s>: I no longer have access or the permissions to post there (a server manager can give them back). Both players get this message, whatever their `/tafl settings` `dms`.",
	// err.timed_out_game where the bot can no longer post in the game's channel (its app_permissions there), so the result goes to both players by direct message: who had run out of time, the game's number, the result.
	"err.timed_out_game_dm": "Too late: %[1]s had run out of time, so game %[2]d has ended on time (%[3]s) and this changed nothing. I can no longer post in this channel, so the result is sent to both players by direct message.",
	// err.timed_out_game_you where the bot can no longer post in the game's channel (its app_permissions there), so the result goes to both players by direct message: the game's number, the result.
	"err.timed_out_game_you_dm": "Too late: you had run out of time, so game %[1]d has ended on time (%[2]s) and this changed nothing. I can no longer post in this channel, so the result is sent to both players by direct message.",
	// The first board of a game asked for in a thread, where the server wants a thread per game, when Discord refused the board in the thread's parent channel (the bot may not post there): the game is played in the thread instead. The parent channel's id.
	"game.parent_refused": "I can't post in <#%s>, so this game is played here in the thread.",
	// A press (a move, Resign, Offer draw, …) that found the side to move out of time before its first move, which aborts the game (not a loss on time): whose flag fell (a mention), the game's number.
	"err.timed_out_abort": "Too late: %[1]s had run out of time before their first move, so game %[2]d is aborted (no result, no rating change) and this changed nothing. It is announced in the game's channel.",
	// err.timed_out_abort for a game whose end went to the server's notification channel (/tafl settings channel:): the same, and that channel's id.
	"err.timed_out_abort_in": "Too late: %[1]s had run out of time before their first move, so game %[2]d is aborted (no result, no rating change) and this changed nothing. It is announced in <#%[3]s>.",
	// err.timed_out_abort where the bot can no longer post in the game's channel (its app_permissions there), so both players are told by direct message: whose flag fell, the game's number.
	"err.timed_out_abort_dm": "Too late: %[1]s had run out of time before their first move, so game %[2]d is aborted (no result, no rating change) and this changed nothing. I can no longer post in this channel, so both players are told by direct message.",
	// err.timed_out_abort told to the player whose flag fell (who pressed after their own time ran out, before their first move): the game's number.
	"err.timed_out_abort_you": "Too late: you had run out of time before your first move, so game %[1]d is aborted (no result, no rating change) and this changed nothing. It is announced in the game's channel.",
	// err.timed_out_abort_you for a game whose end went to the server's notification channel: the game's number, that channel's id.
	"err.timed_out_abort_you_in": "Too late: you had run out of time before your first move, so game %[1]d is aborted (no result, no rating change) and this changed nothing. It is announced in <#%[2]s>.",
	// err.timed_out_abort_you where the bot can no longer post in the game's channel, so both players are told by direct message: the game's number.
	"err.timed_out_abort_you_dm": "Too late: you had run out of time before your first move, so game %[1]d is aborted (no result, no rating change) and this changed nothing. I can no longer post in this channel, so both players are told by direct message.",
	// The result of a game sent by direct message to both players because Discord refused its post: the channel or thread where it is played no longer exists (10003, deleted): the game's number, its result line.
	"result.dm_channel_gone": "Game %[1]d is over: %[2]s\nI am telling you by direct message because the channel or thread where it was played no longer exists, so I could not post the result there. Both players get this message, whatever their `/tafl settings` `dms`.",
	// By direct message to the player to move in a game whose board of the last move Discord refused in the game's channel or thread (deleted, or the bot may no longer post there): the game's number, who moved (a mention or the engine's name), the move (such as "12… c4-c1"), why it comes by direct message (game.dm_why_*).
	"move.dm_your_move": "Game %[1]d: %[2]s played %[3]s, and it is your move. %[4]s: `/tafl board` `game:%[1]d` shows the board and `/tafl move` `game:%[1]d` plays your move, in any channel of the server.",
	// The private reply to a move played from another server or a direct message (/tafl move game:, the Move menu), edited after the board's post found the game's channel or thread deleted (10003) and nowhere to move it: the move (such as "12… c4-c1"), the game's number.
	"move.elsewhere_gone": "You played %[1]s in game %[2]d. The channel or thread where the game was played no longer exists, so it goes on by direct message: the player to move is told there, and `/tafl board` `game:%[2]d` and `/tafl move` `game:%[2]d` work in any channel of the server.",
	// move.elsewhere_gone when that move ended the game: the move, the game's number.
	"move.elsewhere_gone_over": "You played %[1]s in game %[2]d. The channel or thread where the game was played no longer exists, so the result goes to both players by direct message.",
	// By direct message to both players of a game neither of them started (a tournament's), whose first board Discord refused in the game's channel or thread (deleted, or the bot may no longer post there): the game's number, who is to move (a mention), why it comes by direct message (game.dm_why_*).
	"move.dm_begun": "Game %[1]d has begun, and %[2]s is to move. %[3]s: `/tafl board` `game:%[1]d` shows the board and `/tafl move` `game:%[1]d` plays a move, in any channel of the server.",
	// The result of a game sent by direct message to both players because Discord refused its post: the thread where it is played is locked (50083, by a moderator): the game's number, its result line, the thread's id.
	"result.dm_thread_locked": "Game %[1]d is over: %[2]s\nI am telling you by direct message because the thread where it was played, <#%[3]s>, is locked, so I could not post the result there (a server manager can unlock it). Both players get this message, whatever their `/tafl settings` `dms`.",
	// The engine's judgement of a position in words, shown instead of a win chance for a variant whose score-to-chance curve is not checked (review lines, the review's text file, the graph's alt text): a forced win, or one the engine is sure of, for the attackers. The seven standing.* are whole clauses.
	"standing.attackers_win": "the attackers win",
	// The engine's judgement: the attackers are far ahead (a score of 10 attackers or more).
	"standing.attackers_much": "the attackers stand much better",
	// The engine's judgement: the attackers are ahead (a score of 2.5 attackers or more).
	"standing.attackers_better": "the attackers stand better",
	// The engine's judgement: neither side is clearly ahead.
	"standing.even": "about even",
	// The engine's judgement: the defenders are ahead.
	"standing.defenders_better": "the defenders stand better",
	// The engine's judgement: the defenders are far ahead.
	"standing.defenders_much": "the defenders stand much better",
	// The engine's judgement: a forced win, or one the engine is sure of, for the defenders.
	"standing.defenders_win": "the defenders win",
	// The Hint's answer for a variant whose win chances are not checked (instead of "your chance of winning is about N %"): the game's number, the suggested move, the engine's judgement from the player's side (one of hint.you_win … hint.they_win), the hints used.
	"hint.judged": "💡 Game %d: the engine suggests **%s** (the green arrow); with it, in the engine's judgement, %s. Hints used in this game: %d — the game record notes them.",
	// hint.judged's judgement: the player wins (by force, or the engine is sure of it).
	"hint.you_win": "you win",
	// hint.judged's judgement: the player is far ahead.
	"hint.you_much": "you stand much better",
	// hint.judged's judgement: the player is ahead.
	"hint.you_better": "you stand better",
	// hint.judged's judgement: neither side is clearly ahead.
	"hint.even": "the game is about even",
	// hint.judged's judgement: the player's opponent is ahead.
	"hint.they_better": "your opponent stands better",
	// hint.judged's judgement: the player's opponent is far ahead.
	"hint.they_much": "your opponent stands much better",
	// hint.judged's judgement: the player's opponent wins.
	"hint.they_win": "your opponent wins",
	// A review without win chances (variant not checked): no move lowered the engine's score noticeably.
	"review.clean_judged": "No move lowered the engine's judgement by much: a clean game.",
	// A review without win chances: the heading of the turning points, each shown as the engine's judgement before and after the move.
	"review.turning_judged": "Turning points (the engine's judgement before → after; the engine's move):",
	// The small print under a review without win chances: the nodes searched a position, why no chance is shown, how moves are classed.
	"review.judged_note": "-# The engine searched %d nodes a position. No win chance is shown: none has been checked against this variant's games yet; inaccuracy, mistake, blunder go by how far the engine's score fell.",
	// After a turning point's move and class: the engine's judgement before → after it (two standing.* clauses).
	"review.judged_change": " — %s → %s",
	// The review's text file without win chances: why none is shown and how positions and moves are judged (three lines).
	"review.text_judged": "No win chance is shown for this variant: no curve from the engine's score to a chance has been checked against its games yet.\nEach position gets the engine's judgement in words and its score in attackers (+ favours the attackers; about even within 2.5, much better from 10).\nA move is an inaccuracy, a mistake, a blunder by how far the engine's score fell: as far as 10, 20, 30 points of chance on the default curve (even at 0, 300 points a logit).",
	// The review's text file without win chances: the first line, the engine's judgement of the start (a standing.* clause).
	"review.text_start": "start: %s",
	// The review's text file without win chances, after a classified move: its class, the engine's judgement before it (a standing.* clause), the engine's better move.
	"review.text_class": "%s (before it: %s), better %s",
	// The name of the review graph's y axis for a variant without checked win chances: it plots the engine's score, squashed, not a chance.
	"graph.judgement": "The engine's judgement (no win chance checked for this variant)",
	// The label of the middle of that graph's y axis (neither side ahead).
	"graph.even": "even",
	// The alt text of a review graph without win chances: the game's number, the variant; followed by ", from X at the start to Y at the end".
	"review.graph_alt_judged": "Evaluation graph of game %d, %s: the engine's judgement after every move (no win chance checked for this variant)",
	// After /tafl history's game record, when the game has a review without win chances: what the attached files hold.
	"history.review_judged": "With the engine's review: every move judged and classed in the text file, and its graph.",
	// A position's judgement (a standing.* clause) and the engine's score in attackers, + when it favours the attackers ("the attackers stand better (+2.9)"), in a review without win chances.
	"standing.scored": "%s (%+.1f)",
	// The answer to a member without Manage Server who gives another player to `/tafl tournament action:withdraw player:`.
	"tour.withdraw_managers": "Only server managers (Manage Server permission) can withdraw another player; `action:withdraw` alone withdraws you.",
	// The answer to a manager withdrawing a user who is not playing in the tournament: the user, the tournament's name.
	"tour.not_in_other": "<@%s> is not playing in **%s**: nothing was changed.",
	// The answer to a manager withdrawing a player from a tournament that has not started: its name, the player (who may sign off themselves).
	"tour.not_started_other": "**%s** has not started yet: nothing was changed. Only <@%s> can sign off before it starts.",
	// The answer to a manager withdrawing a player who withdrew (or was withdrawn) already: the player, the tournament's name, the round.
	"tour.withdrew_already_other": "<@%s> withdrew from **%s** in round %d already: nothing was changed.",
	// Told privately to the server manager who withdrew a player: the player, the tournament's name.
	"tour.withdrew_other": "You withdrew <@%s> from **%s**. Their results so far stand; they play no more games.",
	// Posted in a tournament's channel when a server manager withdrew a player who had no game going: the manager, the player, the tournament's name.
	"tour.withdrawn_post": "🏆 <@%s>, a server manager, withdrew <@%s> from **%s**.",
	// Above the final board of the game a withdrawn player resigned, when a server manager withdrew them: the manager, the player.
	"tour.withdrawn_board": "<@%s>, a server manager, withdrew <@%s> from the tournament.",
	// /tafl settings, the daily puzzle's state after the bot turned it off because its channel no longer exists (Discord: Unknown Channel): the channel.
	"settings.daily_gone": "off (it stopped: its channel <#%s> no longer exists; choose another with `/tafl settings` `daily_channel`)",
	// /tafl tournament action:create in a private thread, refused: the thread's parent channel.
	"tour.private_thread": "I can't run a tournament in a private thread: I am not one of its members, so I could not post its rounds, boards and standings here on my own. Create it in <#%s> or another channel where I can post; nothing was created.",
	// A tournament's thread found deleted: posted in its channel, where it goes on: the tournament's name.
	"tour.thread_gone": "🏆 The thread of **%s** no longer exists: the tournament goes on in this channel.",
	// A tournament game found its thread (the tournament's) deleted during a round: posted once in the tournament's channel, where the game goes on, pinging both players: the game, the tournament's name, the two players.
	"tour.game_thread_gone": "🏆 The thread where game %[1]d of **%[2]s** was played no longer exists: <@%[3]s>, <@%[4]s>, your game goes on in this channel.",
	// Direct message to a tournament's creator, once: its channel (and thread) no longer exist: the tournament's name.
	"tour.dm_channel_gone": "The channel where your tournament **%s** is played no longer exists, so I am sending you its rounds and standings by direct message (its players are told of their own games by direct message). Pass them on where the players will see them.",
	// Direct message to a tournament's creator before a post refused where it is played for the bot's missing access or permissions: the tournament's name, the channel.
	"tour.dm_refused": "I may not post in <#%[2]s>, where your tournament **%[1]s** is played, so I am sending you this by direct message. A server manager can give me access and permission to post there.",
	// /tafl settings, after "reminders and results: each game's channel" where the bot dropped the notification channel because it no longer exists (Discord: Unknown Channel): the channel.
	"settings.notify_gone": "(the notification channel <#%s> no longer exists; choose another with `/tafl settings` `channel`)",
	// A direct message to the opponent when a draw is offered in a game whose board Discord refused: the game, the player who offered it, why it comes by direct message (game.dm_why_*).
	"draw.dm_offer": "Game %[1]d: %[2]s offers a draw. %[3]s: `/tafl draw` `game:%[1]d` accepts it, in any channel of the server, or just move to decline it.",
	// The same, when the draw was offered on the offerer's own turn (the opponent cannot move yet).
	"draw.dm_offer_wait": "Game %[1]d: %[2]s offers a draw. %[3]s: `/tafl draw` `game:%[1]d` accepts it, in any channel of the server; your next move declines it.",
	// A direct message to the opponent when the draw offer is withdrawn in such a game: the game, the player who withdrew it, why it comes by direct message (game.dm_why_*).
	"draw.dm_withdrawn": "Game %[1]d: %[2]s withdrew their draw offer. %[3]s.",
	// Why a move, a game's start, or a draw offered or withdrawn comes by direct message (in move.dm_your_move, move.dm_begun, draw.dm_offer, draw.dm_offer_wait, draw.dm_withdrawn): the game's channel or thread no longer exists (10003, deleted).
	"game.dm_why_gone": "The channel or thread where the game was played no longer exists, so I am telling you by direct message",
	// The same: the bot may no longer post in the game's channel or thread (50001 Missing Access, 50013 Missing Permissions): the channel.
	"game.dm_why_refused": "I may no longer post in <#%s>, where the game is played (a server manager can give me access and permission to post there), so I am telling you by direct message",
	// The same: the game's thread is locked (50083, by a moderator): the thread.
	"game.dm_why_locked": "The thread where the game is played, <#%s>, is locked (a server manager can unlock it), so I am telling you by direct message",
	// /tafl settings channel: refused because the bot may not post there on its own (from the gateway's cache, or the interaction's own channel): the channel, the permissions it lacks (twice).
	"settings.channel_perms": "I can't post reminders and results in <#%[1]s>: there I lack %[2]s. Give me %[3]s there, or choose another channel; nothing was changed.",
	// /tafl settings daily_channel: refused for the same reason: the channel, the permissions it lacks (twice).
	"settings.daily_perms": "I can't post the daily puzzle in <#%[1]s>: there I lack %[2]s. Give me %[3]s there, or choose another channel; nothing was changed.",
	// /tafl settings, the daily puzzle's state after the bot turned it off because it had been removed from the server (and was added again since): the channel it was posted in.
	"settings.daily_left": "off (it stopped when I was removed from this server, posting in <#%s>; choose a channel again with `/tafl settings` `daily_channel`)",
	// /tafl settings leaderboard_hide and leaderboard_show (a user mention each; the list: how many, then their mentions and ids).
	"settings.hidden":         "<@%s> is hidden from this server's leaderboard: their ratings and games are kept, and they can still play. `/tafl settings` `leaderboard_show` puts them back.",
	"settings.shown":          "<@%s> is on this server's leaderboard again.",
	"settings.hidden_both":    "Hide <@%s> or show them, not both at once; nothing was changed.",
	"settings.hidden_already": "<@%s> is already hidden from this server's leaderboard; nothing was changed. `/tafl settings` `leaderboard_show` puts them back.",
	"settings.hidden_not":     "<@%s> is not hidden from this server's leaderboard; nothing was changed. `/tafl settings` lists the players who are.",
	"settings.hidden_full":    "At most %d players can be hidden from the leaderboard: show one again with `leaderboard_show` first; nothing was changed.",
	"settings.hidden_list":    "Hidden from the leaderboard (%d): %s",
}
