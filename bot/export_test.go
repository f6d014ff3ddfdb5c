package bot

import (
	"context"
	"time"
)

// Settle waits up to timeout until no reply's follow-up work and no
// engine work is pending (what console mode's settle waits for before
// its next prompt), and reports whether none is.
func (b *Bot) Settle(timeout time.Duration) bool { return b.settle(context.Background(), timeout) }

// SetRateLimitBudget sets how long a call waits out Discord's 429s in
// all (rateLimitBudget) and returns a function that restores it.
func SetRateLimitBudget(d time.Duration) (restore func()) {
	old := rateLimitBudget
	rateLimitBudget = d
	return func() { rateLimitBudget = old }
}

// SetHelloWait sets the least time a new engine process has to say hello
// (helloWait) and returns a function that restores it.
func SetHelloWait(d time.Duration) (restore func()) {
	old := helloWait
	helloWait = d
	return func() { helloWait = old }
}

// ComponentAnswers returns how each component action's handler answers a
// press, as components declares it: "update", "public" or "private".
func ComponentAnswers() map[Action]string {
	m := map[Action]string{}
	for a, c := range (&Bot{}).components() {
		m[a] = c.answer.String()
	}
	return m
}
