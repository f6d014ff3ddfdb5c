package bot

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/analysis"
	"github.com/taflbot/taflbot/locale"
	"github.com/taflbot/taflbot/render"
	"github.com/taflbot/taflbot/storage"
	"github.com/taflbot/taflbot/tafl"
)

// GameTags are the OTN header tags of a game's record: the event (the
// tournament's name for a game of tournament t, else "taflbot game N"),
// site (the game's channel as a URL) and date, the tournament round
// (round, as PGN has it; only in a tournament game), the players by display name (attackers, defenders) and by id
// (attackers-id, defenders-id: a Discord user id, or ai:LEVEL for the
// engine), and the time control in OTN's form (time-control, see
// tafl.TimeSpec), with a correspondence game's time per move also
// written readably (move-time, "3d"). The record's own tags follow them.
// t is the game's tournament (see [Bot.gameTournament]); nil, or another
// tournament, for none.
func GameTags(g *storage.Game, t *storage.Tournament) []tafl.Tag {
	event := "taflbot game " + g.ID.String()
	round := 0
	if t != nil && g.TournamentID != 0 && t.ID == g.TournamentID {
		event = t.Name
		for _, p := range t.State.Games {
			if p.GameID == uint64(g.ID) {
				round = p.Round
			}
		}
	}
	tags := []tafl.Tag{
		{Name: "event", Value: event},
		{Name: "site", Value: siteTag(g)},
		{Name: "date", Value: g.Created.UTC().Format("2006.01.02")},
	}
	if round > 0 {
		tags = append(tags, tafl.Tag{Name: "round", Value: strconv.Itoa(round)})
	}
	tags = append(tags, []tafl.Tag{
		{Name: "attackers", Value: seatLabel(nil, g.Attackers)},
		{Name: "attackers-id", Value: g.Attackers.String()},
		{Name: "defenders", Value: seatLabel(nil, g.Defenders)},
		{Name: "defenders-id", Value: g.Defenders.String()},
	}...)
	switch {
	case g.MoveTime > 0:
		// OTN has no time per move: it is one overtime period as long, with
		// no main time ("0 259200/1 0i"), which OpenTafl plays as such; the
		// move-time tag (an extension) says it readably ("3d").
		tags = append(tags, tafl.Tag{Name: "time-control", Value: tafl.PerMoveTime(g.MoveTime).String()},
			tafl.Tag{Name: "move-time", Value: moveTimeTag(g.MoveTime)})
	case !g.Clock.IsZero():
		// A live clock, "10+5": "600 0/0 5i" in OTN's seconds.
		tags = append(tags, tafl.Tag{Name: "time-control", Value: tafl.FischerTime(g.Clock.Control.Base, g.Clock.Control.Increment).String()})
	}
	if tag, ok := hintTag(g); ok {
		tags = append(tags, tag)
	}
	if g.EndedBy != "" {
		// A game a server manager ended: aborted, and by whom (an
		// extension, written as attackers-id).
		tags = append(tags, tafl.Tag{Name: "ended-by", Value: g.EndedBy})
	}
	return tags
}

// gameTournament returns the tournament game g is played in, for its
// record's tags: nil when it is in none, or (logged) when the tournament
// cannot be read.
func (b *Bot) gameTournament(ctx context.Context, g *storage.Game) *storage.Tournament {
	if g.TournamentID == 0 {
		return nil
	}
	t, err := b.store.GetTournament(ctx, g.TournamentID)
	if err != nil {
		b.log.Warn("reading a game's tournament for its record", "game_id", g.ID, "tournament_id", g.TournamentID, "err", err)
		return nil
	}
	return t
}

// moveTimeTag writes a correspondence game's time per move for its
// record's move-time tag: days, hours, minutes and seconds, each a whole number with its
// letter, the ones that are zero left out ("3d", "1d12h", "90m" as
// "1h30m"), rather than Go's "72h0m0s".
func moveTimeTag(d time.Duration) string {
	var b strings.Builder
	for _, u := range []struct {
		size   time.Duration
		letter string
	}{{24 * time.Hour, "d"}, {time.Hour, "h"}, {time.Minute, "m"}, {time.Second, "s"}} {
		if n := d / u.size; n > 0 {
			fmt.Fprintf(&b, "%d%s", n, u.letter)
			d -= n * u.size
		}
	}
	if b.Len() == 0 {
		return "0s"
	}
	return b.String()
}

