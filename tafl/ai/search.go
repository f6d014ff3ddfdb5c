package ai

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/taflbot/taflbot/tafl"
)

// Score bounds. A forced win in n plies scores WinScore-n for the winner.
const (
	WinScore  = 30000
	infinity  = 32000
	maxPly    = 120
	mateBound = WinScore - 2*maxPly // scores beyond this are forced wins or losses
	maxQDepth = 6                   // plies of forced replies in the quiescence search
)

// ErrNoMove is returned by [Search] when the game is over or the side to
// move has no legal move.
var ErrNoMove = errors.New("ai: no move to search: the game is over")

// Limits bound a search. The zero value searches until the context is
// cancelled (or to the maximum depth), on one thread.
type Limits struct {
	Time    time.Duration // Time is the time budget for the move (0: none).
	Depth   int           // Depth is the deepest iteration, in plies (0: no limit).
	Nodes   int64         // Nodes stops the search after about this many nodes (0: no limit).
	Seed    uint64        // Seed drives the random choices (Noise); the same seed gives the same move.
	Threads int           // Threads searching in parallel (lazy SMP); 0 or 1 means one.
	HashMB  int           // HashMB is the transposition table's size in megabytes (0: 16).

	// Noise makes the engine play imperfectly on purpose: at the end, it
	// picks at random (by Seed) among the moves that score within Noise of
	// the best. It never picks a move that loses by force when another does
	// not, nor passes over a forced win. Noise slows the search (every root
	// move gets an exact score), so use it with a small depth.
	Noise int

	knobs knobs // test switches
}

// knobs turn parts of the search off, for tests that compare it with a
// plain minimax.
type knobs struct {
	noLMR      bool // search every move to full depth
	noQuiesce  bool // evaluate leaves statically
	noTT       bool // no transposition-table cutoffs
	ttSameOnly bool // table cutoffs only from entries of exactly the same depth
}

// Result is the outcome of a search.
type Result struct {
	Move     tafl.Move     // Move is the move to play.
	Score    int           // Score is the evaluation for the side to move (see package doc).
	Depth    int           // Depth is the last completed iteration.
	SelDepth int           // SelDepth is the deepest ply reached, quiescence included.
	Nodes    int64         // Nodes is the number of positions searched, all threads.
	Time     time.Duration // Time is how long the search took.
	PV       []tafl.Move   // PV is the principal variation, Move first.
	Stopped  bool          // Stopped: a limit or the context ended the search inside an iteration.
}

// Mate returns the number of plies to a forced end: positive when the
// side to move wins, negative when it loses, 0 when the score is not a
// forced result.
func (r Result) Mate() int { return mateIn(int32(r.Score)) }

func mateIn(s int32) int {
	switch {
	case s > mateBound:
		return int(WinScore - s)
	case s < -mateBound:
		return -int(WinScore + s)
	}
	return 0
}

// String returns a one-line summary such as "d1-d4 score 35 depth 7 nodes 120000".
func (r Result) String() string {
	score := fmt.Sprint(r.Score)
	if m := r.Mate(); m != 0 {
		score = fmt.Sprintf("win in %d", (m+1)/2)
		if m < 0 {
			score = fmt.Sprintf("loss in %d", (-m)/2)
		}
	}
	return fmt.Sprintf("%s score %s depth %d nodes %d", r.Move, score, r.Depth, r.Nodes)
}

// shared is the state common to the threads of one search.
type shared struct {
	tt        *table
	stop      atomic.Bool
	nodes     atomic.Int64
	done      <-chan struct{}
	start     time.Time
	deadline  time.Time // zero: none
	nodeLimit int64
}

// rootMove is a legal move at the root with its last score.
type rootMove struct {
	move  tafl.Move
	score int32
	order int32
}

