package bot

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/locale"
	"github.com/taflbot/taflbot/storage"
	"github.com/taflbot/taflbot/tafl"
)

// cmdChallenge handles /tafl challenge [opponent] [variant] [side] [days]
// [casual]: it saves an open challenge and posts the start board with
// Accept / Decline (for the opponent, or anyone) and Withdraw (for the
// challenger). A casual game counts in the players' records but changes
// no rating.
func (b *Bot) cmdChallenge(ctx context.Context, r *request) (*reply, error) {
	if r.in.GuildID == "" {
		// A direct message is seen by its user and the bot alone: nobody
		// else could accept.
		return nil, userErrorf("Nobody else can see a challenge in a direct message with me: challenge in a server channel, or play me here with `/tafl ai`.")
	}
	settings, err := b.guildSettings(ctx, r.in.GuildID)
	if err != nil {
		return nil, err
	}
	cv, err := parseVariant(r.str("variant"), settings.DefaultVariant, gameRules)
	if err == nil {
		err = checkGameRules(cv)
	}
	if err != nil {
		return nil, err
	}
	opponent := r.user("opponent")
	if opponent == r.userID {
		return nil, userErrorf("You can't challenge yourself. Leave `opponent` empty to let anyone accept, or play me with `/tafl ai`.")
	}
	if data := r.in.ApplicationCommandData(); opponent != "" && data.Resolved != nil {
		if u := data.Resolved.Users[opponent]; u != nil && u.Bot {
			return nil, userErrorf("Bots can't play. To play me, use `/tafl ai`.")
		}
		if data.Resolved.Users[opponent] != nil && data.Resolved.Members[opponent] == nil {
			// Discord resolves a member of the server with its member
			// data: a user without it (one who left, an id pasted) could
			// neither see the challenge nor accept it.
			return nil, userErrorf("<@%s> is not a member of this server, so they could neither see nor accept the challenge: challenge a member, or leave `opponent` empty to let anyone here accept.", opponent)
		}
	}
	side, err := parseSide(r.str("side"))
	if err != nil {
		return nil, err
	}
	live, err := timeOption(r)
	if err != nil {
		return nil, err
	}
	var moveTime time.Duration
	if live.IsZero() {
		if moveTime, err = daysOption(r, settings); err != nil {
			return nil, err
		}
	}
	casual, ok := r.boolean("casual")
	if !ok {
		casual = settings.CasualDefault // the server's choice
	}
	ch := b.gameChannel(ctx, settings, r.in.GuildID, r.in.ChannelID)
	if err := b.canPlayHere(ctx, r, settings.ThreadPerGame); err != nil {
		return nil, err
	}
	now := b.now()
	c := &storage.Challenge{
		GuildID: r.in.GuildID, ChannelID: ch, ChallengerID: r.userID, OpponentID: opponent,
		ChallengerName: r.userName(), OpponentName: r.resolvedName(opponent),
		Variant: cv.name, Layout: cv.layout, Rules: cv.rules, Side: side, MoveTime: moveTime, TimeControl: live, Casual: casual,
		Created: now, Expires: now.Add(b.expiry), Language: b.publicLang(ctx, r),
	}
	if err := b.store.CreateChallengeIf(ctx, c, func(open []*storage.Challenge) error { return challengeAllowed(r.p, c, open) }); err != nil {
		return nil, err
	}
	msg, err := b.challengeMessage(c)
	if err != nil {
		return nil, err
	}
	b.quietIfRechallenged(c, msg)
	return &reply{
		resp:  &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: msg.data()},
		after: b.rememberChallenge(r.in, c),
	}, nil
}

// maxOpenChallenges is how many open challenges (open to anyone or to a
// player) one player may have in a server at once, so that one player
// cannot fill a channel with them.
const maxOpenChallenges = 5

