package bot

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/locale"
	"github.com/taflbot/taflbot/storage"
	"github.com/taflbot/taflbot/tafl"
)

// reminderMargin is how long before the deadline a player is reminded:
// 24 hours, or a quarter of the time per move when that is less.
func reminderMargin(moveTime time.Duration) time.Duration {
	return min(24*time.Hour, moveTime/4)
}

// Sweep runs one pass of the correspondence clocks: it ends games whose
// time ran out (the side to move loses), reminds players whose time is
// running out, posts the boards Discord did not take (postDueBoards),
// and expires unanswered challenges. It runs at start-up to
// catch up on anything missed while the bot was down, then every
// SweepInterval. storage.ExpireGame and storage.MarkReminded make each
// timeout and reminder happen once, even across restarts and with several
// sweeps at once.
func (b *Bot) Sweep(ctx context.Context) {
	b.sweepMu.Lock()
	defer b.sweepMu.Unlock()
	defer b.recoverLog("clock sweep")
	defer b.postDailyPuzzles(ctx)
	now := b.now()
	due, err := b.store.GamesDueBefore(ctx, now.Add(24*time.Hour+time.Nanosecond))
	err = b.indexProblems(err) // a damaged entry is skipped, not the sweep
	if ctx.Err() != nil {
		return // shutting down: the next start catches up
	}
	if err != nil {
		b.log.Error("clock sweep: listing deadlines", "err", err)
		return
	}
	// The timeouts, reminders and expired challenges are announced
	// sweepAnnouncers at a time: while Discord fails, each announcement
	// is tried for half a minute (SessionREST), and one after the other
	// they held the sweep, and the next, for hours.
	var wg sync.WaitGroup
	slots := make(chan struct{}, sweepAnnouncers)
	aside := func(fn func()) {
		slots <- struct{}{}
		wg.Go(func() {
			defer func() { <-slots }()
			defer b.recoverLog("clock sweep")
			fn()
		})
	}
	for _, g := range due {
		if ctx.Err() != nil {
			break
		}
		switch {
		case !g.Deadline.After(now):
			aside(func() { b.timeout(ctx, g.ID, now) })
		case !g.Clock.IsZero():
			b.watch(g) // a live game: no reminders; the watcher ends it on time
		case g.Deadline.Sub(now) <= reminderMargin(g.MoveTime) && g.Reminded.IsZero():
			aside(func() { b.remind(ctx, g, now) })
			b.watch(g)
		default:
			b.watch(g)
		}
	}
	// The boards Discord did not take when their move was played (it
	// failed for longer than a call's retries) are posted now.
	b.postDueBoards(ctx, aside)
	wg.Wait()
	if ctx.Err() != nil {
		return
	}
	b.sweepTournaments(ctx, now)
	expired, err := b.store.ExpireChallenges(ctx, now)
	if ctx.Err() != nil {
		return
	}
	if err != nil {
		b.log.Error("clock sweep: expiring challenges", "err", err)
		return
	}
	for _, c := range expired {
		b.log.Info("challenge expired", "challenge_id", c.ID, "channel_id", c.ChannelID)
		aside(func() { b.closeChallengeMessage(ctx, c, expiredChallengeText(locale.For(locale.Match(c.Language)), c)) })
	}
	wg.Wait()
}

// expiredChallengeText is what an expired challenge's message says
// instead: who challenged whom to what, as a declined or withdrawn one.
func expiredChallengeText(p *locale.Printer, c *storage.Challenge) string {
	if c.OpponentID == "" {
		return p.T("The open challenge of <@%s> (%s) expired unanswered.", c.ChallengerID, variantName(p, c.Variant, c.Layout))
	}
	return p.T("The challenge of <@%s> to <@%s> (%s) expired unanswered.", c.ChallengerID, c.OpponentID, variantName(p, c.Variant, c.Layout))
}

// sweepAnnouncers is how many timeouts and reminders a sweep announces
// at once.
const sweepAnnouncers = 16

// timeout ends game id on time and announces it once.
func (b *Bot) timeout(ctx context.Context, id storage.GameID, now time.Time) {
	if g := b.expire(ctx, id, now); g != nil {
		b.announceTimeout(ctx, g)
	}
}

