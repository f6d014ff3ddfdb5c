package bot

import (
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"time"

	"github.com/bwmarrin/discordgo"
)

// maxSkew is how far a request's signed timestamp may be from now.
const maxSkew = 5 * time.Minute

// maxBody bounds an interaction request body.
const maxBody = 1 << 20

// InteractionsHandler serves Discord's Interactions Endpoint URL (HTTP
// interactions mode). It verifies the Ed25519 signature over timestamp and
// body with the application's public key and rejects a bad signature or
// a timestamp more than five minutes away with 401; it answers PING with
// PONG; everything else goes to the same router as the gateway. The
// response goes in the HTTP body; a response with files is sent as a
// deferral in the body and then delivered by editing it through REST.
func (b *Bot) InteractionsHandler(ctx context.Context) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		start := time.Now()
		if req.Method != http.MethodPost {
			http.Error(w, "POST only", http.StatusMethodNotAllowed)
			return
		}
		body, err := io.ReadAll(io.LimitReader(req.Body, maxBody+1))
		if err != nil || len(body) > maxBody {
			http.Error(w, "bad body", http.StatusBadRequest)
			return
		}
		if !verify(b.pubKey, req.Header.Get("X-Signature-Ed25519"), req.Header.Get("X-Signature-Timestamp"), body, b.now()) {
			http.Error(w, "invalid request signature", http.StatusUnauthorized)
			return
		}
		var in discordgo.Interaction
		if err := json.Unmarshal(body, &in); err != nil {
			http.Error(w, "bad interaction", http.StatusBadRequest)
			return
		}
		resp, late := b.respondInTime(ctx, &in)
		if resp.Data != nil && len(resp.Data.Files) > 0 {
			full := resp
			resp = deferralFor(full)
			inner := late
			late = func(ctx context.Context) {
				if _, err := b.rest.EditResponse(ctx, &in, webhookEdit(full.Data)); err != nil {
					b.log.Error("delivering a deferred response", "interaction_id", in.ID, "err", err)
				}
				if inner != nil {
					inner(ctx)
				}
			}
		}
		out, err := json.Marshal(resp)
		if err != nil {
			b.log.Error("encoding an interaction response", "interaction_id", in.ID, "err", err)
			http.Error(w, "internal error", http.StatusInternalServerError)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.Write(out)
		b.metrics.observeResponse(time.Since(start))
		b.runAfter(ctx, &reply{after: late})
	})
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
// timestamp in Unix seconds within maxSkew of now.
func verify(key ed25519.PublicKey, sigHex, ts string, body []byte, now time.Time) bool {
	if len(key) != ed25519.PublicKeySize || sigHex == "" || ts == "" {
		return false
	}
	sig, err := hex.DecodeString(sigHex)
	if err != nil || len(sig) != ed25519.SignatureSize {
		return false
	}
	sec, err := strconv.ParseInt(ts, 10, 64)
	if err != nil {
		return false
	}
	if d := now.Sub(time.Unix(sec, 0)); d > maxSkew || d < -maxSkew {
		return false
	}
	msg := make([]byte, 0, len(ts)+len(body))
	msg = append(append(msg, ts...), body...)
	return ed25519.Verify(key, msg, sig)
}