// challengeAllowed refuses new challenge c when its challenger's open
// challenges in the server (open, as CreateChallengeIf gives them) hold
// one to the same player already, or maxOpenChallenges: each says where
// the open ones are, and that Withdraw takes one back. Rematch offers (the
// Rematch button, one per finished game) neither count nor are refused.
// p is the challenger's language.
func challengeAllowed(p *locale.Printer, c *storage.Challenge, open []*storage.Challenge) error {
	var mine []*storage.Challenge
	for _, o := range open {
		if o.Rematch != 0 {
			continue
		}
		if c.OpponentID != "" && o.OpponentID == c.OpponentID {
			return userErrorT("challenge.again", c.OpponentID, challengeWhere(o), o.Expires.Unix(), withdrawLabel(o))
		}
		mine = append(mine, o)
	}
	if len(mine) < maxOpenChallenges {
		return nil
	}
	var list strings.Builder
	for _, o := range mine {
		fmt.Fprintf(&list, "\n• %s · %s · %s", opponentName(p, o), variantName(p, o.Variant, o.Layout), challengeWhere(o))
	}
	return userErrorT("challenge.too_many", len(mine), list.String(), withdrawLabel(mine...))
}

// withdrawLabel is the label of the Withdraw button as the messages of
// challenges cs show it, in each challenge's language, for a hint to a
// reader whose own language may be another ("Zurückziehen"; where the
// challenges' languages differ, their labels joined by " / ").
func withdrawLabel(cs ...*storage.Challenge) string {
	langs := make([]string, len(cs))
	for i, c := range cs {
		langs[i] = c.Language
	}
	return shownLabel("Withdraw", langs...)
}

// challengeWhere returns the link to open challenge c's message, or its
// channel while the message is not known.
func challengeWhere(c *storage.Challenge) string {
	if c.MessageID == "" {
		return "<#" + c.ChannelID + ">"
	}
	return fmt.Sprintf("https://discord.com/channels/%s/%s/%s", c.GuildID, c.MessageChannel(), c.MessageID)
}

// rememberChallenge returns the follow-up work of a reply that posted
// challenge c: it records the message, so that expiry can take its
// buttons away.
func (b *Bot) rememberChallenge(in *discordgo.Interaction, c *storage.Challenge) func(context.Context) {
	return func(ctx context.Context) {
		m, err := b.responseMessage(ctx, in)
		if err != nil {
			b.log.Warn("looking up a challenge message", "challenge_id", c.ID, "err", err)
			return
		}
		_, err = b.store.UpdateChallenge(ctx, c.ID, func(sc *storage.Challenge) error {
			sc.MessageID = m.ID
			if in.ChannelID != sc.ChannelID { // a rematch offered in the old game's thread
				sc.MessageChannelID = in.ChannelID
			}
			return nil
		})
		if err != nil && !errors.Is(err, storage.ErrChallengeClosed) {
			b.log.Warn("saving a challenge message id", "challenge_id", c.ID, "err", err)
		}
	}
}

func parseSide(s string) (tafl.Side, error) {
	switch s {
	case "", "random":
		return tafl.NoSide, nil
	case "attackers":
		return tafl.Attackers, nil
	case "defenders":
		return tafl.Defenders, nil
	}
	return tafl.NoSide, userErrorf("Side must be %s.", choicesOf{"challenge", "side"})
}

