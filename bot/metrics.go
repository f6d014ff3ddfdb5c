package bot

import (
	"fmt"
	"io"
	"net/http"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"
)

// Metrics are the bot's counters, written in the Prometheus text format
// by [Metrics.WriteTo]. Safe for concurrent use.
type Metrics struct {
	mu           sync.Mutex
	interactions map[string]*histogram // by kind ("tafl move", "component mv", …)
	response     histogram             // receipt to initial response delivered
	ai           histogram             // engine think time
	engineWait   histogram             // engine job submitted to started
	overflow     int64                 // engine jobs the queue had no room for
	refused      map[string]int64      // HTTP requests refused, by reason
	repeats      int64                 // HTTP interactions received again (answered, not acted on)
	engineQueue  func() (waiting, running int)
	engineTasks  func() (waiting, running int) // reviews' positions, hints, mining
	errors       map[string]int64
	gamesStarted int64
	gamesEnded   int64
	reminders    int64
	deferred     int64
	activeGames  int64 // counted in the database at each scrape (AdminHandler)
	activeKnown  bool  // the last scrape's count worked: else activeGames is left out
}

// buckets are the histogram bounds in seconds.
var buckets = []float64{0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30}

type histogram struct {
	counts []int64 // per bucket, not cumulative
	count  int64
	sum    float64
}

func (h *histogram) observe(d time.Duration) {
	if h.counts == nil {
		h.counts = make([]int64, len(buckets))
	}
	s := d.Seconds()
	i := sort.SearchFloat64s(buckets, s)
	if i < len(buckets) {
		h.counts[i]++
	}
	h.count++
	h.sum += s
}

func newMetrics() *Metrics {
	return &Metrics{interactions: map[string]*histogram{}, errors: map[string]int64{}, refused: map[string]int64{}}
}

func (m *Metrics) observeInteraction(kind string, d time.Duration) {
	m.mu.Lock()
	defer m.mu.Unlock()
	h := m.interactions[kind]
	if h == nil {
		h = &histogram{}
		m.interactions[kind] = h
	}
	h.observe(d)
}

func (m *Metrics) observeResponse(d time.Duration) { m.mu.Lock(); m.response.observe(d); m.mu.Unlock() }
func (m *Metrics) observeAI(d time.Duration)       { m.mu.Lock(); m.ai.observe(d); m.mu.Unlock() }
func (m *Metrics) observeEngineWait(d time.Duration) {
	m.mu.Lock()
	m.engineWait.observe(d)
	m.mu.Unlock()
}
func (m *Metrics) countRefused(reason string) { m.mu.Lock(); m.refused[reason]++; m.mu.Unlock() }
func (m *Metrics) countRepeat()               { m.mu.Lock(); m.repeats++; m.mu.Unlock() }
func (m *Metrics) countEngineOverflow()       { m.mu.Lock(); m.overflow++; m.mu.Unlock() }
func (m *Metrics) countError(kind string)     { m.mu.Lock(); m.errors[kind]++; m.mu.Unlock() }
func (m *Metrics) gameStarted()               { m.mu.Lock(); m.gamesStarted++; m.mu.Unlock() }
func (m *Metrics) gameFinished()              { m.mu.Lock(); m.gamesEnded++; m.mu.Unlock() }
func (m *Metrics) countReminder()             { m.mu.Lock(); m.reminders++; m.mu.Unlock() }
func (m *Metrics) countDeferred()             { m.mu.Lock(); m.deferred++; m.mu.Unlock() }

// setActive keeps the count of the games in progress, or with ok false
// leaves it out of the metrics (the database did not answer).
func (m *Metrics) setActive(n int64, ok bool) {
	m.mu.Lock()
	m.activeGames, m.activeKnown = n, ok
	m.mu.Unlock()
}

// Deferred returns how many interactions were answered with a deferral
// because their handler was slow.
func (m *Metrics) Deferred() int64 { m.mu.Lock(); defer m.mu.Unlock(); return m.deferred }

// Errors returns the error count of a kind ("internal", "panic", "respond", "ai").
func (m *Metrics) Errors(kind string) int64 { m.mu.Lock(); defer m.mu.Unlock(); return m.errors[kind] }

