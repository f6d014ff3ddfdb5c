// Package puzzle finds, checks and stores tafl puzzles: positions in which
// the side to move forces a win in one to five of its own moves with
// exactly one first move.
//
// # Solving
//
// [Solve] is an exhaustive search, not the playing engine's: it tries
// every move of both sides to the depth asked (a win in n is 2n−1 plies),
// applying the variant's rules exactly (captures, every game end,
// repetition, a side without a legal move), so its answer is a proof. It
// finds the shortest forced win and every first move that achieves it.
// The cost grows with the number of moves to the power of the depth, so
// every search takes a budget of positions and answers [ErrBudget] when it
// would need more.
//
// # Puzzles
//
// A [Puzzle] stores its variant, position, side to move, the number of
// the winner's moves, the solution line and where it comes from.
// [Find] turns a position into a puzzle when it is one, building the line
// with the replies that hold out longest; [Puzzle.Verify] checks a stored
// puzzle from scratch. [Encode] and [Decode] read and write puzzles as
// JSON lines, the format of the starter set ([Starter]).
package puzzle
