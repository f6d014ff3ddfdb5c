package bot

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/locale"
	"github.com/taflbot/taflbot/storage"
)

// The daily puzzle: a server that sets a channel (/tafl settings
// daily_channel) gets a puzzle there every day at its hour (UTC), with a
// Solve button that starts it privately for whoever presses it. The post
// names the players who solved the previous day's puzzle while it was up,
// until this post (at their first attempt; recordAttempt), unless that
// post is more than dailySolversFresh days old. Every process may run the poster: storage starts
// each day's puzzle exactly once (Store.StartDailyPuzzle), and only the
// process that started it posts.

// A post that fails (the bot without permission there, Discord down)
// gives the day back (Store.ReleaseDailyPuzzle) and is tried again at a
// later sweep: dailyRetryFirst after the first failure,
// twice as long after each further one, at most dailyRetryMax apart,
// until the day is over, or at once in another channel. The first retry
// comes within the few minutes Discord remembers the post's nonce
// (dailyNonce): a post Discord made although every answer was lost is
// then returned, not made again. A post refused because the channel no
// longer exists (channelGone) is not tried again: the daily puzzle is
// turned off there (Store.StopDailyPuzzle), and /tafl settings says so.
// Nor is one refused for missing access (50001) when Discord's list of
// the bot's servers no longer holds the server (REST.InGuild): the bot
// was removed from it, and the puzzle is turned off the same way, marked
// left. Missing access alone does not stop it: Discord answers the same
// to a bot still in the server that may no longer see the channel (its
// permissions changed), which a manager can mend the same day.
// In gateway mode a GUILD_DELETE of a server the bot was removed from
// (not one only unavailable in an outage) stops it at once (guildLeft).
const (
	dailyRetryFirst = time.Minute
	dailyRetryMax   = time.Hour
)

// dailyRetry is a server's failed daily post: the day, the channel, the
// failures so far and when the next try may be. Another channel chosen
// since (by a manager through any process: the settings are read at each
// sweep) is tried at once.
type dailyRetry struct {
	date    string
	channel string
	fails   int
	next    time.Time
}

// postDailyPuzzles posts the day's puzzle in every server whose hour has
// come and that has none for today yet. The clock sweeper calls it
// (under sweepMu, which also guards b.dailyRetry).
func (b *Bot) postDailyPuzzles(ctx context.Context) {
	now := b.now().UTC()
	today := now.Format(time.DateOnly)
	guilds, err := b.store.DailyPuzzleGuilds(ctx)
	if err != nil {
		if ctx.Err() == nil {
			b.log.Error("daily puzzle: listing the servers", "err", err)
		}
		return
	}
	// The servers' posts are made sweepAnnouncers at a time: while
	// Discord fails, each is tried for half a minute (SessionREST), and
	// one after the other they held the sweep for hours.
	type post struct {
		gs  *storage.GuildSettings
		err error
	}
	var posts []*post
	for _, gs := range guilds {
		if gs.Daily.Date >= today || now.Hour() < gs.DailyHour {
			continue
		}
		if r, failed := b.dailyRetry[gs.GuildID]; failed && r.date == today && r.channel == gs.DailyChannelID && now.Before(r.next) {
			continue
		}
		posts = append(posts, &post{gs: gs})
	}
	var wg sync.WaitGroup
	slots := make(chan struct{}, sweepAnnouncers)
	for _, p := range posts {
		if ctx.Err() != nil {
			break
		}
		slots <- struct{}{}
		wg.Go(func() {
			defer func() { <-slots }()
			p.err = errors.New("bot: the daily post panicked") // unless it returns
			defer b.recoverLog("daily puzzle")
			p.err = b.postDailyPuzzle(ctx, p.gs, today)
		})
	}
	wg.Wait()
	for _, p := range posts {
		gs, err := p.gs, p.err
		r, failed := b.dailyRetry[gs.GuildID]
		switch {
		case err == nil:
			delete(b.dailyRetry, gs.GuildID)
		case channelGone(err):
			// Deleted (or never seen by the bot): every retry, day after
			// day, would fail the same. The puzzle is turned off, and
			// /tafl settings says why, until a manager chooses another.
			delete(b.dailyRetry, gs.GuildID)
			b.stopDaily(ctx, gs.GuildID, gs.DailyChannelID, false)
		case discordCode(err) == 50001 && b.leftGuild(ctx, gs.GuildID):
			delete(b.dailyRetry, gs.GuildID)
			b.stopDaily(ctx, gs.GuildID, gs.DailyChannelID, true)
		case ctx.Err() == nil:
			if !failed || r.date != today || r.channel != gs.DailyChannelID {
				r = dailyRetry{date: today, channel: gs.DailyChannelID}
			}
			wait := min(dailyRetryFirst<<min(r.fails, 10), dailyRetryMax)
			r.fails++
			r.next = now.Add(wait)
			if b.dailyRetry == nil {
				b.dailyRetry = make(map[string]dailyRetry)
			}
			b.dailyRetry[gs.GuildID] = r
			b.log.Error("daily puzzle", "guild_id", gs.GuildID, "failures", r.fails, "retry_in", wait, "err", err)
		}
	}
	for id, r := range b.dailyRetry {
		if r.date != today {
			delete(b.dailyRetry, id) // a day that is over, or a server gone
		}
	}
}

