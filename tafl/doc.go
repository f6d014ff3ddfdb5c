// Package tafl implements the rules of the tafl games — Hnefatafl, Tablut,
// Brandubh, Tawlbwrdd and their kin — as specified in taflbot's
// rules/VARIANTS.md, with OpenTafl notation (OTN) for positions, moves,
// rules and game records. It uses the standard library only: no I/O, no
// logging.
//
// # Variants
//
// A variant is data: a [Rules] value (board size, start position, throne,
// corners and camps with who may stop, pass or be threatened there, the
// king's arms and strength, shieldwall, exit fort, encirclement, combined
// trap, repetition and no-move rules). [NewVariant] compiles Rules into an
// immutable [Variant]; [Preset] returns the presets of VARIANTS.md §3
// (copenhagen, fetlar, brandubh, ard-ri, tablut, tablut-helmfrid,
// hnefatafl-9, cyning-taefl, tawlbwrdd with its layouts, alea-evangelii),
// and [ParseRules] reads an OpenTafl rules string as a custom variant.
//
// # Positions and games
//
// A [Position] is a value: the board, the side to move and what the last
// move decided. [Position.Apply] checks a move and returns the next
// position; [Position.CheckMove] explains, in words a player can read, why
// a move is illegal ("d1-d4: the path is blocked at d3"). A [Game] keeps
// the history, applies the repetition and no-legal-move rules, and records
// the [Outcome] (winner and [EndReason]); resignation, agreed draws and loss
// on time are recorded by the caller ([Game.Resign], [Game.AgreeDraw],
// [Game.LoseOnTime], or [Game.FlagFall], which draws when the side left
// with time lacks the material to win: [Position.CanWin]). After every
// move, [Position.Announcement] tells
// whether the king has one open line to an escape square (raichi) or more
// (tuicha).
//
// # Speed
//
// The board is a 21×21 mailbox whatever its size (see square.go).
// [Position.GenerateMoves] fills a caller's buffer and [Position.MakeMove]
// copies a position into a caller's child with the move made: the fast,
// unchecked path for search, with incremental Zobrist hashing
// ([Position.Hash]). [Perft] counts the legal-move tree, making every move.
//
// # Notation
//
// Position records are OTN: rows from rank 1 up, digits for runs of empty
// squares, t attacker, T defender, K king ([Position.Record],
// [Variant.ParsePosition]). Moves are written d1-d4, or in full form with
// the king's K, captures and a suffix ([ParseMove], [Ply.Notation]).
// Rules strings ([ParseRules], [Rules.String]) and game records
// ([EncodeGame], [DecodeGame]) with their time-control tag ([TimeSpec])
// are described in docs/notation.md, with taflbot's extensions.
//
// # Errors
//
// A [SyntaxError] says what text could not be read and a [MoveError] why a
// move is refused, in English. Those of rules strings, position records
// and moves, and every refused move but one after the end, also carry a
// [Code] and its arguments, so that a caller can say them in another
// language ([Codes] lists them; [Code.Format] is the English).
//
// # Caveats
//
// A captured king stays on the board (the outcome says he was captured),
// so every position of a game has a valid record. Whether the king has left
// the throne is read from the board: a custom position with the king off
// the throne counts as one where he has left it.
package tafl