// siteTag is a game record's site: OTN wants "a URL, for online games",
// and the game's Discord channel (its thread, when it has one) has one,
// https://discord.com/channels/SERVER/CHANNEL ("@me" for the server of a
// direct message).
func siteTag(g *storage.Game) string {
	channel := g.ChannelID
	if g.ThreadID != "" {
		channel = g.ThreadID
	}
	if channel == "" {
		return "discord"
	}
	guild := g.GuildID
	if guild == "" {
		guild = "@me"
	}
	return "https://discord.com/channels/" + guild + "/" + channel
}

// cmdHistory handles /tafl history [game] (no game: the one in progress
// here, else the user's latest finished game): the .otg record, a GIF replay
// and a Step through button that pages through the game's boards (see
// btnReplay), deferred (a replay takes up to a second of CPU) and
// delivered by editing the reply. Replays are drawn at most Options.Replays at a
// time for everyone (each also holding a board-render slot, so that
// boards are still drawn meanwhile) and one at a time per user; a user
// asking again while theirs is drawn or waiting, or faster than their pace
// allows (replayBurst, then one per replayEvery), or anyone while
// maxReplayQueue wait, is told so at once. A long game is replayed in at
// most render.DefaultMaxFrames pictures, sampled evenly, and the reply
// says so.
func (b *Bot) cmdHistory(ctx context.Context, r *request) (*reply, error) {
	g, err := b.findGameOrLast(ctx, r, r.str("game"))
	if err != nil {
		return nil, err
	}
	release, err := b.replays.reserve(r.userID)
	if err != nil {
		return nil, err
	}
	in, p := r.in, r.p
	return &reply{
		resp: &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource},
		after: func(ctx context.Context) {
			// The user's replay is theirs until it is drawn, not until
			// Discord has it: seen delivered, a replay asked for again at
			// once is not refused as "still being drawn".
			release = sync.OnceFunc(release)
			defer release()
			record := tafl.EncodeGame(g.Tafl(), GameTags(g, b.gameTournament(ctx, g)))
			content := p.T("Record of game %d (%s, %s).", g.ID, gameVariant(p, g), moveCount(p, g.Ply()))
			files := []*discordgo.File{{Name: fmt.Sprintf("game-%d.otg", g.ID), ContentType: "text/plain", Reader: strings.NewReader(record)}}
			opts := render.GIFOptions{Theme: b.render.Theme, Captions: replayCaptions(p, g)}
			if b.render.Size > 0 {
				opts.Size = min(render.DefaultGIFSize, b.render.Size) // smaller boards, smaller replays
			}
			if frames, step := render.ReplayPlan(g.Ply(), opts); step > 1 {
				content += " " + p.T("The game is long: the replay shows one half-move in %d (%d pictures); the record and the step-through replay have them all.", step, frames)
			}
			gif, err := b.drawReplay(ctx, g, opts)
			if err != nil {
				b.log.Error("drawing a replay", "game_id", g.ID, "err", err)
				content += " " + p.T("(The replay could not be drawn.)")
			} else {
				alt := p.T("Animated replay of game %d, %s, %s (attackers) against %s (defenders): %s", g.ID, variantTitleSize(p, g.Tafl().Variant()),
					seatLabel(p, g.Attackers), seatLabel(p, g.Defenders), moveCount(p, g.Ply()))
				if o := g.Outcome(); o.Over() {
					alt += "; " + resultCaption(p, g)
				}
				files = append(files, &discordgo.File{Name: fmt.Sprintf("game-%d.gif", g.ID), ContentType: "image/gif", Reader: describe(bytes.NewReader(gif), alt+".")})
			}
			if extra, fitted := b.reviewFiles(ctx, p, g); len(extra) > 0 {
				files = append(files, extra...)
				if fitted {
					content += " " + p.T("With the engine's review: every move's win chance and class in the text file, and its graph.")
				} else {
					content += " " + p.T("history.review_judged")
				}
			}
			comps := []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
				discordgo.Button{Label: p.T("▶ Step through"), Style: discordgo.SecondaryButton,
					CustomID: CustomID{Action: ActReplay, ID: uint64(g.ID), Ply: 0, Arg: "s"}.String()},
			}}}
			release()
			if _, err := b.rest.EditResponse(ctx, in, &discordgo.WebhookEdit{Content: &content, Files: files, Components: &comps}); err != nil {
				b.log.Error("delivering a game record", "game_id", g.ID, "err", err)
				b.postUndelivered(ctx, in, discordgo.InteractionResponseChannelMessageWithSource,
					&discordgo.InteractionResponseData{Content: content, Files: files, Components: comps}, false)
			}
		},
	}, nil
}