// expire ends game id on time and returns it when this call did, for
// the caller to announce (nil when the game was not due or another
// caller ended it).
func (b *Bot) expire(ctx context.Context, id storage.GameID, now time.Time) *storage.Game {
	g, expired, err := b.store.ExpireGame(ctx, id, now)
	if err != nil && ctx.Err() != nil {
		return nil
	}
	if err != nil {
		b.log.Error("clock sweep: ending a game on time", "game_id", id, "err", err)
		return nil
	}
	if !expired {
		// The game moved on (perhaps in another process): watch its new
		// deadline, so that the flag still falls on time.
		if g != nil {
			b.watch(g)
		}
		return nil
	}
	return g
}

// updateGame is storage.UpdateGame for the bot. When the update found the
// side to move out of time, storage ended the game on time instead
// (storage.ErrTimedOut, returned as the error): the timeout is announced
// as the sweeper would have, after the reply, and the dispatcher tells
// the user that time had run out.
func (b *Bot) updateGame(ctx context.Context, id storage.GameID, expectedPly int, fn func(*storage.Game) error) (*storage.Game, error) {
	g, err := b.store.UpdateGame(ctx, id, expectedPly, fn)
	if errors.Is(err, storage.ErrTimedOut) && g != nil {
		b.runAfter(ctx, &reply{after: func(ctx context.Context) { b.announceTimeout(ctx, g) }})
		to := &timedOutError{err: err, game: g} // the user is told whose time ran out, the result and where it is
		if ch := b.resultChannel(ctx, g); ch != g.ThreadID && ch != g.ChannelID {
			to.channel = ch
		}
		err = to
	}
	return g, err
}

// timedOutError is storage.ErrTimedOut with the game it ended, so that
// the answer says whose time had run out and the result (the press was
// not the presser's loss, as "the time had run out" alone read to the
// opponent of the side whose flag fell), and the channel where the
// result is posted when that is the server's notification channel, not
// the game's own ("": the game's). byDM: the result goes by direct
// message instead, the bot no longer allowed to post in the game's
// channel (resultGoesByDM).
type timedOutError struct {
	err     error
	game    *storage.Game
	channel string
	byDM    bool
}

// resultGoesByDM marks err, a timedOutError answering interaction r in
// the game's own channel or thread where its result is posted, when the
// bot lacks the permissions to post there (missingPostPermissions):
// Discord will refuse the result's post, which then goes to both
// players by direct message (resultByDM), and the answer, sent before
// the post, says so rather than that the result is in the channel.
func (b *Bot) resultGoesByDM(ctx context.Context, r *request, err error) {
	var to *timedOutError
	if !errors.As(err, &to) || to.channel != "" || r.in.ChannelID == "" {
		return
	}
	g := to.game
	if r.in.ChannelID != b.resultChannel(ctx, g) {
		return
	}
	to.byDM = len(b.missingPostPermissions(ctx, r, false)) > 0
}

func (e *timedOutError) Error() string { return e.err.Error() }
func (e *timedOutError) Unwrap() error { return e.err }

// announceTimeout posts a game ended on time (once: by whoever ended it)
// and tells the players who want direct messages. The game is over in
// storage, so it is announced even if shutdown begins now (Stop waits for
// this): nothing would announce it later.
func (b *Bot) announceTimeout(ctx context.Context, g *storage.Game) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
	defer cancel()
	loser := g.Seat(g.Tafl().ToMove()) // whose flag fell (the game may be drawn on time)
	headline := gameP(g).T("⏰ %s ran out of time.", seatName(gameP(g), loser))
	// A loss on time's result line says "the attackers ran out of time";
	// an abort's does not say why: its direct messages say whose time ran
	// out above the result line (which says it is aborted).
	var why resultWhy
	if g.Outcome().Reason == tafl.Aborted { // before both sides moved: storage aborts it
		b.log.Info("game aborted on time", "game_id", g.ID, "flag", loser.String())
		// The result line below says "**Aborted**": the headline says why only.
		headline = gameP(g).T("⏰ %s ran out of time before their first move.", seatName(gameP(g), loser))
		why = func(p *locale.Printer, viewer string) string {
			if viewer == loser.UserID && !loser.IsAI() {
				return p.T("⏰ You ran out of time before your first move.")
			}
			return p.T("⏰ %s ran out of time before their first move.", seatName(p, loser))
		}
	} else {
		b.log.Info("game lost on time", "game_id", g.ID, "loser", loser.String())
	}
	msg, err := b.boardMessage(ctx, g, headline, "")
	if err != nil {
		b.log.Error("announcing a timeout: drawing the board", "game_id", g.ID, "err", err)
		return
	}
	ch, err := b.postNotice(ctx, g, msg)
	b.afterPost(ctx, g, ch, err, why) // tells the players who want direct messages too
}

