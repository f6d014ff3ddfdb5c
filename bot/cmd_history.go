package bot

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"sync"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/render"
	"github.com/taflbot/taflbot/storage"
	"github.com/taflbot/taflbot/tafl"
)

// cmdHistory handles /tafl history [game]: the .otg record and a GIF
// replay, deferred (a replay takes up to a second of CPU) and delivered
// by editing the reply. Replays are drawn at most Options.Replays at a
// time for everyone (each also holding a board-render slot, so that
// boards are still drawn meanwhile) and one at a time per user; a user
// asking again while theirs is drawn or waiting, or anyone while
// maxReplayQueue wait, is told so at once. A long game is replayed in at
// most render.DefaultMaxFrames pictures, sampled evenly, and the reply
// says so.
func (b *Bot) cmdHistory(ctx context.Context, r *request) (*reply, error) {
	g, err := b.findGame(ctx, r, r.str("game"))
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
			defer release()
			tags := []tafl.Tag{{Name: "event", Value: fmt.Sprintf("taflbot game %d", g.ID)},
				{Name: "date", Value: g.Created.UTC().Format("2006.01.02")},
				{Name: "attackers", Value: g.Attackers.String()}, {Name: "defenders", Value: g.Defenders.String()}}
			record := tafl.EncodeGame(g.Tafl(), tags)
			content := p.T("Record of game %d (%s, %d moves).", g.ID, g.Variant(), g.Ply())
			files := []*discordgo.File{{Name: fmt.Sprintf("game-%d.otg", g.ID), ContentType: "text/plain", Reader: strings.NewReader(record)}}
			opts := render.GIFOptions{Theme: b.render.Theme}
			if b.render.Size > 0 {
				opts.Size = min(render.DefaultGIFSize, b.render.Size) // smaller boards, smaller replays
			}
			if frames, step := render.ReplayPlan(g.Ply(), opts); step > 1 {
				content += " " + p.T("The game is long: the replay shows one move in %d (%d pictures); the record has them all.", step, frames)
			}
			gif, err := b.drawReplay(ctx, g, opts)
			if err != nil {
				b.log.Error("drawing a replay", "game_id", g.ID, "err", err)
				content += " " + p.T("(The replay could not be drawn.)")
			} else {
				files = append(files, &discordgo.File{Name: fmt.Sprintf("game-%d.gif", g.ID), ContentType: "image/gif", Reader: bytes.NewReader(gif)})
			}
			if _, err := b.rest.EditResponse(ctx, in, &discordgo.WebhookEdit{Content: &content, Files: files}); err != nil {
				b.log.Error("delivering a game record", "game_id", g.ID, "err", err)
			}
		},
	}, nil
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

// replayLimiter bounds the replays being drawn: slots at once for
// everyone, one per user (drawn or waiting), and maxReplayQueue waiting.
type replayLimiter struct {
	slots chan struct{}
	mu    sync.Mutex
	users map[string]bool // users with a replay drawn or waiting
}

func newReplayLimiter(slots int) *replayLimiter {
	return &replayLimiter{slots: make(chan struct{}, max(1, slots)), users: map[string]bool{}}
}

// reserve claims the user's one replay, or says why not; release gives
// it back when the replay is delivered.
func (l *replayLimiter) reserve(user string) (release func(), err error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.users[user] {
		return nil, userErrorf("Your previous replay is still being drawn: wait for it before asking for another.")
	}
	if len(l.users) >= cap(l.slots)+maxReplayQueue {
		return nil, userErrorf("Many replays are being drawn right now: please try again in a minute.")
	}
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
