package bot

import (
	"context"
	"errors"
	"time"

	"github.com/taflbot/taflbot/storage"
)

// cmdVacation handles /tafl vacation [days]: a player pauses their
// correspondence clocks in this server for some days, within the
// server's yearly allowance (settings vacation, default 14); days:0 ends
// the vacation early and gives the unused days back; without days it
// says what is left. Boards show who is on vacation; see storage's
// StartVacation for how deadlines move. In a direct message with the bot
// it pauses the games played there (against the engine, whose own clock
// never runs), a place of its own with the default allowance, as the
// player's dms setting is: the player's clock runs there as anywhere.
func (b *Bot) cmdVacation(ctx context.Context, r *request) (*reply, error) {
	dm := r.in.GuildID == ""
	gs, err := b.guildSettings(ctx, r.in.GuildID)
	if err != nil {
		return nil, err
	}
	allowance := time.Duration(gs.VacationDays) * 24 * time.Hour
	days, given := r.int("days")
	var p *storage.Player
	ended := false // days:0 ended a vacation (rather than finding none)
	switch {
	case !given:
		if p, err = b.store.GetPlayer(ctx, r.in.GuildID, r.userID); isNotFound(err) {
			p, err = storage.NewPlayer(r.in.GuildID, r.userID), nil
		}
	case days == 0:
		if p, err = b.store.GetPlayer(ctx, r.in.GuildID, r.userID); err == nil {
			ended = p.OnVacation(b.now())
		} else if !isNotFound(err) {
			return nil, err
		}
		p, err = b.store.EndVacation(ctx, r.in.GuildID, r.userID)
	case gs.VacationDays == 0:
		return nil, userErrorf("This server allows no vacations (its managers can change that with `/tafl settings` `vacation:`).")
	case days < 0 || days > storage.MaxVacationDays:
		return nil, userErrorf("Give the days of vacation, 1 to %d (0 ends it).", storage.MaxVacationDays)
	default:
		if ok, err := b.vacationPauses(ctx, r.in.GuildID, r.userID); err != nil {
			return nil, err
		} else if !ok && dm {
			return nil, userErrorT("vacation.dm_nothing")
		} else if !ok {
			return nil, userErrorf("A vacation pauses the clocks of your correspondence games, and you have none going in this server (nor an open challenge or a tournament that could start one): it would only use up your days. Nothing was changed.")
		}
		length := time.Duration(days) * 24 * time.Hour
		if cur, err := b.store.GetPlayer(ctx, r.in.GuildID, r.userID); err == nil && cur.OnVacation(b.now()) && !b.now().Add(length).After(cur.VacationUntil) {
			// days counts from now: a vacation that already ends later
			// would be kept as it is, and the answer must not read as
			// if the days asked for were granted.
			return nil, userErrorf("You are on vacation until <t:%d:f> already, later than the end you asked for: nothing was changed. To shorten it, end it with `/tafl vacation` `days:0` (the unused days come back) and start a shorter one.", cur.VacationUntil.Unix())
		} else if err != nil && !isNotFound(err) {
			return nil, err
		}
		p, err = b.store.StartVacation(ctx, r.in.GuildID, r.userID, length, allowance)
		if errors.Is(err, storage.ErrNoVacationLeft) {
			p, _ = b.store.GetPlayer(ctx, r.in.GuildID, r.userID)
			left := allowance
			if p != nil {
				left = p.VacationLeft(b.now(), allowance)
			}
			switch {
			case left <= 0 && dm:
				return nil, userErrorT("vacation.dm_none_left", gs.VacationDays)
			case dm:
				return nil, userErrorT("vacation.dm_ask_less", formatLeft(r.p, left), gs.VacationDays)
			}
			if left <= 0 {
				// "ask for less" would leave nothing to ask for.
				return nil, userErrorf("You have no vacation left this year (the server allows %d days a year); it comes back on 1 January.", gs.VacationDays)
			}
			return nil, userErrorf("You have %s of vacation left this year (the server allows %d days): ask for less.", formatLeft(r.p, left), gs.VacationDays)
		}
	}
	if err != nil {
		return nil, err
	}
	now := b.now() // after the change, which the store made at its own now
	msg := ""
	switch {
	case p.OnVacation(now) && dm:
		msg = r.p.T("vacation.dm_on", p.VacationUntil.Unix()) +
			" " + r.p.T("A live game's clock keeps running: a vacation pauses correspondence games only.")
	case p.OnVacation(now):
		msg = r.p.T("🏖 You are on vacation until <t:%d:f>: your clocks in this server are paused, and boards say so. `/tafl vacation` `days:0` ends it early (unused days come back).", p.VacationUntil.Unix()) +
			" " + r.p.T("A live game's clock keeps running: a vacation pauses correspondence games only.")
	case ended:
		msg = r.p.T("Welcome back: your clocks run again.")
	default:
		msg = r.p.T("You are not on vacation.")
	}
	switch {
	case dm:
		msg += "\n" + r.p.T("vacation.dm_left", formatLeft(r.p, p.VacationLeft(now, allowance)), gs.VacationDays)
	case gs.VacationDays == 0:
		// "no time of the 0 days this server allows"
		msg += "\n" + r.p.T("This server allows no vacations (its managers can change that with `/tafl settings` `vacation:`).")
	default:
		msg += "\n" + r.p.T("Vacation left this year: %s of the %d days this server allows.", formatLeft(r.p, p.VacationLeft(now, allowance)), gs.VacationDays)
	}
	return &reply{resp: ephemeral(msg)}, nil
}

// vacationPauses reports whether a vacation of userID in guildID could
// pause a clock: they play a correspondence game here, or one may start
// while they are away — from an open correspondence challenge of theirs
// (someone accepts it) or a correspondence tournament they play in (its
// next round). Otherwise a vacation would only use up days. guildID ""
// is the direct messages with the bot, where only games against the
// engine are played.
func (b *Bot) vacationPauses(ctx context.Context, guildID, userID string) (bool, error) {
	// GameFilter's GuildID "" keeps every server's games: a direct
	// message's are those without one.
	games, err := b.store.GamesByPlayer(ctx, userID, storage.GameFilter{GuildID: guildID, ActiveOnly: true})
	if err != nil {
		return false, err
	}
	for _, g := range games {
		if g.GuildID == guildID && g.MoveTime > 0 && g.Clock.IsZero() {
			return true, nil
		}
	}
	if guildID == "" {
		return false, nil // no tournament nor challenge is played there
	}
	tours, err := b.store.Tournaments(ctx, guildID, true)
	if err != nil {
		return false, err
	}
	for _, t := range tours {
		if p := t.State.Player(userID); p != nil && p.Withdrawn == 0 && t.TimeControl.IsZero() {
			return true, nil
		}
	}
	challenges, err := b.store.PlayerChallenges(ctx, userID, guildID)
	if err != nil {
		return false, err
	}
	for _, c := range challenges {
		if c.ChallengerID == userID && c.MoveTime > 0 {
			return true, nil
		}
	}
	return false, nil
}