// challengeMessage shows an open challenge: who, what, the start board and
// the buttons.
func (b *Bot) challengeMessage(c *storage.Challenge) (*message, error) {
	v, err := challengeVariant(c)
	if err != nil {
		return nil, err
	}
	p := locale.For(locale.Match(c.Language))
	who := p.T("Anyone may accept.")
	if c.OpponentID != "" {
		who = p.T("<@%s>, do you accept?", c.OpponentID)
	}
	side := p.T("a random side")
	switch c.Side {
	case tafl.Attackers:
		side = p.T("the attackers")
	case tafl.Defenders:
		side = p.T("the defenders")
	}
	rated := p.T("rated")
	if c.Casual {
		rated = p.T("casual (no rating change)")
	}
	pace := p.T("%s per move", formatLeft(p, c.MoveTime))
	if !c.TimeControl.IsZero() {
		pace = p.T("live on a clock: %s", describeControl(p, c.TimeControl))
	}
	head := ""
	if c.Rematch != 0 {
		head = p.T("**Rematch** of game %d: ", c.Rematch)
	}
	var content string
	if c.Rules != "" {
		// A sentence of its own: "custom" is no name to challenge to
		// ("fordert @bob zu eigene Variante heraus").
		content = head + p.T("<@%s> challenges %s to a game in a **custom variant** (%d×%d), playing %s, %s, %s. %s\nThe challenge expires <t:%d:R>.",
			c.ChallengerID, opponentName(p, c), v.Size(), v.Size(), side, pace, rated, who, c.Expires.Unix())
	} else {
		content = head + p.T("<@%s> challenges %s to **%s** (%d×%d), playing %s, %s, %s. %s\nThe challenge expires <t:%d:R>.",
			c.ChallengerID, opponentName(p, c), variantName(p, c.Variant, c.Layout), v.Size(), v.Size(), side, pace, rated, who, c.Expires.Unix())
	}
	if c.Rules != "" {
		// "custom" says nothing of how it is played: the opponent needs
		// the rules before accepting.
		content += "\n" + p.T("Rules string: `%s` — `/tafl rules` `variant:` with it shows its rules.", truncate(c.Rules, maxRulesString)) // parseVariant bounds new ones; a rematch may copy an older, longer one
	}
	png, err := b.boardPNG(v.Start(), nil, p.T("Challenge · %s", variantName(p, c.Variant, c.Layout)))
	if err != nil {
		return nil, err
	}
	id := func(a Action) string { return CustomID{Action: a, ID: uint64(c.ID)}.String() }
	// It pings the opponent, who must answer it (not the challenger, who
	// sent it; nobody when it is open to anyone), never anyone the
	// challenger's rules string's name: mentions.
	pings := []string{}
	if c.OpponentID != "" {
		pings = append(pings, c.OpponentID)
	}
	buttons := []discordgo.MessageComponent{discordgo.Button{Label: p.T("Accept"), Style: discordgo.SuccessButton, CustomID: id(ActAccept)}}
	if c.OpponentID != "" {
		// Only the invited opponent declines; a challenge open to anyone
		// is left by whoever does not want it (btnDecline still answers
		// the button of an older message).
		buttons = append(buttons, discordgo.Button{Label: p.T("Decline"), Style: discordgo.SecondaryButton, CustomID: id(ActDecline)})
	}
	buttons = append(buttons, discordgo.Button{Label: p.T("Withdraw"), Style: discordgo.DangerButton, CustomID: id(ActWithdraw)})
	return &message{
		pings:   pings,
		content: content,
		files: []*discordgo.File{{Name: fmt.Sprintf("challenge-%d.png", c.ID), ContentType: "image/png",
			Reader: describe(bytes.NewReader(png), p.T("Challenge: %s", startAlt(p, variantTitle(p, v), v)))}},
		components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: buttons}},
	}, nil
}

// quietIfRechallenged takes the ping out of msg, challenge c's message,
// when c comes soon after one from the same challenger to the same
// player was withdrawn or declined (rechallengeQuiet).
func (b *Bot) quietIfRechallenged(c *storage.Challenge, msg *message) {
	if b.closedChals.quiet(c.GuildID, c.ChallengerID, c.OpponentID, c.Created) {
		msg.pings = []string{}
	}
}

// variantTitle is a variant's human name, with its layout where the
// preset has several ("Tawlbwrdd, bell layout", as the messages name it
// tawlbwrdd/bell), or "a custom variant" in the reader's language for a
// rules string without name: (which the tafl package titles "Custom", in
// English).
func variantTitle(p *locale.Printer, v *tafl.Variant) string {
	if v.Untitled() {
		return p.T("a custom variant")
	}
	if r := v.Rules(); r.Layout != "" {
		return p.T("%s, %s layout", r.Title, r.Layout)
	}
	return v.Rules().Title
}

