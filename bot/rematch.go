package bot

import (
	"context"
	"errors"
	"strings"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/storage"
	"github.com/taflbot/taflbot/tafl"
)

// btnRematch is the Rematch button of a finished game's boards: the
// same variant and clock (or time per move), casual or rated as before,
// with the sides swapped.
//
// Against the engine one tap starts the new game. Between two players
// the first tap posts a challenge to the other, who accepts with one tap
// (its Accept button, or Rematch on any board of the old game). Stale
// and repeated taps are harmless: the offerer is told the offer stands,
// anyone after the new game started is pointed to it, and an offer
// declined, withdrawn or expired can be made again. The store records
// a rematch on the old game in the step that creates it, once no other
// was recorded since this tap read the game (also across processes on
// one PostgreSQL database), so double taps never make two: a tap that
// lost that race is answered as if it came after the winner.
func (b *Bot) btnRematch(ctx context.Context, r *request) (*reply, error) {
	for range 3 {
		rep, err := b.rematch(ctx, r)
		if !errors.Is(err, errRematchRaced) {
			return rep, err
		}
	}
	return nil, errors.New("bot: rematch: the game's rematch kept changing")
}

// errRematchRaced means another rematch of the game was recorded between
// reading the game and recording this one: the tap is answered again.
var errRematchRaced = errors.New("bot: another rematch was recorded meanwhile")

// rematch answers a Rematch tap once (btnRematch).
func (b *Bot) rematch(ctx context.Context, r *request) (*reply, error) {
	old, err := b.store.GetGame(ctx, storage.GameID(r.cid.ID))
	if err != nil {
		return nil, err
	}
	side := old.SideOf(r.userID)
	switch {
	case old.Active():
		return nil, userErrorT("rematch.still_going", old.ID)
	case side == tafl.NoSide:
		return nil, errNotYourGame
	case old.Attackers.UserID == old.Defenders.UserID:
		return nil, userErrorT("rematch.self")
	case old.TournamentID != 0:
		// Its boards have no Rematch (gameButtons); one posted before
		// they lost it is answered so.
		return nil, userErrorT("rematch.tournament", old.ID, old.Seat(side.Other()).UserID)
	}
	if old.Seat(side.Other()).IsAI() {
		return b.rematchEngine(ctx, r, old, side)
	}
	if old.Rematch != 0 {
		c, err := b.store.GetChallenge(ctx, old.Rematch)
		switch {
		case errors.Is(err, storage.ErrNotFound):
			// The offer is gone (a backup restored since): a new one
			// may be made.
			c = &storage.Challenge{State: storage.ChallengeExpired}
		case err != nil:
			return nil, err
		}
		switch {
		case c.State == storage.ChallengeAccepted:
			return nil, b.rematchMade(ctx, c.GameID)
		case c.State == storage.ChallengeOpen && c.ChallengerID == r.userID:
			return nil, userErrorT("rematch.offered", c.OpponentID)
		case c.State == storage.ChallengeOpen && c.Expires.After(b.now()):
			// The other player offered it: this tap accepts.
			g, err := b.accept(ctx, c, r.userID, r.userName())
			if errors.Is(err, storage.ErrChallengeClosed) {
				// Accepted (or withdrawn) meanwhile, by a tap elsewhere:
				// answered as it stands now.
				return nil, errRematchRaced
			}
			if err != nil {
				return nil, err
			}
			headline := gameP(g).T("<@%s> accepted the rematch of game %d. The game begins!", r.userID, old.ID)
			rep, err := b.newGameBoard(ctx, r, g, headline)
			if err != nil {
				return nil, err
			}
			// The offer's message says so and loses its buttons, as
			// when it is accepted with its own Accept.
			board := rep.after
			rep.after = func(ctx context.Context) {
				b.closeChallengeMessage(ctx, c, headline)
				board(ctx)
			}
			return rep, nil
		}
		// Declined, withdrawn or expired: a new offer may be made.
	}
	// The challenger plays the side they did not play last time.
	c := &storage.Challenge{
		GuildID: old.GuildID, ChannelID: old.ChannelID, ChallengerID: r.userID, OpponentID: old.Seat(side.Other()).UserID,
		ChallengerName: r.userName(), OpponentName: old.Seat(side.Other()).Name,
		Variant: old.Variant(), Layout: old.Layout(), Rules: old.Rules(), Side: side.Other(), MoveTime: old.MoveTime, TimeControl: old.Clock.Control,
		Casual: old.Casual, Rematch: old.ID, Created: b.now(), Expires: b.now().Add(b.expiry), Language: old.Language,
	}
	seen := old.Rematch
	if err := b.store.CreateRematchChallenge(ctx, c, func(g *storage.Game) error {
		if g.Rematch != seen {
			return errRematchRaced
		}
		return nil
	}); err != nil {
		return nil, err
	}
	msg, err := b.challengeMessage(c)
	if err != nil {
		return nil, err
	}
	b.quietIfRechallenged(c, msg)
	if playedElsewhere(r, old) {
		// Tapped on a board shown in another server or a direct message:
		// the offer goes where the opponent can see and accept it.
		ch := old.ThreadID
		if ch == "" {
			ch = old.ChannelID
		}
		return &reply{resp: ephemeral(r.p.T("You offered <@%[1]s> a rematch of game %[2]d. The offer is posted where the game was played, <#%[3]s>.", c.OpponentID, old.ID, ch)),
			after: func(ctx context.Context) { b.postChallenge(ctx, c, ch, msg) }}, nil
	}
	return &reply{resp: &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: msg.data()},
		after: b.rememberChallenge(r.in, c)}, nil
}

