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

	// Weights replaces the evaluation's built-in weights (nil: the
	// built-in ones); only for the variants whose evaluation is a fitted
	// family (see Tunable, ParseWeights).
	Weights *Weights

	// AttackerWeights makes the attackers, when they are to move at the
	// root, evaluate with their own weights, which value the corner
	// seals more (only the fitted families have them; see ENGINE.md).
	// It is for play: leave it false where the scores of positions with
	// different sides to move are compared, as a review does. Weights,
	// when given, are used for both sides.
	AttackerWeights bool

	knobs knobs // test switches
}

// knobs turn parts of the search off, for tests that compare it with a
// plain minimax.
type knobs struct {
	noPrune    bool // search every move to full depth: no reductions, no null move, no futility pruning
	noQuiesce  bool // evaluate leaves statically
	noTT       bool // no transposition-table cutoffs
	ttSameOnly bool // table cutoffs only from entries of exactly the same depth
	keepBest   bool // an unfinished iteration's move replaces the previous best only if it scores more than the previous iteration did (the rule before 2026-11-26)
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
	pollAt   int64 // poll when nodes reaches this: pollEvery, or a smaller node budget
	total    int64
	seldepth int

	pos [maxPly + 2]tafl.Position // the path's positions, made move by move (see boardAt)
	// The evaluation's piece terms of boardAt(ply), brought up to date
	// lazily (see evaluate) from the cells each move changed; in the fitted
	// families push brings a quiet move's own terms at once.
	sums     [maxPly + 2]pieceSums
	sumsOK   [maxPly + 2]uint8          // sumsNone, sumsOwn or sumsAll
	changed  [maxPly + 2][6]tafl.Square // cells the move into ply changed
	nchanged [maxPly + 2]int8           // how many; -1: many (a shieldwall)
	kings    [maxPly + 2]tafl.Square
	sides    [2]tafl.Side // the side to move at even and odd plies
	moves    [maxPly + 1][]tafl.Move
	order    [maxPly + 1][]int32
	packed   [maxPly + 1][]uint64
	hist     []uint64 // position hashes: the game's since the last capture, then the path (up to base+ply)
	base     int      // index in hist of the root position
	irrev    [maxPly + 2]int
	// hashBits[ply]: a bit (hashBit) for each hash terminal compares with
	// a child of ply, a filter that spares most nodes the scan.
	hashBits [maxPly + 3]uint64
	null     [maxPly + 2]bool // the position at ply was reached by a null move
	killers  [maxPly + 1][2]tafl.Move
	history  []int32 // [side][from*cells+to]
	pv       [maxPly + 1][maxPly + 1]tafl.Move
	pvLen    [maxPly + 1]int

	root []rootMove

	// remake[ply]: pos[ply] holds a child of pos[ply-1] as it is now,
	// made by a move that changed only changed[ply][:nchanged[ply]], so
	// the next child is made over it (tafl.Position.MakeMoveOver): most
	// nodes try several moves, and putting back a few cells costs less
	// than copying the whole board.
	remake [maxPly + 3]bool

	// marks and mark number: the squares updateSums has counted already.
	marks [cells]uint32
	mark  uint32

	cordons cordonCache // the evaluation's cordon tests
	detours detourCache // the evaluation's king's detours

	sqSort squareSort  // sortRest's scratch space
	sorted []tafl.Move // sortRest's output before it is copied back

	capMap [maxPly + 1][cells]uint8 // see buildCapMap
	capSq  [maxPly + 1][]tafl.Square
}

// boardAt is the board of the position at ply: the position's own
// mailbox, read in place (copying it per ply as well cost a 231-byte copy
// per node on 11×11).
func (s *searcher) boardAt(ply int) *board { return (*board)(s.pos[ply].Cells()) }

// evaluate returns the static evaluation of the position at ply. It
// brings the piece terms of boardAt(ply) up to date first: from the
// nearest ancestor whose terms are known (the root's always are) move by
// move (ownSumsAt), then, in the fitted families, the neighbour terms.
func (s *searcher) evaluate(ply int) int32 {
	ps := &s.sums[ply]
	if s.sumsOK[ply] == sumsNone {
		s.ownSumsAt(ply)
	}
	if s.sumsOK[ply] == sumsOwn {
		s.in.neighbourTerms(ps, s.kings[ply])
		s.sumsOK[ply] = sumsAll
	}
	if checkSums {
		s.verifySums(ply)
	}
	v := s.in.evaluateCached(s.boardAt(ply), s.sides[ply&1], s.kings[ply], ps, &s.cordons, &s.detours)
	return v
}

