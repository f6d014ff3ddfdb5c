package bot

import (
	"bytes"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"
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

// seatName returns a mention of a human or the engine's name.
func seatName(s storage.Seat) string {
	if name, ok := strings.CutPrefix(s.AILevel, engineSeatPrefix); ok {
		return name + " (engine)"
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
	tg := g.Tafl()
	plies := tg.Plies()
	var sb strings.Builder
	if headline != "" {
		sb.WriteString(headline + "\n")
	}
	fmt.Fprintf(&sb, "**Game %d** · %s · %s (attackers) vs %s (defenders)", g.ID, g.Variant(), seatName(g.Attackers), seatName(g.Defenders))
	if g.Casual {
		sb.WriteString(" · casual")
	}
	sb.WriteString("\n")
	if n := len(plies); n > 0 {
		from := max(0, n-4)
		var moves []string
		for i := from; i < n; i++ {
			moves = append(moves, fmt.Sprintf("%d. %s", i+1, plies[i].Notation()))
		}
		sb.WriteString("Last moves: " + strings.Join(moves, " · ") + "\n")
	}
	o := g.Outcome()
	caption := ""
	if o.Over() {
		sb.WriteString(resultLine(g) + "\n")
		if !g.Clock.IsZero() {
			sb.WriteString(b.clockLine(g) + "\n")
		}
		caption = resultCaption(o)
	} else {
		pos := tg.Position()
		switch pos.Announcement() {
		case tafl.Raichi:
			sb.WriteString("**Raichi!** The king has an open line to escape.\n")
		case tafl.Tuicha:
			sb.WriteString("**Tuicha!** The king has two open lines to escape.\n")
		}
		side := tg.ToMove()
		fmt.Fprintf(&sb, "%s to move (%s)", seatName(g.Seat(side)), side)
		switch {
		case !g.Clock.IsZero():
			sb.WriteString("\n" + b.clockLine(g))
		case !g.Deadline.IsZero():
			sb.WriteString(" · " + formatLeft(g.Deadline.Sub(b.now())) + " left")
		}
		if g.DrawOffer != tafl.NoSide {
			fmt.Fprintf(&sb, "\nThe %s offer a draw.", g.DrawOffer)
		}
		caption = fmt.Sprintf("%s to move · move %d", capitalize(side.String()), len(plies)+1)
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
	if h := hintsLine(g); h != "" {
		sb.WriteString("\n" + h)
	}
	comps := gameButtons(g)
	if b.hintsAllowed(g) {
		row := comps[0].(discordgo.ActionsRow)
		row.Components = append(row.Components, hintButton(g))
		comps[0] = row
	}
	return &message{
		content:    sb.String(),
		files:      []*discordgo.File{{Name: fmt.Sprintf("game-%d-%d.png", g.ID, len(plies)), ContentType: "image/png", Reader: bytes.NewReader(png)}},
		components: comps,
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
	id := func(a Action) string { return CustomID{Action: a, ID: uint64(g.ID), Ply: g.Ply()}.String() }
	row := []discordgo.MessageComponent{
		discordgo.Button{Label: "Move", Style: discordgo.PrimaryButton, CustomID: id(ActMove), Disabled: over},
		discordgo.Button{Label: "Offer draw", Style: discordgo.SecondaryButton, CustomID: id(ActDraw), Disabled: over},
		discordgo.Button{Label: "Resign", Style: discordgo.DangerButton, CustomID: id(ActResign), Disabled: over},
	}
	if over && g.Attackers != g.Defenders {
		row = append(row, discordgo.Button{Label: "Rematch", Style: discordgo.SuccessButton, CustomID: id(ActRematch)})
	}
	if over && g.Ply() > 0 {
		row = append(row, discordgo.Button{Label: "Analyse", Style: discordgo.SuccessButton, CustomID: id(ActAnalyse)})
	}
	return []discordgo.MessageComponent{discordgo.ActionsRow{Components: row}}
}

// resultLine says how a finished game ended, with rating changes.
func resultLine(g *storage.Game) string {
	o := g.Outcome()
	var s string
	switch {
	case o.Winner == tafl.NoSide && o.Reason == tafl.Timeout:
		s = "**Draw** — time ran out, but the other side no longer had the pieces to win."
	case o.Winner == tafl.NoSide:
		s = "**Draw** (" + reasonText(o.Reason) + ")."
	default:
		s = fmt.Sprintf("**%s win** — %s. Congratulations %s!", capitalize(o.Winner.String()), reasonText(o.Reason), seatName(g.Seat(o.Winner)))
	}
	for _, rc := range g.RatingChanges {
		s += fmt.Sprintf("\n<@%s>: %.0f → %.0f (%+.0f)", rc.UserID, rc.Before.Rating, rc.After.Rating, rc.After.Rating-rc.Before.Rating)
	}
	return s
}

func resultCaption(o tafl.Outcome) string {
	if o.Winner == tafl.NoSide {
		return "Draw · " + reasonText(o.Reason)
	}
	return capitalize(o.Winner.String()) + " win · " + reasonText(o.Reason)
}

func reasonText(r tafl.EndReason) string {
	switch r {
	case tafl.KingCaptured:
		return "the king was captured"
	case tafl.KingEscaped:
		return "the king escaped"
	case tafl.ExitFort:
		return "the king built an exit fort"
	case tafl.Encirclement:
		return "the defenders were encircled"
	case tafl.Repetition:
		return "repetition"
	case tafl.NoMoves:
		return "no legal moves left"
	case tafl.Resignation:
		return "resignation"
	case tafl.DrawAgreed:
		return "agreed"
	case tafl.Timeout:
		return "time ran out"
	}
	return r.String()
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// formatLeft writes a duration as "2d 5h", "5h 3m" or "12m".
func formatLeft(d time.Duration) string {
	if d <= 0 {
		return "no time"
	}
	m := int(math.Ceil(d.Minutes()))
	days, hours, mins := m/(24*60), m/60%24, m%60
	switch {
	case days > 0:
		return fmt.Sprintf("%dd %dh", days, hours)
	case hours > 0:
		return fmt.Sprintf("%dh %dm", hours, mins)
	}
	return fmt.Sprintf("%dm", mins)
}
