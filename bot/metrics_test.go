package bot_test

import (
	"io"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestAdminEndpoints(t *testing.T) {
	h := newHarness(t, nil)
	startGame(t, h)
	srv := httptest.NewServer(h.bot.AdminHandler())
	defer srv.Close()
	resp, err := srv.Client().Get(srv.URL + "/healthz")
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("healthz: %v %v", resp, err)
	}
	resp.Body.Close()
	resp, err = srv.Client().Get(srv.URL + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	text := string(body)
	for _, want := range []string{
		`taflbot_interaction_seconds_count{kind="tafl challenge"} 1`,
		`taflbot_interaction_seconds_bucket{kind="component acc",le="+Inf"} 1`,
		"# TYPE taflbot_ai_think_seconds histogram",
		`taflbot_errors_total{kind="internal"} 0`,
		"taflbot_games_started_total 1",
		"taflbot_active_games 1",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("metrics lack %q", want)
		}
	}
	if t.Failed() {
		t.Log(text)
	}
}
