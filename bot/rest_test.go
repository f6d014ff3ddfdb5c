package bot_test

import (
	"strings"
	"testing"

	"github.com/taflbot/taflbot/bot"
)

// TestLoggedRESTErrorsHaveNoTokens: when a REST call fails in transport
// (the error carries the URL, and an interaction's URL carries its
// token), the error logged says where without the token.
func TestLoggedRESTErrorsHaveNoTokens(t *testing.T) {
	h := newHarness(t, nil)
	const secret = "aW50ZXJhY3Rpb246c2VjcmV0LXRva2Vu"
	h.fake.inject("POST", "/callback", hangUp, 0, 1)
	in := h.slashInteraction(alice, "help")
	in.Token = secret
	h.bot.HandleGateway(t.Context(), in)
	lines := h.logs.lines("sending the interaction response failed")
	if len(lines) != 1 {
		t.Fatalf("log lines about the failed response: %v", lines)
	}
	if !strings.Contains(lines[0], "/interactions/"+in.ID+"/REDACTED/callback") {
		t.Errorf("the logged error does not say where (redacted): %s", lines[0])
	}
	if strings.Contains(h.logs.String(), secret) {
		t.Errorf("the interaction token is in the logs:\n%s", h.logs.String())
	}
}

func TestRedactTokens(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`Post "https://discord.com/api/v9/interactions/123/aW50ZX.Jh-Y3_Rp/callback": EOF`, `Post "https://discord.com/api/v9/interactions/123/REDACTED/callback": EOF`},
		{`Patch "https://discord.com/api/v9/webhooks/555/tok/messages/@original?wait=true": timeout`, `Patch "https://discord.com/api/v9/webhooks/555/REDACTED/messages/@original?wait=true": timeout`},
		{"Rate Limiting https://discord.com/api/v9/webhooks/555/abc, retry in 1s", "Rate Limiting https://discord.com/api/v9/webhooks/555/REDACTED, retry in 1s"},
		{"channels/900/messages failed", "channels/900/messages failed"},
	} {
		if got := bot.RedactTokens(c.in); got != c.want {
			t.Errorf("RedactTokens(%q)\n = %q\nwant %q", c.in, got, c.want)
		}
	}
}
