package bot

import (
	"context"
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/locale"
	"github.com/taflbot/taflbot/storage"
	"github.com/taflbot/taflbot/tafl"
)

// gamesPerPage keeps a page of /tafl games within Discord's 2000
// characters: its longest line, a live game between players with 19-digit
// ids, a draw offer standing, in Finnish or German, is some 220 characters (the
// challenge lists after them are fitted in what is left).
const gamesPerPage = 8

// cmdGames handles /tafl games [user]: active games (with the draw offers
// standing in them), paged; on the first page, the challenges addressed to
// the user and those open to anyone.
func (b *Bot) cmdGames(ctx context.Context, r *request) (*reply, error) {
	user := r.user("user")
	if user == "" {
		user = r.userID
	}
	if err := othersGamesHere(r, user); err != nil {
		return nil, err
	}
	if data := r.in.ApplicationCommandData(); user != r.userID && data.Resolved != nil {
		if u := data.Resolved.Users[user]; u != nil && u.Bot {
			// As /tafl stats: bots play no games here (taflbot's games
			// are its players', listed under them).
			return nil, userErrorf("Bots play no games here: a player's games against me are in their own `/tafl games`.")
		}
	}
	data, err := b.gamesPage(ctx, r.p, r.in.GuildID, user, 0)
	if err != nil {
		return nil, err
	}
	return &reply{resp: &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: data}}, nil
}

// btnGamesPage turns a page of a games list (ID: 1, Ply: page, Arg: user).
func (b *Bot) btnGamesPage(ctx context.Context, r *request) (*reply, error) {
	if err := othersGamesHere(r, r.cid.Arg); err != nil {
		return nil, err
	}
	data, err := b.gamesPage(ctx, r.p, r.in.GuildID, r.cid.Arg, r.cid.Ply)
	if err != nil {
		return nil, err
	}
	// The list is private, and stays so: an update edits its content, not
	// its flags (the ephemeral flag belongs to a new message only).
	data.Flags = 0
	return &reply{resp: &discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage, Data: data}}, nil
}

// othersGamesHere refuses to list another user's games in a direct
// message: there the list is of games in every server (a server's is of
// its own), and another player's games are shown only in their server.
func othersGamesHere(r *request, user string) error {
	if r.in.GuildID == "" && user != r.userID {
		return userErrorT("games.dm_others")
	}
	return nil
}

func (b *Bot) gamesPage(ctx context.Context, p *locale.Printer, guildID, user string, page int) (*discordgo.InteractionResponseData, error) {
	games, err := b.store.GamesByPlayer(ctx, user, storage.GameFilter{GuildID: guildID, ActiveOnly: true})
	if err != nil {
		return nil, err
	}
	if len(games) == 0 {
		none := p.T("<@%s> has no games in progress. `/tafl challenge` or `/tafl ai` starts one.", user)
		if guildID == "" { // a direct message, where a challenge is refused
			none = p.T("<@%s> has no games in progress. Play me here with `/tafl ai`, or challenge someone in a server with `/tafl challenge`.", user)
		}
		open, err := b.openChallengesText(ctx, p, guildID, user, contentLimit-len(none))
		if err != nil {
			return nil, err
		}
		return &discordgo.InteractionResponseData{Content: none + open,
			Flags: discordgo.MessageFlagsEphemeral, AllowedMentions: &discordgo.MessageAllowedMentions{}}, nil
	}
	pages := (len(games) + gamesPerPage - 1) / gamesPerPage
	page = min(max(page, 0), pages-1)
	var sb strings.Builder
	sb.WriteString(p.T("**Games of <@%s>** (%d in progress, page %d of %d)", user, len(games), page+1, pages) + "\n")
	shown := games[page*gamesPerPage : min(len(games), (page+1)*gamesPerPage)]
	lines := make([]string, len(shown))
	for i, g := range shown {
		var line strings.Builder
		line.WriteString(p.T("• #%d %s · %s vs %s · %s to move", g.ID, gameVariant(p, g), seatName(p, g.Attackers), seatName(p, g.Defenders), seatName(p, g.ToMove())))
		switch {
		case !g.Clock.IsZero():
			line.WriteString(" · " + b.clockLine(p, g))
		case !g.Deadline.IsZero():
			now := b.now()
			line.WriteString(" · " + p.T("clock.left", formatLeft(p, g.Deadline.Sub(now))))
			if _, away := b.awayUntil(ctx, g, g.Tafl().ToMove(), now); away {
				// The deadline has moved by the vacation: say why it is far.
				line.WriteString(" · " + p.T("on vacation"))
			}
		}
		if g.DrawOffer != tafl.NoSide {
			line.WriteString(" · " + p.T("draw offered by %s", seatName(p, g.Seat(g.DrawOffer))))
		}
		lines[i] = line.String()
	}
	room := contentLimit - sb.Len()
	for _, l := range lines {
		room -= len(l) + 1
	}
	b.nameTournaments(ctx, shown, lines, room)
	for _, l := range lines {
		sb.WriteString(l + "\n")
	}
	if page == 0 {
		open, err := b.openChallengesText(ctx, p, guildID, user, contentLimit-sb.Len())
		if err != nil {
			return nil, err
		}
		sb.WriteString(open)
	}
	data := &discordgo.InteractionResponseData{Content: sb.String(), Flags: discordgo.MessageFlagsEphemeral, AllowedMentions: &discordgo.MessageAllowedMentions{}}
	if pages > 1 {
		id := CustomID{Action: ActGamesPage, ID: 1, Arg: user}
		prev, next := id, id
		prev.Ply, next.Ply = max(page-1, 0), min(page+1, pages-1)
		if prev.Ply == next.Ply {
			next.ID = 2 // ids must differ within a message
		}
		data.Components = []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: p.T("◀ Previous"), Style: discordgo.SecondaryButton, CustomID: prev.String(), Disabled: page == 0},
			discordgo.Button{Label: p.T("Next ▶"), Style: discordgo.SecondaryButton, CustomID: next.String(), Disabled: page == pages-1},
		}}}
	}
	return data, nil
}

