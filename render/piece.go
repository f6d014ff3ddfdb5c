package render

import (
	"image"
	"math"

	"github.com/fogleman/gg"
	"github.com/taflbot/taflbot/tafl"
)

// Pieces are drawn once per theme and square size into cell×cell sprites
// with transparent backgrounds, then composited onto each picture.
//
// The three kinds differ in shape as well as colour, so they read apart
// without colour vision and on any screen:
//   - attackers are dark round stones with an inner ring;
//   - defenders are light square tiles with rounded corners;
//   - the king is a larger light round piece with a gold rim and a crown.

type spriteKey struct {
	theme Theme
	cell  int
}

// sprites holds one image per tafl.Piece (Empty's is nil).
type sprites [tafl.King + 1]*image.RGBA

var spriteCache cache[spriteKey, *sprites]

func pieceSprites(t Theme, cell int) *sprites {
	return spriteCache.get(spriteKey{t, cell}, func() *sprites {
		p := themePalette(t)
		return &sprites{
			tafl.Attacker: drawSprite(cell, func(dc *gg.Context, c float64) { drawAttacker(dc, p, c) }),
			tafl.Defender: drawSprite(cell, func(dc *gg.Context, c float64) { drawDefender(dc, p, c) }),
			tafl.King:     drawSprite(cell, func(dc *gg.Context, c float64) { drawKing(dc, p, c) }),
		}
	})
}

func drawSprite(cell int, paint func(dc *gg.Context, c float64)) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, cell, cell))
	paint(gg.NewContextForRGBA(img), float64(cell))
	return img
}

func drawAttacker(dc *gg.Context, p *palette, c float64) {
	m := c / 2
	r := 0.36 * c
	lw := math.Max(1, 0.035*c)
	dc.SetColor(p.shadow)
	dc.DrawCircle(m+0.03*c, m+0.05*c, r+lw/2)
	dc.Fill()
	dc.SetColor(p.attacker)
	dc.DrawCircle(m, m, r)
	dc.FillPreserve()
	dc.SetColor(p.attackerEdge)
	dc.SetLineWidth(lw)
	dc.Stroke()
	dc.SetColor(p.attackerRing)
	dc.SetLineWidth(math.Max(1, 0.04*c))
	dc.DrawCircle(m, m, 0.22*c)
	dc.Stroke()
	shine(dc, p, m, m, r-1.5*lw)
}

func drawDefender(dc *gg.Context, p *palette, c float64) {
	m := c / 2
	h := 0.345 * c // half side
	lw := math.Max(1, 0.04*c)
	dc.SetColor(p.shadow)
	dc.DrawRoundedRectangle(m-h+0.03*c, m-h+0.05*c, 2*h+lw/2, 2*h+lw/2, 0.2*c)
	dc.Fill()
	dc.SetColor(p.defender)
	dc.DrawRoundedRectangle(m-h, m-h, 2*h, 2*h, 0.12*c)
	dc.FillPreserve()
	dc.SetColor(p.defenderEdge)
	dc.SetLineWidth(lw)
	dc.Stroke()
	i := 0.17 * c
	dc.SetColor(p.defenderInset)
	dc.SetLineWidth(math.Max(1, 0.035*c))
	dc.DrawRectangle(math.Round(m-i)+0.5, math.Round(m-i)+0.5, math.Round(2*i), math.Round(2*i))
	dc.Stroke()
}

func drawKing(dc *gg.Context, p *palette, c float64) {
	m := c / 2
	r := 0.415 * c
	rim := math.Max(2, 0.07*c)
	lw := math.Max(1, 0.03*c)
	dc.SetColor(p.shadow)
	dc.DrawCircle(m+0.03*c, m+0.05*c, r+lw/2)
	dc.Fill()
	dc.SetColor(p.defenderEdge)
	dc.DrawCircle(m, m, r)
	dc.Fill()
	dc.SetColor(p.kingRim)
	dc.DrawCircle(m, m, r-lw)
	dc.Fill()
	dc.SetColor(p.defender)
	dc.DrawCircle(m, m, r-lw-rim)
	dc.Fill()

	// The crown: a band with three points, each tipped with a ball.
	dc.SetColor(p.crown)
	w := 0.24 * c // half width at the top
	top, mid, base := m-0.15*c, m+0.02*c, m+0.12*c
	dc.MoveTo(m-0.8*w, base)
	dc.LineTo(m-w, top+0.04*c)
	dc.LineTo(m-0.45*w, mid-0.03*c)
	dc.LineTo(m, top-0.02*c)
	dc.LineTo(m+0.45*w, mid-0.03*c)
	dc.LineTo(m+w, top+0.04*c)
	dc.LineTo(m+0.8*w, base)
	dc.ClosePath()
	dc.Fill()
	ball := 0.035 * c
	dc.DrawCircle(m-w, top+0.04*c-ball, ball)
	dc.DrawCircle(m, top-0.02*c-ball, ball)
	dc.DrawCircle(m+w, top+0.04*c-ball, ball)
	dc.Fill()
	dc.DrawRectangle(m-0.8*w, base+0.025*c, 1.6*w, 0.045*c)
	dc.Fill()
	shine(dc, p, m, m, r-lw-1.3*rim)
}

// shine draws a soft reflection on the upper left of a round piece.
func shine(dc *gg.Context, p *palette, x, y, r float64) {
	dc.SetColor(p.shine)
	dc.SetLineWidth(math.Max(1, r*0.16))
	dc.SetLineCapRound()
	dc.DrawArc(x, y, r*0.8, math.Pi*1.05, math.Pi*1.45)
	dc.Stroke()
}
