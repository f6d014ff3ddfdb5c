// Package otep speaks the OpenTafl Engine Protocol (OTEP), the text
// protocol OpenTafl uses to talk to external tafl engines
// (opentafl-engine-protocol.txt in github.com/jslater89/OpenTafl): one
// command per line on the engine's standard input and output.
//
// It has two sides:
//
//   - [Engine] is the engine side: it serves a [Searcher] (taflbot's own
//     engine through [AI], or any other) to a host such as OpenTafl or
//     `tafl match`. `tafl otep` runs it on stdin and stdout.
//   - [Host] is the host side: it starts any OTEP engine process and
//     drives it through games: rules, opponents' moves, clocks, play, and
//     the checks a host owes its players (every move it submits is legal,
//     or it is refused and asked again once).
//
// Both follow what OpenTafl itself does where the protocol text leaves
// room (tested against OpenTafl v0.4.8.0b, commit 6895051):
//
//   - "clock" carries milliseconds and a whole number of overtime
//     seconds; a host sends it just before "play" (OpenTafl's engine reads
//     it then), and [Engine] also accepts it just after, and fractional
//     overtime seconds.
//   - "side" sets the side to move (OpenTafl's host sends it only to set
//     up a position for analysis or a replay); a host playing a game never
//     sends it: "play" names the side.
//   - After its "move", OpenTafl's engine still makes the move on its own
//     board and prints its search statistics; a line arriving meanwhile
//     can crash it. [Host] therefore sends nothing until the engine has
//     been quiet for a while (Options.Settle).
//   - OpenTafl's engine ignores "error": after a refused move its board is
//     wrong. [Host] resends the game as "rules" and one "opponent-move"
//     with every move so far, which any engine can follow.
//   - Rules strings go out in US-ASCII: a non-ASCII name is transliterated.
package otep
