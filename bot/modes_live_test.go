package bot_test

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/bot"
	"github.com/taflbot/taflbot/render"
	"github.com/taflbot/taflbot/storage"
)

// TestConsoleLiveGameAndRematch plays the new modes in console mode: a
// live challenge, the clock on the board, a flag falling after "wait",
// and a rematch offered and accepted with clicks.
func TestConsoleLiveGameAndRematch(t *testing.T) {
	dir := t.TempDir()
	var out bytes.Buffer
	cr := bot.NewConsoleREST(&out, filepath.Join(dir, "boards"))
	st, err := storage.Open(filepath.Join(dir, "c.db"), storage.Options{NoSync: true, Now: cr.Now}) // as cmd/taflbot wires it
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	b, err := bot.New(bot.Options{Store: st, REST: cr, Engine: newPolicyEngine(1), Now: cr.Now, Render: render.Options{Size: 200},
		Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	script := strings.Join([]string{
		"/tafl challenge opponent:bob variant:brandubh side:attackers time:3+2 casual:true",
		"as bob",
		"click Accept",
		"as alice",
		"/tafl move d2-c2",
		"wait 4m",
		"click Rematch",
		"click Rematch",
		"as bob",
		"click Accept",
		"quit",
	}, "\n")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	if err := bot.Console(ctx, b, cr, strings.NewReader(script)); err != nil {
		t.Fatal(err)
	}
	b.Stop(5 * time.Second)
	text := out.String()
	for _, want := range []string{
		"live on a clock: 3+2",
		"Clock (3+2): Attackers **3:00** ⏱ · Defenders 3:00",
		"@bob ran out of time",
		"Clock (3+2): Attackers 3:02 · Defenders 0:00", // 3:00 + 2 s, and stopped at bob's flag
		"**Rematch** of game 1: @alice challenges @bob",
		"playing the defenders",
		"You offered a rematch already",
		"@bob accepted the challenge",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("console output lacks %q", want)
		}
	}
	if t.Failed() {
		t.Logf("output:\n%s", text)
	}
}

// TestHTTPLiveGameAndRematch plays a live game and its rematch through
// the signed HTTP interactions endpoint.
func TestHTTPLiveGameAndRematch(t *testing.T) {
	hb := newHTTPBot(t)
	send := func(in any) *resp {
		t.Helper()
		body, err := json.Marshal(in)
		if err != nil {
			t.Fatal(err)
		}
		res, out := hb.post(t, body, hb.priv, hb.h.clock.Now())
		if res.StatusCode != 200 {
			t.Fatalf("status %d: %s", res.StatusCode, out)
		}
		return decode(t, out)
	}
	// A reply with a picture comes as a deferral and then an edit.
	edited := func(token string) *resp {
		t.Helper()
		var m *resp
		waitFor(t, "the edited response", func() bool {
			for _, rec := range hb.h.fake.requests("/webhooks/555/" + token + "/messages/@original") {
				if rec.Method == "PATCH" {
					m = decode(t, rec.Body)
					return true
				}
			}
			return false
		})
		return m
	}
	in := hb.h.slashInteraction(alice, "challenge", opt("opponent", bob), opt("variant", "brandubh"), opt("time", "10+5"))
	send(in)
	challenge := edited(in.Token)
	if !strings.Contains(challenge.Content, "live on a clock: 10+5") {
		t.Fatalf("challenge %q", challenge.Content)
	}
	click := func(user, customID string) *resp {
		t.Helper()
		id := hb.h.id()
		in := hb.h.slashInteraction(user, "x")
		in.ID, in.Token, in.Type = id, "tok"+id, 3
		in.Data = nil
		raw := map[string]any{"id": id, "application_id": "555", "token": in.Token, "type": 3, "guild_id": guild, "channel_id": channel,
			"member":  map[string]any{"user": map[string]any{"id": user, "username": "u" + user}, "permissions": "32"},
			"message": map[string]any{"id": "m" + id, "channel_id": channel},
			"data":    map[string]any{"custom_id": customID, "component_type": 2}}
		r := send(raw)
		if r.Type == 6 || r.Type == 5 { // deferred: the update arrives by editing
			return edited(in.Token)
		}
		return r
	}
	board := click(bob, customIDs(challenge.Components)["Accept"])
	if !strings.Contains(board.Content, "Clock (10+5)") {
		t.Fatalf("first board %q", board.Content)
	}
	// Before both sides moved the game is aborted rather than resigned.
	confirm := click(alice, customIDs(board.Components)["Abort"])
	click(alice, customIDs(confirm.Components)["Yes, abort"])
	var final *resp
	waitFor(t, "the final board", func() bool {
		for _, rec := range hb.h.fake.requests("/channels/" + channel + "/messages") {
			if rec.Method == "POST" && rec.Status == 200 {
				if m := decode(t, rec.Body); customIDs(m.Components)["Rematch"] != "" {
					final = m
				}
			}
		}
		return final != nil
	})
	offer := click(bob, customIDs(final.Components)["Rematch"])
	if !strings.Contains(offer.Content, "**Rematch** of game 1") || !strings.Contains(offer.Content, "10+5") {
		t.Fatalf("rematch offer %q", offer.Content)
	}
	started := click(alice, customIDs(offer.Components)["Accept"])
	if !strings.Contains(started.Content, "accepted the rematch of game 1") || !strings.Contains(started.Content, "Clock (10+5)") {
		t.Errorf("rematch start %q", started.Content)
	}
}

// TestConsoleTournament runs a small tournament in console mode: create,
// join with the button, start now, play the round, see the standings.
func TestConsoleTournament(t *testing.T) {
	dir := t.TempDir()
	var out bytes.Buffer
	cr := bot.NewConsoleREST(&out, filepath.Join(dir, "boards"))
	st, err := storage.Open(filepath.Join(dir, "c.db"), storage.Options{NoSync: true, Now: cr.Now})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	b, err := bot.New(bot.Options{Store: st, REST: cr, Engine: newPolicyEngine(1), Now: cr.Now, Render: render.Options{Size: 200},
		Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	script := strings.Join([]string{
		"/tafl tournament create name:Console-Cup variant:brandubh format:round-robin",
		"click Join",
		"as bob",
		"click Join",
		"click Start now", // bob is not the creator, but the console user is a manager
		"/tafl resign",    // bob's only game
		"click Yes, resign",
		"/tafl tournament standings",
		"quit",
	}, "\n")
	if err := bot.Console(context.Background(), b, cr, strings.NewReader(script)); err != nil {
		t.Fatal(err)
	}
	b.Stop(5 * time.Second)
	text := out.String()
	for _, want := range []string{
		"🏆 **Console-Cup** (tournament 1): a round robin · brandubh",
		"Players (2): @alice, @bob",
		"🏆 **Console-Cup**, round 1: 1 game.",
		"Tournament **Console-Cup**, round 1:",
		"Brandubh (7×7), alice (attackers) against bob (defenders)", // the picture's alt text names the players
		"Standings of **Console-Cup**",
		"is over. Congratulations @alice!",
		"tournament-1-standings.png",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("console output lacks %q", want)
		}
	}
	if strings.Contains(text, "<t:") {
		t.Errorf("console output shows a Discord timestamp it could not read (a malformed one, such as with grouped digits)")
	}
	if t.Failed() {
		t.Logf("output:\n%s", text)
	}
}

// TestHTTPTournamentSignUp creates a tournament and joins it through the
// signed HTTP endpoint.
func TestHTTPTournamentSignUp(t *testing.T) {
	hb := newHTTPBot(t)
	post := func(v any) *resp {
		t.Helper()
		body, _ := json.Marshal(v)
		res, out := hb.post(t, body, hb.priv, hb.h.clock.Now())
		if res.StatusCode != 200 {
			t.Fatalf("status %d: %s", res.StatusCode, out)
		}
		return decode(t, out)
	}
	ann := post(hb.h.slashInteraction(alice, "tournament", opt("action", "create"), opt("name", "HTTP Cup")))
	if !strings.Contains(ann.Content, "**HTTP Cup**") {
		t.Fatalf("announcement %q", ann.Content)
	}
	id := hb.h.id()
	joined := post(map[string]any{"id": id, "application_id": "555", "token": "tok" + id, "type": 3, "guild_id": guild, "channel_id": channel,
		"member":  map[string]any{"user": map[string]any{"id": bob, "username": "bob"}, "permissions": "0"},
		"message": map[string]any{"id": "m" + id, "channel_id": channel},
		"data":    map[string]any{"custom_id": customIDs(ann.Components)["Join"], "component_type": 2}})
	if joined.Type != 7 || !strings.Contains(joined.Content, "Players (1): <@"+bob+">") {
		t.Errorf("join by button: type %d %q", joined.Type, joined.Content)
	}
}

// TestConsoleCasualAndLanguages: in console mode a manager makes casual
// the server's default and Danish its language; the challenge, board and
// result are Danish and casual, bob's own replies German (his language
// setting), and the casual game changes no rating.
func TestConsoleCasualAndLanguages(t *testing.T) {
	dir := t.TempDir()
	var out bytes.Buffer
	cr := bot.NewConsoleREST(&out, filepath.Join(dir, "boards"))
	st, err := storage.Open(filepath.Join(dir, "c.db"), storage.Options{NoSync: true, Now: cr.Now})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	b, err := bot.New(bot.Options{Store: st, REST: cr, Engine: newPolicyEngine(1), Now: cr.Now, Render: render.Options{Size: 200},
		Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	script := strings.Join([]string{
		"/tafl settings casual:true server_language:da",
		"/tafl challenge opponent:bob variant:brandubh side:attackers",
		"as bob",
		"/tafl settings language:de",
		"click Tag imod",
		"/tafl help",
		"as alice",
		"/tafl move d2-c2",
		"as bob",
		"/tafl move d5-e5",
		"/tafl resign",
		"click Ja, aufgeben",
		"/tafl stats",
		"as alice",
		"/tafl leaderboard variant:brandubh",
		"quit",
	}, "\n")
	if err := bot.Console(context.Background(), b, cr, strings.NewReader(script)); err != nil {
		t.Fatal(err)
	}
	b.Stop(5 * time.Second)
	text := out.String()
	for _, want := range []string{
		"challenges: **casual** unless they say otherwise",
		"games and tournaments in: **Dansk**",
		"@alice udfordrer @bob til **brandubh** (7×7) og spiller angriberne, 3d 0t pr. træk, venskabeligt (ingen ratingændring).",
		"Ich antworte dir auf Deutsch.",
		"@bob tog imod udfordringen. Partiet begynder!",
		"**Parti 1** · brandubh · @alice (angribere) mod @bob (forsvarere) · venskabeligt",
		"**So spielst du Tafl**",
		"Partie 1 aufgeben?",
		"Du hast aufgegeben.",
		"@bob gav op.",
		"**Angriberne vinder** — opgivelse. Tillykke @alice!",
		"Gegen Menschen: 0 gewonnen, 0 remis, 1 verloren",
		"Nobody has a rated brandubh game in this server yet.",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("console output lacks %q", want)
		}
	}
	if strings.Contains(text, "→") {
		t.Error("a casual game showed a rating change")
	}
	if t.Failed() {
		t.Logf("output:\n%s", text)
	}
}

// TestHTTPCasualAndLanguages: through the signed HTTP endpoint a casual
// challenge from a user with a Finnish Discord locale, in a server whose
// Discord language is Swedish, is posted in Swedish and marked casual;
// the user's own mistake is answered in Finnish.
func TestHTTPCasualAndLanguages(t *testing.T) {
	hb := newHTTPBot(t)
	post := func(v any) *resp {
		t.Helper()
		body, _ := json.Marshal(v)
		res, out := hb.post(t, body, hb.priv, hb.h.clock.Now())
		if res.StatusCode != 200 {
			t.Fatalf("status %d: %s", res.StatusCode, out)
		}
		return decode(t, out)
	}
	edited := func(token string) *resp {
		t.Helper()
		var m *resp
		waitFor(t, "the edited response", func() bool {
			for _, rec := range hb.h.fake.requests("/webhooks/555/" + token + "/messages/@original") {
				if rec.Method == "PATCH" {
					m = decode(t, rec.Body)
					return true
				}
			}
			return false
		})
		return m
	}
	sv := discordgo.Locale("sv-SE")
	in := hb.h.slashInteraction(alice, "challenge", opt("opponent", bob), opt("variant", "brandubh"), opt("casual", true))
	in.Locale, in.GuildLocale = "fi", &sv
	r := post(in)
	if r.Type == discordgo.InteractionResponseDeferredChannelMessageWithSource {
		r = edited(in.Token)
	}
	if !strings.Contains(r.Content, "<@"+alice+"> utmanar <@"+bob+"> till **brandubh**") || !strings.Contains(r.Content, "vänskapligt (ingen ratingändring)") {
		t.Errorf("challenge %q", r.Content)
	}
	if customIDs(r.Components)["Anta"] == "" {
		t.Errorf("challenge buttons %v", labels(r.Components))
	}
	in = hb.h.slashInteraction(alice, "challenge", opt("time", "0+5"))
	in.Locale, in.GuildLocale = "fi", &sv
	if r := post(in); !isEphemeral(r) || !strings.HasPrefix(r.Content, "En voi käyttää aikarajaa `0+5`") {
		t.Errorf("error in Finnish: %q", r.Content)
	}
}