// searcher is one thread's search state. All buffers are allocated once.
type searcher struct {
	sh    *shared
	in    *info
	knobs knobs
	noise int
	rules tafl.Rules
	id    int

	nodes    int64 // nodes not yet added to sh.nodes
	total    int64
	seldepth int

	pos     [maxPly + 2]tafl.Position
	boards  [maxPly + 2]board
	kings   [maxPly + 2]tafl.Square
	sides   [2]tafl.Side // the side to move at even and odd plies
	moves   [maxPly + 1][]tafl.Move
	order   [maxPly + 1][]int32
	packed  [maxPly + 1][]uint64
	hist    []uint64 // position hashes: the game's since the last capture, then the path
	base    int      // index in hist of the root position
	irrev   [maxPly + 2]int
	killers [maxPly + 1][2]tafl.Move
	history []int32 // [side][from*cells+to]
	pv      [maxPly + 1][maxPly + 1]tafl.Move
	pvLen   [maxPly + 1]int

	root []rootMove

	evalCache []evalEntry // static evaluations by position hash
	childHash uint64      // the hash of the child terminal last looked at
}

// evalEntry caches one static evaluation.
type evalEntry struct {
	key   uint64
	value int32
	ok    bool
}

const evalCacheSize = 1 << 16

// evaluate returns the static evaluation of the position at ply, from the
// cache when the same position was evaluated before.
func (s *searcher) evaluate(ply int) int32 {
	key := s.hist[s.base+ply]
	e := &s.evalCache[key&(evalCacheSize-1)]
	if e.ok && e.key == key {
		return e.value
	}
	v := s.in.evaluate(&s.boards[ply], s.sides[ply&1], s.kings[ply])
	*e = evalEntry{key: key, value: v, ok: true}
	return v
}

// Search looks for the best move in the game's current position within
// the limits. Cancelling ctx stops it at once; it then returns the best
// move found so far (and a nil error, as long as one move was examined).
func Search(ctx context.Context, g *tafl.Game, lim Limits) (Result, error) {
	if g.Outcome().Over() {
		return Result{}, ErrNoMove
	}
	legal := g.LegalMoves()
	if len(legal) == 0 {
		return Result{}, ErrNoMove
	}
	sh := &shared{tt: newTable(cmp(lim.HashMB, 16)), done: ctx.Done(), start: time.Now(), nodeLimit: lim.Nodes}
	if lim.Time > 0 {
		sh.deadline = sh.start.Add(lim.Time)
	}
	if dl, ok := ctx.Deadline(); ok && (sh.deadline.IsZero() || dl.Before(sh.deadline)) {
		sh.deadline = dl
	}
	maxDepth := lim.Depth
	if maxDepth <= 0 || maxDepth > maxPly-10 {
		maxDepth = maxPly - 10
	}
	threads := max(lim.Threads, 1)
	workers := make([]*searcher, threads)
	for i := range workers {
		workers[i] = newSearcher(sh, g, legal, i, lim)
	}
	var wg sync.WaitGroup
	for _, w := range workers[1:] {
		wg.Go(func() { w.iterate(maxDepth, lim, nil) })
	}
	var res Result
	workers[0].iterate(maxDepth, lim, &res)
	sh.stop.Store(true)
	wg.Wait()
	for _, w := range workers {
		w.flush()
	}
	res.Nodes = sh.nodes.Load()
	res.Time = time.Since(sh.start)
	if lim.Noise > 0 && res.Depth > 0 {
		res = workers[0].pickNoisy(res, lim)
	}
	return res, nil
}

func cmp(x, def int) int {
	if x <= 0 {
		return def
	}
	return x
}

