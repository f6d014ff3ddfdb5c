package bot

import (
	"context"
	"fmt"
	"time"

	"github.com/taflbot/taflbot/puzzle"
	"github.com/taflbot/taflbot/storage"
	"github.com/taflbot/taflbot/tafl"
)

// Mining finished games for puzzles: when a game ends with a winner, the
// positions before the winner's last three moves (and the final one, when
// the loser resigned or ran out of time) are searched exhaustively for a
// forced win of two or three moves with a unique first move (package
// puzzle), one position per task of the engine pool and each within a
// think's bounds; the longest found is stored as a puzzle of the game's
// server.

const (
	mineMoves  = 3               // the longest win looked for
	mineBudget = 1_000_000       // positions per exhaustive search
	mineThink  = 2 * time.Second // at most per position
)

// minePuzzles looks for a puzzle in game g, which just ended.
func (b *Bot) minePuzzles(g *storage.Game) {
	at, err := puzzle.Candidates(g.Tafl(), mineMoves)
	if err != nil || len(at) == 0 {
		return
	}
	var best *puzzle.Puzzle
	var step func(i int)
	step = func(i int) {
		if i == len(at) {
			b.storeMined(g, best)
			return
		}
		b.ai.submitTask("(puzzles)", g.GuildID, func(ctx context.Context) {
			cctx, cancel := context.WithTimeout(ctx, mineThink)
			p, ok, err := puzzle.Find(cctx, at[i], mineMoves, mineBudget)
			cancel()
			if ctx.Err() != nil {
				return // shutting down
			}
			if err == nil && ok && p.Moves >= 2 && (best == nil || p.Moves > best.Moves) {
				p.Source = fmt.Sprintf("game %d, before move %d", g.ID, at[i].Len()/2+1)
				best = &p
			}
			step(i + 1)
		})
	}
	step(0)
}

func (b *Bot) storeMined(g *storage.Game, p *puzzle.Puzzle) {
	if p == nil {
		return
	}
	sp, err := storedPuzzle(p, g.GuildID)
	if err == nil && sp.GuildID == "" {
		sp.GuildID = "dm" // a game in direct messages stays out of every server
	}
	if err == nil {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		var added bool
		if added, err = b.store.AddPuzzle(ctx, sp); err == nil && added {
			b.log.Info("puzzle found in a finished game", "game_id", g.ID, "puzzle_id", sp.ID, "moves", sp.Moves)
		}
	}
	if err != nil {
		b.log.Error("storing a mined puzzle", "game_id", g.ID, "err", err)
	}
}

// gameEnded does what follows the end of a game besides the boards: it
// mines the game for a puzzle when it has a winner.
func (b *Bot) gameEnded(g *storage.Game) {
	if g.Outcome().Winner != tafl.NoSide {
		b.minePuzzles(g)
	}
}

// MineReport counts what MineDatabase did.
type MineReport struct {
	Games, Won, Found, Added int
}

// MineDatabase mines every finished game with a winner in a database for
// puzzles, as the bot mines each game when it ends (the same search,
// without a time limit), and adds each puzzle found to the game's server:
// for games finished before the bot mined games, or with a larger budget.
// Puzzles stored already are not added again.
func MineDatabase(ctx context.Context, st *storage.Store, maxMoves int, budget int64, progress func(r MineReport)) (MineReport, error) {
	var rep MineReport
	err := st.ForEachGame(ctx, func(g *storage.Game) error {
		rep.Games++
		if g.Active() || g.Outcome().Winner == tafl.NoSide {
			return nil
		}
		rep.Won++
		p, ok, err := puzzle.Mine(ctx, g.Tafl(), fmt.Sprintf("game %d", g.ID), puzzle.MineOptions{MaxMoves: maxMoves, Budget: budget, MinMoves: 2})
		if err != nil {
			return fmt.Errorf("game %d: %w", g.ID, err)
		}
		if ok {
			rep.Found++
			sp, err := storedPuzzle(&p, g.GuildID)
			if err != nil {
				return err
			}
			if sp.GuildID == "" {
				sp.GuildID = "dm"
			}
			added, err := st.AddPuzzle(ctx, sp)
			if err != nil {
				return err
			}
			if added {
				rep.Added++
			}
		}
		if progress != nil {
			progress(rep)
		}
		return nil
	})
	return rep, err
}
