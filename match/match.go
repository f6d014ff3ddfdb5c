package match

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/taflbot/taflbot/tafl"
)

// Match is one match's settings. Build one, then call [Match.Run].
type Match struct {
	Variant  *tafl.Variant
	Specs    [2]Spec   // Specs are player 1 and player 2.
	Openings []Opening // Openings are used in turn, one per pair of games.
	MaxPlies int       // MaxPlies after the opening adjudicate a game a draw.
	Seed     uint64    // Seed of taflbot's engine's random choices (easy, medium).

	OutDir        string        // OutDir receives game-NNNN.otg records ("": none).
	TranscriptDir string        // TranscriptDir receives each OTEP session, game-NNNN-pK.otep ("": none).
	SPRT          *SPRT         // SPRT stops the match when it decides (nil: play every game).
	Concurrency   int           // Concurrency is the games played at once (default 1).
	FreshEngines  bool          // FreshEngines starts an OTEP engine for each game instead of one per worker.
	Settle        time.Duration // Settle is otep.Options.Settle for OTEP engines (0: its default).
	Progress      io.Writer     // Progress receives a progress bar (nil: none).

	otnOnce sync.Once
	otn     *tafl.Variant // the variant as an OTEP engine plays its rules string; nil: the same game

	fromOnce  sync.Once
	fromOther bool // an opening starts elsewhere than the variant's start
}

// GameResult is one finished game.
type GameResult struct {
	Index    int       // Index is the game number from 0; games 2k and 2k+1 form pair k.
	P1Side   tafl.Side // P1Side is the side player 1 played.
	Outcome  tafl.Outcome
	Capped   bool // Capped: adjudicated a draw at the move cap.
	Plies    int
	Err      error     // Err: a player failed (crash, illegal move, timeout).
	ErrSide  tafl.Side // ErrSide is the side of the player that failed.
	Duration time.Duration
	// Dispute, when not empty, says where the rules as an OTEP engine
	// reads them (the OTN keys of the rules string, without taflbot's
	// tb- extensions, and OpenTafl's known deviations) part from
	// taflbot's rules in this game.
	Dispute string
	Status  [2]string // Status is each player's last status line (OTEP engines).
	// Resyncs counts, per player, the times an OTEP engine's board was set
	// to the real one because its reading of the rules took it elsewhere.
	Resyncs [2]int
	// Line identifies the game's moves (a hash of them, opening
	// included): two games with the same Line are the same game.
	Line uint64
}

// P1Score returns player 1's score in the game: 1, 0.5 or 0.
func (r GameResult) P1Score() float64 {
	switch r.Outcome.Winner {
	case r.P1Side:
		return 1
	case tafl.NoSide:
		return 0.5
	}
	return 0
}

// anyOTEP reports whether an OTEP engine plays in the match.
func (m *Match) anyOTEP() bool { return m.Specs[0].IsOTEP() || m.Specs[1].IsOTEP() }

// seats are a worker's two players, for player 1 and player 2.
type seats struct {
	p          [2]player
	transcript [2]io.Writer
}

func (m *Match) newSeats() *seats {
	s := &seats{}
	for k, spec := range m.Specs {
		if spec.IsOTEP() {
			k := k
			s.p[k] = &otepPlayer{spec: spec, fresh: m.FreshEngines, settle: m.Settle, reading: m.engineReading(),
				transcript: func() io.Writer { return s.transcript[k] }}
		} else {
			s.p[k] = &enginePlayer{lim: spec.Limits}
		}
	}
	return s
}

func (s *seats) close() {
	for _, p := range s.p {
		p.close()
	}
}

