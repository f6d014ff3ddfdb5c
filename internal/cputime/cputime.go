//go:build unix

// Package cputime measures the CPU time the process has used, for
// benchmarks that must hold on a machine where other work competes for
// the cores: unlike the wall time, the CPU time of a single-threaded job
// hardly changes with the load.
package cputime

import (
	"syscall"
	"time"
)

// Now returns the CPU time (user and system) the process has used so far,
// and false where it cannot be measured.
func Now() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
