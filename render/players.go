package render

import (
	"fmt"
	"image"
	"image/draw"
	"time"

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
	pad := float64(g.x0)
	gap := pad / 2
	half := (float64(g.size) - 2*pad - gap) / 2
	h := float64(g.top)
	sides := []struct {
		side  tafl.Side
		pl    Player
		piece tafl.Piece
		x     float64
		right bool
	}{
		{tafl.Attackers, o.Players.Attackers, tafl.Attacker, pad, false},
		{tafl.Defenders, o.Players.Defenders, tafl.Defender, pad + half + gap, true},
	}
	icon := max(8, int(h*0.8))
	spr := pieceSprites(o.Theme, icon)
	name := newFace(mediumFont, h*0.4, font.HintingNone)
	clock := newFace(boldFont, h*0.4, font.HintingNone)
	b, _, _ := name.GlyphBounds('H')
	baseline := h/2 + float64(-b.Min.Y)/64/2
	dc := gg.NewContextForRGBA(img)
	for _, s := range sides {
		if s.side == o.Players.ToMove {
			dc.SetColor(p.playerActive)
			dc.DrawRoundedRectangle(s.x, h*0.08, half, h*0.76, h*0.18)
			dc.Fill()
		}
		ix := s.x + h*0.08
		if s.right {
			ix = s.x + half - h*0.08 - float64(icon)
		}
		r := image.Rect(int(ix), int((h-float64(icon))/2)-1, int(ix)+icon, int((h-float64(icon))/2)-1+icon)
		draw.Draw(img, r, spr[s.piece], image.Point{}, draw.Over)
		ct := ""
		if s.pl.HasClock {
			ct = FormatClock(s.pl.Clock)
		}
		if s.pl.Note != "" {
			ct = joinNonEmpty(ct, s.pl.Note)
		}
		room := half - float64(icon) - h*0.4
		cw := 0.0
		if ct != "" {
			cw = textWidth(clock, ct) + h*0.3
		}
		who := fit(name, Legible(s.pl.Name), max(0, room-cw))
		c := p.caption
		if s.side != o.Players.ToMove {
			c = p.label
		}
		if s.right {
			end := ix - h*0.15
			drawTextAt(img, clock, ct, end-textWidth(clock, ct), baseline, c)
			drawTextAt(img, name, who, end-cw-textWidth(name, who), baseline, c)
		} else {
			start := ix + float64(icon) + h*0.15
			drawTextAt(img, name, who, start, baseline, c)
			drawTextAt(img, clock, ct, start+textWidth(name, who)+h*0.3, baseline, c)
		}
	}
}

func joinNonEmpty(a, b string) string {
	if a == "" {
		return b
	}
	return a + " " + b
}

// FormatClock writes a time left as the players band shows it: "2d 5h"
// from a day up, "5h 03m" from an hour (both counted in whole minutes,
// rounded up, as the bot's messages count them: 3 days less a second
// is "3d 0h"), then like a chess clock: "4:59" from ten seconds (whole
// seconds rounded up, as the board message shows a live clock: 4:58.2
// is "4:59"), and "0:09.3" below (a negative time is 0:00.0).
func FormatClock(d time.Duration) string {
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
