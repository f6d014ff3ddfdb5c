package storage_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/taflbot/taflbot/storage"
	"github.com/taflbot/taflbot/tafl"
)

func testGameRoundTrip(t *testing.T, b testBackend) {
	s, clk := b.open(t)
	ctx := t.Context()
	g := newHumanGame(t, "111", "222")
	g.ThreadID = "t9"
	g.BoardMessages = []storage.MessageRef{{ChannelID: "c1", MessageID: "m1"}}
	if err := s.CreateGame(ctx, g); err != nil {
		t.Fatal(err)
	}
	if g.ID != 1 || !g.Created.Equal(clk.Now()) || !g.Deadline.Equal(clk.Now().Add(72*time.Hour)) {
		t.Fatalf("created game: id %d created %v deadline %v", g.ID, g.Created, g.Deadline)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	var want []string
	for range 6 {
		clk.Advance(time.Hour)
		m := randomMove(t, g.Tafl(), rng)
		var err error
		g, err = s.UpdateGame(ctx, g.ID, g.Ply(), func(g *storage.Game) error {
			_, err := g.Tafl().Play(m)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		want = append(want, m.String())
	}
	_, err := s.UpdateGame(ctx, g.ID, -1, func(g *storage.Game) error {
		g.DrawOffer = tafl.Defenders
		g.Reminded = clk.Now()
		g.BoardMessages = append(g.BoardMessages, storage.MessageRef{ChannelID: "t9", MessageID: "m2", Onlooker: true})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	got, err := s.GetGame(ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got.Moves(), want) {
		t.Errorf("moves %v, want %v", got.Moves(), want)
	}
	if got.Tafl().Position().Record() != replay(t, "copenhagen", want).Position().Record() {
		t.Error("the loaded position differs from an independent replay")
	}
	checks := []struct {
		name      string
		got, want any
	}{
		{"guild", got.GuildID, "g1"}, {"channel", got.ChannelID, "c1"}, {"thread", got.ThreadID, "t9"},
		{"attackers", got.Attackers, storage.Human("111")}, {"defenders", got.Defenders, storage.Human("222")},
		{"variant", got.Variant(), "copenhagen"}, {"move time", got.MoveTime, 72 * time.Hour},
		{"created", got.Created.Equal(newClock().Now()), true},
		{"updated", got.Updated.Equal(clk.Now()), true},
		{"deadline", got.Deadline.Equal(clk.Now().Add(72 * time.Hour)), true},
		{"reminded", got.Reminded.Equal(clk.Now()), true},
		{"draw offer", got.DrawOffer, tafl.Defenders},
		{"board", got.BoardMessages, []storage.MessageRef{{ChannelID: "c1", MessageID: "m1"}, {ChannelID: "t9", MessageID: "m2", Onlooker: true}}},
		{"active", got.Active(), true}, {"ply", got.Ply(), 6},
		{"to move", got.ToMove(), storage.Human("111")},
		{"side of 222", got.SideOf("222"), tafl.Defenders}, {"side of 333", got.SideOf("333"), tafl.NoSide},
	}
	for _, c := range checks {
		if !reflect.DeepEqual(c.got, c.want) {
			t.Errorf("%s: got %v, want %v", c.name, c.got, c.want)
		}
	}
}

func testGameAutomaticFields(t *testing.T, b testBackend) {
	s, clk := b.open(t)
	ctx := t.Context()
	g := newHumanGame(t, "111", "222")
	if err := s.CreateGame(ctx, g); err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	m := randomMove(t, g.Tafl(), rng)
	// The attackers offer a draw with their move; it stands after it...
	g, err := s.UpdateGame(ctx, g.ID, 0, func(g *storage.Game) error {
		g.DrawOffer = tafl.Attackers
		g.Reminded = clk.Now()
		_, err := g.Tafl().Play(m)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if g.DrawOffer != tafl.Attackers || !g.Reminded.IsZero() {
		t.Errorf("after the offering move: offer %v reminded %v; want attackers, zero", g.DrawOffer, g.Reminded)
	}
	// ...and lapses when the defenders move instead of accepting.
	clk.Advance(5 * time.Hour)
	m = randomMove(t, g.Tafl(), rng)
	g, err = s.UpdateGame(ctx, g.ID, 1, func(g *storage.Game) error { _, err := g.Tafl().Play(m); return err })
	if err != nil {
		t.Fatal(err)
	}
	if g.DrawOffer != tafl.NoSide {
		t.Errorf("offer %v after the opponent moved, want none", g.DrawOffer)
	}
	if want := clk.Now().Add(72 * time.Hour); !g.Deadline.Equal(want) {
		t.Errorf("deadline %v, want %v", g.Deadline, want)
	}
	// A deadline set by fn wins over the automatic one.
	custom := clk.Now().Add(time.Minute)
	m = randomMove(t, g.Tafl(), rng)
	g, err = s.UpdateGame(ctx, g.ID, 2, func(g *storage.Game) error {
		g.Deadline = custom
		_, err := g.Tafl().Play(m)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if !g.Deadline.Equal(custom) {
		t.Errorf("deadline %v, want fn's %v", g.Deadline, custom)
	}
}

// testEngineHasNoClock: in a game against the engine with a move time,
// only the human's moves are timed; the engine never gets a deadline, so
// it never loses on time.
func testEngineHasNoClock(t *testing.T, b testBackend) {
	s, clk := b.open(t)
	ctx := t.Context()
	rng := rand.New(rand.NewPCG(5, 6))
	// The engine attacks, so it moves first: no deadline yet.
	g := newHumanGame(t, "111", "222")
	g.Attackers = storage.AI("hard")
	if err := s.CreateGame(ctx, g); err != nil {
		t.Fatal(err)
	}
	if !g.Deadline.IsZero() {
		t.Fatalf("deadline %v with the engine to move", g.Deadline)
	}
	for ply := range 4 {
		clk.Advance(time.Hour)
		m := randomMove(t, g.Tafl(), rng)
		var err error
		g, err = s.UpdateGame(ctx, g.ID, ply, func(g *storage.Game) error { _, err := g.Tafl().Play(m); return err })
		if err != nil {
			t.Fatal(err)
		}
		engineToMove := g.ToMove().IsAI()
		if want := clk.Now().Add(72 * time.Hour); engineToMove && !g.Deadline.IsZero() || !engineToMove && !g.Deadline.Equal(want) {
			t.Fatalf("ply %d (engine to move: %v): deadline %v", g.Ply(), engineToMove, g.Deadline)
		}
	}
	// Long after, the engine still to move: nothing expires.
	if !g.ToMove().IsAI() {
		t.Fatalf("ply %d: the engine should be to move", g.Ply())
	}
	clk.Advance(1000 * time.Hour)
	if _, expired, err := s.ExpireGame(ctx, g.ID, clk.Now()); err != nil || expired {
		t.Errorf("the engine lost on time: %v %v", expired, err)
	}
	// A human defender to move first gets the clock at creation.
	g2 := newHumanGame(t, "111", "222")
	g2.Defenders = storage.AI("easy")
	if err := s.CreateGame(ctx, g2); err != nil || !g2.Deadline.Equal(clk.Now().Add(72*time.Hour)) {
		t.Errorf("human to move first: deadline %v, %v", g2.Deadline, err)
	}
}

func testUpdateGameRejects(t *testing.T, b testBackend) {
	s, _ := b.open(t)
	ctx := t.Context()
	g := newHumanGame(t, "111", "222")
	if err := s.CreateGame(ctx, g); err != nil {
		t.Fatal(err)
	}
	errBoom := errors.New("boom")
	tests := []struct {
		name     string
		expected int
		fn       func(*storage.Game) error
		want     error
	}{
		{"stale ply", 3, func(g *storage.Game) error { t.Error("fn called for a stale ply"); return nil }, storage.ErrStale},
		{"fn error", 0, func(g *storage.Game) error { g.ThreadID = "x"; return errBoom }, errBoom},
		{"illegal move", 0, func(g *storage.Game) error { _, err := g.Tafl().PlayText("a1-a2"); return err }, tafl.ErrIllegalMove},
		{"seat change", -1, func(g *storage.Game) error { g.Attackers = storage.Human("999"); return nil }, storage.ErrInvalid},
		{"id change", -1, func(g *storage.Game) error { g.ID++; return nil }, storage.ErrInvalid},
		{"bad seat", -1, func(g *storage.Game) error { g.ChannelID = string(make([]byte, 200)); return nil }, storage.ErrInvalid},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := s.UpdateGame(ctx, g.ID, tc.expected, tc.fn)
			if !errors.Is(err, tc.want) {
				t.Fatalf("got %v, want %v", err, tc.want)
			}
			got, err := s.GetGame(ctx, g.ID)
			if err != nil {
				t.Fatal(err)
			}
			if got.Ply() != 0 || got.ThreadID != "" || got.ChannelID != "c1" || !got.Updated.Equal(g.Updated) {
				t.Errorf("the rejected update changed the game: ply %d thread %q", got.Ply(), got.ThreadID)
			}
		})
	}
	var me *tafl.MoveError
	_, err := s.UpdateGame(ctx, g.ID, 0, func(g *storage.Game) error { _, err := g.Tafl().PlayText("a1-a2"); return err })
	if !errors.As(err, &me) {
		t.Errorf("a move error should stay a *tafl.MoveError for the bot, got %T", err)
	}
}

func testNotFound(t *testing.T, b testBackend) {
	s, _ := b.open(t)
	ctx := t.Context()
	calls := []struct {
		name string
		call func() error
	}{
		{"GetGame", func() error { _, err := s.GetGame(ctx, 42); return err }},
		{"UpdateGame", func() error {
			_, err := s.UpdateGame(ctx, 42, -1, func(*storage.Game) error { return nil })
			return err
		}},
		{"ExpireGame", func() error { _, _, err := s.ExpireGame(ctx, 42, time.Now()); return err }},
		{"MarkReminded", func() error { _, err := s.MarkReminded(ctx, 42, 0, time.Now()); return err }},
		{"GetChallenge", func() error { _, err := s.GetChallenge(ctx, 7); return err }},
		{"UpdateChallenge", func() error {
			_, err := s.UpdateChallenge(ctx, 7, func(*storage.Challenge) error { return nil })
			return err
		}},
		{"GetPlayer", func() error { _, err := s.GetPlayer(ctx, "g", "u"); return err }},
	}
	for _, c := range calls {
		if err := c.call(); !errors.Is(err, storage.ErrNotFound) {
			t.Errorf("%s: got %v, want ErrNotFound", c.name, err)
		}
	}
}

func testIndexes(t *testing.T, b testBackend) {
	s, clk := b.open(t)
	ctx := t.Context()
	mk := func(a, d storage.Seat, channel, thread string, moveTime time.Duration) *storage.Game {
		g, err := storage.NewGame("brandubh", "")
		if err != nil {
			t.Fatal(err)
		}
		g.GuildID, g.ChannelID, g.ThreadID, g.MoveTime = "g1", channel, thread, moveTime
		g.Attackers, g.Defenders = a, d
		if err := s.CreateGame(ctx, g); err != nil {
			t.Fatal(err)
		}
		clk.Advance(time.Minute)
		return g
	}
	g1 := mk(storage.Human("1"), storage.Human("2"), "c1", "", 3*time.Hour)   // deadline +3h
	g2 := mk(storage.Human("2"), storage.AI("easy"), "c1", "t1", time.Hour)   // deadline +1h1m
	g3 := mk(storage.Human("3"), storage.Human("1"), "c2", "", 0)             // no clock
	g4 := mk(storage.Human("1"), storage.Human("1"), "c2", "t2", 2*time.Hour) // self-play
	ids := func(gs []*storage.Game) []storage.GameID {
		var out []storage.GameID
		for _, g := range gs {
			out = append(out, g.ID)
		}
		return out
	}
	list := func(user string, f storage.GameFilter) []storage.GameID {
		gs, err := s.GamesByPlayer(ctx, user, f)
		if err != nil {
			t.Fatal(err)
		}
		return ids(gs)
	}
	channel := func(c string) []storage.GameID {
		gs, err := s.ActiveGamesInChannel(ctx, c)
		if err != nil {
			t.Fatal(err)
		}
		return ids(gs)
	}
	due := func(t0 time.Time) []storage.GameID {
		gs, err := s.GamesDueBefore(ctx, t0)
		if err != nil {
			t.Fatal(err)
		}
		return ids(gs)
	}
	start := newClock().Now()
	check := func(name string, got, want []storage.GameID) {
		t.Helper()
		if !slices.Equal(got, want) {
			t.Errorf("%s: got %v, want %v", name, got, want)
		}
	}
	check("games of 1", list("1", storage.GameFilter{}), []storage.GameID{g4.ID, g3.ID, g1.ID})
	check("games of 1, limit 2", list("1", storage.GameFilter{Limit: 2}), []storage.GameID{g4.ID, g3.ID})
	check("games of 12 (prefix of nobody)", list("12", storage.GameFilter{}), nil)
	check("games of 1 in another guild", list("1", storage.GameFilter{GuildID: "g2"}), nil)
	check("channel c1", channel("c1"), []storage.GameID{g1.ID, g2.ID})
	check("thread t1", channel("t1"), []storage.GameID{g2.ID})
	check("channel c2", channel("c2"), []storage.GameID{g3.ID, g4.ID})
	check("due in 1h30", due(start.Add(90*time.Minute)), []storage.GameID{g2.ID})
	check("due in 4h", due(start.Add(4*time.Hour)), []storage.GameID{g2.ID, g4.ID, g1.ID})
	check("due now", due(start), nil)

	// Finishing g1 moves it to the finished group and out of the channel and deadline indexes.
	if _, err := s.UpdateGame(ctx, g1.ID, -1, func(g *storage.Game) error { return g.Tafl().Resign(tafl.Attackers) }); err != nil {
		t.Fatal(err)
	}
	check("active games of 1", list("1", storage.GameFilter{ActiveOnly: true}), []storage.GameID{g4.ID, g3.ID})
	check("all games of 1", list("1", storage.GameFilter{}), []storage.GameID{g4.ID, g3.ID, g1.ID})
	check("channel c1 after the end", channel("c1"), []storage.GameID{g2.ID})
	check("due in 4h after the end", due(start.Add(4*time.Hour)), []storage.GameID{g2.ID, g4.ID})
	guild := func(id string, limit int) []storage.GameID {
		gs, err := s.ActiveGamesInGuild(ctx, id, limit)
		if err != nil {
			t.Fatal(err)
		}
		return ids(gs)
	}
	other := mk(storage.Human("5"), storage.Human("6"), "c9", "", 0)
	if _, err := s.UpdateGame(ctx, other.ID, -1, func(g *storage.Game) error { g.GuildID = "g11"; return nil }); err != nil {
		t.Fatal(err)
	}
	check("active games of guild g1", guild("g1", 0), []storage.GameID{g4.ID, g3.ID, g2.ID})
	check("active games of guild g1, limit 2", guild("g1", 2), []storage.GameID{g4.ID, g3.ID})
	check("active games of guild g11", guild("g11", 0), []storage.GameID{other.ID})
	check("active games of guild g2", guild("g2", 0), nil)
	got, err := s.GetGame(ctx, g1.ID)
	if err != nil {
		t.Fatal(err)
	}
	if !got.Deadline.IsZero() || got.Outcome() != (tafl.Outcome{Winner: tafl.Defenders, Reason: tafl.Resignation}) {
		t.Errorf("finished game: deadline %v outcome %v", got.Deadline, got.Outcome())
	}
	// Moving the thread moves the channel index entry.
	if _, err := s.UpdateGame(ctx, g2.ID, -1, func(g *storage.Game) error { g.ThreadID = "t7"; return nil }); err != nil {
		t.Fatal(err)
	}
	check("old thread", channel("t1"), nil)
	check("new thread", channel("t7"), []storage.GameID{g2.ID})
	rep, err := s.Check(ctx)
	if err != nil || !rep.OK() {
		t.Fatalf("check: %v %v", err, rep)
	}
}

func testExpireAndRemindExactlyOnce(t *testing.T, b testBackend) {
	s, clk := b.open(t)
	ctx := t.Context()
	g := newHumanGame(t, "111", "222")
	if err := s.CreateGame(ctx, g); err != nil {
		t.Fatal(err)
	}
	const callers = 10
	var wins [callers]bool
	var errs [callers]error
	run := func(f func(i int) (bool, error)) int {
		done := make(chan struct{})
		for i := range callers {
			go func() { wins[i], errs[i] = f(i); done <- struct{}{} }()
		}
		n := 0
		for range callers {
			<-done
		}
		for i := range callers {
			if errs[i] != nil {
				t.Fatal(errs[i])
			}
			if wins[i] {
				n++
			}
		}
		return n
	}
	if n := run(func(int) (bool, error) { return s.MarkReminded(ctx, g.ID, 0, clk.Now()) }); n != 1 {
		t.Errorf("%d callers got the reminder, want 1", n)
	}
	if ok, err := s.MarkReminded(ctx, g.ID, 1, clk.Now()); ok || err != nil {
		t.Errorf("reminder for a move not reached: %v %v", ok, err)
	}
	if _, ok, err := s.ExpireGame(ctx, g.ID, clk.Now()); ok || err != nil {
		t.Errorf("expire before the deadline: %v %v", ok, err)
	}
	clk.Advance(72 * time.Hour)
	if n := run(func(int) (bool, error) { _, ok, err := s.ExpireGame(ctx, g.ID, clk.Now()); return ok, err }); n != 1 {
		t.Errorf("%d callers expired the game, want 1", n)
	}
	got, err := s.GetGame(ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	if want := (tafl.Outcome{Winner: tafl.NoSide, Reason: tafl.Aborted}); got.Outcome() != want {
		t.Errorf("outcome %v, want %v (the attackers ran out of time before their first move)", got.Outcome(), want)
	}
}

func testCustomGame(t *testing.T, b testBackend) {
	s, _ := b.open(t)
	ctx := t.Context()
	v, err := tafl.Preset("tablut", "")
	if err != nil {
		t.Fatal(err)
	}
	g, err := storage.NewCustomGame(v.RulesString())
	if err != nil {
		t.Fatal(err)
	}
	g.Attackers, g.Defenders = storage.Human("1"), storage.AI("hard")
	if err := s.CreateGame(ctx, g); err != nil {
		t.Fatal(err)
	}
	m := g.Tafl().LegalMoves()[0]
	if _, err := s.UpdateGame(ctx, g.ID, 0, func(g *storage.Game) error { _, err := g.Tafl().Play(m); return err }); err != nil {
		t.Fatal(err)
	}
	got, err := s.GetGame(ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.Variant() != "custom" || got.Rules() != v.RulesString() || !slices.Equal(got.Moves(), []string{m.String()}) {
		t.Errorf("custom game: variant %q moves %v", got.Variant(), got.Moves())
	}
	if _, err := storage.NewCustomGame("dim:5 nonsense"); err == nil {
		t.Error("a bad rules string was accepted")
	}
	if _, err := storage.NewGame("chess", ""); !errors.Is(err, tafl.ErrUnknownVariant) {
		t.Errorf("unknown variant: %v", err)
	}
}

func TestParseGameID(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want storage.GameID
		ok   bool
	}{{"42", 42, true}, {"0", 0, false}, {"-1", 0, false}, {"x", 0, false}, {"", 0, false}} {
		got, err := storage.ParseGameID(tc.in)
		if got != tc.want || (err == nil) != tc.ok {
			t.Errorf("ParseGameID(%q) = %d, %v", tc.in, got, err)
		}
		if tc.ok && got.String() != tc.in {
			t.Errorf("String() = %q", got.String())
		}
	}
}

// TestActiveEngineGames counts the active games against the engine per
// user (across servers) and per server; games between people and
// finished games do not count.
func testActiveEngineGames(t *testing.T, b testBackend) {
	s, _ := b.open(t)
	ctx := t.Context()
	create := func(guild string, att, def storage.Seat) *storage.Game {
		g := newHumanGame(t, "x", "y")
		g.GuildID, g.Attackers, g.Defenders = guild, att, def
		if err := s.CreateGame(ctx, g); err != nil {
			t.Fatal(err)
		}
		return g
	}
	create("g1", storage.Human("111"), storage.AI("easy"))
	create("g2", storage.AI("max"), storage.Human("111"))
	create("g1", storage.Human("222"), storage.AI("hard"))
	create("g1", storage.Human("111"), storage.Human("222")) // between people
	done := create("g1", storage.Human("111"), storage.AI("easy"))
	if _, err := s.UpdateGame(ctx, done.ID, -1, func(g *storage.Game) error { return g.Tafl().Resign(tafl.Attackers) }); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		user, guild       string
		wantUser, wantSrv int
	}{
		{"111", "g1", 2, 2},
		{"111", "g2", 2, 1},
		{"222", "g1", 1, 2},
		{"333", "g3", 0, 0},
		{"111", "", 2, 0},
	} {
		u, g, err := s.ActiveEngineGames(ctx, c.user, c.guild)
		if err != nil || u != c.wantUser || g != c.wantSrv {
			t.Errorf("user %s server %q: %d, %d, %v; want %d, %d", c.user, c.guild, u, g, err, c.wantUser, c.wantSrv)
		}
	}
	// ActiveEngineSeats: the active games against the engine, in id
	// order, with their seats (an external engine's too).
	ext := create("g3", storage.Human("333"), storage.AI("engine:x"))
	var got []string
	err := s.ActiveEngineSeats(ctx, func(id storage.GameID, att, def storage.Seat) error {
		got = append(got, fmt.Sprintf("%d %s%s-%s%s", id, att.UserID, att.AILevel, def.UserID, def.AILevel))
		return nil
	})
	if want := []string{"1 111-easy", "2 max-111", "3 222-hard", fmt.Sprintf("%d 333-engine:x", ext.ID)}; err != nil || !slices.Equal(got, want) {
		t.Errorf("ActiveEngineSeats: %q, %v; want %q", got, err, want)
	}
}