// variantTitleSize is a variant's title with its board size, as the
// board's alt text names it: "Brandubh (7×7)", "Hnefatafl 9×9" (whose
// title has it), "Tawlbwrdd, bell layout (11×11)".
func variantTitleSize(p *locale.Printer, v *tafl.Variant) string {
	title := variantTitle(p, v)
	if n := v.Size(); !titleHasSize(title, n) {
		title = fmt.Sprintf("%s (%d×%d)", title, n, n)
	}
	return title
}

// titleHasSize reports whether a variant's title already names its board
// size ("Hnefatafl 9×9"), so that texts need not add "(9×9)" to it.
func titleHasSize(title string, size int) bool {
	return strings.Contains(title, fmt.Sprintf("%d×%d", size, size))
}

// challengeVariant returns the variant a challenge is for.
func challengeVariant(c *storage.Challenge) (*tafl.Variant, error) {
	return tafl.VariantOf(c.Variant, c.Layout, c.Rules)
}

// newGameOf returns a new game of the variant a challenge or command named.
func newGameOf(name, layout, rules string) (*storage.Game, error) {
	if rules != "" {
		return storage.NewCustomGame(rules)
	}
	return storage.NewGame(name, layout)
}

func opponentName(p *locale.Printer, c *storage.Challenge) string {
	if c.OpponentID == "" {
		return p.T("anyone")
	}
	return "<@" + c.OpponentID + ">"
}

// closedChallenge replaces a challenge message's text and removes its buttons.
func closedChallenge(text string) *discordgo.InteractionResponse {
	return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage,
		Data: &discordgo.InteractionResponseData{Content: text, Components: []discordgo.MessageComponent{},
			AllowedMentions: &discordgo.MessageAllowedMentions{}}}
}

// btnAccept starts the game: exactly one of several accepting users wins
// (storage.AcceptChallenge), the others are told privately.
func (b *Bot) btnAccept(ctx context.Context, r *request) (*reply, error) {
	c, err := b.buttonChallenge(ctx, r)
	if err != nil {
		return nil, err
	}
	if rep, err := b.expiredChallenge(ctx, c.ID, r.in.GuildID); rep != nil || err != nil {
		return rep, err
	}
	switch {
	case c.State != storage.ChallengeOpen:
		return nil, storage.ErrChallengeClosed
	case r.userID == c.ChallengerID:
		return nil, userErrorf("You can't accept your own challenge. Press **%s** to take it back.", withdrawLabel(c))
	case c.OpponentID != "" && r.userID != c.OpponentID:
		return nil, userErrorf("This challenge is for <@%s>. Start your own with `/tafl challenge`.", c.OpponentID)
	}
	g, err := b.accept(ctx, c, r.userID, r.userName())
	if errors.Is(err, storage.ErrChallengeClosed) {
		// It expired since it was read: AcceptChallenge marked it so.
		if rep, err := b.expiredChallenge(ctx, c.ID, r.in.GuildID); rep != nil || err != nil {
			return rep, err
		}
	}
	if err != nil {
		return nil, err
	}
	headline := gameP(g).T("<@%s> accepted the challenge. The game begins!", r.userID)
	if c.Rematch != 0 { // as the Rematch button of the old game says it
		headline = gameP(g).T("<@%s> accepted the rematch of game %d. The game begins!", r.userID, c.Rematch)
	}
	msg, err := b.boardMessage(ctx, g, headline, r.userID)
	if err != nil {
		return nil, err
	}
	if outsideGameChannel(r.in, g) {
		// A challenge made in a thread (or a rematch offered in the old
		// game's thread): the challenge becomes a pointer to where the
		// new game is played.
		line, here := b.firstBoardElsewhere(ctx, r, g, msg)
		if !here {
			resp := closedChallenge(headline + "\n" + line)
			resp.Data.Attachments = &[]*discordgo.MessageAttachment{}
			return &reply{resp: resp}, nil
		}
		// Discord refused the board in the thread's parent: the game is
		// played in the thread, its board replacing the challenge.
		if msg, err = b.boardMessage(ctx, g, headline+"\n"+line, r.userID); err != nil {
			return nil, err
		}
	}
	rep := &reply{resp: &discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage, Data: msg.replacing()}}
	if r.in.Message != nil && r.in.GuildID != "" {
		in, channelID, messageID := r.in, r.in.ChannelID, r.in.Message.ID
		rep.after = func(ctx context.Context) {
			board := b.updatedMessage(in, channelID, messageID)
			b.rememberBoard(ctx, g, board)
			b.maybeThread(ctx, g, board.ID)
			b.yourMoveAccepted(ctx, g, r.userID)
		}
	}
	return rep, nil
}