func newSearcher(sh *shared, g *tafl.Game, legal []tafl.Move, id int, lim Limits) *searcher {
	pos := g.Position()
	s := &searcher{sh: sh, in: infoFor(g.Variant()), id: id, knobs: lim.knobs, noise: lim.Noise}
	s.rules = s.in.rules
	h := g.History()
	s.hist = make([]uint64, len(h), len(h)+maxPly+2)
	copy(s.hist, h)
	s.base = len(h) - 1
	s.pos[0] = pos
	s.boards[0] = s.in.empty
	for _, sq := range s.in.squares {
		s.boards[0][sq] = pos.At(sq)
	}
	s.kings[0] = pos.King()
	s.sides = [2]tafl.Side{pos.ToMove(), pos.ToMove().Other()}
	for i := range s.moves {
		s.moves[i] = make([]tafl.Move, 0, 256)
		s.order[i] = make([]int32, 0, 256)
		s.packed[i] = make([]uint64, 0, 256)
	}
	s.history = make([]int32, 2*cells*cells)
	s.evalCache = make([]evalEntry, evalCacheSize)
	s.root = make([]rootMove, len(legal))
	for i, m := range legal {
		s.root[i] = rootMove{move: m, order: s.scoreMove(0, m, tafl.NoMove)}
	}
	slices.SortStableFunc(s.root, func(a, b rootMove) int { return int(b.order - a.order) })
	if id > 0 {
		// Helper threads start from a different order, so they explore
		// other parts of the tree first.
		r := rand.New(rand.NewPCG(uint64(id), 0x5eed))
		r.Shuffle(len(s.root), func(i, j int) { s.root[i], s.root[j] = s.root[j], s.root[i] })
	}
	return s
}

// flush adds the thread's pending node count to the shared one.
func (s *searcher) flush() {
	s.sh.nodes.Add(s.nodes)
	s.total += s.nodes
	s.nodes = 0
}

// poll is called every so many nodes: it checks the context, the clock
// and the node budget, and raises the stop flag.
func (s *searcher) poll() {
	s.flush()
	sh := s.sh
	select {
	case <-sh.done:
		sh.stop.Store(true)
		return
	default:
	}
	if sh.nodeLimit > 0 && sh.nodes.Load() >= sh.nodeLimit {
		sh.stop.Store(true)
	}
	if !sh.deadline.IsZero() && time.Now().After(sh.deadline) {
		sh.stop.Store(true)
	}
}

const pollEvery = 1024

// iterate runs iterative deepening. The main thread (res != nil) fills res.
func (s *searcher) iterate(maxDepth int, lim Limits, res *Result) {
	start := 1
	if s.id%2 == 1 {
		start = 2
	}
	noisy := lim.Noise > 0
	for depth := start; depth <= maxDepth; depth++ {
		if res != nil && depth > 1 && lim.Time > 0 && time.Since(s.sh.start) > lim.Time/2 {
			break // another iteration would not finish
		}
		score, best, complete := s.rootSearch(depth, noisy)
		if s.sh.stop.Load() && res != nil && !complete {
			// Use a move of the unfinished iteration only if it beat the
			// previous best after a full search.
			if best != tafl.NoMove && res.Move != tafl.NoMove && score > int32(res.Score) && best != res.Move {
				res.Move = best
				res.Score = int(score)
				res.PV = []tafl.Move{best}
			}
			if res.Move == tafl.NoMove && best != tafl.NoMove {
				res.Move, res.Score, res.PV = best, int(score), []tafl.Move{best}
			}
			res.Stopped = true
			break
		}
		if !complete {
			break
		}
		if res != nil {
			res.Move = best
			res.Score = int(score)
			res.Depth = depth
			res.SelDepth = s.seldepth
			res.PV = slices.Clone(s.pv[0][:s.pvLen[0]])
			if len(res.PV) == 0 || res.PV[0] != best {
				res.PV = []tafl.Move{best}
			}
			if (score > mateBound || score < -mateBound) && int(WinScore-abs32(score)) <= depth && !noisy {
				break // a forced result within the searched depth: deeper gives nothing new
			}
			if len(s.root) == 1 && !noisy && lim.Depth == 0 && depth >= 2 {
				break // the only move
			}
		}
		if s.sh.stop.Load() {
			break
		}
	}
	if res != nil && res.Move == tafl.NoMove {
		// Not even depth 1 finished: play the first ordered move.
		res.Move = s.root[0].move
		res.PV = []tafl.Move{res.Move}
		res.Stopped = true
	}
}

