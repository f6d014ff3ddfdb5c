package bot

import (
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
)

// maxSkew is how far a request's signed timestamp may be from now.
const maxSkew = 5 * time.Minute

// MaxInteractionBody bounds an interaction request's body. Discord's
// interactions with this bot's commands and buttons are a few kilobytes
// (the largest, a button press, carries its board message: about 2 KB).
const MaxInteractionBody = 64 << 10

// InteractionsPath is the path of the Interactions Endpoint URL to
// register in the Developer Portal (https://your.host/interactions). The
// bare "/" is served too; any other path is refused with 404.
const InteractionsPath = "/interactions"

// InteractionsHandler serves Discord's Interactions Endpoint URL (HTTP
// interactions mode) at InteractionsPath. It reads at most MaxInteractionBody bytes (a
// larger body is refused with 413 without reading it), verifies the
// Ed25519 signature over timestamp and body with the application's public
// key and refuses a bad signature or a timestamp more than five minutes
// away with 401; it answers PING with PONG; a signed body that is not an
// interaction, or one other than a PING without a user, is refused with
// 400; everything else goes to the
// same router as the gateway. The response goes in the HTTP body; a
// response with files is sent as a deferral in the body and then
// delivered by editing it through REST.
//
// Every refused request is counted by reason in /metrics
// (taflbot_http_refused_total) and logged at warn, at most once a minute
// per reason. An interaction received again (the same id, within the ten
// minutes a signed timestamp can be accepted) is answered as the first
// time, without acting again.
//
// The handler bounds what it reads; the server around it must bound
// time and connections (read, write and idle timeouts, a cap on open
// connections): cmd/taflbot does.
func (b *Bot) InteractionsHandler(ctx context.Context) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		start := time.Now()
		if req.URL.Path != InteractionsPath && req.URL.Path != "/" {
			b.refuse(w, req, refusedPath, http.StatusNotFound, "not found: the interactions endpoint is "+InteractionsPath)
			return
		}
		if req.Method != http.MethodPost {
			w.Header().Set("Allow", http.MethodPost) // required with 405
			b.refuse(w, req, refusedMethod, http.StatusMethodNotAllowed, "POST only")
			return
		}
		if req.ContentLength > MaxInteractionBody {
			b.refuse(w, req, refusedTooLarge, http.StatusRequestEntityTooLarge, "body too large")
			return
		}
		body, err := io.ReadAll(http.MaxBytesReader(w, req.Body, MaxInteractionBody))
		if err != nil {
			var tooLarge *http.MaxBytesError
			if errors.As(err, &tooLarge) {
				b.refuse(w, req, refusedTooLarge, http.StatusRequestEntityTooLarge, "body too large")
			} else {
				b.refuse(w, req, refusedBody, http.StatusBadRequest, "could not read the body")
			}
			return
		}
		if reason := verify(b.pubKey, req.Header.Get("X-Signature-Ed25519"), req.Header.Get("X-Signature-Timestamp"), body, b.now()); reason != "" {
			b.refuse(w, req, reason, http.StatusUnauthorized, "invalid request signature")
			return
		}
		var in discordgo.Interaction
		if err := json.Unmarshal(body, &in); err != nil || in.ID == "" {
			b.refuse(w, req, refusedMalformed, http.StatusBadRequest, "bad interaction")
			return
		}
		if in.Type != discordgo.InteractionPing && interactionUserID(&in) == "" {
			// Discord names the user of every interaction but a PING;
			// without one a handler would act for user "".
			b.refuse(w, req, refusedMalformed, http.StatusBadRequest, "bad interaction: no user")
			return
		}
		b.rememberInteractionChannel(body)
		first, seen := b.recent.claim(in.ID, b.now())
		if !first {
			b.metrics.countRepeat()
			b.log.Info("interaction received again: answered as before, not acted on", "interaction_id", in.ID)
			status, out := seen.wait(req.Context())
			writeJSON(w, status, out)
			return
		}
		status, out := http.StatusOK, []byte(nil)
		defer func() { seen.finish(status, out) }()
		resp, late := b.respondInTime(ctx, &in)
		if resp.Data != nil && len(resp.Data.Files) > 0 {
			full := resp
			resp = deferralFor(full)
			inner := late
			late = func(ctx context.Context) {
				if _, err := b.rest.EditResponse(ctx, &in, webhookEdit(full.Data)); err != nil {
					b.log.Error("delivering a deferred response", "interaction_id", in.ID, "err", err)
					b.postUndelivered(ctx, &in, full.Type, full.Data, false)
				}
				if inner != nil {
					inner(ctx)
				}
			}
		}
		out, err = json.Marshal(mentionResponse(resp, mentionREST{id: &b.commandID}.commandID()))
		if err != nil {
			b.log.Error("encoding an interaction response", "interaction_id", in.ID, "err", err)
			status, out = http.StatusInternalServerError, []byte(`{"error":"internal error"}`)
			writeJSON(w, status, out)
			return
		}
		writeJSON(w, status, out)
		b.metrics.observeResponse(time.Since(start))
		b.runAfter(ctx, &reply{after: late})
	})
}

