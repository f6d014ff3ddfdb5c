package puzzle

import (
	_ "embed"
	"sync"
)

// starterData is the starter set, written by `tafl puzzles` (the commands
// are in docs/ANALYSIS.md): puzzles from the Copenhagen corpus and from
// the engine's games against itself in brandubh, tablut and tawlbwrdd.
//
//go:embed starter.jsonl
var starterData []byte

var starter = sync.OnceValues(func() ([]Puzzle, error) { return Decode(starterData) })

// Starter returns the starter set of verified puzzles that every server
// gets. The caller must not change the slice's puzzles.
func Starter() ([]Puzzle, error) { return starter() }
