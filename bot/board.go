package bot

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/locale"
	"github.com/taflbot/taflbot/render"
	"github.com/taflbot/taflbot/storage"
	"github.com/taflbot/taflbot/tafl"
)

// message is a board message in a form that converts to every kind of
// Discord message the bot sends.
type message struct {
	content    string
	files      []*discordgo.File
	components []discordgo.MessageComponent
	// pings, when not nil, are the only users the message may ping (a
	// message with a user's text in it, a board: boardPings); nil: every
	// user it mentions.
	pings []string
	// noMove marks a board that brings no move (a draw offered or
	// withdrawn): where Discord refuses it (its channel no longer exists,
	// or the bot may no longer post there), postBoard tells the player to
	// move nothing of it (boardRefused), but calls gone, when set, with
	// the channel and Discord's refusal, to say by direct message what
	// the board said (drawByDM).
	noMove bool
	gone   func(ctx context.Context, ch string, err error)
}

// allowed is the message's AllowedMentions.
func (m *message) allowed() *discordgo.MessageAllowedMentions {
	if m.pings == nil {
		return pingable
	}
	return &discordgo.MessageAllowedMentions{Users: m.pings}
}

func (m *message) data() *discordgo.InteractionResponseData {
	return &discordgo.InteractionResponseData{Content: m.content, Files: m.files, Components: nonNil(m.components),
		AllowedMentions: m.allowed()}
}

// replacing returns the data of an update that replaces the message's
// old attachments (such as the challenge's start board) with its own.
func (m *message) replacing() *discordgo.InteractionResponseData {
	d := m.data()
	d.Attachments = &[]*discordgo.MessageAttachment{}
	return d
}

func (m *message) send() *discordgo.MessageSend {
	return &discordgo.MessageSend{Content: m.content, Files: m.files, Components: nonNil(m.components), AllowedMentions: m.allowed()}
}

func (m *message) webhook() *discordgo.WebhookParams {
	return &discordgo.WebhookParams{Content: m.content, Files: m.files, Components: nonNil(m.components), AllowedMentions: m.allowed()}
}

func nonNil(c []discordgo.MessageComponent) []discordgo.MessageComponent {
	if c == nil {
		return []discordgo.MessageComponent{}
	}
	return c
}

// gameP returns the printer of game g's public messages: in the
// language chosen for the game when it was created (see Bot.publicLang).
func gameP(g *storage.Game) *locale.Printer { return locale.For(locale.Match(g.Language)) }

// seatName returns a mention of a human or the engine's name, its level
// in p's language as the level option's choices name it ("taflbot
// (keskitaso)" in Finnish).
func seatName(p *locale.Printer, s storage.Seat) string {
	if name, ok := strings.CutPrefix(s.AILevel, engineSeatPrefix); ok {
		return "⚙ " + name
	}
	if s.IsAI() {
		return "taflbot (" + p.T(s.AILevel) + ")"
	}
	return "<@" + s.UserID + ">"
}

