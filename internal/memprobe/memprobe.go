// Package memprobe measures, for benchmarks, the peak heap a piece of
// work adds and the CPU time it takes. Nothing outside tests and
// benchmarks may use it.
package memprobe

import (
	"runtime"
	"runtime/metrics"
	"sync"
	"time"

	"github.com/taflbot/taflbot/internal/cputime"
)

// heapObjects is the runtime metric sampled: the bytes of heap objects,
// live or not yet swept. It counts what the work keeps and what it
// discards before a collection runs, which is what the process must map.
const heapObjects = "/memory/classes/heap/objects:bytes"

// Probe samples the heap every millisecond between Start and Stop.
type Probe struct {
	base    uint64
	cpu0    time.Duration
	stop    chan struct{}
	done    sync.WaitGroup
	mu      sync.Mutex
	peak    uint64
	samples []metrics.Sample
}

// Start collects garbage, notes the heap and the CPU time used so far,
// and starts sampling.
func Start() *Probe {
	runtime.GC()
	p := &Probe{stop: make(chan struct{}), samples: []metrics.Sample{{Name: heapObjects}}}
	p.base = p.read()
	p.peak = p.base
	p.cpu0, _ = cputime.Now()
	p.done.Add(1)
	go func() {
		defer p.done.Done()
		t := time.NewTicker(time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-p.stop:
				return
			case <-t.C:
				p.sample()
			}
		}
	}()
	return p
}

func (p *Probe) read() uint64 {
	metrics.Read(p.samples)
	if p.samples[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return p.samples[0].Value.Uint64()
}

func (p *Probe) sample() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.peak = max(p.peak, p.read())
}

// Stop ends the sampling and returns the peak heap above the heap at
// Start, in bytes, and the process's CPU time (user and system) since
// Start (0 where it is not measured, see internal/cputime).
func (p *Probe) Stop() (extra uint64, cpu time.Duration) {
	p.sample()
	close(p.stop)
	p.done.Wait()
	now, _ := cputime.Now()
	return p.peak - p.base, now - p.cpu0
}
