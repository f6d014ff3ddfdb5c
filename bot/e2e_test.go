package bot_test

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/bot"
	"github.com/taflbot/taflbot/storage"
	"github.com/taflbot/taflbot/tafl"
)

// startGame has alice challenge bob to brandubh (alice attacking) and bob
// accept. It returns the accepted board.
func startGame(t *testing.T, h *harness) *resp {
	t.Helper()
	r, rec := h.slash(alice, "challenge", opt("opponent", bob), opt("variant", "brandubh"), opt("side", "attackers"), opt("days", 3.0))
	if r.Type != discordgo.InteractionResponseChannelMessageWithSource || isEphemeral(r) {
		t.Fatalf("challenge reply: type %d flags %d, want a public message", r.Type, r.Flags)
	}
	checkPNG(t, rec)
	if !strings.Contains(r.Content, "<@"+bob+">") || !strings.Contains(r.Content, "brandubh") {
		t.Errorf("challenge text %q does not name the opponent and variant", r.Content)
	}
	ids := customIDs(r.Components)
	for _, label := range []string{"Accept", "Decline", "Withdraw"} {
		if ids[label] == "" {
			t.Fatalf("challenge has no %s button: %v", label, ids)
		}
	}
	r, rec = h.click(bob, ids["Accept"], false)
	if r.Type != discordgo.InteractionResponseUpdateMessage {
		t.Fatalf("accept reply type %d, want update message", r.Type)
	}
	checkPNG(t, rec)
	// The update replaces the challenge's picture instead of adding one.
	var upd struct {
		Data struct {
			Attachments *[]any `json:"attachments"`
		} `json:"data"`
	}
	if err := json.Unmarshal(rec.Body, &upd); err != nil || upd.Data.Attachments == nil || len(*upd.Data.Attachments) != 0 {
		t.Errorf("accept update does not clear the old attachments: %s", rec.Body)
	}
	if !strings.Contains(r.Content, "<@"+alice+"> to move (attackers)") {
		t.Errorf("start board %q does not say alice (attackers) is to move", r.Content)
	}
	return r
}

// gameOf returns alice's only game.
func gameOf(t *testing.T, h *harness, user string) *storage.Game {
	t.Helper()
	games, err := h.store.GamesByPlayer(t.Context(), user, storage.GameFilter{})
	if err != nil || len(games) != 1 {
		t.Fatalf("games of %s: %d, %v; want 1", user, len(games), err)
	}
	return games[0]
}

func TestChallengeAcceptPlayToTheEnd(t *testing.T) {
	h := newHarness(t, nil)
	board := startGame(t, h)
	v, _ := tafl.Preset("brandubh", "")
	shadow := tafl.NewGame(v)
	rnd := rand.New(rand.NewPCG(2, 0)) // seed 2 ends by king capture at ply 27 with this policy
	announced := 0
	for i := 0; !shadow.Outcome().Over(); i++ {
		if i > 200 {
			t.Fatal("game did not end")
		}
		mover := alice
		if shadow.ToMove() == tafl.Defenders {
			mover = bob
		}
		m := policyMove(shadow, rnd)
		if i%3 == 2 {
			// Every third move through the Move button's two-step menu.
			board = menuMove(t, h, mover, board, m)
		} else {
			r, rec := h.slash(mover, "move", opt("move", m.String()))
			if isEphemeral(r) {
				t.Fatalf("move %d %s by %s refused: %s", i+1, m, mover, r.Content)
			}
			checkPNG(t, rec)
			board = r
		}
		if _, err := shadow.Play(m); err != nil {
			t.Fatal(err)
		}
		if !shadow.Outcome().Over() {
			a := shadow.Position().Announcement()
			raichi, tuicha := strings.Contains(board.Content, "**Raichi!**"), strings.Contains(board.Content, "**Tuicha!**")
			if raichi != (a == tafl.Raichi) || tuicha != (a == tafl.Tuicha) {
				t.Errorf("after %s the king has %v; board says raichi %v tuicha %v", m, a, raichi, tuicha)
			}
			if a != tafl.NoAnnounce {
				announced++
			}
		}
	}
	if announced == 0 {
		t.Error("the scripted game never gave the king an open line; pick a seed that does")
	}
	o := shadow.Outcome()
	if o.Reason != tafl.KingCaptured && o.Reason != tafl.KingEscaped {
		t.Fatalf("policy game ended by %v; pick another seed", o.Reason)
	}
	if !strings.Contains(board.Content, "win**") {
		t.Errorf("final board %q does not announce the result", board.Content)
	}
	for label, disabled := range buttons(board.Components) {
		if !disabled {
			t.Errorf("button %s of the finished game is enabled", label)
		}
	}
	g := gameOf(t, h, alice)
	if g.Active() || g.Outcome() != o || g.Ply() != shadow.Len() {
		t.Fatalf("stored game: active %v outcome %v ply %d; want %v after %d plies", g.Active(), g.Outcome(), g.Ply(), o, shadow.Len())
	}
	if len(g.RatingChanges) != 2 {
		t.Fatalf("rating changes %v, want both players", g.RatingChanges)
	}
	winner, loser := alice, bob
	if o.Winner == tafl.Defenders {
		winner, loser = bob, alice
	}
	pw, err := h.store.GetPlayer(t.Context(), guild, winner)
	if err != nil {
		t.Fatal(err)
	}
	pl, err := h.store.GetPlayer(t.Context(), guild, loser)
	if err != nil {
		t.Fatal(err)
	}
	if pw.Wins != 1 || pl.Losses != 1 || pw.Rating("brandubh").Rating <= 1500 || pl.Rating("brandubh").Rating >= 1500 {
		t.Errorf("winner %+v loser %+v: ratings not updated", pw, pl)
	}
	if !strings.Contains(board.Content, "→") {
		t.Errorf("final board %q does not show rating changes", board.Content)
	}
}

