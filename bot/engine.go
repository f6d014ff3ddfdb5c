package bot

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/taflbot/taflbot/tafl"
	"github.com/taflbot/taflbot/tafl/ai"
)

// levelTime is how long a level usually thinks (0: it searches to a
// fixed depth instead).
func levelTime(level string) time.Duration {
	l, err := ai.ParseLevel(level)
	if err != nil {
		return 0
	}
	return ai.LevelLimits(l, 0).Time
}

// AIEngine is the Engine backed by package tafl/ai at its levels (easy
// and medium search shallowly with randomness among near-best moves; hard
// and max think for about one and five seconds). Each move gets a fresh
// random seed. One search uses one core: the bot's worker pool runs
// several games at once instead.
type AIEngine struct{}

// Move searches for the engine's move in g at level; think > 0 replaces
// the time budget of hard and max, and bounds every level's (a live
// game's clock: easy and medium never think longer than it allows).
func (AIEngine) Move(ctx context.Context, g *tafl.Game, level string, think time.Duration) (tafl.Move, error) {
	l, err := ai.ParseLevel(level)
	if err != nil {
		return tafl.NoMove, fmt.Errorf("bot: engine: %w", err)
	}
	limits := ai.LevelLimits(l, rand.Uint64())
	switch {
	case think > 0 && limits.Time > 0:
		limits.Time = think
	case think > 0:
		limits.Time = think // a depth-limited level stops at the clock's budget too
	}
	res, err := ai.Search(ctx, g, limits)
	if err != nil {
		return tafl.NoMove, fmt.Errorf("bot: engine: %w", err)
	}
	return res.Move, nil
}
