// Package bot is taflbot's Discord side: the /tafl slash command and its
// subcommands, the buttons and menus on board messages, replies with board
// pictures, correspondence clocks and games against the engine.
//
// # Shape
//
// A [Bot] holds its dependencies (logger, [storage.Store], a board
// [Renderer], an [Engine] and a [REST] client for the few Discord calls it
// makes) and is built by [New]. Interactions reach one router from three
// front doors: the gateway ([Bot.Run] in gateway mode), the HTTP
// Interactions Endpoint ([Bot.InteractionsHandler], Ed25519-verified) and
// the terminal ([Console]). Every handler has one signature: it takes a
// context and the interaction and returns the response plus an error. One
// dispatcher maps errors to user text (ephemeral for mistakes a user can
// fix, "something went wrong (ref …)" and one Error log line otherwise),
// recovers panics and logs one line per interaction.
//
// # Replies within Discord's three seconds
//
// A handler still running after [Options.DeferAfter] (1 s) is answered
// with a deferral ("taflbot is thinking…") and its reply is delivered late
// by editing the response (or, for a component that opens a new message,
// and for a private reply to a command, as a follow-up). A component is
// deferred as its action declares its handler answers (components, in
// router.go): as an update of its message, or, for Hint and Analyse,
// whose handlers answer with a new message they edit later, and the game
// picker, which runs a command, as that new message (componentDeferral).
// Handlers that are slow by nature (the GIF replay of
// /tafl history) defer themselves. Board pictures are drawn at most one per
// core at a time, so that a burst of moves does not starve the replies.
// In HTTP mode a reply with files is sent as a deferral in the HTTP body
// and then delivered by editing, through REST.
//
// # Concurrency and restarts
//
// Every change to a game goes through storage.UpdateGame with the ply the
// button was made for, so double clicks and stale buttons are answered
// privately and never apply twice. Components carry the game id and ply in
// their custom ids ([CustomID]), so they keep working after a restart.
// Engine moves run in a bounded worker pool fed by a fair queue
// (enginequeue.go): servers take turns, then users within a server, and
// one user's jobs never take every worker. A move the queue has no room
// for stays due in storage and a timer submits it again
// ([Options.EngineRetry]); due moves are also resumed at start-up. Games
// against the engine are limited per user and per server
// ([Options.AIGamesPerUser], [Options.AIGamesPerServer]);
// the clock sweeper catches up on reminders and timeouts it missed, and
// storage's MarkReminded / ExpireGame make each happen exactly once.
//
// # What players read
//
// Moves are written and counted as OpenTafl does everywhere (pairs, the
// king's K, captures after an x: tafl.MoveList, tafl.PlyLabel). Players
// are shown by the display names kept with each game (names.go), never by
// raw ids. Every picture carries alt text (alt.go: discordgo cannot
// describe an attachment, so SessionREST writes the description into the
// request itself), and /tafl board text:true describes a position in
// words. Help from the rules engine (autocomplete labels that say which
// moves capture or win) is given only where engineHelpAllowed says so.
// Rules pages are generated from the variant's rule data
// (tafl.Variant.RulesPage and Illustrations).
package bot
