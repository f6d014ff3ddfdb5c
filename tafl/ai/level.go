package ai

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/taflbot/taflbot/tafl"
)

// Level is one of the bot's playing strengths. The zero value, NoLevel,
// is not a level.
type Level uint8

// The levels, weakest first.
const (
	NoLevel Level = iota // NoLevel is not a level.
	Easy                 // Easy searches 2 plies and picks at random among moves near the best.
	Medium               // Medium searches 3 plies with less randomness.
	Hard                 // Hard is the full engine with about a second per move.
	Max                  // Max is the full engine with about five seconds per move.
)

var levelNames = [...]string{"", "easy", "medium", "hard", "max"}

// Levels lists the levels, weakest first.
func Levels() []Level { return []Level{Easy, Medium, Hard, Max} }

// String returns the level's name ("easy", …; "" for NoLevel).
func (l Level) String() string {
	if int(l) < len(levelNames) {
		return levelNames[l]
	}
	return fmt.Sprintf("level(%d)", l)
}

// ParseLevel reads a level name (case-insensitive).
func ParseLevel(text string) (Level, error) {
	t := strings.ToLower(strings.TrimSpace(text))
	for i, n := range levelNames {
		if i > 0 && n == t {
			return Level(i), nil
		}
	}
	return NoLevel, fmt.Errorf("ai: unknown level %q: choose easy, medium, hard or max", text)
}

// LevelLimits returns the search limits of a level; seed drives the
// random choices of easy and medium. The time budgets are for this
// machine class (about 1 M nodes a second on one core); callers may
// scale Time, e.g. for correspondence games.
func LevelLimits(l Level, seed uint64) Limits {
	lim := Limits{Depth: 1}
	switch l {
	case Easy:
		lim = Limits{Depth: 2, Noise: 120, HashMB: 4}
	case Medium:
		lim = Limits{Depth: 3, Noise: 35, HashMB: 8}
	case Hard:
		lim = Limits{Time: time.Second, HashMB: 32}
	case Max:
		lim = Limits{Time: 5 * time.Second, HashMB: 64}
	}
	lim.Seed, lim.AttackerWeights = seed, true
	return lim
}

// PlayLimits returns the limits of a search that plays a move within one
// budget, a depth, a node count or a time (the others 0), as the levels
// play: the attackers with their own weights (Limits.AttackerWeights).
func PlayLimits(depth int, nodes int64, t time.Duration, seed uint64) Limits {
	return Limits{Depth: depth, Nodes: nodes, Time: t, Seed: seed, AttackerWeights: true}
}

// PlayLevel searches the game's position at level l and returns the move
// to play.
func PlayLevel(ctx context.Context, g *tafl.Game, l Level, seed uint64) (Result, error) {
	if l < Easy || l > Max {
		return Result{}, fmt.Errorf("ai: unknown level %d", l)
	}
	return Search(ctx, g, LevelLimits(l, seed))
}
