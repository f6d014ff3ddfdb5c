package tafl

// Zobrist keys: one random 64-bit key per piece and cell, and one for the
// side to move. A position's hash is the XOR of the keys of its pieces, plus
// sideKey when the defenders are to move. Moves update it incrementally.
var zobrist, sideKey = makeZobrist()

func makeZobrist() (keys [4][numCells]uint64, side uint64) {
	// splitmix64 with a fixed seed: the same keys in every process, so
	// hashes can be stored and compared across runs.
	x := uint64(0x7461666c626f7421) // "taflbot!"
	next := func() uint64 {
		x += 0x9e3779b97f4a7c15
		z := x
		z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
		z = (z ^ (z >> 27)) * 0x94d049bb133111eb
		return z ^ (z >> 31)
	}
	for p := range keys {
		for c := range keys[p] {
			keys[p][c] = next()
		}
	}
	return keys, next()
}

// computeHash recomputes a position's hash from scratch (for tests and for
// building positions; moves update the hash incrementally).
func (p *Position) computeHash() uint64 {
	var h uint64
	for _, sq := range p.v.squares {
		if pc := p.board[sq]; pc != Empty {
			h ^= zobrist[pc][sq]
		}
	}
	if p.toMove == Defenders {
		h ^= sideKey
	}
	return h
}
