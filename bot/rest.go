package bot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"
)

// REST is the narrow set of Discord REST calls the bot makes. The real one
// is [SessionREST]; console mode and tests may supply others.
type REST interface {
	// Respond sends the initial response to an interaction.
	Respond(ctx context.Context, in *discordgo.Interaction, r *discordgo.InteractionResponse) error
	// Original returns the message of the initial response.
	Original(ctx context.Context, in *discordgo.Interaction) (*discordgo.Message, error)
	// EditResponse edits the initial (or deferred) response.
	EditResponse(ctx context.Context, in *discordgo.Interaction, e *discordgo.WebhookEdit) (*discordgo.Message, error)
	// DeleteResponse deletes the initial (or deferred) response.
	DeleteResponse(ctx context.Context, in *discordgo.Interaction) error
	// Followup posts a follow-up message to an interaction.
	Followup(ctx context.Context, in *discordgo.Interaction, p *discordgo.WebhookParams) (*discordgo.Message, error)
	// Send posts a message in a channel.
	Send(ctx context.Context, channelID string, m *discordgo.MessageSend) (*discordgo.Message, error)
	// Edit edits a message.
	Edit(ctx context.Context, m *discordgo.MessageEdit) error
	// DM sends a direct message to a user.
	DM(ctx context.Context, userID string, m *discordgo.MessageSend) error
	// StartThread starts a public thread on a message and returns its id.
	StartThread(ctx context.Context, channelID, messageID, name string) (string, error)
	// Channel returns a channel (its type, and a thread's parent).
	Channel(ctx context.Context, channelID string) (*discordgo.Channel, error)
	// InGuild reports whether the bot is a member of server guildID
	// (Discord's list of the bot's servers holds it).
	InGuild(ctx context.Context, guildID string) (bool, error)
	// RegisterCommands replaces the application's commands (in guildID,
	// or globally when it is empty) in one bulk overwrite, and returns
	// them as registered (with the ids Discord gave them; none in console
	// mode).
	RegisterCommands(ctx context.Context, appID, guildID string, cmds []*discordgo.ApplicationCommand) ([]*discordgo.ApplicationCommand, error)
	// Commands returns the application's commands (in guildID, or the
	// global ones when it is empty) as registered, with their ids.
	Commands(ctx context.Context, appID, guildID string) ([]*discordgo.ApplicationCommand, error)
}

// DefaultRESTBaseURL is Discord's REST API (discordgo v0.29.0 speaks version 9).
const DefaultRESTBaseURL = "https://discord.com/api/v9/"

// NewSession returns a discordgo session for a bot token whose REST calls
// go to baseURL (for a REST proxy, or a fake Discord in tests) instead of
// discord.com. It does not connect. client may be nil.
func NewSession(token, baseURL string, client *http.Client) (*discordgo.Session, error) {
	s, err := discordgo.New("Bot " + strings.TrimPrefix(token, "Bot "))
	if err != nil {
		return nil, fmt.Errorf("bot: new session: %w", err)
	}
	if client == nil {
		client = &http.Client{Timeout: s.Client.Timeout}
	}
	if baseURL != "" && baseURL != DefaultRESTBaseURL {
		u, err := url.Parse(baseURL)
		if err != nil || u.Host == "" {
			return nil, fmt.Errorf("bot: REST base URL %q: give an http(s) URL such as %q", baseURL, DefaultRESTBaseURL)
		}
		if !strings.HasSuffix(u.Path, "/") {
			u.Path += "/"
		}
		next := client.Transport
		if next == nil {
			next = http.DefaultTransport
		}
		c := *client
		c.Transport = &rebase{to: u, next: next}
		client = &c
	}
	s.Client = client
	s.MaxRestRetries = 2
	return s, nil
}

// rebase sends requests for Discord's REST API to another base URL.
// discordgo builds its URLs from package variables at start-up; rewriting
// them in a transport keeps the bot free of package-level state.
type rebase struct {
	to   *url.URL
	next http.RoundTripper
}

func (r *rebase) RoundTrip(req *http.Request) (*http.Response, error) {
	rest, ok := strings.CutPrefix(req.URL.String(), DefaultRESTBaseURL)
	if !ok {
		return r.next.RoundTrip(req)
	}
	u, err := r.to.Parse(rest)
	if err != nil {
		return nil, err
	}
	req = req.Clone(req.Context())
	req.URL = u
	req.Host = u.Host
	resp, err := r.next.RoundTrip(req)
	if err != nil {
		// The client's error names the URL asked for (discord.com):
		// say where the call went.
		return nil, fmt.Errorf("sent to rest_base_url %s: %w", r.to.Redacted(), err)
	}
	return resp, nil
}

