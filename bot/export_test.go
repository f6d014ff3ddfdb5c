package bot

import "time"

// Settle waits up to timeout until no reply's follow-up work and no
// engine work is pending (what console mode's settle waits for before
// its next prompt), and reports whether none is.
func (b *Bot) Settle(timeout time.Duration) bool { return b.settle(timeout) }