// menuMove plays m through Move → piece → destination and returns the
// board posted as a follow-up.
func menuMove(t *testing.T, h *harness, user string, board *resp, m tafl.Move) *resp {
	t.Helper()
	r, _ := h.click(user, customIDs(board.Components)["Move"], false)
	if !isEphemeral(r) || customIDs(r.Components)["select"] == "" {
		t.Fatalf("Move button reply %q: want a private piece menu", r.Content)
	}
	r, _ = h.click(user, customIDs(r.Components)["select"], true, m.From().String())
	if r.Type != discordgo.InteractionResponseUpdateMessage || customIDs(r.Components)["select"] == "" {
		t.Fatalf("piece pick reply %q: want the destination menu", r.Content)
	}
	before := len(h.fake.requests("/webhooks/"))
	r, _ = h.click(user, customIDs(r.Components)["select"], true, m.To().String())
	if !strings.Contains(r.Content, "You played "+m.String()) {
		t.Fatalf("destination pick reply %q", r.Content)
	}
	var post *recorded
	waitFor(t, "the board follow-up", func() bool {
		for _, rec := range h.fake.requests("/webhooks/")[before:] {
			if rec.Method == "POST" {
				post = rec
				return true
			}
		}
		return false
	})
	checkPNG(t, post)
	return decode(t, post.Body)
}

func TestDeclineAndWithdraw(t *testing.T) {
	h := newHarness(t, nil)
	r, _ := h.slash(alice, "challenge", opt("opponent", bob))
	ids := customIDs(r.Components)
	// Only bob may decline; alice may only withdraw; carol neither.
	if r, _ := h.click(carol, ids["Decline"], false); !isEphemeral(r) || !strings.Contains(r.Content, "Only <@"+bob+">") {
		t.Errorf("carol declining: %q", r.Content)
	}
	if r, _ := h.click(carol, ids["Accept"], false); !isEphemeral(r) || !strings.Contains(r.Content, "is for <@"+bob+">") {
		t.Errorf("carol accepting: %q", r.Content)
	}
	if r, _ := h.click(bob, ids["Withdraw"], false); !isEphemeral(r) {
		t.Errorf("bob withdrawing: %q", r.Content)
	}
	r2, _ := h.click(bob, ids["Decline"], false)
	if r2.Type != discordgo.InteractionResponseUpdateMessage || !strings.Contains(r2.Content, "declined") || len(r2.Components) != 0 {
		t.Errorf("decline: type %d %q %d components", r2.Type, r2.Content, len(r2.Components))
	}
	if r, _ := h.click(bob, ids["Accept"], false); !isEphemeral(r) || !strings.Contains(r.Content, "no longer open") {
		t.Errorf("accepting a declined challenge: %q", r.Content)
	}

	r, _ = h.slash(alice, "challenge")
	ids = customIDs(r.Components)
	if r, _ := h.click(bob, ids["Withdraw"], false); !isEphemeral(r) || !strings.Contains(r.Content, "Only <@"+alice+">") {
		t.Errorf("bob withdrawing alice's: %q", r.Content)
	}
	r2, _ = h.click(alice, ids["Withdraw"], false)
	if !strings.Contains(r2.Content, "withdrew") {
		t.Errorf("withdraw: %q", r2.Content)
	}
	if games, _ := h.store.GamesByPlayer(t.Context(), alice, storage.GameFilter{}); len(games) != 0 {
		t.Errorf("%d games started, want none", len(games))
	}
}

