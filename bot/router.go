package bot

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/locale"
)

// request is one interaction as the handlers see it.
type request struct {
	in     *discordgo.Interaction
	userID string
	sub    string // the subcommand (application commands and autocomplete)
	opts   map[string]*discordgo.ApplicationCommandInteractionDataOption
	cid    CustomID        // the parsed custom id (components)
	values []string        // the chosen values (select menus)
	p      *locale.Printer // the user's language
	log    *slog.Logger
	gameID uint64 // the game the interaction was about, for the log line (0: none)
}

// reply is what a handler returns: the initial response, plus optional
// work to run after it was delivered (posting the engine's move, editing
// old boards, starting a thread).
type reply struct {
	resp  *discordgo.InteractionResponse
	after func(ctx context.Context)
}

// handler is the one signature of every command, component and
// autocomplete handler.
type handler func(ctx context.Context, r *request) (*reply, error)

// HandleGateway answers an interaction received over the gateway (or any
// path where the response goes through REST), then runs the handler's
// follow-up work in the background.
func (b *Bot) HandleGateway(ctx context.Context, in *discordgo.Interaction) {
	start := time.Now()
	initial, late := b.respondInTime(ctx, in)
	sendCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	err := b.rest.Respond(sendCtx, in, initial)
	cancel()
	b.metrics.observeResponse(time.Since(start))
	if err != nil {
		code := discordCode(err)
		lvl := slog.LevelError
		if code == 10062 || code == 40060 { // unknown interaction (expired) / already acknowledged
			lvl = slog.LevelWarn
		}
		b.log.Log(ctx, lvl, "sending the interaction response failed", "interaction_id", in.ID, "discord_code", code, "err", err)
		b.metrics.countError("respond")
		if code == 0 || code == 10062 { // Discord failed, or the response came too late: it showed nothing
			b.postUndelivered(ctx, in, initial.Type, initial.Data, code == 0)
		}
	}
	// The follow-up work runs even when the response failed: a saved move
	// still needs the engine's answer.
	b.runAfter(ctx, &reply{after: late})
}

// respondInTime runs the handler and returns the initial response and the
// work to do after it is sent. A handler still running after DeferAfter
// is answered with a deferral ("thinking…"); its reply is then delivered
// late, by editing the response or as a follow-up.
func (b *Bot) respondInTime(ctx context.Context, in *discordgo.Interaction) (*discordgo.InteractionResponse, func(context.Context)) {
	done := make(chan *reply, 1)
	b.work.Add(1)
	go func() {
		defer b.work.Done()
		done <- b.dispatch(ctx, in)
	}()
	timer := time.NewTimer(b.deferAfter)
	defer timer.Stop()
	select {
	case rep := <-done:
		return rep.resp, rep.after
	case <-timer.C:
	}
	if in.Type != discordgo.InteractionApplicationCommand && in.Type != discordgo.InteractionMessageComponent {
		rep := <-done // PING and autocomplete cannot be deferred
		return rep.resp, rep.after
	}
	b.metrics.countDeferred()
	deferral := b.componentDeferral(in)
	return deferral, func(ctx context.Context) {
		rep := <-done
		if m := b.deliverLate(ctx, in, deferral, rep.resp); m != nil {
			ctx = context.WithValue(ctx, deliveredKey{}, m)
		}
		if rep.after != nil {
			rep.after(ctx)
		}
	}
}

// componentDeferral returns the deferral for interaction in, whose
// handler is still running: "thinking…" for a command; for a component,
// the deferral of the answer its action declares (components).
func (b *Bot) componentDeferral(in *discordgo.Interaction) *discordgo.InteractionResponse {
	if in.Type != discordgo.InteractionMessageComponent {
		return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource}
	}
	c, _ := ParseCustomID(in.MessageComponentData().CustomID)
	return b.components()[c.Action].answer.deferral() // an unknown action: an update (it is answered at once anyway)
}

// answerKind is how a component's handler answers a press. Every action in
// components declares it: it decides how a press still unanswered after
// DeferAfter (a busy bot) is deferred, and so what the late answer
// replaces. A button whose handler answers with a new message of its own,
// deferred as an update of the pressed message, had that message, the
// board, replaced by its answer for everyone (Hint and Analyse did:
// TestSlowHintAndAnalyseAnswerWithTheirOwnMessage).
type answerKind uint8

