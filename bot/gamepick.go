package bot

import (
	"context"
	"errors"
	"strings"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/storage"
	"github.com/taflbot/taflbot/tafl"
	"golang.org/x/text/width"
)

// The game picker. A command that does not name its game (move, board,
// resign, draw, history) finds it by itself when it can: the user's only
// game here, for a move the only one here where it is their turn, or the
// game they last chose in this channel (and, failing those, for a move the
// only such game where it is legal: cmdMove). Otherwise the bot asks once, with
// a menu of their games; the choice runs the command and is remembered
// for the channel, so that the next commands need no game option either.

// pickCommands maps the command codes of a picker's custom id to the
// subcommands they run.
var pickCommands = map[string]string{"mv": "move", "bd": "board", "rs": "resign", "dr": "draw", "hi": "history"}

// needPick is returned by findGame when the user must choose a game.
type needPick struct {
	games []*storage.Game
	sub   string
	move  string // the move of a /tafl move, in simple form
}

func (e *needPick) Error() string { return "bot: the user has several games: ask which" }

// pickArg encodes the command to run after the choice: a code, and for
// a move its squares ("mvd1d4").
func (e *needPick) pickArg() string {
	for code, sub := range pickCommands {
		if sub != e.sub {
			continue
		}
		if sub == "move" {
			mt, err := tafl.ParseMove(e.move)
			if err != nil {
				return ""
			}
			return code + mt.Move.From().String() + mt.Move.To().String()
		}
		return code
	}
	return ""
}

// pickReply is the private menu asking which game a command is about.
func (b *Bot) pickReply(ctx context.Context, r *request, e *needPick) (*reply, error) {
	arg := e.pickArg()
	if arg == "" {
		return nil, userErrorf("You have several games going: pick one with the `game` option (start typing for a list).")
	}
	games := e.games[:min(len(e.games), pageSize)]
	tours := b.tournamentNames(ctx, games)
	var opts []discordgo.SelectMenuOption
	for _, g := range games {
		opts = append(opts, discordgo.SelectMenuOption{Label: truncate(gameLabel(r.p, g, r.userID, tours), 95), Value: g.ID.String()})
	}
	what := r.p.T("Which game?")
	if e.sub == "move" {
		what = r.p.T("Which game is %s for?", e.move)
	}
	what += " " + r.p.T("I'll remember your choice in this channel.")
	if len(e.games) > len(games) {
		// A select menu holds 25: the others are reached by number.
		what += "\n" + r.p.T("The menu lists %d of your games here: for another, use the `game` option (start typing for a list).", len(games))
	}
	id := CustomID{Action: ActPickGame, ID: 1, Arg: arg}
	return &reply{resp: &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral,
			Content: what,
			Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
				discordgo.SelectMenu{CustomID: id.String(), Placeholder: r.p.T("Pick a game"), Options: opts},
			}}}}}}, nil
}

// tournamentNames returns the names of the tournaments games belong to,
// for their labels. A tournament that cannot be read goes unnamed.
func (b *Bot) tournamentNames(ctx context.Context, games []*storage.Game) map[storage.TournamentID]string {
	names := map[storage.TournamentID]string{}
	for _, g := range games {
		if _, done := names[g.TournamentID]; done || g.TournamentID == 0 {
			continue
		}
		names[g.TournamentID] = ""
		if t, err := b.store.GetTournament(ctx, g.TournamentID); err == nil {
			names[g.TournamentID] = t.Name
		} else {
			b.log.Warn("reading a game's tournament", "tournament_id", g.TournamentID, "err", err)
		}
	}
	return names
}