// resultWhy says in a player's language, to viewer (one of the players),
// what a finished game's result line alone does not: who aborted it, or
// whose time ran out before their first move (see afterPost). nil: nothing.
type resultWhy func(p *locale.Printer, viewer string) string

// abortedBy is the resultWhy of a game that actor aborted (the Abort
// button): "You aborted the game." to them, "@actor aborted the game." to
// the other player, whose result line says only "Aborted".
func abortedBy(actor string) resultWhy {
	return func(p *locale.Printer, viewer string) string {
		if viewer == actor {
			return p.T("You aborted the game.")
		}
		return p.T("<@%s> aborted the game.", actor)
	}
}

// dmResult tells the players of finished game g who want direct messages
// (/tafl settings dms:True) how it ended, however it ended: on time, by a
// move, a resignation, an agreed draw or an abort (why: see afterPost).
func (b *Bot) dmResult(ctx context.Context, g *storage.Game, why resultWhy) {
	for i, s := range []storage.Seat{g.Attackers, g.Defenders} {
		if s.IsAI() || s.UserID == "" || i == 1 && sameSeat(g.Attackers, g.Defenders) {
			continue // the engine, or a player of both sides told once
		}
		p := b.playerP(ctx, g, s.UserID)
		b.dm(ctx, g, s.UserID, "result", p.T("Game %d is over: %s", g.ID, dmResultLine(p, g, s.UserID, why)))
	}
}

// dmResultLine is the result line of a direct message to viewer about
// finished game g, under why's sentence when there is one (an abort,
// whose result line does not say who aborted it or that time ran out).
func dmResultLine(p *locale.Printer, g *storage.Game, viewer string, why resultWhy) string {
	if why == nil {
		return resultLine(p, g)
	}
	return why(p, viewer) + "\n" + resultLine(p, g)
}

// resultByDM tells both players of finished game g its result by direct
// message, whatever their /tafl settings dms, saying why Discord refused
// its post in channel ch (postErr): the bot's missing access or
// permissions there, the thread locked (threadLocked), or the channel or
// thread no longer existing (channelGone); nobody would see it otherwise
// (why: see afterPost).
func (b *Bot) resultByDM(ctx context.Context, g *storage.Game, ch string, postErr error, why resultWhy) {
	switch {
	case channelGone(postErr):
		b.log.Warn("the result's channel no longer exists: sent to the players by direct message", "game_id", g.ID, "channel_id", ch)
	case threadLocked(postErr):
		b.log.Warn("the result's thread is locked: sent to the players by direct message", "game_id", g.ID, "channel_id", ch)
	default:
		b.log.Warn("the result's post was refused for missing access or permissions: sent to the players by direct message", "game_id", g.ID, "channel_id", ch)
	}
	for i, s := range []storage.Seat{g.Attackers, g.Defenders} {
		if s.IsAI() || s.UserID == "" || i == 1 && sameSeat(g.Attackers, g.Defenders) {
			continue
		}
		p := b.playerP(ctx, g, s.UserID)
		line := dmResultLine(p, g, s.UserID, why)
		text := p.T("result.dm_refused", int(g.ID), line, ch)
		switch {
		case channelGone(postErr):
			text = p.T("result.dm_channel_gone", int(g.ID), line)
		case threadLocked(postErr):
			text = p.T("result.dm_thread_locked", int(g.ID), line, ch)
		}
		b.sendDM(ctx, g, s.UserID, "result", text, true)
	}
}

