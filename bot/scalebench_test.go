package bot_test

import (
	"context"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/bot"
	"github.com/taflbot/taflbot/internal/pgtest"
	"github.com/taflbot/taflbot/render"
	"github.com/taflbot/taflbot/storage"
)

// BenchmarkEngineScale is the scaling load test of docs/SCALING.md: 200
// players each play a game against the engine at once, on one PostgreSQL
// database, through a front-end process (this one: the interactions role
// only, answering every move through HandleGateway as the gateway would)
// and 1 or 3 engine worker processes (child processes with the engine
// role and one worker each). The simulated players answer each engine
// move at once with a random legal move; a finished game is replaced by a
// new one (/tafl ai). One op is one engine move made; engine-moves/s is
// their rate, p50-ms and p99-ms the players' interactions (moves and new
// games) from receipt to the response accepted by the fake Discord,
// engine-cores the CPU the engine processes used (in cores, averaged
// over the run) and moves/engine-cpu-s the moves per CPU-second of
// theirs; front-cores is this process's CPU (front end, players, fake
// Discord). PostgreSQL's own CPU is not counted.
//
// Engines: nodes:N searches N nodes per move (the same CPU work on any
// machine: processes compete for this machine's cores); sleep:D waits D
// and then plays at once (each worker as if on its own machine: what the
// coordination alone allows). Run:
//
//	TAFLBOT_TEST_POSTGRES=postgres://… go test ./bot -run '^$' -bench EngineScale -benchtime 600x
func BenchmarkEngineScale(b *testing.B) {
	for _, engine := range []string{"nodes:100000", "sleep:50ms"} {
		for _, workers := range []int{1, 3} {
			b.Run(fmt.Sprintf("engine=%s/workers=%d", engine, workers), func(b *testing.B) {
				benchScale(b, engine, workers, 200)
			})
		}
	}
}

