package bot

import (
	"context"
	"slices"
	"strings"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/locale"
	"github.com/taflbot/taflbot/storage"
	"github.com/taflbot/taflbot/tafl"
)

// cmdResign handles /tafl resign [game]: it asks to confirm. Before both
// sides moved it offers to abort the game instead.
func (b *Bot) cmdResign(ctx context.Context, r *request) (*reply, error) {
	g, err := b.findGame(ctx, r, r.str("game"))
	if err != nil {
		return nil, err
	}
	if managerEnds(r, g) {
		return confirmEnd(r.p, g), nil
	}
	return b.confirmResign(r.p, g, r.userID)
}

// btnResign is the Resign button of a board (and the Abort button, which
// stands in its place before both sides moved): it asks to confirm. The
// Abort button of an old board, pressed after both sides moved, says the
// game can no longer be aborted instead of asking to resign.
func (b *Bot) btnResign(ctx context.Context, r *request) (*reply, error) {
	g, err := b.store.GetGame(ctx, storage.GameID(r.cid.ID))
	if err != nil {
		return nil, err
	}
	if r.cid.Action == ActAbort && g.Active() && g.SideOf(r.userID) != tafl.NoSide && !abortable(g) {
		return nil, userErrorf("Both sides have moved: the game can no longer be aborted (you may resign).")
	}
	if managerEnds(r, g) {
		return confirmEnd(r.p, g), nil
	}
	return b.confirmResign(r.p, g, r.userID)
}

// managerEnds reports whether the user's resign (command or button) is a
// server manager's (Manage Server) ending game g of their server, which
// they do not play, without a result: see btnEndYes.
func managerEnds(r *request, g *storage.Game) bool {
	return g.Active() && g.SideOf(r.userID) == tafl.NoSide && isManager(r) && g.GuildID != "" && g.GuildID == r.in.GuildID
}

// confirmEnd asks a server manager to confirm ending game g without a
// result.
func confirmEnd(p *locale.Printer, g *storage.Game) *reply {
	ask := p.T("End game %d between %s and %s without a result? Nobody wins and no rating changes; the players are told that you ended it.", g.ID, seatName(p, g.Attackers), seatName(p, g.Defenders))
	if g.TournamentID != 0 {
		ask = p.T("End game %d between %s and %s without a result? No rating changes, it counts as a draw in the tournament, and the players are told that you ended it.", g.ID, seatName(p, g.Attackers), seatName(p, g.Defenders))
	}
	yes := CustomID{Action: ActEndYes, ID: uint64(g.ID)}.String()
	return &reply{resp: &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral,
			Content: ask,
			Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
				discordgo.Button{Label: p.T("Yes, end it"), Style: discordgo.DangerButton, CustomID: yes},
			}}}}}}
}

// btnEndYes ends game ID without a result for a server manager of its
// server who does not play in it: the game is aborted, whatever its
// moves (no rating or record changes; a tournament counts it as a draw:
// tournamentGameOver), and the manager is named (Game.EndedBy).
func (b *Bot) btnEndYes(ctx context.Context, r *request) (*reply, error) {
	g, err := b.updateGame(ctx, storage.GameID(r.cid.ID), -1, func(g *storage.Game) error {
		if !g.Active() {
			return gameOver(g)
		}
		if g.GuildID == "" || g.GuildID != r.in.GuildID || !isManager(r) {
			return userErrorf("Only a server manager (Manage Server) can end other players' games, and only in their own server.")
		}
		if g.SideOf(r.userID) != tafl.NoSide {
			return userErrorf("You play in this game: resign it instead (`/tafl resign`).")
		}
		g.EndedBy = r.userID
		return g.Tafl().Abort()
	})
	if err != nil {
		return nil, err
	}
	return b.announce(ctx, g, r.userID, gameP(g).T("<@%s>, a server manager, ended the game without a result.", r.userID), r.p.T("You ended game %d without a result.", g.ID), nil)
}