// verifySums panics if the piece terms at ply differ from a count from
// scratch (tests only; out of line, it leaves evaluate a small frame).
func (s *searcher) verifySums(ply int) {
	if want := s.in.pieceSumsOf(s.boardAt(ply)); want != s.sums[ply] {
		panic(fmt.Sprintf("ai: incremental piece sums %+v, from scratch %+v", s.sums[ply], want))
	}
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
	sh := &shared{tt: getTable(cmp(lim.HashMB, 16)), done: ctx.Done(), start: time.Now(), nodeLimit: lim.Nodes}
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
	if lim.Weights != nil {
		if _, err := infoFor(g.Variant()).withWeights(lim.Weights); err != nil {
			return Result{}, err
		}
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
	putTable(sh.tt)
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

// How much of sums[ply] is up to date (searcher.sumsOK).
const (
	sumsNone = iota
	sumsOwn  // the fitted families: all but the exposure counts (see neighbourTerms)
	sumsAll
)

// ownSumsAt brings the piece terms of boardAt(ply) up to date from the
// nearest ancestor whose terms are known, move by move; in the fitted
// families all but the exposure counts, which may be stale (see
// neighbourTerms): the bit sets, material, square values, seal masks and
// chain links. The plies between the ancestor and ply get only these.
func (s *searcher) ownSumsAt(ply int) *pieceSums {
	a := ply
	for s.sumsOK[a] == sumsNone {
		a--
	}
	for i := a + 1; i <= ply; i++ {
		n := s.nchanged[i]
		switch {
		case n < 0:
			s.sums[i] = s.in.pieceSumsOf(s.boardAt(i))
			s.sumsOK[i] = sumsAll
		case s.in.bits != nil:
			s.sums[i] = s.sums[i-1]
			if c := &s.changed[i]; n == 2 { // a move that captured nothing (see push)
				s.in.moveTerms(s.boardAt(i)[c[1]], c[0], c[1], &s.sums[i])
			} else {
				s.in.updateOwnTerms(s.boardAt(i-1), s.boardAt(i), c[:n], &s.sums[i])
			}
			s.sumsOK[i] = sumsOwn
		default:
			s.sums[i] = s.sums[i-1]
			s.mark++
			if s.mark == 0 { // wrapped: forget every old mark
				s.marks = [cells]uint32{}
				s.mark = 1
			}
			s.in.updateSums(s.boardAt(i-1), s.boardAt(i), s.changed[i][:n], &s.sums[i], &s.marks, s.mark)
			s.sumsOK[i] = sumsAll
		}
	}
	return &s.sums[ply]
}

// checkSums makes every evaluation compare the incremental piece sums
// with a from-scratch count (tests only).
var checkSums bool

func cmp(x, def int) int {
	if x <= 0 {
		return def
	}
	return x
}

func newSearcher(sh *shared, g *tafl.Game, legal []tafl.Move, id int, lim Limits) *searcher {
	pos := g.Position()
	in := infoFor(g.Variant())
	if lim.Weights != nil {
		in, _ = in.withWeights(lim.Weights) // checked by Search
	} else if lim.AttackerWeights && in.att != nil && pos.ToMove() == tafl.Attackers {
		in = in.att
	}
	s := &searcher{sh: sh, in: in, id: id, knobs: lim.knobs, noise: lim.Noise, pollAt: pollEvery}
	if lim.Nodes > 0 && lim.Nodes < pollEvery {
		// A budget under pollEvery nodes was searched as pollEvery nodes
		// (-nodes 200 searched 1025, and nodes=100 played as nodes=900).
		s.pollAt = lim.Nodes
	}
	s.rules = s.in.rules
	h := g.History()
	s.hist = make([]uint64, len(h)+maxPly+2) // the path's hashes are written in place
	copy(s.hist, h)
	s.base = len(h) - 1
	for i := s.base - 1; i >= 0; i -= 2 {
		s.hashBits[0] |= hashBit(h[i])
	}
	for i := s.base; i >= 0; i -= 2 {
		s.hashBits[1] |= hashBit(h[i])
	}
	s.pos[0] = pos
	s.sums[0] = s.in.pieceSumsOf(s.boardAt(0))
	s.sumsOK[0] = sumsAll
	s.kings[0] = pos.King()
	s.sides = [2]tafl.Side{pos.ToMove(), pos.ToMove().Other()}
	for i := range s.moves {
		s.moves[i] = make([]tafl.Move, 0, 256)
		s.order[i] = make([]int32, 0, 256)
		s.packed[i] = make([]uint64, 0, 256)
	}
	s.history = make([]int32, 2*cells*cells)
	s.root = make([]rootMove, len(legal))
	s.buildCapMap(0)
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

// pollEvery is how many nodes a thread searches between polls (fewer
// with a smaller node budget: searcher.pollAt).
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
			// Use the unfinished iteration's best move when it differs
			// from the previous best: the previous best is searched first,
			// so another move is best only if its search finished and beat
			// the previous best's at the new depth (an unfinished search
			// is never counted). Often the deeper search has just found
			// the previous best losing: keeping it until some move beat
			// its old, shallower score played into losses the search had
			// seen. With noise every move is searched within the noise
			// only, so there the old rule stays.
			if best != tafl.NoMove && res.Move != tafl.NoMove && best != res.Move &&
				(!noisy && !s.knobs.keepBest || score > int32(res.Score)) {
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
