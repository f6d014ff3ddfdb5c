package storage

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"sync"
)

// gameCache keeps recently decoded games so that a load need not replay
// the whole move list through the rules (which checks every move). An
// entry is keyed by the exact stored bytes: it is used only when the
// record read in the transaction is byte for byte the one it was decoded
// from, so it can never return anything the database does not hold. A
// record that only adds moves to a cached one replays just the new moves.
type gameCache struct {
	mu      sync.Mutex
	entries map[GameID]*cacheEntry
	max     int
}

type cacheEntry struct {
	raw   []byte
	moves []string
	game  *Game // never handed out: callers get clones
}

func newGameCache(max int) *gameCache {
	return &gameCache{entries: make(map[GameID]*cacheEntry), max: max}
}

// decode returns the game stored as data (valid only inside the
// transaction), from the cache when possible.
func (c *gameCache) decode(id GameID, data []byte) (*Game, error) {
	if c == nil || c.max <= 0 {
		return decodeGame(data)
	}
	c.mu.Lock()
	e := c.entries[id]
	c.mu.Unlock()
	if e != nil && bytes.Equal(e.raw, data) {
		return e.game.clone(), nil
	}
	var r gameRecord
	if err := json.Unmarshal(data, &r); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrCorrupt, err)
	}
	var base *Game
	if e != nil && len(e.moves) <= len(r.Moves) && slices.Equal(e.moves, r.Moves[:len(e.moves)]) &&
		e.game.variant == r.Variant && e.game.layout == r.Layout && e.game.rules == r.Rules && e.game.Active() {
		base = e.game
	}
	g, err := r.gameFrom(base)
	if err != nil {
		return nil, err
	}
	c.put(id, data, r.Moves, g)
	return g.clone(), nil
}

// decodeLazy is decode for the list methods: a cached game if the bytes
// match, else the record decoded without replaying its moves.
func (c *gameCache) decodeLazy(id GameID, data []byte) (*Game, error) {
	if c != nil && c.max > 0 {
		c.mu.Lock()
		e := c.entries[id]
		c.mu.Unlock()
		if e != nil && bytes.Equal(e.raw, data) {
			return e.game.clone(), nil
		}
	}
	return decodeGameLazy(data)
}

func (c *gameCache) put(id GameID, data []byte, moves []string, g *Game) {
	if c == nil || c.max <= 0 {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.entries[id]; !ok && len(c.entries) >= c.max {
		for k := range c.entries { // evict an arbitrary entry
			delete(c.entries, k)
			break
		}
	}
	c.entries[id] = &cacheEntry{raw: bytes.Clone(data), moves: moves, game: g}
}