// boardMessage builds the message showing game g: headline (may be
// empty), players, the last moves, announcements, whose turn with a
// mention and the time left, players on vacation, or the result; the
// board picture (players and clocks above the board, alt text for screen
// readers); and the Move / Offer draw / Resign (Abort before both sides
// moved) buttons, disabled once the game is over. It pings whom the
// board is news for (boardPings), never actor, the user whose act it
// shows ("" when none did: the engine's move, the clock's).
func (b *Bot) boardMessage(ctx context.Context, g *storage.Game, headline, actor string) (*message, error) {
	p := gameP(g)
	tg := g.Tafl()
	plies := tg.Plies()
	now := b.now()
	away := b.vacations(ctx, g, now)
	var sb strings.Builder
	if headline != "" {
		sb.WriteString(headline + "\n")
	}
	sb.WriteString(p.T("**Game %d** · %s · %s (attackers) vs %s (defenders)", g.ID, gameVariant(p, g), seatName(p, g.Attackers), seatName(p, g.Defenders)))
	if g.Casual {
		sb.WriteString(" · " + p.T("casual"))
	}
	sb.WriteString("\n")
	if n := len(plies); n > 0 {
		sb.WriteString(p.T("Last moves: %s", tafl.MoveList(plies, n-4)) + "\n")
	}
	o := g.Outcome()
	caption := ""
	if o.Over() {
		sb.WriteString(resultLine(p, g) + "\n")
		if !g.Clock.IsZero() {
			sb.WriteString(b.clockLine(p, g) + "\n")
		}
		caption = resultCaption(p, g)
	} else {
		pos := tg.Position()
		switch pos.Announcement() {
		case tafl.Raichi:
			sb.WriteString(p.T("**Raichi!** The king has an open line to escape.") + "\n")
		case tafl.Tuicha:
			sb.WriteString(p.T("**Tuicha!** The king has %d open lines to escape.", pos.OpenLines()) + "\n")
		}
		side := tg.ToMove()
		if side == tafl.Attackers {
			sb.WriteString(p.T("%s to move (attackers)", seatName(p, g.Seat(side))))
		} else {
			sb.WriteString(p.T("%s to move (defenders)", seatName(p, g.Seat(side))))
		}
		switch {
		case !g.Clock.IsZero():
			sb.WriteString("\n" + b.clockLine(p, g))
		case !g.Deadline.IsZero():
			sb.WriteString(" · " + p.T("clock.left", formatLeft(p, g.Deadline.Sub(now))))
		case b.engineThinks(g) > 0:
			sb.WriteString(" · " + thinksFor(p, b.engineThinks(g)))
		}
		// Only the side to move: the paused clock is the one running.
		// A player on vacation who has just moved is marked in the
		// players band alone; their turn's board says it again.
		if until, ok := away[side]; ok {
			sb.WriteString("\n" + p.T("🏖 %s is on vacation until <t:%d:f>: their clock is paused.", seatName(p, g.Seat(side)), until.Unix()))
		}
		switch g.DrawOffer {
		case tafl.Attackers:
			sb.WriteString("\n" + p.T("The attackers offer a draw."))
		case tafl.Defenders:
			sb.WriteString("\n" + p.T("The defenders offer a draw."))
		}
		if side == tafl.Attackers {
			caption = p.T("Attackers to move · move %d", tafl.MoveNumber(len(plies)))
		} else {
			caption = p.T("Defenders to move · move %d", tafl.MoveNumber(len(plies)))
		}
		// The clocks are drawn in the players band above the board.
		if a := pos.Announcement(); a != tafl.NoAnnounce {
			caption += " · " + capitalize(a.String()) + "!"
		}
	}
	opts := b.render
	opts.Caption = caption
	opts.Players = b.playersBand(p, g, now, away)
	if last := lastPly(plies); last != nil {
		opts.LastMove, opts.Captured = last.Move, last.Captures
	}
	png, err := b.renderPNG(tg.Position(), opts)
	if err != nil {
		return nil, err
	}
	if h := hintsLine(g); h != "" {
		// Under the result, which ends its line already, or under the
		// player to move.
		if !strings.HasSuffix(sb.String(), "\n") {
			sb.WriteString("\n")
		}
		sb.WriteString(h)
	}
	comps := gameButtons(g)
	if b.hintsAllowed(g) {
		row := comps[0].(discordgo.ActionsRow)
		row.Components = append(row.Components, hintButton(g))
		comps[0] = row
	}
	return &message{
		content: sb.String(),
		pings:   boardPings(g, actor),
		files: []*discordgo.File{{Name: fmt.Sprintf("game-%d-%d.png", g.ID, len(plies)), ContentType: "image/png",
			Reader: describe(bytes.NewReader(png), boardAlt(p, g, now, away))}},
		components: comps,
	}, nil
}

// boardPings are the users a board of game g pings: while the game goes
// on the human player to move, who must act; once it is over both human
// players, whose game it ended. Never actor, who knows what they did,
// nor anyone else the board names (the one who waits for the move).
func boardPings(g *storage.Game, actor string) []string {
	seats := []storage.Seat{g.Attackers, g.Defenders}
	if g.Active() {
		seats = []storage.Seat{g.ToMove()}
	}
	out := []string{}
	for _, s := range seats {
		if s.UserID != "" && !s.IsAI() && s.UserID != actor && !slices.Contains(out, s.UserID) {
			out = append(out, s.UserID)
		}
	}
	return out
}

