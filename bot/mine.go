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
//
// The game is due to be mined in storage from the transaction that ends
// it (storage's Game.MineDue) until the search is over (MineDone): a
// search that a shutdown cut short or kept waiting, or that the full
// queue refused, is made again at the next start of a process with the
// engine role (resumeMining).

const (
	mineMoves  = 3               // the longest win looked for
	mineBudget = 1_000_000       // positions per exhaustive search
	mineThink  = 2 * time.Second // at most per position
)

// minePuzzles looks for a puzzle in game g, which ended with a winner
// (just now, or before a restart that left it due). A game being mined
// in this process already is left to that search.
func (b *Bot) minePuzzles(g *storage.Game) {
	if _, busy := b.mining.LoadOrStore(g.ID, true); busy {
		return
	}
	at, err := puzzle.Candidates(g.Tafl(), mineMoves)
	if err != nil || len(at) == 0 {
		b.mined(g, nil)
		return
	}
	var best *puzzle.Puzzle
	var step func(i int)
	step = func(i int) {
		if i == len(at) {
			b.mined(g, best)
			return
		}
		r := b.ai.submitTask("(puzzles)", g.GuildID, func(ctx context.Context) {
			cctx, cancel := context.WithTimeout(ctx, mineThink)
			p, ok, err := puzzle.Find(cctx, at[i], mineMoves, mineBudget)
			cancel()
			if ctx.Err() != nil {
				b.mineLeft(g, "the bot is shutting down")
				return
			}
			if err == nil && ok && p.Moves >= 2 && (best == nil || p.Moves > best.Moves) {
				p.Source = fmt.Sprintf("game %d, before move %d", g.ID, at[i].Len()/2+1)
				best = &p
			}
			step(i + 1)
		})
		switch r {
		case submitFull:
			b.mineLeft(g, "the engine's queue is full")
		case submitClosed:
			b.mineLeft(g, "the bot is shutting down")
		}
	}
	step(0)
}

// mineLeft leaves game g due to be mined: its search stopped (why) and
// the next start makes it again.
func (b *Bot) mineLeft(g *storage.Game, why string) {
	b.mining.Delete(g.ID)
	b.log.Info("mining a finished game for a puzzle stopped; the next start mines it", "game_id", g.ID, "reason", why)
}

// mined stores the puzzle found in game g, if any, and records that g
// was mined.
func (b *Bot) mined(g *storage.Game, p *puzzle.Puzzle) {
	defer b.mining.Delete(g.ID)
	b.storeMined(g, p)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := b.store.MineDone(ctx, g.ID); err != nil {
		b.log.Error("recording a game as mined; the next start mines it again", "game_id", g.ID, "err", err)
	}
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

// resumeMining mines the games whose search for a puzzle a shutdown cut
// short or kept waiting (storage's GamesToMine).
func (b *Bot) resumeMining(ctx context.Context) {
	games, err := b.store.GamesToMine(ctx)
	if err = b.indexProblems(err); err != nil {
		if ctx.Err() == nil {
			b.log.Error("listing the games still to be mined for puzzles; the next start tries again", "err", err)
		}
		return
	}
	if len(games) > 0 {
		b.log.Info("resumed mining finished games for puzzles", "games", len(games))
	}
	for _, g := range games {
		b.minePuzzles(g)
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
	// Damaged lists the games whose records could not be read: skipped,
	// and counted in Games.
	Damaged []DamagedGame
}

// DamagedGame is a game whose record could not be read, and why.
type DamagedGame struct {
	ID  storage.GameID
	Err error
}

// MineDatabase mines every finished game with a winner in a database for
// puzzles, as the bot mines each game when it ends (the same search,
// without a time limit), and adds each puzzle found to the game's server:
// for games finished before the bot mined games, or with a larger budget.
// Puzzles stored already are not added again. Each game mined is no
// longer due to be mined (storage's MineDone), so that the bot's next
// start does not search it again.
func MineDatabase(ctx context.Context, st *storage.Store, maxMoves int, budget int64, progress func(r MineReport)) (MineReport, error) {
	var rep MineReport
	// The games are listed first and mined after the walk, each read
	// again: a puzzle stored inside the walk's read transaction was a
	// bbolt write under a read of the same file, which hung for good
	// once the file had to grow.
	var won []storage.GameID
	err := st.ForEachGame(ctx, func(g *storage.Game) error {
		rep.Games++
		if !g.Active() && g.Outcome().Winner != tafl.NoSide {
			won = append(won, g.ID)
		}
		return nil
	}, func(id storage.GameID, err error) error {
		// One damaged record does not stop the mining of the others.
		rep.Games++
		rep.Damaged = append(rep.Damaged, DamagedGame{id, err})
		return nil
	})
	if err != nil {
		return rep, err
	}
	for _, id := range won {
		g, err := st.GetGame(ctx, id)
		if err != nil {
			return rep, err
		}
		rep.Won++
		p, ok, err := puzzle.Mine(ctx, g.Tafl(), fmt.Sprintf("game %d", g.ID), puzzle.MineOptions{MaxMoves: maxMoves, Budget: budget, MinMoves: 2})
		if err != nil {
			return rep, fmt.Errorf("game %d: %w", g.ID, err)
		}
		if ok {
			rep.Found++
			sp, err := storedPuzzle(&p, g.GuildID)
			if err != nil {
				return rep, err
			}
			if sp.GuildID == "" {
				sp.GuildID = "dm"
			}
			added, err := st.AddPuzzle(ctx, sp)
			if err != nil {
				return rep, err
			}
			if added {
				rep.Added++
			}
		}
		if g.MineDue {
			if err := st.MineDone(ctx, g.ID); err != nil {
				return rep, fmt.Errorf("game %d: recording it as mined: %w", g.ID, err)
			}
		}
		if progress != nil {
			progress(rep)
		}
	}
	return rep, nil
}