func benchScale(b *testing.B, engine string, workers, games int) {
	db := pgtest.NewDatabase(b)
	fake := newFakeDiscord(b)
	st, err := storage.Open(db, storage.Options{MaxConns: 24})
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	sess, err := bot.NewSession("test-token", fake.URL(), nil)
	if err != nil {
		b.Fatal(err)
	}
	front, err := bot.New(bot.Options{
		Logger: slog.New(slog.DiscardHandler), Store: st, REST: bot.SessionREST{S: sess}, Engine: newPolicyEngine(1),
		AppID: "555", Roles: bot.RoleInteractions, Render: render.Options{Size: 240},
	})
	if err != nil {
		b.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	front.Start(ctx)
	defer front.Stop(10 * time.Second)
	events, err := st.WatchEngine(ctx)
	if err != nil {
		b.Fatal(err)
	}

	var ids atomic.Int64
	var latMu sync.Mutex
	var lat []time.Duration
	interact := func(user, sub string, opts ...*discordgo.ApplicationCommandInteractionDataOption) {
		id := fmt.Sprint("i", ids.Add(1))
		in := &discordgo.Interaction{ID: id, AppID: "555", Token: "tok" + id, Type: discordgo.InteractionApplicationCommand,
			GuildID: guild, ChannelID: channel, Member: member(user),
			Data: discordgo.ApplicationCommandInteractionData{ID: "cmd", Name: "tafl", Options: []*discordgo.ApplicationCommandInteractionDataOption{
				{Name: sub, Type: discordgo.ApplicationCommandOptionSubCommand, Options: opts}}}}
		start := time.Now()
		front.HandleGateway(ctx, in)
		d := time.Since(start)
		latMu.Lock()
		lat = append(lat, d)
		latMu.Unlock()
	}
	newGame := func(user string) {
		interact(user, "ai", opt("variant", "brandubh"), opt("side", "defenders"), opt("level", "easy"))
	}
	users := make([]string, games)
	for i := range users {
		users[i] = fmt.Sprint(50000 + i)
		newGame(users[i])
	}
	var procs []*child
	for i := range workers {
		procs = append(procs, startChild(b, childSpec{db: db, rest: fake.URL(), roles: "engine", engine: engine,
			lease: 30 * time.Second, workers: 1, sweep: time.Hour, name: fmt.Sprint("engine", i)}))
	}
	engineCPU := func() time.Duration {
		var sum time.Duration
		for _, p := range procs {
			sum += processCPU(b, p.cmd.Process.Pid)
		}
		return sum
	}

	// The players: each game whose engine just moved gets a reply.
	var made atomic.Int64 // engine moves made since the timer started
	target := int64(b.N)
	done := make(chan struct{})
	var doneOnce sync.Once
	inFlight := sync.Map{} // game id → true while a player answers
	answer := func(id storage.GameID) {
		if _, busy := inFlight.LoadOrStore(id, true); busy {
			return
		}
		defer inFlight.Delete(id)
		g, err := st.GetGame(ctx, id)
		if err != nil || g.ToMove().IsAI() && g.Active() {
			return
		}
		user := g.Defenders.UserID
		if !g.Active() {
			newGame(user)
			return
		}
		moves := g.Tafl().LegalMoves()
		m := moves[rand.IntN(len(moves))]
		interact(user, "move", opt("move", m.String()), opt("game", g.ID.String()))
		if g, err := st.GetGame(ctx, id); err == nil && !g.Active() {
			newGame(user) // the player's move ended it
		}
	}
	work := make(chan storage.GameID, 4096)
	var players sync.WaitGroup
	for range 8 {
		players.Go(func() {
			for id := range work {
				answer(id)
			}
		})
	}
	b.ResetTimer()
	start, cpu0, engine0 := time.Now(), cpuTime(), engineCPU()
	go func() {
		defer close(work)
		// A safety net for dropped notifications: look at every game now
		// and then.
		t := time.NewTicker(2 * time.Second)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case e, ok := <-events:
				if !ok {
					return
				}
				if e.Released && e.Game != 0 {
					if made.Add(1) == target {
						doneOnce.Do(func() { close(done) })
					}
					select {
					case work <- e.Game:
					default:
					}
				}
			case <-t.C:
				active, _ := st.ActiveGameIDs(ctx)
				for _, id := range active {
					select {
					case work <- id:
					default:
					}
				}
			}
		}
	}()
	select {
	case <-done:
	case <-time.After(30 * time.Minute):
		b.Fatalf("only %d engine moves in 30 minutes", made.Load())
	}
	elapsed := time.Since(start)
	cpu, engines := cpuTime()-cpu0, engineCPU()-engine0
	b.StopTimer()
	players.Wait()
	b.ReportMetric(float64(b.N)/elapsed.Seconds(), "engine-moves/s")
	// Cores busy on average: the engine processes', and this process's
	// (the front end, the simulated players and the fake Discord).
	b.ReportMetric(engines.Seconds()/elapsed.Seconds(), "engine-cores")
	// What one core of engine work yields: constant from 1 to 3 workers
	// when the rate follows the cores the workers get.
	b.ReportMetric(float64(b.N)/engines.Seconds(), "moves/engine-cpu-s")
	b.ReportMetric(cpu.Seconds()/elapsed.Seconds(), "front-cores")
	latMu.Lock()
	b.ReportMetric(float64(percentile(lat, 0.5).Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(percentile(lat, 0.99).Microseconds())/1000, "p99-ms")
	latMu.Unlock()
}

// processCPU returns the CPU time (user + system) process pid has used,
// from /proc/PID/stat (in clock ticks of 1/100 s, as Linux reports them).
func processCPU(tb testing.TB, pid int) time.Duration {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		tb.Fatalf("reading a child's CPU time: %v", err)
	}
	// The fields after the command name (which is in parentheses).
	fields := strings.Fields(string(data[strings.LastIndexByte(string(data), ')')+1:]))
	utime, _ := strconv.ParseInt(fields[11], 10, 64)
	stime, _ := strconv.ParseInt(fields[12], 10, 64)
	return time.Duration(utime+stime) * 10 * time.Millisecond
}
