package bot

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/locale"
	"github.com/taflbot/taflbot/storage"
	"github.com/taflbot/taflbot/tafl"
	"golang.org/x/text/width"
)

// cmdMove handles /tafl move move:<d1-d4> [game].
func (b *Bot) cmdMove(ctx context.Context, r *request) (*reply, error) {
	text := strings.TrimSpace(typedMove(r.str("move")))
	if text == "" {
		return nil, userErrorf("Say which move, such as `d1-d4` (start typing for a list of your legal moves).")
	}
	g, err := b.findGame(ctx, r, r.str("game"))
	var headline []string
	if np, ok := asNeedPick(err); ok {
		// Several games where it is the player's move, none chosen: the
		// one where the move is legal, if only one.
		if only := onlyLegalIn(np.games, text); only != nil {
			g, err = only, nil
			r.gameID = uint64(g.ID)
			headline = append(headline, gameP(g).T("Played in game %[1]d: of the games where it is this player's move, `%[2]s` is legal only there.", g.ID, codeText(text)))
		}
	}
	if ng := (*noGameErr)(nil); errors.As(err, &ng) && r.str("game") == "" {
		return nil, b.puzzleMoveHint(ctx, r, ng)
	}
	if err != nil {
		return nil, err
	}
	if mt, perr := tafl.ParseMove(text); perr == nil && checkTurn(g, r.userID) == nil {
		if tg := g.Tafl(); tg.LosesByRepetition(mt.Move) {
			if _, err := tg.Clone().PlayText(text); err == nil { // its annotations too
				return confirmLosingMove(r.p, g, mt.Move), nil
			}
		}
	}
	refused := false // by the rules, not for the game's state
	played, declined, err := b.play(ctx, r, g.ID, -1, func(tg *tafl.Game) error {
		_, err := tg.PlayText(text)
		refused = err != nil
		return err
	})
	if err != nil {
		if refused && r.str("game") == "" {
			return nil, b.inWhichGame(ctx, r, g, text, err)
		}
		return nil, err
	}
	g = played
	if line := declinedLine(g, declined); line != "" {
		headline = append(headline, line)
	}
	msg, err := b.boardMessage(ctx, g, strings.Join(headline, "\n"), r.userID)
	if err != nil {
		return nil, err
	}
	if playedElsewhere(r, g) {
		in, p := r.in, r.p
		return &reply{resp: ephemeral(elsewhereNote(p, g, gameChannel(g))), after: func(ctx context.Context) { b.postFromElsewhere(ctx, in, p, g, msg) }}, nil
	}
	in := r.in
	note := b.cannotPostNote(ctx, r, g)
	return &reply{
		resp: &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: msg.data()},
		after: func(ctx context.Context) {
			if note != nil {
				note(ctx)
			}
			if err := b.replyLost(in); err != nil {
				// Neither the response nor the post that replaced it
				// reached Discord: a clock sweep posts the board.
				b.markBoardDue(ctx, g, err)
			} else {
				b.rememberOriginal(ctx, in, g, false)
			}
			b.afterMove(ctx, g)
		},
	}, nil
}

// confirmLosingMove asks the player to move in g to confirm m, which
// would lose the game for them by repetition (tafl's LosesByRepetition):
// a private message whose button plays it (btnMoveYes), as Resign asks.
func confirmLosingMove(p *locale.Printer, g *storage.Game, m tafl.Move) *reply {
	label := m.String()
	if g.Tafl().Position().At(m.From()) == tafl.King {
		label = "K" + label
	}
	yes := CustomID{Action: ActMoveYes, ID: uint64(g.ID), Ply: g.Ply(), Arg: m.From().String() + m.To().String()}.String()
	return &reply{resp: &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral,
			Content: p.T("`%[1]s` would repeat a position for the third time, and in game %[2]d that loses the game for you. Play it anyway?", label, g.ID),
			Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
				discordgo.Button{Label: p.T("Yes, play it"), Style: discordgo.DangerButton, CustomID: yes},
			}}}}}}
}

