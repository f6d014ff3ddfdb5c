package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/taflbot/taflbot/tafl"
	"github.com/taflbot/taflbot/tafl/ai"
)

// runMatch plays engine-vs-engine matches:
//
//	tafl match [position flags] -p1 SPEC -p2 SPEC [-games N] [-opening PLIES | -openings FILE]
//	           [-time D | -nodes N | -nps N] [-maxplies N] [-concurrency N] [-seed N] [-out DIR]
//	           [-sprt ELO0,ELO1] [-progress=false]
//
// A player SPEC is a level (easy, medium, hard, max), a fixed budget
// (depth=N, nodes=N or time=D), or an external OTEP engine: "otep:COMMAND
// ARGS…" (split at spaces). -time D gives hard D and max 5D a move (and
// OTEP engines D); -nps N gives hard N nodes and max 5N; -nodes N gives
// both N. The progress bar is drawn only when stderr is a terminal. Games are played in pairs from the same opening with the sides
// swapped; openings are random walks of -opening plies (seeded) or the
// lines of -openings (a position record and the side to move). A game
// that reaches -maxplies is adjudicated a draw. Games run in parallel,
// one per core. The summary gives each player's results per side, the
// pair (pentanomial) counts for p1, the Elo difference p1 − p2 with its
// 95% interval and, with -sprt, the sequential test's verdict (the match
// stops early when it is reached). -out writes one .otg record per game.
func runMatch(e env) error {
	var s setup
	var p1, p2, openings, outDir, sprt string
	var games, opening, maxPlies, conc int
	var perMove time.Duration
	var nodes, nps int64
	var seed uint64
	var progress bool
	fs := newFlags(e, "match", "[position flags] -p1 SPEC -p2 SPEC [-games N] [flags]")
	s.register(fs)
	fs.StringVar(&p1, "p1", "hard", "player 1: easy|medium|hard|max, depth=N, nodes=N, time=D, or otep:COMMAND")
	fs.StringVar(&p2, "p2", "medium", "player 2 (same forms as -p1)")
	fs.IntVar(&games, "games", 20, "number of games (rounded up to an even number: pairs)")
	fs.IntVar(&opening, "opening", 4, "plies of the seeded random opening walk")
	fs.StringVar(&openings, "openings", "", "file of openings: one position record and side to move per line")
	fs.DurationVar(&perMove, "time", 0, "time per move for hard (max gets 5×) and for OTEP engines (default: the level's)")
	fs.Int64Var(&nodes, "nodes", 0, "nodes per move for hard and max alike (reproducible runs)")
	fs.Int64Var(&nps, "nps", 0, "turn time into nodes at this rate: hard 1 s = N nodes, max 5 s = 5N (reproducible runs)")
	fs.IntVar(&maxPlies, "maxplies", 300, "plies after the opening before the game is adjudicated a draw")
	fs.IntVar(&conc, "concurrency", runtime.NumCPU(), "games played at once")
	fs.Uint64Var(&seed, "seed", 1, "seed of the openings and of the engines' random choices")
	fs.StringVar(&outDir, "out", "", "directory for the .otg game records")
	fs.StringVar(&sprt, "sprt", "", "sequential test: ELO0,ELO1 (alpha = beta = 0.05); stops the match when decided")
	fs.BoolVar(&progress, "progress", true, "show a progress bar on stderr when it is a terminal")
	if err := parseFlags(fs, e.args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return &usageError{msg: "match takes no arguments"}
	}
	if games < 1 || games > 100000 || maxPlies < 1 || conc < 1 || opening < 0 || opening > 40 {
		return &usageError{msg: "-games, -maxplies and -concurrency must be positive; -opening from 0 to 40"}
	}
	if n := btoi(perMove != 0) + btoi(nodes != 0) + btoi(nps != 0); n > 1 {
		return &usageError{msg: "give one of -time, -nodes and -nps"}
	}
	if perMove < 0 || nodes < 0 || nps < 0 {
		return &usageError{msg: "-time, -nodes and -nps must be positive"}
	}
	v, err := s.Variant()
	if err != nil {
		return err
	}
	var specs [2]playerSpec
	for i, text := range []string{p1, p2} {
		if specs[i], err = parsePlayer(text, budget{perMove: perMove, nodes: nodes, nps: nps}); err != nil {
			return &usageError{msg: fmt.Sprintf("-p%d: %v", i+1, err)}
		}
	}
	m := &match{v: v, specs: specs, maxPlies: maxPlies, seed: seed, outDir: outDir}
	if sprt != "" {
		a, b, ok := strings.Cut(sprt, ",")
		e0, err0 := strconv.ParseFloat(strings.TrimSpace(a), 64)
		e1, err1 := strconv.ParseFloat(strings.TrimSpace(b), 64)
		if !ok || err0 != nil || err1 != nil || e0 >= e1 {
			return &usageError{msg: "-sprt wants ELO0,ELO1 with ELO0 < ELO1, such as 0,50"}
		}
		m.sprt = &sprtTest{elo0: e0, elo1: e1, alpha: 0.05, beta: 0.05}
	}
	pairs := (games + 1) / 2
	if openings != "" {
		m.openings, err = readOpenings(v, openings)
		if err != nil {
			return err
		}
	} else {
		start, err := s.Start()
		if err != nil {
			return err
		}
		for i := 0; i < pairs; i++ {
			m.openings = append(m.openings, randomOpening(start, opening, seed+uint64(i)))
		}
	}
	if outDir != "" {
		if err := os.MkdirAll(outDir, 0o755); err != nil {
			return err
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	var bar io.Writer
	if progress && isTerminal(e.stderr) {
		bar = e.stderr
	}
	sum := m.run(ctx, pairs, conc, bar)
	sum.print(e.stdout, m)
	if sum.errors > 0 {
		return &exitError{code: 1}
	}
	return nil
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// isTerminal reports whether w is a terminal (a character device).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// playerSpec says how to build one player for a game.
type playerSpec struct {
	name    string
	lim     ai.Limits     // our engine
	cmd     []string      // an OTEP engine's command line
	perMove time.Duration // an OTEP engine's time per move (0: its own)
}

// budget is the match's budget flags for hard and max: -time (hard's
// time; max gets 5×), -nodes (both alike) or -nps (time converted to
// nodes: hard's 1 s = nps nodes, max's 5 s = 5 × nps).
type budget struct {
	perMove time.Duration
	nodes   int64
	nps     int64
}

func parsePlayer(text string, b budget) (playerSpec, error) {
	text = strings.TrimSpace(text)
	if rest, ok := strings.CutPrefix(text, "otep:"); ok {
		cmd := strings.Fields(rest)
		if len(cmd) == 0 {
			return playerSpec{}, errors.New("otep: needs a command line, such as otep:./tafl otep -level hard")
		}
		name := strings.TrimSpace(filepath.Base(cmd[0]) + " " + strings.Join(cmd[1:], " "))
		return playerSpec{name: name, cmd: cmd, perMove: b.perMove}, nil
	}
	if k, val, ok := strings.Cut(text, "="); ok {
		switch k {
		case "depth":
			n, err := strconv.Atoi(val)
			if err != nil || n < 1 || n > 100 {
				return playerSpec{}, fmt.Errorf("bad depth %q", val)
			}
			return playerSpec{name: text, lim: ai.Limits{Depth: n}}, nil
		case "nodes":
			n, err := strconv.ParseInt(val, 10, 64)
			if err != nil || n < 1 {
				return playerSpec{}, fmt.Errorf("bad node count %q", val)
			}
			return playerSpec{name: text, lim: ai.Limits{Nodes: n}}, nil
		case "time":
			d, err := time.ParseDuration(val)
			if err != nil || d <= 0 {
				return playerSpec{}, fmt.Errorf("bad time %q", val)
			}
			return playerSpec{name: text, lim: ai.Limits{Time: d}}, nil
		}
		return playerSpec{}, fmt.Errorf("unknown budget %q: use depth=N, nodes=N or time=D", k)
	}
	l, err := ai.ParseLevel(text)
	if err != nil {
		return playerSpec{}, fmt.Errorf("%q is not a level, a budget (depth=N, nodes=N, time=D) or otep:COMMAND", text)
	}
	lim := ai.LevelLimits(l, 0)
	if lim.Time > 0 { // hard and max: scale from hard's level time
		hard := ai.LevelLimits(ai.Hard, 0).Time
		switch {
		case b.nodes > 0:
			lim.Time, lim.Nodes = 0, b.nodes
		case b.nps > 0:
			lim.Nodes = int64(float64(b.nps) * lim.Time.Seconds())
			lim.Time = 0
		case b.perMove > 0:
			lim.Time = time.Duration(float64(b.perMove) * float64(lim.Time) / float64(hard))
		}
	}
	return playerSpec{name: text, lim: lim}, nil
}

// opening is a start for a pair of games: moves from the variant's start,
// or a position.
type opening struct {
	moves []tafl.Move
	pos   *tafl.Position
}

// randomOpening walks plies random legal moves from start (seeded),
// avoiding moves that end the game or let the opponent win at once.
func randomOpening(start tafl.Position, plies int, seed uint64) opening {
	r := rand.New(rand.NewPCG(seed, 0x6f70656e))
	g := tafl.NewGameFrom(start)
	var out []tafl.Move
	for len(out) < plies {
		moves := g.LegalMoves()
		if len(moves) == 0 {
			break
		}
		r.Shuffle(len(moves), func(i, j int) { moves[i], moves[j] = moves[j], moves[i] })
		played := false
		for _, m := range moves {
			trial := g.Clone()
			if _, err := trial.Play(m); err != nil || trial.Outcome().Over() || winsInOne(trial) {
				continue
			}
			g = trial
			out = append(out, m)
			played = true
			break
		}
		if !played {
			break
		}
	}
	return opening{moves: out, pos: &start}
}

// winsInOne reports whether the side to move in g can end the game
// with a win at once (an opening must not hand over such a win).
func winsInOne(g *tafl.Game) bool {
	side := g.ToMove()
	for _, m := range g.LegalMoves() {
		trial := g.Clone()
		if _, err := trial.Play(m); err == nil && trial.Outcome().Winner == side {
			return true
		}
	}
	return false
}

// readOpenings reads "RECORD SIDE" lines (# comments allowed).
func readOpenings(v *tafl.Variant, path string) ([]opening, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var out []opening
	for i, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' {
			continue
		}
		f := strings.Fields(line)
		side := v.Start().ToMove()
		if len(f) > 1 {
			if side, err = tafl.ParseSide(f[1]); err != nil {
				return nil, fmt.Errorf("%s:%d: %v", path, i+1, err)
			}
		}
		p, err := v.ParsePosition(f[0], side)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", path, i+1, err)
		}
		if p.Outcome().Over() {
			return nil, fmt.Errorf("%s:%d: the game is already over in this position", path, i+1)
		}
		out = append(out, opening{pos: &p})
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no openings (want lines of a position record and the side to move)", path)
	}
	return out, nil
}