const (
	noAnswer answerKind = iota // undeclared (TestEveryComponentDeclaresItsAnswer)
	// answerUpdate: the handler updates the pressed message, or answers
	// at once with a whole new message (which, late, is posted as a
	// follow-up); it never defers a new message of its own. Deferred as
	// an update of the pressed message.
	answerUpdate
	// answerPublic: the handler answers with a new public message, or
	// defers one and fills it in later by editing the response, as a
	// command may (Analyse's review; the game picker, which runs a
	// command). Deferred as a public "thinking…", as a command is.
	answerPublic
	// answerPrivate: likewise, a new private message (Hint's
	// suggestion). Deferred as a private "thinking…".
	answerPrivate
)

var answerNames = [...]string{"undeclared", "update", "public", "private"}

func (a answerKind) String() string {
	if int(a) < len(answerNames) {
		return answerNames[a]
	}
	return "answerKind(" + strconv.Itoa(int(a)) + ")"
}

// deferral is the deferral of a press answered as a says.
func (a answerKind) deferral() *discordgo.InteractionResponse {
	switch a {
	case answerPublic:
		return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource}
	case answerPrivate:
		return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral}}
	}
	return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate}
}

// fits reports whether r, a handler's answer to a press, is one that a
// says: one that, were it late, deliverLate would deliver after a's
// deferral as r would have shown. A private note (a refusal) fits every
// answer; a whole new public message every answer but a private one.
func (a answerKind) fits(r *discordgo.InteractionResponse) bool {
	if a == noAnswer {
		return false
	}
	private := r.Data != nil && r.Data.Flags&discordgo.MessageFlagsEphemeral != 0
	switch r.Type {
	case discordgo.InteractionResponseChannelMessageWithSource:
		return private || a == answerUpdate || a == answerPublic
	case discordgo.InteractionResponseDeferredChannelMessageWithSource:
		return a == answerPublic && !private || a == answerPrivate && private
	case discordgo.InteractionResponseUpdateMessage, discordgo.InteractionResponseDeferredMessageUpdate:
		return a == answerUpdate
	}
	return false
}

// deliveredKey is the context key of the message a late reply was
// delivered as when that is not the interaction's original response (see
// original).
type deliveredKey struct{}

// original returns the message interaction in's reply was delivered as:
// its original response, or the follow-up a late reply that pings was
// posted as (the deferral it replaced is gone).
func (b *Bot) original(ctx context.Context, in *discordgo.Interaction) (*discordgo.Message, error) {
	if m, ok := ctx.Value(deliveredKey{}).(*discordgo.Message); ok {
		return m, nil
	}
	return b.rest.Original(ctx, in)
}