// btnPickGame runs the command the picker was for on the chosen game and
// remembers the choice for the channel.
func (b *Bot) btnPickGame(ctx context.Context, r *request) (*reply, error) {
	if len(r.values) == 0 {
		return nil, userErrorf("Pick a game from the menu.")
	}
	code, squares := r.cid.Arg[:min(2, len(r.cid.Arg))], r.cid.Arg[min(2, len(r.cid.Arg)):]
	sub, ok := pickCommands[code]
	if !ok {
		return nil, userErrorf("That menu is from an older version of the bot: run the command again.")
	}
	id, err := storage.ParseGameID(r.values[0])
	if err != nil {
		return nil, userErrorf("Pick a game from the menu.")
	}
	opts := map[string]*discordgo.ApplicationCommandInteractionDataOption{
		"game": {Name: "game", Type: discordgo.ApplicationCommandOptionString, Value: id.String()},
	}
	if sub == "move" {
		from, to, ok := splitSquares(squares)
		if !ok {
			return nil, userErrorf("That menu is broken: run the command again.")
		}
		opts["move"] = &discordgo.ApplicationCommandInteractionDataOption{Name: "move", Type: discordgo.ApplicationCommandOptionString, Value: from + "-" + to}
	}
	cr := *r
	cr.sub, cr.opts = sub, opts
	return b.commands()[sub](ctx, &cr)
}

// splitSquares splits "d1d4" or "k11k9" into its two squares.
func splitSquares(s string) (string, string, bool) {
	for i := 2; i < len(s); i++ {
		a, b := s[:i], s[i:]
		if _, err := tafl.ParseSquare(a); err != nil {
			continue
		}
		if _, err := tafl.ParseSquare(b); err == nil {
			return a, b, true
		}
	}
	return "", "", false
}

// noGameErr is findGame's answer when the user names no game and has
// none in progress here. last is their game here that ended last (nil:
// none): the message names it with its result, so that a move sent just
// after a game was lost on time, resigned or aborted is not answered as
// if there had been no game, and findGameOrLast shows it.
type noGameErr struct {
	*userError
	last *storage.Game
}

func (e *noGameErr) Unwrap() error { return e.userError }

// noGameHere builds findGame's noGameErr.
func (b *Bot) noGameHere(ctx context.Context, r *request) error {
	last, err := b.lastEnded(ctx, r, false)
	if err != nil {
		return err
	}
	// In a direct message, where a challenge is refused, the way to a
	// game is /tafl ai there or a challenge in a server.
	dm := r.in.GuildID == ""
	switch {
	case last == nil && dm:
		return &noGameErr{userError: &userError{key: "You have no game in progress. Play me here with `/tafl ai`, or challenge someone in a server with `/tafl challenge`."}}
	case last == nil:
		return &noGameErr{userError: &userError{key: "You have no game in progress here. Start one with `/tafl challenge` or `/tafl ai`."}}
	case dm:
		return &noGameErr{last: last, userError: &userError{key: "Game %d is over (%s), and you have no other game in progress. Play me here with `/tafl ai`, or challenge someone in a server with `/tafl challenge`.",
			args: []any{int(last.ID), resultCaption(r.p, last)}}}
	}
	return &noGameErr{last: last, userError: &userError{key: "Game %d is over (%s), and you have no other game in progress here. Start one with `/tafl challenge` or `/tafl ai`.",
		args: []any{int(last.ID), resultCaption(r.p, last)}}}
}

// lastEnded is the user's game in this server that ended last (nil if
// none): the one noGameHere names and findGameOrLast picks, so that they
// agree when an older game ended after a newer one. With moved, only a
// game where a move was played counts: the one findFinished reviews (a
// rematch aborted at once does not hide the game just played).
func (b *Bot) lastEnded(ctx context.Context, r *request, moved bool) (*storage.Game, error) {
	games, err := b.store.GamesByPlayer(ctx, r.userID, storage.GameFilter{GuildID: r.in.GuildID, Limit: 50})
	if err != nil {
		return nil, err
	}
	var last *storage.Game
	for _, g := range games {
		if !g.Active() && (!moved || g.Ply() > 0) && (last == nil || g.Updated.After(last.Updated)) {
			last = g
		}
	}
	return last, nil
}

