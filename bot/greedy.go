package bot

import (
	"context"
	"math/rand/v2"

	"github.com/taflbot/taflbot/tafl"
)

// GreedyEngine is a one-ply engine: it wins at once when it can, else
// captures, else moves at random. It stands in where the real engine is
// not wanted (console demos, tests).
type GreedyEngine struct{}

// Move picks the move; the level is ignored.
func (GreedyEngine) Move(ctx context.Context, g *tafl.Game, level string) (tafl.Move, error) {
	if err := ctx.Err(); err != nil {
		return tafl.NoMove, err
	}
	pos := g.Position()
	moves := g.LegalMoves()
	if len(moves) == 0 {
		return tafl.NoMove, tafl.ErrGameOver
	}
	var caps []tafl.Move
	for _, m := range moves {
		var c tafl.Position
		n := pos.MakeMove(m, &c)
		if c.Outcome().Over() && c.Outcome().Winner == pos.ToMove() {
			return m, nil
		}
		if n > 0 {
			caps = append(caps, m)
		}
	}
	if len(caps) > 0 {
		return caps[rand.IntN(len(caps))], nil
	}
	return moves[rand.IntN(len(moves))], nil
}