func (b *Bot) confirmResign(p *locale.Printer, g *storage.Game, userID string) (*reply, error) {
	if !g.Active() {
		return nil, gameOver(g)
	}
	if g.SideOf(userID) == tafl.NoSide {
		return nil, errNotYourGame
	}
	if abortable(g) {
		yes := CustomID{Action: ActAbortYes, ID: uint64(g.ID), Ply: g.Ply()}.String()
		ask := p.T("Abort game %d? A game that ends before both sides have moved has no result.", g.ID)
		if rated(g) {
			ask = p.T("Abort game %d? A game that ends before both sides have moved has no result and is not rated.", g.ID)
		}
		return &reply{resp: &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral,
				Content: ask,
				Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
					discordgo.Button{Label: p.T("Yes, abort"), Style: discordgo.DangerButton, CustomID: yes},
				}}}}}}, nil
	}
	// The confirm button is not tied to a ply: resigning stays valid after moves.
	yes := CustomID{Action: ActResignYes, ID: uint64(g.ID)}.String()
	return &reply{resp: &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral,
			Content: p.T("Resign game %d? This cannot be undone.", g.ID),
			Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
				discordgo.Button{Label: p.T("Yes, resign"), Style: discordgo.DangerButton, CustomID: yes},
			}}}}}}, nil
}

// btnResignYes resigns for the user.
func (b *Bot) btnResignYes(ctx context.Context, r *request) (*reply, error) {
	g, err := b.updateGame(ctx, storage.GameID(r.cid.ID), -1, func(g *storage.Game) error {
		if !g.Active() {
			return gameOver(g)
		}
		side := g.SideOf(r.userID)
		if side == tafl.NoSide {
			return errNotYourGame
		}
		if g.Attackers.UserID == g.Defenders.UserID {
			side = g.Tafl().ToMove()
		}
		return g.Tafl().Resign(side)
	})
	if err != nil {
		return nil, err
	}
	return b.announce(ctx, g, r.userID, gameP(g).T("<@%s> resigned.", r.userID), r.p.T("You resigned."), nil)
}

// abortable reports whether game g may be aborted: fewer than two moves
// (storage.MinRatedPlies) were played and it is no tournament game (a
// tournament's pairing needs a result).
func abortable(g *storage.Game) bool {
	return g.Ply() < storage.MinRatedPlies && g.TournamentID == 0
}

// btnAbortYes aborts the game for the user, if fewer than two moves have
// been played.
func (b *Bot) btnAbortYes(ctx context.Context, r *request) (*reply, error) {
	// b.updateGame: a game found out of time is ended on time instead,
	// and that end is announced (nothing else would post it).
	// Not tied to the ply it was asked at: the checks below say why a
	// game can no longer be aborted, and a move since (the asker's own
	// first) leaves it abortable.
	g, err := b.updateGame(ctx, storage.GameID(r.cid.ID), -1, func(g *storage.Game) error {
		if !g.Active() {
			return gameOver(g)
		}
		if g.SideOf(r.userID) == tafl.NoSide {
			return errNotYourGame
		}
		if g.TournamentID != 0 {
			return userErrorf("A tournament game cannot be aborted: it needs a result (you may resign).")
		}
		if g.Ply() >= storage.MinRatedPlies {
			return userErrorf("Both sides have moved: the game can no longer be aborted (you may resign).")
		}
		return g.Tafl().Abort()
	})
	if err != nil {
		return nil, err
	}
	return b.announce(ctx, g, r.userID, gameP(g).T("<@%s> aborted the game.", r.userID), r.p.T("You aborted the game."), abortedBy(r.userID))
}

// announce answers a private confirm with a short text and posts the
// game's final (or new) board publicly as a follow-up, pinging the
// players but actor, who ended it; why says in the result's direct
// messages what the headline says and the result line does not (nil:
// nothing; see afterPost).
func (b *Bot) announce(ctx context.Context, g *storage.Game, actor, headline, private string, why resultWhy) (*reply, error) {
	msg, err := b.boardMessage(ctx, g, headline, actor)
	if err != nil {
		return nil, err
	}
	return &reply{
		resp: &discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage,
			Data: &discordgo.InteractionResponseData{Content: private, Components: []discordgo.MessageComponent{}}},
		after: func(ctx context.Context) { b.postBoardWhy(ctx, g, msg, why) },
	}, nil
}

// postBoard posts a board message in the game's thread or channel
// (sendGame) and runs the after-move work. An active game's board that Discord did not
// take (failing on its side) is posted by a clock sweep later
// (markBoardDue). One Discord refused, as the channel no longer exists
// (channelGone) or the bot may no longer post there (accessRefused: its
// access or permissions taken away, the thread locked), is not posted
// again, so the player to move is told by direct message (boardRefused);
// of a board that brings no move, msg.gone tells what it said instead (a
// draw offered or withdrawn: drawByDM).
func (b *Bot) postBoard(ctx context.Context, g *storage.Game, msg *message) (string, error) {
	return b.postBoardWhy(ctx, g, msg, nil)
}