// SessionREST is the REST implementation over a discordgo session.
type SessionREST struct {
	S *discordgo.Session
	// Waits are the pauses before a call that failed on Discord's side is
	// made again, but for an interaction's response (nil: 1, 5 and 20 s).
	Waits []time.Duration
}

// waits returns the pauses before a call is made again.
func (r SessionREST) waits() []time.Duration {
	if r.Waits != nil {
		return r.Waits
	}
	return retryWaits
}

// The calls on an interaction (the initial response; fetching, editing
// and deleting it; follow-ups) are made here rather than through
// discordgo's Interaction* and FollowupMessageCreate methods, for two
// reasons. discordgo puts every interaction's webhook calls in one
// rate-limit bucket ("webhooks//") and holds it for the whole request, so
// one slow call (a replay's upload, a slow network) made every other
// player's reply wait behind it — under load most of a reply's time went
// there. And it keys the initial response's and the follow-ups' buckets
// by the whole URL, token included, and never forgets a bucket, so every
// interaction left one behind for the life of the process (about 400
// bytes each: 400 MB after a million interactions). Discord limits these
// routes per interaction token; the bot spreads interactions over
// interactionBuckets buckets by their token, so that two interactions
// rarely share one and the number of buckets stays fixed.

// interactionBuckets is how many rate-limit buckets interactions share.
const interactionBuckets = 1024

// responseBucket is the rate-limit bucket of an interaction's calls.
func responseBucket(in *discordgo.Interaction) string {
	h := fnv.New32a()
	h.Write([]byte(in.Token))
	return "interactions/" + strconv.Itoa(int(h.Sum32()%interactionBuckets))
}

// call sends a request (multipart when there are files, their
// descriptions added when they have alt text, in the payload's data
// object when inData) in bucket and decodes the message Discord returns,
// if any. A failure on Discord's side is tried again after each of waits
// (see retrying); the body is encoded once, so that the files go with
// every attempt. arrived, when not nil, reports whether the error of an
// attempt after the first says that an earlier one did arrive, its
// answer lost on the way: the call then succeeded.
func (r SessionREST) call(ctx context.Context, method, uri, bucket string, payload any, files []*discordgo.File, inData bool,
	waits []time.Duration, arrived func(error) bool) (*discordgo.Message, error) {
	send := func() ([]byte, error) {
		return r.S.RequestWithBucketID(method, uri, payload, bucket, withContext(ctx)...)
	}
	if len(files) > 0 {
		body := payload
		var err error
		if hasAlt(files) {
			if body, err = withAlts(payload, files, inData); err != nil {
				return nil, fmt.Errorf("bot: encode a message: %w", err)
			}
		}
		ct, data, merr := discordgo.MultipartBodyWithJSON(body, files)
		if merr != nil {
			return nil, fmt.Errorf("bot: encode a message: %w", merr)
		}
		send = func() ([]byte, error) {
			return r.S.RequestRaw(method, uri, ct, data, bucket, 0, withContext(ctx)...)
		}
	}
	var out []byte
	err := retrying(ctx, waits, func(attempt int) (err error) {
		out, err = send()
		if err != nil && attempt > 0 && arrived != nil && arrived(err) {
			out, err = nil, nil
		}
		return err
	})
	if err != nil {
		return nil, redact(err)
	}
	if len(out) == 0 {
		return nil, nil
	}
	var m discordgo.Message
	if err := json.Unmarshal(out, &m); err != nil {
		return nil, fmt.Errorf("bot: decode a message: %w", err)
	}
	return &m, nil
}

// withContext returns the options of every call SessionREST makes: ctx,
// and no retry by discordgo after a 429. discordgo waits a 429's
// Retry-After out in time.Sleep, deaf to the context, so that a long one
// held the call's goroutine (a reply's follow-up work, a shutdown) for
// all of it; retrying waits it out within the context instead. discordgo
// still reads every answer's rate-limit headers into its buckets (and
// its global limit), and waits for an exhausted bucket before a call.
func withContext(ctx context.Context) []discordgo.RequestOption {
	return []discordgo.RequestOption{discordgo.WithContext(ctx), discordgo.WithRetryOnRatelimit(false)}
}

// Discord fails now and then on its side: an answer of 500 or 503, a
// connection dropped, no answer within the client's timeout (discordgo
// tries a 502 again itself). One such failure lost
// what the call carried: the board of an engine's move never reached the
// channel, and its player never learnt that it was their move. The calls
// are tried again after these pauses, within the caller's context: an
// interaction's response within Discord's three seconds, the others over
// half a minute.
var (
	callbackWaits = []time.Duration{250 * time.Millisecond, time.Second}
	retryWaits    = []time.Duration{time.Second, 5 * time.Second, 20 * time.Second}
)