// playedElsewhere reports whether r, a move or a draw offer in game g,
// came from another server than the game's or from a direct message (a
// player may name any game of theirs): a board posted there would not
// reach the opponent, so it goes to the game's thread or channel
// (postBoard), as a resignation's does.
func playedElsewhere(r *request, g *storage.Game) bool {
	return g.GuildID != "" && r.in.GuildID != g.GuildID
}

// elsewhereNote tells a player who moved in game g from elsewhere
// (playedElsewhere) where the new board went: ch, the game's thread or
// channel (gameChannel) as far as is known before it is posted.
func elsewhereNote(p *locale.Printer, g *storage.Game, ch string) string {
	return p.T("You played %[1]s in game %[2]d. The new board is posted where the game is played, <#%[3]s>, for your opponent to see.", lastPlyLabel(g), g.ID, ch)
}

// postFromElsewhere posts game g's new board msg, played from elsewhere
// by interaction in, whose reply (elsewhereNote, in p's language) named
// the game's thread or channel; where the post found that gone, the reply
// is edited to say where the game goes on instead: the channel a
// tournament game was moved to (sendGame), or, where there is none, by
// direct message (the player to move is told there: boardRefused; a
// result goes to both), rather than name a channel that no longer exists.
func (b *Bot) postFromElsewhere(ctx context.Context, in *discordgo.Interaction, p *locale.Printer, g *storage.Game, msg *message) {
	noted := gameChannel(g)
	ch, err := b.postBoard(ctx, g, msg)
	var note string
	switch {
	case err == nil && ch != noted:
		note = elsewhereNote(p, g, ch)
	case channelGone(err) && g.Active():
		note = p.T("move.elsewhere_gone", lastPlyLabel(g), int(g.ID))
	case channelGone(err):
		note = p.T("move.elsewhere_gone_over", lastPlyLabel(g), int(g.ID))
	default:
		return
	}
	if _, err := b.rest.EditResponse(ctx, in, &discordgo.WebhookEdit{Content: &note}); err != nil {
		b.log.Warn("saying where a game played from elsewhere goes on", "game_id", g.ID, "interaction_id", in.ID, "err", err)
	}
}

// onlyLegalIn returns the one game of games in which move text is legal
// (nil when it is legal in none, or in more than one).
func onlyLegalIn(games []*storage.Game, text string) *storage.Game {
	var only *storage.Game
	for _, g := range games {
		if _, err := g.Tafl().Clone().PlayText(text); err != nil {
			continue
		}
		if only != nil {
			return nil
		}
		only = g
	}
	return only
}

// gameMoveError is a move the rules refused in a game the bot chose for
// a player who has several (no game option): it names that game and,
// when there is one, another of the player's games in which the move
// would be legal.
type gameMoveError struct {
	err       error
	g         *storage.Game
	userID    string
	move      string
	other     *storage.Game // nil: none
	otherTurn bool          // it is the player's move in other
}

func (e *gameMoveError) Error() string { return fmt.Sprintf("game %d: %v", e.g.ID, e.err) }
func (e *gameMoveError) Unwrap() error { return e.err }

// text says e in p's language around inner, the refusal's own words.
func (e *gameMoveError) text(p *locale.Printer, inner string) string {
	opponent := func(g *storage.Game) string { // a display name, the user's own
		if g.SideOf(e.userID) == tafl.Defenders {
			return plainText(seatLabel(p, g.Attackers))
		}
		return plainText(seatLabel(p, g.Defenders))
	}
	s := p.T("In game %d (%s vs %s): %s", e.g.ID, gameVariant(p, e.g), opponent(e.g), inner)
	switch {
	case e.other == nil:
	case e.otherTurn:
		s += "\n" + p.T("`%[1]s` is legal in game %[2]d (%[3]s vs %[4]s): add `game:%[2]d` to play it there.", codeText(e.move), e.other.ID, gameVariant(p, e.other), opponent(e.other))
	default:
		s += "\n" + p.T("`%[1]s` would be legal in game %[2]d (%[3]s vs %[4]s), but it is not your move there.", codeText(e.move), e.other.ID, gameVariant(p, e.other), opponent(e.other))
	}
	return s
}