// rematchMade answers a Rematch tap on a game whose rematch, game id,
// was made: it is being played, or, over, its own board's Rematch offers
// the next one.
func (b *Bot) rematchMade(ctx context.Context, id storage.GameID) error {
	g, err := b.store.GetGame(ctx, id)
	switch {
	case err == nil && !g.Active():
		return userErrorT("rematch.over", id, shownLabel("Rematch", g.Language))
	case err != nil && !errors.Is(err, storage.ErrNotFound):
		return err
	}
	return userErrorT("rematch.playing", id)
}

// postChallenge posts challenge c's message in channel ch and records it
// with the challenge, as rememberChallenge records a reply.
func (b *Bot) postChallenge(ctx context.Context, c *storage.Challenge, ch string, msg *message) {
	sent, err := b.rest.Send(ctx, ch, msg.send())
	if err != nil {
		b.log.Error("posting a rematch offer", "challenge_id", c.ID, "channel_id", ch, "err", err)
		return
	}
	_, err = b.store.UpdateChallenge(ctx, c.ID, func(sc *storage.Challenge) error {
		sc.MessageID = sent.ID
		if ch != sc.ChannelID { // the old game's thread
			sc.MessageChannelID = ch
		}
		return nil
	})
	if err != nil && !errors.Is(err, storage.ErrChallengeClosed) {
		b.log.Warn("saving a challenge message id", "challenge_id", c.ID, "err", err)
	}
}