// yourMoveAccepted tells the challenger of game g, just accepted by
// accepter, that it is their move, if it is: the game's first board
// replaced the challenge's message, and an edited message pings nobody.
// It goes where the game is played (its thread, if it got one).
func (b *Bot) yourMoveAccepted(ctx context.Context, g *storage.Game, accepter string) {
	seat := g.ToMove()
	if !g.Active() || seat.IsAI() || seat.UserID == "" || seat.UserID == accepter {
		return
	}
	ch := g.ThreadID
	if ch == "" {
		ch = g.ChannelID
	}
	p := b.playerP(ctx, g, seat.UserID)
	msg := &message{content: p.T("<@%[1]s>, it's your move in game %[2]d: <@%[3]s> accepted your challenge.", seat.UserID, g.ID, accepter),
		pings: []string{seat.UserID}}
	if _, err := b.rest.Send(ctx, ch, msg.send()); err != nil {
		b.log.Warn("telling the challenger it is their move", "game_id", g.ID, "channel_id", ch, "err", err)
	}
}

// outsideGameChannel reports whether interaction in, which starts new
// game g, comes from another channel than the game's: from the thread of
// the game it is a rematch of (a rematch keeps the old game's channel,
// the thread's parent), or, for a rematch tapped on a board shown there,
// from another server or a direct message with the bot. A game in a
// direct message is started there.
func outsideGameChannel(in *discordgo.Interaction, g *storage.Game) bool {
	return in.ChannelID != g.ChannelID && (in.GuildID != "" || g.GuildID != "")
}

// postFirstBoard posts new game g's first board in the game's channel,
// starts the game's own thread on it when the server wants one
// (maybeThread), and returns where the game is played: the thread, or
// the channel. It is how a game asked for in a thread begins (a
// challenge or /tafl ai typed there, a rematch started in the old
// game's thread): Discord starts no thread inside a thread, and a
// server that turned threads off since wants the game in the channel.
// When Discord refuses the board (the bot may not post in the channel)
// it returns the error and has posted nothing: see firstBoardElsewhere.
func (b *Bot) postFirstBoard(ctx context.Context, g *storage.Game, msg *message) (string, error) {
	sent, err := b.rest.Send(ctx, g.ChannelID, msg.send())
	if err != nil {
		return g.ChannelID, err
	}
	if sent.ChannelID == "" {
		sent.ChannelID = g.ChannelID
	}
	b.rememberBoard(ctx, g, sent)
	if thread := b.maybeThread(ctx, g, sent.ID); thread != "" {
		return thread, nil
	}
	return g.ChannelID, nil
}