// inWhichGame returns err, the rules' refusal of move text in game g,
// which findGame chose among the player's games: when the player has
// other games going in this server, it names g, and a game where the
// move would be legal (one where it is their move first).
func (b *Bot) inWhichGame(ctx context.Context, r *request, g *storage.Game, text string, err error) error {
	var se *tafl.SyntaxError
	if errors.As(err, &se) {
		return err // unreadable anywhere
	}
	mine, lerr := b.store.GamesByPlayer(ctx, r.userID, storage.GameFilter{GuildID: r.in.GuildID, ActiveOnly: true})
	if lerr != nil || len(mine) < 2 {
		return err
	}
	gm := &gameMoveError{err: err, g: g, userID: r.userID, move: text}
	mt, perr := tafl.ParseMove(text)
	for _, o := range mine {
		if o.ID == g.ID || perr != nil || gm.otherTurn {
			continue
		}
		side, tg := o.SideOf(r.userID), o.Tafl()
		switch {
		case side == tafl.NoSide || !o.Active():
		case tg.ToMove() == side:
			if _, err := tg.Clone().PlayText(text); err == nil {
				gm.other, gm.otherTurn = o, true
			}
		case gm.other == nil:
			// Not their move: the position as it stands, with their side to
			// move (history aside).
			pos := tg.Position()
			if flipped, err := pos.Variant().ParsePosition(pos.Record(), side); err == nil && flipped.CheckMove(mt.Move) == nil && (!mt.King || pos.At(mt.Move.From()) == tafl.King) {
				gm.other = o
			}
		}
	}
	return gm
}

// typedMove rewrites the characters phones and keyboards put in a move
// for the ones it is written with: a dash (‐ ‒ – — ―, the minus sign −)
// for the hyphen, as a phone's autocorrection makes d1-d4 "d1–d4", and the
// full-width letters and digits of Chinese and Japanese keyboards (ｄ１-ｄ４)
// for ASCII ones (golang.org/x/text/width's Fold, which leaves every
// other character as typed, so that a refusal quotes the move as it was
// written: Narrow made an arrow, d3→b3, the half-width d3￫b3). Characters that show
// nothing, zero-width spaces and joiners, a byte order mark and other
// formatting characters that copying text can bring along (d2\u200b-c2,
// which reads d2-c2), are left out.
func typedMove(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= '\u2010' && r <= '\u2015' || r == '\u2212' || r == '\uFE58' || r == '\uFE63' {
			return '-'
		}
		if unicode.Is(unicode.Cf, r) || unicode.Is(unicode.Other_Default_Ignorable_Code_Point, r) || unicode.Is(unicode.Variation_Selector, r) {
			return -1
		}
		return r
	}, width.Fold.String(s))
}

// rememberOriginal records the board an interaction's response showed, so
// that its buttons can be disabled when the game ends, and returns that
// message (nil when it could not be looked up). onlooker says it was shown
// to someone who does not play in the game (see keptBoards).
func (b *Bot) rememberOriginal(ctx context.Context, in *discordgo.Interaction, g *storage.Game, onlooker bool) *discordgo.Message {
	if !g.Active() {
		return nil // its buttons are disabled already
	}
	m, err := b.responseMessage(ctx, in)
	if err != nil {
		b.log.Warn("looking up a board message", "game_id", g.ID, "err", err)
		return nil
	}
	if m.ChannelID == "" {
		m.ChannelID = in.ChannelID
	}
	b.keepBoard(ctx, g, storage.MessageRef{ChannelID: m.ChannelID, MessageID: m.ID, Onlooker: onlooker})
	return m
}

// play changes game id for the user of r through storage.UpdateGame: it
// checks that the user plays in the game and that it is their turn, then
// calls fn on the rules-engine game; the user's display name is refreshed
// on the way. expectedPly < 0 skips the stale check. declined reports
// that the move declined the opponent's draw offer (storage lets it lapse
// when the other side moves) in a game that goes on.
func (b *Bot) play(ctx context.Context, r *request, id storage.GameID, expectedPly int, fn func(*tafl.Game) error) (g *storage.Game, declined bool, err error) {
	offer := tafl.NoSide
	g, err = b.updateGame(ctx, id, expectedPly, func(g *storage.Game) error {
		if err := checkTurn(g, r.userID); err != nil {
			return err
		}
		offer = g.DrawOffer
		refreshName(g, r.userID, r.userName())
		return onBoard(g, reversedHint(g, wrongPiece(g, fn(g.Tafl()))))
	})
	if err != nil {
		return g, false, err
	}
	return g, offer != tafl.NoSide && g.DrawOffer == tafl.NoSide && g.Active(), nil
}

