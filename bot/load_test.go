package bot_test

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/bot"
	"github.com/taflbot/taflbot/internal/memprobe"
	"github.com/taflbot/taflbot/render"
	"github.com/taflbot/taflbot/storage"
	"github.com/taflbot/taflbot/tafl"
)

// loadResult is what a load run measured: per interaction, the time from
// receipt to Discord (the fake) accepting the initial response.
type loadResult struct {
	moves, other []time.Duration
	refused      int
}

// runLoad plays games concurrent games between distinct simulated users in
// one channel: a challenge, an accept, then moves alternately through
// /tafl move until each game has made its share of interactions. Between
// two interactions of a game its users think for a random time averaging
// think (0: none, the users fire as fast as the bot answers).
func runLoad(tb testing.TB, h *harness, games, interactions int, think time.Duration) *loadResult {
	perGame := interactions / games
	res := &loadResult{}
	var mu sync.Mutex
	var wg sync.WaitGroup
	for i := range games {
		wg.Add(1)
		go func() {
			defer wg.Done()
			a, d := fmt.Sprint(10000+2*i), fmt.Sprint(10001+2*i)
			thinkRnd := rand.New(rand.NewPCG(uint64(i), 2))
			timed := func(in *discordgo.Interaction, move bool) *resp {
				if think > 0 {
					time.Sleep(time.Duration(thinkRnd.Int64N(int64(2 * think))))
				}
				start := time.Now()
				h.bot.HandleGateway(tb.Context(), in)
				lat := time.Since(start)
				mu.Lock()
				if move {
					res.moves = append(res.moves, lat)
				} else {
					res.other = append(res.other, lat)
				}
				mu.Unlock()
				r, _ := h.fake.final(tb, in)
				return r
			}
			r := timed(h.slashInteraction(a, "challenge", opt("opponent", d), opt("variant", "copenhagen"), opt("side", "attackers")), false)
			id := h.id()
			r = timed(&discordgo.Interaction{ID: id, AppID: "555", Token: "tok" + id, Type: discordgo.InteractionMessageComponent,
				GuildID: guild, ChannelID: channel, Member: member(d), Message: &discordgo.Message{ID: "m" + id},
				Data: discordgo.MessageComponentInteractionData{CustomID: customIDs(r.Components)["Accept"]}}, false)
			if !strings.Contains(r.Content, "accepted the challenge") {
				tb.Errorf("game %d: accept: %q", i, r.Content)
				return
			}
			v, _ := tafl.Preset("copenhagen", "")
			shadow := tafl.NewGame(v)
			rnd := rand.New(rand.NewPCG(uint64(i), 1))
			for range perGame - 2 {
				if shadow.Outcome().Over() {
					break
				}
				user := a
				if shadow.ToMove() == tafl.Defenders {
					user = d
				}
				m := policyMove(shadow, rnd)
				r := timed(h.slashInteraction(user, "move", opt("move", m.String())), true)
				if isEphemeral(r) {
					mu.Lock()
					res.refused++
					mu.Unlock()
					tb.Errorf("game %d: move %s refused: %s", i, m, r.Content)
					return
				}
				shadow.Play(m)
			}
		}()
	}
	wg.Wait()
	return res
}

func percentile(d []time.Duration, p float64) time.Duration {
	if len(d) == 0 {
		return 0
	}
	s := slices.Clone(d)
	slices.Sort(s)
	return s[min(len(s)-1, int(float64(len(s))*p))]
}

// TestLoadShort is a small load run (10 concurrent games, 80
// interactions): every move is accepted and stored exactly once under
// concurrency. Timing is measured by BenchmarkLoad200Games, not here.
func TestLoadShort(t *testing.T) {
	h := newHarness(t, nil)
	res := runLoad(t, h, 10, 80, 0)
	if len(res.moves) != 60 || len(res.other) != 20 {
		t.Fatalf("%d moves and %d other interactions ran, want 60 and 20", len(res.moves), len(res.other))
	}
	total := 0
	for i := range 10 {
		g := gameOf(t, h, fmt.Sprint(10000+2*i))
		total += g.Ply()
	}
	if total != len(res.moves) {
		t.Errorf("%d plies stored, %d moves made", total, len(res.moves))
	}
}

