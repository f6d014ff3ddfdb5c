package bot

import (
	"context"
	"strings"

	"github.com/taflbot/taflbot/tafl"
)

// cmdHelp handles /tafl help.
func (b *Bot) cmdHelp(ctx context.Context, r *request) (*reply, error) {
	var names []string
	for _, p := range tafl.Presets() {
		names = append(names, p.Name)
	}
	text := "**How to play tafl**\n" +
		"Two sides: the attackers (who move first) surround the king's defenders. All pieces move like rooks. " +
		"Sandwich an enemy piece between two of yours to capture it. The king wins by escaping (to a corner or the edge, by variant); " +
		"the attackers win by capturing him.\n\n" +
		"**Commands**\n" +
		"`/tafl challenge [opponent]` challenge someone (or anyone) · `/tafl ai [level]` play me\n" +
		"Both take `days` (a correspondence game, days per move) or `time` (a live game on a chess clock, minutes+seconds such as `10+5`); " +
		"`casual:True` makes a challenge casual (no rating change). A finished game's **Rematch** button plays it again with the sides swapped.\n" +
		"`/tafl move d1-d4` move (or press **Move** under a board) · `/tafl board` show the board\n" +
		"`/tafl games` your games · `/tafl resign`, `/tafl draw` · `/tafl history` the record\n" +
		"`/tafl rules [variant]` · `/tafl leaderboard` · `/tafl stats` · `/tafl settings` (managers)\n" +
		"`/tafl analyse [game]` the engine's review of a finished game (or **Analyse** under its board) · " +
		"**💡 Hint** under your board in a casual game against me, if the server allows it\n" +
		"`/tafl puzzle [variant]` find the forced win, rated; a server can get a daily puzzle (`/tafl settings daily_channel`)\n" +
		"`/tafl tournament` round-robin and Swiss tournaments: managers create them, players join with a button; I pair every round, start the games and post the standings.\n\n" +
		"A correspondence move has a time limit in days; I remind you before it runs out. On a live clock, running out of time loses " +
		"(a draw when your opponent no longer has the pieces to win).\n" +
		"I answer in your Discord language: English, Dansk, Svenska, Norsk, Deutsch or Suomi.\nVariants: " + strings.Join(names, ", ") + "."
	return &reply{resp: ephemeral(text)}, nil
}
