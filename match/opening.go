package match

import (
	"fmt"
	"math/rand/v2"
	"os"
	"strings"

	"github.com/taflbot/taflbot/tafl"
)

// Opening is a start for a pair of games: moves from a position.
type Opening struct {
	Pos   tafl.Position // Pos is where the opening starts.
	Moves []tafl.Move   // Moves are played from Pos before the players take over.
}

// RandomOpening walks plies random legal moves from start (seeded),
// avoiding moves that end the game or let the opponent win at once.
func RandomOpening(start tafl.Position, plies int, seed uint64) Opening {
	r := rand.New(rand.NewPCG(seed, 0x6f70656e))
	g := tafl.NewGameFrom(start)
	var out []tafl.Move
	for len(out) < plies {
		moves := g.LegalMoves()
		if len(moves) == 0 {
			break
		}
		r.Shuffle(len(moves), func(i, j int) { moves[i], moves[j] = moves[j], moves[i] })
		played := false
		for _, m := range moves {
			trial := g.Clone()
			if _, err := trial.Play(m); err != nil || trial.Outcome().Over() || winsInOne(trial) {
				continue
			}
			g = trial
			out = append(out, m)
			played = true
			break
		}
		if !played {
			break
		}
	}
	return Opening{Pos: start, Moves: out}
}

// GameOpenings returns the distinct openings of games played from start:
// each game's first plies moves, when the game goes on after them and the
// side to move then cannot win at once; in the games' order, each position
// once. A game from another start is an error.
func GameOpenings(games []*tafl.Game, start tafl.Position, plies int) ([][]tafl.Move, error) {
	var out [][]tafl.Move
	seen := map[string]bool{}
	for i, game := range games {
		if game.Start().Record() != start.Record() || game.Start().ToMove() != start.ToMove() {
			return nil, fmt.Errorf("game %d starts from %s, not from the position given", i+1, game.Start().Record())
		}
		pl := game.Plies()
		if len(pl) <= plies {
			continue
		}
		g := tafl.NewGameFrom(start)
		var moves []tafl.Move
		for _, p := range pl[:plies] {
			if _, err := g.Play(p.Move); err != nil {
				return nil, fmt.Errorf("game %d: %w", i+1, err)
			}
			moves = append(moves, p.Move)
		}
		key := g.Position().Record() + " " + g.ToMove().String()
		if g.Outcome().Over() || winsInOne(g) || seen[key] {
			continue
		}
		seen[key] = true
		out = append(out, moves)
	}
	return out, nil
}

// winsInOne reports whether the side to move in g can end the game with
// a win at once (an opening must not hand over such a win).
func winsInOne(g *tafl.Game) bool {
	side := g.ToMove()
	for _, m := range g.LegalMoves() {
		trial := g.Clone()
		if _, err := trial.Play(m); err == nil && trial.Outcome().Winner == side {
			return true
		}
	}
	return false
}

// ReadOpenings reads a file of "RECORD SIDE" lines (# comments allowed),
// as `tafl openings` writes them, for variant v.
func ReadOpenings(v *tafl.Variant, path string) ([]Opening, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var out []Opening
	for i, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' {
			continue
		}
		f := strings.Fields(line)
		side := v.Start().ToMove()
		if len(f) > 1 {
			if side, err = tafl.ParseSide(f[1]); err != nil {
				return nil, fmt.Errorf("%s:%d: %s", path, i+1, strings.TrimPrefix(err.Error(), "tafl: "))
			}
		}
		p, err := v.ParsePosition(f[0], side)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %s", path, i+1, strings.TrimPrefix(err.Error(), "tafl: "))
		}
		if tafl.NewGameFrom(p).Outcome().Over() { // the position's own Outcome misses a side without a move
			return nil, fmt.Errorf("%s:%d: the game is already over in this position", path, i+1)
		}
		out = append(out, Opening{Pos: p})
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no openings (want lines of a position record and the side to move)", path)
	}
	return out, nil
}
