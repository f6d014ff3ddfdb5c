//go:build !linux || race

package ai

// allocSlots returns n zeroed table slots (and no free function: the
// garbage collector releases them).
func allocSlots(n uint64) (slots []slot, free func()) { return make([]slot, n), nil }