func TestMoveErrors(t *testing.T) {
	h := newHarness(t, nil)
	board := startGame(t, h)
	cases := []struct {
		name, user, move, want string
	}{
		{"not your turn", bob, "d4-d5", "not your turn"},
		{"not your game", carol, "d1-d2", "no game in progress"},
		{"illegal", alice, "a1-a2", "not allowed"},
		{"garbage", alice, "zz", "can't read"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r, rec := h.slash(c.user, "move", opt("move", c.move))
			if !isEphemeral(r) || !strings.Contains(r.Content, c.want) {
				t.Errorf("reply %q (ephemeral %v), want ephemeral containing %q", r.Content, isEphemeral(r), c.want)
			}
			if len(rec.Files) != 0 {
				t.Errorf("error reply has %d files", len(rec.Files))
			}
		})
	}
	g := gameOf(t, h, alice)
	if g.Ply() != 0 {
		t.Fatalf("a refused move was saved: ply %d", g.Ply())
	}
	// Not your game, through a button: carol presses Move.
	if r, _ := h.click(carol, customIDs(board.Components)["Move"], false); !strings.Contains(r.Content, "not playing") {
		t.Errorf("carol's Move click: %q", r.Content)
	}
	// A stale button: the board before alice's move.
	moves := g.Tafl().LegalMoves()
	if r, _ := h.slash(alice, "move", opt("move", moves[0].String())); isEphemeral(r) {
		t.Fatal(r.Content)
	}
	r, _ := h.click(bob, customIDs(board.Components)["Move"], false)
	if !isEphemeral(r) || !strings.Contains(r.Content, "out of date") {
		t.Errorf("stale Move click: %q", r.Content)
	}
	if n := len(h.logs.lines(`"level":"ERROR"`)); n != 0 {
		t.Errorf("user errors logged %d Error lines:\n%s", n, h.logs.String())
	}
}

func TestDoubleClickAppliesOnce(t *testing.T) {
	h := newHarness(t, nil)
	board := startGame(t, h)
	g := gameOf(t, h, alice)
	m := g.Tafl().LegalMoves()[0]
	r, _ := h.click(alice, customIDs(board.Components)["Move"], false)
	r, _ = h.click(alice, customIDs(r.Components)["select"], true, m.From().String())
	target := customIDs(r.Components)["select"]
	const clicks = 8
	var wg sync.WaitGroup
	replies := make([]*resp, clicks)
	for i := range clicks {
		wg.Add(1)
		go func() {
			defer wg.Done()
			replies[i], _ = h.click(alice, target, true, m.To().String())
		}()
	}
	wg.Wait()
	played, stale := 0, 0
	for _, r := range replies {
		switch {
		case strings.Contains(r.Content, "You played"):
			played++
		case strings.Contains(r.Content, "out of date"):
			stale++
		default:
			t.Errorf("unexpected reply %q", r.Content)
		}
	}
	if played != 1 || stale != clicks-1 {
		t.Errorf("%d played, %d stale; want 1 and %d", played, stale, clicks-1)
	}
	if g := gameOf(t, h, alice); g.Ply() != 1 {
		t.Errorf("game at ply %d after %d clicks, want 1", g.Ply(), clicks)
	}
}

func TestRestartMidGame(t *testing.T) {
	h := newHarness(t, nil)
	board := startGame(t, h)
	g := gameOf(t, h, alice)
	m1 := g.Tafl().LegalMoves()[0]
	if r, _ := h.slash(alice, "move", opt("move", m1.String())); isEphemeral(r) {
		t.Fatal(r.Content)
	}
	h.restart()
	// The old board's button is stale after the restart too, and the
	// game goes on exactly where it was.
	if r, _ := h.click(bob, customIDs(board.Components)["Move"], false); !strings.Contains(r.Content, "out of date") {
		t.Errorf("stale click after restart: %q", r.Content)
	}
	g = gameOf(t, h, bob)
	if g.Ply() != 1 || g.Tafl().Plies()[0].Move != m1 {
		t.Fatalf("after restart: ply %d", g.Ply())
	}
	m2 := g.Tafl().LegalMoves()[0]
	r, rec := h.slash(bob, "move", opt("move", m2.String()))
	if isEphemeral(r) {
		t.Fatalf("bob's move after restart: %q", r.Content)
	}
	checkPNG(t, rec)
	if g := gameOf(t, h, bob); g.Ply() != 2 {
		t.Errorf("ply %d after restart and a move, want 2", g.Ply())
	}
	// One log line per interaction, with the stable keys.
	lines := h.logs.lines(`"cmd":"tafl move"`)
	if len(lines) != 2 {
		t.Fatalf("%d log lines for 2 moves", len(lines))
	}
	for _, key := range []string{`"msg":"interaction"`, `"interaction_id":`, `"guild_id":"` + guild, `"channel_id":"` + channel,
		`"user_id":"` + bob, `"game_id":`, `"duration":`, `"outcome":"ok"`} {
		if !strings.Contains(lines[1], key) {
			t.Errorf("log line %s lacks %s", lines[1], key)
		}
	}
}