// replayCaptions words the captions of the animated replay of g in p's
// language, as the step-through replay words its pictures: the variant
// and the start (and how the frames are sampled, step > 1), each move and
// its side, and under the last move the result.
func replayCaptions(p *locale.Printer, g *storage.Game) func(ply, step int) string {
	tg := g.Tafl()
	plies := tg.Plies()
	v := tg.Start().Variant()
	return func(ply, step int) string {
		c := replayStartCaption(p, v, step)
		if ply > 0 {
			c = moveCaption(p, ply-1, plies[ply-1])
		}
		if ply == len(plies) && g.Outcome().Over() {
			c += "\n" + resultCaption(p, g)
		}
		return c
	}
}

// replayStartCaption is the caption of a replay's start position, such as
// "Brandubh · start", and for a replay that shows one half-move in step
// (step > 1) says so.
func replayStartCaption(p *locale.Printer, v *tafl.Variant, step int) string {
	title := capitalize(variantTitle(p, v))
	if step > 1 {
		return p.T("%s · start · one half-move in %d", title, step)
	}
	return p.T("%s · start", title)
}

// moveCaption is the caption of the picture after the i-th half-move ply
// (counted from 0), such as "12… d4-d7 · defenders".
func moveCaption(p *locale.Printer, i int, ply tafl.Ply) string {
	label := tafl.PlyLabel(i, ply)
	if ply.Piece.Side() == tafl.Attackers {
		return p.T("%s · attackers", label)
	}
	return p.T("%s · defenders", label)
}