// engineThinks is how long the engine to move in correspondence game g
// may think about its move (0: not the engine's move, or a level that
// searches to a depth and answers at once; a live game shows its clocks
// instead): level max's ai_max_think, another level's usual time, an
// external engine's think. Its move may wait for a worker first.
func (b *Bot) engineThinks(g *storage.Game) time.Duration {
	seat := g.ToMove()
	if !g.Active() || !seat.IsAI() || !g.Clock.IsZero() {
		return 0
	}
	if name, ok := strings.CutPrefix(seat.AILevel, engineSeatPrefix); ok {
		return b.external.think(name)
	}
	// Long thinks take one worker of several (a process without the
	// engine role does not know the engine processes' workers: the
	// longer is said).
	if seat.AILevel == "max" && g.MoveTime > 0 && b.aiMaxThink > 0 && (cap(b.ai.long) > 0 || b.roles&RoleEngine == 0) {
		return b.aiMaxThink
	}
	return levelTime(seat.AILevel)
}

// thinksFor says that the engine thinks for up to d, in whole seconds
// under a minute, else in minutes (rounded up).
func thinksFor(p *locale.Printer, d time.Duration) string {
	if d < time.Minute {
		return p.T("thinks for up to %d s", max(1, int(math.Ceil(d.Seconds()))))
	}
	return p.T("thinks for up to %d min", int(math.Ceil(d.Minutes())))
}

// vacations returns, per side, when a human player on vacation comes
// back (none in a live game: a vacation pauses correspondence clocks only).
func (b *Bot) vacations(ctx context.Context, g *storage.Game, now time.Time) map[tafl.Side]time.Time {
	out := map[tafl.Side]time.Time{}
	for _, s := range []tafl.Side{tafl.Attackers, tafl.Defenders} {
		if until, away := b.awayUntil(ctx, g, s, now); away {
			out[s] = until
		}
	}
	return out
}

// awayUntil says whether the human player of side s in correspondence
// game g is on vacation, and until when.
func (b *Bot) awayUntil(ctx context.Context, g *storage.Game, s tafl.Side, now time.Time) (time.Time, bool) {
	seat := g.Seat(s)
	if seat.UserID == "" || !g.Active() || !g.Clock.IsZero() {
		return time.Time{}, false
	}
	p, err := b.store.GetPlayer(ctx, g.GuildID, seat.UserID)
	if err != nil {
		if !isNotFound(err) {
			b.log.Warn("reading a player's vacation", "game_id", g.ID, "user_id", seat.UserID, "err", err)
		}
		return time.Time{}, false
	}
	return p.VacationUntil, p.OnVacation(now)
}

// playersBand names both players above the board with their clocks: in
// a live game both chess clocks; in a correspondence game the side to
// move has its deadline, the other its time per move (a correspondence
// clock starts afresh at each move), and the engine has none. A
// correspondence clock is written in the game's language, as the board
// message writes it ("3T 0Std" in German); a live one as a chess clock,
// its hours and minutes in the game's language too ("1Std 30Min").
func (b *Bot) playersBand(lp *locale.Printer, g *storage.Game, now time.Time, away map[tafl.Side]time.Time) *render.Players {
	p := &render.Players{}
	if g.Active() {
		p.ToMove = g.Tafl().ToMove()
	}
	for _, s := range []tafl.Side{tafl.Attackers, tafl.Defenders} {
		seat := g.Seat(s)
		pl := render.Player{Name: pictureName(lp, seatLabel(lp, seat))}
		switch {
		case !g.Clock.IsZero():
			pl.Clock, pl.HasClock = g.Clock.Remaining(s, now), true
			pl.ClockText = formatClock(lp, pl.Clock)
		case !g.Active() || seat.IsAI() || g.MoveTime <= 0:
		case s == p.ToMove && !g.Deadline.IsZero():
			pl.Clock, pl.HasClock = g.Deadline.Sub(now), true
			pl.ClockText = formatLeft(lp, pl.Clock)
		default:
			pl.Clock, pl.HasClock, pl.Note = g.MoveTime, true, lp.T("per move")
			pl.ClockText = formatLeft(lp, pl.Clock)
		}
		if _, ok := away[s]; ok {
			pl.Note = joinWords(pl.Note, "· "+lp.T("on vacation"))
		}
		if s == tafl.Attackers {
			p.Attackers = pl
		} else {
			p.Defenders = pl
		}
	}
	return p
}