// match is one match's settings.
type match struct {
	v        *tafl.Variant
	specs    [2]playerSpec
	openings []opening
	maxPlies int
	seed     uint64
	outDir   string
	sprt     *sprtTest
}

// gameResult is one finished game.
type gameResult struct {
	index    int // game number from 0; games 2k and 2k+1 form pair k
	p1Side   tafl.Side
	outcome  tafl.Outcome
	capped   bool
	plies    int
	err      error // a player failed (crash, illegal move, timeout)
	errSide  tafl.Side
	duration time.Duration
}

// p1Score returns player 1's score in the game: 1, 0.5 or 0.
func (r gameResult) p1Score() float64 {
	switch r.outcome.Winner {
	case r.p1Side:
		return 1
	case tafl.NoSide:
		return 0.5
	}
	return 0
}

// run plays the match and returns its summary.
func (m *match) run(ctx context.Context, pairs, conc int, bar io.Writer) *summary {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	jobs := make(chan int)
	results := make(chan gameResult)
	var wg sync.WaitGroup
	for w := 0; w < conc; w++ {
		wg.Go(func() {
			for i := range jobs {
				results <- m.playGame(ctx, i)
			}
		})
	}
	go func() {
		defer close(jobs)
		for i := 0; i < 2*pairs; i++ {
			select {
			case jobs <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() { wg.Wait(); close(results) }()
	sum := newSummary(pairs)
	start := time.Now()
	for r := range results {
		if ctx.Err() != nil && r.err != nil && errors.Is(r.err, context.Canceled) {
			continue // cut short by a decided SPRT or a signal
		}
		sum.add(r)
		if bar != nil {
			sum.progress(bar, 2*pairs, time.Since(start))
		}
		if m.sprt != nil && sum.pairsDone() > 0 {
			if v := m.sprt.verdict(sum.penta); v != "" {
				sum.sprtVerdict = v
				cancel()
			}
		}
	}
	if bar != nil {
		fmt.Fprintln(bar)
	}
	return sum
}

// playGame plays game i: pair i/2, player 1 attacking in even games.
func (m *match) playGame(ctx context.Context, i int) gameResult {
	op := m.openings[(i/2)%len(m.openings)]
	res := gameResult{index: i, p1Side: tafl.Attackers}
	if i%2 == 1 {
		res.p1Side = tafl.Defenders
	}
	started := time.Now()
	defer func() { res.duration = time.Since(started) }()
	g := tafl.NewGameFrom(*op.pos)
	for _, mv := range op.moves {
		if _, err := g.Play(mv); err != nil {
			res.err = fmt.Errorf("opening: %w", err)
			return res
		}
	}
	openLen := g.Len()
	// players[side]
	var players [3]player
	for k, side := range []tafl.Side{res.p1Side, res.p1Side.Other()} {
		pl, err := m.newPlayer(m.specs[k], m.seed+uint64(i)*7919+uint64(k))
		if err == nil {
			players[side] = pl
			err = pl.start(ctx, g, side)
		}
		if err != nil {
			// A player that cannot start loses the game.
			res.err, res.errSide = fmt.Errorf("%s: %w", m.specs[k].name, err), side
			res.outcome = tafl.Outcome{Winner: side.Other(), Reason: tafl.Resignation}
			m.closeAll(players)
			return res
		}
	}
	for !g.Outcome().Over() {
		if g.Len()-openLen >= m.maxPlies {
			g.AgreeDraw()
			res.capped = true
			break
		}
		side := g.ToMove()
		mv, err := players[side].think(ctx, g)
		if err == nil {
			_, err = g.Play(mv)
		}
		if err != nil {
			res.err, res.errSide = err, side
			if ctx.Err() != nil {
				res.err = ctx.Err()
			}
			g.Resign(side)
			break
		}
		if err := players[side.Other()].told(g, mv); err != nil {
			res.err, res.errSide = err, side.Other()
			g.Resign(side.Other())
			break
		}
	}
	res.outcome = g.Outcome()
	res.plies = g.Len()
	for _, side := range []tafl.Side{tafl.Attackers, tafl.Defenders} {
		players[side].finish(res.outcome)
	}
	m.closeAll(players)
	if m.outDir != "" && (res.err == nil || !errors.Is(res.err, context.Canceled)) {
		names := map[tafl.Side]string{res.p1Side: m.specs[0].name, res.p1Side.Other(): m.specs[1].name}
		tags := []tafl.Tag{
			{Name: "event", Value: fmt.Sprintf("tafl match, game %d (pair %d)", i+1, i/2+1)},
			{Name: "site", Value: "taflbot"},
			{Name: "date", Value: time.Now().UTC().Format("2006.01.02")},
			{Name: "attackers", Value: names[tafl.Attackers]},
			{Name: "defenders", Value: names[tafl.Defenders]},
		}
		if res.capped {
			tags = append(tags, tafl.Tag{Name: "adjudication", Value: fmt.Sprintf("draw by the move cap of %d plies after the opening", m.maxPlies)})
		}
		path := filepath.Join(m.outDir, fmt.Sprintf("game-%04d.otg", i+1))
		if err := os.WriteFile(path, []byte(tafl.EncodeGame(g, tags)), 0o644); err != nil && res.err == nil {
			res.err = err
		}
	}
	return res
}

func (m *match) closeAll(players [3]player) {
	for _, p := range players {
		if p != nil {
			p.close()
		}
	}
}

// player is one side of one game.
type player interface {
	start(ctx context.Context, g *tafl.Game, side tafl.Side) error
	think(ctx context.Context, g *tafl.Game) (tafl.Move, error)
	told(g *tafl.Game, m tafl.Move) error // the opponent played m (already on g)
	finish(o tafl.Outcome)
	close()
}

func (m *match) newPlayer(spec playerSpec, seed uint64) (player, error) {
	if spec.cmd != nil {
		return &otepPlayer{argv: spec.cmd, perMove: spec.perMove}, nil
	}
	lim := spec.lim
	lim.Seed = seed
	return &enginePlayer{lim: lim}, nil
}

// enginePlayer is taflbot's own engine, searched in-process.
type enginePlayer struct {
	lim ai.Limits
	n   uint64
}

func (p *enginePlayer) start(context.Context, *tafl.Game, tafl.Side) error { return nil }
func (p *enginePlayer) told(*tafl.Game, tafl.Move) error                   { return nil }
func (p *enginePlayer) finish(tafl.Outcome)                                {}
func (p *enginePlayer) close()                                             {}

func (p *enginePlayer) think(ctx context.Context, g *tafl.Game) (tafl.Move, error) {
	lim := p.lim
	lim.Seed += p.n * 104729
	p.n++
	r, err := ai.Search(ctx, g, lim)
	if err != nil {
		return tafl.NoMove, err
	}
	if ctx.Err() != nil {
		return tafl.NoMove, ctx.Err()
	}
	return r.Move, nil
}

// summary accumulates the results.
type summary struct {
	games       []gameResult
	done        int
	errors      int
	perPair     []int     // games finished per pair
	pairScore   []float64 // p1's points per pair
	penta       [5]int    // pairs by p1's points: 0, ½, 1, 1½, 2
	sprtVerdict string
	// [player][side][0 win, 1 loss, 2 draw]
	table [2][3][3]int
}

func newSummary(pairs int) *summary {
	return &summary{perPair: make([]int, pairs), pairScore: make([]float64, pairs)}
}

func (s *summary) pairsDone() int {
	n := 0
	for _, c := range s.penta {
		n += c
	}
	return n
}

func (s *summary) add(r gameResult) {
	s.games = append(s.games, r)
	s.done++
	if r.err != nil {
		s.errors++
	}
	for k, side := range []tafl.Side{r.p1Side, r.p1Side.Other()} {
		col := 2
		switch r.outcome.Winner {
		case side:
			col = 0
		case side.Other():
			col = 1
		}
		s.table[k][side][col]++
	}
	pair := r.index / 2
	s.perPair[pair]++
	s.pairScore[pair] += r.p1Score()
	if s.perPair[pair] == 2 {
		s.penta[int(math.Round(s.pairScore[pair]*2))]++
	}
}

func (s *summary) progress(w io.Writer, total int, elapsed time.Duration) {
	const width = 30
	filled := s.done * width / max(total, 1)
	w1, l1, d1 := 0, 0, 0
	for side := 1; side <= 2; side++ {
		w1 += s.table[0][side][0]
		l1 += s.table[0][side][1]
		d1 += s.table[0][side][2]
	}
	fmt.Fprintf(w, "\r[%s%s] %d/%d games  p1 +%d -%d =%d  %s ",
		strings.Repeat("#", filled), strings.Repeat(".", width-filled), s.done, total, w1, l1, d1, elapsed.Round(time.Second))
}

func (s *summary) print(w io.Writer, m *match) {
	fmt.Fprintf(w, "match %s: p1 %s vs p2 %s, %d games\n", m.v.Name(), m.specs[0].name, m.specs[1].name, s.done)
	fmt.Fprintf(w, "%-4s %-22s %-10s %5s %5s %6s %5s %7s\n", "", "player", "side", "games", "wins", "losses", "draws", "score")
	for k := 0; k < 2; k++ {
		var tw, tl, td int
		for _, side := range []tafl.Side{tafl.Attackers, tafl.Defenders} {
			c := s.table[k][side]
			n := c[0] + c[1] + c[2]
			tw, tl, td = tw+c[0], tl+c[1], td+c[2]
			fmt.Fprintf(w, "p%-3d %-22s %-10s %5d %5d %6d %5d %7s\n", k+1, clipName(m.specs[k].name), side, n, c[0], c[1], c[2], pct(c[0], c[2], n))
		}
		n := tw + tl + td
		fmt.Fprintf(w, "p%-3d %-22s %-10s %5d %5d %6d %5d %7s\n", k+1, clipName(m.specs[k].name), "total", n, tw, tl, td, pct(tw, td, n))
	}
	capped := 0
	for _, g := range s.games {
		if g.capped {
			capped++
		}
	}
	if capped > 0 {
		fmt.Fprintf(w, "adjudicated draws (move cap %d plies): %d\n", m.maxPlies, capped)
	}
	if s.errors > 0 {
		fmt.Fprintf(w, "games lost by a failing player: %d\n", s.errors)
		for _, g := range s.games {
			if g.err != nil {
				fmt.Fprintf(w, "  game %d: %s: %v\n", g.index+1, g.errSide, g.err)
			}
		}
	}
	fmt.Fprintf(w, "pairs for p1 (0, ½, 1, 1½, 2 points): %d %d %d %d %d\n", s.penta[0], s.penta[1], s.penta[2], s.penta[3], s.penta[4])
	if elo, lo, hi, ok := pentaElo(s.penta); ok {
		fmt.Fprintf(w, "elo p1 - p2: %s (95%%: %s to %s)\n", fmtElo(elo), fmtElo(lo), fmtElo(hi))
	}
	if m.sprt != nil {
		llr := m.sprt.llr(s.penta)
		lo, hi := m.sprt.bounds()
		verdict := s.sprtVerdict
		if verdict == "" {
			verdict = "undecided"
		}
		fmt.Fprintf(w, "sprt elo0 %g elo1 %g: llr %.2f (bounds %.2f, %.2f): %s\n", m.sprt.elo0, m.sprt.elo1, llr, lo, hi, verdict)
	}
}

func clipName(s string) string {
	if len(s) > 22 {
		return s[:19] + "..."
	}
	return s
}

func pct(wins, draws, n int) string {
	if n == 0 {
		return "-"
	}
	return fmt.Sprintf("%.1f%%", 100*(float64(wins)+0.5*float64(draws))/float64(n))
}

func fmtElo(x float64) string {
	switch {
	case math.IsInf(x, 1):
		return "+inf"
	case math.IsInf(x, -1):
		return "-inf"
	case math.Abs(x) < 0.5:
		return "0" // never "-0" or "+0"
	}
	return fmt.Sprintf("%+.0f", x)
}

// eloOf converts an expected score to an Elo difference.
func eloOf(score float64) float64 {
	switch {
	case score <= 0:
		return math.Inf(-1)
	case score >= 1:
		return math.Inf(1)
	}
	return -400 * math.Log10(1/score-1)
}

// scoreOf converts an Elo difference to an expected score.
func scoreOf(elo float64) float64 { return 1 / (1 + math.Pow(10, -elo/400)) }

// pentaStats returns the mean and variance of the per-pair score
// (normalized to 0…1) over the pentanomial counts.
func pentaStats(penta [5]int) (mean, variance float64, n int) {
	for i, c := range penta {
		n += c
		mean += float64(c) * float64(i) / 4
	}
	if n == 0 {
		return 0, 0, 0
	}
	mean /= float64(n)
	for i, c := range penta {
		d := float64(i)/4 - mean
		variance += float64(c) * d * d
	}
	variance /= float64(n)
	return mean, variance, n
}

// pentaElo returns the Elo difference and its 95% interval from pair
// counts (normal approximation on the pair scores).
func pentaElo(penta [5]int) (elo, lo, hi float64, ok bool) {
	mean, variance, n := pentaStats(penta)
	if n == 0 {
		return 0, 0, 0, false
	}
	half := 1.959964 * math.Sqrt(variance/float64(n))
	return eloOf(mean), eloOf(mean - half), eloOf(mean + half), true
}

// sprtTest is a sequential probability ratio test on pair scores
// (the pentanomial normal approximation used by chess testing
// frameworks): H0 elo = elo0 against H1 elo = elo1.
type sprtTest struct {
	elo0, elo1, alpha, beta float64
}

func (t *sprtTest) bounds() (lo, hi float64) {
	return math.Log(t.beta / (1 - t.alpha)), math.Log((1 - t.beta) / t.alpha)
}

// llr returns the log-likelihood ratio of the counts.
func (t *sprtTest) llr(penta [5]int) float64 {
	mean, variance, n := pentaStats(penta)
	if n == 0 {
		return 0
	}
	variance = max(variance, 1e-3) // a few identical pairs say little
	s0, s1 := scoreOf(t.elo0), scoreOf(t.elo1)
	return float64(n) * (s1 - s0) * (2*mean - s0 - s1) / (2 * variance)
}

// verdict returns "H1 accepted", "H0 accepted" or "" (go on).
func (t *sprtTest) verdict(penta [5]int) string {
	l := t.llr(penta)
	lo, hi := t.bounds()
	switch {
	case l >= hi:
		return "H1 accepted (p1 is stronger by elo1)"
	case l <= lo:
		return "H0 accepted (p1 is not stronger by elo1)"
	}
	return ""
}
