package bot

import (
	"fmt"
	"strings"
	"time"

	"github.com/taflbot/taflbot/storage"
	"github.com/taflbot/taflbot/tafl"
)

// textBoard describes game g's position in words, for screen readers
// (/tafl board text:true): the game and whose turn it is, the last move,
// where the king and every piece stand, the special squares, and the
// board rank by rank from the top.
func textBoard(g *storage.Game, now time.Time) string {
	tg := g.Tafl()
	v := tg.Variant()
	pos := tg.Position()
	plies := tg.Plies()
	n := v.Size()
	var sb strings.Builder
	fmt.Fprintf(&sb, "Game %d, %s, %d by %d: %s plays the attackers, %s the defenders.\n", g.ID, variantTitle(v), n, n, seatLabel(g.Attackers), seatLabel(g.Defenders))
	if k := len(plies); k > 0 {
		last := plies[k-1]
		fmt.Fprintf(&sb, "Last move: %s, by the %s%s.\n", tafl.PlyLabel(k-1, last), last.Piece.Side(), capturing(last))
	}
	if o := g.Outcome(); o.Over() {
		sb.WriteString(resultCaption(o) + ".\n")
	} else {
		side := tg.ToMove()
		fmt.Fprintf(&sb, "Move %d: %s, the %s, to move", tafl.MoveNumber(len(plies)), seatLabel(g.Seat(side)), side)
		if c := clockWords(g, now); c != "" {
			sb.WriteString(", " + c)
		} else if !g.Deadline.IsZero() {
			fmt.Fprintf(&sb, ", %s left", formatLeft(g.Deadline.Sub(now)))
		}
		sb.WriteString(".\n")
		switch pos.Announcement() {
		case tafl.Raichi:
			sb.WriteString("Raichi: the king has an open line to escape.\n")
		case tafl.Tuicha:
			sb.WriteString("Tuicha: the king has two open lines to escape.\n")
		}
	}
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
	fmt.Fprintf(&sb, "King: %s.\nDefenders (%d): %s.\nAttackers (%d): %s.\n", pos.King(), len(def), strings.Join(def, ", "), len(att), strings.Join(att, ", "))
	var special []string
	if t := v.Throne(); t != tafl.NoSquare {
		special = append(special, "throne "+t.String())
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
		special = append(special, "corners "+strings.Join(corners, ", "))
	}
	if len(camps) > 0 {
		special = append(special, "camps "+strings.Join(camps, ", "))
	}
	if len(special) > 0 {
		sb.WriteString("Special squares: " + strings.Join(special, "; ") + ".\n")
	}
	sb.WriteString("Rank by rank, from the top:\n")
	for r := n - 1; r >= 0; r-- {
		var here []string
		for f := 0; f < n; f++ {
			sq := tafl.At(f, r)
			if pc := pos.At(sq); pc != tafl.Empty {
				here = append(here, sq.String()+" "+pc.String())
			}
		}
		if len(here) == 0 {
			fmt.Fprintf(&sb, "Rank %d: empty.\n", r+1)
		} else {
			fmt.Fprintf(&sb, "Rank %d: %s.\n", r+1, strings.Join(here, ", "))
		}
	}
	return sb.String()
}