// boardError is err, the rules' refusal of a move in a game whose board
// shows its buttons in language lang: the reply, in the reader's
// language, names the Move button as the board shows it.
type boardError struct {
	err  error
	lang string
}

func (e *boardError) Error() string { return e.err.Error() }
func (e *boardError) Unwrap() error { return e.err }

// onBoard returns err (nil for none) as a refusal in game g (boardError).
func onBoard(g *storage.Game, err error) error {
	if err == nil {
		return nil
	}
	return &boardError{err: err, lang: g.Language}
}

// declinedLine is the line a move's board message adds when the move
// declined a draw offer (empty when it did not).
func declinedLine(g *storage.Game, declined bool) string {
	if !declined {
		return ""
	}
	return gameP(g).T("This move declines the draw offer.")
}

// wrongPiece rewords the rules engine's refusal of a piece of the side
// not to move (tafl.ReasonNotYourTurn) for a player who may move but named
// a piece of the other side: "f4 holds a defender: you play the
// attackers". Other errors are returned as they are.
func wrongPiece(g *storage.Game, err error) error {
	var me *tafl.MoveError
	if !errors.As(err, &me) || me.Reason != tafl.ReasonNotYourTurn {
		return err
	}
	tg := g.Tafl()
	from := me.Move.From()
	var what, tail error
	switch tg.Position().At(from) {
	case tafl.Attacker:
		what = userErrorf("%s holds an attacker", from.String())
	case tafl.Defender:
		what = userErrorf("%s holds a defender", from.String())
	default:
		what = userErrorf("%s holds the king", from.String())
	}
	switch {
	case g.Attackers.UserID == g.Defenders.UserID && tg.ToMove() == tafl.Attackers:
		tail = userErrorf("the attackers are to move.")
	case g.Attackers.UserID == g.Defenders.UserID:
		tail = userErrorf("the defenders are to move.")
	case tg.ToMove() == tafl.Attackers:
		tail = userErrorf("you play the attackers.")
	default:
		tail = userErrorf("you play the defenders.")
	}
	return userErrorf("%s: %s", what, tail)
}

// reversedError is a move refused because its first square is empty
// (tafl.ReasonNoPiece) whose reverse, from its second square to its
// first, is legal for the player to move: a move typed back to front
// (s15-s17 for s17-s15). The answer asks "did you mean s17-s15?".
type reversedError struct {
	err      error
	reversed tafl.Move
}

func (e *reversedError) Error() string { return e.err.Error() }
func (e *reversedError) Unwrap() error { return e.err }

// reversedHint returns err as a reversedError when it refuses a move
// from an empty square whose reverse is legal in g now; other errors as
// they are.
func reversedHint(g *storage.Game, err error) error {
	var me *tafl.MoveError
	if !errors.As(err, &me) || me.Reason != tafl.ReasonNoPiece {
		return err
	}
	rev := tafl.NewMove(me.Move.To(), me.Move.From())
	if _, perr := g.Tafl().Clone().Play(rev); perr != nil {
		return err
	}
	return &reversedError{err: err, reversed: rev}
}

// checkTurn says whether userID may move now in g.
func checkTurn(g *storage.Game, userID string) error {
	if !g.Active() {
		return gameOver(g)
	}
	side := g.SideOf(userID)
	if side == tafl.NoSide {
		return errNotYourGame
	}
	if side != g.Tafl().ToMove() {
		return errNotYourTurn
	}
	return nil
}

// afterMove runs after a move was saved and shown: the engine replies in
// engine games, and finished games get their old buttons disabled.
func (b *Bot) afterMove(ctx context.Context, g *storage.Game) {
	b.afterPost(ctx, g, "", nil, nil)
}

