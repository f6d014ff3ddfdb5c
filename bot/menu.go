package bot

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/locale"
	"github.com/taflbot/taflbot/storage"
	"github.com/taflbot/taflbot/tafl"
)

// The Move button opens a private two-step menu: pick a piece, then its
// destination. Each step's custom id carries the game id and the ply the
// board was at, so a menu left open after the game moved on is stale.

const pageSize = 25 // Discord's limit on select menu options

// loadCurrent loads the game of a component and checks that the click is
// not stale and that the user may move.
func (b *Bot) loadCurrent(ctx context.Context, r *request) (*storage.Game, error) {
	g, err := b.store.GetGame(ctx, storage.GameID(r.cid.ID))
	if err != nil {
		return nil, err
	}
	if !g.Active() {
		return nil, gameOverErr(r, g)
	}
	if g.Ply() != r.cid.Ply {
		return nil, fmt.Errorf("bot: game %d is at move %d, the button at %d: %w", g.ID, g.Ply(), r.cid.Ply, storage.ErrStale)
	}
	if err := checkTurn(g, r.userID); err != nil {
		return nil, err
	}
	return g, nil
}

// gameOverErr answers a Move or Hint pressed on finished game g's board:
// its result, and what can still be done with it.
func gameOverErr(r *request, g *storage.Game) error {
	switch {
	case g.Ply() > 0:
		return userErrorf("Game %[1]d is over (%[2]s). `/tafl analyse` `game:%[1]d` reviews it, and `/tafl history` `game:%[1]d` replays it.", int(g.ID), resultCaption(r.p, g))
	case r.in.GuildID == "":
		return userErrorf("Game %[1]d is over (%[2]s) with no move played. Play me here with `/tafl ai`, or challenge someone in a server with `/tafl challenge`.", int(g.ID), resultCaption(r.p, g))
	}
	return userErrorf("Game %[1]d is over (%[2]s) with no move played. Start a new one with `/tafl challenge` or `/tafl ai`.", int(g.ID), resultCaption(r.p, g))
}

// btnMove opens the piece menu (a new private message) from a board, or
// goes back to it from the destination menu.
func (b *Bot) btnMove(ctx context.Context, r *request) (*reply, error) {
	g, err := b.loadCurrent(ctx, r)
	if err != nil {
		return nil, err
	}
	page, _ := strconv.Atoi(r.cid.Arg) // Back from the destinations: the piece's page
	data := pieceMenu(r.p, g, page)
	typ := discordgo.InteractionResponseChannelMessageWithSource
	if r.in.Message != nil && r.in.Message.Flags&discordgo.MessageFlagsEphemeral != 0 {
		typ = discordgo.InteractionResponseUpdateMessage // "Back" inside the menu
	}
	return &reply{resp: &discordgo.InteractionResponse{Type: typ, Data: data}}, nil
}

// btnPickPiece handles the piece menu: a page button (Arg: page) or a
// chosen piece (Values[0]: its square).
func (b *Bot) btnPickPiece(ctx context.Context, r *request) (*reply, error) {
	g, err := b.loadCurrent(ctx, r)
	if err != nil {
		return nil, err
	}
	if len(r.values) == 0 {
		page, _ := strconv.Atoi(r.cid.Arg)
		return &reply{resp: &discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage, Data: pieceMenu(r.p, g, page)}}, nil
	}
	sq, err := tafl.ParseSquare(r.values[0])
	if err != nil {
		return nil, userErrorf("Pick a piece from the menu.")
	}
	return &reply{resp: &discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage, Data: targetMenu(r.p, g, sq, 0)}}, nil
}

// btnPickTarget handles the destination menu: a page button (Arg:
// "<square>p<page>") or a chosen destination, which plays the move and
// posts the new board in the channel.
func (b *Bot) btnPickTarget(ctx context.Context, r *request) (*reply, error) {
	fromText, pageText, _ := strings.Cut(r.cid.Arg, "p")
	from, err := tafl.ParseSquare(fromText)
	if err != nil {
		label := r.p.T("Move")
		if g, err := b.store.GetGame(ctx, storage.GameID(r.cid.ID)); err == nil {
			label = shownLabel("Move", g.Language) // as the game's board shows it
		}
		return nil, userErrorf("That menu is broken; press **%s** again.", label)
	}
	if len(r.values) == 0 {
		g, err := b.loadCurrent(ctx, r)
		if err != nil {
			return nil, err
		}
		page, _ := strconv.Atoi(pageText)
		return &reply{resp: &discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage, Data: targetMenu(r.p, g, from, page)}}, nil
	}
	to, err := tafl.ParseSquare(r.values[0])
	if err != nil {
		return nil, userErrorf("Pick a destination from the menu.")
	}
	return b.playChosen(ctx, r, tafl.NewMove(from, to))
}