// captured lists the squares a move captured on, "b5 and c5" ("" for
// none), for the sentences that say so: each language builds its own
// clause round it ("und schlugen b5 und c5").
func captured(lp *locale.Printer, p tafl.Ply) string {
	sq := make([]string, len(p.Captures))
	for i, c := range p.Captures {
		sq[i] = c.String()
	}
	return andList(sq, lp.T(" and "))
}

// andList joins items as a sentence lists them, "a", "a and b", "a, b and
// c", with and (" and ", in the reader's language) before the last.
func andList(items []string, and string) string {
	if n := len(items); n > 1 {
		return strings.Join(items[:n-1], ", ") + and + items[n-1]
	}
	return strings.Join(items, "")
}

func joinWords(a, b string) string {
	if a == "" {
		return strings.TrimPrefix(b, "· ")
	}
	return a + " " + b
}

// boardAlt is the alt text of a board picture, for screen readers: the
// game, the last move and what it captured, whose turn it is with the
// time left, or the result, and the material on the board.
func boardAlt(p *locale.Printer, g *storage.Game, now time.Time, away map[tafl.Side]time.Time) string {
	tg := g.Tafl()
	v := tg.Variant()
	plies := tg.Plies()
	pos := tg.Position()
	var sb strings.Builder
	title := variantTitle(p, v)
	if titleHasSize(title, v.Size()) {
		sb.WriteString(p.T("Board of game %d, %s, %s (attackers) against %s (defenders).", g.ID, title, seatLabel(p, g.Attackers), seatLabel(p, g.Defenders)) + " ")
	} else {
		sb.WriteString(p.T("Board of game %d, %s (%d×%d), %s (attackers) against %s (defenders).", g.ID, title, v.Size(), v.Size(), seatLabel(p, g.Attackers), seatLabel(p, g.Defenders)) + " ")
	}
	if n := len(plies); n > 0 {
		sb.WriteString(lastMoveAlt(p, n-1, plies[n-1]) + " ")
	} else {
		sb.WriteString(p.T("The start position.") + " ")
	}
	if o := g.Outcome(); o.Over() {
		sb.WriteString(resultCaption(p, g) + ". ")
	} else {
		side := tg.ToMove()
		if side == tafl.Attackers {
			sb.WriteString(p.T("%s (attackers) to move, move %d", seatLabel(p, g.Seat(side)), tafl.MoveNumber(len(plies))))
		} else {
			sb.WriteString(p.T("%s (defenders) to move, move %d", seatLabel(p, g.Seat(side)), tafl.MoveNumber(len(plies))))
		}
		if c := clockWords(p, g, now); c != "" {
			sb.WriteString(", " + c)
		} else if !g.Deadline.IsZero() {
			sb.WriteString(", " + p.T("clock.left", formatLeft(p, g.Deadline.Sub(now))))
		}
		if _, ok := away[side]; ok {
			sb.WriteString(", " + p.T("on vacation"))
		}
		sb.WriteString(". ")
		switch pos.Announcement() {
		case tafl.Raichi:
			sb.WriteString(p.T("Raichi: the king has an open line to escape.") + " ")
		case tafl.Tuicha:
			sb.WriteString(p.T("Tuicha: the king has %d open lines to escape.", pos.OpenLines()) + " ")
		}
	}
	sb.WriteString(piecesOnBoard(p, pos))
	return sb.String()
}