// afterPost is afterMove after the bot posted game g's board on its own in
// channel ch, Discord answering postErr: a finished game's result that
// Discord refused there for the bot's missing access or permissions, a
// thread locked (accessRefused), or because the channel no longer exists
// (channelGone), goes to its players by direct message, whatever their
// settings, as nobody would see it otherwise. why, when not nil, says in
// a player's language what the result line alone does not (who aborted
// the game, or whose time ran out before their first move): the direct
// messages give it above the result line, as the post's headline does.
func (b *Bot) afterPost(ctx context.Context, g *storage.Game, ch string, postErr error, why resultWhy) {
	b.watch(g)
	if !g.Active() {
		b.ai.stopSearch(g.ID)
		b.metrics.gameFinished()
		b.disableBoards(ctx, g)
		b.gameEnded(g)
		if g.TournamentID != 0 {
			b.tournamentGameOver(ctx, g)
		}
		if accessRefused(postErr) || channelGone(postErr) {
			b.resultByDM(ctx, g, ch, postErr, why)
			return
		}
		b.dmResult(ctx, g, why) // last: a slow or failing DM holds nothing up
		return
	}
	if g.ToMove().IsAI() {
		b.engineDue(ctx, g)
	}
}

// engineDue asks for the engine's move in game g, now that the move
// before it is shown: from this process's workers (with the engine role)
// and, through storage, from every other process's.
func (b *Bot) engineDue(ctx context.Context, g *storage.Game) {
	id := g.ID
	if b.roles&RoleEngine != 0 {
		b.ai.enqueue(g, true)
	}
	if err := b.store.NotifyEngine(ctx, id); err != nil {
		b.log.Warn("engine: telling the other processes of a due move; they find it at the retry interval", "game_id", id, "err", err)
	}
}

// disableBoards edits the game's known board messages so that their
// buttons are disabled.
func (b *Bot) disableBoards(ctx context.Context, g *storage.Game) {
	for _, ref := range g.BoardMessages {
		comps := gameButtons(g)
		err := b.rest.Edit(ctx, &discordgo.MessageEdit{ID: ref.MessageID, Channel: ref.ChannelID, Components: &comps})
		if err != nil {
			b.log.Warn("disabling old board buttons", "game_id", g.ID, "message_id", ref.MessageID, "err", err)
		}
	}
}