// firstBoardElsewhere posts new game g's first board, msg, in the
// game's channel, for interaction r from another channel
// (outsideGameChannel), and returns the line for r's answer: where the
// game is played. When Discord refuses the board there (the bot may not
// post in the channel, of whose permissions the interaction, from a
// thread of it, says nothing certain) and r comes from a thread of the
// game's channel, the game is moved to that thread and played there as
// with threads off (the bot may post there: canPlayHere): here is then
// true, and the line, for the board r's answer shows, says why. Asked
// for from elsewhere (a rematch tapped in another server or a direct
// message), the game stays in its channel.
func (b *Bot) firstBoardElsewhere(ctx context.Context, r *request, g *storage.Game, msg *message) (line string, here bool) {
	where, err := b.postFirstBoard(ctx, g, msg)
	if err == nil {
		return gameP(g).T("Game %d is played in <#%s>.", g.ID, where), false
	}
	parent := g.ChannelID
	if r.in.GuildID != "" && r.in.GuildID == g.GuildID {
		if ch, cerr := b.channel(ctx, r.in.ChannelID); cerr == nil && ch.IsThread() && ch.ParentID == parent {
			_, uerr := b.updateGame(ctx, g.ID, -1, func(sg *storage.Game) error { sg.ChannelID = r.in.ChannelID; return nil })
			if uerr == nil {
				b.log.Warn("posting a new game's first board; the game is played in the thread it was asked in", "game_id", g.ID, "channel_id", parent, "thread_id", r.in.ChannelID, "err", err)
				g.ChannelID = r.in.ChannelID
				return gameP(g).T("game.parent_refused", parent), true
			}
			b.log.Error("moving a new game to the thread it was asked in", "game_id", g.ID, "err", uerr)
		}
	}
	b.log.Error("posting a new game's first board", "game_id", g.ID, "channel_id", parent, "err", err)
	return gameP(g).T("Game %d is played in <#%s>.", g.ID, parent), false
}

// accept starts the game of open challenge c, accepted by userID
// (storage.AcceptChallenge makes exactly one of several accepters win).
func (b *Bot) accept(ctx context.Context, c *storage.Challenge, userID, name string) (*storage.Game, error) {
	g, err := newGameOf(c.Variant, c.Layout, c.Rules)
	if err != nil {
		return nil, err
	}
	side := c.Side
	if side == tafl.NoSide {
		side = tafl.Attackers
		if rand.IntN(2) == 1 {
			side = tafl.Defenders
		}
	}
	challenger, accepter := human(c.ChallengerID, c.ChallengerName), human(userID, name)
	if side == tafl.Attackers {
		g.Attackers, g.Defenders = challenger, accepter
	} else {
		g.Attackers, g.Defenders = accepter, challenger
	}
	g.GuildID, g.ChannelID, g.MoveTime, g.Casual = c.GuildID, c.ChannelID, c.MoveTime, c.Casual
	g.Language = c.Language
	g.Clock.Control = c.TimeControl // a live game's clock starts now
	if _, err := b.store.AcceptChallenge(ctx, c.ID, g); err != nil {
		return nil, err
	}
	b.watch(g)
	b.metrics.gameStarted()
	return g, nil
}

// daysOption reads the days option (default: the server's days per
// move) as the time allowed per move.
func daysOption(r *request, settings *storage.GuildSettings) (time.Duration, error) {
	days := int64(settings.DaysPerMove)
	if d, ok := r.int("days"); ok {
		days = d
	}
	if days < 1 || days > storage.MaxDaysPerMove {
		return 0, userErrorf("Days per move must be 1 to %d.", storage.MaxDaysPerMove)
	}
	return time.Duration(days) * 24 * time.Hour, nil
}

// maybeThread gives a new game its own thread when the server wants it,
// started on its first board (messageID, in the game's channel), and
// returns the thread ("" for none). A game played in a thread (asked for
// there while the server had threads off, or a rematch of such a game)
// stays in it: Discord starts no thread inside a thread.
func (b *Bot) maybeThread(ctx context.Context, g *storage.Game, messageID string) string {
	settings, err := b.guildSettings(ctx, g.GuildID)
	if err != nil || !settings.ThreadPerGame {
		return ""
	}
	if ch, err := b.channel(ctx, g.ChannelID); err == nil && ch.IsThread() {
		return ""
	}
	thread, err := b.rest.StartThread(ctx, g.ChannelID, messageID, gameP(g).T("Game %d · %s", g.ID, gameVariant(gameP(g), g)))
	if err != nil {
		b.log.Warn("starting a game thread", "game_id", g.ID, "err", err)
		return ""
	}
	if _, err := b.updateGame(ctx, g.ID, -1, func(sg *storage.Game) error { sg.ThreadID = thread; return nil }); err != nil {
		b.log.Error("saving the game thread", "game_id", g.ID, "err", err)
	}
	g.ThreadID = thread
	return thread
}