func abs32(x int32) int32 {
	if x < 0 {
		return -x
	}
	return x
}

// rootSearch searches every root move to depth and sorts the root moves
// by their scores. It returns the best score and move, and whether the
// iteration completed.
func (s *searcher) rootSearch(depth int, noisy bool) (int32, tafl.Move, bool) {
	alpha, beta := int32(-infinity), int32(infinity)
	best := tafl.NoMove
	bestScore := int32(-infinity)
	p := &s.pos[0]
	s.pvLen[0] = 0
	for i := range s.root {
		rm := &s.root[i]
		m := rm.move
		a := alpha
		if noisy && i > 0 {
			// Exact scores only for moves within the noise of the best.
			a = max(-infinity, bestScore-int32(s.noise)-1)
		}
		score, ok := s.child(0, m, depth, a, beta, i == 0)
		if s.sh.stop.Load() {
			return bestScore, best, false
		}
		if !ok { // forbidden (cannot happen: the root moves are legal)
			rm.score = -infinity
			continue
		}
		rm.score = score
		if score > bestScore {
			bestScore = score
			best = m
			s.updatePV(0, m)
			if score > alpha && !noisy {
				alpha = score
			}
		}
		_ = p
	}
	// Best first for the next iteration; ties keep their order.
	slices.SortStableFunc(s.root, func(a, b rootMove) int {
		switch {
		case a.score > b.score:
			return -1
		case a.score < b.score:
			return 1
		}
		return 0
	})
	return bestScore, best, true
}

// child makes move m at ply and returns its score for the side to move at
// ply. ok is false when the move is forbidden by the repetition rule.
// With full set, a null-window search is not tried first.
func (s *searcher) child(ply int, m tafl.Move, depth int, alpha, beta int32, full bool) (score int32, ok bool) {
	p := &s.pos[ply]
	c := &s.pos[ply+1]
	caps := p.MakeMove(m, c)
	if v, over := s.terminal(ply, c, caps); over {
		return v, v != forbidden
	}
	s.push(ply, m, c, caps)
	if full {
		score = -s.search(ply+1, depth-1, -beta, -alpha)
	} else {
		score = -s.search(ply+1, depth-1, -alpha-1, -alpha)
		if score > alpha && score < beta {
			score = -s.search(ply+1, depth-1, -beta, -alpha)
		}
	}
	return score, true
}

// forbidden is the score terminal returns for a move the repetition rule forbids.
const forbidden = -infinity - 1

// terminal scores the child c of the position at ply, from the point of
// view of the side that moved, when the move ended the game: a win, or a
// repetition under the variant's rule. It returns forbidden for a move
// that RepetitionForbidden makes illegal.
func (s *searcher) terminal(ply int, c *tafl.Position, caps int) (int32, bool) {
	if o := c.Outcome(); o.Over() {
		if o.Winner == tafl.NoSide {
			return 0, true
		}
		if o.Winner == s.sides[(ply+1)&1] {
			return -WinScore + int32(ply+1), true
		}
		return WinScore - int32(ply+1), true
	}
	h := c.Hash()
	s.childHash = h // for push
	rule := s.rules.Repetition
	if rule == tafl.RepetitionIgnore || caps > 0 {
		return 0, false
	}
	n := 0
	for i := s.base + ply - 1; i >= s.irrev[ply]; i -= 2 {
		if s.hist[i] == h {
			n++
		}
	}
	if n < 2 {
		return 0, false
	}
	mover := s.sides[ply&1]
	switch rule {
	case tafl.RepetitionForbidden:
		return forbidden, true
	case tafl.RepetitionDraw:
		return 0, true
	case tafl.RepetitionDefendersLose:
		if mover == tafl.Attackers {
			return WinScore - int32(ply+1), true
		}
		return -WinScore + int32(ply+1), true
	case tafl.RepetitionMoverLoses:
		return -WinScore + int32(ply+1), true
	}
	return 0, false
}