// lastMoveAlt says the i-th half-move ply (counted from 0) and what it
// captured in words, for alt texts: "Last move: the attackers played 3.
// d1-d3, capturing e3 and f2."
func lastMoveAlt(p *locale.Printer, i int, last tafl.Ply) string {
	label, caps := tafl.PlyLabel(i, last), captured(p, last)
	switch {
	case last.Piece.Side() == tafl.Attackers && caps != "":
		return p.T("Last move: the attackers played %s, capturing %s.", label, caps)
	case last.Piece.Side() == tafl.Attackers:
		return p.T("Last move: the attackers played %s.", label)
	case caps != "":
		return p.T("Last move: the defenders played %s, capturing %s.", label, caps)
	default:
		return p.T("Last move: the defenders played %s.", label)
	}
}

// piecesOnBoard says how many pieces a position has, for alt texts: "8
// attackers and 1 defender on the board, the king on d4." (each count
// with its own plural).
func piecesOnBoard(p *locale.Printer, pos tafl.Position) string {
	return p.T("%s and %s on the board, the king on %s.", pieceCount(p, pos, tafl.Attackers), pieceCount(p, pos, tafl.Defenders), pos.King().String())
}

// pieceCount is "8 attackers", "1 defender": a side's pieces, the king
// not counted.
func pieceCount(p *locale.Printer, pos tafl.Position, s tafl.Side) string {
	if s == tafl.Attackers {
		return p.T("%d attackers", pos.Count(tafl.Attackers))
	}
	return p.T("%d defenders", pos.Count(tafl.Defenders)-1)
}

// clockWords says a live game's two chess clocks, as the players band
// draws them: "clocks: attackers 4:52, defenders 5:00" ("" for a
// correspondence game).
func clockWords(p *locale.Printer, g *storage.Game, now time.Time) string {
	if g.Clock.IsZero() {
		return ""
	}
	return p.T("clocks: attackers %s, defenders %s",
		formatClock(p, g.Clock.Remaining(tafl.Attackers, now)), formatClock(p, g.Clock.Remaining(tafl.Defenders, now)))
}

// lastPlyLabel writes the game's last move with its number and captures,
// such as "14… a5-d5xd6".
func lastPlyLabel(g *storage.Game) string {
	plies := g.Tafl().Plies()
	if len(plies) == 0 {
		return ""
	}
	return tafl.PlyLabel(len(plies)-1, plies[len(plies)-1])
}

// moveCount writes how many moves n plies make, counted in pairs: "1
// move", "30 moves".
func moveCount(p *locale.Printer, n int) string { return p.T("%d moves", tafl.MoveCount(n)) }

func lastPly(plies []tafl.Ply) *tafl.Ply {
	if len(plies) == 0 {
		return nil
	}
	return &plies[len(plies)-1]
}

// boardPNG draws a position with the last move and its captures marked.
func (b *Bot) boardPNG(pos tafl.Position, last *tafl.Ply, caption string) ([]byte, error) {
	opts := b.render
	opts.Caption = caption
	if last != nil {
		opts.LastMove = last.Move
		opts.Captured = last.Captures
	}
	return b.renderPNG(pos, opts)
}

// renderPNG draws a position with the given options.
func (b *Bot) renderPNG(pos tafl.Position, opts render.Options) ([]byte, error) {
	var buf bytes.Buffer
	// At most one render per core at a time: under a burst, waiting here
	// keeps the runnable goroutines few, so quick replies (and the
	// deferrals of slow ones) are not starved. The slot is given back
	// even when the renderer panics (the dispatcher recovers the panic).
	err := b.withRenderSlot(func() error { return b.renderer.PNG(&buf, pos, opts) })
	if err != nil {
		return nil, fmt.Errorf("bot: render: %w", err)
	}
	return buf.Bytes(), nil
}

// withRenderSlot runs draw holding one of the render slots (one per core).
func (b *Bot) withRenderSlot(draw func() error) error {
	b.renderSem <- struct{}{}
	defer func() { <-b.renderSem }()
	return draw()
}

