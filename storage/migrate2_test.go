package storage_test

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/taflbot/taflbot/storage"
	bolt "go.etcd.io/bbolt"
)

// testdata/schema2.db was written by taflbot at schema 2 (commit 7c62f1e)
// and holds, in server 100:
//   - game 1: 111 v 222, copenhagen, moves d1-d4 d6-d7, 72 h a move, active;
//   - game 2: 111 v 333, d1-d4, then 333 resigned (finished, rated);
//   - game 3: 222 v the engine (hard, defenders), d1-d4: the engine to move;
//   - game 4: the engine (easy, attackers) v 333, d1-d4: 333 to move;
//   - players 111 and 333 with DMs at schema 2's default (on), 222 with
//     DMs turned off ("no_dms").
const schema2Fixture = "testdata/schema2.db"

func TestMigrateSchema2Fixture(t *testing.T) {
	original, err := os.ReadFile(schema2Fixture)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "taflbot.db")
	if err := os.WriteFile(path, original, 0o600); err != nil {
		t.Fatal(err)
	}
	// The fixture really is schema 2, with the old "no_dms" field.
	db, err := bolt.Open(path, 0o600, &bolt.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	db.View(func(tx *bolt.Tx) error {
		if v := tx.Bucket([]byte("meta")).Get([]byte("schema_version")); !slices.Equal(v, []byte{0, 0, 0, 0, 0, 0, 0, 2}) {
			t.Errorf("fixture schema %x, want 2", v)
		}
		if tx.Bucket([]byte("idx_active_games")) != nil {
			t.Error("the fixture already has schema 3's index")
		}
		return nil
	})
	db.Close()

	s, err := storage.Open(path, storage.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx := t.Context()
	if bak, err := os.ReadFile(path + ".schema2.bak"); err != nil || len(bak) == 0 {
		t.Errorf("no backup of the schema 2 file: %v", err)
	}
	for _, u := range []string{"111", "222", "333"} {
		p, err := s.GetPlayer(ctx, "100", u)
		if err != nil {
			t.Fatal(err)
		}
		if p.DMs {
			t.Errorf("player %s: DMs on after migrating; opt-in means off until the player turns them on", u)
		}
	}
	if p, _ := s.GetPlayer(ctx, "100", "111"); p.Wins != 1 || p.Rating("copenhagen").Rating <= 1500 {
		t.Errorf("player 111 lost its record: %+v", p)
	}
	if p, _ := s.GetPlayer(ctx, "100", "333"); p.Losses != 1 || p.Rating("copenhagen").Rating >= 1500 {
		t.Errorf("player 333 lost its record: %+v", p)
	}
	ids := func(gs []*storage.Game) []storage.GameID {
		var out []storage.GameID
		for _, g := range gs {
			out = append(out, g.ID)
		}
		return out
	}
	active, err := s.ActiveGameIDs(ctx)
	if err != nil || !reflect.DeepEqual(active, []storage.GameID{1, 3, 4}) {
		t.Errorf("active games %v, %v; want 1 3 4", active, err)
	}
	engine, err := s.EngineToMove(ctx)
	if err != nil || !reflect.DeepEqual(ids(engine), []storage.GameID{3}) {
		t.Errorf("engine to move %v, %v; want 3", ids(engine), err)
	}
	g1, err := s.GetGame(ctx, 1)
	if err != nil || !slices.Equal(g1.Moves(), []string{"d1-d4", "d6-d7"}) || g1.MoveTime != 72*time.Hour || g1.Deadline.IsZero() {
		t.Errorf("game 1 after migrating: %v %+v", err, g1)
	}
	if g2, _ := s.GetGame(ctx, 2); g2.Active() || len(g2.RatingChanges) != 2 {
		t.Errorf("game 2 after migrating: %+v", g2)
	}
	if rep, err := s.Check(ctx); err != nil || !rep.OK() {
		t.Errorf("check after migrating: %v %+v", err, rep)
	}
	// The engine moves in game 3: it leaves the engine index; game 3 ends:
	// it leaves the active index.
	if _, err := s.UpdateGame(ctx, 3, 1, func(g *storage.Game) error { _, err := g.Tafl().PlayText("d6-d7"); return err }); err != nil {
		t.Fatal(err)
	}
	if engine, _ := s.EngineToMove(ctx); len(engine) != 0 {
		t.Errorf("engine to move after its move: %v", ids(engine))
	}
	if _, err := s.UpdateGame(ctx, 3, 2, func(g *storage.Game) error { return g.Tafl().Resign(g.Tafl().ToMove()) }); err != nil {
		t.Fatal(err)
	}
	if active, _ := s.ActiveGameIDs(ctx); !reflect.DeepEqual(active, []storage.GameID{1, 4}) {
		t.Errorf("active after game 3 ended: %v", active)
	}
	if rep, err := s.Check(ctx); err != nil || !rep.OK() {
		t.Errorf("check after the moves: %v %+v", err, rep)
	}
}

// testActiveIndexReadsOnlyActive: with many finished games, listing the
// active game ids reads no record and listing the engine-to-move games
// reads only those.
func testActiveIndexReadsOnlyActive(t *testing.T, b testBackend) {
	s, _ := b.open(t)
	ctx := t.Context()
	for i := range 50 {
		g := newHumanGame(t, "1", "2")
		if i%10 == 0 {
			g.Defenders = storage.AI("easy")
		}
		if err := s.CreateGame(ctx, g); err != nil {
			t.Fatal(err)
		}
		if _, err := s.UpdateGame(ctx, g.ID, 0, func(g *storage.Game) error { _, err := g.Tafl().PlayText("d1-d4"); return err }); err != nil {
			t.Fatal(err)
		}
		if i%10 != 0 && i != 7 {
			if _, err := s.UpdateGame(ctx, g.ID, 1, func(g *storage.Game) error { return g.Tafl().Resign(g.Tafl().ToMove()) }); err != nil {
				t.Fatal(err)
			}
		}
	}
	before := s.GameReads()
	active, err := s.ActiveGameIDs(ctx)
	if err != nil || len(active) != 6 {
		t.Fatalf("active %d, %v; want 6 (5 against the engine and game 8)", len(active), err)
	}
	engine, err := s.EngineToMove(ctx)
	if err != nil || len(engine) != 5 {
		t.Fatalf("engine to move %d, %v; want 5", len(engine), err)
	}
	for _, g := range engine {
		if !g.ToMove().IsAI() {
			t.Errorf("game %d listed, but %v is to move", g.ID, g.ToMove())
		}
	}
	// The active ids come from the index keys alone; the 5 engine games
	// are loaded.
	if n := s.GameReads() - before; n != 5 {
		t.Errorf("%d game records read for 6 active ids and 5 engine games", n)
	}
}

// testActiveGameCount: the count of active games (what /metrics shows,
// counted in the index without listing it) follows games as they start
// (created, a challenge accepted) and end (resigned, on time), past one
// bbolt page of index keys, and always equals the listed ids.
func testActiveGameCount(t *testing.T, b testBackend) {
	clk := newClock()
	s := b.openAt(t, b.newDB(t), storage.Options{Now: clk.Now, NoSync: true})
	ctx := t.Context()
	want := 0
	check := func(when string) {
		t.Helper()
		n, err := s.ActiveGameCount(ctx)
		ids, _ := s.ActiveGameIDs(ctx)
		if err != nil || n != want || len(ids) != want {
			t.Fatalf("%s: %d active games counted (%v), %d listed; want %d", when, n, err, len(ids), want)
		}
	}
	check("empty")
	var started []storage.GameID
	for i := range 400 {
		g := newHumanGame(t, fmt.Sprint(1000+i), fmt.Sprint(2000+i))
		if err := s.CreateGame(ctx, g); err != nil {
			t.Fatal(err)
		}
		started = append(started, g.ID)
		want++
		if i == 0 || i == 399 {
			check(fmt.Sprintf("after %d games started", i+1))
		}
	}
	for _, id := range started[:150] {
		if _, err := s.UpdateGame(ctx, id, 0, func(g *storage.Game) error { return g.Tafl().Resign(g.Tafl().ToMove()) }); err != nil {
			t.Fatal(err)
		}
		want--
	}
	check("after 150 resigned")
	c := &storage.Challenge{GuildID: "g1", ChannelID: "c1", ChallengerID: "111", OpponentID: "222", Variant: "brandubh",
		MoveTime: time.Hour, Expires: clk.Now().Add(time.Hour)}
	if err := s.CreateChallenge(ctx, c); err != nil {
		t.Fatal(err)
	}
	g, _ := storage.NewGame("brandubh", "")
	g.GuildID, g.Attackers, g.Defenders, g.MoveTime = "g1", storage.Human("111"), storage.Human("222"), time.Hour
	if _, err := s.AcceptChallenge(ctx, c.ID, g); err != nil {
		t.Fatal(err)
	}
	want++
	check("after a challenge was accepted")
	if _, err := s.UpdateGame(ctx, g.ID, 0, func(g *storage.Game) error { _, err := g.Tafl().PlayText("d2-c2"); return err }); err != nil {
		t.Fatal(err)
	}
	clk.Advance(2 * time.Hour)
	if _, ended, err := s.ExpireGame(ctx, g.ID, clk.Now()); err != nil || !ended {
		t.Fatalf("game %d on time: %v %v", g.ID, ended, err)
	}
	want--
	check("after a game ended on time")
}

// testGameSeats: ForEachGameSeats passes every game's id and seats as
// ForEachGame does (names and engine levels too), without replaying them.
func testGameSeats(t *testing.T, b testBackend) {
	s, _ := b.open(t)
	ctx := t.Context()
	populate(t, s, 3)
	g := newHumanGame(t, "111", "")
	g.Attackers.Name, g.Defenders = "Åsa", storage.AI("hard")
	if err := s.CreateGame(ctx, g); err != nil {
		t.Fatal(err)
	}
	type seats struct {
		id   storage.GameID
		a, d storage.Seat
	}
	var want, got []seats
	if err := s.ForEachGame(ctx, func(g *storage.Game) error { want = append(want, seats{g.ID, g.Attackers, g.Defenders}); return nil }, nil); err != nil {
		t.Fatal(err)
	}
	err := s.ForEachGameSeats(ctx, func(id storage.GameID, a, d storage.Seat) error { got = append(got, seats{id, a, d}); return nil })
	if err != nil || len(want) != 4 || !reflect.DeepEqual(got, want) {
		t.Errorf("seats %+v (%v), want %+v", got, err, want)
	}
}
