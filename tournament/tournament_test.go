package tournament_test

import (
	"errors"
	"testing"

	"github.com/taflbot/taflbot/tournament"
)

func TestSignUp(t *testing.T) {
	tr := &tournament.Tournament{Format: tournament.RoundRobin}
	if _, err := tr.Start(); !errors.Is(err, tournament.ErrTooFew) {
		t.Errorf("start with nobody: %v", err)
	}
	for _, c := range []struct {
		op   func() error
		want error
	}{
		{func() error { return tr.Join("a", 1500) }, nil},
		{func() error { return tr.Join("a", 1500) }, tournament.ErrJoined},
		{func() error { return tr.Leave("b") }, tournament.ErrNotEntered},
		{func() error { return tr.Join("b", 1600) }, nil},
		{func() error { return tr.Join("c", 1500) }, nil},
		{func() error { return tr.Leave("c") }, nil},
		{func() error { return tr.Join("c", 1400) }, nil},
		{func() error { _, err := tr.Withdraw("a"); return err }, tournament.ErrNotStarted},
		{func() error { _, err := tr.Withdraw("z"); return err }, tournament.ErrNotEntered},
	} {
		if err := c.op(); !errors.Is(err, c.want) {
			t.Fatalf("got %v, want %v", err, c.want)
		}
	}
	games, err := tr.Start()
	if err != nil {
		t.Fatal(err)
	}
	// Seeded by rating: b (1600), a, c; three players: one rests each round.
	if tr.Players[0].ID != "b" || tr.Players[1].ID != "a" || tr.Rounds != 3 || len(games) != 1 {
		t.Fatalf("players %+v, %d rounds, %d games", tr.Players, tr.Rounds, len(games))
	}
	if err := tr.Join("d", 1500); !errors.Is(err, tournament.ErrStarted) {
		t.Errorf("join after the start: %v", err)
	}
	if err := tr.Leave("a"); !errors.Is(err, tournament.ErrStarted) {
		t.Errorf("leave after the start: %v", err)
	}
	if err := tr.Leave("d"); !errors.Is(err, tournament.ErrNotEntered) {
		t.Errorf("leave after the start by someone not signed up: %v, want ErrNotEntered (not: it has started, withdraw)", err)
	}
	if _, err := tr.Advance(); !errors.Is(err, tournament.ErrRoundActive) {
		t.Errorf("advance with a game going on: %v", err)
	}
	if bad := (&tournament.Tournament{Format: tournament.Swiss, Rounds: 0}); bad.Check() == nil {
		t.Error("a Swiss of 0 rounds passed the check")
	}
}

// finish plays the current round with the results given by result(attackers, defenders).
func finish(t *testing.T, tr *tournament.Tournament, games []tournament.Game, result func(a, d string) tournament.Result) []tournament.Game {
	t.Helper()
	for _, g := range games {
		done, err := tr.SetResult(g.Attackers, g.Defenders, result(g.Attackers, g.Defenders))
		if err != nil {
			t.Fatal(err)
		}
		// A second report (a double click, a restart) changes nothing.
		if _, err := tr.SetResult(g.Attackers, g.Defenders, tournament.Draw); err != nil {
			t.Fatal(err)
		}
		_ = done
	}
	if !tr.RoundComplete() {
		t.Fatal("round not complete")
	}
	next, err := tr.Advance()
	if err != nil {
		t.Fatal(err)
	}
	return next
}

func TestRoundRobinStandingsSonnebornBerger(t *testing.T) {
	tr := &tournament.Tournament{Format: tournament.RoundRobin}
	for i, id := range []string{"A", "B", "C", "D"} {
		tr.Join(id, float64(2000-i))
	}
	// A beats B and D and draws C; B beats C and draws D; C beats D.
	beats := map[[2]string]tournament.Result{}
	set := func(w, l string) { beats[[2]string{w, l}] = 1; beats[[2]string{l, w}] = 2 }
	set("A", "B")
	set("A", "D")
	set("B", "C")
	set("C", "D")
	result := func(a, d string) tournament.Result {
		switch beats[[2]string{a, d}] {
		case 1:
			return tournament.AttackersWin
		case 2:
			return tournament.DefendersWin
		}
		return tournament.Draw
	}
	games, err := tr.Start()
	if err != nil {
		t.Fatal(err)
	}
	for !tr.Finished {
		games = finish(t, tr, games, result)
	}
	// By hand: points A 2.5, B 1.5, C 1.5, D 0.5. SB: A = 1.5 + 0.5 +
	// ½·1.5 = 2.75; B = 1.5 (C) + ½·0.5 (D) = 1.75; C = 0.5 (D) + ½·2.5 (A)
	// = 1.75; D = ½·1.5 = 0.75. B and C are equal on points, SB and wins:
	// they share second place, B (the higher seed) listed first.
	want := []tournament.Standing{
		{Rank: 1, Player: "A", Points: 2.5, SB: 2.75, Wins: 2, Draws: 1},
		{Rank: 2, Player: "B", Points: 1.5, SB: 1.75, Wins: 1, Draws: 1, Losses: 1},
		{Rank: 2, Player: "C", Points: 1.5, SB: 1.75, Wins: 1, Draws: 1, Losses: 1},
		{Rank: 4, Player: "D", Points: 0.5, SB: 0.75, Draws: 1, Losses: 2},
	}
	got := tr.Standings()
	for i, w := range want {
		g := got[i]
		if g.Rank != w.Rank || g.Player != w.Player || g.Points != w.Points || g.SB != w.SB || g.Wins != w.Wins || g.Draws != w.Draws || g.Losses != w.Losses || g.Games != 3 {
			t.Errorf("line %d: %+v, want %+v", i+1, g, w)
		}
	}
	if got[0].Tiebreak(tournament.RoundRobin) != 2.75 || tournament.TiebreakName(tournament.RoundRobin) != "SB" {
		t.Error("the round robin's tie-break is not Sonneborn–Berger")
	}
}

