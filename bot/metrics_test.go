package bot_test

import (
	"errors"
	"fmt"
	"io"
	"maps"
	"math"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/bot"
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

// TestActiveGamesCountedInTheDatabase: two bots on one store, as two
// processes share a PostgreSQL database. A game started at one is in
// progress in the other's /metrics too; ended at the other, it leaves
// both at zero (each process counting the starts and ends it saw showed
// 1 and 0, then 1 and -1).
func TestActiveGamesCountedInTheDatabase(t *testing.T) {
	hb := newHTTPBot(t)
	h := hb.h
	active := func(b *bot.Bot) string {
		t.Helper()
		srv := httptest.NewServer(b.AdminHandler())
		defer srv.Close()
		resp, err := srv.Client().Get(srv.URL + "/metrics")
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		for _, line := range strings.Split(string(body), "\n") {
			if strings.HasPrefix(line, "taflbot_active_games ") {
				return line
			}
		}
		t.Fatalf("no taflbot_active_games in\n%s", body)
		return ""
	}
	startGame(t, h)
	for i, b := range []*bot.Bot{h.bot, hb.b} {
		if got := active(b); got != "taflbot_active_games 1" {
			t.Errorf("process %d after the game started: %q, want 1", i+1, got)
		}
	}
	// Bob resigns (or aborts) at the second process.
	in := h.slashInteraction(bob, "resign")
	hb.b.HandleGateway(t.Context(), in)
	r, _ := h.fake.callback(t, in.ID)
	var confirm string
	for _, id := range customIDs(r.Components) {
		confirm = id
	}
	if confirm == "" {
		t.Fatalf("no confirmation button: %+v", r)
	}
	in = h.slashInteraction(bob, "resign")
	in.Type, in.Message = discordgo.InteractionMessageComponent, &discordgo.Message{ID: "m-confirm", ChannelID: channel, Flags: discordgo.MessageFlagsEphemeral}
	in.Data = discordgo.MessageComponentInteractionData{CustomID: confirm}
	hb.b.HandleGateway(t.Context(), in)
	h.fake.callback(t, in.ID)
	if g := gameOf(t, h, alice); g.Active() {
		t.Fatalf("game %d still in progress", g.ID)
	}
	for i, b := range []*bot.Bot{h.bot, hb.b} {
		if got := active(b); got != "taflbot_active_games 0" {
			t.Errorf("process %d after the game ended: %q, want 0", i+1, got)
		}
	}
}

// TestActiveGamesLeftOutWhenTheDatabaseDoesNotAnswer: a scrape while the
// database cannot count the games in progress leaves taflbot_active_games
// out (Prometheus then shows none) rather than repeating the count of the
// last scrape that could, as if nothing had changed since.
func TestActiveGamesLeftOutWhenTheDatabaseDoesNotAnswer(t *testing.T) {
	h := newHarness(t, nil)
	startGame(t, h)
	srv := httptest.NewServer(h.bot.AdminHandler())
	defer srv.Close()
	scrape := func() string {
		t.Helper()
		resp, err := srv.Client().Get(srv.URL + "/metrics")
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		return string(body)
	}
	if text := scrape(); !strings.Contains(text, "\ntaflbot_active_games 1\n") {
		t.Fatalf("before: no taflbot_active_games 1 in\n%s", text)
	}
	h.store.Close() // the database stops answering
	text := scrape()
	if strings.Contains(text, "\ntaflbot_active_games ") {
		t.Errorf("with the database closed the scrape still has a count of the games in progress:\n%s", text)
	}
	if !strings.Contains(text, "taflbot_games_started_total 1") {
		t.Errorf("the other metrics are missing:\n%s", text)
	}
}

// TestExternalEngineFailureCounted: an external engine that fails (and
// loses its game) is counted in taflbot_errors_total, as OPERATIONS.md
// says engine failures are. It was counted under a kind /metrics never
// wrote.
func TestExternalEngineFailureCounted(t *testing.T) {
	dies := script(t, t.TempDir(), "dies", "echo hello\nread line\nexit 3\n")
	h := engineHarness(t, time.Minute, bot.ExternalEngine{Name: "dies", Command: []string{dies}})
	if got := metric(t, h.bot, `taflbot_errors_total{kind="engine"}`); got != `taflbot_errors_total{kind="engine"} 0` {
		t.Errorf("before: %s", got)
	}
	if r, _ := h.slash(alice, "ai", opt("variant", "brandubh"), opt("side", "defenders"), opt("engine", "dies")); isEphemeral(r) {
		t.Fatal(r.Content)
	}
	waitFor(t, "the engine's forfeit", func() bool { return !gameOf(t, h, alice).Active() })
	waitFor(t, "the failure counted", func() bool {
		var sb strings.Builder
		h.bot.Metrics().WriteTo(&sb)
		return strings.Contains(sb.String(), "\n"+`taflbot_errors_total{kind="engine"} 1`+"\n")
	})
}

// TestMetricsFollowTheTextFormat: /metrics parses, line by line, under
// the Prometheus text exposition format's rules (version 0.0.4, its EBNF:
// a label set in braces holds at least one label; HELP and TYPE once per
// name, TYPE before the samples; a metric's lines together; each line's
// name and labels unique; a histogram's buckets increasing, ending with
// le="+Inf", equal to its _count). The histograms without labels wrote
// "taflbot_response_seconds_sum{} 0", empty braces the grammar has no
// place for.
func TestMetricsFollowTheTextFormat(t *testing.T) {
	h := newHarness(t, nil)
	startGame(t, h)
	srv := httptest.NewServer(h.bot.AdminHandler())
	defer srv.Close()
	resp, err := srv.Client().Get(srv.URL + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err := checkTextFormat(string(body)); err != nil {
		t.Errorf("%v\n%s", err, body)
	}
	for _, bad := range []string{"x{} 1\n", "x{a=\"1\",,} 1\n", "x{a=1} 1\n", "x 1", "x one\n", "# TYPE x histogram\nx_bucket{le=\"1\"} 1\nx_sum 1\nx_count 1\n"} {
		if checkTextFormat(bad) == nil {
			t.Errorf("the check took %q", bad)
		}
	}
}

// checkTextFormat checks text against the Prometheus text format 0.0.4.
func checkTextFormat(text string) error {
	if !strings.HasSuffix(text, "\n") {
		return errors.New("the last line does not end with a line feed")
	}
	isName := func(s string, colon bool) bool {
		for i, r := range s {
			ok := r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || colon && r == ':' || i > 0 && r >= '0' && r <= '9'
			if !ok {
				return false
			}
		}
		return s != ""
	}
	types := map[string]string{}
	helps := map[string]bool{}
	seen := map[string]bool{} // name and labels of each sample
	done := map[string]bool{} // metric families whose lines ended
	family := ""              // the family of the lines being read
	type hist struct {
		last          float64
		buckets       int
		inf, count    string
		hasInf, hasCt bool
	}
	hists := map[string]*hist{} // by family and labels other than le
	enter := func(f string) error {
		if f != family {
			if done[f] {
				return fmt.Errorf("the lines of %s are not together", f)
			}
			done[family] = true
			family = f
		}
		return nil
	}
	for i, line := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
		at := func(format string, args ...any) error {
			return fmt.Errorf("line %d %q: %s", i+1, line, fmt.Sprintf(format, args...))
		}
		line := strings.TrimSpace(line)
		if line == "" {
			continue
		}
		if strings.HasPrefix(line, "#") {
			f := strings.Fields(strings.TrimPrefix(line, "#"))
			if len(f) < 2 || f[0] != "HELP" && f[0] != "TYPE" {
				continue // a plain comment
			}
			if !isName(f[1], true) {
				return at("bad metric name")
			}
			if err := enter(f[1]); err != nil {
				return at("%v", err)
			}
			if f[0] == "HELP" {
				if helps[f[1]] {
					return at("a second HELP")
				}
				helps[f[1]] = true
				continue
			}
			if len(f) != 3 || !slices.Contains([]string{"counter", "gauge", "histogram", "summary", "untyped"}, f[2]) {
				return at("TYPE takes a name and counter, gauge, histogram, summary or untyped")
			}
			if _, ok := types[f[1]]; ok {
				return at("a second TYPE")
			}
			if seen[f[1]] {
				return at("TYPE after a sample")
			}
			types[f[1]] = f[2]
			continue
		}
		// metric_name [ "{" label_name "=" `"` label_value `"` { "," … } [ "," ] "}" ] value [ timestamp ]
		end := strings.IndexAny(line, "{ \t")
		if end < 0 {
			return at("no value")
		}
		name, rest := line[:end], line[end:]
		if !isName(name, true) {
			return at("bad metric name")
		}
		labels := map[string]string{}
		var others []string // the labels but le, in order
		if strings.HasPrefix(rest, "{") {
			rest = rest[1:]
			for {
				eq := strings.Index(rest, "=")
				if eq < 0 || !isName(strings.TrimSpace(rest[:eq]), false) {
					return at("a label set needs label_name=\"value\" pairs (no empty braces)")
				}
				ln := strings.TrimSpace(rest[:eq])
				rest = strings.TrimLeft(rest[eq+1:], " \t")
				if !strings.HasPrefix(rest, `"`) {
					return at("label %s's value is not quoted", ln)
				}
				var v strings.Builder
				j := 1
				for ; j < len(rest) && rest[j] != '"'; j++ {
					if rest[j] == '\\' {
						j++
						if j == len(rest) || !strings.ContainsRune(`\"n`, rune(rest[j])) {
							return at("bad escape in label %s", ln)
						}
					}
					v.WriteByte(rest[j])
				}
				if j == len(rest) {
					return at("label %s's value has no closing quote", ln)
				}
				if _, dup := labels[ln]; dup {
					return at("label %s twice", ln)
				}
				labels[ln] = v.String()
				if ln != "le" {
					others = append(others, ln+"="+v.String())
				}
				rest = strings.TrimLeft(rest[j+1:], " \t")
				if strings.HasPrefix(rest, ",") {
					rest = strings.TrimLeft(rest[1:], " \t")
				} else if !strings.HasPrefix(rest, "}") {
					return at("labels not separated by commas")
				}
				if strings.HasPrefix(rest, "}") {
					rest = rest[1:]
					break
				}
			}
		}
		f := strings.Fields(rest)
		if len(f) < 1 || len(f) > 2 || !strings.ContainsAny(rest[:1], " \t") {
			return at("want a value and an optional timestamp after the name and labels")
		}
		if _, err := strconv.ParseFloat(f[0], 64); err != nil {
			return at("value: %v", err)
		}
		if len(f) == 2 {
			if _, err := strconv.ParseInt(f[1], 10, 64); err != nil {
				return at("timestamp: %v", err)
			}
		}
		keys := slices.Sorted(maps.Keys(labels))
		id := name
		for _, k := range keys {
			id += "," + k + "=" + labels[k]
		}
		if seen[id] {
			return at("a second line with this name and labels")
		}
		seen[id] = true
		fam := name
		for _, suffix := range []string{"_bucket", "_sum", "_count"} {
			if base := strings.TrimSuffix(name, suffix); base != name && types[base] == "histogram" {
				fam = base
			}
		}
		if err := enter(fam); err != nil {
			return at("%v", err)
		}
		seen[fam] = true
		if types[fam] != "histogram" {
			continue
		}
		key := fam + "{" + strings.Join(others, ",") + "}"
		hs := hists[key]
		if hs == nil {
			hs = &hist{last: math.Inf(-1)}
			hists[key] = hs
		}
		switch {
		case name == fam+"_bucket":
			le, err := strconv.ParseFloat(labels["le"], 64)
			if err != nil || le <= hs.last {
				return at("a bucket needs an le above the last one's")
			}
			hs.last, hs.buckets = le, hs.buckets+1
			if math.IsInf(le, 1) {
				hs.inf, hs.hasInf = f[0], true
			}
		case name == fam+"_count":
			hs.count, hs.hasCt = f[0], true
		case name == fam+"_sum":
		default:
			return at("a histogram's sample is _bucket, _sum or _count")
		}
	}
	for key, hs := range hists {
		if !hs.hasInf || !hs.hasCt || hs.inf != hs.count {
			return fmt.Errorf("histogram %s: its le=\"+Inf\" bucket (%q) must equal its _count (%q)", key, hs.inf, hs.count)
		}
	}
	return nil
}
