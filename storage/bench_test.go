package storage

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/taflbot/taflbot/internal/pgtest"
	"github.com/taflbot/taflbot/tafl"
	"github.com/taflbot/taflbot/tournament"
)

// Benchmarks for docs/PERFORMANCE.md ("## Storage"). Run:
//
//	go test -run '^$' -bench . -benchtime 3s ./storage/
//
// The same benchmarks run on PostgreSQL (a new schema in the server of
// TAFLBOT_TEST_POSTGRES) when TAFLBOT_BENCH_POSTGRES=1 is set too.

// benchLine is a legal copenhagen game of benchPlies moves that does not
// end, played with a fixed seed; benchmark games replay it.
const benchPlies = 60

var benchLine = sync.OnceValue(func() []tafl.Move {
	v, err := tafl.Preset("copenhagen", "")
	if err != nil {
		panic(err)
	}
	for seed := uint64(1); ; seed++ {
		rng := rand.New(rand.NewPCG(seed, 99))
		g := tafl.NewGame(v)
		var line []tafl.Move
		for len(line) < benchPlies && !g.Outcome().Over() {
			moves := g.LegalMoves()
			m := moves[rng.IntN(len(moves))]
			if _, err := g.Play(m); err != nil {
				panic(err)
			}
			line = append(line, m)
		}
		if len(line) == benchPlies && !g.Outcome().Over() {
			return line
		}
	}
})

// benchDB returns a new database for a benchmark: a bbolt file, or with
// TAFLBOT_BENCH_POSTGRES=1 a PostgreSQL schema.
func benchDB(b *testing.B) string {
	if os.Getenv("TAFLBOT_BENCH_POSTGRES") == "1" {
		return pgtest.NewDatabase(b)
	}
	return filepath.Join(b.TempDir(), "bench.db")
}

func benchStore(b *testing.B, opts Options) *Store {
	s, err := Open(benchDB(b), opts)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { s.Close() })
	return s
}

func benchNewGame(b *testing.B, s *Store, n int) *Game {
	g, err := NewGame("copenhagen", "")
	if err != nil {
		b.Fatal(err)
	}
	g.GuildID, g.ChannelID, g.MoveTime = "g", "c", 72*time.Hour
	g.Attackers, g.Defenders = Human(fmt.Sprint("a", n)), Human(fmt.Sprint("d", n))
	if err := s.CreateGame(context.Background(), g); err != nil {
		b.Fatal(err)
	}
	return g
}

// playNext plays the next move of benchLine into game *g (starting a new
// game when the line is used up) and returns the UpdateGame latency.
func playNext(b *testing.B, s *Store, g **Game, n int) time.Duration {
	line := benchLine()
	if (*g).Ply() >= len(line) {
		*g = benchNewGame(b, s, n)
	}
	ply := (*g).Ply()
	start := time.Now()
	saved, err := s.UpdateGame(context.Background(), (*g).ID, ply, func(g *Game) error {
		_, err := g.Tafl().Play(line[ply])
		return err
	})
	d := time.Since(start)
	if err != nil {
		b.Fatal(err)
	}
	*g = saved
	return d
}

func reportLatency(b *testing.B, lat []time.Duration) {
	slices.Sort(lat)
	if len(lat) == 0 {
		return
	}
	b.ReportMetric(float64(len(lat))/b.Elapsed().Seconds(), "updates/s")
	b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds())/1000, "p99-ms")
}

// BenchmarkMoveOneWriter: one goroutine plays moves, each UpdateGame
// committed with fsync.
func BenchmarkMoveOneWriter(b *testing.B) {
	s := benchStore(b, Options{})
	benchLine()
	g := benchNewGame(b, s, 0)
	var lat []time.Duration
	for b.Loop() {
		lat = append(lat, playNext(b, s, &g, 0))
	}
	reportLatency(b, lat)
}

// BenchmarkMove50Writers: 50 goroutines each play moves into their own
// game at the same time (fsync on); commits are grouped.
func BenchmarkMove50Writers(b *testing.B) {
	s := benchStore(b, Options{})
	benchLine()
	const writers = 50
	games := make([]*Game, writers)
	for i := range games {
		games[i] = benchNewGame(b, s, i)
	}
	var (
		mu   sync.Mutex
		lat  []time.Duration
		next atomic.Int64
	)
	b.ResetTimer()
	b.SetParallelism((writers + 1) / 2) // × GOMAXPROCS goroutines: 50 on 2 cores
	b.RunParallel(func(pb *testing.PB) {
		n := int(next.Add(1)-1) % writers
		var mine []time.Duration
		for pb.Next() {
			mine = append(mine, playNext(b, s, &games[n], n))
		}
		mu.Lock()
		lat = append(lat, mine...)
		mu.Unlock()
	})
	reportLatency(b, lat)
}