// findGameOrLast is findGame for the commands that show a game rather
// than play in it (/tafl board, /tafl history): with no game named and
// none of the user's in progress here, it picks the game of the thread
// it is asked in (a game's own thread, in progress or finished, for an
// onlooker there too), else the user's game that ended last in this
// channel or thread — the board or record asked for just after a game is
// most likely that one's — else, when no game is being played here, the
// game that ended last in this channel or thread (endedHere), else the
// user's game that ended last in this server, as /tafl analyse picks it;
// for an onlooker with no game of their own, the game being played in
// this channel when it is the only one.
func (b *Bot) findGameOrLast(ctx context.Context, r *request, opt string) (*storage.Game, error) {
	g, err := b.findGame(ctx, r, opt)
	if ng := (*noGameErr)(nil); errors.As(err, &ng) {
		var watched []*storage.Game // the games in progress in this channel or thread
		if r.in.GuildID != "" {
			if watched, err = b.store.ActiveGamesInChannel(ctx, r.in.ChannelID); err != nil {
				return nil, err
			}
			for _, g := range watched {
				if g.ThreadID == r.in.ChannelID {
					r.gameID = uint64(g.ID)
					return g, nil
				}
			}
			if g, err := b.endedHere(ctx, r, ng.last, len(watched) > 0); err != nil || g != nil {
				if g != nil {
					r.gameID = uint64(g.ID)
				}
				return g, err
			}
		}
		if ng.last == nil {
			// These commands show finished games too: "no game in
			// progress" would suggest there is a finished one to see.
			switch {
			case r.in.GuildID == "":
				return nil, userErrorf("You have no game, in progress or finished. Play me here with `/tafl ai`, or challenge someone in a server with `/tafl challenge`.")
			case len(watched) == 1:
				r.gameID = uint64(watched[0].ID)
				return watched[0], nil
			case len(watched) > 1:
				return nil, userErrorf("You have no game here, in progress or finished, and %[1]d games are being played in this channel: name the one to see with the `game` option, such as `game:%[2]d` (each board shows its game's number).",
					len(watched), int(watched[len(watched)-1].ID))
			}
			return nil, userErrorf("You have no game here, in progress or finished. Start one with `/tafl challenge` or `/tafl ai`.")
		}
		r.gameID = uint64(ng.last.ID)
		return ng.last, nil // read once, by findGame
	}
	return g, err
}

// endedHere is findGameOrLast's pick among the finished games of the
// channel or thread it is asked in (nil if none fits): the thread's own
// game; else the user's game that ended last (last: in this server),
// when it ended here, or their game that ended last here; else, when no
// game is being played here (playing), the game that ended last here.
func (b *Bot) endedHere(ctx context.Context, r *request, last *storage.Game, playing bool) (*storage.Game, error) {
	here := r.in.ChannelID
	if last != nil && (last.ChannelID == here || last.ThreadID == here) {
		return last, nil
	}
	ended, err := b.store.FinishedGamesInChannel(ctx, here, 20)
	if err != nil && len(ended) == 0 {
		// A damaged index entry (logged by the clock's sweep and db
		// check) costs only the games it names.
		if ie := (*storage.IndexError)(nil); !errors.As(err, &ie) {
			return nil, err
		}
	}
	for _, g := range ended {
		if g.ThreadID == here {
			return g, nil
		}
	}
	for _, g := range ended {
		if g.SideOf(r.userID) != tafl.NoSide {
			return g, nil
		}
	}
	if len(ended) > 0 && !playing {
		return ended[0], nil
	}
	return nil, nil
}

