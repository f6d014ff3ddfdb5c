package storage

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/taflbot/taflbot/tafl"
)

// FuzzDecodeRecords feeds arbitrary bytes to every record decoder: they
// must return a record or an error, never panic, and a decoded game must
// encode and decode again to the same moves and outcome.
func FuzzDecodeRecords(f *testing.F) {
	g, _ := NewGame("brandubh", "")
	g.ID, g.Attackers, g.Defenders = 7, Human("1"), AI("easy")
	g.MoveTime, g.Deadline = time.Hour, time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	g.game.PlayText("d1-c1")
	rec, _ := encodeGame(g)
	f.Add(rec)
	g.game.Resign(tafl.Attackers)
	rec, _ = encodeGame(g)
	f.Add(rec)
	c, _ := encodeChallenge(&Challenge{ID: 3, ChallengerID: "1", Variant: "tablut", State: ChallengeOpen, Side: tafl.Defenders, MoveTime: 72 * time.Hour})
	f.Add(c)
	p, _ := encodePlayer(NewPlayer("g", "u"))
	f.Add(p)
	f.Add([]byte(`{"id":1,"variant":"copenhagen","moves":["a1-a2"],"result":"draw","reason":"bogus"}`))
	f.Add([]byte(`{"rules":"dim:7 start:x"}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		decodeChallenge(data)
		decodePlayer(data)
		var gr guildRecord
		json.Unmarshal(data, &gr)
		lazy, err := decodeGameLazy(data)
		if err == nil {
			lazy.Ply()
			lazy.Outcome()
			lazy.ToMove()
			lazy.Tafl() // replays; must not panic even if the moves are bad
		}
		g, err := decodeGame(data)
		if err != nil {
			return
		}
		again, err := encodeGame(g)
		if err != nil {
			t.Fatal(err)
		}
		g2, err := decodeGame(again)
		if err != nil {
			t.Fatalf("re-decoding %s: %v", again, err)
		}
		if g2.Outcome() != g.Outcome() || len(g2.Moves()) != len(g.Moves()) {
			t.Fatalf("round trip changed the game: %v %v, %v %v", g.Outcome(), g.Moves(), g2.Outcome(), g2.Moves())
		}
	})
}