// push records the child at ply+1 (made by move m, which captured caps
// pieces) on the repetition stack, and brings its board copy up to date.
// terminal must have been called on the child just before.
func (s *searcher) push(ply int, m tafl.Move, c *tafl.Position, caps int) {
	b := &s.boards[ply+1]
	*b = s.boards[ply]
	from, to := m.From(), m.To()
	pc := b[from]
	b[from] = tafl.Empty
	b[to] = pc
	k := s.kings[ply]
	if pc == tafl.King {
		k = to
	}
	s.kings[ply+1] = k
	if caps > 0 {
		found := 0
		side := pc.Side()
		for _, d := range dirs {
			n := to + d
			if x := b[n]; x == tafl.Attacker || x == tafl.Defender {
				if x.Side() != side && c.At(n) == tafl.Empty {
					b[n] = tafl.Empty
					found++
				}
			}
		}
		if found < caps { // a shieldwall: copy the whole board
			for _, sq := range s.in.squares {
				b[sq] = c.At(sq)
			}
		}
	}

	i := s.base + ply + 1
	s.hist = append(s.hist[:i], s.childHash)
	if caps > 0 {
		s.irrev[ply+1] = i
	} else {
		s.irrev[ply+1] = s.irrev[ply]
	}
}

func (s *searcher) updatePV(ply int, m tafl.Move) {
	s.pv[ply][0] = m
	n := 0
	if ply+1 <= maxPly {
		n = s.pvLen[ply+1]
		copy(s.pv[ply][1:], s.pv[ply+1][:n])
	}
	s.pvLen[ply] = n + 1
}

