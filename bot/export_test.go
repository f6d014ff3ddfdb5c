package bot

import "time"

// Settle waits up to timeout until no reply's follow-up work and no
// engine work is pending (what console mode's settle waits for before
// its next prompt), and reports whether none is.
func (b *Bot) Settle(timeout time.Duration) bool {
	deadline := time.Now().Add(timeout)
	for {
		// The follow-up count again after the engine's: an engine move
		// starts its own follow-up work (announcing a timeout) before it
		// counts as done.
		if b.inflight.Load() == 0 && b.ai.busy() == 0 && b.inflight.Load() == 0 {
			return true
		}
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(2 * time.Millisecond)
	}
}
