//go:build linux && !race

package ai

import (
	"syscall"
	"unsafe"
)

// hugePage is the size of a transparent huge page on linux/amd64 and arm64.
const hugePage = 2 << 20

// allocSlots returns n zeroed table slots. A table of megabytes is probed
// at random, so with 4 KB pages nearly every probe also misses the
// processor's address-translation cache; on Linux the slots are mapped
// aligned to 2 MB and the kernel is asked to back them with huge pages
// (madvise MADV_HUGEPAGE, which transparent huge pages honour in their
// default "madvise" mode). free, when not nil, releases the mapping; when
// the mapping fails, the slots are an ordinary slice.
func allocSlots(n uint64) (slots []slot, free func()) {
	size := int(n) * int(unsafe.Sizeof(slot{}))
	if size < hugePage {
		return make([]slot, n), nil
	}
	mem, err := syscall.Mmap(-1, 0, size+hugePage, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		return make([]slot, n), nil
	}
	off := (hugePage - int(uintptr(unsafe.Pointer(unsafe.SliceData(mem))))%hugePage) % hugePage
	aligned := mem[off : off+size]
	_ = syscall.Madvise(aligned, madvHugePage) // a hint: without it the table still works
	slots = unsafe.Slice((*slot)(unsafe.Pointer(unsafe.SliceData(aligned))), n)
	return slots, func() { _ = syscall.Munmap(mem) }
}

// madvHugePage is MADV_HUGEPAGE (not in package syscall).
const madvHugePage = 14
