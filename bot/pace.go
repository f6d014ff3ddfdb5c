package bot

import (
	"math"
	"sync"
	"time"
)

// Each user's commands and button presses are paced (a token bucket): a
// burst of Options.UserBurst at once, then one every userEvery. Every
// interaction costs the bot some work (a board picture is about 11 ms of
// a core, a rules page several), so one user sending them as fast as a
// script can would keep cores busy and delay everyone's boards; a person
// playing, even a one-minute game through the move menus, stays well
// inside it. Autocomplete (a request per keystroke, no picture) is not
// paced.
const (
	// DefaultUserBurst is the burst cmd/taflbot uses in gateway and HTTP
	// mode (the console is not paced).
	DefaultUserBurst = 30
	userEvery        = 500 * time.Millisecond // two a second
)

// userPacer holds each user's bucket; nil paces nobody.
type userPacer struct {
	mu    sync.Mutex
	burst float64
	pace  map[string]replayPace
	now   func() time.Time
}

// newUserPacer paces users on the bot's clock now.
func newUserPacer(burst int, now func() time.Time) *userPacer {
	if burst <= 0 {
		return nil
	}
	return &userPacer{burst: float64(burst), pace: map[string]replayPace{}, now: now}
}

// tokens returns the user's tokens now; the caller holds p.mu.
func (p *userPacer) tokens(user string, now time.Time) float64 {
	pc, ok := p.pace[user]
	if !ok {
		return p.burst
	}
	return min(p.burst, pc.tokens+float64(now.Sub(pc.at))/float64(userEvery))
}

// allow takes one of the user's tokens, or says in how many whole
// seconds the next is there.
func (p *userPacer) allow(user string) (waitSeconds int, ok bool) {
	if p == nil || user == "" {
		return 0, true
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	now := p.now()
	tokens := p.tokens(user, now)
	if tokens < 1 {
		return max(1, int(math.Ceil((1-tokens)*userEvery.Seconds()))), false
	}
	if len(p.pace) >= 4096 { // forget users whose bucket is full again
		for u := range p.pace {
			if p.tokens(u, now) >= p.burst {
				delete(p.pace, u)
			}
		}
	}
	p.pace[user] = replayPace{tokens: tokens - 1, at: now}
	return 0, true
}