// deliverLate sends a reply whose interaction was already deferred (by
// deferral). It returns the message it posted when that is not the
// original response (nil otherwise).
func (b *Bot) deliverLate(ctx context.Context, in *discordgo.Interaction, deferral, r *discordgo.InteractionResponse) *discordgo.Message {
	d := r.Data
	var err error
	var posted *discordgo.Message
	deferredPrivate := deferral.Data != nil && deferral.Data.Flags&discordgo.MessageFlagsEphemeral != 0
	switch {
	case d == nil || r.Type == discordgo.InteractionResponseDeferredChannelMessageWithSource ||
		r.Type == discordgo.InteractionResponseDeferredMessageUpdate:
		return nil // the handler delivers it itself
	case r.Type == discordgo.InteractionResponseChannelMessageWithSource && deferral.Type == discordgo.InteractionResponseDeferredMessageUpdate:
		_, err = b.rest.Followup(ctx, in, &discordgo.WebhookParams{Content: d.Content, Components: nonNil(d.Components), Embeds: d.Embeds,
			Files: d.Files, AllowedMentions: d.AllowedMentions, Flags: d.Flags})
	case d.Flags&discordgo.MessageFlagsEphemeral != 0 && deferredPrivate:
		_, err = b.rest.EditResponse(ctx, in, webhookEdit(d)) // private "thinking…", private reply
	case d.Flags&discordgo.MessageFlagsEphemeral != 0:
		// A command's deferral shows publicly ("thinking…"): a private
		// reply replaces it as an ephemeral follow-up.
		if err = b.rest.DeleteResponse(ctx, in); err == nil {
			_, err = b.rest.Followup(ctx, in, &discordgo.WebhookParams{Content: d.Content, Components: nonNil(d.Components),
				Embeds: d.Embeds, Files: d.Files, AllowedMentions: d.AllowedMentions, Flags: discordgo.MessageFlagsEphemeral})
		}
	case r.Type == discordgo.InteractionResponseChannelMessageWithSource && d.AllowedMentions != nil && len(d.AllowedMentions.Users) > 0:
		// A command's reply that pings someone (a board the player to
		// move must see, a challenge its opponent): Discord pings nobody
		// for the edit that would replace the deferral, so it replaces
		// it as a new message, a follow-up. (A button's update of its
		// own message stays an edit: the accepted challenge's board.)
		if err = b.rest.DeleteResponse(ctx, in); err == nil {
			posted, err = b.rest.Followup(ctx, in, &discordgo.WebhookParams{Content: d.Content, Components: nonNil(d.Components),
				Embeds: d.Embeds, Files: d.Files, AllowedMentions: d.AllowedMentions})
			if posted != nil && posted.ChannelID == "" {
				posted.ChannelID = in.ChannelID
			}
		}
	default:
		_, err = b.rest.EditResponse(ctx, in, webhookEdit(d))
	}
	if err != nil {
		b.log.Error("delivering a late reply", "interaction_id", in.ID, "err", err)
		b.postUndelivered(ctx, in, r.Type, d, false)
		return nil
	}
	return posted
}

// interactionLife is how long Discord takes the answers to an
// interaction: its token expires 15 minutes after it was made.
const interactionLife = 15 * time.Minute

// postUndelivered posts public reply d (of response type typ) to
// interaction in, which Discord did not show (it failed, or the
// interaction had expired), in the interaction's channel instead: the
// board of a move or of an accepted challenge, stored before it was
// sent, is otherwise seen by nobody, and the opponent never learns that
// it is their move. A private reply is not posted in its place, nor an
// update of a message but an accepted challenge's (turning a page of a
// replay or a list, a tournament's announcement: the message stays as it
// was, and a copy of it would only clutter the channel). unsure says
// that no answer came (Discord may have shown the response after all): a
// new message that Discord has as the response is not posted again. When
// the post fails on Discord's side too, and Discord surely did not show
// the response, the reply is recorded as lost (replyLost): a move's
// handler makes its board due, for a clock sweep to post.
func (b *Bot) postUndelivered(ctx context.Context, in *discordgo.Interaction, typ discordgo.InteractionResponseType, d *discordgo.InteractionResponseData, unsure bool) {
	switch {
	case d == nil || d.Flags&discordgo.MessageFlagsEphemeral != 0 || in.ChannelID == "":
		return
	case typ == discordgo.InteractionResponseChannelMessageWithSource:
	case typ == discordgo.InteractionResponseUpdateMessage && in.Message != nil && in.Message.Flags&discordgo.MessageFlagsEphemeral == 0 &&
		in.Type == discordgo.InteractionMessageComponent && acceptPressed(in):
	default:
		return
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Minute)
	defer cancel()
	if unsure && typ == discordgo.InteractionResponseChannelMessageWithSource {
		_, err := b.rest.Original(ctx, in)
		if err == nil {
			b.log.Info("the interaction response arrived after all", "interaction_id", in.ID)
			return
		}
		unsure = failedOnDiscordsSide(ctx, err) // a refusal (unknown message, unknown webhook): Discord has no response
	}
	rewind(d.Files)
	send := &discordgo.MessageSend{Content: d.Content, Components: nonNil(d.Components), Embeds: d.Embeds, Files: d.Files, AllowedMentions: d.AllowedMentions}
	sent, err := b.rest.Send(ctx, in.ChannelID, send)
	if err != nil {
		b.log.Error("posting an undelivered reply in its channel", "interaction_id", in.ID, "channel_id", in.ChannelID, "err", err)
		if !unsure {
			b.keepUndelivered(in, err)
		}
		return
	}
	b.log.Info("posted an undelivered reply in its channel", "interaction_id", in.ID, "channel_id", in.ChannelID)
	if sent != nil && sent.ID != "" {
		if sent.ChannelID == "" {
			sent.ChannelID = in.ChannelID
		}
		b.keepUndelivered(in, sent)
	}
}