// gameButtons returns the Move / Offer draw / Resign row of a game.
// The draw button shows a pending offer; a game against the engine has
// none, since the engine never agrees to a draw (draw). Before both sides
// moved, Abort stands where Resign will be (except in tournament games).
// Once the game is over they are disabled and a Rematch button joins them
// (except in a game a user played against themself, and in a tournament's
// game: the tournament paired them, and a rematch offered among its games
// would only crowd its thread — as on the big chess sites, a new game is
// a /tafl challenge).
func gameButtons(g *storage.Game) []discordgo.MessageComponent {
	over := !g.Active()
	p := gameP(g)
	id := func(a Action) string { return CustomID{Action: a, ID: uint64(g.ID), Ply: g.Ply()}.String() }
	drawID := CustomID{Action: ActDraw, ID: uint64(g.ID), Ply: g.Ply(), Arg: drawShown(g.DrawOffer)}.String()
	// Both players share the button: it stays while either may offer (a
	// player whose offer was withdrawn or declined is told privately when
	// they may again), and is disabled only when neither may, as it could
	// then only be refused.
	bothBarred := g.DrawBarred.Of(tafl.Attackers) && g.DrawBarred.Of(tafl.Defenders)
	draw := discordgo.Button{Label: p.T("Offer draw"), Style: discordgo.SecondaryButton, CustomID: drawID, Disabled: over || bothBarred}
	if g.DrawOffer != tafl.NoSide && !over {
		draw.Disabled = false
		draw.Label = truncate(p.T("Draw offered by %s: accept?", seatLabel(p, g.Seat(g.DrawOffer))), 78)
		draw.Style = discordgo.SuccessButton
	}
	end := discordgo.Button{Label: p.T("Resign"), Style: discordgo.DangerButton, CustomID: id(ActResign), Disabled: over}
	if abortable(g) {
		end = discordgo.Button{Label: p.T("Abort"), Style: discordgo.DangerButton, CustomID: id(ActAbort), Disabled: over}
	}
	row := []discordgo.MessageComponent{
		discordgo.Button{Label: p.T("Move"), Style: discordgo.PrimaryButton, CustomID: id(ActMove), Disabled: over},
	}
	if !g.Attackers.IsAI() && !g.Defenders.IsAI() {
		row = append(row, draw) // the engine refuses every offer: no button that can only be refused
	}
	row = append(row, end)
	if over && !sameSeat(g.Attackers, g.Defenders) && g.TournamentID == 0 {
		row = append(row, discordgo.Button{Label: p.T("Rematch"), Style: discordgo.SuccessButton, CustomID: id(ActRematch)})
	}
	if over && g.Ply() > 0 {
		row = append(row, discordgo.Button{Label: p.T("Analyse"), Style: discordgo.SuccessButton, CustomID: id(ActAnalyse)})
	}
	return []discordgo.MessageComponent{discordgo.ActionsRow{Components: row}}
}

// drawShown is the draw button's Arg: the draw offer its label shows
// ("n" none, "a" or "d" the side offering), so that pressing an old
// button after the offer changed changes nothing (see btnDraw).
func drawShown(offer tafl.Side) string {
	switch offer {
	case tafl.Attackers:
		return "a"
	case tafl.Defenders:
		return "d"
	}
	return "n"
}

// sameSeat reports whether two seats are the same player (their cached
// names may differ).
func sameSeat(a, b storage.Seat) bool {
	return a.UserID == b.UserID && a.AILevel == b.AILevel
}