func TestSwissStandingsBuchholzAndBye(t *testing.T) {
	tr := newSwiss(t, 3, 2, false)
	games, _ := tr.Start()
	// Round 1: p01 v p02 (p03 has the bye, 1 point). p01 wins.
	if len(games) != 1 || tr.Byes[0].Player != "p03" {
		t.Fatalf("round 1: %s, byes %+v", pairs(games), tr.Byes)
	}
	games = finish(t, tr, games, func(a, d string) tournament.Result {
		if a == "p01" {
			return tournament.AttackersWin
		}
		return tournament.DefendersWin
	})
	// Round 2: p02 (0 points) gets the bye; p01 v p03 draw.
	if len(games) != 1 || tr.Byes[1].Player != "p02" || !games[0].Has("p01") || !games[0].Has("p03") {
		t.Fatalf("round 2: %s, byes %+v", pairs(games), tr.Byes)
	}
	finish(t, tr, games, func(a, d string) tournament.Result { return tournament.Draw })
	if !tr.Finished {
		t.Fatal("not finished after 2 of 2 rounds")
	}
	// Points: p01 1.5, p03 1.5 (bye + draw), p02 1 (bye). Buchholz: p01 =
	// p02 1 + p03 1.5 = 2.5; p03 = p01 1.5 (the bye adds nothing); p02 = 1.5.
	st := tr.Standings()
	got := map[string]tournament.Standing{}
	for _, s := range st {
		got[s.Player] = s
	}
	if s := got["p01"]; s.Rank != 1 || s.Points != 1.5 || s.Buchholz != 2.5 {
		t.Errorf("p01 %+v", s)
	}
	if s := got["p03"]; s.Rank != 2 || s.Points != 1.5 || s.Buchholz != 1.5 || s.Byes != 1 || s.Games != 1 {
		t.Errorf("p03 %+v", s)
	}
	if s := got["p02"]; s.Rank != 3 || s.Points != 1 || s.Buchholz != 1.5 {
		t.Errorf("p02 %+v", s)
	}
}

func TestWithdrawRoundRobin(t *testing.T) {
	tr := &tournament.Tournament{Format: tournament.RoundRobin}
	for i, id := range []string{"A", "B", "C", "D"} {
		tr.Join(id, float64(2000-i))
	}
	games, _ := tr.Start()
	// D withdraws during round 1: the caller ends D's game (a loss).
	g, err := tr.Withdraw("D")
	if err != nil || g == nil || !g.Has("D") {
		t.Fatalf("withdraw: %+v, %v", g, err)
	}
	if again, err := tr.Withdraw("D"); err != nil || again != nil {
		t.Errorf("withdrawing twice: %+v, %v", again, err)
	}
	games = finish(t, tr, games, func(a, d string) tournament.Result {
		if a == "D" {
			return tournament.DefendersWin
		}
		return tournament.AttackersWin
	})
	// Round 2: D's game is a forfeit won by the opponent; only one game is played.
	if len(games) != 1 || games[0].Has("D") {
		t.Fatalf("round 2 games %s", pairs(games))
	}
	for !tr.Finished {
		games = finish(t, tr, games, func(a, d string) tournament.Result { return tournament.Draw })
	}
	forfeits := 0
	for _, g := range tr.Games {
		if g.Forfeit {
			forfeits++
			if !g.Has("D") || g.Points("D") != 0 || g.Points(g.Opponent("D")) != 1 {
				t.Errorf("forfeit %+v", g)
			}
		}
	}
	if forfeits != 2 {
		t.Errorf("%d forfeits, want D's two remaining games", forfeits)
	}
	last := tr.Standings()[3]
	if last.Player != "D" || !last.Withdrawn || last.Points != 0 || last.Games != 3 {
		t.Errorf("D's standing %+v", last)
	}
}

func TestWithdrawSwiss(t *testing.T) {
	tr := newSwiss(t, 4, 3, false)
	games, _ := tr.Start()
	tr.Withdraw("p04")
	games = finish(t, tr, games, func(a, d string) tournament.Result { return tournament.Draw })
	// Three active players: one game and a bye, p04 nowhere.
	if len(games) != 1 || games[0].Has("p04") || tr.Byes[0].Player == "p04" {
		t.Fatalf("round 2: %s, byes %+v", pairs(games), tr.Byes)
	}
	for _, id := range []string{"p01", "p02", "p03"} {
		tr.Withdraw(id)
		if id == "p02" {
			break
		}
	}
	// Two withdrew in round 2: one player is left, so the tournament ends.
	finish(t, tr, games, func(a, d string) tournament.Result { return tournament.Draw })
	if !tr.Finished {
		t.Errorf("a tournament with one player left goes on (round %d)", tr.Round)
	}
}

func TestParseNames(t *testing.T) {
	for _, f := range []tournament.Format{tournament.RoundRobin, tournament.Swiss} {
		if got, err := tournament.ParseFormat(f.String()); err != nil || got != f {
			t.Errorf("format %v: %v, %v", f, got, err)
		}
	}
	for r := tournament.Pending; r <= tournament.BothForfeit; r++ {
		if got, err := tournament.ParseResult(r.String()); err != nil || got != r {
			t.Errorf("result %v: %v, %v", r, got, err)
		}
	}
	if _, err := tournament.ParseFormat("knockout"); err == nil {
		t.Error("knockout parsed")
	}
}
