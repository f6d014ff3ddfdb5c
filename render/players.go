package render

import (
	"fmt"
	"image"
	"image/draw"
	"time"
	"unicode/utf8"

	"github.com/fogleman/gg"
	"github.com/taflbot/taflbot/tafl"
	"golang.org/x/image/font"
)

// drawPlayers draws the players band above the board: the attackers on
// the left and the defenders on the right, each with the piece that
// stands for their side, their name and their clock; the side to move
// sits on a lighter panel.
func drawPlayers(img *image.RGBA, g *geometry, p *palette, o *Options) {
	band := image.Rect(0, 0, g.size, g.top)
	fill(img, band, p.captionBand)
	fill(img, image.Rect(0, g.top-max(1, g.top/24), g.size, g.top), p.frameEdge)
	h := float64(g.top)
	lay := layoutPlayers(g, o)
	spr := pieceSprites(o.Theme, lay[0].icon.Dx())
	dc := gg.NewContextForRGBA(img)
	for _, s := range lay {
		if s.side == o.Players.ToMove {
			dc.SetColor(p.playerActive)
			dc.DrawRoundedRectangle(s.x0, h*0.08, s.x1-s.x0, h*0.76, h*0.18)
			dc.Fill()
		}
		draw.Draw(img, s.icon, spr[s.piece], image.Point{}, draw.Over)
		c := p.caption
		if s.side != o.Players.ToMove {
			c = p.label
		}
		drawTextAt(img, s.nameFace, s.name, s.nameX, s.nameY, c)
		if s.clock != "" {
			drawTextAt(img, s.clockFace, s.clock, s.clockX, s.clockY, c)
		}
	}
}

// minBandText is the smallest text (in pixels) the players band draws: a
// band too low for two lines of it keeps name and clock on one line.
const minBandText = 9.0

// playerLayout is where the players band draws one side: its panel (x0
// to x1, across the band's height), its piece, its name and its clock
// (each a text, a face, the left end and the baseline).
type playerLayout struct {
	side                tafl.Side
	piece               tafl.Piece
	x0, x1              float64
	icon                image.Rectangle
	start, end          float64 // the texts start here (the left side) or end here (the right)
	name, clock         string
	bare                string // the clock without its note
	nameFace, clockFace font.Face
	nameX, nameY        float64
	clockX, clockY      float64
}

// layoutPlayers lays out the players band. Name and clock share a line
// where both fit; where a name would have to be shortened beside its
// clock (a correspondence clock with its note, "3d 0h per move", leaves
// a name some six letters), every side with a clock takes two lines, the
// name above and the clock below in smaller type, so that the name has
// the panel's width — unless the band is too low for two legible lines
// (pictures under some 400 pixels), where the name is shortened, and a
// clock that would leave it less than its first letter loses its note.
func layoutPlayers(g *geometry, o *Options) [2]playerLayout {
	pad := float64(g.x0)
	gap := pad / 2
	half := (float64(g.size) - 2*pad - gap) / 2
	h := float64(g.top)
	icon := max(8, int(h*0.8))
	room := half - float64(icon) - h*0.4 // the texts' width beside the piece
	name := newFace(mediumFont, h*0.4, font.HintingNone)
	clock := newFace(boldFont, h*0.4, font.HintingNone)
	name2 := newFace(mediumFont, h*0.38, font.HintingNone)
	clock2 := newFace(boldFont, h*0.3, font.HintingNone)
	twoLines := h*0.3 >= minBandText

	var out [2]playerLayout
	for i, pl := range []Player{o.Players.Attackers, o.Players.Defenders} {
		s := &out[i]
		s.side, s.piece, s.x0 = tafl.Attackers, tafl.Attacker, pad
		if i == 1 {
			s.side, s.piece, s.x0 = tafl.Defenders, tafl.Defender, pad+half+gap
		}
		s.x1 = s.x0 + half
		ix := s.x0 + h*0.08
		if i == 1 {
			ix = s.x1 - h*0.08 - float64(icon)
		}
		iy := int((h-float64(icon))/2) - 1
		s.icon = image.Rect(int(ix), iy, int(ix)+icon, iy+icon)
		s.clock = pl.ClockLabel()
		s.bare = Player{Clock: pl.Clock, HasClock: pl.HasClock, ClockText: pl.ClockText}.ClockLabel()
		s.name = Legible(pl.Name)
		// Where the texts start (the left side) or end (the right).
		s.start, s.end = ix+float64(icon)+h*0.15, ix-h*0.15
	}
	// Two lines only where a name would not fit beside its clock.
	need := false
	for i := range out {
		s := &out[i]
		if s.clock != "" && textWidth(name, s.name)+textWidth(clock, s.clock)+h*0.3 > room {
			need = true
		}
	}
	twoLines = twoLines && need
	capHeight := func(f font.Face) float64 { b, _, _ := f.GlyphBounds('H'); return float64(-b.Min.Y) / 64 }
	accentHeight := func(f font.Face) float64 { b, _ := font.BoundString(f, "ÅÓ"); return float64(-b.Min.Y) / 64 }
	descent := func(f font.Face) float64 { b, _, _ := f.GlyphBounds('g'); return float64(b.Max.Y) / 64 }
	for i := range out {
		s := &out[i]
		start, end := s.start, s.end
		place := func(f font.Face, text string) float64 { // left end of a line
			if i == 1 {
				return end - textWidth(f, text)
			}
			return start
		}
		if twoLines && s.clock != "" {
			// A clock too long for its line (a 30-day correspondence
			// clock in Finnish, on vacation) is drawn smaller rather than
			// cut, down to the smallest legible text.
			cf := clock2
			if w := textWidth(clock2, s.clock); w > room {
				if px := h * 0.3 * room / w * 0.98; px >= minBandText {
					cf = newFace(boldFont, px, font.HintingNone)
				}
			}
			s.nameFace, s.clockFace = name2, cf
			s.name, s.clock = fit(name2, s.name, room), fit(cf, s.clock, room)
			// The lines, from the top of an accented capital to the
			// foot of a g, centred on the panel (0.08 h to 0.84 h).
			lineGap := h * 0.03
			block := accentHeight(name2) + descent(name2) + lineGap + capHeight(clock2) + descent(clock2)
			s.nameY = h*0.46 - block/2 + accentHeight(name2)
			s.clockY = s.nameY + descent(name2) + lineGap + capHeight(clock2)
			s.nameX, s.clockX = place(name2, s.name), place(clock2, s.clock)
			continue
		}
		s.nameFace, s.clockFace = name, clock
		baseline := h/2 + capHeight(name)/2
		s.nameY, s.clockY = baseline, baseline
		cw := 0.0
		if s.clock != "" {
			// A clock that would leave the name less than its first
			// letter and "…" (a correspondence clock with its note, in
			// the smallest pictures) loses its note, and is cut short
			// only if even that is not enough.
			free := max(0, room-h*0.3-shortest(name, s.name))
			if textWidth(clock, s.clock) > free {
				s.clock = fit(clock, s.bare, free)
			}
			cw = textWidth(clock, s.clock) + h*0.3
		}
		s.name = fit(name, s.name, max(0, room-cw))
		if i == 1 {
			s.clockX = end - textWidth(clock, s.clock)
			s.nameX = end - cw - textWidth(name, s.name)
		} else {
			s.nameX = start
			s.clockX = start + textWidth(name, s.name) + h*0.3
		}
	}
	return out
}

