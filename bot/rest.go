package bot

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strings"

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
	// RegisterCommands replaces the application's commands (in guildID,
	// or globally when it is empty) in one bulk overwrite.
	RegisterCommands(ctx context.Context, appID, guildID string, cmds []*discordgo.ApplicationCommand) error
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
	return r.next.RoundTrip(req)
}

// SessionREST is the REST implementation over a discordgo session.
type SessionREST struct{ S *discordgo.Session }

// Respond sends the initial response (multipart when it has files).
func (r SessionREST) Respond(ctx context.Context, in *discordgo.Interaction, resp *discordgo.InteractionResponse) error {
	if resp.Data != nil && hasAlt(resp.Data.Files) {
		endpoint := discordgo.EndpointInteractionResponse(in.ID, in.Token)
		_, err := r.described(ctx, "POST", endpoint, resp, resp.Data.Files, true)
		return redact(err)
	}
	return redact(r.S.InteractionRespond(in, resp, discordgo.WithContext(ctx)))
}

// described sends a multipart request whose payload describes its files
// (see alt.go) and decodes the message Discord returns, if any.
func (r SessionREST) described(ctx context.Context, method, endpoint string, payload any, files []*discordgo.File, inData bool) (*discordgo.Message, error) {
	body, err := withAlts(payload, files, inData)
	if err != nil {
		return nil, fmt.Errorf("bot: encode a message: %w", err)
	}
	ct, data, err := discordgo.MultipartBodyWithJSON(body, files)
	if err != nil {
		return nil, err
	}
	bucket, _, _ := strings.Cut(endpoint, "?")
	out, err := r.S.RequestRaw(method, endpoint, ct, data, bucket, 0, discordgo.WithContext(ctx))
	if err != nil || len(out) == 0 {
		return nil, redact(err)
	}
	var m discordgo.Message
	if err := json.Unmarshal(out, &m); err != nil {
		return nil, fmt.Errorf("bot: decode a message: %w", err)
	}
	return &m, nil
}

// The calls on an interaction's response message (fetch, edit, delete)
// are made here rather than through discordgo's InteractionResponse,
// InteractionResponseEdit and InteractionResponseDelete: those put every
// interaction of the bot in one rate-limit bucket ("webhooks//") and hold
// it for the whole request, so one slow call (a replay's upload, a slow
// network) made every other player's reply wait behind it — under load
// most of a reply's time went there. Discord limits these routes per
// webhook token (a major parameter), so each interaction gets its own
// bucket: the one discordgo already keeps for its initial response.

// responseBucket is the rate-limit bucket of an interaction's calls.
func responseBucket(in *discordgo.Interaction) string {
	return discordgo.EndpointInteractionResponse(in.ID, in.Token)
}

// Original fetches the message of the initial response.
func (r SessionREST) Original(ctx context.Context, in *discordgo.Interaction) (*discordgo.Message, error) {
	uri := discordgo.EndpointWebhookMessage(in.AppID, in.Token, "@original")
	body, err := r.S.RequestWithBucketID("GET", uri, nil, responseBucket(in), discordgo.WithContext(ctx))
	if err != nil {
		return nil, redact(err)
	}
	var m discordgo.Message
	if err := json.Unmarshal(body, &m); err != nil {
		return nil, fmt.Errorf("bot: reading the interaction's response message: %w", err)
	}
	return &m, nil
}

// EditResponse edits the initial or deferred response (multipart when it
// has files).
func (r SessionREST) EditResponse(ctx context.Context, in *discordgo.Interaction, e *discordgo.WebhookEdit) (*discordgo.Message, error) {
	uri := discordgo.EndpointWebhookMessage(in.AppID, in.Token, "@original")
	if hasAlt(e.Files) {
		return r.described(ctx, "PATCH", uri, e, e.Files, false)
	}
	var body []byte
	var err error
	if len(e.Files) > 0 {
		contentType, data, merr := discordgo.MultipartBodyWithJSON(e, e.Files)
		if merr != nil {
			return nil, fmt.Errorf("bot: encoding the response edit: %w", merr)
		}
		body, err = r.S.RequestRaw("PATCH", uri, contentType, data, responseBucket(in), 0, discordgo.WithContext(ctx))
	} else {
		body, err = r.S.RequestWithBucketID("PATCH", uri, e, responseBucket(in), discordgo.WithContext(ctx))
	}
	if err != nil {
		return nil, redact(err)
	}
	var m discordgo.Message
	if err := json.Unmarshal(body, &m); err != nil {
		return nil, fmt.Errorf("bot: reading the edited response message: %w", err)
	}
	return &m, nil
}

// DeleteResponse deletes the initial or deferred response.
func (r SessionREST) DeleteResponse(ctx context.Context, in *discordgo.Interaction) error {
	uri := discordgo.EndpointWebhookMessage(in.AppID, in.Token, "@original")
	_, err := r.S.RequestWithBucketID("DELETE", uri, nil, responseBucket(in), discordgo.WithContext(ctx))
	return redact(err)
}

// Followup posts a follow-up message and waits for it to be created.
func (r SessionREST) Followup(ctx context.Context, in *discordgo.Interaction, p *discordgo.WebhookParams) (*discordgo.Message, error) {
	if hasAlt(p.Files) {
		return r.described(ctx, "POST", discordgo.EndpointWebhookToken(in.AppID, in.Token)+"?wait=true", p, p.Files, false)
	}
	m, err := r.S.FollowupMessageCreate(in, true, p, discordgo.WithContext(ctx))
	return m, redact(err)
}

// Send posts a message in a channel.
func (r SessionREST) Send(ctx context.Context, channelID string, m *discordgo.MessageSend) (*discordgo.Message, error) {
	if hasAlt(m.Files) {
		return r.described(ctx, "POST", discordgo.EndpointChannelMessages(channelID), m, m.Files, false)
	}
	msg, err := r.S.ChannelMessageSendComplex(channelID, m, discordgo.WithContext(ctx))
	return msg, redact(err)
}

// Edit edits a message.
func (r SessionREST) Edit(ctx context.Context, m *discordgo.MessageEdit) error {
	_, err := r.S.ChannelMessageEditComplex(m, discordgo.WithContext(ctx))
	return redact(err)
}

// DM opens (or reuses) the direct-message channel with a user and posts there.
func (r SessionREST) DM(ctx context.Context, userID string, m *discordgo.MessageSend) error {
	ch, err := r.S.UserChannelCreate(userID, discordgo.WithContext(ctx))
	if err != nil {
		return redact(err)
	}
	_, err = r.S.ChannelMessageSendComplex(ch.ID, m, discordgo.WithContext(ctx))
	return redact(err)
}

// StartThread starts a public thread on a message, archived after a week of silence.
func (r SessionREST) StartThread(ctx context.Context, channelID, messageID, name string) (string, error) {
	ch, err := r.S.MessageThreadStart(channelID, messageID, name, 10080, discordgo.WithContext(ctx))
	if err != nil {
		return "", redact(err)
	}
	return ch.ID, nil
}

// RegisterCommands replaces the commands with one bulk overwrite.
func (r SessionREST) RegisterCommands(ctx context.Context, appID, guildID string, cmds []*discordgo.ApplicationCommand) error {
	_, err := r.S.ApplicationCommandBulkOverwrite(appID, guildID, cmds, discordgo.WithContext(ctx))
	return redact(err)
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
