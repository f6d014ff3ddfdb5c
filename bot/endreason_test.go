package bot_test

import (
	"strings"
	"testing"

	"github.com/taflbot/taflbot/bot"
)

// TestResultNamesTheSideWithoutAMove: a game that ended because the side
// to move had no legal move said only "no legal moves left", not which
// side had none, though the other endings say what happened ("the king
// escaped"). The result line, the board's alt text and the replay's name
// the side, in a variant where it loses and in one where it draws.
func TestResultNamesTheSideWithoutAMove(t *testing.T) {
	text := runConsoleWith(t, bot.Options{}, []string{
		// The lone king is walled in by attackers: after the attackers'
		// first move the defenders cannot move.
		`/tafl challenge opponent:bob variant:"dim:7 surf:n start:/1t5/7/3t3/2tKt2/3t3/7/7/" side:attackers`,
		"as bob", "click Accept",
		"as alice", "/tafl move b1-b2",
		"/tafl history",
		// The lone attacker is walled in by defenders, in a variant where
		// a side without a move draws.
		`/tafl challenge opponent:bob variant:"dim:7 atkf:n surf:n tb-nomoves:draw start:/1T5/TtT4/1T5/3K3/7/7/7/" side:attackers`,
		"as bob", "click Accept",
		"/tafl move d4-d5",
		"/tafl history",
		"quit",
	})
	consoleSays(t, text,
		"**Attackers win** — the defenders had no legal move. Congratulations @alice!",
		"Last move: the attackers played 1. b1-b2. Attackers win · the defenders had no legal move.",
		"1 move; Attackers win · the defenders had no legal move.]",
		"**Draw** (the attackers had no legal move).",
		"Last move: the defenders played 1. Kd4-d5. Draw · the attackers had no legal move.",
		"1 move; Draw · the attackers had no legal move.]",
	)
}

// TestResultSaysTheAttackersHadNoPiecesLeft: a game that ended because
// the defenders captured the attackers' last piece read "Defenders win ·
// the attackers had no legal move", true but odd where they had no piece
// at all. The result line, the board's alt text, the result DM, the
// review and the replay say they had no pieces left, in a variant where
// a side without a move loses and in one where it draws; one whose pieces
// are walled in still had no legal move (TestResultNamesTheSideWithoutAMove).
func TestResultSaysTheAttackersHadNoPiecesLeft(t *testing.T) {
	text := runConsoleWith(t, bot.Options{}, []string{
		"/tafl settings dms:True",
		// The king's move captures the lone attacker on b7.
		`/tafl challenge opponent:bob variant:"dim:7 atkf:n start:/7/7/7/7/7/1T5/1t2K2/" side:defenders`,
		"as bob", "click Accept",
		"as alice", "/tafl move e7-c7",
		"click Analyse",
		"/tafl history",
		`/tafl challenge opponent:bob variant:"dim:7 atkf:n tb-nomoves:draw start:/7/7/7/7/7/1T5/1t2K2/" side:defenders`,
		"as bob", "click Accept",
		"as alice", "/tafl move e7-c7",
		"quit",
	})
	consoleSays(t, text,
		"**Defenders win** — the attackers had no pieces left. Congratulations @alice!",
		"Last move: the defenders played 1. Ke7-c7xb7-, capturing b7. Defenders win · the attackers had no pieces left.",
		"[DM to alice] Game 1 is over: **Defenders win** — the attackers had no pieces left.",
		"**Review of game 1** · custom · 1 move · Defenders win · the attackers had no pieces left",
		"1 move; Defenders win · the attackers had no pieces left.]",
		"**Draw** (the attackers had no pieces left).",
		"Last move: the defenders played 1. Ke7-c7xb7-, capturing b7. Draw · the attackers had no pieces left.",
	)
	if strings.Contains(text, "no legal move") {
		t.Errorf("a result says the attackers had no legal move though they had no piece left:\n%s", text)
	}
}