// BenchmarkMetadata50Writers is BenchmarkMove50Writers without the rules
// engine: each UpdateGame only changes a board message id, so it measures
// the storage pipeline (load, validate, save, indexes, grouped fsync).
func BenchmarkMetadata50Writers(b *testing.B) {
	s := benchStore(b, Options{})
	const writers = 50
	games := make([]*Game, writers)
	for i := range games {
		games[i] = benchNewGame(b, s, i)
	}
	var (
		mu   sync.Mutex
		lat  []time.Duration
		next atomic.Int64
	)
	b.ResetTimer()
	b.SetParallelism((writers + 1) / 2)
	b.RunParallel(func(pb *testing.PB) {
		n := int(next.Add(1)-1) % writers
		var mine []time.Duration
		for i := 0; pb.Next(); i++ {
			start := time.Now()
			_, err := s.UpdateGame(context.Background(), games[n].ID, -1, func(g *Game) error {
				g.BoardMessages = []MessageRef{{ChannelID: "c", MessageID: fmt.Sprint(i)}}
				return nil
			})
			if err != nil {
				b.Fatal(err)
			}
			mine = append(mine, time.Since(start))
		}
		mu.Lock()
		lat = append(lat, mine...)
		mu.Unlock()
	})
	reportLatency(b, lat)
}

