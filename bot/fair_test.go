package bot

import (
	"context"
	"io"
	"path/filepath"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/taflbot/taflbot/analysis"
	"github.com/taflbot/taflbot/storage"
	"github.com/taflbot/taflbot/tafl"
)

// probeEngine records its calls in a shared log and plays the first
// legal move; moved, if not nil, is closed at the first call.
type probeEngine struct {
	mu    *sync.Mutex
	log   *[]string
	moved chan struct{}
}

func (e probeEngine) Move(_ context.Context, g *tafl.Game, _ string, _ time.Duration) (tafl.Move, error) {
	e.mu.Lock()
	*e.log = append(*e.log, "move")
	if e.moved != nil && slices.Index(*e.log, "move") == len(*e.log)-1 {
		close(e.moved)
	}
	e.mu.Unlock()
	return g.LegalMoves()[0], nil
}

// TestEngineMoveWaitsAtMostOneThink is the fairness rule of the engine
// pool: with many tasks waiting (the positions of reviews, each a think),
// an engine move that becomes due waits only for the thinks the workers
// are in the middle of — one per worker — and never for the queue.
func TestEngineMoveWaitsAtMostOneThink(t *testing.T) {
	for _, workers := range []int{1, 2} {
		var mu sync.Mutex
		var log []string
		st, err := storage.Open(filepath.Join(t.TempDir(), "taflbot.db"), storage.Options{NoSync: true})
		if err != nil {
			t.Fatal(err)
		}
		moved := make(chan struct{})
		b, err := New(Options{Store: st, REST: NewConsoleREST(io.Discard, t.TempDir()), Engine: probeEngine{&mu, &log, moved}, AIWorkers: workers})
		if err != nil {
			t.Fatal(err)
		}
		g, err := storage.NewGame("brandubh", "")
		if err != nil {
			t.Fatal(err)
		}
		g.GuildID, g.ChannelID = "1", "2"
		g.Attackers, g.Defenders = storage.AI("easy"), storage.Human("9") // the engine moves first
		if err := st.CreateGame(t.Context(), g); err != nil {
			t.Fatal(err)
		}
		running := make(chan struct{}, 64)
		// Thinks end on events, not after a fixed 10 ms, which let the
		// workers go on to more tasks whenever this goroutine, or the
		// worker claiming the move, was not run for a few of them (a busy
		// machine): the first thinks end when the move is due, the later
		// ones once the engine was asked for the move (or, all of them,
		// after 10 s, when the rule is broken and no worker takes it).
		due, giveUp := make(chan struct{}), make(chan struct{})
		var once sync.Once
		var begun atomic.Int32
		for i := range 40 {
			// Tasks of 40 users (a user's tasks run one at a time).
			b.ai.submitTask("u"+strconv.Itoa(i), "1", func(ctx context.Context) {
				mu.Lock()
				log = append(log, "think")
				mu.Unlock()
				running <- struct{}{}
				if begun.Add(1) <= int32(workers) {
					<-due
					return
				}
				select {
				case <-moved:
				case <-giveUp:
				case <-time.After(10 * time.Second):
					once.Do(func() { close(giveUp) })
				}
			})
		}
		// Once every worker is thinking, the move becomes due.
		for range workers {
			<-running
		}
		b.ai.enqueue(g, false)
		close(due)
		deadline := time.Now().Add(20 * time.Second)
		for b.ai.busy() > 0 && time.Now().Before(deadline) {
			time.Sleep(5 * time.Millisecond)
		}
		b.Stop(5 * time.Second)
		st.Close()
		mu.Lock()
		at := slices.Index(log, "move")
		mu.Unlock()
		// The thinks that started before the move: one per worker, plus,
		// with two workers, the next one the other worker takes while the
		// first claims the move.
		if at < 0 || at > workers+1 {
			t.Errorf("%d workers: the engine move ran after %d thinks (want at most %d)", workers, at, workers+1)
		}
		if got := len(log); got != 41 {
			t.Errorf("%d workers: %d entries in the log, want 40 thinks and the move", workers, got)
		}
	}
}