// gameChannel returns the channel a game asked for in channelID is
// played in. While the server wants a thread per game, a game asked for
// inside a thread (a challenge or /tafl ai typed there) is played as a
// rematch made in its game's thread is: its first board goes to the
// thread's parent channel, where it gets a thread of its own, and the
// answer in the thread says where (outsideGameChannel). A thread whose
// parent holds no messages (a forum's post) keeps the game, and so does
// an announcement thread: its channel is for the server's
// announcements, where the members who may post in the thread may not
// (nor should the bot for them). A game asked for in a private thread
// goes to the parent channel with threads off too: the bot, not a
// member of the thread (it would have to be added), may answer there
// but not post on its own (its moves, reminders, the result).
func (b *Bot) gameChannel(ctx context.Context, settings *storage.GuildSettings, guildID, channelID string) string {
	if guildID == "" {
		return channelID
	}
	ch, err := b.channel(ctx, channelID)
	if err != nil {
		b.log.Warn("looking up the channel of a new game", "channel_id", channelID, "err", err)
		return channelID
	}
	switch {
	case !ch.IsThread() || ch.ParentID == "" || ch.Type == discordgo.ChannelTypeGuildNewsThread:
		return channelID
	case !settings.ThreadPerGame && ch.Type != discordgo.ChannelTypeGuildPrivateThread:
		return channelID
	}
	parent, err := b.channel(ctx, ch.ParentID)
	if err != nil {
		b.log.Warn("looking up a thread's parent channel", "channel_id", ch.ParentID, "err", err)
		return channelID
	}
	if parent.Type != discordgo.ChannelTypeGuildText && parent.Type != discordgo.ChannelTypeGuildNews {
		return channelID
	}
	return ch.ParentID
}

// buttonChallenge returns the challenge of challenge button r (Accept,
// Decline, Withdraw) if it is one of the server the button was pressed in.
func (b *Bot) buttonChallenge(ctx context.Context, r *request) (*storage.Challenge, error) {
	c, err := b.store.GetChallenge(ctx, storage.ChallengeID(r.cid.ID))
	if err != nil {
		return nil, challengeGone(err)
	}
	if c.GuildID != r.in.GuildID {
		// Challenge ids are sequential: a custom_id naming another
		// server's challenge is not one of this server's buttons.
		return nil, userErrorT("challenge.other_server")
	}
	return c, nil
}

// btnDecline lets the invited opponent say no.
func (b *Bot) btnDecline(ctx context.Context, r *request) (*reply, error) {
	if _, err := b.buttonChallenge(ctx, r); err != nil {
		return nil, err
	}
	if rep, err := b.expiredChallenge(ctx, storage.ChallengeID(r.cid.ID), r.in.GuildID); rep != nil || err != nil {
		return rep, err
	}
	c, err := b.store.UpdateChallenge(ctx, storage.ChallengeID(r.cid.ID), func(c *storage.Challenge) error {
		switch {
		case r.userID == c.ChallengerID:
			return userErrorf("That's your own challenge: press **%s** to take it back.", withdrawLabel(c))
		case c.OpponentID == "":
			return userErrorf("This challenge is open to anyone; just leave it if you don't want to play.")
		case r.userID != c.OpponentID:
			return userErrorf("Only <@%s> can decline this challenge.", c.OpponentID)
		}
		c.State = storage.ChallengeDeclined
		return nil
	})
	if err != nil {
		return nil, challengeGone(err)
	}
	b.closedChals.note(c.GuildID, c.ChallengerID, c.OpponentID, b.now())
	p := locale.For(locale.Match(c.Language))
	if c.Rematch != 0 { // as the Rematch button of the old game offered it
		return &reply{resp: closedChallenge(p.T("<@%[1]s> declined the rematch of game %[2]d offered by <@%[3]s>.", c.OpponentID, c.Rematch, c.ChallengerID))}, nil
	}
	return &reply{resp: closedChallenge(p.T("<@%s> declined the challenge of <@%s> (%s).", c.OpponentID, c.ChallengerID, variantName(p, c.Variant, c.Layout)))}, nil
}

