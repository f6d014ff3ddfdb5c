package bot

import (
	"bytes"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/locale"
	"github.com/taflbot/taflbot/storage"
	"github.com/taflbot/taflbot/tafl"
)

// message is a board message in a form that converts to every kind of
// Discord message the bot sends.
type message struct {
	content    string
	files      []*discordgo.File
	components []discordgo.MessageComponent
}

var mentionUsers = &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{discordgo.AllowedMentionTypeUsers}}

func (m *message) data() *discordgo.InteractionResponseData {
	return &discordgo.InteractionResponseData{Content: m.content, Files: m.files, Components: nonNil(m.components),
		AllowedMentions: mentionUsers}
}

// replacing returns the data of an update that replaces the message's
// old attachments (such as the challenge's start board) with its own.
func (m *message) replacing() *discordgo.InteractionResponseData {
	d := m.data()
	d.Attachments = &[]*discordgo.MessageAttachment{}
	return d
}

func (m *message) send() *discordgo.MessageSend {
	return &discordgo.MessageSend{Content: m.content, Files: m.files, Components: nonNil(m.components), AllowedMentions: mentionUsers}
}

func (m *message) webhook() *discordgo.WebhookParams {
	return &discordgo.WebhookParams{Content: m.content, Files: m.files, Components: nonNil(m.components), AllowedMentions: mentionUsers}
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

// seatName returns a mention of a human or the engine's name (the same in
// every language: a level is named as the level option names it).
func seatName(s storage.Seat) string {
	if name, ok := strings.CutPrefix(s.AILevel, engineSeatPrefix); ok {
		return "⚙ " + name
	}
	if s.IsAI() {
		return "taflbot (" + s.AILevel + ")"
	}
	return "<@" + s.UserID + ">"
}

// boardMessage builds the message showing game g: headline (may be
// empty), players, the last moves, announcements, whose turn with a
// mention and the time left, or the result; the board picture; and the
// Move / Offer draw / Resign buttons (disabled once the game is over).
func (b *Bot) boardMessage(g *storage.Game, headline string) (*message, error) {
	p := gameP(g)
	tg := g.Tafl()
	plies := tg.Plies()
	var sb strings.Builder
	if headline != "" {
		sb.WriteString(headline + "\n")
	}
	sb.WriteString(p.T("**Game %d** · %s · %s (attackers) vs %s (defenders)", g.ID, g.Variant(), seatName(g.Attackers), seatName(g.Defenders)))
	if g.Casual {
		sb.WriteString(" · " + p.T("casual"))
	}
	sb.WriteString("\n")
	if n := len(plies); n > 0 {
		from := max(0, n-4)
		var moves []string
		for i := from; i < n; i++ {
			moves = append(moves, fmt.Sprintf("%d. %s", i+1, plies[i].Notation()))
		}
		sb.WriteString(p.T("Last moves: %s", strings.Join(moves, " · ")) + "\n")
	}
	o := g.Outcome()
	caption := ""
	if o.Over() {
		sb.WriteString(resultLine(p, g) + "\n")
		if !g.Clock.IsZero() {
			sb.WriteString(b.clockLine(p, g) + "\n")
		}
		caption = resultCaption(p, o)
	} else {
		pos := tg.Position()
		switch pos.Announcement() {
		case tafl.Raichi:
			sb.WriteString(p.T("**Raichi!** The king has an open line to escape.") + "\n")
		case tafl.Tuicha:
			sb.WriteString(p.T("**Tuicha!** The king has two open lines to escape.") + "\n")
		}
		side := tg.ToMove()
		if side == tafl.Attackers {
			sb.WriteString(p.T("%s to move (attackers)", seatName(g.Seat(side))))
		} else {
			sb.WriteString(p.T("%s to move (defenders)", seatName(g.Seat(side))))
		}
		switch {
		case !g.Clock.IsZero():
			sb.WriteString("\n" + b.clockLine(p, g))
		case !g.Deadline.IsZero():
			sb.WriteString(" · " + p.T("clock.left", formatLeft(p, g.Deadline.Sub(b.now()))))
		}
		switch g.DrawOffer {
		case tafl.Attackers:
			sb.WriteString("\n" + p.T("The attackers offer a draw."))
		case tafl.Defenders:
			sb.WriteString("\n" + p.T("The defenders offer a draw."))
		}
		if side == tafl.Attackers {
			caption = p.T("Attackers to move · move %d", len(plies)+1)
		} else {
			caption = p.T("Defenders to move · move %d", len(plies)+1)
		}
		if !g.Clock.IsZero() {
			now := b.now()
			caption += fmt.Sprintf(" · %s – %s", formatClock(g.Clock.Remaining(tafl.Attackers, now)), formatClock(g.Clock.Remaining(tafl.Defenders, now)))
		}
		if a := pos.Announcement(); a != tafl.NoAnnounce {
			caption += " · " + capitalize(a.String()) + "!"
		}
	}
	png, err := b.boardPNG(tg.Position(), lastPly(plies), caption)
	if err != nil {
		return nil, err
	}
	return &message{
		content:    sb.String(),
		files:      []*discordgo.File{{Name: fmt.Sprintf("game-%d-%d.png", g.ID, len(plies)), ContentType: "image/png", Reader: bytes.NewReader(png)}},
		components: gameButtons(g),
	}, nil
}

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
	var buf bytes.Buffer
	// At most one render per core at a time: under a burst, waiting here
	// keeps the runnable goroutines few, so quick replies (and the
	// deferrals of slow ones) are not starved.
	b.renderSem <- struct{}{}
	err := b.renderer.PNG(&buf, pos, opts)
	<-b.renderSem
	if err != nil {
		return nil, fmt.Errorf("bot: render: %w", err)
	}
	return buf.Bytes(), nil
}

