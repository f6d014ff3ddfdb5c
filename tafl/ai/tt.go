package ai

import (
	"runtime"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/taflbot/taflbot/tafl"
)

// Bound kinds of a table entry.
const (
	boundNone  = 0
	boundUpper = 1 // the score is at most the stored value (fail low)
	boundLower = 2 // the score is at least the stored value (fail high)
	boundExact = 3
)

// table is the transposition table: buckets of two entries, the first
// kept for the deepest search, the second always replaced. Entries are
// written and read with atomic operations and checked by XOR of key and
// data, so lazy SMP threads share it without locks (a torn entry just
// fails the check).
type table struct {
	slots []slot
	mask  uint64
	gen   uint64 // generation: entries of other generations are empty
}

type slot struct {
	check atomic.Uint64 // key ^ data
	data  atomic.Uint64
}

// entry is a decoded table entry.
type entry struct {
	move  tafl.Move
	score int32
	depth int
	bound int
}

// newTable returns a table of about mb megabytes (at least 1).
func newTable(mb int) *table {
	n := tableSlots(mb)
	slots, free := allocSlots(n)
	t := &table{slots: slots, mask: (n - 1) &^ 1, gen: 1}
	if free != nil {
		runtime.AddCleanup(t, func(free func()) { free() }, free)
	}
	return t
}

func tableSlots(mb int) uint64 {
	if mb < 1 {
		mb = 1
	}
	n := uint64(1)
	for n*2*16 <= uint64(mb)<<20 {
		n *= 2
	}
	return n
}

// tablePools keeps tables between searches, one pool per size, so that a
// search neither allocates nor clears megabytes: a reused table starts a
// new generation, and entries of older generations count as empty.
var tablePools sync.Map // slot count -> *sync.Pool

// getTable returns an empty table of about mb megabytes; putTable gives
// it back when no search uses it any more.
func getTable(mb int) *table {
	n := tableSlots(mb)
	p, _ := tablePools.LoadOrStore(n, &sync.Pool{})
	if x := p.(*sync.Pool).Get(); x != nil {
		t := x.(*table)
		t.gen = (t.gen + 1) & genMask
		if t.gen == 0 { // wrapped: old entries could match again
			clear(t.slots)
			t.gen = 1
		}
		return t
	}
	return newTable(mb)
}

func putTable(t *table) {
	if p, ok := tablePools.Load(uint64(len(t.slots))); ok {
		p.(*sync.Pool).Put(t)
	}
}

// The generation is stored in the data word above the packed entry.
const (
	genShift = 45
	genMask  = 1<<8 - 1
)

// pack layout: from 9 bits, to 9 bits, score+32768 16 bits, depth 8 bits, bound 2 bits.
func pack(m tafl.Move, score int32, depth, bound int) uint64 {
	return uint64(m.From())&511 | (uint64(m.To())&511)<<9 | uint64(uint16(score+32768))<<18 |
		uint64(uint8(depth))<<34 | uint64(bound&3)<<42
}

func unpack(d uint64) entry {
	var m tafl.Move
	if f, t := tafl.Square(d&511), tafl.Square(d>>9&511); f != 0 {
		m = tafl.NewMove(f, t)
	}
	return entry{move: m, score: int32(uint16(d>>18)) - 32768, depth: int(uint8(d >> 34)), bound: int(d >> 42 & 3)}
}

// probe returns the entry for key, if any.
func (t *table) probe(key uint64) (entry, bool) {
	i := key & t.mask
	for j := uint64(0); j < 2; j++ {
		s := &t.slots[i+j]
		d := s.data.Load()
		if s.check.Load()^d == key && d>>genShift == t.gen {
			return unpack(d), true
		}
	}
	return entry{}, false
}

// prefetch starts fetching the bucket of key into the processor's caches,
// so that a probe soon after does not wait for memory.
func (t *table) prefetch(key uint64) {
	prefetch(unsafe.Pointer(&t.slots[key&t.mask]))
}

// store records a search result for key.
func (t *table) store(key uint64, m tafl.Move, score int32, depth, bound int) {
	i := key & t.mask
	d := pack(m, score, depth, bound) | t.gen<<genShift
	s0 := &t.slots[i]
	old := s0.data.Load()
	if old>>genShift != t.gen { // empty, or from an earlier search
		s0.data.Store(d)
		s0.check.Store(key ^ d)
		return
	}
	oldKey := s0.check.Load() ^ old
	if oldKey == key || depth >= unpack(old).depth {
		if oldKey == key && m == tafl.NoMove {
			d |= old & (1<<18 - 1) // keep the old move
		}
		s0.data.Store(d)
		s0.check.Store(key ^ d)
		return
	}
	s1 := &t.slots[i+1]
	s1.data.Store(d)
	s1.check.Store(key ^ d)
}