// TestResultNamesTheSideThatRepeated: a game a repetition decided said
// only "repetition", not which side repeated the position, where that
// side loses (mover-loses) or where the defenders lose whoever makes it
// (Copenhagen). The result line, the board's alt text and the replay's
// name the side; a draw by repetition stays "repetition".
func TestResultNamesTheSideThatRepeated(t *testing.T) {
	moves := func(ms ...string) []string {
		var out []string
		for i, m := range ms {
			out = append(out, []string{"as alice", "as bob"}[i%2], "/tafl move "+m)
		}
		return out
	}
	script := []string{"/tafl challenge opponent:bob variant:copenhagen side:attackers", "as bob", "click Accept"}
	// The defenders' e3-e5 makes the start position occur a third time
	// (which /tafl move asks them to confirm).
	script = append(script, moves("d1-d2", "e5-e3", "d2-d1", "e3-e5", "d1-d2", "e5-e3", "d2-d1", "e3-e5")...)
	script = append(script, `click "Yes, play it"`)
	script = append(script, "as alice", "/tafl challenge opponent:bob variant:copenhagen side:attackers", "as bob", "click Accept")
	// The attackers' d3-d2 makes a position occur a third time.
	script = append(script, moves("d1-d2", "e5-e3", "d2-d3", "e3-e5", "d3-d2", "e5-e3", "d2-d3", "e3-e5", "d3-d2")...)
	script = append(script, "as alice", `/tafl challenge opponent:bob variant:"dim:7 tfr:w start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/" side:attackers`, "as bob", "click Accept")
	script = append(script, moves("d1-c1", "d3-c3", "c1-b1", "c3-d3", "b1-c1", "d3-c3", "c1-b1", "c3-d3", "b1-c1")...)
	script = append(script, `click "Yes, play it"`)
	script = append(script, "as alice", "/tafl challenge opponent:bob variant:brandubh side:attackers", "as bob", "click Accept")
	script = append(script, moves("d1-c1", "d3-c3", "c1-b1", "c3-d3", "b1-c1", "d3-c3", "c1-b1", "c3-d3", "b1-c1")...)
	script = append(script, "as alice", "/tafl history game:3", "quit")
	text := runConsoleWith(t, bot.Options{}, script)
	consoleSays(t, text,
		"**Attackers win** — the defenders repeated the position. Congratulations @alice!",
		"Last move: the defenders played 4… e3-e5. Attackers win · the defenders repeated the position.",
		"**Attackers win** — a repetition by the attackers loses for the defenders. Congratulations @alice!",
		"Last move: the attackers played 5. d3-d2. Attackers win · a repetition by the attackers loses for the defenders.",
		"**Defenders win** — the attackers repeated the position. Congratulations @bob!",
		"5 moves; Defenders win · the attackers repeated the position.]",
		"**Draw** (repetition).",
	)
}

// TestResultNamesTheSideOutOfTime: a game lost or drawn on time said
// "time ran out", and the draw "but the other side no longer had the
// pieces to win": the direct message of the result, which has no
// headline naming the player whose flag fell, did not say whose time ran
// out. The result names the side, in the game's message, the board's alt
// text and the direct message.
func TestResultNamesTheSideOutOfTime(t *testing.T) {
	text := runConsoleWith(t, bot.Options{}, []string{
		"/tafl settings dms:True",
		// A lone attacker cannot take the king: the defenders' flag draws.
		`/tafl challenge opponent:bob variant:"dim:7 surf:n start:/1t5/7/7/3K3/7/7/7/" side:attackers time:1+0`,
		"as bob", "click Accept",
		"as alice", "/tafl move b1-b2",
		"as bob", "/tafl move d4-d5",
		"as alice", "/tafl move b2-b3",
		"wait 5m",
		"/tafl challenge opponent:bob variant:brandubh side:attackers time:1+0",
		"as bob", "click Accept",
		"as alice", "/tafl move d2-c2",
		"as bob", "/tafl move d3-e3",
		"as alice", "/tafl move c2-c1",
		"wait 5m",
		"quit",
	})
	consoleSays(t, text,
		"**Draw** — the defenders ran out of time, but the attackers no longer had the pieces to win.",
		"Last move: the attackers played 2. b2-b3. Draw · the defenders ran out of time.",
		"[DM to alice] Game 1 is over: **Draw** — the defenders ran out of time, but the attackers no longer had the pieces to win.",
		"**Attackers win** — the defenders ran out of time. Congratulations @alice!",
		"Last move: the attackers played 2. c2-c1. Attackers win · the defenders ran out of time.",
		"[DM to alice] Game 2 is over: **Attackers win** — the defenders ran out of time. Congratulations @alice!",
	)
}

