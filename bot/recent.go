package bot

import (
	"context"
	"net/http"
	"sync"
	"time"
)

// recentWindow is how long an interaction id is remembered: a signed
// timestamp is accepted up to maxSkew either side of now, so the same
// signed request can arrive at most twice maxSkew apart.
const recentWindow = 2 * maxSkew

// recentMax bounds the ids remembered; beyond it the oldest are
// forgotten early (a bot receiving over 80 interactions a second).
const recentMax = 50_000

// recentInteractions remembers the interactions answered over HTTP in the
// last recentWindow, with the response sent, so that the same signed
// request received again (Discord retrying, or someone replaying a
// captured request while its timestamp is still accepted) is answered
// the same way without acting again: one interaction id never makes two
// challenges or two moves. It is in memory, per process.
type recentInteractions struct {
	mu    sync.Mutex
	byID  map[string]*answer
	order []recentEntry // oldest first
}

type recentEntry struct {
	id string
	at time.Time
}

// answer is the response to one interaction, once it is known.
type answer struct {
	done   chan struct{}
	status int
	body   []byte
}

func newRecentInteractions() *recentInteractions {
	return &recentInteractions{byID: map[string]*answer{}}
}

// claim records interaction id as received at now. first is true the
// first time: the caller handles it and must call a.finish with its
// response. Otherwise a is the earlier answer to wait for.
func (r *recentInteractions) claim(id string, now time.Time) (first bool, a *answer) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for len(r.order) > 0 && (now.Sub(r.order[0].at) > recentWindow || len(r.order) >= recentMax) {
		delete(r.byID, r.order[0].id)
		r.order[0] = recentEntry{}
		r.order = r.order[1:]
	}
	if a, ok := r.byID[id]; ok {
		return false, a
	}
	a = &answer{done: make(chan struct{})}
	r.byID[id] = a
	r.order = append(r.order, recentEntry{id, now})
	return true, a
}

// finish records the response sent the first time.
func (a *answer) finish(status int, body []byte) {
	a.status, a.body = status, body
	close(a.done)
}

// wait returns the response sent the first time, waiting for it while
// the first request is still being handled.
func (a *answer) wait(ctx context.Context) (int, []byte) {
	select {
	case <-a.done:
		if a.body == nil {
			return http.StatusInternalServerError, []byte(`{"error":"the first request with this interaction id failed"}`)
		}
		return a.status, a.body
	case <-ctx.Done():
		return http.StatusServiceUnavailable, []byte(`{"error":"the first request with this interaction id is still being answered"}`)
	}
}
