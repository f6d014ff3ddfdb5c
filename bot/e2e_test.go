package bot_test

import (
	"cmp"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
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
	// The update replaces the challenge's picture instead of adding one:
	// the attachments it keeps are only the new upload (id 0, described).
	var upd struct {
		Data struct {
			Attachments *[]struct {
				ID          any    `json:"id"`
				Description string `json:"description"`
			} `json:"attachments"`
		} `json:"data"`
	}
	if err := json.Unmarshal(rec.Body, &upd); err != nil || upd.Data.Attachments == nil || len(*upd.Data.Attachments) != 1 ||
		fmt.Sprint((*upd.Data.Attachments)[0].ID) != "0" || (*upd.Data.Attachments)[0].Description == "" {
		t.Errorf("accept update does not replace the old attachments by the new board: %s", rec.Body)
	}
	if !strings.Contains(r.Content, "<@"+alice+"> to move (attackers)") {
		t.Errorf("start board %q does not say alice (attackers) is to move", r.Content)
	}
	// The accept's follow-up work (remembering the board message) writes
	// the game after the reply: were a test to move the clock past the
	// deadline first, that write would end the game on time (CI saw it
	// in TestMoveAfterDeadlineLosesOnTime). Wait for it.
	waitFor(t, "the start board to be remembered", func() bool {
		games, err := h.store.GamesByPlayer(t.Context(), alice, storage.GameFilter{})
		if err != nil || len(games) == 0 {
			return false
		}
		newest := slices.MaxFunc(games, func(a, b *storage.Game) int { return cmp.Compare(a.ID, b.ID) })
		return len(newest.BoardMessages) > 0
	})
	h.settle() // and alice is told it is her move, before a test counts posts
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
		if disabled == (label == "Rematch" || label == "Analyse") {
			t.Errorf("button %s of the finished game: disabled %v (only Rematch and Analyse stay enabled)", label, disabled)
		}
	}
	if _, ok := buttons(board.Components)["Rematch"]; !ok {
		t.Error("the final board has no Rematch button")
	}
	if disabled, ok := buttons(board.Components)["Analyse"]; !ok || disabled {
		t.Error("the finished game's board has no enabled Analyse button")
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

// menuPiece opens board's Move menu for user and picks m's piece,
// returning the destination menu.
func menuPiece(t *testing.T, h *harness, user string, board *resp, m tafl.Move) *resp {
	t.Helper()
	r, _ := h.click(user, customIDs(board.Components)["Move"], false)
	if !isEphemeral(r) || customIDs(r.Components)["select"] == "" {
		t.Fatalf("Move button reply %q: want a private piece menu", r.Content)
	}
	r, _ = h.click(user, customIDs(r.Components)["select"], true, m.From().String())
	if r.Type != discordgo.InteractionResponseUpdateMessage || customIDs(r.Components)["select"] == "" {
		t.Fatalf("piece pick reply %q: want the destination menu", r.Content)
	}
	return r
}

// menuMove plays m through Move → piece → destination and returns the
// board posted as a follow-up.
func menuMove(t *testing.T, h *harness, user string, board *resp, m tafl.Move) *resp {
	t.Helper()
	r := menuPiece(t, h, user, board, m)
	before := len(h.fake.requests("/webhooks/"))
	r, _ = h.click(user, customIDs(r.Components)["select"], true, m.To().String())
	if !playedRE(m).MatchString(r.Content) {
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

func TestCustomIDsFitDiscord(t *testing.T) {
	h := newHarness(t, nil)
	board := startGame(t, h)
	for label, id := range customIDs(board.Components) {
		if _, err := bot.ParseCustomID(id); err != nil || len(id) > 100 {
			t.Errorf("%s: custom id %q: %v", label, id, err)
		}
	}
}

// playedRE matches "You played 14. d2-c2" or "You played 14… Kd4-d3xd2":
// the move with its number (moves counted in pairs) in full notation.
func playedRE(m tafl.Move) *regexp.Regexp {
	return regexp.MustCompile(`You played [0-9]+(\. |… )K?` + regexp.QuoteMeta(m.String()) + `(x[a-s0-9/]+)?[-+]*\.`)
}

// bothMove plays one legal move for each side of user's newest active
// game (a game ended sooner is aborted, and counts nowhere) and returns
// the board of the second move.
func bothMove(t *testing.T, h *harness, user string) *resp {
	t.Helper()
	games, err := h.store.GamesByPlayer(t.Context(), user, storage.GameFilter{ActiveOnly: true, Limit: 1})
	if err != nil || len(games) != 1 {
		t.Fatalf("%s's newest active game: %v, %v", user, games, err)
	}
	return bothMoveIn(t, h, games[0].ID)
}

// bothMoveIn plays one legal move for each side of game id and returns
// the board of the second move.
func bothMoveIn(t *testing.T, h *harness, id storage.GameID) *resp {
	t.Helper()
	var board *resp
	for range 2 {
		g, err := h.store.GetGame(t.Context(), id)
		if err != nil {
			t.Fatal(err)
		}
		board, _ = h.slash(g.ToMove().UserID, "move", opt("move", g.Tafl().LegalMoves()[0].String()), opt("game", id.String()))
		if after, err := h.store.GetGame(t.Context(), id); err != nil || after.Ply() != g.Ply()+1 {
			t.Fatalf("a move in game %d: %q", id, board.Content)
		}
	}
	return board
}