func writeJSON(w http.ResponseWriter, status int, body []byte) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	w.Write(body)
}

// Why an HTTP request was refused (the reason label of
// taflbot_http_refused_total).
const (
	refusedPath      = "path"      // not the interactions endpoint's path
	refusedMethod    = "method"    // not a POST
	refusedTooLarge  = "too_large" // body over MaxInteractionBody
	refusedBody      = "body"      // the body could not be read (cut off, or too slow)
	refusedSignature = "signature" // no signature or timestamp, or a signature that does not verify with public_key
	refusedTimestamp = "timestamp" // correctly signed, but the timestamp is more than five minutes away
	refusedMalformed = "malformed" // signed, but not an interaction, or one with no user
)

// refusedReasons lists the reasons, in the order /metrics shows them.
var refusedReasons = []string{refusedSignature, refusedTimestamp, refusedTooLarge, refusedBody, refusedMalformed, refusedMethod, refusedPath}

// refusedHints say what an operator can do about each reason.
var refusedHints = map[string]string{
	refusedSignature: "the Ed25519 signature does not verify: if Discord does not accept the Interactions Endpoint URL, check that public_key is the application's Public Key (Developer Portal → General Information); otherwise someone else is calling the endpoint",
	refusedTimestamp: "the signed timestamp is more than 5 minutes from this machine's clock: check the clock (NTP), or someone is replaying old requests",
	refusedTooLarge:  "the body is larger than Discord's interactions ever are",
	refusedBody:      "the body could not be read in time (a slow or broken client)",
	refusedMalformed: "a correctly signed body that is not an interaction, or one without a user (Discord names the user of all but a PING)",
	refusedMethod:    "only POST is served on the interactions endpoint",
	refusedPath:      "the Interactions Endpoint URL to register ends in " + InteractionsPath,
}

// refuse answers a refused request, counts it and logs it (at most once
// a minute per reason; the line says how many were not logged since).
func (b *Bot) refuse(w http.ResponseWriter, req *http.Request, reason string, status int, msg string) {
	b.metrics.countRefused(reason)
	if n, ok := b.refusedLog.allow(reason, time.Now()); ok {
		b.log.Warn("refused an HTTP interaction request", "reason", reason, "status", status,
			"remote", req.RemoteAddr, "refused_since_last_line", n, "hint", refusedHints[reason])
	}
	http.Error(w, msg, status)
}

// rateLimitedLog lets one line through per key and interval, counting
// the ones held back.
type rateLimitedLog struct {
	mu    sync.Mutex
	every time.Duration
	last  map[string]time.Time
	held  map[string]int
}

func newRateLimitedLog(every time.Duration) *rateLimitedLog {
	return &rateLimitedLog{every: every, last: map[string]time.Time{}, held: map[string]int{}}
}

// allow reports whether a line for key may be logged now and how many
// were held back since the last one.
func (l *rateLimitedLog) allow(key string, now time.Time) (held int, ok bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if last, seen := l.last[key]; seen && now.Sub(last) < l.every {
		l.held[key]++
		return 0, false
	}
	held = l.held[key]
	l.last[key], l.held[key] = now, 0
	return held, true
}

// deferralFor returns the deferred response standing in for r.
func deferralFor(r *discordgo.InteractionResponse) *discordgo.InteractionResponse {
	if r.Type == discordgo.InteractionResponseUpdateMessage {
		return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate}
	}
	return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Flags: r.Data.Flags & discordgo.MessageFlagsEphemeral}}
}

// verify checks Discord's signature: Ed25519 over timestamp || body, the
// timestamp in Unix seconds within maxSkew of now. It returns why the
// request is refused (refusedSignature or refusedTimestamp), or "". The
// signature is checked first, so that refusedTimestamp (whose hint is to
// check the clock) means a request Discord did sign: an unsigned one, or
// one with a forged or missing timestamp, is refusedSignature.
func verify(key ed25519.PublicKey, sigHex, ts string, body []byte, now time.Time) string {
	sig, err := hex.DecodeString(sigHex)
	if len(key) != ed25519.PublicKeySize || err != nil || len(sig) != ed25519.SignatureSize || ts == "" {
		return refusedSignature
	}
	msg := make([]byte, 0, len(ts)+len(body))
	msg = append(append(msg, ts...), body...)
	if !ed25519.Verify(key, msg, sig) {
		return refusedSignature
	}
	sec, err := strconv.ParseInt(ts, 10, 64)
	if err != nil {
		return refusedTimestamp
	}
	if d := now.Sub(time.Unix(sec, 0)); d > maxSkew || d < -maxSkew {
		return refusedTimestamp
	}
	return ""
}