// autocomplete answers typing in the move, game and variant options.
func (b *Bot) autocomplete(ctx context.Context, r *request) (*reply, error) {
	f := r.focused()
	if f == nil {
		return &reply{resp: choicesResponse(nil)}, nil
	}
	// Discord sends what was typed as a string, even for a number option.
	typed := strings.ToLower(strings.TrimSpace(typedMove(fmt.Sprint(f.Value))))
	var choices []*discordgo.ApplicationCommandOptionChoice
	switch f.Name {
	case "days":
		choices = daysChoices(r.p, typed)
	case "variant":
		choices = variantChoices(typed)
		if (r.sub == "leaderboard" || r.sub == "puzzle") && len(choices) < 25 && strings.Contains("custom", typed) {
			// The games played under rules strings are rated together,
			// and the puzzles mined from them kept, as "custom": the
			// word to type, and what the reader's language calls them
			// (the leaderboard's heading, a puzzle's header), as in
			// "custom (eigene Variante)".
			name := "custom"
			if w := r.p.T("variant.custom"); w != name {
				name += " (" + w + ")"
			}
			choices = append(choices, &discordgo.ApplicationCommandOptionChoice{Name: name, Value: "custom"})
		}
	case "time":
		choices = timeChoices(r.p, typed)
	case "tournament":
		var err error
		if choices, err = b.tournamentChoices(ctx, r.p, r.in.GuildID, typed); err != nil {
			return nil, err
		}
	case "game":
		games, err := b.store.GamesByPlayer(ctx, r.userID, storage.GameFilter{ActiveOnly: !showsFinished(r.sub), Limit: 100})
		if err != nil {
			return nil, err
		}
		if r.sub == "resign" && r.in.GuildID != "" && isManager(r) {
			// A server manager ends others' games of the server with
			// /tafl resign game:N (managerEnds): theirs after their own.
			others, err := b.store.ActiveGamesInGuild(ctx, r.in.GuildID, managerGameChoices)
			if err != nil {
				return nil, err
			}
			for _, g := range others {
				if g.SideOf(r.userID) == tafl.NoSide {
					games = append(games, g)
				}
			}
		}
		tours := b.tournamentNames(ctx, games)
		type match struct {
			id    storage.GameID
			label string
		}
		var matched []match
		for _, g := range games {
			if r.sub == "analyse" && (g.Active() || g.Ply() == 0) {
				continue // reviewed only once over, and with a move: analyse refuses it
			}
			label := gameLabel(r.p, g, r.userID, tours)
			if g.SideOf(r.userID) == tafl.NoSide {
				label = otherGameLabel(r.p, g, tours)
			}
			if typed == "" || strings.Contains(strings.ToLower(label), typed) {
				matched = append(matched, match{g.ID, label})
			}
		}
		// The game typed by number first, then the numbers it begins
		// (1: 10, 11, …, 100), then the other matches as listed (active
		// first, newest first): "1" would otherwise list #21 and #19 … #10
		// above #1.
		num := strings.TrimPrefix(typed, "#")
		slices.SortStableFunc(matched, func(a, b match) int {
			ra, rb := idRank(a.id, num), idRank(b.id, num)
			if ra != rb || ra != 1 {
				return cmp.Compare(ra, rb)
			}
			return cmp.Compare(a.id, b.id)
		})
		for _, m := range matched[:min(len(matched), 25)] {
			choices = append(choices, &discordgo.ApplicationCommandOptionChoice{Name: truncate(m.label, 95), Value: m.id.String()})
		}
	case "move":
		g, err := b.findGame(ctx, r, r.str("game"))
		if err != nil || g.ToMove().UserID != r.userID {
			return &reply{resp: choicesResponse(nil)}, nil // no game, or not your turn
		}
		var settings *storage.GuildSettings
		if g.Casual && g.GuildID != "" {
			if settings, err = b.guildSettings(ctx, g.GuildID); err != nil {
				return nil, err
			}
		}
		choices = moveChoices(r.p, g, typed, engineHelpAllowed(g, settings))
	}
	return &reply{resp: choicesResponse(choices)}, nil
}

// managerGameChoices is how many of a server's active games (newest
// first) the game autocomplete of /tafl resign offers a server manager,
// besides their own: what is typed is matched among them, and Discord
// shows 25.
const managerGameChoices = 500

// otherGameLabel names, in a server manager's game autocomplete, a game
// they do not play in, as /tafl games lists it: number, variant, both
// players and who is to move (names, as a choice shows no mention).
func otherGameLabel(p *locale.Printer, g *storage.Game, tours map[storage.TournamentID]string) string {
	s := strings.TrimPrefix(p.T("• #%d %s · %s vs %s · %s to move", g.ID, gameVariant(p, g), seatLabel(p, g.Attackers), seatLabel(p, g.Defenders), seatLabel(p, g.ToMove())), "• ")
	if name := tours[g.TournamentID]; name != "" {
		s += " · 🏆 " + name
	}
	return s
}

// idRank orders the game autocomplete's matches for num, what was typed
// (without a leading #): 0 for the game numbered num, 1 for a number that
// begins with it, 2 for the others.
func idRank(id storage.GameID, num string) int {
	switch s := id.String(); {
	case num == "":
		return 2
	case s == num:
		return 0
	case strings.HasPrefix(s, num):
		return 1
	}
	return 2
}

// engineHelpAllowed reports whether the bot may tell a player in g what
// its rules engine sees: which of their moves win or capture, and moves
// ordered by it (the move autocomplete's labels). That is help, allowed
// only where the game is not a fair contest between people: games against
// the engine, and casual games (not a tournament's) where the server
// allows it (GuildSettings.CasualHelp; settings may be nil: then none).
// It is the one place that decides it: the move autocomplete's labels and
// the Hint button (hint.go, which #18 keeps out of every game between
// players) ask it.
func engineHelpAllowed(g *storage.Game, settings *storage.GuildSettings) bool {
	if g.Attackers.IsAI() || g.Defenders.IsAI() {
		return true
	}
	return g.Casual && g.TournamentID == 0 && settings != nil && settings.CasualHelp
}

