// Package ai implements taflbot's playing engine: an alpha-beta search
// over the positions of package tafl, an evaluation that knows tafl, and
// the playing levels the bot offers.
//
// # Search
//
// [Search] runs an iterative-deepening principal-variation search on the
// fast, unchecked path of package tafl ([tafl.Position.GenerateMoves] into
// per-ply buffers and copy-make with [tafl.Position.MakeMove], or
// [tafl.Position.MakeMoveOver] over a node's previous child). It keeps a
// transposition table keyed by the engine's Zobrist hashes, orders moves
// (hash move, likely king wins, captures, king moves, killers, history),
// reduces late quiet moves (more the deeper the node and the later the
// move), prunes non-PV nodes whose static value or null-move search is
// already above beta (never while the opponent threatens a win in one),
// and ends every line in a tactical quiescence
// search: a king with an open line to an escape square, or a king that
// can be captured at once, must be answered before the position is
// evaluated, so wins and losses just beyond the horizon are seen.
//
// The search follows the variant's rules exactly: repetition is judged
// with the game's history plus the line being searched (ignore, draw,
// defenders lose, mover loses, or forbidden, per [tafl.Rules.Repetition]),
// and a side without a legal move loses or draws per
// [tafl.Rules.NoMovesDraw].
//
// [Limits] bound the search by depth, nodes and time; the context cancels
// it at any moment and the best move found so far is returned. With one
// thread (the default) and no time limit, a search is deterministic: the
// same game, limits and seed give the same result. Limits.Threads > 1
// runs a lazy SMP search sharing one table.
//
// # Scores
//
// Scores are from the point of view of the side to move, in hundredths of
// an attacker (an attacker is worth 100). A forced win is reported as
// [WinScore] minus the number of plies to it; see [Result.Mate].
//
// In the presets whose games can be drawn, the evaluation is shifted by a
// fitted constant per preset ([Balance]) so that 0 means even chances,
// the value of a draw.
//
// # Levels
//
// [Level] names the bot's playing strengths (easy, medium, hard, max).
// Easy and medium search shallowly and choose at random among moves that
// score nearly as well as the best, but never miss a win in one and never
// allow the opponent one; hard and max use the full engine with a time
// budget. See [LevelLimits].
package ai
