package bot

import (
	"context"
	"strings"

	"github.com/taflbot/taflbot/tafl"
)

// cmdHelp handles /tafl help: how to play, generated from the presets'
// rule data where variants differ (who moves first, where the king
// escapes), and the commands.
func (b *Bot) cmdHelp(ctx context.Context, r *request) (*reply, error) {
	return &reply{resp: ephemeral(helpText())}, nil
}

// helpText is the /tafl help page.
func helpText() string {
	var attFirst, defFirst, corners, edge []string
	for _, p := range tafl.Presets() {
		v, err := tafl.Preset(p.Name, "")
		if err != nil {
			continue
		}
		if v.Start().ToMove() == tafl.Defenders {
			defFirst = append(defFirst, p.Name)
		} else {
			attFirst = append(attFirst, p.Name)
		}
		if v.Rules().Escape == tafl.EscapeEdge {
			edge = append(edge, p.Name)
		} else {
			corners = append(corners, p.Name)
		}
	}
	list := func(names []string) string { return "`" + strings.Join(names, "`, `") + "`" }
	return "**How to play tafl**\n" +
		"The **attackers** (dark discs) start on the rim, the **defenders** (light squares) and their **king** (crowned) in the centre. " +
		"Pieces move like chess rooks. Sandwich an enemy between the piece you move and another of yours (or a hostile square) to capture it. " +
		"The defenders win when the king escapes; the attackers win by capturing him.\n" +
		"• The attackers move first in " + list(attFirst) + "; the defenders in " + list(defFirst) + ".\n" +
		"• The king escapes to a corner in " + list(corners) + "; to any edge square in " + list(edge) + ".\n" +
		"Each variant's rules, with pictures: `/tafl rules variant:<name>`.\n\n" +
		"**Commands**\n" +
		"`/tafl challenge [opponent]` challenge someone · `/tafl ai [level]` play me\n" +
		"Both take `days` (days per move) or `time` (a live chess clock such as `10+5`); " +
		"`casual:True`: no rating change. **Rematch** swaps the sides.\n" +
		"`/tafl move d1-d4` move (or **Move** under a board) · `/tafl board` show the board (`text:True` in words)\n" +
		"`/tafl games` your games · `/tafl resign` (abort before both sides moved), `/tafl draw` · `/tafl history` the record and a replay\n" +
		"`/tafl rules [variant]` · `/tafl leaderboard` · `/tafl stats` · `/tafl vacation` · `/tafl settings` (managers)\n" +
		"`/tafl tournament` round-robin and Swiss tournaments: managers create, players join.\n" +
		"`/tafl analyse` my review of a finished game (**Analyse**) · `/tafl puzzle` rated puzzles, daily ones with `/tafl settings daily_channel` · **💡 Hint** in casual games against me\n\n" +
		"Notation as OpenTafl's: `d1-d4`, the king's `Kf6-f9`, a capture `d1-d4xd5`; a move is a pair, one by each side.\n" +
		"Correspondence: I remind you before a move's days run out. Live: running out of time loses " +
		"(a draw if your opponent can no longer win).\n" +
		"I answer in your language: English, Dansk, Svenska, Norsk, Deutsch or Suomi."
}
