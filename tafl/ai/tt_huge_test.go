//go:build linux && !race

package ai

import (
	"testing"
	"unsafe"
)

// TestHugeSlots checks the huge-page table memory: as many zeroed slots as
// asked for, aligned to 2 MB, usable, and released by free; a small table
// is an ordinary slice.
func TestHugeSlots(t *testing.T) {
	const n = 1 << 20 // 16 MB
	slots, free := allocSlots(n)
	if free == nil {
		t.Fatal("a 16 MB table fell back to an ordinary slice: the mapping failed")
	}
	defer free()
	if len(slots) != n {
		t.Fatalf("%d slots, want %d", len(slots), n)
	}
	if a := uintptr(unsafe.Pointer(&slots[0])); a%hugePage != 0 {
		t.Fatalf("slots at %#x, not aligned to %d", a, hugePage)
	}
	for i := range slots {
		if slots[i].check.Load() != 0 || slots[i].data.Load() != 0 {
			t.Fatalf("slot %d is not zero", i)
		}
	}
	slots[0].data.Store(1)
	slots[n-1].check.Store(2)
	if slots[0].data.Load() != 1 || slots[n-1].check.Load() != 2 {
		t.Fatal("the slots do not keep what is stored")
	}

	small, free := allocSlots(16)
	if len(small) != 16 || free != nil {
		t.Fatalf("a small table: %d slots, free %v; want 16 and nil", len(small), free != nil)
	}
}
