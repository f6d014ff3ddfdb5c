package memprobe_test

import (
	"testing"

	"github.com/taflbot/taflbot/internal/cputime"
	"github.com/taflbot/taflbot/internal/memprobe"
)

var sink [][]byte

// TestProbeSeesAllocations: 64 MiB allocated and held show as at least
// that much extra heap; spinning shows as CPU time.
func TestProbeSeesAllocations(t *testing.T) {
	p := memprobe.Start()
	for range 64 {
		sink = append(sink, make([]byte, 1<<20))
	}
	x := 0
	for i := range 50_000_000 {
		x += i % 7
	}
	extra, cpu := p.Stop()
	sink = nil
	if extra < 64<<20 || extra > 256<<20 {
		t.Errorf("extra heap %d MiB, want about 64", extra>>20)
	}
	if _, ok := cputime.Now(); ok && cpu <= 0 || x == 0 {
		t.Errorf("cpu %v", cpu)
	}
}