// leftGuild reports whether Discord says the bot is no longer a member
// of server guildID (REST.InGuild); not when it cannot tell.
func (b *Bot) leftGuild(ctx context.Context, guildID string) bool {
	in, err := b.rest.InGuild(ctx, guildID)
	if err != nil {
		if ctx.Err() == nil {
			b.log.Warn("daily puzzle: asking Discord whether the bot is still in the server", "guild_id", guildID, "err", err)
		}
		return false
	}
	return !in
}

// stopDaily turns server guildID's daily puzzle in channel ch off
// (Store.StopDailyPuzzle): its channel no longer exists, or, with left,
// the bot was removed from the server.
func (b *Bot) stopDaily(ctx context.Context, guildID, ch string, left bool) {
	sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	stopped, err := b.store.StopDailyPuzzle(sctx, guildID, ch, left)
	cancel()
	switch {
	case err != nil && left:
		b.log.Error("daily puzzle: the bot was removed from the server, and turning it off failed", "guild_id", guildID, "channel_id", ch, "err", err)
	case err != nil:
		b.log.Error("daily puzzle: its channel no longer exists, and turning it off failed", "guild_id", guildID, "channel_id", ch, "err", err)
	case stopped && left:
		b.log.Warn("daily puzzle: the bot was removed from the server: the daily puzzle is turned off there until a manager, having added the bot again, chooses a channel with /tafl settings daily_channel", "guild_id", guildID, "channel_id", ch)
	case stopped:
		b.log.Warn("daily puzzle: its channel no longer exists: the daily puzzle is turned off in the server until a manager chooses another channel with /tafl settings daily_channel", "guild_id", guildID, "channel_id", ch)
	}
}

// guildLeft is a gateway GUILD_DELETE: the bot was removed from server
// guildID (unavailable marks one only gone in an outage, which comes
// back by itself, and changes nothing). Its daily puzzle is turned off
// (stopDaily), as its posts would be refused every day.
func (b *Bot) guildLeft(ctx context.Context, guildID string, unavailable bool) {
	if unavailable || guildID == "" {
		return
	}
	gs, err := b.store.GetGuildSettings(ctx, guildID)
	if err != nil {
		if !errors.Is(err, storage.ErrNotFound) && ctx.Err() == nil {
			b.log.Warn("the bot was removed from a server: reading its settings", "guild_id", guildID, "err", err)
		}
		return
	}
	if gs.DailyChannelID != "" {
		b.stopDaily(ctx, guildID, gs.DailyChannelID, true)
	}
}

func (b *Bot) postDailyPuzzle(ctx context.Context, gs *storage.GuildSettings, today string) error {
	p, err := b.dailyChoice(ctx, gs, today)
	if err != nil || p == nil {
		return err
	}
	prev, started, err := b.store.StartDailyPuzzle(ctx, gs.GuildID, today, p.ID)
	if err != nil || !started {
		return err // started by another process, or failed
	}
	if err := b.sendDailyPuzzle(ctx, gs, today, p, prev); err != nil {
		// Give the day back, so that a later sweep (of any process) tries
		// again; it names the same previous day's solvers.
		rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
		defer cancel()
		if rerr := b.store.ReleaseDailyPuzzle(rctx, gs.GuildID, today, prev); rerr != nil {
			return fmt.Errorf("%w (and giving the day back for a retry: %w)", err, rerr)
		}
		return err
	}
	return nil
}

// sendDailyPuzzle posts the daily puzzle p, started for today, and
// records its message.
func (b *Bot) sendDailyPuzzle(ctx context.Context, gs *storage.GuildSettings, today string, p *storage.Puzzle, prev storage.DailyPuzzle) error {
	lp := locale.For(locale.Match(gs.Language)) // public: the server's language (English unless a manager chose one)
	head := lp.T("🧩 **Daily puzzle** · %s · press **Solve** to try it (privately; your first attempt counts for your puzzle rating).", today)
	if namesSolvers(prev.Date, today) {
		solvers, err := b.store.PuzzleSolvers(ctx, gs.GuildID, prev.PuzzleID, prev.Date)
		if err != nil {
			return err
		}
		head += "\n" + solversLine(lp, prev, solvers)
	}
	msg, err := b.puzzleMessage(lp, p, 0, "", head, puzzleGoing)
	if err != nil {
		return err
	}
	// The daily post is public: its button starts the puzzle privately
	// for whoever presses it, and "Another puzzle" does not belong here.
	msg.components = []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: lp.T("Solve"), Style: discordgo.PrimaryButton, CustomID: CustomID{Action: ActPuzzleSolve, ID: uint64(p.ID)}.String()},
	}}}
	msg.content = strings.Replace(msg.content, " "+lp.T("Press **Move**."), "", 1)
	send := msg.send()
	send.AllowedMentions = &discordgo.MessageAllowedMentions{} // names the solvers without pinging them
	sent, err := b.rest.Send(withNonce(ctx, dailyNonce(gs, today, p.ID)), gs.DailyChannelID, send)
	if err != nil {
		return fmt.Errorf("posting in channel %s: %w", gs.DailyChannelID, err)
	}
	if sent != nil && sent.ID != "" {
		return b.store.SetDailyMessage(ctx, gs.GuildID, today, gs.DailyChannelID, sent.ID)
	}
	return nil
}

