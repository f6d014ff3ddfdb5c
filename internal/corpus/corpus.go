// Package corpus reads the Copenhagen Hnefatafl game corpus kept beside
// the repository (../shared/corpora/copenhagen-games.csv: 1,752 recorded
// games, see its README.md) into games of package tafl.
//
// Each line of the file is one game in four comma-separated columns: the
// moves (attackers first, from-to with the captures appended as xSQUARE),
// the captures of each side, and the status (Black: the attackers won,
// White: the defenders won, Draw, Ongoing).
package corpus

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/taflbot/taflbot/tafl"
)

// Record is one line of the corpus.
type Record struct {
	Line   int      // Line is the line number in the file, from 1.
	Moves  []string // Moves are the moves in simple notation ("d1-d4"), the captures cut off.
	Status string   // Status is "Black", "White", "Draw" or "Ongoing".
}

// Read reads every record of a corpus file. A line without four columns
// is an error that names it.
func Read(r io.Reader) ([]Record, error) {
	var out []Record
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for n := 1; sc.Scan(); n++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" {
			continue
		}
		cols := strings.Split(text, ",")
		if len(cols) != 4 {
			return nil, fmt.Errorf("corpus: line %d has %d columns, not 4 (moves, captures, captures, status)", n, len(cols))
		}
		rec := Record{Line: n, Status: cols[3]}
		for _, tok := range strings.Fields(cols[0]) {
			mv, _, _ := strings.Cut(tok, "x")
			rec.Moves = append(rec.Moves, mv)
		}
		out = append(out, rec)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("corpus: %w", err)
	}
	return out, nil
}

// Game replays a record under variant v (copenhagen). The recording
// program's rules differ from taflbot's in a few games (its repetition
// rule; see the corpus README): replay stops at the first move taflbot
// refuses or after the game has ended, so the game returned is legal but
// may end earlier than recorded, or not at all. When every move was
// played and the record names a winner that no rule made, the game ends
// as the record says: a final "timeout" token is a loss on time of the
// side to move, anything else a resignation by the loser (the corpus does
// not record resignations). played says how many of the record's moves
// were played, the timeout token included.
func (r Record) Game(v *tafl.Variant) (g *tafl.Game, played int) {
	g = tafl.NewGame(v)
	timeout := false
	for _, mv := range r.Moves {
		if g.Outcome().Over() {
			break
		}
		if mv == "timeout" {
			timeout = true
			played++
			break
		}
		if _, err := g.PlayText(mv); err != nil {
			break
		}
		played++
	}
	winner := map[string]tafl.Side{"Black": tafl.Attackers, "White": tafl.Defenders}[r.Status]
	if played == len(r.Moves) && !g.Outcome().Over() && winner != tafl.NoSide {
		switch {
		case timeout && g.ToMove() == winner.Other():
			_ = g.LoseOnTime(winner.Other())
		case !timeout:
			_ = g.Resign(winner.Other())
		}
	}
	return g, played
}