// search is the principal-variation search below the root.
func (s *searcher) search(ply, depth int, alpha, beta int32) int32 {
	s.pvLen[ply] = 0
	if depth <= 0 || ply >= maxPly-maxQDepth-2 {
		if s.knobs.noQuiesce {
			s.nodes++
			return s.evaluate(ply)
		}
		return s.quiesce(ply, alpha, beta, 0)
	}
	s.nodes++
	if s.nodes >= pollEvery {
		s.poll()
	}
	if s.sh.stop.Load() {
		return 0
	}
	if ply > s.seldepth {
		s.seldepth = ply
	}
	pvNode := beta-alpha > 1
	// Mate distance pruning.
	alpha = max(alpha, -WinScore+int32(ply))
	beta = min(beta, WinScore-int32(ply)-1)
	if alpha >= beta {
		return alpha
	}
	p := &s.pos[ply]
	// The king escapes at once.
	if s.sides[ply&1] == tafl.Defenders && p.OpenLines() > 0 {
		return WinScore - int32(ply+1)
	}
	key := s.hist[s.base+ply]
	hashMove := tafl.NoMove
	if e, ok := s.sh.tt.probe(key); ok {
		hashMove = e.move
		if e.depth >= depth && !pvNode && !s.knobs.noTT && (!s.knobs.ttSameOnly || e.depth == depth) {
			v := fromTT(e.score, ply)
			switch {
			case e.bound == boundExact,
				e.bound == boundLower && v >= beta,
				e.bound == boundUpper && v <= alpha:
				return v
			}
		}
	}

	moves := p.GenerateMoves(s.moves[ply])
	s.moves[ply] = moves
	if len(moves) == 0 {
		return s.noMoves(ply)
	}
	order := s.order[ply][:0]
	for _, m := range moves {
		order = append(order, s.scoreMove(ply, m, hashMove))
	}
	s.order[ply] = order

	side := 0
	if s.sides[ply&1] == tafl.Defenders {
		side = 1
	}
	origAlpha := alpha
	best := int32(-infinity)
	bestMove := tafl.NoMove
	legal := 0
	for i := range moves {
		if i < sortAfter {
			// Selection sort for the first moves: a cut-off often
			// comes before the rest is needed.
			bi := i
			for j := i + 1; j < len(moves); j++ {
				if order[j] > order[bi] {
					bi = j
				}
			}
			moves[i], moves[bi] = moves[bi], moves[i]
			order[i], order[bi] = order[bi], order[i]
		} else if i == sortAfter {
			s.sortRest(ply, moves[i:], order[i:])
		}
		m := moves[i]
		quiet := order[i] < orderKiller

		c := &s.pos[ply+1]
		caps := p.MakeMove(m, c)
		var score int32
		if v, over := s.terminal(ply, c, caps); over {
			if v == forbidden {
				continue
			}
			score = v
		} else {
			s.push(ply, m, c, caps)
			if legal == 0 {
				score = -s.search(ply+1, depth-1, -beta, -alpha)
			} else {
				r := 0
				if depth >= 3 && legal >= 3 && quiet && caps == 0 && !s.knobs.noLMR {
					r = 1
					if legal >= 8 && depth >= 5 {
						r = 2
					}
					if pvNode {
						r--
					}
				}
				score = -s.search(ply+1, depth-1-r, -alpha-1, -alpha)
				if score > alpha && r > 0 {
					score = -s.search(ply+1, depth-1, -alpha-1, -alpha)
				}
				if score > alpha && score < beta {
					score = -s.search(ply+1, depth-1, -beta, -alpha)
				}
			}
		}
		legal++
		if s.sh.stop.Load() {
			return 0
		}
		if score > best {
			best = score
			bestMove = m
			if score > alpha {
				alpha = score
				s.updatePV(ply, m)
				if score >= beta {
					if quiet {
						if s.killers[ply][0] != m {
							s.killers[ply][1] = s.killers[ply][0]
							s.killers[ply][0] = m
						}
						h := &s.history[side*cells*cells+int(m.From())*cells+int(m.To())]
						*h += int32(depth * depth)
						if *h > 1<<20 {
							for k := range s.history {
								s.history[k] /= 2
							}
						}
					}
					break
				}
			}
		}
	}
	if legal == 0 {
		return s.noMoves(ply)
	}
	bound := boundExact
	switch {
	case best >= beta:
		bound = boundLower
	case best <= origAlpha:
		bound = boundUpper
	}
	s.sh.tt.store(key, bestMove, toTT(best, ply), depth, bound)
	return best
}

// sortAfter is the number of moves picked by selection before the rest
// of a node's moves is sorted at once.
const sortAfter = 3

// sortRest sorts moves (and their keys) by decreasing key, ties by move,
// so the order is deterministic.
func (s *searcher) sortRest(ply int, moves []tafl.Move, order []int32) {
	packed := s.packed[ply][:0]
	for i, m := range moves {
		packed = append(packed, uint64(uint32(order[i]))<<32|uint64(m))
	}
	slices.Sort(packed)
	n := len(packed)
	for i := range packed {
		x := packed[n-1-i]
		moves[i] = tafl.Move(uint32(x))
		order[i] = int32(uint32(x >> 32))
	}
	s.packed[ply] = packed
}

// noMoves scores a position whose side to move has no legal move.
func (s *searcher) noMoves(ply int) int32 {
	if s.rules.NoMovesDraw {
		return 0
	}
	return -WinScore + int32(ply)
}

// toTT and fromTT make forced-win scores relative to the node, so that a
// table entry means the same at any ply.
func toTT(v int32, ply int) int32 {
	switch {
	case v > mateBound:
		return v + int32(ply)
	case v < -mateBound:
		return v - int32(ply)
	}
	return v
}

func fromTT(v int32, ply int) int32 {
	switch {
	case v > mateBound:
		return v - int32(ply)
	case v < -mateBound:
		return v + int32(ply)
	}
	return v
}