// btnMoveYes is the button that confirms a move /tafl move was asked to
// play although it loses by repetition (confirmLosingMove; Arg: its two
// squares, "a4a3"): it plays the move as the destination menu does.
func (b *Bot) btnMoveYes(ctx context.Context, r *request) (*reply, error) {
	m, ok := moveArg(r.cid.Arg)
	if !ok {
		return nil, userErrorf("Pick a destination from the menu.")
	}
	return b.playChosen(ctx, r, m)
}

// moveArg reads a move written as its two squares run together ("a4a3",
// "k10k9"), as a custom id's Arg carries it.
func moveArg(s string) (tafl.Move, bool) {
	for i := 1; i < len(s); i++ {
		if s[i-1] >= '0' && s[i-1] <= '9' && s[i] >= 'a' && s[i] <= 'z' {
			from, err1 := tafl.ParseSquare(s[:i])
			to, err2 := tafl.ParseSquare(s[i:])
			if err1 != nil || err2 != nil {
				return tafl.NoMove, false
			}
			return tafl.NewMove(from, to), true
		}
	}
	return tafl.NoMove, false
}

// playChosen plays m, chosen in a private menu or confirmed with a button
// of game r.cid.ID at ply r.cid.Ply, for the user of r: the private
// message becomes "You played …" and the new board follows for everyone.
func (b *Bot) playChosen(ctx context.Context, r *request, m tafl.Move) (*reply, error) {
	g, declined, err := b.play(ctx, r, storage.GameID(r.cid.ID), r.cid.Ply, func(tg *tafl.Game) error {
		_, err := tg.Play(m)
		return err
	})
	if err != nil {
		return nil, err
	}
	played := lastPlyLabel(g)
	headline := gameP(g).T("<@%s> played %s.", r.userID, played)
	if line := declinedLine(g, declined); line != "" {
		headline += " " + line
	}
	msg, err := b.boardMessage(ctx, g, headline, r.userID)
	if err != nil {
		return nil, err
	}
	in := r.in
	if playedElsewhere(r, g) {
		// A board shown in another server or a direct message (/tafl
		// board game:N): the new board goes where the opponent sees it.
		p := r.p
		return &reply{
			resp: &discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage,
				Data: &discordgo.InteractionResponseData{Content: elsewhereNote(p, g, gameChannel(g)), Components: []discordgo.MessageComponent{}}},
			after: func(ctx context.Context) { b.postFromElsewhere(ctx, in, p, g, msg) },
		}, nil
	}
	note := b.cannotPostNote(ctx, r, g)
	return &reply{
		resp: &discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage,
			Data: &discordgo.InteractionResponseData{Content: r.p.T("You played %s.", played), Components: []discordgo.MessageComponent{}}},
		after: func(ctx context.Context) {
			if note != nil {
				defer note(ctx) // after the board's follow-up
			}
			// The menu was private: the new board goes to everyone as a
			// follow-up, or, when Discord fails it, as a message in the
			// channel (the move is played: the opponent must see it).
			sent, err := b.rest.Followup(ctx, in, msg.webhook())
			if err != nil {
				b.log.Warn("posting the board after a menu move failed; posting it in the channel", "game_id", g.ID, "err", err)
				rewind(msg.files)
				if sent, err = b.rest.Send(ctx, in.ChannelID, msg.send()); err != nil {
					b.log.Error("posting the board after a menu move", "game_id", g.ID, "channel_id", in.ChannelID, "err", err)
					b.markBoardDue(ctx, g, err)
					b.boardRefused(ctx, g, in.ChannelID, err)
				}
			}
			if err == nil && sent != nil {
				b.rememberBoard(ctx, g, sent)
			}
			b.afterPost(ctx, g, in.ChannelID, err, nil) // err: the channel's refusal, after the follow-up's
		},
	}, nil
}

// rememberBoard records a board message posted for the players (a move's,
// the game's first) so its buttons can be disabled when the game ends.
func (b *Bot) rememberBoard(ctx context.Context, g *storage.Game, m *discordgo.Message) {
	b.keepBoard(ctx, g, storage.MessageRef{ChannelID: m.ChannelID, MessageID: m.ID})
}

