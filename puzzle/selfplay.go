package puzzle

import (
	"context"
	"math/rand/v2"

	"github.com/taflbot/taflbot/tafl"
	"github.com/taflbot/taflbot/tafl/ai"
)

// SelfPlayOptions say how SelfPlay plays.
type SelfPlayOptions struct {
	Opening  int       // Opening is the number of random plies before the engine plays (0: 4).
	Limits   ai.Limits // Limits bound each move's search (the zero value: 20 000 nodes, noise 40).
	MaxPlies int       // MaxPlies ends an undecided game, unfinished (0: 300).
}

// SelfPlay plays one game of the engine against itself from the start of
// v: Opening random plies, then moves searched within Limits, with a seed
// per move drawn from seed, so the same arguments give the same game. Its
// imperfect play (the noise) makes mistakes that lead to forced wins,
// which is what Mine looks for. The game may end unfinished, after
// MaxPlies plies.
func SelfPlay(ctx context.Context, v *tafl.Variant, seed uint64, opts SelfPlayOptions) (*tafl.Game, error) {
	if opts.Opening <= 0 {
		opts.Opening = 4
	}
	if opts.Limits == (ai.Limits{}) {
		opts.Limits = ai.Limits{Nodes: 20_000, Noise: 40}
	}
	if opts.MaxPlies <= 0 {
		opts.MaxPlies = 300
	}
	r := rand.New(rand.NewPCG(seed, 0x70757a7a6c65)) // "puzzle"
	g := tafl.NewGame(v)
	for g.Len() < opts.MaxPlies && !g.Outcome().Over() {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		var m tafl.Move
		if g.Len() < opts.Opening {
			ms := g.LegalMoves()
			m = ms[r.IntN(len(ms))]
		} else {
			lim := opts.Limits
			lim.Seed = r.Uint64()
			res, err := ai.Search(ctx, g, lim)
			if err != nil {
				return nil, err
			}
			m = res.Move
		}
		if _, err := g.Play(m); err != nil {
			return nil, err
		}
	}
	return g, nil
}