// moveChoices lists up to 25 legal moves that start with what was typed
// (or contain it), in full notation (the king's with K, which may be
// typed too: "Kd4" finds the king's moves from d4). With help, moves
// that win or capture say so and come first, then the king's; without,
// they are in board order (tafl.CompareMoves: a3 before a14). In every
// game a move that wins by repetition says so and comes first, one that
// loses by it says so and comes last, and one that draws by it says so.
func moveChoices(p *locale.Printer, g *storage.Game, typed string, help bool) []*discordgo.ApplicationCommandOptionChoice {
	tg := g.Tafl()
	if !g.Active() {
		return nil
	}
	pos := tg.Position()
	type scored struct {
		m     tafl.Move
		label string
		score int
	}
	var list []scored
	for _, m := range tg.LegalMoves() {
		s := m.String()
		score, label := 0, s
		if pos.At(m.From()) == tafl.King {
			label = "K" + s
		}
		// The king's moves are shown (and may be typed) with their K.
		prefix := strings.HasPrefix(s, typed) || strings.HasPrefix(strings.ToLower(label), typed)
		if !prefix && !strings.Contains(s, typed) {
			continue
		}
		if tg.LosesByRepetition(m) {
			// Said to everyone, as the rules say it: not the engine's help
			// (the board does not show how often a position occurred).
			label = p.T("%s (loses: third repetition)", label)
			score = -1000
		} else if tg.WinsByRepetition(m) {
			// As the rules say it too, and listed first.
			label = p.T("%s (wins: third repetition)", label)
			score = 1000
		} else if tg.DrawsByRepetition(m) {
			// And a draw, listed among the others.
			label = p.T("%s (draws: third repetition)", label)
		} else if help {
			var child tafl.Position
			caps := pos.MakeMove(m, &child)
			if o := child.Outcome(); o.Over() {
				score, label = 1000, p.T("%s (wins)", label)
			} else if caps > 0 {
				score, label = 100*caps, p.T("%s (captures %d)", label, caps)
			}
			if pos.At(m.From()) == tafl.King {
				score += 10
			}
		}
		if prefix {
			score += 1
		}
		list = append(list, scored{m, label, score})
	}
	// Best first, then in board order, the squares' ranks as numbers
	// (LegalMoves sorts the names as text: a14-a10 before a14-a7 and a3).
	slices.SortFunc(list, func(a, b scored) int {
		return cmp.Or(cmp.Compare(b.score, a.score), tafl.CompareMoves(a.m, b.m))
	})
	var out []*discordgo.ApplicationCommandOptionChoice
	for _, s := range list[:min(25, len(list))] {
		out = append(out, &discordgo.ApplicationCommandOptionChoice{Name: s.label, Value: s.m.String()})
	}
	return out
}

// daysChoices offers the usual days per move that start with what was
// typed, and the typed number itself when it is in range, labelled in
// p's language.
func daysChoices(p *locale.Printer, typed string) []*discordgo.ApplicationCommandOptionChoice {
	label := func(d int) string { return p.T("%d days", d) }
	var out []*discordgo.ApplicationCommandOptionChoice
	n, err := strconv.Atoi(typed)
	if err == nil && n >= 1 && n <= storage.MaxDaysPerMove && !slices.Contains(DaysChoices, n) {
		out = append(out, &discordgo.ApplicationCommandOptionChoice{Name: label(n), Value: n})
	}
	for _, d := range DaysChoices {
		if strings.HasPrefix(strconv.Itoa(d), typed) {
			out = append(out, &discordgo.ApplicationCommandOptionChoice{Name: label(d), Value: d})
		}
	}
	return out
}

