package storage_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/taflbot/taflbot/storage"
	"github.com/taflbot/taflbot/tafl"
)

// testPuzzle returns an unsaved brandubh puzzle (a defenders' win in 2).
func testPuzzle(guild string) *storage.Puzzle {
	return &storage.Puzzle{Variant: "brandubh", Position: "/1t1t3/6t/3T3/t1T4/4T1K/6t/3tT2/", ToMove: tafl.Defenders,
		Moves: 2, Solution: []string{"g5-g3", "a4-a2", "g3-g1"}, Source: "a test", GuildID: guild,
		Rating: storage.Rating{Rating: 1400, Deviation: 200, Volatility: 0.06}}
}

// testAnalyses: a review is stored for an existing game at its current
// move count, read back, replaced, and refused when it does not fit.
func testAnalyses(t *testing.T, b testBackend) {
	s, clk := b.open(t)
	ctx := t.Context()
	g := finish(t, s, newHumanGame(t, "111", "222"), func(g *tafl.Game) error {
		if _, err := g.PlayText("d1-d3"); err != nil {
			return err
		}
		return g.Resign(tafl.Defenders)
	})
	if _, err := s.GetAnalysis(ctx, g.ID); !errors.Is(err, storage.ErrNotFound) {
		t.Errorf("no analysis yet: %v", err)
	}
	report := json.RawMessage(`{"chances": [0.4, 0.5],  "moves": [{"move": "d1-d3"}]}`)
	a := &storage.Analysis{GameID: g.ID, Plies: 1, Nodes: 1000, Report: report, UserID: "111"}
	if err := s.PutAnalysis(ctx, a); err != nil {
		t.Fatal(err)
	}
	got, err := s.GetAnalysis(ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.GameID != g.ID || got.Plies != 1 || got.Nodes != 1000 || got.UserID != "111" || !got.Created.Equal(clk.Now()) ||
		string(got.Report) != `{"chances":[0.4,0.5],"moves":[{"move":"d1-d3"}]}` {
		t.Errorf("got %+v (report %s)", got, got.Report)
	}
	clk.Advance(time.Hour)
	a2 := &storage.Analysis{GameID: g.ID, Plies: 1, Nodes: 2000, Report: json.RawMessage(`{"v":2}`)}
	if err := s.PutAnalysis(ctx, a2); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.GetAnalysis(ctx, g.ID); got.Nodes != 2000 || string(got.Report) != `{"v":2}` || !got.Created.Equal(clk.Now()) {
		t.Errorf("replaced: %+v", got)
	}
	for _, c := range []struct {
		a    storage.Analysis
		want error
	}{
		{storage.Analysis{GameID: 999, Report: json.RawMessage(`{}`)}, storage.ErrNotFound},
		{storage.Analysis{GameID: g.ID, Plies: 5, Report: json.RawMessage(`{}`)}, storage.ErrStale},
		{storage.Analysis{GameID: g.ID, Plies: 1, Report: json.RawMessage(`[1]`)}, storage.ErrInvalid},
		{storage.Analysis{GameID: g.ID, Plies: 1, Report: json.RawMessage(`{"x":`)}, storage.ErrInvalid},
	} {
		if err := s.PutAnalysis(ctx, &c.a); !errors.Is(err, c.want) {
			t.Errorf("%+v: %v, want %v", c.a, err, c.want)
		}
	}
	if got, _ := s.GetAnalysis(ctx, g.ID); got.Nodes != 2000 {
		t.Error("a refused analysis changed the stored one")
	}
}

// testPuzzles: puzzles get ids, a position is stored once, each server
// sees its own puzzles and everyone's, and bad puzzles are refused.
func testPuzzles(t *testing.T, b testBackend) {
	s, clk := b.open(t)
	ctx := t.Context()
	p := testPuzzle("")
	added, err := s.AddPuzzle(ctx, p)
	if err != nil || !added || p.ID != 1 || !p.Created.Equal(clk.Now()) {
		t.Fatalf("add: %v %v %+v", added, err, p)
	}
	again := testPuzzle("g9")
	again.Source = "elsewhere"
	if added, err := s.AddPuzzle(ctx, again); err != nil || added || again.ID != 1 {
		t.Errorf("the same position again: added %v, id %d, %v", added, again.ID, err)
	}
	mine := testPuzzle("g1")
	mine.ToMove = tafl.Attackers
	mine.Rating = storage.Rating{}
	if added, err := s.AddPuzzle(ctx, mine); err != nil || !added || mine.ID != 2 || mine.Rating != storage.DefaultRating {
		t.Fatalf("the other side to move is another puzzle: %v %v %+v", added, err, mine)
	}
	got, err := s.GetPuzzle(ctx, 1)
	if err != nil {
		t.Fatal(err)
	}
	want := *p
	if !got.Created.Equal(want.Created) {
		t.Errorf("created %v", got.Created)
	}
	got.Created = want.Created
	if fmt.Sprint(*got) != fmt.Sprint(want) {
		t.Errorf("got %+v\nwant %+v", *got, want)
	}
	if _, err := s.GetPuzzle(ctx, 3); !errors.Is(err, storage.ErrNotFound) {
		t.Errorf("puzzle 3: %v", err)
	}
	ids := func(guild string) []storage.PuzzleID {
		ps, err := s.Puzzles(ctx, guild)
		if err != nil {
			t.Fatal(err)
		}
		var out []storage.PuzzleID
		for _, p := range ps {
			out = append(out, p.ID)
		}
		return out
	}
	if a, b := ids("g1"), ids("g2"); !slices.Equal(a, []storage.PuzzleID{1, 2}) || !slices.Equal(b, []storage.PuzzleID{1}) {
		t.Errorf("puzzles of g1 %v, of g2 %v", a, b)
	}
	for name, f := range map[string]func(p *storage.Puzzle){
		"variant":  func(p *storage.Puzzle) { p.Variant = "chess" },
		"position": func(p *storage.Puzzle) { p.Position = "/7/" },
		"side":     func(p *storage.Puzzle) { p.ToMove = tafl.NoSide },
		"moves":    func(p *storage.Puzzle) { p.Moves = 6 },
		"line":     func(p *storage.Puzzle) { p.Solution = p.Solution[:2] },
		"notation": func(p *storage.Puzzle) { p.Solution[1] = "a4" },
		"guild":    func(p *storage.Puzzle) { p.GuildID = "a\x00b" },
	} {
		bad := testPuzzle("")
		bad.Position = "/1t1t3/6t/3T3/t1T4/4T1K/6t/3t1T1/" // a new key, unless the change is refused
		f(bad)
		if _, err := s.AddPuzzle(ctx, bad); !errors.Is(err, storage.ErrInvalid) {
			t.Errorf("bad %s: %v", name, err)
		}
	}
	if n := len(ids("g1")); n != 2 {
		t.Errorf("%d puzzles after the refused ones", n)
	}
	// A batch: one new, one stored already, the new one twice; then a
	// batch with a bad puzzle adds nothing.
	b1, b2, b3 := testPuzzle(""), testPuzzle(""), testPuzzle("")
	b1.Position, b3.Position = "/7/7/1t5/t5t/3T3/1TK4/2t1T2/", "/7/7/1t5/t5t/3T3/1TK4/2t1T2/"
	if n, err := s.AddPuzzles(ctx, []*storage.Puzzle{b1, b2, b3}); err != nil || n != 1 || b1.ID != 3 || b2.ID != 1 || b3.ID != 3 {
		t.Errorf("batch: %d added, ids %d %d %d, %v", n, b1.ID, b2.ID, b3.ID, err)
	}
	good, bad := testPuzzle(""), testPuzzle("")
	good.Position = "/7/7/1t5/t5t/3T3/2K4/2t1T2/"
	bad.Moves = 0
	if n, err := s.AddPuzzles(ctx, []*storage.Puzzle{good, bad}); !errors.Is(err, storage.ErrInvalid) || n != 0 {
		t.Errorf("a batch with a bad puzzle: %d %v", n, err)
	}
	rep, err := s.Check(ctx)
	if err != nil || !rep.OK() || rep.Puzzles != 3 {
		t.Errorf("check: %v %+v", err, rep)
	}
}

// testPuzzleAttempts: the first attempt moves both ratings (Glicko-2, each
// against the other's rating before) and the counts; later ones change
// nothing; solvers of a daily puzzle are listed in the order they solved
// it.
func testPuzzleAttempts(t *testing.T, b testBackend) {
	s, clk := b.open(t)
	ctx := t.Context()
	p := testPuzzle("")
	if _, err := s.AddPuzzle(ctx, p); err != nil {
		t.Fatal(err)
	}
	if _, err := s.RecordPuzzleAttempt(ctx, "g1", "111", 99, true, ""); !errors.Is(err, storage.ErrNotFound) {
		t.Errorf("a missing puzzle: %v", err)
	}
	if _, err := s.RecordPuzzleAttempt(ctx, "g1", "111", p.ID, true, "yesterday"); !errors.Is(err, storage.ErrInvalid) {
		t.Errorf("a bad date: %v", err)
	}
	pzBefore := p.Rating
	a, err := s.RecordPuzzleAttempt(ctx, "g1", "111", p.ID, true, "2026-03-01")
	if err != nil {
		t.Fatal(err)
	}
	wantUser := storage.DefaultRating.Update([]storage.Result{{Opponent: pzBefore, Score: 1}})
	wantUser.At = clk.Now() // when the rating was updated
	wantPuzzle := pzBefore.Update([]storage.Result{{Opponent: storage.DefaultRating, Score: 0}})
	if !a.First || a.Before != storage.DefaultRating || a.After != wantUser || a.After.Rating <= 1500 || !a.Try.Solved || a.Try.Daily != "2026-03-01" ||
		a.Puzzle.Rating != wantPuzzle || a.Puzzle.Attempts != 1 || a.Puzzle.Solved != 1 {
		t.Errorf("first attempt %+v (puzzle %+v)", a, a.Puzzle)
	}
	// Again, failing this time: nothing changes.
	clk.Advance(time.Minute)
	again, err := s.RecordPuzzleAttempt(ctx, "g1", "111", p.ID, false, "")
	if err != nil || again.First || again.Before != wantUser || again.After != wantUser || !again.Try.Solved || again.Puzzle.Attempts != 1 {
		t.Errorf("second attempt %+v %v", again, err)
	}
	pl, err := s.GetPlayer(ctx, "g1", "111")
	if err != nil || pl.PuzzleRating() != wantUser || pl.Puzzles.Solved != 1 || pl.Puzzles.Failed != 0 || len(pl.Puzzles.Tried) != 1 {
		t.Errorf("player %+v %v", pl, err)
	}
	// Another user fails, a third solves later the same day, a fourth in
	// another server.
	f, err := s.RecordPuzzleAttempt(ctx, "g1", "222", p.ID, false, "2026-03-01")
	if err != nil || !f.First || f.After.Rating >= 1500 || f.Puzzle.Rating.Rating <= wantPuzzle.Rating || f.Puzzle.Attempts != 2 || f.Puzzle.Solved != 1 {
		t.Errorf("a failure %+v %v", f, err)
	}
	clk.Advance(time.Minute)
	for _, u := range []struct{ guild, user, daily string }{{"g1", "333", "2026-03-01"}, {"g2", "444", "2026-03-01"}, {"g1", "555", ""}} {
		if _, err := s.RecordPuzzleAttempt(ctx, u.guild, u.user, p.ID, true, u.daily); err != nil {
			t.Fatal(err)
		}
	}
	solvers, err := s.PuzzleSolvers(ctx, "g1", p.ID, "2026-03-01")
	if err != nil || !slices.Equal(solvers, []string{"111", "333"}) {
		t.Errorf("solvers %v %v, want 111 then 333", solvers, err)
	}
	if fresh := storage.NewPlayer("g1", "9"); fresh.PuzzleRating() != storage.DefaultRating {
		t.Errorf("a new player's puzzle rating %+v", fresh.PuzzleRating())
	}
}

// testPuzzleUnderWay: a first attempt under way (a move of it played
// right) that the player leaves for another puzzle counts as not solved,
// as a wrong move does, once; one that ends is no longer under way; a
// tried puzzle is not under way again.
func testPuzzleUnderWay(t *testing.T, b testBackend) {
	s, _ := b.open(t)
	ctx := t.Context()
	p1, p2 := testPuzzle(""), testPuzzle("")
	p2.Source = "another test"
	p2.Position = "/1t1t3/6t/3T3/t1T4/4T1K/6t/2t1T2/" // not the same puzzle
	for _, p := range []*storage.Puzzle{p1, p2} {
		if _, err := s.AddPuzzle(ctx, p); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.PuzzleUnderWay(ctx, "g1", "111", 99); !errors.Is(err, storage.ErrNotFound) {
		t.Errorf("a missing puzzle: %v", err)
	}
	// Given a puzzle with none under way: nothing to record, no record.
	if left, err := s.PuzzleUnderWay(ctx, "g1", "111", 0); left != nil || err != nil {
		t.Errorf("nothing under way: %+v %v", left, err)
	}
	if _, err := s.GetPlayer(ctx, "g1", "111"); !errors.Is(err, storage.ErrNotFound) {
		t.Errorf("a player record for nothing: %v", err)
	}
	// p1 under way, then a move of p2: p1 counts as not solved.
	for range 2 {
		if left, err := s.PuzzleUnderWay(ctx, "g1", "111", p1.ID); left != nil || err != nil {
			t.Fatalf("p1 under way: %+v %v", left, err)
		}
	}
	if pl, err := s.GetPlayer(ctx, "g1", "111"); err != nil || pl.Puzzles.Going != p1.ID || len(pl.Puzzles.Tried) != 0 || pl.Puzzles.Rating != (storage.Rating{}) {
		t.Fatalf("p1 under way: %+v %v", pl, err)
	}
	left, err := s.PuzzleUnderWay(ctx, "g1", "111", p2.ID)
	want := storage.DefaultRating.Update([]storage.Result{{Opponent: p1.Rating, Score: 0}})
	if err != nil || left == nil || !left.First || left.Try.Solved || left.Puzzle.ID != p1.ID || left.Puzzle.Attempts != 1 ||
		left.Puzzle.Solved != 0 || left.After.Rating != want.Rating {
		t.Fatalf("p1 left for p2: %+v %v", left, err)
	}
	pl, err := s.GetPlayer(ctx, "g1", "111")
	if err != nil || pl.Puzzles.Going != p2.ID || pl.Puzzles.Failed != 1 || pl.Puzzles.Solved != 0 || pl.Puzzles.Tried[p1.ID].Solved {
		t.Fatalf("after leaving p1: %+v %v", pl.Puzzles, err)
	}
	// p1 again, tried: it is not under way, and p2 is left.
	if left, err := s.PuzzleUnderWay(ctx, "g1", "111", p1.ID); err != nil || left == nil || left.Puzzle.ID != p2.ID {
		t.Fatalf("p1 again: %+v %v", left, err)
	}
	if pl, _ := s.GetPlayer(ctx, "g1", "111"); pl.Puzzles.Going != 0 || pl.Puzzles.Failed != 2 {
		t.Errorf("after p1 again: %+v", pl.Puzzles)
	}
	// Another player: p1 under way and solved: it ends; then nothing to leave.
	if _, err := s.PuzzleUnderWay(ctx, "g1", "222", p1.ID); err != nil {
		t.Fatal(err)
	}
	a, err := s.RecordPuzzleAttempt(ctx, "g1", "222", p1.ID, true, "")
	if err != nil || !a.First || !a.Try.Solved || a.Left != nil {
		t.Fatalf("p1 solved: %+v %v", a, err)
	}
	if left, err := s.PuzzleUnderWay(ctx, "g1", "222", 0); left != nil || err != nil {
		t.Errorf("after solving p1: %+v %v", left, err)
	}
	// p2 under way, then p1 played again to its end: p2 is left.
	if _, err := s.PuzzleUnderWay(ctx, "g1", "222", p2.ID); err != nil {
		t.Fatal(err)
	}
	a, err = s.RecordPuzzleAttempt(ctx, "g1", "222", p1.ID, true, "")
	if err != nil || a.First || a.Left == nil || a.Left.Puzzle.ID != p2.ID || a.Left.Try.Solved {
		t.Fatalf("p1 again with p2 under way: %+v %v", a, err)
	}
	if pl, _ := s.GetPlayer(ctx, "g1", "222"); pl.Puzzles.Going != 0 || pl.Puzzles.Solved != 1 || pl.Puzzles.Failed != 1 || len(pl.Puzzles.Tried) != 2 {
		t.Errorf("after p2 was left: %+v", pl.Puzzles)
	}
	// Only the player of that server is touched.
	if _, err := s.GetPlayer(ctx, "g2", "222"); !errors.Is(err, storage.ErrNotFound) {
		t.Errorf("another server's record: %v", err)
	}
}

// testConcurrentPuzzleAttempts: of many attempts at once by one user,
// exactly one is the first.
func testConcurrentPuzzleAttempts(t *testing.T, b testBackend) {
	s, _ := b.open(t)
	ctx := t.Context()
	p := testPuzzle("")
	if _, err := s.AddPuzzle(ctx, p); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	firsts := 0
	for i := range 12 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			a, err := s.RecordPuzzleAttempt(ctx, "g1", "111", p.ID, i%2 == 0, "")
			if err != nil {
				t.Error(err)
				return
			}
			if a.First {
				mu.Lock()
				firsts++
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	got, _ := s.GetPuzzle(ctx, p.ID)
	if firsts != 1 || got.Attempts != 1 {
		t.Errorf("%d first attempts, puzzle attempts %d; want 1", firsts, got.Attempts)
	}
}

// testDailyPuzzle: a daily puzzle starts once per date (also with many
// starters at once), managers' settings keep its state, the message is
// recorded, and the servers with a channel are listed.
func testDailyPuzzle(t *testing.T, b testBackend) {
	s, _ := b.open(t)
	ctx := t.Context()
	p1, p2 := testPuzzle(""), testPuzzle("")
	p2.ToMove = tafl.Attackers
	for _, p := range []*storage.Puzzle{p1, p2} {
		if _, err := s.AddPuzzle(ctx, p); err != nil {
			t.Fatal(err)
		}
	}
	if _, _, err := s.StartDailyPuzzle(ctx, "g1", "2026-03-01", p1.ID); !errors.Is(err, storage.ErrInvalid) {
		t.Errorf("no channel set: %v", err)
	}
	gs := storage.DefaultGuildSettings("g1")
	gs.DailyChannelID, gs.DailyHour, gs.NoHints = "c7", 9, true
	if err := s.PutGuildSettings(ctx, gs); err != nil {
		t.Fatal(err)
	}
	if err := s.PutGuildSettings(ctx, &storage.GuildSettings{GuildID: "g2", DefaultVariant: "brandubh", DaysPerMove: 1}); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.StartDailyPuzzle(ctx, "g1", "2026-03-01", 77); !errors.Is(err, storage.ErrNotFound) {
		t.Errorf("a missing puzzle: %v", err)
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	started := 0
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			prev, ok, err := s.StartDailyPuzzle(ctx, "g1", "2026-03-01", p1.ID)
			if err != nil {
				t.Error(err)
			}
			if ok {
				mu.Lock()
				started++
				mu.Unlock()
				if !reflect.DeepEqual(prev, storage.DailyPuzzle{}) {
					t.Errorf("the first daily puzzle had a predecessor %+v", prev)
				}
			}
		}()
	}
	wg.Wait()
	if started != 1 {
		t.Errorf("started %d times, want once", started)
	}
	if err := s.SetDailyMessage(ctx, "g1", "2026-03-01", "c7", "m1"); err != nil {
		t.Fatal(err)
	}
	// A manager changes a setting: the daily state stays.
	gs.DaysPerMove = 5
	gs.Daily = storage.DailyPuzzle{}
	if err := s.PutGuildSettings(ctx, gs); err != nil {
		t.Fatal(err)
	}
	got, _ := s.GetGuildSettings(ctx, "g1")
	want := storage.DailyPuzzle{Date: "2026-03-01", PuzzleID: p1.ID, ChannelID: "c7", MessageID: "m1"}
	if !reflect.DeepEqual(got.Daily, want) || got.DaysPerMove != 5 || got.DailyChannelID != "c7" || got.DailyHour != 9 || !got.NoHints {
		t.Errorf("settings %+v, want the daily state %+v kept", got, want)
	}
	prev, ok, err := s.StartDailyPuzzle(ctx, "g1", "2026-03-02", p2.ID)
	if err != nil || !ok || !reflect.DeepEqual(prev, want) {
		t.Errorf("next day: %v %v, previous %+v", ok, err, prev)
	}
	if _, ok, _ := s.StartDailyPuzzle(ctx, "g1", "2026-03-01", p1.ID); ok {
		t.Error("an earlier date started after a later one")
	}
	// A late message for the old date does not touch the new one.
	if err := s.SetDailyMessage(ctx, "g1", "2026-03-01", "c7", "m9"); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.GetGuildSettings(ctx, "g1"); got.Daily.MessageID != "" || got.Daily.PuzzleID != p2.ID {
		t.Errorf("daily state %+v", got.Daily)
	}
	// Its post fails: the day is given back, and can be started again
	// (naming the same previous day); once posted, it is not given back.
	if err := s.ReleaseDailyPuzzle(ctx, "g1", "2026-03-02", want); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.GetGuildSettings(ctx, "g1"); !reflect.DeepEqual(got.Daily, want) {
		t.Errorf("released: daily state %+v, want %+v", got.Daily, want)
	}
	if prev, ok, err := s.StartDailyPuzzle(ctx, "g1", "2026-03-02", p2.ID); err != nil || !ok || !reflect.DeepEqual(prev, want) {
		t.Errorf("started again: %v %v, previous %+v", ok, err, prev)
	}
	if err := s.SetDailyMessage(ctx, "g1", "2026-03-02", "c7", "m2"); err != nil {
		t.Fatal(err)
	}
	for _, date := range []string{"2026-03-02", "2026-03-01"} {
		if err := s.ReleaseDailyPuzzle(ctx, "g1", date, want); err != nil {
			t.Fatal(err)
		}
	}
	if got, _ := s.GetGuildSettings(ctx, "g1"); got.Daily.Date != "2026-03-02" || got.Daily.MessageID != "m2" {
		t.Errorf("a posted day was given back: %+v", got.Daily)
	}
	// The earlier daily puzzles are kept, each once (the day started
	// twice added its predecessor once).
	if got, _ := s.GetGuildSettings(ctx, "g1"); !slices.Equal(got.Daily.Earlier, []storage.PuzzleID{p1.ID}) {
		t.Errorf("the earlier daily puzzles %v, want [%d]", got.Daily.Earlier, p1.ID)
	}
	list, err := s.DailyPuzzleGuilds(ctx)
	if err != nil || len(list) != 1 || list[0].GuildID != "g1" {
		t.Errorf("daily servers %+v %v", list, err)
	}
	// Its channel found gone: turned off, the channel kept as DailyGone,
	// the day's state kept; a channel other than the server's (chosen
	// since) is left alone.
	if ok, err := s.StopDailyPuzzle(ctx, "g1", "c8", false); err != nil || ok {
		t.Errorf("stopping in another channel: %v %v", ok, err)
	}
	if ok, err := s.StopDailyPuzzle(ctx, "g1", "c7", false); err != nil || !ok {
		t.Errorf("stopping: %v %v", ok, err)
	}
	if got, _ := s.GetGuildSettings(ctx, "g1"); got.DailyChannelID != "" || got.DailyGone != "c7" || got.DailyHour != 9 || got.Daily.MessageID != "m2" {
		t.Errorf("stopped: %+v", got)
	}
	if list, err := s.DailyPuzzleGuilds(ctx); err != nil || len(list) != 0 {
		t.Errorf("daily servers once stopped %+v %v", list, err)
	}
	if ok, err := s.StopDailyPuzzle(ctx, "g1", "c7", false); err != nil || ok {
		t.Errorf("stopping again: %v %v", ok, err)
	}
	// The bot removed from the server: stopped the same, marked left;
	// a channel chosen again clears the mark.
	gs, _ = s.GetGuildSettings(ctx, "g1")
	gs.DailyChannelID, gs.DailyGone = "c9", ""
	if err := s.PutGuildSettings(ctx, gs); err != nil {
		t.Fatal(err)
	}
	if ok, err := s.StopDailyPuzzle(ctx, "g1", "c9", true); err != nil || !ok {
		t.Errorf("stopping on leaving: %v %v", ok, err)
	}
	if got, _ := s.GetGuildSettings(ctx, "g1"); got.DailyChannelID != "" || got.DailyGone != "c9" || !got.DailyLeft {
		t.Errorf("stopped on leaving: %+v", got)
	}
	for _, h := range []int{-1, 24} {
		bad := storage.DefaultGuildSettings("g3")
		bad.DailyChannelID, bad.DailyHour = "c1", h
		if err := s.PutGuildSettings(ctx, bad); !errors.Is(err, storage.ErrInvalid) {
			t.Errorf("hour %d: %v", h, err)
		}
	}
}

// testHints: the hints given are counted per side on the game, survive a
// reload and can never be taken back, but for one the player never saw
// (Hints.RemoveAt), after which a hint on its position counts again.
func testHints(t *testing.T, b testBackend) {
	s, _ := b.open(t)
	ctx := t.Context()
	g := newHumanGame(t, "111", "")
	g.Defenders = storage.AI("hard")
	if err := s.CreateGame(ctx, g); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if _, err := s.UpdateGame(ctx, g.ID, 0, func(g *storage.Game) error { g.Hints.Add(tafl.Attackers); return nil }); err != nil {
			t.Fatal(err)
		}
	}
	got, err := s.GetGame(ctx, g.ID)
	if err != nil || got.Hints != (storage.Hints{Attackers: 2}) || got.Hints.Of(tafl.Attackers) != 2 || got.Hints.Of(tafl.Defenders) != 0 {
		t.Errorf("hints %+v %v", got.Hints, err)
	}
	_, err = s.UpdateGame(ctx, g.ID, 0, func(g *storage.Game) error { g.Hints.Attackers = 1; return nil })
	if !errors.Is(err, storage.ErrInvalid) {
		t.Errorf("taking a hint back: %v", err)
	}
	if got, _ := s.GetGame(ctx, g.ID); got.Hints.Attackers != 2 {
		t.Errorf("after the refused change: %+v", got.Hints)
	}
	if _, err := s.UpdateGame(ctx, g.ID, 0, func(g *storage.Game) error { g.Hints.AddAt(tafl.Attackers, 0); return nil }); err != nil {
		t.Fatal(err)
	}
	got, err = s.UpdateGame(ctx, g.ID, 0, func(g *storage.Game) error { g.Hints.RemoveAt(tafl.Attackers, 0); return nil })
	if err != nil {
		t.Fatalf("taking back a hint not shown: %v", err)
	}
	if got.Hints != (storage.Hints{Attackers: 2}) {
		t.Errorf("after taking back a hint not shown: %+v", got.Hints)
	}
	_, err = s.UpdateGame(ctx, g.ID, 0, func(g *storage.Game) error { g.Hints.RemoveAt(tafl.Attackers, 0); g.Hints.Attackers--; return nil })
	if !errors.Is(err, storage.ErrInvalid) {
		t.Errorf("taking back two hints with one RemoveAt: %v", err)
	}
	if got, _ := s.GetGame(ctx, g.ID); got.Hints != (storage.Hints{Attackers: 2}) {
		t.Errorf("after the refused change: %+v", got.Hints)
	}
}

// testGamesToMine: a game that ends with a winner is due to be mined for
// a puzzle from the transaction that ends it (a search a shutdown cut
// short or kept waiting was lost: only the bot's memory had it) until
// MineDone; one that ends without a winner, or has not ended, is not.
// MineDone changes nothing else about the game, leaves a game not due
// alone, and the index agrees with the records (Check).
func testGamesToMine(t *testing.T, b testBackend) {
	s, c := b.open(t)
	ctx := t.Context()
	end := func(how func(tg *tafl.Game) error) *storage.Game {
		t.Helper()
		g := newHumanGame(t, "111", "222")
		if err := s.CreateGame(ctx, g); err != nil {
			t.Fatal(err)
		}
		g, err := s.UpdateGame(ctx, g.ID, 0, func(sg *storage.Game) error {
			if _, err := sg.Tafl().PlayText("d1-d3"); err != nil {
				return err
			}
			if how == nil {
				return nil
			}
			return how(sg.Tafl())
		})
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	won := end(func(tg *tafl.Game) error { return tg.Resign(tafl.Defenders) })
	aborted := end(func(tg *tafl.Game) error { return tg.Abort() })
	going := end(nil)
	ids := func() []storage.GameID {
		t.Helper()
		gs, err := s.GamesToMine(ctx)
		if err != nil {
			t.Fatal(err)
		}
		var out []storage.GameID
		for _, g := range gs {
			out = append(out, g.ID)
		}
		return out
	}
	if got := ids(); !slices.Equal(got, []storage.GameID{won.ID}) {
		t.Errorf("games to mine %v, want the won game %d alone", got, won.ID)
	}
	if !won.MineDue || aborted.MineDue || going.MineDue {
		t.Errorf("MineDue: won %v, aborted %v, going %v", won.MineDue, aborted.MineDue, going.MineDue)
	}
	if r, err := s.Check(ctx); err != nil || len(r.Problems) > 0 {
		t.Errorf("check with a game due: %v %v", err, r)
	}
	c.Advance(time.Hour)
	before, _ := s.GetGame(ctx, won.ID)
	for _, id := range []storage.GameID{won.ID, going.ID, won.ID} {
		if err := s.MineDone(ctx, id); err != nil {
			t.Errorf("MineDone(%d): %v", id, err)
		}
	}
	if err := s.MineDone(ctx, 999); !errors.Is(err, storage.ErrNotFound) {
		t.Errorf("MineDone of no game: %v", err)
	}
	if got := ids(); len(got) != 0 {
		t.Errorf("games to mine after MineDone: %v", got)
	}
	after, _ := s.GetGame(ctx, won.ID)
	if after.MineDue || !after.Updated.Equal(before.Updated) || after.Ply() != before.Ply() || after.Outcome() != before.Outcome() {
		t.Errorf("after MineDone: due %v, updated %v (was %v), ply %d, outcome %v", after.MineDue, after.Updated, before.Updated, after.Ply(), after.Outcome())
	}
	if g, _ := s.GetGame(ctx, going.ID); g.MineDue || !g.Active() {
		t.Errorf("the game going on after MineDone: due %v, active %v", g.MineDue, g.Active())
	}
	if r, err := s.Check(ctx); err != nil || len(r.Problems) > 0 {
		t.Errorf("check after MineDone: %v %v", err, r)
	}
}

// TestGamesToMineIndexMigration: a database from before the index of the
// games still to be mined for a puzzle (a bbolt file of schema 8;
// PostgreSQL schema 5, without games.mine_due) is upgraded with the index
// made from its games, losing nothing: a game whose record says it is
// due (as only a database moved back and forth can hold) is due after.
func TestGamesToMineIndexMigration(t *testing.T) {
	testIndexMigration(t, indexMigration{
		seed: func(t *testing.T, s *storage.Store, _ time.Time) {
			for _, resign := range []bool{true, false, true} {
				g := newHumanGame(t, "111", "222")
				if err := s.CreateGame(t.Context(), g); err != nil {
					t.Fatal(err)
				}
				if _, err := s.UpdateGame(t.Context(), g.ID, 0, func(sg *storage.Game) error {
					if _, err := sg.Tafl().PlayText("d1-d3"); err != nil || !resign {
						return err
					}
					return sg.Tafl().Resign(tafl.Defenders)
				}); err != nil {
					t.Fatal(err)
				}
			}
			if err := s.MineDone(t.Context(), 3); err != nil {
				t.Fatal(err)
			}
		},
		bucket:     "idx_games_to_mine",
		boltSchema: 8,
		pg: []string{
			"ALTER TABLE games DROP COLUMN mine_due, DROP COLUMN board_due",  // and migration 8, which follows it
			"DROP INDEX games_finished_by_channel, games_finished_by_thread", // and migration 9
			"DELETE FROM taflbot_migrations WHERE version >= 6",
		},
		after: func(t *testing.T, _ testBackend, _ string, s *storage.Store, after *storage.CheckReport) {
			gs, err := s.GamesToMine(t.Context())
			if err != nil || len(gs) != 1 || gs[0].ID != 1 {
				t.Errorf("after the upgrade, games to mine %v, %v; want game 1", gs, err)
			}
			if after.Games != 3 {
				t.Errorf("after the upgrade, %d games, want 3", after.Games)
			}
		},
	})
}