// postBoardWhy is postBoard for a game ended as why says (see afterPost).
// It returns where the board was posted last (sendGame) and Discord's
// refusal, if any.
func (b *Bot) postBoardWhy(ctx context.Context, g *storage.Game, msg *message, why resultWhy) (string, error) {
	ch, sent, err := b.sendGame(ctx, g, msg.send())
	if err != nil {
		b.log.Error("posting a board", "game_id", g.ID, "channel_id", ch, "err", err)
		b.markBoardDue(ctx, g, err)
		switch {
		case !msg.noMove:
			b.boardRefused(ctx, g, ch, err)
		case msg.gone != nil && g.Active() && (channelGone(err) || accessRefused(err)):
			msg.gone(ctx, ch, err)
		}
	} else if sent != nil && g.Active() {
		b.rememberBoard(ctx, g, sent)
	}
	b.afterPost(ctx, g, ch, err, why)
	return ch, err
}

// cmdDraw handles /tafl draw [game].
func (b *Bot) cmdDraw(ctx context.Context, r *request) (*reply, error) {
	g, err := b.findGame(ctx, r, r.str("game"))
	if err != nil {
		return nil, err
	}
	return b.draw(ctx, r, g.ID, true)
}

// btnDraw is a board's draw button: **Offer draw**, or while a draw is
// offered "Draw offered by X: accept?" (the one who offered withdraws
// with it). Its Arg is the offer the label showed (drawShown; boards
// from before it was recorded have none).
func (b *Bot) btnDraw(ctx context.Context, r *request) (*reply, error) {
	return b.draw(ctx, r, storage.GameID(r.cid.ID), false)
}