func TestResignWithConfirm(t *testing.T) {
	h := newHarness(t, nil)
	board := startGame(t, h)
	r, _ := h.click(bob, customIDs(board.Components)["Resign"], false)
	if !isEphemeral(r) || customIDs(r.Components)["Yes, resign"] == "" {
		t.Fatalf("resign button: %q", r.Content)
	}
	if g := gameOf(t, h, bob); !g.Active() {
		t.Fatal("the game ended before the confirmation")
	}
	yes := customIDs(r.Components)["Yes, resign"]
	if r, _ := h.click(carol, yes, true); !strings.Contains(r.Content, "not playing") {
		t.Errorf("carol confirming: %q", r.Content)
	}
	before := len(h.fake.requests("/channels/" + channel + "/messages"))
	r, _ = h.click(bob, yes, true)
	if !strings.Contains(r.Content, "You resigned") {
		t.Fatalf("confirm: %q", r.Content)
	}
	g := gameOf(t, h, bob)
	if g.Outcome() != (tafl.Outcome{Winner: tafl.Attackers, Reason: tafl.Resignation}) {
		t.Fatalf("outcome %v", g.Outcome())
	}
	waitFor(t, "the result board", func() bool { return len(h.fake.requests("/channels/"+channel+"/messages")) > before })
	post := h.fake.requests("/channels/" + channel + "/messages")[before]
	checkPNG(t, post)
	if m := decode(t, post.Body); !strings.Contains(m.Content, "resigned") || !strings.Contains(m.Content, "Attackers win") {
		t.Errorf("result board %q", m.Content)
	}
	// Pressing it again: the game is over.
	if r, _ := h.click(bob, yes, true); !isEphemeral(r) || !strings.Contains(r.Content, "over") {
		t.Errorf("second confirm: %q", r.Content)
	}
}

func TestCustomIDsFitDiscord(t *testing.T) {
	h := newHarness(t, nil)
	board := startGame(t, h)
	for label, id := range customIDs(board.Components) {
		if _, err := bot.ParseCustomID(id); err != nil || len(id) > 100 {
			t.Errorf("%s: custom id %q: %v", label, id, err)
		}
	}
}

func TestOpenChallengeOneAccepterWins(t *testing.T) {
	h := newHarness(t, nil)
	r, _ := h.slash(alice, "challenge", opt("variant", "brandubh"))
	if !strings.Contains(r.Content, "Anyone may accept") {
		t.Errorf("open challenge text %q", r.Content)
	}
	accept := customIDs(r.Components)["Accept"]
	if r, _ := h.click(alice, accept, false); !strings.Contains(r.Content, "your own challenge") {
		t.Errorf("challenger accepting: %q", r.Content)
	}
	users := []string{bob, carol, "444", "555", "666"}
	replies := make([]*resp, len(users))
	var wg sync.WaitGroup
	for i, u := range users {
		wg.Add(1)
		go func() {
			defer wg.Done()
			replies[i], _ = h.click(u, accept, false)
		}()
	}
	wg.Wait()
	winners := 0
	for _, r := range replies {
		switch {
		case r.Type == discordgo.InteractionResponseUpdateMessage && strings.Contains(r.Content, "accepted the challenge"):
			winners++
		case isEphemeral(r) && strings.Contains(r.Content, "no longer open"):
		default:
			t.Errorf("unexpected reply %q", r.Content)
		}
	}
	if winners != 1 {
		t.Fatalf("%d users got the game, want exactly 1", winners)
	}
	if g := gameOf(t, h, alice); !g.Active() || g.SideOf(alice) == tafl.NoSide {
		t.Errorf("game %+v", g)
	}
}