// WriteTo writes the metrics in the Prometheus text exposition format.
func (m *Metrics) WriteTo(w io.Writer) (int64, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var n int64
	p := func(format string, args ...any) {
		k, _ := fmt.Fprintf(w, format, args...)
		n += int64(k)
	}
	hist := func(name, labels string, h *histogram) {
		var cum int64
		for i, b := range buckets {
			if h.counts != nil {
				cum += h.counts[i]
			}
			p("%s_bucket{%sle=\"%g\"} %d\n", name, labels, b, cum)
		}
		p("%s_bucket{%sle=\"+Inf\"} %d\n%s_sum%s %g\n%s_count%s %d\n", name, labels, h.count,
			name, braced(labels), h.sum, name, braced(labels), h.count)
	}
	p("# HELP taflbot_interaction_seconds Time from receiving an interaction to its response being ready.\n# TYPE taflbot_interaction_seconds histogram\n")
	kinds := make([]string, 0, len(m.interactions))
	for k := range m.interactions {
		kinds = append(kinds, k)
	}
	slices.Sort(kinds)
	for _, k := range kinds {
		hist("taflbot_interaction_seconds", fmt.Sprintf("kind=%q,", k), m.interactions[k])
	}
	p("# HELP taflbot_response_seconds Time from receiving an interaction to Discord accepting the response.\n# TYPE taflbot_response_seconds histogram\n")
	hist("taflbot_response_seconds", "", &m.response)
	p("# HELP taflbot_ai_think_seconds Engine think time per move.\n# TYPE taflbot_ai_think_seconds histogram\n")
	hist("taflbot_ai_think_seconds", "", &m.ai)
	p("# HELP taflbot_engine_wait_seconds Time an engine move waited in the queue for a worker.\n# TYPE taflbot_engine_wait_seconds histogram\n")
	hist("taflbot_engine_wait_seconds", "", &m.engineWait)
	if m.engineQueue != nil {
		w, r := m.engineQueue()
		p("# HELP taflbot_engine_jobs Engine jobs waiting for a worker or running.\n# TYPE taflbot_engine_jobs gauge\n")
		p("taflbot_engine_jobs{state=\"waiting\"} %d\ntaflbot_engine_jobs{state=\"running\"} %d\n", w, r)
	}
	if m.engineTasks != nil {
		w, r := m.engineTasks()
		p("# HELP taflbot_engine_tasks Engine tasks (a review's position, a hint, mining a game for puzzles) waiting for a worker or running.\n# TYPE taflbot_engine_tasks gauge\n")
		p("taflbot_engine_tasks{state=\"waiting\"} %d\ntaflbot_engine_tasks{state=\"running\"} %d\n", w, r)
	}
	p("# HELP taflbot_engine_overflow_total Engine moves the queue had no room for (left due in storage and submitted again later).\n# TYPE taflbot_engine_overflow_total counter\ntaflbot_engine_overflow_total %d\n", m.overflow)
	p("# HELP taflbot_http_refused_total HTTP interaction requests refused, by reason (signature, timestamp, too_large, body, malformed, method, path).\n# TYPE taflbot_http_refused_total counter\n")
	for _, r := range refusedReasons {
		p("taflbot_http_refused_total{reason=%q} %d\n", r, m.refused[r])
	}
	p("# HELP taflbot_http_repeats_total HTTP interactions received again with an id already answered: answered as before, not acted on.\n# TYPE taflbot_http_repeats_total counter\ntaflbot_http_repeats_total %d\n", m.repeats)
	p("# HELP taflbot_errors_total Errors by kind.\n# TYPE taflbot_errors_total counter\n")
	for _, k := range []string{"internal", "panic", "respond", "ai", "engine"} { // ai: the built-in engine's work; engine: an external engine that failed
		p("taflbot_errors_total{kind=%q} %d\n", k, m.errors[k])
	}
	p("# HELP taflbot_games_started_total Games started since the process started.\n# TYPE taflbot_games_started_total counter\ntaflbot_games_started_total %d\n", m.gamesStarted)
	p("# HELP taflbot_games_finished_total Games finished since the process started.\n# TYPE taflbot_games_finished_total counter\ntaflbot_games_finished_total %d\n", m.gamesEnded)
	p("# HELP taflbot_deferred_total Interactions answered late (deferred) because the handler was slow.\n# TYPE taflbot_deferred_total counter\ntaflbot_deferred_total %d\n", m.deferred)
	p("# HELP taflbot_reminders_total Reminders sent.\n# TYPE taflbot_reminders_total counter\ntaflbot_reminders_total %d\n", m.reminders)
	p("# HELP taflbot_active_games Games in progress (in the database, which all processes share; left out while it does not answer).\n# TYPE taflbot_active_games gauge\n")
	if m.activeKnown {
		p("taflbot_active_games %d\n", m.activeGames)
	}
	return n, nil
}

// braced writes labels ("kind=\"x\"," or "") as a sample's label set:
// "{kind=\"x\"}", or nothing at all for none, since the text format's
// grammar has no empty braces (a label set holds at least one label).
func braced(labels string) string {
	if labels == "" {
		return ""
	}
	return "{" + strings.TrimSuffix(labels, ",") + "}"
}

// AdminHandler serves /healthz (200 "ok" while the store answers) and
// /metrics (Prometheus text format).
func (b *Bot) AdminHandler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) {
		if _, err := b.store.GetGuildSettings(r.Context(), "0"); err != nil {
			http.Error(w, "store unavailable", http.StatusServiceUnavailable)
			return
		}
		io.WriteString(w, "ok\n")
	})
	mux.HandleFunc("GET /metrics", func(w http.ResponseWriter, r *http.Request) {
		// The games in progress are counted in the database: with
		// PostgreSQL, games start and end in other processes too, and
		// one process's count of those it saw would drift (below zero in
		// the front end where games end).
		// The index is counted, not listed (ActiveGameCount).
		// A count that fails is left out, not the last one repeated.
		n, err := b.store.ActiveGameCount(r.Context())
		b.metrics.setActive(int64(n), err == nil)
		w.Header().Set("Content-Type", "text/plain; version=0.0.4; charset=utf-8")
		b.metrics.WriteTo(w)
	})
	return mux
}
