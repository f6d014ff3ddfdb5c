package bot

import (
	"context"
	"io"
	"path/filepath"
	"testing"
	"time"

	"github.com/taflbot/taflbot/storage"
)

// TestFrontEndTasksDoNotTakeEngineMoves: a process without the engine
// role (a front end) that runs a task of its own (a hint, a review's
// position, the search of a game that ended there for a puzzle) starts
// workers for it, but never thinks about the engine's moves: those are
// the engine processes'. Starting the workers started their retry timer
// too, which took every due engine move into the front end.
func TestFrontEndTasksDoNotTakeEngineMoves(t *testing.T) {
	st, err := storage.Open(filepath.Join(t.TempDir(), "taflbot.db"), storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	g, err := storage.NewGame("brandubh", "")
	if err != nil {
		t.Fatal(err)
	}
	g.GuildID, g.ChannelID = "100", "200"
	g.Attackers, g.Defenders = storage.AI("medium"), storage.Human("111") // the engine moves first
	if err := st.CreateGame(t.Context(), g); err != nil {
		t.Fatal(err)
	}
	engine := timingEngine{called: make(chan time.Time, 1)}
	bt, err := New(Options{Store: st, REST: NewConsoleREST(io.Discard, t.TempDir()), Engine: engine, AIWorkers: 2,
		Roles: RoleInteractions, EngineRetry: 20 * time.Millisecond, Worker: "front-end"})
	if err != nil {
		t.Fatal(err)
	}
	defer bt.Stop(5 * time.Second)
	bt.Start(t.Context())
	ran := make(chan struct{})
	if r := bt.ai.submitTask("111", "100", func(context.Context) { close(ran) }); r != submitQueued {
		t.Fatalf("the task: %v", r)
	}
	<-ran
	select {
	case <-engine.called:
		t.Error("the front end thought about the engine's move")
	case <-time.After(500 * time.Millisecond): // 25 retry intervals
	}
	got, err := st.GetGame(t.Context(), g.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.Ply() != 0 {
		t.Errorf("the game after the front end's task is at ply %d: the front end moved", got.Ply())
	}
}
