package bot

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/analysis"
	"github.com/taflbot/taflbot/locale"
	"github.com/taflbot/taflbot/storage"
	"github.com/taflbot/taflbot/tafl"
)

// Hints: in a game against the engine, while the human is to move, the
// board carries a Hint button when the server allows hints (the default;
// /tafl settings hints:False turns them off). It is never offered in a
// game between two players, casual or rated (hintGame: where
// engineHelpAllowed, the one place that decides where the engine may help
// a player, allows it, and only against the engine, even if that comes to
// allow casual games between players). Games against the engine are never
// rated (#17), so "casual engine games" are all of them. Pressing it asks the
// engine (one think of the review's budget, through the engine pool) and
// answers privately with the board and the suggested move as a green
// arrow. Each hint is counted on the game, shown on its board and written
// into its record (/tafl history); pressing Hint again on the same
// position shows the same hint (the search is deterministic) and does not
// count it again.

// hintGame reports whether g is a game where hints may be had: a game
// against the engine, where the engine may help.
func hintGame(g *storage.Game) bool {
	return engineHelpAllowed(g, nil) && g.Attackers.IsAI() != g.Defenders.IsAI() // nil: no casual allowance; hints are for engine games only
}

// hintsAllowed reports whether game g's boards offer the Hint button now.
func (b *Bot) hintsAllowed(g *storage.Game) bool {
	if !g.Active() || !hintGame(g) || g.ToMove().IsAI() {
		return false
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	gs, err := b.store.GetGuildSettings(ctx, g.GuildID)
	if err != nil {
		b.log.Warn("reading the hint setting", "guild_id", g.GuildID, "err", err)
		return false
	}
	return !gs.NoHints
}

// hintButton is the Hint button of game g at its current move.
func hintButton(g *storage.Game) discordgo.Button {
	return discordgo.Button{Label: gameP(g).T("Hint"), Style: discordgo.SecondaryButton, Emoji: &discordgo.ComponentEmoji{Name: "💡"},
		CustomID: CustomID{Action: ActHint, ID: uint64(g.ID), Ply: g.Ply()}.String()}
}

// hintsLine says how many hints a game's human side has had ("" for none).
func hintsLine(g *storage.Game) string {
	for _, s := range []tafl.Side{tafl.Attackers, tafl.Defenders} {
		if n := g.Hints.Of(s); n > 0 && !g.Seat(s).IsAI() {
			if s == tafl.Attackers {
				return gameP(g).T("Hints used by the attackers: %d.", n)
			}
			return gameP(g).T("Hints used by the defenders: %d.", n)
		}
	}
	return ""
}

// hintTag is the game record's note of the hints given ("" for none).
func hintTag(g *storage.Game) (tafl.Tag, bool) {
	var parts []string
	for _, s := range []tafl.Side{tafl.Attackers, tafl.Defenders} {
		if n := g.Hints.Of(s); n > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", s, n))
		}
	}
	if len(parts) == 0 {
		return tafl.Tag{}, false
	}
	v := parts[0]
	if len(parts) > 1 {
		v += ", " + parts[1]
	}
	return tafl.Tag{Name: "hints", Value: v}, true
}

// btnHint handles the Hint button: a private deferred reply, then the
// engine's suggestion.
func (b *Bot) btnHint(ctx context.Context, r *request) (*reply, error) {
	g, err := b.loadCurrent(ctx, r)
	if err != nil {
		return nil, err
	}
	if !hintGame(g) {
		return nil, userErrorT("hint.engine_only")
	}
	if !b.hintsAllowed(g) {
		return nil, userErrorT("hint.off")
	}
	in, user, side, lp, pressed := r.in, r.userID, g.SideOf(r.userID), r.p, b.now()
	return &reply{
		resp: &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral}},
		after: func(context.Context) {
			task := func(ctx context.Context) { b.hint(ctx, lp, in, side, g, pressed) }
			switch b.ai.submitTask(user, in.GuildID, task) {
			case submitFull:
				b.editPrivate(context.Background(), in, &message{content: lp.T("The engine is too busy for a hint right now; please try again.")})
			case submitClosed:
				b.editPrivate(context.Background(), in, &message{content: lp.T("The hint for game %d was interrupted (the bot is restarting): press **%s** again in a minute.", g.ID, shownLabel("Hint", g.Language))})
			}
		},
	}, nil
}

