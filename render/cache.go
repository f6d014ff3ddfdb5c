package render

import "sync"

// maxCached bounds each cache. Preset variants at a few sizes and themes fit
// many times over; custom variants could otherwise grow a cache without end,
// so a full cache is simply emptied.
const maxCached = 64

// cache memoizes build(key) for concurrent callers. A value is built once
// per key while it stays cached; callers must not modify it.
type cache[K comparable, V any] struct {
	mu sync.Mutex
	m  map[K]*cacheEntry[V]
}

type cacheEntry[V any] struct {
	once sync.Once
	v    V
}

func (c *cache[K, V]) get(k K, build func() V) V {
	c.mu.Lock()
	e, ok := c.m[k]
	if !ok {
		if c.m == nil || len(c.m) >= maxCached {
			c.m = make(map[K]*cacheEntry[V])
		}
		e = new(cacheEntry[V])
		c.m[k] = e
	}
	c.mu.Unlock()
	e.once.Do(func() { e.v = build() })
	return e.v
}