// shortest is the width of name as fit may shorten it at most: its
// first letter and "…" (the whole name when that is narrower).
func shortest(f font.Face, name string) float64 {
	r, n := utf8.DecodeRuneInString(name)
	if n == len(name) {
		return textWidth(f, name)
	}
	return min(textWidth(f, name), textWidth(f, string(r)+"…"))
}

func joinNonEmpty(a, b string) string {
	if a == "" {
		return b
	}
	return a + " " + b
}

// RoundClock rounds a time left as FormatClock shows it: up to whole
// minutes above an hour, up to whole seconds from ten seconds (so a
// time just under an hour may become one), not at all below; a negative
// time is 0. A program writing the hours and minutes in its own words
// (the bot, in the reader's language) rounds with it.
func RoundClock(d time.Duration) time.Duration {
	if d < 0 {
		d = 0
	}
	if d > time.Hour {
		m := (d + time.Minute - 1) / time.Minute // whole minutes, rounded up
		d = m * time.Minute
	}
	if d >= 10*time.Second && d < time.Hour {
		d = (d + time.Second - 1) / time.Second * time.Second // whole seconds, rounded up
	}
	return d
}

// ClockLabel is what the band writes for pl's clock: ClockText, else
// Clock as FormatClock writes it (when HasClock), followed by the Note.
func (pl Player) ClockLabel() string {
	c := pl.ClockText
	if c == "" && pl.HasClock {
		c = FormatClock(pl.Clock)
	}
	if pl.Note != "" {
		c = joinNonEmpty(c, pl.Note)
	}
	return c
}

// FormatClock writes a time left as the players band shows it: "2d 5h"
// from a day up, "5h 03m" from an hour (both counted in whole minutes,
// rounded up, as the bot's messages count them: 3 days less a second
// is "3d 0h"), then like a chess clock: "4:59" from ten seconds (whole
// seconds rounded up, as the board message shows a live clock: 4:58.2
// is "4:59"), and "0:09.3" below (a negative time is 0:00.0).
func FormatClock(d time.Duration) string {
	d = RoundClock(d)
	switch {
	case d >= 24*time.Hour:
		return fmt.Sprintf("%dd %dh", d/(24*time.Hour), d%(24*time.Hour)/time.Hour)
	case d >= time.Hour:
		return fmt.Sprintf("%dh %02dm", d/time.Hour, d%time.Hour/time.Minute)
	case d >= 10*time.Second:
		return fmt.Sprintf("%d:%02d", d/time.Minute, d%time.Minute/time.Second)
	}
	return fmt.Sprintf("0:%02d.%d", d/time.Second, d%time.Second/(100*time.Millisecond))
}