// Boards remembered per game: the players' newest and, apart, the newest
// ones shown to onlookers, so that onlookers' /tafl board posts cannot push
// the players' own boards out before the game ends.
const (
	keptPlayerBoards   = 5
	keptOnlookerBoards = 3
)

// keepBoard records board message ref, keeping the newest
// keptPlayerBoards of the players' and keptOnlookerBoards of the
// onlookers' (see keptBoards).
func (b *Bot) keepBoard(ctx context.Context, g *storage.Game, ref storage.MessageRef) {
	if ref.MessageID == "" {
		return
	}
	_, err := b.updateGame(ctx, g.ID, -1, func(sg *storage.Game) error {
		sg.BoardMessages = keptBoards(sg.BoardMessages, ref)
		return nil
	})
	if err != nil {
		b.log.Warn("remembering a board message", "game_id", g.ID, "err", err)
	}
}

// keptBoards returns refs with ref added, less the oldest of its kind
// (the players' or the onlookers') beyond that kind's bound; the order
// is kept.
func keptBoards(refs []storage.MessageRef, ref storage.MessageRef) []storage.MessageRef {
	refs = append(slices.Clone(refs), ref)
	players, onlookers := 0, 0
	for i := len(refs) - 1; i >= 0; i-- {
		if refs[i].Onlooker {
			onlookers++
		} else {
			players++
		}
		if onlookers > keptOnlookerBoards && refs[i].Onlooker || players > keptPlayerBoards && !refs[i].Onlooker {
			refs = slices.Delete(refs, i, i+1)
		}
	}
	return refs
}

// movable lists the squares of the side to move that have a legal move,
// in board order, and the legal moves.
func movable(tg *tafl.Game) ([]tafl.Square, []tafl.Move) {
	moves := tg.LegalMoves()
	var from []tafl.Square
	for _, m := range moves {
		if !slices.Contains(from, m.From()) {
			from = append(from, m.From())
		}
	}
	// In board order, as the destinations and the move autocomplete
	// (tafl.CompareMoves): by file, then rank: a1, a2, …, b1.
	slices.SortFunc(from, func(a, b tafl.Square) int {
		return cmp.Or(cmp.Compare(a.File(), b.File()), cmp.Compare(a.Rank(), b.Rank()))
	})
	return from, moves
}

// menuSpec says what a two-step move menu is about: a game or a puzzle.
// Its ids carry what the handlers need; their Arg is set per page.
type menuSpec struct {
	tg     *tafl.Game      // tg holds the position and its legal moves
	title  string          // title names it, such as "Game 12"
	piece  CustomID        // piece is the id of the piece menu
	target CustomID        // target is the id of the destination menu
	back   CustomID        // back is the id of the Back button (to the piece menu)
	p      *locale.Printer // p is the language of the menu (the user's)
}

func gameMenu(p *locale.Printer, g *storage.Game) menuSpec {
	id := func(a Action) CustomID { return CustomID{Action: a, ID: uint64(g.ID), Ply: g.Ply()} }
	return menuSpec{tg: g.Tafl(), title: p.T("Game %d", g.ID), piece: id(ActPickPiece), target: id(ActPickTarget), back: id(ActMove), p: p}
}

// pieceMenu is the first step: a select of the pieces that can move,
// paged by 25, with page buttons.
func pieceMenu(p *locale.Printer, g *storage.Game, page int) *discordgo.InteractionResponseData {
	return gameMenu(p, g).pieces(page)
}

// targetMenu is the second step: the destinations of the piece on from.
func targetMenu(p *locale.Printer, g *storage.Game, from tafl.Square, page int) *discordgo.InteractionResponseData {
	return gameMenu(p, g).targets(from, page)
}

func (ms menuSpec) pieces(page int) *discordgo.InteractionResponseData {
	p := ms.p
	from, _ := movable(ms.tg)
	pos := ms.tg.Position()
	pages := max(1, (len(from)+pageSize-1)/pageSize)
	page = min(max(page, 0), pages-1)
	var opts []discordgo.SelectMenuOption
	for _, sq := range from[page*pageSize : min(len(from), (page+1)*pageSize)] {
		label := sq.String()
		if pos.At(sq) == tafl.King {
			label += " (" + p.T("king") + ")"
		}
		opts = append(opts, discordgo.SelectMenuOption{Label: label, Value: sq.String()})
	}
	id := ms.piece
	rows := []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.SelectMenu{CustomID: id.String(), Placeholder: p.T("Pick a piece to move"), Options: opts},
	}}}
	if pages > 1 {
		rows = append(rows, pageButtons(p, id, page, pages, func(n int) string { return strconv.Itoa(n) }))
	}
	content := p.T("%s: pick the piece to move.", ms.title)
	if pages > 1 {
		content = p.T("%s: pick the piece to move (page %d of %d).", ms.title, page+1, pages)
	}
	return &discordgo.InteractionResponseData{Content: content, Components: rows, Flags: discordgo.MessageFlagsEphemeral}
}