// keepUndelivered keeps what postUndelivered did for interaction in (the
// message posted, or the error of its post) for the interaction's life.
func (b *Bot) keepUndelivered(in *discordgo.Interaction, v any) {
	b.undelivered.Store(in.ID, v)
	time.AfterFunc(interactionLife, func() { b.undelivered.Delete(in.ID) })
}

// replyLost returns the error of the post in the channel that replaced
// interaction in's public reply when Discord showed neither (see
// postUndelivered), or nil.
func (b *Bot) replyLost(in *discordgo.Interaction) error {
	if v, ok := b.undelivered.Load(in.ID); ok {
		if err, ok := v.(error); ok {
			return err
		}
	}
	return nil
}

// acceptPressed reports whether component interaction in is a press of
// a challenge's Accept.
func acceptPressed(in *discordgo.Interaction) bool {
	c, err := ParseCustomID(in.MessageComponentData().CustomID)
	return err == nil && c.Action == ActAccept
}

// responseMessage returns the message that shows interaction in's
// response: the one postUndelivered posted in its place, else the one
// it was delivered as (original). The follow-up work remembers it (a
// board, to disable its buttons when the game ends; a challenge, to link
// to it and to close it).
func (b *Bot) responseMessage(ctx context.Context, in *discordgo.Interaction) (*discordgo.Message, error) {
	if v, ok := b.undelivered.Load(in.ID); ok {
		if m, ok := v.(*discordgo.Message); ok {
			return m, nil
		}
	}
	return b.original(ctx, in)
}

// updatedMessage returns the message that shows the response to
// component interaction in that updated message id: the one
// postUndelivered posted in its place, else that message.
func (b *Bot) updatedMessage(in *discordgo.Interaction, channelID, id string) *discordgo.Message {
	if v, ok := b.undelivered.Load(in.ID); ok {
		if m, ok := v.(*discordgo.Message); ok {
			return m
		}
	}
	return &discordgo.Message{ID: id, ChannelID: channelID}
}

func webhookEdit(d *discordgo.InteractionResponseData) *discordgo.WebhookEdit {
	comps := nonNil(d.Components)
	return &discordgo.WebhookEdit{Content: &d.Content, Components: &comps, Embeds: &d.Embeds,
		Files: d.Files, Attachments: d.Attachments, AllowedMentions: d.AllowedMentions}
}

// runAfter runs a reply's follow-up work in the background; Stop waits for it.
func (b *Bot) runAfter(ctx context.Context, rep *reply) {
	if rep.after == nil {
		return
	}
	b.work.Add(1)
	b.inflight.Add(1)
	go func() {
		defer b.work.Done()
		defer b.inflight.Add(-1)
		defer b.recoverLog("follow-up work")
		actx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 15*time.Minute)
		defer cancel()
		rep.after(actx)
	}()
}

func (b *Bot) recoverLog(what string) {
	if p := recover(); p != nil {
		b.log.Error("panic in "+what, "panic", fmt.Sprint(p), "stack", string(debug.Stack()))
		b.metrics.countError("panic")
	}
}