// retrying calls fn (attempt 0), and again after each of waits while it
// fails on Discord's side (failedOnDiscordsSide) and ctx is not done.
// The error of the last attempt says how many there were. A call that
// Discord rate-limited (429) is made again once its Retry-After is over,
// without using up a wait, as long as the Retry-Afters waited out for it
// stay within rateLimitBudget; it ends with ctx.
func retrying(ctx context.Context, waits []time.Duration, fn func(attempt int) error) error {
	err := fn(0)
	var limitedFor time.Duration
	for attempt, used := 1, 0; err != nil; attempt++ {
		wait, limited := rateLimited(err)
		switch {
		case limited && limitedFor+wait > rateLimitBudget:
			return fmt.Errorf("%w (Discord still rate-limited the call after %v of waiting, and asked for %v more; given up after %v)",
				err, limitedFor.Round(time.Millisecond), wait.Round(time.Millisecond), rateLimitBudget)
		case limited:
			limitedFor += wait
		case used < len(waits) && failedOnDiscordsSide(ctx, err):
			wait = waits[used]
			used++
		case used > 0 && used == len(waits):
			return fmt.Errorf("%w (Discord failed %d times in a row)", err, len(waits)+1)
		default:
			return err
		}
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return err
		case <-t.C:
		}
		err = fn(attempt)
	}
	return nil
}

// rateLimitBudget is how long retrying waits out Discord's 429s for one
// call, in all: a Discord that rate-limits a call for longer (or asks
// for a longer Retry-After) fails it rather than holding the caller, one
// without a deadline (a sweep, a shutdown) for ever.
var rateLimitBudget = 2 * time.Minute

// minRateLimitWait is the least wait after a 429, should Discord's
// Retry-After be zero or missing.
const minRateLimitWait = 50 * time.Millisecond

// rateLimited reports whether err says that Discord rate-limited a call
// (429, with retries by discordgo turned off: withContext), and how long
// to wait before it is made again. An error marked final is not.
func rateLimited(err error) (time.Duration, bool) {
	var f *final
	var rl *discordgo.RateLimitError
	if errors.As(err, &f) || !errors.As(err, &rl) || rl.RateLimit == nil {
		return 0, false
	}
	wait := minRateLimitWait
	if rl.TooManyRequests != nil {
		wait = max(wait, rl.RetryAfter)
	}
	return wait, true
}

// failedOnDiscordsSide reports whether err, a REST call's, may go away
// when the call is made again: Discord answered 5xx, or no answer came
// (the connection dropped, the client timed out), while ctx still runs.
// A refusal (4xx: a missing permission, an unknown channel or
// interaction) is final.
func failedOnDiscordsSide(ctx context.Context, err error) bool {
	var f *final
	if ctx.Err() != nil || errors.As(err, &f) {
		return false
	}
	var re *discordgo.RESTError
	if errors.As(err, &re) {
		return re.Response != nil && re.Response.StatusCode >= 500
	}
	return true
}

// answeredFailure reports whether Discord answered a call with a 5xx, so
// that it did not carry it out: a call that must not be made twice (a
// follow-up message has no nonce) is tried again only then, not after a
// connection dropped once the request was sent.
func answeredFailure(ctx context.Context, err error) bool {
	var re *discordgo.RESTError
	return ctx.Err() == nil && errors.As(err, &re) && re.Response != nil && re.Response.StatusCode >= 500
}

// Respond sends the initial response (multipart when it has files). Sent
// again after its answer was lost, it is refused as already acknowledged
// (40060): the first one arrived.
func (r SessionREST) Respond(ctx context.Context, in *discordgo.Interaction, resp *discordgo.InteractionResponse) error {
	var files []*discordgo.File
	if resp.Data != nil {
		files = resp.Data.Files
	}
	_, err := r.call(ctx, "POST", discordgo.EndpointInteractionResponse(in.ID, in.Token), responseBucket(in), resp, files, true,
		callbackWaits, func(err error) bool { return discordCode(err) == 40060 })
	return err
}

// Original fetches the message of the initial response.
func (r SessionREST) Original(ctx context.Context, in *discordgo.Interaction) (*discordgo.Message, error) {
	m, err := r.call(ctx, "GET", discordgo.EndpointWebhookMessage(in.AppID, in.Token, "@original"), responseBucket(in), nil, nil, false, r.waits(), nil)
	if err == nil && m == nil {
		return nil, errors.New("bot: Discord returned no message for the interaction's response")
	}
	return m, err
}

