package bot

import (
	"sync"
	"time"
)

// rechallengeQuiet is how long after a challenge (or rematch offer) to a
// player was withdrawn or declined a new one from the same challenger to
// the same player is posted without pinging them: challenging, pressing
// Withdraw and challenging again would otherwise ping the player each
// time, limited only by the pace of commands, and a declined challenge
// sent again at once would ping them again. The new challenge is posted
// as usual (a challenger who fixes a mistaken variant is not refused);
// the player, pinged by the first, sees it in the channel.
const rechallengeQuiet = 10 * time.Minute

// closedChallenges remembers, in memory, when challenges to players were
// last withdrawn or declined (see rechallengeQuiet). Lost on a restart,
// which only lets one more ping through; entries older than
// rechallengeQuiet are dropped as new ones come.
type closedChallenges struct {
	mu sync.Mutex
	at map[closedKey]time.Time
}

type closedKey struct{ guild, challenger, opponent string }

// note records that a challenge from challenger to opponent in guild was
// withdrawn or declined at now.
func (cc *closedChallenges) note(guild, challenger, opponent string, now time.Time) {
	if opponent == "" {
		return // open to anyone: it pinged nobody
	}
	cc.mu.Lock()
	defer cc.mu.Unlock()
	if cc.at == nil {
		cc.at = map[closedKey]time.Time{}
	}
	if len(cc.at) >= 1024 {
		for k, t := range cc.at {
			if now.Sub(t) >= rechallengeQuiet {
				delete(cc.at, k)
			}
		}
	}
	cc.at[closedKey{guild, challenger, opponent}] = now
}

// quiet reports whether a new challenge from challenger to opponent in
// guild comes within rechallengeQuiet of one withdrawn or declined.
func (cc *closedChallenges) quiet(guild, challenger, opponent string, now time.Time) bool {
	if opponent == "" {
		return false
	}
	cc.mu.Lock()
	defer cc.mu.Unlock()
	t, ok := cc.at[closedKey{guild, challenger, opponent}]
	return ok && now.Sub(t) < rechallengeQuiet
}
