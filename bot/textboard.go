package bot

import (
	"fmt"
	"strings"
	"time"

	"github.com/taflbot/taflbot/locale"
	"github.com/taflbot/taflbot/storage"
	"github.com/taflbot/taflbot/tafl"
)

// textBoard describes game g's position in words, for screen readers
// (/tafl board text:true): the game and whose turn it is, the last move,
// where the king and every piece stand, the special squares, and the
// board rank by rank from the top. shown is how it shows the players'
// names and a rules string's name: (the users' own): plainText in a
// message, as they are in a text file.
func textBoard(p *locale.Printer, g *storage.Game, now time.Time, shown func(string) string) string {
	tg := g.Tafl()
	v := tg.Variant()
	pos := tg.Position()
	plies := tg.Plies()
	n := v.Size()
	var sb strings.Builder
	attName, defName := shown(seatLabel(p, g.Attackers)), shown(seatLabel(p, g.Defenders))
	// The size in words, "9 by 9", as for every variant: a screen reader
	// reads "Hnefatafl 9×9", the title, as it may ("9 times 9", "9 x 9").
	title := strings.TrimSuffix(variantTitle(p, v), fmt.Sprintf(" %d×%d", n, n))
	sb.WriteString(p.T("Game %d, %s, %d by %d: %s plays the attackers, %s the defenders.", g.ID, shown(title), n, n, attName, defName) + "\n")
	if k := len(plies); k > 0 {
		last := plies[k-1]
		label, caps := tafl.PlyLabel(k-1, last), captured(p, last)
		switch {
		case last.Piece.Side() == tafl.Attackers && caps != "":
			sb.WriteString(p.T("Last move: %s, by the attackers, capturing %s.", label, caps) + "\n")
		case last.Piece.Side() == tafl.Attackers:
			sb.WriteString(p.T("Last move: %s, by the attackers.", label) + "\n")
		case caps != "":
			sb.WriteString(p.T("Last move: %s, by the defenders, capturing %s.", label, caps) + "\n")
		default:
			sb.WriteString(p.T("Last move: %s, by the defenders.", label) + "\n")
		}
	}
	if o := g.Outcome(); o.Over() {
		sb.WriteString(resultCaption(p, g) + ".\n")
	} else {
		side := tg.ToMove()
		if side == tafl.Attackers {
			sb.WriteString(p.T("Move %d: %s, the attackers, to move", tafl.MoveNumber(len(plies)), attName))
		} else {
			sb.WriteString(p.T("Move %d: %s, the defenders, to move", tafl.MoveNumber(len(plies)), defName))
		}
		if c := clockWords(p, g, now); c != "" {
			sb.WriteString(", " + c)
		} else if !g.Deadline.IsZero() {
			sb.WriteString(", " + p.T("clock.left", formatLeft(p, g.Deadline.Sub(now))))
		}
		sb.WriteString(".\n")
		switch pos.Announcement() {
		case tafl.Raichi:
			sb.WriteString(p.T("Raichi: the king has an open line to escape.") + "\n")
		case tafl.Tuicha:
			sb.WriteString(p.T("Tuicha: the king has %d open lines to escape.", pos.OpenLines()) + "\n")
		}
	}
	sb.WriteString(pieceLists(p, pos) + "\n")
	var special []string
	if t := v.Throne(); t != tafl.NoSquare {
		special = append(special, p.T("throne %s", t.String()))
	}
	var corners, camps []string
	for _, sq := range v.Squares() {
		if v.IsCorner(sq) {
			corners = append(corners, sq.String())
		}
		if v.IsCamp(sq) {
			camps = append(camps, sq.String())
		}
	}
	if len(corners) > 0 {
		special = append(special, p.T("corners %s", strings.Join(corners, ", ")))
	}
	if len(camps) > 0 {
		special = append(special, p.T("camps %s", strings.Join(camps, ", ")))
	}
	if len(special) > 0 {
		sb.WriteString(p.T("Special squares: %s.", strings.Join(special, "; ")) + "\n")
	}
	sb.WriteString(p.T("Rank by rank, from the top:") + "\n")
	for r := n - 1; r >= 0; r-- {
		var here []string
		for f := 0; f < n; f++ {
			sq := tafl.At(f, r)
			if pc := pos.At(sq); pc != tafl.Empty {
				here = append(here, sq.String()+" "+pieceName(p, pc))
			}
		}
		if len(here) == 0 {
			sb.WriteString(p.T("Rank %d: empty.", r+1) + "\n")
		} else {
			sb.WriteString(p.T("Rank %d: %s.", r+1, strings.Join(here, ", ")) + "\n")
		}
	}
	return sb.String()
}

// pieceLists says where every piece stands, rank by rank from rank 1:
// "King: d4.\nDefenders (3): d3, c4, e4.\nAttackers (8): …".
func pieceLists(p *locale.Printer, pos tafl.Position) string {
	n := pos.Variant().Size()
	var att, def []string
	for r := 0; r < n; r++ {
		for f := 0; f < n; f++ {
			sq := tafl.At(f, r)
			switch pos.At(sq) {
			case tafl.Attacker:
				att = append(att, sq.String())
			case tafl.Defender:
				def = append(def, sq.String())
			}
		}
	}
	return p.T("King: %s.\nDefenders (%d): %s.\nAttackers (%d): %s.", pos.King().String(), len(def), squareList(p, def), len(att), squareList(p, att))
}

// squareList lists squares with commas, or says "none" for no square (a
// king left alone: "Defenders (0): none.", not "Defenders (0): .").
func squareList(p *locale.Printer, squares []string) string {
	if len(squares) == 0 {
		return p.T("none")
	}
	return strings.Join(squares, ", ")
}

// pieceName names a piece in p's language.
func pieceName(p *locale.Printer, pc tafl.Piece) string {
	switch pc {
	case tafl.Attacker:
		return p.T("attacker")
	case tafl.Defender:
		return p.T("defender")
	case tafl.King:
		return p.T("king")
	}
	return pc.String()
}