// variantChoices lists presets (and their layouts, where a preset has
// several: "copenhagen/standard" is "copenhagen") whose name contains
// typed, those whose name begins with it first ("h": hnefatafl-9 before
// copenhagen), then those the commands read typed as or suggest for it
// (tafl.MatchPreset): a title ("ard ri"), a layout ("bell"), a board
// size ("7x7", "11×11", "11": the presets of that size, or of the
// nearest), a common word for some ("viking", "irish"), a near name
// ("copenhagn"). A size being typed ("11x", "11x1") reads as the size,
// and digits alone as the beginning of one: "1" lists the 11×11 and
// 19×19 presets (sizeTyped), not the 7×7 ones nearest to a size of 1.
func variantChoices(typed string) []*discordgo.ApplicationCommandOptionChoice {
	var out []*discordgo.ApplicationCommandOptionChoice
	sizes := map[string]int{}
	listed := map[string]bool{}
	add := func(n string) {
		name, _, _ := strings.Cut(n, "/")
		if size, ok := sizes[name]; ok && !listed[n] {
			listed[n] = true
			out = append(out, &discordgo.ApplicationCommandOptionChoice{Name: fmt.Sprintf("%s (%d×%d)", n, size, size), Value: n})
		}
	}
	var names []string
	for _, p := range tafl.Presets() {
		sizes[p.Name] = p.Size
		names = append(names, p.Name)
		for _, l := range p.Layouts {
			if l != "" && len(p.Layouts) > 1 {
				names = append(names, p.Name+"/"+l)
			}
		}
	}
	for _, begins := range []bool{true, false} {
		for _, n := range names {
			if strings.HasPrefix(n, typed) == begins && strings.Contains(n, typed) {
				add(n)
			}
		}
	}
	if near := sizeTyped(typed); near != nil {
		for _, n := range near {
			add(n)
		}
	} else if typed != "" {
		name, layout, near, ok := tafl.MatchPreset(sizeBeingTyped(typed))
		if ok {
			near = []string{name}
			if layout != "" {
				near = []string{name + "/" + layout}
			}
		}
		for _, n := range near {
			add(n)
		}
	}
	return out[:min(25, len(out))]
}

// sizeTyped returns the presets, smallest board first, whose board size
// begins with typed when typed is digits only ("1": the 11×11 and 19×19
// ones), else nil (then the size or the nearest is read as MatchPreset
// reads it: "8" lists 7×7 and 9×9, "12" 11×11).
func sizeTyped(typed string) []string {
	if typed == "" || strings.Trim(typed, "0123456789") != "" {
		return nil
	}
	presets := tafl.Presets()
	slices.SortStableFunc(presets, func(a, b tafl.PresetInfo) int { return a.Size - b.Size })
	var out []string
	for _, p := range presets {
		if strings.HasPrefix(strconv.Itoa(p.Size), typed) {
			out = append(out, p.Name)
		}
	}
	return out
}

// sizeBeingTyped returns the board size typed is the beginning of
// ("11x" and "11x1" of "11x11": "11"), else typed as it is.
func sizeBeingTyped(typed string) string {
	a, b, ok := strings.Cut(strings.ReplaceAll(strings.ReplaceAll(typed, " ", ""), "×", "x"), "x")
	if !ok || a == "" || len(b) >= len(a) || !strings.HasPrefix(a, b) || strings.Trim(a, "0123456789") != "" {
		return typed
	}
	return a
}

// gameLabel describes a game for lists: "#42 copenhagen vs Bob · your turn".
func gameLabel(p *locale.Printer, g *storage.Game, userID string, tours map[storage.TournamentID]string) string {
	opp := g.Defenders
	if g.SideOf(userID) == tafl.Defenders {
		opp = g.Attackers
	}
	s := p.T("#%d %s vs %s", g.ID, gameVariant(p, g), seatLabel(p, opp))
	if name := tours[g.TournamentID]; name != "" {
		s += " · 🏆 " + name // two tournaments' games against the same player look alike otherwise
	}
	switch {
	case !g.Active():
		s += " · " + resultCaption(p, g)
	case g.ToMove().UserID == userID:
		s += " · " + p.T("your turn")
	default:
		s += " · " + p.T("their turn")
	}
	return s
}