// gameButtons returns the Move / Offer draw / Resign row of a game;
// once it is over they are disabled and a Rematch button joins them
// (except in a game a user played against themself).
func gameButtons(g *storage.Game) []discordgo.MessageComponent {
	over := !g.Active()
	p := gameP(g)
	id := func(a Action) string { return CustomID{Action: a, ID: uint64(g.ID), Ply: g.Ply()}.String() }
	row := []discordgo.MessageComponent{
		discordgo.Button{Label: p.T("Move"), Style: discordgo.PrimaryButton, CustomID: id(ActMove), Disabled: over},
		discordgo.Button{Label: p.T("Offer draw"), Style: discordgo.SecondaryButton, CustomID: id(ActDraw), Disabled: over},
		discordgo.Button{Label: p.T("Resign"), Style: discordgo.DangerButton, CustomID: id(ActResign), Disabled: over},
	}
	if over && g.Attackers != g.Defenders {
		row = append(row, discordgo.Button{Label: p.T("Rematch"), Style: discordgo.SuccessButton, CustomID: id(ActRematch)})
	}
	return []discordgo.MessageComponent{discordgo.ActionsRow{Components: row}}
}

// resultLine says how a finished game ended, with rating changes, in
// p's language.
func resultLine(p *locale.Printer, g *storage.Game) string {
	o := g.Outcome()
	var s string
	switch {
	case o.Winner == tafl.NoSide && o.Reason == tafl.Timeout:
		s = p.T("**Draw** — time ran out, but the other side no longer had the pieces to win.")
	case o.Winner == tafl.NoSide:
		s = p.T("**Draw** (%s).", reasonText(p, o.Reason))
	case o.Winner == tafl.Attackers:
		s = p.T("**Attackers win** — %s. Congratulations %s!", reasonText(p, o.Reason), seatName(g.Seat(o.Winner)))
	default:
		s = p.T("**Defenders win** — %s. Congratulations %s!", reasonText(p, o.Reason), seatName(g.Seat(o.Winner)))
	}
	for _, rc := range g.RatingChanges {
		s += fmt.Sprintf("\n<@%s>: %.0f → %.0f (%+.0f)", rc.UserID, rc.Before.Rating, rc.After.Rating, rc.After.Rating-rc.Before.Rating)
	}
	return s
}

func resultCaption(p *locale.Printer, o tafl.Outcome) string {
	switch o.Winner {
	case tafl.Attackers:
		return p.T("Attackers win · %s", reasonText(p, o.Reason))
	case tafl.Defenders:
		return p.T("Defenders win · %s", reasonText(p, o.Reason))
	}
	return p.T("Draw · %s", reasonText(p, o.Reason))
}

func reasonText(p *locale.Printer, r tafl.EndReason) string {
	switch r {
	case tafl.KingCaptured:
		return p.T("the king was captured")
	case tafl.KingEscaped:
		return p.T("the king escaped")
	case tafl.ExitFort:
		return p.T("the king built an exit fort")
	case tafl.Encirclement:
		return p.T("the defenders were encircled")
	case tafl.Repetition:
		return p.T("repetition")
	case tafl.NoMoves:
		return p.T("no legal moves left")
	case tafl.Resignation:
		return p.T("resignation")
	case tafl.DrawAgreed:
		return p.T("agreed")
	case tafl.Timeout:
		return p.T("time ran out")
	}
	return r.String()
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