// BenchmarkScans100k stores 100,000 games (30 moves each; 5% active with
// deadlines spread over a week, a fifth of those against the engine;
// 2,000 players) and times the bot's frequent reads. Listed games are decoded without replaying their moves.
func BenchmarkScans100k(b *testing.B) {
	const total, players, plies = 100_000, 2_000, 30
	path := benchDB(b)
	s, err := Open(path, Options{NoSync: true})
	if err != nil {
		b.Fatal(err)
	}
	line := benchLine()[:plies]
	tmpl, _ := NewGame("copenhagen", "")
	for _, m := range line {
		if _, err := tmpl.game.Play(m); err != nil {
			b.Fatal(err)
		}
	}
	finished := tmpl.clone()
	finished.game.Resign(tafl.Attackers)
	now := time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)
	rng := rand.New(rand.NewPCG(5, 5))
	for start := 0; start < total; start += 10_000 {
		err := s.write(context.Background(), func(tx txn) error {
			for i := start; i < start+10_000; i++ {
				src := finished
				if i%20 == 0 {
					src = tmpl
				}
				g := src.clone()
				id, err := tx.nextGameID()
				if err != nil {
					return err
				}
				g.ID = id
				a, d := rng.IntN(players), rng.IntN(players-1)
				if d >= a {
					d++
				}
				g.GuildID, g.ChannelID = "g", fmt.Sprint("c", rng.IntN(500))
				g.Attackers, g.Defenders = Human(fmt.Sprint(a)), Human(fmt.Sprint(d))
				if i%100 == 0 {
					g.Defenders = AI("max")
				}
				g.Created, g.Updated, g.MoveTime = now, now, 72*time.Hour
				if g.Active() {
					g.Deadline = now.Add(time.Duration(rng.Int64N(int64(7 * 24 * time.Hour))))
				}
				data, err := encodeGame(g)
				if err != nil {
					return err
				}
				if err := tx.putGame(nil, g, data); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			b.Fatal(err)
		}
	}
	s.Close()
	s, err = Open(path, Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()
	b.Run("GamesByPlayer/active", func(b *testing.B) {
		n, i := 0, 0
		for b.Loop() {
			gs, err := s.GamesByPlayer(ctx, fmt.Sprint(i%players), GameFilter{ActiveOnly: true})
			if err != nil {
				b.Fatal(err)
			}
			n += len(gs)
			i++
		}
		b.ReportMetric(float64(n)/float64(i), "games/op")
	})
	b.Run("ActiveEngineGames", func(b *testing.B) {
		n, i := 0, 0
		for b.Loop() {
			_, srv, err := s.ActiveEngineGames(ctx, fmt.Sprint(i%players), "g")
			if err != nil {
				b.Fatal(err)
			}
			n = srv
			i++
		}
		b.ReportMetric(float64(n), "server-games")
	})
	b.Run("GamesByPlayer/latest25", func(b *testing.B) {
		n, i := 0, 0
		for b.Loop() {
			gs, err := s.GamesByPlayer(ctx, fmt.Sprint(i%players), GameFilter{Limit: 25})
			if err != nil {
				b.Fatal(err)
			}
			n += len(gs)
			i++
		}
		b.ReportMetric(float64(n)/float64(i), "games/op")
	})
	b.Run("ActiveGameCount", func(b *testing.B) {
		n := 0
		for b.Loop() {
			var err error
			if n, err = s.ActiveGameCount(ctx); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(n), "active")
	})
	b.Run("GamesDueBefore/1h", func(b *testing.B) {
		n, i := 0, 0
		for b.Loop() {
			gs, err := s.GamesDueBefore(ctx, now.Add(time.Hour))
			if err != nil {
				b.Fatal(err)
			}
			n += len(gs)
			i++
		}
		b.ReportMetric(float64(n)/float64(i), "games/op")
	})
}

// BenchmarkGuildSettings is what most commands read first: a server's
// settings, without and with a full list of earlier daily puzzles
// (MaxDailyEarlier ids, about three years of daily puzzles).
func BenchmarkGuildSettings(b *testing.B) {
	for _, earlier := range []int{0, MaxDailyEarlier} {
		b.Run(fmt.Sprint("earlier=", earlier), func(b *testing.B) {
			s := benchStore(b, Options{NoSync: true})
			ctx := context.Background()
			gs := DefaultGuildSettings("g")
			gs.DailyChannelID = "100"
			if err := s.PutGuildSettings(ctx, gs); err != nil {
				b.Fatal(err)
			}
			err := s.write(ctx, func(tx txn) error {
				stored, err := loadGuild(tx, "g")
				if err != nil {
					return err
				}
				stored.Daily = DailyPuzzle{Date: "2026-01-01", PuzzleID: 100_000}
				for i := range earlier {
					stored.Daily.Earlier = append(stored.Daily.Earlier, PuzzleID(10_000+i*37))
				}
				return saveGuild(tx, stored)
			})
			if err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				if _, err := s.GetGuildSettings(ctx, "g"); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkTournamentsOfGuild is what the tournament option's
// autocomplete reads at every keystroke: one server's tournaments, of
// 2,000 stored (10 in each of 200 servers, 16 players each).
func BenchmarkTournamentsOfGuild(b *testing.B) {
	const guilds, each, players = 200, 10, 16
	s := benchStore(b, Options{NoSync: true})
	ctx := context.Background()
	now := time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)
	for i := range guilds * each {
		t := &Tournament{GuildID: fmt.Sprint("g", i%guilds), ChannelID: "c1", CreatorID: "m", Name: fmt.Sprint("Cup ", i),
			Variant: "brandubh", MoveTime: 48 * time.Hour, SignupDeadline: now, Names: map[string]string{},
			State: tournament.Tournament{Format: tournament.Swiss, Rounds: 4}}
		for p := range players {
			id := fmt.Sprint(100_000_000_000_000_000 + i*players + p)
			if err := t.State.Join(id, 1500); err != nil {
				b.Fatal(err)
			}
			t.Names[id] = "player " + id
		}
		if err := s.CreateTournament(ctx, t); err != nil {
			b.Fatal(err)
		}
	}
	n, i := 0, 0
	for b.Loop() {
		ts, err := s.Tournaments(ctx, fmt.Sprint("g", i%guilds), false)
		if err != nil {
			b.Fatal(err)
		}
		n, i = len(ts), i+1
	}
	b.ReportMetric(float64(n), "tournaments/op")
}

// BenchmarkActiveTournaments is what the clock process's sweep reads at
// every sweep_interval: the tournaments not over, of every server, here
// 20 (signing up) among 2,000 stored, the other 1,980 finished (16
// players, 4 Swiss rounds played).
func BenchmarkActiveTournaments(b *testing.B) {
	const stored, active, players = 2000, 20, 16
	s := benchStore(b, Options{NoSync: true})
	ctx := context.Background()
	now := time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)
	signup := tournament.Tournament{Format: tournament.Swiss, Rounds: 4}
	names := map[string]string{}
	for p := range players {
		id := fmt.Sprint(100_000_000_000_000_000 + p)
		if err := signup.Join(id, 1500+float64(p)); err != nil {
			b.Fatal(err)
		}
		names[id] = "player " + id
	}
	finished := (&Tournament{State: signup}).clone().State
	round, err := finished.Start()
	for err == nil && len(round) > 0 {
		for _, g := range round {
			if _, err := finished.SetResult(g.Attackers, g.Defenders, tournament.AttackersWin); err != nil {
				b.Fatal(err)
			}
		}
		round, err = finished.Advance()
	}
	if err != nil || !finished.Finished {
		b.Fatalf("playing the template out: %v (finished %v)", err, finished.Finished)
	}
	for i := range stored {
		state := finished
		if i%(stored/active) == 0 {
			state = signup
		}
		t := &Tournament{GuildID: fmt.Sprint("g", i%200), ChannelID: "c1", CreatorID: "m", Name: fmt.Sprint("Cup ", i),
			Variant: "brandubh", MoveTime: 48 * time.Hour, SignupDeadline: now, Names: names, State: state}
		if err := s.CreateTournament(ctx, t.clone()); err != nil {
			b.Fatal(err)
		}
	}
	n := 0
	for b.Loop() {
		ts, err := s.Tournaments(ctx, "", true)
		if err != nil {
			b.Fatal(err)
		}
		n = len(ts)
	}
	if n != active {
		b.Fatalf("%d active tournaments, want %d", n, active)
	}
	b.ReportMetric(float64(n), "tournaments/op")
}

// BenchmarkTaflPlay is the rules engine's share of an UpdateGame that
// plays a move: tafl.Game.Play on a copenhagen game at move 30.
func BenchmarkTaflPlay(b *testing.B) {
	line := benchLine()
	v, _ := tafl.Preset("copenhagen", "")
	g := tafl.NewGame(v)
	for _, m := range line[:30] {
		g.Play(m)
	}
	for b.Loop() {
		c := g.Clone()
		if _, err := c.Play(line[30]); err != nil {
			b.Fatal(err)
		}
	}
}