// indexProblems logs, once per entry, the damaged index entries a storage
// list skipped (a *storage.IndexError, returned with the games it could
// read) and returns nil for them; any other error is returned as is.
func (b *Bot) indexProblems(err error) error {
	var ie *storage.IndexError
	if !errors.As(err, &ie) {
		return err
	}
	b.loggedMu.Lock()
	defer b.loggedMu.Unlock()
	for _, e := range ie.Entries {
		key := ie.Index + "\x00" + string(e.Key)
		if b.logged[key] {
			continue
		}
		if len(b.logged) >= 10000 {
			clear(b.logged) // bounded: a huge damaged index is logged again later
		}
		b.logged[key] = true
		b.log.Error("a damaged index entry was skipped: run taflbot db check (with the bot stopped) and restore or rebuild",
			"index", ie.Index, "key", fmt.Sprintf("%x", e.Key), "err", e.Err)
	}
	return nil
}

// remind tells the player to move that time is running out, once.
func (b *Bot) remind(ctx context.Context, g *storage.Game, now time.Time) {
	seat := g.ToMove()
	if seat.IsAI() || seat.UserID == "" {
		return
	}
	ok, err := b.store.MarkReminded(ctx, g.ID, g.Ply(), now)
	if err != nil && ctx.Err() != nil {
		return
	}
	if err != nil {
		b.log.Error("clock sweep: marking a reminder", "game_id", g.ID, "err", err)
		return
	}
	if !ok {
		return
	}
	p := b.playerP(ctx, g, seat.UserID)
	text := p.T("⏳ <@%[1]s>, it's your move in game %[2]d (%[3]s): %[4]s left. `/tafl board` `game:%[2]d` shows it.",
		seat.UserID, g.ID, gameVariant(p, g), formatLeft(p, g.Deadline.Sub(now)))
	_, err = b.postNotice(ctx, g, &message{content: text})
	// Where the game's channel no longer exists, or the bot may no longer
	// post there, the reminder comes by direct message whatever the
	// player's dms: nobody sees it otherwise.
	b.sendDM(ctx, g, seat.UserID, "reminder", text, channelGone(err) || accessRefused(err))
	b.metrics.countReminder()
}

// boardRefused tells the player to move in game g, whose latest board
// Discord refused in its thread or channel ch (postErr), of the move by
// direct message (moveByDM) where the channel no longer exists
// (channelGone) or the bot may no longer post there (accessRefused):
// such a board is not posted again (markBoardDue marks only one that
// failed on Discord's side for the clock sweep), so it is the only word
// of the move they get. Other errors, and a game over, tell nothing.
func (b *Bot) boardRefused(ctx context.Context, g *storage.Game, ch string, postErr error) {
	if g.Active() && (channelGone(postErr) || accessRefused(postErr)) {
		b.moveByDM(ctx, g, ch, postErr)
	}
}

// moveByDM tells the player to move in active game g, whose latest board
// Discord refused in its thread or channel ch (postErr: the channel no
// longer exists, or the bot may no longer post there: boardRefused; the
// engine's move, or the opponent's made from another server or a direct
// message), that it is their move, why it comes by direct message
// (dmWhy) and how to go on, whatever their dms: nobody sees the board
// otherwise, and their clock runs.
//
// The first board of a game neither player started (a tournament's) is
// news to both: both are told the game has begun, and who is to move.
func (b *Bot) moveByDM(ctx context.Context, g *storage.Game, ch string, postErr error) {
	if g.Ply() == 0 {
		b.log.Warn("the game's channel no longer exists or refused its first board: its players are told it began by direct message",
			"game_id", g.ID, "channel_id", ch, "err", postErr)
		for i, s := range []storage.Seat{g.Attackers, g.Defenders} {
			if s.IsAI() || s.UserID == "" || i == 1 && sameSeat(g.Attackers, g.Defenders) {
				continue
			}
			p := b.playerP(ctx, g, s.UserID)
			b.sendDM(ctx, g, s.UserID, "move", p.T("move.dm_begun", int(g.ID), seatName(p, g.ToMove()), dmWhy(p, ch, postErr)), true)
		}
		return
	}
	seat := g.ToMove()
	if seat.IsAI() || seat.UserID == "" {
		return
	}
	b.log.Warn("the game's channel no longer exists or refused the board: the player to move is told by direct message",
		"game_id", g.ID, "channel_id", ch, "err", postErr)
	p := b.playerP(ctx, g, seat.UserID)
	mover := seatName(p, g.Seat(g.Tafl().ToMove().Other()))
	b.sendDM(ctx, g, seat.UserID, "move", p.T("move.dm_your_move", int(g.ID), mover, lastPlyLabel(g), dmWhy(p, ch, postErr)), true)
}