// dailyNonce is the nonce of server gs's post of puzzle id on day today:
// the same at every try of the day (in every process), so that when
// every answer of a try was lost although Discord posted it, the next
// try, a minute later (dailyRetryFirst), gets the message posted instead
// of posting it again, while Discord remembers the nonce. Another channel or another
// puzzle is another post.
func dailyNonce(gs *storage.GuildSettings, today string, id storage.PuzzleID) string {
	h := fnv.New64a()
	fmt.Fprintf(h, "daily/%s/%s/%s/%d", gs.GuildID, today, gs.DailyChannelID, id)
	return "daily" + strconv.FormatUint(h.Sum64(), 36)
}

// dailySolversFresh is how many days back the previous post may be for a
// post to name its solvers: a day or a few missed (the bot down, posts
// failing) still name them, but after a longer pause (the daily puzzle
// turned off, then on again) a puzzle of weeks ago under its old date
// would puzzle the readers, and its solvers are not named.
const dailySolversFresh = 7

// namesSolvers reports whether today's post names the solvers of the
// previous post, of date prev ("": none).
func namesSolvers(prev, today string) bool {
	p, err := time.Parse(time.DateOnly, prev)
	if err != nil {
		return false
	}
	t, err := time.Parse(time.DateOnly, today)
	return err == nil && t.Sub(p) <= dailySolversFresh*24*time.Hour
}

// dailySolversNamed is how many solvers a daily post names at most (the
// first to solve), counting the others: a mention is up to 22 characters,
// and a post over Discord's 2,000 is refused.
const dailySolversNamed = 30

// solversLine names the solvers of a day's puzzle.
func solversLine(lp *locale.Printer, d storage.DailyPuzzle, solvers []string) string {
	if len(solvers) == 0 {
		return lp.T("Nobody solved the puzzle of %s (puzzle %d).", d.Date, d.PuzzleID)
	}
	names := make([]string, min(len(solvers), dailySolversNamed))
	for i := range names {
		names[i] = "<@" + solvers[i] + ">"
	}
	if more := len(solvers) - len(names); more > 0 {
		return lp.T("The puzzle of %s (puzzle %d) was solved by %s and %d others — well done!", d.Date, d.PuzzleID, strings.Join(names, ", "), more)
	}
	return lp.T("The puzzle of %s (puzzle %d) was solved by %s — well done!", d.Date, d.PuzzleID, andList(names, lp.T(" and ")))
}

// dailyChoice picks the day's puzzle of a server: of the puzzles offered
// there, those of two or more moves when there are any besides the
// previous day's, one that was not a daily puzzle here in the current
// round (dailyRound) and is not the previous day's, ordered by id and
// then by a hash of the server and the date: the same every time for
// the same day (in every process), different from day to day. Every
// puzzle is posted once before any is posted again.
func (b *Bot) dailyChoice(ctx context.Context, gs *storage.GuildSettings, today string) (*storage.Puzzle, error) {
	all, err := b.store.Puzzles(ctx, gs.GuildID)
	if err != nil {
		return nil, err
	}
	cur := gs.Daily.PuzzleID
	var cands []*storage.Puzzle
	for _, p := range all {
		if p.Moves >= 2 {
			cands = append(cands, p)
		}
	}
	if !slices.ContainsFunc(cands, func(p *storage.Puzzle) bool { return p.ID != cur }) {
		cands = all
	}
	history := gs.Daily.Earlier
	if cur != 0 {
		history = append(slices.Clone(history), cur)
	}
	posted := dailyRound(cands, history)
	var pool []*storage.Puzzle
	for _, p := range cands {
		if !posted[p.ID] && p.ID != cur {
			pool = append(pool, p)
		}
	}
	if len(pool) == 0 {
		b.log.Warn("daily puzzle: no puzzle to post", "guild_id", gs.GuildID)
		return nil, nil
	}
	h := fnv.New64a()
	h.Write([]byte(gs.GuildID + "/" + today))
	return pool[h.Sum64()%uint64(len(pool))], nil
}

// dailyRound returns the puzzles of cands posted in the current round of
// a server's daily puzzles, history (oldest first): a round ends once it
// has posted every one of cands, and the next begins. A puzzle added
// since (found in a finished game) keeps the round going until it is
// posted too.
func dailyRound(cands []*storage.Puzzle, history []storage.PuzzleID) map[storage.PuzzleID]bool {
	in := make(map[storage.PuzzleID]bool, len(cands))
	for _, p := range cands {
		in[p.ID] = true
	}
	round := map[storage.PuzzleID]bool{}
	for _, id := range history {
		if !in[id] {
			continue // a puzzle no longer offered, or of one move
		}
		round[id] = true
		if len(round) == len(in) {
			round = map[storage.PuzzleID]bool{}
		}
	}
	return round
}
