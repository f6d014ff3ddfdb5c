package bot

import (
	"context"
	"time"

	"github.com/taflbot/taflbot/storage"
)

// markBoardDue records, after the post of game g's board failed on
// Discord's side (retries and all), that the board of its latest move
// never reached Discord, so that a clock sweep posts it once Discord
// works again (postDueBoards). A live game's board is also tried again
// here after liveBoardRetry (retryLiveBoard). A finished game's board is
// not marked (nothing waits on it), nor one Discord refused (a missing
// permission, an unknown channel: posting it again would fail the same
// way).
func (b *Bot) markBoardDue(ctx context.Context, g *storage.Game, err error) {
	ctx = context.WithoutCancel(ctx) // a shutdown cut the retries short: marked all the same
	if !g.Active() || !failedOnDiscordsSide(ctx, err) {
		return
	}
	ok, err := b.store.MarkBoardDue(ctx, g.ID, g.Ply())
	switch {
	case err != nil:
		b.log.Error("marking a board that Discord did not take as due", "game_id", g.ID, "err", err)
	case ok && !g.Clock.IsZero():
		b.log.Info("the board of a live game will be posted again shortly", "game_id", g.ID, "ply", g.Ply(), "in", liveBoardRetry)
		b.retryLiveBoard(g)
	case ok:
		b.log.Info("the board will be posted again by a clock sweep", "game_id", g.ID, "ply", g.Ply())
	}
}

// liveBoardRetry is how soon a live game's board that Discord did not
// take is posted again by the process that failed to post it. The next
// clock sweep would post it up to sweep_interval later (a minute by
// default) while the player to move, who has not seen the move, has
// their clock running.
const liveBoardRetry = 5 * time.Second

// retryLiveBoard posts live game g's board, marked due, after
// liveBoardRetry by the bot's clock (postDueBoard: once, whether this or
// a sweep gets there first, and not once the game moved on or ended; a
// post that fails again marks it due, and tries again, once more). Stop
// ends the wait; the sweeps post it then.
func (b *Bot) retryLiveBoard(g *storage.Game) {
	b.bgMu.Lock()
	stop := b.bgDone
	b.bgMu.Unlock()
	b.work.Go(func() {
		defer b.recoverLog("posting a live game's board again")
		at := b.now().Add(liveBoardRetry)
		for left := liveBoardRetry; left > 0; left = at.Sub(b.now()) {
			select {
			case <-time.After(min(left, flagPoll)): // flagPoll: a clock moved (by a test) is noticed
			case <-stop:
				return
			}
		}
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		b.postDueBoard(ctx, g)
	})
}

// postDueBoards posts, through aside, the board of each active game
// whose latest move's board never reached Discord (storage.BoardsDue):
// once, whichever of several sweeps claims it (storage.ClaimBoardDue).
func (b *Bot) postDueBoards(ctx context.Context, aside func(func())) {
	due, err := b.store.BoardsDue(ctx)
	err = b.indexProblems(err) // a damaged entry is skipped, not the others
	if err != nil {
		if ctx.Err() == nil {
			b.log.Error("clock sweep: listing the boards due", "err", err)
		}
		return
	}
	announced := map[storage.TournamentID]bool{}
	for _, g := range due {
		if ctx.Err() != nil {
			return
		}
		if g.TournamentID != 0 && g.Ply() == 0 && !announced[g.TournamentID] {
			// A round's announcement left unposted goes before its
			// games' first boards, which are posted side by side.
			announced[g.TournamentID] = true
			if t, err := b.store.GetTournament(ctx, g.TournamentID); err == nil {
				b.announceRound(ctx, t)
			}
		}
		aside(func() { b.postDueBoard(ctx, g) })
	}
}

// postDueBoard posts game g's board, which Discord did not take when its
// latest move was played, as the move's board would have been: headed
// with who played what, pinging the player to move (a tournament game's
// first board, after its round's announcement, as playRound posts them). When the post fails
// on Discord's side again, the board is due again; when Discord refuses
// it (the channel deleted, or the bot may no longer post there since),
// the player to move is told by direct message (boardRefused), once: a
// refused board is not due again.
func (b *Bot) postDueBoard(ctx context.Context, g *storage.Game) {
	if g.TournamentID != 0 && g.Ply() == 0 {
		// A tournament game's first board: after its round's
		// announcement, headed and pinging as playRound posts it.
		ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Minute)
		defer cancel()
		t, err := b.store.GetTournament(ctx, g.TournamentID)
		if err == nil {
			b.announceRound(ctx, t)
			b.postTournamentBoard(ctx, t, g)
			return
		}
		b.log.Error("clock sweep: reading the tournament of a board due", "game_id", g.ID, "err", err)
	}
	ok, err := b.store.ClaimBoardDue(ctx, g.ID, g.Ply())
	if err != nil {
		if ctx.Err() == nil {
			b.log.Error("clock sweep: claiming a board due", "game_id", g.ID, "err", err)
		}
		return
	}
	if !ok {
		return // posted by another sweep, or the game moved on or ended
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Minute)
	defer cancel()
	p := gameP(g)
	headline, actor := "", ""
	if g.Ply() > 0 {
		mover := g.Seat(g.Tafl().ToMove().Other())
		who := seatName(p, mover)
		if mover.IsAI() {
			who = engineWho(mover.AILevel) // as the engine's own board says it
		} else {
			actor = mover.UserID // who knows what they played
		}
		headline = p.T("%s played %s.", who, lastPlyLabel(g))
	}
	msg, err := b.boardMessage(ctx, g, headline, actor)
	if err != nil {
		b.log.Error("clock sweep: drawing a board due", "game_id", g.ID, "err", err)
		return
	}
	ch, sent, err := b.sendGame(ctx, g, msg.send())
	if err != nil {
		b.log.Error("clock sweep: posting a board due", "game_id", g.ID, "channel_id", ch, "err", err)
		b.markBoardDue(ctx, g, err)
		b.boardRefused(ctx, g, ch, err)
		return
	}
	b.log.Info("clock sweep: posted a board Discord had not taken", "game_id", g.ID, "ply", g.Ply(), "channel_id", ch)
	if sent != nil {
		b.rememberBoard(ctx, g, sent)
	}
}
