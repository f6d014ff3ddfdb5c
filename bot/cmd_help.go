package bot

import (
	"context"
	"strings"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/locale"
	"github.com/taflbot/taflbot/tafl"
)

// cmdHelp handles /tafl help: how to play, generated from the presets'
// rule data where variants differ (who moves first, where the king
// escapes), and the commands — the play modes (live clocks, rematches,
// casual games, tournaments, languages) included — in the user's
// language. The page is an embed's description (4096 characters), not
// a message's content (2000): it names every command, and as command
// mentions (mention.go) the names take some 400 characters more.
func (b *Bot) cmdHelp(ctx context.Context, r *request) (*reply, error) {
	resp := ephemeral("")
	gs, err := b.guildSettings(ctx, r.in.GuildID)
	casualHere := err == nil && gs.CasualDefault // unread: the usual page
	page := helpText(r.p, b.publicLang(ctx, r), casualHere)
	if r.in.GuildID != "" && isManager(r) {
		// What only a server's managers can do to others' games.
		page += "\n" + r.p.T("Managers: `/tafl resign` `game:N` ends another's game here without a result (asks to confirm).")
		page += "\n" + r.p.T("Managers: `/tafl tournament` `action:withdraw` `player:@X` takes a player out of a tournament under way.")
		page += "\n" + r.p.T("Managers: `/tafl settings` `leaderboard_hide:@X` takes a player off this server's leaderboard (their rating and games are kept); `leaderboard_show:@X` puts them back.")
	}
	resp.Data.Embeds = []*discordgo.MessageEmbed{{Description: page}}
	return &reply{resp: resp}, nil
}

// helpText is the /tafl help page in p's language. The buttons it names
// (Move, Rematch, Hint) are named as the boards in language boards show
// them: those a server's games post, in the server's language, which may
// not be the reader's (publicLang). casualHere says the server's
// challenges are casual unless they say otherwise (/tafl settings
// casual:True), which the page then says instead of casual:True.
func helpText(p *locale.Printer, boards string, casualHere bool) string {
	// The variants that differ from the most: one line each, however many
	// presets there are (the variant list of /tafl rules has them all).
	var defFirst, edge []string
	for _, pr := range tafl.Presets() {
		v, err := tafl.Preset(pr.Name, "")
		if err != nil {
			continue
		}
		if v.Start().ToMove() == tafl.Defenders {
			defFirst = append(defFirst, pr.Name)
		}
		if v.Rules().Escape == tafl.EscapeEdge {
			edge = append(edge, pr.Name)
		}
	}
	list := func(names []string) string { return "`" + strings.Join(names, "`, `") + "`" }
	return strings.Join([]string{
		p.T("**How to play tafl**"),
		p.T("Two sides: the **attackers** (dark discs) on the rim; the **defenders** (light squares) and their **king** (crowned) in the centre. Pieces move like rooks. Sandwich an enemy between the piece you move and another of yours (or a hostile square) to capture it. The defenders win if the king escapes; the attackers, by capturing him."),
		"• " + p.T("The attackers move first (the defenders in %s).", list(defFirst)),
		"• " + p.T("The king escapes to a corner (to any edge square in %s).", list(edge)),
		"",
		p.T("**Commands**"),
		p.T("`/tafl challenge` [`opponent`] challenge someone · `/tafl ai` [`level`] play me"),
		casualLine(p, boards, casualHere),
		p.T("`/tafl move` `d1-d4` move (or press **%s** under a board; the king's moves `Kf6-f9`) · `/tafl board` show the board", shownLabel("Move", boards)),
		p.T("`/tafl games` your games · `/tafl resign` (abort before both sides moved), `/tafl draw` · `/tafl history` the record and a replay"),
		p.T("`/tafl rules` [`variant`] · `/tafl leaderboard` · `/tafl stats` · `/tafl vacation` · `/tafl settings` (managers)"),
		p.T("`/tafl tournament` round-robin and Swiss tournaments: managers create, players join; I pair the rounds and post the standings."),
		p.T("`/tafl analyse` a game's review · `/tafl puzzle` puzzles (daily: `/tafl settings` `daily_channel`) · **💡 %s** in games against me", shownLabel("Hint", boards)),
		"",
		p.T("Correspondence moves have a limit in days (I remind you); on a live clock, running out of time loses (or draws if the opponent cannot win)."),
		p.T("I answer in your Discord language (English, Dansk, Svenska, Norsk, Deutsch, Suomi) or the one you choose with `/tafl settings` `language:` (Íslenska too)."),
	}, "\n")
}

// casualLine is the help page's line on the challenge's options: which
// challenges change no rating, in a server whose challenges are casual
// unless they say otherwise (casualHere) or one where they are rated.
func casualLine(p *locale.Printer, boards string, casualHere bool) string {
	if casualHere {
		return p.T("Both take `days` (days per move) or `time` (a live chess clock such as `10+5`); here a challenge changes no rating unless it says `casual:False` (games against me never do). **%s** on a finished game swaps the sides.", shownLabel("Rematch", boards))
	}
	return p.T("Both take `days` (days per move) or `time` (a live chess clock such as `10+5`); a challenge with `casual:True` changes no rating (games against me never do). **%s** on a finished game swaps the sides.", shownLabel("Rematch", boards))
}