// resultLine says how a finished game ended, with rating changes, in
// p's language.
func resultLine(p *locale.Printer, g *storage.Game) string {
	o := g.Outcome()
	var s string
	switch {
	case o.Reason == tafl.Aborted && g.EndedBy != "" && g.TournamentID != 0:
		s = p.T("**Ended by a server manager** (<@%s>) — the game ends without a result and is not rated; the tournament counts it as a draw.", g.EndedBy)
	case o.Reason == tafl.Aborted && g.EndedBy != "" && rated(g):
		s = p.T("**Ended by a server manager** (<@%s>) — the game ends without a result and is not rated.", g.EndedBy)
	case o.Reason == tafl.Aborted && g.EndedBy != "":
		s = p.T("**Ended by a server manager** (<@%s>) — the game ends without a result.", g.EndedBy)
	case o.Reason == tafl.Aborted && rated(g):
		s = p.T("**Aborted** — the game ends without a result and is not rated.")
	case o.Reason == tafl.Aborted:
		s = p.T("**Aborted** — the game ends without a result.")
	case o.Winner == tafl.NoSide && o.Reason == tafl.Timeout && lastSide(g) == tafl.Attackers:
		s = p.T("**Draw** — the attackers ran out of time, but the defenders no longer had the pieces to win.")
	case o.Winner == tafl.NoSide && o.Reason == tafl.Timeout:
		s = p.T("**Draw** — the defenders ran out of time, but the attackers no longer had the pieces to win.")
	case o.Winner == tafl.NoSide:
		s = p.T("**Draw** (%s).", endReason(p, g))
	case g.Seat(o.Winner).IsAI() && o.Winner == tafl.Attackers:
		// The engine won: the bot does not congratulate itself.
		s = p.T("**Attackers win** — %s. %s wins.", endReason(p, g), seatName(p, g.Seat(o.Winner)))
	case g.Seat(o.Winner).IsAI():
		s = p.T("**Defenders win** — %s. %s wins.", endReason(p, g), seatName(p, g.Seat(o.Winner)))
	case o.Winner == tafl.Attackers:
		s = p.T("**Attackers win** — %s. Congratulations %s!", endReason(p, g), seatName(p, g.Seat(o.Winner)))
	default:
		s = p.T("**Defenders win** — %s. Congratulations %s!", endReason(p, g), seatName(p, g.Seat(o.Winner)))
	}
	// A game that ended (not aborted) before both sides moved says why it
	// changes nothing: a casual game is never rated, but would have
	// counted in the players' records, as a game against the engine in
	// its player's (/tafl stats).
	if o.Reason != tafl.Aborted && !g.Counts() {
		switch {
		case rated(g):
			s += " " + p.T("Not rated: it ended before both sides moved.")
		case betweenPeople(g) || g.Attackers.IsAI() != g.Defenders.IsAI():
			s += " " + p.T("Not counted in the records: it ended before both sides moved.")
		}
	}
	for _, rc := range g.RatingChanges {
		mark := ""
		if rc.After.Provisional() {
			mark = " " + p.T("provisional")
		}
		before, after := shownRatings(rc.Before, rc.After)
		s += fmt.Sprintf("\n<@%s>: %.0f → %.0f%s (%+.0f)", rc.UserID, before, after, mark, after-before)
	}
	return s
}

// rated reports whether g, once both sides moved, changes ratings: a
// game between two people that is not casual.
func rated(g *storage.Game) bool {
	return !g.Casual && betweenPeople(g)
}

// betweenPeople reports whether g is played by two different users (the
// engine has no rating or record, nor has a user playing both sides).
func betweenPeople(g *storage.Game) bool {
	return !g.Attackers.IsAI() && !g.Defenders.IsAI() && !sameSeat(g.Attackers, g.Defenders)
}

// resultCaption is the short result of a finished game g, such as
// "Defenders win · the king escaped".
func resultCaption(p *locale.Printer, g *storage.Game) string {
	switch {
	case engineFailed(g) && g.Outcome().Winner == tafl.Attackers:
		return p.T("Attackers win · %s", endReason(p, g))
	case engineFailed(g):
		return p.T("Defenders win · %s", endReason(p, g))
	case g.Outcome().Reason == tafl.Aborted && g.EndedBy != "":
		return p.T("Ended by a server manager")
	}
	return outcomeCaption(p, g.Outcome(), lastSide(g), noPiecesLeft(g))
}

// outcomeCaption is resultCaption of a game that ended with outcome o,
// toMove the side to move at the end and noPieces whether it had no
// piece left (see reasonText).
func outcomeCaption(p *locale.Printer, o tafl.Outcome, toMove tafl.Side, noPieces bool) string {
	if o.Reason == tafl.Aborted {
		return p.T("Aborted")
	}
	switch o.Winner {
	case tafl.Attackers:
		return p.T("Attackers win · %s", reasonText(p, o, toMove, noPieces))
	case tafl.Defenders:
		return p.T("Defenders win · %s", reasonText(p, o, toMove, noPieces))
	}
	return p.T("Draw · %s", reasonText(p, o, toMove, noPieces))
}

// endReason says why g ended, in p's language.
func endReason(p *locale.Printer, g *storage.Game) string {
	if engineFailed(g) {
		return p.T("the engine failed")
	}
	return reasonText(p, g.Outcome(), lastSide(g), noPiecesLeft(g))
}