// dispatch routes an interaction to its handler and returns the response
// to send. It never fails: errors become user messages, panics are
// recovered, and one log line records the interaction.
func (b *Bot) dispatch(ctx context.Context, in *discordgo.Interaction) (rep *reply) {
	start := time.Now()
	// An interaction received is finished even when shutdown begins
	// meanwhile (graceful shutdown waits for it), within handlerTimeout.
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), b.handlerTimeout)
	defer cancel()
	r := &request{in: in, log: b.log.With("interaction_id", in.ID)}
	kind := "unknown"
	var err error
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("panic: %v", p)
			r.log.ErrorContext(ctx, "panic in handler", "panic", fmt.Sprint(p), "stack", string(debug.Stack()))
			b.metrics.countError("panic")
			rep = b.internalError(r, nil)
		}
		outcome := "ok"
		if err != nil {
			outcome = "error"
		}
		d := time.Since(start)
		b.metrics.observeInteraction(kind, d)
		attrs := []slog.Attr{slog.String("cmd", kind), slog.Duration("duration", d), slog.String("outcome", outcome)}
		if r.gameID != 0 && r.cid.ID == 0 {
			attrs = append(attrs, slog.Uint64("game_id", r.gameID))
		}
		r.log.LogAttrs(ctx, slog.LevelInfo, "interaction", attrs...)
	}()
	r = b.newRequest(in)
	b.noteName(r.userID, r.userName())
	r.p = printer(b.chosenLanguage(ctx, r.userID), in)
	kind = interactionKind(in)
	h := b.route(r)
	if h == nil {
		err = userErrorf("I don't know that command or button; it may be from an older version of the bot.")
	} else if wait, ok := b.paced(r); !ok {
		err = userErrorT("pace.too_fast", wait)
	} else {
		rep, err = h(ctx, r)
	}
	if err == nil && (rep == nil || rep.resp == nil) {
		err = errors.New("bot: handler returned no response")
	}
	if err == nil && in.Type == discordgo.InteractionMessageComponent {
		if a := b.components()[r.cid.Action].answer; !a.fits(rep.resp) {
			// A developer's mistake: a slow press would be deferred
			// wrongly (the bot's tests fail on this line).
			r.log.ErrorContext(ctx, "a component's answer is not the one its action declares in components",
				"action", actionCodes[r.cid.Action], "declared", a.String(), "response_type", int(rep.resp.Type))
		}
	}
	if np, ok := asNeedPick(err); ok && in.Type == discordgo.InteractionApplicationCommand {
		if rep, err = b.pickReply(ctx, r, np); err == nil {
			return rep
		}
	}
	if err != nil {
		b.resultGoesByDM(ctx, r, err)
		if msg, ok := userMessageIn(err, r.p, in.GuildID == "", r.userID); ok {
			r.log.DebugContext(ctx, "user error", "err", err)
			if in.Type == discordgo.InteractionApplicationCommandAutocomplete {
				return &reply{resp: choicesResponse(nil)}
			}
			return &reply{resp: ephemeral(msg)}
		}
		b.metrics.countError("internal")
		return b.internalError(r, err)
	}
	return rep
}

// paced reports whether the user's pace allows request r now, or in how
// many seconds it will (pace.go). Only commands and button presses count.
func (b *Bot) paced(r *request) (waitSeconds int, ok bool) {
	if r.in.Type != discordgo.InteractionApplicationCommand && r.in.Type != discordgo.InteractionMessageComponent {
		return 0, true
	}
	return b.pacer.allow(r.userID)
}

// internalError logs err and returns the generic reply.
func (b *Bot) internalError(r *request, err error) *reply {
	if err != nil {
		r.log.Error("internal error", "err", err)
	}
	if r.in.Type == discordgo.InteractionApplicationCommandAutocomplete {
		return &reply{resp: choicesResponse(nil)}
	}
	return &reply{resp: ephemeral(r.p.T("Something went wrong (ref %s). It has been logged; please try again.", r.in.ID))}
}

// interactionUserID is the id of the user who sent in: the member's in a
// server, the user's in a DM ("" when it names none, as a PING).
func interactionUserID(in *discordgo.Interaction) string {
	if in.Member != nil && in.Member.User != nil {
		return in.Member.User.ID
	}
	if in.User != nil {
		return in.User.ID
	}
	return ""
}

func (b *Bot) newRequest(in *discordgo.Interaction) *request {
	r := &request{in: in, userID: interactionUserID(in)}
	r.log = b.log.With("interaction_id", in.ID, "guild_id", in.GuildID, "channel_id", in.ChannelID, "user_id", r.userID)
	switch in.Type {
	case discordgo.InteractionApplicationCommand, discordgo.InteractionApplicationCommandAutocomplete:
		data := in.ApplicationCommandData()
		r.opts = map[string]*discordgo.ApplicationCommandInteractionDataOption{}
		if len(data.Options) == 1 && data.Options[0].Type == discordgo.ApplicationCommandOptionSubCommand {
			r.sub = data.Options[0].Name
			for _, o := range data.Options[0].Options {
				if o != nil && valueFits(o) {
					r.opts[o.Name] = o
				}
			}
		}
	case discordgo.InteractionMessageComponent:
		data := in.MessageComponentData()
		r.cid, _ = ParseCustomID(data.CustomID)
		r.values = data.Values
		if r.cid.ID != 0 {
			r.log = r.log.With("game_id", r.cid.ID)
		}
	}
	return r
}