// hint searches game g (as it was when the button was pressed, at
// pressed) and answers the deferred reply with the suggestion.
func (b *Bot) hint(ctx context.Context, lp *locale.Printer, in *discordgo.Interaction, side tafl.Side, g *storage.Game, pressed time.Time) {
	edit := context.WithoutCancel(ctx) // every way out edits the "thinking…" reply, even when shutting down
	expired := func() bool {
		if waited := b.now().Sub(pressed); waited >= interactionLife {
			// Nothing can show the player a private reply now: the hint
			// is not given, nor counted (they press Hint again).
			b.log.Warn("hint: its interaction expired (Discord's 15 minutes) before the engine was free; not given nor counted",
				"game_id", g.ID, "interaction_id", in.ID, "waited", waited)
			return true
		}
		return false
	}
	if expired() {
		return
	}
	e, err := analysis.Evaluate(ctx, g.Tafl(), b.reviewNodes)
	if err != nil || e.Best == tafl.NoMove {
		if ctx.Err() != nil { // shutting down
			b.editPrivate(edit, in, &message{content: lp.T("The hint for game %d was interrupted (the bot is restarting): press **%s** again in a minute.", g.ID, shownLabel("Hint", g.Language))})
			return
		}
		b.log.Error("hint: searching", "game_id", g.ID, "err", err)
		b.editPrivate(edit, in, &message{content: lp.T("No hint this time (the search failed); please try again.")})
		return
	}
	// The player's chance with the engine's move, where the variant's
	// curve is checked against its games; otherwise the engine's
	// judgement in words (docs/ANALYSIS.md).
	curve, fitted := analysis.CurveFor(g.Tafl().Variant())
	chance := analysis.DefendersChance(curve, e)
	if side == tafl.Attackers {
		chance = 1 - chance
	}
	opts := b.render
	if last := lastPly(g.Tafl().Plies()); last != nil {
		opts.LastMove, opts.Captured = last.Move, last.Captures
	}
	opts.Arrows = []tafl.Move{e.Best}
	best := moveText(g.Tafl(), e.Best)
	opts.Caption = lp.T("Hint: %s", best)
	var buf bytes.Buffer
	err = b.withRenderSlot(func() error { return b.renderer.PNG(&buf, g.Tafl().Position(), opts) })
	if err != nil {
		b.log.Error("hint: drawing", "game_id", g.ID, "err", err)
		b.editPrivate(edit, in, &message{content: lp.T("Something went wrong (ref %s). It has been logged; please try again.", in.ID)})
		return // not counted: the player has not seen it
	}
	if expired() {
		return
	}
	// Through updateGame: a game whose time ran out while the engine thought
	// ends on time here, and the timeout is announced.
	var counted bool
	saved, err := b.updateGame(ctx, g.ID, g.Ply(), func(sg *storage.Game) error {
		if sg.Outcome().Over() { // ended (on time, by the sweep) while the engine thought
			return gameOver(sg)
		}
		counted = sg.Hints.AddAt(side, sg.Ply()) // a second press on the same position shows the same hint, not counted again
		return nil
	})
	if errors.Is(err, storage.ErrStale) {
		// Moved on, and perhaps ended since (its final board has no Hint).
		if now, gerr := b.store.GetGame(edit, g.ID); gerr == nil && !now.Active() {
			err = gameOver(now)
		} else {
			b.editPrivate(edit, in, &message{content: lp.T("Game %d moved on before the hint was ready: press **%s** on the new board.", g.ID, shownLabel("Hint", g.Language))})
			return
		}
	}
	if text, ok := userMessageIn(err, lp, false, g.Seat(side).UserID); ok { // over (on time): no hint for it
		b.editPrivate(edit, in, &message{content: text})
		return
	}
	if err != nil {
		b.log.Error("hint: counting it", "game_id", g.ID, "err", err)
		b.editPrivate(edit, in, &message{content: lp.T("Something went wrong (ref %s). It has been logged; please try again.", in.ID)})
		return
	}
	content := lp.T("💡 Game %d: the engine suggests **%s** (the green arrow); with it your chance of winning is about %s. Hints used in this game: %d — the game record notes them.",
		g.ID, best, analysis.Percent(chance), saved.Hints.Of(side))
	if !fitted {
		content = lp.T("hint.judged", g.ID, best, hintStanding(lp, analysis.StandingOf(e).For(side == tafl.Defenders)), saved.Hints.Of(side))
	}
	err = b.editPrivate(edit, in, &message{content: content,
		files: []*discordgo.File{{Name: fmt.Sprintf("game-%d-hint.png", g.ID), ContentType: "image/png", Reader: describe(bytes.NewReader(buf.Bytes()), lp.T("Game %d, %s: the board with the engine's suggested move %s drawn as a green arrow.", g.ID, variantTitleSize(lp, g.Tafl().Variant()), best))}}})
	var re *discordgo.RESTError
	if counted && errors.As(err, &re) && re.Response != nil {
		// Discord answered that the reply was not edited (its tries
		// used up, or the interaction gone): the player never saw the
		// hint, so it does not count (they press Hint again). A lost
		// answer may have shown it: that one stays counted.
		ply := saved.Ply()
		if _, uerr := b.updateGame(edit, g.ID, -1, func(sg *storage.Game) error { sg.Hints.RemoveAt(side, ply); return nil }); uerr != nil {
			b.log.Error("hint: taking back one not shown", "game_id", g.ID, "err", uerr)
			return
		}
		b.log.Warn("hint: not shown (Discord refused the edit); not counted", "game_id", g.ID, "interaction_id", in.ID)
	}
}

// editPrivate edits a deferred private reply; a failure is logged and
// returned.
func (b *Bot) editPrivate(ctx context.Context, in *discordgo.Interaction, msg *message) error {
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	d := msg.data()
	_, err := b.rest.EditResponse(ctx, in, webhookEdit(d))
	if err != nil {
		b.log.Warn("editing a private reply", "interaction_id", in.ID, "err", err)
	}
	return err
}

// hintStanding says the engine's judgement from the player's side (3 they
// win, … −3 their opponent wins), in the hint's words: "you stand
// better".
func hintStanding(p *locale.Printer, mine int) string {
	switch {
	case mine >= 3:
		return p.T("hint.you_win")
	case mine == 2:
		return p.T("hint.you_much")
	case mine == 1:
		return p.T("hint.you_better")
	case mine == -1:
		return p.T("hint.they_better")
	case mine == -2:
		return p.T("hint.they_much")
	case mine <= -3:
		return p.T("hint.they_win")
	}
	return p.T("hint.even")
}