// nameTournaments ends the lines of tournament games with their
// tournament's name (" · 🏆 Winter Cup"): two tournaments' games against
// the same player looked alike. The names share room bytes, shortened
// with "…" (or left out) where a page of long lines leaves little of
// Discord's 2000 characters.
func (b *Bot) nameTournaments(ctx context.Context, games []*storage.Game, lines []string, room int) {
	tours := b.tournamentNames(ctx, games)
	n := 0
	for _, g := range games {
		if tours[g.TournamentID] != "" {
			n++
		}
	}
	if n == 0 {
		return
	}
	const mark = " · 🏆 "
	share := room / n
	for i, g := range games {
		name := tours[g.TournamentID]
		if name == "" {
			continue
		}
		if len(mark)+len(name) > share {
			keep := share - len(mark) - len("…")
			if keep < 4 {
				continue // no room for a name worth reading
			}
			name = truncate(name, keep)
		}
		lines[i] += mark + name
	}
}

// maxOpenListed bounds the challenges /tafl games lists in each of its
// two lists (open to anyone; addressed to the player).
const maxOpenListed = 5

// openChallengesText lists the server's open challenges that anyone may
// accept, and those addressed to user (in a direct message: in every
// server), with links to their messages (where the Accept button is), or
// returns "" when there are none. It keeps within limit characters,
// leaving out the lines beyond it ("… and 3 more.").
// Both lists are read through the store's index of each player's open
// challenges (those to anyone under no player), not among every open
// challenge of every server.
func (b *Bot) openChallengesText(ctx context.Context, p *locale.Printer, guildID, user string, limit int) (string, error) {
	mine, err := b.store.PlayerChallenges(ctx, user, guildID)
	if err != nil {
		return "", err
	}
	var anyone []*storage.Challenge
	if guildID != "" {
		if anyone, err = b.store.ChallengesToAnyone(ctx, guildID); err != nil {
			return "", err
		}
	}
	var open, toUser []string
	now := b.now()
	for _, c := range mine {
		if c.Expires.After(now) && c.OpponentID == user {
			toUser = append(toUser, b.challengeLine(p, c))
		}
	}
	for _, c := range anyone {
		if c.Expires.After(now) {
			open = append(open, b.challengeLine(p, c))
		}
	}
	to := listSection(p, p.T("**Challenges to <@%s>** (%d):", user, len(toUser)), toUser, limit)
	return to + listSection(p, p.T("**Open challenges** anyone may accept (%d):", len(open)), open, limit-len(to)), nil
}

// listSection is a list of /tafl games (head, then lines, each ending in
// a newline) in at most room bytes (so as many characters, or fewer) and
// maxOpenListed lines: the lines left out are counted ("… and 3 more.").
// It is "" when there are no lines, or not even the head fits.
func listSection(p *locale.Printer, head string, lines []string, room int) string {
	more := func(n int) string { return p.T("… and %d more.", n) + "\n" }
	var sb strings.Builder
	sb.WriteString("\n" + head + "\n")
	if len(lines) == 0 || sb.Len()+len(more(len(lines))) > room {
		return ""
	}
	for i, line := range lines {
		need := len(line)
		if left := len(lines) - i - 1; left > 0 {
			need += len(more(left))
		}
		if i == maxOpenListed || sb.Len()+need > room {
			sb.WriteString(more(len(lines) - i))
			break
		}
		sb.WriteString(line)
	}
	return sb.String()
}

// challengeLine is a line of /tafl games's challenge lists.
func (b *Bot) challengeLine(p *locale.Printer, c *storage.Challenge) string {
	variant := variantName(p, c.Variant, c.Layout)
	if c.Variant == "" {
		variant = b.defaultVariant
	}
	pace := p.T("%s per move", formatLeft(p, c.MoveTime))
	if !c.TimeControl.IsZero() {
		pace = p.T("live on a clock: %s", c.TimeControl.String())
	}
	line := fmt.Sprintf("• <@%s> · %s · %s", c.ChallengerID, variant, pace)
	if c.MessageID != "" {
		line += fmt.Sprintf(" · https://discord.com/channels/%s/%s/%s", c.GuildID, c.MessageChannel(), c.MessageID)
	} else {
		line += " · " + p.T("in <#%s>", c.ChannelID)
	}
	return line + "\n"
}