// valueFits reports whether option o's value is of the kind its type
// says, as Discord sends them. One that is not (a body Discord did not
// shape) is left out, as if not given: discordgo's BoolValue and
// StringValue would panic on it.
func valueFits(o *discordgo.ApplicationCommandInteractionDataOption) bool {
	switch o.Type {
	case discordgo.ApplicationCommandOptionString, discordgo.ApplicationCommandOptionUser,
		discordgo.ApplicationCommandOptionChannel, discordgo.ApplicationCommandOptionRole,
		discordgo.ApplicationCommandOptionMentionable:
		_, ok := o.Value.(string)
		return ok
	case discordgo.ApplicationCommandOptionBoolean:
		_, ok := o.Value.(bool)
		return ok
	case discordgo.ApplicationCommandOptionInteger, discordgo.ApplicationCommandOptionNumber:
		switch o.Value.(type) {
		case float64, string: // a string as typed, when Discord did not convert it (an autocompleted option)
			return true
		}
		return false
	}
	return true
}

func interactionKind(in *discordgo.Interaction) string {
	switch in.Type {
	case discordgo.InteractionPing:
		return "ping"
	case discordgo.InteractionApplicationCommand, discordgo.InteractionApplicationCommandAutocomplete:
		data := in.ApplicationCommandData()
		name := data.Name
		if len(data.Options) > 0 {
			name += " " + data.Options[0].Name
		}
		if in.Type == discordgo.InteractionApplicationCommandAutocomplete {
			name += " autocomplete"
		}
		return name
	case discordgo.InteractionMessageComponent:
		c, err := ParseCustomID(in.MessageComponentData().CustomID)
		if err != nil {
			return "component ?"
		}
		return "component " + actionCodes[c.Action]
	}
	return "other"
}

// route picks the handler of a request (nil: unknown).
func (b *Bot) route(r *request) handler {
	switch r.in.Type {
	case discordgo.InteractionPing:
		return func(context.Context, *request) (*reply, error) {
			return &reply{resp: &discordgo.InteractionResponse{Type: discordgo.InteractionResponsePong}}, nil
		}
	case discordgo.InteractionApplicationCommand:
		if r.in.ApplicationCommandData().Name != CommandName {
			return nil
		}
		return b.commands()[r.sub]
	case discordgo.InteractionApplicationCommandAutocomplete:
		if r.in.ApplicationCommandData().Name != CommandName {
			return nil
		}
		return b.autocomplete
	case discordgo.InteractionMessageComponent:
		return b.components()[r.cid.Action].h
	}
	return nil
}

// commands maps subcommand names to handlers.
func (b *Bot) commands() map[string]handler {
	return map[string]handler{
		"challenge":   b.cmdChallenge,
		"move":        b.cmdMove,
		"board":       b.cmdBoard,
		"games":       b.cmdGames,
		"resign":      b.cmdResign,
		"draw":        b.cmdDraw,
		"ai":          b.cmdAI,
		"rules":       b.cmdRules,
		"history":     b.cmdHistory,
		"leaderboard": b.cmdLeaderboard,
		"stats":       b.cmdStats,
		"settings":    b.cmdSettings,
		"help":        b.cmdHelp,
		"vacation":    b.cmdVacation,
		"tournament":  b.cmdTournament,
		"puzzle":      b.cmdPuzzle,
		"analyse":     b.cmdAnalyse,
	}
}

// component is a button's or menu's handler and how it answers a press.
type component struct {
	h      handler
	answer answerKind
}