// timingEngine reports when it is called.
type timingEngine struct{ called chan time.Time }

func (e timingEngine) Move(_ context.Context, g *tafl.Game, _ string, _ time.Duration) (tafl.Move, error) {
	e.called <- time.Now()
	return g.LegalMoves()[0], nil
}

// BenchmarkEngineMoveDuringReview measures how long an engine move waits
// for a worker while a review keeps the only worker busy: the review's
// positions (copenhagen mid-game, the default review budget) are queued
// without end, and each iteration makes one engine move due just as a
// think begins — the worst moment. wait-ms/op is the mean wait,
// max-wait-ms the longest, think-ms the mean length of a review's think:
// the wait is one think, never more, however many wait in the queue:
// max-excess-ms is the longest a move waited after the think it arrived
// during had ended (the claim in storage and such).
func BenchmarkEngineMoveDuringReview(b *testing.B) {
	st, err := storage.Open(filepath.Join(b.TempDir(), "taflbot.db"), storage.Options{NoSync: true})
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	eng := timingEngine{called: make(chan time.Time, 1)}
	bt, err := New(Options{Store: st, REST: NewConsoleREST(io.Discard, b.TempDir()), Engine: eng, AIWorkers: 1})
	if err != nil {
		b.Fatal(err)
	}
	defer bt.Stop(10 * time.Second)
	v, _ := tafl.Preset("copenhagen", "")
	pos := tafl.NewGame(v)
	for _, m := range []string{"d1-d3", "e7-c7", "h11-h9", "g7-g9", "k4-i4", "g5-i5", "j6-i6"} {
		if _, err := pos.PlayText(m); err != nil {
			b.Fatal(err)
		}
	}
	var mu sync.Mutex
	var thinks []time.Duration
	stop := make(chan struct{})
	began := make(chan struct{}, 1)
	ended := make(chan time.Time, 1)
	var feed func()
	feed = func() {
		bt.ai.submitTask("reviewer", "1", func(ctx context.Context) {
			select {
			case began <- struct{}{}:
			default:
			}
			start := time.Now()
			if _, err := analysis.Evaluate(ctx, pos, analysis.DefaultNodes); err != nil && ctx.Err() == nil {
				b.Error(err)
			}
			end := time.Now()
			mu.Lock()
			thinks = append(thinks, end.Sub(start))
			mu.Unlock()
			select {
			case ended <- end:
			default:
			}
			select {
			case <-stop:
			default:
				feed()
			}
		})
	}
	feed()
	feed() // two queued at all times
	var total, longest, excess time.Duration
	for b.Loop() {
		g, _ := storage.NewGame("brandubh", "")
		g.GuildID, g.ChannelID = "1", "2"
		g.Attackers, g.Defenders = storage.AI("easy"), storage.Human("9")
		if err := st.CreateGame(context.Background(), g); err != nil {
			b.Fatal(err)
		}
		select { // a think that began earlier does not count
		case <-began:
		default:
		}
		<-began
		select {
		case <-ended:
		default:
		}
		t0 := time.Now()
		bt.ai.enqueue(g, false)
		t1 := <-eng.called
		w := t1.Sub(t0)
		total += w
		longest = max(longest, w)
		excess = max(excess, t1.Sub(<-ended))
	}
	close(stop)
	mu.Lock()
	var sum time.Duration
	for _, d := range thinks {
		sum += d
	}
	if len(thinks) > 0 {
		b.ReportMetric(float64(sum.Milliseconds())/float64(len(thinks)), "think-ms")
		b.ReportMetric(float64(len(thinks)), "thinks")
	}
	mu.Unlock()
	b.ReportMetric(float64(total.Microseconds())/1000/float64(b.N), "wait-ms/op")
	b.ReportMetric(float64(longest.Microseconds())/1000, "max-wait-ms")
	b.ReportMetric(float64(excess.Microseconds())/1000, "max-excess-ms")
}