// EditResponse edits the initial or deferred response (multipart when it
// has files).
func (r SessionREST) EditResponse(ctx context.Context, in *discordgo.Interaction, e *discordgo.WebhookEdit) (*discordgo.Message, error) {
	return r.call(ctx, "PATCH", discordgo.EndpointWebhookMessage(in.AppID, in.Token, "@original"), responseBucket(in), e, e.Files, false, r.waits(), nil)
}

// DeleteResponse deletes the initial or deferred response. Deleted again
// after its answer was lost, it is unknown (10008): the first attempt
// deleted it.
func (r SessionREST) DeleteResponse(ctx context.Context, in *discordgo.Interaction) error {
	_, err := r.call(ctx, "DELETE", discordgo.EndpointWebhookMessage(in.AppID, in.Token, "@original"), responseBucket(in), nil, nil, false,
		r.waits(), func(err error) bool { return discordCode(err) == 10008 })
	return err
}

// Followup posts a follow-up message and waits for it to be created. A
// webhook message has no nonce: it is sent again only after Discord
// answered that it failed.
func (r SessionREST) Followup(ctx context.Context, in *discordgo.Interaction, p *discordgo.WebhookParams) (*discordgo.Message, error) {
	uri := discordgo.EndpointWebhookToken(in.AppID, in.Token) + "?wait=true"
	var m *discordgo.Message
	err := retrying(ctx, r.waits(), func(int) (err error) {
		m, err = r.call(ctx, "POST", uri, responseBucket(in), p, p.Files, false, nil, nil)
		if err != nil && !answeredFailure(ctx, err) {
			err = &final{err}
		}
		return err
	})
	var f *final
	if errors.As(err, &f) {
		err = f.err
	}
	return m, err
}

// final is an error that retrying must not try again.
type final struct{ err error }

func (e *final) Error() string { return e.err.Error() }

// nonced is a channel message with a nonce that Discord enforces: a
// message sent again with the same nonce within minutes is not posted a
// second time (Discord answers with the first).
type nonced struct {
	*discordgo.MessageSend
	Nonce        string `json:"nonce"`
	EnforceNonce bool   `json:"enforce_nonce"`
}

// nonceKey is the context key of a channel message's nonce (withNonce).
type nonceKey struct{}

// withNonce returns ctx carrying nonce (at most 25 characters) for the
// channel message that Send posts within it, in place of a random one: a
// message that a later call sends again, not only Send's own retries,
// is then posted once, as long as Discord remembers the nonce (minutes).
func withNonce(ctx context.Context, nonce string) context.Context {
	return context.WithValue(ctx, nonceKey{}, nonce)
}

// Send posts a message in a channel. It carries a nonce (random, unless
// ctx carries one: withNonce), so that sending it again after a lost
// answer posts it once.
func (r SessionREST) Send(ctx context.Context, channelID string, m *discordgo.MessageSend) (*discordgo.Message, error) {
	for _, e := range m.Embeds {
		if e.Type == "" {
			e.Type = discordgo.EmbedTypeRich
		}
	}
	endpoint := discordgo.EndpointChannelMessages(channelID)
	nonce, _ := ctx.Value(nonceKey{}).(string)
	if nonce == "" {
		nonce = strconv.FormatUint(rand.Uint64(), 36)
	}
	payload := &nonced{MessageSend: m, Nonce: nonce, EnforceNonce: true}
	return r.call(ctx, "POST", endpoint, endpoint, payload, m.Files, false, r.waits(), nil)
}

// Edit edits a message.
func (r SessionREST) Edit(ctx context.Context, m *discordgo.MessageEdit) error {
	return redact(retrying(ctx, r.waits(), func(int) error {
		_, err := r.S.ChannelMessageEditComplex(m, withContext(ctx)...)
		return err
	}))
}

// DM opens (or reuses) the direct-message channel with a user and posts there.
func (r SessionREST) DM(ctx context.Context, userID string, m *discordgo.MessageSend) error {
	var ch *discordgo.Channel
	err := retrying(ctx, r.waits(), func(int) (err error) {
		ch, err = r.S.UserChannelCreate(userID, withContext(ctx)...)
		return err
	})
	if err != nil {
		return redact(err)
	}
	_, err = r.Send(ctx, ch.ID, m)
	return err
}