// components maps button and menu actions to their handlers and answers.
// A new action declares how its handler answers (answer): answerUpdate
// when it updates the pressed message or answers at once with a whole
// new message, answerPublic or answerPrivate when it answers with a new
// message it may defer and fill in later. That decides how a press is
// deferred on a busy bot (componentDeferral); a handler that answers
// otherwise than declared is logged as an error, which fails the bot's
// tests, and an action without an answer fails
// TestEveryComponentDeclaresItsAnswer.
func (b *Bot) components() map[Action]component {
	return map[Action]component{
		ActAccept:     {b.btnAccept, answerUpdate},
		ActDecline:    {b.btnDecline, answerUpdate},
		ActWithdraw:   {b.btnWithdraw, answerUpdate},
		ActMove:       {b.btnMove, answerUpdate}, // on a board, a new private menu at once
		ActPickPiece:  {b.btnPickPiece, answerUpdate},
		ActPickTarget: {b.btnPickTarget, answerUpdate},
		ActResign:     {b.btnResign, answerUpdate}, // a private "Are you sure?" at once
		ActResignYes:  {b.btnResignYes, answerUpdate},
		ActDraw:       {b.btnDraw, answerUpdate},
		ActGamesPage:  {b.btnGamesPage, answerUpdate},
		ActAbort:      {b.btnResign, answerUpdate},
		ActAbortYes:   {b.btnAbortYes, answerUpdate},
		ActEndYes:     {b.btnEndYes, answerUpdate},
		ActPickGame:   {b.btnPickGame, answerPublic}, // answers as the command it runs (/tafl history defers its record)
		ActReplay:     {b.btnReplay, answerUpdate},   // on a board, a new private replay at once
		ActRematch:    {b.btnRematch, answerUpdate},
		ActTourJoin:   {b.btnTourJoin, answerUpdate},
		ActTourLeave:  {b.btnTourLeave, answerUpdate},
		ActTourStart:  {b.btnTourStart, answerUpdate},

		ActPuzzle:       {b.btnPuzzle, answerUpdate},
		ActPuzzlePiece:  {b.btnPuzzlePiece, answerUpdate},
		ActPuzzleTarget: {b.btnPuzzleTarget, answerUpdate},
		ActPuzzleNew:    {b.btnPuzzleNew, answerUpdate},
		ActPuzzleSolve:  {b.btnPuzzleSolve, answerUpdate},
		ActAnalyse:      {b.btnAnalyse, answerPublic}, // defers the review, edited in when done
		ActHint:         {b.btnHint, answerPrivate},   // defers the suggestion, edited in when found
		ActMoveYes:      {b.btnMoveYes, answerUpdate},
	}
}

// Option helpers.

func (r *request) str(name string) string {
	if o, ok := r.opts[name]; ok && o.Type == discordgo.ApplicationCommandOptionString {
		return o.StringValue()
	}
	return ""
}

func (r *request) int(name string) (int64, bool) {
	if o, ok := r.opts[name]; ok && o.Type == discordgo.ApplicationCommandOptionInteger {
		switch v := o.Value.(type) {
		case float64:
			return int64(v), true
		case string: // as typed, when Discord did not convert it
			n, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
			return n, err == nil
		}
	}
	return 0, false
}

func (r *request) boolean(name string) (bool, bool) {
	if o, ok := r.opts[name]; ok && o.Type == discordgo.ApplicationCommandOptionBoolean {
		return o.BoolValue(), true
	}
	return false, false
}

func (r *request) user(name string) string {
	if o, ok := r.opts[name]; ok && o.Type == discordgo.ApplicationCommandOptionUser {
		if id, ok := o.Value.(string); ok {
			return id
		}
	}
	return ""
}

func (r *request) focused() *discordgo.ApplicationCommandInteractionDataOption {
	for _, o := range r.opts {
		if o.Focused {
			return o
		}
	}
	return nil
}

// Response helpers.

func ephemeral(msg string) *discordgo.InteractionResponse {
	return &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Content: msg, Flags: discordgo.MessageFlagsEphemeral,
			AllowedMentions: &discordgo.MessageAllowedMentions{}},
	}
}

func choicesResponse(c []*discordgo.ApplicationCommandOptionChoice) *discordgo.InteractionResponse {
	if c == nil {
		c = []*discordgo.ApplicationCommandOptionChoice{}
	}
	return &discordgo.InteractionResponse{
		Type: discordgo.InteractionApplicationCommandAutocompleteResult,
		Data: &discordgo.InteractionResponseData{Choices: c},
	}
}