// postNotice posts to the server's notification channel, else the game's
// thread or channel (sendGame), and returns that channel and Discord's
// error. A
// notification channel where the bot may not post (accessRefused) is
// passed over for the game's own thread or channel, where its players
// see the notice, until a manager chooses another (/tafl settings) or
// gives the bot access (tried again with each notice: nothing tells the
// bot of access given back). One that no longer exists (deleted:
// channelGone, which is for good) is dropped from the server's settings
// (Store.DropNotifyChannel: not tried again, also after a restart, and
// /tafl settings says so) until a manager chooses another.
func (b *Bot) postNotice(ctx context.Context, g *storage.Game, msg *message) (string, error) {
	ch := b.noticeChannel(ctx, g)
	own := gameChannel(g)
	if ch == own {
		ch, _, err := b.sendGame(ctx, g, msg.send())
		if err != nil {
			b.log.Warn("posting a notice", "game_id", g.ID, "channel_id", ch, "err", err)
		}
		return ch, err
	}
	_, err := b.rest.Send(ctx, ch, msg.send())
	switch {
	case channelGone(err) || accessRefused(err):
		b.noticeFalls.Store(g.GuildID, ch)
	case err == nil:
		b.noticeFalls.CompareAndDelete(g.GuildID, ch)
	}
	if channelGone(err) {
		if dropped, derr := b.store.DropNotifyChannel(context.WithoutCancel(ctx), g.GuildID, ch); derr != nil {
			b.log.Error("dropping a deleted notification channel", "guild_id", g.GuildID, "channel_id", ch, "err", derr)
		} else if dropped {
			b.log.Warn("the server's notification channel no longer exists: reminders and results go to each game's channel until a manager chooses another with /tafl settings channel",
				"guild_id", g.GuildID, "channel_id", ch)
		}
	}
	if channelGone(err) || accessRefused(err) {
		rewind(msg.files)
		b.log.Warn("the server's notification channel no longer exists or the bot may not post there: posted in the game's channel instead; a manager can choose another with /tafl settings channel",
			"game_id", g.ID, "guild_id", g.GuildID, "channel_id", ch, "err", err)
		ch, _, err = b.sendGame(ctx, g, msg.send())
	}
	if err != nil {
		b.log.Warn("posting a notice", "game_id", g.ID, "channel_id", ch, "err", err)
	}
	return ch, err
}

// resultChannel is where game g's result is posted, as far as this
// process knows: its server's notification channel (noticeChannel), but
// the game's own thread or channel while the notification channel's last
// notice was refused (postNotice, noticeFalls: deleted, or the bot may
// not post there), until one is posted there again or another chosen.
func (b *Bot) resultChannel(ctx context.Context, g *storage.Game) string {
	ch := b.noticeChannel(ctx, g)
	if failed, ok := b.noticeFalls.Load(g.GuildID); ok && failed == ch {
		return gameChannel(g)
	}
	return ch
}

// gameChannel is game g's own thread, else its channel.
func gameChannel(g *storage.Game) string {
	if g.ThreadID != "" {
		return g.ThreadID
	}
	return g.ChannelID
}