// noPiecesLeft reports whether g ended because the side to move had no
// legal move as it had no piece left at all (its last one was captured).
func noPiecesLeft(g *storage.Game) bool {
	return g.Outcome().Reason == tafl.NoMoves && g.Tafl().Position().Count(lastSide(g)) == 0
}

// engineFailed reports whether g was lost by an engine that failed
// (engineForfeit). Such a game is stored as the engine's resignation,
// the only way the engine's seat resigns: no engine resigns, and a
// player resigns only their own seat.
func engineFailed(g *storage.Game) bool {
	o := g.Outcome()
	return o.Reason == tafl.Resignation && o.Winner != tafl.NoSide && g.Seat(o.Winner.Other()).IsAI()
}

// lastSide is the side to move when g ended: the side that had no legal
// move, or ran out of time, when that ended it (it lost, or in a draw it
// is found by replaying the game), and the other side than the one whose
// move repeated a position when a repetition decided it (found by
// replaying the game).
func lastSide(g *storage.Game) tafl.Side {
	o := g.Outcome()
	switch {
	case o.Reason == tafl.Repetition && o.Winner != tafl.NoSide:
		return g.Tafl().ToMove()
	case o.Reason != tafl.NoMoves && o.Reason != tafl.Timeout:
		return tafl.NoSide // not needed: the game is not replayed for it
	}
	if s := o.Winner.Other(); s != tafl.NoSide {
		return s
	}
	return g.Tafl().ToMove()
}

// reasonText says why a game ended with outcome o; toMove is the side to
// move at the end: the side that had no legal move, or ran out of time,
// when that ended it (NoMoves, Timeout), which it names, and the other
// side than the one that repeated a position when that decided it.
// noPieces says that the side without a legal move had no piece left at
// all (only ever the attackers), which it then says instead: the end
// reason (and record) is the same, no legal move.
func reasonText(p *locale.Printer, o tafl.Outcome, toMove tafl.Side, noPieces bool) string {
	switch o.Reason {
	case tafl.KingCaptured:
		return p.T("the king was captured")
	case tafl.KingEscaped:
		return p.T("the king escaped")
	case tafl.ExitFort:
		return p.T("the king built an exit fort")
	case tafl.Encirclement:
		return p.T("the defenders were encircled")
	case tafl.Repetition:
		// A draw is both sides' doing; a win says who repeated: the
		// loser, or the attackers where a repetition loses for the
		// defenders whoever makes it (Copenhagen).
		switch repeater := toMove.Other(); {
		case o.Winner == tafl.NoSide || repeater == tafl.NoSide:
			return p.T("repetition")
		case repeater == o.Winner:
			return p.T("a repetition by the attackers loses for the defenders")
		case repeater == tafl.Attackers:
			return p.T("the attackers repeated the position")
		default:
			return p.T("the defenders repeated the position")
		}
	case tafl.NoMoves:
		switch {
		case noPieces && toMove == tafl.Attackers: // the defenders always keep their king
			return p.T("the attackers had no pieces left")
		case toMove == tafl.Attackers:
			return p.T("the attackers had no legal move")
		}
		return p.T("the defenders had no legal move")
	case tafl.Resignation:
		return p.T("resignation")
	case tafl.DrawAgreed:
		return p.T("agreed")
	case tafl.Timeout:
		if toMove == tafl.Attackers {
			return p.T("the attackers ran out of time")
		}
		return p.T("the defenders ran out of time")
	case tafl.Aborted:
		return p.T("aborted")
	}
	return o.Reason.String()
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// formatLeft writes a duration as "2d 5h", "5h 3m" or "12m" (in English).
func formatLeft(p *locale.Printer, d time.Duration) string {
	if d <= 0 {
		return p.T("no time")
	}
	m := int(math.Ceil(d.Minutes()))
	days, hours, mins := m/(24*60), m/60%24, m%60
	switch {
	case days > 0:
		return p.T("%dd %dh", days, hours)
	case hours > 0:
		return p.T("%dh %dm", hours, mins)
	}
	return p.T("%dm", mins)
}