// findGame picks the game a command is about: the game option when given
// (remembered for the channel); otherwise the user's only active game in
// this channel (or thread), or their only active game in this server; for
// a move, the only such game where it is their turn; else the game last
// chosen in this channel. When none of these decides, it returns a
// *needPick, which the dispatcher answers with the game picker.
func (b *Bot) findGame(ctx context.Context, r *request, opt string) (g *storage.Game, err error) {
	defer func() {
		if g != nil {
			r.gameID = uint64(g.ID)
		}
	}()
	// Full-width digits (and ＃) of Chinese and Japanese keyboards read
	// as ASCII ones, as in a move and the option's list.
	if opt = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(width.Fold.String(opt)), "#")); opt != "" {
		if i := strings.IndexAny(opt, " ·"); i > 0 {
			opt = opt[:i]
		}
		id, perr := storage.ParseGameID(opt)
		if perr != nil {
			// The option's list is of the player's games (finished ones
			// too for these), in every server: with none it is empty.
			some, err := b.store.GamesByPlayer(ctx, r.userID, storage.GameFilter{ActiveOnly: !showsFinished(r.sub), Limit: 1})
			if err != nil {
				return nil, err
			}
			if len(some) == 0 {
				return nil, userErrorf("`%s` is not a game number, and you have no games to pick from: start one with `/tafl challenge` (in a server) or `/tafl ai`.", codeText(truncate(opt, 20)))
			}
			if showsFinished(r.sub) { // `/tafl games` lists none of the finished games these show
				return nil, userErrorf("`%s` is not a game number: pick a game from the list.", codeText(truncate(opt, 20)))
			}
			return nil, userErrorf("`%s` is not a game number: pick a game from the list, or see `/tafl games`.", codeText(truncate(opt, 20)))
		}
		g, err := b.store.GetGame(ctx, id)
		if errors.Is(err, storage.ErrNotFound) && showsFinished(r.sub) {
			// `/tafl games` lists only games in progress; the game
			// option of these commands lists finished ones too.
			return nil, userErrorf("I can't find game %d. Start typing in the `game` option for a list of your games, finished ones too.", int(id))
		}
		if err != nil {
			return nil, err
		}
		// Game ids are sequential: anyone could ask for any. A game is
		// read only by its players and in its own server.
		if g.SideOf(r.userID) == tafl.NoSide && (g.GuildID == "" || g.GuildID != r.in.GuildID) {
			if showsFinished(r.sub) {
				return nil, userErrorf("I can't find game %d in this server. Start typing in the `game` option for a list of your games, finished ones too.", int(id))
			}
			return nil, userErrorf("I can't find game %d in this server. `/tafl games` lists the games you play here.", id)
		}
		if g.SideOf(r.userID) != tafl.NoSide && g.Active() {
			b.remember(ctx, r, g.ID)
		}
		return g, nil
	}
	// A user's active games are few and indexed: look there first.
	mine, err := b.store.GamesByPlayer(ctx, r.userID, storage.GameFilter{GuildID: r.in.GuildID, ActiveOnly: true})
	if err != nil {
		return nil, err
	}
	var here []*storage.Game
	for _, g := range mine {
		if g.ChannelID == r.in.ChannelID || g.ThreadID == r.in.ChannelID {
			here = append(here, g)
		}
	}
	if len(here) > 0 {
		mine = here
	}
	switch len(mine) {
	case 0:
		return nil, b.noGameHere(ctx, r)
	case 1:
		return mine[0], nil
	}
	if r.sub == "move" {
		var turn []*storage.Game
		for _, g := range mine {
			if g.ToMove().UserID == r.userID {
				turn = append(turn, g)
			}
		}
		switch len(turn) {
		case 0:
			return nil, errNotYourTurn
		case 1:
			return turn[0], nil
		}
		mine = turn
	}
	if p, err := b.store.GetPlayer(ctx, r.in.GuildID, r.userID); err == nil {
		if last, ok := p.LastGames[r.in.ChannelID]; ok {
			for _, g := range mine {
				if g.ID == last {
					return g, nil
				}
			}
		}
	} else if !isNotFound(err) {
		return nil, err
	}
	return nil, &needPick{games: mine, sub: r.sub, move: strings.TrimSpace(r.str("move"))}
}

// remember records the user's choice of game in this channel.
func (b *Bot) remember(ctx context.Context, r *request, id storage.GameID) {
	if err := b.store.RememberGame(ctx, r.in.GuildID, r.userID, r.in.ChannelID, id); err != nil {
		b.log.Warn("remembering a game choice", "game_id", id, "err", err)
	}
}

// showsFinished reports whether the subcommand sub shows finished games
// as well as games in progress (/tafl board, history, analyse): its game
// option's list has both, and a game it cannot find is answered with
// that list rather than /tafl games, which has only games in progress.
func showsFinished(sub string) bool {
	return sub == "board" || sub == "history" || sub == "analyse"
}

// asNeedPick reports whether err asks for the game picker.
func asNeedPick(err error) (*needPick, bool) {
	var np *needPick
	return np, errors.As(err, &np)
}