// sendGame posts send in game g's own thread, else its channel
// (gameChannel), and returns where it was posted last and Discord's
// answer. A tournament game whose thread Discord answers no longer exists
// (channelGone: the tournament's thread deleted during a round) is moved
// to the channel the tournament goes on in, where send is posted again
// (tournamentGameThreadGone; its players told once); where there is
// none, the thread and Discord's refusal are returned.
func (b *Bot) sendGame(ctx context.Context, g *storage.Game, send *discordgo.MessageSend) (string, *discordgo.Message, error) {
	ch := gameChannel(g)
	sent, err := b.rest.Send(ctx, ch, send)
	if !channelGone(err) || g.TournamentID == 0 || g.ThreadID == "" {
		return ch, sent, err
	}
	to := b.tournamentGameThreadGone(ctx, g)
	if to == "" {
		return ch, sent, err
	}
	rewind(send.Files)
	sent, err = b.rest.Send(ctx, to, send)
	return to, sent, err
}

// channelGone reports whether Discord refused a post because the channel
// or thread no longer exists (10003, Unknown Channel): deleted after the
// game began, or a thread deleted.
func channelGone(err error) bool {
	return discordCode(err) == 10003
}

// accessRefused reports whether Discord refused a post because the bot
// may not see the channel (50001, Missing Access) or lacks a permission
// there (50013, Missing Permissions): taken away after the game began;
// or because the thread is locked (threadLocked).
func accessRefused(err error) bool {
	code := discordCode(err)
	return code == 50001 || code == 50013 || threadLocked(err)
}

// threadLocked reports whether Discord refused a post because the thread
// is archived and locked (50083, Thread is archived: a moderator locked
// it; a thread only archived is opened again by the post).
func threadLocked(err error) bool {
	return discordCode(err) == 50083
}

// noticeChannel is where game g's reminders and results go: the server's
// notification channel, else the game's thread or channel.
func (b *Bot) noticeChannel(ctx context.Context, g *storage.Game) string {
	ch := gameChannel(g)
	if g.GuildID != "" {
		if gs, err := b.store.GetGuildSettings(ctx, g.GuildID); err == nil && gs.NotifyChannelID != "" {
			ch = gs.NotifyChannelID
		}
	}
	return ch
}

// dm sends a direct message to a player who turned DMs on (/tafl settings
// dms:True; off by default) about game g; kind ("reminder", "result")
// says what it is in the log. Closed DMs (Discord error 50007: the
// player's privacy settings refuse the bot's direct messages) are
// remembered with the player's settings, where /tafl settings shows them,
// until a direct message arrives again.
//
// A game in a direct message with the bot (against the engine) is told
// nothing more: its reminders and result are posted in that direct
// message already, and would come twice.
func (b *Bot) dm(ctx context.Context, g *storage.Game, userID, kind, text string) {
	b.sendDM(ctx, g, userID, kind, text, false)
}

// sendDM is dm, sent also to a player with DMs off when always is set
// (resultByDM); closed DMs are remembered only for a player with DMs on.
func (b *Bot) sendDM(ctx context.Context, g *storage.Game, userID, kind, text string, always bool) {
	if g.GuildID == "" {
		return
	}
	p, err := b.store.GetPlayer(ctx, g.GuildID, userID)
	if err != nil && !errors.Is(err, storage.ErrNotFound) {
		b.log.Warn("loading a player for a DM", "user_id", userID, "game_id", g.ID, "dm", kind, "err", err)
		return
	}
	if !always && (p == nil || !p.DMs) {
		return
	}
	err = b.rest.DM(ctx, userID, &discordgo.MessageSend{Content: text, AllowedMentions: &discordgo.MessageAllowedMentions{}})
	closed := discordCode(err) == 50007
	switch {
	case closed:
		b.log.Debug("DMs closed", "user_id", userID, "game_id", g.ID, "dm", kind)
	case err != nil:
		b.log.Warn("sending a DM", "user_id", userID, "game_id", g.ID, "dm", kind, "err", err)
		return // says nothing of the player's settings
	}
	if p == nil || !p.DMs || closed == !p.DMFailed.IsZero() {
		return // as remembered (or not asked for)
	}
	now := b.now()
	if _, err := b.store.UpdatePlayer(ctx, g.GuildID, userID, func(p *storage.Player) error {
		if closed {
			p.DMFailed = now
		} else {
			p.DMFailed = time.Time{}
		}
		return nil
	}); err != nil {
		b.log.Warn("remembering whether a DM arrived", "user_id", userID, "game_id", g.ID, "dm", kind, "err", err)
	}
}
