package bot

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"

	"github.com/taflbot/taflbot/locale"
	"github.com/taflbot/taflbot/storage"
	"github.com/taflbot/taflbot/tafl"
)

// cmdAI handles /tafl ai [variant] [side] [level] [days] [engine]: a game
// against the engine, or against an external engine the operator set up. When the engine moves first its move follows shortly. The
// human has days per move (default: the server's) like any correspondence
// game; the engine has no clock. The game gets its own thread when the
// server's settings say so.
func (b *Bot) cmdAI(ctx context.Context, r *request) (*reply, error) {
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
	side, err := parseSide(r.str("side"))
	if err != nil {
		return nil, err
	}
	if side == tafl.NoSide {
		side = tafl.Attackers
		if rand.IntN(2) == 1 {
			side = tafl.Defenders
		}
	}
	level := r.str("level")
	lang := b.publicLang(ctx, r)
	gp := locale.For(locale.Match(lang))
	opponent := ""
	if name := r.str("engine"); name != "" {
		if level != "" {
			return nil, userErrorf("Choose a level for taflbot or another engine, not both.")
		}
		if b.external.pools[name] == nil {
			return nil, userErrorf("There is no engine called %q on this bot; the `engine` option lists them.", name)
		}
		level, opponent = engineSeatPrefix+name, gp.T("the engine **%s**", name)
	}
	if level == "" {
		level = "medium"
	}
	if opponent == "" {
		if !slices.Contains(Levels, level) {
			return nil, userErrorf("Level must be %s.", choicesOf{"ai", "level"})
		}
		opponent = gp.T("taflbot at level **%s**", gp.T(level)) // as the level option's choice names it
	}
	live, err := timeOption(r)
	if err != nil {
		return nil, err
	}
	g, err := newGameOf(cv.name, cv.layout, cv.rules)
	if err != nil {
		return nil, err
	}
	if live.IsZero() {
		if g.MoveTime, err = daysOption(r, settings); err != nil {
			return nil, err
		}
	} else {
		g.Clock.Control = live // both sides on the clock, the engine too
	}
	if side == tafl.Attackers {
		g.Attackers, g.Defenders = human(r.userID, r.userName()), storage.AI(level)
	} else {
		g.Attackers, g.Defenders = storage.AI(level), human(r.userID, r.userName())
	}
	g.GuildID, g.ChannelID, g.Language = r.in.GuildID, b.gameChannel(ctx, settings, r.in.GuildID, r.in.ChannelID), lang
	if err := b.canPlayHere(ctx, r, settings.ThreadPerGame); err != nil {
		return nil, err
	}
	if err := b.createEngineGame(ctx, g); err != nil {
		return nil, err
	}
	b.metrics.gameStarted()
	return b.newGameBoard(ctx, r, g, gp.T("<@%s> plays %s. Good luck!", r.userID, opponent))
}

// createEngineGame saves a new game against the engine unless the user or
// the server has as many going as the limits allow (AIGamesPerUser,
// AIGamesPerServer). The check and the creation are one step in storage,
// also across processes, so that quick repeated commands (at one front
// end or several) cannot pass the limit together.
func (b *Bot) createEngineGame(ctx context.Context, g *storage.Game) error {
	return b.engineLimitError(ctx, g, b.store.CreateEngineGame(ctx, g, b.aiPerUser, b.aiPerServer))
}

// engineLimitError says an *storage.EngineGameLimitError, met creating
// game g, to the user; other errors are returned as they are. A player's
// limit counts their games in every server and in our direct messages,
// while /tafl games in a server lists that server's: when some are
// elsewhere, it says so, and where they are all listed.
func (b *Bot) engineLimitError(ctx context.Context, g *storage.Game, err error) error {
	var le *storage.EngineGameLimitError
	switch {
	case !errors.As(err, &le):
		return err
	case le.Server:
		return userErrorf("This server has %d games against taflbot or another engine going, the most one server may have at once. Try again when some have finished, or challenge a person with `/tafl challenge`.", le.Going)
	}
	if g.GuildID != "" {
		user := g.Attackers.UserID
		if user == "" {
			user = g.Defenders.UserID
		}
		games, err := b.store.GamesByPlayer(ctx, user, storage.GameFilter{GuildID: g.GuildID, ActiveOnly: true})
		if err != nil {
			return err
		}
		here := 0
		for _, og := range games {
			if og.Attackers.IsAI() || og.Defenders.IsAI() {
				here++
			}
		}
		if here < le.Going {
			return userErrorf("You have %d games against taflbot or another engine going, the most one player may have at once, not all of them in this server. Finish or resign one first (`/tafl games` in a direct message with me lists them all).", le.Going)
		}
	}
	return userErrorf("You have %d games against taflbot or another engine going, the most one player may have at once. Finish or resign one first (`/tafl games` lists them).", le.Going)
}