// TestResultByDirectMessage: /tafl settings dms:True promises "reminders
// and results by direct message", but only a game ended on time was told
// by DM; a resignation, a winning move, an agreed draw and an abort were
// not. Every ending is, to each player who asked (once to a player of
// both sides), never to one who did not.
func TestResultByDirectMessage(t *testing.T) {
	text := runConsoleWith(t, bot.Options{}, []string{
		"/tafl settings dms:True", // alice asks; bob does not
		"/tafl challenge opponent:bob variant:brandubh side:attackers",
		"as bob", "click Accept",
		"as alice", "/tafl move d2-c2",
		"as bob", "/tafl move d3-e3",
		"/tafl resign", "click Yes, resign",
		// A win by a move: the king is walled in after the attackers' move.
		"as alice",
		`/tafl challenge opponent:bob variant:"dim:7 surf:n start:/1t5/7/3t3/2tKt2/3t3/7/7/" side:attackers`,
		"as bob", "click Accept",
		"as alice", "/tafl move b1-b2",
		// An abort before both sides moved.
		"/tafl challenge opponent:bob variant:brandubh side:attackers",
		"as bob", "click Accept",
		"/tafl resign", "click Yes, abort",
		"quit",
	})
	consoleSays(t, text,
		"[DM to alice] Game 1 is over: **Attackers win** — resignation. Congratulations @alice!",
		"[DM to alice] Game 2 is over: **Attackers win** — the defenders had no legal move. Congratulations @alice!",
		"[DM to alice] Game 3 is over: @bob aborted the game.\n**Aborted** — the game ends without a result and is not rated.",
	)
	if n := strings.Count(text, "[DM to alice]"); n != 3 {
		t.Errorf("%d DMs to alice, want 3:\n%s", n, text)
	}
	if strings.Contains(text, "[DM to bob]") {
		t.Errorf("bob, who did not ask, got a DM:\n%s", text)
	}
}

// TestAbortOnTimeDirectMessageSaysWhy: a game aborted because a side's
// time ran out before its first move was told by direct message as
// "Game 1 is over: **Aborted** — the game ends without a result …",
// never saying that time ran out (a loss on time says it in its result
// line, an abort's does not); the message says whose time ran out above
// the result line ("you" to that player), in both players' DMs who want
// them and in each one's language, without "the game is aborted" before
// "**Aborted**" (which it said twice).
func TestAbortOnTimeDirectMessageSaysWhy(t *testing.T) {
	text := runConsoleWith(t, bot.Options{}, []string{
		"/tafl settings dms:True",
		"as bob", "/tafl settings dms:True language:de",
		"as alice", "/tafl challenge opponent:bob variant:brandubh side:attackers time:1+0",
		"as bob", "click Accept",
		"wait 2m", // alice's flag falls before her first move
		"quit",
	})
	consoleSays(t, text,
		"[DM to alice] Game 1 is over: ⏰ You ran out of time before your first move.\n**Aborted** — the game ends without a result and is not rated.",
		"[DM to bob] Partie 1 ist vorbei: ⏰ @alice hat vor dem ersten Zug die Zeit überschritten.\n**Abgebrochen** — die Partie endet ohne Ergebnis und wird nicht gewertet.")
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(line, "[DM to") && (strings.Contains(line, "the game is aborted") || strings.Contains(line, "die Partie ist abgebrochen")) {
			t.Errorf("a direct message says the game is aborted twice: %q", line)
		}
	}
}

// TestAbortDirectMessageSaysWho: a game aborted with the Abort button
// (here its confirmation from /tafl resign) was told to the players who
// want direct messages as "Game 1 is over: **Aborted** — …", not saying
// who aborted it; the message says it above the result line, "you" to
// the player who did (here in the game's language, Finnish, the
// challenger's).
func TestAbortDirectMessageSaysWho(t *testing.T) {
	text := runConsoleWith(t, bot.Options{}, []string{
		"/tafl settings dms:True language:fi",
		"as bob", "/tafl settings dms:True",
		"as alice", "/tafl challenge opponent:bob variant:brandubh side:attackers",
		"as bob", "click Hyväksy", "/tafl resign", "click Yes, abort",
		"quit",
	})
	consoleSays(t, text,
		"[DM to alice] Peli 1 on päättynyt: @bob keskeytti pelin.\n**Keskeytetty** — peli päättyy ilman tulosta eikä vaikuta luokitukseen.",
		"[DM to bob] Peli 1 on päättynyt: Keskeytit pelin.\n**Keskeytetty** — peli päättyy ilman tulosta eikä vaikuta luokitukseen.")
}
