package storage_test

import (
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/taflbot/taflbot/internal/pgtest"
	"github.com/taflbot/taflbot/storage"
	"github.com/taflbot/taflbot/tafl"
	"github.com/taflbot/taflbot/tournament"
)

// fillAll stores a little of everything: active, finished, engine and
// custom games, challenges in every state, rated players with DMs on,
// server settings.
func fillAll(t *testing.T, s *storage.Store, clk *clock) {
	t.Helper()
	ctx := t.Context()
	populate(t, s, 7)
	done := finishCounted(t, s, newHumanGame(t, "111", "222"), func(g *tafl.Game) error { return g.Resign(tafl.Attackers) })
	cg := newHumanGame(t, "222", "333")
	cg.Casual, cg.ThreadID = true, "t5"
	finishCounted(t, s, cg, func(g *tafl.Game) error { return g.AgreeDraw() })
	ai := newHumanGame(t, "111", "")
	ai.Defenders = storage.AI("hard")
	if err := s.CreateGame(ctx, ai); err != nil {
		t.Fatal(err)
	}
	if _, err := s.UpdateGame(ctx, ai.ID, 0, func(g *storage.Game) error { _, err := g.Tafl().PlayText("d1-d3"); return err }); err != nil {
		t.Fatal(err)
	}
	v, _ := tafl.Preset("tablut", "")
	custom, err := storage.NewCustomGame(v.RulesString())
	if err != nil {
		t.Fatal(err)
	}
	custom.Attackers, custom.Defenders = storage.Human("444"), storage.AI("easy")
	if err := s.CreateGame(ctx, custom); err != nil {
		t.Fatal(err)
	}
	for i, state := range []storage.ChallengeState{storage.ChallengeOpen, storage.ChallengeDeclined, storage.ChallengeOpen, storage.ChallengeAccepted} {
		c := &storage.Challenge{GuildID: "g1", ChannelID: "c1", ChallengerID: "111", OpponentID: []string{"222", "333", "", "444"}[i],
			Variant: "brandubh", MoveTime: 24 * time.Hour, Expires: clk.Now().Add(time.Duration(i+1) * time.Hour)}
		if err := s.CreateChallenge(ctx, c); err != nil {
			t.Fatal(err)
		}
		switch state {
		case storage.ChallengeDeclined:
			if _, err := s.UpdateChallenge(ctx, c.ID, func(c *storage.Challenge) error { c.State = state; return nil }); err != nil {
				t.Fatal(err)
			}
		case storage.ChallengeAccepted:
			g, _ := storage.NewGame("brandubh", "")
			g.GuildID, g.Attackers, g.Defenders = "g1", storage.Human("444"), storage.Human("111")
			if _, err := s.AcceptChallenge(ctx, c.ID, g); err != nil {
				t.Fatal(err)
			}
		}
	}
	if _, err := s.UpdatePlayer(ctx, "g1", "333", func(p *storage.Player) error { p.DMs = true; return nil }); err != nil {
		t.Fatal(err)
	}
	if err := s.PutGuildSettings(ctx, &storage.GuildSettings{GuildID: "g1", DefaultVariant: "tablut", DaysPerMove: 7, ThreadPerGame: true, NotifyChannelID: "c9"}); err != nil {
		t.Fatal(err)
	}
	if err := s.PutGuildSettings(ctx, &storage.GuildSettings{GuildID: "g2", DefaultVariant: "brandubh", DaysPerMove: 1}); err != nil {
		t.Fatal(err)
	}
	// A player hidden from g1's leaderboard.
	if _, err := s.SetLeaderboardHidden(ctx, "g1", "333", true); err != nil {
		t.Fatal(err)
	}
	// A game review, two puzzles (one everyone's, one server's) with an
	// attempt, a daily puzzle.
	if err := s.PutAnalysis(ctx, &storage.Analysis{GameID: done.ID, Plies: done.Ply(), Nodes: 500, Report: []byte(`{"chances":[0.5]}`), UserID: "111"}); err != nil {
		t.Fatal(err)
	}
	p1, p2 := testPuzzle(""), testPuzzle("g1")
	p2.ToMove = tafl.Attackers
	for _, p := range []*storage.Puzzle{p1, p2} {
		if _, err := s.AddPuzzle(ctx, p); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.RecordPuzzleAttempt(ctx, "g1", "111", p1.ID, true, "2026-03-01"); err != nil {
		t.Fatal(err)
	}
	daily := &storage.GuildSettings{GuildID: "g3", DefaultVariant: "copenhagen", DaysPerMove: 3, DailyChannelID: "c3", DailyHour: 6, NoHints: true}
	if err := s.PutGuildSettings(ctx, daily); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.StartDailyPuzzle(ctx, "g3", "2026-03-01", p1.ID); err != nil {
		t.Fatal(err)
	}
	// A tournament under way, with its first game (the 13th game).
	tr := &storage.Tournament{GuildID: "g1", ChannelID: "c1", Name: "Cup", Variant: "brandubh", MoveTime: 24 * time.Hour,
		SignupDeadline: clk.Now().Add(time.Hour), Names: map[string]string{"111": "Ann", "222": "Bo"},
		State: tournament.Tournament{Format: tournament.RoundRobin}}
	tr.State.Join("111", 1500)
	tr.State.Join("222", 1400)
	if _, err := tr.State.Start(); err != nil {
		t.Fatal(err)
	}
	if err := s.CreateTournament(ctx, tr); err != nil {
		t.Fatal(err)
	}
	if _, games, err := s.CreateTournamentGames(ctx, tr.ID, tournamentGame); err != nil || len(games) != 1 {
		t.Fatalf("tournament games: %v, %v", games, err)
	}
	clk.Advance(90 * time.Minute)
	if exp, err := s.ExpireChallenges(ctx, clk.Now()); err != nil || len(exp) != 1 {
		t.Fatalf("expire: %v %v", exp, err)
	}
}

// TestCopyBothWays copies a database with a little of everything from
// bbolt into every backend and back into a new bbolt file: Check finds
// each copy sound with the same counts and digest, the records read the
// same through the Store, and new ids continue after the copied ones.
func TestCopyBothWays(t *testing.T) {
	for _, b := range testBackends {
		t.Run("bbolt→"+b.name+"→bbolt", func(t *testing.T) {
			if b.name == "postgres" && !pgtest.Available() {
				t.Skip(pgtest.SkipMessage)
			}
			ctx := t.Context()
			src, clk := testBackends[0].open(t)
			fillAll(t, src, clk)
			mid := b.openAt(t, b.newDB(t), storage.Options{Now: clk.Now})
			back := testBackends[0].openAt(t, testBackends[0].newDB(t), storage.Options{Now: clk.Now})
			rep1, err := storage.Copy(ctx, mid, src)
			if err != nil {
				t.Fatal(err)
			}
			if rep1.Games != 13 || rep1.Challenges != 4 || rep1.Players != 3 || rep1.Guilds != 3 || rep1.Analyses != 1 || rep1.Puzzles != 2 || rep1.Tournaments != 1 {
				t.Errorf("copied %+v", rep1)
			}
			rep2, err := storage.Copy(ctx, back, mid)
			if err != nil {
				t.Fatal(err)
			}
			if *rep2 != *rep1 {
				t.Errorf("copied back %+v, first copy %+v", rep2, rep1)
			}
			var reports []*storage.CheckReport
			for _, s := range []*storage.Store{src, mid, back} {
				r, err := s.Check(ctx)
				if err != nil || !r.OK() {
					t.Fatalf("check of %s: %v %+v", s, err, r)
				}
				reports = append(reports, r)
			}
			if !reflect.DeepEqual(reports[0], reports[1]) || !reflect.DeepEqual(reports[0], reports[2]) {
				t.Errorf("check reports differ:\n%+v\n%+v\n%+v", reports[0], reports[1], reports[2])
			}
			// The same answers through the API.
			for _, s := range []*storage.Store{mid, back} {
				for _, u := range []string{"111", "222", "444", "ua"} {
					want, _ := src.GamesByPlayer(ctx, u, storage.GameFilter{})
					got, err := s.GamesByPlayer(ctx, u, storage.GameFilter{})
					if err != nil || len(got) != len(want) {
						t.Fatalf("%s: games of %s: %d, %v; want %d", s.Backend(), u, len(got), err, len(want))
					}
					for i := range got {
						if got[i].ID != want[i].ID || !reflect.DeepEqual(got[i].Moves(), want[i].Moves()) || got[i].Outcome() != want[i].Outcome() {
							t.Errorf("%s: game %d differs", s.Backend(), got[i].ID)
						}
					}
				}
				p, err := s.GetPlayer(ctx, "g1", "111")
				wp, _ := src.GetPlayer(ctx, "g1", "111")
				if err != nil || !reflect.DeepEqual(p, wp) {
					t.Errorf("%s: player 111 %+v, want %+v (%v)", s.Backend(), p, wp, err)
				}
				open, _ := s.OpenChallenges(ctx)
				if len(open) != 1 || open[0].OpponentID != "" {
					t.Errorf("%s: open challenges %+v", s.Backend(), open)
				}
				engine, _ := s.EngineToMove(ctx)
				if len(engine) != 2 {
					t.Errorf("%s: %d engine games, want 2", s.Backend(), len(engine))
				}
				g := newHumanGame(t, "x", "y")
				if err := s.CreateGame(ctx, g); err != nil || g.ID != 14 {
					t.Errorf("%s: new game id %d, %v; want 14", s.Backend(), g.ID, err)
				}
				tr := &storage.Tournament{GuildID: "g1", Name: "Next", Variant: "brandubh", MoveTime: time.Hour, SignupDeadline: clk.Now(),
					State: tournament.Tournament{Format: tournament.RoundRobin}}
				if err := s.CreateTournament(ctx, tr); err != nil || tr.ID != 2 {
					t.Errorf("%s: new tournament id %d, %v; want 2", s.Backend(), tr.ID, err)
				}
				c := &storage.Challenge{ChallengerID: "x", Expires: clk.Now().Add(time.Hour)}
				if err := s.CreateChallenge(ctx, c); err != nil || c.ID != 5 {
					t.Errorf("%s: new challenge id %d, %v; want 5", s.Backend(), c.ID, err)
				}
				if a, err := s.GetAnalysis(ctx, 8); err != nil || a.UserID != "111" {
					t.Errorf("%s: the review of game 8: %+v %v", s.Backend(), a, err)
				}
				gs, err := s.GetGuildSettings(ctx, "g3")
				if err != nil || gs.Daily.PuzzleID != 1 || gs.Daily.Date != "2026-03-01" || !gs.NoHints || gs.DailyHour != 6 {
					t.Errorf("%s: settings of g3 %+v %v", s.Backend(), gs, err)
				}
				if gs, err := s.GetGuildSettings(ctx, "g1"); err != nil || !slices.Equal(gs.LeaderboardHidden, []string{"333"}) || gs.DaysPerMove != 7 {
					t.Errorf("%s: settings of g1 %+v %v", s.Backend(), gs, err)
				}
				np := testPuzzle("")
				np.Position = "/7/7/1t5/t5t/3T3/1TK4/2t1T2/"
				if added, err := s.AddPuzzle(ctx, np); err != nil || !added || np.ID != 3 {
					t.Errorf("%s: new puzzle id %d, %v %v; want 3", s.Backend(), np.ID, added, err)
				}
				if added, err := s.AddPuzzle(ctx, testPuzzle("")); err != nil || added {
					t.Errorf("%s: a copied puzzle was added again: %v %v", s.Backend(), added, err)
				}
			}
			// Into a database that is not empty: refused, nothing written.
			before, _ := mid.Check(ctx)
			if _, err := storage.Copy(ctx, mid, src); err == nil || !strings.Contains(err.Error(), "not empty") {
				t.Errorf("copy into a full database: %v", err)
			}
			if after, _ := mid.Check(ctx); after.Digest != before.Digest {
				t.Error("the refused copy changed the destination")
			}
		})
	}
}

// TestCopyStopsAtDamage: a record that does not decode stops the copy
// with an error naming it, and the destination stays empty.
func TestCopyStopsAtDamage(t *testing.T) {
	for _, b := range testBackends {
		t.Run(b.name, func(t *testing.T) {
			if b.name == "postgres" && !pgtest.Available() {
				t.Skip(pgtest.SkipMessage)
			}
			db := b.newDB(t)
			s := b.openAt(t, db, storage.Options{})
			ids := populate(t, s, 5)
			s.Close()
			b.putRecord(t, db, "games", uint64(ids[3]), `{"id":4,"variant":"copenhagen","attackers":{"user":"a"},"defenders":{"user":"b"},"moves":["a1-a2"],"result":"ongoing"}`)
			src := b.openAt(t, db, storage.Options{ReadOnly: true})
			dst, _ := testBackends[0].open(t)
			_, err := storage.Copy(t.Context(), dst, src)
			if !errors.Is(err, storage.ErrCorrupt) || !strings.Contains(err.Error(), "move 1") {
				t.Fatalf("copy of a damaged database: %v", err)
			}
			if rep, err := dst.Check(t.Context()); err != nil || rep.Games != 0 {
				t.Errorf("the destination after a failed copy: %v %+v", err, rep)
			}
		})
	}
}

// TestCopyIntoADatabaseATaflbotStartedOn: a destination holding nothing
// but untried starter puzzles (what a taflbot's first start stores) is
// copied into: its puzzles are replaced by the source's (no duplicate of
// one both hold), both sides check the same, and new puzzle ids follow
// the source's. One with a server's puzzle, a starter puzzle someone
// tried, or any other record is refused as not empty and left as it was.
func TestCopyIntoADatabaseATaflbotStartedOn(t *testing.T) {
	for _, b := range testBackends {
		t.Run(b.name, func(t *testing.T) {
			if b.name == "postgres" && !pgtest.Available() {
				t.Skip(pgtest.SkipMessage)
			}
			ctx := t.Context()
			src, clk := testBackends[0].open(t)
			fillAll(t, src, clk)
			other := func(guild string) *storage.Puzzle {
				p := testPuzzle(guild)
				p.Position = "/7/7/1t5/t5t/3T3/1TK4/2t1T2/"
				return p
			}
			// started: a taflbot's first start, with the starter puzzle
			// src holds too and one src does not.
			started := func() *storage.Store {
				dst := b.openAt(t, b.newDB(t), storage.Options{Now: clk.Now})
				if n, err := dst.AddPuzzles(ctx, []*storage.Puzzle{other(""), testPuzzle("")}); err != nil || n != 2 {
					t.Fatalf("the starter puzzles: %d %v", n, err)
				}
				return dst
			}

			dst := started()
			if err := storage.CanCopyInto(ctx, dst); err != nil {
				t.Errorf("CanCopyInto a database holding the starter puzzles: %v", err)
			}
			rep, err := storage.Copy(ctx, dst, src)
			if err != nil {
				t.Fatalf("copy into a database holding the starter puzzles: %v", err)
			}
			if rep.StarterReplaced != 2 || rep.Puzzles != 2 {
				t.Errorf("report %+v, want 2 starter puzzles replaced by 2", rep)
			}
			want, _ := src.Check(ctx)
			got, err := dst.Check(ctx)
			if err != nil || !got.OK() || got.Digest != want.Digest || got.Puzzles != 2 {
				t.Errorf("after the copy: %v %+v, want the source's %+v", err, got, want)
			}
			if p, err := dst.GetPuzzle(ctx, 1); err != nil || p.Attempts != 1 || p.GuildID != "" {
				t.Errorf("puzzle 1 after the copy: %+v %v, want the source's, tried once", p, err)
			}
			np := other("")
			if added, err := dst.AddPuzzle(ctx, np); err != nil || !added || np.ID != 3 {
				t.Errorf("the replaced starter puzzle again: id %d, %v %v; want new id 3", np.ID, added, err)
			}

			refused := map[string]func(*storage.Store){
				"a server's puzzle": func(s *storage.Store) {
					p := testPuzzle("g1")
					p.ToMove = tafl.Attackers
					if added, err := s.AddPuzzle(ctx, p); err != nil || !added {
						t.Fatal(added, err)
					}
				},
				"a tried starter puzzle": func(s *storage.Store) {
					if _, err := s.RecordPuzzleAttempt(ctx, "g1", "111", 1, false, ""); err != nil {
						t.Fatal(err)
					}
				},
				"a game": func(s *storage.Store) { populate(t, s, 1) },
			}
			for what, add := range refused {
				dst := started()
				add(dst)
				before, _ := dst.Check(ctx)
				if err := storage.CanCopyInto(ctx, dst); err == nil || !strings.Contains(err.Error(), "not empty") {
					t.Errorf("CanCopyInto a database holding %s: %v", what, err)
				}
				if _, err := storage.Copy(ctx, dst, src); err == nil || !strings.Contains(err.Error(), "is not empty: copy into a new database") {
					t.Errorf("copy into a database holding %s: %v", what, err)
				}
				if after, _ := dst.Check(ctx); after.Digest != before.Digest || after.Puzzles != before.Puzzles {
					t.Errorf("the refused copy into a database holding %s changed it", what)
				}
			}
		})
	}
}