// drawReplay draws a replay when its turn comes: under the global replay
// limit and holding one board-render slot.
func (b *Bot) drawReplay(ctx context.Context, g *storage.Game, opts render.GIFOptions) ([]byte, error) {
	if err := b.replays.acquire(ctx); err != nil {
		return nil, fmt.Errorf("bot: waiting for a replay slot: %w", err)
	}
	defer b.replays.releaseSlot()
	b.renderSem <- struct{}{}
	defer func() { <-b.renderSem }()
	var buf bytes.Buffer
	if err := b.renderer.GIF(&buf, g.Tafl(), opts); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// maxReplayQueue is how many replays may wait for their turn; beyond it
// /tafl history asks to try again later.
const maxReplayQueue = 32

// replayBurst and replayEvery pace one user's replays: a user may ask for
// replayBurst replays at once, and one more every replayEvery after that
// (a token bucket). A replay costs up to a second of CPU; without a pace a
// single user asking again as soon as the last was delivered kept a core
// busy, and everyone's boards waited for it.
const (
	replayBurst = 3
	replayEvery = 20 * time.Second
)

// replayLimiter bounds the replays being drawn: slots at once for
// everyone, one per user (drawn or waiting), maxReplayQueue waiting, and
// each user's pace (replayBurst, then one per replayEvery).
type replayLimiter struct {
	slots chan struct{}
	mu    sync.Mutex
	users map[string]bool // users with a replay drawn or waiting
	pace  map[string]replayPace
	now   func() time.Time
}

// replayPace is a user's token bucket: tokens at the time at.
type replayPace struct {
	tokens float64
	at     time.Time
}

func newReplayLimiter(slots int) *replayLimiter {
	return &replayLimiter{slots: make(chan struct{}, max(1, slots)), users: map[string]bool{},
		pace: map[string]replayPace{}, now: time.Now}
}

// tokens returns the user's tokens now; the caller holds l.mu.
func (l *replayLimiter) tokens(user string, now time.Time) float64 {
	p, ok := l.pace[user]
	if !ok {
		return replayBurst
	}
	return min(replayBurst, p.tokens+float64(now.Sub(p.at))/float64(replayEvery))
}

// reserve claims the user's one replay, or says why not; release gives
// it back once the replay is drawn (before it is delivered).
func (l *replayLimiter) reserve(user string) (release func(), err error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.users[user] {
		return nil, userErrorf("Your previous replay is still being drawn: wait for it before asking for another.")
	}
	now := l.now()
	tokens := l.tokens(user, now)
	if tokens < 1 {
		wait := math.Ceil((1 - tokens) * replayEvery.Seconds())
		return nil, userErrorf("You have asked for several replays in a short time: you can ask for the next in %d s.", int(wait))
	}
	if len(l.users) >= cap(l.slots)+maxReplayQueue {
		return nil, userErrorf("Many replays are being drawn right now: please try again in a minute.")
	}
	if len(l.pace) >= 4096 { // forget users whose bucket is full again
		for u := range l.pace {
			if l.tokens(u, now) >= replayBurst {
				delete(l.pace, u)
			}
		}
	}
	l.pace[user] = replayPace{tokens: tokens - 1, at: now}
	l.users[user] = true
	return func() {
		l.mu.Lock()
		delete(l.users, user)
		l.mu.Unlock()
	}, nil
}

func (l *replayLimiter) acquire(ctx context.Context) error {
	select {
	case l.slots <- struct{}{}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (l *replayLimiter) releaseSlot() { <-l.slots }

// reviewFiles returns the stored review of g as a text file (every move
// with the defenders' win chance after it, classes and better moves, the
// turning points; the engine's judgement in words instead of the chance
// where the review's curve was not fitted: fitted false) and its graph,
// or nothing when g has not been reviewed at its current length.
func (b *Bot) reviewFiles(ctx context.Context, p *locale.Printer, g *storage.Game) (files []*discordgo.File, fitted bool) {
	a, err := b.store.GetAnalysis(ctx, g.ID)
	if err != nil || a.Plies != g.Ply() {
		if err != nil && !errors.Is(err, storage.ErrNotFound) {
			b.log.Error("reading a stored review", "game_id", g.ID, "err", err)
		}
		return nil, false
	}
	var rep analysis.Report
	if err := json.Unmarshal(a.Report, &rep); err != nil {
		b.log.Error("decoding a stored review", "game_id", g.ID, "err", err)
		return nil, false
	}
	rep.Classify() // a report stored before the classes went by the shown figures
	title := p.T("Game %d · %s · %s", g.ID, gameVariant(p, g), resultCaption(p, g))
	files = []*discordgo.File{{Name: fmt.Sprintf("game-%d-review.txt", g.ID), ContentType: "text/plain", Reader: strings.NewReader(reviewText(p, &rep, title))}}
	var graph bytes.Buffer
	if err := render.GraphPNG(&graph, reviewGraph(p, &rep, title), render.GraphOptions{Theme: b.render.Theme}); err == nil {
		files = append(files, &discordgo.File{Name: fmt.Sprintf("game-%d-review.png", g.ID), ContentType: "image/png", Reader: describe(&graph, graphAlt(p, g, &rep))})
	}
	return files, rep.Fitted
}

// btnReplay shows a game's board after Ply moves with buttons to step
// back and forth: privately, as a new message from the history message,
// then by updating that private message. The custom ids carry the game
// and the ply, so the buttons keep working across restarts.
func (b *Bot) btnReplay(ctx context.Context, r *request) (*reply, error) {
	g, err := b.store.GetGame(ctx, storage.GameID(r.cid.ID))
	if err != nil {
		return nil, err
	}
	// As for a game named by number: its players anywhere, others in its server.
	if g.SideOf(r.userID) == tafl.NoSide && (g.GuildID == "" || g.GuildID != r.in.GuildID) {
		return nil, fmt.Errorf("bot: replay of game %d from another server: %w", g.ID, storage.ErrNotFound)
	}
	data, err := b.replayPage(r.p, g, min(max(r.cid.Ply, 0), g.Ply()))
	if err != nil {
		return nil, err
	}
	typ := discordgo.InteractionResponseChannelMessageWithSource
	if r.in.Message != nil && r.in.Message.Flags&discordgo.MessageFlagsEphemeral != 0 {
		typ = discordgo.InteractionResponseUpdateMessage
		data.Attachments = &[]*discordgo.MessageAttachment{}
	}
	return &reply{resp: &discordgo.InteractionResponse{Type: typ, Data: data}}, nil
}

// replayPage is one step of the step-through replay: the board after ply
// moves of g with that move marked, and ⏮ ◀ ▶ ⏭ buttons.
func (b *Bot) replayPage(lp *locale.Printer, g *storage.Game, ply int) (*discordgo.InteractionResponseData, error) {
	tg := g.Tafl()
	plies := tg.Plies()
	step := tafl.NewGameFrom(tg.Start())
	for _, p := range plies[:ply] {
		if _, err := step.Play(p.Move); err != nil {
			return nil, fmt.Errorf("bot: replaying game %d: %w", g.ID, err)
		}
	}
	var last *tafl.Ply
	caption, content := lp.T("Start"), lp.T("Game %d · %s · the start position (%s in all).", g.ID, gameVariant(lp, g), moveCount(lp, len(plies)))
	if ply > 0 {
		last = &plies[ply-1]
		label := tafl.PlyLabel(ply-1, *last)
		caption = moveCaption(lp, ply-1, *last)
		if last.Piece.Side() == tafl.Attackers {
			content = lp.T("Game %d · %s · move %d of %d: %s (attackers).", g.ID, gameVariant(lp, g), tafl.MoveNumber(ply-1), tafl.MoveCount(len(plies)), label)
		} else {
			content = lp.T("Game %d · %s · move %d of %d: %s (defenders).", g.ID, gameVariant(lp, g), tafl.MoveNumber(ply-1), tafl.MoveCount(len(plies)), label)
		}
	}
	if ply == len(plies) && g.Outcome().Over() {
		caption += "\n" + resultCaption(lp, g)
		content += " " + resultCaption(lp, g) + "."
	}
	png, err := b.boardPNG(step.Position(), last, caption)
	if err != nil {
		return nil, err
	}
	// The alt text reads as a board's: the move and its captures in
	// words, the result, the pieces.
	alt := lp.T("Replay of game %d.", g.ID) + " " + lp.T("The start position.") + " "
	if last != nil {
		alt = lp.T("Replay of game %d after %d moves.", g.ID, tafl.MoveCount(ply)) + " " + lastMoveAlt(lp, ply-1, *last) + " "
	}
	if ply == len(plies) && g.Outcome().Over() {
		alt += resultCaption(lp, g) + ". "
	}
	alt += piecesOnBoard(lp, step.Position())
	btn := func(label, arg string, to int, off bool) discordgo.MessageComponent {
		return discordgo.Button{Label: label, Style: discordgo.SecondaryButton, Disabled: off,
			CustomID: CustomID{Action: ActReplay, ID: uint64(g.ID), Ply: to, Arg: arg}.String()}
	}
	n := len(plies)
	return &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral, Content: content,
		Files: []*discordgo.File{{Name: fmt.Sprintf("replay-%d-%d.png", g.ID, ply), ContentType: "image/png", Reader: describe(bytes.NewReader(png), alt)}},
		Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			btn("⏮", "f", 0, ply == 0), btn("◀", "p", max(ply-1, 0), ply == 0), btn("▶", "n", min(ply+1, n), ply == n), btn("⏭", "l", n, ply == n),
		}}}}, nil
}
