//go:build !unix

package cputime

import "time"

// Now is not measured on this platform: it returns false.
func Now() (time.Duration, bool) { return 0, false }
