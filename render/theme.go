package render

import "image/color"

// palette holds every colour a theme uses. Overlay colours are
// non-premultiplied and drawn with alpha.
type palette struct {
	frame, frameEdge color.NRGBA // the label band round the board, and its inner bevel
	label            color.NRGBA // rank and file labels
	captionBand      color.NRGBA // the bands under and above the board
	caption          color.NRGBA // caption text, and the side to move in the players band
	playerActive     color.NRGBA // the panel of the side to move in the players band

	board     color.NRGBA // ordinary squares
	grain     float64     // strength of the wood grain, 0 for none
	grid      color.NRGBA // lines between squares
	special   color.NRGBA // throne and corner squares
	motif     color.NRGBA // lines drawn on throne and corner squares
	camp      color.NRGBA // attackers' camps
	campMotif color.NRGBA // the dot in an empty camp

	shadow                                color.NRGBA // piece shadows
	attacker, attackerEdge, attackerRing  color.NRGBA // attackers: round stones
	defender, defenderEdge, defenderInset color.NRGBA // defenders: square tiles
	kingRim, crown                        color.NRGBA // the king: a round ivory piece with a gold rim and a crown
	shine                                 color.NRGBA // highlight on the pieces' upper left

	moveFrom, moveTo, arrow color.NRGBA // last move tints and arrow
	suggest, suggestEdge    color.NRGBA // suggested-move arrows and their outline
	capture, captureEdge    color.NRGBA // the cross on captured squares
	highlight               color.NRGBA // highlight dots and rings
	selected                color.NRGBA // the selected square's outline
	kingTaken, kingFree     color.NRGBA // rings round a captured or escaped king
}

func rgb(r, g, b uint8) color.NRGBA     { return color.NRGBA{r, g, b, 255} }
func rgba(r, g, b, a uint8) color.NRGBA { return color.NRGBA{r, g, b, a} }
func themePalette(t Theme) *palette {
	if t == Dark {
		return &darkPalette
	}
	return &lightPalette
}

var lightPalette = palette{
	frame:        rgb(0x5a, 0x37, 0x1f),
	frameEdge:    rgb(0x3a, 0x22, 0x12),
	label:        rgb(0xf2, 0xdf, 0xbd),
	captionBand:  rgb(0x44, 0x29, 0x17),
	caption:      rgb(0xf7, 0xea, 0xd2),
	playerActive: rgb(0x6e, 0x47, 0x27),

	board:     rgb(0xe6, 0xc4, 0x8c),
	grain:     0.045,
	grid:      rgb(0x8c, 0x64, 0x38),
	special:   rgb(0xb8, 0x83, 0x4a),
	motif:     rgb(0x6e, 0x47, 0x22),
	camp:      rgb(0xd3, 0xa0, 0x6c),
	campMotif: rgb(0x9a, 0x68, 0x3c),

	shadow:        rgba(0x2a, 0x18, 0x08, 0x60),
	attacker:      rgb(0x2b, 0x26, 0x24),
	attackerEdge:  rgb(0x0c, 0x0a, 0x09),
	attackerRing:  rgb(0x6a, 0x5f, 0x58),
	defender:      rgb(0xf8, 0xf3, 0xe6),
	defenderEdge:  rgb(0x3e, 0x30, 0x24),
	defenderInset: rgb(0xc2, 0xb0, 0x90),
	kingRim:       rgb(0xc8, 0x93, 0x1a),
	crown:         rgb(0x3a, 0x2c, 0x22),
	shine:         rgba(0xff, 0xff, 0xff, 0x50),

	moveFrom:    rgba(0x1e, 0x6a, 0xd6, 0x40),
	moveTo:      rgba(0x1e, 0x6a, 0xd6, 0x70),
	arrow:       rgba(0x15, 0x4f, 0xb0, 0xc0),
	suggest:     rgba(0x1f, 0x9e, 0x3c, 0xd8),
	suggestEdge: rgba(0x0b, 0x2e, 0x12, 0xe0),
	capture:     rgb(0xe0, 0x3c, 0x14),
	captureEdge: rgb(0x50, 0x10, 0x04),
	highlight:   rgba(0x0a, 0x5c, 0x3a, 0xc0),
	selected:    rgb(0x15, 0x4f, 0xb0),
	kingTaken:   rgb(0xd0, 0x24, 0x10),
	kingFree:    rgb(0xff, 0xd2, 0x30),
}

var darkPalette = palette{
	frame:        rgb(0x1d, 0x20, 0x26),
	frameEdge:    rgb(0x0f, 0x11, 0x14),
	label:        rgb(0xa8, 0xb2, 0xc0),
	captionBand:  rgb(0x15, 0x17, 0x1c),
	caption:      rgb(0xdc, 0xe2, 0xea),
	playerActive: rgb(0x33, 0x3a, 0x46),

	// The board and the camps are light enough that the near-black
	// attackers stand out: WCAG contrast 3.6:1 against the board and
	// 4.7:1 against a camp (TestThemeContrast; docs/DISCORD.md).
	board:     rgb(0x66, 0x71, 0x7f),
	grain:     0.02,
	grid:      rgb(0x2a, 0x30, 0x39),
	special:   rgb(0x2e, 0x34, 0x3e),
	motif:     rgb(0x82, 0x8d, 0x9c),
	camp:      rgb(0x8e, 0x7f, 0x94),
	campMotif: rgb(0x5a, 0x4d, 0x60),

	shadow:        rgba(0x00, 0x00, 0x00, 0x70),
	attacker:      rgb(0x16, 0x18, 0x1c),
	attackerEdge:  rgb(0x9c, 0xa6, 0xb4),
	attackerRing:  rgb(0x4c, 0x53, 0x5e),
	defender:      rgb(0xec, 0xef, 0xf3),
	defenderEdge:  rgb(0x10, 0x12, 0x15),
	defenderInset: rgb(0xa9, 0xb1, 0xbd),
	kingRim:       rgb(0xe0, 0xaa, 0x2c),
	crown:         rgb(0x22, 0x26, 0x2e),
	shine:         rgba(0xff, 0xff, 0xff, 0x38),

	moveFrom:    rgba(0x4a, 0x9c, 0xff, 0x40),
	moveTo:      rgba(0x4a, 0x9c, 0xff, 0x70),
	arrow:       rgba(0x6e, 0xb4, 0xff, 0xc8),
	suggest:     rgba(0x5c, 0xe0, 0x7a, 0xd8),
	suggestEdge: rgba(0x06, 0x1c, 0x0a, 0xe0),
	capture:     rgb(0xff, 0x5a, 0x2a),
	captureEdge: rgb(0x2a, 0x08, 0x02),
	highlight:   rgba(0x8c, 0xf0, 0xb4, 0xb0),
	selected:    rgb(0x6e, 0xb4, 0xff),
	kingTaken:   rgb(0xff, 0x4a, 0x30),
	kingFree:    rgb(0xff, 0xd8, 0x40),
}