// Run plays pairs pairs of games (fewer when the SPRT decides) and
// returns the summary.
func (m *Match) Run(ctx context.Context, pairs int) *Summary {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	conc := max(m.Concurrency, 1)
	jobs := make(chan int)
	results := make(chan GameResult)
	var wg sync.WaitGroup
	for w := 0; w < conc; w++ {
		wg.Go(func() {
			s := m.newSeats()
			defer s.close()
			for i := range jobs {
				results <- m.playGame(ctx, i, s)
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
	sum := NewSummary(pairs)
	start := time.Now()
	for r := range results {
		if ctx.Err() != nil && r.Err != nil && errors.Is(r.Err, context.Canceled) {
			continue // cut short by a decided SPRT or a signal
		}
		sum.Add(r)
		if m.Progress != nil {
			sum.progress(m.Progress, 2*pairs, time.Since(start))
		}
		if m.SPRT != nil && sum.PairsDone() > 0 {
			if v := m.SPRT.Verdict(sum.Penta); v != "" {
				sum.Verdict = v
				cancel()
			}
		}
	}
	if m.Progress != nil {
		fmt.Fprintln(m.Progress)
	}
	return sum
}

// PlayGame plays game i alone (its own players): pair i/2, player 1
// attacking in even games.
func (m *Match) PlayGame(ctx context.Context, i int) GameResult {
	s := m.newSeats()
	defer s.close()
	return m.playGame(ctx, i, s)
}

func (m *Match) playGame(ctx context.Context, i int, s *seats) GameResult {
	op := m.Openings[(i/2)%len(m.Openings)]
	res := GameResult{Index: i, P1Side: tafl.Attackers}
	if i%2 == 1 {
		res.P1Side = tafl.Defenders
	}
	started := time.Now()
	defer func() { res.Duration = time.Since(started) }()
	g := tafl.NewGameFrom(op.Pos)
	for _, mv := range op.Moves {
		if _, err := g.Play(mv); err != nil {
			res.Err = fmt.Errorf("opening: %w", err)
			return res
		}
	}
	openLen := g.Len()
	var files []*os.File
	defer func() {
		for _, f := range files {
			f.Close()
		}
	}()
	for k := range s.transcript {
		s.transcript[k] = nil
		if m.TranscriptDir != "" && m.Specs[k].IsOTEP() {
			f, err := os.Create(filepath.Join(m.TranscriptDir, fmt.Sprintf("game-%04d-p%d.otep", i+1, k+1)))
			if err == nil {
				files = append(files, f)
				s.transcript[k] = f
			}
		}
	}
	// seat[side] is the player of that side: index into s.p.
	var seat [3]int
	seat[res.P1Side], seat[res.P1Side.Other()] = 0, 1
	for k, side := range []tafl.Side{res.P1Side, res.P1Side.Other()} {
		if err := s.p[k].start(ctx, g, side, m.Seed+uint64(i)*7919+uint64(k)); err != nil {
			// A player that cannot start loses the game.
			res.Err, res.ErrSide = fmt.Errorf("%s: %w", m.Specs[k].Name, err), side
			res.Outcome = tafl.Outcome{Winner: side.Other(), Reason: tafl.Resignation}
			return res
		}
	}
	for !g.Outcome().Over() {
		if g.Len()-openLen >= m.MaxPlies {
			g.AgreeDraw()
			res.Capped = true
			break
		}
		side := g.ToMove()
		p := s.p[seat[side]]
		mv, err := p.think(ctx, g)
		if err == nil {
			_, err = g.Play(mv)
		}
		if err != nil {
			res.Err, res.ErrSide = err, side
			if ctx.Err() != nil {
				res.Err = ctx.Err()
			}
			g.Resign(side)
			break
		}
		if g.Outcome().Over() {
			break // no need to tell the other player
		}
		if err := s.p[seat[side.Other()]].told(g); err != nil {
			res.Err, res.ErrSide = err, side.Other()
			g.Resign(side.Other())
			break
		}
	}
	res.Outcome = g.Outcome()
	res.Plies = g.Len()
	res.Line = LineOf(g)
	for k := range s.p {
		s.p[k].finish(res.Outcome)
		res.Status[k] = s.p[k].status()
		if op, ok := s.p[k].(*otepPlayer); ok {
			res.Resyncs[k] = op.Resyncs
		}
	}
	if m.anyOTEP() {
		refused := ""
		if res.Err != nil {
			if op, ok := s.p[seat[res.ErrSide]].(*otepPlayer); ok {
				refused = op.refused
			}
		}
		res.Dispute = m.dispute(g, openLen, res.Capped || res.Err != nil, refused)
	}
	if m.OutDir != "" && (res.Err == nil || !errors.Is(res.Err, context.Canceled)) {
		if err := m.writeRecord(g, i, res); err != nil && res.Err == nil {
			res.Err = err
		}
	}
	return res
}

func (m *Match) writeRecord(g *tafl.Game, i int, res GameResult) error {
	names := map[tafl.Side]string{res.P1Side: m.Specs[0].Name, res.P1Side.Other(): m.Specs[1].Name}
	tags := []tafl.Tag{
		{Name: "event", Value: fmt.Sprintf("tafl match, game %d (pair %d)", i+1, i/2+1)},
		{Name: "site", Value: "taflbot"},
		{Name: "date", Value: time.Now().UTC().Format("2006.01.02")},
		{Name: "attackers", Value: names[tafl.Attackers]},
		{Name: "defenders", Value: names[tafl.Defenders]},
	}
	if res.Capped {
		tags = append(tags, tafl.Tag{Name: "adjudication", Value: "draw by the move cap of " + plural(m.MaxPlies, "ply", "plies") + " after the opening"})
	}
	if res.Dispute != "" {
		tags = append(tags, tafl.Tag{Name: "rules-dispute", Value: strings.NewReplacer("[", "(", "]", ")").Replace(res.Dispute)})
	}
	if m.fromOtherStarts() {
		// The games from the variant's start name it too: under custom
		// rules a record with a position tag is read (tafl results) as a
		// game of the rules without their start, one without as a game
		// of the rules with it, and a match whose openings held the
		// start came out as two variants.
		tags = append(tags, tafl.Tag{Name: "position", Value: g.Start().Record()})
	}
	path := filepath.Join(m.OutDir, fmt.Sprintf("game-%04d.otg", i+1))
	return os.WriteFile(path, []byte(tafl.EncodeGame(g, tags)), 0o644)
}

// fromOtherStarts reports whether one of the match's openings starts
// elsewhere than the variant's start (an -openings file, a -position).
func (m *Match) fromOtherStarts() bool {
	m.fromOnce.Do(func() {
		start := m.Variant.Start()
		for _, op := range m.Openings {
			if op.Pos.Record() != start.Record() || op.Pos.ToMove() != start.ToMove() {
				m.fromOther = true
				return
			}
		}
	})
	return m.fromOther
}

// LineOf identifies g's moves: a hash of them (FNV-1a over their 32-bit
// codes). Games with the same moves from the same position have the same
// line.
func LineOf(g *tafl.Game) uint64 {
	h := fnv.New64a()
	var b [4]byte
	for _, p := range g.Plies() {
		binary.LittleEndian.PutUint32(b[:], uint32(p.Move))
		h.Write(b[:])
	}
	return h.Sum64()
}