// rematchEngine starts the rematch of a game against the engine at once.
func (b *Bot) rematchEngine(ctx context.Context, r *request, old *storage.Game, side tafl.Side) (*reply, error) {
	if old.RematchGame != 0 {
		return nil, b.rematchMade(ctx, old.RematchGame)
	}
	level := old.Seat(side.Other()).AILevel
	if name, ok := strings.CutPrefix(level, engineSeatPrefix); ok && b.external.pools[name] == nil {
		// Taken out of the configuration since: the new game would be
		// lost by the engine at its first move, for nothing.
		return nil, userErrorf("The engine **%s** is no longer set up on this bot, so there is no rematch against it: `/tafl ai` starts a game against taflbot or another engine.", name)
	}
	g, err := newGameOf(old.Variant(), old.Layout(), old.Rules())
	if err != nil {
		return nil, err
	}
	if side == tafl.Attackers { // swapped
		g.Attackers, g.Defenders = storage.AI(level), human(r.userID, r.userName())
	} else {
		g.Attackers, g.Defenders = human(r.userID, r.userName()), storage.AI(level)
	}
	g.GuildID, g.ChannelID, g.MoveTime, g.Casual = old.GuildID, old.ChannelID, old.MoveTime, old.Casual
	g.Clock.Control = old.Clock.Control
	g.Language = old.Language
	// Within the limits on games against the engine, as /tafl ai
	// (createEngineGame), and only if no rematch was recorded meanwhile.
	if err := b.store.CreateRematchGame(ctx, old.ID, g, b.aiPerUser, b.aiPerServer, func(og *storage.Game) error {
		if og.RematchGame != 0 {
			return userErrorT("rematch.playing", og.RematchGame)
		}
		return nil
	}); err != nil {
		return nil, b.engineLimitError(ctx, g, err)
	}
	b.metrics.gameStarted()
	gp := gameP(g)
	opponent := gp.T("taflbot at level **%s**", gp.T(level)) // as /tafl ai names it
	if name, ok := strings.CutPrefix(level, engineSeatPrefix); ok {
		opponent = gp.T("the engine **%s**", name)
	}
	return b.newGameBoard(ctx, r, g, gp.T("<@%s> plays %s again, sides swapped. Good luck!", r.userID, opponent))
}

// newGameBoard answers r with a new game's first board (in a thread where
// the server allows) and then asks for the engine's move if it is its turn.
// Asked for in a thread of the game's channel (a rematch tapped in the
// old game's thread, /tafl ai typed in a thread with a thread per game),
// the board goes to the game's channel (firstBoardElsewhere) and the
// answer says where; where Discord refuses it there, the game is played
// in the thread, and the answer is its board.
func (b *Bot) newGameBoard(ctx context.Context, r *request, g *storage.Game, headline string) (*reply, error) {
	msg, err := b.boardMessage(ctx, g, headline, r.userID)
	if err != nil {
		return nil, err
	}
	if outsideGameChannel(r.in, g) {
		line, here := b.firstBoardElsewhere(ctx, r, g, msg)
		if !here {
			return &reply{resp: &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
				Data: &discordgo.InteractionResponseData{Content: headline + "\n" + line, AllowedMentions: &discordgo.MessageAllowedMentions{}}},
				after: func(ctx context.Context) { b.afterMove(ctx, g) }}, nil
		}
		// Played in the thread it was asked in: its first board is the
		// answer.
		if msg, err = b.boardMessage(ctx, g, headline+"\n"+line, r.userID); err != nil {
			return nil, err
		}
	}
	in := r.in
	return &reply{resp: &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: msg.data()},
		after: func(ctx context.Context) {
			if m := b.rememberOriginal(ctx, in, g, false); m != nil && in.GuildID != "" {
				b.maybeThread(ctx, g, m.ID) // the reply is in the interaction's channel, the game's
			}
			b.afterMove(ctx, g)
		}}, nil
}

// closeChallengeMessage replaces the text of challenge c's message (if it
// was recorded) and takes its buttons away.
func (b *Bot) closeChallengeMessage(ctx context.Context, c *storage.Challenge, text string) {
	if c.MessageID == "" {
		return
	}
	comps := []discordgo.MessageComponent{}
	if err := b.rest.Edit(ctx, &discordgo.MessageEdit{ID: c.MessageID, Channel: c.MessageChannel(), Content: &text, Components: &comps,
		AllowedMentions: &discordgo.MessageAllowedMentions{}}); err != nil {
		b.log.Warn("closing a challenge message", "challenge_id", c.ID, "err", err)
	}
}
