package bot_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/bot"
	"github.com/taflbot/taflbot/render"
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
