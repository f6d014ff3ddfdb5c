//go:build !amd64

package ai

import "unsafe"

// prefetch does nothing on this architecture (see prefetch_amd64.go).
func prefetch(addr unsafe.Pointer) {}