// benchLoad runs the load test of the issue: 200 concurrent games, 2,000
// interactions against the fake Discord, full-size (840 px) boards, fsync
// on, users thinking think on average between interactions. Run with
// -benchtime=1x; see docs/PERFORMANCE.md.
func benchLoad(b *testing.B, think time.Duration) {
	for b.Loop() {
		h := newHarness(b, nil)
		h.fsync = true
		h.adjust = func(o *bot.Options) { o.Render, o.DeferAfter = render.Options{}, time.Second }
		h.restart()
		start, cpu0 := time.Now(), cpuTime()
		res := runLoad(b, h, 200, 2000, think)
		wall, cpu := time.Since(start), cpuTime()-cpu0
		all := append(slices.Clone(res.moves), res.other...)
		late := 0
		for _, d := range all {
			if d > 3*time.Second {
				late++
			}
		}
		ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
		b.ReportMetric(float64(len(all)), "interactions")
		b.ReportMetric(ms(percentile(res.moves, 0.5)), "move-p50-ms")
		b.ReportMetric(ms(percentile(res.moves, 0.99)), "move-p99-ms")
		b.ReportMetric(ms(slices.Max(all)), "max-ms")
		b.ReportMetric(float64(late), "over-3s")
		b.ReportMetric(float64(h.bot.Metrics().Deferred()), "deferred")
		b.ReportMetric(float64(len(all))/wall.Seconds(), "interactions/s")
		b.ReportMetric(ms(cpu)/float64(len(all)), "cpu-ms/interaction")
		h.stop()
	}
}

// BenchmarkLoad200Games: users think 4 s on average (about 50
// interactions a second in all).
func BenchmarkLoad200Games(b *testing.B) { benchLoad(b, 4*time.Second) }

// BenchmarkLoad200GamesSaturated: no thinking; every user fires again as
// soon as answered, so this measures throughput and queueing, not latency.
func BenchmarkLoad200GamesSaturated(b *testing.B) { benchLoad(b, 0) }