// btnWithdraw lets the challenger take the challenge back.
func (b *Bot) btnWithdraw(ctx context.Context, r *request) (*reply, error) {
	if _, err := b.buttonChallenge(ctx, r); err != nil {
		return nil, err
	}
	if rep, err := b.expiredChallenge(ctx, storage.ChallengeID(r.cid.ID), r.in.GuildID); rep != nil || err != nil {
		return rep, err
	}
	c, err := b.store.UpdateChallenge(ctx, storage.ChallengeID(r.cid.ID), func(c *storage.Challenge) error {
		if r.userID != c.ChallengerID {
			return userErrorf("Only <@%s>, who made this challenge, can withdraw it.", c.ChallengerID)
		}
		c.State = storage.ChallengeWithdrawn
		return nil
	})
	if err != nil {
		return nil, challengeGone(err)
	}
	b.closedChals.note(c.GuildID, c.ChallengerID, c.OpponentID, b.now())
	p := locale.For(locale.Match(c.Language))
	if c.Rematch != 0 {
		return &reply{resp: closedChallenge(p.T("<@%s> withdrew the rematch offer of game %d.", c.ChallengerID, c.Rematch))}, nil
	}
	return &reply{resp: closedChallenge(p.T("<@%s> withdrew the challenge (%s).", c.ChallengerID, variantName(p, c.Variant, c.Layout)))}, nil
}

// errNotExpired stops expiredChallenge's change of a challenge still
// within its time.
var errNotExpired = errors.New("the challenge has not expired")

// expiredChallenge answers a challenge button (Accept, Decline,
// Withdraw) pressed after challenge id's expiry as the clock sweep would
// have: the challenge is marked expired (if the sweep has not come yet)
// and its message says it expired unanswered, without buttons. It
// returns no reply for a challenge within its time, closed otherwise or
// of another server than guildID, the button's (a forged custom_id).
func (b *Bot) expiredChallenge(ctx context.Context, id storage.ChallengeID, guildID string) (*reply, error) {
	c, err := b.store.UpdateChallenge(ctx, id, func(c *storage.Challenge) error {
		if c.GuildID != guildID || b.now().Before(c.Expires) {
			return errNotExpired
		}
		c.State = storage.ChallengeExpired
		return nil
	})
	switch {
	case err == nil:
		b.log.Info("challenge expired", "challenge_id", c.ID, "channel_id", c.ChannelID)
	case errors.Is(err, errNotExpired):
		return nil, nil
	case errors.Is(err, storage.ErrChallengeClosed):
		// Expired by the sweep (whose edit of the message failed) or by
		// an Accept just now; accepted, declined or withdrawn ones are
		// answered by the button.
		if c, err = b.store.GetChallenge(ctx, id); err != nil {
			return nil, challengeGone(err)
		}
		if c.State != storage.ChallengeExpired || c.GuildID != guildID {
			return nil, nil
		}
	default:
		return nil, challengeGone(err)
	}
	return &reply{resp: closedChallenge(expiredChallengeText(locale.For(locale.Match(c.Language)), c))}, nil
}

// challengeGone says a challenge button's challenge is not in the
// database (one kept in a backup restored since, say) as a missing
// challenge: storage.ErrNotFound alone is said as a missing game.
func challengeGone(err error) error {
	if errors.Is(err, storage.ErrNotFound) {
		return userErrorT("challenge.gone")
	}
	return err
}

// guildSettings returns a server's settings with the bot's defaults for
// direct messages.
func (b *Bot) guildSettings(ctx context.Context, guildID string) (*storage.GuildSettings, error) {
	if guildID == "" {
		gs := storage.DefaultGuildSettings("")
		gs.DefaultVariant, gs.DaysPerMove = b.defaultVariant, b.defaultDays
		return gs, nil
	}
	gs, err := b.store.GetGuildSettings(ctx, guildID)
	if err != nil {
		return nil, err
	}
	if gs.Updated.IsZero() {
		gs.DefaultVariant, gs.DaysPerMove = b.defaultVariant, b.defaultDays
	}
	return gs, nil
}