// StartThread starts a public thread on a message, archived after a week
// of silence. Started again after its answer was lost, it is refused as
// already started (160004): the thread started on a message has the
// message's id.
func (r SessionREST) StartThread(ctx context.Context, channelID, messageID, name string) (string, error) {
	var ch *discordgo.Channel
	err := retrying(ctx, r.waits(), func(attempt int) (err error) {
		ch, err = r.S.MessageThreadStart(channelID, messageID, name, 10080, withContext(ctx)...)
		if err != nil && attempt > 0 && discordCode(err) == 160004 {
			ch, err = &discordgo.Channel{ID: messageID}, nil
		}
		return err
	})
	if err != nil {
		return "", redact(err)
	}
	return ch.ID, nil
}

// Channel returns a channel from the gateway's cache when it is there
// (guild create and thread events fill it), else from Discord.
func (r SessionREST) Channel(ctx context.Context, channelID string) (*discordgo.Channel, error) {
	if r.S.State != nil {
		if ch, err := r.S.State.Channel(channelID); err == nil {
			return ch, nil
		}
	}
	var ch *discordgo.Channel
	err := retrying(ctx, r.waits(), func(int) (err error) {
		ch, err = r.S.Channel(channelID, withContext(ctx)...)
		return err
	})
	return ch, redact(err)
}

// InGuild asks Discord for the first of the bot's servers after the one
// just below guildID (GET /users/@me/guilds, after, limit 1): guildID
// itself when the bot is still a member. One request however many
// servers the bot is in.
func (r SessionREST) InGuild(ctx context.Context, guildID string) (bool, error) {
	id, err := strconv.ParseUint(guildID, 10, 64)
	if err != nil || id == 0 {
		return false, fmt.Errorf("bot: server id %q is not a snowflake", guildID)
	}
	var gs []*discordgo.UserGuild
	err = retrying(ctx, r.waits(), func(int) (err error) {
		gs, err = r.S.UserGuilds(1, "", strconv.FormatUint(id-1, 10), false, withContext(ctx)...)
		return err
	})
	if err != nil {
		return false, redact(err)
	}
	return len(gs) > 0 && gs[0].ID == guildID, nil
}

// RegisterCommands replaces the commands with one bulk overwrite and
// returns Discord's answer: the commands with their ids.
func (r SessionREST) RegisterCommands(ctx context.Context, appID, guildID string, cmds []*discordgo.ApplicationCommand) ([]*discordgo.ApplicationCommand, error) {
	var out []*discordgo.ApplicationCommand
	err := retrying(ctx, nil, func(int) (err error) { // a 429 waited out, nothing else tried again
		out, err = r.S.ApplicationCommandBulkOverwrite(appID, guildID, cmds, withContext(ctx)...)
		return err
	})
	return out, redact(err)
}

// Commands fetches the registered commands.
func (r SessionREST) Commands(ctx context.Context, appID, guildID string) ([]*discordgo.ApplicationCommand, error) {
	var out []*discordgo.ApplicationCommand
	err := retrying(ctx, nil, func(int) (err error) { // a 429 waited out, nothing else tried again
		out, err = r.S.ApplicationCommands(appID, guildID, withContext(ctx)...)
		return err
	})
	return out, redact(err)
}

// tokenInURL matches the secret part of the URLs of interaction
// callbacks and webhooks: /interactions/<id>/<token>/… and
// /webhooks/<application id>/<token>/….
var tokenInURL = regexp.MustCompile(`(/(?:interactions|webhooks)/[^/\s"']+/)[A-Za-z0-9._~-]+`)

// RedactTokens replaces the interaction and webhook tokens in the URLs
// within s by REDACTED. Errors of Discord REST calls carry the URL they
// called (a *url.Error, discordgo's RateLimitError and log lines), and an
// interaction token lets whoever reads the logs answer as the bot for 15
// minutes.
func RedactTokens(s string) string { return tokenInURL.ReplaceAllString(s, "${1}REDACTED") }

// redactedError is an error whose text had a token removed; errors.Is and
// errors.As still reach the original (discordCode needs its RESTError).
type redactedError struct {
	msg string
	err error
}

func (e *redactedError) Error() string { return e.msg }
func (e *redactedError) Unwrap() error { return e.err }

// redact returns err with any token in its text removed (see
// RedactTokens). Every SessionREST method returns its errors through it,
// so none reaches a log with a token in it.
func redact(err error) error {
	if err == nil {
		return nil
	}
	msg := err.Error()
	if r := RedactTokens(msg); r != msg {
		return &redactedError{r, err}
	}
	return err
}

// discordCode returns the JSON error code of a Discord REST error (such as
// 10062 unknown interaction or 50007 cannot message this user), or 0.
func discordCode(err error) int {
	var re *discordgo.RESTError
	if ok := asError(err, &re); ok && re.Message != nil {
		return re.Message.Code
	}
	return 0
}