// draw offers a draw, accepts the opponent's offer, or withdraws one's
// own. Pressed on a board whose draw button showed another offer than
// the game has now (withdrawn, lapsed, or made since), it changes nothing
// and says what the offer is now: the button would otherwise do the
// opposite of its label.
func (b *Bot) draw(ctx context.Context, r *request, id storage.GameID, command bool) (*reply, error) {
	var what string
	g, err := b.updateGame(ctx, id, -1, func(g *storage.Game) error {
		if !g.Active() {
			return gameOver(g)
		}
		side := g.SideOf(r.userID)
		if side == tafl.NoSide {
			return errNotYourGame
		}
		if seat := g.Seat(side.Other()); seat.IsAI() {
			if name, ok := strings.CutPrefix(seat.AILevel, engineSeatPrefix); ok {
				// Another engine: OTEP has no draw offers to pass on,
				// and "I" (taflbot) is not the opponent.
				if abortable(g) {
					return userErrorf("Draws can't be offered to the engine **%s**: play on, or abort the game with `/tafl resign` (a game that ends before both sides have moved has no result).", name)
				}
				return userErrorf("Draws can't be offered to the engine **%s**: play on, or resign.", name)
			}
			if abortable(g) {
				// Before both sides have moved the way out is an abort,
				// which /tafl resign offers then.
				return userErrorf("I don't agree to draws: play on, or abort the game with `/tafl resign` (a game that ends before both sides have moved has no result).")
			}
			return userErrorf("I don't agree to draws: play on, or resign.")
		}
		if !command && r.cid.Arg != "" && r.cid.Arg != drawShown(g.DrawOffer) {
			switch g.DrawOffer {
			case tafl.NoSide:
				return userErrorf("That draw offer was withdrawn or has lapsed (a move declines it): nothing was changed.")
			case side:
				return userErrorf("Your draw offer stands.")
			default:
				return userErrorf("%s has offered a draw since: nothing was changed. Accept it with the draw button on the newest board, or `/tafl draw`.", seatName(r.p, g.Seat(g.DrawOffer)))
			}
		}
		switch g.DrawOffer {
		case tafl.NoSide:
			if g.DrawBarred.Of(side) {
				// As on lichess: an offer withdrawn or declined is made
				// again only after a move, so that nobody can offer,
				// withdraw and offer again, pinging the opponent each time.
				return userErrorf("Your last draw offer was withdrawn or declined: you may offer a draw again after your next move.")
			}
			g.DrawOffer, what = side, "offer"
		case side:
			g.DrawOffer, what = tafl.NoSide, "withdraw"
			g.DrawBarred.Set(side, true)
		default:
			what = "accept"
			return g.Tafl().AgreeDraw()
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	gp := gameP(g)
	var headline string
	switch what {
	case "offer":
		headline = gp.T("<@%s> offers a draw. %s, use `/tafl draw` or the draw button below to accept, or just move to decline.", r.userID, seatName(gp, opponentOf(g, r.userID)))
		if g.Tafl().ToMove() == g.DrawOffer {
			// Offered on one's own turn: the opponent cannot move yet.
			headline = gp.T("<@%s> offers a draw. %s, use `/tafl draw` or the draw button below to accept; your next move declines it.", r.userID, seatName(gp, opponentOf(g, r.userID)))
		}
	case "withdraw":
		headline = gp.T("<@%s> withdrew the draw offer.", r.userID)
	case "accept":
		headline = gp.T("<@%s> accepted the draw.", r.userID)
	}
	msg, err := b.boardMessage(ctx, g, headline, r.userID)
	if err != nil {
		return nil, err
	}
	if what == "offer" {
		// The offer speaks to the opponent, who may accept it also when
		// it is not their move.
		if o := opponentOf(g, r.userID); o.UserID != "" && !o.IsAI() && !slices.Contains(msg.pings, o.UserID) {
			msg.pings = append(msg.pings, o.UserID)
		}
	}
	if command && !playedElsewhere(r, g) {
		// From elsewhere the board goes to the game's thread or
		// channel, as the draw button's does.
		in := r.in
		return &reply{resp: &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: msg.data()},
			after: func(ctx context.Context) {
				b.rememberOriginal(ctx, in, g, false) // its buttons end with the game, as every board's
				b.afterMove(ctx, g)
			}}, nil
	}
	var private string
	switch what {
	case "offer":
		private = r.p.T("You offered a draw.")
	case "withdraw":
		private = r.p.T("You withdrew your draw offer.")
	case "accept":
		private = r.p.T("You accepted the draw.")
	}
	msg.noMove = true
	if what != "accept" { // an agreed draw's result goes by direct message (resultByDM)
		msg.gone = func(ctx context.Context, ch string, err error) { b.drawByDM(ctx, g, r.userID, what, ch, err) }
	}
	return &reply{resp: ephemeral(private), after: func(ctx context.Context) { b.postBoard(ctx, g, msg) }}, nil
}

// drawByDM tells the opponent of userID in active game g, whose board
// with the draw offered or withdrawn (what: "offer", "withdraw") Discord
// refused in channel ch (postErr: the channel or thread no longer exists,
// channelGone; the bot may no longer post there or the thread is locked,
// accessRefused), by direct message whatever their dms, saying why:
// nobody sees the offer otherwise, and they answer it with /tafl draw
// from elsewhere.
func (b *Bot) drawByDM(ctx context.Context, g *storage.Game, userID, what, ch string, postErr error) {
	o := opponentOf(g, userID)
	if o.IsAI() || o.UserID == "" || o.UserID == userID {
		return
	}
	b.log.Warn("the game's channel no longer exists or refused the board: the opponent is told of the draw offer by direct message",
		"game_id", g.ID, "channel_id", ch, "draw", what, "err", postErr)
	p := b.playerP(ctx, g, o.UserID)
	why := dmWhy(p, ch, postErr)
	key := "draw.dm_offer"
	switch {
	case what == "withdraw":
		key = "draw.dm_withdrawn"
	case g.Tafl().ToMove() == g.DrawOffer:
		// Offered on one's own turn: the opponent cannot move yet.
		key = "draw.dm_offer_wait"
	}
	b.sendDM(ctx, g, o.UserID, "draw", p.T(key, int(g.ID), "<@"+userID+">", why), true)
}

// dmWhy says, in p's language, why news of a game comes by direct
// message: Discord refused its board in the game's channel or thread ch
// (postErr: the channel or thread no longer exists, channelGone; the
// thread is locked, threadLocked; else the bot may no longer post there,
// accessRefused). It is a clause: game.dm_why_gone, _refused, _locked.
func dmWhy(p *locale.Printer, ch string, postErr error) string {
	switch {
	case channelGone(postErr):
		return p.T("game.dm_why_gone")
	case threadLocked(postErr):
		return p.T("game.dm_why_locked", ch)
	}
	return p.T("game.dm_why_refused", ch)
}

// opponentOf returns the seat playing against userID.
func opponentOf(g *storage.Game, userID string) storage.Seat {
	if g.SideOf(userID) == tafl.Attackers {
		return g.Defenders
	}
	return g.Attackers
}