// BenchmarkMove is one human move by /tafl move, alone: load the game,
// check and play the move, commit with fsync, render the 840-px board,
// and deliver the response with the PNG to the fake Discord.
func BenchmarkMove(b *testing.B) {
	h := newHarness(b, nil)
	h.fsync = true
	h.adjust = func(o *bot.Options) { o.Render, o.DeferAfter = render.Options{}, time.Second }
	h.restart()
	var lat []time.Duration
	rnd := rand.New(rand.NewPCG(9, 9))
	var shadow *tafl.Game
	var a, d string
	games := 0
	for b.Loop() {
		if shadow == nil || shadow.Outcome().Over() {
			b.StopTimer()
			games++
			a, d = fmt.Sprint(20000+2*games), fmt.Sprint(20001+2*games)
			r, _ := h.slash(a, "challenge", opt("opponent", d), opt("variant", "copenhagen"), opt("side", "attackers"))
			id := h.id()
			h.bot.HandleGateway(b.Context(), &discordgo.Interaction{ID: id, AppID: "555", Token: "tok" + id, Type: discordgo.InteractionMessageComponent,
				GuildID: guild, ChannelID: channel, Member: member(d), Message: &discordgo.Message{ID: "m" + id},
				Data: discordgo.MessageComponentInteractionData{CustomID: customIDs(r.Components)["Accept"]}})
			v, _ := tafl.Preset("copenhagen", "")
			shadow = tafl.NewGame(v)
			b.StartTimer()
		}
		user := a
		if shadow.ToMove() == tafl.Defenders {
			user = d
		}
		m := policyMove(shadow, rnd)
		in := h.slashInteraction(user, "move", opt("move", m.String()))
		start := time.Now()
		h.bot.HandleGateway(b.Context(), in)
		lat = append(lat, time.Since(start))
		shadow.Play(m)
	}
	b.ReportMetric(float64(percentile(lat, 0.5).Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(percentile(lat, 0.99).Microseconds())/1000, "p99-ms")
}

// cpuTime returns the CPU time (user + system) the process has used; the
// test's simulated users and fake Discord are included.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkLoadOneAgainstAll is the "one user against everyone" load
// test: the 200 paced games of BenchmarkLoad200Games (400 ordinary
// players, 2,000 interactions), plus 20 ordinary players each playing 5
// moves against the engine at level easy, while one user floods the bot:
// ten games against the engine at level max (moving again as soon as the
// engine answers, so a max search always wants a worker), /tafl history
// of a 3,000-move game every 100 ms, and an autocomplete every 10 ms. The
// real engine, the real renderer at 840 px and bbolt with fsync. It
// reports the ordinary players' reply times (p50, p99, max), the engine's
// reply delay in their easy games (from their move's reply to the
// engine's move saved: p50, max), what the flooder got done, and the
// peak heap the run added. Run with -benchtime=1x; see docs/PERFORMANCE.md.
//
// The sub-benchmark "alone" is the same run without the flooder: the
// ordinary players' figures on the same machine at the same time of day,
// to compare with. TAFLBOT_BENCH_NOFSYNC=1 runs both without fsync, to
// tell what the disk's flushes cost from what the flooder costs.
func BenchmarkLoadOneAgainstAll(b *testing.B) {
	b.Run("flood", func(b *testing.B) { loadOneAgainstAll(b, true) })
	b.Run("alone", func(b *testing.B) { loadOneAgainstAll(b, false) })
}

func loadOneAgainstAll(b *testing.B, flooding bool) {
	const flooder = "777"
	for b.Loop() {
		h := newHarness(b, bot.AIEngine{})
		h.fsync = os.Getenv("TAFLBOT_BENCH_NOFSYNC") != "1"
		h.adjust = func(o *bot.Options) { o.Render = render.Options{} }
		h.restart()
		h.fake.dropFiles.Store(true) // the peak heap is the bot's, not the fake's recordings
		long := storeLongGame(b, h, 3000)
		for range 10 {
			if !flooding {
				break
			}
			if r, _ := h.slash(flooder, "ai", opt("variant", "brandubh"), opt("side", "defenders"), opt("level", "max")); isEphemeral(r) {
				b.Fatal(r.Content)
			}
		}
		probe := memprobe.Start()
		start := time.Now()
		ctx, stop := context.WithCancel(b.Context())
		var flood sync.WaitGroup
		var floodMu sync.Mutex
		floods := map[string]int{}
		count := func(what string) { floodMu.Lock(); floods[what]++; floodMu.Unlock() }
		every := func(d time.Duration, fn func()) {
			if !flooding {
				return
			}
			flood.Add(1)
			go func() {
				defer flood.Done()
				t := time.NewTicker(d)
				defer t.Stop()
				for {
					select {
					case <-ctx.Done():
						return
					case <-t.C:
						fn()
					}
				}
			}()
		}
		// The flooder's max games: whenever the engine has answered, move again.
		every(200*time.Millisecond, func() {
			games, err := h.store.GamesByPlayer(ctx, flooder, storage.GameFilter{ActiveOnly: true})
			if err != nil {
				return
			}
			for _, g := range games {
				if g.ToMove().UserID == flooder {
					m := g.Tafl().LegalMoves()[0]
					h.bot.HandleGateway(ctx, h.slashInteraction(flooder, "move", opt("move", m.String()), opt("game", g.ID.String())))
					count("max moves")
				}
			}
		})
		every(100*time.Millisecond, func() {
			h.bot.HandleGateway(ctx, h.slashInteraction(flooder, "history", opt("game", long.ID.String())))
			count("history requests")
		})
		every(10*time.Millisecond, func() {
			o := opt("move", "d")
			o.Focused = true
			in := h.slashInteraction(flooder, "move", o)
			in.Type = discordgo.InteractionApplicationCommandAutocomplete
			h.bot.HandleGateway(ctx, in)
			count("autocompletes")
		})

		// The ordinary players against the engine.
		var engineMu sync.Mutex
		var engineDelay, engineMoves []time.Duration
		var players sync.WaitGroup
		for i := range 20 {
			players.Add(1)
			go func() {
				defer players.Done()
				user := fmt.Sprint(30000 + i)
				rnd := rand.New(rand.NewPCG(uint64(i), 5))
				time.Sleep(time.Duration(rnd.Int64N(int64(4 * time.Second))))
				in := h.slashInteraction(user, "ai", opt("variant", "brandubh"), opt("side", "attackers"), opt("level", "easy"))
				h.bot.HandleGateway(ctx, in)
				for range 5 {
					games, err := h.store.GamesByPlayer(ctx, user, storage.GameFilter{ActiveOnly: true})
					if err != nil || len(games) != 1 {
						return
					}
					g := games[0]
					m := policyMove(g.Tafl(), rnd)
					t0 := time.Now()
					h.bot.HandleGateway(ctx, h.slashInteraction(user, "move", opt("move", m.String())))
					answered := time.Now()
					engineMu.Lock()
					engineMoves = append(engineMoves, answered.Sub(t0))
					engineMu.Unlock()
					for {
						cur, err := h.store.GetGame(ctx, g.ID)
						if err != nil {
							return
						}
						if cur.Ply() >= g.Ply()+2 || !cur.Active() {
							engineMu.Lock()
							engineDelay = append(engineDelay, time.Since(answered))
							engineMu.Unlock()
							break
						}
						time.Sleep(20 * time.Millisecond)
					}
					if !g.Active() {
						return
					}
					time.Sleep(time.Duration(rnd.Int64N(int64(8 * time.Second))))
				}
			}()
		}
		res := runLoad(b, h, 200, 2000, 4*time.Second)
		players.Wait()
		stop()
		flood.Wait()
		wall := time.Since(start)
		peak, cpu := probe.Stop()

		ordinary := append(append(slices.Clone(res.moves), res.other...), engineMoves...)
		ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
		b.ReportMetric(float64(len(ordinary)), "ordinary-interactions")
		b.ReportMetric(ms(percentile(ordinary, 0.5)), "ordinary-p50-ms")
		b.ReportMetric(ms(percentile(ordinary, 0.99)), "ordinary-p99-ms")
		b.ReportMetric(ms(slices.Max(ordinary)), "ordinary-max-ms")
		b.ReportMetric(ms(percentile(engineDelay, 0.5)), "engine-delay-p50-ms")
		if len(engineDelay) > 0 {
			b.ReportMetric(ms(slices.Max(engineDelay)), "engine-delay-max-ms")
		}
		b.ReportMetric(float64(len(engineDelay)), "engine-replies")
		b.ReportMetric(float64(peak)/(1<<20), "peak-MB")
		b.ReportMetric(cpu.Seconds()/wall.Seconds(), "cores-busy")
		floodMu.Lock()
		for what, n := range floods {
			b.Logf("flooder: %d %s", n, what)
		}
		floodMu.Unlock()
		b.Logf("wall %v; the flooder's replays delivered: %d; max searches: %d", wall.Round(time.Second),
			countLate(h), maxSearches(h))
		h.stop()
	}
}

// countLate counts the game records delivered to history requests.
func countLate(h *harness) int {
	n := 0
	for _, rec := range h.fake.requests("/messages/@original") {
		if rec.Method == "PATCH" && len(rec.Files) == 2 {
			n++
		}
	}
	return n
}

// maxSearches is the number of engine moves in the flooder's games.
func maxSearches(h *harness) int {
	n := 0
	for _, rec := range h.fake.requests("/messages") {
		if rec.Method == "POST" && bytes.Contains(rec.Body, []byte("taflbot played")) && bytes.Contains(rec.Body, []byte("taflbot (max)")) {
			n++
		}
	}
	return n
}
