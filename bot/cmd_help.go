package bot

import (
	"context"
	"strings"

	"github.com/taflbot/taflbot/tafl"
)

// cmdHelp handles /tafl help: how to play and every command, the play
// modes (live clocks, rematches, casual games, tournaments, languages)
// included, in the user's language.
func (b *Bot) cmdHelp(ctx context.Context, r *request) (*reply, error) {
	var names []string
	for _, p := range tafl.Presets() {
		names = append(names, p.Name)
	}
	p := r.p
	text := strings.Join([]string{
		p.T("**How to play tafl**"),
		p.T("Two sides: the attackers surround the king's defenders. All pieces move like rooks. Sandwich an enemy piece between two of yours to capture it. The king wins by escaping (to a corner or the edge, by variant); the attackers win by capturing him."),
		"",
		p.T("**Commands**"),
		p.T("`/tafl challenge [opponent]` challenge someone (or anyone) · `/tafl ai [level]` play me"),
		p.T("Both take `days` (a correspondence game, days per move) or `time` (a live game on a chess clock, minutes+seconds such as `10+5`); `casual:True` makes a challenge casual (no rating change). A finished game's **Rematch** button plays it again with the sides swapped."),
		p.T("`/tafl move d1-d4` move (or press **Move** under a board) · `/tafl board` show the board"),
		p.T("`/tafl games` your games · `/tafl resign`, `/tafl draw` · `/tafl history` the record"),
		p.T("`/tafl rules [variant]` · `/tafl leaderboard` · `/tafl stats` (a rating marked provisional rests on few games) · `/tafl settings` (managers)"),
		p.T("`/tafl tournament` round-robin and Swiss tournaments: managers create them, players join with a button; I pair every round, start the games and post the standings."),
		"",
		p.T("A correspondence move has a time limit in days; I remind you before it runs out. On a live clock, running out of time loses (a draw when your opponent no longer has the pieces to win)."),
		p.T("I answer in your Discord language: English, Dansk, Svenska, Norsk, Deutsch or Suomi; `/tafl settings language:` chooses another (Íslenska too)."),
		p.T("Variants: %s.", strings.Join(names, ", ")),
	}, "\n")
	return &reply{resp: ephemeral(text)}, nil
}