func (ms menuSpec) targets(from tafl.Square, page int) *discordgo.InteractionResponseData {
	p := ms.p
	_, moves := movable(ms.tg)
	var mine []tafl.Move
	for _, m := range moves {
		if m.From() == from {
			mine = append(mine, m)
		}
	}
	// In board order, by file, then rank as a number: i1, i2, …, i11 (the
	// moves come sorted by name, where i10 and i11 come before i2).
	slices.SortFunc(mine, tafl.CompareMoves)
	to := make([]tafl.Square, len(mine))
	for i, m := range mine {
		to[i] = m.To()
	}
	back := ms.backRow(ms.pageOf(from))
	if len(to) == 0 {
		return &discordgo.InteractionResponseData{Content: p.T("The piece on %s cannot move now; press **Back**.", from.String()),
			Components: []discordgo.MessageComponent{back}, Flags: discordgo.MessageFlagsEphemeral}
	}
	pages := (len(to) + pageSize - 1) / pageSize
	page = min(max(page, 0), pages-1)
	var opts []discordgo.SelectMenuOption
	king := ""
	if ms.tg.Position().At(from) == tafl.King {
		king = "K"
	}
	for _, sq := range to[page*pageSize : min(len(to), (page+1)*pageSize)] {
		label := king + from.String() + "-" + sq.String()
		if m := tafl.NewMove(from, sq); ms.tg.LosesByRepetition(m) {
			label = p.T("%s (loses: third repetition)", label)
		} else if ms.tg.WinsByRepetition(m) {
			label = p.T("%s (wins: third repetition)", label)
		} else if ms.tg.DrawsByRepetition(m) {
			label = p.T("%s (draws: third repetition)", label)
		}
		opts = append(opts, discordgo.SelectMenuOption{Label: label, Value: sq.String()})
	}
	id := ms.target
	id.Arg = from.String()
	rows := []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.SelectMenu{CustomID: id.String(), Placeholder: p.T("Where to?"), Options: opts},
	}}}
	if pages > 1 {
		rows = append(rows, pageButtons(p, id, page, pages, func(n int) string { return from.String() + "p" + strconv.Itoa(n) }))
	}
	rows = append(rows, back)
	content := p.T("%s: move %s to…", ms.title, from.String())
	if pages > 1 {
		content = p.T("%s: move %s to… (page %d of %d)", ms.title, from.String(), page+1, pages)
	}
	return &discordgo.InteractionResponseData{Content: content, Components: rows, Flags: discordgo.MessageFlagsEphemeral}
}

// pageOf is the page of the piece menu that lists the piece on from.
func (ms menuSpec) pageOf(from tafl.Square) int {
	sqs, _ := movable(ms.tg)
	return max(0, slices.Index(sqs, from)) / pageSize
}

// backRow is the Back button, to the piece menu's page (counted from 0)
// that lists the piece chosen: its number follows the back id's Arg
// (page 0 has none, so that the id stays as it was).
func (ms menuSpec) backRow(page int) discordgo.MessageComponent {
	id := ms.back
	if page > 0 {
		id.Arg += strconv.Itoa(page)
	}
	return discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: ms.p.T("Back"), Style: discordgo.SecondaryButton, CustomID: id.String()},
	}}
}

func pageButtons(p *locale.Printer, id CustomID, page, pages int, arg func(int) string) discordgo.MessageComponent {
	prev, next := id, id
	prev.Arg, next.Arg = arg(page-1), arg(page+1)
	// Disabled buttons still need ids unique in the message.
	if page == 0 {
		prev.Arg = arg(0) + "z"
	}
	if page == pages-1 {
		next.Arg = arg(page) + "y"
	}
	return discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: p.T("◀ Previous"), Style: discordgo.SecondaryButton, CustomID: prev.String(), Disabled: page == 0},
		discordgo.Button{Label: p.T("Next ▶"), Style: discordgo.SecondaryButton, CustomID: next.String(), Disabled: page == pages-1},
	}}
}
